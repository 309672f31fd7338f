"""Scoring of the chien variant (seed 001): 2 or 3 players, each for himself.

Made when the taker's points (tricks + ecart + dix de der) + belote + counted announces reach
the bid (no 82 minimum). Made: taker contract x m + belote + announces; each defender his own
points (+ belote, announces). Failed: each defender contract x m + his points (+ belote,
announces); taker keeps his belote. With 3 players the points total 162 (two given, the third
derived); with 2 players both are given. Numbers computed by hand from docs/variants.md.
"""

from __future__ import annotations

import pytest

from tests.scoring_table import Case, Refused, row_id, run_case, run_refused

VARIANT = "chien"

# one deal per row, read like a rule sheet
# fmt: off
CASES: list[Case] = [
    # player 3 derived: 162 - 105 - 30 = 27
    Case("variants.md chien: Made, 3 players", {"taker": "1", "contract": 100, "trump": "H",
         "points": {"1": 105, "2": 30}}, True, {"1": 100, "2": 30, "3": 27}),
    # 3 has 162 - 90 - 40 = 32; each defender 110 + his points
    Case("variants.md chien: Failed, 3 players", {"taker": "1", "contract": 110, "trump": "S",
         "points": {"1": 90, "2": 40}}, False, {"1": 0, "2": 150, "3": 142}),
    # int taker; 72 + 20 = 92 >= 90: 90 + 20 = 110; 3 has 162 - 72 - 50 = 40
    Case("variants.md chien: belote counts toward the bid", {"taker": 2, "contract": 90,
         "trump": "D", "points": {"2": 72, "1": 50}, "belote": "2"},
         True, {"1": 50, "2": 110, "3": 40}),
    # 80 + 20 < 120; the belote is imprenable: 20; 120 + 50 = 170; 120 + 32 = 152
    Case("seed 001 annonces: belote imprenable on a failed contract", {"taker": "1",
         "contract": 120, "trump": "C", "points": {"1": 80, "2": 50}, "belote": "1"},
         False, {"1": 20, "2": 170, "3": 152}),
    # defender 1: 42 + 20 = 62; 2 has 162 - 90 - 42 = 30
    Case("variants.md chien: Made, defender's belote", {"taker": "3", "contract": 80,
         "trump": "S", "points": {"3": 90, "1": 42}, "belote": "1"},
         True, {"1": 62, "2": 30, "3": 80}),
    # no 82 minimum; equal tierces, announce_winner 2: 2 scores 40 + 20 = 60; 3 has 41
    Case("variants.md chien: 81 points make 80; announce_winner decides", {"taker": "1",
         "contract": 80, "trump": "C", "points": {"1": 81, "2": 40},
         "announces": {"1": ["tierce"], "2": ["tierce"]}, "announce_winner": "2"},
         True, {"1": 80, "2": 60, "3": 41}),
    # contract x 2 only: 100 x 2 + 20 = 220; defenders keep points 20 and 32
    Case("variants.md chien: coinche made, x2 on the contract only", {"taker": "1",
         "contract": 100, "trump": "H", "coinche": 1, "points": {"1": 110, "2": 20},
         "belote": "1"}, True, {"1": 220, "2": 20, "3": 32}),
    # 100 x 2 = 200 to each defender: 200 + 50 = 250; 200 + 42 = 242
    Case("variants.md chien: coinche failed", {"taker": "1", "contract": 100, "trump": "H",
         "coinche": 1, "points": {"1": 70, "2": 50}}, False, {"1": 0, "2": 250, "3": 242}),
    # 120 x 4 = 480; 1 has 162 - 125 - 20 = 17
    Case("variants.md chien: surcoinche made", {"taker": "2", "contract": 120, "trump": "D",
         "coinche": 2, "points": {"2": 125, "3": 20}}, True, {"1": 17, "2": 480, "3": 20}),
    # 140 x 4 = 560; 1: 560 + 40 = 600; 3: 560 + 22 + 20 = 602
    Case("variants.md chien: surcoinche failed, defender's belote", {"taker": "2",
         "contract": 140, "trump": "S", "coinche": 2, "points": {"2": 100, "1": 40},
         "belote": "3"}, False, {"1": 600, "2": 0, "3": 602}),
    # cinquante beats tierce: 85 + 50 = 135 >= 130; taker 130 + 50 = 180; 2's tierce lost
    Case("seed 001 annonces: only the best player's announces count", {"taker": "1",
         "contract": 130, "trump": "H", "points": {"1": 85, "2": 40},
         "announces": {"1": ["cinquante"], "2": ["tierce"]}},
         True, {"1": 180, "2": 40, "3": 37}),
    # carre beats cent at 100: 95 < 100 failed; 2: 100 + 40; 3: 100 + 27 + 100 = 227
    Case("variants.md shared: equal value, a defender's carre beats the cent", {"taker": "1",
         "contract": 100, "trump": "S", "points": {"1": 95, "2": 40},
         "announces": {"1": ["cent"], "3": ["carre"]}}, False, {"1": 0, "2": 140, "3": 227}),
    # capot made (points omitted): 250 + 20 + 20 = 290
    Case("variants.md chien: capot bid made", {"taker": "1", "contract": "capot",
         "trump": "H", "belote": "1", "announces": {"1": ["tierce"]}},
         True, {"1": 290, "2": 0, "3": 0}),
    # 1 has all 162 points, capot absent: the capot is inferred as made, 250
    Case("variants.md chien: capot inferred from 162", {"taker": "1", "contract": "capot",
         "trump": "D", "points": {"1": 162, "2": 0}}, True, {"1": 250, "2": 0, "3": 0}),
    # 250 x 2 = 500 to each defender: 500 + 12; 500 + 0
    Case("variants.md chien: capot bid coinched, failed", {"taker": "1", "contract": "capot",
         "trump": "S", "coinche": 1, "points": {"1": 150, "2": 12}},
         False, {"1": 0, "2": 512, "3": 500}),
    # every trick on a 100 bid: no bonus, 100
    Case("variants.md chien: unannounced capot, no bonus", {"taker": "1", "contract": 100,
         "trump": "H", "points": {"1": 162, "2": 0}, "capot": "1"},
         True, {"1": 100, "2": 0, "3": 0}),
    # SA: 2 has 162 - 100 - 30 = 32
    Case("variants.md chien: SA made", {"taker": "3", "contract": 90, "trump": "SA",
         "points": {"3": 100, "1": 30}}, True, {"1": 30, "2": 32, "3": 90}),
    # TA: 100 < 110; 1 has 22: 110 + 22 = 132; 110 + 40 = 150
    Case("variants.md chien: TA failed", {"taker": "2", "contract": 110, "trump": "TA",
         "points": {"2": 100, "3": 40}}, False, {"1": 132, "2": 0, "3": 150}),
    # 2 players: 95 + 40 = 135 < 162, 10 cards dead
    Case("variants.md chien: 2 players made", {"taker": "1", "contract": 90, "trump": "H",
         "points": {"1": 95, "2": 40}}, True, {"1": 90, "2": 40}, players=2),
    # 2 players: 75 + 20 < 100; 100 x 2 + 50 = 250; taker keeps his belote
    Case("variants.md chien: 2 players coinche failed", {"taker": "2", "contract": 100,
         "trump": "S", "coinche": 1, "points": {"2": 75, "1": 50}, "belote": "2"},
         False, {"1": 250, "2": 20}, players=2),
    # 2 players: capot made, points omitted
    Case("variants.md chien: 2 players capot made", {"taker": "1", "contract": "capot",
         "trump": "C"}, True, {"1": 250, "2": 0}, players=2),
]

REFUSED: list[Refused] = [
    Refused("variants.md deal table: seat 1, 2 or 3", {"taker": "4", "contract": 80,
            "trump": "S", "points": {"1": 90, "2": 40}}, "taker"),
    Refused("variants.md deal table: teams are not seats", {"taker": "A", "contract": 80,
            "trump": "S", "points": {"1": 90, "2": 40}}, "taker"),
    Refused("variants.md chien: 2 players have no seat 3", {"taker": "3", "contract": 80,
            "trump": "S", "points": {"1": 90, "2": 40}}, "taker", players=2),
    Refused("variants.md: unknown trump", {"taker": "1", "contract": 80, "trump": "N",
            "points": {"1": 90, "2": 40}}, "trump"),
    Refused("variants.md chien: bid 75 off the ladder", {"taker": "1", "contract": 75,
            "trump": "S", "points": {"1": 90, "2": 40}}, "contract"),
    Refused("variants.md chien: no generale", {"taker": "1", "contract": "generale",
            "trump": "S"}, "contract"),
    Refused("variants.md chien: no belote in SA", {"taker": "1", "contract": 80,
            "trump": "SA", "points": {"1": 90, "2": 40}, "belote": "1"}, "belote"),
    Refused("variants.md chien: no belote in TA", {"taker": "1", "contract": 80,
            "trump": "TA", "points": {"1": 90, "2": 40}, "belote": "2"}, "belote"),
    Refused("variants.md chien: 3 players' points total 162", {"taker": "1", "contract": 80,
            "trump": "S", "points": {"1": 100, "2": 80}}, "points"),
    Refused("variants.md chien: 3 players, two points needed", {"taker": "1",
            "contract": 80, "trump": "S", "points": {"1": 100}}, "points"),
    Refused("variants.md chien: 2 players' points at most 162", {"taker": "1",
            "contract": 80, "trump": "S", "points": {"1": 100, "2": 70}}, "points", players=2),
    Refused("variants.md: capot side without the total", {"taker": "1", "contract": "capot",
            "trump": "S", "points": {"1": 150, "2": 12}, "capot": "1"}, "capot"),
    Refused("variants.md chien: a carre of 8s is not an announce", {"taker": "1",
            "contract": 80, "trump": "S", "points": {"1": 90, "2": 40},
            "announces": {"2": ["carre-8"]}}, "announces"),
    Refused("variants.md shared: equal cinquantes, no announce_winner", {"taker": "1",
            "contract": 80, "trump": "S", "points": {"1": 90, "2": 40},
            "announces": {"2": ["cinquante"], "3": ["cinquante"]}}, "announce_winner"),
    Refused("variants.md deal table: coinche is 0, 1 or 2", {"taker": "1", "contract": 80,
            "trump": "S", "coinche": -1, "points": {"1": 90, "2": 40}}, "coinche"),
]
# fmt: on


@pytest.mark.parametrize("case", CASES, ids=row_id)
def test_chien_scores(case: Case) -> None:
    run_case(VARIANT, case)


@pytest.mark.parametrize("refused", REFUSED, ids=row_id)
def test_chien_refuses(refused: Refused) -> None:
    run_refused(VARIANT, refused)
