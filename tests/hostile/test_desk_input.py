"""The registration desk's and the prizes' bad input (issue 21), through the installed command:
each refused in one line naming what is wrong, exit 2, the store unchanged (``Cli.refused``
compares its checksum); a pot larger than the money received is set, with a warning."""

from __future__ import annotations

from pathlib import Path

from tests.harness import Cli, data_checksum


def _concours(cli: Cli, *options: str) -> Cli:
    director = cli.under("tournament")
    director.run("new", "Concours", "--rounds", "2", "--deals", "4", *options)
    director.run("team", "add", "Les As")
    return director


def test_a_negative_fee_or_a_currency_that_is_none_is_refused(hostile: Cli) -> None:
    director = hostile.under("tournament")
    line = director.refused("new", "Concours", "--deals", "4", "--fee", "-20")
    assert line.startswith("error: --fee: an amount cannot be negative")
    assert "'20 balles' is not an amount" in director.refused(
        "new", "Concours", "--deals", "4", "--fee", "20 balles")
    assert "'1e3' is not an amount" in director.refused("new", "C", "--deals", "4", "--fee",
                                                        "1e3")
    assert "more than any amount" in director.refused("new", "C", "--deals", "4", "--fee",
                                                      "99999999999")
    assert director.refused("new", "C", "--deals", "4", "--fee", "5", "--currency",
                            "ZZZ").startswith("error: --currency: 'ZZZ' is not a currency")


def test_a_payment_that_cannot_be_recorded_is_refused(hostile: Cli) -> None:
    director = _concours(hostile, "--fee", "20")
    assert director.refused("checkin", "Les As", "--paid", "20", "--method", "bitcoin") == (
        "error: --method: 'bitcoin' is not a way to pay: cash, cheque, card, transfer")
    assert director.refused("checkin", "Personne", "--paid", "20") == (
        "error: team: no team called 'Personne'")
    # one unknown name among several: nobody is checked in
    assert "no team called" in director.refused("checkin", "Les As", "Zorro", "--paid", "20")
    assert "say why" in director.refused("checkin", "Les As", "--paid", "-20")
    assert "a refund of" in director.refused("checkin", "Les As", "--paid", "-20", "--reason",
                                             "gone")
    assert "other than 0" in director.refused("checkin", "Les As", "--paid", "0")
    long = "x" * 5000  # an echoed value is cut at 80 characters
    line = director.refused("checkin", long)
    assert len(line) < 200 and "…" in line


def test_a_prize_file_with_overlapping_ranks_is_refused(hostile: Cli, tmp_path: Path) -> None:
    director = _concours(hostile)
    lots = tmp_path / "lots.csv"
    lots.write_text("rang;lot\n1;Un jambon\n4-8;Une bouteille\n7;Un canard\n", encoding="utf-8")
    assert director.refused("prizes", "set", str(lots)) == (
        "error: lots.csv: rows 3 and 4 give ranks 4-8 and 7 two prizes: give each rank one; "
        "nothing set")
    lots.write_text("rang;lot\n*;Un jambon\n*;Une bouteille\n", encoding="utf-8")
    assert "two prizes" in director.refused("prizes", "set", str(lots))
    bomb = tmp_path / "lots.yaml"
    bomb.write_text("a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n", encoding="utf-8")
    assert "anchors, aliases and tags" in director.refused("prizes", "set", str(bomb))
    assert "is not a rank" in director.refused("prizes", "add", "premier", "Un jambon")


def test_shares_that_do_not_add_up_to_100_are_said_not_scaled(hostile: Cli) -> None:
    director = _concours(hostile, "--fee", "20")
    assert director.refused("prizes", "pot", "--percent", "60,30") == (
        "error: --percent: the shares add up to 90%, not 100%: give each share so that they "
        "do (none is scaled)")
    assert "not both" in director.refused("prizes", "pot", "--percent", "100", "--of", "fees",
                                          "--amount", "50")


def test_a_pot_larger_than_the_money_received_is_set_with_a_warning(hostile: Cli) -> None:
    director = _concours(hostile, "--fee", "20", "--currency", "EUR")
    director.run("checkin", "Les As", "--paid", "40")
    assert hostile.db is not None
    before = data_checksum(hostile.db)
    ran = director.run("prizes", "pot", "--percent", "60,40", "--amount", "500")
    assert ran.stderr == ("warning: the pot of €500.00 is more than the money received "
                          "(€40.00)\n")
    assert data_checksum(hostile.db) != before  # set all the same: a club may add to it
    assert director.json("prizes")["pot"]["total"] == 50000
