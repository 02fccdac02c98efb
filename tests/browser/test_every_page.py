"""Every page of the demo site asks only for files that exist, and logs no error.

Each route of the route table (every artist's portfolio page too) is opened, scrolled to the
end so that lazily loaded photos and videos are requested, and left until the network is
quiet. A request that fails or answers 400+ is a missing file (or a broken rule); a console
error is anything the page reports, from a bad icon link to a script error.
"""

from __future__ import annotations

import json
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Page, expect

from generator.pipeline import PROJECT_ROOT

pytestmark = pytest.mark.browser

ROUTES = json.loads((PROJECT_ROOT / "site-src" / "src" / "config" / "routes.json").read_text())


def every_path(demo_dist) -> list[str]:
    artists = json.loads((demo_dist / "api" / "artists.json").read_text("utf-8"))
    paths = []
    for route in ROUTES["routes"]:
        if route.get("notFound"):
            continue
        if route.get("each") == "artist":
            paths += [route["path"].replace(":artistSlug", a["slug"]) for a in artists]
        elif route.get("each") == "flash-artist":  # the artists who have flash
            with_flash = [a for a in artists if a.get("flash")]
            assert with_flash, "the demo has flash for some artists"
            paths += [route["path"].replace(":artistSlug", a["slug"]) for a in with_flash]
        else:
            paths.append(route["path"])
    return paths


def visit(page: Page, path: str) -> None:
    """Open path, wait out the preloader, scroll to the end, let the requests finish."""
    page.goto(path)
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    height = page.evaluate("document.documentElement.scrollHeight")
    for _ in range(0, height, 600):
        page.mouse.wheel(0, 600)
        page.wait_for_timeout(60)
    try:
        page.wait_for_load_state("networkidle", timeout=10_000)
    except Exception:
        pass


def test_every_route_and_artist_page_loads_without_a_failed_request(page: Page, demo_dist) -> None:
    failed: list[str] = []
    errors: list[str] = []

    def response(r) -> None:
        if r.status >= 400:
            failed.append(f"{r.status} {r.url} (page {page.url})")

    def request_failed(r) -> None:
        # An aborted request is one the page no longer wanted (a video seeking, a new page);
        # a missing file answers 404 and is caught above.
        if r.failure != "net::ERR_ABORTED":
            failed.append(f"{r.failure} {r.url} (page {page.url})")

    page.on("response", response)
    page.on("requestfailed", request_failed)
    page.on(
        "console",
        lambda m: errors.append(f"{m.text} (page {page.url})") if m.type == "error" else None,
    )
    page.on("pageerror", lambda exc: errors.append(f"{exc} (page {page.url})"))
    paths = every_path(demo_dist)
    linked: set[str] = set()
    for path in paths:
        visit(page, path)
        # Icons and the manifest are fetched when the browser wants them (a tab, a home
        # screen), so each one a page links is fetched here.
        linked.update(page.eval_on_selector_all(LINKED, "links => links.map(l => l.href)"))
    assert len(paths) >= 6 + 3 + 6, paths  # six artists, three with flash, six other routes
    manifest = page.request.get("/manifest.webmanifest").json()
    linked.update(urljoin(page.url, icon["src"]) for icon in manifest["icons"])
    assert {u.rsplit("/", 1)[1] for u in linked} >= {
        "favicon.ico",
        "favicon.svg",
        "apple-touch-icon.png",
        "manifest.webmanifest",
        "icon-512.png",
    }
    for url in sorted(linked):
        answer = page.request.get(url)
        if not answer.ok:
            failed.append(f"{answer.status} {url} (linked from a page's <head>)")
    assert failed == [] and errors == [], "\n".join(failed + errors)


LINKED = "link[rel~='icon'], link[rel='apple-touch-icon'], link[rel='manifest']"
