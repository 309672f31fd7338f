"""The score sheet on the phone: a game scored deal by deal from a phone, a concours table's
(``tournament serve --entry``) or a free game's (``coinche game serve``), with the engine
and the checks of ``game add`` / ``game undo`` / ``game edit`` (:mod:`coinche_cli.game.ops`).

Every answer is the game as ``game show --json`` prints it (:func:`sheet_json`); every
refusal a :class:`Refused`: the field it names, the sentence of ``game add`` in the phone's
language (the calls run in the request's context), an HTTP status, and nothing written.

What a phone may do, checked in this order:

1. a concours table: the table is one of the current round's, its code is the one printed
   on its score sheet (compared in constant time; wrong codes counted per phone and per
   table, :class:`~coinche_cli.web.guard.WrongCodes`); a free game: its join code names a
   game started from a phone (wrong join codes counted per phone);
2. inside the change's own transaction (:data:`coinche_cli.game.ops.Check`): the table still
   plays that game (a round paired again is refused), the deal the phone meant is the one
   coming (``deal_number``: two phones posting at once never leave a gap or a duplicate,
   the second is refused with the sheet as it now is), and a deal posted again by a phone
   that lost the answer (the same deal as the last one, within :data:`REPOST_SECONDS`) is
   not written twice: the answer is the sheet;
3. the rules: every refusal of ``game add``.

A concours table's clock is its round's (the pairing's time, plus ``--round-minutes`` or
the rules' ``end.time_limit``, plus the minutes ``tournament time`` gave the table): a deal
posted once it is out is the game's last, and the game records that time was called at it.
"""

from __future__ import annotations

import calendar
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from coinche_cli.errors import CoincheError, InputError, OperationError, StoreError, filled
from coinche_cli.i18n import _
from coinche_cli.tournament.codes import same_code, table_code

if TYPE_CHECKING:
    from coinche_cli.game.state import GameState
    from coinche_cli.game.views import ShownView
    from coinche_cli.scoring.deal import Deal
    from coinche_cli.store.protocol import Store
    from coinche_cli.store.records import GameRecord
    from coinche_cli.web.guard import WrongCodes

#: A deal posted again within this many seconds, the same as the game's last, is a phone
#: that lost the answer: it is not written twice.
REPOST_SECONDS = 10.0
#: How long after a deal "Annuler" takes it back on a table whose game it ended (the page
#: offers it for 5 seconds; the rest is the time the request takes, and the clock's second).
ANNULER_SECONDS = 12.0
#: The most bytes of a request's body (a deal is at most 10,000 characters of JSON).
MAX_BODY = 12_000


class Refused(Exception):
    """A phone's change refused: the field it names, why (one line, in the phone's
    language), the HTTP status, and the sheet as it now is when that helps the phone."""

    def __init__(self, field: str, message: str, status: int = 400,
                 sheet: ShownView | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.status = status
        self.sheet = sheet

    def to_json(self) -> dict[str, Any]:
        """``{"error": {"field", "message"}}``, and the sheet when the refusal has one."""
        out: dict[str, Any] = {"error": {"field": self.field, "message": self.message}}
        if self.sheet is not None:
            out["game"] = self.sheet
        return out


class _Again(Exception):
    """The deal posted is the game's last one, posted again: nothing to write."""


def refused(exc: CoincheError, field: str = "deal") -> Refused:
    """A refusal of the engine as the phone gets it: an input's own field, else ``field``;
    the store that cannot take a change: the phone is told to see the director (503)."""
    if isinstance(exc, InputError):
        return Refused(exc.field, exc.text)
    if isinstance(exc, OperationError):
        return Refused(field, exc.text)
    return Refused("store", _("The score could not be saved: show your score sheet to the "
                              "director.") if isinstance(exc, StoreError) else exc.text, 503)


def sheet_json(store: Store, game_id: int) -> ShownView:
    """The game as ``game show --json`` prints it (its history included)."""
    from coinche_cli.game import ops as games
    from coinche_cli.game import views

    with store.reading():
        record, state = games.load(store, game_id)
        return views.shown_json(record, state, games.history(store, game_id))


def read_deal(data: Any) -> Deal | None:
    """The deal a phone posted: the JSON object of ``game add --deal`` (None, or the word
    ``passe``: everybody passed)."""
    from coinche_cli.scoring.deal import deal_from_json, is_pass

    if data is None or (isinstance(data, str) and is_pass([data])):
        return None
    return deal_from_json(data)


def deal_number(data: Any, field: str = "deal_number") -> int | None:
    """The deal a phone means (a whole number from 1), or None when it names none."""
    if data is None:
        return None
    if isinstance(data, bool) or not isinstance(data, int) or not 0 < data < 1_000_000:
        raise Refused(field, filled(_("{field}: expected {expected}, got “{got}”"),
                                    field=field, expected=_("a deal's number"), got=str(data)))
    return data


class Asked:
    """One change a phone asks for: add a deal (``number``: the number it expects the deal
    to take), undo the last deal (``number``: the deal it means), or edit deal ``number``."""

    def __init__(self, kind: str, deal: Deal | None = None, number: int | None = None) -> None:
        self.kind = kind
        self.deal = deal
        self.number = number


def apply(store: Store, game_id: int | None, change: Asked, guard: Any = None,
          time_out: Any = None, *, final: bool = False,
          create: Callable[[Store], int] | None = None) -> ShownView:
    """Make ``change`` to game ``game_id`` (or, with ``create``, to the game it makes in the
    same transaction: a table's first deal) through the engine, with the checks of step 2
    (``guard(record)``: the caller's own, such as the table still playing the game;
    ``time_out(record, state)``: whether the deal being added is the last; ``final``: a
    game that has ended is the table's result, which only "Annuler" takes back, within
    :data:`ANNULER_SECONDS` of its last deal); the game as ``game show --json`` prints it
    after."""
    from coinche_cli.game import ops as games

    def check(record: GameRecord, before: GameState) -> bool:
        if guard is not None:
            guard(record)
        last = before.last_number
        if final and before.finished and change.kind != "add" and not (
                change.kind == "undo" and _just_ended(store, record.id)):
            raise Refused("game", _("The game is over and its result is the table's: a "
                                    "correction is the director's."), 409,
                          sheet_json(store, record.id))
        if change.kind == "add":
            # posted again: the same deal as the last, which is the one the phone names (or,
            # when it names none, recorded a few seconds ago); a deal that names the next
            # number is a new deal, however like the last
            if change.number in (None, last) and _posted_again(
                    store, record.id, change.deal, within=None if change.number else
                    REPOST_SECONDS):
                raise _Again
            if before.finished:
                raise Refused("game", _("This game is over: its last deal is on the sheet, "
                                        "nothing more can be added."), 409,
                              sheet_json(store, record.id))
            if change.number is not None and change.number != last + 1:
                raise Refused("deal_number", _(
                    "deal {number} is already on the sheet (another phone?): the next deal "
                    "is {next}").format(number=change.number, next=last + 1), 409,
                    sheet_json(store, record.id))
            return bool(time_out(record, before)) if time_out is not None else False
        if change.kind == "undo" and change.number is not None and change.number != last:
            raise Refused("deal_number", _(
                "deal {number} is not the last deal (the last is {last}): nothing was "
                "undone").format(number=change.number, last=last), 409,
                sheet_json(store, record.id))
        return False

    try:
        if change.kind == "add" and create is not None:
            game_id = games.add_first(store, create, change.deal, check).game_id
        elif change.kind == "add":
            games.add(store, game_id, change.deal, check)
        elif change.kind == "undo":
            games.undo(store, game_id, check)
        else:
            assert change.number is not None
            games.edit(store, game_id, change.number, change.deal, check)
    except _Again:
        pass  # the deal is on the sheet once: the sheet is the answer
    except CoincheError as exc:
        raise refused(exc) from None
    assert game_id is not None
    return sheet_json(store, game_id)


def _just_ended(store: Store, game_id: int) -> bool:
    """Whether the game's last deal was recorded within :data:`ANNULER_SECONDS`."""
    last = store.last_deal(game_id)
    return last is not None and _age(last.recorded) <= ANNULER_SECONDS


def _posted_again(store: Store, game_id: int, deal: Deal | None,
                  within: float | None) -> bool:
    """Whether ``deal`` is the game's last deal posted again (``within`` seconds of it, when
    given), the sides as typed read as the game reads them."""
    last = store.last_deal(game_id)
    if last is None or (within is not None and _age(last.recorded) > within):
        return False
    if deal is None or last.deal is None:
        return deal is None and last.deal is None
    from coinche_cli.game.ops import setup_of

    record = store.game(game_id)
    assert record is not None
    try:
        typed = setup_of(record).with_sides(deal).to_json()
    except CoincheError:
        return False  # refused as the engine refuses it
    return dict(typed) == dict(last.deal)


def _age(moment: str) -> float:
    """Seconds since a recorded ISO moment (UTC, to the second)."""
    try:
        then = calendar.timegm(time.strptime(moment[:19], "%Y-%m-%dT%H:%M:%S"))
    except ValueError:
        return float("inf")
    return time.time() - then


# -- a concours table ------------------------------------------------------------------------

class Table:
    """Table ``number`` of the current round of tournament ``name``, as a phone with
    ``code`` reaches it (step 1), in ``store``."""

    def __init__(self, store: Store, name: str | None, number: int, code: str, client: str,
                 wrong: WrongCodes, round_minutes: int | None = None,
                 on_wrong: Any = None) -> None:
        self.store = store
        self.name = name
        self.number = number
        self.code = code
        self.client = client
        self.wrong = wrong
        self.round_minutes = round_minutes
        self.on_wrong = on_wrong  # told of a wrong code (the director's terminal)
        self.tournament_id, self.round = self._find()

    def _find(self) -> tuple[int, int]:
        from coinche_cli.tournament.found import find_id

        try:
            tid = find_id(self.store, self.name)
        except CoincheError as exc:
            raise Refused("table", exc.text, 404) from None
        latest = self.store.latest_round(tid)
        if latest is None or self.store.board(tid, latest, self.number) is None:
            raise Refused("table", _("There is no table {table} in this round.").format(
                table=self.number), 404)
        return tid, latest

    def check_code(self) -> None:
        """Step 1: the phone's code is the table's (its wrong codes of the minute first)."""
        closed = self.wrong.closed(self.client, self.round, self.number)
        if closed == "phone":
            raise Refused("code", _("Too many wrong codes from this phone for this table: "
                                    "wait a minute, or ask the director."), 429)
        if closed == "table":
            raise Refused("code", _("Too many wrong codes for this table: wait a minute, or "
                                    "ask the director."), 429)
        if not self.code:
            raise Refused("code", _("Type the table's code: it is on your score sheet."), 403)
        board = self.store.board(self.tournament_id, self.round, self.number)
        key = self.store.code_key(self.tournament_id)
        assert board is not None  # found above; a round withdrawn since: refused below
        if key is None or not same_code(self.code, table_code(
                key[0], self.round, self.number, (board.team1, board.team2), key[1])):
            if self.on_wrong is not None:
                self.on_wrong(self.client, self.round, self.number)
            else:
                self.wrong.count(self.client, self.round, self.number)
            raise Refused("code", _("This is not the table's code: it is on your score "
                                    "sheet."), 403)

    def create(self, store: Store) -> int:
        """Make the table's game, inside the caller's transaction (its first deal's)."""
        from coinche_cli.tournament.table_games import start_table_game

        return start_table_game(store, self.name, self.number, current=False)

    def game_id(self, *, start: bool) -> int | None:
        """The table's game; with ``start``, made now when it has none (refused when the
        table's result is in)."""
        board = self.store.board(self.tournament_id, self.round, self.number)
        if board is None:
            raise Refused("table", _("There is no table {table} in this round.").format(
                table=self.number), 404)
        if board.game_id is not None:
            return board.game_id
        if board.has_result:
            raise Refused("table", _("This table's result is entered. A correction is the "
                                     "director's."), 409)
        if not start:
            return None
        from coinche_cli.tournament.table_games import create_table_game

        try:
            return create_table_game(self.store, self.name, self.number, current=False)
        except CoincheError as exc:
            # the table's other phone started its game since the board was read: that game
            # is the table's (the deal's number is then checked against it, 409 if taken)
            again = self.store.board(self.tournament_id, self.round, self.number)
            if again is not None and again.game_id is not None:
                return again.game_id
            raise refused(exc, "table") from None

    def guard(self, record: GameRecord) -> None:
        """Inside the change: the table still plays this game (not paired again since)."""
        board = self.store.board(self.tournament_id, self.round, self.number)
        if board is None or board.game_id != record.id:
            raise Refused("table", _("The round was paired again since this page was "
                                     "opened: open the table's page again."), 409)

    def deadline(self) -> float | None:
        """When the table's time is out (seconds since the epoch), None without a clock:
        the round's pairing, plus its minutes, plus the table's own."""
        minutes = self.round_minutes or _time_limit(self.store, self.tournament_id)
        paired = self.store.round_paired(self.tournament_id, self.round)
        if not minutes or not paired:
            return None
        added = self.store.table_minutes(self.tournament_id, self.round).get(self.number, 0)
        started = calendar.timegm(time.strptime(paired[:19], "%Y-%m-%dT%H:%M:%S"))
        return float(started + (minutes + added) * 60)

    def time_out(self, record: GameRecord, before: GameState) -> bool:
        """Whether the table's time is out: the deal being added is the last."""
        deadline = self.deadline()
        return deadline is not None and time.time() >= deadline


def _time_limit(store: Store, tournament_id: int) -> int | None:
    """The tournament rules' ``end.time_limit`` (minutes), if they have one."""
    end = store.tournament_rules(tournament_id).get("end")
    limit = end.get("time_limit") if isinstance(end, dict) else None
    return limit if isinstance(limit, int) else None


def table_change(table: Table, change: Asked) -> ShownView:
    """A change to the table's game (the game made with its first deal: both written, or,
    the deal refused, neither)."""
    table.check_code()
    game_id = table.game_id(start=False)
    if game_id is None and change.kind != "add":
        raise Refused("deal_number", _("This table has no deal yet."), 400)
    if game_id is not None:
        return apply(table.store, game_id, change, table.guard, table.time_out, final=True)
    try:
        return apply(table.store, None, change, table.guard, table.time_out, final=True,
                     create=table.create)
    except Refused:
        game_id = table.game_id(start=False)
        if game_id is None:
            raise
        # another phone's first deal came first: this one follows it, or is refused as any
        # deal posted at the same moment
        return apply(table.store, game_id, change, table.guard, table.time_out, final=True)


def table_sheet(table: Table, *, start: bool = False) -> ShownView:
    """The table's game as ``game show --json`` prints it (``start``: made now if it has
    none); refused when it has none."""
    table.check_code()
    game_id = table.game_id(start=start)
    if game_id is None:
        raise Refused("table", _("This table does not keep its score deal by deal yet: its "
                                 "first deal starts its sheet."), 404)
    return sheet_json(table.store, game_id)


# -- a free game (game serve) ----------------------------------------------------------------

def free_game(store: Store, join_code: str, client: str, wrong: WrongCodes) -> int:
    """The id of the game started from a phone under ``join_code`` (wrong codes counted per
    phone: five a minute)."""
    from coinche_cli.tournament.codes import ALPHABET, LENGTH

    if wrong.closed(client, 0, 0) is not None:
        raise Refused("join_code", _("Too many wrong join codes from this phone: wait a "
                                     "minute."), 429)
    cleaned = "".join(c for c in join_code.upper() if c not in " -")
    record = None
    if len(cleaned) == LENGTH and all(c in ALPHABET for c in cleaned):
        record = store.joined_game(cleaned)
    if record is None:
        wrong.count(client, 0, 0)
        raise Refused("join_code", _("No game has this join code: it is on the first "
                                     "phone's page."), 404)
    return record.id
