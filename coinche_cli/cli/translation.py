"""The command line in the language in use: help pages, and the refusals Typer's parser writes.

Help pages.  The help texts are written in English where each command is defined (marked
with ``N_`` for Babel) and translated here, when a help page is drawn: translating them when
every command is defined would cost each deal at the table a lookup per option of its
group.  Typer's copy of Click writes its own words (``Usage:``, ``Options``, ``Show this
message and exit.``) as plain English literals, not through gettext, so they are replaced
too: the help option's text and the usage line by the classes below, the help panels'
titles when a page is drawn.

A command line Typer could not parse.  Typer's copy of Click builds these messages as
English f-strings (no gettext), so the English text is read back into its parts and told
again with a sentence of our own (:func:`translated`), only on the error path.  A message no
pattern knows is shown as Click wrote it.

Only ``--help`` (and a group named without a command) or a refused command line loads this
module.
"""

import re
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


# ---------------------------------------------- what Typer's parser refuses

#: The problems a parameter's value can have, as Click words them, and our message for each.
_VALUE_PROBLEMS = (
    (r"(?P<value>'.*') is not a valid (?:integer|int range)\.", "click.not_integer"),
    (r"(?P<value>'.*') is not a valid (?:float|float range)\.", "click.not_number"),
    (r"(?P<value>.*) is not in the range (?P<range>.*)\.", "click.out_of_range"),
    (r"(?P<value>'.*') is not one of (?P<choices>.*)\.", "click.not_a_choice"),
    (r"(?P<value>'.*') is not a valid boolean\. .*", "click.not_boolean"),
)

#: Whole messages, as Click words them, and ours.
_MESSAGES = (
    (r"No such option: (?P<name>\S+)(?: \(Possible options: (?P<options>.*)\))?",
     "click.no_such_option"),
    (r"Missing argument (?P<name>.+?)\.(?: .*)?", "click.missing_argument"),
    (r"Missing option (?P<name>.+?)\.(?: .*)?", "click.missing_option"),
    (r"Option (?P<name>'.+?') requires an argument\.", "click.needs_value"),
    (r"Option (?P<name>'.+?') requires (?P<count>\d+) arguments\.", "click.needs_values"),
    (r"Option (?P<name>'.+?') does not take a value\.", "click.no_value"),
    (r"Got unexpected extra argument(?:s|\(s\))? \((?P<args>.*)\)", "click.extra_arguments"),
    (r"No such command (?P<name>'.+?')\.", "click.no_such_command"),
)


def _metavar(name: str) -> str:
    """A quoted argument's name as its help shows it (``'NAME'`` is ``'NOM'`` in French);
    an option (``'--players'``) as it is typed."""
    bare = name.strip("'")
    if bare and bare.isupper() and not bare.startswith("-"):
        return name.replace(bare, _(bare))
    return name


def translated(text: str) -> str:
    """Click's message ``text`` in the language in use (as it is when no pattern fits)."""
    found = re.fullmatch(r"Invalid value for (?P<name>.+?): (?P<problem>.*)", text, re.S)
    if found:
        problem = found["problem"]
        for pattern, key in _VALUE_PROBLEMS:
            part = re.fullmatch(pattern, problem, re.S)
            if part:
                problem = msg(key, **part.groupdict(default=""))
                break
        return msg("click.invalid_value", name=_metavar(found["name"]), problem=problem)
    for pattern, key in _MESSAGES:
        found = re.fullmatch(pattern, text, re.S)
        if found:
            values = found.groupdict(default="")
            values["name"] = _metavar(values.get("name", ""))
            if key == "click.no_such_option" and values["options"]:
                key = "click.no_such_option_suggest"
            return msg(key, **values)
    return text
