"""The consent form of a booking on a phone (issue #42 items 1 and 5; docs/consent.md, "The
/consent page"), in real Chromium at 390x844, in English and Spanish, through the real page and
the real contact function: the demo site served as `build.py serve` serves it, with a function
of its own (a tmp outbox, a link secret and the demo's api/booking.json). Each booking is made
the way the studio makes one: a request posted, then Accept (no deposit) through its signed
link over HTTP; the consent link is read from the visitor's booking email in the outbox.

Screenshots (docs/images/consent/): the adult's form, a minor's form with the guardian's part
and the signed state, in both languages, at 390x844 and 1366x900.
"""

from __future__ import annotations

import email
import email.policy
import re
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from contact_support import GOOD, call, handler_for, local_settings, post_event
from page_errors import open_page
from playwright.sync_api import Page, expect

from functions.contact.dal.artists import ArtistList
from functions.contact.dal.booking import FileBooking
from functions.contact.dal.flash import FileFlash
from functions.contact.handlers.app import build_service
from functions.contact.logic.request_actions import RequestLinks
from functions.contact.logic.service import ContactService
from functions.contact.words import messages, messages_es
from generator.pipeline import PROJECT_ROOT
from serverthread import running_server

pytestmark = pytest.mark.browser

SHOTS = PROJECT_ROOT / "docs" / "images" / "consent"
AXE = PROJECT_ROOT / "site-src" / "node_modules" / "axe-core" / "axe.min.js"
SITE = "https://studio.example"  # the function's site URL: its links are read, then opened here
SECRET = "consent-browser-test-secret"
LINK = re.compile(r"https://studio\.example((?:/es)?/consent\?t=[0-9a-f.]+)")
LANGS = {"en": "", "es": "/es"}
CATALOG = {"en": messages, "es": messages_es}

# The page's words (site-src/src/i18n/en/consent.ts and es/consent.ts).
WORDS = {
    "en": {
        "title": "Consent form",
        "name": "Legal name",
        "dob": "Date of birth",
        "id_type": "Photo ID you will show",
        "id_last4": "Last four characters of the ID",
        "emergency_name": "Their name",
        "emergency_phone": "Their phone",
        "no": "No",
        "risks": "I have read the risks above and understand them.",
        "aftercare": "I have received, read and understood the written aftercare instructions.",
        "signature": "Signature: type your full name",
        "agree": "I confirm my answers are true, and I sign this consent form electronically.",
        "send": "Sign the form",
        "guardian": "Parent or guardian",
        "g_name": "Their legal name",
        "g_relationship": "Relationship to the client",
        "g_id_type": "Their photo ID",
        "g_id_last4": "Last four characters of their ID",
        "g_signature": "Their signature: type their full name",
        "g_agree": "As the client's parent or guardian",
        "texas": "Under 18: what Texas law requires",
        "signed_on": "Signed on",
        "next": "What happens next",
        "guide": "Read the aftercare guide",
    },
    "es": {
        "title": "Formulario de consentimiento",
        "name": "Nombre legal",
        "dob": "Fecha de nacimiento",
        "id_type": "Identificación con foto que mostrarás",
        "id_last4": "Últimos cuatro caracteres de la identificación",
        "emergency_name": "Su nombre",
        "emergency_phone": "Su teléfono",
        "no": "No",
        "risks": "Leí los riesgos de arriba y los entiendo.",
        "aftercare": "Recibí, leí y entendí las instrucciones escritas de cuidados.",
        "signature": "Firma: escribe tu nombre completo",
        "agree": "Confirmo que mis respuestas son verdaderas y firmo este formulario de "
        "consentimiento de forma electrónica.",
        "send": "Firmar el formulario",
        "guardian": "Madre, padre o tutor",
        "g_name": "Su nombre legal",
        "g_relationship": "Parentesco con la persona cliente",
        "g_id_type": "Su identificación con foto",
        "g_id_last4": "Últimos cuatro caracteres de su identificación",
        "g_signature": "Su firma: escribe su nombre completo",
        "g_agree": "Como madre, padre o tutor",
        "texas": "Menores de 18: lo que exige la ley de Texas",
        "signed_on": "Firmado el",
        "next": "Lo que sigue",
        "guide": "Lee la guía de cuidados",
    },
}
ADULT = {"name": "Ana María López", "dob": "1990-04-23", "signature": "ana maría  lópez"}
MINOR = {"name": "Sofía López", "dob": "2010-01-15", "signature": "Sofía López"}


@pytest.fixture(scope="module")
def site(demo_dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple]:
    """The demo served with a function of its own: (base URL, service)."""
    api = demo_dist / "api"
    folder = tmp_path_factory.mktemp("consent")
    service = build_service(
        local_settings(folder, site_url=SITE, link_secret=SECRET),
        ArtistList(api / "artists.json"),
        FileFlash(api / "flash" / "all.json"),
        FileBooking(api / "booking.json"),
    )
    with running_server(demo_dist, contact=handler_for(service)) as url:
        yield url, service


@pytest.fixture
def phone(browser, site: tuple) -> Iterator[Page]:
    """A phone (390x844) on this module's site (conftest's phone_page is on the default one,
    whose function has no link secret)."""
    # bypass_csp: axe is injected by evaluation, which the site's CSP (rightly) refuses.
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, base_url=site[0], bypass_csp=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    yield page
    context.close()


def kept(service: ContactService, to: str) -> list[email.message.EmailMessage]:
    return [
        email.message_from_bytes(raw, policy=email.policy.default)
        for _, recipients, raw in reversed(service.store.kept_emails())
        if to in recipients
    ]


def book(site: tuple, lang: str, service_name: str = "Tattoo Consultation") -> tuple[str, str]:
    """A request accepted without a deposit, as the studio does: (its id, the consent link's
    path and query from the visitor's booking email)."""
    url, service = site
    address = f"consent-{uuid.uuid4().hex[:10]}@example.com"
    request = {**GOOD, "email": address, "artist": "na", "service": service_name, "lang": lang}
    status, body, _ = call(service, post_event(request))
    assert status == 200, body
    (message,) = [m for m in service.store.list() if m.email == address]
    accept = dict(RequestLinks(SITE, SECRET)(message))["Accept"]
    done = httpx.post(url + accept.removeprefix(SITE), data={"deposit": "0", "when": ""})
    assert done.status_code == 200, done.text
    assert service.store.get(message.id).state == "booked"
    (link,) = [found for m in kept(service, address) for found in LINK.findall(m.get_content())]
    assert link.startswith(LANGS[lang] + "/consent?t=")
    return message.id, link


def studio_copies(service: ContactService, message_id: str) -> list[email.message.EmailMessage]:
    return [
        m
        for m in kept(service, "studio@localhost")
        if m["Subject"].startswith("Consent signed") and message_id in m.get_content()
    ]


def refusals_aside(errors: list[str]) -> list[str]:
    """The console's errors but Chromium's line for a 4xx answer: the function's refusal of a
    link (404, 409) is its contract, which the page shows."""
    return [e for e in errors if "the server responded with a status of 4" not in e]


def no_sideways_scroll(page: Page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def open_link(page: Page, link: str) -> list[str]:
    """Open the link, wait for the page and its check of the link; the console's errors."""
    with page.expect_response(lambda r: r.url.endswith("/api/consent")) as checked:
        errors = open_page(page, link)
    assert checked.value.status in (200, 404, 409, 410)
    # The token is read once, then out of the address bar (history, screenshots, Referer),
    # and out of every link the page draws from the address (the language switch).
    assert "t=" not in page.url
    expect(page.locator('a[href*="?t="], a[href*="&t="], a[href*="#t="]')).to_have_count(0)
    return errors


def fill_client(page: Page, lang: str, who: dict) -> None:
    w = WORDS[lang]
    form = page.locator("form.consent-form")
    form.get_by_label(w["name"], exact=True).fill(who["name"])
    form.get_by_label(w["dob"]).fill(who["dob"])
    form.get_by_label(w["id_type"]).select_option("drivers_license")
    form.get_by_label(w["id_last4"]).fill("a1b2")
    form.get_by_label(w["emergency_name"], exact=True).fill("Rosa López")
    form.get_by_label(w["emergency_phone"]).fill("214 555 0100")
    questions = form.locator("fieldset.consent-question")
    assert questions.count() == 9  # content/consent.md's
    for question in questions.all():
        question.get_by_role("radio", name=w["no"], exact=True).check()
    form.get_by_label(w["risks"]).check()
    form.get_by_label(w["aftercare"]).check()
    form.get_by_label(w["signature"], exact=True).fill(who["signature"])
    form.get_by_label(w["agree"]).check()


def fill_guardian(page: Page, lang: str) -> None:
    w = WORDS[lang]
    part = page.get_by_role("group", name=w["guardian"])
    part.get_by_label(w["g_name"]).fill("Rosa López")
    part.get_by_label(w["g_relationship"]).select_option("parent")
    part.get_by_label(w["g_id_type"]).select_option("passport")
    part.get_by_label(w["g_id_last4"]).fill("9z8y")
    part.get_by_label(w["g_signature"]).fill("rosa lópez")
    part.get_by_label(re.compile(re.escape(w["g_agree"]))).check()


def shoot(page: Page, name: str, lang: str, width: int) -> None:
    """The whole page, its fixed header out of the way."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.wait_for_timeout(400)
    page.screenshot(
        path=str(SHOTS / f"{name}-{lang}-{width}.png"),
        full_page=True,
        style="header[data-pinned], .skip-link { visibility: hidden !important; }",
    )


def sign(page: Page, lang: str) -> dict:
    """Send; the body the page posted."""
    with page.expect_request(
        lambda r: (
            r.url.endswith("/api/consent")
            and r.method == "POST"
            and "check" not in (r.post_data or "")
        )
    ) as sent:
        page.get_by_role("button", name=WORDS[lang]["send"]).click()
    return sent.value.post_data_json


@pytest.mark.parametrize("lang", LANGS)
def test_an_adult_signs_and_the_studio_has_the_record_and_its_copy(
    phone: Page, site: tuple, lang: str
) -> None:
    url, service = site
    page, w, t = phone, WORDS[lang], CATALOG[lang]
    message_id, link = book(site, lang)
    errors = open_link(page, link)
    expect(page.get_by_role("heading", level=1, name=w["title"])).to_be_visible()
    assert page.locator('meta[name="robots"]').get_attribute("content") == "noindex"
    # The tattoo's guide, in the page's language, in a new tab.
    guide = page.get_by_role("link", name=re.compile(re.escape(w["guide"])))
    expect(guide).to_have_attribute("href", f"{LANGS[lang]}/aftercare#aftercare-tattoo")
    fill_client(page, lang, ADULT)
    expect(page.get_by_role("group", name=w["guardian"])).to_have_count(0)
    assert no_sideways_scroll(page)
    shoot(page, "adult", lang, 390)

    body = sign(page, lang)
    assert body["lang"] == lang and "token" in body and "guardian_name" not in body
    expect(page.get_by_text(t.CONSENT_SIGNED)).to_be_visible()
    expect(page.get_by_text(re.compile(w["signed_on"]))).to_be_visible()
    expect(page.get_by_role("heading", level=2, name=w["next"])).to_be_visible()
    expect(page.locator("form.consent-form")).to_have_count(0)
    assert no_sideways_scroll(page)
    shoot(page, "signed", lang, 390)

    stored = service.store.get(message_id)
    assert stored.state == "consented"
    assert {k: stored.consent[k] for k in ("name", "dob", "id_type", "id_last4")} == {
        "name": ADULT["name"],
        "dob": ADULT["dob"],
        "id_type": "drivers_license",
        "id_last4": "A1B2",
    }
    assert set(stored.consent["answers"]) == set(body["answers"]) and len(body["answers"]) == 9
    (copy,) = studio_copies(service, message_id)
    assert copy["Subject"] == f"Consent signed: {ADULT['name']} - Tattoo Consultation"
    (printable,) = re.findall(r"Printable copy: https://studio\.example(\S+)", copy.get_content())
    record = httpx.get(url + printable)
    assert record.status_code == 200 and ADULT["name"] in record.text
    assert errors == [] and page.js_errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_minor_signs_a_piercing_with_a_parent(phone: Page, site: tuple, lang: str) -> None:
    _, service = site
    page, w = phone, WORDS[lang]
    message_id, link = book(site, lang, "Piercing")
    errors = open_link(page, link)
    fill_client(page, lang, MINOR)
    rule = page.get_by_text(w["texas"]).locator("..")
    expect(rule).to_be_visible()
    expect(rule).to_contain_text("Piercing:")
    fill_guardian(page, lang)
    assert no_sideways_scroll(page)
    shoot(page, "minor", lang, 390)
    body = sign(page, lang)
    assert body["guardian_relationship"] == "parent" and "cover_up" not in body
    expect(page.get_by_text(CATALOG[lang].CONSENT_SIGNED)).to_be_visible()
    record = service.store.get(message_id).consent
    assert record["minor"] is True
    assert record["guardian"] == {
        "name": "Rosa López",
        "relationship": "parent",
        "id_type": "passport",
        "id_last4": "9Z8Y",
        "signature": "rosa lópez",
    }
    assert errors == [] and page.js_errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_minors_tattoo_is_refused_by_the_page_and_by_the_function(
    phone: Page, site: tuple, lang: str
) -> None:
    url, service = site
    page, w, t = phone, WORDS[lang], CATALOG[lang]
    message_id, link = book(site, lang)
    token = link.partition("?t=")[2]
    errors = open_link(page, link)
    posts: list[str] = []
    page.on(
        "request",
        lambda r: posts.append(r.post_data or "") if r.url.endswith("/api/consent") else None,
    )
    fill_client(page, lang, MINOR)
    dob = page.get_by_label(w["dob"])
    # The demo studio takes no cover-up (site.yaml minors_cover_ups: false): refused at once,
    # in the function's words, and no parent's part to fill.
    expect(dob).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#consent-dob-error")).to_have_text(t.CONSENT_MINOR_NO_TATTOO)
    expect(page.get_by_role("group", name=w["guardian"])).to_have_count(0)
    page.get_by_role("button", name=w["send"]).click()
    expect(page.get_by_role("alert")).to_contain_text(t.CONSENT_MINOR_NO_TATTOO)
    expect(dob).to_be_focused()
    page.wait_for_timeout(300)
    assert posts == []  # nothing sent
    assert no_sideways_scroll(page)

    # Around the browser, the function refuses it the same way, with a guardian and all.
    around = {
        "token": token,
        "lang": lang,
        "name": MINOR["name"],
        "dob": MINOR["dob"],
        "id_type": "passport",
        "id_last4": "1234",
        "emergency_name": "Rosa López",
        "emergency_phone": "214 555 0100",
        "answers": {key: False for key in booking_questions(url)},
        "risks": True,
        "aftercare": True,
        "signature": MINOR["signature"],
        "agree": True,
        "cover_up": True,
        "guardian_name": "Rosa López",
        "guardian_relationship": "parent",
        "guardian_id_type": "passport",
        "guardian_id_last4": "9z8y",
        "guardian_signature": "Rosa López",
        "guardian_agree": True,
    }
    answer = httpx.post(url + "/api/consent", json=around)
    assert answer.status_code == 400 and answer.json()["fields"] == {
        "dob": t.CONSENT_MINOR_NO_TATTOO
    }
    assert service.store.get(message_id).state == "booked"
    assert errors == [] and page.js_errors == []


def booking_questions(url: str) -> list[str]:
    return httpx.get(url + "/api/booking.json").json()["consent_questions"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_link_shows_the_functions_words_and_no_form(
    phone: Page, site: tuple, lang: str
) -> None:
    page, w, t = phone, WORDS[lang], CATALOG[lang]
    _, link = book(site, lang)
    forged = link[:-1] + ("0" if link[-1] != "0" else "1")
    errors = open_link(page, forged)
    expect(page.get_by_role("alert")).to_have_text(t.CONSENT_LINK_UNKNOWN)
    expect(page.get_by_role("heading", level=1, name=w["title"])).to_be_visible()
    expect(page.get_by_label(w["name"], exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name=w["send"])).to_have_count(0)
    assert no_sideways_scroll(page)
    # No token at all: the page's own words, the same, and nothing asked of the function.
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.url.endswith("/api/consent") else None)
    assert open_page(page, f"{LANGS[lang]}/consent") == []
    expect(page.get_by_role("alert")).to_have_text(t.CONSENT_LINK_UNKNOWN)
    expect(page.get_by_role("button", name=w["send"])).to_have_count(0)
    assert posts == []
    assert refusals_aside(errors) == [] and page.js_errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_second_signature_with_the_same_link_gets_the_409(
    phone: Page, site: tuple, lang: str
) -> None:
    url, service = site
    page, w, t = phone, WORDS[lang], CATALOG[lang]
    message_id, link = book(site, lang)
    errors = open_link(page, link)
    fill_client(page, lang, ADULT)
    # Meanwhile the same link is signed elsewhere (another tab, another phone).
    other = phone.context.new_page()
    try:
        assert open_link(other, link) == []
        fill_client(other, lang, ADULT)
        sign(other, lang)
        expect(other.get_by_text(t.CONSENT_SIGNED)).to_be_visible()
    finally:
        other.close()
    first = service.store.get(message_id)
    sign(page, lang)
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text(t.CONSENT_ALREADY.split("(")[0].strip())
    expect(page.get_by_role("button", name=w["send"])).to_have_count(0)
    assert service.store.get(message_id) == first
    # Opened again later: the same words at once, and no form.
    open_link(page, link)
    expect(page.get_by_role("alert")).to_contain_text(t.CONSENT_ALREADY.split("(")[0].strip())
    expect(page.get_by_label(w["name"], exact=True)).to_have_count(0)
    assert len(studio_copies(service, message_id)) == 1
    assert refusals_aside(errors) == [] and page.js_errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_screenshots_at_1366(browser, site: tuple, lang: str) -> None:
    url, _ = site
    context = browser.new_context(viewport={"width": 1366, "height": 900}, base_url=url)
    try:
        page = context.new_page()
        _, link = book(site, lang, "Piercing")
        assert open_link(page, link) == []
        fill_client(page, lang, ADULT)
        assert no_sideways_scroll(page)
        shoot(page, "adult", lang, 1366)
        page.get_by_label(WORDS[lang]["dob"]).fill(MINOR["dob"])
        page.get_by_label(WORDS[lang]["name"], exact=True).fill(MINOR["name"])
        page.get_by_label(WORDS[lang]["signature"], exact=True).fill(MINOR["signature"])
        fill_guardian(page, lang)
        shoot(page, "minor", lang, 1366)
        sign(page, lang)
        expect(page.get_by_text(CATALOG[lang].CONSENT_SIGNED)).to_be_visible()
        shoot(page, "signed", lang, 1366)
    finally:
        context.close()


def axe_violations(page: Page) -> list[str]:
    """What axe finds on the page as it is (its run bounded: a hang would block CI)."""
    page.evaluate(AXE.read_text("utf-8"))
    return page.evaluate(
        """() => Promise.race([
            axe.run(document).then((result) => result.violations.map(
                (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)),
            new Promise((resolve) => setTimeout(() => resolve(["axe did not finish"]), 20000)),
        ])"""
    )


def test_axe_finds_nothing_on_the_form_its_problems_and_the_guardians_part(
    phone: Page, site: tuple
) -> None:
    page, w = phone, WORDS["en"]
    _, link = book(site, "en", "Piercing")
    errors = open_link(page, link)
    page.get_by_role("button", name=w["send"]).click()
    expect(page.get_by_role("alert")).to_contain_text("answers need your attention")
    expect(page.get_by_label(w["name"], exact=True)).to_be_focused()
    assert axe_violations(page) == []
    fill_client(page, "en", MINOR)
    expect(page.get_by_role("group", name=w["guardian"])).to_be_visible()
    assert axe_violations(page) == []
    assert errors == [] and page.js_errors == []
