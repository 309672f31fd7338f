"""``coinche --version`` (issue 26, point 1) and colour only where it is not refused (point
3): NO_COLOR and --no-color on a real terminal (a pseudo-terminal), FORCE_COLOR into a pipe.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

from tests.harness import Cli, in_subprocess, installed_command

ROOT = Path(__file__).resolve().parent.parent
ESCAPE = "\x1b["


def test_version_is_the_packages_metadata_and_loads_no_command() -> None:
    ran = in_subprocess(["--version"])
    assert (ran.code, ran.stderr) == (0, "")
    assert ran.stdout == f"coinche {version('coinche')}\n"
    # one source of truth: the metadata is what pyproject.toml says
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert ran.stdout == f"coinche {project['version']}\n"
    assert in_subprocess(["--db", "none.db", "--version"]).stdout == ran.stdout  # a root option
    probe = ("import runpy, sys\nsys.argv = ['coinche', '--version']\n"
             "try:\n    runpy.run_module('coinche_cli', run_name='__main__')\n"
             "except SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.startswith(('coinche_cli.cli.game', "
             "'coinche_cli.cli.tournament', 'coinche_cli.store', 'coinche_cli.rules', "
             "'yaml', 'rich', 'psycopg', 'platformdirs'))), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, timeout=60, cwd=ROOT / "tests")
    assert done.stderr.strip() == "[]"


def test_version_verbose_names_python_sqlite_and_the_drivers() -> None:
    lines = in_subprocess(["--version", "--verbose"]).stdout.splitlines()
    assert lines[0] == f"coinche {version('coinche')}"
    assert lines[1].startswith(f"Python {sys.version.split()[0]} (")
    assert lines[2] == f"SQLite {sqlite3.sqlite_version}"
    assert lines[3] == f"Typer {version('typer')}"
    assert lines[4].startswith(f"psycopg {version('psycopg')}")  # the test extras have it
    assert Cli().run("--verbose", "--version").stdout.splitlines() == lines  # in process too


def _on_a_terminal(args: list[str], env: dict[str, str]) -> str:
    """What the installed command writes on a pseudo-terminal (stdout and stderr both)."""
    import pty

    leader, follower = pty.openpty()
    environ = {key: value for key, value in os.environ.items()
               if key not in ("NO_COLOR", "FORCE_COLOR", "COINCHE_DB")}
    environ.update({"COLUMNS": "80", "PYTHONIOENCODING": "utf-8", **env})
    child = subprocess.Popen([str(installed_command()), *args], stdout=follower,
                             stderr=follower, env=environ)
    os.close(follower)
    printed = b""
    while True:
        try:
            chunk = os.read(leader, 1 << 16)
        except OSError:  # EIO: the command closed the terminal
            break
        if not chunk:
            break
        printed += chunk
    assert child.wait(timeout=60) in (0, 2)
    os.close(leader)
    return printed.decode("utf-8")


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal needs a POSIX system")
def test_no_color_and_the_no_color_option_turn_colour_off_on_a_terminal() -> None:
    refused = ["score", "A", "100S", "999"]
    assert ESCAPE in _on_a_terminal(refused, {})  # an error is red on a terminal
    assert ESCAPE in _on_a_terminal(["game", "--help"], {})  # a help page has colours
    # NO_COLOR, any value, even with FORCE_COLOR; --no-color
    for args, env in ((refused, {"NO_COLOR": "1"}),
                      (["game", "--help"], {"NO_COLOR": "0", "FORCE_COLOR": "1"}),
                      (["--no-color", *refused], {})):
        printed = _on_a_terminal(args, env)
        assert "error: " in printed or "Usage" in printed, printed
        assert ESCAPE not in printed, (args, env)


def test_no_color_is_read_before_the_command_or_as_the_last_word() -> None:
    from coinche_cli.cli import main, output

    def taken(words: list[str]) -> tuple[list[str], bool]:
        import contextvars

        context = contextvars.Context()
        left = context.run(main._colour_option, words)
        return left, context.run(output.colour_refused)

    assert taken(["--db", "x", "--no-color", "game", "show"]) == (
        ["--db", "x", "game", "show"], True)
    assert taken(["game", "show", "--no-color"]) == (["game", "show"], True)
    # elsewhere it is a word like any other (a team may be called so)
    assert taken(["game", "new", "--team", "--no-color", "--team", "B"]) == (
        ["game", "new", "--team", "--no-color", "--team", "B"], False)


def test_force_color_colours_a_pipe_and_no_color_still_wins(store: Path) -> None:
    refused = ("score", "A", "100S", "999")
    assert Cli().run(*refused, code=2).stderr.startswith("error: ")  # a pipe: plain
    coloured = Cli(env={"FORCE_COLOR": "1"}).run(*refused, code=2).stderr
    assert coloured.startswith("\x1b[31merror: ") and coloured.endswith("\x1b[0m\n")
    assert ESCAPE not in Cli(env={"FORCE_COLOR": "1", "NO_COLOR": "1"}).run(
        *refused, code=2).stderr
    assert ESCAPE not in Cli(env={"FORCE_COLOR": "1"}).run("--no-color", *refused,
                                                            code=2).stderr
    assert ESCAPE not in Cli(store).run("game", "new").stdout  # output never has any
