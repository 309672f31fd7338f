"""Careless words, odd Unicode, terminals and catalogues (issue 24, points 6, 7, 10, 11, 19,
20, 21), through the installed command in real processes.

- a team called "Quitter" (or ``q``, ``quit``) is named at the taker question, not obeyed;
- a team file whose header and rows use different separators is refused, naming both;
- a terminal that cannot show ♠ ♥ · é (Latin-1, cp1252, cp437, ASCII) gets plain letters;
- a translator's catalogue (``COINCHE_LOCALEDIR``) with a bad plural rule or placeholder is
  checked before the command runs: English with a warning, the command whole;
- ``--lang`` takes a language code, never a folder;
- ``♠️`` (♠ and the emoji variation selector) is ♠;
- a name holding U+2028 or U+2029 (Unicode's line breaks) is refused.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from tests.harness import Cli, data_checksum, in_subprocess


def _game(hostile: Cli, *teams: str) -> None:
    hostile.run("game", "new", "--team", teams[0], "--team", teams[1])


# ---------------------------------------------------------------- 6. a team called Quitter


@pytest.mark.parametrize("name", ["Quitter", "q", "Quit"])
def test_a_team_called_quitter_is_named_at_the_taker_question(hostile: Cli, name: str) -> None:
    _game(hostile, name, "Eux")
    # standard rules (variants.md): 100♠ made with 104: 104 + 100 = 204, the defence's 58
    # the taker, the contract, the points, no belote, no announce; then the input ends
    out = hostile.run("game", "play", stdin=f"{name}\n100S\n104\n\n\n").stdout
    deals = hostile.json("game", "show")["deals"]
    assert [(d["deal"]["taker"], d["scores"]) for d in deals] == [("A", {"A": 204, "B": 58})]
    assert out.count("taker (") == 2  # asked again after the deal


def test_quitter_still_quits_at_a_question_no_side_answers(hostile: Cli) -> None:
    _game(hostile, "Quitter", "Eux")
    hostile.run("game", "play", stdin="A\n100S\nquitter\n")
    assert hostile.json("game", "show")["deals"] == []


# ---------------------------------------------------------------- 7. mixed separators


@pytest.mark.parametrize(("text", "header", "rows"), [
    ("équipe;joueur 1;joueur 2\nLes As,Ana,Bob\nLes Rois,Cléo,Dan\n", ";", ","),
    ("équipe,joueur 1,joueur 2\nLes As;Ana;Bob\n", ",", ";"),
    ("équipe;joueur 1;joueur 2\nLes As;Ana;Bob\nLes Rois\tCléo\tDan\n", ";", "tab"),
])
def test_a_team_file_with_two_separators_is_refused(hostile: Cli, tmp_path: Path, text: str,
                                                    header: str, rows: str) -> None:
    hostile.run("tournament", "new", "Concours", "--deals", "4")
    sheet = tmp_path / "equipes.csv"
    sheet.write_text(text, encoding="utf-8")
    line = hostile.refused("tournament", "team", "import", str(sheet))
    assert line.startswith(f"error: equipes.csv: the header is separated by “{header}” and "
                           f"line ")
    assert f"by “{rows}”; save the file with one separator; nothing imported" in line


def test_a_name_with_a_comma_alone_on_its_row_is_a_name(hostile: Cli, tmp_path: Path) -> None:
    hostile.run("tournament", "new", "Concours", "--deals", "4")
    sheet = tmp_path / "equipes.csv"
    sheet.write_text("équipe;joueur 1;joueur 2\nBelote, Rebelote\nLes Rois;Cléo;Dan\n",
                     encoding="utf-8")
    hostile.run("tournament", "team", "import", str(sheet))
    assert [t["team"] for t in hostile.json("tournament", "team", "list")] == [
        "Belote, Rebelote", "Les Rois"]


# ---------------------------------------------------------------- 10. terminals


@pytest.mark.parametrize("encoding", ["latin-1", "cp1252", "cp437", "ascii"])
def test_a_terminal_without_the_symbols_gets_plain_letters(store: Path,
                                                           encoding: str) -> None:
    env = {"PYTHONIOENCODING": encoding, "COINCHE_LANG": "fr"}
    db = ("--db", str(store))
    game = in_subprocess((*db, "game", "new", "--team", "Les Éclairs", "--team", "Nous"),
                         env=env)
    assert game.code == 0, game.report()
    added = in_subprocess((*db, "game", "add", "A", "100♥", "104"), env=env)
    assert added.code == 0 and "Traceback" not in added.stderr, added.report()
    assert "100H" in added.stdout  # ♥, which none of them holds
    shown = in_subprocess((*db, "game", "show"), env=env)
    assert shown.code == 0 and "Traceback" not in shown.stderr, shown.report()
    # JSON stays exact: \u escapes where the terminal cannot hold a character
    data = in_subprocess((*db, "game", "show", "--json"), env=env)
    assert json.loads(data.stdout)["deals"][0]["lines"][0].startswith("Les Éclairs made 100♥")
    refused = in_subprocess((*db, "game", "add", "A", "100Q", "104"), env=env)
    assert refused.code == 2 and len(refused.stderr.splitlines()) == 1, refused.report()


# ---------------------------------------------------------------- 11. a translator's catalogue


def _catalogue(folder: Path, plural: str, translations: dict[str, str]) -> dict[str, str]:
    """A catalogue ``xx`` in ``folder`` with ``plural`` and ``translations``; the environment
    that speaks it."""
    catalogue = Catalog(locale="fr", domain="coinche")
    for message, translation in translations.items():
        catalogue.add(message, translation)
    catalogue.add(("{count} deal", "{count} deals"), ("{count} donne", "{count} donnes"))
    catalogue._num_plurals, catalogue._plural_expr = 2, plural
    path = folder / "xx" / "LC_MESSAGES" / "coinche.mo"
    path.parent.mkdir(parents=True)
    with path.open("wb") as handle:
        write_mo(handle, catalogue)
    return {"COINCHE_LOCALEDIR": str(folder), "COINCHE_LANG": "xx"}


STARTED = "game {id} started: {rules}, {sides}; first dealer {dealer}"


@pytest.mark.parametrize(("plural", "translation", "reason"), [
    ("(n/0)", "partie {id} : {rules}", "plural rule"),
    ("(n > 1)", "partie {id.__class__}", "placeholder {id.__class__}"),
    ("(n > 1)", "partie {id[0]}", "placeholder {id[0]}"),
    ("(n > 1)", "partie {numero}", "placeholder {numero} is not in its message"),
    ("(n > 1)", "partie {id:d}{rules:d}", "formatted otherwise"),
])
def test_a_bad_catalogue_is_checked_before_the_command_runs(
        store: Path, tmp_path: Path, plural: str, translation: str, reason: str) -> None:
    env = _catalogue(tmp_path / "locale", plural, {STARTED: translation})
    game = in_subprocess(("--db", str(store), "game", "new"), env=env)
    assert game.code == 0, game.report()
    assert game.stdout.startswith("game 1 started: standard"), game.report()  # English
    [warning] = game.stderr.splitlines()
    assert warning.startswith("warning: the xx catalogue cannot be read (") and reason in \
        warning, warning
    assert warning.endswith("; speaking English")


def test_a_good_catalogue_of_a_translator_is_spoken(store: Path, tmp_path: Path) -> None:
    env = _catalogue(tmp_path / "locale", "(n > 1)", {STARTED: "partie {id} : {rules}"})
    game = in_subprocess(("--db", str(store), "game", "new"), env=env)
    assert (game.code, game.stdout.splitlines()[0], game.stderr) == (
        0, "partie 1 : standard", "")


# ---------------------------------------------------------------- 19. --lang is a code


@pytest.mark.parametrize("asked", ["../locale/xx", "/tmp", "xx/..", "fr/../fr", ".."])
def test_lang_takes_a_language_code_never_a_folder(store: Path, tmp_path: Path,
                                                   asked: str) -> None:
    env = _catalogue(tmp_path / "locale", "(n > 1)", {STARTED: "partie {id}"})
    env.pop("COINCHE_LANG")
    ran = in_subprocess(("--db", str(store), "--lang", asked, "game", "new"), env=env,
                        cwd=tmp_path)
    assert ran.code == 2 and len(ran.stderr.splitlines()) == 1, ran.report()
    assert ran.stderr.startswith("error: --lang: "), ran.report()
    assert "is not a language of coinche (languages: en, fr, xx)" in ran.stderr
    assert data_checksum(store) == data_checksum(tmp_path / "none.db")  # nothing written


# ---------------------------------------------------------------- 20. ♠ with a selector


@pytest.mark.parametrize("words", [("100♠\ufe0f",), ("100", "♠\ufe0f"), ("100♥\ufe0fx",),
                                   ("100", "♣\ufe0e", "contré")])
def test_a_symbol_with_a_variation_selector_is_the_symbol(hostile: Cli,
                                                          words: tuple[str, ...]) -> None:
    ran = hostile.json("score", "A", *words, "104")
    assert ran["deal"]["contract"] == 100 and ran["deal"]["trump"] in ("S", "H", "C")


# ---------------------------------------------------------------- 21. Unicode line breaks


@pytest.mark.parametrize("name", ["Les\u2028As", "Les\u2029As", "Les\u0085As"])
def test_a_name_holding_a_unicode_line_break_is_refused(hostile: Cli, name: str) -> None:
    hostile.run("tournament", "new", "Concours", "--deals", "4")
    line = hostile.refused("tournament", "team", "add", name)
    code = next(f"U+{ord(c):04X}" for c in name if c in "\u2028\u2029\u0085")
    assert line.endswith(f"holds a control or direction character ({code}); type the name "
                         "without it"), line
    assert hostile.refused("game", "new", "--team", name, "--team", "Eux").startswith(
        "error: ")
