"""Shared helpers for the table-driven scoring tests, one table per variant.

A row is a deal written exactly as a scorekeeper records it (the field names of the table in
docs/variants.md), the expected outcome and the source the numbers were computed from by hand.
"""

from __future__ import annotations

import copy
from typing import Any, NamedTuple

import pytest

from coinche_cli.errors import DealError
from coinche_cli.rules.loader import load_rules
from coinche_cli.scoring.deal import deal_from_json
from coinche_cli.scoring.score import score_deal

Deal = dict[str, Any]


class Case(NamedTuple):
    """A deal that must score: whether the contract is made and every side's points."""

    source: str
    deal: Deal
    made: bool
    scores: dict[str, int]
    players: int | None = None


class Refused(NamedTuple):
    """A deal that must be refused with a `DealError` naming `field`."""

    source: str
    deal: Deal
    field: str
    players: int | None = None


def row_id(row: Case | Refused) -> str:
    """The pytest id of a row: its source and description."""
    return row.source


def run_case(variant: str, case: Case) -> None:
    """Score `case.deal` under the built-in `variant` and compare with the row."""
    rules = load_rules(variant)
    deal = deal_from_json(copy.deepcopy(case.deal))
    result = score_deal(rules, deal, players=case.players)
    got = (result.made, dict(result.scores))
    expected = (case.made, case.scores)
    assert got == expected, f"{case.source}: expected {expected}, got {got}"


def run_refused(variant: str, refused: Refused) -> None:
    """Check that `refused.deal` raises a `DealError` whose field is `refused.field`."""
    rules = load_rules(variant)
    with pytest.raises(DealError) as info:
        deal = deal_from_json(copy.deepcopy(refused.deal))
        score_deal(rules, deal, players=refused.players)
    assert info.value.field == refused.field, f"{refused.source}: {info.value}"
