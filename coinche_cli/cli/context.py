"""What every command shares: the store chosen by ``--db`` / ``COINCHE_DB``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from coinche_cli.store.sqlite import SqliteStore


def open_store(ctx: typer.Context) -> SqliteStore:
    """Open the store named on the root command (``--db``), ``COINCHE_DB``, or the default."""
    from coinche_cli.store.sqlite import SqliteStore, default_path

    root = ctx.find_root()
    path = root.obj.get("db") if isinstance(root.obj, dict) else None
    return SqliteStore(Path(path) if path else default_path())
