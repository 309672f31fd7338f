"""The registration desk's and the prizes' bad input (issue 21), through the installed command:
each refused in one line naming what is wrong, exit 2, the store unchanged (``Cli.refused``
compares its checksum); a pot larger than the money received is set, with a warning.  (The
desk's other refusals are checked in process: ``tests/test_desk.py``.)"""

from __future__ import annotations

from pathlib import Path

from tests.harness import Cli, data_checksum


def test_a_negative_fee_or_an_unknown_currency_is_refused(hostile: Cli) -> None:
    director = hostile.under("tournament")
    line = director.refused("new", "Concours", "--deals", "4", "--fee", "-20")
    assert line.startswith("error: --fee: an amount cannot be negative")
    assert director.refused("new", "C", "--deals", "4", "--fee", "5", "--currency",
                            "ZZZ").startswith("error: --currency: “ZZZ” is not a currency")


def test_bad_payments_prize_lists_and_pots(hostile: Cli, tmp_path: Path) -> None:
    director = hostile.under("tournament")
    director.run("new", "Concours", "--rounds", "2", "--deals", "4", "--fee", "20",
                 "--currency", "EUR")
    director.run("team", "add", "Les As")
    assert director.refused("checkin", "Les As", "--paid", "20", "--method", "bitcoin") == (
        "error: --method: “bitcoin” is not a way to pay: cash, cheque, card, transfer")
    assert director.refused("checkin", "Personne", "--paid", "20") == (
        "error: team: no team called “Personne”")
    lots = tmp_path / "lots.csv"
    lots.write_text("rang;lot\n1;Un jambon\n4-8;Une bouteille\n7;Un canard\n", encoding="utf-8")
    assert director.refused("prizes", "set", str(lots)) == (
        "error: lots.csv: rows 3 and 4 give ranks 4-8 and 7 two prizes: give each rank one; "
        "nothing set")
    # a YAML file that grows huge, or nests past the reader's recursion: refused unread
    bomb = tmp_path / "lots.yaml"
    bomb.write_text("a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n", encoding="utf-8")
    assert "anchors, aliases and tags" in director.refused("prizes", "set", str(bomb))
    bomb.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert "nested deeper" in director.refused("prizes", "set", str(bomb))
    assert director.refused("prizes", "pot", "--percent", "60,30") == (
        "error: --percent: the shares add up to 90%, not 100%: give each share so that they "
        "do (none is scaled)")
    # a pot larger than the money received: set all the same (a club may add to it), warned
    director.run("checkin", "Les As", "--paid", "40")
    assert hostile.db is not None
    before = data_checksum(hostile.db)
    ran = director.run("prizes", "pot", "--percent", "60,40", "--amount", "500")
    assert ran.stderr == ("warning: the pot of €500.00 is more than the money received "
                          "(€40.00)\nwarning: rank 2: no entrant will reach it\n")
    assert data_checksum(hostile.db) != before
