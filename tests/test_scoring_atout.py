"""Scoring of the atout variant (seed 004): suits only, no announces, capot 500.

Made when card points + belote reach the bid. Made: takers contract + points + belote,
defenders points + belote; coinched: takers (contract + points) x m + belote, defenders only
their belote. Failed: defenders (162 + contract) x m + belote; takers keep their belote.
Belote never multiplied. Numbers computed by hand from docs/variants.md ("atout").
"""

from __future__ import annotations

import pytest

from tests.scoring_table import Case, Refused, row_id, run_case, run_refused

VARIANT = "atout"

# one deal per row, read like a rule sheet
# fmt: off
CASES: list[Case] = [
    # 80 + 90 = 170; 162 - 90 = 72
    Case("variants.md atout: Made", {"taker": "A", "contract": 80, "trump": "S",
         "points": {"A": 90}}, True, {"A": 170, "B": 72}),
    # "belote comprise": 85 + 20 >= 100; 100 + 85 + 20 = 205
    Case("seed 004 Les points: belote counts toward the bid", {"taker": "A", "contract": 100,
         "trump": "H", "points": {"A": 85}, "belote": "A"}, True, {"A": 205, "B": 77}),
    # no 82 minimum: 65 + 20 >= 80; 80 + 65 + 20 = 165; 97
    Case("variants.md atout: Made with 65 card points", {"taker": "A", "contract": 80,
         "trump": "C", "points": {"A": 65}, "belote": "A"}, True, {"A": 165, "B": 97}),
    # defence points given: takers 162 - 60 = 102; 90 + 102 = 192
    Case("variants.md deal table: one side's points is enough (defence)", {"taker": "B",
         "contract": 90, "trump": "S", "points": {"A": 60}}, True, {"A": 60, "B": 192}),
    # 162 + 110 = 272
    Case("variants.md atout: Failed", {"taker": "A", "contract": 110, "trump": "D",
         "points": {"A": 100}}, False, {"A": 0, "B": 272}),
    # 90 + 20 < 120; 162 + 120 = 282; takers keep 20
    Case("variants.md atout: Failed, takers keep their belote", {"taker": "A",
         "contract": 120, "trump": "S", "points": {"A": 90}, "belote": "A"},
         False, {"A": 20, "B": 282}),
    # 62 + 20 = 82
    Case("variants.md atout: Made, defence belote", {"taker": "A", "contract": 90,
         "trump": "H", "points": {"A": 100}, "belote": "B"}, True, {"A": 190, "B": 82}),
    # 162 + 130 + 20 = 312
    Case("variants.md atout: Failed, defence belote", {"taker": "A", "contract": 130,
         "trump": "H", "points": {"A": 110}, "belote": "B"}, False, {"A": 0, "B": 312}),
    # (100 + 110) x 2 = 420; "la defense ne marque rien"
    Case("seed 004 Les points: coinche made, defence scores nothing", {"taker": "A",
         "contract": 100, "trump": "S", "coinche": 1, "points": {"A": 110}},
         True, {"A": 420, "B": 0}),
    # (90 + 100) x 2 = 380; the defence keeps only its belote
    Case("variants.md atout: coinche made, defence belote", {"taker": "A", "contract": 90,
         "trump": "D", "coinche": 1, "points": {"A": 100}, "belote": "B"},
         True, {"A": 380, "B": 20}),
    # 90 + 20 >= 100: (100 + 90) x 2 + 20 = 400
    Case("variants.md atout: coinche made, belote not multiplied", {"taker": "A",
         "contract": 100, "trump": "S", "coinche": 1, "points": {"A": 90}, "belote": "A"},
         True, {"A": 400, "B": 0}),
    # (162 + 100) x 2 = 524
    Case("variants.md atout: coinche failed", {"taker": "A", "contract": 100, "trump": "H",
         "coinche": 1, "points": {"A": 70}}, False, {"A": 0, "B": 524}),
    # (120 + 130) x 4 = 1000
    Case("variants.md atout: surcoinche made", {"taker": "B", "contract": 120, "trump": "C",
         "coinche": 2, "points": {"B": 130}}, True, {"A": 0, "B": 1000}),
    # 100 + 20 < 140: (162 + 140) x 4 = 1208; takers keep 20
    Case("variants.md atout: surcoinche failed, takers' belote", {"taker": "B",
         "contract": 140, "trump": "S", "coinche": 2, "points": {"B": 100}, "belote": "B"},
         False, {"A": 1208, "B": 20}),
    # capot made (points omitted): 500 + 20
    Case("variants.md atout: capot bid made", {"taker": "A", "contract": "capot",
         "trump": "H", "belote": "A"}, True, {"A": 520, "B": 0}),
    # 500 x 2 + 20 = 1020
    Case("variants.md atout: capot coinched made", {"taker": "A", "contract": "capot",
         "trump": "S", "coinche": 1, "capot": "A", "belote": "A"},
         True, {"A": 1020, "B": 0}),
    # inferred from the full total: 500
    Case("variants.md atout: capot inferred from 162", {"taker": "B", "contract": "capot",
         "trump": "D", "points": {"B": 162}}, True, {"A": 0, "B": 500}),
    # 162 + 500 = 662
    Case("variants.md atout: capot bid failed", {"taker": "A", "contract": "capot",
         "trump": "D", "points": {"A": 150}}, False, {"A": 0, "B": 662}),
    # (162 + 500) x 4 + 20 = 2668
    Case("variants.md atout: capot surcoinche failed, defence belote", {"taker": "A",
         "contract": "capot", "trump": "C", "coinche": 2, "points": {"A": 140},
         "belote": "B"}, False, {"A": 0, "B": 2668}),
    # no bonus: 110 + 162 = 272
    Case("variants.md atout: no bonus for an unannounced capot", {"taker": "A",
         "contract": 110, "trump": "H", "points": {"A": 162}, "capot": "A"},
         True, {"A": 272, "B": 0}),
]

REFUSED: list[Refused] = [
    Refused("variants.md atout: the four suits only, no SA", {"taker": "A", "contract": 80,
            "trump": "SA", "points": {"A": 90}}, "trump"),
    Refused("variants.md atout: the four suits only, no TA", {"taker": "A", "contract": 80,
            "trump": "TA", "points": {"A": 90}}, "trump"),
    Refused("variants.md atout: no announces", {"taker": "A", "contract": 80, "trump": "S",
            "points": {"A": 90}, "announces": {"B": ["cinquante"]}}, "announces"),
    Refused("variants.md atout: bid 250 off the ladder", {"taker": "A", "contract": 250,
            "trump": "S", "points": {"A": 162}}, "contract"),
    Refused("variants.md atout: bid 105 off the ladder", {"taker": "A", "contract": 105,
            "trump": "S", "points": {"A": 120}}, "contract"),
    Refused("variants.md atout: no generale", {"taker": "A", "contract": "generale",
            "trump": "S"}, "contract"),
    Refused("variants.md: points above 162", {"taker": "A", "contract": 80, "trump": "S",
            "points": {"A": 200}}, "points"),
    Refused("variants.md: capot side without the total", {"taker": "A",
            "contract": "capot", "trump": "S", "points": {"A": 150}, "capot": "A"}, "capot"),
    Refused("variants.md atout: one belote per deal", {"taker": "A", "contract": 80,
            "trump": "S", "points": {"A": 90}, "belote": ["A", "A"]}, "belote"),
    Refused("variants.md deal table: coinche is 0, 1 or 2", {"taker": "A", "contract": 80,
            "trump": "S", "coinche": 3, "points": {"A": 90}}, "coinche"),
]
# fmt: on


@pytest.mark.parametrize("case", CASES, ids=row_id)
def test_atout_scores(case: Case) -> None:
    run_case(VARIANT, case)


@pytest.mark.parametrize("refused", REFUSED, ids=row_id)
def test_atout_refuses(refused: Refused) -> None:
    run_refused(VARIANT, refused)
