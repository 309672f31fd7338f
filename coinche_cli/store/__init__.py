"""Where games and tournaments are kept: the :class:`Store` protocol and its records.

The operations (:mod:`coinche_cli.game.ops`, :mod:`coinche_cli.tournament.ops`) are typed
against :class:`Store` and never run SQL; a backend is one module that implements it
(:mod:`coinche_cli.store.sqlite`).  A backend only stores and reads: every check a user can
fail (an empty name, a team registered twice, a closed round) is the operations' job, made
before the first write.

Each command is one transaction: :meth:`Store.write` opens it, and everything the operation
reads and writes inside the block is committed together or not at all.
"""

import time
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from coinche_cli.errors import InputError

if TYPE_CHECKING:  # the tournament model loads only for tournament commands
    from coinche_cli.tournament import model


#: The schema version this program writes: the number of named steps in
#: :mod:`coinche_cli.store.migrations` (the tests hold the two equal).  Declared here so that
#: opening an up-to-date store, what every command does, need not load the migrations.
SCHEMA_VERSION = 4


class GameRecord(NamedTuple):
    """A stored game's settings."""

    id: int
    created: str
    rules_name: str
    rules: dict[str, Any]  # the validated rules document: a snapshot
    players: int
    names: dict[str, str]  # side -> display name
    first_dealer: int
    target: int | None
    deals: int | None
    label: str = ""
    tournament_id: int | None = None  # a tournament table scored deal by deal
    round: int | None = None
    table_no: int | None = None


class DealRecord(NamedTuple):
    """A stored deal, active or kept in the history after an undo or an edit."""

    id: int
    number: int
    deal: dict[str, Any] | None  # the deal as JSON; None when everybody passed
    recorded: str
    status: str  # active | removed | replaced
    replaced_by: int | None = None
    changed: str | None = None
    state: dict[str, Any] | None = None  # the game's summary after this deal


class Store(Protocol):
    """Every call the operations make on a store."""

    def write(self) -> AbstractContextManager[None]:
        """One transaction: committed when the block ends, rolled back on any error."""

    def close(self) -> None:
        """Let go of the store."""

    def owns(self, path: Path) -> bool:
        """Whether writing ``path`` would write one of the store's own files."""

    # -- what "the current game" and "the current tournament" are

    def current(self, kind: str) -> int | None:
        """The id of the current ``game`` or ``tournament``, if any."""

    def set_current(self, kind: str, ident: int) -> None:
        """Make ``ident`` the current ``game`` or ``tournament``."""

    # -- games and their deals

    def create_game(self, record: GameRecord) -> int:
        """Insert a game (its ``id`` is ignored); return the new id."""

    def game(self, game_id: int) -> GameRecord | None:
        """The game ``game_id``, or None."""

    def games(self) -> list[GameRecord]:
        """Every game, oldest first."""

    def deals(self, game_id: int, *, history: bool = False) -> list[DealRecord]:
        """The game's active deals in order (with ``history``: removed and replaced too)."""

    def last_deal(self, game_id: int) -> DealRecord | None:
        """The game's last active deal, with the summary recorded after it."""

    def add_deal(self, game_id: int, number: int, deal: dict[str, Any] | None, recorded: str,
                 state: dict[str, Any] | None) -> int:
        """Record deal ``number`` (None: everybody passed) and the summary after it."""

    def set_deal_state(self, deal_id: int, state: dict[str, Any]) -> None:
        """Replace the summary recorded after a deal (an earlier deal was edited)."""

    def retire_deal(self, deal_id: int, changed: str, replaced_by: int | None = None) -> None:
        """Take a deal out of play (removed, or replaced by ``replaced_by``); it stays in the
        history."""

    # -- tournaments

    def create_tournament(self, record: "model.TournamentRecord") -> int:
        """Insert a tournament (its ``id`` is ignored); return the new id."""

    def find_tournament(self, name: str) -> int | None:
        """The id of the tournament called ``name`` (compared folded), or None."""

    def tournaments(self) -> "list[model.TournamentRecord]":
        """Every tournament, oldest first."""

    def tournament(self, tournament_id: int) -> "model.Tournament | None":
        """The whole tournament: settings, teams, rounds with their tables, penalties."""

    def tournament_rules(self, tournament_id: int) -> dict[str, Any]:
        """The rules snapshot of a tournament."""

    def add_teams(self, tournament_id: int, teams: Sequence["model.Team"]) -> list[int]:
        """Register ``teams`` (their ids are ignored); return the new ids in order."""

    def set_team_dropped(self, team_id: int, after: int | None) -> None:
        """Mark a team as gone after round ``after`` (None: it plays again)."""

    def add_round(self, tournament_id: int, played: "model.Round", paired: str) -> None:
        """Store a paired round and its tables."""

    def remove_round(self, tournament_id: int, number: int) -> None:
        """Withdraw a round and its tables."""

    def latest_round(self, tournament_id: int) -> int | None:
        """The number of the latest paired round, or None."""

    def board(self, tournament_id: int, number: int, table: int) -> "model.Board | None":
        """One table of a round, without reading the rest of the tournament."""

    def set_result(self, tournament_id: int, number: int, board: "model.Board",
                   entered: str) -> None:
        """Store a table's result as ``board`` holds it (scores, forfeit, winner, game); a
        result the table already had goes to the history."""

    def link_game(self, tournament_id: int, number: int, table: int, game_id: int) -> None:
        """Mark a table as scored deal by deal in ``game_id``."""

    def add_penalty(self, tournament_id: int, penalty: "model.Penalty", entered: str) -> None:
        """Record a penalty."""


def refuse_own_files(store: Store, paths: Iterable[Path]) -> None:
    """Refuse to write an export over the store itself (``--csv coinche.db``)."""
    for path in paths:
        if store.owns(path):
            raise InputError("path", "store.is_target", path=path)


def now() -> str:
    """The current time, ISO 8601 in UTC, to the second."""
    # time.strftime, not datetime: this runs on every deal and datetime costs an import
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())
