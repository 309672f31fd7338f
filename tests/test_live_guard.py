"""The live page's guards in memory (``coinche_cli.web.guard``): the bounds of the entry
forms and the counts of wrong codes, at sizes the HTTP tests cannot reach in seconds
(tests/hostile/test_live_page.py sends the attacks themselves to a real server)."""

from __future__ import annotations

import pytest

from coinche_cli.web import guard
from coinche_cli.web.guard import Forms, WrongCodes, client_of

TEAMS = ("Les As", "Les Rois")


def _taken(forms: Forms, token: str, table: int = 1) -> bool:
    return forms.take(token, token, 1, table) is not None


def test_the_forms_of_the_client_holding_the_most_go_first_at_every_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "MAX_FORMS", 100)
    forms = Forms()
    player = forms.issue(1, 1, TEAMS, "10.0.0.2")
    # past its own bound, a client drops its own oldest
    flood = [forms.issue(1, 2, TEAMS, "10.0.0.66") for _ in range(guard.MAX_FORMS_PER_CLIENT + 8)]
    assert forms.count("10.0.0.66") == guard.MAX_FORMS_PER_CLIENT
    assert not _taken(forms, flood[0], 2) and _taken(forms, flood[-1], 2)
    # past the bound of all forms (100 here), the client holding the most loses its oldest
    for n in range(3, 6):
        for _ in range(guard.MAX_FORMS_PER_CLIENT):
            forms.issue(1, n, TEAMS, f"10.0.1.{n}")
    assert forms.count() <= 100
    assert _taken(forms, player)


def test_a_table_holds_at_most_its_bound_and_a_players_form_survives() -> None:
    forms = Forms()
    player = forms.issue(1, 1, TEAMS, "10.0.0.2")
    for n in range(10):  # ten clients, 320 forms for one table
        for _ in range(guard.MAX_FORMS_PER_CLIENT):
            forms.issue(1, 1, TEAMS, f"10.0.1.{n}")
    assert forms.count() <= guard.MAX_FORMS_PER_TABLE
    assert _taken(forms, player)


def test_a_form_is_for_its_table_and_round_and_sent_once() -> None:
    forms = Forms()
    token = forms.issue(2, 3, TEAMS, "10.0.0.2")
    assert forms.take(token, "another cookie", 2, 3) is None
    assert forms.take(token, token, 2, 3) == TEAMS
    assert forms.take(token, token, 2, 3) is None
    other = forms.issue(2, 3, TEAMS, "10.0.0.2")
    assert forms.take(other, other, 2, 4) is None and forms.count() == 0


def test_wrong_codes_close_a_phone_then_a_table_until_it_is_reopened() -> None:
    wrong = WrongCodes()
    for n in range(guard.MAX_WRONG - 1):
        assert wrong.count("10.0.0.2", 1, 3) is None, n
    assert wrong.count("10.0.0.2", 1, 3) == "phone"
    assert wrong.closed("10.0.0.2", 1, 3) == "phone"
    assert wrong.closed("10.0.0.3", 1, 3) is None  # another phone, the same table
    assert wrong.closed("10.0.0.2", 1, 4) is None  # the same phone, another table
    closed = [wrong.count(f"10.0.1.{n // guard.MAX_WRONG}", 1, 3)
              for n in range(guard.MAX_WRONG_TABLE - guard.MAX_WRONG)]
    assert closed[-1] == "table" and wrong.phones(1, 3) == 4
    assert wrong.closed("10.0.0.9", 1, 3) == "table"
    wrong.reopen(1, 3)
    assert wrong.closed("10.0.0.2", 1, 3) is None and wrong.closed("10.0.0.9", 1, 3) is None


@pytest.mark.parametrize(("address", "client"), [
    ("192.168.1.20", "192.168.1.20"),
    ("::ffff:192.168.1.20", "192.168.1.20"),
    ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
    ("2001:db8:1:2:bbbb::7", "2001:db8:1:2::/64"),
    (None, "?"),
])
def test_a_phone_is_its_address_or_its_ipv6_network(address: str | None, client: str) -> None:
    assert client_of(address) == client
