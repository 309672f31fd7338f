"""A table of a round, on its own: what a deal added at a tournament table reads.

A NamedTuple in a module of its own, so that ``game add`` at a table loads it and nothing else
of the tournament model (whose dataclasses cost milliseconds to create).
"""

from typing import NamedTuple


class Board(NamedTuple):
    """A table of a round: two teams and, once entered, their scores."""

    table: int
    team1: int
    team2: int
    score1: int | None = None
    score2: int | None = None
    forfeit: int | None = None  # the team that forfeited
    game_id: int | None = None  # scored deal by deal in this game
    winner: int | None = None  # once the result is in: the winning team, None for a draw

    @property
    def has_result(self) -> bool:
        """Whether the table's result is in."""
        return self.forfeit is not None or self.score1 is not None

    def opponent(self, team: int) -> int:
        """The other team at this table."""
        return self.team2 if team == self.team1 else self.team1

    def winner_of(self, score1: int, score2: int) -> int | None:
        """The winner of typed scores at this table (None: equal scores, a draw)."""
        if score1 == score2:
            return None
        return self.team1 if score1 > score2 else self.team2
