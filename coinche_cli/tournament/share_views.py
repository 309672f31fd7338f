"""What a picture to share shows (``tournament share``, the live page's ``/standings.png``), as
plain data made of the very ``--json`` views: the standings as ``tournament standings --json``
prints them (the final ranking once a later stage has started, as the results site shows it),
a round as ``tournament show --round N --json``, the palmarès as the results site lists it
(``tournament prizes --json``, the cash in words), a knock-out stage as ``tournament bracket
--json``.  :mod:`coinche_cli.sheets.share_layout` lays them out, line by line.

Each share is a ``TypedDict`` whose ``kind`` names it (:data:`KINDS`, the four), carrying the
tournament's name and whether it is a mêlée (its lines are players).  Nothing is counted
again here: every number is the view's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from coinche_cli.tournament.site_views import prize_lines, site_standings
from coinche_cli.tournament.views import round_json

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the classes are the checker's alone
    from typing import TypedDict

    from coinche_cli.tournament.desk_views import PrizesJson
    from coinche_cli.tournament.model import Round, Tournament
    from coinche_cli.tournament.site_views import SitePrize
    from coinche_cli.tournament.stage import Stage
    from coinche_cli.tournament.stage_views import BracketJson, FinalStandingJson
    from coinche_cli.tournament.views import RoundJson, StandingsJson

    class ShareStandings(TypedDict):
        """The standings after round ``after`` (None: no round paired yet); ``final``: the
        concours's final ranking (a later stage has started)."""

        kind: Literal["standings"]
        name: str
        melee: bool
        final: bool
        after: int | None
        rows: StandingsJson | list[FinalStandingJson]

    class ShareRound(TypedDict):
        """A round's tables, its bye and who sits out (a mêlée)."""

        kind: Literal["round"]
        name: str
        melee: bool
        round: RoundJson

    class SharePrizes(TypedDict):
        """The palmarès: ``final`` once the last round is complete, else provisional after
        round ``after``."""

        kind: Literal["prizes"]
        name: str
        melee: bool
        final: bool
        after: int | None
        rows: list[SitePrize]

    class ShareBracket(TypedDict):
        """A knock-out stage's bracket, round by round."""

        kind: Literal["bracket"]
        name: str
        melee: bool
        bracket: BracketJson

    #: A picture's data, of any kind.
    Shared = ShareStandings | ShareRound | SharePrizes | ShareBracket

#: What ``tournament share`` draws.
Kind = Literal["standings", "round", "prizes", "bracket"]
KINDS: tuple[Kind, ...] = ("standings", "round", "prizes", "bracket")


def standings_share(tournament: Tournament, after: int | None = None) -> ShareStandings:
    """The standings after round ``after`` (default: every result so far, and the final
    ranking once a later stage has started)."""
    if after is None:
        rows = site_standings(tournament)
        final = bool(rows) and "place_by" in rows[0]
    else:
        from coinche_cli.tournament.views import standings_of

        rows, final = standings_of(tournament, after), False
    last = after if after is not None else (tournament.current.number if tournament.current
                                            else None)
    return {"kind": "standings", "name": tournament.name, "melee": tournament.settings.melee,
            "final": final, "after": last, "rows": rows}


def round_share(tournament: Tournament, played: Round) -> ShareRound:
    """Round ``played``: its tables and results, as ``tournament show --json`` prints them."""
    return {"kind": "round", "name": tournament.name, "melee": tournament.settings.melee,
            "round": round_json(tournament, played)}


def prizes_share(tournament: Tournament, prizes: PrizesJson) -> SharePrizes:
    """The palmarès of ``prizes`` (``tournament prizes --json``), as the results site lists
    it."""
    return {"kind": "prizes", "name": tournament.name, "melee": tournament.settings.melee,
            "final": prizes["final"], "after": prizes["after_round"],
            "rows": prize_lines(tournament, prizes)}


def bracket_share(tournament: Tournament, stage: Stage) -> ShareBracket:
    """A started knock-out stage's bracket, as ``tournament bracket --json`` prints it."""
    from coinche_cli.tournament.stage_views import bracket_json

    return {"kind": "bracket", "name": tournament.name, "melee": tournament.settings.melee,
            "bracket": bracket_json(tournament, stage)}
