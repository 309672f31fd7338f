"""The prize list of a concours: prizes by rank, the cash pot, and who gets what.

- A prize line gives a prize to a rank (``3``), a range of ranks (``5-8``: each of them gets
  one) or to every rank no other line names (``*``).  Lines never overlap.  A prize that is
  only an amount (``50``, ``50 €``, ``50.00 EUR``) is cash; any other is in kind.
- The pot is shared by percentages of the places from the first (``60,30,10``), which add up
  to 100 exactly (said, never scaled); each share is rounded down to whole units of the
  currency, and what rounding leaves is the remainder, stated.
- Against the standings: the places are the standings' order without the teams that
  withdrew or never played.  Teams the ranking rule leaves tied (the same rank: every
  tie-break equal) share their places' cash equally, to the cent (a cent that cannot be
  shared goes to the remainder); prizes in kind go by place, in the standings' order.
- Tied entrants whose places' prizes in kind differ (a ham for the 1st, a bottle for the 2nd)
  are **to be decided**: the list gives them in the standings' order meanwhile, and says so;
  the director decides the order between them (``tournament prizes order``), which holds
  while exactly those entrants are tied.  Cash stays shared.
- A rank a prize line or the pot's share names that no entrant will reach is said.

Pure: amounts in cents, no store, no words but the errors'.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from coinche_cli.errors import InputError
from coinche_cli.i18n import _
from coinche_cli.names import check_text
from coinche_cli.tournament.money import bounded
from coinche_cli.values import Value

#: The highest rank a prize line names (a concours of a region is a few hundred teams).
MAX_RANK = 10_000
#: The most shares a pot is split into.
MAX_SHARES = 100

_RANK = re.compile(r"([0-9]{1,6})(?:\s*[-–—]\s*([0-9]{1,6}))?")
# an amount alone, with a currency's sign or code before or after it: a cash prize
_CASH = re.compile(r"(?:[€$£]|[A-Z]{3})?\s*([0-9]+)(?:[.,]([0-9]{1,2}))?"
                   r"\s*(?:[€$£]|[A-Z]{3}|euros?)?")


class PrizeLine(Value):
    """A prize for ranks ``first`` to ``last`` (both None: every rank no other line names):
    ``prize`` in kind, or ``amount`` cents in cash."""

    __slots__ = ("amount", "first", "last", "prize")

    def __init__(self, first: int | None, last: int | None, prize: str = "",
                 amount: int | None = None) -> None:
        self.first = first
        self.last = last
        self.prize = prize
        self.amount = amount

    @property
    def rest(self) -> bool:
        """Whether the line is ``*``: every rank no other line names."""
        return self.first is None

    def ranks(self) -> str:
        """The ranks as typed: ``3``, ``5-8``, ``*``."""
        if self.first is None:
            return "*"
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"

    def covers(self, place: int) -> bool:
        """Whether the line gives a prize to ``place`` (``*`` aside)."""
        return self.first is not None and self.first <= place <= (self.last or 0)


class Pot(Value):
    """The cash shared by percentages of the places (``percents``, from the first): ``amount``
    cents, or None for the fees received (less the refunds)."""

    __slots__ = ("amount", "percents")

    def __init__(self, percents: tuple[int, ...], amount: int | None = None) -> None:
        self.percents = percents
        self.amount = amount


def parse_ranks(text: str, field: str = "rank") -> tuple[int | None, int | None]:
    """Ranks as typed: ``3``, ``5-8`` (``5–8``), or ``*`` (every remaining rank: None, None)."""
    typed = text.strip()
    if typed == "*":
        return None, None
    match = _RANK.fullmatch(typed) if typed.isascii() or "–" in typed or "—" in typed else None
    if match is None:
        raise InputError(field, _("“{got}” is not a rank: give 3, a range such as 5-8, or * "
                                  "for every remaining team"), got=text)
    first = int(match[1])
    last = int(match[2]) if match[2] else first
    if not 1 <= first <= last <= MAX_RANK:
        raise InputError(field, _("“{got}” is not a range of ranks from 1 to {most}, the "
                                  "first one first"), got=text, most=MAX_RANK)
    return first, last


def parse_prize(text: str, field: str = "prize") -> tuple[str, int | None]:
    """A prize as typed: an amount alone is cash (its cents), anything else is in kind."""
    typed = text.strip()
    if not typed:
        raise InputError(field, _("say what the prize is"))
    match = _CASH.fullmatch(typed) if typed.isascii() or "€" in typed or "£" in typed else None
    if match is not None:  # bounded as every amount is: both stores hold it
        return "", bounded(match[1], match[2] or "", text, field)
    return typed, None


def line(ranks: str, prize: str) -> PrizeLine:
    """A prize line from what a director types (``tournament prizes add 5-8 "Une
    bouteille"``)."""
    first, last = parse_ranks(ranks)
    text, amount = parse_prize(check_text(prize, "prize"))
    return PrizeLine(first, last, text, amount)


def clash(lines: Sequence[PrizeLine]) -> tuple[int, int] | None:
    """The indexes of the first two lines that give a prize to the same rank (two ``*``
    lines clash too), or None."""
    for later, one in enumerate(lines):
        for earlier in range(later):
            other = lines[earlier]
            if one.rest and other.rest:
                return earlier, later
            if one.rest or other.rest:
                continue
            assert one.first is not None and other.first is not None
            if one.first <= (other.last or 0) and other.first <= (one.last or 0):
                return earlier, later
    return None


def parse_percents(text: str) -> tuple[int, ...]:
    """``--percent 60,30,10``: the share of each place, whole percentages adding up to 100."""
    parts = [part.strip() for part in text.split(",")]
    if not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
        raise InputError("--percent", _("give whole percentages separated by commas, such as "
                                        "60,30,10; got “{got}”"), got=text)
    shares = tuple(int(p) for p in parts)
    if len(shares) > MAX_SHARES or any(share < 1 for share in shares):
        raise InputError("--percent", _("each share is at least 1%, and there are at most "
                                        "{most} shares; got “{got}”"), got=text, most=MAX_SHARES)
    if sum(shares) != 100:
        raise InputError("--percent", _("the shares add up to {total}%, not 100%: give each "
                                        "share so that they do (none is scaled)"),
                         total=sum(shares))
    return shares


def shares(total: int, percents: Sequence[int]) -> tuple[list[int], int]:
    """The pot of ``total`` cents shared by ``percents``: each share rounded down to whole
    units (100 cents), and the remainder."""
    amounts = [total * percent // 100 // 100 * 100 for percent in percents]
    return amounts, total - sum(amounts)


class Award(Value):
    """One line of the prize list: the place (tied entrants share it), the name, the prize in
    kind (or None), the cash in cents, whether the place is shared, and whether the prize in
    kind awaits the director's order between tied entrants (``to_decide``) or follows the
    order decided (``decided``)."""

    __slots__ = ("amount", "decided", "name", "place", "prize", "tied", "to_decide")

    def __init__(self, place: int, name: str, prize: str | None, amount: int,
                 tied: bool, *, to_decide: bool = False, decided: bool = False) -> None:
        self.place = place
        self.name = name
        self.prize = prize
        self.amount = amount
        self.tied = tied
        self.to_decide = to_decide
        self.decided = decided


class Tie(Value):
    """Entrants the ranking leaves tied at ``place`` whose places' prizes in kind differ:
    ``names`` in the order the prizes in kind go to them, the director's when ``decided``,
    else the standings'."""

    __slots__ = ("decided", "names", "place")

    def __init__(self, place: int, names: tuple[str, ...], decided: bool) -> None:
        self.place = place
        self.names = names
        self.decided = decided


def _groups(ranked: Sequence[tuple[str, int]]) -> list[range]:
    """The indexes of ``ranked`` that share a rank, one range per place."""
    groups: list[range] = []
    start = 0
    while start < len(ranked):
        end = start + 1
        while end < len(ranked) and ranked[end][1] == ranked[start][1]:
            end += 1
        groups.append(range(start, end))
        start = end
    return groups


def _ordered(names: list[str], orders: Sequence[Sequence[str]]) -> list[str] | None:
    """The order decided for exactly ``names`` (tied together), or None."""
    wanted = set(names)
    return next((list(order) for order in orders
                 if len(order) == len(names) and set(order) == wanted), None)


def award(ranked: Sequence[tuple[str, int]], lines: Sequence[PrizeLine],
          pot: Sequence[int] = (), orders: Sequence[Sequence[str]] = ()
          ) -> tuple[list[Award], int]:
    """Who gets what: ``ranked`` is the entrants who may win a prize, in the standings' order,
    each with its rank in the standings (equal ranks: tied by the ranking rule); ``lines``
    the prize lines; ``pot`` the cash of each place from the first; ``orders`` the orders
    the director decided between tied entrants (names).  Returns every entrant that gets
    something (a decided tie in its order), and the cents nobody gets: what a tie could not
    share, and the pot's shares of places no entrant reaches (a pot shared over more places
    than there are entrants)."""
    of = _finder(lines)
    cash = []
    for position in range(1, len(ranked) + 1):
        found = of(position)
        fixed = found.amount if found is not None and found.amount is not None else 0
        cash.append(fixed + (pot[position - 1] if position <= len(pot) else 0))
    awards: list[Award] = []
    left = sum(pot[len(ranked):])
    for group in _groups(ranked):
        together = sum(cash[i] for i in group)
        each = together // len(group)
        left += together - each * len(group)
        kinds = [_in_kind(of, i + 1) for i in group]
        names = [ranked[i][0] for i in group]
        decided = _ordered(names, orders) if len(group) > 1 else None
        straddle = len(set(kinds)) > 1
        for name, prize in zip(decided or names, kinds, strict=True):
            if prize is not None or each or straddle:  # every one of a tie to decide shown
                awards.append(Award(group.start + 1, name, prize, each, len(group) > 1,
                                    to_decide=straddle and decided is None,
                                    decided=straddle and decided is not None))
    return awards, left


def ties(ranked: Sequence[tuple[str, int]], lines: Sequence[PrizeLine],
         orders: Sequence[Sequence[str]] = ()) -> list[Tie]:
    """The places where entrants tied by the ranking (``ranked`` as :func:`award` takes it)
    straddle different prizes in kind, with the order the prizes go in."""
    of = _finder(lines)
    found = []
    for group in _groups(ranked):
        if len(group) > 1 and len({_in_kind(of, i + 1) for i in group}) > 1:
            names = [ranked[i][0] for i in group]
            decided = _ordered(names, orders)
            found.append(Tie(group.start + 1, tuple(decided or names), decided is not None))
    return found


def tied_groups(ranked: Sequence[tuple[str, int]]) -> list[tuple[str, ...]]:
    """The names of each place that two entrants or more of ``ranked`` share, in order."""
    return [tuple(ranked[i][0] for i in group) for group in _groups(ranked) if len(group) > 1]


def unreached(lines: Sequence[PrizeLine], places: int, entrants: int) -> list[tuple[int, int]]:
    """The ranges of ranks (first, last) that a prize line or the pot's share of one of its
    ``places`` gives a prize to, and that no entrant reaches: beyond ``entrants``."""
    named = [False] * (max([places, *(one.last or 0 for one in lines)]) + 1)
    for first, last in [(1, places), *((one.first, one.last) for one in lines if not one.rest)]:
        assert first is not None and last is not None
        for rank in range(max(first, entrants + 1), last + 1):
            named[rank] = True
    found: list[tuple[int, int]] = []
    for rank in range(entrants + 1, len(named)):
        if named[rank] and found and found[-1][1] == rank - 1:
            found[-1] = (found[-1][0], rank)
        elif named[rank]:
            found.append((rank, rank))
    return found


def _finder(lines: Sequence[PrizeLine]) -> Callable[[int], PrizeLine | None]:
    """The line that gives a prize to a place (``*`` for every place no other line names)."""
    rest = next((one for one in lines if one.rest), None)

    def of(position: int) -> PrizeLine | None:
        return next((one for one in lines if one.covers(position)), rest)

    return of


def _in_kind(of: Callable[[int], PrizeLine | None], position: int) -> str | None:
    found = of(position)
    return found.prize if found is not None and found.prize else None
