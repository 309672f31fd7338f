"""One export shape (issue 31, point 6): ``game export``, ``tournament export`` and ``season
export SEASON`` take ``[FILE.xlsx] [--csv DIR]``, either or both.  The game's CSV goes into
the folder as ``game-ID.csv`` (``partie-ID.csv`` in French); its older spellings (``--xlsx
FILE``, ``--csv FILE.csv``) still write what they wrote, and say nothing more.  A refusal is
one line, exit 2, and nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness import Cli


def files(folder: Path) -> list[str]:
    """Every file and folder under ``folder``, relative to it."""
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


@pytest.fixture
def game(cli: Cli) -> Cli:
    """A game of two deals, game 1 of the store."""
    cli.run("game", "new", "--team", "Les As", "--team", "Les Rois")
    cli.run("game", "add", "A", "100S", "104")
    cli.run("game", "add", "B", "90H", "100")
    return cli


def test_a_game_exports_a_workbook_and_its_csv_into_a_folder(game: Cli,
                                                             tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    ran = game.run("game", "export", str(out / "partie.xlsx"), "--csv", str(out / "csv"))
    assert ran.stdout.splitlines() == [f"wrote {out / 'csv' / 'game-1.csv'} (2 deals)",
                                       f"wrote {out / 'partie.xlsx'} (2 deals)"]
    assert ran.stderr == ""
    assert files(out) == ["csv", "csv/game-1.csv", "partie.xlsx"]
    # the same file as the older spelling writes, named by the game
    old = game.run("game", "export", "--csv", str(tmp_path / "partie.csv"),
                   "--xlsx", str(tmp_path / "old.xlsx"))
    assert old.stdout.splitlines() == [f"wrote {tmp_path / 'partie.csv'} (2 deals)",
                                       f"wrote {tmp_path / 'old.xlsx'} (2 deals)"]
    assert old.stderr == ""
    assert (tmp_path / "partie.csv").read_bytes() == (out / "csv" / "game-1.csv").read_bytes()
    french = game.run("--lang", "fr", "game", "export", "--csv", str(out / "csv"))
    assert french.stdout == f"{out / 'csv' / 'partie-1.csv'} écrit (2 donnes)\n"


@pytest.mark.parametrize(("words", "line"), [
    ([], "error: say where: FILE.xlsx and/or --csv DIR"),
    (["{out}/a.xlsx", "--xlsx", "{out}/b.xlsx"],
     "error: give the workbook once: FILE.xlsx or --xlsx FILE, not both"),
    (["{out}/partie.csv"], "error: {out}/partie.csv is not an .xlsx file (for CSV files: "
                           "--csv DIR)"),
    (["{out}/a.xlsx", "--csv", "{out}/notes.txt"],
     "error: --csv: {out}/notes.txt is a file: give a folder, which the CSV files are "
     "written into"),
])
def test_a_game_export_that_cannot_be_written_as_asked_writes_nothing(
        game: Cli, tmp_path: Path, words: list[str], line: str) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("the club's notes", encoding="utf-8")
    typed = [word.replace("{out}", str(out)) for word in words]
    assert game.refused("game", "export", *typed) == line.replace("{out}", str(out))
    assert files(out) == ["notes.txt"]


@pytest.mark.parametrize("command", [["tournament", "export"],
                                     ["season", "export", "Challenge"]])
def test_a_tournament_or_a_season_refuses_a_csv_folder_that_is_a_file(
        cli: Cli, tmp_path: Path, command: list[str]) -> None:
    cli.run("tournament", "new", "Concours", "--rounds", "1", "--deals", "4", "--seed", "1")
    for name in ("Les As", "Les Rois"):
        cli.run("tournament", "team", "add", name)
    cli.run("season", "new", "Challenge")
    cli.run("season", "add", "Challenge", "Concours")
    (tmp_path / "notes.txt").write_text("the club's notes", encoding="utf-8")
    assert cli.refused(*command, str(tmp_path / "c.xlsx"), "--csv",
                       str(tmp_path / "notes.txt")) == (
        f"error: --csv: {tmp_path / 'notes.txt'} is a file: give a folder, which the CSV "
        "files are written into")
    assert cli.refused(*command, str(tmp_path / "c.ods")) == (
        f"error: {tmp_path / 'c.ods'} is not an .xlsx file (for CSV files: --csv DIR)")
    assert cli.refused(*command) == "error: say where: FILE.xlsx and/or --csv DIR"
    assert files(tmp_path) == ["coinche.db", "notes.txt"]
    # both at once, as the game does
    ran = cli.run(*command, str(tmp_path / "c.xlsx"), "--csv", str(tmp_path / "csv"))
    written = [line.split()[1] for line in ran.stdout.splitlines()]
    assert ran.stderr == "" and written[0] == str(tmp_path / "c.xlsx")
    assert sorted(written[1:]) == [str(path) for path in sorted((tmp_path / "csv").iterdir())]
    assert (tmp_path / "c.xlsx").is_file() and len(written) > 2
