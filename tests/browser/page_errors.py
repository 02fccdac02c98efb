"""Opening a page in a browser test and keeping what its console reports as errors."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def open_page(page: Page, path: str) -> list[str]:
    """Open path, wait out the preloader; return what the console reported as errors."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path)
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=20_000)
    page.wait_for_load_state("networkidle", timeout=15_000)
    return errors
