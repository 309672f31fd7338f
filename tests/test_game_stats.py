"""``coinche game stats`` (issue 20, point 4), in process: the café's statistics over every
stored game, worked out here from the deals the test plays under the standard rules (a made
contract: the taker's card points plus the contract, the defence its card points; a failed
one: 162 plus the contract to the defence, doubled when coinched; a capot made: 162 + 250),
and ``game export``'s chart of the running totals."""

from __future__ import annotations

import sqlite3
import zipfile
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook  # the test reopens the export

from tests.harness import Cli

NBSP = "\u00a0"


def _cafe(cli: Cli) -> None:
    """Two games.  Les As – Les Rois, 4 deals: A 100♠ made with a belote (224–58), B 90♥
    coinched and failed (504–0), a pass, A 80♥ made (162–80), B capot ♣ made (0–412): Les As
    890, Les Rois 550.  Les As – Les Dix, 2 deals: Les Dix 80♠ made (62–180), Les As 110♦
    coinched and failed (0–544): Les As 62, Les Dix 724."""
    cli.run("game", "new", "--team", "Les As", "--team", "Les Rois", "--deals", "4")
    for deal in (("A", "100S", "104", "--belote", "A"), ("B", "90Hx", "70")):
        cli.run("game", "add", *deal)
    cli.run("game", "pass")
    for deal in (("A", "80H", "82"), ("B", "capotC")):
        cli.run("game", "add", *deal)
    cli.run("game", "new", "--team", "Les As", "--team", "Les Dix", "--deals", "2")
    cli.run("game", "add", "B", "80S", "100")
    ended = cli.json("game", "add", "A", "110Dx", "80")
    assert ended["finished"] and ended["totals"] == {"A": 62, "B": 724}


@pytest.mark.both_stores
def test_every_game_added_up(cli: Cli) -> None:
    _cafe(cli)
    shown = cli.json("game", "stats")
    assert shown["games"] == {"played": 2, "won": None, "drawn": 0, "lost": None,
                              "unfinished": 0}
    # 6 deals played, every side's points: (890 + 550 + 62 + 724) / (6 × 2)
    assert shown["deals"] == {"played": 6, "passed": 1, "points_per_deal": 185.5}
    contracts = shown["contracts"]
    assert (contracts["taken"], contracts["made"], contracts["failed"]) == (6, 4, 2)
    assert contracts["by_bid"] == [
        {"bid": "80", "taken": 2, "made": 2, "failed": 0},
        {"bid": "90", "taken": 1, "made": 0, "failed": 1},
        {"bid": "100", "taken": 1, "made": 1, "failed": 0},
        {"bid": "110", "taken": 1, "made": 0, "failed": 1},
        {"bid": "capot", "taken": 1, "made": 1, "failed": 0}]
    assert contracts["by_trump"] == [
        {"trump": "S", "taken": 2, "made": 2, "failed": 0},
        {"trump": "H", "taken": 2, "made": 1, "failed": 1},
        {"trump": "D", "taken": 1, "made": 0, "failed": 1},
        {"trump": "C", "taken": 1, "made": 1, "failed": 0}]
    assert shown["coinches"] == {
        "made": {"count": 2, "won": 2, "lost": 0, "surcoinched": 0},
        "suffered": {"count": 2, "made": 0, "failed": 2, "surcoinched": 0}}
    assert shown["capots"] == {"made": 1, "suffered": None}
    assert shown["belotes"] == 1
    assert shown["sides"] == [
        # Les As: (890 + 62) / 6 deals; Les Dix 724 / 2; Les Rois 550 / 4
        {"side": "Les As", "games": 2, "won": 1, "drawn": 0, "lost": 1,
         "points_per_deal": 158.7},
        {"side": "Les Dix", "games": 1, "won": 1, "drawn": 0, "lost": 0,
         "points_per_deal": 362.0},
        {"side": "Les Rois", "games": 1, "won": 0, "drawn": 0, "lost": 1,
         "points_per_deal": 137.5}]
    text = cli.run("game", "stats").stdout
    assert "2 games: 0 drawn, 0 unfinished" in text
    assert "contracts: 6 taken, 4 made, 2 failed" in text


def test_one_teams_side_and_a_day(cli: Cli) -> None:
    _cafe(cli)
    shown = cli.json("game", "stats", "--team", "as")
    assert shown["team"] == "Les As" and shown["player"] is None
    assert shown["games"] == {"played": 2, "won": 1, "drawn": 0, "lost": 1, "unfinished": 0}
    assert shown["deals"] == {"played": 6, "passed": 1, "points_per_deal": 158.7}
    contracts = shown["contracts"]
    assert (contracts["taken"], contracts["made"], contracts["failed"]) == (3, 2, 1)
    assert [b["bid"] for b in contracts["by_bid"]] == ["80", "100", "110"]
    assert [(t["trump"], t["made"]) for t in contracts["by_trump"]] == [
        ("S", 1), ("H", 1), ("D", 0)]
    assert shown["coinches"] == {
        "made": {"count": 1, "won": 1, "lost": 0, "surcoinched": 0},
        "suffered": {"count": 1, "made": 0, "failed": 1, "surcoinched": 0}}
    assert shown["capots"] == {"made": 0, "suffered": 1}
    assert shown["belotes"] == 1
    later = cli.json("game", "stats", "--since", "2999-01-01")
    assert later["games"]["played"] == 0 and later["deals"]["points_per_deal"] is None
    assert "Les As: 2 games, 1 won" in cli.run("game", "stats", "--team", "Les As").stdout
    assert cli.refused("game", "stats", "--since", "31/12/2025").startswith(
        "error: --since: “31/12/2025” is not a day")
    assert "no team called “Zorro”" in cli.refused("game", "stats", "--team", "Zorro")


def test_a_game_stored_without_summaries_is_replayed_alike(cli: Cli, store: Path) -> None:
    """A store of an older coinche kept no summary after each deal: its games are replayed,
    and count the same."""
    _cafe(cli)
    cli.run("game", "undo")  # the last deal undone: the second game goes on
    before = cli.json("game", "stats")
    assert before["games"]["unfinished"] == 1 and before["deals"]["played"] == 5
    with closing(sqlite3.connect(store)) as db, db:
        db.execute("UPDATE deal SET state = NULL")
    assert cli.json("game", "stats") == before


def test_a_players_side_in_games_of_three(cli: Cli) -> None:
    cli.run("game", "new", "--rules", "chien", "--player", "Ana", "--player", "Bob",
            "--player", "Cyd")
    cli.run("game", "add", "Ana", "90S", "90", "--points", "Bob:30")  # made: 90 of 90
    cli.run("game", "add", "Bob", "100H", "50", "--points", "Cyd:40")  # failed: 50 of 100
    shown = cli.json("game", "stats", "--player", "an")
    assert shown["player"] == "Ana" and shown["games"]["played"] == 1
    assert (shown["contracts"]["taken"], shown["contracts"]["made"]) == (1, 1)
    bob = cli.json("game", "stats", "--player", "Bob")["contracts"]
    assert (bob["taken"], bob["made"], bob["failed"]) == (1, 0, 1)
    assert "no player called “Zorro”" in cli.refused("game", "stats", "--player", "Zorro")


def test_player_show_adds_up_the_tables_scored_deal_by_deal(cli: Cli) -> None:
    """A concours table scored deal by deal: Les As (Ana, Bob) take 100♠ and make it (224),
    then the defence against Les Rois' 80♥ coinched and failed ((162 + 80) × 2 = 484)."""
    director = cli.under("tournament")
    director.run("new", "Jeudi", "--rounds", "1", "--deals", "2", "--registration-order")
    director.run("team", "add", "Les As", "--players", "Ana, Bob")
    director.run("team", "add", "Les Rois", "--players", "Cyd, Dan")
    director.run("pair")
    cli.run("game", "new", "--table", "1")
    cli.run("game", "add", "A", "100S", "104", "--belote", "A")
    cli.run("game", "add", "B", "80Hx", "70")
    shown = cli.json("player", "show", "Ana")
    (jeudi,) = shown["tournaments"]
    assert jeudi["team"] == "Les As" and jeudi["wins"] == 1 and jeudi["points"] == 224 + 484
    assert jeudi["deals"] == {"deals": 2, "taken": 1, "made": 1, "failed": 0, "coinched": 1,
                              "coinched_against": 0, "capots": 0, "belotes": 1,
                              "points_per_deal": 354.0}
    assert cli.json("game", "stats", "--player", "Cyd")["contracts"]["failed"] == 1
    # each count with its own plural, the average as the language writes it (issue 32)
    assert ("Jeudi, deal by deal: 2 deals, 1 contract taken, 1 made, 0 failed, 1 coinche, "
            "0 capots, 354 points a deal") in cli.run("player", "show", "Ana").stdout
    assert (f"Jeudi, donne par donne{NBSP}: 2 donnes, 1 contrat pris, 1 réussi, 0 chuté, "
            "1 coinche, 0 capot, 354 points par donne") in cli.run(
        "--lang", "fr", "player", "show", "Ana").stdout


def _chart(path: Path) -> str:
    with zipfile.ZipFile(path) as archive:
        charts = [n for n in archive.namelist() if n.startswith("xl/charts/chart")]
        assert len(charts) == 1, charts
        return archive.read(charts[0]).decode()


def test_game_export_draws_both_sides_running_totals(cli: Cli, tmp_path: Path) -> None:
    _cafe(cli)
    path = tmp_path / "partie.xlsx"
    cli.run("game", "export", "--xlsx", str(path), "--game", "1")
    chart = _chart(path)
    assert "<c:lineChart>" in chart and chart.count("<c:ser>") == 2
    # each series: a side's total column of the Deals sheet over the 5 deals, named by the
    # Summary's name cell
    assert "Deals!$S$2:$S$6" in chart and "Deals!$T$2:$T$6" in chart
    assert "Summary!$B$2" in chart and "Summary!$B$3" in chart
    book = load_workbook(path)
    assert book.sheetnames == ["Deals", "Summary"]
    header = [c.value for c in book["Deals"][1]]
    assert header.index("total Les As") == 18 and header.index("total Les Rois") == 19
    totals: list[Any] = [(row[18].value, row[19].value) for row in book["Deals"].iter_rows(2)]
    assert totals == [(224, 58), (728, 58), (728, 58), (890, 138), (890, 550)]
