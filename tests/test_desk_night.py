"""Issue 32's desk, as a club night ran it: a mêlée and a concours whose desk checks no one in
(who played is present), the cash box by method (what the box holds beside what was
received), the desk's words in French (the methods typed as a French desk types them, counts
that agree with their number, words that need no agreement with a gender); and issue 33's
undo after a refund.  In process, through the command; every amount worked out by hand, in
cents.  (The undo's refusals through the installed command, the store compared:
``tests/hostile/test_desk_undo.py``.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Concours
from tests.harness import Cli, data_checksum

PLAYERS = ["Ana", "Bob", "Cyd", "Dan", "Éva", "Fred", "Gus", "Hana", "Ivo"]


def fr(text: str) -> str:
    """French as printed: a no-break space before « : », « ; » and the euro sign, and inside
    the quotation marks."""
    for typed, printed in ((" :", "\u00a0:"), (" ;", "\u00a0;"), (" €", "\u00a0€"),
                           ("« ", "«\u00a0"), (" »", "\u00a0»")):
        text = text.replace(typed, printed)
    return text


def refused_in_french(french: Cli, *args: str) -> str:
    """``Cli.refused`` in French: exit 2, one line, the store unchanged; the line."""
    assert french.db is not None
    before = data_checksum(french.db)
    lines = french.run(*args, code=2).stderr.splitlines()
    assert len(lines) == 1 and data_checksum(french.db) == before, lines
    return lines[0]


def play_round(director: Cli) -> dict[str, Any]:
    """Pair the next round and enter a result at every table."""
    shown: dict[str, Any] = director.json("pair")
    for table in shown["tables"]:
        director.run("result", str(table["table"]), "500", "300")
    return shown


def test_a_melee_without_checkin_lists_who_played_as_present(cli: Cli, tmp_path: Path) -> None:
    import openpyxl

    director = cli.under("tournament")
    director.run("new", "Mêlée", "--format", "melee", "--rounds", "3", "--deals", "4",
                 "--seed", "3", "--fee", "5", "--currency", "EUR")
    for name in PLAYERS:
        director.run("player", "add", name)
    sat_out = set()
    for _partie in range(2):
        sat_out |= set(play_round(director)["sitting_out"])
    assert sat_out  # 9 players: one sits out each partie, and is present all the same
    director.run("player", "add", "Jules")  # came late: not drawn yet
    director.run("player", "add", "Zoé")
    director.run("player", "drop", "Zoé")  # registered, never came, left
    listing = director.json("checkin", "--list")
    assert [(row["player"], row["status"], row["arrived"]) for row in listing["rows"]] == [
        *((name, "present", None) for name in PLAYERS), ("Jules", "absent", None),
        ("Zoé", "left", None)]
    assert (listing["present"], listing["absent"]) == (9, 1)
    assert director.json("fees")["present"] == 9
    french = cli.under("--lang", "fr", "tournament")
    last = french.run("checkin", "--list").stdout.splitlines()[-1]
    assert last == fr("9 présents, 1 absent ; 0 a tout payé ; dû : 50,00 €")
    # the Caisse sheet says the same
    french.run("export", str(tmp_path / "melee.xlsx"))
    sheet = openpyxl.load_workbook(tmp_path / "melee.xlsx")["Caisse"]
    statuses = {row[0]: row[1] for row in sheet.iter_rows(min_row=2, max_row=12,
                                                          values_only=True)}
    assert statuses == {**dict.fromkeys(PLAYERS, "présent"), "Jules": "absent",
                        "Zoé": "a quitté"}


def test_a_concours_without_checkin_lists_the_teams_that_played_as_present(
        concours: Concours) -> None:
    teams = ["Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix"]
    t = concours(teams, "--fee", "20", rounds=2)
    shown = play_round(t)
    listing = t.json("checkin", "--list")
    # the bye played too (it scored the bye's points): present
    assert shown["bye"] is not None and listing["present"] == 5
    assert {row["team"]: row["status"] for row in listing["rows"]} == dict.fromkeys(
        teams, "present")


def test_the_cash_box_holds_the_cash_and_the_cheques_beside_what_was_received(
        cli: Cli, concours: Concours, tmp_path: Path) -> None:
    import openpyxl

    t = concours(["Les As", "Les Rois", "Les Dames", "Les Valets"], "--fee", "20",
                 "--currency", "EUR", rounds=1)
    # a French desk's words, any case, with or without accents; the English ones too
    t.run("checkin", "Les As", "--paid", "20", "--method", "Espèces")
    t.run("checkin", "Les Rois", "--paid", "20", "--method", "cheque")
    t.run("checkin", "Les Dames", "--paid", "20", "--method", "CARTE")
    t.run("checkin", "Les Valets", "--paid", "20", "--method", "virement")
    t.run("checkin", "Les Dames", "--paid", "-5", "--method", "especes", "--reason", "membre")
    fees = t.json("fees")
    assert fees["received_by_method"] == {"cash": 2000, "cheque": 2000, "card": 2000,
                                          "transfer": 2000}
    # by hand, before the prizes: 20 - 5 in cash in the box, the cheque beside it, the card
    # and the transfer at the bank; the three add up to the balance
    assert (fees["balance"], fees["box_cash"], fees["box_cheques"], fees["bank"]) == (
        7500, 1500, 2000, 4000)
    t.run("prizes", "pot", "--percent", "60,40")
    play_round(t)
    fees = t.json("fees")
    # the pot of 75.00 shared 45 / 30, all handed out in cash: the box took 15.00 in cash,
    # so it is 60.00 short (the card and transfer money is at the bank, not in the box)
    assert fees["prizes_paid"] == 7500 and fees["balance"] == 0
    assert (fees["box_cash"], fees["box_cheques"], fees["bank"]) == (-6000, 2000, 4000)
    french = cli.under("--lang", "fr", "tournament")
    assert french.run("fees").stdout.splitlines()[-6:] == [fr(line) for line in (
        "prix versés                    75,00 €",
        "solde, caisse et banque         0,00 €",
        "dans la caisse",
        "  espèces manquantes           60,00 €",
        "  chèques                      20,00 €",
        "à la banque (carte, virement)  40,00 €")]
    french.run("export", str(tmp_path / "caisse.xlsx"))
    sheet = openpyxl.load_workbook(tmp_path / "caisse.xlsx")["Caisse"]
    summary = {row[0]: row[4] for row in sheet.iter_rows(min_row=6, values_only=True)}
    expected = {"reçu": 80, "solde, caisse et banque": 0, "dans la caisse : espèces": -60,
                "dans la caisse : chèques": 20, "à la banque : carte et virement": 40}
    assert {key: summary[fr(key)] for key in expected} == expected


def test_a_refund_by_cheque_beyond_the_cheques_received_is_a_cheque_from_the_bank(
        concours: Concours) -> None:
    t = concours(["Les As"], "--fee", "20", rounds=1)
    t.run("checkin", "Les As", "--paid", "20")
    t.run("checkin", "Les As", "--paid", "-20", "--method", "chèque", "--reason", "forfait")
    fees = t.json("fees")
    # no cheque was in the box to hand back: the club wrote one; the cash stays in the box
    assert (fees["balance"], fees["box_cash"], fees["box_cheques"], fees["bank"]) == (
        0, 2000, 0, -2000)


def test_the_desks_words_in_french(cli: Cli, concours: Concours) -> None:
    t = concours(["Les As", "Les Rois"], "--fee", "20", "--currency", "EUR",
                 "--require-checkin", rounds=2)
    french = cli.under("--lang", "fr", "tournament")
    # the methods listed in the language in force
    assert refused_in_french(french, "checkin", "Les As", "--paid", "20", "--method",
                             "bitcoin") == fr(
        "erreur : --method : « bitcoin » n'est pas un moyen de paiement : espèces, chèque, "
        "carte, virement")
    assert t.refused("checkin", "Les As", "--paid", "20", "--method", "bitcoin") == (
        "error: --method: “bitcoin” is not a way to pay: cash, cheque, card, transfer")
    came = french.run("checkin", "Les As", "--paid", "20", "--method", "chèque").stdout
    assert came.startswith(fr("Les As : arrivée à "))
    # a refund refused in a whole sentence
    assert refused_in_french(french, "checkin", "Les As", "--paid", "-25", "--reason",
                             "x") == fr("erreur : Les As a payé 20,00 € : un remboursement de "
                                        "25,00 € rendrait plus que cette somme")
    assert t.refused("checkin", "Les As", "--paid", "-25", "--reason", "x") == (
        "error: Les As has paid €20.00: a refund of €25.00 would give back more than that")
    # words that need no agreement: coinche does not know who is a man or a woman
    assert refused_in_french(french, "checkin", "Les As").startswith(
        fr("erreur : l'arrivée de Les As est déjà notée à "))
    assert refused_in_french(french, "checkin", "Les Rois", "--undo") == fr(
        "erreur : aucun pointage pour Les Rois")
    refund = french.run("checkin", "Les As", "--paid", "-5", "--reason", "membre").stdout
    assert refund == fr("Les As : remboursement de 5,00 € (espèces) : membre\n")
    # each count agrees with its number (Les As, refunded 5, is expected to pay 15: paid in
    # full; Les Rois has not come and owes nothing yet)
    assert french.run("checkin", "--list").stdout.splitlines()[-1] == fr(
        "1 présent, 1 absent ; 1 a tout payé ; dû : 0,00 €")
    french.run("checkin", "Les Rois", "--paid", "20")
    assert french.run("checkin", "--list").stdout.splitlines()[-1] == fr(
        "2 présents, 0 absent ; 2 ont tout payé ; dû : 0,00 €")


@pytest.mark.both_stores
def test_an_undo_after_a_refund_takes_the_refund_back_too(cli: Cli) -> None:
    """Issue 33, item 1: an undo takes back the check-in with every payment and refund
    recorded since; the box never goes negative through it."""
    t = cli.under("tournament")
    t.run("new", "D", "--rounds", "2", "--deals", "4", "--fee", "20", "--currency", "EUR")
    t.run("team", "add", "TA")
    t.run("team", "add", "TB")
    t.run("checkin", "TB", "--paid", "20", "--method", "card")
    before = t.json("fees")
    t.run("checkin", "TA", "--paid", "20")
    t.run("checkin", "TA", "--paid", "-15", "--reason", "part")
    assert t.run("checkin", "TA", "--undo").stdout == (
        "TA: check-in undone, with the payment or refund recorded since: €5.00 taken back in "
        "all\n")
    # the books as they were before TA came: TB's card payment alone
    assert t.json("fees") == before
    assert before["balance"] == before["bank"] == 2000 and before["refunded"] == 0
    assert t.json("checkin", "--list")["rows"][0] == {
        "team": "TA", "status": "absent", "arrived": None, "paid": 0, "owed": 2000}
    # a payment on top of the check-in goes too, and the JSON says what was taken back
    t.run("checkin", "TA", "--paid", "10", "--method", "chèque")
    t.run("checkin", "TA", "--paid", "10")
    t.run("checkin", "TA", "--paid", "-5", "--reason", "membre")
    done = t.json("checkin", "TA", "--undo")["done"]
    assert [(d["undone"], d["taken_back"]) for d in done] == [(True, 1500)]
    assert t.json("fees") == before
    # a check-in with nothing recorded since: as before
    t.run("checkin", "TA", "--paid", "20")
    assert t.run("checkin", "TA", "--undo").stdout == (
        "TA: check-in undone, and the €20.00 it recorded taken back\n")
