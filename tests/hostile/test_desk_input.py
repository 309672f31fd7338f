"""The registration desk's and the prizes' bad input (issue 21), through the installed command:
each refused in one line naming what is wrong, exit 2, the store unchanged (``Cli.refused``
compares its checksum); a pot larger than the money received is set, with a warning.  (The
desk's other refusals are checked in process: ``tests/test_desk.py``.)"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest

from tests.harness import Cli, data_checksum, in_subprocess
from tests.hostile.conftest import LIMITS
from tests.pg_server import Server


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


@pytest.mark.both_stores
def test_every_amount_has_the_one_bound_on_both_stores(store_name: Path | str,
                                                       tmp_path: Path) -> None:
    """Issue 33, item 2: a cash prize had no bound (3,000,000,000 cents kept by SQLite,
    refused by PostgreSQL in its own words).  A prize line, a prize file and the pot stop
    where fees and payments do, each refused before the write, naming its field; the bound
    itself is kept, and read back, on both stores."""
    director = Cli(store_name, limits=LIMITS).under("tournament")
    director.run("new", "Concours", "--rounds", "2", "--deals", "4", "--currency", "EUR")
    director.run("team", "add", "Les As")
    for typed in ("30000000 €", "10000000.01", "EUR 99999999999999999999", "3000000000"):
        assert director.refused("prizes", "add", "1", typed) == (
            f"error: prize: “{typed}” is more than any amount of a concours (10000000 at most)")
    lots = tmp_path / "lots.csv"
    lots.write_text("rang;lot\n1;Un jambon\n2;30000000 €\n", encoding="utf-8")
    assert director.refused_rows("prizes", "set", str(lots)) == [
        "1 bad row in lots.csv; nothing set",
        "lots.csv: row 3: prize: “30000000 €” is more than any amount of a concours (10000000 at "
        "most)"]
    assert director.refused("prizes", "pot", "--percent", "100", "--amount",
                            "10000000.01") == (
        "error: --amount: “10000000.01” is more than any amount of a concours (10000000 at "
        "most)")
    # at the bound: kept, and read back as typed on both stores
    director.run("prizes", "add", "1", "10000000 €")
    director.run("prizes", "pot", "--percent", "100", "--amount", "10000000")
    prizes = director.json("prizes")
    assert prizes["lines"] == [{"ranks": "1", "prize": None, "amount": 10**9}]
    assert prizes["pot"]["total"] == 10**9


def test_a_store_at_the_bound_goes_to_postgresql_and_one_over_it_is_refused(
        tmp_path: Path, pg_server: Server) -> None:
    """A SQLite store holding the largest amounts copies to PostgreSQL whole; one written
    before prizes had a bound (3,000,000,000 cents) is refused in one line, the server's
    database unchanged."""
    lite = tmp_path / "desk.db"
    director = Cli(lite, limits=LIMITS).under("tournament")
    director.run("new", "Concours", "--rounds", "2", "--deals", "4", "--fee", "10000000",
                 "--currency", "EUR")
    director.run("team", "add", "Les As")
    director.run("checkin", "Les As", "--paid", "10000000")
    director.run("prizes", "add", "1", "10000000 €")
    director.run("prizes", "pot", "--percent", "100", "--amount", "10000000")
    server = pg_server.new_database()
    ran = in_subprocess(("store", "copy", str(lite), server))
    assert ran.code == 0, ran.report()
    assert Cli(server).under("tournament").json("prizes") == director.json("prizes")
    with contextlib.closing(sqlite3.connect(lite)) as db:
        db.execute("UPDATE prize SET amount = 3000000000")
        db.commit()
    other = pg_server.new_database()
    before = data_checksum(other)
    ran = in_subprocess(("store", "copy", str(lite), other))
    assert ran.code == 2 and ran.stderr == (
        f"error: source: {lite}: the prize table holds an amount of 3000000000 cents, more "
        "than any amount of a concours (10000000 at most): change it there first; nothing "
        "was copied\n"), ran.report()
    assert data_checksum(other) == before
