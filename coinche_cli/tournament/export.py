"""A tournament written out: the results workbook, the same tables as CSV, paper score sheets.

The writers take plain data (lists of dicts, shape below), not the store, so any caller can
use them.  ``data`` for :func:`write_workbook` and :func:`write_csv_dir`::

    {"name": "Concours de mai",
     "standings": [{"rank": 1, "team": "Les As", "players": "Ana, Bob", "played": 3,
                    "wins": 3, ..., "buchholz": 6}, ...],
     "teams": [{"name": "Les As", "players": "Ana, Bob", "club": "Lyon", "registered": 1,
                "status": "active"}, ...],
     "rounds": [{"round": 1, "bye": "Les Valets" or None, "bye_points": 500 or None,
                 "tables": [{"table": 1, "team1": "Les As", "team2": "Les Rois",
                             "score1": 1200, "score2": 900, "winner": "Les As",
                             "forfeit": None, "scored": "direct"}, ...]}, ...],
     "deals": [{"round": 1, "table": 2, "game": 7, "number": 1, "dealer": "A1", ...}, ...]}

Standings, teams and deals keep their columns in a fixed order; a key the order does not know
(a tie-break added later) becomes an extra column at the end.  openpyxl is imported only
inside the functions that write a workbook.
"""

from __future__ import annotations

import csv
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coinche_cli.errors import CoincheError, ExportFailed
from coinche_cli.messages import msg

if TYPE_CHECKING:
    from openpyxl import Workbook  # types only
    from openpyxl.cell.cell import Cell, MergedCell
    from openpyxl.worksheet.worksheet import Worksheet

#: (key in the data, column header) for each table, in column order.
STANDINGS_COLUMNS: tuple[tuple[str, str], ...] = (
    ("rank", "rank"), ("team", "team"), ("players", "players"), ("played", "played"),
    ("wins", "wins"), ("draws", "draws"), ("losses", "losses"), ("byes", "byes"),
    ("points_for", "points for"), ("points_against", "points against"),
    ("difference", "difference"), ("match_points", "match points"),
    ("penalties", "penalties"), ("buchholz", "buchholz"),
)
TEAM_COLUMNS: tuple[tuple[str, str], ...] = (
    ("name", "team"), ("players", "players"), ("club", "club"),
    ("registered", "registered"), ("status", "status"),
)
ROUND_COLUMNS: tuple[tuple[str, str], ...] = (
    ("table", "table"), ("team1", "team 1"), ("team2", "team 2"), ("score1", "score 1"),
    ("score2", "score 2"), ("winner", "winner"), ("forfeit", "forfeit"), ("scored", "scored"),
)
DEAL_COLUMNS: tuple[tuple[str, str], ...] = (
    ("round", "round"), ("table", "table"), ("game", "game"), ("number", "deal"),
    ("dealer", "dealer"), ("taker", "taker"), ("contract", "contract"), ("trump", "trump"),
    ("coinche", "coinche"), ("made", "made"), ("score1", "score 1"), ("score2", "score 2"),
    ("total1", "total 1"), ("total2", "total 2"),
)
#: What the table column of a round's last row says when a team sat out.
BYE_LABEL = "bye"

_MIN_WIDTH = 6
_MAX_WIDTH = 40
#: Score sheets: empty deal rows when a match is played to a target, not a number of deals.
TARGET_ROWS = 20


class NothingToPrint(CoincheError):
    """Score sheets asked for a round without tables."""

    exit_code = 2


@dataclass(frozen=True)
class Table:
    """One exported table: the sheet title, the CSV file stem, the header and the rows."""

    title: str
    stem: str
    header: list[str]
    rows: list[list[Any]]


def _keyed(records: Sequence[dict[str, Any]],
           known: tuple[tuple[str, str], ...]) -> tuple[list[str], list[list[Any]]]:
    """Header and rows for ``records``: known keys in order, then unknown ones as they come."""
    order = [key for key, _ in known]
    present = dict.fromkeys(key for record in records for key in record)
    keys = [key for key in order if key in present or not records]
    keys += [key for key in present if key not in order]
    headers = dict(known)
    header = [headers.get(key, key.replace("_", " ")) for key in keys]
    return header, [[record.get(key) for key in keys] for record in records]


def round_rows(round_data: dict[str, Any]) -> list[list[Any]]:
    """A round's rows: one per table, then a ``bye`` row when a team sat out."""
    rows = [[table.get(key) for key, _ in ROUND_COLUMNS] for table in round_data["tables"]]
    if round_data.get("bye"):
        bye: list[Any] = [None] * len(ROUND_COLUMNS)
        bye[0], bye[1], bye[3] = BYE_LABEL, round_data["bye"], round_data.get("bye_points")
        rows.append(bye)
    return rows


def export_tables(data: dict[str, Any]) -> list[Table]:
    """Every table of the export, in sheet order: standings, teams, each round, deals."""
    tables = [
        Table("Standings", "standings", *_keyed(data.get("standings", []), STANDINGS_COLUMNS)),
        Table("Teams", "teams", *_keyed(data.get("teams", []), TEAM_COLUMNS)),
    ]
    for round_data in sorted(data.get("rounds", []), key=lambda r: int(r["round"])):
        number = int(round_data["round"])
        tables.append(Table(f"Round {number}", f"round-{number}",
                            [header for _, header in ROUND_COLUMNS], round_rows(round_data)))
    if data.get("deals"):
        tables.append(Table("Deals", "deals", *_keyed(data["deals"], DEAL_COLUMNS)))
    return tables


def _width(values: list[Any]) -> float:
    longest = max((len(str(v)) for v in values if v is not None), default=0)
    return min(max(longest + 2, _MIN_WIDTH), _MAX_WIDTH)


def _printable(value: Any) -> Any:
    """``value`` without the control characters a workbook cannot hold."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    return ILLEGAL_CHARACTERS_RE.sub("", value) if isinstance(value, str) else value


def _as_text(cell: Cell | MergedCell) -> None:
    """Keep a name such as ``=Les As`` a name: openpyxl would store it as a formula."""
    if isinstance(cell.value, str) and cell.value.startswith("="):
        cell.data_type = "s"


def _save(book: Workbook, path: Path) -> None:
    """Save through a temporary file beside ``path``: a failed write leaves no half file."""
    temporary = path.with_name(f".{path.name}.part")
    try:
        book.save(temporary)
        os.replace(temporary, path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise ExportFailed(msg("tfile.write_failed", path=path,
                               reason=exc.strerror or exc)) from None


def write_workbook(path: Path, data: dict[str, Any]) -> None:
    """Write the results workbook: Standings, Teams, Round 1…, and Deals when there are any.

    Each sheet has its header in row 1 (bold, frozen), a filter over the data, columns as
    wide as their content (capped) and numbers stored as numbers.
    """
    from openpyxl import Workbook  # heavy import, only when exporting
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    book = Workbook()
    for sheet in list(book.worksheets):
        book.remove(sheet)
    book.properties.title = str(data.get("name") or "")
    for table in export_tables(data):
        sheet = book.create_sheet(table.title)
        sheet.append(table.header)
        for row in table.rows:
            sheet.append([_printable(value) for value in row])
        for cells in sheet.iter_rows(min_row=2):
            for cell in cells:
                _as_text(cell)
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        sheet.freeze_panes = "A2"
        last = get_column_letter(len(table.header))
        sheet.auto_filter.ref = f"A1:{last}{len(table.rows) + 1}"
        for index, name in enumerate(table.header):
            column = [name, *(row[index] for row in table.rows)]
            sheet.column_dimensions[get_column_letter(index + 1)].width = _width(column)
    _save(book, path)


def write_csv_dir(directory: Path, data: dict[str, Any], *, sep: str = ",") -> list[Path]:
    """Write each table as a CSV file (UTF-8 with a BOM) in ``directory``; return the paths.

    Files: ``standings.csv``, ``teams.csv``, ``round-1.csv``…, and ``deals.csv`` when there
    are deals.  The folder is created when missing.
    """
    written: list[Path] = []
    try:
        directory.mkdir(parents=True, exist_ok=True)
        for table in export_tables(data):
            path = directory / f"{table.stem}.csv"
            with path.open("w", encoding="utf-8-sig", newline="") as handle:
                writer = csv.writer(handle, delimiter=sep)
                writer.writerow(table.header)
                writer.writerows(table.rows)
            written.append(path)
    except OSError as exc:
        target = exc.filename or directory
        raise ExportFailed(msg("tfile.write_failed", path=target,
                               reason=exc.strerror or exc)) from None
    return written


# --- paper score sheets ---------------------------------------------------------------------

_SHEET_WIDTHS = (8, 13, 13, 13, 13, 13, 13, 13)  # deal, dealer, taker, contract, 4 × points
_GRID_FIRST_ROW = 8
_FONT_SIZE = 12


def _players(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return ", ".join(str(v) for v in value)


def grid_header() -> list[str]:
    """The score sheet's grid columns."""
    return [
        msg("tfile.sheet.deal"), msg("tfile.sheet.dealer"), msg("tfile.sheet.taker"),
        msg("tfile.sheet.contract"), msg("tfile.sheet.points", number=1),
        msg("tfile.sheet.points", number=2), msg("tfile.sheet.total", number=1),
        msg("tfile.sheet.total", number=2),
    ]


def write_score_sheets(path: Path, tournament: str, round_number: int,
                       tables: list[dict[str, Any]], deals: int | None,
                       target: int | None) -> None:
    """Write one print-ready sheet per table ("Table 1"…) for scoring a round on paper.

    ``tables`` holds ``{"table", "team1", "players1", "team2", "players2"}`` per table.  Each
    sheet gives the tournament, round and table, both teams and their players, a bordered grid
    with one empty row per deal (numbered 1..``deals``, or :data:`TARGET_ROWS` rows when the
    match is played to ``target``), a totals row and a line for both teams' signatures; it
    prints portrait on A4, one page wide.
    """
    from openpyxl import Workbook  # heavy import, only when exporting

    if not tables:
        raise NothingToPrint(msg("tfile.no_tables", round=round_number))
    match_format = []
    if deals:
        match_format.append(msg("tfile.sheet.deals", deals=deals))
    if target:
        match_format.append(msg("tfile.sheet.target", target=target))
    book = Workbook()
    for sheet in list(book.worksheets):
        book.remove(sheet)
    for table in sorted(tables, key=lambda t: int(t["table"])):
        number = int(table["table"])
        sheet = book.create_sheet(f"Table {number}")
        _heading(sheet, [tournament,
                         msg("tfile.sheet.round_table", round=round_number, table=number),
                         " · ".join(match_format)], table)
        last_row = _grid(sheet, deals or TARGET_ROWS)
        _print_setup(sheet, last_row)
    _save(book, path)


def _heading(sheet: Worksheet, lines: list[str], table: dict[str, Any]) -> None:
    """Rows 1-3: tournament, round and table, match format; rows 5-6: the teams."""
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    last = get_column_letter(len(_SHEET_WIDTHS))
    for index, width in enumerate(_SHEET_WIDTHS, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    fonts = (Font(size=16, bold=True), Font(size=14, bold=True),
             Font(size=_FONT_SIZE, italic=True))
    for row, (text, font) in enumerate(zip(lines, fonts, strict=True), start=1):
        title = sheet.cell(row=row, column=1, value=_printable(text))
        title.font = font
        _as_text(title)
        sheet.merge_cells(f"A{row}:{last}{row}")
    bold = Font(size=_FONT_SIZE, bold=True)
    for side in (1, 2):
        row = 4 + side
        sheet.cell(row=row, column=1, value=msg("tfile.sheet.team", number=side)).font = bold
        team = sheet.cell(row=row, column=2, value=_printable(table.get(f"team{side}") or ""))
        players = sheet.cell(row=row, column=5,
                             value=_printable(_players(table.get(f"players{side}"))))
        team.font, players.font = bold, Font(size=_FONT_SIZE)
        _as_text(team)
        _as_text(players)
        sheet.merge_cells(f"B{row}:D{row}")
        sheet.merge_cells(f"E{row}:{last}{row}")


def _grid(sheet: Worksheet, deals: int) -> int:
    """The bordered grid: header, one numbered empty row per deal, totals, signatures.

    Returns the last row used.
    """
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

    thin = Side(style="thin")
    box = Border(left=thin, right=thin, top=thin, bottom=thin)
    body = Font(size=_FONT_SIZE)
    bold = Font(size=_FONT_SIZE, bold=True)
    centred = Alignment(horizontal="center", vertical="center", wrap_text=True)
    columns = range(1, len(_SHEET_WIDTHS) + 1)
    for column, text in zip(columns, grid_header(), strict=True):
        cell = sheet.cell(row=_GRID_FIRST_ROW, column=column, value=text)
        cell.font, cell.alignment, cell.border = bold, centred, box
        cell.fill = PatternFill("solid", fgColor="D9D9D9")
    sheet.row_dimensions[_GRID_FIRST_ROW].height = 32
    for deal in range(1, deals + 1):
        row = _GRID_FIRST_ROW + deal
        sheet.row_dimensions[row].height = 22
        for column in columns:
            blank = sheet.cell(row=row, column=column)
            blank.border, blank.font = box, body
        sheet.cell(row=row, column=1, value=deal).alignment = centred
    totals = _GRID_FIRST_ROW + deals + 1
    sheet.row_dimensions[totals].height = 24
    totals_box = Border(left=thin, right=thin, top=Side(style="medium"), bottom=thin)
    for column in columns:
        sheet.cell(row=totals, column=column).border = totals_box
    sheet.cell(row=totals, column=1, value=msg("tfile.sheet.totals")).font = bold
    sheet.merge_cells(f"A{totals}:D{totals}")
    signatures = totals + 3
    sheet.row_dimensions[signatures].height = 36
    sheet.cell(row=signatures, column=1, value=msg("tfile.sheet.signatures")).font = bold
    for first, side in ((2, 1), (6, 2)):
        sheet.cell(row=signatures - 1, column=first,
                   value=msg("tfile.sheet.team", number=side)).font = body
        for column in range(first, first + 3):
            sheet.cell(row=signatures, column=column).border = Border(bottom=thin)
    return signatures


def _print_setup(sheet: Worksheet, last_row: int) -> None:
    """Portrait A4, one page wide, the grid header repeated on a second page."""
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.page import PageMargins
    from openpyxl.worksheet.properties import PageSetupProperties

    sheet.print_area = f"A1:{get_column_letter(len(_SHEET_WIDTHS))}{last_row}"
    sheet.print_title_rows = f"{_GRID_FIRST_ROW}:{_GRID_FIRST_ROW}"
    sheet.page_setup.orientation = "portrait"
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    sheet.page_margins = PageMargins(left=0.5, right=0.5, top=0.6, bottom=0.6)
    sheet.print_options.horizontalCentered = True
    sheet.sheet_view.showGridLines = False
