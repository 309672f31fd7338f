"""Time ``coinche tournament export --event`` and ``coinche store import`` at the room's budget.

Issue 36, part 3: at 1,000 teams and 8 rounds, ``export --event`` and ``store import`` within
3 s each.  The store is built through the console script as a director builds it (the teams
imported, every round paired and its results imported from a file: ``bench/export.py``'s
``build_store``), then each command runs ``--runs`` times through the console script beside
this Python, in a real process as a director runs it: the export into a new file, the import
of that file into a new, empty store (the views read back and compared before the commit
included).  Wall seconds; the median and the slowest are printed.

Usage: ``.venv/bin/python bench/event_file.py [--teams 1000] [--rounds 8] [--runs 5]``;
prints a markdown section for ``bench/RESULTS.md``.  Standard library only.
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from export import build_store
from startup import load_average, machine

#: The budget of each command (issue 36, part 3).
BUDGET = 3.0


def timed(words: list[str]) -> float:
    """Run ``coinche WORDS…`` once (it must succeed): its wall seconds."""
    start = time.perf_counter()
    subprocess.run(words, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    coinche = str(Path(sys.executable).parent / "coinche")
    load_before = load_average()
    samples: dict[str, list[float]] = {"export --event": [], "store import": []}
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        db = out / "concours.db"
        build_store(coinche, db, args.teams, args.rounds, args.seed)
        size = 0
        for run in range(args.runs):
            event = out / f"concours-{run}.json"
            samples["export --event"].append(timed(
                [coinche, "--db", str(db), "tournament", "export", "--event", str(event)]))
            size = event.stat().st_size
            samples["store import"].append(timed(
                [coinche, "--db", str(out / f"import-{run}.db"), "store", "import",
                 str(event)]))
    print(f"### Event file: export --event and store import ({dt.date.today()})\n")
    print(f"{machine()}; load before {load_before}, after {load_average()}.  "
          f"{args.teams} teams × {args.rounds} rounds (results imported per round, no "
          f"table scored deal by deal), a file of {size / 2**20:.1f} MiB; {args.runs} runs "
          "of each command through the console script.\n")
    print("| command | median (s) | slowest (s) | budget (s) |")
    print("| --- | --- | --- | --- |")
    for name, times in samples.items():
        print(f"| `{name}` | {statistics.median(times):.2f} | {max(times):.2f} | {BUDGET:.0f} |")


if __name__ == "__main__":
    main()
