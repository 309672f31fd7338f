"""What the live page shows, read from the store: one snapshot of the tournament, made again
every second by the server, so that a hundred phones polling cost the store nothing.

A snapshot holds the current round and the standings exactly as ``tournament show --json``
and ``tournament standings --json`` print them (the same view functions), what the projector
and the phones show besides (the standings after the last complete round, each team's
table and results so far), and a ``version`` that changes whenever any of it does: the
pages poll it and redraw when it moves.
"""

from __future__ import annotations

import calendar
import hashlib
import json
import time
from typing import TYPE_CHECKING

from coinche_cli.names import NameIndex, fold
from coinche_cli.tournament import ops as tournaments
from coinche_cli.tournament import prize_list, views

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the classes are the checker's alone
    from coinche_cli.store.protocol import Store
    from coinche_cli.tournament.desk_views import PrizesJson
    from coinche_cli.tournament.model import Tournament
    from coinche_cli.tournament.views import (
        EntrantLine,
        LiveJson,
        RoundJson,
        StandingsJson,
        TableJson,
    )
    from coinche_cli.web.settings import Settings


class Snapshot:
    """The tournament as the pages show it, at one moment."""

    def __init__(self, name: str, round_data: RoundJson | None,
                 standings: StandingsJson, shown_standings: StandingsJson,
                 standings_after: int | None, entrants: list[EntrantLine],
                 deadline: float | None, reopened: dict[str, int] | None = None,
                 *, melee: bool = False, prizes: PrizesJson | None = None) -> None:
        self.name = name
        self.round = round_data  # tournament show --json (None: nothing paired yet)
        self.standings = standings  # tournament standings --json
        self.shown_standings = shown_standings  # after the last complete round
        self.standings_after = standings_after
        # alphabetical: each team (a mêlée: player), its table, opponent, results so far
        self.entrants = entrants
        self.deadline = deadline  # the round's end, seconds since the epoch (a countdown)
        # how many times the director reopened each table to phones, by "round.table"
        self.reopened = reopened or {}
        self.melee = melee  # a mêlée: the entrants are players, with a partner each partie
        # the prize list, once the last round is complete (tournament prizes --json, each
        # amount in words too); None before, or without prizes
        self.prizes = prizes
        self._index: NameIndex[int] | None = None
        self._tables: dict[int, TableJson] | None = None
        seen = [name, round_data, standings, entrants, deadline]
        self.version = hashlib.sha256(json.dumps(
            seen if prizes is None else [*seen, prizes], sort_keys=True,
            ensure_ascii=False).encode()).hexdigest()[:16]

    def entrant(self, typed: str) -> EntrantLine | None:
        """The team (a mêlée: the player) a phone typed, as every command finds one
        (:class:`NameIndex`: the whole name folded, else the start of its name or of one of
        its words), if only one fits."""
        found = self._candidates(typed)
        return self.entrants[found[0]] if len(found) == 1 else None

    def _candidates(self, typed: str) -> list[int]:
        if self._index is None:  # built once per snapshot, on the first phone's search
            self._index = NameIndex((i, row["name"], "") for i, row in enumerate(self.entrants))
        return self._index.candidates(typed) if fold(typed) else []

    def listing(self, typed: str) -> list[EntrantLine]:
        """The teams (a mêlée: the players) whose name, or a word of it, starts with what was
        typed, alphabetical; every one when nothing was."""
        if not fold(typed):
            return self.entrants
        return [self.entrants[i] for i in self._candidates(typed)]

    def table(self, number: int | None) -> TableJson | None:
        """Table ``number`` of the current round, as ``tournament show --json`` prints it
        (found in a dictionary built once per snapshot: a phone's page costs the same
        whatever the number of tables)."""
        if self._tables is None:
            tables = [] if self.round is None else self.round["tables"]
            self._tables = {table["table"]: table for table in tables}
        return self._tables.get(number) if number is not None else None

    def live_json(self) -> LiveJson:
        """What the pages poll: the version, and the countdown's end."""
        return {"version": self.version, "deadline": self.deadline}


def read_settings(settings: Settings) -> Snapshot:
    """A snapshot of the tournament ``settings`` name, in a store opened for it (what the
    server's worker process runs: it takes only what can be pickled)."""
    store = settings.open_store()
    try:
        return read(store, settings.tournament, settings.round_minutes)
    finally:
        store.close()


def read(store: Store, name: str | None, round_minutes: int | None) -> Snapshot:
    """A snapshot of tournament ``name`` (None: the current one) as ``store`` holds it at
    one moment (one reading)."""
    with store.reading():
        return _read(store, name, round_minutes)


def _read(store: Store, name: str | None, round_minutes: int | None) -> Snapshot:
    found = tournaments.load(store, name)
    current = found.current
    complete = [r.number for r in found.rounds if r.complete]
    after = complete[-1] if complete else None
    standings = views.standings_of(found)
    shown = views.standings_of(found, after) if after is not None else []
    deadline = None
    if current is not None:
        minutes = round_minutes or _time_limit(store, found)
        paired = store.round_paired(found.id, current.number)
        if minutes and paired:
            started = calendar.timegm(time.strptime(paired[:19], "%Y-%m-%dT%H:%M:%S"))
            deadline = float(started + minutes * 60)
    return Snapshot(found.name, None if current is None else views.round_json(found, current),
                    standings, shown, after,
                    views.entrant_lines(found, current),
                    deadline, store.reopened(found.id), melee=found.settings.melee,
                    prizes=prize_list.live_prizes(store, found))


def _time_limit(store: Store, tournament: Tournament) -> int | None:
    """The rules' ``end.time_limit`` (minutes), if they have one."""
    end = store.tournament_rules(tournament.id).get("end")
    limit = end.get("time_limit") if isinstance(end, dict) else None
    return limit if isinstance(limit, int) else None
