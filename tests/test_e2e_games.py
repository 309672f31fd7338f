"""Whole games of every variant, played through the command line.

Every expected number below is worked out by hand from ``docs/variants.md`` (the arithmetic
is in the comments next to each deal), never read back from the program.  Each test uses a
fresh store; a game is played deal by deal with ``coinche game add … --json`` and, once it
ends under its variant's end rule, the final sheet is checked with ``coinche game show
--json`` and a further ``game add`` must be refused.

The games run in this process (``cli``: about 10 ms a command); the first one also through
the installed command in real processes, on both backends always (``pg_story``), the others
on PostgreSQL too under ``--backends=both``.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from typing import Any

import pytest

from tests.harness import Cli

pytestmark = pytest.mark.both_stores

Totals = dict[str, int]


@dataclass(frozen=True)
class Step:
    """One deal as typed at the table, and what it must score (``None``: everybody passed)."""

    words: str | None
    scores: Totals
    totals: Totals


def deal(words: str, scores: Totals, totals: Totals) -> Step:
    return Step(words, scores, totals)


def passed(totals: Totals) -> Step:
    return Step(None, {}, totals)


class Table:
    """One game in the store of ``cli`` (the harness's command line): the game's steps."""

    def __init__(self, cli: Cli, *new_args: str) -> None:
        self.cli = cli
        created = cli.json("game", "new", *new_args)
        self.id: int = created["id"]
        self.sides: dict[str, str] = created["sides"]
        assert created["deals"] == []
        assert created["finished"] is False and created["winner"] is None

    def json(self, *args: str) -> Any:
        """``coinche ARGS… --game ID --json``, decoded."""
        return self.cli.json(*args, "--game", str(self.id))

    def add(self, words: str) -> Any:
        """``game add`` with the deal as typed at the table."""
        return self.json("game", "add", *shlex.split(words))

    def show(self) -> Any:
        """The sheet (``game show``)."""
        return self.json("game", "show")

    def play(self, steps: list[Step], first: int = 1) -> Any:
        """Record ``steps`` (numbered from ``first``); each must score and total as given.

        Every deal but the last must leave the game open; returns the last deal's answer.
        """
        out: Any = None
        for number, step in enumerate(steps, start=first):
            out = self.json("game", "pass") if step.words is None else self.add(step.words)
            where = f"deal {number} ({step.words or 'pass'})"
            assert out["deal"] == number, where
            if step.words is not None:
                assert out["scores"] == step.scores, where
            assert out["totals"] == step.totals, where
            if number < first + len(steps) - 1:
                assert out["finished"] is False, where
                assert out["winner"] is None, where
        return out

    def check_sheet(self, steps: list[Step], winner: str | None) -> Any:
        """``game show``: one row per step with its running totals, the final totals, winner."""
        sheet = self.show()
        assert sheet["id"] == self.id
        assert len(sheet["deals"]) == len(steps)
        for number, (row, step) in enumerate(zip(sheet["deals"], steps, strict=True), start=1):
            assert row["number"] == number
            assert row["totals"] == step.totals, f"sheet row {number}"
            if step.words is not None:
                assert row["scores"] == step.scores, f"sheet row {number}"
        assert sheet["totals"] == steps[-1].totals
        assert sheet["finished"] is (winner is not None)
        assert sheet["winner"] == winner
        return sheet

    def check_closed(self, sheet: Any, words: str = "A 80S 100") -> None:
        """A finished game refuses another deal: exit 2, one line, nothing changed."""
        self.cli.refused("game", "add", *shlex.split(words), "--game", str(self.id))
        assert self.cli.last.stdout == "", self.cli.last.stdout
        assert self.show() == sheet

    def finish(self, steps: list[Step], winner: str, refused: str | None = "A 80S 100") -> None:
        """Play the whole game, check it ended with ``winner`` and the sheet.

        With ``refused`` (a deal valid for the variant), also check that the finished game
        refuses it and is left unchanged.  The short end-rule games skip that check (it is the
        same code path, and every subprocess costs ~0.3 s of CPU).
        """
        last = self.play(steps)
        assert last["finished"] is True
        assert last["winner"] == winner
        sheet = self.check_sheet(steps, winner)
        if refused is not None:
            self.check_closed(sheet, refused)


# --------------------------------------------------------------------------------------------
# standard: target 701; both over on the same deal: higher total; equal: that deal's winner.


@pytest.mark.pg_story
def test_standard_whole_game_to_701_with_team_names(cli_process: Cli) -> None:
    table = Table(cli_process, "--rules", "standard",
                  "--team", "Les As", "--team", "Les Rois")
    steps = [
        # seed example, taker by a prefix of "Les As": 104 ≥ 82 and 104+20+50 = 174 ≥ 100.
        # A = 104 + 20 belote + 50 cinquante + 100 = 274; B = 162 - 104 = 58.
        deal("'Les A' 100S 104 --belote A --announce A:cinquante", {"A": 274, "B": 58},
             {"A": 274, "B": 58}),
        # everybody passed: nothing scored
        passed({"A": 274, "B": 58}),
        # "Rois" is a word prefix of "Les Rois". 130 ≥ 82, 130+20 = 150 ≥ 120: made.
        # B = 130 + 20 + 120 = 270; A = 162 - 130 = 32.  Totals 306 / 328.
        deal("Rois 120H 130 --belote B", {"A": 32, "B": 270}, {"A": 306, "B": 328}),
        # 70 < 82: failed.  B = 162 + 90 = 252; A = 0.  Totals 306 / 580.
        deal("A 90D 70", {"A": 0, "B": 252}, {"A": 306, "B": 580}),
        # coinché, made (100 ≥ 82): the winner's whole score ×2: A = (100 + 80) × 2 = 360;
        # the losers' score is not multiplied: B = 62.  Totals 666 / 642.
        deal("A 80Cx 100", {"A": 360, "B": 62}, {"A": 666, "B": 642}),
        # SA, 81 ≥ 80 but 81 < 82 card points: failed.  A = 162 + 80 = 242.  Totals 908 / 642:
        # only A is at 701 or more -> A wins.
        deal("B 80SA 81", {"A": 242, "B": 0}, {"A": 908, "B": 642}),
    ]
    table.finish(steps, "A")


def test_standard_both_over_the_higher_total_wins_not_the_deal_winner(cli: Cli) -> None:
    table = Table(cli, "--rules", "standard", "--target", "300")
    steps = [
        # B made: B = 100 + 80 = 180; A = 62.
        deal("B 80S 100", {"A": 62, "B": 180}, {"A": 62, "B": 180}),
        # A made: A = 130 + 80 = 210; B = 32.  Totals 272 / 212 (both under 300).
        deal("A 80H 130", {"A": 210, "B": 32}, {"A": 272, "B": 212}),
        # TA, two belotes held by the defenders A.  B: 82 ≥ 82 and 82 ≥ 80: made.
        # B = 82 + 80 = 162; A = 80 + 2 × 20 = 120.  Totals 392 / 374: both over 300;
        # B won the deal but A has the higher total -> A wins.
        deal("B 80TA 82 --belote A --belote A", {"A": 120, "B": 162}, {"A": 392, "B": 374}),
    ]
    table.finish(steps, "A", refused=None)


def test_standard_both_over_equal_totals_the_takers_who_made_win(cli: Cli) -> None:
    # the target is exactly the final totals: "at 701 or more" counts a total equal to it
    table = Table(cli, "--rules", "standard", "--target", "363")
    steps = [
        # A = 100 + 80 = 180; B = 62.
        deal("A 80S 100", {"A": 180, "B": 62}, {"A": 180, "B": 62}),
        # B = 142 + 80 = 222; A = 20.  Totals 200 / 284 (both under 363).
        deal("B 80H 142", {"A": 20, "B": 222}, {"A": 200, "B": 284}),
        # 83 ≥ 82: made.  A = 83 + 80 = 163; B = 79.  Totals 363 / 363: both at 363, equal:
        # the team that won that deal (the takers, made) -> A.
        deal("A 80D 83", {"A": 163, "B": 79}, {"A": 363, "B": 363}),
    ]
    table.finish(steps, "A", refused=None)


def test_standard_both_over_equal_totals_the_defenders_of_a_failed_deal_win(
    cli: Cli,
) -> None:
    table = Table(cli, "--rules", "standard", "--target", "260")
    steps = [
        # 132 ≥ 82, 132 + 20 = 152 ≥ 100: made.  A = 132 + 20 + 100 = 252; B = 30.
        deal("A 100S 132 --belote A", {"A": 252, "B": 30}, {"A": 252, "B": 30}),
        # 70 < 82: failed.  B = 162 + 80 = 242; A keeps its belote: 20.
        # Totals 272 / 272: both over 260, equal: the defenders won that deal -> B.
        deal("A 80S 70 --belote A", {"A": 20, "B": 242}, {"A": 272, "B": 272}),
    ]
    table.finish(steps, "B")


# --------------------------------------------------------------------------------------------
# atout: target 701; both over: higher total; equal: that deal's winner.


def test_atout_whole_game_to_701(cli: Cli) -> None:
    table = Table(cli, "--rules", "atout")
    steps = [
        # made (90 + 20 ≥ 80), not coinché: A = 80 + 90 + 20 = 190; B = 72.
        deal("A 80S 90 --belote A", {"A": 190, "B": 72}, {"A": 190, "B": 72}),
        # made coinché: B = (100 + 110) × 2 = 420; the defence scores only its belote: 0.
        deal("B 100Hx 110", {"A": 0, "B": 420}, {"A": 190, "B": 492}),
        # capot bid made: 500 × 1.  Totals 690 / 492.
        deal("A capotC", {"A": 500, "B": 0}, {"A": 690, "B": 492}),
        # 80 + 0 < 90 (the belote is B's): failed.  B = (162 + 90) × 1 + 20 = 272; A = 0.
        # Totals 690 / 764: only B is at 701 -> B wins.
        deal("A 90D 80 --belote B", {"A": 0, "B": 272}, {"A": 690, "B": 764}),
    ]
    table.finish(steps, "B")


def test_atout_both_over_equal_totals_the_takers_who_made_win(cli: Cli) -> None:
    # the target is exactly the final totals ("first team at 701 or more")
    table = Table(cli, "--rules", "atout", "--target", "242")
    steps = [
        # B = 80 + 100 = 180; A = 62.
        deal("B 80H 100", {"A": 62, "B": 180}, {"A": 62, "B": 180}),
        passed({"A": 62, "B": 180}),
        # A = 80 + 100 = 180; B = 62.  Totals 242 / 242: both at the target 242, equal:
        # A took and made that deal -> A.
        deal("A 80S 100", {"A": 180, "B": 62}, {"A": 242, "B": 242}),
    ]
    table.finish(steps, "A", refused=None)


# --------------------------------------------------------------------------------------------
# chien: each for himself; first at the target; several: highest; exact tie: play on.

THREE = ("--rules", "chien", "--player", "Ana", "--player", "Bob", "--player", "Cyd")


def test_chien_three_players_whole_game_to_1000(cli: Cli) -> None:
    table = Table(cli, *THREE)
    steps = [
        # Cyd = 162 - 150 - 10 = 2.  Made: 150 + 20 = 170 ≥ 160.  Surcoinché ×4 on the
        # contract only: Ana = 160 × 4 + 20 = 660; Bob = 10; Cyd = 2.
        deal("Ana 160Sxx 150 --belote 1 --points 2:10", {"1": 660, "2": 10, "3": 2},
             {"1": 660, "2": 10, "3": 2}),
        # Cyd = 162 - 60 - 50 = 52.  Failed: each defender scores 100 + his points:
        # Ana 150, Cyd 152; Bob 0.  Totals 810 / 10 / 154.
        deal("Bob 100H 60 --points 1:50", {"1": 150, "2": 0, "3": 152},
             {"1": 810, "2": 10, "3": 154}),
        # Bob = 162 - 90 - 40 = 32.  Made (90 + 20 ≥ 80): Cyd = 80 + 20 tierce = 100;
        # Ana 40; Bob 32.  Totals 850 / 42 / 254.
        deal("Cyd 80D 90 --points 1:40 --announce 3:tierce", {"1": 40, "2": 32, "3": 100},
             {"1": 850, "2": 42, "3": 254}),
        # Cyd = 162 - 130 - 20 = 12.  Made: Ana 120; Bob 20; Cyd 12.  Totals 970 / 62 / 266.
        deal("Ana 120C 130 --points 2:20", {"1": 120, "2": 20, "3": 12},
             {"1": 970, "2": 62, "3": 266}),
        # Cyd = 162 - 40 - 60 = 62.  Failed: Ana = 80 + 60 = 140; Cyd = 80 + 62 = 142.
        # Totals 1110 / 62 / 408: only Ana at 1000 -> Ana (seat 1).
        deal("Bob 80S 40 --points 1:60", {"1": 140, "2": 0, "3": 142},
             {"1": 1110, "2": 62, "3": 408}),
    ]
    table.finish(steps, "1", refused="1 80S 100 --points 2:30")


def test_chien_several_over_on_the_same_deal_the_highest_total_wins(cli: Cli) -> None:
    table = Table(cli, *THREE, "--target", "300")
    steps = [
        # Cyd = 162 - 160 - 2 = 0.  Made: Ana 150; Bob 2; Cyd 0.
        deal("Ana 150S 160 --points 2:2", {"1": 150, "2": 2, "3": 0},
             {"1": 150, "2": 2, "3": 0}),
        # Made: Bob 150; Ana 2; Cyd 0.  Totals 152 / 152 / 0.
        deal("Bob 150H 160 --points 1:2", {"1": 2, "2": 150, "3": 0},
             {"1": 152, "2": 152, "3": 0}),
        # Bob = 162 - 50 - 70 = 42.  Failed: Ana = 150 + 70 = 220; Bob = 150 + 42 = 192.
        # Totals 372 / 344 / 0: Ana and Bob over 300 on the same deal; Ana higher -> Ana.
        deal("Cyd 150D 50 --points 1:70", {"1": 220, "2": 192, "3": 0},
             {"1": 372, "2": 344, "3": 0}),
    ]
    table.finish(steps, "1", refused=None)


def test_chien_exact_tie_over_the_target_plays_another_deal(cli: Cli) -> None:
    # the target is exactly the tied totals ("first player at the target")
    table = Table(cli, *THREE, "--target", "358")
    steps = [
        # as in the previous game: 150 / 2 / 0, then 152 / 152 / 0.
        deal("Ana 150S 160 --points 2:2", {"1": 150, "2": 2, "3": 0},
             {"1": 150, "2": 2, "3": 0}),
        deal("Bob 150H 160 --points 1:2", {"1": 2, "2": 150, "3": 0},
             {"1": 152, "2": 152, "3": 0}),
        # Bob = 162 - 50 - 56 = 56.  Failed: Ana = 150 + 56 = 206; Bob = 150 + 56 = 206.
        # Totals 358 / 358 / 0: both at 358, exact tie -> no winner, play another deal.
        deal("Cyd 150D 50 --points 1:56", {"1": 206, "2": 206, "3": 0},
             {"1": 358, "2": 358, "3": 0}),
        # Bob = 162 - 100 - 40 = 22.  Made: Cyd 80; Ana 40; Bob 22.
        # Totals 398 / 380 / 80 -> Ana has the highest total.
        deal("Cyd 80C 100 --points 1:40", {"1": 40, "2": 22, "3": 80},
             {"1": 398, "2": 380, "3": 80}),
    ]
    table.finish(steps, "1", refused="1 80S 100 --points 2:30")


def test_chien_two_players_whole_game(cli: Cli) -> None:
    table = Table(cli, "--rules", "chien", "--player", "Ana", "--player", "Bob",
                  "--target", "400")
    assert table.sides == {"1": "Ana", "2": "Bob"}
    steps = [
        # both points given (110 + 30 ≤ 162).  Made: Ana = 100; Bob = 30.
        deal("Ana 100S 110 --points 2:30", {"1": 100, "2": 30}, {"1": 100, "2": 30}),
        # 80 < 120: failed, coinché ×2 on the contract: Ana = 120 × 2 + 50 = 290; Bob 0.
        # Totals 390 / 30.
        deal("Bob 120Hx 80 --points 1:50", {"1": 290, "2": 0}, {"1": 390, "2": 30}),
        # made (100 + 20 ≥ 90): Bob = 90 + 20 belote = 110; Ana = 40.
        # Totals 430 / 140: Ana at 400 -> Ana.
        deal("Bob 90D 100 --points 1:40 --belote 2", {"1": 40, "2": 110},
             {"1": 430, "2": 140}),
    ]
    table.finish(steps, "1", refused="1 80S 100 --points 2:30")


# --------------------------------------------------------------------------------------------
# generale: target 1000; both over: higher total; exact tie: play another deal.


def test_generale_whole_game_to_1000(cli: Cli) -> None:
    table = Table(cli, "--rules", "generale")
    steps = [
        # générale made: A = 500; B = 0.
        deal("A generaleS", {"A": 500, "B": 0}, {"A": 500, "B": 0}),
        # made: B = 80; the defenders: 62 + 20 belote = 82.  Totals 582 / 80.
        deal("B 80H 100 --belote A", {"A": 82, "B": 80}, {"A": 582, "B": 80}),
        # capot made: A = 250.  Totals 832 / 80.
        deal("A capotD", {"A": 250, "B": 0}, {"A": 832, "B": 80}),
        # 70 + 20 = 90 < 100: failed.  B scores nothing, belote included;
        # A = 162 + 100 × 2 = 362.  Totals 1194 / 80 -> A.
        deal("B 100Cx 70 --belote B", {"A": 362, "B": 0}, {"A": 1194, "B": 80}),
    ]
    table.finish(steps, "A")


def test_generale_both_over_the_higher_total_wins(cli: Cli) -> None:
    table = Table(cli, "--rules", "generale", "--target", "250")
    steps = [
        # made: A = 150; B = 2.
        deal("A 150S 160", {"A": 150, "B": 2}, {"A": 150, "B": 2}),
        # made coinché: B = 110 × 2 = 220; A = 32.  Totals 182 / 222.
        deal("B 110Hx 130", {"A": 32, "B": 220}, {"A": 182, "B": 222}),
        # made: A = 80; B = 62 + 20 belote = 82.  Totals 262 / 304: both over 250;
        # B is higher (A won the deal) -> B.
        deal("A 80S 100 --belote B", {"A": 80, "B": 82}, {"A": 262, "B": 304}),
    ]
    table.finish(steps, "B", refused=None)


def test_generale_exact_tie_plays_another_deal(cli: Cli) -> None:
    # the target is exactly the tied totals ("1000 or more")
    table = Table(cli, "--rules", "generale", "--target", "232")
    steps = [
        # made coinché: B = 110 × 2 = 220; A = 32.
        deal("B 110Hx 130", {"A": 32, "B": 220}, {"A": 32, "B": 220}),
        # made coinché: A = 100 × 2 = 200; B = 12.  Totals 232 / 232: both at 232,
        # exact tie -> no winner yet.
        deal("A 100Sx 150", {"A": 200, "B": 12}, {"A": 232, "B": 232}),
        # made: B = 80; A = 72.  Totals 304 / 312 -> B.
        deal("B 80S 90", {"A": 72, "B": 80}, {"A": 304, "B": 312}),
    ]
    table.finish(steps, "B")


# --------------------------------------------------------------------------------------------
# club: target 1500; both over: the deal's winner; fixed deals, equal totals: one more deal.


def test_club_whole_game_to_1500(cli: Cli) -> None:
    table = Table(cli, "--rules", "club")
    steps = [
        # TA (258 in all), bid 250 surcoinché: 240 + 20 = 260 ≥ 250, made.
        # A = 250 × 4 + 20 belote (never multiplied) = 1020; B: no announces = 0.
        deal("A 250TAxx 240 --belote A", {"A": 1020, "B": 0}, {"A": 1020, "B": 0}),
        # made (100 + 20 ≥ 80): B = 80 + 20 tierce = 100; A = 0.
        deal("B 80S 100 --announce B:tierce", {"A": 0, "B": 100}, {"A": 1020, "B": 100}),
        # SA failed coinché: B = 152 × 2 = 304.  Totals 1020 / 404.
        deal("A 120SAx 50", {"A": 0, "B": 304}, {"A": 1020, "B": 404}),
        # B failed and A won every trick: A = 162 + 90 capot bonus = 252.  Totals 1272 / 404.
        deal("B 100H 0 --capot A", {"A": 252, "B": 0}, {"A": 1272, "B": 404}),
        # made: A = 90; B keeps its belote: 20.  Totals 1362 / 424.
        deal("A 90D 100 --belote B", {"A": 90, "B": 20}, {"A": 1362, "B": 424}),
        # made: A = 150.  Totals 1512 / 424: A over 1500 -> A.
        deal("A 150C 150", {"A": 150, "B": 0}, {"A": 1512, "B": 424}),
    ]
    table.finish(steps, "A")


def test_club_both_over_the_side_that_won_the_deal_wins(cli: Cli) -> None:
    table = Table(cli, "--rules", "club", "--target", "300")
    steps = [
        # made (150 + 20 + 20 = 190 ≥ 160): B = 160 + 20 tierce + 20 belote = 200.
        deal("B 160S 150 --belote B --announce B:tierce", {"A": 0, "B": 200},
             {"A": 0, "B": 200}),
        # made: B = 90.  Totals 0 / 290.
        deal("B 90H 100", {"A": 0, "B": 90}, {"A": 0, "B": 290}),
        # made: A = 140.  Totals 140 / 290.
        deal("A 140D 140", {"A": 140, "B": 0}, {"A": 140, "B": 290}),
        # 60 + 20 = 80 < 100: failed.  A = 162; B keeps its belote: 20.
        # Totals 302 / 310: both over 300 on this deal; A won it (defenders of a failed
        # contract) -> A, although B's total is higher.
        deal("B 100C 60 --belote B", {"A": 162, "B": 20}, {"A": 302, "B": 310}),
    ]
    table.finish(steps, "A", refused=None)


def test_club_both_over_the_takers_who_made_win_with_the_lower_total(cli: Cli) -> None:
    table = Table(cli, "--rules", "club", "--target", "300")
    steps = [
        # made (150 + 20 + 20 = 190 ≥ 160): A = 160 + 20 tierce + 20 belote = 200.
        deal("A 160S 150 --belote A --announce A:tierce", {"A": 200, "B": 0}, {"A": 200, "B": 0}),
        # made: A = 90.  Totals 290 / 0.
        deal("A 90H 100", {"A": 90, "B": 0}, {"A": 290, "B": 0}),
        # 50 < 80: failed.  B = 162.  Totals 290 / 162.
        deal("A 80D 50", {"A": 0, "B": 162}, {"A": 290, "B": 162}),
        # made: B = 140; A keeps its belote: 20.  Totals 310 / 302: both over 300 on this
        # deal; B took and made it -> B, although A's total is higher.
        deal("B 140C 140 --belote A", {"A": 20, "B": 140}, {"A": 310, "B": 302}),
    ]
    table.finish(steps, "B", refused=None)


def test_club_fixed_deals_equal_totals_play_one_more_deal(cli: Cli) -> None:
    table = Table(cli, "--rules", "club", "--deals", "3")
    steps = [
        # made: bid only.  80 / 0.
        deal("A 80S 100", {"A": 80, "B": 0}, {"A": 80, "B": 0}),
        # made: 160.  80 / 160.
        deal("B 160H 160", {"A": 0, "B": 160}, {"A": 80, "B": 160}),
        # made: 80.  160 / 160 after the 3rd and last deal: equal -> one more deal.
        deal("A 80D 100", {"A": 80, "B": 0}, {"A": 160, "B": 160}),
        # made: B = 90.  160 / 250 -> B.
        deal("B 90C 100", {"A": 0, "B": 90}, {"A": 160, "B": 250}),
    ]
    table.finish(steps, "B")


# --------------------------------------------------------------------------------------------
# undo and edit: every later total recomputed.


def test_undo_and_edit_recompute_every_later_total(cli: Cli) -> None:
    table = Table(cli, "--rules", "standard",
                  "--team", "Les As", "--team", "Les Rois")
    first = [
        # seed example: 274 / 58.
        deal("A 100S 104 --belote A --announce A:cinquante", {"A": 274, "B": 58},
             {"A": 274, "B": 58}),
        # made: B = 130 + 20 + 120 = 270; A = 32.  306 / 328.
        deal("B 120H 130 --belote B", {"A": 32, "B": 270}, {"A": 306, "B": 328}),
        # 70 < 82: failed.  B = 162 + 80 = 242.  306 / 570.
        deal("A 80D 70", {"A": 0, "B": 242}, {"A": 306, "B": 570}),
    ]
    table.play(first)

    # Deal 1 was really 100♠ with 120 points and belote, no announce: 120 ≥ 82,
    # 140 ≥ 100: A = 120 + 20 + 100 = 240; B = 42.  Later deals score the same, so the
    # running totals become 240 / 42, 272 / 312, 272 / 554.
    table.json("game", "edit", "1", "A", "100S", "120", "--belote", "A")
    edited = [
        deal("", {"A": 240, "B": 42}, {"A": 240, "B": 42}),
        deal("", {"A": 32, "B": 270}, {"A": 272, "B": 312}),
        deal("", {"A": 0, "B": 242}, {"A": 272, "B": 554}),
    ]
    sheet = table.check_sheet(edited, None)
    assert sheet["deals"][0]["deal"]["points"] == {"A": 120}

    # undo removes deal 3: 272 / 312 over 2 deals.
    table.json("game", "undo")
    table.check_sheet(edited[:2], None)

    # a new deal 3, taker by a word of the team's name: B = 100 + 80 = 180; A = 62.
    # 334 / 492.
    after_undo = table.play([deal("rois 80C 100", {"A": 62, "B": 180}, {"A": 334, "B": 492})],
                            first=3)
    assert after_undo["finished"] is False

    # Deal 2 was coinché: made, the winner's whole score ×2: B = (130 + 20 + 120) × 2 = 540;
    # A = 32.  Running totals: 240 / 42, 272 / 582, 334 / 762: B reaches 701 on deal 3.
    deal2 = {"taker": "B", "contract": 120, "trump": "H", "coinche": 1,
             "points": {"B": 130}, "belote": ["B"]}
    table.json("game", "edit", "2", "--deal", json.dumps(deal2))
    final = [
        deal("", {"A": 240, "B": 42}, {"A": 240, "B": 42}),
        deal("", {"A": 32, "B": 540}, {"A": 272, "B": 582}),
        deal("", {"A": 62, "B": 180}, {"A": 334, "B": 762}),
    ]
    sheet = table.check_sheet(final, "B")
    table.check_closed(sheet)


# --------------------------------------------------------------------------------------------
# several games in one store; a long game.


def test_games_are_kept_apart_and_use_switches_the_current_one(cli: Cli) -> None:
    first = cli.json("game", "new", "--rules", "standard")["id"]
    second = cli.json("game", "new", "--rules", "atout")["id"]
    assert first != second
    cli.run("game", "use", str(first))
    # standard, made: A = 100 + 80 = 180; B = 62.
    out = cli.json("game", "add", "A", "80S", "100")
    assert out["game"] == first and out["totals"] == {"A": 180, "B": 62}
    # atout, made: B = 80 + 100 + 20 = 200; A = 62.
    out = cli.json("game", "add", "B", "80H", "100", "--belote", "B",
                           "--game", str(second))
    assert out["game"] == second and out["totals"] == {"A": 62, "B": 200}
    listed = {row["id"]: row for row in cli.json("game", "list")}
    assert listed[first]["rules"] == "standard" and listed[second]["rules"] == "atout"
    assert listed[first]["totals"] == {"A": 180, "B": 62}
    assert listed[second]["totals"] == {"A": 62, "B": 200}
    assert listed[first]["deals"] == listed[second]["deals"] == 1


def test_a_game_of_sixty_deals(cli: Cli) -> None:
    # standard played over a fixed 60 deals (--deals replaces the 701 target: the totals
    # pass 701 long before the end and the game goes on).  Deal i: taker A for odd i, B for
    # even i, contract 80, the takers' points p = 82 + 10 × (i mod 7), always made
    # (p ≥ 82 ≥ 80): takers p + 80, defenders 162 - p.
    table = Table(cli, "--rules", "standard", "--deals", "60")
    suits = "SHDC"
    totals = {"A": 0, "B": 0}
    steps: list[Step] = []
    for i in range(1, 61):
        taker, other = ("A", "B") if i % 2 else ("B", "A")
        points = 82 + 10 * (i % 7)
        scores = {taker: points + 80, other: 162 - points}
        totals = {side: totals[side] + scores[side] for side in totals}
        steps.append(deal(f"{taker} 80{suits[i % 4]} {points}", scores, totals))
    # By hand: (parity of i, i mod 7) repeats every 14 deals, and in each block of 14 the
    # odd deals' (i mod 7) sum to 1+3+5+0+2+4+6 = 21, the even deals' to 2+4+6+1+3+5+0 = 21.
    # 60 = 4 × 14 + 4 (deals 57..60: 1, 2, 3, 4), so the odd deals sum to 84 + 1 + 3 = 88
    # and the even deals to 84 + 2 + 4 = 90 (30 deals each).
    # A = Σodd (p + 80) + Σeven (162 - p) = (30 × 162 + 10 × 88) + (30 × 80 - 10 × 90)
    #   = 5740 + 1500 = 7240;
    # B = Σeven (p + 80) + Σodd (162 - p) = (30 × 162 + 10 × 90) + (30 × 80 - 10 × 88)
    #   = 5760 + 1520 = 7280.  After the 60th deal B has the higher total -> B.
    assert totals == {"A": 7240, "B": 7280}
    table.finish(steps, "B")
