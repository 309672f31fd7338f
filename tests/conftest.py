"""Shared test settings and fixtures.

Hypothesis runs without deadlines (shared CI machines are noisy).  ``cli`` and
``cli_process`` are the command line of :mod:`tests.harness` on the test's store: in this
process (about 10 ms a command), and in real processes (about 300 ms; only where the process
is what is tested).  The store is ``tmp_path / "coinche.db"`` (``store``), or, on the
PostgreSQL run of a test that runs on both backends, a fresh database of a server the tests
start.  ``concours`` registers a tournament's teams.

The backends: a test marked ``both_stores`` runs on SQLite, and on PostgreSQL too under
``--backends=both`` (what ``.ci/run`` passes); one marked ``pg_story`` (the backend contract,
a few end-to-end stories) always runs on both.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Protocol

import pytest
from hypothesis import settings

# The tests read English unless they ask for another language: a developer's French locale
# must not change what the in-process command line prints (tests/test_i18n.py sets its own).
os.environ["COINCHE_LANG"] = "en"
# Nor must a developer's house config (coinche config set …): every test runs as a user
# without one, in a folder no test writes to, unless it names its own file.
os.environ["COINCHE_CONFIG"] = os.path.join(tempfile.gettempdir(), "coinche-tests-no-config",
                                            f"{os.getpid()}", "config.toml")

from tests.harness import Cli  # after the language is set
from tests.pg_server import Server

settings.register_profile("default", deadline=None, max_examples=60)
settings.register_profile("ci", deadline=None, max_examples=60, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Server]:
    """A PostgreSQL server for the session (started on first use, stopped at the end).
    Without PostgreSQL the test skips, saying why, except under ``CI=true``: it fails."""
    try:
        server = Server()
    except (FileNotFoundError, OSError, subprocess.CalledProcessError) as exc:
        detail = getattr(exc, "stderr", "") or exc
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is needed under CI=true: {detail}", pytrace=False)
        pytest.skip(f"no PostgreSQL server can be started here: {detail}")
    yield server
    server.stop()


@pytest.fixture
def store(tmp_path: Path) -> Path:
    """The test's store file (not created yet)."""
    return tmp_path / "coinche.db"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--backends", choices=("sqlite", "both"), default="sqlite",
        help="the stores the tests marked both_stores run on: sqlite (the default: fast), or "
             "both (SQLite and a PostgreSQL server the tests start; .ci/run passes it)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test marked ``pg_story`` runs once per backend; one marked ``both_stores`` too under
    ``--backends=both`` (issue 12: the same commands give the same results on a SQLite file
    and on a PostgreSQL server)."""
    story = metafunc.definition.get_closest_marker("pg_story") is not None
    any_store = metafunc.definition.get_closest_marker("both_stores") is not None
    if "backend" not in metafunc.fixturenames or not (story or any_store):
        return
    both = story or metafunc.config.getoption("--backends") == "both"
    metafunc.parametrize("backend", ["sqlite", "postgresql"] if both else ["sqlite"],
                         indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The store's backend: ``sqlite`` unless the test runs on both (see the module's
    docstring)."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
def store_name(store: Path, backend: str, request: pytest.FixtureRequest) -> Path | str:
    """The test's store: ``store`` on SQLite, a fresh database on PostgreSQL."""
    if backend == "postgresql":
        server: Server = request.getfixturevalue("pg_server")
        return server.new_database()
    return store


@pytest.fixture
def cli(store_name: Path | str) -> Cli:
    """The command line on the test's store, run in this process (fast)."""
    return Cli(store_name)


@pytest.fixture
def cli_process(store_name: Path | str) -> Cli:
    """The command line on the test's store, run as the installed ``coinche`` in real
    processes."""
    return Cli(store_name, process=True)


#: The teams a concours registers, in this order, unless a test names its own.
TEAMS = ("Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf", "Les Huit",
         "Les Sept")


class Concours(Protocol):
    """Builds a concours (see the ``concours`` fixture)."""

    def __call__(self, teams: int | Sequence[str] = 4, *options: str, on: Cli | None = None,
                 name: str = "Concours", rounds: int = 4, deals: int = 4,
                 clubs: Mapping[str, str] | None = None,
                 players: str | Mapping[str, str] = "", seed: int | None = None,
                 pair: bool = False) -> Cli: ...


@pytest.fixture
def concours(cli: Cli) -> Concours:
    """``concours(teams, *options)``: a new tournament of ``rounds`` rounds of ``deals``
    deals, in registration order (no draw) unless a ``seed`` draws round 1, its teams
    registered (the first ``teams`` of :data:`TEAMS`, or the names given; ``clubs`` by team,
    ``players`` for each, or by team), round 1 paired with ``pair``; on ``cli`` (in process,
    on the test's store) unless ``on`` is another command line (real processes, limits).
    Returns ``coinche tournament`` on it."""

    def make(teams: int | Sequence[str] = 4, *options: str, on: Cli | None = None,
             name: str = "Concours", rounds: int = 4, deals: int = 4,
             clubs: Mapping[str, str] | None = None,
             players: str | Mapping[str, str] = "", seed: int | None = None,
             pair: bool = False) -> Cli:
        director = (on or cli).under("tournament")
        draw = ("--registration-order",) if seed is None else ("--seed", str(seed))
        director.run("new", name, "--rounds", str(rounds), "--deals", str(deals), *draw,
                     *options)
        for team in TEAMS[:teams] if isinstance(teams, int) else teams:
            club = (clubs or {}).get(team, "")
            said = players if isinstance(players, str) else players.get(team, "")
            director.run("team", "add", team, *(("--club", club) if club else ()),
                         *(("--players", said) if said else ()))
        if pair:
            director.run("pair")
        return director

    return make
