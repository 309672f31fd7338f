"""A game as every ``--json`` prints it: ``game show``, and what ``game add`` and its kin return.

The machine's interface: the same keys and values in every language (built in English,
:func:`~coinche_cli.i18n.in_source_language`), the same bytes from the command line, from
``store copy``'s check and from any other client.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from coinche_cli.game.state import GameState, Row, summary
from coinche_cli.i18n import in_source_language

if TYPE_CHECKING:
    from coinche_cli.game.state import Change
    from coinche_cli.store.records import DealRecord, GameRecord


@in_source_language
def row_json(state: GameState, row: Row) -> dict[str, Any]:
    """One sheet row as JSON."""
    result = row.result
    return {
        "number": row.number,
        "dealer": state.setup.seat_side(row.dealer),
        "dealer_seat": row.dealer + 1,
        "passed": row.entry.deal is None,
        "deal": None if row.entry.deal is None else row.entry.deal.to_json(),
        "made": None if result is None else result.made,
        "scores": (dict.fromkeys(state.setup.sides, 0) if result is None
                   else dict(result.scores)),
        "totals": dict(row.totals),
        "lines": [] if result is None else list(result.explain(state.setup.names)),
        "recorded": row.entry.recorded,
    }


@in_source_language
def state_json(record: GameRecord, state: GameState) -> dict[str, Any]:
    """The whole game as JSON (``game show --json``)."""
    end = state.setup.end
    return {
        "id": record.id,
        "rules": record.rules_name,
        "players": record.players,
        "sides": dict(state.setup.names),
        "target": end.target,
        "deals_limit": end.deals,
        "created": record.created,
        "label": record.label,
        "deals": [row_json(state, row) for row in state.rows],
        "totals": dict(state.totals),
        "to_target": state.to_target(),
        "finished": state.finished,
        "winner": state.winner,
        "next_dealer": state.setup.seat_side(state.next_dealer),
        "summary": summary(state),
    }


def history_json(deals: list[DealRecord]) -> list[dict[str, Any]]:
    """A game's deals, undone and replaced ones too, as ``game show --json`` lists them."""
    return [{"number": d.number, "status": d.status, "deal": d.deal, "recorded": d.recorded,
             "changed": d.changed} for d in deals]


@in_source_language
def change_json(change: Change) -> dict[str, Any]:
    """What ``game add`` / ``pass`` / ``undo`` / ``edit`` return with ``--json``.

    The deal fields describe the deal as it now stands, or, after an undo, the deal removed
    (``"removed": true``).
    """
    after = change.after
    row = next((r for r in after.rows if r.number == change.number), None)
    removed = row is None
    if row is None:
        row = next(r for r in change.before.rows if r.number == change.number)
    state = change.before if removed else after
    described = row_json(state, row)
    return {
        "game": change.game_id,
        "deal": change.number,
        "removed": removed,
        "passed": described["passed"],
        "made": described["made"],
        "scores": described["scores"],
        "lines": described["lines"],
        "totals": dict(after.totals),
        "totals_before": dict(change.before.totals),
        "to_target": after.to_target(),
        "finished": after.finished,
        "winner": after.winner,
        "next_dealer": after.setup.seat_side(after.next_dealer),
    }
