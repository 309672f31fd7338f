"""Hostile spreadsheets: each is imported by the installed command under the limits of
:data:`tests.hostile.conftest.LIMITS` (200 MiB, 10 s) and is refused with exit code 2, the
refusal's lines and no traceback, the store unchanged (the harness checks it), or, for what
costs nothing to read, read.

What each file would have done without the checks of ``coinche_cli.sheets.limits``
(measured under the same limits): the zip bombs, a value in XFD1048576 and the .ods repeats
make python-calamine allocate gigabytes, and a failed allocation aborts the process (SIGABRT,
a Rust backtrace); a ``<dimension ref="A1:XFD1048576">`` with three cells costs nothing.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest
from openpyxl import Workbook

from tests.conftest import Concours
from tests.harness import Cli

MIB = 2**20
#: The namespaces an .ods file's content declares (calamine matches the prefixes).
ODS_NAMESPACES = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
)
#: The manifest calamine looks into (for a password) before the content.
MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest='
    '"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
    '<manifest:file-entry manifest:full-path="/" manifest:media-type='
    '"application/vnd.oasis.opendocument.spreadsheet"/></manifest:manifest>'
)
#: A part's content: its text, or a function writing it in pieces (a bomb never in memory).
Part = str | Callable[[IO[bytes]], None]


def archive(path: Path, parts: dict[str, Part]) -> Path:
    """A zip archive of ``parts``, deflated as hard as zlib can."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zipped:
        for name, part in parts.items():
            if isinstance(part, str):
                stored = zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED
                zipped.writestr(name, part, stored)
            else:
                with zipped.open(name, "w", force_zip64=True) as file:
                    part(file)
    return path


def repeated(head: str, unit: str, tail: str, size: int) -> Callable[[IO[bytes]], None]:
    """A part of ``size`` bytes or so: ``head``, ``unit`` over and over, ``tail``."""
    def write(file: IO[bytes]) -> None:
        block = unit.encode() * (MIB // len(unit))
        file.write(head.encode())
        for _ in range(size // len(block)):
            file.write(block)
        file.write(tail.encode())
    return write


def xlsx_parts(rows: list[list[str]]) -> dict[str, Part]:
    """The parts of a real workbook openpyxl writes, ``rows`` on its first sheet."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    saved = io.BytesIO()
    book.save(saved)
    with zipfile.ZipFile(saved) as zipped:
        return {name: zipped.read(name).decode() for name in zipped.namelist()}


def with_sheet(rows: list[list[str]], edit: Callable[[str], Part]) -> dict[str, Part]:
    """A real workbook whose first sheet's XML is ``edit``-ed."""
    parts = xlsx_parts(rows)
    sheet = parts["xl/worksheets/sheet1.xml"]
    assert isinstance(sheet, str)
    parts["xl/worksheets/sheet1.xml"] = edit(sheet)
    return parts


def ods_parts(table: str, *more: str) -> dict[str, Part]:
    """An .ods file, as LibreOffice's reader needs it, whose first sheet's rows are
    ``table`` (and more sheets, given whole)."""
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content '
               f'{ODS_NAMESPACES} office:version="1.2"><office:body><office:spreadsheet>'
               f'<table:table table:name="Feuille1">{table}</table:table>{"".join(more)}'
               f"</office:spreadsheet></office:body></office:document-content>")
    return {"mimetype": "application/vnd.oasis.opendocument.spreadsheet",
            "META-INF/manifest.xml": MANIFEST, "content.xml": content}


def ods_row(*cells: str, repeat: int = 1) -> str:
    texts = "".join(f'<table:table-cell office:value-type="string"><text:p>{cell}</text:p>'
                    f"</table:table-cell>" for cell in cells)
    return f'<table:table-row table:number-rows-repeated="{repeat}">{texts}</table:table-row>'


TEAMS = [["Équipe", "Joueur 1"], ["Les As", "Ana"], ["Les Rois", "Cid"]]
HEADER = ods_row("Équipe", "Joueur 1")


@pytest.fixture
def director(hostile: Cli, concours: Concours) -> Cli:
    """``coinche tournament …`` under the limits, a concours created (no team yet)."""
    return concours(0, on=hostile, name="C")


@pytest.fixture
def paired(hostile: Cli, concours: Concours) -> Cli:
    """Two teams paired in round 1 (table 1), for results files."""
    return concours(2, on=hostile, name="C", pair=True)


def refused(cli: Cli, path: Path, *, command: tuple[str, ...] = ("team", "import")) -> str:
    """The one refusal line of an import of ``path`` (no traceback: the harness checks the
    one line, the exit code 2 and the store)."""
    line = cli.refused(*command, str(path))
    assert "Traceback" not in cli.last.stderr
    return line


# --- workbooks that unpack, or expand, to far more than they weigh ----------------------------


def test_an_xlsx_zip_bomb_is_refused_from_its_declared_sizes(director: Cli,
                                                             tmp_path: Path) -> None:
    def bomb(sheet: str) -> Part:  # 256 MiB of cells in 650 KB
        head, _, rest = sheet.partition("<sheetData>")
        return repeated(f"{head}<sheetData><row>", '<c t="n"><v>1</v></c>',
                        f"</row></sheetData>{rest.partition('</sheetData>')[2]}", 256 * MIB)
    path = archive(tmp_path / "bombe.xlsx", with_sheet(TEAMS, bomb))
    assert path.stat().st_size < MIB
    assert refused(director, path) == (
        "error: bombe.xlsx: the workbook unpacks to more than 20 MiB (repeated cells counted), "
        "more than any file of teams or results; nothing imported")


def test_an_ods_zip_bomb_is_refused(director: Cli, tmp_path: Path) -> None:
    parts = ods_parts(HEADER)
    parts["content.xml"] = repeated(
        f"<office:document-content {ODS_NAMESPACES}><office:body><office:spreadsheet>"
        f'<table:table table:name="F">{HEADER}',
        ods_row("Les As", "Ana"), "</table:table></office:spreadsheet></office:body>"
        "</office:document-content>", 256 * MIB)
    path = archive(tmp_path / "bombe.ods", parts)
    assert path.stat().st_size < 2 * MIB
    assert "unpacks to more than 20 MiB" in refused(director, path)


def test_a_part_declaring_less_than_it_holds_is_not_inflated(director: Cli,
                                                             tmp_path: Path) -> None:
    # the archive says the sheet is 2,000 bytes (with the checksum of those 2,000) and it
    # holds 64 MiB: read no further than declared, it is a broken sheet
    def bomb(sheet: str) -> Part:
        return repeated(sheet.partition("<sheetData>")[0] + "<sheetData>",
                        '<row><c t="n"><v>1</v></c></row>', "</sheetData></worksheet>", 64 * MIB)
    path = archive(tmp_path / "menteur.xlsx", with_sheet(TEAMS, bomb))
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as zipped:
        info = zipped.getinfo("xl/worksheets/sheet1.xml")
        with zipped.open(info) as file:
            start = file.read(2000)
    entry = data.index(b"PK\x01\x02")  # the sheet's entry in the central directory
    while not data[entry + 46:].startswith(b"xl/worksheets/sheet1.xml"):
        entry = data.index(b"PK\x01\x02", entry + 4)
    data[entry + 16:entry + 20] = zlib.crc32(start).to_bytes(4, "little")
    data[entry + 24:entry + 28] = len(start).to_bytes(4, "little")
    path.write_bytes(bytes(data))
    assert refused(director, path).startswith(
        "error: menteur.xlsx: cannot read it (")


def test_an_ods_cell_repeated_a_billion_times_is_refused(director: Cli, tmp_path: Path) -> None:
    # 1 KB: a row of 16,000 cells repeated 1,048,000 times (calamine's own limit is 100
    # million cells, 3 GiB); then far rows below empty ones, and repeated long text
    cells = ('<table:table-row table:number-rows-repeated="1048000"><table:table-cell '
             'office:value-type="float" office:value="1" table:number-columns-repeated="16000"/>'
             "</table:table-row>")
    far = ('<table:table-row table:number-rows-repeated="1048000"><table:table-cell '
           'table:number-columns-repeated="40"/></table:table-row>' + ods_row("Les As"))
    text = ods_row("x" * 3000, repeat=10_000)
    spaces = ('<table:table-row><table:table-cell office:value-type="string"><text:p>a'
              '<text:s text:c="2000000000"/></text:p></table:table-cell></table:table-row>')
    expected = {
        cells: "cell WQJ1048001 holds something, but an import reads no further than column "
               "AX (50 columns)",
        far: "more than 10,000 rows of teams or results (row 1,048,002 is one too many)",
        text: "the workbook unpacks to more than 20 MiB (repeated cells counted)",
        spaces: "the workbook unpacks to more than 20 MiB (repeated cells counted)",
    }
    for number, (rows, refusal) in enumerate(expected.items()):
        path = archive(tmp_path / f"repete{number}.ods", ods_parts(HEADER + rows))
        assert path.stat().st_size < 4096
        assert refusal in refused(director, path)


def test_every_ods_sheet_counts_as_calamine_reads_them_all(director: Cli,
                                                           tmp_path: Path) -> None:
    # the second sheet is not imported, but calamine builds it: 600,002 rows of 10 cells
    corner = ('<table:table-row><table:table-cell office:value-type="float" office:value="1"/>'
              '</table:table-row><table:table-row table:number-rows-repeated="600000">'
              '<table:table-cell/></table:table-row><table:table-row><table:table-cell '
              'table:number-columns-repeated="9"/><table:table-cell office:value-type="float" '
              'office:value="1"/></table:table-row>')
    path = archive(tmp_path / "feuilles.ods",
                   ods_parts(HEADER + ods_row("Les As", "Ana"),
                             f'<table:table table:name="Notes">{corner}</table:table>'))
    assert refused(director, path) == (
        "error: feuilles.ods: the workbook's sheets hold more than 505,000 cells (repeated "
        "cells counted); nothing imported")


# --- a sheet's size: what it declares, and what it holds --------------------------------------


def test_a_declared_dimension_costs_nothing_and_the_teams_are_read(director: Cli,
                                                                   tmp_path: Path) -> None:
    # <dimension ref="A1:XFD1048576"> with three cells: calamine places the cells it reads
    # and reserves room for the declared range only below 100,000 cells
    def declared(sheet: str) -> Part:
        edited = re.sub(r'<dimension ref="[^"]*"\s*/>', '<dimension ref="A1:XFD1048576"/>', sheet)
        assert "A1:XFD1048576" in edited
        return edited
    path = archive(tmp_path / "equipes.xlsx",
                   with_sheet([["Équipe"], ["Les As"], ["Les Rois"]], declared))
    ran = director.run("team", "import", str(path))
    assert ran.stdout.startswith("registered 2 teams from ")


def test_a_value_in_the_last_cell_of_a_sheet_is_refused(director: Cli, tmp_path: Path) -> None:
    # three real cells and one in XFD1048576: calamine would hold 17 billion cells
    def far(sheet: str) -> Part:
        return sheet.replace("</sheetData>", '<row r="1048576"><c r="XFD1048576" '
                             't="inlineStr"><is><t>x</t></is></c></row></sheetData>')
    path = archive(tmp_path / "loin.xlsx", with_sheet(TEAMS, far))
    assert refused(director, path) == (
        "error: loin.xlsx: cell XFD1048576 holds something, but an import reads no further "
        "than column AX (50 columns); delete it, or copy the table to a new sheet; "
        "nothing imported")
    # the same far down, and the same given by cells without a reference (each after the last)
    down = archive(tmp_path / "bas.xlsx", with_sheet(TEAMS, lambda sheet: sheet.replace(
        "</sheetData>", '<row r="1048576"><c><v>1</v></c></row></sheetData>')))
    assert "(row 1,048,576 is one too many)" in refused(director, down)
    wide = archive(tmp_path / "large.xlsx", with_sheet(TEAMS, lambda sheet: sheet.replace(
        "</sheetData>", '<row r="4">' + "<c><v>1</v></c>" * 51 + "</row></sheetData>")))
    assert "cell AY4 holds something" in refused(director, wide)


def test_one_cell_given_a_million_times_is_refused(director: Cli, tmp_path: Path) -> None:
    def same(sheet: str) -> Part:
        head, _, rest = sheet.partition("<sheetData>")
        return repeated(f"{head}<sheetData><row r=\"2\">", '<c r="B2"><v>1</v></c>',
                        f"</row></sheetData>{rest.partition('</sheetData>')[2]}", 19 * MIB)
    path = archive(tmp_path / "meme.xlsx", with_sheet(TEAMS[:1], same))
    assert "hold more than 505,000 cells" in refused(director, path)


def test_a_workbook_of_ten_thousand_sheet_names_is_refused(director: Cli, tmp_path: Path) -> None:
    parts = xlsx_parts(TEAMS)
    workbook = parts["xl/workbook.xml"]
    assert isinstance(workbook, str)
    head, _, tail = workbook.partition("</sheets>")
    parts["xl/workbook.xml"] = "".join(
        [head, *(f'<sheet name="s{n}" sheetId="{n + 2}" r:id="rId1"/>' for n in range(10_001)),
         "</sheets>", tail])
    assert refused(director, archive(tmp_path / "noms.xlsx", parts)) == (
        "error: noms.xlsx: the workbook has more than 10,000 sheets, named ranges and links; "
        "nothing imported")


def test_an_archive_of_many_parts_or_not_a_workbook_is_refused(director: Cli,
                                                               tmp_path: Path) -> None:
    parts: dict[str, Part] = {f"{n}": "" for n in range(10_001)}
    assert "more than 10,000 parts" in refused(director, archive(tmp_path / "p.xlsx", parts))
    old = tmp_path / "ancien.xlsx"  # an .xls saved under another name: calamine would read it
    old.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(4096))
    assert refused(director, old) == (
        "error: ancien.xlsx: not an .xlsx or .ods workbook; save it as .xlsx, .ods or .csv; "
        "nothing imported")
    doctype = with_sheet(TEAMS, lambda sheet: '<!DOCTYPE w [<!ENTITY a "aaaaaaaaaa">]>' + sheet)
    assert "declares a DOCTYPE" in refused(director, archive(tmp_path / "d.xlsx", doctype))


# --- CSV files ------------------------------------------------------------------------------


def test_a_file_over_10_mib_is_not_read(director: Cli, tmp_path: Path) -> None:
    path = tmp_path / "equipes.csv"
    with path.open("w", encoding="utf-8") as file:
        file.write("Équipe;Joueur 1\n")
        for _ in range(20):
            file.write("Les As;Ana\n" * (MIB // 11 + 1))
    assert path.stat().st_size > 20 * MIB
    assert refused(director, path) == (
        "error: equipes.csv: larger than 10 MiB, more than any file of teams or results; "
        "nothing imported")


def test_10_001_teams_are_refused_and_past_the_rows_read_nothing_is(director: Cli,
                                                                    tmp_path: Path) -> None:
    path = tmp_path / "equipes.csv"
    path.write_text("Équipe\n" + "".join(f"Équipe {n}\n" for n in range(10_001)),
                    encoding="utf-8")
    assert refused(director, path) == (
        "error: equipes.csv: more than 10,000 rows of teams or results (row 10,002 is one too "
        "many); an import holds at most 10,000: split the file; nothing imported")
    # a quote left open on row 20,000 is never reached: reading stopped at row 10,101
    path.write_text("Équipe\n" + "".join(f"Équipe {n}\n" for n in range(19_998)) + '"\n',
                    encoding="utf-8")
    assert "(row 10,101 is one too many)" in refused(director, path)
    # and so for results
    path = tmp_path / "resultats.csv"
    path.write_text("Table;Score 1;Score 2\n" + "".join(f"{n};1;0\n" for n in range(1, 10_002)),
                    encoding="utf-8")
    assert "(row 10,002 is one too many)" in refused(director, path,
                                                     command=("result", "--import"))


def test_a_line_of_a_million_cells_is_refused(director: Cli, tmp_path: Path) -> None:
    path = tmp_path / "equipes.csv"
    path.write_text("Équipe\nLes As" + ";" * 9 * MIB + "\n", encoding="utf-8")
    assert refused(director, path) == (
        "error: equipes.csv: cannot read it (line 2 is longer than 262,144 characters); "
        "nothing imported")
    path.write_text("Équipe;Joueur 1\nLes As;Ana" + ";" * 60 + "x\n", encoding="utf-8")
    assert "cell BJ2 holds something" in refused(director, path)


# --- names and numbers are data -------------------------------------------------------------


def test_names_that_would_move_the_terminal_are_bad_rows(director: Cli, tmp_path: Path) -> None:
    link = "\x1b]8;;https://example.com\x1b\\Les As\x1b]8;;\x1b\\"
    names = ["Les\nAs", "\x1b[2J\x1b[HLes Rois", link, "\u202eLes Dames", "X" * 300]
    path = tmp_path / "equipes.csv"
    rows = "".join(f'"{name}";Ana\r\n' for name in names)
    path.write_text(f"Équipe;Joueur 1\r\nLes Valets;Ana\r\nLes Dix;\"Bob\x07\"\r\n{rows}"
                    "Les Neuf;Eve;\x1b[31mRouge\r\n", encoding="utf-8")
    lines = director.refused_rows("team", "import", str(path))
    assert "Traceback" not in director.last.stderr
    assert lines == [
        "7 bad rows in equipes.csv; nothing imported",
        "equipes.csv: row 3: players: “Bob\\x07” holds a control or direction character "
        "(U+0007); type the name without it",
        "equipes.csv: row 4: team: “Les\\nAs” holds a control or direction character "
        "(U+000A); type the name without it",
        "equipes.csv: row 5: team: “\\x1b[2J\\x1b[HLes Rois” holds a control or direction "
        "character (U+001B); type the name without it",
        "equipes.csv: row 6: team: “\\x1b]8;;https://example.com\\x1b\\Les As\\x1b]8;;\\x1b\\” "
        "holds a control or direction character (U+001B); type the name without it",
        "equipes.csv: row 7: team: “\\u202eLes Dames” holds a control or direction character "
        "(U+202E); type the name without it",
        f"equipes.csv: row 8: team: “{'X' * 79}…” is too long: a name has at most 100 "
        "characters",
        "equipes.csv: row 9: column C: “\\x1b[31mRouge” is in a column without a header",
    ]
    assert "\x1b" not in director.last.stderr and "\u202e" not in director.last.stderr


def test_numbers_no_spreadsheet_of_a_concours_holds_are_bad_rows(paired: Cli,
                                                                 tmp_path: Path) -> None:
    path = tmp_path / "resultats.csv"
    path.write_text("Table;Score 1;Score 2\n1;1e300;0\n2;" + "9" * 5000 + ";0\n"
                    "3;1²;0\n4;①;0\n5;1_000;١٢\n6;1000000001;-0\n", encoding="utf-8")
    lines = paired.refused_rows("result", "--import", str(path))
    assert "Traceback" not in paired.last.stderr
    assert lines == [
        "6 bad rows in resultats.csv; nothing imported",
        "resultats.csv: row 2: score 1: “1e300” is not a whole number",
        f"resultats.csv: row 3: score 1: “{'9' * 79}…” is more than any table number or score "
        "(1,000,000,000 at most)",
        "resultats.csv: row 4: score 1: “1²” is not a whole number",
        "resultats.csv: row 5: score 1: “①” is not a whole number",
        "resultats.csv: row 6: score 1: “1_000” is not a whole number; score 2: “١٢” is not a "
        "whole number",
        "resultats.csv: row 7: score 1: “1000000001” is more than any table number or score "
        "(1,000,000,000 at most)",
    ]


def test_a_float_from_a_workbook_is_no_whole_number_past_the_limit(paired: Cli,
                                                                   tmp_path: Path) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in (["Table", "Score 1", "Score 2"], [1, 1e300, 0], [2, 12.5, 1e9]):
        sheet.append(row)
    book.save(tmp_path / "resultats.xlsx")
    lines = paired.refused_rows("result", "--import", str(tmp_path / "resultats.xlsx"))
    assert lines[1].startswith("resultats.xlsx: row 2: score 1: “1000000000000000052504760255")
    assert lines[1].endswith("…” is more than any table number or score (1,000,000,000 at most)")
    assert lines[2] == "resultats.xlsx: row 3: score 1: “12.5” is not a whole number"
