"""A Swiss club tournament ("concours") as data: settings, teams, rounds, results, penalties.

Pure: the store builds a :class:`Tournament`; :mod:`coinche_cli.tournament.standings` ranks it and
:mod:`coinche_cli.tournament.pairing` pairs its next round.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from coinche_cli.errors import TournamentError
from coinche_cli.tournament.board import Board as Board  # re-exported: a round's tables
from coinche_cli.tournament.ranking import TIE_BREAKS, Ranking

#: What ``--same-club`` accepts.
SAME_CLUB = ("avoid", "allow")


@dataclass(frozen=True)
class Settings:
    """How a tournament is played and ranked."""

    rounds: int
    deals: int | None = None  # each match: a fixed number of deals ...
    target: int | None = None  # ... or a game to a target
    ranking: Ranking = Ranking.POINTS
    bye_points: str = "average"  # "average", "half", or a fixed number ("1000")
    bye_win: bool = True
    match_points: tuple[int, int, int, int] = (3, 2, 1, 0)  # win, draw, loss, forfeit
    tie_breaks: tuple[str, ...] = ("difference", "buchholz", "head-to-head")
    seed: int | None = None  # round 1: seeded random draw; None: registration order
    same_club: str = "avoid"  # "avoid": teams of one club meet as late as possible; "allow"
    # the most one side can score in a deal under the tournament's rules, found once when the
    # tournament is created (scoring the extreme deals takes tens of milliseconds)
    highest_deal: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The settings as stored."""
        return {
            "rounds": self.rounds, "deals": self.deals, "target": self.target,
            "ranking": self.ranking.value, "bye_points": self.bye_points,
            "bye_win": self.bye_win, "match_points": list(self.match_points),
            "tie_breaks": list(self.tie_breaks), "seed": self.seed,
            "same_club": self.same_club, "highest_deal": self.highest_deal,
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        """Settings read back from the store."""
        return cls(
            rounds=data["rounds"], deals=data["deals"], target=data["target"],
            ranking=Ranking(data["ranking"]), bye_points=data["bye_points"],
            bye_win=data["bye_win"], match_points=_four(data["match_points"]),
            tie_breaks=tuple(data["tie_breaks"]), seed=data["seed"],
            same_club=data.get("same_club", "allow"),  # stored before clubs were kept apart
            highest_deal=data.get("highest_deal"),
        )  # fmt: skip

    def check(self) -> None:
        """Refuse settings that cannot run a tournament."""
        if self.rounds < 1:
            raise TournamentError("tournament.bad_rounds", got=self.rounds)
        if (self.deals is None) == (self.target is None):
            raise TournamentError("tournament.format")
        for value in (self.deals, self.target):
            if value is not None and value < 1:
                raise TournamentError("tournament.bad_format_number", got=value)
        # a fixed number of points: digits, and no more than a match could score
        fixed = self.bye_points.isascii() and self.bye_points.isdigit() and len(
            self.bye_points) <= 6
        if self.bye_points not in ("average", "half") and not fixed:
            raise TournamentError("tournament.bad_bye_points", got=self.bye_points)
        if self.same_club not in SAME_CLUB:
            raise TournamentError("tournament.bad_same_club", got=self.same_club,
                                  known=", ".join(SAME_CLUB))
        for name in self.tie_breaks:
            if name not in TIE_BREAKS:
                raise TournamentError("tournament.bad_tie_break", got=name,
                                      known=", ".join(TIE_BREAKS))


def _four(values: list[int]) -> tuple[int, int, int, int]:
    win, draw, loss, forfeit = values
    return (win, draw, loss, forfeit)


@dataclass(frozen=True)
class Team:
    """A registered team of two."""

    id: int
    name: str
    players: tuple[str, ...] = ()
    club: str = ""
    registered: int = 0  # registration order
    joined_round: int = 1  # the first round it can be paired in (late entries)
    dropped_after: int | None = None  # it left after this round: no longer paired

    def active_in(self, round_number: int) -> bool:
        """Whether the team is paired in ``round_number``."""
        dropped = self.dropped_after is not None and self.dropped_after < round_number
        return self.joined_round <= round_number and not dropped


@dataclass(frozen=True)
class ResultRow:
    """A table's result as a results file gives it: its spreadsheet row, table, scores and,
    when the file names the teams, the two names (the scores follow them; None when the
    file has no name columns or the row leaves both empty)."""

    row: int
    table: int
    score1: int
    score2: int
    name1: str | None = None
    name2: str | None = None


@dataclass(frozen=True)
class Round:
    """A paired round: tables in ranking order and the bye."""

    number: int
    boards: tuple[Board, ...]
    bye: int | None = None
    rematches: int = 0

    def board(self, table: int) -> Board | None:
        """The board at ``table``."""
        return next((b for b in self.boards if b.table == table), None)

    def board_of(self, team: int) -> Board | None:
        """The board where ``team`` plays."""
        return next((b for b in self.boards if team in (b.team1, b.team2)), None)

    @property
    def complete(self) -> bool:
        """Whether every table has its result."""
        return all(b.has_result for b in self.boards)


@dataclass(frozen=True)
class Penalty:
    """A penalty on a team: ``points`` given to its opponents of that round (``to_opponents``)
    or taken from the team."""

    team: int
    round: int
    points: int
    reason: str
    to_opponents: bool = False


@dataclass(frozen=True)
class TournamentRecord:
    """A stored tournament's identity and settings, as the store lists it (its teams and rounds
    come with the whole :class:`Tournament`)."""

    id: int
    name: str
    created: str
    rules_name: str
    rules: dict[str, Any]  # the validated rules document: a snapshot
    settings: dict[str, Any]


@dataclass(frozen=True)
class Tournament:
    """Everything about a tournament."""

    id: int
    name: str
    rules_name: str
    settings: Settings
    teams: tuple[Team, ...] = ()
    rounds: tuple[Round, ...] = ()
    penalties: tuple[Penalty, ...] = field(default=())

    @cached_property
    def _by_id(self) -> dict[int, Team]:
        return {team.id: team for team in self.teams}

    def team(self, team_id: int) -> Team:
        """The team with this id."""
        return self._by_id[team_id]

    def with_round(self, played: Round) -> Tournament:
        """This tournament with ``played`` in place of the round of its number."""
        rounds = tuple(played if r.number == played.number else r for r in self.rounds)
        return replace(self, rounds=rounds)

    def name_of(self, team_id: int | None) -> str:
        """A team's name ("" for none)."""
        return "" if team_id is None else self.team(team_id).name

    @property
    def current(self) -> Round | None:
        """The latest paired round."""
        return self.rounds[-1] if self.rounds else None

    def round(self, number: int) -> Round:
        """Round ``number``, refused when it was not paired."""
        for played in self.rounds:
            if played.number == number:
                return played
        raise TournamentError("tournament.no_round", round=number)

    def played_pairs(self, before: int | None = None) -> frozenset[frozenset[int]]:
        """Every pair of teams that already met (before round ``before``)."""
        return frozenset(
            frozenset((b.team1, b.team2))
            for r in self.rounds if before is None or r.number < before
            for b in r.boards
        )

    def had_bye(self) -> frozenset[int]:
        """Teams that already had a bye."""
        return frozenset(r.bye for r in self.rounds if r.bye is not None)
