"""Issue 21: the registration desk, the treasurer's total and the prizes, in process.

What a team owes (``coinche_cli.tournament.desk`` states the rule), check-in and its undo,
``--require-checkin`` pairing only who came, the prize list's ties and the pot's rounding,
prize files in every format, the workbook's Fees and Prizes sheets, a store copy, the live
page's posters and prize list; and a concours that uses none of it, stored and exported as
before.  Every amount is worked out here by hand, in cents.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.conftest import Concours
from tests.harness import Cli
from tests.live_server import LiveServer

FEE = 2000  # cents: an entry fee of 20


def test_a_concours_without_the_desk_is_stored_and_exported_as_before(
        concours: Concours, cli: Cli, tmp_path: Path) -> None:
    import openpyxl

    t = concours(4, pair=True)
    settings = t.json("new", "Autre", "--deals", "4")["settings"]
    assert set(settings) == {"rounds", "deals", "target", "ranking", "bye_points", "bye_win",
                             "match_points", "tie_breaks", "seed", "same_club",
                             "highest_deal"}
    t.run("use", "Concours")
    t.run("export", str(tmp_path / "out.xlsx"), "--csv", str(tmp_path / "csv"))
    assert openpyxl.load_workbook(tmp_path / "out.xlsx").sheetnames == [
        "Standings", "Teams", "Round 1", "Penalties", "History"]
    assert sorted(p.name for p in (tmp_path / "csv").iterdir()) == [
        "history.csv", "penalties.csv", "round-1.csv", "standings.csv", "teams.csv"]


@pytest.mark.both_stores
def test_what_each_team_owes(concours: Concours) -> None:
    t = concours(["Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix"], "--fee",
                 "20,50")
    # the fee as typed, in cents; without --require-checkin every registered team is liable
    assert t.json("fees")["fee"] == 2050 and t.json("fees")["expected"] == 5 * 2050
    first = t.json("checkin", "Les As", "--paid", "20.50")
    # one view whatever the flags: the desk as it now stands, and what was done
    assert set(first) == set(t.json("checkin", "--list"))
    assert t.json("checkin", "--list")["done"] == []
    assert first["done"][0]["paid"] == 2050 and first["done"][0]["arrived"] is not None
    assert first["rows"][0] == {"team": "Les As", "status": "present",
                                "arrived": first["done"][0]["arrived"], "paid": 2050,
                                "owed": 0}
    # a payment on top of a check-in: the team has come already
    assert t.json("checkin", "Rois", "--paid", "10", "--method", "cheque")["done"][0]["arrived"]
    again = t.json("checkin", "Rois", "--paid", "15")
    assert again["done"][0]["arrived"] is None and "more than the entry fee" in t.last.stderr
    assert t.refused("checkin", "Rois").endswith("(--paid AMOUNT records a payment)")
    # a team that leaves before playing, never checked in: nothing is expected of it
    t.run("team", "drop", "Les Dix")
    # an undo takes the check-in back, with the payment it recorded
    t.run("checkin", "Dames", "--paid", "20.50", "--method", "card")
    undone = t.json("checkin", "Dames", "--undo")
    assert undone["done"][0]["undone"] and undone["done"][0]["taken_back"] == 2050
    assert t.refused("checkin", "Dames", "--undo") == "error: Les Dames has not checked in"
    # a refund: money given back, with its reason; never more than was paid
    assert "a refund of" in t.refused("checkin", "As", "--paid", "-25", "--reason", "x")
    t.run("checkin", "As", "--paid", "-5.50", "--reason", "a member's discount")
    fees = t.json("fees")
    # by hand: liable As, Rois, Dames (registered, not left), Valets; Dix left unplayed.
    # As: 2050 paid, 550 back (expected 2050 - 550 = 1500); Rois paid 2500 (owes nothing)
    assert fees["expected"] == (2050 - 550) + 3 * 2050
    assert fees["received"] == 2050 + 1000 + 1500
    assert fees["received_by_method"] == {"cash": 2050 + 1500, "cheque": 1000, "card": 0,
                                          "transfer": 0}
    assert fees["refunded"] == 550
    assert fees["owed_by"] == [{"team": "Les Dames", "amount": 2050},
                               {"team": "Les Valets", "amount": 2050}]
    assert fees["owed"] == 4100 and fees["balance"] == 2050 + 1000 + 1500 - 550
    listing = t.json("checkin", "--list")
    assert [(r["team"], r["status"], r["paid"], r["owed"]) for r in listing["rows"]] == [
        ("Les As", "present", 1500, 0), ("Les Rois", "present", 2500, 0),
        ("Les Dames", "absent", 0, 2050), ("Les Valets", "absent", 0, 2050),
        ("Les Dix", "left", 0, 0)]
    # once paired, a check-in is no longer undone: a team that leaves is dropped
    t.run("checkin", "Dames", "Valets")
    t.run("pair")
    assert "has been paired already" in t.refused("checkin", "Valets", "--undo")


def test_require_checkin_pairs_only_who_came_and_a_late_team_from_the_next_round(
        concours: Concours) -> None:
    t = concours(["Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix"],
                 "--require-checkin", rounds=3)
    assert t.json("fees")["fee"] is None  # check-in without an entry fee
    assert "no entry fee" in t.refused("checkin", "As", "--paid", "20")
    t.run("checkin", "As", "Rois", "Dames", "Valets")
    paired = t.run("pair", "--json")
    assert "left out of round 1: Les Dix" in paired.stderr
    round1 = json.loads(paired.stdout)
    assert sorted(n for table in round1["tables"] for n in table["teams"]) == [
        "Les As", "Les Dames", "Les Rois", "Les Valets"]
    assert "(paired from round 2)" in t.run("checkin", "Dix").stdout
    for table in round1["tables"]:
        t.run("result", str(table["table"]), "500", "400")
    round2 = t.json("pair")
    assert "Les Dix" in {n for table in round2["tables"] for n in table["teams"]}
    assert round2["bye"] != "Les Dix"  # its first round: another team takes the bye


def test_prizes_in_kind_go_by_place_and_cash_is_shared_only_between_teams_left_tied() -> None:
    from coinche_cli.tournament.prizes import PrizeLine, award, line, shares

    lines = [line("1", "Un jambon"), line("2-3", "Une bouteille"), line("*", "Un saucisson"),
             line("4", "50 €")]
    assert lines[3] == PrizeLine(4, 4, "", 5000)
    # a pot of 305.00 at 60/30/10: 183.00, 91.00 and 30.00 (whole units), 1.00 left
    assert shares(30500, (60, 30, 10)) == ([18300, 9100, 3000], 100)
    pot = [18300, 9100, 3000]
    # 2nd and 3rd tied under the ranking rule: (9100 + 3000) / 2 each; in kind, by place
    awards, left = award([("A", 1), ("B", 2), ("C", 2), ("D", 4), ("E", 5)], lines, pot)
    assert [(a.place, a.name, a.prize, a.amount, a.tied) for a in awards] == [
        (1, "A", "Un jambon", 18300, False), (2, "B", "Une bouteille", 6050, True),
        (2, "C", "Une bouteille", 6050, True), (4, "D", None, 5000, False),
        (5, "E", "Un saucisson", 0, False)]
    assert left == 0
    # three tied for 1st share 18300 + 9100 + 3000 = 30400: 10133 each, a cent left over
    awards, left = award([("A", 1), ("B", 1), ("C", 1)], [], pot)
    assert [a.amount for a in awards] == [10133] * 3 and left == 1
    # a tie-break that separates them: no sharing; the third place's share reaches nobody
    # and is left over, not lost
    awards, left = award([("A", 1), ("B", 2)], [], pot)
    assert [a.amount for a in awards] == [18300, 9100] and left == 3000


def test_a_prize_list_from_csv_xlsx_or_yaml(cli: Cli, concours: Concours,
                                            tmp_path: Path) -> None:
    import openpyxl

    t = concours(3)
    csv_file = tmp_path / "lots.csv"
    csv_file.write_text("1;Un jambon\n2-3;Une bouteille\n*;100 €\n", encoding="utf-8")
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in (["Rang", "Lot"], [1, "Un jambon"], ["2-3", "Une bouteille"], ["*", "100 €"]):
        sheet.append(row)
    book.save(tmp_path / "lots.xlsx")
    (tmp_path / "lots.yaml").write_text('1: Un jambon\n"2-3": Une bouteille\n"*": 100 €\n',
                                        encoding="utf-8")
    (tmp_path / "list.yml").write_text("- {rank: 1, prize: Un jambon}\n"
                                       "- {rang: 2-3, lot: Une bouteille}\n"
                                       "- {rank: '*', prize: '100 €'}\n", encoding="utf-8")
    expected = [{"ranks": "1", "prize": "Un jambon", "amount": None},
                {"ranks": "2-3", "prize": "Une bouteille", "amount": None},
                {"ranks": "*", "prize": None, "amount": 10000}]
    for name in ("lots.csv", "lots.xlsx", "lots.yaml", "list.yml"):
        t.run("prizes", "set", str(tmp_path / name))
        assert t.json("prizes")["lines"] == expected, name
    t.run("prizes", "remove", "2-3")
    t.run("prizes", "add", "2", "Une épaule")
    assert [one["ranks"] for one in t.json("prizes")["lines"]] == ["1", "*", "2"]
    assert "overlap" in t.refused("prizes", "add", "1-2", "Un canard")


def test_the_workbook_has_the_fees_and_the_prizes(concours: Concours, tmp_path: Path) -> None:
    import openpyxl

    t = concours(["Les As", "Les Rois"], "--fee", "20", "--currency", "EUR", rounds=1,
                 pair=True)
    t.run("checkin", "As", "--paid", "20")
    t.run("checkin", "Rois", "--paid", "20", "--method", "cheque")
    t.run("result", "1", "600", "500")
    t.run("prizes", "add", "1", "Un jambon")
    t.run("prizes", "pot", "--percent", "100", "--amount", "25")
    t.run("export", str(tmp_path / "out.xlsx"), "--csv", str(tmp_path / "csv"))
    book = openpyxl.load_workbook(tmp_path / "out.xlsx")
    assert book.sheetnames[-2:] == ["Fees", "Prizes"]
    fees = [[c.value for c in row] for row in book["Fees"].iter_rows()]
    assert fees[0][:5] == ["entrant", "status", "arrived", "fee due (EUR)", "paid (EUR)"]
    assert [row[0] for row in fees[1:4]] == ["Les As", "Les Rois", "Total"]
    assert fees[3][3:7] == [40, 40, 0, 0]  # due, paid, refunded, owed: whole euros
    summary = {row[0]: row[4] for row in fees[4:]}
    assert summary["received: cheque"] == 20 and summary["prizes paid out"] == 25
    # the balance, and where it is: the 25 of prizes handed out in cash from a box that took
    # 20 in cash (the box is 5 short), the cheque of 20 in the box beside it
    assert summary["balance, box and bank"] == 40 - 25
    assert summary["in the cash box: cash"] == 20 - 25
    assert summary["in the cash box: cheques"] == 20
    assert summary["at the bank: card and transfer"] == 0
    prizes = [[c.value for c in row] for row in book["Prizes"].iter_rows()]
    assert prizes[1] == [1, "Les As", "Un jambon", 25]
    assert prizes[-1][1:] == ["remainder", None, 0]
    assert {"fees.csv", "prizes.csv"} <= {p.name for p in (tmp_path / "csv").iterdir()}


@pytest.mark.both_stores
def test_a_copy_keeps_the_desk(concours: Concours, cli: Cli, tmp_path: Path) -> None:
    t = concours(["Les As", "Les Rois", "Les Dames"], "--fee", "15", "--require-checkin")
    t.run("checkin", "As", "Rois", "--paid", "15")
    t.run("checkin", "Rois", "--paid", "-15", "--reason", "left early")
    t.run("prizes", "add", "*", "Un saucisson")
    t.run("prizes", "pot", "--percent", "70,30")
    copy = tmp_path / "copie.db"
    report = cli.json("store", "copy", str(cli.db), str(copy))
    assert {report["rows"][k] for k in ("checkin", "payment", "prize", "prize_pot")} == {1, 2, 3}
    copied = Cli(copy).under("tournament")
    for view in (("fees",), ("prizes",), ("checkin", "--list")):
        assert copied.json(*view) == t.json(*view), view


def test_a_melee_checks_its_players_in(cli: Cli) -> None:
    t = cli.under("tournament")
    t.run("new", "Mêlée", "--format", "melee", "--deals", "4", "--fee", "8", "--currency",
          "chf", "--require-checkin")
    for name in ("Ana", "Bob", "Cyd", "Dan", "Eve"):
        t.run("player", "add", name)
    t.run("checkin", "Ana", "Bob", "Cyd", "--paid", "8")
    fees = t.json("fees")
    assert fees["currency"] == "CHF" and fees["owed_by"] == []  # Dan and Eve have not come
    assert fees["expected"] == fees["received"] == 3 * 800
    assert [r["player"] for r in t.json("checkin", "--list")["rows"]] == [
        "Ana", "Bob", "Cyd", "Dan", "Eve"]
    assert t.refused("checkin", "Zoé").startswith("error: player: no player called")


def test_the_locale_chooses_the_currency() -> None:
    from coinche_cli.tournament.money import locale_currency, parse_amount

    assert locale_currency({"LANG": "fr_FR.UTF-8"}) == "EUR"
    assert locale_currency({"LC_ALL": "fr_CH.UTF-8", "LANG": "fr_FR.UTF-8"}) == "CHF"
    assert locale_currency({"LANG": "en_CA.UTF-8"}) == "CAD"
    assert locale_currency({"LANG": "C.UTF-8"}) == "EUR"
    assert [parse_amount(text, "--fee") for text in ("20", "20,5", "20.05", "0")] == [
        2000, 2050, 2005, 0]


def test_the_live_page_prints_posters_and_shows_the_prizes_once_the_last_round_is_done(
        concours: Concours, cli: Cli, tmp_path: Path) -> None:
    t = concours(["Les As", "<b>Les Rois</b>", "Les Dames", "Les Valets"], "--fee", "10",
                 rounds=1, pair=True)
    t.run("prizes", "add", "1", "Un jambon")
    assert cli.db is not None
    live = LiveServer(cli.db, cwd=tmp_path)
    try:
        assert 'data-part="prizes"' not in live.get("/").text  # not before the last round
        page = live.get("/print/pairings")
        assert page.status == 200
        policy = page.headers["content-security-policy"]
        assert "style-src 'sha256-" in policy and "script-src" not in policy
        assert "&lt;b&gt;Les Rois&lt;/b&gt;" in page.text and "<b>" not in page.text
        assert live.get("/print/standings").status == 200
        assert live.get("/print/anything").status == 404
        t.run("result", "1", "700", "300")
        t.run("result", "2", "650", "350")
        deadline = time.monotonic() + 5
        while 'data-part="prizes"' not in live.get("/").text and time.monotonic() < deadline:
            time.sleep(0.1)
        projector = live.get("/").text
        assert 'data-part="prizes"' in projector and "Un jambon" in projector
        assert "Un jambon" in live.get("/print/prizes").text
    finally:
        _out, err = live.stop()
    assert "Traceback" not in err, err


def test_a_melees_prizes_go_to_its_players(cli: Cli, store: Path) -> None:
    """Per player, from the standings per player.  The partie's pairs are stored as the draw
    stores them (``store.add_pairs``): the draw itself is not what is tested here."""
    from coinche_cli.store.sqlite import SqliteStore
    from coinche_cli.tournament.board import Board
    from coinche_cli.tournament.found import load
    from coinche_cli.tournament.model import Round, Team

    t = cli.under("tournament")
    t.run("new", "Mêlée", "--format", "melee", "--rounds", "1", "--deals", "4", "--fee", "5",
          "--currency", "EUR")
    for name in ("Ana", "Bob", "Cyd", "Dan"):
        t.run("player", "add", name)
    t.run("checkin", "Ana", "Bob", "Cyd", "Dan", "--paid", "5")
    t.run("prizes", "add", "1-2", "Une bouteille")
    t.run("prizes", "pot", "--percent", "50,30,20")
    sqlite = SqliteStore(store)
    try:
        found = load(sqlite, None)
        ana, bob, cyd, dan = (p.id for p in found.players)
        with sqlite.write():
            ids = sqlite.add_pairs(found.id, 1, [
                Team(0, "Ana & Cyd", ("Ana", "Cyd"), registered=1, joined_round=1,
                     members=(ana, cyd)),
                Team(0, "Bob & Dan", ("Bob", "Dan"), registered=2, joined_round=1,
                     members=(bob, dan))])
            board = Board(1, ids[0], ids[1])
            sqlite.add_round(found.id, Round(1, (board,)), "t1")
            sqlite.set_results(found.id, 1, [board.with_result(600, 400, winner=ids[0])], "t2")
    finally:
        sqlite.close()
    prizes = t.json("prizes")
    # by hand: a pot of 4 × 5 € = 20 €: 10, 6, 4; Ana and Cyd tied 1st share 10 + 6,
    # Bob and Dan tied 3rd share 4 + 0; a bottle for each of places 1 and 2
    assert prizes["final"] and prizes["rows"] == [
        {"rank": rank, "player": name, "prize": prize, "amount": amount, "tied": True,
         "to_decide": False, "decided": False, "owed": 0}
        for rank, name, prize, amount in [(1, "Ana", "Une bouteille", 800),
                                          (1, "Cyd", "Une bouteille", 800),
                                          (3, "Bob", None, 200), (3, "Dan", None, 200)]]
    assert t.json("fees")["prizes_paid"] == 2000


def test_the_desks_other_refusals(concours: Concours, tmp_path: Path) -> None:
    """Each refused in one line, the store unchanged (``Cli.refused``)."""
    t = concours(["Les As", "Les Rois"], "--fee", "20")
    assert "“20 balles” is not an amount" in t.refused("new", "C", "--deals", "4", "--fee",
                                                       "20 balles")
    assert "“1e3” is not an amount" in t.refused("new", "C", "--deals", "4", "--fee", "1e3")
    assert "more than any amount" in t.refused("new", "C", "--deals", "4", "--fee",
                                               "99999999999")
    t.run("checkin", "Les As", "--paid", "20")
    # one unknown name among several: nobody is checked in
    assert "no team called “Zorro”" in t.refused("checkin", "Rois", "Zorro", "--paid", "20")
    assert "is named twice" in t.refused("checkin", "Rois", "rois")
    assert "say why" in t.refused("checkin", "Les As", "--paid", "-20")
    assert "other than 0" in t.refused("checkin", "Les As", "--paid", "0")
    assert "give no --paid" in t.refused("checkin", "Les As", "--undo", "--paid", "20")
    assert "--list shows" in t.refused("checkin", "Les As", "--list")
    line = t.refused("checkin", "x" * 5000)  # an echoed value is cut at 80 characters
    assert len(line) < 200 and "…" in line
    lots = tmp_path / "lots.csv"
    lots.write_text("*;Un jambon\n*;Une bouteille\n", encoding="utf-8")
    assert "two prizes" in t.refused("prizes", "set", str(lots))
    lots.write_text("rang;lot\npremier;Un jambon\n2;\n", encoding="utf-8")
    assert t.refused_rows("prizes", "set", str(lots)) == [
        "2 bad rows in lots.csv; nothing set",
        "lots.csv: row 2: rank: “premier” is not a rank: give 3, a range such as 5-8, or * "
        "for every remaining team",
        "lots.csv: row 3: prize: say what the prize is"]
    assert "the first one first" in t.refused("prizes", "add", "8-5", "Un jambon")
    assert "no prize is given to ranks" in t.refused("prizes", "remove", "3")
    assert "not both" in t.refused("prizes", "pot", "--percent", "100", "--of", "fees",
                                   "--amount", "50")
    assert "--percent 60,30,10" in t.refused("prizes", "pot")
    assert "a poster shows" in t.refused("poster", "menu", str(tmp_path / "menu.html"))
    assert "not an .html file" in t.refused("poster", "standings", str(tmp_path / "s.pdf"))
