"""The :class:`Store` protocol: what the operations ask of a backend.

The operations (:mod:`coinche_cli.game.ops`, :mod:`coinche_cli.tournament.ops`) are typed
against it and import it only for the type checker (``if TYPE_CHECKING``): a backend
implements it structurally, without subclassing, so no command pays at start-up for building
a ``Protocol`` class of thirty methods (about 1 ms, a few percent of ``game add``).
"""

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from coinche_cli.store.records import DealRecord, GameRecord, ResultRecord, TournamentRecord

if TYPE_CHECKING:
    from coinche_cli.tournament import model
    from coinche_cli.tournament.model import EntrantKind
    from coinche_cli.tournament.money import Arrival, Payment
    from coinche_cli.tournament.prizes import Pot, PrizeLine
    from coinche_cli.tournament.settings import SettingsJSON
    from coinche_cli.tournament.stage import Stage


class Store(Protocol):
    """Every call the operations make on a store."""

    def write(self) -> AbstractContextManager[None]:
        """One transaction: committed when the block ends, rolled back on any error."""

    def reading(self) -> AbstractContextManager[None]:
        """One snapshot for several reads; inside a write, the write's own."""

    def close(self) -> None:
        """Let go of the store."""

    def owns(self, path: Path) -> bool:
        """Whether writing ``path`` would write one of the store's own files."""

    # -- what "the current game" and "the current tournament" are

    def current(self, kind: str) -> int | None:
        """The id of the current ``game`` or ``tournament``, if any."""

    def set_current(self, kind: str, ident: int) -> None:
        """Make ``ident`` the current ``game`` or ``tournament``."""

    def reopened(self, tournament_id: int) -> dict[str, int]:
        """How many times the director reopened each table to phones (``tournament reopen``),
        by ``"round.table"``."""

    def set_reopened(self, tournament_id: int, counts: dict[str, int]) -> None:
        """Keep the reopened tables' counts."""

    # -- games and their deals

    def create_game(self, record: GameRecord) -> int:
        """Insert a game (its ``id`` is ignored); return the new id."""

    def game(self, game_id: int) -> GameRecord | None:
        """The game ``game_id``, or None."""

    def games(self) -> list[GameRecord]:
        """Every game, oldest first."""

    def joined_game(self, join_code: str) -> GameRecord | None:
        """The game started from a phone under ``join_code``, or None."""

    def call_time(self, game_id: int, number: int) -> None:
        """Record that a timed round's time was called at deal ``number``."""

    def table_minutes(self, tournament_id: int, number: int) -> dict[int, int]:
        """The minutes given to tables of round ``number``, by table."""

    def set_table_minutes(self, tournament_id: int, number: int, table: int,
                          minutes: int) -> None:
        """Give ``table`` of round ``number`` ``minutes`` in all beyond the round's time."""

    def deals(self, game_id: int, *, history: bool = False) -> list[DealRecord]:
        """The game's active deals in order (with ``history``: removed and replaced too)."""

    def last_deal(self, game_id: int) -> DealRecord | None:
        """The game's last active deal, with the summary recorded after it."""

    def add_deal(self, game_id: int, number: int, deal: Mapping[str, object] | None,
                 recorded: str, state: Mapping[str, object] | None) -> int:
        """Record deal ``number`` (None: everybody passed) and the summary after it."""

    def set_deal_state(self, deal_id: int, state: Mapping[str, object]) -> None:
        """Replace the summary recorded after a deal (an earlier deal was edited)."""

    def retire_deal(self, deal_id: int, changed: str, replaced_by: int | None = None) -> None:
        """Take a deal out of play (removed, or replaced by ``replaced_by``); it stays in the
        history."""

    # -- tournaments

    def create_tournament(self, record: TournamentRecord) -> int:
        """Insert a tournament (its ``id`` is ignored); return the new id."""

    def find_tournament(self, name: str) -> int | None:
        """The id of the tournament called ``name`` (compared folded), or None."""

    def tournaments(self) -> list[TournamentRecord]:
        """Every tournament, oldest first."""

    def tournament(self, tournament_id: int) -> "model.Tournament | None":
        """The whole tournament: settings, teams, rounds with their tables, penalties."""

    def tournament_rules(self, tournament_id: int) -> Mapping[str, object]:
        """The rules snapshot of a tournament."""

    def add_entrants(self, tournament_id: int, entrants: Sequence["model.Entrant"]
                     ) -> list[int]:
        """Register ``entrants`` (formed teams, or a mêlée's players; their ids are ignored);
        return the new ids in order."""

    def set_dropped(self, entrant: "model.Entrant", after: int | None) -> None:
        """Mark an entrant as gone after round ``after`` (None: it plays again)."""

    def add_pairs(self, tournament_id: int, number: int,
                  pairs: "Sequence[model.Team]") -> list[int]:
        """Store the pairs drawn for partie ``number``; return their ids in order."""

    def set_sitting_out(self, tournament_id: int, number: int, players: Sequence[int]) -> None:
        """Record who sits out partie ``number``."""

    def add_round(self, tournament_id: int, played: "model.Round", paired: str) -> None:
        """Store a paired round and its tables."""

    def remove_round(self, tournament_id: int, number: int) -> None:
        """Withdraw a round and its tables."""

    def latest_round(self, tournament_id: int) -> int | None:
        """The number of the latest paired round, or None."""

    def board(self, tournament_id: int, number: int, table: int) -> "model.Board | None":
        """One table of a round, without reading the rest of the tournament."""

    def set_results(self, tournament_id: int, number: int, boards: Sequence["model.Board"],
                    entered: str, source: str = "desk") -> None:
        """Store each table's result as its board holds it (scores, forfeit, winner, game)
        and where it came from; a result a table already had goes to the history, with its
        source.  Each table at most once."""

    def results(self, tournament_id: int) -> list[ResultRecord]:
        """Every result the tournament's tables have had, replaced ones too, with where each
        came from and when."""

    def round_paired(self, tournament_id: int, number: int) -> str | None:
        """When round ``number`` was paired, or None."""

    def code_key(self, tournament_id: int) -> tuple[str, int] | None:
        """The secret the tournament's table codes are drawn from, if it has one yet, and how
        far ``store copy --merge`` moved its team ids since."""

    def set_tournament_secret(self, tournament_id: int, secret: str) -> None:
        """Give the tournament its secret."""

    def link_game(self, tournament_id: int, number: int, table: int, game_id: int) -> None:
        """Mark a table as scored deal by deal in ``game_id``."""

    def add_penalty(self, tournament_id: int, penalty: "model.Penalty", entered: str) -> None:
        """Record a penalty."""

    # -- a concours's stages (store/sql_stage.py)

    def save_stage(self, tournament_id: int, stage: "Stage") -> None:
        """Store a stage (new or changed), with its teams by seed."""

    def remove_stage(self, tournament_id: int, position: int) -> None:
        """Withdraw a stage that has not started."""

    def add_stage_byes(self, tournament_id: int, number: int,
                       byes: Sequence[tuple[int, int]]) -> None:
        """The byes stages give in round ``number``: ``(stage position, team)`` each."""

    def set_board_teams(self, tournament_id: int, number: int, table: int, team1: int,
                        team2: int) -> None:
        """Seat other teams at a table without a result."""

    # -- the registration desk and the prizes (store/sql_desk.py)

    def set_settings(self, tournament_id: int, settings: "SettingsJSON") -> None:
        """Replace a tournament's settings."""

    def arrivals(self, tournament_id: int) -> "list[Arrival]":
        """Who has checked in, in the order they came."""

    def add_arrival(self, tournament_id: int, arrival: "Arrival") -> None:
        """Check a team (or a mêlée's player) in."""

    def remove_arrival(self, tournament_id: int, entrant: int, kind: "EntrantKind") -> None:
        """Undo a check-in, with the payment it recorded and every payment and refund of the
        entrant recorded since."""

    def payments(self, tournament_id: int) -> "list[Payment]":
        """Every payment and refund, in the order they were made."""

    def add_payment(self, tournament_id: int, payment: "Payment") -> None:
        """Record a payment (a refund: a negative amount)."""

    def prize_lines(self, tournament_id: int) -> "list[PrizeLine]":
        """The prize list, in the order its lines were given."""

    def set_prize_lines(self, tournament_id: int, lines: "Sequence[PrizeLine]") -> None:
        """Replace the prize list."""

    def prize_pot(self, tournament_id: int) -> "Pot | None":
        """The cash pot, if there is one."""

    def set_prize_pot(self, tournament_id: int, pot: "Pot | None") -> None:
        """Set the cash pot (None: no pot)."""

    def prize_orders(self, tournament_id: int) -> list[tuple[int, ...]]:
        """The orders decided between tied entrants: each its entrants' ids, in order."""

    def set_prize_orders(self, tournament_id: int, orders: Sequence[tuple[int, ...]],
                         kind: "EntrantKind") -> None:
        """Replace the orders decided between tied entrants (a team, or a mêlée's player)."""
