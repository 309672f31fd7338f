"""``coinche game add`` on a 50-deal game against a bare Typer command, side by side.

The table's budget (issue 3, stated in milliseconds by issue 23): adding a deal costs at most
the time of a bare Typer command of the same Typer version plus a quarter of it, with a floor
of :data:`FLOOR_MS` (a module boundary is never bent to save under 1 ms), however long the
game is.  Each round runs, in a shuffled order, the
interpreter alone, the bare command, and ``coinche game add`` on a game that holds 50 deals;
after each timed add an untimed ``game undo`` puts the game back to 50 deals.  Bytecode is
warm, as after a ``pip install`` (see ``startup.py``)::

    .venv/bin/python bench/game_add.py                 # table on stdout
    .venv/bin/python bench/game_add.py --write bench/RESULTS.md
    .venv/bin/python bench/game_add.py --table 1000 --locale fr_FR.UTF-8   # at a concours
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from startup import (
    BARE_TYPER,
    Command,
    child_environment,
    environment,
    load_average,
    machine,
    run_once,
)

DEALS = 50
ADD = ("game", "add", "A", "80S", "100", "--belote", "B")
#: The budget: ``game add`` within the bare command's time plus this share of it...
SHARE = 0.25
#: ... or plus this many milliseconds, whichever is more: what a deal costs that no bare
#: command pays, whatever the machine (the store opened and checked, the deal scored and
#: written durably: a WAL commit with a full sync), where a fast machine's quarter is small.
FLOOR_MS = 20.0


def prepare(python: str, db: Path, env: dict[str, str], table: int = 0) -> None:
    """A game of ``DEALS`` deals that never ends (target 100,000); with ``table`` teams, the
    game of table 1 of a tournament's first round (a concours scored deal by deal)."""
    def run(*args: str) -> None:
        subprocess.run([python, "-m", "coinche_cli", "--db", str(db), *args], env=env,
                       check=True, capture_output=True)

    if table:
        run("tournament", "new", "Concours", "--target", "100000", "--rounds", "4", "--seed", "1")
        teams = db.with_name("teams.csv")
        teams.write_text("équipe\n" + "".join(f"Équipe {i}\n" for i in range(1, table + 1)),
                         encoding="utf-8")
        run("tournament", "team", "import", str(teams))
        run("tournament", "pair")
        run("game", "new", "--table", "1")  # the tournament's target: 100,000
    else:
        run("game", "new", "--team", "Les As", "--team", "Les Rois", "--target", "100000")
    # the library adds the first deals quickly; the command line is what is measured
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from coinche_cli.game import ops as games\n"
        "from coinche_cli.scoring.deal import deal_from_words\n"
        "from coinche_cli.store.sqlite import SqliteStore\n"
        f"for i in range({DEALS}):\n"
        "    taker = 'A' if i % 2 else 'B'\n"
        "    deal = deal_from_words([taker, '90H', str(80 + i % 40)], announce=['A:tierce'])\n"
        "    games.add(SqliteStore(Path(sys.argv[1])), None, deal)\n"
    )
    subprocess.run([python, "-c", code, str(db)], env=env, check=True)


def instructions(command: Command, cwd: str, env: dict[str, str]) -> int:
    """Instructions executed by one run of ``command`` (valgrind's callgrind)."""
    run_once(command, cwd, env)  # warm the bytecode first
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command.argv],
        cwd=cwd, env=env, capture_output=True, text=True, check=True,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count from valgrind:\n{done.stderr}")
    return int(found.group(1))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", type=Path, help="append a markdown section to this file")
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions with valgrind's callgrind (repeatable "
                        "whatever the machine's load)")
    parser.add_argument("--lang", help="COINCHE_LANG for every command, the bare one too (fr: "
                        "the French catalogue loaded)")
    parser.add_argument("--locale", help="LANG for every command instead (fr_FR.UTF-8: "
                        "French chosen by the locale; the interpreter's start changes too)")
    parser.add_argument("--table", type=int, default=0, metavar="TEAMS",
                        help="the game of table 1 of a tournament of TEAMS teams instead")
    options = parser.parse_args(argv)
    python = sys.executable
    env_info = environment(python)
    with child_environment("warm") as env, tempfile.TemporaryDirectory() as folder:
        # the bare command runs in the same environment: the locale changes the interpreter's
        # own start by about a million instructions
        if options.lang:
            env["COINCHE_LANG"] = options.lang
        if options.locale:
            env.pop("COINCHE_LANG", None)
            env.pop("LANGUAGE", None)
            env.pop("LC_ALL", None)
            env["LANG"] = options.locale
        db = Path(folder) / "bench.db"
        prepare(python, db, env, options.table)
        # the console script, as a scorekeeper types it
        coinche = (str(Path(python).parent / "coinche"), "--db", str(db))
        commands = [
            Command(env_info, "-", "interpreter only", (python, "-c", "pass")),
            Command(env_info, "a", "bare Typer", (python, str(BARE_TYPER))),
            Command(env_info, "g", f"game add (game of {DEALS} deals"
                    + (f", table 1 of {options.table} teams)" if options.table else ")"),
                    (*coinche, *ADD)),
        ]
        undo = Command(env_info, "u", "game undo", (*coinche, "game", "undo"))
        samples: dict[str, list[float]] = {c.key: [] for c in commands}
        shuffle = random.Random(options.seed).shuffle
        for index in range(options.warmup + options.rounds):
            order = list(commands)
            shuffle(order)
            for command in order:
                elapsed = run_once(command, folder, env)
                if command.key == "g":
                    run_once(undo, folder, env)
                if index >= options.warmup:
                    samples[command.key].append(elapsed)
        counted: dict[str, int] = {}
        if options.instructions:
            counted = {c.key: instructions(c, folder, env) for c in commands[1:]}
            run_once(undo, folder, env)  # instructions() ran the add twice
            run_once(undo, folder, env)
    language = (f"COINCHE_LANG={options.lang}" if options.lang
                else f"LANG={options.locale}" if options.locale else "the environment's")
    bare = statistics.median(samples["a"])
    bare_min = min(samples["a"])
    lines = [
        f"### `coinche game add` on a {DEALS}-deal game"
        + (f" at a tournament table ({options.table} teams)" if options.table else "")
        + f" ({dt.date.today().isoformat()})",
        "",
        f"- machine: {machine()}; load average before: {load_average()}",
        f"- environment: {env_info.describe()}; language: {language}",
        f"- {options.rounds} interleaved rounds after {options.warmup} warm-up rounds, "
        "warm bytecode",
        "",
        "| command | median ms | min ms | median × bare | min × bare |",
        "|---|---:|---:|---:|---:|",
    ]
    for command in commands:
        values = samples[command.key]
        median, least = statistics.median(values), min(values)
        lines.append(f"| {command.label} | {median:.0f} | {least:.0f} | {median / bare:.2f} | "
                     f"{least / bare_min:.2f} |")
    over = statistics.median(samples["g"]) - bare
    budget = max(SHARE * bare, FLOOR_MS)
    lines += ["", f"`game add` takes {over:.1f} ms more than the bare command (median); the "
              f"budget is {budget:.1f} ms (the larger of {SHARE:.0%} of the bare command, "
              f"{SHARE * bare:.1f} ms, and the {FLOOR_MS:.0f} ms floor): "
              f"{'within' if over <= budget else 'OVER'} it."]
    if counted:
        ratio = counted["g"] / counted["a"]
        lines += ["", f"Instructions (callgrind, warm bytecode): bare Typer {counted['a']:,}, "
                  f"game add {counted['g']:,}: {ratio:.4f} × bare."]
    text = "\n".join(lines) + "\n"
    print(text)
    if options.write is not None:
        with options.write.open("a", encoding="utf-8") as handle:
            handle.write("\n" + text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
