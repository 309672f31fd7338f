"""A game's export, and the rules every exported file follows (the writers are shared with the
tournament's export): booleans in words, formulas never run, A4 print setup, atomic writes."""

from __future__ import annotations

import csv
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook  # tests reopen the files they check
from openpyxl.worksheet.worksheet import Worksheet

from coinche_cli.errors import ExportFailed
from coinche_cli.sheets.writing import FORMULA_STARTS, PORTRAIT_WIDTH, write_csv, write_xlsx
from tests.harness import Cli


def read_csv(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.reader(handle))


def fit_width(sheet: Worksheet) -> int | None:
    """Pages wide when fitted: a page setup without the attribute means the schema's 1 (Excel
    and xlsxwriter write only what differs from it)."""
    width = sheet.page_setup.fitToWidth
    return 1 if width is None else width


def column_widths(sheet: Worksheet) -> list[float]:
    """Each column's width, left to right: a file may give neighbouring columns of the same
    width in one range (``<col min="1" max="10">``), which openpyxl keys by its first column."""
    widths: dict[int, float] = {}
    for dimension in sheet.column_dimensions.values():
        for index in range(dimension.min or 1, (dimension.max or dimension.min or 1) + 1):
            widths[index] = dimension.width
    return [widths[index] for index in sorted(widths)]


def shown(text: str) -> str:
    """A text cell as a spreadsheet shows it: openpyxl leaves the ``_xHHHH_`` escapes of
    control characters (a carriage return is ``_x000D_``) as they are in the file."""
    return re.sub(r"_x([0-9A-Fa-f]{4})_", lambda found: chr(int(found[1], 16)), text)


def page(sheet: Worksheet) -> tuple[Any, ...]:
    """What decides how a sheet prints: orientation, paper, fit, repeated rows."""
    setup, fit = sheet.page_setup, sheet.sheet_properties.pageSetUpPr
    return (setup.orientation, int(setup.paperSize), fit_width(sheet), setup.fitToHeight,
            fit is not None and fit.fitToPage, sheet.print_title_rows)


A4_WIDE = ("landscape", 9, 1, 0, True, "$1:$1")
A4_TALL = ("portrait", 9, 1, 0, True, "$1:$1")


@pytest.fixture
def exported(cli: Cli, tmp_path: Path) -> tuple[Path, Path]:
    """A game of teams named like formulas: a contract made, a pass, a coinched contract
    failed; exported to CSV and Excel."""
    cli.run("game", "new", "--team", "=1+1", "--team", "@Rois")
    cli.run("game", "add", "A", "100S", "104")
    cli.run("game", "pass")
    cli.run("game", "add", "B", "90Hx", "70")
    csv_path, xlsx_path = tmp_path / "partie.csv", tmp_path / "partie.xlsx"
    cli.run("game", "export", "--csv", str(csv_path), "--xlsx", str(xlsx_path))
    return csv_path, xlsx_path


def column(rows: list[list[Any]], name: str) -> list[Any]:
    index = rows[0].index(name)
    return [row[index] for row in rows[1:]]


def test_booleans_are_yes_or_no_in_csv_and_in_the_workbook(exported: tuple[Path, Path]) -> None:
    csv_path, xlsx_path = exported
    rows = read_csv(csv_path)
    assert column(rows, "passed") == ["no", "yes", "no"]
    assert column(rows, "made") == ["yes", "", "no"]
    assert column(rows, "generale") == ["no", "", "no"]
    book = load_workbook(xlsx_path)
    deals = [list(row) for row in book["Deals"].iter_rows(values_only=True)]
    assert column(deals, "passed") == ["no", "yes", "no"]
    assert column(deals, "made") == ["yes", None, "no"]
    summary = [list(row) for row in book["Summary"].iter_rows(values_only=True)]
    assert column(summary, "winner") == ["yes", "no"]


def test_names_that_look_like_formulas_stay_text(exported: tuple[Path, Path]) -> None:
    csv_path, xlsx_path = exported
    rows = read_csv(csv_path)
    assert column(rows, "taker name") == ["'=1+1", "", "'@Rois"]
    assert column(rows, "dealer")[1] == "'@Rois (seat 2)"
    assert column(rows, "total =1+1") == ["204", "204", "708"]  # a header is no formula
    sheet = load_workbook(xlsx_path)["Deals"]
    taker = sheet["D2"]
    assert (sheet["D1"].value, taker.value, taker.data_type) == ("taker name", "=1+1", "s")
    assert taker.quotePrefix  # and stays text when edited in Excel
    assert [c.value for c in sheet["S"][1:]] == [204, 204, 708]  # numbers stay numbers


def test_the_game_sheets_print_on_a4_one_page_wide(exported: tuple[Path, Path]) -> None:
    book = load_workbook(exported[1])
    assert page(book["Deals"]) == A4_WIDE  # 21 columns
    assert page(book["Summary"]) == A4_TALL
    for sheet in book.worksheets:
        assert sheet.print_options.gridLines, sheet.title
        assert sheet.oddFooter.center.text == "&A · page &P of &N"


# --- the shared writers ---------------------------------------------------------------------

RISKY = ["=HYPERLINK(\"http://x\")", "+33 4 78", "-Les As", "@SUM(A1)", "\tTab", "\rCR"]


def test_every_formula_start_is_defused_and_numbers_are_not(tmp_path: Path) -> None:
    header = ["text", "number"]
    rows: list[list[Any]] = [[text, -50] for text in RISKY] + [["Les As", 1.5]]
    write_csv(tmp_path / "t.csv", header, rows, ";")
    with (tmp_path / "t.csv").open(encoding="utf-8-sig", newline="") as handle:
        fields = list(csv.reader(handle, delimiter=";"))
    assert fields[1:] == [*([f"'{text}", "-50"] for text in RISKY), ["Les As", "1.5"]]
    write_xlsx(tmp_path / "t.xlsx", [("T", header, rows)])
    sheet = load_workbook(tmp_path / "t.xlsx")["T"]
    for (text, number), expected in zip(sheet.iter_rows(min_row=2), RISKY, strict=False):
        assert shown(text.value) == expected  # a carriage return too, and still no formula
        assert (text.data_type, text.quotePrefix) == ("s", True)
        assert (number.value, number.data_type) == (-50, "n")
    assert not sheet["A8"].quotePrefix  # a plain name is left as it is


@given(st.lists(st.text(st.characters(codec="utf-8", exclude_characters="\x00")), max_size=5))
def test_a_csv_field_reads_back_as_written_or_quoted(texts: list[str]) -> None:
    """Whatever the text, no field of the file starts a formula, and stripping the one ``'``
    the writer adds gives the text back."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.csv"
        write_csv(path, ["text"], [[text] for text in texts])
        back = [row[0] for row in read_csv(path)[1:]]
    assert len(back) == len(texts)
    for text, field in zip(texts, back, strict=True):
        assert not field.startswith(FORMULA_STARTS)
        assert field == ("'" + text if text.startswith(FORMULA_STARTS) else text)


def test_a_sheet_wider_than_a_portrait_page_prints_landscape(tmp_path: Path) -> None:
    """Ten columns of 8 characters are 10 wide each (2 of padding): 100 fits portrait, one
    character more does not."""
    header = [f"column{n:02}" for n in range(10)]  # 8 characters each
    wider = [*header[:-1], "column-9+"]
    write_xlsx(tmp_path / "t.xlsx", [("Fits", header, []), ("Wider", wider, [])])
    book = load_workbook(tmp_path / "t.xlsx")
    widths = column_widths(book["Fits"])
    assert len(widths) == 10
    assert sum(widths) == PORTRAIT_WIDTH
    assert page(book["Fits"]) == A4_TALL
    assert page(book["Wider"]) == A4_WIDE


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_a_failed_write_leaves_the_old_file_whole(tmp_path: Path, kind: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / f"partie.{kind}"
    path.write_bytes(b"the previous export")

    def disk_full(_: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(ExportFailed) as caught:
        if kind == "csv":
            write_csv(path, ["deal"], [[1]])
        else:
            write_xlsx(path, [("Deals", ["deal"], [[1]])])
    assert caught.value.text == f"cannot write {path}: No space left on device"
    assert path.read_bytes() == b"the previous export"
    assert sorted(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_a_disk_that_fills_while_writing_leaves_the_old_file_whole(tmp_path: Path) -> None:
    """The file system refuses the workbook past its first kilobyte (a file size limit, in a
    process of its own): one line naming the disk's error, the old file as it was, no
    temporary file, and nothing else on standard error."""
    path = tmp_path / "partie.xlsx"
    path.write_bytes(b"the previous export")
    code = (
        "import resource, signal, sys\n"
        "from pathlib import Path\n"
        "from coinche_cli.errors import ExportFailed\n"
        "from coinche_cli.sheets.writing import write_xlsx\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a failed write, not a killed process\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))\n"
        "try:\n"
        "    write_xlsx(Path(sys.argv[1]), [('Deals', ['deal', 'team'],\n"
        "                                    [[n, f'Les As {n}'] for n in range(2000)])])\n"
        "except ExportFailed as exc:\n"
        "    print(exc.text)\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                          text=True, check=True, cwd=Path(__file__).parent.parent)
    assert done.stdout == f"cannot write {path}: File too large\n"
    assert done.stderr == ""
    assert path.read_bytes() == b"the previous export"
    assert sorted(tmp_path.iterdir()) == [path]


def test_each_style_is_made_once_per_workbook(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A style is a format made once for the workbook, however many cells wear it: a long
    table makes as many formats as a short one, and the file holds a handful of them."""
    from xlsxwriter.workbook import Workbook

    made: list[dict[str, Any]] = []
    add_format = Workbook.add_format

    def counted(self: Workbook, properties: dict[str, Any] | None = None) -> Any:
        made.append(dict(properties or {}))
        return add_format(self, properties)

    monkeypatch.setattr(Workbook, "add_format", counted)
    counts = []
    for size in (1, 500):
        made.clear()
        rows: list[list[Any]] = [[f"=team {n}", n, n % 2 == 0] for n in range(size)]
        write_xlsx(tmp_path / f"t{size}.xlsx", [("A", ["=name", "n", "even"], rows),
                                                 ("B", ["name"], [["-x"]] * size)])
        counts.append(len(made))
    # xlsxwriter's own two default formats, then ours: header, quoted header, quoted text
    assert counts[0] == counts[1] == 2 + 3
    with zipfile.ZipFile(tmp_path / "t500.xlsx") as archive:
        styles = archive.read("xl/styles.xml").decode()
    found = re.search(r'<cellXfs count="(\d+)"', styles)
    assert found is not None and int(found[1]) <= 5
