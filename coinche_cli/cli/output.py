"""Writing to the terminal: JSON on stdout, plain-text tables, one red line per error on stderr.

Every table (``game show``, ``tournament standings``, ``rules list``, ``score``) is written
here as plain text: no Rich, so a name is printed as it was typed (``Les [/] As`` is a name,
not markup), and a 1,000-team table costs about what its JSON costs.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from typing import Any

from coinche_cli.errors import CoincheError
from coinche_cli.i18n import _
from coinche_cli.json_text import json_text


def print_json(data: Any) -> None:
    """Print ``data`` as indented JSON (UTF-8, accents kept; ``\\u`` escapes on a terminal
    whose encoding cannot hold them, so that the data stays exact)."""
    text = json_text(data)
    if not _speaks_unicode(sys.stdout):
        text = json.dumps(data, ensure_ascii=True, indent=2) + "\n"
    sys.stdout.write(text)


#: What a character a terminal cannot show is printed as (any other: an accent dropped, or
#: "?"): the trumps' letters, plain dashes and quotes.
_PLAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "·": "-", "–": "-", "—": "-", "→": "->",
          "«": '"', "»": '"', "’": "'", "…": "...", "×": "x", "Σ": "S", "\u00a0": " ",
          "\u202f": " ", "−": "-", "≤": "<=", "≥": ">="}
_HANDLER = "coinche-plain"


def _plain(error: UnicodeError) -> tuple[str, int]:
    """The error handler of a terminal that cannot show a character (a Latin-1 locale,
    cp1252, cp437): each one replaced by :data:`_PLAIN`'s, or without its accent, or "?"."""
    import unicodedata

    if not isinstance(error, UnicodeEncodeError):
        raise error
    shown = []
    for char in error.object[error.start:error.end]:
        plain = _PLAIN.get(char)
        if plain is None:
            bare = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
            plain = bare or "?"
        shown.append(plain)
    return "".join(shown), error.end


def _speaks_unicode(stream: Any) -> bool:
    encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("-", "")
    return encoding.startswith(("utf", "ucs"))


def fit_streams_to_the_terminal() -> None:
    """On a terminal (or file) whose encoding cannot hold ♠ ♥ · é, print every character it
    cannot hold as plain text (``S`` for ♠, ``-`` for ·) instead of failing with a
    ``UnicodeEncodeError``.  UTF-8 streams, the common case, are left as they are."""
    import codecs

    for stream in (sys.stdout, sys.stderr):
        if _speaks_unicode(stream) or not hasattr(stream, "reconfigure"):
            continue
        try:
            codecs.lookup_error(_HANDLER)
        except LookupError:
            codecs.register_error(_HANDLER, _plain)
        stream.reconfigure(errors=_HANDLER)


#: ``--no-color`` was given: no colour for the length of the command (a context per run).
_no_colour: ContextVar[bool] = ContextVar("coinche_no_colour", default=False)


def refuse_colour() -> None:
    """``--no-color``: nothing this command prints is coloured, help pages included."""
    _no_colour.set(True)


def colour_refused() -> bool:
    """Colour is refused: ``--no-color``, or ``NO_COLOR`` set to any value but the empty one
    (as no-color.org says)."""
    return _no_colour.get() or bool(os.environ.get("NO_COLOR"))


def coloured(stream: Any) -> bool:
    """Whether what goes to ``stream`` is coloured: never where colour is refused; with
    ``FORCE_COLOR`` (any value but the empty one) even into a file or a pipe; otherwise on a
    terminal only."""
    if colour_refused():
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty())


def print_line(text: str = "") -> None:
    """Print one plain line on stdout."""
    sys.stdout.write(text + "\n")


def error_line(exc: CoincheError) -> None:
    """Print an error as ``error: …`` on stderr, one line per problem, red on a terminal."""
    colour = coloured(sys.stderr)
    for line in exc.text.splitlines() or [exc.text]:
        text = _("error: {message}").format(message=line)
        sys.stderr.write(f"\x1b[31m{text}\x1b[0m\n" if colour else text + "\n")


def warning_line(text: str) -> None:
    """A warning for the user (the command went through): ``warning: …`` on stderr."""
    colour = coloured(sys.stderr)
    line = _("warning: {message}").format(message=text)
    sys.stderr.write(f"\x1b[33m{line}\x1b[0m\n" if colour else line + "\n")


def usage_line(text: str) -> None:
    """A command line that could not be parsed, as one ``error:`` line on stderr; a word of
    the command line it quotes is cut at 80 characters."""
    line = " ".join(_clipped(word) for word in text.split())
    colour = coloured(sys.stderr)
    text = _("error: {message}").format(message=line)
    sys.stderr.write(f"\x1b[31m{text}\x1b[0m\n" if colour else text + "\n")


#: The width a line at the table keeps to (``game add``'s explanation), whatever the terminal.
LINE_WIDTH = 80


def wrapped(lines: Iterable[str], width: int = LINE_WIDTH) -> list[str]:
    """``lines``, each cut at spaces to fit ``width`` columns; what follows goes on the next
    lines, indented under the line's own indent plus two."""
    import textwrap  # only when a line is long

    out: list[str] = []
    for line in lines:
        if text_width(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")))
        # a total stays with its "=" ("= 548" on the next line, not "=" alone at the end):
        # textwrap breaks only at ASCII spaces, so a no-break space holds them together
        kept = line.replace(" = ", " =\u00a0")
        out += [part.replace("=\u00a0", "= ") for part in textwrap.wrap(
            kept, width, initial_indent="", subsequent_indent=indent + "  ",
            break_long_words=False, break_on_hyphens=False)]
    return out


def _clipped(word: str) -> str:
    return word if len(word) <= 80 else word[:79] + "…"


#: What a too-long cell ends with; one column wide on every terminal.
ELLIPSIS = "…"
#: The spaces between two columns.
GAP = "  "
#: The narrowest terminal a table is fitted to: below it, lines wrap rather than names
#: shrinking out of recognition.
MIN_WIDTH = 80


class Column:
    """A column of a plain-text table: its header, its alignment, whether it may shrink.

    A ``flexible`` column (a team's name) gives up width when the table is wider than the
    terminal, down to ``floor`` columns, its cells cut with an ellipsis; the others always show
    whole.  A plain class, not a NamedTuple: this module is on the path of every command,
    ``game add`` included, and a NamedTuple class costs about 0.15 ms to create.
    """

    __slots__ = ("flexible", "floor", "header", "right")

    def __init__(self, header: str, *, right: bool = False, flexible: bool = False,
                 floor: int = 8) -> None:
        self.header = header
        self.right = right
        self.flexible = flexible
        self.floor = floor


#: Below it every character takes one column (Latin letters, accented or not): no lookup.
_NARROW_BELOW = "\u0300"


def _char_width(char: str) -> int:
    if char < _NARROW_BELOW:
        return 1
    import unicodedata

    if unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def text_width(text: str) -> int:
    """How many terminal columns ``text`` takes: two for a wide (East Asian) character, none
    for a combining mark or a format character, one for the others."""
    if not text or max(text) < _NARROW_BELOW:
        return len(text)
    return sum(_char_width(char) for char in text)


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns, ending with an ellipsis when cut."""
    if text_width(text) <= width:
        return text
    room = width - text_width(ELLIPSIS)
    if room < 0:
        return ""
    used = 0
    for end, char in enumerate(text):
        used += _char_width(char)
        if used > room:
            return text[:end] + ELLIPSIS
    return text + ELLIPSIS  # not reached: the text is wider than the room


def _fit(columns: Sequence[Column], natural: list[int], width: int) -> list[int]:
    """Column widths within ``width``: the widest flexible columns shrink first, all to one
    level, none below its floor (a table that still does not fit is printed wider)."""
    over = sum(natural) + len(GAP) * (len(natural) - 1) - width
    flexible = [i for i, column in enumerate(columns) if column.flexible]
    if over <= 0 or not flexible:
        return natural
    floors = {i: min(natural[i], columns[i].floor) for i in flexible}
    room = sum(natural[i] for i in flexible) - over  # what the flexible columns may take

    def taken(level: int) -> int:
        return sum(max(floors[i], min(natural[i], level)) for i in flexible)

    level = max(natural[i] for i in flexible)
    while level > 0 and taken(level) > room:
        level -= 1
    return [max(floors[i], min(natural[i], level)) if i in floors else natural[i]
            for i in range(len(natural))]


def table_lines(columns: Sequence[Column], rows: Iterable[Sequence[str]],
                width: int | None = None) -> list[str]:
    """A table as lines of text: the headers, a rule, one line per row, columns aligned with
    spaces.  With ``width``, flexible columns shrink so that lines fit in it; without, every
    column is as wide as its widest cell.  Cells are printed as they are (no markup)."""
    cells = [list(row) for row in rows]
    sizes = [[text_width(cell) for cell in row] for row in cells]  # measured once
    natural = [text_width(column.header) for column in columns]
    for row_sizes in sizes:
        natural = [max(a, b) for a, b in zip(natural, row_sizes, strict=True)]
    widths = natural if width is None else _fit(columns, natural, width)

    def line(texts: Sequence[str], measured: Sequence[int]) -> str:
        parts = []
        for column, size, text, used in zip(columns, widths, texts, measured, strict=True):
            if used > size:
                text = clip(text, size)
                used = text_width(text)
            pad = " " * (size - used)
            parts.append(pad + text if column.right else text + pad)
        return GAP.join(parts).rstrip(" ")

    # a column without a header (a mark such as "dropped") has no rule either
    rule = GAP.join(("-" if column.header else " ") * size
                    for column, size in zip(columns, widths, strict=True))
    headers = [column.header for column in columns]
    return [line(headers, [text_width(h) for h in headers]), rule.rstrip(" "),
            *(line(row, row_sizes) for row, row_sizes in zip(cells, sizes, strict=True))]


def table_width() -> int | None:
    """The width to fit tables in: the terminal's, at least :data:`MIN_WIDTH`; ``None`` (every
    column whole) when stdout is a file or a pipe, which has no width to fit."""
    if not sys.stdout.isatty():
        return None
    import shutil

    return max(MIN_WIDTH, shutil.get_terminal_size((MIN_WIDTH, 24)).columns)


def print_table(columns: Sequence[Column], rows: Iterable[Sequence[str]],
                whole: bool = False) -> None:
    """Print a table fitted to the terminal (every column whole with ``whole`` or into a
    pipe)."""
    lines = table_lines(columns, rows, None if whole else table_width())
    sys.stdout.write("\n".join(lines) + "\n")
