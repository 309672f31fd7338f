"""The rules of results and standings, as tables, through the operations themselves.

Each row is a partie of two teams, Les As against Les Rois, 4 deals of standard rules, as the
README states the rules (``Results``, ``Forfeit``, ``Penalty``, ``A penalty counts in the
partie``): what was entered, then each team's line of the standings.  The operations run in
this process on a SQLite file (about a millisecond a call): the command line's own tests
check how they are printed.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from coinche_cli.errors import TournamentError
from coinche_cli.rules.loader import load_rules
from coinche_cli.store.sqlite import SqliteStore
from coinche_cli.tournament import entrants, results
from coinche_cli.tournament import ops as tournaments
from coinche_cli.tournament.entrants import Registration
from coinche_cli.tournament.model import Settings


class Line(NamedTuple):
    """A team's line: wins, draws, losses, match points (3, 2, 1, 0), points for,
    difference."""

    wins: int
    draws: int
    losses: int
    match_points: int
    points_for: int
    difference: int


class Partie(NamedTuple):
    """A partie as entered, and the two lines it must give (Les As, then Les Rois)."""

    why: str
    scores: tuple[int, int] | None  # None: a forfeit by Les Rois
    penalty: tuple[str, int, bool] | None  # (team, points, given to the opponents)
    outside: bool  # tournament new --penalty-outside
    as_: Line
    rois: Line


PARTIES = [
    Partie("a win", (1500, 1400), None, False,
           Line(1, 0, 0, 3, 1500, 100), Line(0, 0, 1, 1, 1400, -100)),
    Partie("equal typed scores: a draw", (1200, 1200), None, False,
           Line(0, 1, 0, 2, 1200, 0), Line(0, 1, 0, 2, 1200, 0)),
    # a forfeit: the winner scores the bye points (the round's average: none here, 0), a win,
    # nothing in the difference; the forfeiting team a loss and 0 match points
    Partie("a forfeit", None, None, False,
           Line(1, 0, 0, 3, 0, 0), Line(0, 0, 1, 0, 0, 0)),
    # 162 to Les Rois for a renonce: 1500 against 1400 + 162 = 1562, the partie is theirs
    Partie("a penalty turns the partie", (1500, 1400), ("Les As", 162, True), False,
           Line(0, 0, 1, 1, 1500, -62), Line(1, 0, 0, 3, 1562, 62)),
    Partie("the same, penalties outside the partie", (1500, 1400), ("Les As", 162, True), True,
           Line(1, 0, 0, 3, 1500, -62), Line(0, 0, 1, 1, 1562, 62)),
    # 100 to Les Rois: 1500 against 1500, a draw
    Partie("a penalty makes a draw", (1500, 1400), ("Les As", 100, True), False,
           Line(0, 1, 0, 2, 1500, 0), Line(0, 1, 0, 2, 1500, 0)),
    # a deducted penalty never changes the partie's result, only the team's points
    Partie("a deducted penalty", (1500, 1400), ("Les As", 162, False), False,
           Line(1, 0, 0, 3, 1338, -62), Line(0, 0, 1, 1, 1400, -100)),
]


def _concours(tmp_path: Path, *, outside: bool = False) -> SqliteStore:
    store = SqliteStore(tmp_path / "c.db")
    tournaments.create(store, "Concours", load_rules("standard"),
                       Settings(rounds=2, deals=4, seed=None, penalty_outside=outside))
    entrants.add(store, None, "team", Registration("Les As"))
    entrants.add(store, None, "team", Registration("Les Rois"))
    tournaments.pair_next(store, None)  # registration order: table 1, Les As – Les Rois
    return store


@pytest.mark.parametrize("partie", PARTIES, ids=[p.why for p in PARTIES])
def test_a_partie_gives_its_lines(partie: Partie, tmp_path: Path) -> None:
    store = _concours(tmp_path, outside=partie.outside)
    if partie.scores is None:
        results.enter_result(store, None, "1", None, None, forfeit="Les Rois")
    else:
        results.enter_result(store, None, "1", *partie.scores)
    if partie.penalty is not None:
        team, points, given = partie.penalty
        tournaments.penalise(store, None, team, points, "renonce", to_opponents=given)
    rows = {row.name: row for row in tournaments.ranked(tournaments.load(store, None))}
    for name, line in (("Les As", partie.as_), ("Les Rois", partie.rois)):
        row = rows[name]
        assert Line(row.wins, row.draws, row.losses, row.match_points, row.points_for,
                    row.difference) == line, name
    store.close()


class Refusal(NamedTuple):
    """A result the operations refuse, and the start of the one line that says why."""

    why: str
    where: str
    scores: tuple[int, int]
    round_number: int | None
    replacing: bool
    says: str


REFUSALS = [
    Refusal("a table that has a result", "1", (900, 800), None, False,
            "table 1 already has a result (Les As – Les Rois: 1500–1400)"),
    Refusal("a correction of a table without a result", "1", (900, 800), 2, True,
            "table 1 of round 2 has no result to correct; for round 1: --round 1"),
    Refusal("a closed round without --replace", "1", (900, 800), 1, False,
            "round 1 is closed"),
    Refusal("a score no match can make", "1", (16673, 0), 2, False,
            "16673 is more than a match of this tournament can score (at most 16672)"),
    Refusal("a table the round does not have", "3", (900, 800), 2, False,
            "round 2 has no table 3 (it has table 1 only)"),
]


@pytest.mark.parametrize("refusal", REFUSALS, ids=[r.why for r in REFUSALS])
def test_a_result_is_refused_with_one_line(refusal: Refusal, tmp_path: Path) -> None:
    store = _concours(tmp_path)
    results.enter_result(store, None, "1", 1500, 1400)
    if refusal.round_number == 2 or refusal.why.startswith("a closed"):
        tournaments.pair_next(store, None)  # round 2: round 1 is closed
    before = tournaments.load(store, None)
    with pytest.raises(TournamentError) as refused:
        results.enter_result(store, None, refusal.where, *refusal.scores,
                             round_number=refusal.round_number, replacing=refusal.replacing)
    assert refused.value.text.startswith(refusal.says), refused.value.text
    assert tournaments.load(store, None) == before  # nothing written
    store.close()
