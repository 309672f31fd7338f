"""The prize list: ``tournament prizes …`` (set from a file, a line added or removed, the
cash pot), and who gets what against the standings.

:mod:`coinche_cli.tournament.prizes` states the rules (ranks, the pot's shares, ties sharing
cash); :mod:`coinche_cli.tournament.desk_views` shows who gets what (per player in a mêlée).
Each change reads, checks everything, then writes in one transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from coinche_cli.errors import InputError, TournamentError
from coinche_cli.i18n import _, ngettext
from coinche_cli.tournament.accounts import money
from coinche_cli.tournament.desk import find_entrants, read_state
from coinche_cli.tournament.desk_views import contenders, final, prize_json
from coinche_cli.tournament.found import load
from coinche_cli.tournament.model import Tournament
from coinche_cli.tournament.money import parse_amount
from coinche_cli.tournament.prizes import (
    Pot,
    PrizeLine,
    clash,
    line,
    parse_percents,
    parse_ranks,
    tied_groups,
)

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store
    from coinche_cli.tournament.desk_views import PrizesJson


def _clash_error(lines: Sequence[PrizeLine], where: tuple[int, int]) -> TournamentError:
    first, second = lines[where[0]], lines[where[1]]
    return TournamentError(_("the prizes for ranks {first} and {second} overlap: give each "
                             "rank one prize"), first=first.ranks(), second=second.ranks())


def unreached_warning(ranks: Sequence[str]) -> str:
    """What is said of the ranks (``13-15``, ``20``) a prize is given to that no entrant will
    reach."""
    count = 0
    for one in ranks:
        first, last = parse_ranks(one)
        count += (last or 0) - (first or 0) + 1
    return ngettext("rank {ranks}: no entrant will reach it",
                    "ranks {ranks}: no entrant will reach them", count).format(
        ranks=", ".join(ranks))


def _warnings(store: Store, tournament: Tournament) -> list[str]:
    """The warnings of a prize list just changed: the ranks no entrant will reach."""
    ranks = prize_json(tournament, read_state(store, tournament))["unreached"]
    return [unreached_warning(ranks)] if ranks else []


def set_prizes(store: Store, name: str | None, lines: Sequence[PrizeLine]
               ) -> tuple[Tournament, list[str]]:
    """Replace the prize list with ``lines`` (read from a file, checked there row by row);
    warned: the ranks no entrant will reach."""
    where = clash(lines)
    if where is not None:
        raise _clash_error(lines, where)
    with store.write():
        tournament = load(store, name)
        store.set_prize_lines(tournament.id, lines)
        warnings = _warnings(store, tournament)
    return tournament, warnings


def add_prize(store: Store, name: str | None, ranks: str, prize: str
              ) -> tuple[PrizeLine, list[str]]:
    """Add a line to the prize list; refused when its ranks already have a prize.  Warned:
    the ranks no entrant will reach."""
    added = line(ranks, prize)
    with store.write():
        tournament = load(store, name)
        lines = [*store.prize_lines(tournament.id), added]
        where = clash(lines)
        if where is not None:
            raise _clash_error(lines, where)
        store.set_prize_lines(tournament.id, lines)
        warnings = _warnings(store, tournament)
    return added, warnings


def remove_prize(store: Store, name: str | None, ranks: str) -> PrizeLine:
    """Take the line of ``ranks`` (as given: ``3``, ``5-8``, ``*``) off the prize list."""
    wanted = parse_ranks(ranks)
    with store.write():
        tournament = load(store, name)
        lines = store.prize_lines(tournament.id)
        kept = [one for one in lines if (one.first, one.last) != wanted]
        if len(kept) == len(lines):
            raise InputError("rank", _("no prize is given to ranks “{got}”"), got=ranks)
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
                                       "(--amount 500), not “{got}”"), got=of)
        if of is not None and amount is not None:
            raise InputError("--amount", _("the pot is the fees or an amount, not both"))
        pot = Pot(parse_percents(percents),
                  None if amount is None else parse_amount(amount, "--amount"))
    warnings = []
    with store.write():
        tournament = load(store, name)
        state = read_state(store, tournament)
        store.set_prize_pot(tournament.id, pot)
        received = state.net()
        if pot is not None and pot.amount is not None and pot.amount > received:
            warnings.append(_("the pot of {pot} is more than the money received ({received})")
                            .format(pot=money(tournament, pot.amount),
                                    received=money(tournament, received)))
        warnings += _warnings(store, tournament)
    return tournament, pot, warnings


def set_order(store: Store, name: str | None, names: Sequence[str]
              ) -> tuple[Tournament, int, list[str]]:
    """Decide the order between entrants the ranking leaves tied (``names``, as typed, in
    the order decided), kept in place of any order one of them had: their place's prizes in
    kind go in that order while exactly they are tied.  Refused: a name that is no entrant,
    or one named twice; entrants that are not tied together, or not all those tied."""
    if len(names) < 2:
        raise InputError("NAMES", _("give the tied entrants in the order decided, separated "
                                    "by commas, such as \"Capot Club,Les As\""))
    with store.write():
        tournament = load(store, name)
        wanted = find_entrants(tournament, names)
        ranked, _after = contenders(tournament)
        rank = dict(ranked)
        out = next((one for one in wanted if one.name not in rank), None)
        if out is not None:
            raise TournamentError(_("{name} cannot win a prize: it has left, or has not "
                                    "played yet"), name=out.name)
        group = next(g for g in [*tied_groups(ranked), (wanted[0].name,)]
                     if wanted[0].name in g)
        apart = next((one for one in wanted if rank[one.name] != rank[wanted[0].name]), None)
        if apart is not None:
            raise TournamentError(_("{first} (rank {first_rank}) and {other} (rank "
                                    "{other_rank}) are not tied: an order is decided only "
                                    "between entrants tied on every tie-break"),
                                  first=wanted[0].name, first_rank=rank[wanted[0].name],
                                  other=apart.name, other_rank=rank[apart.name])
        if len(group) != len(wanted):
            raise TournamentError(_("tied at rank {rank} are {names}: give the order of every "
                                    "one of them"), rank=rank[wanted[0].name],
                                  names=", ".join(group))
        ids = tuple(one.id for one in wanted)
        kept = [order for order in store.prize_orders(tournament.id) if not set(order) & set(ids)]
        store.set_prize_orders(tournament.id, [*kept, ids], tournament.kind)
    return tournament, rank[wanted[0].name], [one.name for one in wanted]


def clear_orders(store: Store, name: str | None) -> Tournament:
    """Take back every order decided between tied entrants."""
    with store.write():
        tournament = load(store, name)
        store.set_prize_orders(tournament.id, [], tournament.kind)
    return tournament


def prize_list(store: Store, name: str | None) -> tuple[Tournament, PrizesJson]:
    """The prize list against the standings, read in one snapshot."""
    with store.reading():
        tournament = load(store, name)
        state = read_state(store, tournament)
    return tournament, prize_json(tournament, state)


def live_prizes(store: Store, tournament: Tournament) -> PrizesJson | None:
    """The prize list the live page shows once the last round is complete (None before, or
    without prizes)."""
    if not final(tournament):
        return None
    state = read_state(store, tournament)
    if not (state.lines or state.pot):
        return None
    return prize_json(tournament, state)
