"""A concours kept by hand: the plain model ``tests/test_concours_stateful.py`` holds the
program to after every step.

Nothing here imports the tournament package: the model keeps what a director would write on
paper (who plays whom, the results in force and the ones corrected, the byes, the
penalties, who left) and works the standings out again from scratch whenever asked, by the
rules of the README and the docstrings of :mod:`coinche_cli.tournament.standings` and
:mod:`coinche_cli.tournament.melee_standings`, with the numbers of the tournament's own
settings (match points, bye points, whether a bye is a win, where penalties count):

- a table's winner is the side with the higher score after the penalties its opponents
  gave it (unless penalties count outside the partie); equal scores are a draw;
- the bye (a mêlée: each player sitting out) scores the round's bye points in points for,
  nothing in the difference, and a win when the tournament counts a bye as one;
- a forfeit: the other side scores the bye points and a win, 0 to the difference; the side
  that forfeited a loss at the forfeit's match points, the bye points against it;
- a penalty given to the opponents adds to their points for and to the penalised side's
  points against; deducted (or when the side has no opponent), it comes off the side's
  points for; either way the side's ``penalties`` counts it;
- in a mêlée each player carries their pair's line whole, penalties included.

A side is a formed team (its name alone) or a mêlée pair (its two players' names).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction

Side = frozenset[str]

#: The counters a standings line has, compared field by field with the program's.
COUNTERS = ("played", "wins", "draws", "losses", "byes", "forfeits", "points_for",
            "points_against", "difference", "match_points", "penalties")


@dataclass(frozen=True)
class Result:
    """A table's result: typed scores, or the side (0 or 1) that forfeited."""

    score1: int | None = None
    score2: int | None = None
    forfeit: int | None = None


@dataclass
class Played:
    """A round as paired: its tables (table ``t`` is ``tables[t - 1]``), who had the bye or
    sat out, the results in force and, by table, the ones a correction replaced."""

    number: int
    tables: list[tuple[Side, Side]]
    out: frozenset[str]
    results: dict[int, Result] = field(default_factory=dict)
    replaced: dict[int, list[Result]] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return len(self.results) == len(self.tables)

    def table_of(self, side: Side) -> int | None:
        return next((t for t, pair in enumerate(self.tables, 1) if side in pair), None)

    def side_of(self, entrant: str) -> Side | None:
        return next((s for pair in self.tables for s in pair if entrant in s), None)


@dataclass(frozen=True)
class Penalty:
    """A penalty on a side in a round: given to its opponents, or deducted."""

    round: int
    side: Side
    points: int
    to_opponents: bool


@dataclass
class Line:
    """An entrant's counters, and the entrants it met (for Buchholz)."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COUNTERS, 0))
    opponents: list[str] = field(default_factory=list)

    def add(self, **delta: int) -> None:
        for key, value in delta.items():
            self.counts[key] += value


@dataclass(frozen=True)
class Scale:
    """What the tournament's settings make of a result (read from the tournament itself)."""

    win: int
    draw: int
    loss: int
    forfeit: int
    bye_points: str  # a number, "half" or "average"
    target: int | None
    bye_win: bool
    penalty_outside: bool


@dataclass
class Concours:
    """The director's paper: entrants, who left after which round, rounds and penalties."""

    melee: bool
    entrants: list[str]
    scale: Scale
    rounds_planned: int
    dropped: dict[str, int | None] = field(default_factory=dict)
    rounds: list[Played] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.dropped = dict.fromkeys(self.entrants)

    @property
    def current(self) -> Played | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def next_number(self) -> int:
        return len(self.rounds) + 1

    def active(self, number: int) -> set[str]:
        """Who is paired (or drawn) in round ``number``: everyone but who left before it."""
        return {e for e in self.entrants
                if self.dropped[e] is None or (self.dropped[e] or 0) >= number}

    def had_bye(self) -> dict[str, int]:
        """How many byes (a mêlée: parties sat out) each entrant had."""
        count = dict.fromkeys(self.entrants, 0)
        for played in self.rounds:
            for entrant in played.out:
                count[entrant] += 1
        return count

    def met(self) -> set[frozenset[str]]:
        """Every two formed teams that already met."""
        return {frozenset((next(iter(a)), next(iter(b))))
                for played in self.rounds for a, b in played.tables}

    def partnered(self) -> set[Side]:
        """Every two mêlée players who were already partners."""
        return {side for played in self.rounds for pair in played.tables for side in pair}

    # ------------------------------------------------------------------ the standings

    def award(self, played: Played) -> int:
        """The round's bye points (and a forfeit win's)."""
        setting = self.scale.bye_points
        if setting.isdigit():
            return int(setting)
        if setting == "half" and self.scale.target is not None:
            return self.scale.target // 2
        # the round's average team score (half the average table total: the same number),
        # over the tables with typed scores, to the nearest point
        scores = [s for r in played.results.values() if r.forfeit is None
                  for s in (r.score1 or 0, r.score2 or 0)]
        return round(Fraction(sum(scores), len(scores))) if scores else 0

    def given(self, played: Played) -> dict[Side, int]:
        """The points each side received from its opponents' penalties in ``played``."""
        received: dict[Side, int] = {}
        for penalty in self.penalties:
            table = played.table_of(penalty.side)
            if penalty.round == played.number and penalty.to_opponents and table is not None:
                a, b = played.tables[table - 1]
                other = b if penalty.side == a else a
                received[other] = received.get(other, 0) + penalty.points
        return received

    def winner(self, played: Played, table: int) -> int | None:
        """The side (0 or 1) that won ``table``, None for a draw (or no result)."""
        result = played.results.get(table)
        if result is None:
            return None
        if result.forfeit is not None:
            return 1 - result.forfeit
        first, second = result.score1 or 0, result.score2 or 0
        if not self.scale.penalty_outside:
            received = self.given(played)
            a, b = played.tables[table - 1]
            first, second = first + received.get(a, 0), second + received.get(b, 0)
        return None if first == second else (0 if first > second else 1)

    def lines(self) -> dict[str, Line]:
        """Every entrant's line after every round paired so far."""
        sides: dict[Side, Line] = {}
        lines = {entrant: Line() for entrant in self.entrants}
        scale = self.scale

        def of(side: Side) -> Line:
            return sides.setdefault(side, Line())

        for played in self.rounds:
            award = self.award(played)
            for table, (a, b) in enumerate(played.tables, 1):
                result = played.results.get(table)
                if result is None:
                    continue
                for mine, theirs in ((a, b), (b, a)):
                    for entrant in mine:
                        lines[entrant].opponents.extend(sorted(theirs))
                if result.forfeit is not None:
                    loser, winner = (a, b) if result.forfeit == 0 else (b, a)
                    of(loser).add(played=1, losses=1, forfeits=1, match_points=scale.forfeit,
                                  points_against=award, difference=-award)
                    of(winner).add(played=1, wins=1, match_points=scale.win, points_for=award)
                    continue
                won = self.winner(played, table)
                for index, side, mine, theirs in ((0, a, result.score1, result.score2),
                                                  (1, b, result.score2, result.score1)):
                    mine, theirs = mine or 0, theirs or 0
                    outcome = ("draws", scale.draw) if won is None else (
                        ("wins", scale.win) if won == index else ("losses", scale.loss))
                    of(side).add(played=1, points_for=mine, points_against=theirs,
                                 difference=mine - theirs, match_points=outcome[1],
                                 **{outcome[0]: 1})
            for entrant in played.out:
                lines[entrant].add(played=1, byes=1, points_for=award)
                if scale.bye_win:
                    lines[entrant].add(wins=1, match_points=scale.win)
        for penalty in self.penalties:
            played = self.rounds[penalty.round - 1]
            table = played.table_of(penalty.side)
            points = penalty.points
            if penalty.to_opponents and table is not None:
                a, b = played.tables[table - 1]
                of(b if penalty.side == a else a).add(points_for=points, difference=points)
                of(penalty.side).add(points_against=points, difference=-points,
                                     penalties=points)
            else:
                of(penalty.side).add(points_for=-points, difference=-points, penalties=points)
        for side, line in sides.items():
            for entrant in side:
                lines[entrant].add(**line.counts)
        return lines


def matchings(people: list[str]) -> Iterator[list[tuple[str, str]]]:
    """Every way of seating ``people`` (an even count) two by two."""
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for index, other in enumerate(rest):
        for more in matchings(rest[:index] + rest[index + 1:]):
            yield [(first, other), *more]


def fewest_repeats(people: list[str], before: set[frozenset[str]]) -> int:
    """The fewest pairs of ``people`` that were together ``before``, over every pairing."""
    return min(sum(frozenset(pair) in before for pair in pairing)
               for pairing in matchings(sorted(people)))


def fewest_rematches(active: set[str], before: set[frozenset[str]],
                     byes: dict[str, int]) -> tuple[set[str], int]:
    """For a formed-team round: who may take the bye (nobody a second one while a team
    without one can take it: the pairing's hard rule), and the fewest rematches over every
    pairing that gives the bye to one of them."""
    field_ = sorted(active)
    if len(field_) % 2 == 0:
        return set(), fewest_repeats(field_, before)
    fresh = {team for team in field_ if byes[team] == 0}
    may = fresh or set(field_)
    least = min(fewest_repeats([t for t in field_ if t != bye], before) for bye in may)
    return may, least


def repeats(pairs: Iterable[Side], before: set[frozenset[str]]) -> int:
    """How many of ``pairs`` were together ``before``."""
    return sum(frozenset(pair) in before for pair in pairs)
