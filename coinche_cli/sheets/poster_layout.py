"""How big a poster's type is, and which way its paper turns: sized from the very text the page
shows, so that the field fills the page.

1. The paper is A4 (the default) or A3 (``--paper a3``), 12 mm margins all round, its size
   written in the page (``@page { size: A4 }``): a browser's "Print" takes it as it is.
2. The table's cells (names and numbers) are set in the largest type, by half points from
   :data:`LARGEST` down to :data:`SMALLEST` (14 pt), at which the title and every line of the
   table fit one page, and its widest line fits the width: twelve teams fill an A4 page
   (their names at 24 pt or more when the columns allow it).  The header row is set smaller
   (:data:`HEAD`), a table's number larger and bold (:data:`NUMBER`); nothing goes below
   14 pt.
3. When the lines cannot fit one page even at 14 pt (a large field), the type is 14 pt and the
   table runs over several pages, its header row repeated on each.
4. Portrait, unless landscape gives larger type (or only landscape is wide enough): the
   standings' column per round turn the paper; a short list stays upright.  A knock-out's
   bracket, its parties side by side, is always landscape.
5. Every cell on one line (``white-space: nowrap``): a mêlée player's name is never cut in
   two, the type shrinks instead.  When the widest line does not fit even at 14 pt, a pair
   of names (a mêlée's opponents) goes onto two lines, each name whole; only when that is
   still too wide do the cells wrap anywhere (``overflow-wrap: anywhere``): a very long name
   breaks rather than runs off the paper.
6. A text's width is reckoned from DejaVu Sans's advance widths (regular, or bold for the
   header and a table's number), the widest of the fonts the page asks for (Liberation Sans
   and Arial print narrower), kerning left out, and the page planned :data:`FILL` full: the
   estimate errs on the wide side, so a poster may come out a little smaller than it could,
   never wider than its paper.
"""

from __future__ import annotations

import functools
import math
import unicodedata
from collections.abc import Sequence
from typing import Literal, assert_never

from coinche_cli.errors import InputError
from coinche_cli.i18n import _
from coinche_cli.values import Value

#: The sizes of paper a poster prints on.
Paper = Literal["a4", "a3"]
PAPERS: tuple[Paper, ...] = ("a4", "a3")

#: The smallest type on paper, and the largest a cell is given, in points.
SMALLEST = 14.0
LARGEST = 48.0
#: The header row's type, and a table's number's, as a share of the cells' type.
HEAD = 0.7
NUMBER = 1.3
#: The title and the line under it: at least these sizes, else a share of the cells' type.
TITLE, TITLE_SHARE = 28.0, 1.2
META, META_SHARE = 18.0, 0.75
#: A note under the table (a legend): its share of the cells' type.
NOTE_SHARE = 0.6
#: A cell's line height and padding (top and bottom, left and right), in ems of its type.
LINE, PAD_HEIGHT, PAD_WIDTH = 1.15, 0.1, 0.25
#: The space below the title and below the line under it, a cell's border, in points.
TITLE_GAP, META_GAP, BORDER = 4.0, 12.0, 1.0
#: The space between the table and the notes under it, in points.
NOTES_GAP = 6.0
#: The page's margin, in millimetres; the share of the page a poster plans to fill (the
#: rest: what the estimate of rule 6 may miss).
MARGIN_MM = 12.0
FILL = 0.98
POINTS_PER_MM = 72 / 25.4

#: DejaVu Sans's advance widths, regular and bold, in thousandths of an em (rounded up), of
#: the printable ASCII characters from the space on (measured in Chromium), and of a few
#: others; a letter with an accent is its letter's width, any other character :data:`WIDE`.
_ASCII = (
    (318, 401, 460, 838, 637, 951, 780, 275, 391, 391, 500, 838, 318, 361, 318, 337, 637, 637,
     637, 637, 637, 637, 637, 637, 637, 637, 337, 337, 838, 838, 838, 531, 1000, 685, 687, 699,
     771, 632, 576, 775, 752, 295, 295, 656, 558, 863, 749, 788, 604, 788, 695, 635, 611, 732,
     685, 989, 686, 611, 686, 391, 337, 391, 838, 500, 500, 613, 635, 550, 635, 616, 353, 635,
     634, 278, 278, 580, 278, 975, 634, 612, 635, 635, 412, 521, 393, 634, 592, 818, 592, 592,
     525, 637, 337, 637, 838),
    (349, 457, 521, 838, 696, 1002, 873, 307, 458, 458, 523, 838, 380, 416, 380, 366, 696, 696,
     696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 581, 1000, 774, 763, 734,
     831, 684, 684, 821, 837, 373, 373, 775, 638, 996, 837, 851, 733, 851, 771, 721, 683, 813,
     774, 1104, 771, 725, 726, 458, 366, 458, 838, 500, 500, 675, 716, 593, 716, 679, 436, 716,
     712, 343, 343, 666, 343, 1042, 712, 688, 716, 716, 494, 596, 479, 712, 652, 924, 646, 652,
     583, 712, 366, 712, 838))
_OTHERS = (
    {"–": 500, "—": 1000, "·": 318, "€": 637, "±": 838, "œ": 1023, "Œ": 1070, "æ": 982,
     "Æ": 975, "ß": 630, "’": 318, "«": 612, "»": 612, "\u00a0": 318, "\u202f": 318},
    {"–": 500, "—": 1000, "·": 380, "€": 696, "±": 838, "œ": 1095, "Œ": 1167, "æ": 1048,
     "Æ": 1085, "ß": 720, "’": 380, "«": 646, "»": 646, "\u00a0": 349, "\u202f": 349})
#: A character the tables do not hold (another script, a symbol), in thousandths of an em.
WIDE = 1100

#: What a cell is, for its type: a header, a plain cell, a table's number (large, bold).
CellKind = Literal["head", "cell", "number"]


@functools.lru_cache(maxsize=4096)  # a field's numbers and words come again and again
def text_width(text: str, bold: bool = False) -> float:
    """``text``'s width in ems of its type (rule 6)."""
    ascii_widths, others = _ASCII[bold], _OTHERS[bold]
    width = 0
    for char in unicodedata.normalize("NFD", text):
        code = ord(char)
        if 32 <= code < 127:
            width += ascii_widths[code - 32]
        elif not unicodedata.combining(char):  # an accent: its letter's width
            width += others.get(char, WIDE)
    return width / 1000


def paper(text: str) -> Paper:
    """The paper ``--paper`` names (``a4``, ``A3``: case aside)."""
    for known in PAPERS:
        if text.strip().lower() == known:
            return known
    raise InputError("--paper", _("a poster prints on {known}, not “{got}”"),
                     known=", ".join(PAPERS), got=text)


def paper_size(paper: Paper) -> tuple[float, float]:
    """``paper``'s width and height, portrait, in millimetres."""
    match paper:
        case "a4":
            return 210.0, 297.0
        case "a3":
            return 297.0, 420.0
        case other:
            assert_never(other)


class Table(Value):
    """What a poster shows, as its layout reads it: each column's widest text (in ems) for
    each kind of cell, every cell on one line (``columns``), and with a pair's two names
    (a mêlée's opponents) on two lines (``narrow``: each such cell its wider name); its rows'
    kinds (a row holding a table's number is taller), which of them hold such a pair
    (``pairs``) and how many lines each has at least (``lines``: a cell broken by the page
    itself); its notes' widths in ems."""

    __slots__ = ("columns", "lines", "narrow", "notes", "pairs", "rows")

    def __init__(self, columns: Sequence[dict[CellKind, float]],
                 rows: Sequence[CellKind], notes: Sequence[float] = (),
                 narrow: Sequence[dict[CellKind, float]] | None = None,
                 pairs: Sequence[bool] = (), lines: Sequence[int] = ()) -> None:
        self.columns = tuple(columns)
        self.rows = tuple(rows)
        self.notes = tuple(notes)
        self.narrow = self.columns if narrow is None else tuple(narrow)
        self.pairs = tuple(pairs) or (False,) * len(self.rows)
        self.lines = tuple(lines) or (1,) * len(self.rows)


#: How a poster's cells may break: each on one line; only a pair's two names onto two lines
#: (a mêlée's opponents), each name whole; anywhere (a name too long even at 14 pt).
Wrap = Literal["line", "names", "anywhere"]
#: Best first (rule 5).
WRAPS: tuple[Wrap, ...] = ("line", "names", "anywhere")


def sizes(cell: float) -> dict[str, float]:
    """The type of each part of a poster whose cells are ``cell`` points, in points: the
    cells, the header row, a table's number, the title, the line under it, a note."""
    return {"cell": cell, "head": max(SMALLEST, _half(cell * HEAD)),
            "number": _half(cell * NUMBER), "title": max(TITLE, _half(cell * TITLE_SHARE)),
            "meta": max(META, _half(cell * META_SHARE)),
            "note": max(SMALLEST, _half(cell * NOTE_SHARE))}


def _half(points: float) -> float:
    """``points`` rounded down to a half point."""
    return math.floor(points * 2) / 2


def _type_of(kind: CellKind, size: dict[str, float]) -> float:
    match kind:
        case "head":
            return size["head"]
        case "cell":
            return size["cell"]
        case "number":
            return size["number"]
        case other:
            assert_never(other)


def table_width(columns: Sequence[dict[CellKind, float]], cell: float) -> float:
    """The width in points of a table of ``columns`` (:class:`Table`'s ``columns`` or
    ``narrow``) with cells of ``cell`` points."""
    size = sizes(cell)
    width = BORDER
    for column in columns:
        width += max((ems + 2 * PAD_WIDTH) * _type_of(kind, size)
                     for kind, ems in column.items()) + BORDER
    return width


def page_height(table: Table, cell: float, width: float, wrap: Wrap = "line") -> float:
    """The height in points of the title, the table and its notes with cells of ``cell``
    points, on a page ``width`` points wide; a pair's names on two lines unless ``wrap`` is
    ``line``."""
    size = sizes(cell)
    height = (LINE * size["title"] + TITLE_GAP + LINE * size["meta"] + META_GAP + BORDER)
    for kind, pair, least in zip(table.rows, table.pairs, table.lines, strict=True):
        lines = max(least, 2 if pair and wrap != "line" else 1)
        height += (lines * LINE + 2 * PAD_HEIGHT) * _type_of(kind, size) + BORDER
    if table.notes:
        height += NOTES_GAP
    for ems in table.notes:
        lines = max(1, math.ceil(ems * size["note"] / width))
        height += lines * LINE * size["note"]
    return height


class Layout(Value):
    """A poster's page: its paper and orientation, its cells' type in points, how its cells
    may break (:data:`Wrap`), and whether it all fits one page."""

    __slots__ = ("cell", "landscape", "one_page", "paper", "wrap")

    def __init__(self, paper: Paper, landscape: bool, cell: float, wrap: Wrap,
                 one_page: bool) -> None:
        self.paper = paper
        self.landscape = landscape
        self.cell = cell
        self.wrap = wrap
        self.one_page = one_page

    def page_size(self) -> str:
        """CSS's ``size`` of the page: ``A4``, ``A3 landscape``."""
        return self.paper.upper() + (" landscape" if self.landscape else "")

    def sizes(self) -> dict[str, float]:
        """The type of each part of the page (:func:`sizes`)."""
        return sizes(self.cell)

    def rank(self) -> tuple[bool, int, float]:
        """How good the page is (rule 4's comparison): one page, then cells whole, then
        the larger type."""
        return self.one_page, -WRAPS.index(self.wrap), self.cell


def _candidates() -> list[float]:
    """The cells' type tried, largest first, by half points."""
    steps = int((LARGEST - SMALLEST) * 2)
    return [LARGEST - step / 2 for step in range(steps + 1)]


def _fit(table: Table, paper: Paper, landscape: bool) -> Layout:
    """The largest type at which ``table`` fits one page of ``paper`` turned so, its cells
    whole if they can be (rules 2, 3 and 5)."""
    short, long = paper_size(paper)
    across, down = (long, short) if landscape else (short, long)
    width = (across - 2 * MARGIN_MM) * POINTS_PER_MM * FILL
    height = (down - 2 * MARGIN_MM) * POINTS_PER_MM * FILL
    ways: list[tuple[Wrap, Sequence[dict[CellKind, float]]]] = [("line", table.columns)]
    if table.narrow != table.columns:
        ways.append(("names", table.narrow))
    for wrap, columns in ways:
        for cell in _candidates():
            if (table_width(columns, cell) <= width
                    and page_height(table, cell, width, wrap) <= height):
                return Layout(paper, landscape, cell, wrap, one_page=True)
    for wrap, columns in ways:  # over several pages, at the smallest type
        if table_width(columns, SMALLEST) <= width:
            return Layout(paper, landscape, SMALLEST, wrap, one_page=False)
    return Layout(paper, landscape, SMALLEST, "anywhere", one_page=False)


def layout(table: Table, paper: Paper, landscape: bool | None = None) -> Layout:
    """``table``'s page on ``paper``: portrait unless landscape sets larger type, or only
    landscape is wide enough (rule 4); turned as ``landscape`` says when it is given (a
    bracket)."""
    if landscape is not None:
        return _fit(table, paper, landscape)
    upright, turned = _fit(table, paper, False), _fit(table, paper, True)
    return turned if turned.rank() > upright.rank() else upright
