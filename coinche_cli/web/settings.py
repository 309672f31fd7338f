"""What ``tournament serve`` was told, as the live page's parts read it."""

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from coinche_cli.i18n import speaking
from coinche_cli.store.connect import default_path, open_store
from coinche_cli.store.naming import is_postgres_url

if TYPE_CHECKING:
    from coinche_cli.rules.model import Rules
    from coinche_cli.store.sql import SqlStore


class Settings:
    """What ``tournament serve`` was told: the store (``--db``: a file, a URL, or None for the
    default), which tournament, whether results may be entered, the round's length, the
    phones' address and whether a phone can reach it (not when entry is on and the server
    listens on this computer's own address: the projector then says so instead of showing
    its QR code), and the room's language (the one coinche runs in: the projector's)."""

    def __init__(self, db: str | None, tournament: str | None, *, entry: bool,
                 round_minutes: int | None, phone_url: str, language: str = "en",
                 phones_reach: bool = True) -> None:
        self.db = db
        self.tournament = tournament
        self.entry = entry
        self.round_minutes = round_minutes
        self.phone_url = phone_url
        self.language = language
        self.phones_reach = phones_reach

    def open_store(self) -> "SqlStore":
        """The store, opened anew (one per thread or process that reads it)."""
        return open_store(self.db)

    def store_file(self) -> Path | None:
        """The store's file (None for a PostgreSQL server's)."""
        if self.db and is_postgres_url(self.db):
            return None
        return Path(self.db) if self.db else default_path()

    def store_gone(self) -> bool:
        """Whether the store's file is no longer there (moved or deleted while serving: read,
        it would seem an empty store; written, a new one would be made)."""
        path = self.store_file()
        return path is not None and not path.exists()

    def tell(self, line: Callable[[], str]) -> None:
        """Tell the director's terminal ``line()``, said in the room's language (a phone's
        request may be speaking another)."""
        with speaking(self.language):
            text = line()
        print(text, file=sys.stderr, flush=True)


class GameSettings:
    """What ``game serve`` was told: the store, the rules a phone may start a game with (by
    name: a built-in's or a club file's, each already read and checked; never a path a phone
    sends), the rules a game takes when none is chosen, the house's target, the phones'
    address and the room's language."""

    def __init__(self, db: str | None, rules: dict[str, "Rules"], default: str, *,
                 target: int | None, phone_url: str, language: str = "en",
                 phones_reach: bool = True) -> None:
        self.db = db
        self.rules = rules
        self.default = default
        self.target = target
        self.phone_url = phone_url
        self.language = language
        self.phones_reach = phones_reach

    def open_store(self) -> "SqlStore":
        """The store, opened anew (one per thread that writes to it)."""
        return open_store(self.db)
