"""The standings of a concours à la mêlée: one line per player.

- Each partie, a player gets their pair's result: the win, the draw or the loss, the points
  for and against, the difference, the match points, the forfeit and the penalties, exactly
  as :mod:`coinche_cli.tournament.standings` counts them for a formed team (a penalty on a
  pair is shared: each of its two players carries it whole).
- Sitting out is a bye, by the same rule as a formed-team bye: the round's bye points (a
  fixed number, ``half`` or ``average``) to the points for, nothing to the difference, a
  win when the tournament counts a bye as one; ``sat_out`` counts them (``byes``).
- Buchholz sums the opponents' (players') ranking values; head-to-head counts, among the
  tied players, the parties where they faced each other (a draw is half); then ``lot``.
- Players equal on every key share a rank (registration order).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from coinche_cli.tournament.model import Tournament, bye_points
from coinche_cli.tournament.standings import (
    COUNTERS,
    PenaltyLine,
    Standing,
    bye_counts,
    primary,
    rank,
    tallies,
)


@dataclass(frozen=True)
class PlayerStanding:
    """A player's line: the counters in ``line`` (its ``team`` is the player's id, ``byes``
    the parties sat out), their club and licence, and by partie their partner's name and
    their two opponents' names (the parties they played, in order)."""

    line: Standing
    club: str
    licence: str
    partners: tuple[str, ...]
    opponents: tuple[tuple[str, str], ...]

    @property
    def points_per_partie(self) -> float | None:
        """The points for per partie played (a partie sat out counts, with its bye points),
        to a tenth: who came late or left early beside who played the whole evening (None:
        no partie yet)."""
        line = self.line
        return round(line.points_for / line.played, 1) if line.played else None


class PlayerTally:
    """Every player's counters, penalties, partners, opponents (names, by partie) and the
    players they faced (ids), unranked: what :func:`player_standings` ranks and a season adds
    up."""

    def __init__(self, counts: dict[int, dict[str, int]], details: dict[int, list[PenaltyLine]],
                 partners: dict[int, list[str]], opponents: dict[int, list[tuple[str, str]]],
                 faced: dict[int, list[int]]) -> None:
        self.counts = counts
        self.details = details
        self.partners = partners
        self.opponents = opponents
        self.faced = faced


def player_tallies(tournament: Tournament, last: int) -> PlayerTally:
    """Every player's counters after partie ``last`` (the module's rules), unranked."""
    pairs = tallies(tournament, last)
    counts = {p.id: dict.fromkeys(COUNTERS, 0) for p in tournament.players}
    details: dict[int, list[PenaltyLine]] = {p.id: [] for p in tournament.players}
    partners: dict[int, list[str]] = {p.id: [] for p in tournament.players}
    opponents: dict[int, list[tuple[str, str]]] = {p.id: [] for p in tournament.players}
    faced: dict[int, list[int]] = {p.id: [] for p in tournament.players}
    for played in tournament.rounds:
        if played.number > last:
            continue
        for board in played.boards:
            if not board.has_result:
                continue
            one, two = tournament.team(board.team1).members, tournament.team(board.team2).members
            names = {p: tournament.player(p).name for p in (*one, *two)}
            for (first, second), other in ((one, two), (two, one)):
                against = (names[other[0]], names[other[1]])
                for player, partner in ((first, second), (second, first)):
                    partners[player].append(names[partner])
                    opponents[player].append(against)
                    faced[player].extend(other)
        bye = bye_counts(tournament, bye_points(tournament, played))  # the same rule
        for player in played.sitting_out:
            for key, value in bye.items():
                counts[player][key] += value
    # each pair's line (its results, forfeits and penalties, counted once) to its two players
    for pair_id, row in pairs.items():
        for player in tournament.team(pair_id).members:
            for key in COUNTERS:
                counts[player][key] += row.counts[key]
            details[player].extend(row.penalties)
    return PlayerTally(counts, details, partners, opponents, faced)


def player_standings(tournament: Tournament,
                     after_round: int | None = None) -> list[PlayerStanding]:
    """The ranked players after ``after_round`` (default: every partie entered so far)."""
    last = after_round if after_round is not None else (
        tournament.current.number if tournament.current else 0)
    tally = player_tallies(tournament, last)
    counts, details, faced = tally.counts, tally.details, tally.faced
    partners, opponents = tally.partners, tally.opponents
    lots = random.Random(tournament.settings.seed or 0)
    lines = {
        p.id: Standing(p.id, p.name, (p.club,) if p.club else (), **counts[p.id],
                       opponents=tuple(faced[p.id]), penalty_details=tuple(details[p.id]),
                       dropped=p.dropped_after is not None and p.dropped_after <= last,
                       lot=lots.random())
        for p in tournament.players
    }
    values = {player: primary(tournament, row) for player, row in lines.items()}
    for player, row in lines.items():
        lines[player] = replace(row, buchholz=sum(values[o] for o in row.opponents))
    ranked = rank(tournament, list(lines.values()),
                  lambda group: _head_to_head(tournament, group, last))
    return [PlayerStanding(row, tournament.player(row.team).club,
                           tournament.player(row.team).licence,
                           tuple(partners[row.team]), tuple(opponents[row.team]))
            for row in ranked]


def _head_to_head(tournament: Tournament, group: list[Standing],
                  last: int) -> dict[int, float]:
    """Among ``group``'s players: a win (a draw is half) each partie where one faced another
    as an opponent."""
    members = {row.team for row in group}
    score = dict.fromkeys(members, 0.0)
    for played in tournament.rounds:
        if played.number > last:
            continue
        received = tournament.given(played.number)
        for board in played.boards:
            if not board.has_result:
                continue
            one = tournament.team(board.team1).members
            two = tournament.team(board.team2).members
            winner = tournament.winner(played, board, received)
            for mine, theirs, team in ((one, two, board.team1), (two, one, board.team2)):
                for player in mine:
                    if player in members and any(o in members for o in theirs):
                        score[player] += 0.5 if winner is None else float(winner == team)
    return score
