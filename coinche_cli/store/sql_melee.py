"""The queries of a concours à la mêlée, for both SQL backends: its players, each partie's
drawn pairs and who sat out.

A mêlée's pair is a row of ``team`` made when its partie is drawn (its two players in
``player1`` and ``player2``, its name "Ana & Cyd"), so that a table, its result, a forfeit,
a penalty and a table's game are stored as a formed-team concours stores them.  A mixin of
:class:`coinche_cli.store.sql.SqlStore`, which gives the connection.
"""

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from coinche_cli.store.connection import Connected

if TYPE_CHECKING:
    from coinche_cli.tournament import model


class MeleeQueries(Connected):
    """A mêlée's players, pairs and sit-outs (mixed into ``SqlStore``)."""

    def _players_of(self, tournament_id: int) -> "tuple[model.Entrant, ...]":
        from coinche_cli.tournament.model import Entrant

        return tuple(
            Entrant(r[0], r[1], r[2], r[3], r[4], r[5], r[6], kind="player")
            for r in self.db.execute(
                "SELECT id, name, club, licence, registered, joined_round, dropped_after"
                " FROM player WHERE tournament_id = ? ORDER BY registered", (tournament_id,))
        )

    def _sitting_out(self, tournament_id: int) -> dict[int, tuple[int, ...]]:
        """Who sat out each partie (player ids), by partie."""
        found: dict[int, list[int]] = {}
        for number, player in self.db.execute(
                "SELECT round, player_id FROM sitting_out WHERE tournament_id = ?"
                " ORDER BY round, player_id", (tournament_id,)):
            found.setdefault(number, []).append(player)
        return {number: tuple(ids) for number, ids in found.items()}

    def add_pairs(self, tournament_id: int, number: int,
                  pairs: "Sequence[model.Team]") -> list[int]:
        """Store the pairs drawn for partie ``number`` (each a team of two ``members``);
        returns their ids in order.  A pair's key is its partie and place, never its name:
        the same two players may be drawn together again when nothing else can be."""
        return [
            self._insert(
                "INSERT INTO team (tournament_id, name, name_key, players, club, registered,"
                " joined_round, dropped_after, player1, player2)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (tournament_id, pair.name, f"#{number}.{index}",
                 json.dumps(list(pair.players), ensure_ascii=False), "", pair.registered,
                 number, number, pair.members[0], pair.members[1]),
            )
            for index, pair in enumerate(pairs, start=1)
        ]

    def set_sitting_out(self, tournament_id: int, number: int, players: Sequence[int]) -> None:
        """Record who sits out partie ``number``."""
        self._changing().executemany(
            "INSERT INTO sitting_out (tournament_id, round, player_id) VALUES (?, ?, ?)",
            [(tournament_id, number, player) for player in players])

    def _remove_partie(self, tournament_id: int, number: int) -> None:
        """Forget partie ``number``'s pairs and sit-outs (its tables are gone already)."""
        db = self._changing()
        db.execute("DELETE FROM sitting_out WHERE tournament_id = ? AND round = ?",
                   (tournament_id, number))
        db.execute("DELETE FROM team WHERE tournament_id = ? AND joined_round = ?"
                   " AND player1 IS NOT NULL", (tournament_id, number))
