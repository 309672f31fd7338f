"""The live page of a tournament (``coinche tournament serve``): a Starlette application.

Routes, and nothing else (no file is served from a path a visitor gives):

- ``/``: the projector page, the current round's tables and the standings after the last
  complete round, redrawn within seconds of any change (:mod:`coinche_cli.web.live`);
- ``/me``: the phone page, a team's table, opponent and results, and every team's table;
- ``/table/N`` (only with ``--entry``): the result of table N, entered once with the table's
  code (:mod:`coinche_cli.tournament.codes`), with the checks of ``tournament result``;
- ``/api/round``, ``/api/standings``: what ``tournament show --json`` and ``tournament
  standings --json`` print; ``/api/live``: the version the pages poll;
- ``/static/app.css``, ``/static/live.js``, ``/qr.svg``: the page's own assets.

Pages speak the browser's language (French or English); every name is escaped (Jinja2's
autoescape); the server changes nothing but results, each recorded as entered from the web.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import threading
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from importlib import resources
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from coinche_cli.cli.output import json_text
from coinche_cli.i18n import SOURCE, speaking
from coinche_cli.messages import msg
from coinche_cli.web import live
from coinche_cli.web.guard import Forms, WrongCodes
from coinche_cli.web.settings import Settings

#: How often the snapshot is read again from the store (seconds).
REFRESH = 1.0
#: The cookie that carries an entry form's token.
FORM_COOKIE = "coinche_form"
#: Headers of every answer: only the page's own assets, never in a frame.
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; script-src 'self'; "
                               "img-src 'self'; connect-src 'self'; form-action 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
STATIC = {"app.css": "text/css; charset=utf-8", "live.js": "text/javascript; charset=utf-8"}


class Live:
    """The latest snapshot, read again every :data:`REFRESH` seconds.

    The reading is done in a worker process: a big concours takes a fraction of a second to
    read and rank, and in the server's own process that time would hold every request back
    (one interpreter runs one thread at a time).  A request never waits for the store; if a
    reading fails, the last good snapshot stays and the error is kept.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        # at start-up, here: a tournament that cannot be read stops the command
        self.snapshot = live.read_settings(settings)
        self.error: str | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="coinche-live", daemon=True)
        self._reading = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None

    def refresh(self) -> None:
        """Read the store now (after an entry: the pages show it at once)."""
        with self._reading:
            try:
                if self._pool is None:
                    self._pool = ProcessPoolExecutor(
                        max_workers=1, mp_context=multiprocessing.get_context("spawn"))
                self.snapshot = self._pool.submit(live.read_settings, self.settings).result()
                self.error = None
            except BrokenProcessPool as exc:  # the worker died: a new one next time
                self._pool = None
                self.error = str(exc)
            except Exception as exc:
                # whatever the store said (an error raised in the worker may not even come
                # back whole), the pages keep the last good snapshot and this thread lives on
                self.error = str(exc) or type(exc).__name__

    def _run(self) -> None:
        while not self._stop.wait(REFRESH):
            self.refresh()

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        with self._reading:
            if self._pool is not None:
                self._pool.shutdown(cancel_futures=True)
                self._pool = None


def language(request: Request) -> str:
    """French or English, whichever the browser puts first (English when it names neither)."""
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in ("fr", "en"):
            return code
    return SOURCE


def create_app(settings: Settings) -> Starlette:
    """The application for ``settings``."""
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("coinche_cli.web", "templates"),
        autoescape=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined)
    state = Live(settings)
    forms, wrong = Forms(), WrongCodes()

    def page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        lang = language(request)
        with speaking(lang):  # rendered at once: no other request runs meanwhile
            html = environment.get_template(name).render(
                t=msg, lang=lang, snapshot=state.snapshot, entry=settings.entry,
                phone_url=settings.phone_url, **context)
        return HTMLResponse(html, status_code=status, headers=HEADERS)

    async def projector(request: Request) -> Response:
        return page(request, "projector.html")

    async def phone(request: Request) -> Response:
        typed = request.query_params.get("team", "")[:200]
        found = state.snapshot.team(typed) if typed else None
        return page(request, "me.html", typed=typed, found=found)

    async def table_form(request: Request) -> Response:
        return await _table(request, None)

    async def table_entry(request: Request) -> Response:
        form = await request.form(max_files=0, max_fields=10, max_part_size=4096)
        return await _table(request, {k: str(v)[:100] for k, v in form.items()})

    async def _table(request: Request, sent: dict[str, str] | None) -> Response:
        if not settings.entry:
            return PlainTextResponse("not found", status_code=404, headers=HEADERS)
        number = request.path_params["table"]
        snapshot = state.snapshot
        tables = {t["table"]: t for t in (snapshot.round or {}).get("tables", [])}
        if number not in tables or snapshot.round is None:
            return page(request, "table.html", 404, table=None, number=number,
                        problem=msg("web.no_such_table", table=number), token="")
        round_number = snapshot.round["round"]
        if sent is None:
            return _form(request, tables[number], round_number, None)
        from coinche_cli.web.entry import enter

        answer = await run_in_threadpool(
            enter, settings, forms, wrong, sent, request.cookies.get(FORM_COOKIE, ""),
            round_number, number)
        with speaking(language(request)):  # the answer in the page's language
            text = msg(answer.key, **answer.values)
        if answer.saved:
            await run_in_threadpool(state.refresh)  # the projector shows it at once
            return page(request, "table.html", table=tables[number], number=number,
                        problem=None, token="", round_number=round_number, saved=text)
        return _form(request, tables[number], round_number, text, answer.status)

    def _form(request: Request, table: dict[str, Any], round_number: int,
              problem: str | None, status: int = 200) -> Response:
        token = forms.issue(round_number, table["table"])
        response = page(request, "table.html", status, table=table, number=table["table"],
                        problem=problem, token=token, round_number=round_number, saved=None)
        response.set_cookie(FORM_COOKIE, token, max_age=30 * 60, httponly=True,
                            samesite="strict", path=f"/table/{table['table']}")
        return response

    async def api_round(request: Request) -> Response:
        data = state.snapshot.round
        if data is None:
            return _json({"error": msg("tournament.nothing_paired")}, 404)
        return _json(data)

    async def api_standings(request: Request) -> Response:
        return _json(state.snapshot.standings)

    async def api_live(request: Request) -> Response:
        return _json(state.snapshot.live_json())

    async def asset(request: Request) -> Response:
        name = request.url.path.rsplit("/", 1)[1]
        body = resources.files("coinche_cli.web").joinpath("static", name).read_bytes()
        return Response(body, media_type=STATIC[name],
                        headers={**HEADERS, "Cache-Control": "max-age=3600"})

    async def qr(request: Request) -> Response:
        return Response(_qr_svg(settings.phone_url), media_type="image/svg+xml",
                        headers=HEADERS)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        state.start()
        try:
            yield
        finally:
            state.stop()

    routes = [
        Route("/", projector), Route("/me", phone),
        Route("/table/{table:int}", table_form, methods=["GET"]),
        Route("/table/{table:int}", table_entry, methods=["POST"]),
        Route("/api/round", api_round), Route("/api/standings", api_standings),
        Route("/api/live", api_live), Route("/qr.svg", qr),
        *(Route(f"/static/{name}", asset) for name in STATIC),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.live = state
    return app


def _json(data: Any, status: int = 200) -> Response:
    """JSON as the commands print it (``--json``), byte for byte."""
    return Response(json_text(data), status_code=status,
                    media_type="application/json", headers=HEADERS)


def _qr_svg(url: str) -> bytes:
    """The QR code of ``url`` as an SVG image (made here: the hall may have no internet)."""
    import io

    import segno

    image = io.BytesIO()  # a whole SVG file (with its namespace): an <img> shows it
    segno.make(url, error="m").save(image, kind="svg", scale=8, border=2, xmldecl=False)
    return image.getvalue()
