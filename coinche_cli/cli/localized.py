"""Help pages in the language in use: the commands' texts and Typer's own words.

The help texts are written in English where each command is defined (marked with ``N_``
for Babel) and translated here, when a help page is drawn: translating them when every
command is defined would cost each deal at the table a lookup per option of its group.
Typer's copy of Click writes its own words (``Usage:``, ``Options``, ``Show this message
and exit.``) as plain English literals, not through gettext, so they are replaced too: the
help option's text and the usage line by the classes below, the help panels' titles when a
page is drawn.  Only ``--help`` (and a group named without a command) loads this module.
"""

from typing import Any

from typer.core import TyperCommand, TyperGroup

from coinche_cli.i18n import _
from coinche_cli.messages import msg, raw


def _localize_panels() -> None:
    # the help panels' titles are module constants of typer.rich_utils, imported only to
    # draw a help page
    from typer import rich_utils

    rich_utils.ARGUMENTS_PANEL_TITLE = msg("typer.arguments")
    rich_utils.OPTIONS_PANEL_TITLE = msg("typer.options")
    rich_utils.COMMANDS_PANEL_TITLE = msg("typer.commands")
    rich_utils.DEFAULT_STRING = raw("typer.default")
    rich_utils.ENVVAR_STRING = raw("typer.envvar")
    rich_utils.REQUIRED_LONG_STRING = raw("typer.required")


def _translate(command: Any) -> None:
    """``command``'s help, its parameters' help and metavars, in the language in use."""
    if command.help:
        command.help = _(command.help)
    for param in command.params:
        if getattr(param, "help", None):
            param.help = _(param.help)
        if getattr(param, "metavar", None):
            param.metavar = _(param.metavar)


class Localized:
    """What every command and group of ``coinche`` does differently from Typer's when its
    help is drawn (a mix-in: first among the bases)."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = msg("typer.help_option")
        return option

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=msg("typer.usage"))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _localize_panels()
        _translate(self)
        for sub in getattr(self, "commands", {}).values():  # a group lists its commands
            if sub.help:
                sub.help = _(sub.help)
        super().format_help(ctx, formatter)  # type: ignore[misc]


class LocalizedCommand(Localized, TyperCommand):
    """A ``coinche`` command."""


class LocalizedGroup(Localized, TyperGroup):
    """A group of ``coinche`` commands (``game``, ``tournament``, ``tournament team``)."""


def localize(app: Any) -> None:
    """``app`` (a Typer app), its sub-groups and their commands drawn with the classes
    above."""
    app.info.cls = LocalizedGroup
    for info in app.registered_commands:
        info.cls = LocalizedCommand
    for sub in app.registered_groups:
        if sub.typer_instance is not None:
            localize(sub.typer_instance)
