"""Prerendered pages in real Chromium: hydration, visitors without JavaScript, accessibility.

The demo site is built once more here with React's development build, which reports what the
production build silently skips (an attribute that differs between the prerendered HTML and
the first client render). Every page is loaded once per viewport: the console must stay
clean while it hydrates, and axe-core (site-src/node_modules, pinned in its lock file)
must find nothing, on the page and with the menu, a video modal or the lightbox open.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import shared_builds
from playwright.sync_api import Page, expect
from web_fonts import wait_for_web_fonts

from generator import pipeline
from serverthread import running_server

pytestmark = pytest.mark.browser

ROOT = pipeline.PROJECT_ROOT
AXE = ROOT / "site-src" / "node_modules" / "axe-core" / "axe.min.js"
VIEWPORTS = {"phone": (390, 844), "desktop": (1366, 900)}


@pytest.fixture(scope="module")
def dev_base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    out = shared_builds.demo_dev(tmp_path_factory.getbasetemp())
    with running_server(out) as url:
        yield url


@pytest.fixture(scope="module")
def pages(demo_dist: Path) -> list[str]:
    """Every English page of the site (the sitemap's, plus the unlisted scroll animation), and
    every screen once in Spanish: an artist's portfolio and flash pages are one screen each, with
    other data, which the English pages cover artist by artist (each page costs seconds here)."""
    sitemap = (demo_dist / "sitemap.xml").read_text("utf-8")
    paths = [
        re.sub(r"^https?://[^/]+", "", url) for url in re.findall(r"<loc>(.*?)</loc>", sitemap)
    ]
    assert "/portfolio" in paths and len([p for p in paths if p.startswith("/portfolio/")]) >= 2
    english = [p for p in paths if not p.startswith("/es/")]
    spanish: dict[str, str] = {}  # screen -> its first page
    for path in [p for p in paths if p.startswith("/es/")] + ["/es/test"]:
        spanish.setdefault(re.sub(r"^/es/(portfolio|flash)/[^/]+$", r"/es/\1/*", path), path)
    assert {"/es/", "/es/portfolio/*", "/es/aftercare"} <= spanish.keys()
    return [*english, "/test", *spanish.values()]


def axe_violations(page: Page) -> list[str]:
    """What axe-core finds on the page once what fades in has settled (WCAG 2.2 AA target
    sizes included): a heading caught half-faded would read as low contrast.

    AOS's code arrives in a chunk of its own after the page is ready, so first wait until it
    has taken every data-aos element in hand (it marks them aos-init and, in the same call,
    starts the fade of those in view); only then are the fades running animations to await.
    """
    page.wait_for_function(
        """() => document.documentElement.classList.contains("aos-disabled")
            || !document.querySelector("[data-aos]:not(.aos-init)")"""
    )
    # The watcher starts a fade when the IntersectionObserver reports the element, a moment
    # after aos-init: until then there is no transition to await, and axe would read a heading
    # still at opacity 0 (CI caught /aftercare's h1 so). Wait until every element well inside
    # the window has been told to fade in.
    page.wait_for_function(
        """() => document.documentElement.classList.contains("aos-disabled")
            || [...document.querySelectorAll("[data-aos]:not([data-aos-anchor])")].every((e) => {
                const box = e.getBoundingClientRect();
                const inView = box.top < innerHeight - 150 && box.bottom > 0
                    && e.checkVisibility({contentVisibilityAuto: true});
                return !inView || e.classList.contains("aos-animate");
            })"""
    )
    # Fades in a section scrolled away (content-visibility skips it) only go on once it is back:
    # axe skips what is not rendered, so only the rendered ones are awaited, and never forever.
    page.evaluate(
        """() => Promise.race([
            Promise.all(document.getAnimations()
                .filter((a) => a.effect?.getTiming().iterations !== Infinity)
                .filter((a) => a.effect?.target?.checkVisibility({contentVisibilityAuto: true}))
                .map((a) => a.finished.catch(() => undefined))),
            new Promise((resolve) => setTimeout(resolve, 5000)),
        ])"""
    )
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(AXE.read_text("utf-8"))
    found = page.evaluate(
        """async () => {
            const result = await axe.run(document, {rules: {"target-size": {enabled: true}}});
            return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        }"""
    )
    return found


def console_problems(page: Page) -> list[str]:
    problems: list[str] = []
    page.on(
        "console",
        lambda m: (
            problems.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None
        ),
    )
    page.on("pageerror", lambda exc: problems.append(f"pageerror: {exc}"))
    return problems


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_every_page_hydrates_cleanly_and_axe_finds_nothing(
    browser, dev_base_url: str, pages: list[str], viewport: str
) -> None:
    width, height = VIEWPORTS[viewport]
    # axe is injected by evaluation: the site's CSP (rightly) refuses inline scripts
    context = browser.new_context(
        viewport={"width": width, "height": height}, base_url=dev_base_url, bypass_csp=True
    )
    failures: dict[str, list[str]] = {}
    try:
        for path in pages:
            page = context.new_page()
            problems = console_problems(page)
            page.goto(path)
            page.wait_for_selector("[data-testid=preloader]", state="detached", timeout=20_000)
            if path == "/":
                # the carousel's code and pagination arrive as it comes near
                page.locator("#artists").scroll_into_view_if_needed()
                expect(page.locator("#artists .swiper-pagination-bullet").first).to_be_attached()
                page.evaluate("() => window.scrollTo(0, 0)")
            found = [f"page: {v}" for v in axe_violations(page)]
            if path == "/":
                found += open_menu_and_a_film(page)
            if path.startswith("/portfolio"):
                found += open_the_lightbox(page)
            if problems or found:
                failures[path] = problems + found
            page.close()
    finally:
        context.close()
    assert failures == {}


def open_menu_and_a_film(page: Page) -> list[str]:
    page.get_by_role("button", name="Open menu").click()
    expect(page.get_by_role("dialog", name="Site menu")).to_be_visible()
    found = [f"menu: {v}" for v in axe_violations(page)]
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog", name="Site menu")).to_be_hidden()
    page.locator("#studio").get_by_role("button", name=re.compile("Play Video")).click()
    expect(page.get_by_role("dialog", name="The studio at work")).to_be_visible()
    found += [f"video modal: {v}" for v in axe_violations(page)]
    page.keyboard.press("Escape")
    return found


def open_the_lightbox(page: Page) -> list[str]:
    page.locator(".gallery-tile__open").first.click()
    expect(page.get_by_role("dialog", name="Portfolio image viewer")).to_be_visible()
    found = [f"lightbox: {v}" for v in axe_violations(page)]
    page.keyboard.press("Escape")
    return found


# --- without JavaScript ------------------------------------------------------------------------


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_without_javascript_the_pages_show_their_real_content(
    browser, base_url: str, demo_dist: Path, viewport: str
) -> None:
    import json

    artists = json.loads((demo_dist / "api" / "artists.json").read_text("utf-8"))
    work = json.loads((demo_dist / "api" / "portfolio" / "all.json").read_text("utf-8"))
    site = json.loads((demo_dist / "api" / "site.json").read_text("utf-8"))
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(
        viewport={"width": width, "height": height}, base_url=base_url, java_script_enabled=False
    )
    page = context.new_page()
    try:
        page.goto("/")
        expect(page.get_by_test_id("preloader")).to_be_hidden()
        expect(page.get_by_role("heading", level=1)).to_contain_text("Tattoo Atelier")
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        for artist in artists:
            expect(page.get_by_role("heading", level=3, name=artist["name"])).to_be_attached()
        contact = page.locator("#contact")
        expect(contact.get_by_role("heading", name="Get in Touch")).to_be_visible()
        expect(contact.get_by_role("link", name=site["phone"])).to_have_attribute(
            "href", site["phoneHref"]
        )
        expect(contact.get_by_role("link", name=site["email"])).to_be_attached()
        # Images are prepared and uploaded by the app: without it, the form as it always was.
        expect(contact.get_by_label("Tell us about your idea")).to_be_visible()
        expect(contact.locator(".reference-images")).to_be_hidden()
        page.evaluate("() => window.scrollTo(0, 600)")  # nothing locks the page
        assert page.evaluate("() => window.scrollY") > 0

        page.goto("/portfolio")
        expect(page.get_by_role("heading", level=1, name="Portfolio")).to_be_visible()
        # The first page of the grid (docs/architecture.md#the-static-api): the HTML stays
        # bounded however big the portfolio; further pages come with the app.
        first_page = [w["title"] for w in work][:24]
        expect(page.locator(".portfolio-tile__title")).to_have_text(first_page)
        expect(page.get_by_text(f"Showing 24 of {len(work)} pieces")).to_be_visible()
        # every tile's picture, the far ones from their <noscript> (docs/portfolio.md#a-big-studio)
        pictures = page.locator(".gallery-tile__image")
        expect(pictures).to_have_count(24)
        pictures.last.scroll_into_view_if_needed()
        expect(pictures.last).to_have_js_property("complete", True)
        assert pictures.last.evaluate("image => image.naturalWidth") > 0

        page.goto("/aftercare")
        tattoo = page.get_by_role("article", name="Tattoo Aftercare")
        expect(tattoo.locator("h3").first).to_be_visible()
        expect(tattoo.get_by_text("Loading content...")).to_have_count(0)
        assert len(tattoo.inner_text()) > 500
    finally:
        context.close()


# --- with JavaScript: the preloader first ------------------------------------------------------


def test_before_the_app_runs_the_prerendered_preloader_covers_the_page_and_locks_it(
    page: Page,
) -> None:
    held = []
    page.route(re.compile(r"/assets/main-\w+\.js$"), lambda route: held.append(route))
    page.goto("/", wait_until="commit")  # a held module script holds DOMContentLoaded too
    preloader = page.get_by_test_id("preloader")
    expect(preloader).to_be_visible()
    expect(page.locator(".preloader__letter")).to_have_text(list("LOADING"))
    # it covers the viewport, with the page (prerendered) beneath it: once its stylesheet is
    # in, as the browser paints nothing before (a layout the test forces earlier has no styles)
    page.wait_for_function(
        "() => document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.closest('.preloader')",
        timeout=15_000,
    )
    expect(page.locator("#artists")).to_be_attached()
    assert page.evaluate("() => getComputedStyle(document.documentElement).overflowY") == "hidden"
    # the visitor cannot scroll it (a script still could: overflow hidden only stops people)
    page.mouse.move(200, 300)
    page.mouse.wheel(0, 800)
    page.keyboard.press("PageDown")
    page.keyboard.press("End")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.evaluate("() => window.scrollY") == 0
    assert held, "the app's script was requested"
    for route in held:
        route.continue_()
    expect(preloader).to_have_count(0, timeout=15_000)
    assert page.evaluate("() => getComputedStyle(document.documentElement).overflowY") != "hidden"
    assert page.js_errors == []


def test_the_app_starts_only_once_the_prerendered_page_has_painted(page: Page) -> None:
    """docs/architecture.md#first-paint-before-the-app: the entry script asks for the app's
    code after the first contentful paint, and then for all of it at once."""
    page.goto("/")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)  # the app ran
    seen = page.evaluate(
        """() => ({
            paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
            start: performance.getEntriesByType('resource')
                .filter((e) => new URL(e.name).pathname.startsWith('/assets/start-')).map((e) => e.startTime),
            listed: JSON.parse(document.getElementById('app-chunks').textContent),
            preloaded: [...document.querySelectorAll('link[rel=modulepreload]')]
                .map((link) => new URL(link.href).pathname),
        })"""
    )
    assert seen["paint"] is not None and len(seen["start"]) == 1, seen
    assert seen["start"][0] >= seen["paint"], seen
    assert any(url.startswith("/assets/start-") for url in seen["listed"]), seen
    assert set(seen["listed"]) <= set(seen["preloaded"]), seen
    assert page.js_errors == []


# The web fonts; not the preloader's own few glyphs (loading-word, percent-digits), which every
# page preloads beside its stylesheet so that the preloader never shows another font.
FONTS_SEEN = """() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    fetched: performance.getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.woff2') && !/\\/(loading-word|percent-digits)-/.test(e.name))
        .map((e) => e.startTime),
    files: performance.getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.woff2')).map((e) => e.name),
    faces: [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family} ${f.style}`),
    heading: getComputedStyle(document.querySelector('h1')).fontFamily,
})"""


def test_the_web_fonts_are_fetched_after_the_first_paint_and_then_used(page: Page) -> None:
    """docs/architecture.md#first-paint-before-the-app: the fonts (font-display: swap) swap in
    after the page has painted instead of being fetched while it has yet to."""
    page.goto("/")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    wait_for_web_fonts(page)
    seen = page.evaluate(FONTS_SEEN)
    assert seen["paint"] is not None and len(seen["fetched"]) >= 2, seen
    assert min(seen["fetched"]) >= seen["paint"], seen
    # fetched ahead by main.tsx and then used by the stylesheet: once each
    assert len(seen["files"]) == len(set(seen["files"])), seen
    assert {"Cormorant Garamond normal", "Inter normal"} <= set(seen["faces"]), seen
    assert seen["heading"].startswith('"Cormorant Garamond"'), seen
    assert page.js_errors == []


def test_without_javascript_the_web_fonts_come_with_the_no_script_styles(
    browser, base_url: str
) -> None:
    context = browser.new_context(base_url=base_url, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/")
        wait_for_web_fonts(page)
        faces = page.evaluate(FONTS_SEEN)["faces"]
        assert {"Cormorant Garamond normal", "Inter normal"} <= set(faces), faces
    finally:
        context.close()


def test_home_sections_below_the_first_screen_are_rendered_as_they_come_near(
    phone_page: Page,
) -> None:
    """docs/architecture.md#only-what-is-on-screen; links into the page still land on their
    section (test_shell.py: the menu, the dots, a hash URL)."""
    phone_page.goto("/")
    expect(phone_page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    # a section's own box is there; what it holds is skipped until it comes near
    rendered = "s => document.querySelector(s).checkVisibility({contentVisibilityAuto: true})"
    assert phone_page.evaluate(rendered, "#home h1")
    assert not phone_page.evaluate(rendered, "#legacy h2")
    phone_page.locator("#legacy").scroll_into_view_if_needed()
    phone_page.wait_for_function(rendered, arg="#legacy h2")


def test_after_a_glide_past_sections_not_yet_rendered_what_is_in_view_fades_in(
    phone_page: Page,
) -> None:
    """The sections passed on the way held estimated heights when AOS first measured the page;
    the elements of the section reached must not wait in view for positions they have left."""
    phone_page.goto("/")
    expect(phone_page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    phone_page.wait_for_function("() => !!document.querySelector('[data-aos].aos-init')")
    # On a phone the dots give their room to the content; the menu leads there too.
    phone_page.get_by_role("button", name="Open menu").click()
    phone_page.get_by_role("dialog", name="Site menu").get_by_role(
        "link", name="Our Legacy"
    ).click()
    phone_page.wait_for_function(
        "() => Math.abs(document.getElementById('legacy').getBoundingClientRect().top) < 2"
    )
    in_view = phone_page.locator("#legacy [data-aos]").filter(
        has_not=phone_page.locator("[data-aos]")  # the innermost ones
    )
    shown = 0
    for element in in_view.all():
        if element.evaluate("e => e.getBoundingClientRect().top < innerHeight - 150"):
            expect(element).to_have_css("opacity", "1", timeout=5_000)
            shown += 1
    assert shown >= 4  # the heading, the stats and the first of the timeline


SCROLL_THROUGH = """async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
        scrollTo(0, y);
        await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    }
}"""


@pytest.mark.parametrize(
    ("route", "viewport"),
    [
        ("/", (390, 844)),
        ("/", (1366, 900)),
        ("/piercings", (390, 844)),
        ("/aftercare", (1366, 900)),
    ],
)
def test_scrolling_through_a_page_fades_in_every_scroll_in_element(
    browser, base_url: str, route: str, viewport: tuple[int, int]
) -> None:
    """app/scroll-in-watcher.ts: the artists' cards too, those beyond the carousel's edge
    included (they fade in with their row, as AOS did)."""
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=base_url)
    try:
        page = context.new_page()
        page.goto(route)
        expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
        page.wait_for_function("() => !!document.querySelector('[data-aos].aos-init')")
        page.evaluate(SCROLL_THROUGH)
        waiting = "() => [...document.querySelectorAll('[data-aos]:not(.aos-animate)')].length"
        page.wait_for_function(f"() => ({waiting})() === 0", timeout=5_000)
        if route == "/":
            assert page.locator("#artists .artist-card").count() >= 3
    finally:
        context.close()


def test_an_element_fades_in_once_its_top_is_100_px_above_the_windows_bottom(page: Page) -> None:
    """docs/product.md#constants: AOS's offset of 100 px, measured on the element's own place
    (not the box aos.css moves down while it waits)."""
    page.goto("/")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    page.wait_for_function("() => !!document.querySelector('[data-aos].aos-init')")
    tagline = "#studio .studio__tagline"
    # its top in the page where it stands, as AOS measured it (offsetTop, without the move)
    top = page.evaluate(
        """(s) => { let e = document.querySelector(s), top = 0;
            while (e) { top += e.offsetTop; e = e.offsetParent; } return top; }""",
        tagline,
    )
    height = page.evaluate("innerHeight")
    animated = f"document.querySelector('{tagline}').classList.contains('aos-animate')"
    page.evaluate(f"scrollTo(0, {top - height + 90})")
    page.wait_for_timeout(400)
    assert page.evaluate(animated) is False
    page.evaluate(f"scrollTo(0, {top - height + 110})")
    page.wait_for_function(f"() => {animated}", timeout=2_000)


def test_when_the_scroll_in_watcher_cannot_load_what_waits_for_it_is_shown(page: Page) -> None:
    page.route(re.compile(r"/assets/scroll-in-watcher-\w+\.js$"), lambda route: route.abort())
    page.goto("/")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    heading = page.locator("#artists [data-aos]").first
    heading.scroll_into_view_if_needed()
    expect(heading).to_have_css("opacity", "1")


def test_when_the_app_cannot_load_the_page_is_shown_as_without_javascript(page: Page) -> None:
    """A dropped connection or a blocker must not leave the visitor behind the preloader."""
    page.route(re.compile(r"/assets/start-\w+\.js$"), lambda route: route.abort())
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.goto("/")
    expect(page.get_by_test_id("preloader")).to_be_hidden(timeout=15_000)
    assert page.evaluate("() => getComputedStyle(document.documentElement).overflowY") != "hidden"
    heading = page.locator("#artists [data-aos]").first
    heading.scroll_into_view_if_needed()
    expect(heading).to_have_css("opacity", "1")  # what waits for the app's scroll-in is shown
    assert any("could not be loaded" in line for line in console), console


# --- modals give focus back, background videos can be paused -----------------------------------


def test_a_video_modal_returns_focus_to_the_button_that_opened_it(page: Page) -> None:
    page.goto("/")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    play = page.locator("#studio").get_by_role("button", name=re.compile("Play Video"))
    play.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="The studio at work")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Close")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(play).to_be_focused()


def test_the_lightbox_returns_focus_to_the_piece_that_opened_it(page: Page) -> None:
    page.goto("/portfolio")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    tile = page.locator(".gallery-tile__open").nth(1)
    tile.click()
    dialog = page.get_by_role("dialog", name="Portfolio image viewer")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_have_count(0)
    expect(tile).to_be_focused()


def test_background_videos_longer_than_5_s_have_a_pause_control(page: Page) -> None:
    page.goto("/")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    hero = page.locator("#home")
    video = hero.locator("video.background-video")
    page.wait_for_function("v => !v.paused", arg=video.element_handle(), timeout=10_000)
    hero.get_by_role("button", name="Pause background video").click()
    page.wait_for_function("v => v.paused", arg=video.element_handle())
    hero.get_by_role("button", name="Play background video").click()
    page.wait_for_function("v => !v.paused", arg=video.element_handle())
    for section in ("#studio", "#piercings"):
        expect(
            page.locator(section).get_by_role("button", name="Pause background video")
        ).to_be_attached()


def test_with_reduced_motion_background_videos_wait_for_the_visitor(browser, base_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 1366, "height": 900}, base_url=base_url, reduced_motion="reduce"
    )
    page = context.new_page()
    try:
        page.goto("/piercings")
        expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
        video = page.locator("video.piercing-hero__video")
        expect(video).to_have_attribute("src", re.compile(r"\.mp4$"))
        assert video.evaluate("v => v.paused && !v.autoplay") is True
        page.get_by_role("button", name="Play background video").click()
        page.wait_for_function("v => !v.paused", arg=video.element_handle())
    finally:
        context.close()


def test_the_copyright_year_is_the_year_of_viewing(browser, base_url: str) -> None:  # noqa: ANN001
    # A site built this year and still up in 2031 says 2031 (the prerendered page says the
    # build's year until the app starts, so that hydration matches it).
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    page.clock.set_fixed_time("2031-03-04T12:00:00Z")
    page.goto("/aftercare")
    expect(page.locator(".site-footer__legal")).to_contain_text("© 2031 ")
    context.close()
