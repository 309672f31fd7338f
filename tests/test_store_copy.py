"""``coinche store copy SRC DST`` (issue 12): an event moved between a SQLite file and a
PostgreSQL server, both ways, through the installed command.

The event (``tests/event.py``) holds everything a copy could lose: deals undone and replaced,
a corrected result, a table game, a penalty, a team that left.  A copy into an empty store
keeps every id, so every ``--json`` view is printed the same on both sides, moments
included, and a SQLite file that went to the server and back holds the very same rows.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.event import every_view, play_event
from tests.harness import Cli, data_checksum, in_subprocess
from tests.pg_server import Server

ROOT = Path(__file__).resolve().parent.parent
ADD_DEALS = ROOT / "tests" / "drivers" / "add_deals.py"


def _copy(*args: str) -> dict[str, object]:
    """``coinche store copy ARGS… --json`` in a real process, which must succeed."""
    ran = in_subprocess(("store", "copy", *args, "--json"))
    assert ran.code == 0, ran.report()
    return json.loads(ran.stdout)  # type: ignore[no-any-return]


def _refused(*args: str) -> str:
    """``coinche store copy ARGS…`` refused: exit 2, one line."""
    ran = in_subprocess(("store", "copy", *args))
    assert ran.code == 2 and ran.stdout == "", ran.report()
    lines = ran.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), ran.report()
    return lines[0]


def test_an_event_goes_to_the_server_and_back_unchanged(tmp_path: Path,
                                                        pg_server: Server) -> None:
    original = tmp_path / "concours.db"
    play_event(Cli(original))
    views = every_view(Cli(original))
    server = pg_server.new_database()
    there = _copy(str(original), server)
    # 10 teams, 5 tables in each of 2 rounds; 5 deals in the game (one replaced, one undone)
    # and 4 in the table game; one corrected result, one penalty
    assert there["rows"] == {"tournament": 1, "team": 10, "game": 2, "deal": 9, "round": 2,
                             "board": 10, "board_history": 1, "penalty": 1}
    assert there["games"] == {"1": 1, "2": 2} and there["tournaments"] == {"1": 1}
    assert every_view(Cli(server)) == views  # every id kept, every moment too
    back = tmp_path / "archive.db"
    again = _copy(server, str(back))
    assert again["rows"] == there["rows"] and again["checksum"] == there["checksum"]
    assert every_view(Cli(back)) == views
    assert data_checksum(back) == data_checksum(original)  # the very same rows
    # the copies go on as the original would: the next ids follow the copied ones
    for store in (server, back):
        assert Cli(store).json("game", "new")["id"] == 3


def test_a_store_that_holds_something_is_refused_unless_merging(tmp_path: Path,
                                                               pg_server: Server) -> None:
    source = tmp_path / "source.db"
    play_event(Cli(source))
    desk = pg_server.new_database()
    Cli(desk).run("game", "new", "--team", "Nous", "--team", "Eux")
    before = data_checksum(desk)
    assert _refused(str(source), desk) == (
        f"error: destination: {desk} already holds games (1) and tournaments (0); give "
        "--merge to add to them, or copy into an empty store")
    assert data_checksum(desk) == before
    other = pg_server.new_database()
    Cli(other).run("tournament", "new", "concours", "--deals", "4")  # the same name, folded
    held = data_checksum(other)
    assert _refused(str(source), other, "--merge") == (
        f"error: destination: {other} already has a tournament called “Concours”: merging "
        "would make two; copy into another store")
    assert data_checksum(other) == held
    # merged: the source's games follow the desk's own, and every link follows them
    merged = _copy(str(source), desk, "--merge")
    assert merged["games"] == {"1": 2, "2": 3} and merged["tournaments"] == {"1": 1}
    cli = Cli(desk)
    assert [g["id"] for g in cli.json("game", "list") if g["current"]] == [1]  # still its own
    assert cli.json("game", "show", "--game", "2")["totals"] == Cli(source).json(
        "game", "show", "--game", "1")["totals"]
    table_one = cli.json("tournament", "show")["tables"][0]
    assert table_one["table"] == 1 and table_one["game"] == 3  # the table game, renumbered
    assert cli.json("tournament", "standings") == Cli(source).json("tournament", "standings")
    assert cli.json("game", "new")["id"] == 4
    cli.run("tournament", "team", "add", "Les Retardataires")


def test_refusals_write_nothing_and_create_nothing(tmp_path: Path, pg_server: Server) -> None:
    source = tmp_path / "source.db"
    play_event(Cli(source))
    target = tmp_path / "target.db"
    assert _refused(str(tmp_path / "nowhere.db"), str(target)) == (
        f"error: source: {tmp_path / 'nowhere.db'} does not exist: name the store to copy "
        "from")
    same = f"error: destination: {source} is the source itself: copy into another store"
    assert _refused(str(source), str(source)) == same
    link = tmp_path / "link.db"
    link.symlink_to(source)
    assert _refused(str(source), str(link)) == same.replace(str(source), str(link))
    assert _refused(str(source), f"{tmp_path}/./source.db").endswith(
        "is the source itself: copy into another store")
    server = pg_server.new_database()
    assert _refused(server, server) == (
        f"error: destination: {server} is the source itself: copy into another store")
    assert _refused(server, str(target)) == (  # an empty database: nothing to copy
        f"error: source: {server} holds no game and no tournament: there is nothing to copy")
    foreign = tmp_path / "notes.txt"
    foreign.write_text("not a store\n", encoding="utf-8")
    assert "notes.txt" in _refused(str(foreign), str(target))
    empty = tmp_path / "zero.db"
    empty.touch()  # a file of no bytes: opening it would make it a store
    assert _refused(str(empty), str(target)) == (
        f"error: source: {empty} holds no game and no tournament: there is nothing to copy")
    assert empty.stat().st_size == 0
    for blank in ("", " "):  # never the default store (a script's empty variable)
        assert _refused(str(source), blank) == (
            "error: destination: give a file or a postgresql:// URL")
        assert _refused(blank, str(target)) == "error: source: give a file or a postgresql:// URL"
    assert not target.exists()
    # no table made on the server: the same as a database nothing ever opened
    assert data_checksum(server) == data_checksum(pg_server.new_database())


def test_the_same_store_is_refused_by_any_name(tmp_path: Path, pg_server: Server) -> None:
    """A file by a link or through its journal; a database by another spelling of its URL:
    a copy into itself would double every game."""
    source = tmp_path / "live.db"
    play_event(Cli(source))
    before = data_checksum(source)
    for journal in ("-wal", "-shm"):
        destination = f"{source}{journal}"
        assert _refused(str(source), destination, "--merge") == (
            f"error: destination: {destination} is the source itself: copy into another "
            "store")
    server = pg_server.new_database()
    play_event(Cli(server))
    held = data_checksum(server)
    port, name = server.rsplit(":", 1)[1].split("/")
    for other in (f"postgres://coinche@127.0.0.1:{port}/{name}",
                  f"postgresql://coinche@localhost:{port}/{name}",
                  f"postgresql://coinche@127.0.0.1:{port}/{name}?application_name=desk2"):
        assert _refused(server, other, "--merge") == (
            f"error: destination: {other} is the source itself: copy into another store")
    assert data_checksum(server) == held and data_checksum(source) == before
    # another database of the same server is another store
    assert _copy(server, pg_server.new_database())["rows"]["game"] == 2


def test_a_damaged_source_is_refused_and_leaves_no_file(tmp_path: Path) -> None:
    source = tmp_path / "damaged.db"
    play_event(Cli(source))
    target = tmp_path / "copy.db"
    with contextlib.closing(sqlite3.connect(source)) as db, db:
        db.execute("PRAGMA foreign_keys = OFF")
        db.execute("UPDATE deal SET game_id = 99 WHERE id = 1")
    ran = in_subprocess(("store", "copy", str(source), str(target)))
    assert ran.code == 1 and ran.stderr == (  # a store that cannot be used: exit 1
        f"error: {source} is damaged: deal.game_id names game 99, which it does not hold; "
        "nothing was copied\n"), ran.report()
    with contextlib.closing(sqlite3.connect(source)) as db, db:
        db.execute("UPDATE deal SET game_id = 1 WHERE id = 1")
        # a column the destination does not have: found once the first tables are copied
        db.execute("ALTER TABLE penalty ADD COLUMN note TEXT")
    ran = in_subprocess(("store", "copy", str(source), str(target)))
    assert ran.code == 1 and ran.stderr == (
        f"error: the table penalty has other columns in {source} than in {target}: one of "
        "them is damaged; nothing was copied\n"), ran.report()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("copy.db")]


def test_a_user_without_temporary_tables_still_starts_a_store(pg_server: Server) -> None:
    """An empty database is read through temporary tables; a site that took that right
    from its users still gets its store, made at first contact as before."""
    import psycopg

    url = pg_server.new_database()
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute("CREATE ROLE desk LOGIN")
        admin.execute(f"REVOKE TEMPORARY ON DATABASE {name} FROM PUBLIC")
        admin.execute(f"GRANT CONNECT, CREATE ON DATABASE {name} TO desk")
        admin.execute("GRANT CREATE, USAGE ON SCHEMA public TO desk")
    desk = Cli(url.replace("coinche@", "desk@"), process=True)
    assert desk.json("game", "list") == []
    assert desk.json("game", "new")["id"] == 1


def test_a_copy_reads_one_moment_of_a_store_that_a_desk_is_writing(tmp_path: Path,
                                                                  pg_server: Server) -> None:
    """A desk adds deals to the source while it is copied: the copy is whole (every view
    checked) and holds the deals saved up to one moment, numbered without a gap."""
    server = pg_server.new_database()
    Cli(server).run("game", "new", "--team", "Les As", "--team", "Les Rois", "--target",
                    "10000000")
    desk = subprocess.Popen([sys.executable, str(ADD_DEALS), server, "1", "0"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "COINCHE_LANG": "en"})
    try:
        assert desk.stdout is not None and desk.stdout.readline() == "ready\n"
        for _ in range(20):  # some deals saved before the copy starts
            assert desk.stdout.readline().startswith("saved ")
        copies = [_copy(server, str(tmp_path / f"copy{n}.db")) for n in range(3)]
    finally:
        desk.kill()
        desk.communicate()
    counts = []
    for n, copied in enumerate(copies):
        shown = Cli(tmp_path / f"copy{n}.db").json("game", "show")["deals"]
        numbers = [deal["number"] for deal in shown]
        assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 20, copied
        counts.append(len(numbers))
    assert counts == sorted(counts)  # each copy a later moment
    assert len(Cli(server).json("game", "show")["deals"]) >= counts[-1]


@pytest.mark.parametrize("where", ["sqlite", "postgresql"])
def test_a_copy_can_be_read_in_french(where: str, tmp_path: Path, pg_server: Server) -> None:
    source = tmp_path / "source.db"
    Cli(source).run("game", "new")
    target = str(tmp_path / "t.db") if where == "sqlite" else pg_server.new_database()
    ran = in_subprocess(("--lang", "fr", "store", "copy", str(source), target))
    assert ran.code == 0, ran.report()
    assert ran.stdout.splitlines()[0] == f"copie de {source} dans {target}"
