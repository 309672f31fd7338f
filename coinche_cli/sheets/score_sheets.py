"""Paper score sheets: one print-ready worksheet per table of a round ("Table 1"…), laid out
with xlsxwriter cell by cell, each with the QR code of its table's entry page made by segno.

Both libraries are used through their public API alone.  A round of 500 tables (1,000 teams,
the room's budget) takes about 1.6 s through the command, half of it the QR codes
(bench/sheets.py).  They are made with a fixed data mask (:data:`QR_MASK`): with segno's
search for the best of the eight masks a code took ~2.3 ms, with its mask given it takes
~0.55 ms, and its PNG ~0.55 ms.

xlsxwriter and segno are imported only inside the functions that write.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coinche_cli.errors import CoincheError
from coinche_cli.i18n import _, ngettext
from coinche_cli.sheets.writing import (
    DIGIT_PIXELS,
    Book,
    print_setup,
    set_widths,
    write_book,
)
from coinche_cli.tournament.model import round_title

if TYPE_CHECKING:
    import segno
    from xlsxwriter.format import Format
    from xlsxwriter.worksheet import Worksheet

    from coinche_cli.tournament.views import SheetTable

#: Empty deal rows when a match is played to a target, not a number of deals.
TARGET_ROWS = 20
#: Numbered lines after a fixed number of deals, for the deals everybody passed (they do not
#: count as one of the match's deals, so a match may need a few more lines).
EXTRA_ROWS = 4
#: The QR codes' data mask, the same for every code: any of the eight makes a code every
#: reader reads, and segno's search for the best one (its ``mask=None``) takes three
#: quarters of a code's time.  7 is the mask segno picks most often for a table's address.
QR_MASK = 7
#: The QR codes' error correction: M (15 % of the code may be lost, a crease or a stain),
#: boosted by segno when the same size allows better.
QR_ERROR = "m"


class NothingToPrint(CoincheError):
    """Score sheets asked for a round without tables."""

    exit_code = 2


_SHEET_WIDTHS = (8, 13, 13, 13, 13, 13, 13, 13)  # deal, dealer, taker, contract, 4 × points
_LAST_COLUMN = len(_SHEET_WIDTHS) - 1
#: Rows and columns below are 0-based, as xlsxwriter counts them: row 7 is the sheet's row 8.
_GRID_FIRST_ROW = 7
_FONT_SIZE = 12
#: The QR code of a table's entry page: in the top right corner (its first column; the lines
#: beside it stop before), at most this many pixels wide, the rows beside it as high (pixels).
_QR_COLUMN = 6
_QR_PIXELS = 120
_QR_BORDER = 2
_HEADING_ROWS = (32, 28, 24)  # tournament, round and table, match format
#: Signature boxes: (first, last) column of each team's box, a gap column between them.
_BOXES = ((1, 3), (5, 7))
_BOX_ROWS = 3
#: xlsxwriter's border styles.
_THIN, _MEDIUM = 1, 2
_BOX = {"left": _THIN, "right": _THIN, "top": _THIN, "bottom": _THIN}
_CENTRED = {"align": "center", "valign": "vcenter", "text_wrap": True}
_BODY = {"font_size": _FONT_SIZE}
_BOLD = {"font_size": _FONT_SIZE, "bold": True}
_SHADED = {"pattern": 1, "bg_color": "#F2F2F2"}


@dataclass(frozen=True)
class QrImage:
    """A table's QR code as its sheet shows it: the PNG, its width in pixels (it is square),
    and its description (the address it encodes)."""

    png: bytes
    pixels: int
    description: str


@dataclass(frozen=True)
class SheetPlan:
    """One table's sheet: its number and title, its texts by name (:func:`sheet_texts`;
    ``address`` only with an image) and its QR code, if it has one."""

    number: int
    title: str
    texts: dict[str, str]
    image: QrImage | None


@dataclass(frozen=True)
class SheetRound:
    """What every sheet of a round shares: the grid's header and its number of lines."""

    tournament: str
    number: int
    match_format: str
    header: tuple[str, ...]
    deals: int  # numbered lines for the match's deals
    extra: int  # shaded lines for the deals everybody passed


class _Styles:
    """The score sheets' formats, made once for the whole workbook."""

    def __init__(self, book: Book) -> None:
        self.lines = (book.style({"font_size": 16, "bold": True}),
                      book.style({"font_size": 14, "bold": True}),
                      book.style({"font_size": _FONT_SIZE, "italic": True}))
        self.body = book.style(_BODY)
        self.address = book.style({**_BOLD, "shrink": True})  # a long address stays whole
        self.bold = book.style(_BOLD)
        self.grid_header = book.style({**_BOLD, **_CENTRED, **_BOX, "pattern": 1,
                                       "bg_color": "#D9D9D9"})
        # (number, blank) cells of a deal's line, then of a shaded line for a passed deal
        self.line = (book.style({**_BODY, **_BOX, **_CENTRED}), book.style({**_BODY, **_BOX}))
        self.extra_line = (book.style({**_BODY, **_BOX, **_CENTRED, **_SHADED}),
                           book.style({**_BODY, **_BOX, **_SHADED}))
        totals_box = {**_BOX, "top": _MEDIUM}
        self.totals_label = book.style({**_BOLD, **totals_box})
        self.totals = book.style(totals_box)
        # a signature box's cells by (left edge, right edge, top edge, bottom edge): every
        # edge cell carries its part of the frame, since a merged range draws the borders of
        # the cells along its edges, not those of its first cell alone
        self.frame: dict[tuple[bool, bool, bool, bool], Format | None] = {}
        for edges in ((left, right, top, bottom) for left in (False, True)
                      for right in (False, True) for top in (False, True)
                      for bottom in (False, True)):
            properties = {side: _MEDIUM for side, edge in
                          zip(("left", "right", "top", "bottom"), edges, strict=True) if edge}
            self.frame[edges] = book.style(properties) if properties else None


def _players(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return ", ".join(str(v) for v in value)


def grid_header() -> list[str]:
    """The score sheet's grid columns."""
    return [
        _("deal"), _("dealer"), _("taker"), _("contract"),
        _("points team {number}").format(number=1), _("points team {number}").format(number=2),
        _("total team {number}").format(number=1), _("total team {number}").format(number=2),
    ]


def round_of(tournament: str, round_number: int, deals: int | None,
             target: int | None) -> SheetRound:
    """What the sheets of round ``round_number`` share: its match format (``deals`` or
    ``target``), the grid's header and lines."""
    match_format = []
    if deals:
        match_format += [ngettext("{count} deal", "{count} deals", deals).format(count=deals),
                         _("a deal everybody passed does not count: go on to the next line")]
    if target:
        match_format.append(_("to {target} points").format(target=target))
    return SheetRound(tournament, round_number, " · ".join(match_format), tuple(grid_header()),
                 deals or TARGET_ROWS, EXTRA_ROWS if deals else 0)


def sheet_texts(played: SheetRound, table: SheetTable) -> dict[str, str]:
    """The texts of a table's sheet, by slot: the lines of its heading, its teams and their
    players, the labels of the signature boxes."""
    number = int(table["table"])
    where = " · ".join((round_title(played.number), _("Table {table}").format(table=number)))
    if table.get("code"):  # to enter the result from a phone (tournament serve)
        where += " · " + _("code {code}").format(code=table.get("code"))
    texts = {"tournament": played.tournament, "where": where, "format": played.match_format}
    if table.get("url"):
        texts["address"] = _("Result from a phone: {url}").format(url=table.get("url"))
    for side, team, players in ((1, table["team1"], table["players1"]),
                                (2, table["team2"], table["players2"])):
        texts[f"team{side}"] = team or ""
        texts[f"players{side}"] = _players(players)
        texts[f"label{side}"] = _("Team {number}: {team}").format(number=side,
                                                                  team=team or "").strip()
    return texts


def qr_scale(width: int) -> int:
    """Pixels per module of a QR code ``width`` modules wide: at most :data:`_QR_PIXELS`
    wide with its quiet zone, and at least 2."""
    return max(2, _QR_PIXELS // (width + 2 * _QR_BORDER))


def qr_code(url: str) -> segno.QRCode:
    """The QR code of ``url`` as every score sheet makes it (a QR code, never a Micro QR
    code, which phones' cameras do not read)."""
    import segno

    return segno.make_qr(url, error=QR_ERROR, mask=QR_MASK)


def qr_image(url: str) -> QrImage:
    """The QR code of ``url`` (a table's entry page) as a PNG, made here: the hall may have
    no internet."""
    import io

    code = qr_code(url)
    width = int(code.symbol_size(scale=1, border=0)[0])  # in modules
    scale = qr_scale(width)
    png = io.BytesIO()
    code.save(png, kind="png", scale=scale, border=_QR_BORDER)
    return QrImage(png.getvalue(), (width + 2 * _QR_BORDER) * scale, url)


def plans(played: SheetRound, tables: Iterable[SheetTable]) -> Iterator[SheetPlan]:
    """Each table's sheet, in table order, its QR code made when it comes."""
    for table in sorted(tables, key=lambda t: int(t["table"])):
        number = int(table["table"])
        url = table.get("url")
        yield SheetPlan(number, _("Table {table}").format(table=number),
                        sheet_texts(played, table), qr_image(str(url)) if url else None)


def fill_sheet(book: Book, styles: _Styles, played: SheetRound, plan: SheetPlan) -> None:
    """One table's sheet, cell by cell."""
    sheet = book.sheet(plan.title)
    _heading(book, styles, sheet, plan)
    totals = _grid(book, styles, sheet, played)
    last_row = _signatures(book, styles, sheet, totals + 2, plan.texts)
    _sheet_print_setup(sheet, last_row)


def write_score_sheets(path: Path, tournament: str, round_number: int,
                       tables: Sequence[SheetTable], deals: int | None,
                       target: int | None) -> None:
    """Write one print-ready sheet per table ("Table 1"…) for scoring a round on paper.

    ``tables`` holds ``{"table", "team1", "players1", "team2", "players2"}`` per table, its
    entry ``code`` when it has one (``tournament serve --entry``), and the ``url`` of its
    entry page on the live page, printed under the code with its QR code in the top right
    corner.  Each sheet gives the tournament, round and table, both teams and their players,
    and a bordered grid of numbered empty rows: ``deals`` rows then :data:`EXTRA_ROWS` shaded
    ones for the deals everybody passed (they do not count), or :data:`TARGET_ROWS` rows when
    the match is played to ``target``.  Below the totals row, each team has a labelled box to
    sign in.  It prints portrait on A4, one page wide, the grid header repeated on a second
    page.  A table twice is refused (xlsxwriter's ``DuplicateWorksheetName``), nothing
    written.
    """
    if not tables:
        raise NothingToPrint(_("round {round} has no tables; no score sheets written").format(
            round=round_number))
    played = round_of(tournament, round_number, deals, target)

    def fill(book: Book) -> None:
        styles = _Styles(book)
        for plan in plans(played, tables):
            fill_sheet(book, styles, played, plan)

    write_book(path, fill)


def _merged(book: Book, sheet: Worksheet, cells: tuple[int, int, int, int], value: Any,
            cell_format: Format | None, *, framed: bool = False) -> None:
    """Merge ``cells`` (first row, first column, last row, last column) holding ``value``
    in ``cell_format``; ``framed``: a format with borders, which every cell of the range
    carries (a merged range draws the borders of the cells along its edges)."""
    first_row, first_column = cells[0], cells[1]
    # merged empty (None: a blank, without the checks xlsxwriter runs on a text), then the
    # value put in its first cell: merge_range would write a text starting with "=" as a
    # formula.  Without borders the other cells of the range stay
    # unwritten: a merged range shows its first cell's font, fill and alignment, and the
    # ~40 cells a sheet saves are a quarter of its cells.
    sheet.merge_range(*cells, None, cell_format if framed else None)
    book.put(sheet, first_row, first_column, value, cell_format)


def _heading(book: Book, styles: _Styles, sheet: Worksheet, plan: SheetPlan) -> None:
    """Rows 1-3: tournament, round and table, match format; row 4: the address of the
    table's entry page (its QR code beside rows 1-4), if it has one; rows 5-6: the teams."""
    set_widths(sheet, _SHEET_WIDTHS)
    texts = plan.texts
    last = _QR_COLUMN - 1 if plan.image else _LAST_COLUMN
    lines = (texts["tournament"], texts["where"], texts["format"])
    for row, (text, line_format) in enumerate(zip(lines, styles.lines, strict=True)):
        _merged(book, sheet, (row, 0, row, last), text, line_format)
    if plan.image:
        _merged(book, sheet, (3, 0, 3, last), texts["address"], styles.address)
        _entry_qr(sheet, plan.image, plan.number)
    for side in (1, 2):
        row = 3 + side
        book.put(sheet, row, 0, _("Team {number}").format(number=side), styles.bold)
        _merged(book, sheet, (row, 1, row, 3), texts[f"team{side}"], styles.bold)
        _merged(book, sheet, (row, 4, row, _LAST_COLUMN), texts[f"players{side}"],
                styles.body)


def _entry_qr(sheet: Worksheet, image: QrImage, number: int) -> None:
    """The QR code of a table's entry page in the sheet's top right corner, as a PNG image
    beside rows 1-4 (their heights set so that it fits beside them)."""
    import io

    size = image.pixels
    heights = [*_HEADING_ROWS, max(24, size - sum(_HEADING_ROWS))]
    for row, pixels in enumerate(heights):
        sheet.set_row_pixels(row, pixels)
    beside = sum(_SHEET_WIDTHS[_QR_COLUMN:]) * DIGIT_PIXELS  # the columns' pixels
    sheet.insert_image(0, _QR_COLUMN, f"table-{number}.png", {
        "image_data": io.BytesIO(image.png), "x_offset": max(0, beside - size),
        "object_position": 2, "description": image.description})


def _grid(book: Book, styles: _Styles, sheet: Worksheet, played: SheetRound) -> int:
    """The bordered grid: header, one numbered empty row per deal, the shaded numbered rows
    for passed deals, totals.  Returns the totals row."""
    for column, text in enumerate(played.header):
        book.put(sheet, _GRID_FIRST_ROW, column, text, styles.grid_header)
    sheet.set_row(_GRID_FIRST_ROW, 32)
    write_number, write_row, set_row = sheet.write_number, sheet.write_row, sheet.set_row
    deals = played.deals
    blanks = [None] * _LAST_COLUMN  # a line's empty cells, each with its borders
    for deal in range(1, deals + played.extra + 1):
        row = _GRID_FIRST_ROW + deal
        number_format, blank_format = styles.line if deal <= deals else styles.extra_line
        set_row(row, 22)
        write_number(row, 0, deal, number_format)
        write_row(row, 1, blanks, blank_format)
    totals = _GRID_FIRST_ROW + deals + played.extra + 1
    sheet.set_row(totals, 24)
    _merged(book, sheet, (totals, 0, totals, 3), _("Totals"), styles.totals_label,
            framed=True)
    write_row(totals, 4, blanks[3:], styles.totals)
    return totals


def _signatures(book: Book, styles: _Styles, sheet: Worksheet, first_row: int,
                texts: dict[str, str]) -> int:
    """"Signatures", then per team a label row over its own bordered box, side by side.

    Returns the last row used.
    """
    book.put(sheet, first_row, 0, _("Signatures"), styles.bold)
    label_row, box_top = first_row + 1, first_row + 2
    box_bottom = box_top + _BOX_ROWS - 1
    for side, (first, last) in enumerate(_BOXES, start=1):
        _merged(book, sheet, (label_row, first, label_row, last), texts[f"label{side}"],
                styles.body)
        sheet.merge_range(box_top, first, box_bottom, last, None, None)
        for row in range(box_top, box_bottom + 1):
            for column in range(first, last + 1):
                edges = (column == first, column == last, row == box_top, row == box_bottom)
                frame = styles.frame[edges]
                if frame is not None:
                    sheet.write_blank(row, column, None, frame)
    for row in range(box_top, box_bottom + 1):
        sheet.set_row(row, 22)
    return box_bottom


def _sheet_print_setup(sheet: Worksheet, last_row: int) -> None:
    """Portrait A4, one page wide, the grid header repeated on a second page."""
    sheet.print_area(0, 0, last_row, _LAST_COLUMN)
    print_setup(sheet, landscape=False, title_row=_GRID_FIRST_ROW + 1)
    sheet.center_horizontally()
    sheet.hide_gridlines(2)  # 2: no grid lines on screen or on paper, the borders are the grid
