"""``coinche tournament serve`` (issue 13) over real HTTP: the projector and phone pages, the
JSON that must be the commands' own, entry at the table with its code, and every abuse the
issue names refused with the store unchanged.

The server is the installed command in a real process (``tests/live_server.py``); the
tournament is set up and checked through the command line on the same store.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.conftest import Concours
from tests.harness import Cli, data_checksum, store_rows
from tests.live_server import LiveServer

TEAMS = ("Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf",
         "<script>alert(1)</script>", "Léa & Zoé")


@pytest.fixture
def concours(concours: Concours, cli: Cli) -> Cli:
    """Eight teams (two with names a page must escape), round 1 paired: the command line on
    its store."""
    concours(TEAMS, name="Concours de Noël", rounds=3, pair=True)
    return cli


@pytest.fixture
def server(concours: Cli, tmp_path: Path) -> Iterator[LiveServer]:
    assert concours.db is not None
    live = LiveServer(concours.db, "--entry", cwd=tmp_path)
    yield live
    _out, err = live.stop()
    assert "Traceback" not in err and "ERROR" not in err, err  # no request failed


def _codes(cli: Cli) -> dict[int, str]:
    return {t["table"]: t["code"] for t in cli.json("tournament", "show", "--codes")["tables"]}


def _wait_for(server: LiveServer, check: str) -> None:
    """Wait until ``check`` appears in ``/api/round``: it must within 5 seconds."""
    start = time.monotonic()
    while time.monotonic() - start < 5:
        if check in server.get("/api/round").text:
            return
        time.sleep(0.1)
    raise AssertionError(f"{check!r} not shown within 5 s")


def test_the_api_prints_what_the_commands_print(concours: Cli, server: LiveServer) -> None:
    assert server.get("/api/round").body == concours.run(
        "tournament", "show", "--json").stdout.encode()
    assert server.get("/api/standings").body == concours.run(
        "tournament", "standings", "--json").stdout.encode()
    assert "code" not in server.get("/api/round").text  # the codes never leave the desk


def test_the_projector_shows_every_table_and_any_change_within_seconds(
        concours: Cli, server: LiveServer) -> None:
    page = server.get("/").text
    for table in concours.json("tournament", "show")["tables"]:
        assert f'data-table="{table["table"]}"' in page
    # a name is text, never markup
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Léa &amp; Zoé" in page
    before = server.get("/api/live").json()["version"]
    concours.run("tournament", "result", "2", "1234", "987")  # from the director's desk
    _wait_for(server, "1234")
    assert server.get("/api/live").json()["version"] != before
    assert "1234 – 987" in server.get("/").text


def test_a_phone_finds_its_table_by_the_start_of_its_name(concours: Cli,
                                                          server: LiveServer) -> None:
    table = next(t for t in concours.json("tournament", "show")["tables"]
                 if "Les Dames" in t["teams"])
    other = next(name for name in table["teams"] if name != "Les Dames")
    page = server.get("/me?team=dames").text
    assert f"Table {table['table']}" in page and f"against {other.replace('&', '&amp;')}" \
        in page.replace("&lt;", "<").replace("&gt;", ">")
    assert "or several are" in server.get("/me?team=les").text  # ambiguous: every "Les …"
    french = server.get("/me?team=dames", **{"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"})
    assert "Votre équipe" in french.text and 'lang="fr"' in french.text


def test_a_result_entered_with_the_tables_code_is_stored_as_from_the_web(
        concours: Cli, server: LiveServer) -> None:
    assert concours.db is not None
    form, cookie = server.get("/table/1").form()
    sent = server.post("/table/1", {**form, "code": _codes(concours)[1].lower(),
                                    "score1": "802", "score2": "655"}, cookie)
    shown = concours.json("tournament", "show")["tables"][0]
    assert shown["scores"] == [802, 655]
    # the confirmation names each score's team (issue 32: the players check it at a glance)
    first, second = (_escaped(team) for team in shown["teams"])
    assert sent.status == 200, sent.text
    assert f'<p class="saved">Table 1: {first} 802 – {second} 655, saved</p>' in sent.text
    assert store_rows(concours.db, "SELECT table_no, source FROM board WHERE round = 1"
                      " AND score1 IS NOT NULL") == [(1, "web")]
    _wait_for(server, "802")
    # the players of table 1 see their result on their phones
    table = concours.json("tournament", "show")["tables"][0]
    mine = server.get("/me?" + urlencode({"team": table["teams"][0]})).text
    assert "Round 1: 802–655 against" in mine and "· won" in mine
    theirs = server.get("/me?" + urlencode({"team": table["teams"][1]})).text
    assert "Round 1: 655–802 against" in theirs and "· lost" in theirs
    # a correction by the director keeps the web's result in the history, with its source
    concours.run("tournament", "result", "1", "800", "655", "--replace")
    assert store_rows(concours.db, "SELECT score1, source FROM board_history") == [(802, "web")]


def test_every_abuse_of_the_entry_is_refused_and_changes_nothing(concours: Cli,
                                                                 server: LiveServer) -> None:
    assert concours.db is not None
    codes = _codes(concours)
    before = data_checksum(concours.db)

    def refused(status: int, words: str, fields: dict[str, str], cookie: str | None,
                table: int = 1) -> None:
        answer = server.post(f"/table/{table}", fields, cookie)
        assert answer.status == status and words in answer.text, (answer.status, answer.text)
        assert data_checksum(concours.db) == before

    scores = {"score1": "700", "score2": "600"}
    form, cookie = server.get("/table/1").form()
    refused(403, "not the table&#39;s code", {**form, **scores, "code": codes[2]}, cookie)
    # the same form again (replayed): refused, even with the right code
    refused(403, "already sent", {**form, **scores, "code": codes[1]}, cookie)
    # without the cookie (a form sent from another site), or another form's token
    form, _cookie = server.get("/table/1").form()
    refused(403, "did not send the form&#39;s cookie back",
            {**form, **scores, "code": codes[1]}, None)
    form, cookie = server.get("/table/1").form()
    other, _ = server.get("/table/1").form()
    refused(403, "already sent", {**other, **scores, "code": codes[1]}, cookie)
    # scores that are not numbers, and one the match format cannot give
    form, cookie = server.get("/table/1").form()
    refused(400, "two whole numbers", {**form, "code": codes[1], "score1": "7e2",
                                       "score2": "600"}, cookie)
    for body, kind, status in ((b"code=" + b"A" * 100_000, "application/x-www-form-urlencoded",
                                413),
                               (b"--x\r\nContent-Disposition: form-data; name=\"f\"; "
                                b"filename=\"a.db\"\r\n\r\nzzz\r\n--x--\r\n",
                                "multipart/form-data; boundary=x", 415)):
        answer = server.request("POST", "/table/1", body, {"Content-Type": kind,
                                                            "Cookie": cookie})
        assert answer.status == status
    assert data_checksum(concours.db) == before
    form, cookie = server.get("/table/1").form()
    refused(409, "99999 is more than a match of this tournament can score",
            {**form, "code": codes[1], "score1": "99999", "score2": "600"}, cookie)
    # five wrong codes in a minute: the table is closed to every try, the right one too
    for _ in range(4):  # one wrong code above, four more
        form, cookie = server.get("/table/1").form()
        refused(403, "not the table", {**form, **scores, "code": "AAAAAA"}, cookie)
    form, cookie = server.get("/table/1").form()
    refused(429, "Too many wrong codes", {**form, **scores, "code": codes[1]}, cookie)
    # another table is not affected; two phones at it open the form at once, the first
    # result sent is stored and the second refused, naming it (a correction is the
    # director's, with --replace)
    first, first_cookie = server.get("/table/2").form()
    second, second_cookie = server.get("/table/2").form()
    assert server.post("/table/2", {**first, **scores, "code": codes[2]},
                       first_cookie).status == 200
    before = data_checksum(concours.db)
    # in the players' words (the desk's refusal speaks of --replace)
    refused(409, "result is entered. A correction is the director", {
        **second, "code": codes[2], "score1": "1", "score2": "2"}, second_cookie, table=2)
    _wait_for(server, "[\n        700,")  # the pages read the store again within seconds
    page = server.get("/table/2").text
    assert "result is entered" in page and 'name="token"' not in page  # and no form
    # a table's code opens no other table
    form, cookie = server.get("/table/3").form()
    refused(403, "not the table", {**form, **scores, "code": codes[2]}, cookie, table=3)
    # a table scored deal by deal takes its result from its game, never from a phone
    form, cookie = server.get("/table/4").form()
    concours.run("game", "new", "--table", "4")
    before = data_checksum(concours.db)
    refused(409, "keeps its score deal by deal", {**form, **scores, "code": codes[4]}, cookie,
            table=4)


def test_wrong_codes_sent_at_the_same_moment_count_as_many(concours: Cli,
                                                           server: LiveServer) -> None:
    """Twenty phones send a wrong code for one table at once: five are told it is wrong,
    the others that the table is closed for the minute; then the right code is refused too."""
    forms = [server.get("/table/4").form() for _ in range(21)]
    answers: list[int] = []

    def send(form: dict[str, str], cookie: str) -> None:
        answers.append(server.post("/table/4", {**form, "code": "ZZZZZZ", "score1": "1",
                                                "score2": "2"}, cookie).status)

    threads = [threading.Thread(target=send, args=pair) for pair in forms[:20]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [403] * 5 + [429] * 15
    form, cookie = forms[20]
    right = server.post("/table/4", {**form, "code": _codes(concours)[4], "score1": "1",
                                     "score2": "2"}, cookie)
    assert right.status == 429


def test_a_form_opened_before_the_round_was_paired_again_is_refused(
        concours: Cli, server: LiveServer) -> None:
    assert concours.db is not None
    before_codes = _codes(concours)
    old_forms = [server.get("/table/2").form() for _ in range(2)]
    before_teams = concours.json("tournament", "show")["tables"][1]["teams"]
    concours.run("tournament", "unpair")
    concours.run("tournament", "team", "drop", "Les As")  # every table moves up
    concours.run("tournament", "team", "add", "Les Huit")
    concours.run("tournament", "pair")  # round 1 again: other teams at table 2
    after_teams = concours.json("tournament", "show")["tables"][1]["teams"]
    assert after_teams != before_teams
    after_codes = _codes(concours)
    assert after_codes[2] != before_codes[2]  # a new pairing, a new code
    _wait_for(server, "Les Huit")
    checksum = data_checksum(concours.db)
    # the forms opened before: refused with either code, nothing stored for the wrong teams
    for (form, cookie), code in zip(old_forms, (before_codes[2], after_codes[2]), strict=True):
        answer = server.post("/table/2", {**form, "code": code, "score1": "700",
                                          "score2": "100"}, cookie)
        assert answer.status == 409 and "paired again" in answer.text, answer.text
    assert data_checksum(concours.db) == checksum
    # the page opened now shows the new teams and takes the new code
    form, cookie = server.get("/table/2").form()
    assert server.post("/table/2", {**form, "code": after_codes[2], "score1": "700",
                                    "score2": "100"}, cookie).status == 200


def test_a_form_of_a_closed_round_is_refused(concours: Cli, server: LiveServer) -> None:
    assert concours.db is not None
    form, cookie = server.get("/table/1").form()  # opened during round 1
    tables = concours.json("tournament", "show")["tables"]
    for table in tables:
        concours.run("tournament", "result", str(table["table"]), "700", "500")
    concours.run("tournament", "pair")  # round 2: round 1 is closed
    _wait_for(server, '"round": 2')
    before = data_checksum(concours.db)
    answer = server.post("/table/1", {**form, "code": _codes(concours)[1], "score1": "1",
                                      "score2": "2"}, cookie)
    assert answer.status == 409 and "round 1" in answer.text
    assert data_checksum(concours.db) == before


def test_only_the_named_routes_answer_and_entry_is_off_by_default(concours: Cli,
                                                                  tmp_path: Path) -> None:
    assert concours.db is not None
    live = LiveServer(concours.db, cwd=tmp_path)
    try:
        assert live.get("/table/1").status == 404  # no --entry
        for path in ("/static/../../etc/passwd", "/static/app.css/../../x", "/admin",
                     "/api/teams", "/static/secret.txt", "/concours.db"):
            assert live.get(path).status == 404, path
        page = live.get("/")
        assert "default-src 'none'" in page.headers["content-security-policy"]
        assert page.headers["x-content-type-options"] == "nosniff"
        assert live.get("/static/app.css").headers["content-type"].startswith("text/css")
        assert live.get("/qr.svg").body.startswith(b"<svg")
        assert live.request("DELETE", "/api/round").status == 405
        # every answer carries the headers, Starlette's own refusals too; no redirect
        # (it would echo a Host header)
        for answer in (live.get("/nowhere"), live.request("DELETE", "/api/round"),
                       live.get("/api/round/", Host="evil.example")):
            assert "default-src 'none'" in answer.headers["content-security-policy"]
            assert answer.status in (404, 405) and "location" not in answer.headers
        # an entry form is small: a big body, a body of unknown length, or a file upload is
        # not read (entry off or on, nothing is stored)
        big = b"code=" + b"A" * 100_000
        assert live.request("POST", "/table/1", big, {
            "Content-Type": "application/x-www-form-urlencoded"}).status in (404, 413)
    finally:
        out, err = live.stop()
    assert "entry at the tables is off" in out
    assert "Traceback" not in err, err


def test_an_unknown_table_or_a_tournament_not_paired_yet_has_no_entry_page(
        concours: Cli, server: LiveServer, tmp_path: Path) -> None:
    for path in ("/table/9", "/table/0"):
        answer = server.get(path)
        assert answer.status == 404 and "There is no table" in answer.text
    fresh = Cli(tmp_path / "fresh.db")
    fresh.run("tournament", "new", "Pas encore", "--deals", "4")
    live = LiveServer(tmp_path / "fresh.db", "--entry", cwd=tmp_path)
    try:
        assert live.get("/table/1").status == 404
        assert "No round is paired yet" in live.get("/").text
        assert live.get("/api/round").json() == {"error": "no round has been paired yet"}
    finally:
        _out, err = live.stop()
    assert "Traceback" not in err, err


def test_a_store_that_cannot_be_read_keeps_the_last_snapshot(concours: Cli,
                                                              tmp_path: Path) -> None:
    """The store goes away for a while: the pages keep what they showed, the director's
    terminal is told once that it is gone, and told again when it is back (issue 24 point
    12: tests/hostile/test_live_page.py tries more)."""
    assert isinstance(concours.db, Path)
    live = LiveServer(concours.db, cwd=tmp_path)
    shown = live.get("/api/round").body
    try:
        concours.db.rename(tmp_path / "away.db")
        deadline = time.monotonic() + 10
        while "is gone" not in live.printed()[1] and time.monotonic() < deadline:
            time.sleep(0.2)
        assert live.get("/api/round").body == shown
        (tmp_path / "away.db").rename(concours.db)
        while "the store is back" not in live.printed()[1] and time.monotonic() < deadline + 10:
            time.sleep(0.2)
    finally:
        _out, err = live.stop()
    assert err.count("is gone (moved or deleted)") == 1, err
    assert "live page: the store is back" in err and "Traceback" not in err, err


def test_a_busy_port_or_an_unknown_tournament_is_one_line(concours: Cli,
                                                          server: LiveServer) -> None:
    taken = concours.run("tournament", "serve", "--port", str(server.port), code=2)
    assert taken.stderr.startswith(f"error: port: cannot listen on 127.0.0.1:{server.port}")
    unknown = concours.run("tournament", "serve", "--tournament", "Nulle part", code=2)
    assert unknown.stderr.count("\n") == 1



# --- issue 18: no traps left on the day -----------------------------------------------------


def _escaped(name: str) -> str:
    """A name as a page writes it (Jinja2's autoescape)."""
    return (name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("'", "&#39;").replace('"', "&#34;"))


def _me(team: str) -> str:
    return "/me?" + urlencode({"team": team})


def test_a_forfeit_reads_forfeit_on_every_page(concours: Cli, server: LiveServer,
                                               tmp_path: Path) -> None:
    """A forfeit has no scores: the projector, the phones of both teams and the table's page
    say "forfeit", never ``None–None`` (issue 18, point 3)."""
    assert concours.db is not None
    table = concours.json("tournament", "show")["tables"][1]
    gave_up, won = table["teams"]
    concours.run("tournament", "result", "2", "--forfeit", gave_up)
    _wait_for(server, '"forfeit": "')

    def shown(path: str, **headers: str) -> str:
        text = server.get(path, **headers).text
        assert "None" not in text, (path, text)
        return text

    assert f"forfeit by {_escaped(gave_up)}" in shown("/")
    mine = shown(_me(gave_up))
    assert f"Round 1: forfeit against {_escaped(won)} · lost" in mine
    theirs = shown(_me(won))
    assert f"Round 1: forfeit by {_escaped(gave_up)} · won" in theirs
    page = shown("/table/2")
    assert f"forfeit by {_escaped(gave_up)}" in page and 'name="token"' not in page
    # in French (the table's page in the phone's language, the projector in the room's)
    french = shown("/table/2", **{"Accept-Language": "fr-FR,fr;q=0.9"})
    assert f"forfait\u00a0: {_escaped(gave_up)}" in french
    live = LiveServer(concours.db, "--lang", "fr", cwd=tmp_path)
    try:
        projector = live.get("/", **{"Accept-Language": "en"}).text
        assert f"forfait\u00a0: {_escaped(gave_up)}" in projector and "None" not in projector
    finally:
        live.stop()


def test_a_wrong_code_keeps_the_scores_typed(concours: Cli, server: LiveServer) -> None:
    """The form drawn again after a refusal keeps the two scores; the code is typed again
    (issue 18, point 4)."""
    form, cookie = server.get("/table/3").form()
    answer = server.post("/table/3", {**form, "code": "ZZZZZZ", "score1": "812",
                                      "score2": "644"}, cookie)
    assert answer.status == 403 and "not the table&#39;s code" in answer.text
    assert 'id="score1" name="score1"' in answer.text and 'value="812"' in answer.text
    assert 'value="644"' in answer.text
    code = re.search(r'<input id="code"[^>]*>', answer.text)
    assert code is not None and "value=" not in code[0]  # the code field is empty
    # the form it draws again is a new one: sent with the right code, the result is saved
    form, cookie = answer.form()
    saved = server.post("/table/3", {**form, "code": _codes(concours)[3], "score1": "812",
                                     "score2": "644"}, cookie)
    assert saved.status == 200 and " 812 – " in saved.text and " 644, saved" in saved.text


def test_a_phone_is_led_to_its_tables_entry_page_and_back(concours: Cli,
                                                          server: LiveServer) -> None:
    """With --entry, a team's page links to its table's entry page, which leads back to the
    team's page (issue 18, point 6)."""
    team = "Léa & Zoé"  # a name the address must encode
    number = next(t["table"] for t in concours.json("tournament", "show")["tables"]
                  if team in t["teams"])
    query = urlencode({"team": team}).replace("+", "%20")
    mine = server.get(_me(team)).text
    assert f'<a href="/table/{number}?{query}">Enter the result of table {number}</a>' in mine
    entry = server.get(f"/table/{number}?{query}")
    assert f'action="/table/{number}?{query}"' in entry.text
    assert f'href="/me?{query}"' in entry.text  # back to my table: the team's page
    form, cookie = entry.form()
    saved = server.request("POST", f"/table/{number}?{query}", urlencode(
        {**form, "code": _codes(concours)[number], "score1": "700", "score2": "500"}).encode(),
        {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
    assert saved.status == 200 and " 700 – " in saved.text and " 500, saved" in saved.text
    assert f'href="/me?{query}">Back to my table' in saved.text
    # once the result is in, the team's page has no link to enter it again
    _wait_for(server, "[\n        700,")
    assert "Enter the result" not in server.get(_me(team)).text
    # opened from the score sheet's QR code (no team): back to the page that finds one
    assert 'href="/me">Back to my table' in server.get("/table/1").text


def test_without_entry_no_page_links_to_an_entry_page(concours: Cli, tmp_path: Path) -> None:
    assert concours.db is not None
    live = LiveServer(concours.db, cwd=tmp_path)
    try:
        page = live.get(_me("Les As")).text
        assert "Table " in page and "Enter the result" not in page and "/table/" not in page
    finally:
        live.stop()


def test_a_table_scored_deal_by_deal_offers_no_result_form(concours: Cli,
                                                            server: LiveServer) -> None:
    """Its result comes from its game: the table's page says so and offers no result form
    (issue 18), only its score sheet, opened with the table's code (issue 35); no team's
    page asks for its result."""
    concours.run("game", "new", "--table", "4")
    _wait_for(server, '"game": 1')
    page = server.get("/table/4").text
    assert "This table keeps its score deal by deal: its result comes from its game." in page
    assert 'name="score1"' not in page and 'name="token"' not in page
    assert 'action="/table/4/sheet"' in page and "Open the score sheet" in page
    team = concours.json("tournament", "show")["tables"][3]["teams"][0]
    mine = server.get(_me(team)).text
    assert "Enter the result" not in mine and 'href="/table/4/sheet"' in mine


def test_the_projector_speaks_the_rooms_language_and_phones_their_own(
        concours: Cli, tmp_path: Path) -> None:
    """The projector speaks the language coinche runs in, whatever its browser asks; a phone
    its browser's, or the room's when it names none coinche has (issue 18, point 7)."""
    assert concours.db is not None
    english = {"Accept-Language": "en-GB,en;q=0.9"}
    german = {"Accept-Language": "de-DE,de;q=0.9"}
    for options, env in ((("--lang", "fr"), None),
                         ((), {**os.environ, "COINCHE_LANG": "fr"})):
        live = LiveServer(concours.db, "--entry", *options, cwd=tmp_path, env=env)
        try:
            for headers in (english, german, {}):
                projector = live.get("/", **headers).text
                assert 'lang="fr"' in projector and "Ronde 1 (1re partie)" in projector, headers
            assert 'lang="en"' in live.get("/me", **english).text  # the phone's own
            for headers in (german, {}):  # a browser that names none: the room's
                phone = live.get("/me", **headers).text
                assert 'lang="fr"' in phone and "Votre équipe" in phone
                assert 'lang="fr"' in live.get("/table/1", **headers).text
            # the page that redraws itself asks the same address: the same language
            assert 'lang="fr"' in live.get("/", **english).text
        finally:
            _out, err = live.stop()
        assert "Traceback" not in err, err
    # run in English, the room's language is English, a French phone still reads French
    live = LiveServer(concours.db, cwd=tmp_path)
    try:
        assert 'lang="en"' in live.get("/", **{"Accept-Language": "fr"}).text
        assert 'lang="fr"' in live.get("/me", **{"Accept-Language": "fr"}).text
    finally:
        live.stop()


# --- issue 32: the room ---------------------------------------------------------------------


@pytest.mark.parametrize(("options", "warned", "shown"), [
    ((), "warning: phones cannot reach {url}, this computer's own address: --host 0.0.0.0 "
         "opens the live page to the room's network",
     "Phones cannot reach {url}me: this computer only. Start the live page with --host "
     "0.0.0.0 to open it to the room."),
    (("--lang", "fr"), "avertissement\u00a0: les téléphones ne peuvent pas joindre {url}, "
                       "l'adresse propre à cet ordinateur\u00a0: --host 0.0.0.0 ouvre la page "
                       "en direct au réseau de la salle",
     "Les téléphones ne peuvent pas joindre {url}me\u00a0: cet ordinateur seulement. Lancez "
     "la page en direct avec --host 0.0.0.0 pour l'ouvrir à la salle."),
])
def test_entry_on_this_computers_own_address_is_said_first_and_projected_instead_of_a_qr_code(
        concours: Cli, tmp_path: Path, options: tuple[str, ...], warned: str,
        shown: str) -> None:
    """``serve --entry`` without ``--host`` listens on 127.0.0.1, which no phone reaches: the
    first line says so and how to open it to the room, and the projector shows that in place
    of a QR code no phone could use (issue 32)."""
    assert concours.db is not None
    live = LiveServer(concours.db, "--entry", *options, cwd=tmp_path, host=None)
    url = f"http://127.0.0.1:{live.port}/"
    try:
        page = live.get("/").text
    finally:
        out, err = live.stop()
    assert err.splitlines()[0] == warned.format(url=url), err
    assert f"{url}me" in out  # the lines after it, as they were
    assert "<img" not in page and "/qr.svg" not in page and 'class="qr"' not in page
    assert f'<p class="unreachable" role="alert">{_escaped(shown.format(url=url))}</p>' in page


@pytest.mark.parametrize("options", [("--entry", "--host", "127.0.0.1"), ()])
def test_a_host_given_or_no_entry_projects_the_qr_code_without_a_warning(
        concours: Cli, tmp_path: Path, options: tuple[str, ...]) -> None:
    """The director who types ``--host 127.0.0.1`` means it; without ``--entry`` the page is
    only watched, the projector's computer may be this one: both as before."""
    assert concours.db is not None
    live = LiveServer(concours.db, *options, cwd=tmp_path, host=None)
    try:
        page = live.get("/").text
    finally:
        out, err = live.stop()
    assert err == "", err
    assert out.startswith(f"the live page of Concours de Noël: http://127.0.0.1:{live.port}/ ")
    assert '<img src="/qr.svg"' in page and "unreachable" not in page
