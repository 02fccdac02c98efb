"""Waiting for the web fonts in a browser test, bounded.

`page.evaluate("() => document.fonts.ready")` has no timeout, and under load that promise was
seen to stay pending: it hung a whole test run for half an hour. This polls the faces' own
status instead, with Playwright's timeout, so a font that never arrives fails the test.
"""

from __future__ import annotations

from playwright.sync_api import Page

WEB_FONTS = ("Cormorant Garamond", "Inter")
_LOADED = """(families) => families.every((family) => [...document.fonts].some(
    (face) => face.family.replaceAll('"', '') === family && face.status === 'loaded'))"""


def wait_for_web_fonts(page: Page, families: tuple[str, ...] = WEB_FONTS) -> None:
    """Until a face of each family has loaded (15 s at most)."""
    page.wait_for_function(_LOADED, arg=list(families), timeout=15_000)
