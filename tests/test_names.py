"""One folding and one resolver for every name a user types (``coinche_cli.names``).

The cases are the ones a table meets: accents typed or not, a word of a team's name, a side
letter that is also the start of the other team's name.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche_cli.errors import InputError
from coinche_cli.game.state import Setup
from coinche_cli.names import NameIndex, fold
from coinche_cli.rules.loader import load_rules
from tests.harness import Cli


@pytest.mark.parametrize(
    ("typed", "folded"),
    [
        ("Les Étés", "les etes"),
        ("  LES   ÉTÉS ", "les etes"),
        ("Dédé et Lulu", "dede et lulu"),
        ("L’Équipe", "l'equipe"),
        ("nom_d_equipe", "nom d equipe"),
        ("Straße", "strasse"),  # casefold, not lower
    ],
)
def test_fold(typed: str, folded: str) -> None:
    assert fold(typed) == folded


@given(st.text())
def test_fold_is_idempotent(text: str) -> None:
    assert fold(fold(text)) == fold(text)


def _game(a: str, b: str) -> Setup:
    return Setup(load_rules("standard"), 4, {"A": a, "B": b})


# (team A, team B, typed, side it names); each case a sentence of the issue or the README
RESOLVED = [
    ("Les As", "Les Rois", "A", "A"),  # a side letter
    ("Les As", "Les Rois", "b", "B"),
    ("Les As", "Les Rois", "les as", "A"),  # the whole name, any case
    ("Les As", "Les Rois", "rois", "B"),  # a word of the name
    ("Les As", "Les Rois", "Les R", "B"),  # the start of the name
    ("Les Étés", "Les Rois", "les etes", "A"),  # accents left out
    ("Les As", "Les Assassins", "les as", "A"),  # a whole name beats a longer one
    ("Les Cinquante", "Tout Atout", "A", "A"),  # a word of B starting with A: the letter wins
    ("Dédé et Lulu", "Les Tontons", "lulu", "A"),
]


@pytest.mark.parametrize(("a", "b", "typed", "side"), RESOLVED)
def test_a_side_is_found(a: str, b: str, typed: str, side: str) -> None:
    assert _game(a, b).side(typed) == side


# (team A, team B, typed, the candidates the refusal lists)
AMBIGUOUS = [
    # the example: b is side B, and the start of "Bernard et Jacky" (A)
    ("Bernard et Jacky", "Alain et Momo", "b", ("A (“Bernard et Jacky”)", "B (“Alain et Momo”)")),
    ("Bernard et Jacky", "Alain et Momo", "A", ("A (“Bernard et Jacky”)", "B (“Alain et Momo”)")),
    # L starts "Les Tontons" and a word of "Dédé et Lulu"
    ("Les Tontons", "Dédé et Lulu", "L", ("A (“Les Tontons”)", "B (“Dédé et Lulu”)")),
    ("Les As", "Les Rois", "les", ("A (“Les As”)", "B (“Les Rois”)")),
]


@pytest.mark.parametrize(("a", "b", "typed", "candidates"), AMBIGUOUS)
def test_a_name_that_could_be_two_sides_is_refused(a: str, b: str, typed: str,
                                                   candidates: tuple[str, ...]) -> None:
    with pytest.raises(InputError) as refused:
        _game(a, b).side(typed, "belote")
    text = refused.value.text
    assert text.startswith(f"belote: “{typed}” could be several sides")  # as typed
    for candidate in candidates:
        assert candidate in text


def test_an_unknown_name_suggests_the_closest() -> None:
    with pytest.raises(InputError) as refused:
        _game("Les Tontons", "Dédé et Lulu").side("les tontos")
    assert refused.value.field == "taker"
    assert "“les tontos”" in refused.value.text  # echoed as typed, not upper-cased
    assert "did you mean “Les Tontons”?" in refused.value.text


def test_an_error_quotes_at_most_80_characters_of_what_was_typed() -> None:
    with pytest.raises(InputError) as refused:
        _game("Les As", "Les Rois").side("x" * 5000)
    assert len(refused.value.text) < 300


def test_clashes_find_names_equal_once_folded() -> None:
    index = NameIndex([(1, "Les Étés", ""), (2, "Les Rois", "")])
    assert index.clashes("les etes") == [1]
    assert index.clashes("Les Dames") == []


def test_a_thousand_teams_resolve_by_bisection() -> None:
    index = NameIndex((n, f"Équipe {n:04d}", "") for n in range(1000))
    assert index.resolve("equipe 0042", field="team", kind="team") == 42
    assert index.candidates("équipe 004") == list(range(40, 50))
    assert index.candidates("0999") == [999]  # a word of the name


def test_a_game_whose_two_names_fold_alike_is_refused_at_game_new(cli: Cli) -> None:
    assert cli.refused("game", "new", "--team", "Les Étés", "--team", "Les Etes") == (
        "error: “Les Étés” and “Les Etes” are the same name (case and accents aside); give "
        "each side its own name")


def test_a_tournament_team_is_found_by_a_word_and_refused_when_it_could_be_two(cli: Cli) -> None:
    director = cli.under("tournament")
    director.run("new", "Concours", "--deals", "4", "--seed", "1")
    for team in ("Les As", "Les Rois", "Dédé et Lulu", "Les Tontons"):
        director.run("team", "add", team)
    director.run("team", "drop", "lulu")  # a word of "Dédé et Lulu"
    refused = director.refused("team", "drop", "L")
    assert refused.startswith("error: team: “L” could be several teams:")
    assert "“Les As”" in refused and "“Les Tontons”" in refused
