"""The rules a table plays, as data: loaded from a YAML file, validated, then frozen.

Every number a score uses lives in a :class:`Rules`; the scoring code holds none of its own.
The file format is documented key by key in ``docs/rules-format.md``.
"""


import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, cast

from coinche_cli.names import fold
from coinche_cli.rules.choices import (
    CONDITION_ORDER,
    BeloteTo,
    BothOver,
    Direction,
    Reach,
    Rounding,
    Tie,
)

RANKS: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
#: How many cards the shortest announce of each kind takes: a carré is a rank in every suit, a
#: sequence at least a tierce's three cards.
#: The carrés a generic ``carre`` names (in a rules file, and as a deal's announce).
PLAIN_CARRES: tuple[str, ...] = ("carre-A", "carre-10", "carre-K", "carre-Q")
ANNOUNCE_CARDS: dict[str, int] = {"carre": len(SUITS), "sequence": 3}


def hand_size(players: int) -> int:
    """The most cards one of ``players`` holds: the deck (every rank of every suit) shared out;
    a chien or dead cards only make hands smaller."""
    return len(RANKS) * len(SUITS) // players

#: Announces by canonical name: (kind, order inside the kind).  The order breaks nothing by
#: itself; it only keeps listings stable.
ANNOUNCE_KINDS: dict[str, str] = {
    "tierce": "sequence",
    "cinquante": "sequence",
    "cent": "sequence",
    "carre-A": "carre",
    "carre-10": "carre",
    "carre-K": "carre",
    "carre-Q": "carre",
    "carre-J": "carre",
    "carre-9": "carre",
    "carre-8": "carre",
    "carre-7": "carre",
}

#: Other names players use for the same announce (checked after lower-casing, accents removed).
ANNOUNCE_ALIASES: dict[str, str] = {
    "quarante": "cinquante",
    "quinte": "cent",
    "carre": "carre-A",
    "carre-a": "carre-A",
    "carre-j": "carre-J",
    "carre-v": "carre-J",
    "carre-k": "carre-K",
    "carre-r": "carre-K",
    "carre-q": "carre-Q",
    "carre-d": "carre-Q",
    # the ranks in French words: carré d'as, carré de valets, carré de rois...
    **{
        f"carre-{joint}{word}": f"carre-{rank}"
        for word, rank in (("as", "A"), ("valets", "J"), ("valet", "J"), ("dames", "Q"),
                           ("dame", "Q"), ("rois", "K"), ("roi", "K"), ("dix", "10"),
                           ("neuf", "9"), ("huit", "8"), ("sept", "7"))
        for joint in ("", "de-", "d'")
    },
}


# Value types on the path of every `game add` are NamedTuples, not frozen dataclasses:
# on Python 3.11 a frozen dataclass costs 1-2 ms to create at import, ten times a
# NamedTuple, and the table's budget is a few milliseconds (bench/RESULTS.md).
EMPTY: Mapping[Any, Any] = MappingProxyType({})


class Mode(NamedTuple):
    """One way to play a deal: a trump suit, sans-atout (``SA``) or tout-atout (``TA``)."""

    code: str
    total: int  # every card point of the deal, dix de der included
    failure_base: int
    max_bid: int
    belotes: int  # how many belotes a deal of this mode can hold
    # Fields added since games first kept their rules compiled (a default: as before them).
    # The announces and their values in this mode when the mode gives its own (``modes.SA.
    # announces``: a carré d'as worth 200 in sans-atout), else None: the rules' table.
    announces: Mapping[str, int] | None = None
    belote_value: int | None = None  # one belote in this mode, when it differs (5 in TA)


class SideTerms(NamedTuple):
    """What the takers and what each defender score in one outcome, and the defender who
    coinched when a ``coincher`` list says so (None: the defenders' list)."""

    takers: tuple[str | int, ...]
    defenders: tuple[str | int, ...]
    coincher: tuple[str | int, ...] | None = None


class ScoreTable(NamedTuple):
    """The ``score`` section: the base lists and the overrides that replace them."""

    made: SideTerms
    failed: SideTerms
    # (condition, outcome, side) -> terms; conditions are applied in CONDITION_ORDER
    overrides: Mapping[tuple[str, str, str], tuple[str | int, ...]] = EMPTY

    def terms(self, made: bool, side: str, conditions: set[str]) -> tuple[str | int, ...]:
        """The terms of ``side`` ("takers", "defenders" or "coincher") once every matching
        override applies.  The coincher scores the last ``coincher`` list that applies, and
        the defenders' list where none does."""
        outcome = "made" if made else "failed"
        base = self.made if made else self.failed
        terms = base.takers if side == "takers" else (
            base.coincher if side == "coincher" else base.defenders)
        for condition in CONDITION_ORDER:
            if condition in conditions:
                terms = self.overrides.get((condition, outcome, side), terms)
        if terms is None:  # no coincher list: the coincher is a defender like the others
            return self.terms(made, "defenders", conditions)
        return terms

    @property
    def scores_coincher(self) -> bool:
        """Whether a ``coincher`` list scores the defender who coinched apart."""
        return (self.made.coincher is not None or self.failed.coincher is not None
                or any(side == "coincher" for _condition, _outcome, side in self.overrides))


class EndRule(NamedTuple):
    """How a game ends and who wins it."""

    target: int | None
    deals: int | None
    reach: Reach
    both_over: BothOver
    tie: Tie
    time_limit: int | None  # minutes; the deal in progress when it runs out is the last


class Rules(NamedTuple):
    """A validated, frozen set of rules.  Build one with
    :func:`coinche_cli.rules.loader.load_rules`."""

    name: str
    title: str
    source: str
    players: tuple[int, ...]  # (4,) for teams, or some of (3, 2) for the chien; first: default
    direction: Direction
    dix_de_der: int
    trump_cards: Mapping[str, int]
    plain_cards: Mapping[str, int]
    modes: Mapping[str, Mode]  # by code: S H D C SA TA (only those played)
    bid_min: int
    bid_max: int
    bid_step: int
    capot_value: int | None
    generale_value: int | None
    belote_value: int
    belote_to: BeloteTo
    announces: Mapping[str, int] | None  # canonical name -> value; None: no announces
    announce_names: Mapping[str, str]  # canonical name -> the name this rules file uses
    best_announce_only: bool
    reach_bid_with: tuple[str, ...]
    min_points: int | None
    beat_defence: bool
    coinche_factors: tuple[int, int]  # coinché, surcoinché
    multiplied: frozenset[str]
    score: ScoreTable
    capot_card_points: int | None
    capot_bonus: int
    capot_bonus_on_bid: bool
    rounding: Rounding
    rounding_total: int
    last_deal_exact: bool
    end: EndRule
    document: Mapping[str, object]  # the merged, validated YAML: a game stores it as its snapshot
    path: str = ""
    # Fields added since games first kept their rules compiled: each has the default that
    # scores as before it existed, so a game's compiled rules written before it still read.
    beat_defence_with: tuple[str, ...] = ("points",)  # what beat_defence compares per side
    capot_base: int | None = None  # the base term on a deal a side won every trick
    last_deal_decides: bool = False  # "au point juste": exact points decide the end
    # issue 37: who takes the belote when the outcome says otherwise than ``belote_to``:
    # "failed" and "coinched" (coinché or surcoinché) -> holder or winner
    belote_to_when: Mapping[str, BeloteTo] = EMPTY
    rounded: tuple[str, ...] = ("points",)  # what rounding rounds: points, base, capot_card_points
    belote_alone_wins: bool = True  # False: a side over the target only by a belote plays on
    litige: bool = False  # an equal split on a reached bid: the takers' points held
    generale_card_points: int | None = None  # one player alone won every trick, not bid
    min_points_by_bid: Mapping[int, int] = EMPTY  # made_if.min_points given bid by bid

    @property
    def team_game(self) -> bool:
        """True when two teams of two play (sides A and B)."""
        return self.players == (4,)

    def sides(self, players: int | None = None) -> tuple[str, ...]:
        """The sides of a deal: teams ``A``/``B``, or seats ``1``..``n`` in the chien."""
        count = self.default_players if players is None else players
        if count == 4:
            return ("A", "B")
        return tuple(str(seat) for seat in range(1, count + 1))

    @property
    def default_players(self) -> int:
        """The number of players when none is given."""
        return self.players[0]

    def factor(self, coinche: int) -> int:
        """The multiplier for a coinche level: 1, then coinché, then surcoinché."""
        return 1 if coinche == 0 else self.coinche_factors[coinche - 1]

    def announce_table(self, mode: Mode) -> Mapping[str, int] | None:
        """The announces of a deal played in ``mode`` and their values (None: no announces)."""
        return self.announces if mode.announces is None else mode.announces

    def belote_worth(self, mode: Mode) -> int:
        """The points of one belote in ``mode``."""
        return self.belote_value if mode.belote_value is None else mode.belote_value

    def belote_goes_to(self, made: bool, coinche: int) -> BeloteTo:
        """Who scores the belotes of a deal: ``belote.goes_to``, by the outcome when the rules
        give it by outcome (a coinche first, then a failure)."""
        if coinche and "coinched" in self.belote_to_when:
            return self.belote_to_when["coinched"]
        if not made and "failed" in self.belote_to_when:
            return self.belote_to_when["failed"]
        return self.belote_to

    def min_points_for(self, bid: int) -> int | None:
        """The card points a bid of ``bid`` needs at least (``made_if.min_points``)."""
        if self.min_points is not None:
            return self.min_points
        return self.min_points_by_bid.get(bid)

    def announce_label(self, canonical: str) -> str:
        """The name this rules file gives an announce (``quarante`` in the club rules)."""
        return self.announce_names.get(canonical, canonical)


def canonical_announce(name: str) -> str | None:
    """The canonical name of an announce as players write it, or None."""
    folded = fold(name).replace(" ", "-")
    if folded in ANNOUNCE_ALIASES:
        return ANNOUNCE_ALIASES[folded]
    for canonical in ANNOUNCE_KINDS:
        if folded == canonical.lower():
            return canonical
    return None


# ---------------------------------------------------------------- compiled rules
#
# Rules kept as plain JSON data beside their snapshot, rebuilt without validating them again.
#
# A game stores the rules it is played under twice: the validated document (the snapshot, what
# a person or an export reads) and this compiled form, the :class:`Rules` value itself written
# out field by field.  Every ``game add`` needs the game's rules; rebuilding them from the
# document means importing and running the validator, about 2.5 million instructions of a
# deal's start, where reading them back from this form costs about half a million.  The form names
# each field, so a :class:`Rules` that gains or loses a field reads an older form as unknown
# (None), and the caller validates the snapshot as before; :data:`FORMAT` changes when a
# field's meaning does.

#: The version of the form; a form of another version is not read.
FORMAT = 1
#: The value types a :class:`Rules` is made of, by name.
_TYPES: "dict[str, type[Rules | Mode | SideTerms | ScoreTable | EndRule]]" = {
    cls.__name__: cls for cls in (Rules, Mode, SideTerms, ScoreTable, EndRule)}


def compile_rules(rules: Rules) -> str:
    """``rules`` as JSON text, for :func:`load_compiled` (without the document: the
    snapshot beside it is that document)."""
    fields = rules._replace(document={}, path="")
    return json.dumps({"format": FORMAT, "rules": _encode(fields)}, ensure_ascii=False,
                      separators=(",", ":"))


def load_compiled(text: str | None, document: Mapping[str, object], label: str) -> Rules | None:
    """The rules :func:`compile_rules` wrote, with their snapshot ``document`` and ``label``
    (as :func:`coinche_cli.rules.validate.rules_from_document` gives them); None when there
    are none, or when they were written in another form (by another version of coinche):
    validate the snapshot then."""
    if not text:
        return None
    try:
        data = json.loads(text)
        if data.get("format") != FORMAT:
            return None
        rules = _decode(data["rules"])
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
    if not isinstance(rules, Rules):
        return None
    return rules._replace(document=document, path=label)


def _encode(value: Any) -> Any:
    if isinstance(value, tuple) and type(value).__name__ in _TYPES:  # a value type
        return {"T": type(value).__name__,
                "f": {name: _encode(item) for name, item in cast(Any, value)._asdict().items()}}
    if isinstance(value, Mapping):  # keys may be tuples (the score overrides)
        kind = "P" if isinstance(value, MappingProxyType) else "M"
        return {kind: [[_encode(key), _encode(item)] for key, item in value.items()]}
    if isinstance(value, frozenset):
        return {"S": sorted(value)}
    if isinstance(value, tuple):
        return {"t": [_encode(item) for item in value]}
    if value is None or isinstance(value, str | int):  # bool is an int
        return value
    raise TypeError(f"cannot compile {type(value).__name__}")


def _decode(value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    if "T" in value:
        kind, fields = _TYPES[value["T"]], value["f"]
        # written for another shape of the type: a field it does not know, or one it lacks
        # that has no default (a field added since with a default reads as that default: the
        # rules were written before it existed, and scored as it says)
        missing = set(kind._fields) - set(fields) - set(kind._field_defaults)
        if missing or set(fields) - set(kind._fields):
            raise KeyError(value["T"])
        return kind(**{name: _decode(item) for name, item in fields.items()})
    if "M" in value:
        return {_decode(key): _decode(item) for key, item in value["M"]}
    if "P" in value:
        return MappingProxyType({_decode(key): _decode(item) for key, item in value["P"]})
    if "S" in value:
        return frozenset(value["S"])
    return tuple(_decode(item) for item in value["t"])
