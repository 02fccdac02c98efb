"""The portfolio screen and its lightbox in real Chromium, on the demo site (docs/product.md#portfolio)."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from generator.site.endpoints import PAGE_SIZE

pytestmark = pytest.mark.browser

EMPTY = "No portfolio items found for the selected artist."


def api(base_url: str, path: str) -> list[dict]:
    with urllib.request.urlopen(base_url + path) as response:
        return json.load(response)


@pytest.fixture(scope="module")
def demo(base_url: str) -> dict:
    """What the demo site's static API holds: the tests follow the content, not a copy of it."""
    artists = api(base_url, "/api/artists")
    work = api(base_url, "/api/portfolio?artist=all")
    assert len(artists) >= 2 and len(work) >= 7, "the demo content needs artists and pieces"
    return {"artists": artists, "work": work}


def tiles(page: Page):
    return page.get_by_role("list", name="Portfolio pieces").get_by_role("listitem")


def open_portfolio(page: Page, path: str = "/portfolio") -> None:
    """Load a portfolio URL directly and wait until the page is revealed."""
    page.goto(path)
    page.wait_for_selector("[data-testid=preloader]", state="detached")
    expect(page.get_by_role("heading", level=1, name="Portfolio")).to_be_visible()


def pieces_of(demo: dict, slug: str) -> list[dict]:
    return [w for w in demo["work"] if w["artist_id"] == slug]


def first_page(count: int) -> int:
    """How many pieces of a selection of `count` the page shows before the visitor scrolls."""
    return min(count, PAGE_SIZE)


def show_every_piece(page: Page, count: int) -> None:
    """Scroll down a screen at a time until the grid holds all `count` pieces of the selection
    (it grows a page at a time as its end comes near: tests/browser/test_portfolio_paging.py)."""
    expect(tiles(page)).to_have_count(first_page(count))
    for _ in range(40):
        if tiles(page).count() >= count:
            break
        page.mouse.wheel(0, 900)
        page.wait_for_timeout(100)
    expect(tiles(page)).to_have_count(count)


def test_all_artists_show_every_piece(page: Page, demo: dict) -> None:
    open_portfolio(page)
    show_every_piece(page, len(demo["work"]))
    expect(tiles(page).locator(".portfolio-tile__title")).to_have_text(
        [w["title"] for w in demo["work"]]
    )
    select = page.get_by_label("Artist")
    expect(select).to_have_value("all")
    expected = ["All Artists", *[a["name"] for a in demo["artists"]]]
    expect(select.locator("option")).to_have_text(expected)
    assert page.js_errors == []


def test_dropdown_navigates_and_back_returns(page: Page, demo: dict) -> None:
    first, second = demo["artists"][0], demo["artists"][1]
    open_portfolio(page)
    expect(tiles(page)).to_have_count(first_page(len(demo["work"])))

    page.get_by_label("Artist").select_option(first["slug"])
    expect(page).to_have_url(re.compile(f"/portfolio/{first['slug']}$"))
    expect(page.get_by_role("region", name=first["name"])).to_be_visible()
    show_every_piece(page, len(pieces_of(demo, first["slug"])))

    page.get_by_label("Artist").select_option(second["slug"])
    expect(page).to_have_url(re.compile(f"/portfolio/{second['slug']}$"))
    show_every_piece(page, len(pieces_of(demo, second["slug"])))

    page.go_back()
    expect(page).to_have_url(re.compile(f"/portfolio/{first['slug']}$"))
    expect(page.get_by_label("Artist")).to_have_value(first["slug"])
    expect(page.get_by_role("region", name=first["name"])).to_be_visible()
    show_every_piece(page, len(pieces_of(demo, first["slug"])))

    page.go_back()
    expect(page).to_have_url(re.compile("/portfolio$"))
    expect(page.get_by_label("Artist")).to_have_value("all")
    show_every_piece(page, len(demo["work"]))


def test_deep_link_loads_the_artist(page: Page, demo: dict) -> None:
    artist = demo["artists"][-1]
    open_portfolio(page, f"/portfolio/{artist['slug']}")
    expect(page.get_by_label("Artist")).to_have_value(artist["slug"])
    card = page.get_by_role("region", name=artist["name"])
    expect(card.get_by_role("heading", name=artist["name"])).to_be_visible()
    expect(card).to_contain_text(f"{artist['yearsExperience']} years of experience")
    for specialty in artist["specialties"]:
        expect(card.get_by_role("list", name="Specialties")).to_contain_text(specialty)
    if artist["instagram"]:
        handle = artist["instagram"].lstrip("@")
        expect(card.get_by_role("link", name=re.compile("on Instagram"))).to_have_attribute(
            "href", f"https://instagram.com/{handle}"
        )
    titles = [w["title"] for w in pieces_of(demo, artist["slug"])]
    show_every_piece(page, len(titles))
    assert page.js_errors == []


def test_caption_overlay_links_to_the_artist_on_desktop(page: Page, demo: dict) -> None:
    open_portfolio(page)
    piece = demo["work"][0]
    tile = tiles(page).first
    link = tile.get_by_role("link", name=f"By: {piece['artist']}")
    tile.hover()
    expect(tile.get_by_text(piece["title"], exact=True)).to_be_visible()
    expect(link).to_be_visible()
    link.click()
    expect(page).to_have_url(re.compile(f"/portfolio/{piece['artist_id']}$"))
    expect(page.get_by_role("region", name=piece["artist"])).to_be_visible()


def test_no_caption_overlay_on_phones(phone_page: Page, demo: dict) -> None:
    open_portfolio(phone_page)
    expect(tiles(phone_page).first.get_by_role("link")).to_be_hidden()


@pytest.mark.parametrize(("width", "columns"), [(390, 3), (800, 2), (1366, 3)])
def test_grid_columns(browser, base_url: str, demo: dict, width: int, columns: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900}, base_url=base_url)
    try:
        page = context.new_page()
        open_portfolio(page)
        expect(tiles(page)).to_have_count(first_page(len(demo["work"])))
        boxes = [tiles(page).nth(i).bounding_box() for i in range(columns + 1)]
        first_row = [b for b in boxes if abs(b["y"] - boxes[0]["y"]) < 1]
        assert len(first_row) == columns
        assert boxes[columns]["y"] > boxes[0]["y"]  # the next one starts a new row
        for box in boxes:
            assert abs(box["width"] - box["height"]) < 1  # squares
    finally:
        context.close()


def test_grid_never_shifts_while_images_load(browser, base_url: str, demo: dict) -> None:
    """Tiles take the same boxes whether their images never arrive or have all loaded."""

    def first_boxes(block_images: bool) -> list[dict]:
        context = browser.new_context(viewport={"width": 1366, "height": 900}, base_url=base_url)
        try:
            page = context.new_page()
            if block_images:
                page.route(re.compile(r"/images/work/|/assets/img/"), lambda route: route.abort())
            open_portfolio(page)
            expect(tiles(page)).to_have_count(first_page(len(demo["work"])))
            if not block_images:
                page.wait_for_function(
                    "() => [...document.querySelectorAll('.gallery-tile img')].slice(0, 6)"
                    ".every(i => i.complete && i.naturalWidth > 0)"
                )
            return [tiles(page).nth(i).bounding_box() for i in range(6)]
        finally:
            context.close()

    assert first_boxes(block_images=True) == first_boxes(block_images=False)


def test_lightbox_opens_steps_wraps_and_closes(page: Page, demo: dict) -> None:
    work = demo["work"]
    open_portfolio(page)
    show_every_piece(page, len(work))
    last = work[-1]
    page.get_by_role("button", name=f"View {last['title']} by {last['artist']}").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("img", name=f"{last['title']} by {last['artist']}")).to_be_visible()
    expect(dialog.get_by_text(f"{len(work)} / {len(work)}")).to_be_visible()
    caption = dialog.locator(".lightbox__title")
    expect(caption).to_have_text(f"{last['title']} by {last['artist']}")
    expect(caption.get_by_role("link", name=last["artist"])).to_have_attribute(
        "href", f"/portfolio/{last['artist_id']}"
    )

    # next from the last wraps to the first
    dialog.get_by_role("button", name="Next image").click()
    expect(
        dialog.get_by_role("img", name=f"{work[0]['title']} by {work[0]['artist']}")
    ).to_be_visible()
    expect(dialog.get_by_text(f"1 / {len(work)}")).to_be_visible()
    page.keyboard.press("ArrowRight")
    expect(dialog.get_by_text(f"2 / {len(work)}")).to_be_visible()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(dialog.get_by_text(f"{len(work)} / {len(work)}")).to_be_visible()

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    # a backdrop click closes too; a click on the image does not
    page.get_by_role("button", name=f"View {work[1]['title']} by {work[1]['artist']}").click()
    image = dialog.get_by_role("img", name=f"{work[1]['title']} by {work[1]['artist']}")
    expect(image).to_be_visible()
    image.click()
    expect(dialog).to_be_visible()
    page.mouse.click(110, 40)  # the stage above the picture
    expect(dialog).to_be_hidden()
    assert page.js_errors == []


def touch_drag(page: Page, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    """A one-finger drag, as real touch events (Chromium's DevTools protocol)."""
    cdp = page.context.new_cdp_session(page)
    (x0, y0), (x1, y1) = start, end
    cdp.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]}
    )
    for i in range(1, steps + 1):
        x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_lightbox_swipe_on_a_phone(browser, base_url: str, demo: dict) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, base_url=base_url, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        open_portfolio(page)
        work = demo["work"]
        page.get_by_role("button", name=f"View {work[0]['title']} by {work[0]['artist']}").tap()
        dialog = page.get_by_role("dialog")
        expect(dialog.get_by_text(f"1 / {len(work)}")).to_be_visible()
        touch_drag(page, (300, 400), (180, 405))  # 120 px to the left: the next piece
        expect(dialog.get_by_text(f"2 / {len(work)}")).to_be_visible()
        touch_drag(page, (100, 400), (220, 395))  # 120 px to the right: back
        expect(dialog.get_by_text(f"1 / {len(work)}")).to_be_visible()
        touch_drag(page, (100, 400), (220, 395))  # and round to the last
        expect(dialog.get_by_text(f"{len(work)} / {len(work)}")).to_be_visible()
        touch_drag(page, (200, 400), (230, 400))  # 30 px is within the tolerance, and no tap
        expect(dialog.get_by_text(f"{len(work)} / {len(work)}")).to_be_visible()
        expect(dialog).to_be_visible()
    finally:
        context.close()


def test_lightbox_broken_image(page: Page, demo: dict) -> None:
    """A piece whose file fails shows the broken-image display, and the next one still loads."""
    work = demo["work"]
    page.route(re.compile(r"/images/work/.*|/assets/img/.*"), lambda route: route.abort())
    open_portfolio(page)
    page.get_by_role("button", name=f"View {work[0]['title']} by {work[0]['artist']}").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_role("img", name="This image could not be loaded")).to_be_visible()
    page.unroute(re.compile(r"/images/work/.*|/assets/img/.*"))
    dialog.get_by_role("button", name="Next image").click()
    expect(
        dialog.get_by_role("img", name=f"{work[1]['title']} by {work[1]['artist']}")
    ).to_be_visible()


def choose_another_artist(page: Page, demo: dict) -> None:
    """The prerendered page holds its own selection's pieces: another selection is fetched."""
    page.get_by_label("Artist").select_option(demo["artists"][1]["slug"])


# What the screen asks for: a selection's pages (generator/site/endpoints.py, portfolio_pages).
PAGES = re.compile(r"/api/portfolio/pages/")


def test_empty_state(page: Page, demo: dict) -> None:
    empty = {"total": 0, "page": 1, "pages": 1, "page_size": PAGE_SIZE, "items": []}
    page.route(PAGES, lambda route: route.fulfill(json=empty))
    open_portfolio(page)
    choose_another_artist(page, demo)
    expect(page.get_by_text(EMPTY)).to_be_visible()
    expect(page.get_by_role("list", name="Portfolio pieces")).to_have_count(0)


def test_failed_load_empties_the_list(page: Page, demo: dict) -> None:
    page.route(PAGES, lambda route: route.fulfill(status=500, body="oops"))
    messages: list[str] = []
    page.on("console", lambda message: messages.append(message.text))
    open_portfolio(page)
    choose_another_artist(page, demo)
    expect(page.get_by_text(EMPTY)).to_be_visible()
    assert any("Failed to load portfolio" in m for m in messages)


def test_unknown_artist_shows_the_empty_message(page: Page) -> None:
    page.goto("/portfolio/no-such-artist")
    page.wait_for_selector("[data-testid=preloader]", state="detached")
    expect(page.get_by_text(EMPTY)).to_be_visible()
