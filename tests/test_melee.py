"""A concours à la mêlée, command by command (in process, on both backends where marked):
players registered alone, the draw's rules on its own output, results by a player's name, the
per-player standings, the JSON interface, and a mêlée moved with ``store copy``.  The whole
mêlée through the installed command: ``tests/test_melee_e2e.py``; the bad input:
``tests/hostile/test_melee_input.py``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.harness import Cli

NAMES = ["Ana", "Bob", "Cyd", "Dan", "Éva", "Fred", "Gus", "Hana", "Ivo"]


def melee(cli: Cli, players: list[str], *options: str, rounds: int = 3) -> Cli:
    director = cli.under("tournament")
    director.run("new", "Mêlée", "--format", "melee", "--rounds", str(rounds), "--deals", "4",
                 "--seed", "3", *options)
    for name in players:
        director.run("player", "add", name)
    return director


def seated(table: dict[str, Any]) -> list[str]:
    return [name for pair in table["pairs"] for name in pair]


@pytest.mark.both_stores
def test_a_partie_is_drawn_in_tables_of_four_and_who_sits_out(cli: Cli) -> None:
    director = melee(cli, NAMES)
    shown = director.json("pair")
    assert len(shown["tables"]) == 2 and len(shown["sitting_out"]) == 1
    everyone = [n for t in shown["tables"] for n in seated(t)] + shown["sitting_out"]
    assert sorted(everyone) == sorted(NAMES)
    for table in shown["tables"]:
        # the first pair sits at seats 1 and 3: its score comes first
        assert table["teams"] == [" & ".join(pair) for pair in table["pairs"]]
        assert table["scores"] is None
    assert director.json("show") == shown
    text = director.run("show").stdout
    first = shown["tables"][0]
    assert f"  1 · {first['teams'][0]} – {first['teams'][1]}" in text
    assert f"sitting out: {shown['sitting_out'][0]}" in text


@pytest.mark.both_stores
def test_a_result_by_a_players_name_gives_their_pairs_score_first(cli: Cli) -> None:
    director = melee(cli, NAMES[:8])
    shown = director.json("pair")
    table = shown["tables"][1]
    second = table["pairs"][1][0]
    entered = director.json("result", second, "700", "500")
    assert entered["tables"][1]["scores"] == [500, 700]
    assert entered["tables"][1]["winner"] == table["teams"][1]
    director.json("result", "1", "400", "400")  # a draw
    lines = {row["name"]: row for row in director.json("standings")}
    assert lines[second]["wins"] == 1 and lines[second]["points_for"] == 700
    assert lines[table["pairs"][0][0]]["losses"] == 1
    assert lines[table["pairs"][0][0]]["partners"] == [table["pairs"][0][1]]
    assert lines[table["pairs"][0][0]]["opponents"] == [table["pairs"][1]]
    assert {lines[n]["draws"] for n in seated(shown["tables"][0])} == {1}
    assert lines[second]["rank"] == 1


def test_a_penalty_on_a_player_is_their_pairs_shared_by_both(cli: Cli) -> None:
    director = melee(cli, NAMES[:8])
    shown = director.json("pair")
    pair = shown["tables"][0]["pairs"][0]
    director.run("penalty", pair[0], "50", "--reason", "retard", "--deduct")
    director.run("result", "1", "600", "400")
    director.run("result", "2", "500", "500")
    lines = {row["name"]: row for row in director.json("standings")}
    for name in pair:
        assert lines[name]["penalties"] == 50 and lines[name]["points_for"] == 550


def test_a_forfeit_names_a_player_of_the_pair_that_forfeits(cli: Cli) -> None:
    director = melee(cli, NAMES[:8])
    shown = director.json("pair")
    loser = shown["tables"][0]["pairs"][1][1]
    director.run("result", "2", "500", "300")
    entered = director.json("result", "1", "--forfeit", loser)
    assert entered["tables"][0]["forfeit"] == shown["tables"][0]["teams"][1]
    lines = {row["name"]: row for row in director.json("standings")}
    assert lines[loser]["forfeits"] == 1 and lines[loser]["points_against"] == 400


def test_a_late_player_and_a_drop(cli: Cli) -> None:
    director = melee(cli, NAMES[:8])
    director.json("pair")
    director.run("result", "1", "500", "300")
    director.run("result", "2", "400", "300")
    assert director.json("player", "add", "Zoé", "--club", "Bazas") == {
        "name": "Zoé", "club": "Bazas", "licence": "", "joined_round": 2}
    director.run("player", "drop", "Ana")
    shown = director.json("pair")
    present = [n for t in shown["tables"] for n in seated(t)] + shown["sitting_out"]
    assert "Ana" not in present and "Zoé" in present
    assert "Zoé" not in shown["sitting_out"]  # not in their first partie
    listed = {p["name"]: p for p in director.json("player", "list")}
    assert listed["Ana"]["dropped_after"] == 1
    director.run("player", "return", "Ana")
    assert director.json("player", "list")[0]["dropped_after"] is None


def test_players_of_one_club_are_not_drawn_partners_with_same_club_avoid(cli: Cli) -> None:
    director = cli.under("tournament")
    director.run("new", "Club", "--format", "melee", "--rounds", "2", "--deals", "4",
                 "--seed", "1", "--same-club", "avoid")
    clubs = {name: ("Bazas" if index < 4 else "Langon")
             for index, name in enumerate(NAMES[:8])}
    for name, club in clubs.items():
        director.run("player", "add", name, "--club", club)
    shown = director.json("pair")
    for table in shown["tables"]:
        for pair in table["pairs"]:
            assert clubs[pair[0]] != clubs[pair[1]], pair


def test_a_draw_by_score_seats_the_leaders_together(cli: Cli) -> None:
    director = melee(cli, [f"P{n:02d}" for n in range(1, 17)])
    shown = director.json("pair")
    for index in range(1, len(shown["tables"]) + 1):
        director.run("result", str(index), str(100 * index + 200), str(100 * index))
    ranked = [row["name"] for row in director.json("standings")]
    shown = director.json("pair", "--draw", "by-score")
    top = set(ranked[:4])
    # the four leaders sit at one table when no partner would repeat there
    tables = [set(seated(t)) for t in shown["tables"]]
    assert any(len(top & table) >= 3 for table in tables), (ranked[:4], tables)


@pytest.mark.both_stores
def test_a_melee_moves_with_store_copy(cli: Cli, tmp_path: Path) -> None:
    director = melee(cli, NAMES)
    director.json("pair")
    director.run("result", "1", "500", "300")
    director.run("result", "2", "400", "300")
    director.json("pair")
    before = director.json("standings")
    copy = tmp_path / "copie.db"
    cli.run("store", "copy", str(cli.db), str(copy))
    moved = Cli(copy).under("tournament")
    assert moved.json("standings") == before
    assert moved.json("show") == director.json("show")
    assert moved.json("player", "list") == director.json("player", "list")


def test_players_import_from_a_french_sheet(cli: Cli, tmp_path: Path) -> None:
    director = melee(cli, [])
    sheet = tmp_path / "joueurs.csv"
    sheet.write_text("Nom;Club;N° de licence\nAna;Bazas;12\nBob;;\n", encoding="utf-8")
    director.run("player", "import", str(sheet))
    assert [(p["name"], p["club"], p["licence"]) for p in director.json("player", "list")] == [
        ("Ana", "Bazas", "12"), ("Bob", "", "")]


def test_a_formed_team_tournament_prints_as_before(cli: Cli) -> None:
    director = cli.under("tournament")
    director.run("new", "Teams", "--rounds", "2", "--deals", "4", "--registration-order")
    for name in ("Les As", "Les Rois"):
        director.run("team", "add", name)
    shown = director.json("pair")
    assert "pairs" not in shown["tables"][0] and "sitting_out" not in shown
    created = director.json("new", "Teams 2", "--rounds", "2", "--deals", "4")
    assert "format" not in created["settings"] and created["settings"]["same_club"] == "avoid"


@pytest.mark.both_stores
def test_a_partie_withdrawn_is_drawn_again(cli: Cli) -> None:
    director = melee(cli, NAMES[:8])
    first = director.json("pair")
    director.run("unpair")
    again = director.json("pair")
    assert again["round"] == 1 and len(again["tables"]) == 2
    assert sorted(n for t in again["tables"] for n in seated(t)) == sorted(NAMES[:8])
    assert first["round"] == again["round"]
    director.run("result", "1", "500", "300")
    assert director.json("show")["tables"][0]["scores"] == [500, 300]


def test_the_workbook_has_players_and_their_standings(cli: Cli, tmp_path: Path) -> None:
    from openpyxl import load_workbook  # the test reopens the export

    director = melee(cli, NAMES)
    shown = director.json("pair")
    director.run("result", "1", "500", "300")
    director.run("result", "2", "400", "300")
    path = tmp_path / "melee.xlsx"
    director.run("export", str(path))
    book = load_workbook(path, read_only=True)
    assert book.sheetnames[:3] == ["Standings", "Players", "Round 1"]
    standings = list(book["Standings"].iter_rows(values_only=True))
    assert standings[0][:3] == ("rank", "player", "club")
    rows = director.json("standings")
    assert [r[1] for r in standings[1:]] == [row["name"] for row in rows]
    assert [r[8] for r in standings[1:]] == [row["sat_out"] for row in rows]
    players = list(book["Players"].iter_rows(values_only=True))
    assert [r[0] for r in players[1:]] == NAMES
    partie = list(book["Round 1"].iter_rows(values_only=True))
    assert partie[1][1:5] == (*shown["tables"][0]["teams"], 500, 300)
    assert partie[-1][:2] == ("bye", shown["sitting_out"][0])
    assert partie[-1][3] == 375  # the partie's average score


@pytest.mark.both_stores
def test_a_result_in_a_large_partie_names_the_four_players_of_its_table(
        cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """Above ``ROUND_NAMES_UP_TO`` tables (lowered to 1 here), a result by table number prints
    that table's two pairs and their players, and who sits out (issue 25)."""
    from coinche_cli.cli import tournament_view

    director = melee(cli, NAMES)
    shown = director.json("pair")
    monkeypatch.setattr(tournament_view, "ROUND_NAMES_UP_TO", 1)
    lines = director.run("result", "2", "700", "500").stdout.splitlines()
    second = shown["tables"][1]
    assert lines[0] == "round 1: 2 tables"
    assert lines[1] == f"    2 · {second['teams'][0]} – {second['teams'][1]}   700–500"
    assert lines[2] == "  … and 1 other table: coinche tournament show --round 1"
    assert lines[3].startswith(f"  sitting out: {shown['sitting_out'][0]} (")
    assert director.json("show")["tables"][1]["scores"] == [700, 500]


def test_two_namesakes_get_the_hint_to_add_an_initial_and_a_licence(cli: Cli,
                                                                   tmp_path: Path) -> None:
    director = melee(cli, [])
    director.run("player", "add", "Ana Martin", "--licence", "33012")
    assert director.refused("player", "add", "ana martin") == (
        "error: player: a player called “Ana Martin” is already registered; for a namesake, "
        "add an initial (“Ana Martin B.”) and a licence")
    sheet = tmp_path / "joueurs.csv"
    sheet.write_text("nom;licence\nAna Martin;44000\n", encoding="utf-8")
    assert director.refused_rows("player", "import", str(sheet)) == [
        "1 bad row; nothing imported",
        "row 2: a player called “Ana Martin” is already registered; for a namesake, add an "
        "initial (“Ana Martin B.”) and a licence"]
    sheet.write_text("nom\nBob Roux\nBOB ROUX\n", encoding="utf-8")
    assert director.refused_rows("player", "import", str(sheet))[1:] == [
        "joueurs.csv: row 3: player: “BOB ROUX” repeats “Bob Roux” from row 2; for a "
        "namesake, add an initial (“Bob Roux B.”) and a licence"]
    assert "déjà inscrit\u00a0; pour un homonyme, ajoutez une initiale («\u00a0Ana Martin " \
           "B.\u00a0») et une licence" in cli.run("--lang", "fr", "tournament", "player", "add",
                               "Ana Martin", code=2).stderr
    director.run("player", "add", "Ana Martin B.", "--licence", "44000")  # as the hint says
    assert sorted(p["name"] for p in cli.json("player", "list")) == ["Ana Martin",
                                                                    "Ana Martin B."]


def test_the_points_per_partie_played_for_who_came_late(cli: Cli, tmp_path: Path) -> None:
    from openpyxl import load_workbook  # the test reopens the export

    director = melee(cli, ["Ana", "Bob", "Cyd", "Dan"], rounds=2)
    director.run("pair")
    director.run("result", "1", "500", "301")
    for late in ("Éva", "Fred", "Gus", "Hana"):
        director.run("player", "add", late)
    director.run("pair")
    director.run("result", "1", "600", "200")
    director.run("result", "2", "450", "350")
    rows = {row["name"]: row for row in director.json("standings")}
    expected = {name: round(row["points_for"] / row["played"], 1) for name, row in rows.items()}
    assert {rows[name]["played"] for name in ("Éva", "Fred", "Gus", "Hana")} == {1}
    plain = director.run("standings").stdout
    assert "partie" not in plain  # the default table stays as it was
    wide = director.run("standings", "--wide").stdout.splitlines()
    spans = [m.span() for m in re.finditer("-+", wide[2])]  # the columns, by their rule
    table = [[line[start:end].strip() for start, end in spans] for line in wide[1:]]
    at = table[0].index("for") + 1
    assert table[0][at] == "per partie"
    assert {cells[1]: cells[at] for cells in table[2:]} == {
        name: f"{value:.1f}" for name, value in expected.items()}
    french = cli.run("--lang", "fr", "tournament", "standings", "--wide").stdout
    assert "par partie" in french and f"{expected['Ana']:.1f}".replace(".", ",") in french
    path = tmp_path / "melee.xlsx"
    director.run("export", str(path))
    sheet = list(load_workbook(path, read_only=True)["Standings"].iter_rows(values_only=True))
    column = sheet[0].index("points per partie played")
    assert sheet[0][column - 1] == "points for"
    assert {row[1]: row[column] for row in sheet[1:]} == expected
    # 500 and 301 over one partie, then 600 or 200 (or 450 or 350) over a second: halves
    assert any(value != int(value) for value in expected.values())
