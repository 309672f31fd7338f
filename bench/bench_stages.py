"""A concours's stages at the room's largest field (issue 34's budgets), through the command.

Two concours are built in this process, through the operations (the command line would take
minutes to play them), with seeded random results (no two scores of a table equal: a
knock-out match is never level):

- **the knock-out at 512 teams**: 1,024 teams, a Swiss first stage (``--rounds``, default 4),
  then "Tableau" ``--ranks 1-512 --knockout``; the store is kept as it is before
  ``stage start`` and before each knock-out ``pair`` (the round of 512 down to the final);
- **the final ranking of 1,000 teams over three stages**: 1,000 teams, the Swiss stage, then
  "A" ``--ranks 1-500 --knockout`` and "B" ``--ranks 501-1000 --knockout`` (each 500 teams:
  byes to its 12 best seeds), kept before they start (the Swiss standings, for reference),
  mid-way (``--midway`` knock-out parties played, default 4 of 9) and complete.

Then each command runs as a child process of the console script beside ``sys.executable``
(warm bytecode, ``bench/startup.py``'s environment), on its own copy of its store restored
before every run (untimed), in ``--repeat`` interleaved shuffled rounds after one uncounted
warm-up, with the bare Typer command (``bench/bare_typer.py``) in the same rounds: the
medians' ratios to the bare command are the figures, set against the budgets (``stage
start`` and each knock-out ``pair``: 1.5 ×; ``standings --json``, the final ranking: 2 ×).
``--profile`` also runs each command once in this process under cProfile and prints where
the time goes (cumulative, the top functions of the project).

Usage: ``.venv/bin/python bench/bench_stages.py [--repeat 7] [--rounds 4] [--midway 4]
[--profile] [--keep DIR]``; prints a markdown section for ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scale import Run, child
from startup import BARE_TYPER, child_environment, environment, load_average, machine

from coinche_cli.rules.loader import load_rules
from coinche_cli.store.sqlite import SqliteStore
from coinche_cli.tournament import entrants, ops, results, stage_ops
from coinche_cli.tournament.entrants import Registration
from coinche_cli.tournament.model import ResultRow, Settings

COMMAND = Path(sys.executable).parent / "coinche"
NAME = "Bench"
#: The budgets, as ratios of a median to the bare Typer command's.
BUDGETS = {"stage start": 1.5, "pair": 1.5, "standings --json": 2.0}


def _scores(rng: random.Random) -> tuple[int, int]:
    one = rng.randrange(300, 1400, 10)
    two = rng.randrange(300, 1400, 10)
    return one, two if two != one else one + 10


def _play(store: SqliteStore, rng: random.Random) -> int:
    """Pair the next partie and enter every table's result; its number."""
    paired = ops.pair_next(store, NAME)
    rows = [ResultRow(board.table, board.table, *_scores(rng)) for board in paired.round.boards]
    results.import_results(store, NAME, rows)
    return paired.round.number


def _qualified(path: Path, teams: int, rounds: int, seed: int) -> SqliteStore:
    """A concours of ``teams`` teams whose ``rounds`` Swiss parties are played."""
    store = SqliteStore(path)
    rng = random.Random(seed)
    ops.create(store, NAME, load_rules("standard"), Settings(rounds=rounds, deals=4,
                                                             seed=seed, same_club="allow"))
    entrants.register(store, NAME, "team", [
        Registration(f"Équipe {n:04d}", (f"Joueur {2 * n}", f"Joueur {2 * n + 1}"), row=n)
        for n in range(1, teams + 1)])
    for _partie in range(rounds):
        _play(store, rng)
    return store


def _start(store: SqliteStore, stage: str) -> None:
    """``stage start``, the director ordering the teams tied at a cut as they are listed
    (random results may tie two teams under every tie-break there)."""
    from coinche_cli.errors import TournamentError

    try:
        stage_ops.start_stage(store, NAME, stage)
    except TournamentError as exc:
        text = exc.text
        if "--order" not in text:
            raise
        tied = text.rsplit('--order "', 1)[1].rstrip('"')
        stage_ops.start_stage(store, NAME, stage, tied.split(","))


def _snapshot(store: SqliteStore, copy: Path) -> SqliteStore:
    """``store``'s file copied to ``copy`` with every connection closed (the file whole, no
    journal beside it); the store opened again."""
    store.close()
    shutil.copyfile(store.path, copy)
    return SqliteStore(store.path)


def build_knockout(folder: Path, rounds: int, seed: int) -> dict[str, Path]:
    """The stores of the knock-out at 512 teams: before ``stage start``, and before each
    knock-out ``pair``; by the command they are kept for."""
    path = folder / "ko512.db"
    store = _qualified(path, 1024, rounds, seed)
    rng = random.Random(seed + 1)
    stage_ops.add_stage(store, NAME, "Tableau", "knockout", ranks=(1, 512))
    kept: dict[str, Path] = {"stage start (512 teams)": folder / "ko512-start.db"}
    store = _snapshot(store, kept["stage start (512 teams)"])
    _start(store, "Tableau")
    left = 512
    while left > 1:
        label = f"pair: round of {left}" if left > 2 else "pair: the final"
        kept[label] = folder / f"ko512-{left}.db"
        store = _snapshot(store, kept[label])
        _play(store, rng)
        left //= 2
    store.close()
    return kept


def build_three_stages(folder: Path, rounds: int, midway: int,
                       seed: int) -> dict[str, Path]:
    """The stores of 1,000 teams over three stages: mid-way and complete."""
    path = folder / "three.db"
    store = _qualified(path, 1000, rounds, seed)
    rng = random.Random(seed + 2)
    stage_ops.add_stage(store, NAME, "A", "knockout", ranks=(1, 500))
    stage_ops.add_stage(store, NAME, "B", "knockout", ranks=(501, 1000))
    kept: dict[str, Path] = {"before the finals (the Swiss stage's)": folder / "three-swiss.db"}
    store = _snapshot(store, kept["before the finals (the Swiss stage's)"])
    _start(store, "A")
    _start(store, "B")
    parties = (500 - 1).bit_length()  # a bracket of 512: 9 knock-out parties
    midway_label = f"mid-way ({midway} knock-out parties of {parties})"
    for played in range(1, parties + 1):
        _play(store, rng)
        if played == midway:
            kept[midway_label] = folder / "three-midway.db"
            store = _snapshot(store, kept[midway_label])
    kept[f"complete ({parties} knock-out parties)"] = folder / "three-complete.db"
    _snapshot(store, kept[f"complete ({parties} knock-out parties)"]).close()
    return kept


class Timed:
    """A command timed on its own copy of a store, restored before each run."""

    def __init__(self, name: str, budget: float | None, argv: Sequence[str],
                 store: Path | None = None, work: Path | None = None) -> None:
        self.name = name
        self.budget = budget
        self.argv = list(argv)
        self.store = store
        self.work = work
        self.runs: list[Run] = []

    def restore(self) -> None:
        if self.store is None or self.work is None:
            return
        shutil.copyfile(self.store, self.work)
        for leftover in (Path(f"{self.work}-wal"), Path(f"{self.work}-shm")):
            leftover.unlink(missing_ok=True)

    def median(self) -> float:
        return statistics.median(run.seconds for run in self.runs)

    def cpu(self) -> float:
        """The median CPU time (the child's user and system time: what the machine's other
        load stretches less than the wall time)."""
        return statistics.median(run.cpu for run in self.runs)


def commands(folder: Path, knockout: dict[str, Path],
             three: dict[str, Path]) -> list[Timed]:
    """Every command timed, the bare Typer command first; for reference, coinche's start-up
    (``--version``) and a read of the 1,024-team concours with a round printed (``show
    --json``)."""
    found = [Timed("bare Typer", None, [sys.executable, str(BARE_TYPER)]),
             Timed("coinche --version (start-up)", None, [str(COMMAND), "--version"])]
    playing = folder / "work-show.db"
    found.append(Timed("show --json (1,024 teams, the round of 64)", None,
                       [str(COMMAND), "--db", str(playing), "tournament", "show", "--json"],
                       knockout["pair: round of 64"], playing))
    for number, (label, store) in enumerate(knockout.items()):
        work = folder / f"work-ko-{number}.db"
        starting = label.startswith("stage")
        words = ["tournament", "stage", "start", "Tableau"] if starting else ["tournament",
                                                                               "pair"]
        found.append(Timed(label, BUDGETS["stage start" if starting else "pair"],
                           [str(COMMAND), "--db", str(work), *words], store, work))
    for number, (label, store) in enumerate(three.items()):
        work = folder / f"work-three-{number}.db"
        finals = not label.startswith("before")
        for words, budget in ((["tournament", "standings", "--json"], BUDGETS[
                "standings --json"] if finals else None), (["tournament", "standings"], None),
                (["tournament", "bracket", "A", "--json"], None)):
            if words[1] == "bracket" and not finals:
                continue
            found.append(Timed(f"{' '.join(words[1:])}: {label}", budget,
                               [str(COMMAND), "--db", str(work), *words], store, work))
    return found


def measure(timed: list[Timed], repeat: int, seed: int, folder: Path) -> None:
    rng = random.Random(seed)
    with child_environment("warm") as env:
        for counted in [False] + [True] * repeat:
            order = list(timed)
            rng.shuffle(order)
            for command in order:
                command.restore()
                run = child(command.argv, env, str(folder))
                if counted:
                    command.runs.append(run)


def profile(timed: list[Timed], top: int) -> str:
    """Each budgeted command in this process under cProfile, once its modules are loaded (a
    first run, uncounted): its project's functions by cumulative time."""
    from typer.testing import CliRunner

    from coinche_cli.cli.main import app

    runner = CliRunner()
    out: list[str] = []
    for command in timed:
        if command.budget is None:
            continue
        command.restore()
        runner.invoke(app, command.argv[1:])  # warm: the modules it imports lazily loaded
        command.restore()
        profiler = cProfile.Profile()
        started = time.perf_counter()
        profiler.enable()
        done = runner.invoke(app, command.argv[1:])
        profiler.disable()
        elapsed = time.perf_counter() - started
        if done.exit_code != 0:
            raise SystemExit(f"{command.name}: {done.output}")
        text = io.StringIO()
        stats = pstats.Stats(profiler, stream=text)
        stats.sort_stats("cumulative").print_stats("coinche_cli", top)
        out += [f"#### {command.name}: {elapsed * 1000:.0f} ms in process, profiled", "",
                "```",
                *[line for line in text.getvalue().splitlines() if line.strip()][-top - 2:],
                "```", ""]
    return "\n".join(out)


def report(timed: list[Timed], repeat: int, built: float, rounds: int) -> str:
    bare, bare_cpu = timed[0].median(), timed[0].cpu()
    lines = [f"### `bench/bench_stages.py` ({time.strftime('%Y-%m-%d')})", "",
             f"- machine: {machine()}; load average at the end: {load_average()}",
             f"- environment: {environment(sys.executable).describe()}",
             f"- stores built in process in {built:.0f} s ({rounds} Swiss parties each); "
             f"median of {repeat} interleaved runs, each on its store restored", "",
             "| command | median | min | / bare Typer | CPU | CPU / bare | budget |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for command in timed:
        median = command.median()
        ratio = median / bare
        budget = "" if command.budget is None else (
            f"≤ {command.budget:g} × {'✓' if ratio <= command.budget else '✗'}")
        lines.append(f"| `{command.name}` | {median * 1000:.0f} ms | "
                     f"{min(r.seconds for r in command.runs) * 1000:.0f} ms | "
                     f"{ratio:.2f} × | {command.cpu() * 1000:.0f} ms | "
                     f"{command.cpu() / bare_cpu:.2f} × | {budget} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--midway", type=int, default=4)
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--keep", type=Path, help="build the stores in this folder, kept")
    options = parser.parse_args()
    if not COMMAND.exists():
        sys.exit(f"{COMMAND} is missing: install the package into this environment first")
    folder = options.keep or Path(tempfile.mkdtemp(prefix="coinche-bench-stages-"))
    folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    print("building the knock-out at 512 teams…", file=sys.stderr, flush=True)
    knockout = build_knockout(folder, options.rounds, options.seed)
    print("building 1,000 teams over three stages…", file=sys.stderr, flush=True)
    three = build_three_stages(folder, options.rounds, options.midway, options.seed)
    built = time.perf_counter() - started
    timed = commands(folder, knockout, three)
    print("timing…", file=sys.stderr, flush=True)
    measure(timed, options.repeat, options.seed, folder)
    print(report(timed, options.repeat, built, options.rounds))
    if options.profile:
        print(profile(timed, options.top))
    if options.keep is None:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
