"""Tournaments in the SQLite store: read a whole :class:`Tournament`, write its changes.

Every function runs inside the caller's ``store.write()`` transaction (or a read).
"""

from __future__ import annotations

import json
from typing import Any

from coinche_cli.errors import TournamentError
from coinche_cli.store.sqlite import SqliteStore, now
from coinche_cli.tournament.files import fold
from coinche_cli.tournament.model import Board, Penalty, Round, Settings, Team, Tournament


def name_key(name: str) -> str:
    """How team and tournament names are compared: the same folding as the import files use
    for duplicates (no accents, no case, one space between words)."""
    return fold(name)


def create(store: SqliteStore, name: str, rules_name: str, rules: dict[str, Any],
           settings: Settings) -> int:
    """Insert a tournament and make it current."""
    key = name_key(name)
    if not key:
        raise TournamentError("tournament.empty_name")
    if store.db.execute("SELECT 1 FROM tournament WHERE name_key = ?", (key,)).fetchone():
        raise TournamentError("tournament.exists", name=name)
    cursor = store.db.execute(
        "INSERT INTO tournament (name, name_key, created, rules_name, rules, settings)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (name.strip(), key, now(), rules_name, json.dumps(rules),
         json.dumps(settings.to_json())),
    )
    tournament_id = int(cursor.lastrowid or 0)
    set_current(store, tournament_id)
    return tournament_id


def set_current(store: SqliteStore, tournament_id: int) -> None:
    """Make a tournament the current one."""
    store.db.execute(
        "INSERT INTO setting (key, value) VALUES ('current_tournament', ?)"
        " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (str(tournament_id),),
    )


def find(store: SqliteStore, name: str | None) -> int:
    """The id of the tournament called ``name``, or of the current one."""
    if name is None:
        row = store.db.execute(
            "SELECT value FROM setting WHERE key = 'current_tournament'").fetchone()
        if row is None:
            raise TournamentError("tournament.no_current")
        return int(row[0])
    found = store.db.execute("SELECT id FROM tournament WHERE name_key = ?",
                             (name_key(name),)).fetchone()
    if found is None:
        raise TournamentError("tournament.unknown", name=name)
    return int(found[0])


def names(store: SqliteStore) -> list[tuple[int, str, str]]:
    """Every tournament: id, name, created."""
    rows = store.db.execute("SELECT id, name, created FROM tournament ORDER BY id").fetchall()
    return [(r[0], r[1], r[2]) for r in rows]


def rules_document(store: SqliteStore, tournament_id: int) -> dict[str, Any]:
    """The rules snapshot of a tournament."""
    row = store.db.execute("SELECT rules FROM tournament WHERE id = ?",
                           (tournament_id,)).fetchone()
    data: dict[str, Any] = json.loads(row[0])
    return data


def load(store: SqliteStore, tournament_id: int) -> Tournament:
    """Read a whole tournament."""
    db = store.db
    row = db.execute("SELECT id, name, rules_name, settings FROM tournament WHERE id = ?",
                     (tournament_id,)).fetchone()
    if row is None:
        raise TournamentError("tournament.unknown", name=tournament_id)
    teams = tuple(
        Team(id=r[0], name=r[1], players=tuple(json.loads(r[2])), club=r[3], registered=r[4],
             joined_round=r[5], dropped_after=r[6])
        for r in db.execute(
            "SELECT id, name, players, club, registered, joined_round, dropped_after FROM team"
            " WHERE tournament_id = ? ORDER BY registered", (tournament_id,))
    )
    boards: dict[int, list[Board]] = {}
    for r in db.execute(
        "SELECT round, table_no, team1, team2, score1, score2, forfeit, game_id FROM board"
        " WHERE tournament_id = ? ORDER BY round, table_no", (tournament_id,)
    ):
        boards.setdefault(r[0], []).append(Board(r[1], r[2], r[3], r[4], r[5], r[6], r[7]))
    rounds = tuple(
        Round(r[0], tuple(boards.get(r[0], [])), r[1], r[2])
        for r in db.execute("SELECT number, bye, rematches FROM round WHERE tournament_id = ?"
                            " ORDER BY number", (tournament_id,))
    )
    penalties = tuple(
        Penalty(team=r[0], round=r[1], points=r[2], reason=r[3], to_opponents=bool(r[4]))
        for r in db.execute("SELECT team_id, round, points, reason, to_opponents FROM penalty"
                            " WHERE tournament_id = ? ORDER BY id", (tournament_id,))
    )
    return Tournament(id=row[0], name=row[1], rules_name=row[2],
                      settings=Settings.from_json(json.loads(row[3])), teams=teams,
                      rounds=rounds, penalties=penalties)


def add_team(store: SqliteStore, tournament: Tournament, name: str, players: tuple[str, ...],
             club: str, joined_round: int) -> int:
    """Register a team (refused when the name is taken)."""
    key = name_key(name)
    if not key:
        raise TournamentError("tournament.empty_team")
    if any(name_key(t.name) == key for t in tournament.teams):
        raise TournamentError("tournament.team_exists", name=name.strip())
    order = max((t.registered for t in tournament.teams), default=0) + 1
    cursor = store.db.execute(
        "INSERT INTO team (tournament_id, name, name_key, players, club, registered,"
        " joined_round) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (tournament.id, name.strip(), key, json.dumps(list(players), ensure_ascii=False),
         club.strip(), order, joined_round),
    )
    return int(cursor.lastrowid or 0)


def drop_team(store: SqliteStore, tournament: Tournament, team: Team, after: int) -> None:
    """Take a team out of the pairings from round ``after + 1`` on."""
    store.db.execute("UPDATE team SET dropped_after = ? WHERE id = ?", (after, team.id))


def add_round(store: SqliteStore, tournament: Tournament, played: Round) -> None:
    """Store a paired round."""
    store.db.execute(
        "INSERT INTO round (tournament_id, number, paired, bye, rematches) VALUES (?, ?, ?, ?, ?)",
        (tournament.id, played.number, now(), played.bye, played.rematches),
    )
    store.db.executemany(
        "INSERT INTO board (tournament_id, round, table_no, team1, team2) VALUES (?, ?, ?, ?, ?)",
        [(tournament.id, played.number, b.table, b.team1, b.team2) for b in played.boards],
    )


def remove_round(store: SqliteStore, tournament: Tournament, number: int) -> None:
    """Withdraw a round that has no result."""
    store.db.execute("DELETE FROM board WHERE tournament_id = ? AND round = ?",
                     (tournament.id, number))
    store.db.execute("DELETE FROM round WHERE tournament_id = ? AND number = ?",
                     (tournament.id, number))


def set_result(store: SqliteStore, tournament: Tournament, number: int, board: Board,
               score1: int | None, score2: int | None, forfeit: int | None,
               game_id: int | None = None) -> None:
    """Enter or correct a table's result; a replaced result goes to the history."""
    if board.has_result:
        store.db.execute(
            "INSERT INTO board_history (tournament_id, round, table_no, score1, score2, forfeit,"
            " entered, replaced) SELECT tournament_id, round, table_no, score1, score2, forfeit,"
            " entered, ? FROM board WHERE tournament_id = ? AND round = ? AND table_no = ?",
            (now(), tournament.id, number, board.table),
        )
    store.db.execute(
        "UPDATE board SET score1 = ?, score2 = ?, forfeit = ?, game_id = COALESCE(?, game_id),"
        " entered = ? WHERE tournament_id = ? AND round = ? AND table_no = ?",
        (score1, score2, forfeit, game_id, now(), tournament.id, number, board.table),
    )


def link_game(store: SqliteStore, tournament: Tournament, number: int, table: int,
              game_id: int) -> None:
    """Mark a table as scored deal by deal in ``game_id``."""
    store.db.execute(
        "UPDATE board SET game_id = ? WHERE tournament_id = ? AND round = ? AND table_no = ?",
        (game_id, tournament.id, number, table),
    )


def add_penalty(store: SqliteStore, tournament: Tournament, penalty: Penalty) -> None:
    """Record a penalty."""
    store.db.execute(
        "INSERT INTO penalty (tournament_id, team_id, round, points, reason, to_opponents,"
        " entered) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (tournament.id, penalty.team, penalty.round, penalty.points, penalty.reason,
         int(penalty.to_opponents), now()),
    )
