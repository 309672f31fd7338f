"""Shared test settings and fixtures.

Hypothesis runs without deadlines (shared CI machines are noisy).  ``cli`` and
``cli_process`` are the command line of :mod:`tests.harness` on one store file,
``tmp_path / "coinche.db"`` (``store``): in this process, and in real processes.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# The tests read English unless they ask for another language: a developer's French locale
# must not change what the in-process command line prints (tests/test_i18n.py sets its own).
os.environ["COINCHE_LANG"] = "en"

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


@pytest.fixture
def cli(store: Path) -> Cli:
    """The command line on ``store``, run in this process (fast)."""
    return Cli(store)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test marked ``both_stores`` runs once per backend (issue 12: the same commands give
    the same results on a SQLite file and on a PostgreSQL server)."""
    if metafunc.definition.get_closest_marker("both_stores"):
        metafunc.parametrize("backend", ["sqlite", "postgresql"], indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The store's backend: ``sqlite`` unless the test is marked ``both_stores``."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
def cli_process(store: Path, backend: str, request: pytest.FixtureRequest) -> Cli:
    """The command line on ``store`` (or, for the PostgreSQL run of a ``both_stores`` test,
    a fresh database), run as the installed ``coinche`` in real processes."""
    if backend == "postgresql":
        server: Server = request.getfixturevalue("pg_server")
        return Cli(server.new_database(), process=True)
    return Cli(store, process=True)
