"""A store opened by the name a user gives it: a PostgreSQL URL, a file, or the default file.

What ``--db`` and ``COINCHE_DB`` name, for every client (the command line, the live page's
worker, ``store copy``): the backend's module is imported only for a store of its kind.
"""

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from coinche_cli.store.sql import SqlStore

#: The schemes of a PostgreSQL store's URL (``postgres.SCHEMES``, spelt here: importing that
#: module would cost every SQLite command).
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def open_store(name: str | None) -> "SqlStore":
    """The store ``name`` names: a PostgreSQL URL, a file, or (None) the default file."""
    if name and name.startswith(POSTGRES_SCHEMES):
        from coinche_cli.store.postgres import PostgresStore

        return PostgresStore(name)
    from coinche_cli.store.sqlite import SqliteStore

    return SqliteStore(Path(name) if name else default_path())


def default_path() -> Path:
    """``COINCHE_DB``, or ``coinche.db`` in the user's data folder."""
    env = os.environ.get("COINCHE_DB")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("coinche", appauthor=False)) / "coinche.db"
