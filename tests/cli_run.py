"""Run the installed ``coinche`` command in a real process, against one store file.

Used by the end-to-end tests: every call is a fresh ``python -m coinche_cli --db PATH …``
process, exactly what a scorekeeper's shell runs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def coinche(db: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``coinche --db DB ARGS…`` in a subprocess; never raises on a non-zero exit."""
    env = {key: value for key, value in os.environ.items() if key != "COINCHE_DB"}
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "coinche_cli", "--db", str(db), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        input=stdin,
        env=env,
        check=False,
    )


def coinche_json(db: Path, *args: str, stdin: str | None = None) -> Any:
    """Run ``coinche --db DB ARGS… --json``, insist on exit code 0 and decode stdout."""
    result = coinche(db, *args, "--json", stdin=stdin)
    assert result.returncode == 0, (
        f"coinche {' '.join(args)} exited {result.returncode}: {result.stderr.strip()}"
    )
    return json.loads(result.stdout)
