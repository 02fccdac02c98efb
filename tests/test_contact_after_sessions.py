"""After the session (#42 items 2 to 4; docs/consent.md, "After the session"): the aftercare
guide on the evening of the session's day (text and email-safe HTML rendered by the build
from the site's own Markdown) and the review request `reviews.after_days` later, run by the
evening schedule's action, the daily one's and `build.py after-sessions`, each at most once
per booking, in the client's language, never for a declined, expired or waiting request,
and a client's "no more review requests" honoured. The clock is moved, never waited for.
"""

from __future__ import annotations

import email
import email.policy
import json
import re
from dataclasses import replace
from datetime import datetime, timedelta
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
from click.testing import CliRunner
from contact_support import GOOD, local_settings, make_service, post_event
from ses_support import sent_emails
from test_contact_consent import send
from test_contact_deposits import BOOKING, SECRET, SITE, aws_service, write_booking

import build
import functions.contact.handlers.app as app
from functions.contact.handlers import operations
from functions.contact.handlers.app import respond
from functions.contact.handlers.settings import Settings
from functions.contact.logic.request_actions import RequestLinks
from functions.contact.logic.service import ContactService
from functions.contact.models.request_state import moved
from generator import pipeline
from sitefactory import minimal_site, write_site

REVIEW_URL = "https://g.page/r/crimson-crown/review"
RULES = {
    **BOOKING,
    "deposit": {"services": {}, "artists": {}},  # Accept books at once
    "phone": "(214) 869-4410",
    "aftercare": {
        "tattoo": {"en": "## Wash it\n\nTwice a day.", "es": "## Lávalo\n\nDos veces al día."},
        "piercing": {"en": "## Saline\n\nSpray it.", "es": "## Solución salina\n\nRocíalo."},
    },
    "reviews": {"url": REVIEW_URL, "after_days": 7},
}
SPANISH = {**GOOD, "lang": "es", "name": "Lucía Pérez", "email": "lucia@example.com"}
PIERCING = {**GOOD, "service": "Piercing", "name": "Bo Lee", "email": "bo@example.com"}
CHICAGO = ZoneInfo("America/Chicago")
DAY = "2026-12-05"


def at(day: int, hour: int = 7, minute: int = 0) -> float:
    """A moment of December 2026 in the studio's time zone: by default the daily schedule's
    (13:00 UTC, 7 am); EVENING, the evening schedule's (00:30 UTC the next day, 6:30 pm)."""
    return datetime(2026, 12, day, hour, minute, tzinfo=CHICAGO).timestamp()


EVENING = {"hour": 18, "minute": 30}


def local(tmp_path: Path, rules: dict = RULES) -> ContactService:
    write_booking(tmp_path, rules)
    return make_service(tmp_path, local_settings(tmp_path, site_url=SITE, link_secret=SECRET))


def accept(service: ContactService, payload: dict, day: str = DAY, deposit: str = "0") -> str:
    assert respond(service, Settings(), post_event(payload))["statusCode"] == 200
    message_id = next(m.id for m in service.store.list() if m.email == payload["email"])
    link = dict(RequestLinks(SITE, SECRET)(service.store.get(message_id)))["Accept"]
    form = {"deposit": deposit, "when": "Saturday, 3 pm", "date": day}
    assert send(service, link.removeprefix(SITE), "POST", form=form)["statusCode"] == 200
    return message_id


def kept(service: ContactService, subject: str) -> list[email.message.EmailMessage]:
    mails = [
        email.message_from_bytes(raw, policy=email.policy.default)
        for _, _, raw in reversed(service.store.kept_emails())  # oldest first
    ]
    return [m for m in mails if m["Subject"] in subject]


def text_of(mail: email.message.EmailMessage) -> str:
    return mail.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


AFTERCARE = (
    "Looking after your new tattoo | Looking after your new piercing | Cómo cuidar tu tatuaje nuevo"
)
REVIEWS = "Would you review your visit? | ¿Nos dejas una reseña de tu visita?"


def daily(service: ContactService, monkeypatch: pytest.MonkeyPatch, now: float) -> dict:
    """The daily schedule's action, its clock moved to now."""
    monkeypatch.setattr(app, "time", SimpleNamespace(time=lambda: now))
    return respond(service, Settings(), {"action": "send-spam-digest"})


def evening(service: ContactService, monkeypatch: pytest.MonkeyPatch, now: float) -> dict:
    """The evening schedule's action (deploy-function's `<function>-after-sessions` rule),
    its clock moved to now: only the after-session emails."""
    monkeypatch.setattr(app, "time", SimpleNamespace(time=lambda: now))
    return respond(service, Settings(), {"action": "send-after-sessions"})["after_sessions"]


NOTHING = {"aftercare": 0, "reviews": 0, "turned_off": 0, "failed": 0}


def test_aftercare_on_the_days_evening_and_the_review_later_once_each_in_the_clients_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = local(tmp_path)
    ana = accept(service, GOOD)
    lucia = accept(service, SPANISH)
    bo = accept(service, PIERCING)
    assert service.store.get(ana).session_date == DAY

    assert evening(service, monkeypatch, at(4, **EVENING)) == NOTHING  # the evening before
    # The morning of the session's day (the daily schedule), and 5:59 pm: not yet.
    assert "after_sessions" not in daily(service, monkeypatch, at(5))
    assert operations.after_sessions(service, now=at(5, 17, 59)).startswith("sent 0 aftercare")
    first = evening(service, monkeypatch, at(5, **EVENING))
    assert first == {**NOTHING, "aftercare": 3}
    assert evening(service, monkeypatch, at(5, 18, 45)) == NOTHING  # Lambda's retry
    assert "after_sessions" not in daily(service, monkeypatch, at(6))  # the next morning
    mails = {m["To"]: m for m in kept(service, AFTERCARE)}
    assert sorted(mails) == ["ana@example.com", "bo@example.com", "lucia@example.com"]
    english, spanish, piercing = (
        text_of(mails[a]) for a in ("ana@example.com", "lucia@example.com", "bo@example.com")
    )
    assert mails["ana@example.com"]["Subject"] == "Looking after your new tattoo"
    assert "## Wash it\n\nTwice a day." in english and "Call us: (214) 869-4410." in english
    assert "The guide on our site: https://studio.example/aftercare" in english
    assert mails["lucia@example.com"]["Subject"] == "Cómo cuidar tu tatuaje nuevo"
    assert "Dos veces al día." in spanish and "https://studio.example/es/aftercare" in spanish
    assert mails["bo@example.com"]["Subject"] == "Looking after your new piercing"
    assert "Spray it." in piercing

    assert "after_sessions" not in daily(service, monkeypatch, at(11))  # six days on
    review = daily(service, monkeypatch, at(12))
    assert review["after_sessions"]["reviews"] == 3
    assert "after_sessions" not in daily(service, monkeypatch, at(13))
    reviews = {m["To"]: m for m in kept(service, REVIEWS)}
    assert sorted(reviews) == ["ana@example.com", "bo@example.com", "lucia@example.com"]
    # Never gated: every client is asked the same way, straight to the review page.
    texts = {a: re.sub(r"^(Hi|Hola) [^\n]*|/off/\S+", "", text_of(m)) for a, m in reviews.items()}
    assert texts["ana@example.com"] == texts["bo@example.com"]
    assert f"whatever you thought of it: {REVIEW_URL}" in texts["ana@example.com"]
    assert f"sea cual sea tu opinión: {REVIEW_URL}" in texts["lucia@example.com"]
    assert reviews["ana@example.com"]["List-Unsubscribe"].startswith(
        "<https://studio.example/api/reviews/off/"
    )
    assert {ana, lucia, bo} <= {m.id for m in service.store.list()}


def test_never_for_a_declined_an_expired_a_waiting_or_a_dateless_request(tmp_path: Path) -> None:
    service = local(tmp_path)
    closed = {}
    for name, to in (("waiting", None), ("declined", "declined"), ("expired", "expired")):
        payload = {**GOOD, "email": f"{name}@example.com"}
        assert respond(service, Settings(), post_event(payload))["statusCode"] == 200
        request = next(m for m in service.store.list() if m.email == payload["email"])
        # Accepted with a deposit and a day, as the studio's Accept would with Stripe keys.
        accepted = replace(
            moved(request, "accepted", service.now(), "studio link", deposit_cents=10000),
            session_date=DAY,
        )
        assert service.store.change_state(accepted, "new")
        if to:
            assert service.store.change_state(
                moved(accepted, to, service.now(), "expiry"), "accepted"
            )
        closed[name] = request.id
    accept(service, PIERCING, day="")  # booked, no day given
    accept(service, SPANISH)  # booked with the day: the one client written to
    assert {service.store.get(i).state for i in closed.values()} == {
        "accepted",
        "declined",
        "expired",
    }
    for now in (at(5, **EVENING), at(12)):
        operations.after_sessions(service, now=now)
    recipients = [m["To"] for m in kept(service, AFTERCARE + " | " + REVIEWS)]
    assert recipients == ["lucia@example.com", "lucia@example.com"]

    # Without site.yaml `reviews`, no review request at all.
    quiet = local(tmp_path / "quiet", {k: v for k, v in RULES.items() if k != "reviews"})
    accept(quiet, GOOD)
    assert operations.after_sessions(quiet, now=at(5, 20)).startswith("sent 1 aftercare and 0")
    assert operations.after_sessions(quiet, now=at(12)).startswith("sent 0 aftercare and 0")


def test_a_client_turns_review_requests_off_with_the_signed_link(tmp_path: Path) -> None:
    service = local(tmp_path, {**RULES, "reviews": {"url": REVIEW_URL, "after_days": 1}})
    accept(service, GOOD, day="2026-12-05")
    accept(service, GOOD | {"message": "A second booking, another day."}, day="2026-12-08")
    operations.after_sessions(service, now=at(6))
    (first,) = kept(service, REVIEWS)
    (off,) = re.findall(r"https://studio\.example(/api/reviews/off/\S+)", text_of(first))
    shown = send(service, off)  # a mail scanner's GET changes nothing
    assert shown["statusCode"] == 200 and 'method="post"' in shown["body"]
    forged = off[:-2] + ("00" if not off.endswith("00") else "11")
    assert send(service, forged, "POST")["statusCode"] == 404
    done = send(service, off, "POST")
    assert done["statusCode"] == 200 and "will not ask you for a review again" in done["body"]
    report = operations.after_sessions(service, now=at(9))
    assert "reviews turned off by the client" in report and len(kept(service, REVIEWS)) == 1


def test_build_after_sessions_says_what_is_due(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = local(tmp_path)
    # Yesterday's session: its aftercare is due now, whatever the hour (a day late).
    yesterday = (datetime.now(CHICAGO).date() - timedelta(days=1)).isoformat()
    message_id = accept(service, GOOD, day=yesterday)
    monkeypatch.setenv("CONTACT_SITE_URL", "")
    monkeypatch.setenv("CONTACT_LINK_SECRET", SECRET)
    args = [
        "after-sessions",
        "--outbox",
        str(tmp_path / "outbox.sqlite3"),
        "--dist",
        str(tmp_path / "dist"),
    ]
    dry = CliRunner().invoke(build.cli, [*args, "--dry-run"])
    assert dry.exit_code == 0, dry.output
    assert dry.output.startswith("would send 1 aftercare and 0 review email(s).")
    assert f"aftercare: ref {message_id}" in dry.output
    sent = CliRunner().invoke(build.cli, args)
    assert sent.output.startswith("sent 1 aftercare"), sent.output
    assert CliRunner().invoke(build.cli, args).output.startswith("sent 0 aftercare")


def test_on_dynamodb_and_ses_each_email_goes_once(tmp_path: Path, aws, built_booking: dict) -> None:
    service = aws_service(tmp_path)
    write_booking(tmp_path, built_booking)
    message_id = accept(service, GOOD)
    assert service.store.get(message_id).session_date == DAY
    before = len(sent_emails())
    for now in (at(5), at(5, **EVENING), at(5, 19), at(6), at(12), at(12, 10)):
        service.after_sessions.run(now)
    mails = sent_emails()[before:]
    assert [m["Subject"] for m in mails] == [
        "Looking after your new tattoo",
        "Would you review your visit?",
    ]
    assert all(m["To"] == "ana@example.com" for m in mails)
    # SES takes the aftercare as it is composed: the text and the HTML (raw MIME).
    aftercare = mails[0]
    assert [p.get_content_type() for p in aftercare.iter_parts()] == ["text/plain", "text/html"]
    assert Tree(html_of(aftercare)).faults == [] and "Wash it" in html_of(aftercare)


def test_the_studio_sets_the_day_later_and_the_aftercare_goes_by_it(tmp_path: Path) -> None:
    service = local(tmp_path)
    assert respond(service, Settings(), post_event(GOOD))["statusCode"] == 200
    (request,) = service.store.list()
    links = RequestLinks(SITE, SECRET)
    too_soon = send(service, links.date_link(request).removeprefix(SITE))
    assert too_soon["statusCode"] == 409 and "Accept the request first" in too_soon["body"]
    accept_link = dict(links(request))["Accept"].removeprefix(SITE)
    done = send(service, accept_link, "POST", form={"deposit": "0", "when": "", "date": ""})
    assert done["statusCode"] == 200 and service.store.get(request.id).session_date == ""
    (date_link,) = re.findall(
        r'href="https://studio\.example(/api/requests/[^"]+/date\?t=[^"]+)"', done["body"]
    )
    date_link = date_link.replace("&amp;", "&")
    shown = send(service, date_link)
    assert shown["statusCode"] == 200 and 'type="date"' in shown["body"]
    assert send(service, date_link, "POST", form={"date": "2026-02-30"})["statusCode"] == 400
    dated = send(service, date_link, "POST", form={"date": DAY})
    assert (
        dated["statusCode"] == 200 and f"<dt>Session&#x27;s day</dt><dd>{DAY}</dd>" in dated["body"]
    )
    stored = service.store.get(request.id)
    assert (stored.state, stored.session_date) == ("booked", DAY)
    assert operations.after_sessions(service, now=at(5, **EVENING)).startswith("sent 1 aftercare")


def test_a_paid_deposits_studio_email_carries_the_set_the_date_link(tmp_path: Path, aws) -> None:
    from test_contact_consent import paid_on_aws

    message_id = paid_on_aws(aws_service(tmp_path), tmp_path)
    (studio,) = [m for m in sent_emails() if m["Subject"].startswith("Deposit paid")]
    assert f"/api/requests/{message_id}/date?t=" in text_of(studio)


# --- the HTML part: the site's own Markdown, rendered by the build ---------------------------

# An editor's guide with what must never reach a client's email as markup: raw HTML (a
# script, an event attribute, a style sheet) and a javascript: link; and what must: a list,
# a table, a kept line break, a link relative to the site.
HOSTILE_GUIDE = (
    "## Wash it\n\n"
    "Twice a day.\nWith a fragrance-free soap.\n\n"
    "<script>alert('guide')</script>\n\n"
    '<img src="x" onerror="alert(1)"><link rel="stylesheet" href="https://evil.example/s.css">\n\n'
    "- [Tap here](javascript:alert(document.cookie)) or [here](JaVaScRiPt:alert(1))\n"
    '- Questions? [Write to us](/contact) or <span onclick="alert(2)">call</span>.\n\n'
    "| Day | Do |\n|---|---|\n| 1 | Rinse |\n"
)


@pytest.fixture(scope="module")
def built_booking(tmp_path_factory: pytest.TempPathFactory, media_cache: Path) -> dict:
    """api/booking.json as `build.py build` writes it from a site whose tattoo guide is
    HOSTILE_GUIDE (its Spanish, a plain one), with no deposit and reviews on."""
    root = tmp_path_factory.mktemp("after-html")
    files = minimal_site()
    files["aftercare/tattoo.md"] = HOSTILE_GUIDE
    files["aftercare/tattoo.es.md"] = "## Lávalo\n\nDos veces al día.\n"
    content = write_site(root / "content", files)
    pipeline.build(pipeline.Paths.make(content, root / "dist", cache=media_cache))
    booking = json.loads((root / "dist" / "api" / "booking.json").read_text("utf-8"))
    return {**booking, "deposit": {"services": {}, "artists": {}}, "reviews": RULES["reviews"]}


class Tree(HTMLParser):
    """An HTML document read as a browser's parser would: every element, attribute and the
    text; a closing tag that closes no open element, or one left open, is a fault."""

    VOID = {"meta", "br", "hr", "img", "link", "input"}

    def __init__(self, document: str) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.tags: list[str] = []
        self.attributes: list[tuple[str, str, str]] = []  # (tag, name, value)
        self.text: list[str] = []
        self.faults: list[str] = []
        self.feed(document)
        self.close()
        self.faults += [f"<{tag}> never closed" for tag in self.open]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes += [(tag, name, value or "") for name, value in attrs]
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes += [(tag, name, value or "") for name, value in attrs]

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open.pop() != tag:
            self.faults.append(f"</{tag}> closes nothing open")

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def html_of(mail: email.message.EmailMessage) -> str:
    return mail.get_body(preferencelist=("html",)).get_content()


def test_the_aftercare_email_carries_the_sites_guide_as_safe_html_beside_the_same_text(
    tmp_path: Path, built_booking: dict
) -> None:
    service = local(tmp_path, built_booking)
    accept(service, GOOD)
    accept(service, SPANISH)
    assert operations.after_sessions(service, now=at(5, **EVENING)).startswith("sent 2 aftercare")
    mails = {m["To"]: m for m in kept(service, AFTERCARE)}
    english, spanish = mails["ana@example.com"], mails["lucia@example.com"]
    assert english.get_content_type() == "multipart/alternative"
    assert [p.get_content_type() for p in english.iter_parts()] == ["text/plain", "text/html"]

    # The text part is the email as it was before it had HTML (booking.json's Markdown).
    text_only = local(
        tmp_path / "text", {k: v for k, v in built_booking.items() if k != "aftercare_html"}
    )
    accept(text_only, GOOD)
    operations.after_sessions(text_only, now=at(5, **EVENING))
    (before,) = kept(text_only, AFTERCARE)
    assert before.get_content_type() == "text/plain"
    assert text_of(english) == text_of(before)
    assert "<script>alert('guide')</script>" in text_of(english)  # the Markdown, as text

    page = Tree(html_of(english))
    assert page.faults == []
    assert page.tags[:4] == ["html", "head", "meta", "meta"]
    # No element the editor typed: shown as text, never as markup.
    assert not {"script", "link", "style", "span", "iframe", "img"} & set(page.tags)
    shown = "".join(page.text)
    assert "<script>alert('guide')</script>" in shown and 'onerror="alert(1)"' in shown
    assert not [a for a in page.attributes if a[1].startswith("on")]
    links = [value for tag, name, value in page.attributes if name in ("href", "src")]
    assert links and all(re.match(r"(https://|tel:|mailto:)", link) for link in links)
    assert "javascript" not in " ".join(links).lower()
    assert "https://studio.example/contact" in links  # relative in the Markdown
    assert "tel:2145550100" in links  # the studio's phone
    assert "https://studio.example/aftercare" in links
    # Styled inline, dark on white; the guide's table, list and kept line break are there.
    assert {"table", "th", "td", "ul", "li", "h2", "br"} <= set(page.tags)
    styles = [value for _, name, value in page.attributes if name == "style"]
    assert "background:#ffffff" in styles[0] and "color:#1a1a1a" in styles[1]
    assert all(tag != "p" or name == "style" for tag, name, _ in page.attributes)
    assert "Wash it" in shown and "Hi Ana," in shown and "Call us: (214) 555-0100." in shown

    spanish_page = Tree(html_of(spanish))
    assert spanish_page.faults == [] and 'lang="es"' in html_of(spanish)
    assert "Dos veces al día." in "".join(spanish_page.text)
    assert "https://studio.example/es/aftercare" in [v for _, n, v in spanish_page.attributes]

    # build.py mail shows the HTML part beside the text.
    (listed,) = operations.kept_mail(service, "ana@example.com")[:1]
    assert listed["text"].replace("\r\n", "\n") == text_of(english)
    assert listed["html"] == html_of(english)


def test_html_that_is_not_the_builds_is_left_out_and_the_guide_goes_as_text(
    tmp_path: Path, built_booking: dict
) -> None:
    forged = {"tattoo": {"en": '<p onclick="x()">Wash</p>', "es": "<script>x()</script>"}}
    service = local(tmp_path, {**built_booking, "aftercare_html": forged})
    accept(service, GOOD)
    operations.after_sessions(service, now=at(5, **EVENING))
    (mail,) = kept(service, AFTERCARE)
    assert mail.get_content_type() == "text/plain" and "Wash it" in text_of(mail)
