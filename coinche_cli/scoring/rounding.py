"""Rounding card points to the ten, as some clubs score them.

Rounding only changes what is *scored*: whether a contract is made is always decided on the
exact points (``variants.md``: "rounding never makes a contract").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from coinche_cli.rules.model import Rounding, Rules

if TYPE_CHECKING:
    from coinche_cli.scoring.score import CheckedDeal


def round_to_ten(value: int, method: Rounding) -> int:
    """Round ``value`` by ``method``: five_up (85 → 90), six_up (86 → 90), nearest_five."""
    if method is Rounding.NEAREST_FIVE:
        return 5 * ((value + 2) // 5)
    if method is Rounding.SIX_UP:
        return 10 * ((value + 4) // 10)
    if method in (Rounding.FIVE_UP, Rounding.COMPLEMENTARY):
        return 10 * ((value + 5) // 10)
    return value


def round_points(rules: Rules, checked: CheckedDeal, *, exact: bool = False) -> Mapping[str, int]:
    """Each side's card points as scored: the capot's card total, then the rules' rounding."""
    points = dict(checked.points)
    if not exact and rules.rounding is Rounding.COMPLEMENTARY:
        taker = checked.deal.taker
        kept = round_to_ten(points[taker], rules.rounding)
        points = {
            side: kept if side == taker else max(rules.rounding_total - kept, 0)
            for side in checked.sides
        }
    elif not exact:
        points = {side: round_to_ten(value, rules.rounding) for side, value in points.items()}
    # a capot's card total (252 in some sheets) is a fixed number: never rounded
    if checked.capot is not None and rules.capot_card_points is not None:
        points[checked.capot] = rules.capot_card_points
    return points
