"""Tournament operations: each reads the tournament, checks everything, then writes in one
transaction.  A refused operation leaves the store as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from coinche_cli.errors import TournamentError
from coinche_cli.messages import msg
from coinche_cli.rules.model import Rules
from coinche_cli.store import sqlite_tournaments as ts
from coinche_cli.store.sqlite import SqliteStore
from coinche_cli.tournament.model import Board, Penalty, Round, Settings, Team, Tournament
from coinche_cli.tournament.pairing import Contender, draw, pair
from coinche_cli.tournament.standings import Standing, primary, standings


def create(store: SqliteStore, name: str, rules: Rules, settings: Settings) -> Tournament:
    """Start a tournament with a snapshot of ``rules``; it becomes the current one."""
    settings.check()
    with store.write():
        tournament_id = ts.create(store, name, rules.name, dict(rules.document), settings)
    return ts.load(store, tournament_id)


def load(store: SqliteStore, name: str | None) -> Tournament:
    """The tournament called ``name``, or the current one."""
    return ts.load(store, ts.find(store, name))


def use(store: SqliteStore, name: str) -> Tournament:
    """Make a tournament the current one."""
    with store.write():
        tournament_id = ts.find(store, name)
        ts.set_current(store, tournament_id)
    return ts.load(store, tournament_id)


def find_team(tournament: Tournament, name: str) -> Team:
    """A team by name (case and accents ignored), or an unambiguous prefix of its name."""
    key = ts.name_key(name)
    exact = [t for t in tournament.teams if ts.name_key(t.name) == key]
    if exact:
        return exact[0]
    prefixed = [t for t in tournament.teams if ts.name_key(t.name).startswith(key)] if key else []
    if len(prefixed) == 1:
        return prefixed[0]
    if len(prefixed) > 1:
        raise TournamentError("tournament.ambiguous_team", name=name,
                              matches=", ".join(t.name for t in prefixed[:5]))
    raise TournamentError("tournament.unknown_team", name=name)


def _next_round(tournament: Tournament) -> int:
    return (tournament.current.number + 1) if tournament.current else 1


def _players(text: str | Sequence[str]) -> tuple[str, ...]:
    items = text.split(",") if isinstance(text, str) else list(text)
    players = tuple(p.strip() for p in items if p.strip())
    if len(players) > 2:
        raise TournamentError("tournament.too_many_players", got=len(players))
    return players


def add_team(store: SqliteStore, name: str | None, team: str, players: str,
             club: str = "") -> Team:
    """Register a team; after round 1 is paired it is a late entry for the next round."""
    with store.write():
        tournament = load(store, name)
        joined = _next_round(tournament)
        if joined > tournament.settings.rounds:
            raise TournamentError("tournament.over")
        team_id = ts.add_team(store, tournament, team, _players(players), club, joined)
    return load(store, name if name else None).team(team_id)


def import_teams(store: SqliteStore, name: str | None,
                 rows: Sequence[tuple[int, str, tuple[str, ...], str]]) -> list[Team]:
    """Register every team of an import ``(row, name, players, club)``, or none: every row
    whose name is already registered is reported at once."""
    with store.write():
        tournament = load(store, name)
        joined = _next_round(tournament)
        if joined > tournament.settings.rounds:
            raise TournamentError("tournament.over")
        taken = {ts.name_key(t.name): t.name for t in tournament.teams}
        clashes = [
            msg("tournament.import_row", row=row, problem=msg("tournament.team_exists",
                                                              name=team.strip()))
            for row, team, _, _ in rows if ts.name_key(team) in taken
        ]
        if clashes:
            raise TournamentError("tournament.import_refused", count=len(clashes),
                                  rows=" | ".join(clashes))
        ids = []
        for _, team, players, club in rows:
            ids.append(ts.add_team(store, tournament, team, _players(players), club, joined))
            tournament = ts.load(store, tournament.id)
    return [tournament.team(i) for i in ids]


def drop_team(store: SqliteStore, name: str | None, team: str) -> tuple[Team, int]:
    """A team leaves: it is not paired from the next round on; its results stay."""
    with store.write():
        tournament = load(store, name)
        found = find_team(tournament, team)
        if found.dropped_after is not None:
            raise TournamentError("tournament.already_dropped", name=found.name)
        after = tournament.current.number if tournament.current else 0
        ts.drop_team(store, tournament, found, after)
    return found, after


def contenders(tournament: Tournament, number: int) -> list[Contender]:
    """The teams to pair in round ``number``, in ranking order, with their score groups."""
    table = standings(tournament, number - 1)
    by_team = {t.id: t for t in tournament.teams}
    active = [row for row in table if by_team[row.team].active_in(number)]
    values = [primary(tournament, row) for row in active]
    groups: list[int] = []
    for index, value in enumerate(values):
        if index == 0:
            groups.append(0)
        else:
            groups.append(groups[-1] + (value != values[index - 1]))
    had = tournament.had_bye()
    return [Contender(row.team, group, row.team in had) for row, group in zip(active, groups,
                                                                                strict=True)]


@dataclass(frozen=True)
class Paired:
    """A round just paired."""

    tournament: Tournament
    round: Round


def pair_next(store: SqliteStore, name: str | None) -> Paired:
    """Pair the next round (round 1: the draw; later: Swiss)."""
    with store.write():
        tournament = load(store, name)
        number = _next_round(tournament)
        if number > tournament.settings.rounds:
            raise TournamentError("tournament.all_paired", rounds=tournament.settings.rounds)
        current = tournament.current
        if current is not None and not current.complete:
            missing = ", ".join(str(b.table) for b in current.boards if not b.has_result)
            raise TournamentError("tournament.round_incomplete", round=current.number,
                                  tables=missing)
        field = contenders(tournament, number)
        if len(field) < 2:
            raise TournamentError("tournament.too_few_teams", count=len(field))
        if number == 1:
            ordered = sorted(field, key=lambda c: tournament.team(c.team).registered)
            result = draw([c.team for c in ordered], tournament.settings.seed)
        else:
            result = pair(field, tournament.played_pairs())
        rank = {c.team: i for i, c in enumerate(field)}
        tables = sorted(
            (tuple(sorted(p, key=lambda t: rank[t])) for p in result.tables),
            key=lambda p: rank[p[0]],
        ) if number > 1 else [tuple(p) for p in result.tables]
        boards = tuple(Board(i, a, b) for i, (a, b) in enumerate(tables, start=1))
        played = Round(number, boards, result.bye, len(result.rematches))
        ts.add_round(store, tournament, played)
    return Paired(load(store, name), played)


def unpair(store: SqliteStore, name: str | None) -> Round:
    """Withdraw the latest round while none of its tables has a result."""
    with store.write():
        tournament = load(store, name)
        current = tournament.current
        if current is None:
            raise TournamentError("tournament.nothing_paired")
        if any(b.has_result or b.game_id is not None for b in current.boards):
            raise TournamentError("tournament.round_has_results", round=current.number)
        ts.remove_round(store, tournament, current.number)
    return current


def _round_for_result(tournament: Tournament, number: int | None) -> Round:
    current = tournament.current
    if current is None:
        raise TournamentError("tournament.nothing_paired")
    played = current if number is None else tournament.round(number)
    if played.number != current.number:
        raise TournamentError("tournament.round_closed", round=played.number)
    return played


def _board(tournament: Tournament, played: Round, table: int) -> Board:
    board = played.board(table)
    if board is None:
        if played.bye is not None and table == len(played.boards) + 1:
            raise TournamentError("tournament.result_for_bye", table=table,
                                  team=tournament.name_of(played.bye))
        raise TournamentError("tournament.unknown_table", table=table, round=played.number,
                              count=len(played.boards))
    return board


def _check_scores(tournament: Tournament, score1: int, score2: int,
                  deals: int | None) -> None:
    for value in (score1, score2):
        if value < 0:
            raise TournamentError("tournament.negative_score", got=value)
    limit = tournament.settings.deals
    if deals is not None and limit is not None and deals > limit:
        raise TournamentError("tournament.too_many_deals", deals=deals, limit=limit)


def enter_result(store: SqliteStore, name: str | None, table: int, score1: int | None,
                 score2: int | None, *, round_number: int | None = None,
                 forfeit: str | None = None, deals: int | None = None) -> tuple[Round, Board]:
    """Enter or correct a table's result (scores in the pairing's team order), or a forfeit."""
    with store.write():
        tournament = load(store, name)
        played = _round_for_result(tournament, round_number)
        board = _board(tournament, played, table)
        if board.game_id is not None:
            raise TournamentError("tournament.scored_by_game", table=table, game=board.game_id)
        forfeit_id = None
        if forfeit is not None:
            team = find_team(tournament, forfeit)
            if team.id not in (board.team1, board.team2):
                raise TournamentError("tournament.not_at_table", name=team.name, table=table)
            forfeit_id = team.id
            score1 = score2 = None
        elif score1 is None or score2 is None:
            raise TournamentError("tournament.two_scores")
        else:
            _check_scores(tournament, score1, score2, deals)
        ts.set_result(store, tournament, played.number, board, score1, score2, forfeit_id)
        updated = load(store, name).round(played.number)
    entered = updated.board(table)
    assert entered is not None
    return updated, entered


def import_results(store: SqliteStore, name: str | None,
                   rows: Sequence[tuple[int, int, int, int]],
                   round_number: int | None = None) -> Round:
    """Enter many results at once: ``(row, table, score1, score2)``; all checked first."""
    with store.write():
        tournament = load(store, name)
        played = _round_for_result(tournament, round_number)
        boards = []
        problems: list[str] = []
        for row, table, score1, score2 in rows:
            try:
                board = _board(tournament, played, table)
                if board.game_id is not None:
                    raise TournamentError("tournament.scored_by_game", table=table,
                                          game=board.game_id)
                _check_scores(tournament, score1, score2, None)
            except TournamentError as exc:
                problems.append(msg("tournament.import_row", row=row, problem=exc.text))
                continue
            boards.append((board, score1, score2))
        if problems:  # every bad row at once, nothing stored
            raise TournamentError("tournament.import_refused", count=len(problems),
                                  rows=" | ".join(problems))
        for board, score1, score2 in boards:
            ts.set_result(store, tournament, played.number, board, score1, score2, None)
    return load(store, name).round(played.number)


def penalise(store: SqliteStore, name: str | None, team: str, points: int, reason: str,
             to_opponents: bool = True) -> Penalty:
    """Penalise a team in the current round: its opponents get ``points`` (or, when not
    ``to_opponents``, the team loses them)."""
    with store.write():
        tournament = load(store, name)
        found = find_team(tournament, team)
        if points <= 0:
            raise TournamentError("tournament.bad_penalty", got=points)
        if not reason.strip():
            raise TournamentError("tournament.penalty_reason")
        current = tournament.current
        if current is None:
            raise TournamentError("tournament.nothing_paired")
        if to_opponents and current.board_of(found.id) is None:
            raise TournamentError("tournament.no_opponent", name=found.name,
                                  round=current.number)
        penalty = Penalty(found.id, current.number, points, reason.strip(), to_opponents)
        ts.add_penalty(store, tournament, penalty)
    return penalty


def ranked(tournament: Tournament, after_round: int | None = None) -> list[Standing]:
    """The standings after a round (default: all entered results)."""
    if after_round is not None:
        tournament.round(after_round)
    return standings(tournament, after_round)


def table_game(store: SqliteStore, name: str | None, table: int) -> int:
    """Create the game that scores ``table`` of the current round deal by deal."""
    from coinche_cli.rules.loader import rules_from_document
    from coinche_cli.store.sqlite import GameRecord, now

    with store.write():
        tournament = load(store, name)
        played = _round_for_result(tournament, None)
        board = _board(tournament, played, table)
        if board.game_id is not None:
            raise TournamentError("tournament.table_has_game", table=table, game=board.game_id)
        if board.has_result:
            raise TournamentError("tournament.table_done", table=table)
        document = ts.rules_document(store, tournament.id)
        rules = rules_from_document(document, f"tournament {tournament.name} rules")
        names = {"A": tournament.name_of(board.team1), "B": tournament.name_of(board.team2)}
        settings = tournament.settings
        record = GameRecord(
            id=0, created=now(), rules_name=rules.name, rules=document, players=4, names=names,
            first_dealer=0, target=settings.target, deals=settings.deals,
            label=f"{tournament.name}, round {played.number}, table {table}",
            tournament_id=tournament.id, round=played.number, table_no=table,
        )
        game_id = store.create_game(record)
        ts.link_game(store, tournament, played.number, table, game_id)
    return game_id


def sync_table(store: SqliteStore, tournament_id: int, round_number: int, table: int,
               game_id: int, finished: bool, totals: dict[str, int]) -> None:
    """Inside a game's write: a finished game's totals become its table's result (and an
    undone end takes the result back).  A closed round refuses the change."""
    tournament = ts.load(store, tournament_id)
    current = tournament.current
    if current is None or current.number != round_number:
        raise TournamentError("tournament.round_closed", round=round_number)
    board = current.board(table)
    if board is None:
        return
    if finished:
        ts.set_result(store, tournament, round_number, board, totals["A"], totals["B"], None,
                      game_id)
    elif board.has_result:
        ts.set_result(store, tournament, round_number, board, None, None, None, game_id)
