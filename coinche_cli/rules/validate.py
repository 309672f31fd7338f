"""Validate a rules document: every key checked against the schema
(:mod:`coinche_cli.rules.schema`), every problem reported at once (file, line, dotted key,
reason), then the frozen :class:`~coinche_cli.rules.model.Rules`.

The typed readers of :class:`Validator` report a problem and return a usable fallback, so one
pass finds every problem of a file.  Every number is at most :data:`MAX_NUMBER`, and a problem
quotes at most 80 characters of what the file says (:class:`Shown`, :func:`shown_key`).
"""

from pathlib import Path
from typing import Any, TypeVar

from coinche_cli.errors import InputError, Problem, RulesError
from coinche_cli.i18n import N_, _
from coinche_cli.names import check_name, echo, fold
from coinche_cli.rules.choices import (
    BELOTE_TO,
    BOTH_OVER,
    CONDITION_ORDER,
    DIRECTIONS,
    REACHES,
    ROUNDINGS,
    TERMS,
    TIES,
)
from coinche_cli.rules.model import (
    ANNOUNCE_ALIASES,
    ANNOUNCE_KINDS,
    RANKS,
    SUITS,
    EndRule,
    Mode,
    Rules,
    ScoreTable,
    SideTerms,
    canonical_announce,
)
from coinche_cli.rules.schema import REQUIRED, SCHEMA  # SCHEMA: still importable from here

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
    return text if text.isprintable() else repr(text)[1:-1]


def shown_text(text: str) -> str:
    """``text`` from a file as an error quotes it: :func:`escaped`, at most 80 characters."""
    return echo(escaped(text))


def shown_key(at: Path_) -> str:
    """A dotted key as an error line names it, each part as :func:`shown_text` shows it."""
    return ".".join(shown_text(part) for part in at)


class Shown:
    """A value from the file as a message quotes it (``{got!r}``, ``{got}``): at most 80
    characters, so a 5,000-character key or a megabyte list cannot flood the terminal."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        return echo(repr(self.value))

    def __str__(self) -> str:
        return shown_text(str(self.value))


#: The values of a message that quote the file (the rest are the format's own words).
_QUOTED = ("got", "first", "second")


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


def rules_from_document(data: dict[str, Any], label: str = "<snapshot>") -> Rules:
    """Rebuild rules from a stored snapshot (the ``document`` of a validated :class:`Rules`).

    This is what every ``game add`` runs, so it lives here rather than in the loader: reading
    a stored game needs no YAML and no rules file.
    """
    problems: list[Problem] = []
    rules = Validator(Document(data, {(): (label, 1)}), label, problems).build()
    if problems or rules is None:
        raise RulesError(problems)
    return rules


class Validator:
    """Walks a merged document, collecting every problem, and builds the :class:`Rules`."""

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
        shown = {name: Shown(value) if name in _QUOTED else value
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

    def check_keys(self, node: Any, schema: dict[str, Any], at: Path_) -> None:
        if not isinstance(node, dict):
            self.fail(at, _("expected a mapping of keys, got {got}"), got=type(node).__name__)
            return
        for key, value in node.items():
            if key not in schema:
                self.fail((*at, key), _("unknown key (expected one of: {expected})"),
                          expected=", ".join(schema))
            elif isinstance(schema[key], dict) and value is not None:
                self.check_keys(value, schema[key], (*at, key))

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
            self.fail(at, _("expected {expected}, got {got!r}"), expected=_("a whole number"),
                      got=value)
            return default
        if value < minimum:
            self.fail(at, _("must be {condition}, got {got!r}"), condition=f">= {minimum}",
                      got=value)
            return default
        if value > MAX_NUMBER:
            self.fail(at, _("must be {condition}, got {got!r}"), condition=f"<= {MAX_NUMBER}",
                      got=value)
            return default
        return value

    def _typed(self, at: Path_, kinds: type | tuple[type, ...], expected: str) -> Any:
        """The value at ``at`` if it is one of ``kinds``; None when missing or reported."""
        value = self.get(at)
        if value is not None and not isinstance(value, kinds):
            self.fail(at, _("expected {expected}, got {got!r}"), expected=_(expected), got=value)
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
        self.fail(at, _("expected one of {choices}, got {got!r}"), choices=", ".join(allowed),
                  got=value)
        return default

    def card_table(self, at: Path_) -> dict[str, int]:
        value = self.get(at)
        if value is None:
            self.fail(at, _("required key is missing"))
            return {}
        if not isinstance(value, dict):
            self.fail(at, _("expected {expected}, got {got!r}"),
                      expected=_("a table of card: points"), got=value)
            return {}
        table: dict[str, int] = {}
        for raw in value:
            typed = str(raw).upper()
            rank = RANK_ALIASES.get(typed, typed)
            if rank not in RANKS:
                self.fail((*at, str(raw)), _("unknown card {got!r} (cards are 7 8 9 10 J Q K A)"),
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
    ) -> tuple[str | int, ...]:
        value = self.get(at)
        if value is None:
            return default
        if not isinstance(value, list):
            self.fail(at, _("expected {expected}, got {got!r}"),
                      expected=_("a list of score terms"), got=value)
            return default
        out: list[str | int] = []
        for item in value:
            fixed = numbers and isinstance(item, int) and not isinstance(item, bool) and item >= 0
            if fixed and item > MAX_NUMBER:
                self.fail(at, _("must be {condition}, got {got!r}"), condition=f"<= {MAX_NUMBER}",
                          got=item)
            elif fixed or (isinstance(item, str) and item in allowed):
                out.append(item)
            else:
                terms = ", ".join(allowed) + (", or a number" if numbers else "")
                self.fail(at, _("unknown score term {got!r} (terms are: {terms})"), got=item,
                          terms=terms)
        return tuple(out)

    # -- the whole document

    def build(self) -> Rules | None:
        self.check_keys(self.data, SCHEMA, ())
        for key in REQUIRED:
            if self.get((key,)) is None:
                self.fail((key,), _("required key is missing"))
        name = self.text(("name",), "") or Path(self.label).stem
        players = self.players()
        trump = self.card_table(("cards", "trump"))
        plain = self.card_table(("cards", "plain"))
        dix = self.integer(("cards", "dix_de_der"), 10) or 0
        bid_min = self.integer(("bids", "min"), 80, required=True) or 0
        bid_max = self.integer(("bids", "max"), 160, required=True) or 0
        bid_step = self.integer(("bids", "step"), 10, minimum=1) or 10
        if bid_max < bid_min or (bid_max - bid_min) % bid_step:
            self.fail(("bids", "max"), _("bids.max ({max}) must be at least bids.min ({min}) on "
                                         "the step of {step}"),
                      min=bid_min, max=bid_max, step=bid_step)
        modes = self.modes(trump, plain, dix, bid_max)
        generale = self.integer(("bids", "generale"))
        if generale is not None and players != (4,):
            self.fail(("bids", "generale"), _("générale needs a team game"))
        announces, labels = self.announces()
        rounding = self.choice(("rounding", "method"), ROUNDINGS, "none")
        last_deal = self.get(("rounding", "last_deal"))
        if last_deal not in (None, "rounded", "exact"):
            self.fail(("rounding", "last_deal"), _("expected one of {choices}, got {got!r}"),
                      choices="rounded, exact", got=last_deal)
        if rounding == "complementary" and players != (4,):
            self.fail(("rounding", "method"), _("expected one of {choices}, got {got!r}"),
                      got=rounding,
                      choices="none, five_up, six_up, nearest_five (complementary needs 2 teams)")
        reach = self.terms(("made_if", "reach_bid_with"), ("points", "belote", "announces"),
                           allowed=("points", "belote", "announces"), numbers=False)
        multiplied = self.multiplied()
        belote_to = self.choice(("belote", "goes_to"), BELOTE_TO, "holder")
        if belote_to == "winner" and players != (4,):
            self.fail(("belote", "goes_to"), _("expected one of {choices}, got {got!r}"),
                      got=belote_to, choices="holder (winner needs two teams)")
        score = self.score_table()
        end = self.end_rule()
        return Rules(
            name=name,
            title=self.text(("title",), name),
            source=self.text(("source",), ""),
            players=players,
            direction=self.choice(("direction",), DIRECTIONS, "clockwise"),
            dix_de_der=dix,
            trump_cards=trump,
            plain_cards=plain,
            modes=modes,
            bid_min=bid_min,
            bid_max=bid_max,
            bid_step=bid_step,
            capot_value=self.integer(("bids", "capot")),
            generale_value=generale,
            belote_value=self.integer(("belote", "value"), 20) or 0,
            belote_to=belote_to,
            announces=announces,
            announce_names=labels,
            best_announce_only=self.boolean(("announces", "best_only"), True),
            reach_bid_with=tuple(str(t) for t in reach),
            min_points=self.integer(("made_if", "min_points")),
            beat_defence=self.boolean(("made_if", "beat_defence"), False),
            coinche_factors=(
                self.integer(("multiplier", "coinche"), 2, minimum=1) or 2,
                self.integer(("multiplier", "surcoinche"), 4, minimum=1) or 4,
            ),
            multiplied=multiplied,
            score=score,
            capot_card_points=self.integer(("capot", "card_points")),
            capot_bonus=self.integer(("capot", "bonus"), 0) or 0,
            capot_bonus_on_bid=self.boolean(("capot", "bonus_on_capot_bid"), True),
            rounding=rounding,
            rounding_total=self.integer(("rounding", "total"), 160) or 0,
            last_deal_exact=last_deal == "exact",
            end=end,
            document=self.data,
            path=self.label,
        )

    def players(self) -> tuple[int, ...]:
        value = self.get(("players",))
        counts = value if isinstance(value, list) else [value]
        ok = all(isinstance(c, int) and not isinstance(c, bool) for c in counts) and (
            counts == [4] or (counts and set(counts) <= {2, 3} and len(set(counts)) == len(counts))
        )
        if value is not None and not ok:
            self.fail(("players",), _("players must be 4, or 2 and/or 3 (chien), got {got!r}"),
                      got=value)
        return tuple(counts) if ok else (4,)

    def modes(
        self, trump: dict[str, int], plain: dict[str, int], dix: int, bid_max: int
    ) -> dict[str, Mode]:
        section = self.get(("modes",))
        modes: dict[str, Mode] = {}
        if not isinstance(section, dict):
            return modes
        if not section:
            self.fail(("modes",), _("at least one mode (suits, SA or TA) is required"))
        if section.get("suits", 0) is not None and "suits" in section:
            total = sum(trump.values()) + 3 * sum(plain.values()) + dix
            for suit in SUITS:
                modes[suit] = self.mode(("modes", "suits"), suit, total, bid_max, belotes=1)
        for code in ("SA", "TA"):
            if section.get(code) is not None:
                cards = self.card_table(("modes", code, "cards"))
                total = 4 * sum(cards.values()) + dix
                modes[code] = self.mode(("modes", code), code, total, bid_max, belotes=0)
        return modes

    def mode(self, at: Path_, code: str, total: int, bid_max: int, belotes: int) -> Mode:
        return Mode(
            code=code,
            total=total,
            failure_base=self.integer((*at, "failure_base"), total) or 0,
            max_bid=self.integer((*at, "max_bid"), bid_max) or 0,
            belotes=self.integer((*at, "belotes"), belotes) or 0,
        )

    def announces(self) -> tuple[dict[str, int] | None, dict[str, str]]:
        values = self.get(("announces", "values"))
        if self.get(("announces",)) is None or values is None:
            return None, {}
        at = ("announces", "values")
        if not isinstance(values, dict):
            self.fail(at, _("expected {expected}, got {got!r}"),
                      expected=_("a table of announce: points"), got=values)
            return None, {}
        table: dict[str, int] = {}
        labels: dict[str, str] = {}
        given_as: dict[str, str] = {}
        plain_carres = ("carre-A", "carre-10", "carre-K", "carre-Q")
        # the generic "carre" first, so that "carre-K: 150" overrides it in any order
        ordered = sorted(values, key=lambda raw: fold(str(raw)) != "carre")
        for raw in ordered:
            if values[raw] is None:  # "cent: null" in a child file removes the announce
                continue
            canonical = canonical_announce(str(raw))
            if canonical is None:
                known = ", ".join([*ANNOUNCE_KINDS, *ANNOUNCE_ALIASES])
                self.fail((*at, str(raw)), _("unknown announce {got!r} (announces are: {known})"),
                          got=raw, known=known)
                continue
            generic = fold(str(raw)) == "carre"
            if canonical in given_as and not generic and given_as[canonical] != "carre":
                self.fail((*at, str(raw)), _("{first!r} and {second!r} are the same announce; "
                                             "give one"), first=given_as[canonical], second=raw)
                continue
            value = self.integer((*at, str(raw)), 0) or 0
            for member in plain_carres if generic else (canonical,):
                table[member] = value
                labels[member] = "carre" if generic else str(raw)
                given_as[member] = "carre" if generic else str(raw)
        return table, labels

    def multiplied(self) -> frozenset[str]:
        value = self.get(("multiplier", "applies_to"))
        if value == "all":
            return frozenset(TERMS) | {"fixed"}
        # "fixed" multiplies the numbers written in score lists (forfaits)
        terms = self.terms(("multiplier", "applies_to"), ("contract",),
                           allowed=(*TERMS, "fixed"), numbers=False)
        return frozenset(str(t) for t in terms if isinstance(t, str))

    def score_table(self) -> ScoreTable:
        made = SideTerms(self.terms(("score", "made", "takers")),
                         self.terms(("score", "made", "defenders")))
        failed = SideTerms(self.terms(("score", "failed", "takers")),
                           self.terms(("score", "failed", "defenders")))
        overrides: dict[tuple[str, str, str], tuple[str | int, ...]] = {}
        for condition in CONDITION_ORDER:
            for outcome in ("made", "failed"):
                for side in ("takers", "defenders"):
                    at = ("score", condition, outcome, side)
                    if self.get(at) is not None:
                        overrides[(condition, outcome, side)] = self.terms(at)
        return ScoreTable(made=made, failed=failed, overrides=overrides)

    def end_rule(self) -> EndRule:
        target = self.integer(("end", "target"), minimum=1)
        deals = self.integer(("end", "deals"), minimum=1)
        time_limit = self.integer(("end", "time_limit"), minimum=1)
        given = self.get(("end",))
        stated = isinstance(given, dict) and any(
            given.get(key) is not None for key in ("target", "deals", "time_limit"))
        if given is not None and not stated:
            self.fail(("end",), _("give end.target, end.deals or end.time_limit"))
        return EndRule(
            target=target,
            deals=deals,
            reach=self.choice(("end", "reach"), REACHES, "at_least"),
            both_over=self.choice(("end", "both_over"), BOTH_OVER, "higher_total"),
            tie=self.choice(("end", "tie"), TIES, "play_on"),
            time_limit=time_limit,
        )

