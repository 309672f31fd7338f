"""``coinche game play``: every answer is checked the moment it is typed.

The rule sheet of the interactive loop, driven through the command line with a scripted
stdin (and once in a real process, once through ``play_loop`` itself for Ctrl-C):

- a points answer that is not a whole number, is outside ``0..total`` of the contract's mode,
  or cannot be this deal's, is refused at once and asked again; the answers before it stay;
- a blank points answer ("capot made") is offered and taken for capot and générale only;
- ``q`` leaves at every question; the deal being entered is dropped, saved deals stay;
- lists are separated by commas or spaces alike (``A,A`` is ``A A``);
- as before: ``u`` undoes and ``p`` passes at the taker question, a bad answer is asked
  again with the others kept, end of input leaves cleanly.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from coinche_cli.cli.game_play import play_loop
from coinche_cli.store.sqlite import SqliteStore
from tests.harness import Cli

#: how each question's prompt starts, to read a session back as the questions it asked
PROMPTS = {
    "taker (": "taker", "contract:": "contract", "taker's card points": "points",
    "other player": "others", "belote:": "belote", "announces ": "announces",
    "equal best announces": "winner",
}  # fmt: skip


def transcript(stdout: str) -> list[str]:
    """The session as it went: each prompt as its question's name, each refusal as its
    ``error: …`` line (the totals and deal lines are left out)."""
    steps: list[str] = []
    for line in stdout.splitlines():
        for part in line.split("> "):
            name = next((q for start, q in PROMPTS.items() if part.startswith(start)), None)
            if name is not None:
                steps.append(name)
            elif part.startswith("error: "):
                steps.append(part)
    return steps


def play(cli: Cli, *answers: str) -> str:
    """Run ``game play`` with ``answers``, one a line; it must leave with exit code 0."""
    return cli.run("game", "play", stdin="\n".join(answers) + "\n").stdout


def deals(cli: Cli) -> list[Any]:
    """The deals of the current game as stored (``None``: everybody passed)."""
    return [row["deal"] for row in cli.json("game", "show")["deals"]]


@pytest.fixture
def teams(cli: Cli) -> Cli:
    """A standard game, Nous (A) against Eux (B)."""
    cli.run("game", "new", "--team", "Nous", "--team", "Eux")
    return cli


# --- points are checked as soon as they are typed ------------------------------------------

@pytest.mark.parametrize(("typed", "refusal"), [
    ("abc", "error: points: 'abc' is not a number of card points"),
    ("-4", "error: points: '-4' is not a number of card points"),
    ("104.5", "error: points: '104.5' is not a number of card points"),
    ("²", "error: points: '²' is not a number of card points"),  # a digit to Python only
    ("163", "error: points: A: 163 is outside 0..162"),
    ("", "error: points: give the taker's card points (a blank answer is only for a capot "
         "or a générale made)"),
])  # fmt: skip
def test_a_bad_points_answer_is_refused_at_once_and_asked_again(
        teams: Cli, typed: str, refusal: str) -> None:
    out = play(teams, "Nous", "100S", typed, "104", "", "", "q")
    assert transcript(out)[:7] == ["taker", "contract", "points", refusal, "points", "belote",
                                   "announces"]
    assert deals(teams) == [{"taker": "A", "contract": 100, "trump": "S", "coinche": 0,
                             "points": {"A": 104}}]


def test_the_points_range_is_the_contract_modes(cli: Cli) -> None:
    # club deals 258 points in tout-atout, 162 in a suit
    cli.run("game", "new", "--rules", "club")
    out = play(cli, "A", "100S", "200", "100", "", "", "B", "120TA", "200", "", "", "q")
    assert transcript(out)[2:5] == ["points", "error: points: A: 200 is outside 0..162",
                                    "points"]
    assert "taker's card points 0..258" in out
    assert [deal["points"] for deal in deals(cli)] == [{"A": 100}, {"B": 200}]


def test_the_other_players_points_are_checked_when_typed(cli: Cli) -> None:
    cli.run("game", "new", "--rules", "chien", "--player", "Ana", "--player", "Bob",
            "--player", "Cyd")
    out = play(cli, "Ana", "100H", "90", "", "2:30, 3:50", "2:1000", "1:10", "2 : 30", "", "", "q")
    assert transcript(out)[:11] == [
        "taker", "contract", "points", "others",
        "error: points: give the points of 2 of the 3 sides (the last is derived)", "others",
        "error: points: the sides' points add up to 170, but H deals 162", "others",
        "error: points: 2: 1000 is outside 0..162", "others",
        "error: points: the points of 1 are given twice; give them once",
    ]
    assert deals(cli)[0]["points"] == {"1": 90, "2": 30}


def test_two_players_give_both_players_points(cli: Cli) -> None:
    # ten cards are dead: the other player's points are asked, and may not pass the total
    cli.run("game", "new", "--rules", "chien", "--player", "Ana", "--player", "Bob")
    out = play(cli, "Ana", "100H", "90", "100", "50", "", "", "q")
    assert transcript(out)[:8] == [
        "taker", "contract", "points", "others",
        "error: points: the players' points add up to 190, more than the 162 in play",
        "others", "belote", "announces"]
    assert deals(cli)[0]["points"] == {"1": 90, "2": 50}


def test_a_capot_the_points_deny_is_refused_with_the_announces(teams: Cli) -> None:
    # A made 100 card points, so B cannot have won every trick: the announces are asked again
    out = play(teams, "A", "100S", "100", "", "capot:B", "", "q")
    assert transcript(out)[4:7] == [
        "announces", "error: capot: side B won every trick, so A cannot have 100 points",
        "announces"]
    assert deals(teams)[0]["points"] == {"A": 100}


# --- the blank "capot made" answer -----------------------------------------------------------

def test_a_blank_points_answer_is_offered_for_capot_only(teams: Cli) -> None:
    out = play(teams, "A", "100S", "104", "", "", "B", "capotH", "", "", "", "q")
    prompts = [line for line in out.replace("> ", ">\n").splitlines()
               if line.startswith("taker's card points")]
    assert prompts == ["taker's card points 0..162, dix de der included>",
                       "taker's card points 0..162, dix de der included (blank: capot made)>"]
    capot = deals(teams)[1]
    assert (capot["contract"], capot.get("points")) == ("capot", None)
    assert teams.json("game", "show")["deals"][1]["made"] is True


def test_a_blank_points_answer_makes_a_generale(cli: Cli) -> None:
    cli.run("game", "new", "--rules", "generale")
    out = play(cli, "A", "generaleS", "", "", "", "q")
    assert "(blank: générale made)>" in out
    assert "error:" not in out
    assert cli.json("game", "show")["deals"][0]["made"] is True


def test_a_chien_capot_made_asks_no_other_points(cli: Cli) -> None:
    cli.run("game", "new", "--rules", "chien", "--player", "Ana", "--player", "Bob",
            "--player", "Cyd")
    out = play(cli, "Ana", "capotH", "", "", "", "q")
    assert transcript(out) == ["taker", "contract", "points", "belote", "announces", "taker"]
    assert cli.json("game", "show")["totals"] == {"1": 250, "2": 0, "3": 0}


# --- q leaves at every question ---------------------------------------------------------------

FIRST = ["A", "100S", "104", "", ""]  # a whole deal: taker, contract, points, belote, announces


@pytest.mark.parametrize("asked", range(5))
@pytest.mark.parametrize("word", ["q", "Q", "quit"])
def test_q_leaves_at_every_question_and_drops_the_deal_being_entered(
        teams: Cli, asked: int, word: str) -> None:
    out = play(teams, *FIRST, *FIRST[:asked], word, "B", "80H", "90", "", "")
    assert transcript(out)[-1] == ["taker", "contract", "points", "belote", "announces"][asked]
    assert ("the deal being entered is not saved" in out.splitlines()) == (asked > 0)
    assert out.rstrip().endswith("saved: 1 deal in this game")
    assert len(deals(teams)) == 1  # the first deal stays, nothing after the q is read


def test_q_leaves_at_the_other_players_and_winner_questions(cli: Cli) -> None:
    cli.run("game", "new", "--rules", "chien", "--player", "Ana", "--player", "Bob",
            "--player", "Cyd")
    out = play(cli, "Ana", "100H", "90", "q")
    assert transcript(out)[-1] == "others"
    cli.run("game", "new")
    out = play(cli, "A", "100S", "100", "", "A:tierce B:tierce", "q")
    assert transcript(out)[-1] == "winner"
    assert deals(cli) == []


# --- lists: commas or spaces ------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["A A", "A,A", "A, A", " A , A ", "Nous,nous"])
def test_belote_holders_are_separated_by_commas_or_spaces(teams: Cli, typed: str) -> None:
    # tout-atout: every suit's king and queen is a belote
    out = play(teams, "A", "100TA", "104", typed, "", "q")
    assert "error:" not in out
    assert len(deals(teams)[0]["belote"]) == 2


def test_a_belote_the_mode_does_not_allow_is_refused_at_once(teams: Cli) -> None:
    out = play(teams, "A", "100S", "104", "A,B", "A", "", "q")
    assert transcript(out)[3:6] == [
        "belote", "error: belote: at most 1 belote in S under standard, got 2", "belote"]
    assert deals(teams)[0]["belote"] == ["A"]


def test_a_side_named_in_several_words_is_one_belote(cli: Cli) -> None:
    cli.run("game", "new", "--team", "Les As", "--team", "Les Bleus")
    play(cli, "A", "100S", "104", "Les Bleus", "", "q")
    assert deals(cli)[0]["belote"] == ["B"]
    assert cli.json("game", "show")["deals"][0]["scores"]["B"] == 58 + 20


@pytest.mark.parametrize("typed", ["A:tierce,cinquante", "A:tierce, cinquante",
                                   "A : tierce cinquante", "a:tierce,a:cinquante"])
def test_announces_are_separated_by_commas_or_spaces(teams: Cli, typed: str) -> None:
    out = play(teams, "A", "100S", "104", "", typed, "q")
    assert "error:" not in out
    assert teams.json("game", "show")["deals"][0]["scores"]["A"] == 104 + 70 + 100


def test_equal_best_announces_ask_which_side_counts(teams: Cli) -> None:
    out = play(teams, "A", "100S", "100", "", "A:tierce, B:tierce", "", "C", "B", "q")
    assert transcript(out)[4:10] == [
        "announces", "winner", "error: announce_winner: missing", "winner",
        "error: announce_winner: 'C' is not a side here (sides: A (\"Nous\"), B (\"Eux\"))",
        "winner"]
    assert deals(teams)[0]["announce_winner"] == "B"


# --- what the loop already did, still done ---------------------------------------------------

def test_pass_undo_and_a_bad_contract_keep_working(teams: Cli) -> None:
    out = play(teams, "p", "Eux", "85H", "90H", "95", "", "", "u", "u", "u", "q")
    assert transcript(out) == [
        "taker", "taker", "contract",
        "error: contract: 85 is not a bid in standard (bids are 80..160 by 10, or capot)",
        "contract", "points", "belote", "announces",  # the taker was kept
        "taker", "taker", "taker", "error: no deal to undo", "taker"]
    assert deals(teams) == []


def test_end_of_input_in_the_middle_of_a_deal_leaves_cleanly(teams: Cli) -> None:
    out = teams.run("game", "play", stdin="\n".join([*FIRST, "B", "80H"])).stdout
    assert out.rstrip().endswith("the deal being entered is not saved\nsaved: 1 deal in this "
                                 "game")
    assert len(deals(teams)) == 1


def test_ctrl_c_in_the_middle_of_a_deal_leaves_cleanly(
        teams: Cli, store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = iter([*FIRST, "B", "80H"])

    def read(prompt: str) -> str:
        answer = next(script, None)
        if answer is None:
            raise KeyboardInterrupt
        return answer

    play_loop(SqliteStore(store), None, read)
    assert capsys.readouterr().out.rstrip().endswith(
        "the deal being entered is not saved\nsaved: 1 deal in this game")
    assert len(deals(teams)) == 1


def test_the_installed_command_checks_answers_as_typed(cli: Cli, cli_process: Cli) -> None:
    cli.run("game", "new", "--team", "Nous", "--team", "Eux")
    out = play(cli_process, "Nous", "100S", "", "1O4", "104", "A,A", "A", "B:tierce, cinquante",
               "B", "capotH", "q")
    assert transcript(out) == [
        "taker", "contract", "points",
        "error: points: give the taker's card points (a blank answer is only for a capot or "
        "a générale made)",
        "points", "error: points: '1O4' is not a number of card points",
        "points", "belote", "error: belote: at most 1 belote in S under standard, got 2",
        "belote", "announces",
        "taker", "contract", "points"]
    assert deals(cli) == [{"taker": "A", "contract": 100, "trump": "S", "coinche": 0,
                           "points": {"A": 104}, "belote": ["A"],
                           "announces": {"B": ["tierce", "cinquante"]}}]
