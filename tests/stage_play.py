"""Concours with stages played through the command line, for the tests of the stores and of
the season (``tests/test_stage_stores.py``, ``tests/test_season_stages.py``).

The results are chosen, never drawn, so that a test can work out by hand what they give:
in the qualifying parties the team registered first wins each table, with points for that
fall with the order of registration (no two teams tied at a cut); in a knock-out the better
seed wins, but for the matches a test names as upsets, and a match it names as level is
entered with equal scores and ``--winner``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, NamedTuple

from tests.harness import Cli


def qualify(t: Cli, names: Sequence[str], rounds: int) -> list[Any]:
    """Pair and play ``rounds`` qualifying parties of ``t`` (``coinche tournament``); the
    pairings, as ``pair --json`` printed them."""
    paired = []
    for _ in range(rounds):
        shown = t.json("pair")
        paired.append(shown)
        for table in shown["tables"]:
            win, lose = sorted(table["teams"], key=names.index)
            t.run("result", win, str(1000 + 10 * (len(names) - names.index(win))),
                  str(500 + 10 * (len(names) - names.index(lose))))
    return paired


def seeds(t: Cli) -> dict[str, list[str]]:
    """Every stage's teams in seed order (``stage list --json``)."""
    return {stage["name"]: stage["teams"] for stage in t.json("stage", "list")}


class Played(NamedTuple):
    """A knock-out match as a test entered it."""

    stage: str
    match: str
    winner: str
    loser: str
    forfeit: bool


def knockout_partie(t: Cli, upsets: Collection[tuple[str, str]] = (),
                    level: Collection[tuple[str, str]] = (),
                    forfeits: Collection[tuple[str, str]] = (),
                    target: int = 1000) -> tuple[list[Played], list[str]]:
    """Pair the room's next partie and play every table of it (each a knock-out match): the
    better seed wins, the other one in the matches ``upsets`` names (``(stage, match)``); a
    match of ``level`` is entered with equal scores, its winner named by ``--winner``; in a
    match of ``forfeits`` the one who would have lost forfeits.  Returns the matches played
    and the teams the partie gave a bye."""
    order = seeds(t)
    shown = t.json("pair")
    played: list[Played] = []
    for table in shown["tables"]:
        key = (table["stage"], table["match"])
        better, worse = sorted(table["teams"], key=order[table["stage"]].index)
        win, lose = (worse, better) if key in upsets else (better, worse)
        if key in forfeits:
            t.run("result", str(table["table"]), "--forfeit", lose)
        elif key in level:
            t.run("result", win, str(target), str(target), "--winner", win)
        else:
            t.run("result", win, str(target + 30), str(target - 400))
        played.append(Played(*key, win, lose, key in forfeits))
    return played, [bye["team"] for bye in shown["stage_byes"]]
