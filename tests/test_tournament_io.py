"""Reading team and result files: headers in French or English, every bad row reported."""

from __future__ import annotations

import csv
import datetime
import io
import string
import subprocess
import sys
from pathlib import Path
from typing import Any

import pandas as pd  # tests write real files
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

from coinche_cli.errors import MAX_ROWS, CoincheError
from coinche_cli.names import fold
from coinche_cli.sheets.reading import (
    FileProblem,
    ResultRow,
    TeamRow,
    read_results,
    read_teams,
)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def write_csv(path: Path, lines: list[str], *, encoding: str = "utf-8") -> Path:
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode(encoding))
    return path


def write_xlsx(path: Path, rows: list[list[Any]]) -> Path:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    book.create_sheet("Notes").append(["not read"])
    book.save(path)
    return path


def write_sheet(path: Path, rows: list[list[Any]]) -> Path:
    """A first sheet written by pandas: openpyxl for .xlsx, odfpy for LibreOffice's .ods."""
    with pd.ExcelWriter(path, engine="odf" if path.suffix == ".ods" else "openpyxl") as book:
        pd.DataFrame(rows).to_excel(book, header=False, index=False)
        pd.DataFrame([["not read"]]).to_excel(book, sheet_name="Notes", header=False,
                                              index=False)
    return path


def refusal(read: Any, path: Path) -> list[str]:
    """The refusal's lines: what is wrong with the file, then one line per bad row."""
    with pytest.raises(FileProblem) as caught:
        read(path)
    lines = caught.value.text.split("\n")
    assert lines[0] == caught.value.summary
    if len(caught.value.problems) <= MAX_ROWS:
        assert lines[1:] == caught.value.problems
    return lines


# --- teams: headers and formats -------------------------------------------------------------


def test_french_headers_with_accents_capitals_semicolons_and_bom(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "equipes.csv", [
        " ÉQUIPE ;Joueur 1; joueur2 ;Club",
        "Les As;Ana;Bob;Lyon",
        "Les Rois;Chloé;Denis;",
    ], encoding="utf-8-sig")
    assert read_teams(path) == [
        TeamRow(2, "Les As", ("Ana", "Bob"), "Lyon"),
        TeamRow(3, "Les Rois", ("Chloé", "Denis"), ""),
    ]


def test_english_headers_commas_no_bom_no_club(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "teams.csv", [
        "Team,Player 1,Player 2",
        '"Kings, Queens",Ana,Bob',
        "Jacks,Cid,",
    ])
    assert read_teams(path) == [
        TeamRow(2, "Kings, Queens", ("Ana", "Bob"), ""),
        TeamRow(3, "Jacks", ("Cid",), ""),
    ]


@pytest.mark.parametrize("header", ["Nom d'équipe", "nom d’EQUIPE", "équipe", "TEAM", "Doublette"])
def test_team_column_aliases(tmp_path: Path, header: str) -> None:
    path = write_csv(tmp_path / "t.csv", [f"{header};joueur 1", "Les As;Ana"])
    assert read_teams(path) == [TeamRow(2, "Les As", ("Ana",), "")]


def test_windows_1252_file(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "equipes.csv",
                     ["Équipe;Joueur 1;Joueur 2", "Les Génies;Hélène;Zoé"], encoding="cp1252")
    assert read_teams(path) == [TeamRow(2, "Les Génies", ("Hélène", "Zoé"), "")]


def test_utf16_tab_separated_as_excel_unicode_text(tmp_path: Path) -> None:
    path = tmp_path / "equipes.txt"
    path.write_bytes("Équipe\tJoueur 1\tJoueur 2\r\nLes Piques\tÉmile\tJo\r\n".encode("utf-16"))
    assert read_teams(path) == [TeamRow(2, "Les Piques", ("Émile", "Jo"), "")]


def test_one_players_column(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "equipes.csv", ["Équipe;Joueurs;Club", "Les As;Ana, Bob;Lyon",
                                               "Les Rois;Cid;"])
    assert read_teams(path) == [
        TeamRow(2, "Les As", ("Ana", "Bob"), "Lyon"),
        TeamRow(3, "Les Rois", ("Cid",), ""),
    ]


def test_blank_lines_skipped_and_rows_keep_their_spreadsheet_numbers(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "equipes.csv", [
        "Équipe;Joueur 1;Joueur 2", "Les As;Ana;Bob", "", ";;", "Les Rois;Cid;Dan", " ; ; ",
    ])
    assert [(t.row, t.name) for t in read_teams(path)] == [(2, "Les As"), (5, "Les Rois")]


def test_title_rows_above_the_header(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "equipes.csv", [
        "Concours du 12 mai;;", ";;", "Équipe;Joueur 1;Joueur 2", "Les As;Ana;Bob",
    ])
    assert read_teams(path) == [TeamRow(4, "Les As", ("Ana", "Bob"), "")]


def test_a_column_no_header_rule_reads_is_refused(tmp_path: Path) -> None:
    # issue 32: a column left out without a word once hid a results file's player names
    path = write_csv(tmp_path / "equipes.csv", ["N°;Équipe;Téléphone;Joueur 1",
                                               "1;Les As;0600000000;Ana"])
    assert refusal(read_teams, path) == [
        "equipes.csv: coinche does not read columns A (N°), C (Téléphone) (it reads team, "
        "player 1, player 2, players, club); rename or remove them; nothing imported"
    ]


def test_header_only_gives_no_teams(tmp_path: Path) -> None:
    assert read_teams(write_csv(tmp_path / "equipes.csv", ["Équipe;Joueur 1"])) == []


def test_xlsx_first_sheet_numbers_read_as_text(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "equipes.xlsx", [
        ["Équipe", "Joueur 1", "Joueur 2", "Club"],
        ["Les As", "Ana", "Bob", "Lyon"],
        [],
        [12, "Cid", "Dan", None],
        ["Les 007", "Eve", None, 69],
    ])
    assert read_teams(path) == [
        TeamRow(2, "Les As", ("Ana", "Bob"), "Lyon"),
        TeamRow(4, "12", ("Cid", "Dan"), ""),
        TeamRow(5, "Les 007", ("Eve",), "69"),
    ]


def test_xlsx_written_by_pandas_with_english_headers(tmp_path: Path) -> None:
    path = tmp_path / "teams.xlsx"
    frame = pd.DataFrame({"Team": ["Aces", "Kings"], "Player 1": ["Ana", "Cid"],
                          "Player 2": ["Bob", "Dan"], "Club": ["Nice", "Pau"]})
    frame.to_excel(path, index=False)
    assert read_teams(path) == [
        TeamRow(2, "Aces", ("Ana", "Bob"), "Nice"),
        TeamRow(3, "Kings", ("Cid", "Dan"), "Pau"),
    ]


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_an_ods_workbook_imports_exactly_like_an_xlsx_one(tmp_path: Path, suffix: str) -> None:
    path = write_sheet(tmp_path / f"equipes{suffix}", [
        ["Concours du 12 mai", None, None, None],
        [None, None, None, None],
        ["Équipe", "Joueur 1", "Joueur 2", "Club"],
        ["Les As", "Ana", "Bob", "Lyon"],
        [None, None, None, None],
        [12, "Cid", "Dan", 69],
        ["Les Dates", "Eve", None, datetime.date(2024, 5, 12)],
        ["Les Vrais", "Fay", None, True],
        ["Les Demis", "Gus", None, 12.5],
        ["Les  Lignes", "Hal \u00a0Ivy", None, datetime.datetime(2024, 5, 12, 14, 30)],
    ])
    assert read_teams(path) == [
        TeamRow(4, "Les As", ("Ana", "Bob"), "Lyon"),
        TeamRow(6, "12", ("Cid", "Dan"), "69"),
        TeamRow(7, "Les Dates", ("Eve",), "2024-05-12"),
        TeamRow(8, "Les Vrais", ("Fay",), "TRUE"),
        TeamRow(9, "Les Demis", ("Gus",), "12.5"),
        TeamRow(10, "Les Lignes", ("Hal Ivy",), "2024-05-12 14:30"),  # one line, one space
    ]


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_results_workbook_with_names_and_number_cells(tmp_path: Path, suffix: str) -> None:
    path = write_sheet(tmp_path / f"resultats{suffix}", [
        ["Table", "Nom équipe 1", "Score 1", "Nom équipe 2", "Score 2"],
        [1, "Les As", 1200, "Les Rois", 900.0],
        [2, "Les Dames", "830", 7, 1100],
    ])
    assert read_results(path) == [ResultRow(2, 1, 1200, 900, "Les As", "Les Rois"),
                                  ResultRow(3, 2, 830, 1100, "Les Dames", "7")]


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_a_bad_workbook_row_is_reported_with_its_row_number(tmp_path: Path,
                                                            suffix: str) -> None:
    path = write_sheet(tmp_path / f"resultats{suffix}", [
        ["Résultats ronde 1", None, None], ["Table", "Score 1", "Score 2"], [1, 800, 820.5],
    ])
    assert refusal(read_results, path)[1] == (
        f"resultats{suffix}: row 3: score 2: “820.5” is not a whole number"
    )


def test_xlsm_workbooks_are_read(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "equipes.xlsm", [["Équipe", "Joueur 1"], ["Les As", "Ana"]])
    assert read_teams(path) == [TeamRow(2, "Les As", ("Ana",), "")]


def test_a_workbook_whatever_its_name_is_read_as_a_workbook(tmp_path: Path) -> None:
    path = write_sheet(tmp_path / "export.ods", [["Équipe", "Joueur 1"], ["Les As", "Ana"]])
    renamed = path.rename(tmp_path / "equipes.csv")
    assert read_teams(renamed) == [TeamRow(2, "Les As", ("Ana",), "")]


def test_the_separator_is_the_one_the_header_uses(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "equipes.csv", [
        "Concours du 12 mai, Lyon, salle des fêtes",  # commas in a title
        "Équipe;Joueurs",
        "Les As;Ana, Bob",
        "Les Rois;Cid",
    ])
    assert read_teams(path) == [TeamRow(3, "Les As", ("Ana", "Bob"), ""),
                                TeamRow(4, "Les Rois", ("Cid",), "")]


def test_a_single_column_of_names_keeps_their_commas(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "equipes.csv", ["Équipe", "Kings, Queens", "Jacks"])
    assert [t.name for t in read_teams(path)] == ["Kings, Queens", "Jacks"]


def test_a_quoted_cell_may_hold_a_line_break_and_rows_keep_their_numbers(
    tmp_path: Path,
) -> None:
    path = write_csv(tmp_path / "equipes.csv", [
        "Équipe;Joueur 1;Joueur 2", 'Les As;Ana;"Bob\r\nCid"', "Les Rois;Dan", "Les Rois;Eve",
    ])
    lines = refusal(read_teams, path)
    assert lines[1].startswith("equipes.csv: row 2: players: “Bob\\r\\nCid” holds a control")
    assert lines[2] == "equipes.csv: row 4: team: “Les Rois” repeats “Les Rois” from row 3"


@pytest.mark.parametrize("line", ['"Les As;Ana', '"Les As" de Pique;Ana'])
def test_a_broken_quote_is_one_clear_refusal(tmp_path: Path, line: str) -> None:
    path = write_csv(tmp_path / "equipes.csv", ["Équipe;Joueur 1", "Les Rois;Cid", line])
    assert refusal(read_teams, path) == [
        "equipes.csv: cannot read it (line 3: a quote is not closed, or text follows a closing "
        "quote); nothing imported"
    ]


#: Names a French club types, in characters every encoding holds.  No byte of cp1252 text
#: in this alphabet continues a UTF-8 sequence (no œ, no ’), so such a file is never misread
#: as UTF-8: that ambiguity is the encodings', not the reader's.
_NAME = st.text(
    st.sampled_from(string.ascii_letters + string.digits + " \u00a0;,\"'-.&/()!?"
                    "éèêëàâçùûüôîïÉÈÊÀÇÔ"),
    min_size=1,
).map(lambda text: " ".join(text.split())).filter(bool)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    names=st.lists(_NAME, min_size=1, max_size=8, unique_by=fold),
    separator=st.sampled_from([";", ",", "\t"]),
    encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "cp1252"]),
)
def test_any_team_names_written_by_a_csv_writer_read_back(
    tmp_path: Path, names: list[str], separator: str, encoding: str,
) -> None:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=separator)
    writer.writerow(["Équipe", "Joueur 1"])
    writer.writerows([name, f"Joueur {i}"] for i, name in enumerate(names))
    path = tmp_path / "equipes.csv"
    path.write_bytes(buffer.getvalue().encode(encoding))
    assert read_teams(path) == [TeamRow(i + 2, name, (f"Joueur {i}",), "")
                                for i, name in enumerate(names)]


# --- teams: refusals ------------------------------------------------------------------------


def test_every_bad_row_is_reported_with_its_row_number(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "equipes.csv", [
        "Équipe;Joueur 1;Joueur 2;Joueur 3",
        "Les As;Ana;Bob;",
        ";Cid;Dan;",
        "",
        "les ÀS;Eve;Fay;",
        "Les Rois;Gus;Hal;Ivy",
        "Les Dames;Jo;Kim;",
    ], encoding="utf-8-sig")
    assert refusal(read_teams, path) == [
        "3 bad rows in equipes.csv; nothing imported",
        "equipes.csv: row 3: team: missing",
        "equipes.csv: row 5: team: “les ÀS” repeats “Les As” from row 2",
        "equipes.csv: row 6: players: 3 players (Gus, Hal, Ivy); a team has at most 2",
    ]


def test_too_many_players_in_a_players_list(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "equipes.csv", ["Team,Players", 'Aces,"Ana, Bob, Cid"'])
    assert refusal(read_teams, path) == [
        "1 bad row in equipes.csv; nothing imported",
        "equipes.csv: row 2: players: 3 players (Ana, Bob, Cid); a team has at most 2",
    ]


def test_value_in_a_column_without_header_is_reported(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "equipes.csv", ["Équipe;Joueur 1;Joueur 2", "Les As;Ana;Bob;Cid"])
    assert refusal(read_teams, path)[1] == (
        "equipes.csv: row 2: column D: “Cid” is in a column without a header"
    )


def test_several_problems_on_one_row_share_its_line(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "equipes.xlsx", [
        ["Team", "Players"], ["Aces", "Ana"], [None, "Ana, Bob, Cid"],
    ])
    assert refusal(read_teams, path) == [
        "1 bad row in equipes.xlsx; nothing imported",
        "equipes.xlsx: row 3: team: missing; players: 3 players (Ana, Bob, Cid); "
        "a team has at most 2",
    ]


def test_missing_team_column_names_the_expected_headers(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "equipes.csv", ["Nom;Prénom", "Dupont;Ana"])
    lines = refusal(read_teams, path)
    assert lines == ["equipes.csv: no team column (expected a header such as équipe, team, "
                     "nom d'équipe; found: Nom, Prénom); nothing imported"]


def test_two_team_columns_are_refused(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "equipes.csv", ["Équipe;Team", "Les As;Aces"])
    assert refusal(read_teams, path) == [
        "equipes.csv: columns “Équipe” and “Team” both give the team; keep one; nothing imported"
    ]


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("vide.csv", b"", "vide.csv: the file is empty; nothing imported"),
        ("vide.csv", b"\xef\xbb\xbf\r\n;;\r\n", "vide.csv: the file is empty; nothing imported"),
        ("old.xls", b"\xd0\xcf\x11\xe0", "old.xls: old .xls workbooks cannot be read; "
         "save it as .xlsx, .ods or .csv"),
        ("binary.csv", b"\x00\x01\x02\x81\x8d", "binary.csv: not a CSV file in UTF-8, UTF-16 "
         "or Windows-1252; nothing imported"),
    ],
)
def test_unusable_files(tmp_path: Path, name: str, content: bytes, expected: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    assert refusal(read_teams, path) == [expected]


def test_damaged_workbook_is_one_clear_refusal(tmp_path: Path) -> None:
    path = tmp_path / "equipes.xlsx"
    path.write_bytes(b"PK\x03\x04 not really a zip")
    (line,) = refusal(read_teams, path)
    assert line.startswith("equipes.xlsx: cannot read it (")
    assert line.endswith("); nothing imported")


def test_missing_file(tmp_path: Path) -> None:
    assert refusal(read_teams, tmp_path / "absent.csv") == ["absent.csv: no such file"]


def test_file_problem_is_a_user_error_with_exit_code_2(tmp_path: Path) -> None:
    with pytest.raises(CoincheError) as caught:
        read_teams(tmp_path / "absent.csv")
    assert isinstance(caught.value, FileProblem)
    assert caught.value.exit_code == 2
    assert caught.value.summary == "absent.csv: no such file"
    assert caught.value.problems == []


# --- results --------------------------------------------------------------------------------


def test_results_csv(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "resultats.csv", [
        "Table;Score 1;Score 2", "1;1250;980", "", "2;0;2 001",
    ], encoding="utf-8-sig")
    assert read_results(path) == [ResultRow(2, 1, 1250, 980), ResultRow(4, 2, 0, 2001)]


@pytest.mark.parametrize(
    "header",
    ["table,score1,score2", "Table n°,Points 1,Points 2", "TABLE,pts 1,PTS 2",
     "n° table,Score équipe 1,Score équipe 2", " Table , score 1 , SCORE 2 ",
     "table,score n°1,score n°2"],
)
def test_result_header_aliases(tmp_path: Path, header: str) -> None:
    path = write_csv(tmp_path / "results.csv", [header, "3,100,62"])
    assert read_results(path) == [ResultRow(2, 3, 100, 62)]


def test_results_xlsx_with_number_cells(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "resultats.xlsx", [
        ["Table", "Score 1", "Score 2"], [1, 1200, 900.0], [2, "830", 1100],
    ])
    assert read_results(path) == [ResultRow(2, 1, 1200, 900), ResultRow(3, 2, 830, 1100)]


def test_every_bad_result_row_is_reported_and_none_returned(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "resultats.csv", [
        "table;score 1;score 2",
        "1;80;82",
        "2;x;-1",
        "1;3;4",
        "0;10;10",
        "3;;10",
        "4;12.5;10",
        ";;",
        "5;100;62",
    ])
    assert refusal(read_results, path) == [
        "5 bad rows in resultats.csv; nothing imported",
        "resultats.csv: row 3: score 1: “x” is not a whole number; "
        "score 2: must be 0 or more, got -1",
        "resultats.csv: row 4: table: table 1 is already on row 2",
        "resultats.csv: row 5: table: must be 1 or more, got 0",
        "resultats.csv: row 6: score 1: missing",
        "resultats.csv: row 7: score 1: “12.5” is not a whole number",
    ]


def test_results_missing_columns_are_named(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "resultats.csv", ["Table;Score 1", "1;80"])
    assert refusal(read_results, path) == [
        "resultats.csv: no score 2 column (expected a header such as table, score 1, score 2; "
        "found: Table, Score 1); nothing imported"
    ]


# --- results: the teams' names ---------------------------------------------------------------


def test_the_issue_sheet_with_names_in_windows_1252(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "resultats.csv", [
        "Table;Nom équipe 1;Score 1;Nom équipe 2;Score 2",
        "1;Les Génies;1250;Les Rois;980",
        "2;Belote et Rebelote;0;Dix de Der;2 001",
    ], encoding="cp1252")
    assert read_results(path) == [
        ResultRow(2, 1, 1250, 980, "Les Génies", "Les Rois"),
        ResultRow(3, 2, 0, 2001, "Belote et Rebelote", "Dix de Der"),
    ]


@pytest.mark.parametrize(
    "names",
    [("Nom équipe 1", "Nom équipe 2"), ("nom d’équipe 1", "NOM D'ÉQUIPE 2"),
     ("Équipe 1", "Équipe 2"), ("Team 1", "team 2"), ("Team name 1", "Team Name 2"),
     ("Nom 1", "nom 2"), ("Name 1", "Name 2"), ("nom_equipe_1", "equipe2"),
     ("Équipe n°1", "Équipe n°2")],
)
def test_name_column_aliases(tmp_path: Path, names: tuple[str, str]) -> None:
    first, second = names
    path = write_csv(tmp_path / "results.csv", [f"table;{first};{second};score 1;score 2",
                                                "3;Aces;Kings;100;62"])
    assert read_results(path) == [ResultRow(2, 3, 100, 62, "Aces", "Kings")]


def test_name_and_score_columns_may_come_in_any_order(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "results.csv", [
        "Score 2,Team 2,Table,Score 1,Team 1", "62,Kings,3,100,Aces",
    ])
    assert read_results(path) == [ResultRow(2, 3, 100, 62, "Aces", "Kings")]


def test_without_name_columns_the_names_are_none(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "results.csv", ["table;score 1;score 2", "3;100;62"])
    (result,) = read_results(path)
    assert (result.name1, result.name2) == (None, None)
    assert (result.row, result.table, result.score1, result.score2) == (2, 3, 100, 62)


def test_a_row_may_leave_both_names_empty_but_not_one(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "resultats.csv", [
        "Table;Équipe 1;Score 1;Équipe 2;Score 2",
        "1;;800;;820",
        "2;Les As;800;;820",
        "3;;800;Les Rois;820",
    ])
    assert refusal(read_results, path) == [
        "2 bad rows in resultats.csv; nothing imported",
        "resultats.csv: row 3: team 2 name: missing",
        "resultats.csv: row 4: team 1 name: missing",
    ]
    path = write_csv(tmp_path / "resultats.csv", [
        "Table;Équipe 1;Score 1;Équipe 2;Score 2", "1;;800;;820", "2;Les As;800;Les Rois;820",
    ])
    assert read_results(path) == [ResultRow(2, 1, 800, 820),
                                  ResultRow(3, 2, 800, 820, "Les As", "Les Rois")]


@pytest.mark.parametrize(("header", "missing", "expected"), [
    ("Table;Équipe 1;Score 1;Score 2", "team 2 name", "nom équipe 2, team 2"),
    ("Table;Score 1;Score 2;Team 2", "team 1 name", "nom équipe 1, team 1"),
])
def test_a_file_gives_both_name_columns_or_none(tmp_path: Path, header: str, missing: str,
                                                expected: str) -> None:
    path = write_csv(tmp_path / "resultats.csv", [header, "1;Les As;800;820"])
    found = ", ".join(header.split(";"))
    assert refusal(read_results, path) == [
        f"resultats.csv: no {missing} column (expected a header such as {expected}; "
        f"found: {found}); nothing imported"
    ]


def test_two_columns_for_the_same_name_are_refused(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "resultats.csv", [
        "Table;Nom 1;Équipe 1;Score 1;Nom 2;Score 2", "1;A;A;800;B;820",
    ])
    assert refusal(read_results, path) == [
        "resultats.csv: columns “Nom 1” and “Équipe 1” both give the team 1 name; keep one; "
        "nothing imported"
    ]


# --- many bad rows ----------------------------------------------------------------------------


@pytest.mark.parametrize("count", [MAX_ROWS, MAX_ROWS + 1, 250])
def test_every_bad_row_on_its_own_line_at_most_twenty_then_how_many_more(
    tmp_path: Path, count: int,
) -> None:
    path = write_csv(tmp_path / "resultats.csv",
                     ["table;score 1;score 2", *(f"{table};x;0" for table in range(1, count + 1))])
    with pytest.raises(FileProblem) as caught:
        read_results(path)
    problems = [f"resultats.csv: row {table + 1}: score 1: “x” is not a whole number"
                for table in range(1, count + 1)]
    assert caught.value.problems == problems  # every row, none left out
    more = [f"… and {count - MAX_ROWS} more"] if count > MAX_ROWS else []
    assert caught.value.text.split("\n") == [
        f"{count} bad rows in resultats.csv; nothing imported", *problems[:MAX_ROWS], *more,
    ]


# --- the example files and the import cost --------------------------------------------------


def test_example_team_files_agree() -> None:
    from_csv = read_teams(EXAMPLES / "equipes.csv")
    from_xlsx = read_teams(EXAMPLES / "equipes.xlsx")
    assert len(from_csv) >= 8
    assert [(t.name, t.players, t.club) for t in from_csv] == [
        (t.name, t.players, t.club) for t in from_xlsx
    ]
    assert all(len(t.players) == 2 for t in from_csv)


def test_example_results_file() -> None:
    results = read_results(EXAMPLES / "resultats-ronde1.csv")
    assert [r.table for r in results] == list(range(1, len(results) + 1))
    assert len(results) == len(read_teams(EXAMPLES / "equipes.csv")) // 2


def test_reading_files_does_not_load_pandas() -> None:
    code = ("import sys\n"
            "from pathlib import Path\n"
            "from coinche_cli.sheets.reading import read_results, read_teams\n"
            "examples = Path(sys.argv[1])\n"
            "read_teams(examples / 'equipes.csv')\n"
            "read_teams(examples / 'equipes.xlsx')\n"
            "read_results(examples / 'resultats-ronde1.csv')\n"
            "print(sorted({'pandas', 'numpy', 'openpyxl'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code, str(EXAMPLES)], capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "[]"
