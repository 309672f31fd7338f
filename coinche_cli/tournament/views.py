"""A tournament as every ``--json`` prints it (``tournament show``, ``standings``, ``team
list``), and the plain data of its export.

The machine's interface: the same keys and values in every language, the same bytes from the
command line, the live page's ``/api`` and ``store copy``'s check.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, assert_never

from coinche_cli.i18n import _
from coinche_cli.names import fold
from coinche_cli.store.records import ResultRecord, source_words
from coinche_cli.tournament.model import (
    Board,
    Entrant,
    EntrantKind,
    Round,
    Team,
    Tournament,
    bye_points,
)

if TYPE_CHECKING:  # the standings load only for the commands that show them
    from coinche_cli.tournament.standings import Standing


def board_winner(tournament: Tournament, played: Round, board: Board) -> str | None:
    """The name of the team that won the partie (penalties counted as the tournament counts
    them: :meth:`Tournament.winner`), None for a draw or no result."""
    winner = tournament.winner(played, board) if board.has_result else None
    return None if winner is None else tournament.name_of(winner)


def penalties_json(tournament: Tournament, up_to: int | None = None) -> list[dict[str, Any]]:
    """Every penalty (up to round ``up_to``): round, team, points, reason, and the team that
    received the points (None when they were deducted)."""
    rows = []
    for penalty in tournament.penalties:
        if up_to is not None and penalty.round > up_to:
            continue
        board = tournament.round(penalty.round).board_of(penalty.team)
        to = None
        if penalty.to_opponents and board is not None:
            to = tournament.name_of(board.opponent(penalty.team))
        rows.append({"round": penalty.round, "team": tournament.name_of(penalty.team),
                     "points": penalty.points, "reason": penalty.reason, "to": to})
    return rows


class Named(TypedDict):
    """An entrant named as its door calls it: ``team`` in a formed-team concours, ``player``
    in a mêlée (one of the two keys, never both)."""

    team: NotRequired[str]
    player: NotRequired[str]


def named(kind: EntrantKind, name: str) -> Named:
    """``{"team": name}`` or ``{"player": name}``: a view's row starts with it."""
    match kind:
        case "team":
            return {"team": name}
        case "player":
            return {"player": name}
        case unreachable:
            assert_never(unreachable)


class TeamRow(TypedDict):
    """A registered team (``team list --json``; a mêlée's pair in ``store copy``'s check)."""

    team: str
    players: list[str]
    club: str
    registered: int
    joined_round: int
    dropped_after: int | None


class PlayerRow(TypedDict):
    """A mêlée's registered player (``player list --json``)."""

    name: str
    club: str
    licence: str
    registered: int
    joined_round: int
    dropped_after: int | None


class TeamAdded(TypedDict):
    """``team add --json``."""

    team: str
    players: list[str]
    club: str
    joined_round: int


class PlayerAdded(TypedDict):
    """``player add --json``."""

    name: str
    club: str
    licence: str
    joined_round: int


def team_row(team: Team | Entrant) -> TeamRow:
    """A team as ``team list --json`` prints it."""
    return {"team": team.name, "players": list(team.players), "club": team.club,
            "registered": team.registered, "joined_round": team.joined_round,
            "dropped_after": team.dropped_after}


def player_row(player: Entrant) -> PlayerRow:
    """A mêlée's player as ``player list --json`` prints it."""
    return {"name": player.name, "club": player.club, "licence": player.licence,
            "registered": player.registered, "joined_round": player.joined_round,
            "dropped_after": player.dropped_after}


def teams_json(tournament: Tournament) -> list[TeamRow]:
    """The tournament's teams (``team list --json``; in a mêlée, the pairs drawn)."""
    return [team_row(t) for t in tournament.teams]


def players_json(tournament: Tournament) -> list[PlayerRow]:
    """A mêlée's registered players (``player list --json``)."""
    return [player_row(p) for p in tournament.players]


def entrant_row(entrant: Entrant) -> TeamRow | PlayerRow:
    """An entrant as its door's ``list --json`` prints it: a team's keys, or a player's."""
    match entrant.kind:
        case "team":
            return team_row(entrant)
        case "player":
            return player_row(entrant)
        case unreachable:
            assert_never(unreachable)


def registered_json(entrant: Entrant) -> TeamAdded | PlayerAdded:
    """An entrant just registered (``team add --json``, ``player add --json``)."""
    match entrant.kind:
        case "team":
            return {"team": entrant.name, "players": list(entrant.players),
                    "club": entrant.club, "joined_round": entrant.joined_round}
        case "player":
            return {"name": entrant.name, "club": entrant.club, "licence": entrant.licence,
                    "joined_round": entrant.joined_round}
        case unreachable:
            assert_never(unreachable)


def round_json(tournament: Tournament, played: Round) -> dict[str, Any]:
    """A round's pairings and results (``pair --json``, ``show --json``); a mêlée's tables
    name their ``pairs`` (the first pair first), and the partie who sits out."""
    data = _round_json(tournament, played)
    if tournament.settings.melee:
        for table, board in zip(data["tables"], played.boards, strict=True):
            table["pairs"] = [list(tournament.team(board.team1).players),
                              list(tournament.team(board.team2).players)]
        data["sitting_out"] = [tournament.player(p).name for p in played.sitting_out]
        if played.sitting_out:  # what each of them scores, as a bye
            data["bye_points"] = bye_points(tournament, played)
    return data


def _round_json(tournament: Tournament, played: Round) -> dict[str, Any]:
    return {
        "round": played.number,
        "tables": [
            {
                "table": b.table,
                "teams": [tournament.name_of(b.team1), tournament.name_of(b.team2)],
                "scores": None if b.score1 is None else [b.score1, b.score2],
                "forfeit": tournament.name_of(b.forfeit) or None,
                "winner": board_winner(tournament, played, b),
                "game": b.game_id,
            }
            for b in played.boards
        ],
        "bye": tournament.name_of(played.bye) or None,
        "bye_points": None if played.bye is None else bye_points(tournament, played),
        "rematches": played.rematches,
        "complete": played.complete,
        "penalties": penalties_json(tournament, played.number),
    }


def standings_json(rows: list[Standing]) -> list[dict[str, Any]]:
    """The standings as JSON."""
    return [row.to_json() for row in rows]


def standings_of(tournament: Tournament, after_round: int | None = None
                 ) -> list[dict[str, Any]]:
    """``tournament standings --json`` after ``after_round`` (default: every result so far):
    a line per team, or in a mêlée per player."""
    if after_round is not None:
        tournament.round(after_round)  # refused when it was not paired
    if tournament.settings.melee:
        from coinche_cli.tournament.melee_standings import player_standings

        return [row.to_json() for row in player_standings(tournament, after_round)]
    from coinche_cli.tournament.standings import standings

    return standings_json(standings(tournament, after_round))


def history_json(tournament: Tournament, records: Sequence[ResultRecord],
                 number: int | None = None) -> list[dict[str, Any]]:
    """Every result the tables had (of round ``number``, or every round), in the order they
    were replaced, then the one in force: scores or forfeit, where it came from (``desk``,
    ``file``, ``game``, ``web``), when it was entered, and when it was replaced (None: in
    force).  ``tournament show --history --json``."""
    return [{"round": r.round, "table": r.table,
             "scores": None if r.score1 is None else [r.score1, r.score2],
             "forfeit": tournament.name_of(r.forfeit) or None, "source": r.source,
             "entered": r.entered, "replaced": r.replaced}
            for r in records if number is None or r.round == number]


def export_data(tournament: Tournament, rows: list[Standing], deals: list[dict[str, Any]],
                records: Sequence[ResultRecord]) -> dict[str, Any]:
    """Plain data for :mod:`coinche_cli.sheets.tournament`: ``records``, every result the
    tables had, gives each table's entry (how its result was entered) and the history."""
    source = {(r.round, r.table): r.source for r in records if r.replaced is None}
    teams = []
    for team in tournament.teams:
        status = (_("active") if team.dropped_after is None
                  else _("left after round {round}").format(round=team.dropped_after))
        teams.append({"name": team.name, "players": ", ".join(team.players), "club": team.club,
                      "registered": team.registered, "status": status})
    rounds = []
    for played in tournament.rounds:
        tables = [
            {"table": b.table, "team1": tournament.name_of(b.team1),
             "team2": tournament.name_of(b.team2), "score1": b.score1, "score2": b.score2,
             "winner": board_winner(tournament, played, b),
             "forfeit": tournament.name_of(b.forfeit) or None,
             "scored": (source_words(source.get((played.number, b.table), "desk"))
                        if b.has_result else "")}
            for b in played.boards
        ]
        rounds.append({"round": played.number, "tables": tables,
                       "bye": tournament.name_of(played.bye) or None,
                       "bye_points": None if played.bye is None else bye_points(tournament,
                                                                                played)})
    standings = [
        {**{k: v for k, v in row.to_json().items() if k not in ("dropped", "penalty_details")},
         "players": ", ".join(row.players)}
        for row in rows
    ]
    boards = {(r.number, b.table): b for r in tournament.rounds for b in r.boards}
    history = []
    for record in records:
        board = boards.get((record.round, record.table))
        if board is None:  # a round since withdrawn
            continue
        history.append({
            "round": record.round, "table": record.table,
            "team1": tournament.name_of(board.team1), "team2": tournament.name_of(board.team2),
            "score1": record.score1, "score2": record.score2,
            "forfeit": tournament.name_of(record.forfeit) or None,
            "scored": source_words(record.source), "entered": record.entered,
            "replaced": record.replaced or ""})
    data = {"name": tournament.name, "standings": standings, "teams": teams, "rounds": rounds,
            "penalties": penalties_json(tournament), "history": history, "deals": deals}
    if tournament.settings.melee:
        _melee_export(tournament, data)
    return data


def _melee_export(tournament: Tournament, data: dict[str, Any]) -> None:
    """A mêlée's export: its players in place of the teams (a pair is a partie's), the
    standings per player, and who sat out each partie."""
    from coinche_cli.tournament.melee_standings import player_standings

    del data["teams"]
    data["format"] = "melee"
    data["players"] = [
        {"name": p.name, "club": p.club, "licence": p.licence, "registered": p.registered,
         "status": _("active") if p.dropped_after is None
         else _("left after round {round}").format(round=p.dropped_after)}
        for p in tournament.players]
    data["standings"] = [
        {**{k: v for k, v in row.to_json().items()
            if k not in ("dropped", "penalty_details", "partners", "opponents")},
         "partners": ", ".join(row.partners)}
        for row in player_standings(tournament)]
    for played, exported in zip(tournament.rounds, data["rounds"], strict=True):
        exported["sitting_out"] = [tournament.player(p).name for p in played.sitting_out]
        exported["bye_points"] = bye_points(tournament, played) if played.sitting_out else None


class ByeLine(TypedDict):
    """A round an entrant had no table: a bye, or a mêlée's partie sat out."""

    round: int
    bye: Literal[True]


class PlayedLine(TypedDict):
    """A round an entrant played: its table, opponent, scores (None after a forfeit, which
    says whose), and how it ended."""

    round: int
    bye: Literal[False]
    table: int
    opponent: str
    score: int | None
    against: int | None
    forfeit: Literal["mine", "theirs"] | None
    outcome: Literal["won", "lost", "draw"]


ResultLine = ByeLine | PlayedLine


class EntrantLine(TypedDict):
    """An entrant as the live page's phone finds it (``/me``, ``/teams``)."""

    name: str
    table: int | None
    partner: str | None  # a mêlée's partner this partie (a formed team: None)
    opponent: str | None
    bye: bool
    results: list[ResultLine]


def entrant_lines(tournament: Tournament, current: Round | None) -> list[EntrantLine]:
    """Every entrant still playing (a team, or a mêlée's player), alphabetical (folded): its
    table, partner (a mêlée) and opponent in the current round, or its bye (a player sitting
    out), and its results so far: its own as a team, a player's pairs' and parties sat out
    (what the live page's ``/me`` and ``/teams`` show)."""
    rows: list[EntrantLine] = []
    at = {} if current is None else {side: board for board in current.boards
                                     for side in (board.team1, board.team2)}
    for entrant in tournament.entrants:
        if entrant.dropped_after is not None:
            continue
        table, partner, opponent, bye = None, None, None, False
        sides = tournament.sides_of(entrant.id)
        if current is not None:
            bye = tournament.sits_out(current, entrant.id)
            mine = next((side for side in sides if side in at), None)
            if mine is not None:
                board = at[mine]
                table, opponent = board.table, tournament.name_of(board.opponent(mine))
                partner = next((tournament.player(p).name for p in tournament.team(mine).members
                                if p != entrant.id), None)
        results = [entry for side in sides for entry in _side_results(tournament, side)]
        if tournament.settings.melee:  # a team's bye is among its results already
            results += [ByeLine(round=played.number, bye=True) for played in tournament.rounds
                        if entrant.id in played.sitting_out]
        rows.append({"name": entrant.name, "table": table, "partner": partner,
                     "opponent": opponent, "bye": bye,
                     "results": sorted(results, key=lambda r: r["round"])})
    return sorted(rows, key=lambda row: fold(row["name"]))


def _side_results(tournament: Tournament, team_id: int) -> list[ResultLine]:
    """A side's rounds so far: the opponent, its score and the opponent's (None after a
    forfeit, which says whose: ``mine`` or ``theirs``), won or not."""
    results: list[ResultLine] = []
    for played in tournament.rounds:
        if played.bye == team_id:
            results.append(ByeLine(round=played.number, bye=True))
            continue
        board = played.board_of(team_id)
        if board is None or not board.has_result:
            continue
        forfeit: Literal["mine", "theirs"] | None = (
            None if board.forfeit is None else "mine" if board.forfeit == team_id else "theirs")
        first = board.team1 == team_id
        mine, theirs = ((board.score1, board.score2) if first
                        else (board.score2, board.score1))
        winner = tournament.winner(played, board)
        outcome: Literal["won", "lost", "draw"] = (
            "draw" if winner is None else "won" if winner == team_id else "lost")
        results.append(PlayedLine(round=played.number, bye=False, table=board.table,
                                  opponent=tournament.name_of(board.opponent(team_id)),
                                  score=mine, against=theirs, forfeit=forfeit,
                                  outcome=outcome))
    return results
