"""The one harness through which the tests drive the ``coinche`` command line.

Two runners, one result (:class:`Ran`):

- :func:`in_process` calls the Typer app through Typer's ``CliRunner``, built for each run
  as the command builds it (``build(args, root_options=True)``: only the group and command
  the run names, with every root option declared since no ``run()`` takes them out), each
  run in a context of its own (its language chosen from its environment, as a process's
  is): about 10–20 ms a command (50–70 ms with the whole app), what most tests use;
- :func:`in_subprocess` runs the installed ``coinche`` console script (the one beside
  ``sys.executable``) in a real process, exactly as a scorekeeper's shell does; each run costs
  about 0.3 s, so only the tests that need a real process use it.

:class:`Cli` binds either runner to one store (``--db``: a file or a PostgreSQL URL) and
states the contracts once: :meth:`Cli.run` (an expected exit code), :meth:`Cli.json`
(``--json``, exit 0, decoded) and :meth:`Cli.refused` (exit 2, exactly one ``error: …`` line
on stderr, the store's data left as it was).  ``tests/conftest.py`` hands out ``cli`` and
``cli_process``, both on the test's store; a test marked ``both_stores`` (or ``pg_story``)
gets them on each backend in turn.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import importlib
import json
import os
import sqlite3
import subprocess
import sys
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import pytest
from typer.testing import CliRunner

from coinche_cli.cli.main import GROUPS, build

#: Seconds a real process may take before the test fails (a hung command must not hang CI).
TIMEOUT = 120


@dataclass(frozen=True)
class Ran:
    """One run of the command line: its arguments, exit code and what it printed."""

    args: tuple[str, ...]
    code: int
    stdout: str
    stderr: str
    #: in process only: the traceback of an exception that escaped the command (else "")
    crash: str = ""

    def report(self) -> str:
        """Everything about the run, for an assertion message."""
        parts = [f"coinche {' '.join(self.args)}", f"exit code {self.code}",
                 f"stdout: {self.stdout!r}", f"stderr: {self.stderr!r}"]
        if self.crash:
            parts.append(self.crash)
        return "\n".join(parts)


class Runner(Protocol):
    """Runs ``coinche ARGS…`` once and reports what it did; never raises on a non-zero exit."""

    def __call__(self, args: Sequence[str], *, stdin: str | None = None,
                 env: Mapping[str, str] | None = None, cwd: Path | None = None) -> Ran: ...


def installed_command() -> Path:
    """The ``coinche`` console script installed beside ``sys.executable``; fails the test with
    what to do when it is missing."""
    command = Path(sys.executable).parent / "coinche"
    if not command.exists():
        pytest.fail(f"{command} is missing: install the package into this environment first "
                    f"(`pip install .` or `pip install -e .`)", pytrace=False)
    return command


@dataclass(frozen=True)
class Limits:
    """What a hostile input may cost the command that reads it: address space and CPU time
    (set in the child with ``resource.setrlimit``), and the wall time the test waits."""

    memory: int = 200 * 2**20
    seconds: int = 10

    def apply(self) -> None:
        """In the child, before the command starts."""
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (self.memory, self.memory))
        resource.setrlimit(resource.RLIMIT_CPU, (self.seconds, self.seconds))


def in_subprocess(args: Sequence[str | bytes], *, stdin: str | bytes | None = None,
                  env: Mapping[str, str] | None = None, cwd: Path | None = None,
                  limits: Limits | None = None) -> Ran:
    """Run the installed ``coinche ARGS…`` in a real process.

    ``COINCHE_DB`` is removed from the environment unless ``env`` gives it, and the streams are
    UTF-8 whatever the machine's locale; ``stdin`` is fed to the command.  Arguments and
    ``stdin`` may be bytes (input that is not UTF-8); what the command prints is read as
    UTF-8, a byte that is not shown as U+FFFD.  With ``limits``, the child runs under them.
    """
    environ = {key: value for key, value in os.environ.items() if key != "COINCHE_DB"}
    environ["PYTHONIOENCODING"] = "utf-8"
    environ.update(env or {})
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    timeout = TIMEOUT if limits is None else limits.seconds * 3
    done = subprocess.run([os.fsencode(installed_command()),
                           *(a if isinstance(a, bytes) else os.fsencode(a) for a in args)],
                          input=data, env=environ, cwd=cwd, capture_output=True,
                          timeout=timeout, check=False,
                          preexec_fn=None if limits is None else limits.apply)
    shown = tuple(a.decode("utf-8", "replace") if isinstance(a, bytes) else a for a in args)
    return Ran(shown, done.returncode, done.stdout.decode("utf-8", "replace"),
               done.stderr.decode("utf-8", "replace"))


_RUNNER = CliRunner()
# every command module imported once, here, in English: as when the whole app was built for
# the harness, what a module does on import does not depend on which test runs first
for _module in (*GROUPS.values(), "coinche_cli.cli.score"):
    importlib.import_module(_module)


def in_process(args: Sequence[str], *, stdin: str | None = None,
               env: Mapping[str, str] | None = None, cwd: Path | None = None) -> Ran:
    """Run ``coinche ARGS…`` in this process through Typer's ``CliRunner``.

    The same environment rules as :func:`in_subprocess` (no ``COINCHE_DB`` unless ``env``
    gives it); ``cwd`` changes this process's folder for the run, so runs must not overlap.
    """
    environ: dict[str, str | None] = {"COINCHE_DB": None, **(env or {})}
    with contextlib.chdir(cwd) if cwd is not None else contextlib.nullcontext():
        # in a context of its own, as a process starts: the language is chosen from the
        # run's environment, and a --lang of the run does not outlive it (i18n's ContextVar)
        result = contextvars.Context().run(_invoke, list(args), stdin, environ)
    crash = ""
    # Click keeps the exit's exc_info even for a clean exit 0: only another exception crashed
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        crash = "".join(traceback.format_exception(*result.exc_info))
    return Ran(tuple(args), result.exit_code, result.stdout, result.stderr, crash)


def _invoke(args: list[str], stdin: str | None, env: Mapping[str, str | None]) -> Any:
    # built per run, as run() builds it, not the whole app (whose inspection by Typer took
    # about 40 ms a run)
    return _RUNNER.invoke(build(args, root_options=True), args, input=stdin, env=env)


def _checksum(connection: sqlite3.Connection) -> str:
    dump = "\n".join(connection.iterdump())
    return hashlib.sha256(dump.encode()).hexdigest()


with contextlib.closing(sqlite3.connect(":memory:")) as _empty:
    #: the checksum of a store without any table or row, and of one that does not exist
    EMPTY_STORE = _checksum(_empty)


def data_checksum(db: Path | str) -> str:
    """A checksum of every table and row of the store (``iterdump``), not of the file, which
    WAL may reorganise.  A file that does not exist reads as an empty store and is not
    created: a store created since then must be empty of data, or the checksums differ.
    ``db`` may be a PostgreSQL URL (:func:`server_checksum`)."""
    if isinstance(db, str):
        return server_checksum(db)
    if not db.exists():
        return EMPTY_STORE
    try:
        with contextlib.closing(sqlite3.connect(db)) as connection:
            return _checksum(connection)
    except sqlite3.DatabaseError:  # a file that is no database: its bytes
        return hashlib.sha256(db.read_bytes()).hexdigest()


def server_checksum(url: str) -> str:
    """A checksum of every table of a PostgreSQL store, its columns and every row (sorted):
    a table created since, even empty, changes it."""
    import psycopg

    digest = hashlib.sha256()
    with psycopg.connect(url, autocommit=True) as connection:
        tables = [row[0] for row in connection.execute(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = current_schema() ORDER BY table_name").fetchall()]
        for table in tables:
            cursor = connection.execute(f'SELECT * FROM "{table}"')
            columns = [column.name for column in cursor.description or ()]
            rows = sorted(repr(row) for row in cursor.fetchall())
            digest.update(repr((table, columns, rows)).encode())
    return digest.hexdigest()


def store_rows(db: Path | str, sql: str) -> list[tuple[Any, ...]]:
    """The rows ``sql`` reads from a store, a SQLite file or a PostgreSQL URL: what no command
    shows (a result's history), read straight from the tables."""
    if isinstance(db, str):
        import psycopg

        with psycopg.connect(db, autocommit=True) as connection:
            return [tuple(row) for row in connection.execute(sql).fetchall()]
    with contextlib.closing(sqlite3.connect(db)) as lite:
        return [tuple(row) for row in lite.execute(sql).fetchall()]


class Cli:
    """The command line pointed at one store file, in process or in a real process.

    ``Cli(db)`` runs ``coinche --db DB ARGS…`` through :func:`in_process`; with
    ``process=True`` through :func:`in_subprocess`.  Without ``db`` no ``--db`` is passed (for
    ``score`` and ``rules``, which use no store).  ``prefix`` words go before every command's
    arguments (see :meth:`under`); ``env`` and ``cwd`` apply to every run.  Every run is kept
    in :attr:`history`, the latest as :attr:`last`.
    """

    def __init__(self, db: Path | str | None = None, *, process: bool = False,
                 prefix: Sequence[str] = (), env: Mapping[str, str] | None = None,
                 cwd: Path | None = None, limits: Limits | None = None) -> None:
        self.db = db
        self.process = process or limits is not None
        self.limits = limits
        self.prefix = tuple(prefix)
        self.env = dict(env or {})
        self.cwd = cwd
        self.history: list[Ran] = []

    def under(self, *words: str) -> Cli:
        """The same command line with ``words`` before every command (``under("tournament")``),
        sharing this one's history."""
        sub = Cli(self.db, process=self.process, prefix=(*self.prefix, *words), env=self.env,
                  cwd=self.cwd, limits=self.limits)
        sub.history = self.history
        return sub

    @property
    def last(self) -> Ran:
        """The latest run."""
        assert self.history, "nothing has run yet"
        return self.history[-1]

    def invoke(self, *args: str, stdin: str | None = None) -> Ran:
        """Run ``coinche [--db DB] PREFIX… ARGS…`` and return what it did, whatever its exit
        code (nothing is checked)."""
        store = () if self.db is None else ("--db", str(self.db))
        words = [*store, *self.prefix, *args]
        if self.limits is not None:
            ran = in_subprocess(words, stdin=stdin, env=self.env, cwd=self.cwd,
                                limits=self.limits)
        else:
            runner: Runner = in_subprocess if self.process else in_process
            ran = runner(words, stdin=stdin, env=self.env, cwd=self.cwd)
        self.history.append(ran)
        return ran

    def run(self, *args: str, code: int = 0, stdin: str | None = None) -> Ran:
        """Run a command that must exit with ``code``."""
        ran = self.invoke(*args, stdin=stdin)
        assert ran.code == code, f"expected exit code {code}\n{ran.report()}"
        return ran

    def json(self, *args: str, stdin: str | None = None) -> Any:
        """Run ``ARGS… --json``, which must exit 0, and decode what it printed."""
        return json.loads(self.run(*args, "--json", stdin=stdin).stdout)

    def refused(self, *args: str, stdin: str | None = None) -> str:
        """Run a command that must be refused and return its error line.

        A refusal exits with code 2, prints exactly one line on stderr, starting with
        ``error: ``, and leaves every row of the store as it was (:func:`data_checksum`).
        """
        before = None if self.db is None else data_checksum(self.db)
        ran = self.run(*args, code=2, stdin=stdin)
        lines = ran.stderr.splitlines()
        assert len(lines) == 1, f"{len(lines)} lines on stderr\n{ran.report()}"
        assert lines[0].startswith("error: "), ran.report()
        if self.db is not None:
            assert data_checksum(self.db) == before, f"the store changed\n{ran.report()}"
        return lines[0]

    def refused_rows(self, *args: str, stdin: str | None = None) -> list[str]:
        """Run a command refused for some rows of its input (a file): exit 2, a summary line
        then one line per bad row, each starting with ``error: ``, the store as it was.
        Returns the lines without their prefix."""
        before = None if self.db is None else data_checksum(self.db)
        ran = self.run(*args, code=2, stdin=stdin)
        lines = ran.stderr.splitlines()
        assert len(lines) >= 2, f"expected a summary and a line per row\n{ran.report()}"
        assert all(line.startswith("error: ") for line in lines), ran.report()
        if self.db is not None:
            assert data_checksum(self.db) == before, f"the store changed\n{ran.report()}"
        return [line.removeprefix("error: ") for line in lines]
