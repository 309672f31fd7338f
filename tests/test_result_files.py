"""Result files that name players, and scores written the French way (issue 32), through the
command (in process).

1. A results file's ``joueur 1`` / ``joueur 2`` (``player 1``, ``Joueur1``, ``joueur n°2``)
   name a player of each pair of a mêlée, or of each formed team: the two must be at that
   table, in either order, and the scores follow the names (the file once gave each pair the
   other's score, silently).
2. A score with its thousands apart, ``1 300`` (a space, a no-break space, a narrow one), is
   1300, in a file and on the command line.
3. ``tournament result 2 1300 -1200`` is refused as the score it is, with the number typed.

The refusals of files (an unknown column, names not at the table) are in
``tests/hostile/test_file_columns.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook

from tests.conftest import Concours
from tests.harness import Cli

PLAYERS = ["Ana Martin", "Didier Garcia", "Nathalie Roux", "Paul Blanc", "Éva Morel",
           "Fred Petit", "Gus Lebrun", "Hana Duval"]


def sheet(path: Path, rows: list[list[Any]]) -> Path:
    """``rows`` as a CSV file (``;``, UTF-8) or a workbook, by ``path``'s suffix."""
    if path.suffix == ".xlsx":
        book = Workbook()
        page = book.active
        assert page is not None
        for row in rows:
            page.append(row)
        book.save(path)
    else:
        path.write_text("".join(";".join(str(c) for c in row) + "\n" for row in rows),
                        encoding="utf-8")
    return path


def melee(cli: Cli) -> tuple[Cli, list[dict[str, Any]]]:
    """A mêlée of eight players, its first partie drawn: ``tournament`` and the tables."""
    director = cli.under("tournament")
    director.run("new", "Mêlée", "--format", "melee", "--rounds", "3", "--deals", "4",
                 "--seed", "5")
    for name in PLAYERS:
        director.run("player", "add", name)
    return director, director.json("pair")["tables"]


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
@pytest.mark.parametrize("headers", [("joueur 1", "joueur 2"), ("Player 1", "player 2"),
                                     ("Joueur1", "JOUEUR n°2"), ("joueuse 1", "Joueuse 2")])
def test_a_melee_file_naming_players_gives_each_pair_its_own_score(
        cli: Cli, tmp_path: Path, suffix: str, headers: tuple[str, str]) -> None:
    director, tables = melee(cli)
    one, two = tables
    # table 1 named in the table's order, table 2 the other way round (the issue's row:
    # a player of the second pair first): the scores follow the names either way
    path = sheet(tmp_path / f"resultats{suffix}", [
        ["table", *headers, "score 1", "score 2"],
        [1, one["pairs"][0][1], one["pairs"][1][0], 1390, 1270],
        [2, two["pairs"][1][1], two["pairs"][0][0], 1390, 1270],
    ])
    entered = director.json("result", "--import", str(path))
    assert [t["scores"] for t in entered["tables"]] == [[1390, 1270], [1270, 1390]]
    assert entered["tables"][1]["winner"] == two["teams"][1]
    history = director.json("show", "--history")["history"]
    assert {entry["source"] for entry in history} == {"file"}


def test_the_issue_row_stores_didier_s_pair_with_its_own_score(cli: Cli,
                                                               tmp_path: Path) -> None:
    director, tables = melee(cli)
    where = {name: (t["table"], side) for t in tables for side, pair in enumerate(t["pairs"])
             for name in pair}
    table, side = where["Didier Garcia"]
    partner_side = 1 - side
    other = next(name for name, (t, s) in where.items() if t == table and s == partner_side)
    path = sheet(tmp_path / "resultats.csv", [
        ["table", "joueur 1", "joueur 2", "score 1", "score 2"],
        [table, "Didier", other.split()[0], 1390, 1270],  # a start of a name is enough
    ])
    entered = director.json("result", "--import", str(path))
    scores = entered["tables"][table - 1]["scores"]
    assert scores[side] == 1390 and scores[partner_side] == 1270


def test_a_formed_team_file_may_name_a_player_of_each_team(concours: Concours,
                                                           tmp_path: Path) -> None:
    director = concours(["Les As", "Les Rois", "Les Dames", "Les Valets"],
                        players={"Les As": "Ana, Bob", "Les Rois": "Cyd, Dan",
                                 "Les Dames": "Eve, Fay", "Les Valets": "Gus, Hal"},
                        pair=True)
    path = sheet(tmp_path / "results.csv", [
        ["Table", "Player 1", "Player 2", "Score 1", "Score 2"],
        [1, "Dan", "Bob", 900, 1100],  # Les As – Les Rois, named the other way round
        [2, "Fay", "Hal", 1300, 700],
    ])
    entered = director.json("result", "--import", str(path))
    assert [t["teams"] for t in entered["tables"]] == [["Les As", "Les Rois"],
                                                       ["Les Dames", "Les Valets"]]
    assert [t["scores"] for t in entered["tables"]] == [[1100, 900], [1300, 700]]


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_a_score_written_with_its_thousands_apart_is_read(concours: Concours, tmp_path: Path,
                                                          suffix: str) -> None:
    director = concours(4, pair=True)
    path = sheet(tmp_path / f"resultats{suffix}", [
        ["Table", "Score 1", "Score 2"],
        [1, "1 300", "1\u00a0020"],  # a space; a no-break space, as a French Excel writes it
        [2, "2\u202f001", "0"],  # a narrow no-break space, French typography's
    ])
    entered = director.json("result", "--import", str(path))
    assert [t["scores"] for t in entered["tables"]] == [[1300, 1020], [2001, 0]]


def test_a_score_typed_with_its_thousands_apart_is_read(concours: Concours) -> None:
    director = concours(4, pair=True)
    entered = director.json("result", "1", "1 300", "1\u00a0200")
    assert entered["tables"][0]["scores"] == [1300, 1200]
    entered = director.json("result", "Les Valets", "1\u202f050", "980")
    assert entered["tables"][1]["scores"] == [980, 1050]
    # only thousands apart: "13 00" is no way of writing a number
    assert director.refused("result", "2", "13 00", "900", "--replace") == (
        "error: score 1: “13 00” is not a whole number")


def test_a_negative_score_is_refused_as_the_score_it_is(cli: Cli, concours: Concours) -> None:
    director = concours(4, pair=True)
    # the parser read -1200 as an option -1 and said "“-1” is not a number of card points"
    assert director.refused("result", "2", "1300", "-1200") == (
        "error: score 2: must be 0 or more, got -1200")
    assert director.refused("result", "--round", "1", "Les As", "-1300", "1200") == (
        "error: score 1: must be 0 or more, got -1300")
    assert director.refused("result", "2", "1300", "--", "-1200") == (
        "error: score 2: must be 0 or more, got -1200")
    french = cli.run("--lang", "fr", "tournament", "result", "2", "1300", "-1200", code=2)
    assert french.stderr == (
        "erreur\u00a0: score 2\u00a0: doit valoir 0 ou plus\u00a0; reçu\u00a0: -1200\n")
    assert director.refused("result", "2", "1300", "99999999999") == (
        "error: score 2: “99999999999” is more than any table number or score "
        "(1,000,000,000 at most)")
    # elsewhere a negative number is still card points, the whole number shown
    assert director.refused("penalty", "Les As", "-162") == (
        "error: points: “-162” is not a number of card points")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_exported_registration_list_registers_again(cli: Cli, concours: Concours,
                                                       tmp_path: Path, language: str) -> None:
    # its registration order and status columns are read as what they are, not refused
    concours(3, players={"Les As": "Ana, Bob", "Les Rois": "Cyd, Dan", "Les Dames": "Eve"})
    melee(cli)
    folder = tmp_path / "export"
    for name in ("Concours", "Mêlée"):
        cli.run("--lang", language, "tournament", "export", "--csv", str(folder / name),
                "--tournament", name)
    teams, players = (("teams.csv", "players.csv") if language == "en" else
                      ("equipes.csv", "joueurs.csv"))
    cli.run("tournament", "new", "Next", "--rounds", "2", "--deals", "4")
    cli.run("tournament", "team", "import", str(folder / "Concours" / teams))
    assert [(t["team"], t["players"]) for t in cli.json("tournament", "team", "list")] == [
        ("Les As", ["Ana", "Bob"]), ("Les Rois", ["Cyd", "Dan"]), ("Les Dames", ["Eve"])]
    cli.run("tournament", "new", "Next mêlée", "--format", "melee", "--rounds", "2",
            "--deals", "4")
    cli.run("tournament", "player", "import", str(folder / "Mêlée" / players))
    assert [p["name"] for p in cli.json("tournament", "player", "list")] == PLAYERS
