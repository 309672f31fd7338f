"""Each table's entry code: what the players of a table type to enter its result from a
phone (``tournament serve --entry``), printed on the table's score sheet and shown by
``tournament show --codes``.

A code is six characters of an alphabet without look-alikes (no 0 or O, no 1, I or L),
drawn by HMAC-SHA256 from the tournament's secret, the round, the table and its two teams
(a round paired again after ``unpair`` has new codes wherever its tables changed): the store keeps
one secret per tournament and no code, one table's code tells nothing of another's, and a
store moved with ``store copy`` keeps every printed code valid: the secret moves with the
tournament, and so does how far ``--merge`` moved its team ids (``shift``).  About 887 million codes
(31⁶) against the server's five tries per table per minute.
"""

import hashlib
import hmac
import secrets

#: The characters of a code: capitals and digits that cannot be read as one another.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6


def new_secret() -> str:
    """A tournament's secret: 128 random bits."""
    return secrets.token_hex(16)


def table_code(secret: str, round_number: int, table: int, teams: tuple[int, int],
               shift: int = 0) -> str:
    """The code of ``table`` in round ``round_number``, where ``teams`` (their ids) play: a
    round withdrawn and paired again gives a table new teams, and so a new code.  ``shift``
    is how far ``store copy --merge`` moved the tournament's team ids (it numbers them after
    the destination's own): the code is drawn from the ids as they were, so the codes printed
    before the copy stay valid."""
    message = f"table:{round_number}:{table}:{teams[0] - shift}:{teams[1] - shift}"
    digest = hmac.new(secret.encode(), message.encode(), hashlib.sha256).digest()
    value = int.from_bytes(digest[:8], "big")
    letters = []
    for _ in range(LENGTH):
        value, index = divmod(value, len(ALPHABET))
        letters.append(ALPHABET[index])
    return "".join(letters)


def same_code(typed: str, code: str) -> bool:
    """Whether what a player typed is ``code``: capitals or not, spaces and dashes aside,
    compared in constant time (the time taken tells nothing of how much was right)."""
    cleaned = "".join(c for c in typed.upper() if c not in " -")
    return hmac.compare_digest(cleaned.encode(), code.encode())
