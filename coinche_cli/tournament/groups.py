"""Poules: teams seeded into round-robin groups, and each group's parties.

Pure; teams are ids in seed order (best first).  The rules a director can check:

1. A field of n teams in groups of k is cut into as many poules as keeps every group within
   one team of k (a group of k − 1 or k + 1 "when the count needs it"), with the fewest
   parties for the evening first (a group of 3 or 4 plays 3 parties, a group of 5 plays 5:
   a group of odd size has a bye each partie), then the fewest groups not of k.  Larger
   groups come first (poule A is never smaller than poule B).
2. Seeding is a serpentine: seeds 1, 2, 3, 4 head poules A, B, C, D; seeds 5 to 8 go back
   D, C, B, A; and so on, so every poule gets a share of the strong and the weak.  A poule
   that is full is skipped.
3. Inside a poule every team meets every other once (the circle method: the first team stays,
   the others turn), the best seeds meeting in the last partie; an odd poule gives each of its
   teams one bye.
"""

from __future__ import annotations

from collections.abc import Sequence

from coinche_cli.errors import TournamentError
from coinche_cli.i18n import _

#: A partie of one poule: its tables (two team ids each) and its bye, if any.
GroupPartie = tuple[tuple[tuple[int, int], ...], int | None]


def parties_for(size: int) -> int:
    """How many parties a poule of ``size`` teams plays (an odd poule: one bye each)."""
    return size if size % 2 else size - 1


def group_sizes(count: int, size: int) -> list[int]:
    """The sizes of the poules for ``count`` teams in groups of ``size`` (rule 1)."""
    if size < 2:
        raise TournamentError(_("--group-size is at least 2, got {got}"), got=size)
    if count < 2:
        raise TournamentError(_("{count} teams to put in poules: at least 2 are needed"),
                              count=count)
    options: list[tuple[int, int, int, list[int]]] = []
    for groups in {max(1, count // size), max(1, -(-count // size))}:
        small, extra = divmod(count, groups)
        sizes = [small + 1] * extra + [small] * (groups - extra)
        if min(sizes) < 2 or any(abs(s - size) > 1 for s in sizes):
            continue
        options.append((max(parties_for(s) for s in sizes),
                        sum(s != size for s in sizes), groups, sizes))
    if not options:  # too few teams for a poule of about that size: one poule of them all
        return [count]
    return min(options)[3]


def serpentine(teams: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """``teams`` (seed order) dealt into poules of ``sizes`` in a serpentine (rule 2)."""
    groups: list[list[int]] = [[] for _size in sizes]
    forward = True
    pending = list(teams)
    while pending:
        order = range(len(sizes)) if forward else range(len(sizes) - 1, -1, -1)
        for index in order:
            if pending and len(groups[index]) < sizes[index]:
                groups[index].append(pending.pop(0))
        forward = not forward
    return groups


def schedule(group: Sequence[int]) -> list[GroupPartie]:
    """Every partie of one poule (rule 3): the circle method, best seeds last."""
    seats: list[int | None] = list(group)
    if len(seats) % 2:
        seats.append(None)  # the bye's seat
    n = len(seats)
    parties: list[GroupPartie] = []
    for _turn in range(n - 1):
        tables: list[tuple[int, int]] = []
        bye: int | None = None
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            if a is None or b is None:
                bye = b if a is None else a
            else:
                tables.append((a, b))
        parties.append((tuple(tables), bye))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return parties


def letter(index: int) -> str:
    """A poule's name by its index: A, B, …, Z, then AA, AB…"""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name
