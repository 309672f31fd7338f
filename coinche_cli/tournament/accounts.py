"""The desk's books: who has come, what each entrant paid and owes, in cents.

What an entrant owes (the treasurer's rule, stated once here):

- an entrant is **liable** for the fee once it has checked in or played (been paired, had a
  bye, or in a mêlée sat out); without ``--require-checkin`` every registered entrant that
  has not left is liable too (the desk may never check anyone in).  A team that never came
  and never played owes nothing;
- it **owes** the fee less what it paid; a **refund** (a payment of a negative amount, with
  its reason) gives money back and lowers what is **expected** of it by as much: a team that
  withdraws and is refunded in full is expected to pay nothing;
- what is **expected** is the sum of every liable entrant's fee less its refunds.

Where the money is (the treasurer's count at the end of the evening):

- **cash** is in the box, and so are **cheques** (counted apart: they go to the bank later);
  **card** and **transfer** money went to the club's account (the bank), never into the box;
- a refund comes out of where its method says (a cheque handed back leaves the box; a refund
  by cheque beyond the cheques received is a cheque the club wrote: the bank);
- the prize money paid out (the cash prizes, once the last round is complete) is handed out
  in cash from the box: when it, or the cash refunds, take more cash than came in, the box is
  short of cash by the difference (paid from elsewhere), shown as a negative amount of cash.

Pure: the store's records in (:class:`DeskState`), accounts out; amounts shown in the
tournament's currency.
"""

from __future__ import annotations

import calendar
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, assert_never

from coinche_cli.tournament.model import Entrant, Tournament
from coinche_cli.tournament.money import Method, Payment, format_amount, locale_currency
from coinche_cli.values import Value

if TYPE_CHECKING:
    from coinche_cli.tournament.prizes import Pot, PrizeLine


class DeskState(Value):
    """What the desk keeps of a tournament: who arrived when, every payment, the prize lines,
    the pot, and the orders decided between tied entrants (their ids, in order)."""

    __slots__ = ("arrivals", "lines", "orders", "payments", "pot")

    def __init__(self, arrivals: dict[int, str], payments: Sequence[Payment],
                 lines: Sequence[PrizeLine], pot: Pot | None,
                 orders: Sequence[tuple[int, ...]] = ()) -> None:
        self.arrivals = arrivals
        self.payments = tuple(payments)
        self.lines = tuple(lines)
        self.pot = pot
        self.orders = tuple(orders)

    def used(self, tournament: Tournament) -> bool:
        """Whether the tournament uses the desk at all (else it prints and exports as a
        concours always did)."""
        settings = tournament.settings
        return bool(settings.fee is not None or settings.currency or settings.require_checkin
                    or self.arrivals or self.payments or self.lines or self.pot)

    def net(self) -> int:
        """The money received less the refunds, in cents."""
        return sum(p.amount for p in self.payments)


#: Where a method's money is kept: cash and cheques in the box, card and transfer at the bank.
Kept = Literal["cash", "cheques", "bank"]


def kept_in(method: Method) -> Kept:
    """Where money paid by ``method`` is kept (the rule: this module's docstring)."""
    match method:
        case "cash":
            return "cash"
        case "cheque":
            return "cheques"
        case "card" | "transfer":
            return "bank"
        case unreachable:
            assert_never(unreachable)


def where(payments: Sequence[Payment], paid_out: int) -> dict[Kept, int]:
    """Where the money received, less refunds and the prize money ``paid_out``, now is, in
    cents: the cash and the cheques in the box, and what is at the bank (the rule: this
    module's docstring).  The three add up to the balance."""
    held: dict[Kept, int] = {"cash": -paid_out, "cheques": 0, "bank": 0}
    for payment in payments:
        held[kept_in(payment.method)] += payment.amount
    if held["cheques"] < 0:  # cheques written by the club, beyond those handed back
        held["bank"] += held["cheques"]
        held["cheques"] = 0
    return held


def currency(tournament: Tournament) -> str:
    """The tournament's currency: the one it was given, else the locale's."""
    return tournament.settings.currency or locale_currency()


def money(tournament: Tournament, cents: int) -> str:
    """An amount in the tournament's currency, in words."""
    return format_amount(cents, currency(tournament))


def clock(moment: str) -> str:
    """A stored moment (UTC) as the desk's clock shows it: ``14:05``, local time."""
    try:
        seconds = calendar.timegm(time.strptime(moment[:19], "%Y-%m-%dT%H:%M:%S"))
    except ValueError:
        return moment
    return time.strftime("%H:%M", time.localtime(seconds))


def played(tournament: Tournament) -> frozenset[int]:
    """The entrants who have played: been paired, had a bye, or in a mêlée sat out."""
    if tournament.settings.melee:
        return frozenset({member for round_ in tournament.rounds for board in round_.boards
                          for team in (board.team1, board.team2)
                          for member in tournament.team(team).members}
                         | {p for round_ in tournament.rounds for p in round_.sitting_out})
    return tournament.played_teams()


class Account(Value):
    """An entrant's account at the desk: whether it has played, when it arrived (None: not
    yet), what it paid and was refunded, what is expected of it and what it still owes, in
    cents."""

    __slots__ = ("arrived", "due", "entrant", "owed", "paid", "played", "refunded")

    def __init__(self, entrant: Entrant, played: bool, arrived: str | None, paid: int,
                 refunded: int, due: int, owed: int) -> None:
        self.entrant = entrant
        self.played = played
        self.arrived = arrived
        self.paid = paid
        self.refunded = refunded
        self.due = due
        self.owed = owed


def accounts(tournament: Tournament, state: DeskState) -> list[Account]:
    """Every entrant's account, in registration order (the rule: this module's docstring)."""
    fee = tournament.settings.fee or 0
    paid: dict[int, int] = {}
    refunded: dict[int, int] = {}
    for payment in state.payments:
        into = paid if payment.amount > 0 else refunded
        into[payment.entrant] = into.get(payment.entrant, 0) + abs(payment.amount)
    found = []
    seen = played(tournament)
    for entrant in tournament.entrants:
        arrived = state.arrivals.get(entrant.id)
        liable = (arrived is not None or entrant.id in seen
                  or (not tournament.settings.require_checkin
                      and entrant.dropped_after is None))
        back = refunded.get(entrant.id, 0)
        given = paid.get(entrant.id, 0)
        due = max(0, fee - back) if liable else 0
        found.append(Account(entrant, entrant.id in seen, arrived, given, back, due,
                             max(0, due - (given - back))))
    return found


class CheckedIn(Value):
    """What ``tournament checkin`` did for one entrant: its arrival (None when it had come
    already), the payment recorded, an undone check-in, the cents it took back (the payments
    less the refunds) and how many payments and refunds recorded ``since`` the check-in went
    with it, and the round it is paired from when it came after the first one was paired."""

    __slots__ = ("arrived", "entrant", "payment", "plays_from", "since", "taken_back",
                 "undone")

    def __init__(self, entrant: Entrant, arrived: str | None = None,
                 payment: Payment | None = None, undone: bool = False, taken_back: int = 0,
                 plays_from: int | None = None, since: int = 0) -> None:
        self.entrant = entrant
        self.arrived = arrived
        self.payment = payment
        self.undone = undone
        self.taken_back = taken_back
        self.plays_from = plays_from
        self.since = since
