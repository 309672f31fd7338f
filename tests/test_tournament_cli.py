"""``coinche tournament`` in process: every refused input, and a few things that work.

A refusal must exit with code 2, print exactly one line on stderr starting with ``error: ``
and leave every row of the store as it was: ``Cli.refused`` of :mod:`tests.harness`.
"""

from __future__ import annotations

import csv
import sqlite3
from pathlib import Path
from typing import Any, Protocol

import pytest
from openpyxl import load_workbook  # the tests reopen the files they check

from tests.conftest import Concours
from tests.harness import Cli

NAMES = ("Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf", "Les Huit",
         "Les Sept", "Les Atouts", "Les Capots")


class Director(Cli):
    """``coinche tournament …`` on the test's store (the harness's :class:`Cli` under
    ``tournament``), with the director's usual steps; :attr:`root` runs any other command."""

    def __init__(self, root: Cli) -> None:
        super().__init__(root.db, process=root.process, prefix=(*root.prefix, "tournament"),
                         env=root.env, cwd=root.cwd)
        self.root = root
        self.history = root.history

    def pair(self) -> dict[str, Any]:
        """Pair the next round; its tables as ``pair --json`` prints them."""
        data: dict[str, Any] = self.json("pair")
        return data

    def finish_round(self, data: dict[str, Any]) -> None:
        """Enter a result for every table of a paired round (first team wins by table)."""
        for t in data["tables"]:
            self.run("result", str(t["table"]), str(900 + 10 * t["table"]), "500")

    def team_names(self) -> list[str]:
        """The registered teams, in registration order."""
        return [t["team"] for t in self.json("team", "list")]


class Start(Protocol):
    """Builds a concours of this file's teams (see the ``start`` fixture)."""

    def __call__(self, teams: int, *, rounds: int = 5, seed: int = 7) -> Director: ...


@pytest.fixture
def start(cli: Cli, concours: Concours) -> Start:
    """``start(teams)``: a 4-deal tournament of the first ``teams`` of :data:`NAMES` (each
    with two players), round 1 to be drawn with ``seed``; the director on it."""

    def make(teams: int, *, rounds: int = 5, seed: int = 7) -> Director:
        names = NAMES[:teams]
        concours(names, "--rules", "standard", rounds=rounds, seed=seed,
                 players={name: f"{name} 1, {name} 2" for name in names})
        return Director(cli)

    return make


def write_csv(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", encoding="utf-8-sig", newline="") as handle:
        csv.writer(handle, delimiter=";").writerows(rows)
    return path


# ---------------------------------------------------------------- refusals


def test_an_unknown_team_is_refused_by_drop_penalty_and_forfeit(start: Start) -> None:
    director = start(4)
    director.pair()
    assert "Les Inconnus" in director.refused("team", "drop", "Les Inconnus")
    assert "Les Inconnus" in director.refused("penalty", "Les Inconnus", "162", "--reason",
                                                "renonce")
    assert "Les Inconnus" in director.refused("result", "1", "--forfeit", "Les Inconnus")


def test_a_forfeit_by_a_team_of_another_table_is_refused(start: Start) -> None:
    director = start(4)
    tables = director.pair()["tables"]
    elsewhere = tables[1]["teams"][0]
    assert elsewhere in director.refused("result", "1", "--forfeit", elsewhere)


@pytest.mark.parametrize("again", ["Équipe Bleue", "équipe bleue", "EQUIPE BLEUE",
                                   "Equipe Bleue", "  Équipe   Bleue "])
def test_a_duplicate_team_name_is_refused(start: Start, again: str) -> None:
    director = start(2)
    director.run("team", "add", "Équipe Bleue")
    director.refused("team", "add", again)
    assert director.team_names() == [*NAMES[:2], "Équipe Bleue"]


def test_an_import_repeating_a_registered_team_imports_nothing(start: Start,
                                                               tmp_path: Path) -> None:
    director = start(2)
    path = write_csv(tmp_path / "equipes.csv", [
        ["Équipe", "Joueur 1", "Joueur 2"], ["Les Nouveaux", "Ana", "Bob"],
        ["LES ROIS", "Eve", "Luc"]])
    assert director.refused_rows("team", "import", str(path))[1:] == [
        "row 3: a team called “LES ROIS” is already registered"]
    assert director.team_names() == list(NAMES[:2])


def test_a_result_for_the_bye_is_refused(start: Start, tmp_path: Path) -> None:
    director = start(5)
    data = director.pair()
    assert data["bye"] is not None and len(data["tables"]) == 2
    line = director.refused("result", "3", "600", "400")  # just after the last table
    assert data["bye"] in line
    director.root.refused("game", "new", "--table", "3")
    path = write_csv(tmp_path / "r.csv", [["table", "score 1", "score 2"], ["1", "600", "400"],
                                          ["3", "700", "300"]])
    rows = director.refused_rows("result", "--import", str(path))
    assert rows[1].startswith("row 3: table 3 is the bye") and len(rows) == 2
    assert director.json("show")["tables"][0]["scores"] is None  # row 1 was not stored either


@pytest.mark.parametrize("table", ["3", "9", "0"])
def test_an_unknown_table_is_refused(start: Start, table: str) -> None:
    director = start(4)
    director.pair()
    director.refused("result", table, "600", "400")
    director.root.refused("game", "new", "--table", table)


def test_a_result_for_a_closed_round_is_refused(start: Start, tmp_path: Path) -> None:
    director = start(4)
    director.finish_round(director.pair())
    director.pair()
    assert "1" in director.refused("result", "1", "600", "400", "--round", "1")
    director.refused("result", "1", "--forfeit", "Les As", "--round", "1")
    path = write_csv(tmp_path / "r.csv", [["table", "score 1", "score 2"], ["1", "600", "400"]])
    director.refused("result", "--import", str(path), "--round", "1")
    director.refused("result", "1", "600", "400", "--round", "3")  # not paired yet


def test_pairing_while_results_are_missing_is_refused(start: Start) -> None:
    director = start(6)
    director.pair()
    director.run("result", "1", "800", "600")
    line = director.refused("pair")
    assert "2" in line and "3" in line  # the tables without a result


def test_a_teams_file_with_a_missing_name_and_a_duplicate_imports_nothing(start: Start,
    cli: Cli, tmp_path: Path,
) -> None:
    director = start(2)
    path = write_csv(tmp_path / "equipes.csv", [
        ["Équipe", "Joueur 1", "Joueur 2"],
        ["Les Nouveaux", "Ana", "Bob"],
        ["", "Eve", "Luc"],  # row 3: no name
        ["les nouveaux", "Zoé", "Yann"],  # row 4: repeats row 2
        ["Les Derniers", "Paul", "Rémi"],
    ])
    rows = director.refused_rows("team", "import", str(path))
    assert [r.split(": row ")[1][0] for r in rows[1:]] == ["3", "4"]  # by spreadsheet row
    assert director.team_names() == list(NAMES[:2])


def test_a_results_file_with_a_bad_score_stores_nothing(start: Start, tmp_path: Path) -> None:
    director = start(6)
    director.pair()
    path = write_csv(tmp_path / "resultats.csv", [
        ["Table", "Score 1", "Score 2"], ["1", "800", "600"], ["2", "huit cents", "600"],
        ["3", "700", "500"]])
    rows = director.refused_rows("result", "--import", str(path))
    assert len(rows) == 2 and "row 3" in rows[1] and "huit cents" in rows[1]
    assert all(t["scores"] is None for t in director.json("show")["tables"])


def test_a_negative_score_is_refused(start: Start) -> None:
    director = start(4)
    director.pair()
    director.refused("result", "1", "600", "--", "-10")


def test_a_game_for_a_table_with_a_result_is_refused(start: Start) -> None:
    director = start(4)
    director.pair()
    director.run("result", "1", "800", "600")
    director.root.refused("game", "new", "--table", "1")
    director.root.run("game", "new", "--table", "2")
    director.root.refused("game", "new", "--table", "2")  # it already has its game
    director.refused("result", "2", "800", "600")  # scored deal by deal


def test_a_tables_game_refuses_what_its_tournament_sets(start: Start) -> None:
    """``game new --table`` takes the teams, rules and format from the tournament: an option
    it would ignore is refused (one line, exit 2, no game made), and the table stays free."""
    director = start(4)
    director.pair()
    sets = "not with --table: the table's tournament sets it"
    for given, line in [
        (["--rules", "club"], f"--rules: {sets}"), (["-r", "standard"], f"--rules: {sets}"),
        (["--team", "Les As", "--team", "Les Rois"], f"--team: {sets}"),
        (["--player", "Ana"], f"--player: {sets}"), (["--players", "4"], f"--players: {sets}"),
        (["--target", "1000"], f"--target: {sets}"), (["--deals", "12"], f"--deals: {sets}"),
        (["--dealer", "B"], "--dealer: not with --table: the table's first team deals first"),
    ]:
        assert director.root.refused("game", "new", "--table", "1", *given) == f"error: {line}"
    assert director.root.json("game", "list") == []
    director.root.run("game", "new", "--table", "1")


def test_unpair_when_results_exist_is_refused(start: Start) -> None:
    director = start(4)
    director.pair()
    director.run("result", "2", "800", "600")
    director.refused("unpair")


def test_unpair_when_a_table_has_its_game_is_refused(start: Start) -> None:
    director = start(4)
    director.pair()
    director.root.run("game", "new", "--table", "1")
    director.refused("unpair")


def test_unpair_before_any_pairing_is_refused(start: Start) -> None:
    director = start(4)
    director.refused("unpair")


def test_a_sixth_pairing_of_a_five_round_tournament_is_refused(start: Start) -> None:
    director = start(6)
    for number in range(1, 6):
        data = director.pair()
        assert data["round"] == number
        director.finish_round(data)
    assert "5" in director.refused("pair")
    director.refused("team", "add", "Trop Tard")  # every round is paired: no more entries


@pytest.mark.parametrize("settings", [
    ["--deals", "4", "--target", "1000"],
    [],
    ["--deals", "4", "--tie-break", "buchholz,coin-toss"],
    ["--target", "0"],
    ["--deals", "4", "--bye-points", "lots"],
    ["--deals", "4", "--match-points", "3,2,1"],
    ["--deals", "4", "--rounds", "0"],
], ids=["deals-and-target", "neither", "unknown-tie-break", "zero-target", "bad-bye-points",
        "three-match-points", "zero-rounds"])
def test_bad_settings_are_refused(start: Start, settings: list[str]) -> None:
    director = start(2)
    director.refused("new", "Autre", "--rules", "standard", *settings)
    assert [t["name"] for t in director.json("list")] == ["Concours"]


def test_a_second_tournament_of_the_same_name_is_refused(start: Start) -> None:
    director = start(2)
    director.refused("new", "CONCOURS", "--deals", "4")


# ---------------------------------------------------------------- what works


def test_a_late_entry_plays_from_the_next_round(start: Start) -> None:
    director = start(5)
    first = director.pair()
    late = director.json("team", "add", "Les Tardifs", "--players", "Ana, Bob")
    assert late["joined_round"] == 2 and late["players"] == ["Ana", "Bob"]
    seated = [team for t in first["tables"] for team in t["teams"]] + [first["bye"]]
    assert "Les Tardifs" not in seated
    assert "Les Tardifs" not in [team for t in director.json("show")["tables"]
                                 for team in t["teams"]]
    director.finish_round(first)
    after_one = {row["team"]: row for row in director.json("standings", "--round", "1")}
    assert after_one["Les Tardifs"]["played"] == 0
    second = director.pair()
    seated = [team for t in second["tables"] for team in t["teams"]]
    assert second["bye"] is None  # 6 teams now
    assert sorted(seated) == sorted([*NAMES[:5], "Les Tardifs"])


def test_unpair_then_pair_again_gives_the_same_pairing(start: Start) -> None:
    director = start(9)
    first = director.pair()
    director.run("unpair")
    assert director.pair() == first
    director.finish_round(first)
    second = director.pair()
    director.run("unpair")
    assert director.pair() == second
    assert second["round"] == 2


def test_tournament_show_json(start: Start) -> None:
    director = start(5)
    paired = director.pair()
    director.run("result", "1", "900", "700")
    director.run("result", "2", "--forfeit", paired["tables"][1]["teams"][0])
    shown = director.json("show")
    assert shown["round"] == 1 and shown["complete"] is True
    assert shown["bye"] == paired["bye"] and shown["bye"] is not None
    assert shown["bye_points"] == 800  # the average of 900 and 700 (the forfeit left out)
    one, two = shown["tables"]
    assert one["teams"] == paired["tables"][0]["teams"]
    assert (one["scores"], one["winner"], one["forfeit"]) == ([900, 700], one["teams"][0],
                                                              None)
    assert two["scores"] is None and two["forfeit"] == two["teams"][0]
    assert two["winner"] == two["teams"][1]
    assert director.json("show", "--round", "1") == shown


def test_tournament_show_reads_in_one_snapshot(start: Start, store: Path) -> None:
    """Issue 31: the round, its codes and its history are one reading (a result entered at
    another desk between two of them would show a round and a history that disagree); a
    tournament paired before codes existed gets its secret first, then is read whole."""
    from coinche_cli.store.sqlite import SqliteStore
    from coinche_cli.tournament import ops as tournaments

    director = start(4)
    director.pair()
    director.run("result", "1", "900", "500")
    with sqlite3.connect(store) as raw:  # as a store of before the codes
        raw.execute("UPDATE tournament SET secret = NULL")
    desk = SqliteStore(store)
    try:
        first = tournaments.shown(desk, None, None, codes=True, history=True)
        said: list[str] = []
        desk.db.raw.set_trace_callback(said.append)
        again = tournaments.shown(desk, None, None, codes=True, history=True)
        desk.db.raw.set_trace_callback(None)
    finally:
        desk.close()
    assert said[0] == "BEGIN" and said[-1] == "ROLLBACK" and said.count("BEGIN") == 1, said
    assert again == first and sorted(again.codes) == [1, 2] and len(again.history) == 1
    shown = director.json("show", "--codes")
    assert [table["code"] for table in shown["tables"]] == [again.codes[1], again.codes[2]]


def test_score_sheets_have_one_sheet_per_table(start: Start, tmp_path: Path) -> None:
    director = start(8)
    paired = director.pair()
    path = tmp_path / "feuilles.xlsx"
    director.run("sheets", "--round", "1", str(path))
    book = load_workbook(path)
    assert book.sheetnames == [f"Table {t['table']}" for t in paired["tables"]]
    for t in paired["tables"]:
        cells = {str(c) for row in book[f"Table {t['table']}"].iter_rows(values_only=True)
                 for c in row if c is not None}
        assert set(t["teams"]) <= cells
        assert all(f"{team} 1, {team} 2" in cells for team in t["teams"])  # the players


def test_a_penalty_goes_to_the_opponents_or_is_deducted(cli: Cli) -> None:
    """`penalty TEAM 162`: the opponents of that round score the 162 (the usual renonce);
    with --deduct the team loses them instead."""
    director = Director(cli)
    director.run("new", "P", "--rules", "standard", "--rounds", "2", "--deals", "4",
                 "--registration-order")
    for name in ("Nord", "Sud", "Est", "Ouest"):
        director.run("team", "add", name)
    pairing = director.pair()
    first, second = pairing["tables"][0]["teams"]
    third, fourth = pairing["tables"][1]["teams"]
    director.run("result", "1", "500", "300")
    director.run("result", "2", "400", "400")
    director.run("penalty", second, "162", "--reason", "renonce")
    director.run("penalty", third, "100", "--reason", "retard", "--deduct")
    table = {row["team"]: row for row in director.json("standings")}
    assert table[first]["points_for"] == 500 + 162  # the opponents of the team at fault
    assert (table[second]["points_for"], table[second]["penalties"]) == (300, 162)
    assert (table[third]["points_for"], table[third]["penalties"]) == (400 - 100, 100)
    assert table[fourth]["points_for"] == 400


def test_imports_report_every_bad_row_at_once(cli: Cli, tmp_path: Path) -> None:
    director = Director(cli)
    director.run("new", "I", "--rounds", "2", "--deals", "4", "--registration-order")
    for name in ("Nord", "Sud", "Est", "Ouest"):
        director.run("team", "add", name)
    teams = tmp_path / "late.csv"
    teams.write_text("équipe\nNouveaux\nnord\nSUD\n", encoding="utf-8")
    rows = director.refused_rows("team", "import", str(teams))
    assert [r.split(":")[0] for r in rows[1:]] == ["row 3", "row 4"]  # both names registered
    director.run("pair")
    results = tmp_path / "results.csv"
    results.write_text("table,score 1,score 2\n1,400,300\n7,1,1\n9,2,2\n", encoding="utf-8")
    rows = director.refused_rows("result", "--import", str(results))
    assert rows[0] == "2 bad rows; nothing imported"
    assert [r.split(":")[0] for r in rows[1:]] == ["row 3", "row 4"]
