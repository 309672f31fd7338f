"""The one error root: every mistake a user can make is a subclass of :class:`CoincheError`.

The command line turns any of them into one line on stderr; ``exit_code`` says which code
(2 for bad input, 1 for an operation that failed).
"""

from __future__ import annotations

from typing import Any

from coinche_cli.messages import msg


class CoincheError(ValueError):
    """Base of every error a user can cause."""

    exit_code = 2

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class RulesError(CoincheError):
    """A rules file (or name) that cannot be used; ``problems`` lists every one found."""

    def __init__(self, problems: list[str]) -> None:
        problems = sorted(problems, key=_where)
        first = problems[0] if problems else ""
        more = len(problems) - 1
        # one line for a command that was only using the rules; `rules validate` lists all
        text = first if more == 0 else msg("rules.more_problems", first=first, more=more)
        super().__init__(text)
        self.problems = problems


def _where(problem: str) -> tuple[str, int]:
    """Sort key of a ``FILE:LINE: key: reason`` problem: file, then line."""
    file, _, rest = problem.partition(":")
    line = rest.split(":", 1)[0]
    return (file, int(line) if line.isdigit() else 0)


class DealError(CoincheError):
    """A deal that is malformed, or not allowed by the variant; ``field`` names the culprit."""

    def __init__(self, field: str, key: str, **values: Any) -> None:
        self.field = field
        super().__init__(f"{field}: {msg(key, **values)}")


class GameError(CoincheError):
    """A game operation that cannot be done: unknown game, finished game, nothing to undo."""

    def __init__(self, key: str, **values: Any) -> None:
        self.key = key
        super().__init__(msg(key, **values))


class StoreError(CoincheError):
    """The store could not be opened or written."""

    exit_code = 1


class TournamentError(CoincheError):
    """A tournament operation refused: unknown team, round not complete, closed round…"""

    def __init__(self, key: str, **values: Any) -> None:
        self.key = key
        super().__init__(msg(key, **values))


class ExportFailed(CoincheError):
    """A file could not be written: a missing folder, no permission, a file open elsewhere."""

    exit_code = 1
