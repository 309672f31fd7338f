"""Plain-text tables (``coinche_cli.cli.output``): what ``game show`` and ``tournament
standings`` print, compared to the expected text, as Rich's own tests compare theirs.

- On a terminal a table fits in 80 columns (or the terminal's width, if wider): the team
  names shrink, cut with ``…``; every other column shows whole.
- Into a pipe or a file every column is printed whole, as wide as its widest cell.
- A name is data: ``Les [/] As`` and ``[bold red]x`` are printed as they were typed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche_cli.cli import output
from coinche_cli.cli.output import Column, clip, table_lines, text_width
from tests.conftest import Concours
from tests.harness import Cli, installed_command

LONG = "Les Rois de la belote du dimanche après-midi à Saint-Étienne-de-Montluc"


def standings_columns() -> list[Column]:
    return [Column("rank", right=True), Column("team", flexible=True),
            Column("played", right=True), Column("for", right=True)]


# ---- the table writer ---------------------------------------------------------------------


def test_at_80_columns_a_long_name_is_cut_with_an_ellipsis_and_the_numbers_stay_whole() -> None:
    rows = [["1", LONG, "3", "2400"], ["2", "Les As", "3", "2100"]]
    # 4 + 6 + 4 and three gaps of 2 leave 60 columns to the names
    assert table_lines(standings_columns(), rows, 80) == [
        "rank  team                                                          played   for",
        "----  ------------------------------------------------------------  ------  ----",
        "   1  Les Rois de la belote du dimanche après-midi à Saint-Étienn…       3  2400",
        "   2  Les As                                                             3  2100",
    ]
    assert all(text_width(line) <= 80 for line in table_lines(standings_columns(), rows, 80))


def test_into_a_pipe_every_column_is_whole_however_long() -> None:
    rows = [["1", LONG, "3", "2400"], ["2", "Les As", "3", "2100"]]
    assert table_lines(standings_columns(), rows) == [
        "rank  team                                                                     played"
        "   for",
        "----  -----------------------------------------------------------------------  ------"
        "  ----",
        "   1  Les Rois de la belote du dimanche après-midi à Saint-Étienne-de-Montluc       3"
        "  2400",
        "   2  Les As                                                                        3"
        "  2100",
    ]


def test_a_table_that_fits_is_not_touched_and_lines_carry_no_trailing_spaces() -> None:
    columns = [Column("team", flexible=True), Column("note")]
    assert table_lines(columns, [["Les As", ""], ["Nous", "forfait"]], 80) == [
        "team    note",
        "------  -------",
        "Les As",
        "Nous    forfait",
    ]


def test_markup_is_printed_literally() -> None:
    rows = [["1", "Les [/] As", "1", "900"], ["2", "[bold red]x", "1", "700"]]
    assert table_lines(standings_columns(), rows, 80) == [
        "rank  team         played  for",
        "----  -----------  ------  ---",
        "   1  Les [/] As        1  900",
        "   2  [bold red]x       1  700",
    ]


def test_several_flexible_columns_shrink_the_widest_first_to_one_width() -> None:
    columns = [Column("#", right=True), Column("taker", flexible=True),
               Column("dealer", flexible=True), Column("score", right=True)]
    rows = [["1", "A" * 40, "B" * 20, "162"]]
    # 1 + 40 + 20 + 5 + 3 gaps of 2 = 72; in 50 columns the two names share 38: 19 each
    assert table_lines(columns, rows, 50) == [
        "#  taker                dealer               score",
        "-  -------------------  -------------------  -----",
        "1  " + "A" * 18 + "…  " + "B" * 18 + "…    162",
    ]
    # in 60 only the longer shrinks: it is still wider than the other
    assert table_lines(columns, rows, 60)[2] == "1  " + "A" * 27 + "…  " + "B" * 20 + "    162"


def test_a_name_never_shrinks_below_its_floor_the_line_runs_over_instead() -> None:
    columns = [Column("numbers", right=True), Column("team", flexible=True, floor=8)]
    lines = table_lines(columns, [["1" * 85, LONG]], 80)
    assert lines[2] == "1" * 85 + "  Les Roi…"


def test_wide_characters_take_two_columns_and_accents_one() -> None:
    assert text_width("東京チーム") == 10
    assert text_width("Équipe") == 6
    assert text_width("E\u0301quipe") == 6  # É as E and a combining accent
    assert clip("東京チーム", 6) == "東京…"  # 5 columns: a wide character cannot be halved
    assert clip("E\u0301quipe de Lyon", 4) == "E\u0301qu…"
    columns = [Column("team", flexible=True, floor=4), Column("for", right=True)]
    assert table_lines(columns, [["東京チーム", "900"], ["Lyon", "800"]], 11) == [
        "team    for",
        "------  ---",
        "東京…   900",
        "Lyon    800",
    ]


names = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=60)


@given(st.lists(st.tuples(names, names), min_size=1, max_size=8), st.integers(40, 140))
def test_a_fitted_table_never_runs_over_and_only_cuts_the_end_of_a_name(
        rows: list[tuple[str, str]], width: int) -> None:
    columns = [Column("rank", right=True), Column("team", flexible=True, floor=6),
               Column("players", flexible=True, floor=6), Column("points", right=True)]
    cells = [[str(i), team, players, "1234"] for i, (team, players) in enumerate(rows, 1)]
    lines = table_lines(columns, cells, width)
    assert all(text_width(line) <= width for line in lines)  # the floors need 28 at most
    assert len(lines) == len(rows) + 2
    whole = table_lines(columns, cells)
    assert all(f"  {team}" in line and f"  {players}" in line
               for (team, players), line in zip(rows, whole[2:], strict=True))
    for text in (name for row in rows for name in row):
        for size in (0, 1, 5, 30):
            cut = clip(text, size)
            assert text_width(cut) <= size
            assert cut in (text, "") or (cut.endswith("…") and text.startswith(cut[:-1]))


def test_the_width_is_the_terminals_at_least_80_and_none_into_a_pipe(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False)
    assert output.table_width() is None
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("COLUMNS", "60")
    assert output.table_width() == 80
    monkeypatch.setenv("COLUMNS", "132")
    assert output.table_width() == 132


# ---- game show ----------------------------------------------------------------------------


def play(cli: Cli) -> None:
    cli.run("game", "new", "--team", "Les [/] As", "--team", LONG)
    cli.run("game", "add", "A", "100S", "104", "--belote", "A")
    cli.run("game", "pass")
    cli.run("game", "add", "B", "90Hx", "70")


SUMMARY = [
    "Les [/] As: contracts taken 1, made 1, failed 0; coinched 1, coinched against 0",
    f"{LONG}: contracts taken 1, made 0, failed 1; coinched 0, coinched against 1",
    f"totals: Les [/] As 728 · {LONG} 58",
    "game over: Les [/] As won with 728 (against 58)",
]


def test_game_show_on_an_80_column_terminal_is_one_line_per_deal(
        cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    play(cli)
    monkeypatch.setattr(output, "table_width", lambda: 80)
    assert cli.run("game", "show").stdout.splitlines() == [
        f"game 1 · standard · A: Les [/] As / B: {LONG}",
        "#  dealer  contract  taker                             result    A   B  Σ A  Σ B",
        "-  ------  --------  --------------------------------  ------  ---  --  ---  ---",
        "1  1       100♠      Les [/] As                        made    224  58  224   58",
        "2  2       passe                                                        224   58",
        "3  3       90♥ x     Les Rois de la belote du dimanc…  failed  504   0  728   58",
        *SUMMARY,
    ]


def test_game_show_wide_adds_the_dealers_name_and_why_and_cuts_nothing(
        cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    play(cli)
    monkeypatch.setattr(output, "table_width", lambda: 80)  # --wide does not fit: it is whole
    lines = cli.run("game", "show", "--wide").stdout.splitlines()
    assert lines[1].split() == ["#", "dealer", "contract", "taker", "result", "A", "B", "Σ",
                                "A", "Σ", "B", "why"]
    assert lines[3].startswith(f"1  Les [/] As (seat 1)  {' ' * (len(LONG) - 10)}100♠")
    assert lines[3].endswith(
        "224   58  124 counted against 100 needed, 104 card points against 82")
    assert lines[4].startswith(f"2  {LONG} (seat 2)  passe")
    assert lines[5].endswith(
        "728   58  70 counted against 90 needed, 70 card points against 82 (coinché ×2)")
    assert LONG in lines[5] and "…" not in "".join(lines)
    assert lines[6:] == SUMMARY


def test_game_show_into_a_pipe_prints_names_whole_and_json_is_unchanged(cli: Cli) -> None:
    play(cli)
    lines = cli.run("game", "show").stdout.splitlines()
    assert lines[5] == f"3  3       90♥ x     {LONG}  failed  504   0  728   58"
    shown = cli.json("game", "show")
    assert [d["dealer"] for d in shown["deals"]] == ["A", "B", "A"]
    assert shown["sides"] == {"A": "Les [/] As", "B": LONG}


# ---- tournament standings -----------------------------------------------------------------


def standing_names(concours: Concours, *ranking: str) -> Cli:
    """A concours of names a table must print as they are (markup, a long name), round 1
    entered, a team gone."""
    director = concours(("Les [/] As", "[bold red]x", LONG, "Les Dames"), *ranking,
                        name="Concours [bold]", deals=8, players="Ana, Bob", pair=True)
    director.run("result", "1", "700", "900")  # Les [/] As – [bold red]x
    director.run("result", "2", "800", "800")  # LONG – Les Dames
    director.run("team", "drop", "Les Dames")
    return director


def test_standings_on_an_80_column_terminal_are_one_line_per_team(
        concours: Concours, monkeypatch: pytest.MonkeyPatch) -> None:
    director = standing_names(concours, "--ranking", "match-points")
    monkeypatch.setattr(output, "table_width", lambda: 80)
    assert director.run("standings").stdout.splitlines() == [
        "Concours [bold]: standings after round 1",
        "rank  team                               played  W  D  L  for  diff  MP",
        "----  ---------------------------------  ------  -  -  -  ---  ----  --",
        "   1  [bold red]x                             1  1  0  0  900   200   3",
        "   2  Les Rois de la belote du dimanch…       1  0  1  0  800     0   2",
        "   2  Les Dames                               1  0  1  0  800     0   2  dropped",
        "   4  Les [/] As                              1  0  0  1  700  -200   1",
    ]


def test_standings_into_a_pipe_show_match_points_only_when_the_ranking_uses_them(
        concours: Concours) -> None:
    director = standing_names(concours)  # ranked by points, tie-breaks without match points
    pad = " " * (len(LONG) - len("team"))
    assert director.run("standings").stdout.splitlines() == [
        "Concours [bold]: standings after round 1",
        f"rank  team{pad}  played  W  D  L  for  diff",
        f"----  {'-' * len(LONG)}  ------  -  -  -  ---  ----",
        f"   1  [bold red]x{pad[7:]}       1  1  0  0  900   200",
        f"   2  {LONG}       1  0  1  0  800     0",
        f"   2  Les Dames{pad[5:]}       1  0  1  0  800     0  dropped",
        f"   4  Les [/] As{pad[6:]}       1  0  0  1  700  -200",
    ]


def test_standings_wide_adds_players_and_the_secondary_columns(concours: Concours) -> None:
    director = standing_names(concours)
    lines = director.run("standings", "--wide").stdout.splitlines()
    assert lines[1].split() == ["rank", "team", "players", "played", "W", "D", "L", "for",
                                "against", "diff", "MP", "buchholz", "byes", "forfeits",
                                "penalties"]
    assert lines[5].split()[-15:] == ["Ana,", "Bob", "1", "0", "1", "0", "800", "800", "0",
                                      "2", "800", "0", "0", "0", "dropped"]
    assert lines[4].startswith(f"   2  {LONG}  Ana, Bob")
    assert "†" not in "".join(lines)
    assert director.json("standings")[2] == {
        "rank": 2, "team": "Les Dames", "players": ["Ana", "Bob"], "played": 1, "wins": 0,
        "draws": 1, "losses": 0, "byes": 0, "forfeits": 0, "points_for": 800,
        "points_against": 800, "difference": 0, "match_points": 2, "penalties": 0,
        "buchholz": 800, "dropped": True, "penalty_details": [],
    }


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal needs a POSIX system")
def test_the_installed_command_fits_a_real_80_column_terminal(concours: Concours,
                                                              store: Path) -> None:
    """Through a pseudo-terminal: stdout is a terminal, COLUMNS says 80 (and a pipe, for the
    same command, prints the name whole)."""
    import pty

    standing_names(concours)
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "80", "PYTHONIOENCODING": "utf-8"}
    env.pop("COINCHE_DB", None)
    child = subprocess.Popen([str(installed_command()), "--db", str(store), "tournament",
                              "standings"], stdout=follower, stderr=subprocess.PIPE, env=env)
    os.close(follower)
    printed = b""
    while True:
        try:
            chunk = os.read(leader, 1 << 16)
        except OSError:  # EIO: the command closed the terminal
            break
        if not chunk:
            break
        printed += chunk
    assert child.wait(timeout=60) == 0
    os.close(leader)
    lines = printed.decode("utf-8").splitlines()  # the terminal writes \r\n
    assert max(text_width(line) for line in lines) <= 80
    assert lines[4] == "   2  Les Rois de la belote du dimanche ap…       1  0  1  0  800     0"
    piped = Cli(store, process=True).run("tournament", "standings").stdout
    assert LONG in piped
