"""The results site (``tournament publish DIR``), in process and in French: its pages hold the
numbers of ``standings --json`` and ``show --json`` (read back from the HTML as a browser
parses it), every link is a page of the folder, hostile names are text, and the folder is
coinche's alone to replace (its manifest), or refused with one line."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from tests.conftest import Concours
from tests.harness import Cli
from tests.stage_play import knockout_partie, qualify
from tests.test_melee import melee
from tests.test_season import _concours

#: Names a director may type: markup, an attribute that would run, right-to-left letters (a
#: direction override itself is refused at the door: test_names),
#: the longest name a team may have.
HOSTILE = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>',
           "Les As \u0627\u0644\u0622\u0633", "L" * 100, "Les Rois"]


class Page(HTMLParser):
    """A page read back: its tables (each row's cells' text), its links and sources, every
    element and attribute."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: dict[str, list[list[str]]] = {}
        self.links: list[str] = []
        self.elements: set[str] = set()
        self.attributes: set[str] = set()
        self.text = ""
        self._table: list[list[str]] | None = None
        self._cell: str | None = None
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.add(tag)
        self.attributes.update(name for name, _value in attrs)
        found = dict(attrs)
        self.links += [value for key, value in attrs if key in ("href", "src") and value]
        if tag == "table":
            self._table = self.tables.setdefault(found.get("class") or "", [])
        elif tag == "tr" and self._table is not None:
            self._table.append([])
        elif tag in ("td", "th"):
            self._cell = ""

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._table is not None:
            self._table[-1].append(self._cell.strip())
            self._cell = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data: str) -> None:
        self.text += data
        if self._cell is not None:
            self._cell += data


def _evening(concours: Concours) -> Cli:
    """Five teams (a bye), two rounds: a forfeit, a penalty, a result corrected."""
    director = concours(HOSTILE, rounds=2, pair=True)
    director.run("result", "1", "100", "62")
    director.run("result", "2", "--forfeit", HOSTILE[3])
    director.run("result", "1", "90", "72", "--replace")
    director.run("penalty", HOSTILE[0], "50", "--reason", "renonce <b>")
    director.run("pair")
    director.run("result", "1", "81", "81")
    return director


def _pages(folder: Path) -> dict[str, Page]:
    return {path.name: Page(path.read_text(encoding="utf-8"))
            for path in sorted(folder.glob("*.html"))}


def test_the_site_holds_the_json_views_numbers(cli: Cli, concours: Concours,
                                               tmp_path: Path) -> None:
    director = _evening(concours)
    site = tmp_path / "site"
    cli.run("--lang", "fr", "tournament", "publish", str(site))
    pages = _pages(site)
    assert {"index.html", "round-1.html", "round-2.html"} <= set(pages)
    assert {f"team-{k}.html" for k in range(1, 6)} <= set(pages)
    standings = director.json("standings")
    rows = pages["index.html"].tables["standings"][1:]
    assert [[row[0], row[1], *row[3:13]] for row in rows] == [
        [str(line[key]) for key in ("rank", "team", "played", "wins", "draws", "losses",
                                    "points_for", "points_against", "difference",
                                    "match_points", "penalties", "buchholz")]
        for line in standings]
    assert "Classement" in pages["index.html"].text  # in French
    for number in (1, 2):
        shown = director.json("show", "--round", str(number))
        tables = pages[f"round-{number}.html"].tables["tables"][1:]
        assert [row[:5] for row in tables] == [
            [str(t["table"]), t["teams"][0],
             "" if t["scores"] is None else str(t["scores"][0]),
             "" if t["scores"] is None else str(t["scores"][1]), t["teams"][1]]
            for t in shown["tables"]]
        if shown["bye"]:
            assert shown["bye"] in pages[f"round-{number}.html"].text
    assert "renonce <b>" in pages["round-1.html"].text  # the penalty's reason, as text


def test_no_page_links_outside_the_folder_and_names_are_text(cli: Cli, concours: Concours,
                                                              tmp_path: Path) -> None:
    _evening(concours)
    site = tmp_path / "site"
    cli.run("tournament", "publish", str(site))
    names = {path.name for path in site.iterdir()}
    for name, page in _pages(site).items():
        assert "script" not in page.elements and "img" not in page.elements, name
        assert not {a for a in page.attributes if a.startswith("on")}, name
        for link in page.links:
            assert link in names and "/" not in link and ":" not in link, (name, link)
    index = _pages(site)["index.html"]
    for hostile in HOSTILE:
        assert hostile in index.text


def test_a_run_again_replaces_its_own_files_and_refuses_foreign_ones(
        cli: Cli, concours: Concours, tmp_path: Path) -> None:
    director = _evening(concours)
    site = tmp_path / "site"
    cli.run("tournament", "publish", str(site))
    director.run("result", "1", "140", "22", "--round", "2", "--replace")
    cli.run("tournament", "publish", str(site))  # its own folder: replaced
    assert _pages(site)["round-2.html"].tables["tables"][1][2:4] == ["140", "22"]
    assert (site / ".coinche-site.json").is_file()
    foreign = tmp_path / "club"
    foreign.mkdir()
    (foreign / "photo.jpg").write_bytes(b"x")
    line = cli.refused("tournament", "publish", str(foreign))
    assert str(foreign) in line
    cli.run("tournament", "publish", str(foreign), "--force")
    assert (foreign / "photo.jpg").read_bytes() == b"x" and (foreign / "index.html").is_file()
    stray = site / "round-9.html"  # a page of an earlier run the manifest lists
    stray.write_text("old", encoding="utf-8")
    manifest = (site / ".coinche-site.json").read_text(encoding="utf-8")
    (site / ".coinche-site.json").write_text(
        manifest.replace('"index.html"', '"index.html", "round-9.html"'), encoding="utf-8")
    cli.run("tournament", "publish", str(site))
    assert not stray.exists()


def test_a_dir_that_is_a_file_is_refused_with_one_line(cli: Cli, concours: Concours,
                                                       tmp_path: Path) -> None:
    _evening(concours)
    file = tmp_path / "site"
    file.write_text("mine", encoding="utf-8")
    assert str(file) in cli.refused("tournament", "publish", str(file))
    assert file.read_text(encoding="utf-8") == "mine"


def test_a_seasons_site_holds_its_standings_json(cli: Cli, tmp_path: Path) -> None:
    """Two concours of a season, the best one counted: the ranking's lines and each line's
    concours as ``season standings --json`` has them, one page per team."""
    _concours(cli, "Vendredi 1", {"Les As": "Ana, Bob", "Les Rois": "Cyd, Dan",
                                  HOSTILE[0]: "Éva, Fred", "Les Valets": "Gus, Hana"},
              [(600, 400), (300, 700)])
    _concours(cli, "Vendredi 2", {"Les Rois": "Cyd, Dan", "Les As": "Ana, Bob",
                                  "Les Valets": "Gus, Hana", "Les Dix": "Jo, Kim"},
              [(700, 300), (450, 550)])
    cli.run("season", "new", "Challenge", "--by", "team", "--best", "1")
    cli.run("season", "add", "Challenge", "Vendredi 1", "Vendredi 2")
    site = tmp_path / "saison"
    cli.run("--lang", "fr", "season", "publish", "Challenge", str(site))
    pages = _pages(site)
    rows = cli.json("season", "standings", "Challenge")
    assert set(pages) == {"index.html", *(f"team-{k}.html" for k in range(1, len(rows) + 1))}
    shown = pages["index.html"].tables["season"][1:]
    assert [row[:10] for row in shown] == [
        [str(r["rank"]), r["team"], r["club"], *(str(r[key]) for key in (
            "points", "events", "counted_events", "wins", "draws", "losses", "score"))]
        for r in rows]
    for row, line in zip(shown, rows, strict=True):  # a column per concours: (not counted)
        cells = {r["event"]: str(r["points"]) if r["counted"] else f"({r['points']})"
                 for r in line["results"]}
        assert row[10:] == [cells.get(event, "–") for event in ("Vendredi 1", "Vendredi 2")]
    for k, line in enumerate(rows, start=1):
        page = pages[f"team-{k}.html"]
        assert [row[:6] for row in page.tables["results"][1:]] == [
            [r["event"], *(str(r[key]) for key in ("points", "wins", "draws", "losses",
                                                   "score"))] for r in line["results"]]
        assert "script" not in page.elements
    assert HOSTILE[0] in pages["index.html"].text and "Classement" in pages["index.html"].text
    assert "Inconnue" in cli.refused("season", "publish", "Inconnue", str(site))


def test_a_knockout_stages_bracket_page(cli: Cli, concours: Concours, tmp_path: Path) -> None:
    """Eight teams, two Swiss parties, a knock-out of the four first: its page holds the
    matches of ``bracket --json`` (both teams, both scores), linked from the first page."""
    names = [f"Équipe {k}" for k in range(1, 9)]
    director = concours(names, rounds=2)
    qualify(director, names, 2)
    director.run("stage", "add", "Tableau A", "--ranks", "1-4", "--knockout")
    director.run("stage", "start", "Tableau A")
    knockout_partie(director)
    site = tmp_path / "site"
    cli.run("--lang", "fr", "tournament", "publish", str(site))
    pages = _pages(site)
    brackets = [name for name in pages if name.startswith("bracket-")]
    assert len(brackets) == 1 and brackets[0] in pages["index.html"].links
    bracket = director.json("bracket", "Tableau A")
    rows = [row for row in pages[brackets[0]].tables["bracket"] if row[0] != "Match"]
    assert [[row[3], row[4], row[5], row[6]] for row in rows] == [
        [m["teams"][0] or "…", *("" if m["scores"] is None else str(s) for s in
                                  (m["scores"] or [None, None])), m["teams"][1] or "…"]
        for column in bracket["rounds"] for m in column["matches"]]


def test_a_melees_site_has_a_page_per_player_with_partners(cli: Cli, tmp_path: Path) -> None:
    players = ["Ana", "Bob", "Cyd", "Dan", "Éva", "Fred", "Gus", "Hana", "Ivo"]
    director = melee(cli, players, rounds=1)
    shown = director.json("pair")
    for table in shown["tables"]:
        director.run("result", str(table["table"]), "600", "400")
    site = tmp_path / "site"
    cli.run("tournament", "publish", str(site))
    pages = _pages(site)
    assert {f"player-{k}.html" for k in range(1, 10)} <= set(pages)
    text = "".join(page.text for name, page in pages.items() if name.startswith("player-"))
    assert "sat out" in text  # nine players: one sits out
    rows = pages["index.html"].tables["standings"][1:]
    assert sorted(row[1] for row in rows) == sorted(
        line["name"] for line in director.json("standings"))
