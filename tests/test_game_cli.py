"""``coinche game`` (in process; the play loop in a real process): the sheet, corrections,
refusals that write nothing."""

from __future__ import annotations

import contextlib
import csv
import json
import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinche_cli.rules.loader import load_rules
from tests.deals import valid_deals
from tests.harness import Cli, data_checksum


def test_a_game_from_new_to_the_sheet(cli: Cli) -> None:
    created = cli.json("game", "new", "--team", "Les As", "--team", "Les Rois")
    assert created["sides"] == {"A": "Les As", "B": "Les Rois"}
    added = cli.json("game", "add", "Les As", "100S", "104", "--belote", "A",
                       "--announce", "A:cinquante")
    assert added["deal"] == 1 and added["made"] is True
    assert added["scores"] == {"A": 274, "B": 58} and added["totals"] == {"A": 274, "B": 58}
    assert (added["finished"], added["winner"]) == (False, None)
    assert added["next_dealer"] == "B"
    cli.run("game", "pass")
    # "rois" is a word of "Les Rois": B fails 90♥ coinché: A + (162 + 90) × 2 = 504
    failed = cli.json("game", "add", "rois", "90Hx", "70")
    assert failed["scores"] == {"A": 504, "B": 0} and failed["deal"] == 3
    shown = cli.json("game", "show")
    assert shown["id"] == created["id"] and shown["rules"] == "standard"
    assert [row["number"] for row in shown["deals"]] == [1, 2, 3]
    assert shown["deals"][1]["passed"] is True
    assert shown["totals"] == {"A": 778, "B": 58}
    assert shown["finished"] is True and shown["winner"] == "A"  # 778 ≥ 701
    sheet = cli.run("game", "show").stdout
    assert "Les As" in sheet and "778" in sheet


def test_a_new_game_shows_the_target_dealer_and_deals_it_was_given(cli: Cli) -> None:
    created = cli.json("game", "new", "--team", "Les As", "--team", "Les Rois", "--target",
                       "1000", "--dealer", "B")
    assert (created["target"], created["next_dealer"]) == (1000, "B")
    assert created["to_target"] == {"A": 1000, "B": 1000}
    shown_json = cli.json("game", "show")
    assert created == {k: v for k, v in shown_json.items() if k != "history"}
    shown = cli.run("game", "new", "--deals", "12", "--dealer", "Them").stdout
    assert "first dealer Them" in shown and "to 701" not in shown


def test_refusals_write_nothing(cli: Cli) -> None:
    cli.run("game", "new", "--team", "Les As", "--team", "Les Rois", "--target", "300")
    cli.run("game", "add", "A", "80S", "100")
    assert cli.refused("game", "add", "A", "85S", "100").startswith("error: contract:")
    assert cli.refused("game", "add", "Les", "80S", "100").startswith("error: taker:")
    assert cli.refused("game", "add", "Z", "80S", "100").startswith("error: taker:")
    assert cli.refused("game", "add", "A", "80S", "100", "--game", "99") == (
        "error: no game 99 in this store"
    )
    assert cli.refused("game", "edit", "5", "A", "80S", "100").startswith("error: no deal 5")
    cli.run("game", "add", "A", "80S", "100")  # A 360: over 300
    assert "over" in cli.refused("game", "add", "B", "80S", "100")
    assert "over" in cli.refused("game", "pass")


def test_undo_and_edit_keep_the_history_and_recompute(cli: Cli, store: Path) -> None:
    cli.run("game", "new")
    cli.run("game", "add", "A", "80S", "100")  # A 180, B 62
    cli.run("game", "add", "B", "90H", "100")  # B 190 → 252, A 62 → 242
    cli.run("game", "add", "A", "100S", "110")  # A 210 → 452, B 52 → 304
    edited = cli.json("game", "edit", "1", "B", "80S", "100")  # deal 1: B 180, A 62
    assert edited["totals_before"] == {"A": 452, "B": 304}
    assert edited["totals"] == {"A": 62 + 62 + 210, "B": 180 + 190 + 52}
    shown = cli.json("game", "show")
    assert [row["totals"] for row in shown["deals"]] == [
        {"A": 62, "B": 180}, {"A": 124, "B": 370}, {"A": 334, "B": 422}]
    undone = cli.json("game", "undo")
    assert undone["totals"] == {"A": 124, "B": 370}
    assert len(cli.json("game", "show")["deals"]) == 2
    with sqlite3.connect(store) as connection:
        statuses = connection.execute("SELECT number, status FROM deal ORDER BY id").fetchall()
    assert statuses == [(1, "replaced"), (2, "active"), (3, "removed"), (1, "active")]


def test_games_list_and_use(cli: Cli) -> None:
    first = cli.json("game", "new")["id"]
    second = cli.json("game", "new", "--rules", "club")["id"]
    listed = cli.json("game", "list")
    assert [(g["id"], g["current"]) for g in listed] == [(first, False), (second, True)]
    cli.run("game", "use", str(first))
    assert cli.json("game", "show")["id"] == first
    cli.refused("game", "use", "42")


def test_chien_players_by_name(cli: Cli) -> None:
    cli.run("game", "new", "--rules", "chien", "--player", "Ana", "--player", "Bob",
              "--player", "Cyd")
    # Ana makes 100♠ with 120; Bob 30, Cyd the rest (12): Ana 100, Bob 30, Cyd 12
    added = cli.json("game", "add", "ana", "100S", "120", "--points", "Bob:30")
    assert added["scores"] == {"1": 100, "2": 30, "3": 12}


def test_export_csv_and_xlsx(cli: Cli, tmp_path: Path) -> None:
    from openpyxl import load_workbook

    cli.run("game", "new", "--team", "Léa & Zoé", "--team", "Les Rois")
    cli.run("game", "add", "A", "100S", "104", "--belote", "A", "--announce", "A:cinquante")
    cli.run("game", "pass")
    cli.run("game", "add", "B", "90Hx", "70")
    csv_path, xlsx_path = tmp_path / "game.csv", tmp_path / "game.xlsx"
    cli.run("game", "export", "--csv", str(csv_path), "--xlsx", str(xlsx_path))
    raw = csv_path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # BOM for Excel
    rows = list(csv.DictReader(raw.decode("utf-8-sig").splitlines()))
    assert [r["deal"] for r in rows] == ["1", "2", "3"]
    assert rows[0]["score Léa & Zoé"] == "274" and rows[2]["total Léa & Zoé"] == "778"
    book = load_workbook(xlsx_path)
    assert book.sheetnames == ["Deals", "Summary"]
    deals = book["Deals"]
    assert deals.freeze_panes == "A2" and deals["A1"].font.bold
    header = [c.value for c in deals[1]]
    totals = [row[header.index("total Léa & Zoé")] for row in deals.iter_rows(2, values_only=True)]
    assert totals == [274, 274, 778]  # numbers stored as numbers
    summary = {row[0]: row for row in book["Summary"].iter_rows(2, values_only=True)}
    assert summary["A"][2:5] == (1, 1, 0) and summary["B"][2:5] == (1, 0, 1)


def test_play_loop_reasks_and_saves(cli: Cli, cli_process: Cli) -> None:
    cli.run("game", "new", "--team", "Nous", "--team", "Eux")
    answers = "\n".join([
        "Nous", "100Z", "100S", "104", "A", "A:cinquante",  # 100Z is asked again
        "p",  # everybody passed
        "Eux", "85H", "95", "", "",  # 85 refused after the deal is complete: contract again
        "90H",
        "u",  # undo the 90♥
        "q",
    ]) + "\n"
    result = cli_process.run("game", "play", stdin=answers)
    assert "error: trump: “Z” is not a trump" in result.stdout
    assert "error: contract: 85 is not a bid" in result.stdout
    shown = cli.json("game", "show")
    assert [row["passed"] for row in shown["deals"]] == [False, True]
    assert shown["totals"] == {"A": 274, "B": 58}


@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_undo_restores_the_exact_previous_state(tmp_path_factory: pytest.TempPathFactory,
                                                data: st.DataObject) -> None:
    rules = load_rules("standard")
    db = tmp_path_factory.mktemp("undo") / "c.db"
    cli = Cli(db)
    cli.run("game", "new", "--target", "100000")
    for deal in data.draw(st.lists(valid_deals(rules, 4), max_size=4)):
        cli.run("game", "add", "--deal", json.dumps(deal.to_json()))
    before = cli.json("game", "show")
    checksum = data_checksum(db)
    deal = data.draw(valid_deals(rules, 4))
    cli.run("game", "add", "--deal", json.dumps(deal.to_json()))
    cli.run("game", "undo")
    after = cli.json("game", "show")
    history = after.pop("history")
    assert after == {k: v for k, v in before.items() if k != "history"}
    assert len(history) == len(before["history"]) + 1  # the undone deal stays in the history
    assert history[-1]["status"] == "removed" and history[-1]["deal"] == deal.to_json()
    assert data_checksum(db) != checksum


def test_the_summary_kept_after_each_deal_matches_a_full_replay(cli: Cli, store: Path) -> None:
    """`game add` resumes from the summary stored with the last deal instead of replaying
    the game: after adds, passes, an edit and an undo, every stored summary must equal a
    replay of the deals up to it."""
    from coinche_cli.game import ops as games
    from coinche_cli.game.state import Entry, play
    from coinche_cli.scoring.deal import deal_from_json
    from coinche_cli.store.sqlite import SqliteStore

    cli.run("game", "new", "--target", "1500")
    for words in (["A", "80S", "100"], ["B", "90H", "95", "--belote", "B"], ["A", "100Sx", "70"]):
        cli.run("game", "add", *words)
    cli.run("game", "pass")
    cli.run("game", "add", "B", "120TA", "130", "--announce", "B:tierce")
    cli.run("game", "edit", "2", "A", "110C", "120")
    cli.run("game", "add", "A", "80D", "90")
    cli.run("game", "undo")
    cli.run("game", "add", "B", "80D", "90")
    opened = SqliteStore(store)
    record, _ = games.load(opened, None)
    setup = games.setup_of(record)
    stored = opened.deals(record.id)
    entries = [Entry(d.number, None if d.deal is None else deal_from_json(d.deal),
                     d.recorded) for d in stored]
    for index, row in enumerate(stored):
        assert row.state == play(setup, entries[: index + 1]).summary(), row.number


def test_show_lists_the_history_of_corrections(cli: Cli) -> None:
    cli.run("game", "new")
    cli.run("game", "add", "A", "80S", "100")
    cli.run("game", "add", "B", "90H", "95")
    cli.run("game", "edit", "1", "B", "80S", "100")
    cli.run("game", "undo")
    history = cli.json("game", "show")["history"]
    assert [(h["number"], h["status"]) for h in history] == [(1, "replaced"), (2, "removed")]
    assert history[0]["deal"]["taker"] == "A"
    assert "deal 1 replaced" in cli.run("game", "show", "--history").stdout


def _open_files() -> set[str]:
    found = set()
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):
            found.add(os.readlink(f"/proc/self/fd/{fd}"))
    return found


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="Linux's /proc lists open files")
def test_a_command_closes_the_store_it_opened(cli: Cli, store: Path) -> None:
    # issue 23: every command closes its store, after a refusal or a failure too
    before = _open_files()
    cli.run("game", "new")
    cli.run("game", "add", "A", "80S", "100")
    cli.refused("game", "add", "Z", "80S", "100")
    cli.run("game", "show")
    left = {name for name in _open_files() - before if name.startswith(str(store))}
    assert left == set()
