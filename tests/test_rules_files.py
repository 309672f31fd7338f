"""Loading rules files: every problem reported at once as ``FILE:LINE: key: reason``.

The loader's promise (``docs/rules-format.md``, "Errors"): a rules file that cannot be used
raises one :class:`RulesError` whose ``problems`` name the file, the line, the dotted key and
the reason, for every problem found; ``extends`` merges a parent under the child; the command
line prints each problem on stderr and exits 2, never with a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coinche_cli.errors import CoincheError, Problem, RulesError
from coinche_cli.rules.loader import builtin_names, load_rules
from tests.harness import Cli

# A complete rules file that does not extend anything; the line numbers matter below.
MINIMAL_LINES = [
    "name: minimal",  # 1
    "players: 4",  # 2
    "cards:",  # 3
    "  trump: {J: 20, 9: 14, A: 11, 10: 10, K: 4, Q: 3, 8: 0, 7: 0}",  # 4
    "  plain: {A: 11, 10: 10, K: 4, Q: 3, J: 2, 9: 0, 8: 0, 7: 0}",  # 5
    "modes:",  # 6
    "  suits: {}",  # 7
    "bids:",  # 8
    "  min: 80",  # 9
    "  max: 160",  # 10
    "multiplier: {}",  # 11
    "score:",  # 12
    "  made:",  # 13
    "    takers: [points, contract]",  # 14
    "    defenders: [points]",  # 15
    "  failed:",  # 16
    "    defenders: [base, contract]",  # 17
    "end:",  # 18
    "  target: 1000",  # 19
]


def _minimal(**replace: str) -> str:
    """The minimal file with some lines replaced: ``{"5": "new text"}`` (1-based)."""
    lines = list(MINIMAL_LINES)
    for number, text in replace.items():
        lines[int(number) - 1] = text
    return "\n".join(lines) + "\n"


def _write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _problems(path: Path) -> list[str]:
    with pytest.raises(RulesError) as info:
        load_rules(str(path))
    return [str(problem) for problem in info.value.problems]


def _child(tmp_path: Path, *lines: str) -> Path:
    """A file extending standard: line 1 extends, line 2 name, then ``lines`` from line 3."""
    return _write(tmp_path, "child.yaml", "\n".join(["extends: standard", "name: child", *lines]))


# ---------------------------------------------------------------- one problem each


def test_minimal_file_loads(tmp_path: Path) -> None:
    rules = load_rules(str(_write(tmp_path, "minimal.yaml", _minimal())))
    assert (rules.name, rules.modes["S"].total, rules.end.target) == ("minimal", 162, 1000)


def test_unknown_key(tmp_path: Path) -> None:
    path = _child(tmp_path, "bogus: 1")
    problem = f"{path}:3: bogus: unknown key (expected one of: name, title, source, extends, "
    assert _problems(path)[0].startswith(problem)


def test_unknown_nested_key(tmp_path: Path) -> None:
    path = _child(tmp_path, "bids:", "  minimum: 80")
    assert _problems(path) == [
        f"{path}:4: bids.minimum: unknown key (expected one of: min, max, step, capot, generale)"
    ]


def test_duplicate_key(tmp_path: Path) -> None:
    path = _child(tmp_path, "end:", "  target: 1000", "  target: 2000")
    assert _problems(path) == [f"{path}:5: end.target: duplicate key (first given on line 4)"]


def test_duplicate_top_level_key(tmp_path: Path) -> None:
    path = _child(tmp_path, "direction: clockwise", "", "direction: counterclockwise")
    assert _problems(path) == [f"{path}:5: direction: duplicate key (first given on line 3)"]


def test_wrong_type(tmp_path: Path) -> None:
    path = _child(tmp_path, "bids:", "  min: eighty")
    assert _problems(path) == [f"{path}:4: bids.min: expected a whole number, got “eighty”"]


def test_wrong_type_boolean(tmp_path: Path) -> None:
    path = _child(tmp_path, "made_if:", "  beat_defence: sometimes")
    assert _problems(path) == [
        f"{path}:4: made_if.beat_defence: expected true or false, got “sometimes”"
    ]


def test_bad_choice(tmp_path: Path) -> None:
    path = _child(tmp_path, "rounding:", "  method: up")
    assert _problems(path) == [
        f"{path}:4: rounding.method: expected one of none, five_up, six_up, nearest_five, "
        "complementary, got “up”"
    ]


def test_bad_choice_read_late_is_reported(tmp_path: Path) -> None:
    # direction is read after the score table: still reported
    path = _child(tmp_path, "direction: sideways")
    assert _problems(path) == [
        f"{path}:3: direction: expected one of clockwise, counterclockwise, got “sideways”"
    ]


def test_bad_range(tmp_path: Path) -> None:
    path = _child(tmp_path, "multiplier:", "  coinche: 0")
    assert _problems(path) == [f"{path}:4: multiplier.coinche: must be >= 1, got “0”"]


def test_unknown_score_term(tmp_path: Path) -> None:
    path = _child(
        tmp_path, "score:", "  when_coinched:", "    made:", "      takers: [points, bonus]"
    )
    assert _problems(path) == [
        f"{path}:6: score.when_coinched.made.takers: unknown score term “bonus” (terms are: "
        "points, contract, base, belote, announces, all_announces, capot_bonus, or a number)"
    ]


def test_score_list_not_a_list(tmp_path: Path) -> None:
    path = _child(tmp_path, "score:", "  made:", "    takers: points")
    assert _problems(path) == [
        f"{path}:5: score.made.takers: expected a list of score terms, got “points”"
    ]


def test_bad_card_rank(tmp_path: Path) -> None:
    text = _minimal(**{"4": "  trump: {J: 20, 9: 14, A: 11, 10: 10, K: 4, Q: 3, 8: 0, X: 0}"})
    path = _write(tmp_path, "rank.yaml", text)
    assert _problems(path) == [
        f"{path}:4: cards.trump.X: unknown card “X” (cards are 7 8 9 10 J Q K A)"
    ]


def test_card_aliases(tmp_path: Path) -> None:
    # V (valet), D (dame), R (roi) are J, Q, K
    text = _minimal(**{"5": "  plain: {A: 11, 10: 10, R: 4, D: 3, V: 2, 9: 0, 8: 0, 7: 0}"})
    rules = load_rules(str(_write(tmp_path, "alias.yaml", text)))
    assert (rules.plain_cards["K"], rules.plain_cards["Q"], rules.plain_cards["J"]) == (4, 3, 2)


def test_missing_card_in_a_table(tmp_path: Path) -> None:
    text = _minimal(**{"5": "  plain: {A: 11, 10: 10, K: 4, Q: 3, J: 2, 9: 0, 8: 0}"})
    path = _write(tmp_path, "missing-card.yaml", text)
    assert _problems(path) == [
        f"{path}:5: cards.plain: the table must give all eight cards; missing: 7"
    ]


def test_missing_required_key(tmp_path: Path) -> None:
    text = "\n".join(MINIMAL_LINES[:17]) + "\n"  # no end section
    path = _write(tmp_path, "no-end.yaml", text)
    assert _problems(path) == [f"{path}:1: end: required key is missing"]


def test_missing_required_nested_key(tmp_path: Path) -> None:
    text = _minimal(**{"9": "  step: 10"})  # bids without min
    path = _write(tmp_path, "no-min.yaml", text)
    assert _problems(path) == [f"{path}:8: bids.min: required key is missing"]


def test_mode_without_cards(tmp_path: Path) -> None:
    path = _write(tmp_path, "sa.yaml", _minimal(**{"7": "  SA: {belotes: 0}"}))
    assert _problems(path) == [f"{path}:7: modes.SA.cards: required key is missing"]


def test_no_modes(tmp_path: Path) -> None:
    path = _write(tmp_path, "modes.yaml", _minimal(**{"6": "modes: {}", "7": ""}))
    assert _problems(path) == [f"{path}:6: modes: at least one mode (suits, SA or TA) is required"]


def test_bid_ladder(tmp_path: Path) -> None:
    path = _child(tmp_path, "bids:", "  max: 155")
    assert _problems(path) == [
        f"{path}:4: bids.max: bids.max (155) must be at least bids.min (80) on the step of 10"
    ]


def test_end_needs_a_target_deals_or_time_limit(tmp_path: Path) -> None:
    path = _child(tmp_path, "end:", "  target: null")
    assert _problems(path) == [f"{path}:3: end: give end.target, end.deals or end.time_limit"]


def test_bad_announce_name(tmp_path: Path) -> None:
    path = _child(tmp_path, "announces:", "  values:", "    sixte: 60")
    problems = _problems(path)
    assert len(problems) == 1
    assert problems[0].startswith(
        f"{path}:5: announces.values.sixte: unknown announce “sixte” (announces are: tierce,"
    )


def test_alias_of_an_inherited_announce(tmp_path: Path) -> None:
    # standard says cinquante; quarante is the same announce, so the merged table has it twice
    path = _child(tmp_path, "announces:", "  values:", "    quarante: 40")
    assert _problems(path) == [
        f"{path}:5: announces.values.quarante: “cinquante” and “quarante” are the same "
        "announce; give one"
    ]


def test_complementary_needs_teams(tmp_path: Path) -> None:
    path = _write(
        tmp_path, "c.yaml", "extends: chien\nname: c\nrounding:\n  method: complementary\n"
    )
    problems = _problems(path)
    assert len(problems) == 1
    assert problems[0].startswith(f"{path}:4: rounding.method: expected one of ")


def test_yaml_syntax_error(tmp_path: Path) -> None:
    path = _write(tmp_path, "syntax.yaml", "name: x\nplayers: 4\nbids:\n  min: 80\n   max: 9\n")
    assert _problems(path) == [f"{path}:5: not valid YAML: mapping values are not allowed here"]


def test_not_a_mapping(tmp_path: Path) -> None:
    path = _write(tmp_path, "list.yaml", "- standard\n- club\n")
    assert _problems(path) == [f"{path}:1: expected a mapping of keys, got list"]


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "absent.yaml"
    assert _problems(path) == [f"{path}:1: no such rules file"]


def test_unknown_builtin_name() -> None:
    with pytest.raises(RulesError) as info:
        load_rules("belotte")
    known = ", ".join(builtin_names())
    assert [str(p) for p in info.value.problems] == [
        f"unknown rules “belotte”; built-in rules are: {known}"]


def test_rules_error_is_a_user_error(tmp_path: Path) -> None:
    error = RulesError([Problem("x.yaml", 1, "bogus", "unknown key")])
    assert isinstance(error, CoincheError) and isinstance(error, ValueError)
    assert error.exit_code == 2
    assert error.text == "x.yaml:1: bogus: unknown key"


def test_problems_sort_by_file_and_line_whatever_the_path() -> None:
    # a Windows path holds a colon: problems are sorted on their fields, never re-parsed
    late = Problem(r"C:\clubs\lyon.yaml", 12, "bids.min", "required key is missing")
    early = Problem(r"C:\clubs\lyon.yaml", 3, "direction", "expected one of …")
    other = Problem(r"C:\clubs\base.yaml", 40, "end", "required key is missing")
    assert RulesError([late, early, other]).problems == [other, early, late]


# ---------------------------------------------------------------- extends


def test_extends_missing_file(tmp_path: Path) -> None:
    path = _write(tmp_path, "orphan.yaml", "name: orphan\nextends: nothere.yaml\n")
    assert _problems(path) == [
        f"{path}:2: extends: cannot extend “nothere.yaml”: no such rules file"
    ]


def test_extends_unknown_builtin(tmp_path: Path) -> None:
    path = _write(tmp_path, "orphan.yaml", "# a club sheet\nname: orphan\nextends: belotte\n")
    assert _problems(path) == [f"{path}:3: extends: cannot extend “belotte”: no such rules file"]


def test_extends_cycle(tmp_path: Path) -> None:
    first = _write(tmp_path, "a.yaml", "extends: b.yaml\nname: a\n")
    second = _write(tmp_path, "b.yaml", "# b extends a\nextends: a.yaml\nname: b\n")
    assert _problems(first) == [
        f"{second}:2: extends: extends itself through a.yaml -> b.yaml -> a.yaml"
    ]


def test_extends_itself(tmp_path: Path) -> None:
    path = _write(tmp_path, "self.yaml", "name: self\nextends: self.yaml\n")
    assert _problems(path) == [f"{path}:2: extends: extends itself through self.yaml -> self.yaml"]


def test_child_gets_standard_except_overrides(tmp_path: Path) -> None:
    path = _child(tmp_path, "belote:", "  value: 30", "end:", "  target: 1000")
    child = load_rules(str(path))
    standard = load_rules("standard")
    assert (child.name, child.belote_value, child.end.target) == ("child", 30, 1000)
    # merged mappings keep standard's other keys
    assert child.belote_to == "holder"
    assert child.end == standard.end._replace(target=1000)
    same = [
        "players", "direction", "dix_de_der", "trump_cards", "plain_cards", "modes", "bid_min",
        "bid_max", "bid_step", "capot_value", "generale_value", "announces",
        "best_announce_only", "reach_bid_with", "min_points", "beat_defence",
        "coinche_factors", "multiplied", "score", "capot_bonus", "rounding",
    ]  # fmt: skip
    for name in same:
        assert getattr(child, name) == getattr(standard, name), name


def test_lists_replace_and_null_removes(tmp_path: Path) -> None:
    path = _child(
        tmp_path,
        "made_if:",
        "  reach_bid_with: [points]",  # a list replaces the parent's list
        "  min_points: null",  # null removes the parent's value
    )
    rules = load_rules(str(path))
    assert (rules.reach_bid_with, rules.min_points) == (("points",), None)
    assert rules.score == load_rules("standard").score


def test_extends_a_chain(tmp_path: Path) -> None:
    _write(tmp_path, "club-base.yaml", "extends: standard\nname: base\nend:\n  target: 1000\n")
    path = _write(tmp_path, "club.yaml", "extends: club-base.yaml\nname: mine\nbids:\n  step: 20\n")
    rules = load_rules(str(path))
    assert (rules.name, rules.end.target, rules.bid_step, rules.bid_max) == ("mine", 1000, 20, 160)


def test_extends_is_relative_to_the_file_not_the_cwd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a decoy with the same name in the working directory must not be picked
    _write(tmp_path, "base.yaml", "extends: standard\nname: decoy\nend:\n  target: 2000\n")
    _write(tmp_path, "sub/base.yaml", "extends: standard\nname: base\nend:\n  target: 1000\n")
    _write(tmp_path, "sub/child.yaml", "extends: base.yaml\nname: child\n")
    monkeypatch.chdir(tmp_path)
    assert load_rules("sub/child.yaml").end.target == 1000


def test_error_in_the_child_is_at_the_childs_line(tmp_path: Path) -> None:
    parent = _write(tmp_path, "parent.yaml", "extends: standard\nname: parent\n")
    child = _write(tmp_path, "kid.yaml", "extends: parent.yaml\nname: kid\nbids:\n  step: 0\n")
    assert _problems(child) == [f"{child}:4: bids.step: must be >= 1, got “0”"]
    assert load_rules(str(parent)).name == "parent"


def test_error_inherited_from_a_parent_is_at_the_parents_line(tmp_path: Path) -> None:
    parent = _write(
        tmp_path, "parent.yaml", "extends: standard\nname: parent\n\ndirection: sideways\n"
    )
    child = _write(tmp_path, "kid.yaml", "extends: parent.yaml\nname: kid\n")
    assert _problems(child) == [
        f"{parent}:4: direction: expected one of clockwise, counterclockwise, got “sideways”"
    ]


def test_parent_value_overridden_by_the_child_is_not_an_error(tmp_path: Path) -> None:
    _write(tmp_path, "parent.yaml", "extends: standard\nname: parent\ndirection: sideways\n")
    child = _write(tmp_path, "kid.yaml", "extends: parent.yaml\nname: kid\ndirection: clockwise\n")
    assert load_rules(str(child)).direction == "clockwise"


# ---------------------------------------------------------------- every problem at once

MANY_PROBLEMS = [
    "extends: standard",  # 1
    "name: many",  # 2
    "bogus: 1",  # 3  unknown key
    "direction: sideways",  # 4  bad choice
    "bids:",  # 5
    "  min: eighty",  # 6  wrong type
    "  min: 90",  # 7  duplicate key
    "belote:",  # 8
    "  goes_to: nobody",  # 9  bad choice
    "multiplier:",  # 10
    "  coinche: 0",  # 11  out of range
    "score:",  # 12
    "  made:",  # 13
    "    takers: [points, bonus]",  # 14  unknown term
    "modes:",  # 15
    "  SA:",  # 16
    "    cards: {A: 19, 10: 10, K: 4, Q: 3, J: 2, 9: 0, 8: 0, Z: 0}",  # 17  bad rank
]


def test_every_problem_reported_at_once(tmp_path: Path) -> None:
    path = _write(tmp_path, "many.yaml", "\n".join(MANY_PROBLEMS) + "\n")
    problems = _problems(path)
    expected_starts = [
        f"{path}:7: bids.min: duplicate key (first given on line 6)",
        f"{path}:3: bogus: unknown key",
        f"{path}:4: direction: expected one of clockwise, counterclockwise, got “sideways”",
        f"{path}:6: bids.min: expected a whole number, got “eighty”",
        f"{path}:9: belote.goes_to: expected one of holder, winner, got “nobody”",
        f"{path}:11: multiplier.coinche: must be >= 1, got “0”",
        f"{path}:14: score.made.takers: unknown score term “bonus”",
        f"{path}:17: modes.SA.cards.Z: unknown card “Z”",
    ]
    assert len(problems) == len(expected_starts), problems
    for start in expected_starts:
        assert any(problem.startswith(start) for problem in problems), (start, problems)


# ---------------------------------------------------------------- the command line


def test_cli_validate_reports_every_problem(tmp_path: Path) -> None:
    path = _write(tmp_path, "many.yaml", "\n".join(MANY_PROBLEMS) + "\n")
    problems = _problems(path)
    run = Cli(process=True, cwd=tmp_path).invoke("rules", "validate", str(path))
    assert run.code == 2
    assert run.stdout == ""
    # error: FILE:LINE: key: reason, one per line (docs/rules-format.md, "Errors")
    assert run.stderr.splitlines() == [f"error: {problem}" for problem in problems]
    assert "Traceback" not in run.stderr


def test_cli_validate_yaml_error(tmp_path: Path) -> None:
    path = _write(tmp_path, "syntax.yaml", "name: x\nbids:\n  min: 80\n   max: 9\n")
    run = Cli(process=True, cwd=tmp_path).invoke("rules", "validate", "syntax.yaml")
    assert (run.code, run.stderr) == (
        2,
        "error: syntax.yaml:4: not valid YAML: mapping values are not allowed here\n",
    )
    assert path.exists()


def test_cli_validate_ok(tmp_path: Path) -> None:
    _child(tmp_path, "end:", "  target: 1000")
    run = Cli(process=True, cwd=tmp_path).invoke("rules", "validate", "child.yaml")
    assert run.code == 0, run.stderr
    assert run.stdout.startswith("ok")
    assert run.stdout.splitlines() == ["ok: child (child.yaml)"]


def test_cli_rules_list_json(tmp_path: Path) -> None:
    run = Cli(process=True, cwd=tmp_path).invoke("rules", "list", "--json")
    assert run.code == 0, run.stderr
    rows = json.loads(run.stdout)
    assert [row["name"] for row in rows] == ["atout", "chien", "club", "generale", "standard"]
    for row in rows:
        assert {"name", "players", "target", "modes", "source"} <= set(row)
        # where the rules come from, in the players' words: no seed file names (issue 7.17)
        assert row["source"] and "seed" not in row["source"] and ".txt" not in row["source"]
    by_name = {row["name"]: row for row in rows}
    assert (by_name["chien"]["players"], by_name["chien"]["target"]) == ([3, 2], 1000)
    assert by_name["standard"]["modes"] == ["suits", "SA", "TA"]
    assert by_name["atout"]["modes"] == ["suits"]


def _sheet(tmp_path: Path, body: str, name: str = "club.yaml") -> Path:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


def test_a_child_removes_an_inherited_mode_and_announce(tmp_path: Path) -> None:
    path = _sheet(tmp_path, "extends: standard\nmodes: {SA: null}\n"
                            "announces: {values: {cent: null}}\n")
    rules = load_rules(str(path))
    assert "SA" not in rules.modes and "TA" in rules.modes
    assert rules.announces is not None and "cent" not in rules.announces
    assert rules.name == "club"  # a child without name: is named after its file


def test_a_specific_carre_overrides_the_generic_one_in_any_order(tmp_path: Path) -> None:
    path = _sheet(tmp_path, "extends: standard\nannounces: {values: {carre-K: 120}}\n")
    rules = load_rules(str(path))
    assert rules.announces is not None
    assert (rules.announces["carre-K"], rules.announces["carre-A"]) == (120, 100)
    accented = _sheet(tmp_path, "extends: standard\nannounces:\n  values:\n    Carré: 90\n",
                      "accent.yaml")
    table = load_rules(str(accented)).announces or {}
    assert {table[c] for c in ("carre-A", "carre-10", "carre-K", "carre-Q")} == {90}


def test_reach_and_multiplier_lists_refuse_terms_they_cannot_use(tmp_path: Path) -> None:
    path = _sheet(tmp_path, "extends: standard\nmade_if: {reach_bid_with: [points, 10]}\n"
                            "multiplier: {applies_to: [contract, 5]}\n")
    problems = _problems(path)
    assert len(problems) == 2
    assert "made_if.reach_bid_with: unknown score term “10”" in problems[0]
    assert "multiplier.applies_to: unknown score term “5”" in problems[1]


def test_belote_to_the_winner_needs_two_teams(tmp_path: Path) -> None:
    path = _sheet(tmp_path, "extends: chien\nbelote: {goes_to: winner}\n")
    (problem,) = _problems(path)
    assert "belote.goes_to" in problem


def test_an_end_on_time_alone_and_a_draw_are_allowed(tmp_path: Path) -> None:
    path = _sheet(tmp_path, "extends: standard\nend: {target: null, time_limit: 45, tie: draw}\n")
    end = load_rules(str(path)).end
    assert (end.target, end.deals, end.time_limit, end.tie) == (None, None, 45, "draw")
