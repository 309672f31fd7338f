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
     "penalties": [{"round": 2, "team": "Les Rois", "points": 162, "reason": "renonce",
                    "to": "Les As" or None}, ...],
     "deals": [{"round": 1, "table": 2, "game": 7, "number": 1, "dealer": "A1", ...}, ...]}

A penalty's ``to`` is the team that received the points, None when they were deducted from
the penalised team; an empty ``penalties`` list still gives a Penalties sheet (its header),
no ``penalties`` key none.  Standings, teams and deals keep their columns in a fixed order; a
key the order does not know (a tie-break added later) becomes an extra column at the end.

Files are written by the shared writers of :mod:`coinche_cli.sheets.writing` (atomic writes,
booleans as yes/no, formulas defused, A4 print setup); xlsxwriter (and segno, which draws a
score sheet's QR code) is imported only inside the functions that write a workbook.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coinche_cli.errors import CoincheError, ExportFailed
from coinche_cli.i18n import N_, _, ngettext, pgettext
from coinche_cli.sheets.writing import (
    DIGIT_PIXELS,
    Book,
    print_setup,
    set_widths,
    write_book,
    write_csv,
    write_xlsx,
)
from coinche_cli.tournament.model import round_title

if TYPE_CHECKING:
    from xlsxwriter.format import Format
    from xlsxwriter.worksheet import Worksheet

#: (key in the data, column header) for each table, in column order.
STANDINGS_COLUMNS: tuple[tuple[str, str], ...] = (
    ("rank", N_("rank")), ("team", N_("team")), ("players", N_("players")),
    ("played", N_("played")), ("wins", N_("wins")), ("draws", N_("draws")),
    ("losses", N_("losses")), ("byes", N_("byes")), ("forfeits", N_("forfeits")),
    ("points_for", N_("points for")),
    ("points_against", N_("points against")), ("difference", N_("difference")),
    ("match_points", N_("match points")), ("penalties", N_("penalties")),
    ("buchholz", N_("buchholz")),
)
#: A mêlée's standings: a line per player.
PLAYER_STANDINGS_COLUMNS: tuple[tuple[str, str], ...] = (
    ("rank", N_("rank")), ("name", N_("player")), ("club", N_("club")),
    ("licence", N_("licence")), ("played", N_("played")), ("wins", N_("wins")),
    ("draws", N_("draws")), ("losses", N_("losses")), ("sat_out", N_("sat out")),
    ("forfeits", N_("forfeits")), ("points_for", N_("points for")),
    ("points_against", N_("points against")), ("difference", N_("difference")),
    ("match_points", N_("match points")), ("penalties", N_("penalties")),
    ("buchholz", N_("buchholz")), ("partners", N_("partners")),
)
#: A mêlée's players.
PLAYER_COLUMNS: tuple[tuple[str, str], ...] = (
    ("name", N_("player")), ("club", N_("club")), ("licence", N_("licence")),
    ("registered", N_("registered")), ("status", N_("status")),
)
TEAM_COLUMNS: tuple[tuple[str, str], ...] = (
    ("name", N_("team")), ("players", N_("players")), ("club", N_("club")),
    ("registered", N_("registered")), ("status", N_("status")),
)
ROUND_COLUMNS: tuple[tuple[str, str], ...] = (
    ("table", N_("table")), ("team1", N_("team 1")), ("team2", N_("team 2")),
    ("score1", N_("score 1")), ("score2", N_("score 2")), ("winner", N_("winner")),
    ("forfeit", N_("forfeit")), ("scored", N_("scored")),
)
DEAL_COLUMNS: tuple[tuple[str, str], ...] = (
    ("round", N_("round")), ("table", N_("table")), ("game", N_("game")), ("number", N_("deal")),
    ("dealer", N_("dealer")), ("taker", N_("taker")), ("contract", N_("contract")),
    ("trump", N_("trump")), ("coinche", N_("coinche")), ("made", N_("made")),
    ("score1", N_("score 1")), ("score2", N_("score 2")), ("total1", N_("total 1")),
    ("total2", N_("total 2")),
)
HISTORY_COLUMNS: tuple[tuple[str, str], ...] = (
    ("round", N_("round")), ("table", N_("table")), ("team1", N_("team 1")),
    ("team2", N_("team 2")), ("score1", N_("score 1")), ("score2", N_("score 2")),
    ("forfeit", N_("forfeit")), ("scored", N_("scored")), ("entered", N_("entered on")),
    ("replaced", N_("replaced on")),
)
PENALTY_COLUMNS: tuple[tuple[str, str], ...] = (
    ("round", N_("round")), ("team", N_("team")), ("points", N_("points")),
    ("reason", N_("reason")), ("to", N_("to")),
)
#: What the table column of a round's last row says when a team sat out.
BYE_LABEL = N_("bye")

#: Score sheets: empty deal rows when a match is played to a target, not a number of deals.
TARGET_ROWS = 20
#: Score sheets: numbered lines after a fixed number of deals, for the deals everybody passed
#: (they do not count as one of the match's deals, so a match may need a few more lines).
EXTRA_ROWS = 4


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
    header = [_(headers[key]) if key in headers else key.replace("_", " ") for key in keys]
    return header, [[record.get(key) for key in keys] for record in records]


def round_rows(round_data: dict[str, Any]) -> list[list[Any]]:
    """A round's rows: one per table, then a ``bye`` row when a team sat out."""
    rows = [[table.get(key) for key, _ in ROUND_COLUMNS] for table in round_data["tables"]]
    for name in [round_data["bye"]] if round_data.get("bye") else round_data.get(
            "sitting_out", []):  # a mêlée: every player who sat out
        bye: list[Any] = [None] * len(ROUND_COLUMNS)
        bye[0], bye[1], bye[3] = _(BYE_LABEL), name, round_data.get("bye_points")
        rows.append(bye)
    return rows


def penalty_rows(penalties: Sequence[dict[str, Any]]) -> list[list[Any]]:
    """One row per penalty, by round (in the given order within a round)."""
    ordered = sorted(penalties, key=lambda p: int(p["round"]))
    return [[penalty.get(key) for key, _ in PENALTY_COLUMNS] for penalty in ordered]


def export_tables(data: dict[str, Any]) -> list[Table]:
    """Every table of the export, in sheet order: standings, teams, each round, penalties
    (when ``data`` has the key, if only with its header), deals (when there are any)."""
    melee = data.get("format") == "melee"
    tables = [
        Table(_("Standings"), pgettext("file name", "standings"),
              *_keyed(data.get("standings", []),
                      PLAYER_STANDINGS_COLUMNS if melee else STANDINGS_COLUMNS)),
        Table(_("Players"), pgettext("file name", "players"),
              *_keyed(data.get("players", []), PLAYER_COLUMNS)) if melee else
        Table(_("Teams"), pgettext("file name", "teams"),
              *_keyed(data.get("teams", []), TEAM_COLUMNS)),
    ]
    for round_data in sorted(data.get("rounds", []), key=lambda r: int(r["round"])):
        number = int(round_data["round"])
        tables.append(Table(round_title(number),
                            pgettext("file name", "round-{round}").format(round=number),
                            [_(header) for _key, header in ROUND_COLUMNS],
                            round_rows(round_data)))
    # an empty list is "no penalty": the sheet says so with its header alone; a caller that
    # gives no list at all does not know, and an empty sheet would wrongly say "none"
    if "penalties" in data:
        tables.append(Table(_("Penalties"), pgettext("file name", "penalties"),
                            [_(header) for _key, header in PENALTY_COLUMNS],
                            penalty_rows(data["penalties"] or [])))
    if "history" in data:  # every result entered, and each one a correction replaced
        tables.append(Table(_("History"), pgettext("file name", "history"),
                            [_(header) for _key, header in HISTORY_COLUMNS],
                            [[entry.get(key) for key, _header in HISTORY_COLUMNS]
                             for entry in data["history"] or []]))
    if data.get("deals"):
        tables.append(Table(_("Deals"), pgettext("file name", "deals"),
                            *_keyed(data["deals"], DEAL_COLUMNS)))
    if "fees" in data or "prizes" in data:  # the desk's: a tournament that uses it
        from coinche_cli.sheets.desk_tables import desk_tables

        tables += [Table(*table) for table in desk_tables(data)]
    return tables


def write_workbook(path: Path, data: dict[str, Any]) -> None:
    """Write the results workbook: Standings, Teams, Round 1…, Penalties, History (every
    result entered, how and when, and each one a correction replaced), and Deals when there
    are any.

    Each sheet has its header in row 1 (bold, frozen, repeated on every printed page), a filter
    over the data, columns as wide as their content (capped), numbers stored as numbers,
    booleans as yes/no, and prints on A4 one page wide (landscape when wide); see
    :func:`coinche_cli.sheets.writing.add_table`.
    """
    sheets = [(table.title, table.header, table.rows) for table in export_tables(data)]
    write_xlsx(path, sheets, title=str(data.get("name") or ""))


def csv_paths(directory: Path, data: dict[str, Any]) -> list[Path]:
    """The files :func:`write_csv_dir` writes for ``data``."""
    return [directory / f"{table.stem}.csv" for table in export_tables(data)]


def write_csv_dir(directory: Path, data: dict[str, Any], *, sep: str = ",") -> list[Path]:
    """Write each table as a CSV file (UTF-8 with a BOM) in ``directory``; return the paths.

    Files: ``standings.csv``, ``teams.csv``, ``round-1.csv``…, ``penalties.csv``,
    ``history.csv``, and ``deals.csv`` when there are deals; in French ``classement.csv``,
    ``equipes.csv``, ``ronde-1.csv``…, ``penalites.csv``, ``historique.csv``, ``donnes.csv``
    (names without accents: every file system and mail attachment keeps them).  The folder
    is created when missing; each file is written atomically.
    """
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportFailed(_("cannot write {path}: {reason}").format(
            path=directory, reason=exc.strerror or exc)) from None
    written: list[Path] = []
    for table in export_tables(data):
        path = directory / f"{table.stem}.csv"
        write_csv(path, table.header, table.rows, sep)
        written.append(path)
    return written


# --- paper score sheets ---------------------------------------------------------------------

_SHEET_WIDTHS = (8, 13, 13, 13, 13, 13, 13, 13)  # deal, dealer, taker, contract, 4 × points
_LAST_COLUMN = len(_SHEET_WIDTHS) - 1
#: Rows and columns below are 0-based, as xlsxwriter counts them: row 7 is the sheet's row 8.
_GRID_FIRST_ROW = 7
_FONT_SIZE = 12
#: The QR code of a table's entry page: in the top right corner (its first column; the lines
#: beside it stop before), at most this many pixels wide, the rows beside it as high (pixels).
_QR_COLUMN = 6
_QR_PIXELS = 120
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


def write_score_sheets(path: Path, tournament: str, round_number: int,
                       tables: list[dict[str, Any]], deals: int | None,
                       target: int | None) -> None:
    """Write one print-ready sheet per table ("Table 1"…) for scoring a round on paper.

    ``tables`` holds ``{"table", "team1", "players1", "team2", "players2"}`` per table, its
    entry ``code`` when it has one (``tournament serve --entry``), and the ``url`` of its entry
    page on the live page, printed under the code with its QR code in the top right corner.
    Each sheet gives the tournament, round and table, both teams and their players, and a bordered
    grid of numbered empty rows: ``deals`` rows then :data:`EXTRA_ROWS` shaded ones for the
    deals everybody passed (they do not count), or :data:`TARGET_ROWS` rows when the match
    is played to ``target``.  Below the totals row, each team has a labelled box to sign in.
    It prints portrait on A4, one page wide, the grid header repeated on a second page.
    """
    if not tables:
        raise NothingToPrint(_("round {round} has no tables; no score sheets written").format(
            round=round_number))
    match_format = []
    if deals:
        match_format += [ngettext("{count} deal", "{count} deals", deals).format(count=deals),
                         _("a deal everybody passed does not count: go on to the next line")]
    if target:
        match_format.append(_("to {target} points").format(target=target))
    header = grid_header()

    def fill(book: Book) -> None:
        styles = _Styles(book)
        for table in sorted(tables, key=lambda t: int(t["table"])):
            number = int(table["table"])
            sheet = book.sheet(_("Table {table}").format(table=number))
            where = " · ".join((round_title(round_number), _("Table {table}").format(table=number)))
            if table.get("code"):  # to enter the result from a phone (tournament serve)
                where += " · " + _("code {code}").format(code=table["code"])
            lines = [tournament, where, " · ".join(match_format)]
            _heading(book, styles, sheet, lines, table)
            totals = _grid(book, styles, sheet, header, deals or TARGET_ROWS,
                           EXTRA_ROWS if deals else 0)
            last_row = _signatures(book, styles, sheet, totals + 2, table)
            _sheet_print_setup(sheet, last_row)

    write_book(path, fill)


def _merged(book: Book, sheet: Worksheet, cells: tuple[int, int, int, int], value: Any,
            cell_format: Format | None) -> None:
    """Merge ``cells`` (first row, first column, last row, last column) holding ``value``."""
    first_row, first_column = cells[0], cells[1]
    # merged empty, then the value put in its first cell: merge_range would write a text
    # starting with "=" as a formula
    sheet.merge_range(*cells, "", cell_format)
    book.put(sheet, first_row, first_column, value, cell_format)


def _heading(book: Book, styles: _Styles, sheet: Worksheet, lines: list[str],
             table: dict[str, Any]) -> None:
    """Rows 1-3: tournament, round and table, match format; row 4: the address of the
    table's entry page (its QR code beside rows 1-4), if it has one; rows 5-6: the teams."""
    set_widths(sheet, _SHEET_WIDTHS)
    url = table.get("url")
    last = _QR_COLUMN - 1 if url else _LAST_COLUMN
    for row, (text, line_format) in enumerate(zip(lines, styles.lines, strict=True)):
        _merged(book, sheet, (row, 0, row, last), text, line_format)
    if url:
        _merged(book, sheet, (3, 0, 3, last),
                _("Result from a phone: {url}").format(url=url), styles.address)
        _entry_qr(sheet, str(url), int(table["table"]))
    for side in (1, 2):
        row = 3 + side
        book.put(sheet, row, 0, _("Team {number}").format(number=side), styles.bold)
        _merged(book, sheet, (row, 1, row, 3), table.get(f"team{side}") or "", styles.bold)
        _merged(book, sheet, (row, 4, row, _LAST_COLUMN),
                _players(table.get(f"players{side}")), styles.body)


def _entry_qr(sheet: Worksheet, url: str, number: int) -> None:
    """The QR code of ``url`` (a table's entry page) in the sheet's top right corner, as a
    PNG image beside rows 1-4 (their heights set so that it fits beside them)."""
    import io

    import segno

    code = segno.make(url, error="m")
    border = 2
    modules = code.symbol_size(scale=1, border=border)[0]
    scale = max(2, _QR_PIXELS // modules)
    image = io.BytesIO()  # made here: the hall may have no internet
    code.save(image, kind="png", scale=scale, border=border)
    size = modules * scale
    heights = [*_HEADING_ROWS, max(24, size - sum(_HEADING_ROWS))]
    for row, pixels in enumerate(heights):
        sheet.set_row_pixels(row, pixels)
    beside = sum(_SHEET_WIDTHS[_QR_COLUMN:]) * DIGIT_PIXELS  # the columns' pixels
    sheet.insert_image(0, _QR_COLUMN, f"table-{number}.png", {
        "image_data": image, "x_offset": max(0, beside - size), "object_position": 2,
        "description": url})


def _grid(book: Book, styles: _Styles, sheet: Worksheet, header: list[str], deals: int,
          extra: int) -> int:
    """The bordered grid: header, one numbered empty row per deal, ``extra`` shaded numbered
    rows, totals.  Returns the totals row."""
    for column, text in enumerate(header):
        book.put(sheet, _GRID_FIRST_ROW, column, text, styles.grid_header)
    sheet.set_row(_GRID_FIRST_ROW, 32)
    write_number, write_blank, set_row = sheet.write_number, sheet.write_blank, sheet.set_row
    for deal in range(1, deals + extra + 1):
        row = _GRID_FIRST_ROW + deal
        number_format, blank_format = styles.line if deal <= deals else styles.extra_line
        set_row(row, 22)
        write_number(row, 0, deal, number_format)
        for column in range(1, _LAST_COLUMN + 1):
            write_blank(row, column, None, blank_format)
    totals = _GRID_FIRST_ROW + deals + extra + 1
    sheet.set_row(totals, 24)
    _merged(book, sheet, (totals, 0, totals, 3), _("Totals"), styles.totals_label)
    for column in range(4, _LAST_COLUMN + 1):
        write_blank(totals, column, None, styles.totals)
    return totals


def _signatures(book: Book, styles: _Styles, sheet: Worksheet, first_row: int,
                table: dict[str, Any]) -> int:
    """"Signatures", then per team a label row over its own bordered box, side by side.

    Returns the last row used.
    """
    book.put(sheet, first_row, 0, _("Signatures"), styles.bold)
    label_row, box_top = first_row + 1, first_row + 2
    box_bottom = box_top + _BOX_ROWS - 1
    for side, (first, last) in enumerate(_BOXES, start=1):
        label = _("Team {number}: {team}").format(
            number=side, team=table.get(f"team{side}") or "").strip()
        _merged(book, sheet, (label_row, first, label_row, last), label, styles.body)
        sheet.merge_range(box_top, first, box_bottom, last, "", None)
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
