"""Pairing a large field in blocks: the narrow graph of :mod:`pairing`, matched a block at a time.

The matcher's time grows at about n^2.4 on the narrow graph (11 s at 10,000 teams with
clubs), while the narrow graph's edges are local: inside a score group of g teams, team ``p``
looks for its ideal opponent ``p + g/2`` (rule 5), so a group is a row of *slots*, slot ``x``
holding top-half team ``x`` and its ideal opponent, bottom-half team ``x``.  A field of more
than ``BLOCKS_ABOVE`` teams (:mod:`pairing`) is cut into blocks of consecutive slots of about
``BLOCK_TEAMS`` teams (a slice of a large group's top half with the matching slice of its
bottom half, or several small groups together; a group stays whole unless it holds more
than two blocks, and a block ends where the teams above it are an even count when it can),
and each block is matched alone on the narrow graph's edges inside
it, with the whole graph's costs (ranking positions, group halves and ``n`` as there), so a
block's optimum is the whole graph's optimum restricted to the block.  One block's edges
live at a time: memory stays flat.

A block can come out short of a complete pairing: it holds an odd group's last team, or the
bye's team, or its rematches need a team of another block.  A search of the whole narrow
graph then walks from an unpaired team along alternating edges (one outside the pairing,
then the pairing's) to another unpaired team, the cheapest walk first (squared group gaps,
then squared distances from the ideal opponent: Dijkstra), and every block the walk crosses
is merged into one block and matched again.  That follows the chain of teams sent down from
odd groups (such a team's window lies g/2 places below it, deep in the next group, whose
pairing then shifts by one place per table until a team goes further down) and merges the
blocks where the whole graph would shift.  When no walk exists (the narrow graph pairs nobody
more) or merging pairs nobody more, :func:`pair_in_blocks` gives up (``None``) and
:func:`~coinche_cli.tournament.pairing.pair` pairs the field as a whole, as below
``BLOCKS_ABOVE`` teams: widening windows, then the fallback.

What blocks can lose is a better pairing across a block's border (rule 5 only: rules 1-4 are
never affected).  On the generated fields of ``bench/pairing.py`` (3,000 and 10,000 teams,
by wins and by points, after 1 and 4 rounds) and in simulated Swiss tournaments the
rematches, the bye, Σ squared gap and Σ squared distance are the whole graph's.  A score
group cut into blocks (more than twice ``BLOCK_TEAMS`` teams) next to small odd groups can
send a team further down than the whole graph would: groups of 1, 513, 2, 1,025, 51 and 466
teams with no history give Σ squared gap 6 (a team two groups down) where the whole graph
gives 2, the last block pairing completely on its own so that no walk is tried; a review's
3,600 random fields of 1,001 to 2,600 teams with made-up histories found 7 % worse on rule
5, none better.  Merging every block of such a group would cost the whole graph's time on
the large fields by wins, where the big groups sit next to each other.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from heapq import heappop, heappush
from typing import Protocol


class Team(Protocol):
    """What a block needs of a contender (:class:`~coinche_cli.tournament.pairing.Contender`;
    this module does not import :mod:`pairing`, which imports it)."""

    @property
    def team(self) -> int: ...
    @property
    def group(self) -> int: ...
    @property
    def had_bye(self) -> bool: ...
    @property
    def club(self) -> str: ...


#: the weights' units, the weight of an edge that costs nothing, and the cap of gaps and
#: distances, for ``n`` teams, a block's largest gap and distance and its bye edge
Scale = Callable[[int, int, int, list[tuple[int, int, int]]], tuple[list[int], int, int]]
#: the matcher: node count and weighted edges -> matched pairs
Match = Callable[[int, list[tuple[int, int, int]]], set[tuple[int, int]]]

#: a walk's squared group gap outweighs its squared distances (never this large)
STEPS = 1 << 32
#: a cheap walk's steps: at most this many places from the ideal opponent
NEAR = 2
#: an alternating walk that visits more teams than this gives up (the whole graph pairs)
WALK_LIMIT = 200_000


class _Field:
    """The narrow graph of a field, as windows: team ``i``'s candidates are the positions
    ``first[i] <= j < last[i]`` not in ``met[i]`` (exactly the edges of
    :func:`~coinche_cli.tournament.pairing._candidates` with that window)."""

    def __init__(self, contenders: Sequence[Team], played: frozenset[frozenset[int]],
                 window: int, bye_team: int) -> None:
        n = len(contenders)
        self.n = n
        self.contenders = contenders
        position = {c.team: i for i, c in enumerate(contenders)}
        sizes: dict[int, int] = {}
        for contender in contenders:
            sizes[contender.group] = sizes.get(contender.group, 0) + 1
        self.group = [c.group for c in contenders]
        self.half = [max(sizes[c.group] // 2, 1) for c in contenders]
        self.met: list[set[int]] = [set() for _ in range(n)]
        for pair_ in played:
            teams = tuple(pair_)
            a, b = position.get(teams[0]), position.get(teams[-1])
            if a is not None and b is not None:
                self.met[a].add(b)
                self.met[b].add(a)
        self.first = [0] * n
        self.last = [0] * n
        for i in range(n):
            first = max(i + 1, i + self.half[i] - window)
            last = min(n, i + self.half[i] + window + 1)
            for j in sorted(self.met[i]):  # teams met do not use up the window
                if first <= j < last:
                    last = min(n, last + 1)
            self.first[i], self.last[i] = first, last
        # rule 4 on a narrow graph: only the lowest-ranked eligible team can sit out
        self.bye_team = bye_team
        self._reverse: list[list[int]] | None = None
        self._by_ideal: dict[int, list[int]] | None = None

    def near(self, i: int) -> list[int]:
        """The candidates of ``i`` (both ways) at most :data:`NEAR` places from their ideal
        opponent: the steps of a cheap walk."""
        n = self.n
        if i == n:
            return [self.bye_team]
        if self._by_ideal is None:  # built once, only when a walk is needed
            self._by_ideal = {}
            for k in range(n):
                self._by_ideal.setdefault(k + self.half[k], []).append(k)
        ideal, first, last, met = i + self.half[i], self.first, self.last, self.met
        out = [j for j in range(max(first[i], ideal - NEAR), min(last[i], ideal + NEAR + 1))
               if j not in met[i]]
        out += [k for t in range(i - NEAR, i + NEAR + 1) for k in self._by_ideal.get(t, ())
                if k < i and first[k] <= i < last[k] and i not in met[k]]
        if i == self.bye_team:
            out.append(n)
        return out

    def forward(self, i: int) -> list[int]:
        """The candidates of ``i`` ranked below it (and the bye node ``n``)."""
        if i == self.n:
            return []
        out = [j for j in range(self.first[i], self.last[i]) if j not in self.met[i]]
        if i == self.bye_team:
            out.append(self.n)
        return out

    def backward(self, j: int) -> list[int]:
        """The teams ranked above ``j`` that have ``j`` among their candidates."""
        if j == self.n:
            return [self.bye_team]
        if self._reverse is None:  # built once, only when a walk is needed
            self._reverse = [[] for _ in range(self.n // 64 + 1)]
            for i in range(self.n):
                for bucket in range(self.first[i] // 64, (self.last[i] - 1) // 64 + 1):
                    self._reverse[bucket].append(i)
        return [i for i in self._reverse[j // 64]
                if self.first[i] <= j < self.last[i] and j not in self.met[i]]


def slots(contenders: Sequence[Team]) -> list[tuple[int, ...]]:
    """The field's slots in ranking order: in each score group, top-half team ``x`` with its
    ideal opponent (bottom-half team ``x``), then an odd group's last team alone."""
    out: list[tuple[int, ...]] = []
    start = 0
    n = len(contenders)
    while start < n:
        end = start
        while end < n and contenders[end].group == contenders[start].group:
            end += 1
        size = end - start
        half = size // 2
        out += [(start + x, start + half + x) for x in range(half)]
        if size % 2:
            out.append((end - 1,))
        start = end
    return out


def blocks_of(contenders: Sequence[Team], block_teams: int,
              bye_team: int = -1) -> list[list[int]]:
    """Consecutive slots gathered into blocks of at least ``block_teams`` teams, each
    block's positions sorted.  A block ends where the teams above it can all play among
    themselves (an even count, the bye's team not counted), unless that would make it twice
    as large (an odd block's last team is paired by merging, see :func:`pair_in_blocks`).
    A block ends inside a score group only when the group has more than twice
    ``block_teams`` teams, and never just before an odd group's last team."""
    blocks: list[list[int]] = []
    current: list[int] = []
    playing = 0  # the teams seated so far, the bye's team not counted
    row = slots(contenders)
    sizes: dict[int, int] = {}
    for contender in contenders:
        sizes[contender.group] = sizes.get(contender.group, 0) + 1
    for index, slot in enumerate(row):
        current.extend(slot)
        playing += len(slot) - (bye_team in slot)
        following = row[index + 1] if index + 1 < len(row) else ()
        group = contenders[slot[0]].group
        # a group stays in one block unless it is too large for one: its odd team out can
        # then come from any of its slots, the pairing shifting by one place up to it
        inside = bool(following) and contenders[following[0]].group == group
        if inside and (sizes[group] <= 2 * block_teams or len(following) == 1):
            continue
        if len(current) >= block_teams and (playing % 2 == 0 or len(current) >= 2 * block_teams):
            blocks.append(sorted(current))
            current = []
    if current:
        blocks.append(sorted(current))
    return blocks


def _solve(field: _Field, members: list[int], scale: Scale, match: Match) -> dict[int, int]:
    """The best pairing of one block on the narrow graph's edges inside it: position ->
    partner (the bye node is ``n``); unpaired teams are absent."""
    n, contenders = field.n, field.contenders
    local = {p: k for k, p in enumerate(members)}
    has_bye = field.bye_team in local
    group, half, met, first, last = field.group, field.half, field.met, field.first, field.last
    # each team's candidates inside the block (the narrow graph's edges, nothing else)
    candidates: list[tuple[int, list[int]]] = []
    gap_max = dist_max = 0
    for i in members:
        seen = met[i]
        inside = members[bisect_left(members, first[i]):bisect_left(members, last[i])]
        if seen:
            inside = [j for j in inside if j not in seen]
        if inside:
            candidates.append((i, inside))
            # groups rise with the ranking: the last candidate has the largest gap
            ideal = i + half[i]
            gap_max = max(gap_max, group[inside[-1]] - group[i])
            dist_max = max(dist_max, abs(inside[0] - ideal), abs(inside[-1] - ideal))
    byes = ([(field.bye_team, int(contenders[field.bye_team].had_bye), n - 1 - field.bye_team)]
            if has_bye else [])
    # the units of the whole graph's weights (pairing._weighted), from this block's maxima
    units, top, cap = scale(n, gap_max, dist_max, byes)
    u_rematch, u_bye, u_gap, u_dev, u_weighted, u_mates = units
    capped = cap < max(gap_max, dist_max)  # a field too wide for the weights' bits
    edges: list[tuple[int, int, int]] = []
    for i, inside in candidates:
        gi, ideal, li = group[i], i + half[i], local[i]
        u_d = u_dev + (n - i) * u_weighted  # a squared distance's weight, rank included
        club = contenders[i].club
        if capped:  # as pairing._weighted: gaps and distances beyond the cap count as it
            edges += [(li, local[j], top - (min(group[j] - gi, cap) ** 2 * u_gap
                                            + min(abs(j - ideal), cap) ** 2 * u_d
                                            + (club != "" and contenders[j].club == club)
                                            * u_mates)) for j in inside]
            continue
        edges += [(li, local[j], top - ((group[j] - gi) ** 2 * u_gap + (j - ideal) ** 2 * u_d
                                        + (club != "" and contenders[j].club == club) * u_mates))
                  for j in inside]
    del candidates
    size = len(members)
    if has_bye:
        i, forced, rank = byes[0]
        edges.append((local[i], size, top - (forced * u_rematch + rank * u_bye)))
        size += 1
    matched = match(size, edges)
    del edges
    nodes = [*members, n] if has_bye else members
    partner: dict[int, int] = {}
    for x, y in matched:
        partner[nodes[x]] = nodes[y]
        partner[nodes[y]] = nodes[x]
    return partner


def _walk(field: _Field, mate: list[int], start: int, near: bool) -> list[int] | None:
    """The nodes of an alternating walk from unpaired ``start`` to another unpaired node
    (an edge outside the pairing, then the pairing's edge, ...), or None.  The walk whose
    new edges cost least (squared group gap, then squared distance from the ideal opponent)
    comes first (a Dijkstra search), so the blocks it merges can pair as the whole graph
    would: as few teams sent down a group, the pairing shifted where it costs least.
    ``near``: only the steps of :meth:`_Field.near` (a walk a few times faster to find)."""
    group, half, n = field.group, field.half, field.n
    # an entry: (cost, node reached, the odd node before it, the even node before that);
    # the node reached is the pairing's partner of the odd node, or an unpaired end
    heap: list[tuple[int, int, int, int]] = [(0, start, -1, -1)]
    came: dict[int, tuple[int, int]] = {}  # even node -> (odd node, even node before)
    best: dict[int, int] = {start: 0}  # the cheapest walk known to each node
    while heap:
        cost, u, odd, before = heappop(heap)
        if u in came:
            continue
        came[u] = (odd, before)
        if len(came) > WALK_LIMIT:
            return None
        if u != start and mate[u] < 0:  # an unpaired end: the walk is found
            nodes = [u]
            while odd >= 0:
                nodes += [odd, before] if odd != u else [before]
                odd, before = came[before]
            return nodes
        for v in (field.near(u) if near else (*field.forward(u), *field.backward(u))):
            if v == mate[u] or v == start:
                continue
            # the walk's new edge costs: the squared gap first, then the squared distance
            # (a team sent down shifts a group's pairing by one place per table, and the
            # cheapest walk crosses the blocks where that shift is cheapest)
            i, j = min(u, v), max(u, v)
            gap, distance = (0, 0) if j == n else (group[j] - group[i], j - i - half[i])
            step = cost + gap * gap * STEPS + distance * distance + 1
            w = v if mate[v] < 0 else mate[v]
            if step < best.get(w, step + 1):
                best[w] = step
                heappush(heap, (step, w, v, u))
    return None


def pair_in_blocks(contenders: Sequence[Team], played: frozenset[frozenset[int]], *,
                   window: int, bye_team: int, block_teams: int, scale: Scale, match: Match
                   ) -> set[tuple[int, int]] | None:
    """The round's pairing as position pairs (the bye node is ``n``) on the narrow graph of
    ``window``, block by block, or None when the blocks cannot pair everybody (see the
    module's docstring); ``bye_team``: the position of the one team that may sit out (-1 for
    an even field), ``scale`` and ``match``: :mod:`pairing`'s weights and matcher."""
    n = len(contenders)
    field = _Field(contenders, played, window, bye_team)
    blocks = blocks_of(contenders, block_teams, field.bye_team)
    owner = [0] * (n + 1)
    for number, members in enumerate(blocks):
        for p in members:
            owner[p] = number
    if n % 2:
        owner[n] = owner[field.bye_team]
    mate = [-1] * (n + 1)

    def solve(number: int) -> None:
        for p, q in _solve(field, blocks[number], scale, match).items():
            mate[p] = q

    for number in range(len(blocks)):
        solve(number)
    while True:
        unpaired = [p for p in range(n + n % 2) if mate[p] < 0]
        if not unpaired:
            break
        nodes = _walk(field, mate, unpaired[0], True) or _walk(field, mate, unpaired[0], False)
        if nodes is None:
            return None  # the narrow graph pairs nobody more: the whole field decides
        merged = sorted({owner[p] for p in nodes})
        keep = merged[0]
        members = sorted(p for number in merged for p in blocks[number])
        for number in merged[1:]:
            blocks[number] = []
        blocks[keep] = members
        for p in members:
            owner[p] = keep
            mate[p] = -1
        if n % 2 and owner[field.bye_team] == keep:
            mate[n] = -1
            owner[n] = keep
        solve(keep)
        nodes_now = [*members, n] if n % 2 and owner[n] == keep else members
        before = sum(1 for p in unpaired if owner[p] == keep)
        if sum(1 for p in nodes_now if mate[p] < 0) >= before:
            return None  # merging paired nobody more
    return {(p, q) for p, q in enumerate(mate) if p < q}
