"""The stages' bad input (issue 34, "Bad input"): each refused in one line naming the option
(or the argument, ``NAME``), exit 2, nothing written (``Cli.refused`` compares the store's
checksum before and after).

Most run in this process (about 10 ms a command); a few through the installed command in a
real process under limits (``hostile``), on the same store.
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.harness import Cli

TEAMS = ["Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf", "Les Huit",
         "Les Sept"]


def _results(t: Cli, path: Path, scores: dict[int, tuple[int, int]]) -> None:
    path.write_text("table;score 1;score 2\n" + "".join(
        f"{table};{a};{b}\n" for table, (a, b) in sorted(scores.items())), encoding="utf-8")
    t.run("result", "--import", str(path))


def _paired(t: Cli, folder: Path) -> None:
    """8 teams, one Swiss partie paired (in registration order: As – Rois, Dames – Valets,
    Dix – Neuf, Huit – Sept), « Tableau A » taking places 1-4 and « Tableau B » places 5-8,
    both knock-outs."""
    t.run("new", "Concours", "--rounds", "1", "--target", "1000", "--registration-order")
    folder.joinpath("equipes.csv").write_text("équipe\n" + "\n".join(TEAMS) + "\n",
                                              encoding="utf-8")
    t.run("team", "import", str(folder / "equipes.csv"))
    t.run("stage", "add", "Tableau A", "--ranks", "1-4", "--knockout")
    t.run("stage", "add", "Tableau B", "--ranks", "5-8", "--knockout")
    t.run("pair")


def _played(t: Cli, folder: Path) -> None:
    """:func:`_paired` with its results: the first team of each table wins, by less at each
    later table, so Tableau A's seeds are 1 As, 2 Dames, 3 Dix, 4 Huit."""
    _paired(t, folder)
    _results(t, folder / "partie-1.csv", {1: (1000, 400), 2: (990, 410), 3: (980, 420),
                                          4: (970, 430)})


def _semis(t: Cli, folder: Path) -> None:
    """:func:`_played`, Tableau A started and its semi-finals paired: SF1 As – Huit on table
    1, SF2 Dames – Dix on table 2."""
    _played(t, folder)
    t.run("stage", "start", "Tableau A")
    paired = t.json("pair")
    assert [table["teams"] for table in paired["tables"]] == [["Les As", "Les Huit"],
                                                             ["Les Dames", "Les Dix"]]


def _finals(t: Cli, folder: Path) -> None:
    """:func:`_semis` with the semi-finals won by As and Dames, and the final paired."""
    _semis(t, folder)
    _results(t, folder / "demies.csv", {1: (1050, 600), 2: (1050, 600)})
    t.run("pair")


BUILDERS: dict[str, Callable[[Cli, Path], None]] = {
    "paired": _paired, "played": _played, "semis": _semis, "finals": _finals}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each day of :data:`BUILDERS` played once for the module, in this process, its store
    kept in one file (a test starts from a copy: a few commands instead of twenty)."""
    stores: dict[str, Path] = {}
    for name, build in BUILDERS.items():
        folder = tmp_path_factory.mktemp(name)
        build(Cli(folder / "coinche.db").under("tournament"), folder)
        stores[name] = folder / "whole.db"
        with contextlib.closing(sqlite3.connect(folder / "coinche.db")) as source, \
                contextlib.closing(sqlite3.connect(stores[name])) as copy:
            source.backup(copy)  # one file, whatever the journal left beside it
    return stores


@pytest.fixture
def day(built: dict[str, Path], store: Path) -> Callable[[str], Cli]:
    """``day(name)``: ``coinche tournament`` in this process on a copy of a built store."""

    def start(name: str) -> Cli:
        shutil.copyfile(built[name], store)
        return Cli(store).under("tournament")

    return start


# ---------------------------------------------------------------- stage add


def test_overlapping_ranges_of_one_stage_are_refused(day: Callable[[str], Cli]) -> None:
    t = day("paired")
    line = t.refused("stage", "add", "Tableau C", "--ranks", "4-6", "--knockout")
    # the stage meant is named, and the one that already takes places of it
    assert line == ("error: --ranks 4-6: Tableau A already takes places 1-4 of "
                    "Qualifications"), line
    line = t.refused("stage", "add", "Tableau C", "--ranks", "7-8", "--knockout", "--from",
                     "Qualifications")
    assert line == ("error: --ranks 7-8: Tableau B already takes places 5-8 of "
                    "Qualifications"), line


@pytest.mark.parametrize(("ranks", "said"), [
    ("9-10", "--ranks 9-10: Qualifications has 8 teams"),
    ("8-12", "--ranks 8-12: Qualifications has 8 teams"),
    ("1-1", "--ranks: a stage needs at least 2 teams"),
    ("3-2", "--ranks: A-B with 1 ≤ A ≤ B, got 3-2"),
    ("0-4", "--ranks: A-B with 1 ≤ A ≤ B, got 0-4"),
    ("un-deux", "--ranks: places as A-B (1-8), got “un-deux”"),
    ("1-" + "9" * 30, "--ranks: places as A-B (1-8)"),
])
def test_a_range_past_the_teams_or_not_a_range_is_refused(day: Callable[[str], Cli],
                                                          ranks: str, said: str) -> None:
    line = day("paired").refused("stage", "add", "Finale", "--ranks", ranks, "--knockout")
    assert line.startswith(f"error: {said}"), line


def test_a_stage_taking_from_itself_or_an_unknown_one_is_refused(
        day: Callable[[str], Cli]) -> None:
    t = day("paired")
    # a stage is added after every other: --from can name only an earlier one, never itself
    # nor one after it
    for source in ("Tableau C", "tableau c", "Tableau D"):
        line = t.refused("stage", "add", "Tableau C", "--ranks", "1-2", "--knockout",
                         "--from", source)
        assert line.startswith("error: --from: no stage called "), line
        assert "(stages: Qualifications, Tableau A, Tableau B)" in line, line


def test_group_ranks_from_a_swiss_stage_are_refused(day: Callable[[str], Cli]) -> None:
    t = day("paired")
    line = t.refused("stage", "add", "Tableau C", "--group-ranks", "1-2", "--knockout")
    assert line.startswith("error: --group-ranks takes places in poules; Qualifications is "
                           "not played in poules"), line
    line = t.refused("stage", "add", "Tableau C", "--group-ranks", "1-2", "--knockout",
                     "--from", "Tableau A")
    assert line.startswith("error: --group-ranks ") and "Tableau A" in line, line


@pytest.mark.parametrize(("words", "option"), [
    (("--knockout",), "--ranks"),  # neither --ranks nor --group-ranks
    (("--ranks", "1-2", "--group-ranks", "1-2", "--knockout"), "--ranks"),
    (("--ranks", "1-2", "--knockout", "--carry", "tout"), "--carry"),
    (("--ranks", "1-2", "--knockout", "--carry", "POINTS"), "--carry"),
    (("--ranks", "1-2", "--knockout", "--carry", ""), "--carry"),
    (("--ranks", "1-2", "--swiss"), "--rounds"),
    (("--ranks", "1-2"), "--knockout"),
    (("--ranks", "1-2", "--knockout", "--swiss", "--rounds", "2"), "--knockout"),
    (("--ranks", "1-2", "--swiss", "--rounds", "2", "--third-place"), "--third-place"),
    (("--ranks", "1-2", "--knockout", "--places", "--rounds", "2"), "--rounds"),
    (("--ranks", "1-2", "--knockout", "--group-size", "4"), "--group-size"),
    (("--ranks", "1-2", "--knockout", "--target", "3001", "--deals", "12"), "--target"),
    (("--ranks", "1-2", "--knockout", "--target", "0"), "--target"),
    (("--ranks", "1-2", "--groups", "--group-size", "1"), "--group-size"),
])
def test_options_that_do_not_go_together_are_refused(day: Callable[[str], Cli],
                                                     words: tuple[str, ...],
                                                     option: str) -> None:
    line = day("paired").refused("stage", "add", "Tableau C", "--from", "Tableau A", *words)
    assert line.startswith(f"error: {option}"), line


@pytest.mark.parametrize("name", ["Tableau\x07A", "Tableau\nC", "\x1b[31mRouge",
                                  "Tab\u202eC", "   ", "tableau a", "TABLEAU  B"])
def test_a_stage_name_with_control_characters_or_taken_is_refused(day: Callable[[str], Cli],
                                                                  name: str) -> None:
    line = day("paired").refused("stage", "add", name, "--ranks", "1-2", "--from",
                                 "Tableau A", "--knockout")
    assert line.startswith("error: NAME: "), line
    assert "\x1b" not in line and "\x07" not in line and "\u202e" not in line


def test_a_melee_adds_no_stage(cli: Cli) -> None:
    t = cli.under("tournament")
    t.run("new", "Mêlée", "--format", "melee", "--rounds", "3", "--deals", "4")
    line = t.refused("stage", "add", "Finale", "--ranks", "1-2", "--knockout")
    assert line == ("error: stage add: Mêlée is a mêlée; finals are played by formed teams "
                    "only, for now"), line


# ---------------------------------------------------------------- stage start, remove


def test_stage_start_while_its_source_is_incomplete_is_refused(
        day: Callable[[str], Cli]) -> None:
    t = day("paired")
    line = t.refused("stage", "start", "Tableau A")
    assert line == ("error: NAME: Tableau A takes its teams from Qualifications, which is not "
                    "complete"), line
    t.run("result", "1", "1000", "400")  # one table of four: still incomplete
    assert "not complete" in t.refused("stage", "start", "Tableau B")
    line = t.refused("stage", "start", "Qualifications")
    assert line.startswith("error: NAME: Qualifications is the first stage"), line


def test_stage_start_twice_is_refused(day: Callable[[str], Cli]) -> None:
    t = day("semis")
    assert t.refused("stage", "start", "tableau a") == (
        "error: NAME: Tableau A has already started")
    assert t.refused("stage", "start", "Tableau A", "--order", "Les As,Les Rois") == (
        "error: NAME: Tableau A has already started")


def test_stage_start_order_naming_nobody_or_a_team_twice_is_refused(
        day: Callable[[str], Cli]) -> None:
    t = day("played")
    assert t.refused("stage", "start", "Tableau A", "--order", "Zorro").startswith(
        "error: --order: no team called “Zorro”")
    assert t.refused("stage", "start", "Tableau A", "--order", "Les As,les as") == (
        "error: --order: a team is named twice")
    assert t.refused("stage", "start", "Tableau A", "--order", " , ").startswith(
        "error: --order: name the tied teams")


def test_stage_remove_of_a_started_stage_or_the_first_is_refused(
        day: Callable[[str], Cli]) -> None:
    t = day("semis")
    assert t.refused("stage", "remove", "Tableau A") == (
        "error: NAME: Tableau A has started; it cannot be removed")
    assert t.refused("stage", "remove", "Qualifications").startswith(
        "error: NAME: Qualifications is the concours's first stage")
    assert t.refused("stage", "remove", "Tableau Z").startswith(
        "error: NAME: no stage called Tableau Z (stages: ")


# ---------------------------------------------------------------- a knock-out's results


def test_a_result_naming_a_team_knocked_out_is_refused(day: Callable[[str], Cli]) -> None:
    t = day("finals")  # the final As – Dames; Huit and Dix are out (no third-place match)
    line = t.refused("result", "Les Huit", "1050", "600")
    assert line == "error: Les Huit was knocked out of Tableau A (SF1): it plays no more", line
    line = t.refused("result", "les dix", "1050", "600")
    assert line == "error: Les Dix was knocked out of Tableau A (SF2): it plays no more", line


def test_equal_scores_in_a_knock_out_need_winner(day: Callable[[str], Cli],
                                                 tmp_path: Path) -> None:
    t = day("semis")
    line = t.refused("result", "1", "800", "800")
    assert line == ("error: table 1 is a knock-out match (SF1): it cannot be a draw; say who "
                    "goes through with --winner TEAM"), line
    # a whole round from a file: the same refusal, nothing imported
    sheet = tmp_path / "egalite.csv"
    sheet.write_text("table;score 1;score 2\n1;800;800\n2;900;300\n", encoding="utf-8")
    assert "--winner TEAM" in t.refused("result", "--import", str(sheet))


@pytest.mark.parametrize(("scores", "winner", "said"), [
    (("800", "800"), "Les Rois",
     "--winner: Les Rois does not play at table 1 (Les As – Les Huit)"),
    (("800", "800"), "Zorro", "--winner: no team called “Zorro”"),
    (("1050", "600"), "Les Huit", "--winner: the scores say Les As won table 1"),
    (("800", "800"), "\x1b[2J", "--winner: no team called “\\x1b[2J”"),
])
def test_winner_naming_neither_team_is_refused(day: Callable[[str], Cli],
                                               scores: tuple[str, str], winner: str,
                                               said: str) -> None:
    line = day("semis").refused("result", "1", *scores, "--winner", winner)
    assert line.startswith(f"error: {said}"), line


def test_winner_at_a_swiss_table_is_refused(day: Callable[[str], Cli]) -> None:
    line = day("paired").refused("result", "1", "800", "800", "--winner", "Les As")
    assert line == ("error: --winner names who goes through a knock-out match; table 1 is "
                    "not one"), line


def test_a_correction_that_unseats_a_played_match_is_refused(
        day: Callable[[str], Cli]) -> None:
    t = day("finals")
    t.run("result", "1", "1050", "600")  # the final: As – Dames, played
    line = t.refused("result", "1", "600", "1050", "--round", "2", "--replace")
    assert line == ("error: F (table 1, round 3) was played by Les As – Les Dames, and this "
                    "result puts Les As out of it: take that result back first (coinche "
                    "tournament result 1 --round 3 --clear)"), line


def test_a_tied_cut_then_another_order_for_the_sibling_is_refused(cli: Cli,
                                                                 tmp_path: Path) -> None:
    t = cli.under("tournament")
    t.run("new", "Concours", "--rounds", "1", "--target", "1000", "--registration-order")
    for team in TEAMS:
        t.run("team", "add", team)
    t.run("stage", "add", "Tableau A", "--ranks", "1-2", "--knockout")
    t.run("stage", "add", "Tableau B", "--ranks", "3-8", "--knockout")
    t.run("pair")
    # tables 2 and 3 end alike: their winners, Dames and Dix, tie at 2nd-3rd on points,
    # difference and Buchholz, and never met; the cut between 2nd and 3rd splits them
    _results(t, tmp_path / "partie.csv", {1: (1000, 400), 2: (700, 500), 3: (700, 500),
                                         4: (650, 300)})
    line = t.refused("stage", "start", "Tableau B")
    assert line == ("error: --order: Les Dames, Les Dix are tied under every tie-break at the "
                    "cut; say their order: --order \"Les Dames,Les Dix\""), line
    t.run("stage", "start", "Tableau A", "--order", "Les Dix,Les Dames")
    assert t.json("stage", "show", "Tableau A")["teams"] == ["Les As", "Les Dix"]
    # another order for the sibling would put Les Dix in both tables: refused, naming it
    line = t.refused("stage", "start", "Tableau B", "--order", "Les Dames,Les Dix")
    assert line.startswith("error: NAME: Les Dix already plays in Tableau A: the order of "
                           "Qualifications has changed since Tableau A started"), line
    t.run("stage", "start", "Tableau B")
    assert t.json("stage", "show", "Tableau B")["teams"][0] == "Les Dames"


# ---------------------------------------------------------------- through the real process


def test_refusals_through_the_installed_command(day: Callable[[str], Cli],
                                                hostile: Cli) -> None:
    day("semis")  # copied into the test's store, refused there by real processes
    h = hostile.under("tournament")
    assert h.refused("stage", "add", "Tableau\x1b[2JC", "--ranks", "1-2", "--knockout",
                     "--from", "Tableau A").startswith("error: NAME: ")
    assert h.refused("stage", "add", "Tableau C", "--ranks", "1-2", "--knockout",
                     "--carry", "tout").startswith("error: --carry: ")
    assert h.refused("stage", "start", "Tableau A") == (
        "error: NAME: Tableau A has already started")
    assert h.refused("result", "1", "800", "800").endswith("--winner TEAM")
    assert h.refused("result", "1", "800", "800", "--winner", "Les Rois").startswith(
        "error: --winner: Les Rois does not play at table 1")
