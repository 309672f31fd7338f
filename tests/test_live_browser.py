"""The live page in a real browser (issue 13): Debian's Chromium, headless, driven by
Playwright (given the browser's path: Playwright downloads nothing).

The projector page at 1920 × 1080 shows every table of the round with no text below 24 px,
twelve tables without scrolling; the phone page at a phone's size finds a team's table and
leads to its entry page, where a wrong code keeps the scores typed; the result entered there
with the table's code appears on the projector page within 5 seconds, without reloading it.
The projector shows the tables and the standings in turn (the standings at least as long),
under a header that stays (issue 18), on the page's own clock run fast by Playwright and
measured by it (the length of each part is the page's schedule, never a count of samples).
Screenshots of both pages are kept in ``test-artifacts/`` (``COINCHE_ARTIFACTS`` moves it).
Without Chromium or Playwright the tests skip, saying why, except under ``CI=true``, where
``.ci/run`` installs them and their absence fails.
"""

from __future__ import annotations

import bisect
import datetime
import itertools
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import browser
from tests.harness import Cli
from tests.live_server import LiveServer

__all__ = ["browser"]  # the module's fixture: one Chromium for its tests

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(os.environ.get("COINCHE_ARTIFACTS", ROOT / "test-artifacts"))
TEAMS = [f"Équipe {name}" for name in (
    "Alpha", "Bravo", "Charlie", "Delta", "Écho", "Foxtrot", "Golf", "Hôtel", "India",
    "Juliette", "Kilo", "Lima", "Mike", "November", "Oscar", "Papa", "Québec", "Roméo",
    "Sierra", "Tango", "Uniforme", "Victor", "Whisky")]
#: the longest name a team may have (100 characters): it wraps, the page stays on screen
TEAMS.append("Les Joyeux Coincheurs de la Belote Coinchée du Vieux Port et des Environs "
             "Immédiats de Marseille Var")
assert len(TEAMS[-1]) == 100


def _saint_jean(tmp_path: Path) -> Cli:
    """The concours of these tests: 4 rounds of 4 deals, its teams drawn, round 1 paired."""
    cli = Cli(tmp_path / "concours.db")
    cli.run("tournament", "new", "Concours de la Saint-Jean", "--rounds", "4", "--deals",
            "4", "--seed", "11")
    for name in TEAMS:
        cli.run("tournament", "team", "add", name)
    cli.run("tournament", "pair")
    return cli


@pytest.fixture
def event(tmp_path: Path) -> Iterator[tuple[Cli, LiveServer]]:
    cli = _saint_jean(tmp_path)
    assert cli.db is not None
    server = LiveServer(cli.db, "--entry", "--round-minutes", "45", cwd=tmp_path)
    yield cli, server
    _out, err = server.stop()
    assert "Traceback" not in err and "ERROR" not in err, err


def test_the_room_sees_a_result_entered_at_a_table(browser: Any,
                                                  event: tuple[Cli, LiveServer]) -> None:
    cli, server = event
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    tables = cli.json("tournament", "show")["tables"]
    assert len(tables) == 12

    projector = browser.new_page(viewport={"width": 1920, "height": 1080})
    projector.goto(f"{server.base}/")
    rows = projector.locator("tr[data-table]")
    assert rows.count() == 12
    for table in tables:
        row = projector.locator(f'tr[data-table="{table["table"]}"]')
        assert row.locator("td.table-no").inner_text() == str(table["table"])
        assert table["teams"][0] in row.inner_text() and table["teams"][1] in row.inner_text()
    # readable from 10 m: every piece of text at least 24 px
    smallest = projector.evaluate("""() => {
        let least = 1000;
        for (const element of document.querySelectorAll('body *')) {
            const own = [...element.childNodes].some(
                n => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
            if (own && element.getClientRects().length) {
                least = Math.min(least, parseFloat(getComputedStyle(element).fontSize));
            }
        }
        return least;
    }""")
    assert smallest >= 24, f"text of {smallest}px on the projector page"
    assert projector.evaluate("document.documentElement.scrollWidth") <= 1920  # no sideways
    _fits(projector, 1080)  # the twelve tables without scrolling (two columns)
    # the QR code is drawn (the program's own image: no internet in the hall)
    assert projector.evaluate("document.querySelector('.qr img').naturalWidth") > 100
    clock = projector.locator(".clock").inner_text()
    assert clock.count(":") == 1 and 40 <= int(clock.split(":")[0]) <= 45  # 45 minutes
    projector.screenshot(path=str(ARTIFACTS / "live-projector.png"), full_page=True)

    team = tables[4]["teams"][1]
    phone = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True,
                             has_touch=True, device_scale_factor=2,
                             extra_http_headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    phone.goto(f"{server.base}/me")
    phone.fill("#team", team.split()[1][:4].lower())  # the start of a word of the name
    phone.click("button[type=submit]")
    where = phone.locator(".where").inner_text()
    assert f"Table {tables[4]['table']}" in where and tables[4]["teams"][0] in where
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    phone.screenshot(path=str(ARTIFACTS / "live-phone.png"), full_page=True)

    # the team's page leads to its table's entry page (issue 18, point 6)
    number = tables[4]["table"]
    code = {t["table"]: t["code"]
            for t in cli.json("tournament", "show", "--codes")["tables"]}[number]
    phone.locator(f'.enter a[href^="/table/{number}?team="]').click()
    phone.wait_for_url(f"**/table/{number}?team=*")
    # a wrong code: refused, the scores stay as typed, the code is typed again (point 4)
    phone.fill("#code", "ZZZZZZ")
    phone.fill("#score1", "913")
    phone.fill("#score2", "744")
    phone.click("button[type=submit]")
    assert phone.locator(".problem").count() == 1
    assert (phone.input_value("#score1"), phone.input_value("#score2")) == ("913", "744")
    assert phone.input_value("#code") == ""
    phone.screenshot(path=str(ARTIFACTS / "live-entry-wrong-code.png"), full_page=True)
    phone.fill("#code", code)
    phone.click("button[type=submit]")
    first, second = tables[4]["teams"]  # the phone speaks French: its browser's language
    assert phone.locator(".saved").inner_text() == (
        f"Table {number}\u00a0: {first} 913 – {second} 744, enregistré")
    phone.screenshot(path=str(ARTIFACTS / "live-entry.png"), full_page=True)
    # back to my table: the team's own page
    phone.locator(".back a").click()
    phone.wait_for_url("**/me?team=*")
    assert phone.locator(".mine h2").inner_text() == team

    # the projector page, never reloaded, shows it within 5 seconds
    projector.locator(f'tr[data-table="{number}"] td.result').filter(
        has_text="913 – 744").wait_for(timeout=5000)
    projector.screenshot(path=str(ARTIFACTS / "live-projector-after.png"), full_page=True)
    assert projector.evaluate("document.documentElement.scrollWidth") <= 1920
    assert cli.json("tournament", "show")["tables"][number - 1]["scores"] == [913, 744]


def _fits(page: Any, height: int) -> None:
    """The part shown (the tables) is whole on the screen: no scrolling, every row and the
    header within ``height`` pixels."""
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    bottoms = page.evaluate("""() => [...document.querySelectorAll(
        'section.part:not([hidden]) tr, header')].map(e => e.getBoundingClientRect().bottom)""")
    assert bottoms and max(bottoms) <= height, max(bottoms)


#: What the projector shows at one moment: the parts on screen (below the header), where the
#: page is scrolled, where the header is, and the page's time.
SHOWN = """() => {
    const header = document.querySelector('header').getBoundingClientRect();
    const shown = [...document.querySelectorAll('section.part')].filter(part => {
        const box = part.getBoundingClientRect();
        return !part.hidden && box.height > 0 && box.bottom > header.bottom
            && box.top < window.innerHeight;
    }).map(part => part.dataset.part);
    const qr = document.querySelector('.qr img').getBoundingClientRect();
    const top = document.elementFromPoint(qr.left + qr.width / 2, qr.top + qr.height / 2);
    return {shown: shown, scrolled: window.scrollY, header: header.top,
            qr: top !== null && top.closest('header') !== null, at: Date.now()};
}"""


@pytest.fixture
def second_round(tmp_path: Path) -> Iterator[tuple[Cli, LiveServer]]:
    """The concours of the test above in round 2: the standings after round 1 to show, and
    a forfeit among round 1's results."""
    cli = _saint_jean(tmp_path)
    tables = cli.json("tournament", "show")["tables"]
    cli.run("tournament", "result", "1", "--forfeit", tables[0]["teams"][1])
    for table in tables[1:]:
        cli.run("tournament", "result", str(table["table"]), "900", str(500 + table["table"]))
    cli.run("tournament", "pair")
    cli.run("tournament", "result", "2", "--forfeit", cli.json(
        "tournament", "show")["tables"][1]["teams"][0])
    assert cli.db is not None
    server = LiveServer(cli.db, "--entry", "--round-minutes", "45", cwd=tmp_path)
    yield cli, server
    _out, err = server.stop()
    assert "Traceback" not in err and "ERROR" not in err, err


#: Before the page's scripts: every part the projector turns to, and when, on the page's own
#: clock (``Date.now()``, Playwright's).  live.js marks the part shown on ``<body
#: data-part>`` at each turn; an observer of that attribute keeps ``[part, time]`` each time
#: it changes, the first one at the page's start.
SCHEDULE = """
window.coincheSchedule = [];
new MutationObserver(function () {
    var part = document.body.getAttribute("data-part");
    var kept = window.coincheSchedule;
    if (part && (!kept.length || kept[kept.length - 1][0] !== part)) {
        kept.push([part, Date.now()]);
    }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-part"]});
"""


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_projector_shows_the_standings_as_long_as_the_tables_under_a_fixed_header(
        browser: Any, second_round: tuple[Cli, LiveServer], size: tuple[int, int]) -> None:
    """Issue 18, point 8: the header (title, round, clock, QR code) stays at the top while
    the parts scroll under it; the twelve tables fit a 1080p screen; the page shows the
    tables, then the standings, in turn, the standings at least as long as the tables.

    Measured on the page's own schedule (issue 31): the page's clock is Playwright's,
    paused, so that it moves only when the test runs it (four minutes of the projector in a
    few seconds, however loaded the machine: no tick happens while the test looks), and the
    length of each part is what the page's clock says between two turns (``SCHEDULE``), to
    the millisecond, not a count of samples.  The looks in between check what is on screen:
    one part at a time, the one the schedule says, under the header."""
    cli, server = second_round
    width, height = size
    projector = browser.new_page(viewport={"width": width, "height": height})
    start = datetime.datetime.now(datetime.UTC).replace(microsecond=0)
    projector.clock.install(time=start)
    projector.clock.pause_at(start + datetime.timedelta(seconds=1))
    projector.add_init_script(SCHEDULE)
    projector.goto(f"{server.base}/")
    assert projector.locator("section.part").count() == 2
    assert projector.locator("tr[data-table]").count() == 12
    assert projector.evaluate("document.documentElement.scrollWidth") <= width
    first = projector.evaluate(SHOWN)
    assert first["shown"] == ["tables"] and first["header"] == 0 and first["qr"]
    if height == 1080:
        _fits(projector, 1080)
    projector.screenshot(path=str(ARTIFACTS / f"live-projector-{height}.png"))
    looks: list[tuple[int, str]] = []  # (the page's time, the part on screen)
    scrolled = False
    step = 500  # milliseconds of the page's clock between two looks
    for _ in range(4 * 60 * 1000 // step):
        projector.clock.run_for(step)
        now = projector.evaluate(SHOWN)
        assert len(now["shown"]) == 1, now  # one part at a time
        assert now["header"] == 0 and now["qr"], now  # the header stays, on top
        if now["scrolled"] > 0 and not scrolled:
            scrolled = True
            projector.screenshot(path=str(ARTIFACTS / f"live-projector-{height}-scrolled.png"))
        looks.append((now["at"], now["shown"][0]))
    if height == 720:
        assert scrolled  # the parts are longer than the screen: they scrolled
    schedule: list[tuple[str, int]] = [(part, at) for part, at in projector.evaluate(
        "window.coincheSchedule")]
    turns = [at for _part, at in schedule]
    for at, part in looks:  # what the page showed is what its schedule says
        assert schedule[bisect.bisect_right(turns, at) - 1][0] == part, (at, part, schedule)
    # whole runs (not the last, cut by the end of the test): tables, standings, tables...
    whole = [(part, after - at) for (part, at), (_next, after) in itertools.pairwise(schedule)]
    assert len(whole) >= 3 and [part for part, _ms in whole] == [
        ("tables", "standings")[i % 2] for i in range(len(whole))], schedule
    for (before, tables), (after, standings) in itertools.pairwise(whole):
        if (before, after) == ("tables", "standings"):
            assert standings >= tables, whole
    assert cli.json("tournament", "show")["round"] == 2
