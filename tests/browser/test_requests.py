"""Tattoo requests on the demo site, in real Chromium (issue #27): the request's questions in the
contact form at both sizes, the under-18 advice, an artist's books (closed: refused before
sending; waitlist: sent, kept marked), the policies page and the links to it.

Screenshots of the form with the request fields are saved to docs/images/requests-form-390.png
and -1366.png. A sent request goes through the local server's contact function into the local
outbox, read back with `build.py messages --json` (as test_flash_screen.py does).
"""

from __future__ import annotations

import json
import re
import uuid

import pytest
from contact_support import outbox_messages
from playwright.sync_api import Page, expect

from generator import pipeline

pytestmark = pytest.mark.browser

IMAGES = pipeline.PROJECT_ROOT / "docs" / "images"
GROUP = "About your tattoo"
TOGGLE = {"": "Add details (optional)", "/es": "Agregar detalles (opcional)"}


def open_details(form) -> None:
    """Unfold the request's questions, as a visitor does (issue #44: folded at first)."""
    toggle = form.locator("summary.contact-request__toggle")
    expect(toggle).to_have_text(TOGGLE[""])
    toggle.click()
    expect(form.locator("details.contact-request")).to_have_attribute("open", "")


@pytest.fixture(scope="module")
def demo_artists(browser, base_url: str) -> list[dict]:
    context = browser.new_context(base_url=base_url)
    try:
        response = context.request.get("/api/artists")
        assert response.ok, response.status
        return response.json()
    finally:
        context.close()


def with_books(artists: list[dict], books: str) -> dict:
    found = [a for a in artists if a.get("books") == books]
    if not found:
        pytest.fail(f"the demo content needs an artist whose books are {books}")
    return found[0]


def open_form(page: Page):
    """The home page's contact form, its code loaded (the artists listed in its select)."""
    page.goto("/")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    form = page.locator("#contact form")
    form.scroll_into_view_if_needed()
    expect(form.get_by_label("Artist")).to_be_enabled()
    expect(form.get_by_label("Artist").locator("option")).not_to_have_count(1)
    return form


def fill_required(form, marker: str) -> None:
    form.get_by_label("Name").fill("Ada Request")
    form.get_by_label("Email").fill("ada.request@example.com")
    form.get_by_label("Tell us about your idea").fill(f"A botanical piece on the forearm. {marker}")


@pytest.mark.parametrize("size", [(390, 844), (1366, 900)], ids=["390", "1366"])
def test_the_request_fields_at_both_sizes(browser, base_url: str, size) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, base_url=base_url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    form = open_form(page)
    open_details(form)
    group = form.get_by_role("group", name=GROUP)
    expect(group).to_be_visible()  # the default service is a Tattoo Consultation
    for label in ("Placement", "Approximate size", "Budget"):
        expect(group.get_by_label(label)).to_be_visible()
    for name in ("Color or black and gray", "When are you free?", "First tattoo?", "Age"):
        expect(group.get_by_role("group", name=name)).to_be_visible()

    group.get_by_label("Placement").select_option("Forearm")
    group.get_by_label("Approximate size").select_option("4 to 6 in")
    group.get_by_label("Budget").select_option("$500 to $1,000")
    # The radios and checkboxes are drawn as pills, the real input laid over each.
    group.get_by_role("radio", name="Black and gray").click()
    expect(group.get_by_role("radio", name="Black and gray")).to_be_checked()
    group.get_by_role("checkbox", name="Weekday evening").click()
    group.get_by_role("checkbox", name="Weekend").click()
    group.get_by_role("radio", name="Yes", exact=True).click()
    # Keyboard: tab to the age group, arrows move between its radios.
    group.get_by_role("radio", name="18 or older").focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    expect(group.get_by_role("radio", name="Under 18")).to_be_checked()
    advice = group.get_by_text("Under 18: what Texas law requires").locator("..")
    expect(advice).to_be_visible()
    expect(advice).to_contain_text("only to cover an existing tattoo")
    expect(advice).to_contain_text("parent or legal guardian present with ID")
    expect(advice).to_contain_text("Our studio:")

    # Nothing spills sideways; every pill is tall enough to tap.
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    heights = group.locator(".contact-choice span").evaluate_all(
        "spans => spans.map(s => s.getBoundingClientRect().height)"
    )
    assert min(heights) >= 44, heights
    line = form.get_by_text("By sending, you agree to our")
    expect(line).to_be_visible()
    expect(line.get_by_role("link", name=re.compile("^policies"))).to_have_attribute(
        "href", "/policies"
    )
    send_box = form.get_by_role("button", name="Send Message").bounding_box()
    assert line.bounding_box()["y"] >= send_box["y"] + send_box["height"]

    group.scroll_into_view_if_needed()
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1200)  # the sections' fade-in
    # The form is taller than the window: the fixed header would be drawn across it.
    form.screenshot(
        path=str(IMAGES / f"requests-form-{size[0]}.png"),
        style="header[data-pinned], .skip-link { visibility: hidden !important; }",
    )

    # Another service: the questions go.
    form.get_by_label("Service").select_option("Piercing")
    expect(form.get_by_role("group", name=GROUP)).to_have_count(0)
    form.get_by_label("Service").select_option("Touch Up")
    expect(form.get_by_role("group", name=GROUP)).to_be_visible()
    assert errors == []
    context.close()


def test_closed_books_refused_before_sending(phone_page: Page, demo_artists) -> None:
    page = phone_page
    closed = with_books(demo_artists, "closed")
    contact_posts: list[str] = []
    page.on("request", lambda r: contact_posts.append(r.url) if "/api/contact" in r.url else None)
    page.clock.install()
    form = open_form(page)
    form.get_by_label("Artist").select_option(closed["slug"])
    status = form.locator(".contact-form__books")
    expect(status).to_contain_text("Books closed")
    if closed.get("books_note"):
        expect(status).to_contain_text(closed["books_note"])
    fill_required(form, "closed-books")
    page.clock.fast_forward(20_000)
    form.get_by_role("button", name="Send Message").click()
    alert = form.get_by_role("alert")
    expect(alert).to_contain_text(f"{closed['name']}'s books are closed")
    if closed.get("books_note"):
        expect(alert).to_contain_text(closed["books_note"])
    page.wait_for_timeout(500)
    assert contact_posts == [], "the form sent a consultation to closed books"

    # A piercing still reaches the artist.
    form.get_by_label("Service").select_option("Piercing")
    expect(form.get_by_role("alert")).to_have_count(0)
    with page.expect_response("**/api/contact") as answer:
        form.get_by_role("button", name="Send Message").click()
    assert answer.value.status == 200, answer.value.text()
    assert page.js_errors == []


def test_waitlist_request_reaches_the_outbox_with_its_answers(page: Page, demo_artists) -> None:
    waitlisted = with_books(demo_artists, "waitlist")
    page.clock.install()
    form = open_form(page)
    form.get_by_label("Artist").select_option(waitlisted["slug"])
    expect(form.locator(".contact-form__books")).to_contain_text("Waitlist")
    expect(form.get_by_text(re.compile(r"your request goes on the waitlist"))).to_be_visible()
    marker = f"requests-test {uuid.uuid4()}"
    fill_required(form, marker)
    open_details(form)
    group = form.get_by_role("group", name=GROUP)
    group.get_by_label("Placement").select_option("Forearm")
    group.get_by_label("Approximate size").select_option("Half sleeve")
    group.get_by_label("Budget").select_option("$1,000 to $2,500")
    group.get_by_role("radio", name="Color", exact=True).click()
    group.get_by_role("checkbox", name="Weekend").click()
    group.get_by_role("checkbox", name="Weekday daytime").click()
    group.get_by_role("radio", name="No", exact=True).click()
    group.get_by_role("radio", name="18 or older").click()
    page.clock.fast_forward(20_000)
    with (
        page.expect_request("**/api/contact") as sent,
        page.expect_response("**/api/contact") as answer,
    ):
        form.get_by_role("button", name="Send Message").click()
    assert answer.value.status == 200, answer.value.text()
    body = sent.value.post_data_json
    assert body["availability"] == ["Weekday daytime", "Weekend"]  # the list's order
    assert re.fullmatch(r"[0-9a-f]{16}", body["policies_version"])
    expect(form.locator(".contact-form__message--sent")).to_be_visible()

    mine = [m for m in outbox_messages() if marker in json.dumps(m)]
    assert len(mine) == 1, "message not in the outbox"
    kept = mine[0]
    assert kept["artist"] == waitlisted["slug"]
    assert kept["service"] == "Tattoo Consultation"
    assert kept["waitlist"] is True
    stored = json.dumps(kept)
    for value in ("Forearm", "Half sleeve", "$1,000 to $2,500", "Weekday daytime", "Weekend"):
        assert value in stored, (value, kept)
    assert page.js_errors == []


def test_policies_page_and_the_footer_link(page: Page, base_url: str) -> None:
    policies = page.request.get(base_url + "/api/policies").json()
    page.goto("/policies")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    expect(page.get_by_role("heading", level=1, name="Studio Policies")).to_be_visible()
    first = re.search(r"^#+\s+(.+)$", policies["markdown"], re.M).group(1).strip()
    expect(page.get_by_role("heading", name=first)).to_be_visible()
    expect(page.get_by_text("Loading content...")).to_have_count(0)
    assert page.js_errors == []

    # From the footer of the home page, in the app.
    page.goto("/")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    footer = page.get_by_role("contentinfo")
    link = footer.get_by_role("link", name="Policies")
    expect(link).to_have_attribute("href", "/policies")
    link.scroll_into_view_if_needed()
    link.click()
    expect(page).to_have_url(re.compile(r"/policies$"))
    expect(page.get_by_role("heading", level=1, name="Studio Policies")).to_be_visible()
    expect(page.get_by_role("heading", name=first)).to_be_visible()
    assert page.js_errors == []


def test_the_artist_cards_label_books(page: Page, demo_artists) -> None:
    page.goto("/")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    for books, label in (("closed", "Books closed"), ("waitlist", "Waitlist")):
        artist = with_books(demo_artists, books)
        card = page.locator("#artists").get_by_role("article", name=artist["name"])
        expect(card.locator(".artist-card__books")).to_contain_text(label)
        expect(card.locator(".artist-card__actions a")).to_have_count(
            3 if artist.get("instagram") else 2
        )


# --- the form as the spec draws it first (issue #44 item 11) ----------------------------------


@pytest.mark.parametrize("lang", ["", "/es"], ids=["en", "es"])
def test_the_form_first_reads_as_the_spec_draws_it(browser, base_url: str, lang: str) -> None:
    """At 390x844 on a touch phone: the seven questions folded behind one control after the
    message, a placeholder that asks nothing the fields ask, and no "drop" for a phone."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, base_url=base_url, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(lang + "/")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    form = page.locator("#contact form")
    form.scroll_into_view_if_needed()
    expect(form.locator("select[name=artist] option")).not_to_have_count(1)
    details = form.locator("details.contact-request")
    toggle = details.locator("summary")
    expect(toggle).to_have_text(TOGGLE[lang])
    expect(details).not_to_have_attribute("open", "")
    # Folded: none of the seven questions takes room or is reachable.
    for name in ("placement", "size", "budget", "colour", "availability", "first_tattoo", "age"):
        expect(form.locator(f"[name={name}]").first).to_be_hidden()
    # The message comes before the folded questions, as the spec draws the form.
    message = form.locator("textarea[name=message]")
    assert message.bounding_box()["y"] < toggle.bounding_box()["y"]
    placeholder = message.get_attribute("placeholder") or ""
    for asked in ("placement", "size", "when", "zona", "tamaño", "cuándo"):
        assert asked not in placeholder.lower(), placeholder
    # A phone is asked to add photos, never to drop them.
    drop = form.locator(".reference-images__drop")
    expect(drop).to_contain_text("Add photos" if not lang else "Agregar fotos")
    assert "drop" not in drop.inner_text().lower() and "arrástra" not in drop.inner_text().lower()
    # The control unfolds them, and folds them again.
    toggle.tap()
    expect(details).to_have_attribute("open", "")
    expect(form.locator("[name=placement]")).to_be_visible()
    box = toggle.bounding_box()
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    toggle.tap()
    expect(form.locator("[name=placement]")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []
    context.close()


def test_a_mouse_is_still_offered_drag_and_drop(phone_page: Page) -> None:
    form = open_form(phone_page)  # Playwright's default pointer is a fine one, with hover
    expect(form.locator(".reference-images__drop")).to_contain_text("Add images or drop them here")
