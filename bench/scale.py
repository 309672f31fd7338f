"""Tournament commands at 300, 1,000, 3,000 (and 10,000) teams, through the installed command.

For each size the script builds a tournament from generated data (teams with clubs, random
table results, no hand data) in a fresh store and times, as a director runs them, each in a
child process of the console script beside ``sys.executable`` (warm bytecode):

- ``team import`` of the whole field (CSV), ``pair`` (every round), ``result --import`` of a
  round's CSV, ``standings`` printed as a table and as ``--json``, ``export`` to a workbook,
  ``sheets`` of a round;
- ``game add`` on a tournament table's game and the last round's first ``result --import``
  against a bare Typer command (``bench/bare_typer.py``), in interleaved shuffled rounds
  with the store restored from a copy before each (untimed), medians; then a correction of
  the whole round (``--replace``);
- every command's peak memory and CPU time (``ru_maxrss``, ``ru_utime + ru_stime`` of the
  child, through ``os.wait4``).

Then the growth between sizes: the exponent ``log(t2 / t1) / log(n2 / n1)`` (1 is linear,
2 quadratic).  Usage::

    .venv/bin/python bench/scale.py                      # 300, 1,000, 3,000 teams
    .venv/bin/python bench/scale.py --sizes 300,1000,3000,10000 --rounds 7
    .venv/bin/python bench/scale.py --sizes 3000,10000 --only-pair --coinche /tmp/old/bin/coinche

``--only-pair`` times ``pair`` alone (each round's, and the Swiss rounds' after the draw
apart), the results imported untimed between rounds; ``--coinche`` runs another installed
``coinche`` (an older release in its own venv) instead of the one beside ``sys.executable``.

Standard library only (plus ``bench/startup.py`` beside it); prints a markdown section for
``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from startup import BARE_TYPER, child_environment, environment, load_average, machine

CLUBS = ("Lyon", "Nice", "Pau", "Brest", "Metz", "")


@dataclass
class Run:
    """One child process: wall time (s), peak memory (MiB) and CPU time (s, user and
    system: what the machine's other load does not stretch as much as the wall time)."""

    seconds: float
    mib: float
    cpu: float = 0.0


@dataclass
class Size:
    """Every figure measured for one field size."""

    teams: int
    runs: dict[str, list[Run]] = field(default_factory=dict)

    def add(self, name: str, run: Run) -> None:
        self.runs.setdefault(name, []).append(run)

    def median(self, name: str) -> float:
        return statistics.median(r.seconds for r in self.runs[name])

    def peak(self, name: str) -> float:
        return max(r.mib for r in self.runs[name])

    def cpu(self, name: str) -> float:
        return statistics.median(r.cpu for r in self.runs[name])


def child(argv: Sequence[str], env: dict[str, str], cwd: str) -> Run:
    """Run ``argv`` once, output discarded: wall time and peak memory of that child."""
    start = time.perf_counter()
    process = subprocess.Popen(list(argv), cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    error = process.stderr.read().decode() if process.stderr else ""
    if status != 0:
        raise RuntimeError(f"{' '.join(argv[1:])} failed: {error}")
    return Run(elapsed, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime)


def teams_csv(path: Path, n: int, rng: random.Random) -> None:
    lines = ["équipe;joueur 1;joueur 2;club"]
    lines += [f"Équipe {i:05d};Joueur {2 * i};Joueur {2 * i + 1};{rng.choice(CLUBS)}"
              for i in range(n)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def results_csv(path: Path, tables: int, rng: random.Random) -> None:
    lines = ["table;score 1;score 2"]
    lines += [f"{t};{rng.randrange(300, 1400, 10)};{rng.randrange(300, 1400, 10)}"
              for t in range(1, tables + 1)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def measure(n: int, rounds: int, repeat: int, env: dict[str, str], seed: int,
            coinche: str | None = None, only_pair: bool = False) -> Size:
    python = sys.executable
    coinche = coinche or str(Path(python).parent / "coinche")
    rng = random.Random(seed)
    size = Size(n)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        db = str(work / "scale.db")

        def run(name: str, *args: str) -> None:
            size.add(name, child([coinche, "--db", db, *args], env, folder))

        child([coinche, "--db", db, "tournament", "new", "Scale", "--deals", "4", "--rounds",
               str(rounds), "--seed", str(seed)], env, folder)
        teams_csv(work / "teams.csv", n, rng)
        run("team import", "tournament", "team", "import", str(work / "teams.csv"))
        tables = n // 2
        for number in range(1, rounds + 1):
            run("pair", "tournament", "pair")
            if number > 1:  # a Swiss round (round 1 is the draw)
                size.add("pair (Swiss rounds)", size.runs["pair"][-1])
            results_csv(work / "results.csv", tables, rng)
            if number == rounds:  # the table's budget is measured on the last round
                break
            if only_pair:
                child([coinche, "--db", db, "tournament", "result", "--import",
                       str(work / "results.csv")], env, folder)
                continue
            run("result --import (rounds 1-3)", "tournament", "result", "--import",
                str(work / "results.csv"))
        if only_pair:
            return size
        # the last round: one table scored deal by deal (its match format the tournament's;
        # each timed deal is added to the store restored), the others imported from a file
        child([coinche, "--db", db, "game", "new", "--table", "1"], env, folder)
        lines = (work / "results.csv").read_text().splitlines()
        # without table 1 (the game's) and table 2 (typed alone at the desk, below)
        (work / "results.csv").write_text("\n".join(lines[:1] + lines[3:]) + "\n")
        pristine = work / "pristine.db"
        shutil.copyfile(db, pristine)  # every process has closed it: no -wal file to copy
        bare = [python, str(BARE_TYPER)]
        add = [coinche, "--db", db, "game", "add", "A", "80S", "100"]
        first = [coinche, "--db", db, "tournament", "result", "--import",
                 str(work / "results.csv")]
        # one table's result typed at the desk (table 2: table 1 is the game's)
        one = [coinche, "--db", db, "tournament", "result", "2", "812", "640"]
        timed = [("bare Typer", bare), ("game add (table game)", add),
                 ("result --import", first), ("result (one table)", one)]
        for _ in range(repeat):
            # the round as paired, restored (untimed) before each timed round: the import
            # is a director's first import of the round, the add one deal more
            shutil.copyfile(pristine, db)
            for leftover in (Path(db + "-wal"), Path(db + "-shm")):
                leftover.unlink(missing_ok=True)
            rng.shuffle(timed)
            for name, argv in timed:
                size.add(name, child(argv, env, folder))
            # then a correction of the whole round (the old results go to the history)
            size.add("result --import --replace", child([*first, "--replace"], env, folder))
        for _ in range(repeat):
            run("standings (table)", "tournament", "standings")
            run("standings --json", "tournament", "standings", "--json")
        run("export (xlsx)", "tournament", "export", str(work / "scale.xlsx"))
        run("export --csv", "tournament", "export", "--csv", str(work / "csv"))
        run("sheets", "tournament", "sheets", str(work / "sheets.xlsx"))
    return size


def exponent(a: Size, b: Size, name: str) -> str:
    t1, t2 = a.median(name), b.median(name)
    if t1 <= 0 or t2 <= 0:
        return "-"
    return f"{math.log(t2 / t1) / math.log(b.teams / a.teams):.2f}"


def report(sizes: list[Size], rounds: int, repeat: int, coinche: str | None = None,
           only_pair: bool = False) -> str:
    names = ["team import", "pair", "pair (Swiss rounds)", "result (one table)",
             "result --import", "result --import --replace",
             "standings (table)", "standings --json", "export (xlsx)", "export --csv",
             "sheets", "game add (table game)", "bare Typer"]
    if only_pair:
        names = ["pair", "pair (Swiss rounds)"]
    head = " | ".join(f"{s.teams:,} teams" for s in sizes)
    lines = [
        f"### Tournament commands by field size ({dt.date.today().isoformat()})",
        "",
        f"- machine: {machine()}; load average at the end: {load_average()}",
        f"- command: `{coinche or Path(sys.executable).parent / 'coinche'}`",
        f"- {rounds} rounds of generated results per size; timed commands median of "
        f"{repeat} runs where repeated (pair: the median over the rounds; result --import: "
        "the last round's first import, the store restored before each run)",
        "",
        f"| command | {head} | growth |",
        "|---|" + "---:|" * len(sizes) + "---|",
    ]
    for name in names:
        cells = [f"{s.median(name):.3f} s" for s in sizes]
        growth = " → ".join(exponent(a, b, name) for a, b in itertools.pairwise(sizes))
        lines.append(f"| {name} | {' | '.join(cells)} | {growth} |")
    lines += ["", "CPU time of each command (s, the child's user and system time, median: "
              "what the machine's other load stretches less than the wall time):", "",
              f"| command | {head} |", "|---|" + "---:|" * len(sizes)]
    for name in names:
        cells = [f"{s.cpu(name):.3f} s" for s in sizes]
        lines.append(f"| {name} | {' | '.join(cells)} |")
    lines += ["", "Peak memory of each command (MiB, the child's `ru_maxrss`):", "",
              f"| command | {head} |", "|---|" + "---:|" * len(sizes)]
    for name in names:
        cells = [f"{s.peak(name):.0f}" for s in sizes]
        lines.append(f"| {name} | {' | '.join(cells)} |")
    if only_pair:
        return "\n".join(lines) + "\n"
    lines += ["", "| ratio (medians, interleaved runs) | " + head + " |",
              "|---|" + "---:|" * len(sizes)]
    for name, base in (("game add (table game)", "bare Typer"),
                       ("result (one table)", "bare Typer"),
                       ("result --import", "bare Typer"),
                       ("result --import --replace", "bare Typer"),
                       ("standings (table)", "standings --json")):
        cells = [f"{s.median(name) / s.median(base):.2f} ×" for s in sizes]
        lines.append(f"| {name} / {base} | {' | '.join(cells)} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="300,1000,3000")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--coinche", help="the coinche command to run (default: beside python)")
    parser.add_argument("--only-pair", action="store_true",
                        help="time pair alone (results imported untimed between rounds)")
    options = parser.parse_args(argv)
    print(f"environment: {environment(sys.executable).describe()}", file=sys.stderr)
    sizes = []
    with child_environment("warm") as env:
        for n in (int(s) for s in options.sizes.split(",")):
            print(f"{n} teams…", file=sys.stderr, flush=True)
            sizes.append(measure(n, options.rounds, options.repeat, env, options.seed,
                                 options.coinche, options.only_pair))
    print(report(sizes, options.rounds, options.repeat, options.coinche, options.only_pair))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
