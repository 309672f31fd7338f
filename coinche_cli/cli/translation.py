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
from typing import Any, cast

from typer.core import TyperArgument, TyperCommand, TyperGroup

from coinche_cli.i18n import N_, _


def _localize_panels() -> None:
    # the help panels' titles are module constants of typer.rich_utils, imported only to
    # draw a help page
    from typer import rich_utils

    rich_utils.ARGUMENTS_PANEL_TITLE = _("Arguments")
    rich_utils.OPTIONS_PANEL_TITLE = _("Options")
    rich_utils.COMMANDS_PANEL_TITLE = _("Commands")
    rich_utils.DEFAULT_STRING = _("[default: {}]")
    rich_utils.ENVVAR_STRING = _("[env var: {}]")
    rich_utils.REQUIRED_LONG_STRING = _("[required]")
    # an option's range ("[1<=x<=1000000000]") is Click's notation, not a word: its refusal
    # says the range in words when a value is out of it
    rich_utils.RANGE_STRING = ""
    from coinche_cli.cli.output import colour_refused

    if colour_refused():  # NO_COLOR, --no-color: not one escape code, even with FORCE_COLOR
        rich_utils.COLOR_SYSTEM = None


def _translate(command: Any) -> None:
    """``command``'s help, its parameters' help and metavars, in the language in use (an
    option without a metavar of its own gets its type's word, not Typer's ``<str>``)."""
    if command.help:
        command.help = _(command.help)
    for param in command.params:
        if getattr(param, "help", None):
            param.help = _(param.help)
        if getattr(param, "rich_help_panel", None):  # a panel of its own (the root's)
            param.rich_help_panel = _(param.rich_help_panel)
        if isinstance(param, TyperArgument):
            # the argument's own name says what it is (DEAL, NAME): no type beside it
            param.type = cast(Any, _Untyped(param.type))
        if getattr(param, "metavar", None):
            param.metavar = _(param.metavar)
        elif getattr(param, "is_flag", True) is False:  # an option that takes a value
            param.metavar = _type_word(param.type)


def _type_word(kind: Any) -> str:
    """The word an option's value is shown by in its help: a number, a path, a text (by the
    names of the types of Typer's own copy of Click)."""
    names = {cls.__name__ for cls in type(kind).__mro__}
    if names & {"IntParamType", "FloatParamType"}:
        return "N"
    if "Path" in names:
        return _("PATH")
    if "Choice" in names:
        return "[" + "|".join(map(str, kind.choices)) + "]"
    return _("TEXT")


class _Untyped:
    """An argument's type, drawn in a help page without its ``<str>``: every other call goes
    to the type itself (the help page is the last thing the command does)."""

    def __init__(self, kind: Any) -> None:
        self._kind = kind

    def get_metavar(self, *args: Any, **kwargs: Any) -> str:
        return ""

    def __getattr__(self, name: str) -> Any:
        return getattr(self._kind, name)


class Localized:
    """What every command and group of ``coinche`` does differently from Typer's when its
    help is drawn (a mix-in: first among the bases)."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = _("Show this message and exit.")
        return option

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_("Usage: "))

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

#: The problems a parameter's value can have, as Click words them, and our sentence for each
#: (marked here, put into words when a refusal is shown).
_VALUE_PROBLEMS = (
    (r"(?P<value>'.*') is not a valid (?:integer|int range)\.",
     N_("{value} is not a whole number")),
    (r"(?P<value>'.*') is not a valid (?:float|float range)\.", N_("{value} is not a number")),
    (r"(?P<value>.*) is not in the range (?P<low>-?\d+)<=x<=(?P<high>-?\d+)\.",
     N_("{value} is not between {low} and {high}")),
    (r"(?P<value>.*) is not in the range x>=(?P<low>-?\d+)\.",
     N_("{value} is not {low} or more")),
    (r"(?P<value>.*) is not in the range x<=(?P<high>-?\d+)\.",
     N_("{value} is not {high} or less")),
    (r"(?P<value>.*) is not in the range (?P<range>.*)\.",
     N_("{value} is not in the range {range}")),
    (r"(?P<value>'.*') is not one of (?P<choices>.*)\.", N_("{value} is not one of {choices}")),
    (r"(?P<value>'.*') is not a valid boolean\. .*", N_("{value} is neither yes nor no")),
)

#: Whole messages, as Click words them, and ours.
_MESSAGES = (
    (r"No such option: (?P<name>\S+)(?: \(Possible options: (?P<options>.*)\))?",
     N_("no such option: {name}")),
    (r"Missing argument (?P<name>.+?)\.(?: .*)?", N_("missing argument {name}")),
    (r"Missing option (?P<name>.+?)\.(?: .*)?", N_("missing option {name}")),
    (r"Option (?P<name>'.+?') requires an argument\.", N_("option {name} needs a value")),
    (r"Option (?P<name>'.+?') requires (?P<count>\d+) arguments\.",
     N_("option {name} needs {count} values")),
    (r"Option (?P<name>'.+?') does not take a value\.", N_("option {name} takes no value")),
    (r"Got unexpected extra argument(?:s|\(s\))? \((?P<args>.*)\)",
     N_("unexpected extra words on the command line: {args}")),
    (r"No such command (?P<name>'.+?')\. Did you mean (?P<options>'.+?')\?",
     N_("no such command: {name} (did you mean {options}?)")),
    (r"No such command (?P<name>'.+?')\.", N_("no such command: {name}")),
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
        for pattern, ours in _VALUE_PROBLEMS:
            part = re.fullmatch(pattern, problem, re.S)
            if part:
                problem = _(ours).format(**part.groupdict(default=""))
                break
        return _("invalid value for {name}: {problem}").format(name=_metavar(found["name"]),
                                                               problem=problem)
    for pattern, ours in _MESSAGES:
        found = re.fullmatch(pattern, text, re.S)
        if found:
            values = found.groupdict(default="")
            values["name"] = _metavar(values.get("name", ""))
            if pattern == _MESSAGES[0][0] and values["options"]:  # "no such option", and a guess
                return _("no such option: {name} (did you mean {options}?)").format(**values)
            return _(ours).format(**values)
    return text
