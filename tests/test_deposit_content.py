"""Issue #41 item 3, the content and site side: site.yaml's `deposit` per service, the
reminder and expiry days and the decline reasons, an artist's `deposit`, checked like every
content field (file:line:field, every problem at once); `dist/api/booking.json`, what the
contact function reads of them; and the pages Stripe Checkout sends a visitor back to,
/deposit/paid and /deposit/cancelled in both languages (docs/requests.md, "Deposits")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flash_support import run

from generator import pipeline
from generator.content.loader import load_content
from generator.content.validate import validate
from sitefactory import ARTIST_YAML, SITE_YAML, minimal_site, write_site

JANE = ARTIST_YAML.format(name="Jane Doe", photo="jane.jpg", slug="jane", order=2)
MAX = ARTIST_YAML.format(name="Max Ink", photo="max.jpg", slug="max", order=1)
SERVICES = "Tattoo Consultation, Piercing, Jewelry Change, Touch Up, Other"
WHOLE_DOLLARS = (
    "must be a deposit in whole US dollars from 0 (no deposit) to 10,000, a number like 100 "
    "(no $ sign, no cents), got"
)


def site_with(extra: str) -> str:
    return SITE_YAML + extra


# --- the content fields, through the command line ----------------------------------------------


def test_every_bad_deposit_is_named_at_once_with_file_line_and_field(tmp_path, monkeypatch):
    files = minimal_site()
    files["site.yaml"] = site_with(
        "deposit:\n"
        '  Tattoo Consultation: "100.50"\n'
        "  Tatoo Consultation: 100\n"
        "  Touch Up: -5\n"
        "  Piercing: true\n"
        "  Other: abc\n"
        "  Jewelry Change: 10001\n"
        "decline_reasons:\n"
        f"  - label: {'x' * 41}\n"
        "    text: We cannot take it.\n"
    )
    files["artists/jane-doe.yaml"] = JANE + "deposit: 12.5\n"
    files["artists/max-ink.yaml"] = MAX + "deposit: $150\n"
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"])
    assert code == 1
    site = "content/site.yaml"
    first = len(SITE_YAML.splitlines()) + 1  # the line of `deposit:`
    expected = [
        f"{site}:{first + 1}: deposit.Tattoo Consultation: {WHOLE_DOLLARS} '100.50'",
        f"{site}:{first + 2}: deposit.Tatoo Consultation: 'Tatoo Consultation' is not a service "
        f"of the contact form (did you mean 'Tattoo Consultation'? the services: {SERVICES})",
        f"{site}:{first + 3}: deposit.Touch Up: {WHOLE_DOLLARS} '-5'",
        f"{site}:{first + 4}: deposit.Piercing: {WHOLE_DOLLARS} 'true' (yes/no)",
        f"{site}:{first + 5}: deposit.Other: {WHOLE_DOLLARS} 'abc'",
        f"{site}:{first + 6}: deposit.Jewelry Change: {WHOLE_DOLLARS} '10001'",
        f"{site}:{first + 8}: decline_reasons, item 1, label: must be one short line, at most 40 "
        "characters (like 'Books full'), got 41 characters",
        f"content/artists/jane-doe.yaml:10: deposit: {WHOLE_DOLLARS} '12.5'",
        f"content/artists/max-ink.yaml:10: deposit: {WHOLE_DOLLARS} '$150'",
    ]
    for line in expected:
        assert line in output, f"missing: {line}\n---\n{output}"


def test_an_unknown_service_is_named_with_the_valid_ones_even_when_nothing_is_near(
    tmp_path, monkeypatch
):
    files = {**minimal_site(), "site.yaml": site_with("deposit:\n  Laser Removal: 50\n")}
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"])
    assert code == 1
    line = len(SITE_YAML.splitlines()) + 2
    assert (
        f"content/site.yaml:{line}: deposit.Laser Removal: 'Laser Removal' is not a service of "
        f"the contact form (the services: {SERVICES})"
    ) in output


def test_the_deposit_expires_after_its_reminder(tmp_path, monkeypatch):
    files = {
        **minimal_site(),
        "site.yaml": site_with("deposit_reminder_days: 3\ndeposit_expiry_days: 3\n"),
    }
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"])
    assert code == 1
    line = len(SITE_YAML.splitlines()) + 2
    assert (
        f"content/site.yaml:{line}: deposit_expiry_days: must be more than "
        "deposit_reminder_days (3): the reminder goes out before the request expires"
    ) in output


def test_at_most_ten_decline_reasons(tmp_path, monkeypatch):
    reasons = "decline_reasons:\n" + "".join(
        f"  - label: Reason {n}\n    text: Text {n}.\n" for n in range(11)
    )
    write_site(tmp_path / "content", {**minimal_site(), "site.yaml": site_with(reasons)})
    code, output = run(tmp_path, monkeypatch, ["check"])
    assert code == 1
    line = len(SITE_YAML.splitlines()) + 1
    assert f"content/site.yaml:{line}: decline_reasons: must have at most 10 item(s)" in output


def test_two_decline_reasons_cannot_share_a_label(tmp_path, monkeypatch):
    reasons = (
        "decline_reasons:\n"
        "  - label: Books full\n    text: Full.\n"
        "  - label: books full\n    text: Full again.\n"
    )
    write_site(tmp_path / "content", {**minimal_site(), "site.yaml": site_with(reasons)})
    code, output = run(tmp_path, monkeypatch, ["check"])
    assert code == 1
    line = len(SITE_YAML.splitlines()) + 4
    assert (
        f"content/site.yaml:{line}: decline_reasons, item 2, label: 'books full' is also the "
        "label of item 1: give each reason a label of its own"
    ) in output


def test_the_days_are_bounded_whole_numbers(tmp_path, monkeypatch):
    files = {
        **minimal_site(),
        "site.yaml": site_with("deposit_reminder_days: 0\ndeposit_expiry_days: two\n"),
    }
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"])
    assert code == 1
    line = len(SITE_YAML.splitlines()) + 1
    assert f"content/site.yaml:{line}: deposit_reminder_days: must be at least 1, got '0'" in output
    assert (
        f"content/site.yaml:{line + 1}: deposit_expiry_days: must be a whole number, got 'two'"
    ) in output


def test_defaults_and_what_the_admin_saves_empty(tmp_path):
    """Nothing written: no deposits, 2 and 5 days, no reasons. Emptied in the admin: the same
    (a service's amount or an artist's deposit saved as '' is not given)."""
    files = minimal_site()
    files["site.yaml"] = site_with(
        "deposit:\n  Tattoo Consultation: '100'\n  Piercing: ''\n"
        "deposit_reminder_days: ''\ndeposit_expiry_days:\n"
    )
    files["artists/jane-doe.yaml"] = JANE + "deposit: ''\n"
    files["artists/max-ink.yaml"] = MAX + "deposit: 0\n"
    content = load_content(write_site(tmp_path / "content", files))
    validate(content)
    assert content.problems == []
    site = content.site
    assert (site.deposit, site.deposit_reminder_days, site.deposit_expiry_days) == (
        {"Tattoo Consultation": 100},
        2,
        5,
    )
    assert site.decline_reasons == []
    assert {a.slug: a.deposit for a in content.artists} == {"jane-doe": None, "max-ink": 0}


def test_the_demo_content_asks_a_deposit_for_a_consultation_and_one_artist_overrides_it():
    content = load_content(pipeline.PROJECT_ROOT / "content")
    assert content.problems == []
    assert content.site.deposit == {"Tattoo Consultation": 100, "Touch Up": 0, "Piercing": 0}
    overrides = {a.slug: a.deposit for a in content.artists if a.deposit is not None}
    assert len(overrides) == 1


# --- dist/api/booking.json and the pages ------------------------------------------------------

REASONS = """\
decline_reasons:
  - label: Books full
    text: Our books are full until spring.
    text_es: Nuestra agenda está llena hasta la primavera.
  - label: Style
    text: This is not a style we do.
"""


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory, media_cache: Path) -> Path:
    root = tmp_path_factory.mktemp("deposits")
    files = minimal_site()
    files["site.yaml"] = site_with(
        "timezone: America/Denver\n"
        "deposit:\n  Tattoo Consultation: 100\n  Touch Up: 0\n  Piercing: 25\n"
        "deposit_reminder_days: 3\ndeposit_expiry_days: 7\n"
        + REASONS
        + "minors_cover_ups: true\nreviews:\n  url: https://g.page/r/studio/review\n"
        + "  after_days: 5\n"
    )
    files["artists/jane-doe.yaml"] = JANE + "deposit: 150\n"
    files["policies.md"] = "## Deposits\n\nNon-refundable.\n"
    files["artists/draft-artist.yaml"] = (
        ARTIST_YAML.format(name="Dee Raft", photo="max.jpg", slug="dee", order=3)
        + "deposit: 999\ndraft: true\n"
    )
    content = write_site(root / "content", files)
    pipeline.build(pipeline.Paths.make(content, root / "dist", cache=media_cache))
    return root / "dist"


def test_booking_json_holds_the_time_zone_deposits_days_and_reasons(dist: Path):
    booking = json.loads((dist / "api" / "booking.json").read_text("utf-8"))
    # The guides the aftercare email sends (#42), in both languages (the English where the
    # Spanish is missing).
    aftercare = booking.pop("aftercare")
    assert sorted(aftercare) == ["piercing", "tattoo"]
    assert all(sorted(texts) == ["en", "es"] and texts["en"] for texts in aftercare.values())
    # And as the email's HTML (tests/test_contact_after_sessions.py reads it).
    aftercare_html = booking.pop("aftercare_html")
    assert sorted(aftercare_html) == ["piercing", "tattoo"]
    assert aftercare_html["tattoo"]["en"].startswith('<h2 style="')
    assert booking == {
        "timezone": "America/Denver",
        "deposit": {
            "services": {"Tattoo Consultation": 100, "Touch Up": 0, "Piercing": 25},
            # only the published artists that set one (the draft is not on the site)
            "artists": {"jane-doe": 150},
        },
        "deposit_reminder_days": 3,
        "deposit_expiry_days": 7,
        "decline_reasons": [
            {
                "label": "Books full",
                "text": "Our books are full until spring.",
                "text_es": "Nuestra agenda está llena hasta la primavera.",
            },
            # without its Spanish, the Spanish visitor reads the English
            {
                "label": "Style",
                "text": "This is not a style we do.",
                "text_es": "This is not a style we do.",
            },
        ],
        # site.yaml's retention (the defaults here): how long the stores keep a request.
        "retention": {"requests_days": 180, "bookings_days": 730},
        # After the booking (#42): the consent form's minors' rule, the aftercare email's
        # phone and the review request.
        "minors_cover_ups": True,
        "consent_questions": [],  # the site has no consent.md
        "consent_question_texts": {"en": {}, "es": {}},
        "phone": "(214) 555-0100",
        "reviews": {"url": "https://g.page/r/studio/review", "after_days": 5},
    }


PAGES = {
    "deposit/paid/index.html": ("Thank you, your spot is held", "en"),
    "deposit/cancelled/index.html": ("Nothing was charged", "en"),
    "es/deposit/paid/index.html": ("Gracias, tu lugar está apartado", "es"),
    "es/deposit/cancelled/index.html": ("No se hizo ningún cargo", "es"),
}


@pytest.mark.parametrize("file", PAGES)
def test_the_deposit_pages_are_prerendered_noindex_with_the_sites_header_and_footer(
    dist: Path, file: str
):
    heading, lang = PAGES[file]
    html = (dist / file).read_text("utf-8")
    assert f'<html lang="{lang}">' in html
    assert '<meta name="robots" content="noindex">' in html
    assert re.search(rf"<h1[^>]*>{heading}</h1>", html), heading
    assert '<header class="site-header' in html and '<footer class="site-footer' in html
    assert "/assets/deposit-screen-" in html  # its own chunk, preloaded by this page only


def test_the_deposit_pages_are_out_of_the_sitemap_and_no_other_page_links_or_loads_them(
    dist: Path,
):
    sitemap = (dist / "sitemap.xml").read_text("utf-8")
    assert "/deposit/" not in sitemap
    for page in dist.rglob("*.html"):
        if "deposit" in page.relative_to(dist).parts or "admin" in page.parts:
            continue
        html = page.read_text("utf-8")
        assert 'href="/deposit/' not in html and 'href="/es/deposit/' not in html, page
        assert "/assets/deposit-screen-" not in html, page


def test_the_paid_page_links_the_policies_and_the_home_page_in_its_language(dist: Path):
    english = (dist / "deposit" / "paid" / "index.html").read_text("utf-8")
    assert 'href="/policies"' in english and ">Read our policies</a>" in english
    spanish = (dist / "es" / "deposit" / "paid" / "index.html").read_text("utf-8")
    assert 'href="/es/policies"' in spanish and ">Lee nuestras políticas</a>" in spanish
    assert 'href="/es">Volver al inicio</a>' in spanish  # the site's own home link


def test_the_cancelled_page_names_the_studios_phone_and_email(dist: Path):
    html = (dist / "deposit" / "cancelled" / "index.html").read_text("utf-8")
    assert 'href="tel:+12145550100"' in html
    assert 'href="mailto:hello@studio.example"' in html
    assert 'href="/"' in html
