"""Table results: the one way a result is stored, whatever its source.

A result comes from the desk (``tournament result``), a file (``tournament result
--import``), a phone at the table (the live page) or a table's game (``game add`` at a table
scored deal by deal); every one of them ends in :func:`commit`, with its ``source`` kept in
the history.  The rules a director can count on:

1. A result goes to a table of the current round; a closed round (a later one is paired) takes
   a correction only with ``replace`` (or from the table's own game, which still ended), and
   never loses a result; later rounds keep their pairings (the caller is warned that they were
   paired on the old standings).
2. Nothing is replaced silently: a table that has a result refuses another one, naming it,
   unless ``replace`` is given; the old result stays in the history.
3. A table is named by its number, or by a team playing there; scores given after a team's
   name are that team's first.  A file's name columns must name the two teams of the table
   (either order, folded, a start of a name is enough) and the scores follow the names; its
   player columns (``joueur 1``, ``joueur 2``) name a player of each team, by the same rule.
4. A score above what the match format allows is refused: in fixed-deals play the number of
   deals times the rules' highest deal score, in target play the target plus it.  A score
   more than twice the highest other score of the round is accepted with a warning.
5. A table scored deal by deal takes its result and its winner from its game (the rules'
   tie rule included, :mod:`coinche_cli.tournament.table_games`); typed equal scores are a
   draw.
6. A phone's own checks (its form, its code: :mod:`coinche_cli.web.entry`) run inside the
   same transaction as the write, on the tournament as the write reads it.
7. A command changes only what it names: ``--replace`` corrects a result a table has; on a
   table without one it is refused, naming the round it was most likely meant for (the
   latest earlier round where that table, or that team, has a result: ``--round N``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from coinche_cli.errors import InputError, RowsRefused, TournamentError
from coinche_cli.i18n import _, ngettext
from coinche_cli.names import NameIndex, echo
from coinche_cli.store import now
from coinche_cli.tournament.model import Board, ResultRow, Round, Tournament
from coinche_cli.tournament.ops import find_team, load
from coinche_cli.values import Value

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store
    from coinche_cli.store.records import Source



class Entered(Value):
    """Results just entered: the round as it now stands, the tables entered, what each
    replaced table held before, and the warnings for the director."""

    __slots__ = ("replaced", "round", "tables", "tournament", "warnings")

    def __init__(self, tournament: Tournament, round: Round,
                 replaced: tuple[tuple[Board, Board], ...], warnings: tuple[str, ...],
                 tables: tuple[int, ...] = ()) -> None:
        self.tournament = tournament
        self.round = round
        self.replaced = replaced  # (before, after) for every replaced result
        self.warnings = warnings
        self.tables = tables  # the tables whose result was entered, in the order given


def result_text(tournament: Tournament, board: Board) -> str:
    """A table's result in words: ``1840–1320``, or ``forfeit by Les Valets``."""
    if board.forfeit is not None:
        return _("forfeit by {team}").format(team=tournament.name_of(board.forfeit))
    return _("{score1}–{score2}").format(score1=board.score1, score2=board.score2)


def _round(tournament: Tournament, number: int | None, replacing: bool) -> Round:
    """The round a result goes to: the current one, or a closed one to correct."""
    current = tournament.current
    if current is None:
        raise TournamentError(_("no round has been paired yet"))
    played = current if number is None else tournament.round(number)
    check_open(played.number, current.number, replacing)
    return played


class RoundClosed(TournamentError):
    """A result for a round a later one closed, given without ``replace`` (rule 1)."""

    def __init__(self, number: int) -> None:
        super().__init__(_("round {round} is closed: a later round has been paired (correct a "
                           "result with --replace)"), round=number)
        self.round = number


def check_open(number: int, latest: int, replacing: bool) -> bool:
    """Rule 1, written once: whether round ``number`` is closed (a later one, up to
    ``latest``, is paired); a closed round takes a result only as a correction."""
    closed = number != latest
    if closed and not replacing:
        raise RoundClosed(number)
    return closed


def open_board(tournament: Tournament, table: int) -> tuple[Round, Board]:
    """Table ``table`` of the current round, which takes results now."""
    played = _round(tournament, None, False)
    return played, _board(tournament, played, table)


def reopen_table(store: Store, name: str | None, table: int) -> int:
    """Open ``table`` of the current round to phones again (``tournament reopen``): the
    count kept in the store moves, and the live page, which reads it every second, forgets the
    table's wrong codes.  Returns the round's number."""
    with store.write():
        tournament = load(store, name)
        played, board = open_board(tournament, table)
        key = f"{played.number}.{board.table}"
        counts = store.reopened(tournament.id)
        counts[key] = counts.get(key, 0) + 1
        store.set_reopened(tournament.id, counts)
    return played.number


#: The most minutes a table may be given beyond its round's time (a day).
MOST_MINUTES = 24 * 60


def give_minutes(store: Store, name: str | None, table: int, minutes: int) -> tuple[int, int]:
    """Give ``table`` of the current round ``minutes`` more (fewer, when negative) beyond its
    round's time (``tournament time TABLE +5``: a late start): its page on the phone and the
    projector count down to the later end, and a deal posted from its phone before it is not
    the last.  Returns the round's number and the table's minutes in all."""
    with store.write():
        tournament = load(store, name)
        played, board = open_board(tournament, table)
        given = store.table_minutes(tournament.id, played.number).get(board.table, 0)
        total = given + minutes
        if total < 0:
            raise InputError("minutes", _("table {table} has {given} minutes added: it cannot "
                                          "lose {count}"), table=table, given=given,
                             count=-minutes)
        if total > MOST_MINUTES:
            raise InputError("minutes", _("at most {most} minutes in all, got {got}"),
                             most=MOST_MINUTES, got=total)
        store.set_table_minutes(tournament.id, played.number, board.table, total)
    return played.number, total


def _board(tournament: Tournament, played: Round, table: int) -> Board:
    board = played.board(table)
    if board is None:
        if played.bye is not None and table == played.tables + 1:
            raise TournamentError(_("table {table} is the bye ({team}): a bye has no result"),
                                  table=table, team=tournament.name_of(played.bye))
        raise TournamentError(ngettext("round {round} has no table {table} (it has table 1 only)",
                                       "round {round} has no table {table} (tables 1 to {count})",
                                       played.tables),
                              table=table, round=played.number, count=played.tables)
    return board


def _open(tournament: Tournament, played: Round, board: Board, replacing: bool,
          team: int | None = None) -> None:
    """Refuse a table that takes no typed result now (rules 2 and 7); ``team``: the table was
    named by this team."""
    if replacing and not board.has_result:
        earlier = _corrected_round(tournament, played, board.table, team)
        if earlier is None:
            raise TournamentError(_("table {table} of round {round} has no result to correct; "
                                    "enter it without --replace"), table=board.table,
                                  round=played.number)
        raise TournamentError(_("table {table} of round {round} has no result to correct; for "
                                "round {earlier}: --round {earlier}"), table=board.table,
                              round=played.number, earlier=earlier)
    if board.game_id is not None:
        raise TournamentError(_("table {table} is scored deal by deal in game {game} (correct it "
                                "with 'coinche game edit --game {game}')"), table=board.table,
                              game=board.game_id)
    if board.has_result and not replacing:
        raise TournamentError(_("table {table} already has a result ({result}); give --replace "
                                "to correct it"), table=board.table,
                              result=_described(tournament, board))


def _corrected_round(tournament: Tournament, played: Round, table: int,
                     team: int | None) -> int | None:
    """The round a correction of ``table`` (or of ``team``'s table) was most likely meant for:
    the latest round before ``played`` where it has a result."""
    for earlier in reversed(tournament.rounds):
        if earlier.number >= played.number:
            continue
        board = earlier.board(table) if team is None else earlier.board_of(team)
        if board is not None and board.has_result:
            return earlier.number
    return None


def _described(tournament: Tournament, board: Board) -> str:
    return _("{team1} – {team2}: {result}").format(
        team1=tournament.name_of(board.team1), team2=tournament.name_of(board.team2),
        result=result_text(tournament, board))


def score_limit(tournament: Tournament, store: Store, board: Board | None = None) -> int:
    """The highest score a match of this tournament (at ``board``: of its stage) can produce
    (rule 4)."""
    settings = tournament.settings
    if board is not None and board.stage:
        from coinche_cli.tournament.stages import settings_of, stage_of

        settings = settings_of(tournament, stage_of(tournament, board.stage))
    highest = settings.highest_deal
    if highest is None:  # a tournament created before the number was kept with it
        from coinche_cli.rules.validate import rules_from_document
        from coinche_cli.scoring.limits import highest_deal_score

        highest = highest_deal_score(rules_from_document(
            store.tournament_rules(tournament.id), f"tournament {tournament.name} rules"))
    if settings.deals is not None:
        return settings.deals * highest
    return (settings.target or 0) + highest


def _check_scores(score1: int, score2: int, limit: int) -> None:
    for value in (score1, score2):
        if value < 0:
            raise TournamentError(_("a score cannot be negative, got {got}"), got=value)
        if value > limit:
            raise TournamentError(_("{got} is more than a match of this tournament can score "
                                    "(at most {limit})"), got=value, limit=limit)


def _warnings(tournament: Tournament, played: Round, entered: Sequence[Board]) -> list[str]:
    """A score more than twice the round's highest other score."""
    warnings = []
    now_held = {b.table: b for b in played.boards} | {b.table: b for b in entered}
    # the two highest tables' best scores: the highest "other" score of any table is one of
    # them (a round of 500 tables is checked in one pass)
    best = sorted(((max(b.score1 or 0, b.score2 or 0), b.table) for b in now_held.values()),
                  reverse=True)[:2]

    def highest_other(table: int) -> int:
        return next((score for score, at in best if at != table), 0)

    for board in entered:
        highest = highest_other(board.table)
        for score in (board.score1, board.score2):
            if score is not None and highest and score > 2 * highest:
                warnings.append(_("table {table}: {score} is more than twice the round's highest "
                                  "other score ({highest}); check it").format(
                                      table=board.table, score=score, highest=highest))
    return warnings


def commit(store: Store, tournament_id: int, number: int, latest: int,
           changes: Sequence[tuple[Board, Board]], source: Source, *,
           replacing: bool) -> list[str]:
    """Store each table's result as ``(before, after)`` holds it: the one write of a result,
    whatever its ``source``, inside the caller's transaction (rules 1 and 2).  Returns the
    warnings: a closed round corrected (its later rounds were paired on the old standings).
    """
    closed = check_open(number, latest, replacing or source == "game")
    for before, after in changes:
        if closed and before.has_result and not after.has_result:
            raise TournamentError(_("round {round} is closed: table {table} must keep a result "
                                    "(edit the deal instead of undoing the game's end)"),
                                  round=number, table=after.table)
    for _before, after in changes:
        if after.match is not None and after.has_result and after.winner is None:
            raise TournamentError(_("table {table} is a knock-out match ({match}): it cannot be "
                                    "a draw; say who goes through with --winner TEAM"),
                                  table=after.table, match=after.match)
    store.set_results(tournament_id, number, [after for _before, after in changes], now(), source)
    if any(after.match is not None for _before, after in changes):
        from coinche_cli.tournament.stage_ops import reseat

        reseat(store, tournament_id, number)  # who plays whom next, from the results now
    if closed:
        return [ngettext("round {round} corrected: round {first} was paired on the standings "
                         "before this correction",
                         "round {round} corrected: rounds {first} to {last} were paired on the "
                         "standings before this correction",
                         latest - number).format(round=number, first=number + 1, last=latest)]
    return []


def _stored(store: Store, tournament: Tournament, played: Round,
            boards: Sequence[tuple[Board, Board]], source: Source, replacing: bool) -> Entered:
    """The results of ``boards`` committed, and the round as it now stands."""
    current = tournament.current
    assert current is not None  # a round was found to take the results
    later = commit(store, tournament.id, played.number, current.number, boards, source,
                   replacing=replacing)
    # the round as now stored, without reading the whole tournament again
    changed = {after.table: after for _before, after in boards}
    fresh_round = played.with_boards(tuple(changed.get(b.table, b) for b in played.boards))
    return Entered(tournament.with_round(fresh_round), fresh_round,
                   tuple((before, after) for before, after in boards if before.has_result),
                   tuple([*_warnings(tournament, played, [after for _before, after in boards]),
                          *later]),
                   tuple(after.table for _before, after in boards))


def _team_table(tournament: Tournament, played: Round, team_name: str) -> tuple[Board, bool]:
    """The table where a team plays, and whether it is the second team there."""
    team = find_team(tournament, team_name, played)
    board = played.board_of(team.id)
    if board is None:
        if played.bye == team.id:
            raise TournamentError(_("table {table} is the bye ({team}): a bye has no result"),
                                  table=len(played.boards) + 1, team=team.name)
        if tournament.stages:
            from coinche_cli.tournament.stage_ops import knocked_out

            knocked_out(tournament, team.id)
        raise TournamentError(_("{name} does not play in round {round}"), name=team.name,
                              round=played.number)
    return board, board.team2 == team.id


def enter_result(store: Store, name: str | None, where: str, score1: int | None,
                 score2: int | None, *, round_number: int | None = None,
                 forfeit: str | None = None, deals: int | None = None,
                 replacing: bool = False, source: Source = "desk",
                 check: Callable[[Tournament, Board], None] | None = None,
                 winner: str | None = None) -> Entered:
    """Enter a table's result — ``where`` is its number, or a team playing there, whose score
    then comes first — or a forfeit; with ``replacing``, correct a result (rules 1-4).
    ``source`` says where it came from (``desk``, or ``web`` from a phone at the table);
    ``check`` runs on the tournament as the write reads it and the table found, before the
    table's own checks (rule 6)."""
    with store.write():
        by_number = where.isascii() and where.isdigit()
        tournament = load(store, name)
        played = _round(tournament, round_number, replacing)
        named: int | None = None
        if by_number:
            board = _board(tournament, played, int(where))
        else:
            board, second = _team_table(tournament, played, where)
            named = board.team2 if second else board.team1
            if second:
                score1, score2 = score2, score1
        if check is not None:
            check(tournament, board)
        _open(tournament, played, board, replacing, named)
        if forfeit is not None:
            team = find_team(tournament, forfeit, played)
            if team.id not in (board.team1, board.team2):
                raise TournamentError(_("{name} does not play at table {table}"), name=team.name,
                                      table=board.table)
            after = board.with_result(None, None, forfeit=team.id,
                                      winner=board.opponent(team.id))
        elif score1 is None or score2 is None:
            raise TournamentError(_("give both scores (or --forfeit TEAM)"))
        else:
            limit = tournament.settings.deals
            if deals is not None and limit is not None and deals > limit:
                # deals > limit: the first count is always plural, the limit may be 1
                raise TournamentError(ngettext("{deals} deals, but a match is {limit} deal",
                                               "{deals} deals, but a match is {limit} deals",
                                               limit), deals=deals, limit=limit)
            _check_scores(score1, score2, score_limit(tournament, store, board))
            after = board.with_result(score1, score2, winner=board.winner_of(score1, score2))
            if winner is not None:
                after = _goes_through(tournament, board, after, winner)
        if forfeit is not None and winner is not None:
            raise TournamentError(_("--winner: a forfeit is won by the other team"))
        return _stored(store, tournament, played, [(board, after)], source, replacing)


def _goes_through(tournament: Tournament, board: Board, after: Board, name: str) -> Board:
    """A knock-out table's result with the team ``--winner`` names going through."""
    if board.match is None:
        raise TournamentError(_("--winner names who goes through a knock-out match; table "
                                "{table} is not one"), table=board.table)
    from coinche_cli.tournament.entrants import index

    # a knock-out is played by formed teams: the name is a team's, refused on --winner
    team = tournament.team(index(tournament).resolve(name, field="--winner", kind="team"))
    if team.id not in (board.team1, board.team2):
        raise TournamentError(_("--winner: {name} does not play at table {table} ({team1} – "
                                "{team2})"), name=team.name, table=board.table,
                              team1=tournament.name_of(board.team1),
                              team2=tournament.name_of(board.team2))
    if after.winner is not None and after.winner != team.id:
        raise TournamentError(_("--winner: the scores say {name} won table {table}"),
                              name=tournament.name_of(after.winner), table=board.table)
    return after.with_result(after.score1, after.score2, winner=team.id)


def clear_result(store: Store, name: str | None, where: str,
                 round_number: int | None = None) -> Entered:
    """Take a table's result back (a knock-out match played by a team a correction put out
    of it): the table is open again, the result stays in the history."""
    with store.write():
        tournament = load(store, name)
        played = _round(tournament, round_number, True)
        if where.isascii() and where.isdigit():
            board = _board(tournament, played, int(where))
        else:
            board, _second = _team_table(tournament, played, where)
        if board.game_id is not None:
            raise TournamentError(_("table {table} is scored deal by deal in game {game} "
                                    "(correct it with 'coinche game edit --game {game}')"),
                                  table=board.table, game=board.game_id)
        if not board.has_result:
            raise TournamentError(_("--clear: table {table} of round {round} has no result"),
                                  table=board.table, round=played.number)
        return _stored(store, tournament, played, [(board, board.with_result(None, None))],
                       "desk", True)


def _named(tournament: Tournament, board: Board, row: ResultRow) -> tuple[int, int]:
    """The row's scores in the pairing's order, read after the names the row gives: the
    teams' (a mêlée's pair also by either of its players), or with ``row.players`` a player
    of each team."""
    if row.name1 is None or row.name2 is None:
        return row.score1, row.score2
    here = NameIndex([(team, name, "") for team in (board.team1, board.team2)
                      for name in (_players(tournament, team) if row.players else
                                   (tournament.name_of(team), *_members(tournament, team)))])
    first, second = here.candidates(row.name1), here.candidates(row.name2)
    if len(first) == 1 and len(second) == 1 and first != second:
        return (row.score1, row.score2) if first[0] == board.team1 else (row.score2,
                                                                           row.score1)
    wrong = [echo(n) for n, found in ((row.name1, first), (row.name2, second))
             if len(found) != 1] or [f"{echo(row.name1)} – {echo(row.name2)}"]
    raise TournamentError(_("table {table} is {team1} – {team2}, not {given}"), table=board.table,
                          team1=tournament.name_of(board.team1),
                          team2=tournament.name_of(board.team2), given=" – ".join(wrong))


def _members(tournament: Tournament, team: int) -> list[str]:
    """A mêlée's pair's two players, by whom a row may name it (a formed team: none)."""
    return [tournament.player(player).name for player in tournament.team(team).members]


def _players(tournament: Tournament, team: int) -> list[str]:
    """A team's players by name: a mêlée's pair's two, a formed team's as registered."""
    return _members(tournament, team) or list(tournament.team(team).players)


def import_results(store: Store, name: str | None, rows: Sequence[ResultRow],
                   round_number: int | None = None, replacing: bool = False) -> Entered:
    """Enter the results of a file, all or none: every bad row is reported at once."""
    with store.write():
        tournament = load(store, name)
        played = _round(tournament, round_number, replacing)
        limit = score_limit(tournament, store)
        boards: list[tuple[Board, Board]] = []
        problems: list[str] = []
        for row in rows:
            try:
                board = _board(tournament, played, row.table)
                _open(tournament, played, board, replacing)
                score1, score2 = _named(tournament, board, row)
                _check_scores(score1, score2, score_limit(tournament, store, board)
                              if board.stage else limit)
            except TournamentError as exc:
                problems.append(_("row {row}: {problem}").format(row=row.row, problem=exc.text))
                continue
            boards.append((board, board.with_result(
                score1, score2, winner=board.winner_of(score1, score2))))
        if problems:  # every bad row at once, nothing stored
            raise RowsRefused(ngettext("{count} bad row; nothing imported",
                                       "{count} bad rows; nothing imported",
                                       len(problems)).format(count=len(problems)), problems)
        return _stored(store, tournament, played, boards, "file", replacing)
