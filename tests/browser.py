"""The real browser of the web pages' tests: Debian's Chromium, headless, driven by Playwright
(given the browser's path: Playwright downloads nothing).  Without Chromium or Playwright a
test skips, saying why, except under ``CI=true``, where their absence fails it.

A test module takes the module-scoped :func:`browser` fixture by importing it."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

#: How Chromium runs here: headless, as root in a container, on a closed network.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]
#: A phone's screen.
PHONE = {"width": 360, "height": 740}


def missing(why: str) -> None:
    """A browser test that cannot run: skipped, or under ``CI=true`` failed."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"the browser tests are needed under CI=true: {why}", pytrace=False)
    pytest.skip(why)


def chromium() -> str:
    """The machine's Chromium."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        missing("no Chromium on this machine (apt-get install -y chromium)")
    return str(found)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for the module's tests."""
    path = chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright is not installed (pip install playwright)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=FLAGS)
        yield launched
        launched.close()
