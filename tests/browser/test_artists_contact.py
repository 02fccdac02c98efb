"""Our Artists carousel and the contact form in real Chromium, on the demo site.

The artists come from the demo site's own /api/artists, so the tests hold for whatever
artists the demo content has (at least two). Error states are produced by intercepting
requests with page.route; the real submission goes through the local server's contact
function into the local outbox and is read back with `build.py messages --json`.
"""

from __future__ import annotations

import json
import math
import re
import uuid

import pytest
from contact_support import outbox_messages
from playwright.sync_api import Page, Route, expect

pytestmark = pytest.mark.browser

SEND_FAILED = "Failed to send message. Please try again."
SEND_UNREACHABLE = "Failed to send message. Please try again or contact us directly."

# docs/product.md#constants: slides per view by viewport width (1366 is past the 1280 breakpoint).
SLIDES_PER_VIEW = [(390, 1.2), (640, 1.5), (768, 2.5), (1024, 3.0), (1366, 4.0)]


@pytest.fixture(scope="module")
def demo_artists(browser, base_url: str) -> list[dict]:
    context = browser.new_context(base_url=base_url)
    try:
        response = context.request.get("/api/artists")
        assert response.ok, response.status
        artists = response.json()
    finally:
        context.close()
    assert len(artists) >= 2, "the demo content needs at least two artists for these tests"
    return artists


def wait_until(page: Page, condition, what: str) -> None:
    """Let Playwright dispatch events (route handlers) until condition() holds; fail after ~10 s."""
    for _ in range(200):
        if condition():
            return
        page.wait_for_timeout(50)
    pytest.fail(f"never happened: {what}")


def settle(page: Page, read, good):
    """Read a value until good(value) holds (layout settling after a resize); ~10 s at most."""
    value = read()
    for _ in range(200):
        if good(value):
            break
        page.wait_for_timeout(50)
        value = read()
    return value


def rgb(locator) -> tuple[int, int, int]:
    color = locator.evaluate("el => getComputedStyle(el).color")
    red, green, blue = (int(c) for c in re.findall(r"[\d.]+", color)[:3])
    return red, green, blue


def open_home(page: Page) -> None:
    page.goto("/")
    # The preloader covers the page and the shell scrolls to the top once it has gone.
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    cards = page.locator("#artists .artist-card")
    expect(cards.first).to_be_attached()
    page.locator("#artists").scroll_into_view_if_needed()
    expect(page.locator("#artists .swiper-initialized")).to_be_attached()


def slides_per_view(page: Page) -> float:
    """How many slides the carousel shows, measured from the layout: (W + gap) / (w + gap)."""
    return page.evaluate(
        """() => {
            const carousel = document.querySelector('#artists .swiper').getBoundingClientRect();
            const [a, b] = [...document.querySelectorAll('#artists .swiper-slide')]
                .map((s) => s.getBoundingClientRect());
            const gap = b.left - a.right;
            return (carousel.width + gap) / (a.width + gap);
        }"""
    )


def visible_slides(page: Page) -> int:
    """Slides that overlap the carousel's visible box."""
    return page.evaluate(
        """() => {
            const box = document.querySelector('#artists .swiper').getBoundingClientRect();
            return [...document.querySelectorAll('#artists .swiper-slide')].filter((s) => {
                const r = s.getBoundingClientRect();
                return r.right > box.left + 1 && r.left < box.right - 1 && r.width > 0;
            }).length;
        }"""
    )


def test_slides_per_view_follow_the_breakpoints(phone_page: Page, demo_artists) -> None:
    """One page from phone to desktop width: the carousel reflows at each breakpoint."""
    page = phone_page
    open_home(page)
    for width, expected in SLIDES_PER_VIEW:
        page.set_viewport_size({"width": width, "height": 900})
        measured = settle(
            page, lambda: slides_per_view(page), lambda v, e=expected: abs(v - e) < 0.02
        )
        assert measured == pytest.approx(expected, abs=0.02), f"{width}px"
        partly_shown = math.ceil(expected)  # 1.2 per view: a second card peeks in
        assert visible_slides(page) == min(partly_shown, len(demo_artists)), width
        first = page.locator("#artists .artist-card").first
        first.scroll_into_view_if_needed()
        expect(first.get_by_role("heading", level=3)).to_be_in_viewport()
        expect(first.locator("img")).to_be_in_viewport()


def test_cards_show_the_artists_with_their_links(page: Page, demo_artists) -> None:
    open_home(page)
    cards = page.locator("#artists .artist-card")
    expect(cards).to_have_count(len(demo_artists))
    for card, artist in zip(cards.all(), demo_artists, strict=True):
        expect(card.get_by_role("heading", level=3)).to_have_text(artist["name"])
        expect(card.get_by_role("link", name=f"{artist['name']}'s portfolio")).to_have_attribute(
            "href", f"/portfolio/{artist['slug']}"
        )
        expect(card.locator("a:has(img)")).to_have_attribute("href", f"/portfolio/{artist['slug']}")
        instagram = card.get_by_role("link", name=f"{artist['name']} on Instagram", exact=False)
        if artist.get("instagram"):
            handle = artist["instagram"].strip().lstrip("@")
            expect(instagram).to_have_attribute("href", f"https://www.instagram.com/{handle}/")
        else:
            expect(instagram).to_have_count(0)
        toggle = card.get_by_role("button", name="Read More")
        expect(toggle).to_have_count(1 if len(artist["bio"]) > 150 else 0)
    # Photos come with their intrinsic size, so nothing moves while they load.
    for image in page.locator("#artists .artist-card img").all():
        assert image.get_attribute("width") and image.get_attribute("height")


def test_read_more_expands_a_long_bio(page: Page, demo_artists) -> None:
    long_bio = [a for a in demo_artists if len(a["bio"]) > 150]
    if not long_bio:
        pytest.skip("no demo artist has a bio over 150 characters")
    open_home(page)
    card = page.locator(
        "#artists .artist-card", has=page.get_by_role("heading", name=long_bio[0]["name"])
    )
    bio = card.locator(".artist-card__bio")
    collapsed = bio.bounding_box()["height"]
    card.get_by_role("button", name="Read More").click()
    expect(card.get_by_role("button", name="Read Less")).to_have_attribute("aria-expanded", "true")
    assert bio.bounding_box()["height"] > collapsed
    card.get_by_role("button", name="Read Less").click()
    expect(card.get_by_role("button", name="Read More")).to_be_visible()
    assert bio.bounding_box()["height"] == pytest.approx(collapsed, abs=1)


def test_arrows_and_pagination_move_the_carousel(phone_page: Page, demo_artists) -> None:
    page = phone_page
    open_home(page)
    first = page.locator("#artists .swiper-slide").first
    previous = page.get_by_role("button", name="Previous artists")
    following = page.get_by_role("button", name="Next artists")
    expect(previous).to_be_disabled()
    start = first.bounding_box()["x"]

    following.click()
    expect(previous).to_be_enabled()
    page.wait_for_function(
        "(x) => document.querySelector('#artists .swiper-slide').getBoundingClientRect().x < x - 100",
        arg=start,
    )
    previous.click()
    page.wait_for_function(
        "(x) => Math.abs(document.querySelector('#artists .swiper-slide').getBoundingClientRect().x - x) < 1",
        arg=start,
    )

    bullets = page.locator("#artists .swiper-pagination-bullet")
    expect(bullets).to_have_count(len(demo_artists))  # 1.2 per view: one stop per card
    bullets.last.click()
    expect(bullets.last).to_have_class(re.compile(r"\bswiper-pagination-bullet-active\b"))
    expect(following).to_be_disabled()
    expect(
        page.locator("#artists .artist-card").last.get_by_role("heading", level=3)
    ).to_be_in_viewport()


def test_contact_button_preselects_the_artist_and_scrolls_to_the_form(
    phone_page: Page, demo_artists
) -> None:
    page = phone_page
    open_home(page)
    artist = demo_artists[1]
    page.get_by_role("button", name="Next artists").click()
    card = page.locator("#artists .artist-card").nth(1)
    card.get_by_role("link", name=f"Contact {artist['name']}").click()

    form = page.locator("#contact form")
    expect(form.get_by_label("Artist")).to_have_value(artist["slug"])
    assert (
        form.get_by_label("Artist").evaluate("s => s.selectedOptions[0].textContent")
        == artist["name"]
    )
    # Smooth scrolling ends with the section's top just under the header.
    page.wait_for_function(
        "() => { const t = document.getElementById('contact').getBoundingClientRect().top;"
        " return t >= -2 && t <= 120; }"
    )
    expect(form.get_by_label("Name")).to_be_in_viewport()


def test_a_real_submission_reaches_the_local_outbox(page: Page, demo_artists) -> None:
    page.clock.install()  # to step past the contact function's minimum fill time without waiting
    open_home(page)
    artist = demo_artists[0]
    marker = f"browser-test {uuid.uuid4()}"
    form = page.locator("#contact form")
    form.scroll_into_view_if_needed()
    form.get_by_label("Name").fill("Ada Browser")
    form.get_by_label("Email").fill("ada.browser@example.com")
    form.get_by_label("Phone").fill("214-555-0123")
    form.get_by_label("Artist").select_option(artist["slug"])
    form.get_by_label("Service").select_option("Piercing")
    form.get_by_label("Tell us about your idea").fill(f"A helix piercing, please. {marker}")
    page.clock.fast_forward(20_000)  # the visitor took 20 s

    with page.expect_response("**/api/contact") as answer:
        form.get_by_role("button", name="Send Message").click()
    body = answer.value.json()
    assert answer.value.status == 200 and body["success"] is True, body

    expect(form.get_by_role("status")).to_have_text(body["message"])
    expect(form.get_by_label("Name")).to_have_value("")
    expect(form.get_by_label("Tell us about your idea")).to_have_value("")
    expect(form.get_by_label("Artist")).to_have_value("na")
    expect(form.get_by_label("Service")).to_have_value("Tattoo Consultation")

    messages = outbox_messages()
    mine = [m for m in messages if marker in json.dumps(m)]
    assert len(mine) == 1, f"message not in the outbox: {json.dumps(messages)[-2000:]}"
    kept = mine[0]
    assert kept["name"] == "Ada Browser"
    assert kept["email"] == "ada.browser@example.com"
    assert kept["artist"] == artist["slug"]
    assert kept["service"] == "Piercing"


def test_the_browser_refuses_an_incomplete_form(page: Page) -> None:
    open_home(page)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    form = page.locator("#contact form")
    form.get_by_role("button", name="Send Message").click()
    assert form.get_by_label("Name").evaluate("el => el.matches(':invalid')")
    form.get_by_label("Name").fill("Ada")
    form.get_by_label("Email").fill("not-an-email")
    form.get_by_label("Tell us about your idea").fill("Hello")
    form.get_by_role("button", name="Send Message").click()
    assert form.get_by_label("Email").evaluate("el => el.validity.typeMismatch")
    assert posts == []


def fill_valid_form(page: Page) -> None:
    form = page.locator("#contact form")
    form.get_by_label("Name").fill("Ada")
    form.get_by_label("Email").fill("ada@example.com")
    form.get_by_label("Tell us about your idea").fill("A small rose.")


ERROR_ANSWERS = [
    (
        {
            "status": 400,
            "json": {"success": False, "error": "Please check your email address."},
        },
        "Please check your email address.",
    ),
    ({"status": 500, "json": {"success": False}}, SEND_FAILED),
    ({"status": 200, "json": {"ok": True}}, SEND_FAILED),
    (
        {"status": 502, "body": "<html>Bad gateway</html>", "content_type": "text/html"},
        SEND_UNREACHABLE,
    ),
    ("abort", SEND_UNREACHABLE),
]


def test_contact_errors_are_shown_in_red_and_keep_the_message(page: Page) -> None:
    """The three texts of docs/product.md#errors, each answer in turn on one page (requests intercepted)."""
    current: list[object] = []

    def reply(route: Route) -> None:
        if current[-1] == "abort":
            route.abort("connectionfailed")
        else:
            route.fulfill(**current[-1])

    page.route("**/api/contact", reply)
    open_home(page)
    fill_valid_form(page)
    form = page.locator("#contact form")
    for answer, shown in ERROR_ANSWERS:
        current.append(answer)
        form.get_by_role("button", name="Send Message").click()
        alert = form.get_by_role("alert")
        expect(alert).to_have_text(shown)
        red, green, blue = rgb(alert)
        assert red > 200 and green < 150 and blue < 150, (answer, red, green, blue)
        expect(form.get_by_label("Tell us about your idea")).to_have_value("A small rose.")
        expect(form.get_by_role("button", name="Send Message")).to_be_enabled()


def test_sending_state_then_success_in_green(page: Page) -> None:
    held: list[Route] = []
    page.route("**/api/contact", lambda route: held.append(route))
    open_home(page)
    fill_valid_form(page)
    form = page.locator("#contact form")
    form.get_by_role("button", name="Send Message").click()
    expect(form.get_by_role("button", name="Sending...")).to_be_disabled()
    wait_until(page, lambda: held, "the contact request reached the route")
    held[0].fulfill(json={"success": True, "message": "Thank you, Ada!"})
    status = form.get_by_role("status")
    expect(status).to_have_text("Thank you, Ada!")
    red, green, blue = rgb(status.locator("p"))
    assert green > 180 and red < 150, (red, green, blue)
    expect(form.get_by_role("button", name="Send Message")).to_be_enabled()


SCROLL_SETTLED = """() => {
  const now = performance.now();
  if (window.__lastY !== window.scrollY) {
    window.__lastY = window.scrollY;
    window.__stillSince = now;
  }
  return now - window.__stillSince > 500;
}"""


def go_home_in_app(page: Page) -> None:
    """From /aftercare (it holds no artists) to the home page by its "Contact Us" link: the app
    then asks for the artists (a prerendered page embeds them and asks for nothing)."""
    page.goto("/aftercare")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    page.get_by_role("link", name="Contact Us").click()
    expect(page).to_have_url(re.compile(r"/#contact$"))
    # The glide to #contact follows its target while the sections above take their height;
    # a click meant for a card must not land while it still moves the page (a busy machine
    # makes the glide longer): wait until the page has not scrolled for half a second.
    page.wait_for_function(SCROLL_SETTLED, polling="raf")


def test_artists_loading_then_failure(page: Page) -> None:
    held: list[Route] = []
    page.route("**/api/artists", lambda route: held.append(route))
    go_home_in_app(page)
    section = page.locator("#artists")
    expect(section.get_by_role("status")).to_have_text("Loading artists...")
    expect(page.locator("#contact").get_by_label("Artist")).to_have_text("Loading artists...")
    wait_until(page, lambda: held, "the artists request reached the route")
    held[0].fulfill(status=500, json={"error": "down"})
    expect(section.get_by_role("alert")).to_have_text("Failed to load artists")
    expect(section.locator(".artist-card")).to_have_count(0)
    expect(page.locator("#contact").get_by_label("Artist")).to_have_text("Unable to load artists")


def test_one_artists_request_per_page_and_after_navigation(page: Page, demo_artists) -> None:
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/artists" in r.url else None)
    open_home(page)
    expect(page.locator("#contact").get_by_label("Artist")).to_contain_text(demo_artists[0]["name"])
    assert asked == []  # the prerendered home page holds the artists it was rendered with
    # A page without artists asks once when the visitor moves to one that shows them.
    go_home_in_app(page)
    expect(page.locator("#contact").get_by_label("Artist")).to_contain_text(demo_artists[0]["name"])
    assert len(asked) == 1
    # Client-side navigation to the portfolio (another consumer of the artists) asks again for nothing.
    page.locator("#artists .artist-card").first.get_by_role(
        "link", name=f"{demo_artists[0]['name']}'s portfolio"
    ).click()
    expect(page).to_have_url(re.compile(rf"/portfolio/{re.escape(demo_artists[0]['slug'])}$"))
    assert len(asked) == 1


def test_piercings_page_has_the_same_contact_section(page: Page, demo_artists) -> None:
    page.goto("/piercings")
    contact = page.locator("#contact")
    expect(contact.get_by_role("heading", level=2)).to_be_visible()
    for label in ("Name", "Email", "Phone", "Artist", "Service", "Tell us about your idea"):
        expect(contact.get_by_label(label)).to_be_attached()
    expect(contact.get_by_label("Artist")).to_contain_text(demo_artists[-1]["name"])
    expect(contact.locator('a[href^="tel:"]')).to_have_count(1)
    expect(contact.locator('a[href^="mailto:"]')).to_have_count(1)


@pytest.mark.parametrize("lang", ["", "/es"], ids=["en", "es"])
def test_book_your_piercing_picks_piercing(phone_page: Page, lang: str) -> None:
    """Issue #44: "Book Your Piercing" on /piercings preselects Piercing in the form."""
    page = phone_page
    page.goto(lang + "/piercings")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    service = page.locator("#contact select[name=service]")
    expect(service).to_have_value("Tattoo Consultation")  # the spec's default, until asked
    page.locator(".piercing-services__cta a").click()
    expect(page).to_have_url(re.compile(r"/piercings#contact$"))
    expect(service).to_have_value("Piercing")
    expect(page.locator("#contact details.contact-request")).to_have_count(0)  # not a tattoo
    assert page.js_errors == []


# --- the outcome after Send ------------------------------------------------------------------


def send_from_the_bottom_edge(page: Page) -> None:
    """Scroll so that the answer's place (below Send) is just out of sight, then send and
    wait for the contact function's answer."""
    outcome = page.locator("#contact form .contact-form__outcome")
    place = "el => el.getBoundingClientRect().top + window.scrollY"
    # The section fades up into place as it scrolls into view: wait until it stands still.
    where = outcome.evaluate(place)
    for _ in range(60):
        page.wait_for_timeout(150)
        where, before = outcome.evaluate(place), where
        if where == before:
            break
    page.evaluate(f"window.scrollTo({{top: {where} - innerHeight + 4, behavior: 'instant'}})")
    top = outcome.evaluate("el => el.getBoundingClientRect().top")
    assert top >= page.viewport_size["height"] - 8, "the answer's place must start off screen"
    with page.expect_response("**/api/contact"):
        page.locator("#contact form").get_by_role("button", name="Send Message").click()


@pytest.mark.parametrize("viewport", ["page", "phone_page"])  # 1366x900 and 390x844
def test_after_send_the_outcome_is_brought_on_screen_and_announced(
    request: pytest.FixtureRequest, viewport: str
) -> None:
    """The real contact function answers: first it refuses the email address (red, an
    alert), then, corrected, it accepts the message (green, a status)."""
    page: Page = request.getfixturevalue(viewport)
    page.clock.install()  # to step past the minimum fill time without waiting
    open_home(page)
    form = page.locator("#contact form")
    form.scroll_into_view_if_needed()
    form.get_by_label("Name").fill("Ada Outcome")
    form.get_by_label("Email").fill("ada@localhost")
    form.get_by_label("Tell us about your idea").fill("A small rose, please.")
    page.clock.fast_forward(12_000)

    send_from_the_bottom_edge(page)
    alert = form.get_by_role("alert")
    expect(alert).to_contain_text("Please enter a valid email address.")
    expect(alert).to_be_in_viewport(ratio=1)
    red, green, blue = rgb(alert)
    assert red > 200 and green < 150 and blue < 150, (red, green, blue)

    form.get_by_label("Email").fill("ada.outcome@example.com")
    send_from_the_bottom_edge(page)
    status = form.get_by_role("status").locator("p")
    expect(status).to_contain_text("Thank you!")
    expect(status).to_be_in_viewport(ratio=1)
    red, green, blue = rgb(status)
    assert green > 180 and red < 150, (red, green, blue)


def test_a_preview_says_in_red_that_contact_is_not_configured(
    browser,
    minimal_dist,
    tmp_path,
) -> None:
    """A deploy preview built without CONTACT_FUNCTION_URL, on Netlify's own engine: the
    form shows the function's JSON 503 as a readable red message, never an HTML 404."""
    from netlify_support import netlify_dev, netlify_project

    project = netlify_project(tmp_path / "preview", minimal_dist)
    with netlify_dev(project) as url:
        context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=url)
        try:
            page = context.new_page()
            page.goto("/")
            expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
            form = page.locator("#contact form")
            form.scroll_into_view_if_needed()
            fill_valid_form(page)
            with page.expect_response("**/api/contact") as answer:
                form.get_by_role("button", name="Send Message").click()
            assert answer.value.status == 503
            assert answer.value.headers["content-type"] == "application/json; charset=utf-8"
            assert answer.value.json()["success"] is False
            alert = form.get_by_role("alert")
            expect(alert).to_have_text(
                "Sorry, contact is not configured on this preview: messages cannot be sent from "
                "this copy of the site. Please call or email the studio directly."
            )
            expect(alert).to_be_in_viewport(ratio=1)
            red, green, blue = rgb(alert)
            assert red > 200 and green < 150 and blue < 150, (red, green, blue)
        finally:
            context.close()


def wait_for_scroll_to_settle(page: Page) -> None:
    """Until the page has not scrolled for ten frames in a row."""
    page.wait_for_function(
        """() => new Promise((done) => {
            let last = -1, still = 0;
            const look = () => {
                const y = window.scrollY;
                still = y === last ? still + 1 : 0;
                last = y;
                if (still > 10) done(true); else requestAnimationFrame(look);
            };
            look();
        })"""
    )


@pytest.mark.parametrize(
    "path, send",
    [("/", "Send Message"), ("/piercings", "Send Message"), ("/es/", "Enviar mensaje")],
)
def test_the_field_the_browser_complains_about_is_below_the_header(
    phone_page: Page, path: str, send: str
) -> None:
    # Send on an empty form: the browser focuses Name and points its bubble at it. Name was
    # scrolled to the top edge, under the fixed header that comes back as the page scrolls up.
    phone_page.goto(path)
    expect(phone_page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    form = phone_page.locator("#contact form")
    button = form.get_by_role("button", name=send)
    button.scroll_into_view_if_needed()
    name = form.locator("input[name=name]")
    assert name.evaluate("el => el.getBoundingClientRect().bottom < 0"), "Name starts out of view"
    button.click()
    expect(name).to_be_focused()
    wait_for_scroll_to_settle(phone_page)
    header = phone_page.locator("header").first.bounding_box()
    field = name.bounding_box()
    assert field["y"] >= header["y"] + header["height"], (field, header)
    assert field["y"] + field["height"] <= 844


def test_a_send_before_the_forms_code_keeps_the_field_below_the_header(phone_page: Page) -> None:
    """On a slow phone Send can come before the form's code (its own chunk, fetched once the
    section is near): the prerendered form is checked by the browser, and the field it
    complains about must still come clear of the header, not under it at the top edge."""
    held: list = []
    phone_page.route("**/assets/contact-form-*.js", lambda route: held.append(route))
    phone_page.goto("/")
    expect(phone_page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    form = phone_page.locator("#contact form")
    button = form.get_by_role("button", name="Send Message")
    button.scroll_into_view_if_needed()
    wait_until(phone_page, lambda: held, "the form's code to be asked for")
    name = form.locator("input[name=name]")
    assert name.evaluate("el => el.getBoundingClientRect().bottom < 0"), "Name starts out of view"
    button.click()
    expect(name).to_be_focused()
    wait_for_scroll_to_settle(phone_page)
    assert held, "the form's code came after all"
    header = phone_page.locator("header").first.bounding_box()
    field = name.bounding_box()
    assert field["y"] >= header["y"] + header["height"], (field, header)
    assert field["y"] + field["height"] <= 844
    for route in held:
        route.continue_()
