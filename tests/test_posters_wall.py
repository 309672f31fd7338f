"""Issue 32, "The room": posters made for a wall, through the command.  The paper set in the
page (``@page { size: A4 }``, ``--paper a3``, landscape where the columns need it); the type
sized to the field, read back from the page's style (twelve teams' names at 24 pt or more,
nothing below 14 pt however large the field); every cell on one line (a mêlée player's name
never cut); a bye shown as a bye in its partie's column; the season's poster, its numbers
those of ``season standings --json``; the mêlée's round sheet with the scores after
penalties.  Printed to PDF by Chromium when it is here: twelve teams on one A4 page, their
names at 24 pt or more.  (The posters' content and escaping: ``tests/test_posters.py``.)
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from coinche_cli.sheets import poster_layout
from coinche_cli.sheets.poster_layout import SMALLEST, Table, layout
from coinche_cli.sheets.posters import render
from tests.conftest import Concours
from tests.harness import Cli
from tests.test_live_browser import browser as browser  # the module's Chromium fixture
from tests.test_posters import Page

if TYPE_CHECKING:
    from coinche_cli.tournament.poster_views import StandingsPoster

#: Twelve teams as a club names them.
TWELVE = ["Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf", "Les Huit",
          "Les Sept", "Les Belotes", "Les Capots", "Les Coincheurs", "Les Pique-Niques"]


def rules(style: str) -> dict[str, str]:
    """A poster's style, rule by rule: the selector and its declarations (a selector given
    twice: its declarations one after the other)."""
    found: dict[str, str] = {}
    for selector, body in re.findall(r"([^{}]+)\{([^}]*)\}", style):
        key = " ".join(selector.split())
        found[key] = found.get(key, "") + body
    return found


def size(style: str, selector: str) -> float:
    """The type the style gives ``selector``, in points (its last ``font-size``)."""
    sizes = re.findall(r"font-size: ([\d.]+)pt", rules(style)[selector])
    assert sizes, (selector, style)
    return float(sizes[-1])


def every_size(style: str) -> list[float]:
    """Every type the style sets, in points."""
    return [float(points) for points in re.findall(r"font-size: ([\d.]+)pt", style)]


def _twelve(concours: Concours, rounds: int = 2) -> Cli:
    """Twelve teams, ``rounds`` rounds played, two prizes."""
    t = concours(TWELVE, rounds=4)
    for number in range(1, rounds + 1):
        t.run("pair")
        for table in range(1, 7):
            t.run("result", str(table), str(1000 + 37 * table + number), str(900 - 13 * table))
    t.run("prizes", "add", "1", "Un jambon")
    t.run("prizes", "add", "2", "Deux bouteilles")
    return t


def _poster(t: Cli, path: Path, kind: str, *options: str) -> tuple[Page, str]:
    t.run("poster", kind, str(path), *options)
    page = Page(path.read_text(encoding="utf-8"))
    return page, page.texts["style"]


def test_twelve_teams_fill_an_a4_page_in_large_type(concours: Concours, tmp_path: Path
                                                   ) -> None:
    t = _twelve(concours)
    for kind, paper in (("standings", "A4 landscape"), ("pairings", "A4"),
                        ("prizes", "A4 landscape")):
        page, style = _poster(t, tmp_path / f"{kind}.html", kind)
        assert rules(style)["@page"].startswith(f" size: {paper};"), (kind, style)
        assert size(style, "th, td") >= 24, (kind, style)  # the names, and every cell
        assert min(every_size(style)) >= SMALLEST, (kind, style)
        assert "white-space: nowrap" in rules(style)["th, td"], kind
    # a short list stays upright; the standings' column per round turn the paper
    assert len(page.rows) == 3


def test_a3_sets_its_paper_and_larger_type(concours: Concours, tmp_path: Path) -> None:
    t = _twelve(concours)
    for kind in ("standings", "pairings"):
        _page, a4 = _poster(t, tmp_path / f"{kind}-a4.html", kind)
        _page, a3 = _poster(t, tmp_path / f"{kind}-a3.html", kind, "--paper", "A3")
        assert rules(a3)["@page"].startswith(" size: A3"), kind
        assert size(a3, "th, td") > size(a4, "th, td"), kind
    assert t.run("poster", "pairings", str(tmp_path / "a4.html"), "--paper", "a4").code == 0
    assert "size: A4;" in (tmp_path / "a4.html").read_text(encoding="utf-8")


def test_more_rounds_smaller_type_and_landscape(concours: Concours, tmp_path: Path) -> None:
    t = _twelve(concours, rounds=4)
    _page, four = _poster(t, tmp_path / "four.html", "standings")
    _page, two = _poster(t, tmp_path / "two.html", "standings", "--round", "2")
    assert "landscape" in rules(four)["@page"]
    assert SMALLEST <= size(four, "th, td") <= size(two, "th, td")


def _standings(lines: int, rounds: int, name: str = "Les Pique-Niques") -> StandingsPoster:
    return {"kind": "standings", "name": "Concours", "date": "", "melee": False,
            "after": rounds, "rounds": list(range(1, rounds + 1)),
            "rows": [{"rank": n, "name": f"{name} {n}",
                      "rounds": [{"points": 1234, "bye": False}] * rounds, "wins": rounds,
                      "points": 1234 * rounds, "difference": -1234, "dropped": False}
                     for n in range(1, lines + 1)]}


@pytest.mark.parametrize("lines", [1, 8, 12, 20, 40, 150, 1000])
def test_the_type_shrinks_with_the_field_never_below_14_pt(lines: int) -> None:
    sizes = []
    for rounds in (1, 4, 10):
        style = render(_standings(lines, rounds)).style
        sizes.append(size(style, "th, td"))
        assert min(every_size(style)) >= SMALLEST
        assert "size: A4" in style
    assert sizes == sorted(sizes, reverse=True)  # more columns, never larger type
    bigger = render(_standings(lines + 10, 4)).style
    assert size(bigger, "th, td") <= sizes[1]  # more lines, never larger type


def test_a_name_too_long_even_at_14_pt_wraps_rather_than_runs_off() -> None:
    style = render(_standings(3, 4, name="Les Joyeux Coincheurs " * 4)).style
    assert size(style, "th, td") == SMALLEST
    assert "white-space: nowrap" not in rules(style)["th, td"]
    assert "overflow-wrap: anywhere" in rules(style)["th, td"]


def test_the_layout_reckons_the_lines_and_the_columns() -> None:
    """The type from the lines and the columns alone (:mod:`poster_layout`), as a table of
    cases: a column of names 10 ems wide and a number column, so many lines."""
    def page(lines: int, columns: int = 1, paper: poster_layout.Paper = "a4"
             ) -> poster_layout.Layout:
        table = Table([{"head": 3.0, "cell": 10.0}] * columns,
                      ["head", *["cell"] * lines])
        return layout(table, paper)

    twelve = page(12)
    assert twelve.one_page and twelve.cell >= 24 and not twelve.landscape
    assert page(12, paper="a3").cell > twelve.cell
    assert page(12, 3).landscape  # three columns of names: the paper turns
    large = page(200)
    assert (large.cell, large.one_page, large.wrap) == (SMALLEST, False, "line")
    assert [page(n).cell for n in (5, 12, 20, 30)] == sorted(
        [page(n).cell for n in (5, 12, 20, 30)], reverse=True)
    # the width of a text: DejaVu Sans's, an accent its letter's, bold wider
    assert poster_layout.text_width("Les As") == pytest.approx(3.219)
    assert poster_layout.text_width("É") == poster_layout.text_width("E")
    assert poster_layout.text_width("Table", bold=True) > poster_layout.text_width("Table")


def test_a_cell_broken_in_two_lines_counts_both() -> None:
    """A tie's mark under a prize (a ``br`` in its cell) makes its row two lines tall: the
    layout counts both, so the prize poster of a tie still fits the page it was sized for
    (the desk's day printed two pages when the mark was read as one line)."""
    from coinche_cli.sheets.posters import _Measure

    rows = "".join(f"<tr><td>{n}</td><td>Jambon<br>(to be decided)</td></tr>" for n in range(12))
    read = _Measure(f"<table><tr><th>Rank</th><th>Prize</th></tr>{rows}</table>").table()
    assert read.lines == (1, *[2] * 12)
    assert read.columns[1]["cell"] == poster_layout.text_width("(to be decided)")
    flat = Table(read.columns, read.rows)
    assert poster_layout.page_height(read, 24, 500) > poster_layout.page_height(flat, 24, 500)


def test_a_bye_is_marked_as_a_bye_in_its_partie_column(concours: Concours, cli: Cli,
                                                      tmp_path: Path) -> None:
    t = concours(5, "--bye-points", "500", rounds=2, pair=True)
    shown = t.json("show")
    bye = shown["bye"]
    for table in shown["tables"]:
        t.run("result", str(table["table"]), "700", "300")
    page, _style = _poster(t, tmp_path / "standings.html", "standings")
    line = next(row for row in page.rows if row[1] == bye)
    assert line[2] == "bye 500"  # R1: a bye, not a score
    assert all(row[2] in ("700", "300") for row in page.rows[1:] if row[1] != bye)
    cli.run("--lang", "fr", "tournament", "poster", "standings", str(tmp_path / "fr.html"))
    french = Page((tmp_path / "fr.html").read_text(encoding="utf-8"))
    assert next(row for row in french.rows if row[1] == bye)[2] == "exempt 500"


def test_a_melee_players_name_stays_on_one_line(cli: Cli, tmp_path: Path) -> None:
    director = cli.under("tournament")
    director.run("new", "Mêlée", "--format", "melee", "--rounds", "2", "--deals", "4",
                 "--seed", "3", "--bye-points", "500")
    names = ["Marie-Christine Dubois-Lefèvre", "Jean-Baptiste Fontaine", "Ana Martin",
             "Didier Garcia", "Nathalie Roux"]
    for name in names:
        director.run("player", "add", name)
    drawn = director.json("pair")
    director.run("result", "1", "820", "640")
    (out,) = drawn["sitting_out"]
    for kind in ("standings", "pairings"):
        page, style = _poster(director, tmp_path / f"{kind}.html", kind)
        assert "white-space: nowrap" in rules(style)["th, td"], kind  # shrunk, never cut
        assert min(every_size(style)) >= SMALLEST
        assert {row[0 if kind == "pairings" else 1] for row in page.rows[1:]} == set(names)
    line = next(row for row in page.rows if row[0] == out)
    assert line[1] == "bye"
    standings = Page((tmp_path / "standings.html").read_text(encoding="utf-8"))
    assert next(row for row in standings.rows if row[1] == out)[2] == "bye 500"


def _season(cli: Cli) -> None:
    """Three concours of four teams (Ana & Bob, Cyd & Dan, Éva & Fred, Gus & Hana), a season
    counting each player's best two."""
    pairs = ["Ana, Bob", "Cyd, Dan", "Éva, Fred", "Gus, Hana"]
    for number, scores in enumerate(([(600, 400), (500, 700)], [(300, 800), (650, 350)],
                                     [(900, 100), (450, 550)]), start=1):
        director = cli.under("tournament")
        director.run("new", f"Vendredi {number}", "--rounds", "1", "--deals", "4",
                     "--registration-order")
        order = pairs[number - 1:] + pairs[:number - 1]
        for index, players in enumerate(order):
            director.run("team", "add", f"Équipe {index + 1}", "--players", players)
        director.run("pair")
        for table, (one, two) in enumerate(scores, start=1):
            director.run("result", str(table), str(one), str(two))
    cli.run("season", "new", "Challenge 2026", "--best", "2", "--add-score")
    cli.run("season", "add", "Challenge 2026", "Vendredi 1", "Vendredi 2", "Vendredi 3")


def test_the_season_poster_shows_the_challenge_a_column_per_concours(cli: Cli, tmp_path: Path
                                                                    ) -> None:
    _season(cli)
    ran = cli.run("season", "poster", "challenge 2026", str(tmp_path / "challenge.html"))
    assert ran.stdout.strip() == f"wrote {tmp_path / 'challenge.html'}"
    html = (tmp_path / "challenge.html").read_text(encoding="utf-8")
    page = Page(html)
    assert page.rows[0] == ["Rank", "Player", "Points", "Played", "Counted", "1", "2", "3"]
    assert page.texts["h1"] == "Challenge 2026"
    assert page.texts["p.meta"].endswith("· Standings after 3 concours")
    rows = cli.json("season", "standings", "Challenge 2026")
    assert len(page.rows) == len(rows) + 1
    events = ["Vendredi 1", "Vendredi 2", "Vendredi 3"]
    for shown, classes, row in zip(page.rows[1:], page.classes[1:], rows, strict=True):
        assert shown[:5] == [str(row["rank"]), row["player"], str(row["points"]),
                             str(row["events"]), str(row["counted_events"])]
        results = {result["event"]: result for result in row["results"]}
        for event, cell, css in zip(events, shown[5:], classes[5:], strict=True):
            result = results.get(event)
            if result is None:
                assert cell == "–"
            elif result["counted"]:  # counted: in bold
                assert (cell, css) == (str(result["points"]), "num counted")
            else:  # not counted: in brackets
                assert (cell, css) == (f"({result['points']})", "num dropped")
        assert sum(r["points"] for r in row["results"] if r["counted"]) == row["points"]
    assert any("dropped" in css for classes in page.classes for css in classes)
    notes = re.findall(r'<p class="note">([^<]*)</p>', html)
    assert [note.split(",")[0] for note in notes[:3]] == [
        f"{n}: {event}" for n, event in enumerate(events, start=1)]
    assert notes[3] == "Only the 2 best concours count: in bold; the others in brackets."
    style = page.texts["style"]
    assert rules(style)["@page"].startswith(" size: A4") and min(every_size(style)) >= 14
    assert "td.counted { font-weight: bold; }" in style


def test_the_season_poster_in_french_and_on_a3(cli: Cli, tmp_path: Path) -> None:
    _season(cli)
    cli.run("--lang", "fr", "season", "poster", "Challenge 2026", str(tmp_path / "a3.html"),
            "--paper", "a3")
    html = (tmp_path / "a3.html").read_text(encoding="utf-8")
    page = Page(html)
    assert html.startswith('<!doctype html>\n<html lang="fr">')
    assert page.rows[0][:5] == ["Rang", "Joueur", "Points", "Joués", "Comptés"]
    assert page.texts["p.meta"].endswith("· Classement après 3 concours")
    assert "size: A3" in page.texts["style"]
    assert ("Seuls les 2 meilleurs concours comptent\u00a0: en gras\u00a0; les autres entre "
            "parenthèses.") in html


def test_a_season_with_no_concours_says_so(cli: Cli, tmp_path: Path) -> None:
    cli.run("season", "new", "Vide")
    cli.run("season", "poster", "Vide", str(tmp_path / "vide.html"))
    page = Page((tmp_path / "vide.html").read_text(encoding="utf-8"))
    assert page.texts["p.empty"] == "Nothing to show yet." and page.rows == []


def test_the_melee_round_sheet_shows_the_scores_after_penalties(cli: Cli, tmp_path: Path
                                                               ) -> None:
    from openpyxl import load_workbook  # the test reopens the export

    director = cli.under("tournament")
    director.run("new", "Mêlée", "--format", "melee", "--rounds", "2", "--deals", "4",
                 "--seed", "3")
    for name in ("Ana", "Bob", "Cyd", "Dan", "Éva", "Fred", "Gus", "Hana"):
        director.run("player", "add", name)
    first = director.json("pair")
    director.run("result", "1", "800", "700")
    director.run("result", "2", "600", "500")
    director.run("pair")
    second = director.json("show")
    director.run("result", "1", "800", "700")
    director.run("result", "2", "600", "500")
    # table 1: a renonce by its first pair, given to the second: 800 + 0 – 700 + 162, the
    # second pair wins; table 2: 50 deducted from its second pair, 600 – 450
    one, two = second["tables"]
    director.run("penalty", one["pairs"][0][0], "162", "--reason", "renonce")
    director.run("penalty", two["pairs"][1][1], "50", "--deduct", "--reason", "retard")
    path = tmp_path / "melee.xlsx"
    director.run("export", str(path))
    book = load_workbook(path, read_only=True)
    untouched = list(book["Round 1"].iter_rows(values_only=True))
    assert untouched[0] == ("table", "team 1", "team 2", "score 1", "score 2", "winner",
                            "forfeit", "scored")  # no penalty in partie 1: as before
    assert untouched[1][1:6] == (*first["tables"][0]["teams"], 800, 700,
                                 first["tables"][0]["teams"][0])
    sheet = list(book["Round 2"].iter_rows(values_only=True))
    assert sheet[0] == ("table", "team 1", "team 2", "score 1", "score 2",
                        "score 1 after penalties", "score 2 after penalties", "winner",
                        "forfeit", "scored")
    assert sheet[1][:8] == (1, *one["teams"], 800, 700, 800, 862, one["teams"][1])
    assert sheet[2][:8] == (2, *two["teams"], 600, 500, 600, 450, two["teams"][0])
    # as the standings count them: each player's points for in partie 2
    before = {row["name"]: row["points_for"] for row in director.json("standings", "-R", "1")}
    after = {row["name"]: row["points_for"] for row in director.json("standings")}
    for table, scores in ((one, (800, 862)), (two, (600, 450))):
        for pair, points in zip(table["pairs"], scores, strict=True):
            for player in pair:
                assert after[player] - before[player] == points, player
    cli.run("--lang", "fr", "tournament", "export", "--csv", str(tmp_path / "csv"))  # French
    header = (tmp_path / "csv" / "ronde-2.csv").read_text(encoding="utf-8-sig").splitlines()[0]
    assert "score 1 après pénalités" in header


def test_a_poster_refuses_a_paper_it_does_not_know(concours: Concours, cli: Cli,
                                                   tmp_path: Path) -> None:
    t = concours(4, pair=True)
    path = tmp_path / "p.html"
    line = t.refused("poster", "pairings", str(path), "--paper", "a5")
    assert line == "error: --paper: a poster prints on a4, a3, not “a5”"
    assert not path.exists()
    french = cli.run("--lang", "fr", "tournament", "poster", "pairings", str(path),
                     "--paper", "letter", code=2)
    assert french.stderr == ("erreur\u00a0: --paper\u00a0: une affiche s’imprime sur a4, a3, "
                             "pas sur «\u00a0letter\u00a0»\n")
    cli.run("season", "new", "Challenge")
    assert cli.refused("season", "poster", "Challenge", str(path), "--paper", "b4") == (
        "error: --paper: a poster prints on a4, a3, not “b4”")
    assert "is not an .html file" in cli.refused("season", "poster", "Challenge",
                                                 str(tmp_path / "p.pdf"))
    assert "no season called “Hiver”" in cli.refused("season", "poster", "Hiver", str(path))
    assert not path.exists()


# --- printed by Chromium -----------------------------------------------------------------------

def _printed(browser: Any, page_file: Path) -> tuple[int, dict[str, float]]:
    """A poster printed to PDF on the paper it sets: its page count, and the type of each
    text, in points (NFKC: ligatures as letters)."""
    from pypdf import PdfReader

    page = browser.new_page()
    try:
        page.goto(page_file.as_uri())
        page.emulate_media(media="print")
        pdf = page_file.with_suffix(".pdf")
        page.pdf(path=str(pdf), prefer_css_page_size=True)
    finally:
        page.close()
    reader = PdfReader(pdf)
    sizes: dict[str, float] = {}

    def seen(text: str, cm: list[float], tm: list[float], _font: Any, size: float) -> None:
        if text.strip():
            shown = unicodedata.normalize("NFKC", text.strip())
            sizes[shown] = min(sizes.get(shown, 999.0),
                               abs(size * tm[3] * cm[3]) or abs(size * tm[0] * cm[0]))

    for sheet in reader.pages:
        sheet.extract_text(visitor_text=seen)
    return len(reader.pages), sizes


def test_twelve_teams_print_on_one_page_with_names_at_24_pt(concours: Concours, tmp_path: Path,
                                                           browser: Any) -> None:
    t = _twelve(concours)
    winners = [row["team"] for row in t.json("prizes")["rows"]]
    assert len(winners) == 2
    for kind, paper in (("standings", "a4"), ("pairings", "a4"), ("prizes", "a4"),
                        ("pairings", "a3")):
        path = tmp_path / f"{kind}-{paper}.html"
        t.run("poster", kind, str(path), "--paper", paper)
        pages, sizes = _printed(browser, path)
        assert pages == 1, (kind, paper)
        names = winners if kind == "prizes" else TWELVE
        for name in names:  # each whole on one line, in large type
            assert sizes.get(name, 0) >= 24 - 0.01, (kind, paper, name, sizes)
        assert min(sizes.values()) >= SMALLEST - 0.01, (kind, paper, sizes)
