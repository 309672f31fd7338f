"""Every command is documented (as sqlite-utils' test_docs does).  That the code stays clean
is the job of ``ruff`` and ``mypy``, steps of ``.ci/run`` before the tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer.main

from coinche_cli.cli.main import build

ROOT = Path(__file__).resolve().parent.parent


def _commands() -> list[str]:
    """Every command path of the complete app: ``score``, ``game add``, ``tournament team add``."""
    found: list[str] = []

    def walk(command: object, prefix: str) -> None:
        subcommands = getattr(command, "commands", None)
        if subcommands is None:
            found.append(prefix.strip())
            return
        for name, sub in subcommands.items():
            walk(sub, f"{prefix} {name}")

    walk(typer.main.get_command(build()), "")
    return sorted(found)


@pytest.mark.parametrize("command", _commands())
def test_every_command_is_in_the_readme_and_has_help(command: str) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.search(rf"coinche {re.escape(command)}\b", readme), f"README lacks `{command}`"
    parts = command.split()
    group = typer.main.get_command(build())
    target = group
    for part in parts:
        target = target.commands[part]  # type: ignore[attr-defined]
    assert target.help and len(target.help.strip()) > 20, f"`{command}` has no real help"
