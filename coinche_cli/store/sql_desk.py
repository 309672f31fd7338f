"""The queries of the registration desk and the prizes, for both SQL backends: who has checked
in, every payment and refund, the prize lines and the cash pot, and a tournament's settings
changed after it was created (``tournament fees --fee``).

An entrant is a team (``team_id``) or, in a mêlée, a player (``player_id``).  A mixin of
:class:`coinche_cli.store.sql.SqlStore`, which gives the connection.
"""

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from coinche_cli.store.connection import Connected

if TYPE_CHECKING:
    from coinche_cli.tournament.model import EntrantKind
    from coinche_cli.tournament.money import Arrival, Payment
    from coinche_cli.tournament.prizes import Pot, PrizeLine
    from coinche_cli.tournament.settings import SettingsJSON


def _column(kind: "EntrantKind") -> str:
    """The column naming an entrant: a mêlée's player, or a team."""
    return "player_id" if kind == "player" else "team_id"


class DeskQueries(Connected):
    """Check-ins, payments, prizes and the pot (mixed into ``SqlStore``)."""

    def set_settings(self, tournament_id: int, settings: "SettingsJSON") -> None:
        """Replace a tournament's settings (inside a write)."""
        self._changing().execute("UPDATE tournament SET settings = ? WHERE id = ?",
                                 (json.dumps(settings), tournament_id))

    def arrivals(self, tournament_id: int) -> "list[Arrival]":
        """Who has checked in, in the order they came."""
        from coinche_cli.tournament.money import Arrival

        return [Arrival(r[1] if r[0] is None else r[0], r[2],
                        "team" if r[0] is None else "player")
                for r in self.db.execute(
                    "SELECT player_id, team_id, arrived FROM checkin WHERE tournament_id = ?"
                    " ORDER BY id", (tournament_id,))]

    def add_arrival(self, tournament_id: int, arrival: "Arrival") -> None:
        """Check a team (or a player) in."""
        self._insert(f"INSERT INTO checkin (tournament_id, {_column(arrival.kind)}, arrived)"
                     " VALUES (?, ?, ?)", (tournament_id, arrival.entrant, arrival.arrived))

    def remove_arrival(self, tournament_id: int, entrant: int, kind: "EntrantKind") -> None:
        """Undo a check-in, with the payment it recorded and every payment and refund of the
        entrant recorded since (``tournament.desk.recorded_since``: both moments are ISO UTC
        text to the second, which sorts as time does)."""
        column = _column(kind)
        db = self._changing()
        db.execute(f"DELETE FROM payment WHERE tournament_id = ? AND {column} = ?"
                   " AND (at_checkin = 1 OR entered >= (SELECT MIN(arrived) FROM checkin"
                   f" WHERE tournament_id = ? AND {column} = ?))",
                   (tournament_id, entrant, tournament_id, entrant))
        db.execute(f"DELETE FROM checkin WHERE tournament_id = ? AND {column} = ?",
                   (tournament_id, entrant))

    def payments(self, tournament_id: int) -> "list[Payment]":
        """Every payment and refund, in the order they were made."""
        from coinche_cli.tournament.money import Payment

        return [Payment(r[1] if r[0] is None else r[0], r[2], r[3], r[4], bool(r[5]), r[6],
                        "team" if r[0] is None else "player")
                for r in self.db.execute(
                    "SELECT player_id, team_id, amount, method, reason, at_checkin, entered"
                    " FROM payment WHERE tournament_id = ? ORDER BY id", (tournament_id,))]

    def add_payment(self, tournament_id: int, payment: "Payment") -> None:
        """Record a payment (a refund: a negative amount)."""
        self._insert(
            f"INSERT INTO payment (tournament_id, {_column(payment.kind)}, amount, method,"
            " reason, at_checkin, entered) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (tournament_id, payment.entrant, payment.amount, payment.method, payment.reason,
             int(payment.at_checkin), payment.entered))

    def prize_lines(self, tournament_id: int) -> "list[PrizeLine]":
        """The prize list, in the order its lines were given."""
        from coinche_cli.tournament.prizes import PrizeLine

        return [PrizeLine(r[0], r[1], r[2], r[3]) for r in self.db.execute(
            "SELECT first_rank, last_rank, prize, amount FROM prize WHERE tournament_id = ?"
            " ORDER BY id", (tournament_id,))]

    def set_prize_lines(self, tournament_id: int, lines: "Sequence[PrizeLine]") -> None:
        """Replace the prize list."""
        self._changing().execute("DELETE FROM prize WHERE tournament_id = ?", (tournament_id,))
        for line in lines:
            self._insert("INSERT INTO prize (tournament_id, first_rank, last_rank, prize, amount)"
                         " VALUES (?, ?, ?, ?, ?)",
                         (tournament_id, line.first, line.last, line.prize, line.amount))

    def prize_pot(self, tournament_id: int) -> "Pot | None":
        """The cash pot, if there is one."""
        from coinche_cli.tournament.prizes import Pot

        row = self.db.execute("SELECT percents, amount FROM prize_pot WHERE tournament_id = ?",
                              (tournament_id,)).fetchone()
        return None if row is None else Pot(tuple(json.loads(row[0])), row[1])

    def set_prize_pot(self, tournament_id: int, pot: "Pot | None") -> None:
        """Set the cash pot (None: no pot)."""
        db = self._changing()
        db.execute("DELETE FROM prize_pot WHERE tournament_id = ?", (tournament_id,))
        if pot is not None:
            db.execute("INSERT INTO prize_pot (tournament_id, percents, amount) VALUES (?, ?, ?)",
                       (tournament_id, json.dumps(list(pot.percents)), pot.amount))

    def prize_orders(self, tournament_id: int) -> list[tuple[int, ...]]:
        """The orders decided between tied entrants: each its entrants' ids, in order."""
        orders: dict[int, list[int]] = {}
        for row in self.db.execute(
                "SELECT decision, team_id, player_id FROM prize_order WHERE tournament_id = ?"
                " ORDER BY decision, position", (tournament_id,)):
            orders.setdefault(row[0], []).append(row[1] if row[2] is None else row[2])
        return [tuple(ids) for ids in orders.values()]

    def set_prize_orders(self, tournament_id: int, orders: Sequence[tuple[int, ...]],
                         kind: "EntrantKind") -> None:
        """Replace the orders decided between tied entrants (a team, or a mêlée's player)."""
        db = self._changing()
        db.execute("DELETE FROM prize_order WHERE tournament_id = ?", (tournament_id,))
        db.executemany(f"INSERT INTO prize_order (tournament_id, decision, position,"
                       f" {_column(kind)}) VALUES (?, ?, ?, ?)",
                       [(tournament_id, decision, position, entrant)
                        for decision, ids in enumerate(orders, start=1)
                        for position, entrant in enumerate(ids, start=1)])
