"""Pairing a round of a Swiss tournament: a maximum-weight matching.

Rules, in order of importance (each one outweighs all the ones after it):

1. Every active team plays exactly once per round; with an odd count one team gets the bye.
2. No team gets a second bye while a team without one can take it (hard rule).
3. No rematch, unless no pairing without one exists; then as few rematches as possible,
   and the pairing says which.
4. The bye goes to the lowest-ranked team that can take it.
5. Teams meet teams of the same score group where possible (the smallest standing
   difference); inside a group of g teams, a team ranked at position p meets the team
   g/2 places below (the top half against the bottom half).  When every team is its own
   group (ranking by total points), this pairs 1-2, 3-4, ...
6. The same input always gives the same pairing: the graph is built in ranking order and
   the matcher is deterministic.

Hard rules are missing edges; rules 3-5 are packed into one integer weight per edge, with
each level scaled above the largest possible sum of the levels below it.  Round 1 is a
seeded random draw (or registration order).  Large fields first try a narrow graph without
rematches: each team's edges reach a window of places past its ideal opponent (rule 5),
not counting teams it already met, and only the lowest-ranked eligible team can take the bye
(rule 4); the window widens, up to the complete graph, only when that graph has no complete
pairing.

Input is never mutated; teams are plain ids in ranking order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

#: below this many teams the graph is complete; above it, teams first meet their neighbours
COMPLETE_UP_TO = 64
FIRST_WINDOW = 40


@dataclass(frozen=True)
class Contender:
    """A team to pair: its id, its score group (0 = the leaders) and whether it had a bye."""

    team: int
    group: int
    had_bye: bool = False


@dataclass(frozen=True)
class Pairing:
    """A round's tables in ranking order (higher-ranked team first), the bye, the rematches."""

    tables: tuple[tuple[int, int], ...]
    bye: int | None
    rematches: tuple[tuple[int, int], ...] = ()


def draw(teams: Sequence[int], seed: int | None) -> Pairing:
    """Round 1: a seeded random draw (``seed=None``: registration order), pairs in order."""
    order = list(teams)
    if seed is not None:
        random.Random(seed).shuffle(order)
    bye = order.pop() if len(order) % 2 else None
    return Pairing(tuple((order[i], order[i + 1]) for i in range(0, len(order), 2)), bye)


def _pair_key(a: int, b: int) -> frozenset[int]:
    return frozenset((a, b))


def weights(contenders: Sequence[Contender], played: frozenset[frozenset[int]],
            window: int | None) -> list[tuple[int, int, int]]:
    """Edges ``(i, j, weight)`` between ranking positions; node ``n`` is the bye.

    Each edge's cost has five levels, most important first: rematch (rule 3), bye rank
    (rule 4), squared score-group gap, squared distance from the ideal opponent (rule 5),
    and that distance weighted by rank, so the best-ranked teams get their ideal opponent
    first.  Each level's unit exceeds the largest sum the levels below can reach in one
    pairing, so the matching optimises them in that order.
    """
    n = len(contenders)
    sizes: dict[int, int] = {}
    for contender in contenders:
        sizes[contender.group] = sizes.get(contender.group, 0) + 1
    # raw levels per edge: (i, j, rematch, gap², deviation², weighted deviation)
    raw: list[tuple[int, int, int, int, int, int]] = []
    for i in range(n):
        a = contenders[i]
        half = max(sizes[a.group] // 2, 1)
        # a narrow graph reaches ``window`` places past the ideal opponent (rule 5: i + half);
        # teams already met do not use up the window, so a leader who met many still has
        # as many candidates as anybody
        last = n if window is None else min(n, i + half + window + 1)
        j = i
        while j + 1 < last:
            j += 1
            b = contenders[j]
            rematch = frozenset((a.team, b.team)) in played
            if rematch and window is not None:
                last = min(n, last + 1)
                continue  # the narrow graphs look for a pairing without rematches
            gap = b.group - a.group
            deviation = (j - i - half) ** 2
            raw.append((i, j, int(rematch), gap * gap, deviation, deviation * (n - i)))
    byes: list[tuple[int, int, int]] = []  # (i, bye rank cost, forced second bye)
    if n % 2:
        anyone = all(c.had_bye for c in contenders)  # everybody had one: rule 2 gives way
        eligible = [i for i, c in enumerate(contenders) if anyone or not c.had_bye]
        if window is not None:
            eligible = eligible[-1:]  # a narrow graph offers only rule 4's bye
        byes = [(i, n - 1 - i, int(contenders[i].had_bye)) for i in eligible]
    tables = n // 2 + 1
    most_weighted = tables * max((r[5] for r in raw), default=0)
    unit_deviation = most_weighted + 1
    most_deviation = tables * max((r[4] for r in raw), default=0) * unit_deviation + most_weighted
    unit_gap = most_deviation + 1
    most_gap = tables * max((r[3] for r in raw), default=0) * unit_gap + most_deviation
    unit_bye = most_gap + 1
    most_bye = max((b[1] for b in byes), default=0) * unit_bye + most_gap
    unit_rematch = most_bye + 1
    top = (tables + 1) * unit_rematch + most_bye + 1
    edges = [
        (i, j, top - (rematch * unit_rematch + gap * unit_gap + deviation * unit_deviation
                      + weighted))
        for i, j, rematch, gap, deviation, weighted in raw
    ]
    edges += [(i, n, top - (rank * unit_bye + forced * unit_rematch)) for i, rank, forced in byes]
    return edges


def _match(size: int, edges: list[tuple[int, int, int]]) -> set[tuple[int, int]]:
    import rustworkx as rx  # the matcher loads only when a round is paired

    graph = rx.PyGraph()
    graph.add_nodes_from(range(size))
    graph.add_edges_from(edges)
    matched: set[tuple[int, int]] = rx.max_weight_matching(
        graph, max_cardinality=True, weight_fn=lambda weight: int(weight)
    )
    return matched


def pair(contenders: Sequence[Contender], played: frozenset[frozenset[int]]) -> Pairing:
    """Pair a round by the rules above; ``contenders`` in ranking order, best first."""
    n = len(contenders)
    if n < 2:
        bye = contenders[0].team if contenders else None
        return Pairing((), bye)
    size = n + (n % 2)
    window: int | None = None if n <= COMPLETE_UP_TO else FIRST_WINDOW
    while True:
        edges = weights(contenders, played, window)
        matched = _match(size, edges)
        if len(matched) * 2 == size or window is None:
            break
        window = None if window * 2 >= n else window * 2
    tables: list[tuple[int, int]] = []
    bye = None
    for a, b in matched:
        i, j = min(a, b), max(a, b)
        if j == n:
            bye = contenders[i].team
        else:
            tables.append((i, j))
    tables.sort()
    pairs = tuple((contenders[i].team, contenders[j].team) for i, j in tables)
    rematches = tuple(p for p in pairs if _pair_key(*p) in played)
    return Pairing(pairs, bye, rematches)


def pairing_weight(contenders: Sequence[Contender], played: frozenset[frozenset[int]],
                   pairing: Pairing) -> int:
    """The total weight of a pairing (for checking optimality against brute force)."""
    edges = weights(contenders, played, None)
    position = {c.team: i for i, c in enumerate(contenders)}
    by_pair = {(i, j): w for i, j, w in edges}
    n = len(contenders)
    total = sum(by_pair[(position[a], position[b])] for a, b in pairing.tables)
    if pairing.bye is not None:
        total += by_pair[(position[pairing.bye], n)]
    return total
