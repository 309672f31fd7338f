"""Time ``coinche tournament publish DIR`` (and ``season publish``) at the issue's field.

Issue 36's budget: the results site of 1,000 teams × 8 rounds within 5 s.  The store is
built through the console script as a director would (:func:`export.build_store`: teams
imported, each round paired and its results imported; no deals), then the whole command runs
through the console script beside this Python, ``--runs`` times after one uncounted warm-up
(imports, the file cache): into a new folder, and again over its own site (the common case
after a correction: every page replaced, none removed).  A season of that concours is
published too (a line and a page per team).  Times are wall seconds of the process.

Usage: ``.venv/bin/python bench/publish.py [--teams 1000] [--rounds 8] [--runs 5]``; prints a
markdown section for ``bench/RESULTS.md`` and exits non-zero when the budget is missed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from export import build_store
from startup import load_average, machine

BUDGET = 5.0


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True)
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
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        start = time.perf_counter()
        build_store(coinche, db, args.teams, args.rounds, args.seed)
        built = time.perf_counter() - start
        base = [coinche, "--db", str(db)]
        subprocess.run([*base, "season", "new", "Saison", "--by", "team"], check=True,
                       capture_output=True)
        subprocess.run([*base, "season", "add", "Saison", "Concours"],
                       check=True, capture_output=True)
        site = Path(folder) / "site"
        samples: dict[str, list[float]] = {"tournament publish, a new folder": [],
                                           "tournament publish, over its own site": [],
                                           "season publish (a season of that concours)": []}
        pages = 0
        for index in range(args.runs + 1):
            shutil.rmtree(site, ignore_errors=True)
            fresh = timed([*base, "tournament", "publish", "--tournament", "Concours",
                           str(site)])
            again = timed([*base, "tournament", "publish", "--tournament", "Concours",
                           str(site)])
            pages = len(list(site.glob("*.html")))
            season = timed([*base, "season", "publish", "Saison", str(Path(folder) / "s")])
            if index:
                samples["tournament publish, a new folder"].append(fresh)
                samples["tournament publish, over its own site"].append(again)
                samples["season publish (a season of that concours)"].append(season)
        size = sum(path.stat().st_size for path in site.glob("*.html"))
    print(f"### The results site: `tournament publish` and `season publish` ({dt.date.today()})")
    print()
    print(f"- machine: {machine()}; load average before: {load_before}, after: "
          f"{load_average()}")
    print(f"- `{Path(sys.executable).name} bench/publish.py {' '.join(sys.argv[1:])}`: "
          f"{args.teams:,} teams × {args.rounds} rounds (store built in {built:.0f} s), "
          f"{args.runs} runs after a warm-up; the site: {pages:,} pages, {size / 1e6:.1f} MB")
    print()
    print("| command | median s | max s | budget s |")
    print("|---|---:|---:|---:|")
    missed = False
    for name, values in samples.items():
        worst = max(values)
        missed |= name.startswith("tournament") and worst > BUDGET
        print(f"| {name} | {statistics.median(values):.2f} | {worst:.2f} | "
              f"{BUDGET if name.startswith('tournament') else '-'} |")
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
