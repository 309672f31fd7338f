"""What ``tournament serve`` was told, as the live page's parts read it."""

from typing import TYPE_CHECKING

from coinche_cli.store.connect import open_store

if TYPE_CHECKING:
    from coinche_cli.store.sql import SqlStore


class Settings:
    """What ``tournament serve`` was told: the store (``--db``: a file, a URL, or None for the
    default), which tournament, whether results may be entered, the round's length, the
    phones' address, and the room's language (the one coinche runs in: the projector's)."""

    def __init__(self, db: str | None, tournament: str | None, *, entry: bool,
                 round_minutes: int | None, phone_url: str, language: str = "en") -> None:
        self.db = db
        self.tournament = tournament
        self.entry = entry
        self.round_minutes = round_minutes
        self.phone_url = phone_url
        self.language = language

    def open_store(self) -> "SqlStore":
        """The store, opened anew (one per thread or process that reads it)."""
        return open_store(self.db)
