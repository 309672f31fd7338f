"""The registration desk: who has come, who has paid, what is owed.

The operations of ``tournament checkin`` and of the fee, and what pairing asks of the desk
(``--require-checkin``).  An entrant is a registered team or, in a mêlée, a player.  Each
operation reads, checks everything, then writes in one transaction; a refused one leaves
the store as it was.

What an entrant owes is the treasurer's rule of :mod:`coinche_cli.tournament.accounts`;
what the desk shows is :mod:`coinche_cli.tournament.desk_views`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from coinche_cli.errors import InputError, TournamentError
from coinche_cli.i18n import _
from coinche_cli.names import check_text
from coinche_cli.store import now
from coinche_cli.tournament import entrants
from coinche_cli.tournament.accounts import (
    Account,
    CheckedIn,
    DeskState,
    accounts,
    clock,
    money,
)
from coinche_cli.tournament.desk_views import checkin_json, desk_export, fees_json
from coinche_cli.tournament.found import load
from coinche_cli.tournament.model import Entrant, Tournament
from coinche_cli.tournament.money import (
    Arrival,
    Payment,
    check_method,
    locale_currency,
    parse_amount,
)

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store
    from coinche_cli.tournament.desk_views import CheckinJson, DeskExport, FeesJson


def find_entrants(tournament: Tournament, names: Sequence[str]) -> list[Entrant]:
    """The entrants ``names`` name (a team, or a mêlée's player, as every command finds one),
    each once."""
    found: list[Entrant] = []
    for name in names:
        entrant = entrants.find(tournament, name)
        if entrant in found:
            raise TournamentError(_("{name} is named twice"), name=entrant.name)
        found.append(entrant)
    return found


def read_state(store: Store, tournament: Tournament) -> DeskState:
    """The desk's records of ``tournament`` (inside the caller's reading or write)."""
    with store.reading():
        return DeskState({a.entrant: a.arrived for a in store.arrivals(tournament.id)},
                         store.payments(tournament.id), store.prize_lines(tournament.id),
                         store.prize_pot(tournament.id), store.prize_orders(tournament.id))


def checkin(store: Store, name: str | None, names: Sequence[str], paid: str | None = None,
            method: str = "cash", reason: str = "", undo: bool = False
            ) -> tuple[Tournament, list[CheckedIn], list[str], CheckinJson]:
    """Check entrants in, record a payment for each (``paid``: an amount as typed; negative,
    with a ``reason``, a refund), or undo their check-in with the payment it recorded and
    every payment and refund recorded since (:func:`recorded_since`).
    Returns the tournament, what was done for each, the warnings, and the desk as it now
    stands with what was done (``checkin --json``)."""
    how = check_method(method)
    amount = None if paid is None else parse_amount(paid, "--paid", negative=True)
    if amount == 0:
        raise InputError("--paid", _("a payment is an amount other than 0"))
    reason = check_text(reason, "reason")
    if amount is not None and amount < 0 and not reason:
        raise InputError("--reason", _("say why the money is given back: --reason TEXT"))
    if undo and amount is not None:
        raise InputError("--undo", _("an undo takes a check-in back with its payments: give "
                                     "no --paid"))
    if not names:
        raise InputError("team", _("name who has come"))
    with store.write():
        tournament = load(store, name)
        state = read_state(store, tournament)
        found = find_entrants(tournament, names)
        fee = tournament.settings.fee
        if amount is not None and fee is None:
            raise TournamentError(_("{name} has no entry fee: set one with 'coinche tournament "
                                    "fees --fee AMOUNT'"), name=tournament.name)
        books = {account.entrant.id: account for account in accounts(tournament, state)}
        done: list[CheckedIn] = []
        warnings: list[str] = []
        for entrant in found:
            arrived = state.arrivals.get(entrant.id)
            account = books[entrant.id]
            if undo:
                done.append(_undo(state, account, arrived))
                continue
            if amount is None and arrived is not None:
                raise TournamentError(_("{name} checked in at {time} already (--paid AMOUNT "
                                        "records a payment)"), name=entrant.name,
                                      time=clock(arrived))
            if amount is not None and amount < 0 and -amount > account.paid - account.refunded:
                raise TournamentError(_("{name} has paid {paid}: a refund of {refund} would "
                                        "give back more than that"), name=entrant.name,
                                      paid=money(tournament, account.paid - account.refunded),
                                      refund=money(tournament, -amount))
            payment = None if amount is None else Payment(
                entrant.id, amount, how, reason, arrived is None and amount > 0, now(),
                entrant.kind)
            # a refund records money given back; it does not say that the team has come
            arriving = arrived is None and (amount is None or amount > 0)
            done.append(CheckedIn(entrant, now() if arriving else None, payment,
                                  plays_from=_plays_from(tournament, account, arriving)))
            if amount is not None and amount > 0 and fee is not None and (
                    account.paid - account.refunded + amount > fee):
                warnings.append(_("{name} has now paid {paid}, more than the entry fee of "
                                  "{fee}").format(name=entrant.name, fee=money(tournament, fee),
                                                  paid=money(tournament, account.paid
                                                             - account.refunded + amount)))
        for entry in done:
            _write(store, tournament, entry)
        now_held = checkin_json(tournament, read_state(store, tournament), done)
    return tournament, done, warnings, now_held


def _undo(state: DeskState, account: Account, arrived: str | None) -> CheckedIn:
    entrant = account.entrant
    if arrived is None:
        raise TournamentError(_("{name} has not checked in"), name=entrant.name)
    if account.played:
        raise TournamentError(_("{name} has been paired already: one who leaves is dropped "
                                "(tournament team drop; in a mêlée, player drop), and their "
                                "payments stay"), name=entrant.name)
    since = [p for p in state.payments if p.entrant == entrant.id and p.kind == entrant.kind
             and recorded_since(p, arrived)]
    return CheckedIn(entrant, undone=True, taken_back=sum(p.amount for p in since),
                     since=len(since) - sum(1 for p in since if p.at_checkin))


def recorded_since(payment: Payment, arrived: str) -> bool:
    """Whether an undo of the check-in made at ``arrived`` takes ``payment`` back: the one the
    check-in recorded, and every payment and refund of the entrant recorded since (so that
    taking the check-in back never leaves a refund of money it no longer holds).  The store's
    ``remove_arrival`` removes the same ones."""
    return payment.at_checkin or payment.entered >= arrived


def _plays_from(tournament: Tournament, account: Account, arriving: bool) -> int | None:
    """The round an entrant who just came is paired from, when rounds were paired before it
    came to a tournament that pairs only who checked in."""
    if not arriving or not tournament.settings.require_checkin or account.played:
        return None
    if tournament.current is None:
        return None
    return max(tournament.current.number + 1, account.entrant.joined_round)


def _write(store: Store, tournament: Tournament, entry: CheckedIn) -> None:
    entrant = entry.entrant
    if entry.undone:
        store.remove_arrival(tournament.id, entrant.id, entrant.kind)
        return
    if entry.arrived is not None:
        store.add_arrival(tournament.id, Arrival(entrant.id, entry.arrived, entrant.kind))
    if entry.payment is not None:
        store.add_payment(tournament.id, entry.payment)


def listing(store: Store, name: str | None) -> tuple[Tournament, CheckinJson]:
    """Who has come and paid (``checkin --list``), read in one snapshot."""
    with store.reading():
        tournament = load(store, name)
        state = read_state(store, tournament)
    return tournament, checkin_json(tournament, state)


def fees(store: Store, name: str | None) -> tuple[Tournament, FeesJson]:
    """The treasurer's total (``tournament fees``), read in one snapshot."""
    with store.reading():
        tournament = load(store, name)
        state = read_state(store, tournament)
    return tournament, fees_json(tournament, state)


def export_data(store: Store, tournament: Tournament) -> DeskExport:
    """The desk's part of ``tournament export`` (inside its reading)."""
    return desk_export(tournament, read_state(store, tournament))


def checked_in(store: Store, tournament: Tournament) -> frozenset[int] | None:
    """Who may be paired: the entrants checked in, when the tournament pairs only them
    (``--require-checkin``); None when it pairs every registered entrant."""
    if not tournament.settings.require_checkin:
        return None
    return frozenset(a.entrant for a in store.arrivals(tournament.id))


def left_out(tournament: Tournament, number: int, present: frozenset[int] | None
             ) -> tuple[str, ...]:
    """The entrants who could play round ``number`` but have not checked in."""
    if present is None:
        return ()
    return tuple(e.name for e in tournament.entrants
                 if e.active_in(number) and e.id not in present)


def set_fee(store: Store, name: str | None, fee: str | None, code: str | None) -> Tournament:
    """Set (or change) the entry fee and its currency after the tournament was created."""
    from coinche_cli.tournament.money import check_currency

    cents = None if fee is None else parse_amount(fee, "--fee")
    checked = None if code is None else check_currency(code)
    with store.write():
        tournament = load(store, name)
        settings = tournament.settings.to_json()
        if cents is not None:
            settings["fee"] = cents
        settings["currency"] = checked or tournament.settings.currency or locale_currency()
        store.set_settings(tournament.id, settings)
    return load(store, name)
