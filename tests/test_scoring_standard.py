"""Scoring of the standard variant (seed 000): points + belote + announces + contract.

Made: 82 card points at least, and points + belote + counted announces reach the bid.
Failed: defenders 162 + contract + every counted announce + their belote; takers their belote.
Coinche x2 / surcoinche x4 on the winning side's whole score. Every number computed by hand
from docs/variants.md ("standard") and the seed.
"""

from __future__ import annotations

import pytest

from tests.scoring_table import Case, Refused, row_id, run_case, run_refused

VARIANT = "standard"

# one deal per row, read like a rule sheet
# fmt: off
CASES: list[Case] = [
    # 104 + 20 + 50 + 100 = 274; defenders 162 - 104 = 58
    Case(
        "seed 000 s4 exemple: 100 spades, belote + cinquante",
        {"taker": "A", "contract": 100, "trump": "S", "points": {"A": 104},
         "belote": "A", "announces": {"A": ["cinquante"]}},
        True, {"A": 274, "B": 58},
    ),
    # 90 + 80 = 170; 162 - 90 = 72
    Case("variants.md standard: Made", {"taker": "A", "contract": 80, "trump": "H",
         "points": {"A": 90}}, True, {"A": 170, "B": 72}),
    # exactly 82 is enough: 82 + 80 = 162; 80
    Case("variants.md standard: 82 card points exactly", {"taker": "A", "contract": 80,
         "trump": "D", "points": {"A": 82}}, True, {"A": 162, "B": 80}),
    # points given for the defence only: takers have 162 - 62 = 100; 100 + 90 = 190
    Case("variants.md deal table: one side's points is enough (defence)", {"taker": "B",
         "contract": 90, "trump": "♠", "points": {"A": 62}}, True, {"A": 62, "B": 190}),
    # 100 < 120: 162 + 120 = 282
    Case("variants.md standard: Failed", {"taker": "A", "contract": 120, "trump": "S",
         "points": {"A": 100}}, False, {"A": 0, "B": 282}),
    # 81 + 20 + 20 reaches 80 but 81 < 82: failed; 162 + 80 + tierce 20 = 262; takers keep 20
    Case("variants.md standard: 82 minimum not reached", {"taker": "A", "contract": 80,
         "trump": "S", "points": {"A": 81}, "belote": "A", "announces": {"A": ["tierce"]}},
         False, {"A": 20, "B": 262}),
    # 92 + 20 = 112 >= 110: 92 + 20 + 110 = 222; 70
    Case("seed 000 s4: belote counts toward the bid", {"taker": "A", "contract": 110,
         "trump": "C", "points": {"A": 92}, "belote": "A"}, True, {"A": 222, "B": 70}),
    # defenders keep their belote: 62 + 20 = 82
    Case("variants.md standard: Made, defence belote", {"taker": "A", "contract": 90,
         "trump": "H", "points": {"A": 100}, "belote": "B"}, True, {"A": 190, "B": 82}),
    # 162 + 130 + 20 = 312
    Case("variants.md standard: Failed, defence belote", {"taker": "A", "contract": 130,
         "trump": "H", "points": {"A": 110}, "belote": "B"}, False, {"A": 0, "B": 312}),
    # (110 + 20 + 100) x 2 = 460; the losing side is not multiplied: 52
    Case("variants.md standard: coinche made, whole score x2", {"taker": "A", "contract": 100,
         "trump": "S", "coinche": 1, "points": {"A": 110}, "belote": "A"},
         True, {"A": 460, "B": 52}),
    # (162 + 100) x 2 = 524; takers keep their belote, not multiplied
    Case("variants.md standard: coinche failed", {"taker": "A", "contract": 100, "trump": "S",
         "coinche": 1, "points": {"A": 70}, "belote": "A"}, False, {"A": 20, "B": 524}),
    # (95 + 80) x 4 = 700
    Case("variants.md standard: surcoinche made", {"taker": "A", "contract": 80, "trump": "H",
         "coinche": 2, "points": {"A": 95}}, True, {"A": 700, "B": 67}),
    # (162 + 90 + 20) x 4 = 1088: the winner's belote is multiplied too
    Case("variants.md standard: surcoinche failed, defence belote", {"taker": "A",
         "contract": 90, "trump": "D", "coinche": 2, "points": {"A": 80}, "belote": "B"},
         False, {"A": 0, "B": 1088}),
    # the defence's cinquante beats the tierce: 85 + 0 < 100; 162 + 100 + 50 = 312
    Case("variants.md shared: best announce only, defence wins", {"taker": "A",
         "contract": 100, "trump": "S", "points": {"A": 85},
         "announces": {"A": ["tierce"], "B": ["cinquante"]}}, False, {"A": 0, "B": 312}),
    # carre-9 150 beats cinquante; 100 < 120; 162 + 120 + 150 = 432
    Case("variants.md standard: Failed, every counted announce to the defence", {"taker": "A",
         "contract": 120, "trump": "H", "points": {"A": 100},
         "announces": {"A": ["cinquante"], "B": ["carre-9"]}}, False, {"A": 0, "B": 432}),
    # 100 given as a number is the sequence cent; the carre wins at equal value:
    # 95 + 100 = 195 >= 110; 95 + 100 + 110 = 305
    Case("variants.md shared: equal value, carre beats sequence", {"taker": "A",
         "contract": 110, "trump": "H", "points": {"A": 95},
         "announces": {"A": ["carre"], "B": [100]}}, True, {"A": 305, "B": 67}),
    # equal tierces, announce_winner B: 90 + 80 = 170; 72 + 20 = 92
    Case("variants.md shared: still equal, announce_winner decides", {"taker": "A",
         "contract": 80, "trump": "S", "points": {"A": 90},
         "announces": {"A": ["tierce"], "B": ["tierce"]}, "announce_winner": "B"},
         True, {"A": 170, "B": 92}),
    # A's best (50) wins, all A's announces count: 85 + 70 = 155 >= 140; 85 + 70 + 140 = 295
    Case("seed 000 s3: the best pair scores all its announces", {"taker": "A",
         "contract": 140, "trump": "S", "points": {"A": 85},
         "announces": {"A": ["cinquante", "tierce"], "B": ["tierce"]}},
         True, {"A": 295, "B": 77}),
    # defence tierce counted; made coinched: (100 + 90) x 2 = 380; defence 62 + 20 unmultiplied
    Case("variants.md standard: coinche made, defence announce", {"taker": "A",
         "contract": 90, "trump": "S", "coinche": 1, "points": {"A": 100},
         "announces": {"B": ["tierce"]}}, True, {"A": 380, "B": 82}),
    # capot made (points omitted): 162 + 20 + 20 + 250 = 452
    Case("variants.md standard: capot bid made", {"taker": "A", "contract": "capot",
         "trump": "S", "belote": "A", "announces": {"A": ["tierce"]}},
         True, {"A": 452, "B": 0}),
    # (162 + 250) x 2 = 824
    Case("variants.md standard: capot coinched made", {"taker": "B", "contract": "capot",
         "trump": "H", "coinche": 1, "capot": "B"}, True, {"A": 0, "B": 824}),
    # 162 + 250 = 412 inferred from the full total
    Case("variants.md standard: capot inferred from 162", {"taker": "A",
         "contract": "capot", "trump": "C", "points": {"A": 162}}, True, {"A": 412, "B": 0}),
    # 162 + 250 = 412; takers keep their belote
    Case("variants.md standard: capot bid failed", {"taker": "A", "contract": "capot",
         "trump": "S", "points": {"A": 150}, "belote": "A"}, False, {"A": 20, "B": 412}),
    # no bonus: 162 + 120 = 282
    Case("variants.md standard: no bonus for an unannounced capot", {"taker": "A",
         "contract": 120, "trump": "S", "points": {"A": 162}, "capot": "A"},
         True, {"A": 282, "B": 0}),
    # TA: belotes A, A, B: 100 + 40 = 140 >= 120; 100 + 40 + 120 = 260; 62 + 20 = 82
    Case("variants.md standard: TA belotes in any suit", {"taker": "A", "contract": 120,
         "trump": "TA", "points": {"A": 100}, "belote": ["A", "A", "B"]},
         True, {"A": 260, "B": 82}),
    # TA: four belotes: 110 + 80 + 150 = 340
    Case("variants.md standard: TA up to four belotes", {"taker": "A", "contract": 150,
         "trump": "TA", "points": {"A": 110}, "belote": ["A", "A", "A", "A"]},
         True, {"A": 340, "B": 52}),
    # SA: 100 + 90 = 190
    Case("variants.md standard: SA made", {"taker": "B", "contract": 90, "trump": "SA",
         "points": {"A": 62, "B": 100}}, True, {"A": 62, "B": 190}),
    # SA: (162 + 130) x 2 = 584
    Case("variants.md standard: SA coinche failed", {"taker": "A", "contract": 130,
         "trump": "SA", "coinche": 1, "points": {"A": 120}}, False, {"A": 0, "B": 584}),
]

REFUSED: list[Refused] = [
    Refused("variants.md: unknown trump", {"taker": "A", "contract": 80, "trump": "X",
            "points": {"A": 90}}, "trump"),
    Refused("variants.md standard: bid 85 off the ladder", {"taker": "A", "contract": 85,
            "trump": "S", "points": {"A": 90}}, "contract"),
    Refused("variants.md standard: bid 170 above 160", {"taker": "A", "contract": 170,
            "trump": "S", "points": {"A": 90}}, "contract"),
    Refused("variants.md standard: TA 250 is club only", {"taker": "A", "contract": 250,
            "trump": "TA", "points": {"A": 160}}, "contract"),
    Refused("variants.md standard: no generale", {"taker": "A", "contract": "generale",
            "trump": "S"}, "contract"),
    Refused("variants.md: points above 162", {"taker": "A", "contract": 80, "trump": "S",
            "points": {"A": 170}}, "points"),
    Refused("variants.md: negative points", {"taker": "A", "contract": 80, "trump": "S",
            "points": {"A": -5}}, "points"),
    Refused("variants.md: both sides' points must total 162", {"taker": "A", "contract": 80,
            "trump": "S", "points": {"A": 100, "B": 70}}, "points"),
    Refused("variants.md: capot side without the total", {"taker": "A", "contract": 80,
            "trump": "S", "points": {"A": 150}, "capot": "A"}, "capot"),
    Refused("variants.md standard: no belote in SA", {"taker": "A", "contract": 80,
            "trump": "SA", "points": {"A": 90}, "belote": "A"}, "belote"),
    Refused("variants.md standard: one belote in a suit contract", {"taker": "A",
            "contract": 80, "trump": "S", "points": {"A": 90}, "belote": ["A", "B"]}, "belote"),
    Refused("variants.md standard: at most four belotes in TA", {"taker": "A",
            "contract": 80, "trump": "TA", "points": {"A": 90},
            "belote": ["A", "A", "A", "B", "B"]}, "belote"),
    Refused("variants.md shared: equal tierces, no announce_winner", {"taker": "A",
            "contract": 80, "trump": "S", "points": {"A": 90},
            "announces": {"A": ["tierce"], "B": ["tierce"]}}, "announce_winner"),
    Refused("variants.md standard: a carre of 8s is not an announce", {"taker": "A",
            "contract": 80, "trump": "S", "points": {"A": 90},
            "announces": {"A": ["carre-8"]}}, "announces"),
    Refused("variants.md deal table: taker is A or B", {"taker": "C", "contract": 80,
            "trump": "S", "points": {"A": 90}}, "taker"),
    Refused("variants.md deal table: coinche is 0, 1 or 2", {"taker": "A", "contract": 80,
            "trump": "S", "coinche": 3, "points": {"A": 90}}, "coinche"),
]
# fmt: on


@pytest.mark.parametrize("case", CASES, ids=row_id)
def test_standard_scores(case: Case) -> None:
    run_case(VARIANT, case)


@pytest.mark.parametrize("refused", REFUSED, ids=row_id)
def test_standard_refuses(refused: Refused) -> None:
    run_refused(VARIANT, refused)
