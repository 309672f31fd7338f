"""The live page's worker (``web/refresh``): a worker that dies is replaced.

The worker is a real process (the one ``tournament serve`` starts), since its dying is what
is tested: its settings end it abruptly on its first reading, once (a marker file says it
did), as a crash or a kill would.
"""

from __future__ import annotations

import os
from pathlib import Path

from coinche_cli.web.refresh import Live
from coinche_cli.web.settings import Settings
from tests.harness import Cli


class DiesOnce(Settings):
    """Settings whose first reading in a worker ends that worker abruptly; the server's
    own readings, and every later one, go as usual."""

    def __init__(self, db: str, marker: str, server: int) -> None:
        super().__init__(db, None, entry=False, round_minutes=None,
                         phone_url="http://127.0.0.1:8000/")
        self.marker = marker
        self.server = server

    def store_gone(self) -> bool:
        if os.getpid() != self.server and not os.path.exists(self.marker):
            Path(self.marker).touch()
            os._exit(1)  # no clean-up, no answer: as a killed worker
        return super().store_gone()


def test_a_worker_that_dies_is_replaced_and_the_store_is_read_again(store: Path,
                                                                    tmp_path: Path) -> None:
    cli = Cli(store)
    cli.run("tournament", "new", "Concours", "--rounds", "2", "--deals", "4", "--seed", "1")
    for name in ("Les As", "Les Rois"):
        cli.run("tournament", "team", "add", name)
    marker = tmp_path / "died"
    live = Live(DiesOnce(str(store), str(marker), os.getpid()))
    try:
        live.refresh()
        assert marker.exists()  # the worker died on its reading
        assert live.error is not None and not live.error.gone
        cli.run("tournament", "pair")
        live.refresh()  # a new worker: the store is read again, the new round with it
        assert live.error is None
        assert live.snapshot.round is not None
    finally:
        live.stop()
