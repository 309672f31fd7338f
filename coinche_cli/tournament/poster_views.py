"""What the posters for the wall show (``tournament poster``, the live page's ``/print/…``), as
plain data: the standings with a column per round, a round's pairings listed alphabetically,
the prize list.  :mod:`coinche_cli.sheets.posters` draws them as printable pages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from coinche_cli.names import fold
from coinche_cli.tournament.model import Round, Tournament

if TYPE_CHECKING:
    from coinche_cli.tournament.desk_views import PrizesJson

#: What a poster shows.
KINDS = ("standings", "pairings", "prizes")


def _lines(tournament: Tournament, after: int) -> list[Any]:
    """The standings' lines after round ``after`` (a mêlée's: per player)."""
    if tournament.settings.melee:
        from coinche_cli.tournament.melee_standings import player_standings

        return [row.line for row in player_standings(tournament, after)]
    from coinche_cli.tournament.standings import standings

    return standings(tournament, after)


def standings_poster(tournament: Tournament, after: int | None) -> dict[str, Any]:
    """The standings after round ``after`` (default: every result so far) with, for each
    round, the points each scored in it (None: it did not play that round).  The points of
    a round are the standings' own, after minus before, penalties and byes included."""
    last = after if after is not None else (tournament.current.number if tournament.current
                                            else 0)
    if after is not None:
        tournament.round(after)  # refused when it was not paired
    rows = _lines(tournament, last)
    before: dict[int, tuple[int, int]] = {row.team: (0, 0) for row in rows}
    by_round: dict[int, list[int | None]] = {row.team: [] for row in rows}
    for number in range(1, last + 1):
        now = {row.team: (row.points_for, row.played) for row in _lines(tournament, number)}
        for team, (points, played) in now.items():
            old_points, old_played = before.get(team, (0, 0))
            by_round.setdefault(team, []).append(points - old_points if played > old_played
                                                 else None)
        before = now
    return {"kind": "standings", "name": tournament.name, "after": last or None,
            "melee": tournament.settings.melee, "rounds": list(range(1, last + 1)),
            "rows": [{"rank": row.rank, "name": row.name, "rounds": by_round.get(row.team, []),
                      "wins": row.wins, "points": row.points_for,
                      "difference": row.difference, "dropped": row.dropped} for row in rows]}


def pairings_poster(tournament: Tournament, played: Round) -> dict[str, Any]:
    """Round ``played``'s pairings, one line per team (a mêlée: per player) in alphabetical
    order: its table, its partner, its opponents; the bye and who sits out."""
    rows: list[dict[str, Any]] = []
    for board in played.boards:
        for mine, theirs in ((board.team1, board.team2), (board.team2, board.team1)):
            team = tournament.team(mine)
            against = tournament.name_of(theirs)
            if tournament.settings.melee:
                for member in team.members:
                    partner = next(tournament.player(p).name for p in team.members
                                   if p != member)
                    rows.append({"name": tournament.player(member).name, "table": board.table,
                                 "partner": partner, "against": against, "bye": False})
            else:
                rows.append({"name": team.name, "table": board.table, "partner": None,
                             "against": against, "bye": False})
    if played.bye is not None:
        rows.append({"name": tournament.name_of(played.bye), "table": None, "partner": None,
                     "against": None, "bye": True})
    for player in played.sitting_out:
        rows.append({"name": tournament.player(player).name, "table": None, "partner": None,
                     "against": None, "bye": True})
    rows.sort(key=lambda row: (fold(row["name"]), row["name"]))
    return {"kind": "pairings", "name": tournament.name, "round": played.number,
            "melee": tournament.settings.melee, "rows": rows}


def prizes_poster(tournament: Tournament, prizes: PrizesJson,
                  amounts: dict[int, str]) -> dict[str, Any]:
    """The prize list (``tournament prizes --json``), each amount in words (``amounts``: by
    cents)."""
    return {"kind": "prizes", "name": tournament.name, "final": prizes["final"],
            "after": prizes["after_round"], "melee": tournament.settings.melee,
            "rows": [{"rank": row["rank"], "tied": row["tied"],
                      "name": row.get("team") or row.get("player"), "prize": row["prize"],
                      "amount": amounts.get(row["amount"], "") if row["amount"] else ""}
                     for row in prizes["rows"]]}
