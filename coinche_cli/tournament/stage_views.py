"""A concours's stages as ``--json`` and its clients read them: ``stage list``, ``stage show``,
``bracket``, and the final ranking's lines (``standings`` once a later stage has started).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.i18n import _, pgettext
from coinche_cli.tournament import stages as st
from coinche_cli.tournament.model import Tournament

if TYPE_CHECKING:
    from typing import NotRequired, TypedDict

    from coinche_cli.tournament.bracket import Resolved, Side
    from coinche_cli.tournament.stage import Stage
    from coinche_cli.tournament.standings import Standing
    from coinche_cli.tournament.views import StandingJson

    # functional syntax: the stage it takes from is under "from", a Python keyword
    StageJson = TypedDict("StageJson", {
        "name": str, "kind": str, "from": str | None, "ranks": list[int] | None,
        "group_ranks": list[int] | None, "state": str, "teams": list[str],
        "target": int | None, "deals": int | None, "position": int, "rounds": int,
        "third_place": bool, "places": bool, "carry": str, "rules": str | None,
    })

    class GroupJson(TypedDict):
        """A poule of ``stage show --json``."""

        group: str
        teams: list[str]

    class StageShowJson(StageJson):
        """``stage show --json``: the stage, its own order, and its poules or bracket."""

        standings: list[PlacedJson]
        groups: NotRequired[list[GroupJson]]
        bracket: NotRequired[list[BracketRoundJson]]

    class PlacedJson(TypedDict):
        """A team's line in a stage's own order."""

        rank: int
        team: str
        seed: int | None
        place_by: str
        group: NotRequired[str]
        group_rank: NotRequired[int]

    class MatchJson(TypedDict):
        """A knock-out match as ``bracket --json`` gives it."""

        match: str
        table: int | None
        teams: list[str | None]
        seeds: list[int | None]
        scores: list[int | None] | None
        winner: str | None
        bye: bool
        winner_to: str | None
        loser_to: str | None

    class BracketRoundJson(TypedDict):
        """A round of a bracket: the room's partie it is played in, its label, its matches."""

        round: int
        label: str
        matches: list[MatchJson]

    class BracketJson(TypedDict):
        """``bracket --json``."""

        stage: str
        rounds: list[BracketRoundJson]

    class FinalStandingJson(StandingJson):
        """A line of the final ranking: which stage decided its place, and how."""

        stage: str
        place_by: str


def stage_json(tournament: Tournament, stage: Stage) -> StageJson:
    """A stage as ``stage list --json`` lists it."""
    settings = st.settings_of(tournament, stage)
    teams = stage.teams if (stage.teams or not stage.first) else tuple(
        t.id for t in tournament.teams)
    source = None if stage.source is None else st.stage_of(tournament, stage.source).name
    return {
        "name": stage.name, "kind": stage.kind, "from": source,
        "ranks": list(stage.ranks) if stage.ranks else None,
        "group_ranks": list(stage.group_ranks) if stage.group_ranks else None,
        "state": st.state(tournament, stage),
        "teams": [tournament.name_of(team) for team in teams],
        "target": settings.target, "deals": settings.deals, "position": stage.position,
        "rounds": st.total_rounds(tournament, stage), "third_place": stage.third_place,
        "places": stage.places, "carry": stage.carry, "rules": stage.rules_name,
    }  # fmt: skip


def stages_json(tournament: Tournament) -> list[StageJson]:
    """``stage list --json``: every stage, the first one included."""
    return [stage_json(tournament, stage)
            for stage in tournament.stages or (st.first_stage(tournament),)]


def group_name(index: int) -> str:
    """A poule's name: « A », « B »…"""
    from coinche_cli.tournament.groups import letter

    return letter(index)


def order_json(tournament: Tournament, stage: Stage) -> list[PlacedJson]:
    """A stage's own order of its teams."""
    seeds = {team: seed for seed, team in enumerate(stage.teams, start=1)}
    lines: list[PlacedJson] = []
    for placed in st.stage_order(tournament, stage):
        line: PlacedJson = {"rank": placed.rank, "team": tournament.name_of(placed.team),
                            "seed": seeds.get(placed.team), "place_by": placed.by}
        if placed.group is not None:
            line["group"] = group_name(placed.group)
            if placed.group_rank is not None:
                line["group_rank"] = placed.group_rank
        lines.append(line)
    return lines


def stage_show_json(tournament: Tournament, stage: Stage) -> StageShowJson:
    """``stage show --json``: the stage, its order, and its bracket or poules."""
    started = stage.first or bool(stage.started)
    data: StageShowJson = {**stage_json(tournament, stage),  # type: ignore[typeddict-item]
                           "standings": order_json(tournament, stage) if started else []}
    if stage.kind == "groups" and stage.teams:
        data["groups"] = [{"group": group_name(index),
                           "teams": [tournament.name_of(team) for team in members]}
                          for index, members in enumerate(st.group_members(stage))]
    if stage.kind == "knockout" and stage.teams:
        data["bracket"] = bracket_json(tournament, stage)["rounds"]
    return data


def label_words(label: str) -> str:
    """A bracket round's label in the room's words (« Quarts », « Petite finale »)."""
    if label.startswith("places "):
        low, high = label.removeprefix("places ").split("-")
        return pgettext("bracket", "Places {low}–{high}").format(low=low, high=high)
    if label.startswith("round of "):
        return pgettext("bracket", "Round of {count}").format(
            count=label.removeprefix("round of "))
    match label:
        case "final":
            return pgettext("bracket", "Final")
        case "semi-final":
            return pgettext("bracket", "Semi-finals")
        case "quarter-final":
            return pgettext("bracket", "Quarter-finals")
        case "third place":
            return pgettext("bracket", "Third place")
        case _unknown:
            return label


def place_by_words(by: str) -> str:
    """How a place in the final ranking was decided, in words."""
    match by:
        case "final":
            return pgettext("place", "final")
        case "third place":
            return pgettext("place", "third place")
        case "places":
            return pgettext("place", "places match")
        case "seed":
            return pgettext("place", "seed")
        case "ranking":
            return pgettext("place", "ranking")
        case _unknown:
            return by


def _side(stage: Stage, side: Side) -> int | None:
    return side if isinstance(side, int) else None


def bracket_json(tournament: Tournament, stage: Stage) -> BracketJson:
    """``bracket NAME --json``: the rounds as columns, each match in bracket order."""
    resolved = st.ko_resolved(tournament, stage)
    played = st.stage_rounds(tournament, stage)
    boards = {b.match: (r.number, b) for r in tournament.rounds for b in r.boards
              if b.stage == stage.position and b.match is not None}
    base = played[-1] if played else (tournament.current.number if tournament.current else 0)
    rounds: list[BracketRoundJson] = []
    for found in resolved.values():
        match = found.match
        number = (played[match.round - 1] if match.round <= len(played)
                  else base + match.round - len(played))
        if not rounds or rounds[-1]["round"] != number or rounds[-1]["label"] != match.label:
            rounds.append({"round": number, "label": match.label, "matches": []})
        rounds[-1]["matches"].append(_match_json(tournament, stage, found,
                                                 boards.get(match.id)))
    return {"stage": stage.name, "rounds": rounds}


def _match_json(tournament: Tournament, stage: Stage, found: Resolved,
                at: tuple[int, object] | None) -> MatchJson:
    seeds = [_side(stage, side) for side in found.sides]
    teams = [None if seed is None else stage.teams[seed - 1] for seed in seeds]
    scores: list[int | None] | None = None
    table: int | None = None
    winner = _side(stage, found.winner)
    if at is not None:
        from coinche_cli.tournament.board import Board

        board = at[1]
        assert isinstance(board, Board)
        table = board.table
        if board.has_result and board.score1 is not None:
            mine = {board.team1: board.score1, board.team2: board.score2}
            scores = [mine.get(team) if team is not None else None for team in teams]
    return {
        "match": found.match.id, "table": table,
        "teams": [tournament.name_of(team) if team is not None else None for team in teams],
        "seeds": seeds, "scores": scores,
        "winner": None if winner is None else tournament.name_of(stage.teams[winner - 1]),
        "bye": found.bye, "winner_to": found.match.winner_to, "loser_to": found.match.loser_to,
    }  # fmt: skip


def final_rows(tournament: Tournament) -> list[tuple[Standing, Stage, str]]:
    """The final ranking's lines: each team's line over the whole concours, its final rank,
    the stage that decided it and how."""
    from coinche_cli.tournament.standings import changed, lines

    found = {row.team: row for row in lines(tournament)}
    return [(changed(found[placed.team], rank=placed.rank),
             st.stage_of(tournament, placed.stage), placed.by)
            for placed in st.final_order(tournament)]


def final_json(rows: list[tuple[Standing, Stage, str]]) -> list[FinalStandingJson]:
    """``standings --json`` once a later stage has started (``rows``: :func:`final_rows`)."""
    from coinche_cli.tournament.views import standing_json

    found: list[FinalStandingJson] = []
    for row, stage, by in rows:
        line = standing_json(row)
        found.append({**line, "stage": stage.name, "place_by": by})
    return found


def kind_text(stage: Stage) -> str:
    """A stage's kind, and its options, in words."""
    from coinche_cli.tournament.stage import kind_words

    words = kind_words(stage.kind)
    if stage.places:
        words += _(", every place played")
    elif stage.third_place:
        words += _(", third-place match")
    return words
