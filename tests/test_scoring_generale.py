"""Scoring of the generale variant (seed 002): no announces, capot 250, generale 500.

Made when card points + belote reach the bid (no 82 minimum). Made: takers contract x m +
belote; defenders their card points + belote. Failed: takers nothing (belote included);
defenders 162 + contract x m + their belote. Numbers computed by hand from docs/variants.md.
"""

from __future__ import annotations

import pytest

from tests.scoring_table import Case, Refused, row_id, run_case, run_refused

VARIANT = "generale"

# one deal per row, read like a rule sheet
# fmt: off
CASES: list[Case] = [
    # takers score the contract only: 90; defenders 162 - 100 = 62
    Case("variants.md generale: Made", {"taker": "A", "contract": 90, "trump": "S",
         "points": {"A": 100}}, True, {"A": 90, "B": 62}),
    # "contrat de 100 points avec belote: il suffit de realiser 80": 100 + 20; 82
    Case("seed 002 Belote et Rebelote exemple: 100 with belote needs 80", {"taker": "A",
         "contract": 100, "trump": "H", "points": {"A": 80}, "belote": "A"},
         True, {"A": 120, "B": 82}),
    # no 82 minimum: 70 + 20 >= 80; 80 + 20 = 100; 92
    Case("variants.md generale: Made with 70 card points", {"taker": "A", "contract": 80,
         "trump": "D", "points": {"A": 70}, "belote": "A"}, True, {"A": 100, "B": 92}),
    # points given for the defence: takers 162 - 50 = 112 >= 100
    Case("variants.md deal table: one side's points is enough (defence)", {"taker": "A",
         "contract": 100, "trump": "H", "points": {"B": 50}}, True, {"A": 100, "B": 50}),
    # 90 + 20 < 120; "ne marque rien": takers lose their belote; 162 + 120 = 282
    Case("variants.md generale: Failed, takers' belote lost", {"taker": "A", "contract": 120,
         "trump": "C", "points": {"A": 90}, "belote": "A"}, False, {"A": 0, "B": 282}),
    # 62 + 20 = 82
    Case("variants.md generale: Made, defence belote", {"taker": "A", "contract": 80,
         "trump": "H", "points": {"A": 100}, "belote": "B"}, True, {"A": 80, "B": 82}),
    # 162 + 110 + 20 = 292
    Case("variants.md generale: Failed, defence belote", {"taker": "A", "contract": 110,
         "trump": "S", "points": {"A": 100}, "belote": "B"}, False, {"A": 0, "B": 292}),
    # contract x 2 only: 200; the defence keeps its 42
    Case("variants.md generale: coinche made", {"taker": "A", "contract": 100, "trump": "S",
         "coinche": 1, "points": {"A": 120}}, True, {"A": 200, "B": 42}),
    # 162 + 100 x 2 = 362
    Case("variants.md generale: coinche failed", {"taker": "A", "contract": 100,
         "trump": "S", "coinche": 1, "points": {"A": 70}}, False, {"A": 0, "B": 362}),
    # 115 + 20 >= 130: 130 x 4 + 20 = 540; 162 - 115 = 47
    Case("variants.md generale: surcoinche made, belote not multiplied", {"taker": "B",
         "contract": 130, "trump": "H", "coinche": 2, "points": {"B": 115}, "belote": "B"},
         True, {"A": 47, "B": 540}),
    # 162 + 150 x 4 = 762
    Case("variants.md generale: surcoinche failed", {"taker": "B", "contract": 150,
         "trump": "D", "coinche": 2, "points": {"B": 120}}, False, {"A": 762, "B": 0}),
    # 250 + 20 = 270 (points omitted: every trick)
    Case("variants.md generale: capot bid made", {"taker": "A", "contract": "capot",
         "trump": "S", "belote": "A"}, True, {"A": 270, "B": 0}),
    # inferred from the full total: 250
    Case("variants.md generale: capot inferred from 162", {"taker": "B", "contract": "capot",
         "trump": "C", "points": {"B": 162}}, True, {"A": 0, "B": 250}),
    # 162 + 250 x 2 = 662
    Case("variants.md generale: capot coinched, failed", {"taker": "A", "contract": "capot",
         "trump": "H", "coinche": 1, "points": {"A": 140}}, False, {"A": 0, "B": 662}),
    # no bonus for an unannounced capot: 120
    Case("variants.md generale: unannounced capot scores the bid", {"taker": "A",
         "contract": 120, "trump": "S", "points": {"A": 162}, "capot": "A"},
         True, {"A": 120, "B": 0}),
    # generale made (points omitted): 500
    Case("seed 002 annonces speciales: Generale 500", {"taker": "A", "contract": "generale",
         "trump": "S"}, True, {"A": 500, "B": 0}),
    # 500 x 4 + 20 = 2020
    Case("variants.md generale: generale surcoinche made with belote", {"taker": "B",
         "contract": "generale", "trump": "H", "coinche": 2, "generale": True,
         "belote": "B"}, True, {"A": 0, "B": 2020}),
    # the defence took tricks: 162 + 500 = 662
    Case("variants.md generale: generale failed", {"taker": "A", "contract": "generale",
         "trump": "C", "points": {"A": 130}}, False, {"A": 0, "B": 662}),
    # the team won every trick but the partner took one: the generale fails, 162 + 500
    Case("variants.md generale: team capot is not a generale", {"taker": "A",
         "contract": "generale", "trump": "D", "points": {"A": 162}, "capot": "A",
         "generale": False}, False, {"A": 0, "B": 662}),
    # SA: 110; 162 - 112 = 50
    Case("variants.md generale: SA made", {"taker": "A", "contract": 110, "trump": "SA",
         "points": {"A": 112}}, True, {"A": 110, "B": 50}),
    # TA: 85 < 90; 162 + 90 = 252
    Case("variants.md generale: TA failed", {"taker": "B", "contract": 90, "trump": "TA",
         "points": {"B": 85}}, False, {"A": 252, "B": 0}),
]

REFUSED: list[Refused] = [
    Refused("variants.md generale: no announces", {"taker": "A", "contract": 80,
            "trump": "S", "points": {"A": 90}, "announces": {"A": ["tierce"]}}, "announces"),
    Refused("variants.md generale: no belote in SA", {"taker": "A", "contract": 80,
            "trump": "SA", "points": {"A": 90}, "belote": "A"}, "belote"),
    Refused("variants.md generale: no belote in TA", {"taker": "A", "contract": 80,
            "trump": "TA", "points": {"A": 90}, "belote": "B"}, "belote"),
    Refused("variants.md generale: one belote in a suit contract", {"taker": "A",
            "contract": 80, "trump": "S", "points": {"A": 90}, "belote": ["A", "A"]},
            "belote"),
    Refused("variants.md: unknown trump", {"taker": "A", "contract": 80, "trump": "Z",
            "points": {"A": 90}}, "trump"),
    Refused("variants.md generale: bid 165 off the ladder", {"taker": "A", "contract": 165,
            "trump": "S", "points": {"A": 90}}, "contract"),
    Refused("variants.md generale: bid 170 above 160", {"taker": "A", "contract": 170,
            "trump": "S", "points": {"A": 90}}, "contract"),
    Refused("variants.md: points above 162", {"taker": "A", "contract": 80, "trump": "S",
            "points": {"A": 163}}, "points"),
    Refused("variants.md: capot side without the total", {"taker": "A", "contract": 80,
            "trump": "S", "points": {"A": 100}, "capot": "B"}, "capot"),
    Refused("variants.md deal table: taker is A or B", {"taker": "1", "contract": 80,
            "trump": "S", "points": {"A": 90}}, "taker"),
]
# fmt: on


@pytest.mark.parametrize("case", CASES, ids=row_id)
def test_generale_scores(case: Case) -> None:
    run_case(VARIANT, case)


@pytest.mark.parametrize("refused", REFUSED, ids=row_id)
def test_generale_refuses(refused: Refused) -> None:
    run_refused(VARIANT, refused)
