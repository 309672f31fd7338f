"""A deal's two spellings are a true pair: what ``to_words`` writes, ``from_words`` reads, and
the JSON form agrees with both."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche_cli.errors import DealError
from coinche_cli.rules.loader import builtin_names, load_rules
from coinche_cli.scoring.deal import ContractKind, Deal, Trump, deal_from_json
from tests.deals import valid_deals

VARIANTS = [(name, players) for name in builtin_names() for players in load_rules(name).players]


@pytest.mark.parametrize(("name", "players"), VARIANTS)
@given(data=st.data())
def test_from_words_reads_what_to_words_writes(name: str, players: int,
                                               data: st.DataObject) -> None:
    deal = data.draw(valid_deals(load_rules(name), players))
    assert Deal.from_words(deal.to_words()) == deal
    assert deal_from_json(deal.to_json()) == deal


@pytest.mark.parametrize(
    "deal",
    [
        Deal("A", ContractKind.CAPOT, Trump.H, capot="A"),
        Deal("B", ContractKind.GENERALE, Trump.S, coinche=2, generale=True),
        Deal("1", 110, Trump.TA, points={"1": 120, "2": 30}, belote=("1", "2")),
        Deal("A", 100, Trump.S, points={"A": 104}, belote=("A",),
             announces={"A": ("cinquante",), "B": ("cinquante",)}, announce_winner="A"),
    ],
)
def test_the_pair_holds_for_capots_generales_and_the_chien(deal: Deal) -> None:
    assert Deal.from_words(deal.to_words()) == deal


@pytest.mark.parametrize(
    ("words", "field"),
    [
        (["A", "100S", "104", "--belote"], "belote"),
        (["A", "100S", "104", "--bogus", "x"], "deal"),
        (["A", "100S", "104", "--capot", "A", "--capot", "B"], "capot"),
        (["A", "100S", "104", "--points", "A:20"], "points"),  # A's points given twice
    ],
)
def test_from_words_refuses_what_to_words_never_writes(words: list[str], field: str) -> None:
    with pytest.raises(DealError) as refused:
        Deal.from_words(words)
    assert refused.value.field == field
