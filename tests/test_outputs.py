"""Every command's output, in English and in French, byte for byte as recorded.

A story of a café game and a concours (byes, a forfeit, penalties, a late team, a team that
leaves and comes back, a table scored deal by deal, corrections, every export), every
``--json`` view and plain view, every help page and a set of refusals, is played in process and
compared with ``tests/outputs/LANG.txt``.  The files were recorded before the move of issue 23
(one concept, one room): the move changed no word, no number and no JSON field but one, on
purpose: the French of a game's summary sheet counts contracts "réussis" and "chutés" (a
deal's own column stays "réussi", "chuté": ``pgettext``).  Every change since is a
deliberate one, recorded again with the commit that makes it (``git log -p tests/outputs``
shows each: issue 18's rule of penalties in the partie's score, the results' history).  Only
the moments (timestamps), the tables' entry codes, the test's folder and the repository's
are blanked (a moment shown to a person, in local time, as ``<local moment>``).

To record them again after a change that is meant to change an output, run
``COINCHE_RECORD_OUTPUTS=1 pytest tests/test_outputs.py`` and read the diff before committing.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.harness import in_process

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
OUTPUTS = Path(__file__).resolve().parent / "outputs"
#: The width every run is drawn at (help pages, fitted tables).
ENV = {"COLUMNS": "100", "NO_COLOR": "1"}
MOMENT = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\+00:00|Z)?")
#: A moment as a person reads it, in local time: ``2 December, 21:12``, ``2 décembre, 21 h 12``.
LOCAL_MOMENT = re.compile(r"\b(?:1er|\d{1,2}) (?:January|February|March|April|May|June|July|"
                          r"August|September|October|November|December|janvier|février|mars|"
                          r"avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)"
                          r"(?: \d{4})?, \d{1,2}(?::| h )\d\d\b")
#: A table's entry code on the score sheets: drawn from the tournament's random secret.
CODE = re.compile(r"(?<=code )[A-Z0-9]{6}\b")


def _commands() -> Iterator[tuple[str, ...]]:
    """The story, command by command (``{out}`` is the test's folder)."""
    yield ("--help",)
    for group in ("rules", "game", "tournament", "tournament team", "store"):
        yield (*group.split(), "--help")
    for command in ("rules list", "rules show", "rules validate", "score", "game new",
                    "game add", "game pass", "game undo", "game edit", "game show", "game list",
                    "game use", "game export", "game play", "tournament new", "tournament list",
                    "tournament use", "tournament pair", "tournament unpair",
                    "tournament result", "tournament penalty", "tournament standings",
                    "tournament show", "tournament export", "tournament serve",
                    "tournament sheets", "tournament team add", "tournament team import",
                    "tournament team list", "tournament team drop", "tournament team return",
                    "store copy"):
        yield (*command.split(), "--help")
    # rules
    yield ("rules", "list")
    yield ("rules", "list", "--json")
    for name in ("standard", "atout", "chien", "club", "generale"):
        yield ("rules", "show", name)
    for path in sorted((EXAMPLES / "rules").glob("*.yaml")):
        yield ("rules", "show", str(path))
        yield ("rules", "validate", str(path))
    # one deal, scored and explained
    for deal in (("A", "100S", "104", "--belote", "A", "--announce", "A:cinquante"),
                 ("B", "90Hx", "70"), ("A", "capotC"), ("B", "120TA", "140", "-b", "B"),
                 ("A", "80SA", "81"), ("A", "160Dxx", "100", "--announce", "B:carre-J"),
                 ("A", "250S", "162", "--capot", "A"),
                 ("B", "100C", "90", "--announce", "A:tierce", "--announce", "B:tierce",
                  "--announce-winner", "B")):
        yield ("score", *deal)
        yield ("score", "--json", *deal)
    yield ("score", "--rules", "atout", "A", "capotS")
    yield ("score", "--rules", "generale", "A", "generaleH")
    yield ("score", "--rules", "generale", "--json", "B", "generaleS", "--generale")
    yield ("score", "--rules", "club", "A", "110H", "85", "--belote", "A")
    yield ("score", "--rules", "chien", "--players", "3", "1", "90S", "80", "-p", "2:40")
    yield ("score", "--rules", "chien", "--players", "2", "--json", "2", "100H", "120")
    for path in sorted((EXAMPLES / "rules").glob("*.yaml")):
        yield ("score", "--rules", str(path), "A", "100S", "104", "--belote", "A")
    # a game at the café (examples/partie.sh), every view along the way
    yield ("game", "new", "--rules", "standard", "--team", "Les As", "--team", "Les Rois",
           "--dealer", "A", "--target", "1500")
    yield ("game", "add", "Les As", "100S", "104", "--belote", "A", "--announce",
           "A:cinquante")
    yield ("game", "add", "rois", "90Hx", "70", "--json")
    yield ("game", "pass")
    yield ("game", "add", "B", "120TA", "130", "--belote", "B", "--belote", "B")
    yield ("game", "edit", "4", "B", "120TA", "140", "--belote", "B", "--belote", "B")
    yield ("game", "add", "A", "100D", "70")
    yield ("game", "undo")
    yield ("game", "show")
    yield ("game", "show", "--wide")
    yield ("game", "show", "--history")
    yield ("game", "show", "--json", "--history")
    yield ("game", "add", "A", "capotC")
    yield ("game", "show", "--json")
    yield ("game", "show", "--wide")
    yield ("game", "export", "--csv", "{out}/partie.csv", "--xlsx", "{out}/partie.xlsx")
    yield ("game", "new", "--rules", "chien", "--players", "3", "--team", "Ana", "--team",
           "Bob", "--team", "Chloé", "--deals", "3")
    yield ("game", "add", "Ana", "90S", "80", "-p", "B:40")
    yield ("game", "pass")
    yield ("game", "add", "C", "100HX", "100", "-p", "A:30")
    yield ("game", "show", "--wide")
    yield ("game", "show", "--json")
    yield ("game", "list")
    yield ("game", "list", "--json")
    yield ("game", "use", "1")
    yield ("game", "play", "--help")
    # a concours: ten teams from the example sheet, then a late one (a bye each round)
    yield ("tournament", "new", "Concours du jeudi", "--rules", "standard", "--rounds", "4",
           "--deals", "4", "--seed", "7")
    yield ("tournament", "team", "import", str(EXAMPLES / "equipes.csv"))
    yield ("tournament", "team", "add", "Les Tard Venus", "--players", "Zoé, Yves",
           "--club", "Belote Club", "--json")
    yield ("tournament", "team", "list")
    yield ("tournament", "team", "list", "--json")
    yield ("tournament", "pair")
    yield ("tournament", "show", "--json")
    yield ("tournament", "result", "--import", str(EXAMPLES / "resultats-ronde1.csv"))
    yield ("tournament", "result", "1", "1300", "880", "--replace", "--json")
    yield ("tournament", "standings")
    yield ("tournament", "standings", "--wide")
    yield ("tournament", "pair", "--json")
    yield ("game", "new", "--table", "1")
    yield ("game", "add", "A", "80S", "100")
    yield ("game", "add", "B", "90H", "95")
    yield ("game", "add", "A", "100Sx", "110")
    yield ("game", "add", "B", "80D", "90")
    yield ("tournament", "result", "2", "600", "420")
    yield ("tournament", "result", "3", "--forfeit", "{team3}")
    yield ("tournament", "result", "4", "600", "440", "--json")
    yield ("tournament", "result", "{team5}", "700", "500")
    yield ("tournament", "penalty", "{team1}", "162", "--reason", "renonce")
    yield ("tournament", "penalty", "{team2}", "50", "--deduct", "--reason", "retard")
    yield ("tournament", "show")
    yield ("tournament", "show", "--round", "1")
    yield ("tournament", "standings", "--json")
    yield ("tournament", "standings", "--round", "1", "--json")
    yield ("tournament", "team", "drop", "{team4}")
    yield ("tournament", "pair")
    yield ("tournament", "unpair")
    yield ("tournament", "team", "return", "{team4}")
    yield ("tournament", "pair")
    yield ("tournament", "show", "--json")
    yield ("tournament", "standings", "--wide")
    yield ("tournament", "list")
    yield ("tournament", "list", "--json")
    yield ("tournament", "export", "{out}/concours.xlsx", "--csv", "{out}/csv")
    # the live page's address given: the default is this machine's (issue 18, point 6)
    yield ("tournament", "sheets", "--round", "3", "--url", "http://192.168.1.10:8000/",
           "{out}/feuilles.xlsx")
    yield ("tournament", "new", "Deuxième", "--target", "1000", "--ranking", "wins",
           "--match-points", "4,2,1,0", "--registration-order", "--json")
    yield ("tournament", "use", "Concours du jeudi")
    # refusals: one line each
    yield ("score", "Z", "100S", "104")
    yield ("score", "A", "105S", "104")
    yield ("score", "A", "100Q", "104")
    yield ("score", "A", "100S", "170")
    yield ("score", "--deal", "{nope")
    yield ("score", "--rules", "nope", "A", "100S", "100")
    yield ("score", "A", "100S", "-5")
    yield ("game", "add", "Les Dames", "100S", "100", "--game", "1")
    yield ("game", "edit", "9", "A", "100S", "100", "--game", "1")
    yield ("game", "use", "99")
    yield ("tournament", "result", "2", "600", "400")
    yield ("tournament", "result", "99", "600", "400")
    yield ("tournament", "result", "Inconnus", "600", "400")
    yield ("tournament", "team", "add", "Les As de Pique")
    yield ("tournament", "use", "Nulle part")
    yield ("tournament", "unpair")
    yield ("tournament", "new", "Concours du jeudi")
    yield ("rules", "show", "nope.yaml")
    yield ("game", "new", "--team", "A", "--team", "a")
    yield ("tournament", "new", "X", "--match-points", "3,2")


def _csv_files(folder: Path) -> Iterator[tuple[str, str]]:
    for path in sorted(folder.rglob("*.csv")):
        yield path.relative_to(folder).as_posix(), path.read_text(encoding="utf-8-sig")


def _workbook(path: Path) -> str:
    from python_calamine import CalamineWorkbook

    book = CalamineWorkbook.from_path(str(path))
    lines = []
    for name in book.sheet_names:
        lines.append(f"[{name}]")
        for row in book.get_sheet_by_name(name).to_python():
            lines.append(repr(row))
    return "\n".join(lines)


def _story(language: str, folder: Path) -> str:
    """The whole story's output, moments and the folder blanked."""
    db = folder / "c.db"
    out = folder / "out"
    out.mkdir()
    parts: list[str] = []
    names: dict[str, str] = {}
    for command in _commands():
        if any("{team" in word for word in command) and not names:
            listed = in_process(["--db", str(db), "tournament", "show", "--json"], env=ENV)
            import json

            tables = json.loads(listed.stdout)["tables"]
            names = {f"{{team{t['table']}}}": t["teams"][0] for t in tables}
        args = [word.replace("{out}", str(out)) for word in command]
        args = [names.get(word, word) for word in args]
        ran = in_process(["--lang", language, "--db", str(db), *args],
                         env={**ENV, "COINCHE_LANG": language})  # an eager --help too
        assert not ran.crash, ran.report()
        parts.append(f"$ coinche {' '.join(command)}\n[exit {ran.code}]\n{ran.stdout}"
                     + (f"--- stderr\n{ran.stderr}" if ran.stderr else ""))
    for name, text in _csv_files(out):
        parts.append(f"=== {name}\n{text}")
    for book in sorted(out.glob("*.xlsx")):
        parts.append(f"=== {book.name}\n{_workbook(book)}\n")
    text = "\n".join(parts)
    text = text.replace(str(folder), "<tmp>").replace(str(ROOT), "<repo>")
    text = LOCAL_MOMENT.sub("<local moment>", MOMENT.sub("<moment>", text))
    return CODE.sub("<code>", text)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_output_is_as_recorded(language: str, tmp_path: Path) -> None:
    shown = _story(language, tmp_path)
    recorded = OUTPUTS / f"{language}.txt"
    if os.environ.get("COINCHE_RECORD_OUTPUTS"):
        OUTPUTS.mkdir(exist_ok=True)
        recorded.write_text(shown, encoding="utf-8")
    expected = recorded.read_text(encoding="utf-8")
    if shown != expected:  # the first differing line, whole, then pytest's diff
        for number, (got, want) in enumerate(zip(shown.splitlines(), expected.splitlines(),
                                                 strict=False), start=1):
            assert got == want, f"{recorded.name}, line {number}"
    assert shown == expected



#: A cell Rich had to cut: a word ended by "…" at the cell's right edge.
CUT = re.compile(r"\w…\s*│$")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_help_page_fits_80_columns_without_cutting(language: str, tmp_path: Path) -> None:
    """Issue 18: on an 80-column terminal no help line is wider, and no option, help text or
    default is cut short (a value too long for its column wraps at its spaces)."""
    problems = []
    for args in _commands():
        if args[-1] != "--help":
            continue
        ran = in_process(args, env={**ENV, "COLUMNS": "80", "COINCHE_LANG": language},
                         cwd=tmp_path)
        assert ran.code == 0, ran.report()
        problems += [f"coinche {' '.join(args)}: {line!r}" for line in ran.stdout.splitlines()
                     if len(line) > 80 or CUT.search(line)]
    assert problems == []
