"""The queries of a club's season, for both SQL backends: the registrations the people are
derived from, the people a secretary renamed or merged, the seasons and their concours, and
every game's deals at once (``game stats``).

A mixin of :class:`coinche_cli.store.sql.SqlStore`, which gives the connection.
"""

import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from coinche_cli.names import fold
from coinche_cli.store.connection import Connected

if TYPE_CHECKING:
    from coinche_cli.season.model import SeasonRecord, SeasonSettingsJSON
    from coinche_cli.season.people import Registration, StoredPerson


class SeasonQueries(Connected):
    """People, seasons and every game's deals (mixed into ``SqlStore``)."""

    # -- people

    def registrations(self) -> "list[Registration]":
        """Every name every tournament registered (a formed team's named players, a mêlée's
        players), tournament by tournament in registration order."""
        from coinche_cli.season.people import Registration

        found: list[tuple[tuple[int, int, int, int], Registration]] = []
        for tournament, team, players, club, order in self.db.execute(
                "SELECT tournament_id, id, players, club, registered FROM team"
                " WHERE player1 IS NULL"):
            for seat, name in enumerate(json.loads(players)):
                if isinstance(name, str) and name.strip():
                    found.append(((tournament, order, team, seat),
                                  Registration(tournament, name, "", club, team=team,
                                               seat=seat)))
        for tournament, player, name, licence, club, order in self.db.execute(
                "SELECT tournament_id, id, name, licence, club, registered FROM player"):
            found.append(((tournament, order, player, 0),
                          Registration(tournament, name, licence, club, player=player)))
        found.sort(key=lambda item: item[0])
        return [registration for _order, registration in found]

    def people(self) -> "tuple[list[StoredPerson], dict[str, int]]":
        """The people a secretary renamed or merged, and every key naming one of them."""
        from coinche_cli.season.people import StoredPerson

        stored = [StoredPerson(r[0], r[1], r[2]) for r in self.db.execute(
            "SELECT id, name, licence FROM person ORDER BY id")]
        keys = {str(r[0]): int(r[1]) for r in self.db.execute(
            "SELECT key, person_id FROM person_key")}
        return stored, keys

    def add_person(self, name: str, licence: str, created: str) -> int:
        """Keep a person (renamed or merged); returns their id."""
        return self._insert("INSERT INTO person (name, licence, created) VALUES (?, ?, ?)",
                            (name, licence, created))

    def set_person(self, person_id: int, name: str, licence: str) -> None:
        """A kept person's name and licence."""
        self._changing().execute("UPDATE person SET name = ?, licence = ? WHERE id = ?",
                                 (name, licence, person_id))

    def give_keys(self, person_id: int, keys: Iterable[str]) -> None:
        """Make each of ``keys`` name the person (taken from whoever held it)."""
        self._changing().executemany(
            "INSERT INTO person_key (key, person_id) VALUES (?, ?)"
            " ON CONFLICT(key) DO UPDATE SET person_id = excluded.person_id",
            [(key, person_id) for key in keys])

    def remove_person(self, person_id: int) -> None:
        """Forget a kept person (merged into another, whose keys they are now), and the
        merges into them (no longer to undo)."""
        db = self._changing()
        db.execute("DELETE FROM person_merge WHERE kept_id = ?", (person_id,))
        db.execute("DELETE FROM person_key WHERE person_id = ?", (person_id,))
        db.execute("DELETE FROM person WHERE id = ?", (person_id,))

    def take_keys(self, keys: Iterable[str]) -> None:
        """Let ``keys`` name nobody kept (a merge undone: derived again)."""
        self._changing().executemany("DELETE FROM person_key WHERE key = ?",
                                     [(key,) for key in keys])

    def add_merge(self, kept_id: int, record: str, merged: str) -> int:
        """Keep what a merge changed (``record``: JSON), to undo it; returns its id."""
        return self._insert("INSERT INTO person_merge (kept_id, record, merged) VALUES (?, ?, ?)",
                            (kept_id, record, merged))

    def merges(self, kept_id: int) -> list[tuple[int, str, str]]:
        """The merges into a kept person, the latest first: id, record (JSON), when."""
        return [(int(r[0]), str(r[1]), str(r[2])) for r in self.db.execute(
            "SELECT id, record, merged FROM person_merge WHERE kept_id = ? ORDER BY id DESC",
            (kept_id,))]

    def remove_merge(self, merge_id: int) -> None:
        """Forget a merge (undone)."""
        self._changing().execute("DELETE FROM person_merge WHERE id = ?", (merge_id,))

    # -- seasons

    def create_season(self, name: str, created: str, settings: "SeasonSettingsJSON") -> int:
        """Make a season; returns its id."""
        return self._insert(
            "INSERT INTO season (name, name_key, created, settings) VALUES (?, ?, ?, ?)",
            (name, fold(name), created, json.dumps(settings)))

    def find_season(self, name: str) -> int | None:
        """The id of the season called ``name`` (compared folded), or None."""
        row = self.db.execute("SELECT id FROM season WHERE name_key = ?",
                              (fold(name),)).fetchone()
        return None if row is None else int(row[0])

    def seasons(self) -> "list[SeasonRecord]":
        """Every season, oldest first, each with its concours in the order they were made."""
        from coinche_cli.season.model import SeasonRecord, SeasonSettings

        events: dict[int, list[int]] = {}
        for season, tournament in self.db.execute(
                "SELECT season_id, tournament_id FROM season_event"
                " ORDER BY season_id, tournament_id"):
            events.setdefault(season, []).append(tournament)
        return [SeasonRecord(r[0], r[1], r[2], SeasonSettings.from_json(json.loads(r[3])),
                             tuple(events.get(r[0], ())))
                for r in self.db.execute(
                    "SELECT id, name, created, settings FROM season ORDER BY id")]

    def add_season_events(self, season_id: int, tournaments: Sequence[int],
                          added: str) -> None:
        """Add concours to a season."""
        self._changing().executemany(
            "INSERT INTO season_event (season_id, tournament_id, added) VALUES (?, ?, ?)",
            [(season_id, tournament, added) for tournament in tournaments])

    def remove_season_events(self, season_id: int, tournaments: Sequence[int]) -> None:
        """Take concours out of a season."""
        self._changing().executemany(
            "DELETE FROM season_event WHERE season_id = ? AND tournament_id = ?",
            [(season_id, tournament) for tournament in tournaments])

    def delete_season(self, season_id: int) -> None:
        """Forget a season (its concours stay)."""
        db = self._changing()
        db.execute("DELETE FROM season_event WHERE season_id = ?", (season_id,))
        db.execute("DELETE FROM season WHERE id = ?", (season_id,))

    # -- every game at once

    def active_deals(self) -> dict[int, list[tuple[int, str | None, str | None, str]]]:
        """Every game's deals in play, by game, in order: number, the deal as stored (JSON
        text; None: everybody passed), the game's summary after it (JSON text) and when it
        was recorded — one query, however many games; the texts are read by the caller,
        each distinct deal once."""
        found: dict[int, list[tuple[int, str | None, str | None, str]]] = {}
        for game, number, deal, state, recorded in self.db.execute(
                "SELECT game_id, number, deal, state, recorded FROM deal"
                " WHERE status = 'active' ORDER BY game_id, number, id"):
            found.setdefault(game, []).append((number, deal, state, recorded))
        return found
