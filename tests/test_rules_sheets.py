"""The four rules published sheets use that the format could not say (issue 22), each with
its example sheet in ``examples/rules/`` and the sheet's own worked examples.

1. A capot with a fixed value, bid or not (``capot-fixe``): "le capot demandé et réalisé, ou
   chuté, vaut 500 points"; an unannounced capot "compte 250" and, coinché, "la base est de
   250 au lieu de 160" (``score.when_unannounced_capot``, ``capot.base``).
2. A failed contract that costs its taker points (``chien-perte``, at three): failed, "the
   taker −80 and each opponent +80"; coinched and failed, "the coincher gets contract + 80,
   the taker −contract, the third player 80" (``-term`` and negative numbers in score lists,
   the ``coincher`` lists, the deal's ``coinched_by``); totals below zero.
3. Made means more than the defence's total, its belote and announces included
   (``plus-que-la-defense``: ``made_if.beat_defence: [points, belote, announces]``).
4. The last deal "au point juste" (``point-juste``: ``rounding.last_deal: exact_decides``):
   "100 demandés + 104 faits = 204, l'équipe adverse marquera 58 points et on inscrira 204
   et 58", where other deals write 200 and 60.

Each row's numbers are computed by hand in its comment; "the file's reading" marks a number
the sheet does not give, scored as the example file's comments say.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coinche_cli.game.state import Entry, GameState, Setup, play
from coinche_cli.rules.loader import load_rules
from coinche_cli.scoring.deal import Deal, deal_from_json
from tests.harness import Cli
from tests.scoring_table import Case, Refused, row_id, run_case, run_refused

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "rules"
CAPOT_FIXE = str(EXAMPLES / "capot-fixe.yaml")
CHIEN_PERTE = str(EXAMPLES / "chien-perte.yaml")
PLUS_QUE = str(EXAMPLES / "plus-que-la-defense.yaml")
POINT_JUSTE = str(EXAMPLES / "point-juste.yaml")


def _spades(taker: str, contract: int | str, **more: object) -> dict[str, object]:
    return {"taker": taker, "contract": contract, "trump": "S", **more}


# ---------------------------------------------------------------- 1. capot-fixe

# fmt: off
CAPOT_FIXE_CASES: list[Case] = [
    # "le capot demandé et réalisé ... vaut 500 points": no card points
    Case("capot-fixe: capot bid made is 500", _spades("A", "capot"), True, {"A": 500, "B": 0}),
    # the belote stays with its holder (standard): 500 + 20
    Case("capot-fixe: capot bid made, belote kept", _spades("A", "capot", belote="A"), True,
         {"A": 520, "B": 0}),
    # "... ou chuté, vaut 500 points": to the defence, no base, no card points
    Case("capot-fixe: capot bid failed is 500 to the defence",
         _spades("A", "capot", points={"A": 150}), False, {"A": 0, "B": 500}),
    # the file's reading: the coinche multiplies the contract: 500 × 2
    Case("capot-fixe: capot bid coinched made", _spades("A", "capot", coinche=1), True,
         {"A": 1000, "B": 0}),
    # "un capot non annoncé ... compte 250": 250 in place of the card points, + the bid 100
    Case("capot-fixe: unannounced capot is 250 + the bid",
         _spades("A", 100, points={"A": 162}, capot="A"), True, {"A": 350, "B": 0}),
    # "coinché, la base est de 250 au lieu de 160": (250 + 100) × 2
    Case("capot-fixe: unannounced capot coinched, base 250",
         _spades("A", 100, coinche=1, points={"A": 162}, capot="A"), True, {"A": 700, "B": 0}),
    # against a coinched contract made without a capot: (160 + 100) × 2
    Case("capot-fixe: coinched contract made, base 160",
         _spades("A", 100, coinche=1, points={"A": 104}), True, {"A": 520, "B": 0}),
    # surcoinché: (250 + 100) × 4
    Case("capot-fixe: unannounced capot surcoinched",
         _spades("A", 100, coinche=2, points={"A": 162}, capot="A"), True, {"A": 1400, "B": 0}),
    # the defence took every trick: standard's failed list, the base 250: 250 + 100
    Case("capot-fixe: the defence's capot on a failed contract",
         _spades("A", 100, points={"B": 162}, capot="B"), False, {"A": 0, "B": 350}),
    # and coinched: (250 + 100) × 2
    Case("capot-fixe: the defence's capot on a coinched contract",
         _spades("A", 100, coinche=1, points={"B": 162}, capot="B"), False, {"A": 0, "B": 700}),
    # a failure without a capot: 160 + 100
    Case("capot-fixe: failed, base 160", _spades("A", 100, points={"A": 70}), False,
         {"A": 0, "B": 260}),
    # standard's made lists: 104 + 100 and 58
    Case("capot-fixe: made, card points + the bid", _spades("A", 100, points={"A": 104}), True,
         {"A": 204, "B": 58}),
    # the deal names the side that won every trick (--capot): without it, 162 card points
    Case("capot-fixe: a capot not named is card points", _spades("A", 100, points={"A": 162}),
         True, {"A": 262, "B": 0}),
]
# fmt: on


@pytest.mark.parametrize("case", CAPOT_FIXE_CASES, ids=row_id)
def test_capot_fixe(case: Case) -> None:
    run_case(CAPOT_FIXE, case)


def test_an_unannounced_capot_may_replace_the_whole_score(tmp_path: Path) -> None:
    # a flat forfait for every trick without a capot bid: 250, nothing else (the belote and
    # the bid are not added); the same deal under standard is 162 + 20 + 100
    path = tmp_path / "forfait.yaml"
    path.write_text("extends: standard\nname: forfait\nscore:\n  when_unannounced_capot:\n"
                    "    made: {takers: [250]}\n", encoding="utf-8")
    deal = _spades("A", 100, points={"A": 162}, capot="A", belote="A")
    run_case(str(path), Case("a flat 250", deal, True, {"A": 250, "B": 0}))
    run_case("standard", Case("standard: card points", deal, True, {"A": 282, "B": 0}))


# ---------------------------------------------------------------- 2. chien-perte

def _hearts(taker: str, contract: int, points: dict[str, int], **more: object) -> dict[str, object]:
    return {"taker": taker, "contract": contract, "trump": "H", "points": points, **more}


FAILED = {"1": 70, "2": 50}  # 1 takes 110♥ and makes 70; 2 has 50, 3 the other 42

# fmt: off
CHIEN_PERTE_CASES: list[Case] = [
    # "failed and not coinched: the taker −80 and each opponent +80"
    Case("chien-perte: failed", _hearts("1", 110, FAILED), False,
         {"1": -80, "2": 80, "3": 80}),
    # "coinched and failed: the coincher gets contract + 80, the taker −contract, the third
    # player 80"
    Case("chien-perte: coinched by 2, failed", _hearts("1", 110, FAILED, coinche=1,
         coinched_by="2"), False, {"1": -110, "2": 190, "3": 80}),
    Case("chien-perte: coinched by 3, failed", _hearts("1", 110, FAILED, coinche=1,
         coinched_by="3"), False, {"1": -110, "2": 80, "3": 190}),
    # the file's reading: a surcoinche multiplies nothing either
    Case("chien-perte: surcoinched, failed", _hearts("1", 110, FAILED, coinche=2,
         coinched_by="2"), False, {"1": -110, "2": 190, "3": 80}),
    # the taker's belote is still his (chien): -110 + 20
    Case("chien-perte: the taker keeps his belote", _hearts("1", 110, FAILED, coinche=1,
         coinched_by="2", belote="1"), False, {"1": -90, "2": 190, "3": 80}),
    # made: the chien's lists, the contract to the taker, card points to each defender
    Case("chien-perte: made", _hearts("1", 110, {"1": 120, "2": 30}), True,
         {"1": 110, "2": 30, "3": 12}),
    # the file's reading: coinched and made scores as when not coinched
    Case("chien-perte: coinched, made", _hearts("1", 110, {"1": 120, "2": 30}, coinche=1,
         coinched_by="3"), True, {"1": 110, "2": 30, "3": 12}),
]

CHIEN_PERTE_REFUSED: list[Refused] = [
    # two defenders: which one coinched must be said, the rules score that player apart
    Refused("chien-perte: the coincher is not named", _hearts("1", 110, FAILED, coinche=1),
            "coinched_by"),
    Refused("chien-perte: the taker does not coinche", _hearts("1", 110, FAILED, coinche=1,
            coinched_by="1"), "coinched_by"),
    Refused("chien-perte: nobody coinched", _hearts("1", 110, FAILED, coinched_by="2"),
            "coinched_by"),
    Refused("chien-perte: no seat 4", _hearts("1", 110, FAILED, coinche=1, coinched_by="4"),
            "coinched_by"),
]
# fmt: on


@pytest.mark.parametrize("case", CHIEN_PERTE_CASES, ids=row_id)
def test_chien_perte(case: Case) -> None:
    run_case(CHIEN_PERTE, case)


@pytest.mark.parametrize("refused", CHIEN_PERTE_REFUSED, ids=row_id)
def test_chien_perte_refuses(refused: Refused) -> None:
    run_refused(CHIEN_PERTE, refused)


def test_rules_without_a_coincher_list_score_as_before_whoever_coinched() -> None:
    # chien (variants.md): each defender (110 × 2) + his card points, whoever coinched;
    # standard: a team's coincher is the defence, the taker cannot be it
    deal = _hearts("1", 110, FAILED, coinche=1)
    scores = {"1": 0, "2": 270, "3": 262}
    run_case("chien", Case("chien: not named", deal, False, scores, players=3))
    run_case("chien", Case("chien: named", {**deal, "coinched_by": "3"}, False, scores,
                           players=3))
    team = _spades("A", 100, coinche=1, points={"A": 70}, coinched_by="B")
    run_case("standard", Case("standard: the defence", team, False, {"A": 0, "B": 524}))
    run_refused("standard", Refused("standard: not the takers", {**team, "coinched_by": "A"},
                                    "coinched_by"))


def _game(rules: str, played: list[dict[str, object]], times: list[str] | None = None,
          **end: int) -> GameState:
    """``played`` under ``rules`` (recorded at ``times``), with the game's own ``target`` or
    ``deals`` in ``end``."""
    loaded = load_rules(rules)
    players = loaded.default_players
    names = {side: side for side in loaded.sides(players)}
    setup = Setup(rules=loaded, players=players, names=names, **end)  # type: ignore[arg-type]
    deals: list[Deal] = [deal_from_json(deal) for deal in played]
    return play(setup, [Entry(n, deal, times[n - 1] if times else "")
                        for n, deal in enumerate(deals, start=1)])


def test_a_game_to_1000_with_a_player_below_zero(cli: Cli) -> None:
    # 1 fails 110♥ twice: -160, and 2 and 3 score 80 twice: 160 each; then 2 makes 160♠ six
    # times (160 each, the others' card points 0): 2 is at 960 after five, 1120 after six
    path = CHIEN_PERTE
    cli.run("game", "new", "--rules", path, "--player", "Ana", "--player", "Bruno",
            "--player", "Chloé")
    for _ in range(2):
        cli.run("game", "add", "Ana", "110H", "70", "-p", "Bruno:50")
    shown = cli.json("game", "show")
    assert (shown["totals"], shown["to_target"]) == ({"1": -160, "2": 160, "3": 160},
                                                    {"1": 1160, "2": 840, "3": 840})
    for _ in range(5):
        cli.run("game", "add", "Bruno", "160S", "162", "-p", "Ana:0")
    assert not cli.json("game", "show")["finished"]
    cli.run("game", "add", "Bruno", "160S", "162", "-p", "Ana:0")
    shown = cli.json("game", "show")
    assert (shown["totals"], shown["finished"], shown["winner"]) == (
        {"1": -160, "2": 1120, "3": 160}, True, "2")
    assert "Ana -160" in cli.run("game", "show").stdout


def test_equal_totals_over_a_player_below_zero_play_on() -> None:
    # one deal to play (the game's own --deals 1): 1 fails, -80 / 80 / 80; 2 and 3 are equal
    # first: the chien plays on (tie: play_on); then 3 fails 80♠: 0 / 160 / 0, 2 wins
    first = _hearts("1", 110, FAILED)
    state = _game(CHIEN_PERTE, [first], deals=1)
    assert (state.totals, state.finished) == ({"1": -80, "2": 80, "3": 80}, False)
    second = {"taker": "3", "contract": 80, "trump": "S", "points": {"3": 40, "1": 60}}
    state = _game(CHIEN_PERTE, [first, second], deals=1)
    assert (state.totals, state.winner) == ({"1": 0, "2": 160, "3": 0}, "2")


# ---------------------------------------------------------------- 3. plus-que-la-defense

# fmt: off
PLUS_QUE_CASES: list[Case] = [
    # ≥ the bid (84 ≥ 80) but not more than the defence's total: 84 against 78 + belote 20
    # = 98: failed, 162 + 80 + the defence's belote 20
    Case("plus-que-la-defense: the defence's belote counts",
         _spades("A", 80, points={"A": 84}, belote="B"), False, {"A": 0, "B": 262}),
    # the defence's tierce counts too: 85 against 77 + 20 = 97; 162 + 80 + the tierce 20
    Case("plus-que-la-defense: the defence's announces count",
         _spades("A", 80, points={"A": 85}, announces={"B": ["tierce"]}), False,
         {"A": 0, "B": 262}),
    # and the takers' own: 76 + belote 20 = 96 ≥ 90 and > 86: made, 76 + 20 + 90 and 86
    Case("plus-que-la-defense: the takers' belote counts",
         _spades("A", 90, points={"A": 76}, belote="A"), True, {"A": 186, "B": 86}),
    # equal is not more: 81 against 81
    Case("plus-que-la-defense: equal totals fail", _spades("A", 80, points={"A": 81}), False,
         {"A": 0, "B": 242}),
    # equal tierces, the takers' counts: 82 + 20 = 102 against 80: made, 82 + 20 + 80 and 80
    Case("plus-que-la-defense: only counted announces",
         _spades("A", 80, points={"A": 82}, announces={"A": ["tierce"], "B": ["tierce"]},
                 announce_winner="A"), True, {"A": 182, "B": 80}),
]
# fmt: on


@pytest.mark.parametrize("case", PLUS_QUE_CASES, ids=row_id)
def test_plus_que_la_defense(case: Case) -> None:
    run_case(PLUS_QUE, case)


def test_standard_makes_what_the_defences_total_fails() -> None:
    # the first row under standard: 84 ≥ 82 and 84 + 0 ≥ 80: made, 84 + 80 and 78 + 20
    deal = _spades("A", 80, points={"A": 84}, belote="B")
    run_case("standard", Case("standard", deal, True, {"A": 164, "B": 98}))


# ---------------------------------------------------------------- 4. point-juste

A_104 = _spades("A", 100, points={"A": 104})  # rounded: 100 + 100 = 200 and 60
A_105 = _spades("A", 100, points={"A": 105})  # rounded: 110 + 100 = 210 and 60


def _exact(tmp_path: Path) -> str:
    """point-juste with today's ``exact``: the deal that ends the game, counted exactly."""
    path = tmp_path / "exact.yaml"
    path.write_text(f"extends: {POINT_JUSTE}\nname: exact\nrounding: {{last_deal: exact}}\n",
                    encoding="utf-8")
    return str(path)


def test_the_deal_the_time_limit_makes_the_last_is_counted_exactly() -> None:
    # "100 demandés + 104 faits = 204, l'équipe adverse marquera 58 points et on inscrira 204
    # et 58": the deal recorded 91 minutes after the first (90 allowed) is the last
    times = ["2026-11-30T20:00:00+00:00", "2026-11-30T21:29:00+00:00",
             "2026-11-30T21:31:00+00:00"]
    state = _game(POINT_JUSTE, [A_104] * 3, times)
    assert [row.result.scores for row in state.rows if row.result] == [
        {"A": 200, "B": 60}, {"A": 200, "B": 60}, {"A": 204, "B": 58}]
    assert (state.totals, state.finished, state.winner) == ({"A": 604, "B": 178}, True, "A")
    assert state.end is not None and state.end.reason == "time"


def test_a_deal_that_reaches_the_target_only_exactly_ends_the_game(tmp_path: Path) -> None:
    # to 404: 200 / 60, then 200 rounded (400) or 204 exact (404): the exact score ends it
    state = _game(POINT_JUSTE, [A_104, A_104], target=404)
    assert (state.totals, state.winner) == ({"A": 404, "B": 118}, "A")
    # `exact` counts exactly only a deal that ends the game rounded: this one does not
    state = _game(_exact(tmp_path), [A_104, A_104], target=404)
    assert (state.totals, state.finished) == ({"A": 400, "B": 120}, False)


def test_a_deal_that_reaches_the_target_only_rounded_up_does_not(tmp_path: Path) -> None:
    # to 408: 200 / 60, then 210 rounded (410) or 205 exact (405): counted exactly, the game
    # goes on (B 60 + 57)
    state = _game(POINT_JUSTE, [A_104, A_105], target=408)
    assert (state.totals, state.finished) == ({"A": 405, "B": 117}, False)
    # `exact` ends it on the rounded score, as before
    state = _game(_exact(tmp_path), [A_104, A_105], target=408)
    assert (state.totals, state.winner) == ({"A": 410, "B": 120}, "A")


def test_a_deal_that_ends_nothing_is_rounded() -> None:
    # the sheet's deal alone, far from 1000 and from the time: 200 and 60
    run_case(POINT_JUSTE, Case("point-juste: not the last", A_104, True, {"A": 200, "B": 60}))
    state = _game(POINT_JUSTE, [A_104, A_105])
    assert state.totals == {"A": 410, "B": 120}
