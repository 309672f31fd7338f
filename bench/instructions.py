"""``coinche game add`` against a bare Typer command, counted in instructions (callgrind).

Wall time on a shared machine moves by more than the margin the table's budget leaves (1.25x
a bare Typer command, issue 3), so this bench counts the instructions each command executes
under valgrind's callgrind, which do not depend on the machine's load.  It measures a deal
added to a game in English and in French (the catalogue loaded, issue 11), with the same
hash seed for every run.  Needs ``valgrind`` and an installed (not editable) ``coinche``::

    python3 -m venv /tmp/benchvenv && /tmp/benchvenv/bin/pip install .
    /tmp/benchvenv/bin/python bench/instructions.py
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

BARE = Path(__file__).with_name("bare_typer.py")
BUDGET = 1.25


def instructions(args: list[str], env: dict[str, str], cwd: str) -> int:
    """Instructions executed by ``args`` (callgrind's total)."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           *args], env=env, cwd=cwd, capture_output=True, text=True, check=True)
    return int(re.search(r"Collected : (\d+)", done.stderr)[1])  # type: ignore[index]


def main() -> None:
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed")
    python = sys.executable
    coinche = [python, "-m", "coinche_cli"]
    with tempfile.TemporaryDirectory() as folder:
        base = {**os.environ, "PYTHONHASHSEED": "0", "COINCHE_LANG": "", "LANG": "C.UTF-8"}
        english = {**base, "COINCHE_LANG": "en"}
        french = {**base, "LANG": "fr_FR.UTF-8"}
        for env, db, names in ((english, "en.db", ["--team", "Les As", "--team", "Les Rois"]),
                               (french, "fr.db", [])):
            subprocess.run([*coinche, "--db", db, "game", "new", *names, "--target", "100000"],
                           env=env, cwd=folder, check=True, capture_output=True)
            for _ in range(3):  # warm: bytecode written, the store's pages in place
                subprocess.run([*coinche, "--db", db, "game", "add", "A", "80S", "100"],
                               env=env, cwd=folder, check=True, capture_output=True)
        subprocess.run([python, str(BARE)], env=base, cwd=folder, capture_output=True)
        # the interpreter's own start depends on the locale: each command is compared with
        # the bare command run in the same environment
        french_by_name = {**base, "COINCHE_LANG": "fr"}
        rows = [
            ("game add A 80S 100, English", english, "en.db", ["A", "80S", "100"]),
            ("game add A 80S 100, French (LANG=fr_FR.UTF-8)", french, "fr.db",
             ["A", "80S", "100"]),
            ("game add Nous 80 pique 100, French (LANG=fr_FR.UTF-8)", french, "fr.db",
             ["Nous", "80", "pique", "100"]),
            ("game add A 80S 100, French (COINCHE_LANG=fr)", french_by_name, "fr.db",
             ["A", "80S", "100"]),
        ]
        for label, env, db, words in rows:
            bare = instructions([python, str(BARE)], env, folder)
            count = instructions([*coinche, "--db", db, "game", "add", *words], env, folder)
            ratio = count / bare
            verdict = "within" if ratio <= BUDGET else "OVER"
            print(f"{label}: {count:,} instructions against {bare:,}, {ratio:.4f}x "
                  f"({verdict} {BUDGET}x)")


if __name__ == "__main__":
    main()
