"""#41 item 6: the daily digest lists the requests waiting for the studio (`new` for more
than a day, `accepted` awaiting a deposit) with their links, beside the spam; nothing is sent
on a day with nothing to say (docs/contact.md, "What is waiting: the daily digest"). Through
the schedule's event, `build.py send-spam-digest` and `build.py mail`, on the outbox and on
DynamoDB and SES (moto)."""

from __future__ import annotations

import email
import email.policy
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import boto3
import pytest
from click.testing import CliRunner
from contact_support import GOOD, local_settings, make_service, post_event
from ses_support import STUDIO, sent_emails, ses_notifier

import build
from functions.contact.dal.dynamodb import DynamoStore, table_definition
from functions.contact.handlers.app import respond
from functions.contact.handlers.settings import Settings
from functions.contact.logic.service import ContactService
from functions.contact.models.request_state import moved

SITE = "https://studio.example"
SECRET = "s" * 64
NOW = datetime(2026, 11, 28, 13, 0, tzinfo=UTC).timestamp()
HOUR = 3600.0
DAY = 24 * HOUR
SCHEDULE = {"action": "send-spam-digest"}
LINK = re.compile(r"(Accept|Decline|Waitlist): (https://\S+)")


def at(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).isoformat(timespec="microseconds")


def submit(contact: ContactService, when: float, **changes: object) -> str:
    """Post a request made at when; its id."""
    contact.now = lambda: at(when)
    answer = respond(contact, Settings(), post_event({**GOOD, **changes}))
    assert answer["statusCode"] == 200, answer["body"]
    return next(m.id for m in contact.store.list() if m.created_at == at(when))


def accept(service: ContactService, message_id: str, when: float, cents: int = 10000) -> None:
    message = service.store.get(message_id)
    accepted = moved(message, "accepted", at(when), "studio link", deposit_cents=cents)
    assert service.store.change_state(accepted, "new")


def waiting_site(service: ContactService) -> dict[str, str]:
    """Requests in every situation; their ids by name."""
    ids = {
        "Old New": submit(service, NOW - 2 * DAY, name="Old New"),
        "Fresh New": submit(service, NOW - 2 * HOUR, name="Fresh New"),
        "Accepted One": submit(service, NOW - 3 * DAY, name="Accepted One"),
        "Booked One": submit(service, NOW - 4 * DAY, name="Booked One"),
        "Old Question": submit(service, NOW - 3 * DAY - HOUR, name="Old Question", service="Other"),
        "Stale New": submit(service, NOW - 45 * DAY, name="Stale New"),
    }
    accept(service, ids["Accepted One"], NOW - 2 * DAY)
    booked = moved(service.store.get(ids["Booked One"]), "booked", at(NOW - DAY), "studio link")
    assert service.store.change_state(booked, "new")
    return ids


def local(tmp_path: Path) -> ContactService:
    service = make_service(tmp_path, local_settings(tmp_path, site_url=SITE, link_secret=SECRET))
    service.spam_review.clock = lambda: NOW
    return service


def kept(service: ContactService) -> list[email.message.EmailMessage]:
    return [
        email.message_from_bytes(raw, policy=email.policy.default)
        for _, _, raw in reversed(service.store.kept_emails())
    ]


def test_the_digest_lists_what_waits_with_the_links_that_act(tmp_path: Path) -> None:
    service = local(tmp_path)
    ids = waiting_site(service)
    before = len(kept(service))
    answer = respond(service, Settings(), SCHEDULE)
    # The same daily action reminds the accepted request of its deposit (deposit_schedule.py).
    assert answer.pop("deposits")["reminded"] == 1
    assert answer == {"digest": "sent", "caught": 0, "listed": 0, "waiting": 2}
    # Nothing is sent here: the outbox keeps the digest (and the visitor's reminder).
    (digest,) = [m for m in kept(service)[before:] if "waiting" in m["Subject"]]
    assert digest["Subject"] == "Website: 2 requests waiting (2026-11-28)"
    assert digest["To"] == "studio@localhost" and digest["Auto-Submitted"] == "auto-generated"
    text = digest.get_content()
    assert "Requests waiting for you: 1 new for more than a day and 1 accepted" in text
    assert "Old New <ana@example.com>" in text and "(2 days ago)" in text
    assert "Accepted One <ana@example.com>" in text
    assert "Accepted 2026-11-26 13:00 UTC, deposit $100, not paid yet" in text  # as its emails
    for absent in ("Fresh New", "Booked One", "Old Question", "Stale New", "spam traps"):
        assert absent not in text
    links = LINK.findall(text)
    # The new request's three links; the accepted one's Decline only (the others would 409).
    assert [label for label, _ in links] == ["Accept", "Decline", "Waitlist", "Decline"]
    assert all(url.startswith(f"{SITE}/api/requests/") for _, url in links)
    assert f"/{ids['Old New']}/accept?t=" in links[0][1]
    assert f"/{ids['Accepted One']}/decline?t=" in links[3][1]
    # The link works: it opens the request's page.
    path, _, query = links[0][1].removeprefix(SITE).partition("?")
    event = post_event(None, "GET")
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["rawQueryString"] = query
    opened = respond(service, Settings(), event)
    assert opened["statusCode"] == 200 and "Old New" in opened["body"]


def test_nothing_is_sent_on_a_day_with_nothing_to_say(tmp_path: Path) -> None:
    service = local(tmp_path)
    submit(service, NOW - 2 * HOUR)  # new, but not for a day yet
    done = submit(service, NOW - 3 * DAY, name="Booked")
    booked = moved(service.store.get(done), "booked", at(NOW - DAY), "studio link")
    assert service.store.change_state(booked, "new")
    before = len(kept(service))
    assert respond(service, Settings(), SCHEDULE) == {"digest": "none", "caught": 0}
    assert len(kept(service)) == before


def test_waiting_requests_and_spam_share_one_email(tmp_path: Path) -> None:
    service = local(tmp_path)
    submit(service, NOW - 2 * DAY, name="Old New")
    submit(service, NOW - HOUR, name="Bo Bot", website="http://spam.example")
    assert respond(service, Settings(), SCHEDULE)["waiting"] == 1
    digest = kept(service)[-1]
    assert digest["Subject"].strip() == (
        "Website: 1 request waiting, the spam traps kept 1 message (2026-11-28)"
    )
    text = digest.get_content()
    assert text.index("Old New") < text.index("Bo Bot") and "Not spam (until" in text
    assert text.rstrip().endswith("only on days with a request waiting or spam caught.")


def test_the_command_prints_keeps_and_mail_lists_the_digest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("CONTACT_NOTIFY_FROM", "CONTACT_NOTIFY_TO", "CONTACT_SITE_URL", "CONTACT_STORE"):
        monkeypatch.delenv(name, raising=False)
    service = make_service(tmp_path, local_settings(tmp_path))
    old = datetime.now(UTC).timestamp() - 2 * DAY
    submit(service, old, name="Old New")
    outbox = tmp_path / "outbox.sqlite3"
    args = ["send-spam-digest", "--outbox", str(outbox), "--dist", str(tmp_path / "dist")]
    args += ["--site-url", "http://127.0.0.1:8000"]
    cli = CliRunner()
    printed = cli.invoke(build.cli, [*args, "--print"])
    assert printed.exit_code == 0, printed.output
    assert "Subject: Website: 1 request waiting" in printed.output
    assert "Accept: http://127.0.0.1:8000/api/requests/" in printed.output
    sent = cli.invoke(build.cli, args)
    assert sent.exit_code == 0 and "1 request(s) waiting" in sent.output
    listed = json.loads(cli.invoke(build.cli, ["mail", "--json", "--outbox", str(outbox)]).output)
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    assert listed[0]["subject"] == f"Website: 1 request waiting ({today})"
    assert [u.split("/")[-1].split("?")[0] for u in listed[0]["links"]] == [
        "accept",
        "decline",
        "waitlist",
    ]


# --- on AWS: DynamoDB and SES on moto ----------------------------------------------------------


def test_on_dynamodb_the_digest_finds_them_with_one_scan_and_ses_sends_it(
    tmp_path: Path, aws
) -> None:
    boto3.client("dynamodb", region_name="us-east-1").create_table(**table_definition("t"))
    store = DynamoStore("t", "us-east-1")
    settings = local_settings(tmp_path, site_url=SITE, link_secret=SECRET)
    service = make_service(tmp_path, settings, store=store, notifier=ses_notifier())
    review = service.spam_review
    review.mailer, review.sender, review.recipients = (
        service.notifier,
        "web@studio.example",
        (STUDIO,),
    )
    review.clock = lambda: NOW
    ids = waiting_site(service)
    found = {m.id for m in store.in_states(("new", "accepted"))}
    assert ids["Old New"] in found and ids["Accepted One"] in found
    assert ids["Booked One"] not in found
    before = len(sent_emails())
    assert respond(service, Settings(), SCHEDULE)["waiting"] == 2
    (digest,) = sent_emails()[before:]
    assert digest["To"] == STUDIO and digest["Subject"].startswith("Website: 2 requests waiting")
    text = digest.get_content()
    assert "Old New" in text and "Accepted One" in text and "Stale New" not in text
