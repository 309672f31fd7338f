"""Drawing a partie of a concours à la mêlée: players come alone, and each partie seats them
at tables of four, two partners against two.

Rules, in order of importance (each one outweighs all the ones after it):

1. Nobody partners the same player twice while any draw avoids it.  When repeats cannot be
   avoided, as few pairs of partners as possible repeat, and those who partnered the fewest
   times (nobody partners the same player a third time while a second time would do); the
   draw names every repeated pair.
2. As few repeated opponents as possible (a pair of players facing each other again counts
   once per table), and among as many, those who faced each other the fewest times.
3. Sitting out, chosen first, before any seating (so rules 1 and 2 never choose who sits
   out): when the count n of present players is not a multiple of 4, exactly n mod 4 players
   (1 to 3) sit out.  A late player (this partie is their first: registered after the first
   partie, or returning) does not sit out while enough other players can.  Among the others,
   those who sat out the fewest times sit out first: nobody sits out twice before every
   present player has sat out once (a late player's first partie excepted), so over a whole
   mêlée the players present throughout sit out within one time of each other.  Among
   equals: drawn at random (seeded) for a random draw; by score, the lowest ranked.  The draw
   names any player sitting out against this (``sat_out_again``, ``late_sitting_out``).
4. With ``avoid_club``, partners are not of the same club (a player without a club has no
   clubmates).
5. The seating.  A random draw (the default) starts from a seeded shuffle, and only rules 1,
   2 and 4 move a player from it.  A draw by score (a Swiss mêlée) seats players of similar
   standing together: the ideal is consecutive groups of four in ranking order (1-4, 5-8, …),
   measured at each table as the spread of its ranks (the sum of squared distances from the
   table's mean rank); then, inside a table, the two pairs' rank sums as even as possible:
   the best partners the worst (1 & 4 against 2 & 3).
6. The same input always gives the same draw: every choice at random comes from
   ``random.Random(seed)`` (``seed=None`` is seed 0), none from a hash order.

How: up to 8 seated players, every seating is tried (315 at most).  Above, every seating has
one integer cost whose levels (rule 1's repeated pairs, then their extra times; rule 2's
likewise; rule 4; by score the spread, then the pairs' balance) are each scaled above twice
the largest sum the levels below can reach, so costs and changes of cost compare level by
level.  From the shuffle (or the ideal groups), a tabu search clears rules 1, 2 and 4: each
step takes a table breaking one, tries swapping each of its players with other seats (all
of them up to 48 players; else 12 at random, or by score the players ranked near the table
and 4 farther; re-splitting the table included), costing again only the two tables a swap
touches, and makes the best swap even when worse (by score, the nearest swap that clears
something rather than the one that clears most); a player just moved stays put a step or
two, and a swap at random now and then leaves a local minimum.  It stops when no table
breaks them, or after :data:`STUCK` steps without improving them.  By score, the best seating
is then polished, swaps that lower the cost only, until the spread stops coming closer.  All
of it within ``steps`` steps (:func:`default_steps`); the best seating seen is kept.

Input is never mutated; players are plain ids.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

Pair = tuple[int, int]
Table = tuple[Pair, Pair]

#: steps of the search per present player (plus :data:`STEPS_FLOOR`); a field whose rules
#: can all be kept usually needs far fewer: the search stops there
STEPS_PER_PLAYER = 5
STEPS_FLOOR = 500
#: up to this many seated players every seating is tried (315 for 8 players)
EXACT_UP_TO = 8
#: up to this many seated players every seat is a candidate for a swap; above, a sample
EXHAUSTIVE_UP_TO = 48
SAMPLE = 12
#: by score: candidates taken among the players ranked this close (either side), and this
#: many farther
NEAR = 6
FARTHER = 4
#: a player moved while clearing rules 1, 2 and 4 stays put for TENURE to 2*TENURE steps
TENURE = 1
#: clearing rules 1, 2 and 4 stops after this many steps without improving them
STUCK = 1000
#: while clearing rules 1, 2 and 4, the chance that a step with no better swap makes one at
#: random among its candidates
NOISE = 0.05


@dataclass(frozen=True)
class Seat:
    """A present player to draw."""

    player: int  # id
    club: str = ""  # "" for none
    sat_out: int = 0  # how many parties this player has sat out so far
    # this partie is the player's first (registered after the first partie, or returning)
    late: bool = False


@dataclass(frozen=True)
class MeleeDraw:
    """A partie's tables (each: first pair, second pair), who sits out, and what the draw
    could not keep: repeated partners (ids sorted in each pair), the count of opponent pairs
    meeting again, clubmates partnering (counted whether or not clubs are kept apart), and
    players sitting out against rule 3."""

    tables: tuple[Table, ...]
    sitting_out: tuple[int, ...]
    repeated_partners: tuple[Pair, ...]
    repeated_opponents: int
    clubmate_partners: tuple[Pair, ...]
    sat_out_again: tuple[int, ...]
    late_sitting_out: tuple[int, ...]


def default_steps(players: int) -> int:
    """The search's budget for a partie of ``players`` present players."""
    return STEPS_FLOOR + STEPS_PER_PLAYER * players


def draw_partie(seats: Sequence[Seat],
                partners: Mapping[frozenset[int], int],
                opponents: Mapping[frozenset[int], int],
                *, seed: int | None, by_score: bool = False, avoid_club: bool = False,
                steps: int | None = None) -> MeleeDraw:
    """Draw a partie by the rules above.

    ``seats`` in ranking order (best first) for ``by_score``, registration order otherwise;
    ``partners`` and ``opponents``: how many times each pair of players were partners, and
    faced each other, so far (pairs of players absent now are ignored).  ``steps`` bounds the
    search (``None``: :func:`default_steps`; 0: no search, the shuffle or the ideal groups as
    they are; up to 8 seated players, any other count tries every seating).  Raises
    ``ValueError`` for fewer than 4 seats, a player seated twice or a negative ``steps``.
    """
    n = len(seats)
    if n < 4:
        raise ValueError(f"a mêlée partie needs at least 4 players, not {n}")
    if len({s.player for s in seats}) != n:
        raise ValueError("a player is seated twice")
    if steps is not None and steps < 0:
        raise ValueError(f"steps must not be negative, not {steps}")
    rng = random.Random(0 if seed is None else seed)
    out = _sitting_out(seats, rng, by_score)
    playing = [s for s in seats if s.player not in out]
    seating = _Seating(playing, partners, opponents, by_score, avoid_club)
    if by_score:
        start = [i for g in range(0, len(playing), 4) for i in (g, g + 3, g + 1, g + 2)]
    else:
        start = list(range(len(playing)))
        rng.shuffle(start)
    budget = default_steps(n) if steps is None else steps
    if budget and len(playing) <= EXACT_UP_TO:
        at = seating.exact(start, rng)
    else:
        at = seating.search(start, rng, budget)
    groups = [[at[k:k + 2], at[k + 2:k + 4]] for k in range(0, len(at), 4)]
    if by_score:  # the top table first; in it, its best player's pair first, the better first
        groups = sorted(sorted(sorted(pair) for pair in group) for group in groups)
    ids = [s.player for s in playing]
    tables = tuple(((ids[a], ids[b]), (ids[c], ids[d])) for (a, b), (c, d) in groups)
    return _report(seats, tables, tuple(s.player for s in seats if s.player in out),
                   partners, opponents)


def _sitting_out(seats: Sequence[Seat], rng: random.Random, by_score: bool) -> set[int]:
    """Rule 3: who sits out (players not late first, the fewest sit-outs first, then a
    seeded draw, or the lowest ranked by score)."""
    count = len(seats) % 4
    ties = [-i if by_score else rng.random() for i in range(len(seats))]
    order = sorted(range(len(seats)), key=lambda i: (seats[i].late, seats[i].sat_out, ties[i]))
    return {seats[i].player for i in order[:count]}


def _report(seats: Sequence[Seat], tables: tuple[Table, ...], sitting_out: tuple[int, ...],
            partners: Mapping[frozenset[int], int],
            opponents: Mapping[frozenset[int], int]) -> MeleeDraw:
    """The draw and what it could not keep, read from the tables themselves."""
    seat = {s.player: s for s in seats}
    pairs = [p for table in tables for p in table]
    repeated = tuple((min(p), max(p)) for p in pairs if partners.get(frozenset(p), 0) > 0)
    clubmates = tuple((min(p), max(p)) for p in pairs
                      if seat[p[0]].club and seat[p[0]].club == seat[p[1]].club)
    met = sum(opponents.get(frozenset((a, b)), 0) > 0
              for first, second in tables for a in first for b in second)
    seated = [seat[p] for p in seat if p not in sitting_out]
    fewest = min(s.sat_out for s in seated)
    again = tuple(p for p in sitting_out if seat[p].sat_out > fewest)
    settled = any(not s.late for s in seated)
    late = tuple(p for p in sitting_out if seat[p].late and settled)
    return MeleeDraw(tables, sitting_out, repeated, met, clubmates, again, late)


class _Seating:
    """The cost of a seating of ``m`` players (indices into ``playing``, so ranks by score)
    in slots: table ``t`` holds slots ``4t..4t+3``, its pairs slots ``4t, 4t+1`` and
    ``4t+2, 4t+3``."""

    def __init__(self, playing: Sequence[Seat], partners: Mapping[frozenset[int], int],
                 opponents: Mapping[frozenset[int], int], by_score: bool,
                 avoid_club: bool) -> None:
        m = len(playing)
        self.m = m
        self.by_score = by_score
        index = {s.player: i for i, s in enumerate(playing)}
        part = _counts(partners, index)
        opp = _counts(opponents, index)
        tables = m // 4
        # each level's unit exceeds twice the largest sum the levels below can reach, so that
        # a change of cost too compares level by level
        maxima: list[int] = []  # lowest level first
        if by_score:
            maxima += [tables * 2 * m, tables * 16 * m * m]  # pairs' balance, spread
        if avoid_club:
            maxima.append(2 * tables)
        maxima += [4 * tables * max(opp.values(), default=1), 4 * tables,
                   2 * tables * max(part.values(), default=1), 2 * tables]
        units, below = [], 0
        for top in maxima:
            units.append(2 * below + 1)
            below += top * units[-1]
        self.unit_balance, self.unit_spread = (units[0], units[1]) if by_score else (0, 0)
        self.unit_club = units[-5] if avoid_club else 0
        #: a table costs at least this when it breaks rule 1, 2 or 4
        self.hard = units[-5] if avoid_club else units[-4]
        unit_o2, unit_o, unit_p2, unit_p = units[-4:]
        #: by score: what a table of four consecutive ranks, balanced, costs (the ideal)
        self.ideal = 20 * self.unit_spread
        # a pair's cost, its repeat then its extra times, under both keys a*m+b and b*m+a
        self.partner: dict[int, int] = {}
        for (a, b), c in part.items():
            self.partner[a * m + b] = self.partner[b * m + a] = unit_p + (c - 1) * unit_p2
        self.opponent: dict[int, int] = {}
        for (a, b), c in opp.items():
            self.opponent[a * m + b] = self.opponent[b * m + a] = unit_o + (c - 1) * unit_o2
        names: dict[str, int] = {}
        self.club = [names.setdefault(s.club, len(names) + 1) if s.club and avoid_club else 0
                     for s in playing]

    def table_cost(self, a: int, b: int, c: int, d: int) -> int:
        """The cost of a table where ``a`` and ``b`` partner against ``c`` and ``d``."""
        m = self.m
        pg, og = self.partner.get, self.opponent.get
        cost = (pg(a * m + b, 0) + pg(c * m + d, 0) + og(a * m + c, 0) + og(a * m + d, 0)
                + og(b * m + c, 0) + og(b * m + d, 0))
        club = self.club
        if self.unit_club:
            if club[a] and club[a] == club[b]:
                cost += self.unit_club
            if club[c] and club[c] == club[d]:
                cost += self.unit_club
        if self.by_score:
            total = a + b + c + d
            cost += (self.unit_spread * (4 * (a * a + b * b + c * c + d * d) - total * total)
                     + self.unit_balance * abs(a + b - c - d))
        return cost

    def exact(self, start: list[int], rng: random.Random) -> list[int]:
        """The cheapest of every seating (a small field), the first in a seeded order among
        equals so that a random draw stays random; ``start`` if it is one of them."""
        seatings = list(_every_seating(list(range(self.m))))
        rng.shuffle(seatings)
        costs = [sum(self.table_cost(*seating[k:k + 4]) for k in range(0, self.m, 4))
                 for seating in [start, *seatings]]
        return [start, *seatings][costs.index(min(costs))]

    def search(self, start: list[int], rng: random.Random, steps: int) -> list[int]:
        """The best seating found from ``start`` (slot -> player) in ``steps`` steps."""
        return _Search(self, start, rng).run(steps)

    def candidates(self, seats: Sequence[int], at: list[int], where: list[int],
                    rng: random.Random) -> list[list[int]]:
        """The slots to try swapping with each of a table's ``seats``: every slot in a small
        field; else a sample at random, or by score the players ranked near the three others
        at the table and a few farther (a player seated far from their rank is swapped with
        one who belongs at this table, not with their own neighbours)."""
        m = self.m
        if m <= EXHAUSTIVE_UP_TO:
            return [list(range(m))] * len(seats)
        if not self.by_score:
            return [[rng.randrange(m) for _ in range(SAMPLE)] for _ in seats]
        candidates = []
        for s in seats:
            t = s >> 2
            c = sorted(at[u] for u in range(4 * t, 4 * t + 4) if u != s)[1]
            candidates.append([where[q] for q in range(max(0, c - NEAR), min(m, c + NEAR + 1))]
                              + [where[self._farther(c, rng)] for _ in range(FARTHER)])
        return candidates

    def _farther(self, p: int, rng: random.Random) -> int:
        """A player ranked farther than NEAR from ``p``: as likely NEAR to 2·NEAR places away
        as 2·NEAR to 4·NEAR and so on up to the whole field (a log-uniform distance), so
        that a swap keeping rules 1, 2 and 4 is found near when one exists near (Swiss
        neighbours often met before)."""
        m = self.m
        distance = int(NEAR * (m / NEAR) ** rng.random())
        q = p + distance if rng.random() < 0.5 else p - distance
        if not 0 <= q < m:
            q = p - distance if q >= m else p + distance
        return min(max(q, 0), m - 1)

class _Search:
    """A seating being improved: slot -> player (``at``), player -> slot, each table's cost,
    the tables breaking rules 1, 2 or 4 (``hard``) and, by score, those off their ideal
    (``soft``)."""

    def __init__(self, seating: _Seating, start: list[int], rng: random.Random) -> None:
        self.seating, self.rng = seating, rng
        self.m, self.tables = seating.m, seating.m // 4
        self.at: list[int] = []
        self.where = [0] * self.m
        self.cost = [0] * self.tables
        self.hard, self.soft = _Bag(self.tables), _Bag(self.tables)
        self.free = [0] * self.m  # the step from which a player may move again
        self.unit = seating.hard
        self.total = self.load(start)
        self.best, self.best_at = self.total, list(self.at)

    def load(self, seating: list[int]) -> int:
        """Seat ``seating``; its total cost."""
        self.at[:] = seating
        for slot, player in enumerate(self.at):
            self.where[player] = slot
        for t in range(self.tables):
            self.cost[t] = self.seating.table_cost(*self.at[4 * t:4 * t + 4])
            self.classify(t)
        return sum(self.cost)

    def classify(self, t: int) -> None:
        self.hard.discard(t)
        self.soft.discard(t)
        if self.cost[t] >= self.unit:
            self.hard.add(t)
        elif self.seating.by_score and self.cost[t] > self.seating.ideal:
            self.soft.add(t)

    def run(self, steps: int) -> list[int]:
        """Clear rules 1, 2 and 4 (a tabu search), then by score polish the spread; the
        best seating seen."""
        by_score, unit, rng = self.seating.by_score, self.unit, self.rng
        hard, soft = self.hard, self.soft
        # every level below rule 4 sums to under half a unit, and each unit is a multiple
        # of the one below: a cost divided by the unit is its rules 1, 2 and 4 alone
        best_hard = self.best // unit
        clearing, stall, patience = True, 0, 2 * self.tables + 50
        for step in range(steps):
            if clearing and not (hard.items and stall < STUCK):
                if not by_score:
                    break
                clearing, stall = False, 0
                self.total = self.load(self.best_at)
            if clearing:
                t = hard.items[rng.randrange(len(hard.items))]
            else:
                bad = len(hard.items) + len(soft.items)
                if not bad or stall >= patience:
                    break
                r = rng.randrange(bad)
                t = hard.items[r] if r < len(hard.items) else soft.items[r - len(hard.items)]
            move, delta = self.choose(t, step, clearing)
            # clearing, the best swap is made even when worse; polishing, only a better one
            if move is None or (delta >= 0 and not clearing):
                stall += 1
                continue
            self.swap(*move, step)
            if self.total < self.best:
                self.best, self.best_at = self.total, list(self.at)
                if not clearing or self.best // unit < best_hard:
                    best_hard, stall = self.best // unit, 0
                    continue
            stall += 1
        return self.best_at

    def choose(self, t: int, step: int, clearing: bool) -> tuple[tuple[int, int] | None, int]:
        """The swap to make from table ``t`` and what it changes (by score while clearing,
        a key: any swap clearing rules 1, 2 or 4 before any that does not, the nearest
        first, rather than the one clearing the most, which is often far)."""
        seating, at, cost, free, rng = self.seating, self.at, self.cost, self.free, self.rng
        table_cost, unit, half = seating.table_cost, self.unit, self.unit // 2
        gentle = clearing and seating.by_score
        seats: Sequence[int] = range(4 * t, 4 * t + 4)
        if not clearing and self.m > EXHAUSTIVE_UP_TO:
            # polishing, only the player ranked farthest from the table's middle moves: the
            # same spread for well under half the time (bench/RESULTS.md)
            ranks = sorted(at[u] for u in seats)
            middle = ranks[1] + ranks[2]
            seats = [max(seats, key=lambda u: abs(2 * at[u] - middle))]
        candidates = seating.candidates(seats, at, self.where, rng)
        move: tuple[int, int] | None = None
        move_delta = ties = 0
        for s, others in zip(seats, candidates, strict=True):
            for s2 in others:
                if s2 >> 2 == t and s2 >> 1 == s >> 1:
                    continue  # the same seat or its partner's: the same table
                delta = _delta(at, cost, s, s2, table_cost)
                if clearing and (free[at[s]] > step or free[at[s2]] > step) \
                        and self.total + delta >= self.best:
                    continue  # tabu, unless it finds a seating better than any seen
                if gentle:
                    level = (delta + half) // unit
                    if level < 0:
                        delta += (-level - 2) * unit
                if move is None or delta < move_delta:
                    move, move_delta, ties = (s, s2), delta, 1
                elif delta == move_delta:
                    ties += 1  # a fair draw among equal swaps
                    if rng.randrange(ties) == 0:
                        move = (s, s2)
        if clearing and move_delta >= 0 and self.tables > 1 and rng.random() < NOISE:
            # stuck: now and then a swap at random among the candidates
            i = rng.randrange(len(seats))
            s, s2 = seats[i], candidates[i][rng.randrange(len(candidates[i]))]
            if s2 >> 1 != s >> 1:
                move, move_delta = (s, s2), _delta(at, cost, s, s2, table_cost)
        return move, move_delta

    def swap(self, s: int, s2: int, step: int) -> None:
        """Swap the players of slots ``s`` and ``s2``; they stay put a step or two."""
        at = self.at
        p, q = at[s2], at[s]
        at[s], at[s2] = p, q
        self.where[p], self.where[q] = s, s2
        self.free[p] = self.free[q] = step + 1 + TENURE + self.rng.randrange(TENURE + 1)
        for u in {s >> 2: None, s2 >> 2: None}:
            before = self.cost[u]
            self.cost[u] = self.seating.table_cost(*at[4 * u:4 * u + 4])
            self.total += self.cost[u] - before
            self.classify(u)


def _delta(at: list[int], cost: list[int], s: int, s2: int,
           table_cost: Callable[[int, int, int, int], int]) -> int:
    """How much swapping the players of slots ``s`` and ``s2`` changes the cost: only the
    tables it touches are costed again."""
    t, t2 = s >> 2, s2 >> 2
    at[s], at[s2] = at[s2], at[s]
    k = 4 * t
    delta = table_cost(at[k], at[k + 1], at[k + 2], at[k + 3]) - cost[t]
    if t2 != t:
        k = 4 * t2
        delta += table_cost(at[k], at[k + 1], at[k + 2], at[k + 3]) - cost[t2]
    at[s], at[s2] = at[s2], at[s]
    return delta


class _Bag:
    """A set of tables with a seeded random pick: a list and each table's place in it (a
    Python set's order is no order to draw from)."""

    def __init__(self, size: int) -> None:
        self.items: list[int] = []
        self.place = [-1] * size

    def add(self, t: int) -> None:
        if self.place[t] < 0:
            self.place[t] = len(self.items)
            self.items.append(t)

    def discard(self, t: int) -> None:
        i = self.place[t]
        if i >= 0:
            last = self.items.pop()
            if last != t:
                self.items[i] = last
                self.place[last] = i
            self.place[t] = -1


def _every_seating(players: list[int]) -> Iterator[list[int]]:
    """Every seating of ``players`` (slot -> player), each once: the first player partners
    each other in turn against each pair of the rest, and the rest is seated likewise."""
    if not players:
        yield []
        return
    a, rest = players[0], players[1:]
    for b in rest:
        others = [p for p in rest if p != b]
        for i, c in enumerate(others):
            for d in others[i + 1:]:
                remaining = [p for p in others if p not in (c, d)]
                for tail in _every_seating(remaining):
                    yield [a, b, c, d, *tail]


def _counts(pairs: Mapping[frozenset[int], int], index: Mapping[int, int]
            ) -> dict[tuple[int, int], int]:
    """The positive counts of pairs of present players, as pairs of indices ``(low, high)``."""
    counts: dict[tuple[int, int], int] = {}
    for pair, count in pairs.items():
        if count <= 0 or len(pair) != 2:
            continue
        a, b = sorted(pair)
        i, j = index.get(a), index.get(b)
        if i is not None and j is not None:
            counts[(min(i, j), max(i, j))] = count
    return counts
