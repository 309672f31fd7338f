"""The knock-out bracket (``coinche_cli/tournament/bracket.py``): the rules of its docstring,
on hand-checked brackets and on every field of 2 to 40 teams played with random results.

A bracket is played here the way a tournament director plays it: round by round, a result
for every table of the round, then the next round's tables from the resolved bracket.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinche_cli.tournament.bracket import (
    ABSENT,
    BracketError,
    Match,
    Place,
    Resolved,
    Slot,
    bracket_order,
    changed,
    final_places,
    playable,
    progress,
    resolve,
    rounds,
    size_for,
    stale,
    structure,
)

Chooser = Callable[[Resolved], int]


def best_seed(r: Resolved) -> int:
    """The better seed wins."""
    a, b = r.sides
    assert isinstance(a, int) and isinstance(b, int)
    return min(a, b)


def play(matches: tuple[Match, ...], n: int, choose: Chooser = best_seed,
         upsets: dict[str, int] | None = None) -> dict[str, int]:
    """Every round in turn: each table of the round gets its winner (``upsets`` first)."""
    winners: dict[str, int] = {}
    for round_number in range(1, rounds(n) + 1):
        for r in playable(resolve(matches, n, winners), round_number):
            winners[r.match.id] = (upsets or {}).get(r.match.id) or choose(r)
    return winners


def by_id(matches: tuple[Match, ...]) -> dict[str, Match]:
    return {m.id: m for m in matches}


def played_count(matches: tuple[Match, ...], n: int, winners: dict[str, int]) -> Counter[int]:
    """How many real matches (neither byes nor void) each seed played."""
    count: Counter[int] = Counter()
    for r in resolve(matches, n, winners).values():
        if r.decided:
            count.update(s for s in r.sides if isinstance(s, int))
    return count


# --- rules 1 and 2: size and bracket order --------------------------------------------------


def test_bracket_order_keeps_the_best_seeds_apart() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


def test_size_is_the_next_power_of_two() -> None:
    assert [size_for(n) for n in (2, 3, 4, 5, 8, 9, 13, 16, 17)] == [2, 4, 4, 8, 8, 16, 16,
                                                                     16, 32]
    assert [rounds(n) for n in (2, 3, 5, 16, 17)] == [1, 2, 3, 4, 5]
    for bad in (0, 1):
        with pytest.raises(BracketError):
            size_for(bad)
    for bad in (0, 1, 6, 12):
        with pytest.raises(BracketError):
            bracket_order(bad)


# --- 8 teams ---------------------------------------------------------------------------------


def test_eight_teams_without_options() -> None:
    matches = structure(8)
    assert [m.id for m in matches] == ["QF1", "QF2", "QF3", "QF4", "SF1", "SF2", "F"]
    first = [(m.slots[0].seed, m.slots[1].seed) for m in matches[:4]]
    assert first == [(1, 8), (4, 5), (2, 7), (3, 6)]
    m = by_id(matches)
    assert m["SF1"].slots == (Slot(winner_of="QF1"), Slot(winner_of="QF2"))
    assert m["SF2"].slots == (Slot(winner_of="QF3"), Slot(winner_of="QF4"))
    assert m["F"].slots == (Slot(winner_of="SF1"), Slot(winner_of="SF2"))
    assert (m["QF1"].winner_to, m["QF1"].loser_to) == ("SF1", None)
    assert (m["F"].winner_to, m["F"].loser_to) == (None, None)
    assert [(x.label, x.round) for x in (m["QF3"], m["SF2"], m["F"])] == [
        ("quarter-final", 1), ("semi-final", 2), ("final", 3)]
    places = final_places(matches, 8, play(matches, 8))
    assert [(p.place, p.seed) for p in places] == [(i, i) for i in range(1, 9)]
    assert [p.by for p in places] == ["final", "final"] + ["seed"] * 6


def test_eight_teams_with_a_third_place_match() -> None:
    matches = structure(8, third_place=True)
    m = by_id(matches)
    assert m["3P"].slots == (Slot(loser_of="SF1"), Slot(loser_of="SF2"))
    assert (m["3P"].round, m["3P"].label, m["SF1"].loser_to, m["SF2"].loser_to) == (
        3, "third place", "3P", "3P")
    assert m["QF1"].loser_to is None
    # seed 4 beats seed 3 for third place: the match, not the seeds, decides
    places = final_places(matches, 8, play(matches, 8, upsets={"3P": 4}))
    assert [(p.seed, p.by) for p in places[2:4]] == [(4, "third place"), (3, "third place")]
    assert [p.by for p in places[4:]] == ["seed"] * 4


def test_eight_teams_play_every_place() -> None:
    matches = structure(8, places=True)
    assert len(matches) == 12
    ids = {r: [m.id for m in matches if m.round == r] for r in (1, 2, 3)}
    assert ids == {1: ["QF1", "QF2", "QF3", "QF4"], 2: ["SF1", "SF2", "P5-8.1", "P5-8.2"],
                   3: ["F", "3P", "P5", "P7"]}
    m = by_id(matches)
    assert m["P5-8.1"].slots == (Slot(loser_of="QF1"), Slot(loser_of="QF2"))
    assert (m["P5-8.1"].winner_to, m["P5-8.1"].loser_to) == ("P5", "P7")
    assert [m[i].label for i in ("P5-8.2", "P5", "P7")] == ["places 5-8", "places 5-6",
                                                           "places 7-8"]
    upsets = {"QF1": 8, "QF2": 5, "QF4": 6, "SF1": 5, "SF2": 6, "P5-8.1": 4, "P5-8.2": 7,
              "F": 6, "P5": 7}
    winners = play(matches, 8, upsets=upsets)
    assert played_count(matches, 8, winners) == Counter(dict.fromkeys(range(1, 9), 3))
    # by hand: F 5-6 (6), 3P 8-2 (2), P5 4-7 (7), P7 1-3 (1)
    assert final_places(matches, 8, winners) == [
        Place(6, 1, "final"), Place(5, 2, "final"), Place(2, 3, "third place"),
        Place(8, 4, "third place"), Place(7, 5, "places"), Place(4, 6, "places"),
        Place(1, 7, "places"), Place(3, 8, "places")]


# --- byes and small fields ------------------------------------------------------------------


def test_five_teams_the_best_three_have_byes() -> None:
    matches = structure(5)
    resolved = resolve(matches, 5, {})
    assert [i for i, r in resolved.items() if r.bye] == ["QF1", "QF3", "QF4"]
    assert resolved["QF1"].sides == (1, ABSENT)
    assert (resolved["QF1"].winner, resolved["QF1"].loser) == (1, ABSENT)
    assert [r.match.id for r in playable(resolved, 1)] == ["QF2"]
    assert resolved["QF2"].sides == (4, 5)
    assert resolved["SF1"].sides == (1, None)
    assert not resolved["SF1"].playable
    assert [(r.match.id, r.sides, r.playable) for r in playable(resolved, 2)] == [
        ("SF2", (2, 3), True)]
    after = resolve(matches, 5, {"QF2": 5})
    assert after["SF1"].sides == (1, 5)
    assert [r.match.id for r in playable(after, 2)] == ["SF1", "SF2"]
    places = final_places(matches, 5, play(matches, 5))
    assert [(p.place, p.seed, p.by) for p in places] == [
        (1, 1, "final"), (2, 2, "final"), (3, 3, "seed"), (4, 4, "seed"), (5, 5, "seed")]


def test_five_teams_playing_every_place() -> None:
    matches = structure(5, places=True)
    resolved = resolve(matches, 5, play(matches, 5))
    assert [i for i, r in resolved.items() if r.void] == ["P5-8.2", "P7"]
    assert resolved["P5-8.1"].sides == (ABSENT, 5)
    assert resolved["P5"].sides == (5, ABSENT)
    assert resolved["3P"].sides == (4, 3)
    places = final_places(matches, 5, play(matches, 5))
    # the loser of 4-5 had only byes after it, and still takes the places' sub-bracket's place
    assert [(p.place, p.seed, p.by) for p in places] == [
        (1, 1, "final"), (2, 2, "final"), (3, 3, "third place"), (4, 4, "third place"),
        (5, 5, "places")]


def test_thirteen_teams_with_a_third_place_match() -> None:
    matches = structure(13, third_place=True)
    assert len(matches) == 16
    resolved = resolve(matches, 13, {})
    assert [i for i, r in resolved.items() if r.bye] == ["R16-1", "R16-5", "R16-7"]
    assert [r.sides for r in playable(resolved, 1)] == [(8, 9), (4, 13), (5, 12), (7, 10),
                                                        (6, 11)]
    assert resolved["R16-2"].match.label == "round of 16"
    places = final_places(matches, 13, play(matches, 13))
    assert [(p.place, p.seed) for p in places] == [(i, i) for i in range(1, 14)]
    assert [p.by for p in places] == (["final"] * 2 + ["third place"] * 2 + ["seed"] * 9)


def test_three_teams() -> None:
    matches = structure(3)
    assert [m.id for m in matches] == ["SF1", "SF2", "F"]
    resolved = resolve(matches, 3, {})
    assert resolved["SF1"].bye and resolved["F"].sides == (1, None)
    assert [(p.seed, p.by) for p in final_places(matches, 3, {"SF2": 3, "F": 3})] == [
        (3, "final"), (1, "final"), (2, "seed")]


def test_two_teams_play_a_final() -> None:
    matches = structure(2, third_place=True, places=True)
    assert matches == (Match("F", 1, "final", 1, 2, (Slot(seed=1), Slot(seed=2)), None, None),)
    assert final_places(matches, 2, {"F": 2}) == [Place(2, 1, "final"), Place(1, 2, "final")]


# --- rule 8: refused results ----------------------------------------------------------------


def test_refused_results_name_their_match() -> None:
    matches = structure(8)
    with pytest.raises(BracketError, match=r"^QF2: seed 3 is not one of its sides"):
        resolve(matches, 8, {"QF2": 3})
    with pytest.raises(BracketError, match=r"^SF1: its two sides are not known yet"):
        resolve(matches, 8, {"QF1": 1, "SF1": 1})
    with pytest.raises(BracketError, match=r"^QF1: a bye"):
        resolve(structure(5), 5, {"QF1": 1})
    with pytest.raises(BracketError, match=r"^P5-8\.2: nobody plays it"):
        resolve(structure(5, places=True), 5, {"P5-8.2": 1})
    with pytest.raises(BracketError, match=r"^3P: no such match"):
        resolve(matches, 8, {"3P": 3})


def test_final_places_need_a_complete_bracket() -> None:
    matches = structure(8, third_place=True)
    winners = play(matches, 8)
    del winners["3P"]
    with pytest.raises(BracketError, match=r"^3P: not played yet"):
        final_places(matches, 8, winners)
    with pytest.raises(BracketError, match=r"^QF1: not played yet"):
        final_places(matches, 8, {})


def test_a_correction_that_changes_a_later_match() -> None:
    matches = structure(8)
    winners = {"QF1": 1, "QF2": 4, "QF3": 2, "QF4": 3, "SF1": 1}
    assert stale(matches, 8, winners) == []
    assert stale(matches, 8, {**winners, "QF1": 8}) == ["SF1"]
    # later matches count a refused result as not played
    assert stale(matches, 8, {**winners, "SF2": 2, "F": 1, "QF1": 8}) == ["SF1", "F"]
    # SF1's winner still plays it, against another opponent: not stale, but changed
    assert stale(matches, 8, {**winners, "QF2": 5}) == []
    assert changed(matches, 8, winners, {**winners, "QF2": 5}) == ["SF1"]
    assert changed(matches, 8, winners, {**winners, "QF3": 7}) == []


def test_progress_tells_next_matches_and_who_is_out() -> None:
    matches = structure(8, places=True)
    status = progress(matches, 8, {"QF1": 8, "QF2": 4})
    assert (status[8].next_match, status[8].knocked_out) == ("SF1", None)
    assert (status[1].next_match, status[1].knocked_out) == ("P5-8.1", "QF1")
    assert (status[2].next_match, status[2].knocked_out) == ("QF3", None)
    status = progress(structure(5), 5, {})
    assert status[1].next_match == "SF1"  # a bye, then a semi-final waiting for its opponent
    done = progress(structure(4), 4, {"SF1": 1, "SF2": 2, "F": 2})
    assert [(s.next_match, s.knocked_out) for s in done.values()] == [
        (None, "F"), (None, None), (None, "SF2"), (None, "SF1")]


# --- every field, random results ------------------------------------------------------------


@settings(max_examples=300)
@given(st.integers(2, 40), st.booleans(), st.booleans(), st.randoms(use_true_random=False))
def test_any_bracket_played_to_the_end(n: int, third: bool, every_place: bool,
                                       rng: random.Random) -> None:
    matches = structure(n, third_place=third, places=every_place)
    ids = by_id(matches)
    assert len(ids) == len(matches)
    for m in matches:  # rule 7: where a match's winner and loser go is where they come from
        for target, slot in ((m.winner_to, Slot(winner_of=m.id)),
                             (m.loser_to, Slot(loser_of=m.id))):
            assert target is None or slot in ids[target].slots
    assert max(m.round for m in matches) == rounds(n)
    winners: dict[str, int] = {}
    for round_number in range(1, rounds(n) + 1):
        resolved = resolve(matches, n, winners)
        # rule 9: once earlier rounds are decided, each match of the round is a table, a
        # bye or void; a seed sits at one table at most
        assert all(r.table or r.bye or r.void for r in resolved.values()
                   if r.match.round == round_number)
        tables = playable(resolved, round_number)
        seats = [s for r in tables for s in r.sides]
        assert len(seats) == len(set(seats))
        for r in tables:
            winners[r.match.id] = rng.choice([s for s in r.sides if isinstance(s, int)])
    places = final_places(matches, n, winners)
    assert sorted(p.seed for p in places) == list(range(1, n + 1))
    assert [p.place for p in places] == list(range(1, n + 1))
    assert places[0].seed == winners["F"]
    if every_place:
        assert {p.by for p in places} <= {"final", "third place", "places"}
        if n == size_for(n):
            assert played_count(matches, n, winners) == Counter(
                dict.fromkeys(range(1, n + 1), rounds(n)))
    if (third or every_place) and n >= 3:
        assert places[2].by == "third place"
    status = progress(matches, n, winners)
    assert all(s.next_match is None for s in status.values())
    assert [s.seed for s in status.values() if s.knocked_out is None] == [winners["F"]]


@pytest.mark.parametrize("n", range(2, 41))
def test_when_seeds_always_win_the_best_meet_latest(n: int) -> None:
    matches = structure(n, places=True)
    winners = play(matches, n)
    for r in resolve(matches, n, winners).values():
        if r.match.lo == 1 and r.table:
            a, b = r.sides
            assert isinstance(a, int) and isinstance(b, int)
            # in the main round of s teams, seed i meets seed s+1-i
            assert a + b == r.match.hi + 1
            assert {a, b} != {1, 2} or r.match.id == "F"
    places = final_places(matches, n, winners)
    assert [(p.place, p.seed) for p in places] == [(i, i) for i in range(1, n + 1)]
