"""Scoring of the club variant (seed 003): the bid only, capot bonus, TA worth 258.

Made when card points + belote + counted announces reach the bid (no 82 minimum). Made:
takers the bid + their counted announces; defenders their counted announces only. Failed:
defenders the deal's card points (162, TA 258, SA 152) + every counted announce; takers
nothing. Belote always to its holder, never multiplied. A side winning every trick adds 90.
Coinche x2 / surcoinche x4 on the scoring side's bid, announces and capot bonus.
Numbers computed by hand from docs/variants.md ("club").
"""

from __future__ import annotations

import pytest

from tests.scoring_table import Case, Refused, row_id, run_case, run_refused

VARIANT = "club"

# one deal per row, read like a rule sheet
# fmt: off
CASES: list[Case] = [
    # the bid, not the card points; the defence scores nothing
    Case("variants.md club: Made", {"taker": "A", "contract": 80, "trump": "S",
         "points": {"A": 90}}, True, {"A": 80, "B": 0}),
    # no 82 minimum: 60 + 20 = 80 reaches 80; 80 + 20 = 100
    Case("variants.md club: Made with 60 card points and belote", {"taker": "A",
         "contract": 80, "trump": "D", "points": {"A": 60}, "belote": "A"},
         True, {"A": 100, "B": 0}),
    Case("variants.md club: Failed, 162", {"taker": "A", "contract": 120, "trump": "C",
         "points": {"A": 100}}, False, {"A": 0, "B": 162}),
    # 100 + 20 < 130; the belote stays with its holder
    Case("seed 003 annonces: belote kept on a failed contract", {"taker": "A",
         "contract": 130, "trump": "S", "points": {"A": 100}, "belote": "A"},
         False, {"A": 20, "B": 162}),
    Case("variants.md club: Made, defence belote", {"taker": "A", "contract": 90,
         "trump": "H", "points": {"A": 100}, "belote": "B"}, True, {"A": 90, "B": 20}),
    # quarante beats tierce: 80 + 50 = 130 >= 120; 120 + 50 = 170
    Case("variants.md club: Made with the takers' announces", {"taker": "A",
         "contract": 120, "trump": "S", "points": {"A": 80},
         "announces": {"A": ["quarante"], "B": ["tierce"]}}, True, {"A": 170, "B": 0}),
    # the number 100 is the quinte; the carre wins at equal value: defence scores 100
    Case("variants.md shared: equal value, carre beats sequence", {"taker": "A",
         "contract": 100, "trump": "H", "points": {"A": 110},
         "announces": {"A": [100], "B": ["carre"]}}, True, {"A": 100, "B": 100}),
    # 100 x 2 + belote 20 = 220; the defence's tierce is not multiplied
    Case("variants.md club: coinche made, defence announce", {"taker": "A", "contract": 100,
         "trump": "H", "coinche": 1, "points": {"A": 110}, "belote": "A",
         "announces": {"B": ["tierce"]}}, True, {"A": 220, "B": 20}),
    # 60 + 20 + 20 < 110: (162 + 20) x 2 = 364; takers keep their belote 20
    Case("variants.md club: coinche failed, every counted announce", {"taker": "A",
         "contract": 110, "trump": "S", "coinche": 1, "points": {"A": 60}, "belote": "A",
         "announces": {"A": ["tierce"]}}, False, {"A": 20, "B": 364}),
    # 130 + 20 >= 140: 140 x 4 + 20 = 580
    Case("variants.md club: surcoinche made, belote not multiplied", {"taker": "B",
         "contract": 140, "trump": "H", "coinche": 2, "points": {"B": 130}, "belote": "B"},
         True, {"A": 0, "B": 580}),
    # equal tierces, A's counts: 60 < 90; (162 + 20) x 4 = 728
    Case("variants.md club: surcoinche failed, announce_winner", {"taker": "B",
         "contract": 90, "trump": "D", "coinche": 2, "points": {"B": 60},
         "announces": {"A": ["tierce"], "B": ["tierce"]}, "announce_winner": "A"},
         False, {"A": 728, "B": 0}),
    # capot bid made (points omitted): 250 + 90 + belote 20 = 360
    Case("variants.md club: capot bid made is 250 + 90", {"taker": "A", "contract": "capot",
         "trump": "S", "belote": "A"}, True, {"A": 360, "B": 0}),
    # (250 + 20 + 90) x 2 + 20 = 740
    Case("variants.md club: capot bid coinched made", {"taker": "A", "contract": "capot",
         "trump": "H", "coinche": 1, "belote": "A", "announces": {"A": ["tierce"]}},
         True, {"A": 740, "B": 0}),
    # failure base only, the bid is not added: 162
    Case("variants.md club: capot bid failed", {"taker": "A", "contract": "capot",
         "trump": "D", "points": {"A": 140}}, False, {"A": 0, "B": 162}),
    # 100 + 90 = 190
    Case("variants.md club: unannounced capot bonus", {"taker": "A", "contract": 100,
         "trump": "S", "points": {"A": 162}, "capot": "A"}, True, {"A": 190, "B": 0}),
    # without the capot field there is no bonus (pinned convention)
    Case("variants.md club: capot bonus needs the capot field", {"taker": "A",
         "contract": 100, "trump": "S", "points": {"A": 162}}, True, {"A": 100, "B": 0}),
    # the defence won every trick: 162 + 90 = 252
    Case("variants.md club: defence capot bonus on a failed contract", {"taker": "A",
         "contract": 80, "trump": "C", "points": {"B": 162}, "capot": "B"},
         False, {"A": 0, "B": 252}),
    # TA bid up to 250: 240 + 40 >= 250; 250 + 40 = 290
    Case("variants.md club: TA bid 250 with two belotes", {"taker": "A", "contract": 250,
         "trump": "TA", "points": {"A": 240}, "belote": ["A", "A"]},
         True, {"A": 290, "B": 0}),
    # TA: 150 + 40 < 200; 258 + 40 = 298; takers keep 40
    Case("variants.md club: TA failed, four belotes", {"taker": "A", "contract": 200,
         "trump": "TA", "points": {"A": 150}, "belote": ["A", "A", "B", "B"]},
         False, {"A": 40, "B": 298}),
    # TA: 258 x 2 = 516
    Case("variants.md club: TA coinche failed, base 258", {"taker": "A", "contract": 180,
         "trump": "TA", "coinche": 1, "points": {"A": 170}}, False, {"A": 0, "B": 516}),
    # TA: defence given 58, takers 258 - 58 = 200
    Case("variants.md club: TA total 258 (defence points given)", {"taker": "A",
         "contract": 200, "trump": "TA", "points": {"B": 58}}, True, {"A": 200, "B": 0}),
    # TA capot inferred from 258: 250 + 90 = 340
    Case("variants.md club: TA capot inferred from 258", {"taker": "B", "contract": "capot",
         "trump": "TA", "points": {"B": 258}}, True, {"A": 0, "B": 340}),
    # SA failure base 152
    Case("variants.md club: SA failed, base 152", {"taker": "A", "contract": 120,
         "trump": "SA", "points": {"A": 100}}, False, {"A": 0, "B": 152}),
    # (152 + 50) x 2 = 404
    Case("variants.md club: SA coinche failed, defence quarante", {"taker": "A",
         "contract": 120, "trump": "SA", "coinche": 1, "points": {"A": 100},
         "announces": {"B": ["quarante"]}}, False, {"A": 0, "B": 404}),
    # SA unannounced capot: 162 card points, 100 + 90 = 190
    Case("variants.md club: SA unannounced capot", {"taker": "B", "contract": 100,
         "trump": "SA", "points": {"B": 162}, "capot": "B"}, True, {"A": 0, "B": 190}),
]

REFUSED: list[Refused] = [
    Refused("variants.md club: no belote in SA", {"taker": "A", "contract": 80,
            "trump": "SA", "points": {"A": 90}, "belote": "A"}, "belote"),
    Refused("variants.md club: at most four belotes in TA", {"taker": "A", "contract": 180,
            "trump": "TA", "points": {"A": 200}, "belote": ["A", "A", "A", "A", "B"]},
            "belote"),
    Refused("variants.md club: suit bids stop at 160", {"taker": "A", "contract": 170,
            "trump": "S", "points": {"A": 170}}, "contract"),
    Refused("variants.md club: SA bids stop at 160", {"taker": "A", "contract": 170,
            "trump": "SA", "points": {"A": 160}}, "contract"),
    Refused("variants.md club: TA bids stop at 250", {"taker": "A", "contract": 260,
            "trump": "TA", "points": {"A": 258}}, "contract"),
    Refused("variants.md club: bid 95 off the ladder", {"taker": "A", "contract": 95,
            "trump": "H", "points": {"A": 100}}, "contract"),
    Refused("variants.md club: no generale", {"taker": "A", "contract": "generale",
            "trump": "S"}, "contract"),
    Refused("variants.md: unknown trump", {"taker": "A", "contract": 80, "trump": "Q",
            "points": {"A": 90}}, "trump"),
    Refused("variants.md club: TA points above 258", {"taker": "A", "contract": 200,
            "trump": "TA", "points": {"A": 260}}, "points"),
    Refused("variants.md club: suit points above 162", {"taker": "A", "contract": 80,
            "trump": "S", "points": {"A": 163}}, "points"),
    Refused("variants.md club: TA capot side without 258", {"taker": "A", "contract": 100,
            "trump": "TA", "points": {"A": 250}, "capot": "A"}, "capot"),
    Refused("variants.md club: a carre of 8s is not an announce", {"taker": "A",
            "contract": 80, "trump": "S", "points": {"A": 90},
            "announces": {"B": ["carre-8"]}}, "announces"),
    Refused("variants.md shared: equal quintes, no announce_winner", {"taker": "A",
            "contract": 80, "trump": "S", "points": {"A": 90},
            "announces": {"A": ["quinte"], "B": ["quinte"]}}, "announce_winner"),
]
# fmt: on


@pytest.mark.parametrize("case", CASES, ids=row_id)
def test_club_scores(case: Case) -> None:
    run_case(VARIANT, case)


@pytest.mark.parametrize("refused", REFUSED, ids=row_id)
def test_club_refuses(refused: Refused) -> None:
    run_refused(VARIANT, refused)
