"""Moving an event from one store to another (``coinche store copy``): every row of every
table, whatever the two backends.

The copy is made row by row, as the tables hold them, so that nothing a command can show is
lost on the way: a deal undone or replaced, a result corrected, a penalty, a table game.
Ids are moved by an offset per table, the destination's largest id: into an empty store
they stay what they were (``--game 3`` still names game 3), and merged into a store that
already holds games and tournaments they follow that store's own (a tournament keeps its
tables' entry codes: :data:`FOLLOW`).  A new SQLite file is written under a temporary name
beside it and takes its own name only once the copy is committed (:class:`Destination`), so
a copy that fails or is killed never leaves a store, empty or partial, under that name.
The caller (:mod:`coinche_cli.store_copy`) runs :func:`copy_rows` inside the destination's
:meth:`~coinche_cli.store.sql.SqlStore.write` and the source's reading, so the copy is
whole or nothing, and checks the result.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coinche_cli.errors import InputError, StoreError
from coinche_cli.i18n import _
from coinche_cli.names import fold
from coinche_cli.store import rows

if TYPE_CHECKING:
    from coinche_cli.store.sql import SqlStore

#: The tables in an order that inserts every row after the rows it refers to: each with
#: whether it has an ``id`` of its own, and the columns holding another table's id.
LAYOUT: tuple[tuple[str, bool, dict[str, str]], ...] = (
    ("tournament", True, {}),
    ("player", True, {"tournament_id": "tournament"}),
    ("team", True, {"tournament_id": "tournament", "player1": "player", "player2": "player"}),
    ("game", True, {"tournament_id": "tournament"}),
    ("deal", True, {"game_id": "game", "replaced_by": "deal"}),
    ("round", False, {"tournament_id": "tournament", "bye": "team"}),
    # a stage is named by its position in its concours, a table's knock-out match by its id
    # in the bracket (board.stage, board.match_id): neither moves; the teams do
    ("stage", False, {"tournament_id": "tournament"}),
    ("stage_team", False, {"tournament_id": "tournament", "team_id": "team"}),
    ("stage_bye", False, {"tournament_id": "tournament", "team_id": "team"}),
    ("board", False, {"tournament_id": "tournament", "team1": "team", "team2": "team",
                      "forfeit": "team", "game_id": "game", "winner": "team"}),
    ("board_history", True, {"tournament_id": "tournament", "forfeit": "team",
                             "winner": "team"}),
    ("penalty", True, {"tournament_id": "tournament", "team_id": "team"}),
    ("table_time", False, {"tournament_id": "tournament"}),
    ("sitting_out", False, {"tournament_id": "tournament", "player_id": "player"}),
    ("checkin", True, {"tournament_id": "tournament", "team_id": "team", "player_id": "player"}),
    ("payment", True, {"tournament_id": "tournament", "team_id": "team", "player_id": "player"}),
    ("prize", True, {"tournament_id": "tournament"}),
    ("prize_pot", False, {"tournament_id": "tournament"}),
    ("prize_order", False, {"tournament_id": "tournament", "team_id": "team",
                            "player_id": "player"}),
    ("person", True, {}),
    ("person_key", False, {"person_id": "person"}),
    ("person_merge", True, {"kept_id": "person"}),
    ("season", True, {}),
    ("season_event", False, {"season_id": "season", "tournament_id": "tournament"}),
)
#: The tables only a concours with stages fills: a copy reports them when it moved some rows
#: of theirs, and reports as it did before them otherwise.
STAGE_TABLES = ("stage", "stage_team", "stage_bye")
#: Tables reported the same way: only when rows of theirs moved (a concours with stages; the
#: minutes ``tournament time`` gave a table).
QUIET_TABLES = (*STAGE_TABLES, "table_time")
#: Columns that are no id but move with a table's ids: a tournament's ``code_shift`` says how
#: far its team ids moved since its entry codes' secret was drawn (``tournament.codes``), so
#: that the codes printed before a ``--merge`` stay valid after it.
FOLLOW: dict[str, dict[str, str]] = {"tournament": {"code_shift": "team"}}


class Copied:
    """What a copy moved: the rows of each table, and the new id of every game and
    tournament by its id in the source."""

    def __init__(self, rows: dict[str, int], games: dict[int, int],
                 tournaments: dict[int, int]) -> None:
        self.rows = rows
        self.games = games
        self.tournaments = tournaments


def copy_rows(source: SqlStore, target: SqlStore, *, merge: bool) -> Copied:
    """Copy every game and tournament of ``source`` into ``target``.  Refused (nothing
    written): a source holding nothing; a destination holding games or tournaments, unless
    ``merge``; with ``merge``, a tournament name the destination already has."""
    tables = {table: rows.table_rows(source, table) for table, _numbered, _refers in LAYOUT}
    if not tables["game"][1] and not tables["tournament"][1]:
        raise InputError("source", _("{path} holds no game and no tournament: there is "
                                     "nothing to copy"), path=source.label)
    _check_destination(target, tables["tournament"], merge=merge)
    _check_seasons(target, tables["season"])
    # a name or licence the destination already gives one of its people stays theirs: the
    # destination's renames and merges win, the source's others come along
    tables["person_key"] = _keys_kept(target, tables["person_key"])
    tables["game"] = _join_codes_kept(target, tables["game"])
    _check_references(source, tables)
    _check_amounts(source, tables)
    offsets, counts = insert_tables(source.label, target, tables)
    for kind in ("game", "tournament"):
        was = source.current(kind)
        if was is not None and target.current(kind) is None:
            target.set_current(kind, was + offsets[kind])
    return Copied(counts, _ids(tables["game"], offsets["game"]),
                  _ids(tables["tournament"], offsets["tournament"]))


def insert_tables(source: str, target: SqlStore,
                  tables: dict[str, tuple[list[str], list[tuple[Any, ...]]]]
                  ) -> tuple[dict[str, int], dict[str, int]]:
    """Insert ``tables``' rows (each table of :data:`LAYOUT` that ``tables`` holds) into
    ``target`` (inside its write), their ids and the ids they refer to moved past the
    destination's own: what ``store copy`` and ``store import`` (an event file's rows,
    numbered from 1) share.  Returns each table's offset and the rows put in each; each
    count is checked (``source`` names where the rows came from)."""
    offsets = {table: rows.largest_id(target, table)
               for table, numbered, _ in LAYOUT if numbered}
    counts: dict[str, int] = {}
    for table, numbered, refers in LAYOUT:
        if table not in tables:
            continue
        columns, found = tables[table]
        if sorted(columns) != sorted(rows.columns(target, table)):
            # the same schema version has the same columns: only a damaged store differs, and
            # no name but the destination's own goes into its statements
            raise StoreError(_("the table {table} has other columns in {source} than in "
                               "{destination}: one of them is damaged; nothing was copied").format(
                                   table=table, source=source, destination=target.label))
        moved = _moved(columns, found, offsets, table if numbered else None,
                       {**refers, **FOLLOW.get(table, {})})
        if table == "deal":  # a deal refers to the later deal that replaced it: that first
            moved.sort(key=lambda row: -row[columns.index("id")])
        before = rows.count(target, table)
        rows.insert_rows(target, table, columns, moved)
        if moved or table not in QUIET_TABLES:
            counts[table] = len(moved)
        now = rows.count(target, table)
        if now != before + len(moved):
            raise StoreError(_("the copy put {got} rows in {table} of {path} for {want}: nothing "
                               "was copied").format(table=table, path=target.label,
                                                    got=now - before, want=len(moved)))
    return offsets, counts


def _check_destination(target: SqlStore, tournaments: tuple[list[str], list[tuple[Any, ...]]],
                       *, merge: bool) -> None:
    games = len(target.games())
    held = target.tournaments()
    if not merge and (games or held):
        raise InputError("destination", _("{path} already holds games ({games}) and tournaments "
                                          "({tournaments}); give --merge to add to them, or copy "
                                          "into an empty store"), path=target.label, games=games,
                         tournaments=len(held))
    name = _named_twice(tournaments, {t.name for t in held})
    if name is not None:
        raise InputError("destination", _("{path} already has a tournament called “{name}”: "
                                          "merging would make two; copy into another store"),
                         name=name, path=target.label)


def _named_twice(table: tuple[list[str], list[tuple[Any, ...]]], held: set[str]) -> str | None:
    """The first name of ``table``'s rows that one of ``held`` already has (folded)."""
    taken = {fold(name) for name in held}
    columns, rows = table
    return next((row[columns.index("name")] for row in rows
                 if fold(row[columns.index("name")]) in taken), None)


def _check_seasons(target: SqlStore, seasons: tuple[list[str], list[tuple[Any, ...]]]) -> None:
    """No season name in both stores (a copy would make two of one)."""
    name = _named_twice(seasons, {season.name for season in target.seasons()})
    if name is not None:
        raise InputError("destination", _("{path} already has a season called “{name}”: "
                                          "copying would make two; copy into another store"),
                         name=name, path=target.label)


def _keys_kept(target: SqlStore, keys: tuple[list[str], list[tuple[Any, ...]]]
               ) -> tuple[list[str], list[tuple[Any, ...]]]:
    """The source's person keys the destination does not hold yet."""
    columns, found = keys
    if not found:
        return keys
    held = set(target.people()[1])
    where = columns.index("key")
    return columns, [row for row in found if row[where] not in held]


def _join_codes_kept(target: SqlStore, games: tuple[list[str], list[tuple[Any, ...]]]
                     ) -> tuple[list[str], list[tuple[Any, ...]]]:
    """The source's games, without the join codes (``game serve``) the destination's own games
    already have: a code names one game; the destination's keeps it, a phone reaches the
    copied game by its number."""
    columns, found = games
    where = columns.index("join_code")
    taken = {game.join_code for game in target.games() if game.join_code is not None}
    if not taken:
        return games
    return columns, [(*row[:where], None, *row[where + 1:]) if row[where] in taken else row
                     for row in found]


def _check_references(source: SqlStore,
                      tables: dict[str, tuple[list[str], list[tuple[Any, ...]]]]) -> None:
    """Every id a row refers to is a row of the source: a damaged store is refused before
    anything is written, naming what is missing."""
    ids = {table: {row[columns.index("id")] for row in found}
           for table, (columns, found) in tables.items() if "id" in columns}
    for table, _numbered, refers in LAYOUT:
        columns, found = tables[table]
        for column, other in refers.items():
            where = columns.index(column)
            for row in found:
                if row[where] is not None and row[where] not in ids[other]:
                    raise StoreError(_("{path} is damaged: {table}.{column} names {other} {id}, "
                                       "which it does not hold; nothing was copied").format(
                                           table=table, column=column, id=row[where],
                                           other=other, path=source.label))


#: The tables holding an amount in cents, under the one bound of every amount.
AMOUNTS = ("payment", "prize", "prize_pot")


def _check_amounts(source: SqlStore,
                   tables: dict[str, tuple[list[str], list[tuple[Any, ...]]]]) -> None:
    """Every amount under the bound every command checks (a store written before a prize
    had one may hold more, which PostgreSQL's integer cannot): refused before anything is
    written, naming the table and the amount."""
    from coinche_cli.tournament.money import MAX_AMOUNT

    for table in AMOUNTS:
        columns, found = tables[table]
        where = columns.index("amount")
        over = next((row[where] for row in found
                     if row[where] is not None and abs(row[where]) > MAX_AMOUNT), None)
        if over is not None:
            raise InputError("source", _("{path}: the {table} table holds an amount of {amount} "
                                         "cents, more than any amount of a concours ({most} at "
                                         "most): change it there first; nothing was copied"),
                             path=source.label, table=table, amount=over,
                             most=MAX_AMOUNT // 100)


def _moved(columns: list[str], rows: list[tuple[Any, ...]], offsets: dict[str, int],
           own: str | None, refers: dict[str, str]) -> list[tuple[Any, ...]]:
    """``rows`` with their ids, and the ids they refer to, moved by each table's offset."""
    shifts = {columns.index(column): offsets[table] for column, table in refers.items()}
    if own is not None:
        shifts[columns.index("id")] = offsets[own]
    if not any(shifts.values()):
        return list(rows)
    return [tuple(value + shifts[i] if i in shifts and value is not None else value
                  for i, value in enumerate(row)) for row in rows]


def _ids(table: tuple[list[str], list[tuple[Any, ...]]], offset: int) -> dict[int, int]:
    columns, rows = table
    where = columns.index("id")
    return {int(row[where]): int(row[where]) + offset for row in rows}


class Destination:
    """Where a copy writes: the store named, or, for a SQLite file that does not exist yet, a
    temporary file in the same folder (``store``) that :meth:`keep` gives the file's name
    once the copy is committed, and :meth:`drop` removes with the folders the copy made."""

    def __init__(self, named: SqlStore) -> None:
        from coinche_cli.store.postgres import PostgresStore
        from coinche_cli.store.sqlite import SqliteStore, file_failure

        self.store = named
        self._final: Path | None = None
        self._folders: list[Path] = []
        if isinstance(named, PostgresStore):
            # one transaction, committed at the end, that makes the tables of an empty
            # database too (not at first contact, as for a user without temporary tables)
            named.tables_in_first_write = True
            return
        if not isinstance(named, SqliteStore):
            return
        final = named.path
        try:
            if final.exists() or final.is_symlink():  # a file there: written in place
                return
        except OSError as exc:  # a folder that may not be entered, a name too long
            raise file_failure(exc, final) from None
        self._final = final
        folder = final.parent
        while not os.path.lexists(folder) and folder != folder.parent:
            self._folders.append(folder)
            folder = folder.parent
        # hidden, and short whatever the store's name (a name has at most 255 bytes)
        work = SqliteStore(final.with_name(f".{final.name[:40]}.{secrets.token_hex(4)}.copying"))
        work.label = named.label  # messages name the store the user named
        self.store = work

    def keep(self) -> None:
        """After the commit: the temporary file becomes the store, under its own name (never
        over a file another program made there meanwhile)."""
        if self._final is None:
            return
        from coinche_cli.store.sqlite import SqliteStore, file_failure

        assert isinstance(self.store, SqliteStore)
        self.store.close()  # the last connection: SQLite folds its journal into the file
        work = self.store.path
        journal = Path(f"{work}-wal")
        if journal.exists() and journal.stat().st_size > 0:  # rows not in the file itself
            raise StoreError(_("{path}: the copy's journal could not be folded into it: nothing "
                               "was copied").format(path=self.store.label))
        taken = StoreError(_("{path} was made by another program during the copy: nothing was "
                             "copied").format(path=self.store.label))
        try:
            os.link(work, self._final)  # fails if the name was taken meanwhile
        except FileExistsError:
            raise taken from None
        except OSError:  # a file system without hard links: renamed, if the name is free
            if os.path.lexists(self._final):
                raise taken from None
            try:
                os.rename(work, self._final)
            except OSError as exc:
                raise file_failure(exc, self._final) from None
            return
        with contextlib.suppress(OSError):  # the store is whole under its name
            os.unlink(work)

    def drop(self) -> None:
        """After a failure: nothing left behind, neither the temporary file nor a folder
        the copy made."""
        self.store.close()
        if self._final is None:
            return
        from coinche_cli.store.sqlite import SqliteStore

        assert isinstance(self.store, SqliteStore)
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{self.store.path}{suffix}").unlink(missing_ok=True)
        for folder in self._folders:  # the deepest first
            try:
                folder.rmdir()
            except OSError:
                break


def refuse_empty_or_same(original: SqlStore, copied_to: SqlStore) -> None:
    """A source that is no store, or an empty file (opening it would make it a store); the
    same store on both sides, by any name: a file, a link to it, its journal (``-wal``), or
    a database whose URLs differ."""
    from coinche_cli.store.postgres import PostgresStore
    from coinche_cli.store.sqlite import SqliteStore, file_failure

    if isinstance(original, SqliteStore):
        try:
            found = original.path.exists()
            empty = found and original.path.is_file() and original.path.stat().st_size == 0
        except OSError as exc:  # a folder that may not be entered, a name too long
            raise file_failure(exc, original.path) from None
        if not found:
            raise InputError("source", _("{path} does not exist: name the store to copy from"),
                             path=original.label)
        if empty:
            raise InputError("source", _("{path} holds no game and no tournament: "
                                         "there is nothing to copy"), path=original.label)
    if isinstance(original, SqliteStore) and isinstance(copied_to, SqliteStore):
        same = original.owns(copied_to.path) or copied_to.owns(original.path)
    elif isinstance(original, PostgresStore) and isinstance(copied_to, PostgresStore):
        # by the URLs themselves: two shown alike (secrets hidden, cut) may differ
        same = original.url == copied_to.url or rows.same_database(original, copied_to)
    else:
        same = False
    if same:
        raise InputError("destination", _("{path} is the source itself: copy into another store"),
                         path=copied_to.label)
