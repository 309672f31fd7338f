"""A table's result reads only its round (issue 25): the round's tables, the teams who play in
it and its penalties, never the whole tournament, so an entry costs the same for 30 teams or
10,000.  The refusals stay those of ``tests/test_results_rules.py``; here the store is watched
and the narrow reading compared with the whole one."""

from __future__ import annotations

from pathlib import Path

import pytest

from coinche_cli.cli.tournament_view import round_lines
from coinche_cli.errors import TournamentError
from coinche_cli.rules.loader import load_rules
from coinche_cli.store.connect import open_store
from coinche_cli.store.sqlite import SqliteStore
from coinche_cli.tournament import model, results
from coinche_cli.tournament import ops as tournaments
from coinche_cli.tournament.model import ResultRow, Settings, Tournament
from coinche_cli.tournament.views import round_json
from tests.conftest import Concours

TEAMS = ("Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf", "Les Sept")


class _Watched(SqliteStore):
    """A store that refuses to read a whole tournament while ``narrow`` is set."""

    narrow = False

    def tournament(self, tournament_id: int) -> Tournament | None:
        assert not self.narrow, "the whole tournament was read"
        return super().tournament(tournament_id)


def _concours(tmp_path: Path) -> _Watched:
    """Seven teams (a bye each round), three rounds paired, rounds 1 and 2's results in, a penalty
    given to the opponents in round 2, one deducted in round 3."""
    store = _Watched(tmp_path / "c.db")
    tournaments.create(store, "Concours", load_rules("standard"),
                       Settings(rounds=4, deals=4, seed=None))
    for team in TEAMS:
        tournaments.add_team(store, None, team, "")
    tournaments.pair_next(store, None)
    for table in (1, 2, 3):
        results.enter_result(store, None, str(table), 1500 + table, 1400)
    tournaments.pair_next(store, None)
    tournaments.penalise(store, None, "Les As", 162, "renonce", to_opponents=True)
    for table in (1, 2, 3):
        results.enter_result(store, None, str(table), 1200, 1100 + table)
    tournaments.pair_next(store, None)  # round 3: round 2's penalty is another round's
    tournaments.penalise(store, None, "Les Rois", 50, "retard", to_opponents=False)
    return store


def test_the_round_view_is_the_whole_tournament_s_round(tmp_path: Path) -> None:
    store = _concours(tmp_path)
    whole = tournaments.load(store, None)
    for number in (1, 2, 3, None):
        view = store.round_view(whole.id, number)
        assert view is not None
        played = whole.round(number or 3)
        assert view.round(played.number) == played
        assert view.current is not None and view.current.number == 3  # the latest still
        in_round = {t for b in played.boards for t in (b.team1, b.team2)} | {played.bye}
        assert {t.id for t in view.teams} == in_round
        assert all(view.team(t).name == whole.team(t).name for t in in_round if t)
        assert view.penalties == whole.penalties  # every one: the round's lines name them
        assert view.settings == whole.settings
        # what tournament result prints, as text and as JSON, is the whole tournament's
        assert (round_lines(view, view.round(played.number))
                == round_lines(whole, played))
        assert round_json(view, view.round(played.number)) == round_json(whole, played)
    store.close()


def test_a_result_by_table_number_reads_only_its_round(tmp_path: Path) -> None:
    store = _concours(tmp_path)
    whole = tournaments.load(store, None)
    store.narrow = True
    entered = results.enter_result(store, None, "2", 1300, 1200)
    # a correction in the closed round 1, and a file of results for round 2
    corrected = results.enter_result(store, None, "1", 900, 800, round_number=1,
                                     replacing=True)
    imported = results.import_results(store, None, [ResultRow(2, 1, 1000, 900)])
    store.narrow = False
    assert corrected.replaced[0][0].score1 == 1501
    assert corrected.warnings  # round 2 was paired on the old standings
    after = tournaments.load(store, None)
    assert after.round(3) == imported.round
    assert entered.round.board(2) == after.round(3).board(2)
    # what the command prints: the round's teams by name, the winner after the penalty
    assert {imported.tournament.name_of(t) for b in imported.round.boards
            for t in (b.team1, b.team2)} == {whole.name_of(t) for b in whole.round(3).boards
                                            for t in (b.team1, b.team2)}
    assert (imported.tournament.winner(imported.round, imported.round.boards[0])
            == after.winner(after.round(3), after.round(3).boards[0]))
    store.close()


def test_a_refusal_needing_earlier_rounds_reads_them(tmp_path: Path) -> None:
    store = _concours(tmp_path)
    with pytest.raises(TournamentError, match="for round 2: --round 2"):
        results.enter_result(store, None, "1", 900, 800, replacing=True)
    store.close()


@pytest.mark.both_stores
def test_a_large_round_reads_and_prints_only_the_table_entered(
        concours: Concours, store_name: Path | str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Above ``ROUND_NAMES_UP_TO`` tables (lowered here to 2: seven teams give 3 tables), a
    result by table number reads that table, the tables of the round's penalties, their
    teams and the bye's, the number of tables and the highest score elsewhere; the command
    prints that table with a count of the others; ``--json`` and a smaller round stay whole
    (``tests/outputs``)."""
    director = concours(TEAMS, "--rules", "standard", pair=True)
    small = director.run("result", "1", "1500", "1400").stdout
    assert small.count("  –  ") == 3  # the round whole
    director.run("penalty", "Les Sept", "50", "--reason", "retard", "--deduct")
    director.run("penalty", "Les As", "162", "--reason", "renonce")  # to Les Rois, table 1
    monkeypatch.setattr(model, "ROUND_NAMES_UP_TO", 2)
    lines = director.run("result", "2", "1300", "1200").stdout.splitlines()
    assert lines[:3] == [
        "round 1: 3 tables",
        "    2  Les Dames  –  Les Valets   1300–1200",
        "  … and 2 other tables: coinche tournament show --round 1"]
    # the bye's points are the whole round's average, as tournament show says
    shown = director.run("show").stdout.splitlines()
    assert lines[3] == next(line for line in shown if line.startswith("  bye: Les Sept ("))
    assert "  penalty, round 1: Les Sept -50 (retard), deducted" in lines
    assert "  penalty, round 1: Les As -162 (renonce), given to Les Rois" in lines
    # the plausibility check sees the other tables' scores (table 1: 1500)
    warned = director.run("result", "3", "3100", "900")
    assert "3100 is more than twice the round's highest other score (1500)" in warned.stderr
    # a table the round does not have is refused as in a small round, whatever its number
    for table in ("9", "99999999999999999999"):
        assert director.refused("result", table, "900", "800") == (
            f"error: round 1 has no table {table} (tables 1 to 3)")
    assert director.refused("result", "4", "900", "800") == (
        "error: table 4 is the bye (Les Sept): a bye has no result")
    whole = director.json("result", "2", "1310", "1200", "--replace")
    assert [t["teams"][0] for t in whole["tables"]] == ["Les As", "Les Dames", "Les Dix"]
    store = open_store(str(store_name))
    try:
        tournament_id = store.find_tournament("Concours")
        assert tournament_id is not None
        view = store.round_view(tournament_id, None, 3)
        assert view is not None
        part = view.round(1)
        assert isinstance(part, model.RoundPart)
        assert [b.table for b in part.boards] == [1, 3]  # the penalty's table, the one read
        assert (part.tables, part.highest_other(3)) == (3, 1500)
        assert {t.name for t in view.teams} == {"Les As", "Les Rois", "Les Dix", "Les Neuf",
                                                "Les Sept"}
        full = store.round_view(tournament_id, None)
        assert full is not None and len(full.teams) == 7 and full.round(1).tables == 3
        assert type(full.round(1)) is model.Round
    finally:
        store.close()


@pytest.mark.both_stores
def test_a_penalty_on_an_earlier_bye_does_not_stop_the_next_results(concours: Concours) -> None:
    """A penalty deducted from the team that had round 1's bye was given at no table: the
    round is still read for its lines (a later result by table number failed to print)."""
    director = concours(TEAMS, "--rules", "standard", pair=True)
    director.run("penalty", "Les Sept", "10", "--reason", "retard", "--deduct")
    for table in ("1", "2", "3"):
        director.run("result", table, "800", "700")
    director.run("pair")
    lines = director.run("result", "2", "800", "700").stdout.splitlines()
    assert "  penalty, round 1: Les Sept -10 (retard), deducted" in lines
