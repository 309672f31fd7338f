"""The tournament workbook, its CSV twin and the paper score sheets, reopened and checked."""

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
from openpyxl import load_workbook  # tests reopen the files they check
from openpyxl.worksheet.worksheet import Worksheet

from coinche_cli.errors import CoincheError
from coinche_cli.sheets.reading import TeamRow, read_teams
from coinche_cli.sheets.tournament import (
    EXTRA_ROWS,
    TARGET_ROWS,
    ExportFailed,
    NothingToPrint,
    write_csv_dir,
    write_score_sheets,
    write_workbook,
)
from tests.test_game_export import column_widths, fit_width


def standing(rank: int, team: str, players: str, wins: int, pf: int, pa: int) -> dict[str, Any]:
    return {
        "rank": rank, "team": team, "players": players, "played": 2, "wins": wins,
        "draws": 0, "losses": 2 - wins, "byes": 0, "points_for": pf, "points_against": pa,
        "difference": pf - pa, "match_points": 3 * wins, "penalties": 0, "buchholz": 3,
    }


def tournament(deals: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": "Concours de mai",
        "standings": [
            standing(1, "Les As", "Ana, Bob", 2, 2400, 1700),
            standing(2, "Les Rois", "Cid, Dan", 1, 2100, 2000),
            standing(3, "Les Dames", "Eve, Fay", 1, 1200, 1250),
        ],
        "teams": [
            {"name": "Les As", "players": "Ana, Bob", "club": "Lyon", "registered": 1,
             "status": "active"},
            {"name": "Les Rois", "players": "Cid, Dan", "club": "", "registered": 2,
             "status": "active"},
            {"name": "Les Dames", "players": "Eve, Fay", "club": "Nice", "registered": 3,
             "status": "dropped after round 2"},
        ],
        "rounds": [
            {"round": 2, "bye": None, "bye_points": None, "tables": [
                {"table": 1, "team1": "Les As", "team2": "Les Rois", "score1": 1300,
                 "score2": 1000, "winner": "Les As", "forfeit": None, "scored": "deals"},
            ]},
            {"round": 1, "bye": "Les Dames", "bye_points": 500, "tables": [
                {"table": 1, "team1": "Les Rois", "team2": "Les As", "score1": 1100,
                 "score2": 1100, "winner": None, "forfeit": None, "scored": "direct"},
            ]},
        ],
        "penalties": [
            {"round": 2, "team": "Les Rois", "points": 162, "reason": "renonce",
             "to": "Les As"},
            {"round": 1, "team": "Les Dames", "points": 50, "reason": "retard", "to": None},
        ],
        "deals": [],
    }
    if deals:
        data["deals"] = [
            {"round": 2, "table": 1, "game": 7, "number": n, "dealer": "A1", "taker": "A",
             "contract": "100S", "trump": "S", "coinche": 0, "made": n == 2, "score1": 100 * n,
             "score2": 0, "total1": 50 * n * (n + 1), "total2": 0}
            for n in (1, 2)
        ]
    return data


def values(sheet: Worksheet) -> list[list[Any]]:
    return [list(row) for row in sheet.iter_rows(values_only=True)]


@pytest.fixture
def book_path(tmp_path: Path) -> Path:
    path = tmp_path / "concours.xlsx"
    write_workbook(path, tournament())
    return path


# --- the workbook ---------------------------------------------------------------------------


def test_sheets_in_order(book_path: Path) -> None:
    book = load_workbook(book_path)
    assert book.sheetnames == ["Standings", "Teams", "Round 1", "Round 2", "Penalties", "Deals"]
    assert book.properties.title == "Concours de mai"


def test_no_deals_sheet_without_deals(tmp_path: Path) -> None:
    path = tmp_path / "concours.xlsx"
    write_workbook(path, tournament(deals=False))
    assert "Deals" not in load_workbook(path).sheetnames


def test_every_sheet_has_a_bold_frozen_filtered_header(book_path: Path) -> None:
    book = load_workbook(book_path)
    for sheet in book.worksheets:
        header = sheet[1]
        assert all(cell.font.bold for cell in header), sheet.title
        assert sheet.freeze_panes == "A2", sheet.title
        assert sheet.auto_filter.ref == f"A1:{header[-1].column_letter}{sheet.max_row}"
        widths = column_widths(sheet)
        assert len(widths) == len(header), sheet.title
        assert all(6 <= w <= 40 for w in widths), (sheet.title, widths)


def test_standings_sheet(book_path: Path) -> None:
    rows = values(load_workbook(book_path)["Standings"])
    assert rows[0] == [
        "rank", "team", "players", "played", "wins", "draws", "losses", "byes", "points for",
        "points against", "difference", "match points", "penalties", "buchholz",
    ]
    assert rows[1] == [1, "Les As", "Ana, Bob", 2, 2, 0, 0, 0, 2400, 1700, 700, 6, 0, 3]
    assert len(rows) == 4


def test_numbers_are_number_cells(book_path: Path) -> None:
    sheet = load_workbook(book_path)["Standings"]
    for row in sheet.iter_rows(min_row=2):
        for cell in row:
            if cell.column_letter not in ("B", "C"):
                assert cell.data_type == "n" and isinstance(cell.value, int), cell.coordinate
    assert sheet["K4"].value == -50


def test_teams_sheet(book_path: Path) -> None:
    rows = values(load_workbook(book_path)["Teams"])
    assert rows[0] == ["team", "players", "club", "registered", "status"]
    assert rows[3] == ["Les Dames", "Eve, Fay", "Nice", 3, "dropped after round 2"]
    assert rows[2][2] is None  # an empty club is an empty cell


def test_round_sheets_and_the_bye_row(book_path: Path) -> None:
    book = load_workbook(book_path)
    header = ["table", "team 1", "team 2", "score 1", "score 2", "winner", "forfeit", "scored"]
    assert values(book["Round 1"]) == [
        header,
        [1, "Les Rois", "Les As", 1100, 1100, None, None, "direct"],
        ["bye", "Les Dames", None, 500, None, None, None, None],
    ]
    assert values(book["Round 2"]) == [
        header,
        [1, "Les As", "Les Rois", 1300, 1000, "Les As", None, "deals"],
    ]


def test_forfeit_and_missing_scores(tmp_path: Path) -> None:
    data = tournament(deals=False)
    data["rounds"] = [{"round": 1, "bye": None, "bye_points": None, "tables": [
        {"table": 1, "team1": "Les As", "team2": "Les Rois", "score1": None, "score2": None,
         "winner": "Les Rois", "forfeit": "Les As", "scored": ""},
    ]}]
    path = tmp_path / "t.xlsx"
    write_workbook(path, data)
    assert values(load_workbook(path)["Round 1"])[1] == [
        1, "Les As", "Les Rois", None, None, "Les Rois", "Les As", None,
    ]


def test_deals_sheet(book_path: Path) -> None:
    rows = values(load_workbook(book_path)["Deals"])
    assert rows[0] == ["round", "table", "game", "deal", "dealer", "taker", "contract", "trump",
                       "coinche", "made", "score 1", "score 2", "total 1", "total 2"]
    assert rows[2] == [2, 1, 7, 2, "A1", "A", "100S", "S", 0, "yes", 200, 0, 300, 0]
    assert rows[1][9] == "no"  # booleans in words, for a sheet that prints and reads


def test_penalties_sheet_by_round_after_the_rounds(book_path: Path) -> None:
    """The points went to the opponents ("to" names them) or were deducted ("to" empty)."""
    assert values(load_workbook(book_path)["Penalties"]) == [
        ["round", "team", "points", "reason", "to"],
        [1, "Les Dames", 50, "retard", None],
        [2, "Les Rois", 162, "renonce", "Les As"],
    ]


def test_no_penalties_sheet_when_the_data_does_not_say(tmp_path: Path) -> None:
    """Without a "penalties" list the penalties are unknown, not none: no sheet, no file."""
    data = tournament()
    del data["penalties"]
    write_workbook(tmp_path / "t.xlsx", data)
    assert "Penalties" not in load_workbook(tmp_path / "t.xlsx").sheetnames
    assert "penalties.csv" not in [p.name for p in write_csv_dir(tmp_path / "csv", data)]


def test_every_sheet_prints_on_a4_one_page_wide_with_its_header_on_each_page(
        book_path: Path) -> None:
    book = load_workbook(book_path)
    orientation = {sheet.title: sheet.page_setup.orientation for sheet in book.worksheets}
    assert orientation == {"Standings": "landscape", "Teams": "portrait",
                           "Round 1": "portrait", "Round 2": "portrait",
                           "Penalties": "portrait", "Deals": "landscape"}
    for sheet in book.worksheets:
        setup, fit = sheet.page_setup, sheet.sheet_properties.pageSetUpPr
        assert (int(setup.paperSize), fit_width(sheet), setup.fitToHeight) == (9, 1, 0)
        assert fit is not None and fit.fitToPage, sheet.title
        assert sheet.print_title_rows == "$1:$1", sheet.title


def test_a_round_of_long_names_prints_landscape(tmp_path: Path) -> None:
    data = tournament(deals=False)
    long_names = {"team1": "Les Joyeux Coincheurs de la Croix-Rousse",
                  "team2": "Amicale Belote et Coinche de Villeurbanne"}
    data["rounds"][0]["tables"][0].update(long_names, winner=long_names["team1"])
    path = tmp_path / "t.xlsx"
    write_workbook(path, data)
    book = load_workbook(path)
    assert book["Round 2"].page_setup.orientation == "landscape"
    assert book["Round 1"].page_setup.orientation == "portrait"


def test_a_tie_break_the_order_does_not_know_becomes_a_last_column(tmp_path: Path) -> None:
    data = tournament(deals=False)
    for row in data["standings"]:
        del row["buchholz"]
        row["head_to_head"] = 1
    path = tmp_path / "t.xlsx"
    write_workbook(path, data)
    header = values(load_workbook(path)["Standings"])[0]
    assert header[-2:] == ["penalties", "head to head"]


def test_names_that_look_like_formulas_stay_text(tmp_path: Path) -> None:
    data = tournament(deals=False)
    data["teams"][0]["name"] = "=1+1"
    data["teams"][1]["club"] = "Club\x01 Vénissieux"
    data["teams"][2]["club"] = "+33 4 78 00 00 00"
    data["penalties"][0]["reason"] = "-162 (renonce)"
    path = tmp_path / "t.xlsx"
    write_workbook(path, data)
    book = load_workbook(path)
    sheet = book["Teams"]
    assert (sheet["A2"].value, sheet["A2"].data_type, sheet["A2"].quotePrefix) == (
        "=1+1", "s", True)
    assert sheet["C3"].value == "Club Vénissieux"
    assert (sheet["C4"].data_type, book["Penalties"]["D3"].data_type) == ("s", "s")
    write_csv_dir(tmp_path / "csv", data)
    assert read_csv(tmp_path / "csv" / "teams.csv")[1][0] == "'=1+1"
    assert read_csv(tmp_path / "csv" / "teams.csv")[3][2] == "'+33 4 78 00 00 00"
    assert read_csv(tmp_path / "csv" / "penalties.csv")[2][2:4] == ["162", "'-162 (renonce)"]
    assert read_csv(tmp_path / "csv" / "standings.csv")[3][10] == "-50"  # a number, as is
    tables = [{"table": 1, "team1": "=A1", "players1": "Ana", "team2": "B", "players2": ""}]
    write_score_sheets(tmp_path / "s.xlsx", "=Concours", 1, tables, deals=4, target=None)
    score_sheet = load_workbook(tmp_path / "s.xlsx")["Table 1"]
    assert (score_sheet["A1"].data_type, score_sheet["B5"].data_type) == ("s", "s")


def test_long_names_are_capped_in_width(tmp_path: Path) -> None:
    data = tournament(deals=False)
    data["teams"][0]["name"] = "Une équipe au nom vraiment beaucoup trop long pour une colonne"
    path = tmp_path / "t.xlsx"
    write_workbook(path, data)
    assert column_widths(load_workbook(path)["Teams"])[0] == 40


def test_an_empty_tournament_still_has_headers(tmp_path: Path) -> None:
    path = tmp_path / "t.xlsx"
    empty: dict[str, Any] = {"name": "Vide", "standings": [], "teams": [], "rounds": [],
                             "penalties": [], "deals": []}
    write_workbook(path, empty)
    book = load_workbook(path)
    assert book.sheetnames == ["Standings", "Teams", "Penalties"]
    assert values(book["Penalties"]) == [["round", "team", "points", "reason", "to"]]
    write_csv_dir(tmp_path / "csv", empty)
    assert read_csv(tmp_path / "csv" / "penalties.csv") == [
        ["round", "team", "points", "reason", "to"]]
    assert values(book["Teams"]) == [["team", "players", "club", "registered", "status"]]
    assert book["Teams"].auto_filter.ref == "A1:E1"


def test_unwritable_place_is_a_failed_operation(tmp_path: Path) -> None:
    with pytest.raises(ExportFailed) as caught:
        write_workbook(tmp_path / "no-such-folder" / "t.xlsx", tournament())
    assert isinstance(caught.value, CoincheError)
    assert caught.value.exit_code == 1
    assert caught.value.text.startswith("cannot write ")
    assert not list(tmp_path.iterdir())


# --- the CSV files --------------------------------------------------------------------------


def read_csv(path: Path) -> list[list[str]]:
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.reader(handle))


def test_csv_dir_writes_the_same_tables(tmp_path: Path, book_path: Path) -> None:
    folder = tmp_path / "csv" / "mai"
    written = write_csv_dir(folder, tournament())
    assert [p.name for p in written] == [
        "standings.csv", "teams.csv", "round-1.csv", "round-2.csv", "penalties.csv", "deals.csv",
    ]
    assert sorted(folder.iterdir()) == sorted(written)
    book = load_workbook(book_path)
    for path, sheet in zip(written, book.worksheets, strict=True):
        expected = [["" if v is None else str(v) for v in row] for row in values(sheet)]
        assert read_csv(path) == expected, path.name
    assert read_csv(folder / "round-1.csv")[-1] == ["bye", "Les Dames", "", "500", "", "", "",
                                                    ""]
    assert [row[9] for row in read_csv(folder / "deals.csv")] == ["made", "no", "yes"]
    assert read_csv(folder / "penalties.csv")[1] == ["1", "Les Dames", "50", "retard", ""]


def test_a_failed_csv_export_leaves_each_old_file_whole(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "teams.csv").write_text("the previous export")

    def disk_full(_: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(ExportFailed) as caught:
        write_csv_dir(tmp_path, tournament())
    first = tmp_path / "standings.csv"
    assert caught.value.text == f"cannot write {first}: No space left on device"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["teams.csv"]
    assert (tmp_path / "teams.csv").read_text() == "the previous export"


def test_csv_dir_in_a_place_that_cannot_be_a_folder(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file")
    with pytest.raises(ExportFailed) as caught:
        write_csv_dir(tmp_path / "taken" / "csv", tournament())
    assert caught.value.text.startswith(f"cannot write {tmp_path / 'taken' / 'csv'}: ")


def test_csv_dir_without_deals_and_with_semicolons(tmp_path: Path) -> None:
    written = write_csv_dir(tmp_path, tournament(deals=False), sep=";")
    assert "deals.csv" not in [p.name for p in written]
    assert (tmp_path / "teams.csv").read_text(encoding="utf-8-sig").splitlines()[0] == (
        "team;players;club;registered;status"
    )


def test_exported_teams_read_back_as_a_registration_file(tmp_path: Path) -> None:
    write_csv_dir(tmp_path, tournament(deals=False))
    assert read_teams(tmp_path / "teams.csv") == [
        TeamRow(2, "Les As", ("Ana", "Bob"), "Lyon"),
        TeamRow(3, "Les Rois", ("Cid", "Dan"), ""),
        TeamRow(4, "Les Dames", ("Eve", "Fay"), "Nice"),
    ]


# --- the score sheets -----------------------------------------------------------------------

TABLES = [
    {"table": 2, "team1": "Les Dames", "players1": "Eve, Fay", "team2": "Les Valets",
     "players2": ["Gus", "Hal"]},
    {"table": 1, "team1": "Les As", "players1": "Ana, Bob", "team2": "Les Rois",
     "players2": "Cid, Dan"},
]


def sheet_text(sheet: Worksheet) -> list[str]:
    return [str(v) for row in sheet.iter_rows(values_only=True) for v in row if v is not None]


def deal_numbers(sheet: Worksheet) -> list[int]:
    return [v for (v,) in sheet.iter_rows(min_col=1, max_col=1, values_only=True)
            if isinstance(v, int)]


def test_one_sheet_per_table_with_teams_and_players(tmp_path: Path) -> None:
    path = tmp_path / "feuilles.xlsx"
    write_score_sheets(path, "Concours de mai", 3, TABLES, deals=12, target=None)
    book = load_workbook(path)
    assert book.sheetnames == ["Table 1", "Table 2"]
    text = sheet_text(book["Table 2"])
    for expected in ("Concours de mai", "Round 3 · Table 2",
                     "12 deals · a deal everybody passed does not count: go on to the next line",
                     "Les Dames", "Eve, Fay", "Les Valets", "Gus, Hal", "Totals", "Signatures",
                     "Team 1: Les Dames", "Team 2: Les Valets"):
        assert expected in text
    assert "Les As" not in text
    grid_header = next(book["Table 1"].iter_rows(min_row=8, max_row=8, values_only=True))
    assert list(grid_header) == ["deal", "dealer", "taker", "contract", "points team 1",
                                 "points team 2", "total team 1", "total team 2"]


def test_one_empty_row_per_deal_and_four_more_for_passed_deals(tmp_path: Path) -> None:
    """A deal everybody passed is not one of the 12: lines 13-16 are there for them, shaded."""
    path = tmp_path / "feuilles.xlsx"
    write_score_sheets(path, "Concours", 1, TABLES, deals=12, target=None)
    sheet = load_workbook(path)["Table 1"]
    assert EXTRA_ROWS >= 4
    assert deal_numbers(sheet) == list(range(1, 12 + EXTRA_ROWS + 1))
    grid = list(sheet.iter_rows(min_row=9, max_row=24, min_col=2, max_col=8, values_only=True))
    assert all(v is None for row in grid for v in row)
    assert all(sheet.cell(row=r, column=8).border.bottom.style == "thin" for r in range(9, 25))
    fills = [sheet.cell(row=r, column=2).fill.fgColor.rgb for r in range(9, 25)]
    assert fills[11] != fills[12] and len(set(fills[12:])) == 1  # the extra lines stand out
    assert sheet["A25"].value == "Totals"


def test_twenty_rows_when_playing_to_a_target(tmp_path: Path) -> None:
    path = tmp_path / "feuilles.xlsx"
    write_score_sheets(path, "Concours", 1, TABLES, deals=None, target=2001)
    sheet = load_workbook(path)["Table 1"]
    assert deal_numbers(sheet) == list(range(1, TARGET_ROWS + 1))  # no extra lines
    assert "to 2001 points" in sheet_text(sheet)


def test_print_settings_and_borders(tmp_path: Path) -> None:
    path = tmp_path / "feuilles.xlsx"
    write_score_sheets(path, "Concours", 1, TABLES, deals=8, target=None)
    sheet = load_workbook(path)["Table 1"]
    assert sheet.page_setup.orientation == "portrait"
    assert fit_width(sheet) == 1
    assert sheet.page_setup.fitToHeight == 0
    assert sheet.sheet_properties.pageSetUpPr is not None
    assert sheet.sheet_properties.pageSetUpPr.fitToPage
    assert int(sheet.page_setup.paperSize) == int(sheet.PAPERSIZE_A4)
    assert sheet.print_title_rows == "$8:$8"  # the grid header, again on a second page
    assert sheet.print_area == "'Table 1'!$A$1:$H$27"  # down to the signature boxes
    for row in sheet.iter_rows(min_row=8, max_row=20, max_col=8):  # header, 8 + 4 deals
        for cell in row:
            assert cell.border.left.style == "thin", cell.coordinate
            assert cell.border.bottom.style == "thin", cell.coordinate
    assert sheet["A21"].value == "Totals"
    assert all(sheet.cell(row=21, column=c).border.top.style == "medium" for c in range(5, 9))
    assert sheet["B12"].font.size >= 11


def test_each_team_signs_in_its_own_labelled_box(tmp_path: Path) -> None:
    """Below the totals: "Signatures", a row of labels, then two framed boxes of three rows;
    no label shares a cell or a row with a box."""
    path = tmp_path / "feuilles.xlsx"
    write_score_sheets(path, "Concours", 1, TABLES, deals=8, target=None)
    sheet = load_workbook(path)["Table 2"]
    blank = next(sheet.iter_rows(min_row=22, max_row=22, values_only=True))
    assert list(blank) == [None] * 8  # a blank row after the totals
    assert sheet["A23"].value == "Signatures"
    assert (sheet["B24"].value, sheet["F24"].value) == ("Team 1: Les Dames", "Team 2: Les Valets")
    merged = {str(r) for r in sheet.merged_cells.ranges}
    assert {"B24:D24", "F24:H24", "B25:D27", "F25:H27"} <= merged
    for left, right in (("B", "D"), ("F", "H")):
        box = sheet[f"{left}25:{right}27"]
        assert all(cell.value is None for row in box for cell in row)
        assert all(row[0].border.left.style == "medium" for row in box)
        assert all(row[-1].border.right.style == "medium" for row in box)
        assert all(cell.border.top.style == "medium" for cell in box[0])
        assert all(cell.border.bottom.style == "medium" for cell in box[-1])
        assert sheet[f"{left}24"].border.bottom.style is None  # the label is not framed


def test_no_tables_no_sheets(tmp_path: Path) -> None:
    path = tmp_path / "feuilles.xlsx"
    with pytest.raises(NothingToPrint) as caught:
        write_score_sheets(path, "Concours", 4, [], deals=12, target=None)
    assert caught.value.exit_code == 2
    assert caught.value.text == "round 4 has no tables; no score sheets written"
    assert not path.exists()


def test_importing_the_writers_loads_no_workbook_library() -> None:
    code = ("import sys, coinche_cli.sheets.tournament, coinche_cli.sheets.writing; "
            "print(sorted({'openpyxl', 'xlsxwriter'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_score_sheets_make_their_styles_once(tmp_path: Path) -> None:
    """Fifty tables' sheets hold the same few styles as one table's: formats are made once
    for the workbook, not once per cell."""
    counts = []
    for size in (1, 50):
        path = tmp_path / f"feuilles-{size}.xlsx"
        tables = [{"table": n, "team1": f"A{n}", "players1": "Ana, Bob", "team2": f"B{n}",
                   "players2": "Cid, Dan"} for n in range(1, size + 1)]
        write_score_sheets(path, "Concours", 1, tables, deals=12, target=None)
        with zipfile.ZipFile(path) as archive:
            styles = archive.read("xl/styles.xml").decode()
        found = re.search(r'<cellXfs count="(\d+)"', styles)
        assert found is not None
        counts.append(int(found[1]))
    assert counts[0] == counts[1] <= 30


# --- a table's entry page on its score sheet (issue 18, point 6) ----------------------------


def sheet_image(path: Path, title: str) -> tuple[bytes, list[tuple[int, ...]]]:
    """The one image on sheet ``title`` (PNG bytes) and where its corners are: (column,
    offset, row, offset) of its top left and bottom right, read from the workbook's parts
    (openpyxl drops images without Pillow)."""
    with zipfile.ZipFile(path) as archive:
        def read(name: str) -> str:
            return archive.read(name).decode()

        def target(rels: str, kind: str) -> str:
            found = re.findall(rf'Type="[^"]*/{kind}" Target="([^"]+)"', read(rels))
            assert len(found) == 1, (rels, kind, found)
            return str(found[0])

        sheet_id = re.search(rf'<sheet name="{re.escape(title)}" sheetId="\d+" r:id="(\w+)"',
                             read("xl/workbook.xml"))
        assert sheet_id is not None
        sheets = dict(re.findall(r'<Relationship Id="(\w+)" Type="[^"]*" Target="([^"]+)"',
                                 read("xl/_rels/workbook.xml.rels")))
        sheet = "xl/" + sheets[sheet_id[1]]
        rels = sheet.replace("worksheets/", "worksheets/_rels/") + ".rels"
        drawing = "xl/" + target(rels, "drawing").removeprefix("../")
        anchors = re.findall(r"<xdr:(?:from|to)><xdr:col>(\d+)</xdr:col><xdr:colOff>(\d+)"
                             r"</xdr:colOff><xdr:row>(\d+)</xdr:row><xdr:rowOff>(\d+)"
                             r"</xdr:rowOff>", read(drawing))
        assert len(anchors) == 2, anchors  # one image: its two corners
        drawing_rels = drawing.replace("drawings/", "drawings/_rels/") + ".rels"
        image = "xl/" + target(drawing_rels, "image").removeprefix("../")
        return archive.read(image), [tuple(int(n) for n in corner) for corner in anchors]


def png_pixels(data: bytes) -> list[list[int]]:
    """A black and white PNG's pixels (1: black), rows of columns."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, header = 8, b"", b""
    while at < len(data):
        length = int.from_bytes(data[at:at + 4], "big")
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:8], "big")
    assert (header[8], header[9], header[12]) == (1, 0, 0)  # 1 bit, grey, not interlaced
    import zlib

    raw, stride = zlib.decompress(idat), (width + 7) // 8
    rows, previous = [], bytes(stride)
    for y in range(height):
        line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
        scan = bytes(line[1:])
        if line[0] == 2:  # "up": added to the line above
            scan = bytes((a + b) & 0xFF for a, b in zip(scan, previous, strict=True))
        else:
            assert line[0] == 0, line[0]
        previous = scan
        rows.append([1 - ((scan[x // 8] >> (7 - x % 8)) & 1) for x in range(width)])
    return rows


def qr_modules(pixels: list[list[int]]) -> list[list[int]]:
    """The QR code's modules in ``pixels``: from its first black pixel (the corner of its
    top left finder pattern, seven modules wide)."""
    top = next(y for y, row in enumerate(pixels) if any(row))
    left = pixels[top].index(1)
    run = next(x for x in range(left, len(pixels[top])) if not pixels[top][x]) - left
    scale = run // 7
    assert scale * 7 == run and scale >= 2
    size = (len(pixels[0]) - 2 * left) // scale
    return [[pixels[top + j * scale + scale // 2][left + i * scale + scale // 2]
             for i in range(size)] for j in range(size)]


def expected_modules(url: str) -> list[list[int]]:
    """segno's QR code of ``url`` at level M with the score sheets' fixed data mask."""
    import segno

    from coinche_cli.sheets.score_sheets import QR_MASK

    code = segno.make_qr(url, error="m", mask=QR_MASK)
    return [[int(bool(v)) for v in row] for row in code.matrix]


def test_each_score_sheet_gives_its_tables_entry_page_and_its_qr_code(tmp_path: Path) -> None:
    path = tmp_path / "feuilles.xlsx"
    tables = [{**table, "code": f"CODE{table['table']}",
               "url": f"http://192.168.1.10:8000/table/{table['table']}"} for table in TABLES]
    write_score_sheets(path, "Concours", 1, tables, deals=8, target=None)
    book = load_workbook(path)
    for number in (1, 2):
        sheet = book[f"Table {number}"]
        url = f"http://192.168.1.10:8000/table/{number}"
        assert sheet["A2"].value == f"Round 1 · Table {number} · code CODE{number}"
        assert sheet["A4"].value == f"Result from a phone: {url}"  # next to the code
        assert "A4:F4" in {str(r) for r in sheet.merged_cells.ranges}  # clear of the image
        image, (top_left, bottom_right) = sheet_image(path, f"Table {number}")
        # in the top right corner, in columns G and H beside the four lines (A-F)
        assert (top_left[0], top_left[2:]) == (6, (0, 0))
        assert bottom_right[:2] in ((8, 0), (7, bottom_right[1])) and bottom_right[2] <= 3
        pixels = png_pixels(image)
        assert 60 <= len(pixels) == len(pixels[0]) <= 130  # small: about 3 cm on paper
        assert qr_modules(pixels) == expected_modules(url)
    # without an address (a caller that has none), the sheet is as it was
    write_score_sheets(path, "Concours", 1, TABLES, deals=8, target=None)
    assert "Result from a phone" not in " ".join(sheet_text(load_workbook(path)["Table 1"]))
    with zipfile.ZipFile(path) as archive:
        assert not [name for name in archive.namelist() if name.startswith("xl/media/")]


def test_the_sheets_command_prints_the_live_pages_address(cli: Any, tmp_path: Path) -> None:
    """``tournament sheets --url`` (the live page's address as ``tournament serve`` prints
    it), and by default the address ``serve --host 0.0.0.0`` prints on this machine."""
    from coinche_cli.cli.network import live_address

    director = cli.under("tournament")
    director.run("new", "Concours", "--rounds", "2", "--deals", "4", "--registration-order")
    for team in ("Les As", "Les Rois", "Les Dames", "Les Valets"):
        director.run("team", "add", team)
    director.run("pair")
    codes = {t["table"]: t["code"] for t in director.json("show", "--codes")["tables"]}
    for given, base in (("http://192.168.1.10:8000/", "http://192.168.1.10:8000/"),
                        ("http://192.168.1.10:8000/me", "http://192.168.1.10:8000/"),
                        ("https://coinche.example:8443", "https://coinche.example:8443/"),
                        (None, live_address("0.0.0.0", 8000))):
        path = tmp_path / "feuilles.xlsx"
        director.run("sheets", str(path), *(("--url", given) if given else ()))
        book = load_workbook(path)
        for number in (1, 2):
            sheet = book[f"Table {number}"]
            assert f"code {codes[number]}" in sheet["A2"].value
            assert sheet["A4"].value == f"Result from a phone: {base}table/{number}"
            image, _corner = sheet_image(path, f"Table {number}")
            assert qr_modules(png_pixels(image)) == expected_modules(f"{base}table/{number}")
    assert base.startswith("http://") and base.endswith(":8000/")
    for wrong in ("192.168.1.10:8000", "ftp://192.168.1.10/", "http://", "http://a b/",
                  "http://host:port/"):
        refusal = director.refused("sheets", str(tmp_path / "x.xlsx"), "--url", wrong)
        assert refusal.startswith("error: --url: ") and "is not the live page's address" \
            in refusal, refusal
    assert not (tmp_path / "x.xlsx").exists()
