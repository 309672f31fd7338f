"""A concours with stages on every store (issue 34: « PostgreSQL, ``store copy`` (a copied
concours keeps its stages and bracket, compared as every view is) »).

- ``store copy`` moves a concours's stages (tables ``stage``, ``stage_team``, ``stage_bye``;
  each table's stage and knock-out match in ``board``) and checks them as it checks every
  view: ``stage list``, ``stage show`` of each stage, ``bracket`` of each knock-out started
  and the final ranking ``standings`` prints are the same in the copy, or nothing is copied.
  A copy taken in the middle of the finals plays on as the original does.
- The same commands run on a PostgreSQL server (``tests/pg_server.py``) as on a SQLite
  file: adding and removing a stage, starting it, its byes, a level match with
  ``--winner``, a correction that seats other teams in the final, the bracket, the final
  ranking.
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.harness import Cli, data_checksum
from tests.pg_server import Server
from tests.stage_play import knockout_partie, qualify, seeds

#: Thirteen teams: an odd field (a bye in each qualifying partie), then "Tableau A" takes
#: the first eight and "Tableau B" the five others (byes to its three best seeds).
NAMES = ("Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf", "Les Huit",
         "Les Sept", "Les Atouts", "Les Belotes", "Les Capots", "Les Coincheurs",
         "Les Surcoincheurs")


def _midway(db: Path | str) -> Cli:
    """A concours in the middle of its finals: three qualifying parties, the quarter-finals
    of both tables played (one upset, one level match won with ``--winner``), the
    semi-finals paired and one of them played.  ``coinche tournament`` on it."""
    t = Cli(db).under("tournament")
    t.run("new", "Concours", "--rounds", "3", "--deals", "4", "--registration-order")
    for name in NAMES:
        t.run("team", "add", name)
    t.run("stage", "add", "Tableau A", "--ranks", "1-8", "--knockout", "--third-place",
          "--target", "2001")
    t.run("stage", "add", "Tableau B", "--ranks", "9-13", "--knockout")
    qualify(t, NAMES, 3)
    t.run("stage", "start", "Tableau A")
    t.run("stage", "start", "Tableau B")
    knockout_partie(t, upsets={("Tableau A", "QF2")}, level={("Tableau A", "QF3")})
    semi = t.json("pair")["tables"][0]
    t.run("result", semi["teams"][1], "2100", "1900")  # the worse seed goes through
    return t


@pytest.fixture(scope="module")
def midway_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The concours of :func:`_midway`, played once for the module's tests."""
    path = tmp_path_factory.mktemp("midway") / "concours.db"
    _midway(path)
    return path


def _original(midway_store: Path, tmp_path: Path) -> tuple[Path, Cli]:
    """A test's own copy of the file (made by the file system, not by ``store copy``)."""
    path = tmp_path / "concours.db"
    shutil.copyfile(midway_store, path)
    return path, Cli(path).under("tournament")


def _stage_views(t: Cli) -> list[Any]:
    """What the copy must keep of the stages: the list, each stage shown, both brackets,
    the final ranking, and every partie's tables (each with its stage and match)."""
    views = [t.json("stage", "list"), t.json("standings")]
    for name in ("Qualifications", "Tableau A", "Tableau B"):
        views.append(t.json("stage", "show", name))
    for name in ("Tableau A", "Tableau B"):
        views.append(t.json("bracket", name))
    for number in range(1, t.json("show")["round"] + 1):
        views.append(t.json("show", "--round", str(number)))
    return views


def _copy(*args: str) -> Any:
    return Cli().json("store", "copy", *args)


def test_a_copy_keeps_the_stages_checks_their_views_and_plays_on(midway_store: Path,
                                                                 tmp_path: Path) -> None:
    original, t = _original(midway_store, tmp_path)
    views = _stage_views(t)
    report = _copy(str(original), str(tmp_path / "copie.db"))
    # three stages; the teams of the two tables, 8 and 5 by seed (the qualifying parties
    # are every team's); Tableau B's three best seeds sit the quarter-finals out (round 4)
    assert {k: report["rows"][k] for k in ("stage", "stage_team", "stage_bye")} == {
        "stage": 3, "stage_team": 13, "stage_bye": 3}
    # the tournament, its teams, show and standings of each of 5 rounds, the standings; then
    # the stage list, each stage shown, the two brackets and the final ranking
    assert report["views"] == 1 + 1 + 2 * 5 + 1 + 1 + 3 + 2 + 1
    assert data_checksum(tmp_path / "copie.db") == data_checksum(original)  # the very rows
    copy = Cli(tmp_path / "copie.db").under("tournament")
    assert _stage_views(copy) == views
    # the copy plays the rest of the finals as the original does: the semi-finals, then
    # the finals and the third-place match; the same winners, the same final ranking
    for director in (t, copy):
        shown = director.json("show")["tables"]
        for table in shown[1:]:
            director.run("result", table["teams"][0], "2100", "1500")
        knockout_partie(director)
    assert _stage_views(copy) == _stage_views(t)
    assert [row["place_by"] for row in copy.json("standings")][:4] == [
        "final", "final", "third place", "third place"]


def test_a_concours_with_stages_merges_into_a_store_with_teams_of_its_own(
        midway_store: Path, tmp_path: Path) -> None:
    """Merged, the teams take other ids: the stages' teams and byes follow them."""
    original, t = _original(midway_store, tmp_path)
    views = _stage_views(t)
    desk = tmp_path / "club.db"
    other = Cli(desk).under("tournament")
    other.run("new", "Le mardi", "--rounds", "2", "--deals", "4")
    for name in ("Les Anciens", "Les Jeunes", "Les Voisins"):
        other.run("team", "add", name)
    report = _copy(str(original), str(desk), "--merge")
    assert report["rows"]["stage_team"] == 13 and report["rows"]["stage_bye"] == 3
    merged = Cli(desk).under("tournament")
    assert [s["teams"] for s in merged.json("stage", "list", "--tournament", "Concours")] == [
        s["teams"] for s in views[0]]
    for view, shown in ((("bracket", "Tableau A"), views[5]), (("bracket", "Tableau B"),
                                                               views[6]),
                        (("standings",), views[1])):
        assert merged.json(*view, "--tournament", "Concours") == shown, view
    # the next semi-final result goes where the original's goes
    for director, named in ((t, ()), (merged, ("--tournament", "Concours"))):
        table = director.json("show", *named)["tables"][1]
        director.run("result", "2", "2100", "1500", *named)
        assert director.json("bracket", "Tableau A", *named)["rounds"][1]["matches"][1][
            "winner"] == table["teams"][0]


def test_a_concours_with_stages_goes_to_the_server_and_back_unchanged(
        midway_store: Path, tmp_path: Path, pg_server: Server) -> None:
    original, t = _original(midway_store, tmp_path)
    views = _stage_views(t)
    server = pg_server.new_database()
    there = _copy(str(original), server)
    assert _stage_views(Cli(server).under("tournament")) == views
    back = tmp_path / "archive.db"
    again = _copy(server, str(back))
    assert again["rows"] == there["rows"] and again["checksum"] == there["checksum"]
    assert data_checksum(back) == data_checksum(original)
    # on the server the finals go on: the next partie is the one the original pairs
    upstairs = Cli(server).under("tournament")
    for director in (t, upstairs):
        for table in director.json("show")["tables"][1:]:
            director.run("result", table["teams"][0], "2100", "1500")
    assert upstairs.json("pair") == t.json("pair")


def test_a_stage_naming_a_team_the_store_does_not_hold_is_refused(midway_store: Path,
                                                                  tmp_path: Path) -> None:
    source, _t = _original(midway_store, tmp_path)
    with contextlib.closing(sqlite3.connect(source)) as db, db:
        db.execute("PRAGMA foreign_keys = OFF")
        db.execute("UPDATE stage_team SET team_id = 99 WHERE position = 1 AND seed = 8")
    ran = Cli().run("store", "copy", str(source), str(tmp_path / "copie.db"), code=1)
    assert ran.stderr == (f"error: {source} is damaged: stage_team.team_id names team 99, "
                          "which it does not hold; nothing was copied\n"), ran.report()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("copie.db")]


def test_every_table_of_a_store_is_copied(tmp_path: Path) -> None:
    """A table a later schema step adds is copied too (the stages were not, at first):
    every table but ``setting`` (the store's own: its version, the current game and
    tournament, which the copy sets apart)."""
    from coinche_cli.store.transfer import LAYOUT

    Cli(tmp_path / "new.db").run("game", "new")
    with contextlib.closing(sqlite3.connect(tmp_path / "new.db")) as db:
        tables = {row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables - {"setting"} == {table for table, _numbered, _refers in LAYOUT}


@pytest.mark.pg_story
def test_a_concours_with_stages_is_played_the_same_on_either_store(cli: Cli) -> None:
    """8 teams, 2 qualifying parties, then "Tableau" (1-4, with a third-place match, in
    2001) and "Consolante" (5-8): every statement of ``sql_stage.py`` runs (a stage added
    and removed, stages started, a level match, a correction that seats other teams in the
    final, the bracket, the final ranking), hand-checked on each backend."""
    names = NAMES[:8]
    t = cli.under("tournament")
    t.run("new", "Concours", "--rounds", "2", "--deals", "4", "--registration-order")
    for name in names:
        t.run("team", "add", name)
    t.run("stage", "add", "Tableau", "--ranks", "1-4", "--knockout", "--third-place",
          "--target", "2001")
    t.run("stage", "add", "Consolante", "--ranks", "5-8", "--knockout")
    t.run("stage", "add", "Essai", "--ranks", "1-4", "--from", "Tableau", "--swiss",
          "--rounds", "1")
    t.run("stage", "remove", "Essai")
    assert [s["name"] for s in t.json("stage", "list")] == [
        "Qualifications", "Tableau", "Consolante"]
    qualify(t, names, 2)
    t.run("stage", "start", "Tableau")
    t.run("stage", "start", "Consolante")
    order = seeds(t)
    one, two, three, four = order["Tableau"]
    c1, c2, c3, c4 = order["Consolante"]
    # the semi-finals, 1-4 and 2-3 of each table: 3 beats 2; the Consolante's 4th seed
    # goes through a level match by --winner
    semis = t.json("pair")["tables"]
    assert [(s["stage"], s["match"], s["teams"]) for s in semis] == [
        ("Tableau", "SF1", [one, four]), ("Tableau", "SF2", [two, three]),
        ("Consolante", "SF1", [c1, c4]), ("Consolante", "SF2", [c2, c3])]
    t.run("result", one, "2050", "1800")
    t.run("result", three, "2100", "1500")
    t.run("result", "3", "900", "900", "--winner", c4)
    t.run("result", c2, "800", "400")
    finals = t.json("pair")["tables"]
    assert [table["teams"] for table in finals] == [[one, three], [four, two], [c4, c2]]
    # a correction: the 4th seed won the first semi-final; the final and the third-place
    # match are seated again (no result yet)
    t.run("result", one, "1700", "2030", "--replace", "--round", "3")
    assert [table["teams"] for table in t.json("show")["tables"]] == [
        [four, three], [one, two], [c4, c2]]
    t.run("result", four, "2040", "1990")
    t.run("result", two, "2001", "1200")
    t.run("result", c2, "950", "300")
    bracket = t.json("bracket", "Tableau")
    assert bracket == {"stage": "Tableau", "rounds": [
        {"round": 3, "label": "semi-final", "matches": [
            {"match": "SF1", "table": 1, "teams": [one, four], "seeds": [1, 4],
             "scores": [1700, 2030], "winner": four, "bye": False, "winner_to": "F",
             "loser_to": "3P"},
            {"match": "SF2", "table": 2, "teams": [two, three], "seeds": [2, 3],
             "scores": [1500, 2100], "winner": three, "bye": False, "winner_to": "F",
             "loser_to": "3P"}]},
        {"round": 4, "label": "final", "matches": [
            {"match": "F", "table": 1, "teams": [four, three], "seeds": [4, 3],
             "scores": [2040, 1990], "winner": four, "bye": False, "winner_to": None,
             "loser_to": None}]},
        {"round": 4, "label": "third place", "matches": [
            {"match": "3P", "table": 2, "teams": [one, two], "seeds": [1, 2],
             "scores": [1200, 2001], "winner": two, "bye": False, "winner_to": None,
             "loser_to": None}]}]}
    final = t.json("standings")
    # the Tableau's final decides 1-2, its third-place match 3-4; the Consolante's final
    # 5-6, its semi-final losers are placed by seed (the 1st before the 3rd)
    assert [(row["rank"], row["team"], row["stage"], row["place_by"]) for row in final] == [
        (1, four, "Tableau", "final"), (2, three, "Tableau", "final"),
        (3, two, "Tableau", "third place"), (4, one, "Tableau", "third place"),
        (5, c2, "Consolante", "final"), (6, c4, "Consolante", "final"),
        (7, c1, "Consolante", "seed"), (8, c3, "Consolante", "seed")]
    assert [s["state"] for s in t.json("stage", "list")] == ["complete"] * 3
