"""The SQLite store: one file, safe against kills and concurrent terminals.

Every write is one ``BEGIN IMMEDIATE`` transaction in WAL mode with ``synchronous=FULL``, so a
write reported as saved survives a killed process and two terminals writing at once queue
behind the busy timeout instead of failing; the queries are :class:`~coinche_cli.store.sql.
SqlStore`'s.  Opening the file safely, and its errors in words:

- A store is marked as coinche's (``PRAGMA application_id``); a database that is neither
  empty nor marked (nor an older coinche store, from before the mark) is another program's
  and is refused untouched, as is a store written by a newer coinche.
- A store that does not exist yet is not created to be read: reads see an empty store in
  memory, and the file is created by the first change (so a refused or read-only command
  leaves no file behind).
- Every ``sqlite3`` error becomes one line: busy (naming who holds the store), read-only,
  not a database, a full disk, or the reason SQLite gives; a name that is no regular file
  (a named pipe, a device) is refused before SQLite opens it.
"""

import errno
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from coinche_cli.errors import CoincheError, InputError, StoreError
from coinche_cli.i18n import _
from coinche_cli.store import SCHEMA_VERSION
from coinche_cli.store.naming import shown_path
from coinche_cli.store.sql import SqlStore

#: coinche's mark in a store's header ("Coin").
APPLICATION_ID = 0x436F696E
#: A writer waits this long (seconds) for another's transaction before giving up; the
#: ``COINCHE_WAIT`` environment variable changes it (a desk that prefers to fail fast).
WAIT = 60.0


def wait_seconds() -> float:
    """How long a command waits for the store: ``COINCHE_WAIT`` seconds, else :data:`WAIT`."""
    text = os.environ.get("COINCHE_WAIT", "")
    try:
        seconds = float(text)
    except ValueError:
        return WAIT
    return seconds if 0 <= seconds <= 3600 else WAIT
#: The tables of a store written before the mark existed.
_OLDER_STORE = {"game", "deal", "setting"}


class Connection:
    """A connection in autocommit mode (transactions are opened explicitly) whose errors are
    the store's own: one line each, never a traceback."""

    def __init__(self, raw: sqlite3.Connection, path: Path) -> None:
        self.raw = raw
        self.path = path

    def execute(self, sql: str, values: Sequence[Any] = ()) -> sqlite3.Cursor:
        """Run one statement."""
        try:
            return self.raw.execute(sql, values)
        except sqlite3.Error as exc:
            raise failure(exc, self.path) from None

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement for each of ``rows``."""
        try:
            self.raw.executemany(sql, rows)
        except sqlite3.Error as exc:
            raise failure(exc, self.path) from None

    def close(self) -> None:
        """Let go of the file."""
        self.raw.close()


def failure(exc: BaseException, path: Path) -> CoincheError:
    """A SQLite (or file) error as one line for the user."""
    if isinstance(exc, OSError):
        return file_failure(exc, path)
    text = str(exc)
    lowered = text.lower()
    where = shown_path(path)
    if _disk_full(exc, path):
        return StoreError(_("the disk holding {path} is full: nothing was written").format(
            path=where))
    if "locked" in lowered or "busy" in lowered:
        holders = ", ".join(holders_of(path)) or _("another program")
        return StoreError(_("{path} is busy: {holders} holds it; try again when it is done").format(
            path=where, holders=holders))
    if "readonly" in lowered or "read-only" in lowered:
        return StoreError(_("{path} cannot be written (read-only); check its permissions").format(
            path=where))
    if "unable to open database file" in lowered and os.path.isdir(path):
        return StoreError(_("{path} is a folder: name a file in it").format(path=where))
    if "unable to open database file" in lowered:  # a folder that may not be written
        return StoreError(_("{path} cannot be opened or created: check that its folder "
                            "exists and may be written").format(path=where))
    if "not a database" in lowered:
        return InputError("db", _("{path} is not a coinche store (another program's file); name "
                                  "another file with --db"), path=where)
    if isinstance(exc, sqlite3.IntegrityError):  # another desk wrote the same thing first
        return StoreError(_("{path} was changed by another command at the same moment; "
                            "try again").format(path=where))
    return StoreError(_("{path}: {reason}").format(path=where, reason=text))


def file_failure(exc: OSError, path: Path) -> StoreError:
    """A store's file that the system will not open, or not look at, as one line: a name too
    long, a folder that may not be entered or written, what the system says otherwise."""
    where = shown_path(path)
    if exc.errno == errno.ENOSPC:
        return StoreError(_("the disk holding {path} is full: nothing was written").format(
            path=where))
    if exc.errno == errno.ENAMETOOLONG:
        return StoreError(_("{path}: the name is too long for the file system (at most 255 "
                            "bytes a file or folder name); choose a shorter one").format(
                                path=where))
    if isinstance(exc, PermissionError):
        return StoreError(_("{path} cannot be opened: permission denied on the file or one of "
                            "its folders; check their permissions").format(path=where))
    if exc.errno in (errno.ENOTDIR, errno.EEXIST):  # making its folder: a file is in the way
        return StoreError(_("{path}: one of its folders is a file; name a file in a "
                            "folder").format(path=where))
    return StoreError(_("{path}: {reason}").format(
        path=where, reason=exc.strerror or type(exc).__name__))


def _looked_at(path: Path) -> bool:
    """Whether the store's file exists; one line when the system cannot tell (a folder
    that may not be entered, a name too long), or when the file or its ``-wal`` or ``-shm``
    is there but is no file a store can be (:func:`not_a_file`)."""
    import stat

    exists = False
    for suffix in ("", "-wal", "-shm"):
        named = Path(f"{path}{suffix}")
        try:
            mode = os.stat(named).st_mode
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as exc:
            raise file_failure(exc, path) from None
        if not stat.S_ISREG(mode):
            raise not_a_file(named, mode)
        exists = exists or not suffix
    return exists


def not_a_file(path: Path, mode: int) -> StoreError:
    """A store's name that is there but is not a regular file, as one line: SQLite would
    say "disk I/O error", or wait for ever for a named pipe's other end."""
    import stat

    where = shown_path(path)
    if stat.S_ISDIR(mode):
        return StoreError(_("{path} is a folder: name a file in it").format(path=where))
    if stat.S_ISFIFO(mode):
        return StoreError(_("{path} is not a store file (a named pipe)").format(path=where))
    if stat.S_ISSOCK(mode):
        return StoreError(_("{path} is not a store file (a socket)").format(path=where))
    return StoreError(_("{path} is not a store file (a device)").format(path=where))


def _disk_full(exc: BaseException, path: Path) -> bool:
    """Whether ``exc`` is the disk holding ``path`` being full: SQLite says so
    (``SQLITE_FULL``), the system does (``ENOSPC``), or an I/O error (the ``-shm`` file a
    read needs cannot grow) where the file system has no block left."""
    if isinstance(exc, OSError):
        return exc.errno == errno.ENOSPC
    name = str(getattr(exc, "sqlite_errorname", ""))
    if name == "SQLITE_FULL":
        return True
    if not name.startswith("SQLITE_IOERR"):
        return False
    try:
        room = os.statvfs(path.absolute().parent)
    except OSError:
        return False
    return room.f_bavail == 0 or room.f_bfree == 0


def holders_of(path: Path) -> list[str]:
    """The processes that have the store open (Linux: read from /proc), as
    ``coinche tournament team import (pid 4321)``; empty where that cannot be known."""
    wanted = {str(Path(f"{path}{suffix}").resolve()) for suffix in ("", "-wal", "-shm")}
    found = []
    try:
        pids = [entry for entry in os.listdir("/proc") if entry.isdigit()]
    except OSError:
        return []
    for pid in pids:
        if int(pid) == os.getpid():
            continue
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
            if not any(os.readlink(f"/proc/{pid}/fd/{fd}") in wanted for fd in fds):
                continue
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                words = handle.read().split(b"\0")
        except OSError:
            continue
        found.append(_("{command} (pid {pid})").format(command=_command(words), pid=pid))
    return found


def _command(words: list[bytes]) -> str:
    """A process's command line as people know it: ``coinche tournament team import``
    (the program's name without its folder, no interpreter, a few words)."""
    texts = [" ".join(w.decode("utf-8", "replace").split()) for w in words if w.strip()]
    if len(texts) > 1 and os.path.basename(texts[0]).startswith("python") and not (
            texts[1].startswith("-")):
        texts = texts[1:]  # a console script runs as "python …/bin/coinche …"
    if not texts:
        return "?"
    shown = [os.path.basename(texts[0]), *(w if len(w) <= 24 else w[:23] + "…"
                                           for w in texts[1:5])]
    return " ".join(shown)


def _connect(path: Path) -> Connection:
    try:
        # autocommit mode; the timeout is SQLite's busy timeout (a writer waits for another)
        raw = sqlite3.connect(path, timeout=wait_seconds(), isolation_level=None)
    except (sqlite3.Error, OSError) as exc:
        raise failure(exc, path) from None
    db = Connection(raw, path)
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    return db


def _check(db: Connection) -> int:
    """The store's schema version; refuses another program's database and a newer store."""
    # one statement, one snapshot: another process may be creating the same file
    mark, found, names = db.execute(
        "SELECT (SELECT application_id FROM pragma_application_id()),"
        " (SELECT user_version FROM pragma_user_version()),"
        " (SELECT group_concat(name, ' ') FROM sqlite_master WHERE type = 'table')"
    ).fetchone()
    version = int(found)
    if mark != APPLICATION_ID:
        tables = set((names or "").split())
        empty = not tables and version == 0
        older = mark == 0 and tables >= _OLDER_STORE and version >= 1
        if not (empty or older):
            raise InputError("db", _("{path} is not a coinche store (another program's file); name "
                                     "another file with --db"), path=shown_path(db.path))
    if version > SCHEMA_VERSION:  # a newer coinche wrote it: never write to it
        raise StoreError(_("{path} was written by a newer coinche (schema version {version}; this "
                           "version knows up to {known}); upgrade coinche to use it").format(
                               path=shown_path(db.path), version=version,
                               known=SCHEMA_VERSION))
    return version


def open_file(path: Path) -> Connection | None:
    """The store's file, checked and brought to this version's schema; None when there is
    no file yet (nothing to read)."""
    if not _looked_at(path):
        return None
    return _ready(_connect(path))


def open_read_only(path: Path) -> Connection | None:
    """The store's file for a client that changes nothing (a shell's completion): opened
    read-only by SQLite itself, never created, never brought to this version's schema; None
    when there is no file, or when it was written by another version (nothing is read)."""
    if not _looked_at(path):
        return None
    from urllib.parse import quote

    try:
        raw = sqlite3.connect(f"file:{quote(str(path.absolute()))}?mode=ro", uri=True,
                              timeout=min(wait_seconds(), 1.0), isolation_level=None)
    except (sqlite3.Error, OSError) as exc:
        raise failure(exc, path) from None
    db = Connection(raw, path)
    try:
        if _check(db) != SCHEMA_VERSION:
            db.close()
            return None
    except BaseException:
        db.close()
        raise
    return db


def library_version() -> str:
    """The version of the SQLite library this Python uses (``coinche --version --verbose``)."""
    return sqlite3.sqlite_version


def create_file(path: Path) -> Connection:
    """The store's file for a first change: created (with its folder) when missing."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise file_failure(exc, path) from None
    _looked_at(path)  # a name too long: said so, not "unable to open database file"
    return _ready(_connect(path))


def _ready(db: Connection) -> Connection:
    """``db`` checked and brought to this version's schema (closed if it cannot be)."""
    try:
        if _patiently(db, lambda: _check(db)) < SCHEMA_VERSION:
            _migrate(db)
    except BaseException:
        db.close()
        raise
    return db


def memory() -> Connection:
    """An empty store in memory: what there is to read before the file exists."""
    db = Connection(sqlite3.connect(":memory:", isolation_level=None), Path(":memory:"))
    _apply(db, 0)
    return db


def _apply(db: Connection, done: int) -> None:
    from coinche_cli.store.migrations import statements  # only a new or older store

    for statement in statements("sqlite", done):
        db.execute(statement)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")


def _migrate(db: Connection) -> None:
    """Bring the file to this version's schema, in one transaction (WAL set first: it is
    kept in the file)."""
    _wal(db)
    db.execute("BEGIN IMMEDIATE")
    try:
        _apply(db, _check(db))  # read again under the lock: another process may have done it
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _wal(db: Connection) -> None:
    """Switch to WAL (kept in the file once set)."""
    _patiently(db, lambda: db.raw.execute("PRAGMA journal_mode = WAL"))


_T = TypeVar("_T")


def _patiently(db: Connection, step: Callable[[], _T]) -> _T:
    """Run ``step``, waiting while another process sets up the same new file.  SQLite fails
    at once there instead of waiting (no busy handler while another connection changes the
    journal mode): retry until the busy timeout runs out."""
    deadline = time.monotonic() + wait_seconds()
    delay = 0.005
    while True:
        try:
            return step()
        except (sqlite3.OperationalError, StoreError) as exc:
            text = str(exc).lower()
            if ("locked" not in text and "busy" not in text) or time.monotonic() > deadline:
                if isinstance(exc, StoreError):
                    raise
                raise failure(exc, db.path) from None
            time.sleep(delay)
            delay = min(delay * 2, 0.1)


class SqliteStore(SqlStore):
    """The SQLite store.  Use :meth:`write` for every change: one immediate transaction.

    The file is opened on first use (checked to be coinche's, brought to this
    version's schema); a store that does not exist yet reads as empty and is created by the
    first change, so a command that only reads, or that is refused, creates nothing.
    ``read_only`` (a shell's completion): the file is opened read-only and as it is
    (:func:`open_read_only`), and every change is refused.
    """

    dialect = "sqlite"

    def __init__(self, path: Path, *, read_only: bool = False) -> None:
        self.path = path
        self.label = shown_path(path)  # what messages name
        self.read_only = read_only
        self._db: Connection | None = None
        self._virtual = False  # reading an empty store in memory: the file does not exist

    @property
    def db(self) -> Connection:
        """The connection: the file's, or an empty store in memory until the first change."""
        if self._db is None:
            self._db = open_read_only(self.path) if self.read_only else open_file(self.path)
            if self._db is None:
                self._db = memory()
                self._virtual = True
        return self._db

    def _changing(self) -> Connection:
        """The connection for a change: a new store's file is created now, inside the
        transaction :meth:`write` opened."""
        db = self.db
        if self.read_only:
            raise StoreError(_("{path} cannot be written (read-only); check its "
                               "permissions").format(path=self.label))
        if self._virtual:
            db.execute("ROLLBACK")
            db.close()
            self._db, self._virtual = None, False  # nothing open if the file cannot be made
            db = create_file(self.path)
            db.execute("BEGIN IMMEDIATE")
            self._db = db
        return db

    def owns(self, path: Path) -> bool:
        """Whether writing ``path`` would write one of the store's files (the database, its
        ``-wal`` or ``-shm``), by name or through a link."""
        target = path.resolve()
        for suffix in ("", "-wal", "-shm"):
            own = Path(f"{self.path}{suffix}")
            if target == own.resolve():
                return True
            try:
                if path.exists() and own.exists() and os.path.samefile(path, own):
                    return True
            except OSError:
                continue
        return False

    def _begin(self) -> None:
        """An immediate transaction: a second writer waits for the first (busy timeout)."""
        self.db.execute("BEGIN IMMEDIATE")

    def _insert(self, sql: str, values: Sequence[Any]) -> int:
        return int(self._changing().execute(sql, values).lastrowid or 0)
