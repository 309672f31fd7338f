"""``coinche tournament serve`` for the tests: the installed command in a real process on a
free port of the loopback, and a small HTTP client that keeps a browser's cookie.

Only the standard library talks to it (``http.client``): the tests see what any browser
would, headers and bytes.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from tests.harness import installed_command


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LiveServer:
    """A running ``tournament serve``; :meth:`stop` ends it."""

    def __init__(self, db: Path | str, *options: str, cwd: Path | None = None,
                 env: dict[str, str] | None = None, files: int | None = None,
                 host: str | None = "127.0.0.1",
                 serve: Sequence[str] = ("tournament", "serve"),
                 ready: str = "/api/live") -> None:
        """``files``: the server's limit of open files, soft and hard (a machine's usual
        1,024, made smaller to test the flood of connections in a few hundred); ``host``:
        the ``--host`` given (the loopback, given as a director gives it; None: no
        ``--host``, which ``--entry`` warns of); ``serve``: the command (``game serve``: the
        score sheet's free games), answering ``ready`` once it listens."""
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        command = [str(installed_command()), "--db", str(db), *serve,
                   "--port", str(self.port), *(() if host is None else ("--host", host)),
                   *options]
        # what it prints goes to files: a pipe nobody reads would stop the server once full
        # (closed by stop, which the callers call however the test ends)
        self.output = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self.errors = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self.process = subprocess.Popen(command, cwd=cwd, env=env, stdout=self.output,
                                        stderr=self.errors, text=True,
                                        preexec_fn=None if files is None else
                                        lambda: _limit_files(files))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                out, err = self.printed()
                raise RuntimeError(f"serve exited {self.process.returncode}: {out}{err}")
            try:
                if self.get(ready).status == 200:
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("serve did not answer within 30 s")

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None, source: str | None = None) -> Answer:
        """One request on a connection of its own; ``source``: the loopback address it comes
        from (127.0.0.2, …: another phone), 127.0.0.1 by default."""
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=20,
            source_address=None if source is None else (source, 0))
        try:
            connection.request(method, path, body=body, headers=headers or {})
            raw = connection.getresponse()
            return Answer(raw.status, dict(raw.getheaders()), raw.read(),
                          raw.headers.get_all("set-cookie") or [])
        finally:
            connection.close()

    def get(self, path: str, *, source: str | None = None, **headers: str) -> Answer:
        return self.request("GET", path, headers=headers, source=source)

    def post(self, path: str, fields: dict[str, str], cookie: str | None = None, *,
             source: str | None = None) -> Answer:
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        if cookie is not None:
            headers["Cookie"] = cookie
        return self.request("POST", path, urlencode(fields).encode(), headers, source)

    def post_json(self, path: str, data: Any, *, source: str | None = None,
                  headers: dict[str, str] | None = None) -> Answer:
        """``data`` posted as JSON (the score sheet's API)."""
        body = data if isinstance(data, bytes) else json.dumps(data).encode()
        return self.request("POST", path, body, {"Content-Type": "application/json",
                                                 **(headers or {})}, source)

    def printed(self) -> tuple[str, str]:
        """What the server printed so far, on stdout and on stderr."""
        texts = []
        for stream in (self.output, self.errors):
            stream.seek(0)
            texts.append(stream.read())
        return texts[0], texts[1]

    def stop(self) -> tuple[str, str]:
        """Stop the server; what it printed (a traceback on stderr fails the caller)."""
        if self.process.poll() is None:
            self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        printed = self.printed()
        self.output.close()
        self.errors.close()
        return printed


def _limit_files(files: int) -> None:
    """In the server's process, before it starts: at most ``files`` open files."""
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))


class Answer:
    """An HTTP answer: status, headers, body, the cookies it set."""

    def __init__(self, status: int, headers: dict[str, str], body: bytes,
                 cookies: Sequence[str]) -> None:
        self.status = status
        self.headers = {k.lower(): v for k, v in headers.items()}
        self.body = body
        self.cookies = list(cookies)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    def json(self) -> Any:
        return json.loads(self.body)

    def form(self) -> tuple[dict[str, str], str]:
        """The entry form's hidden fields, and the cookie to send back with it."""
        fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">',
                                 self.text))
        cookie = next(c for c in self.cookies if c.startswith("coinche_form="))
        return fields, cookie.split(";", 1)[0]
