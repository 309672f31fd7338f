"""The keys of issue 22 as a rules file gives them: validated with line-numbered problems like
every key, shown in words by ``rules show``, kept in a game's compiled rules (a form written
before they existed still reads), and the deal's ``coinched_by`` in both spellings.

The sheets' scores are ``tests/test_rules_sheets.py``'s.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coinche_cli.errors import RulesError
from coinche_cli.rules.loader import builtin_names, load_rules
from coinche_cli.rules.model import compile_rules, load_compiled
from coinche_cli.rules.validate import rules_from_document
from coinche_cli.scoring.deal import Deal, deal_from_json
from tests.harness import Cli
from tests.test_rules_compiled import same

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "rules"
TERMS = "points, contract, base, belote, announces, all_announces, capot_bonus"


def _child(tmp_path: Path, *lines: str) -> Path:
    """A file extending standard: line 1 extends, line 2 name, then ``lines`` from line 3."""
    path = tmp_path / "child.yaml"
    path.write_text("\n".join(["extends: standard", "name: child", *lines]) + "\n",
                    encoding="utf-8")
    return path


def _problems(path: Path) -> list[str]:
    with pytest.raises(RulesError) as info:
        load_rules(str(path))
    return [str(problem) for problem in info.value.problems]


# ---------------------------------------------------------------- validation

# (the file's lines after "extends: standard" and the name, the problems: (line, key: reason))
# fmt: off
BAD: list[tuple[list[str], list[tuple[int, str]]]] = [
    (["score:", "  failed:", "    coincher: [bonus]"],
     [(5, f"score.failed.coincher: unknown score term “bonus” (terms are: {TERMS}, or a "
          "number)")]),
    (["score:", "  made:", "    takers: [-bonus, -100001, -contract, -80]"],
     [(5, f"score.made.takers: unknown score term “-bonus” (terms are: {TERMS}, or a number)"),
      (5, "score.made.takers: must be >= -100000, got “-100001”")]),
    # only score lists subtract
    (["multiplier:", "  applies_to: [-contract]"],
     [(4, f"multiplier.applies_to: unknown score term “-contract” (terms are: {TERMS}, "
          "fixed)")]),
    (["made_if:", "  reach_bid_with: [-points]"],
     [(4, "made_if.reach_bid_with: unknown score term “-points” (terms are: points, belote, "
          "announces)")]),
    (["made_if:", "  beat_defence: [points, contract]"],
     [(4, "made_if.beat_defence: unknown score term “contract” (terms are: points, belote, "
          "announces)")]),
    (["made_if:", "  beat_defence: []"],
     [(4, "made_if.beat_defence: give at least one of points, belote, announces (or write "
          "false)")]),
    (["capot:", "  base: -1"], [(4, "capot.base: must be >= 0, got “-1”")]),
    (["capot:", "  base: 250.5"], [(4, "capot.base: expected a whole number, got “250.5”")]),
    (["rounding:", "  last_deal: point_juste"],
     [(4, "rounding.last_deal: expected one of rounded, exact, exact_decides, got "
          "“point_juste”")]),
    (["score:", "  when_unannounced_capot:", "    made:", "      coincher: 3"],
     [(6, "score.when_unannounced_capot.made.coincher: expected a list of score terms, "
          "got “3”")]),
    (["score:", "  when_unannounced_capot:", "    either: {takers: []}"],
     [(5, "score.when_unannounced_capot.either: unknown key (expected one of: made, "
          "failed)")]),
]
# fmt: on


@pytest.mark.parametrize(("lines", "expected"), BAD, ids=[lines[-1].strip() for lines, _ in BAD])
def test_each_new_key_is_refused_at_its_line(tmp_path: Path, lines: list[str],
                                              expected: list[tuple[int, str]]) -> None:
    path = _child(tmp_path, *lines)
    assert _problems(path) == [f"{path}:{line}: {reason}" for line, reason in expected]


def test_rules_validate_prints_each_problem_on_its_own_line(tmp_path: Path) -> None:
    path = _child(tmp_path, "capot:", "  base: -1", "rounding:", "  last_deal: juste")
    ran = Cli().invoke("rules", "validate", str(path))
    assert (ran.code, ran.stdout, ran.crash) == (2, "", "")
    assert ran.stderr.splitlines() == [
        f"error: {path}:4: capot.base: must be >= 0, got “-1”",
        f"error: {path}:6: rounding.last_deal: expected one of rounded, exact, exact_decides, "
        "got “juste”"]


@pytest.mark.parametrize("name", ["capot-fixe", "chien-perte", "plus-que-la-defense",
                                  "point-juste"])
def test_the_example_validates(name: str) -> None:
    ran = Cli().invoke("rules", "validate", str(EXAMPLES / f"{name}.yaml"))
    assert (ran.code, ran.stdout.split(" ")[:2]) == (0, ["ok:", name]), ran.report()


# ---------------------------------------------------------------- rules show

SHOWN = {
    "capot-fixe": [
        "  made, on a capot bid: the takers score contract + belote",
        "  failed, on a capot bid: the defenders score contract + belote",
        "  made, on a capot not bid: the takers score base + contract + belote + own announces",
        "capot: base 250 on a deal where a side won every trick",
    ],
    "chien-perte": [
        "  failed: takers score -80 + belote;",
        "  failed, when coinched: the takers score minus contract + belote",
        "  failed, when coinched: the coincher scores contract + 80 + belote + own announces",
        "coinche ×2, surcoinche ×4, on the winning side's: nothing",
    ],
    "plus-que-la-defense": [
        "  made when card points + belote + own announces reach the bid and card points + "
        "belote + own announces beat the defence's",
    ],
    "point-juste": [
        "  card points rounded: to the ten, 5 up (85 → 90, 84 → 80) (au point juste: a deal "
        "that would end the game is counted exactly, and exact points decide whether it does)",
        "end: first side reaching 1000 or after 90 minutes; several over: higher total; tie: "
        "deal winner",
    ],
}


@pytest.mark.parametrize("name", sorted(SHOWN))
def test_rules_show_says_the_new_rules_in_words(name: str) -> None:
    lines = Cli().run("rules", "show", str(EXAMPLES / f"{name}.yaml")).stdout.splitlines()
    for line in SHOWN[name]:
        assert line in lines, (line, lines)
    # in French too (the sentences the catalogue has: the new ones follow with it)
    french = Cli().run("--lang", "fr", "rules", "show", str(EXAMPLES / f"{name}.yaml"))
    assert "réussi" in french.stdout


def test_a_coincher_list_of_the_base_lists_is_shown(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("extends: chien\nname: c\nscore:\n  failed:\n    coincher: [contract, 50]\n",
                    encoding="utf-8")
    lines = Cli().run("rules", "show", str(path)).stdout.splitlines()
    assert "          the coincher scores contract + 50" in lines


# ---------------------------------------------------------------- compiled rules

#: The fields added to the compiled rules by issue 22, by the type that holds them.
NEW_FIELDS = {"Rules": ("beat_defence_with", "capot_base", "last_deal_decides"),
              "SideTerms": ("coincher",)}


def _as_before(value: object) -> object:
    """A compiled form as coinche wrote it before issue 22: without its new fields."""
    if isinstance(value, dict):
        if value.get("T") in NEW_FIELDS:
            fields = {k: v for k, v in value["f"].items() if k not in NEW_FIELDS[value["T"]]}
            return {"T": value["T"], "f": {k: _as_before(v) for k, v in fields.items()}}
        return {k: _as_before(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_before(item) for item in value]
    return value


OLD_SHEETS = [*builtin_names(), *(str(EXAMPLES / f"{name}.yaml") for name in (
    "belote-au-gagnant", "capot-252", "douze-donnes", "ffb-like", "trois-fois"))]


@pytest.mark.parametrize("sheet", OLD_SHEETS)
def test_rules_compiled_before_the_new_keys_read_as_today(sheet: str) -> None:
    rules = load_rules(sheet)
    document = json.loads(json.dumps(dict(rules.document)))
    old = json.dumps(_as_before(json.loads(compile_rules(rules))))
    assert all(field not in old for fields in NEW_FIELDS.values() for field in fields)
    same(load_compiled(old, document, "game 1 rules"),
         rules_from_document(document, "game 1 rules"))


def test_a_game_stored_before_the_new_keys_still_plays(cli: Cli, store: Path) -> None:
    import sqlite3

    # standard (variants.md): 100♠ with 104, a belote and a cinquante: 274 and 58
    cli.run("game", "new")
    with sqlite3.connect(store) as db:
        (compiled,) = db.execute("SELECT rules_compiled FROM game").fetchone()
        db.execute("UPDATE game SET rules_compiled = ?",
                   (json.dumps(_as_before(json.loads(compiled))),))
    cli.run("game", "add", "A", "100S", "104", "--belote", "A", "--announce", "A:cinquante")
    assert cli.json("game", "show")["deals"][0]["scores"] == {"A": 274, "B": 58}


# ---------------------------------------------------------------- the deal's coincher

def test_the_coincher_is_the_same_deal_in_words_and_in_json() -> None:
    deal = deal_from_json({"taker": "1", "contract": 110, "trump": "H", "coinche": 1,
                           "points": {"1": 70, "2": 50}, "coinched_by": "2"})
    assert deal.to_words() == ["1", "110Hx", "70", "--points", "2:50", "--coinched-by", "2"]
    assert Deal.from_words(deal.to_words()) == deal
    path = str(EXAMPLES / "chien-perte.yaml")
    by_words = Cli().json("score", "--rules", path, *deal.to_words())
    by_json = Cli().json("score", "--rules", path, "--deal", json.dumps(deal.to_json()))
    assert by_words["scores"] == by_json["scores"] == {"1": -110, "2": 190, "3": 80}


def test_a_deal_without_its_coincher_is_one_line_exit_2() -> None:
    line = Cli().refused("score", "--rules", str(EXAMPLES / "chien-perte.yaml"), "1", "110Hx",
                         "70", "-p", "2:50")
    assert line == ("error: --coinched-by: say who coinched (--coinched-by 2 or 3): "
                    "chien-perte scores the coincher apart")
