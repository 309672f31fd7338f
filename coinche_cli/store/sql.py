"""The queries of a SQL store, written once for both backends (SQLite and PostgreSQL).

:class:`SqlStore` implements :class:`coinche_cli.store.protocol.Store` in standard SQL with
``?`` placeholders; a backend (:mod:`coinche_cli.store.sqlite`,
:mod:`coinche_cli.store.postgres`) gives it a connection and says how its transactions
begin.  It stores and reads, and leaves every check a user can fail to the operations.
"""

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coinche_cli.errors import CoincheError
from coinche_cli.names import fold
from coinche_cli.store.records import DealRecord, GameRecord, ResultRecord, TournamentRecord
from coinche_cli.store.sql_desk import DeskQueries
from coinche_cli.store.sql_melee import MeleeQueries
from coinche_cli.store.sql_season import SeasonQueries
from coinche_cli.store.sql_stage import StageQueries

if TYPE_CHECKING:
    from coinche_cli.tournament import model

_GAME_COLUMNS = ("id, created, rules_name, rules, players, names, first_dealer, target, deals,"
                 " label, tournament_id, round, table_no, rules_compiled, join_code,"
                 " time_called")
_DEAL_COLUMNS = "id, number, deal, recorded, status, replaced_by, changed, state"
#: A table's columns as :class:`coinche_cli.tournament.board.Board` takes them.
_BOARD_COLUMNS = ("table_no, team1, team2, score1, score2, forfeit, game_id, winner, stage,"
                  " match_id")

#: Tables named in one statement of :meth:`SqliteStore.set_results` (below SQLite's oldest
#: limit of 999 parameters).
_IN_LIST = 500


def team_players(rows: list[Any]) -> list[list[str]]:
    """Every team's players (each row's third column, a JSON list of names), in one parse:
    a thousand small parses cost a millisecond.  Each stored text must be one JSON list and
    the parse must give one list per team; otherwise each is parsed alone, and a damaged
    one fails as it always did."""
    texts = [r[2] for r in rows]
    if all(t.startswith("[") and t.endswith("]") for t in texts):
        parsed = json.loads("[" + ",".join(texts) + "]")
        if len(parsed) == len(texts) and all(isinstance(p, list) for p in parsed):
            return parsed  # type: ignore[no-any-return]
    return [json.loads(t) for t in texts]


class SqlStore(MeleeQueries, DeskQueries, SeasonQueries, StageQueries):
    """The queries of a SQL store, written once for every backend: standard SQL with ``?``
    placeholders.  A backend (:class:`SqliteStore`, or
    :class:`coinche_cli.store.postgres.PostgresStore`) gives the connection (``db``, whose
    ``execute`` and ``executemany`` take such statements), the connection for a change
    (``_changing``), how an insert returns its new id (``_insert``) and how a transaction
    begins (``_begin``); :meth:`write` is the same on every backend."""

    _db: Any  # the open connection, or None
    dialect: str  # "sqlite" or "postgresql" (coinche_cli.store.rows, migrations.ID_TYPES)
    label: str  # the store as messages name it: its file, or its URL without the password

    #: Whether a transaction (a write, or a reading) is open on the connection.
    _in_transaction = False

    @contextmanager
    def write(self) -> Iterator[None]:
        """One transaction: committed when the block ends, rolled back on any error, a
        failed ``COMMIT`` included (a full disk, a server gone): nothing is half-written."""
        assert not self._in_transaction, "a change inside a reading or another change"
        self._begin()
        self._in_transaction = True
        try:
            yield
        except BaseException:
            self._in_transaction = False
            if self._db is not None:
                self._db.execute("ROLLBACK")
                self._rolled_back()
            raise
        self._in_transaction = False
        try:
            self.db.execute("COMMIT")  # the connection a first change may have opened
        except BaseException:
            if self._abandon():
                self._rolled_back()
            raise

    @contextmanager
    def reading(self) -> Iterator[None]:
        """One snapshot of the store for several reads, however the desks go on writing to
        it; nothing is changed.  Inside a write (or another reading) it is that one's."""
        if self._in_transaction:
            yield
            return
        self.db.execute(self._SNAPSHOT)
        self._in_transaction = True
        try:
            yield
        finally:
            self._in_transaction = False
            self._abandon()

    #: How a reading's transaction begins (a backend's own, when it differs).
    _SNAPSHOT = "BEGIN"

    def _abandon(self) -> bool:
        """Roll back whatever is open, if anything: after a reading, or a failed commit
        (which a backend may already have rolled back itself).  False when nothing was."""
        if self._db is None:
            return False
        try:
            self._db.execute("ROLLBACK")
        except CoincheError:
            return False  # nothing was open any more
        return True

    def close(self) -> None:
        """Close the connection."""
        if self._db is not None:
            self._db.close()

    def owns(self, path: Path) -> bool:
        """Whether writing ``path`` would write one of the store's own files."""
        raise NotImplementedError

    def _begin(self) -> None:
        """Begin a transaction that changes the store, as this backend makes them queue."""
        raise NotImplementedError

    def _rolled_back(self) -> None:
        """Forget what the transaction just rolled back did to the connection's state."""


    # -- the current game and tournament

    def current(self, kind: str) -> int | None:
        """The id of the current ``game`` or ``tournament``, if any."""
        row = self.db.execute("SELECT value FROM setting WHERE key = ?",
                              (f"current_{kind}",)).fetchone()
        return int(row[0]) if row else None

    def set_current(self, kind: str, ident: int) -> None:
        """Make ``ident`` the current ``game`` or ``tournament`` (inside a write)."""
        self._changing().execute(
            "INSERT INTO setting (key, value) VALUES (?, ?)"
            " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (f"current_{kind}", str(ident)),
        )

    def reopened(self, tournament_id: int) -> dict[str, int]:
        """How many times the director reopened each table to phones (``tournament reopen``),
        by ``"round.table"``: the live page reads it and forgets those tables' wrong codes."""
        row = self.db.execute("SELECT value FROM setting WHERE key = ?",
                              (f"reopened_{tournament_id}",)).fetchone()
        counts = json.loads(row[0]) if row else {}
        return {str(k): int(v) for k, v in counts.items()} if isinstance(counts, dict) else {}

    def set_reopened(self, tournament_id: int, counts: dict[str, int]) -> None:
        """Keep the reopened tables' counts (inside a write)."""
        self._changing().execute(
            "INSERT INTO setting (key, value) VALUES (?, ?)"
            " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (f"reopened_{tournament_id}", json.dumps(counts, sort_keys=True)),
        )

    # -- games

    def create_game(self, record: GameRecord) -> int:
        """Insert a game; returns its id."""
        return self._insert(
            "INSERT INTO game (created, rules_name, rules, players, names, first_dealer,"
            " target, deals, label, tournament_id, round, table_no, rules_compiled,"
            " join_code) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (record.created, record.rules_name, json.dumps(record.rules), record.players,
             json.dumps(record.names, ensure_ascii=False), record.first_dealer, record.target,
             record.deals, record.label, record.tournament_id, record.round, record.table_no,
             record.compiled, record.join_code),
        )

    @staticmethod
    def _game(row: Sequence[Any]) -> GameRecord:
        return GameRecord(
            id=row[0], created=row[1], rules_name=row[2], rules=json.loads(row[3]),
            players=row[4], names=json.loads(row[5]), first_dealer=row[6], target=row[7],
            deals=row[8], label=row[9], tournament_id=row[10], round=row[11], table_no=row[12],
            compiled=row[13], join_code=row[14], time_called=row[15],
        )

    def game(self, game_id: int) -> GameRecord | None:
        """The game ``game_id``, or None."""
        row = self.db.execute(f"SELECT {_GAME_COLUMNS} FROM game WHERE id = ?",
                              (game_id,)).fetchone()
        return None if row is None else self._game(row)

    def games(self) -> list[GameRecord]:
        """Every game, oldest first."""
        rows = self.db.execute(f"SELECT {_GAME_COLUMNS} FROM game ORDER BY id").fetchall()
        return [self._game(row) for row in rows]

    def joined_game(self, join_code: str) -> GameRecord | None:
        """The game started from a phone under ``join_code`` (``game serve``), or None."""
        row = self.db.execute(f"SELECT {_GAME_COLUMNS} FROM game WHERE join_code = ?",
                              (join_code,)).fetchone()
        return None if row is None else self._game(row)

    def call_time(self, game_id: int, number: int) -> None:
        """Record that a timed round's time was called at deal ``number`` of the game."""
        self._changing().execute("UPDATE game SET time_called = ? WHERE id = ?",
                                 (number, game_id))

    def table_minutes(self, tournament_id: int, number: int) -> dict[int, int]:
        """The minutes given to tables of round ``number`` (``tournament time``), by table."""
        rows = self.db.execute("SELECT table_no, minutes FROM table_time"
                               " WHERE tournament_id = ? AND round = ?",
                               (tournament_id, number)).fetchall()
        return {int(table): int(minutes) for table, minutes in rows}

    def set_table_minutes(self, tournament_id: int, number: int, table: int,
                          minutes: int) -> None:
        """Give ``table`` of round ``number`` ``minutes`` in all beyond the round's time."""
        self._changing().execute(
            "INSERT INTO table_time (tournament_id, round, table_no, minutes) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(tournament_id, round, table_no) DO UPDATE SET minutes = excluded.minutes",
            (tournament_id, number, table, minutes))

    # -- deals

    @staticmethod
    def _deal(r: Sequence[Any]) -> DealRecord:
        return DealRecord(id=r[0], number=r[1], deal=None if r[2] is None else json.loads(r[2]),
                          recorded=r[3], status=r[4], replaced_by=r[5], changed=r[6],
                          state=None if r[7] is None else json.loads(r[7]))

    def deals(self, game_id: int, *, history: bool = False) -> list[DealRecord]:
        """The game's active deals in order (with ``history``, removed and replaced ones too)."""
        where = "" if history else " AND status = 'active'"
        rows = self.db.execute(
            f"SELECT {_DEAL_COLUMNS} FROM deal WHERE game_id = ?{where} ORDER BY number, id",
            (game_id,),
        ).fetchall()
        return [self._deal(r) for r in rows]

    def last_deal(self, game_id: int) -> DealRecord | None:
        """The game's last active deal (with the summary recorded after it)."""
        row = self.db.execute(
            f"SELECT {_DEAL_COLUMNS} FROM deal WHERE game_id = ? AND status = 'active'"
            " ORDER BY number DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        return None if row is None else self._deal(row)

    def add_deal(self, game_id: int, number: int, deal: Mapping[str, object] | None,
                 recorded: str, state: Mapping[str, object] | None) -> int:
        """Record deal ``number`` (None: everybody passed) and the game's summary after it."""
        return self._insert(
            "INSERT INTO deal (game_id, number, deal, recorded, state) VALUES (?, ?, ?, ?, ?)",
            (game_id, number, None if deal is None else json.dumps(deal, ensure_ascii=False),
             recorded, None if state is None else json.dumps(state)),
        )

    def set_deal_state(self, deal_id: int, state: Mapping[str, object]) -> None:
        """Replace the summary recorded after a deal (after an earlier deal was edited)."""
        self._changing().execute("UPDATE deal SET state = ? WHERE id = ?",
                                 (json.dumps(state), deal_id))

    def retire_deal(self, deal_id: int, changed: str, replaced_by: int | None = None) -> None:
        """Take a deal out of play, keeping it in the history."""
        self._changing().execute(
            "UPDATE deal SET status = ?, replaced_by = ?, changed = ? WHERE id = ?",
            ("replaced" if replaced_by else "removed", replaced_by, changed, deal_id),
        )

    # -- tournaments

    def create_tournament(self, record: TournamentRecord) -> int:
        """Insert a tournament; returns its id."""
        return self._insert(
            "INSERT INTO tournament (name, name_key, created, rules_name, rules, settings)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (record.name, fold(record.name), record.created, record.rules_name,
             json.dumps(record.rules), json.dumps(record.settings)),
        )

    def code_key(self, tournament_id: int) -> tuple[str, int] | None:
        """The secret the tournament's table codes are drawn from, if it has one yet, and how
        far ``store copy --merge`` moved its team ids since (``tournament.codes``)."""
        row = self.db.execute("SELECT secret, code_shift FROM tournament WHERE id = ?",
                              (tournament_id,)).fetchone()
        return None if row is None or row[0] is None else (str(row[0]), int(row[1]))

    def set_tournament_secret(self, tournament_id: int, secret: str) -> None:
        """Give the tournament its secret (inside a write)."""
        self._changing().execute("UPDATE tournament SET secret = ? WHERE id = ?",
                                 (secret, tournament_id))

    def find_tournament(self, name: str) -> int | None:
        """The id of the tournament called ``name`` (compared folded), or None."""
        row = self.db.execute("SELECT id FROM tournament WHERE name_key = ?",
                              (fold(name),)).fetchone()
        return None if row is None else int(row[0])

    def tournaments(self) -> list[TournamentRecord]:
        """Every tournament, oldest first."""

        rows = self.db.execute("SELECT id, name, created, rules_name, rules, settings"
                               " FROM tournament ORDER BY id").fetchall()
        return [TournamentRecord(r[0], r[1], r[2], r[3], json.loads(r[4]), json.loads(r[5]))
                for r in rows]

    def tournament_rules(self, tournament_id: int) -> Mapping[str, object]:
        """The rules snapshot of a tournament (a validated rules document, as stored)."""
        row = self.db.execute("SELECT rules FROM tournament WHERE id = ?",
                              (tournament_id,)).fetchone()
        data: Mapping[str, object] = json.loads(row[0])
        return data

    def tournament(self, tournament_id: int) -> "model.Tournament | None":
        """Read a whole tournament, in one snapshot."""
        with self.reading():  # five queries, one moment: never a round without its tables
            return self._tournament(tournament_id)

    def _tournament(self, tournament_id: int) -> "model.Tournament | None":
        from coinche_cli.tournament.model import Board, Penalty, Round, Settings, Team, Tournament

        db = self.db
        row = db.execute("SELECT id, name, rules_name, settings FROM tournament WHERE id = ?",
                         (tournament_id,)).fetchone()
        if row is None:
            return None
        rows = db.execute(
            "SELECT id, name, players, club, registered, joined_round, dropped_after,"
            " player1, player2 FROM team WHERE tournament_id = ? ORDER BY registered",
            (tournament_id,)
        ).fetchall()
        teams = tuple(Team(r[0], r[1], tuple(p), r[3], r[4], r[5], r[6],
                           () if r[7] is None else (r[7], r[8]))
                      for r, p in zip(rows, team_players(rows), strict=True))
        boards: dict[int, list[Board]] = {}
        for r in db.execute(f"SELECT round, {_BOARD_COLUMNS} FROM board"
                            " WHERE tournament_id = ? ORDER BY round, table_no",
                            (tournament_id,)):
            boards.setdefault(r[0], []).append(Board(*r[1:]))
        out = self._sitting_out(tournament_id)
        rounds = tuple(
            Round(r[0], tuple(boards.get(r[0], [])), r[1], r[2], out.get(r[0], ()))
            for r in db.execute("SELECT number, bye, rematches FROM round"
                                " WHERE tournament_id = ? ORDER BY number", (tournament_id,))
        )
        penalties = tuple(
            Penalty(team=r[0], round=r[1], points=r[2], reason=r[3], to_opponents=bool(r[4]))
            for r in db.execute("SELECT team_id, round, points, reason, to_opponents"
                                " FROM penalty WHERE tournament_id = ? ORDER BY id",
                                (tournament_id,))
        )
        return Tournament(id=row[0], name=row[1], rules_name=row[2],
                          settings=Settings.from_json(json.loads(row[3])), teams=teams,
                          rounds=rounds, penalties=penalties,
                          players=self._players_of(tournament_id),
                          stages=self._stages(tournament_id))

    def add_entrants(self, tournament_id: int, entrants: "Sequence[model.Entrant]"
                     ) -> list[int]:
        """Register ``entrants`` (a formed team in ``team``, a mêlée's player in ``player``);
        returns their ids in order."""
        return [self._insert(
            "INSERT INTO team (tournament_id, name, name_key, players, club, registered,"
            " joined_round, dropped_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (tournament_id, entrant.name, fold(entrant.name),
             json.dumps(list(entrant.players), ensure_ascii=False), entrant.club,
             entrant.registered, entrant.joined_round, entrant.dropped_after),
        ) if entrant.kind == "team" else self._insert(
            "INSERT INTO player (tournament_id, name, name_key, club, licence, registered,"
            " joined_round, dropped_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (tournament_id, entrant.name, fold(entrant.name), entrant.club, entrant.licence,
             entrant.registered, entrant.joined_round, entrant.dropped_after),
        ) for entrant in entrants]

    def set_dropped(self, entrant: "model.Entrant", after: int | None) -> None:
        """Mark an entrant as gone after round ``after`` (None: it plays again)."""
        table = "team" if entrant.kind == "team" else "player"
        self._changing().execute(f"UPDATE {table} SET dropped_after = ? WHERE id = ?",
                                 (after, entrant.id))

    def add_round(self, tournament_id: int, played: "model.Round", paired: str) -> None:
        """Store a paired round."""
        self._changing().execute(
            "INSERT INTO round (tournament_id, number, paired, bye, rematches)"
            " VALUES (?, ?, ?, ?, ?)",
            (tournament_id, played.number, paired, played.bye, played.rematches),
        )
        self._changing().executemany(
            "INSERT INTO board (tournament_id, round, table_no, team1, team2, stage, match_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(tournament_id, played.number, b.table, b.team1, b.team2, b.stage, b.match)
             for b in played.boards],
        )

    def remove_round(self, tournament_id: int, number: int) -> None:
        """Withdraw a round and its tables."""
        for table in ("board", "stage_bye", "table_time", "round"):
            column = "number" if table == "round" else "round"
            self._changing().execute(
                f"DELETE FROM {table} WHERE tournament_id = ? AND {column} = ?",
                (tournament_id, number))
        self._remove_partie(tournament_id, number)

    def round_paired(self, tournament_id: int, number: int) -> str | None:
        """When round ``number`` was paired (ISO 8601, UTC), or None."""
        row = self.db.execute("SELECT paired FROM round WHERE tournament_id = ? AND number = ?",
                              (tournament_id, number)).fetchone()
        return None if row is None else str(row[0])

    def latest_round(self, tournament_id: int) -> int | None:
        """The number of the latest paired round, or None."""
        row = self.db.execute("SELECT MAX(number) FROM round WHERE tournament_id = ?",
                              (tournament_id,)).fetchone()
        return None if row is None or row[0] is None else int(row[0])

    def board(self, tournament_id: int, number: int, table: int) -> "model.Board | None":
        """One table of a round."""
        from coinche_cli.tournament.board import Board

        row = self.db.execute(
            f"SELECT {_BOARD_COLUMNS} FROM board"
            " WHERE tournament_id = ? AND round = ? AND table_no = ?",
            (tournament_id, number, table),
        ).fetchone()
        return None if row is None else Board(*row)

    def results(self, tournament_id: int) -> list[ResultRecord]:
        """Every result the tournament's tables have had: each correction's old result, and
        each result the tables have now, by round, table and when it was entered (a result
        stored before sources were kept reads as typed at the desk)."""
        with self.reading():
            rows = [(*row, None) for row in self.db.execute(
                "SELECT round, table_no, score1, score2, forfeit, winner, source, entered"
                " FROM board WHERE tournament_id = ?"
                " AND (score1 IS NOT NULL OR forfeit IS NOT NULL)", (tournament_id,))]
            rows += self.db.execute(
                "SELECT round, table_no, score1, score2, forfeit, winner, source, entered,"
                " replaced FROM board_history WHERE tournament_id = ?",
                (tournament_id,)).fetchall()
        found = [ResultRecord(r[0], r[1], r[2], r[3], r[4], r[5], r[6] or "desk", r[7] or "",
                              r[8]) for r in rows]
        # the replaced results first, in the order they were replaced, then the one in force
        return sorted(found, key=lambda r: (r.round, r.table, r.replaced is None,
                                            r.replaced or "", r.entered))

    def set_results(self, tournament_id: int, number: int, boards: "Sequence[model.Board]",
                    entered: str, source: str = "desk") -> None:
        """Store each table's result and where it came from (``desk``, ``file``, ``game``,
        ``web``); a result a table already had goes to the history, with its source.  Each
        table once per batch (the history is copied before the batch is written); a file of
        500 results costs one history statement and one batch of updates."""
        tables = [board.table for board in boards]
        if len(set(tables)) != len(tables):
            raise ValueError(f"set_results: a table given twice in {tables}")
        db = self._changing()
        # the replaced results to the history, _IN_LIST tables per statement (older SQLite
        # allows 999 parameters in one)
        for start in range(0, len(tables), _IN_LIST):
            chunk = tables[start:start + _IN_LIST]
            db.execute(
                "INSERT INTO board_history (tournament_id, round, table_no, score1, score2,"
                " forfeit, winner, entered, source, replaced) SELECT tournament_id, round,"
                " table_no, score1, score2, forfeit, winner, entered, source, ? FROM board"
                " WHERE tournament_id = ? AND round = ?"
                f" AND table_no IN ({', '.join('?' * len(chunk))})"
                " AND (score1 IS NOT NULL OR forfeit IS NOT NULL)",
                (entered, tournament_id, number, *chunk),
            )
        db.executemany(
            "UPDATE board SET score1 = ?, score2 = ?, forfeit = ?, winner = ?,"
            " game_id = COALESCE(?, game_id), entered = ?, source = ?"
            " WHERE tournament_id = ? AND round = ? AND table_no = ?",
            [(board.score1, board.score2, board.forfeit, board.winner, board.game_id, entered,
              source, tournament_id, number, board.table) for board in boards],
        )

    def link_game(self, tournament_id: int, number: int, table: int, game_id: int) -> None:
        """Mark a table as scored deal by deal in ``game_id``."""
        self._changing().execute(
            "UPDATE board SET game_id = ? WHERE tournament_id = ? AND round = ? AND table_no = ?",
            (game_id, tournament_id, number, table),
        )

    def add_penalty(self, tournament_id: int, penalty: "model.Penalty", entered: str) -> None:
        """Record a penalty."""
        self._changing().execute(
            "INSERT INTO penalty (tournament_id, team_id, round, points, reason, to_opponents,"
            " entered) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (tournament_id, penalty.team, penalty.round, penalty.points, penalty.reason,
             int(penalty.to_opponents), entered),
        )
