"""What every command shares: the store chosen by ``--db`` / ``COINCHE_DB``."""

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from coinche_cli.errors import InputError

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store
    from coinche_cli.store.sqlite import SqlStore


def open_store(ctx: typer.Context) -> "Store":
    """Open the store named on the root command (``--db``), ``COINCHE_DB``, or the default."""
    root = ctx.find_root()
    return store_at(root.obj.get("db") if isinstance(root.obj, dict) else None)


def store_at(name: str | None) -> "SqlStore":
    """The store ``name`` names: a PostgreSQL URL, a file, or (None) the default file."""
    # postgres.SCHEMES, spelt here: importing that module would cost every SQLite command
    if name and name.startswith(("postgresql://", "postgres://")):
        from coinche_cli.store.postgres import PostgresStore

        return PostgresStore(name)
    from coinche_cli.store.sqlite import SqliteStore, default_path

    return SqliteStore(Path(name) if name else default_path())


def refuse_own_files(store: "Store", paths: Iterable[Path]) -> None:
    """Refuse to write an export over the store itself (``--csv coinche.db``)."""
    for path in paths:
        if store.owns(path):
            raise InputError("path", "store.is_target", path=path)
