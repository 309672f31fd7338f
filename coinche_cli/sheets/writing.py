"""Tables written to CSV or Excel: the writers every export shares (a game's sheet,
:mod:`coinche_cli.sheets.game`; a tournament's results and score sheets,
:mod:`coinche_cli.sheets.tournament`), so that every exported file follows the same rules:

- every file is written to a temporary file beside the target, then renamed over it: a failed
  write leaves the old file (or nothing), never half a file;
- a boolean is the word ``yes`` or ``no`` (message keys, for a translation), in CSV and in
  Excel alike;
- a text that a spreadsheet would read as a formula (starting with ``=``, ``+``, ``-``, ``@``,
  a tab or a carriage return) stays text: a leading ``'`` in CSV, a text cell (quote-prefixed)
  in Excel; numbers stay numbers;
- a workbook sheet prints on A4, one page wide, its header row repeated on every page;
- a sheet named after something a user typed (a stage's name) gets a name Excel takes
  (:func:`sheet_title`): never refused, never the name of another sheet.

CSV is written with the standard library (UTF-8 with a BOM, so a French Excel shows the
accents); workbooks with xlsxwriter, imported only inside the functions that write one.
xlsxwriter writes a cell's XML straight from the values it is given, with each style made
once per workbook: several times faster than building an object per cell (bench/export.py).
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from coinche_cli.errors import ExportFailed, InputError
from coinche_cli.i18n import _

if TYPE_CHECKING:
    from xlsxwriter.format import Format  # types only
    from xlsxwriter.workbook import Workbook
    from xlsxwriter.worksheet import Worksheet

#: A text starting with one of these is a formula to a spreadsheet (CSV/formula injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Column widths, in Excel's units (one digit of the default font, about 7 pixels).
MIN_WIDTH, MAX_WIDTH = 6, 40
#: The widest table that prints portrait on A4 without shrinking: 21 cm less two 1.27 cm
#: margins is about 698 pixels, a hundred units of column width.  Wider prints landscape.
PORTRAIT_WIDTH = 100
#: Pixels per unit of column width: the width of a digit of the default font (Calibri 11).
DIGIT_PIXELS = 7
#: One (sheet title, header, rows) per sheet of a workbook.
SheetData = tuple[str, list[str], list[list[Any]]]
#: The control characters an XML workbook cannot hold (all below a space but tab, line feed
#: and carriage return), mapped to nothing for ``str.translate``.
CONTROL_CHARACTERS = dict.fromkeys([*range(0, 9), 11, 12, *range(14, 32)])
#: The header row of every table: bold on light grey.
HEADER_STYLE: Mapping[str, Any] = {"bold": True, "pattern": 1, "bg_color": "#D9D9D9"}
#: Paper size 9 is A4 (in Excel's numbering, the one xlsxwriter writes).
A4 = 9


# --- cell values ----------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """``value`` as a sheet shows it: a boolean as the word yes or no, anything else as is."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return value


def csv_value(value: Any) -> Any:
    """``value`` for a CSV field: a text a spreadsheet would run as a formula gets a ``'``."""
    value = plain(value)
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def cell_text(text: str) -> str:
    """``text`` without the control characters a workbook cannot hold."""
    # isprintable is one fast pass that is False for any control character: most texts
    # are printable and skip the copy
    return text if text.isprintable() else text.translate(CONTROL_CHARACTERS)


# --- workbooks ------------------------------------------------------------------------------

#: The longest sheet name Excel takes, in UTF-16 code units.
SHEET_TITLE_UNITS = 31
#: What a sheet name may not hold, and what stands for it: brackets become parentheses, the
#: other characters Excel refuses (``: * ? / \\``) a hyphen.
SHEET_TITLE_SWAPS = str.maketrans({"[": "(", "]": ")", ":": "-", "*": "-", "?": "-",
                                   "/": "-", "\\": "-"})


def _utf16_units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _cut(text: str, units: int) -> str:
    """``text`` cut to at most ``units`` UTF-16 code units, never inside a character."""
    while _utf16_units(text) > units:
        text = text[:-1]
    return text


def sheet_title(text: str, taken: set[str], fallback: str) -> str:
    """A sheet name Excel takes for ``text`` (a name a user typed), not one of ``taken`` (the
    names already used, lower-cased, as Excel compares them; the name given is added).

    Control characters are dropped, the characters Excel refuses swapped
    (:data:`SHEET_TITLE_SWAPS`), apostrophes and spaces at either end stripped, the name cut
    to 31 UTF-16 code units; an empty result is ``fallback``; a name already taken gets
    `` (2)``, `` (3)``… (the name cut to make room).
    """
    title = _cut(cell_text(text).translate(SHEET_TITLE_SWAPS).strip(" '"),
                 SHEET_TITLE_UNITS).rstrip(" '") or fallback
    found, number = title, 1
    while found.lower() in taken:
        number += 1
        suffix = f" ({number})"
        found = _cut(title, SHEET_TITLE_UNITS - len(suffix)).rstrip(" '") + suffix
    taken.add(found.lower())
    return found



#: How xlsxwriter recognises a text it writes as raw rich-text XML (with "</r>" at its end).
RICH_LOOKALIKE = "<r>"


def put_text(sheet: Worksheet, row: int, column: int, text: str,
               cell_format: Format | None) -> None:
    """Write ``text`` as a text cell, as typed.

    xlsxwriter writes a text that starts with ``<r>`` and ends with ``</r>`` into the file
    unescaped, as the XML of a rich string (a team named ``<r><t>x</t></r>`` read "x", and
    other such names broke the workbook); such a text goes as a rich string of three plain
    runs instead, which xlsxwriter escapes and every reader joins back into the text typed.
    """
    if text.startswith(RICH_LOOKALIKE) and text.endswith("</r>"):
        runs: list[Any] = [text[:1], text[1:2], text[2:]]
        sheet.write_rich_string(row, column, *runs, *([cell_format] if cell_format else []))
    else:
        sheet.write_string(row, column, text, cell_format)


class Book:
    """A workbook being written with xlsxwriter: each style made once, values put safely.

    A style is a mapping of xlsxwriter format properties (``{"bold": True}``); the same
    properties give the same format object, so a sheet of thousands of styled cells makes a
    handful of formats.
    """

    def __init__(self, title: str = "") -> None:
        from xlsxwriter import Workbook  # heavy import, only when exporting

        # the workbook is zipped into memory (in_memory: its parts too, no temporary files of
        # xlsxwriter's own elsewhere on disk), then written to its file in one go: a disk
        # that fails fails in :func:`write_book`, as one OSError, not halfway through
        # xlsxwriter's zip file (which it would leave open, to complain when collected)
        self._buffer = io.BytesIO()
        self.workbook: Workbook = Workbook(self._buffer, {"in_memory": True})
        if title:
            self.workbook.set_properties({"title": cell_text(title)})
        self._formats: dict[tuple[tuple[str, Any], ...], Format] = {}
        self._styles: dict[int, Mapping[str, Any]] = {}

    def style(self, properties: Mapping[str, Any]) -> Format:
        """The format of these properties, made the first time they are asked for."""
        key = tuple(sorted(properties.items()))
        found = self._formats.get(key)
        if found is None:
            found = self._formats[key] = self.workbook.add_format(dict(properties))
            self._styles[id(found)] = dict(properties)
        return found

    def quoted(self, cell_format: Format | None) -> Format:
        """``cell_format`` with the quote prefix: a text cell that stays text when edited."""
        properties = {} if cell_format is None else self._styles[id(cell_format)]
        return self.style({**properties, "quote_prefix": True})

    def sheet(self, title: str) -> Worksheet:
        """A new sheet at the end of the workbook (a name twice is xlsxwriter's
        ``DuplicateWorksheetName``: it compares names as Excel does, case ignored)."""
        return self.workbook.add_worksheet(title)

    def put(self, sheet: Worksheet, row: int, column: int, value: Any,
            cell_format: Format | None = None) -> None:
        """Write ``value`` into a cell (0-based); a text is always a text cell, never a formula.

        A text that looks like a formula is also quote-prefixed, so that it stays text when
        somebody edits the cell in Excel.  Control characters a workbook cannot hold are
        dropped; an empty text or None leaves the cell empty (with its format, if any).
        """
        value = plain(value)
        if isinstance(value, str):
            value = cell_text(value)
            if value.startswith(FORMULA_STARTS):
                cell_format = self.quoted(cell_format)
        if value is None or value == "":
            if cell_format is not None:
                sheet.write_blank(row, column, None, cell_format)
        elif isinstance(value, int | float):
            sheet.write_number(row, column, value, cell_format)
        else:
            put_text(sheet, row, column, str(value), cell_format)

    def close(self) -> bytes:
        """Assemble the workbook: the bytes of its file."""
        self.workbook.close()
        return self._buffer.getvalue()


# --- writing files --------------------------------------------------------------------------


def atomically(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """Write ``path`` through a temporary file beside it, synced, then renamed over it."""
    temporary = path.with_name(f".{path.name}.part")
    try:
        with temporary.open("wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except OSError as exc:
        raise ExportFailed(_("cannot write {path}: {reason}").format(
            path=path, reason=exc.strerror or exc)) from None
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)


#: What ``--sep`` may not be: nothing, more than one character, a quote or a line break
#: would make a file no spreadsheet reads back.
BAD_SEPARATORS = ('"', "\r", "\n")


def check_separator(sep: str | None) -> str:
    """The CSV separator to use: ``sep`` (``--sep``), refused when it cannot separate cells,
    or the language's (``;`` in French, what a French Excel reads; ``,`` in English)."""
    if sep is None:
        # TRANSLATORS: the character that separates the cells of a CSV file in the spreadsheets
        # of your language: "," in English, ";" in French (whose decimal separator is ",")
        return _(",")
    if len(sep) != 1 or sep in BAD_SEPARATORS or sep.isalnum():
        raise InputError("sep", _("“{got}” cannot separate CSV cells: give one character such as "
                                  "“;” or “,”"), got=sep)
    return sep


def write_csv(path: Path, header: list[str], rows: Sequence[Sequence[Any]],
              sep: str = ",") -> None:
    """Write a CSV file in UTF-8 with a BOM; booleans in words, formulas defused."""
    text = io.StringIO()
    writer = csv.writer(text, delimiter=sep)
    writer.writerow([csv_value(v) for v in header])
    writer.writerows([csv_value(v) for v in row] for row in rows)
    atomically(path, lambda handle: handle.write(text.getvalue().encode("utf-8-sig")))


def write_book(path: Path, fill: Callable[[Book], object], *, title: str = "") -> None:
    """Write a workbook atomically (see :func:`write_csv`): ``fill`` adds its sheets."""
    book = Book(title)
    fill(book)
    content = book.close()
    atomically(path, lambda handle: handle.write(content))


def print_setup(sheet: Worksheet, *, landscape: bool, title_row: int) -> None:
    """A4, one page wide and as many long as needed, row ``title_row`` (1-based) on every
    page."""
    if landscape:
        sheet.set_landscape()
    else:
        sheet.set_portrait()
    sheet.set_paper(A4)
    sheet.fit_to_pages(1, 0)
    sheet.repeat_rows(title_row - 1)
    sheet.set_margins(left=0.5, right=0.5, top=0.6, bottom=0.6)


def set_widths(sheet: Worksheet, widths: Sequence[float]) -> None:
    """Columns this wide, in units of column width as the file stores them.

    Given in pixels (a unit is :data:`DIGIT_PIXELS`), so that the file holds the width
    itself: xlsxwriter's ``set_column`` adds the cell padding to a width in characters.
    """
    for column, width in enumerate(widths):
        sheet.set_column_pixels(column, column, width * DIGIT_PIXELS)


def _text_width(value: Any) -> int:
    """How many characters a written cell shows, for its column's width."""
    return len(value) if isinstance(value, str) else len(str(value))


def add_table(book: Book, title: str, header: list[str],
              rows: Sequence[Sequence[Any]]) -> Worksheet:
    """A sheet holding one table, ready to read and to print.

    The header is row 1 (bold, shaded, frozen, repeated on every printed page), a filter
    covers the data, columns are as wide as their content (capped) and the sheet prints
    landscape when its columns are wider than a portrait page (:data:`PORTRAIT_WIDTH`), with
    grid lines and the sheet name and page number at the foot of each page.
    """
    sheet = book.sheet(title)
    bold = book.style(HEADER_STYLE)
    longest = [0] * len(header)
    for column, name in enumerate(header):
        book.put(sheet, 0, column, name, bold)
        longest[column] = _text_width(name)
    # the rows are the bulk of an export: written here without :meth:`Book.put`'s call per
    # cell, with the same rules (a number a number cell, a text a text cell, never a formula)
    quoted = book.quoted(None)
    write_string, write_number = sheet.write_string, sheet.write_number
    for row, values in enumerate(rows, start=1):
        for column, value in enumerate(values):
            kind = type(value)
            if kind is int or kind is float:
                write_number(row, column, value)
                size = len(str(value))
            elif kind is str:
                text = cell_text(value)
                if not text:
                    continue
                if text.startswith(RICH_LOOKALIKE) and text.endswith("</r>"):
                    put_text(sheet, row, column, text, None)
                else:
                    write_string(row, column, text,
                                 quoted if text.startswith(FORMULA_STARTS) else None)
                size = len(text)
            elif value is None:
                continue
            else:  # a boolean (yes or no), or a value of another type: the general rules
                book.put(sheet, row, column, value)
                size = len(str(plain(value)))
            if column < len(longest) and size > longest[column]:
                longest[column] = size
    sheet.freeze_panes(1, 0)
    sheet.autofilter(0, 0, len(rows), max(len(header), 1) - 1)
    widths = [min(max(size + 2, MIN_WIDTH), MAX_WIDTH) for size in longest]
    set_widths(sheet, widths)
    print_setup(sheet, landscape=sum(widths) > PORTRAIT_WIDTH, title_row=1)
    sheet.hide_gridlines(0)  # 0: grid lines on screen and on paper
    sheet.set_footer("&C" + _("{sheet} · page {page} of {pages}").format(
        sheet="&A", page="&P", pages="&N"))
    return sheet


def write_xlsx(path: Path, sheets: list[SheetData], *, title: str = "") -> None:
    """Write a workbook: one sheet per (title, header, rows), as :func:`add_table` lays out."""

    def fill(book: Book) -> None:
        for sheet_title, header, rows in sheets:
            add_table(book, sheet_title, header, rows)

    write_book(path, fill, title=title)


def write_text(path: Path, text: str) -> None:
    """Write a text file in UTF-8, atomically (see :func:`write_csv`): a poster's page."""
    atomically(path, lambda handle: handle.write(text.encode("utf-8")))
