"""Writing to the terminal: JSON on stdout, one red line per error on stderr.

Rich is imported only by the functions that draw tables, so a command that prints a line or
JSON does not pay for it.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from coinche_cli.errors import CoincheError
from coinche_cli.messages import msg


def print_json(data: Any) -> None:
    """Print ``data`` as indented JSON (UTF-8, accents kept)."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def print_line(text: str = "") -> None:
    """Print one plain line on stdout."""
    sys.stdout.write(text + "\n")


def error_line(exc: CoincheError) -> None:
    """Print an error as ``error: …`` on stderr, one line per problem, red on a terminal."""
    colour = sys.stderr.isatty()
    for line in exc.text.splitlines() or [exc.text]:
        text = f"{msg('error_prefix')}: {line}"
        sys.stderr.write(f"\x1b[31m{text}\x1b[0m\n" if colour else text + "\n")


def warning_line(text: str) -> None:
    """A warning for the user (the command went through): ``warning: …`` on stderr."""
    colour = sys.stderr.isatty()
    line = f"{msg('warning_prefix')}: {text}"
    sys.stderr.write(f"\x1b[33m{line}\x1b[0m\n" if colour else line + "\n")


def usage_line(text: str) -> None:
    """A command line that could not be parsed, as one ``error:`` line on stderr."""
    line = " ".join(text.split())
    colour = sys.stderr.isatty()
    text = f"{msg('error_prefix')}: {line}"
    sys.stderr.write(f"\x1b[31m{text}\x1b[0m\n" if colour else text + "\n")


def console() -> Any:
    """A Rich console on stdout (imported on first use)."""
    from rich.console import Console

    # piped into a file or another program: wide enough that tables do not wrap
    width = None if sys.stdout.isatty() else 200
    return Console(highlight=False, width=width)
