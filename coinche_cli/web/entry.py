"""A table's result entered from a phone: the checks of the live page, then those of
``tournament result`` (:func:`coinche_cli.tournament.results.enter_result`), in that order,
those on the tournament inside the write's own transaction:

1. the form was issued by this server for this table and this round, and is sent once, by
   the browser it was given to (its token, also in a cookie of this site only);
2. neither this phone nor the table has had its wrong codes of the minute
   (:class:`~coinche_cli.web.guard.WrongCodes`: five from one phone, twenty from all);
3. the round is still the form's (the write's own rule of a closed round,
   :func:`~coinche_cli.tournament.results.check_open`), the table still holds the teams the
   form showed, and the code is the table's (compared in constant time; only a wrong code
   counts, checked and counted in the write's own transaction, one try at a time);
4. the table is not scored deal by deal, and has no result yet (a correction is the
   director's); the scores are two whole numbers, plausible for the match format.

The result is stored as entered from the web (its ``source``, kept in the history).  The
answers are the page's own sentences, in its language: a player is never told of
``--replace``, nor of the store; when the store cannot take the result (gone, another
program's file, out of reach), the phone is told to see the director and the director's
terminal says why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from coinche_cli.errors import CoincheError, OperationError, escaped_text
from coinche_cli.i18n import _, ngettext, speaking
from coinche_cli.tournament.codes import same_code, table_code
from coinche_cli.values import Value
from coinche_cli.web.guard import MAX_WRONG, MAX_WRONG_TABLE

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store
    from coinche_cli.tournament.model import Board, Tournament
    from coinche_cli.web.guard import Closed, Forms, WrongCodes
    from coinche_cli.web.settings import Settings

#: The highest score a phone may type (the plausibility check refuses far less).
MOST = 1_000_000


class Answer(Value):
    """What became of an entry: saved or not, what the page says (in its language: the entry
    runs in the request's context) and the HTTP status."""

    __slots__ = ("saved", "status", "text")

    def __init__(self, saved: bool, text: str, status: int = 200) -> None:
        self.saved = saved
        self.text = text
        self.status = status


class _Refused(OperationError):
    """A phone's entry refused by the live page's own checks, with its HTTP status."""

    def __init__(self, message: str, status: int, **values: Any) -> None:
        super().__init__(message, **values)
        self.status = status


def _closed(round_number: int) -> _Refused:
    """The form's round is no longer the current one (a player cannot correct a result)."""
    return _Refused(_("This form is for round {round}, which is closed: a later round has "
                      "been paired. A correction is the director's."), 409, round=round_number)


def _too_many(closed: Closed) -> Answer:
    """A try refused before its code is checked: this phone's wrong codes, or the table's."""
    if closed == "phone":
        return Answer(False, _("Too many wrong codes from this phone for this table: wait a "
                               "minute, or ask the director."), 429)
    return Answer(False, _("Too many wrong codes for this table: wait a minute, or ask the "
                           "director."), 429)


def _not_saved(settings: Settings, table: int, reason: str) -> Answer:
    """The store could not take the result: the director's terminal says why, the phone
    (in its own words) to see the director."""
    settings.tell(lambda: _("live page: the result of table {table} sent from a phone could "
                            "not be saved: {reason}").format(table=table, reason=reason))
    return Answer(False, _("The result could not be saved: show your score sheet to the "
                           "director."), 503)


def enter(settings: Settings, forms: Forms, wrong: WrongCodes, sent: dict[str, str],
          cookie: str, table: int, client: str = "?") -> Answer:
    """Check and store the result ``sent`` for ``table`` of the round its form was made for
    (refused, in the page's words, if that round is closed); ``client`` is the phone that
    sent it (:func:`~coinche_cli.web.guard.client_of`)."""
    from coinche_cli.tournament.results import RoundClosed, enter_result

    try:
        form_round = int(sent.get("round", ""))
    except ValueError:
        form_round = -1
    if not cookie:
        return Answer(False, _("This browser did not send the form's cookie back: allow cookies "
                               "for this page, then open the table's page again."), 403)
    teams = forms.take(sent.get("token", ""), cookie, form_round, table)
    if teams is None:
        return Answer(False, _("This form was already sent, or has expired: open the table's "
                               "page again."), 403)
    closed = wrong.closed(client, form_round, table)  # refused without opening the store
    if closed is not None:
        return _too_many(closed)
    if settings.store_gone():  # a write would make a new, empty store in its place
        with speaking(settings.language):
            reason = _("the store {path} is gone (moved or deleted)").format(
                path=settings.store_file())
        return _not_saved(settings, table, reason)
    scores = [_score(sent.get(field, "")) for field in ("score1", "score2")]
    store = settings.open_store()

    def check(tournament: Tournament, board: Board) -> None:
        """Checks 2 to 4 on the table as the write reads it (its round is still the form's:
        the write's own rule, ``results.check_open``); the store's write lock runs them one
        try at a time."""
        now_closed = wrong.closed(client, form_round, table)  # tries sent at the same moment
        if now_closed is not None:
            raise _Refused(_too_many(now_closed).text, 429)
        _check_table(store, tournament, form_round, board, teams, sent.get("code", ""),
                     lambda: wrong_code(settings, wrong, client, form_round, table))
        if scores[0] is None or scores[1] is None:
            raise _Refused(_("The scores are two whole numbers."), 400)

    try:
        entered = enter_result(store, settings.tournament, str(table), scores[0], scores[1],
                               round_number=form_round, source="web", check=check)
    except RoundClosed as exc:  # a player cannot correct a result: the page says so
        return Answer(False, _closed(exc.round).text, 409)
    except _Refused as exc:
        return Answer(False, exc.text, exc.status)
    except OperationError as exc:  # refused as tournament result refuses it
        return Answer(False, exc.text, 409)
    except CoincheError as exc:  # the store cannot take it (gone, not coinche's, busy...)
        return _not_saved(settings, table, exc.text)
    finally:
        store.close()
    saved = entered.round.board(table)
    assert saved is not None
    # each score beside its team (a mêlée: its pair), as the players can check it
    return Answer(True, _("Table {table}: {team1} {score1} – {team2} {score2}, saved").format(
        table=table, team1=teams[0], score1=saved.score1, team2=teams[1],
        score2=saved.score2))


def wrong_code(settings: Settings, wrong: WrongCodes, client: str, round_number: int,
                table: int) -> None:
    """Count a wrong code; tell the director's terminal when it closes the table, or the
    table to this phone, and how to open it again."""
    closed = wrong.count(client, round_number, table)
    if closed == "table":
        phones = wrong.phones(round_number, table)
        settings.tell(lambda: ngettext(
            "live page: table {table} is closed to phones for a minute: {count} wrong codes "
            "from {phones} phone; coinche tournament reopen {table} opens it again",
            "live page: table {table} is closed to phones for a minute: {count} wrong codes "
            "from {phones} phones; coinche tournament reopen {table} opens it again",
            phones).format(table=table, count=MAX_WRONG_TABLE, phones=phones))
    elif closed == "phone":
        settings.tell(lambda: _(
            "live page: {client} sent {count} wrong codes for table {table}: its tries there "
            "are refused for a minute (coinche tournament reopen {table} opens it again)").format(
                # a proxy's X-Forwarded-For (serve --proxy) may name it: text, not a command
                client=escaped_text(client[:80]), count=MAX_WRONG, table=table))


def _check_table(store: Store, tournament: Tournament, round_number: int, board: Board,
                 teams: tuple[str, ...], typed: str, wrong: Callable[[], None]) -> None:
    """The table holds the teams the form showed, the code is the table's (compared in
    constant time; ``wrong()`` counts a wrong one), and the table takes a result from a phone
    now."""
    if (tournament.name_of(board.team1), tournament.name_of(board.team2)) != teams:
        # unpaired and paired again
        raise _Refused(_("The round was paired again since this page was opened: open the "
                         "table's page again."), 409)
    key = store.code_key(tournament.id)  # given when the round was paired
    if key is None or not same_code(typed, table_code(
            key[0], round_number, board.table, (board.team1, board.team2), key[1])):
        wrong()
        raise _Refused(_("This is not the table's code: it is on your score sheet."), 403)
    if board.game_id is not None:  # its game gives its result
        raise _Refused(_("This table keeps its score deal by deal: its result comes from its "
                         "game."), 409)
    if board.has_result:  # entered meanwhile, from the desk or another phone
        raise _Refused(_("This table's result is entered. A correction is the director's."),
                       409)


def _score(text: str) -> int | None:
    """A score typed on a phone: digits only, at most :data:`MOST`."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 7:
        return None
    value = int(text)
    return value if value <= MOST else None
