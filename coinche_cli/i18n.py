"""The language the program speaks: which catalogue, and the messages' lookup in it.

English is the source language: every sentence is written in English where it is used,
marked for Babel's extraction (``_("…")``, ``ngettext("…", "…", n)``, ``pgettext(context,
"…")``; ``N_("…")`` for a text translated later, such as a command's help), with named
placeholders, and a catalogue (``locale/fr/LC_MESSAGES/coinche.mo``, compiled by Babel from
its ``.po`` file) gives its translation.  The language is chosen before any command runs:
``--lang``, else ``COINCHE_LANG``, else the locale variables in gettext's order
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); English when none names a language
that has a catalogue.  ``COINCHE_LOCALEDIR`` names another folder of catalogues, searched
first (a translator's work in progress, or the tests' pseudo-locale).

The language in force is a :class:`~contextvars.ContextVar`: the live page draws each page in
its browser's language (:func:`speaking`) while entries run in a pool of threads, each in the
context of its request, so no page or entry ever speaks another's language.

Only the standard library's class-based API is used (no global ``textdomain``, which Click
and every other library share): English is a :class:`gettext.NullTranslations`, another
language a :class:`Catalogue`, a :class:`gettext.GNUTranslations` that reads its ``.mo``
file lazily.  The standard class decodes every message of the file, and compiles its plural
rule, when it opens it: about 8 million instructions for 600 messages, more than a deal at
the table may spend on its whole start.  A ``.mo`` file's original strings are sorted (GNU's
format; Babel and msgfmt both write them so), so a message is found by bisection over the
file's table of strings, read in place, in about 30 thousand; a command prints a dozen.
(Indexing every string when the file is opened, even by the interpreter's C code, costs more
than the dozen lookups: about 1.4 million.)  The class lives here rather than in a module of
its own: importing a module costs about 0.4 million instructions.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import os
import sys
from contextvars import ContextVar
from typing import TYPE_CHECKING

# Only names the type checker reads: each import or type variable made at run time is paid by
# every command's start (``struct`` alone is about 1 million instructions).
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping, Sequence
    from typing import IO, ParamSpec, TypeVar

    P = ParamSpec("P")
    T = TypeVar("T")

#: The catalogue's domain: ``locale/LANG/LC_MESSAGES/coinche.mo``.
DOMAIN = "coinche"
#: English, the language of the messages in the code (no catalogue).
SOURCE = "en"
#: The catalogues shipped with the package.
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
#: The locale variables, in the order gettext reads them.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


#: Marks a text for Babel's extraction (``N_("…")``) that is translated later, where it is
#: shown (a command's help, a column's title).  ``str`` itself rather than a function of
#: ours: on a text it returns the text, and a Python function's call costs several times more.
N_ = str


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
    _contexts: dict[bytes, bytes] | None

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
        self._contexts: dict[bytes, bytes] | None = None  # read on the first pgettext
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
                "".encode(self._charset)  # LookupError: a charset Python does not know
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

    def _original(self, index: int) -> bytes:
        offset = self._originals[2 * index + 1]
        return self._data[offset:offset + self._originals[2 * index]]

    def _translation(self, index: int) -> bytes:
        offset = self._translations[2 * index + 1]
        return self._data[offset:offset + self._translations[2 * index]]

    def _find(self, key: bytes) -> bytes | None:
        """The translation stored for ``key``, a message without a context (bisection over
        the sorted originals).  An entry with a context (``context\x04message``) is not where
        the bytes of its key would put it in every compiler's order (Babel sorts it by its
        message, msgfmt by its context): the bisection steps over such entries."""
        low, high = 0, self._count
        while low < high:
            middle = probe = (low + high) // 2
            original = self._original(probe)
            while b"\x04" in original and probe + 1 < high:
                probe += 1
                original = self._original(probe)
            if b"\x04" in original:  # nothing but entries with a context up to ``high``
                high = middle
            elif original < key:
                low = probe + 1
            elif original > key:
                high = middle  # what lies from middle to probe has a context
            else:
                return self._translation(probe)
        return None

    def _in_context(self, key: bytes) -> bytes | None:
        """The translation of an entry with a context: every such entry is found by one pass
        over the file the first time one is asked for (they are few, and rare)."""
        if self._contexts is None:
            self._contexts = {}
            for index in range(self._count):
                original = self._original(index)
                if b"\x04" in original:
                    self._contexts[original] = self._translation(index)
        return self._contexts.get(key)

    def plural(self, n: int) -> int:
        """The index of the plural form for ``n`` (compiled on first use)."""
        rule = _PLURALS.get(self._plural_text)
        if rule is None:
            try:
                rule = gettext.c2py(self._plural_text)
            except ValueError:  # a plural rule gettext cannot read: English's
                rule = _PLURALS["n != 1"]
            _PLURALS[self._plural_text] = rule
        return rule(n)

    def _lookup(self, key: str) -> str | None:
        """The translation of ``key`` (a message, or a singular and plural joined by NUL);
        None when the catalogue has none, or none it can decode."""
        try:
            found = self._find(key.encode(self._charset))
            return found.decode(self._charset) if found else None
        except UnicodeError:  # a message the catalogue's charset cannot hold, a bad entry
            return None

    def gettext(self, message: str) -> str:
        known = self._seen.get(message)
        if known is not None:  # a message shown twice (each side's line) is looked up once
            return known
        text = self._lookup(message)
        if text is None:
            fallback: gettext.NullTranslations | None = getattr(self, "_fallback", None)
            text = message if fallback is None else fallback.gettext(message)
        self._seen[message] = text
        return text

    def pgettext(self, context: str, message: str) -> str:
        try:  # gettext's separator of a context and its message
            found = self._in_context(f"{context}\x04{message}".encode(self._charset))
        except UnicodeError:
            found = None
        if found:
            return found.decode(self._charset, "replace")
        fallback: gettext.NullTranslations | None = getattr(self, "_fallback", None)
        return message if fallback is None else fallback.pgettext(context, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        try:
            found = self._in_context(f"{context}\x04{msgid1}\0{msgid2}".encode(self._charset))
        except UnicodeError:
            found = None
        if found:
            forms = found.decode(self._charset, "replace").split("\0")
            index = self.plural(n)
            if 0 <= index < len(forms) and forms[index]:
                return forms[index]
        fallback: gettext.NullTranslations | None = getattr(self, "_fallback", None)
        if fallback is not None:
            return fallback.npgettext(context, msgid1, msgid2, n)
        return msgid1 if n == 1 else msgid2

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        found = self._lookup(msgid1 + "\0" + msgid2)
        if found:
            forms = found.split("\0")
            index = self.plural(n)
            if 0 <= index < len(forms) and forms[index]:
                return forms[index]
        fallback: gettext.NullTranslations | None = getattr(self, "_fallback", None)
        if fallback is not None:
            return fallback.ngettext(msgid1, msgid2, n)
        return msgid1 if n == 1 else msgid2


    def check(self) -> None:
        """Raise ``ValueError`` naming the first thing in this catalogue that would fail a
        command after it has saved: a plural rule that does not give a form for every count,
        a message the charset cannot decode, a translation whose placeholders are not its
        message's own, plain names (no attribute, index or nested lookup, no new format).

        Run on a catalogue from ``COINCHE_LOCALEDIR`` before any command uses it (the
        package's own is checked by its tests): reading every message costs what only a
        translator's catalogue may cost."""
        import string

        rule = self._plural_text
        try:
            forms = {self.plural(n) for n in (*range(200), 1_000, 1_000_000)}
        except Exception as exc:  # any error of an expression the catalogue brought
            raise ValueError(f"plural rule {rule!r}: {type(exc).__name__}") from None
        if not all(isinstance(form, int) and 0 <= form < 10 for form in forms):
            raise ValueError(f"plural rule {rule!r} gives no form for some counts")
        parse = string.Formatter().parse

        def fields(text: str) -> dict[str, str]:
            """Each placeholder's name and format: a conversion (!r, !s) never fails, so a
            translation may drop or add one; a format is the message's own, or none."""
            found = {}
            for _literal, name, spec, _conversion in parse(text):
                if name is None:
                    continue
                # a name, or a position as Click's own texts have ("{}", "{0}")
                if not (name.isidentifier() or name.isdigit() or name == "") \
                        or "{" in (spec or ""):
                    raise ValueError(f"placeholder {{{name}}} is not a plain name")
                found[name] = spec or ""
            return found

        for index in range(1, self._count):
            try:
                original = self._original(index).decode(self._charset)
                translation = self._translation(index).decode(self._charset)
                message = original.rpartition("\x04")[2]
                allowed: dict[str, str] = {}
                for form in message.split("\0"):
                    allowed.update(fields(form))
                for form in translation.split("\0"):
                    for name, spec in fields(form).items():
                        if name not in allowed:
                            raise ValueError(f"placeholder {{{name}}} is not in its message")
                        if spec not in ("", allowed[name]):
                            raise ValueError(f"placeholder {{{name}:{spec}}} is formatted "
                                             f"otherwise than in its message")
            except UnicodeError:
                raise ValueError(f"message {index} is not {self._charset}") from None
            except ValueError as exc:
                shown = original[:60] if "original" in locals() else str(index)
                raise ValueError(f"{exc} ({shown!r})") from None


class LanguageError(ValueError):
    """A language asked for by name (``--lang``, ``COINCHE_LANG``) that has no catalogue."""

    def __init__(self, source: str, got: str, known: Sequence[str]) -> None:
        super().__init__(got)
        self.source, self.got, self.known = source, got, tuple(known)


def locale_dirs(environ: Mapping[str, str]) -> list[str]:
    """Where catalogues are looked for: ``COINCHE_LOCALEDIR`` first, then the package's.
    (Paths as text: ``pathlib`` would cost every command's start more.)"""
    extra = environ.get("COINCHE_LOCALEDIR")
    return [extra, LOCALE_DIR] if extra else [LOCALE_DIR]


def is_code(language: str) -> bool:
    """A language code as a catalogue's folder is named (``fr``, ``pt_BR``): letters, at
    most one ``_`` and a region; never a path (``--lang ../x`` loads nothing)."""
    language_part, _sep, region = language.partition("_")
    return (language.isascii() and language_part.isalpha() and 2 <= len(language_part) <= 3
            and (not _sep or (region.isalnum() and 2 <= len(region) <= 3)))


def _catalogue_path(language: str, dirs: Sequence[str]) -> str | None:
    if not is_code(language):
        return None
    for folder in dirs:
        path = os.path.join(folder, language, "LC_MESSAGES", f"{DOMAIN}.mo")
        if os.path.isfile(path):
            return path
    return None


def languages(environ: Mapping[str, str] | None = None) -> list[str]:
    """Every language that can be chosen: English and each catalogue found."""
    environ = os.environ if environ is None else environ
    found = {SOURCE}
    for folder in locale_dirs(environ):
        if os.path.isdir(folder):
            found.update(name for name in os.listdir(folder)
                         if is_code(name) and os.path.isfile(
                             os.path.join(folder, name, "LC_MESSAGES", f"{DOMAIN}.mo")))
    return sorted(found)


def _candidates(value: str) -> list[str]:
    """``fr_FR.UTF-8@euro`` → ``fr_FR``, ``fr`` (the forms a catalogue folder is named)."""
    base = value.split(".")[0].split("@")[0].strip()
    out = [base] if base else []
    if "_" in base:
        language, _sep, region = base.partition("_")
        out += [f"{language.lower()}_{region.upper()}", language]
    return [*out, *(form.lower() for form in out)]


def choose(asked: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``asked`` (``--lang``), else ``COINCHE_LANG``, else the locale
    variables.  A language asked for by name without a catalogue raises
    :class:`LanguageError`; a locale without one means English."""
    environ = os.environ if environ is None else environ
    dirs = locale_dirs(environ)
    for source, value in (("--lang", asked), ("COINCHE_LANG", environ.get("COINCHE_LANG"))):
        if value is None or (source == "COINCHE_LANG" and not value.strip()):
            continue
        code = value.strip().lower()
        if code == SOURCE or _catalogue_path(code, dirs) is not None:
            return code
        for candidate in _candidates(value.strip()):
            if candidate.lower() == SOURCE or _catalogue_path(candidate, dirs) is not None:
                return candidate
        raise LanguageError(source, value, languages(environ))
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable)
        if not value:
            continue
        for item in value.split(":"):
            for candidate in _candidates(item):
                if candidate in ("C", "POSIX") or candidate.lower() == SOURCE:
                    return SOURCE
                if _catalogue_path(candidate, dirs) is not None:
                    return candidate
        return SOURCE  # the first variable set decides, as in gettext
    return SOURCE


#: The catalogue in force (None: not chosen yet, the environment's on first use).
_current: ContextVar[gettext.NullTranslations | None] = ContextVar("coinche_language",
                                                                    default=None)
#: Catalogues read so far, by file: the live page speaks a language per page it draws.
_read: dict[str, Catalogue] = {}


def _catalogue(language: str, environ: Mapping[str, str]) -> gettext.NullTranslations:
    path = None if language == SOURCE else _catalogue_path(language, locale_dirs(environ))
    if path is None:
        return gettext.NullTranslations()
    if path not in _read:
        with open(path, "rb") as fp:
            catalogue = Catalogue(fp)
        if not path.startswith(LOCALE_DIR + os.sep):  # a translator's: checked whole first
            catalogue.check()
        _read[path] = catalogue
    return _read[path]


def use(language: str, environ: Mapping[str, str] | None = None) -> None:
    """Speak ``language`` from now on, in this context (a code :func:`choose` returned)."""
    _current.set(_catalogue(language, os.environ if environ is None else environ))


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` for the length of a ``with`` block (JSON is built in English)."""
    try:
        catalogue = _catalogue(language, os.environ)
    except (OSError, ValueError, LookupError):  # a damaged catalogue: English (serve warned)
        catalogue = gettext.NullTranslations()
    token = _current.set(catalogue)
    try:
        yield
    finally:
        _current.reset(token)


def spoken() -> str:
    """The code of the language in force (``en``, ``fr``, a catalogue's folder name): the
    room's language, which the live page's projector speaks."""
    current = translations()
    for path, catalogue in _read.items():  # a catalogue is read once, by its path
        if catalogue is current:
            return os.path.basename(os.path.dirname(os.path.dirname(path)))
    return SOURCE


def in_source_language(build: Callable[P, T]) -> Callable[P, T]:
    """``build`` (a JSON builder) run in English whatever the language in use: JSON keys and
    values are the same in every language, they are the machine's interface."""

    @functools.wraps(build)
    def built(*args: P.args, **kwargs: P.kwargs) -> T:
        with speaking(SOURCE):
            return build(*args, **kwargs)

    return built


def translations() -> gettext.NullTranslations:
    """The catalogue in force (chosen from the environment on first use)."""
    current = _current.get()
    if current is None:
        try:
            use(choose(None))
        except (LanguageError, OSError, ValueError, LookupError):  # English, then
            use(SOURCE)
        current = _current.get()
        assert current is not None
    return current


def _(message: str) -> str:
    """``message`` in the language in force."""
    return translations().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` (``{count} deal`` / ``{count} deals``), in the
    language in force: French counts 0 and 1 as singular, English only 1."""
    return translations().ngettext(singular, plural, count)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count``, with a context: where another language needs
    more than the English (French writes "1re partie", "2e partie")."""
    return translations().npgettext(context, singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in force, where the English word has two meanings that
    another language tells apart (``pgettext("column", "made")``)."""
    return translations().pgettext(context, message)
