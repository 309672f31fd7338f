"""Issue 34, "Done when": the finals of a concours — stages — through the command line (in
this process: what is checked is the places, not the process; the installed command is
tested elsewhere), each final place compared with the places worked out here by hand.

The three days of the issue:

1. 16 teams, 3 Swiss parties, then « Tableau A » (places 1-8, a knock-out with a third-place
   match, games to 3001) and the « Consolante » (places 9-16, a knock-out) played at the same
   time, with a quarter-final corrected before the semi-finals are paired;
2. the ASCEE day: 16 teams in 4 poules of 4 (serpentine by registration order), 3 parties,
   then a principal (the two first of every poule) and a consolante (the two last), both
   knock-outs with every place played, so every team plays 3 parties of the second stage;
3. 13 teams (a bye in every Swiss partie), then a knock-out of 8 and one of 5 (byes to its
   three best seeds).

How the results are made so that a person can work the places out: in a Swiss or poule
partie every team scores its own fixed number of points whoever it meets (``FORM``), so the
ranking by total points is the order of those numbers, whatever the pairing; in a knock-out
the test says who wins each match (the bracket written out below, seed by seed), and the
winner scores the match's target plus 50.  The bracket rules checked (issue 34): 1 against
the last in the standard order (for 8: 1-8, 4-5, 2-7, 3-6), byes to the best seeds, the
losers of a round nobody plays on placed among themselves by seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tests.harness import Cli

TEAMS = ["Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf", "Les Huit",
         "Les Sept", "Les Belotes", "Les Capots", "Les Coincheurs", "Les Atouts",
         "Les Pique-Niques", "Les Cœurs", "Les Trèfles", "Les Carreaux"]
#: What each team scores in every Swiss or poule partie, whoever it meets: all different, and
#: not in registration order (the ranking must come from the results, not the register).
FORM = dict(zip(TEAMS, [610, 890, 450, 720, 940, 530, 660, 810, 480, 770, 590, 860, 420, 700,
                        630, 910], strict=True))


def by_form(teams: Sequence[str]) -> list[str]:
    """The teams ranked by total points when each scores its FORM every partie."""
    return sorted(teams, key=lambda team: -FORM[team])


def register(cli: Cli, tmp_path: Path, name: str, teams: Sequence[str], *options: str) -> Cli:
    """A new concours with ``teams`` registered from a file (one command for all)."""
    t = cli.under("tournament")
    t.run("new", name, "--registration-order", *options)
    sheet = tmp_path / "equipes.csv"
    sheet.write_text("équipe\n" + "\n".join(teams) + "\n", encoding="utf-8")
    t.run("team", "import", str(sheet))
    return t


def import_round(t: Cli, path: Path, scores: Mapping[int, tuple[int, int]]) -> None:
    """A whole round's results in one file, one command."""
    path.write_text("table;score 1;score 2\n" + "".join(
        f"{table};{a};{b}\n" for table, (a, b) in sorted(scores.items())), encoding="utf-8")
    t.run("result", "--import", str(path))


def play_form_round(t: Cli, path: Path) -> dict[str, Any]:
    """Pair the next partie and score it by FORM; its pairing."""
    paired = t.json("pair")
    import_round(t, path, {table["table"]: (FORM[table["teams"][0]], FORM[table["teams"][1]])
                           for table in paired["tables"]})
    return paired


def pairs_of(paired: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A round's tables as (team, team), by table number."""
    return [(table["teams"][0], table["teams"][1])
            for table in sorted(paired["tables"], key=lambda table: table["table"])]


def ko_scores(pairs: Sequence[tuple[str, str]], winners: set[str], targets: Sequence[int]
              ) -> dict[int, tuple[int, int]]:
    """A knock-out round's results: at table n (from 1) the team in ``winners`` scores the
    table's target plus 50, the other a third less than the target."""
    scores: dict[int, tuple[int, int]] = {}
    for table, ((one, two), target) in enumerate(zip(pairs, targets, strict=True), start=1):
        assert (one in winners) != (two in winners), (one, two)
        win, lose = target + 50, target * 2 // 3
        scores[table] = (win, lose) if one in winners else (lose, win)
    return scores


def final_places(cli: Cli) -> list[tuple[int, str, str, str]]:
    """``standings --json`` as (rank, team, stage, place_by)."""
    return [(row["rank"], row["team"], row["stage"], row["place_by"])
            for row in cli.json("tournament", "standings")]


def match_rows(bracket: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    """``bracket --json`` flattened: (round, label, match, table, teams, seeds, winner, bye,
    winner_to, loser_to), scores left out."""
    return [(column["round"], column["label"], m["match"], m["table"], tuple(m["teams"]),
             tuple(m["seeds"]), m["winner"], m["bye"], m["winner_to"], m["loser_to"])
            for column in bracket["rounds"] for m in column["matches"]]


def test_day_one_swiss_then_tableau_a_and_the_consolante(cli: Cli,
                                                         tmp_path: Path) -> None:
    t = register(cli, tmp_path, "Concours de Casson", TEAMS, "--rounds", "3",
                 "--target", "1000")
    t.run("stage", "add", "Tableau A", "--ranks", "1-8", "--knockout", "--third-place",
          "--target", "3001")
    t.run("stage", "add", "Consolante", "--ranks", "9-16", "--knockout")
    for partie in (1, 2, 3):
        play_form_round(t, tmp_path / f"partie-{partie}.csv")

    # by hand: the Swiss ranking is the FORM order; Tableau A takes its 8 first, the
    # Consolante the 8 others, each seeded by the place it came with
    ranked = by_form(TEAMS)
    a = dict(enumerate(ranked[:8], start=1))  # seed -> team
    c = dict(enumerate(ranked[8:], start=1))
    assert [a[s] for s in range(1, 9)] == ["Les Dix", "Les Carreaux", "Les Rois", "Les Atouts",
                                           "Les Sept", "Les Capots", "Les Valets", "Les Cœurs"]
    t.run("stage", "start", "Tableau A")
    t.run("stage", "start", "Consolante")

    # partie 4: the quarter-finals, 1-8, 4-5, 2-7, 3-6; Tableau A on tables 1-4, the
    # Consolante on 5-8
    quarters = t.json("pair")
    assert quarters["round"] == 4
    order = [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert pairs_of(quarters) == [(a[x], a[y]) for x, y in order] + [(c[x], c[y])
                                                                    for x, y in order]
    shown = t.json("show")
    assert [table["stage"] for table in shown["tables"]] == ["Tableau A"] * 4 + [
        "Consolante"] * 4
    # who wins, by hand: Tableau A: 1, 5 (over 4), 2, and 3 over 6 as first typed — a slip:
    # table 4 is corrected below so that 6 goes through; the Consolante: 8 (over 1), 4, 2, 3
    typed = {a[1], a[5], a[2], a[3], c[8], c[4], c[2], c[3]}
    import_round(t, tmp_path / "quarts.csv",
                 ko_scores(pairs_of(quarters), typed, [3001] * 4 + [1000] * 4))
    before = t.json("bracket", "Tableau A")
    sf2 = next(m for column in before["rounds"] for m in column["matches"] if m["match"] == "SF2")
    assert sf2["teams"] == [a[2], a[3]] and sf2["table"] is None
    # the correction, before the semi-finals are paired: table 4 (a[3] – a[6]) was 2000–3051
    t.run("result", "4", "2000", "3051", "--replace")

    semis = t.json("pair")
    assert semis["round"] == 5
    # the semi-finals seat the corrected winner: SF1 1 – 5, SF2 2 – 6; the Consolante 8 – 4,
    # 2 – 3
    assert pairs_of(semis) == [(a[1], a[5]), (a[2], a[6]), (c[8], c[4]), (c[2], c[3])]
    # who wins: Tableau A 5 (over 1), 2; the Consolante 4, 3
    import_round(t, tmp_path / "demies.csv",
                 ko_scores(pairs_of(semis), {a[5], a[2], c[4], c[3]}, [3001] * 2 + [1000] * 2))

    finals = t.json("pair")
    assert finals["round"] == 6
    # Tableau A: the final 5 – 2 and the petite finale 1 – 6; the Consolante's final 4 – 3
    assert pairs_of(finals) == [(a[5], a[2]), (a[1], a[6]), (c[4], c[3])]
    # who wins: 2 the final, 1 the third place; the Consolante 4
    import_round(t, tmp_path / "finales.csv",
                 ko_scores(pairs_of(finals), {a[2], a[1], c[4]}, [3001, 3001, 1000]))

    # the final ranking, by hand: Tableau A: 1 the final's winner, 2 its loser, 3-4 by the
    # third-place match, 5-8 the quarter-final losers by seed (3, 4, 7, 8); the Consolante:
    # 9 and 10 by its final, 11-12 the semi-final losers by seed (2, 8), 13-16 the
    # quarter-final losers by seed (1, 5, 6, 7)
    tab, con = "Tableau A", "Consolante"
    assert final_places(cli) == [
        (1, a[2], tab, "final"), (2, a[5], tab, "final"),
        (3, a[1], tab, "third place"), (4, a[6], tab, "third place"),
        (5, a[3], tab, "seed"), (6, a[4], tab, "seed"), (7, a[7], tab, "seed"),
        (8, a[8], tab, "seed"),
        (9, c[4], con, "final"), (10, c[3], con, "final"),
        (11, c[2], con, "seed"), (12, c[8], con, "seed"),
        (13, c[1], con, "seed"), (14, c[5], con, "seed"), (15, c[6], con, "seed"),
        (16, c[7], con, "seed")]

    bracket = t.json("bracket", "Tableau A")
    assert bracket["stage"] == "Tableau A"
    assert match_rows(bracket) == [
        (4, "quarter-final", "QF1", 1, (a[1], a[8]), (1, 8), a[1], False, "SF1", None),
        (4, "quarter-final", "QF2", 2, (a[4], a[5]), (4, 5), a[5], False, "SF1", None),
        (4, "quarter-final", "QF3", 3, (a[2], a[7]), (2, 7), a[2], False, "SF2", None),
        (4, "quarter-final", "QF4", 4, (a[3], a[6]), (3, 6), a[6], False, "SF2", None),
        (5, "semi-final", "SF1", 1, (a[1], a[5]), (1, 5), a[5], False, "F", "3P"),
        (5, "semi-final", "SF2", 2, (a[2], a[6]), (2, 6), a[2], False, "F", "3P"),
        (6, "final", "F", 1, (a[5], a[2]), (5, 2), a[2], False, None, None),
        (6, "third place", "3P", 2, (a[1], a[6]), (1, 6), a[1], False, None, None)]
    scores = {m["match"]: m["scores"] for column in bracket["rounds"]
              for m in column["matches"]}
    assert scores["QF4"] == [2000, 3051]  # the corrected result, in the match's seed order
    assert scores["F"] == [2000, 3051] and scores["QF1"] == [3051, 2000]
    consolante = t.json("bracket", "Consolante")
    assert [row[2:5] for row in match_rows(consolante)] == [
        ("QF1", 5, (c[1], c[8])), ("QF2", 6, (c[4], c[5])), ("QF3", 7, (c[2], c[7])),
        ("QF4", 8, (c[3], c[6])), ("SF1", 3, (c[8], c[4])), ("SF2", 4, (c[2], c[3])),
        ("F", 3, (c[4], c[3]))]
    assert [row[8:] for row in match_rows(consolante)][:4] == [("SF1", None)] * 2 + [
        ("SF2", None)] * 2  # no third-place match: a semi-final's loser plays no more
    stages = {stage["name"]: stage["state"] for stage in t.json("stage", "list")}
    assert stages == {"Qualifications": "complete", "Tableau A": "complete",
                      "Consolante": "complete"}


def test_day_two_the_ascee_poules_then_a_principal_and_a_consolante(cli: Cli,
                                                                    tmp_path: Path) -> None:
    t = register(cli, tmp_path, "Contrée de l'ASCEE", TEAMS, "--format", "groups",
                 "--group-size", "4", "--target", "1000")
    t.run("stage", "add", "Principal", "--group-ranks", "1-2", "--knockout", "--places")
    t.run("stage", "add", "Consolante", "--group-ranks", "3-4", "--knockout", "--places")
    first_stage = [play_form_round(t, tmp_path / f"poule-{partie}.csv") for partie in (1, 2, 3)]

    # by hand, the serpentine by registration order (1-based): 1 2 3 4 head poules A B C D,
    # 5 6 7 8 go back D C B A, 9 10 11 12 A B C D, 13 14 15 16 D C B A
    poules = {"A": [1, 8, 9, 16], "B": [2, 7, 10, 15], "C": [3, 6, 11, 14],
              "D": [4, 5, 12, 13]}
    members = {name: [TEAMS[n - 1] for n in numbers] for name, numbers in poules.items()}
    met = {frozenset(pair) for paired in first_stage for pair in pairs_of(paired)}
    # every team met every other of its poule once, and nobody else: 4 poules x 6 tables
    assert met == {frozenset((x, y)) for teams in members.values() for x in teams
                   for y in teams if x < y}
    assert sum(len(paired["tables"]) for paired in first_stage) == 24
    assert {table["stage"] for paired in first_stage for table in paired["tables"]} == {
        "Poules"}
    shown = {group["group"]: group["teams"]
             for group in t.json("stage", "show", "Poules")["groups"]}
    assert {name: set(teams) for name, teams in shown.items()} == {
        name: set(teams) for name, teams in members.items()}

    # each poule ranked by points (FORM): the firsts, then the seconds, each by points
    ranked = {name: by_form(teams) for name, teams in members.items()}
    assert ranked == {"A": ["Les Carreaux", "Les Sept", "Les As", "Les Belotes"],
                      "B": ["Les Rois", "Les Capots", "Les Huit", "Les Trèfles"],
                      "C": ["Les Cœurs", "Les Coincheurs", "Les Neuf", "Les Dames"],
                      "D": ["Les Dix", "Les Atouts", "Les Valets", "Les Pique-Niques"]}
    firsts, seconds, thirds, fourths = (by_form([teams[k] for teams in ranked.values()])
                                        for k in range(4))
    p = dict(enumerate([*firsts, *seconds], start=1))  # the principal's seeds
    c = dict(enumerate([*thirds, *fourths], start=1))  # the consolante's
    assert [p[s] for s in range(1, 9)] == ["Les Dix", "Les Carreaux", "Les Rois", "Les Cœurs",
                                           "Les Atouts", "Les Sept", "Les Capots",
                                           "Les Coincheurs"]
    assert [c[s] for s in range(1, 9)] == ["Les Valets", "Les Huit", "Les As", "Les Neuf",
                                           "Les Trèfles", "Les Belotes", "Les Dames",
                                           "Les Pique-Niques"]
    t.run("stage", "start", "Principal")
    t.run("stage", "start", "Consolante")

    # the second stage, by hand; --places: the quarter-final losers play for 5th-8th (P5-8.1,
    # P5-8.2), then every pair of a round plays for its two places (F, 3P, P5, P7)
    # the principal: QF 1, 5 (over 4), 7 (over 2), 3; SF 1 (over 5), 3 (over 7); P5-8 8 (over
    # 4), 2 (over 6); F 3 (over 1), 3P 7 (over 5), P5 2 (over 8), P7 6 (over 4)
    # the consolante: the better seed wins every match but the final (2 over 1)
    rounds = [
        ([(1, 8), (4, 5), (2, 7), (3, 6)], {1, 5, 7, 3}, [(1, 8), (4, 5), (2, 7), (3, 6)],
         {1, 4, 2, 3}),
        ([(1, 5), (7, 3), (8, 4), (2, 6)], {1, 3, 8, 2}, [(1, 4), (2, 3), (8, 5), (7, 6)],
         {1, 2, 5, 6}),
        ([(1, 3), (5, 7), (8, 2), (4, 6)], {3, 7, 2, 6}, [(1, 2), (4, 3), (5, 6), (8, 7)],
         {2, 3, 5, 7}),
    ]
    for partie, (principal, p_wins, consolante, c_wins) in enumerate(rounds, start=4):
        paired = t.json("pair")
        assert paired["round"] == partie
        expected = [(p[x], p[y]) for x, y in principal] + [(c[x], c[y]) for x, y in consolante]
        assert pairs_of(paired) == expected, partie
        # every team of the second stage plays in every one of its parties
        assert len({team for pair in expected for team in pair}) == 16
        winners = {p[s] for s in p_wins} | {c[s] for s in c_wins}
        import_round(t, tmp_path / f"tour-{partie}.csv",
                     ko_scores(pairs_of(paired), winners, [1000] * 8))

    pr, co = "Principal", "Consolante"
    assert final_places(cli) == [
        (1, p[3], pr, "final"), (2, p[1], pr, "final"),
        (3, p[7], pr, "third place"), (4, p[5], pr, "third place"),
        (5, p[2], pr, "places"), (6, p[8], pr, "places"),
        (7, p[6], pr, "places"), (8, p[4], pr, "places"),
        (9, c[2], co, "final"), (10, c[1], co, "final"),
        (11, c[3], co, "third place"), (12, c[4], co, "third place"),
        (13, c[5], co, "places"), (14, c[6], co, "places"),
        (15, c[7], co, "places"), (16, c[8], co, "places")]
    # three parties of the second stage each: six in all
    assert {row["played"] for row in t.json("standings")} == {6}
    labels = [(column["round"], column["label"], [m["match"] for m in column["matches"]])
              for column in t.json("bracket", "Principal")["rounds"]]
    assert labels == [(4, "quarter-final", ["QF1", "QF2", "QF3", "QF4"]),
                      (5, "semi-final", ["SF1", "SF2"]),
                      (5, "places 5-8", ["P5-8.1", "P5-8.2"]),
                      (6, "final", ["F"]), (6, "third place", ["3P"]),
                      (6, "places 5-6", ["P5"]), (6, "places 7-8", ["P7"])]


def test_day_three_thirteen_teams_then_knock_outs_of_eight_and_five(cli: Cli,
                                                                    tmp_path: Path) -> None:
    field = TEAMS[:13]
    t = register(cli, tmp_path, "Concours de Cannes", field, "--rounds", "3",
                 "--target", "1000", "--bye-points", "505")
    t.run("stage", "add", "Tableau", "--ranks", "1-8", "--knockout")
    t.run("stage", "add", "Complémentaire", "--ranks", "9-13", "--knockout")
    swiss = [play_form_round(t, tmp_path / f"partie-{partie}.csv") for partie in (1, 2, 3)]
    byes = [paired["bye"] for paired in swiss]
    assert None not in byes and len(set(byes)) == 3  # 13 teams: a bye each partie, never twice

    # by hand: a team scores its FORM at a table and 505 for a bye (a total that ends in 5
    # is never one of three FORMs, which end in 0: no tie)
    total = {team: sum(505 if team == bye else FORM[team] for bye in byes) for team in field}
    ranked = sorted(field, key=lambda team: -total[team])
    assert [row["points_for"] for row in t.json("standings")] == [total[x] for x in ranked]
    a = dict(enumerate(ranked[:8], start=1))
    b = dict(enumerate(ranked[8:], start=1))
    t.run("stage", "start", "Tableau")
    t.run("stage", "start", "Complémentaire")

    # partie 4: the Tableau's quarter-finals; the 5-team table is drawn in 8 places, seeds 6-8
    # absent, so 1, 2 and 3 have a bye and 4 – 5 is its one table
    quarters = t.json("pair")
    assert pairs_of(quarters) == [(a[1], a[8]), (a[4], a[5]), (a[2], a[7]), (a[3], a[6]),
                                  (b[4], b[5])]
    assert {(bye["team"], bye["stage"]) for bye in quarters["stage_byes"]} == {
        (b[s], "Complémentaire") for s in (1, 2, 3)} and len(quarters["stage_byes"]) == 3
    bracket = t.json("bracket", "Complémentaire")
    assert match_rows(bracket)[:4] == [
        (4, "quarter-final", "QF1", None, (b[1], None), (1, None), b[1], True, "SF1", None),
        (4, "quarter-final", "QF2", 5, (b[4], b[5]), (4, 5), None, False, "SF1", None),
        (4, "quarter-final", "QF3", None, (b[2], None), (2, None), b[2], True, "SF2", None),
        (4, "quarter-final", "QF4", None, (b[3], None), (3, None), b[3], True, "SF2", None)]
    # who wins, by hand: the Tableau 1, 4 (over 5), 7 (over 2), 3; the other 5 (over 4)
    import_round(t, tmp_path / "quarts.csv",
                 ko_scores(pairs_of(quarters), {a[1], a[4], a[7], a[3], b[5]}, [1000] * 5))

    semis = t.json("pair")
    assert pairs_of(semis) == [(a[1], a[4]), (a[7], a[3]), (b[1], b[5]), (b[2], b[3])]
    # the Tableau 4 (over 1), 3 (over 7); the other 1 (over 5), 3 (over 2)
    import_round(t, tmp_path / "demies.csv",
                 ko_scores(pairs_of(semis), {a[4], a[3], b[1], b[3]}, [1000] * 4))
    finals = t.json("pair")
    assert pairs_of(finals) == [(a[4], a[3]), (b[1], b[3])]
    import_round(t, tmp_path / "finales.csv",
                 ko_scores(pairs_of(finals), {a[4], b[3]}, [1000] * 2))

    # the final places, by hand: the Tableau 1-2 by its final, 3-4 the semi-final losers by
    # seed (1, 7), 5-8 the quarter-final losers by seed (2, 5, 6, 8); the other: 9-10 its
    # final, 11-12 its semi-final losers by seed (2, 5), 13 its one quarter-final's loser (4)
    ta, co = "Tableau", "Complémentaire"
    assert final_places(cli) == [
        (1, a[4], ta, "final"), (2, a[3], ta, "final"), (3, a[1], ta, "seed"),
        (4, a[7], ta, "seed"), (5, a[2], ta, "seed"), (6, a[5], ta, "seed"),
        (7, a[6], ta, "seed"), (8, a[8], ta, "seed"),
        (9, b[3], co, "final"), (10, b[1], co, "final"), (11, b[2], co, "seed"),
        (12, b[5], co, "seed"), (13, b[4], co, "seed")]
    rows = match_rows(t.json("bracket", "Complémentaire"))
    assert [(row[2], row[4], row[6], row[7]) for row in rows] == [
        ("QF1", (b[1], None), b[1], True), ("QF2", (b[4], b[5]), b[5], False),
        ("QF3", (b[2], None), b[2], True), ("QF4", (b[3], None), b[3], True),
        ("SF1", (b[1], b[5]), b[1], False), ("SF2", (b[2], b[3]), b[3], False),
        ("F", (b[1], b[3]), b[3], False)]


def test_a_tie_at_the_cut_waits_for_the_directors_order(cli: Cli,
                                                        tmp_path: Path) -> None:
    t = register(cli, tmp_path, "Concours du Pradet", TEAMS, "--rounds", "1",
                 "--target", "1000")
    t.run("stage", "add", "A", "--ranks", "1-8", "--knockout")
    t.run("stage", "add", "B", "--ranks", "9-16", "--knockout")
    paired = t.json("pair")
    # tables 4 and 5 end alike, 600-500: their winners are equal on points, difference and
    # Buchholz, and never met (the 8th and 9th); seven teams score more than 600, seven less
    import_round(t, tmp_path / "partie-1.csv", {
        1: (1000, 700), 2: (990, 690), 3: (980, 680), 4: (600, 500), 5: (600, 500),
        6: (970, 300), 7: (450, 350), 8: (440, 340)})
    tables = pairs_of(paired)
    eighth, ninth = tables[3][0], tables[4][0]
    for stage in ("A", "B"):
        line = t.refused("stage", "start", stage)
        assert "--order" in line and eighth in line and ninth in line, line
    # the director puts the 9th by registration first
    t.run("stage", "start", "A", "--order", f"{ninth},{eighth}")
    seeded = t.json("stage", "show", "A")["teams"]
    assert seeded[7] == ninth and eighth not in seeded
    # the sibling cuts the same way, without being told again
    t.run("stage", "start", "B")
    assert t.json("stage", "show", "B")["teams"][0] == eighth
