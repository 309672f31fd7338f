"""A compiled catalogue (``.mo``) read lazily: a :class:`gettext.GNUTranslations` whose
messages are looked up when asked for, not all decoded when the file is opened.

The standard class decodes every message of the file, and compiles its plural rule, when it
opens it: about 8 million instructions for 600 messages, more than a deal at the table may
spend on its whole start.  A ``.mo`` file's original strings are sorted (GNU's format; Babel
and msgfmt both write them so), so a message is found by bisection over the file's table of
strings, read in place, in about 30 thousand; a command prints a dozen.  (Indexing every
string when the file is opened, even by the interpreter's C code, costs more than the dozen
lookups: about 1.4 million.)  Imported only when the language in use has a catalogue
(English, the source, has none).
"""

from __future__ import annotations

import gettext
import sys
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

#: Plural rules seen in practice, as functions: compiling the catalogue's expression
#: (``gettext.c2py``) costs more than the lookup itself.
_PLURALS: dict[str, Callable[[int], int]] = {
    "(n > 1)": lambda n: int(n > 1),  # French: 0 and 1 are singular
    "n > 1": lambda n: int(n > 1),
    "(n != 1)": lambda n: int(n != 1),  # English
    "n != 1": lambda n: int(n != 1),
}


class Catalogue(gettext.GNUTranslations):
    """A compiled catalogue whose messages are looked up when asked for."""

    _data: bytes
    _order: str
    _count: int
    _originals: Sequence[int]  # length, offset, length, offset... of each original string
    _translations: Sequence[int]  # the same for each translation
    _plural_text: str

    def _parse(self, fp: IO[bytes]) -> None:  # type: ignore[override]
        data = fp.read()
        if len(data) < 20:
            raise OSError(0, "not a .mo file", getattr(fp, "name", ""))
        magic = int.from_bytes(data[:4], "little")
        if magic == self.LE_MAGIC:
            self._order = "little"
        elif magic == self.BE_MAGIC:
            self._order = "big"
        else:
            raise OSError(0, "bad magic number", getattr(fp, "name", ""))
        version, count, originals, translations = (self._word(data, at) for at in (4, 8, 12, 16))
        if version >> 16 not in self.VERSIONS:
            raise OSError(0, "unknown .mo version", getattr(fp, "name", ""))
        self._data, self._count = data, count
        self._originals = self._table(data, originals, count)
        self._translations = self._table(data, translations, count)
        self._catalog: dict[object, str] = {}  # unused: _find reads the file's tables
        self._seen: dict[str, str] = {}
        self._info: dict[str, str] = {}
        self._charset = "utf-8"
        self._plural_text = "(n != 1)"
        header = self._find(b"")
        if header is not None:
            self._read_header(header.decode("ascii", "replace"))

    def _read_header(self, text: str) -> None:
        for line in text.splitlines():
            name, sep, value = line.partition(":")
            if not sep:
                continue
            name, value = name.strip().lower(), value.strip()
            self._info[name] = value
            if name == "content-type" and "charset=" in value:
                self._charset = value.split("charset=")[1].strip()
            elif name == "plural-forms":
                expression = value.split(";")[1].partition("=")[2] if ";" in value else ""
                self._plural_text = expression.strip() or self._plural_text

    def _word(self, data: bytes, at: int) -> int:
        """The 32-bit number at ``at`` (without ``struct``, whose import costs more)."""
        return int.from_bytes(data[at:at + 4], self._order)  # type: ignore[arg-type]

    def _table(self, data: bytes, at: int, count: int) -> Sequence[int]:
        """The (length, offset) table of ``count`` strings at ``at``, as 32-bit numbers: a
        view of the file's bytes when they are in this machine's order (no copy)."""
        if at + 8 * count > len(data):
            raise OSError(0, "truncated .mo file")
        if self._order == sys.byteorder:
            return memoryview(data)[at:at + 8 * count].cast("I")
        return [self._word(data, at + 4 * i) for i in range(2 * count)]

    def _find(self, key: bytes) -> bytes | None:
        """The translation stored for ``key`` (bisection over the sorted originals)."""
        data, originals = self._data, self._originals
        low, high = 0, self._count
        while low < high:
            middle = (low + high) // 2
            offset = originals[2 * middle + 1]
            original = data[offset:offset + originals[2 * middle]]
            if original < key:
                low = middle + 1
            elif original > key:
                high = middle
            else:
                offset = self._translations[2 * middle + 1]
                return data[offset:offset + self._translations[2 * middle]]
        return None

    def plural(self, n: int) -> int:
        """The index of the plural form for ``n`` (compiled on first use)."""
        rule = _PLURALS.get(self._plural_text)
        if rule is None:
            rule = gettext.c2py(self._plural_text)
            _PLURALS[self._plural_text] = rule
        return rule(n)

    def gettext(self, message: str) -> str:
        known = self._seen.get(message)
        if known is not None:  # a message shown twice (each side's line) is looked up once
            return known
        found = self._find(message.encode(self._charset))
        if found:
            text = found.decode(self._charset)
        else:
            fallback: gettext.NullTranslations | None = getattr(self, "_fallback", None)
            text = message if fallback is None else fallback.gettext(message)
        self._seen[message] = text
        return text

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        key = msgid1.encode(self._charset) + b"\0" + msgid2.encode(self._charset)
        found = self._find(key)
        if found:
            forms = found.decode(self._charset).split("\0")
            index = self.plural(n)
            if 0 <= index < len(forms) and forms[index]:
                return forms[index]
        fallback: gettext.NullTranslations | None = getattr(self, "_fallback", None)
        if fallback is not None:
            return fallback.ngettext(msgid1, msgid2, n)
        return msgid1 if n == 1 else msgid2
