"""The live page in a real browser (issue 13): Debian's Chromium, headless, driven by
Playwright (given the browser's path: Playwright downloads nothing).

The projector page at 1920 × 1080 shows every table of the round with no text below 24 px;
the phone page at a phone's size finds a team's table; the result entered there with the
table's code appears on the projector page within 5 seconds, without reloading it.
Screenshots of both pages are kept in ``test-artifacts/`` (``COINCHE_ARTIFACTS`` moves it).
Without Chromium or Playwright the tests skip, saying why, except under ``CI=true``, where
``.ci/run`` installs them and their absence fails.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.harness import Cli
from tests.live_server import LiveServer

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(os.environ.get("COINCHE_ARTIFACTS", ROOT / "test-artifacts"))
#: How Chromium runs here: headless, as root in a container, on a closed network.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]
TEAMS = [f"Équipe {name}" for name in (
    "Alpha", "Bravo", "Charlie", "Delta", "Écho", "Foxtrot", "Golf", "Hôtel", "India",
    "Juliette", "Kilo", "Lima", "Mike", "November", "Oscar", "Papa", "Québec", "Roméo",
    "Sierra", "Tango", "Uniforme", "Victor", "Whisky")]
#: the longest name a team may have (100 characters): it wraps, the page stays on screen
TEAMS.append("Les Joyeux Coincheurs de la Belote Coinchée du Vieux Port et des Environs "
             "Immédiats de Marseille Var")
assert len(TEAMS[-1]) == 100


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        _missing("no Chromium on this machine (apt-get install -y chromium)")
    return str(found)


def _missing(why: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"the browser tests are needed under CI=true: {why}", pytrace=False)
    pytest.skip(why)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = _chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright is not installed (pip install playwright)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def event(tmp_path: Path) -> Iterator[tuple[Cli, LiveServer]]:
    cli = Cli(tmp_path / "concours.db")
    cli.run("tournament", "new", "Concours de la Saint-Jean", "--rounds", "4", "--deals",
            "4", "--seed", "11")
    for name in TEAMS:
        cli.run("tournament", "team", "add", name)
    cli.run("tournament", "pair")
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

    number = tables[4]["table"]
    code = {t["table"]: t["code"]
            for t in cli.json("tournament", "show", "--codes")["tables"]}[number]
    phone.goto(f"{server.base}/table/{number}")
    phone.fill("#code", code)
    phone.fill("#score1", "913")
    phone.fill("#score2", "744")
    phone.click("button[type=submit]")
    assert "913–744" in phone.locator(".saved").inner_text()
    phone.screenshot(path=str(ARTIFACTS / "live-entry.png"), full_page=True)

    # the projector page, never reloaded, shows it within 5 seconds
    projector.locator(f'tr[data-table="{number}"] td.result').filter(
        has_text="913 – 744").wait_for(timeout=5000)
    projector.screenshot(path=str(ARTIFACTS / "live-projector-after.png"), full_page=True)
    assert projector.evaluate("document.documentElement.scrollWidth") <= 1920
    assert cli.json("tournament", "show")["tables"][number - 1]["scores"] == [913, 744]
