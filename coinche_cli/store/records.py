"""What a store holds and gives back, as plain values: a game, a deal, a tournament's identity,
a table's result as it was entered (and every one it replaced).

The backends (:mod:`coinche_cli.store.sql`) build them from their rows and the operations
read them; the whole tournament (teams, rounds, tables) is the domain's
:class:`~coinche_cli.tournament.model.Tournament`, which a store also returns.  Plain values
(:mod:`coinche_cli.values`): ``game add`` loads a game and its last deal on every deal.
"""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal, assert_never

from coinche_cli.i18n import _
from coinche_cli.values import Value

if TYPE_CHECKING:
    from coinche_cli.game.state import Summary
    from coinche_cli.scoring.deal import DealJSON

#: What became of a stored deal: in play, or kept in the history after an undo or an edit.
Status = Literal["active", "removed", "replaced"]


def status_words(status: Status) -> str:
    """A deal's status in words (``game show --history``)."""
    match status:
        case "active":
            return _("active")
        case "removed":
            return _("removed")
        case "replaced":
            return _("replaced")
        case unreachable:
            assert_never(unreachable)


#: Where a table's result came from: typed at the desk, imported from a file, passed on by
#: the table's game, entered from a phone (kept with the result, and in its history).
Source = Literal["desk", "file", "game", "web"]


def source_words(source: Source) -> str:
    """How a result was entered, as the director says it (``tournament show --history``, the
    workbook's entry column)."""
    match source:
        case "desk":
            return _("typed")
        case "file":
            return _("imported")
        case "game":
            return _("deal by deal")
        case "web":
            return _("phone")
        case unreachable:
            assert_never(unreachable)


class ResultRecord(Value):
    """A table's result as it was entered: its scores (or its forfeit, the team's id), its
    winner, where it came from and when; ``replaced`` says when a correction (or an undone
    game's end) replaced it, None for the result the table has now."""

    __slots__ = ("entered", "forfeit", "replaced", "round", "score1", "score2", "source",
                 "table", "winner")

    def __init__(self, round: int, table: int, score1: int | None, score2: int | None,
                 forfeit: int | None, winner: int | None, source: Source, entered: str,
                 replaced: str | None = None) -> None:
        self.round = round
        self.table = table
        self.score1 = score1
        self.score2 = score2
        self.forfeit = forfeit
        self.winner = winner
        self.source = source
        self.entered = entered
        self.replaced = replaced


class GameRecord(Value):
    """A stored game's settings (a plain value: :mod:`coinche_cli.values`)."""

    __slots__ = ("compiled", "created", "deals", "first_dealer", "id", "join_code", "label",
                 "names", "players", "round", "rules", "rules_name", "table_no", "target",
                 "time_called", "tournament_id")

    def __init__(self, id: int, created: str, rules_name: str,
                 rules: Mapping[str, object], players: int, names: dict[str, str],
                 first_dealer: int, target: int | None, deals: int | None, label: str = "",
                 tournament_id: int | None = None, round: int | None = None,
                 table_no: int | None = None, compiled: str | None = None,
                 join_code: str | None = None, time_called: int | None = None) -> None:
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
        self.join_code = join_code  # a game started from a phone (game serve): its code
        self.time_called = time_called  # the deal at which a timed round's time was called

    def with_id(self, game_id: int) -> "GameRecord":
        """This game as stored under ``game_id``."""
        return GameRecord(game_id, self.created, self.rules_name, self.rules, self.players,
                          self.names, self.first_dealer, self.target, self.deals, self.label,
                          self.tournament_id, self.round, self.table_no, self.compiled,
                          self.join_code, self.time_called)


class DealRecord(Value):
    """A stored deal, active or kept in the history after an undo or an edit."""

    __slots__ = ("changed", "deal", "id", "number", "recorded", "replaced_by", "state",
                 "status")

    def __init__(self, id: int, number: int,
                 deal: "DealJSON | None", recorded: str, status: Status,
                 replaced_by: int | None = None, changed: str | None = None,
                 state: "Summary | None" = None) -> None:
        self.id = id
        self.number = number
        self.deal = deal  # the deal as JSON; None when everybody passed
        self.recorded = recorded
        self.status = status  # active | removed | replaced
        self.replaced_by = replaced_by
        self.changed = changed
        self.state = state  # the game's summary after this deal


class TournamentRecord(Value):
    """A stored tournament's identity and settings, as the store lists it (its teams and rounds
    come with the whole :class:`Tournament`)."""

    __slots__ = ("created", "id", "name", "rules", "rules_name", "settings")

    def __init__(self, id: int, name: str, created: str, rules_name: str,
                 rules: Mapping[str, object], settings: Mapping[str, object]) -> None:
        self.id = id
        self.name = name
        self.created = created
        self.rules_name = rules_name
        self.rules = rules  # the validated rules document: a snapshot
        self.settings = settings  # as Settings.to_json wrote them (tournament.model)
