"""Round three of the published sheets (issue 37): the last deal au point juste when its
totals tie, and nine rules, each with its example sheet in ``examples/rules/`` and the
sheet's own worked example.

1. A belote that goes by the outcome (``ffb-contree-2016``: ``belote.goes_to`` by outcome).
2. The failure base rounded, exact at the last deal (``cannes-2016``: ``rounding.applies_to:
   [base]``).
3. A capot's 252 rounded, exact at the last deal (``cannes-2016``: ``capot_card_points``).
4. No game won on a belote alone (``ffb-coinchee-2015``: ``end.belote_alone_wins: false``).
5. The litige (``ffb-coinchee-2015``: ``made_if.litige``).
6. Announce values by mode (``ffb-coinchee-2015``: ``modes.SA.announces``).
7. A générale as an outcome (``contree-net``: ``capot.generale_card_points``).
8. A minimum of card points for the lowest bid only (``pagat``: ``made_if.min_points:
   {80: 82}``).
9. A belote worth a different value by mode (``chien-aurelux``: ``modes.TA.belote_value``).

Each row's numbers are computed by hand in its comment; "the file's reading" marks a number
the sheet does not give, scored as the example file's comments say.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coinche_cli.errors import RulesError
from coinche_cli.game.state import Entry, GameState, Setup, play
from coinche_cli.rules.loader import load_rules
from coinche_cli.scoring.deal import deal_from_json
from coinche_cli.scoring.score import score_deal
from tests.harness import Cli
from tests.scoring_table import Case, Refused, row_id, run_case, run_refused

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "rules"
FFB_2016 = str(EXAMPLES / "ffb-contree-2016.yaml")
CANNES = str(EXAMPLES / "cannes-2016.yaml")
FFB_2015 = str(EXAMPLES / "ffb-coinchee-2015.yaml")
CONTREE_NET = str(EXAMPLES / "contree-net.yaml")
PAGAT = str(EXAMPLES / "pagat.yaml")
AURELUX = str(EXAMPLES / "chien-aurelux.yaml")
SHEETS = (FFB_2016, CANNES, FFB_2015, CONTREE_NET, PAGAT, AURELUX)
NB = "\u00a0"  # French puts a no-break space before : and inside « »


def _deal(taker: str, contract: int | str, trump: str = "S", **more: object) -> dict[str, object]:
    return {"taker": taker, "contract": contract, "trump": trump, **more}


def _game(rules: str, played: list[dict[str, object] | None],
          times: list[str] | None = None, **end: int) -> GameState:
    """``played`` under ``rules`` (None: everybody passed), recorded at ``times``, with the
    game's own ``target`` or ``deals`` in ``end``."""
    loaded = load_rules(rules)
    players = loaded.default_players
    names = {side: side for side in loaded.sides(players)}
    setup = Setup(rules=loaded, players=players, names=names, **end)  # type: ignore[arg-type]
    return play(setup, [Entry(n, None if deal is None else deal_from_json(deal),
                              times[n - 1] if times else "")
                        for n, deal in enumerate(played, start=1)])


def _scores(state: GameState) -> list[dict[str, int]]:
    return [dict(row.result.scores) for row in state.rows if row.result is not None]


def _sheet(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


# ---------------------------------------------------------------- the bug: a tie played on

A_104 = _deal("A", 100, points={"A": 104})  # rounded 100 + 100 = 200 and 60; exact 204, 58
B_111 = _deal("B", 80, points={"B": 111})   # rounded A 50, B 110 + 80 = 190; exact 51, 191


def _point_juste(tmp_path: Path, end: str) -> str:
    """Standard with five-up rounding, the last deal au point juste, and ``end``."""
    target = "" if "target" in end else "target: null, "
    return _sheet(tmp_path, "pj", "extends: standard\nname: pj\nrounding: {method: five_up, "
                  f"last_deal: exact_decides}}\nend: {{{target}{end}}}\n")


def test_the_last_deal_is_exact_when_its_totals_tie_and_the_game_plays_on(tmp_path: Path
                                                                          ) -> None:
    # docs/rules-format.md ("The last deal au point juste"): the last of end.deals is counted
    # exactly, "a tie played on plays one more deal, counted exactly too". Deal 2, exact:
    # A 200 + 51 = 251, B 60 + 191 = 251: a tie, played on, written 51 / 191 (not 50 / 190)
    rules = _point_juste(tmp_path, "deals: 2, tie: play_on")
    state = _game(rules, [A_104, B_111])
    assert _scores(state) == [{"A": 200, "B": 60}, {"A": 51, "B": 191}]
    assert (state.totals, state.finished) == ({"A": 251, "B": 251}, False)
    # the deal played on is exact too: A 80♠ with 100, A 100 + 80 = 180 and B 62
    state = _game(rules, [A_104, B_111, _deal("A", 80, points={"A": 100})])
    assert _scores(state)[2] == {"A": 180, "B": 62}
    assert (state.totals, state.winner) == ({"A": 431, "B": 313}, "A")


def test_the_deal_after_the_time_is_exact_when_its_totals_tie(tmp_path: Path) -> None:
    # the same two deals with end: {target: 3000, time_limit: 40, tie: play_on}: deal 2 is
    # recorded 41 minutes after deal 1, the time is out: exact, 251-251, played on
    rules = _point_juste(tmp_path, "target: 3000, time_limit: 40, tie: play_on")
    times = ["2026-12-02T20:00:00+00:00", "2026-12-02T20:41:00+00:00",
             "2026-12-02T20:47:00+00:00"]
    state = _game(rules, [A_104, B_111], times)
    assert _scores(state) == [{"A": 200, "B": 60}, {"A": 51, "B": 191}]
    assert not state.finished
    state = _game(rules, [A_104, B_111, _deal("A", 80, points={"A": 100})], times)
    assert _scores(state)[2] == {"A": 180, "B": 62}
    assert state.end is not None and (state.end.reason, state.winner) == ("time", "A")


def test_with_tie_deal_winner_the_tie_is_decided_on_the_exact_score(tmp_path: Path) -> None:
    # tie: deal_winner: 251-251 exact, B won deal 2: B wins, on 51 / 191
    rules = _point_juste(tmp_path, "deals: 2, tie: deal_winner")
    state = _game(rules, [A_104, B_111])
    assert _scores(state)[1] == {"A": 51, "B": 191}
    assert (state.totals, state.winner) == ({"A": 251, "B": 251}, "B")


def test_the_deal_itself_scores_rounded_and_exact(tmp_path: Path) -> None:
    # at deal level: rounded 50 / 190, exact 51 / 191 (what the game chooses between)
    rules = load_rules(_point_juste(tmp_path, "deals: 2, tie: play_on"))
    deal = deal_from_json(B_111)
    assert dict(score_deal(rules, deal).scores) == {"A": 50, "B": 190}
    assert dict(score_deal(rules, deal, exact=True).scores) == {"A": 51, "B": 191}


def test_the_rounding_page_says_one_thing_about_a_capots_card_points() -> None:
    # a capot's capot.card_points is never rounded unless rounding.applies_to names it
    doc = (EXAMPLES.parent.parent / "docs" / "rules-format.md").read_text(encoding="utf-8")
    assert "is rounded like other card points" not in doc
    rules = load_rules(str(EXAMPLES / "capot-252.yaml"))
    assert rules.rounding != "none"
    scored = score_deal(rules, deal_from_json(_deal("A", "capot")))
    assert scored.rounded["A"] == 252


# ---------------------------------------------------------------- 1. ffb-contree-2016

# fmt: off
FFB_2016_CASES: list[Case] = [
    # FFB contrée 2016 p. 7, points faits: 100♥ made with 110, the belote to the defence:
    # "Défense : Points réalisés + Belote défense": takers 110, defence 52 -> 50 + 20 = 70
    Case("ffb-contree-2016 p. 7: made, the defence's belote",
         _deal("A", 100, "H", points={"A": 110}, belote="B"), True, {"A": 110, "B": 70}),
    # the same sheet's capot made with the defence's belote: takers 500, defence 20
    Case("ffb-contree-2016 p. 7: capot made, the defence's belote",
         _deal("A", "capot", "H", belote="B"), True, {"A": 500, "B": 20}),
    # failed: "Belote preneurs ou défense": the takers' belote to the defence, 160 + 100 + 20
    Case("ffb-contree-2016 p. 7: failed, the takers' belote to the defence",
         _deal("A", 100, "H", points={"A": 70}, belote="A"), False, {"A": 0, "B": 280}),
    # contré and made: the defence's belote to the takers, (110 + 20) × 2 (the file's
    # reading: standard multiplies the winner's whole score); the defence 50
    Case("ffb-contree-2016 p. 7: contré made, the defence's belote to the takers",
         _deal("A", 100, "H", points={"A": 110}, belote="B", coinche=1), True,
         {"A": 260, "B": 50}),
]
# fmt: on


@pytest.mark.parametrize("case", FFB_2016_CASES, ids=row_id)
def test_ffb_contree_2016(case: Case) -> None:
    run_case(FFB_2016, case)


def test_a_belote_by_holder_stays_where_the_outcome_would_move_it() -> None:
    # standard (goes_to: holder): the failed takers keep their belote, 20; the defence 262
    run_case("standard", Case("standard: failed, belote kept",
                              _deal("A", 100, "H", points={"A": 70}, belote="A"), False,
                              {"A": 20, "B": 262}))


# ---------------------------------------------------------------- 2, 3. cannes-2016

CANNES_FAILED = _deal("A", 100, points={"A": 70})


def test_cannes_the_failure_base_is_rounded_on_an_ordinary_deal() -> None:
    # Cannes 2016: "Contrat perdu : points de l'enchère demandée + 162 points", rounded:
    # 100 + 160 = 260
    run_case(CANNES, Case("cannes-2016: a 100 failed", CANNES_FAILED, False,
                          {"A": 0, "B": 260}))


def test_cannes_the_failure_base_is_exact_on_the_last_deal() -> None:
    # the last deal "au point juste" (the game's only deal: --deals 1): 100 + 162 = 262
    state = _game(CANNES, [CANNES_FAILED], deals=1)
    assert (_scores(state), state.winner) == ([{"A": 0, "B": 262}], "B")


def test_cannes_a_capots_252_is_rounded_on_an_ordinary_deal_and_exact_on_the_last() -> None:
    # Cannes 2016: a capot bid of 270 made: 270 + 252 -> 250 = 520; on the last deal 522
    capot = _deal("A", "capot")
    run_case(CANNES, Case("cannes-2016: a capot", capot, True, {"A": 520, "B": 0}))
    state = _game(CANNES, [capot], deals=1)
    assert _scores(state) == [{"A": 522, "B": 0}]
    # without rounding.applies_to, a capot's card points are never rounded: 270 + 252
    run_case(str(EXAMPLES / "capot-252.yaml"),
             Case("capot-252: never rounded", _deal("A", 100, points={"A": 162}, capot="A"),
                  True, {"A": 352, "B": 0}))


# ---------------------------------------------------------------- 4, 5, 6. ffb-coinchee-2015

MADE_250 = _deal("A", 120, points={"A": 130})   # 130 + 120 = 250, B 32
MADE_240 = _deal("A", 100, points={"A": 140})   # 140 + 100 = 240, B 22: A at 1990
FAILED_WITH_BELOTE = _deal("A", 80, points={"A": 70}, belote="A")  # A 20; B 162 + 80 = 242
TO_1990 = [MADE_250] * 7 + [MADE_240]


def test_ffb_2015_no_game_is_won_on_a_belote_alone() -> None:
    # FFB 2015 §10.3: at 1990 (to 2000), the takers fail with their belote: 2010, but "la
    # partie n'est pas encore gagnée"; B is at 246 + 242 = 488
    state = _game(FFB_2015, [*TO_1990, FAILED_WITH_BELOTE])
    assert (state.totals, state.finished, state.belote_only) == (
        {"A": 2010, "B": 488}, False, ("A",))
    # capot in the next deal (B takes every trick): A took no trick, still not won
    capot = _deal("B", 80, points={"B": 162}, capot="B")
    state = _game(FFB_2015, [*TO_1990, FAILED_WITH_BELOTE, capot])
    assert (state.totals["A"], state.finished, state.belote_only) == (2010, False, ("A",))
    # then A takes a trick (62 card points against B's 80 made with 100): A has won
    state = _game(FFB_2015, [*TO_1990, FAILED_WITH_BELOTE, capot,
                             _deal("B", 80, points={"B": 100})])
    assert (state.totals["A"], state.winner) == (2072, "A")


def test_a_belote_alone_wins_where_the_rules_say_nothing(tmp_path: Path) -> None:
    # the same deals under the sheet with end.belote_alone_wins left at true: A wins at 2010
    rules = _sheet(tmp_path, "wins", f"extends: {FFB_2015}\nname: wins\n"
                   "end: {belote_alone_wins: true}\n")
    state = _game(rules, [*TO_1990, FAILED_WITH_BELOTE])
    assert (state.totals["A"], state.winner) == (2010, "A")


def test_a_belote_alone_held_back_is_kept_by_the_stored_game(cli: Cli) -> None:
    # through the command: the summary kept after each deal carries the waiting side
    cli.run("game", "new", "--rules", FFB_2015, "--team", "Les As", "--team", "Les Rois")
    for deal in [*TO_1990, FAILED_WITH_BELOTE]:
        words = [deal["taker"], f"{deal['contract']}S", str(deal["points"]["A"])]  # type: ignore[index]
        cli.run("game", "add", *words, *(["--belote", "A"] if "belote" in deal else []))
    shown = cli.json("game", "show")
    assert (shown["totals"], shown["finished"], shown["belote_only"]) == (
        {"A": 2010, "B": 488}, False, ["A"])
    assert "by a belote alone" in cli.run("game", "show").stdout
    cli.run("game", "add", "B", "80S", "100")
    shown = cli.json("game", "show")
    assert (shown["totals"]["A"], shown["winner"]) == (2072, "A")


LITIGE = _deal("A", 80, points={"A": 81})      # 81-81 on an 80: the defence 81, 81 held


def test_ffb_2015_the_litige_holds_the_takers_points() -> None:
    # FFB 2015 §10.1.3: the defence scores its 81, the takers' 81 are held
    run_case(FFB_2015, Case("ffb-coinchee-2015 §10.1.3: a litige", LITIGE, False,
                            {"A": 0, "B": 81}))
    state = _game(FFB_2015, [LITIGE])
    assert (state.totals, state.held) == ({"A": 0, "B": 81}, 81)
    # a failed contract next: still held; then B makes 90♠ with 100: 100 + 90 + the 81
    failed = _deal("A", 100, points={"A": 60})   # B 162 + 100 = 262
    made = _deal("B", 90, points={"B": 100})      # B 100 + 90 + 81 = 271, A 62
    state = _game(FFB_2015, [LITIGE, failed, made])
    assert _scores(state) == [{"A": 0, "B": 81}, {"A": 0, "B": 262}, {"A": 62, "B": 271}]
    assert (state.totals, state.held) == ({"A": 62, "B": 614}, 0)
    assert [t.name for t in state.rows[2].result.terms["B"]][-1] == "held"  # type: ignore[union-attr]


def test_two_litiges_add_up_and_the_takers_of_either_side_take_them() -> None:
    # two litiges (81 + 81 held), then A makes 80♠ with 100: 100 + 80 + 162
    state = _game(FFB_2015, [LITIGE, _deal("B", 80, points={"B": 81}),
                             _deal("A", 80, points={"A": 100})])
    assert _scores(state)[2] == {"A": 342, "B": 62}
    assert state.held == 0


def test_a_litige_still_held_when_the_game_ends_is_scored_by_nobody(cli: Cli) -> None:
    # the game's only deal (--deals 1) is a litige: B wins 81-0, the 81 are lost
    cli.run("game", "new", "--rules", FFB_2015, "--deals", "1")
    cli.run("game", "add", "A", "80S", "81")
    shown = cli.json("game", "show")
    assert (shown["totals"], shown["winner"], shown["held"]) == ({"A": 0, "B": 81}, "B", 81)
    assert "nobody scores them" in cli.run("game", "show").stdout
    assert "litige" in cli.run("--lang", "fr", "game", "show").stdout


def test_a_coinched_equal_split_is_no_litige() -> None:
    # the file's reading: a coinche bets the contract fails; 81-81 coinched is a failure:
    # (162 + 80) × 2
    run_case(FFB_2015, Case("ffb-coinchee-2015: coinched 81-81",
                            _deal("A", 80, points={"A": 81}, coinche=1), False,
                            {"A": 0, "B": 484}))


# fmt: off
FFB_2015_CASES: list[Case] = [
    # FFB 2015 §11.2, in sans-atout a carré d'as is 200: 100 SA made with 120, 120 + 100 + 200
    Case("ffb-coinchee-2015 §11.2: carré d'as in SA",
         _deal("A", 100, "SA", points={"A": 120}, announces={"A": ["carre-A"]}), True,
         {"A": 420, "B": 42}),
    # carré de dix 150 in SA: 120 + 100 + 150
    Case("ffb-coinchee-2015 §11.2: carré de dix in SA",
         _deal("A", 100, "SA", points={"A": 120}, announces={"A": ["carré de dix"]}), True,
         {"A": 370, "B": 42}),
    # carré de valets 100 in SA (200 in a suit): 120 + 100 + 100
    Case("ffb-coinchee-2015 §11.2: carré de valets in SA",
         _deal("A", 100, "SA", points={"A": 120}, announces={"A": ["carre-J"]}), True,
         {"A": 320, "B": 42}),
    # in a suit the rules' own table: carré de valets 200, 120 + 100 + 200
    Case("ffb-coinchee-2015: carré de valets in a suit",
         _deal("A", 100, "H", points={"A": 120}, announces={"A": ["carre-J"]}), True,
         {"A": 420, "B": 42}),
]
# fmt: on


@pytest.mark.parametrize("case", FFB_2015_CASES, ids=row_id)
def test_ffb_coinchee_2015(case: Case) -> None:
    run_case(FFB_2015, case)


def test_one_table_for_every_mode_gives_320() -> None:
    # standard: a carré d'as is 100 in every mode: 120 + 100 + 100
    run_case("standard", Case("standard: carré d'as in SA", FFB_2015_CASES[0].deal, True,
                              {"A": 320, "B": 42}))


# ---------------------------------------------------------------- 7. contree-net

# fmt: off
CONTREE_NET_CASES: list[Case] = [
    # contree.net: "500 points pour une générale (lorsque les plis ont été réalisés par un
    # seul joueur)": 120♠, one player took every trick: 120 + 500
    Case("contree-net: a générale not bid", _deal("A", 120, points={"A": 162}, generale=True),
         True, {"A": 620, "B": 0}),
    # "250 points pour un capot": 120 + 250
    Case("contree-net: a capot not bid", _deal("A", 120, points={"A": 162}, capot="A"), True,
         {"A": 370, "B": 0}),
    # a defender alone took every trick (the file's reading: standard's failed list, no card
    # points): 162 + 120
    Case("contree-net: the defence's générale",
         _deal("A", 120, points={"B": 162}, capot="B", generale=True), False,
         {"A": 0, "B": 282}),
]
# fmt: on


@pytest.mark.parametrize("case", CONTREE_NET_CASES, ids=row_id)
def test_contree_net(case: Case) -> None:
    run_case(CONTREE_NET, case)


def test_a_generale_not_bid_is_refused_where_the_rules_have_none() -> None:
    run_refused("standard", Refused("standard: no générale",
                                    _deal("A", 120, points={"A": 162}, generale=True),
                                    "generale"))


# ---------------------------------------------------------------- 8. pagat

# fmt: off
PAGAT_CASES: list[Case] = [
    # Pagat: "The bid must be for at least 82 points (by convention, 82 is bid by saying
    # 80)": a 90♠ made with 75 + a belote (95), rounded: 80 + 20 + 90 = 190, the defence 90
    Case("pagat: 90 made with 75 and a belote", _deal("A", 90, points={"A": 75}, belote="A"),
         True, {"A": 190, "B": 90}),
    # an 80 needs 82 card points: 81 fails, 162 + 80 (the defence's 81 -> 80 not scored)
    Case("pagat: 80 with 81 fails", _deal("A", 80, points={"A": 81}, belote="A"), False,
         {"A": 20, "B": 242}),
    # 82 makes it: 80 + 20 + 80 = 180, the defence 80
    Case("pagat: 80 with 82", _deal("A", 80, points={"A": 82}, belote="A"), True,
         {"A": 180, "B": 80}),
]
# fmt: on


@pytest.mark.parametrize("case", PAGAT_CASES, ids=row_id)
def test_pagat(case: Case) -> None:
    run_case(PAGAT, case)


def test_standards_82_applies_to_every_bid() -> None:
    # standard: min_points 82 for every bid: the 90 with 75 fails, 162 + 90 to the defence
    run_case("standard", Case("standard: 90 with 75", PAGAT_CASES[0].deal, False,
                              {"A": 20, "B": 252}))


# ---------------------------------------------------------------- 9. chien-aurelux

# fmt: off
AURELUX_CASES: list[Case] = [
    # Aurelux: "Belote-Rebelote rapporte seulement 5 points en Tout Atout": 100 + 5
    Case("chien-aurelux: a belote in TA is 5",
         _deal("1", 100, "TA", points={"1": 120, "2": 20}, belote="1"), True,
         {"1": 105, "2": 20, "3": 22}),
    # 20 in a suit: 100 + 20
    Case("chien-aurelux: a belote in a suit is 20",
         _deal("1", 100, "S", points={"1": 120, "2": 20}, belote="1"), True,
         {"1": 120, "2": 20, "3": 22}),
    # the belote helps make the bid at its own value: 95 + 5 = 100 in TA
    Case("chien-aurelux: 95 + a TA belote of 5 makes 100",
         _deal("1", 100, "TA", points={"1": 95, "2": 40}, belote="1"), True,
         {"1": 105, "2": 40, "3": 27}),
]
# fmt: on


@pytest.mark.parametrize("case", AURELUX_CASES, ids=row_id)
def test_chien_aurelux(case: Case) -> None:
    run_case(AURELUX, case)


# ---------------------------------------------------------------- the keys as a file gives them


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda path: Path(path).stem)
def test_each_sheet_validates_and_is_shown_in_both_languages(cli: Cli, sheet: str) -> None:
    name = Path(sheet).stem
    assert cli.run("rules", "validate", sheet).stdout.strip() == f"ok: {name} ({sheet})"
    for lang in ("en", "fr"):
        shown = cli.run("--lang", lang, "rules", "show", sheet).stdout
        assert shown.split("\n", 1)[0].startswith(name), shown


#: What each new key shows in ``rules show``, in English then French.
SHOWN = [
    (FFB_2016, "the deal's winner when failed", "le camp qui gagne la donne si chuté"),
    (CANNES, "rounded: the card points, the failure base, a capot's card points",
     f"arrondis{NB}: les points de cartes, la base de la chute, les points de cartes d’un "
     "capot"),
    (FFB_2015, "announces in SA: carré d'as 200", f"annonces à SA{NB}: carré d'as 200"),
    (FFB_2015, "litige: the takers reach the bid", f"litige{NB}: les preneurs atteignent"),
    (FFB_2015, "by a belote alone", "par la seule belote"),
    (CONTREE_NET, "counts 500 card points", "compte 500 points de cartes"),
    (PAGAT, "at least 82 on a bid of 80", "au moins 82 sur une enchère de 80"),
    (AURELUX, "belote: 20 (5 in TA)", f"belote{NB}: 20 (5 à TA)"),
]


@pytest.mark.parametrize(("sheet", "english", "french"), SHOWN,
                         ids=[f"{Path(s).stem}-{e[:20]}" for s, e, _f in SHOWN])
def test_rules_show_says_each_new_key(cli: Cli, sheet: str, english: str, french: str) -> None:
    assert english in cli.run("rules", "show", sheet).stdout
    assert french in cli.run("--lang", "fr", "rules", "show", sheet).stdout


# (the file's lines after "extends: standard" and its name, the problem: line, key: reason)
# fmt: off
BAD: list[tuple[list[str], tuple[int, str]]] = [
    (["belote:", "  goes_to: {made: holder, failed: everyone}"],
     (4, "belote.goes_to.failed: expected one of holder, winner, got “everyone”")),
    (["belote:", "  goes_to: {lost: winner}"],
     (4, "belote.goes_to.lost: unknown key (expected one of: made, failed, coinched)")),
    (["rounding:", "  applies_to: [points, contract]"],
     (4, "rounding.applies_to: unknown score term “contract” (terms are: points, base, "
         "capot_card_points)")),
    (["rounding:", "  applies_to: base"],
     (4, "rounding.applies_to: expected a list of score terms, got “base”")),
    (["end:", "  belote_alone_wins: 3"],
     (4, "end.belote_alone_wins: expected true or false, got “3”")),
    (["made_if:", "  litige: 1"], (4, "made_if.litige: expected true or false, got “1”")),
    (["modes:", "  SA:", "    announces: {carre-X: 200}"],
     (5, "modes.SA.announces.carre-X: unknown announce “carre-X” (announces are: ")),
    (["modes:", "  SA:", "    announces: {carre-A: -5}"],
     (5, "modes.SA.announces.carre-A: must be >= 0, got “-5”")),
    (["announces: null", "modes:", "  SA:", "    announces: {carre-A: 200}"],
     (6, "modes.SA.announces: give announces.values first: a mode changes the rules' "
         "announces")),
    (["modes:", "  TA:", "    belote_value: -5"],
     (5, "modes.TA.belote_value: must be >= 0, got “-5”")),
    (["modes:", "  suits:", "    belote_value: five"],
     (5, "modes.suits.belote_value: expected a whole number, got “five”")),
    (["capot:", "  generale_card_points: -1"],
     (4, "capot.generale_card_points: must be >= 0, got “-1”")),
    (["made_if:", "  min_points: {85: 82}"],
     (4, "made_if.min_points.85: “85” is not a bid (bids are 80..160 by 10)")),
    (["made_if:", "  min_points: {80: -1}"],
     (4, "made_if.min_points.80: must be >= 0, got “-1”")),
]
# fmt: on


@pytest.mark.parametrize(("lines", "problem"), BAD, ids=[b[1][1].split(":")[0] for b in BAD])
def test_a_wrong_value_is_refused_naming_its_key(tmp_path: Path, lines: list[str],
                                                 problem: tuple[int, str]) -> None:
    path = tmp_path / "child.yaml"
    path.write_text("\n".join(["extends: standard", "name: child", *lines]) + "\n",
                    encoding="utf-8")
    with pytest.raises(RulesError) as info:
        load_rules(str(path))
    line, reason = problem
    problems = [str(p) for p in info.value.problems]
    assert len(problems) == 1 and problems[0].startswith(f"{path}:{line}: {reason}"), problems


@pytest.mark.parametrize(("key", "lines"), [
    ("made_if.litige", ["made_if:", "  litige: true"]),
    ("capot.generale_card_points", ["capot:", "  generale_card_points: 500"]),
    ("belote.goes_to.failed", ["belote:", "  goes_to: {failed: winner}"]),
])
def test_team_rules_are_refused_in_the_chien(tmp_path: Path, key: str,
                                             lines: list[str]) -> None:
    path = tmp_path / "chien-child.yaml"
    path.write_text("\n".join(["extends: chien", "name: chien-child", *lines]) + "\n",
                    encoding="utf-8")
    with pytest.raises(RulesError) as info:
        load_rules(str(path))
    assert [p.key for p in info.value.problems] == [key]


def test_a_refusal_through_the_command_is_one_line(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("extends: standard\nname: bad\nmade_if:\n  min_points: {85: 82}\n",
                    encoding="utf-8")
    ran = cli.run("rules", "validate", str(path), code=2)
    assert ran.stderr.splitlines() == [
        f"error: {path}:4: made_if.min_points.85: “85” is not a bid (bids are 80..160 by 10)"]


def test_the_new_keys_survive_a_games_compiled_rules(cli: Cli) -> None:
    # a stored game reads its rules back compiled: the litige and the SA table still score
    cli.run("game", "new", "--rules", FFB_2015)
    cli.run("game", "add", "A", "80S", "81")
    cli.run("game", "add", "B", "100SA", "120", "--announce", "B:carre-A")
    shown = cli.json("game", "show")
    # B: 81, then 120 + 100 + 200 + the 81 held = 501
    assert (shown["totals"], shown["held"]) == ({"A": 42, "B": 582}, 0)
