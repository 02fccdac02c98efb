"""After the session (#42 items 2 to 4; docs/consent.md, "After the session"): the aftercare
guide on the session's day and the review request `reviews.after_days` later, run by the
daily schedule's action and `build.py after-sessions`, each at most once per booking, in the
client's language, never for a declined, expired or waiting request, and a client's "no
more review requests" honoured. The clock is moved, never waited for.
"""

from __future__ import annotations

import email
import email.policy
import re
from dataclasses import replace
from datetime import datetime
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


def at(day: int, hour: int = 8) -> float:
    """A moment of December 2026 in the studio's time zone (the daily schedule: 7 am)."""
    return datetime(2026, 12, day, hour, 0, tzinfo=CHICAGO).timestamp()


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
        for _, raw in service.store.emails()
    ]
    return [m for m in mails if m["Subject"] in subject]


def text_of(mail: email.message.EmailMessage) -> str:
    return mail.get_content().replace("\r\n", "\n")


AFTERCARE = (
    "Looking after your new tattoo | Looking after your new piercing | Cómo cuidar tu tatuaje nuevo"
)
REVIEWS = "Would you review your visit? | ¿Nos dejas una reseña de tu visita?"


def daily(service: ContactService, monkeypatch: pytest.MonkeyPatch, now: float) -> dict:
    """The daily schedule's action, its clock moved to now."""
    monkeypatch.setattr(app, "time", SimpleNamespace(time=lambda: now))
    return respond(service, Settings(), {"action": "send-spam-digest"})


def test_aftercare_on_the_day_and_the_review_later_once_each_in_the_clients_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = local(tmp_path)
    ana = accept(service, GOOD)
    lucia = accept(service, SPANISH)
    bo = accept(service, PIERCING)
    assert service.store.get(ana).session_date == DAY

    assert "after_sessions" not in daily(service, monkeypatch, at(4))  # the day before
    first = daily(service, monkeypatch, at(5))
    assert first["after_sessions"] == {"aftercare": 3, "reviews": 0, "turned_off": 0, "failed": 0}
    again = daily(service, monkeypatch, at(5, 9))  # Lambda's retry, the same morning
    assert "after_sessions" not in again
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
    for now in (at(5), at(12)):
        operations.after_sessions(service, now=now)
    recipients = [m["To"] for m in kept(service, AFTERCARE + " | " + REVIEWS)]
    assert recipients == ["lucia@example.com", "lucia@example.com"]

    # Without site.yaml `reviews`, no review request at all.
    quiet = local(tmp_path / "quiet", {k: v for k, v in RULES.items() if k != "reviews"})
    accept(quiet, GOOD)
    assert operations.after_sessions(quiet, now=at(5)).startswith("sent 1 aftercare and 0")
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
    message_id = accept(service, GOOD, day=datetime.now(CHICAGO).date().isoformat())
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


def test_on_dynamodb_and_ses_each_email_goes_once(tmp_path: Path, aws) -> None:
    service = aws_service(tmp_path)
    write_booking(tmp_path, {**RULES, "deposit": {"services": {}, "artists": {}}})
    message_id = accept(service, GOOD)
    assert service.store.get(message_id).session_date == DAY
    before = len(sent_emails())
    for now in (at(5), at(5, 9), at(6), at(12), at(12, 10)):
        service.after_sessions.run(now)
    mails = sent_emails()[before:]
    assert [m["Subject"] for m in mails] == [
        "Looking after your new tattoo",
        "Would you review your visit?",
    ]
    assert all(m["To"] == "ana@example.com" for m in mails)


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
    assert operations.after_sessions(service, now=at(5)).startswith("sent 1 aftercare")


def test_a_paid_deposits_studio_email_carries_the_set_the_date_link(tmp_path: Path, aws) -> None:
    from test_contact_consent import paid_on_aws

    message_id = paid_on_aws(aws_service(tmp_path), tmp_path)
    (studio,) = [m for m in sent_emails() if m["Subject"].startswith("Deposit paid")]
    assert f"/api/requests/{message_id}/date?t=" in text_of(studio)
