"""What stands between a phone and the results: wrong codes counted per table, and forms
that can be sent once.

Both live in the server's memory: they protect one event for one day, and a restarted
server starts them afresh (a form opened before the restart is refused; the player opens
the table's page again).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import deque

#: Wrong codes a table may take in :data:`WINDOW` seconds before every try is refused.
MAX_WRONG = 5
WINDOW = 60.0
#: How long an entry form stays good, and how many may be open at once.
FORM_SECONDS = 30 * 60
MAX_FORMS = 10_000


class WrongCodes:
    """Wrong codes per (round, table): at most :data:`MAX_WRONG` a minute."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tries: dict[tuple[int, int], deque[float]] = {}

    def _recent(self, key: tuple[int, int], now: float) -> deque[float]:
        tries = self._tries.setdefault(key, deque())
        while tries and now - tries[0] >= WINDOW:
            tries.popleft()
        return tries

    def blocked(self, round_number: int, table: int) -> bool:
        """Whether the table has had its wrong codes for this minute."""
        with self._lock:
            return len(self._recent((round_number, table), time.monotonic())) >= MAX_WRONG

    def wrong(self, round_number: int, table: int) -> None:
        """Count one wrong code for the table."""
        with self._lock:
            now = time.monotonic()
            self._recent((round_number, table), now).append(now)


class Forms:
    """Entry forms, each with a token that can be sent back once (a form replayed, or sent
    from another site, is refused: the token is also in a cookie of this site only)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[str, tuple[int, int, float]] = {}

    def issue(self, round_number: int, table: int) -> str:
        """A new form's token for ``table`` of round ``round_number``."""
        token = secrets.token_urlsafe(24)
        with self._lock:
            now = time.monotonic()
            if len(self._open) >= MAX_FORMS:  # the oldest go first
                for old in sorted(self._open, key=lambda t: self._open[t][2])[:MAX_FORMS // 10]:
                    del self._open[old]
            self._open[token] = (round_number, table, now)
        return token

    def take(self, token: str, cookie: str, round_number: int, table: int) -> bool:
        """Whether ``token`` is a form of this table and round, not sent before nor too old,
        and matches the browser's cookie; it cannot be used again either way."""
        if not token or not secrets.compare_digest(token.encode(), cookie.encode()):
            return False
        with self._lock:
            found = self._open.pop(token, None)
        if found is None:
            return False
        issued_round, issued_table, issued = found
        return ((issued_round, issued_table) == (round_number, table)
                and time.monotonic() - issued < FORM_SECONDS)
