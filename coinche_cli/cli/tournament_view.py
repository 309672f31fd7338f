"""How a tournament reads on the terminal (its JSON and export data are
:mod:`coinche_cli.tournament.views`).

Plain text only (no Rich): team names are printed as they were typed, never read as markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.cli.output import Column, print_line, print_table
from coinche_cli.messages import msg
from coinche_cli.tournament.model import Round, Tournament, bye_points
from coinche_cli.tournament.ranking import Ranking
from coinche_cli.tournament.views import penalties_json

if TYPE_CHECKING:  # the standings load only for the commands that show them
    from coinche_cli.tournament.standings import Standing


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
