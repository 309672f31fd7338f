"""Hostile inputs run as real processes of the installed command, under limits.

Every test here keeps the contract of every command: bad input → exit 2 and one line on
stderr naming the field (an I/O problem: exit 1, one line); never a traceback; the store
unchanged (``data_checksum`` before and after); no file created or changed but the one the
user named.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.harness import Cli, Limits

#: What a refused input may cost: 200 MiB of address space, 10 s of CPU.
LIMITS = Limits(memory=200 * 2**20, seconds=10)


@pytest.fixture
def hostile(store: Path) -> Cli:
    """The installed command on the test's store, in a real process under :data:`LIMITS`."""
    return Cli(store, limits=LIMITS)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs of its own, mounted for the test (root only; under CI as root it must
    be there: the test does not skip)."""
    folder = tmp_path / "disk"
    folder.mkdir()
    ci = os.environ.get("CI") == "true" and os.geteuid() == 0
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
                             capture_output=True, text=True, check=False)
    if mounted.returncode != 0:
        assert not ci, f"CI as root must mount a tmpfs: {mounted.stderr}"
        pytest.skip(f"this machine will not mount a tmpfs: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def fill_disk(folder: Path) -> Path:
    """Fill the disk holding ``folder`` to its last byte; the filler's path."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as handle:
        for size in (4096, 1):  # then the last few bytes a block at a time would leave
            with contextlib.suppress(OSError):
                while True:
                    handle.write(b"\0" * size)
    assert os.statvfs(folder).f_bavail == 0
    return filler
