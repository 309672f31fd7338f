"""Standings of a tournament after a round: results, byes, forfeits and penalties folded in,
ranked by the tournament's method, then its tie-breaks in order.

- A win, draw or loss compares the two scores of a table.  A forfeit is a loss for the team
  that forfeited (``forfeit`` match points, no points) and a win for its opponent, who scores
  the bye points of that round.
- The bye scores the bye points: a fixed number, ``half`` (half the target in target play,
  else half the round's average table total) or ``average`` (the round's average team score);
  it counts as a win when ``bye_win`` is set.
- A penalty gives its points to the opponents the team met that round (the usual 162 for a
  renonce; the team keeps its own points), or, when deducted, takes them from the team.
  Either way the team's ``penalties`` column counts them.
- Buchholz is the sum of the opponents' ranking value (points, wins or match points).
- Teams equal on every key share a rank; ``lot`` (seeded) makes every rank distinct.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from coinche_cli.tournament.model import Round, Tournament
from coinche_cli.tournament.ranking import Ranking


@dataclass(frozen=True)
class Standing:
    """One team's line in the standings."""

    team: int
    name: str
    players: tuple[str, ...]
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    forfeits: int = 0
    points_for: int = 0
    points_against: int = 0
    match_points: int = 0
    penalties: int = 0
    buchholz: int = 0
    opponents: tuple[int, ...] = ()
    dropped: bool = False
    rank: int = 0
    lot: float = field(default=0.0, compare=False)

    @property
    def difference(self) -> int:
        """Points for minus points against."""
        return self.points_for - self.points_against

    def to_json(self) -> dict[str, object]:
        """The line as JSON (``tournament standings --json``)."""
        return {
            "rank": self.rank, "team": self.name, "players": list(self.players),
            "played": self.played, "wins": self.wins, "draws": self.draws,
            "losses": self.losses, "byes": self.byes, "forfeits": self.forfeits,
            "points_for": self.points_for, "points_against": self.points_against,
            "difference": self.difference, "match_points": self.match_points,
            "penalties": self.penalties, "buchholz": self.buchholz, "dropped": self.dropped,
        }  # fmt: skip


def bye_points(tournament: Tournament, played: Round) -> int:
    """The points of the bye (and of a forfeit win) in ``played``."""
    setting = tournament.settings.bye_points
    if setting.isdigit():
        return int(setting)
    scores = [
        s for b in played.boards if b.forfeit is None and b.score1 is not None
        for s in (b.score1, b.score2 or 0)
    ]
    if setting == "half" and tournament.settings.target is not None:
        return tournament.settings.target // 2
    if not scores:
        return 0
    return round(sum(scores) / len(scores))


def primary(tournament: Tournament, row: Standing) -> int:
    """The ranking method's value (what Buchholz sums and score groups share)."""
    ranking = tournament.settings.ranking
    if ranking is Ranking.WINS:
        return row.wins
    if ranking is Ranking.MATCH_POINTS:
        return row.match_points
    return row.points_for


def _fold_round(tournament: Tournament, played: Round, rows: dict[int, Standing]) -> None:
    win, draw, loss, forfeit = tournament.settings.match_points
    award = bye_points(tournament, played)

    def add(team: int, **delta: int) -> None:
        row = rows[team]
        rows[team] = replace(row, **{k: getattr(row, k) + v for k, v in delta.items()})

    for board in played.boards:
        if not board.has_result:
            continue
        for team in (board.team1, board.team2):
            rows[team] = replace(rows[team],
                                 opponents=(*rows[team].opponents, board.opponent(team)))
        if board.forfeit is not None:
            winner = board.opponent(board.forfeit)
            add(board.forfeit, played=1, losses=1, forfeits=1, match_points=forfeit,
                points_against=award)
            add(winner, played=1, wins=1, match_points=win, points_for=award)
            continue
        s1, s2 = board.score1 or 0, board.score2 or 0
        for team, mine, theirs in ((board.team1, s1, s2), (board.team2, s2, s1)):
            outcome = {"wins": 1} if mine > theirs else {"losses": 1} if mine < theirs else {
                "draws": 1}
            points = win if mine > theirs else loss if mine < theirs else draw
            add(team, played=1, points_for=mine, points_against=theirs, match_points=points,
                **outcome)
    if played.bye is not None:
        extra = {"wins": 1, "match_points": win} if tournament.settings.bye_win else {}
        add(played.bye, played=1, byes=1, points_for=award, **extra)


def standings(tournament: Tournament, after_round: int | None = None) -> list[Standing]:
    """The ranked standings after ``after_round`` (default: every round entered so far)."""
    last = after_round if after_round is not None else (
        tournament.current.number if tournament.current else 0)
    lots = random.Random(tournament.settings.seed or 0)
    rows = {
        team.id: Standing(team.id, team.name, team.players,
                          dropped=team.dropped_after is not None
                          and team.dropped_after <= last, lot=lots.random())
        for team in sorted(tournament.teams, key=lambda t: t.registered)
    }
    for played in tournament.rounds:
        if played.number <= last:
            _fold_round(tournament, played, rows)
    for penalty in tournament.penalties:
        if penalty.round > last:
            continue
        row = rows[penalty.team]
        board = tournament.round(penalty.round).board_of(penalty.team)
        if penalty.to_opponents and board is not None:
            # the usual renonce: the opponents score the points, the team keeps its own
            other = rows[board.opponent(penalty.team)]
            rows[other.team] = replace(other, points_for=other.points_for + penalty.points)
            rows[penalty.team] = replace(row, penalties=row.penalties + penalty.points)
        else:
            rows[penalty.team] = replace(row, points_for=row.points_for - penalty.points,
                                         penalties=row.penalties + penalty.points)
    values = {team: primary(tournament, row) for team, row in rows.items()}
    for team, row in rows.items():
        rows[team] = replace(row, buchholz=sum(values[o] for o in row.opponents))
    return rank(tournament, list(rows.values()))


Key = Callable[[Standing], float]


def _keys(tournament: Tournament) -> list[Key | str]:
    by: dict[str, Key] = {
        "points": lambda r: r.points_for,
        "difference": lambda r: r.difference,
        "wins": lambda r: r.wins,
        "match-points": lambda r: r.match_points,
        "buchholz": lambda r: r.buchholz,
        "lot": lambda r: r.lot,
    }
    ranking = tournament.settings.ranking
    keys: list[Key | str] = [by["points"]]
    if ranking is Ranking.WINS:
        keys = [by["wins"], by["difference"]]
    elif ranking is Ranking.MATCH_POINTS:
        keys = [by["match-points"]]
    for name in tournament.settings.tie_breaks:
        keys.append("head-to-head" if name == "head-to-head" else by[name])
    return keys


def _head_to_head(tournament: Tournament, group: Sequence[Standing]) -> dict[int, float]:
    """Wins (a draw is half) in the matches between the teams of ``group``."""
    members = {row.team for row in group}
    score = dict.fromkeys(members, 0.0)
    for played in tournament.rounds:
        for board in played.boards:
            if board.team1 in members and board.team2 in members and board.has_result:
                if board.forfeit is not None:
                    score[board.opponent(board.forfeit)] += 1
                elif (board.score1 or 0) == (board.score2 or 0):
                    score[board.team1] += 0.5
                    score[board.team2] += 0.5
                else:
                    winner = board.team1 if (board.score1 or 0) > (board.score2 or 0) else (
                        board.team2)
                    score[winner] += 1
    return score


def _lookup(scores: dict[int, float]) -> Key:
    def value(row: Standing) -> float:
        return scores[row.team]

    return value


def rank(tournament: Tournament, rows: list[Standing]) -> list[Standing]:
    """Order ``rows`` by the ranking keys; equal teams share a rank (registration order)."""
    groups: list[list[Standing]] = [rows]
    for key in _keys(tournament):
        split: list[list[Standing]] = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            # head-to-head counts only the matches inside this group
            value = _lookup(_head_to_head(tournament, group)) if isinstance(key, str) else key
            ordered = sorted(group, key=value, reverse=True)  # stable: registration order
            current: list[Standing] = []
            for row in ordered:
                if current and value(row) != value(current[0]):
                    split.append(current)
                    current = []
                current.append(row)
            split.append(current)
        groups = split
    ranked: list[Standing] = []
    for group in groups:
        position = len(ranked) + 1
        ranked.extend(replace(row, rank=position) for row in group)
    return ranked
