"""Every row of a SQL store's tables, read and written as they are: what ``store copy``
(:mod:`coinche_cli.store.transfer`) moves from one store to another, on either backend.

These are functions of a :class:`~coinche_cli.store.sql.SqlStore` rather than its
methods because only ``store copy`` uses them: every command imports the store's class, and
each method it carries costs the table's ``game add`` at start-up.  What differs between
the backends is spelt here by their ``dialect``, as :data:`coinche_cli.store.migrations.
ID_TYPES` spells their keys.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from coinche_cli.store.sql import SqlStore

def same_database(one: SqlStore, other: SqlStore) -> bool:
    """Whether two PostgreSQL stores are one database, however their URLs spell it (a host's
    name or address, a default port): a lock taken by one is held against the other only
    then (advisory locks belong to a database).  The key is drawn at random, so no desk's
    lock is mistaken for it."""
    key = secrets.randbits(62)
    one.db.execute("SELECT pg_advisory_lock(?)", (key,))
    try:
        free = bool(other.db.execute("SELECT pg_try_advisory_lock(?)", (key,)).fetchone()[0])
        if free:
            other.db.execute("SELECT pg_advisory_unlock(?)", (key,))
    finally:
        one.db.execute("SELECT pg_advisory_unlock(?)", (key,))
    return not free


def columns(store: SqlStore, table: str) -> list[str]:
    """The column names of ``table`` in ``store``'s schema."""
    cursor = store.db.execute(f"SELECT * FROM {table} WHERE 1 = 0")
    return [str(column[0]) for column in cursor.description]


def table_rows(store: SqlStore, table: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """The column names of ``table`` (one of the schema's) and all its rows."""
    cursor = store.db.execute(f"SELECT * FROM {table}")
    columns = [str(column[0]) for column in cursor.description]
    return columns, [tuple(row) for row in cursor.fetchall()]


def count(store: SqlStore, table: str) -> int:
    """How many rows ``table`` has."""
    return int(store.db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def largest_id(store: SqlStore, table: str) -> int:
    """The largest id in ``table`` (0 when it has no row)."""
    row = store.db.execute(f"SELECT MAX(id) FROM {table}").fetchone()
    return int(row[0] or 0)


def insert_rows(store: SqlStore, table: str, columns: Sequence[str],
                rows: Sequence[Sequence[Any]]) -> None:
    """Insert ``rows`` into ``table`` as they are, ids included (inside a write).  On
    PostgreSQL the table's identity then moves past them, so that the next row a command
    adds takes the next id (SQLite's ``INTEGER PRIMARY KEY`` needs nothing)."""
    if not rows:
        return
    db = store._changing()  # the backend's connection for a change (a new store is made now)
    marks = ", ".join("?" for _ in columns)
    db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
    if "id" in columns and store.dialect == "postgresql":
        db.execute(f"SELECT setval(pg_get_serial_sequence(?, 'id'),"
                   f" (SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)", (table,))


#: The tables holding one concours (``tournament export --event``), each with the order its
#: rows are read in: the order they were written, so that a file lists them as they came.
CONCOURS_TABLES: dict[str, str] = {
    "tournament": "id", "player": "id", "team": "id", "game": "id", "deal": "id",
    "round": "number", "stage": "position", "stage_team": "position, seed",
    "stage_bye": "position, round, team_id", "board": "round, table_no",
    "board_history": "id", "penalty": "id", "table_time": "round, table_no",
    "sitting_out": "round, player_id", "checkin": "id", "payment": "id", "prize": "id",
    "prize_pot": "tournament_id", "prize_order": "decision, position",
}


def tournament_rows(store: SqlStore, tournament_id: int
                    ) -> dict[str, tuple[list[str], list[tuple[Any, ...]]]]:
    """Every row of one tournament, table by table (:data:`CONCOURS_TABLES`): its own, its
    tables' games and their deals (inside the caller's reading)."""
    found: dict[str, tuple[list[str], list[tuple[Any, ...]]]] = {}
    for table, order in CONCOURS_TABLES.items():
        if table == "tournament":
            where = "id = ?"
        elif table == "deal":
            where = "game_id IN (SELECT id FROM game WHERE tournament_id = ?)"
        else:
            where = "tournament_id = ?"
        cursor = store.db.execute(f"SELECT * FROM {table} WHERE {where} ORDER BY {order}",
                                  (tournament_id,))
        found[table] = ([str(column[0]) for column in cursor.description],
                        [tuple(row) for row in cursor.fetchall()])
    return found
