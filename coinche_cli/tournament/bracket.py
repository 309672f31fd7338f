"""A knock-out bracket: its matches, who plays whom, and the final places.

Rules, as a tournament director checks them (everything is in seeds: 1..n, 1 = the best):

1. A bracket for n >= 2 teams has size = the next power of two >= n.  Seeds n+1..size are
   absent, so the best seeds get the byes of the first round.
2. The first round is in standard bracket order (:func:`bracket_order`): 1-8, 4-5, 2-7, 3-6
   for 8 teams, so seeds 1 and 2 can meet only in the final, seeds 1-4 only from the
   semi-finals on, and so on.
3. A (sub-)bracket of size s decides the places lo..hi (s of them); the main bracket decides
   1..size.  In each of its rounds the winners go on for lo..lo+s/2-1 and the losers, when
   that range is played (rule 4), for lo+s/2..hi.  A sub-bracket of size 2 is one match:
   its winner takes place lo, its loser lo+1.
4. With the third-place option the losers of the semi-finals play for places 3-4.  With the
   places option every loser plays on for the places of its range, down to the last place,
   so in a full field every team plays log2(size) matches; it implies the third-place match.
   Without either, a loser plays no more.
5. Every match has a round of the stage: the main bracket's first round is round 1, and a
   sub-bracket fed by the losers of round r starts at round r+1.  A round's matches are
   played at the same time; the stage has log2(size) rounds.
6. Names: the final F, the semi-finals SF1-SF2, the quarter-finals QF1-QF4, larger rounds
   R16-1..R16-8, R32-1..; the third-place match 3P; another range lo..hi is P{lo} when it is
   one match (P5: places 5-6), or P{lo}-{hi}.1, .2, .. (P5-8.1).  Numbers follow bracket
   order.
7. A side that nobody can fill is absent: a seed beyond n, or the loser of a bye.  A match
   with one side absent is a bye (the other side goes through without playing); with both,
   it is void.  Byes and void matches follow from n alone, never from the results.
8. A result names the winner among the two known sides of a match; any other result is
   refused, naming the match.
9. A match is played once both its sides are known, that is once every match feeding it is
   decided (a bye is decided at once).
10. Final places: a size-2 match decides its two places (by "final", "third place" or
    "places", even when the match was a bye); teams that lost in one round of a range nobody
    plays are placed among themselves by seed, best first ("seed").  Places left empty by
    absent teams are then closed up, so n teams take places 1..n in that order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final


class _Absent(Enum):
    ABSENT = "absent"

    def __repr__(self) -> str:
        return "ABSENT"


#: A side nobody will fill (rule 7); distinct from None, which is a side not known yet.
ABSENT: Final = _Absent.ABSENT
#: A side of a resolved match: a seed, None (not known yet) or ABSENT.
Side = int | None | _Absent


class BracketError(ValueError):
    """A result or a request the bracket refuses; the message starts with the match id."""


@dataclass(frozen=True, slots=True)
class Slot:
    """Where one side of a match comes from: a seed, or the winner or loser of a match."""

    seed: int | None = None
    winner_of: str | None = None
    loser_of: str | None = None


@dataclass(frozen=True, slots=True)
class Match:
    """One match of the bracket: its id and label (rule 6), its round (rule 5), the places
    lo..hi its (sub-)bracket decides, its two sides, and where its winner and loser go."""

    id: str
    round: int
    label: str
    lo: int
    hi: int
    slots: tuple[Slot, Slot]
    winner_to: str | None
    loser_to: str | None


@dataclass(frozen=True, slots=True)
class Resolved:
    """A match seen through the results so far (rules 7-9)."""

    match: Match
    sides: tuple[Side, Side]
    bye: bool
    void: bool
    winner: Side
    loser: Side

    @property
    def table(self) -> bool:
        """Both sides are known seeds: a match to play, or played."""
        return isinstance(self.sides[0], int) and isinstance(self.sides[1], int)

    @property
    def playable(self) -> bool:
        """A table without a result yet."""
        return self.table and self.winner is None

    @property
    def decided(self) -> bool:
        """A table with its result."""
        return self.table and isinstance(self.winner, int)


@dataclass(frozen=True, slots=True)
class Place:
    """A seed's final place and what decided it: "final", "third place", "places" or
    "seed" (rule 10)."""

    seed: int
    place: int
    by: str


@dataclass(frozen=True, slots=True)
class Status:
    """Where a seed stands: the match it plays next, perhaps still waiting for its opponent
    (None when it has none left to play), and the main-bracket match that knocked it out
    (None while it can still win the stage)."""

    seed: int
    next_match: str | None
    knocked_out: str | None


def bracket_order(size: int) -> list[int]:
    """The seeds of the first round in bracket order, two by two (rule 2)."""
    if size < 2 or size & (size - 1):
        raise BracketError(f"a bracket's size is a power of two >= 2, not {size}")
    order = [1, 2]
    while len(order) < size:
        # each seed s meets, one round earlier, the seed that adds up with it to 2·len+1
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


def size_for(n: int) -> int:
    """The size of a bracket for n teams: the next power of two >= n (rule 1)."""
    if n < 2:
        raise BracketError(f"a bracket needs at least 2 teams, not {n}")
    return 1 << (n - 1).bit_length()


def rounds(n: int) -> int:
    """The number of rounds of the stage for n teams (rule 5)."""
    return size_for(n).bit_length() - 1


def _match_id(lo: int, hi: int, number: int) -> str:
    size = hi - lo + 1
    if lo == 1:
        return {2: "F", 4: f"SF{number}", 8: f"QF{number}"}.get(size, f"R{size}-{number}")
    if (lo, hi) == (3, 4):
        return "3P"
    return f"P{lo}" if size == 2 else f"P{lo}-{hi}.{number}"


def _label(lo: int, hi: int) -> str:
    size = hi - lo + 1
    if lo == 1:
        return {2: "final", 4: "semi-final", 8: "quarter-final"}.get(size, f"round of {size}")
    return "third place" if (lo, hi) == (3, 4) else f"places {lo}-{hi}"


def structure(n: int, *, third_place: bool = False, places: bool = False) -> tuple[Match, ...]:
    """Every match of the bracket for n teams (rules 1-6), ordered by round, then the main
    bracket first and the other ranges by their first place, each in bracket order."""

    def played(lo: int, hi: int) -> bool:  # rule 4: which losers' ranges are played
        return places or (third_place and (lo, hi) == (3, 4))

    built: list[Match] = []

    def level(lo: int, hi: int, entrants: list[Slot], round_number: int) -> None:
        half = (hi - lo + 1) // 2
        ids = [_match_id(lo, hi, i + 1) for i in range(half)]
        losers_played = half > 1 and played(lo + half, hi)
        for i, match_id in enumerate(ids):
            built.append(Match(
                match_id, round_number, _label(lo, hi), lo, hi,
                (entrants[2 * i], entrants[2 * i + 1]),
                _match_id(lo, lo + half - 1, i // 2 + 1) if half > 1 else None,
                _match_id(lo + half, hi, i // 2 + 1) if losers_played else None))
        if half > 1:
            level(lo, lo + half - 1, [Slot(winner_of=m) for m in ids], round_number + 1)
        if losers_played:
            level(lo + half, hi, [Slot(loser_of=m) for m in ids], round_number + 1)

    size = size_for(n)
    level(1, size, [Slot(seed=s) for s in bracket_order(size)], 1)
    # a stable sort: each range's matches stay in bracket order; the ranges playing in one
    # round are disjoint, so their first places tell them apart
    return tuple(sorted(built, key=lambda m: (m.round, m.lo)))


def _resolve(matches: Sequence[Match], n: int, winners: Mapping[str, int],
             refused: list[str] | None) -> dict[str, Resolved]:
    """:func:`resolve`, or with ``refused``: each refused result is listed there and its match
    treated as not played yet."""
    known = {m.id for m in matches}
    for match_id in sorted(set(winners) - known):
        if refused is None:
            raise BracketError(f"{match_id}: no such match in this bracket")
        refused.append(match_id)
    done: dict[str, Resolved] = {}

    def side(slot: Slot) -> Side:
        if slot.seed is not None:
            return slot.seed if slot.seed <= n else ABSENT
        if slot.winner_of is not None:
            return done[slot.winner_of].winner
        assert slot.loser_of is not None
        return done[slot.loser_of].loser

    # sources are always in earlier rounds, so a match's sides are resolved before it
    for match in sorted(matches, key=lambda m: (m.round, m.lo)):
        a, b = side(match.slots[0]), side(match.slots[1])
        given = winners.get(match.id)
        problem = None
        if a is ABSENT or b is ABSENT:
            void = a is ABSENT and b is ABSENT
            through = ABSENT if void else (b if a is ABSENT else a)
            if given is not None:
                problem = "nobody plays it" if void else "a bye, nobody plays it"
            done[match.id] = Resolved(match, (a, b), not void, void, through, ABSENT)
        elif not (isinstance(a, int) and isinstance(b, int)):
            if given is not None:
                problem = "its two sides are not known yet"
            done[match.id] = Resolved(match, (a, b), False, False, None, None)
        elif given is not None and given not in (a, b):
            problem = f"seed {given} is not one of its sides ({a}, {b})"
            done[match.id] = Resolved(match, (a, b), False, False, None, None)
        else:
            loser = None if given is None else (b if given == a else a)
            done[match.id] = Resolved(match, (a, b), False, False, given, loser)
        if problem is not None:
            if refused is None:
                raise BracketError(f"{match.id}: {problem}")
            refused.append(match.id)
    return done


def resolve(matches: Sequence[Match], n: int, winners: Mapping[str, int]) -> dict[str, Resolved]:
    """Every match with its sides, bye or void, winner and loser, from ``winners`` (match id
    -> the seed that won it), in the order of :func:`structure`.  Raises BracketError for a
    result on an unknown match, a bye, a void match, a match whose sides are not both known,
    or naming a seed that is not one of its sides (rule 8)."""
    return _resolve(matches, n, winners, None)


def playable(resolved: Mapping[str, Resolved], round_number: int) -> list[Resolved]:
    """The tables of a round: its matches with both sides known seeds (neither byes nor void),
    decided or not, in the order of :func:`structure`.  ``Resolved.playable`` tells which
    are still to play."""
    found = [r for r in resolved.values() if r.match.round == round_number and r.table]
    return sorted(found, key=lambda r: r.match.lo)  # stable: bracket order inside a range


def stale(matches: Sequence[Match], n: int, winners: Mapping[str, int]) -> list[str]:
    """The ids of the results :func:`resolve` would refuse, in the order of :func:`structure`
    (a refused result counts as not played for the matches after it): after a correction,
    the later matches whose recorded winner is no longer one of their sides.

    A later match whose winner still plays it, but against another opponent, is not stale:
    :func:`changed` compares the results before and after a correction for that."""
    refused: list[str] = []
    _resolve(matches, n, winners, refused)
    return refused


def changed(matches: Sequence[Match], n: int, before: Mapping[str, int],
            after: Mapping[str, int]) -> list[str]:
    """The ids of the matches decided with ``before`` whose sides are not the same with
    ``after``: the played matches a correction would give other players."""
    then = _resolve(matches, n, before, [])
    now = _resolve(matches, n, after, [])
    return [i for i, r in then.items() if r.decided and now[i].sides != r.sides]


def final_places(matches: Sequence[Match], n: int, winners: Mapping[str, int]) -> list[Place]:
    """Each seed's final place (rule 10), ordered by place.  Raises BracketError naming a
    match still to play when the bracket is not complete."""
    resolved = resolve(matches, n, winners)
    for r in resolved.values():
        if r.winner is None:  # the first one in round order is a table to play
            raise BracketError(f"{r.match.id}: not played yet")
    last: dict[int, Match] = {}
    winner_of: dict[str, Side] = {}
    for r in resolved.values():
        winner_of[r.match.id] = r.winner
        for seed in r.sides:
            if isinstance(seed, int):
                last[seed] = r.match
    nominal: list[tuple[int, int, str]] = []
    pooled: dict[int, list[int]] = {}
    for seed, match in last.items():
        if match.hi - match.lo == 1:
            place = match.lo if winner_of[match.id] == seed else match.lo + 1
            by = {"F": "final", "3P": "third place"}.get(match.id, "places")
            nominal.append((place, seed, by))
        else:  # it lost in a round whose losers play no more: its range's first place
            pooled.setdefault(match.lo + (match.hi - match.lo + 1) // 2, []).append(seed)
    for first, seeds in pooled.items():
        nominal += [(first + k, seed, "seed") for k, seed in enumerate(sorted(seeds))]
    nominal.sort()  # nominal places are distinct; absent teams' places close up here
    return [Place(seed, place, by) for place, (_, seed, by) in enumerate(nominal, start=1)]


def progress(matches: Sequence[Match], n: int, winners: Mapping[str, int]) -> dict[int, Status]:
    """Each seed 1..n's :class:`Status` in a partly played bracket (rule 8's results)."""
    following: dict[int, str] = {}
    out: dict[int, str] = {}
    for r in resolve(matches, n, winners).values():
        for seed in r.sides:
            if isinstance(seed, int) and r.winner is None:  # to play, or waiting for its opponent
                following.setdefault(seed, r.match.id)
        if r.decided and r.match.lo == 1 and isinstance(r.loser, int):
            out[r.loser] = r.match.id
    return {s: Status(s, following.get(s), out.get(s)) for s in range(1, n + 1)}
