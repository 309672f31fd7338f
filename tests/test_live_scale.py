"""The phone page costs the same whatever the field (issue 25): ``/me`` holds a team's own
table and results, and the whole list is ``/teams``, a page at a time, made once per
snapshot and not sent again to a phone that has it.

Two fields, 30 and 1,000 teams, are built in this process (a SQLite file, the operations
themselves) and the application is called as the server calls it (ASGI, no network): the
pages' bytes are compared.  The live page's promises over real HTTP are
``tests/test_live_page.py``'s.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from coinche_cli.rules.loader import load_rules
from coinche_cli.store.sqlite import SqliteStore
from coinche_cli.tournament import entrants, results
from coinche_cli.tournament import ops as tournaments
from coinche_cli.tournament.entrants import Registration
from coinche_cli.tournament.model import Settings as TournamentSettings
from coinche_cli.web.app import PAGE, create_app
from coinche_cli.web.settings import Settings


def _field(folder: Path, teams: int) -> Path:
    """A concours of ``teams`` teams named alike (``Team 0001``…), round 1 paired in
    registration order and table 1's result in."""
    path = folder / f"c{teams}.db"
    store = SqliteStore(path)
    tournaments.create(store, "Concours", load_rules("standard"),
                       TournamentSettings(rounds=3, deals=4, seed=None))
    entrants.register(store, None, "team", [Registration(f"Team {i:04}", row=i)
                                            for i in range(1, teams + 1)])
    tournaments.pair_next(store, None)
    results.enter_result(store, None, "1", 1500, 1400)
    store.close()
    return path


class _Answer:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status, self.headers, self.body = status, headers, body


def _get(app: Any, path: str, query: dict[str, str] | None = None,
         headers: dict[str, str] | None = None) -> _Answer:
    """A GET as the server hands it to the application."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
             "root_path": "", "query_string": urlencode(query or {}).encode(),
             "headers": [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()],
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000)}
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return _Answer(start["status"], {k.decode(): v.decode() for k, v in start["headers"]},
                   body)


@pytest.fixture(scope="module")
def apps(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Any]:
    folder = tmp_path_factory.mktemp("fields")
    return {teams: create_app(Settings(str(_field(folder, teams)), None, entry=True,
                                       round_minutes=None, phone_url="http://x/me"))
            for teams in (30, 1000)}


@pytest.mark.parametrize("team", ["Team 0001", "Team 0007", "Team 0030"])
def test_the_phone_page_is_the_same_size_for_30_teams_or_1000(apps: dict[int, Any],
                                                              team: str) -> None:
    small, large = (_get(apps[n], "/me", {"team": team}) for n in (30, 1000))
    assert small.status == large.status == 200
    assert team.encode() in small.body and b"Table " in large.body
    # the same page but for the table's number and the opponent's (as long) name: a few bytes
    assert abs(len(small.body) - len(large.body)) <= 8, (len(small.body), len(large.body))
    assert b"Team 0500" not in large.body  # no other team's line
    empty = [_get(apps[n], "/me").body for n in (30, 1000)]
    assert len(empty[0]) == len(empty[1])
    assert b'href="/teams"' in empty[1]


def test_every_team_is_listed_a_page_at_a_time_and_not_sent_twice(
        apps: dict[int, Any]) -> None:
    app = apps[1000]
    first = _get(app, "/teams")
    assert first.status == 200 and first.headers["cache-control"] == "no-cache"
    assert first.body.count(b'<li><a class="team"') == PAGE
    assert b"Page 1 of 10" in first.body and b"Team 0001" in first.body
    last = _get(app, "/teams", {"page": "10"})
    assert b"Team 1000" in last.body and b"Team 0001" not in last.body
    assert _get(app, "/teams", {"page": "99"}).body == last.body  # past the end: the last
    # unchanged since the phone's copy: nothing sent again
    again = _get(app, "/teams", headers={"If-None-Match": first.headers["etag"]})
    assert again.status == 304 and again.body == b""
    found = _get(app, "/teams", {"q": "0999"})
    assert found.body.count(b'<li><a class="team"') == 1
    assert b'href="/me?team=Team%200999"' in found.body
    assert b"No name starts with" in _get(app, "/teams", {"q": "zzz"}).body
    french = _get(app, "/teams", headers={"Accept-Language": "fr"})
    assert french.headers["etag"] != first.headers["etag"] and b'lang="fr"' in french.body
