"""What every command shares: the store chosen by ``--db`` / ``COINCHE_DB``."""

from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from coinche_cli.store import Store


def open_store(ctx: typer.Context) -> "Store":
    """Open the store named on the root command (``--db``), ``COINCHE_DB``, or the default."""
    from coinche_cli.store.sqlite import SqliteStore, default_path

    root = ctx.find_root()
    path = root.obj.get("db") if isinstance(root.obj, dict) else None
    return SqliteStore(Path(path) if path else default_path())
