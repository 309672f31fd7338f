"""What the live page shows, read from the store: one snapshot of the tournament, made again
every second by the server, so that a hundred phones polling cost the store nothing.

A snapshot holds the current round and the standings exactly as ``tournament show --json``
and ``tournament standings --json`` print them (the same view functions), what the projector
and the phones show besides (the standings after the last complete round, each team's
table and results so far), and a ``version`` that changes whenever any of it does: the
pages poll it and redraw when it moves.

A concours with stages adds, once a later stage has started, the bracket of each knock-out
stage started (the projector shows it in turn with the tables) and each team's line about its
stage (``/me``): the match it plays next and its table, the round that knocked it out, or its
final place once no stage is left for it.  Both in the bracket's own words (match ids, labels:
``"semi-final"``): the pages put them into the reader's language.
"""

from __future__ import annotations

import calendar
import hashlib
import json
import time
from typing import TYPE_CHECKING

from coinche_cli.names import NameIndex, fold
from coinche_cli.tournament import ops as tournaments
from coinche_cli.tournament import prize_list, views

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the classes are the checker's alone
    from typing import Literal, TypedDict

    from coinche_cli.store.protocol import Store
    from coinche_cli.tournament.desk_views import PrizesJson
    from coinche_cli.tournament.model import Round, Tournament
    from coinche_cli.tournament.stage import Stage
    from coinche_cli.tournament.stage_views import MatchJson
    from coinche_cli.tournament.stages import Placed
    from coinche_cli.tournament.views import (
        EntrantLine,
        LiveJson,
        RoundJson,
        StandingsJson,
        TableJson,
    )
    from coinche_cli.web.settings import Settings

    class SheetLine(TypedDict):
        """A table scored deal by deal, while its game goes on: its running totals (in the
        table's team order) and how many deals it has recorded."""

        totals: list[int]
        deals: int
        finished: bool

    class BracketPart(TypedDict):
        """The matches of one label in a column of a bracket (void matches left out)."""

        label: str  # the bracket's label: "quarter-final", "places 5-8"
        matches: list[MatchJson]

    class BracketColumn(TypedDict):
        """A column of a bracket: the room's partie its matches are played in."""

        round: int
        parts: list[BracketPart]

    class BracketView(TypedDict):
        """A knock-out stage's bracket as the projector draws it: rounds side by side."""

        stage: str
        position: int
        columns: list[BracketColumn]

    #: What a team's line about its stage says: the match it plays next, the round that
    #: knocked it out, the final it won (the stage's other matches still playing), its final
    #: place, or the stage (not a knock-out) it plays in.
    LineKind = Literal["next", "out", "won", "place", "playing"]

    class StageLine(TypedDict):
        """A team's line about its stage on ``/me``.  ``round``: the kind of the match's round
        (``"final"``, ``"semi-final"``, ``"quarter-final"``, ``"round of"``, ``"third
        place"``, ``"places"``), ``low``/``high`` its places (a round of 16: ``high`` 16)."""

        kind: LineKind
        stage: str
        match: str | None
        round: str | None
        low: int | None
        high: int | None
        table: int | None
        place: int | None


class Snapshot:
    """The tournament as the pages show it, at one moment."""

    def __init__(self, name: str, round_data: RoundJson | None,
                 standings: StandingsJson, shown_standings: StandingsJson,
                 standings_after: int | None, entrants: list[EntrantLine],
                 deadline: float | None, reopened: dict[str, int] | None = None,
                 *, melee: bool = False, prizes: PrizesJson | None = None,
                 brackets: list[BracketView] | None = None,
                 stage_lines: dict[str, StageLine] | None = None,
                 sheets: dict[int, SheetLine] | None = None,
                 minutes: dict[int, int] | None = None) -> None:
        self.name = name
        self.round = round_data  # tournament show --json (None: nothing paired yet)
        self.standings = standings  # tournament standings --json
        self.shown_standings = shown_standings  # after the last complete round
        self.standings_after = standings_after
        # alphabetical: each team (a mêlée: player), its table, opponent, results so far
        self.entrants = entrants
        self.deadline = deadline  # the round's end, seconds since the epoch (a countdown)
        # how many times the director reopened each table to phones, by "round.table"
        self.reopened = reopened or {}
        self.melee = melee  # a mêlée: the entrants are players, with a partner each partie
        # the prize list, once the last round is complete (tournament prizes --json, each
        # amount in words too); None before, or without prizes
        self.prizes = prizes
        # a concours with stages: each started knock-out's bracket, each team's stage line
        # (by name); None for a concours without stages
        self.brackets = brackets
        self.stage_lines = stage_lines
        # the tables of the round scored deal by deal (by number), and the minutes
        # tournament time gave tables (by number): empty for a round that has neither
        self.sheets = sheets or {}
        self.minutes = minutes or {}
        self._index: NameIndex[int] | None = None
        self._tables: dict[int, TableJson] | None = None
        seen: list[object] = [name, round_data, standings, entrants, deadline]
        if prizes is not None:
            seen.append(prizes)
        if brackets is not None:  # a concours with stages (without: the version as before)
            seen += [brackets, stage_lines]
        if sheets or minutes:  # tables scored from phones, tables given time
            seen += [sorted((sheets or {}).items()), sorted((minutes or {}).items())]
        self.version = hashlib.sha256(json.dumps(
            seen, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]

    def entrant(self, typed: str) -> EntrantLine | None:
        """The team (a mêlée: the player) a phone typed, as every command finds one
        (:class:`NameIndex`: the whole name folded, else the start of its name or of one of
        its words), if only one fits."""
        found = self._candidates(typed)
        return self.entrants[found[0]] if len(found) == 1 else None

    def _candidates(self, typed: str) -> list[int]:
        if self._index is None:  # built once per snapshot, on the first phone's search
            self._index = NameIndex((i, row["name"], "") for i, row in enumerate(self.entrants))
        return self._index.candidates(typed) if fold(typed) else []

    def listing(self, typed: str) -> list[EntrantLine]:
        """The teams (a mêlée: the players) whose name, or a word of it, starts with what was
        typed, alphabetical; every one when nothing was."""
        if not fold(typed):
            return self.entrants
        return [self.entrants[i] for i in self._candidates(typed)]

    def table(self, number: int | None) -> TableJson | None:
        """Table ``number`` of the current round, as ``tournament show --json`` prints it
        (found in a dictionary built once per snapshot: a phone's page costs the same
        whatever the number of tables)."""
        if self._tables is None:
            tables = [] if self.round is None else self.round["tables"]
            self._tables = {table["table"]: table for table in tables}
        return self._tables.get(number) if number is not None else None

    def sheet(self, number: int | None) -> SheetLine | None:
        """The running score of table ``number`` while it is scored deal by deal."""
        return None if number is None else self.sheets.get(number)

    def table_deadline(self, number: int | None) -> float | None:
        """When table ``number``'s time is out: the round's end, plus its own minutes."""
        if self.deadline is None or number is None:
            return self.deadline
        return self.deadline + self.minutes.get(number, 0) * 60

    def stage_line(self, name: str) -> StageLine | None:
        """The line about its stage of the team called ``name`` (None: nothing to say)."""
        return None if self.stage_lines is None else self.stage_lines.get(name)

    def live_json(self) -> LiveJson:
        """What the pages poll: the version, and the countdown's end."""
        return {"version": self.version, "deadline": self.deadline}


def read_settings(settings: Settings) -> Snapshot:
    """A snapshot of the tournament ``settings`` name, in a store opened for it (what the
    server's worker process runs: it takes only what can be pickled)."""
    store = settings.open_store()
    try:
        return read(store, settings.tournament, settings.round_minutes)
    finally:
        store.close()


def read(store: Store, name: str | None, round_minutes: int | None) -> Snapshot:
    """A snapshot of tournament ``name`` (None: the current one) as ``store`` holds it at
    one moment (one reading)."""
    with store.reading():
        return _read(store, name, round_minutes)


def _read(store: Store, name: str | None, round_minutes: int | None) -> Snapshot:
    found = tournaments.load(store, name)
    current = found.current
    complete = [r.number for r in found.rounds if r.complete]
    after = complete[-1] if complete else None
    standings = views.standings_of(found)
    shown = views.standings_of(found, after) if after is not None else []
    deadline = None
    sheets: dict[int, SheetLine] = {}
    given: dict[int, int] = {}
    if current is not None:
        sheets = _sheets(store, current)
        given = {t: m for t, m in store.table_minutes(found.id, current.number).items() if m}
        minutes = round_minutes or _time_limit(store, found)
        paired = store.round_paired(found.id, current.number)
        if minutes and paired:
            started = calendar.timegm(time.strptime(paired[:19], "%Y-%m-%dT%H:%M:%S"))
            deadline = float(started + minutes * 60)
    return Snapshot(found.name, None if current is None else views.round_json(found, current),
                    standings, shown, after,
                    views.entrant_lines(found, current),
                    deadline, store.reopened(found.id), melee=found.settings.melee,
                    prizes=prize_list.live_prizes(store, found),
                    brackets=brackets(found) if found.stages else None,
                    stage_lines=stage_lines(found) if found.stages else None,
                    sheets=sheets, minutes=given)


def _sheets(store: Store, current: Round) -> dict[int, SheetLine]:
    """Each table of ``current`` scored deal by deal and without its result yet: its game's
    running totals and number of deals (read from the summary kept after its last deal: one
    row a table)."""
    found: dict[int, SheetLine] = {}
    for board in current.boards:
        if board.game_id is None or board.has_result:
            continue
        last = store.last_deal(board.game_id)
        if last is None or last.state is None:
            found[board.table] = {"totals": [0, 0], "deals": 0, "finished": False}
            continue
        totals = last.state["totals"]
        found[board.table] = {"totals": [totals.get("A", 0), totals.get("B", 0)],
                              "deals": last.number,
                              "finished": bool(last.state.get("end"))}
    return found


def _time_limit(store: Store, tournament: Tournament) -> int | None:
    """The rules' ``end.time_limit`` (minutes), if they have one."""
    end = store.tournament_rules(tournament.id).get("end")
    limit = end.get("time_limit") if isinstance(end, dict) else None
    return limit if isinstance(limit, int) else None


def brackets(tournament: Tournament) -> list[BracketView]:
    """The bracket of each knock-out stage started (playing, or complete: the room sees the
    final's result), as ``tournament bracket --json`` gives it, its rounds grouped by the
    room's partie; a void match (nobody can play it) is left out."""
    from coinche_cli.tournament import stages as st
    from coinche_cli.tournament.stage_views import bracket_json

    found: list[BracketView] = []
    for stage in st.later_stages(tournament):
        if stage.kind != "knockout" or not stage.started or not stage.teams:
            continue
        void = {match for match, r in st.ko_resolved(tournament, stage).items() if r.void}
        columns: list[BracketColumn] = []
        for part in bracket_json(tournament, stage)["rounds"]:
            matches = [m for m in part["matches"] if m["match"] not in void]
            if not matches:
                continue
            if not columns or columns[-1]["round"] != part["round"]:
                columns.append({"round": part["round"], "parts": []})
            columns[-1]["parts"].append({"label": part["label"], "matches": matches})
        found.append({"stage": stage.name, "position": stage.position, "columns": columns})
    return found


def stage_lines(tournament: Tournament) -> dict[str, StageLine]:
    """Each team's line about its stage, by name, once a later stage has started (before,
    nothing: the pages as without stages).  A team's stage is the last started stage it
    plays in (the first stage when it entered none)."""
    from coinche_cli.tournament import stages as st

    if not st.has_finals(tournament):
        return {}
    deepest: dict[int, Stage] = {}
    for stage in st.later_stages(tournament):
        if stage.started:
            deepest.update(dict.fromkeys(stage.teams, stage))
    first = st.first_stage(tournament)
    places: dict[int, int] | None = None
    orders: dict[int, dict[int, Placed]] = {}
    knockouts: dict[int, _Knockout] = {}
    complete: dict[int, bool] = {}  # by stage: read once, not once per team
    current = tournament.current
    tables = {} if current is None else {side: board for board in current.boards
                                         for side in (board.team1, board.team2)}
    lines: dict[str, StageLine] = {}
    for team in tournament.teams:
        stage = deepest.get(team.id, first)
        line: StageLine = {"kind": "playing", "stage": stage.name, "match": None,
                           "round": None, "low": None, "high": None, "table": None,
                           "place": None}
        if stage.position not in complete:
            complete[stage.position] = st.is_complete(tournament, stage)
        if complete[stage.position]:
            if _will_enter(tournament, stage, team.id, orders):
                continue  # a stage waiting to start takes it: nothing final yet
            if places is None:
                places = {p.team: p.rank for p in st.final_order(tournament)}
            line["kind"], line["place"] = "place", places[team.id]
        elif stage.kind == "knockout":
            if stage.position not in knockouts:
                knockouts[stage.position] = _Knockout(tournament, stage)
            knockouts[stage.position].say(team.id, line)
        else:  # a Swiss stage, or poules: its table in this partie
            board = tables.get(team.id)
            if board is not None and (board.stage or 0) == stage.position:
                line["table"] = board.table
        lines[team.name] = line
    return lines


def _will_enter(tournament: Tournament, stage: Stage, team: int,
                orders: dict[int, dict[int, Placed]]) -> bool:
    """Whether a stage not started yet takes ``team`` from ``stage`` (its range of places,
    or of places in every poule, holds the team's)."""
    from coinche_cli.tournament import stages as st

    for child in st.later_stages(tournament):
        if child.source != stage.position or child.started:
            continue
        if stage.position not in orders:
            orders[stage.position] = {p.team: p for p in st.stage_order(tournament, stage)}
        placed = orders[stage.position].get(team)
        if placed is None:
            continue
        low, high = child.ranks or child.group_ranks or (0, -1)
        rank = placed.rank if child.ranks else placed.group_rank
        if rank is not None and low <= rank <= high:
            return True
    return False


class _Knockout:
    """A knock-out stage being played: where each of its teams stands (its bracket's
    progress) and its matches."""

    def __init__(self, tournament: Tournament, stage: Stage) -> None:
        from coinche_cli.tournament import stages as st
        from coinche_cli.tournament.bracket import progress
        from coinche_cli.tournament.stage_views import bracket_json

        self.seeds = {team: seed for seed, team in enumerate(stage.teams, start=1)}
        self.status = progress(st.ko_structure(tournament, stage), len(stage.teams),
                               st.ko_winners(tournament, stage))
        self.matches: dict[str, tuple[str, MatchJson]] = {
            match["match"]: (part["label"], match)
            for part in bracket_json(tournament, stage)["rounds"] for match in part["matches"]}
        self.names = {team: tournament.name_of(team) for team in stage.teams}

    def say(self, team: int, line: StageLine) -> None:
        """Fill ``line``: the match ``team`` plays next and its table once paired, else the
        main-bracket round that knocked it out, else the final it won."""
        status = self.status[self.seeds[team]]
        if status.next_match is not None:
            label, match = self.matches[status.next_match]
            line["kind"], line["match"], line["table"] = "next", match["match"], match["table"]
            _round_of(label, line)
        elif status.knocked_out is not None:
            line["kind"], line["match"] = "out", status.knocked_out
            _round_of(self.matches[status.knocked_out][0], line)
        elif "F" in self.matches and self.matches["F"][1]["winner"] == self.names[team]:
            line["kind"], line["match"], line["round"] = "won", "F", "final"


def _round_of(label: str, line: StageLine) -> None:
    """A bracket label's round into ``line``: its kind, and its places (``"places 5-8"``: 5
    and 8; ``"round of 16"``: 16)."""
    if label.startswith("places "):
        low, _dash, high = label.removeprefix("places ").partition("-")
        line["round"], line["low"], line["high"] = "places", int(low), int(high)
    elif label.startswith("round of "):
        line["round"], line["high"] = "round of", int(label.removeprefix("round of "))
    else:
        line["round"] = label
