"""What a picture to share shows (``tournament share``), read in one snapshot: the standings
after a round, a round's tables, the palmarès, a knock-out stage's bracket
(:mod:`coinche_cli.tournament.share_views` makes each one's data of the ``--json`` views)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.errors import InputError, TournamentError
from coinche_cli.i18n import _
from coinche_cli.tournament import share_views
from coinche_cli.tournament.found import load

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store
    from coinche_cli.tournament.share_views import Shared


def check(kind: str, number: int | None, stage: str | None) -> share_views.Kind:
    """``kind`` as one of :data:`~share_views.KINDS`, refused (naming the field) when it is
    none, or when ``--round`` or ``--stage`` is given to a picture that does not take it;
    checked before the store is opened."""
    known = share_views.KINDS
    found = next((k for k in known if k == kind), None)
    if found is None:
        raise InputError("KIND", _("a picture shows {known}, not “{got}”"), got=kind,
                         known=", ".join(known))
    if number is not None and found in ("prizes", "bracket"):
        raise InputError("--round", _("a {kind} picture takes no round: only standings and "
                                      "round do"), kind=found)
    if stage is not None and found != "bracket":
        raise InputError("--stage", _("only a bracket picture names a stage"))
    return found


def shared(store: Store, name: str | None, kind: share_views.Kind, number: int | None = None,
           stage: str | None = None) -> Shared:
    """The picture ``kind`` of the tournament called ``name`` (default: the current one): the
    standings after round ``number`` (default: every result so far), round ``number``
    (default: the current one), the palmarès, the bracket of knock-out stage ``stage``
    (default: the only one)."""
    with store.reading():
        tournament = load(store, name)
        state = None
        if kind == "prizes":
            from coinche_cli.tournament.desk import read_state

            state = read_state(store, tournament)
    match kind:
        case "standings":
            return share_views.standings_share(tournament, number)
        case "round":
            if tournament.current is None:
                raise TournamentError(_("no round has been paired yet"))
            return share_views.round_share(
                tournament, tournament.round(number or tournament.current.number))
        case "prizes":
            from coinche_cli.tournament.desk_views import prize_json

            assert state is not None
            return share_views.prizes_share(tournament, prize_json(tournament, state))
        case "bracket":
            from coinche_cli.tournament.poster_data import knockout

            return share_views.bracket_share(tournament, knockout(tournament, stage))
