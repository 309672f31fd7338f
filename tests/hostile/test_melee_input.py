"""A concours à la mêlée's bad input (issue 19), through the installed command: each refused
in one line naming what is wrong, exit 2, the store unchanged (``Cli.refused`` compares its
checksum)."""

from __future__ import annotations

from pathlib import Path

from tests.harness import Cli


def _melee(cli: Cli, *players: str) -> Cli:
    director = cli.under("tournament")
    director.run("new", "Mêlée", "--format", "melee", "--rounds", "3", "--deals", "4",
                 "--seed", "2")
    for name in players:
        director.run("player", "add", name)
    return director


def test_fewer_than_four_present_players_are_refused(hostile: Cli) -> None:
    director = _melee(hostile, "Ana", "Bob", "Cyd")
    assert "3 players to draw: a mêlée needs at least 4" in director.refused("pair")
    director.run("player", "add", "Dan")
    director.run("player", "drop", "Dan")
    assert "3 players to draw" in director.refused("pair")


def test_two_names_that_fold_alike_are_refused(hostile: Cli, tmp_path: Path) -> None:
    director = _melee(hostile, "Éva Morel")
    line = director.refused("player", "add", "  eva  MOREL ")
    assert line.startswith("error: player: ") and "Éva Morel" in line
    sheet = tmp_path / "joueurs.csv"
    sheet.write_text("Nom\nAna\nana\n", encoding="utf-8")
    rows = director.refused_rows("player", "import", str(sheet))
    assert any("repeats" in row and "row 2" in row for row in rows), rows
    sheet.write_text("Name\nEVA MOREL\n", encoding="utf-8")
    rows = director.refused_rows("player", "import", str(sheet))
    assert any("already registered" in row for row in rows), rows


def test_player_and_team_commands_are_refused_in_the_other_format(hostile: Cli) -> None:
    director = _melee(hostile, "Ana")
    assert "mêlée" in director.refused("team", "add", "Les As")
    assert "mêlée" in director.refused("team", "list")
    teams = hostile.under("tournament")
    teams.run("new", "Équipes", "--rounds", "2", "--deals", "4")
    assert "team" in teams.refused("player", "add", "Ana")
    assert "--draw" in teams.refused("pair", "--draw", "by-score")


def test_a_result_naming_a_player_elsewhere_or_sitting_out_is_refused(hostile: Cli,
                                                                       tmp_path: Path) -> None:
    director = _melee(hostile, "Ana", "Bob", "Cyd", "Dan", "Éva", "Fred", "Gus", "Hana", "Ivo")
    shown = director.json("pair")
    out = shown["sitting_out"][0]
    assert f"{out} sits out partie 1" in director.refused("result", out, "500", "300")
    assert "no player called" in director.refused("result", "Zorro", "500", "300")
    assert "--draw is" in director.refused("pair", "--draw", "hat")
    one, two = shown["tables"]
    # a file naming a player of another table is refused, naming the table's pairs
    sheet = tmp_path / "resultats.csv"
    sheet.write_text(f"Table;Nom 1;Nom 2;Score 1;Score 2\n1;{one['pairs'][0][0]};"
                     f"{two['pairs'][0][0]};500;300\n", encoding="utf-8")
    rows = director.refused_rows("result", "--import", str(sheet))
    assert any(one["teams"][0] in row and one["teams"][1] in row for row in rows), rows
    # the two pairs swapped by name: read by the names
    sheet.write_text(f"Table;Nom 1;Nom 2;Score 1;Score 2\n1;{one['pairs'][1][1]};"
                     f"{one['pairs'][0][0]};500;300\n", encoding="utf-8")
    entered = director.json("result", "--import", str(sheet))
    assert entered["tables"][0]["scores"] == [300, 500]


def test_a_partie_with_penalties_is_not_withdrawn(hostile: Cli) -> None:
    director = _melee(hostile, "Ana", "Bob", "Cyd", "Dan")
    director.json("pair")
    director.run("penalty", "Ana", "20", "--reason", "retard", "--deduct")
    assert "penalties" in director.refused("unpair")
