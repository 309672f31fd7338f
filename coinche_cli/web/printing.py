"""The posters for the wall on the live page: ``/print/standings``, ``/print/pairings`` (the
current round) and ``/print/prizes``, the very pages ``tournament poster`` writes, drawn by
:mod:`coinche_cli.sheets.posters` from the same templates, in the room's language.

A poster is read from the store in a thread of its own and kept while the tournament does
not change (at most :data:`KEEP` seconds): a visitor asking for it a thousand times costs
the store one reading per poster and per change.  The page holds its style inline and
nothing else; its Content-Security-Policy allows that style alone (by its hash).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.errors import CoincheError
from coinche_cli.i18n import speaking
from coinche_cli.sheets.posters import Poster, render
from coinche_cli.tournament import poster_data
from coinche_cli.tournament.poster_views import KINDS as KINDS  # the routes: /print/KIND

if TYPE_CHECKING:
    from coinche_cli.web.settings import Settings

#: How long a poster is kept when the tournament has not changed (payments, which change a
#: pot of the fees, are not in the live page's snapshot), in seconds.
KEEP = 5.0


def poster_page(settings: Settings, kind: str) -> Poster | None:
    """The poster ``kind`` as the store holds it now, or None when there is nothing to print
    (no round paired yet) or the store cannot be read (the pages keep going; the director's
    terminal is told by the snapshot's worker)."""
    if settings.store_gone():  # read, a missing file would seem an empty store
        return None
    try:
        store = settings.open_store()
    except CoincheError:
        return None
    try:
        with speaking(settings.language):
            return render(poster_data.poster(store, settings.tournament, kind))
    except CoincheError:
        return None
    finally:
        store.close()


def policy(poster: Poster) -> str:
    """The Content-Security-Policy of a poster: its own style, nothing else."""
    return (f"default-src 'none'; style-src {poster.style_source()}; form-action 'none'; "
            "frame-ancestors 'none'; base-uri 'none'")
