"""Tournament operations: each reads the tournament, checks everything, then writes in one
transaction.  A refused operation leaves the store as it was.  The store is any
:class:`~coinche_cli.store.protocol.Store`: nothing here runs SQL.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from coinche_cli.errors import TournamentError
from coinche_cli.i18n import _, ngettext
from coinche_cli.names import check_name, check_text, fold
from coinche_cli.store import now
from coinche_cli.store.records import ResultRecord, TournamentRecord
from coinche_cli.tournament.field import contenders
from coinche_cli.tournament.found import _read, find_id, next_round
from coinche_cli.tournament.found import load as load  # re-exported: every command reads one
from coinche_cli.tournament.model import Board, Penalty, Round, Settings, Team, Tournament
from coinche_cli.values import Value

if TYPE_CHECKING:
    from coinche_cli.rules.model import Rules
    from coinche_cli.store.protocol import Store
    from coinche_cli.tournament.export_views import ExportData
    from coinche_cli.tournament.melee_draw import MeleeDraw
    from coinche_cli.tournament.standings import Standing
    from coinche_cli.tournament.views import SheetTable


def create(store: Store, name: str, rules: Rules, settings: Settings) -> Tournament:
    """Start a tournament with a snapshot of ``rules``; it becomes the current one."""
    from coinche_cli.scoring.limits import highest_deal_score

    settings.check()
    settings = settings.with_highest_deal(highest_deal_score(rules))
    name = check_name(name, "tournament")
    if not fold(name):
        raise TournamentError(_("a tournament needs a name"))
    record = TournamentRecord(0, name, now(), rules.name, dict(rules.document),
                              settings.to_json())
    with store.write():
        if store.find_tournament(name) is not None:
            raise TournamentError(_("a tournament called “{name}” already exists"), name=name)
        tournament_id = store.create_tournament(record)
        store.set_current("tournament", tournament_id)
    return _read(store, tournament_id)


def listing(store: Store) -> list[TournamentRecord]:
    """Every tournament of the store, oldest first."""
    return store.tournaments()


def use(store: Store, name: str) -> Tournament:
    """Make a tournament the current one."""
    with store.write():
        tournament_id = find_id(store, name)
        store.set_current("tournament", tournament_id)
    return _read(store, tournament_id)


def find_team(tournament: Tournament, name: str, played: Round | None = None) -> Team:
    """The side at a table a name gives: a team by name (case and accents ignored), or an
    unambiguous start of its name or of one of its words.  In a mêlée, a player's name: their
    pair at partie ``played`` (default: the current one)."""
    if tournament.settings.melee:
        from coinche_cli.tournament.melee import find_pair

        return find_pair(tournament, name, played)
    from coinche_cli.tournament import entrants

    return tournament.team(entrants.find(tournament, name).id)


class Paired(Value):
    """A round just paired; a mêlée's partie with its draw (what it could not keep)."""

    __slots__ = ("absent", "drawn", "round", "tournament")

    def __init__(self, tournament: Tournament, round: Round,
                 drawn: MeleeDraw | None = None, absent: tuple[str, ...] = ()) -> None:
        self.tournament = tournament
        self.round = round
        self.drawn = drawn
        self.absent = absent  # left out: not checked in (tournament new --require-checkin)


def pair_next(store: Store, name: str | None, how: str | None = None,
              same_club: str | None = None, stage: str | None = None) -> Paired:
    """Pair the next round (round 1: the draw; later: Swiss); a mêlée's partie is drawn
    (``how``: random or by-score, and ``same_club``, for this partie only).  Once the first
    stage of a concours with stages is over, the next partie of every stage that plays
    (``stage``: that one alone; :mod:`coinche_cli.tournament.stage_ops`)."""
    from coinche_cli.tournament.desk import checked_in, left_out
    from coinche_cli.tournament.pairing import draw, pair

    with store.write():
        tournament = load(store, name)
        number = next_round(tournament)
        present = checked_in(store, tournament)  # None: every registered team is paired
        finals = len(tournament.stages) > 1 and (number > tournament.settings.rounds
                                                 or stage is not None)
        if stage is not None and not finals:
            raise TournamentError(_("--stage: {name} has no stage after its first"),
                                  name=tournament.name)
        if finals:
            _current_complete(tournament)
            from coinche_cli.tournament.stage_ops import pair_stages

            if stage is not None:
                from coinche_cli.tournament.stages import first_stage, is_complete

                if not is_complete(tournament, first_stage(tournament)):
                    raise TournamentError(_("--stage: the first stage is not complete"))
            played = pair_stages(store, tournament, number, stage)
            return Paired(load(store, name), played)
        if number > tournament.settings.rounds:
            raise TournamentError(ngettext("the one round has been paired",
                                           "all {rounds} rounds have been paired",
                                           tournament.settings.rounds),
                                  rounds=tournament.settings.rounds)
        _current_complete(tournament)
        if tournament.settings.melee:
            return _drawn(store, tournament, number, how, same_club, present)
        if how is not None:
            raise TournamentError(_("--draw draws a mêlée's parties; {name} is played by "
                                    "formed teams"), name=tournament.name)
        if tournament.settings.group_size is not None:  # a concours in poules
            return _poules(store, tournament, number, present)
        field = contenders(tournament, number, present)
        if len(field) < 2:
            raise TournamentError(ngettext("{count} team to pair: at least 2 are needed",
                                           "{count} teams to pair: at least 2 are needed",
                                           len(field)), count=len(field))
        if number == 1:
            ordered = sorted(field, key=lambda c: tournament.team(c.team).registered)
            result = draw([c.team for c in ordered], tournament.settings.seed,
                          {c.team: c.club for c in ordered})
        else:
            result = pair(field, tournament.played_pairs())
        rank = {c.team: i for i, c in enumerate(field)}
        tables = sorted(
            (tuple(sorted(p, key=lambda t: rank[t])) for p in result.tables),
            key=lambda p: rank[p[0]],
        ) if number > 1 else [tuple(p) for p in result.tables]
        boards = tuple(Board(i, a, b) for i, (a, b) in enumerate(tables, start=1))
        played = Round(number, boards, result.bye, len(result.rematches))
        store.add_round(tournament.id, played, now())
        if store.code_key(tournament.id) is None:  # the tables' codes from now on
            from coinche_cli.tournament.codes import new_secret

            store.set_tournament_secret(tournament.id, new_secret())
    return Paired(load(store, name), played, absent=left_out(tournament, number, present))


def _current_complete(tournament: Tournament) -> None:
    """Refuse to pair while the current round has a table without a result."""
    current = tournament.current
    if current is not None and not current.complete:
        missing = [str(b.table) for b in current.boards if not b.has_result]
        raise TournamentError(ngettext("round {round} is not finished: table {tables} has "
                                       "no result",
                                       "round {round} is not finished: tables {tables} have "
                                       "no result", len(missing)),
                              round=current.number, tables=", ".join(missing))


def _poules(store: Store, tournament: Tournament, number: int,
            present: frozenset[int] | None) -> Paired:
    """A partie of a concours in poules (inside the caller's write): the poules drawn before
    the first one."""
    from coinche_cli.tournament.codes import new_secret
    from coinche_cli.tournament.stage_ops import draw_first_groups, group_partie

    if number == 1:
        tournament = draw_first_groups(store, tournament, present)
    pairs, byes = group_partie(tournament.stages[0], number)
    played = Round(number, tuple(Board(i, a, b) for i, (a, b) in enumerate(pairs, start=1)))
    store.add_round(tournament.id, played, now())
    store.add_stage_byes(tournament.id, number, [(0, team) for team in byes])
    if store.code_key(tournament.id) is None:
        store.set_tournament_secret(tournament.id, new_secret())
    return Paired(_read(store, tournament.id), played)


def _drawn(store: Store, tournament: Tournament, number: int, how: str | None,
           same_club: str | None, present: frozenset[int] | None = None) -> Paired:
    """A mêlée's partie drawn (inside the caller's write)."""
    from coinche_cli.tournament.codes import new_secret
    from coinche_cli.tournament.desk import left_out
    from coinche_cli.tournament.melee import draw_next

    played, drawn = draw_next(store, tournament, number, how, same_club, present)
    if store.code_key(tournament.id) is None:
        store.set_tournament_secret(tournament.id, new_secret())
    fresh = _read(store, tournament.id)
    return Paired(fresh, fresh.round(played.number), drawn,
                  left_out(tournament, number, present))


def table_codes(store: Store, tournament: Tournament, number: int) -> dict[int, str]:
    """The entry code of every table of round ``number`` (``tournament.codes``).  A
    tournament paired before codes existed gets its secret now."""
    codes = drawn_codes(store, tournament, number)
    if codes is None:
        _give_secret(store, tournament.id)
        codes = drawn_codes(store, tournament, number)
        assert codes is not None
    return codes


def _give_secret(store: Store, tournament_id: int) -> None:
    """The tournament's secret, for a tournament paired before codes existed."""
    from coinche_cli.tournament.codes import new_secret

    with store.write():
        if store.code_key(tournament_id) is None:  # another desk's, if it was first
            store.set_tournament_secret(tournament_id, new_secret())


def drawn_codes(store: Store, tournament: Tournament, number: int) -> dict[int, str] | None:
    """The entry code of every table of round ``number``, or None while the tournament has no
    secret (nothing written: what ``store copy`` compares)."""
    from coinche_cli.tournament.codes import table_code

    key = store.code_key(tournament.id)
    if key is None:
        return None
    secret, shift = key
    return {board.table: table_code(secret, number, board.table, (board.team1, board.team2),
                                    shift)
            for board in tournament.round(number).boards}


def score_sheets(store: Store, name: str | None, number: int | None
                 ) -> tuple[Tournament, Round, list[SheetTable]]:
    """What ``tournament sheets`` prints for round ``number`` (default: the current one):
    each table's number, teams, players and entry code (for a result entered at the
    table), read in one snapshot (:func:`shown`)."""
    seen = shown(store, name, number, codes=True)
    found, played, codes = seen.tournament, seen.round, seen.codes
    tables: list[SheetTable] = [
        {"table": b.table, "team1": found.name_of(b.team1),
         "players1": ", ".join(found.team(b.team1).players), "team2": found.name_of(b.team2),
         "players2": ", ".join(found.team(b.team2).players), "code": codes[b.table]}
        for b in played.boards
    ]
    return found, played, tables


def unpair(store: Store, name: str | None) -> Round:
    """Withdraw the latest round while none of its tables has a result."""
    with store.write():
        tournament = load(store, name)
        current = tournament.current
        if current is None:
            raise TournamentError(_("no round has been paired yet"))
        if any(b.has_result or b.game_id is not None for b in current.boards):
            raise TournamentError(_("round {round} already has results; it cannot be withdrawn"),
                                  round=current.number)
        if any(p.round == current.number for p in tournament.penalties):
            # a penalty was given at a table this pairing made (a mêlée: to a pair its draw
            # made): withdrawn, it would fall on whoever the team meets next, or name nobody
            raise TournamentError(_("round {round} has penalties; it cannot be withdrawn"),
                                  round=current.number)
        store.remove_round(tournament.id, current.number)
    return current


def penalise(store: Store, name: str | None, team: str, points: int, reason: str,
             to_opponents: bool = True) -> Penalty:
    """Penalise a team in the current round: its opponents get ``points`` (or, when not
    ``to_opponents``, the team loses them)."""
    with store.write():
        tournament = load(store, name)
        found = find_team(tournament, team)
        if points <= 0:
            raise TournamentError(_("a penalty is a positive number of points, got {got}"),
                                  got=points)
        reason = check_text(reason, "reason")
        if not reason:
            raise TournamentError(_("say why: --reason TEXT"))
        current = tournament.current
        if current is None:
            raise TournamentError(_("no round has been paired yet"))
        if to_opponents and current.board_of(found.id) is None:
            raise TournamentError(_("{name} has no opponent in round {round}: use --deduct"),
                                  name=found.name, round=current.number)
        penalty = Penalty(found.id, current.number, points, reason, to_opponents)
        store.add_penalty(tournament.id, penalty, now())
    return penalty


class Shown(Value):
    """A round as ``tournament show`` prints it: the tournament, the round, each table's entry
    code (when asked) and every result the tournament's tables have had (when asked)."""

    __slots__ = ("codes", "history", "round", "tournament")

    def __init__(self, tournament: Tournament, round: Round, codes: dict[int, str],
                 history: list[ResultRecord]) -> None:
        self.tournament = tournament
        self.round = round
        self.codes = codes
        self.history = history  # replaced ones too, oldest first at each table


def shown(store: Store, name: str | None, number: int | None, *, codes: bool = False,
          history: bool = False) -> Shown:
    """Round ``number`` (default: the current one) of the tournament called ``name`` (or
    the current one), read in one snapshot: with ``codes`` each table's entry code (a
    tournament paired before codes existed gets its secret first, then is read), with
    ``history`` every result entered at its tables, how and when."""
    with store.reading():
        found = load(store, name)
        if found.current is None:
            raise TournamentError(_("no round has been paired yet"))
        played = found.round(number or found.current.number)
        table_codes = drawn_codes(store, found, played.number) if codes else {}
        records = store.results(found.id) if history else []
    if table_codes is None:
        _give_secret(store, found.id)
        return shown(store, name, number, codes=codes, history=history)
    return Shown(found, played, table_codes, records)


def export_data(store: Store, name: str | None,
                table_deals: Callable[[Store, int], Sequence[Mapping[str, object]]]
                ) -> ExportData:
    """Everything ``tournament export`` writes, read in one snapshot: the standings, teams,
    rounds and penalties, and the deals of every table scored deal by deal (each game's rows
    as ``table_deals`` reads them: :func:`coinche_cli.game.ops.deal_rows`, handed over by
    the caller, since the tournament package never imports the game's)."""
    from coinche_cli.tournament import desk
    from coinche_cli.tournament.export_views import export_data as data

    with store.reading():
        found = load(store, name)
        deals: list[Mapping[str, object]] = [
            {"round": played.number, "table": board.table, "game": board.game_id, **row}
            for played in found.rounds for board in played.boards
            if board.game_id is not None for row in table_deals(store, board.game_id)]
        # the desk's fees and prizes, when the tournament uses them
        return data(found, ranked(found), deals, store.results(found.id),
                    desk.export_data(store, found))


def ranked(tournament: Tournament, after_round: int | None = None) -> list[Standing]:
    """The standings after a round (default: all entered results)."""
    from coinche_cli.tournament.ranked import ranking

    if after_round is not None:
        tournament.round(after_round)
    return ranking(tournament, after_round)
