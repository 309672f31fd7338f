"""A table's result in a large round: the tournament is read whole (issue 31: within the
budget at 1,000 teams, ``bench/RESULTS.md``), and the command prints the table entered with a
count of the others when the round has more than ``ROUND_NAMES_UP_TO`` tables.  The refusals
stay those of ``tests/test_results_rules.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from coinche_cli.cli import tournament_view
from coinche_cli.errors import TournamentError
from coinche_cli.rules.loader import load_rules
from coinche_cli.store.sqlite import SqliteStore
from coinche_cli.tournament import entrants, results
from coinche_cli.tournament import ops as tournaments
from coinche_cli.tournament.entrants import Registration
from coinche_cli.tournament.model import ResultRow, Settings
from tests.conftest import Concours

TEAMS = ("Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf", "Les Sept")


def _concours(tmp_path: Path) -> SqliteStore:
    """Seven teams (a bye each round), three rounds paired, rounds 1 and 2's results in, a penalty
    given to the opponents in round 2, one deducted in round 3."""
    store = SqliteStore(tmp_path / "c.db")
    tournaments.create(store, "Concours", load_rules("standard"),
                       Settings(rounds=4, deals=4, seed=None))
    for team in TEAMS:
        entrants.add(store, None, "team", Registration(team))
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


def test_an_entry_returns_the_whole_tournament_as_stored(tmp_path: Path) -> None:
    """What a result returns (and the command prints from) is the tournament as a fresh read
    gives it: every team, every round, the results just entered."""
    store = _concours(tmp_path)
    entered = results.enter_result(store, None, "2", 1300, 1200)
    corrected = results.enter_result(store, None, "1", 900, 800, round_number=1,
                                     replacing=True)
    imported = results.import_results(store, None, [ResultRow(2, 1, 1000, 900)])
    assert corrected.replaced[0][0].score1 == 1501
    assert corrected.warnings  # round 2 was paired on the old standings
    after = tournaments.load(store, None)
    assert imported.tournament == after
    assert imported.round == after.round(3)
    assert entered.round.board(2) == after.round(3).board(2)
    assert corrected.tournament.round(1).board(1) == after.round(1).board(1)
    assert {t.id for t in entered.tournament.teams} == {t.id for t in after.teams}
    store.close()


def test_a_refusal_needing_earlier_rounds_reads_them(tmp_path: Path) -> None:
    store = _concours(tmp_path)
    with pytest.raises(TournamentError, match="for round 2: --round 2"):
        results.enter_result(store, None, "1", 900, 800, replacing=True)
    store.close()


@pytest.mark.both_stores
def test_a_large_round_prints_only_the_table_entered(
        concours: Concours, monkeypatch: pytest.MonkeyPatch) -> None:
    """Above ``ROUND_NAMES_UP_TO`` tables (lowered here to 2: seven teams give 3 tables), a
    result by table number prints that table with a count of the others, the bye and the
    round's penalties; ``--json`` and a smaller round stay whole (``tests/outputs``)."""
    director = concours(TEAMS, "--rules", "standard", pair=True)
    small = director.run("result", "1", "1500", "1400").stdout
    assert small.count("  –  ") == 3  # the round whole
    director.run("penalty", "Les Sept", "50", "--reason", "retard", "--deduct")
    director.run("penalty", "Les As", "162", "--reason", "renonce")  # to Les Rois, table 1
    monkeypatch.setattr(tournament_view, "ROUND_NAMES_UP_TO", 2)
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
