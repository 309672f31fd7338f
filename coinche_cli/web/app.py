"""The live page of a tournament (``coinche tournament serve``): a Starlette application.

Routes, and nothing else (no file is served from a path a visitor gives):

- ``/``: the projector page, the current round's tables (each under its stage's name when the
  concours has stages), the bracket of each knock-out stage started, and the standings after
  the last complete round, in turn, redrawn within seconds of any change
  (:mod:`coinche_cli.web.snapshot`);
- ``/me``: the phone page, a team's table, opponent and results, and once a later stage has
  started its stage: the match it plays next, the round that knocked it out, or its final
  place; the same cost for 30 teams or 3,000 (issue 25);
- ``/teams``: every team's table, a hundred a page, searched by name, made once per snapshot
  and page and sent again only when it changed (its ``ETag``);
- ``/table/N`` (only with ``--entry``): the result of table N, entered once with the table's
  code (:mod:`coinche_cli.tournament.codes`), with the checks of ``tournament result``;
- ``/api/round``, ``/api/standings``: what ``tournament show --json`` and ``tournament
  standings --json`` print; ``/api/live``: the version the pages poll;
- ``/print/standings``, ``/print/pairings``, ``/print/prizes``: the posters for the wall, as
  ``tournament poster`` writes them (:mod:`coinche_cli.web.printing`);
- ``/standings.png``: the current standings as ``tournament share standings`` draws them, a
  picture to share from a phone (``?page=2``: the next picture of a long field), drawn from
  the snapshot once per change and language;
- ``/static/app.css``, ``/static/live.js``, ``/qr.svg``: the page's own assets.

The projector speaks the room's language, the one coinche runs in (``--lang``,
``COINCHE_LANG``, the locale), whatever the projector's browser says; a phone's pages speak
its browser's language among those coinche has (English, French, another catalogue), the
room's when it names none.  Every name is escaped (Jinja2's autoescape); the server changes
nothing but results, each recorded as entered from the web.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import time
from collections.abc import AsyncIterator
from importlib import resources
from typing import TYPE_CHECKING, Any

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from coinche_cli.errors import escaped_text
from coinche_cli.i18n import SOURCE, _, languages, ngettext, speaking
from coinche_cli.json_text import json_text
from coinche_cli.tournament.model import round_title
from coinche_cli.tournament.money import format_amount
from coinche_cli.tournament.stage_views import label_words
from coinche_cli.web.guard import Forms, WrongCodes, client_of
from coinche_cli.web.refresh import Live
from coinche_cli.web.settings import Settings
from coinche_cli.web.snapshot import Snapshot

if TYPE_CHECKING:
    from coinche_cli.sheets.share_layout import Page
    from coinche_cli.tournament.views import TableJson

#: The largest entry form a phone sends (five short fields).
MAX_FORM_BYTES = 4096
#: The longest team name a page takes from its address (a name has at most 100 characters).
MAX_TEAM = 200
#: The names on a page of ``/teams``, and the most pages of it kept made.
PAGE = 100
KEPT_PAGES = 256
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
STATIC = {"app.css": "text/css; charset=utf-8", "live.js": "text/javascript; charset=utf-8",
          "sheet.js": "text/javascript; charset=utf-8"}


def language(request: Request, known: frozenset[str], room: str = SOURCE) -> str:
    """The language the browser prefers among those coinche speaks (English, French, and
    any catalogue in ``COINCHE_LOCALEDIR``); the room's (``room``) when it names none."""
    wanted = []
    for position, part in enumerate(request.headers.get("accept-language", "").split(",")[:20]):
        tag, _sep, weight = part.strip().partition(";q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            quality = 0.0
        if tag and quality > 0:
            wanted.append((-quality, position, tag.replace("-", "_")))
    for _quality, _position, tag in sorted(wanted):
        for code in (tag, tag.split("_")[0].lower()):
            if code in known:
                return code
    return room


def make_environment() -> jinja2.Environment:
    """The pages' templates: every value escaped, an unknown name an error."""
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("coinche_cli.web", "templates"),
        autoescape=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined)
    # the pages' sentences, marked in the templates as in the code: _("Table {table}", table=3)
    environment.globals["_"] = _sentence
    environment.globals["ngettext"] = _plural
    environment.globals["round_title"] = round_title  # "Round 2"; "Ronde 2 (2e partie)"
    environment.globals["amount"] = format_amount  # "€20.00"; "20,00 €" (the prize list)
    # a bracket's column in the room's words: "Quarter-finals"; « Quarts de finale »
    environment.globals["bracket_label"] = label_words
    # what a phone typed, quoted by a sentence: its control characters escaped, as a refusal
    environment.filters["escaped"] = escaped_text
    return environment


def create_app(settings: Settings) -> Guarded:
    """The application for ``settings``."""
    environment = make_environment()
    forms, wrong = Forms(), WrongCodes()
    state = Live(settings, reopen=wrong.reopen)  # tournament reopen: forget wrong codes
    known = frozenset(languages())

    def spoken(request: Request) -> str:
        """A phone's language: its browser's, else the room's."""
        return language(request, known, settings.language)

    def render(name: str, lang: str, snap: Snapshot, **context: Any) -> str:
        with speaking(lang):  # this request's context only: no other page or entry hears it
            return environment.get_template(name).render(
                lang=lang.replace("_", "-"), snapshot=snap, entry=settings.entry,
                phone_url=settings.phone_url, phones_reach=settings.phones_reach, **context)

    def page(request: Request, name: str, status: int = 200, lang: str | None = None,
             **context: Any) -> HTMLResponse:
        html = render(name, lang or spoken(request), state.snapshot, **context)
        return HTMLResponse(html, status_code=status, headers=HEADERS)

    async def projector(request: Request) -> Response:
        """``/``: the round's tables and the standings, for the projector, in the room's
        language (the projector's browser is not asked)."""
        return page(request, "projector.html", lang=settings.language)

    async def phone(request: Request) -> Response:
        """``/me``: a team's table, opponent and results (the whole list is ``/teams``: on
        every phone's every view it made the server's work grow with the square of the
        field)."""
        typed = request.query_params.get("team", "")[:MAX_TEAM]
        found = state.snapshot.entrant(typed) if typed else None
        return page(request, "me.html", typed=typed, found=found)

    listed: dict[tuple[str, str, int, str], tuple[str, bytes]] = {}  # a page: ETag, body

    async def everyone(request: Request) -> Response:
        """``/teams``: every team's table, :data:`PAGE` a page, or those a search finds;
        each page made once per snapshot and language, and not sent again to a phone that
        has it (``If-None-Match``)."""
        snap, lang = state.snapshot, spoken(request)
        typed = request.query_params.get("q", "")[:MAX_TEAM]
        wanted = request.query_params.get("page", "1")
        number = int(wanted) if wanted.isascii() and wanted.isdigit() and len(wanted) < 6 else 1
        key = (snap.version, lang, number, typed)
        made = listed.get(key)
        if made is None:
            rows = snap.listing(typed)
            pages = max(1, -(-len(rows) // PAGE))
            number = min(max(number, 1), pages)
            html = render("teams.html", lang, snap, typed=typed, page=number, pages=pages,
                          rows=rows[(number - 1) * PAGE:number * PAGE])
            tag = hashlib.sha256(html.encode()).hexdigest()[:20]
            if len(listed) >= KEPT_PAGES or any(k[0] != snap.version for k in listed):
                listed.clear()  # an older snapshot's pages, or too many searches
            made = listed[key] = (f'"{tag}"', html.encode())
        # a phone revalidates (no-cache) and gets 304 when its copy is this one
        headers = {**HEADERS, "Cache-Control": "no-cache", "ETag": made[0],
                   "Vary": "Accept-Language"}
        if made[0] in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        return HTMLResponse(made[1], headers=headers)

    async def table_form(request: Request) -> Response:
        """``GET /table/N``: the entry form (with ``--entry``)."""
        return await _table(request, None)

    async def table_entry(request: Request) -> Response:
        """``POST /table/N``: a result sent from a phone (with ``--entry``)."""
        # a form of five short fields: a body of unknown or large size is not read at all
        length = request.headers.get("content-length", "")
        if not length.isdigit() or int(length) > MAX_FORM_BYTES:
            return PlainTextResponse("payload too large", status_code=413, headers=HEADERS)
        if not request.headers.get("content-type", "").startswith(
                "application/x-www-form-urlencoded"):
            return PlainTextResponse("unsupported media type", status_code=415,
                                     headers=HEADERS)
        try:
            form = await request.form(max_files=0, max_fields=10, max_part_size=MAX_FORM_BYTES)
        except ClientDisconnect:  # gone, or cut off for sending its body too slowly
            return PlainTextResponse("request timeout", status_code=408, headers=HEADERS)
        return await _table(request, {k: str(v)[:100] for k, v in form.items()})

    async def _table(request: Request, sent: dict[str, str] | None) -> Response:
        if not settings.entry:
            return PlainTextResponse("not found", status_code=404, headers=HEADERS)
        number = request.path_params["table"]
        snapshot = state.snapshot
        table = snapshot.table(number)
        # the team whose page led here ("back to my table" goes back to it)
        team = request.query_params.get("team", "")[:MAX_TEAM]
        if table is None:
            with speaking(spoken(request)):  # the page's language, as the page
                problem = _("There is no table {table} in this round.").format(table=number)
            return page(request, "table.html", 404, table=None, number=number, team=team,
                        problem=problem, token="", round_number=None, saved=None, kept={})
        assert snapshot.round is not None  # it has the table
        round_number = snapshot.round["round"]
        if sent is None:
            return _form(request, table, round_number, team, None)
        from coinche_cli.web.entry import enter

        # the entry speaks the page's language: its thread runs in this request's context
        with speaking(spoken(request)):
            answer = await run_in_threadpool(
                enter, settings, forms, wrong, sent, request.cookies.get(FORM_COOKIE, ""),
                number, _client(request))
        text = answer.text
        if answer.saved:
            state.wake()  # the pages show it within a second
            return page(request, "table.html", table=table, number=number, team=team,
                        problem=None, token="", round_number=round_number, saved=text,
                        kept={})
        # refused: the form again, with the scores the players typed (the code is typed again)
        kept = {field: sent.get(field, "")[:7] for field in ("score1", "score2")}
        return _form(request, table, round_number, team, text, answer.status, kept)

    def _form(request: Request, table: TableJson, round_number: int, team: str,
              problem: str | None, status: int = 200,
              kept: dict[str, str] | None = None) -> Response:
        token = forms.issue(round_number, table["table"], tuple(table["teams"]),
                            _client(request))
        response = page(request, "table.html", status, table=table, number=table["table"],
                        team=team, problem=problem, token=token, round_number=round_number,
                        saved=None, kept=kept or {})
        response.set_cookie(FORM_COOKIE, token, max_age=30 * 60, httponly=True,
                            samesite="strict", path=f"/table/{table['table']}")
        return response

    async def api_round(request: Request) -> Response:
        """``/api/round``: what ``tournament show --json`` prints."""
        data = state.snapshot.round
        if data is None:
            with speaking(SOURCE):  # JSON is English, whatever the server's language
                return _json({"error": _("no round has been paired yet")}, 404)
        return _json(data)

    async def api_standings(request: Request) -> Response:
        """``/api/standings``: what ``tournament standings --json`` prints."""
        return _json(state.snapshot.standings)

    async def api_live(request: Request) -> Response:
        """``/api/live``: the snapshot's version (the pages poll it) and the round's end."""
        return _json(state.snapshot.live_json())

    printed: dict[str, tuple[str, float, Any]] = {}  # a poster by kind: version, time, page
    printing = asyncio.Lock()

    async def print_page(request: Request) -> Response:
        """``/print/KIND``: a poster for the wall, read again only when the tournament
        changed (or after a few seconds), one reading at a time."""
        from coinche_cli.web import printing as posters

        kind = request.url.path.rsplit("/", 1)[1]
        async with printing:
            version, made = state.snapshot.version, printed.get(kind)
            if made is None or made[0] != version or time.monotonic() - made[1] > posters.KEEP:
                made = (version, time.monotonic(),
                        await run_in_threadpool(posters.poster_page, settings, kind))
                printed[kind] = made
        poster = made[2]
        if poster is None:
            return PlainTextResponse("nothing to print yet", status_code=404, headers=HEADERS)
        return HTMLResponse(poster.html, headers={
            **HEADERS, "Content-Security-Policy": posters.policy(poster)})

    # by language: the snapshot's version, its pictures laid out, those drawn so far (a long
    # field's are many: only the ones asked for are drawn)
    pictures: dict[str, tuple[str, list[Page], dict[int, bytes]]] = {}
    drawing = asyncio.Lock()

    async def standings_png(request: Request) -> Response:
        """``/standings.png``: the standings as a picture to share, in the phone's language,
        drawn again only when the snapshot changed, one drawing at a time."""
        from coinche_cli.sheets.share_draw import png

        page = request.query_params.get("page", "1")
        snap, lang = state.snapshot, spoken(request)
        async with drawing:
            made = pictures.get(lang)
            if made is None or made[0] != snap.version:
                made = (snap.version, await run_in_threadpool(standings_pages, snap, lang), {})
                pictures[lang] = made
            _version, laid, drawn = made
            if not page.isdigit() or not 1 <= int(page) <= len(laid):
                return PlainTextResponse("no such picture", status_code=404, headers=HEADERS)
            index = int(page) - 1
            if index not in drawn:
                drawn[index] = await run_in_threadpool(png, laid[index])
        return Response(drawn[index], media_type="image/png", headers=HEADERS)

    async def qr(request: Request) -> Response:
        """The QR code of the players' page."""
        return Response(qr_svg(settings.phone_url), media_type="image/svg+xml",
                        headers=HEADERS)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        state.start()
        try:
            yield
        finally:
            state.stop()

    from coinche_cli.web.entry import wrong_code
    from coinche_cli.web.sheet_routes import table_routes

    routes = [
        *table_routes(settings, forms, wrong, page, spoken, state.wake,
                      lambda who, played, table: wrong_code(settings, wrong, who, played, table),
                      HEADERS),
        Route("/", projector), Route("/me", phone), Route("/teams", everyone),
        Route("/table/{table:int}", table_form, methods=["GET"]),
        Route("/table/{table:int}", table_entry, methods=["POST"]),
        Route("/api/round", api_round), Route("/api/standings", api_standings),
        Route("/api/live", api_live), Route("/qr.svg", qr),
        Route("/standings.png", standings_png),
        *(Route(f"/print/{kind}", print_page)
          for kind in ("standings", "pairings", "prizes", "bracket")),
        *(Route(f"/static/{name}", asset) for name in STATIC),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.router.redirect_slashes = False  # a redirect would echo the request's Host header
    return Guarded(app)


def run(app: Guarded, host: str, port: int, proxy: str | None = None) -> None:
    """Serve ``app`` on ``host:port`` until Ctrl-C or SIGTERM, each connection guarded
    (:mod:`coinche_cli.web.connections`); ``proxy``: the address of the proxy in front of
    it, whose ``X-Forwarded-For`` names the phone (no other's is read)."""
    from coinche_cli.web.connections import serve

    serve(app, host, port, proxy)


class Guarded:
    """Every answer carries :data:`HEADERS`, Starlette's own (404, 405, 500) included."""

    def __init__(self, app: Starlette) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def guarded(message: Any) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(
                    (name.lower().encode(), value.encode()) for name, value in HEADERS.items()
                    if name.lower().encode() not in present)]
            await send(message)

        await self.app(scope, receive, guarded if scope["type"] == "http" else send)


async def asset(request: Request) -> Response:
    """The page's own stylesheet and scripts (fixed names: no path from a visitor)."""
    name = request.url.path.rsplit("/", 1)[1]
    body = resources.files("coinche_cli.web").joinpath("static", name).read_bytes()
    return Response(body, media_type=STATIC[name],
                    headers={**HEADERS, "Cache-Control": "max-age=3600"})


def _client(request: Request) -> str:
    """The phone that sent ``request`` (:func:`~coinche_cli.web.guard.client_of`)."""
    return client_of(request.client.host if request.client else None)


def _sentence(message: str, **values: Any) -> str:
    """A sentence of a page in the language in force, its placeholders filled (Jinja2 then
    escapes the whole of it)."""
    return _(message).format(**values) if values else _(message)


def _plural(singular: str, plural: str, number: int, **values: Any) -> str:
    """A sentence of a page that depends on a number (``3 deals``), in the language in
    force, its placeholders filled."""
    return ngettext(singular, plural, number).format(**values)


def _json(data: Any, status: int = 200) -> Response:
    """JSON as the commands print it (``--json``), byte for byte."""
    return Response(json_text(data), status_code=status,
                    media_type="application/json", headers=HEADERS)


def standings_pages(snap: Snapshot, lang: str) -> list[Page]:
    """The standings of ``snap`` (every result so far) laid out as ``tournament share
    standings`` lays them out, in ``lang``: a page per picture, to draw
    (:func:`coinche_cli.sheets.share_draw.png`)."""
    from coinche_cli.sheets.share_content import standings
    from coinche_cli.sheets.share_draw import measure
    from coinche_cli.sheets.share_layout import pages

    with speaking(lang):
        return pages(standings({
            "kind": "standings", "name": snap.name, "melee": snap.melee, "final": False,
            "after": snap.round["round"] if snap.round is not None else None,
            "rows": snap.standings}), measure)


def qr_svg(url: str) -> bytes:
    """The QR code of ``url`` as an SVG image (made here: the hall may have no internet)."""
    import io

    import segno

    image = io.BytesIO()  # a whole SVG file (with its namespace): an <img> shows it
    segno.make(url, error="m").save(image, kind="svg", scale=8, border=2, xmldecl=False)
    return image.getvalue()
