"""A workbook's sheet names are checked once each (issue 25: xlsxwriter compared every new
name with every sheet's, 1.2 s at 5,000 score sheets): still refused twice, case ignored, and
xlsxwriter's own checks of a name still run."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook
from xlsxwriter.exceptions import DuplicateWorksheetName, InvalidWorksheetName

from coinche_cli.sheets.writing import Book


def test_a_name_is_refused_twice_and_the_sheets_keep_their_order() -> None:
    book = Book()
    for number in range(1, 301):
        book.sheet(f"Table {number}")
    with pytest.raises(DuplicateWorksheetName):
        book.sheet("TABLE 7")
    with pytest.raises(InvalidWorksheetName):
        book.sheet("x" * 32)
    with pytest.raises(InvalidWorksheetName):
        book.sheet("a/b")
    names = load_workbook(io.BytesIO(book.close())).sheetnames
    assert names == [f"Table {number}" for number in range(1, 301)]
