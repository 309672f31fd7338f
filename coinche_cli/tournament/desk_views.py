"""The desk as every ``--json`` prints it: ``tournament checkin`` (the list of who has come,
and what a check-in did), ``tournament fees`` (the treasurer's total), ``tournament prizes``
(who gets what), and the desk's part of the export.

Every amount is an integer number of cents.  An entrant is named under ``team`` in a
formed-team concours and under ``player`` in a mêlée (as each door calls it); the rest of
every view is the same whatever the format.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from coinche_cli.i18n import _
from coinche_cli.tournament.accounts import (
    Account,
    CheckedIn,
    DeskState,
    accounts,
    clock,
    currency,
    where,
)
from coinche_cli.tournament.model import Tournament
from coinche_cli.tournament.money import METHODS, Method, method_words
from coinche_cli.tournament.prizes import award, shares, tied_groups, ties, unreached
from coinche_cli.tournament.views import named

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the classes are the checker's alone
    from typing import NotRequired, TypedDict

    from coinche_cli.tournament.views import Named

    class CheckinRow(Named):
        """An entrant at the desk: present, absent or left, when it came, what it paid (less
        refunds) and owes."""

        status: Status
        arrived: str | None
        paid: int
        owed: int

    class CheckedInJson(Named):
        """What a check-in did for one entrant: its arrival (None: it had come already), the
        payment recorded, an undone check-in and what it took back, the round it plays from."""

        arrived: str | None
        undone: bool
        paid: int | None
        method: Method | None
        taken_back: int
        plays_from: int | None

    class CheckinJson(TypedDict):
        """``tournament checkin --json``: the desk (``--list``), and after a check-in what was
        ``done`` for each entrant named (``--list``: nothing)."""

        currency: str
        fee: int | None
        rows: list[CheckinRow]
        present: int
        absent: int
        paid: int
        owed: int
        done: list[CheckedInJson]

    class RefundJson(Named):
        """Money given back, and why."""

        amount: int
        method: Method
        reason: str

    class OwedJson(Named):
        """What an entrant still owes."""

        amount: int

    class FeesJson(TypedDict):
        """``tournament fees --json``: the treasurer's total; ``balance`` (received less
        refunds and prizes paid out) is where the money is: ``box_cash`` (negative: the box
        is short of cash), ``box_cheques`` and ``bank`` (card and transfer)."""

        currency: str
        fee: int | None
        registered: int
        present: int
        expected: int
        received: int
        received_by_method: dict[Method, int]
        owed: int
        owed_by: list[OwedJson]
        refunded: int
        refunds: list[RefundJson]
        prizes_paid: int
        balance: int
        box_cash: int
        box_cheques: int
        bank: int

    class PrizeJson(TypedDict):
        """One entrant's prize: its place (``tied``: shared), in kind and in cash; whether its
        prize in kind is between tied entrants and awaits the director's order (``to_decide``:
        given meanwhile in the standings' order) or follows the order decided (``decided``);
        what the entrant still owes of its fee (``owed``, cents)."""

        rank: int
        team: NotRequired[str]
        player: NotRequired[str]
        prize: str | None
        amount: int
        tied: bool
        to_decide: bool
        decided: bool
        owed: int

    class TieJson(TypedDict):
        """Entrants tied at ``rank`` whose places' prizes in kind differ: their ``names`` in
        the order the prizes go (the director's when ``decided``, else the standings')."""

        rank: int
        names: list[str]
        decided: bool

    class OrderJson(TypedDict):
        """An order the director decided between tied entrants, and whether it is ``used``
        (those entrants are still tied, exactly)."""

        names: list[str]
        used: bool

    class PrizeLineJson(TypedDict):
        """A line of the prize list as given."""

        ranks: str
        prize: str | None
        amount: int | None

    class PotJson(TypedDict):
        """The cash pot: the fees received or an amount, its percentages and shares."""

        of: Literal["fees", "amount"]
        total: int
        percents: list[int]
        shares: list[int]
        remainder: int

    class PrizesJson(TypedDict):
        """``tournament prizes --json``: who gets what against the standings so far (``final``
        once the last round is complete); the ``ties`` to decide or decided, every order
        decided, the ranks no entrant will reach (``unreached``: ``13-15``, ``7``)."""

        currency: str
        final: bool
        after_round: int | None
        rows: list[PrizeJson]
        lines: list[PrizeLineJson]
        pot: PotJson | None
        remainder: int
        ties: list[TieJson]
        orders: list[OrderJson]
        unreached: list[str]

    class DeskRow(TypedDict):
        """An entrant's line of the export's fees sheet, its words in the language in force."""

        name: str
        status: str
        arrived: str
        due: int
        paid: int
        refunded: int
        owed: int
        methods: str

    class FeesExport(TypedDict):
        """The export's fees: a line per entrant, and the treasurer's total."""

        currency: str
        rows: list[DeskRow]
        totals: FeesJson

    class DeskExport(TypedDict, total=False):
        """The desk's part of ``tournament export``: nothing when the tournament uses no desk."""

        fees: FeesExport
        prizes: PrizesJson

#: Where an entrant stands at the desk.
Status = Literal["present", "absent", "left"]


def status_words(status: Status) -> str:
    """A status in words."""
    match status:
        case "present":
            return _("present")
        case "absent":
            return _("absent")
        case "left":
            return _("left")


def _status(account: Account) -> Status:
    """Left once it has left; present once it has checked in or played (a desk that checks no
    one in still sees who played); else absent."""
    if account.entrant.dropped_after is not None:
        return "left"
    return "present" if account.arrived is not None or account.played else "absent"


def checked_in_json(tournament: Tournament, entry: CheckedIn) -> CheckedInJson:
    """What a check-in did for one entrant."""
    payment = entry.payment
    return {**named(tournament.kind, entry.entrant.name), "arrived": entry.arrived,
            "undone": entry.undone, "paid": None if payment is None else payment.amount,
            "method": None if payment is None else payment.method,
            "taken_back": entry.taken_back, "plays_from": entry.plays_from}


def checkin_json(tournament: Tournament, state: DeskState,
                 done: Sequence[CheckedIn] = ()) -> CheckinJson:
    """Who has come and paid (``checkin --list``), and what a check-in just ``done`` did."""
    books = accounts(tournament, state)
    rows: list[CheckinRow] = [
        {**named(tournament.kind, a.entrant.name), "status": _status(a), "arrived": a.arrived,
         "paid": a.paid - a.refunded, "owed": a.owed} for a in books]
    statuses = [row["status"] for row in rows]
    return {"currency": currency(tournament), "fee": tournament.settings.fee, "rows": rows,
            "present": statuses.count("present"), "absent": statuses.count("absent"),
            "paid": sum(1 for a in books if a.due and not a.owed),
            "owed": sum(a.owed for a in books),
            "done": [checked_in_json(tournament, entry) for entry in done]}


def tie_mark(row: PrizeJson) -> str:
    """What marks a prize decided by a tie: to be decided, or the order decided (``""``:
    neither)."""
    if row["to_decide"]:
        return _("to be decided")
    return _("order decided") if row["decided"] else ""


def final(tournament: Tournament) -> bool:
    """Whether the last round is paired and complete: the standings are final."""
    rounds = tournament.rounds
    return len(rounds) == tournament.settings.rounds and rounds[-1].complete


def entrants_left(tournament: Tournament, ranked: Sequence[object]) -> int:
    """How many entrants may still reach a place: those ranked once the standings are final,
    else every one that has not left."""
    if final(tournament):
        return len(ranked)
    return sum(1 for entrant in tournament.entrants if entrant.dropped_after is None)


def contenders(tournament: Tournament) -> tuple[list[tuple[str, int]], int | None]:
    """The entrants who may win a prize (not left, played at least once), in the standings'
    order with their ranks, and the round the standings are after."""
    last = tournament.current.number if tournament.current else None
    if tournament.settings.melee:
        from coinche_cli.tournament.melee_standings import player_standings

        lines = [row.line for row in player_standings(tournament)]
    else:
        from coinche_cli.tournament.ranked import ranking

        lines = ranking(tournament)
    return [(row.name, row.rank) for row in lines if not row.dropped and row.played], last


def prize_json(tournament: Tournament, state: DeskState) -> PrizesJson:
    """Who gets what against the standings so far, with the pot and the remainder."""
    ranked, after = contenders(tournament)
    pot: PotJson | None = None
    cash: list[int] = []
    remainder = 0
    if state.pot is not None:
        total = state.net() if state.pot.amount is None else state.pot.amount
        cash, remainder = shares(max(total, 0), state.pot.percents)
        pot = {"of": "fees" if state.pot.amount is None else "amount", "total": total,
               "percents": list(state.pot.percents), "shares": cash, "remainder": remainder}
    names = {entrant.id: entrant.name for entrant in tournament.entrants}
    orders = [tuple(names[i] for i in order if i in names) for order in state.orders]
    awards, left = award(ranked, state.lines, cash, orders)
    owed = {a.entrant.name: a.owed for a in accounts(tournament, state)}
    found = ties(ranked, state.lines, orders)
    groups = [set(group) for group in tied_groups(ranked)]
    return {
        "currency": currency(tournament), "final": final(tournament), "after_round": after,
        "rows": [{"rank": a.place, **named(tournament.kind, a.name), "prize": a.prize,
                  "amount": a.amount, "tied": a.tied, "to_decide": a.to_decide,
                  "decided": a.decided, "owed": owed.get(a.name, 0)} for a in awards],
        "lines": [{"ranks": one.ranks(), "prize": one.prize or None, "amount": one.amount}
                  for one in state.lines],
        "pot": pot, "remainder": remainder + left,
        "ties": [{"rank": tie.place, "names": list(tie.names), "decided": tie.decided}
                 for tie in found],
        "orders": [{"names": list(order), "used": set(order) in groups} for order in orders],
        "unreached": [str(first) if first == last else f"{first}-{last}" for first, last in
                      unreached(state.lines, len(cash), entrants_left(tournament, ranked))],
    }  # fmt: skip



def fees_json(tournament: Tournament, state: DeskState) -> FeesJson:
    """The treasurer's total: what was expected, received by method, owed (and by whom),
    refunded, the prize money paid out (once the last round is complete), the cash box."""
    books = accounts(tournament, state)
    by_method = dict.fromkeys(METHODS, 0)
    refunds: list[RefundJson] = []
    names = {account.entrant.id: account.entrant.name for account in books}
    for payment in state.payments:
        if payment.amount > 0:
            by_method[payment.method] += payment.amount
        else:
            refunds.append({**named(tournament.kind, names.get(payment.entrant, "")),
                            "amount": -payment.amount, "method": payment.method,
                            "reason": payment.reason})
    received = sum(by_method.values())
    refunded = -sum(p.amount for p in state.payments if p.amount < 0)
    paid_out = 0
    if final(tournament) and (state.lines or state.pot):
        paid_out = sum(row["amount"] for row in prize_json(tournament, state)["rows"])
    kept = where(state.payments, paid_out)
    return {
        "currency": currency(tournament), "fee": tournament.settings.fee,
        "registered": len(books),
        "present": sum(1 for account in books if _status(account) == "present"),
        "expected": sum(a.due for a in books), "received": received,
        "received_by_method": by_method, "owed": sum(a.owed for a in books),
        "owed_by": [{**named(tournament.kind, a.entrant.name), "amount": a.owed}
                    for a in books if a.owed],
        "refunded": refunded, "refunds": refunds, "prizes_paid": paid_out,
        "balance": received - refunded - paid_out, "box_cash": kept["cash"],
        "box_cheques": kept["cheques"], "bank": kept["bank"],
    }  # fmt: skip


def desk_export(tournament: Tournament, state: DeskState) -> DeskExport:
    """The desk's part of ``tournament export``: the fees and the prize list, when the
    tournament uses them; nothing otherwise (a concours that does not exports as it always
    did).  Words in the language in force."""
    if not state.used(tournament):
        return {}
    methods: dict[int, list[str]] = {}
    for payment in state.payments:
        methods.setdefault(payment.entrant, []).append(method_words(payment.method))
    rows: list[DeskRow] = [
        {"name": a.entrant.name, "status": status_words(_status(a)),
         "arrived": clock(a.arrived) if a.arrived else "", "due": a.due, "paid": a.paid,
         "refunded": a.refunded, "owed": a.owed,
         "methods": ", ".join(dict.fromkeys(methods.get(a.entrant.id, [])))}
        for a in accounts(tournament, state)]
    data: DeskExport = {"fees": {"currency": currency(tournament), "rows": rows,
                                 "totals": fees_json(tournament, state)}}
    if state.lines or state.pot:
        data["prizes"] = prize_json(tournament, state)
    return data
