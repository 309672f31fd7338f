"""The PostgreSQL store through the installed command: the same commands, the same results.

A real server (``tests/pg_server.py``); each test has a database of its own.  The same
sequence of game and tournament commands runs on a SQLite file and on PostgreSQL, and every
``--json`` view must be the same on both (the moments things were recorded aside).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.harness import Cli, in_subprocess
from tests.pg_server import Server

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
#: Keys whose values are moments: they differ from one run to the next.
MOMENTS = {"created", "recorded", "entered", "changed", "paired", "replaced"}


def _without_moments(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: "…" if k in MOMENTS else _without_moments(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_without_moments(item) for item in data]
    return data


def _session(cli: Cli) -> list[Any]:
    """A game and a concours; every JSON view along the way."""
    views: list[Any] = []
    cli.run("game", "new", "--team", "Les As", "--team", "Les Rois", "--target", "1500")
    cli.run("game", "add", "Les As", "100S", "104", "--belote", "A", "--announce",
            "A:cinquante")
    cli.run("game", "add", "rois", "90Hx", "70")
    cli.run("game", "pass")
    cli.run("game", "add", "B", "120TA", "130", "--belote", "B", "--belote", "B")
    cli.run("game", "edit", "4", "B", "120TA", "140", "--belote", "B", "--belote", "B")
    cli.run("game", "undo")
    views += [cli.json("game", "show", "--history"), cli.json("game", "list")]
    cli.run("tournament", "new", "Concours", "--rounds", "3", "--deals", "4", "--seed", "7")
    cli.run("tournament", "team", "import", str(EXAMPLES / "equipes.csv"))
    cli.run("tournament", "pair")
    cli.run("tournament", "result", "--import", str(EXAMPLES / "resultats-ronde1.csv"))
    cli.run("tournament", "result", "1", "1300", "880", "--replace")
    cli.run("tournament", "pair")
    cli.run("game", "new", "--table", "1")
    for deal in (("A", "80S", "100"), ("B", "90H", "95"), ("A", "100Sx", "110"),
                 ("B", "80D", "90")):
        cli.run("game", "add", *deal)
    for table in (2, 3, 4, 5):
        cli.run("tournament", "result", str(table), "600", str(400 + table * 10))
    teams = cli.json("tournament", "team", "list")
    cli.run("tournament", "penalty", teams[0]["team"], "162", "--reason", "renonce")
    cli.run("tournament", "team", "drop", teams[1]["team"])
    views += [cli.json("tournament", "show"), cli.json("tournament", "standings"),
              cli.json("tournament", "team", "list"), cli.json("tournament", "list"),
              cli.json("game", "list")]
    return [_without_moments(view) for view in views]


def test_the_same_commands_give_the_same_json_on_both_stores(tmp_path: Path,
                                                             pg_server: Server) -> None:
    on_file = _session(Cli(tmp_path / "coinche.db", process=True))
    on_server = _session(Cli(process=True, prefix=("--db", pg_server.new_database())))
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
    cases = {
        missing: "no such database on the server",
        secret: "cannot reach the PostgreSQL server",
    }
    for url, words in cases.items():
        ran = in_subprocess(("--db", url, "game", "list"), cwd=tmp_path)
        assert ran.code == 1, ran.report()
        assert ran.stderr.count("\n") == 1 and words in ran.stderr, ran.report()
        assert "s3cret" not in ran.stderr + ran.stdout


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


def _closed_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
