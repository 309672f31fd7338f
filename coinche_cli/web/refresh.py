"""The latest snapshot of the tournament, read again every second by a worker process.

A big concours takes a fraction of a second to read and rank; in the server's own process
that time would hold every request back (one interpreter runs one thread at a time), so a
worker process reads it and hands the snapshot over.  A request never waits for the store:
an entry asks for a reading (:meth:`Live.wake`) and answers at once; the entries of half a
second are read together (:data:`WAKE_GAP`).

If a reading fails, the pages keep the last good snapshot and the director's terminal is
told, once per problem, and told again when the store is read again: a store whose file is
gone (moved or deleted) is said to be gone, and back when it is.  The worker says what went
wrong in a plain value (:class:`Unreadable`), so that a store that cannot be read never
costs the worker; while the problem lasts, the store is read less and less often (every
second, then 2, 4, then every :data:`MOST_PATIENT` seconds).  A worker that dies or stops
answering is replaced, as patiently.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as Late
from concurrent.futures.process import BrokenProcessPool

from coinche_cli.errors import CoincheError
from coinche_cli.i18n import _, speaking
from coinche_cli.values import Value
from coinche_cli.web import snapshot
from coinche_cli.web.settings import Settings

#: How often the snapshot is read again (seconds), and how long one reading may take.
REFRESH = 1.0
PATIENCE = 30.0
#: The longest wait between two readings while the store cannot be read (seconds).
MOST_PATIENT = 5.0
#: The shortest time between the starts of two readings asked for by entries (seconds): a
#: room entering deals from its phones (a hundred phones: twenty-five deals a second) asks
#: for a reading at each; they are read together, the reading's worker no longer taking a
#: whole core from the server that answers the phones (each entry is still shown within a
#: second and a half).
WAKE_GAP = 0.5


class Unreadable(Value):
    """Why the worker could not read the store: its file is ``gone`` (``reason`` is its
    path), or what the store said.  A plain value: it comes back from the worker whole,
    where an exception of any kind might not."""

    __slots__ = ("gone", "reason")

    def __init__(self, gone: bool, reason: str) -> None:
        self.gone = gone
        self.reason = reason


def read(settings: Settings) -> snapshot.Snapshot | Unreadable:
    """In the worker: a snapshot, or why there is none."""
    if settings.store_gone():
        return Unreadable(True, str(settings.store_file()))
    try:
        return snapshot.read_settings(settings)
    except Exception as exc:  # whatever it is, said in words the server can take back
        if settings.store_gone():  # gone while it was read
            return Unreadable(True, str(settings.store_file()))
        if isinstance(exc, CoincheError):
            return Unreadable(False, exc.text)
        return Unreadable(False, f"{type(exc).__name__}: {exc}")


def _worker_start(parent: int) -> None:
    """In the worker: Ctrl-C and SIGTERM are the server's to handle (no traceback from here;
    the server ends the worker as it stops), and the worker ends when the server is gone,
    however it went."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


class Live:
    """The snapshot the pages show, and the thread that keeps it fresh; ``reopen(round,
    table)`` is called for each table the director reopened (``tournament reopen``)."""

    def __init__(self, settings: Settings,
                 reopen: Callable[[int, int], None] | None = None) -> None:
        self.settings = settings
        # at start-up, here: a tournament that cannot be read stops the command
        self.snapshot = snapshot.read_settings(settings)
        self._reopen = reopen
        self._reopened = dict(self.snapshot.reopened)  # those reopened before: done
        #: the reading's problem, as the terminal was told it (None: the store is read)
        self.error: Unreadable | None = None
        self._failures = 0
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._run, name="coinche-live", daemon=True)
        self._pool: ProcessPoolExecutor | None = None

    def refresh(self) -> None:
        """Read the store now (in the worker), and keep what it gives."""
        try:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_start, initargs=(os.getpid(),))
            got = self._pool.submit(read, self.settings).result(timeout=PATIENCE)
        except Late:  # a worker that no longer answers: a new one next time
            self._drop_pool()
            got = Unreadable(False, self._late())
        except BrokenProcessPool as exc:  # a worker that died: a new one next time
            self._drop_pool()
            got = Unreadable(False, str(exc) or type(exc).__name__)
        except Exception as exc:
            # a failure of coinche itself: the pages keep the last good snapshot and this
            # thread lives on
            got = Unreadable(False, str(exc) or type(exc).__name__)
        if isinstance(got, Unreadable):
            self._failures += 1
            self._failed(got)
            return
        self._failures = 0
        self._failed(None)
        self._reopened_now(got)
        self.snapshot = got

    def _late(self) -> str:
        """A worker that no longer answers, in the room's words."""
        with speaking(self.settings.language):
            return _("no reading within {seconds} s").format(seconds=f"{PATIENCE:.0f}")

    def _failed(self, problem: Unreadable | None) -> None:
        """Keep the reading's problem, and tell the director's terminal when it changes."""
        was, self.error = self.error, problem
        if problem == was:
            return
        if problem is None:
            assert was is not None
            if was.gone:
                self.settings.tell(lambda: _("live page: the store is back: the pages show it "
                                             "again"))
            else:
                self.settings.tell(lambda: _("live page: the store is read again"))
        elif problem.gone:
            self.settings.tell(lambda: _(
                "live page: the store {path} is gone (moved or deleted): the pages show the "
                "last reading until it is back").format(path=problem.reason))
        else:
            self.settings.tell(lambda: _("live page: the store cannot be read ({reason}); the "
                                         "pages show the last reading").format(
                                             reason=problem.reason))

    def _reopened_now(self, got: snapshot.Snapshot) -> None:
        """Open again the tables the director reopened since the last reading."""
        for key, count in got.reopened.items():
            if count <= self._reopened.get(key, 0):
                continue
            round_number, _dot, table = key.partition(".")
            if self._reopen is not None and round_number.isdigit() and table.isdigit():
                self._reopen(int(round_number), int(table))
                self._told_open(table)
        self._reopened = dict(got.reopened)

    def _told_open(self, table: str) -> None:
        self.settings.tell(lambda: _("live page: table {table} is open to phones again").format(
            table=table))

    def _drop_pool(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def wake(self) -> None:
        """Read the store at once (a result was just entered)."""
        self._wake.set()

    def _pause(self) -> float:
        """The wait before the next reading: a second, longer while the store cannot be
        read (twice as long after each failure, at most :data:`MOST_PATIENT`)."""
        return min(REFRESH * (1 << min(self._failures, 8)), MOST_PATIENT)

    def _run(self) -> None:
        started = float("-inf")  # the first reading is at once
        while not self._stop.is_set():
            self._wake.wait(self._pause())
            # the entries of the next moments are read with this one (WAKE_GAP)
            self._stop.wait(max(0.0, started + WAKE_GAP - time.monotonic()))
            self._wake.clear()
            if not self._stop.is_set():
                started = time.monotonic()
                self.refresh()

    def start(self) -> None:
        """Start keeping the snapshot fresh."""
        self._thread.start()

    def stop(self) -> None:
        """Stop: a reading in progress is given a second to end, then the worker is told to
        end (waited for when the reading ended: a pool shut down without waiting races the
        interpreter's own exit, which then prints a traceback of its executor's pipes)."""
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout=1.0)
        if self._pool is not None and not self._thread.is_alive():
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        self._drop_pool()
