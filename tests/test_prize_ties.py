"""Issue 32 (item 2) and issue 33 (item 6): the prize list says what it cannot decide.

Teams the ranking leaves tied on every tie-break whose places' prizes in kind differ are
marked "to be decided" until the director gives their order (``tournament prizes order``),
on the list, its ``--json``, the prize poster and the workbook alike; ranks no entrant will
reach are warned of; a team that still owes its fee is marked; before round 1 the list is
shown as given.  Every amount worked out here by hand, in cents.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Concours
from tests.harness import Cli

TEAMS = ["Les As", "Capot Club", "Les Rois", "Les Dames"]


def _tied_at_first(concours: Concours) -> Cli:
    """Four teams, one round, a fee of 20: Les As and Capot Club draw 1000–1000, Les Rois
    and Les Dames 900–900, so the first two are tied at 1st on every tie-break, the others
    at 3rd; a ham for the 1st, a bottle for the 2nd, 10 € each for the 3rd and 4th.  Les As
    has paid its fee, the others not."""
    t = concours(TEAMS, "--fee", "20", "--currency", "EUR", rounds=1, pair=True)
    t.run("checkin", "Les As", "--paid", "20")
    t.run("result", "1", "1000", "1000")
    t.run("result", "2", "900", "900")
    t.run("prizes", "add", "1", "Un jambon")
    t.run("prizes", "add", "2", "Une bouteille")
    t.run("prizes", "add", "3-4", "10 €")
    return t


@pytest.mark.both_stores
def test_tied_teams_straddling_prizes_in_kind_are_to_be_decided_then_decided(
        concours: Concours, tmp_path: Path) -> None:
    import openpyxl

    t = _tied_at_first(concours)
    prizes = t.json("prizes")
    assert [(r["rank"], r["team"], r["prize"], r["amount"], r["to_decide"], r["decided"])
            for r in prizes["rows"]] == [
        (1, "Les As", "Un jambon", 0, True, False),
        (1, "Capot Club", "Une bouteille", 0, True, False),
        # tied at 3rd too, but on cash alone: shared, nothing to decide
        (3, "Les Rois", None, 1000, False, False), (3, "Les Dames", None, 1000, False, False)]
    assert prizes["ties"] == [{"rank": 1, "names": ["Les As", "Capot Club"], "decided": False}]
    text = t.run("prizes").stdout
    assert "Un jambon (to be decided)" in text and "Une bouteille (to be decided)" in text
    assert ('to be decided at rank 1: Les As, Capot Club are tied on every tie-break and their '
            'prizes in kind differ (given in the standings\' order): tournament prizes order '
            '"Les As,Capot Club"') in text
    # what cannot be an order between tied teams: one line each, nothing written
    assert t.refused("prizes", "order", "Capot Club,Personne") == (
        "error: team: no team called “Personne”")
    assert t.refused("prizes", "order", "Capot Club,Les Rois") == (
        "error: Capot Club (rank 1) and Les Rois (rank 3) are not tied: an order is decided "
        "only between entrants tied on every tie-break")
    assert t.refused("prizes", "order", "Capot Club").startswith(
        "error: NAMES: give the tied entrants in the order decided")
    assert t.refused("prizes", "order", "Capot Club,capot club") == (
        "error: Capot Club is named twice")
    assert t.refused("prizes", "order", "Capot Club,Les As", "--clear") == (
        "error: --clear: --clear takes every decided order back: give no names")
    # the director decides: the ham to Capot Club; kept in the store, shown everywhere
    assert t.run("prizes", "order", "capot,as").stdout == (
        "order decided at rank 1: Capot Club, Les As\n")
    prizes = t.json("prizes")
    assert [(r["team"], r["prize"], r["to_decide"], r["decided"])
            for r in prizes["rows"][:2]] == [("Capot Club", "Un jambon", False, True),
                                             ("Les As", "Une bouteille", False, True)]
    assert prizes["ties"] == [{"rank": 1, "names": ["Capot Club", "Les As"], "decided": True}]
    assert prizes["orders"] == [{"names": ["Capot Club", "Les As"], "used": True}]
    text = t.run("prizes").stdout
    assert "Capot Club  Un jambon (order decided)" in text
    assert "order decided at rank 1: Capot Club, Les As" in text
    t.run("poster", "prizes", str(tmp_path / "prizes.html"))
    poster = (tmp_path / "prizes.html").read_text(encoding="utf-8")
    assert "<td>Capot Club</td><td>Un jambon<br>(order decided)</td>" in poster
    assert "<td>Les As</td><td>Une bouteille<br>(order decided)</td>" in poster
    t.run("export", str(tmp_path / "out.xlsx"))
    sheet = openpyxl.load_workbook(tmp_path / "out.xlsx")["Prizes"]
    assert [[c.value for c in row] for row in sheet.iter_rows()][:3] == [
        ["rank", "entrant", "prize", "amount (EUR)", "owes (EUR)"],
        ["1=", "Capot Club", "Un jambon (order decided)", None, 20],
        ["1=", "Les As", "Une bouteille (order decided)", None, None]]
    # taken back: to be decided again, in the standings' order
    t.run("prizes", "order", "--clear")
    assert t.json("prizes")["ties"][0] == {"rank": 1, "names": ["Les As", "Capot Club"],
                                           "decided": False}
    t.run("poster", "prizes", str(tmp_path / "prizes.html"))
    assert "<td>Les As</td><td>Un jambon<br>(to be decided)</td>" in (
        tmp_path / "prizes.html").read_text(encoding="utf-8")


def test_an_order_that_no_longer_matches_a_tie_is_kept_and_said(concours: Concours) -> None:
    t = concours(TEAMS, rounds=2, pair=True)
    t.run("result", "1", "1000", "1000")
    t.run("result", "2", "900", "900")
    t.run("prizes", "add", "1", "Un jambon")
    t.run("prizes", "order", "Capot Club,Les As")
    # a correction breaks the tie: the order is kept, not used, and said
    t.run("result", "1", "1000", "990", "--replace")
    ran = t.run("prizes")
    assert "warning: the order decided between Capot Club, Les As is not used: they are no " \
           "longer tied" in ran.stderr
    assert t.json("prizes")["orders"] == [{"names": ["Capot Club", "Les As"], "used": False}]
    assert ran.stdout.splitlines()[3].split() == ["1", "Les", "As", "Un", "jambon"]


def test_a_team_that_owes_its_fee_is_marked_on_the_palmares(concours: Concours,
                                                            tmp_path: Path) -> None:
    t = _tied_at_first(concours)
    rows = {r["team"]: r["owed"] for r in t.json("prizes")["rows"]}
    assert rows == {"Les As": 0, "Capot Club": 2000, "Les Rois": 2000, "Les Dames": 2000}
    text = t.run("prizes").stdout.splitlines()
    assert text[1].split() == ["rank", "Team", "prize", "amount", "owes"]
    assert text[3].endswith("Un jambon (to be decided)") and "€20.00" in text[4]
    t.run("poster", "prizes", str(tmp_path / "prizes.html"))
    poster = (tmp_path / "prizes.html").read_text(encoding="utf-8")
    assert '<th class="num">Owes</th>' in poster
    assert '<td class="num">€10.00</td><td class="num">€20.00</td>' in poster
    # everyone paid: no column of what is owed
    for team in TEAMS[1:]:
        t.run("checkin", team, "--paid", "20")
    assert "owes" not in t.run("prizes").stdout
    t.run("poster", "prizes", str(tmp_path / "prizes.html"))
    assert "Owes" not in (tmp_path / "prizes.html").read_text(encoding="utf-8")


def test_ranks_no_entrant_will_reach_are_said(concours: Concours, tmp_path: Path) -> None:
    t = concours(TEAMS)
    assert t.run("prizes", "add", "1-3", "Une bouteille").stderr == ""
    assert t.run("prizes", "add", "5-7", "Un saucisson").stderr == (
        "warning: ranks 5-7: no entrant will reach them\n")
    assert t.run("prizes", "pot", "--percent", "50,20,10,10,10").stderr == (
        "warning: ranks 5-7: no entrant will reach them\n")
    assert t.json("prizes")["unreached"] == ["5-7"]
    assert t.last.stderr == "warning: ranks 5-7: no entrant will reach them\n"
    t.run("prizes", "remove", "5-7")
    assert t.json("prizes")["unreached"] == ["5"]  # the pot's fifth share
    assert t.last.stderr == "warning: rank 5: no entrant will reach it\n"
    (tmp_path / "lots.csv").write_text("1;Un jambon\n9;Un canard\n", encoding="utf-8")
    assert t.run("prizes", "set", str(tmp_path / "lots.csv")).stderr == (
        "warning: ranks 5, 9: no entrant will reach them\n")


def test_before_round_1_the_prize_list_is_shown_provisional(concours: Concours) -> None:
    t = concours(TEAMS, "--fee", "20")
    t.run("prizes", "add", "1", "Un jambon")
    t.run("prizes", "add", "2-3", "15.50")
    lines = t.run("prizes").stdout.splitlines()
    assert lines[0] == "prizes of Concours, provisional: the last round is not complete"
    assert lines[1] == "no standings yet: the prize list as given"
    assert [line.split(None, 1) for line in lines[4:]] == [["1", "Un jambon"],
                                                            ["2-3", "€15.50"]]
    assert "no prize yet" not in t.last.stdout
