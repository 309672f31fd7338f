"""Hostile event files (issue 36, part 3): ``coinche store import FILE.json`` of a file that is
not one, of a newer version, or whose numbers contradict each other is refused in one line
naming the JSON path and why, exit 2, the store as it was (its checksum); hostile names
(markup, right-to-left marks, 200 characters) survive as text.  Real processes of the
installed command, under the hostile tests' limits.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.harness import Cli, data_checksum
from tests.hostile.conftest import LIMITS

TEAMS = ("Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A small concours's event file: five teams (a bye each round), a corrected result, a
    penalty, a table scored deal by deal."""
    folder = tmp_path_factory.mktemp("hostile-event")
    cli = Cli(folder / "concours.db")
    t = cli.under("tournament")
    t.run("new", "Concours", "--rounds", "2", "--deals", "4", "--seed", "2")
    for name in TEAMS:
        t.run("team", "add", name)
    t.run("pair")
    t.run("result", "1", "1000", "800")
    t.run("result", "2", "700", "900")
    t.run("result", "1", "1000", "820", "--replace")
    t.run("pair")
    cli.run("game", "new", "--table", "1")
    cli.run("game", "add", "A", "80S", "100")
    cli.run("game", "add", "B", "90H", "95")
    t.run("penalty", TEAMS[0], "50", "--reason", "retard")
    path = folder / "concours.json"
    t.run("export", "--event", str(path))
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.fixture
def desk(store: Path) -> Cli:
    """A store that already holds a concours (not the file's), under the hostile limits."""
    Cli(store).run("tournament", "new", "Autre concours", "--rounds", "2", "--deals", "4")
    return Cli(store, limits=LIMITS)


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change of the document: the value at ``path`` (dotted, with list indexes)."""
    def change(doc: dict[str, Any]) -> None:
        keys = path.replace("[", ".").replace("]", "").split(".")
        where: Any = doc
        for key in keys[:-1]:
            where = where[int(key)] if isinstance(where, list) else where[key]
        last = keys[-1]
        if isinstance(where, list):
            where[int(last)] = value
        else:
            where[last] = value
    return change


def _both(*changes: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        for one in changes:
            one(doc)
    return change


#: A change of the file, and the refusal it gets (after ``error: ``).
CONTRADICTIONS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("another format", _set("format", "coinche-game"),
     "format: this is not a coinche event file (its “format” is not “coinche-event”)"),
    ("a newer version", _set("version", 2),
     "version: the file is of version 2 of the event file, and this coinche reads version 1: "
     "a newer coinche wrote it; update coinche to import it"),
    ("a version as text", _set("version", "1"), "version: expected a whole number"),
    ("a team that does not exist", _set("rounds[1].tables[1].teams[1]", 9),
     "rounds[1].tables[1].teams[1]: 9 names no entry of teams (it holds 5)"),
    ("a table that does not exist", _set("rounds[1].tables[1].table", 5),
     "rounds[1].tables[1].table: a round's tables are numbered 1, 2, 3… in order: this one is 2"),
    ("scores and a forfeit", _set("rounds[0].tables[0].forfeit", 1),
     "rounds[0].tables[0].forfeit: team 1 is not at this table"),
    ("three scores", _set("rounds[0].tables[1].scores", [700, 900, 0]),
     "rounds[0].tables[1].scores: expected two scores, or null"),
    ("a team at two tables", _set("rounds[0].tables[1].teams[0]", "same"), ""),
    ("a deal count that does not add up", _set("counts.deals", 3),
     "counts.deals: the file says 3 and holds 2: its numbers do not add up"),
    ("a table count that does not add up", _set("counts.tables", 5),
     "counts.tables: the file says 5 and holds 4: its numbers do not add up"),
    ("a deal numbered past the others", _set("rounds[1].tables[0].game.deals[1].number", 3),
     "rounds[1].tables[0].game.deals: the game's deals in play are numbered 1, 3, not 1 to 2: "
     "its deal count does not add up"),
    ("a deal the rules do not allow", _set("rounds[1].tables[0].game.deals[0].deal.contract",
                                           85),
     "rounds[1].tables[0].game.deals[0].deal: "),
    ("a penalty in a round that was never paired", _set("penalties[0].round", 3),
     "penalties[0].round: 3 names no entry of rounds (it holds 2)"),
    ("a key the format does not have", _set("rounds[0].tables[0].points", [1, 2]),
     "rounds[0].tables[0]: unknown key “points”"),
    ("a key missing", lambda doc: doc["rounds"][0].pop("bye"),
     "rounds[0]: the key “bye” is missing"),
    ("two teams of one name", _set("teams[1].name", "les as"),
     "teams[1].name: “les as” is the name of teams[0] already"),
    ("a name with an escape sequence", _set("teams[0].name", "Les \x1b[31mRouges"),
     "teams[0].name: a text holding the character U+001B, which no output can show as it is"),
    ("a name that reads backwards", _set("teams[0].name", "Les \u202eAs"),
     "teams[0].name: a text holding the character U+202E, which no output can show as it is"),
    ("a name of 5,000 characters", _set("teams[0].name", "x" * 5000),
     "teams[0].name: a text of 5000 characters: at most 1000"),
    ("a score past any integer", _set("rounds[0].tables[0].scores", [2**40, 1]),
     f"rounds[0].tables[0].scores[0]: {2**40} is not from -2147483647 to 2147483647"),
    ("settings out of shape", _set("settings", {"rounds": 2}),
     "settings: not as coinche writes it (KeyError: 'deals')"),
    ("views of another concours", _set("views", {"tournament": "0" * 64}), "views: the "),
]


@pytest.mark.parametrize(("what", "change", "refusal"), CONTRADICTIONS,
                         ids=[c[0] for c in CONTRADICTIONS])
def test_a_file_that_contradicts_itself_is_refused(
        what: str, change: Callable[[dict[str, Any]], None], refusal: str,
        exported: dict[str, Any], desk: Cli, tmp_path: Path) -> None:
    doc = copy.deepcopy(exported)
    if what == "a team at two tables":
        doc["rounds"][0]["tables"][1]["teams"][0] = doc["rounds"][0]["tables"][0]["teams"][0]
        refusal = ("rounds[0].tables[1].teams[0]: team "
                   f"{doc['rounds'][0]['tables'][0]['teams'][0]} is already at "
                   "rounds[0].tables[0].teams[0] in this round")
    else:
        change(doc)
    path = tmp_path / "concours.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    line = desk.refused("store", "import", str(path))
    assert line.startswith(f"error: {refusal}"), line
    assert "Traceback" not in desk.last.stderr


@pytest.mark.parametrize(("what", "content", "refusal"), [
    ("not JSON", b"{\"format\": ", "is not a coinche event file: it is not JSON (line 1"),
    ("not UTF-8", b"\xff\xfe{}", "is not a coinche event file: it is not UTF-8 text"),
    ("a list", b"[1, 2]", "format: this is not a coinche event file"),
    ("nested 100,000 deep", b"[" * 100_000, "is not a coinche event file: its JSON is nested"),
    ("a number of 5,000 digits", b"{\"version\": " + b"9" * 5000 + b"}",
     "is not a coinche event file: its JSON is nested too deep or holds a number too long"),
    ("NaN", b"{\"format\": \"coinche-event\", \"version\": NaN}", "is not a coinche event"),
    ("empty", b"", "is not a coinche event file: it is not JSON"),
])
def test_a_file_that_is_no_event_file_is_refused(what: str, content: bytes, refusal: str,
                                                 desk: Cli, tmp_path: Path) -> None:
    path = tmp_path / "concours.json"
    path.write_bytes(content)
    assert refusal in desk.refused("store", "import", str(path))


def test_a_file_that_is_not_there(desk: Cli, tmp_path: Path) -> None:
    assert desk.refused("store", "import", str(tmp_path / "none.json")) == (
        f"error: path: {tmp_path / 'none.json'} does not exist")


def test_a_refused_import_into_a_new_file_leaves_no_store(exported: dict[str, Any],
                                                          tmp_path: Path) -> None:
    doc = copy.deepcopy(exported)
    doc["counts"]["teams"] = 6
    path = tmp_path / "concours.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    new = tmp_path / "nouveau" / "club.db"
    assert Cli(new, limits=LIMITS).refused("store", "import", str(path)).startswith(
        "error: counts.teams: ")
    assert not new.parent.exists()


def test_a_name_the_store_has_or_a_bad_rename(exported: dict[str, Any], desk: Cli,
                                              tmp_path: Path) -> None:
    path = tmp_path / "concours.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    desk.run("store", "import", str(path))
    assert desk.refused("store", "import", str(path)) == (
        "error: name: this store already has a concours called “Concours”: give --rename "
        "NAME to import it beside it")
    assert desk.refused("store", "import", str(path), "--rename", "autre CONCOURS") == (
        "error: --rename: this store already has a concours called “autre CONCOURS”: give "
        "--rename NAME to import it beside it")
    assert desk.refused("store", "import", str(path), "--rename", "Les \x1b[31mRouges"
                        ).startswith("error: --rename: ")


HOSTILE = ("<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>",
           "\u200fالأبطال\u200f", "É" * 200, "Les As & Cie <b>")


def test_hostile_names_survive_as_text(exported: dict[str, Any], store: Path,
                                       tmp_path: Path) -> None:
    doc = copy.deepcopy(exported)
    for team, name in zip(doc["teams"], HOSTILE, strict=True):
        team["name"] = name
        team["players"] = [name, name[::-1]]
        team["club"] = name
    doc["penalties"][0]["reason"] = HOSTILE[1]
    doc["name"] = HOSTILE[0]
    del doc["views"]  # changed by hand: its own checks only
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    cli = Cli(store, limits=LIMITS)
    cli.run("store", "import", str(path))
    teams = Cli(store).json("tournament", "team", "list", "--tournament", HOSTILE[0])
    assert [(t["team"], t["players"], t["club"]) for t in teams] == [
        (name, [name, name[::-1]], name) for name in HOSTILE]
    again = tmp_path / "again.json"
    Cli(store).run("tournament", "export", "--event", str(again), "--tournament", HOSTILE[0])
    exported_again = json.loads(again.read_text(encoding="utf-8"))
    assert [t["name"] for t in exported_again["teams"]] == list(HOSTILE)
    assert exported_again["penalties"][0]["reason"] == HOSTILE[1]
    # and the file coinche wrote goes through with its views compared
    other = tmp_path / "other.db"
    before = data_checksum(store)
    Cli(other, limits=LIMITS).run("store", "import", str(again))
    assert data_checksum(store) == before
    assert Cli(other).json("tournament", "team", "list") == teams
