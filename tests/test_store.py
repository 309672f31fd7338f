"""The store contract: what every backend of ``coinche_cli.store.Store`` must do.

Written against the protocol, with real backends behind it: a SQLite file, and a database of
a real PostgreSQL server (``tests/pg_server.py``) — every contract test runs on both.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from coinche_cli.errors import InputError, StoreError
from coinche_cli.store import SCHEMA_VERSION
from coinche_cli.store.migrations import MIGRATIONS, statements
from coinche_cli.store.postgres import PostgresStore
from coinche_cli.store.protocol import Store
from coinche_cli.store.records import GameRecord, TournamentRecord
from coinche_cli.store.sql import SqlStore
from coinche_cli.store.sqlite import SqliteStore
from coinche_cli.tournament.model import Board, Entrant, Penalty, Round

#: A tournament's settings as stored (one round of four deals, ranked by points).
SETTINGS: dict[str, Any] = {"rounds": 1, "deals": 4, "target": None, "ranking": "points",
                            "bye_points": "average", "bye_win": True,
                            "match_points": [3, 2, 1, 0], "tie_breaks": [], "seed": 1}
BACKENDS = ("postgresql", "sqlite")


def _team(name: str, registered: int, *players: str) -> Entrant:
    """A formed team to register."""
    return Entrant(0, name, registered=registered, kind="team", players=players)


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SqlStore]:
    opened: SqlStore
    if request.param == "postgresql":
        opened = PostgresStore(request.getfixturevalue("pg_server").new_database())
    else:
        opened = SqliteStore(tmp_path / "s.db")
    yield opened
    opened.close()


def _rows(store: SqlStore, sql: str) -> list[tuple[Any, ...]]:
    """A query on the store's own connection, whatever its backend."""
    return [tuple(row) for row in store.db.execute(sql).fetchall()]


def _game(**changes: Any) -> GameRecord:
    fields: dict[str, Any] = {
        "id": 0, "created": "2026-11-30T10:00:00+00:00", "rules_name": "standard",
        "rules": {"name": "standard"}, "players": 4, "names": {"A": "Les As", "B": "Les Rois"},
        "first_dealer": 0, "target": 1000, "deals": None}
    return GameRecord(**(fields | changes))


def test_a_game_and_its_deals_round_trip(store: Store) -> None:
    with store.write():
        game_id = store.create_game(_game())
        store.set_current("game", game_id)
        first = store.add_deal(game_id, 1, {"taker": "A"}, "t1", {"totals": {"A": 1}})
        store.add_deal(game_id, 2, None, "t2", None)
    assert store.current("game") == game_id
    assert store.game(game_id) == _game(id=game_id)
    assert store.game(game_id + 1) is None
    assert [d.number for d in store.deals(game_id)] == [1, 2]
    last = store.last_deal(game_id)
    assert last is not None and last.number == 2 and last.deal is None
    with store.write():
        store.retire_deal(last.id, "t3")
        store.set_deal_state(first, {"totals": {"A": 2}})
    assert [d.number for d in store.deals(game_id)] == [1]
    assert [(d.number, d.status) for d in store.deals(game_id, history=True)] == [
        (1, "active"), (2, "removed")]
    assert store.deals(game_id)[0].state == {"totals": {"A": 2}}


def _round_of(store: SqlStore, tables: int) -> tuple[int, list[Board]]:
    """A tournament with one paired round of ``tables`` tables, no result yet."""
    record = TournamentRecord(0, "Batch", "t0", "standard", {"name": "standard"}, SETTINGS)
    with store.write():
        tid = store.create_tournament(record)
        ids = store.add_entrants(tid, [_team(f"Équipe {n}", n, f"J{n}", f"K{n}")
                                       for n in range(2 * tables)])
        boards = [Board(t, ids[2 * t - 2], ids[2 * t - 1]) for t in range(1, tables + 1)]
        store.add_round(tid, Round(1, tuple(boards)), "t1")
    return tid, boards


def test_a_batch_of_results_keeps_only_replaced_ones_in_the_history(store: SqlStore) -> None:
    tid, boards = _round_of(store, 3)
    with store.write():  # table 2 first, alone
        store.set_results(tid, 1, [boards[1].with_result(500, 400)], "t2")
    with store.write():  # then the whole round from a file: only table 2 had a result
        store.set_results(tid, 1, [b.with_result(600 + b.table, 300) for b in boards], "t3")
    history = _rows(store, "SELECT table_no, score1, score2, entered, replaced"
                           " FROM board_history")
    assert history == [(2, 500, 400, "t2", "t3")]
    tournament = store.tournament(tid)
    assert tournament is not None
    assert [(b.score1, b.score2) for b in tournament.round(1).boards] == [
        (601, 300), (602, 300), (603, 300)]


def test_a_batch_past_one_statements_tables_keeps_every_replaced_result(store: SqlStore
                                                                        ) -> None:
    tid, boards = _round_of(store, 1_200)  # three history statements of at most 500 tables
    with store.write():
        store.set_results(tid, 1, [b.with_result(100, 200) for b in boards[::2]], "t2")
    with store.write():
        store.set_results(tid, 1, [b.with_result(300, 200) for b in boards], "t3")
    kept = _rows(store, "SELECT table_no FROM board_history ORDER BY table_no")
    assert [t for (t,) in kept] == [b.table for b in boards[::2]]
    tournament = store.tournament(tid)
    assert tournament is not None
    assert {b.score1 for b in tournament.round(1).boards} == {300}
    assert tournament.team(boards[0].team2).players == ("J1", "K1")


def test_a_batch_naming_a_table_twice_is_a_programming_error(store: SqlStore) -> None:
    tid, boards = _round_of(store, 2)
    with pytest.raises(ValueError, match="twice"), store.write():
        store.set_results(tid, 1, [boards[0].with_result(1, 2), boards[0].with_result(3, 4)],
                          "t2")


def test_players_stored_damaged_are_not_given_to_another_team(store: SqlStore) -> None:
    tid, boards = _round_of(store, 1)
    # two values that only parse together
    store.db.execute("UPDATE team SET players = ? WHERE id = ?", ('["a"],["b"', boards[0].team1))
    store.db.execute("UPDATE team SET players = ? WHERE id = ?", ('"c"]', boards[0].team2))
    with pytest.raises(json.JSONDecodeError):
        store.tournament(tid)


def test_a_failed_write_leaves_nothing(store: Store) -> None:
    with pytest.raises(RuntimeError), store.write():
        store.create_game(_game())
        raise RuntimeError("the command was refused")
    assert store.games() == []


def test_a_tournament_round_trips_with_teams_rounds_results_and_penalties(store: Store) -> None:
    record = TournamentRecord(0, "Concours de Noël", "t0", "standard", {"name": "standard"},
                              SETTINGS | {"rounds": 3})
    with store.write():
        tid = store.create_tournament(record)
        ids = store.add_entrants(tid, [_team(name, n, f"{name} 1")
                                       for n, name in enumerate(("Les As", "Les Rois", "Les Dix"),
                                                                start=1)])
        store.add_round(tid, Round(1, (Board(1, ids[0], ids[1]),), ids[2]), "t1")
    assert store.find_tournament("concours de noel") == tid  # compared folded
    assert [t.name for t in store.tournaments()] == ["Concours de Noël"]
    assert store.latest_round(tid) == 1
    assert store.board(tid, 1, 1) == Board(1, ids[0], ids[1])
    with store.write():
        first = Board(1, ids[0], ids[1])
        store.set_results(tid, 1, [first.with_result(1200, 900, winner=ids[0])], "t2")
        store.set_results(tid, 1, [first.with_result(1250, 900, winner=ids[0])],
                         "t3")  # a correction
        store.add_penalty(tid, Penalty(ids[0], 1, 162, "renonce", True), "t4")
        store.set_dropped(_team("Les Dix", 3).with_id(ids[2]), 1)
    tournament = store.tournament(tid)
    assert tournament is not None
    assert tournament.round(1).board(1) == Board(1, ids[0], ids[1], 1250, 900, winner=ids[0])
    assert tournament.round(1).bye == ids[2]
    assert tournament.penalties == (Penalty(ids[0], 1, 162, "renonce", True),)
    assert tournament.team(ids[2]).dropped_after == 1
    with store.write():
        store.remove_round(tid, 1)
    assert store.latest_round(tid) is None and store.board(tid, 1, 1) is None


def test_the_migrations_are_named_steps_of_single_statements() -> None:
    assert SCHEMA_VERSION == len(MIGRATIONS) == 14
    assert len({name for name, _ in MIGRATIONS}) == len(MIGRATIONS)
    for _, step in MIGRATIONS:
        for statement in step:
            assert ";" not in statement.replace("';'", "")  # one statement, nothing to split
    # every step applies to a fresh SQLite database, one statement at a time
    db = sqlite3.connect(":memory:")
    for statement in statements("sqlite", 0):
        db.execute(statement)
    assert "state" in {row[1] for row in db.execute("PRAGMA table_info(deal)")}
    assert "rules_compiled" in {row[1] for row in db.execute("PRAGMA table_info(game)")}
    # step 14: the score sheet on the phone
    assert {"join_code", "time_called"} <= {row[1] for row in db.execute(
        "PRAGMA table_info(game)")}


def _created(path: Path) -> None:
    store = SqliteStore(path)
    with store.write():
        store.set_current("game", 1)
    store.close()


def test_a_store_written_by_a_newer_coinche_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "newer.db"
    _created(path)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = path.read_bytes()
    with pytest.raises(StoreError) as refused:
        assert SqliteStore(path).db is not None
    assert "newer coinche" in refused.value.text and refused.value.exit_code == 1
    assert path.read_bytes() == before


def test_another_programs_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE note (text TEXT)")
        db.execute("INSERT INTO note VALUES ('acheter du pain')")
    before = path.read_bytes()
    with pytest.raises(InputError) as refused:
        assert SqliteStore(path).db is not None
    assert refused.value.field == "db" and "not a coinche store" in refused.value.text
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.sqlite"]


def test_a_store_is_created_by_its_first_change_only(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "new.db"
    store = SqliteStore(path)
    assert store.games() == [] and store.current("game") is None  # reads an empty store
    with pytest.raises(RuntimeError), store.write():
        raise RuntimeError("refused before any change")
    assert not path.exists() and not path.parent.exists()
    with store.write():
        game_id = store.create_game(_game())
    store.close()
    assert path.exists()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA application_id").fetchone() == (0x436F696E,)
        assert db.execute("SELECT id FROM game").fetchall() == [(game_id,)]


def test_the_store_knows_its_own_files(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    _created(path)
    store = SqliteStore(path)
    link = tmp_path / "link.csv"
    link.symlink_to(path)
    for own in (path, tmp_path / "c.db-wal", tmp_path / "c.db-shm", link,
                tmp_path / "." / "c.db"):
        assert store.owns(own), own
    assert not store.owns(tmp_path / "c.csv")


def _second(store: SqlStore, tmp_path: Path) -> SqlStore:
    """Another connection to the same store (another desk)."""
    if isinstance(store, PostgresStore):
        return PostgresStore(store.url)
    assert isinstance(store, SqliteStore)
    return SqliteStore(store.path)


def test_a_tournament_is_read_in_one_snapshot(store: SqlStore, tmp_path: Path) -> None:
    """Issue 23: a tournament is five queries; a round paired by another desk between two of
    them must not read as a complete round without its tables."""
    with store.write():
        tournament_id = store.create_tournament(
            TournamentRecord(0, "Snapshot", "t0", "standard", {"name": "standard"}, SETTINGS))
        store.add_entrants(tournament_id, [_team("Les As", 1), _team("Les Rois", 2)])
    ids = [team.id for team in (store.tournament(tournament_id) or _none()).teams]
    desk = _second(store, tmp_path)
    try:
        with store.reading():
            before = store.tournament(tournament_id)  # the snapshot is taken here
            with desk.write():
                desk.add_round(tournament_id, Round(1, (Board(1, ids[0], ids[1]),), None, 0),
                               "t1")
            again = store.tournament(tournament_id)
            assert store.latest_round(tournament_id) is None  # every query: the same moment
        assert again == before and again is not None and again.rounds == ()
        after = store.tournament(tournament_id)  # a new reading sees the round, whole
        assert after is not None and [len(r.boards) for r in after.rounds] == [1]
    finally:
        desk.close()
    if isinstance(store, SqliteStore):  # and a tournament read alone is one transaction
        said: list[str] = []
        store.db.raw.set_trace_callback(said.append)
        store.tournament(tournament_id)
        store.db.raw.set_trace_callback(None)
        # the tournament, its teams, tables, rounds, penalties, a mêlée's sit-outs and
        # players, its stages (none: nothing more is read): eight queries between BEGIN and
        # ROLLBACK
        assert said[0] == "BEGIN" and said[-1] == "ROLLBACK" and len(said) == 10, said


def _none() -> Any:
    raise AssertionError("no tournament")


def test_a_failed_commit_rolls_back_and_the_store_goes_on(store: SqlStore) -> None:
    """Issue 23: a COMMIT that fails (here a check the database defers to the commit) leaves
    nothing half-written, and the next command's transaction starts cleanly."""
    if isinstance(store, PostgresStore):
        with store.write():  # the tables exist; then a check PostgreSQL runs at COMMIT
            store.set_current("game", 1)
        store.db.execute("CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS"
                         " $$ BEGIN RAISE EXCEPTION 'refused at commit'; END $$")
        store.db.execute("CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER INSERT ON game"
                         " DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse()")
    with pytest.raises(StoreError), store.write():
        if isinstance(store, SqliteStore):  # SQLite checks this foreign key at COMMIT
            store._changing().execute("PRAGMA defer_foreign_keys = ON")
            store.add_deal(999, 1, None, "t1", None)  # game 999 does not exist
        else:
            store.create_game(_game())
    assert store.games() == [] and store.deals(999) == []
    if isinstance(store, PostgresStore):
        store.db.execute("DROP TRIGGER refuse_at_commit ON game")
    with store.write():  # the connection is in no transaction any more
        game_id = store.create_game(_game())
        store.add_deal(game_id, 1, None, "t1", None)
    assert [d.number for d in store.deals(game_id)] == [1]
