"""A tournament as every ``--json`` prints it (``tournament show``, ``standings``, ``team
list``), and the plain data of its export.

The machine's interface: the same keys and values in every language, the same bytes from the
command line, the live page's ``/api`` and ``store copy``'s check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from coinche_cli.i18n import _
from coinche_cli.tournament.model import Board, Round, Tournament, bye_points

if TYPE_CHECKING:  # the standings load only for the commands that show them
    from coinche_cli.tournament.standings import Standing


def board_winner(tournament: Tournament, board: Board) -> str | None:
    """The winning team's name, None for a draw or no result."""
    if not board.has_result or board.winner is None:
        return None
    return tournament.name_of(board.winner)


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


def teams_json(tournament: Tournament) -> list[dict[str, Any]]:
    """The registered teams (``team list --json``)."""
    return [{"team": t.name, "players": list(t.players), "club": t.club,
             "registered": t.registered, "joined_round": t.joined_round,
             "dropped_after": t.dropped_after} for t in tournament.teams]


def round_json(tournament: Tournament, played: Round) -> dict[str, Any]:
    """A round's pairings and results (``pair --json``, ``show --json``)."""
    return {
        "round": played.number,
        "tables": [
            {
                "table": b.table,
                "teams": [tournament.name_of(b.team1), tournament.name_of(b.team2)],
                "scores": None if b.score1 is None else [b.score1, b.score2],
                "forfeit": tournament.name_of(b.forfeit) or None,
                "winner": board_winner(tournament, b),
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


def export_data(tournament: Tournament, rows: list[Standing],
                deals: list[dict[str, Any]]) -> dict[str, Any]:
    """Plain data for :mod:`coinche_cli.sheets.tournament`."""
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
             "winner": board_winner(tournament, b),
             "forfeit": tournament.name_of(b.forfeit) or None,
             "scored": (_("deals") if b.game_id is not None
                        else _("direct") if b.has_result else "")}
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
    return {"name": tournament.name, "standings": standings, "teams": teams, "rounds": rounds,
            "penalties": penalties_json(tournament), "deals": deals}
