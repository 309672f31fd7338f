"""A concours's stages: added, removed, started, and the room's parties paired across them.

Each operation reads the tournament, checks everything, then writes in one transaction
(:mod:`coinche_cli.tournament.ops`).  The rules a director can check:

1. ``stage add`` defines a stage: the places it takes of an earlier stage (``--ranks A-B``, or
   ``--group-ranks A-B`` of every poule of a poule stage; by default from the latest stage
   that range fits and no other stage already takes), how it is played, its own match
   format and rules.  Two stages never take overlapping places of one stage.  A mêlée has
   no stages (finals by formed teams only, for now).
2. ``stage start`` is explicit, never automatic: it is refused while the stage it takes from
   is incomplete and, where teams at the cut are tied under every tie-break, until the
   director orders them (``--order``; kept, so a sibling stage cuts the same way).  It fixes
   the teams and their seeds (the rank they came with), and draws the poules of a poule
   stage; a knock-out's bracket follows from its seeds.
3. ``tournament pair`` then pairs the next partie of every stage that plays (``--stage``: one
   alone), as one round of the room, with one run of table numbers in the order the stages
   were added; a knock-out's byes and a poule's byes are kept with the partie.
4. ``stage remove`` only before the stage starts, and while no later stage takes from it.
5. A concours played in poules (``tournament new --format groups``) draws them when its first
   partie is paired: its teams in registration order (or ``--seed``), in a serpentine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from coinche_cli.errors import TournamentError
from coinche_cli.i18n import _, ngettext
from coinche_cli.names import check_name, echo, fold
from coinche_cli.store import now
from coinche_cli.tournament import stages as st
from coinche_cli.tournament.board import Board
from coinche_cli.tournament.found import load
from coinche_cli.tournament.model import Round, Tournament
from coinche_cli.tournament.stage import Carry, Stage, StageKind, first_stage_name

if TYPE_CHECKING:
    from coinche_cli.rules.model import Rules
    from coinche_cli.store.protocol import Store


def _no_melee(tournament: Tournament) -> None:
    if tournament.settings.melee:
        raise TournamentError(_("stage add: {name} is a mêlée; finals are played by formed "
                                "teams only, for now"), name=tournament.name)


def add_stage(store: Store, name: str | None, stage_name: str, kind: StageKind, *,
              ranks: tuple[int, int] | None = None,
              group_ranks: tuple[int, int] | None = None, source: str | None = None,
              rounds: int | None = None, group_size: int | None = None,
              third_place: bool = False, places: bool = False, target: int | None = None,
              deals: int | None = None, rules: Rules | None = None,
              carry: Carry = "none") -> Stage:
    """Add a later stage (rule 1)."""
    stage_name = check_name(stage_name, "NAME")
    if not fold(stage_name):
        raise TournamentError(_("NAME: a stage needs a name"))
    if (ranks is None) == (group_ranks is None):
        raise TournamentError(_("--ranks: give the places the stage takes, --ranks A-B or "
                                "--group-ranks A-B"))
    for option, span in (("--ranks", ranks), ("--group-ranks", group_ranks)):
        if span is not None and not 1 <= span[0] <= span[1]:
            raise TournamentError(_("{option}: A-B with 1 ≤ A ≤ B, got {low}-{high}"),
                                  option=option, low=span[0], high=span[1])
    if target is not None and deals is not None:
        raise TournamentError(_("--target: give --target T or --deals M, not both"))
    for option, value in (("--target", target), ("--deals", deals), ("--rounds", rounds),
                          ("--group-size", group_size)):
        if value is not None and value < 1:
            raise TournamentError(_("{option}: a positive number, got {got}"), option=option,
                                  got=value)
    if kind == "swiss" and rounds is None:
        raise TournamentError(_("--rounds: a Swiss stage needs its number of parties"))
    if kind == "groups" and group_size is not None and group_size < 2:
        raise TournamentError(_("--group-size is at least 2, got {got}"), got=group_size)
    with store.write():
        tournament = load(store, name)
        _no_melee(tournament)
        known = tournament.stages or (st.first_stage(tournament),)
        if any(fold(s.name) == fold(stage_name) for s in known):
            raise TournamentError(_("NAME: a stage called {name} already exists"),
                                  name=echo(stage_name))
        draft = Stage(len(known), stage_name, kind, ranks=ranks, group_ranks=group_ranks,
                      rounds=rounds if kind == "swiss" else None,
                      group_size=(group_size or 4) if kind == "groups" else None,
                      third_place=third_place or places if kind == "knockout" else False,
                      places=places if kind == "knockout" else False, target=target,
                      deals=deals, carry=carry)
        with_known = tournament.with_stages(known)
        chosen = _source(with_known, draft, source)
        stage = draft.replaced(source=chosen.position)
        if rules is not None:
            from coinche_cli.scoring.limits import highest_deal_score

            stage = stage.replaced(rules_name=rules.name, rules=dict(rules.document),
                                   highest_deal=highest_deal_score(rules))
        if not tournament.stages:  # the concours gets stages: its first one is stored too
            store.save_stage(tournament.id, known[0])
        store.save_stage(tournament.id, stage)
    return stage


def _source(tournament: Tournament, stage: Stage, named: str | None) -> Stage:
    """The stage a new one takes from: ``--from``, or the latest one its range fits."""
    if named is not None:
        found = st.stage_named(tournament, named, "--from")
        return _checked_source(tournament, stage, found)
    problems: list[tuple[Stage, TournamentError]] = []
    for candidate in reversed(tournament.stages):
        try:
            return _checked_source(tournament, stage, candidate)
        except TournamentError as exc:
            problems.append((candidate, exc))
    # none fits: say why of the latest stage the range was meant for (a poule stage for
    # --group-ranks, one with that many teams for --ranks), not why a smaller stage after it
    # cannot give it ("--ranks 8-12: Tableau A has 8 teams" for an overlap in the first stage)
    meant = [exc for candidate, exc in problems
             if (candidate.kind == "groups" if stage.group_ranks is not None
                 else st.stage_size(tournament, candidate) >= st.span(
                     tournament, stage.replaced(source=candidate.position))[1])]
    raise meant[0] if meant else problems[-1][1]


def _checked_source(tournament: Tournament, stage: Stage, source: Stage) -> Stage:
    """``source`` if ``stage`` can take its range from it, else the refusal."""
    option = "--ranks" if stage.ranks is not None else "--group-ranks"
    if stage.group_ranks is not None and source.kind != "groups":
        raise TournamentError(_("--group-ranks takes places in poules; {name} is not played "
                                "in poules: use --ranks"), name=source.name)
    probe = stage.replaced(source=source.position)
    size = st.stage_size(tournament, source)
    low, high = st.span(tournament, probe)
    if stage.group_ranks is not None:
        largest = max(st._group_counts(tournament, source))
        if stage.group_ranks[1] > largest:
            raise TournamentError(_("--group-ranks {low}-{high}: the poules of {name} have at "
                                    "most {count} teams"), low=stage.group_ranks[0],
                                  high=stage.group_ranks[1], name=source.name, count=largest)
    elif high > size:
        raise TournamentError(ngettext("{option} {low}-{high}: {name} has {count} team",
                                       "{option} {low}-{high}: {name} has {count} teams", size),
                              option=option, low=low, high=high, name=source.name, count=size)
    if high - low < 1:
        raise TournamentError(_("{option}: a stage needs at least 2 teams"), option=option)
    for sibling in st.later_stages(tournament):
        if sibling.source != source.position:
            continue
        other = st.span(tournament, sibling)
        if low <= other[1] and other[0] <= high:
            raise TournamentError(_("{option} {low}-{high}: {other} already takes places "
                                    "{first}-{last} of {name}"), option=option, low=low,
                                  high=high, other=sibling.name, first=other[0], last=other[1],
                                  name=source.name)
    return source


def remove_stage(store: Store, name: str | None, stage_name: str) -> Stage:
    """Withdraw a stage that has not started (rule 4)."""
    with store.write():
        tournament = load(store, name)
        stage = st.stage_named(tournament, stage_name)
        if stage.first:
            raise TournamentError(_("NAME: {name} is the concours's first stage; it cannot be "
                                    "removed"), name=stage.name)
        if stage.started:
            raise TournamentError(_("NAME: {name} has started; it cannot be removed"),
                                  name=stage.name)
        taking = [s.name for s in st.later_stages(tournament) if s.source == stage.position]
        if taking:
            raise TournamentError(_("NAME: {others} takes its teams from {name}; remove it "
                                    "first"), others=", ".join(taking), name=stage.name)
        if stage.position != len(tournament.stages) - 1:
            raise TournamentError(_("NAME: remove the stages added after {name} first"),
                                  name=stage.name)
        store.remove_stage(tournament.id, stage.position)
        if len(tournament.stages) == 2 and not tournament.stages[0].teams:
            store.remove_stage(tournament.id, 0)  # back to a concours without stages
    return stage


def start_stage(store: Store, name: str | None, stage_name: str,
                order: Sequence[str] = ()) -> Stage:
    """Start a stage (rule 2): its teams and seeds fixed, its poules drawn."""
    from coinche_cli.tournament import entrants

    with store.write():
        tournament = load(store, name)
        stage = st.stage_named(tournament, stage_name)
        if stage.first:
            raise TournamentError(_("NAME: {name} is the first stage: it starts with "
                                    "'coinche tournament pair'"), name=stage.name)
        if stage.started:
            raise TournamentError(_("NAME: {name} has already started"), name=stage.name)
        source = st.stage_of(tournament, stage.source)
        if not st.is_complete(tournament, source):
            raise TournamentError(_("NAME: {name} takes its teams from {source}, which is not "
                                    "complete"), name=stage.name, source=source.name)
        if order:
            found = entrants.index(tournament)
            named = [found.resolve(team, field="--order", kind="team") for team in order]
            if len(set(named)) != len(named):
                raise TournamentError(_("--order: a team is named twice"))
            source = source.replaced(order=(*named, *(t for t in source.order
                                                      if t not in named)))
            tournament = tournament.with_stages(tuple(
                source if s.position == source.position else s for s in tournament.stages))
        teams = _cut(tournament, stage, source)
        _taken_once(tournament, stage, teams)
        groups: tuple[int, ...] = ()
        if stage.kind == "groups":
            groups = _drawn_groups(teams, stage.group_size or 4)
        rounds = stage.rounds
        started = stage.replaced(started=now(), teams=tuple(teams), groups=groups)
        if rounds is None:
            started = started.replaced(rounds=st.total_rounds(tournament, started))
        if order:
            store.save_stage(tournament.id, source)
        store.save_stage(tournament.id, started)
    return started


def _taken_once(tournament: Tournament, stage: Stage, teams: Sequence[int]) -> None:
    """Refuse a cut that takes a team a started sibling already took: the source's order
    changed since that one started (a corrected result, another ``--order``), and the two
    cuts no longer fit together."""
    for sibling in st.later_stages(tournament):
        if (sibling.source != stage.source or sibling.position == stage.position
                or not sibling.started):
            continue
        twice = [team for team in teams if team in sibling.teams]
        if twice:
            raise TournamentError(_("NAME: {team} already plays in {other}: the order of "
                                    "{source} has changed since {other} started (a corrected "
                                    "result, or --order)"),
                                  team=tournament.name_of(twice[0]), other=sibling.name,
                                  source=st.stage_of(tournament, stage.source).name)


def _drawn_groups(teams: Sequence[int], size: int) -> tuple[int, ...]:
    """Each seed's poule (rule 5)."""
    from coinche_cli.tournament.groups import group_sizes, serpentine

    dealt = serpentine(teams, group_sizes(len(teams), size))
    poule = {team: index for index, members in enumerate(dealt) for team in members}
    return tuple(poule[team] for team in teams)


def _cut(tournament: Tournament, stage: Stage, source: Stage) -> list[int]:
    """The teams a stage takes, in seed order, refused while a tie straddles its cut."""
    order = st.stage_order(tournament, source)
    if stage.group_ranks is not None:
        low, high = stage.group_ranks
        place: dict[int, int] = {}
        seen: dict[int | None, int] = {}
        by_group: dict[int | None, list[st.Placed]] = {}
        for row in order:
            seen[row.group] = seen.get(row.group, 0) + 1
            place[row.team] = seen[row.group]
            by_group.setdefault(row.group, []).append(row)
        for rows in by_group.values():
            _tie_at(tournament, rows, low - 1, lambda r: r.group_rank)
            _tie_at(tournament, rows, high, lambda r: r.group_rank)
        return [row.team for row in order if low <= place[row.team] <= high]
    low, high = st.span(tournament, stage)
    _tie_at(tournament, order, low - 1, lambda r: r.rank)
    _tie_at(tournament, order, high, lambda r: r.rank)
    return [row.team for row in order[low - 1:high]]


def _tie_at(tournament: Tournament, rows: list[st.Placed], cut: int,
            rank_of: Callable[[st.Placed], int | None]) -> None:
    """Refuse a cut between ``rows[cut - 1]`` and ``rows[cut]`` that splits tied teams."""
    if not 0 < cut < len(rows):
        return
    if rank_of(rows[cut - 1]) != rank_of(rows[cut]):
        return
    tied = [tournament.name_of(r.team) for r in rows if rank_of(r) == rank_of(rows[cut])]
    raise TournamentError(_("--order: {teams} are tied under every tie-break at the cut; "
                            "say their order: --order \"{example}\""),
                          teams=", ".join(tied), example=",".join(tied))


# -- the room's parties (rule 3)

def group_partie(stage: Stage, partie: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The tables and byes of a poule stage's ``partie`` (1-based), poule after poule."""
    from coinche_cli.tournament.groups import schedule

    tables: list[tuple[int, int]] = []
    byes: list[int] = []
    for members in st.group_members(stage):
        parties = schedule(members)
        if partie > len(parties):
            continue  # a smaller poule has played all its parties
        pairs, bye = parties[partie - 1]
        tables.extend(pairs)
        if bye is not None:
            byes.append(bye)
    return tables, byes


def draw_first_groups(store: Store, tournament: Tournament,
                      present: frozenset[int] | None) -> Tournament:
    """A concours in poules: its poules drawn before its first partie (rule 5)."""
    teams = [t.id for t in sorted(tournament.teams, key=lambda t: t.registered)
             if t.active_in(1) and (present is None or t.id in present)]
    if tournament.settings.seed is not None:
        random.Random(tournament.settings.seed).shuffle(teams)
    size = tournament.settings.group_size or 4
    stage = Stage(0, first_stage_name("groups"), "groups", group_size=size,
                  started=now(), teams=tuple(teams), groups=_drawn_groups(teams, size))
    stage = stage.replaced(rounds=st.total_rounds(tournament, stage))
    store.save_stage(tournament.id, stage)
    data = tournament.settings.to_json()
    data["rounds"] = stage.rounds or 1
    store.set_settings(tournament.id, data)
    found = store.tournament(tournament.id)
    assert found is not None
    return found


def next_tables(tournament: Tournament, stage: Stage
                ) -> tuple[list[tuple[int, int, str | None]], list[int]]:
    """A stage's tables for its next partie (teams and knock-out match) and its byes."""
    partie = len(st.stage_rounds(tournament, stage)) + 1
    if stage.kind == "groups":
        pairs, given = group_partie(stage, partie)
        return [(a, b, None) for a, b in pairs], given
    if stage.kind == "knockout":
        resolved = st.ko_resolved(tournament, stage)
        tables: list[tuple[int, int, str | None]] = []
        byes: list[int] = []
        for found in resolved.values():
            if found.match.round != partie:
                continue
            if found.bye and isinstance(found.winner, int):
                byes.append(stage.teams[found.winner - 1])
            elif found.playable:
                a, b = found.sides
                assert isinstance(a, int) and isinstance(b, int)
                tables.append((stage.teams[a - 1], stage.teams[b - 1], found.match.id))
        return tables, byes
    # a later Swiss stage: paired as the concours's parties are, on its own standings
    from coinche_cli.tournament.field import contenders
    from coinche_cli.tournament.pairing import pair

    own = st.stage_tournament(tournament, stage)
    field = contenders(own, partie)
    result = pair(field, own.played_pairs())
    rank = {c.team: i for i, c in enumerate(field)}
    ordered = sorted((tuple(sorted(p, key=lambda t: rank[t])) for p in result.tables),
                     key=lambda p: rank[p[0]])
    return [(a, b, None) for a, b in ordered], [result.bye] if result.bye is not None else []


def pair_stages(store: Store, tournament: Tournament, number: int,
                only: str | None = None) -> Round:
    """Pair round ``number`` of the room: the next partie of every stage that plays
    (``only``: that stage alone), inside the caller's write (rule 3)."""
    playing = [s for s in st.later_stages(tournament)
               if s.started and not st.is_complete(tournament, s)]
    if only is not None:
        chosen = st.stage_named(tournament, only, "--stage")
        if chosen not in playing:
            raise TournamentError(_("--stage: {name} is {state}: it has no partie to pair"),
                                  name=chosen.name,
                                  state=_state_words(tournament, chosen))
        playing = [chosen]
    if not playing:
        waiting = [s.name for s in st.later_stages(tournament) if not s.started]
        if waiting:
            raise TournamentError(_("every stage that plays is complete; start the next one: "
                                    "coinche tournament stage start {names}"),
                                  names=" | ".join(waiting))
        raise TournamentError(_("every stage of {name} is complete"), name=tournament.name)
    boards: list[Board] = []
    byes: list[tuple[int, int]] = []
    for stage in playing:
        tables, given = next_tables(tournament, stage)
        boards.extend(Board(len(boards) + 1, a, b, stage=stage.position, match=match)
                      for a, b, match in tables)
        byes.extend((stage.position, team) for team in given)
    played = Round(number, tuple(boards))
    store.add_round(tournament.id, played, now())
    store.add_stage_byes(tournament.id, number, byes)
    return played


def _state_words(tournament: Tournament, stage: Stage) -> str:
    from coinche_cli.tournament.stage import state_words

    return state_words(st.state(tournament, stage))


# -- a knock-out's results

def reseat(store: Store, tournament_id: int, number: int) -> None:
    """After a result at a knock-out table of round ``number`` (inside its write): every later
    table of its stage seats the teams the results now send there; a table already played by
    a team a correction put out of it is refused, naming it (its result is taken back first:
    ``tournament result TABLE --clear``)."""
    from coinche_cli.tournament.bracket import resolve

    tournament = store.tournament(tournament_id)
    assert tournament is not None
    for stage in st.later_stages(tournament):
        if stage.kind != "knockout" or not stage.started:
            continue
        matches = st.ko_structure(tournament, stage)
        winners: dict[str, int] = {}
        seed = {team: index for index, team in enumerate(stage.teams, start=1)}
        recorded = st.ko_winners(tournament, stage)
        for played in tournament.rounds:
            boards = [b for b in played.boards if b.stage == stage.position and b.match]
            if not boards:
                continue
            resolved = resolve(matches, len(stage.teams), winners)
            for board in boards:
                assert board.match is not None
                sides = resolved[board.match].sides
                wanted = tuple(stage.teams[s - 1] for s in sides if isinstance(s, int))
                if len(wanted) == 2 and set(wanted) != {board.team1, board.team2}:
                    if played.number > number and (board.has_result
                                                   or board.game_id is not None):
                        gone = next(t for t in (board.team1, board.team2) if t not in wanted)
                        raise TournamentError(
                            _("{match} (table {table}, round {round}) was played by {team1} – "
                              "{team2}, and this result puts {team} out of it: take that "
                              "result back first (coinche tournament result {table} --round "
                              "{round} --clear)"), match=board.match, table=board.table,
                            round=played.number, team1=tournament.name_of(board.team1),
                            team2=tournament.name_of(board.team2),
                            team=tournament.name_of(gone))
                    if not board.has_result and board.game_id is None:
                        store.set_board_teams(tournament_id, played.number, board.table,
                                              *wanted)
                if board.match in recorded and board.has_result:
                    winner = tournament.winner(played, board) or board.winner
                    if winner in seed:
                        winners[board.match] = seed[winner]


def knocked_out(tournament: Tournament, team: int) -> None:
    """Refuse a result naming a team a knock-out put out, saying where."""
    from coinche_cli.tournament.bracket import progress

    for stage in st.later_stages(tournament):
        if stage.kind != "knockout" or team not in stage.teams:
            continue
        status = progress(st.ko_structure(tournament, stage), len(stage.teams),
                          st.ko_winners(tournament, stage))[stage.teams.index(team) + 1]
        if status.knocked_out is not None and status.next_match is None:
            raise TournamentError(_("{name} was knocked out of {stage} ({match}): it plays no "
                                    "more"), name=tournament.name_of(team), stage=stage.name,
                                  match=status.knocked_out)
