"""Where games and tournaments are kept: the records a store holds, and the schema version.

The operations (:mod:`coinche_cli.game.ops`, :mod:`coinche_cli.tournament.ops`) are typed
against the :class:`~coinche_cli.store.protocol.Store` protocol and never run SQL; a
backend is one module that implements it (:mod:`coinche_cli.store.sqlite`).  A backend only
stores and reads: every check a user can fail (an empty name, a team registered twice, a
closed round) is the operations' job, made before the first write.

Each command is one transaction: :meth:`Store.write` opens it, and everything the operation
reads and writes inside the block is committed together or not at all.
"""

import time
from typing import Any

from coinche_cli.values import Value

#: The schema version this program writes: the number of named steps in
#: :mod:`coinche_cli.store.migrations` (the tests hold the two equal).  Declared here so that
#: opening an up-to-date store, what every command does, need not load the migrations.
SCHEMA_VERSION = 6


class GameRecord(Value):
    """A stored game's settings (a plain value: :mod:`coinche_cli.values`)."""

    __slots__ = ("compiled", "created", "deals", "first_dealer", "id", "label", "names",
                 "players", "round", "rules", "rules_name", "table_no", "target",
                 "tournament_id")

    def __init__(self, id: int, created: str, rules_name: str,
                 rules: dict[str, Any], players: int, names: dict[str, str],
                 first_dealer: int, target: int | None, deals: int | None, label: str = "",
                 tournament_id: int | None = None, round: int | None = None,
                 table_no: int | None = None, compiled: str | None = None) -> None:
        self.id = id
        self.created = created
        self.rules_name = rules_name
        self.rules = rules  # the validated rules document: a snapshot
        self.players = players
        self.names = names  # side -> display name
        self.first_dealer = first_dealer
        self.target = target
        self.deals = deals
        self.label = label
        self.tournament_id = tournament_id  # a tournament table scored deal by deal
        self.round = round
        self.table_no = table_no
        self.compiled = compiled  # the rules as compile_rules wrote them (rules.model), or None

    def with_id(self, game_id: int) -> "GameRecord":
        """This game as stored under ``game_id``."""
        return GameRecord(game_id, self.created, self.rules_name, self.rules, self.players,
                          self.names, self.first_dealer, self.target, self.deals, self.label,
                          self.tournament_id, self.round, self.table_no, self.compiled)


class DealRecord(Value):
    """A stored deal, active or kept in the history after an undo or an edit."""

    __slots__ = ("changed", "deal", "id", "number", "recorded", "replaced_by", "state",
                 "status")

    def __init__(self, id: int, number: int,
                 deal: dict[str, Any] | None, recorded: str, status: str,
                 replaced_by: int | None = None, changed: str | None = None,
                 state: dict[str, Any] | None = None) -> None:
        self.id = id
        self.number = number
        self.deal = deal  # the deal as JSON; None when everybody passed
        self.recorded = recorded
        self.status = status  # active | removed | replaced
        self.replaced_by = replaced_by
        self.changed = changed
        self.state = state  # the game's summary after this deal


def now() -> str:
    """The current time, ISO 8601 in UTC, to the second."""
    # time.strftime, not datetime: this runs on every deal and datetime costs an import
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())
