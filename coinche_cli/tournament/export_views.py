"""What ``tournament export`` writes, as plain data (:mod:`coinche_cli.sheets.tournament` lays
it out as sheets and CSV files): the standings, the teams (a mêlée: the players), every
round, the penalties, every result the tables had, the deals of the tables scored deal by
deal and the desk's fees and prizes; a concours with stages, each later stage (and poules
played first) and the final ranking.  Words (a team's status, how a result was entered, how a
place was decided, a bracket's rounds) are in the language in force; amounts in cents."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from coinche_cli.store.records import ResultRecord, source_words
from coinche_cli.tournament.model import Round, Tournament, bye_points, status_words
from coinche_cli.tournament.views import board_winner, penalties_json

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the classes are the checker's alone
    from typing import NotRequired, TypedDict

    from coinche_cli.tournament.desk_views import DeskExport
    from coinche_cli.tournament.stage import Stage
    from coinche_cli.tournament.stage_views import MatchJson
    from coinche_cli.tournament.standings import Standing
    from coinche_cli.tournament.views import LineCounts, PenaltyJson

    class ExportTeam(TypedDict):
        """A registered team: its players in one cell, its status in words."""

        name: str
        players: str
        club: str
        registered: int
        status: str

    class ExportPlayer(TypedDict):
        """A mêlée's registered player, their status in words."""

        name: str
        club: str
        licence: str
        registered: int
        status: str

    class ExportTable(TypedDict):
        """A table of a round: its teams, scores, winner or forfeit, and how its result was
        entered (in words; "" while it has none); in a mêlée's partie with a penalty, the
        scores after penalties too (``after1``, ``after2``: what the standings count)."""

        table: int
        team1: str
        team2: str
        score1: int | None
        score2: int | None
        after1: NotRequired[int | None]
        after2: NotRequired[int | None]
        winner: str | None
        forfeit: str | None
        scored: str
        stage: NotRequired[str]  # a concours with stages: the table's stage
        match: NotRequired[str | None]  # and its knock-out match ("QF1"), None in another

    class ExportStageBye(TypedDict):
        """A bye a stage gave in a round (a knock-out's best seed, a poule of odd size)."""

        team: str
        stage: str

    class ExportRound(TypedDict):
        """A round: its tables, its bye (a mêlée: who sat out) and the bye's points; a concours
        with stages, the byes its stages gave."""

        round: int
        tables: list[ExportTable]
        bye: str | None
        bye_points: int | None
        sitting_out: NotRequired[list[str]]
        stage_byes: NotRequired[list[ExportStageBye]]

    class ExportStanding(LineCounts):
        """A team's standings line, its players in one cell."""

        rank: int
        team: str
        players: str
        byes: int

    class ExportPlayerStanding(LineCounts):
        """A mêlée player's standings line, their partners in one cell."""

        rank: int
        name: str
        club: str
        licence: str
        sat_out: int
        points_per_partie: float | None
        partners: str

    class ExportHistory(TypedDict):
        """A result a table had: its teams, scores or forfeit, how and when it was entered, and
        when it was replaced ("": in force)."""

        round: int
        table: int
        team1: str
        team2: str
        score1: int | None
        score2: int | None
        forfeit: str | None
        scored: str
        entered: str
        replaced: str

    class ExportStageLine(TypedDict):
        """A team's line in a stage's own order: its rank there and how it was decided (in
        words); a Swiss or poule stage, its counts over the stage's parties (a poule's line:
        its poule and its rank in it); a knock-out, its seed."""

        rank: int
        team: str
        players: str
        place_by: str
        seed: NotRequired[int]
        group: NotRequired[str]
        group_rank: NotRequired[int | None]
        played: NotRequired[int]
        wins: NotRequired[int]
        draws: NotRequired[int]
        losses: NotRequired[int]
        byes: NotRequired[int]
        forfeits: NotRequired[int]
        points_for: NotRequired[int]
        points_against: NotRequired[int]
        difference: NotRequired[int]
        match_points: NotRequired[int]
        penalties: NotRequired[int]
        buchholz: NotRequired[int]

    class ExportMatch(MatchJson):
        """A knock-out match as ``bracket --json`` gives it, and which of its sides nobody
        fills (the absent side of a bye; both in a match nobody plays), where ``bracket``
        says null for an absent side and for one not known yet alike."""

        absent: list[bool]

    class ExportBracketRound(TypedDict):
        """A round of a knock-out's bracket: the room's partie, its label ("semi-final") and
        its words (« Demi-finales »), its matches in bracket order (byes included)."""

        round: int
        label: str
        words: str
        matches: list[ExportMatch]

    class ExportStage(TypedDict):
        """A stage of the concours: its position (0: the first), name and kind, its own order
        of its teams, and a knock-out's bracket."""

        position: int
        name: str
        kind: str
        lines: list[ExportStageLine]
        bracket: NotRequired[list[ExportBracketRound]]

    class ExportFinalLine(ExportStanding):
        """A line of the concours's final ranking: the stage that decided the place, and how
        (in words)."""

        stage: str
        place_by: str

    class ExportData(DeskExport):
        """Everything the export writes (the desk's ``fees`` and ``prizes`` when it is used)."""

        name: str
        standings: list[ExportStanding] | list[ExportPlayerStanding]
        teams: NotRequired[list[ExportTeam]]
        format: NotRequired[str]  # "melee": players in place of teams
        players: NotRequired[list[ExportPlayer]]
        rounds: list[ExportRound]
        penalties: list[PenaltyJson]
        history: list[ExportHistory]
        # a table's deals as the game lists them, with the round, table and game first: the
        # game's own rows, which the tournament (importing nothing of the game) does not know
        deals: list[Mapping[str, object]]
        # a concours with stages: each later stage started (and poules played first); once a
        # later stage has started, the final ranking
        stages: NotRequired[list[ExportStage]]
        final: NotRequired[list[ExportFinalLine]]


def _after_penalties(tournament: Tournament, played: Round, tables: list[ExportTable]) -> None:
    """A mêlée's partie with a penalty: each table's scores after penalties beside its winner,
    as the standings count them (a penalty given to the opponents adds to their score, one
    deducted takes from the team's); a table without a score (a forfeit, no result) has
    none."""
    penalties = [p for p in tournament.penalties if p.round == played.number]
    if not penalties:
        return
    received = tournament.given(played.number)
    for penalty in penalties:
        if not penalty.to_opponents:
            received[penalty.team] = received.get(penalty.team, 0) - penalty.points
    for board, table in zip(played.boards, tables, strict=True):
        scored = board.has_result and board.forfeit is None and board.score1 is not None
        table["after1"] = (board.score1 or 0) + received.get(board.team1, 0) if scored else None
        table["after2"] = (board.score2 or 0) + received.get(board.team2, 0) if scored else None


def _rounds(tournament: Tournament, records: Sequence[ResultRecord]) -> list[ExportRound]:
    source = {(r.round, r.table): r.source for r in records if r.replaced is None}
    rounds: list[ExportRound] = []
    for played in tournament.rounds:
        tables: list[ExportTable] = [
            {"table": b.table, "team1": tournament.name_of(b.team1),
             "team2": tournament.name_of(b.team2), "score1": b.score1, "score2": b.score2,
             "winner": board_winner(tournament, played, b),
             "forfeit": tournament.name_of(b.forfeit) or None,
             "scored": (source_words(source.get((played.number, b.table), "desk"))
                        if b.has_result else "")}
            for b in played.boards]
        exported: ExportRound = {
            "round": played.number, "tables": tables,
            "bye": tournament.name_of(played.bye) or None,
            "bye_points": None if played.bye is None else bye_points(tournament, played)}
        if tournament.stages:  # each table's stage and match, the byes the stages gave
            _stage_tables(tournament, played, exported)
        if tournament.settings.melee:  # a mêlée: who sat out, and what each of them scores
            _after_penalties(tournament, played, tables)
            exported["sitting_out"] = [tournament.player(p).name for p in played.sitting_out]
            exported["bye_points"] = (bye_points(tournament, played) if played.sitting_out
                                      else None)
        rounds.append(exported)
    return rounds


def _stage_tables(tournament: Tournament, played: Round, exported: ExportRound) -> None:
    """A round of a concours with stages: each table's stage (and knock-out match), and the
    byes each stage gave in it."""
    from coinche_cli.tournament.stages import stage_of

    for board, table in zip(played.boards, exported["tables"], strict=True):
        table["stage"] = stage_of(tournament, board.stage).name
        table["match"] = board.match
    exported["stage_byes"] = [{"team": tournament.name_of(team), "stage": stage.name}
                              for stage in tournament.stages
                              for team in stage.byes.get(played.number, ())]


def _history(tournament: Tournament, records: Sequence[ResultRecord]) -> list[ExportHistory]:
    boards = {(r.number, b.table): b for r in tournament.rounds for b in r.boards}
    history: list[ExportHistory] = []
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
    return history


def _team_standings(rows: Sequence[Standing]) -> list[ExportStanding]:
    return [{"rank": r.rank, "team": r.name, "players": ", ".join(r.players),
             "played": r.played, "wins": r.wins, "draws": r.draws, "losses": r.losses,
             "byes": r.byes, "forfeits": r.forfeits, "points_for": r.points_for,
             "points_against": r.points_against, "difference": r.difference,
             "match_points": r.match_points, "penalties": r.penalties,
             "buchholz": r.buchholz} for r in rows]


def _player_standings(tournament: Tournament) -> list[ExportPlayerStanding]:
    from coinche_cli.tournament.melee_standings import player_standings

    found: list[ExportPlayerStanding] = []
    for standing in player_standings(tournament):
        r = standing.line
        found.append({
            "rank": r.rank, "name": r.name, "club": standing.club,
            "licence": standing.licence, "played": r.played, "wins": r.wins,
            "draws": r.draws, "losses": r.losses, "sat_out": r.byes, "forfeits": r.forfeits,
            "points_for": r.points_for, "points_per_partie": standing.points_per_partie,
            "points_against": r.points_against,
            "difference": r.difference, "match_points": r.match_points,
            "penalties": r.penalties, "buchholz": r.buchholz,
            "partners": ", ".join(standing.partners)})
    return found


def export_data(tournament: Tournament, rows: Sequence[Standing],
                deals: list[Mapping[str, object]], records: Sequence[ResultRecord],
                desk: DeskExport) -> ExportData:
    """Plain data for :mod:`coinche_cli.sheets.tournament`: ``rows`` the standings,
    ``records`` every result the tables had (each table's entry, and the history), ``desk``
    the desk's fees and prizes."""
    data: ExportData = {"name": tournament.name, "standings": _team_standings(rows),
                        "rounds": _rounds(tournament, records),
                        "penalties": penalties_json(tournament),
                        "history": _history(tournament, records), "deals": deals}
    if "fees" in desk:
        data["fees"] = desk["fees"]
    if "prizes" in desk:
        data["prizes"] = desk["prizes"]
    if tournament.settings.melee:  # its players in place of the teams (a pair is a partie's)
        data["format"] = "melee"
        data["players"] = [{"name": p.name, "club": p.club, "licence": p.licence,
                            "registered": p.registered, "status": status_words(p)}
                           for p in tournament.players]
        data["standings"] = _player_standings(tournament)
    else:
        data["teams"] = [{"name": t.name, "players": ", ".join(t.players), "club": t.club,
                          "registered": t.registered, "status": status_words(t.entrant())}
                         for t in tournament.teams]
    if tournament.stages:
        _stages(tournament, data)
    return data


def _stages(tournament: Tournament, data: ExportData) -> None:
    """A concours with stages: each stage that has its teams (a later one once started, the
    first when played in poules), and the final ranking once a later stage has started."""
    from coinche_cli.tournament import stages as st
    from coinche_cli.tournament.stage_views import final_rows, place_by_words

    data["stages"] = [stage_export(tournament, stage) for stage in tournament.stages
                      if stage.teams and (not stage.first or stage.kind == "groups")]
    if st.has_finals(tournament):
        rows = final_rows(tournament)
        data["final"] = [{**line, "stage": stage.name, "place_by": place_by_words(by)}
                         for line, (_row, stage, by) in zip(
                             _team_standings([row for row, _stage, _by in rows]), rows,
                             strict=True)]


def stage_export(tournament: Tournament, stage: Stage) -> ExportStage:
    """A started stage as the export writes it: its own order of its teams, a Swiss or poule
    stage's lines with their counts over its parties (poules: each poule's teams in its
    order, poule after poule), a knock-out's seeds and bracket."""
    from coinche_cli.tournament import stages as st
    from coinche_cli.tournament.groups import letter
    from coinche_cli.tournament.stage_views import place_by_words

    seeds = {team: seed for seed, team in enumerate(stage.teams, start=1)}
    order = st.stage_order(tournament, stage)
    found: ExportStage = {"position": stage.position, "name": stage.name, "kind": stage.kind,
                          "lines": []}
    if stage.kind == "knockout":
        found["lines"] = [{"rank": placed.rank, "team": tournament.name_of(placed.team),
                           "players": ", ".join(tournament.team(placed.team).players),
                           "seed": seeds[placed.team], "place_by": place_by_words(placed.by)}
                          for placed in order]
        found["bracket"] = bracket_export(tournament, stage)
        return found
    if stage.kind == "groups":  # each poule's own counts, poule after poule
        lines = {row.team: row for members in st.group_members(stage)
                 for row in st.stage_standings(tournament, stage, members)}
        order = sorted(order, key=lambda p: (p.group or 0, p.group_rank or 0))
    else:
        lines = {row.team: row for row in st.stage_standings(tournament, stage)}
    for placed in order:
        r = lines[placed.team]
        line: ExportStageLine = {
            "rank": placed.rank, "team": r.name, "players": ", ".join(r.players),
            "place_by": place_by_words(placed.by), "played": r.played, "wins": r.wins,
            "draws": r.draws, "losses": r.losses, "byes": r.byes, "forfeits": r.forfeits,
            "points_for": r.points_for, "points_against": r.points_against,
            "difference": r.difference, "match_points": r.match_points,
            "penalties": r.penalties, "buchholz": r.buchholz}
        if placed.group is not None:
            line["group"] = letter(placed.group)
            line["group_rank"] = placed.group_rank
        found["lines"].append(line)
    return found


def bracket_export(tournament: Tournament, stage: Stage) -> list[ExportBracketRound]:
    """A started knock-out's bracket: ``bracket --json``'s rounds, each with its words, each
    match with the sides nobody fills."""
    from coinche_cli.tournament.bracket import ABSENT
    from coinche_cli.tournament.stage_views import bracket_json, label_words
    from coinche_cli.tournament.stages import ko_resolved

    resolved = ko_resolved(tournament, stage)
    return [{"round": column["round"], "label": column["label"],
             "words": label_words(column["label"]),
             "matches": [{**match, "absent": [side is ABSENT
                                              for side in resolved[match["match"]].sides]}
                         for match in column["matches"]]}
            for column in bracket_json(tournament, stage)["rounds"]]
