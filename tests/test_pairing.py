"""Swiss pairing (``coinche_cli/pairing.py``): the rules of its docstring, on generated
tournaments and on examples.

The generated tournaments are played the way a club plays them: round 1 drawn, every later
round paired by ``pair`` itself on the standings of random results, with teams dropping out
and late entries joining with no history.  Arbitrary histories (dense ones force rematches
and second byes) are checked too.  Fields of up to 12 teams are checked against brute force
over every legal pairing (a memoised search over the subsets of teams still to seat);
larger ones against a plain matching that counts the fewest rematches possible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from coinche_cli.tournament.pairing import (
    COMPLETE_UP_TO,
    Contender,
    Pairing,
    draw,
    pair,
    weights,
)

Played = frozenset[frozenset[int]]
BRUTE_FORCE_UP_TO = 12


def met(*pairs: tuple[int, int]) -> Played:
    return frozenset(frozenset(p) for p in pairs)


def field(*groups: int, byes: Sequence[int] = ()) -> list[Contender]:
    """Teams 1, 2, … in ranking order with the given score groups."""
    return [Contender(t, g, t in byes) for t, g in enumerate(groups, start=1)]


# --- simulated tournaments ------------------------------------------------------------------


@dataclass
class Club:
    """A tournament in progress: the active teams, their results so far, who met whom."""

    teams: list[int]
    wins: dict[int, int]
    points: dict[int, int]
    byes: set[int]
    played: set[frozenset[int]]
    ranking: str
    next_id: int

    def contenders(self) -> list[Contender]:
        """The active teams in ranking order with their score groups (as
        ``tournaments.contenders`` builds them: a new group wherever the ranking value changes)."""
        if self.ranking == "wins":
            order = sorted(self.teams, key=lambda t: (-self.wins[t], -self.points[t], t))
            values = [self.wins[t] for t in order]
        else:
            order = sorted(self.teams, key=lambda t: (-self.points[t], t))
            values = [self.points[t] for t in order]
        groups: list[int] = []
        for index, value in enumerate(values):
            groups.append(0 if index == 0 else groups[-1] + (value != values[index - 1]))
        return [Contender(t, g, t in self.byes) for t, g in zip(order, groups, strict=True)]

    def play(self, result: Pairing, rng: random.Random) -> None:
        for a, b in result.tables:
            self.played.add(frozenset((a, b)))
            score_a, score_b = rng.choice([(0, 162), (162, 0), (81, 81), (rng.randint(0, 162),
                                                                          rng.randint(0, 162))])
            self.points[a] += score_a
            self.points[b] += score_b
            if score_a != score_b:
                self.wins[a if score_a > score_b else b] += 1
        if result.bye is not None:
            self.byes.add(result.bye)
            self.wins[result.bye] += 1
            self.points[result.bye] += 81

    def enter(self) -> None:
        team = self.next_id
        self.next_id += 1
        self.teams.append(team)
        self.wins[team] = self.points[team] = 0


@st.composite
def tournaments(draw_: st.DrawFn, smallest: int = 2, largest: int = 40,
                most_rounds: int = 7) -> list[tuple[list[Contender], Played]]:
    """Every round's input to ``pair`` (contenders in ranking order, pairs already played) of
    a tournament run by ``pair`` itself, from round 2 on."""
    n = draw_(st.integers(smallest, largest))
    rounds = draw_(st.integers(1, most_rounds))
    ranking = draw_(st.sampled_from(["wins", "points"]))
    drop_rate = draw_(st.sampled_from([0.0, 0.0, 0.3, 0.6]))
    entry_rate = draw_(st.sampled_from([0.0, 0.0, 0.2, 0.5]))
    rng = draw_(st.randoms(use_true_random=False))
    teams = list(range(1, n + 1))
    club = Club(teams, dict.fromkeys(teams, 0), dict.fromkeys(teams, 0), set(), set(), ranking,
                n + 1)
    club.play(draw(teams, draw_(st.none() | st.integers(0, 2**32))), rng)
    states = []
    for _ in range(rounds):
        while len(club.teams) > 2 and rng.random() < drop_rate:
            club.teams.remove(rng.choice(club.teams))
        while rng.random() < entry_rate:
            club.enter()
        contenders = club.contenders()
        played = frozenset(club.played)
        states.append((contenders, played))
        club.play(pair(contenders, played), rng)
    return states


@st.composite
def arbitrary(draw_: st.DrawFn, largest: int = BRUTE_FORCE_UP_TO) -> tuple[list[Contender], Played]:
    """Any field (score groups non-decreasing, any byes) and any history, dense ones included:
    the forced rematches and forced byes that short tournaments rarely reach."""
    n = draw_(st.integers(2, largest))
    steps = draw_(st.lists(st.booleans(), min_size=n, max_size=n))
    byes = draw_(st.lists(st.booleans(), min_size=n, max_size=n))
    ids = draw_(st.permutations(range(100, 100 + n)))
    group = 0
    contenders = []
    for team, step, bye in zip(ids, steps, byes, strict=True):
        group += step
        contenders.append(Contender(team, group, bye))
    density = draw_(st.sampled_from([0.0, 0.2, 0.5, 0.8, 1.0]))
    flags = draw_(st.lists(st.floats(0, 1, exclude_max=True), min_size=n * (n - 1) // 2,
                           max_size=n * (n - 1) // 2))
    pairs = [(a.team, b.team) for i, a in enumerate(contenders) for b in contenders[i + 1:]]
    played = frozenset(frozenset(p) for p, f in zip(pairs, flags, strict=True) if f < density)
    return contenders, played


# --- independent oracles --------------------------------------------------------------------


Cost = tuple[int, int, int]


def pairing_weight(contenders: Sequence[Contender], played: Played, pairing: Pairing) -> int:
    """The total weight of a pairing on the whole graph, as the matcher weighs it: what the
    brute force's best is compared with."""
    edges = weights(contenders, played, None)
    position = {c.team: i for i, c in enumerate(contenders)}
    by_pair = {(i, j): w for i, j, w in edges}
    n = len(contenders)
    total = sum(by_pair[(position[a], position[b])] for a, b in pairing.tables)
    if pairing.bye is not None:
        total += by_pair[(position[pairing.bye], n)]
    return total


def brute_force(contenders: Sequence[Contender], played: Played) -> tuple[int, Cost, Cost | None]:
    """Over every legal pairing (the bye as an extra node; no second bye while a team without
    one is left): the largest total weight of ``weights(…, None)``; the smallest cost
    (rematches, the bye's rank from the bottom, Σ squared score-group gap), compared in that
    order; and the smallest cost when the lowest-ranked eligible team sits out (``None`` when
    it cannot)."""
    n = len(contenders)
    size = n + n % 2
    full = (1 << size) - 1
    edge = {(i, j): w for i, j, w in weights(contenders, played, None)}
    anyone = all(c.had_bye for c in contenders)
    memo: dict[int, tuple[int, Cost] | None] = {}

    def cost(i: int, j: int) -> Cost:
        if j == n:
            return (0, n - 1 - i, 0)
        a, b = contenders[i], contenders[j]
        return (int(frozenset((a.team, b.team)) in played), 0, (b.group - a.group) ** 2)

    def add(x: Cost, y: Cost) -> Cost:
        return (x[0] + y[0], x[1] + y[1], x[2] + y[2])

    def best(mask: int) -> tuple[int, Cost] | None:
        if mask == full:
            return (0, (0, 0, 0))
        if mask in memo:
            return memo[mask]
        i = (~mask & (mask + 1)).bit_length() - 1  # the first free node
        heaviest: int | None = None
        cheapest: Cost | None = None
        for j in range(i + 1, size):
            if mask >> j & 1:
                continue
            legal = j < n or anyone or not contenders[i].had_bye
            assert ((i, j) in edge) == legal  # hard rules are missing edges, nothing else
            rest = best(mask | 1 << i | 1 << j) if legal else None
            if rest is None:
                continue
            weight, here = rest[0] + edge[(i, j)], add(rest[1], cost(i, j))
            heaviest = weight if heaviest is None else max(heaviest, weight)
            cheapest = here if cheapest is None else min(cheapest, here)
        memo[mask] = None if heaviest is None or cheapest is None else (heaviest, cheapest)
        return memo[mask]

    overall = best(0)
    assert overall is not None  # a complete graph always has a legal pairing
    with_last = None
    if n % 2:
        last = lowest_eligible(contenders)
        rest = best((1 << last) | (1 << n))
        if rest is not None:
            with_last = add(rest[1], cost(last, n))
    return overall[0], overall[1], with_last


def fewest_rematches(contenders: Sequence[Contender], played: Played,
                     sitting_out: int | None = None) -> int:
    """The fewest rematches of any legal pairing, by a plain matching (weight 2 for a new
    pair, 1 for a rematch, every legal bye allowed) instead of ``pair``'s weights; with
    ``sitting_out`` (a ranking position), that team is the bye."""
    import rustworkx as rx  # the oracle matches like pair does, separately

    n = len(contenders)
    anyone = all(c.had_bye for c in contenders)
    graph = rx.PyGraph()
    graph.add_nodes_from(range(n + n % 2))
    kept = [i for i in range(n) if i != sitting_out]
    for x, i in enumerate(kept):
        for j in kept[x + 1:]:
            rematch = frozenset((contenders[i].team, contenders[j].team)) in played
            graph.add_edge(i, j, 1 if rematch else 2)
        if n % 2 and sitting_out is None and (anyone or not contenders[i].had_bye):
            graph.add_edge(i, n, 2)
    matched = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    assert len(matched) == len(kept) // 2 + (n % 2 and sitting_out is None)
    return sum(
        frozenset((contenders[a].team, contenders[b].team)) in played
        for a, b in matched if n not in (a, b)
    )


def lowest_eligible(contenders: Sequence[Contender]) -> int:
    """The ranking position of the lowest-ranked team that can take the bye."""
    anyone = all(c.had_bye for c in contenders)
    return max(i for i, c in enumerate(contenders) if anyone or not c.had_bye)


# --- the invariants -------------------------------------------------------------------------


def check_pairing(contenders: list[Contender], played: Played, *, exact: bool = True) -> Pairing:
    """Pair ``contenders`` and check every rule that must hold; ``exact``: also against the
    oracles (brute force up to 12 teams, the plain matching above that)."""
    before = list(contenders)
    played_before = set(played)
    result = pair(contenders, played)
    n = len(contenders)
    position = {c.team: i for i, c in enumerate(contenders)}

    # the input is untouched and the same input gives the same pairing
    assert contenders == before
    assert set(played) == played_before
    assert pair(list(contenders), frozenset(played)) == result
    assert pair(tuple(contenders), played) == result

    # rule 1: every team exactly once, a bye exactly when the count is odd
    seated = [t for table in result.tables for t in table]
    everyone = seated + ([] if result.bye is None else [result.bye])
    assert sorted(everyone) == sorted(position)
    assert (result.bye is not None) == (n % 2 == 1)
    assert len(result.tables) == n // 2

    # tables in ranking order, the higher-ranked team first
    assert all(position[a] < position[b] for a, b in result.tables)
    firsts = [position[a] for a, _ in result.tables]
    assert firsts == sorted(firsts)

    # rule 3's report: exactly the tables that are rematches, in table order
    assert result.rematches == tuple(t for t in result.tables if frozenset(t) in played)

    # rule 2: no second bye while a team without one is left
    if result.bye is not None and any(not c.had_bye for c in contenders):
        assert not contenders[position[result.bye]].had_bye

    if not exact:
        return result
    if n <= BRUTE_FORCE_UP_TO:
        best_weight, best_cost, with_last = brute_force(contenders, played)
        # rules 3-5 in order: fewest rematches, then the bye lowest, then the smallest gaps
        got = cost_of(contenders, played, result)
        assert got == best_cost
        # the matcher found the maximum of its own weights
        assert pairing_weight(contenders, played, result) == best_weight
        # rule 4: the lowest-ranked eligible team sits out unless that costs a rematch
        if with_last is not None and with_last[0] == best_cost[0]:
            assert result.bye == contenders[lowest_eligible(contenders)].team
    else:
        fewest = fewest_rematches(contenders, played)
        assert len(result.rematches) == fewest
        if n % 2:
            last = lowest_eligible(contenders)
            if fewest_rematches(contenders, played, sitting_out=last) == fewest:
                assert result.bye == contenders[last].team
    return result


def cost_of(contenders: Sequence[Contender], played: Played,
            result: Pairing) -> tuple[int, int, int]:
    position = {c.team: i for i, c in enumerate(contenders)}
    gaps = sum((contenders[position[b]].group - contenders[position[a]].group) ** 2
               for a, b in result.tables)
    bye = 0 if result.bye is None else len(contenders) - 1 - position[result.bye]
    return (len(result.rematches), bye, gaps)


# --- generated ------------------------------------------------------------------------------


@settings(max_examples=250)
@given(tournaments(largest=BRUTE_FORCE_UP_TO, most_rounds=12))
def test_small_tournaments_are_paired_optimally(
    states: list[tuple[list[Contender], Played]],
) -> None:
    for contenders, played in states:
        check_pairing(contenders, played)


@settings(max_examples=100)
@given(tournaments(smallest=13, largest=40, most_rounds=6))
def test_larger_tournaments_keep_the_rules(states: list[tuple[list[Contender], Played]]) -> None:
    for contenders, played in states:
        result = check_pairing(contenders, played)
        if not played:
            assert result.rematches == ()


@settings(max_examples=350)
@given(arbitrary())
def test_any_history_is_paired_optimally(case: tuple[list[Contender], Played]) -> None:
    check_pairing(*case)


@settings(max_examples=40)
@given(arbitrary(largest=40))
def test_any_history_of_a_larger_field_has_the_fewest_rematches(
    case: tuple[list[Contender], Played],
) -> None:
    check_pairing(*case)


@settings(max_examples=10)
@given(tournaments(smallest=COMPLETE_UP_TO + 1, largest=150, most_rounds=4))
def test_fields_paired_on_the_narrow_graph_keep_the_rules(
    states: list[tuple[list[Contender], Played]],
) -> None:
    for contenders, played in states:
        check_pairing(contenders, played)


@settings(max_examples=40)
@given(st.lists(st.integers(0, 10**6), unique=True, max_size=41), st.none() | st.integers())
def test_the_draw_seats_everyone_once(teams: list[int], seed: int | None) -> None:
    before = list(teams)
    result = draw(teams, seed)
    assert teams == before
    assert draw(teams, seed) == result
    seated = [t for table in result.tables for t in table]
    assert sorted(seated + ([] if result.bye is None else [result.bye])) == sorted(teams)
    assert (result.bye is not None) == (len(teams) % 2 == 1)
    assert result.rematches == ()


# --- the rules, by example ------------------------------------------------------------------


def test_one_score_group_top_half_meets_bottom_half() -> None:
    assert pair(field(0, 0, 0, 0, 0, 0, 0, 0), frozenset()).tables == (
        (1, 5), (2, 6), (3, 7), (4, 8),
    )


def test_each_score_group_is_split_in_halves() -> None:
    # after round 1 of 8 teams: 4 winners then 4 losers
    assert pair(field(0, 0, 0, 0, 1, 1, 1, 1), frozenset()).tables == (
        (1, 3), (2, 4), (5, 7), (6, 8),
    )


def test_ranking_by_points_pairs_neighbours() -> None:
    assert pair(field(0, 1, 2, 3), frozenset()).tables == ((1, 2), (3, 4))
    assert pair(field(*range(10)), frozenset()).tables == (
        (1, 2), (3, 4), (5, 6), (7, 8), (9, 10),
    )


def test_an_odd_group_sends_its_last_team_down() -> None:
    # 3 leaders, 3 others: the third leader meets the best of the next group
    assert pair(field(0, 0, 0, 1, 1, 1), frozenset()).tables == ((1, 2), (3, 4), (5, 6))


def test_a_rematch_is_avoided_by_swapping() -> None:
    result = pair(field(0, 1, 2, 3), met((1, 2)))
    assert result.tables == ((1, 3), (2, 4))
    assert result.rematches == ()


def test_the_odd_team_out_is_the_lowest_ranked_without_a_bye() -> None:
    assert pair(field(0, 0, 0, 0, 0, 0, 0), frozenset()).bye == 7
    assert pair(field(0, 0, 0, 0, 0, 0, 0, byes=[7]), frozenset()).bye == 6
    assert pair(field(0, 1, 2, 3, 4, byes=[3, 4, 5]), frozenset()).bye == 2


def test_no_second_bye_even_at_the_price_of_a_rematch() -> None:
    # team 3 is the only one without a bye; it sits out although 1 and 2 met already
    result = pair(field(0, 0, 0, byes=[1, 2]), met((1, 2), (1, 3), (2, 3)))
    assert result.bye == 3
    assert result.tables == ((1, 2),)
    assert result.rematches == ((1, 2),)


def test_when_everyone_had_a_bye_the_lowest_ranked_sits_out_again() -> None:
    assert pair(field(0, 0, 1, 1, 2, byes=[1, 2, 3, 4, 5]), frozenset()).bye == 5


def test_the_bye_moves_up_when_the_last_team_sitting_out_would_force_a_rematch() -> None:
    # team 4 met every other team: if it plays, it plays a rematch, so it sits out (rule 3
    # outweighs rule 4) and team 5 plays
    result = pair(field(0, 1, 2, 3, 4), met((1, 4), (2, 4), (3, 4), (4, 5)))
    assert result.bye == 4
    assert result.rematches == ()


def test_a_team_that_met_all_but_one_meets_that_one() -> None:
    result = pair(field(0, 0, 0, 0, 0, 0), met((1, 2), (1, 3), (1, 4), (1, 5)))
    assert (1, 6) in result.tables
    assert result.rematches == ()


def test_four_teams_after_a_round_robin_rematch_and_say_so() -> None:
    everyone = met((1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))
    result = pair(field(0, 1, 2, 3), everyone)
    assert len(result.tables) == 2
    assert result.rematches == result.tables
    assert result.tables == ((1, 2), (3, 4))  # then still by the ranking


def test_only_the_unavoidable_rematch_is_played() -> None:
    # 6 teams after 5 rounds of a round robin missing 1-2 and 3-4 and 5-6: exactly 0
    all_pairs = [(a, b) for a in range(1, 7) for b in range(a + 1, 7)]
    result = pair(field(*range(6)), met(*[p for p in all_pairs if p not in {(1, 2), (3, 4),
                                                                           (5, 6)}]))
    assert result.tables == ((1, 2), (3, 4), (5, 6))
    assert result.rematches == ()
    # remove 5-6 from the possibilities: one rematch is unavoidable, and only one
    result = pair(field(*range(6)), met(*[p for p in all_pairs if p not in {(1, 2), (3, 4)}]))
    assert len(result.rematches) == 1


def test_fewer_than_two_teams() -> None:
    assert pair([], frozenset()) == Pairing((), None)
    assert pair(field(0), frozenset()) == Pairing((), 1)


def test_the_draw_with_a_seed_is_reproducible() -> None:
    teams = list(range(1, 25))
    first = draw(teams, 7)
    assert draw(teams, 7) == first
    assert {draw(teams, seed) for seed in range(5)} != {first}  # seeds give other draws
    assert teams == list(range(1, 25))


def test_the_draw_without_a_seed_is_registration_order() -> None:
    assert draw([10, 20, 30, 40, 50], None) == Pairing(((10, 20), (30, 40)), 50)
    assert draw([3, 1, 2, 4], None) == Pairing(((3, 1), (2, 4)), None)


def test_the_narrow_graph_still_splits_a_large_score_group_in_halves() -> None:
    # round 2 of 200 teams: 100 winners then 100 losers, nobody met anybody of their group
    contenders = field(*([0] * 100 + [1] * 100))
    round1 = met(*[(i, 100 + i) for i in range(1, 101)])
    result = pair(contenders, round1)
    assert result.tables[:3] == ((1, 51), (2, 52), (3, 53))
    assert result.tables == tuple((i, i + 50) for i in range(1, 51)) + tuple(
        (i, i + 50) for i in range(101, 151)
    )


def test_the_narrow_graph_gives_the_bye_to_the_lowest_ranked_eligible_team() -> None:
    # 65 teams ranked by points; the 64th met the 40 teams just above it, so the narrow graph
    # (40 places) could only seat it against the 65th.  Rule 4 still wants the 65th to sit
    # out: the 64th can meet a team ranked higher up, with no rematch.
    contenders = field(*range(65))
    played = met(*[(k, 64) for k in range(24, 64)])
    result = check_pairing(contenders, played, exact=False)
    assert result.bye == 65
    assert result.rematches == ()
    assert fewest_rematches(contenders, played, sitting_out=64) == 0


def test_a_rematch_displaces_the_lower_ranked_teams_first() -> None:
    # 2 and 6 met: 1 keeps its ideal opponent 5 and 4 keeps 8; 2 and 3 swap opponents
    assert pair(field(0, 0, 0, 0, 0, 0, 0, 0), met((2, 6))).tables == (
        (1, 5), (2, 7), (3, 6), (4, 8),
    )


def test_a_pairing_out_of_the_narrow_graphs_reach_avoids_the_rematch() -> None:
    # 66 teams ranked by points: the leader met the 41 teams below it, all within the first
    # narrow graph; it must meet the 43rd or lower rather than play a rematch
    contenders = field(*range(66))
    played = met(*[(1, k) for k in range(2, 43)])
    result = check_pairing(contenders, played)
    assert result.rematches == ()
    assert next(b for a, b in result.tables if a == 1) >= 43


# ---------------------------------------------------------------- late entries and clubs


def test_a_late_entry_does_not_sit_out_its_first_round() -> None:
    # five teams; the lowest-ranked has just entered: the bye goes to the one above it
    contenders = [Contender(t, g) for t, g in ((1, 0), (2, 0), (3, 1), (4, 1))]
    contenders.append(Contender(5, 2, late=True))
    assert pair(contenders, frozenset()).bye == 4


def test_a_late_entry_sits_out_when_nobody_else_can() -> None:
    contenders = [Contender(1, 0, had_bye=True), Contender(2, 0, had_bye=True),
                  Contender(3, 1, late=True)]
    assert pair(contenders, frozenset()).bye == 3


def _matchings(n: int) -> list[list[tuple[int, int]]]:
    """Every pairing of positions 0..n-1 (node n is the bye when n is odd)."""
    def pairings(left: list[int]) -> list[list[tuple[int, int]]]:
        if not left:
            return [[]]
        first, rest = left[0], left[1:]
        return [[(first, other), *tail] for k, other in enumerate(rest)
                for tail in pairings(rest[:k] + rest[k + 1:])]
    return pairings(list(range(n + n % 2)))


def _as_pairing(contenders: Sequence[Contender], matching: list[tuple[int, int]]) -> Pairing:
    n = len(contenders)
    bye = next((contenders[i].team for i, j in matching if j == n), None)
    tables = tuple((contenders[i].team, contenders[j].team) for i, j in matching if j < n)
    return Pairing(tables, bye)


def _clubmates(contenders: Sequence[Contender], pairing: Pairing) -> int:
    club = {c.team: c.club for c in contenders}
    return sum(1 for a, b in pairing.tables if club[a] and club[a] == club[b])


@settings(max_examples=150)
@given(arbitrary(largest=8), st.data())
def test_clubmates_meet_only_as_the_last_priority(case: tuple[list[Contender], Played],
                                                  data: st.DataObject) -> None:
    """With clubs, the pairing is as good as without on every earlier rule, and among the
    pairings that good it has the fewest tables of clubmates (brute force)."""
    plain, played = case
    clubs = data.draw(st.lists(st.sampled_from(["", "Lyon", "Nice"]), min_size=len(plain),
                               max_size=len(plain)))
    with_clubs = [Contender(c.team, c.group, c.had_bye, c.late, club)
                  for c, club in zip(plain, clubs, strict=True)]
    chosen = pair(with_clubs, played)
    best = pairing_weight(plain, played, pair(plain, played))
    assert pairing_weight(plain, played, chosen) == best  # no earlier rule given up
    eligible = set(range(len(plain)))
    if len(plain) % 2:  # the bye follows rule 2, which is no weight
        eligible = {i for i, c in enumerate(plain) if not c.had_bye} or eligible
    candidates = [_as_pairing(with_clubs, m) for m in _matchings(len(plain))
                  if all(j < len(plain) or i in eligible for i, j in m)]
    fewest = min(_clubmates(with_clubs, p) for p in candidates
                 if pairing_weight(plain, played, p) == best)
    assert _clubmates(with_clubs, chosen) == fewest


@settings(max_examples=200)
@given(st.lists(st.sampled_from(["", "Lyon", "Nice", "Pau"]), min_size=2, max_size=21),
       st.integers(0, 1000))
def test_the_draw_keeps_clubmates_apart_whenever_it_can(clubs: list[str], seed: int) -> None:
    teams = list(range(1, len(clubs) + 1))
    club = dict(zip(teams, clubs, strict=True))
    done = draw(teams, seed, club)
    seated = [t for table in done.tables for t in table] + ([done.bye] if done.bye else [])
    assert sorted(seated) == teams

    def least(left: list[int]) -> int:  # clubmates no draw of these teams can avoid
        sizes = [sum(1 for t in left if club[t] == c) for c in {"Lyon", "Nice", "Pau"}]
        return max(0, max(sizes) - len(left) // 2)

    possible = least(teams) if len(teams) % 2 == 0 else min(
        least([t for t in teams if t != bye]) for bye in teams)
    together = sum(1 for a, b in done.tables if club[a] and club[a] == club[b])
    assert together == possible


def test_without_clubs_the_draw_is_unchanged() -> None:
    assert draw(range(1, 9), 42) == draw(range(1, 9), 42, dict.fromkeys(range(1, 9), ""))


@settings(max_examples=25)
@given(arbitrary(largest=30), st.integers(0, 3))
def test_the_fallback_is_exact_on_rematches_and_the_bye(
        case: tuple[list[Contender], Played], extra: int) -> None:
    """When no narrow graph pairs everybody without a rematch, the fallback still plays the
    fewest rematches and gives the bye as the complete graph would (rules 2-4)."""
    from coinche_cli.tournament.pairing import _match, fallback

    contenders, played = case
    n = len(contenders)
    size = n + n % 2
    exact = _match(size, weights(contenders, played, None))
    found = fallback(contenders, played)
    assert len(found) * 2 == size

    def summary(matched: set[tuple[int, int]]) -> tuple[int, int | None]:
        pairs = [(min(a, b), max(a, b)) for a, b in matched]
        rematches = sum(1 for i, j in pairs if j < n and frozenset(
            (contenders[i].team, contenders[j].team)) in played)
        bye = next((i for i, j in pairs if j == n), None)
        return rematches, bye

    assert summary(found) == summary(exact)


def test_weights_stay_inside_the_matchers_integers_up_to_ten_thousand_teams() -> None:
    from coinche_cli.tournament.pairing import WEIGHT_BITS, _units

    for n in (2_000, 3_000, 10_000):
        # the widest a complete graph can be: every team its own group, the bye at the end
        raw = [(0, n - 1, 1, n - 1, n - 1, 1)]
        byes = [(n - 1, 1, n - 1)]
        cap = n
        while _units(n, raw, byes, cap, 6)[1].bit_length() > WEIGHT_BITS:
            cap //= 2
        assert cap >= 32, n  # distances up to 32 places still count exactly
    field = [Contender(t, t) for t in range(10_000)]
    edges = weights(field, frozenset(), 40)
    assert max(w for _, _, w in edges).bit_length() <= WEIGHT_BITS
