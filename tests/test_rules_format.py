"""What a club's rules sheet can say, one "Beyond the seeds" dimension at a time.

Each row scores a deal under a small rules file: ``extends: standard`` plus the few keys the
sheet changes (written into ``tmp_path``), or one of ``examples/rules/``.  The expected
numbers are computed by hand in the comment above each row; the dimensions are those of
``docs/variants.md`` ("Beyond the seeds"), and every key is described in
``docs/rules-format.md``.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from coinche_cli.game.state import Entry, GameState, Setup, play
from coinche_cli.rules.choices import TERMS
from coinche_cli.rules.loader import load_rules
from coinche_cli.rules.model import Rules
from coinche_cli.rules.validate import SCHEMA
from coinche_cli.scoring.deal import deal_from_json
from coinche_cli.scoring.score import score_deal

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "rules"
DOC = ROOT / "docs" / "rules-format.md"

# ---------------------------------------------------------------- the sheets
# Each is the body of a file that starts "extends: standard"; "example:NAME" loads
# examples/rules/NAME.yaml instead.

STANDARD = ""

BID_ONLY = """
score:
  made:
    takers: [contract, belote, announces]
    defenders: [belote, announces]
"""

POINTS_ONLY = """
score:
  made:
    takers: [points, belote, announces]
"""

FORFAIT_160 = """
score:
  made:
    takers: [160, contract]
    defenders: []
"""

FORFAIT_160_BID_MULTIPLIED = """
multiplier:
  applies_to: [contract]
score:
  made:
    takers: [160, contract]
"""

BASE_160 = """
modes:
  suits: {failure_base: 160}
"""

# TA with the trump table in every suit: 4 x 62 + 10 = 258 card points (club)
TA_258 = """
modes:
  TA:
    cards: {J: 20, 9: 14, A: 11, 10: 10, K: 4, Q: 3, 8: 0, 7: 0}
"""

FAILED_WITHOUT_BID = """
score:
  failed:
    defenders: [base, all_announces, belote]
"""

FAILED_OWN_ANNOUNCES = """
score:
  failed:
    defenders: [base, contract, announces, belote]
"""

FAILED_TAKERS_KEEP_ANNOUNCES = """
score:
  failed:
    takers: [belote, announces]
    defenders: [base, contract, announces, belote]
"""

BID_MULTIPLIED = """
multiplier:
  applies_to: [contract]
"""

DEFENCE_LOSES_POINTS = """
score:
  when_coinched:
    made:
      defenders: [belote, announces]
"""

NO_MINIMUM = """
made_if:
  min_points: null
"""

BEAT_DEFENCE = """
made_if:
  min_points: null
  beat_defence: true
"""

BEAT_DEFENCE_TA_258 = TA_258 + BEAT_DEFENCE

BELOTE_NOT_TOWARD_BID = """
made_if:
  reach_bid_with: [points, announces]
"""

CAPOT_270 = """
bids:
  capot: 270
score:
  when_capot:
    made:
      takers: [contract, belote, announces]
"""

CAPOT_FORFAIT = """
score:
  when_capot:
    made:
      takers: [500]
    failed:
      defenders: [500]
"""

CAPOT_BONUS = """
capot:
  bonus: 90
score:
  made:
    takers: [points, belote, announces, contract, capot_bonus]
  failed:
    defenders: [base, contract, all_announces, belote, capot_bonus]
"""

CAPOT_BONUS_NOT_ON_BID = CAPOT_BONUS.replace("bonus: 90", "bonus: 90\n  bonus_on_capot_bid: false")

GENERALE = """
bids:
  generale: 500
score:
  when_generale:
    made:
      takers: [contract, belote]
      defenders: []
    failed:
      defenders: [base, contract, belote]
"""

FIVE_UP = """
rounding:
  method: five_up
  last_deal: exact
"""

SIX_UP = """
rounding:
  method: six_up
"""

NEAREST_FIVE = """
rounding:
  method: nearest_five
"""

COMPLEMENTARY = """
rounding:
  method: complementary
"""

COMPLEMENTARY_162 = """
rounding:
  method: complementary
  total: 162
"""


class Row(NamedTuple):
    """A deal scored under a sheet: the dimension it shows, and the expected result."""

    dimension: str
    sheet: str
    deal: dict[str, Any]
    made: bool
    scores: dict[str, int]
    exact: bool = False


def _deal(contract: int | str, trump: str, points: int | None, **more: Any) -> dict[str, Any]:
    """A deal taken by team A; ``points`` are A's card points (None: not given)."""
    deal: dict[str, Any] = {"taker": "A", "contract": contract, "trump": trump, **more}
    if points is not None:
        deal["points"] = {"A": points}
    return deal


def _sheet_rules(tmp_path: Path, sheet: str) -> Rules:
    if sheet.startswith("example:"):
        return load_rules(str(EXAMPLES / f"{sheet.removeprefix('example:')}.yaml"))
    path = tmp_path / "sheet.yaml"
    body = textwrap.dedent(sheet).lstrip("\n")
    path.write_text(f"extends: standard\nname: sheet\n{body}", encoding="utf-8")
    return load_rules(str(path))


# fmt: off
ROWS: list[Row] = [
    # ---- what a made contract scores
    # points made + bid: 110 + 100 = 210; defence 162 - 110 = 52
    Row("made: points + bid", STANDARD, _deal(100, "S", 110), True, {"A": 210, "B": 52}),
    # bid only: 100 + belote 20 = 120; the defence's card points are not scored
    Row("made: bid only", BID_ONLY, _deal(100, "S", 110, belote="A"),
        True, {"A": 120, "B": 0}),
    # points made only: 110; defence 52
    Row("made: points only", POINTS_ONLY, _deal(100, "S", 110), True, {"A": 110, "B": 52}),
    # a forfait: 160 + 100 = 260 whatever the card points; the defence scores nothing
    Row("made: forfait 160 + bid", FORFAIT_160, _deal(100, "S", 110),
        True, {"A": 260, "B": 0}),

    # ---- the failure base
    # 162 + 100 = 262
    Row("failed: base 162 + bid", STANDARD, _deal(100, "S", 70), False, {"A": 0, "B": 262}),
    # 160 + 100 = 260
    Row("failed: base 160 + bid", BASE_160, _deal(100, "S", 70), False, {"A": 0, "B": 260}),
    # the mode's card total: TA with trump values everywhere deals 258; 258 + 100 = 358
    Row("failed: base = the mode's card total", TA_258, _deal(100, "TA", 90),
        False, {"A": 0, "B": 358}),
    # without the bid: 162
    Row("failed: base without the bid", FAILED_WITHOUT_BID, _deal(100, "S", 70),
        False, {"A": 0, "B": 162}),
    # with every counted announce: A's tierce (the only one) goes to the defence: 162+100+20
    Row("failed: with either side's announces", STANDARD,
        _deal(100, "S", 70, announces={"A": ["tierce"]}), False, {"A": 0, "B": 282}),
    # with the defence's own announces only: the takers' tierce is lost: 162 + 100 = 262
    Row("failed: with the defence's own announces only", FAILED_OWN_ANNOUNCES,
        _deal(100, "S", 70, announces={"A": ["tierce"]}), False, {"A": 0, "B": 262}),
    # the takers keep their own tierce (20); the defence 162 + 100 = 262
    Row("failed: the takers keep their announces", FAILED_TAKERS_KEEP_ANNOUNCES,
        _deal(100, "S", 70, announces={"A": ["tierce"]}), False, {"A": 20, "B": 262}),

    # ---- the multiplier
    # the winner's whole score x 2: (110 + 20 + 100) x 2 = 460; loser 52 not multiplied
    Row("multiplier: x2 on the winner's whole score", STANDARD,
        _deal(100, "S", 110, coinche=1, belote="A"), True, {"A": 460, "B": 52}),
    # bid only: 110 + 20 + 100 x 2 = 330
    Row("multiplier: x2 on the bid only", BID_MULTIPLIED,
        _deal(100, "S", 110, coinche=1, belote="A"), True, {"A": 330, "B": 52}),
    # bid only, surcoinched: 110 + 20 + 100 x 4 = 530
    Row("multiplier: x4 on the bid only", BID_MULTIPLIED,
        _deal(100, "S", 110, coinche=2, belote="A"), True, {"A": 530, "B": 52}),
    # (base + bid) x 2 + belote: (162 + 100) x 2 + 20 = 544; defence keeps only its belote
    Row("multiplier: x2 on (base + bid)", "example:trois-fois",
        _deal(100, "S", 110, coinche=1, belote="A"), True, {"A": 544, "B": 0}),
    # (base + bid) x 3: (162 + 100) x 3 = 786
    Row("multiplier: x3 surcoinched, made", "example:trois-fois",
        _deal(100, "S", 110, coinche=2), True, {"A": 786, "B": 0}),
    # failed: (162 + 100) x 3 = 786 for the defence
    Row("multiplier: x3 surcoinched, failed", "example:trois-fois",
        _deal(100, "S", 70, coinche=2), False, {"A": 0, "B": 786}),
    # forfait: 320 + 100 x 2 = 520
    Row("multiplier: forfait 320 + bid x 2, failed", "example:ffb-like",
        _deal(100, "S", 70, coinche=1), False, {"A": 0, "B": 520}),
    # forfait: 640 + 100 x 4 = 1040; the defence's list comes from when_coinched: its
    # belote, 20
    Row("multiplier: forfait 640 + bid x 4, made", "example:ffb-like",
        _deal(100, "S", 110, coinche=2, belote="B"), True, {"A": 1040, "B": 20}),
    # applies_to: all multiplies a fixed term too: (160 + 100) x 2 = 520
    Row("multiplier: all includes forfaits", FORFAIT_160, _deal(100, "S", 110, coinche=1),
        True, {"A": 520, "B": 0}),
    # a fixed term outside `all` is not multiplied: 160 + 100 x 2 = 360
    Row("multiplier: a forfait is not multiplied by a list", FORFAIT_160_BID_MULTIPLIED,
        _deal(100, "S", 110, coinche=1), True, {"A": 360, "B": 52}),

    # ---- the defence's card points when a coinched contract is made
    # kept: (110 + 100) x 2 = 420; 52, not multiplied
    Row("coinched made: the defence keeps its points", STANDARD,
        _deal(100, "S", 110, coinche=1), True, {"A": 420, "B": 52}),
    # lost: (110 + 100) x 2 = 420; the defence keeps only its belote, 20
    Row("coinched made: the defence loses its points", DEFENCE_LOSES_POINTS,
        _deal(100, "S", 110, coinche=1, belote="B"), True, {"A": 420, "B": 20}),

    # ---- extra conditions for a made contract
    # no condition: 81 + 20 >= 80: 81 + 20 + 80 = 181; defence 81
    Row("made_if: the bid alone", NO_MINIMUM, _deal(80, "S", 81, belote="A"),
        True, {"A": 181, "B": 81}),
    # 82 card points minimum: 81 < 82, failed: 162 + 80 = 242; A keeps its belote
    Row("made_if: 82 card points at least", STANDARD, _deal(80, "S", 81, belote="A"),
        False, {"A": 20, "B": 242}),
    # more than the defence: 81 is not more than 81: failed as above
    Row("made_if: more than the defence, 81 to 81", BEAT_DEFENCE,
        _deal(80, "S", 81, belote="A"), False, {"A": 20, "B": 242}),
    # 82 > 80: 82 + 20 + 80 = 182; defence 80
    Row("made_if: more than the defence, 82 to 80", BEAT_DEFENCE,
        _deal(80, "S", 82, belote="A"), True, {"A": 182, "B": 80}),
    # 258 in TA: 120 reaches 100 and 82, but not the defence's 138: 258 + 100 = 358
    Row("made_if: more than the defence in a 258 mode", BEAT_DEFENCE_TA_258,
        _deal(100, "TA", 120), False, {"A": 0, "B": 358}),
    # the same deal with standard's 82 minimum instead: 120 + 100 = 220; 138
    Row("made_if: 82 minimum in a 258 mode", TA_258, _deal(100, "TA", 120),
        True, {"A": 220, "B": 138}),

    # ---- belote
    # counts toward the bid: 92 + 20 >= 110: 92 + 20 + 110 = 222; 70
    Row("belote: counts toward the bid", STANDARD, _deal(110, "S", 92, belote="A"),
        True, {"A": 222, "B": 70}),
    # does not count: 92 < 110, failed: 162 + 110 = 272; the holder keeps 20
    Row("belote: does not count toward the bid", BELOTE_NOT_TOWARD_BID,
        _deal(110, "S", 92, belote="A"), False, {"A": 20, "B": 272}),
    # taken by the deal's winner: failed, the defence takes A's belote: 162 + 110 + 20 = 292
    Row("belote: taken by the winner (failed)", "example:belote-au-gagnant",
        _deal(110, "S", 92, belote="A"), False, {"A": 0, "B": 292}),
    # taken by the winner: made, A takes B's belote: 110 + 20 + 100 = 230; 52
    Row("belote: taken by the winner (made)", "example:belote-au-gagnant",
        _deal(100, "S", 110, belote="B"), True, {"A": 230, "B": 52}),
    # not multiplied: (110 + 100) x 2 + 20 = 440 (standard multiplies it: 460, above)
    Row("belote: not multiplied", "example:belote-au-gagnant",
        _deal(100, "S", 110, coinche=1, belote="A"), True, {"A": 440, "B": 52}),
    # kept by its holder whatever happens: failed, A keeps 20; 162 + 100 = 262
    Row("belote: kept by its holder", STANDARD, _deal(100, "S", 70, belote="A"),
        False, {"A": 20, "B": 262}),

    # ---- capot
    # a bid worth 270, scored alone: 270
    Row("capot: bid worth 270, made", CAPOT_270, _deal("capot", "S", None),
        True, {"A": 270, "B": 0}),
    # failed: 162 + 270 = 432
    Row("capot: bid worth 270, failed", CAPOT_270, _deal("capot", "S", 150),
        False, {"A": 0, "B": 432}),
    # a forfait of 500, made
    Row("capot: forfait 500, made", CAPOT_FORFAIT, _deal("capot", "S", None),
        True, {"A": 500, "B": 0}),
    # a forfait of 500, failed
    Row("capot: forfait 500, failed", CAPOT_FORFAIT, _deal("capot", "S", 150),
        False, {"A": 0, "B": 500}),
    # 252 card points are a fixed number, never rounded (other points are): 252 + 100 = 352
    Row("capot: 252 card points, not rounded", "example:capot-252",
        _deal(100, "S", 162, capot="A"), True, {"A": 352, "B": 0}),
    # the last deal is exact: 252 + 100 = 352
    Row("capot: 252 card points, last deal exact", "example:capot-252",
        _deal(100, "S", 162, capot="A"), True, {"A": 352, "B": 0}, exact=True),
    # a bonus for an unannounced capot: 162 + 100 + 90 = 352
    Row("capot: bonus 90 to the takers", CAPOT_BONUS, _deal(100, "S", 162, capot="A"),
        True, {"A": 352, "B": 0}),
    # the defence's capot earns it too: failed, 162 + 100 + 90 = 352
    Row("capot: bonus 90 to the defence", CAPOT_BONUS, _deal(100, "S", 0, capot="B"),
        False, {"A": 0, "B": 352}),
    # a capot bid earns the bonus too by default: 162 + 250 + 90 = 502
    Row("capot: bonus on a capot bid", CAPOT_BONUS, _deal("capot", "S", None),
        True, {"A": 502, "B": 0}),
    # bonus_on_capot_bid: false: 162 + 250 = 412
    Row("capot: no bonus on a capot bid", CAPOT_BONUS_NOT_ON_BID, _deal("capot", "S", None),
        True, {"A": 412, "B": 0}),
    # nothing for an unannounced capot: 162 + 100 = 262
    Row("capot: nothing when unannounced", STANDARD, _deal(100, "S", 162, capot="A"),
        True, {"A": 262, "B": 0}),
    # générale 500, made: 500
    Row("generale: made", GENERALE, _deal("generale", "S", None), True, {"A": 500, "B": 0}),
    # every trick to the team, not to the taker alone: failed, 162 + 500 = 662
    Row("generale: failed", GENERALE, _deal("generale", "S", 162, capot="A"),
        False, {"A": 0, "B": 662}),

    # ---- rounding (takers A bid 100 spades)
    # none: 107 + 100 = 207; 55
    Row("rounding: none", STANDARD, _deal(100, "S", 107), True, {"A": 207, "B": 55}),
    # five_up: 105 -> 110, 57 -> 60: 210; 60
    Row("rounding: five_up, 105", FIVE_UP, _deal(100, "S", 105), True, {"A": 210, "B": 60}),
    # five_up: 104 -> 100, 58 -> 60: 200; 60
    Row("rounding: five_up, 104", FIVE_UP, _deal(100, "S", 104), True, {"A": 200, "B": 60}),
    # six_up: 105 -> 100, 57 -> 60: 200; 60
    Row("rounding: six_up, 105", SIX_UP, _deal(100, "S", 105), True, {"A": 200, "B": 60}),
    # six_up: 106 -> 110, 56 -> 60: 210; 60
    Row("rounding: six_up, 106", SIX_UP, _deal(100, "S", 106), True, {"A": 210, "B": 60}),
    # nearest_five: 107 -> 105, 55 stays: 205; 55
    Row("rounding: nearest_five, 107", NEAREST_FIVE, _deal(100, "S", 107),
        True, {"A": 205, "B": 55}),
    # nearest_five: 103 -> 105, 59 -> 60: 205; 60
    Row("rounding: nearest_five, 103", NEAREST_FIVE, _deal(100, "S", 103),
        True, {"A": 205, "B": 60}),
    # complementary: 105 -> 110, the defence 160 - 110 = 50: 210; 50
    Row("rounding: complementary, 105", COMPLEMENTARY, _deal(100, "S", 105),
        True, {"A": 210, "B": 50}),
    # complementary: 104 -> 100, the defence 160 - 100 = 60: 200; 60
    Row("rounding: complementary, 104", COMPLEMENTARY, _deal(100, "S", 104),
        True, {"A": 200, "B": 60}),
    # complementary on 162: 105 -> 110, the defence 162 - 110 = 52
    Row("rounding: complementary, total 162", COMPLEMENTARY_162, _deal(100, "S", 105),
        True, {"A": 210, "B": 52}),
    # complementary sheet (ffb-like): 96 -> 100, 160 - 100 = 60; 100 + 20 + 90 = 210
    Row("rounding: complementary in ffb-like", "example:ffb-like",
        _deal(90, "S", 96, belote="A"), True, {"A": 210, "B": 60}),
    # rounding never makes a contract: 95 would round to 100, but 95 < 100: 162 + 100
    Row("rounding: never makes a contract", FIVE_UP, _deal(100, "S", 95),
        False, {"A": 0, "B": 262}),
    # nor unmakes one: 82 rounds to 80 < 82, still made: 80 + 80 = 160; 80 stays 80
    Row("rounding: the 82 minimum is checked exactly", FIVE_UP, _deal(80, "S", 82),
        True, {"A": 160, "B": 80}),
    # the last deal exact: 105 + 100 = 205; 57
    Row("rounding: last deal exact", FIVE_UP, _deal(100, "S", 105),
        True, {"A": 205, "B": 57}, exact=True),
]
# fmt: on


@pytest.mark.parametrize("row", ROWS, ids=[row.dimension for row in ROWS])
def test_sheet_scores(tmp_path: Path, row: Row) -> None:
    rules = _sheet_rules(tmp_path, row.sheet)
    result = score_deal(rules, deal_from_json(row.deal), exact=row.exact)
    assert (result.made, dict(result.scores)) == (row.made, row.scores), result.lines


def test_override_order_surcoinche_then_capot(tmp_path: Path) -> None:
    # ffb-like: a capot bid surcoinched takes when_capot's takers list (applied last):
    # 250 x 4 = 1000, not 640 + 250 x 4; the defence keeps when_coinched's list: belote 0
    rules = _sheet_rules(tmp_path, "example:ffb-like")
    result = score_deal(rules, deal_from_json(_deal("capot", "S", None, coinche=2)))
    assert dict(result.scores) == {"A": 1000, "B": 0}


def test_unannounced_capot_counts_250_in_ffb_like(tmp_path: Path) -> None:
    # capot.card_points 250, complementary: 250 stays 250, the defence max(160 - 250, 0) = 0;
    # 250 + 100 = 350
    rules = _sheet_rules(tmp_path, "example:ffb-like")
    result = score_deal(rules, deal_from_json(_deal(100, "S", 162, capot="A")))
    assert dict(result.scores) == {"A": 350, "B": 0}


# ---------------------------------------------------------------- the end of a game


def test_end_target_reached_or_exceeded(tmp_path: Path) -> None:
    standard = load_rules("standard")
    assert (standard.end.target, standard.end.reach) == (701, "at_least")
    exceed = _sheet_rules(tmp_path, "end:\n  reach: exceed\n")
    assert (exceed.end.target, exceed.end.reach) == (701, "exceed")


def test_end_fixed_number_of_deals() -> None:
    rules = load_rules(str(EXAMPLES / "douze-donnes.yaml"))
    assert (rules.end.target, rules.end.deals, rules.end.tie) == (None, 12, "play_on")


def _game(rules: Rules, deals: list[dict[str, Any]]) -> GameState:
    """Play ``deals`` in a 4-player game under ``rules``."""
    setup = Setup(rules=rules, players=4, names={"A": "A", "B": "B"})
    entries = [Entry(n, deal_from_json(deal)) for n, deal in enumerate(deals, start=1)]
    return play(setup, entries)


def test_game_target_reached_or_exceeded(tmp_path: Path) -> None:
    # A 80 spades with 90: A 90 + 80 = 170, B 72. A target of 170 is reached, not exceeded
    deals = [_deal(80, "S", 90)]
    reached = _game(_sheet_rules(tmp_path, "end:\n  target: 170\n"), deals)
    assert (reached.totals, reached.finished, reached.winner) == ({"A": 170, "B": 72}, True, "A")
    exceed = _sheet_rules(tmp_path, "end:\n  target: 170\n  reach: exceed\n")
    assert not _game(exceed, deals).finished


def test_game_of_twelve_deals() -> None:
    # douze-donnes: A 80 spades with 90 each deal, A 170 and B 72 a deal, no target
    rules = load_rules(str(EXAMPLES / "douze-donnes.yaml"))
    deals = [_deal(80, "S", 90)] * 12
    assert not _game(rules, deals[:11]).finished
    state = _game(rules, deals)
    assert (state.totals, state.winner) == ({"A": 12 * 170, "B": 12 * 72}, "A")


def test_game_of_twelve_deals_tie_plays_on() -> None:
    # A and B each make 80 spades with 90 six times: both 6 x 170 + 6 x 72 = 1452 after the
    # twelfth deal: tie play_on, one more deal (A 170) decides
    rules = load_rules(str(EXAMPLES / "douze-donnes.yaml"))
    deals = [_deal(80, "S", 90), {"taker": "B", "contract": 80, "trump": "S", "points": {"B": 90}}]
    twelve = _game(rules, deals * 6)
    assert (twelve.totals, twelve.finished) == ({"A": 1452, "B": 1452}, False)
    thirteen = _game(rules, [*deals * 6, _deal(80, "S", 90)])
    assert (thirteen.finished, thirteen.winner) == (True, "A")


def test_game_last_deal_exact(tmp_path: Path) -> None:
    # five_up, last deal exact, target 200: A 100 spades with 105 would score 110 + 100 = 210
    # and 60; it ends the game, so it is scored exactly: 105 + 100 = 205 and 57
    rules = _sheet_rules(tmp_path, FIVE_UP + "end:\n  target: 200\n")
    state = _game(rules, [_deal(100, "S", 105)])
    assert (state.totals, state.winner) == ({"A": 205, "B": 57}, "A")
    # the same deal that does not end the game stays rounded
    longer = _game(
        _sheet_rules(tmp_path, FIVE_UP + "end:\n  target: 1000\n"), [_deal(100, "S", 105)]
    )
    assert longer.totals == {"A": 210, "B": 60}


def test_end_time_limit_and_ties(tmp_path: Path) -> None:
    sheet = "end:\n  target: 1000\n  time_limit: 90\n  both_over: deal_winner\n  tie: play_on\n"
    rules = _sheet_rules(tmp_path, sheet)
    end = rules.end
    assert (end.target, end.time_limit, end.both_over, end.tie) == (
        1000,
        90,
        "deal_winner",
        "play_on",
    )


# ---------------------------------------------------------------- announce names


def test_announce_aliases() -> None:
    # club writes quarante / quinte / carre: the same announces as cinquante / cent / the
    # four carrés A, 10, K, Q
    club = load_rules("club")
    assert dict(club.announces or {}) == {
        "tierce": 20, "cinquante": 50, "cent": 100, "carre-A": 100, "carre-10": 100,
        "carre-K": 100, "carre-Q": 100, "carre-9": 150, "carre-J": 200,
    }  # fmt: skip
    assert club.announce_label("cinquante") == "quarante"


def test_announce_values_merge(tmp_path: Path) -> None:
    # a child's values table merges into standard's: tierce changes, the rest stays
    rules = _sheet_rules(tmp_path, "announces:\n  values:\n    tierce: 30\n")
    table = dict(rules.announces or {})
    assert (table["tierce"], table["cinquante"], table["carre-J"]) == (30, 50, 200)


def test_no_announces(tmp_path: Path) -> None:
    # `announces: null` removes standard's announces
    rules = _sheet_rules(tmp_path, "announces: null\n")
    assert rules.announces is None


# ---------------------------------------------------------------- the example files


EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))


def test_examples_exist() -> None:
    names = {path.stem for path in EXAMPLE_FILES}
    expected = {"ffb-like", "trois-fois", "belote-au-gagnant", "capot-252", "douze-donnes"}
    assert expected <= names


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=[path.stem for path in EXAMPLE_FILES])
def test_example_loads(path: Path) -> None:
    rules = load_rules(str(path))
    assert rules.name == path.stem
    assert rules.source


# ---------------------------------------------------------------- the format's documentation


def _schema_keys(schema: dict[str, object], at: tuple[str, ...] = ()) -> Iterator[str]:
    for key, sub in schema.items():
        yield ".".join((*at, key))
        if isinstance(sub, dict):
            yield from _schema_keys(sub, (*at, key))


def _documented_as(key: str) -> str:
    """How the key is written in the doc: per-mode keys as modes.*.KEY, overrides as a section."""
    key = re.sub(r"^modes\.(suits|SA|TA)\.(?=\w)", "modes.*.", key)
    if key == "modes.*.cards":
        return "modes.SA.cards"
    return re.sub(r"^(score\.when_\w+?)\..*$", r"\1", key)


@pytest.mark.parametrize("key", sorted(set(_schema_keys(SCHEMA))))
def test_every_key_is_documented(key: str) -> None:
    assert f"`{_documented_as(key)}`" in DOC.read_text(encoding="utf-8")


@pytest.mark.parametrize("term", TERMS)
def test_every_term_is_documented(term: str) -> None:
    assert f"| `{term}` |" in DOC.read_text(encoding="utf-8")


def _doc_snippets() -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)


@pytest.mark.parametrize("index", range(len(_doc_snippets())))
def test_doc_snippet_is_valid(tmp_path: Path, index: int) -> None:
    # every YAML example of the doc loads as a child of standard
    snippet = _doc_snippets()[index]
    head = "" if re.search(r"^extends:", snippet, re.MULTILINE) else "extends: standard\n"
    head += "" if re.search(r"^name:", snippet, re.MULTILINE) else "name: snippet\n"
    path = tmp_path / "snippet.yaml"
    path.write_text(head + snippet, encoding="utf-8")
    load_rules(str(path))
