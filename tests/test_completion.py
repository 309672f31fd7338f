"""Tab completion (issue 26, point 2), through the shell-completion protocol: the shell runs
``coinche`` with ``_COINCHE_COMPLETE=complete_bash`` (zsh, fish) and the words typed in its
own variables, as the scripts of ``--install-completion`` do.

The names a scorekeeper types (a team with a space and an accent), an unreadable store, a
store never created and the scripts' installation run through the installed command; the
other values through the same entry point (``main.run``) in process, each in a context of
its own as a process would be.
"""

from __future__ import annotations

import contextvars
import os
import sys
from pathlib import Path
from typing import Protocol

import pytest

from coinche_cli.cli import completers, completion, main
from tests.harness import Cli, data_checksum, in_subprocess, server_checksum
from tests.pg_server import Server

TEAMS = ("--team", "Les Éclairs", "--team", "Les Rois")


def bash_env(words: str) -> dict[str, str]:
    """What bash's script gives: every word typed, and the index of the one being typed
    (a line ending with a space types a new, empty word)."""
    from typer._click.shell_completion import split_arg_string

    count = len(split_arg_string(words))
    return {completion.COMPLETE_VAR: "complete_bash", "COMP_WORDS": words,
            "COMP_CWORD": str(count if words.endswith(" ") else count - 1)}


class Complete(Protocol):
    """See the ``complete`` fixture."""

    def __call__(self, words: str, shell: str = "bash", **env: str) -> list[str]: ...


@pytest.fixture
def complete(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
             store: Path) -> Complete:
    """``complete("coinche game add Ro")``: what bash would be offered, one value a line,
    on the test's store (``env`` adds variables; ``shell`` fish or zsh)."""

    def run(words: str, shell: str = "bash", **env: str) -> list[str]:
        variables = bash_env(words) if shell == "bash" else {
            completion.COMPLETE_VAR: f"complete_{shell}", "_TYPER_COMPLETE_ARGS": words,
            "_TYPER_COMPLETE_FISH_ACTION": "get-args"}
        capsys.readouterr()
        # for this run only: a variable left behind would make the next in-process command
        # a completion request too (Typer's main answers one whenever it sees it)
        with monkeypatch.context() as patched, pytest.raises(SystemExit) as done:
            for name, value in {"COINCHE_DB": str(store), **variables, **env}.items():
                patched.setenv(name, value)
            patched.setattr(sys, "argv", ["coinche"])
            # in process, the deadline would end the test's worker on a loaded machine: the
            # deadline itself is tested on real processes (tests/hostile)
            patched.setattr(completion, "DEADLINE", 3600.0)
            contextvars.Context().run(main.run)
        printed = capsys.readouterr()
        assert done.value.code == 0 and printed.err == "", printed
        return printed.out.splitlines()

    return run


def test_a_team_name_with_a_space_and_an_accent_is_completed_quoted(store: Path) -> None:
    """Through the installed command, as bash asks: ``Ro`` and ``les é`` (folded: no case,
    no accent) offer the whole names, quoted, since bash inserts them as they are given; an
    opening quote typed already is replaced with the word."""
    Cli(store).run("game", "new", *TEAMS)
    env = {"COINCHE_DB": str(store)}
    ran = in_subprocess([], env={**env, **bash_env("coinche game add Ro")})
    assert (ran.code, ran.stdout, ran.stderr) == (0, '"Les Rois"\n', "")
    ran = in_subprocess([], env={**env, **bash_env('coinche game add "les é')})
    assert (ran.code, ran.stdout, ran.stderr) == (0, '"Les Éclairs"\n', "")


def test_an_unreadable_store_completes_nothing_silently_and_none_is_created(
        complete: Complete, tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"not a database, " * 100)
    before = garbage.read_bytes()
    for store in (garbage, tmp_path / "missing" / "new.db"):
        assert complete("coinche game add Ro", COINCHE_DB=str(store)) == []
    assert garbage.read_bytes() == before
    assert not (tmp_path / "missing").exists()


def test_a_completion_reads_the_store_and_changes_nothing(complete: Complete,
                                                          store: Path) -> None:
    cli = Cli(store)
    cli.run("game", "new", *TEAMS)
    before = data_checksum(store)
    assert complete("coinche game add ") == ['"Les Éclairs"', '"Les Rois"', "A", "B"]
    assert data_checksum(store) == before


def test_the_deal_words_offer_sides_bids_and_trumps(complete: Complete, store: Path) -> None:
    Cli(store).run("game", "new", *TEAMS)
    run = complete
    assert run("coinche game add a") == ["A"]
    assert run("coinche game add B 100") == ["100S", "100H", "100D", "100C", "100SA",
                                             "100TA"]
    assert run("coinche game add B 100 ") == list(completers.TRUMPS)
    assert run("coinche game add B 100 c") == ["cœur", "carreau"]
    assert run("coinche game add B 100S 104 --announce a:ci") == ["a:cinquante"]
    assert run("coinche game add B 100S 104 --capot ") == [
        '"Les Éclairs"', '"Les Rois"', "A", "B"]
    assert run("coinche game add 100 --belote ecl") == ['"Les Éclairs"']
    assert run("coinche score --players 3 ") == ["1", "2", "3"]
    assert run("coinche game new --team 'Les As' --dealer ") == ['"Les As"', "A", "B"]


def test_every_trump_offered_is_read_by_the_deal() -> None:
    from coinche_cli.scoring.deal import deal_from_words

    read = {trump: deal_from_words(["A", "100", trump, "104"]) for trump in completers.TRUMPS}
    assert all(deal.contract == 100 for deal in read.values())
    assert {str(deal.trump) for deal in read.values()} == set(completers.TRUMP_CODES)


def test_tournaments_teams_and_a_melees_players(complete: Complete, store: Path) -> None:
    cli = Cli(store)
    cli.run("tournament", "new", "Concours de Noël", "--rounds", "3", "--deals", "4")
    for name in ("Les Étoiles", "Les Rois", "Bernard et Jacky"):
        cli.run("tournament", "team", "add", name)
    cli.run("tournament", "team", "drop", "Bernard")
    run = complete
    assert run("coinche tournament use noel") == ['"Concours de Noël"']
    assert run("coinche tournament team drop ") == ['"Les Étoiles"', '"Les Rois"']
    assert run("coinche tournament team return ") == ['"Bernard et Jacky"']
    assert run("coinche tournament penalty et") == ['"Les Étoiles"']  # Bernard… has left
    cli.run("tournament", "new", "Mêlée", "--format", "melee", "--deals", "4")
    cli.run("tournament", "player", "add", "Ana Martin")
    cli.run("tournament", "player", "add", "Côme")
    assert run("coinche tournament result co") == ["Côme"]
    assert run("coinche tournament player drop mar") == ['"Ana Martin"']
    assert run('coinche tournament result -T "concours de noel" r') == ['"Les Rois"']


def test_season_names_and_their_concours(complete: Complete, store: Path) -> None:
    cli = Cli(store)
    cli.run("tournament", "new", "Concours de Noël", "--rounds", "3", "--deals", "4")
    cli.run("season", "new", "Challenge été")
    run = complete
    assert run("coinche season standings ete") == ['"Challenge été"']
    assert run('coinche season add "Challenge été" noe') == ['"Concours de Noël"']


def test_rules_languages_choices_and_the_config_keys(complete: Complete, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "maison.yaml").write_text("name: maison\nextends: club\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    run = complete
    assert run("coinche game new --rules ") == ["atout", "chien", "club", "generale",
                                                "standard", "maison.yaml"]
    assert run("coinche rules validate ") == ["maison.yaml"]
    assert run("coinche --lang ") == ["en", "fr"]
    assert run("coinche tournament new X --format ") == ["teams", "melee", "groups"]
    assert run("coinche config set ") == ["rules", "lang", "db", "target", "currency"]
    assert run("coinche config set lang f") == ["fr"]
    assert run("coinche ga") == ["game"]
    assert run("coinche --no-color --lang fr game a") == ["add"]
    assert run("coinche game export --csv ") == []  # a file: the shell's own completion


def test_zsh_and_fish_get_their_formats_with_help_in_the_language_in_use(
        complete: Complete, store: Path) -> None:
    Cli(store).run("game", "new", *TEAMS)
    run = complete
    assert run("coinche game add ro", "fish") == ["Les Rois\tB"]
    assert run("coinche --lang fr game li", "fish") == [
        "list\tLister les parties de la base"]
    assert run("coinche game add ro", "zsh") == ["_arguments '*: :((\"Les Rois\":\"B\"))'"]


def test_the_completion_loads_nothing_heavy(tmp_path: Path) -> None:
    code = ("import os, sys, runpy\n"
            "sys.argv = ['coinche']\n"
            "try:\n"
            "    runpy.run_module('coinche_cli', run_name='__main__')\n"
            "except SystemExit:\n"
            "    pass\n"
            "heavy = {'yaml', 'rich', 'xlsxwriter', 'rustworkx', 'psycopg', 'starlette', "
            "'jinja2', 'uvicorn', 'python_calamine', 'pandas', 'platformdirs'}\n"
            "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}), file=sys.stderr)\n")
    import subprocess

    env = {**os.environ, "COINCHE_DB": str(tmp_path / "none.db"),
           **bash_env("coinche tournament team drop ")}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, cwd=tmp_path, check=True, timeout=60)
    assert done.stderr.strip() == "[]"


def test_the_scripts_are_installed_as_typer_installs_them(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str],
                                                           ) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))

    def run(*args: str) -> tuple[object, str, str]:
        monkeypatch.setattr(sys, "argv", ["coinche", *args])
        with pytest.raises(SystemExit) as done:
            contextvars.Context().run(main.run)
        printed = capsys.readouterr()
        return done.value.code, printed.out, printed.err

    code, shown, _err = run("--show-completion", "fish")
    assert code == 0 and "_COINCHE_COMPLETE=complete_fish" in shown
    code, said, _err = run("--install-completion", "bash")
    script = tmp_path / ".bash_completions" / "coinche.sh"
    assert said.splitlines()[0] == f"bash completion installed in {script}"
    assert "_COINCHE_COMPLETE=complete_bash" in script.read_text()
    assert f"source '{script}'" in (tmp_path / ".bashrc").read_text()
    assert run("--install-completion", "tcsh") == (
        2, "", "error: --install-completion: “tcsh” is not a shell coinche completes for "
               "(bash, zsh, fish)\n")


def test_a_postgresql_store_is_read_read_only(complete: Complete, pg_server: Server) -> None:
    """A server's store completes its names; an empty database gets no table from a
    completion (its session is read-only: nothing is created, not even temporary tables
    that would outlive it)."""
    url = pg_server.new_database()
    empty = server_checksum(url)
    assert complete("coinche game add ro", COINCHE_DB=url) == []
    assert server_checksum(url) == empty
    Cli(url).run("game", "new", *TEAMS)
    assert complete("coinche game add ro", COINCHE_DB=url) == ['"Les Rois"']


def test_each_option_completes_what_it_declares(complete: Complete, store: Path) -> None:
    """Completion is declared on each option (issue 31): a penalty's points are a number,
    not a side, though the deal's ``--points`` is one; a chien's ``--points SIDE:N`` stops at
    the side, where ``--announce SIDE:NAME`` goes on with the announces."""
    cli = Cli(store)
    cli.run("game", "new", *TEAMS)
    cli.run("tournament", "new", "Concours", "--rounds", "3", "--deals", "4")
    cli.run("tournament", "team", "add", "Les As")
    assert complete("coinche tournament penalty as") == ['"Les As"']
    assert complete("coinche tournament penalty 'Les As' ") == []
    assert complete("coinche game add B 100S 104 -p ") == [
        '"Les Éclairs:"', '"Les Rois:"', "A:", "B:"]
    assert complete("coinche game add B 100S 104 -p A:") == []
    assert complete("coinche game add B 100S 104 -a A:c") == ["A:cinquante", "A:cent",
                                                               "A:carre-J", "A:carre-9",
                                                               "A:carre-A", "A:carre-10",
                                                               "A:carre-K", "A:carre-Q"]
