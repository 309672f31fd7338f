"""Hostile input against the store and the files the commands write (issue 8, points 1-4, 9).

Each attack runs the installed command in a real process under the suite's limits; a
refusal must exit with its code, print one line, change no row of the store and create no
file.
"""

from __future__ import annotations

import csv
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.harness import Cli, data_checksum


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def _game(hostile: Cli) -> None:
    hostile.run("game", "new", "--team", "Les As", "--team", "Les Rois")
    hostile.run("game", "add", "A", "80S", "100")


# ---------------------------------------------------------------- 1. the store is not a target


@pytest.mark.parametrize("option", ["--csv", "--xlsx"])
@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
def test_a_game_export_never_writes_over_the_store(hostile: Cli, option: str,
                                                   suffix: str) -> None:
    _game(hostile)
    assert hostile.db is not None
    target = Path(f"{hostile.db}{suffix}")
    before = target.read_bytes() if target.exists() else None
    line = hostile.refused("game", "export", option, str(target))
    field = "--csv" if option == "--csv" else "path"  # the refusal names what gave the path
    assert line == f"error: {field}: {target} is the store itself: write the export to another file"
    assert (target.read_bytes() if target.exists() else None) == before


def test_an_export_through_a_link_to_the_store_is_refused(hostile: Cli, tmp_path: Path) -> None:
    _game(hostile)
    assert hostile.db is not None
    link = tmp_path / "partie.csv"
    link.symlink_to(hostile.db)
    hostile.refused("game", "export", "--csv", str(link))
    assert link.is_symlink() and sqlite3.connect(hostile.db).execute(
        "PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_tournament_store_named_like_its_export_is_refused(tmp_path: Path) -> None:
    store = tmp_path / "concours.xlsx"  # the store itself ends in .xlsx
    director = Cli(store, process=True).under("tournament")
    director.run("new", "C", "--deals", "4")
    director.refused("export", str(store))
    director.refused("sheets", str(store))
    csv_store = tmp_path / "standings.csv"
    other = Cli(csv_store, process=True).under("tournament")
    other.run("new", "C", "--deals", "4")
    other.refused("export", "--csv", str(tmp_path))  # would write standings.csv there


# ---------------------------------------------------------------- 2. exports are atomic


def test_an_export_replaces_a_link_instead_of_writing_through_it(hostile: Cli,
                                                                  tmp_path: Path) -> None:
    _game(hostile)
    victim = tmp_path / "precious.txt"
    victim.write_text("do not touch", encoding="utf-8")
    link = tmp_path / "partie.csv"
    link.symlink_to(victim)
    hostile.run("game", "export", "--csv", str(link))
    assert victim.read_text(encoding="utf-8") == "do not touch"
    assert not link.is_symlink() and link.read_text(encoding="utf-8-sig").startswith("deal,")


def test_a_killed_export_leaves_the_old_file_or_a_whole_new_one(tmp_path: Path) -> None:
    store = tmp_path / "c.db"
    director = Cli(store, process=True).under("tournament")
    director.run("new", "C", "--deals", "4", "--registration-order")
    teams = tmp_path / "equipes.csv"
    teams.write_text("équipe\n" + "".join(f"Équipe {n}\n" for n in range(300)),
                     encoding="utf-8")
    director.run("team", "import", str(teams))
    target = tmp_path / "concours.xlsx"
    director.run("export", str(target))
    old = target.read_bytes()
    from tests.harness import installed_command

    for delay in (0.05, 0.15, 0.3, 0.45, 0.6):
        child = subprocess.Popen([str(installed_command()), "--db", str(store), "tournament",
                                  "export", str(target)], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.wait()
        data = target.read_bytes()
        assert data == old or load_workbook(target).sheetnames[0] == "Standings"


# ---------------------------------------------------------------- 3. another program's file


def test_another_programs_database_is_left_untouched(tmp_path: Path) -> None:
    notes = tmp_path / "notes.sqlite"
    with sqlite3.connect(notes) as db:
        db.execute("CREATE TABLE note (text TEXT)")
        db.execute("INSERT INTO note VALUES ('rappeler Dédé')")
    before = notes.read_bytes()
    for command in (("game", "list"), ("game", "new"), ("tournament", "new", "C", "--deals", "4")):
        line = Cli(notes, process=True).refused(*command)
        assert line == (f"error: db: {notes} is not a coinche store (another program's "
                        "file); name another file with --db")
    assert notes.read_bytes() == before and _listing(tmp_path) == ["notes.sqlite"]


def test_a_file_that_is_no_database_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "equipes.csv"
    text.write_text("équipe\nLes As\n" * 100, encoding="utf-8")
    before = text.read_bytes()
    assert "is not a coinche store" in Cli(text, process=True).refused("game", "list")
    assert text.read_bytes() == before


def test_a_store_from_a_newer_coinche_is_not_written(hostile: Cli) -> None:
    _game(hostile)
    assert hostile.db is not None
    with sqlite3.connect(hostile.db) as db:
        db.execute("PRAGMA user_version = 999")
    before = data_checksum(hostile.db)
    ran = hostile.run("game", "add", "B", "80S", "100", code=1)
    assert ran.stderr.startswith("error: ") and "newer coinche" in ran.stderr
    assert len(ran.stderr.splitlines()) == 1 and data_checksum(hostile.db) == before


def test_a_refused_command_creates_no_store(hostile: Cli, tmp_path: Path) -> None:
    hostile.refused("game", "add", "A", "80S", "100")  # no game yet
    hostile.refused("game", "new", "--team", "Les Étés", "--team", "Les Etes")
    hostile.run("game", "list")  # a read creates nothing either
    assert _listing(tmp_path) == []


# ---------------------------------------------------------------- 4. formulas stay text


def test_names_that_look_like_formulas_stay_text(hostile: Cli, tmp_path: Path) -> None:
    hostile.run("game", "new", "--team", '=HYPERLINK("http://x","clic")', "--team", "+1")
    hostile.run("game", "add", "A", "80S", "100")
    hostile.run("game", "export", "--csv", str(tmp_path / "p.csv"), "--xlsx",
                str(tmp_path / "p.xlsx"))
    with (tmp_path / "p.csv").open(encoding="utf-8-sig") as handle:
        row = next(r for r in csv.reader(handle) if r[0] == "1")
    assert "'=HYPERLINK(\"http://x\",\"clic\")" in row
    sheet = load_workbook(tmp_path / "p.xlsx")["Deals"]
    cells = [c for row in sheet.iter_rows() for c in row if isinstance(c.value, str)]
    assert all(c.data_type == "s" for c in cells)
    assert any(c.value == '=HYPERLINK("http://x","clic")' for c in cells)
    numbers = [c for c in sheet[2] if isinstance(c.value, int)]
    assert numbers  # numbers stay numbers


# ---------------------------------------------------------------- 9. errors, not tracebacks


def test_a_busy_store_names_who_holds_it(hostile: Cli) -> None:
    _game(hostile)
    assert hostile.db is not None
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys, time\n"
         "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
         "c.execute('BEGIN IMMEDIATE'); print('holding', flush=True); time.sleep(20)",
         str(hostile.db)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        before = data_checksum(hostile.db)
        waiting = Cli(hostile.db, limits=hostile.limits, env={"COINCHE_WAIT": "1"})
        ran = waiting.run("game", "add", "B", "80S", "100", code=1)
        assert ran.stderr.startswith(f"error: {hostile.db} is busy: python")
        assert f"(pid {holder.pid}) holds it; try again" in ran.stderr
        assert len(ran.stderr.splitlines()) == 1
    finally:
        holder.kill()
        holder.wait()
    assert data_checksum(hostile.db) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes a read-only file anyway")
def test_a_read_only_store_says_so(hostile: Cli) -> None:
    _game(hostile)
    assert hostile.db is not None
    hostile.db.chmod(0o444)
    ran = hostile.run("game", "add", "B", "80S", "100", code=1)
    assert "cannot be written (read-only)" in ran.stderr and "Traceback" not in ran.stderr


def test_names_that_look_like_rich_text_xml_stay_as_typed(hostile: Cli, tmp_path: Path) -> None:
    """xlsxwriter writes a text between ``<r>`` and ``</r>`` as raw rich-text XML: a team
    named so read back as something else, or broke the workbook."""
    names = ("<r><t>x</t></r>", "<r>Les As</r>")
    hostile.run("game", "new", "--team", names[0], "--team", names[1])
    hostile.run("game", "add", "A", "80S", "100")
    hostile.run("game", "export", "--xlsx", str(tmp_path / "p.xlsx"))
    book = load_workbook(tmp_path / "p.xlsx")
    texts = {c.value for sheet in book for row in sheet.iter_rows() for c in row
             if isinstance(c.value, str)}
    assert set(names) <= texts
    from python_calamine import CalamineWorkbook

    read = CalamineWorkbook.from_path(str(tmp_path / "p.xlsx"))
    again = {v for name in read.sheet_names for row in read.get_sheet_by_name(name).to_python()
             for v in row if isinstance(v, str)}
    assert set(names) <= again
