"""Hostile or careless values typed at the command line (issue 8, points 7-10).

Numbers no store holds, text that is not UTF-8, JSON nested past the interpreter's stack,
names that are escape sequences or a line forged into a listing, announces no hand holds:
each is refused with exit code 2 and one line naming the field, the store unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import Concours
from tests.harness import Cli

HUGE = "9" * 5000


def _game(hostile: Cli) -> None:
    hostile.run("game", "new", "--team", "Les As", "--team", "Les Rois")


# ---------------------------------------------------------------- 8. numbers


@pytest.mark.parametrize("words", [
    ("game", "show", "--game", "1" + "0" * 20),  # a game id past what SQLite holds
    ("game", "use", "1" + "0" * 20),
    ("game", "add", "A", "80S", HUGE),  # points of 5,000 digits
    ("game", "add", "A", "80S", "100", "--points", f"B:{HUGE}"),
    ("game", "add", "A", f"{HUGE}S", "100"),
    ("game", "add", "A", "80S", "²"),  # Python counts these as digits: they are not
    ("game", "add", "A", "80S", "①"),
    ("game", "new", "--target", "1" + "0" * 20),
    ("game", "edit", HUGE, "A", "80S", "100"),
])
def test_numbers_no_store_holds_are_refused(hostile: Cli, words: tuple[str, ...]) -> None:
    _game(hostile)
    line = hostile.refused(*words)
    assert len(line) < 300  # quoting at most 80 characters of what was typed


@pytest.mark.parametrize("words", [
    ("result", "1", "1e300", "100"),
    ("result", "1", HUGE, "100"),
    ("result", "1", "100", "1" + "0" * 20),
    ("penalty", "Les As", "1" + "0" * 20, "--reason", "renonce"),
    ("new", "Autre", "--deals", "1" + "0" * 20),
    ("new", "Autre", "--deals", "4", "--bye-points", HUGE),
    ("new", "Autre", "--deals", "4", "--match-points", f"3,2,1,{HUGE}"),
])
def test_tournament_numbers_no_store_holds_are_refused(hostile: Cli, concours: Concours,
                                                       words: tuple[str, ...]) -> None:
    director = concours(2, on=hostile, pair=True)
    assert len(director.refused(*words)) < 300


def test_a_deal_as_json_cannot_run_away(hostile: Cli) -> None:
    _game(hostile)
    for text in ("[" * 100_000, "[" * 9_000 + "]" * 9_000, '{"taker": "A", "contract": ' + HUGE
                 + ', "trump": "S"}', json.dumps({"taker": "A", "contract": 80, "trump": "S",
                                                  "points": {"A": 10**20}})):
        line = hostile.refused("game", "add", "--deal", "-", stdin=text)
        assert line.startswith("error: deal: ") or line.startswith("error: points: "), line


def test_a_sides_points_given_twice_are_refused(hostile: Cli) -> None:
    _game(hostile)
    assert hostile.refused("game", "add", "A", "80S", "104", "--points", "A:20") == (
        "error: points: the points of A are given twice; give them once")
    deal = json.dumps({"taker": "A", "contract": 80, "trump": "S",
                       "points": {"A": 100, "a": 62}})
    assert "given twice" in hostile.refused("game", "add", "--deal", deal)


# ---------------------------------------------------------------- 9. not UTF-8


def test_arguments_that_are_not_utf8_are_refused(hostile: Cli) -> None:
    ran = hostile.invoke("game", "new", "--team", b"Les \xe9t\xe9s")  # cp1252 bytes
    assert ran.code == 2 and ran.stderr == (
        "error: argument 6: not UTF-8 text (retype it, or check the terminal's encoding)\n")
    assert hostile.db is not None and not hostile.db.exists()


def test_a_deal_on_stdin_that_is_not_utf8_is_refused(hostile: Cli) -> None:
    _game(hostile)
    line = hostile.refused("game", "add", "--deal", "-",
                           stdin=b'{"taker": "\xe9", "contract": 80, "trump": "S"}')
    assert line == "error: deal: the deal is not UTF-8 text"


def test_game_play_asks_again_after_an_answer_that_is_not_utf8(hostile: Cli) -> None:
    _game(hostile)
    ran = hostile.run("game", "play", stdin=b"A\n\xff\xfe\n80S\n100\n\n\nq\n")
    assert "error: contract: not UTF-8 text" in ran.stdout
    assert hostile.json("game", "show")["totals"] == {"A": 180, "B": 62}


# ---------------------------------------------------------------- 10. names are data


NAMES = [
    "Les\nAs",  # a newline would forge a line in `team list`
    "\x1b[2J\x1b[31mLes As",  # ESC sequences: clear the screen, colour
    "\x1b]8;;http://example.com\x1b\\clic\x1b]8;;\x1b\\",  # an OSC 8 terminal link
    "Les \u202eSA",  # a right-to-left override
    "Les\x85As",  # C1 next line
    "X" * 101,  # past 100 characters
]


@pytest.mark.parametrize("name", NAMES)
def test_names_that_are_not_data_are_refused_at_entry(hostile: Cli, concours: Concours,
                                                     name: str) -> None:
    assert hostile.refused("game", "new", "--team", name, "--team", "B").startswith(
        "error: team: ")
    director = concours(2, on=hostile, pair=True)
    for words in (("team", "add", name), ("team", "add", "Les Dix", "--players", name),
                  ("team", "add", "Les Dix", "--club", name), ("new", name, "--deals", "4"),
                  ("penalty", "Les As", "10", "--reason", name)):
        line = director.refused(*words)
        assert "\x1b" not in line and "\u202e" not in line and len(line) < 300


def test_names_with_brackets_are_printed_as_typed(hostile: Cli) -> None:
    director = hostile.under("tournament")
    director.run("new", "C", "--deals", "4", "--registration-order")
    for team in ("Les [/] As", "[bold red]x"):
        director.run("team", "add", team)
    director.run("pair")
    director.run("result", "1", "900", "700")
    for words in (("standings",), ("standings", "--wide"), ("show",), ("team", "list")):
        out = director.run(*words).stdout
        assert "Les [/] As" in out and "[bold red]x" in out
    hostile.run("game", "new", "--team", "Les [/] As", "--team", "[bold red]x")
    hostile.run("game", "add", "Les [/]", "80S", "100")
    assert "Les [/] As" in hostile.run("game", "show").stdout


# ---------------------------------------------------------------- 7. what a hand can hold


@pytest.mark.parametrize(("announce", "reason"), [
    ("A:tierce,tierce,tierce,cinquante,cent", "A declares 5 sequences"),
    ("A:carré d'as,carre-A", "the carré d'as is declared twice"),
    ("A:carre,carre,carre --B:carre,carre", "5 carrés worth 100 are declared in this deal"),
    ("A:carre-J,carre-9,carre,carre-Q,carre-K", "A declares 5 carrés"),
])
def test_announces_no_hand_holds_are_refused(hostile: Cli, announce: str, reason: str) -> None:
    _game(hostile)
    options = [word for part in announce.split(" --") for word in ("--announce", part)]
    line = hostile.refused("game", "add", "A", "80S", "100", *options)
    assert line.startswith("error: announces: ") and reason in line


def test_the_chien_holds_the_carres_of_its_hands(hostile: Cli) -> None:
    """Issue 33, item 3: the bound comes from a hand, the deck shared among the players (ten
    cards each at three), not from a team game's sixteen cards a side."""
    assert hostile.refused("score", "--rules", "chien", "1", "100S", "60", "-p", "2:50",
                           "--announce", "1:carre,carre,carre") == (
        "error: announces: 1 declares 3 carrés: a side's 10 cards hold at most 2")
    scored = hostile.json("score", "--rules", "chien", "1", "100S", "60", "-p", "2:50",
                          "--announce", "1:carre,carre")
    assert scored["scores"]["1"] > hostile.json("score", "--rules", "chien", "1", "100S", "60",
                                                "-p", "2:50")["scores"]["1"]


def test_a_carre_that_names_no_rank_may_be_declared_twice(hostile: Cli) -> None:
    """Issue 33, item 3: four aces and four kings are one hand; "carré" names no rank, so two
    of them are two of the four carrés worth 100, and each scores."""
    _game(hostile)
    hostile.run("game", "add", "A", "100S", "104", "--announce", "A:carre,carre")
    assert hostile.json("game", "show")["deals"][-1]["scores"] == {"A": 404, "B": 58}
    # with a carré that names its rank, up to the four carrés worth 100 the deck holds
    assert hostile.json("score", "A", "100S", "104", "--announce", "A:carré,carré d'as",
                        "--announce", "B:carre,carre", "--announce-winner", "A",
                        )["deal"]["announces"] == {
        "A": ["carré", "carré d'as"], "B": ["carre", "carre"]}
    # a carré that names its rank is still one in the deal, whoever declares it
    assert hostile.refused("score", "A", "100S", "104", "--announce", "A:carré de rois",
                           "--announce", "B:carre-K") == (
        "error: announces: the carré de rois is declared twice in this deal: a rank has four "
        "cards")


def test_a_separator_that_cannot_separate_is_refused(hostile: Cli) -> None:
    _game(hostile)
    for sep in ("", ";;", '"', "\n", "a"):
        assert hostile.refused("game", "export", "--csv", "out.csv", "--sep", sep).startswith(
            "error: sep: ")


def test_a_tournament_holds_at_most_ten_thousand_teams(hostile: Cli, tmp_path: Path) -> None:
    director = hostile.under("tournament")
    director.run("new", "Grand concours", "--deals", "4")
    teams = tmp_path / "equipes.csv"
    teams.write_text("équipe\n" + "".join(f"Équipe {n:05d}\n" for n in range(10_000)),
                     encoding="utf-8")
    director.run("team", "import", str(teams))
    assert director.refused("team", "add", "Une de trop") == (
        "error: a tournament holds at most 10000 teams (10000 are registered)")


def test_a_read_only_store_is_one_line() -> None:
    """Root writes read-only files anyway, so the real-process test above cannot run as root:
    the translation of SQLite's error is checked here."""
    import sqlite3

    from coinche_cli.store.sqlite import failure

    error = failure(sqlite3.OperationalError("attempt to write a readonly database"),
                    Path("/srv/coinche.db"))
    assert (error.exit_code, error.text) == (
        1, "/srv/coinche.db cannot be written (read-only); check its permissions")
