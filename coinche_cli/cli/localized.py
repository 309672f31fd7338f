"""Typer's own words (``Usage:``, ``Options``, ``Show this message and exit.``…) in the
language in use.

Typer's copy of Click writes these as plain English literals, not through gettext, so
they are replaced where they are used: the help option's text and the usage line by the
command classes below, the titles of the help panels when a help page is drawn.  The
messages themselves are in :mod:`coinche_cli.messages` (``typer.*``) and translated like the
others.
"""

from typing import Any

from typer.core import TyperCommand, TyperGroup

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


class _Localized:
    """What every command and group of ``coinche`` does differently from Typer's."""

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
        super().format_help(ctx, formatter)  # type: ignore[misc]


class LocalizedCommand(_Localized, TyperCommand):
    """A ``coinche`` command."""


class LocalizedGroup(_Localized, TyperGroup):
    """A group of ``coinche`` commands (``game``, ``tournament``, ``tournament team``)."""
