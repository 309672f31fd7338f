"""Hostile inputs run as real processes of the installed command, under limits.

Every test here keeps the contract of every command: bad input → exit 2 and one line on
stderr naming the field (an I/O problem: exit 1, one line); never a traceback; the store
unchanged (``data_checksum`` before and after); no file created or changed but the one the
user named.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness import Cli, Limits

#: What a refused input may cost: 200 MiB of address space, 10 s of CPU.
LIMITS = Limits(memory=200 * 2**20, seconds=10)


@pytest.fixture
def hostile(store: Path) -> Cli:
    """The installed command on the test's store, in a real process under :data:`LIMITS`."""
    return Cli(store, limits=LIMITS)
