"""What a ``coinche`` command imports: heavy modules in ``sys.modules``, and ``-X importtime``.

Run with the interpreter of the environment to inspect (it imports nothing but the standard
library itself; the command runs in a child process of ``sys.executable``)::

    .venv/bin/python bench/imports.py                      # coinche score ... --json
    .venv/bin/python bench/imports.py --top 15 -- rules list --json
    .venv/bin/python bench/imports.py --markdown

The children run in a temporary directory, so ``python -m coinche_cli`` imports the installed
package, not a source tree that happens to be the current directory.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

#: the deal that every benchmark scores
SCORE_ARGS: tuple[str, ...] = ("score", "--rules", "standard", "A", "100S", "104")
SCORE_JSON_ARGS: tuple[str, ...] = (*SCORE_ARGS, "--json")

#: packages that must stay off the path of a command at the table (design.md, budget)
HEAVY: tuple[str, ...] = (
    "pandas",
    "numpy",
    "openpyxl",
    "xlsxwriter",
    "networkx",
    "rich",
    "yaml",
    "pydantic",
    "pydantic_core",
)

# Runs one command in-process and prints the names in sys.modules as JSON on real stdout.
_PROBE = """
import io, json, runpy, sys
sys.argv = ["coinche", *json.loads(sys.argv[1])]
sys.stdout = io.StringIO()
code = 0
try:
    runpy.run_module("coinche_cli", run_name="__main__", alter_sys=True)
except SystemExit as exc:
    code = exc.code
sys.stdout = sys.__stdout__
print(json.dumps({"exit": code, "modules": sorted(sys.modules)}))
"""


@dataclass(frozen=True)
class ImportTime:
    """One module's median import time over several runs, in microseconds."""

    name: str
    depth: int
    self_us: float
    cumulative_us: float


def loaded_modules(
    args: Sequence[str], python: str = sys.executable, env: Mapping[str, str] | None = None
) -> list[str]:
    """Every module name in ``sys.modules`` after ``coinche ARGS`` has run (exit 0 required)."""
    with tempfile.TemporaryDirectory() as cwd:
        done = subprocess.run(
            [python, "-c", _PROBE, json.dumps(list(args))],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
    report = json.loads(done.stdout)
    if report["exit"] not in (0, None):
        raise RuntimeError(f"coinche {' '.join(args)} exited {report['exit']}: {done.stderr}")
    modules: list[str] = report["modules"]
    return modules


def heavy_modules(modules: Sequence[str]) -> list[str]:
    """The packages of :data:`HEAVY` that have at least one module among ``modules``."""
    tops = {name.split(".", 1)[0] for name in modules}
    return [name for name in HEAVY if name in tops]


def import_times(
    args: Sequence[str],
    runs: int = 5,
    python: str = sys.executable,
    env: Mapping[str, str] | None = None,
) -> list[ImportTime]:
    """Median ``-X importtime`` figures of ``python -m coinche_cli ARGS`` over ``runs`` runs."""
    selfs: dict[str, list[int]] = {}
    cumulatives: dict[str, list[int]] = {}
    depths: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as cwd:
        for _ in range(runs):
            done = subprocess.run(
                [python, "-X", "importtime", "-m", "coinche_cli", *args],
                cwd=cwd,
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            for line in done.stderr.splitlines():
                if not line.startswith("import time:"):
                    continue
                fields = line.removeprefix("import time:").split("|")
                if len(fields) != 3 or not fields[0].strip().isdigit():
                    continue  # the header line
                label = fields[2].rstrip()
                name = label.strip()
                depths[name] = (len(label) - len(label.lstrip())) // 2
                selfs.setdefault(name, []).append(int(fields[0]))
                cumulatives.setdefault(name, []).append(int(fields[1]))
    return [
        ImportTime(
            name, depths[name], statistics.median(selfs[name]), statistics.median(cumulatives[name])
        )
        for name in selfs
    ]


def top_cumulative(times: Sequence[ImportTime], count: int) -> list[ImportTime]:
    """The ``count`` imports with the largest cumulative time, largest first."""
    return sorted(times, key=lambda item: item.cumulative_us, reverse=True)[:count]


def by_package(times: Sequence[ImportTime]) -> list[tuple[str, float]]:
    """Self time summed per top-level package (``typer._click.core`` counts for ``typer``),
    in microseconds, largest first: who pays for the start-up, without double counting."""
    totals: dict[str, float] = {}
    for item in times:
        package = item.name.split(".", 1)[0]
        totals[package] = totals.get(package, 0.0) + item.self_us
    return sorted(totals.items(), key=lambda pair: pair[1], reverse=True)


def markdown(args: Sequence[str], modules: Sequence[str], top: Sequence[ImportTime]) -> str:
    """A markdown block: the heavy packages loaded and the top imports by cumulative time."""
    heavy = heavy_modules(modules)
    lines = [
        f"`coinche {' '.join(args)}` loads {len(modules)} modules; heavy packages among them: "
        + (", ".join(f"`{name}`" for name in heavy) or "none")
        + ".",
        "",
        f"Top {len(top)} imports by cumulative time (`python -X importtime`, median of the runs;"
        " importtime itself adds overhead, so read the order, not the absolute figures):",
        "",
        "| # | module | depth | self ms | cumulative ms |",
        "|---:|---|---:|---:|---:|",
    ]
    lines += [
        f"| {rank} | `{item.name}` | {item.depth} | {item.self_us / 1000:.1f} "
        f"| {item.cumulative_us / 1000:.1f} |"
        for rank, item in enumerate(top, start=1)
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the heavy packages and the top imports of one command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--top", type=int, default=10, help="how many imports to list")
    parser.add_argument("--runs", type=int, default=5, help="importtime runs to take the median")
    parser.add_argument(
        "--by-package", action="store_true", help="also sum self time per top-level package"
    )
    parser.add_argument("--markdown", action="store_true", help="print markdown")
    parser.add_argument("args", nargs="*", help="coinche arguments (default: score ... --json)")
    options = parser.parse_args(argv)
    args: Sequence[str] = options.args or SCORE_JSON_ARGS

    modules = loaded_modules(args)
    times = import_times(args, options.runs)
    top = top_cumulative(times, options.top)
    if options.markdown:
        print(markdown(args, modules, top))
        return 0
    print(f"coinche {' '.join(args)}  ({sys.executable})")
    print(f"modules loaded: {len(modules)}")
    print("heavy packages: " + (", ".join(heavy_modules(modules)) or "none"))
    print(f"\ntop {len(top)} imports by cumulative time (-X importtime, median of {options.runs}):")
    print(f"{'module':<44} {'depth':>5} {'self ms':>8} {'cum ms':>8}")
    for item in top:
        print(
            f"{item.name:<44} {item.depth:>5} {item.self_us / 1000:>8.1f} "
            f"{item.cumulative_us / 1000:>8.1f}"
        )
    if options.by_package:
        print(f"\nself time per top-level package (top {options.top}):")
        for package, self_us in by_package(times)[: options.top]:
            print(f"{package:<44} {self_us / 1000:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
