"""What reading a teams or results file may cost, and the checks that keep it there.

A file is data from anywhere: a spreadsheet mailed by a club, a form's export, a file made to
hurt.  Reading one stays within seconds and 200 MiB whatever it holds:

- a file larger than :data:`MAX_FILE_BYTES` is not read at all;
- rows are read one by one (:func:`collect`) and reading stops at the first one past
  :data:`SHEET_ROWS` or holding something past :data:`SHEET_COLUMNS`: blank rows cost
  nothing kept, and the header and the teams or results are within them;
- a workbook is checked before python-calamine opens it (:func:`check_workbook`).  calamine
  unzips each part only up to the size the archive declares for it, but then holds what it
  reads in full: a sheet as one grid from its first to its farthest cell holding something
  (one value in XFD1048576 asks for 17 billion cells; a ``<dimension ref="A1:XFD1048576">``
  with three cells costs nothing), every sheet of an .ods file at once, with its repeated
  rows and cells expanded (a 1 KB file can repeat a cell a billion times), every shared
  string, sheet name and named range.  An allocation that fails there aborts the process
  rather than raising, so what it would build is counted from the XML first (:class:`_Scan`).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable, Sequence

from coinche_cli.errors import RowsRefused, escaped_text
from coinche_cli.i18n import _
from coinche_cli.names import echo

#: The largest file read, CSV or workbook: 10,000 teams of 8 columns take 1 MiB in any format.
MAX_FILE_BYTES = 10 * 2**20
#: What a workbook's parts may unpack to in all, and an .ods file's repeated cells expand to.
#: Those 10,000 teams unpack to 4.6 MB (.xlsx) or 10.5 MB (.ods); calamine holds up to three
#: times what it unpacks (shared strings, sheet names), so 50 MiB would not fit in 200 MiB.
MAX_UNPACKED_BYTES = 20 * 2**20
#: A workbook's parts (zipfile keeps 500 bytes for each, calamine as much again); its sheets,
#: named ranges and links (calamine keeps a few strings for each: 300 bytes).
MAX_PARTS = 10_000
MAX_NAMES = 10_000
#: The most teams or results one import holds.
MAX_IMPORT_ROWS = 10_000
#: How far an import reads: the rows of teams or results and a hundred more (a header, titles,
#: blank rows), and the columns.  calamine holds a sheet's grid at 56 bytes a cell (twice that
#: while it builds it), so their product bounds it at about 55 MiB.
SHEET_ROWS = MAX_IMPORT_ROWS + 100
SHEET_COLUMNS = 50
#: The cells a workbook's sheets may hold in all, repeated ones counted, as calamine holds them.
MAX_CELLS = SHEET_ROWS * SHEET_COLUMNS
#: The largest table number or score a file may give (the operations then check what is
#: plausible for the match format): a number past it is no concours's.
MAX_NUMBER = 10**9

_ZIP_MAGIC = b"PK\x03\x04"
#: The rows of a file that are not blank: (spreadsheet row number, cell texts), in order.
Grid = list[tuple[int, list[str]]]


class FileProblem(RowsRefused):
    """A teams or results file that cannot be imported; nothing from it is used.

    The text is what is wrong with the file as a whole ("3 bad rows in equipes.csv; nothing
    imported"), then one line per bad row with its number, at most
    :data:`coinche_cli.errors.MAX_ROWS` of them and then "… and N more" (the command line
    prints each line as an ``error:`` line).  ``summary`` is the first line; ``problems``
    keeps every bad row, none left out.
    """

    def __init__(self, summary: str, problems: Sequence[str] = ()) -> None:
        super().__init__(summary, problems)


def column_letter(index: int) -> str:
    """A column's letters: 0 is A, 26 is AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def mib(size: int) -> str:
    """A size as a refusal states it: ``10 MiB``."""
    return _("{size} MiB").format(size=f"{size / 2**20:g}")


def too_many_rows(name: str, row: int) -> FileProblem:
    """Row ``row`` holds something, and it is one too many (past the teams or results an
    import holds, or past the rows it reads)."""
    return FileProblem(_("{file}: more than {most:,} rows of teams or results (row {row:,} is one "
                         "too many); an import holds at most {most:,}: split the file; nothing "
                         "imported").format(file=name, row=row, most=MAX_IMPORT_ROWS))


def _too_wide(name: str, row: int, column: int) -> FileProblem:
    return FileProblem(_("{file}: cell {cell} holds something, but an import reads no further "
                         "than column {last} ({most} columns); delete it, or copy the table to a "
                         "new sheet; nothing imported").format(
                             file=name, cell=f"{column_letter(column)}{row + 1}",
                             last=column_letter(SHEET_COLUMNS - 1), most=SHEET_COLUMNS))


def quoted(text: str) -> str:
    """Input as an error line quotes it without quotes: at most 80 characters, control
    characters escaped (a value is data: it must not move the cursor or break the line)."""
    return escaped_text(echo(text))


def unreadable(name: str, exc: Exception) -> FileProblem:
    """The file is the user's, in any state: whatever a reader chokes on becomes one clear
    refusal rather than a traceback (the first line of what it said)."""
    text = str(exc).strip()
    reason = quoted(text.splitlines()[0]) if text else type(exc).__name__
    return FileProblem(_("{file}: cannot read it ({reason}); nothing imported").format(
        file=name, reason=reason))


def collect(name: str, rows: Iterable[list[str]], clean: Callable[[str], str]) -> Grid:
    """The rows that are not blank, numbered from 1, the empty cells at their end dropped and
    the others ``clean``-ed.  Reading stops at the first row past :data:`SHEET_ROWS`, or
    holding something past :data:`SHEET_COLUMNS`: the rest of the file is not read."""
    grid: Grid = []
    for number, row in enumerate(rows, 1):
        while row and not row[-1].strip():
            row.pop()
        if not row:
            continue
        if number > SHEET_ROWS:
            raise too_many_rows(name, number)
        if len(row) > SHEET_COLUMNS:
            raise _too_wide(name, number - 1, len(row) - 1)
        grid.append((number, [clean(cell) for cell in row]))
    return grid


def check_workbook(name: str, data: bytes) -> None:
    """Refuse a workbook python-calamine would spend more on than it may, before it opens it:
    one that is not a zip archive (calamine would take it for an old .xls file, which nothing
    here checks) or is an .xlsb one, too many parts, parts unpacking to more than
    :data:`MAX_UNPACKED_BYTES` as the archive declares them, or what :class:`_Scan` finds in
    the parts calamine reads: an .ods file's content, an .xlsx file's workbook, links and first
    sheet (calamine tries the .xlsx reading first and then the .ods one: both are scanned)."""
    import posixpath
    import zipfile

    if not data.startswith(_ZIP_MAGIC):
        raise FileProblem(_("{file}: not an .xlsx or .ods workbook; save it as .xlsx, .ods or "
                            ".csv; nothing imported").format(file=name))
    if data.count(b"PK\x01\x02") > MAX_PARTS:  # one a part: counted before zipfile lists them
        raise FileProblem(_("{file}: the workbook holds more than {most:,} parts, more than any "
                            "spreadsheet; nothing imported").format(file=name, most=MAX_PARTS))
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = {info.filename: info.file_size for info in archive.infolist()}
            if sum(parts.values()) > MAX_UNPACKED_BYTES:
                raise FileProblem(_("{file}: the workbook unpacks to more than {most} (repeated "
                                    "cells counted), more than any file of teams or results; "
                                    "nothing imported").format(
                                        file=name, most=mib(MAX_UNPACKED_BYTES)))
            if "xl/workbook.bin" in parts:  # binary sheets, which the scan cannot read
                raise FileProblem(_("{file}: not an .xlsx or .ods workbook; save it as .xlsx, .ods "
                                    "or .csv; nothing imported").format(file=name))

            def read(part: str) -> bytes:
                # read(n), not read(): inflated n bytes at a time, and no further than the
                # size declared (a part declaring less than it holds is cut, not inflated)
                with archive.open(part) as file:
                    return file.read(parts[part])

            if "content.xml" in parts:
                _Scan(name, ods=True).feed(read("content.xml"))
            if parts.keys() & {"xl/workbook.xml", "xl/_rels/workbook.xml.rels"}:
                scan = _Scan(name, ods=False)
                for part in ("xl/workbook.xml", "xl/_rels/workbook.xml.rels"):
                    scan.feed(read(part) if part in parts else b"<none/>")
                # the first sheet, however calamine resolves its link; without it, every
                # part is scanned as if it were the first sheet
                target = scan.links.get(scan.first_link, "")
                found = {target.lstrip("/"), f"xl/{target}", posixpath.normpath(f"xl/{target}")}
                for part in sorted(parts.keys() & found or parts):
                    scan.sheet(read(part))
    except FileProblem:
        raise
    except Exception as exc:  # not a zip, a damaged part, a DOCTYPE, a repeat that is no number
        raise unreadable(name, exc) from None


#: Elements naming a sheet, a named range or a link, in an .xlsx workbook and its links or
#: in an .ods file's content: calamine keeps a few strings for each.
_NAMED = {"sheet", "definedName", "Relationship", "table:table", "table:named-range",
          "table:named-expression"}
_ODS_CELLS = ("table:table-cell", "table:covered-table-cell")
_CELL_REF = re.compile(r"([A-Za-z]{1,9})([0-9]{1,9})")


class _Scan:
    """Counts what python-calamine would build from a workbook's XML, read by expat (nothing
    kept), and refuses, naming the limit, the first thing past one: a cell of the first sheet
    holding something past its rows or columns, more than :data:`MAX_CELLS` cells over the
    sheets (each sheet a grid from A1 to its farthest cell, repeated cells counted), repeated
    cells expanding to more than :data:`MAX_UNPACKED_BYTES`, more than :data:`MAX_NAMES`
    sheets, named ranges and links.  Element names are calamine's: an .xlsx part's without
    their prefix, an .ods part's with theirs; a cell holds something as calamine reads it (an
    .xlsx one has a child, an .ods one an ``office:`` attribute or a formula)."""

    def __init__(self, name: str, *, ods: bool) -> None:
        self.name = name
        self.ods = ods
        self.first = True  # scanning the first sheet, the one an import reads
        self.names = self.count = self.done = self.expanded = 0
        self.row = self.col = 0  # where the next row or cell goes when it does not say
        self.repeat = 1  # times the .ods row being read repeats
        self.high = (-1, -1)  # the farthest row and column holding something in this sheet
        # the cell being read: .xlsx (row, column, holds something), .ods (its first byte,
        # times it is repeated, length of its attributes) when it holds something
        self.cell: tuple[int, int, int] | None = None
        self.extra = 0  # spaces the .ods cell's <text:s text:c="N"/> elements add
        self.links: dict[str, str] = {}
        self.first_link = ""

    def feed(self, data: bytes) -> None:
        """Read one part's XML."""
        from xml.parsers import expat

        self.parser = expat.ParserCreate()
        # no spreadsheet part declares a DOCTYPE: refusing it refuses its entities' expansion
        self.parser.StartDoctypeDeclHandler = self._doctype
        self.parser.StartElementHandler = self._start
        self.parser.EndElementHandler = self._end
        self.parser.Parse(data, True)

    def sheet(self, data: bytes) -> None:
        """Read an .xlsx sheet's XML."""
        self.row = self.col = 0
        self.high = (-1, -1)
        self.feed(data)

    def _doctype(self, *_: object) -> None:
        raise ValueError("a workbook part declares a DOCTYPE")

    def _start(self, name: str, attrs: dict[str, str]) -> None:
        local = name if self.ods else name.rpartition(":")[2]
        if local in _NAMED:
            self.names += 1
            if self.names > MAX_NAMES:
                raise FileProblem(_("{file}: the workbook has more than {most:,} sheets, named "
                                    "ranges and links; nothing imported").format(
                                        file=self.name, most=MAX_NAMES))
            if local == "table:table":  # calamine reads a sheet's rows from its start
                self.row = 0
            if local == "sheet" and not self.first_link:
                self.first_link = next((v for k, v in attrs.items() if k.endswith(":id")), "-")
            self.links[attrs.get("Id", "")] = attrs.get("Target", "")
        elif local == "table:table-row":
            self.repeat, self.col = _times(attrs.get("table:number-rows-repeated")), 0
        elif local == "row" and "r" in attrs:
            self.row = int(attrs["r"]) - 1
        elif local == "c":  # an .xlsx cell: where its reference says, else after the last
            ref = _CELL_REF.fullmatch(attrs.get("r", "A1"))
            if ref is None:
                raise ValueError(f"cell reference “{echo(attrs['r'])}”")
            row = int(ref[2]) - 1 if "r" in attrs else self.row
            self.col = _column_index(ref[1]) if "r" in attrs else self.col
            self.cell = (row, self.col, 0)
        elif local in _ODS_CELLS:
            columns = _times(attrs.get("table:number-columns-repeated"))
            if any(key.startswith("office:") or key == "table:formula" for key in attrs):
                self._holds(self.row, columns, self.repeat)
                self.cell = (self.parser.CurrentByteIndex, columns * self.repeat,
                             sum(map(len, attrs.values())))
            self.col += columns
        elif local == "text:s" and self.cell:
            self.extra += _times(attrs.get("text:c"))
        elif self.cell and not self.ods:  # a <v>, <is> or <f>: the cell holds something
            self.cell = (self.cell[0], self.cell[1], 1)

    def _end(self, name: str) -> None:
        local = name if self.ods else name.rpartition(":")[2]
        if local == "row":
            self.row, self.col = self.row + 1, 0
        elif local == "table:table-row":
            self.row += self.repeat
        elif local == "table:table":  # the next sheets are not read, but calamine holds them
            self.done += (self.high[0] + 1) * (self.high[1] + 1)
            self.high, self.first = (-1, -1), False
        elif local == "c" and self.cell:
            row, self.col, holds = self.cell
            if holds:
                self._holds(row, 1, 1)
            self.col, self.cell = self.col + 1, None
        elif local in _ODS_CELLS and self.cell:
            start, times, attributes = self.cell
            size = max(self.parser.CurrentByteIndex - start, attributes) + self.extra
            self.expanded += size * times  # calamine copies a repeated cell's text each time
            self.cell, self.extra = None, 0
            if self.expanded > MAX_UNPACKED_BYTES:
                raise FileProblem(_("{file}: the workbook unpacks to more than {most} (repeated "
                                    "cells counted), more than any file of teams or results; "
                                    "nothing imported").format(
                                        file=self.name, most=mib(MAX_UNPACKED_BYTES)))

    def _holds(self, row: int, columns: int, rows: int) -> None:
        """The cell at ``row`` and ``self.col``, repeated on ``columns`` columns and ``rows``
        rows, holds something."""
        last_row, last_col = row + rows - 1, self.col + columns - 1
        if self.first and last_col >= SHEET_COLUMNS:
            raise _too_wide(self.name, last_row, last_col)
        if self.first and last_row >= SHEET_ROWS:
            raise too_many_rows(self.name, last_row + 1)
        self.high = (max(self.high[0], last_row), max(self.high[1], last_col))
        self.count += columns * rows  # an .xlsx sheet may give one cell many times
        used = self.done + (self.high[0] + 1) * (self.high[1] + 1)
        if max(used, self.count) > MAX_CELLS:
            raise FileProblem(_("{file}: the workbook's sheets hold more than {most:,} cells "
                                "(repeated cells counted); nothing imported").format(
                                    file=self.name, most=MAX_CELLS))


def _times(text: str | None) -> int:
    """An .ods repeat count (calamine reads it as an unsigned number; 0 is counted as 1)."""
    return max(1, int(text)) if text else 1


def _column_index(letters: str) -> int:
    index = 0
    for letter in letters.upper():
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1
