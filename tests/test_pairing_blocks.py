"""Pairing a large field in blocks (``coinche_cli/tournament/pairing_blocks.py``).

Fields of about 2,000 teams (a few seconds at most each) are paired in blocks and on the
whole narrow graph, and must agree on what the rules put first: every team seated once, no
rematch, the bye to the lowest-ranked eligible team, the same Σ squared score-group gap.
Small fields exercise the blocks' merging with a block size forced small (``BLOCK_TEAMS``
and ``BLOCKS_ABOVE`` patched), against the oracles of ``tests/test_pairing.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings

from coinche_cli.tournament import pairing
from coinche_cli.tournament.pairing import Contender, Pairing, draw, pair
from coinche_cli.tournament.pairing_blocks import blocks_of, slots
from tests.test_pairing import (
    Club,
    Played,
    arbitrary,
    check_pairing,
    cost_of,
    lowest_eligible,
    tournaments,
)


@pytest.fixture
def small_blocks() -> Iterator[None]:
    """Blocks from 13 teams on, of 6 teams: small fields go through every merge."""
    saved = pairing.BLOCKS_ABOVE, pairing.BLOCK_TEAMS
    pairing.BLOCKS_ABOVE, pairing.BLOCK_TEAMS = 12, 6
    try:
        yield
    finally:
        pairing.BLOCKS_ABOVE, pairing.BLOCK_TEAMS = saved


def whole_graph(contenders: list[Contender], played: Played) -> Pairing:
    """The pairing of the whole field on one graph (blocks switched off)."""
    saved = pairing.BLOCKS_ABOVE
    pairing.BLOCKS_ABOVE = 10**9
    try:
        return pair(contenders, played)
    finally:
        pairing.BLOCKS_ABOVE = saved


def played_field(n: int, rounds: int, ranking: str, seed: int) -> tuple[list[Contender], Played]:
    """The input of round ``rounds + 1`` of an ``n``-team tournament paired by ``pair``."""
    rng = random.Random(seed)
    teams = list(range(1, n + 1))
    club = Club(teams, dict.fromkeys(teams, 0), dict.fromkeys(teams, 0), set(), set(), ranking,
                n + 1)
    club.play(draw(teams, seed), rng)
    for _ in range(rounds - 1):
        club.play(pair(club.contenders(), frozenset(club.played)), rng)
    return club.contenders(), frozenset(club.played)


def gap_squares(contenders: list[Contender], result: Pairing) -> int:
    return cost_of(contenders, frozenset(), result)[2]


@pytest.mark.parametrize(("n", "rounds", "ranking", "seed"), [
    (2_001, 1, "wins", 1),    # round 2 by wins: two large groups (and a bye)
    (2_000, 3, "wins", 2),    # odd groups: teams sent down a group, blocks merged
    (2_001, 3, "points", 3),  # small groups, the bye
])
def test_blocks_pair_a_large_field_as_the_whole_graph(n: int, rounds: int, ranking: str,
                                                      seed: int) -> None:
    contenders, played = played_field(n, rounds, ranking, seed)
    assert n > pairing.BLOCKS_ABOVE
    blocks = check_pairing(contenders, played)  # seated once, fewest rematches, the bye
    whole = whole_graph(contenders, played)
    assert blocks.rematches == whole.rematches == ()
    assert blocks.bye == whole.bye
    if n % 2:
        assert blocks.bye == contenders[lowest_eligible(contenders)].team
    assert gap_squares(contenders, blocks) == gap_squares(contenders, whole)


def test_a_field_of_normal_size_pairs_on_one_graph(monkeypatch: pytest.MonkeyPatch) -> None:
    """Up to BLOCKS_ABOVE teams the blocks are not even tried: a concours pairs as before."""
    from coinche_cli.tournament import pairing_blocks

    def no_blocks(*args: object, **kwargs: object) -> None:
        raise AssertionError("blocks tried")

    monkeypatch.setattr(pairing_blocks, "pair_in_blocks", no_blocks)
    contenders, played = played_field(pairing.BLOCKS_ABOVE, 2, "wins", 4)
    check_pairing(contenders, played)


def test_slots_hold_each_team_once_with_its_ideal_opponent() -> None:
    field = [Contender(t, g) for t, g in enumerate([0] * 7 + [1] * 4 + [2], start=1)]
    assert slots(field) == [(0, 3), (1, 4), (2, 5), (6,), (7, 9), (8, 10), (11,)]
    # a group of at most twice the block's teams stays whole; a block ends where the teams
    # above it are an even count (the bye's not counted)
    assert blocks_of(field, 4) == [list(range(11)), [11]]  # (11 teams: twice the size)
    assert blocks_of(field, 4, bye_team=6) == [list(range(7)), [7, 8, 9, 10], [11]]
    # a larger group is cut between slots, unless the block would be twice as large, and
    # never before its odd team out
    assert blocks_of(field, 2) == [[0, 3], [1, 4], [2, 5, 6, 7, 8, 9, 10], [11]]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tournaments(smallest=13, largest=60, most_rounds=5))
def test_blocks_keep_the_rules_in_played_tournaments(
        small_blocks: None, states: list[tuple[list[Contender], Played]]) -> None:
    for contenders, played in states:
        check_pairing(contenders, played)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(arbitrary(largest=40))
def test_blocks_never_rematch_when_a_pairing_can_avoid_it(
        small_blocks: None, case: tuple[list[Contender], Played]) -> None:
    """Any history, dense ones included: the blocks (or, when they give up, the whole field)
    seat everybody once with the fewest rematches and the bye where rule 4 puts it."""
    contenders, played = case
    check_pairing(contenders, played)
