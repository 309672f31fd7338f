"""A points scale typed on the command line (issue 31, point 6): ``tournament new
--match-points`` and ``season new --points`` read the same two forms through one parser
(``cli.options.parse_points``): by key, the keys not given keeping their default, or every
number in the keys' order.  A bad scale is refused with one line naming the option."""

from __future__ import annotations

import pytest

from coinche_cli.cli.options import parse_points
from coinche_cli.errors import InputError
from tests.harness import Cli

MATCH = {"win": 3, "draw": 2, "loss": 1, "forfeit": 0}
SEASON = {"win": 4, "draw": 3, "loss": 2, "bye": 3, "forfeit": 0}


@pytest.mark.parametrize(("typed", "default", "read"), [
    ("3,2,1,0", MATCH, [3, 2, 1, 0]),
    ("5, 4 ,3,2", MATCH, [5, 4, 3, 2]),
    ("win=4", MATCH, [4, 2, 1, 0]),
    ("forfeit=2,win=6", MATCH, [6, 2, 1, 2]),
    ("Victoire=5, défaite=0", MATCH, [5, 2, 0, 0]),
    ("win=4,draw=3,loss=2,bye=3,forfeit=0", SEASON, [4, 3, 2, 3, 0]),
    ("exempt=9", SEASON, [4, 3, 2, 9, 0]),
    ("5,4,3,2,1", SEASON, [5, 4, 3, 2, 1]),
    ("win=1000000000", MATCH, [10**9, 2, 1, 0]),
    ("win=0001000000000", MATCH, [10**9, 2, 1, 0]),
])
def test_a_scale_by_key_or_in_order(typed: str, default: dict[str, int],
                                    read: list[int]) -> None:
    assert list(parse_points(typed, "--points", default).values()) == read


@pytest.mark.parametrize(("typed", "default", "line"), [
    ("", MATCH, "--x: give the points as KEY=N (e.g. win=4,loss=2) or as 4 numbers in the "
                "order win,draw,loss,forfeit"),
    ("3,2", MATCH, "--x: give 4 numbers in the order win,draw,loss,forfeit, or KEY=N (e.g. "
                   "win=4,loss=2); got “3,2”"),
    ("4,3,2,1", SEASON, "--x: give 5 numbers in the order win,draw,loss,bye,forfeit, or KEY=N "
                        "(e.g. win=4,loss=2); got “4,3,2,1”"),
    ("bye=3", MATCH, "--x: unknown key “bye” (keys: win, draw, loss, forfeit)"),
    ("win=3,2", MATCH, "--x: unknown key “2” (keys: win, draw, loss, forfeit)"),
    ("win=3,WIN=4", MATCH, "--x: “WIN” is given twice; give it once"),
    ("win=-1", MATCH, "--x: win=-1: points are a whole number from 0 to 1000000000"),
    ("3,2,x,0", MATCH, "--x: loss=x: points are a whole number from 0 to 1000000000"),
    ("win=1000000001", MATCH,
     "--x: win=1000000001: points are a whole number from 0 to 1000000000"),
    ("win=٣", MATCH, "--x: win=٣: points are a whole number from 0 to 1000000000"),
    ("3,2,1," + "9" * 5000, MATCH, "--x: forfeit=" + "9" * 79 + "…: points are a whole "
                                   "number from 0 to 1000000000"),
])
def test_a_bad_scale_is_refused_naming_the_option(typed: str, default: dict[str, int],
                                                  line: str) -> None:
    with pytest.raises(InputError) as refused:
        parse_points(typed, "--x", default)
    assert refused.value.text == line


def test_both_commands_read_the_keyed_form_and_refuse_in_one_line(cli: Cli) -> None:
    made = cli.json("tournament", "new", "Concours", "--deals", "4",
                    "--match-points", "win=4,forfait=1")
    assert made["settings"]["match_points"] == [4, 2, 1, 1]
    season = cli.json("season", "new", "Challenge", "--points", "5,4,3,2,1")
    assert season["points"] == {"win": 5, "draw": 4, "loss": 3, "bye": 2, "forfeit": 1}
    assert cli.refused("tournament", "new", "Autre", "--deals", "4", "--match-points",
                       "bye=2") == ("error: --match-points: unknown key “bye” (keys: win, "
                                    "draw, loss, forfeit)")
    assert cli.refused("season", "new", "Autre", "--points", "4,3") == (
        "error: --points: give 5 numbers in the order win,draw,loss,bye,forfeit, or KEY=N "
        "(e.g. win=4,loss=2); got “4,3”")


def test_a_french_refusal_names_the_keys_a_french_secretary_types(cli: Cli) -> None:
    """The keys in the language in force, the key as typed (« victoire », not win)."""
    nbsp = "\u00a0"
    refused = cli.run("--lang", "fr", "tournament", "new", "Concours", "--deals", "4",
                      "--match-points", "bye=1", code=2)
    assert refused.stderr == (f"erreur{nbsp}: --match-points{nbsp}: clé inconnue «{nbsp}bye{nbsp}» "
                              f"(clés{nbsp}: victoire, nul, défaite, forfait)\n")
    refused = cli.run("--lang", "fr", "season", "new", "S", "--points", "victoire=x", code=2)
    assert refused.stderr == (f"erreur{nbsp}: --points{nbsp}: victoire=x{nbsp}: les points sont "
                              "un nombre entier de 0 à 1000000000\n")
