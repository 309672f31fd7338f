"""The :class:`SeasonStore` protocol: what the season's operations ask of a store, on top of
:class:`~coinche_cli.store.protocol.Store` (imported only for the type checker, as that one
is; :class:`coinche_cli.store.sql.SqlStore` gives it through
:class:`coinche_cli.store.sql_season.SeasonQueries`)."""

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

from coinche_cli.store.protocol import Store

if TYPE_CHECKING:
    from coinche_cli.season.model import SeasonRecord, SeasonSettingsJSON
    from coinche_cli.season.people import Registration, StoredPerson


class SeasonStore(Store, Protocol):
    """Every call the season's operations make on a store."""

    def registrations(self) -> "list[Registration]":
        """Every name every tournament registered, tournament by tournament in order."""

    def people(self) -> "tuple[list[StoredPerson], dict[str, int]]":
        """The people kept (renamed or merged), and every key naming one of them."""

    def add_person(self, name: str, licence: str, created: str) -> int:
        """Keep a person; returns their id."""

    def set_person(self, person_id: int, name: str, licence: str) -> None:
        """A kept person's name and licence."""

    def give_keys(self, person_id: int, keys: Iterable[str]) -> None:
        """Make each of ``keys`` name the person."""

    def remove_person(self, person_id: int) -> None:
        """Forget a kept person, their keys and the merges into them."""

    def take_keys(self, keys: Iterable[str]) -> None:
        """Let ``keys`` name nobody kept."""

    def add_merge(self, kept_id: int, record: str, merged: str) -> int:
        """Keep what a merge changed (JSON), to undo it; returns its id."""

    def merges(self, kept_id: int) -> list[tuple[int, str, str]]:
        """The merges into a kept person, the latest first: id, record (JSON), when."""

    def remove_merge(self, merge_id: int) -> None:
        """Forget a merge (undone)."""

    def create_season(self, name: str, created: str, settings: "SeasonSettingsJSON") -> int:
        """Make a season; returns its id."""

    def find_season(self, name: str) -> int | None:
        """The id of the season called ``name`` (compared folded), or None."""

    def seasons(self) -> "list[SeasonRecord]":
        """Every season with its concours."""

    def add_season_events(self, season_id: int, tournaments: Sequence[int],
                          added: str) -> None:
        """Add concours to a season."""

    def remove_season_events(self, season_id: int, tournaments: Sequence[int]) -> None:
        """Take concours out of a season."""

    def delete_season(self, season_id: int) -> None:
        """Forget a season (its concours stay)."""

    def active_deals(self) -> dict[int, list[tuple[int, str | None, str | None, str]]]:
        """Every game's deals in play, by game: number, the deal and the summary after it
        (JSON texts), when it was recorded."""
