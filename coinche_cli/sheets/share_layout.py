"""A picture to share, laid out: what :mod:`coinche_cli.sheets.share_draw` draws, placed to
the pixel, and the same content as a short text for a message.  Pure: no Pillow here; a
text's width is asked of a :data:`Measure` (the drawing module's, from the very fonts it
draws with).

1. The picture is :data:`WIDTH` (1,080) pixels wide, the width a phone and a messaging app
   show without scaling, and as tall as its lines; past :data:`MAX_HEIGHT` (1,920: a phone's
   screen) it is split into several pictures, each under its own band (its title, the
   tournament's name and ``1/3``) and the columns' titles, a line never cut in two.
2. No text is below :data:`SMALLEST` (28 px): a picture shown at a third of its size in a
   conversation keeps every word legible.  Every size is one of :data:`SIZES`.
3. Each column is as wide as its widest cell (numbers are never cut); the name columns share
   what is left, and a name that does not fit is cut to its width, measured with the font,
   ending with ``…``.  A note wraps at its words.
4. A name is text, whatever it holds: markup is drawn as its characters; a control character
   (a line break, a tab) is drawn as a space, so a name is always one line.
5. Shades are grey levels (0: ink, 255: paper): the drawing gives them the picture's colours,
   and a picture of few colours is small to send.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Literal, NamedTuple

from coinche_cli.i18n import _

#: A text's width in pixels: ``measure(text, size, bold)``.
Measure = Callable[[str, int, bool], float]

#: The picture's width, and the height past which it is split, in pixels.
WIDTH = 1080
MAX_HEIGHT = 1920
#: The margin at the picture's sides and foot, and the space between two columns.
MARGIN = 48
GAP = 28
#: The sizes of type, in pixels (the font's em): the title, the line under it, the columns'
#: titles, a line of the table (and a section's title), a note, the game's totals.
TITLE = 60
SUBTITLE = 36
HEAD = 28
CELL = 32
NOTE = 30
TOTAL = 84
SIZES = (TITLE, SUBTITLE, HEAD, CELL, NOTE, TOTAL)
#: No text below this size (rule 2).
SMALLEST = 28
#: A line of the table, the columns' titles' line, a note's line, in pixels.
ROW = 46
HEAD_ROW = 48
NOTE_ROW = 42
#: The band at the top: its height (title and subtitle within it) and the space under it.
BAND = 186
BAND_GAP = 20
#: The foot of a picture split in several: its height (``2/3``).
FOOT = 48

#: Grey levels (rule 5).
INK, MUTED, SOFT, RULE, ZEBRA, PAPER = 0, 100, 170, 200, 238, 255

Anchor = Literal["lm", "rm", "mm", "la", "ra"]
Align = Literal["left", "right", "centre"]


class Text(NamedTuple):
    """A text drawn at ``(x, y)`` as ``anchor`` says (Pillow's anchors: ``l``/``r``/``m``
    across, ``m``: its middle, ``a``: its top, down), ``size`` pixels, bold or not."""

    x: int
    y: int
    text: str
    size: int
    bold: bool
    shade: int
    anchor: Anchor


class Box(NamedTuple):
    """A filled rectangle, its corners included."""

    x0: int
    y0: int
    x1: int
    y1: int
    shade: int


class Polyline(NamedTuple):
    """A line through ``points``, ``width`` pixels wide."""

    points: tuple[tuple[int, int], ...]
    shade: int
    width: int


Item = Text | Box | Polyline


class Page(NamedTuple):
    """One picture: its height and what is drawn on it, in order."""

    height: int
    items: tuple[Item, ...]

    def texts(self) -> list[str]:
        """Every text of the picture, in the order drawn."""
        return [item.text for item in self.items if isinstance(item, Text)]


class Column(NamedTuple):
    """A column of the table: its title, its alignment, whether it is a name's (it shares
    the room left and its cells are cut to fit), whether its cells are bold."""

    title: str
    align: Align
    flexible: bool = False
    bold: bool = False


class Row(NamedTuple):
    """A line of the table: its cells, and the same line in a message (``entry``);
    ``muted``: drawn grey (a team that left)."""

    cells: tuple[str, ...]
    entry: str
    muted: bool = False


class Section(NamedTuple):
    """A title between lines of the table (a bracket's round)."""

    text: str


class Note(NamedTuple):
    """A sentence under the table (a bye, a penalty), wrapped at its words."""

    text: str


Line = Row | Section | Note


class Sheet(NamedTuple):
    """What a picture shows: its title, the line under it (the tournament's name), the
    table's columns and its lines."""

    title: str
    subtitle: str
    columns: tuple[Column, ...]
    lines: tuple[Line, ...]


def clean(text: str) -> str:
    """``text`` on one line (rule 4): every control or line-separating character a space."""
    if text.isprintable():
        return text
    return "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in text)


def fit(text: str, width: float, size: int, bold: bool, measure: Measure) -> str:
    """``text`` cut to ``width`` pixels, ending with ``…`` when it had to be (rule 3)."""
    text = clean(text)
    if measure(text, size, bold) <= width:
        return text
    # where to cut, from the characters' widths added up (each measured once); then the cut
    # text measured whole, a character less until it fits (kerning may widen it a little)
    room, keep = width - measure("…", size, bold), 0
    for character in text:
        room -= _advance(character, size, bold, measure)
        if room < 0:
            break
        keep += 1
    while keep > 0 and measure(text[:keep].rstrip() + "…", size, bold) > width:
        keep -= 1
    return text[:keep].rstrip() + "…"


_ADVANCES: dict[tuple[str, int, bool], float] = {}


def _advance(character: str, size: int, bold: bool, measure: Measure) -> float:
    """A character's width, measured once per process (the fonts never change)."""
    key = (character, size, bold)
    found = _ADVANCES.get(key)
    if found is None:
        found = _ADVANCES[key] = measure(character, size, bold)
    return found


def wrap(text: str, width: float, size: int, measure: Measure) -> list[str]:
    """``text`` in lines of at most ``width`` pixels, broken at its spaces (a word wider than
    the line is cut)."""
    lines: list[str] = []
    for word in clean(text).split(" "):
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and measure(joined, size, False) <= width:
            lines[-1] = joined
        else:
            lines.append(fit(word, width, size, False, measure))
    return lines or [""]


#: Every figure as the figure 0: DejaVu Sans's figures are all one width (tabular), so a
#: number is as wide as its shape (``4 240`` as ``0 000``), measured once a column.
_SHAPE = str.maketrans("123456789", "000000000")


def _widths(sheet: Sheet, measure: Measure) -> list[float]:
    """Each column's width: its widest cell or title; the name columns share the rest."""
    columns = sheet.columns
    rows = [line for line in sheet.lines if isinstance(line, Row)]
    widths: list[float] = []
    for k, column in enumerate(columns):
        if column.flexible:
            widths.append(0.0)
            continue
        shapes = {clean(row.cells[k]).translate(_SHAPE) for row in rows}
        widths.append(max([measure(column.title, HEAD, False),
                           *(measure(shape, CELL, column.bold) for shape in shapes)]))
    flexible = sum(1 for c in columns if c.flexible)
    room = WIDTH - 2 * MARGIN - GAP * (len(columns) - 1) - sum(widths)
    share = max(room / flexible, 0.0) if flexible else 0.0
    return [share if c.flexible else w for c, w in zip(columns, widths, strict=True)]


def band(title: str, subtitle: str, measure: Measure) -> list[Item]:
    """The band at the top of a picture: its title, and the line under it."""
    inner = WIDTH - 2 * MARGIN
    return [Box(0, 0, WIDTH - 1, BAND - 1, INK),
            Text(MARGIN, 36, fit(title, inner, TITLE, True, measure), TITLE, True, PAPER, "la"),
            Text(MARGIN, 36 + TITLE + 22, fit(subtitle, inner, SUBTITLE, False, measure),
                 SUBTITLE, False, RULE, "la")]


def _height(line: Line, notes: dict[int, list[str]], index: int) -> int:
    if isinstance(line, Note):
        return NOTE_ROW * len(notes[index])
    return ROW


def pages(sheet: Sheet, measure: Measure) -> list[Page]:
    """``sheet`` laid out as one picture or several (rule 1)."""
    widths = _widths(sheet, measure)
    inner = WIDTH - 2 * MARGIN
    notes = {k: wrap(line.text, inner, NOTE, measure)
             for k, line in enumerate(sheet.lines) if isinstance(line, Note)}
    headed = any(column.title for column in sheet.columns)  # a round's columns need none
    top = BAND + BAND_GAP + (HEAD_ROW if headed else 0)
    room = MAX_HEIGHT - top - MARGIN - FOOT
    parts: list[list[int]] = [[]]
    used = 0
    for index, line in enumerate(sheet.lines):  # as many lines a picture as fit (rule 1)
        height = _height(line, notes, index)
        if parts[-1] and used + height > room:
            parts.append([])
            used = 0
        parts[-1].append(index)
        used += height
    drawn: list[Page] = []
    for number, part in enumerate(parts, start=1):
        subtitle = sheet.subtitle if len(parts) == 1 else _("{name} · {page}/{pages}").format(
            name=sheet.subtitle, page=number, pages=len(parts))
        items = band(sheet.title, subtitle, measure)
        y = BAND + BAND_GAP
        if headed:
            items += _cells([c.title for c in sheet.columns], sheet.columns, widths,
                            y + HEAD_ROW // 2, HEAD, MUTED, False, measure)
            items.append(Box(MARGIN, y + HEAD_ROW - 2, WIDTH - MARGIN - 1, y + HEAD_ROW - 1,
                             RULE))
            y += HEAD_ROW
        shaded = False
        for index in part:
            line = sheet.lines[index]
            if isinstance(line, Note):
                for text in notes[index]:
                    items.append(Text(MARGIN, y + NOTE_ROW // 2, text, NOTE, False, MUTED, "lm"))
                    y += NOTE_ROW
                continue
            if isinstance(line, Section):
                items.append(Text(MARGIN, y + ROW // 2 + 4, fit(line.text, inner, CELL, True,
                                                               measure),
                                  CELL, True, INK, "lm"))
                shaded = False
            else:
                if shaded:
                    items.append(Box(0, y, WIDTH - 1, y + ROW - 1, ZEBRA))
                shaded = not shaded
                items += _cells(list(line.cells), sheet.columns, widths, y + ROW // 2, CELL,
                                SOFT if line.muted else INK, None, measure)
            y += ROW
        if len(parts) > 1:
            items.append(Text(WIDTH - MARGIN, y + FOOT // 2, f"{number}/{len(parts)}", NOTE,
                              False, MUTED, "rm"))
            y += FOOT
        drawn.append(Page(y + MARGIN, tuple(items)))
    return drawn


def _cells(cells: Sequence[str], columns: Sequence[Column], widths: Sequence[float], y: int,
           size: int, shade: int, bold: bool | None, measure: Measure) -> list[Item]:
    """A line's cells, each in its column (``bold`` None: as its column says)."""
    items: list[Item] = []
    x = float(MARGIN)
    for cell, column, width in zip(cells, columns, widths, strict=True):
        heavy = column.bold if bold is None else bold
        text = fit(cell, width, size, heavy, measure) if column.flexible else clean(cell)
        if text:
            match column.align:
                case "left":
                    items.append(Text(round(x), y, text, size, heavy, shade, "lm"))
                case "right":
                    items.append(Text(round(x + width), y, text, size, heavy, shade, "rm"))
                case "centre":
                    items.append(Text(round(x + width / 2), y, text, size, heavy, shade, "mm"))
        x += width + GAP
    return items


def message(sheet: Sheet) -> str:
    """``sheet`` as a short text for a message: its title and name, then its lines' entries
    separated by `` · ``, a section (its entries after it) or a note starting a line of its
    own."""
    out = [_("{name}: {title}").format(name=clean(sheet.subtitle), title=sheet.title)]
    running: list[str] = []
    heading = ""

    def flush() -> None:
        if running:
            out.append(heading + " · ".join(running))
            running.clear()

    for line in sheet.lines:
        if isinstance(line, Row):
            running.append(clean(line.entry))
        elif isinstance(line, Section):
            flush()
            heading = _("{section}: ").format(section=clean(line.text))
        else:
            flush()
            heading = ""
            out.append(clean(line.text))
    flush()
    return "\n".join(out) + "\n"
