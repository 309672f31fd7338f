"""A season's ranking ("classement de la saison"): the concours added up.

Pure: the lines of each concours (:func:`coinche_cli.season.events.event_lines`) in, the
season's lines out.

- A line's **points** are the season points of the concours it counts: all of them, or with
  ``best`` N its N best (most points, then the higher score, then the earlier concours); the
  others are listed, not counted.  Its **wins**, **draws**, **losses** and **score** add up
  the concours it counts too; **events** counts every concours it played.
- **Eligible** for the season's prizes: at least ``min_events`` concours played (everyone
  when the season sets no minimum).
- **Ties**: more points, then more wins, then the higher score, then fewer concours played
  (the same points in fewer journées); lines equal on all four share a rank, listed by name.
"""

from __future__ import annotations

from collections.abc import Sequence

from coinche_cli.names import fold
from coinche_cli.season.events import EventLine, Key
from coinche_cli.season.model import SeasonSettings
from coinche_cli.values import Value


class SeasonLine(Value):
    """A line of the season's ranking: its part in each concours (None where it did not
    play), which of them count, the totals of those, and its rank."""

    __slots__ = ("club", "counted", "draws", "eligible", "events", "key", "losses", "name",
                 "points", "rank", "results", "score", "wins")

    def __init__(self, key: Key, name: str, club: str, results: tuple[EventLine | None, ...],
                 counted: frozenset[int], eligible: bool, rank: int = 0) -> None:
        self.key = key
        self.name = name
        self.club = club
        self.results = results
        self.counted = counted  # the concours that count (their places in the season)
        self.eligible = eligible
        self.rank = rank
        kept = [line for place, line in enumerate(results) if place in counted and line]
        self.points = sum(line.points for line in kept)
        self.wins = sum(line.wins for line in kept)
        self.draws = sum(line.draws for line in kept)
        self.losses = sum(line.losses for line in kept)
        self.score = sum(line.score for line in kept)
        self.events = sum(1 for line in results if line is not None)

    def sort_key(self) -> tuple[int, int, int, int]:
        """What ranks a line, best first (the module's ties)."""
        return (-self.points, -self.wins, -self.score, self.events)

    def with_rank(self, rank: int) -> SeasonLine:
        """This line at ``rank``."""
        return SeasonLine(self.key, self.name, self.club, self.results, self.counted,
                          self.eligible, rank)


def counted(results: Sequence[EventLine | None], best: int | None) -> frozenset[int]:
    """The places of the concours that count: every one played, or the ``best`` best."""
    played = [place for place, line in enumerate(results) if line is not None]
    if best is None or len(played) <= best:
        return frozenset(played)

    def merit(place: int) -> tuple[int, int, int]:
        line = results[place]
        assert line is not None
        return (-line.points, -line.score, place)

    return frozenset(sorted(played, key=merit)[:best])


def season_standings(settings: SeasonSettings, events: Sequence[dict[Key, EventLine]],
                     clubs: dict[Key, str] | None = None) -> list[SeasonLine]:
    """The season's ranked lines from each concours' lines, in the season's order."""
    names: dict[Key, str] = {}
    for event in events:
        for key, result in event.items():
            names[key] = result.name  # the latest name a line had
    found: list[SeasonLine] = []
    for key, name in names.items():
        results = tuple(event.get(key) for event in events)
        played = sum(1 for line in results if line is not None)
        eligible = settings.min_events is None or played >= settings.min_events
        found.append(SeasonLine(key, name, (clubs or {}).get(key, ""), results,
                                counted(results, settings.best), eligible))
    found.sort(key=lambda line: (line.sort_key(), fold(line.name), line.key))
    ranked: list[SeasonLine] = []
    for position, line in enumerate(found, start=1):
        tied = ranked and ranked[-1].sort_key() == line.sort_key()
        ranked.append(line.with_rank(ranked[-1].rank if tied else position))
    return ranked
