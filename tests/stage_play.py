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
from typing import Any

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


def knockout_partie(t: Cli, upsets: Collection[tuple[str, str]] = (),
                    level: Collection[tuple[str, str]] = (),
                    target: int = 1000) -> dict[str, str]:
    """Pair the room's next partie and play every table of it (each a knock-out match): the
    better seed wins, the other one in the matches ``upsets`` names (``(stage, match)``), and
    a match of ``level`` is entered with equal scores, its winner named by ``--winner``.
    Returns each match's winner, by ``"stage match"``."""
    order = seeds(t)
    shown = t.json("pair")
    winners: dict[str, str] = {}
    for table in shown["tables"]:
        key = (table["stage"], table["match"])
        ranked = order[table["stage"]]
        better, worse = sorted(table["teams"], key=ranked.index)
        win = worse if key in upsets else better
        if key in level:
            t.run("result", win, str(target), str(target), "--winner", win)
        else:
            t.run("result", win, str(target + 30), str(target - 400))
        winners[f"{table['stage']} {table['match']}"] = win
    return winners
