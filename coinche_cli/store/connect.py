"""A store opened by the name a user gives it: a PostgreSQL URL, a file, or the default file.

What ``--db`` and ``COINCHE_DB`` name, for every client (the command line, the live page's
worker, ``store copy``): the backend's module is imported only for a store of its kind.  A
name that looks like a URL and is not a PostgreSQL one (``pgsql://…``, ``POSTGRESQL://…``,
``postgresql:/host/db``, ``postgresql+psycopg://…``) is refused: taken for a file's name, it
would silently make a new SQLite store in folders named after the URL.
"""

import os
from pathlib import Path
from typing import TYPE_CHECKING

from coinche_cli.errors import InputError
from coinche_cli.i18n import _
from coinche_cli.store.naming import is_postgres_url, looks_like_url, masked

if TYPE_CHECKING:
    from coinche_cli.store.sql import SqlStore


def open_store(name: str | None, field: str = "--db", *, read_only: bool = False) -> "SqlStore":
    """The store ``name`` names: a PostgreSQL URL, a file, or (None or empty) ``COINCHE_DB``,
    else the default file; ``field`` is what names it in a refusal (``--db``, ``source``).
    ``read_only``: for a client that changes nothing (a shell's completion): the store is
    read as it is, never created nor migrated, and every change is refused."""
    if not name:
        name, field = os.environ.get("COINCHE_DB") or None, "COINCHE_DB"
    if name and is_postgres_url(name):
        from coinche_cli.store.postgres import PostgresStore

        return PostgresStore(name, read_only=read_only)
    if name and looks_like_url(name):
        raise InputError(field, _("“{got}” is not a store coinche can open: give a file, or "
                                  "a PostgreSQL URL that starts with postgresql:// or "
                                  "postgres:// (in lower case)"), got=masked(name))
    from coinche_cli.store.sqlite import SqliteStore

    return SqliteStore(Path(name) if name else default_path(), read_only=read_only)


def default_path() -> Path:
    """``coinche.db`` in the user's data folder."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("coinche", appauthor=False)) / "coinche.db"
