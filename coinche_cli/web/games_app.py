"""``coinche game serve``: the score sheet on the phone for the evenings that are not a
concours (the club's free play, a café table), a Starlette application.

Routes, and nothing else:

- ``/``: start a game (two team names, or two or three players in the chien; the rules
  among those the server offers), or join one by its code;
- ``/g/CODE``: the game's score sheet, the same page as a concours table's
  (:mod:`coinche_cli.web.sheet_routes`), for whoever has its join code;
- ``POST /api/game`` (``{"teams": [A, B], "rules": NAME}`` or ``{"players": [...]}``):
  start a game, answered with its ``join_code`` and the game as ``game show --json``
  prints it; ``GET /api/game/CODE/game``, ``POST /api/game/CODE/deal|undo|edit``: as a
  concours table's; ``GET /api/rules``: the rules a phone may choose;
- ``/static/…``, ``/qr.svg``: the page's own assets.

Each game is an ordinary stored game (``game show``, ``game stats``, ``game export`` see it)
with a join code of six characters: a second phone at the table follows or takes over with
it, nobody else can write to it.  A wrong join code counts against the phone that sent it
(five a minute).  The terminal's current game is left alone.
"""

from __future__ import annotations

import contextlib
import secrets
import time
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from coinche_cli.errors import CoincheError, filled
from coinche_cli.i18n import _, languages, speaking
from coinche_cli.tournament.codes import ALPHABET, LENGTH
from coinche_cli.web.app import HEADERS, STATIC, Guarded, asset, language, make_environment, qr_svg
from coinche_cli.web.guard import Forms, WrongCodes
from coinche_cli.web.sheet import Asked, Refused, apply, free_game, refused, sheet_json
from coinche_cli.web.sheet_routes import (
    FORM_COOKIE,
    _kept,
    _picked,
    asked,
    client,
    form_change,
    form_fields,
    in_thread,
    json_answer,
    read_json,
    refusal,
    sheet_context,
)

if TYPE_CHECKING:
    from coinche_cli.game.views import ShownView
    from coinche_cli.store.protocol import Store
    from coinche_cli.web.settings import GameSettings

#: The longest name a phone may give a side (a team's name has at most 100 characters).
MAX_NAME = 100


def new_join_code(store: Store) -> str:
    """A join code no game of ``store`` has: six characters without look-alikes, drawn at
    random (31⁶, about 887 million)."""
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if store.joined_game(code) is None:
            return code


def start_game(settings: GameSettings, store: Store, names: list[str],
               rules_name: str | None, field: str = "teams") -> tuple[str, ShownView]:
    """Start a game between ``names`` (two teams, or the chien's players: the request's
    ``field``) under the offered rules called ``rules_name`` (None: the server's default);
    its join code and the game."""
    from coinche_cli.game import ops as games

    name = rules_name or settings.default
    rules = settings.rules.get(name)
    if rules is None:
        raise Refused("rules", filled(_("rules: “{got}” is not offered here (choose one of: "
                                        "{known})"), got=str(name),
                                      known=", ".join(settings.rules)))
    code = new_join_code(store)
    try:
        record, _state = games.new_game(
            store, rules, players=None if rules.team_game else len(names), names=names,
            dealer=None, target=settings.target if rules.end.deals is None else None,
            deals=None, join_code=code)
    except CoincheError as exc:
        refusal = refused(exc, field)
        if refusal.field in ("team", "player", "side"):  # a name: the request's own field
            refusal.field = field
        raise refusal from None
    return code, sheet_json(store, record.id)


def names_of(data: dict[str, Any]) -> list[str]:
    """The sides' names a request gives: ``teams`` (two) or ``players`` (the chien)."""
    field = "players" if "players" in data else "teams"
    names = data.get(field)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or not (
            2 <= len(names) <= 3):
        raise Refused(field, _("{field}: give two team names (or two or three players in the "
                               "chien)").format(field=field))
    return [n[:MAX_NAME + 1] for n in names]


def create_games_app(settings: GameSettings) -> Guarded:
    """The application of ``game serve`` for ``settings``."""
    environment = make_environment()
    forms, wrong = Forms(), WrongCodes()
    known = frozenset(languages())

    def spoken(request: Request) -> str:
        return language(request, known, settings.language)

    def page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        lang = spoken(request)
        with speaking(lang):
            html = environment.get_template(name).render(
                lang=lang.replace("_", "-"), snapshot=None, entry=True,
                phone_url=settings.phone_url, phones_reach=settings.phones_reach, **context)
        return HTMLResponse(html, status_code=status, headers=HEADERS)

    def opened() -> Store:
        return settings.open_store()

    async def home(request: Request) -> Response:
        """``/``: start a game, or join one."""
        return _home(request, None, 200, {})

    def _home(request: Request, problem: str | None, status: int,
              kept: dict[str, str]) -> Response:
        token = forms.issue(0, 0, (), client(request))
        response = page(request, "games.html", status, token=token, problem=problem,
                        rules=list(settings.rules), default=settings.default, kept=kept)
        response.set_cookie(FORM_COOKIE, token, max_age=30 * 60, httponly=True,
                            samesite="strict", path="/")
        return response

    async def new(request: Request) -> Response:
        """``POST /new``: the start form."""
        try:
            fields, _announces = await form_fields(request)
        except Refused as exc:
            return Response(exc.message, exc.status, headers=HEADERS)
        kept = {k: v for k, v in fields.items() if k.startswith("side_") or k == "rules"}
        if forms.take(fields.get("token", ""), request.cookies.get(FORM_COOKIE, ""),
                      0, 0) is None:
            return _home(request, _("This form was already sent, or has expired: send it "
                                    "again."), 403, kept)
        names = [fields[f"side_{n}"].strip() for n in (1, 2, 3)
                 if fields.get(f"side_{n}", "").strip()]

        def work() -> str:
            store = opened()
            try:
                return start_game(settings, store, names, fields.get("rules") or None)[0]
            finally:
                store.close()

        try:
            code = await in_thread(request, spoken(request), work)
        except Refused as exc:
            return _home(request, exc.message, exc.status, kept)
        return RedirectResponse(f"/g/{code}", 303, headers=HEADERS)

    async def join(request: Request) -> Response:
        """``/join?code=…``: the game of a join code."""
        typed = request.query_params.get("code", "")[:20]
        cleaned = "".join(c for c in typed.upper() if c.isalnum())
        return RedirectResponse(f"/g/{cleaned}", 303, headers=HEADERS)

    async def sheet_page(request: Request) -> Response:
        """``GET /g/CODE``: the game's sheet."""
        saved = request.query_params.get("saved", "")
        return await _sheet(request, None, None,
                            int(saved) if saved.isdigit() and len(saved) < 7 else None)

    async def sheet_post(request: Request) -> Response:
        """``POST /g/CODE``: the sheet's form (a deal, a pass, undo, edit)."""
        try:
            fields, announces = await form_fields(request)
        except Refused as exc:
            return Response(exc.message, exc.status, headers=HEADERS)
        return await _sheet(request, fields, announces)

    async def _sheet(request: Request, fields: dict[str, str] | None,
                     announces: dict[str, list[str]] | None,
                     saved: int | None = None) -> Response:
        join_code = request.path_params["code"][:20].upper()
        who, cookie = client(request), request.cookies.get(FORM_COOKIE, "")
        action = "open" if fields is None else fields.get("action", "deal")

        def work() -> dict[str, Any]:
            store = opened()
            try:
                game_id = free_game(store, join_code, who, wrong)
                shown = sheet_json(store, game_id)
                problem, status, editing, just = None, 200, None, saved
                if action == "pick":
                    editing = _picked(fields or {}, shown)
                elif action in ("deal", "pass", "undo", "edit"):
                    assert fields is not None and announces is not None
                    if forms.take(fields.get("token", ""), cookie, 0, game_id) is None:
                        problem, status = _("This form was already sent, or has expired: "
                                            "send it again."), 403
                    else:
                        try:
                            change = form_change(fields, announces, dict(shown["sides"]))
                            shown = apply(store, game_id, change)
                            if change.kind == "add" and shown["deals"]:
                                just = shown["deals"][-1]["number"]
                        except Refused as exc:
                            problem, status = exc.message, exc.status
                            shown = exc.sheet or shown
                context = sheet_context(shown, store)
                deadline = None
                if context["time_limit"] and context["started"]:
                    deadline = _epoch(context["started"]) + context["time_limit"] * 60
                context.update(
                    sheet=shown, kind="game", number=None, round=0, code="",
                    post_url=f"/g/{join_code}", api_url=f"/api/game/{join_code}",
                    page_url=f"/g/{join_code}", problem=problem, saved=just,
                    editing=editing, kept=_kept(fields if problem else None, announces),
                    deadline=deadline,
                    time_out=deadline is not None and time.time() >= deadline, added=0,
                    back="/", join_code=join_code,
                    join_url=settings.phone_url.rstrip("/") + f"/g/{join_code}",
                    status=status, game_id=game_id)
                return context
            finally:
                store.close()

        try:
            context = await in_thread(request, spoken(request), work)
        except Refused as exc:
            return _home(request, exc.message, exc.status, {})
        status, game_id = context.pop("status"), context.pop("game_id")
        token = forms.issue(0, game_id, (), who)
        response = page(request, "sheet.html", status, token=token, **context)
        response.set_cookie(FORM_COOKIE, token, max_age=30 * 60, httponly=True,
                            samesite="strict", path=f"/g/{join_code}")
        return response

    async def api_new(request: Request) -> Response:
        """``POST /api/game``: start a game; its join code and the game."""
        try:
            data = await read_json(request)
            names = names_of(data)
            rules_name = data.get("rules")
            if rules_name is not None and not isinstance(rules_name, str):
                raise Refused("rules", _("rules: give the name of one of: {known}").format(
                    known=", ".join(settings.rules)))

            def work() -> tuple[str, ShownView]:
                store = opened()
                try:
                    return start_game(settings, store, names, rules_name,
                                      "players" if "players" in data else "teams")
                finally:
                    store.close()

            code, shown = await in_thread(request, spoken(request), work)
        except Refused as exc:
            return refusal(exc, HEADERS)
        return json_answer({"join_code": code, "game": shown}, headers=HEADERS)

    async def api_rules(request: Request) -> Response:
        """``GET /api/rules``: the rules a phone may start a game with."""
        return json_answer({"rules": list(settings.rules), "default": settings.default},
                           headers=HEADERS)

    def api(kind: str) -> Any:
        async def handler(request: Request) -> Response:
            join_code = request.path_params["code"][:20]
            who = client(request)
            try:
                data = {} if kind == "game" else await read_json(request)
                change: Asked | None = None if kind == "game" else asked(kind, data)

                def work() -> ShownView:
                    store = opened()
                    try:
                        game_id = free_game(store, join_code, who, wrong)
                        if change is None:
                            return sheet_json(store, game_id)
                        return apply(store, game_id, change)
                    finally:
                        store.close()

                shown = await in_thread(request, spoken(request), work)
            except Refused as exc:
                return refusal(exc, HEADERS)
            return json_answer(shown, headers=HEADERS)
        return handler

    async def qr(request: Request) -> Response:
        return Response(qr_svg(settings.phone_url), media_type="image/svg+xml",
                        headers=HEADERS)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield

    routes = [
        Route("/", home, methods=["GET"]), Route("/new", new, methods=["POST"]),
        Route("/join", join, methods=["GET"]),
        Route("/g/{code}", sheet_page, methods=["GET"]),
        Route("/g/{code}", sheet_post, methods=["POST"]),
        Route("/api/game", api_new, methods=["POST"]),
        Route("/api/rules", api_rules, methods=["GET"]),
        Route("/api/game/{code}/game", api("game"), methods=["GET"]),
        Route("/api/game/{code}/deal", api("deal"), methods=["POST"]),
        Route("/api/game/{code}/undo", api("undo"), methods=["POST"]),
        Route("/api/game/{code}/edit", api("edit"), methods=["POST"]),
        Route("/qr.svg", qr),
        *(Route(f"/static/{name}", asset) for name in STATIC),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.router.redirect_slashes = False  # a redirect would echo the request's Host header
    return Guarded(app)


def _epoch(moment: str) -> float:
    """A recorded ISO moment (UTC) in seconds since the epoch."""
    import calendar

    return float(calendar.timegm(time.strptime(moment[:19], "%Y-%m-%dT%H:%M:%S")))
