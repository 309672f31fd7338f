"""The latest snapshot of the tournament, read again every second by a worker process.

A big concours takes a fraction of a second to read and rank; in the server's own process
that time would hold every request back (one interpreter runs one thread at a time), so a
worker process reads it and hands the snapshot over.  A request never waits for the store:
an entry asks for a reading (:meth:`Live.wake`) and answers at once.  If a reading fails,
the pages keep the last good snapshot and the director's terminal is told, once per
problem; a worker that dies or stops answering is replaced.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as Late

from coinche_cli.i18n import _
from coinche_cli.web import snapshot
from coinche_cli.web.settings import Settings

#: How often the snapshot is read again (seconds), and how long one reading may take.
REFRESH = 1.0
PATIENCE = 30.0


def _worker_start(parent: int) -> None:
    """In the worker: Ctrl-C is the server's to handle (no traceback from here), and the
    worker ends when the server is gone, however it went."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


class Live:
    """The snapshot the pages show, and the thread that keeps it fresh."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        # at start-up, here: a tournament that cannot be read stops the command
        self.snapshot = snapshot.read_settings(settings)
        self.error: str | None = None
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._run, name="coinche-live", daemon=True)
        self._pool: ProcessPoolExecutor | None = None
        # the terminal's words, taken now: pages switch the language while they are drawn
        self._words = (_("live page: the store cannot be read ({reason}); the pages show the "
                         "last reading"), _("live page: the store is read again"),
                       _("no reading within {seconds} s"))

    def refresh(self) -> None:
        """Read the store now (in the worker), and keep what it gives."""
        try:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_start, initargs=(os.getpid(),))
            self.snapshot = self._pool.submit(snapshot.read_settings, self.settings).result(
                timeout=PATIENCE)
            self._failed(None)
        except Late:  # a worker that no longer answers: a new one next time
            self._drop_pool()
            self._failed(self._words[2].format(seconds=f"{PATIENCE:.0f}"))
        except Exception as exc:
            # whatever the store said (an error raised in the worker may not even come back
            # whole), the pages keep the last good snapshot and this thread lives on
            if type(exc).__name__ == "BrokenProcessPool":
                self._drop_pool()
            self._failed(str(exc) or type(exc).__name__)

    def _failed(self, error: str | None) -> None:
        """Keep the reading's problem, and tell the director's terminal when it changes."""
        if error != self.error:
            failed, again, _late = self._words
            print(failed.format(reason=error) if error else again, file=sys.stderr,
                  flush=True)
        self.error = error

    def _drop_pool(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def wake(self) -> None:
        """Read the store at once (a result was just entered)."""
        self._wake.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(REFRESH)
            self._wake.clear()
            if not self._stop.is_set():
                self.refresh()

    def start(self) -> None:
        """Start keeping the snapshot fresh."""
        self._thread.start()

    def stop(self) -> None:
        """Stop, without waiting for a reading in progress (its worker is told to end)."""
        self._stop.set()
        self._wake.set()
        self._drop_pool()
