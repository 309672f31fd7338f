"""What a poster for the wall shows (``tournament poster``, the live page's ``/print/…``),
read in one snapshot: the standings after a round, a round's pairings, the prize list
(:mod:`coinche_cli.tournament.poster_views` makes each one's data, with the tournament's
date)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.errors import InputError, TournamentError
from coinche_cli.i18n import _
from coinche_cli.tournament import poster_views
from coinche_cli.tournament.accounts import money
from coinche_cli.tournament.desk import read_state
from coinche_cli.tournament.desk_views import prize_json
from coinche_cli.tournament.found import load

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store
    from coinche_cli.tournament.poster_views import PosterData


def poster(store: Store, name: str | None, kind: str, number: int | None = None
           ) -> PosterData:
    """The poster ``kind``: the standings after round ``number`` (default: every result so
    far), the pairings of round ``number`` (default: the current one), the prize list."""
    if kind not in poster_views.KINDS:
        raise InputError("KIND", _("a poster shows {known}, not “{got}”"), got=kind,
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
        {cents: money(tournament, cents) for row in prizes["rows"]
         for cents in (row["amount"], row["owed"])},
        created[:10])
