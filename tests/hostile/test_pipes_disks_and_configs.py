"""A store that is no file, a full disk, a house config built to crash the reader, and a
completion that must never hang (issue 33, items 4, 5 and 7), through the installed command in
real processes, each under the suite's limits and a timeout.

- A store (or its ``-wal`` or ``-shm``) that is a named pipe, a socket or a device is one
  line naming it (``p is not a store file (a named pipe)``), exit 1, before SQLite opens it:
  SQLite said "disk I/O error", and a read-only open of a pipe waits for ever.
- A full disk is one line (``the disk holding … is full: nothing was written``), exit 1,
  for a command that writes and for those that only read (``game list``, an export, a
  poster: a read needs the ``-shm`` file), and nothing is written.
- A house config that cannot be read is one line naming the file whatever it holds: arrays
  or tables nested thousands deep (tomllib recursed), a number past Python's 4,300 digits,
  any encoding, any size; a command that does not need it still runs.
- Tab completion opens only a regular file, read-only, and ends past its deadline having
  completed nothing (a named pipe named by ``COINCHE_DB`` or the house config's ``db``, a
  locked store, a server that never answers).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from coinche_cli.cli import completion
from coinche_cli.store.naming import shown_path
from tests.harness import Cli, Ran, data_checksum, in_subprocess
from tests.hostile.conftest import LIMITS, fill_disk

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="named pipes, tmpfs, sockets")


def _one_line(ran: Ran, code: int) -> str:
    """The run's one error line: exit ``code``, nothing on stdout, no traceback."""
    assert ran.code == code, ran.report()
    lines = ran.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), ran.report()
    assert ran.stdout == "", ran.report()
    return lines[0]


def _completion(words: str, env: dict[str, str], cwd: Path | None = None) -> Ran:
    """What bash's Tab gets for ``words`` (the last one being typed), in a real process
    whose wait is bounded (``in_subprocess`` under LIMITS fails the test past 30 s)."""
    count = len(words.split())
    variables = {completion.COMPLETE_VAR: "complete_bash", "COMP_WORDS": words,
                 "COMP_CWORD": str(count if words.endswith(" ") else count - 1)}
    return in_subprocess([], env={**variables, **env}, cwd=cwd, limits=LIMITS)


def _tournament(store: Path | str) -> Cli:
    director = Cli(store).under("tournament")
    director.run("new", "Concours", "--deals", "4", "--registration-order")
    for team in ("Les As", "Les Rois"):
        director.run("team", "add", team)
    director.run("pair")
    return director


# ---------------------------------------------------------------- 7. a store that is no file


def _no_file(kind: str, where: Path) -> Path:
    """A name at ``where`` that is there but is no regular file: ``kind`` says what."""
    if kind == "device":
        where.symlink_to(os.devnull)
    elif kind == "socket":
        with socket.socket(socket.AF_UNIX) as listening:
            listening.bind(str(where))
    else:
        os.mkfifo(where)
    return where


@pytest.mark.parametrize(("kind", "words"), [("named pipe", "a named pipe"),
                                             ("socket", "a socket"), ("device", "a device")])
@pytest.mark.parametrize("command", [("game", "list"), ("game", "new"),
                                     ("tournament", "new", "Concours", "--deals", "4"),
                                     ("store", "copy", "{store}", "{other}")])
def test_a_store_that_is_no_file_is_named_as_what_it_is(tmp_path: Path, kind: str, words: str,
                                                        command: tuple[str, ...]) -> None:
    """``COINCHE_DB=p coinche game list`` said ``error: p: disk I/O error``; a read, a write
    and a copy (from it) now say what the name is, and leave it as it was."""
    store = _no_file(kind, tmp_path / "p")
    before = sorted(os.listdir(tmp_path))
    args = [word.format(store="p", other=str(tmp_path / "copie.db")) for word in command]
    ran = in_subprocess(args, env={"COINCHE_DB": "p"}, cwd=tmp_path, limits=LIMITS)
    assert _one_line(ran, 1) == f"error: p is not a store file ({words})"
    assert sorted(os.listdir(tmp_path)) == before
    assert store.is_symlink() if kind == "device" else not store.is_file()


@pytest.mark.parametrize("suffix", ["-wal", "-shm"])
def test_a_store_whose_journal_is_a_named_pipe_is_refused_unread(tmp_path: Path,
                                                                  suffix: str) -> None:
    """SQLite opens the ``-wal`` and ``-shm`` beside the store: a pipe there would block a
    read for ever, or read as an I/O error."""
    store = tmp_path / "club.db"
    Cli(store).run("game", "new", "--team", "Les As", "--team", "Les Rois")
    data = store.read_bytes()
    os.mkfifo(f"{store}{suffix}")
    for args in (("game", "list"), ("game", "add", "A", "80S", "100")):
        ran = in_subprocess(["--db", str(store), *args], limits=LIMITS)
        assert _one_line(ran, 1) == (
            f"error: {shown_path(f'{store}{suffix}')} is not a store file (a named pipe)")
    assert store.read_bytes() == data


# ---------------------------------------------------------------- 7. a full disk


def test_a_full_disk_is_said_for_a_write_and_for_every_read(tmp_path: Path,
                                                            small_disk: Path) -> None:
    """A store on a full disk said ``error: …/full.db: disk I/O error``, from ``game add``
    but also from ``game list``, ``export`` and ``poster``, which only read (a read in WAL
    mode makes the ``-shm`` file)."""
    made = tmp_path / "made.db"
    Cli(made).run("game", "new", "--team", "Les As", "--team", "Les Rois")
    Cli(made).run("game", "add", "A", "80S", "100")
    _tournament(made).run("result", "1", "900", "700")
    store = small_disk / "full.db"
    shutil.copyfile(made, store)
    checksum = data_checksum(store)
    filler = fill_disk(small_disk)
    data = store.read_bytes()
    said = f"error: the disk holding {shown_path(store)} is full: nothing was written"
    for args in (("game", "list"), ("game", "add", "A", "80S", "100"),
                 ("game", "export", "--csv", str(tmp_path / "partie.csv")),
                 ("tournament", "export", str(tmp_path / "concours.xlsx")),
                 ("tournament", "poster", "standings", str(tmp_path / "classement.html")),
                 ("tournament", "result", "1", "800", "800")):
        assert _one_line(in_subprocess(["--db", str(store), *args], limits=LIMITS), 1) == said
    assert store.read_bytes() == data
    assert sorted(os.listdir(tmp_path)) == ["disk", "made.db"]
    filler.unlink()
    assert data_checksum(store) == checksum


# ---------------------------------------------------------------- 5. a config built to crash


#: House configs that cannot be read, each with the reason its one line gives.
UNREADABLE = {
    "nested arrays": ("x = " + "[" * 5000 + "]" * 5000 + "\n", "not TOML coinche can read "
                      "(values nested too deeply): the house config sets nothing until it is "
                      "mended"),
    "nested tables": ("x = " + "{a = " * 3000 + "}" * 3000 + "\n", "not TOML coinche can read "
                      "(values nested too deeply): the house config sets nothing until it is "
                      "mended"),
    "a number of 5,000 digits": ("target = " + "9" * 5000 + "\n", "not TOML coinche can read "
                                 "(a number too long): the house config sets nothing until it "
                                 "is mended"),
    "UTF-16": ('lang = "fr"\n'.encode("utf-16"), "the house config is not UTF-8 text (save it "
               "as UTF-8)"),
    "bytes": (bytes(range(256)), "the house config is not UTF-8 text (save it as UTF-8)"),
    "NUL": ('lang = "fr"\0\n', "not TOML (Expected newline or end of document after a "
            "statement): the house config sets nothing "
            "until it is mended"),
    "65 KB": ("# " + "x" * 65 * 1024 + "\n", "the house config is larger than 64 KB: it holds a "
              "few lines"),
}


@pytest.mark.both_stores
@pytest.mark.parametrize("content", list(UNREADABLE))
def test_a_config_that_cannot_be_read_is_one_line_naming_the_file(
        tmp_path: Path, store_name: Path | str, content: str) -> None:
    """``COINCHE_CONFIG=deep.toml coinche score A 100S 104`` was a RecursionError traceback;
    now every command that reads the config says the one line, the store as it was."""
    text, reason = UNREADABLE[content]
    config = tmp_path / "deep.toml"
    config.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    env = {"COINCHE_CONFIG": str(config)}
    Cli(store_name).run("game", "new", "--team", "Les As", "--team", "Les Rois")
    checksum = data_checksum(store_name)
    hostile = Cli(store_name, env=env, limits=LIMITS)
    for args in (("score", "A", "100S", "104"), ("game", "new"), ("config", "set", "lang", "fr")):
        ran = hostile.invoke(*args)
        line = _one_line(ran, 2)
        assert line.startswith(f"error: {config}") and reason in line, ran.report()
    shown = hostile.run("config", "show")
    assert reason in shown.stderr and "Traceback" not in shown.stderr
    ran = hostile.run("game", "list")  # --db given: the config's store is not needed
    assert ran.stderr.startswith(f"warning: {config}") and reason in ran.stderr
    assert config.read_bytes() == (text.encode("utf-8") if isinstance(text, str) else text)
    assert data_checksum(store_name) == checksum


@pytest.mark.parametrize(("text", "key", "shown"), [
    ("target = 0x" + "f" * 5000 + "\n", "target", "“0xfffffffffffffffffffffffff"),
    ("rules = [0x" + "f" * 5000 + "]\n", "rules", "[…] is not a text"),
    ("rules = " + "[" * 200 + "]" * 200 + "\n", "rules", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["),
])
def test_a_value_python_cannot_write_is_refused_by_its_line(tmp_path: Path, store: Path,
                                                            text: str, key: str,
                                                            shown: str) -> None:
    """A value tomllib reads but Python will not write in decimal (an integer past 4,300
    digits, alone or in an array) was a ValueError traceback from the refusal itself."""
    config = tmp_path / "config.toml"
    config.write_text(text, encoding="utf-8")
    hostile = Cli(store, env={"COINCHE_CONFIG": str(config)}, limits=LIMITS)
    line = hostile.refused("game", "new")
    assert line.startswith(f"error: {config}:1: {key}: ") and shown in line
    assert "Traceback" not in hostile.run("config", "show", "--json").stderr


# ---------------------------------------------------------------- 4. completion never hangs


@pytest.mark.parametrize("named_by", ["COINCHE_DB", "the house config"])
def test_completion_never_opens_a_named_pipe(tmp_path: Path, named_by: str) -> None:
    """``mkfifo p; COINCHE_DB=p … _COINCHE_COMPLETE=complete_bash coinche`` was still
    running after 15 s (a read-only open of a pipe waits for a writer): it completes nothing
    at once, silently, and leaves the pipe alone."""
    pipe = tmp_path / "p"
    os.mkfifo(pipe)
    config = tmp_path / "config.toml"
    config.write_text('db = "p"\n', encoding="utf-8")
    env = {"COINCHE_DB": "p"} if named_by == "COINCHE_DB" else {"COINCHE_CONFIG": str(config)}
    for words in ("coinche tournament result ", "coinche game add ", "coinche game use ",
                  "coinche season show ", "coinche tournament use "):
        ran = _completion(words, env, cwd=tmp_path)
        assert (ran.code, ran.stdout, ran.stderr) == (0, "", ""), ran.report()
    assert sorted(os.listdir(tmp_path)) == ["config.toml", "p"]


def test_completion_ends_at_its_deadline_when_the_store_does_not_answer(tmp_path: Path) -> None:
    """A server that takes the connection and never answers, named with a connect timeout of
    its own (a minute): the completion ends past its deadline, having completed nothing."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        url = f"postgresql://coinche@127.0.0.1:{port}/club?connect_timeout=60"
        ran = _completion("coinche tournament result ", {"COINCHE_DB": url})
    assert (ran.code, ran.stdout, ran.stderr) == (0, "", ""), ran.report()


def test_completion_waits_for_no_locked_store(tmp_path: Path) -> None:
    """Another process holds the store in an exclusive lock for longer than any deadline:
    the completion gives up, silently, and the store is as it was."""
    store = tmp_path / "club.db"
    _tournament(store)
    checksum = data_checksum(store)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys, time\n"
         "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
         "db.execute('PRAGMA locking_mode = EXCLUSIVE'); db.execute('BEGIN EXCLUSIVE')\n"
         "db.execute('UPDATE setting SET value = value'); print('held', flush=True)\n"
         "time.sleep(60)\n", str(store)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        ran = _completion("coinche tournament result ", {"COINCHE_DB": str(store)})
        assert (ran.code, ran.stdout, ran.stderr) == (0, "", ""), ran.report()
    finally:
        holder.kill()
        holder.wait()
    assert data_checksum(store) == checksum
    with contextlib.closing(sqlite3.connect(store)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
