"""A command line Typer could not parse, told in the language in use.

Typer's copy of Click builds these messages as English f-strings (no gettext), so the
English text is read back into its parts and told again with a message of our own.  Only on
the error path: the patterns are compiled when a command line is refused.  A message no
pattern knows is shown as Click wrote it.
"""

import re

from coinche_cli.i18n import _
from coinche_cli.messages import msg

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
