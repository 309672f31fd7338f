"""``coinche score`` and friends through the command line: in process and real processes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.harness import Cli

SEED_EXAMPLE = ["A", "100S", "104", "--belote", "A", "--announce", "A:cinquante"]
IN_PROCESS = Cli()  # `score` and `--help` keep no store: no --db
PROCESS = Cli(process=True)


def test_the_seeds_example_in_words_explains_every_term() -> None:
    # seed 000 §4: "Ils marquent 104 + 20 + 50 + 100 = 274, les défenseurs 58."
    result = IN_PROCESS.run("score", "--rules", "standard", *SEED_EXAMPLE)
    assert "274" in result.stdout and "58" in result.stdout
    assert "104 card points + 20 belote + 50 cinquante +" in result.stdout
    assert "made" in result.stdout


def test_json_output_has_made_scores_and_lines() -> None:
    data = IN_PROCESS.json("score", "--rules", "standard", *SEED_EXAMPLE)
    assert data["made"] is True
    assert data["scores"] == {"A": 274, "B": 58}
    assert data["points"] == {"A": 104, "B": 58}
    assert data["lines"][1] == "A: 104 card points + 20 belote + 50 cinquante + 100 contract = 274"
    assert {t["term"] for t in data["terms"]["A"]} >= {"points", "belote", "announces"}


def test_deal_from_stdin() -> None:
    deal = {"taker": "B", "contract": 90, "trump": "H", "coinche": 1, "points": {"A": 100}}
    scored = PROCESS.json("score", "--rules", "standard", "--deal", "-", stdin=json.dumps(deal))
    # B failed 90♥ coinché: A scores (162 + 90) × 2 = 504
    assert scored["scores"] == {"A": 504, "B": 0}


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["A", "100Z", "104"], "trump"),
        (["A", "85S", "104"], "contract"),
        (["A", "170S", "104"], "contract"),
        (["C", "100S", "104"], "taker"),
        (["A", "100S", "170"], "points"),
        (["A", "100SA", "104", "--belote", "A"], "belote"),
        (["A", "100S", "104", "--announce", "A:carre-8"], "announces"),
        (["A", "100S", "104", "--announce", "A:cent", "--announce", "B:cent"],
         "--announce-winner"),
        (["A", "100S", "104", "--capot", "A"], "capot"),
        (["A", "100S", "1O4"], "points"),
        (["A"], "deal"),
    ],
)
def test_bad_deals_are_refused_with_one_line_naming_the_field(args: list[str], field: str) -> None:
    line = IN_PROCESS.refused("score", "--rules", "standard", *args)
    assert line.startswith(f"error: {field}: ")


def test_announces_refused_where_the_variant_has_none() -> None:
    result = PROCESS.run("score", "--rules", "atout", "A", "100S", "104", "--announce", "A:tierce",
                         code=2)
    assert result.stderr == "error: announces: atout has no announces\n"
    assert result.stdout == ""


def test_bad_json_deal_is_one_line_without_traceback() -> None:
    result = PROCESS.run("score", "--rules", "standard", "--deal", '{"taker": "A", "contract": ',
                         code=2)
    assert result.stderr.startswith("error: deal: not valid JSON")
    assert "Traceback" not in result.stderr


def test_unknown_rules_name_lists_the_built_ins() -> None:
    result = PROCESS.run("score", "--rules", "belotte", "A", "100S", "104", code=2)
    assert "standard" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_chien_three_players_in_words() -> None:
    # chien: taker 1 makes 110♥ with 120 points; seat 2 has 30, seat 3 the rest (12).
    data = IN_PROCESS.json("score", "--rules", "chien", "1", "110H", "120", "--points", "2:30")
    assert data["points"] == {"1": 120, "2": 30, "3": 12}
    assert data["scores"] == {"1": 110, "2": 30, "3": 12}


def test_score_path_imports_no_heavy_library() -> None:
    probe = (
        "import sys, runpy\n"
        "sys.argv = ['coinche', 'score', '--rules', 'standard', 'A', '100S', '104', '--json']\n"
        "try:\n"
        "    runpy.run_module('coinche_cli', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = [m for m in ('pandas', 'openpyxl', 'xlsxwriter', 'networkx', 'rustworkx',\n"
        "                     'numpy')\n"
        "         if m in sys.modules]\n"
        "print('HEAVY=' + ','.join(heavy))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=False)
    assert '"made": true' in result.stdout
    assert "HEAVY=\n" in result.stdout


def test_python_dash_m_and_help() -> None:
    # the module entry point, and the installed command (the harness's real process)
    module = subprocess.run([sys.executable, "-m", "coinche_cli", "--help"], capture_output=True,
                            text=True, check=False)
    assert module.returncode == 0, module.stderr
    result = PROCESS.run("--help")
    for command in ("score", "rules"):
        assert command in module.stdout and command in result.stdout


def test_a_capot_of_252_card_points_without_rounding_explains_itself(tmp_path: Path) -> None:
    # issue 23: standard extended with a capot of 252 card points and no rounding ended in a
    # KeyError traceback ("sum.rounding.none"), and game add saved the deal then crashed
    rules = tmp_path / "capot-252-exact.yaml"
    rules.write_text("name: capot-252-exact\ntitle: a capot counts 252\nextends: standard\n"
                     "capot:\n  card_points: 252\n", encoding="utf-8")
    scored = IN_PROCESS.run("score", "--rules", str(rules), "A", "capotS")
    assert scored.code == 0 and not scored.crash, scored.report()
    # 252 card points + 250 capot contract = 502 (variants.md, standard: a capot bid is 250)
    assert scored.stdout.splitlines()[3].split() == ["A", "162", "502", "252", "card",
                                                    "points", "+", "250", "contract"]
    assert scored.stdout.splitlines()[-1] == ("card points as scored, not rounded: "
                                              "A 162 → 252, B 0 → 0")
    french = IN_PROCESS.run("--lang", "fr", "score", "--rules", str(rules), "A", "capotS")
    assert french.stdout.splitlines()[-1] == ("points de cartes retenus, sans arrondi\u00a0: "
                                              "A 162 → 252, B 0 → 0")
    cli = Cli(tmp_path / "c.db")
    cli.run("game", "new", "--rules", str(rules))
    added = cli.run("game", "add", "A", "capotS")
    assert added.code == 0 and not added.crash, added.report()
    assert "  Us: 252 card points + 250 contract = 502" in added.stdout.splitlines()
    assert cli.json("game", "show")["totals"] == {"A": 502, "B": 0}


# --- natural French wherever a deal is typed (issue 18, point 11) -----------------------------

@pytest.mark.parametrize(("words", "scores"), [
    # standard (variants.md): made, card points + contract to the takers, the defence's
    # card points to it; coinché ×2 on the winning side's whole score; failed, 162 + contract
    (["A", "100", "à", "pique", "104"], {"A": 204, "B": 58}),
    (["A", "100", "a", "pique", "contrée", "104"], {"A": 408, "B": 58}),
    (["A", "80", "sans", "atout", "70"], {"A": 0, "B": 242}),
    (["B", "120", "tout", "atout", "surcontrée", "130"], {"A": 32, "B": 1000}),
])  # fmt: skip
def test_score_reads_a_deal_as_a_french_table_says_it(words: list[str],
                                                      scores: dict[str, int]) -> None:
    assert IN_PROCESS.json("score", *words)["scores"] == scores


@pytest.mark.parametrize(("args", "line"), [
    (["A", "100S", "104", "belote"],
     "error: belote: unexpected word “belote”: a belote is given with --belote SIDE"),
    (["A", "100S", "104", "capot"], "error: capot: unexpected word “capot”: the side that won "
                                    "every trick is given with --capot SIDE"),
    (["A", "100", "à", "piqe", "104"], "error: trump: “piqe” is not a trump: use S H D C "
                                       "(♠ ♥ ♦ ♣, P K T), SA or TA"),
    (["A", "100S", "104", "euh"], "error: deal: unexpected word “euh”: a deal is TAKER "
                                  "CONTRACT [POINTS], then its options"),
    (["passe"], "error: deal: “passe” is a deal everybody passed: give it alone (game add "
                "passe; game edit N --pass)"),
])  # fmt: skip
def test_a_word_score_cannot_read_is_one_line_quoting_it(args: list[str], line: str) -> None:
    assert IN_PROCESS.refused("score", *args) == line


def test_game_add_takes_natural_french_and_passe(cli_process: Cli) -> None:
    # the installed command: a deal everybody passed typed as game add passe (as game pass),
    # then 100 à pique contrée made with 104: (104 + 100) × 2 = 408, the defence's 58
    # (variants.md, standard)
    cli_process.run("game", "new", "--team", "Nous", "--team", "Eux")
    passed = cli_process.run("game", "add", "passe")
    assert passed.stdout.startswith("deal 1: everybody passed")
    added = cli_process.json("game", "add", "Nous", "100", "à", "pique", "contrée", "104")
    assert (added["deal"], added["scores"]) == (2, {"A": 408, "B": 58})
    assert cli_process.json("game", "add", "Pass")["deal"] == 3
    line = cli_process.refused("game", "add", "passe", "--belote", "A")
    assert line.startswith("error: deal: “passe” is a deal everybody passed: give it alone")
    line = cli_process.refused("game", "add", "Nous", "100S", "104", "belote")
    assert line == "error: belote: unexpected word “belote”: a belote is given with --belote SIDE"
    shown = cli_process.json("game", "show")
    assert [d["passed"] for d in shown["deals"]] == [True, False, True]
    assert shown["next_dealer"] == "B"  # three deals dealt: seats 1, 2, 3; seat 4 (B) deals
    assert "Traceback" not in "".join(ran.stderr for ran in cli_process.history)
