"""The language the program speaks: which catalogue, and the messages' lookup in it.

English is the source language: every message is written in English in the code (see
:mod:`coinche_cli.messages`, and the help texts of :mod:`coinche_cli.cli`), and a catalogue
(``locale/fr/LC_MESSAGES/coinche.mo``, compiled by Babel from its ``.po`` file) gives its
translation.  The language is chosen once per process, before any command runs: ``--lang``,
else ``COINCHE_LANG``, else the locale variables in gettext's order (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``); English when none names a language that has a
catalogue.  ``COINCHE_LOCALEDIR`` names another folder of catalogues, searched first (a
translator's work in progress, or the tests' pseudo-locale).

Only the standard library's class-based API is used (no global ``textdomain``, which Click
and every other library share): English is a :class:`gettext.NullTranslations`, another
language a :class:`coinche_cli.catalogue.Catalogue`.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import os
from typing import TYPE_CHECKING

# Only names the type checker reads: each import or type variable made at run time is paid by
# every command's start (``struct`` alone is about 1 million instructions).
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping, Sequence
    from typing import ParamSpec, TypeVar

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


#: Marks a message for Babel's extraction (``N_("…")``); it is translated where it is shown.
#: ``str`` itself rather than a function of ours: on a text it returns the text, and the
#: catalogue of messages calls it some 500 times at every start, where a Python function's
#: call costs several times more.
N_ = str


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural form for extraction (Babel keyword ``NP_:1,2``)."""
    return singular, plural


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


def _catalogue_path(language: str, dirs: Sequence[str]) -> str | None:
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
                         if os.path.isfile(os.path.join(folder, name, "LC_MESSAGES",
                                                        f"{DOMAIN}.mo")))
    return sorted(found)


def _candidates(value: str) -> list[str]:
    """``fr_FR.UTF-8@euro`` → ``fr_FR``, ``fr`` (the forms a catalogue folder is named)."""
    base = value.split(".")[0].split("@")[0].strip()
    out = [base] if base else []
    if "_" in base:
        out.append(base.split("_")[0])
    return out


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


_current: gettext.NullTranslations | None = None
_language = SOURCE


def use(language: str, environ: Mapping[str, str] | None = None) -> None:
    """Speak ``language`` from now on (a code :func:`choose` returned)."""
    global _current, _language
    environ = os.environ if environ is None else environ
    path = None if language == SOURCE else _catalogue_path(language, locale_dirs(environ))
    if path is None:
        _current, _language = gettext.NullTranslations(), SOURCE
        return
    from coinche_cli.catalogue import Catalogue  # only when there is a catalogue to read

    with open(path, "rb") as fp:
        _current, _language = Catalogue(fp), language


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` for the length of a ``with`` block (JSON is built in English)."""
    global _current, _language
    before = translations(), _language
    use(language)
    try:
        yield
    finally:
        _current, _language = before


def in_source_language(build: Callable[P, T]) -> Callable[P, T]:
    """``build`` (a JSON builder) run in English whatever the language in use: JSON keys and
    values are the same in every language, they are the machine's interface."""

    @functools.wraps(build)
    def built(*args: P.args, **kwargs: P.kwargs) -> T:
        with speaking(SOURCE):
            return build(*args, **kwargs)

    return built


def translations() -> gettext.NullTranslations:
    """The catalogue in use (chosen from the environment on first use)."""
    if _current is None:
        try:
            use(choose(None))
        except LanguageError:
            use(SOURCE)
    assert _current is not None
    return _current


def language() -> str:
    """The code of the language in use: ``en``, ``fr``…"""
    translations()
    return _language


def _(message: str) -> str:
    """``message`` in the language in use."""
    return translations().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message with a plural for ``count``, in the language in use."""
    return translations().ngettext(singular, plural, count)
