"""What the results site shows (``tournament publish``), read in one snapshot: the tournament,
its date and the desk's prize list (:mod:`coinche_cli.tournament.site_views` makes the
site's data of them; :mod:`coinche_cli.sheets.site` draws and writes its pages)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.tournament.desk import read_state
from coinche_cli.tournament.desk_views import prize_json
from coinche_cli.tournament.found import load
from coinche_cli.tournament.site_views import site_data

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store
    from coinche_cli.tournament.site_views import SiteData


def site(store: Store, name: str | None) -> SiteData:
    """The site of the tournament called ``name`` (default: the current one): its standings,
    rounds, entrants' pages, brackets, and its palmarès when it has a prize list or a pot."""
    with store.reading():
        tournament = load(store, name)
        created = next((r.created for r in store.tournaments() if r.id == tournament.id), "")
        state = read_state(store, tournament)
    prizes = prize_json(tournament, state) if state.lines or state.pot else None
    return site_data(tournament, created[:10], prizes)
