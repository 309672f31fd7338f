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

    def attempt(self, round_number: int, table: int) -> float | None:
        """Count a try at the table's code, as if it were wrong, in the same step as the
        check (tries sent at the same moment cannot slip past the limit); None when the table
        has had its wrong codes for this minute.  A right code gives its try back
        (:meth:`right`)."""
        with self._lock:
            now = time.monotonic()
            tries = self._recent((round_number, table), now)
            if len(tries) >= MAX_WRONG:
                return None
            tries.append(now)
            return now

    def right(self, round_number: int, table: int, attempt: float) -> None:
        """The try made at ``attempt`` had the right code: it does not count."""
        with self._lock:
            tries = self._tries.get((round_number, table))
            if tries is not None and attempt in tries:
                tries.remove(attempt)


class Forms:
    """Entry forms, each with a token that can be sent back once (a form replayed, or sent
    from another site, is refused: the token is also in a cookie of this site only)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[str, tuple[int, int, tuple[str, ...], float]] = {}

    def issue(self, round_number: int, table: int, teams: tuple[str, ...]) -> str:
        """A new form's token for ``table`` of round ``round_number``, where ``teams`` play."""
        token = secrets.token_urlsafe(24)
        with self._lock:
            now = time.monotonic()
            if len(self._open) >= MAX_FORMS:  # the oldest go first
                for old in sorted(self._open, key=lambda t: self._open[t][3])[:MAX_FORMS // 10]:
                    del self._open[old]
            self._open[token] = (round_number, table, teams, now)
        return token

    def take(self, token: str, cookie: str, round_number: int,
             table: int) -> tuple[str, ...] | None:
        """The teams the form was issued for, when ``token`` is a form of this table and
        round, not sent before nor too old, and matches the browser's cookie; None otherwise.
        It cannot be used again either way."""
        if not token or not secrets.compare_digest(token.encode(), cookie.encode()):
            return None
        with self._lock:
            found = self._open.pop(token, None)
        if found is None:
            return None
        issued_round, issued_table, teams, issued = found
        if (issued_round, issued_table) != (round_number, table):
            return None
        return teams if time.monotonic() - issued < FORM_SECONDS else None
