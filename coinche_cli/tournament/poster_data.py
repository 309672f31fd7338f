"""What a poster for the wall shows (``tournament poster``, the live page's ``/print/…``),
read in one snapshot: the standings after a round, a round's pairings, the prize list, a
knock-out stage's bracket (:mod:`coinche_cli.tournament.poster_views` makes each one's data,
with the tournament's date)."""

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
    from coinche_cli.tournament.model import Tournament
    from coinche_cli.tournament.poster_views import PosterData
    from coinche_cli.tournament.stage import Stage


def poster(store: Store, name: str | None, kind: str, number: int | None = None,
           stage: str | None = None) -> PosterData:
    """The poster ``kind``: the standings after round ``number`` (default: every result so
    far), the pairings of round ``number`` (default: the current one), the prize list, the
    bracket of the knock-out stage ``stage`` (default: the only one)."""
    known = (*poster_views.KINDS, poster_views.BRACKET)
    if kind not in known:
        raise InputError("KIND", _("a poster shows {known}, not “{got}”"), got=kind,
                         known=", ".join(known))
    if stage is not None and kind != poster_views.BRACKET:
        raise InputError("NAME", _("only a bracket poster names a stage: a {kind} poster "
                                   "takes FILE alone"), kind=kind)
    with store.reading():
        tournament = load(store, name)
        created = next((r.created for r in store.tournaments() if r.id == tournament.id), "")
        state = read_state(store, tournament)
    if kind == poster_views.BRACKET:
        return poster_views.bracket_poster(tournament, knockout(tournament, stage),
                                           created[:10])
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


def knockout(tournament: Tournament, name: str | None) -> Stage:
    """The started knock-out stage called ``name``, or the concours's only knock-out stage
    (of several, the only one started); refused, naming the field, when there is none such.
    What ``tournament bracket``, ``tournament poster bracket`` and ``/print/bracket`` show."""
    from coinche_cli.tournament import stages as st

    if name is not None:
        stage = st.stage_named(tournament, name)
        if stage.kind != "knockout":
            raise TournamentError(_("NAME: {name} is not a knock-out stage"), name=stage.name)
    else:
        knockouts = [s for s in st.later_stages(tournament) if s.kind == "knockout"]
        if len(knockouts) > 1 and sum(1 for s in knockouts if s.started) == 1:
            knockouts = [s for s in knockouts if s.started]
        if len(knockouts) != 1:
            raise TournamentError(_("NAME: say which knock-out stage ({names})"),
                                  names=", ".join(s.name for s in knockouts) or _("none yet"))
        stage = knockouts[0]
    if not stage.teams:
        raise TournamentError(_("NAME: {name} has not started: its bracket is drawn when it "
                                "starts"), name=stage.name)
    return stage
