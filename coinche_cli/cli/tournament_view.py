"""How a tournament reads on the terminal, in JSON, and as export data.

Plain text only (no Rich): team names are printed as they were typed, never read as markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from coinche_cli.cli.output import Column, print_line, print_table
from coinche_cli.messages import msg
from coinche_cli.tournament.model import Board, Round, Tournament, bye_points
from coinche_cli.tournament.ranking import Ranking

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


def round_lines(tournament: Tournament, played: Round) -> list[str]:
    """A round as plain lines: table, teams, result."""
    lines = [msg("tview.round", round=played.number, count=len(played.boards))]
    for b in played.boards:
        if b.forfeit is not None:
            result = msg("tview.forfeit", team=tournament.name_of(b.forfeit))
        elif b.score1 is not None:
            result = msg("tview.scores", score1=b.score1, score2=b.score2)
        elif b.game_id is not None:
            result = msg("tview.in_game", game=b.game_id)
        else:
            result = msg("tview.no_result")
        lines.append(f"  {b.table:>3}  {tournament.name_of(b.team1)}  –  "
                     f"{tournament.name_of(b.team2)}   {result}")
    if played.bye is not None:
        lines.append("  " + msg("tview.bye", team=tournament.name_of(played.bye),
                                points=bye_points(tournament, played)))
    if played.rematches:
        lines.append("  " + msg("tview.rematches", count=played.rematches))
    for penalty in penalties_json(tournament, played.number):
        key = "tview.penalty_line_to" if penalty["to"] else "tview.penalty_line_deducted"
        lines.append("  " + msg(key, **penalty))
    return lines


def standings_json(rows: list[Standing]) -> list[dict[str, Any]]:
    """The standings as JSON."""
    return [row.to_json() for row in rows]


def standings_columns(tournament: Tournament, wide: bool) -> list[tuple[Column, str]]:
    """The standings' columns, each with the :class:`Standing` field it shows.

    One line per team on an 80-column terminal: rank, team, played, W/D/L, points for, the
    difference, and match points when the ranking or a tie-break uses them.  ``wide`` adds the
    players, points against, match points, Buchholz, byes, forfeits and penalties.
    """
    settings = tournament.settings
    uses_match_points = (settings.ranking is Ranking.MATCH_POINTS
                         or "match-points" in settings.tie_breaks)
    fields = ["rank", "team", *(["players"] if wide else []), "played", "wins", "draws",
              "losses", "for", *(["against"] if wide else []), "difference",
              *(["match_points"] if wide or uses_match_points else []),
              *(["buchholz", "byes", "forfeits", "penalties"] if wide else [])]
    return [(Column(msg(f"col.{field}"), right=field not in ("team", "players"),
                    flexible=field in ("team", "players")), field)
            for field in fields]


#: Columns whose :class:`Standing` field has another name.
_FIELDS = {"for": "points_for", "against": "points_against"}


def standing_cell(row: Standing, field: str) -> str:
    """One cell of a team's line."""
    if field == "team":
        return row.name
    if field == "players":
        return ", ".join(row.players)
    return str(getattr(row, _FIELDS.get(field, field)))


def render_standings(tournament: Tournament, rows: list[Standing], after: int | None,
                     wide: bool = False) -> None:
    """The standings, one line per team, fitted to the terminal (every column whole with
    ``wide`` or into a pipe); a team that left the tournament is marked ``dropped``."""
    title = msg("tview.standings_title", name=tournament.name,
                round=after if after is not None else (
                    tournament.current.number if tournament.current else 0))
    print_line(title)
    described = standings_columns(tournament, wide)
    columns = [column for column, _field in described]
    lines = [[standing_cell(row, field) for _column, field in described] for row in rows]
    if any(row.dropped for row in rows):
        # a column of its own, so that cutting a long name never cuts the mark
        columns.append(Column(""))
        mark = msg("tview.dropped_mark")
        for line, row in zip(lines, rows, strict=True):
            line.append(mark if row.dropped else "")
    print_table(columns, lines, whole=wide)


def export_data(tournament: Tournament, rows: list[Standing],
                deals: list[dict[str, Any]]) -> dict[str, Any]:
    """Plain data for :mod:`coinche_cli.tournament.export`."""
    teams = []
    for team in tournament.teams:
        status = msg("tview.active") if team.dropped_after is None else msg(
            "tview.dropped", round=team.dropped_after)
        teams.append({"name": team.name, "players": ", ".join(team.players), "club": team.club,
                      "registered": team.registered, "status": status})
    rounds = []
    for played in tournament.rounds:
        tables = [
            {"table": b.table, "team1": tournament.name_of(b.team1),
             "team2": tournament.name_of(b.team2), "score1": b.score1, "score2": b.score2,
             "winner": board_winner(tournament, b),
             "forfeit": tournament.name_of(b.forfeit) or None,
             "scored": (msg("tview.scored_deals") if b.game_id is not None
                        else msg("tview.scored_direct") if b.has_result else "")}
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
