"""Where games are kept: one SQLite file, safe against kills and concurrent terminals.

Every write is one ``BEGIN IMMEDIATE`` transaction in WAL mode with ``synchronous=FULL``, so a
write reported as saved survives a killed process and two terminals writing at once queue
behind the busy timeout instead of failing.  Commands talk to the :class:`Store` protocol
only, so a server database can stand behind the same calls later.
"""


import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from coinche_cli.errors import GameError, StoreError

BUSY_TIMEOUT_MS = 60_000

# Forward migrations: MIGRATIONS[n] takes the schema from version n to n + 1.  Statements are
# split on ";", so comments must not contain one.
MIGRATIONS: list[str] = [
    """
    CREATE TABLE game (
        id INTEGER PRIMARY KEY,
        created TEXT NOT NULL,
        rules_name TEXT NOT NULL,
        rules TEXT NOT NULL,            -- the validated rules document, as JSON (a snapshot)
        players INTEGER NOT NULL,
        names TEXT NOT NULL,            -- JSON: side -> display name
        first_dealer INTEGER NOT NULL,
        target INTEGER,
        deals INTEGER,
        label TEXT NOT NULL DEFAULT ''  -- e.g. a tournament table
    );
    CREATE TABLE deal (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES game(id),
        number INTEGER NOT NULL,
        deal TEXT,                      -- JSON deal, NULL when everybody passed
        recorded TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'active',  -- active | removed | replaced
        replaced_by INTEGER REFERENCES deal(id),
        changed TEXT                    -- when it was removed or replaced
    );
    CREATE INDEX deal_game ON deal(game_id, status, number);
    CREATE UNIQUE INDEX deal_active ON deal(game_id, number) WHERE status = 'active';
    CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    """
    CREATE TABLE tournament (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,  -- lower-case, accents removed
        created TEXT NOT NULL,
        rules_name TEXT NOT NULL,
        rules TEXT NOT NULL,            -- the validated rules document, as JSON
        settings TEXT NOT NULL          -- JSON: rounds, format, ranking, byes, tie-breaks
    );
    CREATE TABLE team (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournament(id),
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        players TEXT NOT NULL,          -- JSON list
        club TEXT NOT NULL DEFAULT '',
        registered INTEGER NOT NULL,
        joined_round INTEGER NOT NULL,
        dropped_after INTEGER,
        UNIQUE (tournament_id, name_key)
    );
    CREATE TABLE round (
        tournament_id INTEGER NOT NULL REFERENCES tournament(id),
        number INTEGER NOT NULL,
        paired TEXT NOT NULL,
        bye INTEGER REFERENCES team(id),
        rematches INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tournament_id, number)
    );
    CREATE TABLE board (
        tournament_id INTEGER NOT NULL REFERENCES tournament(id),
        round INTEGER NOT NULL,
        table_no INTEGER NOT NULL,
        team1 INTEGER NOT NULL REFERENCES team(id),
        team2 INTEGER NOT NULL REFERENCES team(id),
        score1 INTEGER,
        score2 INTEGER,
        forfeit INTEGER REFERENCES team(id),
        game_id INTEGER REFERENCES game(id),
        entered TEXT,
        PRIMARY KEY (tournament_id, round, table_no)
    );
    CREATE TABLE board_history (       -- every result replaced by a correction
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL,
        round INTEGER NOT NULL,
        table_no INTEGER NOT NULL,
        score1 INTEGER,
        score2 INTEGER,
        forfeit INTEGER,
        entered TEXT,
        replaced TEXT NOT NULL
    );
    CREATE TABLE penalty (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournament(id),
        team_id INTEGER NOT NULL REFERENCES team(id),
        round INTEGER NOT NULL,
        points INTEGER NOT NULL,
        reason TEXT NOT NULL,
        to_opponents INTEGER NOT NULL DEFAULT 0,
        entered TEXT NOT NULL
    );
    ALTER TABLE game ADD COLUMN tournament_id INTEGER REFERENCES tournament(id);
    ALTER TABLE game ADD COLUMN round INTEGER;
    ALTER TABLE game ADD COLUMN table_no INTEGER
    """,
    """
    -- the game's summary after each deal (totals, dealer, end), so that adding a deal does
    -- not replay the whole game (recomputed for every later deal when a deal is edited)
    ALTER TABLE deal ADD COLUMN state TEXT
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)


class GameRecord(NamedTuple):
    """A stored game's settings."""

    id: int
    created: str
    rules_name: str
    rules: dict[str, Any]
    players: int
    names: dict[str, str]
    first_dealer: int
    target: int | None
    deals: int | None
    label: str = ""
    tournament_id: int | None = None  # a tournament table scored deal by deal
    round: int | None = None
    table_no: int | None = None


class DealRecord(NamedTuple):
    """A stored deal, active or kept in the history after an undo or an edit."""

    id: int
    number: int
    deal: dict[str, Any] | None
    recorded: str
    status: str
    replaced_by: int | None = None
    changed: str | None = None
    state: dict[str, Any] | None = None


class Store(Protocol):
    """What the commands need from a store (SQLite now, a server database later)."""

    def create_game(self, record: GameRecord) -> int: ...
    def game(self, game_id: int) -> GameRecord: ...
    def games(self) -> list[GameRecord]: ...
    def deals(self, game_id: int, *, history: bool = False) -> list[DealRecord]: ...
    def current_game(self) -> int | None: ...
    def set_current_game(self, game_id: int) -> None: ...


def now() -> str:
    """The current time, ISO 8601 in UTC, to the second."""
    # time.strftime, not datetime: this runs on every deal and datetime costs an import
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())


def default_path() -> Path:
    """``COINCHE_DB``, or ``coinche.db`` in the user's data folder."""
    env = os.environ.get("COINCHE_DB")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("coinche", appauthor=False)) / "coinche.db"


class SqliteStore:
    """The SQLite store.  Use :meth:`write` for every change: one immediate transaction."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # autocommit mode: transactions are opened explicitly with BEGIN IMMEDIATE
            self.db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            self.db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._wal()
            self.db.execute("PRAGMA synchronous = FULL")
            self.db.execute("PRAGMA foreign_keys = ON")
            self._migrate()
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"{path}: {exc}") from None

    def _wal(self) -> None:
        """Switch to WAL.  On a new file another process may hold a lock while setting it up,
        and SQLite then fails at once instead of waiting (no busy handler for a journal mode
        change): retry until the busy timeout runs out."""
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        delay = 0.005
        while True:
            try:
                self.db.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite3.OperationalError as exc:
                text = str(exc).lower()
                if ("locked" not in text and "busy" not in text) or time.monotonic() > deadline:
                    raise
                time.sleep(delay)
                delay = min(delay * 2, 0.1)

    def close(self) -> None:
        """Close the connection."""
        self.db.close()

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version >= SCHEMA_VERSION:
            return
        with self.write():
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            for step in MIGRATIONS[version:]:
                for statement in step.split(";"):
                    if statement.strip():
                        self.db.execute(statement)
            self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextmanager
    def write(self) -> Iterator[None]:
        """One immediate transaction: committed when the block ends, rolled back on error."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- games

    def create_game(self, record: GameRecord) -> int:
        """Insert a game and make it the current one; returns its id."""
        cursor = self.db.execute(
            "INSERT INTO game (created, rules_name, rules, players, names, first_dealer,"
            " target, deals, label, tournament_id, round, table_no)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (record.created, record.rules_name, json.dumps(record.rules), record.players,
             json.dumps(record.names, ensure_ascii=False), record.first_dealer, record.target,
             record.deals, record.label, record.tournament_id, record.round, record.table_no),
        )
        game_id = int(cursor.lastrowid or 0)
        self.set_current_game(game_id)
        return game_id

    def _game(self, row: tuple[Any, ...]) -> GameRecord:
        return GameRecord(
            id=row[0], created=row[1], rules_name=row[2], rules=json.loads(row[3]),
            players=row[4], names=json.loads(row[5]), first_dealer=row[6], target=row[7],
            deals=row[8], label=row[9], tournament_id=row[10], round=row[11], table_no=row[12],
        )

    _GAME_COLUMNS = ("id, created, rules_name, rules, players, names, first_dealer, target,"
                     " deals, label, tournament_id, round, table_no")

    def game(self, game_id: int) -> GameRecord:
        """The game ``game_id``; :class:`GameError` when there is none."""
        row = self.db.execute(
            f"SELECT {self._GAME_COLUMNS} FROM game WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise GameError("game.unknown", id=game_id)
        return self._game(row)

    def games(self) -> list[GameRecord]:
        """Every game, oldest first."""
        rows = self.db.execute(f"SELECT {self._GAME_COLUMNS} FROM game ORDER BY id").fetchall()
        return [self._game(row) for row in rows]

    def current_game(self) -> int | None:
        """The id of the current game, if any."""
        row = self.db.execute("SELECT value FROM setting WHERE key = 'current_game'").fetchone()
        return int(row[0]) if row else None

    def set_current_game(self, game_id: int) -> None:
        """Make ``game_id`` the current game (inside a write)."""
        self.db.execute(
            "INSERT INTO setting (key, value) VALUES ('current_game', ?)"
            " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (str(game_id),),
        )

    # -- deals

    def deals(self, game_id: int, *, history: bool = False) -> list[DealRecord]:
        """The game's active deals in order (with ``history``, removed and replaced ones too)."""
        where = "" if history else " AND status = 'active'"
        rows = self.db.execute(
            "SELECT id, number, deal, recorded, status, replaced_by, changed, state FROM deal"
            f" WHERE game_id = ?{where} ORDER BY number, id",
            (game_id,),
        ).fetchall()
        return [self._deal(r) for r in rows]

    @staticmethod
    def _deal(r: tuple[Any, ...]) -> DealRecord:
        return DealRecord(id=r[0], number=r[1], deal=None if r[2] is None else json.loads(r[2]),
                          recorded=r[3], status=r[4], replaced_by=r[5], changed=r[6],
                          state=None if r[7] is None else json.loads(r[7]))

    def last_deal(self, game_id: int) -> DealRecord | None:
        """The game's last active deal (with the summary recorded after it)."""
        row = self.db.execute(
            "SELECT id, number, deal, recorded, status, replaced_by, changed, state FROM deal"
            " WHERE game_id = ? AND status = 'active' ORDER BY number DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        return None if row is None else self._deal(row)

    def add_deal(self, game_id: int, number: int, deal: dict[str, Any] | None,
                 recorded: str | None = None, state: dict[str, Any] | None = None) -> int:
        """Record deal ``number`` (None: everybody passed) and the game's summary after it."""
        cursor = self.db.execute(
            "INSERT INTO deal (game_id, number, deal, recorded, state) VALUES (?, ?, ?, ?, ?)",
            (game_id, number, None if deal is None else json.dumps(deal, ensure_ascii=False),
             recorded or now(), None if state is None else json.dumps(state)),
        )
        return int(cursor.lastrowid or 0)

    def set_state(self, deal_id: int, state: dict[str, Any]) -> None:
        """Replace the summary recorded after a deal (after an earlier deal was edited)."""
        self.db.execute("UPDATE deal SET state = ? WHERE id = ?", (json.dumps(state), deal_id))

    def remove_deal(self, deal_id: int, *, replaced_by: int | None = None) -> None:
        """Take a deal out of play, keeping it in the history."""
        self.db.execute(
            "UPDATE deal SET status = ?, replaced_by = ?, changed = ? WHERE id = ?",
            ("replaced" if replaced_by else "removed", replaced_by, now(), deal_id),
        )
