"""The shell in a real Chromium: preloader, header, menu, dot navigation, hero and modals.

Scroll-driven behaviour is checked through what a visitor sees (sizes, visibility, the URL);
time-driven behaviour (the preloader's 4 s fallback) runs on Playwright's fake clock, so no
assertion depends on how fast this machine is.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from generator import pipeline
from serverthread import running_server

ROOT = pipeline.PROJECT_ROOT
START = datetime(2026, 1, 1, 12, 0, 0)


@pytest.fixture(scope="module")
def base_url(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[str]:
    """The demo site once content/ is complete; until then a fixture site with a 10 s clip."""
    if (ROOT / "content" / "site.yaml").is_file():
        yield request.getfixturevalue("demo_base_url")
        return
    from sitefactory import minimal_site, write_site

    root = tmp_path_factory.mktemp("shell-site")
    content = write_site(root / "content", minimal_site())
    pipeline.build(pipeline.Paths.make(content, root / "dist", cache=root / ".cache"))
    with running_server(root / "dist") as url:
        yield url


@pytest.fixture(scope="session")
def demo_base_url(demo_dist: Path) -> Iterator[str]:
    with running_server(demo_dist) as url:
        yield url


def site_data(page: Page) -> dict:
    html = page.request.get("/").text()
    found = re.search(r'<script id="site-data" type="application/json">(.*?)</script>', html, re.S)
    assert found, "site data missing from the page"
    return json.loads(found.group(1))


def open_home(page: Page, path: str = "/") -> None:
    """Load a page and wait until the preloader has gone."""
    page.goto(path)
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)


def scroll_to(page: Page, y: int) -> None:
    page.evaluate("y => window.scrollTo({top: y, behavior: 'instant'})", y)
    page.wait_for_function("y => Math.abs(window.scrollY - y) < 2", arg=y)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def freeze_clock(page: Page) -> None:
    """Fake timers that only move when the test says so (clock.run_for)."""
    page.clock.install(time=START)
    page.clock.pause_at(START + timedelta(seconds=1))


def start_app_on_frozen_clock(page: Page, intro_requests: list) -> None:
    """The page asks for the intro video once it has painted (site-src/src/main.tsx), which is
    when the preloader's 4 s start: step the frozen clock in 10 ms steps until it has, then wait
    (the clock still) until the app has taken the preloader over (its scroll lock)."""
    for _ in range(150):
        page.clock.run_for(10)
        if intro_requests:
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError("the page never asked for the intro video")
    page.wait_for_function("() => document.documentElement.style.overflow === 'hidden'")


def logo_width(page: Page) -> float:
    return page.locator(".site-header__logo").bounding_box()["width"]


def root_overflow(page: Page) -> str:
    return page.evaluate("() => document.documentElement.style.overflow")


# --- preloader -----------------------------------------------------------------------------


def test_preloader_locks_scrolling_until_it_has_gone(page: Page) -> None:
    # The intro video is held until the lock has been seen: on a fast or cached load the
    # preloader could otherwise be gone before the test looks.
    intro = site_data(page)["media"]["intro"]["horizontal"]  # 1366 px wide: horizontal
    held: list[Route] = []
    page.route(f"**{intro}", lambda route: held.append(route))
    page.goto("/")
    preloader = page.get_by_test_id("preloader")
    expect(preloader).to_be_visible()
    # the prerendered page is locked by a stylesheet until the app takes the lock over
    page.wait_for_function("() => document.documentElement.style.overflow === 'hidden'")
    expect(page.locator(".preloader__letter")).to_have_text(list("LOADING"))
    expect(preloader).to_be_visible()
    assert root_overflow(page) == "hidden"
    for route in held:
        route.continue_()
    page.unroute(f"**{intro}")
    expect(preloader).to_have_count(0, timeout=15_000)
    assert root_overflow(page) == ""
    scroll_to(page, 400)
    assert page.evaluate("window.scrollY") == 400
    assert page.js_errors == []


def test_preloader_gives_up_on_a_stalled_intro_video_after_4_seconds(page: Page) -> None:
    intro = site_data(page)["media"]["intro"]["horizontal"]  # 1366 px wide: horizontal
    held: list[Route] = []
    page.route(f"**{intro}", lambda route: held.append(route))  # never answered
    freeze_clock(page)
    page.goto("/")
    start_app_on_frozen_clock(page, held)
    bar = page.get_by_role("progressbar", name="Loading")
    expect(bar).to_have_attribute("aria-valuenow", "0")
    # The 4 s count from the navigation, not from when the app (or the video's request) began.
    since_navigation = page.evaluate("performance.now()")
    page.clock.run_for(int(4_000 - since_navigation) - 100)
    expect(bar).to_have_attribute("aria-valuenow", "0")
    assert root_overflow(page) == "hidden"
    page.clock.run_for(200)
    expect(bar).to_have_attribute("aria-valuenow", "100")
    expect(page.get_by_test_id("preloader")).to_be_visible()
    page.clock.run_for(500)
    expect(page.get_by_test_id("preloader")).to_have_count(0)
    assert root_overflow(page) == ""


def test_preloader_lets_the_page_go_at_4_5_seconds_even_when_the_app_is_late(page: Page) -> None:
    # On a slow phone the app's code arrives after the preloader's 4 s: the page itself reads
    # 100, fades the preloader and lets the visitor scroll 500 ms later (the 4 s count from the
    # navigation), and the late app neither shows the preloader again nor locks the page.
    intro = site_data(page)["media"]["intro"]["horizontal"]
    held_video: list[Route] = []
    held_app: list[Route] = []
    page.route(f"**{intro}", lambda route: held_video.append(route))
    page.route(re.compile(r"/assets/start-\w+\.js$"), lambda route: held_app.append(route))
    freeze_clock(page)
    page.goto("/", wait_until="commit")
    for _ in range(150):
        page.clock.run_for(10)
        if held_video:
            break
        page.wait_for_timeout(100)
    assert held_video, "the page never asked for the intro video"
    since_navigation = page.evaluate("performance.now()")
    preloader = page.get_by_test_id("preloader")
    page.clock.run_for(int(4_000 - since_navigation) - 20)
    expect(preloader).not_to_have_class(re.compile("is-complete"))
    page.clock.run_for(40)
    expect(preloader).to_have_class(re.compile("is-complete"))
    expect(page.locator(".preloader__percent")).to_have_text("100")
    assert page.evaluate("() => getComputedStyle(document.documentElement).overflowY") == "hidden"
    page.clock.run_for(500)
    expect(preloader).to_be_hidden()
    assert page.evaluate("() => getComputedStyle(document.documentElement).overflowY") != "hidden"
    page.mouse.move(200, 300)
    page.mouse.wheel(0, 600)
    page.wait_for_function("() => window.scrollY > 0")
    assert held_app, "the app's code was asked for"
    for route in held_app:
        route.continue_()
    page.unroute(re.compile(r"/assets/start-\w+\.js$"))
    for _ in range(100):
        page.clock.run_for(50)
        if page.get_by_test_id("preloader").count() == 0:
            break
        page.wait_for_timeout(50)
    expect(preloader).to_have_count(0)
    assert root_overflow(page) == ""
    assert page.evaluate("window.scrollY") > 0
    assert page.js_errors == []


def test_preloader_completes_at_once_when_the_intro_video_fails(page: Page) -> None:
    intro = site_data(page)["media"]["intro"]["horizontal"]
    asked: list[str] = []

    def missing(route: Route) -> None:
        asked.append(route.request.url)
        route.fulfill(status=404, body="missing")

    page.route(f"**{intro}", missing)
    freeze_clock(page)
    page.goto("/")
    start_app_on_frozen_clock(page, asked)
    bar = page.get_by_role("progressbar", name="Loading")
    expect(bar).to_have_attribute("aria-valuenow", "100")  # no more than 10 ms have passed
    page.clock.run_for(500)
    expect(page.get_by_test_id("preloader")).to_have_count(0)


def test_phone_preloads_the_vertical_intro_video(phone_page: Page) -> None:
    media = site_data(phone_page)["media"]["intro"]
    asked: list[str] = []
    phone_page.on("request", lambda request: asked.append(request.url))
    # chosen for the viewport once the page has painted (main.tsx), before the app runs
    with phone_page.expect_request(f"**{media['vertical']}"):
        phone_page.goto("/")
    expect(phone_page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    assert not [url for url in asked if url.endswith(media["horizontal"])]


# --- header --------------------------------------------------------------------------------


def test_logo_shrinks_from_225_to_64_px_over_the_first_300_px(page: Page) -> None:
    open_home(page)
    assert logo_width(page) == pytest.approx(225, abs=0.5)
    scroll_to(page, 150)
    assert logo_width(page) == pytest.approx(144.5, abs=0.5)
    scroll_to(page, 300)
    assert logo_width(page) == pytest.approx(64, abs=0.5)
    scroll_to(page, 600)
    assert logo_width(page) == pytest.approx(64, abs=0.5)


def test_bar_turns_solid_after_50_px(page: Page) -> None:
    open_home(page)
    header = page.locator(".site-header")
    expect(header).to_have_attribute("data-solid", "false")
    scroll_to(page, 50)
    expect(header).to_have_attribute("data-solid", "false")
    scroll_to(page, 51)
    expect(header).to_have_attribute("data-solid", "true")
    # The colour fades in over 0.4 s; expect retries until the fade has ended.
    expect(header).to_have_css("background-color", "rgba(0, 0, 0, 0.86)")


def test_logo_fades_in_on_home_and_is_there_at_once_elsewhere(page: Page) -> None:
    open_home(page)
    logo = page.locator(".site-header__logo")
    expect(logo).to_have_class(re.compile(r"\bis-shown\b"), timeout=5_000)
    expect(logo).to_have_css("opacity", "1")
    page.goto("/aftercare")
    expect(page.locator(".site-header__logo")).to_have_class(re.compile(r"\bis-shown\b"))
    assert logo_width(page) == pytest.approx(64, abs=0.5)
    expect(page.locator(".site-header")).to_have_attribute("data-solid", "true")


def test_bar_hides_scrolling_down_and_returns_scrolling_up(page: Page) -> None:
    open_home(page)
    header = page.locator(".site-header")
    for y in range(0, 801, 40):
        scroll_to(page, y)
    expect(header).to_have_attribute("data-pinned", "false")
    expect(header).not_to_be_in_viewport()
    scroll_to(page, 795)  # less than the 10 px tolerance
    expect(header).to_have_attribute("data-pinned", "false")
    scroll_to(page, 780)
    expect(header).to_have_attribute("data-pinned", "true")
    expect(header).to_be_in_viewport()


def test_hiding_the_bar_closes_the_menu(page: Page) -> None:
    open_home(page)
    scroll_to(page, 400)
    scroll_to(page, 300)  # up: bar shown
    page.get_by_role("button", name="Open menu").click()
    expect(page.get_by_role("dialog", name="Site menu")).to_be_visible()
    for y in (320, 360, 400):  # a browser that scrolls under the lock (iOS)
        scroll_to(page, y)
    expect(page.get_by_role("dialog", name="Site menu")).to_be_hidden()
    expect(page.locator(".menu-toggle")).to_have_attribute("aria-expanded", "false")


# --- menu ----------------------------------------------------------------------------------

MENU = [
    ("Home", "/"),
    ("Artists", "/#artists"),
    ("Our Work", "/#our-work"),
    ("Portfolio", "/portfolio"),
    ("Piercings", "/piercings"),
    ("Aftercare", "/aftercare"),
    ("Our Legacy", "/#legacy"),
    ("Contact", "/#contact"),
]


def test_menu_lists_the_eight_entries_in_order_with_their_targets(phone_page: Page) -> None:
    open_home(phone_page)
    toggle = phone_page.get_by_role("button", name="Open menu")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(phone_page.get_by_role("button", name="Close menu")).to_have_attribute(
        "aria-expanded", "true"
    )
    menu = phone_page.get_by_role("dialog", name="Site menu")
    expect(menu).to_be_visible()
    links = menu.get_by_role("navigation", name="Main").get_by_role("link")
    expect(links).to_have_count(8)
    for i, (label, _) in enumerate(MENU):
        expect(links.nth(i)).to_have_accessible_name(label)
    assert [links.nth(i).get_attribute("href") for i in range(8)] == [href for _, href in MENU]
    assert root_overflow(phone_page) == "hidden"
    phone_page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(phone_page.get_by_role("button", name="Open menu")).to_be_focused()


def test_menu_entry_closes_the_menu_and_glides_to_its_section(phone_page: Page) -> None:
    open_home(phone_page)
    phone_page.get_by_role("button", name="Open menu").click()
    phone_page.get_by_role("dialog").get_by_role("link", name="Our Legacy").click()
    expect(phone_page.get_by_role("dialog", name="Site menu")).to_be_hidden()
    expect(phone_page).to_have_url(re.compile(r"/#legacy$"))
    phone_page.wait_for_function(
        "() => Math.abs(document.getElementById('legacy').getBoundingClientRect().top) < 2"
    )


def test_menu_hash_entry_from_another_page_goes_home_to_that_section(page: Page) -> None:
    open_home(page, "/aftercare")
    page.get_by_role("button", name="Open menu").click()
    page.get_by_role("dialog").get_by_role("link", name="Our Work").click()
    expect(page).to_have_url(re.compile(r"/#our-work$"))
    page.wait_for_function(
        "() => Math.abs(document.getElementById('our-work')?.getBoundingClientRect().top ?? 99) < 2"
    )
    assert page.title() == tags_title(page, "/")


def tags_title(page: Page, path: str) -> str:
    html = page.request.get(path).text()
    return re.search(r"<title>(.*?)</title>", html).group(1).replace("&amp;", "&")


# --- dot navigation ------------------------------------------------------------------------


def test_dot_nav_highlights_the_section_at_the_middle_and_glides_on_click(page: Page) -> None:
    open_home(page)
    nav = page.get_by_role("navigation", name="Sections")
    expect(nav.get_by_role("link")).to_have_count(8)
    expect(nav.get_by_role("link", name="Home")).to_have_attribute("aria-current", "true")
    studio_top = page.evaluate(
        "document.getElementById('studio').getBoundingClientRect().top + scrollY"
    )
    scroll_to(page, int(studio_top) - 900 // 2 + 10)  # studio has just crossed the middle
    expect(nav.get_by_role("link", name="Studio")).to_have_attribute("aria-current", "true")
    expect(nav.get_by_role("link", name="Home")).not_to_have_attribute("aria-current", "true")
    nav.get_by_role("link", name="Legacy").click()
    page.wait_for_function(
        "() => Math.abs(document.getElementById('legacy').getBoundingClientRect().top) < 2"
    )
    expect(nav.get_by_role("link", name="Legacy")).to_have_attribute("aria-current", "true")
    progress = page.locator(".dot-nav__progress").evaluate("el => el.style.transform")
    assert re.fullmatch(r"scaleY\(0\.\d+\)", progress), progress


def test_dot_nav_is_only_on_the_home_page(page: Page) -> None:
    open_home(page, "/aftercare")
    expect(page.get_by_role("navigation", name="Sections")).to_have_count(0)


# --- hero and video modals -----------------------------------------------------------------


def test_hero_video_starts_at_6_seconds_then_fades_in_before_the_heading(page: Page) -> None:
    media = site_data(page)["media"]["hero"]
    open_home(page)
    video = page.locator("#home video.background-video")
    assert video.get_attribute("src") == media["horizontal"]
    expect(video).to_have_class(re.compile(r"\bis-shown\b"), timeout=10_000)
    current = video.evaluate("v => v.currentTime")
    assert current >= 6
    expect(page.locator(".hero__content")).to_have_class(re.compile(r"\bis-shown\b"))
    expect(page.get_by_role("heading", level=1)).to_have_text(
        re.compile("Dallas.s Premier\\s*Tattoo Atelier\\s*Since 1996")
    )


def test_hero_plays_the_vertical_file_on_a_phone(phone_page: Page) -> None:
    media = site_data(phone_page)["media"]["hero"]
    open_home(phone_page)
    assert (
        phone_page.locator("#home video.background-video").get_attribute("src") == media["vertical"]
    )


def modal_video(page: Page):
    # By CSS: a closed dialog is hidden from the accessibility tree, and its video is checked then.
    return page.locator("[role=dialog][aria-label='Piercing film'] video")


def test_piercing_modal_restarts_plays_and_closing_pauses_and_rewinds(page: Page) -> None:
    open_home(page)
    page.locator("#piercings").scroll_into_view_if_needed()
    play = page.locator("#piercings").get_by_role("button", name=re.compile("Play Video"))
    play.click()
    dialog = page.get_by_role("dialog", name="Piercing film")
    expect(dialog).to_be_visible()
    video = modal_video(page)
    page.wait_for_function(
        "v => !v.paused && v.currentTime > 0.3", arg=video.element_handle(), timeout=10_000
    )
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    assert video.evaluate("v => v.paused") is True
    assert video.evaluate("v => v.currentTime") == 0
    expect(play).to_be_focused()

    # A click inside the content keeps it open; one on the backdrop closes it.
    play.click()
    expect(dialog).to_be_visible()
    page.wait_for_function("v => !v.paused", arg=video.element_handle(), timeout=10_000)
    video.click(position={"x": 20, "y": 20})
    expect(dialog).to_be_visible()
    dialog.click(position={"x": 8, "y": 450})
    expect(dialog).to_be_hidden()
    assert video.evaluate("v => v.paused && v.currentTime === 0") is True


def test_escape_closes_the_hero_modal(page: Page) -> None:
    open_home(page)
    page.locator("#home").get_by_role("button", name=re.compile("Play Video")).click()
    dialog = page.get_by_role("dialog", name="Studio film")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Close")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert dialog.evaluate("d => d.contains(document.activeElement)")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


# --- routing -------------------------------------------------------------------------------


def test_lazy_screens_load_on_demand_and_back_restores_the_position(page: Page) -> None:
    scripts: list[str] = []
    page.on("request", lambda r: scripts.append(r.url) if r.url.endswith(".js") else None)
    open_home(page)
    assert not [s for s in scripts if "/portfolio-screen-" in s]
    our_work = page.evaluate(
        "document.getElementById('our-work').getBoundingClientRect().top + scrollY"
    )
    scroll_to(page, int(our_work))
    # Where the visitor was when they clicked: Playwright may scroll the link into view
    # first (it retries with other alignments while the section still animates in).
    page.evaluate(
        "addEventListener('click', () => { window.leftAtY = scrollY }, {capture: true, once: true})"
    )
    page.get_by_role("link", name="View Full Portfolio").click()
    expect(page).to_have_url(re.compile(r"/portfolio$"))
    expect(page.get_by_role("heading", level=1, name="Portfolio")).to_be_visible()
    assert [s for s in scripts if "/portfolio-screen-" in s]
    assert page.evaluate("window.scrollY") == 0
    assert page.title() == tags_title(page, "/portfolio")
    left_at = page.evaluate("window.leftAtY")
    assert abs(left_at - our_work) < 900  # the Our Work section was on screen
    page.go_back()
    page.wait_for_function("y => Math.abs(window.scrollY - y) < 3", arg=left_at)


def settled_scroll_y(page: Page) -> float:
    """scrollY once the page has had time to restore a position (it does so right after the
    preloader has gone, waiting for the page to be tall enough)."""
    for _ in range(3):
        page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
    page.wait_for_timeout(500)
    return page.evaluate("window.scrollY")


def test_a_page_opened_by_its_address_starts_at_the_top_and_back_restores(page: Page) -> None:
    # Opening another address in the same tab (typed, a bookmark, the language switch) made a
    # history entry the router calls "default", the key the previous page had saved its
    # position under: /aftercare then jumped to where /test had been left.
    open_home(page, "/test")
    scroll_to(page, 2500)
    open_home(page, "/aftercare")
    assert settled_scroll_y(page) == 0
    open_home(page, "/test")
    assert settled_scroll_y(page) == 0
    scroll_to(page, 1200)
    page.go_back()
    expect(page).to_have_url(re.compile(r"/aftercare$"))
    page.go_back()
    expect(page).to_have_url(re.compile(r"/test$"))
    page.wait_for_function("() => Math.abs(window.scrollY - 2500) < 3")
    page.go_forward()
    page.go_forward()
    expect(page).to_have_url(re.compile(r"/test$"))
    page.wait_for_function("() => Math.abs(window.scrollY - 1200) < 3")


def test_opening_a_hash_url_glides_to_that_section_after_the_preloader(page: Page) -> None:
    open_home(page, "/#legacy")
    page.wait_for_function(
        "() => Math.abs(document.getElementById('legacy').getBoundingClientRect().top) < 2"
    )


def test_unknown_paths_get_the_styled_not_found_screen(page: Page) -> None:
    response = page.goto("/no/such/page")
    assert response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("This page has faded.")
    expect(page.get_by_role("link", name="Back to the studio")).to_have_attribute("href", "/")


def test_reduced_motion_shows_everything_without_animation(browser, base_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 1366, "height": 900}, base_url=base_url, reduced_motion="reduce"
    )
    page = context.new_page()
    try:
        open_home(page)
        scroll_to(page, 1500)
        hidden = page.evaluate(
            "[...document.querySelectorAll('[data-aos]')].filter(e => getComputedStyle(e).opacity !== '1').length"
        )
        assert hidden == 0
        assert page.locator("#home video.background-video").evaluate("v => v.paused") is True
    finally:
        context.close()
