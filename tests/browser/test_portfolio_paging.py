"""A portfolio of many pages in real Chromium (issue #30): the grid grows as the visitor scrolls,
the lightbox moves through the whole selection, the dropdown and the empty state still work.

The site is the fixture of tests/test_portfolio_pages.py: Max Ink's 20 pieces then Jane Doe's
40, so /portfolio has three pages of 24 and /portfolio/jane-doe two."""

from __future__ import annotations

import json
import os
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect
from test_portfolio_pages import paged_site

from generator import pipeline
from serverthread import running_server
from sitefactory import write_site

pytestmark = pytest.mark.browser

EMPTY = "No portfolio items found for the selected artist."


@pytest.fixture(scope="module")
def paged_url(tmp_path_factory: pytest.TempPathFactory, media_cache: Path) -> Iterator[str]:
    root = tmp_path_factory.mktemp("paged-site")
    content = write_site(root / "content", paged_site())
    pipeline.build(pipeline.Paths.make(content, root / "dist", cache=media_cache))
    with running_server(root / "dist") as url:
        yield url


def api(base_url: str, path: str) -> list[dict]:
    with urllib.request.urlopen(base_url + path) as response:
        return json.load(response)


@pytest.fixture(scope="module")
def work(paged_url: str) -> list[dict]:
    pieces = api(paged_url, "/api/portfolio?artist=all")
    assert len(pieces) == 60
    return pieces


@pytest.fixture
def desk(browser, paged_url: str) -> Iterator[Page]:
    yield from _page(browser, paged_url, 1366, 900)


@pytest.fixture
def phone(browser, paged_url: str) -> Iterator[Page]:
    yield from _page(browser, paged_url, 390, 844)


def _page(browser, base_url: str, width: int, height: int) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=base_url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url.removeprefix(base_url)))
    page.js_errors = errors
    page.api_requests = requests  # every path asked of the server, in order
    yield page
    context.close()


def tiles(page: Page):
    return page.get_by_role("list", name="Portfolio pieces").get_by_role("listitem")


def open_portfolio(page: Page, path: str = "/portfolio") -> None:
    page.goto(path)
    page.wait_for_selector("[data-testid=preloader]", state="detached")
    expect(page.get_by_role("heading", level=1, name="Portfolio")).to_be_visible()


def scroll_to_the_end(page: Page, count: int, at_least: bool = False) -> None:
    """Scroll down as a visitor would, a screen at a time, until the grid holds `count` pieces."""
    for _ in range(60):
        if tiles(page).count() >= count:
            break
        page.mouse.wheel(0, 900)
        page.wait_for_timeout(150)
    if at_least:
        assert tiles(page).count() >= count
    else:
        expect(tiles(page)).to_have_count(count)


def titles(page: Page) -> list[str]:
    return tiles(page).locator(".portfolio-tile__title").all_text_contents()


def paged_requests(page: Page) -> list[str]:
    return [r for r in page.api_requests if r.startswith("/api/portfolio")]


def test_scrolling_loads_the_next_pages_until_every_piece_is_in(
    desk: Page, phone: Page, work: list[dict]
) -> None:
    for page in (desk, phone):
        open_portfolio(page)
        # the prerendered first page, and nothing more asked for before the visitor scrolls
        expect(tiles(page)).to_have_count(24)
        status = page.locator(".portfolio-more__count")
        expect(status).to_have_text("Showing 24 of 60 pieces")
        expect(page.get_by_role("button", name="Show more")).to_be_visible()

        scroll_to_the_end(page, 60)
        assert titles(page) == [w["title"] for w in work]
        expect(status).to_have_text("Showing 60 of 60 pieces")
        expect(page.get_by_role("button", name="Show more")).to_have_count(0)
        # each page fetched once, in order; never the whole list
        assert paged_requests(page) == [
            "/api/portfolio/pages/all/2.json",
            "/api/portfolio/pages/all/3.json",
        ]
        # the pieces below the first row load lazily, the first row at once; a tile the scroll
        # jumped past without coming near the window still waits for its picture
        # (docs/portfolio.md#a-big-studio)
        loading = page.locator(".gallery-tile__image").evaluate_all(
            "images => images.map(i => i.loading)"
        )
        waiting = page.locator("[data-deferred-image]").count()
        assert loading == ["eager"] * 3 + ["lazy"] * (57 - waiting)
        assert page.js_errors == []


def test_previous_from_the_first_piece_is_the_last_of_the_whole_selection(
    desk: Page, work: list[dict]
) -> None:
    open_portfolio(desk)
    expect(tiles(desk)).to_have_count(24)
    first, last, before_last = work[0], work[-1], work[-2]
    desk.get_by_role("button", name=f"View {first['title']} by {first['artist']}").click()
    dialog = desk.get_by_role("dialog", name="Portfolio image viewer")
    caption = dialog.locator(".lightbox__title")
    expect(caption).to_have_text(f"{first['title']} by {first['artist']}")
    expect(dialog.get_by_text("1 / 60")).to_be_visible()

    dialog.get_by_role("button", name="Previous image").click()
    expect(dialog.get_by_text("60 / 60")).to_be_visible()
    expect(caption).to_have_text(f"{last['title']} by {last['artist']}")
    expect(dialog.get_by_role("img", name=f"{last['title']} by {last['artist']}")).to_be_visible()
    expect(caption.get_by_role("link", name=last["artist"])).to_have_attribute(
        "href", f"/portfolio/{last['artist_id']}"
    )
    desk.keyboard.press("ArrowLeft")
    expect(caption).to_have_text(f"{before_last['title']} by {before_last['artist']}")
    desk.keyboard.press("ArrowRight")
    desk.keyboard.press("ArrowRight")
    expect(dialog.get_by_text("1 / 60")).to_be_visible()
    expect(caption).to_have_text(f"{first['title']} by {first['artist']}")

    # the viewer fetched the last page; the grid still shows the pages in a row from the first
    assert "/api/portfolio/pages/all/3.json" in paged_requests(desk)
    desk.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(tiles(desk)).to_have_count(24)
    assert desk.js_errors == []


def test_the_viewer_steps_across_a_page_boundary(desk: Page, work: list[dict]) -> None:
    open_portfolio(desk)
    piece = work[23]  # the last of page 1; the next is on page 2
    desk.get_by_role("button", name=f"View {piece['title']} by {piece['artist']}").click()
    dialog = desk.get_by_role("dialog", name="Portfolio image viewer")
    dialog.get_by_role("button", name="Next image").click()
    expect(dialog.get_by_text("25 / 60")).to_be_visible()
    expect(dialog.locator(".lightbox__title")).to_have_text(
        f"{work[24]['title']} by {work[24]['artist']}"
    )


def test_the_dropdown_still_navigates(desk: Page, work: list[dict]) -> None:
    open_portfolio(desk)
    select = desk.get_by_label("Artist")
    select.select_option("jane-doe")
    expect(desk).to_have_url(re.compile("/portfolio/jane-doe$"))
    expect(desk.get_by_role("region", name="Jane Doe")).to_be_visible()
    expect(tiles(desk)).to_have_count(24)
    expect(desk.locator(".portfolio-more__count")).to_have_text("Showing 24 of 40 pieces")
    scroll_to_the_end(desk, 40)
    assert titles(desk) == [w["title"] for w in work if w["artist_id"] == "jane-doe"]

    desk.evaluate("window.scrollTo(0, 0)")
    select.select_option("max-ink")
    expect(desk).to_have_url(re.compile("/portfolio/max-ink$"))
    expect(tiles(desk)).to_have_count(20)
    expect(desk.locator(".portfolio-more")).to_have_count(0)  # one page: no count, no button

    desk.go_back()
    expect(desk).to_have_url(re.compile("/portfolio/jane-doe$"))
    expect(tiles(desk)).to_have_count(24)  # a selection starts again from its first page
    assert desk.js_errors == []


def test_show_more_by_keyboard(phone: Page, work: list[dict]) -> None:
    # The second page is held until Enter is pressed: focusing the button scrolls it into
    # view, and the page the grid's end watcher then brings in could otherwise arrive first
    # and take the focus to its first piece, where Enter would open the viewer instead.
    held: list[Route] = []
    phone.route(re.compile(r"/api/portfolio/pages/jane-doe/2\.json"), lambda r: held.append(r))
    open_portfolio(phone, "/portfolio/jane-doe")
    expect(tiles(phone)).to_have_count(24)
    button = phone.get_by_role("button", name="Show more")
    button.focus()
    phone.keyboard.press("Enter")
    expect(button).to_be_focused()
    for _ in range(100):  # route handlers run while Playwright waits
        if held:
            break
        phone.wait_for_timeout(50)
    assert held, "no request for the second page"
    for route in held:
        route.continue_()
    expect(tiles(phone)).to_have_count(40)
    # focus moves to the first piece that came in
    jane = [w for w in work if w["artist_id"] == "jane-doe"]
    expect(
        phone.get_by_role("button", name=f"View {jane[24]['title']} by Jane Doe")
    ).to_be_focused()


def test_the_empty_state(desk: Page) -> None:
    empty = {"total": 0, "page": 1, "pages": 1, "page_size": 24, "items": []}
    desk.route(re.compile(r"/api/portfolio/pages/"), lambda route: route.fulfill(json=empty))
    open_portfolio(desk)
    desk.get_by_label("Artist").select_option("max-ink")
    expect(desk.get_by_text(EMPTY)).to_be_visible()
    expect(desk.get_by_role("list", name="Portfolio pieces")).to_have_count(0)
    expect(desk.locator(".portfolio-more")).to_have_count(0)


def test_a_failed_first_page_empties_the_list(desk: Page) -> None:
    desk.route(
        re.compile(r"/api/portfolio/pages/"), lambda route: route.fulfill(status=500, body="oops")
    )
    messages: list[str] = []
    desk.on("console", lambda message: messages.append(message.text))
    open_portfolio(desk)
    desk.get_by_label("Artist").select_option("jane-doe")
    expect(desk.get_by_text(EMPTY)).to_be_visible()
    assert any("Failed to load portfolio" in m for m in messages)


@pytest.mark.parametrize("width", [390, 1366])
def test_screenshots_of_the_second_page(
    browser, paged_url: str, width: int, tmp_path: Path
) -> None:
    """/portfolio scrolled to where its second page joins the first (each photo shows its place
    in the whole list), and to the end of the second page while the third is on its way. With
    SCALE_SCREENSHOTS=docs/images/scale they go there, for the documentation:
    portfolio-paged-<width>.png and portfolio-paged-more-<width>.png."""
    height = 844 if width == 390 else 900
    folder = Path(os.environ.get("SCALE_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    for page in _page(browser, paged_url, width, height):
        page.route(re.compile(r"/api/portfolio/pages/all/3\.json$"), lambda route: None)  # held
        open_portfolio(page)
        scroll_to_the_end(page, 48)

        # where page 2 joins page 1: piece 22 (the last row of page 1 on a desktop) near the top
        seam = tiles(page).nth(21 if width > 1000 else 17)
        page.evaluate(
            "el => window.scrollTo(0, el.getBoundingClientRect().top + scrollY - 60)",
            seam.element_handle(),
        )
        page.mouse.wheel(0, -40)  # the header comes back as it does for a visitor
        wait_for_visible_images(page)
        page.wait_for_timeout(800)  # the header's slide
        page.screenshot(path=str(folder / f"portfolio-paged-{width}.png"))

        # the end of the grid: the count, its spinner and the button
        page.evaluate(
            "el => window.scrollTo(0, el.getBoundingClientRect().top + scrollY - innerHeight * 0.6)",
            page.locator(".portfolio-more").element_handle(),
        )
        page.mouse.wheel(0, -40)
        page.wait_for_timeout(800)
        expect(page.get_by_role("button", name="Show more")).to_be_in_viewport()
        expect(page.locator(".portfolio-more__count")).to_have_text("Loading more pieces...")
        wait_for_visible_images(page)
        page.screenshot(path=str(folder / f"portfolio-paged-more-{width}.png"))


def wait_for_visible_images(page: Page) -> None:
    page.wait_for_function(
        "() => [...document.querySelectorAll('.gallery-tile img')]"
        ".filter(i => { const r = i.getBoundingClientRect();"
        " return r.bottom > 0 && r.top < innerHeight; })"
        ".every(i => i.complete && i.naturalWidth > 0)"
    )
