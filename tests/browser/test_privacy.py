"""The privacy notice on the demo site, in real Chromium (issue #43 item 1): /privacy and
/es/privacy with site.yaml's retention figures filled in, the footer's link, and the line under
the contact form's Send button naming the policies and the notice, each a link.

Screenshots at 390x844 and 1366x900 are saved to docs/images/privacy/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from generator import pipeline
from generator.content.loader import load_content

pytestmark = pytest.mark.browser

IMAGES = pipeline.PROJECT_ROOT / "docs" / "images" / "privacy"
SIZES = [(390, 844), (1366, 900)]
HIDE = "header[data-pinned], .skip-link { visibility: hidden !important; }"
TITLE = {"": "Privacy Notice", "/es": "Aviso de privacidad"}
DAYS = {"": "days", "/es": "días"}
LINE = {
    "": (
        "By sending, you agree to our",
        "policies",
        "and",
        "privacy notice",
        "(opens in a new tab)",
    ),
    "/es": (
        "Al enviar, aceptas nuestras",
        "políticas",
        "y nuestro",
        "aviso de privacidad",
        "(se abre en una pestaña nueva)",
    ),
}


def new_page(browser, base_url: str, size: tuple[int, int]) -> Page:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, base_url=base_url)
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return page


def ready(page: Page, path: str) -> None:
    page.goto(path)
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)


@pytest.mark.parametrize("lang", ["", "/es"], ids=["en", "es"])
@pytest.mark.parametrize("size", SIZES, ids=["390", "1366"])
def test_the_notice_says_site_yamls_figures(browser, base_url: str, lang: str, size) -> None:
    site = load_content(pipeline.PROJECT_ROOT / "content").site
    page = new_page(browser, base_url, size)
    ready(page, f"{lang}/privacy")
    expect(page.get_by_role("heading", level=1, name=TITLE[lang])).to_be_visible()
    card = page.locator(".policies-card")
    for days in (site.retention.requests_days, site.retention.bookings_days):
        expect(card.get_by_text(f"{days} {DAYS[lang]}", exact=True)).to_be_visible()
    expect(card).to_contain_text(site.email)
    expect(card).to_contain_text("Amazon Simple Email Service (SES)")
    expect(card).to_contain_text("Stripe")
    expect(card).not_to_contain_text("{{")
    expect(page.get_by_text("Loading content...")).to_have_count(0)
    # Nothing overflows the phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    name = "privacy" if not lang else "privacy-es"
    page.wait_for_timeout(600)
    page.screenshot(path=str(IMAGES / f"{name}-{size[0]}.png"), style=HIDE)
    # The whole page: the questions block fades in once scrolled to.
    questions = page.get_by_role("heading", level=2, name=re.compile(r"\?$"))
    questions.scroll_into_view_if_needed()
    page.wait_for_timeout(1200)
    expect(questions).to_be_visible()
    page.screenshot(path=str(IMAGES / f"{name}-{size[0]}-full.png"), full_page=True, style=HIDE)
    assert page.js_errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["", "/es"], ids=["en", "es"])
@pytest.mark.parametrize("size", SIZES, ids=["390", "1366"])
def test_the_line_under_send_links_the_policies_and_the_notice(
    browser, base_url: str, lang: str, size
) -> None:
    page = new_page(browser, base_url, size)
    ready(page, f"{lang}/")
    form = page.locator("#contact form")
    form.scroll_into_view_if_needed()
    agree, policies, and_, notice, new_tab = LINE[lang]
    line = form.locator(".contact-form__policies")
    # The words read in order; each link's "(opens in a new tab)" is for screen readers only.
    expect(line).to_have_text(f"{agree} {policies} {new_tab} {and_} {notice} {new_tab}")
    expect(line.get_by_role("link", name=re.compile(f"^{policies}"))).to_have_attribute(
        "href", f"{lang}/policies"
    )
    link = line.get_by_role("link", name=re.compile(f"^{notice}"))
    expect(link).to_have_attribute("href", f"{lang}/privacy")
    expect(link).to_have_attribute("target", "_blank")
    line.scroll_into_view_if_needed()
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.wait_for_timeout(1200)  # the sections' fade-in moves them: measure once it is over
    send = form.get_by_role("button", name=re.compile("Send|Enviar")).bounding_box()
    box = line.bounding_box()
    assert box["y"] >= send["y"] + send["height"]
    assert box["x"] + box["width"] <= size[0]
    # The line and the button, as a visitor sees them.
    clip = {
        "x": 0,
        "y": send["y"] - 24,
        "width": size[0],
        "height": box["y"] + box["height"] - send["y"] + 48,
    }
    name = "form-line" if not lang else "form-line-es"
    page.screenshot(path=str(IMAGES / f"{name}-{size[0]}.png"), clip=clip, style=HIDE)

    # The notice opens in a new tab, the form keeps what was typed.
    with page.context.expect_page() as opened:
        link.click()
    notice_page = opened.value
    expect(notice_page.get_by_role("heading", level=1, name=TITLE[lang])).to_be_visible()
    assert page.js_errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["", "/es"], ids=["en", "es"])
def test_the_footer_links_the_notice(page: Page, lang: str) -> None:
    ready(page, f"{lang}/")
    link = page.get_by_role("contentinfo").get_by_role(
        "link", name="Privacy" if not lang else "Privacidad"
    )
    expect(link).to_have_attribute("href", f"{lang}/privacy")
    link.scroll_into_view_if_needed()
    link.click()
    expect(page).to_have_url(re.compile(rf"{lang}/privacy$"))
    expect(page.get_by_role("heading", level=1, name=TITLE[lang])).to_be_visible()
    assert page.js_errors == []
