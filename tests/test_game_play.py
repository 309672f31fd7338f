"""``coinche game play``: every answer is checked the moment it is typed.

The rule sheet of the interactive loop, driven through the command line with a scripted
stdin (and once in a real process, once through ``play_loop`` itself for Ctrl-C):

- a points answer that is not a whole number, is outside ``0..total`` of the contract's mode,
  or cannot be this deal's, is refused at once and asked again; the answers before it stay;
- a blank points answer ("capot made") is offered and taken for capot and générale only;
- ``q`` leaves at every question; the deal being entered is dropped, saved deals stay;
- lists are separated by commas or spaces alike (``A,A`` is ``A A``);
- as before: ``u`` undoes and ``p`` passes at the taker question, a bad answer is asked
  again with the others kept, end of input leaves cleanly;
- ``<`` (``back``, ``retour``) goes back to the question answered before, its answer and
  those after it asked again (a contract gets its ``contré`` without losing the deal);
- announces of several words are read whole (``carré de valets``) and refused in words.
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
    ``error: …`` line, each step back as its ``back …`` line (the totals and deal lines are
    left out)."""
    steps: list[str] = []
    for line in stdout.splitlines():
        for part in line.split("> "):
            name = next((q for start, q in PROMPTS.items() if part.startswith(start)), None)
            if name is not None:
                steps.append(name)
            elif part.startswith(("error: ", "back one question")):
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
    ("abc", "error: points: “abc” is not a number of card points"),
    ("-4", "error: points: “-4” is not a number of card points"),
    ("104.5", "error: points: “104.5” is not a number of card points"),
    ("²", "error: points: “²” is not a number of card points"),  # a digit to Python only
    ("163", "error: points: A: 163 is outside 0..162"),
    ("", "error: points: give the taker's card points (blank: a capot or générale made)"),
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
        "announces", "winner", "error: --announce-winner: missing", "winner",
        "error: --announce-winner: “C” is not a side (A, B or their names)",
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
        "error: points: give the taker's card points (blank: a capot or générale made)",
        "points", "error: points: “1O4” is not a number of card points",
        "points", "belote", "error: belote: at most 1 belote in S under standard, got 2",
        "belote", "announces",
        "taker", "contract", "points"]
    assert deals(cli) == [{"taker": "A", "contract": 100, "trump": "S", "coinche": 0,
                           "points": {"A": 104}, "belote": ["A"],
                           "announces": {"B": ["tierce", "cinquante"]}}]


# --- going back one question (issue 18, point 5) -----------------------------------------------

def test_back_from_the_points_lets_the_contract_get_contre_added(teams: Cli) -> None:
    # standard (variants.md): 100♠ contré made with 104 is (104 + 100) × 2 = 408, the
    # defence's 58; nothing is dropped, nothing is undone
    out = play(teams, "Nous", "100 à pique", "<", "100 à pique contré", "104", "", "", "q")
    assert transcript(out)[:7] == ["taker", "contract", "points",
                                   "back one question; the answer was: 100 à pique",
                                   "contract", "points", "belote"]
    game = teams.json("game", "show")
    assert [d["deal"]["coinche"] for d in game["deals"]] == [1]
    assert game["totals"] == {"A": 408, "B": 58}
    assert game["history"] == []


@pytest.mark.parametrize("word", ["<", "back", "retour", "Retour", "BACK"])
def test_back_words_go_back_at_any_question(teams: Cli, word: str) -> None:
    # from the announces to the belote (left blank), then to the points, answered again
    out = play(teams, "A", "100S", "140", "", word, word, "104", "A", "", "q")
    assert transcript(out)[:11] == [
        "taker", "contract", "points", "belote", "announces",
        "back one question; the answer was blank", "belote",
        "back one question; the answer was: 140", "points", "belote", "announces"]
    assert deals(teams) == [{"taker": "A", "contract": 100, "trump": "S", "coinche": 0,
                             "points": {"A": 104}, "belote": ["A"]}]


def test_back_goes_back_to_the_taker_but_not_before_it(teams: Cli) -> None:
    out = play(teams, "<", "A", "<", "<", "B", "90H", "95", "", "", "q")
    nothing = ("error: nothing to go back to: this is the deal's first question (u undoes the "
               "last saved deal)")
    assert transcript(out)[:7] == ["taker", nothing, "taker", "contract",
                                   "back one question; the answer was: A", "taker", nothing]
    assert [d["deal"]["taker"] for d in teams.json("game", "show")["deals"]] == ["B"]


def test_back_skips_the_questions_the_deal_did_not_ask(cli: Cli) -> None:
    # chien, 3 players: a capot made settles the deal, so the other players' points are not
    # asked; back from the belote goes to the taker's points, and 90 asks them
    cli.run("game", "new", "--rules", "chien", "--player", "Ana", "--player", "Bob",
            "--player", "Cyd")
    out = play(cli, "Ana", "capotH", "", "<", "162", "<", "<", "110H", "90", "2:30", "", "",
               "q")
    assert transcript(out)[:13] == [
        "taker", "contract", "points", "belote", "back one question; the answer was blank",
        "points", "belote", "back one question; the answer was: 162", "points",
        "back one question; the answer was: capotH", "contract", "points", "others"]
    assert deals(cli)[0]["points"] == {"1": 90, "2": 30}


def test_a_team_called_retour_is_named_not_obeyed(cli: Cli) -> None:
    cli.run("game", "new", "--team", "Retour", "--team", "Eux")
    out = play(cli, "A", "100S", "104", "Retour", "", "q")
    assert "back one question" not in out
    assert deals(cli)[0]["belote"] == ["A"]


# --- announces of several words, refusals in words (issue 18, point 11) -----------------------

@pytest.mark.parametrize(("typed", "score"), [
    # standard announces (variants.md): carré J 200, carré A 100, carré 9 150, cinquante 50;
    # 104 + 100 contract + the announces
    ("A:carré de valets", 204 + 200),
    ("A : carré V", 204 + 200),
    ("A:carré d'as", 204 + 100),
    ("A:carré de neuf, tierce", 204 + 150 + 20),
    ("A:tierce carré de valets", 204 + 20 + 200),
    ("A:cinquante", 204 + 50),
])  # fmt: skip
def test_announces_of_several_words_are_read_whole(teams: Cli, typed: str, score: int) -> None:
    out = play(teams, "A", "100S", "104", "", typed, "q")
    assert "error:" not in out
    assert teams.json("game", "show")["deals"][0]["scores"]["A"] == score


def test_an_unknown_announce_is_refused_in_words_never_by_its_id(teams: Cli) -> None:
    out = play(teams, "A", "100S", "104", "", "A:carré de huit", "B:carre-J, A:carré V", "", "q")
    refusals = [step for step in transcript(out) if step.startswith("error:")]
    assert refusals == [
        "error: announces: A: “carré de huit” is not an announce in standard (announces: "
        "carré (as, dix, rois, dames), tierce, cinquante, cent, carré de neuf, carré de "
        "valets)",
        "error: announces: the carré de valets is declared twice in this deal: a rank has "
        "four cards"]
    assert not any("carre-" in step for step in refusals)


def test_the_contract_answer_reads_natural_french(teams: Cli) -> None:
    out = play(teams, "A", "80 sans atout contrée", "90", "", "", "B", "120 tout atout", "130",
               "B", "", "A", "100 à pique belote", "100 à pique", "104", "", "", "q")
    assert ("error: contract: unexpected word “belote” after the contract: the bid, the trump, "
            "then contré or surcontré if coinché") in transcript(out)
    assert [(d["contract"], d["trump"], d["coinche"]) for d in deals(teams)] == [
        (80, "SA", 1), (120, "TA", 0), (100, "S", 0)]


def test_a_french_session_goes_back_and_adds_contre(cli: Cli, cli_process: Cli) -> None:
    # the installed command, in French: the scorekeeper typed 100 à pique, then remembers
    # the contract was contré at the points question; standard (variants.md):
    # (104 + 20 belote + 100) × 2 = 448, the defence's 58
    french = Cli(cli_process.db, process=True, env={
        "COINCHE_LANG": "", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "",
        "LANG": "fr_FR.UTF-8"})
    french.run("game", "new")  # Nous and Eux
    out = french.run("game", "play", stdin="Nous\n100 à pique\nretour\n100 à pique contrée\n"
                                           "104\n<\n104\nNous\n\nquitter\n").stdout
    lines = out.replace("> ", ">\n").splitlines()
    asked = [line.split()[0] for line in lines if line.endswith(">")]
    assert asked == ["preneur", "contrat", "points", "contrat", "points", "belote", "points",
                     "belote", "annonces", "preneur"]
    assert "erreur" not in out
    assert out.count(": 100 à pique\n") == 1  # going back shows the answer it drops
    game = cli.json("game", "show")
    assert [(d["deal"]["contract"], d["deal"]["trump"], d["deal"]["coinche"])
            for d in game["deals"]] == [(100, "S", 1)]
    assert game["totals"] == {"A": 448, "B": 58}
