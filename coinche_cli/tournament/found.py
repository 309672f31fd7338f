"""A tournament found by the name a command gives (or the current one) and read whole: what
every tournament operation starts with (:mod:`coinche_cli.tournament.ops`,
:mod:`coinche_cli.tournament.melee`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.errors import TournamentError
from coinche_cli.i18n import _
from coinche_cli.tournament.model import Tournament

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store


def find_id(store: Store, name: str | None) -> int:
    """The id of the tournament called ``name``, or of the current one."""
    if name is None:
        current = store.current("tournament")
        if current is None:
            raise TournamentError(_("no current tournament: create one with "
                                    "'coinche tournament new' or pass --tournament NAME"))
        return current
    found = store.find_tournament(name)
    if found is None:
        raise TournamentError(_("no tournament called “{name}”"), name=name)
    return found


def _read(store: Store, tournament_id: int) -> Tournament:
    tournament = store.tournament(tournament_id)
    if tournament is None:
        raise TournamentError(_("no tournament called “{name}”"), name=tournament_id)
    return tournament


def load(store: Store, name: str | None) -> Tournament:
    """The tournament called ``name``, or the current one, read in one snapshot."""
    with store.reading():
        return _read(store, find_id(store, name))


def next_round(tournament: Tournament) -> int:
    """The number of the round to pair next."""
    return (tournament.current.number + 1) if tournament.current else 1
