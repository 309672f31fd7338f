"""How games end, table by table: every end and tie rule of variants.md, on the pure core."""

from __future__ import annotations

from pathlib import Path

import pytest

from coinche_cli.game.state import Entry, GameState, Setup, play
from coinche_cli.rules.loader import load_rules
from coinche_cli.rules.model import Rules
from coinche_cli.scoring.deal import Deal, deal_from_json


def setup(name: str, players: int = 4, **end: int) -> Setup:
    rules = load_rules(name)
    names = {side: side for side in rules.sides(players)}
    return Setup(rules=rules, players=players, names=names, **end)  # type: ignore[arg-type]


def d(**fields: object) -> Deal:
    return deal_from_json(fields)


def run(game: Setup, deals: list[Deal | None], times: list[str] | None = None) -> GameState:
    entries = [
        Entry(n, deal, times[n - 1] if times else "") for n, deal in enumerate(deals, start=1)
    ]
    return play(game, entries)


def test_standard_first_over_the_target_wins() -> None:
    # target 200: A 80♠ with 100 → A 180, B 62; A 80♠ with 90 → A 350, B 134: A alone over.
    state = run(setup("standard", target=200), [
        d(taker="A", contract=80, trump="S", points={"A": 100}),
        d(taker="A", contract=80, trump="S", points={"A": 90}),
    ])
    assert state.totals == {"A": 350, "B": 134}
    assert (state.finished, state.winner) == (True, "A")


def test_standard_both_over_higher_total_wins_even_against_the_deal_winner() -> None:
    # variants.md standard: "both over 701 on the same deal: higher total wins"
    # target 200: deal 1 A 80♠ 100 → A 180, B 62. Deal 2 B 80♠ 90 → B 62+170 = 232,
    # A 180+72 = 252: both over; A is higher although B won the deal.
    state = run(setup("standard", target=200), [
        d(taker="A", contract=80, trump="S", points={"A": 100}),
        d(taker="B", contract=80, trump="S", points={"B": 90}),
    ])
    assert state.totals == {"A": 252, "B": 232}
    assert state.winner == "A"


def test_standard_both_over_equal_totals_the_deal_winner_wins() -> None:
    # "equal totals: the team that won that deal": deal 2 B 80♠ 100 → B 62+180 = 242,
    # A 180+62 = 242; B made the deal, B wins.
    state = run(setup("standard", target=200), [
        d(taker="A", contract=80, trump="S", points={"A": 100}),
        d(taker="B", contract=80, trump="S", points={"B": 100}),
    ])
    assert state.totals == {"A": 242, "B": 242}
    assert state.winner == "B"


def test_atout_failed_contract_carries_the_defenders_over() -> None:
    # atout, target 300.  Deal 1: A makes 80♠ with 100 → A 80 + 100 = 180, B 62.
    # Deal 2: B fails 80♠ with 50 → A 180 + (162 + 80) = 422, B 62: the defence wins.
    state = run(setup("atout", target=300), [
        d(taker="A", contract=80, trump="S", points={"A": 100}),
        d(taker="B", contract=80, trump="S", points={"B": 50}),
    ])
    assert state.totals == {"A": 422, "B": 62}
    assert state.winner == "A"


def test_club_both_over_the_deal_winner_wins_even_with_fewer_points() -> None:
    # variants.md club: "both over the target on the same deal: the side that won the deal"
    # target 150.  Deal 1: A 100♠ made → A 100.  Deal 2: B 100♠ made → B 100.
    # Deal 3: B 80♠ made with 100; A holds the best announce (cent 100), counted for A:
    # A 100 + 100 = 200, B 100 + 80 = 180: both over, B won the deal.
    state = run(setup("club", target=150), [
        d(taker="A", contract=100, trump="S", points={"A": 110}),
        d(taker="B", contract=100, trump="S", points={"B": 110}),
        d(taker="B", contract=80, trump="S", points={"B": 100}, announces={"A": ["cent"]}),
    ])
    assert state.totals == {"A": 200, "B": 180}
    assert state.winner == "B"


def test_chien_exact_tie_over_the_target_plays_another_deal() -> None:
    # chien, 3 players, target 200.
    # 1: seat 1 makes 100♠ with 120 (2: 30, 3: 12) → 1 100, 2 30, 3 12
    # 2: seat 2 makes 100♠ with 120 (1: 30, 3: 12) → 1 130, 2 130, 3 24
    # 3: seat 3 makes 80♠ with 100 (1: 31, 2: 31) → 1 161, 2 161, 3 104
    # 4: seat 3 fails 80♠ with 20 (1: 71, 2: 71): each defender 80 + 71 → 1 312, 2 312, 3 104
    #    two over, equal: "exact tie: play another deal"
    # 5: seat 1 makes 80♠ with 100 (2: 31, 3: 31) → 1 392, 2 343, 3 135: highest total wins
    game = setup("chien", players=3, target=200)
    deals = [
        d(taker="1", contract=100, trump="S", points={"1": 120, "2": 30}),
        d(taker="2", contract=100, trump="S", points={"2": 120, "1": 30}),
        d(taker="3", contract=80, trump="S", points={"3": 100, "1": 31}),
        d(taker="3", contract=80, trump="S", points={"3": 20, "1": 71}),
    ]
    tied = run(game, deals)
    assert tied.totals == {"1": 312, "2": 312, "3": 104}
    assert not tied.finished
    deals.append(d(taker="1", contract=80, trump="S", points={"1": 100, "2": 31}))
    done = run(game, deals)
    assert done.totals == {"1": 392, "2": 343, "3": 135}
    assert (done.finished, done.winner) == (True, "1")


def test_generale_exact_tie_plays_on() -> None:
    # generale, target 200.  Deal 1: A makes 100♠ with 110 → A 100, B 52.
    # Deal 2: B makes 80♠ with 130 → B 52 + 80 = 132, A 100 + 32 = 132 (nobody over).
    state = run(setup("generale", target=200), [
        d(taker="A", contract=100, trump="S", points={"A": 110}),
        d(taker="B", contract=80, trump="S", points={"B": 130}),
    ])
    assert state.totals == {"A": 132, "B": 132} and not state.finished
    # With a target of 130 both pass it on deal 2 with equal totals: "exact tie: play another
    # deal".
    tie = run(setup("generale", target=130), [
        d(taker="A", contract=100, trump="S", points={"A": 110}),
        d(taker="B", contract=80, trump="S", points={"B": 130}),
    ])
    assert tie.totals == {"A": 132, "B": 132}
    assert not tie.finished and tie.winner is None


def test_fixed_deals_club_equal_totals_play_one_more() -> None:
    # club "In fixed-deals play, equal totals after the last deal: one more deal."
    game = setup("club", deals=2)
    deals = [
        d(taker="A", contract=100, trump="S", points={"A": 110}),  # A 100
        d(taker="B", contract=100, trump="S", points={"B": 110}),  # B 100
    ]
    state = run(game, deals)
    assert state.totals == {"A": 100, "B": 100} and not state.finished
    deals.append(d(taker="A", contract=80, trump="H", points={"A": 90}))  # A 180
    state = run(game, deals)
    assert (state.finished, state.winner, state.played) == (True, "A", 3)


def test_fixed_deals_standard_equal_totals_go_to_the_last_deal_winner() -> None:
    # standard, 2 deals: A 80♠ 100 → A 180, B 62; B 80♠ 100 → B 242, A 242: B won deal 2.
    state = run(setup("standard", deals=2), [
        d(taker="A", contract=80, trump="S", points={"A": 100}),
        d(taker="B", contract=80, trump="S", points={"B": 100}),
    ])
    assert state.totals == {"A": 242, "B": 242}
    assert (state.finished, state.winner) == (True, "B")


def test_passes_move_the_dealer_and_do_not_count_as_fixed_deals() -> None:
    state = run(setup("standard", deals=2), [
        None,
        d(taker="A", contract=80, trump="S", points={"A": 100}),
        None,
    ])
    assert state.played == 1 and not state.finished
    assert [row.dealer for row in state.rows] == [0, 1, 2]
    assert state.next_dealer == 3


def test_chien_dealer_turns_round_three_seats() -> None:
    game = setup("chien", players=3, first_dealer=2)
    state = run(game, [None, None, None, None])
    assert [row.dealer for row in state.rows] == [2, 0, 1, 2]


def test_a_finished_game_reports_later_entries_as_extra() -> None:
    state = run(setup("standard", target=100), [
        d(taker="A", contract=80, trump="S", points={"A": 100}),
        d(taker="A", contract=80, trump="S", points={"A": 100}),
    ])
    assert state.finished and state.extra == (2,)


def _custom(tmp_path: Path, text: str) -> Rules:
    path = tmp_path / "club.yaml"
    path.write_text(text, encoding="utf-8")
    return load_rules(str(path))


def test_last_deal_is_scored_exact_when_the_rules_say_so(tmp_path: Path) -> None:
    rules = _custom(tmp_path, "extends: standard\nrounding: {method: five_up, last_deal: exact}\n"
                              "end: {target: 300}\n")
    game = Setup(rules=rules, players=4, names={"A": "A", "B": "B"})
    # deal 1: A 80♠ with 104 → rounded 100 + 80 = 180; B 58 → 60.
    # deal 2: A 80♠ with 104 ends the game: exact 104 + 80 = 184 → A 364; B 58 → 118.
    state = run(game, [
        d(taker="A", contract=80, trump="S", points={"A": 104}),
        d(taker="A", contract=80, trump="S", points={"A": 104}),
    ])
    assert state.rows[0].totals == {"A": 180, "B": 60}
    assert state.totals == {"A": 364, "B": 118}
    assert state.winner == "A"


def test_time_limit_ends_after_the_deal_in_progress(tmp_path: Path) -> None:
    rules = _custom(tmp_path, "extends: standard\nend: {target: 2000, time_limit: 30}\n")
    game = Setup(rules=rules, players=4, names={"A": "A", "B": "B"})
    times = ["2026-11-30T20:00:00+00:00", "2026-11-30T20:10:00+00:00",
             "2026-11-30T20:31:00+00:00"]
    deals: list[Deal | None] = [
        d(taker="A", contract=80, trump="S", points={"A": 100}),  # A 180, B 62
        d(taker="B", contract=80, trump="S", points={"B": 90}),  # B 232, A 252
        d(taker="B", contract=80, trump="S", points={"B": 90}),  # B 402, A 324; 31 min
    ]
    assert not run(game, deals[:2], times[:2]).finished
    state = run(game, deals, times)
    assert (state.finished, state.winner) == (True, "B")


@pytest.mark.parametrize("name", ["standard", "club", "atout", "generale"])
def test_game_overrides_replace_the_variants_target(name: str) -> None:
    game = setup(name, target=50)
    assert game.end.target == 50 and game.end.deals is None
    assert load_rules(name).end.target != 50


# -- the time called at a deal (the score sheet on the phone, issue 35; game/state rule 9) --

POINT_JUSTE = str(Path(__file__).resolve().parent.parent / "examples" / "rules" /
                  "point-juste.yaml")
A_104 = d(taker="A", contract=100, trump="S", points={"A": 104})


@pytest.mark.parametrize(("called", "deals", "scores", "end"), [
    # point-juste: 100♠ with 104 writes 200 / 60; the last deal 204 / 58 ("la dernière donne
    # est comptée au point juste", examples/rules/point-juste.yaml)
    (None, [A_104, A_104], [(200, 60), (200, 60)], None),
    (2, [A_104, A_104], [(200, 60), (204, 58)], ("time", "A")),
    (1, [A_104], [(204, 58)], ("time", "A")),
    # a pass at the deal time was called at: the next scored deal is the last
    (2, [A_104, None, A_104], [(200, 60), None, (204, 58)], ("time", "A")),
])
def test_the_deal_time_was_called_at_is_the_last(called: int | None, deals: list[Deal | None],
                                                 scores: list[tuple[int, int] | None],
                                                 end: tuple[str, str] | None) -> None:
    rules = load_rules(POINT_JUSTE)
    game = Setup(rules=rules, players=4, names={"A": "A", "B": "B"}, time_called=called)
    state = run(game, deals)
    got = [None if row.result is None else (row.result.scores["A"], row.result.scores["B"])
           for row in state.rows]
    assert got == scores
    assert (None if state.end is None else (state.end.reason, state.end.winner)) == end
