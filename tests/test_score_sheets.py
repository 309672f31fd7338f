"""What a round's score sheets hold, read back by openpyxl and python-calamine: one sheet per
table in table order, every name as typed (formulas, XML's characters, control characters,
long, emoji and right-to-left names), and on each sheet with an entry page the QR code of
that page, as segno makes it."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from python_calamine import CalamineWorkbook

from coinche_cli.sheets.tournament import write_score_sheets
from tests.test_tournament_export import expected_modules, png_pixels, qr_modules, sheet_image

URL = "http://192.168.1.10:8000/table/{}"
#: A longer address: a larger QR code (more modules, fewer pixels each).
LONG_URL = "https://coinche.example.org:8443/" + "concours/" * 6 + "table/{}"
HOSTILE = [
    "=1+1", "-5", "+33 4 78", "@SUM(A1)", "=HYPERLINK(\"http://x\")",
    "<b>Les As</b> & \"Co\" 'quoted'", "]]><x/>", "Tab\tand\r\nbreaks", "Nul\x00 and \x1b esc",
    "_x0041_ literal escape", "  spaces at both ends  ", "é" * 1000,
    "Les 🂡 As 🃏 👨‍👩‍👧", "الفريق الأول", "עברית ו-English", "\u202eRTL override",
    "<r><t>x</t></r>", "<r>broken", "0", "1e5",
]


def tables(names: list[str]) -> list[dict[str, Any]]:
    """A table per pair of names, given in reverse order; table 2 without an entry page,
    table 3 with a long one."""
    made = []
    for number, start in enumerate(range(0, len(names) - 1, 2), start=1):
        first, second = names[start], names[start + 1]
        table: dict[str, Any] = {"table": number, "team1": first, "team2": second,
                                 "players1": f"{first} 1, {first} 2",
                                 "players2": [f"{second} 1", second], "code": f"C{number}"}
        if number != 2:
            table["url"] = (LONG_URL if number == 3 else URL).format(number)
        made.append(table)
    return made[::-1]


def as_typed(text: str) -> str:
    """A name as a workbook holds it: without the control characters XML cannot hold."""
    return "".join(c for c in text if c in "\t\n\r" or ord(c) >= 32)


@pytest.fixture
def written(tmp_path: Path) -> tuple[Path, list[dict[str, Any]]]:
    path = tmp_path / "feuilles.xlsx"
    rows = tables(HOSTILE)
    write_score_sheets(path, "=Concours <&> \"mai\"", 3, rows, 4, None)
    return path, rows


def test_one_sheet_per_table_in_table_order(written: tuple[Path, list[dict[str, Any]]]
                                            ) -> None:
    path, rows = written
    names = [f"Table {n}" for n in range(1, len(rows) + 1)]
    assert load_workbook(path).sheetnames == names
    assert CalamineWorkbook.from_path(str(path)).sheet_names == names


def test_every_name_is_kept_as_typed_and_stays_text(written: tuple[Path, list[dict[str, Any]]]
                                                    ) -> None:
    path, rows = written
    book = load_workbook(path)
    calamine = CalamineWorkbook.from_path(str(path))
    for table in rows:
        title = f"Table {table['table']}"
        sheet, values = book[title], calamine.get_sheet_by_name(title).to_python()
        assert (sheet["A1"].value, sheet["A1"].quotePrefix) == ("=Concours <&> \"mai\"", True)
        for row, side in ((5, 1), (6, 2)):
            team = as_typed(table[f"team{side}"])
            cell = sheet[f"B{row}"]
            # openpyxl leaves a carriage return as its OOXML escape (calamine reads it back)
            text = str(cell.value or "").replace("_x000D_", "\r")
            assert (text, cell.data_type) == (team, "s"), (title, side)
            assert cell.quotePrefix == team.startswith(("=", "+", "-", "@", "\t", "\r"))
            assert values[row - 1][1] == team  # calamine: the same text, never a formula
        second = as_typed(table["team2"])
        assert values[5][4] == f"{second} 1, {second}"  # the players, from a list
    assert book["Table 1"]["B5"].value == "=1+1"
    assert book["Table 6"]["B6"].value == "é" * 1000
    assert book["Table 9"]["B5"].value == "<r><t>x</t></r>"


def test_each_entry_page_has_its_qr_code(written: tuple[Path, list[dict[str, Any]]]) -> None:
    path, rows = written
    with zipfile.ZipFile(path) as archive:
        media = [n for n in archive.namelist() if n.startswith("xl/media/")]
    assert len(media) == len(rows) - 1  # table 2 has no entry page
    sizes = {}
    for table in rows:
        title = f"Table {table['table']}"
        if "url" not in table:
            with pytest.raises((AssertionError, KeyError)):  # no drawing, no image
                sheet_image(path, title)
            continue
        image, (top_left, _bottom_right) = sheet_image(path, title)
        assert top_left[0] >= 6 and top_left[2] == 0  # the top right corner, clear of A-F
        pixels = png_pixels(image)
        assert qr_modules(pixels) == expected_modules(table["url"]), title
        sizes[table["table"]] = (len(pixels), len(qr_modules(pixels)))
    assert sizes[3][1] > sizes[1][1]  # the long address: more modules,
    assert all(60 <= width <= 130 for width, _modules in sizes.values())  # the same room


def test_a_table_twice_is_refused_and_nothing_written(tmp_path: Path) -> None:
    from xlsxwriter.exceptions import DuplicateWorksheetName

    rows = tables(["A", "B", "C", "D"])
    rows[1]["table"] = rows[0]["table"]
    with pytest.raises(DuplicateWorksheetName):
        write_score_sheets(tmp_path / "s.xlsx", "Concours", 1, rows, 4, None)
    assert not (tmp_path / "s.xlsx").exists()
