"""The typed readers of a rules document: each reads one key, reports a problem at the key's
file and line (:meth:`Reader.fail`) and returns a usable fallback, so that one pass of
:class:`~coinche_cli.rules.validate.Validator` finds every problem of a file.

Every number is at most :data:`MAX_NUMBER`, and a problem quotes at most 80 characters of what
the file says (:class:`Shown`, :func:`shown_key`).
"""

from typing import TYPE_CHECKING, Any, TypeVar

from coinche_cli.errors import QUOTED, InputError, Problem, escaped_text
from coinche_cli.i18n import N_, _
from coinche_cli.names import check_name, echo
from coinche_cli.rules.choices import NEGATED_TERMS, TERMS
from coinche_cli.rules.model import RANKS

if TYPE_CHECKING:
    from coinche_cli.rules.schema import Schema

#: The longest name, title or source a rules file may give.
MAX_TEXT = 200
_W = TypeVar("_W", bound=str)  # one of the words of a choice

Path_ = tuple[str, ...]  # a dotted key, as its parts
Where = tuple[str, int]  # file, line

#: The largest number a rules file may give anywhere (a card, a bid, a bonus, a target, a
#: factor): far above any real sheet, and small enough that every score stays exact.
MAX_NUMBER = 100_000


def escaped(text: str) -> str:
    """``text`` from a file or a command line within one line of an error: a control
    character or a line break escaped as Python writes it (``\\n``, ``\\x1b``)."""
    return escaped_text(text)


def shown_text(text: str) -> str:
    """``text`` from a file as an error quotes it: :func:`escaped`, at most 80 characters."""
    return echo(escaped(text))


def shown_key(at: Path_) -> str:
    """A dotted key as an error line names it, each part as :func:`shown_text` shows it."""
    return ".".join(shown_text(part) for part in at)


class Shown:
    """A value from the file as a message quotes it (“{got}”): :func:`shown_text`, so a
    5,000-character key or a megabyte list cannot flood the terminal."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __str__(self) -> str:
        return shown_text(str(self.value))


class Document:
    """Plain data from a rules file (merged with what it extends), with the line of every key.

    A plain class: it is built on every deal (a game's rules snapshot), where a NamedTuple's
    class creation would cost more than the rest of the module.
    """

    __slots__ = ("data", "lines")

    def __init__(self, data: Any, lines: dict[Path_, Where]) -> None:
        self.data = data
        self.lines = lines


RANK_ALIASES = {"V": "J", "D": "Q", "R": "K"}  # valet, dame, roi


class Reader:
    """A rules document with the line of every key, read key by key: every problem is
    collected in ``problems``."""

    def __init__(self, document: Document, label: str, problems: list[Problem]) -> None:
        self.data = document.data
        self.lines = document.lines
        self.label = label
        self.problems = problems

    # -- reporting

    def where(self, at: Path_) -> Where:
        """The file and line of ``at``, or of its nearest parent that has one."""
        for cut in range(len(at), -1, -1):
            if at[:cut] in self.lines:
                return self.lines[at[:cut]]
        return (self.label, 1)

    def fail(self, at: Path_, message: str, **values: Any) -> None:
        """Report a problem at ``at``: ``message`` (a sentence in the language in force) with
        ``values`` filled in."""
        shown = {name: Shown(value) if name in QUOTED else value
                 for name, value in values.items()}
        self.problems.append(Problem(*self.where(at), shown_key(at), message.format(**shown)))

    def get(self, at: Path_) -> Any:
        """The value at ``at``; None when it, or a mapping on the way, is missing."""
        node: Any = self.data
        for key in at:
            if not isinstance(node, dict):
                return None
            node = node.get(key)  # None: missing (a null value reads as missing too)
        return node

    # -- typed readers (each returns a usable fallback after reporting)

    def check_keys(self, node: Any, schema: "Schema", at: Path_) -> None:
        if not isinstance(node, dict):
            self.fail(at, _("expected a mapping of keys, got {got}"), got=type(node).__name__)
            return
        for key, value in node.items():
            if key not in schema:
                self.fail((*at, key), _("unknown key (expected one of: {expected})"),
                          expected=", ".join(schema))
            elif (inner := schema[key]) is not None and value is not None:
                self.check_keys(value, inner, (*at, key))

    def integer(
        self, at: Path_, default: int | None = None, *, minimum: int = 0, required: bool = False
    ) -> int | None:
        """The whole number at ``at``, from ``minimum`` to :data:`MAX_NUMBER`; ``default``
        when it is missing or reported."""
        return self.whole(self.get(at), at, default, minimum=minimum, required=required)

    def whole(self, value: Any, at: Path_, default: int | None = None, *, minimum: int = 0,
              required: bool = False) -> int | None:
        """:meth:`integer` for a value already read from ``at``."""
        if value is None:
            if required:
                self.fail(at, _("required key is missing"))
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(at, _("expected {expected}, got “{got}”"), expected=_("a whole number"),
                      got=value)
            return default
        if value < minimum:
            self.fail(at, _("must be {condition}, got “{got}”"), condition=f">= {minimum}",
                      got=value)
            return default
        if value > MAX_NUMBER:
            self.fail(at, _("must be {condition}, got “{got}”"), condition=f"<= {MAX_NUMBER}",
                      got=value)
            return default
        return value

    def _typed(self, at: Path_, kinds: type | tuple[type, ...], expected: str) -> Any:
        """The value at ``at`` if it is one of ``kinds``; None when missing or reported."""
        value = self.get(at)
        if value is not None and not isinstance(value, kinds):
            self.fail(at, _("expected {expected}, got “{got}”"), expected=_(expected), got=value)
            return None
        return value

    def boolean(self, at: Path_, default: bool) -> bool:
        value = self._typed(at, bool, N_("true or false"))
        return default if value is None else bool(value)

    def text(self, at: Path_, default: str) -> str:
        """A text the commands print (name, title, source): no control characters."""
        value = self._typed(at, (str, int, float), N_("text"))
        if value is None:
            return default
        try:
            return check_name(str(value), ".".join(at), longest=MAX_TEXT)
        except InputError as exc:
            self.fail(at, _("{reason}"), reason=exc.text.split(": ", 1)[1])
            return default

    def choice(self, at: Path_, allowed: tuple[_W, ...], default: _W) -> _W:
        value = self.get(at)
        if value is None:
            return default
        for word in allowed:
            if word == str(value):
                return word
        self.fail(at, _("expected one of {choices}, got “{got}”"), choices=", ".join(allowed),
                  got=value)
        return default

    def card_table(self, at: Path_) -> dict[str, int]:
        value = self.get(at)
        if value is None:
            self.fail(at, _("required key is missing"))
            return {}
        if not isinstance(value, dict):
            self.fail(at, _("expected {expected}, got “{got}”"),
                      expected=_("a table of card: points"), got=value)
            return {}
        table: dict[str, int] = {}
        for raw in value:
            typed = str(raw).upper()
            rank = RANK_ALIASES.get(typed, typed)
            if rank not in RANKS:
                self.fail((*at, str(raw)), _("unknown card “{got}” (cards are 7 8 9 10 J Q K A)"),
                          got=raw)
                continue
            number = self.whole(value[raw], (*at, str(raw)), 0)
            table[rank] = number or 0
        missing = [rank for rank in RANKS if rank not in table]
        if missing and len(table) == len(value):
            self.fail(at, _("the table must give all eight cards; missing: {missing}"),
                      missing=" ".join(missing))
        return table

    def terms(
        self,
        at: Path_,
        default: tuple[str | int, ...] = (),
        *,
        allowed: tuple[str, ...] = TERMS,
        numbers: bool = True,
        signed: bool = False,
    ) -> tuple[str | int, ...]:
        """A list of score terms: words of ``allowed`` and, with ``numbers``, whole numbers
        (forfaits).  A ``signed`` list (a ``score`` list) may also subtract: ``-contract``,
        ``-80``."""
        value = self.get(at)
        if value is None:
            return default
        if not isinstance(value, list):
            self.fail(at, _("expected {expected}, got “{got}”"),
                      expected=_("a list of score terms"), got=value)
            return default
        words = (*allowed, *NEGATED_TERMS) if signed else allowed
        out: list[str | int] = []
        for item in value:
            fixed = (numbers and isinstance(item, int) and not isinstance(item, bool)
                     and (signed or item >= 0))
            if fixed and abs(item) > MAX_NUMBER:
                condition = f"<= {MAX_NUMBER}" if item > 0 else f">= {-MAX_NUMBER}"
                self.fail(at, _("must be {condition}, got “{got}”"), condition=condition,
                          got=item)
            elif fixed or (isinstance(item, str) and item in words):
                out.append(item)
            else:
                terms = ", ".join(allowed) + (", or a number" if numbers else "")
                self.fail(at, _("unknown score term “{got}” (terms are: {terms})"), got=item,
                          terms=terms)
        return tuple(out)

