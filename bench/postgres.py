"""The PostgreSQL store against the SQLite store: the same commands, side by side.

Issue 12's budgets: ``game add`` and ``tournament result`` on a local PostgreSQL at most 1.5 ×
the same command on SQLite; ``tournament pair`` and ``standings`` at 1,000 teams within
1.2 ×.  A server is started for the run with the machine's ``initdb`` and ``pg_ctl``
(``tests/pg_server.py``; as the ``postgres`` user when run as root), fsync on, as a desk's
server would run.  Each round runs every command once on each store, in a shuffled order; a
command that changes the store is undone (untimed) before the next round::

    .venv/bin/python bench/postgres.py [--rounds 15] [--teams 1000]
"""

from __future__ import annotations

import argparse
import csv
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.pg_server import Server  # noqa: E402 - the repository's root is on the path now


def run(coinche: str, db: str, *args: str) -> float:
    """One command on ``db``; its wall time in milliseconds (fails loudly on an error)."""
    start = time.perf_counter()
    subprocess.run([coinche, "--db", db, *args], check=True, capture_output=True)
    return (time.perf_counter() - start) * 1000


def prepare(coinche: str, db: str, folder: Path, teams: int) -> None:
    """A game, and a tournament of ``teams`` teams whose first round has every result."""
    run(coinche, db, "game", "new", "--team", "Les As", "--team", "Les Rois",
        "--target", "100000000")
    for _ in range(50):
        run(coinche, db, "game", "add", "A", "80S", "100", "--belote", "B")
    run(coinche, db, "tournament", "new", "Bench", "--rounds", "5", "--deals", "4", "--seed",
        "1")
    names = folder / "teams.csv"
    with names.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["team", "club"])
        writer.writerows([f"Équipe {n:05}", f"Club {n % 40}"] for n in range(teams))
    run(coinche, db, "tournament", "team", "import", str(names))
    run(coinche, db, "tournament", "pair")
    results = folder / "results.csv"
    rng = random.Random(7)
    with results.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["table", "score 1", "score 2"])
        writer.writerows([t, rng.randint(300, 900), rng.randint(300, 900)]
                         for t in range(1, teams // 2 + 1))
    run(coinche, db, "tournament", "result", "--import", str(results))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--teams", type=int, default=1000)
    options = parser.parse_args()
    coinche = str(Path(sys.executable).parent / "coinche")
    server = Server(fsync=True)
    try:
        folder = Path(tempfile.mkdtemp(prefix="coinche-bench-"))
        stores = {"sqlite": str(folder / "bench.db"), "postgresql": server.new_database()}
        for db in stores.values():
            prepare(coinche, db, folder, options.teams)
        # (label, command, the untimed command that puts the store back)
        commands = [
            ("game add", ("game", "add", "A", "80S", "100", "--belote", "B"),
             ("game", "undo")),
            ("tournament result --replace", ("tournament", "result", "1", "700", "500",
                                             "--replace", "--round", "1"), None),
            (f"tournament standings --json ({options.teams} teams)",
             ("tournament", "standings", "--json"), None),
            (f"tournament pair ({options.teams} teams)", ("tournament", "pair"),
             ("tournament", "unpair")),
        ]
        times: dict[tuple[str, str], list[float]] = {}
        shuffle = random.Random(3).shuffle
        for _ in range(options.rounds):
            order = [(label, args, undo, kind) for label, args, undo in commands
                     for kind in stores]
            shuffle(order)
            for label, args, undo, kind in order:
                times.setdefault((label, kind), []).append(run(coinche, stores[kind], *args))
                if undo is not None:
                    run(coinche, stores[kind], *undo)
    finally:
        server.stop()
    print("| command | SQLite, median ms | PostgreSQL, median ms | × SQLite |")
    print("|---|---:|---:|---:|")
    for label, _args, _undo in commands:
        lite = statistics.median(times[(label, "sqlite")])
        pg = statistics.median(times[(label, "postgresql")])
        print(f"| {label} | {lite:.0f} | {pg:.0f} | {pg / lite:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
