"""A table scored deal by deal: its game's end becomes the table's result.

What every ``game add`` at a tournament table runs, inside the game's transaction: it reads
only the table's own row (and the number of the latest round), so a deal costs the same
whatever the size of the tournament, and it loads nothing of the tournament but
:class:`~coinche_cli.tournament.board.Board`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.errors import TournamentError
from coinche_cli.game.state import End
from coinche_cli.messages import msg
from coinche_cli.store import now

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store


def sync_table(store: Store, tournament_id: int, round_number: int, table: int,
               game_id: int, end: End | None, totals: dict[str, int]) -> list[str]:
    """Inside a game's write: a finished game's totals and winner become its table's result,
    and an undone end takes the result back.  Returns the warnings for the scorekeeper.

    A closed round takes a corrected result (the game still ended) but never loses one.  Only
    the table's own row is read, so a deal added at a tournament table costs the same
    whatever the size of the tournament.
    """
    latest = store.latest_round(tournament_id)
    board = store.board(tournament_id, round_number, table)
    if board is None or latest is None:
        return []
    closed = latest != round_number
    if end is None:
        if closed:
            raise TournamentError("tournament.closed_needs_result", round=round_number,
                                  table=table)
        if board.has_result:
            store.set_results(tournament_id, round_number,
                              [board.with_result(None, None, game_id=game_id)], now(), "game")
        return []
    side_team = {"A": board.team1, "B": board.team2}
    winner = None if end.winner is None else side_team[end.winner]
    store.set_results(tournament_id, round_number, [board.with_result(
        totals["A"], totals["B"], winner=winner, game_id=game_id)], now(), "game")
    if closed:
        return [msg("tournament.later_rounds_paired", round=round_number,
                    first=round_number + 1, last=latest)]
    return []
