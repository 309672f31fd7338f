"""The results site in a real browser (issue 36, item 1): Debian's Chromium, headless, driven
by Playwright, each page opened from the folder (``file://``) at a phone's 360 × 740 and
printed.  The page never scrolls sideways (a wide table scrolls in its own box), the browser
asks for nothing outside the folder, no page error; printed, the navigation is gone.

Without Chromium or Playwright the tests skip, saying why, except under ``CI=true``
(``tests/browser.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser import PHONE, browser
from tests.harness import Cli

__all__ = ["browser"]  # the module's fixture: one Chromium for these tests

#: Long names and markup: the widest a line of the standings gets.
NAMES = ["Les As de Pique et de Trèfle réunis " + "x" * 60, "<b>Les Rois</b>",
         "Les Belotiers", "La Dame de Cœur", "Les Coincheurs", "Les Valets Noirs"]


def test_every_page_reads_on_a_phone_asks_for_nothing_and_prints(
        cli: Cli, tmp_path: Path, browser: Any) -> None:
    director = cli.under("tournament")
    director.run("new", "Concours", "--rounds", "2", "--deals", "4")
    for name in NAMES:
        director.run("team", "add", name, "--players", "Ana Martin, Bob Dupont")
    for _ in range(2):
        for table in director.json("pair")["tables"]:
            director.run("result", str(table["table"]), "600", "400")
    director.run("penalty", NAMES[1], "20", "--reason", "renonce")
    site = tmp_path / "site"
    cli.run("--lang", "fr", "tournament", "publish", str(site))
    page = browser.new_page(viewport=PHONE)
    asked: list[str] = []
    problems: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.on("pageerror", lambda error: problems.append(str(error)))
    names = sorted(path.name for path in site.glob("*.html"))
    assert {"index.html", "round-1.html", "round-2.html", "team-1.html"} <= set(names)
    for name in names:
        page.goto((site / name).as_uri())
        page.emulate_media(media="screen")
        width = page.evaluate("document.scrollingElement.scrollWidth")
        assert width <= PHONE["width"], (name, width)
        assert page.locator("nav").is_visible(), name
        page.emulate_media(media="print")
        assert not page.locator("nav").is_visible(), name
    inside = site.as_uri() + "/"
    assert [url for url in asked if not url.startswith(inside)] == []
    assert problems == []
    page.close()
