"""How a rules name is found: a built-in name always wins, anything else is a file named with
its ``.yaml`` suffix or as a path (``coinche_cli/rules/loader.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from coinche_cli.errors import RulesError
from coinche_cli.rules.loader import BUILTIN_DIR, builtin_names, load_rules
from tests.harness import Cli

ROOT = Path(__file__).resolve().parent.parent


def test_the_built_ins_are_the_top_level_rules_folder() -> None:
    # one place whether installed or run from a checkout: the package's rules/builtin
    assert builtin_names() == ["atout", "chien", "club", "generale", "standard"]
    assert BUILTIN_DIR.resolve() == (ROOT / "rules").resolve()
    assert not (ROOT / "rules" / "__init__.py").exists()


def test_a_folder_named_like_a_built_in_does_not_hide_it(tmp_path: Path) -> None:
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "notes.txt").write_text("not rules", encoding="utf-8")
    shown = Cli(process=True, cwd=tmp_path).run("rules", "show", "club")
    assert shown.stdout.startswith("club: ")


def test_a_file_is_named_with_its_suffix_or_as_a_path(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    sheet = "extends: standard\nname: lyon\nend: {target: 2000}\n"
    (tmp_path / "lyon.yaml").write_text(sheet, encoding="utf-8")
    (tmp_path / "lyon").write_text(sheet, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert load_rules("lyon.yaml").end.target == 2000
    assert load_rules("./lyon").end.target == 2000
    with pytest.raises(RulesError) as unknown:  # a bare word is a built-in name, or nothing
        load_rules("lyon")
    assert "unknown rules “lyon”; built-in rules are: atout, chien" in unknown.value.text
