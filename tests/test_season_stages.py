"""A concours with stages in a season (issue 34: « the season uses the final ranking; a
season counts every match of every stage with its scale »).

The season's scale (``season new --points``) gives its points to every match of the
concours, the qualifying parties and the knock-out matches alike: a win, a loss, a bye (a
bye of the qualifying parties, a knock-out table's bye for its best seeds, and a win by
forfeit: « victoire par exempt »), a forfeit; a level knock-out match decided by
``--winner`` is a win and a loss, never a draw.  The place a concours gives a player
(``player show``) is its final ranking, not the order of its qualifying parties; the
ratings learn from every match played (``player ratings``).  Worked out here by hand from
the results the test enters (``tests/stage_play.py``).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from tests.harness import Cli
from tests.stage_play import knockout_partie, qualify, seeds

NAMES = ("Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf", "Les Huit",
         "Les Sept", "Les Atouts", "Les Belotes", "Les Capots", "Les Coincheurs",
         "Les Surcoincheurs")
#: The season's scale: each outcome its own number, so that no outcome passes for another.
SCALE = {"win": 5, "draw": 3, "loss": 1, "bye": 2, "forfeit": 0}


def test_a_concours_with_stages_counts_every_match_of_every_stage(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "club.db")
    t = cli.under("tournament")
    t.run("new", "Concours", "--rounds", "3", "--deals", "4", "--registration-order")
    for name in NAMES:  # two players each: « Ana As », « Bob As »…
        word = name.split()[1]
        t.run("team", "add", name, "--players", f"Ana {word},Bob {word}")
    t.run("stage", "add", "Tableau A", "--ranks", "1-8", "--knockout", "--third-place")
    t.run("stage", "add", "Tableau B", "--ranks", "9-13", "--knockout")
    outcomes: dict[str, Counter[str]] = {name: Counter() for name in NAMES}
    for partie in qualify(t, NAMES, 3):  # 13 teams: a bye in each partie
        outcomes[partie["bye"]]["bye"] += 1
        for table in partie["tables"]:
            win, lose = sorted(table["teams"], key=NAMES.index)
            outcomes[win]["win"] += 1
            outcomes[lose]["loss"] += 1
    t.run("stage", "start", "Tableau A")
    t.run("stage", "start", "Tableau B")
    a, b = seeds(t)["Tableau A"], seeds(t)["Tableau B"]
    # the quarter-finals: 8 beats 1; 2 goes through a level match by --winner; 6 forfeits
    # against 3; Tableau B's three best seeds have a bye, 4 beats 5.  Then the better seed
    # wins every match: the semi-finals 8-4 and 2-3 (B: 1-4, 2-3), the final 4-2, the
    # third-place match 8-3 (B: the final 1-2)
    parties = [knockout_partie(t, upsets={("Tableau A", "QF1")}, level={("Tableau A", "QF3")},
                               forfeits={("Tableau A", "QF4")}),
               knockout_partie(t), knockout_partie(t)]
    assert [(m.stage, m.match, m.winner) for m in parties[2][0]] == [
        ("Tableau A", "F", a[1]), ("Tableau A", "3P", a[2]), ("Tableau B", "F", b[0])]
    for matches, byes in parties:
        for team in byes:
            outcomes[team]["bye"] += 1
        for match in matches:
            outcomes[match.winner]["forfeit win" if match.forfeit else "win"] += 1
            outcomes[match.loser]["forfeit" if match.forfeit else "loss"] += 1
    assert sorted(parties[0][1]) == sorted(b[:3])
    # a second concours, without stages: the season adds them up
    t.run("new", "Le mardi", "--rounds", "1", "--deals", "4", "--registration-order")
    for name in NAMES[:4]:
        t.run("team", "add", name, "--players",
              f"Ana {name.split()[1]},Bob {name.split()[1]}")
    qualify(t, NAMES[:4], 1)
    for name in (NAMES[0], NAMES[2]):  # As-Rois, Dames-Valets: the first registered wins
        outcomes[name]["win"] += 1
    for name in (NAMES[1], NAMES[3]):
        outcomes[name]["loss"] += 1

    season = cli.under("season")
    season.run("new", "Challenge", "--by", "team", "--points",
               ",".join(f"{key}={value}" for key, value in SCALE.items()))
    season.run("add", "Challenge", "Concours", "Le mardi")
    lines = {line["team"]: line for line in season.json("standings", "Challenge")}
    assert set(lines) == set(NAMES)
    for name, seen in outcomes.items():
        points = (SCALE["win"] * seen["win"] + SCALE["loss"] * seen["loss"]
                  + SCALE["bye"] * (seen["bye"] + seen["forfeit win"])
                  + SCALE["forfeit"] * seen["forfeit"])
        # the tournament counts a bye as a win, and a win by forfeit too
        wins = seen["win"] + seen["bye"] + seen["forfeit win"]
        line = lines[name]
        assert (line["points"], line["wins"], line["draws"], line["losses"]) == (
            points, wins, 0, seen["loss"] + seen["forfeit"]), name
    # 3 qualifying parties, then: the four of Tableau A's finals and Tableau B's two
    # finalists 3 parties (a bye and a forfeit are parties), its two other semi-finalists 2,
    # the quarter-finals' losers 1
    played = {row["team"]: row["played"] for row in t.json("standings",
                                                           "--tournament", "Concours")}
    assert played == {**dict.fromkeys([a[1], a[3], a[2], a[7], b[0], b[1]], 6),
                      **dict.fromkeys([b[2], b[3]], 5),
                      **dict.fromkeys([a[0], a[4], a[5], a[6], b[4]], 4)}

    # the place the concours gives: its final ranking (Tableau A's 1st seed, 1st of the
    # qualifying parties, lost its quarter-final: 5th, the best of the four who did)
    final = [a[1], a[3], a[2], a[7], a[0], a[4], a[5], a[6], b[0], b[1], b[2], b[3], b[4]]
    for place, name in enumerate(final, start=1):
        shown = cli.json("player", "show", f"Ana {name.split()[1]}")["tournaments"][0]
        assert (shown["tournament"], shown["rank"], shown["of"]) == ("Concours", place, 13)
    # the ratings learn from every match played at a table (no bye, no forfeit)
    real = {name: seen["win"] + seen["loss"] for name, seen in outcomes.items()}
    ratings = {r["player"]: r["matches"] for r in cli.json("player", "ratings", "--season",
                                                            "Challenge")}
    for name in NAMES:
        assert ratings[f"Ana {name.split()[1]}"] == real[name], name
