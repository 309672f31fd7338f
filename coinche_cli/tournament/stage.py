"""A stage of a concours as data: the qualifying parties, poules, a knock-out table.

A concours is a sequence of parties; a stage is a set of teams playing some of them.  The
first stage (position 0) is what ``tournament new`` makes: the Swiss parties, or poules
(``--format groups``).  A later stage (``tournament stage add``) takes a range of places of an
earlier one once that one is complete.  A concours that adds no stage and is not played in
poules has no stage stored at all, and reads, prints and exports as it always did.

Pure values; :mod:`coinche_cli.tournament.stages` runs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, assert_never

from coinche_cli.i18n import _
from coinche_cli.values import Value

if TYPE_CHECKING:
    from typing import NotRequired, TypedDict

    class DefinitionJSON(TypedDict):
        """A stage's definition as stored."""

        kind: str
        source: int | None
        ranks: list[int] | None
        group_ranks: list[int] | None
        rounds: int | None
        group_size: int | None
        third_place: bool
        places: bool
        target: int | None
        deals: int | None
        carry: str
        rules_name: NotRequired[str | None]
        rules: NotRequired[dict[str, object] | None]
        highest_deal: NotRequired[int | None]
        order: NotRequired[list[int]]

#: How a stage is played.
StageKind = Literal["swiss", "groups", "knockout"]
KINDS: tuple[StageKind, ...] = ("swiss", "groups", "knockout")
#: What a later stage's teams start with (``--carry``).
Carry = Literal["none", "points", "wins"]
CARRIES: tuple[Carry, ...] = ("none", "points", "wins")
#: A stage's state, as ``stage list`` says it.
StageState = Literal["waiting", "playing", "complete"]


def kind_words(kind: StageKind) -> str:
    """A stage's kind in the room's words."""
    match kind:
        case "swiss":
            return _("Swiss parties")
        case "groups":
            return _("poules")
        case "knockout":
            return _("knock-out table")
        case unreachable:
            assert_never(unreachable)


def state_words(state: StageState) -> str:
    """A stage's state in words."""
    match state:
        case "waiting":
            return _("waiting")
        case "playing":
            return _("playing")
        case "complete":
            return _("complete")
        case unreachable:
            assert_never(unreachable)


def first_stage_name(kind: StageKind) -> str:
    """The first stage's name, when the concours gets stages: « Qualifications », or
    « Poules » when it is played in poules (the same in every language: a stage's name is
    what ``--from`` takes)."""
    return "Poules" if kind == "groups" else "Qualifications"


class Stage(Value):
    """A stage: its definition, and once started its teams in seed order (a poule stage: each
    seed's poule), the byes it gave by the room's partie, and the director's order between
    teams its ranking leaves tied at a cut (``stage start --order``)."""

    __slots__ = ("byes", "carry", "deals", "group_ranks", "group_size", "groups",
                 "highest_deal", "kind", "name", "order", "places", "position", "ranks",
                 "rounds", "rules", "rules_name", "source", "started", "target", "teams",
                 "third_place")

    def __init__(self, position: int, name: str, kind: StageKind, *,
                 source: int | None = None, ranks: tuple[int, int] | None = None,
                 group_ranks: tuple[int, int] | None = None, rounds: int | None = None,
                 group_size: int | None = None, third_place: bool = False,
                 places: bool = False, target: int | None = None, deals: int | None = None,
                 carry: Carry = "none", rules_name: str | None = None,
                 rules: dict[str, object] | None = None, highest_deal: int | None = None,
                 started: str | None = None, teams: tuple[int, ...] = (),
                 groups: tuple[int, ...] = (), byes: dict[int, tuple[int, ...]] | None = None,
                 order: tuple[int, ...] = ()) -> None:
        self.position = position
        self.name = name
        self.kind = kind
        self.source = source  # the position of the stage it takes its teams from
        self.ranks = ranks  # the places it takes (--ranks A-B) ...
        self.group_ranks = group_ranks  # ... or the places in every poule (--group-ranks)
        self.rounds = rounds  # its parties: Swiss given; poules, knock-out once known
        self.group_size = group_size
        self.third_place = third_place
        self.places = places
        self.target = target  # its own match format (None: the concours')
        self.deals = deals
        self.carry = carry
        self.rules_name = rules_name  # its own rules (--rules), their document and highest
        self.rules = rules  # deal score
        self.highest_deal = highest_deal
        self.started = started  # when it started (ISO 8601), None while waiting
        self.teams = teams  # team ids in seed order
        self.groups = groups  # a poule stage: each seed's poule (0 = A)
        self.byes = byes or {}  # the room's partie -> the teams it gave a bye
        self.order = order  # the director's order of tied teams (team ids)

    @property
    def first(self) -> bool:
        """Whether this is the concours' first stage."""
        return self.position == 0

    def definition(self) -> DefinitionJSON:
        """The stage's definition as stored."""
        data: DefinitionJSON = {
            "kind": self.kind, "source": self.source,
            "ranks": list(self.ranks) if self.ranks else None,
            "group_ranks": list(self.group_ranks) if self.group_ranks else None,
            "rounds": self.rounds, "group_size": self.group_size,
            "third_place": self.third_place, "places": self.places, "target": self.target,
            "deals": self.deals, "carry": self.carry,
        }  # fmt: skip
        if self.rules_name is not None:
            data["rules_name"] = self.rules_name
            data["rules"] = self.rules
            data["highest_deal"] = self.highest_deal
        if self.order:
            data["order"] = list(self.order)
        return data

    @classmethod
    def read(cls, position: int, name: str, data: DefinitionJSON, started: str | None,
             teams: tuple[int, ...] = (), groups: tuple[int, ...] = (),
             byes: dict[int, tuple[int, ...]] | None = None) -> Stage:
        """A stage read back from the store."""
        kind = _kind(data["kind"])
        carry: Carry = next((c for c in CARRIES if c == data["carry"]), "none")
        return cls(position, name, kind, source=data["source"], ranks=_pair(data["ranks"]),
                   group_ranks=_pair(data["group_ranks"]), rounds=data["rounds"],
                   group_size=data["group_size"], third_place=data["third_place"],
                   places=data["places"], target=data["target"], deals=data["deals"],
                   carry=carry, rules_name=data.get("rules_name"), rules=data.get("rules"),
                   highest_deal=data.get("highest_deal"), started=started, teams=teams,
                   groups=groups, byes=byes, order=tuple(data.get("order", ())))

    def replaced(self, **changes: Any) -> Stage:
        """This stage with some of its keyword values changed (``teams=…``, ``order=…``)."""
        values = {name: getattr(self, name) for name in _KEYWORDS} | changes
        return Stage(self.position, self.name, self.kind, **values)


#: The values a stage is made with by keyword.
_KEYWORDS = tuple(name for name in Stage.__slots__ if name not in ("position", "name", "kind"))


def _kind(text: str) -> StageKind:
    for kind in KINDS:
        if kind == text:
            return kind
    raise ValueError(f"a stage of an unknown kind: “{text}” (a store written by a newer coinche?)")


def _pair(values: list[int] | None) -> tuple[int, int] | None:
    if not values:
        return None
    low, high = values
    return (low, high)
