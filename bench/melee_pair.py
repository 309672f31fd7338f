"""Time a mêlée's draw through the installed command: ``coinche tournament pair`` on a
mêlée of 400 and 2,000 players (the issue's budgets: 0.5 s and 3 s), mid-evening.

For each size a store is built in this process (the operations, not the command line, so
that building 2,000 players and seven parties of results takes seconds): the players
registered, ``--before`` parties drawn and every table given random scores; then the next
partie is drawn by the installed ``coinche`` in a child process, ``--repeat`` times (the
store copied back before each run, one uncounted warm-up run first), and the median wall
time is reported with the draw's quality (repeated partners and opponents, as the command
says them on stderr) and, for comparison, the bare interpreter's start-up.

Usage: ``.venv/bin/python bench/melee_pair.py [--sizes 400,2000] [--before 7]
[--repeat 5]``; prints a markdown section for ``bench/RESULTS.md``.  Standard library only
(and the project).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from coinche_cli.rules.loader import load_rules
from coinche_cli.store.sqlite import SqliteStore
from coinche_cli.tournament import entrants, ops, results
from coinche_cli.tournament.entrants import Registration
from coinche_cli.tournament.model import Settings

COMMAND = Path(sys.executable).parent / "coinche"


def build(path: Path, players: int, before: int, seed: int) -> None:
    """A mêlée of ``players`` with ``before`` parties drawn and scored."""
    store = SqliteStore(path)
    rng = random.Random(seed)
    ops.create(store, "Bench", load_rules("standard"),
               Settings(rounds=before + 1, deals=4, seed=seed, same_club="allow",
                        format="melee"))
    entrants.register(store, None, "player", [Registration(f"Joueur {row:05d}", row=row)
                                              for row in range(1, players + 1)])
    for _number in range(before):
        paired = ops.pair_next(store, None)
        for board in paired.round.boards:
            mine = rng.randrange(100, 700, 2)
            results.enter_result(store, None, str(board.table), mine, 800 - mine)
    store.close()


def run(path: Path, draw: str) -> tuple[float, str]:
    started = time.perf_counter()
    done = subprocess.run([str(COMMAND), "--db", str(path), "tournament", "pair", "--json",
                           "--draw", draw], capture_output=True, text=True, check=True)
    return time.perf_counter() - started, done.stderr.strip()


def bare() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="400,2000")
    parser.add_argument("--before", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    lines = ["## Issue 19: a mêlée's draw through the command", "",
             f"`{COMMAND.name} tournament pair` (the partie after {args.before} drawn and "
             f"scored), median of {args.repeat} runs after a warm-up; machine: nproc "
             f"{os.cpu_count()}, {platform.processor() or platform.machine()}, Python "
             f"{platform.python_version()}.", "",
             "| players | tables | draw | `pair`, s (median) | min, s | what the draw said |",
             "|---:|---:|---|---:|---:|---|"]
    with tempfile.TemporaryDirectory() as folder:
        for size in (int(s) for s in args.sizes.split(",")):
            built = Path(folder) / f"built-{size}.db"
            build(built, size, args.before, seed=size)
            store = Path(folder) / f"run-{size}.db"
            for draw in ("random", "by-score"):
                times, said = [], ""
                for attempt in range(args.repeat + 1):
                    shutil.copyfile(built, store)
                    for suffix in ("-wal", "-shm"):
                        Path(str(store) + suffix).unlink(missing_ok=True)
                    seconds, said = run(store, draw)
                    if attempt:
                        times.append(seconds)
                lines.append(f"| {size:,} | {size // 4} | {draw} | "
                             f"{statistics.median(times):.3f} | {min(times):.3f} | "
                             f"{said.replace(chr(10), '; ') or '(nothing)'} |")
    lines += ["", f"A bare `python -c pass` takes {statistics.median(bare() for _ in range(5)):.3f}"
              " s here."]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
