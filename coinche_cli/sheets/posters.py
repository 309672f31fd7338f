"""Posters for the wall: the standings, a round's pairings, the prize list, a knock-out's
bracket or a season's challenge as one self-contained HTML page, made to be printed on A4
(or A3) from any browser.

A page holds everything it needs (its style inline: no font, image or script from anywhere,
so it prints in a hall without internet); its paper is set in it (``@page { size: A4 }``);
its type is sized to the field by :mod:`coinche_cli.sheets.poster_layout`, from the very text
the page shows (the page is drawn once to be measured, then again with its style): twelve
teams fill a page, nothing is below 14 pt, every cell stays on one line, the paper turns
landscape where the columns need it (the standings' column per round; a bracket always).
Its header row is repeated on every page and a page break never cuts a line.
The pages are Jinja2 templates (``sheets/templates``: ``poster.html`` and a page per kind,
the style in ``poster.css``), escaped by Jinja2's autoescape: a page shows names as typed,
never as markup.  The data is :mod:`coinche_cli.tournament.poster_views`'s (and the season's,
:func:`coinche_cli.season.views.season_poster`); ``tournament poster`` and ``season poster``
write the page, and the live page serves the tournament's under ``/print/…`` (on A4).
"""

from __future__ import annotations

import base64
import functools
import hashlib
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any, assert_never

from coinche_cli.i18n import _, ngettext, spoken
from coinche_cli.sheets.poster_layout import CellKind, Layout, Paper, Table, layout, text_width
from coinche_cli.sheets.writing import write_text
from coinche_cli.tournament.model import round_title
from coinche_cli.values import Value

if TYPE_CHECKING:
    import jinja2

    from coinche_cli.season.views import SeasonPoster
    from coinche_cli.tournament.export_views import ExportMatch
    from coinche_cli.tournament.poster_views import BracketPoster, PosterData

    #: Whatever a poster may show: a tournament's, or a season's challenge.
    Printable = PosterData | SeasonPoster

    from typing import TypedDict

    class BracketCell(TypedDict):
        """One side of a match on the bracket poster (bracket.html)."""

        match: str
        kind: str  # "team", "bye", "void" (nobody plays) or "open" (not known yet)
        name: str | None
        seed: int | None
        score: int | None
        won: bool

    class BracketRow(TypedDict):
        """A row of the bracket poster: a section's title, or a cell per column."""

        title: str | None
        cells: list[BracketCell | None]

    class BracketPage(TypedDict, total=False):
        """What bracket.html draws beside the poster's data (nothing for other posters)."""

        headers: list[str]
        rows: list[BracketRow]


class Poster(Value):
    """A poster's page: its HTML, and its style (the live page allows that style alone)."""

    __slots__ = ("html", "style")

    def __init__(self, html: str, style: str) -> None:
        self.html = html
        self.style = style

    def style_source(self) -> str:
        """The Content-Security-Policy source that allows the page's style and nothing
        else."""
        digest = hashlib.sha256(self.style.encode("utf-8")).digest()
        return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def _date(iso: str) -> str:
    """The tournament's date as the language in force writes it (``12 May 2025``)."""
    if not iso:
        return ""
    try:
        import datetime

        from babel.dates import format_date

        return str(format_date(datetime.date.fromisoformat(iso), format="long",
                               locale=spoken()))
    except Exception:  # a language Babel does not know, a date it cannot read: as stored
        return iso


def _sentence(message: str, **values: Any) -> str:
    """A sentence of a poster in the language in force, its placeholders filled (the
    templates mark it as the code does: ``_("R{round}", round=2)``; Jinja2 then escapes the
    whole of it)."""
    return _(message).format(**values) if values else _(message)


def _plural(singular: str, plural: str, number: int, **values: Any) -> str:
    """A sentence of a poster with a number, in the form the language in force gives it
    (the templates mark it as the code does: ``ngettext("…", "…", n, count=n)``)."""
    return ngettext(singular, plural, number).format(**values)


def _shown(value: Any) -> Any:
    """What a template prints of ``value``: nothing for None (an empty cell)."""
    return "" if value is None else value


@functools.cache
def environment() -> jinja2.Environment:
    """The posters' templates, read once per process (the live page renders a poster at
    every change of the tournament)."""
    import jinja2  # here: a poster is never on a table command's path

    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("coinche_cli.sheets", "templates"),
        autoescape=jinja2.select_autoescape(("html",)), trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True, undefined=jinja2.StrictUndefined, finalize=_shown)
    environment.globals["_"] = _sentence
    environment.globals["ngettext"] = _plural
    environment.globals["round_title"] = round_title  # "Round 2"; "2e partie"
    environment.filters["long_date"] = _date
    return environment


class _Measure(HTMLParser):
    """A drawn page read back as its layout needs it (:class:`~poster_layout.Table`): each
    column's widest text by kind of cell, whole and with a pair's names apart (a ``td`` of
    class ``pair``, each name a ``span`` of class ``name``), each row's kind and whether it
    holds such a pair, how many lines its tallest cell has (a ``br`` in a cell: a tie's mark
    under the prize), the notes under the table."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.columns: list[dict[CellKind, float]] = []
        self.narrow: list[dict[CellKind, float]] = []
        self.rows: list[CellKind] = []
        self.pairs: list[bool] = []
        self.lines: list[int] = []
        self.notes: list[float] = []
        self._cell: tuple[CellKind, bool, bool] | None = None  # being read: kind, bold, pair
        self._text = ""
        self._names: list[str] = []  # the pair's names read so far
        self._in_name = False
        self._column = 0
        self._note = False
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "tr":
            self.rows.append("cell")
            self.pairs.append(False)
            self.lines.append(1)
            self._column = 0
        elif tag in ("th", "td"):
            kind: CellKind = ("head" if tag == "th" else
                              "number" if "table-no" in classes else "cell")
            self._cell = (kind, kind != "cell" or "counted" in classes, "pair" in classes)
            self._text, self._names = "", []
            if kind == "number" or self.rows[-1] == "cell":
                self.rows[-1] = kind  # the header row; a table's number makes its row taller
        elif tag == "br" and self._cell is not None:
            self._text += "\n"
        elif tag == "span" and self._cell is not None and "name" in classes:
            self._names.append("")
            self._in_name = True
        elif tag == "p" and "note" in classes:
            self._note, self._text = True, ""

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td") and self._cell is not None:
            kind, bold, pair = self._cell
            broken = self._text.strip().split("\n")  # a line break in the cell: its lines
            whole = max(text_width(line.strip(), bold) for line in broken)
            self.lines[-1] = max(self.lines[-1], len(broken))
            narrow = max((text_width(n.strip(), bold) for n in self._names), default=whole)
            for widths, ems in ((self.columns, whole), (self.narrow, narrow if pair else whole)):
                while len(widths) <= self._column:
                    widths.append({})
                widths[self._column][kind] = max(widths[self._column].get(kind, 0.0), ems)
            self.pairs[-1] = self.pairs[-1] or (pair and len(self._names) > 1)
            self._column += 1
            self._cell = None
        elif tag == "span":
            self._in_name = False
        elif tag == "p" and self._note:
            self.notes.append(text_width(self._text.strip()))
            self._note = False

    def handle_data(self, data: str) -> None:
        if self._cell is not None or self._note:
            self._text += data
        if self._in_name:
            self._names[-1] += data

    def table(self) -> Table:
        """What was read."""
        return Table(self.columns, self.rows, self.notes, self.narrow, self.pairs, self.lines)


def _style(page: Layout, bracket: bool = False) -> str:
    """``page``'s style, as poster.css writes it (``bracket``: with a bracket's rules)."""
    from coinche_cli.sheets import poster_layout as rule  # one number for the page and its plan

    return environment().get_template("poster.css").render(
        page=page.page_size(), wrap=page.wrap, bracket=bracket, margin=f"{rule.MARGIN_MM:g}",
        line=f"{rule.LINE:g}", pad_height=f"{rule.PAD_HEIGHT:g}",
        pad_width=f"{rule.PAD_WIDTH:g}", title_gap=f"{rule.TITLE_GAP:g}",
        meta_gap=f"{rule.META_GAP:g}", notes_gap=f"{rule.NOTES_GAP:g}",
        border=f"{rule.BORDER:g}",
        **{part: f"{size:g}" for part, size in page.sizes().items()})


def render(data: Printable, paper: Paper = "a4") -> Poster:
    """The poster of ``data`` (its ``kind``: standings, pairings, prizes, a bracket or a
    season's challenge), in the language in force, on ``paper``."""
    from markupsafe import Markup  # Jinja2's own escaping

    drawn: BracketPage = {}
    landscape: bool | None = None  # the way that gives the larger type
    match data["kind"]:
        case "standings":
            name = "standings.html"
        case "pairings":
            name = "pairings.html"
        case "prizes":
            name = "prizes.html"
        case "season":
            name = "season.html"
        case "bracket":
            name, drawn, landscape = "bracket.html", _bracket_page(data), True
        case other:
            assert_never(other)
    template = environment().get_template(name)
    lang = spoken().replace("_", "-")
    # drawn once without a style, to be measured; then with the style sized to it
    measured = _Measure(template.render(**data, **drawn, lang=lang, style=""))
    style = _style(layout(measured.table(), paper, landscape), bracket=data["kind"] == "bracket")
    html = template.render(
        **data, **drawn, lang=lang,
        style=Markup(style))  # the page's own style, as poster.css gives it: no user's text
    return Poster(html, style)


def _bracket_page(data: BracketPoster) -> BracketPage:
    """A bracket's page as bracket.html draws it: the columns' words, and its rows (a
    section's title, or two cells per column: a match's number or table, and one side)."""
    from coinche_cli.sheets.bracket_grid import grid, lines

    drawn = grid(data["rounds"])
    rows: list[BracketRow] = []
    for line in lines(drawn, 2):  # a match: its two sides, a line each
        if line[0] == "title":
            rows.append({"title": line[1], "cells": []})
            continue
        rows.append({"title": None, "cells": [
            None if cell is None else _bracket_cell(*cell) for cell in line[1]]})
    return {"headers": drawn.headers, "rows": rows}


def _bracket_cell(match: ExportMatch, side: int) -> BracketCell:
    """One side of a match: beside it the match's number (its first side) or its table (its
    second); the side a team (seed, name, score, whether it won), a bye, nobody (a match
    nobody plays) or a box to fill (not known yet)."""
    team = match["teams"][side]
    if side == 0:
        beside = match["match"]
    else:
        beside = ("" if match["table"] is None
                  else _("table {table}").format(table=match["table"]))
    kind = ("team" if team is not None else
            ("bye" if match["bye"] else "void") if match["absent"][side] else "open")
    scores = match["scores"]
    return {"match": beside, "kind": kind, "name": team, "seed": match["seeds"][side],
            "score": None if scores is None else scores[side],
            "won": team is not None and team == match["winner"]}


def write_poster(path: Path, data: Printable, paper: Paper = "a4") -> None:
    """Write ``data``'s poster on ``paper`` to ``path`` (atomically)."""
    write_text(path, render(data, paper).html)
