"""Issue 33, item 1: ``checkin --undo`` after a refund, through the installed command on both
backends.  The undo takes back the check-in with the payment it recorded and every payment
and refund recorded since, so the box never goes negative through it; what an undo cannot do
is refused in one line, exit 2, the store unchanged (``Cli.refused`` compares its checksum)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness import Cli, data_checksum
from tests.hostile.conftest import LIMITS


@pytest.mark.both_stores
def test_an_undo_after_a_refund_leaves_nothing_of_it(store_name: Path | str) -> None:
    director = Cli(store_name, process=True, limits=LIMITS).under("tournament")
    director.run("new", "D", "--rounds", "2", "--deals", "4", "--fee", "20", "--currency",
                 "EUR")
    director.run("team", "add", "TA")
    director.run("team", "add", "TB")
    director.run("checkin", "TA", "--paid", "20")
    director.run("checkin", "TA", "--paid", "-15", "--reason", "part")
    before = data_checksum(store_name)
    director.run("checkin", "TA", "--undo")
    assert data_checksum(store_name) != before
    fees = director.json("fees")
    assert (fees["received"], fees["refunded"], fees["balance"], fees["box_cash"]) == (
        0, 0, 0, 0)
    # nothing is left of TA's money: no refund of it, no second undo, the store unchanged
    assert director.refused("checkin", "TA", "--paid", "-5", "--reason", "x") == (
        "error: TA has paid €0.00: a refund of €5.00 would give back more than that")
    assert director.refused("checkin", "TA", "--undo") == "error: TA has not checked in"
    assert director.refused("checkin", "TA", "--undo", "--paid", "5") == (
        "error: --undo: an undo takes a check-in back with its payments: give no --paid")
    # once paired, a check-in and its refund stay: one who leaves is dropped
    director.run("checkin", "TA", "TB", "--paid", "20")
    director.run("checkin", "TA", "--paid", "-20", "--reason", "left")
    director.run("pair")
    assert "TA has been paired already" in director.refused("checkin", "TA", "--undo")
    assert director.json("fees")["balance"] == 2000
