"""A tournament as every ``--json`` prints it (``tournament show``, ``standings``, ``team
list``), and the plain data of its export.

The machine's interface: the same keys and values in every language, the same bytes from the
command line, the live page's ``/api`` and ``store copy``'s check.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, assert_never

from coinche_cli.names import fold
from coinche_cli.store.records import ResultRecord
from coinche_cli.tournament.model import (
    Board,
    Entrant,
    EntrantKind,
    Round,
    Team,
    Tournament,
    bye_points,
)

if TYPE_CHECKING:  # the standings load only for the commands that show them; a TypedDict is
    # a plain dict at run time: the classes are the checker's alone
    from typing import NotRequired, TypedDict

    from coinche_cli.store.records import Source
    from coinche_cli.tournament.melee_standings import PlayerStanding
    from coinche_cli.tournament.standings import Standing

    class LiveJson(TypedDict):
        """``/api/live``: what the live page's pages poll (the version moves when anything
        they show does), and the round's countdown's end."""

        version: str
        deadline: float | None

    class SheetTable(TypedDict):
        """A table as its paper score sheet prints it (``tournament sheets``): its teams and
        their players, its entry code, and the address of its entry page on the live page
        (the command adds it)."""

        table: int
        team1: str
        players1: str | list[str]
        team2: str
        players2: str | list[str]
        code: NotRequired[str | None]
        url: NotRequired[str]

    class PenaltyJson(TypedDict):
        """A penalty: its round, the team at fault, the points, why, and the team that received
        them (None when they were deducted)."""

        round: int
        team: str
        points: int
        reason: str
        to: str | None

    class Named(TypedDict):
        """An entrant named as its door calls it: ``team`` in a formed-team concours, ``player``
        in a mêlée (one of the two keys, never both)."""

        team: NotRequired[str]
        player: NotRequired[str]

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

    class TableJson(TypedDict):
        """A table of a round: its two sides (a mêlée: each pair's ``pairs`` too), the scores or
        the forfeit, the winner (penalties counted as the tournament counts them), the game that
        scores it deal by deal."""

        table: int
        teams: list[str]
        scores: list[int | None] | None
        forfeit: str | None
        winner: str | None
        game: int | None
        pairs: NotRequired[list[list[str]]]
        code: NotRequired[str]  # show --codes: the table's entry code
        stage: NotRequired[str]  # a concours with stages: the table's stage
        match: NotRequired[str]  # a knock-out's table: its match ("QF1")

    class StageByeJson(TypedDict):
        """A bye a stage gives (a knock-out's best seed, a poule of odd size)."""

        team: str
        stage: str

    class RoundJson(TypedDict):
        """A round's pairings and results (``pair --json``, ``show --json``, ``/api/round``);
        a mêlée's partie says who sits out."""

        round: int
        tables: list[TableJson]
        bye: str | None
        bye_points: int | None
        rematches: int
        complete: bool
        penalties: list[PenaltyJson]
        sitting_out: NotRequired[list[str]]
        history: NotRequired[list[HistoryJson]]  # show --history: every result of its tables
        stage_byes: NotRequired[list[StageByeJson]]  # a concours with stages

    class PenaltyLineJson(TypedDict):
        """A penalty as a standings line lists it."""

        round: int
        points: int
        reason: str
        to: str | None

    class LineCounts(TypedDict):
        """What every standings line counts, a team's or a player's (in the views and the
        export alike)."""

        played: int
        wins: int
        draws: int
        losses: int
        forfeits: int
        points_for: int
        points_against: int
        difference: int
        match_points: int
        penalties: int
        buchholz: int

    class StandingJson(LineCounts):
        """A team's line of ``tournament standings --json``."""

        rank: int
        team: str
        players: list[str]
        byes: int
        dropped: bool
        penalty_details: list[PenaltyLineJson]

    class PlayerStandingJson(LineCounts):
        """A mêlée player's line of ``tournament standings --json``: the parties sat out, and by
        partie the partner and the two opponents."""

        rank: int
        name: str
        club: str
        licence: str
        sat_out: int
        dropped: bool
        partners: list[str]
        opponents: list[list[str]]
        penalty_details: list[PenaltyLineJson]

    #: ``tournament standings --json``: a line per team, or in a mêlée per player.
    StandingsJson = list[StandingJson] | list[PlayerStandingJson]

    class HistoryJson(TypedDict):
        """A result a table had: scores or forfeit, where it came from, when it was entered and
        replaced (None: in force)."""

        round: int
        table: int
        scores: list[int | None] | None
        forfeit: str | None
        source: Source
        entered: str
        replaced: str | None

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


def board_winner(tournament: Tournament, played: Round, board: Board) -> str | None:
    """The name of the team that won the partie (penalties counted as the tournament counts
    them: :meth:`Tournament.winner`), None for a draw or no result."""
    winner = tournament.winner(played, board) if board.has_result else None
    return None if winner is None else tournament.name_of(winner)


def penalties_json(tournament: Tournament, up_to: int | None = None) -> list[PenaltyJson]:
    """Every penalty (up to round ``up_to``): round, team, points, reason, and the team that
    received the points (None when they were deducted)."""
    rows: list[PenaltyJson] = []
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


def named(kind: EntrantKind, name: str) -> Named:
    """``{"team": name}`` or ``{"player": name}``: a view's row starts with it."""
    match kind:
        case "team":
            return {"team": name}
        case "player":
            return {"player": name}
        case unreachable:
            assert_never(unreachable)


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


def round_json(tournament: Tournament, played: Round) -> RoundJson:
    """A round's pairings and results; a mêlée's tables name their ``pairs`` (the first pair
    first), and the partie says who sits out and what each of them scores (as a bye)."""
    melee = tournament.settings.melee
    tables: list[TableJson] = []
    for b in played.boards:
        table: TableJson = {
            "table": b.table,
            "teams": [tournament.name_of(b.team1), tournament.name_of(b.team2)],
            "scores": None if b.score1 is None else [b.score1, b.score2],
            "forfeit": tournament.name_of(b.forfeit) or None,
            "winner": board_winner(tournament, played, b),
            "game": b.game_id,
        }
        if melee:
            table["pairs"] = [list(tournament.team(b.team1).players),
                              list(tournament.team(b.team2).players)]
        if tournament.stages:
            from coinche_cli.tournament.stages import stage_of

            table["stage"] = stage_of(tournament, b.stage).name
            if b.match is not None:
                table["match"] = b.match
        tables.append(table)
    off = played.sitting_out if melee else ()
    data: RoundJson = {
        "round": played.number,
        "tables": tables,
        "bye": tournament.name_of(played.bye) or None,
        "bye_points": (bye_points(tournament, played)
                       if played.bye is not None or off else None),
        "rematches": played.rematches,
        "complete": played.complete,
        "penalties": penalties_json(tournament, played.number),
    }
    if melee:
        data["sitting_out"] = [tournament.player(p).name for p in off]
    if tournament.stages:
        data["stage_byes"] = [{"team": tournament.name_of(team), "stage": stage.name}
                              for stage in tournament.stages
                              for team in stage.byes.get(played.number, ())]
    return data


def _penalty_lines(row: Standing) -> list[PenaltyLineJson]:
    return [{"round": p.round, "points": p.points, "reason": p.reason, "to": p.to}
            for p in row.penalty_details]


def standing_json(row: Standing) -> StandingJson:
    """A team's standings line as JSON."""
    return {
        "rank": row.rank, "team": row.name, "players": list(row.players),
        "played": row.played, "wins": row.wins, "draws": row.draws,
        "losses": row.losses, "byes": row.byes, "forfeits": row.forfeits,
        "points_for": row.points_for, "points_against": row.points_against,
        "difference": row.difference, "match_points": row.match_points,
        "penalties": row.penalties, "buchholz": row.buchholz, "dropped": row.dropped,
        "penalty_details": _penalty_lines(row),
    }  # fmt: skip


def player_standing_json(standing: PlayerStanding) -> PlayerStandingJson:
    """A mêlée player's standings line as JSON."""
    row = standing.line
    return {
        "rank": row.rank, "name": row.name, "club": standing.club,
        "licence": standing.licence, "played": row.played, "wins": row.wins,
        "draws": row.draws, "losses": row.losses, "sat_out": row.byes,
        "forfeits": row.forfeits, "points_for": row.points_for,
        "points_against": row.points_against, "difference": row.difference,
        "match_points": row.match_points, "penalties": row.penalties,
        "buchholz": row.buchholz, "dropped": row.dropped,
        "partners": list(standing.partners),
        "opponents": [list(pair) for pair in standing.opponents],
        "penalty_details": _penalty_lines(row),
    }  # fmt: skip


def standings_json(rows: list[Standing]) -> list[StandingJson]:
    """The standings as JSON."""
    return [standing_json(row) for row in rows]


def standings_of(tournament: Tournament, after_round: int | None = None) -> StandingsJson:
    """``tournament standings --json`` after ``after_round`` (default: every result so far):
    a line per team, or in a mêlée per player."""
    if after_round is not None:
        tournament.round(after_round)  # refused when it was not paired
    if tournament.settings.melee:
        from coinche_cli.tournament.melee_standings import player_standings

        return [player_standing_json(row) for row in player_standings(tournament, after_round)]
    from coinche_cli.tournament.ranked import ranking

    return standings_json(ranking(tournament, after_round))


def history_json(tournament: Tournament, records: Sequence[ResultRecord],
                 number: int | None = None) -> list[HistoryJson]:
    """Every result the tables had (of round ``number``, or every round), in the order they
    were replaced, then the one in force: scores or forfeit, where it came from (``desk``,
    ``file``, ``game``, ``web``), when it was entered, and when it was replaced (None: in
    force).  ``tournament show --history --json``."""
    return [{"round": r.round, "table": r.table,
             "scores": None if r.score1 is None else [r.score1, r.score2],
             "forfeit": tournament.name_of(r.forfeit) or None, "source": r.source,
             "entered": r.entered, "replaced": r.replaced}
            for r in records if number is None or r.round == number]


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
            results += [{"round": played.number, "bye": True} for played in tournament.rounds
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
            results.append({"round": played.number, "bye": True})
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
        results.append({"round": played.number, "bye": False, "table": board.table,
                        "opponent": tournament.name_of(board.opponent(team_id)),
                        "score": mine, "against": theirs, "forfeit": forfeit,
                        "outcome": outcome})
    return results
