"""A non-editable install ships the five built-in rules files with the package, and the
posters' templates."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILT_INS = {"standard", "chien", "generale", "club", "atout"}


def test_wheel_holds_the_rules_and_a_plain_install_lists_them(tmp_path: Path) -> None:
    # Build a wheel offline from this checkout (no build isolation: setuptools is here).
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path / "dist"), str(ROOT)],
        check=True, capture_output=True,
    )
    (wheel,) = (tmp_path / "dist").glob("coinche-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in BUILT_INS:
        assert f"coinche_cli/rules/builtin/{name}.yaml" in names
    assert "coinche_cli/locale/fr/LC_MESSAGES/coinche.mo" in names  # French, compiled
    for page in ("poster.html", "poster.css", "standings.html", "pairings.html", "prizes.html"):
        assert f"coinche_cli/sheets/templates/{page}" in names  # the posters' templates
    for font in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE"):
        assert f"coinche_cli/sheets/fonts/{font}" in names  # the pictures' fonts, licensed
    # Install it (not editable) into its own folder and run it from somewhere else.
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
         str(wheel)],
        check=True, capture_output=True,
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run(
        [sys.executable, "-s", "-m", "coinche_cli", "rules", "list", "--json"],
        capture_output=True, text=True, check=True, cwd=tmp_path, env=env,
    )
    rows = json.loads(result.stdout)
    assert {row["name"] for row in rows} == BUILT_INS
    french = subprocess.run(
        [sys.executable, "-s", "-m", "coinche_cli", "--lang", "fr", "rules", "list"],
        capture_output=True, text=True, check=True, cwd=tmp_path, env=env,
    )
    assert french.stdout.split()[:2] == ["nom", "joueurs"]  # the installed catalogue, read
    probe = subprocess.run(
        [sys.executable, "-c", "import coinche_cli; print(coinche_cli.__file__)"],
        capture_output=True, text=True, check=True, cwd=tmp_path, env=env,
    )
    assert probe.stdout.startswith(str(target))
    poster = subprocess.run(  # the installed templates, found and drawn
        [sys.executable, "-s", "-c", "from coinche_cli.sheets.posters import render; print("
         "render({'kind': 'pairings', 'name': 'Concours', 'date': '', 'melee': False, "
         "'round': 1, 'rows': []}).html)"],
        capture_output=True, text=True, check=True, cwd=tmp_path, env=env,
    )
    assert "<title>Concours · Round 1</title>" in poster.stdout
    picture = subprocess.run(  # the installed fonts, found and drawn with
        [sys.executable, "-s", "-c", "from coinche_cli.sheets.share_draw import measure; "
         "print(measure('Classement', 36, True))"],
        capture_output=True, text=True, check=True, cwd=tmp_path, env=env,
    )
    assert float(picture.stdout) > 100
