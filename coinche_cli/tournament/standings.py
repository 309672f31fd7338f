"""Standings of a tournament after a round: results, byes, forfeits and penalties folded in,
ranked by the tournament's method, then its tie-breaks in order.

- A table's winner is the one its result names (a table scored deal by deal takes its game's
  winner, the rules' tie rule included; equal typed scores are a draw); but a penalty given
  to the opponents counts in the partie's score: the scores after penalties decide the win,
  the draw or the loss (``Tournament.winner``), unless the tournament was created with
  ``--penalty-outside`` (penalties in the points only).
- ``difference`` is the sum of (for - against) over the matches a team actually played.
- The bye scores the bye points: a fixed number, ``half`` (half the target in target play,
  else half the round's average table total) or ``average`` (the round's average team score);
  it counts as a win when ``bye_win`` is set.  It adds to ``points_for`` only: 0 to the
  difference, so a bye never ranks above a real win.
- A forfeit: the winner scores the bye points of that round, a win, and 0 to the difference;
  the team that forfeited scores 0, a loss (``forfeit`` match points), and its difference
  drops by the points awarded to the winner.
- A penalty of P given to the opponents (the usual 162 for a renonce) adds P to the
  opponents' ``points_for`` and to the penalised team's ``points_against``: the round's
  differences still add up.  Deducted, it takes P from the team's ``points_for``.  Either
  way the team's ``penalties`` counts it, and ``penalty_details`` lists it.
- Buchholz is the sum of the opponents' ranking value (points, wins or match points).
- Teams equal on every key share a rank; ``lot`` (seeded) makes every rank distinct.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields

from coinche_cli.tournament.model import Round, Tournament, bye_points
from coinche_cli.tournament.ranking import Ranking


@dataclass(frozen=True)
class PenaltyLine:
    """A penalty as a team's standings line lists it."""

    round: int
    points: int
    reason: str
    to: str | None  # the team that received the points; None when they were deducted


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
    difference: int = 0  # sum of (for - against) over the matches actually played
    match_points: int = 0
    penalties: int = 0
    buchholz: int = 0
    opponents: tuple[int, ...] = ()
    penalty_details: tuple[PenaltyLine, ...] = ()
    dropped: bool = False
    rank: int = 0
    lot: float = field(default=0.0, compare=False)


def changed(row: Standing, **values: object) -> Standing:
    """``row`` with some values changed: what :func:`dataclasses.replace` gives, without its
    checks and ``__init__`` (about 25 µs a line: 0.1 s for the two passes of a 1,000-team
    ranking; a line's values are plain numbers and tuples, nothing to check)."""
    line = object.__new__(Standing)
    line.__dict__.update(row.__dict__)
    line.__dict__.update(values)
    return line


def primary(tournament: Tournament, row: Standing) -> int:
    """The ranking method's value (what Buchholz sums and score groups share)."""
    ranking = tournament.settings.ranking
    if ranking is Ranking.WINS:
        return row.wins
    if ranking is Ranking.MATCH_POINTS:
        return row.match_points
    return row.points_for


#: The counters a round adds to, per team (every int field of a line but rank and buchholz).
COUNTERS = tuple(f.name for f in fields(Standing)
                 if f.type == "int" and f.name not in ("team", "rank", "buchholz"))


class _Tally:
    """One team's counters while the rounds are folded in (mutable, then frozen)."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(COUNTERS, 0)
        self.opponents: list[int] = []
        self.penalties: list[PenaltyLine] = []

    def add(self, **delta: int) -> None:
        for key, value in delta.items():
            self.counts[key] += value


def _fold_round(tournament: Tournament, played: Round, tallies: dict[int, _Tally]) -> None:
    win, draw, loss, forfeit = tournament.settings.match_points
    award = bye_points(tournament, played)
    received = tournament.given(played.number)
    for board in played.boards:
        if not board.has_result:
            continue
        tallies[board.team1].opponents.append(board.team2)
        tallies[board.team2].opponents.append(board.team1)
        if board.forfeit is not None:
            # the forfeit win is neutral in the difference; the forfeiting team pays it
            tallies[board.forfeit].add(played=1, losses=1, forfeits=1, match_points=forfeit,
                                       points_against=award, difference=-award)
            tallies[board.opponent(board.forfeit)].add(played=1, wins=1, match_points=win,
                                                       points_for=award)
            continue
        s1, s2 = board.score1 or 0, board.score2 or 0
        winner = tournament.winner(played, board, received)
        for team, mine, theirs in ((board.team1, s1, s2), (board.team2, s2, s1)):
            if winner is None:
                outcome, points = "draws", draw
            elif winner == team:
                outcome, points = "wins", win
            else:
                outcome, points = "losses", loss
            tallies[team].add(played=1, points_for=mine, points_against=theirs,
                              difference=mine - theirs, match_points=points, **{outcome: 1})
    if played.bye is not None:
        tallies[played.bye].add(**bye_counts(tournament, award))
    for team in tournament.stage_byes(played.number) if tournament.stages else ():
        tallies[team].add(**bye_counts(tournament, award))


def bye_counts(tournament: Tournament, award: int) -> dict[str, int]:
    """What a bye adds to a line (a formed team's bye, a mêlée player sitting out): a partie
    played, the round's bye points in points for (nothing in the difference), and a win with
    its match points unless the tournament counts no bye as one."""
    counts = {"played": 1, "byes": 1, "points_for": award}
    if tournament.settings.bye_win:
        counts |= {"wins": 1, "match_points": tournament.settings.match_points[0]}
    return counts


def _fold_penalties(tournament: Tournament, last: int, tallies: dict[int, _Tally]) -> None:
    for penalty in tournament.penalties:
        if penalty.round > last:
            continue
        board = tournament.round(penalty.round).board_of(penalty.team)
        points = penalty.points
        tally = tallies[penalty.team]
        if penalty.to_opponents and board is not None:
            # the usual renonce: the opponents score the points; the round still balances
            other = board.opponent(penalty.team)
            tallies[other].add(points_for=points, difference=points)
            tally.add(points_against=points, difference=-points, penalties=points)
            receiver: str | None = tournament.name_of(other)
        else:
            tally.add(points_for=-points, difference=-points, penalties=points)
            receiver = None
        tally.penalties.append(PenaltyLine(penalty.round, points, penalty.reason, receiver))


def _last(tournament: Tournament, after_round: int | None) -> int:
    return after_round if after_round is not None else (
        tournament.current.number if tournament.current else 0)


def tallies(tournament: Tournament, after_round: int | None = None) -> dict[int, _Tally]:
    """Every team's counters, opponents and penalties after ``after_round``, unranked: what
    :func:`standings` ranks, and what a mêlée's players and a season add up (registration
    order)."""
    last = _last(tournament, after_round)
    teams = sorted(tournament.teams, key=lambda t: t.registered)
    found = {team.id: _Tally() for team in teams}
    for played in tournament.rounds:
        if played.number <= last:
            _fold_round(tournament, played, found)
    _fold_penalties(tournament, last, found)
    return found


def standings(tournament: Tournament, after_round: int | None = None, *,
              carried: Mapping[int, Mapping[str, int]] | None = None,
              head_to_head_first: bool = False) -> list[Standing]:
    """The ranked standings after ``after_round`` (default: every round entered so far).
    A later stage of a concours (:mod:`coinche_cli.tournament.stages`) gives what its teams
    ``carried`` from the stage before (``--carry``), and a poule ranks ``head_to_head_first``
    among teams tied on the ranking."""
    return rank(tournament, lines(tournament, after_round, carried=carried),
                head_to_head_first=head_to_head_first)


def lines(tournament: Tournament, after_round: int | None = None, *,
          carried: Mapping[int, Mapping[str, int]] | None = None) -> list[Standing]:
    """Every team's line after ``after_round``, Buchholz included, unranked (registration
    order): what :func:`standings` ranks, and what the final ranking of a concours with
    stages orders its own way."""
    last = _last(tournament, after_round)
    teams = sorted(tournament.teams, key=lambda t: t.registered)
    tallies_ = tallies(tournament, last)
    for team, brought in (carried or {}).items():
        tallies_[team].add(**brought)
    lots = random.Random(tournament.settings.seed or 0)
    rows = {
        team.id: Standing(team.id, team.name, team.players, **tallies_[team.id].counts,
                          opponents=tuple(tallies_[team.id].opponents),
                          penalty_details=tuple(tallies_[team.id].penalties),
                          dropped=team.dropped_after is not None and team.dropped_after <= last,
                          lot=lots.random())
        for team in teams
    }
    values = {team: primary(tournament, row) for team, row in rows.items()}
    for team, row in rows.items():
        rows[team] = changed(row, buchholz=sum(values[o] for o in row.opponents))
    return list(rows.values())


Key = Callable[[Standing], float]


def _keys(tournament: Tournament, head_to_head_first: bool = False) -> list[Key | str]:
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
    breaks = tournament.settings.tie_breaks
    if head_to_head_first:  # a poule: the match between tied teams decides first
        keys.append("head-to-head")
        breaks = tuple(name for name in breaks if name != "head-to-head")
    for name in breaks:
        keys.append("head-to-head" if name == "head-to-head" else by[name])
    return keys


def _head_to_head(tournament: Tournament, group: Sequence[Standing]) -> dict[int, float]:
    """Wins (a draw is half) in the matches between the teams of ``group``."""
    members = {row.team for row in group}
    score = dict.fromkeys(members, 0.0)
    for played in tournament.rounds:
        received = tournament.given(played.number)
        for board in played.boards:
            if board.team1 in members and board.team2 in members and board.has_result:
                winner = tournament.winner(played, board, received)
                if winner is None:  # a draw
                    score[board.team1] += 0.5
                    score[board.team2] += 0.5
                else:
                    score[winner] += 1
    return score


def _lookup(scores: dict[int, float]) -> Key:
    def value(row: Standing) -> float:
        return scores[row.team]

    return value


def rank(tournament: Tournament, rows: list[Standing],
         head_to_head: Callable[[list[Standing]], dict[int, float]] | None = None, *,
         head_to_head_first: bool = False) -> list[Standing]:
    """Order ``rows`` by the ranking keys; equal teams share a rank (registration order).
    ``head_to_head`` scores a tied group (default: the matches between its teams; a mêlée
    gives its players')."""
    groups: list[list[Standing]] = [rows]
    for key in _keys(tournament, head_to_head_first):
        split: list[list[Standing]] = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            # head-to-head counts only the matches inside this group
            value = key if not isinstance(key, str) else _lookup(
                head_to_head(group) if head_to_head else _head_to_head(tournament, group))
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
        ranked.extend(changed(row, rank=position) for row in group)
    return ranked
