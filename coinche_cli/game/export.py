"""A game's sheet as a table, and tables written to CSV or Excel (the game's and a tournament's).

The writers here are shared by :mod:`coinche_cli.tournament.export`, so that every exported
file follows the same rules:

- every file is written to a temporary file beside the target, then renamed over it: a failed
  write leaves the old file (or nothing), never half a file;
- a boolean is the word ``yes`` or ``no`` (message keys, for a translation), in CSV and in
  Excel alike;
- a text that a spreadsheet would read as a formula (starting with ``=``, ``+``, ``-``, ``@``,
  a tab or a carriage return) stays text: a leading ``'`` in CSV, a text cell (quote-prefixed)
  in Excel; numbers stay numbers;
- a workbook sheet prints on A4, one page wide, its header row repeated on every page.

CSV is written with the standard library (UTF-8 with a BOM, so a French Excel shows the
accents); workbooks with openpyxl, imported only inside the functions that write one.
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from coinche_cli.errors import ExportFailed, InputError
from coinche_cli.game.state import GameState, summary
from coinche_cli.messages import msg

if TYPE_CHECKING:
    from openpyxl import Workbook  # types only
    from openpyxl.cell.cell import Cell
    from openpyxl.worksheet.worksheet import Worksheet

#: A text starting with one of these is a formula to a spreadsheet (CSV/formula injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Column widths, in Excel's units (one digit of the default font, about 7 pixels).
MIN_WIDTH, MAX_WIDTH = 6, 40
#: The widest table that prints portrait on A4 without shrinking: 21 cm less two 1.27 cm
#: margins is about 698 pixels, a hundred units of column width.  Wider prints landscape.
PORTRAIT_WIDTH = 100
#: One (sheet title, header, rows) per sheet of a workbook.
SheetData = tuple[str, list[str], list[list[Any]]]


# --- cell values ----------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """``value`` as a sheet shows it: a boolean as the word yes or no, anything else as is."""
    if isinstance(value, bool):
        return msg("tfile.yes") if value else msg("tfile.no")
    return value


def csv_value(value: Any) -> Any:
    """``value`` for a CSV field: a text a spreadsheet would run as a formula gets a ``'``."""
    value = plain(value)
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def put(sheet: Worksheet, row: int, column: int, value: Any) -> Cell:
    """Write ``value`` into a cell; a text is always a text cell, never a formula.

    A text that looks like a formula is also quote-prefixed, so that it stays text when
    somebody edits the cell in Excel.  Control characters a workbook cannot hold are dropped.
    """
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    value = plain(value)
    if isinstance(value, str):
        value = ILLEGAL_CHARACTERS_RE.sub("", value)
    cell: Cell = sheet.cell(row=row, column=column, value=value)
    if isinstance(value, str):
        cell.data_type = "s"  # openpyxl would store "=Les As" as a formula
        if value.startswith(FORMULA_STARTS):
            cell.quotePrefix = True
    return cell


# --- writing files --------------------------------------------------------------------------


def _atomically(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """Write ``path`` through a temporary file beside it, synced, then renamed over it."""
    temporary = path.with_name(f".{path.name}.part")
    try:
        with temporary.open("wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except OSError as exc:
        raise ExportFailed(msg("tfile.write_failed", path=path,
                               reason=exc.strerror or exc)) from None
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)


#: What ``--sep`` may not be: nothing, more than one character, a quote or a line break
#: would make a file no spreadsheet reads back.
BAD_SEPARATORS = ('"', "\r", "\n")


def check_separator(sep: str) -> None:
    """Refuse a CSV separator that cannot separate cells (``--sep``)."""
    if len(sep) != 1 or sep in BAD_SEPARATORS or sep.isalnum():
        raise InputError("sep", "tfile.bad_separator", got=sep)


def write_csv(path: Path, header: list[str], rows: Sequence[Sequence[Any]],
              sep: str = ",") -> None:
    """Write a CSV file in UTF-8 with a BOM; booleans in words, formulas defused."""
    text = io.StringIO()
    writer = csv.writer(text, delimiter=sep)
    writer.writerow([csv_value(v) for v in header])
    writer.writerows([csv_value(v) for v in row] for row in rows)
    _atomically(path, lambda handle: handle.write(text.getvalue().encode("utf-8-sig")))


def save_book(book: Workbook, path: Path) -> None:
    """Save a workbook atomically (see :func:`write_csv`)."""
    _atomically(path, book.save)


def print_setup(sheet: Worksheet, *, landscape: bool, title_row: int) -> None:
    """A4, one page wide and as many long as needed, row ``title_row`` on every page."""
    from openpyxl.worksheet.page import PageMargins
    from openpyxl.worksheet.properties import PageSetupProperties

    sheet.page_setup.orientation = "landscape" if landscape else "portrait"
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    sheet.print_title_rows = f"{title_row}:{title_row}"
    sheet.page_margins = PageMargins(left=0.5, right=0.5, top=0.6, bottom=0.6)


def _width(values: list[Any]) -> float:
    longest = max((len(str(plain(v))) for v in values if v is not None), default=0)
    return min(max(longest + 2, MIN_WIDTH), MAX_WIDTH)


def add_table(book: Workbook, title: str, header: list[str],
              rows: Sequence[Sequence[Any]]) -> Worksheet:
    """A sheet holding one table, ready to read and to print.

    The header is row 1 (bold, shaded, frozen, repeated on every printed page), a filter
    covers the data, columns are as wide as their content (capped) and the sheet prints
    landscape when its columns are wider than a portrait page (:data:`PORTRAIT_WIDTH`), with
    grid lines and the sheet name and page number at the foot of each page.
    """
    from openpyxl.styles import Font, PatternFill
    from openpyxl.utils import get_column_letter

    sheet: Worksheet = book.create_sheet(title)
    for row_number, values in enumerate([header, *rows], start=1):
        for column, value in enumerate(values, start=1):
            put(sheet, row_number, column, value)
    for index in range(1, len(header) + 1):
        cell = sheet.cell(row=1, column=index)
        cell.font = Font(bold=True)
        cell.fill = PatternFill("solid", fgColor="D9D9D9")
    sheet.freeze_panes = "A2"
    last = get_column_letter(max(len(header), 1))
    sheet.auto_filter.ref = f"A1:{last}{len(rows) + 1}"
    widths = [_width([name, *(row[index] for row in rows)]) for index, name in enumerate(header)]
    for index, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    print_setup(sheet, landscape=sum(widths) > PORTRAIT_WIDTH, title_row=1)
    sheet.print_options.gridLines = True
    # openpyxl creates the footer with every sheet; its stubs type it as optional
    footer = msg("tfile.footer", sheet="&A", page="&P", pages="&N")
    sheet.oddFooter.center.text = footer  # type: ignore[union-attr]
    return sheet


def write_xlsx(path: Path, sheets: list[SheetData], *, title: str = "") -> None:
    """Write a workbook: one sheet per (title, header, rows), as :func:`add_table` lays out."""
    from openpyxl import Workbook  # heavy import, only when exporting

    book = Workbook()
    for sheet in list(book.worksheets):
        book.remove(sheet)
    book.properties.title = title
    for sheet_title, header, rows in sheets:
        add_table(book, sheet_title, header, rows)
    save_book(book, path)


# --- a game's sheet -------------------------------------------------------------------------


def _announces(value: Any) -> str:
    if not value:
        return ""
    return " ".join(f"{side}:{','.join(names)}" for side, names in value.items())


def sheet_rows(state: GameState) -> tuple[list[str], list[list[Any]]]:
    """Header and rows: one row per deal with every field, scores and running totals."""
    setup = state.setup
    names = [setup.names.get(s, s) for s in setup.sides]
    header = [
        "deal", "dealer", "taker", "taker name", "contract", "trump", "coinche", "passed",
        "made", *(f"points {n}" for n in names), "belote", "announces", "announce winner",
        "capot", "generale", *(f"score {n}" for n in names), *(f"total {n}" for n in names),
        "recorded",
    ]
    rows: list[list[Any]] = []
    for row in state.rows:
        deal = row.entry.deal
        result = row.result
        if deal is None or result is None:
            rows.append([
                row.number, setup.seat_label(row.dealer), "", "", "", "", "", True, "",
                *([""] * len(names)), "", "", "", "", "", *([0] * len(names)),
                *(row.totals[s] for s in setup.sides), row.entry.recorded,
            ])
            continue
        data = deal.to_json()
        rows.append([
            row.number, setup.seat_label(row.dealer), deal.taker,
            setup.names.get(deal.taker, deal.taker), data["contract"], data["trump"],
            deal.coinche, False, result.made,
            *(result.checked.points[s] for s in setup.sides),
            " ".join(deal.belote), _announces(data.get("announces")),
            deal.announce_winner or "", result.checked.capot or "", result.checked.generale,
            *(result.scores[s] for s in setup.sides), *(row.totals[s] for s in setup.sides),
            row.entry.recorded,
        ])
    return header, rows


def summary_rows(state: GameState) -> tuple[list[str], list[list[Any]]]:
    """Per side: contracts taken/made/failed, coinches, total, winner."""
    header = ["side", "name", "taken", "made", "failed", "coinched", "coinched against",
              "total", "winner"]
    rows = [
        [side, state.setup.names.get(side, side), c["taken"], c["made"], c["failed"],
         c["coinched"], c["was_coinched"], state.totals[side], state.winner == side]
        for side, c in summary(state).items()
    ]
    return header, rows


def export_game(state: GameState, *, csv_path: Path | None = None,
                xlsx_path: Path | None = None, sep: str = ",") -> None:
    """Export a game to CSV (its deals) and/or Excel (sheets Deals and Summary)."""
    header, rows = sheet_rows(state)
    if csv_path is not None:
        write_csv(csv_path, header, rows, sep)
    if xlsx_path is not None:
        write_xlsx(xlsx_path, [("Deals", header, rows), ("Summary", *summary_rows(state))])
