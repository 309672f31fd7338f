"""The one error root: every mistake a user can make is a subclass of :class:`CoincheError`.

The command line turns any of them into one line on stderr; ``exit_code`` says which code
(2 for bad input, 1 for an operation that failed).  The subclasses say *which* kind of bad:

- :class:`InputError` (and :class:`DealError`): a value the user typed, named by its field;
- :class:`OperationError` (:class:`GameError`, :class:`TournamentError`): an operation
  refused, a sentence and the values it shows;
- :class:`RulesError`: a rules file, with every :class:`Problem` found in it;
- :class:`RowsRefused`: a file or batch refused, one line per bad row;
- :class:`StoreError`, :class:`ExportFailed`: the store or a file could not be used.
"""

from collections.abc import Sequence
from typing import Literal, assert_never, cast

from coinche_cli.i18n import _, ngettext
from coinche_cli.values import Value

#: How many bad rows a refusal lists before "… and N more".
MAX_ROWS = 20


class CoincheError(ValueError):
    """Base of every error a user can cause."""

    exit_code = 2

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


#: The values a sentence quotes (“{got}” in English, « {got} » in French): what a user typed
#: or a file holds, shown at most 80 characters long and with its control characters escaped
#: (a sentence names every value it quotes with one of these: tests/test_quotes.py checks it).
QUOTED = ("got", "name", "given", "team", "typed", "suggestion", "first", "second", "other",
          "earlier", "value", "header", "parent")


def escaped_text(text: str) -> str:
    """``text`` with every character a terminal would not print as itself (a control
    character, an escape sequence's ESC, a line break, a direction override) escaped as
    Python writes it (``\\x1b``, ``\\n``): a value is data, it must not move the cursor."""
    if text.isprintable():  # most texts: nothing to escape
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def filled(message: str, **values: object) -> str:
    """``message`` (a sentence in the language in force) with its placeholders filled as
    every refusal fills them: each text of :data:`QUOTED` cut to 80 characters (a
    5,000-character name must not flood the terminal) and :func:`escaped_text`."""
    return message.format(**_quoted(values))


def _quoted(values: dict[str, object]) -> dict[str, object]:
    """``values`` with every text of :data:`QUOTED` as a sentence quotes it."""
    for key in QUOTED:
        value = values.get(key)
        if isinstance(value, str):
            if len(value) > 80:
                value = value[:79] + "…"
            values[key] = escaped_text(value)
    return values


#: The fields a refusal names in words: a deal's JSON fields and the options that give them.
#: Any other field (an option such as ``--lang``, a variable such as ``COINCHE_LANG``, an
#: argument's position already in words) is shown as it is named.
Field = Literal["deal", "taker", "contract", "trump", "coinche", "points", "capot", "generale",
                "belote", "announces", "announce_winner", "dealer", "team", "players", "sep",
                "path", "source", "destination", "player", "licence", "coinched_by"]
FIELDS: frozenset[str] = frozenset(Field.__args__)  # type: ignore[attr-defined]


def field_words(field: str) -> str:
    """How a refusal names ``field``: in words for the fields of :data:`Field`, else as
    given."""
    return _field_words(cast(Field, field)) if field in FIELDS else field


def _field_words(field: Field) -> str:
    match field:
        case "deal":
            return _("deal")
        case "taker":
            return _("taker")
        case "contract":
            return _("contract")
        case "trump":
            return _("trump")
        case "coinche":
            return _("coinche")
        case "points":
            return _("points")
        case "capot":
            return _("capot")
        case "generale":
            return _("generale")
        case "belote":
            return _("belote")
        case "announces":
            return _("announces")
        case "announce_winner":  # what the scorekeeper types, in every language
            return "--announce-winner"
        case "dealer":
            return _("dealer")
        case "team":
            return _("team")
        case "players":
            return _("players")
        case "sep":
            return _("sep")
        case "path":
            return _("path")
        case "source":
            return _("source")
        case "destination":
            return _("destination")
        case "player":
            return _("player")
        case "licence":
            return _("licence")
        case "coinched_by":  # what the scorekeeper types, in every language
            return "--coinched-by"
        case unreachable:
            assert_never(unreachable)


class InputError(CoincheError):
    """A value the user gave that cannot be used; ``field`` names it (``taker: …``) and
    ``message`` says why, a sentence in the language in use whose ``{placeholders}`` the
    ``values`` fill (what the user typed quoted at most 80 characters long)."""

    def __init__(self, field: str, message: str, **values: object) -> None:
        self.field = field
        super().__init__(_("{field}: {message}").format(
            field=field_words(field), message=filled(message, **values)))


class DealError(InputError):
    """A deal that is malformed, or not allowed by the variant."""


class OperationError(CoincheError):
    """An operation refused: a sentence in the language in use, and the values it shows."""

    def __init__(self, message: str, **values: object) -> None:
        self.values = _quoted(values)
        super().__init__(message.format(**self.values))


class GameError(OperationError):
    """A game operation that cannot be done: unknown game, finished game, nothing to undo."""


class TournamentError(OperationError):
    """A tournament operation refused: unknown team, round not complete, closed round…"""


class Problem(Value):
    """One problem of a rules file: where it is (file, line), the dotted key, the reason."""

    __slots__ = ("file", "key", "line", "reason")

    def __init__(self, file: str, line: int, key: str, reason: str) -> None:
        self.file = file
        self.line = line
        self.key = key
        self.reason = reason

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}: " if self.file else ""
        return f"{where}{self.key}: {self.reason}" if self.key else f"{where}{self.reason}"


class RulesError(CoincheError):
    """A rules file (or name) that cannot be used; ``problems`` lists every one found,
    sorted by file and line."""

    def __init__(self, problems: list[Problem]) -> None:
        problems = sorted(problems, key=lambda p: (p.file, p.line))
        first = str(problems[0]) if problems else ""
        more = len(problems) - 1
        # one line for a command that was only using the rules; `rules validate` lists all
        text = first if more <= 0 else _("{first} (and {more} more: see coinche rules "
                                         "validate)").format(first=first, more=more)
        super().__init__(text)
        self.problems = problems


class RowsRefused(CoincheError):
    """Input refused for some of its rows (a file, a batch): a summary line, then one line per
    bad row, at most :data:`MAX_ROWS` of them, then how many more; ``problems`` keeps every
    row."""

    def __init__(self, summary: str, problems: Sequence[str]) -> None:
        lines = [summary, *problems[:MAX_ROWS]]
        if len(problems) > MAX_ROWS:
            more = len(problems) - MAX_ROWS
            lines.append(ngettext("… and {count} more", "… and {count} more", more).format(
                count=more))
        super().__init__("\n".join(lines))
        self.summary = summary
        self.problems = list(problems)


class StoreError(CoincheError):
    """The store could not be opened or written."""

    exit_code = 1


class ExportFailed(CoincheError):
    """A file could not be written: a missing folder, no permission, a file open elsewhere."""

    exit_code = 1
