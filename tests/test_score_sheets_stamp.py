"""Stamped score sheets (sheets/stamp.py) are the sheets xlsxwriter writes cell by cell: the
same round written both ways, compared through openpyxl (names, values, types, formats,
merged ranges, heights, widths, print setup, images) and python-calamine (values); hostile
names included, and every stamped file opens in both readers."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet
from python_calamine import CalamineWorkbook

from coinche_cli.sheets import score_sheets, stamp
from tests.test_game_export import column_widths
from tests.test_tournament_export import png_pixels, sheet_image

URL = "http://192.168.1.10:8000/table/{}"
HOSTILE = [
    "=1+1", "-5", "+33 4 78", "@SUM(A1)", "=HYPERLINK(\"http://x\")",
    "<b>Les As</b> & \"Co\" 'quoted'", "]]><x/>", "Tab\tand\r\nbreaks", "Nul\x00 and \x1b esc",
    "_x0041_ literal escape", "  spaces at both ends  ", "\ufffe\uffff", "é" * 1000,
    "Les 🂡 As 🃏 👨‍👩‍👧", "الفريق الأول", "עברית ו-English", "\u202eRTL override",
    "", "0", "1e5",
]


def tables(names: list[str], *, url: bool = True) -> list[dict[str, Any]]:
    """A round with a table per pair of names (players made from them), each with its code
    and entry page; table 2 without a page, table 3 with a longer one (a bigger QR code)."""
    made = []
    for number, start in enumerate(range(0, len(names) - 1, 2), start=1):
        first, second = names[start], names[start + 1]
        table: dict[str, Any] = {"table": number, "team1": first, "team2": second,
                                 "players1": f"{first} 1, {first} 2",
                                 "players2": [f"{second} 1", second],
                                 "code": f"C{number}"}
        if url and number != 2:
            table["url"] = (URL.format(number) if number != 3 else
                            "https://coinche.example.org:8443/" + "concours/" * 6
                            + f"table/{number}")
        made.append(table)
    return made


def write_both(tmp_path: Path, rows: list[dict[str, Any]], tournament: str = "Concours",
               deals: int | None = 4, target: int | None = None) -> tuple[Path, Path]:
    played = score_sheets.round_of(tournament, 3, deals, target)
    old, new = tmp_path / "xlsxwriter.xlsx", tmp_path / "stamped.xlsx"
    score_sheets.write_with_xlsxwriter(old, played, score_sheets.plans(played, rows))
    stamp.write_score_sheets(new, tournament, 3, rows, deals, target)
    return old, new


def cell_state(sheet: Worksheet) -> list[tuple[Any, ...]]:
    return [(cell.coordinate, cell.value, cell.data_type, cell.quotePrefix, repr(cell.font),
             repr(cell.border), repr(cell.fill), repr(cell.alignment), cell.number_format,
             repr(cell.protection))
            for row in sheet.iter_rows() for cell in row]


def sheet_state(sheet: Worksheet) -> tuple[Any, ...]:
    setup, view = sheet.page_setup, sheet.sheet_view
    return (sorted(str(r) for r in sheet.merged_cells.ranges),
            {k: (d.height, d.customHeight) for k, d in sheet.row_dimensions.items()},
            column_widths(sheet), sheet.dimensions,
            (setup.orientation, setup.paperSize, setup.fitToWidth, setup.fitToHeight),
            sheet.sheet_properties.pageSetUpPr.fitToPage
            if sheet.sheet_properties.pageSetUpPr else None,
            sheet.print_area, sheet.print_title_rows, sheet.print_title_cols,
            sheet.print_options.horizontalCentered, repr(sheet.page_margins),
            view.showGridLines, view.tabSelected)


def images(path: Path, titles: list[str]) -> list[Any]:
    """Each sheet's image (its pixels and anchors), None for a sheet without one."""
    found: list[Any] = []
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
    for title in titles:
        try:
            data, anchors = sheet_image(path, title)
        except (AssertionError, KeyError, TypeError):
            found.append(None)
            continue
        found.append((png_pixels(data), anchors, data))
    assert len([n for n in names if n.startswith("xl/media/")]) == sum(
        1 for f in found if f is not None)
    return found


def calamine_values(path: Path) -> dict[str, list[list[Any]]]:
    book = CalamineWorkbook.from_path(str(path))
    return {name: book.get_sheet_by_name(name).to_python() for name in book.sheet_names}


def assert_same(old: Path, new: Path) -> None:
    a, b = load_workbook(old), load_workbook(new)
    assert a.sheetnames == b.sheetnames
    for name in a.sheetnames:
        assert cell_state(a[name]) == cell_state(b[name]), name
        assert sheet_state(a[name]) == sheet_state(b[name]), name
    assert images(old, a.sheetnames) == images(new, b.sheetnames)
    assert calamine_values(old) == calamine_values(new)


def test_a_round_is_stamped_as_xlsxwriter_writes_it(tmp_path: Path) -> None:
    rows = tables([f"Équipe {n}" for n in range(1, 13)])
    old, new = write_both(tmp_path, rows)
    assert_same(old, new)
    assert load_workbook(new).sheetnames == [f"Table {n}" for n in range(1, 7)]


@pytest.mark.parametrize(("deals", "target"), [(4, None), (None, 2001), (None, None),
                                                (12, 1000)])
def test_every_match_format_is_stamped_alike(tmp_path: Path, deals: int | None,
                                             target: int | None) -> None:
    old, new = write_both(tmp_path, tables(["A", "B", "C", "D", "E", "F"]), deals=deals,
                          target=target)
    assert_same(old, new)


def test_hostile_names_are_stamped_as_xlsxwriter_writes_them(tmp_path: Path) -> None:
    """Formulas stay text (quoted), XML's characters are escaped, control characters
    dropped, long, emoji and right-to-left names kept whole."""
    old, new = write_both(tmp_path, tables(HOSTILE), tournament="=Concours <&> \"mai\"")
    assert_same(old, new)
    sheet = load_workbook(new)["Table 1"]
    assert (sheet["A1"].value, sheet["A1"].quotePrefix) == ("=Concours <&> \"mai\"", True)
    assert (sheet["B5"].value, sheet["B5"].data_type, sheet["B5"].quotePrefix) == (
        "=1+1", "s", True)
    assert load_workbook(new)["Table 7"]["B5"].value == "é" * 1000


def test_a_round_without_addresses_is_stamped_alike(tmp_path: Path) -> None:
    old, new = write_both(tmp_path, tables(HOSTILE[:8], url=False))
    assert_same(old, new)
    with zipfile.ZipFile(new) as archive:
        assert not [n for n in archive.namelist() if n.startswith(("xl/media", "xl/draw"))]


def test_rich_text_lookalikes_stay_text(tmp_path: Path) -> None:
    """A name xlsxwriter would write as rich-text XML (``<r>…</r>``, unescaped) is a text
    in a stamped file, which both readers open."""
    names = ["<r><t>x</t></r>", "<r>broken", "<r>", "</r>"]
    path = tmp_path / "s.xlsx"
    stamp.write_score_sheets(path, "<r>Concours</r>", 1, tables(names), 4, None)
    sheet = load_workbook(path)["Table 1"]
    assert (sheet["A1"].value, sheet["B5"].value, sheet["B6"].value) == (
        "<r>Concours</r>", "<r><t>x</t></r>", "<r>broken")
    assert calamine_values(path)["Table 1"][0][0] == "<r>Concours</r>"


def test_a_single_table_round_and_the_selected_sheet(tmp_path: Path) -> None:
    old, new = write_both(tmp_path, tables(["Les As", "Les Rois"]))
    assert_same(old, new)
    with zipfile.ZipFile(new) as archive:
        assert archive.testzip() is None


def test_the_zip_writer_holds_more_parts_than_a_plain_zip_directory() -> None:
    """Beyond 65,535 parts (13,000 tables) the directory's end is ZIP64's."""
    out = io.BytesIO()
    book = stamp._Zip(out)
    for n in range(70_000):
        book.add(f"p{n}.xml", b"<x/>" * (n % 3), deflate=n % 2 == 0)
    book.close()
    with zipfile.ZipFile(out) as archive:
        names = archive.namelist()
        assert len(names) == 70_000
        assert archive.read("p69998.xml") == b"<x/>" * 2
        assert archive.read("p5.xml") == b"<x/>" * 2


def test_a_table_twice_is_refused_as_xlsxwriter_refuses_it(tmp_path: Path) -> None:
    from xlsxwriter.exceptions import DuplicateWorksheetName

    rows = tables(["A", "B", "C", "D"])
    rows[1]["table"] = 1
    with pytest.raises(DuplicateWorksheetName):
        stamp.write_score_sheets(tmp_path / "s.xlsx", "Concours", 1, rows, 4, None)
    assert not (tmp_path / "s.xlsx").exists()
