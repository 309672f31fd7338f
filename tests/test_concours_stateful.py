"""A concours as a state machine (issue 31): the director's operations in any order — pair
the next round, a table's result, a correction (``--replace``), withdraw the latest round,
a penalty, a team or player leaving and coming back — on formed teams and on a mêlée,
checked after every step against a plain model (:mod:`tests.concours_model`).

After every step the store's tournament, read again, must be the model's: the rounds and
their tables, the results in force, each correction's old result kept in the history, the
penalties, who left; and the standings (points for and against, wins, draws, losses,
byes, forfeits, match points, penalties, Buchholz, the order by the ranking's first key),
worked out by the model from its own bookkeeping with the tournament's own settings.  At
each pairing the pairing's rules: everyone present plays once (nobody who left, everybody
who came back), a bye only to a team without one while one can take it, and as few
rematches as any pairing allows (a mêlée: as few repeated partners, the right number
sitting out, those who sat out least first).  Every refusal the model foresees (a second
result without ``--replace``, a result in a closed round, a score no match can reach, a
round paired before the last is finished, …) must be refused, with the store unchanged.

The operations are called in process on a SQLite store in a temporary folder, through the
small adapter :class:`tests.concours_desk.Desk` (one place to retarget when the operations
change names).
The budget: a fixed profile (derandomized, no example database), a few dozen concours of
about twenty steps each, a few seconds on one core.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from coinche_cli.errors import CoincheError
from coinche_cli.store.records import ResultRecord
from coinche_cli.store.sqlite import SqliteStore
from coinche_cli.tournament.model import Round, Settings, Tournament
from coinche_cli.tournament.ranking import Ranking
from tests.concours_desk import Desk, as_played, side_of, stored_result
from tests.concours_model import (
    COUNTERS,
    Concours,
    Penalty,
    Played,
    Result,
    Scale,
    Side,
    fewest_rematches,
    fewest_repeats,
    repeats,
)
from tests.harness import data_checksum

T = TypeVar("T")

TEAMS = ("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf")
PLAYERS = ("Ana", "Bob", "Cyd", "Dan", "Eva", "Fred", "Gus", "Hana", "Ivo", "Jules", "Kim")
#: A partie's scores: usual ones, any a match of standard rules can reach, a blank
scores_of = st.one_of(st.integers(300, 1800), st.integers(0, 16_000), st.just(0))


# ---------------------------------------------------------------- the machine


class ConcoursMachine(RuleBasedStateMachine):
    """The steps of a concours day; :attr:`MELEE` chooses the format."""

    MELEE = False

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="coinche-stateful-"))
        self.path = self.folder / "concours.db"
        self.store = SqliteStore(self.path)
        self.desk = Desk(self.store, self.MELEE)
        self.model: Concours | None = None
        self.limit = 0

    def teardown(self) -> None:
        self.store.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    @property
    def paper(self) -> Concours:
        assert self.model is not None
        return self.model

    def attempt(self, accepted: bool, action: Callable[[], T]) -> T | None:
        """Run ``action``: it must succeed when the model accepts it; else be refused with
        one of the program's errors and leave every row of the store as it was."""
        if accepted:
            return action()
        before = data_checksum(self.path)
        with pytest.raises(CoincheError):
            action()
        assert data_checksum(self.path) == before, "a refused step changed the store"
        return None

    # ------------------------------------------------------------ opening

    @initialize(data=st.data())
    def open_concours(self, data: st.DataObject) -> None:
        names = PLAYERS if self.MELEE else TEAMS
        count = data.draw(st.integers(8, 11) if self.MELEE else st.integers(4, 7), "entrants")
        entrants = list(names[:count])
        # the club's usual scales, or any scale from the win down to the forfeit
        win, draw, loss, forfeit = data.draw(st.sampled_from(
            [(3, 2, 1, 0), (2, 1, 0, 0), (4, 2, 1, 0), (3, 1, 0, 0)]) | st.integers(1, 5).flatmap(
            lambda win: st.tuples(st.just(win), *[st.integers(0, win)] * 3).map(
                lambda four: (four[0], *sorted(four[1:], reverse=True)))), "match points")
        settings_ = Settings(
            rounds=data.draw(st.integers(3, 5), "rounds"), deals=4,
            ranking=data.draw(st.sampled_from(list(Ranking)), "ranking"),
            bye_points=data.draw(st.sampled_from(["average", "half", "600"]), "bye points"),
            bye_win=data.draw(st.booleans(), "bye win"),
            match_points=(win, draw, loss, forfeit),
            seed=data.draw(st.none() | st.integers(0, 50), "seed"),
            penalty_outside=data.draw(st.booleans(), "penalty outside"),
            format="melee" if self.MELEE else "teams",
            draw=data.draw(st.sampled_from(["random", "by-score"]), "draw"))
        opened = self.desk.open(settings_, entrants).settings
        # the tournament's own numbers: the highest deal the rules allow, the match points
        assert opened.deals is not None and opened.highest_deal is not None
        self.limit = opened.deals * opened.highest_deal
        win, draw, loss, forfeit = opened.match_points
        self.model = Concours(self.MELEE, entrants, Scale(
            win, draw, loss, forfeit, opened.bye_points, opened.target, opened.bye_win,
            opened.penalty_outside), opened.rounds)
        if data.draw(st.integers(0, 3), "round 1 paired"):  # most concours start at once
            self.pair(data)

    # ------------------------------------------------------------ pairing

    @rule(data=st.data())
    def pair(self, data: st.DataObject) -> None:
        """Pair the next round; most often the current round's missing results are entered
        first (else the pairing is refused while one is missing)."""
        paper = self.paper
        if paper.current is not None and not paper.current.complete and data.draw(
                st.integers(0, 3), "finish first"):
            self.finish_round(data)
        number = paper.next_number
        present = paper.active(number)
        current = paper.current
        accepted = ((current is None or current.complete) and number <= paper.rounds_planned
                    and len(present) >= (4 if self.MELEE else 2))
        byes, met, partnered = paper.had_bye(), paper.met(), paper.partnered()
        paired = self.attempt(accepted, self.desk.pair)
        if paired is None:
            return
        tournament = self.desk.read()
        assert tournament.round(number) == paired  # the round the operation returned
        played = as_played(tournament, paired, self.MELEE)
        seated = [e for pair in played.tables for side in pair for e in side]
        assert len(seated) == len(set(seated)) and not set(seated) & played.out
        # everyone present plays (or sits out), nobody who left
        assert set(seated) | played.out == present, (sorted(present), played)
        if self.MELEE:
            self._check_draw(played, present, byes, partnered, paired)
        else:
            may, least = fewest_rematches(present, met, byes)
            if played.out:
                assert played.out <= may, ("a second bye while a team without one could "
                                           "take it", played.out, byes)
            rematches = repeats((a | b for a, b in played.tables), met)
            assert rematches == least == paired.rematches, (rematches, least, played)
        paper.rounds.append(played)

    def _check_draw(self, played: Played, present: set[str], sat: dict[str, int],
                    partnered: set[Side], paired: Round) -> None:
        """A mêlée partie's rules (:mod:`coinche_cli.tournament.melee_draw`)."""
        paper = self.paper
        assert len(played.out) == len(present) % 4
        seated = present - played.out
        # who sits out sat out least: nobody sits out twice before every player present
        # has sat out once (a player back from leaving is set aside here: whether they may
        # sit out their first partie back is test_a_player_back_from_leaving_…'s)
        previous = paper.current
        back = set() if previous is None else {
            p for p in present if p not in previous.out and previous.side_of(p) is None}
        for player in played.out - back:
            assert all(sat[player] <= sat[other] for other in seated - back), (
                "sat out before a player who sat out less", player, sat)
        least = fewest_repeats(sorted(seated), partnered)
        assert repeats((side for pair in played.tables for side in pair), partnered) == least
        assert paired.rematches == least

    # ------------------------------------------------------------ results

    def _scores(self, data: st.DataObject) -> tuple[int, int]:
        first = data.draw(scores_of, "score 1")
        second = data.draw(st.just(first) | scores_of, "score 2")  # now and then a draw
        return first, second

    def _forfeiter(self, data: st.DataObject, played: Played, table: int) -> tuple[int, str]:
        side = data.draw(st.sampled_from([0, 1]), "forfeiting side")
        return side, data.draw(st.sampled_from(sorted(played.tables[table - 1][side])))

    @rule(data=st.data())
    def result(self, data: st.DataObject) -> None:
        """A table's result, typed or a forfeit; with ``replacing``, a correction; in the
        current round or a closed one; now and then an impossible score."""
        paper = self.paper
        if not paper.rounds:
            self.attempt(False, lambda: self.desk.result(1, (900, 800), None, None, False))
            return
        # mostly the current round, a table it has (now and then one past its last), a
        # correction mostly where there is a result to correct
        current = paper.current
        played = current if current is not None and data.draw(st.integers(0, 3), "now") else (
            data.draw(st.sampled_from(paper.rounds), "round"))
        closed = played is not current
        tables = len(played.tables)
        table = data.draw(st.integers(1, tables + 1) if data.draw(
            st.integers(0, 7), "past") == 0 else st.integers(1, tables), "table")
        there = table <= tables
        replacing = data.draw(st.integers(0, 3), "replacing") != (
            0 if table in played.results else 3)
        forfeit = there and data.draw(st.integers(0, 5), "kind") == 0
        scores: tuple[int, int] | None = None
        name = None
        if forfeit:
            side, name = self._forfeiter(data, played, table)
            entered = Result(forfeit=side)
        else:
            scores = self._scores(data)
            if data.draw(st.integers(0, 9), "too high") == 0:
                scores = (self.limit + 1, scores[1])
            entered = Result(*scores)
        has = table in played.results
        accepted = (there and has == replacing and (replacing or not closed)
                    and all(s <= self.limit for s in scores or ()))
        named = played.number if closed or data.draw(st.booleans(), "--round") else None
        self.attempt(accepted, lambda: self.desk.result(table, scores, name, named, replacing))
        if accepted:
            if has:
                played.replaced.setdefault(table, []).append(played.results[table])
            played.results[table] = entered

    @precondition(lambda self: self.model is not None and self.model.current is not None
                  and not self.model.current.complete)
    @rule(data=st.data())
    def finish_round(self, data: st.DataObject) -> None:
        """Every table of the current round without a result gets one."""
        played = self.paper.current
        assert played is not None
        for table in range(1, len(played.tables) + 1):
            if table not in played.results:
                scores = self._scores(data)
                self.desk.result(table, scores, None, None, False)
                played.results[table] = Result(*scores)

    # ------------------------------------------------------------ withdrawing a round

    @precondition(lambda self: self.model is not None)
    @rule(data=st.data())
    def unpair(self, data: st.DataObject) -> None:
        """Withdraw the latest round; a round with results or penalties is refused (tried
        now and then only when it has results)."""
        paper = self.paper
        current = paper.current
        if current is not None and current.results and data.draw(st.integers(0, 3), "try"):
            return
        accepted = current is not None and not current.results and not any(
            p.round == current.number for p in paper.penalties)
        self.attempt(accepted, self.desk.unpair)
        if accepted:
            paper.rounds.pop()

    # ------------------------------------------------------------ penalties

    @rule(data=st.data())
    def penalty(self, data: st.DataObject) -> None:
        paper = self.paper
        entrant = data.draw(st.sampled_from(paper.entrants), "penalised")
        points = data.draw(st.sampled_from([0, 50, 162, 250]) | st.integers(1, 400), "points")
        to_opponents = data.draw(st.booleans(), "to opponents")
        current = paper.current
        # a formed team is penalised whether it plays or not; a mêlée player, in their pair
        # of the current partie (none while sitting out or gone)
        at = None if current is None else current.side_of(entrant)
        side = at if self.MELEE else frozenset((entrant,))
        accepted = (current is not None and points > 0 and side is not None
                    and (at is not None or not to_opponents))
        self.attempt(accepted, lambda: self.desk.penalise(entrant, points, to_opponents))
        if accepted:
            assert current is not None and side is not None
            paper.penalties.append(Penalty(current.number, side, points, to_opponents))

    # ------------------------------------------------------------ leaving and coming back

    @precondition(lambda self: self.model is not None and sum(
        d is not None for d in self.model.dropped.values()) < (3 if self.MELEE else 2))
    @rule(data=st.data())
    def drop(self, data: st.DataObject) -> None:
        """An entrant leaves (a few at most at once, so that the concours goes on)."""
        paper = self.paper
        entrant = data.draw(st.sampled_from(paper.entrants), "leaving")
        accepted = paper.dropped[entrant] is None
        self.attempt(accepted, lambda: self.desk.drop(entrant))
        if accepted:
            paper.dropped[entrant] = paper.next_number - 1

    @rule(data=st.data())
    def come_back(self, data: st.DataObject) -> None:
        paper = self.paper
        gone = sorted(e for e, after in paper.dropped.items() if after is not None)
        entrant = data.draw(st.sampled_from(gone) if gone and data.draw(
            st.integers(0, 3), "one who left") else st.sampled_from(paper.entrants),
            "coming back")
        accepted = (paper.dropped[entrant] is not None
                    and paper.next_number <= paper.rounds_planned)
        self.attempt(accepted, lambda: self.desk.come_back(entrant))
        if accepted:
            paper.dropped[entrant] = None

    # ------------------------------------------------------------ the model holds

    @invariant()
    def the_store_is_the_model(self) -> None:
        if self.model is None:
            return
        paper = self.paper
        tournament = self.desk.read()
        assert [r.number for r in tournament.rounds] == [r.number for r in paper.rounds]
        for stored, played in zip(tournament.rounds, paper.rounds, strict=True):
            self._same_round(tournament, stored, played)
        assert self.desk.dropped_after(tournament) == paper.dropped
        assert sorted((p.round, sorted(side_of(tournament, p.team, self.MELEE)), p.points,
                       p.to_opponents) for p in tournament.penalties) == sorted(
            (p.round, sorted(p.side), p.points, p.to_opponents) for p in paper.penalties)
        self._same_history(tournament)
        self._same_standings(tournament)

    def _same_round(self, tournament: Tournament, stored: Round, played: Played) -> None:
        assert as_played(tournament, stored, self.MELEE) == Played(
            played.number, played.tables, played.out)
        view = self.desk.view(tournament, stored)
        assert view["complete"] == played.complete
        for board, shown in zip(stored.boards, view["tables"], strict=True):
            expected = played.results.get(board.table)
            if expected is None:
                assert not board.has_result and shown["winner"] is None
                continue
            assert stored_result(board.score1, board.score2, board.forfeit,
                                 board.team1) == expected
            won = self.paper.winner(played, board.table)
            assert shown["winner"] == (None if won is None else shown["teams"][won])

    def _same_history(self, tournament: Tournament) -> None:
        held: dict[tuple[int, int], list[ResultRecord]] = {}
        for record in self.desk.history(tournament):
            held.setdefault((record.round, record.table), []).append(record)
        expected = {(r.number, t) for r in self.paper.rounds for t in r.results}
        assert set(held) == expected
        for (number, table), records in held.items():
            played = self.paper.rounds[number - 1]
            team1 = tournament.round(number).boards[table - 1].team1

            def result(record: ResultRecord, first: int = team1) -> Result:
                return stored_result(record.score1, record.score2, record.forfeit, first)

            in_force = [r for r in records if r.replaced is None]
            assert [result(r) for r in in_force] == [played.results[table]]
            old = sorted((result(r) for r in records if r.replaced is not None), key=repr)
            assert old == sorted(played.replaced.get(table, []), key=repr)

    def _same_standings(self, tournament: Tournament) -> None:
        paper = self.paper
        lines = self.desk.lines(tournament)
        expected = paper.lines()
        assert sorted(line.name for line in lines) == sorted(paper.entrants)
        value = {"points": "points_for", "wins": "wins", "match-points": "match_points"}[
            tournament.settings.ranking.value]
        last = paper.next_number - 1
        for line in lines:
            mine = expected[line.name]
            assert {key: getattr(line, key) for key in COUNTERS} == mine.counts, line.name
            dropped = paper.dropped[line.name]
            assert line.dropped == (dropped is not None and dropped <= last)
            assert line.buchholz == sum(expected[o].counts[value] for o in mine.opponents)
        keys = [(line.wins, line.difference) if value == "wins" else (getattr(line, value),)
                for line in lines]
        assert keys == sorted(keys, reverse=True), "not in the ranking's order"
        assert lines[0].rank == 1 and all(
            line.rank in (before.rank, index + 1) and (line.rank != before.rank or key == k)
            for index, (before, line, k, key) in enumerate(
                zip(lines, lines[1:], keys, keys[1:], strict=False), 1))


#: The CI budget: fixed examples (never a different concours from one run to the next,
#: and no example database), a few dozen concours of about twenty steps.
BUDGET = settings(max_examples=40, stateful_step_count=20, deadline=None, derandomize=True,
                  database=None, suppress_health_check=[HealthCheck.too_slow])


class FormedTeams(ConcoursMachine):
    MELEE = False


class Melee(ConcoursMachine):
    MELEE = True


TestFormedTeams = FormedTeams.TestCase
TestFormedTeams.settings = BUDGET
TestMelee = Melee.TestCase
TestMelee.settings = BUDGET


# ---------------------------------------------------------------- what the machine found


def _opened(tmp_path: Path, melee_: bool, entrants: tuple[str, ...]) -> Desk:
    desk = Desk(SqliteStore(tmp_path / "concours.db"), melee_)
    desk.open(Settings(rounds=3, deals=4, format="melee" if melee_ else "teams"),
              list(entrants))
    return desk


def _finish(desk: Desk) -> None:
    for board in desk.read().rounds[-1].boards:
        desk.result(board.table, (900, 800), None, None, False)


def test_a_withdrawn_round_takes_its_penalties_with_it(tmp_path: Path) -> None:
    """Found by the machine: Alpha–Bravo, Charlie–Delta in round 1; round 2 paired, Bravo
    given a renonce's 162 (to Delta, its opponent), round 2 withdrawn: the penalty named
    round 2, which no longer existed, and fell on the round paired next.  A round with a
    penalty is now refused, as a mêlée's partie always was."""
    desk = _opened(tmp_path, False, TEAMS[:4])
    desk.pair()
    _finish(desk)
    desk.pair()
    desk.penalise("Bravo", 162, True)
    with contextlib.suppress(CoincheError):  # refused, as a mêlée's partie is: no harm
        desk.unpair()
    after = desk.read()
    assert all(penalty.round <= len(after.rounds) for penalty in after.penalties)
    desk.store.close()


def test_a_player_back_from_leaving_does_not_sit_out_their_first_partie_back(
        tmp_path: Path) -> None:
    """Found by the machine: nine players, Cyd leaves before the first partie (eight play
    it, nobody sits out) and comes back; in the second partie one of nine sits out, and
    the draw chooses Cyd, the one player whose first partie it is."""
    desk = _opened(tmp_path, True, PLAYERS[:9])
    desk.drop("Cyd")
    desk.pair()
    _finish(desk)
    desk.come_back("Cyd")
    second = desk.pair()
    tournament = desk.read()
    assert [tournament.player(p).name for p in second.sitting_out] != ["Cyd"]
    desk.store.close()
