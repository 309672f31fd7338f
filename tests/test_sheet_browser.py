"""The score sheet on the phone in a real browser (issue 35, item 6): Debian's Chromium,
headless, driven by Playwright (given the browser's path: Playwright downloads nothing), at a
phone's 360 × 740.

A concours table's whole game to 1000 entered by taps alone (chips and the number pad, nothing
typed but the table's code), the page's totals after every deal equal to ``game show``'s; an
"Annuler" within its 5 seconds; a deal edited; the game's end the table's result in the
standings.  Every control at least 44 px high, no text below 16 px, no scrolling sideways; a
deal entered with the page's JavaScript off (the plain form); no page error, no console error.
The projector, at 1920 × 1080, follows the tables scored deal by deal.

Screenshots are kept in ``test-artifacts/`` (``COINCHE_ARTIFACTS`` moves it); with
``COINCHE_SCREENSHOTS=docs`` the README's two are written again in ``docs/``
(``sheet-phone.png``, ``sheet-projector.png``)::

    COINCHE_SCREENSHOTS=docs .venv/bin/pytest -q tests/test_sheet_browser.py

Without Chromium or Playwright the tests skip, saying why, except under ``CI=true``, where
their absence fails (``tests/browser.py``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import PHONE, browser
from tests.harness import Cli
from tests.live_server import LiveServer

__all__ = ["browser"]  # the module's fixture: one Chromium for its tests

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(os.environ.get("COINCHE_ARTIFACTS", ROOT / "test-artifacts"))
#: where the README's screenshots go as well, when asked (``COINCHE_SCREENSHOTS=docs``)
DOCS = ROOT / "docs" if os.environ.get("COINCHE_SCREENSHOTS") == "docs" else None
#: Sixteen teams in registration order: table 1 is the first two, table 2 the next two...
TEAMS = ("Les As de Pique", "Les Rois du Carreau", "Les Belotiers", "La Dame de Cœur",
         "Les Coincheurs", "Les Valets Noirs", "Le Dix de Der", "Les Surcoincheurs",
         "Capot Club", "Les Atouts", "Tout Atout", "Sans Atout", "Les Neuf", "Le Talon",
         "La Levée", "Les Annonces")

#: Table 1's game to 1000 (standard rules, docs/variants.md: "made: takers score card points
#: + belote + counted announces + contract"; "failed: defenders score 162 + contract"), as
#: the phone taps it: taker, bid, trump, the taker's card points; the totals after it.
GAME = (
    (("A", "120", "H", "130"), (250, 32)),    # 130 + 120; the defenders their 32
    (("B", "100", "S", "110"), (302, 242)),   # 110 + 100; 52
    (("A", "140", "C", "150"), (592, 254)),   # 150 + 140; 12
    (("B", "160", "H", "160"), (594, 574)),   # 160 + 160; 2
    (("A", "160", "S", "162"), (906, 584)),   # 162 + 160; 0 (deal 2 edited: B 10 more, A 10 less)
    (("A", "100", "D", "110"), (1116, 636)),  # 110 + 100; 52: 1116 ≥ 1000, game over
)
#: Taken back with "Annuler" within its seconds (failed: the defenders 162 + 80).
UNDONE = (("A", "80", "D", "70"), (302, 484))
#: Deal 2 edited after deal 4: the taker's 110 card points were 120 (B 220, A 42).
EDITED = (2, "120", (584, 584))

#: Every control a thumb taps on the page, its height; every text, its size (the chips'
#: radios and boxes are unseen, 1 px: their label's span is the control).
MEASURE = """() => {
    const seen = e => e.getClientRects().length > 0
        && getComputedStyle(e).visibility !== 'hidden';
    const controls = [...document.querySelectorAll(
        'button, label.chip span, input:not([type=hidden]), select, a, summary')]
        .filter(e => seen(e) && !e.matches('label.chip input'))
        .map(e => ({what: e.outerHTML.slice(0, 80),
                    height: e.getBoundingClientRect().height}));
    const texts = [...document.querySelectorAll('body *')].filter(e => seen(e)
        && [...e.childNodes].some(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim()))
        .map(e => ({what: e.outerHTML.slice(0, 80),
                    size: parseFloat(getComputedStyle(e).fontSize)}));
    return {controls: controls, texts: texts,
            width: document.scrollingElement.scrollWidth};
}"""


@pytest.fixture(scope="module")
def concours(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Cli, LiveServer]]:
    """Sixteen teams playing to 1000 (standard), round 1 paired in registration order, served
    with the phones' entry: one server for the module (table 1 the phone's game, table 2 the
    page without JavaScript, the others the projector's)."""
    where = tmp_path_factory.mktemp("sheet-browser")
    cli = Cli(where / "concours.db")
    cli.run("tournament", "new", "Concours de la Saint-Jean", "--rounds", "3", "--target",
            "1000", "--registration-order")
    for team in TEAMS:
        cli.run("tournament", "team", "add", team)
    cli.run("tournament", "pair")
    assert cli.db is not None
    server = LiveServer(cli.db, "--entry", "--round-minutes", "45", cwd=where)
    yield cli, server
    _out, err = server.stop()
    assert "Traceback" not in err and "ERROR" not in err, err


def codes(cli: Cli) -> dict[int, str]:
    return {t["table"]: t["code"] for t in cli.json("tournament", "show", "--codes")["tables"]}


def watched(page: Any) -> list[str]:
    """What goes wrong on ``page``, kept as it happens: its errors, its console's errors (but
    the favicon the browser asks for on its own)."""
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))

    def console(message: Any) -> None:
        if message.type == "error" and not str(
                message.location.get("url", "")).endswith("/favicon.ico"):
            problems.append(f"console: {message.text} ({message.location})")

    page.on("console", console)
    return problems


def keep(page: Any, name: str, *, docs: bool = False) -> None:
    """A screenshot of what ``page`` shows, in the artifacts (and in ``docs/`` when asked)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))
    if docs and DOCS is not None:
        page.screenshot(path=str(DOCS / name))


def tap_deal(page: Any, taker: str, bid: str, trump: str, points: str) -> None:
    """A deal as a thumb enters it: the chips, then the taker's points on the pad."""
    form = page.locator("form.deal")
    for name, value in (("taker", taker), ("contract", bid), ("trump", trump)):
        form.locator(f'label.chip:has(input[name="{name}"][value="{value}"])').tap()
        assert form.locator(f'input[name="{name}"][value="{value}"]').is_checked()
    pad = form.locator(".pad")
    pad.locator('button[data-key="C"]').tap()
    for key in points:
        pad.locator(f'button[data-key="{key}"]').tap()
    assert page.input_value("#points") == points
    # the other side's card points, as they are derived (162 in a suit)
    assert form.locator(".derived output").inner_text() == str(162 - int(points))


def totals(page: Any) -> tuple[int, int]:
    return (int(page.locator('.totals .total[data-side="A"]').inner_text()),
            int(page.locator('.totals .total[data-side="B"]').inner_text()))


def game_shown(cli: Cli, server: LiveServer, number: int, code: str) -> Any:
    """What ``game show --json`` prints for the table's game (and the API answers the same)."""
    api = server.get(f"/api/table/{number}/game?code={code}")
    assert api.status == 200, api.text
    shown = cli.json("game", "show", "--game", str(api.json()["id"]))
    assert api.json() == shown
    return shown


def same_as_game_show(page: Any, cli: Cli, server: LiveServer, number: int, code: str,
                      expected: tuple[int, int]) -> None:
    shown = game_shown(cli, server, number, code)
    assert totals(page) == (shown["totals"]["A"], shown["totals"]["B"]) == expected
    # each deal's row, newest first: its number and the running totals game show prints
    rows = page.evaluate("""() => [...document.querySelectorAll('.deals tr[data-deal]')].map(
        row => [Number(row.dataset.deal),
                ...[...row.querySelectorAll('.running')].map(e => Number(e.textContent))])""")
    assert rows == [[deal["number"], deal["totals"]["A"], deal["totals"]["B"]]
                    for deal in reversed(shown["deals"])]


def check_sizes(page: Any, when: str) -> None:
    """Built for a thumb at 360 px: every control 44 px high, no text below 16 px, no
    scrolling sideways."""
    measured = page.evaluate(MEASURE)
    assert measured["controls"] and measured["texts"]
    low = [c for c in measured["controls"] if c["height"] < 44]
    assert not low, f"{when}: controls below 44 px: {low}"
    small = [t for t in measured["texts"] if t["size"] < 16]
    assert not small, f"{when}: text below 16 px: {small}"
    assert measured["width"] <= PHONE["width"], f"{when}: {measured['width']} px wide"


def record(page: Any, number: int) -> None:
    """Tap "Record the deal"; the page drawn again says the deal is recorded."""
    page.locator("form.deal button.record").tap()
    page.wait_for_url(f"**/table/1/sheet?saved={number}")
    assert page.locator("form.annuler .saved").is_visible()


def test_a_whole_game_to_1000_entered_by_taps(browser: Any,
                                            concours: tuple[Cli, LiveServer]) -> None:
    cli, server = concours
    code = codes(cli)[1]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  device_scale_factor=2, locale="en-GB",
                                  extra_http_headers={"Accept-Language": "en-GB,en;q=0.9"})
    page = context.new_page()
    problems = watched(page)
    page.goto(f"{server.base}/table/1")
    start = page.locator("form.sheet-start")
    assert start.locator("button").inner_text() == "Keep the score deal by deal"
    start.locator("#sheet-code").fill(code)  # the code, typed once: the cookie keeps it
    start.locator("button").tap()
    page.wait_for_selector("form.deal .pad button")
    assert page.locator(".pad").is_visible() and totals(page) == (0, 0)
    check_sizes(page, "the deal form")

    for number, ((taker, bid, trump, points), expected) in enumerate(GAME[:2], 1):
        tap_deal(page, taker, bid, trump, points)
        record(page, number)
        same_as_game_show(page, cli, server, 1, code, expected)

    # a deal taken back with "Annuler" within its 5 seconds: gone, the totals as before
    tap_deal(page, *UNDONE[0])
    record(page, 3)
    assert totals(page) == UNDONE[1]
    undo = page.locator("form.annuler button.undo-now")
    assert undo.inner_text() in ("Annuler (5)", "Annuler (4)")  # counting down
    undo.tap()
    page.wait_for_url("**/table/1/sheet")
    assert page.locator("form.annuler").count() == 0
    assert page.locator('.deals tr[data-deal="3"]').count() == 0
    same_as_game_show(page, cli, server, 1, code, GAME[1][1])
    history = game_shown(cli, server, 1, code)["history"]
    assert history and history[-1]["status"] == "removed"

    tap_deal(page, *GAME[2][0])
    record(page, 3)
    same_as_game_show(page, cli, server, 1, code, GAME[2][1])
    check_sizes(page, "after a deal")  # "Annuler" shown, the deals below
    # five seconds later "Annuler" is gone; the ordinary undo stays below the deals
    page.locator("form.annuler").wait_for(state="hidden", timeout=7000)
    assert page.locator("form.undo button").is_visible()

    # the README's picture: a game in progress, deal 4 tapped (its bid, its trump, the pad,
    # the other side's points derived), the page scrolled to show the pad whole
    tap_deal(page, *GAME[3][0])
    check_sizes(page, "a deal typed")
    page.evaluate("window.scrollTo(0, document.querySelector('.pad').getBoundingClientRect()"
                  ".bottom + window.scrollY + 12 - window.innerHeight)")
    keep(page, "sheet-phone.png", docs=True)
    record(page, 4)
    same_as_game_show(page, cli, server, 1, code, GAME[3][1])

    # deal 2 edited: its 110 card points were 120; the game recomputed as game edit does
    number, points, expected = EDITED
    page.get_by_role("button", name=f"Edit deal {number}").tap()
    page.wait_for_selector("form.deal input[name=action][value=edit]", state="attached")
    form = page.locator("form.deal")
    assert form.locator("h2").inner_text() == f"Edit deal {number}"
    assert form.locator('input[name="taker"][value="B"]').is_checked()
    assert page.input_value("#points") == "110"
    pad = form.locator(".pad")
    pad.locator('button[data-key="⌫"]').tap()
    pad.locator('button[data-key="⌫"]').tap()
    for key in points[1:]:
        pad.locator(f'button[data-key="{key}"]').tap()
    assert page.input_value("#points") == points
    check_sizes(page, "the edit form")
    replace = form.locator("button.record")
    assert replace.inner_text() == f"Replace deal {number}"
    with page.expect_navigation():
        replace.tap()
    same_as_game_show(page, cli, server, 1, code, expected)
    shown = game_shown(cli, server, 1, code)
    assert shown["deals"][number - 1]["scores"] == {"A": 42, "B": 220}

    # the last two deals: 906, then 1116 ≥ 1000, the game is over
    (deal5, after5), (deal6, last) = GAME[4:]
    tap_deal(page, *deal5)
    record(page, 5)
    same_as_game_show(page, cli, server, 1, code, after5)
    tap_deal(page, *deal6)
    record(page, 6)
    same_as_game_show(page, cli, server, 1, code, last)
    first = TEAMS[0]
    assert page.locator("p.saved").first.inner_text() == (
        f"Game over: {first} won, {last[0]} – {last[1]}")
    assert page.locator("form.deal").count() == 0  # nothing more to enter
    assert page.locator(".totals .side.won .team").inner_text() == first
    check_sizes(page, "the game over")
    keep(page, "sheet-phone-over.png")
    shown = game_shown(cli, server, 1, code)
    assert shown["finished"] and shown["winner"] == "A" and len(shown["deals"]) == 6
    # the game's end is the table's result, in the standings
    table = cli.json("tournament", "show")["tables"][0]
    assert table["scores"] == list(last) and table["game"] == shown["id"]
    standings = cli.json("tournament", "standings")
    assert standings[0]["team"] == first
    assert not problems, problems
    context.close()


def test_a_deal_entered_with_javascript_off(browser: Any,
                                           concours: tuple[Cli, LiveServer]) -> None:
    """The plain form: chips tapped, the points typed (no pad without the script), sent."""
    cli, server = concours
    code = codes(cli)[2]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  java_script_enabled=False,
                                  extra_http_headers={"Accept-Language": "en-GB,en;q=0.9"})
    page = context.new_page()
    problems = watched(page)
    page.goto(f"{server.base}/table/2")
    page.locator("form.sheet-start #sheet-code").fill(code)
    page.locator("form.sheet-start button").tap()
    page.wait_for_selector("form.deal")
    assert not page.locator(".pad").is_visible()  # the pad is the script's
    assert totals(page) == (0, 0)
    check_sizes(page, "the plain deal form")
    form = page.locator("form.deal")
    for name, value in (("taker", "B"), ("contract", "80"), ("trump", "S")):
        form.locator(f'label.chip:has(input[name="{name}"][value="{value}"])').tap()
    page.locator("#points").press_sequentially("90")
    form.locator("button.record").tap()
    page.wait_for_selector('.deals tr[data-deal="1"]')
    # made: 90 card points + 80 contract; the defenders their 72
    assert totals(page) == (72, 170)
    shown = game_shown(cli, server, 2, code)
    assert (shown["totals"]["A"], shown["totals"]["B"]) == (72, 170)
    assert page.locator("form.annuler .saved").inner_text() == "Deal 1 recorded."
    check_sizes(page, "the plain form after a deal")
    keep(page, "sheet-phone-no-script.png")
    assert not problems, problems
    context.close()


#: The projector's other tables, scored deal by deal from their phones (the API): each
#: table's deals (taker, bid, trump, the taker's card points).
IN_PROGRESS = {
    3: [("A", 80, "S", 90), ("B", 100, "H", 120), ("A", 90, "C", 60)],
    4: [("B", 110, "D", 120), ("A", 80, "H", 100)],
    5: [("A", 120, "S", 130), ("B", 80, "C", 100), ("A", 100, "D", 110),
        ("B", 90, "S", 100), ("A", 80, "H", 82)],
    6: [("B", 80, "C", 90), ("B", 100, "S", 102), ("A", 130, "H", 140), ("A", 80, "D", 91)],
    # to its end (1126 – 626, deal 2 unedited): the table's result
    8: [(taker, int(bid), trump, int(points)) for (taker, bid, trump, points), _ in GAME],
}


def test_the_projector_follows_the_tables_scored_deal_by_deal(
        browser: Any, concours: tuple[Cli, LiveServer]) -> None:
    cli, server = concours
    code = codes(cli)
    for number, deals in IN_PROGRESS.items():
        for taker, bid, trump, points in deals:
            deal = {"taker": taker, "contract": bid, "trump": trump,
                    "points": {taker: points}}
            answer = server.post_json(f"/api/table/{number}/deal",
                                      {"code": code[number], "deal": deal})
            assert answer.status == 200, answer.text
    cli.run("tournament", "result", "7", "1024", "688")  # a table that kept its score on paper
    cli.run("tournament", "time", "3", "+5")  # a late start
    tables = {t["table"]: t for t in cli.json("tournament", "show")["tables"]}
    projector = browser.new_page(viewport={"width": 1920, "height": 1080})
    problems = watched(projector)
    projector.goto(f"{server.base}/")
    # the minutes given from the command line: on the projector within seconds, unreloaded
    projector.locator('tr[data-table="3"] td.result .deals').filter(
        has_text="3 deals · +5 min").wait_for(timeout=8000)
    for number, deals in IN_PROGRESS.items():
        shown = game_shown(cli, server, number, code[number])
        result = projector.locator(f'tr[data-table="{number}"] td.result')
        if shown["finished"]:  # the game's end is the table's result
            assert tables[number]["scores"] == [shown["totals"]["A"], shown["totals"]["B"]]
            assert result.inner_text() == "{} – {}".format(*tables[number]["scores"])
        else:
            assert result.locator(".running").inner_text() == (
                f"{shown['totals']['A']} – {shown['totals']['B']}")
            assert result.locator(".deals").inner_text().startswith(f"{len(deals)} deals")
    assert projector.locator('tr[data-table="7"] td.result').inner_text() == "1024 – 688"
    # readable from 10 m, the deals' line too: no text below 24 px (the live page's rule)
    sizes = [t["size"] for t in projector.evaluate(MEASURE)["texts"]]
    assert min(sizes) >= 24, f"text of {min(sizes)} px on the projector"
    assert projector.evaluate("document.documentElement.scrollWidth") <= 1920
    keep(projector, "sheet-projector.png", docs=True)
    assert not problems, problems
    projector.close()
