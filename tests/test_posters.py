"""The posters for the wall (``tournament poster``, the live page's ``/print/…``), in process:
what each page shows, read back from its HTML as a browser parses it — the names as typed
(markup, template syntax and quotes shown, never obeyed), the words of the language in force,
a mêlée's partners and who sits out, the page with nothing to show — and its style, which the
live page allows by its hash alone.  (Printed to PDF by Chromium, sizes and pages:
``tests/test_desk_e2e.py``; served by the live page: ``tests/test_desk.py``.)
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from coinche_cli.errors import TournamentError
from coinche_cli.i18n import speaking
from coinche_cli.sheets.posters import render
from coinche_cli.store.connect import open_store
from coinche_cli.store.sql import SqlStore
from coinche_cli.tournament import poster_data
from coinche_cli.web.printing import policy
from tests.conftest import Concours
from tests.harness import Cli

if TYPE_CHECKING:
    from coinche_cli.tournament.poster_views import PosterData

#: Names a director may type: markup, an entity, quotes, Jinja2's own syntax.
TEAMS = ["Les As", "<b>Les Rois</b>", "L'Annonce & \"Cie\"", "{{ 7*7 }}"]
#: Every element and attribute a poster holds: nothing else (no script, no link, no image).
ELEMENTS = {"html", "head", "meta", "title", "style", "body", "header", "h1", "p", "table",
            "thead", "tbody", "tr", "th", "td", "span"}
ATTRIBUTES = {"lang", "charset", "class"}


class Page(HTMLParser):
    """A poster read back as a browser parses it: its elements and attributes, its style,
    title and header, its table's rows (each cell's text, and its class)."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: set[str] = set()
        self.attributes: set[str] = set()
        self.texts: dict[str, str] = {}  # style, title, h1, p.meta, p.empty: their text
        self.rows: list[list[str]] = []
        self.classes: list[list[str]] = []
        self._in: str | None = None
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.add(tag)
        self.attributes.update(name for name, _value in attrs)
        if tag == "span":  # a name inside its cell: the cell's text
            return
        if tag == "tr":
            self.rows.append([])
            self.classes.append([])
        if tag in ("th", "td"):
            self.rows[-1].append("")
            self.classes[-1].append(dict(attrs).get("class") or "")
        css = dict(attrs).get("class")
        self._in = f"{tag}.{css}" if css and tag == "p" else tag  # p.meta, p.empty

    def handle_endtag(self, tag: str) -> None:
        if tag != "span":
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in in ("th", "td"):
            self.rows[-1][-1] += data
        elif self._in is not None:
            self.texts[self._in] = self.texts.get(self._in, "") + data


@contextmanager
def _store(cli: Cli) -> Iterator[SqlStore]:
    store = open_store(str(cli.db))
    try:
        yield store
    finally:
        store.close()


def _poster(cli: Cli, kind: str, language: str = "en") -> tuple[PosterData, Page, str]:
    """Poster ``kind`` of the current tournament as the command writes it (its date set:
    the tournament's is today's), read back; and its page."""
    with _store(cli) as store, speaking(language):  # as the command and the live page do
        data = poster_data.poster(store, None, kind)  # (the amounts in words: the language's)
        data["date"] = "2025-05-12"
        html = render(data).html
    return data, Page(html), html


def _played(concours: Concours) -> Cli:
    """Two rounds of :data:`TEAMS`, all played; a prize list with a pot of the fees."""
    t = concours(TEAMS, "--fee", "10", rounds=2, pair=True)
    for team in TEAMS:
        t.run("checkin", team, "--paid", "10")
    t.run("prizes", "add", "1", "Un jambon")
    t.run("prizes", "add", "2", "<i>Deux</i> bouteilles")
    t.run("prizes", "pot", "--percent", "60,40")
    t.run("result", "1", "700", "300")
    t.run("result", "2", "650", "350")
    t.run("pair")
    t.run("result", "1", "500", "500")
    t.run("result", "2", "300", "700")
    return t


def test_the_three_posters_show_every_name_as_typed(concours: Concours, cli: Cli) -> None:
    _played(concours)
    as_, rois, annonce, seven = TEAMS
    _data, standings, html = _poster(cli, "standings")
    assert standings.rows == [
        ["Rank", "Team", "R1", "R2", "Wins", "Points", "Difference"],
        ["1", as_, "700", "500", "1", "1200", "400"],
        ["2", annonce, "650", "500", "1", "1150", "300"],
        ["3", rois, "300", "700", "1", "1000", "0"],
        ["4", seven, "350", "300", "0", "650", "-700"]]
    assert standings.classes[1] == ["num", "", "num", "num", "num", "num", "num"]
    assert standings.texts["title"] == "Concours · Standings after round 2"
    assert standings.texts["p.meta"] == "May 12, 2025 · Standings after round 2"
    # escaped as before the templates (the quotes as Jinja2 writes them)
    assert "<td>&lt;b&gt;Les Rois&lt;/b&gt;</td>" in html
    assert "<td>L&#39;Annonce &amp; &#34;Cie&#34;</td>" in html
    _data, pairings, _html = _poster(cli, "pairings")
    assert pairings.rows == [["Team", "Table", "Opponents"], [rois, "2", seven],
                             [annonce, "1", as_], [as_, "1", annonce], [seven, "2", rois]]
    assert pairings.classes[1] == ["", "table-no", ""]
    assert pairings.texts["h1"] == "Concours"
    assert pairings.texts["p.meta"] == "May 12, 2025 · Round 2"
    _data, prizes, _html = _poster(cli, "prizes")
    assert prizes.rows == [["Rank", "Team", "Prize", "Amount"],
                           ["1", as_, "Un jambon", "€24.00"],
                           ["2", annonce, "<i>Deux</i> bouteilles", "€16.00"]]
    assert prizes.texts["p.meta"] == "May 12, 2025 · Prizes"
    for page in (standings, pairings, prizes):  # Jinja2's syntax in a name: text, never run
        assert page.elements <= ELEMENTS and page.attributes <= ATTRIBUTES


def test_a_poster_speaks_the_language_in_force(concours: Concours, cli: Cli) -> None:
    _played(concours)
    _data, standings, html = _poster(cli, "standings", "fr")
    assert html.startswith('<!doctype html>\n<html lang="fr">\n')
    assert standings.rows[0] == ["Rang", "Équipe", "P1", "P2", "Victoires", "Points",
                                 "Différence"]
    _data, pairings, _html = _poster(cli, "pairings", "fr")
    assert pairings.texts["p.meta"] == "12 mai 2025 · Ronde 2 (2e partie)"
    assert pairings.rows[0] == ["Équipe", "Table", "Adversaires"]
    _data, prizes, _html = _poster(cli, "prizes", "fr")
    assert prizes.rows[1] == ["1", "Les As", "Un jambon", "24,00\u00a0€"]


def test_a_melees_pairings_name_each_partner_and_who_sits_out(cli: Cli) -> None:
    director = cli.under("tournament")
    director.run("new", "Mêlée", "--format", "melee", "--rounds", "2", "--deals", "4",
                 "--seed", "3")
    for name in ("Gus", "Émile", "Bob", "Fred", "Ana"):
        director.run("player", "add", name)
    drawn = director.json("pair")
    (table,) = drawn["tables"]
    (out,) = drawn["sitting_out"]
    _data, page, _html = _poster(cli, "pairings")
    assert page.rows[0] == ["Player", "Table", "Partner", "Opponents"]
    expected = [[out, "bye", "", ""]]
    for mine, theirs in ((0, 1), (1, 0)):
        for one, other in ((0, 1), (1, 0)):
            expected.append([table["pairs"][mine][one], "1", table["pairs"][mine][other],
                             table["teams"][theirs]])
    assert sorted(page.rows[1:]) == sorted(expected)
    # alphabetical as a club reads it: Émile before Fred
    assert [row[0] for row in page.rows[1:]] == ["Ana", "Bob", "Émile", "Fred", "Gus"]


def test_a_poster_with_nothing_to_show_says_so(concours: Concours, cli: Cli) -> None:
    concours([], rounds=2)
    _data, page, html = _poster(cli, "standings")
    assert page.rows == [] and "table" not in page.elements
    assert page.texts["p.meta"] == "May 12, 2025 · Standings"
    assert page.texts["p.empty"] == "Nothing to show yet."
    assert '<p class="empty">Nothing to show yet.</p>' in html
    with (_store(cli) as store,  # no round paired: no pairings to draw
          pytest.raises(TournamentError, match="no round has been paired yet")):
        poster_data.poster(store, None, "pairings")


@pytest.mark.parametrize("kind", ["standings", "pairings", "prizes"])
def test_the_live_page_allows_the_posters_style_by_its_hash(concours: Concours, cli: Cli,
                                                           kind: str) -> None:
    _played(concours)
    with _store(cli) as store:
        data = poster_data.poster(store, None, kind)
    poster = render(data)
    style = Page(poster.html).texts["style"]
    assert style == poster.style  # the page holds the style it is allowed by
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    assert f"style-src 'sha256-{digest}';" in policy(poster)
    assert style.startswith("@page { size: A4")  # the paper set (sized: test_posters_wall)
    assert 'font-family: "DejaVu Sans"' in style


def test_hostile_names_stay_in_their_cells(concours: Concours, cli: Cli, tmp_path: Path
                                           ) -> None:
    names = ["</style><script>alert(1)</script>", "{% raw %}", "<!-- x", "{# c", "]]>&amp;"]
    t = concours(names, rounds=1, pair=True)
    for kind in ("standings", "pairings"):
        path = tmp_path / f"{kind}.html"
        t.run("poster", kind, str(path))  # as the command writes it
        page = Page(path.read_text(encoding="utf-8"))
        assert page.elements <= ELEMENTS and page.attributes <= ATTRIBUTES
        shown = [row[1 if kind == "standings" else 0] for row in page.rows[1:]]
        assert sorted(shown) == sorted(names)
        assert page.texts["style"].startswith("@page { size: A4")
