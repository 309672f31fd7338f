"""The PostgreSQL store through the command line: the same commands, the same results.

A real server (``tests/pg_server.py``); each test has a database of its own.  The same
sequence of game and tournament commands runs on a SQLite file and on PostgreSQL, in this
process, and every ``--json`` view must be the same on both (the moments things were
recorded aside); the rest runs the installed command in real processes (a server's problems
as one line, concurrent desks, clients killed mid-command).
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.event import play_event
from tests.harness import Cli, in_subprocess
from tests.pg_server import Server

ROOT = Path(__file__).resolve().parent.parent


def test_the_same_commands_give_the_same_json_on_both_stores(tmp_path: Path,
                                                             pg_server: Server) -> None:
    # in process: what is compared is the two stores, not the process (the real command on
    # the server: the tests below, and tests/test_e2e_games.py's pg_story)
    on_file = play_event(Cli(tmp_path / "coinche.db"))
    on_server = play_event(Cli(prefix=("--db", pg_server.new_database())))
    assert on_server == on_file


def test_coinche_db_may_name_the_server(tmp_path: Path, pg_server: Server) -> None:
    url = pg_server.new_database()
    cli = Cli(process=True, env={"COINCHE_DB": url})
    cli.run("game", "new")
    cli.run("game", "add", "A", "100S", "104", "--belote", "A", "--announce", "A:cinquante")
    # standard rules, variants.md: 274 / 58
    assert cli.json("game", "show")["deals"][0]["scores"] == {"A": 274, "B": 58}
    assert not (tmp_path / "coinche.db").exists()


def test_a_server_problem_is_one_line_that_never_shows_the_password(
        tmp_path: Path, pg_server: Server) -> None:
    missing = re.sub(r"/[^/]+$", "/nowhere", pg_server.url())
    secret = f"postgresql://coinche:s3cret@127.0.0.1:{_closed_port()}/db"
    port = _closed_port()
    cases = {
        missing: "no such database on the server",
        secret: "cannot reach the PostgreSQL server",
        # typed without percent-encoding, or with a bad one that libpq quotes back
        f"postgresql://coinche:s3/cr@et@127.0.0.1:{port}/db": "postgresql://coinche:***@",
        f"postgresql://coinche:s3cr@et@127.0.0.1:{port}/db": "postgresql://coinche:***@",
        f"postgresql://coinche:s3%zzcret@127.0.0.1:{port}/db": "postgresql://coinche:***@",
    }
    for url, words in cases.items():
        ran = in_subprocess(("--db", url, "game", "list"), cwd=tmp_path)
        assert ran.code == 1, ran.report()
        assert ran.stderr.count("\n") == 1 and words in ran.stderr, ran.report()
        for part in ("s3cret", "s3/cr", "cr@et", "s3cr", "zzcret"):
            assert part not in ran.stderr + ran.stdout, ran.report()


def test_a_missing_driver_is_one_line_saying_what_to_install(tmp_path: Path) -> None:
    """Installed without the postgres extra (here: a psycopg that cannot load, as when no
    libpq is found): one line, exit 1, no traceback."""
    shadow = tmp_path / "shadow"
    shadow.mkdir()
    (shadow / "psycopg.py").write_text('raise ImportError("no pq wrapper available")\n',
                                       encoding="utf-8")
    url = "postgresql://desk:s3cret@127.0.0.1:5432/concours"
    ran = in_subprocess(("--db", url, "game", "list"), cwd=tmp_path,
                        env={"PYTHONPATH": str(shadow)})
    assert ran.code == 1 and ran.stdout == "", ran.report()
    assert ran.stderr == (
        "error: postgresql://desk:***@127.0.0.1:5432/concours needs the PostgreSQL driver, "
        "which cannot be loaded (no pq wrapper available): install coinche[postgres]\n")


def test_another_programs_database_is_refused(tmp_path: Path, pg_server: Server) -> None:
    import psycopg

    url = pg_server.new_database()
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("CREATE TABLE invoices (id INTEGER)")
    ran = in_subprocess(("--db", url, "game", "new"), cwd=tmp_path)
    assert ran.code == 2 and "is not a coinche store" in ran.stderr, ran.report()
    with psycopg.connect(url, autocommit=True) as db:
        tables = {r[0] for r in db.execute(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = 'public'").fetchall()}
    assert tables == {"invoices"}


def test_a_store_written_by_a_newer_coinche_is_refused(tmp_path: Path,
                                                       pg_server: Server) -> None:
    import psycopg

    url = pg_server.new_database()
    Cli(process=True, prefix=("--db", url)).run("game", "new")
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("UPDATE coinche_schema SET version = version + 1")
    ran = in_subprocess(("--db", url, "game", "show", "--json"), cwd=tmp_path)
    assert ran.code == 1 and "written by a newer coinche" in ran.stderr, ran.report()


def _tables(url: str) -> set[str]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        return {r[0] for r in db.execute(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = current_schema()").fetchall()}


def test_reading_or_a_refusal_creates_nothing_on_an_empty_database(pg_server: Server) -> None:
    """As a SQLite store's file is created by the first change only: an empty database reads
    as an empty store and keeps no table until something is saved."""
    url = pg_server.new_database()
    cli = Cli(url, process=True)
    assert cli.json("game", "list") == []
    assert cli.json("tournament", "list") == []
    assert cli.refused("game", "add", "A", "80S", "100") == (
        "error: no current game: start one with 'coinche game new' or pass --game ID")
    assert cli.refused("tournament", "standings").startswith("error: ")
    assert _tables(url) == set()
    cli.run("game", "new", "--team", "Les As", "--team", "Les Rois")
    assert {"game", "deal", "coinche_schema"} <= _tables(url)
    assert [g["id"] for g in cli.json("game", "list")] == [1]


def test_a_desk_that_found_the_database_empty_sees_what_another_desk_made_since(
        pg_server: Server) -> None:
    """Two desks start on an empty database: the one that looked first reads it empty, and
    its first change, under the write lock, finds and uses the tables the other made."""
    from coinche_cli.store.postgres import PostgresStore

    url = pg_server.new_database()
    first = PostgresStore(url)
    try:
        assert first.games() == []
        Cli(url, process=True).run("game", "new", "--team", "Les As", "--team", "Les Rois")
        with first.write():
            assert [g.names for g in first.games()] == [{"A": "Les As", "B": "Les Rois"}]
            first.set_current("game", 1)
    finally:
        first.close()
    assert [g["id"] for g in Cli(url).json("game", "list")] == [1]


def test_an_older_store_is_brought_up_to_date_on_first_contact(pg_server: Server) -> None:
    import psycopg

    from coinche_cli.store import SCHEMA_VERSION
    from coinche_cli.store.migrations import ID_TYPES, MIGRATIONS

    url = pg_server.new_database()
    older = SCHEMA_VERSION - 1
    with psycopg.connect(url, autocommit=True) as db:
        for _name, step in MIGRATIONS[:older]:
            for statement in step:
                db.execute(statement.replace("{id}", ID_TYPES["postgresql"]))
        db.execute("CREATE TABLE coinche_schema (version INTEGER NOT NULL)")
        db.execute("INSERT INTO coinche_schema (version) VALUES (%s)", (older,))
    cli = Cli(url, process=True)
    assert cli.json("game", "list") == []  # a read brings it up to date
    with psycopg.connect(url, autocommit=True) as db:
        assert db.execute("SELECT version FROM coinche_schema").fetchone() == (SCHEMA_VERSION,)
    cli.run("game", "new", "--team", "Les As", "--team", "Les Rois")
    assert cli.json("game", "add", "A", "80S", "100")["totals"] == {"A": 180, "B": 62}


def _closed_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# -- several desks at once, and clients killed mid-command (issue 12, "Tests")

ADD_DEALS = ROOT / "tests" / "drivers" / "add_deals.py"


def _start(args: list[str]) -> subprocess.Popen[str]:
    """A driver process (``tests/drivers``), waiting for ``go`` after printing ``ready``."""
    return subprocess.Popen([sys.executable, *args], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _together(procs: list[subprocess.Popen[str]]) -> list[str]:
    """Start the drivers at once; the output of each once it is done (exit 0 each)."""
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    outputs = []
    for proc in procs:
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0 and err == "", err
        outputs.append(out)
    return outputs


def _deals(url: str, game_id: int) -> dict[int, dict[str, Any]]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        rows = db.execute("SELECT number, deal FROM deal WHERE game_id = %s AND"
                          " status = 'active' ORDER BY number", (game_id,)).fetchall()
    return {number: json.loads(deal) for number, deal in rows}


def test_four_processes_adding_fifty_deals_to_one_game_lose_nothing(pg_server: Server) -> None:
    url = pg_server.new_database()
    game = _start([str(ADD_DEALS), url, "new", "0", "--wait"])
    assert game.stdout is not None and game.stdin is not None
    assert game.stdout.readline() == "ready\n"
    game.stdin.write("go\n")
    game.stdin.flush()
    game_id = int(game.stdout.readline().split()[1])
    game.kill()
    game.communicate()
    before = _deals(url, game_id)
    outputs = _together([_start([str(ADD_DEALS), url, str(game_id), "50", "--seed", str(n),
                                 "--wait"]) for n in range(4)])
    saved = [json.loads(line.split(" ", 2)[2]) | {"number": int(line.split()[1])}
             for out in outputs for line in out.splitlines() if line.startswith("saved ")]
    assert len(saved) == 200
    after = _deals(url, game_id)
    # gap-free: every number once, each the deal its process was told was saved
    assert sorted(after) == list(range(1, len(before) + 201))
    for deal in saved:
        number = deal.pop("number")
        assert after[number] == deal


def test_thirty_clients_killed_mid_command_leave_nothing_partial(pg_server: Server) -> None:
    rng = random.Random(12)
    url = pg_server.new_database()
    cli = Cli(process=True, prefix=("--db", url))
    game_id = cli.json("game", "new", "--target", "100000000")["id"]
    known: dict[int, dict[str, Any]] = {}
    for round_no in range(30):
        proc = _start([str(ADD_DEALS), url, str(game_id), "0", "--seed", str(round_no),
                       "--wait"])
        assert proc.stdout is not None and proc.stdin is not None
        assert proc.stdout.readline() == "ready\n"
        proc.stdin.write("go\n")
        proc.stdin.flush()
        lines = [proc.stdout.readline() for _ in range(rng.randint(0, 3))]
        time.sleep(rng.uniform(0.0, 0.02))
        os.kill(proc.pid, signal.SIGKILL)
        out, _err = proc.communicate()
        lines += out.splitlines(keepends=True)
        confirmed = {int(line.split()[1]): json.loads(line.split(" ", 2)[2])
                     for line in lines if line.startswith("saved ") and line.endswith("\n")}
        after = _deals(url, game_id)
        assert sorted(after) == list(range(1, len(after) + 1)), round_no  # no gap
        assert all(after[n] == d for n, d in confirmed.items()), round_no
        assert {n: d for n, d in after.items() if n in known} == known, round_no
        assert len(after) - len(known) - len(confirmed) in (0, 1), round_no  # one unseen
        known = after
    # the game still takes a deal, numbered next, through the real command
    added = cli.json("game", "add", "A", "100S", "104")
    assert added["deal"] == len(known) + 1


def _concours(url: str, teams: int, folder: Path) -> Cli:
    """A tournament of ``teams`` teams on ``url``, its first round paired."""
    cli = Cli(process=True, prefix=("--db", url))
    cli.run("tournament", "new", "Grand concours", "--rounds", "3", "--deals", "4")
    csv_file = folder / "equipes.csv"
    csv_file.write_text("team\n" + "".join(f"Équipe {n:04}\n" for n in range(teams)),
                        encoding="utf-8")
    cli.run("tournament", "team", "import", str(csv_file))
    cli.run("tournament", "pair")
    return cli


def test_three_desks_entering_a_hundred_results_each_lose_nothing(pg_server: Server,
                                                                  tmp_path: Path) -> None:
    url = pg_server.new_database()
    cli = _concours(url, 600, tmp_path)  # 300 tables
    desks = [[f"{table}:{500 + table}:{table}" for table in range(1 + d * 100, 101 + d * 100)]
             for d in range(3)]
    outputs = _together([_start(["-m", "tests.drivers.enter_results", url, *desk])
                         for desk in desks])
    assert all(out.count("saved ") == 100 for out in outputs), outputs
    tables = cli.json("tournament", "show")["tables"]
    assert [(t["table"], t["scores"]) for t in tables] == [
        (n, [500 + n, n]) for n in range(1, 301)]


def test_two_desks_entering_the_same_tables_obey_the_replace_rule(pg_server: Server,
                                                                  tmp_path: Path) -> None:
    url = pg_server.new_database()
    cli = _concours(url, 40, tmp_path)  # 20 tables
    first = [f"{table}:{600 + table}:400" for table in range(1, 21)]
    second = [f"{table}:400:{700 + table}" for table in range(1, 21)]
    outputs = _together([_start(["-m", "tests.drivers.enter_results", url, *desk])
                         for desk in (first, second)])
    stored = {t["table"]: tuple(t["scores"]) for t in cli.json("tournament", "show")["tables"]}
    for table in range(1, 21):
        won = [out for out in outputs if f"saved {table}\n" in out]
        lost = [out for out in outputs if f"refused {table} " in out]
        assert len(won) == 1 and len(lost) == 1, table  # exactly one desk stored it
        # the refused desk was told the stored result, and the stored one is the winner's
        told = next(text for text in lost[0].splitlines()
                    if text.startswith(f"refused {table} "))
        assert f"{stored[table][0]}–{stored[table][1]}" in told, told
