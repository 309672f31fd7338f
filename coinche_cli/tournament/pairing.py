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
rematches: each team's edges reach a window of places around its ideal opponent (rule 5),
not counting teams it already met, and only the lowest-ranked eligible team can take the bye
(rule 4); the window widens only when that graph has no complete pairing, and when none has
:func:`fallback` pairs the round (exact on rules 2-4).  Every field, of any size, is paired
on that one graph: 1,000 teams (the room's budget) in about 0.3 s; larger fields too, slower.

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


#: The matcher's weights are 128-bit integers; the largest weight is kept below this many
#: bits so its sums and differences stay inside them too.
WEIGHT_BITS = 120
#: Levels of an edge's cost, most important first (see :func:`weights`).
LEVELS = ("rematch", "bye", "gap", "deviation", "weighted", "clubmates")


Raw = tuple[int, int, int, int, int, int]  # i, j, rematch, gap, distance, clubmates
Bye = tuple[int, int, int]  # i, a forced second bye, rank from the bottom


def weights(contenders: Sequence[Contender], played: frozenset[frozenset[int]],
            window: int | None) -> list[tuple[int, int, int]]:
    """Edges ``(i, j, weight)`` between ranking positions; node ``n`` is the bye.

    Each edge's cost has six levels, most important first: rematch (rule 3, and a forced
    second bye), bye rank (rule 4), squared score-group gap, squared distance from the ideal
    opponent (rule 5), that distance weighted by rank (so the best-ranked teams get their
    ideal opponent first), and clubmates meeting (rule 6).  Each level's unit exceeds the
    largest sum the levels below can reach in one pairing, so the matching optimises them in
    that order.

    A narrow graph gives each team the places around its ideal opponent (``window`` on each
    side of it, rematches not counting), so a large score group costs no more edges than a
    small one.  In a very large complete graph, gaps and distances beyond a cap (500 places at
    1,000 teams, 39 at 10,000; none below about 700 teams) count as the cap, so that the
    weights fit the matcher's integers: pairings that far apart are all equally bad.
    """
    return _weighted(len(contenders), *_candidates(contenders, _met(played), window))


def _met(played: frozenset[frozenset[int]]) -> dict[int, set[int]]:
    """Each team's opponents so far."""
    met: dict[int, set[int]] = {}
    for pair_ in played:
        teams = tuple(pair_)
        first, second = (teams[0], teams[-1])
        met.setdefault(first, set()).add(second)
        met.setdefault(second, set()).add(first)
    return met


def _candidates(contenders: Sequence[Contender], met: dict[int, set[int]],
                window: int | None) -> tuple[list[Raw], list[Bye]]:
    """The edges of a graph (complete, or narrow with ``window``) with their raw costs."""
    n = len(contenders)
    sizes: dict[int, int] = {}
    for contender in contenders:
        sizes[contender.group] = sizes.get(contender.group, 0) + 1
    raw: list[Raw] = []
    for i in range(n):
        a = contenders[i]
        half = max(sizes[a.group] // 2, 1)
        seen = met.get(a.team, set())
        if window is None:
            first, last = i + 1, n
        else:  # rule 5: the ideal opponent is i + half; teams met do not use up the window
            first, last = max(i + 1, i + half - window), min(n, i + half + window + 1)
        j = first - 1
        while j + 1 < last:
            j += 1
            b = contenders[j]
            rematch = b.team in seen
            if rematch and window is not None:
                last = min(n, last + 1)
                continue  # the narrow graphs look for a pairing without rematches
            raw.append((i, j, int(rematch), b.group - a.group, abs(j - i - half),
                        int(bool(a.club) and a.club == b.club)))
    byes = [(i, int(contenders[i].had_bye), n - 1 - i)
            for i in (_bye_candidates(contenders, window) if n % 2 else [])]
    return raw, byes


def _weighted(n: int, raw: Sequence[Raw], byes: Sequence[Bye],
              levels: int = len(LEVELS)) -> list[tuple[int, int, int]]:
    """The weights of ``raw`` edges and ``byes``, counting the first ``levels`` levels."""
    cap = n
    while True:
        units, top = _units(n, raw, byes, cap, levels)
        if top.bit_length() <= WEIGHT_BITS:
            break
        cap //= 2
    u_rematch, u_bye, u_gap, u_dev, u_weighted, u_mates = units
    edges = []
    for i, j, rematch, gap, distance, mates in raw:
        g, d = min(gap, cap) ** 2, min(distance, cap) ** 2
        edges.append((i, j, top - (rematch * u_rematch + g * u_gap + d * u_dev
                                   + d * (n - i) * u_weighted + mates * u_mates)))
    edges += [(i, n, top - (forced * u_rematch + rank * u_bye)) for i, forced, rank in byes]
    return edges


def _units(n: int, raw: Sequence[Raw], byes: Sequence[Bye], cap: int,
           levels: int) -> tuple[list[int], int]:
    """Each level's unit (0 for the levels not counted), and the weight of an edge that
    costs nothing (every weight is ``top - cost``, positive)."""
    tables = n // 2 + 1
    g = min(max((r[3] for r in raw), default=0), cap) ** 2
    d = min(max((r[4] for r in raw), default=0), cap) ** 2
    maxima = (1, max((b[2] for b in byes), default=0), g, d, d * n, 1)
    # how many edges of one pairing can carry each level: the bye level, only the bye edge
    counts = (tables + 1, 1, tables, tables, tables, tables)
    units = [0] * len(LEVELS)
    below = 0
    for level in reversed(range(levels)):
        units[level] = below + 1
        below += counts[level] * maxima[level] * units[level]
    return units, below + 1


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
    matched: set[tuple[int, int]] = rx.max_weight_matching(graph, max_cardinality=True,
                                                           weight_fn=int)
    return matched


def fallback(contenders: Sequence[Contender], played: frozenset[frozenset[int]]
             ) -> set[tuple[int, int]]:
    """The pairing when no narrow graph pairs everybody without a rematch, in two steps.

    1. Over every pair of teams, a matching counting only rules 2-4 (rematches, then the
       bye) finds the fewest rematches and the bye: exact, and fast (two levels of weight
       leave the matcher little to explore); its edges are built lean, one small tuple each.
    2. The narrow graph plus that matching's tables (so a pairing as good on rules 2-4 is
       there) is matched on every level: rules 5-6 among the pairings near the ideal
       opponents.  The complete graph on every level would cost seconds at 1,000 teams.
    """
    n = len(contenders)
    size = n + n % 2
    met = _met(played)
    byes = [(i, int(contenders[i].had_bye), n - 1 - i)
            for i in (_bye_candidates(contenders, None) if n % 2 else [])]
    u_bye = 1
    u_rematch = max((b[2] for b in byes), default=0) + 1
    top = (n // 2 + 2) * u_rematch + 1
    coarse = [(i, j, top - u_rematch * (contenders[j].team in met.get(contenders[i].team, ())))
              for i in range(n) for j in range(i + 1, n)]
    coarse += [(i, n, top - forced * u_rematch - rank * u_bye) for i, forced, rank in byes]
    first = {(min(a, b), max(a, b)) for a, b in _match(size, coarse)}
    del coarse
    raw, narrow_byes = _candidates(contenders, met, FIRST_WINDOW)
    have = {(r[0], r[1]) for r in raw}
    for i, j in sorted(first - have):
        if j == n:
            narrow_byes += [b for b in byes if b[0] == i and b not in narrow_byes]
            continue
        a, b = contenders[i], contenders[j]
        half = max(sum(1 for c in contenders if c.group == a.group) // 2, 1)
        raw.append((i, j, int(b.team in met.get(a.team, ())), b.group - a.group,
                    abs(j - i - half), int(bool(a.club) and a.club == b.club)))
    return _match(size, _weighted(n, raw, narrow_byes))


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
        if window * 2 >= n:
            matched = fallback(contenders, played)
            break
        window *= 2
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
