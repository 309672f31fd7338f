"""What every part of a SQL store's queries stands on: the connection a backend gives.

:class:`coinche_cli.store.sql.SqlStore` and the queries mixed into it (a mêlée's, the desk's,
a season's) read and write through these three members; a backend
(:mod:`coinche_cli.store.sqlite`, :mod:`coinche_cli.store.postgres`) gives them.
"""

from collections.abc import Sequence
from typing import Any


class Connected:
    """The connection a store's queries use, given by its backend."""

    @property
    def db(self) -> Any:
        """The connection to read with."""
        raise NotImplementedError

    def _changing(self) -> Any:
        """The connection to change the store with (inside ``write()``)."""
        raise NotImplementedError

    def _insert(self, sql: str, values: Sequence[Any]) -> int:
        """Run an ``INSERT``; the new row's id."""
        raise NotImplementedError
