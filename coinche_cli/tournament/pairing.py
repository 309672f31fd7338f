"""Pairing a round of a Swiss tournament: a maximum-weight matching.

Rules, in order of importance (each one outweighs all the ones after it):

1. Every active team plays exactly once per round; with an odd count one team gets the bye.
2. No team gets a second bye while a team without one can take it, and a team entering late
   does not sit out its first round while another team can take the bye (hard rules).
3. No rematch, unless no pairing without one exists; then as few rematches as possible,
   and the pairing says which.
4. The bye goes to the lowest-ranked team that can take it.
5. Teams meet teams of the same score group where possible (the smallest standing
   difference); inside a group of g teams, a team ranked at position p meets the team
   g/2 places below (the top half against the bottom half).  When every team is its own
   group (ranking by total points), this pairs 1-2, 3-4, ...
6. Last: two teams of the same club do not meet when another pairing as good by rules 1-5
   exists (clubs are only given when the tournament keeps them apart).
7. The same input always gives the same pairing: the graph is built in ranking order and
   the matcher is deterministic.

Hard rules are missing edges; rules 3-6 are packed into one integer weight per edge, with
each level scaled above the largest possible sum of the levels below it.  Round 1 is a
seeded random draw (or registration order) that keeps teams of one club apart when it can
(:func:`draw`).  Large fields first try a narrow graph without
rematches: each team's edges reach a window of places past its ideal opponent (rule 5),
not counting teams it already met, and only the lowest-ranked eligible team can take the bye
(rule 4); the window widens, up to the complete graph, only when that graph has no complete
pairing.

Input is never mutated; teams are plain ids in ranking order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

#: below this many teams the graph is complete; above it, teams first meet their neighbours
COMPLETE_UP_TO = 64
FIRST_WINDOW = 40


@dataclass(frozen=True)
class Contender:
    """A team to pair: its id, its score group (0 = the leaders), whether it had a bye,
    whether it enters late (this round is its first), and its club ("" for none)."""

    team: int
    group: int
    had_bye: bool = False
    late: bool = False
    club: str = ""


@dataclass(frozen=True)
class Pairing:
    """A round's tables in ranking order (higher-ranked team first), the bye, the rematches."""

    tables: tuple[tuple[int, int], ...]
    bye: int | None
    rematches: tuple[tuple[int, int], ...] = ()


def draw(teams: Sequence[int], seed: int | None,
         clubs: Mapping[int, str] | None = None) -> Pairing:
    """Round 1: a seeded random draw (``seed=None``: registration order), pairs in order.

    With ``clubs`` (team -> club, "" for none), two teams of one club are not drawn together
    when the draw can avoid it: the bye goes to the biggest club when the others could not
    all meet outsiders, then each pair of clubmates swaps with a pair of two outsiders, which
    always exists while no club holds more than half the teams (so the draw keeps as few
    clubmates together as possible).
    """
    order = list(teams)
    if seed is not None:
        random.Random(seed).shuffle(order)
    club = {team: (clubs or {}).get(team, "") for team in order}
    bye = None
    if len(order) % 2:
        bye = order[-1]
        sizes = Counter(c for c in club.values() if c)
        biggest = sizes.most_common(1)[0] if sizes else ("", 0)
        if biggest[1] > (len(order) - 1) // 2 and club[bye] != biggest[0]:
            bye = next(t for t in reversed(order) if club[t] == biggest[0])
        order.remove(bye)
    pairs = [[order[i], order[i + 1]] for i in range(0, len(order), 2)]

    def together(pair: list[int]) -> bool:
        return bool(club[pair[0]]) and club[pair[0]] == club[pair[1]]

    changed = True
    while changed:
        changed = False
        for first in pairs:
            if not together(first):
                continue
            mates = club[first[0]]
            other = next((p for p in pairs if mates not in (club[p[0]], club[p[1]])), None)
            if other is not None:
                first[1], other[0] = other[0], first[1]
                changed = True
    return Pairing(tuple((a, b) for a, b in pairs), bye)


def _pair_key(a: int, b: int) -> frozenset[int]:
    return frozenset((a, b))


def weights(contenders: Sequence[Contender], played: frozenset[frozenset[int]],
            window: int | None) -> list[tuple[int, int, int]]:
    """Edges ``(i, j, weight)`` between ranking positions; node ``n`` is the bye.

    Each edge's cost has six levels, most important first: rematch (rule 3, and a forced
    second bye), bye rank (rule 4), squared score-group gap, squared distance from the ideal
    opponent (rule 5), that distance weighted by rank (so the best-ranked teams get their
    ideal opponent first), and clubmates meeting (rule 6).  Each level's unit exceeds the
    largest sum the levels below can reach in one pairing, so the matching optimises them in
    that order.
    """
    n = len(contenders)
    sizes: dict[int, int] = {}
    for contender in contenders:
        sizes[contender.group] = sizes.get(contender.group, 0) + 1
    # per edge: (i, j, (rematch, bye rank, gap², deviation², weighted deviation, clubmates))
    costs: list[tuple[int, int, tuple[int, ...]]] = []
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
            mates = bool(a.club) and a.club == b.club
            costs.append((i, j, (int(rematch), 0, gap * gap, deviation, deviation * (n - i),
                                 int(mates))))
    if n % 2:
        costs += [(i, n, (int(contenders[i].had_bye), n - 1 - i, 0, 0, 0, 0))
                  for i in _bye_candidates(contenders, window)]
    tables = n // 2 + 1
    # how many edges of one pairing can carry each level: the bye level, only the bye edge
    counts = (tables + 1, 1, tables, tables, tables, tables)
    units = [0] * len(counts)
    below = 0
    for level in reversed(range(len(counts))):
        units[level] = below + 1
        most = max((cost[level] for _, _, cost in costs), default=0)
        below += counts[level] * most * units[level]
    top = below + 1  # every weight stays positive
    return [(i, j, top - sum(c * u for c, u in zip(cost, units, strict=True)))
            for i, j, cost in costs]


def _bye_candidates(contenders: Sequence[Contender], window: int | None) -> list[int]:
    """Who may take the bye (rule 2): a team without one that is not entering late, else a
    team without one, else anybody; a narrow graph offers only the lowest-ranked (rule 4)."""
    fresh = [i for i, c in enumerate(contenders) if not c.had_bye]
    settled = [i for i in fresh if not contenders[i].late]
    eligible = settled or fresh or list(range(len(contenders)))
    return eligible[-1:] if window is not None else eligible


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
