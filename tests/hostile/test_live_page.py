"""Issue 24's attacks on the live page (``coinche tournament serve``), each against the
installed command in a real process on 127.0.0.1, bounded in count and time.

Phones are told apart by their address: a test's phones come from 127.0.0.2, 127.0.0.3, …
(every 127.x.y.z is this computer's own).
"""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import os
import re
import selectors
import signal
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.conftest import Concours
from tests.harness import Cli, data_checksum, store_rows
from tests.live_server import Answer, LiveServer


@pytest.fixture
def paired(concours: Concours, cli: Cli) -> Cli:
    """Eight teams, round 1 paired (four tables): the command line on its store."""
    concours(8, name="Concours", rounds=3, pair=True)
    return cli


@pytest.fixture
def server(paired: Cli, tmp_path: Path) -> Iterator[LiveServer]:
    assert paired.db is not None
    live = LiveServer(paired.db, "--entry", cwd=tmp_path)
    yield live
    _out, err = live.stop()
    assert "Traceback" not in err and "ERROR" not in err, err


def _codes(cli: Cli) -> dict[int, str]:
    return {t["table"]: t["code"] for t in cli.json("tournament", "show", "--codes")["tables"]}


def _phone(number: int) -> str:
    """The address of phone ``number`` (1 is 127.0.0.2)."""
    return f"127.0.0.{number + 1}"


def _forms(server: LiveServer, table: int, count: int,
           source: str) -> list[tuple[dict[str, str], str]]:
    """``count`` entry forms of ``table`` asked for by one client, each with its cookie."""
    return [server.get(f"/table/{table}", source=source).form() for _ in range(count)]


def _printed(server: LiveServer, words: str, seconds: float) -> str:
    """What the server printed on stderr, once ``words`` are in it (within ``seconds``)."""
    deadline = time.monotonic() + seconds
    while True:
        err = server.printed()[1]
        if words in err:
            return err
        if time.monotonic() > deadline:
            raise AssertionError(f"{words!r} not printed within {seconds} s: {err!r}")
        time.sleep(0.1)


def _children(pid: int) -> set[int]:
    """The processes ``pid`` started that still run (Linux: read from /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                status = Path(f"/proc/{entry}/status").read_text()
            except OSError:
                continue
            if re.search(rf"^PPid:\s+{pid}$", status, re.M):
                found.add(int(entry))
    return found


def _worker_started(server: LiveServer) -> set[int]:
    """The server's worker processes, once its first reading has started one."""
    deadline = time.monotonic() + 10
    while len(children := _children(server.process.pid)) < 2:  # the worker, its tracker
        assert time.monotonic() < deadline, "no worker within 10 s"
        time.sleep(0.1)
    return children


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- 2: forms are bounded per phone and per table ------------------------------------------


def test_a_flood_of_entry_forms_drops_only_the_flooders_own(paired: Cli,
                                                             server: LiveServer) -> None:
    """A player's open form survives another client asking for forms by the hundred: a
    client holds at most 32 (its oldest go first), a table 128 (the forms of the client
    holding the most go first)."""
    assert paired.db is not None
    player = server.get("/table/1", source=_phone(1)).form()
    flood = _forms(server, 1, 40, _phone(2))
    for phone in range(3, 7):  # four more clients: 168 forms for table 1 in all
        _forms(server, 1, 32, _phone(phone))
    before = data_checksum(paired.db)
    wrong = {"code": "ZZZZZZ", "score1": "1", "score2": "2"}
    oldest, newest = flood[0], flood[-1]
    answer = server.post("/table/1", {**oldest[0], **wrong}, oldest[1], source=_phone(2))
    assert answer.status == 403 and "already sent, or has expired" in answer.text
    answer = server.post("/table/1", {**newest[0], **wrong}, newest[1], source=_phone(2))
    assert answer.status == 403 and "not the table&#39;s code" in answer.text  # still open
    assert data_checksum(paired.db) == before
    saved = server.post("/table/1", {**player[0], "code": _codes(paired)[1], "score1": "700",
                                     "score2": "500"}, player[1], source=_phone(1))
    assert saved.status == 200 and " 700 – " in saved.text and " 500, saved" in saved.text


# --- 3: half-sent requests are cut off; one client cannot take every connection -------------


def test_half_sent_requests_are_cut_off_and_other_phones_answered(paired: Cli,
                                                                  tmp_path: Path) -> None:
    """One client opens 300 connections and sends half a request on each, under a limit
    of 256 open files: another phone is answered within a second; the client holds at most
    64 connections, each cut off 5 s after it opened (a 408), even one sending a byte every
    half second; a request whose body does not come is cut off after 10 s."""
    assert paired.db is not None
    live = LiveServer(paired.db, "--entry", cwd=tmp_path, files=256)
    selector = selectors.DefaultSelector()
    opened: dict[socket.socket, float] = {}
    closed: dict[socket.socket, tuple[float, bytes]] = {}
    received: dict[socket.socket, bytes] = {}

    def connect(source: str, data: bytes) -> socket.socket:
        client = socket.socket()
        client.bind((source, 0))
        client.settimeout(5)
        client.connect(("127.0.0.1", live.port))
        opened[client] = time.monotonic()
        with contextlib.suppress(OSError):  # closed by the server: past the client's bound
            client.sendall(data)
        client.setblocking(False)
        selector.register(client, selectors.EVENT_READ)
        received[client] = b""
        return client

    def watch(until: float, wanted: list[socket.socket] | None = None) -> None:
        """Read what comes until ``until``, or until every one of ``wanted`` is closed."""
        while time.monotonic() < until:
            if wanted is not None and all(client in closed for client in wanted):
                return
            for key, _events in selector.select(timeout=0.05):
                client = key.fileobj
                assert isinstance(client, socket.socket)
                try:
                    data = client.recv(4096)
                except OSError:
                    data = b""
                received[client] += data
                if not data:
                    selector.unregister(client)
                    closed[client] = (time.monotonic() - opened[client], received[client])

    try:
        flood = [connect("127.0.0.1", b"GET /api/live HTTP/1.1\r\nHost: x\r\n")
                 for _ in range(300)]
        slow = connect(_phone(2), b"G")
        body = connect(_phone(3), b"POST /table/1 HTTP/1.1\r\nHost: x\r\nContent-Type: "
                                  b"application/x-www-form-urlencoded\r\nContent-Length: 100"
                                  b"\r\n\r\ncode=")
        other = http.client.HTTPConnection("127.0.0.1", live.port, timeout=1,
                                           source_address=(_phone(4), 0))
        asked = time.monotonic()
        other.request("GET", "/api/live")
        assert other.getresponse().status == 200
        assert time.monotonic() - asked < 1.0
        other.close()
        watch(time.monotonic() + 1)
        held = [client for client in flood if client not in closed]
        assert 0 < len(held) <= 64, len(held)
        # the slow one sends a byte every half second: its headers never end
        for byte in b"ET /api/live HTTP/1.1\r\nHost: x\r\nX-Slow: ":
            watch(time.monotonic() + 0.5)
            if slow in closed:
                break
            try:
                slow.send(bytes([byte]))
            except OSError:
                break
        watch(opened[body] + 14, [*held, slow, body])
        for client in [*held, slow]:
            assert client in closed, "a half-sent request was never cut off"
            seconds, answer = closed[client]
            assert 4.5 <= seconds <= 8, seconds
            assert answer.startswith(b"HTTP/1.1 408 "), answer
        seconds, answer = closed[body]
        assert 9.5 <= seconds <= 13 and answer.startswith(b"HTTP/1.1 408 "), (seconds, answer)
        assert live.get("/api/live").status == 200
    finally:
        for client in opened:
            client.close()
        _out, err = live.stop()
    assert "Traceback" not in err and "ERROR" not in err, err


# --- 12: the store gone while serving ------------------------------------------------------


def test_a_store_gone_while_serving_is_said_gone_then_back(paired: Cli,
                                                           server: LiveServer,
                                                           tmp_path: Path) -> None:
    """The store is moved away: the terminal says it is gone, once, and the same worker
    keeps looking for it, less and less often; a phone's result is not saved (no new store
    is made in its place) and the player is sent to the director; the store put back, the
    terminal says so within seconds."""
    assert isinstance(paired.db, Path)
    shown = server.get("/api/round").body
    form, cookie = server.get("/table/1").form()
    workers = _worker_started(server)
    paired.db.rename(tmp_path / "away.db")
    _printed(server, "is gone", 5)
    assert server.get("/api/round").body == shown
    answer = server.post("/table/1", {**form, "code": _codes_of(tmp_path / "away.db")[1],
                                      "score1": "700", "score2": "500"}, cookie)
    assert answer.status == 503 and "show your score sheet to the director" in answer.text
    assert not paired.db.exists()  # nothing written where the store was
    time.sleep(2)
    assert _children(server.process.pid) == workers  # no new worker every second
    (tmp_path / "away.db").rename(paired.db)
    err = _printed(server, "the store is back", 10)
    assert err.count(f"live page: the store {paired.db} is gone (moved or deleted)") == 1, err
    assert "terminated abruptly" not in err and "cannot be read" not in err, err
    assert "could not be saved: the store" in err and "is gone" in err
    form, cookie = server.get("/table/1").form()
    saved = server.post("/table/1", {**form, "code": _codes(paired)[1], "score1": "700",
                                     "score2": "500"}, cookie)
    assert saved.status == 200


def _codes_of(db: Path) -> dict[int, str]:
    return _codes(Cli(db))


# --- 13 and 14: the right code at once from many phones; a table that has its result --------


def test_twenty_phones_sending_the_right_code_at_once_are_never_told_wrong_codes(
        paired: Cli, server: LiveServer) -> None:
    """Only wrong codes count: the first result is saved, the nineteen others are told, in
    the players' words, that the table's result is entered."""
    assert paired.db is not None
    code = _codes(paired)[2]
    forms = [(server.get("/table/2", source=_phone(n)).form(), _phone(n)) for n in range(1, 21)]
    start = threading.Barrier(20)
    answers: list[Answer] = []

    def send(form: tuple[dict[str, str], str], source: str) -> None:
        start.wait()
        answers.append(server.post("/table/2", {**form[0], "code": code, "score1": "700",
                                                "score2": "500"}, form[1], source=source))

    threads = [threading.Thread(target=send, args=pair) for pair in forms]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(a.status for a in answers) == [200] + [409] * 19, [a.text for a in answers]
    for answer in answers:
        assert "Too many wrong codes" not in answer.text and "--replace" not in answer.text
        if answer.status == 409:
            assert ("This table&#39;s result is entered. A correction is the director&#39;s."
                    in answer.text)
    assert store_rows(paired.db, "SELECT score1, score2, source FROM board WHERE table_no = 2"
                      ) == [(700, 500, "web")]


def test_a_phone_at_a_table_with_a_result_reads_the_players_words(paired: Cli,
                                                                 server: LiveServer) -> None:
    """A result entered at the desk meanwhile: the phone is told the result is entered and
    a correction is the director's, never of ``--replace`` (this held before issue 24)."""
    assert paired.db is not None
    form, cookie = server.get("/table/3").form()
    paired.run("tournament", "result", "3", "700", "500")
    before = data_checksum(paired.db)
    answer = server.post("/table/3", {**form, "code": _codes(paired)[3], "score1": "1",
                                      "score2": "2"}, cookie)
    assert answer.status == 409 and "--replace" not in answer.text
    assert "This table&#39;s result is entered. A correction is the director&#39;s." in answer.text
    assert data_checksum(paired.db) == before
    deadline = time.monotonic() + 5
    while 'name="token"' in (page := server.get("/table/3").text):
        assert time.monotonic() < deadline, "the table's page still offers a form"
        time.sleep(0.1)
    assert "result is entered" in page and "--replace" not in page


# --- 15: the store replaced by another program's file ---------------------------------------


def test_a_store_replaced_by_another_programs_file_sends_the_phone_to_the_director(
        paired: Cli, server: LiveServer, tmp_path: Path) -> None:
    assert isinstance(paired.db, Path)
    form, cookie = server.get("/table/1").form()
    code = _codes(paired)[1]
    workers = _worker_started(server)
    other = tmp_path / "notes.db"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE note (text TEXT)")
        connection.execute("INSERT INTO note VALUES ('pas une boutique de coinche')")
    connection.close()
    for suffix in ("-wal", "-shm"):
        Path(f"{paired.db}{suffix}").unlink(missing_ok=True)
    os.replace(other, paired.db)
    replaced = _sha(paired.db)
    _printed(server, "is not a coinche store", 5)
    answer = server.post("/table/1", {**form, "code": code, "score1": "700", "score2": "500"},
                         cookie)
    assert answer.status == 503, answer.text
    assert "The result could not be saved: show your score sheet to the director." in answer.text
    assert "busy" not in answer.text and "again" not in answer.text
    time.sleep(2)
    assert _children(server.process.pid) == workers  # the worker lives on
    err = server.printed()[1]
    assert _sha(paired.db) == replaced  # the other program's file is left as it was
    assert err.count("live page: the store cannot be read (db: ") == 1, err
    assert re.search(r"live page: the result of table 1 sent from a phone could not be saved: "
                     r"db: .* is not a coinche store", err), err
    assert "terminated abruptly" not in err


# --- 16: a host that is no address of this computer -----------------------------------------


@pytest.mark.parametrize("host", ["256.1.1.1", "192.0.2.1"])
def test_a_host_that_is_not_this_computers_is_blamed_on_the_host(paired: Cli, hostile: Cli,
                                                                 host: str) -> None:
    line = hostile.refused("tournament", "serve", "--host", host, "--port", "8765")
    assert line.startswith(f"error: host: cannot listen on {host} ("), line
    assert "--port" not in line


# --- 17: SIGTERM ends the server as Ctrl-C does ---------------------------------------------


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_stops_the_server_as_cleanly_as_ctrl_c(paired: Cli, tmp_path: Path,
                                                       stop: signal.Signals) -> None:
    assert paired.db is not None
    live = LiveServer(paired.db, "--entry", cwd=tmp_path)
    try:
        workers = _worker_started(live)
        live.process.send_signal(stop)
        code = live.process.wait(timeout=10)
    finally:
        out, err = live.stop()
    assert code == 0 and err == "", (code, err)  # no "leaked semaphore", no traceback
    assert "the live page of Concours" in out
    deadline = time.monotonic() + 5
    while any(Path(f"/proc/{pid}").exists() for pid in workers):
        assert time.monotonic() < deadline, "the worker outlived the server"
        time.sleep(0.1)


# --- 22: one phone cannot keep a table closed; the director reopens one ---------------------


def test_wrong_codes_count_per_phone_and_the_director_reopens_a_table(
        paired: Cli, server: LiveServer) -> None:
    assert paired.db is not None
    codes = _codes(paired)
    wrong = {"code": "ZZZZZZ", "score1": "1", "score2": "2"}

    def send(table: int, phone: int, fields: dict[str, str]) -> Answer:
        form, cookie = server.get(f"/table/{table}", source=_phone(phone)).form()
        return server.post(f"/table/{table}", {**form, **fields}, cookie, source=_phone(phone))

    # one phone's five wrong codes close the table to that phone only
    for _ in range(5):
        assert send(3, 1, wrong).status == 403
    refused = send(3, 1, {**wrong, "code": codes[3]})
    assert refused.status == 429 and "Too many wrong codes from this phone" in refused.text
    assert send(3, 2, {"code": codes[3], "score1": "700", "score2": "500"}).status == 200
    err = _printed(server, "sent 5 wrong codes for table 3", 2)
    assert "127.0.0.2 sent 5 wrong codes for table 3" in err
    # twenty from four phones close it to every phone, until the director reopens it
    for phone in range(3, 7):
        for _ in range(5):
            assert send(4, phone, wrong).status == 403
    closed = send(4, 7, {"code": codes[4], "score1": "700", "score2": "500"})
    assert closed.status == 429 and "Too many wrong codes for this table" in closed.text
    _printed(server, "table 4 is closed to phones for a minute: 20 wrong codes from 4 phones; "
                     "coinche tournament reopen 4 opens it again", 2)
    desk = Cli(paired.db, process=True)
    said = desk.run("tournament", "reopen", "4").stdout
    assert said == ("table 4 of round 1 is open to phones again: the live page takes its "
                    "result within seconds\n")
    _printed(server, "live page: table 4 is open to phones again", 5)
    saved = send(4, 7, {"code": codes[4], "score1": "700", "score2": "500"})
    assert saved.status == 200 and " 700 – " in saved.text and " 500, saved" in saved.text


def test_reopen_refuses_a_table_the_round_does_not_have(paired: Cli, hostile: Cli) -> None:
    line = hostile.refused("tournament", "reopen", "9")
    assert line == "error: round 1 has no table 9 (tables 1 to 4)"
    assert hostile.refused("tournament", "reopen", "0").startswith("error: ")


def test_reopen_before_any_pairing_is_refused(concours: Concours, hostile: Cli) -> None:
    concours(4, name="Pas encore")
    assert hostile.refused("tournament", "reopen", "1") == (
        "error: no round has been paired yet")


def test_a_table_reopened_before_the_server_started_is_no_signal(paired: Cli,
                                                                 tmp_path: Path) -> None:
    """The count a reopen leaves in the store is read as it stands when the server starts."""
    assert paired.db is not None
    Cli(paired.db, process=True).run("tournament", "reopen", "1")
    live = LiveServer(paired.db, "--entry", cwd=tmp_path)
    try:
        time.sleep(1.5)
    finally:
        _out, err = live.stop()
    assert "open to phones again" not in err, err


# --- issue 33, 8: no phone is what a request says of itself ---------------------------------


def _as(server: LiveServer, table: int, fields: dict[str, str], forwarded: str,
        source: str | None = None) -> Answer:
    """A form of ``table`` asked for and sent with ``X-Forwarded-For: forwarded``, from
    ``source`` (127.0.0.1 by default: a program on the director's computer)."""
    header = {"X-Forwarded-For": forwarded}
    form, cookie = server.get(f"/table/{table}", source=source, **header).form()
    return server.request("POST", f"/table/{table}", urlencode({**form, **fields}).encode(),
                          {**header, "Content-Type": "application/x-www-form-urlencoded",
                           "Cookie": cookie}, source)


def test_a_forwarded_header_poses_as_no_phone(paired: Cli, tmp_path: Path) -> None:
    """A client on the director's computer sends each try as another phone (a new
    ``X-Forwarded-For``): without ``--proxy`` no such header is read, whatever uvicorn's
    ``FORWARDED_ALLOW_IPS`` says, so its tries are one phone's: five wrong codes close the
    table to it, and its forms are one phone's 32."""
    assert paired.db is not None
    live = LiveServer(paired.db, "--entry", cwd=tmp_path,
                      env={**os.environ, "FORWARDED_ALLOW_IPS": "*"})
    try:
        before = data_checksum(paired.db)
        wrong = {"code": "ZZZZZZ", "score1": "1", "score2": "2"}
        for n in range(5):
            answer = _as(live, 2, wrong, f"10.0.0.{n + 1}")
            assert answer.status == 403 and "not the table&#39;s code" in answer.text
        refused = _as(live, 2, {**wrong, "code": _codes(paired)[2]}, "10.0.0.99")
        assert refused.status == 429, refused.text
        assert "Too many wrong codes from this phone" in refused.text
        err = _printed(live, "sent 5 wrong codes for table 2", 2)
        assert "live page: 127.0.0.1 sent 5 wrong codes for table 2" in err
        assert "10.0.0." not in err
        # forty forms asked for as forty phones: one phone's bound, its oldest gone
        header = {"X-Forwarded-For": "10.0.1.1"}
        first, first_cookie = live.get("/table/3", **header).form()
        for n in range(40):
            live.get("/table/3", **{"X-Forwarded-For": f"10.0.1.{n + 2}"})
        gone = live.post("/table/3", {**first, "code": _codes(paired)[3], "score1": "700",
                                      "score2": "500"}, first_cookie)
        assert gone.status == 403 and "already sent, or has expired" in gone.text
        assert data_checksum(paired.db) == before
    finally:
        _out, err = live.stop()
    assert "Traceback" not in err and "ERROR" not in err, err


@pytest.mark.parametrize("host", ["127.0.0.1", "::"])
def test_a_proxy_named_is_trusted_alone_to_name_the_phones(paired: Cli, tmp_path: Path,
                                                           host: str) -> None:
    """``--proxy 127.0.0.1``: that address's ``X-Forwarded-For`` names each phone, so one
    phone's wrong codes close the table to it alone; the same header from another address
    (127.0.0.2) is not read.  A server on every IPv6 address (``--host ::``) sees the proxy
    as ``::ffff:127.0.0.1``: the same proxy."""
    assert paired.db is not None
    codes = _codes(paired)
    wrong = {"code": "ZZZZZZ", "score1": "1", "score2": "2"}
    live = LiveServer(paired.db, "--entry", "--proxy", "127.0.0.1", cwd=tmp_path, host=host)
    try:
        before = data_checksum(paired.db)
        for _ in range(5):
            assert _as(live, 2, wrong, "10.0.0.1").status == 403
        closed = _as(live, 2, {**wrong, "code": codes[2]}, "10.0.0.1")
        assert closed.status == 429 and "from this phone" in closed.text
        assert "live page: 10.0.0.1 sent 5 wrong codes for table 2" in _printed(
            live, "sent 5 wrong codes for table 2", 2)
        # not the proxy: the header is the client's own claim, its tries are one phone's
        for n in range(5):
            assert _as(live, 3, wrong, f"10.0.2.{n}", source=_phone(1)).status == 403
        mine = _as(live, 3, {**wrong, "code": codes[3]}, "10.0.2.99", source=_phone(1))
        assert mine.status == 429 and "from this phone" in mine.text
        assert data_checksum(paired.db) == before
        # another phone behind the proxy is another phone
        saved = _as(live, 2, {**wrong, "code": codes[2], "score1": "700", "score2": "500"},
                    "10.0.0.2")
        assert saved.status == 200 and " 700 – " in saved.text, saved.text
    finally:
        _out, err = live.stop()
    assert "Traceback" not in err and "ERROR" not in err, err


@pytest.mark.parametrize("proxy", ["*", "10.0.0.0/8", "localhost", "", "127.0.0.1,10.0.0.1",
                                   "\x1b[31m1.2.3.4"])
def test_a_proxy_that_is_not_one_address_is_refused(paired: Cli, hostile: Cli,
                                                    proxy: str) -> None:
    """Trust is given to one address, never to a name, a network or everyone."""
    line = hostile.refused("tournament", "serve", "--entry", "--proxy", proxy, "--port",
                           "8765")
    assert line.startswith("error: proxy: “"), line
    assert line.endswith("” is not an IP address: give the address of the proxy in front of "
                         "the live page, such as 127.0.0.1"), line
    assert "\x1b" not in line


def _answered(connection: socket.socket) -> bool:
    """Whether a request sent on ``connection`` is answered (not closed as accepted)."""
    try:
        connection.sendall(b"GET /api/live HTTP/1.1\r\nHost: live\r\nConnection: close\r\n\r\n")
        return connection.recv(64).startswith(b"HTTP/1.1 200")
    except OSError:  # reset: closed as it was accepted
        return False


def test_the_proxy_carries_every_phones_connections_and_no_other_client_does(
        paired: Cli, tmp_path: Path) -> None:
    """Behind ``--proxy 127.0.0.1`` every phone's connection comes from the proxy: it is held
    to the bound of all connections, not to one client's 64, which still holds for any other
    address (127.0.0.2)."""
    assert paired.db is not None
    live = LiveServer(paired.db, "--entry", "--proxy", "127.0.0.1", cwd=tmp_path)
    opened: list[socket.socket] = []
    try:
        for source in ("127.0.0.1", _phone(1)):
            mine = [socket.create_connection(("127.0.0.1", live.port), timeout=5,
                                             source_address=(source, 0)) for _ in range(80)]
            opened += mine
            time.sleep(0.3)  # accepted (or closed) by the server
            assert _answered(mine[-1]) == (source == "127.0.0.1"), source
    finally:
        for connection in opened:
            connection.close()
        _out, err = live.stop()
    assert "Traceback" not in err and "ERROR" not in err, err
