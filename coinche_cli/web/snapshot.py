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
from typing import TYPE_CHECKING, Any

from coinche_cli.names import NameIndex, fold
from coinche_cli.tournament import desk_prizes, views
from coinche_cli.tournament import ops as tournaments

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store
    from coinche_cli.tournament.model import Round, Tournament
    from coinche_cli.web.settings import Settings


class Snapshot:
    """The tournament as the pages show it, at one moment."""

    def __init__(self, name: str, round_data: dict[str, Any] | None,
                 standings: list[dict[str, Any]], shown_standings: list[dict[str, Any]],
                 standings_after: int | None, teams: list[dict[str, Any]],
                 deadline: float | None, reopened: dict[str, int] | None = None,
                 *, melee: bool = False, prizes: dict[str, Any] | None = None) -> None:
        self.name = name
        self.round = round_data  # tournament show --json (None: nothing paired yet)
        self.standings = standings  # tournament standings --json
        self.shown_standings = shown_standings  # after the last complete round
        self.standings_after = standings_after
        self.teams = teams  # alphabetical: team, table, opponent, results so far
        self.deadline = deadline  # the round's end, seconds since the epoch (a countdown)
        # how many times the director reopened each table to phones, by "round.table"
        self.reopened = reopened or {}
        # a mêlée: ``teams`` holds its players (``team``: a player's name; ``partner``)
        self.melee = melee
        # the prize list, once the last round is complete (tournament prizes --json, each
        # amount in words too); None before, or without prizes
        self.prizes = prizes
        self._index: NameIndex[int] | None = None
        self._tables: dict[int, dict[str, Any]] | None = None
        seen = [name, round_data, standings, teams, deadline]
        self.version = hashlib.sha256(json.dumps(
            seen if prizes is None else [*seen, prizes], sort_keys=True,
            ensure_ascii=False).encode()).hexdigest()[:16]

    def team(self, typed: str) -> dict[str, Any] | None:
        """The team a player typed, as every command finds one (:class:`NameIndex`: the whole
        name folded, else the start of its name or of one of its words), if only one fits."""
        found = self._candidates(typed)
        return self.teams[found[0]] if len(found) == 1 else None

    def _candidates(self, typed: str) -> list[int]:
        if self._index is None:  # built once per snapshot, on the first phone's search
            self._index = NameIndex((i, row["team"], "") for i, row in enumerate(self.teams))
        return self._index.candidates(typed) if fold(typed) else []

    def listing(self, typed: str) -> list[dict[str, Any]]:
        """The teams (a mêlée: the players) whose name, or a word of it, starts with what was
        typed, alphabetical; every one when nothing was."""
        if not fold(typed):
            return self.teams
        return [self.teams[i] for i in self._candidates(typed)]

    def table(self, number: int | None) -> dict[str, Any] | None:
        """Table ``number`` of the current round, as ``tournament show --json`` prints it
        (found in a dictionary built once per snapshot: a phone's page costs the same
        whatever the number of tables)."""
        if self._tables is None:
            tables: list[dict[str, Any]] = (self.round or {}).get("tables", [])
            self._tables = {table["table"]: table for table in tables}
        return self._tables.get(number) if number is not None else None

    def live_json(self) -> dict[str, Any]:
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
                    _players(found, current) if found.settings.melee else _teams(found, current),
                    deadline, store.reopened(found.id), melee=found.settings.melee,
                    prizes=desk_prizes.live_prizes(store, found))


def _time_limit(store: Store, tournament: Tournament) -> int | None:
    """The rules' ``end.time_limit`` (minutes), if they have one."""
    end = store.tournament_rules(tournament.id).get("end") or {}
    limit = end.get("time_limit")
    return int(limit) if isinstance(limit, int) else None


def _teams(tournament: Tournament, current: Round | None) -> list[dict[str, Any]]:
    """Every team still playing, alphabetical (folded): its table and opponent in the current
    round, and its results so far."""
    rows = []
    for team in tournament.teams:
        if team.dropped_after is not None:
            continue
        table, opponent, bye = None, None, False
        if current is not None:
            board = current.board_of(team.id)
            if board is not None:
                table, opponent = board.table, tournament.name_of(board.opponent(team.id))
            bye = current.bye == team.id
        rows.append({"team": team.name, "table": table, "opponent": opponent, "bye": bye,
                     "results": _results(tournament, team.id)})
    return sorted(rows, key=lambda row: fold(row["team"]))


def _players(tournament: Tournament, current: Round | None) -> list[dict[str, Any]]:
    """A mêlée's players still playing, alphabetical (folded): their table, partner and
    opponents in the current partie (or that they sit out), and their results so far (their
    pairs' and their parties sat out), as ``/me`` shows a team's."""
    pairs: dict[int, list[int]] = {}  # a player's pairs, one per partie played
    for team in tournament.teams:
        for member in team.members:
            pairs.setdefault(member, []).append(team.id)
    rows = []
    for player in tournament.players:
        if player.dropped_after is not None:
            continue
        table, partner, opponent, bye = None, None, None, False
        if current is not None:
            bye = player.id in current.sitting_out
            for board in current.boards:
                for mine in (board.team1, board.team2):
                    members = tournament.team(mine).members
                    if player.id in members:
                        table = board.table
                        partner = next(tournament.player(p).name for p in members
                                       if p != player.id)
                        opponent = tournament.name_of(board.opponent(mine))
        results = [entry for team_id in pairs.get(player.id, ())
                   for entry in _results(tournament, team_id)]
        results += [{"round": played.number, "bye": True} for played in tournament.rounds
                    if player.id in played.sitting_out]
        rows.append({"team": player.name, "table": table, "partner": partner,
                     "opponent": opponent, "bye": bye,
                     "results": sorted(results, key=lambda r: int(r["round"]))})
    return sorted(rows, key=lambda row: fold(row["team"]))


def _results(tournament: Tournament, team_id: int) -> list[dict[str, Any]]:
    """A team's rounds so far: the opponent, its score and the opponent's (None after a
    forfeit, which says whose: ``mine`` or ``theirs``), won or not."""
    results: list[dict[str, Any]] = []
    for played in tournament.rounds:
        if played.bye == team_id:
            results.append({"round": played.number, "bye": True})
            continue
        board = played.board_of(team_id)
        if board is None or not board.has_result:
            continue
        forfeit = (None if board.forfeit is None
                   else "mine" if board.forfeit == team_id else "theirs")
        first = board.team1 == team_id
        mine, theirs = ((board.score1, board.score2) if first
                        else (board.score2, board.score1))
        winner = tournament.winner(played, board)
        outcome = "draw" if winner is None else "won" if winner == team_id else "lost"
        results.append({"round": played.number, "bye": False, "table": board.table,
                        "opponent": tournament.name_of(board.opponent(team_id)),
                        "score": mine, "against": theirs,
                        "forfeit": forfeit, "outcome": outcome})
    return results
