"""A club's season as every ``--json`` prints it (``season standings``, ``player list``,
``player show``, ``player ratings``) and the plain data of ``season export``.

Each view is a :class:`~typing.TypedDict`, declared for the type checker alone (a plain dict
at run time), so that a key renamed here or where a client reads it fails ``mypy``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from coinche_cli.names import fold
from coinche_cli.tournament.views import named
from coinche_cli.values import Value

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the classes are the checker's alone
    from typing import Literal, TypedDict

    from coinche_cli.season.events import EventLine
    from coinche_cli.season.model import SeasonRecord
    from coinche_cli.season.people import People
    from coinche_cli.season.ranking import SeasonLine
    from coinche_cli.season.ratings import Rating
    from coinche_cli.store.records import TournamentRecord

    class EventResultJson(TypedDict):
        """A line's part in one concours of the season."""

        event: str
        points: int
        wins: int
        draws: int
        losses: int
        score: int
        counted: bool

    from coinche_cli.tournament.views import Named

    class SeasonLineJson(Named):
        """A line of ``season standings --json``: a player (or, by team, a team)."""

        rank: int
        club: str
        points: int
        events: int
        wins: int
        draws: int
        losses: int
        score: int
        counted_events: int
        eligible: bool
        results: list[EventResultJson]

    class SeasonEventJson(TypedDict):
        """A concours of the season, as the export lists it."""

        name: str
        date: str
        format: str

    class SeasonExportLine(TypedDict):
        """A line of the export: its totals, and its points in each concours (None where it
        did not play) with which of them count."""

        rank: int
        name: str
        club: str
        points: int
        events: int
        counted_events: int
        wins: int
        draws: int
        losses: int
        score: int
        eligible: bool
        results: list[int | None]
        counted: list[bool]

    class SeasonExport(TypedDict):
        """What ``season export`` writes (:mod:`coinche_cli.sheets.season`)."""

        name: str
        by: str
        best: int | None
        min_events: int | None
        events: list[SeasonEventJson]
        lines: list[SeasonExportLine]

    class SeasonPosterCell(TypedDict):
        """A line's part in one concours on the season's poster: its points (None: it did
        not play) and whether they count."""

        points: int | None
        counted: bool

    class SeasonPosterRow(TypedDict):
        """A line of the season's poster: its rank, name, club, points, concours played and
        counted, whether it is eligible for the prizes, and its part in each concours."""

        rank: int
        name: str
        club: str
        points: int
        events: int
        counted_events: int
        eligible: bool
        results: list[SeasonPosterCell]

    class SeasonPoster(TypedDict):
        """The season's challenge on a poster (``season poster``): a line per player (or
        team), a column per concours; ``date`` the last concours' (ISO); ``best``, when only
        each line's N best concours count; ``clubs``, whether any line has a club."""

        kind: Literal["season"]
        name: str
        date: str
        by: str
        best: int | None
        min_events: int | None
        clubs: bool
        events: list[SeasonEventJson]
        rows: list[SeasonPosterRow]

    class PersonRow(TypedDict):
        """A person of ``player list --json``: how many concours, and the last one."""

        name: str
        licence: str
        club: str
        tournaments: int
        last: str

    class DealStats(TypedDict):
        """What a person's tables scored deal by deal in one concours add up to."""

        deals: int
        taken: int
        made: int
        failed: int
        coinched: int
        coinched_against: int
        capots: int
        belotes: int
        points_per_deal: float | None

    class PlayedJson(TypedDict):
        """A person's concours (``player show --json``'s ``tournaments``)."""

        tournament: str
        date: str
        format: str
        team: str | None
        partners: list[str]
        rank: int | None
        of: int | None
        played: int
        wins: int
        draws: int
        losses: int
        points: int
        deals: DealStats | None

    class PersonJson(TypedDict):
        """``player show --json``."""

        name: str
        licence: str
        clubs: list[str]
        tournaments: list[PlayedJson]

    class RatingJson(TypedDict):
        """A line of ``player ratings --json``."""

        player: str
        rating: int
        margin: int
        matches: int
        provisional: bool


class Played(Value):
    """A person's part in one concours: the tournament, their line there (None when they
    registered but played no match) and the tables they played scored deal by deal (game
    ids and their side)."""

    __slots__ = ("line", "tables", "tournament")

    def __init__(self, tournament: TournamentRecord, line: EventLine | None,
                 tables: tuple[tuple[int, str], ...]) -> None:
        self.tournament = tournament
        self.line = line
        self.tables = tables


def season_lines_json(lines: Sequence[SeasonLine], events: Sequence[str],
                      by_team: bool) -> list[SeasonLineJson]:
    """``season standings --json``: a line per player (or team); ``events`` names the
    concours."""
    found: list[SeasonLineJson] = []
    for line in lines:
        results: list[EventResultJson] = [
            {"event": name, "points": part.points, "wins": part.wins, "draws": part.draws,
             "losses": part.losses, "score": part.score, "counted": place in line.counted}
            for place, (name, part) in enumerate(zip(events, line.results, strict=True))
            if part is not None]
        found.append({"rank": line.rank, **named("team" if by_team else "player", line.name),
                      "club": line.club, "points": line.points, "events": line.events,
                      "wins": line.wins, "draws": line.draws, "losses": line.losses,
                      "score": line.score, "counted_events": len(line.counted),
                      "eligible": line.eligible, "results": results})
    return found


def _format(record: TournamentRecord) -> str:
    kind = record.settings.get("format", "teams")
    return kind if isinstance(kind, str) else "teams"


def season_export(season: SeasonRecord, events: Sequence[TournamentRecord],
                  lines: Sequence[SeasonLine]) -> SeasonExport:
    """What ``season export`` writes, as plain data: the season, its concours, and each
    line's totals and points per concours (None where it did not play) with which of them
    count."""
    settings = season.settings
    return {
        "name": season.name, "by": settings.by, "best": settings.best,
        "min_events": settings.min_events,
        "events": [{"name": r.name, "date": r.created[:10], "format": _format(r)}
                   for r in events],
        "lines": [{"rank": line.rank, "name": line.name, "club": line.club,
                   "points": line.points, "events": line.events,
                   "counted_events": len(line.counted), "wins": line.wins,
                   "draws": line.draws, "losses": line.losses, "score": line.score,
                   "eligible": line.eligible,
                   "results": [None if r is None else r.points for r in line.results],
                   "counted": [place in line.counted for place in range(len(line.results))]}
                  for line in lines],
    }  # fmt: skip


def season_poster(data: SeasonExport) -> SeasonPoster:
    """The season's challenge as its poster shows it, from what ``season export`` writes (the
    same lines, the same points)."""
    events = data["events"]
    return {
        "kind": "season", "name": data["name"], "date": events[-1]["date"] if events else "",
        "by": data["by"], "best": data["best"], "min_events": data["min_events"],
        "clubs": any(line["club"] for line in data["lines"]), "events": events,
        "rows": [{"rank": line["rank"], "name": line["name"], "club": line["club"],
                  "points": line["points"], "events": line["events"],
                  "counted_events": line["counted_events"], "eligible": line["eligible"],
                  "results": [{"points": points, "counted": kept} for points, kept in zip(
                      line["results"], line["counted"], strict=True)]}
                 for line in data["lines"]],
    }  # fmt: skip


def people_json(people: People, records: dict[int, TournamentRecord]) -> list[PersonRow]:
    """``player list --json``: every person, by name."""
    rows: list[PersonRow] = []
    for person in sorted(people.persons.values(), key=lambda p: (fold(p.name), p.id)):
        played = people.tournaments(person.id)
        rows.append({"name": person.name, "licence": person.licence, "club": person.club,
                     "tournaments": len(played), "last": records[played[-1]].name})
    return rows


def played_json(played: Played, deals: DealStats | None) -> PlayedJson:
    """A person's part in one concours, and what its tables scored deal by deal add up to
    (None: none was scored deal by deal)."""
    line = played.line
    record = played.tournament
    return {
        "tournament": record.name, "date": record.created[:10], "format": _format(record),
        "team": line.team if line and line.team else None,
        "partners": list(line.partners) if line else [],
        "rank": line.rank if line else None, "of": line.of if line else None,
        "played": line.played if line else 0, "wins": line.wins if line else 0,
        "draws": line.draws if line else 0, "losses": line.losses if line else 0,
        "points": line.score if line else 0,
        "deals": deals,
    }  # fmt: skip


def ratings_json(ratings: Sequence[Rating]) -> list[RatingJson]:
    """``player ratings --json``."""
    return [{"player": r.name, "rating": r.rating, "margin": r.margin, "matches": r.matches,
             "provisional": r.provisional} for r in ratings]
