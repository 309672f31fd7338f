"""A table scored deal by deal: the game made for it, and its end passed on as the table's
result.

This module is the one place where the two features meet: ``game new --table`` creates the
table's game here, and every change to a game (:mod:`coinche_cli.game.ops`: a deal added,
undone or edited) calls :func:`sync_table` inside its own transaction.  ``game.ops →
tournament.table_games`` is the one edge between the game and the tournament packages
(``docs/architecture.md``); nothing here imports the game package.

1. A table gets a game only in the current round, and only while it has neither a result
   nor a game.  The game is played with the tournament's rules snapshot and match format
   (a later stage's table: the stage's own, ``stage add --target/--deals/--rules``), between
   the table's two teams (side A the first).
2. When the game ends, its totals and winner (the rules' tie rule included) become the
   table's result, through the one write path of a result
   (:func:`coinche_cli.tournament.results.commit`, source ``game``).  An undo or an edit that
   takes the end back takes the result back.
3. A closed round takes a corrected result from its table's game (the game still ended), but
   never loses one.
4. A deal at a table reads only the table's own row and the number of the latest round: it
   costs the same whatever the size of the tournament.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.errors import TournamentError
from coinche_cli.i18n import _
from coinche_cli.store import now
from coinche_cli.store.records import GameRecord

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store


def create_table_game(store: Store, name: str | None, table: int, *,
                      current: bool = True) -> int:
    """Create the game that scores ``table`` of the current round deal by deal (rule 1);
    it becomes the current game (not when a phone starts it: ``current=False``, the
    terminal's current game stays the scorekeeper's).  Returns its id."""
    with store.write():
        return start_table_game(store, name, table, current=current)


def start_table_game(store: Store, name: str | None, table: int, *,
                     current: bool = True) -> int:
    """:func:`create_table_game` inside the caller's transaction (a phone's first deal: the
    game and its deal are written together, or neither)."""
    from coinche_cli.rules.model import compile_rules
    from coinche_cli.rules.validate import rules_from_document
    from coinche_cli.tournament.ops import load
    from coinche_cli.tournament.results import open_board

    tournament = load(store, name)
    played, board = open_board(tournament, table)
    if board.game_id is not None:
        raise TournamentError(_("table {table} already has game {game}"), table=table,
                              game=board.game_id)
    if board.has_result:
        raise TournamentError(_("table {table} already has a result"), table=table)
    document = store.tournament_rules(tournament.id)
    settings = tournament.settings
    if board.stage:  # a later stage's table: its own match format, and rules if it has them
        from coinche_cli.tournament.stages import settings_of, stage_of

        stage = stage_of(tournament, board.stage)
        settings = settings_of(tournament, stage)
        document = stage.rules or document
    rules = rules_from_document(document, f"tournament {tournament.name} rules")
    names = {"A": tournament.name_of(board.team1), "B": tournament.name_of(board.team2)}
    record = GameRecord(
        id=0, created=now(), rules_name=rules.name, rules=document, players=4, names=names,
        first_dealer=0, target=settings.target, deals=settings.deals,
        label=_("{name}, round {round}, table {table}").format(
            name=tournament.name, round=played.number, table=table),
        tournament_id=tournament.id, round=played.number, table_no=table,
        compiled=compile_rules(rules),
    )
    game_id = store.create_game(record)
    if current:
        store.set_current("game", game_id)
    store.link_game(tournament.id, played.number, table, game_id)
    return game_id


def sync_table(store: Store, tournament_id: int, round_number: int, table: int,
               game_id: int, finished: bool, winner: str | None,
               totals: dict[str, int]) -> list[str]:
    """Inside a game's write: a finished game's ``totals`` and ``winner`` (a side, None for a
    draw) become its table's result, and an undone end takes the result back (rules 2-4).
    Returns the warnings for the scorekeeper."""
    latest = store.latest_round(tournament_id)
    board = store.board(tournament_id, round_number, table)
    if board is None or latest is None:
        return []
    if not finished:
        if not board.has_result and latest == round_number:
            return []  # nothing to take back
        after = board.with_result(None, None, game_id=game_id)
    else:
        side_team = {"A": board.team1, "B": board.team2}
        after = board.with_result(totals["A"], totals["B"], game_id=game_id,
                                  winner=None if winner is None else side_team[winner])
    # the write of a result (and the tournament's model under it) loads only when a result
    # changes: a deal in the middle of a table's game does without it (1.1 ms, issue 25)
    from coinche_cli.tournament.results import commit

    return commit(store, tournament_id, round_number, latest, [(board, after)], "game",
                  replacing=True)
