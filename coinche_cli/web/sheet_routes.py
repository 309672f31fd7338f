"""The score sheet's routes: its JSON API, and the pages that are its first client, for a
concours table (``tournament serve --entry``: ``/table/N/sheet``, ``/api/table/N/…``) and
for a free game (``game serve``: ``/g/CODE``, ``/api/game/CODE/…``).

The API takes JSON only (``Content-Type: application/json``: a page of another site cannot
send it without asking first, and this server never says yes), at most
:data:`~coinche_cli.web.sheet.MAX_BODY` bytes, and answers what ``game show --json`` prints,
or ``{"error": {"field", "message"}}``.  The pages post plain forms (they work with the
phone's JavaScript off), each with a token that can be sent once
(:class:`~coinche_cli.web.guard.Forms`); with it on, ``sheet.js`` posts the same deal to
the API and redraws the page.  A concours table's page keeps its code in a cookie of that
table's path only, so that the next deals need not type it again.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from coinche_cli.errors import CoincheError
from coinche_cli.i18n import _, speaking
from coinche_cli.json_text import json_text
from coinche_cli.web.guard import client_of
from coinche_cli.web.sheet import (
    MAX_BODY,
    Asked,
    Refused,
    Table,
    deal_number,
    read_deal,
    table_change,
    table_sheet,
)
from coinche_cli.web.sheet_form import (
    MAX_FIELD,
    TRUMP_SIGNS,
    deal_from_form,
    form_of_deal,
    form_view,
)

if TYPE_CHECKING:
    from coinche_cli.game.views import ShownView
    from coinche_cli.store.protocol import Store
    from coinche_cli.web.guard import Forms, WrongCodes

T = TypeVar("T")
#: A page of the server: ``page(request, template, status, **context)``.
Page = Callable[..., Response]
#: The cookie that keeps a table's code on its phone (path ``/table/N`` only).
CODE_COOKIE = "coinche_code"
#: The form cookie of the pages (:data:`coinche_cli.web.app.FORM_COOKIE`).
FORM_COOKIE = "coinche_form"


def client(request: Request) -> str:
    """The phone that sent ``request`` (:func:`~coinche_cli.web.guard.client_of`)."""
    return client_of(request.client.host if request.client else None)


def json_answer(data: Any, status: int = 200, headers: dict[str, str] | None = None
                ) -> Response:
    """JSON as the commands print it (``--json``)."""
    return Response(json_text(data), status_code=status, media_type="application/json",
                    headers=headers)


async def read_json(request: Request) -> dict[str, Any]:
    """The JSON object a phone posted (refused: over the size, not JSON, not an object)."""
    length = request.headers.get("content-length", "")
    if not length.isdigit() or int(length) > MAX_BODY:
        raise Refused("body", _("The request is too large (at most {most} bytes).").format(
            most=MAX_BODY), 413)
    if not request.headers.get("content-type", "").startswith("application/json"):
        raise Refused("body", _("Send the request as JSON (Content-Type: application/json)."),
                      415)
    try:
        body = await request.body()
    except ClientDisconnect:
        raise Refused("body", _("The request was cut off."), 408) from None
    if len(body) > MAX_BODY:
        raise Refused("body", _("The request is too large (at most {most} bytes).").format(
            most=MAX_BODY), 413)
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise Refused("body", _("The request is not valid JSON.")) from None
    if not isinstance(data, dict):
        raise Refused("body", _("The request must be a JSON object."))
    return data


def code_of(data: dict[str, Any], field: str = "code") -> str:
    """The code a request gives (text of at most a few characters)."""
    code = data.get(field, "")
    if not isinstance(code, str):
        raise Refused(field, _("Type the table's code: it is on your score sheet."), 403)
    return code[:20]


def asked(kind: str, data: dict[str, Any]) -> Asked:
    """The change a JSON request asks for (``deal``, ``undo`` or ``edit``)."""
    try:
        if kind == "undo":
            return Asked("undo", number=deal_number(data.get("deal_number")))
        if "deal" not in data:
            raise Refused("deal", _("deal: missing"))
        deal = read_deal(data["deal"])
        if kind == "deal":
            return Asked("add", deal, deal_number(data.get("deal_number")))
        number = deal_number(data.get("deal_number"))
        if number is None:
            raise Refused("deal_number", _("deal_number: missing"))
        return Asked("edit", deal, number)
    except CoincheError as exc:
        from coinche_cli.web.sheet import refused

        raise refused(exc) from None


async def form_fields(request: Request) -> tuple[dict[str, str], dict[str, list[str]]]:
    """A page's posted form: its one-value fields, and each side's announces ticked
    (``announce_A``...).  Refused: over the size, not a form."""
    length = request.headers.get("content-length", "")
    if not length.isdigit() or int(length) > MAX_BODY:
        raise Refused("body", _("The request is too large (at most {most} bytes).").format(
            most=MAX_BODY), 413)
    if not request.headers.get("content-type", "").startswith(
            "application/x-www-form-urlencoded"):
        raise Refused("body", _("Send the page's own form."), 415)
    try:
        form = await request.form(max_files=0, max_fields=80, max_part_size=MAX_BODY)
    except ClientDisconnect:
        raise Refused("body", _("The request was cut off."), 408) from None
    fields: dict[str, str] = {}
    announces: dict[str, list[str]] = {}
    for key, value in form.multi_items():
        text = str(value)[:MAX_FIELD]
        if key.startswith("announce_") and key != "announce_winner":
            announces.setdefault(key.removeprefix("announce_"), []).append(text)
        else:
            fields[key[:40]] = text
    return fields, announces


def form_change(fields: dict[str, str], announces: dict[str, list[str]],
                sides: dict[str, str]) -> Asked:
    """The change a page's form asks for."""
    action = fields.get("action", "deal")
    number_text = fields.get("deal_number", "")
    number = int(number_text) if number_text.isdigit() and len(number_text) < 7 else None
    if action == "undo":
        return Asked("undo", number=number)
    try:
        deal = read_deal(deal_from_form(fields, announces, sides))
    except CoincheError as exc:
        from coinche_cli.web.sheet import refused

        raise refused(exc) from None
    if action == "edit":
        if number is None:
            raise Refused("deal_number", _("deal_number: missing"))
        return Asked("edit", deal, number)
    return Asked("add", deal, number)


async def in_thread(request: Request, lang: str, work: Callable[[], T]) -> T:
    """``work()`` in a thread of the server, speaking the phone's language ``lang``."""
    with speaking(lang):
        return await run_in_threadpool(work)


def refusal(exc: Refused, headers: dict[str, str] | None = None) -> Response:
    """A refusal as the API answers it."""
    return json_answer(exc.to_json(), exc.status, headers)


def sheet_context(shown: ShownView, store: Store) -> dict[str, Any]:
    """What the sheet page shows of a game besides the game itself: the deal form under its
    rules, who deals next, how it ended."""
    from coinche_cli.game import ops as games

    record = store.game(shown["id"])
    assert record is not None
    setup = games.setup_of(record)
    view = form_view(setup.rules, shown["sides"])
    limit = setup.rules.end.time_limit
    started = shown["deals"][0]["recorded"] if shown["deals"] else ""
    return {"form": view, "time_limit": limit, "started": started, "signs": TRUMP_SIGNS,
            "now": time.time()}


# -- a concours table ------------------------------------------------------------------------

def table_routes(settings: Any, forms: Forms, wrong: WrongCodes, page: Page,
                 spoken: Callable[[Request], str], changed: Callable[[], None],
                 on_wrong: Any, headers: dict[str, str]) -> list[Route]:
    """The routes of a concours table's sheet (``tournament serve --entry``)."""

    def table_of(store: Store, number: int, code: str, who: str) -> Table:
        return Table(store, settings.tournament, number, code, who, wrong,
                     settings.round_minutes, on_wrong)

    def api(kind: str) -> Callable[[Request], Any]:
        async def handler(request: Request) -> Response:
            if not settings.entry:
                return json_answer({"error": {"field": "table", "message": "not found"}}, 404,
                                   headers)
            number = request.path_params["table"]
            lang, who = spoken(request), client(request)
            try:
                if kind == "game":
                    data: dict[str, Any] = {"code": request.query_params.get("code", "")}
                else:
                    data = await read_json(request)
                code = code_of(data)

                def work() -> ShownView:
                    change = None if kind == "game" else asked(kind, data)
                    store = settings.open_store()
                    try:
                        table = table_of(store, number, code, who)
                        if change is None:
                            return table_sheet(table)
                        return table_change(table, change)
                    finally:
                        store.close()

                shown = await in_thread(request, lang, work)
            except Refused as exc:
                return refusal(exc, headers)
            if kind != "game":
                changed()
            return json_answer(shown, headers=headers)
        return handler

    async def sheet_page(request: Request) -> Response:
        """``GET /table/N/sheet``: the table's sheet, its code in the table's cookie."""
        if not settings.entry:
            return Response("not found", 404, headers=headers)
        number = request.path_params["table"]
        code = request.cookies.get(CODE_COOKIE, "")
        if not code:
            return RedirectResponse(f"/table/{number}", 303, headers=headers)
        saved = request.query_params.get("saved", "")
        return await _sheet(request, number, code, None, None,
                            int(saved) if saved.isdigit() and len(saved) < 7 else None)

    async def sheet_post(request: Request) -> Response:
        """``POST /table/N/sheet``: the page's form (start, a deal, a pass, undo, edit)."""
        if not settings.entry:
            return Response("not found", 404, headers=headers)
        number = request.path_params["table"]
        try:
            fields, announces = await form_fields(request)
        except Refused as exc:
            return Response(exc.message, exc.status, headers=headers)
        return await _sheet(request, number, fields.get("code", "")[:20], fields, announces)

    async def _sheet(request: Request, number: int, code: str,
                     fields: dict[str, str] | None, announces: dict[str, list[str]] | None,
                     saved: int | None = None) -> Response:
        """The sheet page: opened (GET, or the code typed), or after the form's change."""
        lang, who = spoken(request), client(request)
        cookie = request.cookies.get(FORM_COOKIE, "")
        action = "open" if fields is None else fields.get("action", "deal")

        def work() -> tuple[dict[str, Any], int, bool]:
            store = settings.open_store()
            try:
                table = table_of(store, number, code, who)
                # a page opened from the table's form starts its sheet; a GET never does
                shown = table_sheet(table, start=fields is not None)
                problem, status, wrote, editing, just = None, 200, False, None, saved
                if action == "pick":
                    editing = _picked(fields or {}, shown)
                elif action in ("deal", "pass", "undo", "edit"):
                    assert fields is not None and announces is not None
                    if forms.take(fields.get("token", ""), cookie, table.round,
                                  number) is None:
                        problem, status = _("This form was already sent, or has expired: "
                                            "send it again."), 403
                    else:
                        try:
                            change = form_change(fields, announces, dict(shown["sides"]))
                            shown = table_change(table, change)
                            wrote = True
                            if change.kind == "add" and shown["deals"]:
                                just = shown["deals"][-1]["number"]
                        except Refused as exc:
                            problem, status = exc.message, exc.status
                            shown = exc.sheet or shown
                context = _page_context(store, shown, table, number, problem, just, editing,
                                        fields if problem else None, announces)
                return context, status, wrote
            finally:
                store.close()

        try:
            context, status, wrote = await in_thread(request, lang, work)
        except Refused as exc:
            if fields is None and exc.field == "table" and exc.status == 404 and code:
                return RedirectResponse(f"/table/{number}", 303, headers=headers)
            return page(request, "sheet_code.html", exc.status, number=number,
                        problem=exc.message)
        if wrote:
            changed()
        token = forms.issue(context["round"], number,
                            tuple(context["sheet"]["sides"].values()), who)
        response = page(request, "sheet.html", status, token=token, **context)
        path = f"/table/{number}"
        response.set_cookie(FORM_COOKIE, token, max_age=30 * 60, httponly=True,
                            samesite="strict", path=path)
        response.set_cookie(CODE_COOKIE, code, max_age=12 * 3600, httponly=True,
                            samesite="strict", path=path)
        return response

    def _page_context(store: Store, shown: ShownView, table: Table, number: int,
                      problem: str | None, saved: int | None, editing: dict[str, Any] | None,
                      kept: dict[str, str] | None,
                      announces: dict[str, list[str]] | None) -> dict[str, Any]:
        context = sheet_context(shown, store)
        deadline = table.deadline()
        context.update(
            sheet=shown, kind="table", number=number, round=table.round, code=table.code,
            post_url=f"/table/{number}/sheet", api_url=f"/api/table/{number}",
            page_url=f"/table/{number}/sheet", problem=problem, saved=saved, editing=editing,
            kept=_kept(kept, announces), deadline=deadline,
            time_out=deadline is not None and time.time() >= deadline,
            added=store.table_minutes(table.tournament_id, table.round).get(number, 0),
            back="/me", join_code=None)
        return context

    return [
        Route("/api/table/{table:int}/game", api("game"), methods=["GET"]),
        Route("/api/table/{table:int}/deal", api("deal"), methods=["POST"]),
        Route("/api/table/{table:int}/undo", api("undo"), methods=["POST"]),
        Route("/api/table/{table:int}/edit", api("edit"), methods=["POST"]),
        Route("/table/{table:int}/sheet", sheet_page, methods=["GET"]),
        Route("/table/{table:int}/sheet", sheet_post, methods=["POST"]),
    ]


def _picked(fields: dict[str, str], shown: ShownView) -> dict[str, Any] | None:
    """The deal a phone picked to edit, as the form shows it again (None: no such deal)."""
    text = fields.get("deal_number", "")
    number = int(text) if text.isdigit() and len(text) < 7 else None
    row = next((r for r in shown["deals"] if r["number"] == number), None)
    if row is None:
        return None
    return {"number": number, "passed": row["passed"], **form_of_deal(row["deal"])}


def _kept(fields: dict[str, str] | None, announces: dict[str, list[str]] | None
          ) -> dict[str, Any]:
    """What a refused form had, shown again so that the phone fixes one field."""
    if not fields:
        return {}
    kept: dict[str, Any] = {k: v for k, v in fields.items()
                            if k not in ("token", "code", "action")}
    kept["announces"] = dict(announces or {})
    return kept
