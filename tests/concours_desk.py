"""The operations of a concours as ``tests/test_concours_stateful.py`` calls them, in one
place: the machine and the tests of what it found go through :class:`Desk` alone, so that
when the team and player operations become one entrant set only this module changes.  Also
the store's rounds read back as the plain model keeps them (:mod:`tests.concours_model`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from coinche_cli.rules.loader import load_rules
from coinche_cli.rules.model import Rules
from coinche_cli.store.records import ResultRecord
from coinche_cli.store.sqlite import SqliteStore
from coinche_cli.tournament import entrants as entrants_ops
from coinche_cli.tournament import ops as tournaments
from coinche_cli.tournament import results
from coinche_cli.tournament.entrants import Registration
from coinche_cli.tournament.melee_standings import player_standings
from coinche_cli.tournament.model import EntrantKind, Round, Settings, Tournament
from coinche_cli.tournament.standings import Standing, standings
from coinche_cli.tournament.views import round_json
from tests.concours_model import Played, Result, Side


@cache
def _standard() -> Rules:
    """The standard rules, read once for every concours of the session."""
    return load_rules("standard")


class Desk:
    """The operations of one concours as the machine calls them: formed teams or a mêlée's
    players (``melee``), the current tournament of one store."""

    def __init__(self, store: SqliteStore, melee: bool) -> None:
        self.store = store
        self.melee = melee
        self.kind: EntrantKind = "player" if melee else "team"

    def open(self, settings: Settings, entrants: list[str]) -> Tournament:
        tournaments.create(self.store, "Concours", _standard(), settings)
        for name in entrants:
            entrants_ops.add(self.store, None, self.kind, Registration(name))
        return self.read()

    def pair(self) -> Round:
        return tournaments.pair_next(self.store, None).round

    def result(self, table: int, scores: tuple[int, int] | None, forfeit: str | None,
               round_number: int | None, replacing: bool) -> None:
        score1, score2 = scores if scores is not None else (None, None)
        results.enter_result(self.store, None, str(table), score1, score2,
                             round_number=round_number, forfeit=forfeit, replacing=replacing)

    def unpair(self) -> None:
        tournaments.unpair(self.store, None)

    def penalise(self, entrant: str, points: int, to_opponents: bool) -> None:
        tournaments.penalise(self.store, None, entrant, points, "renonce", to_opponents)

    def drop(self, entrant: str) -> None:
        entrants_ops.leave(self.store, None, self.kind, entrant)

    def come_back(self, entrant: str) -> None:
        entrants_ops.come_back(self.store, None, self.kind, entrant)

    def read(self) -> Tournament:
        return tournaments.load(self.store, None)

    def lines(self, tournament: Tournament) -> list[Standing]:
        """The standings' lines in order (a mêlée: a player's line, named after them)."""
        if self.melee:
            return [row.line for row in player_standings(tournament)]
        return standings(tournament)

    def dropped_after(self, tournament: Tournament) -> dict[str, int | None]:
        return {e.name: e.dropped_after for e in tournament.entrants}

    def history(self, tournament: Tournament) -> list[ResultRecord]:
        return self.store.results(tournament.id)

    def view(self, tournament: Tournament, played: Round) -> dict[str, Any]:
        return round_json(tournament, played)


def side_of(tournament: Tournament, team_id: int, melee_: bool) -> Side:
    """A board's side as the model names it."""
    team = tournament.team(team_id)
    if melee_:
        return frozenset(tournament.player(p).name for p in team.members)
    return frozenset((team.name,))


def as_played(tournament: Tournament, played: Round, melee_: bool) -> Played:
    """A stored round as the model keeps it (no result yet: a round just paired)."""
    out = ({tournament.player(p).name for p in played.sitting_out} if melee_
           else {tournament.name_of(played.bye)} if played.bye is not None else set())
    return Played(played.number, [(side_of(tournament, b.team1, melee_),
                                   side_of(tournament, b.team2, melee_))
                                  for b in played.boards], frozenset(out))


def stored_result(board_score1: int | None, board_score2: int | None, forfeit: int | None,
                  team1: int) -> Result:
    return Result(board_score1, board_score2,
                  None if forfeit is None else (0 if forfeit == team1 else 1))
