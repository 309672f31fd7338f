"""The ranking every client of a concours shows: the prizes, the posters, the live page, the
season, the export and ``tournament standings``.

Pure.  A concours without stages is ranked by :func:`coinche_cli.tournament.standings.
standings`, as it always was; one with stages, after its latest round, by its stages
(:func:`coinche_cli.tournament.stages.ranking_rows`: the final ranking once a later stage has
started).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from coinche_cli.tournament.model import Tournament
    from coinche_cli.tournament.standings import Standing


def ranking(tournament: Tournament, after_round: int | None = None) -> list[Standing]:
    """The concours's standings after ``after_round`` (default: every result so far)."""
    from coinche_cli.tournament.standings import standings

    if not tournament.stages or (after_round is not None and tournament.current is not None
                                 and after_round != tournament.current.number):
        return standings(tournament, after_round)
    from coinche_cli.tournament.stages import ranking_rows

    return ranking_rows(tournament)
