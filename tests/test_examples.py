"""The example scripts in examples/ run as they are (the README points newcomers to them)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(script: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    bin_dir = str(Path(sys.executable).parent)  # where pip put the `coinche` command
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""),
           "COINCHE_DB": str(tmp_path / "c.db"), "OUT": str(tmp_path)}
    return subprocess.run(["bash", str(ROOT / "examples" / script)], env=env, cwd=tmp_path,
                          capture_output=True, text=True, check=False)


@pytest.mark.skipif(not (Path(sys.executable).parent / "coinche").exists(),
                    reason="needs the installed coinche command")
def test_the_example_game_runs(tmp_path: Path) -> None:
    done = _run("partie.sh", tmp_path)
    assert done.returncode == 0, done.stderr
    shown = subprocess.run(
        [str(Path(sys.executable).parent / "coinche"), "--db", str(tmp_path / "c.db"), "game",
         "show", "--json"], capture_output=True, text=True, check=True)
    game = json.loads(shown.stdout)
    assert len(game["deals"]) == 5 and game["deals"][0]["scores"] == {"A": 274, "B": 58}


@pytest.mark.skipif(not (Path(sys.executable).parent / "coinche").exists(),
                    reason="needs the installed coinche command")
def test_the_example_concours_runs(tmp_path: Path) -> None:
    done = _run("concours.sh", tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "concours.xlsx").exists() and (tmp_path / "feuilles.xlsx").exists()
