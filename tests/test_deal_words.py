"""A deal's two spellings are a true pair: what ``to_words`` writes, ``from_words`` reads, and
the JSON form agrees with both; and the words form reads a deal as a French table says it
(``100 à pique contrée``), quoting the word it cannot read with the option it names."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche_cli.errors import DealError
from coinche_cli.rules.loader import builtin_names, load_rules
from coinche_cli.scoring.deal import (
    ContractKind,
    Deal,
    Trump,
    deal_from_json,
    deal_from_words,
    is_pass,
    parse_contract,
)
from coinche_cli.scoring.score import score_deal
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


# --- natural French, wherever a deal is typed (issue 18, point 11) ----------------------------

@pytest.mark.parametrize(("typed", "contract", "trump", "coinche", "points"), [
    ("A 100 à pique 104", 100, Trump.S, 0, 104),
    ("A 100 a pique 104", 100, Trump.S, 0, 104),  # à without its accent
    ("A 100 À PIQUE 104", 100, Trump.S, 0, 104),
    ("A 100 à ♠ 104", 100, Trump.S, 0, 104),
    ("A 90 à cœur 95", 90, Trump.H, 0, 95),
    ("A 80 sans atout 90", 80, Trump.SA, 0, 90),
    ("A 80 Sans Atout 90", 80, Trump.SA, 0, 90),
    ("A 80 à sans atout 90", 80, Trump.SA, 0, 90),
    ("A 120 tout atout 150", 120, Trump.TA, 0, 150),
    ("A 120 tout-atout 150", 120, Trump.TA, 0, 150),
    ("A 80 SA 90", 80, Trump.SA, 0, 90),
    ("A 120 TA 150", 120, Trump.TA, 0, 150),
    ("A 100 pique contré 104", 100, Trump.S, 1, 104),
    ("A 100 pique contrée 104", 100, Trump.S, 1, 104),
    ("A 100 pique contree 104", 100, Trump.S, 1, 104),
    ("A 100 à pique surcontré 104", 100, Trump.S, 2, 104),
    ("A 100 à pique surcontrée 104", 100, Trump.S, 2, 104),
    ("A 80 sans atout contrée 90", 80, Trump.SA, 1, 90),
    ("A 100S contrée 104", 100, Trump.S, 1, 104),
    ("A capot à cœur", ContractKind.CAPOT, Trump.H, 0, None),
    ("A capot tout atout contré", ContractKind.CAPOT, Trump.TA, 1, None),
    # a trump that ends in x is a trump first: carreaux is not "carreau, coinché"
    ("A 100 carreaux 104", 100, Trump.D, 0, 104),
    ("A 100carreaux 104", 100, Trump.D, 0, 104),
    ("A 100carreauxx 104", 100, Trump.D, 1, 104),
    ("A 100Dxx 104", 100, Trump.D, 2, 104),
])  # fmt: skip
def test_a_contract_is_read_as_a_french_table_says_it(
        typed: str, contract: object, trump: Trump, coinche: int, points: int | None) -> None:
    words = typed.split()
    deal = deal_from_words(words)
    assert (deal.contract, deal.trump, deal.coinche) == (contract, trump, coinche)
    assert deal.points == (None if points is None else {"A": points})
    # game play's contract question reads the same words
    said = " ".join(words[1:] if points is None else words[1:-1])
    assert parse_contract(said) == (contract, trump, coinche)


@pytest.mark.parametrize(("typed", "scores"), [
    # variants.md, standard: made, the takers score card points + contract, the defenders
    # their card points; coinché ×2 on the winning side's whole score
    ("A 100 à pique 104", {"A": 204, "B": 58}),
    ("A 100 à pique contrée 104", {"A": 408, "B": 58}),
    ("A 100 pique surcontrée 104", {"A": 816, "B": 58}),
    # failed: the defenders score 162 + contract; SA and TA deal 162 too
    ("A 80 sans atout 70", {"A": 0, "B": 242}),
    ("A 120 tout atout contré 130", {"A": 500, "B": 32}),
])  # fmt: skip
def test_french_contracts_score_as_the_rules_say(typed: str, scores: dict[str, int]) -> None:
    rules = load_rules("standard")
    assert dict(score_deal(rules, deal_from_words(typed.split())).scores) == scores


@pytest.mark.parametrize(("typed", "field", "refusal"), [
    # a word the parser does not know is quoted as the word that failed
    ("A 100 piqe 104", "trump", "“piqe” is not a trump"),
    ("A 100 à piqe 104", "trump", "“piqe” is not a trump"),
    ("A 100 pique blah", "points", "“blah” is not a number of card points"),
    ("A 100S 104 blah", "deal", "unexpected word “blah”: a deal is TAKER CONTRACT [POINTS]"),
    ("A 100S 104 5", "deal", "unexpected word “5”"),
    # ... with the option it names when it is one
    ("A 100S 104 belote", "belote", "unexpected word “belote”: a belote is given with "
                                    "--belote SIDE"),
    ("A 100S belote", "belote", "--belote SIDE"),
    ("A 100S 104 Belote-Rebelote", "belote", "--belote SIDE"),
    ("A 100S 104 capot", "capot", "unexpected word “capot”: the side that won every trick is "
                                  "given with --capot SIDE"),
    ("A 100S 104 générale", "generale", "“générale”: a générale is given with --generale"),
    ("A 100S 104 cinquante", "announces", "“cinquante”: announces are given with --announce "
                                          "SIDE:NAME"),
    ("A 100S 104 annonces", "announces", "--announce SIDE:NAME"),
    ("A 100S 104 carré", "announces", "--announce SIDE:NAME"),
    ("A 100S 104 points", "points", "--points SIDE:N"),
    ("A 100 pique 104 contré", "coinche", "“contré”: contré or surcontré comes right after "
                                          "the contract"),
    # a contract coinché more than twice, or with no trump
    ("A 100 pique contré contré 104", "contract", "“100 pique contré contré” is not a "
                                                 "contract"),
    ("A 100Sx surcontrée 104", "contract", "is not a contract"),
    ("A 100 104", "contract", "“100” is not a contract"),
    ("passe", "deal", "“passe” is a deal everybody passed: give it alone"),
])  # fmt: skip
def test_a_word_that_fails_is_quoted_with_the_option_it_names(
        typed: str, field: str, refusal: str) -> None:
    with pytest.raises(DealError) as refused:
        deal_from_words(typed.split())
    assert refused.value.field == field
    assert refusal in refused.value.text


def test_an_announce_of_several_words_left_unquoted_is_shown_quoted() -> None:
    # the shell split --announce A:carré de valets: "de" and "valets" came as deal words
    with pytest.raises(DealError) as refused:
        deal_from_words(["A", "100S", "104", "de", "valets"], announce=["A:tierce,carré"])
    assert refused.value.text == ("announces: unexpected word “de”: quote an announce of "
                                  "several words (--announce \"A:tierce,carré de valets\")")


@pytest.mark.parametrize(("words", "passed"), [
    (["passe"], True), (["Passe"], True), (["pass"], True), (["PASSE "], True),
    (["p"], False), (["passe", "100S"], False), (["A", "passe"], False), ([], False),
])  # fmt: skip
def test_passe_alone_is_a_deal_everybody_passed(words: list[str], passed: bool) -> None:
    assert is_pass(words) is passed
