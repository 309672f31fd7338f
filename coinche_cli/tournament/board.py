"""A table of a round, on its own: what a deal added at a tournament table reads.

A module of its own, so that ``game add`` at a table loads it and nothing else of the
tournament model (its ranking enum, settings, teams and rounds).
"""

from coinche_cli.values import Value


class Board(Value):
    """A table of a round: two teams and, once entered, their scores.

    A plain value (:mod:`coinche_cli.values`): every ``game add`` at a tournament table loads
    this class.  A board is never changed in place: :meth:`with_result` makes another.
    """

    __slots__ = ("forfeit", "game_id", "match", "score1", "score2", "stage", "table", "team1",
                 "team2", "winner")

    def __init__(self, table: int, team1: int, team2: int, score1: int | None = None,
                 score2: int | None = None, forfeit: int | None = None,
                 game_id: int | None = None, winner: int | None = None,
                 stage: int | None = None, match: str | None = None) -> None:
        self.table = table
        self.team1 = team1
        self.team2 = team2
        self.score1 = score1
        self.score2 = score2
        self.forfeit = forfeit  # the team that forfeited
        self.game_id = game_id  # scored deal by deal in this game
        self.winner = winner  # once the result is in: the winning team, None for a draw
        # a concours with stages (tournament.stage): the stage the table plays (its
        # position; None: the first stage) and, in a knock-out, its match ("QF1")
        self.stage = stage
        self.match = match

    @property
    def has_result(self) -> bool:
        """Whether the table's result is in."""
        return self.forfeit is not None or self.score1 is not None

    def with_result(self, score1: int | None, score2: int | None, *,
                    forfeit: int | None = None, winner: int | None = None,
                    game_id: int | None = None) -> "Board":
        """This table with another result: typed scores, a forfeit (no scores), or none at
        all (every value ``None``).  ``game_id`` None keeps the table's game, if any."""
        return Board(self.table, self.team1, self.team2, score1, score2, forfeit,
                     self.game_id if game_id is None else game_id, winner, self.stage,
                     self.match)

    def opponent(self, team: int) -> int:
        """The other team at this table."""
        return self.team2 if team == self.team1 else self.team1

    def winner_of(self, score1: int, score2: int) -> int | None:
        """The winner of typed scores at this table (None: equal scores, a draw)."""
        if score1 == score2:
            return None
        return self.team1 if score1 > score2 else self.team2
