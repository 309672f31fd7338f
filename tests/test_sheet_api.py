"""The score sheet on the phone (issue 35) through a real server: a concours table scored to
its end from a phone and its result in the standings, a free game started, scored, undone
and edited (``game serve``), the time called at a table, a deal posted twice, two phones at
once.  Every answer is compared with what ``game show --json`` prints for the same game.

The scores are the rules' (``docs/variants.md``, standard: "made: takers score card points +
belote + counted announces + contract"; "failed: defenders score 162 + contract"), each
deal's line citing them; the time rule is ``examples/rules/point-juste.yaml``'s.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.harness import Cli, data_checksum, store_rows
from tests.live_server import LiveServer

ROOT = Path(__file__).resolve().parent.parent
POINT_JUSTE = str(ROOT / "examples" / "rules" / "point-juste.yaml")
TEAMS = ("Les As", "Les Rois", "Les Dames", "Les Valets")

#: A table's game to 701 (standard), deal by deal, as a phone posts it: the deal, then both
#: sides' scores and the running totals (docs/variants.md, standard).
GAME_TO_701 = (
    # the seed's own example: 100♠, takers 104 + belote + cinquante → takers 274, defenders 58
    ({"taker": "Les As", "contract": 100, "trump": "S", "points": {"A": 104},
      "belote": "A", "announces": {"A": ["cinquante"]}}, (274, 58), (274, 58)),
    # made: 130 card points + 120 contract = 250; the defenders their 32
    ({"taker": "B", "contract": 120, "trump": "H", "points": {"B": 130}}, (32, 250),
     (306, 308)),
    # a capot contract made: 162 card points + 250 contract; 718 ≥ 701: Les As win
    ({"taker": "A", "contract": "capot", "trump": "S", "capot": "A"}, (412, 0), (718, 308)),
)


def make_concours(cli: Cli, *options: str) -> Cli:
    """Four teams, each table a game to its target, round 1 paired in registration order."""
    director = cli.under("tournament")
    director.run("new", "Coupe", "--rounds", "3", "--registration-order", *options)
    for team in TEAMS:
        director.run("team", "add", team)
    director.run("pair")
    return cli


@pytest.fixture
def director(cli: Cli) -> Cli:
    """Four teams playing to 701 (standard), round 1 paired: the command line on its store."""
    return make_concours(cli, "--target", "701")


@pytest.fixture
def server(director: Cli, tmp_path: Path) -> Iterator[LiveServer]:
    assert director.db is not None
    live = LiveServer(director.db, "--entry", cwd=tmp_path)
    yield live
    _out, err = live.stop()
    assert "Traceback" not in err and "ERROR" not in err, err


def codes(cli: Cli) -> dict[int, str]:
    return {t["table"]: t["code"] for t in cli.json("tournament", "show", "--codes")["tables"]}


def shown(cli: Cli, game: int) -> Any:
    """What ``game show --json`` prints for ``game``."""
    return cli.json("game", "show", "--game", str(game))


def test_a_concours_table_scored_from_its_phone_ends_as_the_tables_result(
        director: Cli, server: LiveServer) -> None:
    code = codes(director)[1]
    assert server.get(f"/api/table/1/game?code={code}").status == 404  # no deal: no game yet
    for number, (deal, scores, totals) in enumerate(GAME_TO_701, 1):
        answer = server.post_json("/api/table/1/deal", {"code": code, "deal": deal})
        assert answer.status == 200, answer.text
        sheet = answer.json()
        row = sheet["deals"][-1]
        assert row["number"] == number
        assert (row["scores"]["A"], row["scores"]["B"]) == scores
        assert (sheet["totals"]["A"], sheet["totals"]["B"]) == totals
        # every answer is what game show --json prints for the table's game, byte for byte
        assert sheet == shown(director, sheet["id"])
    assert sheet["finished"] and sheet["winner"] == "A"
    assert sheet["sides"] == {"A": "Les As", "B": "Les Rois"}
    table = director.json("tournament", "show")["tables"][0]
    assert table["scores"] == [718, 308] and table["game"] == sheet["id"]
    assert store_rows(director.db, "SELECT source FROM board WHERE table_no = 1") == [("game",)]
    standings = director.json("tournament", "standings")
    assert standings[0]["team"] == "Les As"
    # the game is the table's result: nothing more is added, nothing corrected from a phone
    before = data_checksum(director.db)
    more = server.post_json("/api/table/1/deal", {"code": code, "deal": {
        "taker": "A", "contract": 80, "trump": "S", "points": {"A": 90}}})
    assert more.status == 409 and more.json()["error"]["field"] == "game"
    assert more.json()["game"] == shown(director, sheet["id"])
    edit = server.post_json("/api/table/1/edit", {"code": code, "deal_number": 1, "deal": {
        "taker": "A", "contract": 80, "trump": "S", "points": {"A": 90}}})
    assert edit.status == 409
    assert data_checksum(director.db) == before
    # "Annuler", within its seconds, takes the last deal back, and the result with it
    undone = server.post_json("/api/table/1/undo", {"code": code, "deal_number": 3})
    assert undone.status == 200, undone.text
    assert not undone.json()["finished"] and len(undone.json()["deals"]) == 2
    assert director.json("tournament", "show")["tables"][0]["scores"] is None
    again = server.post_json("/api/table/1/deal", {"code": code, "deal": GAME_TO_701[2][0]})
    assert again.json()["finished"]
    assert director.json("tournament", "show")["tables"][0]["scores"] == [718, 308]
    # later, an undo is the director's
    with sqlite3.connect(director.db) as lite:
        lite.execute("UPDATE deal SET recorded = '2020-01-01T00:00:00+00:00'")
    late = server.post_json("/api/table/1/undo", {"code": code, "deal_number": 3})
    assert late.status == 409 and "director" in late.json()["error"]["message"]


def test_a_deal_undone_and_edited_from_the_phone_is_game_undo_and_edit(
        director: Cli, server: LiveServer) -> None:
    code = codes(director)[2]
    first = {"taker": "Les Dames", "contract": 80, "trump": "D", "points": {"A": 90}}
    assert server.post_json("/api/table/2/deal", {"code": code, "deal": first}).status == 200
    # failed: 70 of 80 needed; the defenders score 162 + 80 (variants.md, standard)
    failed = {"taker": "B", "contract": 80, "trump": "D", "points": {"B": 70}}
    sheet = server.post_json("/api/table/2/deal", {"code": code, "deal": failed}).json()
    assert sheet["deals"][-1]["scores"] == {"A": 242, "B": 0}
    sheet = server.post_json("/api/table/2/undo", {"code": code}).json()
    assert len(sheet["deals"]) == 1 and sheet["history"][0]["status"] == "removed"
    # edit deal 1: 90 card points + 80 → 170 becomes a pass (the whole game recomputed)
    edited = server.post_json("/api/table/2/edit", {"code": code, "deal_number": 1,
                                                    "deal": None})
    assert edited.status == 200
    sheet = edited.json()
    assert sheet["deals"][0]["passed"] and sheet["totals"] == {"A": 0, "B": 0}
    assert sheet == shown(director, sheet["id"])
    assert server.get(f"/api/table/2/game?code={code}").json() == sheet


def test_a_deal_posted_twice_is_written_once_and_two_phones_never_leave_a_gap(
        director: Cli, server: LiveServer) -> None:
    code = codes(director)[1]
    deal = {"taker": "A", "contract": 80, "trump": "S", "points": {"A": 90}}
    body = {"code": code, "deal": deal}
    first = server.post_json("/api/table/1/deal", body)
    second = server.post_json("/api/table/1/deal", body)  # the phone lost the answer
    assert first.status == second.status == 200
    assert len(second.json()["deals"]) == 1 and second.json() == first.json()
    # two phones post at once, each the deal it believes comes next: in order, or the second
    # refused with the sheet as it now is; never a gap, never a duplicate
    answers: list[Any] = []
    lock = threading.Lock()

    def phone(source: str, points: int) -> None:
        for _ in range(6):
            last = server.get(f"/api/table/1/game?code={code}").json()["deals"][-1]["number"]
            answer = server.post_json("/api/table/1/deal", {
                "code": code, "deal_number": last + 1,
                "deal": {"taker": "A", "contract": 80, "trump": "S", "points": {"A": points}}},
                source=source)
            with lock:
                answers.append(answer)

    threads = [threading.Thread(target=phone, args=(f"127.0.0.{n}", 80 + n)) for n in (2, 3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    kept = [a for a in answers if a.status == 200]
    refused = [a for a in answers if a.status != 200]
    assert all(a.status == 409 and "game" in a.json() for a in refused)
    numbers = [row["number"] for row in shown(director, first.json()["id"])["deals"]]
    assert numbers == list(range(1, len(kept) + 2))  # the first deal, then each one kept


def test_the_time_called_at_a_table_makes_its_deal_the_last_counted_exactly(
        cli: Cli, tmp_path: Path) -> None:
    """point-juste: 90 minutes; "la dernière donne est comptée au point juste (100 demandés
    + 104 faits = 204, l'équipe adverse marquera 58 points)" where other deals write 200 and
    60.  The round was paired two hours ago; `tournament time` gives table 1 an hour more,
    then takes it back."""
    make_concours(cli, "--rules", POINT_JUSTE, "--target", "1000")
    assert cli.db is not None
    with sqlite3.connect(cli.db) as lite:
        lite.execute("UPDATE round SET paired = ?", (time.strftime(
            "%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(time.time() - 2 * 3600)),))
    cli.run("tournament", "time", "1", "+60")  # a late start: 150 minutes, 30 still to go
    live = LiveServer(cli.db, "--entry", cwd=tmp_path)
    try:
        code = codes(cli)[1]
        deal = {"code": code, "deal": {"taker": "A", "contract": 100, "trump": "S",
                                       "points": {"A": 104}}}
        # each deal names its number, as the page does (the same deal twice in a row within
        # seconds, without it, would be one deal posted again)
        sheet = live.post_json("/api/table/1/deal", deal | {"deal_number": 1}).json()
        assert sheet["totals"] == {"A": 200, "B": 60} and not sheet["finished"]
        assert "time_called" not in sheet
        assert cli.json("tournament", "show")["tables"][0]["scores"] is None
        cli.run("tournament", "time", "1", "-60")  # the hour taken back: the time is out
        sheet = live.post_json("/api/table/1/deal", deal | {"deal_number": 2}).json()
        assert sheet["deals"][-1]["scores"] == {"A": 204, "B": 58}  # au point juste
        assert sheet["finished"] and sheet["winner"] == "A" and sheet["time_called"] == 2
        assert sheet == shown(cli, sheet["id"])
        assert cli.json("tournament", "show")["tables"][0]["scores"] == [404, 118]
    finally:
        _out, err = live.stop()
    assert "Traceback" not in err, err


def test_the_projector_and_me_follow_a_table_scored_from_its_phone(
        director: Cli, server: LiveServer) -> None:
    code = codes(director)[1]
    server.post_json("/api/table/1/deal", {"code": code, "deal": GAME_TO_701[0][0]})
    director.run("tournament", "time", "1", "+5")
    start = time.monotonic()
    while time.monotonic() - start < 3:  # within 3 seconds, as results
        page = server.get("/").text
        if "274 – 58" in page:
            break
        time.sleep(0.1)
    assert "274 – 58" in page and "1 deal" in page and "+5 min" in page
    me = server.get("/me?team=Les%20As").text
    assert "Deal by deal: Les As 274 – 58 Les Rois after 1 deal" in me


@pytest.fixture
def games(cli: Cli, tmp_path: Path) -> Iterator[LiveServer]:
    """``game serve`` on the test's store (created by its first command)."""
    cli.run("game", "list")
    assert cli.db is not None
    live = LiveServer(cli.db, serve=("game", "serve"), ready="/api/rules", cwd=tmp_path)
    yield live
    _out, err = live.stop()
    assert "Traceback" not in err and "ERROR" not in err, err


def test_a_free_game_is_started_scored_undone_and_edited_from_phones(
        cli: Cli, games: LiveServer) -> None:
    offered = games.get("/api/rules").json()
    assert offered["default"] == "standard" and {"standard", "club", "chien"} <= set(
        offered["rules"])
    started = games.post_json("/api/game", {"teams": ["Nous", "Eux"], "rules": "standard"})
    assert started.status == 200, started.text
    join = started.json()["join_code"]
    assert len(join) == 6 and all(c in "ABCDEFGHJKMNPQRSTUVWXYZ23456789" for c in join)
    game = started.json()["game"]
    assert game["sides"] == {"A": "Nous", "B": "Eux"} and game["deals"] == []
    base = f"/api/game/{join}"
    sheet = games.post_json(f"{base}/deal", {"deal": GAME_TO_701[0][0] | {
        "taker": "Nous"}}).json()
    assert sheet["totals"] == {"A": 274, "B": 58}
    # a second phone at the table follows and takes over with the join code
    follow = games.get(f"{base}/game", source="127.0.0.2").json()
    assert follow == sheet
    sheet = games.post_json(f"{base}/deal", {"deal": GAME_TO_701[1][0]},
                            source="127.0.0.2").json()
    assert sheet["totals"] == {"A": 306, "B": 308}
    sheet = games.post_json(f"{base}/undo", {"deal_number": 2}).json()
    assert sheet["totals"] == {"A": 274, "B": 58}
    sheet = games.post_json(f"{base}/edit", {"deal_number": 1, "deal": {
        "taker": "Eux", "contract": 80, "trump": "C", "points": {"B": 100}}}).json()
    assert sheet["totals"] == {"A": 62, "B": 180}  # 100 + 80; the defenders their 62
    # an ordinary stored game: game show, game list; the terminal's current game untouched
    assert sheet == shown(cli, game["id"])
    listed = cli.json("game", "list")
    assert [g["id"] for g in listed] == [game["id"]] and not listed[0]["current"]
    # nobody else writes to it: a join code that does not exist, five a minute from a phone
    before = data_checksum(cli.db)
    for attempt in range(5):
        wrong = games.post_json("/api/game/ZZZZZZ/deal", {"deal": None}, source="127.0.0.9")
        assert wrong.status == 404 and wrong.json()["error"]["field"] == "join_code", attempt
    closed = games.post_json(f"{base}/deal", {"deal": None}, source="127.0.0.9")
    assert closed.status == 429
    assert data_checksum(cli.db) == before


def test_the_chien_is_started_with_its_players(cli: Cli, games: LiveServer) -> None:
    started = games.post_json("/api/game", {"players": ["Léa", "Zoé", "Max"],
                                            "rules": "chien"})
    assert started.status == 200, started.text
    assert started.json()["game"]["sides"] == {"1": "Léa", "2": "Zoé", "3": "Max"}
