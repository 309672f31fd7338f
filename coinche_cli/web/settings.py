"""What ``tournament serve`` was told, as the live page's parts read it."""

from collections.abc import Callable
from typing import Any


class Settings:
    """What ``tournament serve`` was told: where the store is, which tournament, whether
    results may be entered, the round's length, and the phones' address."""

    def __init__(self, open_store: Callable[[], Any], tournament: str | None, *, entry: bool,
                 round_minutes: int | None, phone_url: str) -> None:
        self.open_store = open_store  # a new store each time (one per thread)
        self.tournament = tournament
        self.entry = entry
        self.round_minutes = round_minutes
        self.phone_url = phone_url
