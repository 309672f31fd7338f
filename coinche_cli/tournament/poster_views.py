"""What the posters for the wall show (``tournament poster``, the live page's ``/print/…``), as
plain data: the standings with a column per round, a round's pairings listed alphabetically,
the prize list, a knock-out stage's bracket.  :mod:`coinche_cli.sheets.posters` draws them as
printable pages.

Each poster is a ``TypedDict`` whose ``kind`` names it (:data:`PosterData`, the four): the
page's template is chosen by it, and mypy sees a key renamed here in the templates' caller.
(The bracket is a poster of the command's alone: the live page's ``/print/…`` serves
:data:`KINDS`.)
Every poster carries the tournament's name, its date (ISO, as stored: the page writes it in
its language) and whether it is a mêlée (its lines are players, not teams).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Literal

from coinche_cli.names import fold
from coinche_cli.tournament.desk_views import tie_mark
from coinche_cli.tournament.model import Round, Tournament

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the classes are the checker's alone
    from typing import TypedDict

    from coinche_cli.tournament.desk_views import PrizeJson
    from coinche_cli.tournament.export_views import ExportBracketRound
    from coinche_cli.tournament.stage import Stage
    from coinche_cli.tournament.standings import Standing

    class RoundCell(TypedDict):
        """A line's part in one round of the standings poster: its points (None: it did not
        play that round) and whether they are a bye's (a mêlée: a partie sat out)."""

        points: int | None
        bye: bool

    class StandingsPosterRow(TypedDict):
        """A line of the standings poster: a team (a mêlée: a player) and its part in each
        round."""

        rank: int
        name: str
        rounds: list[RoundCell]
        wins: int
        points: int
        difference: int
        dropped: bool

    class StandingsPoster(TypedDict):
        """The standings after round ``after`` (None: before any result), a column per round."""

        kind: Literal["standings"]
        name: str
        date: str
        melee: bool
        after: int | None
        rounds: list[int]
        rows: list[StandingsPosterRow]

    class PairingsPosterRow(TypedDict):
        """A line of the pairings poster: who, at which table, with whom, against whom (a
        mêlée: ``opponents``, the two players, each name whole on the page); a bye (or a
        mêlée's player sitting out) has no table."""

        name: str
        table: int | None
        partner: str | None
        against: str | None
        opponents: list[str]
        bye: bool

    class PairingsPoster(TypedDict):
        """Round ``round``'s pairings, in alphabetical order."""

        kind: Literal["pairings"]
        name: str
        date: str
        melee: bool
        round: int
        rows: list[PairingsPosterRow]

    class PrizesPosterRow(TypedDict):
        """A line of the prize poster: its rank (``tied``: shared), who, the prize and the cash
        in words (``""``: none), the tie's mark (to be decided, the order decided: ``""``,
        neither) and what the entrant still owes of its fee in words (``""``: nothing)."""

        rank: int
        tied: bool
        name: str
        prize: str | None
        amount: str
        mark: str
        owed: str

    class PrizesPoster(TypedDict):
        """The prize list: ``final`` once the last round is complete, else provisional after
        round ``after``."""

        kind: Literal["prizes"]
        name: str
        date: str
        melee: bool
        final: bool
        after: int | None
        rows: list[PrizesPosterRow]
        owing: bool

    class BracketPoster(TypedDict):
        """A knock-out stage's bracket: its rounds, each match with its sides (the layout on
        the page is :mod:`coinche_cli.sheets.bracket_grid`'s)."""

        kind: Literal["bracket"]
        name: str
        date: str
        melee: bool
        stage: str
        rounds: list[ExportBracketRound]

    #: A poster's data, of any kind.
    PosterData = StandingsPoster | PairingsPoster | PrizesPoster | BracketPoster

#: What a poster shows (and the live page's ``/print/KIND`` serves).
KINDS = ("standings", "pairings", "prizes")
#: The bracket poster's kind (``tournament poster bracket [NAME] FILE``).
BRACKET = "bracket"


def _lines(tournament: Tournament, after: int) -> list[Standing]:
    """The standings' lines after round ``after`` (a mêlée's: per player)."""
    if tournament.settings.melee:
        from coinche_cli.tournament.melee_standings import player_standings

        return [row.line for row in player_standings(tournament, after)]
    from coinche_cli.tournament.ranked import ranking

    return ranking(tournament, after)


def standings_poster(tournament: Tournament, after: int | None, date: str) -> StandingsPoster:
    """The standings after round ``after`` (default: every result so far) with, for each
    round, the points each scored in it (None: it did not play that round) and whether they
    are a bye's (a mêlée: a partie sat out).  The points of a round are the standings' own,
    after minus before, penalties and byes included."""
    last = after if after is not None else (tournament.current.number if tournament.current
                                            else 0)
    if after is not None:
        tournament.round(after)  # refused when it was not paired
    rows = _lines(tournament, last)
    before: dict[int, tuple[int, int]] = {row.team: (0, 0) for row in rows}
    by_round: dict[int, list[RoundCell]] = {row.team: [] for row in rows}
    for number in range(1, last + 1):
        played_round = tournament.round(number)
        byes = (set(played_round.sitting_out) if tournament.settings.melee
                else {played_round.bye})
        now = {row.team: (row.points_for, row.played) for row in _lines(tournament, number)}
        for team, (points, played) in now.items():
            old_points, old_played = before.get(team, (0, 0))
            by_round.setdefault(team, []).append(
                {"points": points - old_points, "bye": team in byes} if played > old_played
                else {"points": None, "bye": False})
        before = now
    return {"kind": "standings", "name": tournament.name, "date": date, "after": last or None,
            "melee": tournament.settings.melee, "rounds": list(range(1, last + 1)),
            "rows": [{"rank": row.rank, "name": row.name, "rounds": by_round.get(row.team, []),
                      "wins": row.wins, "points": row.points_for,
                      "difference": row.difference, "dropped": row.dropped} for row in rows]}


def pairings_poster(tournament: Tournament, played: Round, date: str) -> PairingsPoster:
    """Round ``played``'s pairings, one line per team (a mêlée: per player) in alphabetical
    order: its table, its partner, its opponents; the bye and who sits out."""
    rows: list[PairingsPosterRow] = []
    for board in played.boards:
        for mine, theirs in ((board.team1, board.team2), (board.team2, board.team1)):
            team = tournament.team(mine)
            against = tournament.name_of(theirs)
            if tournament.settings.melee:
                for member in team.members:
                    partner = next(tournament.player(p).name for p in team.members
                                   if p != member)
                    rows.append({"name": tournament.player(member).name, "table": board.table,
                                 "partner": partner, "against": against,
                                 "opponents": [tournament.player(p).name
                                               for p in tournament.team(theirs).members],
                                 "bye": False})
            else:
                rows.append({"name": team.name, "table": board.table, "partner": None,
                             "against": against, "opponents": [], "bye": False})
    if played.bye is not None:
        rows.append({"name": tournament.name_of(played.bye), "table": None, "partner": None,
                     "against": None, "opponents": [], "bye": True})
    for player in played.sitting_out:
        rows.append({"name": tournament.player(player).name, "table": None, "partner": None,
                     "against": None, "opponents": [], "bye": True})
    rows.sort(key=lambda row: (fold(row["name"]), row["name"]))
    return {"kind": "pairings", "name": tournament.name, "date": date, "round": played.number,
            "melee": tournament.settings.melee, "rows": rows}


def prizes_poster(tournament: Tournament, final: bool, after: int | None,
                  rows: Iterable[PrizeJson], amounts: Mapping[int, str],
                  date: str) -> PrizesPoster:
    """The prize list (``final``, ``after`` and ``rows`` as ``tournament prizes --json``
    gives them: its ``final``, ``after_round`` and ``rows``), each amount in words
    (``amounts``: by cents)."""
    rows = list(rows)
    return {"kind": "prizes", "name": tournament.name, "date": date, "final": final,
            "after": after, "melee": tournament.settings.melee,
            "rows": [{"rank": row["rank"], "tied": row["tied"],
                      "name": row.get("team") or row.get("player") or "",
                      "prize": row["prize"],
                      "amount": amounts.get(row["amount"], "") if row["amount"] else "",
                      "mark": tie_mark(row),
                      "owed": amounts.get(row["owed"], "") if row["owed"] else ""}
                     for row in rows],
            "owing": any(row["owed"] for row in rows)}


def bracket_poster(tournament: Tournament, stage: Stage, date: str) -> BracketPoster:
    """A started knock-out stage's bracket, as the export gives it."""
    from coinche_cli.tournament.export_views import bracket_export

    return {"kind": "bracket", "name": tournament.name, "date": date, "melee": False,
            "stage": stage.name, "rounds": bracket_export(tournament, stage)}
