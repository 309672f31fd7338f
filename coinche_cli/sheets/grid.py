"""Reading a spreadsheet into rows of text: a CSV file (``;``, ``,`` or tab between cells;
UTF-8 with or without a BOM, UTF-16, or Windows-1252 as an older French Excel writes it), read
by the standard ``csv`` module, or a workbook (``.xlsx``, ``.xlsm``, LibreOffice's ``.ods``:
its first sheet, as values), read by python-calamine, imported only when a workbook is read.
Every cell becomes text; blank rows are counted (row numbers stay right) but not kept.  What
reading may cost is bounded (:mod:`coinche_cli.sheets.limits`).  The columns are found by
:mod:`coinche_cli.sheets.reading`.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from coinche_cli.errors import filled
from coinche_cli.i18n import _
from coinche_cli.sheets.limits import (
    MAX_FILE_BYTES,
    FileProblem,
    Grid,
    check_workbook,
    collect,
    mib,
    unreadable,
)

_WORKBOOK_SUFFIXES = {".xlsx", ".xlsm", ".ods"}
_ZIP_MAGIC = b"PK\x03\x04"
_SEPARATORS = (";", ",", "\t")
#: A header is looked for among the first rows that are not blank (a title may come first).
HEADER_SEARCH = 10


# --- reading a file into rows of text -------------------------------------------------------

#: Runs of spaces that are not control characters (those stay, for the name checks to see).
_SPACE_RUN = re.compile(r"[^\S\x00-\x1f\x7f-\x9f]+")


def _decode(data: bytes) -> tuple[str, str] | None:
    """CSV bytes as text, and the encoding that reads them; None if none does."""
    bom = data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    for encoding in ("utf-16",) if bom else ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        return None if "\x00" in text else (text, encoding)
    return None


def _clean(text: str) -> str:
    """A cell's text, stripped, with one space between words: no-break spaces and line
    separators are spaces; control characters (a line break, ESC) stay, for a name holding
    one to be refused and a quoted value to show it escaped."""
    text = text.strip()
    if text.isprintable() and "  " not in text:  # most cells: nothing to change
        return text
    return _SPACE_RUN.sub(" ", text)


def _split(line: str, sep: str) -> list[str]:
    return [_clean(cell) for cell in next(csv.reader([line], delimiter=sep), [])]


def _separator(text: str, is_key: Callable[[str], bool]) -> str:
    """The separator under which a line near the top names the key column (the one it uses
    most if several do); without such a line, the one the first line uses most.

    Looking for the header rather than counting separators over the file keeps a title
    above the header, or commas in a ``;`` file's player lists, from misleading the choice.
    """
    lines: list[str] = []  # the first lines with a cell that is not blank, found lazily
    for match in re.finditer(r"[^\r\n]+", text):
        if match[0].strip(" ;,\t\"'"):
            lines.append(match[0])
            if len(lines) == HEADER_SEARCH:
                break
    for line in lines:
        naming = [sep for sep in _SEPARATORS if any(is_key(cell) for cell in _split(line, sep))]
        if naming:
            return max(naming, key=line.count)
    first = next((m[0].strip() for m in re.finditer(r"[^\r\n]*\S[^\r\n]*", text)), "")
    best = max(_SEPARATORS, key=first.count)
    return best if first.count(best) else ","


def _csv_rows(name: str, data: bytes, is_key: Callable[[str], bool]) -> Grid:
    """The rows of a CSV file, blank lines counted (so numbers stay right) but not kept."""
    decoded = _decode(data)
    if decoded is None:
        raise FileProblem(_("{file}: not a CSV file in UTF-8, UTF-16 or Windows-1252; nothing "
                            "imported").format(file=name))
    text, encoding = decoded
    if not text.strip():
        return []
    separator = _separator(text, is_key)
    del text  # decoded again line by line as they are read: the text need not be held twice
    longest = 2 * csv.field_size_limit()

    def lines() -> Iterator[str]:
        # a longer line holds a cell the csv module refuses, or more separators than any
        # spreadsheet writes: refused before csv makes a list of a million empty cells of it
        for number, line in enumerate(io.TextIOWrapper(io.BytesIO(data), encoding,
                                                       newline=""), 1):
            if len(line) > longest:
                reason = _("line {line} is longer than {most:,} characters").format(
                    line=number, most=longest)
                raise FileProblem(_("{file}: cannot read it ({reason}); nothing imported").format(
                    file=name, reason=reason))
            yield line

    reader = csv.reader(lines(), delimiter=separator, strict=True)
    done = [0]  # the line the last whole row ended on (a quoted cell may hold line breaks)

    def rows() -> Iterator[list[str]]:
        for row in reader:
            yield row
            done[0] = reader.line_num

    try:
        grid = collect(name, rows(), _clean)
    except csv.Error as exc:  # an unclosed quote, text after a closing one, a huge cell
        limit = csv.field_size_limit()
        reason = (_("line {line}: a cell holds more than {most:,} characters").format(
                      line=done[0] + 1, most=limit) if str(limit) in str(exc)
                  else _("line {line}: a quote is not closed, or text follows a closing "
                         "quote").format(line=done[0] + 1))
        raise FileProblem(_("{file}: cannot read it ({reason}); nothing imported").format(
            file=name, reason=reason)) from None
    mixed = _mixed_separators(grid, separator, is_key)
    if mixed is not None:
        line, other = mixed
        raise FileProblem(filled(_("{file}: the header is separated by “{header}” and line "
                                   "{line} by “{other}”; save the file with one separator; "
                                   "nothing imported"), file=name,
                                 header=_separator_shown(separator), line=line,
                                 other=_separator_shown(other)))
    return grid


def _separator_shown(separator: str) -> str:
    """A separator as a refusal shows it: a tab is invisible, so it is named."""
    return _("tab") if separator == "\t" else separator


def _mixed_separators(grid: Grid, separator: str,
                      is_key: Callable[[str], bool]) -> tuple[int, str] | None:
    """The first row below the header written with another separator than the header's,
    and that separator; None when there is none.

    Such a row reads as one cell (``Les As,Ana,Bob`` under a ``;`` header): it is one when it
    holds a single cell that another separator cuts into exactly as many cells as the header
    has (a team's name with a comma in it, alone on its row, is not cut into that many).
    """
    header_at = next((i for i, (_row, cells) in enumerate(grid[:HEADER_SEARCH])
                      if any(is_key(cell) for cell in cells)), None)
    if header_at is None:
        return None
    header = grid[header_at][1]
    width = max((i + 1 for i, cell in enumerate(header) if cell), default=0)
    if width < 2:
        return None
    for row, cells in grid[header_at + 1:]:
        filled = [cell for cell in cells if cell]
        if len(filled) != 1 or cells[0] != filled[0]:
            continue
        for other in _SEPARATORS:
            if other != separator and len(_split(filled[0], other)) == width:
                return row, other
    return None


def _shown(value: object) -> str:
    """A workbook value as the text of its cell: a whole number without ``.0`` (12.0 is
    "12"), a date as 2024-05-12 (and its time when it has one), a boolean as TRUE/FALSE."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    import datetime  # python-calamine has loaded it already; a CSV import does without it

    if isinstance(value, datetime.datetime):
        if value.time() == datetime.time():
            return value.date().isoformat()
        return value.isoformat(" ", "seconds" if value.second else "minutes")
    if isinstance(value, datetime.time):
        return value.isoformat("seconds" if value.second else "minutes")
    return str(value)  # int, date, timedelta: their usual text


def _workbook_rows(name: str, data: bytes) -> Grid:
    """The rows of a workbook's first sheet (.xlsx, .xlsm or .ods), as values, once
    :func:`check_workbook` found nothing python-calamine would run away on."""
    check_workbook(name, data)
    import python_calamine  # compiled reader, imported only when a workbook is read

    try:
        book = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
        sheet = book.get_sheet_by_index(0)
        # rows come from row 1 on, columns from the first holding something: pad them
        pad = [""] * (sheet.start[1] if sheet.start else 0)
        return collect(name, ([*pad, *map(_shown, row)] for row in sheet.iter_rows()), _clean)
    except FileProblem:
        raise
    except Exception as exc:  # a damaged or foreign file: see unreadable
        raise unreadable(name, exc) from None


def read_grid(path: Path, is_key: Callable[[str], bool]) -> Grid:
    """Every row of the file that is not blank, with its spreadsheet row number."""
    name = path.name
    if not path.is_file():
        raise FileProblem(_("{file}: no such file").format(file=name))
    suffix = path.suffix.lower()
    if suffix == ".xls":
        raise FileProblem(_("{file}: old .xls workbooks cannot be read; save it as .xlsx, .ods or "
                            ".csv").format(file=name))
    try:
        too_large = path.stat().st_size > MAX_FILE_BYTES
        with path.open("rb") as file:  # at most one byte more than allowed, whatever stat said
            data = b"" if too_large else file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise FileProblem(_("{file}: cannot read it ({reason}); nothing imported").format(
            file=name, reason=exc.strerror)) from None
    if too_large or len(data) > MAX_FILE_BYTES:
        raise FileProblem(_("{file}: larger than {most}, more than any file of teams or results; "
                            "nothing imported").format(file=name, most=mib(MAX_FILE_BYTES)))
    if suffix in _WORKBOOK_SUFFIXES or data.startswith(_ZIP_MAGIC):
        grid = _workbook_rows(name, data)
    else:
        grid = _csv_rows(name, data, is_key)
    if not grid:
        raise FileProblem(_("{file}: the file is empty; nothing imported").format(file=name))
    return grid
