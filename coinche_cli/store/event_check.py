"""The values of an event file (:mod:`coinche_cli.store.event_file`) read one by one, each
refused with the JSON path that holds it (``rounds[2].tables[4].scores``) and why.

A file comes from another club, another program or an editor: every value is checked for
its type and bounds before anything is written, and an object holding a key the format
does not have is refused (a misspelt key would otherwise be lost silently).  Texts are kept
as they are, markup and right-to-left marks included (names are data: ``<script>`` is a
team's name like any other); only what would break a line on every output is refused (a
control character, a line break, a direction override).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection
from typing import Any

from coinche_cli.errors import CoincheError, InputError, filled
from coinche_cli.i18n import _

#: The longest text a file may give: a file's names were typed on another computer, by
#: another program, maybe with another bound than this coinche's (200-character names come
#: through whole); the bound keeps a hostile file from filling every output.
LONGEST_TEXT = 1000
#: The largest whole number a file may give (a score, a rank, a count): PostgreSQL's integer.
LARGEST = 2**31 - 1
#: The longest moment (ISO 8601, as the store writes them: ``2025-03-01T20:15:00+00:00``).
LONGEST_MOMENT = 40
#: Characters that reorder text rather than mark its direction: refused (the marks U+200E,
#: U+200F and U+061C, which names in Arabic or Hebrew need, are kept).
_OVERRIDES = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class FileRefused(InputError):
    """A value of an event file refused: ``field`` is its JSON path, shown as it is
    (never put into words: ``players`` is the file's key, in every language)."""

    def __init__(self, path: str, message: str, **values: object) -> None:
        self.field = path
        CoincheError.__init__(self, _("{field}: {message}").format(
            field=path, message=filled(message, **values)))


def obj(value: Any, path: str, keys: Collection[str],
        optional: Collection[str] = ()) -> dict[str, Any]:
    """An object holding every key of ``keys`` (and maybe those of ``optional``), no other."""
    if not isinstance(value, dict):
        raise FileRefused(path, _("expected an object"))
    for key in keys:
        if key not in value:
            raise FileRefused(path, _("the key “{name}” is missing"), name=key)
    for key in value:
        if key not in keys and key not in optional:
            raise FileRefused(path, _("unknown key “{name}”"), name=str(key))
    return value


def anything(value: Any, path: str) -> dict[str, Any]:
    """An object, whatever its keys (a document of its own: the rules, the settings, a
    stage's definition, whose own readers check it)."""
    if not isinstance(value, dict):
        raise FileRefused(path, _("expected an object"))
    return value


def items(value: Any, path: str) -> list[Any]:
    """A list."""
    if not isinstance(value, list):
        raise FileRefused(path, _("expected a list"))
    return value


def whole(value: Any, path: str, least: int = -LARGEST, most: int = LARGEST) -> int:
    """A whole number from ``least`` to ``most``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise FileRefused(path, _("expected a whole number"))
    if not least <= value <= most:
        raise FileRefused(path, _("{value} is not from {least} to {most}"), value=str(value),
                          least=least, most=most)
    return value


def maybe_whole(value: Any, path: str, least: int = -LARGEST, most: int = LARGEST
                ) -> int | None:
    """A whole number, or null."""
    return None if value is None else whole(value, path, least, most)


def flag(value: Any, path: str) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        raise FileRefused(path, _("expected true or false"))
    return value


def text(value: Any, path: str, *, empty: bool = True, longest: int = LONGEST_TEXT) -> str:
    """A text kept as it is: at most ``longest`` characters, no control character, line
    break or direction override (and not empty unless ``empty``)."""
    if not isinstance(value, str):
        raise FileRefused(path, _("expected a text"))
    if len(value) > longest:
        raise FileRefused(path, _("a text of {count} characters: at most {most}"),
                          count=len(value), most=longest)
    if not empty and not value.strip():
        raise FileRefused(path, _("an empty text"))
    if not value.isprintable():  # most texts: nothing to look at
        for char in value:
            if char in _OVERRIDES or unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp"):
                raise FileRefused(path, _("a text holding the character U+{code:04X}, which "
                                          "no output can show as it is"), code=ord(char))
    return value


def maybe_text(value: Any, path: str) -> str | None:
    """A text, or null."""
    return None if value is None else text(value, path)


def moment(value: Any, path: str) -> str:
    """A moment as the store writes them (ISO 8601): a short text, not empty."""
    return text(value, path, empty=False, longest=LONGEST_MOMENT)


def maybe_moment(value: Any, path: str) -> str | None:
    """A moment, or null."""
    return None if value is None else moment(value, path)


def choice(value: Any, path: str, known: tuple[str, ...]) -> str:
    """One of the words of ``known``."""
    if value not in known:
        raise FileRefused(path, _("“{got}” is not one of {known}"), got=str(value),
                          known=", ".join(known))
    return str(value)


def number_of(value: Any, path: str, count: int, what: str) -> int:
    """A reference to one of the file's ``count`` numbered entries (``what``: its list, as
    the file names it), from 1."""
    found = whole(value, path)
    if not 1 <= found <= count:
        raise FileRefused(path, _("{value} names no entry of {list} (it holds {count})"),
                          value=found, list=what, count=count)
    return found


def maybe_number_of(value: Any, path: str, count: int, what: str) -> int | None:
    """A reference to a numbered entry, or null."""
    return None if value is None else number_of(value, path, count, what)


def pair(value: Any, path: str) -> list[int] | None:
    """Two scores, or null."""
    if value is None:
        return None
    found = items(value, path)
    if len(found) != 2:
        raise FileRefused(path, _("expected two scores, or null"))
    return [whole(score, f"{path}[{i}]") for i, score in enumerate(found)]
