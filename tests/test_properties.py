"""Invariants of scoring that hold for every variant and every deal it allows."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coinche_cli.rules.loader import builtin_names
from coinche_cli.rules.loader import load_rules as _load
from coinche_cli.rules.model import Rules
from coinche_cli.scoring.check import check_deal
from coinche_cli.scoring.deal import Deal
from coinche_cli.scoring.score import score_deal
from tests.deals import valid_deals
from tests.harness import Cli

_CACHE: dict[str, Rules] = {}


def load_rules(name: str) -> Rules:
    """The built-in rules, parsed once per test run (they are frozen)."""
    if name not in _CACHE:
        _CACHE[name] = _load(name)
    return _CACHE[name]


VARIANTS = [(name, players) for name in builtin_names() for players in load_rules(name).players]


@pytest.mark.parametrize(("name", "players"), VARIANTS)
@given(data=st.data())
def test_every_score_is_a_whole_number_at_least_zero(
    name: str, players: int, data: st.DataObject
) -> None:
    rules = load_rules(name)
    deal = data.draw(valid_deals(rules, players))
    result = score_deal(rules, deal, players)
    assert set(result.scores) == set(rules.sides(players))
    for value in result.scores.values():
        assert isinstance(value, int)
        assert value >= 0


@pytest.mark.parametrize("name", [n for n in builtin_names() if load_rules(n).team_game])
@given(data=st.data())
def test_defenders_points_are_the_mode_total_minus_the_takers(
    name: str, data: st.DataObject
) -> None:
    rules = load_rules(name)
    assert rules.rounding == "none"
    deal = data.draw(valid_deals(rules, 4))
    checked = check_deal(rules, deal, 4)
    (defenders,) = [s for s in checked.sides if s != deal.taker]
    assert checked.points[defenders] == checked.mode.total - checked.points[deal.taker]
    assert sum(checked.points.values()) == checked.mode.total


@pytest.mark.parametrize(("name", "players"), VARIANTS)
@given(data=st.data())
def test_more_card_points_never_lower_the_takers_score(
    name: str, players: int, data: st.DataObject
) -> None:
    rules = load_rules(name)
    deal = data.draw(valid_deals(rules, players))
    assert deal.points is not None
    taker = deal.taker
    room = rules.modes[deal.trump.value].total - sum(deal.points.values())
    if players == 4:
        room = rules.modes[deal.trump.value].total - deal.points[taker]
    if room == 0:
        return
    extra = data.draw(st.integers(1, room))
    more = deal._replace(points={**deal.points, taker: deal.points[taker] + extra})
    before = score_deal(rules, deal, players).scores[taker]
    after = score_deal(rules, more, players).scores[taker]
    assert after >= before


SCORE = Cli()  # in process, no store: `score` keeps none (and hypothesis wants no fixture)


@pytest.mark.parametrize(("name", "players"), VARIANTS)
@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_json_and_word_forms_score_the_same(name: str, players: int, data: st.DataObject) -> None:
    rules = load_rules(name)
    deal: Deal = data.draw(valid_deals(rules, players))
    common = ["score", "--rules", name, "--players", str(players)]
    by_words = SCORE.json(*common, *deal.to_words())
    by_json = SCORE.json(*common, "--deal", json.dumps(deal.to_json()))
    assert by_words["scores"] == by_json["scores"]
    assert by_words["made"] == by_json["made"]
    assert by_words["scores"] == dict(score_deal(rules, deal, players).scores)
