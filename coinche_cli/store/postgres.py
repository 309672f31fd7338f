"""The PostgreSQL store: the SQLite store's queries on a server that several desks share.

``--db postgresql://user@host:port/dbname`` (or ``COINCHE_DB``) selects it; psycopg 3 is the
driver, imported only by a command that uses such a store.  The queries are the SQLite
store's (:class:`coinche_cli.store.sql.SqlStore`); this module gives them a connection,
the schema and the transactions:

- the schema is the same named migrations (:mod:`coinche_cli.store.migrations`), its version
  kept in ``coinche_schema``; a database holding other tables is refused, and so is a store
  written by a newer coinche;
- an empty database reads as an empty store through the session's temporary tables, and
  gets its tables from the first change (as a SQLite file is created by the first change
  only); a user without the right to temporary tables gets the real ones at once;
- every command's change is one transaction that first takes one transaction-scoped
  advisory lock of the store: commands that change the store run one after the other, as
  SQLite's ``BEGIN IMMEDIATE`` makes them, so deal numbers stay gap-free and two desks
  entering the same table obey the ``--replace`` rule; a killed client's transaction is
  rolled back by the server;
- errors are one line with what to check; no secret of the URL ever appears in one (a
  password, in ``user:password@`` or as a parameter, an ``sslpassword``, a ``passfile``:
  :mod:`coinche_cli.store.naming`), and the URL is shown at most 80 characters long
  (libpq's own ``PGPASSWORD`` and ``~/.pgpass`` work as usual).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from coinche_cli.errors import CoincheError, InputError, StoreError
from coinche_cli.i18n import _
from coinche_cli.store import SCHEMA_VERSION
from coinche_cli.store.naming import (
    HIDDEN,
    MOST,
    has_password,
    parameters,
    secrets,
    shown_url,
)
from coinche_cli.store.sql import SqlStore

#: The advisory lock every change takes: one store, one writer at a time.
WRITE_LOCK = 0x636F696E  # "coin"
#: The longest part of libpq's own reason a message quotes.
_REASON = 200


class _Connection:
    """A psycopg connection in autocommit mode (transactions are opened explicitly) that
    takes the SQLite store's statements (``?`` placeholders) and whose errors are the
    store's own: one line each."""

    def __init__(self, raw: Any, url: str) -> None:
        self.raw = raw
        self.url = url

    def execute(self, sql: str, values: Sequence[Any] = ()) -> Any:
        """Run one statement."""
        import psycopg

        try:
            return self.raw.execute(sql.replace("?", "%s"), tuple(values))
        except psycopg.Error as exc:
            raise failure(exc, self.url) from None

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement for each of ``rows``."""
        import psycopg

        try:
            with self.raw.cursor() as cursor:
                cursor.executemany(sql.replace("?", "%s"), [tuple(row) for row in rows])
        except psycopg.Error as exc:
            raise failure(exc, self.url) from None

    def close(self) -> None:
        """Let go of the server."""
        self.raw.close()


def failure(exc: BaseException, url: str) -> CoincheError:
    """A PostgreSQL error as one line for the user, saying what to check."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    lowered = text.lower()
    where = shown_url(url)
    if "password authentication failed" in lowered or "no password supplied" in lowered:
        message = _("{url}: the server refused the user's password: check the user, "
                    "PGPASSWORD or ~/.pgpass")
    elif "does not exist" in lowered and "database" in lowered:
        message = _("{url}: no such database on the server: create it first (createdb) or "
                    "check its name")
    elif "permission denied" in lowered or "must be owner" in lowered:
        message = _("{url}: the user may not do this: grant it the database (owner, or CREATE "
                    "and the tables' rights)")
    elif ("connection refused" in lowered or "could not connect" in lowered
          or "timeout" in lowered or "could not translate host name" in lowered
          or "failed to resolve host" in lowered
          or "connection failed" in lowered):
        message = _("cannot reach the PostgreSQL server of {url}: check that it runs, its host "
                    "and port, and the network")
    else:
        return StoreError(_("{path}: {reason}").format(path=where, reason=_reason(text, url)))
    return StoreError(message.format(url=where))


def _reason(text: str, url: str) -> str:
    """libpq's reason without a secret of ``url``: the URL as messages show it; each secret
    hidden where it appears, and any value libpq quotes ("…") that shares a piece with one
    (a password typed without percent-encoding is read in parts: its start as the password,
    its end as a host) hidden whole; a quoted value cut to 80 characters, the reason to
    200."""
    import re

    where = shown_url(url)
    for whole in (_with_timeout(url), url):
        text = text.replace(whole, where)
    hidden = secrets(url)
    for secret in hidden:
        if len(secret) >= 3:  # a shorter one would hide letters of the sentence: quoted only
            text = text.replace(secret, HIDDEN)

    def value(match: re.Match[str]) -> str:
        mark, quoted = match[1], match[2]
        if quoted != where and any(_shares(quoted, secret) for secret in hidden):
            return f"{mark}{HIDDEN}{mark}"
        return f"{mark}{quoted if len(quoted) <= MOST else quoted[:MOST - 1] + '…'}{mark}"

    # libpq quotes with "…", psycopg (resolving a host itself) with '…'
    text = re.sub(r"""(["'])(.*?)\1""", value, text)
    return text if len(text) <= _REASON else text[:_REASON - 1] + "…"


def _shares(quoted: str, secret: str) -> bool:
    """Whether ``quoted`` holds a piece of ``secret`` (three characters, or all of the
    shorter)."""
    size = min(3, len(secret), len(quoted))
    return size > 0 and any(quoted[i:i + size] in secret for i in range(len(quoted) - size + 1))


class PostgresStore(SqlStore):
    """The PostgreSQL store named by ``url``.  Use :meth:`write` for every change."""

    dialect = "postgresql"
    #: A reading sees one moment of the store, and cannot change it.
    _SNAPSHOT = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

    def __init__(self, url: str, *, read_only: bool = False) -> None:
        self.url = url
        #: a client that changes nothing (a shell's completion): every transaction of the
        #: session is read-only, so the server refuses a migration or a first change
        self.read_only = read_only
        self.label = shown_url(url)  # what messages name
        self._db: _Connection | None = None
        # an empty database read through temporary tables: nothing is created on the server
        # until the first change (as a SQLite store's file is not)
        self._virtual = False
        self._virtual_before = False
        #: Set before first use by a client that reads the store only inside its writes
        #: (``store copy``'s destination): an empty database then gets its tables in the
        #: first write's transaction, even for a user without temporary tables, so that a
        #: copy killed or refused leaves it empty.
        self.tables_in_first_write = False

    @property
    def db(self) -> _Connection:
        """The connection, opened (and the schema checked) on first use."""
        if self._db is None:
            try:
                import psycopg
            except ImportError as exc:  # installed without the postgres extra
                raise StoreError(_("{url} needs the PostgreSQL driver, which cannot be loaded "
                                   "({reason}): install coinche[postgres]").format(
                                       url=self.label, reason=exc)) from None
            _check_password_file(self.url)
            try:
                raw = psycopg.connect(_with_timeout(self.url), autocommit=True)
            except psycopg.Error as exc:
                raise failure(exc, self.url) from None
            db = _Connection(raw, self.url)
            try:
                if self.read_only:
                    db.execute("SET default_transaction_read_only = on")
                self._virtual = _open(db, empty_reads=not self.tables_in_first_write)
            except BaseException:
                db.close()
                raise
            self._db = db
        return self._db

    def _changing(self) -> _Connection:
        """The connection for a change (inside :meth:`write`)."""
        return self.db

    def _insert(self, sql: str, values: Sequence[Any]) -> int:
        row = self._changing().execute(f"{sql} RETURNING id", values).fetchone()
        return int(row[0])

    def owns(self, path: Path) -> bool:
        """A server's store has no file here: no export can write over it."""
        return False

    def _begin(self) -> None:
        """A transaction holding the store's write lock: changes queue one after the other,
        and the server rolls back a killed client's."""
        db = self.db
        self._virtual_before = self._virtual
        db.execute("BEGIN")
        try:
            db.execute("SELECT pg_advisory_xact_lock(?)", (WRITE_LOCK,))
            if self._virtual:
                # an empty database gets its tables now, under the lock: another desk may
                # have made them since this one looked, and then they are used as they are
                db.execute("DISCARD TEMP")
                _migrate(db)
                self._virtual = False
        except BaseException:
            db.execute("ROLLBACK")
            self._virtual = self._virtual_before
            raise

    def _rolled_back(self) -> None:
        """A rolled-back first change took the new tables with it: read empty again."""
        self._virtual = self._virtual_before


def _check_password_file(url: str) -> None:
    """A password file named on purpose (``passfile=`` in the URL, or ``PGPASSFILE``) that
    libpq would pass over with a warning of its own on stderr: refused in one line instead.
    libpq reads one only when no password is given; a file that does not exist it passes
    over silently, and so does this."""
    import os
    import stat

    if has_password(url) or os.environ.get("PGPASSWORD"):
        return
    named = parameters(url).get("passfile") or os.environ.get("PGPASSFILE")
    if not named:
        return  # ~/.pgpass, which libpq looks for in every client: as libpq says
    try:
        mode = os.stat(named).st_mode
    except (OSError, ValueError):
        return
    if not stat.S_ISREG(mode):
        raise StoreError(_("{url}: the password file (passfile or PGPASSFILE) is not a plain "
                           "file: name the file that holds the password").format(
                               url=shown_url(url)))
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise StoreError(_("{url}: the password file (passfile or PGPASSFILE) may be read by "
                           "others, so libpq will not use it: chmod 600 it").format(
                               url=shown_url(url)))


def _with_timeout(url: str) -> str:
    """``url`` with a connection timeout of 10 seconds, unless it names one: a desk whose
    server is down hears so instead of waiting."""
    if "connect_timeout=" in url:
        return url
    return f"{url}{'&' if '?' in url else '?'}connect_timeout=10"


def _open(db: _Connection, *, empty_reads: bool = True) -> bool:
    """Check a database on first contact, in one round trip when it is an up-to-date store.
    An older store is brought to this version's schema; an empty database is read through
    temporary tables (none without ``empty_reads``: a store read only inside its first
    write), and True says so (:meth:`PostgresStore._begin` creates the real ones).  Another
    program's database, and a newer store, are refused."""
    import psycopg

    try:
        row = db.raw.execute("SELECT version FROM coinche_schema").fetchone()
    except psycopg.errors.UndefinedTable:
        row = None
    except psycopg.Error as exc:
        raise failure(exc, db.url) from None
    if row is not None and int(row[0]) == SCHEMA_VERSION:
        return False
    db.execute("BEGIN")
    try:
        db.execute("SELECT pg_advisory_xact_lock(?)", (WRITE_LOCK,))
        if _version(db) == 0 and not empty_reads:
            db.execute("ROLLBACK")  # nothing to read before the first write makes the tables
            return True
        if _version(db) == 0:
            db.execute("SAVEPOINT empty")
            try:
                _temporary(db)
            except StoreError:  # no right to temporary tables: the real ones, then
                db.execute("ROLLBACK TO SAVEPOINT empty")
            else:
                db.execute("COMMIT")
                return True
        _migrate(db)
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return False


def _temporary(db: _Connection) -> None:
    """This version's tables as the session's temporary tables, empty: an empty store to read,
    which the server drops when the session ends."""
    from coinche_cli.store.migrations import statements

    for statement in statements("postgresql", 0):
        db.execute(statement.replace("CREATE TABLE", "CREATE TEMPORARY TABLE", 1))


def _migrate(db: _Connection) -> None:
    """Bring the store to this version's schema (inside a transaction holding the write lock:
    two desks may start at once)."""
    version = _version(db)
    if version == SCHEMA_VERSION:
        return
    from coinche_cli.store.migrations import statements

    for statement in statements("postgresql", version):
        db.execute(statement)
    if version == 0:
        db.execute("CREATE TABLE coinche_schema (version INTEGER NOT NULL)")
        db.execute("INSERT INTO coinche_schema (version) VALUES (?)", (SCHEMA_VERSION,))
    else:
        db.execute("UPDATE coinche_schema SET version = ?", (SCHEMA_VERSION,))


def _version(db: _Connection) -> int:
    """The store's schema version (0: an empty database); refuses another program's
    database and a newer store."""
    tables = {row[0] for row in db.execute(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
    ).fetchall()}
    if "coinche_schema" not in tables:
        if tables:
            raise InputError("db", _("{path} is not a coinche store (another program's file); name "
                                     "another file with --db"), path=shown_url(db.url))
        return 0
    row = db.execute("SELECT version FROM coinche_schema").fetchone()
    version = int(row[0]) if row else 0
    if version > SCHEMA_VERSION:
        raise StoreError(_("{path} was written by a newer coinche (schema version {version}; this "
                           "version knows up to {known}); upgrade coinche to use it").format(
                               path=shown_url(db.url), version=version, known=SCHEMA_VERSION))
    return version
