"""A one-off flash design held by a visitor's claim shows claimed on the Flash screens after
the first paint, without a rebuild (#41 item 4; docs/flash.md, "Held by a claim"), in real
Chromium on the demo site served as `build.py serve` serves it, with a contact function of its
own (a tmp outbox). The prerendered page is the content's; a failing holds answer leaves it.

Screenshots: docs/images/flash-held-390.png and flash-held-1366.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from contact_support import GOOD, call, handler_for, local_settings, post_event
from playwright.sync_api import Page, expect

from functions.contact.dal.artists import ArtistList
from functions.contact.dal.flash import FileFlash
from functions.contact.handlers.app import build_service
from generator import pipeline
from serverthread import running_server

pytestmark = pytest.mark.browser

IMAGES = pipeline.PROJECT_ROOT / "docs" / "images"
SIZES = {"390": (390, 844), "1366": (1366, 900)}


@pytest.fixture(scope="module")
def held_site(demo_dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple]:
    """The demo served with a function whose outbox holds one one-off design: (url, design)."""
    api = demo_dist / "api"
    outbox = tmp_path_factory.mktemp("holds")
    service = build_service(
        local_settings(outbox),
        ArtistList(api / "artists.json"),
        FileFlash(api / "flash" / "all.json"),
    )
    with running_server(demo_dist, contact=handler_for(service)) as url:
        designs = httpx.get(url + "/api/flash?artist=all").json()
        design = next(d for d in designs if d["status"] == "available" and not d["repeatable"])
        claim = {**GOOD, "artist": design["artist_id"], "flash": design["id"]}
        status, body, _ = call(service, post_event(claim))
        assert status == 200, body
        assert httpx.get(url + "/api/flash/holds").json() == {"held": [design["id"]]}
        yield url, design


def tile_of(page: Page, design: dict):
    designs = page.get_by_role("list", name="Flash designs").get_by_role("listitem")
    return designs.filter(has=page.get_by_text(design["title"], exact=True)).first


def view_button(page: Page, design: dict):
    price = f"${design['price']:,}"
    return page.get_by_role("button", name=f"View {design['title']}, {design['size']}, {price}")


def open_page(browser, url: str, path: str, size: str):  # noqa: ANN201 - a Playwright page
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors, path


@pytest.mark.parametrize("size", list(SIZES))
def test_a_held_design_shows_claimed_after_load_while_the_page_is_built_without_it(
    browser, held_site: tuple, size: str
) -> None:
    url, design = held_site
    path = f"/flash/{design['artist_id']}"
    # The prerendered page is the content's: only the designs claimed there are marked.
    html = httpx.get(url + path).text
    listed = httpx.get(url + f"/api/flash?artist={design['artist_id']}").json()
    claimed = [d for d in listed if d["status"] == "claimed" and not d["repeatable"]]
    assert html.count("flash-tile--claimed") == len(claimed)
    assert f">{design['title']}<" in html

    context, page, errors, _ = open_page(browser, url, path, size)
    with page.expect_response("**/api/flash/holds") as holds:
        page.goto(path)
    assert holds.value.status == 200
    assert holds.value.headers["cache-control"] == "public, max-age=60"
    tile = tile_of(page, design)
    expect(tile).to_have_class(re.compile(r"\bflash-tile--claimed\b"))
    expect(tile.get_by_text("Claimed", exact=True)).to_be_visible()
    expect(view_button(page, design)).to_have_count(0)
    page.wait_for_selector("[data-testid=preloader]", state="detached")
    page.wait_for_load_state("networkidle")
    tile.scroll_into_view_if_needed()
    page.screenshot(path=str(IMAGES / f"flash-held-{size}.png"))
    assert errors == []
    context.close()


@pytest.mark.parametrize("failure", ["error", "not-json", "aborted"])
def test_a_failing_holds_answer_leaves_the_page_as_built(
    browser, held_site: tuple, failure: str
) -> None:
    url, design = held_site
    context, page, errors, path = open_page(browser, url, "/flash", "1366")
    asked: list[str] = []

    def fail(route) -> None:  # noqa: ANN001 - a Playwright route
        asked.append(route.request.url)
        if failure == "error":
            route.fulfill(status=503, json={"success": False, "error": "Unavailable"})
        elif failure == "not-json":
            route.fulfill(status=200, body="<!doctype html><p>Not found</p>")
        else:
            route.abort()

    page.route("**/api/flash/holds", fail)
    page.goto(path)
    page.wait_for_selector("[data-testid=preloader]", state="detached")
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => document.readyState === 'complete'")
    page.wait_for_timeout(500)  # past the idle callback and the answer
    assert len(asked) == 1
    tile = tile_of(page, design)
    expect(tile).not_to_have_class(re.compile(r"\bflash-tile--claimed\b"))
    expect(view_button(page, design)).to_be_visible()
    assert errors == []
    context.close()
