"""How tournament teams are ranked (kept small: the command line imports it at start-up)."""

from __future__ import annotations

from enum import StrEnum


class Ranking(StrEnum):
    """How teams are ranked before the tie-breaks."""

    POINTS = "points"  # total points scored (the most common in French concours)
    WINS = "wins"  # wins, then points difference
    MATCH_POINTS = "match-points"  # a scale such as 3 / 2 / 1 / 0 (win, draw, loss, forfeit)


TIE_BREAKS: tuple[str, ...] = (
    "points", "difference", "wins", "match-points", "buchholz", "head-to-head", "lot",
)  # fmt: skip
