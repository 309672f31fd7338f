"""A club's season's bad input (issue 20), through the installed command: each refused in one
line naming what is wrong, exit 2, the store unchanged (``Cli.refused`` compares its
checksum).  The store is built in process (fast); only the refusals run as real processes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness import Cli


@pytest.fixture
def club(store: Path) -> Cli:
    """A store with a formed-team concours (Ana Martin and Bob, Cyd and Dan) and a season
    holding it, built in process."""
    cli = Cli(store)
    cli.run("tournament", "new", "Vendredi 1", "--rounds", "1", "--deals", "4")
    cli.run("tournament", "team", "add", "Les As", "--players", "Ana Martin, Bob")
    cli.run("tournament", "team", "add", "Les Rois", "--players", "Cyd, Dan")
    cli.run("season", "new", "Challenge")
    cli.run("season", "add", "Challenge", "Vendredi 1")
    return cli


def test_a_concours_added_twice_or_unknown_is_refused(hostile: Cli, club: Cli) -> None:
    line = hostile.refused("season", "add", "Challenge", "Vendredi 1")
    assert line == "error: Vendredi 1 is already in the season Challenge"
    line = hostile.refused("season", "add", "Challenge", "Vendredi 9")
    assert line == "error: no tournament called “Vendredi 9”"
    line = hostile.refused("season", "add", "Challenge", "x" * 500)
    assert len(line) < 140 and "…" in line  # the name echoed is cut at 80 characters
    assert "no season called “Printemps”" in hostile.refused("season", "add", "Printemps",
                                                              "Vendredi 1")


@pytest.mark.parametrize(("points", "says"), [
    ("win=4,lose=2", "error: --points: unknown key “lose” (keys: win, draw, loss, bye, "
                     "forfeit)"),
    ("win=4,loss=-2", "error: --points: loss=-2: points are a whole number from 0 to 1000000000"),
    ("win=4,win=5", "error: --points: “win” is given twice; give it once"),
    ("draw=1.5", "error: --points: draw=1.5: points are a whole number from 0 to 1000000000"),
])
def test_a_scale_with_unknown_keys_or_negative_values_is_refused(hostile: Cli, club: Cli,
                                                                  points: str,
                                                                  says: str) -> None:
    assert hostile.refused("season", "new", "Printemps", "--points", points) == says


def test_best_zero_and_a_wrong_by_are_refused(hostile: Cli, club: Cli) -> None:
    assert hostile.refused("season", "new", "Printemps", "--best", "0") == (
        "error: --best: keep at least 1 concours, got 0")
    assert hostile.refused("season", "new", "Printemps", "--by", "club") == (
        "error: --by: give player or team, not “club”")
    assert "already a season called “Challenge”" in hostile.refused("season", "new",
                                                                    "challenge")


def test_a_player_merged_with_themselves_or_renamed_to_another_is_refused(
        hostile: Cli, club: Cli) -> None:
    assert hostile.refused("player", "merge", "Ana Martin", "ana") == (
        "error: “Ana Martin” and “ana” are the same person: name two people to merge")
    assert hostile.refused("player", "rename", "Bob", "cyd") == (
        "error: “cyd” is the name of another person (Cyd); if they are one, use coinche "
        "player merge")
    assert hostile.refused("player", "merge", "Bob", "Cyd") == (
        "error: Bob and Cyd both played in Vendredi 1: they are two people")
    assert hostile.refused("player", "show", "Zorro") == "error: player: no player called “Zorro”"
