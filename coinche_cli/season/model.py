"""A season ("challenge") as data: its points scale, what it counts, and its concours.

Pure: the store gives a :class:`SeasonRecord`; :mod:`coinche_cli.season.ranking` ranks it.

- The **scale** gives points for every match of every concours: ``win``, ``draw``, ``loss``,
  ``bye`` (a bye, a partie sat out in a mêlée, and a win by forfeit: won without playing,
  the club's « victoire par exempt ») and ``forfeit`` (a match forfeited).  The default is a
  real club's challenge: win 4, draw 3, loss 2, bye 3, forfeit 0; ``--points`` replaces the
  keys it names and keeps the others, or gives the five in that order
  (:func:`coinche_cli.cli.options.parse_points`, which reads French keys too).
- ``add_score``: the concours' score (its points for, as its own standings count them,
  penalties included) is added to the scale's points.
- ``best``: only a player's ``best`` concours count (the others are listed, not counted);
  ``min_events``: who played at least that many concours is eligible for the season's prizes.
- ``by``: a line per ``player`` (a mêlée's players, a formed team's named players; a team
  that named none is a line of its own) or per ``team`` (formed teams, by name).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from coinche_cli.errors import InputError, OperationError
from coinche_cli.i18n import _
from coinche_cli.names import echo
from coinche_cli.values import Value

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the class is the checker's alone
    from typing import TypedDict

    class SeasonSettingsJSON(TypedDict):
        """A season's settings as stored, and as ``season show --json`` prints them."""

        points: dict[str, int]
        add_score: bool
        best: int | None
        min_events: int | None
        by: str

#: The scale's keys, in the order they are printed.
SCALE_KEYS = ("win", "draw", "loss", "bye", "forfeit")
#: A real club's challenge: « Victoire 4 points, Défaite 2 points, Victoire par exempt 3 ».
DEFAULT_SCALE: Mapping[str, int] = {"win": 4, "draw": 3, "loss": 2, "bye": 3, "forfeit": 0}
#: What a season ranks: players (people) or formed teams.
By = Literal["player", "team"]
BY: tuple[By, ...] = ("player", "team")
#: The largest number a scale, ``--best`` or ``--min-events`` takes.
MOST = 1_000_000_000


class SeasonError(OperationError):
    """A season operation refused: an unknown season, a concours added twice…"""


class SeasonSettings(Value):
    """How a season counts: the points scale, the score added or not, the best concours
    kept, the concours played for the prizes, and what it ranks."""

    __slots__ = ("add_score", "best", "by", "min_events", "scale")

    def __init__(self, scale: Mapping[str, int] | None = None, add_score: bool = False,
                 best: int | None = None, min_events: int | None = None,
                 by: By = "player") -> None:
        self.scale = dict(DEFAULT_SCALE if scale is None else scale)
        self.add_score = add_score
        self.best = best
        self.min_events = min_events
        self.by = by

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.scale.items())), self.add_score, self.best,
                     self.min_events, self.by))

    def check(self) -> None:
        """Refuse settings that cannot rank a season (``--best 0``)."""
        if self.best is not None and not 1 <= self.best <= MOST:
            raise InputError("--best", _("keep at least 1 concours, got {got}"), got=self.best)
        if self.min_events is not None and not 0 <= self.min_events <= MOST:
            raise InputError("--min-events", _("a number of concours, 0 or more, got {got}"),
                             got=self.min_events)
        if self.by not in BY:
            raise InputError("--by", _("give player or team, not “{got}”"), got=echo(self.by))

    def to_json(self) -> SeasonSettingsJSON:
        """The settings as stored, and as ``season show --json`` prints them."""
        return {"points": {key: self.scale[key] for key in SCALE_KEYS},
                "add_score": self.add_score, "best": self.best,
                "min_events": self.min_events, "by": self.by}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeasonSettings:  # what json.loads gave
        """Settings read back from the store."""
        by = data.get("by", "player")
        return cls({**DEFAULT_SCALE, **data.get("points", {})}, bool(data.get("add_score")),
                   data.get("best"), data.get("min_events"),
                   "team" if by == "team" else "player")

    def points(self, outcome: str) -> int:
        """The scale's points for one match of ``outcome`` (one of :data:`SCALE_KEYS`)."""
        return self.scale[outcome]


class SeasonRecord(Value):
    """A stored season: its name, when it was made, its settings, and its concours (their
    tournament ids, in the order they were created)."""

    __slots__ = ("created", "events", "id", "name", "settings")

    def __init__(self, id: int, name: str, created: str, settings: SeasonSettings,
                 events: tuple[int, ...] = ()) -> None:
        self.id = id
        self.name = name
        self.created = created
        self.settings = settings
        self.events = events
