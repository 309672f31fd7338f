"""What stands between a phone and the results: wrong codes counted per phone and per table,
and forms that can be sent once, bounded per phone and per table.

A phone is known by its address (:func:`client_of`): on the hall's network each phone has
its own.  Both live in the server's memory: they protect one event for one day, and a
restarted server starts them afresh (a form opened before the restart is refused; the player
opens the table's page again).
"""

from __future__ import annotations

import ipaddress
import secrets
import threading
import time
from collections import deque
from typing import Literal

#: Wrong codes one phone may send for a table in :data:`WINDOW` seconds before its tries
#: there are refused; wrong codes a table may take from every phone together before every
#: try is refused, the right code too (until the minute is over, or the director reopens it:
#: ``coinche tournament reopen``).
MAX_WRONG = 5
MAX_WRONG_TABLE = 20
WINDOW = 60.0
#: How long an entry form stays good; how many may be open for one phone (its oldest go
#: first), for one table of a round, and in all (the forms of the phone holding the most go
#: first: a phone asking for thousands of forms drops its own, never a player's).
FORM_SECONDS = 30 * 60
MAX_FORMS_PER_CLIENT = 32
MAX_FORMS_PER_TABLE = 128
MAX_FORMS = 20_000

#: Why a try at a table's code is refused before it is checked: this phone, or the table.
Closed = Literal["phone", "table"]


def client_of(host: str | None) -> str:
    """The phone behind an address: the address itself (IPv4, an IPv4-mapped IPv6 as IPv4),
    or the /64 network of an IPv6 address (one device may use as many addresses of its /64
    as it likes)."""
    try:
        address = ipaddress.ip_address(host or "")
    except ValueError:
        return host or "?"
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class WrongCodes:
    """Wrong codes per (round, table), each with the phone that sent it: at most
    :data:`MAX_WRONG` a minute from one phone, :data:`MAX_WRONG_TABLE` from all.  Only a
    wrong code counts: a try is checked, then counted if wrong, in one step per table (the
    store's write lock runs the checks of one store one at a time, so tries sent at the same
    moment cannot slip past the limit, and a right code is never refused for tries still
    being checked)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._wrong: dict[tuple[int, int], deque[tuple[float, str]]] = {}

    def _recent(self, key: tuple[int, int], now: float) -> deque[tuple[float, str]]:
        wrong = self._wrong.setdefault(key, deque())
        while wrong and now - wrong[0][0] >= WINDOW:
            wrong.popleft()
        return wrong

    def closed(self, client: str, round_number: int, table: int) -> Closed | None:
        """Whether ``client``'s tries at the table are refused now, and why."""
        with self._lock:
            wrong = self._recent((round_number, table), time.monotonic())
            if len(wrong) >= MAX_WRONG_TABLE:
                return "table"
            if sum(1 for _when, who in wrong if who == client) >= MAX_WRONG:
                return "phone"
            return None

    def count(self, client: str, round_number: int, table: int) -> Closed | None:
        """Count a wrong code from ``client``; what it has just closed, if anything (the
        director's terminal is told)."""
        with self._lock:
            now = time.monotonic()
            wrong = self._recent((round_number, table), now)
            wrong.append((now, client))
            if len(wrong) == MAX_WRONG_TABLE:
                return "table"
            if sum(1 for _when, who in wrong if who == client) == MAX_WRONG:
                return "phone"
            return None

    def phones(self, round_number: int, table: int) -> int:
        """How many phones sent the table's wrong codes of the minute."""
        with self._lock:
            wrong = self._recent((round_number, table), time.monotonic())
            return len({who for _when, who in wrong})

    def reopen(self, round_number: int, table: int) -> None:
        """The director opens the table again: its wrong codes are forgotten."""
        with self._lock:
            self._wrong.pop((round_number, table), None)


class _Form:
    __slots__ = ("client", "issued", "round", "table", "teams")

    def __init__(self, round_number: int, table: int, teams: tuple[str, ...], client: str,
                 issued: float) -> None:
        self.round = round_number
        self.table = table
        self.teams = teams
        self.client = client
        self.issued = issued


class Forms:
    """Entry forms, each with a token that can be sent back once (a form replayed, or sent
    from another site, is refused: the token is also in a cookie of this site only).

    At most :data:`MAX_FORMS_PER_CLIENT` are open for one phone, :data:`MAX_FORMS_PER_TABLE`
    for one table and :data:`MAX_FORMS` in all; past a bound, the oldest form of the phone
    that holds the most within it goes (so a phone that asks for forms by the thousand drops
    only its own)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[str, _Form] = {}
        # tokens oldest first, by phone, and by table then phone
        self._by_client: dict[str, deque[str]] = {}
        self._by_table: dict[tuple[int, int], dict[str, deque[str]]] = {}

    def issue(self, round_number: int, table: int, teams: tuple[str, ...],
              client: str = "?") -> str:
        """A new form's token for ``table`` of round ``round_number``, where ``teams`` play,
        opened by ``client``."""
        token = secrets.token_urlsafe(24)
        key = (round_number, table)
        with self._lock:
            mine = self._by_client.get(client)
            if mine is not None and len(mine) >= MAX_FORMS_PER_CLIENT:
                self._drop(mine[0])
            at_table = self._by_table.get(key, {})
            if sum(len(tokens) for tokens in at_table.values()) >= MAX_FORMS_PER_TABLE:
                self._drop(max(at_table.values(), key=len)[0])
            if len(self._open) >= MAX_FORMS:
                self._drop(max(self._by_client.values(), key=len)[0])
            self._open[token] = _Form(round_number, table, teams, client, time.monotonic())
            self._by_client.setdefault(client, deque()).append(token)
            self._by_table.setdefault(key, {}).setdefault(client, deque()).append(token)
        return token

    def _drop(self, token: str) -> _Form | None:
        """Forget a form (the lock held)."""
        form = self._open.pop(token, None)
        if form is None:
            return None
        mine = self._by_client[form.client]
        mine.remove(token)
        if not mine:
            del self._by_client[form.client]
        at_table = self._by_table[(form.round, form.table)]
        at_table[form.client].remove(token)
        if not at_table[form.client]:
            del at_table[form.client]
            if not at_table:
                del self._by_table[(form.round, form.table)]
        return form

    def take(self, token: str, cookie: str, round_number: int,
             table: int) -> tuple[str, ...] | None:
        """The teams the form was issued for, when ``token`` is a form of this table and
        round, not sent before nor too old, and matches the browser's cookie; None otherwise.
        It cannot be used again either way."""
        if not token or not secrets.compare_digest(token.encode(), cookie.encode()):
            return None
        with self._lock:
            found = self._drop(token)
        if found is None:
            return None
        if (found.round, found.table) != (round_number, table):
            return None
        return found.teams if time.monotonic() - found.issued < FORM_SECONDS else None

    def count(self, client: str | None = None) -> int:
        """How many forms are open (for ``client``)."""
        with self._lock:
            if client is None:
                return len(self._open)
            return len(self._by_client.get(client, ()))
