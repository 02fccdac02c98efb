"""Browser tests: the demo site (demo_dist, tests/conftest.py) driven in Debian's Chromium."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from generator import pipeline
from serverthread import running_server

CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
ROOT = pipeline.PROJECT_ROOT

pytestmark = pytest.mark.browser

# Playwright's 5 s default is short on a shared 2-core CI runner with two workers: the
# admin's preview once took longer than that to render a portfolio that renders in under a
# second here. A real failure still fails, 15 s later.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def base_url(demo_dist: Path) -> Iterator[str]:
    with running_server(demo_dist) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: run `make install` (it installs Debian's chromium)"
        )
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--autoplay-policy=no-user-gesture-required",
            ],
        )
        yield browser
        browser.close()


def _new_page(browser, base_url: str, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=base_url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors  # tests may assert the page threw nothing
    return context, page


@pytest.fixture
def page(browser, base_url: str) -> Iterator[object]:
    """A desktop page (1366x900)."""
    context, page = _new_page(browser, base_url, 1366, 900)
    yield page
    context.close()


@pytest.fixture
def phone_page(browser, base_url: str) -> Iterator[object]:
    """A phone page (390x844)."""
    context, page = _new_page(browser, base_url, 390, 844)
    yield page
    context.close()
