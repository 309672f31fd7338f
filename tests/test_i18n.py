"""French and English: the catalogues, the choice of language, French words in and out.

The catalogue checks read the sources as Babel does (the README's extraction command: the
package's modules and the live page's templates), so a sentence added to the code without its
French, or a French entry left behind when its sentence went, fails here; and a sentence must
be written where it is used, never built from a key at run time.
"""

from __future__ import annotations

import ast
import gettext
import io
import json
import re
import string
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from coinche_cli import i18n
from coinche_cli.i18n import Catalogue
from tests.harness import Cli, in_subprocess

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "coinche_cli"
FRENCH_PO = PACKAGE / "locale" / "fr" / "LC_MESSAGES" / "coinche.po"
FRENCH_MO = PACKAGE / "locale" / "fr" / "LC_MESSAGES" / "coinche.mo"
#: How Babel reads each kind of file (``locale/babel.cfg``): Python with its own keywords
#: (``_``, ``N_``, ``ngettext``, ``pgettext``…), the templates with Jinja2's extractor.
METHODS = [("**.py", "python"), ("**/templates/**.html", "jinja2")]
NBSP = "\u00a0"


def source_messages() -> set[str | tuple[str, str]]:
    """Every sentence the code and the templates mark, as Babel extracts it (a sentence with
    a context as ``context\x04sentence``, as the catalogue keys it)."""
    found: set[str | tuple[str, str]] = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            str(PACKAGE), method_map=METHODS):
        text = message if isinstance(message, str) else (message[0], message[1])
        found.add(f"{context}\x04{text}" if context and isinstance(text, str) else text)
    return found


def french() -> Catalog:
    with FRENCH_PO.open("rb") as handle:
        return read_po(handle)


def fields(text: str) -> set[str]:
    """The named placeholders of a message (``{got!r}`` and ``{most:,}`` are ``got``,
    ``most``; a positional ``{}`` is ``""``)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text)
            if name is not None}


def test_every_message_of_the_code_has_a_french_entry_and_no_entry_is_left_over() -> None:
    code = source_messages()
    catalogue = {(f"{m.context}\x04{m.id}" if m.context else m.id) if isinstance(m.id, str)
                 else tuple(m.id) for m in french() if m.id}
    assert sorted(map(str, code - catalogue)) == [], "messages without a French entry"
    assert sorted(map(str, catalogue - code)) == [], "French entries no code uses"


def test_every_french_entry_is_translated_with_the_same_placeholders() -> None:
    problems = []
    for entry in french():
        if not entry.id:
            continue
        sources = [entry.id] if isinstance(entry.id, str) else list(entry.id)
        translations = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        if entry.fuzzy or not all(translations):
            problems.append(f"untranslated: {entry.id!r}")
            continue
        # each form against the source form it stands for (French: 0 and 1, then the rest)
        for index, text in enumerate(translations):
            if fields(text) != fields(sources[min(index, len(sources) - 1)]):
                problems.append(f"placeholders differ: {entry.id!r} -> {text!r}")
    assert problems == []


def test_the_french_catalogue_counts_zero_and_one_as_singular() -> None:
    catalogue = french()
    assert catalogue.num_plurals == 2 and catalogue.plural_expr.replace(" ", "") in ("(n>1)",
                                                                                      "n>1")


def test_french_typography_puts_a_no_break_space_before_high_punctuation() -> None:
    bad = []
    for entry in french():
        texts = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        for text in texts:
            # a space or a letter glued to ; ? ! or a lone colon, outside syntax like A:cinquante
            if entry.id and re.search(r"(?<=[\w»)}]) [;?!:](?=\s|$)", text):
                bad.append(text)
            # and inside the guillemets that quote a name: « Les As »
            if re.search(r"« | »", text):
                bad.append(text)
    assert bad == []


#: Where a sentence is translated from a name rather than written in the call: each function
#: translates texts marked ``N_`` where they are written (a command's help, a table of Click's
#: phrasings, a sheet's column titles, a reason kept until it is shown, a page's sentence).
TRANSLATES_MARKED = {
    ("cli/translation.py", "_translate"), ("cli/translation.py", "_metavar"),
    ("cli/translation.py", "translated"), ("cli/translation.py", "format_help"),
    ("rules/readers.py", "_typed"), ("scoring/score.py", "_words"),
    ("scoring/score.py", "reason"), ("sheets/tournament.py", "_keyed"),
    ("sheets/tournament.py", "round_rows"), ("sheets/tournament.py", "export_tables"),
    ("web/app.py", "_sentence"), ("web/app.py", "_plural"), ("sheets/posters.py", "_sentence"),
    ("sheets/posters.py", "_plural"),
    ("sheets/desk_tables.py", "fee_table"),
    ("sheets/desk_tables.py", "prize_table"),
    ("sheets/stage_tables.py", "_rows"), ("sheets/stage_tables.py", "stage_tables"),
    # the house config's problems (marked where each is found) and the completion's help
    ("cli/house.py", "error"), ("cli/config.py", "_value_given"),
    ("cli/completion.py", "_described"),
}


def test_no_sentence_is_built_from_a_key_at_run_time() -> None:
    """``_()``, ``ngettext()``, ``pgettext()`` and ``npgettext()`` are given the sentence
    itself, written where it is used: never a text built at run time (an f-string, a
    concatenation, a key joined from a value).  A name stands for a sentence only inside the
    few functions of :data:`TRANSLATES_MARKED`, which translate texts marked ``N_``."""
    built, named = [], []
    for path in PACKAGE.rglob("*.py"):
        where = path.relative_to(PACKAGE).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in [*ast.walk(tree)]:
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
                continue
            inside = getattr(function, "name", "<module>")
            calls = (node for node in ast.walk(function) if isinstance(node, ast.Call)
                     and isinstance(node.func, ast.Name)
                     and node.func.id in ("_", "ngettext", "pgettext", "npgettext"))
            for call in calls:
                texts = call.args[1:] if call.func.id in ("pgettext", "npgettext") else call.args
                for arg in texts[:2]:
                    if isinstance(arg, ast.JoinedStr | ast.BinOp | ast.Call):
                        built.append(f"{where}:{call.lineno}")
                    elif (not isinstance(arg, ast.Constant)
                          and (where, inside) not in TRANSLATES_MARKED
                          and inside != "<module>"):
                        named.append(f"{where}:{call.lineno} ({inside})")
    assert built == []
    assert named == [], "a sentence translated from a name, outside TRANSLATES_MARKED"
    assert not (PACKAGE / "messages.py").exists()  # no catalogue of keyed sentences


def test_the_shipped_mo_file_is_the_compiled_po_file() -> None:
    compiled = io.BytesIO()
    write_mo(compiled, french())
    compiled.seek(0)
    expected = gettext.GNUTranslations(compiled)
    with FRENCH_MO.open("rb") as handle:
        shipped = gettext.GNUTranslations(handle)
    assert shipped._catalog == expected._catalog, (  # type: ignore[attr-defined]
        "coinche.mo is older than coinche.po: run pybabel compile (README, Translations)")


def test_the_lazy_catalogue_finds_what_the_standard_class_finds() -> None:
    with FRENCH_MO.open("rb") as handle:
        standard = gettext.GNUTranslations(handle)
    with FRENCH_MO.open("rb") as handle:
        lazy = Catalogue(handle)
    entries = [m for m in french() if m.id]
    assert len(entries) > 500
    for entry in entries:
        if isinstance(entry.id, str) and entry.context:  # pgettext("how many contracts", …)
            assert (lazy.pgettext(entry.context, entry.id)
                    == standard.pgettext(entry.context, entry.id) == entry.string)
        elif isinstance(entry.id, str):
            assert lazy.gettext(entry.id) == standard.gettext(entry.id) == entry.string
        else:
            for n in (0, 1, 2, 7):
                assert lazy.ngettext(*entry.id, n) == standard.ngettext(*entry.id, n)
    assert lazy.gettext("not a message of coinche") == "not a message of coinche"
    assert lazy.ngettext("{count} thing", "{count} things", 0) == "{count} things"  # source


@pytest.mark.parametrize(("asked", "environ", "expected"), [
    (None, {}, "en"),
    (None, {"LANG": "fr_FR.UTF-8"}, "fr"),
    (None, {"LANG": "fr_CA.UTF-8"}, "fr"),
    (None, {"LANG": "de_DE.UTF-8"}, "en"),  # no German catalogue: English
    (None, {"LANG": "C.UTF-8"}, "en"),
    (None, {"LC_MESSAGES": "fr_FR.UTF-8", "LANG": "en_GB.UTF-8"}, "fr"),
    (None, {"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"}, "en"),
    (None, {"LANGUAGE": "de:fr", "LC_ALL": "en_US.UTF-8"}, "fr"),  # gettext's order
    (None, {"LANGUAGE": "en:fr", "LANG": "fr_FR.UTF-8"}, "en"),
    (None, {"COINCHE_LANG": "fr", "LANGUAGE": "en"}, "fr"),
    (None, {"COINCHE_LANG": "", "LANG": "fr_FR.UTF-8"}, "fr"),  # empty: not set
    ("en", {"COINCHE_LANG": "fr", "LANG": "fr_FR.UTF-8"}, "en"),
    ("fr", {"LANG": "C"}, "fr"),
    ("FR", {}, "fr"),
    ("fr_FR.UTF-8", {}, "fr"),
])
def test_the_language_is_chosen_in_gettexts_order(asked: str | None, environ: dict[str, str],
                                                   expected: str) -> None:
    assert i18n.choose(asked, environ) == expected


@pytest.mark.parametrize(("asked", "environ", "source"), [
    ("de", {}, "--lang"), (None, {"COINCHE_LANG": "klingon"}, "COINCHE_LANG")])
def test_a_language_asked_for_by_name_without_a_catalogue_is_refused(
        asked: str | None, environ: dict[str, str], source: str) -> None:
    with pytest.raises(i18n.LanguageError) as refused:
        i18n.choose(asked, environ)
    assert refused.value.source == source and refused.value.known == ("en", "fr")


def _french_env(**more: str) -> dict[str, str]:
    """The environment of a French desktop: LANG only (the tests' COINCHE_LANG removed)."""
    return {"COINCHE_LANG": "", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "",
            "LANG": "fr_FR.UTF-8", **more}


SEED_DEAL = ("score", "--rules", "standard", "A", "100P", "104", "--belote", "A",
             "--announce", "A:cinquante")


def test_a_french_locale_explains_the_deal_in_french(tmp_path: Path) -> None:
    # variants.md, standard: 104 + 20 belote + 50 cinquante + 100 contract = 274; 58 for B
    ran = in_subprocess(SEED_DEAL, env=_french_env(), cwd=tmp_path)
    assert ran.code == 0, ran.report()
    lines = ran.stdout.splitlines()
    assert lines[0] == (f"standard · A, 100♠ réussi{NBSP}: 174 comptés, 100 requis{NBSP}; "
                        "104 points de cartes, au moins 82 requis")
    assert lines[1].split() == ["camp", "points", "de", "cartes", "score", "pourquoi"]
    assert lines[3].split() == ["A", "104", "274", "104", "points", "de", "cartes", "+", "20",
                                "belote", "+", "50", "cinquante", "+", "100", "contrat"]
    assert lines[4].split() == ["B", "58", "58", "58", "points", "de", "cartes"]


def test_lang_en_speaks_english_whatever_the_locale(tmp_path: Path) -> None:
    ran = in_subprocess(("--lang", "en", *SEED_DEAL), env=_french_env(COINCHE_LANG="fr"),
                        cwd=tmp_path)
    assert ran.code == 0, ran.report()
    assert ran.stdout.splitlines()[0] == ("standard · A made 100♠: 174 counted against 100 "
                                          "needed, 104 card points against 82")


def test_lang_may_come_after_the_command_and_json_is_the_same_in_both_languages(
        tmp_path: Path) -> None:
    english = in_subprocess((*SEED_DEAL, "--json", "--lang", "en"), cwd=tmp_path)
    french_run = in_subprocess((*SEED_DEAL, "--json", "--lang=fr"), cwd=tmp_path)
    assert english.code == french_run.code == 0, english.report() + french_run.report()
    # the explanation lines are for people: the machine's keys and values are the same
    english_data, french_data = json.loads(english.stdout), json.loads(french_run.stdout)
    english_data.pop("lines"), french_data.pop("lines")
    assert english_data == french_data


def test_an_unknown_language_is_one_line_and_exit_2(tmp_path: Path) -> None:
    ran = in_subprocess(("--lang", "de", "rules", "list"), cwd=tmp_path)
    assert (ran.code, ran.stdout) == (2, "")
    assert ran.stderr == "error: --lang: “de” is not a language of coinche (languages: en, fr)\n"
    ran = in_subprocess(("rules", "list"), env={"COINCHE_LANG": "xx"}, cwd=tmp_path)
    assert ran.code == 2 and ran.stderr.startswith("error: COINCHE_LANG: “xx” is not")


def test_a_french_game_has_nous_and_eux_and_takes_french_words(store: Path) -> None:
    cli = Cli(store, process=True, env=_french_env())
    new = cli.run("game", "new")
    assert new.stdout.splitlines()[0].startswith("partie 1 commencée") and "Nous / Eux" in \
        new.stdout
    cli.run("game", "add", "Nous", "100", "pique", "104")
    cli.run("game", "add", "eux", "80", "cœur", "contré", "90", "--belote", "Eux")
    game = cli.json("game", "show")
    assert [d["scores"] for d in game["deals"]] == [
        {"A": 204, "B": 58},  # 104 + 100 contract; the defence's 58 (variants.md, standard)
        {"A": 72, "B": 380},  # (90 + 20 belote + 80) x 2, coinché; 72 to the defence
    ]
    assert [d["deal"]["trump"] for d in game["deals"]] == ["S", "H"]
    assert game["sides"] == {"A": "Nous", "B": "Eux"}
    english = Cli(store.with_name("en.db"), process=True, env={"COINCHE_LANG": "en"})
    assert "Us / Them" in english.run("game", "new").stdout


@pytest.mark.parametrize(("words", "contract", "trump", "coinche"), [
    # the trumps in French words, whatever the language (issue 11)
    (["A", "100", "pique", "104"], 100, "S", 0),
    (["A", "100", "cœur", "104"], 100, "H", 0),
    (["A", "100", "coeur", "104"], 100, "H", 0),
    (["A", "100", "carreau", "104"], 100, "D", 0),
    (["A", "100", "trèfle", "104"], 100, "C", 0),
    (["A", "90", "sans-atout", "104"], 90, "SA", 0),
    (["A", "90", "SA", "104"], 90, "SA", 0),
    (["A", "120", "tout-atout", "150"], 120, "TA", 0),
    (["A", "120", "TA", "150"], 120, "TA", 0),
    (["A", "100P", "104"], 100, "S", 0),
    (["A", "100", "pique", "contré", "104"], 100, "S", 1),
    (["A", "100", "pique", "surcontré", "104"], 100, "S", 2),
    (["A", "100S", "contré", "104"], 100, "S", 1),
    (["A", "100", "pique", "x", "104"], 100, "S", 1),
    (["A", "100", "pique", "xx", "104"], 100, "S", 2),
    (["A", "100", "pique", "coinché", "104"], 100, "S", 1),
    (["A", "capot", "cœur"], "capot", "H", 0),
])
def test_french_words_for_trumps_and_coinches(cli: Cli, words: list[str], contract: object,
                                              trump: str, coinche: int) -> None:
    deal = cli.json("score", *words)["deal"]
    assert (deal["contract"], deal["trump"], deal["coinche"]) == (contract, trump, coinche)


@pytest.mark.parametrize(("word", "level"), [("contré", 1), ("surcontré", 2), ("x", 1), (2, 2)])
def test_the_coinche_of_a_json_deal_may_be_a_word(cli: Cli, word: object, level: int) -> None:
    deal = {"taker": "A", "contract": 100, "trump": "pique", "coinche": word,
            "points": {"A": 104}}
    assert cli.json("score", "--deal", json.dumps(deal))["deal"]["coinche"] == level


@pytest.mark.parametrize(("announce", "points"), [
    # standard announce values (variants.md): tierce 20, cinquante 50, cent 100, carrés
    ("tierce", 20), ("cinquante", 50), ("quarante", 50), ("cent", 100), ("quinte", 100),
    ("carré d'as", 100), ("carré de valets", 200), ("carré V", 200), ("carré D", 100),
    ("carré R", 100), ("carré de rois", 100), ("carré de dames", 100), ("carré de neuf", 150),
    ("carré de dix", 100),
])
def test_french_announce_names(cli: Cli, announce: str, points: int) -> None:
    # 100S made with 104: 104 + 100 contract + the announce
    result = cli.json("score", "A", "100S", "104", "--announce", f"A:{announce}")
    assert result["scores"]["A"] == 204 + points


@pytest.mark.parametrize("words", [
    ["A", "100", "104"],  # no trump
    ["A", "100", "pique", "contré", "surcontré", "104"],  # two coinche words
    ["A", "100Sxx", "contré", "104"],  # more than surcoinché
    ["A", "100", "pique", "104", "5"],  # a word too many
])
def test_malformed_french_contracts_are_refused(cli: Cli, words: list[str]) -> None:
    cli.refused("score", *words)


def test_french_csv_exports_use_semicolons_a_bom_and_oui_non(store: Path,
                                                             tmp_path: Path) -> None:
    cli = Cli(store, process=True, env=_french_env())
    cli.run("game", "new")
    cli.run("game", "add", "Nous", "100", "pique", "104")
    cli.run("game", "export", "--csv", str(tmp_path / "partie.csv"))
    raw = (tmp_path / "partie.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    header, row = raw.decode("utf-8-sig").splitlines()
    assert header.split(";")[:5] == ["donne", "donneur", "preneur", "nom du preneur", "contrat"]
    cells = row.split(";")
    assert cells[7:9] == ["non", "oui"]  # passed: no; made: yes
    english = Cli(store, process=True, env={"COINCHE_LANG": "en"})
    english.run("game", "export", "--csv", str(tmp_path / "game.csv"))
    assert (tmp_path / "game.csv").read_text("utf-8-sig").splitlines()[0].startswith(
        "deal,dealer,taker")


def test_french_workbook_sheets_are_named_in_french(store: Path, tmp_path: Path) -> None:
    from openpyxl import load_workbook

    cli = Cli(store, process=True, env=_french_env())
    cli.run("tournament", "new", "Concours", "--rounds", "2", "--deals", "4")
    for team in ("Les As", "Les Rois", "Les Dames"):
        cli.run("tournament", "team", "add", team)
    cli.run("tournament", "pair")
    cli.run("tournament", "penalty", "Les As", "10", "--reason", "retard", "--deduct")
    cli.run("tournament", "export", str(tmp_path / "concours.xlsx"))
    book = load_workbook(tmp_path / "concours.xlsx")
    assert book.sheetnames == ["Classement", "Équipes", "Ronde 1 (1re partie)", "Pénalités",
                               "Historique"]
    assert [c.value for c in book["Classement"][1]][:3] == ["rang", "équipe", "joueurs"]


def test_game_play_in_french_takes_french_answers(store: Path) -> None:
    # standard rules (variants.md): 100♠ contré made with 104, a belote and a cinquante:
    # (104 + 20 + 50 + 100) x 2 = 548, the defence's 58; then a deal everybody passed
    cli = Cli(store, process=True, env=_french_env())
    cli.run("game", "new")
    ran = cli.run("game", "play",
                  stdin="Nous\n100 pique contré\n104\nNous\nNous:cinquante\npasse\nquitter\n")
    assert "preneur (A=Nous, B=Eux)> " in ran.stdout
    # issue 18: every line within 80 columns, a long one goes on under it
    assert f"  Nous{NBSP}: (104 points de cartes + 20 belote + 50 cinquante + 100 contrat) × 2\n" \
           "    = 548\n" in ran.stdout
    assert ran.stdout.rstrip().endswith("enregistré : 2 donnes dans cette partie".replace(
        " :", f"{NBSP}:"))
    deals = cli.json("game", "show")["deals"]
    assert [d["scores"] for d in deals] == [{"A": 548, "B": 58}, {"A": 0, "B": 0}]
    assert [d["passed"] for d in deals] == [False, True]


def test_lang_is_read_only_where_it_cannot_be_another_options_value(store: Path) -> None:
    cli = Cli(store, process=True)
    cli.run("game", "new", "--team", "--lang", "--team", "B")  # a team called --lang
    assert cli.json("game", "show")["sides"] == {"A": "--lang", "B": "B"}
    assert cli.run("--lang", "fr", "game", "show").stdout.startswith("partie 1")
    assert cli.run("game", "show", "--lang", "fr").stdout.startswith("partie 1")
    assert cli.run("game", "show", "--lang=fr").stdout.startswith("partie 1")
    refused = cli.run("game", "show", "--lang", code=2)
    assert refused.stderr == "error: --lang: give a language after it: fr or en\n"


def _catalogue(folder: Path, charset: str, messages: dict[str, str]) -> None:
    catalogue = Catalog(locale="fr", domain="coinche", charset=charset)
    for source, text in messages.items():
        catalogue.add(source, text)
    target = folder / "fr" / "LC_MESSAGES" / "coinche.mo"
    target.parent.mkdir(parents=True)
    with target.open("wb") as handle:
        write_mo(handle, catalogue)


@pytest.mark.parametrize("damage", [b"", b"not a catalogue at all", b"\xde\x12\x04\x95" * 3])
def test_a_damaged_catalogue_is_a_warning_and_english(tmp_path: Path, damage: bytes) -> None:
    target = tmp_path / "locale" / "fr" / "LC_MESSAGES" / "coinche.mo"
    target.parent.mkdir(parents=True)
    target.write_bytes(damage)
    ran = in_subprocess(("rules", "list"), cwd=tmp_path, env={
        "COINCHE_LANG": "fr", "COINCHE_LOCALEDIR": str(tmp_path / "locale")})
    assert ran.code == 0, ran.report()
    assert ran.stdout.startswith("name")  # English
    assert ran.stderr.startswith("warning: the fr catalogue cannot be read (")


def test_a_catalogue_in_another_charset_is_read_and_never_crashes(store: Path,
                                                                  tmp_path: Path) -> None:
    # Latin-1 holds "camp" but not the "Σ" of a total's column: that message stays English
    _catalogue(tmp_path / "locale", "iso-8859-1", {"side": "camp", "dealer": "donneur"})
    cli = Cli(store, process=True, env={"COINCHE_LANG": "fr",
                                        "COINCHE_LOCALEDIR": str(tmp_path / "locale")})
    cli.run("game", "new", "--team", "Les Étés", "--team", "B")
    cli.run("game", "add", "A", "100S", "104")
    header = cli.run("game", "show").stdout.splitlines()[1].split()
    assert header[1] == "donneur" and "Σ" in header


def test_a_group_named_alone_shows_its_help_once(tmp_path: Path) -> None:
    for args, usage in ((("game",), "Usage:"), (("--lang", "fr", "tournament", "team"),
                                                 "Utilisation :")):
        ran = in_subprocess(args, cwd=tmp_path)
        assert ran.code == 0 and ran.stdout.count(usage.replace(" :", f"{NBSP}:")) == 1, \
            ran.report()


def test_a_team_whose_name_is_a_game_play_word_is_named_not_obeyed(store: Path) -> None:
    cli = Cli(store, process=True)
    cli.run("game", "new", "--team", "Passe", "--team", "Annuler")
    cli.run("game", "play", stdin="Passe\n100S\n104\n\n\nq\n")
    deals = cli.json("game", "show")["deals"]
    assert [(d["passed"], d["deal"]["taker"]) for d in deals] == [(False, "A")]


def test_words_with_decomposed_accents_are_read(cli: Cli) -> None:
    # "contré" and "générale" as a Mac's clipboard may give them: e + U+0301
    deal = cli.json("score", "A", "100", "pique", "contre\u0301", "104")["deal"]
    assert deal["coinche"] == 1
    generale = cli.json("score", "--rules", "generale", "A", "ge\u0301ne\u0301rale", "pique")
    assert generale["deal"]["contract"] == "generale"


def test_click_refusals_name_arguments_as_the_french_help_does(tmp_path: Path) -> None:
    ran = in_subprocess(("--lang", "fr", "player", "show"), cwd=tmp_path)
    assert ran.code == 2 and ran.stderr == f"erreur{NBSP}: argument 'NOM' manquant\n"


def _closed_sets() -> list[tuple[str, tuple[Any, ...], Callable[[Any], str]]]:
    """Every closed set with its words (issue 23: words live beside what they name)."""
    from typing import get_args

    from coinche_cli.cli.tournament_view import StandingsColumn, column_title
    from coinche_cli.errors import Field, field_words
    from coinche_cli.rules import choices
    from coinche_cli.sheets.reading import FileField
    from coinche_cli.sheets.reading import field_words as file_field_words
    from coinche_cli.store.records import Status, status_words

    return [
        ("direction", choices.DIRECTIONS, choices.direction_words),
        ("rounding", choices.ROUNDINGS, choices.rounding_words),
        ("belote to", choices.BELOTE_TO, choices.belote_to_words),
        ("both over", choices.BOTH_OVER, choices.both_over_words),
        ("tie", choices.TIES, choices.tie_words),
        ("reach", choices.REACHES, lambda reach: choices.reach_words(reach, 701)),
        ("term", choices.TERMS, choices.term_words),
        ("scored term", (*choices.TERMS, "fixed"),
         lambda term: choices.term_value_words(term, 20)),
        ("outcome", get_args(choices.Outcome), choices.outcome_words),
        ("role", get_args(choices.Role), choices.role_words),
        ("condition", choices.CONDITION_ORDER, choices.condition_words),
        ("mode", get_args(choices.NoSuit), choices.no_suit_words),
        ("announce", get_args(choices.Announce), choices.announce_words),
        ("deal status", get_args(Status), status_words),
        ("field", get_args(Field), field_words),
        ("file field", get_args(FileField), file_field_words),
        ("standings column", get_args(StandingsColumn), column_title),
    ]


#: The words French and English share (the game's own French words, a few Latin ones).
SAME_IN_FRENCH = {
    "term": {"base", "belote"}, "scored term": {"base", "belote", "fixed"},
    "mode": {"SA", "TA"}, "deal status": {"active"},
    "announce": {"tierce", "cinquante", "cent", "carre", "carre-A", "carre-10", "carre-K",
                 "carre-Q", "carre-J", "carre-9", "carre-8", "carre-7"},
    "field": {"coinche", "points", "capot", "belote", "announce_winner", "source",
              "destination", "licence", "coinched_by"},
    "file field": {"club", "table", "score1", "score2", "licence"},
    "standings column": {"buchholz"},
}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_value_of_every_closed_set_has_its_words(language: str) -> None:
    # mypy proves each match exhaustive; this proves each word is in the catalogue: in
    # French every word is translated, but for the words the two languages share
    with i18n.speaking(language):
        for name, values, words in _closed_sets():
            assert values, name
            shown = {value: words(value) for value in values}
            assert all(shown.values()), name
            if language == "fr":
                same = {v for v, w in shown.items() if w == _english(words, v)}
                assert same == SAME_IN_FRENCH.get(name, set()), name


def _english(words: Callable[[Any], str], value: Any) -> str:
    with i18n.speaking("en"):
        return words(value)


def _mo(entries: dict[str, str], order: Callable[[str], Any]) -> bytes:
    """A ``.mo`` file of ``entries`` (``context\\x04message`` for one with a context), its
    originals in ``order``: by their bytes as GNU msgfmt sorts them, or as Babel does."""
    keys = sorted(entries, key=order)
    ids = [key.encode() for key in keys]
    strs = [entries[key].encode() for key in keys]
    start = 28
    table = start + 16 * len(keys)
    body = b""
    offsets: list[tuple[int, int]] = []
    for text in [*ids, *strs]:
        offsets.append((len(text), table + len(body)))
        body += text + b"\0"
    header = b"".join(n.to_bytes(4, "little") for n in (
        0x950412DE, 0, len(keys), start, start + 8 * len(keys), 0, 0))
    pairs = b"".join(n.to_bytes(4, "little") for pair in offsets for n in pair)
    return header + pairs + body


@pytest.mark.parametrize("compiler", ["msgfmt", "babel"])
def test_the_lazy_catalogue_finds_every_entry_whoever_sorted_it(compiler: str) -> None:
    # an entry with a context sits where its context puts it (msgfmt) or its message (Babel):
    # either way, every entry with and without a context is found
    entries = {"": "Content-Type: text/plain; charset=UTF-8\n", "failed": "chuté",
               "how many contracts\x04failed": "chutés", "its holder": "son détenteur",
               "made": "réussi", "how many contracts\x04made": "réussis", "lost": "perdu",
               "a": "un", "zebra": "zèbre", "history": "historique", "match": "partie"}

    def babel(key: str) -> tuple[str, str]:
        context, _sep, message = key.rpartition("\x04")
        return message, context

    order: Callable[[str], Any] = babel if compiler == "babel" else str.encode
    lazy = Catalogue(io.BytesIO(_mo(entries, order)))
    for key, text in entries.items():
        if not key:
            continue
        context, _sep, message = key.rpartition("\x04")
        found = lazy.pgettext(context, message) if context else lazy.gettext(message)
        assert found == text, key
    assert lazy.pgettext("how many contracts", "taken") == "taken"


def test_the_shipped_catalogue_passes_the_check_a_translators_gets() -> None:
    """Issue 24, point 11: what ``Catalogue.check`` asks of a catalogue from
    ``COINCHE_LOCALEDIR`` (a plural rule for every count, placeholders that are the message's
    own plain names), the French one holds too."""
    with (Path(i18n.LOCALE_DIR) / "fr" / "LC_MESSAGES" / "coinche.mo").open("rb") as handle:
        Catalogue(handle).check()
