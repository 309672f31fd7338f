"""A Swiss club tournament ("concours") as data: settings, teams, rounds, results, penalties.

Pure: the store builds a :class:`Tournament`; :mod:`coinche_cli.tournament.standings` ranks it and
:mod:`coinche_cli.tournament.pairing` pairs its next round.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal, assert_never

from coinche_cli.errors import TournamentError
from coinche_cli.i18n import _, npgettext, pgettext
from coinche_cli.tournament.board import Board as Board  # re-exported: a round's tables
from coinche_cli.tournament.ranking import Ranking as Ranking
from coinche_cli.tournament.settings import DRAWS as DRAWS  # re-exported: a tournament's
from coinche_cli.tournament.settings import FORMATS as FORMATS  # settings, and what they
from coinche_cli.tournament.settings import SAME_CLUB as SAME_CLUB  # take
from coinche_cli.tournament.settings import Settings as Settings
from coinche_cli.values import Value

if TYPE_CHECKING:
    from coinche_cli.tournament.stage import Stage

# The classes below are plain values (coinche_cli.values), not frozen dataclasses: every
# tournament command loads this module, and a frozen dataclass costs about 0.5 ms to create,
# 3.5 ms for the seven of them; a thousand teams are also built faster without one
# object.__setattr__ per field.  None is changed in place once made.

class Team(Value):
    """A registered team of two; in a mêlée, a pair drawn for one partie (``members``: its
    two players' ids; its name "Ana & Cyd")."""

    __slots__ = ("club", "dropped_after", "id", "joined_round", "members", "name", "players",
                 "registered")

    def __init__(self, id: int, name: str, players: tuple[str, ...] = (),
                 club: str = "", registered: int = 0, joined_round: int = 1,
                 dropped_after: int | None = None, members: tuple[int, ...] = ()) -> None:
        self.id = id
        self.name = name
        self.players = players
        self.club = club
        self.registered = registered  # registration order
        self.joined_round = joined_round  # the first round it can be paired in (late entries)
        self.dropped_after = dropped_after  # it left after this round: no longer paired
        self.members = members  # a mêlée's pair: its players' ids (a formed team: none)

    def with_id(self, team_id: int) -> Team:
        """This team as registered under ``team_id``."""
        return Team(team_id, self.name, self.players, self.club, self.registered,
                    self.joined_round, self.dropped_after, self.members)

    def active_in(self, round_number: int) -> bool:
        """Whether the team is paired in ``round_number``."""
        dropped = self.dropped_after is not None and self.dropped_after < round_number
        return self.joined_round <= round_number and not dropped

    def entrant(self) -> Entrant:
        """A formed team as the entrant it registered as."""
        return Entrant(self.id, self.name, self.club, "", self.registered, self.joined_round,
                       self.dropped_after, kind="team", players=self.players)


#: Who registers for a concours: a formed team, or a player alone in a mêlée.
EntrantKind = Literal["team", "player"]


def entrant_words(kind: EntrantKind) -> str:
    """An entrant's kind in words: "team", "player"."""
    match kind:
        case "team":
            return _("team")
        case "player":
            return _("player")
        case unreachable:
            assert_never(unreachable)


class Entrant(Value):
    """Who registered for a concours, whatever its format: a formed team (``kind`` "team",
    with its players' names) or a mêlée's player alone ("player", with their licence).
    Registration, check-in, payments, prizes, the live page's phone and the season see only
    this; what differs is read from ``kind``."""

    __slots__ = ("club", "dropped_after", "id", "joined_round", "kind", "licence", "name",
                 "players", "registered")

    def __init__(self, id: int, name: str, club: str = "", licence: str = "",
                 registered: int = 0, joined_round: int = 1,
                 dropped_after: int | None = None, *, kind: EntrantKind,
                 players: tuple[str, ...] = ()) -> None:
        self.id = id
        self.name = name
        self.club = club
        self.licence = licence  # a player's licence number, if the club keeps them
        self.registered = registered  # registration order
        self.joined_round = joined_round  # the first round it can play in (late entries)
        self.dropped_after = dropped_after  # it left after this round
        self.kind = kind
        self.players = players  # a team's players' names (a player alone: none)

    def with_id(self, entrant_id: int) -> Entrant:
        """This entrant as registered under ``entrant_id``."""
        return Entrant(entrant_id, self.name, self.club, self.licence, self.registered,
                       self.joined_round, self.dropped_after, kind=self.kind,
                       players=self.players)

    def active_in(self, round_number: int) -> bool:
        """Whether the entrant plays (is paired, or drawn) in ``round_number``."""
        dropped = self.dropped_after is not None and self.dropped_after < round_number
        return self.joined_round <= round_number and not dropped

    def as_team(self) -> Team:
        """A formed team's entrant as the side it is at a table."""
        return Team(self.id, self.name, self.players, self.club, self.registered,
                    self.joined_round, self.dropped_after)


#: A whole number as a director writes one: a sign (``-``, or the typographic minus), digits
#: whose thousands may be apart (``1 300``: a space, a no-break space or a narrow one, the
#: French way), ``.0`` as a spreadsheet writes 12 (``int()`` and ``float()`` also take
#: ``1e3``, ``1_000``, ``²`` or ``١٢``: not numbers a club types).
_WHOLE = re.compile(r"([+\-\u2212]?)([0-9]{1,3}(?:[ \u00a0\u202f\u2009][0-9]{3})+|[0-9]+)"
                    r"(?:\.0*)?")


def whole_number(text: str) -> int | None:
    """``text`` as a whole number (``12``, ``12.0`` from a spreadsheet, ``1 300``, ``-1200``),
    or None; past 11 digits it is only read far enough to be larger than any score or table
    number a command takes."""
    if text.isascii() and text.isdigit():  # most cells: plain digits
        return int(text.lstrip("0")[:11] or "0")
    match = _WHOLE.fullmatch(text.strip())
    if match is None:
        return None
    digits = "".join(c for c in match[2] if c.isdigit()).lstrip("0")[:11] or "0"
    return -int(digits) if match[1] in ("-", "\u2212") else int(digits)


class ResultRow(Value):
    """A table's result as a results file gives it: its spreadsheet row, table, scores and,
    when the file names the teams, the two names (the scores follow them; None when the
    file has no name columns or the row leaves both empty); ``players`` when the names are
    a player of each team (columns ``joueur 1``, ``joueur 2``), not the teams'."""

    __slots__ = ("name1", "name2", "players", "row", "score1", "score2", "table")

    def __init__(self, row: int, table: int, score1: int, score2: int,
                 name1: str | None = None, name2: str | None = None, *,
                 players: bool = False) -> None:
        self.row = row
        self.table = table
        self.score1 = score1
        self.score2 = score2
        self.name1 = name1
        self.name2 = name2
        self.players = players


class Round(Value):
    """A paired round: tables in ranking order and the bye; in a mêlée, the players who sit
    out (their ids)."""

    __slots__ = ("boards", "bye", "number", "rematches", "sitting_out")

    def __init__(self, number: int, boards: tuple[Board, ...], bye: int | None = None,
                 rematches: int = 0, sitting_out: tuple[int, ...] = ()) -> None:
        self.number = number
        self.boards = boards
        self.bye = bye
        self.rematches = rematches  # a mêlée: the partners drawn together again
        self.sitting_out = sitting_out

    def with_boards(self, boards: tuple[Board, ...]) -> Round:
        """This round with its tables' results as in ``boards``."""
        return Round(self.number, boards, self.bye, self.rematches, self.sitting_out)

    def board(self, table: int) -> Board | None:
        """The board at ``table``."""
        # tables are numbered 1..n in order: a file of 500 results looks each one up
        if 0 < table <= len(self.boards) and self.boards[table - 1].table == table:
            return self.boards[table - 1]
        return next((b for b in self.boards if b.table == table), None)

    def board_of(self, team: int) -> Board | None:
        """The board where ``team`` plays."""
        return next((b for b in self.boards if team in (b.team1, b.team2)), None)

    @property
    def complete(self) -> bool:
        """Whether every table has its result."""
        return all(b.has_result for b in self.boards)

    @property
    def tables(self) -> int:
        """How many tables the round has."""
        return len(self.boards)

    def team_scores(self) -> tuple[int, int]:
        """The sum and the count of the teams' scores at the tables with a result and no
        forfeit (what the bye's "average" points are made of)."""
        scores = [s for b in self.boards if b.forfeit is None and b.score1 is not None
                  for s in (b.score1, b.score2 or 0)]
        return sum(scores), len(scores)


class Penalty(Value):
    """A penalty on a team: ``points`` given to its opponents of that round (``to_opponents``)
    or taken from the team."""

    __slots__ = ("points", "reason", "round", "team", "to_opponents")

    def __init__(self, team: int, round: int, points: int, reason: str,
                 to_opponents: bool = False) -> None:
        self.team = team
        self.round = round
        self.points = points
        self.reason = reason
        self.to_opponents = to_opponents


class Tournament(Value):
    """Everything about a tournament."""

    __slots__ = ("_by_id", "_entrants", "_players_by_id", "_sides", "id", "name", "penalties",
                 "players", "rounds", "rules_name", "settings", "stages", "teams")

    def __init__(self, id: int, name: str, rules_name: str,
                 settings: Settings, teams: tuple[Team, ...] = (),
                 rounds: tuple[Round, ...] = (), penalties: tuple[Penalty, ...] = (),
                 players: tuple[Entrant, ...] = (), stages: tuple[Stage, ...] = ()) -> None:
        self.id = id
        self.name = name
        self.rules_name = rules_name
        self.settings = settings
        self.teams = teams  # a mêlée: the pairs drawn, a pair per table side per partie
        self.rounds = rounds
        self.penalties = penalties
        self.players = players  # a mêlée's players (a formed-team tournament: none)
        # its stages (tournament.stage), the first one included, by position; a concours that
        # adds none and is not played in poules has none
        self.stages = stages
        self._by_id: dict[int, Team] | None = None  # caches, not part of the value
        self._players_by_id: dict[int, Entrant] | None = None
        self._entrants: tuple[Entrant, ...] | None = None
        self._sides: dict[int, tuple[int, ...]] | None = None

    @property
    def kind(self) -> EntrantKind:
        """Who registers: formed teams, or in a mêlée players alone."""
        return "player" if self.settings.melee else "team"

    @property
    def entrants(self) -> tuple[Entrant, ...]:
        """Who registered, in registration order: the teams, or a mêlée's players."""
        if self._entrants is None:
            self._entrants = (self.players if self.settings.melee
                              else tuple(team.entrant() for team in self.teams))
        return self._entrants

    def entrant(self, entrant_id: int) -> Entrant:
        """The entrant with this id (a team, or a mêlée's player)."""
        return self.player(entrant_id) if self.settings.melee else self.team(entrant_id).entrant()

    def player(self, player_id: int) -> Entrant:
        """The mêlée player with this id."""
        if self._players_by_id is None:
            self._players_by_id = {player.id: player for player in self.players}
        return self._players_by_id[player_id]

    def sides_of(self, entrant_id: int) -> tuple[int, ...]:
        """The table sides an entrant has been: a formed team is its own; a mêlée's player is
        each pair they were drawn in, one per partie played."""
        if not self.settings.melee:
            return (entrant_id,)
        if self._sides is None:  # every player's pairs at once: a page lists them all
            sides: dict[int, list[int]] = {}
            for team in self.teams:
                for member in team.members:
                    sides.setdefault(member, []).append(team.id)
            self._sides = {player: tuple(ids) for player, ids in sides.items()}
        return self._sides.get(entrant_id, ())

    def sits_out(self, played: Round, entrant_id: int) -> bool:
        """Whether an entrant has no table in ``played``: a team's bye, a player sitting
        out."""
        if self.settings.melee:
            return entrant_id in played.sitting_out
        return played.bye == entrant_id

    def team(self, team_id: int) -> Team:
        """The team with this id."""
        if self._by_id is None:
            self._by_id = {team.id: team for team in self.teams}
        return self._by_id[team_id]

    def with_round(self, played: Round) -> Tournament:
        """This tournament with ``played`` in place of the round of its number."""
        rounds = tuple(played if r.number == played.number else r for r in self.rounds)
        return Tournament(self.id, self.name, self.rules_name, self.settings, self.teams,
                          rounds, self.penalties, self.players, self.stages)

    def with_stages(self, stages: tuple[Stage, ...]) -> Tournament:
        """This tournament with ``stages`` (a stage just added or ordered, checked before it
        is written)."""
        return Tournament(self.id, self.name, self.rules_name, self.settings, self.teams,
                          self.rounds, self.penalties, self.players, stages)

    def stage_parties(self, settings: Settings, teams: tuple[Team, ...],
                      rounds: tuple[Round, ...], penalties: tuple[Penalty, ...]) -> Tournament:
        """A stage's own parties seen as a concours of their own (its teams in seed order,
        its parties numbered from 1): what its standings and its Swiss pairing read
        (:func:`coinche_cli.tournament.stages.stage_tournament`).  Never stored, never
        written: every operation reads and writes the whole tournament."""
        return Tournament(self.id, self.name, self.rules_name, settings, teams, rounds,
                          penalties)

    def stage_byes(self, number: int) -> tuple[int, ...]:
        """The byes the stages give in round ``number`` (a knock-out's best seeds, a poule
        of odd size), beside the round's own bye; none in a concours without stages."""
        return tuple(team for stage in self.stages for team in stage.byes.get(number, ()))

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
        raise TournamentError(_("round {round} has not been paired"), round=number)

    def played_pairs(self, before: int | None = None) -> frozenset[frozenset[int]]:
        """Every pair of teams that already met (before round ``before``)."""
        return frozenset(
            frozenset((b.team1, b.team2))
            for r in self.rounds if before is None or r.number < before
            for b in r.boards
        )

    def played_teams(self) -> frozenset[int]:
        """Teams that were paired or had a bye in some round."""
        return frozenset({t for r in self.rounds for b in r.boards for t in (b.team1, b.team2)}
                         | {r.bye for r in self.rounds if r.bye is not None})

    def had_bye(self) -> frozenset[int]:
        """Teams that already had a bye."""
        return frozenset(r.bye for r in self.rounds if r.bye is not None)

    def given(self, number: int) -> dict[int, int]:
        """The penalty points each team received in round ``number`` from its opponents'
        penalties (a renonce's 162), by team."""
        received: dict[int, int] = {}
        for penalty in self.penalties:
            if penalty.round != number or not penalty.to_opponents:
                continue
            board = self.round(number).board_of(penalty.team)
            if board is not None:
                other = board.opponent(penalty.team)
                received[other] = received.get(other, 0) + penalty.points
        return received

    def winner(self, played: Round, board: Board,
               received: dict[int, int] | None = None) -> int | None:
        """The team that won the partie at ``board`` (None: a draw, or no result yet).

        A forfeit is won by the other team, and a table's result names its winner (a game's
        tie rule included); but a penalty given to the opponents counts in the partie's score
        (unless the tournament counts penalties outside it): the scores after penalties
        decide.  ``received`` is :meth:`given` for the round, when the caller has it."""
        if not board.has_result or board.forfeit is not None or board.score1 is None:
            return board.winner
        if self.settings.penalty_outside:
            return board.winner
        received = self.given(played.number) if received is None else received
        plus1, plus2 = received.get(board.team1, 0), received.get(board.team2, 0)
        if not plus1 and not plus2:
            return board.winner
        return board.winner_of(board.score1 + plus1, (board.score2 or 0) + plus2)


def round_title(number: int) -> str:
    """A round as the concours' sheets, exports and projector name it: "Round 2" in English,
    "2e partie" in French (where club sheets speak of parties; the catalogue's two forms give
    "1re partie" for the first)."""
    return npgettext("partie", "Round {round}", "Round {round}", number).format(round=number)


def left_words(entrant: Entrant) -> str:
    """When ``entrant`` left, in words (``left after round 2``).  A player's need no
    agreement, since coinche does not know a player's gender: « ne joue plus après la ronde
    2 » (a team's agree with « équipe »: « retirée après la ronde 2 »)."""
    match entrant.kind:
        case "team":
            return _("left after round {round}").format(round=entrant.dropped_after)
        case "player":
            return pgettext("player", "left after round {round}").format(
                round=entrant.dropped_after)
        case unreachable:
            assert_never(unreachable)


def status_words(entrant: Entrant) -> str:
    """An entrant's status on the registrations' sheet: still in, or when it left."""
    if entrant.dropped_after is not None:
        return left_words(entrant)
    match entrant.kind:
        case "team":
            return _("active")
        case "player":  # « en jeu »: no agreement
            return pgettext("player", "active")
        case unreachable:
            assert_never(unreachable)


def bye_points_pending(tournament: Tournament, played: Round) -> bool:
    """Whether the bye of ``played`` will be the round's average but no table has a score
    yet (:func:`bye_points` says 0 until one has: a person is told it is to come)."""
    setting = tournament.settings.bye_points
    if setting.isascii() and setting.isdigit():
        return False
    if setting == "half" and tournament.settings.target is not None:
        return False
    return not played.team_scores()[1]


def bye_points(tournament: Tournament, played: Round) -> int:
    """The points of the bye (and of a forfeit win) in ``played``."""
    setting = tournament.settings.bye_points
    if setting.isascii() and setting.isdigit():
        return int(setting)
    if setting == "half" and tournament.settings.target is not None:
        return tournament.settings.target // 2
    total, count = played.team_scores()
    if not count:
        return 0
    return round(total / count)
