"""A concours with stages written out (issue 34, "Everywhere else"): the workbook's sheet per
stage — a knock-out's bracket drawn as on paper, a Swiss or poule stage its own standings —
and its ``Final ranking``; the CSV files ``stage-N.csv``, ``tableau-N.csv`` and
``final-ranking.csv``; the bracket poster for the wall.

Each concours is played in process through the operations on a real SQLite file, its results
chosen so that every place can be worked out by hand (below); the files are opened again
with python-calamine, the CSV module and an HTML parser, and the poster is also written once
by the installed command.

The day of concours A, 16 teams, 3 Swiss parties: a team's score is always 1000 less ten
times its number (T05 scores 950), so the better number wins every qualifying table and the
qualifying order is T01…T16.  Then "Tableau A" (places 1-8, knock-out, third-place match)
and the consolante (places 9-13, five teams: byes to its three best seeds); 14-16 play no
more.  Two upsets in Tableau A: T05 (seed 5) beats T04 in QF2, T02 beats T01 in the final.

- Tableau A: QF1 T01-T08, QF2 T04-T05, QF3 T02-T07, QF4 T03-T06 (bracket order 1-8, 4-5,
  2-7, 3-6); SF1 T01-T05, SF2 T02-T03; F T01-T02 won by T02; 3P T05-T03 won by T03.
  Places: T02, T01, T03, T05, then the quarter-final losers by seed: T04, T06, T07, T08.
- Consolante: QF1 T09 bye, QF2 T12-T13, QF3 T10 bye, QF4 T11 bye; SF1 T09-T12, SF2
  T10-T11; F T09-T10.  Places 9-13: T09, T10, then the semi-final losers by seed (T11, T12),
  then T13.
- T14, T15, T16 keep their qualifying places.

Concours B, 8 teams in two poules of 4 (``--format groups``, seeded in a serpentine by
registration: A = T01, T04, T05, T08; B = T02, T03, T06, T07), then "Finale" (the two first
of each poule, knock-out: T01, T02, T03, T04 by the poules' order) and "Classement" (the
third and fourth of each poule, 2 Swiss parties).
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from python_calamine import CalamineWorkbook

from coinche_cli.i18n import _, speaking
from coinche_cli.rules.loader import load_rules
from coinche_cli.rules.model import Rules
from coinche_cli.sheets.posters import render
from coinche_cli.sheets.tournament import write_csv_dir, write_workbook
from coinche_cli.sheets.writing import sheet_title
from coinche_cli.store.sqlite import SqliteStore
from coinche_cli.tournament import entrants, poster_data, results, stage_ops
from coinche_cli.tournament import ops as tournaments
from coinche_cli.tournament.entrants import Registration
from coinche_cli.tournament.model import Settings
from coinche_cli.tournament.stages import later_stages
from tests.harness import Cli

#: A team's name to play with: markup, which every file must show as typed.
HOSTILE = '</style><script>alert("T05")</script>'
CONSOLANTE = "Consolante: les 9/13 [B]*"


@cache
def _standard() -> Rules:
    return load_rules("standard")


def _name(number: int) -> str:
    return HOSTILE if number == 5 else f"T{number:02d}"


def _number(name: str) -> int:
    return 5 if name == HOSTILE else int(name[1:])


def _play_round(store: SqliteStore, upsets: dict[tuple[str, str], str]) -> None:
    """Every table of the current partie: the better number wins with its score, unless the
    match is an upset (by stage and match: the team that wins), whose scores are swapped."""
    tournament = tournaments.load(store, None)
    assert tournament.current is not None
    for board in tournament.current.boards:
        one, two = tournament.name_of(board.team1), tournament.name_of(board.team2)
        score1, score2 = 1000 - 10 * _number(one), 1000 - 10 * _number(two)
        stage = tournament.stages[board.stage].name if board.stage else ""
        winner = upsets.get((stage, board.match or ""))
        if winner is not None and (winner == one) != (score1 > score2):
            score1, score2 = score2, score1
        results.enter_result(store, None, str(board.table), score1, score2)


def _open(store: SqliteStore, teams: int, **settings: Any) -> None:
    tournaments.create(store, "Concours de mai", _standard(), Settings(**settings))
    for number in range(1, teams + 1):
        entrants.add(store, None, "team", Registration(_name(number), ("a", "b")))


def _finish(store: SqliteStore, upsets: dict[tuple[str, str], str]) -> None:
    """Pair and play the room's parties until every later stage is complete."""
    from coinche_cli.tournament.stages import is_complete

    for _partie in range(10):
        tournament = tournaments.load(store, None)
        if all(is_complete(tournament, stage) for stage in later_stages(tournament)):
            return
        tournaments.pair_next(store, None)
        _play_round(store, upsets)
    raise AssertionError("the stages never completed")


@pytest.fixture(scope="module")
def concours_a(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Concours A played to the end (the module's docstring)."""
    path = tmp_path_factory.mktemp("a") / "concours.db"
    store = SqliteStore(path)
    try:
        _open(store, 16, rounds=3, target=1000, seed=7)
        stage_ops.add_stage(store, None, "Tableau A", "knockout", ranks=(1, 8),
                            third_place=True, target=3001)
        stage_ops.add_stage(store, None, CONSOLANTE, "knockout", ranks=(9, 13))
        for _partie in range(3):
            tournaments.pair_next(store, None)
            _play_round(store, {})
        stage_ops.start_stage(store, None, "Tableau A")
        stage_ops.start_stage(store, None, CONSOLANTE)
        _finish(store, {("Tableau A", "QF2"): HOSTILE, ("Tableau A", "F"): "T02"})
    finally:
        store.close()
    return path


@pytest.fixture(scope="module")
def concours_b(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Concours B played to the end: poules, then a knock-out and a Swiss stage."""
    path = tmp_path_factory.mktemp("b") / "concours.db"
    store = SqliteStore(path)
    try:
        _open(store, 8, rounds=3, target=1000, group_size=4)
        tournaments.pair_next(store, None)  # the poules drawn (the stages refer to them)
        stage_ops.add_stage(store, None, "Finale", "knockout", group_ranks=(1, 2))
        stage_ops.add_stage(store, None, "Classement", "swiss", group_ranks=(3, 4), rounds=2)
        for partie in range(3):
            if partie:
                tournaments.pair_next(store, None)
            _play_round(store, {})
        stage_ops.start_stage(store, None, "Finale")
        stage_ops.start_stage(store, None, "Classement")
        _finish(store, {})
    finally:
        store.close()
    return path


def _export(db: Path, folder: Path, language: str = "en") -> Path:
    """The workbook and the CSV files of the concours in ``db``, as ``export`` writes them."""
    from coinche_cli.game.ops import deal_rows

    store = SqliteStore(db)
    try:
        with speaking(language):
            data = tournaments.export_data(store, None, deal_rows)
            write_workbook(folder / "concours.xlsx", data)
            write_csv_dir(folder / "csv", data)
    finally:
        store.close()
    return folder


def _sheet(folder: Path, name: str) -> list[list[Any]]:
    book = CalamineWorkbook.from_path(str(folder / "concours.xlsx"))
    return [list(row) for row in book.get_sheet_by_name(name).to_python()]


def _csv(folder: Path, name: str) -> list[dict[str, str]]:
    with (folder / "csv" / name).open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def _cells(rows: list[list[Any]]) -> Iterator[tuple[int, int, Any]]:
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value not in ("", None):
                yield r, c, value


def _find(rows: list[list[Any]], value: Any) -> tuple[int, int]:
    found = [(r, c) for r, c, cell in _cells(rows) if cell == value]
    assert len(found) == 1, (value, found)
    return found[0]


#: Concours A's final ranking, worked out by hand (the module's docstring): rank, team, the
#: stage that decided it, how.
FINAL_A = [
    (1, "T02", "Tableau A", "final"), (2, "T01", "Tableau A", "final"),
    (3, "T03", "Tableau A", "third place"), (4, HOSTILE, "Tableau A", "third place"),
    (5, "T04", "Tableau A", "seed"), (6, "T06", "Tableau A", "seed"),
    (7, "T07", "Tableau A", "seed"), (8, "T08", "Tableau A", "seed"),
    (9, "T09", CONSOLANTE, "final"), (10, "T10", CONSOLANTE, "final"),
    (11, "T11", CONSOLANTE, "seed"), (12, "T12", CONSOLANTE, "seed"),
    (13, "T13", CONSOLANTE, "seed"),
    (14, "T14", "Qualifications", "ranking"), (15, "T15", "Qualifications", "ranking"),
    (16, "T16", "Qualifications", "ranking"),
]


def test_the_workbook_has_a_sheet_per_stage_and_the_final_ranking(concours_a: Path,
                                                                     tmp_path: Path) -> None:
    folder = _export(concours_a, tmp_path)
    names = CalamineWorkbook.from_path(str(folder / "concours.xlsx")).sheet_names
    # the stages after the parties, each under its own name (the consolante's without the
    # characters Excel refuses), then the final ranking
    assert names == ["Standings", "Teams", *(f"Round {n}" for n in range(1, 7)), "Tableau A",
                     "Consolante- les 9-13 (B)-", "Final ranking", "Penalties", "History"]
    final = _sheet(folder, "Final ranking")
    assert final[0][:5] == ["rank", "team", "players", "stage", "place by"]
    assert final[0][5:8] == ["played", "wins", "draws"]
    assert [(int(row[0]), row[1], row[3], row[4]) for row in final[1:]] == FINAL_A
    # the counts are the whole concours's: T02 played 3 parties and 3 knock-out matches
    assert final[1][5] == 6


def test_a_knock_out_sheet_draws_the_bracket_rounds_side_by_side(concours_a: Path,
                                                                 tmp_path: Path) -> None:
    rows = _sheet(_export(concours_a, tmp_path), "Tableau A")
    assert rows[0][0] == "Tableau A"
    # a column per partie, headed by its round's words and the room's partie
    headers = [(c, value) for r, c, value in _cells(rows[:2]) if r == 1]
    assert [value for _c, value in headers] == ["Quarter-finals", "Semi-finals", "Final"]
    assert [rows[2][c] for c, _value in headers] == ["Round 4", "Round 5", "Round 6"]
    quarters, semis, final = (c for c, _value in headers)
    # QF2: its table over its two sides, seed, team, score, the winner's mark
    r, c = _find(rows, "QF2 · table 2")
    assert c == quarters
    assert rows[r + 1][c:c + 4] == [4, "T04", 950, ""]
    assert rows[r + 2][c:c + 4] == [5, HOSTILE, 960, "✓"]  # the upset: scores swapped
    # each semi-final level between the two quarter-finals it comes from
    r1, _c = _find(rows, "QF1 · table 1")
    r_sf1, c_sf1 = _find(rows, "SF1 · table 1")
    assert c_sf1 == semis and r1 < r_sf1 < r
    assert rows[r_sf1 + 1][c_sf1:c_sf1 + 4] == [1, "T01", 990, "✓"]
    assert rows[r_sf1 + 2][c_sf1:c_sf1 + 4] == [5, HOSTILE, 950, ""]
    r_f, c_f = _find(rows, "F · table 1")
    assert c_f == final
    assert rows[r_f + 1][c_f:c_f + 4] == [1, "T01", 980, ""]
    assert rows[r_f + 2][c_f:c_f + 4] == [2, "T02", 990, "✓"]
    # the third-place match under the main bracket, headed by its words
    r_title, _c = _find(rows, "Third place")
    assert r_title > r_f
    r_3p, c_3p = _find(rows, "3P · table 2")
    assert c_3p == final and r_3p > r_title
    assert rows[r_3p + 1][c_3p + 1] == HOSTILE and rows[r_3p + 2][c_3p + 1:c_3p + 4] == [
        "T03", 970, "✓"]


def test_a_bye_is_said_as_such_in_the_bracket(concours_a: Path, tmp_path: Path) -> None:
    rows = _sheet(_export(concours_a, tmp_path), "Consolante- les 9-13 (B)-")
    assert rows[0][0] == CONSOLANTE  # the stage's own name over its bracket
    r, c = _find(rows, "QF1 · bye")
    assert rows[r + 1][c:c + 4] == [1, "T09", "", "✓"]
    assert rows[r + 2][c + 1] == "bye"
    assert [value for _r, _c, value in _cells(rows) if str(value).endswith("· bye")] == [
        "QF1 · bye", "QF3 · bye", "QF4 · bye"]
    r, c = _find(rows, "QF2 · table 5")  # the tables run on after Tableau A's four
    assert rows[r + 1][c:c + 4] == [4, "T12", 880, "✓"]


def test_the_csv_files_have_each_stage_its_bracket_and_the_final_ranking(
        concours_a: Path, tmp_path: Path) -> None:
    folder = _export(concours_a, tmp_path)
    files = sorted(path.name for path in (folder / "csv").iterdir())
    assert files == sorted(["standings.csv", "teams.csv", *(f"round-{n}.csv" for n in
                                                            range(1, 7)),
                            "stage-1.csv", "tableau-1.csv", "stage-2.csv", "tableau-2.csv",
                            "final-ranking.csv", "penalties.csv", "history.csv"])
    bracket = _csv(folder, "tableau-1.csv")
    assert list(bracket[0]) == ["round", "label", "match", "table", "team 1", "seed 1",
                                "team 2", "seed 2", "score 1", "score 2", "winner", "bye"]
    assert [(row["round"], row["label"], row["match"], row["table"]) for row in bracket] == [
        ("4", "Quarter-finals", "QF1", "1"), ("4", "Quarter-finals", "QF2", "2"),
        ("4", "Quarter-finals", "QF3", "3"), ("4", "Quarter-finals", "QF4", "4"),
        ("5", "Semi-finals", "SF1", "1"), ("5", "Semi-finals", "SF2", "2"),
        ("6", "Final", "F", "1"), ("6", "Third place", "3P", "2")]
    assert bracket[1] == {
        "round": "4", "label": "Quarter-finals", "match": "QF2", "table": "2",
        "team 1": "T04", "seed 1": "4", "team 2": HOSTILE, "seed 2": "5", "score 1": "950",
        "score 2": "960", "winner": HOSTILE, "bye": "no"}
    consolante = _csv(folder, "tableau-2.csv")
    assert consolante[0] == {
        "round": "4", "label": "Quarter-finals", "match": "QF1", "table": "", "team 1": "T09",
        "seed 1": "1", "team 2": "", "seed 2": "", "score 1": "", "score 2": "",
        "winner": "T09", "bye": "yes"}
    # a knock-out's own order: its places once played
    assert [(row["rank"], row["team"], row["seed"], row["place by"])
            for row in _csv(folder, "stage-2.csv")] == [
        ("1", "T09", "1", "final"), ("2", "T10", "2", "final"), ("3", "T11", "3", "seed"),
        ("4", "T12", "4", "seed"), ("5", "T13", "5", "seed")]
    final = _csv(folder, "final-ranking.csv")
    assert [(int(row["rank"]), row["team"], row["stage"], row["place by"])
            for row in final] == FINAL_A
    # the parties of the stages: each table's stage and match, the byes each stage gave
    fourth = _csv(folder, "round-4.csv")
    assert list(fourth[0])[-2:] == ["stage", "match"]
    assert [(row["table"], row["team 1"], row["stage"], row["match"])
            for row in fourth[:5]] == [
        ("1", "T01", "Tableau A", "QF1"), ("2", "T04", "Tableau A", "QF2"),
        ("3", "T02", "Tableau A", "QF3"), ("4", "T03", "Tableau A", "QF4"),
        ("5", "T12", CONSOLANTE, "QF2")]
    assert sorted((row["table"], row["team 1"], row["stage"], row["match"])
                  for row in fourth[5:]) == [("bye", team, CONSOLANTE, "")
                                             for team in ("T09", "T10", "T11")]


def test_poules_and_a_swiss_stage_have_their_own_standings(concours_b: Path,
                                                          tmp_path: Path) -> None:
    folder = _export(concours_b, tmp_path)
    names = CalamineWorkbook.from_path(str(folder / "concours.xlsx")).sheet_names
    assert names[-6:] == ["Poules", "Finale", "Classement", "Final ranking", "Penalties",
                          "History"]
    poules = _sheet(folder, "Poules")
    assert poules[0][:5] == ["poule", "rank in poule", "rank", "team", "players"]
    # each poule's order, poule after poule; the stage's rank: the firsts, then the seconds…
    assert [(row[0], int(row[1]), int(row[2]), row[3]) for row in poules[1:]] == [
        ("A", 1, 1, "T01"), ("A", 2, 4, "T04"), ("A", 3, 5, HOSTILE), ("A", 4, 8, "T08"),
        ("B", 1, 2, "T02"), ("B", 2, 3, "T03"), ("B", 3, 6, "T06"), ("B", 4, 7, "T07")]
    assert all(row[5] == 3 for row in poules[1:])  # three parties each
    swiss = _csv(folder, "stage-2.csv")
    assert [(row["rank"], row["team"], row["played"]) for row in swiss] == [
        ("1", HOSTILE, "2"), ("2", "T06", "2"), ("3", "T07", "2"), ("4", "T08", "2")]
    assert (folder / "csv" / "stage-0.csv").exists()  # the poules: the first stage
    final = _sheet(folder, "Final ranking")
    assert [(int(row[0]), row[1], row[3], row[4]) for row in final[1:]] == [
        (1, "T01", "Finale", "final"), (2, "T02", "Finale", "final"),
        (3, "T03", "Finale", "seed"), (4, "T04", "Finale", "seed"),
        (5, HOSTILE, "Classement", "ranking"), (6, "T06", "Classement", "ranking"),
        (7, "T07", "Classement", "ranking"), (8, "T08", "Classement", "ranking")]
    bracket = _sheet(folder, "Finale")
    assert [value for r, _c, value in _cells(bracket[:2]) if r == 1] == ["Semi-finals",
                                                                         "Final"]


def test_the_french_workbook_names_its_sheets_and_files_in_french(concours_a: Path,
                                                                  tmp_path: Path) -> None:
    folder = _export(concours_a, tmp_path, "fr")
    with speaking("fr"):
        expected = [_("Final ranking"), _("Standings")]
        from coinche_cli.i18n import pgettext
        from coinche_cli.tournament.stage_views import label_words

        stems = [pgettext("file name", name).format(position=1) for name in
                 ("stage-{position}", "tableau-{position}", "final-ranking")]
        words = label_words("quarter-final")
    names = CalamineWorkbook.from_path(str(folder / "concours.xlsx")).sheet_names
    assert names[0] == "Classement" and expected[1] == "Classement"
    assert expected[0] in names and "Tableau A" in names
    assert {f"{stem}.csv" for stem in stems} <= {p.name for p in (folder / "csv").iterdir()}
    assert "classement.csv" in {p.name for p in (folder / "csv").iterdir()}
    assert _sheet(folder, "Tableau A")[1][0] == words


def test_a_sheet_named_after_a_stage_is_one_excel_takes() -> None:
    taken = {"standings", "final ranking"}
    assert sheet_title("Tableau A", taken, "Stage 1") == "Tableau A"
    assert sheet_title("TABLEAU A", taken, "Stage 2") == "TABLEAU A (2)"  # case ignored
    assert sheet_title("Standings", taken, "Stage 3") == "Standings (2)"
    assert sheet_title("'A/B: [x]*?\\'", taken, "Stage 4") == "A-B- (x)---"
    long = "Le grand tableau des finales de la Saint-Jean"
    cut = sheet_title(long, taken, "Stage 5")
    assert cut == long[:31].rstrip() and len(cut) <= 31
    again = sheet_title(long, taken, "Stage 6")
    assert again.endswith(" (2)") and len(again) <= 31
    assert sheet_title("\x01'' ", taken, "Stage 7") == "Stage 7"  # nothing left: the fallback
    emoji = sheet_title("🂡" * 20, taken, "Stage 8")  # 2 UTF-16 units each: 15 of them
    assert emoji == "🂡" * 15


class _Poster(HTMLParser):
    """A poster read back as a browser parses it: its elements, its style, its cells."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: set[str] = set()
        self.style = ""
        self.cells: list[str] = []
        self._in: str | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.add(tag)
        if tag in ("td", "th"):
            self.cells.append("")
        if tag in ("td", "th", "style"):
            self._in = tag

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th", "style"):
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "style":
            self.style += data
        elif self._in is not None:
            self.cells[-1] += data


def _type(page: _Poster) -> float:
    """The cells' type of a poster, in points."""
    return float(page.style.split("font-size: ")[1].split("pt")[0])


def test_the_bracket_poster_shows_the_names_as_typed_on_landscape_paper(
        concours_a: Path) -> None:
    store = SqliteStore(concours_a)
    try:
        data = poster_data.poster(store, None, "bracket", stage="Tableau A")
        consolante = poster_data.poster(store, None, "bracket", stage=CONSOLANTE)
    finally:
        store.close()
    page = _Poster(render(data).html)
    assert "script" not in page.elements  # the hostile name is text, not markup
    assert page.style.startswith("@page { size: A4 landscape")
    assert page.cells[:6] == ["", "Quarter-finals", "", "Semi-finals", "", "Final"]
    assert f"5 {HOSTILE} 960" in page.cells and "1 T01 990" in page.cells
    assert "QF2" in page.cells and "table 2" in page.cells and "Third place" in page.cells
    # T02 won its quarter- and semi-final at its score, the final at T01's (the upset)
    assert page.cells.count("2 T02 980") == 2 and page.cells.count("2 T02 990") == 1
    # the type sized to the field: the consolante's short names in larger type, larger on A3
    a4, a3 = (_Poster(render(consolante, paper).html) for paper in ("a4", "a3"))
    assert a3.style.startswith("@page { size: A3 landscape")
    assert 14 <= _type(page) < _type(a4) < _type(a3)


def test_the_installed_command_writes_the_bracket_poster(concours_a: Path, concours_b: Path,
                                                         tmp_path: Path) -> None:
    a = Cli(concours_a, process=True).under("tournament")
    # two knock-out stages: the poster names one, and a poster without it is refused
    refused = a.refused("poster", "bracket", str(tmp_path / "x.html"))
    assert "NAME" in refused and "Tableau A" in refused
    assert not (tmp_path / "x.html").exists()
    assert "NAME" in a.refused("poster", "standings", "Tableau A", str(tmp_path / "y.html"))
    a.run("poster", "bracket", CONSOLANTE, str(tmp_path / "consolante.html"), "--paper", "a3")
    page = _Poster((tmp_path / "consolante.html").read_text(encoding="utf-8"))
    assert page.style.startswith("@page { size: A3 landscape")
    assert "bye" in page.cells and "1 T09" in page.cells
    # one knock-out stage: its name may be left out
    b = Cli(concours_b, process=True).under("tournament")
    b.run("poster", "bracket", str(tmp_path / "finale.html"))
    page = _Poster((tmp_path / "finale.html").read_text(encoding="utf-8"))
    assert page.style.startswith("@page { size: A4 landscape")
    assert "1 T01 990" in page.cells
