"""Completeness of the translation: a pseudo-locale that wraps every message in ⟦…⟧.

A catalogue is made from the French one's messages, each translated as itself between
⟦ and ⟧, and selected with ``COINCHE_LOCALEDIR`` and ``COINCHE_LANG``.  The example game and
the example concours (``examples/``) then run through the installed command, with their help
pages, prompts, refusals and files; every word a person reads must be inside a ⟦…⟧, or be
data (a team's name, a rules file's title), or syntax (a command, an option, a metavar, a
contract such as ``100S``).  A sentence the catalogue does not hold shows up unwrapped and
fails the test, naming the line.
"""

from __future__ import annotations

import csv
import json
import re
import string
from collections.abc import Iterable, Sequence
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from coinche_cli.rules.model import ANNOUNCE_KINDS
from tests.harness import Ran, in_process, in_subprocess

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
FRENCH_PO = ROOT / "coinche_cli" / "locale" / "fr" / "LC_MESSAGES" / "coinche.po"
OPEN, CLOSE = "⟦", "⟧"
#: messages that are not words: the CSV separator must stay one character
NOT_WORDS = {","}

#: Syntax a person reads as it is typed: the command names, Typer's metavars.
COMMANDS = {
    "coinche", "score", "rules", "list", "show", "validate", "game", "new", "add", "pass",
    "undo", "edit", "play", "export", "use", "tournament", "team", "import", "drop", "return",
    "pair", "unpair", "result", "penalty", "standings", "sheets", "store", "copy", "serve",
    "reopen", "player", "checkin", "fees", "poster", "prizes", "pot", "set", "remove",
    "order",  # tournament prizes order
    "stage", "start", "bracket",  # tournament stage add|list|show|remove|start, bracket
    "pairings",  # tournament poster standings|pairings|prizes: words typed as they are
    "config", "unset", "season", "stats", "rename", "merge", "ratings",
    "time",  # tournament time TABLE +5
    "publish", "share",  # tournament publish|share, season publish
    "str", "int", "path", "range", "float", "text",  # Typer's metavars: <str>, <int range>
}


#: The announces as a deal writes them (``A:cinquante``, ``carre-J``): the deal's syntax.
ANNOUNCES = {part for name in ANNOUNCE_KINDS for part in re.findall(r"[^\W\d_]+", name)}


def pseudo_catalogue(folder: Path) -> Path:
    """The ⟦…⟧ catalogue of every message, as ``folder/qps/LC_MESSAGES/coinche.mo``."""
    with FRENCH_PO.open("rb") as handle:
        french = read_po(handle)
    pseudo = Catalog(locale="fr", domain="coinche")  # French plural rules, two forms
    for entry in french:
        if not entry.id:
            continue
        if isinstance(entry.id, str):
            pseudo.add(entry.id, entry.id if entry.id in NOT_WORDS else wrapped(entry.id),
                       context=entry.context)
        else:
            pseudo.add(entry.id, tuple(wrapped(form) for form in entry.id),
                       context=entry.context)
    pseudo._num_plurals, pseudo._plural_expr = 2, "(n > 1)"  # as the French catalogue's
    target = folder / "qps" / "LC_MESSAGES" / "coinche.mo"
    target.parent.mkdir(parents=True)
    with target.open("wb") as handle:
        write_mo(handle, pseudo)
    return target


def wrapped(message: str) -> str:
    """``message`` in the pseudo-locale: its words between ⟦ and ⟧, its placeholders
    outside, so that a value filled in unwrapped (an English word from the code) is caught
    too; each line apart (a help text's paragraphs are printed as lines of their own)."""
    if "{}" in message:  # a template Typer fills in: kept whole
        return OPEN + message + CLOSE
    out = []
    for text, field, spec, conversion in string.Formatter().parse(message):
        out.append("\n".join(OPEN + line.replace("{", "{{").replace("}", "}}") + CLOSE
                             if line else line for line in text.split("\n")))
        if field is not None:
            out.append("{" + field + (f"!{conversion}" if conversion else "")
                       + (f":{spec}" if spec else "") + "}")
    return "".join(out)


def unwrapped(line: str) -> str:
    """``line`` without its ⟦…⟧ spans, nested ones too.  A span may be cut short: Typer lists
    a command with the first sentence of its help (``⟦Score one deal.`` and no ⟧), and a
    message may end on the next line; what follows a lone ⟦ or precedes a lone ⟧ is the
    message's."""
    while True:
        shorter = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", " ", line)
        if shorter == line:
            break
        line = shorter
    line = re.sub(f"{OPEN}.*$", " ", line)
    return re.sub(f"^.*{CLOSE}", " ", line)


def stray_words(line: str, data: set[str]) -> list[str]:
    """The words of ``line`` (already unwrapped) that are neither data nor syntax."""
    text = re.sub(r"<[^>]*>", " ", line)  # Typer's metavars: <str>, <int range>
    text = re.sub(r"(?<![\w-])-{1,2}[\w-]+", " ", text)  # options: --team, -t
    # paths (no backtracking over a long run of non-spaces: a help page's rules are 3,000 wide)
    text = re.sub(r"(?<!\S)\S*[/\\]\S*", " ", text)
    text = re.sub(r"\d{4}-\d\d-\d\dT[\d:+.]+", " ", text)  # when a deal was recorded
    text = re.sub(r"\b[0-9a-f]{16,64}\b", " ", text)  # a checksum (store copy)
    words = re.findall(r"[^\W\d_]{2,}", text)
    return [w for w in words if not w.isupper() and w not in data and w not in COMMANDS
            and not re.fullmatch(r"(capot|generale)[A-Z]*", w) and w not in ANNOUNCES]


class Session:
    """The command line in the pseudo-locale, on one store, in this process (each run in a
    context of its own, its language chosen from its environment as a process's is); every
    run is kept.  ``test_the_installed_command_speaks_the_pseudo_locale`` runs the installed
    command once."""

    def __init__(self, tmp_path: Path) -> None:
        pseudo_catalogue(tmp_path / "locale")
        self.cwd = tmp_path
        self.env = {"COINCHE_LOCALEDIR": str(tmp_path / "locale"), "COINCHE_LANG": "qps",
                    "COINCHE_DB": str(tmp_path / "store.db"), "COLUMNS": "3000",
                    "LANG": "C.UTF-8"}
        self.runs: list[Ran] = []

    def __call__(self, *args: str, stdin: str | None = None, code: int | None = 0) -> Ran:
        ran = in_process(args, stdin=stdin, env=self.env, cwd=self.cwd)
        assert not ran.crash, ran.report()
        if code is not None:
            assert ran.code == code, ran.report()
        self.runs.append(ran)
        return ran


def data_words(texts: Iterable[str]) -> set[str]:
    return {w for text in texts for w in re.findall(r"[^\W\d_]+", text)}


def check_lines(runs: Sequence[Ran], data: set[str]) -> list[str]:
    """Every unwrapped word of every run's output, with its command and line."""
    problems = []
    for ran in runs:
        if "--json" in ran.args:  # the machine's interface: the same in every language
            continue
        for stream in (ran.stdout, ran.stderr):
            assert "\ufffd" not in stream
            for line in stream.splitlines():
                stray = stray_words(unwrapped(line), data)
                if stray:
                    problems.append(f"coinche {' '.join(ran.args)}: {stray} in {line.strip()!r}")
    return problems


def check_workbook(path: Path, data: set[str]) -> list[str]:
    from openpyxl import load_workbook

    problems = []
    book = load_workbook(path)
    for sheet in book.worksheets:
        for word in stray_words(unwrapped(sheet.title), data):
            problems.append(f"{path.name}: sheet name {sheet.title!r}: {word}")
        for row in sheet.iter_rows():
            for cell in row:
                if isinstance(cell.value, str):
                    stray = [w for line in cell.value.splitlines()
                             for w in stray_words(unwrapped(line), data)]
                    if stray:
                        problems.append(f"{path.name}!{sheet.title}!{cell.coordinate}: "
                                        f"{stray} in {cell.value!r}")
        for header in (sheet.oddHeader, sheet.oddFooter):
            for part in (header.left, header.center, header.right):
                if part.text:
                    stray = stray_words(unwrapped(re.sub(r"&[A-Z]", " ", part.text)), data)
                    if stray:
                        problems.append(f"{path.name}!{sheet.title} header/footer: {stray}")
    return problems


def check_csv(path: Path, data: set[str]) -> list[str]:
    problems = []
    text = path.read_text(encoding="utf-8-sig")
    for number, row in enumerate(csv.reader(text.splitlines()), start=1):
        for cell in row:
            stray = stray_words(unwrapped(cell), data)
            if stray:
                problems.append(f"{path.name}:{number}: {stray} in {cell!r}")
    return problems


def help_pages(run: Session) -> None:
    """``--help`` of the program, of every group and of every command."""
    run("--help")
    groups = {"rules": ["list", "show", "validate"],
              "game": ["new", "add", "pass", "undo", "edit", "show", "list", "use", "export",
                       "play", "serve"],
              "tournament": ["new", "list", "use", "pair", "unpair", "result", "penalty",
                             "standings", "show", "export", "sheets", "team", "serve",
                             "reopen", "time", "player", "checkin", "fees", "poster",
                             "prizes", "publish"],
              "tournament team": ["add", "import", "list", "drop", "return"],
              "tournament player": ["add", "import", "list", "drop", "return"],
              "tournament prizes": ["set", "add", "remove", "pot", "order"],
              "config": ["show", "set", "unset"],
              "store": ["copy"]}
    run("score", "--help")
    for group, commands in groups.items():
        run(*group.split(), "--help")
        for command in commands:
            run(*group.split(), command, "--help")
    run("game", code=0)  # a group alone shows its help


def the_example_game(run: Session, tmp_path: Path) -> None:
    """examples/partie.sh, with the views, a correction, refusals and the exports."""
    run("rules", "list")
    for name in ("standard", "club", "chien", "atout", "generale"):
        run("rules", "show", name)
    for sheet in sorted((EXAMPLES / "rules").glob("*.yaml")):
        run("rules", "validate", str(sheet))
        run("rules", "show", str(sheet))
    run("score", "--rules", "standard", "A", "100P", "104", "--belote", "A",
        "--announce", "A:cinquante")
    run("score", "--rules", "club", "A", "80Sx", "70")
    run("game", "new", "--rules", "standard", "--team", "Les As", "--team", "Les Rois",
        "--dealer", "A", "--target", "1500")
    run("game", "add", "Les As", "100S", "104", "--belote", "A", "--announce", "A:cinquante")
    run("game", "add", "rois", "90Hx", "70")
    run("game", "pass")
    run("game", "add", "B", "120TA", "130", "--belote", "B", "--belote", "B")
    run("game", "edit", "4", "B", "120TA", "140", "--belote", "B", "--belote", "B")
    run("game", "add", "A", "capotC")
    run("game", "undo")
    run("game", "add", "A", "capotC")
    run("game", "show")
    run("game", "show", "--wide", "--history")
    run("game", "list")
    run("game", "export", "--csv", str(tmp_path / "partie.csv"),
        "--xlsx", str(tmp_path / "partie.xlsx"))
    # refusals: the program's own, and the command line's (Typer's words)
    run("game", "add", "Zorro", "80S", "90", code=2)
    run("game", "add", "A", "100", "104", code=2)
    run("game", "add", code=2)
    run("score", "A", "100S", "200", code=2)
    run("game", "new", "--players", "x", code=2)
    run("game", "show", "--gam", "1", code=2)
    run("rules", "show", "nulle-part", code=2)
    # game play: its prompts, a pass, a refused answer, an undo, quitting
    run("game", "new", "--team", "Nous", "--team", "Eux")
    run("game", "play", stdin="Nous\n100S\n104\nA\nA:tierce\np\nZorro\nu\nB\n80H\n200\n90\n"
                              "\n\nq\n")
    # a chien game: seats and players' points
    run("game", "new", "--rules", "chien", "--player", "Ana", "--player", "Bob",
        "--player", "Cléo")
    run("game", "add", "Ana", "80S", "90", "--points", "2:40")
    run("game", "show")


def the_example_concours(run: Session, tmp_path: Path) -> None:
    """examples/concours.sh, with the views, corrections, refusals and files."""
    run("tournament", "new", "Concours du jeudi", "--rules", "standard", "--rounds", "3",
        "--deals", "4", "--seed", "7")
    run("tournament", "team", "import", str(EXAMPLES / "equipes.csv"))
    run("tournament", "team", "list")
    run("tournament", "pair")
    run("tournament", "show")
    run("tournament", "sheets", "--round", "1", str(tmp_path / "feuilles-1.xlsx"))
    run("tournament", "result", "--import", str(EXAMPLES / "resultats-ronde1.csv"))
    run("tournament", "result", "1", "1300", "900", code=2)  # already has a result
    run("tournament", "result", "1", "1300", "900", "--replace")
    run("tournament", "standings")
    run("tournament", "pair")
    run("game", "new", "--table", "1")
    for deal in (("A", "80S", "100"), ("B", "90H", "95"), ("A", "100Sx", "110"),
                 ("B", "80D", "90")):
        run("game", "add", *deal)
    for table in (2, 3, 4, 5):
        run("tournament", "result", str(table), "600", str(400 + table * 10))
    teams = json.loads(run("tournament", "team", "list", "--json").stdout)
    run("tournament", "penalty", teams[0]["team"], "162", "--reason", "renonce")
    run("tournament", "team", "drop", teams[1]["team"])
    run("tournament", "pair")
    run("tournament", "show")
    run("tournament", "show", "--codes")
    run("tournament", "standings")
    run("tournament", "list")
    run("tournament", "team", "add", "Les As", code=2)  # already registered
    run("tournament", "result", "99", "1", "2", code=2)
    run("tournament", "export", str(tmp_path / "concours.xlsx"), "--csv",
        str(tmp_path / "csv"))
    run("tournament", "sheets", "--round", "3", str(tmp_path / "feuilles.xlsx"))
    store = str(tmp_path / "store.db")  # the event moved, and the refusals of a copy
    run("store", "copy", store, str(tmp_path / "copie.db"))
    run("store", "copy", store, str(tmp_path / "copie.db"), code=2)
    run("store", "copy", store, str(tmp_path / "copie.db"), "--merge", code=2)
    run("store", "copy", store, store, code=2)
    run("store", "copy", str(tmp_path / "nulle-part.db"), str(tmp_path / "x.db"), code=2)


@pytest.fixture(scope="module")
def pseudo_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Session, Path]:
    tmp_path = tmp_path_factory.mktemp("pseudo")
    run = Session(tmp_path)
    help_pages(run)
    the_example_game(run, tmp_path)
    the_example_concours(run, tmp_path)
    return run, tmp_path


def known_data(tmp_path: Path) -> set[str]:
    """The words that are data: names typed in the examples, the rules files' own texts."""
    texts = [(EXAMPLES / "equipes.csv").read_text(encoding="utf-8-sig"),
             "Les As Les Rois Nous Eux Ana Bob Cléo Concours du jeudi renonce Zorro nulle part",
             "csv"]  # a file's extension (the file's name itself is translated)
    rules = in_process(("rules", "list", "--json"), env={"COINCHE_LANG": "en"}, cwd=tmp_path)
    for row in json.loads(rules.stdout):
        texts += [row["name"], row.get("title") or "", row.get("source") or ""]
    for path in [*(ROOT / "rules").glob("*.yaml"), *(EXAMPLES / "rules").glob("*.yaml")]:
        # a rules file's title, source and announce names are its own words
        texts += [path.stem, *re.findall(r"^\s*(?:source|title):\s*(.*)$",
                                         path.read_text("utf-8"), re.M)]
        document = json.loads(in_process(("rules", "show", str(path), "--json"),
                                         env={"COINCHE_LANG": "en"}, cwd=tmp_path).stdout)
        texts += list(document["document"].get("announces", {}).get("values", {}))
    return data_words(texts)


def test_every_line_of_the_examples_is_translated(pseudo_run: tuple[Session, Path]) -> None:
    run, tmp_path = pseudo_run
    assert len(run.runs) > 100
    problems = check_lines(run.runs, known_data(tmp_path))
    assert problems == [], "\n".join(problems[:60])


def test_the_installed_command_speaks_the_pseudo_locale(tmp_path: Path) -> None:
    # the session runs in process; a real process chooses its language from its environment
    run = Session(tmp_path)
    shown = in_subprocess(("rules", "list"), env=run.env, cwd=tmp_path)
    assert shown.code == 0, shown.report()
    header = shown.stdout.splitlines()[0].split()
    assert header and all(word.startswith(OPEN) and word.endswith(CLOSE) for word in header), \
        header


def test_every_text_cell_of_the_workbooks_and_csv_files_is_translated(
        pseudo_run: tuple[Session, Path]) -> None:
    _run, tmp_path = pseudo_run
    data = known_data(tmp_path)
    books = ["partie.xlsx", "concours.xlsx", "feuilles.xlsx", "feuilles-1.xlsx"]
    problems = [p for name in books for p in check_workbook(tmp_path / name, data)]
    files = [tmp_path / "partie.csv", *sorted((tmp_path / "csv").glob("*.csv"))]
    assert len(files) > 3
    problems += [p for path in files for p in check_csv(path, data)]
    assert problems == [], "\n".join(problems[:60])


def test_the_check_finds_an_untranslated_line() -> None:
    # the test above can fail: an English sentence outside the brackets is found
    data = {"Les", "As"}
    assert stray_words(unwrapped("⟦registered {name}⟧ Les As"), data) == []
    assert stray_words(unwrapped("registered Les As (plays from round 1)"), data) == [
        "registered", "plays", "from", "round"]
    assert stray_words(unwrapped("⟦error: ⟦taker: ⟦no side⟧⟧⟧ but here"), data) == ["but",
                                                                                   "here"]


class _PageText(HTMLParser):
    """The words a page shows: its text, and the attributes people read (alt, labels)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in ("alt", "aria-label", "title", "placeholder") and value:
                self.lines.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.lines.append(data)


def test_every_word_of_the_live_page_is_translated(tmp_path: Path) -> None:
    """The live page in the pseudo-locale (the room's language, and a phone's browser asking
    for it): every word a page shows comes from the catalogue, its values left outside the
    marks."""
    import os

    from tests.harness import Cli
    from tests.live_server import LiveServer

    pseudo_catalogue(tmp_path / "locale")
    cli = Cli(tmp_path / "store.db")
    cli.run("tournament", "new", "Concours du jeudi", "--rounds", "3", "--deals", "4",
            "--registration-order")
    cli.run("tournament", "team", "import", str(EXAMPLES / "equipes.csv"))
    cli.run("tournament", "pair")
    tables = cli.json("tournament", "show")["tables"]
    cli.run("tournament", "result", "1", "900", "700")
    cli.run("tournament", "result", "3", "--forfeit", tables[2]["teams"][0])
    cli.run("game", "new", "--table", "4")
    # the room speaks the pseudo-locale: the projector, and a phone that names no language
    server = LiveServer(tmp_path / "store.db", "--entry", "--round-minutes", "30",
                        cwd=tmp_path, env={**os.environ, "COINCHE_LANG": "qps",
                                           "COINCHE_LOCALEDIR": str(tmp_path / "locale")})
    try:
        asked = {"Accept-Language": "qps, en;q=0.5"}
        pages = {path: server.get(path, **asked) for path in (
            "/", "/me", f"/me?team={tables[0]['teams'][0].split()[-1]}", "/me?team=Zorro",
            "/table/2", "/table/99", "/table/1", "/table/3", "/table/4",
            f"/me?{urlencode({'team': tables[1]['teams'][0]})}",  # its entry page's link
            f"/me?{urlencode({'team': tables[2]['teams'][0]})}",  # forfeited
            f"/me?{urlencode({'team': tables[2]['teams'][1]})}")}  # won by forfeit
        pages["/ in English"] = server.get("/", **{"Accept-Language": "en"})
        pages["/me, no language"] = server.get("/me")
        form, cookie = pages["/table/2"].form()
        team = urlencode({"team": tables[1]["teams"][0]})
        pages["wrong code"] = server.request("POST", f"/table/2?{team}", urlencode(
            {**form, "code": "ZZZZZZ", "score1": "1", "score2": "2"}).encode(), {
            **asked, "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
    finally:
        server.stop()
    # entry on this computer's own address (no --host): the projector's warning, and the
    # terminal's first line
    env = {**os.environ, "COINCHE_LANG": "qps", "COINCHE_LOCALEDIR": str(tmp_path / "locale")}
    server = LiveServer(tmp_path / "store.db", "--entry", cwd=tmp_path, env=env, host=None)
    try:
        pages["/ on 127.0.0.1"] = server.get("/", **asked)
    finally:
        _out, err = server.stop()
    assert 'class="unreachable"' in pages["/ on 127.0.0.1"].text
    data = known_data(tmp_path)
    warned = stray_words(unwrapped(err.splitlines()[0]), data)  # the warning's own line
    problems = [f"serve: {warned} in {err.splitlines()[0]!r}"] if warned else []
    for path, answer in pages.items():
        assert 'lang="qps"' in answer.text, path
        reader = _PageText()
        reader.feed(answer.text)
        assert len(reader.lines) >= 3, path
        for line in reader.lines:
            stray = stray_words(unwrapped(line), data)
            if stray:
                problems.append(f"{path}: {stray} in {line.strip()!r}")
    assert problems == [], "\n".join(problems)
