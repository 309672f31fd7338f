"""The stages of a concours: where each one stands, how it ranks its teams, and the final
ranking of the concours.

Pure (the store builds the :class:`~coinche_cli.tournament.model.Tournament`; the writes are
:mod:`coinche_cli.tournament.stage_ops`).  The rules a director can check:

1. The first stage is the qualifying parties (rounds 1 to ``--rounds``) or the poules; a
   concours without stages has one implicit Swiss first stage, « Qualifications ».
2. A later stage plays the room's parties it is paired in: its tables carry its position
   (``Board.stage``), its byes are kept by partie (``Stage.byes``).
3. A stage ranks its own teams: the Swiss stages by the concours's ranking rule and
   tie-breaks over their own parties (``--carry points``/``wins`` adds what each team brought
   from the stage it comes from); poules inside each poule (head-to-head first among teams
   tied in a poule), then every poule's first before every second, and so on, by the same
   ranking; a knock-out by its bracket (:mod:`coinche_cli.tournament.bracket`), its teams
   placed by seed while it is being played.
4. The director's order (``stage start --order``) decides between teams the ranking leaves
   tied under every tie-break; nothing is ever drawn by lot here.
5. The final ranking: each started stage's range of places is decided by that stage, the
   teams that entered no later stage keep their place in their stage's order.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from coinche_cli.errors import TournamentError
from coinche_cli.i18n import _
from coinche_cli.names import echo, fold
from coinche_cli.tournament.model import Penalty, Round, Settings, Team, Tournament
from coinche_cli.tournament.stage import Stage, StageState, first_stage_name
from coinche_cli.values import Value

if TYPE_CHECKING:
    from coinche_cli.tournament.board import Board
    from coinche_cli.tournament.bracket import Match, Resolved
    from coinche_cli.tournament.standings import Standing

#: Why a team holds its place in the final ranking.
PlaceBy = Literal["final", "third place", "places", "seed", "ranking"]


class Placed(Value):
    """A team's place in a stage's order: its rank there (shared by teams tied under every
    tie-break), the stage that decided it (its position) and how, and its poule."""

    __slots__ = ("by", "group", "group_rank", "rank", "stage", "team")

    def __init__(self, team: int, rank: int, stage: int, by: PlaceBy,
                 group: int | None = None, group_rank: int | None = None) -> None:
        self.team = team
        self.rank = rank
        self.stage = stage
        self.by = by
        self.group = group  # a poule stage: the team's poule (0 = A) and its rank there
        self.group_rank = group_rank  # (shared by teams tied under every tie-break)


def first_stage(tournament: Tournament) -> Stage:
    """The concours's first stage (rule 1)."""
    if tournament.stages:
        return tournament.stages[0]
    size = tournament.settings.group_size
    if size is not None:  # a concours in poules whose poules are not drawn yet
        return Stage(0, first_stage_name("groups"), "groups", group_size=size)
    return Stage(0, first_stage_name("swiss"), "swiss", rounds=tournament.settings.rounds)


def later_stages(tournament: Tournament) -> tuple[Stage, ...]:
    """The stages after the first, in the order they were added."""
    return tournament.stages[1:]


def has_finals(tournament: Tournament) -> bool:
    """Whether a later stage has started (the standings are then the final ranking)."""
    return any(stage.started for stage in later_stages(tournament))


def stage_named(tournament: Tournament, name: str, option: str = "NAME") -> Stage:
    """The stage called ``name`` (case and accents ignored), refused naming the known ones."""
    stages = tournament.stages or (first_stage(tournament),)
    key = fold(name)
    for stage in stages:
        if fold(stage.name) == key:
            return stage
    raise TournamentError(_("{option}: no stage called {name} (stages: {known})"),
                          option=option, name=echo(name),
                          known=", ".join(stage.name for stage in stages))


def stage_of(tournament: Tournament, position: int | None) -> Stage:
    """The stage at ``position`` (None: the first)."""
    if not position:
        return first_stage(tournament)
    return tournament.stages[position]


def stage_rounds(tournament: Tournament, stage: Stage) -> list[int]:
    """The room's parties the stage has played or is playing (rule 2)."""
    if stage.first:
        last = tournament.settings.rounds
        return [r.number for r in tournament.rounds if r.number <= last]
    return sorted({r.number for r in tournament.rounds
                   if any(b.stage == stage.position for b in r.boards)}
                  | set(stage.byes))


def stage_size(tournament: Tournament, stage: Stage) -> int:
    """How many teams the stage has (or will have, once its source is ranked)."""
    if stage.teams:
        return len(stage.teams)
    if stage.first:
        return len(tournament.teams)
    if stage.ranks is not None:
        return stage.ranks[1] - stage.ranks[0] + 1
    assert stage.group_ranks is not None
    low, high = stage.group_ranks
    source = tournament.stages[stage.source or 0]
    counts = _group_counts(tournament, source)
    return sum(max(0, min(high, count) - low + 1) for count in counts)


def _group_counts(tournament: Tournament, stage: Stage) -> list[int]:
    """The sizes of a poule stage's poules (drawn, or as they will be drawn)."""
    from coinche_cli.tournament.groups import group_sizes

    if stage.groups:
        return [stage.groups.count(index) for index in range(max(stage.groups) + 1)]
    return group_sizes(stage_size(tournament, stage), stage.group_size or 4)


def total_rounds(tournament: Tournament, stage: Stage) -> int:
    """How many parties the stage plays."""
    if stage.kind == "swiss":
        return stage.rounds or tournament.settings.rounds
    if stage.kind == "groups":
        from coinche_cli.tournament.groups import parties_for

        return max(parties_for(count) for count in _group_counts(tournament, stage))
    from coinche_cli.tournament.bracket import rounds

    return rounds(stage_size(tournament, stage))


def _boards(tournament: Tournament, stage: Stage) -> list[tuple[Round, list[Board]]]:
    """The stage's tables, by the room's partie."""
    numbers = set(stage_rounds(tournament, stage))
    return [(played, [b for b in played.boards if (b.stage or 0) == stage.position])
            for played in tournament.rounds if played.number in numbers]


def is_complete(tournament: Tournament, stage: Stage) -> bool:
    """Whether every partie of the stage has been paired and has every result."""
    if not stage.first and not stage.started:
        return False
    played = stage_rounds(tournament, stage)
    if len(played) < total_rounds(tournament, stage):
        return False
    return all(b.has_result for _round, boards in _boards(tournament, stage) for b in boards)


def state(tournament: Tournament, stage: Stage) -> StageState:
    """A stage's state: waiting (not started), playing, complete."""
    if is_complete(tournament, stage):
        return "complete"
    if stage.first:
        return "playing"
    return "playing" if stage.started else "waiting"


def settings_of(tournament: Tournament, stage: Stage) -> Settings:
    """The concours's settings with the stage's own match format and parties."""
    data = tournament.settings.to_json()
    if stage.target is not None or stage.deals is not None:
        data["target"], data["deals"] = stage.target, stage.deals
    if stage.highest_deal is not None:
        data["highest_deal"] = stage.highest_deal
    data["rounds"] = max(1, total_rounds(tournament, stage)) if not stage.first else data[
        "rounds"]
    return Settings.from_json(data)


def stage_tournament(tournament: Tournament, stage: Stage,
                     teams: Sequence[int] | None = None) -> Tournament:
    """The stage as a concours of its own (``teams``: one poule of it): its teams registered
    in seed order, its parties numbered from 1, its byes and penalties; what the standings and
    the pairing read (rule 3)."""
    if stage.first and not stage.teams:
        return tournament
    members = list(stage.teams if teams is None else teams)
    inside = set(members)
    seeds = {team: seed for seed, team in enumerate(stage.teams or members, start=1)}
    new_teams = tuple(Team(t.id, t.name, t.players, t.club, seeds[t.id])
                      for t in sorted((tournament.team(team) for team in members),
                                      key=lambda t: seeds[t.id]))
    numbering = {number: local for local, number in
                 enumerate(stage_rounds(tournament, stage), start=1)}
    rounds: list[Round] = []
    more_byes: dict[int, tuple[int, ...]] = {}
    for played, boards in _boards(tournament, stage):
        mine = tuple(b for b in boards if b.team1 in inside)
        local = numbering[played.number]
        byes = [team for team in stage.byes.get(played.number, ()) if team in inside]
        rounds.append(Round(local, mine, byes[0] if byes else None))
        if len(byes) > 1:  # a knock-out's best seeds, several poules of odd size
            more_byes[local] = tuple(byes[1:])
    penalties = tuple(Penalty(p.team, numbering[p.round], p.points, p.reason, p.to_opponents)
                      for p in tournament.penalties
                      if p.team in inside and p.round in numbering)
    own = tournament.stage_parties(settings_of(tournament, stage), new_teams, tuple(rounds),
                                   penalties)
    if not more_byes:
        return own
    # a round has one bye of its own: the others are counted as a stage's byes are (the
    # standings add every stage's byes of a partie), so each best seed's bye is a win
    return own.with_stages((Stage(0, stage.name, stage.kind, byes=more_byes),))


def carried(tournament: Tournament, stage: Stage) -> dict[int, dict[str, int]]:
    """What each team of the stage starts with (``--carry``): its points, or its wins, from
    the stage it comes from."""
    if stage.carry == "none" or stage.source is None:
        return {}
    from coinche_cli.tournament.standings import standings

    source = stage_of(tournament, stage.source)
    own = stage_tournament(tournament, source)
    # the source's own parties only: a first stage without poules is the whole concours,
    # whose later parties (this stage's among them) are not what its teams bring
    last = tournament.settings.rounds if own is tournament else None
    rows = {row.team: row for row in standings(own, last)}
    key = "points_for" if stage.carry == "points" else "wins"
    return {team: {key: getattr(rows[team], key)} for team in stage.teams if team in rows}


def stage_standings(tournament: Tournament, stage: Stage,
                    teams: Sequence[int] | None = None) -> list[Standing]:
    """A Swiss stage's (or one poule's) own standings (rule 3)."""
    from coinche_cli.tournament.standings import standings

    own = stage_tournament(tournament, stage, teams)
    if own is tournament:  # the first stage of a concours without poules: as always
        return standings(tournament, tournament.settings.rounds
                         if tournament.current and tournament.current.number
                         > tournament.settings.rounds else None)
    return standings(own, carried=carried(tournament, stage),
                     head_to_head_first=stage.kind == "groups")


def group_members(stage: Stage) -> list[list[int]]:
    """A poule stage's poules: each one's teams in seed order."""
    groups: list[list[int]] = [[] for _index in range(max(stage.groups, default=-1) + 1)]
    for team, group in zip(stage.teams, stage.groups, strict=True):
        groups[group].append(team)
    return groups


def stage_order(tournament: Tournament, stage: Stage) -> list[Placed]:
    """The stage's own order of its teams (rules 3 and 4)."""
    position = stage.position
    if stage.kind == "knockout":
        return _bracket_order(tournament, stage)
    if stage.kind == "swiss":
        rows = stage_standings(tournament, stage)
        return _ordered([Placed(r.team, r.rank, position, "ranking") for r in rows],
                        stage.order)
    # poules: every poule ranked, then the firsts before the seconds, each rank by the ranking
    from coinche_cli.tournament.standings import rank

    by_place: dict[int, list[Standing]] = {}
    inside: dict[int, Placed] = {}
    for index, members in enumerate(group_members(stage)):
        lines = {r.team: r for r in stage_standings(tournament, stage, members)}
        placed = _ordered([Placed(r.team, r.rank, position, "ranking", index)
                           for r in lines.values()], stage.order)
        for place, row in enumerate(placed, start=1):
            by_place.setdefault(place, []).append(lines[row.team])
            inside[row.team] = row
    across = stage_tournament(tournament, stage)
    order: list[Placed] = []
    for place in sorted(by_place):
        ranked = rank(across, by_place[place], head_to_head=_no_head_to_head)
        first = len(order) + 1
        order.extend(Placed(r.team, first + r.rank - 1, position, "ranking",
                            inside[r.team].group, inside[r.team].rank) for r in ranked)
    return _ordered(order, stage.order)


def _no_head_to_head(group: Sequence[Standing]) -> dict[int, float]:
    """Teams of different poules never met: head-to-head leaves them as they are."""
    return dict.fromkeys((row.team for row in group), 0.0)


def _ordered(rows: list[Placed], order: Sequence[int]) -> list[Placed]:
    """``rows`` with the director's order applied among teams sharing a rank (rule 4)."""
    if not order:
        return rows
    where = {team: index for index, team in enumerate(order)}
    result: list[Placed] = []
    index = 0
    while index < len(rows):
        tied = [row for row in rows[index:] if row.rank == rows[index].rank]
        named = sorted((r for r in tied if r.team in where), key=lambda r: where[r.team])
        rest = [r for r in tied if r.team not in where]
        first = rows[index].rank
        for offset, row in enumerate(named):
            result.append(Placed(row.team, first + offset, row.stage, row.by, row.group,
                                 row.group_rank))
        rest_rank = first + len(named)
        result.extend(Placed(r.team, rest_rank, r.stage, r.by, r.group, r.group_rank)
                      for r in rest)
        index += len(tied)
    return result


def ko_structure(tournament: Tournament, stage: Stage) -> tuple[Match, ...]:
    """A knock-out stage's bracket (built once per size and options: 511 matches of a
    512-team table cost 6 ms, and a command asks for them several times)."""
    return _structure(stage_size(tournament, stage), stage.third_place, stage.places)


@functools.lru_cache(maxsize=16)
def _structure(size: int, third_place: bool, places: bool) -> tuple[Match, ...]:
    from coinche_cli.tournament.bracket import structure

    return structure(size, third_place=third_place, places=places)


def ko_winners(tournament: Tournament, stage: Stage) -> dict[str, int]:
    """Each decided match of a knock-out stage: its winner's seed."""
    seed = {team: index for index, team in enumerate(stage.teams, start=1)}
    winners: dict[str, int] = {}
    for played, boards in _boards(tournament, stage):
        for board in boards:
            if board.match is None or not board.has_result:
                continue
            winner = tournament.winner(played, board)
            if winner is None:  # penalties made it equal: the winner the table named
                winner = board.winner
            if winner is not None:
                winners[board.match] = seed[winner]
    return winners


def ko_resolved(tournament: Tournament, stage: Stage,
                winners: Mapping[str, int] | None = None) -> dict[str, Resolved]:
    """A knock-out stage's bracket resolved from its results (``winners``: others)."""
    from coinche_cli.tournament.bracket import resolve

    return resolve(ko_structure(tournament, stage), len(stage.teams),
                   ko_winners(tournament, stage) if winners is None else winners)


def _bracket_order(tournament: Tournament, stage: Stage) -> list[Placed]:
    """A knock-out's places: its bracket's once complete, its seeds before."""
    position = stage.position
    if not stage.teams:
        return []
    if not is_complete(tournament, stage):
        return [Placed(team, seed, position, "seed")
                for seed, team in enumerate(stage.teams, start=1)]
    from coinche_cli.tournament.bracket import final_places

    places = final_places(ko_structure(tournament, stage), len(stage.teams),
                          ko_winners(tournament, stage))
    return [Placed(stage.teams[p.seed - 1], p.place, position, _place_by(p.by))
            for p in places]


def _place_by(by: str) -> PlaceBy:
    for known in ("final", "third place", "places", "seed"):
        if by == known:
            return known
    return "ranking"


def span(tournament: Tournament, stage: Stage) -> tuple[int, int]:
    """The places of its source a stage takes, as places of the source's whole order."""
    if stage.ranks is not None:
        return stage.ranks
    assert stage.group_ranks is not None
    low, high = stage.group_ranks
    source = stage_of(tournament, stage.source)
    counts = _group_counts(tournament, source)
    taken = [sum(1 for count in counts if count >= place) for place in range(1, high + 1)]
    return 1 + sum(taken[:low - 1]), sum(taken)



def final_order(tournament: Tournament) -> list[Placed]:
    """The final ranking of the concours (rule 5): every team, best first.  A started stage
    holds the places it took (``span``) whatever its source's order has become since (a
    result corrected there): the teams of no later stage fill the other places in their
    stage's order."""
    def order_of(stage: Stage) -> list[Placed]:
        own = stage_order(tournament, stage)
        children = [child for child in later_stages(tournament)
                    if child.source == stage.position and child.started]
        if not children:
            return own
        placed: list[Placed | None] = [None] * len(own)
        for child in children:
            low = span(tournament, child)[0]
            for offset, line in enumerate(order_of(child)):
                placed[low - 1 + offset] = line
        taken = {team for child in children for team in child.teams}
        rest = iter(line for line in own if line.team not in taken)
        return [line if line is not None else next(rest) for line in placed]

    found = order_of(first_stage(tournament))
    ranked: list[Placed] = []
    for index, placed in enumerate(found):
        before = found[index - 1] if index else None
        shared = (before is not None and before.stage == placed.stage
                  and before.rank == placed.rank and placed.by == "ranking")
        ranked.append(Placed(placed.team, ranked[-1].rank if shared else index + 1,
                             placed.stage, placed.by, placed.group, placed.group_rank))
    return ranked


def ranking_rows(tournament: Tournament) -> list[Standing]:
    """The lines of the concours's ranking: each team's line over every stage, in the final
    ranking's order and rank once a later stage has started; before, the first stage's order
    (a concours in poules: every poule's first, then every second…)."""
    from coinche_cli.tournament.standings import changed
    from coinche_cli.tournament.standings import lines as all_lines

    lines = {row.team: row for row in all_lines(tournament)}
    order = final_order(tournament) if has_finals(tournament) else stage_order(
        tournament, first_stage(tournament))
    return [changed(lines[placed.team], rank=placed.rank) for placed in order]
