"""A game's rules compiled beside their snapshot: read back exactly as validation builds them.

Every ``game add`` reads its game's rules back from the compiled form instead of validating
the stored snapshot again (``coinche_cli.rules.model.compile_rules``).  These tests hold the
two paths to the same :class:`Rules`, value for value and type for type, for every built-in and
example rules file, and check that a game without a compiled form (stored before it existed,
or by another version) still plays, by validation.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from coinche_cli.rules.loader import builtin_names, load_rules
from coinche_cli.rules.model import FORMAT, compile_rules, load_compiled
from coinche_cli.rules.validate import rules_from_document
from tests.harness import Cli

ROOT = Path(__file__).resolve().parent.parent
SHEETS = [*builtin_names(), *sorted(str(p) for p in (ROOT / "examples" / "rules").glob("*.yaml"))]


def same(a: Any, b: Any, where: str = "rules") -> None:
    """``a`` and ``b`` equal, and of the same types all the way down."""
    assert type(a) is type(b), f"{where}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, tuple):
        assert len(a) == len(b), where
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{where}[{index}]")
    elif hasattr(a, "items"):
        assert list(a) == list(b), where
        for key in a:
            same(a[key], b[key], f"{where}.{key}")
    else:
        assert a == b, where


@pytest.mark.parametrize("sheet", SHEETS)
def test_compiled_rules_read_back_as_validation_builds_them(sheet: str) -> None:
    rules = load_rules(sheet)
    document = json.loads(json.dumps(dict(rules.document)))  # as the store gives it back
    validated = rules_from_document(document, "game 1 rules")
    text = compile_rules(rules)
    same(load_compiled(text, document, "game 1 rules"), validated)
    json.loads(text)  # plain JSON text


@pytest.mark.parametrize("text", [
    None, "", "not json", "[]", json.dumps({"format": FORMAT + 1, "rules": {}}),
    json.dumps({"format": FORMAT, "rules": {"T": "Rules", "f": {"name": "x"}}}),  # a field short
    json.dumps({"format": FORMAT, "rules": {"T": "Nothing", "f": {}}}),
    json.dumps({"format": FORMAT, "rules": 7}),
])
def test_a_missing_or_foreign_compiled_form_is_not_read(text: str | None) -> None:
    assert load_compiled(text, {}, "game 1 rules") is None


def test_a_new_game_keeps_its_rules_compiled(cli: Cli, store: Path) -> None:
    cli.run("game", "new", "--rules", "club")
    with sqlite3.connect(store) as db:
        (compiled,) = db.execute("SELECT rules_compiled FROM game").fetchone()
    assert json.loads(compiled)["format"] == FORMAT


def test_a_game_without_compiled_rules_is_played_by_validating_its_snapshot(
        cli: Cli, store: Path) -> None:
    # standard rules (variants.md): 100S made with 104 and a belote, 274 / 58 with cinquante
    cli.run("game", "new")
    with sqlite3.connect(store) as db:
        db.execute("UPDATE game SET rules_compiled = NULL")
    cli.run("game", "add", "A", "100S", "104", "--belote", "A", "--announce", "A:cinquante")
    with sqlite3.connect(store) as db:
        db.execute("UPDATE game SET rules_compiled = ?",
                   (json.dumps({"format": FORMAT + 1, "rules": {}}),))
    cli.run("game", "add", "B", "80H", "90")
    scores = [deal["scores"] for deal in cli.json("game", "show")["deals"]]
    assert scores == [{"A": 274, "B": 58}, {"A": 72, "B": 170}]


@pytest.mark.parametrize("change", ["extra", "missing"])
def test_a_compiled_form_of_another_shape_is_not_read(change: str) -> None:
    # a field added with a default, or one taken away, must not load silently
    rules = load_rules("standard")
    data = json.loads(compile_rules(rules))
    if change == "extra":
        data["rules"]["f"]["new_field"] = 1
    else:
        del data["rules"]["f"]["end"]["f"]["time_limit"]
    assert load_compiled(json.dumps(data), rules.document, "game 1 rules") is None
