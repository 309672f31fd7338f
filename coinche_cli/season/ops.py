"""The operations of ``coinche season …`` and of the ratings: a season made, its concours
added and taken out, its ranking (:mod:`coinche_cli.season.ranking`).

Each reads in one snapshot; a change checks everything before it writes, in one
transaction, so a refused command leaves the store as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from coinche_cli.i18n import _
from coinche_cli.names import check_name, echo, fold
from coinche_cli.season.events import EventLine, Key, event_lines, matches, person_key, team_key
from coinche_cli.season.model import SeasonError, SeasonRecord, SeasonSettings
from coinche_cli.season.people_ops import census
from coinche_cli.season.ranking import SeasonLine, season_standings
from coinche_cli.season.views import season_export, season_lines_json
from coinche_cli.store import now
from coinche_cli.values import Value

if TYPE_CHECKING:
    from coinche_cli.season.ratings import Rating
    from coinche_cli.season.views import SeasonExport, SeasonLineJson
    from coinche_cli.store.records import TournamentRecord
    from coinche_cli.store.season_protocol import SeasonStore
    from coinche_cli.tournament.model import Tournament


def find_season(store: SeasonStore, name: str) -> SeasonRecord:
    """The season called ``name`` (compared folded; inside the caller's snapshot)."""
    found = store.find_season(name)
    seasons = store.seasons()
    for season in seasons:
        if season.id == found:
            return season
    if seasons:
        raise SeasonError(_("no season called “{name}” (seasons: {known})"), name=name,
                          known=", ".join(s.name for s in seasons))
    raise SeasonError(_("no season called “{name}”: make one with coinche season new"),
                      name=name)


def new_season(store: SeasonStore, name: str, settings: SeasonSettings) -> SeasonRecord:
    """``season new``: a season with no concours yet."""
    name = check_name(name, _("season"))
    if not fold(name):
        raise SeasonError(_("a season needs a name"))
    settings.check()
    with store.write():
        taken = store.find_season(name)
        if taken is not None:
            raise SeasonError(_("there is already a season called “{name}”"),
                              name=next(s.name for s in store.seasons() if s.id == taken))
        created = now()
        season_id = store.create_season(name, created, settings.to_json())
    return SeasonRecord(season_id, name, created, settings)


def _tournaments(store: SeasonStore, names: Sequence[str]) -> list[TournamentRecord]:
    """The tournaments named (each by its whole name, folded), each named once."""
    if not names:
        raise SeasonError(_("name at least one concours"))
    records = {r.id: r for r in store.tournaments()}
    found: list[TournamentRecord] = []
    for name in names:
        ident = store.find_tournament(name)
        if ident is None:
            raise SeasonError(_("no tournament called “{name}”"), name=echo(name))
        if any(record.id == ident for record in found):
            raise SeasonError(_("{name} is named twice"), name=records[ident].name)
        found.append(records[ident])
    return found


def add_events(store: SeasonStore, name: str,
               tournaments: Sequence[str]) -> tuple[SeasonRecord, list[TournamentRecord]]:
    """``season add``: concours into a season.  Refused: a concours already in it, one that
    does not exist, one named twice, a mêlée into a season ranked by team."""
    with store.write():
        season = find_season(store, name)
        added = _tournaments(store, tournaments)
        for record in added:
            if record.id in season.events:
                raise SeasonError(_("{tournament} is already in the season {season}"),
                                  tournament=record.name, season=season.name)
            if season.settings.by == "team" and record.settings.get("format") == "melee":
                raise SeasonError(_("{tournament} is a mêlée: the season {season} ranks formed "
                                    "teams only"), tournament=record.name, season=season.name)
        store.add_season_events(season.id, [record.id for record in added], now())
        season = find_season(store, name)
    return season, added


def remove_events(store: SeasonStore, name: str, tournaments: Sequence[str]
                  ) -> tuple[SeasonRecord, list[TournamentRecord]]:
    """``season remove``: concours out of a season (they stay in the store).  Refused: one
    the season does not have."""
    with store.write():
        season = find_season(store, name)
        taken = _tournaments(store, tournaments)
        for record in taken:
            if record.id not in season.events:
                raise SeasonError(_("{tournament} is not in the season {season}"),
                                  tournament=record.name, season=season.name)
        store.remove_season_events(season.id, [record.id for record in taken])
        season = find_season(store, name)
    return season, taken


def delete_season(store: SeasonStore, name: str) -> SeasonRecord:
    """``season remove --delete``: forget a season; its concours stay."""
    with store.write():
        season = find_season(store, name)
        store.delete_season(season.id)
    return season


def listing(store: SeasonStore) -> list[SeasonRecord]:
    """Every season."""
    with store.reading():
        return store.seasons()


def show(store: SeasonStore, name: str) -> tuple[SeasonRecord, list[TournamentRecord]]:
    """A season and its concours, in the order they were made."""
    with store.reading():
        season = find_season(store, name)
        records = {r.id: r for r in store.tournaments()}
    return season, [records[ident] for ident in season.events]


class SeasonTable(Value):
    """A season's ranking: the season, its concours (in order) and its ranked lines."""

    __slots__ = ("events", "lines", "season")

    def __init__(self, season: SeasonRecord, events: tuple[TournamentRecord, ...],
                 lines: tuple[SeasonLine, ...]) -> None:
        self.season = season
        self.events = events
        self.lines = lines

    def export_data(self) -> SeasonExport:
        """What ``season export`` writes (:mod:`coinche_cli.sheets.season`)."""
        return season_export(self.season, self.events, self.lines)

    def to_json(self) -> list[SeasonLineJson]:
        """``season standings --json``: a row per player (or team)."""
        return season_lines_json(self.lines, [event.name for event in self.events],
                                 self.season.settings.by == "team")


def standings(store: SeasonStore, name: str) -> SeasonTable:
    """``season standings``: every concours of the season added up, read in one snapshot."""
    with store.reading():
        season = find_season(store, name)
        people = census(store)
        records = {r.id: r for r in store.tournaments()}
        tournaments = [_read(store, ident) for ident in season.events]
    events: list[dict[Key, EventLine]] = [
        event_lines(tournament, people, season.settings) for tournament in tournaments]
    clubs = {} if season.settings.by == "team" else {
        person_key(p.id): p.club for p in people.persons.values()}
    for tournament in tournaments:  # a team's line: its latest club
        clubs.update((team_key(team.name), team.club) for team in tournament.teams
                     if not team.members)
    lines = season_standings(season.settings, events, clubs)
    return SeasonTable(season, tuple(records[ident] for ident in season.events), tuple(lines))


def _read(store: SeasonStore, tournament_id: int) -> Tournament:
    tournament = store.tournament(tournament_id)
    assert tournament is not None, tournament_id  # read in the same snapshot as its id
    return tournament


def ratings(store: SeasonStore, season: str | None = None) -> list[Rating]:
    """``player ratings``: every player's rating from every match of every concours (or of
    the season's), in the order they were played."""
    from coinche_cli.season.ratings import rate

    with store.reading():
        people = census(store)
        ids = ([r.id for r in store.tournaments()] if season is None
               else list(find_season(store, season).events))
        tournaments = [_read(store, ident) for ident in ids]
    names = {person_key(p.id): p.name for p in people.persons.values()}
    for tournament in tournaments:
        for team in tournament.teams:
            if not team.members and not any(name.strip() for name in team.players):
                names.setdefault(team_key(team.name), team.name)
    return rate((match for tournament in tournaments
                 for match in matches(tournament, people)), names)
