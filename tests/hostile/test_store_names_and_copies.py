"""Hostile and careless store names, and copies that go wrong (issue 24, points 1, 4, 5, 8, 9
and 18), through the installed command in real processes.

- No secret of a PostgreSQL URL is ever shown (``user:password@``, ``?password=``,
  ``sslpassword``, ``passfile``, percent-encoded or typed without encoding), in an error or in
  ``store copy``'s report; a URL is shown at most 80 characters long.
- A name that looks like a URL and is not a PostgreSQL one is refused in one line naming the
  forms accepted, and creates nothing (it was a new SQLite file in folders named after it).
- A path the system will not look at (a name over 255 bytes, a folder that may not be
  entered) is one line, exit 1, on a read, a write and a copy.
- ``store copy --merge`` keeps every table's entry code; a killed copy leaves no store under
  the destination's name, on a file or on a server.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from tests.harness import Cli, Ran, data_checksum, in_subprocess, installed_command, store_rows
from tests.hostile.conftest import LIMITS
from tests.live_server import LiveServer
from tests.pg_server import Server

#: What every secret below holds: none of it may be printed, whole or in part.
SECRET = "Zq8Kp4Wx"
#: Pieces of SECRET that would betray it.
PIECES = ("Zq8", "q8K", "8Kp", "Kp4", "p4W", "4Wx")
#: The accepted forms, as the refusal of any other URL names them.
FORMS = "postgresql:// or postgres://"


def _closed_port() -> int:
    """A port of the loopback where nothing listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _run(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> Ran:
    return in_subprocess(args, cwd=cwd, env=env, limits=LIMITS)


def _one_line(ran: Ran, code: int) -> str:
    """The run's one error line (exit ``code``, nothing on stdout, no secret anywhere)."""
    assert ran.code == code, ran.report()
    lines = ran.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), ran.report()
    assert "Traceback" not in ran.stderr and ran.stdout == "", ran.report()
    for piece in PIECES:
        assert piece not in ran.stderr, ran.report()
    return lines[0]


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# ---------------------------------------------------------------- 1. no secret is ever shown


def _secret_urls(base: str, tmp_path: Path) -> dict[str, str]:
    """URLs to ``base`` (``postgresql://coinche@host:port/db``) giving SECRET in every way a
    URL can, each with what its message must show instead."""
    passfile = tmp_path / "pgpass"
    passfile.write_text(f"*:*:*:*:{SECRET}\n", encoding="utf-8")
    passfile.chmod(0o600)
    with_password = base.replace("coinche@", f"coinche:{SECRET}@")
    return {
        f"{base}?password={SECRET}": "?password=***",
        f"{base}?sslmode=disable&password={SECRET}&application_name=desk": "&password=***&",
        f"{base}?sslpassword={SECRET}": "?sslpassword=***",
        f"{base}?pass%77ord={SECRET}": "?pass%77ord=***",  # libpq decodes the key too
        f"{base}?password={SECRET[:3]}%zz{SECRET[3:]}": "?password=***",  # quoted back
        f"{base}?password={SECRET[:4]}@{SECRET[4:]}": "?password=***",
        f"{base}?passfile={passfile}": "?passfile=***",  # its contents, and where it is
        f"{with_password}?password={SECRET}": "coinche:***@",
        base.replace("coinche@", f"coinche:{SECRET[:4]}/{SECRET[4:]}@"): "coinche:***@",
        base.replace("coinche@", f"coinche:{SECRET[:4]}?{SECRET[4:]}@"): "coinche:***@",
    }


def test_no_secret_of_a_url_is_shown_when_the_server_cannot_be_reached(tmp_path: Path) -> None:
    base = f"postgresql://coinche@127.0.0.1:{_closed_port()}/concours"
    for url, shown in _secret_urls(base, tmp_path).items():
        line = _one_line(_run("--db", url, "tournament", "new", "C", "--deals", "4",
                              cwd=tmp_path), 1)
        assert shown in line, line
        line = _one_line(_run("store", "copy", url, str(tmp_path / "copie.db"), cwd=tmp_path), 1)
        assert shown in line, line
    assert _listing(tmp_path) == ["pgpass"]


def test_no_secret_of_a_url_is_shown_by_the_server_or_by_store_copy(tmp_path: Path,
                                                                    pg_server: Server) -> None:
    """A missing database, a store copied (the server trusts its users: the password is
    not even asked for) and a copy refused: the URL everywhere without its secret."""
    missing = pg_server.url("nowhere")
    for url in _secret_urls(missing, tmp_path):
        _one_line(_run("--db", url, "game", "list"), 1)
    source = tmp_path / "source.db"
    Cli(source, process=True).run("game", "new", "--team", "Nous", "--team", "Eux")
    server = pg_server.new_database()
    url = f"{server}?password={SECRET}"  # shown whole: under 80 characters
    copied = _run("store", "copy", str(source), url, "--json")
    assert copied.code == 0, copied.report()
    assert json.loads(copied.stdout)["destination"] == f"{server}?password=***"
    back = _run("store", "copy", url.replace("coinche@", f"coinche:{SECRET}@"),
                str(tmp_path / "back.db"))
    assert back.code == 0 and back.stdout.startswith("copied postgresql://coinche:***@"), \
        back.report()
    for ran in (copied, back):
        assert all(piece not in ran.stdout + ran.stderr for piece in PIECES), ran.report()
    line = _one_line(_run("store", "copy", str(source), url), 2)  # not empty: refused
    assert line.startswith(f"error: destination: {server}?password=*** "
                           "already holds games (1)"), line


def test_a_password_file_libpq_would_pass_over_is_one_line(tmp_path: Path) -> None:
    """libpq warns on stderr of its own and ignores a password file that others may read or
    that is no file: refused in one line instead (the file's name hidden with the rest)."""
    loose = tmp_path / "pgpass"
    loose.write_text(f"*:*:*:*:{SECRET}\n", encoding="utf-8")
    loose.chmod(0o644)
    base = f"postgresql://coinche@127.0.0.1:{_closed_port()}/concours"
    line = _one_line(_run("--db", f"{base}?passfile={loose}", "game", "list"), 1)
    assert line.endswith("may be read by others, so libpq will not use it: chmod 600 it"), line
    line = _one_line(_run("--db", f"{base}?passfile={tmp_path}", "game", "list"), 1)
    assert "is not a plain file" in line and str(tmp_path) not in line, line
    line = _one_line(_run("--db", base, "game", "list", env={"PGPASSFILE": str(loose)}), 1)
    assert "may be read by others" in line, line
    # a password given: libpq reads no file, and neither does coinche
    line = _one_line(_run("--db", f"{base}?passfile={loose}&password={SECRET}", "game", "list"),
                     1)
    assert line.startswith("error: cannot reach the PostgreSQL server of "), line


# ---------------------------------------------------------------- 18. at most 80 characters


def test_a_ten_kilobyte_url_is_shown_at_most_80_characters_long(tmp_path: Path) -> None:
    base = f"postgresql://coinche@127.0.0.1:{_closed_port()}/concours"
    long = "x" * 10_000
    for url in (f"{base}?application_name={long}", f"{base}?sslmode={long}",
                f"{base}?password={long}", f"{base}?{long}"):
        line = _one_line(_run("--db", url, "game", "list", cwd=tmp_path), 1)
        assert len(line) < 400 and "x" * 81 not in line, line
        assert "…" in line or "password=***" in line, line
    for misspelt in (f"POSTGRESQL://coinche@127.0.0.1/{long}", f"pgsql://{long}"):
        line = _one_line(_run("--db", misspelt, "game", "new", cwd=tmp_path), 2)
        assert len(line) < 300 and "x" * 81 not in line, line
    assert _listing(tmp_path) == []


# ---------------------------------------------------------------- 5. a misspelt URL


MISSPELT = ["POSTGRESQL://coinche@127.0.0.1/concours", "Postgres://coinche@127.0.0.1/concours",
            "postgresql:/127.0.0.1/concours", "postgres:/concours",
            "pgsql://coinche@127.0.0.1/concours", "postgresql+psycopg://coinche@127.0.0.1/c",
            "postgre://coinche@127.0.0.1/concours", "sqlite:///concours.db",
            "file:///tmp/concours.db", "http://192.168.1.10:8000/"]


@pytest.mark.parametrize("url", MISSPELT)
def test_a_misspelt_url_is_refused_and_makes_no_file(url: str, tmp_path: Path) -> None:
    for command in (("game", "new", "--team", "Nous", "--team", "Eux"), ("game", "list")):
        line = _one_line(_run("--db", url, *command, cwd=tmp_path), 2)
        assert line == (f"error: --db: “{url}” is not a store coinche can open: give a file, or "
                        f"a PostgreSQL URL that starts with {FORMS} (in lower case)")
    line = _one_line(_run("game", "new", cwd=tmp_path, env={"COINCHE_DB": url}), 2)
    assert line.startswith(f"error: COINCHE_DB: “{url}” is not a store"), line
    source = tmp_path / "source.db"
    Cli(source, process=True).run("game", "new", "--team", "Nous", "--team", "Eux")
    before = data_checksum(source)
    line = _one_line(_run("store", "copy", str(source), url, cwd=tmp_path), 2)
    assert line.startswith(f"error: destination: “{url}” is not a store"), line
    line = _one_line(_run("store", "copy", url, str(source), "--merge", cwd=tmp_path), 2)
    assert line.startswith(f"error: source: “{url}” is not a store"), line
    assert _listing(tmp_path) == ["source.db"] and data_checksum(source) == before


def test_a_misspelt_url_shows_no_secret_either(tmp_path: Path) -> None:
    line = _one_line(_run("--db", f"POSTGRESQL://coinche:{SECRET}@127.0.0.1/c?password={SECRET}",
                          "game", "list", cwd=tmp_path), 2)
    assert "“POSTGRESQL://coinche:***@127.0.0.1/c?password=***”" in line, line


def test_names_that_only_look_like_urls_are_files(tmp_path: Path) -> None:
    """A Windows drive (one letter), a colon further in the name: files, as before."""
    for name in ("c:/concours.db", "concours:2024.db", "./pgsql://x.db"):
        ran = _run("--db", name, "game", "list", cwd=tmp_path)
        assert ran.code == 0 and ran.stdout == "no games yet\n", ran.report()


# ---------------------------------------------------------------- 9. a path that cannot be used


def _too_long(tmp_path: Path) -> list[Path]:
    name = "n" * 256
    return [tmp_path / f"{name}.db", tmp_path / name / "coinche.db", tmp_path / ("é" * 130)]


def test_a_name_over_255_bytes_is_one_line(tmp_path: Path) -> None:
    source = tmp_path / "source.db"
    Cli(source, process=True).run("game", "new", "--team", "Nous", "--team", "Eux")
    for path in _too_long(tmp_path):
        for command in (("game", "list"), ("game", "new", "--team", "Nous", "--team", "Eux"),
                        ("tournament", "new", "C", "--deals", "4")):
            line = _one_line(_run("--db", str(path), *command), 1)
            assert "the name is too long for the file system" in line, line
            assert len(line) < 300 and "…" in line, line  # the path: 160 characters at most
        for copy in ((str(path), str(tmp_path / "copie.db")), (str(source), str(path))):
            line = _one_line(_run("store", "copy", *copy), 1)
            assert "the name is too long" in line, line
    assert _listing(tmp_path) == ["source.db"]


def test_a_folder_or_a_file_in_the_way_is_one_line(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("à garder\n", encoding="utf-8")
    for command in (("game", "list"), ("game", "new")):
        line = _one_line(_run("--db", str(tmp_path), *command), 1)
        assert line == f"error: {tmp_path} is a folder: name a file in it"
    line = _one_line(_run("--db", str(notes / "coinche.db"), "game", "new"), 1)
    assert line == (f"error: {notes / 'coinche.db'}: one of its folders is a file; name a file "
                    "in a folder")
    assert _listing(tmp_path) == ["notes.txt"] and notes.read_text(encoding="utf-8") == "à garder\n"


def _as_a_user(*args: str) -> Ran:
    """The installed command run as a user bound by the permissions of files and folders:
    root without its power to pass them (``setpriv``), as anyone else."""
    prefix: list[str] = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("root enters any folder, and setpriv is missing to take that away")
        prefix = [setpriv, "--bounding-set=-dac_override,-dac_read_search"]
    environ = {k: v for k, v in os.environ.items() if k != "COINCHE_DB"}
    environ["PYTHONIOENCODING"] = "utf-8"
    done = subprocess.run([*prefix, str(installed_command()), *args], capture_output=True,
                          text=True, env=environ, timeout=60, check=False)
    return Ran(tuple(args), done.returncode, done.stdout, done.stderr)


def test_a_folder_that_cannot_be_entered_or_written_is_one_line(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    store = locked / "coinche.db"
    Cli(store, process=True).run("game", "new", "--team", "Nous", "--team", "Eux")
    before = data_checksum(store)
    denied = (f"error: {store} cannot be opened: permission denied on the file or one of its "
              "folders; check their permissions")
    locked.chmod(0)
    try:
        for command in (("game", "list"), ("game", "add", "A", "80S", "100")):
            assert _one_line(_as_a_user("--db", str(store), *command), 1) == denied
        line = _one_line(_as_a_user("store", "copy", str(store), str(tmp_path / "copie.db")), 1)
        assert line == denied
        line = _one_line(_as_a_user("--db", str(locked / "sub" / "c.db"), "game", "new"), 1)
        assert "permission denied" in line, line
        locked.chmod(stat.S_IRUSR | stat.S_IXUSR)  # entered, not written: no new file
        line = _one_line(_as_a_user("--db", str(locked / "new.db"), "game", "new"), 1)
        assert line == (f"error: {locked / 'new.db'} cannot be opened or created: check that "
                        "its folder exists and may be written")
    finally:
        locked.chmod(stat.S_IRWXU)
    assert _listing(tmp_path) == ["locked"] and _listing(locked) == ["coinche.db"]
    assert data_checksum(store) == before


# ---------------------------------------------------------------- 4. --merge keeps the codes


def _codes(store: Path | str, tournament: str) -> dict[int, str]:
    tables = Cli(store, process=True).json("tournament", "show", "--tournament", tournament,
                                           "--codes")["tables"]
    return {table["table"]: table["code"] for table in tables}


def _concours(store: Path | str, name: str, teams: int) -> dict[int, str]:
    """A concours of ``teams`` teams, round 1 paired; its tables' codes."""
    director = Cli(store, process=True).under("tournament")
    director.run("new", name, "--deals", "4", "--registration-order")
    with tempfile.TemporaryDirectory() as folder:
        listing = Path(folder) / "equipes.csv"
        listing.write_text("équipe\n" + "".join(f"{name} {n}\n" for n in range(1, teams + 1)),
                           encoding="utf-8")
        director.run("team", "import", str(listing))
    director.run("pair")
    return _codes(store, name)


def test_a_merge_keeps_every_entry_code(tmp_path: Path, pg_server: Server) -> None:
    """Into a server whose teams take the copied ones' ids, then back into a file that has
    teams too: each tournament's codes, printed before, still the table's."""
    source = tmp_path / "printemps.db"
    spring = _concours(source, "Printemps", 8)
    desk = pg_server.new_database()
    club = _concours(desk, "Club", 6)  # ids 1-6: the copied teams become 7-14
    copied = _run("store", "copy", str(source), desk, "--merge", "--json")
    assert copied.code == 0, copied.report()
    assert store_rows(desk, "SELECT MIN(team.id) FROM team JOIN tournament t"
                            " ON t.id = team.tournament_id WHERE t.name = 'Printemps'") == [(7,)]
    assert _codes(desk, "Printemps") == spring and _codes(desk, "Club") == club
    archive = tmp_path / "archive.db"
    autumn = _concours(archive, "Automne", 4)
    again = _run("store", "copy", desk, str(archive), "--merge")
    assert again.code == 0, again.report()
    assert _codes(archive, "Printemps") == spring and _codes(archive, "Club") == club
    assert _codes(archive, "Automne") == autumn
    # a phone at table 1 of the spring concours types the code printed before both copies
    server = LiveServer(archive, "--tournament", "Printemps", "--entry")
    try:
        form, cookie = server.get("/table/1").form()
        sent = server.post("/table/1", {**form, "code": spring[1], "score1": "802",
                                        "score2": "655"}, cookie)
        assert sent.status == 200, sent.text
        assert " 802 – " in sent.text and " 655, saved" in sent.text, sent.text
    finally:
        server.stop()


def test_a_store_from_before_the_shift_keeps_its_codes(tmp_path: Path) -> None:
    """A tournament never copied keeps the codes printed on its sheets when its store is
    brought to this version (the column that follows a merge starts at 0)."""
    import sqlite3

    store = tmp_path / "ancien.db"
    printed = _concours(store, "Ancien", 6)
    from coinche_cli.store import SCHEMA_VERSION
    from coinche_cli.store.migrations import MIGRATIONS

    team = next(statement for statement in MIGRATIONS[1][1] if "CREATE TABLE team" in statement)
    with contextlib.closing(sqlite3.connect(store)) as db, db:
        # the store as version 6 left it: no code_shift, none of the mêlée's tables and
        # columns (step 8), which SQLite cannot drop from team but by making it again, and
        # none of the registration desk's tables (step 9) nor a season's (step 10), nor the
        # merges kept (step 11) nor the prizes' orders (step 12) nor the stages (step 13)
        # nor the score sheet's join codes, time called and tables' minutes (step 14)
        db.execute("PRAGMA foreign_keys = OFF")
        db.execute("PRAGMA legacy_alter_table = ON")  # the tables naming team keep its name
        db.execute("DROP INDEX game_join_code")
        db.execute("ALTER TABLE game DROP COLUMN join_code")
        db.execute("ALTER TABLE game DROP COLUMN time_called")
        db.execute("DROP TABLE table_time")
        db.execute("ALTER TABLE tournament DROP COLUMN code_shift")
        db.execute("ALTER TABLE board DROP COLUMN stage")
        db.execute("ALTER TABLE board DROP COLUMN match_id")
        for table in ("stage_bye", "stage_team", "stage", "prize_order", "person_merge",
                      "checkin", "payment", "prize", "prize_pot", "season_event", "season",
                      "person_key", "person"):
            db.execute(f"DROP TABLE {table}")
        db.execute("DROP TABLE sitting_out")
        db.execute("DROP TABLE player")
        db.execute("ALTER TABLE team RENAME TO team_v8")
        db.execute(team.replace("{id}", "INTEGER PRIMARY KEY"))
        db.execute("INSERT INTO team SELECT id, tournament_id, name, name_key, players, club,"
                   " registered, joined_round, dropped_after FROM team_v8")
        db.execute("DROP TABLE team_v8")
        db.execute("PRAGMA user_version = 6")
    assert _codes(store, "Ancien") == printed
    with contextlib.closing(sqlite3.connect(store)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_the_codes_are_drawn_as_before() -> None:
    """The code of a table of a tournament never merged: the same HMAC as before the shift
    existed (printed sheets hold these)."""
    import hashlib
    import hmac

    from coinche_cli.tournament.codes import ALPHABET, table_code

    secret = "00112233445566778899aabbccddeeff"
    digest = hmac.new(secret.encode(), b"table:2:3:7:12", hashlib.sha256).digest()
    value, letters = int.from_bytes(digest[:8], "big"), []
    for _ in range(6):
        value, index = divmod(value, len(ALPHABET))
        letters.append(ALPHABET[index])
    assert table_code(secret, 2, 3, (7, 12)) == "".join(letters)
    assert table_code(secret, 2, 3, (107, 112), shift=100) == "".join(letters)


# ---------------------------------------------------------------- 8. a killed copy


def _big_source(path: Path) -> None:
    """A store whose copy takes long enough to be killed in the middle: 600 teams, round 1
    paired (300 tables)."""
    _concours(path, "Grand concours", 600)


def _copy_process(source: str, destination: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([str(installed_command()), "store", "copy", source, destination],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def test_a_killed_copy_leaves_no_store_under_the_files_name(tmp_path: Path) -> None:
    source = tmp_path / "source.db"
    _big_source(source)
    folder = tmp_path / "archives"
    folder.mkdir()
    target = folder / "copie.db"
    landed = 0
    for delay in (0.0, 0.005, 0.02):
        child = _copy_process(str(source), str(target))
        deadline = time.monotonic() + 30
        while not any(folder.iterdir()) and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.0005)  # the copy has started writing: kill it now, or a little later
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.wait()
        if target.exists():  # finished before the kill: then whole
            assert data_checksum(target) == data_checksum(source)
            target.unlink()
        else:
            landed += 1
            # what it wrote is under a hidden temporary name, never the store's
            assert all(name.startswith(".copie.db.") for name in _listing(folder)), \
                _listing(folder)
    assert landed >= 2, "the kills all came too late to test anything"
    done = _run("store", "copy", str(source), str(target))
    assert done.code == 0, done.report()
    assert data_checksum(target) == data_checksum(source)


def test_a_failed_copy_into_new_folders_leaves_neither_file_nor_folder(tmp_path: Path) -> None:
    import sqlite3

    source = tmp_path / "source.db"
    _concours(source, "C", 4)
    with contextlib.closing(sqlite3.connect(source)) as db, db:
        db.execute("ALTER TABLE penalty ADD COLUMN note TEXT")  # found once rows are copied
    target = tmp_path / "un" / "deux" / "copie.db"
    ran = in_subprocess(("store", "copy", str(source), str(target)))
    assert ran.code == 1 and "the table penalty has other columns" in ran.stderr, ran.report()
    assert _listing(tmp_path) == ["source.db"]


def _copying(admin: object, database: str) -> bool:
    """Whether a client is writing the copy's rows into ``database``, in its transaction."""
    row = admin.execute(  # type: ignore[attr-defined]
        "SELECT count(*) FROM pg_stat_activity WHERE datname = %s"
        " AND xact_start IS NOT NULL AND query LIKE 'INSERT INTO %%'", (database,)).fetchone()
    return bool(row[0])


@pytest.mark.parametrize("temporary", [True, False], ids=["temporary-tables", "none"])
def test_a_killed_copy_leaves_the_server_as_it_was(tmp_path: Path, pg_server: Server,
                                                   temporary: bool) -> None:
    """The copy is one transaction, the tables of an empty database made inside it (also
    for a user who may not make temporary tables, whose other commands make the tables at
    first contact): a client killed while it writes the rows leaves the database empty."""
    import psycopg

    source = tmp_path / "source.db"
    _big_source(source)
    empty = data_checksum(pg_server.new_database())
    target = pg_server.new_database()
    name = target.rsplit("/", 1)[1]
    if not temporary:
        with psycopg.connect(target, autocommit=True) as owner:
            owner.execute(f"CREATE ROLE desk_{name} LOGIN")
            owner.execute(f"REVOKE TEMPORARY ON DATABASE {name} FROM PUBLIC")
            owner.execute(f"GRANT CONNECT, CREATE ON DATABASE {name} TO desk_{name}")
            owner.execute(f"GRANT CREATE, USAGE ON SCHEMA public TO desk_{name}")
        target = target.replace("coinche@", f"desk_{name}@")
    with psycopg.connect(pg_server.url(), autocommit=True) as admin:
        for delay in (0.0, 0.01):
            child = _copy_process(str(source), target)
            deadline = time.monotonic() + 30
            while (not _copying(admin, name) and child.poll() is None
                   and time.monotonic() < deadline):
                time.sleep(0.001)
            assert child.poll() is None, "the copy ended before it could be killed"
            time.sleep(delay)
            child.send_signal(signal.SIGKILL)
            child.wait()
            assert data_checksum(target) == empty  # no table, no row
    done = _run("store", "copy", str(source), target)
    assert done.code == 0, done.report()
    assert Cli(target, process=True).json("tournament", "list")[0]["name"] == "Grand concours"
