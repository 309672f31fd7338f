"""The traps of a concours day (issue 18), through the command line as a director meets them:
a correction meant for the round before, a penalty that turns a partie, a forfeit, and where
each result came from.  The commands run in this process (:func:`tests.harness.in_process`,
about 10 ms each, on PostgreSQL too under ``--backends=both``): none of these checks is about
the process itself.  That the installed command refuses as the in-process one does (exit 2,
one ``error:`` line) is ``tests/test_harness.py``'s, and that a real process speaks the
language of its environment, ``tests/test_i18n.py``'s.

Standard rules, 4 deals a partie; the numbers are the test's own (a partie's score is what
the desk typed), checked against the README's rules:

- a correction goes to the round it names, or nowhere (``--replace`` on a table without a
  result is refused, naming the round it was meant for);
- a penalty given to the opponents counts in the partie's score: the result follows the
  scores after penalties (``--penalty-outside``: in the points only);
- every result is kept with how it was entered (typed, imported, phone, deal by deal), and
  every result a correction replaced: ``tournament show --history``, the workbook's History.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from tests.conftest import Concours
from tests.harness import Cli

pytestmark = pytest.mark.both_stores


def _by_team(director: Cli) -> dict[str, dict[str, Any]]:
    return {row["team"]: row for row in director.json("standings")}


def test_a_correction_goes_to_the_round_it_names_or_nowhere(concours: Concours) -> None:
    director = concours(4)  # table 1: Les As – Les Rois, 2: Dames – Valets
    director.run("pair")
    director.run("result", "1", "1500", "1400")
    director.run("result", "2", "900", "800")
    director.run("pair")  # round 2: table 1 has no result yet
    # meant for round 1, typed after round 2 was paired: refused, nothing written
    line = director.refused("result", "1", "1400", "1500", "--replace")
    assert line == ("error: table 1 of round 2 has no result to correct; for round 1: "
                    "--round 1")
    assert director.json("show")["tables"][0]["scores"] is None
    # named by a team: the team's own table of round 1
    assert director.refused("result", "Les Dames", "800", "900", "--replace").endswith(
        "for round 1: --round 1")
    corrected = director.run("result", "1", "1400", "1500", "--replace", "--round", "1")
    assert corrected.stdout.splitlines()[0] == "table 1: 1500–1400 → 1400–1500"
    assert director.json("show", "--round", "1")["tables"][0]["winner"] == "Les Rois"
    # a correction of the current round's table without a result is refused too
    assert director.refused("result", "2", "10", "20", "--replace") == (
        "error: table 2 of round 2 has no result to correct; for round 1: --round 1")


def test_a_penalty_given_to_the_opponents_turns_the_partie(concours: Concours) -> None:
    director = concours(2)
    director.run("pair")
    director.run("result", "1", "1500", "1400")  # Les As win 1500–1400...
    director.run("penalty", "Les As", "162", "--reason", "renonce")
    # ... then give 162 to Les Rois for a renonce: 1500 against 1400 + 162 = 1562
    shown = director.json("show")
    assert shown["tables"][0]["winner"] == "Les Rois"
    rows = _by_team(director)
    # match points 3 for a win, 1 for a loss (the default scale); the points are the scores
    # plus the penalty, the difference as before
    assert (rows["Les Rois"]["wins"], rows["Les Rois"]["match_points"]) == (1, 3)
    assert (rows["Les As"]["losses"], rows["Les As"]["match_points"]) == (1, 1)
    assert rows["Les Rois"]["points_for"] == 1400 + 162
    assert rows["Les As"]["difference"] == 1500 - 1400 - 162
    said = director.run("show").stdout
    assert ("a penalty given to the opponents counts in the partie's score: the result "
            "follows the scores after penalties") in said


def test_penalty_outside_keeps_the_result_entered(concours: Concours) -> None:
    director = concours(2, "--penalty-outside")
    director.run("pair")
    director.run("result", "1", "1500", "1400")
    director.run("penalty", "Les As", "162", "--reason", "renonce")
    assert director.json("show")["tables"][0]["winner"] == "Les As"
    rows = _by_team(director)
    assert (rows["Les As"]["wins"], rows["Les Rois"]["losses"]) == (1, 1)
    assert rows["Les Rois"]["points_for"] == 1400 + 162  # the points count all the same
    assert "penalties count in the points only" in director.run("show").stdout


def test_every_result_says_how_it_was_entered_and_what_it_replaced(
        concours: Concours, tmp_path: Path) -> None:
    director = concours(4)
    director.run("pair")
    sheet = tmp_path / "ronde1.csv"
    sheet.write_text("table;score 1;score 2\n1;1500;1400\n", encoding="utf-8")
    director.run("result", "--import", str(sheet))
    director.run("result", "1", "1400", "1500", "--replace")
    director.run("result", "2", "--forfeit", "Les Valets")
    history = director.json("show", "--history")["history"]
    assert [(h["table"], h["scores"], h["forfeit"], h["source"], h["replaced"] is None)
            for h in history] == [
        (1, [1500, 1400], None, "file", False),  # imported, then replaced by...
        (1, [1400, 1500], None, "desk", True),  # ... the desk's correction
        (2, None, "Les Valets", "desk", True)]
    lines = director.run("show", "--history").stdout.splitlines()
    at = lines.index("history of round 1:")
    assert lines[at + 1].startswith("  table 1: 1500–1400, imported on ")
    assert ", replaced on " in lines[at + 1]
    assert lines[at + 2].startswith("  table 1: 1400–1500, typed on ")
    assert lines[at + 3].startswith("  table 2: forfeit by Les Valets, typed on ")
    director.run("export", str(tmp_path / "c.xlsx"), "--csv", str(tmp_path / "csv"))
    book = load_workbook(tmp_path / "c.xlsx")
    rows = [[cell.value for cell in row] for row in book["History"].iter_rows()]
    assert rows[0] == ["round", "table", "team 1", "team 2", "score 1", "score 2", "forfeit",
                       "scored", "entered on", "replaced on"]
    assert [row[:8] for row in rows[1:]] == [
        [1, 1, "Les As", "Les Rois", 1500, 1400, None, "imported"],
        [1, 1, "Les As", "Les Rois", 1400, 1500, None, "typed"],
        [1, 2, "Les Dames", "Les Valets", None, None, "Les Valets", "typed"]]
    assert rows[1][9] and not rows[2][9]  # the first was replaced, the second is in force
    # each round's entry column says what really happened
    with (tmp_path / "csv" / "round-1.csv").open(encoding="utf-8-sig") as handle:
        entry = [row["scored"] for row in csv.DictReader(handle)]
    assert entry == ["typed", "typed"]


def test_a_french_concours_speaks_of_parties_and_tirage(cli: Cli, concours: Concours,
                                                        tmp_path: Path) -> None:
    """Points 12 and 14: the workbook's sheets and the CSV files in French, the draw a
    « tirage », a team's name quoted rather than agreeing with a verb."""
    cli.env["COINCHE_LANG"] = "fr"
    director = concours(3)
    refused = director.run("show", code=2).stderr
    assert refused == "erreur\N{NO-BREAK SPACE}: aucune ronde n'a encore été tirée\n"
    director.run("pair")
    director.run("result", "1", "1500", "1400")
    assert director.run("team", "drop", "Les As").stdout.splitlines() == [
        "équipe «\N{NO-BREAK SPACE}Les As\N{NO-BREAK SPACE}» retirée\N{NO-BREAK SPACE}: "
        "plus au tirage à partir de la ronde 2"]
    director.run("export", str(tmp_path / "c.xlsx"), "--csv", str(tmp_path / "csv"))
    assert load_workbook(tmp_path / "c.xlsx").sheetnames == [
        "Classement", "Équipes", "Ronde 1 (1re partie)", "Pénalités", "Historique"]
    assert sorted(path.name for path in (tmp_path / "csv").iterdir()) == [
        "classement.csv", "equipes.csv", "historique.csv", "penalites.csv", "ronde-1.csv"]
    director.run("pair")
    director.run("export", str(tmp_path / "c.xlsx"))
    assert load_workbook(tmp_path / "c.xlsx").sheetnames[3] == "Ronde 2 (2e partie)"


def test_a_french_table_is_read_and_answered_in_french(cli: Cli) -> None:
    """Points 10, 11, 13 and 15: natural French read, each announce with its own value, a
    word not understood quoted with a hint, every line of ``game add`` within 80 columns, and
    ``rules show`` saying the best-announce rule.
    Standard rules (variants.md): 100♠ contré made with 104, a belote, a tierce and a
    cinquante: (104 + 20 + 20 + 50 + 100) × 2 = 588; the defence's 162 − 104 = 58."""
    cli.env["COINCHE_LANG"] = "fr"
    game = cli.under("game")
    game.run("new", "--team", "Les Tontons de la Belote", "--team", "Les Coinchés du Jeudi")
    added = game.run("add", "Les Tontons", "100", "à", "pique", "contrée", "104",
                     "--belote", "A", "--announce", "A:tierce,cinquante").stdout
    assert "+ 20 belote + 20 tierce + 50\n    cinquante + 100 contrat) × 2 = 588" in added
    assert "Les Coinchés du Jeudi\N{NO-BREAK SPACE}: 58 points de cartes = 58" in added
    passed = game.run("add", "passe").stdout
    assert passed.startswith("donne 2\N{NO-BREAK SPACE}: tout le monde a passé")
    for output in (added, passed):
        assert max(len(line) for line in output.splitlines()) <= 80, output
    refused = game.run("add", "A", "100S", "104", "belote", code=2).stderr
    assert refused == ("erreur\N{NO-BREAK SPACE}: belote\N{NO-BREAK SPACE}: mot inattendu "
                       "«\N{NO-BREAK SPACE}belote\N{NO-BREAK SPACE}»\N{NO-BREAK SPACE}: une "
                       "belote se donne avec --belote CAMP\n")
    deals = game.json("show", "--json")["deals"]  # the refused deal was not written
    assert [(d["passed"], d["deal"] and (d["deal"]["contract"], d["deal"]["trump"],
                                         d["deal"]["coinche"])) for d in deals] == [
        (False, (100, "S", 1)), (True, None)]
    rules = cli.run("rules", "show", "standard").stdout
    assert ("seul le camp qui a la meilleure annonce marque ses annonces (toutes)"
            in rules)
