"""The pages Stripe Checkout sends a visitor back to (issue #41 item 3), in Chromium: /deposit/paid
and /deposit/cancelled in English and Spanish at 390x844 (a visible heading, no sideways scroll,
links that work) and screenshots of each at 390x844 and 1366x900, kept in docs/images/deposit/
(docs/requests.md, "Deposits")."""

from __future__ import annotations

import pytest
from page_errors import open_page
from playwright.sync_api import Page, expect

from generator.pipeline import PROJECT_ROOT

pytestmark = pytest.mark.browser

SHOTS = PROJECT_ROOT / "docs" / "images" / "deposit"
SIZES = {"390": (390, 844), "1366": (1366, 900)}
PAGES = {
    "/deposit/paid": ("Thank you, your spot is held", "Read our policies", "Back to home"),
    "/es/deposit/paid": (
        "Gracias, tu lugar está apartado",
        "Lee nuestras políticas",
        "Volver al inicio",
    ),
    "/deposit/cancelled": ("Nothing was charged", None, "Back to home"),
    "/es/deposit/cancelled": ("No se hizo ningún cargo", None, "Volver al inicio"),
}


def no_sideways_scroll(page: Page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


@pytest.mark.parametrize("path", PAGES)
def test_a_deposit_page_on_a_phone(phone_page: Page, base_url: str, path: str) -> None:
    heading, policies, home = PAGES[path]
    prefix = "/es" if path.startswith("/es/") else ""
    errors = open_page(phone_page, path)
    assert errors == []
    expect(phone_page.get_by_role("heading", level=1, name=heading)).to_be_visible()
    assert no_sideways_scroll(phone_page), path
    assert phone_page.locator('meta[name="robots"]').get_attribute("content") == "noindex"
    main = phone_page.locator("main")
    if policies:
        # the three steps of what happens next, then the policies in the page's language
        expect(main.locator("ol li")).to_have_count(3)
        main.get_by_role("link", name=policies).click()
        expect(phone_page).to_have_url(f"{base_url}{prefix}/policies")
        expect(phone_page.get_by_role("heading", level=1)).to_be_visible()
    else:
        # how to reach the studio: its phone and email from site.yaml
        call = main.locator('a[href^="tel:"]')
        write = main.locator('a[href^="mailto:"]')
        expect(call).to_be_visible()
        expect(write).to_be_visible()
        assert write.get_attribute("href") == "mailto:hello@studio.example.com"
        assert "(214) 555-0196" in call.inner_text()
    phone_page.goto(path)
    expect(phone_page.get_by_role("heading", level=1, name=heading)).to_be_visible()
    phone_page.locator("main").get_by_role("link", name=home).click()
    expect(phone_page).to_have_url(f"{base_url}{prefix or '/'}")
    expect(phone_page.locator("#home")).to_be_attached()


@pytest.mark.parametrize("size", SIZES)
def test_screenshots_of_the_deposit_pages(browser, base_url: str, size: str) -> None:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=base_url)
    try:
        page = context.new_page()
        SHOTS.mkdir(parents=True, exist_ok=True)
        for path, (heading, _, _) in PAGES.items():
            assert open_page(page, path) == []
            expect(page.get_by_role("heading", level=1, name=heading)).to_be_visible()
            assert no_sideways_scroll(page), (path, size)
            page.wait_for_timeout(1500)  # the scroll-in animations settle
            name = path.strip("/").replace("/", "-").replace("deposit-", "")
            lang = "es" if name.startswith("es-") else "en"
            page.screenshot(
                path=str(SHOTS / f"{name.removeprefix('es-')}-{lang}-{size}.png"), full_page=True
            )
    finally:
        context.close()
