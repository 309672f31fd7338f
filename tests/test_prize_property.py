"""Prize sharing as a property (issue 31): for any pot, percentages, prize lines and tie
pattern, the treasurer's rules of :mod:`coinche_cli.tournament.prizes` hold.

- The pot shared by percentages (:func:`~coinche_cli.tournament.prizes.shares`): every share
  is the largest whole number of units (100 cents) not above its percentage of the pot; the
  shares and the remainder add up to the pot, to the cent; nothing is negative.
- Who gets what (:func:`~coinche_cli.tournament.prizes.award`, composed with the pot as the
  prize list composes them): entrants tied in the standings get the same cash, the cash of
  their places shared equally, a cent that cannot be shared going to the remainder (less
  than one cent per entrant of the tie); prizes in kind go by place in the standings' order;
  every amount is whole cents, none negative; what is paid and the remainder add up to the
  cash of the places (the pot's shares and the cash lines) the entrants reach.

The generators cover the edge cases a club meets: a pot of 0 or of one cent, percentages
adding up to less than 100 or to exactly 100, ties straddling prize places, and more places
than entrants (then the places nobody reaches: the last test).
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import example, given, settings
from hypothesis import strategies as st

from coinche_cli.tournament.prizes import MAX_SHARES, Award, PrizeLine, award, shares

#: Cents in a unit of the currency: what a share is rounded down to (the treasurer's rule).
UNIT = 100

pots = st.one_of(st.sampled_from([0, 1, 99, 100, 101, 9_999, 10_000, 12_345]),
                 st.integers(min_value=0, max_value=10**10))


@st.composite
def percentages(draw: st.DrawFn, *, whole: bool | None = None) -> list[int]:
    """Percentages of places from the first, each at least 1: adding up to 100 (what
    ``prizes pot --percent`` accepts), or to less (``whole=False``), or either."""
    if whole is None:
        whole = draw(st.booleans())
    if whole:
        common = st.sampled_from([[100], [60, 30, 10], [50, 30, 20], [40, 25, 15, 10, 10],
                                  [1] * 100, [99, 1], [34, 33, 33]])
        # a random split of 100 into parts of at least 1
        cuts = st.lists(st.integers(1, 99), max_size=MAX_SHARES - 1, unique=True).map(
            lambda points: [b - a for a, b in zip([0, *sorted(points)], [*sorted(points), 100],
                                                  strict=True)])
        return draw(st.one_of(common, cuts))
    total = draw(st.integers(1, 99))
    parts = draw(st.lists(st.integers(1, total), min_size=1, max_size=min(total, 20)))
    kept, left = [], total
    for part in parts:  # the parts in order while they fit under the total
        if part <= left:
            kept.append(part)
            left -= part
    return kept or [total]


def test_the_percentage_generator_makes_what_it_says() -> None:
    """The generators are the test's premises: held here once."""
    @given(percentages(whole=True), percentages(whole=False))
    @settings(max_examples=50, derandomize=True, database=None)
    def check(whole: list[int], part: list[int]) -> None:
        assert sum(whole) == 100 and all(p >= 1 for p in whole) and len(whole) <= MAX_SHARES
        assert sum(part) < 100 and all(p >= 1 for p in part)

    check()


@given(pots, percentages())
@example(0, [60, 30, 10])
@example(1, [100])
@example(1, [60, 30, 10])
@example(99, [50, 50])
@example(10_001, [34, 33, 33])
@settings(max_examples=200, derandomize=True, database=None)
def test_the_shares_and_the_remainder_are_the_pot(pot: int, percents: list[int]) -> None:
    cash, remainder = shares(pot, percents)
    assert len(cash) == len(percents)
    assert all(isinstance(a, int) for a in (*cash, remainder))
    assert sum(cash) + remainder == pot
    assert remainder >= 0
    for share, percent in zip(cash, percents, strict=True):
        # rounded down to whole units: the largest multiple of a unit not above its part
        assert share >= 0 and share % UNIT == 0
        assert share * 100 <= pot * percent < (share + UNIT) * 100
    # rounding loses less than a unit per share; percentages under 100 leave their rest
    assert remainder < len(percents) * UNIT + pot * (100 - sum(percents)) / 100


@dataclass(frozen=True)
class Field:
    """Entrants who may win a prize, in the standings' order, with their ranks (tied ones
    share a rank; a rank may be missing where a team that left stood)."""

    ranked: list[tuple[str, int]]


@st.composite
def fields(draw: st.DrawFn) -> Field:
    """Up to 12 entrants in groups of equal rank (a group of one: no tie)."""
    sizes = draw(st.lists(st.integers(1, 4), min_size=1, max_size=6))
    ranked: list[tuple[str, int]] = []
    rank = 1
    for size in sizes:
        rank += draw(st.sampled_from([0, 0, 0, 1]))  # now and then a team that left
        first = len(ranked) + 1
        ranked.extend((f"E{first + i}", rank) for i in range(size))
        rank += size
    return Field(ranked)


@st.composite
def prize_lines(draw: st.DrawFn, places: int) -> list[PrizeLine]:
    """Lines that never overlap: single places and ranges, in kind or cash, and sometimes a
    ``*`` line for every place no other line names."""
    lines: list[PrizeLine] = []
    place = 1
    while place <= places + 2 and draw(st.booleans()):
        place += draw(st.integers(0, 1))
        last = place + draw(st.integers(0, 2))
        cash = draw(st.one_of(st.none(), st.integers(0, 50_000)))
        lines.append(PrizeLine(place, last, "" if cash is not None else f"lot {place}",
                               cash))
        place = last + 1
    if draw(st.booleans()):
        cash = draw(st.one_of(st.none(), st.integers(0, 2_000)))
        lines.append(PrizeLine(None, None, "" if cash is not None else "un saucisson", cash))
    return lines


def _line_of(lines: list[PrizeLine], place: int) -> PrizeLine | None:
    """The line that gives a prize to ``place`` (a ``*`` line when no other does)."""
    named = [one for one in lines if one.covers(place)]
    assert len(named) <= 1
    return named[0] if named else next((one for one in lines if one.rest), None)


def _reached_cash(lines: list[PrizeLine], pot: list[int], entrants: int) -> list[int]:
    """The cash each place an entrant reaches is worth: its cash line, and its pot share."""
    worth = []
    for place in range(1, entrants + 1):
        found = _line_of(lines, place)
        fixed = found.amount if found is not None and found.amount is not None else 0
        worth.append(fixed + (pot[place - 1] if place <= len(pot) else 0))
    return worth


def _groups(field: Field) -> list[list[int]]:
    """The positions (from 0) of the entrants of each rank, in order."""
    groups: list[list[int]] = []
    for position, (_name, rank) in enumerate(field.ranked):
        if groups and field.ranked[groups[-1][0]][1] == rank:
            groups[-1].append(position)
        else:
            groups.append([position])
    return groups


@st.composite
def fields_and_lines(draw: st.DrawFn) -> tuple[Field, list[PrizeLine]]:
    """A field, and prize lines for about as many places."""
    field = draw(fields())
    return field, draw(prize_lines(len(field.ranked)))


@given(fields_and_lines(), pots, percentages())
@example((Field([("A", 1), ("B", 1), ("C", 3)]), []), 1, [60, 30, 10])  # a cent for two
@example((Field([("A", 1), ("B", 1), ("C", 1)]), [PrizeLine(1, 1, "un jambon"),
                                                   PrizeLine(2, 3, "", 1_000)]),
         10_001, [50, 30, 20])  # a tie straddling a prize in kind and cash places
@settings(max_examples=150, derandomize=True, database=None)
def test_tied_entrants_share_their_places_cash_to_the_cent(
        case: tuple[Field, list[PrizeLine]], total: int, percents: list[int]) -> None:
    field, lines = case
    entrants = len(field.ranked)
    pot, remainder = shares(total, percents)
    awards, left = award(field.ranked, lines, pot)
    by_name: dict[str, Award] = {}
    for one in awards:
        assert one.name not in by_name  # a row per entrant at most
        by_name[one.name] = one
    cash = {name: by_name[name].amount if name in by_name else 0 for name, _rank in field.ranked}
    assert all(isinstance(a, int) and a >= 0 for a in (*cash.values(), left))
    worth = _reached_cash(lines, pot, entrants)
    for group in _groups(field):
        names = [field.ranked[i][0] for i in group]
        amounts = {cash[name] for name in names}
        assert len(amounts) == 1, (names, cash)  # tied: the same cash
        (each,) = amounts
        together = sum(worth[i] for i in group)
        assert 0 <= together - each * len(group) < len(group)  # less than a cent each kept
        kinds = set()
        for i in group:
            found = _line_of(lines, i + 1)
            kinds.add(found.prize if found is not None and found.prize else None)
        straddle = len(kinds) > 1  # tied across different prizes in kind: to be decided
        for i in group:
            name = field.ranked[i][0]
            found = _line_of(lines, i + 1)
            prize = found.prize if found is not None and found.prize else None
            row = by_name.get(name)
            # a row for whoever gets something, and for each of a tie to decide; in kind by
            # place, in the standings' order (no order decided)
            assert (row is not None) == (prize is not None or each > 0 or straddle)
            if row is not None:
                assert (row.prize, row.place, row.tied, row.to_decide) == (
                    prize, group[0] + 1, len(group) > 1, straddle)
    # what is paid and the cents nobody gets (what no tie could share, the pot's shares of
    # places no entrant reaches) are the cash of the places reached and the pot's others
    assert sum(cash.values()) + left == sum(worth) + sum(pot[entrants:])
    if not any(one.amount for one in lines):
        # paid + the remainder stated is the pot, however many places it is shared over
        assert sum(cash.values()) + remainder + left == total


def test_a_pot_shared_over_more_places_than_entrants_keeps_the_rest_in_the_remainder() -> None:
    total = 10_000
    pot, remainder = shares(total, [60, 30, 10])
    awards, left = award([("Les As", 1), ("Les Rois", 2)], [], pot)
    assert [a.amount for a in awards] == [6_000, 3_000]
    assert sum(a.amount for a in awards) + remainder + left == total
