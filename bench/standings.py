"""Time ``coinche tournament standings`` against its own ``--json`` on a 1,000-team tournament.

The tournament is built through the installed command, as a director would: ``tournament
new``, one ``team import`` of a CSV file (names of every length, accents, a few very long
ones), then for each round ``pair --json`` and one ``result --import`` of seeded random scores;
a few teams drop out on the way so that the ``dropped`` mark is drawn too.

Then, in interleaved rounds after one uncounted warm-up round, it times the installed command:

- ``standings --json`` (into a pipe);
- ``standings`` into a pipe: every column at its natural width;
- ``standings`` on an 80-column terminal (a pseudo-terminal, ``COLUMNS=80``): names cut to fit;
- ``standings --wide`` into a pipe;

and prints the median and min wall time of each with its ratio to ``--json`` (the budget: the
table within 2x its JSON).

Usage: ``.venv/bin/python bench/standings.py [--teams 1000] [--rounds 4] [--repeat 10]
[--keep DIR]``; the ``coinche`` beside the running Python is the one measured.  Standard
library only; the pseudo-terminal needs a POSIX system (skipped elsewhere).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

COINCHE = Path(sys.executable).parent / "coinche"
FIRST = ("Les", "Club", "Amicale", "Team", "Équipe", "Cercle")
WORDS = ("As", "Rois", "Dames", "Valets", "Belote", "Rebelote", "Capot", "Coinche", "Atout",
         "Carreau", "Pique", "Trèfle", "Cœur", "Dix de der", "Générale", "Sans-atout")
PLACES = ("de Lyon", "du Vieux-Port", "de Saint-Étienne-de-Montluc", "des Pins", "du Dimanche",
          "de la belote du dimanche après-midi", "")


def run(db: Path, *args: str) -> str:
    """Run the installed ``coinche --db DB ARGS…`` and return its stdout (fails loudly)."""
    done = subprocess.run([str(COINCHE), "--db", str(db), *args], capture_output=True,
                          text=True, encoding="utf-8", check=False)
    if done.returncode != 0:
        sys.exit(f"coinche {' '.join(args)} failed ({done.returncode}): {done.stderr}")
    return done.stdout


def build(db: Path, folder: Path, teams: int, rounds: int, seed: int) -> None:
    """A tournament of ``teams`` teams with ``rounds`` rounds played, through the command."""
    rng = random.Random(seed)
    run(db, "tournament", "new", "Bench", "--deals", "8", "--rounds", str(rounds),
        "--ranking", "match-points")
    names: set[str] = set()
    while len(names) < teams:
        names.add(" ".join(w for w in (rng.choice(FIRST), rng.choice(WORDS),
                                       rng.choice(PLACES), str(rng.randrange(1000))) if w))
    team_file = folder / "teams.csv"
    with team_file.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["équipe", "joueur 1", "joueur 2"])
        for i, name in enumerate(sorted(names)):
            writer.writerow([name, f"Joueur {2 * i}", f"Joueur {2 * i + 1}"])
    run(db, "tournament", "team", "import", str(team_file))
    for number in range(1, rounds + 1):
        pairing = json.loads(run(db, "tournament", "pair", "--json"))
        result_file = folder / f"round{number}.csv"
        with result_file.open("w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(["table", "score 1", "score 2"])
            for table in pairing["tables"]:
                writer.writerow([table["table"], rng.randrange(400, 1400),
                                 rng.randrange(400, 1400)])
        run(db, "tournament", "result", "--import", str(result_file))
        if number < rounds:
            leaving = rng.choice(sorted(names))
            names.discard(leaving)
            run(db, "tournament", "team", "drop", leaving)


def in_pipe(db: Path, *args: str) -> Callable[[], float]:
    """A timed run of ``coinche ARGS…`` into a pipe."""
    def timed() -> float:
        start = time.perf_counter()
        run(db, *args)
        return time.perf_counter() - start
    return timed


def on_terminal(db: Path, *args: str, columns: int = 80) -> Callable[[], float]:
    """A timed run of ``coinche ARGS…`` whose stdout is a pseudo-terminal ``columns`` wide."""
    import pty

    def timed() -> float:
        leader, follower = pty.openpty()
        env = {**os.environ, "COLUMNS": str(columns)}
        start = time.perf_counter()
        child = subprocess.Popen([str(COINCHE), "--db", str(db), *args], stdout=follower,
                                 stderr=subprocess.PIPE, env=env)
        os.close(follower)
        while True:  # drain the terminal, or the child blocks once its buffer is full
            try:
                if not os.read(leader, 1 << 16):
                    break
            except OSError:  # EIO: the child closed the terminal
                break
        code = child.wait()
        elapsed = time.perf_counter() - start
        os.close(leader)
        if code != 0:
            sys.exit(f"coinche {' '.join(args)} failed on a terminal ({code})")
        return elapsed
    return timed


def measure(commands: dict[str, Callable[[], float]], repeat: int,
            seed: int) -> dict[str, list[float]]:
    """Interleaved rounds (shuffled order), the first one uncounted."""
    rng = random.Random(seed)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for counted in [False] + [True] * repeat:
        order = list(commands)
        rng.shuffle(order)
        for name in order:
            elapsed = commands[name]()
            if counted:
                times[name].append(elapsed)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="build (or reuse) the store in this folder")
    options = parser.parse_args()
    if not COINCHE.exists():
        sys.exit(f"{COINCHE} is missing: install the package into this environment first")
    with tempfile.TemporaryDirectory() as scratch:
        folder = options.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        db = folder / "bench.db"
        if not db.exists():
            start = time.perf_counter()
            build(db, folder, options.teams, options.rounds, options.seed)
            print(f"built {options.teams} teams, {options.rounds} rounds in "
                  f"{time.perf_counter() - start:.1f} s ({db})")
        commands = {
            "standings --json": in_pipe(db, "tournament", "standings", "--json"),
            "standings (pipe)": in_pipe(db, "tournament", "standings"),
            "standings --wide (pipe)": in_pipe(db, "tournament", "standings", "--wide"),
        }
        if os.name == "posix":
            commands["standings (80-column terminal)"] = on_terminal(
                db, "tournament", "standings")
        lines = len(run(db, "tournament", "standings").splitlines())
        times = measure(commands, options.repeat, options.seed)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"\nmachine: {platform.machine()}, Python {platform.python_version()}, "
          f"nproc {os.cpu_count()}, load average {load}; {lines} lines of standings; "
          f"median and min of {options.repeat} runs\n")
    base = statistics.median(times["standings --json"])
    print("| command | median | min | ratio to --json |")
    print("| --- | ---: | ---: | ---: |")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"| `{name}` | {median * 1000:.0f} ms | {min(values) * 1000:.0f} ms | "
              f"{median / base:.2f} |")


if __name__ == "__main__":
    main()
