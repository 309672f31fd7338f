"""A tournament day through the ``coinche`` command line, one test per point the field trial
raised (issue 7), as at the director's desk.  The commands run in this process (about 10 ms
each), on PostgreSQL too under ``--backends=both``; ``tests/test_tournament_e2e.py`` plays a
whole day through the installed command.

The numbers are worked out here from the scores the tests choose; each test says which
point it covers and the rule, as the README states it.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from tests.conftest import Concours
from tests.harness import Cli, store_rows

pytestmark = pytest.mark.both_stores

def standings(director: Cli) -> dict[str, dict[str, Any]]:
    """The standings by team name."""
    return {row["team"]: row for row in director.json("standings")}


def tables(director: Cli, round_number: int | None = None) -> list[dict[str, Any]]:
    more = () if round_number is None else ("--round", str(round_number))
    data: list[dict[str, Any]] = director.json("show", *more)["tables"]
    return data


# ---------------------------------------------------------------- 1. files against the pairing


def test_a_results_file_naming_the_teams_is_checked_against_the_pairing(
        concours: Concours, tmp_path: Path) -> None:
    director = concours(4)
    director.run("pair")  # registration order: table 1 Les As – Les Rois, 2 Les Dames – Valets
    sheet = tmp_path / "ronde1.csv"
    # as a French Excel saves it: cp1252, ';', the names in the other order at table 1
    sheet.write_bytes("Table;Nom équipe 1;Score 1;Nom équipe 2;Score 2\r\n"
                      "1;Les Rois;1320;les as;1840\r\n"
                      "2;Dames;900;Personne;700\r\n".encode("cp1252"))
    rows = director.refused_rows("result", "--import", str(sheet))
    assert rows == ["1 bad row; nothing imported",
                    "row 3: table 2 is Les Dames – Les Valets, not Personne"]
    sheet.write_bytes("Table;Équipe 1;Score 1;Équipe 2;Score 2\r\n"
                      "1;Les Rois;1320;les as;1840\r\n"
                      "2;Valets;700;Dames;900\r\n".encode("cp1252"))
    director.run("result", "--import", str(sheet))
    # the scores follow the names: Les As scored 1840 and won table 1
    shown = tables(director)
    assert [t["scores"] for t in shown] == [[1840, 1320], [900, 700]]
    assert [t["winner"] for t in shown] == ["Les As", "Les Dames"]
    # last round's file read again in round 2 names teams that no longer meet
    director.run("pair")
    rows = director.refused_rows("result", "--import", str(sheet))
    assert all("is " in row and ", not " in row for row in rows[1:]), rows


# ---------------------------------------------------------------- 2. nothing replaced silently


def test_a_result_is_never_replaced_silently(concours: Concours, tmp_path: Path) -> None:
    director = concours(4)
    director.run("pair")
    director.run("result", "1", "1840", "1320")
    refused = director.refused("result", "1", "1500", "1600")
    assert refused == ("error: table 1 already has a result (Les As – Les Rois: 1840–1320); "
                       "give --replace to correct it")
    corrected = director.run("result", "1", "1500", "1600", "--replace")
    assert corrected.stdout.splitlines()[0] == "table 1: 1840–1320 → 1500–1600"
    assert tables(director)[0]["winner"] == "Les Rois"
    assert director.db is not None  # the old result stays in the history
    assert store_rows(director.db, "SELECT score1, score2 FROM board_history") == [(1840, 1320)]
    # an import obeys the same rule, row by row
    sheet = tmp_path / "r.csv"
    sheet.write_text("table,score 1,score 2\n1,1700,1600\n2,900,800\n", encoding="utf-8")
    assert director.refused_rows("result", "--import", str(sheet))[1].startswith(
        "row 2: table 1 already has a result")
    # and --replace corrects only what has a result (issue 18: a correction goes to the round
    # it names, or nowhere): table 2 has none, so the file is refused whole
    assert director.refused_rows("result", "--import", str(sheet), "--replace")[1] == (
        "row 3: table 2 of round 1 has no result to correct; enter it without --replace")
    sheet.write_text("table,score 1,score 2\n1,1700,1600\n", encoding="utf-8")
    done = director.run("result", "--import", str(sheet), "--replace")
    assert "table 1: 1500–1600 → 1700–1600" in done.stdout.splitlines()


# ---------------------------------------------------------------- 3, 4. byes, forfeits, penalties


def test_differences_add_up_with_a_bye_penalties_and_a_forfeit(concours: Concours) -> None:
    """The README's rules: a bye and a forfeit win add nothing to the difference; a penalty
    given to the opponents keeps the round balanced; a forfeit costs the forfeiting team the
    points given to the winner (the one thing that unbalances a round, with --deduct)."""
    director = concours(5, "--ranking", "wins", "--bye-points", "1000")
    first = director.json("pair")
    assert first["bye"] == "Les Dix"  # the lowest-ranked of five, registration order
    director.run("result", "1", "900", "700")  # Les As beat Les Rois by 200
    director.run("result", "2", "800", "750")  # Les Dames beat Les Valets by 50
    director.run("penalty", "Les Rois", "162", "--reason", "renonce")
    director.run("penalty", "Les Valets", "100", "--reason", "annonce fausse")
    table = standings(director)
    # the bye: a win and 1000 points for, nothing in the difference
    assert (table["Les Dix"]["wins"], table["Les Dix"]["points_for"],
            table["Les Dix"]["difference"]) == (1, 1000, 0)
    # under --ranking wins, the bye no longer ranks above a real winner (then difference)
    assert [row["team"] for row in director.json("standings")][:3] == [
        "Les As", "Les Dames", "Les Dix"]
    # the penalties: to the opponents' points for, to the team's points against
    assert (table["Les As"]["points_for"], table["Les As"]["difference"]) == (1062, 362)
    assert (table["Les Rois"]["points_against"], table["Les Rois"]["difference"]) == (1062, -362)
    assert table["Les Rois"]["penalty_details"] == [
        {"round": 1, "points": 162, "reason": "renonce", "to": "Les As"}]
    assert table["Les Valets"]["penalties"] == 100  # the total keeps its meaning
    assert sum(row["difference"] for row in table.values()) == 0
    shown = director.run("show").stdout
    assert "penalty, round 1: Les Rois -162 (renonce), given to Les As" in shown
    # round 2: a forfeit at table 1, the bye to another team
    second = director.json("pair")
    forfeiter = second["tables"][0]["teams"][1]
    winner = second["tables"][0]["teams"][0]
    director.run("result", "1", "--forfeit", forfeiter)
    director.run("result", "2", "800", "800")
    after = standings(director)
    gained = {name: after[name]["difference"] - table[name]["difference"] for name in after}
    award = 1000  # --bye-points 1000: what the forfeit gives the winner
    assert gained[winner] == 0 and gained[forfeiter] == -award
    assert after[winner]["points_for"] - table[winner]["points_for"] == award
    assert sum(row["difference"] for row in after.values()) == -award
    # a deducted penalty takes from the team alone
    director.run("penalty", winner, "50", "--reason", "retard", "--deduct")
    last = standings(director)
    assert last[winner]["points_for"] == after[winner]["points_for"] - 50
    assert last[winner]["penalty_details"][-1] == {"round": 2, "points": 50, "reason": "retard",
                                                   "to": None}
    assert sum(row["difference"] for row in last.values()) == -award - 50


def test_penalties_are_exported(concours: Concours, tmp_path: Path) -> None:
    director = concours(4)
    director.run("pair")
    director.run("penalty", "Les As", "162", "--reason", "renonce")
    director.run("export", str(tmp_path / "c.xlsx"), "--csv", str(tmp_path / "csv"),
                 "--sep", ";")
    sheet = load_workbook(tmp_path / "c.xlsx")["Penalties"]
    assert [[c.value for c in row] for row in sheet.iter_rows()][1] == [
        1, "Les As", 162, "renonce", "Les Rois"]
    with (tmp_path / "csv" / "penalties.csv").open(encoding="utf-8-sig") as handle:
        assert list(csv.reader(handle, delimiter=";"))[1] == [
            "1", "Les As", "162", "renonce", "Les Rois"]


# ---------------------------------------------------------------- 5. one winner


@pytest.mark.parametrize(("tie", "winner", "draws"), [("deal_winner", "Les Rois", 0),
                                                       ("draw", None, 1)])
def test_a_table_scored_deal_by_deal_takes_its_games_winner(
        cli: Cli, concours: Concours, tmp_path: Path, tie: str, winner: str | None,
        draws: int) -> None:
    rules = tmp_path / "egalite.yaml"
    rules.write_text(f"extends: standard\nname: egalite\nend: {{tie: {tie}}}\n",
                     encoding="utf-8")
    director = concours(2, "--rules", str(rules), deals=2)
    director.run("pair")
    cli.run("game", "new", "--table", "1")
    # standard: 82 + 80 for the takers, 80 for the defence, each way round: 242–242, and the
    # last deal was won by Les Rois (the tie rule decides)
    cli.run("game", "add", "A", "80S", "82")
    ended = cli.json("game", "add", "B", "80H", "82")
    assert ended["totals"] == {"A": 242, "B": 242} and ended["finished"] is True
    assert tables(director)[0]["winner"] == winner
    table = standings(director)
    assert table["Les Rois"]["draws"] == draws
    assert table["Les Rois"]["wins"] == (1 if winner else 0)


def test_equal_typed_scores_are_a_draw(concours: Concours) -> None:
    director = concours(2)
    director.run("pair")
    director.run("result", "1", "800", "800")
    assert tables(director)[0]["winner"] is None
    assert standings(director)["Les As"]["draws"] == 1


# ---------------------------------------------------------------- 6. plausible scores


def test_impossible_scores_are_refused_and_unusual_ones_warned(concours: Concours) -> None:
    director = concours(6)  # 4 deals of standard: at most 4 × 4,168 = 16,672
    director.run("pair")
    assert director.refused("result", "1", "16673", "100") == (
        "error: 16673 is more than a match of this tournament can score (at most 16672)")
    director.run("result", "1", "900", "700")
    warned = director.run("result", "2", "1900", "600")
    assert warned.stderr == ("warning: table 2: 1900 is more than twice the round's highest "
                             "other score (900); check it\n")
    assert tables(director)[1]["scores"] == [1900, 600]  # accepted


# ---------------------------------------------------------------- 7, 8. corrections by name


def test_a_closed_round_is_corrected_with_replace(concours: Concours) -> None:
    director = concours(4)
    director.run("pair")
    director.run("result", "1", "900", "700")
    director.run("result", "2", "800", "600")
    paired = director.json("pair")
    director.refused("result", "1", "600", "900", "--round", "1")
    corrected = director.run("result", "1", "600", "900", "--round", "1", "--replace")
    assert corrected.stderr == ("warning: round 1 corrected: round 2 was paired on "
                                "the standings before this correction\n")
    assert tables(director, 1)[0]["winner"] == "Les Rois"
    assert director.json("show")["tables"] == paired["tables"]  # round 2 keeps its pairing
    assert standings(director)["Les Rois"]["wins"] == 1


def test_a_result_named_by_a_team_puts_its_score_first(concours: Concours) -> None:
    director = concours(4)
    director.run("pair")  # table 1: Les As – Les Rois
    director.run("result", "rois", "1320", "1840")
    assert tables(director)[0]["scores"] == [1840, 1320]


# ---------------------------------------------------------------- 9, 10, 11. the day's events


def test_a_team_that_left_can_return(concours: Concours) -> None:
    director = concours(4)
    director.run("pair")
    director.run("result", "1", "900", "700")
    director.run("result", "2", "800", "600")
    director.run("team", "drop", "Les Dames")
    assert "dropped" in director.run("standings").stdout
    assert "†" not in director.run("standings").stdout
    back = director.run("team", "return", "dames")
    assert back.stdout == "Les Dames is back: paired again from round 2\n"
    assert "Les Dames" in {team for t in director.json("pair")["tables"] for team in t["teams"]}
    director.refused("team", "return", "Les Dames")


def test_a_late_team_does_not_sit_out_its_first_round(concours: Concours) -> None:
    director = concours(4)
    director.run("pair")
    director.run("result", "1", "900", "700")
    director.run("result", "2", "800", "600")
    director.run("team", "add", "Les Tard-Venus")  # five teams: a bye in round 2
    second = director.json("pair")
    assert second["bye"] not in (None, "Les Tard-Venus")
    assert "Les Tard-Venus" in {team for t in second["tables"] for team in t["teams"]}


def test_round_one_keeps_teams_of_one_club_apart(concours: Concours, tmp_path: Path,
                                                 request: pytest.FixtureRequest) -> None:
    clubs = {"Les As": "Lyon", "Les Rois": "Lyon", "Les Dames": "Nice", "Les Valets": "Nice"}
    # in registration order the draw would pair the two Lyon teams, then the two Nice teams
    apart = concours(4, clubs=clubs)
    for table in apart.json("pair")["tables"]:
        assert clubs[table["teams"][0]] != clubs[table["teams"][1]], table
    # a second concours of the same name: in a second store on the same backend
    other: Path | str = tmp_path / "allow.db"
    if isinstance(apart.db, str):
        other = request.getfixturevalue("pg_server").new_database()
    together = concours(4, "--same-club", "allow", clubs=clubs, on=Cli(other))
    assert [t["teams"] for t in together.json("pair")["tables"]] == [
        ["Les As", "Les Rois"], ["Les Dames", "Les Valets"]]


# ---------------------------------------------------------------- 12. names that could be two


def test_a_side_that_could_be_either_team_is_refused(cli: Cli) -> None:
    cli.run("game", "new", "--team", "Bernard et Jacky", "--team", "Alain et Momo")
    refused = cli.refused("game", "add", "b", "80H", "100")
    assert refused == ("error: taker: “b” could be several sides: A (“Bernard et Jacky”), "
                       "B (“Alain et Momo”); type more of the name")
    cli.run("game", "new", "--team", "Les Tontons", "--team", "Dédé et Lulu")
    assert "could be several sides" in cli.refused("game", "add", "L", "80H", "100")
    assert cli.refused("game", "add", "tontos", "80H", "100") == (
        "error: taker: “tontos” is not a side here; did you mean “Les Tontons”?")
    assert cli.json("game", "add", "lulu", "80H", "100")["scores"]["B"] == 180


# ---------------------------------------------------------------- 15, 16. files in and out


def test_a_tournament_exports_csv_with_a_separator_and_words(
        cli: Cli, concours: Concours,
                                                              tmp_path: Path) -> None:
    director = concours(2)
    director.run("pair")
    director.run("result", "1", "900", "700")
    director.run("export", "--csv", str(tmp_path), "--sep", ";")
    with (tmp_path / "teams.csv").open(encoding="utf-8-sig") as handle:
        header = handle.readline()
    assert header.count(";") >= 3 and "," not in header
    director.refused("export", "--csv", str(tmp_path), "--sep", "")
    cli.run("game", "new")
    cli.run("game", "add", "A", "80S", "100")
    cli.run("game", "export", "--csv", str(tmp_path / "partie.csv"))
    with (tmp_path / "partie.csv").open(encoding="utf-8-sig") as handle:
        row = dict(zip(*list(csv.reader(handle)), strict=True))
    assert (row["passed"], row["made"]) == ("no", "yes")


def test_teams_import_from_ods_and_every_bad_row_on_its_own_line(
        concours: Concours,
                                                                 tmp_path: Path) -> None:
    import pandas as pd

    director = concours(0)
    ods = tmp_path / "equipes.ods"
    pd.DataFrame({"Équipe": ["Les Sept", "Les Atouts"], "Club": ["Lyon", "Nice"]}).to_excel(
        ods, index=False, engine="odf")
    assert director.run("team", "import", str(ods)).stdout.startswith("registered 2 teams")
    bad = tmp_path / "bad.csv"
    bad.write_text("équipe;joueurs\n" + "".join(f";A{n}, B{n}, C{n}\n" for n in range(25)),
                   encoding="utf-8")
    rows = director.refused_rows("team", "import", str(bad))
    assert len(rows) == 1 + 20 + 1 and rows[-1] == "… and 5 more"
    assert all(row.startswith("bad.csv: row ") for row in rows[1:21])


# ---------------------------------------------------------------- 17. words for players


def test_rules_show_speaks_the_players_words(cli: Cli) -> None:
    shown = Cli(process=True).run("rules", "show", "standard").stdout
    for internal in ("seed", ".txt", "all_announces", "capot_bonus", "carre-"):
        assert internal not in shown, internal
    assert "every announce of the deal" in shown and "carré de valets 200" in shown
    helps = [Cli(process=True).run(*words, "--help").stdout for words in
             (("score",), ("game", "add"), ("tournament", "result"), ("tournament", "export"))]
    assert not any(".md" in text for text in helps)
