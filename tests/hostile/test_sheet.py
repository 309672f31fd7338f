"""Issue 35's attacks on the score sheet on the phone, each against the installed command in
a real process (``tournament serve --entry``, ``game serve``) on 127.0.0.1: every refusal of
``game add``, in the phone's language and naming its field; a deal for a game that has
ended; a wrong, missing or made-up code; bodies that are not JSON, too big, too deep; and
the store's checksum the same before and after each one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Concours
from tests.harness import Cli, data_checksum
from tests.live_server import LiveServer

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}
#: A deal the rules take, and each way of spoiling it (``game add``'s refusals, issue 35).
GOOD = {"taker": "A", "contract": 80, "trump": "S", "points": {"A": 90}}
REFUSED_DEALS: list[tuple[str, Any, str, str]] = [
    # what, the deal, the field named, a word of the French refusal
    ("a bid off the ladder", GOOD | {"contract": 85}, "contract", "enchère"),
    ("points out of range", GOOD | {"points": {"A": 163}}, "points", "entre 0 et 162"),
    ("belote in SA", GOOD | {"trump": "SA", "belote": "A"}, "belote", "pas de belote en SA"),
    ("an announce the rules do not have", GOOD | {"announces": {"A": ["carre-8"]}},
     "announces", "carre-8"),
    ("equal announces without a winner",
     GOOD | {"announces": {"A": ["tierce"], "B": ["tierce"]}}, "announce_winner", "même valeur"),
    ("an unknown field", GOOD | {"atout": "S"}, "atout", "champ inconnu"),
    ("a taker who is no side", GOOD | {"taker": "Zorro"}, "taker", "n'est pas un camp"),
    ("a trump that is none", GOOD | {"trump": "Z"}, "trump", "atout"),
    ("a coinche of three", GOOD | {"coinche": 3}, "coinche", "surcontré"),
    ("no taker", {"contract": 80, "trump": "S"}, "taker", "manquant"),
    ("a deal that is not an object", [1, 2], "deal", "objet JSON"),
    ("a capot by nobody", GOOD | {"capot": "C"}, "capot", "camp"),
]


@pytest.fixture
def paired(concours: Concours, cli: Cli) -> Cli:
    """Four teams, four deals a match, round 1 paired (two tables)."""
    concours(4, name="Concours", rounds=3, pair=True)
    return cli


@pytest.fixture
def server(paired: Cli, tmp_path: Path) -> Iterator[LiveServer]:
    assert paired.db is not None
    live = LiveServer(paired.db, "--entry", cwd=tmp_path)
    yield live
    _out, err = live.stop()
    assert "Traceback" not in err and "ERROR" not in err, err


def _code(cli: Cli, table: int) -> str:
    tables = cli.json("tournament", "show", "--codes")["tables"]
    return str(next(t["code"] for t in tables if t["table"] == table))


def _refused(server: LiveServer, db: Path | str, path: str, body: Any, status: int,
             field: str, *, raw: bytes | None = None, **headers: str) -> str:
    """Post ``body`` (or ``raw`` bytes): refused with ``status`` naming ``field``, the store
    unchanged; the refusal's sentence."""
    before = data_checksum(db)
    if raw is not None:
        answer = server.request("POST", path, raw, {"Content-Type": "application/json",
                                                    **headers})
    else:
        answer = server.post_json(path, body, headers=headers)
    assert answer.status == status, answer.text
    error = answer.json()["error"]
    assert error["field"] == field, error
    assert error["message"] and "\n" not in error["message"]
    assert data_checksum(db) == before
    return str(error["message"])


def test_every_refusal_of_game_add_is_a_refusal_here(paired: Cli, server: LiveServer) -> None:
    """Each case on one server (one process for all of them)."""
    assert paired.db is not None
    code = _code(paired, 1)
    for what, deal, field, french in REFUSED_DEALS:
        # the table's first deal: refused, its game is not made either
        message = _refused(server, paired.db, "/api/table/1/deal",
                           {"code": code, "deal": deal}, 400, field, **FRENCH)
        assert french in message.replace("\xa0", " "), (what, message)
    assert server.post_json("/api/table/1/deal", {"code": code, "deal": GOOD}).status == 200
    for what, deal, field, _french in REFUSED_DEALS:  # with a deal on the sheet, the same
        english = _refused(server, paired.db, "/api/table/1/deal",
                           {"code": code, "deal": deal}, 400, field)
        assert english.isascii() or "«" not in english, (what, english)
        _refused(server, paired.db, "/api/table/1/edit",
                 {"code": code, "deal_number": 1, "deal": deal}, 400, field)


def test_codes_bodies_and_tables_that_are_not_right_are_refused(paired: Cli,
                                                                 server: LiveServer) -> None:
    assert paired.db is not None
    db, code = paired.db, _code(paired, 1)
    deal = {"code": code, "deal": GOOD}
    _refused(server, db, "/api/table/1/deal", {**deal, "code": _code(paired, 2)}, 403, "code")
    _refused(server, db, "/api/table/1/deal", {"deal": GOOD}, 403, "code")
    _refused(server, db, "/api/table/1/deal", {**deal, "code": 123456}, 403, "code")
    _refused(server, db, "/api/table/9/deal", deal, 404, "table")
    _refused(server, db, "/api/table/1/deal", None, 400, "body", raw=b"{not json")
    _refused(server, db, "/api/table/1/deal", None, 400, "body", raw=b"[1, 2]")
    _refused(server, db, "/api/table/1/deal", None, 400, "body",
             raw=b"[" * 5000 + b"]" * 5000)
    _refused(server, db, "/api/table/1/deal", None, 413, "body",
             raw=json.dumps({**deal, "pad": "x" * 20_000}).encode())
    plain = server.request("POST", "/api/table/1/deal", json.dumps(deal).encode(),
                           {"Content-Type": "text/plain"})
    assert plain.status == 415  # a page of another site cannot send JSON without asking
    _refused(server, db, "/api/table/1/deal", {**deal, "deal_number": "two"}, 400,
             "deal_number")
    _refused(server, db, "/api/table/1/deal", {**deal, "deal_number": 0}, 400, "deal_number")
    _refused(server, db, "/api/table/1/undo", {"code": code}, 400, "deal_number")
    _refused(server, db, "/api/table/1/edit", {"code": code, "deal": GOOD}, 400,
             "deal_number")
    _refused(server, db, "/api/table/1/deal", {"code": code}, 400, "deal")
    assert server.post_json("/api/table/1/deal", deal).status == 200
    _refused(server, db, "/api/table/1/edit", {"code": code, "deal_number": 9, "deal": GOOD},
             400, "deal")
    # a deal number already on the sheet (another phone's): refused with the sheet as it is
    stale = server.post_json("/api/table/1/deal", {**deal, "deal_number": 1,
                                                   "deal": GOOD | {"points": {"A": 100}}})
    assert stale.status == 409 and stale.json()["game"]["deals"][0]["deal"]["points"] == {
        "A": 90}
    # five wrong codes from one phone (table 2's was the first; a missing code or one that
    # is no text is not a try): its tries at the table are refused, the right code too
    for _ in range(4):
        _refused(server, db, "/api/table/1/deal", {**deal, "code": "ZZZZZZ"}, 403, "code")
    _refused(server, db, "/api/table/1/deal", deal, 429, "code")
    # another phone still reaches it
    other = server.post_json("/api/table/1/deal", deal | {
        "deal": GOOD | {"points": {"A": 100}}}, source="127.0.0.2")
    assert other.status == 200


def test_a_deal_for_a_table_whose_game_has_ended_is_refused(paired: Cli,
                                                            server: LiveServer) -> None:
    assert paired.db is not None
    code = _code(paired, 2)
    for points in (90, 100, 110, 120):  # four deals: the match is over
        answer = server.post_json("/api/table/2/deal", {"code": code, "deal": GOOD | {
            "points": {"A": points}}})
        assert answer.status == 200, answer.text
    assert answer.json()["finished"]
    _refused(server, paired.db, "/api/table/2/deal", {"code": code, "deal": GOOD}, 409,
             "game")
    _refused(server, paired.db, "/api/table/2/deal", {"code": code, "deal": None}, 409,
             "game")


@pytest.fixture
def games(cli: Cli, tmp_path: Path) -> Iterator[LiveServer]:
    cli.run("game", "list")
    assert cli.db is not None
    live = LiveServer(cli.db, serve=("game", "serve"), ready="/api/rules", cwd=tmp_path)
    yield live
    _out, err = live.stop()
    assert "Traceback" not in err and "ERROR" not in err, err


def test_a_free_game_refuses_what_a_concours_table_refuses(cli: Cli, games: LiveServer) -> None:
    assert cli.db is not None
    db = cli.db
    _refused(games, db, "/api/game", {"teams": ["Nous"]}, 400, "teams")
    _refused(games, db, "/api/game", {"teams": ["Nous", "nous"]}, 400, "teams")
    _refused(games, db, "/api/game", {"teams": ["Nous", ""]}, 400, "teams")
    _refused(games, db, "/api/game", {"teams": ["Nous", "Eux"], "rules": "/etc/passwd"}, 400,
             "rules")
    _refused(games, db, "/api/game", {"teams": ["Nous", "Eux"], "rules": "../rules/club"},
             400, "rules")
    _refused(games, db, "/api/game", {"teams": ["Nous", "Eux"], "rules": 3}, 400, "rules")
    _refused(games, db, "/api/game", {"teams": ["a" * 200, "Eux"]}, 400, "teams")
    _refused(games, db, "/api/game", {"teams": ["Nous\x1b[2J", "Eux"]}, 400, "teams")
    started = games.post_json("/api/game", {"teams": ["Nous", "Eux"]})
    join = started.json()["join_code"]
    for _what, deal, field, _french in REFUSED_DEALS:
        _refused(games, db, f"/api/game/{join}/deal", {"deal": deal}, 400, field)
    _refused(games, db, "/api/game/NOPE/deal", {"deal": GOOD}, 404, "join_code")
    _refused(games, db, f"/api/game/{join}x/deal", {"deal": GOOD}, 404, "join_code")
    _refused(games, db, f"/api/game/{join}/deal", None, 413, "body",
             raw=b'{"deal": "' + b"x" * 20_000 + b'"}')
