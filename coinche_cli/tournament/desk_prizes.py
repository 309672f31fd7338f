"""The prizes and the treasurer's total: ``tournament prizes …`` and ``tournament fees``.

The prize list (:mod:`coinche_cli.tournament.prizes` states its rules) is set from a file or
line by line, the cash pot by percentages; who gets what is worked out against the standings
(per player in a mêlée).  The treasurer's total puts together what was expected, received by
each method, owed (by whom), refunded, and the prize money paid out (the cash prizes, once
the last round is complete).  Each change reads, checks everything, then writes in one
transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from coinche_cli.errors import InputError, TournamentError
from coinche_cli.i18n import _
from coinche_cli.tournament.desk import (
    DeskState,
    accounts,
    clock,
    currency,
    money,
    read_state,
)
from coinche_cli.tournament.found import load
from coinche_cli.tournament.model import Tournament
from coinche_cli.tournament.money import METHODS, method_words, parse_amount
from coinche_cli.tournament.prizes import (
    Pot,
    PrizeLine,
    award,
    clash,
    line,
    parse_percents,
    parse_ranks,
    shares,
)

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store
    from coinche_cli.tournament.poster_views import PosterData


def _clash_error(lines: Sequence[PrizeLine], where: tuple[int, int]) -> TournamentError:
    first, second = lines[where[0]], lines[where[1]]
    return TournamentError(_("the prizes for ranks {first} and {second} overlap: give each "
                             "rank one prize"), first=first.ranks(), second=second.ranks())


def set_prizes(store: Store, name: str | None, lines: Sequence[PrizeLine]) -> Tournament:
    """Replace the prize list with ``lines`` (read from a file, checked there row by row)."""
    where = clash(lines)
    if where is not None:
        raise _clash_error(lines, where)
    with store.write():
        tournament = load(store, name)
        store.set_prize_lines(tournament.id, lines)
    return tournament


def add_prize(store: Store, name: str | None, ranks: str, prize: str) -> PrizeLine:
    """Add a line to the prize list; refused when its ranks already have a prize."""
    added = line(ranks, prize)
    with store.write():
        tournament = load(store, name)
        lines = [*store.prize_lines(tournament.id), added]
        where = clash(lines)
        if where is not None:
            raise _clash_error(lines, where)
        store.set_prize_lines(tournament.id, lines)
    return added


def remove_prize(store: Store, name: str | None, ranks: str) -> PrizeLine:
    """Take the line of ``ranks`` (as given: ``3``, ``5-8``, ``*``) off the prize list."""
    wanted = parse_ranks(ranks)
    with store.write():
        tournament = load(store, name)
        lines = store.prize_lines(tournament.id)
        kept = [one for one in lines if (one.first, one.last) != wanted]
        if len(kept) == len(lines):
            raise InputError("rank", _("no prize is given to ranks {got!r}"), got=ranks)
        store.set_prize_lines(tournament.id, kept)
    return next(one for one in lines if one not in kept)


def set_pot(store: Store, name: str | None, percents: str | None, of: str | None,
            amount: str | None, clear: bool = False) -> tuple[Tournament, Pot | None, list[str]]:
    """Set the cash pot: ``percents`` of the fees received (``of``: ``fees``, the default) or
    of ``amount``; ``clear`` takes it away.  Warned: a pot larger than the money received."""
    if clear:
        if percents is not None or of is not None or amount is not None:
            raise InputError("--clear", _("--clear takes the pot away: give nothing else"))
        pot = None
    else:
        if percents is None:
            raise InputError("--percent", _("give each place's share, such as --percent "
                                            "60,30,10"))
        if of is not None and of.strip().lower() != "fees":
            raise InputError("--of", _("the pot is the fees (--of fees) or an amount "
                                       "(--amount 500), not {got!r}"), got=of)
        if of is not None and amount is not None:
            raise InputError("--amount", _("the pot is the fees or an amount, not both"))
        pot = Pot(parse_percents(percents),
                  None if amount is None else parse_amount(amount, "--amount"))
    warnings = []
    with store.write():
        tournament = load(store, name)
        state = read_state(store, tournament)
        store.set_prize_pot(tournament.id, pot)
        received = _net(state)
        if pot is not None and pot.amount is not None and pot.amount > received:
            warnings.append(_("the pot of {pot} is more than the money received ({received})")
                            .format(pot=money(tournament, pot.amount),
                                    received=money(tournament, received)))
    return tournament, pot, warnings


def _net(state: DeskState) -> int:
    """The money received less the refunds, in cents."""
    return sum(p.amount for p in state.payments)


def _final(tournament: Tournament) -> bool:
    rounds = tournament.rounds
    return len(rounds) == tournament.settings.rounds and rounds[-1].complete


def _ranked(tournament: Tournament) -> tuple[list[tuple[str, int]], int | None]:
    """The entrants who may win a prize (not left, played at least once), in the standings'
    order with their ranks, and the round the standings are after."""
    last = tournament.current.number if tournament.current else None
    if tournament.settings.melee:
        from coinche_cli.tournament.melee_standings import player_standings

        lines = [row.line for row in player_standings(tournament)]
    else:
        from coinche_cli.tournament.standings import standings

        lines = standings(tournament)
    return [(row.name, row.rank) for row in lines if not row.dropped and row.played], last


def prize_json(tournament: Tournament, state: DeskState) -> dict[str, Any]:
    """``tournament prizes --json``: who gets what against the standings so far (``final``
    once the last round is complete), with the pot and the remainder, amounts in cents."""
    ranked, after = _ranked(tournament)
    pot_json = None
    cash: list[int] = []
    remainder = 0
    if state.pot is not None:
        total = _net(state) if state.pot.amount is None else state.pot.amount
        cash, remainder = shares(max(total, 0), state.pot.percents)
        pot_json = {"of": "fees" if state.pot.amount is None else "amount", "total": total,
                    "percents": list(state.pot.percents), "shares": cash,
                    "remainder": remainder}
    awards, left = award(ranked, state.lines, cash)
    key = "player" if tournament.settings.melee else "team"
    return {
        "currency": currency(tournament), "final": _final(tournament), "after_round": after,
        "rows": [{"rank": a.place, key: a.name, "prize": a.prize, "amount": a.amount,
                  "tied": a.tied} for a in awards],
        "lines": [{"ranks": one.ranks(), "prize": one.prize or None, "amount": one.amount}
                  for one in state.lines],
        "pot": pot_json, "remainder": remainder + left,
    }  # fmt: skip


def prize_list(store: Store, name: str | None) -> tuple[Tournament, dict[str, Any]]:
    """The prize list against the standings, read in one snapshot."""
    with store.reading():
        tournament = load(store, name)
        state = read_state(store, tournament)
    return tournament, prize_json(tournament, state)


def fees_json(tournament: Tournament, state: DeskState) -> dict[str, Any]:
    """``tournament fees --json``: the treasurer's total, in cents."""
    books = accounts(tournament, state)
    by_method = dict.fromkeys(METHODS, 0)
    refunds: list[dict[str, Any]] = []
    names = {account.entrant.id: account.entrant.name for account in books}
    key = "player" if tournament.settings.melee else "team"
    for payment in state.payments:
        if payment.amount > 0:
            by_method[payment.method] += payment.amount
        else:
            refunds.append({key: names.get(payment.entrant, ""), "amount": -payment.amount,
                            "method": payment.method, "reason": payment.reason})
    received = sum(by_method.values())
    refunded = -sum(p.amount for p in state.payments if p.amount < 0)
    paid_out = 0
    if _final(tournament) and (state.lines or state.pot):
        paid_out = sum(row["amount"] for row in prize_json(tournament, state)["rows"])
    return {
        "currency": currency(tournament), "fee": tournament.settings.fee,
        "registered": len(books), "present": len(state.arrivals),
        "expected": sum(a.due for a in books), "received": received,
        "received_by_method": by_method, "owed": sum(a.owed for a in books),
        "owed_by": [{key: a.entrant.name, "amount": a.owed} for a in books if a.owed],
        "refunded": refunded, "refunds": refunds, "prizes_paid": paid_out,
        "balance": received - refunded - paid_out,
    }  # fmt: skip


def fees(store: Store, name: str | None) -> tuple[Tournament, dict[str, Any]]:
    """The treasurer's total, read in one snapshot."""
    with store.reading():
        tournament = load(store, name)
        state = read_state(store, tournament)
    return tournament, fees_json(tournament, state)


def checkin_json(tournament: Tournament, state: DeskState) -> dict[str, Any]:
    """``tournament checkin --list --json``: each entrant present, absent or left, when it
    came, what it paid (less refunds) and owes, in cents."""
    books = accounts(tournament, state)
    key = "player" if tournament.settings.melee else "team"
    rows: list[dict[str, Any]] = []
    for account in books:
        status = ("present" if account.arrived is not None
                  else "left" if account.entrant.dropped else "absent")
        rows.append({key: account.entrant.name, "status": status, "arrived": account.arrived,
                     "paid": account.paid - account.refunded, "owed": account.owed})
    return {"currency": currency(tournament), "fee": tournament.settings.fee, "rows": rows,
            "present": sum(r["status"] == "present" for r in rows),
            "absent": sum(r["status"] == "absent" for r in rows),
            "paid": sum(1 for a in books if a.due and not a.owed),
            "owed": sum(a.owed for a in books)}


def checkin_list(store: Store, name: str | None) -> tuple[Tournament, dict[str, Any]]:
    """Who has come and paid, read in one snapshot."""
    with store.reading():
        tournament = load(store, name)
        state = read_state(store, tournament)
    return tournament, checkin_json(tournament, state)


def export_data(store: Store, tournament: Tournament) -> dict[str, Any]:
    """The desk's part of ``tournament export`` (inside its reading): the fees and the prize
    list, when the tournament uses them; nothing otherwise (a concours that does not exports
    as it always did).  Amounts in cents, words in the language in force."""
    state = read_state(store, tournament)
    if not state.used(tournament):
        return {}
    totals = fees_json(tournament, state)
    methods: dict[int, list[str]] = {}
    for payment in state.payments:
        methods.setdefault(payment.entrant, []).append(method_words(payment.method))
    rows = []
    for account in accounts(tournament, state):
        status = (_("present") if account.arrived is not None
                  else _("left") if account.entrant.dropped else _("absent"))
        rows.append({"name": account.entrant.name, "status": status,
                     "arrived": clock(account.arrived) if account.arrived else "",
                     "due": account.due, "paid": account.paid, "refunded": account.refunded,
                     "owed": account.owed,
                     "methods": ", ".join(dict.fromkeys(methods.get(account.entrant.id, [])))})
    data: dict[str, Any] = {"fees": {"currency": totals["currency"], "rows": rows,
                                     "totals": totals}}
    if state.lines or state.pot:
        data["prizes"] = prize_json(tournament, state)
    return data


def live_prizes(store: Store, tournament: Tournament) -> dict[str, Any] | None:
    """The prize list the live page shows once the last round is complete (None before, or
    without prizes)."""
    if not _final(tournament):
        return None
    state = read_state(store, tournament)
    if not (state.lines or state.pot):
        return None
    return prize_json(tournament, state)


def poster(store: Store, name: str | None, kind: str, number: int | None = None
           ) -> PosterData:
    """What a poster for the wall shows (:mod:`coinche_cli.tournament.poster_views`), read in
    one snapshot, with the tournament's date: the standings after round ``number`` (default:
    every result so far), the pairings of round ``number`` (default: the current one), the
    prize list."""
    from coinche_cli.tournament import poster_views

    if kind not in poster_views.KINDS:
        raise InputError("KIND", _("a poster shows {known}, not {got!r}"), got=kind,
                         known=", ".join(poster_views.KINDS))
    with store.reading():
        tournament = load(store, name)
        created = next((r.created for r in store.tournaments() if r.id == tournament.id), "")
        state = read_state(store, tournament)
    if kind == "standings":
        return poster_views.standings_poster(tournament, number, created[:10])
    if kind == "pairings":
        if tournament.current is None:
            raise TournamentError(_("no round has been paired yet"))
        return poster_views.pairings_poster(
            tournament, tournament.round(number or tournament.current.number), created[:10])
    prizes = prize_json(tournament, state)
    return poster_views.prizes_poster(
        tournament, prizes["final"], prizes["after_round"], prizes["rows"],
        {row["amount"]: money(tournament, row["amount"]) for row in prizes["rows"]},
        created[:10])
