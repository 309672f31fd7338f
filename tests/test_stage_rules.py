"""The rules of poules and stages a director can check by hand (issue 34), in this process:
the sizes of the poules and their serpentine (``coinche_cli/tournament/groups.py``, rules 1-3),
and the points of the stage code that were wrong once — each test names the case that
failed:

- a concours in poules took a stage before its poules were drawn as a Swiss one;
- a knock-out's byes beyond the first of a partie were lost in its own standings;
- ``--carry points`` counted the later stage's own parties twice;
- a sibling cut after the source's order changed took a team already in the other stage;
- a knock-out correction after the next round was paired (the reseat).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coinche_cli.errors import TournamentError
from coinche_cli.tournament.groups import group_sizes, letter, parties_for, schedule, serpentine
from tests.harness import Cli

# ---------------------------------------------------------------- poules


@pytest.mark.parametrize(("count", "size", "sizes"), [
    (16, 4, [4, 4, 4, 4]),
    (13, 4, [4, 3, 3, 3]),  # not [5, 4, 4]: a poule of 5 plays 5 parties, of 3 or 4 three
    (14, 4, [4, 4, 3, 3]),
    (15, 4, [4, 4, 4, 3]),
    (17, 4, [4, 4, 3, 3, 3]),
    (7, 4, [4, 3]),
    (5, 4, [5]),  # [3, 2] is more than one from 4: one poule of 5
    (6, 4, [3, 3]),
    (3, 4, [3]),
    (2, 4, [2]),  # too few for a poule of about 4: all in one
    (10, 3, [4, 3, 3]),  # not [3, 3, 2, 2]: fewer poules not of 3
    (12, 5, [4, 4, 4]),  # [6, 6] plays 5 parties, [4, 4, 4] three
    (20, 5, [5, 5, 5, 5]),
    (9, 2, [3, 2, 2, 2]),
])
def test_poule_sizes(count: int, size: int, sizes: list[int]) -> None:
    assert group_sizes(count, size) == sizes
    assert sum(sizes) == count and sizes == sorted(sizes, reverse=True)  # A never smaller


def test_poule_sizes_refuse_what_makes_no_poule() -> None:
    with pytest.raises(TournamentError, match="--group-size is at least 2"):
        group_sizes(8, 1)
    with pytest.raises(TournamentError, match="at least 2 are needed"):
        group_sizes(1, 4)


def test_the_serpentine_of_sixteen_in_four() -> None:
    # seeds 1-4 head A-D, 5-8 go back D-A, 9-12 A-D, 13-16 D-A
    assert serpentine(range(1, 17), [4, 4, 4, 4]) == [[1, 8, 9, 16], [2, 7, 10, 15],
                                                      [3, 6, 11, 14], [4, 5, 12, 13]]


def test_the_serpentine_skips_a_full_poule() -> None:
    # 13 in [4, 3, 3, 3]: the fourth pass back finds D, C and B full: seed 13 goes to A
    assert serpentine(range(1, 14), [4, 3, 3, 3]) == [[1, 8, 9, 13], [2, 7, 10], [3, 6, 11],
                                                      [4, 5, 12]]
    # 14 in [4, 4, 3, 3]: D and C full on the last pass back: 13 to B, 14 to A
    assert serpentine(range(1, 15), [4, 4, 3, 3]) == [[1, 8, 9, 14], [2, 7, 10, 13],
                                                      [3, 6, 11], [4, 5, 12]]


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_a_poule_meets_once_each_the_best_seeds_last(size: int) -> None:
    group = list(range(1, size + 1))
    parties = schedule(group)
    assert len(parties) == parties_for(size)
    met = [frozenset(table) for tables, _bye in parties for table in tables]
    assert sorted(met, key=sorted) == sorted(
        (frozenset((a, b)) for a in group for b in group if a < b), key=sorted)
    for tables, bye in parties:  # each team once a partie, at a table or on the bye
        seated = [team for table in tables for team in table] + ([bye] if bye else [])
        assert sorted(seated) == group
    byes = [bye for _tables, bye in parties if bye is not None]
    assert sorted(byes) == (group if size % 2 else [])  # an odd poule: one bye each
    assert (1, 2) in parties[-1][0]


def test_poule_letters() -> None:
    assert [letter(i) for i in (0, 1, 25, 26, 27, 51, 52)] == ["A", "B", "Z", "AA", "AB",
                                                               "AZ", "BA"]


# ---------------------------------------------------------------- the stage code's cases

def _results(t: Cli, path: Path, scores: dict[int, tuple[int, int]]) -> None:
    path.write_text("table;score 1;score 2\n" + "".join(
        f"{table};{a};{b}\n" for table, (a, b) in sorted(scores.items())), encoding="utf-8")
    t.run("result", "--import", str(path))


def _concours(cli: Cli, tmp_path: Path, count: int, *options: str) -> Cli:
    t = cli.under("tournament")
    t.run("new", "Concours", "--rounds", "1", "--target", "1000", "--registration-order",
          *options)
    sheet = tmp_path / "equipes.csv"
    sheet.write_text("équipe\n" + "\n".join(f"Équipe {n}" for n in range(1, count + 1)) + "\n",
                     encoding="utf-8")
    t.run("team", "import", str(sheet))
    return t


def test_a_concours_in_poules_takes_stages_before_its_poules_are_drawn(cli: Cli,
                                                                       tmp_path: Path) -> None:
    # failed: the first stage read as Swiss « Qualifications » until the first pair, so
    # --group-ranks was refused ("Qualifications is not played in poules")
    t = _concours(cli, tmp_path, 8, "--format", "groups", "--group-size", "4")
    first = t.json("stage", "list")[0]
    assert (first["name"], first["kind"], first["rounds"]) == ("Poules", "groups", 3)
    t.run("stage", "add", "Principal", "--group-ranks", "1-2", "--knockout")
    assert [s["name"] for s in t.json("stage", "list")] == ["Poules", "Principal"]
    paired = t.json("pair")  # the draw keeps the stage taking from it
    assert {table["stage"] for table in paired["tables"]} == {"Poules"}
    assert t.json("stage", "show", "Principal")["from"] == "Poules"


def test_every_best_seed_of_a_knock_out_of_five_has_its_bye_in_the_stages_standings(
        cli: Cli, tmp_path: Path) -> None:
    # failed: the stage's own concours kept one bye a partie: seeds 1 and 3 had none
    t = _concours(cli, tmp_path, 5, "--bye-points", "100")
    t.run("stage", "add", "Tableau", "--ranks", "1-5", "--knockout")
    paired = t.json("pair")
    _results(t, tmp_path / "q.csv", {table["table"]: (500 + 10 * table["table"], 400)
                                     for table in paired["tables"]})
    t.run("stage", "start", "Tableau")
    seeds = t.json("stage", "show", "Tableau")["teams"]
    first = t.json("pair")
    assert [table["teams"] for table in first["tables"]] == [[seeds[3], seeds[4]]]
    _results(t, tmp_path / "r.csv", {1: (1050, 600)})
    lines = {row["team"]: row for row in t.json("standings", "--stage", "Tableau")}
    for seed in seeds[:3]:  # a bye: a partie, a win, the bye's points
        assert (lines[seed]["played"], lines[seed]["wins"], lines[seed]["points_for"]) == (
            1, 1, 100), seed


def test_carried_points_are_the_source_stages_only(cli: Cli, tmp_path: Path) -> None:
    # failed: the points carried were read over every partie of the concours, the later
    # stage's own among them, so they counted twice
    t = _concours(cli, tmp_path, 4)
    t.run("stage", "add", "Finale", "--ranks", "1-4", "--swiss", "--rounds", "1", "--carry",
          "points")
    t.run("pair")
    _results(t, tmp_path / "q.csv", {1: (700, 500), 2: (650, 300)})
    before = {row["team"]: row["points_for"] for row in t.json("standings")}
    t.run("stage", "start", "Finale")
    paired = t.json("pair")
    _results(t, tmp_path / "f.csv", {1: (900, 100), 2: (800, 200)})
    own = {team: score for table, (a, b) in zip(paired["tables"], [(900, 100), (800, 200)],
                                                strict=True)
           for team, score in zip(table["teams"], (a, b), strict=True)}
    lines = {row["team"]: row["points_for"] for row in t.json("standings", "--stage", "Finale")}
    assert lines == {team: before[team] + own[team] for team in before}


def test_a_sibling_is_not_cut_into_a_team_already_taken(cli: Cli, tmp_path: Path) -> None:
    # failed: a Swiss result corrected after « A » started moved a team across the cut, and
    # « B » took it too (a team in two stages, another in none)
    t = _concours(cli, tmp_path, 8)
    t.run("stage", "add", "A", "--ranks", "1-4", "--knockout")
    t.run("stage", "add", "B", "--ranks", "5-8", "--knockout")
    t.run("pair")
    _results(t, tmp_path / "q.csv", {1: (1000, 400), 2: (990, 410), 3: (980, 420),
                                     4: (970, 430)})
    t.run("stage", "start", "A")
    assert t.json("stage", "show", "A")["teams"][3] == "Équipe 7"
    t.run("result", "4", "300", "990", "--replace")  # Équipe 7 now 8th, Équipe 8 3rd
    line = t.refused("stage", "start", "B")
    assert line == ("error: NAME: Équipe 7 already plays in A: the order of Qualifications "
                    "has changed since A started (a corrected result, or --order)"), line


def test_a_quarter_final_corrected_after_the_next_round_is_paired(cli: Cli,
                                                                  tmp_path: Path) -> None:
    t = _concours(cli, tmp_path, 8)
    t.run("stage", "add", "A", "--ranks", "1-8", "--knockout", "--places")
    t.run("pair")
    _results(t, tmp_path / "q.csv", {1: (1000, 400), 2: (990, 410), 3: (980, 420),
                                     4: (970, 430)})
    t.run("stage", "start", "A")
    seeds = dict(enumerate(t.json("stage", "show", "A")["teams"], start=1))
    quarters = t.json("pair")
    _results(t, tmp_path / "qf.csv", {table["table"]: (1050, 600)
                                      for table in quarters["tables"]})
    semis = t.json("pair")
    assert [table["teams"] for table in semis["tables"]] == [
        [seeds[1], seeds[4]], [seeds[2], seeds[3]], [seeds[8], seeds[5]],
        [seeds[7], seeds[6]]]
    # QF1 (1 – 8) corrected while SF1 and P5-8.1 wait: 8 now sits in SF1, 1 in P5-8.1
    t.run("result", "1", "600", "1050", "--round", "2", "--replace")
    now = [table["teams"] for table in t.json("show")["tables"]]
    assert now == [[seeds[8], seeds[4]], [seeds[2], seeds[3]], [seeds[1], seeds[5]],
                   [seeds[7], seeds[6]]]
    # once SF1 is played, correcting QF1 back is refused until SF1 is taken back
    t.run("result", "1", "1050", "600")
    assert "take that result back first" in t.refused("result", "1", "1050", "600",
                                                      "--round", "2", "--replace")
    t.run("result", "1", "--clear")
    t.run("result", "1", "1050", "600", "--round", "2", "--replace")
    assert t.json("show")["tables"][0]["teams"] == [seeds[1], seeds[4]]


def test_a_started_stage_keeps_its_places_when_its_source_is_corrected(
        cli: Cli, tmp_path: Path) -> None:
    # failed: a Swiss result corrected after « A » started put a team of no later stage
    # first in the final ranking (A's teams took the places their source ranks held now)
    t = _concours(cli, tmp_path, 8)
    t.run("stage", "add", "A", "--ranks", "1-4", "--knockout")
    t.run("pair")
    _results(t, tmp_path / "q.csv", {1: (1000, 400), 2: (990, 410), 3: (980, 420),
                                     4: (970, 430)})
    t.run("stage", "start", "A")
    a_teams = set(t.json("stage", "show", "A")["teams"])
    t.run("result", "4", "100", "1500", "--replace")  # Équipe 8 now first of the Swiss parties
    final = t.json("standings")
    assert {row["team"] for row in final[:4]} == a_teams
    assert [row["stage"] for row in final] == ["A"] * 4 + ["Qualifications"] * 4
    assert final[4]["team"] == "Équipe 8"  # the best of the rest, in its stage's order
