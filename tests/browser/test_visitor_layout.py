"""Layout rough edges a visitor sees (issue #31), measured in a real Chromium.

- the open menu hides the page under it completely, and its entries clear the header and keep
  to one line each on a phone, in both languages;
- the side dot navigation never sits on cards or the contact form's fields, shows from a tablet
  up, and runs in the order the sections stand on the page (issue #44 item 7);
- the four /piercings service cards line up (their titles' dividers at one height);
- the not-found page does not move when its fonts arrive after the first paint;
- the home page's rows line up: stats numbers, timeline titles, the sections' left edge, the
  memorial's dates on one line, lining figures (issue #44 item 9).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import Page, expect
from web_fonts import wait_for_web_fonts

pytestmark = pytest.mark.browser

# Until the page's finite animations end, 5 s at most: an animation that never finishes (a
# paused one) kept `finished` pending, and page.evaluate has no timeout of its own: under load
# it hung a clean-clone run for over 20 minutes, twice, in test_the_stats_numbers_have_lining_figures.
SETTLE = """() => Promise.race([
    Promise.all(document.getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 5000)),
])"""


@pytest.fixture
def open_page(browser, base_url: str) -> Iterator[object]:
    """open_page(width, height, path): a page at that viewport, once the preloader has gone."""
    contexts = []

    def open_(width: int, height: int, path: str = "/") -> Page:
        context = browser.new_context(
            viewport={"width": width, "height": height}, base_url=base_url
        )
        contexts.append(context)
        page = context.new_page()
        page.goto(path)
        expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
        return page

    yield open_
    for context in contexts:
        context.close()


# --- 1. the open menu is not see-through -------------------------------------------------


def _alpha(css_color: str) -> float:
    """The alpha of a computed rgb()/rgba() colour."""
    numbers = re.findall(r"[\d.]+", css_color)
    return float(numbers[3]) if css_color.startswith("rgba") and len(numbers) == 4 else 1.0


def _blur_px(backdrop_filter: str) -> float:
    match = re.search(r"blur\(([\d.]+)px\)", backdrop_filter)
    return float(match.group(1)) if match else 0.0


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 900)])
def test_the_open_menu_hides_the_hero_under_it(open_page, width: int, height: int) -> None:
    page = open_page(width, height)
    heading = page.locator("#home h1")
    expect(heading).to_be_visible(timeout=10_000)
    page.locator("[aria-controls=site-menu]").click()
    menu = page.locator("#site-menu")
    expect(menu).to_have_class(re.compile(r"\bis-open\b"))
    page.wait_for_timeout(200)  # let the transitions start before waiting for them
    page.evaluate(SETTLE)

    box = heading.bounding_box()
    assert box is not None
    # What is at the heading's centre is the menu (or something in it)...
    assert page.evaluate(
        """([x, y]) => !!document.elementFromPoint(x, y)?.closest('#site-menu')""",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    # ...and the menu paints over it with an opaque background or a heavy blur.
    style = menu.evaluate(
        """m => { const s = getComputedStyle(m);
            return {bg: s.backgroundColor, opacity: s.opacity, filter: s.backdropFilter}; }"""
    )
    assert float(style["opacity"]) == 1, style
    assert _alpha(style["bg"]) == 1 or _blur_px(style["filter"]) >= 24, style

    # What a visitor sees over the heading and the Play Video button does not change when
    # they go: nothing of them shows through.
    hero = page.locator("#home")
    clip = {
        "x": box["x"],
        "y": box["y"],
        "width": min(box["width"], width - box["x"]),
        "height": min(box["height"], height - box["y"]),
    }
    with_hero = Image.open(io.BytesIO(page.screenshot(clip=clip, animations="disabled")))
    hero.evaluate(
        """el => el.querySelectorAll('h1, button').forEach(e => e.style.visibility = 'hidden')"""
    )
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    without = Image.open(io.BytesIO(page.screenshot(clip=clip, animations="disabled")))
    difference = ImageChops.difference(with_hero.convert("RGB"), without.convert("RGB"))
    assert difference.getbbox() is None, "the hero shows through the open menu"


# Each entry of the open menu: its top, its bottom and how many lines its label takes; and the
# bottom of what the header shows over it (the logo, where it is shown; the language switch and
# the close button).
MENU_ENTRIES = """() => {
  const header = Math.max(...[...document.querySelectorAll(
      '.site-header__logo, .menu-toggle, .site-header__lang')]
    .filter((el) => el.checkVisibility({opacityProperty: true, visibilityProperty: true}))
    .map((el) => el.getBoundingClientRect().bottom));
  return {header, entries: [...document.querySelectorAll('.site-menu__link')].map((link) => {
    const r = link.getBoundingClientRect();
    const label = link.querySelector('.site-menu__label');
    const lineHeight = parseFloat(getComputedStyle(label).lineHeight);
    return {text: label.textContent, top: r.top, bottom: r.bottom,
            lines: Math.round(label.getBoundingClientRect().height / lineHeight)};
  })};
}"""


@pytest.mark.parametrize("path", ["/", "/es/"])
@pytest.mark.parametrize(("width", "height"), [(320, 568), (375, 667), (390, 844)])
def test_the_menus_entries_clear_the_header_on_one_line_each(
    open_page, path: str, width: int, height: int
) -> None:
    """On a short phone the entries and the studio's address are taller than the screen: the
    menu scrolls from its first entry instead of centring it up under the header, and the
    longer Spanish labels ("Nuestro trabajo") stay on one line as the English ones do."""
    page = open_page(width, height, path)
    page.locator("[aria-controls=site-menu]").click()
    expect(page.locator("#site-menu")).to_have_class(re.compile(r"\bis-open\b"))
    page.wait_for_timeout(200)
    page.evaluate(SETTLE)
    found = page.evaluate(MENU_ENTRIES)
    assert len(found["entries"]) == 8
    first = found["entries"][0]
    assert first["top"] >= found["header"], (first, found["header"])
    assert [e["text"] for e in found["entries"] if e["lines"] != 1] == []
    # Every entry can be reached: the menu scrolls down to the last one.
    page.locator(".site-menu__link").last.scroll_into_view_if_needed()
    last = page.locator(".site-menu__link").last.bounding_box()
    assert last is not None and last["y"] + last["height"] <= height


# --- 2. the dot navigation stays clear of content ---------------------------------------

CONTENT = ", ".join(
    [
        "#contact input",
        "#contact select",
        "#contact textarea",
        "#contact button",
        ".artist-card",
        ".piercing-card",
        ".value-card",
        ".memorial",
        ".brand__highlight",
        ".timeline__entry",
    ]
)

# The visible dots' tap targets and, for each content element in view, the part of its box
# its scrolling/clipping ancestors let show; the pairs that overlap.
OVERLAPS = """(selector) => {
  const inView = (r) => r.right - r.left > 0 && r.bottom - r.top > 0
      && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
  const shown = (el) => el.checkVisibility({opacityProperty: true, visibilityProperty: true});
  const clipped = (el) => {
    const r = el.getBoundingClientRect();
    const box = {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      const c = a.getBoundingClientRect();
      if (s.overflowX !== 'visible') {
        box.left = Math.max(box.left, c.left); box.right = Math.min(box.right, c.right);
      }
      if (s.overflowY !== 'visible') {
        box.top = Math.max(box.top, c.top); box.bottom = Math.min(box.bottom, c.bottom);
      }
    }
    return box;
  };
  const dots = [...document.querySelectorAll('.dot-nav__dot')]
      .filter(shown).map((d) => d.getBoundingClientRect()).filter(inView);
  const found = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!shown(el)) continue;
    const r = clipped(el);
    if (!inView(r)) continue;
    if (dots.some((d) => d.left < r.right && d.right > r.left && d.top < r.bottom && d.bottom > r.top)) {
      const name = el.id ? '#' + el.id : (el.getAttribute('name') || el.className || el.tagName);
      found.push(`${el.tagName.toLowerCase()} ${name} at x ${Math.round(r.left)}-${Math.round(r.right)}`);
    }
  }
  return found;
}"""


@pytest.mark.parametrize(
    ("width", "lang"),
    [(360, ""), (390, ""), (414, ""), (768, ""), (1024, ""), (1280, ""), (1366, "")]
    + [(390, "/es"), (768, "/es"), (834, "/es")],
)
def test_the_dot_navigation_never_sits_on_cards_or_form_fields(
    open_page, width: int, lang: str
) -> None:
    page = open_page(width, 844, f"{lang}/")
    overlaps: dict[str, int] = {}
    y = 0
    while y < page.evaluate("document.documentElement.scrollHeight"):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.evaluate(
            "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        for found in page.evaluate(OVERLAPS, CONTENT):
            overlaps.setdefault(found, y)
        y += 300
    assert not overlaps, f"dots over content at {width}px (element: scrollY): {overlaps}"


@pytest.mark.parametrize(("width", "height"), [(768, 1024), (834, 1194), (1024, 768), (1366, 900)])
def test_the_dot_navigation_is_shown_where_there_is_room(open_page, width, height) -> None:
    # Tablets have room beside the content since #44 (hidden below 1280 px before).
    page = open_page(width, height)
    expect(page.get_by_role("navigation", name="Sections").get_by_role("link")).to_have_count(8)
    for link in page.get_by_role("navigation", name="Sections").get_by_role("link").all():
        expect(link).to_be_visible()


def test_the_dot_navigation_is_not_shown_on_a_phone(open_page) -> None:
    # 20 px beside the content, the artists carousel running to the edge: no room.
    page = open_page(390, 844)
    expect(page.get_by_role("navigation", name="Sections")).to_be_hidden()


# The dots' targets, the home page's sections in the page's order, and the lit dot.
DOTS_AND_SECTIONS = """() => ({
  dots: [...document.querySelectorAll('.dot-nav__dot')].map((a) => a.getAttribute('href')),
  sections: [...document.querySelectorAll('main > section[id]')].map((s) => '#' + s.id),
  lit: document.querySelector('.dot-nav__dot.is-active')?.getAttribute('href') ?? null,
})"""


@pytest.mark.parametrize("lang", ["", "/es"])
@pytest.mark.parametrize(("width", "height"), [(768, 1024), (1366, 900)])
def test_the_dots_follow_the_sections_as_they_stand_on_the_page(
    open_page, width: int, height: int, lang: str
) -> None:
    # The dots listed the spec's order (Our Work, Piercings before Artists) while the page runs
    # Studio, Artists, Our Work, Piercings: scrolling down, the lit dot went 3 -> 6 -> 4.
    page = open_page(width, height, f"{lang}/")
    found = page.evaluate(DOTS_AND_SECTIONS)
    assert len(found["sections"]) == 8, found
    assert found["dots"] == found["sections"], found
    lit: list[int] = []
    y = 0
    while y < page.evaluate("document.documentElement.scrollHeight"):
        page.evaluate("y => window.scrollTo({top: y, behavior: 'instant'})", y)
        page.evaluate(
            "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        href = page.evaluate(DOTS_AND_SECTIONS)["lit"]
        if href is not None and (not lit or lit[-1] != found["dots"].index(href)):
            lit.append(found["dots"].index(href))
        y += height // 3
    # Scrolling down, the lit dot moves down the list, one dot at a time.
    assert lit == list(range(len(lit))), f"lit dots in turn: {lit}"
    assert len(lit) == 8, lit


# --- 5. the /piercings service cards line up ----------------------------------------------


def test_the_piercing_cards_dividers_line_up_at_1366(open_page) -> None:
    page = open_page(1366, 900, "/piercings")
    grid = page.locator(".piercing-services__grid")
    grid.scroll_into_view_if_needed()
    page.wait_for_timeout(200)  # AOS starts the cards' fade-up once they are in view
    page.evaluate(SETTLE)
    titles = page.locator(".piercing-card__title")
    expect(titles).to_have_count(4)
    # the divider is the title's bottom border; its top offset within the grid
    dividers = titles.evaluate_all(
        """ts => ts.map(t => Math.round(t.getBoundingClientRect().bottom
            - t.closest('.piercing-services__grid').getBoundingClientRect().top))"""
    )
    lists = page.locator(".piercing-card__list").evaluate_all(
        """ls => ls.map(l => Math.round(l.getBoundingClientRect().top
            - l.closest('.piercing-services__grid').getBoundingClientRect().top))"""
    )
    assert len(set(dividers)) == 1, f"dividers at {dividers}"
    assert len(set(lists)) == 1, f"lists start at {lists}"


# Where the eyebrow and the title stand and how tall they are, and where the lede starts (its
# own lines may change with the font: only the buttons under it move then).
NOT_FOUND_BOXES = """() => ['.eyebrow', '.not-found__title', '.lede'].map((selector) => {
    const box = document.querySelector(`.not-found ${selector}`).getBoundingClientRect();
    return [selector, Math.round(box.top), selector === '.lede' ? null : Math.round(box.height)];
})"""
CORMORANT_LOADED = """() => document.fonts.ready.then(() => [...document.fonts].some(
    (face) => face.family.includes('Cormorant') && face.status === 'loaded'))"""


@pytest.mark.parametrize("path", ["/no-such-page", "/es/no-existe"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (412, 823), (1366, 900)])
def test_the_not_found_page_keeps_its_place_when_the_fonts_arrive(
    browser, base_url: str, path: str, width: int, height: int
) -> None:
    """The fonts come after the first paint: the not-found page's eyebrow, title and lede stand
    where the fallback fonts put them (it used to be centred as a block, and moved whole when
    the title's lines changed: CLS 0.14 in Lighthouse at 412 px)."""
    boxes = {}
    for fonts in (False, True):
        context = browser.new_context(
            viewport={"width": width, "height": height}, base_url=base_url
        )
        page = context.new_page()
        if not fonts:
            page.route("**/*.woff2", lambda route: route.abort())
        page.goto(path)
        expect(page.locator(".not-found__title")).to_be_visible()
        if fonts:
            page.wait_for_function(CORMORANT_LOADED)
        else:
            page.wait_for_timeout(500)  # what the page would do with them, had they come
            assert not page.evaluate(CORMORANT_LOADED)
        boxes[fonts] = page.evaluate(NOT_FOUND_BOXES)
        context.close()
    assert boxes[True] == boxes[False]


HEADER_CONTROLS = """() => {
    const bar = document.querySelector('.site-header').getBoundingClientRect();
    return [...document.querySelectorAll('.site-header__lang, .site-header .menu-toggle')]
        .map((el) => { const r = el.getBoundingClientRect();
            // top within the bar: the bar itself slides away while scrolling down (headroom)
            return {name: el.className.split(' ')[0], left: r.left, right: r.right, top: r.top - bar.top}; });
}"""


@pytest.mark.parametrize("lang", ["", "/es"])
@pytest.mark.parametrize("width", [320, 390, 414])
def test_the_header_fits_the_screen_open_and_closed_and_never_jumps(
    open_page, width: int, lang: str
) -> None:
    # At the top of home the 225 px logo pushed the menu button to x=392 on a 390 px screen
    # (410 with the menu open in Spanish: "CERRAR ✕" lost half its ✕), and the group moved
    # down and back up while the logo shrank.
    page = open_page(width, 844, f"{lang}/")
    page.evaluate(SETTLE)

    def inside(controls: list[dict]) -> None:
        assert len(controls) == 2, controls
        for control in controls:
            assert control["left"] >= 0 and control["right"] <= width, (width, controls)

    closed = page.evaluate(HEADER_CONTROLS)
    inside(closed)
    page.locator(".menu-toggle").click()
    expect(page.locator(".menu-toggle")).to_have_attribute("aria-expanded", "true")
    page.evaluate(SETTLE)
    inside(page.evaluate(HEADER_CONTROLS))
    page.keyboard.press("Escape")
    expect(page.locator(".menu-toggle")).to_have_attribute("aria-expanded", "false")
    tops = set()
    for y in (0, 40, 60, 120, 200, 300):
        page.evaluate("y => window.scrollTo({top: y, behavior: 'instant'})", y)
        page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        page.evaluate(SETTLE)
        controls = page.evaluate(HEADER_CONTROLS)
        inside(controls)
        tops |= {round(control["top"]) for control in controls}
    assert len(tops) == 1, tops


# --- #44 item 9: the home page's rows line up ----------------------------------------------

# Boxes in the Our Work and Legacy sections, once each has faded in (data-aos).
ALIGNMENT = """() => {
  const box = (el) => el.getBoundingClientRect();
  const all = (selector) => [...document.querySelectorAll(selector)];
  const years = document.querySelector('.memorial__years');
  const shown = years.cloneNode(true);
  shown.querySelectorAll('.visually-hidden').forEach((el) => el.remove());
  // the tops of its visible parts: "(", 1970, " – ", 2022, ")"
  const lineTops = new Set([...years.children].filter((el) => !el.classList.contains('visually-hidden'))
      .map((el) => Math.round(box(el).top)));
  // a left-aligned heading's left edge, by section (centred ones have their own axis)
  const edges = {};
  for (const section of all('main > section[id]')) {
    const heading = section.querySelector('h2');
    if (heading && getComputedStyle(heading).textAlign !== 'center') {
      edges[section.id] = Math.round(box(heading).left);
    }
  }
  return {
    workValues: all('.our-work__value').map((el) => [el.textContent, Math.round(box(el).top), Math.round(box(el).bottom)]),
    workLabels: all('.our-work__label').map((el) => [el.textContent, Math.round(box(el).top)]),
    legacyValues: all('.legacy__stat-value').map((el) => [el.textContent, Math.round(box(el).bottom)]),
    entries: all('.timeline__entry').map((el) => Math.round(box(el).top)),
    titles: all('.timeline__title').map((el) => [el.textContent, Math.round(box(el).top)]),
    edges,
    years: shown.textContent.replace(/\\s+/g, ' ').trim(),
    yearsLines: lineTops.size,
    name: document.querySelector('.memorial__name').textContent,
  };
}"""

# Each stat number's width as shown, and the same text in the same font with lining and with
# old-style figures (Cormorant Garamond's default): the figures it is drawn with.
FIGURES = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const probe = (numeric) => {
    const span = document.createElement('span');
    span.textContent = el.textContent;
    span.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
    // one by one: the `font` shorthand reads "" once a font-variant is set
    const style = getComputedStyle(el);
    for (const name of ['fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'letterSpacing']) {
      span.style[name] = style[name];
    }
    span.style.fontVariantNumeric = numeric;
    el.parentElement.appendChild(span);
    const width = span.getBoundingClientRect().width;
    span.remove();
    return width;
  };
  const range = document.createRange();
  range.selectNodeContents(el);
  return {text: el.textContent, shown: range.getBoundingClientRect().width,
          lining: probe('lining-nums'), oldstyle: probe('oldstyle-nums')};
})"""


def _settled_in_view(page: Page, selector: str) -> None:
    page.locator(selector).first.scroll_into_view_if_needed()
    page.wait_for_timeout(200)  # AOS starts the fade-up once it is in view
    page.evaluate(SETTLE)


@pytest.mark.parametrize("lang", ["", "/es"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 900)])
def test_the_home_pages_rows_line_up(open_page, width: int, height: int, lang: str) -> None:
    page = open_page(width, height, f"{lang}/")
    wait_for_web_fonts(page)
    for selector in (".our-work__stats", ".legacy__stats", ".timeline", ".memorial"):
        _settled_in_view(page, selector)
    boxes = page.evaluate(ALIGNMENT)

    # "A LA MEDIDA" wraps on a phone: its number stayed level only with the others' labels.
    assert len(boxes["workValues"]) == 3, boxes
    assert len({top for _, top, _ in boxes["workValues"]}) == 1, boxes["workValues"]
    assert len({bottom for _, _, bottom in boxes["workValues"]}) == 1, boxes["workValues"]
    assert len({top for _, top in boxes["workLabels"]}) == 1, boxes["workLabels"]
    assert len({bottom for _, bottom in boxes["legacyValues"]}) == 1, boxes["legacyValues"]

    # Side by side (from 768 px), the timeline's titles stand at one height.
    if len(set(boxes["entries"])) == 1:
        assert len({top for _, top in boxes["titles"]}) == 1, boxes["titles"]

    # One left edge for the sections' headings (artists and contact stood 40 px inside).
    assert len(boxes["edges"]) >= 4, boxes["edges"]
    assert len(set(boxes["edges"].values())) == 1, boxes["edges"]

    # The memorial's dates, typeset and on one line; its quotes curly.
    assert boxes["years"] == "(1970 \u2013 2022)", boxes["years"]
    assert boxes["yearsLines"] == 1, boxes
    assert '"' not in boxes["name"] and "\u201cRay\u201d" in boxes["name"], boxes["name"]


@pytest.mark.parametrize("lang", ["", "/es"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 900)])
def test_the_stats_numbers_have_lining_figures(
    open_page, width: int, height: int, lang: str
) -> None:
    # Cormorant Garamond draws old-style figures by default: "10K+" read "IOK+", "500+" "5oo+".
    page = open_page(width, height, f"{lang}/")
    for selector in (".our-work__stats", ".legacy__stats"):
        _settled_in_view(page, selector)
    wait_for_web_fonts(page)
    figures = page.evaluate(FIGURES, ".our-work__value, .legacy__stat-value")
    assert len(figures) == 6, figures
    for number in figures:
        # the font has both kinds of figures (its lnum feature), and the page shows the lining
        assert abs(number["lining"] - number["oldstyle"]) > 1, number
        assert abs(number["shown"] - number["lining"]) < 0.5, number
