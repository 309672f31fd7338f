"""An event file (``store import FILE.json``) read from disk into JSON values, within bounds:
what it holds is then checked by :mod:`coinche_cli.store.event_reading`.

1. A file larger than :data:`MAX_EVENT_BYTES` is not read (a concours of 1,000 teams over
   8 rounds, every table scored deal by deal, takes about 20 MB).
2. It is UTF-8 (a byte-order mark is allowed, as an editor on Windows writes one).
3. It is JSON: a file that is not is refused with the line and column where it stops being
   JSON; one nested past what Python reads (a file made to hurt) too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from coinche_cli.errors import InputError
from coinche_cli.i18n import _

#: The largest event file read.
MAX_EVENT_BYTES = 64 * 2**20


def read_event_file(path: Path) -> Any:
    """The JSON values of the file at ``path``; refused (naming the path) when it cannot be
    read, is too large, or is not UTF-8 JSON."""
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise InputError("path", _("{path} is not a file"), path=path)
        if size > MAX_EVENT_BYTES:
            raise InputError("path", _("{path} holds {size} MB, more than an event file "
                                       "({most} MB at most)"), path=path,
                             size=size // 2**20, most=MAX_EVENT_BYTES // 2**20)
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError("path", _("{path} does not exist"), path=path) from None
    except OSError as exc:
        raise InputError("path", _("cannot read {path}: {reason}"), path=path,
                         reason=exc.strerror or exc) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError("path", _("{path} is not a coinche event file: it is not UTF-8 text "
                                   "(byte {at})"), path=path, at=exc.start) from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise InputError("path", _("{path} is not a coinche event file: it is not JSON (line "
                                   "{line}, column {column}: {reason})"), path=path,
                         line=exc.lineno, column=exc.colno, reason=exc.msg) from None
    except (RecursionError, ValueError):  # nested too deep; a number of 5,000 digits
        raise InputError("path", _("{path} is not a coinche event file: its JSON is nested "
                                   "too deep or holds a number too long"), path=path) from None


def _no_constant(word: str) -> Any:
    """``NaN``, ``Infinity``: Python reads them, JSON has no such numbers."""
    raise ValueError(word)
