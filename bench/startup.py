"""Start-up of ``coinche`` commands against a bare Typer command, side by side in one run.

Every command runs in a child process of ``sys.executable``, so the interpreter that runs this
script is the environment measured (its Typer, its installed ``coinche``)::

    .venv/bin/python bench/startup.py                       # table on stdout
    /tmp/venv029/bin/python bench/startup.py --markdown     # the same as a markdown section
    .venv/bin/python bench/startup.py --write bench/RESULTS.md
    /tmp/venv028/bin/python bench/startup.py --also /tmp/venv029/bin/python

Each round runs every command once, in a freshly shuffled order, so a slow moment of the
machine hits all commands alike; the ratios to the bare Typer command (of the same
environment) are the figures to compare (design.md, "Performance budget"). ``--also PYTHON``
adds the same commands run by another environment's interpreter to the same rounds, so two
Typer versions are compared in one run too. Warm-up rounds run first and are not counted.

Bytecode: by default the children get a private ``PYTHONPYCACHEPREFIX`` (a temporary folder,
filled by the warm-up rounds) and no ``PYTHONDONTWRITEBYTECODE``, so every command starts with
warm bytecode as after a ``pip install``, whatever the environment says and without writing
``__pycache__`` folders into the source tree. ``--bytecode inherit`` keeps the environment as
it is (with ``PYTHONDONTWRITEBYTECODE=1`` and an editable install, coinche's own modules are
then compiled from source on every run).

Standard library only (plus ``bench/imports.py`` beside it).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
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
RULES_LIST_ARGS: tuple[str, ...] = ("rules", "list", "--json")

# Asks an interpreter for the versions in its environment and how coinche is installed.
_VERSIONS = """
import json
from importlib import metadata
out = {}
for name in ("typer", "pydantic", "rich", "coinche"):
    try:
        out[name] = metadata.version(name)
    except metadata.PackageNotFoundError:
        out[name] = None
try:
    direct = json.loads(metadata.distribution("coinche").read_text("direct_url.json") or "{}")
except metadata.PackageNotFoundError:
    direct = {}
out["editable"] = bool(direct.get("dir_info", {}).get("editable"))
print(json.dumps(out))
"""


@dataclass(frozen=True)
class Environment:
    """An interpreter to run the commands with, and what is installed beside it."""

    python: str
    versions: Mapping[str, str | None]
    editable: bool

    @property
    def name(self) -> str:
        return f"typer {self.versions['typer']}"

    def describe(self) -> str:
        found = ", ".join(
            f"{name} {version or '(none)'}" for name, version in self.versions.items()
        )
        kind = "editable" if self.editable else "installed"
        return f"`{self.python}`: {found} ({kind})"


def environment(python: str) -> Environment:
    """Look up the versions in the environment of ``python``."""
    with tempfile.TemporaryDirectory() as cwd:  # not a source tree with its own .egg-info
        done = subprocess.run(
            [python, "-c", _VERSIONS], cwd=cwd, capture_output=True, text=True, check=True
        )
    found = json.loads(done.stdout)
    editable = bool(found.pop("editable"))
    return Environment(python, found, editable)


@dataclass(frozen=True)
class Command:
    """One command to time: its environment, a short key, a label, and what to run."""

    env: Environment
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


def commands(env: Environment, console_script: bool) -> list[Command]:
    """The interpreter floor, the bare Typer command and the three ``coinche`` commands."""
    python = env.python

    def coinche(args: tuple[str, ...]) -> tuple[str, ...]:
        if console_script:
            return (str(Path(python).parent / "coinche"), *args)
        return (python, "-m", "coinche_cli", *args)

    return [
        Command(env, "-", "interpreter only", (python, "-c", "pass")),
        Command(env, "a", "bare Typer", (python, str(BARE_TYPER))),
        Command(env, "b", "score --json", coinche(SCORE_JSON_ARGS), SCORE_JSON_ARGS),
        Command(env, "c", "score (Rich)", coinche(SCORE_ARGS), SCORE_ARGS),
        Command(env, "d", "rules list --json", coinche(RULES_LIST_ARGS), RULES_LIST_ARGS),
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
    cmds: Sequence[Command], rounds: int, warmup: int, seed: int | None, env: Mapping[str, str]
) -> list[Timing]:
    """Interleaved rounds: every command once per round, in a shuffled order."""
    shuffle = random.Random(seed).shuffle
    samples: dict[int, list[float]] = {index: [] for index in range(len(cmds))}
    with tempfile.TemporaryDirectory(prefix="coinche-bench-cwd-") as cwd:
        for cmd in cmds:
            check_runs(cmd, cwd, env)
        for number in range(warmup + rounds):
            order = list(range(len(cmds)))
            shuffle(order)
            for index in order:
                elapsed = run_once(cmds[index], cwd, env)
                if number >= warmup:
                    samples[index].append(elapsed)
    return [Timing(cmd, tuple(samples[index])) for index, cmd in enumerate(cmds)]


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


def load_average() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "n/a"


@dataclass(frozen=True)
class Row:
    """One line of the result table: a timing and its ratios."""

    timing: Timing
    median_vs_bare: float
    min_vs_bare: float
    median_vs_first: float | None  # against the same command of the first environment


def rows(timings: Sequence[Timing]) -> list[Row]:
    """Ratios to the bare Typer command of the same environment, and to the first one."""
    bare = {t.command.env.python: t for t in timings if t.command.key == "a"}
    first_env = timings[0].command.env.python
    first = {t.command.key: t for t in timings if t.command.env.python == first_env}
    several = len(bare) > 1
    return [
        Row(
            t,
            t.median_ms / bare[t.command.env.python].median_ms,
            t.min_ms / bare[t.command.env.python].min_ms,
            t.median_ms / first[t.command.key].median_ms if several else None,
        )
        for t in timings
    ]


def plain_table(table: Sequence[Row]) -> str:
    """The rows as aligned text."""
    several = table[0].median_vs_first is not None
    head = (
        f"{'environment':<14} {'':2} {'command':<20} {'median ms':>10} {'min ms':>8} "
        f"{'med/bare':>9} {'min/bare':>9}" + (f" {'med/first':>10}" if several else "")
    )
    lines = [head, "-" * len(head)]
    for row in table:
        t = row.timing
        line = (
            f"{t.command.env.name:<14} {t.command.key:2} {t.command.label:<20} "
            f"{t.median_ms:>10.1f} {t.min_ms:>8.1f} "
            f"{row.median_vs_bare:>8.2f}× {row.min_vs_bare:>8.2f}×"
        )
        if row.median_vs_first is not None:
            line += f" {row.median_vs_first:>9.2f}×"
        lines.append(line)
    return "\n".join(lines)


def markdown_table(table: Sequence[Row]) -> str:
    """The rows as a markdown table."""
    several = table[0].median_vs_first is not None
    first_name = table[0].timing.command.env.name
    lines = [
        "| environment | | what | command | median ms | min ms | median / bare | min / bare |"
        + (f" median / {first_name} |" if several else ""),
        "|---|---|---|---|---:|---:|---:|---:|" + ("---:|" if several else ""),
    ]
    for row in table:
        t = row.timing
        line = (
            f"| {t.command.env.name} | {t.command.key} | {t.command.label} "
            f"| `{t.command.shown()}` | {t.median_ms:.1f} | {t.min_ms:.1f} "
            f"| {row.median_vs_bare:.2f}× | {row.min_vs_bare:.2f}× |"
        )
        if row.median_vs_first is not None:
            line += f" {row.median_vs_first:.2f}× |"
        lines.append(line)
    return "\n".join(lines)


def heavy_report(cmds: Sequence[Command]) -> list[tuple[Command, list[str]]]:
    """For each coinche command, the heavy packages (imports.HEAVY) left in sys.modules."""
    return [
        (cmd, heavy_modules(loaded_modules(cmd.coinche_args, python=cmd.env.python)))
        for cmd in cmds
        if cmd.coinche_args is not None
    ]


def markdown_section(
    table: Sequence[Row],
    heavy: Sequence[tuple[Command, list[str]]],
    imports_blocks: Mapping[str, str],
    options: argparse.Namespace,
    loads: tuple[str, str],
) -> str:
    """One dated section for RESULTS.md: setup, table, heavy imports, top imports."""
    envs = list({row.timing.command.env.python: row.timing.command.env for row in table}.values())
    flags = [f"--rounds {options.rounds}", f"--warmup {options.warmup}"]
    flags += [f"--also {python}" for python in options.also]
    flags += ["--script"] if options.script else []
    flags += [f"--bytecode {options.bytecode}"]
    title = " vs ".join(env.name + (" (editable)" if env.editable else "") for env in envs)
    if options.bytecode != "warm":
        title += f", bytecode {options.bytecode}"
    lines = [
        f"### {title}: {dt.date.today().isoformat()}",
        "",
        f"- machine: {machine()}; load average at start {loads[0]}, at end {loads[1]}",
        *(f"- environment: {env.describe()}" for env in envs),
        f"- run: `{sys.executable} bench/startup.py {' '.join(flags)}`: {options.rounds} "
        f"interleaved rounds (shuffled order each round) after {options.warmup} uncounted "
        f"warm-up round(s); bytecode {options.bytecode}",
        "",
        markdown_table(table),
        "",
        "Heavy packages left in `sys.modules`: "
        + "; ".join(
            f"{cmd.env.name} {cmd.label}: {', '.join(names) or 'none'}" for cmd, names in heavy
        )
        + ".",
    ]
    for name, block in imports_blocks.items():
        lines += ["", f"**{name}**: {block}"]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Start-up of coinche against bare Typer.")
    parser.add_argument("--rounds", type=int, default=30, help="counted rounds (default 30)")
    parser.add_argument("--warmup", type=int, default=2, help="uncounted rounds first")
    parser.add_argument("--seed", type=int, default=None, help="seed of the shuffles")
    parser.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="PYTHON",
        help="another environment's interpreter whose commands join the same rounds",
    )
    parser.add_argument(
        "--script",
        action="store_true",
        help="run the `coinche` console script next to each interpreter "
        "instead of `python -m coinche_cli`",
    )
    parser.add_argument(
        "--bytecode",
        choices=("warm", "inherit"),
        default="warm",
        help="warm: private PYTHONPYCACHEPREFIX; inherit: environment as is",
    )
    parser.add_argument("--markdown", action="store_true", help="print a markdown section")
    parser.add_argument("--write", type=Path, metavar="PATH", help="append it to PATH")
    parser.add_argument(
        "--no-importtime",
        action="store_true",
        help="leave the -X importtime top 10 of `score --json` out of the markdown",
    )
    options = parser.parse_args(argv)

    envs = [environment(python) for python in (sys.executable, *options.also)]
    cmds = [cmd for env in envs for cmd in commands(env, options.script)]
    wants_markdown = options.markdown or options.write is not None
    load_start = load_average()
    imports_blocks: dict[str, str] = {}
    with child_environment(options.bytecode) as child_env:
        timings = measure(cmds, options.rounds, options.warmup, options.seed, child_env)
        load_end = load_average()
        if wants_markdown and not options.no_importtime:
            for env in envs:
                args = SCORE_JSON_ARGS
                top = top_cumulative(import_times(args, python=env.python, env=child_env), 10)
                modules = loaded_modules(args, python=env.python)
                imports_blocks[env.name] = imports_markdown(args, modules, top)
    table = rows(timings)
    heavy = heavy_report(cmds)

    print(machine())
    for env in envs:
        print(env.describe().replace("`", ""))
    print(
        f"{options.rounds} rounds (+{options.warmup} warm-up), bytecode {options.bytecode}, "
        f"load average at start {load_start}, at end {load_end}\n"
    )
    print(plain_table(table))
    print()
    for cmd, names in heavy:
        print(f"heavy imports, {cmd.env.name} {cmd.label}: {', '.join(names) or 'none'}")
    if wants_markdown:
        section = markdown_section(table, heavy, imports_blocks, options, (load_start, load_end))
        if options.markdown:
            print("\n" + section, end="")
        if options.write is not None:
            with options.write.open("a", encoding="utf-8") as out:
                out.write("\n" + section)
            print(f"\nappended to {options.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
