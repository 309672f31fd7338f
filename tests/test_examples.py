"""The example scripts in examples/ run as they are (the README points newcomers to them)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.harness import Cli, installed_command

ROOT = Path(__file__).resolve().parent.parent


def _run(script: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    bin_dir = str(installed_command().parent)  # where pip put the `coinche` command
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""),
           "COINCHE_DB": str(tmp_path / "c.db"), "OUT": str(tmp_path)}
    return subprocess.run(["bash", str(ROOT / "examples" / script)], env=env, cwd=tmp_path,
                          capture_output=True, text=True, check=False)


def test_the_example_game_runs(tmp_path: Path) -> None:
    done = _run("partie.sh", tmp_path)
    assert done.returncode == 0, done.stderr
    game = Cli(tmp_path / "c.db", process=True).json("game", "show")
    assert len(game["deals"]) == 5 and game["deals"][0]["scores"] == {"A": 274, "B": 58}


def test_the_example_concours_runs(tmp_path: Path) -> None:
    done = _run("concours.sh", tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "concours.xlsx").exists() and (tmp_path / "feuilles.xlsx").exists()
