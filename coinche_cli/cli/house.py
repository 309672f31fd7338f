"""The house config: a club's own defaults, in a small TOML file (``coinche config``).

Five settings, each the default of what a command line may still say otherwise:

- ``rules``: the rules of ``game new``, ``tournament new`` and ``score`` (a built-in name or
  a rules file);
- ``lang``: the language (after ``--lang`` and ``COINCHE_LANG``, before the locale);
- ``db``: the store (after ``--db`` and ``COINCHE_DB``, before the default file);
- ``target``: the default ``--target`` of ``game new``;
- ``currency``: the desk's currency (fees and prizes), a three-letter code (EUR), after
  ``tournament new --currency`` and before the locale's country's.

The file is ``config.toml`` in the user's config folder, or the one ``COINCHE_CONFIG`` names;
no file means nothing is set.  It is read on every command (the language may be in it), so
reading costs a ``stat`` when there is no file, and the TOML reader loads only when there is
one.  A file path in it (``rules``, ``db``) is read from the config's own folder when it is
relative.

A bad key or value is one line naming the file, the line and the key.  Where the built-in
default is safe (the language, the currency, a key coinche does not know) the command runs
with it and the line is a warning; where it is not (``db``: another store; ``rules`` and
``target``: a game scored by other rules than the house's), a command that would use the
value is refused with that line instead, exit 2 (1 when the file cannot be read at all).
"""

from __future__ import annotations  # every command imports this module: types stay text

import os
import sys
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, assert_never

from coinche_cli.errors import CoincheError, InputError
from coinche_cli.i18n import N_, _

if TYPE_CHECKING:  # a Literal costs a fifth of a millisecond to build, for the type checker
    from typing import Literal

    #: A setting's name.
    Key = Literal["rules", "lang", "db", "target", "currency"]
    #: Where the language in force came from: ``--lang``, ``COINCHE_LANG``, the house config
    #: (``file``), the locale (``locale``).
    LanguageSource = Literal["option", "environment", "file", "locale"]

#: The settings, in the order ``config show`` lists them.
KEYS: tuple[Key, ...] = ("rules", "lang", "db", "target", "currency")
#: A house config is a few lines: a bigger file is refused before it is read.
MAX_BYTES = 64 * 1024
#: The largest target (the command line's own bound: ``options.MAX_NUMBER``).
MOST_TARGET = 10**9
#: What ``COINCHE_CONFIG`` is called where a message names it.
VARIABLE = "COINCHE_CONFIG"


def key_words(key: Key) -> str:
    """What a setting is for, in words (``config show`` and the completion's help)."""
    match key:
        case "rules":
            return _("rules of game new, tournament new and score")
        case "lang":
            return _("language")
        case "db":
            return _("store")
        case "target":
            return _("target of game new")
        case "currency":
            return _("currency of the fees and prizes")
        case unreachable:
            assert_never(unreachable)


def config_dir() -> str:
    """The user's config folder for coinche, as platformdirs names it.  On Linux that is
    the XDG rule (``$XDG_CONFIG_HOME`` when it is an absolute path, else ``~/.config``),
    written here: every command looks for the file, and platformdirs costs about 3 ms to
    import, more than the rest of this module (a test checks that both agree)."""
    if sys.platform == "linux" and "ANDROID_DATA" not in os.environ:
        base = os.environ.get("XDG_CONFIG_HOME", "")
        if not os.path.isabs(base):
            base = os.path.expanduser("~/.config")
        return os.path.join(base, "coinche")
    from platformdirs import user_config_dir

    return user_config_dir("coinche", appauthor=False)


def config_path() -> str:
    """The house config file: the one ``COINCHE_CONFIG`` names, else ``config.toml`` in
    :func:`config_dir`."""
    named = os.environ.get(VARIABLE, "").strip()
    if named:
        return os.path.abspath(os.path.expanduser(named))
    return os.path.join(config_dir(), "config.toml")


def shown(path: str) -> str:
    """The file as messages name it (a very long path cut in its middle)."""
    from pathlib import Path

    from coinche_cli.store.naming import shown_path

    return shown_path(Path(path))


class Problem:
    """A bad key or value of the file (``key`` None: the whole file), its line (0: none) and
    why, a sentence marked with ``N_`` put into words when it is shown.  (A plain class:
    every command imports this module, and a NamedTuple costs a tenth of a millisecond.)"""

    __slots__ = ("exit_code", "key", "label", "line", "message", "values")

    def __init__(self, line: int, key: str | None, message: str, values: dict[str, object],
                 exit_code: int = 2, label: str | None = None) -> None:
        self.line = line
        self.key = key
        self.message = message
        self.values = values
        self.exit_code = exit_code
        #: the key a message names: ``key``, or the one written on a line that is not TOML
        self.label = key if label is None else label

    def at(self, line: int) -> Problem:
        """This problem, found at ``line``."""
        return Problem(line, self.key, self.message, self.values, self.exit_code, self.label)

    def error(self, path: str) -> CoincheError:
        """The problem as the error a refused command prints: ``FILE:LINE: key: why``."""
        where = shown(path) + (f":{self.line}" if self.line else "")
        field = f"{where}: {self.label}" if self.label else where
        error = InputError(field, _(self.message), **self.values)
        error.exit_code = self.exit_code
        return error


def _problem(key: str | None, message: str, **values: object) -> tuple[None, Problem]:
    return None, Problem(0, key, message, values)


def check_value(key: Key, value: object, folder: str) -> tuple[Any, Problem | None]:
    """``value`` for ``key`` as coinche uses it (a path made absolute from ``folder``, a
    language's code, a currency in capitals), or the problem that refuses it (its line
    still 0)."""
    match key:
        case "target":
            if isinstance(value, bool) or not isinstance(value, int) \
                    or not 1 <= value <= MOST_TARGET:
                return _problem(key, N_("“{got}” is not a whole number from 1 to {most}"),
                                got=value if isinstance(value, str) else _brief(value),
                                most=MOST_TARGET)
            return value, None
        case "rules" | "lang" | "db" | "currency":
            pass
        case unreachable:
            assert_never(unreachable)
    if not isinstance(value, str):
        return _problem(key, N_("{got} is not a text (write it in quotes)"), got=_brief(value))
    text = value.strip()
    if not text or not text.isprintable() or len(text) > 4096:
        return _problem(key, N_("“{got}” is not a value coinche can use"), got=value)
    match key:
        case "rules":
            if text.lower().endswith((".yaml", ".yml")) or any(c in text for c in "/\\~"):
                return _absolute(text, folder), None
            return text, None  # a built-in name: checked when it is used
        case "lang":
            from coinche_cli import i18n

            try:
                return i18n.choose(text), None
            except i18n.LanguageError as exc:
                return _problem(key, N_("“{got}” is not a language of coinche (languages: "
                                        "{known})"), got=exc.got, known=", ".join(exc.known))
        case "db":
            from coinche_cli.store.naming import is_postgres_url, looks_like_url, masked

            if is_postgres_url(text):
                return text, None
            if looks_like_url(text):
                return _problem(key, N_("“{got}” is not a store coinche can open: give a file, "
                                        "or a PostgreSQL URL that starts with postgresql:// or "
                                        "postgres:// (in lower case)"), got=masked(text))
            return _absolute(text, folder), None
        case "currency":
            if len(text) != 3 or not (text.isascii() and text.isalpha()):
                return _problem(key, N_("“{got}” is not a currency code: three letters, as "
                                        "EUR or CHF"), got=value)
            return text.upper(), None
    raise AssertionError(key)  # pragma: no cover  (every key returned above)


def _brief(value: object) -> str:
    """A value of the file as a message shows it: as TOML would write it, at most 80
    characters (a string quoted)."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = repr(value)
    elif isinstance(value, int) and value.bit_length() > 64:
        text = hex(value)  # past 4,300 digits Python will not write it in decimal
    else:
        try:
            text = str(value)
        except ValueError:  # such an integer inside an array or a table
            text = "[…]" if isinstance(value, list) else "{…}"
    return text if len(text) <= 80 else text[:79] + "…"


def _absolute(text: str, folder: str) -> str:
    return os.path.normpath(os.path.join(folder, os.path.expanduser(text)))


class House:
    """The house config as read: its settings, where each one is, and its problems."""

    def __init__(self, path: str, values: dict[Key, Any], written: dict[str, object],
                 lines: dict[str, int], problems: list[Problem], exists: bool) -> None:
        self.path = path
        self.values = values  # the good settings, as coinche uses them
        self.written = written  # every top-level key as the file writes it
        self.lines = lines  # each key's line
        self.problems = problems
        self.exists = exists
        #: the problems already shown (a refusal, config show): not repeated as warnings
        self.settled: set[int] = set()

    def _whole(self) -> Problem | None:
        return next((p for p in self.problems if p.key is None), None)

    def problem(self, key: str) -> Problem | None:
        """The problem of ``key``, or of the whole file (which may hold it)."""
        return next((p for p in self.problems if p.key == key), None) or self._whole()

    def get(self, key: Key) -> Any:
        """The setting, or None when it is not set or not usable (the default stands)."""
        return self.values.get(key)

    def use(self, key: Key) -> Any:
        """The setting a command is about to use instead of its built-in default: None when
        it is not set; refused with the file's line when it is there but bad (or the file
        cannot be read): the default would not be what the house asked for."""
        found = self.problem(key)
        if found is not None:
            raise self.refusal(found)
        return self.values.get(key)

    def refusal(self, problem: Problem) -> CoincheError:
        """``problem`` as the error that refuses a command (shown then: not repeated)."""
        self.settled.add(self.problems.index(problem))
        return problem.error(self.path)

    def fail(self, key: Key, message: str, **values: object) -> CoincheError:
        """A refusal of ``key``'s value found when it is used (an unknown rules name), with
        the file and the line."""
        return Problem(self.lines.get(key, 0), key, message, values).error(self.path)

    def unsettled(self) -> list[Problem]:
        """The problems not shown yet."""
        return [p for i, p in enumerate(self.problems) if i not in self.settled]

    def settle_all(self) -> None:
        """Every problem counts as shown (``config show`` lists them itself)."""
        self.settled.update(range(len(self.problems)))


def read(path: str) -> House:
    """The house config in ``path``: nothing set when there is no file; a file that cannot be
    read, or is not TOML, is one problem (``key`` None) and sets nothing."""
    import stat

    try:
        status = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return House(path, {}, {}, {}, [], exists=False)
    except OSError as exc:
        return _unreadable(path, N_("the house config cannot be read ({reason})"), 1,
                           reason=exc.strerror or type(exc).__name__)
    if not stat.S_ISREG(status.st_mode):  # a folder, a pipe: never opened
        return _unreadable(path, N_("the house config is not a file (a folder, a device)"), 1)
    if status.st_size > MAX_BYTES:
        return _unreadable(path, N_("the house config is larger than {most} KB: it holds a "
                                    "few lines"), 2, most=MAX_BYTES // 1024)
    try:
        # without waiting: a file swapped for a named pipe since the stat must not block
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                return _unreadable(path, N_("the house config is not a file (a folder, a "
                                            "device)"), 1)
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        return _unreadable(path, N_("the house config cannot be read ({reason})"), 1,
                           reason=exc.strerror or type(exc).__name__)
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        return _unreadable(path, N_("the house config is not UTF-8 text (save it as UTF-8)"), 2)
    return parse(path, text)


def _unreadable(path: str, message: str, code: int, **values: object) -> House:
    return House(path, {}, {}, {}, [Problem(0, None, message, values, code)], exists=True)


def parse(path: str, text: str) -> House:
    """The house config that ``text`` (the file at ``path``) holds; whatever ``text`` is, a
    file tomllib refuses, recurses on or cannot turn into values is one problem of the whole
    file, never an exception."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, reason = _toml_error(exc)
        problem = Problem(line, None, N_("not TOML ({reason}): the house config sets "
                                         "nothing until it is mended"),
                          {"reason": reason}, label=_written_key(text, line))
        return House(path, {}, {}, {}, [problem], exists=True)
    except RecursionError:  # arrays or tables nested thousands deep: tomllib recurses
        return _unreadable(path, N_("not TOML coinche can read (values nested too deeply): "
                                    "the house config sets nothing until it is mended"), 2)
    except ValueError:  # Python's own bound on a number's digits (4,300), past tomllib
        return _unreadable(path, N_("not TOML coinche can read (a number too long): the "
                                    "house config sets nothing until it is mended"), 2)
    folder = os.path.dirname(path)
    values: dict[Key, Any] = {}
    lines = {key: key_line(text, key) for key in data}
    problems: list[Problem] = []
    for name, value in data.items():
        key = next((k for k in KEYS if k == name), None)
        if key is None:
            problems.append(Problem(lines[name], name, N_("not a setting of coinche "
                                                          "(settings: {known})"),
                                    {"known": ", ".join(KEYS)}))
            continue
        checked, refused = check_value(key, value, folder)
        if refused is not None:
            problems.append(refused.at(lines[name]))
        else:
            values[key] = checked
    return House(path, values, dict(data), lines, problems, exists=True)


def _toml_error(exc: Exception) -> tuple[int, str]:
    """The line tomllib names (``… (at line 3, column 8)``) and its reason without it."""
    import re

    text = str(exc)
    found = re.search(r"\s*\(at line (\d+), column \d+\)$", text)
    if found is None:
        return 0, text
    return int(found[1]), text[:found.start()]


def _written_key(text: str, line: int) -> str | None:
    """The key the ``line`` of ``text`` sets (``lang = …``), if it reads as one."""
    import re

    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return None
    found = re.match(r"""[ \t]*["']?([A-Za-z0-9_-]+)["']?[ \t]*=""", lines[line - 1])
    return found[1] if found else None


def key_line(text: str, key: str) -> int:
    """The line of ``text`` that sets the top-level ``key`` (bare or quoted, a dotted key or
    a table of that name); 0 when none is found."""
    import re

    name = re.escape(key)
    pattern = re.compile(rf"""^[ \t]*(?:\[+[ \t]*)?(?:{name}|"{name}"|'{name}')[ \t]*[=.\]]""")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return 0


#: The house config of the command being run (read on first use).
_house: ContextVar[House | None] = ContextVar("coinche_house", default=None)


def current() -> House:
    """The house config of this command, read once."""
    house = _house.get()
    if house is None:
        house = read(config_path())
        _house.set(house)
    return house


def forget() -> None:
    """Read the file again on next use (``config set`` and ``config unset`` changed it)."""
    _house.set(None)


#: Where the language in force came from (``config show``).
language_source: ContextVar[LanguageSource] = ContextVar("coinche_language_source",
                                                         default="locale")
