"""The event file (issue 36, part 3): ``coinche tournament export --event FILE.json`` writes
a whole concours as one document, ``coinche store import FILE.json`` reads it into a store.

Done when: an export → import → export round trip is byte-identical apart from the moment of
the export; every ``--json`` view of the imported concours is the original's; the file is
valid against ``docs/coinche-event.schema.json``; a concours with a bye, a forfeit, a
penalty, a correction, a table scored deal by deal (a deal replaced, one undone), a team
that left and the desk; a mêlée; a concours with stages.  What a file may not hold is in
``tests/hostile/test_event_file.py``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.event import EXAMPLES
from tests.harness import Cli, data_checksum
from tests.stage_play import knockout_partie, qualify

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "coinche-event.schema.json").read_text(encoding="utf-8"))
#: Eleven teams: one has the bye each round.
TEAMS = ("Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf", "Les Huit",
         "Les Sept", "Les Atouts", "Les Belotes", "Les Capots")


def play_concours(db: Path | str) -> Cli:
    """A concours holding every kind of thing an event file carries: the desk (fee, check-ins,
    a card payment, a refund, prizes and the pot), a bye each round, a corrected result, a
    forfeit, a penalty, a table scored deal by deal with a deal replaced and one undone, a
    team that left.  ``coinche tournament`` on it."""
    cli = Cli(db)
    t = cli.under("tournament")
    t.run("new", "Concours de la Saint-Jean", "--rounds", "3", "--deals", "4", "--seed", "5",
          "--fee", "20", "--currency", "EUR")
    for number, name in enumerate(TEAMS):
        t.run("team", "add", name, "--players", f"Ana {number}, Bob {number}",
              "--club", "Lyon" if number % 2 else "Bron")
    t.run("checkin", *TEAMS[:9], "--paid", "20")
    t.run("checkin", TEAMS[9], "--paid", "20", "--method", "card")
    t.run("checkin", TEAMS[10], "--paid", "20")
    t.run("checkin", TEAMS[10], "--paid", "-5", "--reason", "a coffee paid back")
    paired = t.json("pair")
    for table in paired["tables"]:
        t.run("result", str(table["table"]), "1200", str(700 + table["table"] * 10))
    t.run("result", "1", "900", "1300", "--replace")  # a correction
    paired = t.json("pair")
    cli.run("game", "new", "--table", "1")
    for deal in (("A", "80S", "100"), ("B", "90H", "95"), ("A", "100Sx", "110"),
                 ("B", "80D", "90")):
        cli.run("game", "add", *deal)
    cli.run("game", "edit", "2", "B", "90H", "100")
    cli.run("game", "undo")
    t.run("result", "2", "--forfeit", paired["tables"][1]["teams"][0])
    for table in range(3, len(paired["tables"]) + 1):
        t.run("result", str(table), "1000", str(600 + table))
    t.run("penalty", paired["tables"][2]["teams"][0], "162", "--reason", "renonce")
    t.run("team", "drop", paired["tables"][3]["teams"][1])
    t.run("prizes", "add", "1", "Un jambon")
    t.run("prizes", "pot", "--percent", "60,30,10")
    return t


def every_view(t: Cli, name: str) -> list[Any]:
    """Every ``--json`` view of the concours ``name`` the command line prints (the game ids
    of its tables set aside: they are the store's)."""
    on = ("--tournament", name)
    views: list[Any] = [t.json("team", "list", *on), t.json("standings", *on),
                        t.json("fees", *on), t.json("prizes", *on)]
    for number in range(1, t.json("show", *on)["round"] + 1):
        shown = t.json("show", "--round", str(number), "--history", *on)
        for table in shown["tables"]:
            table["game"] = table["game"] is not None
        views += [shown, t.json("standings", "--round", str(number), *on)]
    return views


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The concours of :func:`play_concours`, played once for the module."""
    path = tmp_path_factory.mktemp("event") / "concours.db"
    play_concours(path)
    return path


def _export(db: Path | str, path: Path, *options: str) -> dict[str, Any]:
    """``tournament export --event PATH`` through the installed command; the file read."""
    Cli(db, process=True).run("tournament", "export", "--event", str(path), *options)
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _without_export_moment(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if '"exported":' not in line)


@pytest.mark.both_stores
def test_export_import_export_is_the_same_file(played: Path, store_name: Path | str,
                                               tmp_path: Path) -> None:
    first = tmp_path / "concours.json"
    document = _export(played, first)
    jsonschema.validate(document, SCHEMA)
    assert document["format"] == "coinche-event" and document["version"] == 1
    # 11 teams, two rounds of 5 tables played (the game's table has no result: its last deal
    # was undone); a correction typed, two made by the game (its end, edited, then undone);
    # the table's game of 5 deals (one replaced by its edit, one undone), a penalty
    assert document["counts"] == {"teams": 11, "players": 0, "rounds": 2, "tables": 10,
                                  "results": 9, "corrections": 3, "games": 1, "deals": 5,
                                  "penalties": 1}
    ran = Cli(store_name, process=True).run("store", "import", str(first))
    assert ran.stdout.splitlines() == [
        f"imported “Concours de la Saint-Jean” from {first}",
        f"verified: the {len(document['views'])} --json views are the exported concours's"]
    again = tmp_path / "again.json"
    _export(store_name, again)
    assert (_without_export_moment(again.read_text(encoding="utf-8"))
            == _without_export_moment(first.read_text(encoding="utf-8")))
    name = "Concours de la Saint-Jean"
    assert every_view(Cli(store_name).under("tournament"), name) == every_view(
        Cli(played).under("tournament"), name)


def test_the_document_names_things_as_the_concours_does(played: Path, tmp_path: Path) -> None:
    document = _export(played, tmp_path / "concours.json")
    teams = {team["number"]: team for team in document["teams"]}
    assert teams[1] == {"number": 1, "name": "Les As", "players": ["Ana 0", "Bob 0"],
                        "club": "Bron", "registered": 1, "joined_round": 1,
                        "dropped_after": None, "members": []}
    first, second = document["rounds"]
    assert first["bye"] in teams and second["bye"] in teams
    corrected = first["tables"][0]
    assert corrected["scores"] == [900, 1300] and corrected["source"] == "desk"
    assert corrected["winner"] == corrected["teams"][1]
    assert [(old["scores"], old["source"]) for old in corrected["history"]] == [
        ([1200, 710], "desk")]
    game = second["tables"][0]["game"]
    assert second["tables"][0]["source"] is None  # the game has not ended
    assert [(d["number"], d["status"]) for d in game["deals"]] == [
        (1, "active"), (2, "replaced"), (3, "active"), (4, "removed"), (2, "active")]
    assert game["deals"][1]["replaced_by"] == 4 and game["rules"] is None
    forfeit = second["tables"][1]
    assert forfeit["forfeit"] == forfeit["teams"][0] and forfeit["scores"] is None
    assert document["penalties"][0]["reason"] == "renonce"
    desk = document["desk"]
    assert [(p["amount"], p["method"]) for p in desk["payments"]][-3:] == [
        (2000, "card"), (2000, "cash"), (-500, "cash")]
    assert desk["prizes"][0]["prize"] == "Un jambon"
    assert desk["pot"]["percents"] == [60, 30, 10]


def test_beside_another_under_a_new_name(played: Path, tmp_path: Path) -> None:
    path = tmp_path / "concours.json"
    _export(played, path)
    store = tmp_path / "ligue.db"
    shutil.copyfile(played, store)
    league = Cli(store, process=True)
    assert league.refused("store", "import", str(path)) == (
        "error: name: this store already has a concours called “Concours de la Saint-Jean”: "
        "give --rename NAME to import it beside it")
    done = league.json("store", "import", str(path), "--rename", "Saint-Jean 2025")
    assert done["name"] == "Saint-Jean 2025" and done["rows"]["team"] == 11
    t = Cli(store).under("tournament")
    assert every_view(t, "Saint-Jean 2025") == every_view(t, "Concours de la Saint-Jean")
    # the imported concours plays on: its table's game takes its last deal, which ends it
    game = t.json("show", "--tournament", "Saint-Jean 2025")["tables"][0]["game"]
    assert game == 2  # after the original's own
    Cli(store).run("game", "add", "--game", str(game), "A", "80S", "100")
    assert t.json("show", "--tournament", "Saint-Jean 2025")["complete"]


def test_a_file_changed_by_hand_is_imported_without_its_views(played: Path,
                                                                tmp_path: Path) -> None:
    path = tmp_path / "concours.json"
    document = _export(played, path)
    document["rounds"][0]["tables"][2]["scores"] = [1300, 700]
    path.write_text(json.dumps(document), encoding="utf-8")
    cli = Cli(tmp_path / "autre.db", process=True)
    assert cli.refused("store", "import", str(path)) == (
        "error: views: the imported concours's tournament: show --round 1 is not the exported "
        "one's: nothing was imported (a file changed by hand is imported without its "
        "“views”)")
    del document["views"]
    path.write_text(json.dumps(document), encoding="utf-8")
    assert cli.run("store", "import", str(path)).stdout.splitlines()[1] == (
        "the file holds no views to compare (not written by coinche): its own checks passed")
    table = Cli(tmp_path / "autre.db").json("tournament", "show", "--round", "1")["tables"][2]
    assert table["scores"] == [1300, 700]


def test_a_melee(tmp_path: Path) -> None:
    t = Cli(tmp_path / "melee.db").under("tournament")
    t.run("new", "Mêlée du vendredi", "--format", "melee", "--rounds", "2", "--deals", "4",
          "--seed", "3")
    for number in range(9):  # nine players: one sits out each partie
        t.run("player", "add", f"Joueur {number}", "--club", "Lyon", "--licence",
              f"L{number:03}")
    for _partie in (1, 2):
        paired = t.json("pair")
        for table in paired["tables"]:
            t.run("result", str(table["table"]), "1000", "800")
    path = tmp_path / "melee.json"
    document = _export(tmp_path / "melee.db", path)
    jsonschema.validate(document, SCHEMA)
    assert len(document["players"]) == 9 and document["players"][0]["licence"] == "L000"
    assert all(len(r["sitting_out"]) == 1 for r in document["rounds"])
    assert all(len(team["members"]) == 2 for team in document["teams"])
    other = tmp_path / "club.db"
    Cli(other, process=True).run("store", "import", str(path))
    again = tmp_path / "again.json"
    _export(other, again)
    assert (_without_export_moment(again.read_text(encoding="utf-8"))
            == _without_export_moment(path.read_text(encoding="utf-8")))
    imported = Cli(other).under("tournament")
    assert imported.json("player", "list") == t.json("player", "list")
    assert imported.json("standings") == t.json("standings")


def test_stages_and_their_brackets(tmp_path: Path) -> None:
    names = ("Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf")
    t = Cli(tmp_path / "finales.db").under("tournament")
    t.run("new", "Concours", "--rounds", "2", "--deals", "4", "--registration-order")
    for name in names:
        t.run("team", "add", name)
    t.run("stage", "add", "Tableau A", "--ranks", "1-4", "--knockout")
    qualify(t, names, 2)
    t.run("stage", "start", "Tableau A")
    knockout_partie(t)
    path = tmp_path / "finales.json"
    document = _export(tmp_path / "finales.db", path)
    jsonschema.validate(document, SCHEMA)
    assert [s["name"] for s in document["stages"]] == ["Qualifications", "Tableau A"]
    assert len(document["stages"][1]["teams"]) == 4
    assert any(table["match"] for table in document["rounds"][-1]["tables"])
    other = tmp_path / "club.db"
    Cli(other, process=True).run("store", "import", str(path))
    imported = Cli(other).under("tournament")
    for view in (("stage", "list"), ("bracket", "Tableau A"), ("standings",)):
        assert imported.json(*view) == t.json(*view)


def test_the_export_behaves_as_before_without_event(played: Path, tmp_path: Path) -> None:
    cli = Cli(played, process=True)
    assert "say where" in cli.run("tournament", "export", code=2).stderr
    book = tmp_path / "concours.xlsx"
    event = tmp_path / "concours.json"
    ran = cli.run("tournament", "export", str(book), "--event", str(event))
    assert ran.stdout.splitlines() == [f"wrote {event}", f"wrote {book}"]
    before = data_checksum(played)
    assert cli.refused("tournament", "export", "--event", str(tmp_path / "x.txt")) == (
        f"error: --event: {tmp_path / 'x.txt'} is not a .json file")
    assert data_checksum(played) == before


def test_the_examples_concours(tmp_path: Path) -> None:
    """The README's example concours, imported from a results file, goes through."""
    cli = Cli(tmp_path / "a.db")
    cli.run("tournament", "new", "Concours", "--rounds", "3", "--deals", "4", "--seed", "7")
    cli.run("tournament", "team", "import", str(EXAMPLES / "equipes.csv"))
    cli.run("tournament", "pair")
    cli.run("tournament", "result", "--import", str(EXAMPLES / "resultats-ronde1.csv"))
    document = _export(tmp_path / "a.db", tmp_path / "a.json")
    assert {t["source"] for t in document["rounds"][0]["tables"]} == {"file"}
    Cli(tmp_path / "b.db", process=True).run("store", "import", str(tmp_path / "a.json"))
