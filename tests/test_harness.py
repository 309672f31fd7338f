"""The test harness itself: both runners say the same, and its failures say what to do."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.harness import EMPTY_STORE, Cli, data_checksum, installed_command


def test_both_runners_report_a_run_alike(cli: Cli, cli_process: Cli) -> None:
    created = cli.json("game", "new", "--team", "Nous", "--team", "Eux")
    assert cli_process.json("game", "show")["id"] == created["id"]  # one store for both
    line = cli.refused("game", "add", "Z", "80S", "100")
    assert cli_process.refused("game", "add", "Z", "80S", "100") == line
    assert (cli_process.last.code, cli_process.last.stdout, cli_process.last.stderr) == (
        cli.last.code, cli.last.stdout, cli.last.stderr)
    assert [ran.args[-1] for ran in cli.history] == ["--json", "100"]


def test_no_store_is_created_by_looking_at_it(store: Path) -> None:
    assert data_checksum(store) == EMPTY_STORE
    assert not store.exists()


def test_the_checksum_follows_the_rows(cli: Cli, store: Path) -> None:
    cli.run("game", "new")
    checksum = data_checksum(store)
    assert checksum != EMPTY_STORE and data_checksum(store) == checksum
    cli.run("game", "add", "A", "80S", "100")
    assert data_checksum(store) != checksum


def test_a_missing_command_says_to_install_the_package(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    installed_command()  # here it is installed
    monkeypatch.setattr(sys, "executable", str(tmp_path / "bin" / "python"))
    with pytest.raises(pytest.fail.Exception, match=r"pip install \."):
        installed_command()


@pytest.mark.parametrize("args", [
    ("--help",), ("game", "--help"), ("game", "add", "--help"), ("--lang", "fr", "tournament",
                                                                  "team"),
    ("--lang", "fr", "game", "shwo"), ("gmae", "show"), ("score", "A", "100S", "-5"),
    ("--version",), ("--no-color", "score", "A", "80S", "100"),
])
def test_the_app_built_for_one_run_answers_as_the_installed_command(
        args: tuple[str, ...], tmp_path: Path) -> None:
    # in process the app is built per run for what the run names (build(args,
    # root_options=True)), not the whole tree: its help, refusals and root options must be
    # the real command's
    env = {"COLUMNS": "100"}
    in_process = Cli(env=env, cwd=tmp_path).invoke(*args)
    real = Cli(env=env, cwd=tmp_path, process=True).invoke(*args)
    assert (in_process.code, in_process.stdout, in_process.stderr) == (
        real.code, real.stdout, real.stderr), f"{in_process.report()}\n{real.report()}"
