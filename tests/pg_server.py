"""A real PostgreSQL server for the tests: the machine's own ``initdb`` and ``pg_ctl``.

One server per test session, in a temporary folder, on a free port of the loopback, with
trust authentication for the test user; each test gets a database of its own.  PostgreSQL
refuses to run as root: when the tests do, the server runs as the ``postgres`` user (or
``nobody``).  Without PostgreSQL the tests that need it skip, saying why, except under
``CI=true``, where a missing server fails them (``.ci/run`` installs it).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

#: The server's superuser, the one the tests connect as.
USER = "coinche"


def binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: on PATH, else the newest Debian install."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                      key=lambda p: int(Path(p).parent.parent.name))
    return Path(versions[-1]).parent if versions else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """A running PostgreSQL server; :meth:`stop` ends it and removes its folder."""

    def __init__(self, *, fsync: bool = False) -> None:
        folder = binaries()
        if folder is None:
            raise FileNotFoundError("PostgreSQL is not installed (no initdb, no "
                                    "/usr/lib/postgresql/*/bin)")
        self.bin = folder
        self.root = Path(tempfile.mkdtemp(prefix="coinche-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL will not run as root
            runner = shutil.which("runuser") or shutil.which("su")
            account = "postgres" if _exists("postgres") else "nobody"
            self.as_user = [runner, "-u", account, "--"] if runner and "runuser" in runner \
                else ["su", account, "-s", "/bin/sh", "-c"]
            shutil.chown(self.root, account)
        os.chmod(self.root, 0o755)
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", USER,
                  "--no-sync", "-E", "UTF8", "--locale", "C")
        # the tests' server trusts its disk less than a desk's would: fsync off (a benchmark
        # asks for it on)
        durability = "" if fsync else "-c fsync=off -c synchronous_commit=off "
        options = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                   f"{durability}-c max_connections=200")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-l",
                  str(self.root / "server.log"), "-w", "start")

    def _run(self, *command: str) -> None:
        if self.as_user and self.as_user[0] == "su":
            line = " ".join(f"'{part}'" for part in command)
            argv = [*self.as_user, line]
        else:
            argv = [*self.as_user, *command]
        subprocess.run(argv, check=True, capture_output=True, text=True, cwd=self.root)

    def url(self, database: str = "postgres") -> str:
        """The URL of ``database`` on this server."""
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty database; its URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        """Stop the server and remove its folder."""
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                      "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def _exists(account: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(account)
    except KeyError:
        return False
    return True
