"""Score sheets of a round: ``tournament sheets FILE --url URL`` through the installed
command, this environment's against another's (the writer before), side by side.

For each size (tables) the script builds a store in a temporary folder (``team import`` of
twice as many generated teams, ``pair``), then runs ``tournament sheets`` of that round with
``--url`` (every sheet has its QR code), each in a child process of the console script beside
each interpreter, interleaved in shuffled order, and reports the median wall time, the median
CPU time (user and system: less stretched by the machine's other load) and the peak memory
(``ru_utime + ru_stime`` and ``ru_maxrss`` of the child, through ``os.wait4``), and the
growth between sizes: the exponent ``log(t2 / t1) / log(n2 / n1)`` (1 is linear).  Usage::

    python3 -m venv /tmp/sheets-old && /tmp/sheets-old/bin/pip install -q /path/to/main
    .venv/bin/python bench/sheets.py --old /tmp/sheets-old/bin/python
    .venv/bin/python bench/sheets.py --sizes 500,1000,5000 --repeat 5 --old …
    .venv/bin/python bench/sheets.py --also "before 25=/tmp/pre25/bin/python" --old …

The ratio is the first column's time over the new one's.

The store is built by this environment's command (both read it: same schema).  Standard
library only (plus ``bench/scale.py`` and ``bench/startup.py`` beside it); prints a markdown
section for ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import random
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from scale import Run, child, teams_csv
from startup import child_environment, load_average, machine

URL = "http://192.168.1.10:8000/"
#: The room's budget (docs/architecture.md): a round of 500 tables (1,000 teams); larger
#: rounds are measured to show they still work, slower.
BUDGET = "≤ 3 s at 500 tables"


def measure(tables: int, pythons: dict[str, str], repeat: int, env: dict[str, str],
            seed: int) -> dict[str, list[Run]]:
    """Every run of each environment's ``tournament sheets`` on a round of ``tables``."""
    rng = random.Random(seed)
    runs: dict[str, list[Run]] = {name: [] for name in pythons}
    builder = str(Path(pythons["new"]).parent / "coinche")
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        db = str(work / "sheets.db")
        child([builder, "--db", db, "tournament", "new", "Scale", "--deals", "4", "--rounds",
               "3", "--seed", str(seed)], env, folder)
        teams_csv(work / "teams.csv", 2 * tables, rng)
        child([builder, "--db", db, "tournament", "team", "import", str(work / "teams.csv")],
              env, folder)
        child([builder, "--db", db, "tournament", "pair"], env, folder)
        order = list(pythons)
        for _ in range(repeat):
            rng.shuffle(order)
            for name in order:
                coinche = str(Path(pythons[name]).parent / "coinche")
                target = work / f"sheets-{name}.xlsx"
                runs[name].append(child([coinche, "--db", db, "tournament", "sheets",
                                         str(target), "--url", URL], env, folder))
    return runs


def exponent(t1: float, t2: float, n1: int, n2: int) -> str:
    return f"{math.log(t2 / t1) / math.log(n2 / n1):.2f}" if t1 > 0 and t2 > 0 else "-"


def report(sizes: list[int], results: list[dict[str, list[Run]]], repeat: int) -> str:
    names = list(results[0])
    lines = [
        f"### Score sheets by round size, `bench/sheets.py` ({dt.date.today().isoformat()})",
        "",
        f"- machine: {machine()}; load average at the end: {load_average()}",
        f"- `tournament sheets FILE --url {URL}` (a QR code on every sheet) through the "
        f"installed command, median of {repeat} interleaved runs; CPU: the child's user and "
        f"system time (median); peak: the child's `ru_maxrss`; budget {BUDGET}",
        "",
        "| tables (teams) | " + " | ".join(f"{name} time | {name} CPU | {name} peak"
                                         for name in names) + " | ratio |",
        "|---|" + "---:|---:|---:|" * len(names) + "---:|",
    ]
    medians: dict[str, list[float]] = {name: [] for name in names}
    for size, runs in zip(sizes, results, strict=True):
        cells = []
        for name in names:
            median = statistics.median(r.seconds for r in runs[name])
            medians[name].append(median)
            cpu = statistics.median(r.cpu for r in runs[name])
            cells.append(f"{median:.2f} s | {cpu:.2f} s | "
                         f"{max(r.mib for r in runs[name]):.0f} MiB")
        ratio = (f"{medians[names[0]][-1] / medians[names[-1]][-1]:.1f} ×"
                 if len(names) > 1 else "")
        lines.append(f"| {size:,} ({2 * size:,}) | " + " | ".join(cells) + f" | {ratio} |")
    if len(sizes) > 1:
        lines += ["", "Growth exponents (time): "
                  + "; ".join(f"{name} " + " → ".join(
                      exponent(medians[name][i], medians[name][i + 1], sizes[i], sizes[i + 1])
                      for i in range(len(sizes) - 1)) for name in names)]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="500,1000,5000", help="tables per round")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--old", help="the interpreter of the environment to compare with")
    parser.add_argument("--also", action="append", default=[], metavar="NAME=PYTHON",
                        help="another environment to compare with, its column first "
                             "(repeatable)")
    options = parser.parse_args(argv)
    pythons = dict(also.split("=", 1) for also in options.also)
    if options.old:
        pythons["old"] = options.old
    pythons["new"] = sys.executable
    sizes = [int(s) for s in options.sizes.split(",")]
    results = []
    with child_environment("warm") as env:
        for size in sizes:
            print(f"{size} tables…", file=sys.stderr, flush=True)
            results.append(measure(size, pythons, options.repeat, env, options.seed))
    print(report(sizes, results, options.repeat))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
