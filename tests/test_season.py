"""A club's season (issue 20, point 2), in process: the scale, the season's commands, a season
by team, the CSV export, a store copied with its seasons, and the ranking's invariants
(Hypothesis).  The whole season through the installed command: ``tests/test_season_e2e.py``;
the bad input: ``tests/hostile/test_season_input.py``."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche_cli.cli.options import parse_points
from coinche_cli.errors import InputError
from coinche_cli.season.events import EventLine
from coinche_cli.season.model import DEFAULT_SCALE, SeasonSettings
from coinche_cli.season.ranking import season_standings
from tests.harness import Cli


def test_a_scale_keeps_the_keys_it_does_not_name() -> None:
    def parse_scale(text: str) -> dict[str, int]:
        return parse_points(text, "--points", DEFAULT_SCALE)

    assert parse_scale("win=5") == {**DEFAULT_SCALE, "win": 5}
    assert parse_scale(" Victoire = 4 , défaite=2,exempt=3,nul=1,forfait=0") == {
        "win": 4, "loss": 2, "bye": 3, "draw": 1, "forfeit": 0}
    for bad in ("", "win", "win=", "win=x", "win=-1", "lose=1", "win=1,win=2", "win=²"):
        with pytest.raises(InputError):
            parse_scale(bad)


def _concours(cli: Cli, name: str, teams: dict[str, str], results: list[tuple[int, int]]
              ) -> None:
    """One round in registration order (1 v 2, 3 v 4), the given scores table by table."""
    director = cli.under("tournament")
    director.run("new", name, "--rounds", "1", "--deals", "4", "--registration-order")
    for team, players in teams.items():
        director.run("team", "add", team, *(("--players", players) if players else ()))
    tables = director.json("pair")["tables"]
    assert [t["teams"] for t in tables] == [list(teams)[0:2], list(teams)[2:4]]
    for table, (one, two) in zip(tables, results, strict=True):
        director.run("result", str(table["table"]), str(one), str(two))


@pytest.mark.both_stores
def test_a_season_by_team_and_its_commands(cli: Cli) -> None:
    _concours(cli, "Vendredi 1", {"Les As": "Ana, Bob", "Les Rois": "", "Les Dames": "Éva",
                                  "Les Valets": "Gus, Hana"}, [(600, 400), (500, 500)])
    _concours(cli, "Vendredi 2", {"Les Rois": "Cyd, Dan", "LES AS": "Ana, Bob",
                                  "Les Valets": "", "Les Dix": "Jo, Kim"},
              [(700, 300), (450, 550)])
    cli.run("tournament", "new", "Mêlée", "--format", "melee", "--rounds", "1", "--deals", "4")
    made = cli.json("season", "new", "Équipes 2026", "--by", "team", "--points",
                    "win=2,draw=1,loss=0")
    assert made == {"name": "Équipes 2026", "points": {"win": 2, "draw": 1, "loss": 0,
                                                       "bye": 3, "forfeit": 0},
                    "add_score": False, "best": None, "min_events": None, "by": "team"}
    cli.run("season", "add", "équipes 2026", "Vendredi 2", "Vendredi 1")
    assert "Mêlée is a mêlée: the season Équipes 2026 ranks formed teams only" in cli.refused(
        "season", "add", "Équipes 2026", "Mêlée")
    # a team is its name, folded, from one concours to the next ("LES AS" is Les As); the
    # points: Les As win then lose (2 + 0), Les Rois lose then win (0 + 2), Les Dames and
    # Les Valets draw (1), Les Valets lose 450–550 (0), Les Dix win it (2)
    rows = cli.json("season", "standings", "Équipes 2026")
    assert [(r["rank"], r["team"], r["points"], r["events"], r["wins"], r["score"])
            for r in rows] == [
        (1, "Les Rois", 2, 2, 1, 1100), (2, "LES AS", 2, 2, 1, 900),
        (3, "Les Dix", 2, 1, 1, 550), (4, "Les Valets", 1, 2, 0, 950),
        (5, "Les Dames", 1, 1, 0, 500)]
    assert [r["event"] for r in rows[0]["results"]] == ["Vendredi 1", "Vendredi 2"]
    shown = cli.json("season", "show", "Équipes 2026")
    assert [e["tournament"] for e in shown["events"]] == ["Vendredi 1", "Vendredi 2"]
    assert cli.json("season", "list")[0]["events"] == 2
    assert "taken out of Équipes 2026: Vendredi 1 (1 concours left)" in cli.run(
        "season", "remove", "Équipes 2026", "Vendredi 1").stdout
    assert "Vendredi 1 is not in the season" in cli.refused("season", "remove",
                                                            "Équipes 2026", "Vendredi 1")
    assert [r["points"] for r in cli.json("season", "standings", "Équipes 2026")][:1] == [2]
    cli.run("season", "remove", "Équipes 2026", "--delete")
    assert cli.json("season", "list") == []
    assert cli.json("tournament", "list")  # the concours stay


def test_the_season_csv_files(cli: Cli, tmp_path: Path) -> None:
    _concours(cli, "Vendredi 1", {"Les As": "Ana, Bob", "Les Rois": "Cyd, Dan",
                                  "Les Dames": "Éva, Fred", "Les Valets": "Gus, Hana"},
              [(600, 400), (300, 700)])
    _concours(cli, "Vendredi 2", {"Les As": "Ana, Cyd", "Les Rois": "Bob, Dan",
                                  "Les Dames": "Éva, Gus", "Les Valets": "Fred, Hana"},
              [(500, 500), (800, 200)])
    cli.run("season", "new", "Challenge", "--best", "1", "--min-events", "2")
    cli.run("season", "add", "Challenge", "Vendredi 1", "Vendredi 2")
    text = cli.run("season", "standings", "Challenge", "--wide").stdout
    assert "  1 = Vendredi 1 (" in text and "(3)" in text  # a concours not counted
    folder = tmp_path / "saison"
    said = cli.run("season", "export", "Challenge", "--csv", str(folder), "--sep",
                   ";").stdout.splitlines()
    assert sorted(p.name for p in folder.iterdir()) == ["concours.csv", "progress.csv",
                                                        "standings.csv"]
    # each file its own lines: 8 players, 2 concours, the progress after each of the 2
    assert said == [f"wrote {folder / 'standings.csv'} (8 lines)",
                    f"wrote {folder / 'concours.csv'} (2 lines)",
                    f"wrote {folder / 'progress.csv'} (2 lines)"]
    for name, count in (("standings", 8), ("concours", 2), ("progress", 2)):
        with (folder / f"{name}.csv").open(encoding="utf-8-sig", newline="") as handle:
            assert len(list(csv.reader(handle, delimiter=";"))) == count + 1  # and the header
    with (folder / "standings.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle, delimiter=";"))
    assert rows[0][-3:] == ["Vendredi 1", "Vendredi 2", "not counted"]
    lines = {row[1]: row for row in rows[1:]}
    # Ana: a win (4) then a draw (3); only her best counts: Vendredi 2 is not counted
    assert lines["Ana"][3] == "4" and lines["Ana"][-3:] == ["4", "3", "Vendredi 2"]
    # Gus: a win with 700, then a win with 800: equal points, the higher score counts
    assert lines["Gus"][3] == "4" and lines["Gus"][-1] == "Vendredi 1"
    # Fred: two losses (2 each): the earlier counts
    assert lines["Fred"][3] == "2" and lines["Fred"][-1] == "Vendredi 2"
    assert lines["Ana"][10] == "yes"  # eligible: 2 concours played


def test_a_store_copied_keeps_its_seasons_and_its_renamed_people(cli: Cli,
                                                                 tmp_path: Path) -> None:
    _concours(cli, "Vendredi 1", {"Les As": "Ana Martn, Bob", "Les Rois": "Cyd, Dan",
                                  "Les Dames": "Éva, Fred", "Les Valets": "Gus, Hana"},
              [(600, 400), (300, 700)])
    cli.run("season", "new", "Challenge")
    cli.run("season", "add", "Challenge", "Vendredi 1")
    cli.run("player", "rename", "Ana Martn", "Ana Martin")
    copy = tmp_path / "copie.db"
    report = cli.json("store", "copy", str(cli.db), str(copy))
    assert report["rows"]["season"] == 1 and report["rows"]["person"] == 1
    copied = Cli(copy)
    assert copied.json("season", "standings", "Challenge") == cli.json(
        "season", "standings", "Challenge")
    assert "Ana Martin" in [p["name"] for p in copied.json("player", "list")]
    # merged into a store that renamed the same typo otherwise: the destination's word stays
    other = tmp_path / "autre.db"
    elsewhere = Cli(other)
    _concours(elsewhere, "Jeudi", {"Les Piques": "Ana Martn, Zoé", "Les Cœurs": "Yves, Xav",
                                   "Les Trèfles": "Will, Val", "Les Carreaux": "Ugo, Tim"},
              [(600, 400), (500, 500)])
    elsewhere.run("player", "rename", "Ana Martn", "Anne Martin")
    assert "already has a season" not in elsewhere.run("store", "copy", str(cli.db),
                                                       str(other), "--merge").stdout
    names = {p["name"]: p["tournaments"] for p in elsewhere.json("player", "list")}
    assert names["Anne Martin"] == 2 and "Ana Martin" not in names
    third = Cli(tmp_path / "trois.db")
    _concours(third, "Samedi", {"A": "", "B": "", "C": "", "D": ""}, [(1, 0), (0, 1)])
    third.run("season", "new", "CHALLENGE")
    assert "already has a season called “CHALLENGE”" in elsewhere.refused(
        "store", "copy", str(third.db), str(other), "--merge")


_LINES = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 20), st.integers(0, 3),
                            st.integers(0, 900)), min_size=0, max_size=5)


@given(st.lists(st.lists(st.one_of(st.none(), st.tuples(st.integers(0, 30),
                                                         st.integers(0, 4),
                                                         st.integers(0, 900))),
                         min_size=4, max_size=4), min_size=1, max_size=8),
       st.one_of(st.none(), st.integers(1, 4)), st.one_of(st.none(), st.integers(0, 4)))
def test_the_ranking_adds_up_its_best_concours(played: list[list[tuple[int, int, int] | None]],
                                               best: int | None, fewest: int | None) -> None:
    """Whatever the results: a line's points are its counted concours' points; it counts its
    ``best`` best (none better left out); eligibility follows the concours played; the
    order follows points, wins, score, fewer concours; equal lines share a rank."""
    settings = SeasonSettings(best=best, min_events=fewest)
    events = [{f"p{who}": EventLine(f"p{who}", f"P{who}", points=result[0], wins=result[1],
                                    score=result[2], played=1)
               for who, results in enumerate(played)
               if (result := results[place]) is not None}
              for place in range(4)]
    lines = season_standings(settings, events)
    assert {line.key for line in lines} == {key for event in events for key in event}
    for line in lines:
        results = [r for r in line.results if r is not None]
        kept = [r for place, r in enumerate(line.results) if place in line.counted and r]
        left = [r for place, r in enumerate(line.results) if place not in line.counted and r]
        assert len(kept) == (len(results) if best is None else min(best, len(results)))
        assert line.points == sum(r.points for r in kept)
        assert line.wins == sum(r.wins for r in kept) and line.score == sum(r.score
                                                                           for r in kept)
        assert all(r.points <= min(k.points for k in kept) for r in left)
        assert line.events == len(results)
        assert line.eligible == (fewest is None or len(results) >= fewest)
    keys = [(-line.points, -line.wins, -line.score, line.events) for line in lines]
    assert keys == sorted(keys)
    for place, line in enumerate(lines):
        better = sum(1 for key in keys if key < keys[place])
        assert line.rank == better + 1


def test_the_standings_show_draws_when_the_scale_counts_them(cli: Cli) -> None:
    _concours(cli, "Vendredi 1", {"Les As": "Ana, Bob", "Les Rois": "Cyd, Dan",
                                  "Les Dames": "Éva, Fred", "Les Valets": "Gus, Hana"},
              [(500, 500), (300, 700)])
    for season, points in (("Nuls", "win=4,draw=3,loss=2"), ("Sans nul", "win=1,draw=0,loss=0")):
        cli.run("season", "new", season, "--points", points)
        cli.run("season", "add", season, "Vendredi 1")
    counted = cli.run("season", "standings", "Nuls").stdout.splitlines()
    assert counted[1].split() == ["rank", "player", "club", "points", "played", "counted", "W",
                                  "D", "L", "score"]
    ana = next(line.split() for line in counted if "Ana" in line)
    assert ana == ["3", "Ana", "3", "1", "1", "0", "1", "0", "500"]  # W 0, D 1, L 0
    plain = cli.run("season", "standings", "Sans nul").stdout.splitlines()
    assert plain[1].split() == ["rank", "player", "club", "points", "played", "counted", "W",
                                "L", "score"]
    french = cli.run("--lang", "fr", "season", "standings", "Nuls").stdout
    assert french.splitlines()[1].split()[6:9] == ["V", "N", "D"]
