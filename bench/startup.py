"""Start-up of ``coinche`` commands against a bare Typer command, side by side in one run.

Every command runs in a child process of ``sys.executable``, so the interpreter that runs this
script is the environment measured (its Typer, its installed ``coinche``)::

    .venv/bin/python bench/startup.py                       # table on stdout
    /tmp/venv029/bin/python bench/startup.py --markdown     # the same as a markdown section
    .venv/bin/python bench/startup.py --write bench/RESULTS.md

Each round runs every command once, in a freshly shuffled order, so a slow moment of the
machine hits all commands alike; the ratios to the bare Typer command are the figures to
compare (design.md, "Performance budget"). Warm-up rounds run first and are not counted.

Bytecode: by default the children get a private ``PYTHONPYCACHEPREFIX`` (a temporary folder,
filled by the warm-up rounds) and no ``PYTHONDONTWRITEBYTECODE``, so every command starts with
warm bytecode as after a ``pip install``, whatever the environment says and without writing
``__pycache__`` folders into the source tree. ``--bytecode inherit`` keeps the environment as
it is (with ``PYTHONDONTWRITEBYTECODE=1`` and an editable install, coinche's own modules are
then compiled from source on every run).

Standard library only (plus ``bench/imports.py`` beside it); ruff-clean at line length 100.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from imports import (
    SCORE_ARGS,
    SCORE_JSON_ARGS,
    heavy_modules,
    import_times,
    loaded_modules,
    top_cumulative,
)
from imports import markdown as imports_markdown

HERE = Path(__file__).resolve().parent
BARE_TYPER = HERE / "bare_typer.py"


@dataclass(frozen=True)
class Command:
    """One command to time: a short key, a label for the table, and what to run."""

    key: str
    label: str
    argv: tuple[str, ...]
    coinche_args: tuple[str, ...] | None = None  # set for coinche commands

    def shown(self) -> str:
        """The command as a reader would type it (interpreter path shortened to ``python``)."""
        words = [Path(self.argv[0]).name, *self.argv[1:]]
        return " ".join(
            "bench/bare_typer.py" if word == str(BARE_TYPER) else word for word in words
        )


@dataclass(frozen=True)
class Timing:
    """The wall times of one command over all counted rounds, in milliseconds."""

    command: Command
    samples_ms: tuple[float, ...]

    @property
    def median_ms(self) -> float:
        return statistics.median(self.samples_ms)

    @property
    def min_ms(self) -> float:
        return min(self.samples_ms)


def commands(python: str, console_script: bool) -> list[Command]:
    """The interpreter floor, the bare Typer command and the three ``coinche`` commands."""

    def coinche(*args: str) -> tuple[str, ...]:
        if console_script:
            return (str(Path(python).parent / "coinche"), *args)
        return (python, "-m", "coinche_cli", *args)

    rules_args = ("rules", "list", "--json")
    return [
        Command("-", "interpreter only", (python, "-c", "pass")),
        Command("a", "bare Typer", (python, str(BARE_TYPER))),
        Command("b", "score --json", coinche(*SCORE_JSON_ARGS), SCORE_JSON_ARGS),
        Command("c", "score (Rich)", coinche(*SCORE_ARGS), SCORE_ARGS),
        Command("d", "rules list --json", coinche(*rules_args), rules_args),
    ]


@contextmanager
def child_environment(bytecode: str) -> Iterator[dict[str, str]]:
    """The children's environment; ``warm`` points bytecode at a private temporary folder."""
    env = dict(os.environ)
    if bytecode == "inherit":
        yield env
        return
    with tempfile.TemporaryDirectory(prefix="coinche-bench-pyc-") as prefix:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = prefix
        yield env


def run_once(command: Command, cwd: str, env: Mapping[str, str]) -> float:
    """Run ``command`` once, output discarded; its wall time in milliseconds."""
    start = time.perf_counter()
    done = subprocess.run(
        command.argv,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"{command.shown()} exited {done.returncode}")
    return elapsed


def check_runs(command: Command, cwd: str, env: Mapping[str, str]) -> None:
    """Run ``command`` once with its output captured, and fail loudly if it does not work."""
    done = subprocess.run(
        command.argv,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{command.shown()} exited {done.returncode}:\n{done.stderr}")


def measure(
    cmds: Sequence[Command],
    rounds: int,
    warmup: int,
    seed: int | None,
    env: Mapping[str, str],
) -> list[Timing]:
    """Interleaved rounds: every command once per round, in a shuffled order."""
    shuffle = random.Random(seed).shuffle
    samples: dict[str, list[float]] = {cmd.key: [] for cmd in cmds}
    with tempfile.TemporaryDirectory(prefix="coinche-bench-cwd-") as cwd:
        for cmd in cmds:
            check_runs(cmd, cwd, env)
        for number in range(warmup + rounds):
            order = list(cmds)
            shuffle(order)
            for cmd in order:
                elapsed = run_once(cmd, cwd, env)
                if number >= warmup:
                    samples[cmd.key].append(elapsed)
    return [Timing(cmd, tuple(samples[cmd.key])) for cmd in cmds]


def version_of(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def machine() -> str:
    """``nproc``, CPU model, OS and Python, on one line."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    model = ""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip() + ", "
                break
    return (
        f"nproc {cpus}, {model}{platform.system()} {platform.machine()}, "
        f"Python {platform.python_version()}"
    )


def where_coinche_is() -> str:
    """Where ``coinche_cli`` comes from in this environment, and whether it is editable."""
    try:
        dist = metadata.distribution("coinche")
    except metadata.PackageNotFoundError:
        return "coinche not installed"
    direct = dist.read_text("direct_url.json") or ""
    kind = "editable" if '"editable": true' in direct else "installed"
    return f"coinche {dist.version} ({kind})"


def ratio(value: float, base: float) -> str:
    return f"{value / base:.2f}×"


def plain_table(timings: Sequence[Timing]) -> str:
    """The timings as an aligned text table with ratios to the bare Typer command."""
    bare = next(t for t in timings if t.command.key == "a")
    head = f"{'':2} {'command':<20} {'median ms':>10} {'min ms':>8} {'med/bare':>9} {'min/bare':>9}"
    lines = [head, "-" * len(head)]
    for t in timings:
        lines.append(
            f"{t.command.key:2} {t.command.label:<20} {t.median_ms:>10.1f} {t.min_ms:>8.1f} "
            f"{ratio(t.median_ms, bare.median_ms):>9} {ratio(t.min_ms, bare.min_ms):>9}"
        )
    return "\n".join(lines)


def markdown_table(timings: Sequence[Timing]) -> str:
    """The timings as a markdown table with ratios to the bare Typer command."""
    bare = next(t for t in timings if t.command.key == "a")
    lines = [
        "| | what | command | median ms | min ms | median / bare | min / bare |",
        "|---|---|---|---:|---:|---:|---:|",
    ]
    lines += [
        f"| {t.command.key} | {t.command.label} | `{t.command.shown()}` | {t.median_ms:.1f} "
        f"| {t.min_ms:.1f} | {ratio(t.median_ms, bare.median_ms)} "
        f"| {ratio(t.min_ms, bare.min_ms)} |"
        for t in timings
    ]
    return "\n".join(lines)


def heavy_report(cmds: Sequence[Command]) -> dict[str, list[str]]:
    """For each coinche command, the heavy packages (imports.HEAVY) it leaves in sys.modules."""
    return {
        cmd.label: heavy_modules(loaded_modules(cmd.coinche_args))
        for cmd in cmds
        if cmd.coinche_args is not None
    }


def markdown_section(
    timings: Sequence[Timing],
    heavy: Mapping[str, list[str]],
    imports_block: str,
    options: argparse.Namespace,
    load: str,
) -> str:
    """One dated section for RESULTS.md: setup, table, heavy imports, top imports."""
    flags = " ".join(
        word
        for word in (
            f"--rounds {options.rounds}",
            f"--warmup {options.warmup}",
            "--script" if options.script else "",
            f"--bytecode {options.bytecode}",
        )
        if word
    )
    lines = [
        f"### typer {version_of('typer')}: {dt.date.today().isoformat()}",
        "",
        f"- machine: {machine()}; load average at start {load}",
        f"- environment: `{sys.executable}`, typer {version_of('typer')}, "
        f"pydantic {version_of('pydantic')}, rich {version_of('rich')}, {where_coinche_is()}",
        f"- run: `{Path(sys.executable).name} bench/startup.py {flags}`: {options.rounds} "
        f"interleaved rounds (shuffled order each round) after {options.warmup} uncounted "
        f"warm-up round(s); bytecode {options.bytecode}",
        "",
        markdown_table(timings),
        "",
        "Heavy packages left in `sys.modules`: "
        + "; ".join(f"{label}: {', '.join(names) or 'none'}" for label, names in heavy.items())
        + ".",
    ]
    if imports_block:
        lines += ["", imports_block]
    return "\n".join(lines) + "\n"


def load_average() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "n/a"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Start-up of coinche against bare Typer.")
    parser.add_argument("--rounds", type=int, default=30, help="counted rounds (default 30)")
    parser.add_argument("--warmup", type=int, default=2, help="uncounted rounds first")
    parser.add_argument("--seed", type=int, default=None, help="seed of the shuffles")
    parser.add_argument(
        "--script",
        action="store_true",
        help="run the `coinche` console script next to sys.executable "
        "instead of `python -m coinche_cli`",
    )
    parser.add_argument(
        "--bytecode",
        choices=("warm", "inherit"),
        default="warm",
        help="warm: private PYTHONPYCACHEPREFIX; inherit: environment as is",
    )
    parser.add_argument("--markdown", action="store_true", help="print a markdown section")
    parser.add_argument(
        "--write", type=Path, metavar="PATH", help="append the markdown section to PATH"
    )
    parser.add_argument(
        "--no-importtime",
        action="store_true",
        help="leave the -X importtime top 10 out of the markdown",
    )
    options = parser.parse_args(argv)

    load = load_average()
    cmds = commands(sys.executable, options.script)
    with child_environment(options.bytecode) as env:
        timings = measure(cmds, options.rounds, options.warmup, options.seed, env)
        wants_markdown = options.markdown or options.write is not None
        imports_block = ""
        if wants_markdown and not options.no_importtime:
            args = SCORE_JSON_ARGS
            top = top_cumulative(import_times(args, env=env), 10)
            imports_block = imports_markdown(args, loaded_modules(args), top)
    heavy = heavy_report(cmds)

    print(f"typer {version_of('typer')}, {where_coinche_is()}, {machine()}")
    print(
        f"{sys.executable}: {options.rounds} rounds (+{options.warmup} warm-up), "
        f"bytecode {options.bytecode}, load average at start {load}\n"
    )
    print(plain_table(timings))
    print()
    for label, names in heavy.items():
        print(f"heavy imports, {label}: {', '.join(names) or 'none'}")
    if wants_markdown:
        section = markdown_section(timings, heavy, imports_block, options, load)
        if options.markdown:
            print("\n" + section, end="")
        if options.write is not None:
            with options.write.open("a", encoding="utf-8") as out:
                out.write("\n" + section)
            print(f"\nappended to {options.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
