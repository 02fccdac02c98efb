"""Deposits through Stripe Checkout (#41 item 3; docs/contact.md, "Deposits"): Accept's
deposit, the visitor's pay link, Stripe's webhook, the daily reminder and expiry.

Stripe is localstripe with Checkout Sessions (tests/localstripe_checkout.py) and the
official `stripe` package pointed at it; DynamoDB and SES are moto where the store matters.
Webhooks the tests post themselves are signed as Stripe signs them (`stripe_signature`).
"""

from __future__ import annotations

import contextlib
import email
import email.policy
import itertools
import json
import logging
import re
import threading
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import boto3
import pytest
from click.testing import CliRunner
from contact_support import (
    GOOD,
    link_event,
    local_settings,
    make_service,
    post_event,
)
from contact_support import (
    submit_request as submit,
)
from ses_support import SENDER, STUDIO, sent_emails
from stripe_support import API_KEY, WEBHOOK_SECRET, stripe_signature, wait_for

import build
from functions.contact.dal.dynamodb import DynamoStore, table_definition
from functions.contact.handlers.app import respond
from functions.contact.handlers.settings import ConfigError, Settings
from functions.contact.logic.deposits import deposit_token
from functions.contact.logic.request_actions import RequestLinks
from functions.contact.logic.service import ContactService
from functions.contact.models.request_state import moved

SITE = "https://studio.example"
SECRET = "s" * 64
SPANISH = {**GOOD, "lang": "es", "name": "Lucía Pérez", "email": "lucia@example.com"}
BOOKING = {
    "timezone": "America/Chicago",
    "deposit": {
        "services": {"Tattoo Consultation": 100, "Touch Up": 0, "Piercing": 0},
        "artists": {"max-ink": 150},
    },
    "deposit_reminder_days": 2,
    "deposit_expiry_days": 5,
    "decline_reasons": [],
}
DAY = 24 * 3600


# --- helpers ---------------------------------------------------------------------------------


def write_booking(tmp_path: Path, booking: dict = BOOKING) -> None:
    api = tmp_path / "dist" / "api"
    api.mkdir(parents=True, exist_ok=True)
    (api / "booking.json").write_text(json.dumps(booking), "utf-8")


def stripe_settings(tmp_path: Path, stripe_url: str = "", **changes: object) -> Settings:
    keys = (
        {
            "stripe_secret_key": API_KEY,
            "stripe_webhook_secret": WEBHOOK_SECRET,
            "stripe_api_base": stripe_url,
        }
        if stripe_url
        else {}
    )
    return local_settings(tmp_path, site_url=SITE, link_secret=SECRET, **keys, **changes)


def local(tmp_path: Path, stripe_url: str = "", booking: dict = BOOKING) -> ContactService:
    """A laptop's service (the visitor's emails kept in the outbox) with Stripe at
    stripe_url (none: no keys) and the site's booking.json."""
    write_booking(tmp_path, booking)
    return make_service(tmp_path, stripe_settings(tmp_path, stripe_url))


def accept_link(service: ContactService, message_id: str) -> str:
    links = RequestLinks(SITE, SECRET)(service.store.get(message_id))
    return dict(links)["Accept"].removeprefix(SITE)


def call(
    service: ContactService,
    link: str,
    method: str = "GET",
    form: dict | None = None,
) -> dict:
    return respond(service, Settings(), link_event(link, method, form))


def kept_emails(service: ContactService) -> list[email.message.EmailMessage]:
    """The deposit's emails the outbox kept: the visitor's (it keeps the studio's email of
    each message and the visitor's confirmation too: build.py mail)."""
    return [
        email.message_from_bytes(raw, policy=email.policy.default)
        for _, recipients, raw in reversed(service.store.kept_emails())
        if b".confirmation@" not in raw and "studio@localhost" not in recipients
    ]


def pay_link_in(text: str) -> str:
    (link,) = re.findall(r"https://studio\.example(/api/deposits/\S+)", text)
    return link


def accept_with_deposit(service: ContactService, message_id: str, dollars: str = "120") -> str:
    """The studio accepts with a deposit: the pay link of the visitor's email."""
    form = {"deposit": dollars, "when": "Friday 5 Dec, 3 pm", "note": "Bring your sketch."}
    answer = call(service, accept_link(service, message_id), "POST", form)
    assert answer["statusCode"] == 200, answer["body"]
    return pay_link_in(kept_emails(service)[-1].get_content())


def completed(
    message_id: str,
    session_id: str = "cs_test_x",
    event_id: str = "evt_1",
    kind: str = "checkout.session.completed",
    payment_status: str = "paid",
) -> bytes:
    """A checkout.session.completed event as Stripe sends it (the fields the function reads
    and a few around them)."""
    event = {
        "id": event_id,
        "object": "event",
        "type": kind,
        "created": int(time.time()),
        "livemode": False,
        "data": {
            "object": {
                "id": session_id,
                "object": "checkout.session",
                "client_reference_id": message_id,
                "metadata": {"message_id": message_id},
                "mode": "payment",
                "payment_status": payment_status,
                "status": "complete",
                "amount_total": 12000,
                "currency": "usd",
            }
        },
    }
    return json.dumps(event).encode()


def webhook(service: ContactService, payload: bytes, signature: str | None = None) -> dict:
    raw = post_event(None, "POST")
    raw["rawPath"] = raw["requestContext"]["http"]["path"] = "/api/stripe-webhook"
    raw["headers"] = {"content-type": "application/json; charset=utf-8"}
    if signature is not None:
        raw["headers"]["stripe-signature"] = signature
    raw["body"] = payload.decode()
    return respond(service, Settings(), raw)


def booked_to(service: ContactService, message_id: str) -> None:
    """Move a request to accepted with a $120 deposit, as the studio's Accept does."""
    request = service.store.get(message_id)
    accepted = moved(request, "accepted", service.now(), "studio link", deposit_cents=12000)
    assert service.store.change_state(accepted, "new")


# --- Accept: the deposit prefilled, editable; none without keys ------------------------------


def test_accept_is_prefilled_from_content_and_the_artist_overrides_it(
    tmp_path: Path, fake_stripe
) -> None:
    service = local(tmp_path, fake_stripe.url)
    service_id = submit(service)
    artist_id = submit(service, {**GOOD, "artist": "max-ink", "name": "Bo Max"})
    touch_up = submit(service, {**GOOD, "service": "Touch Up", "name": "Cy Touch"})
    for message_id, dollars in ((service_id, 100), (artist_id, 150), (touch_up, 0)):
        page = call(service, accept_link(service, message_id))["body"]
        assert f'name="deposit" value="{dollars}"' in page and " readonly" not in page
        assert "Prefilled from the site" in page
    # "Received" in the studio's time zone, not UTC
    assert re.search(r"<dt>Received</dt><dd>\d{4}-\d\d-\d\d \d\d:\d\d C[SD]T</dd>", page)


def test_accept_without_stripe_keys_offers_no_deposit_and_says_why(tmp_path: Path) -> None:
    service = local(tmp_path)  # booking.json asks $100, but there are no keys
    message_id = submit(service)
    link = accept_link(service, message_id)
    page = call(service, link)["body"]
    assert 'name="deposit" value="0"' in page and " readonly" in page
    assert "Stripe is not set up for the function" in page
    refused = call(service, link, "POST", {"deposit": "100"})
    assert refused["statusCode"] == 400 and "Stripe is not set up" in refused["body"]
    assert service.store.get(message_id).state == "new"
    assert call(service, link, "POST", {"deposit": "0"})["statusCode"] == 200
    assert service.store.get(message_id).state == "booked"  # 0 books at once


def test_accept_with_a_deposit_emails_the_visitor_the_pay_link(tmp_path: Path, fake_stripe) -> None:
    service = local(tmp_path, fake_stripe.url)
    message_id = submit(service)
    answer = call(
        service,
        accept_link(service, message_id),
        "POST",
        {"deposit": "120", "when": "Friday 5 Dec, 3 pm", "note": "Bring your sketch."},
    )
    assert answer["statusCode"] == 200 and "link to pay the deposit" in answer["body"]
    request = service.store.get(message_id)
    assert (request.state, request.deposit_cents, request.checkout_session) == (
        "accepted",
        12000,
        "",
    )
    (told,) = kept_emails(service)
    assert told["To"] == "ana@example.com" and "a deposit holds your place" in told["Subject"]
    text = told.get_content()
    assert "please pay a deposit of $120." in text
    assert "The studio proposes: Friday 5 Dec, 3 pm" in text and "Bring your sketch." in text
    assert f"{SITE}/policies" in text
    assert pay_link_in(text).startswith(f"/api/deposits/{message_id}?t=")


# --- the pay link: a Checkout Session, reused while open -------------------------------------


def test_the_pay_link_creates_a_session_and_reuses_it_while_open(
    tmp_path: Path, fake_stripe
) -> None:
    service = local(tmp_path, fake_stripe.url)
    message_id = submit(service, SPANISH)
    link = accept_with_deposit(service, message_id)
    assert "Paga el depósito" in kept_emails(service)[-1].get_content()
    assert f"{SITE}/es/policies" in kept_emails(service)[-1].get_content()

    first = call(service, link)
    assert first["statusCode"] == 303
    location = first["headers"]["location"]
    stored = service.store.get(message_id).checkout_session
    assert stored.startswith("cs_test_") and location.endswith(stored)
    session = fake_stripe.client().v1.checkout.sessions.retrieve(stored)
    assert (session.amount_total, session.currency, session.mode) == (12000, "usd", "payment")
    assert session.client_reference_id == message_id
    assert session.metadata.to_dict() == {"message_id": message_id}
    assert session.customer_email == "lucia@example.com"
    assert session.success_url == f"{SITE}/es/deposit/paid"
    assert session.cancel_url == f"{SITE}/es/deposit/cancelled"

    again = call(service, link)  # a second click: the open session, not a new one
    assert again["statusCode"] == 303 and again["headers"]["location"] == location
    assert service.store.get(message_id).checkout_session == stored

    fake_stripe.client().v1.checkout.sessions.expire(stored)  # 24 hours later, at Stripe
    renewed = call(service, link)
    assert renewed["statusCode"] == 303 and renewed["headers"]["location"] != location
    assert service.store.get(message_id).checkout_session not in ("", stored)


def test_forged_and_expired_pay_links(tmp_path: Path, fake_stripe) -> None:
    service = local(tmp_path, fake_stripe.url)
    message_id = submit(service)
    link = accept_with_deposit(service, message_id)
    expires = int(parse_qs(urlsplit(link).query)["t"][0].split(".")[0])
    assert abs(expires - (time.time() + 5 * DAY)) < 60  # until the request would expire
    forged = [
        link[:-1] + ("0" if link[-1] != "0" else "1"),
        f"/api/deposits/{message_id}?t={expires + DAY}.{link.split('.')[-1]}",
        f"/api/deposits/{'f' * 32}?t={link.split('?t=')[1]}",
        f"/api/deposits/{message_id}",
        f"/api/deposits/{message_id}?t={deposit_token('x' * 64, message_id, expires)}",
    ]
    for bad in forged:
        answer = call(service, bad)
        assert answer["statusCode"] == 404, bad
        assert "Ana" not in answer["body"]
    old = deposit_token(SECRET, message_id, int(time.time()) - 1)
    answer = call(service, f"/api/deposits/{message_id}?t={old}")
    assert answer["statusCode"] == 410 and "has expired" in answer["body"]
    assert service.store.get(message_id).checkout_session == ""


# --- the webhook ------------------------------------------------------------------------------


def test_paying_on_stripe_books_once_through_serve_and_a_replay_changes_nothing(
    tmp_path: Path, fake_stripe
) -> None:
    """The whole life through `serve`'s bridge: localstripe posts its signed event to the
    function, which books the request and tells both sides; Stripe's retry of the same
    event (resend) is acted on no more."""
    from contact_support import handler_for
    from recording_server import recording_server

    from serverthread import running_server

    service = local(tmp_path, fake_stripe.url)
    message_id = submit(service)
    link = accept_with_deposit(service, message_id)
    with (
        running_server(tmp_path / "dist", contact=handler_for(service)) as url,
        recording_server() as (witness, seen),
    ):
        fake_stripe.register_webhook(url + "/api/stripe-webhook")
        fake_stripe.register_webhook(witness + "/hook")  # to know the event id, and when
        session = urlsplit(call(service, link)["headers"]["location"]).path.rsplit("/", 1)[1]
        fake_stripe.pay(session)

        def completion(got: list) -> list[dict]:
            events = [json.loads(r.body) for r in got]
            return [e for e in events if e["type"] == "checkout.session.completed"]

        (event,) = completion(wait_for(seen, completion))
        deadline = time.monotonic() + 15
        while service.store.get(message_id).state != "booked" and time.monotonic() < deadline:
            time.sleep(0.05)
        request = service.store.get(message_id)
        assert request.state == "booked" and request.checkout_session == session
        assert request.state_history[-1]["by"] == "payment"
        fake_stripe.resend(event["id"])
        wait_for(seen, lambda got: len(completion(got)) == 2)
        time.sleep(1.5)  # the function's copy of the resend comes with the witness's
    told = kept_emails(service)[1:]  # after the deposit's request
    assert [m["To"] for m in told] == ["ana@example.com"]  # no studio address on a laptop
    assert told[0]["Subject"] == "Your deposit is paid: you are booked"
    assert "your deposit of $120 is paid" in told[0].get_content()
    assert call(service, link)["statusCode"] == 200  # the pay link now says it is paid
    assert "Your deposit is paid" in call(service, link)["body"]


@pytest.mark.parametrize(
    "signature",
    [
        None,
        "",
        "t=1,v1=00",
        "garbage",
        lambda body: stripe_signature(body, "whsec_someone_else"),
        lambda body: stripe_signature(body, at=int(time.time()) - 3600),  # too old: a replay
        lambda body: stripe_signature(body.replace(b"12000", b"1")),  # another body signed
    ],
)
def test_a_webhook_with_a_bad_signature_is_400_and_changes_nothing(
    tmp_path: Path, fake_stripe, signature
) -> None:
    service = local(tmp_path, fake_stripe.url)
    message_id = submit(service)
    booked_to(service, message_id)
    body = completed(message_id)
    header = signature(body) if callable(signature) else signature
    answer = webhook(service, body, header)
    assert answer["statusCode"] == 400
    assert json.loads(answer["body"]) == {
        "success": False,
        "error": "The signature does not verify.",
    }
    assert service.store.get(message_id).state == "accepted" and kept_emails(service) == []


def test_a_webhook_body_is_bounded(tmp_path: Path, fake_stripe) -> None:
    service = local(tmp_path, fake_stripe.url)
    big = b'{"id": "evt_1", "pad": "' + b"x" * 70_000 + b'"}'
    assert webhook(service, big, stripe_signature(big))["statusCode"] == 413


def test_an_event_for_an_unknown_or_closed_request_is_200_and_logged_without_visitor_data(
    tmp_path: Path, fake_stripe, caplog: pytest.LogCaptureFixture
) -> None:
    service = local(tmp_path, fake_stripe.url)
    new = submit(service)  # never accepted
    caplog.set_level(logging.INFO)
    for n, message_id in enumerate(("f" * 32, "not-a-message-id", new)):
        body = completed(message_id, event_id=f"evt_{n}")
        answer = webhook(service, body, stripe_signature(body))
        assert answer["statusCode"] == 200, message_id
    assert service.store.get(new).state == "new" and kept_emails(service) == []
    logged = caplog.text
    assert "pays no known request" in logged and "which is new" in logged
    assert "Ana" not in logged and "ana@example.com" not in logged
    other = json.dumps({"id": "evt_9", "type": "payment_intent.succeeded", "data": {"object": {}}})
    assert webhook(service, other.encode(), stripe_signature(other.encode()))["statusCode"] == 200


def test_a_replayed_event_is_acted_on_once(tmp_path: Path, fake_stripe) -> None:
    service = local(tmp_path, fake_stripe.url)
    message_id = submit(service)
    booked_to(service, message_id)
    body = completed(message_id)
    first = webhook(service, body, stripe_signature(body))
    again = webhook(service, body, stripe_signature(body))
    assert (first["statusCode"], again["statusCode"]) == (200, 200)
    assert json.loads(again["body"]) == {"received": True, "duplicate": True}
    assert service.store.get(message_id).state == "booked"
    assert len(kept_emails(service)) == 1


def test_a_bank_debit_books_when_its_money_arrives_not_before(tmp_path: Path, fake_stripe) -> None:
    """A payment method with delayed notification completes the session unpaid; the request
    is booked by checkout.session.async_payment_succeeded (docs.stripe.com/checkout/fulfillment)."""
    service = local(tmp_path, fake_stripe.url)
    message_id = submit(service)
    booked_to(service, message_id)
    unpaid = completed(message_id, event_id="evt_u", payment_status="unpaid")
    assert webhook(service, unpaid, stripe_signature(unpaid))["statusCode"] == 200
    assert service.store.get(message_id).state == "accepted"
    paid = completed(message_id, event_id="evt_p", kind="checkout.session.async_payment_succeeded")
    assert webhook(service, paid, stripe_signature(paid))["statusCode"] == 200
    assert service.store.get(message_id).state == "booked"


def aws_service(tmp_path: Path) -> ContactService:
    """As on Lambda: DynamoDB and SES on moto, Stripe's keys set (the webhook's verifier
    needs no network)."""
    boto3.client("dynamodb", region_name="us-east-1").create_table(**table_definition("messages"))
    boto3.client("ses", region_name="us-east-1").verify_email_identity(EmailAddress=SENDER)
    write_booking(tmp_path)
    settings = stripe_settings(
        tmp_path,
        "http://127.0.0.1:9",  # never called in these tests
        store="dynamodb",
        table="messages",
        region="us-east-1",
        notify_from=SENDER,
        notify_to=(STUDIO,),
        confirmation=False,
    )
    service = make_service(tmp_path, settings)
    assert isinstance(service.store, DynamoStore)
    return service


class BothReadFirst:
    """The store, except that the first two reads of a message wait for each other: two
    deliveries at once both see the request `accepted`, and only the conditional write can
    keep the second from booking it again."""

    def __init__(self, store: object, serial: bool = False, both_read: bool = True):
        self.inner = store
        self.barrier = threading.Barrier(2) if both_read else None
        self.reads = itertools.count(1)  # next() is atomic: no lock needed
        # moto checks a condition and writes without a lock between threads; DynamoDB
        # applies the writes to one item one at a time. serial: as DynamoDB does.
        self.writes = threading.Lock() if serial else contextlib.nullcontext()

    def change_state(self, message: object, from_state: str) -> bool:
        with self.writes:
            return self.inner.change_state(message, from_state)

    def claim_once(self, key: str, now: float, keep_s: float) -> bool:
        with self.writes:
            return self.inner.claim_once(key, now, keep_s)

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def get(self, message_id: str) -> object:
        found = self.inner.get(message_id)
        if self.barrier is not None and next(self.reads) <= 2:
            self.barrier.wait(timeout=10)
        return found


@pytest.mark.parametrize("store", ["outbox", "dynamodb"])
@pytest.mark.parametrize("same_event", [True, False], ids=["one-event-twice", "two-events"])
def test_two_webhooks_for_one_payment_at_once_book_once_and_email_one_pair(
    tmp_path: Path, fake_stripe, request: pytest.FixtureRequest, store: str, same_event: bool
) -> None:
    if store == "dynamodb":
        request.getfixturevalue("aws")
        service = aws_service(tmp_path)
    else:
        service = local(tmp_path, fake_stripe.url)
    message_id = submit(service, SPANISH)
    booked_to(service, message_id)
    before = len(sent_emails()) if store == "dynamodb" else len(kept_emails(service))
    if not same_event or store == "dynamodb":
        # Two events: both read the request as accepted before either writes.
        service.store = BothReadFirst(service.store, store == "dynamodb", not same_event)
    bodies = [
        completed(message_id, event_id="evt_a" if same_event else f"evt_{n}") for n in range(2)
    ]
    start, answers = threading.Barrier(len(bodies)), []

    def deliver(body: bytes) -> None:
        start.wait()
        answers.append(webhook(service, body, stripe_signature(body))["statusCode"])

    threads = [threading.Thread(target=deliver, args=(body,)) for body in bodies]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [200, 200]
    request_now = service.store.get(message_id)
    assert request_now.state == "booked"
    assert [e["state"] for e in request_now.state_history] == ["accepted", "booked"]
    if store == "dynamodb":
        told = sent_emails()[before:]
        assert sorted(m["To"] for m in told) == ["lucia@example.com", STUDIO]
        (visitor,) = [m for m in told if m["To"] == "lucia@example.com"]
        assert visitor["Subject"] == "Tu depósito está pagado: tu lugar está reservado"
    else:
        assert len(kept_emails(service)) == before + 1  # the visitor (no studio address)


# --- the daily pass: one reminder, one expiry ---------------------------------------------------


def test_a_reminder_goes_once_and_expiry_once_telling_both_sides(tmp_path: Path, aws) -> None:
    service = aws_service(tmp_path)
    message_id = submit(service)
    booked_to(service, message_id)
    before = len(sent_emails())
    daily = {"action": "send-spam-digest"}
    run = service.deposits

    from functions.contact.logic.deposit_schedule import run_deposit_schedule

    now = time.time()
    assert run_deposit_schedule(run, now + DAY).as_dict()["reminded"] == 0
    first = run_deposit_schedule(run, now + 2 * DAY + 60)
    again = run_deposit_schedule(run, now + 3 * DAY)
    assert (first.reminded, again.reminded) == ([message_id], [])
    (reminder,) = sent_emails()[before:]
    assert reminder["To"] == "ana@example.com" and reminder["Subject"] == "A reminder: your deposit"
    assert "/api/deposits/" in reminder.get_content() and "$120" in reminder.get_content()

    import functions.contact.handlers.app as app

    real_time = app.time.time
    app.time.time = lambda: now + 5 * DAY + 60  # the daily schedule, five days on
    try:
        answer = respond(service, Settings(), daily)
        repeat = respond(service, Settings(), daily)  # Lambda's retry of the same day
    finally:
        app.time.time = real_time
    assert answer["deposits"]["expired"] == 1 and "deposits" not in repeat  # nothing to do
    request = service.store.get(message_id)
    assert request.state == "expired" and request.state_history[-1]["by"] == "expiry"
    told = sent_emails()[before + 1 :]
    assert sorted(m["To"] for m in told) == ["ana@example.com", STUDIO]
    subjects = {m["To"]: m["Subject"] for m in told}
    assert subjects["ana@example.com"] == "Your request has expired"
    assert subjects[STUDIO].startswith("Deposit not paid: Ana López")


def test_build_deposits_due_runs_the_pass_locally(tmp_path: Path, fake_stripe) -> None:
    service = local(tmp_path, fake_stripe.url)
    message_id = submit(service)
    request = service.store.get(message_id)
    three_days_ago = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(time.time() - 3 * DAY))
    accepted = moved(request, "accepted", three_days_ago, "studio link", deposit_cents=10000)
    assert service.store.change_state(accepted, "new")
    outbox = ["--outbox", str(tmp_path / "outbox.sqlite3"), "--dist", str(tmp_path / "dist")]
    runner = CliRunner(env={"CONTACT_SITE_URL": SITE, "CONTACT_LINK_SECRET": SECRET})

    dry = runner.invoke(build.cli, ["deposits-due", "--dry-run", *outbox])
    assert dry.exit_code == 0, dry.output
    assert "would remind 1, would expire 0" in dry.output and message_id in dry.output
    assert kept_emails(service) == []
    done = runner.invoke(build.cli, ["deposits-due", *outbox])
    assert done.exit_code == 0 and "reminded 1, expired 0" in done.output
    assert runner.invoke(build.cli, ["deposits-due", *outbox]).output.startswith("reminded 0")
    (reminder,) = kept_emails(service)
    assert reminder["Subject"] == "A reminder: your deposit"


# --- content: the decline reasons; the settings ------------------------------------------------


def test_the_sites_decline_reasons_replace_the_defaults(tmp_path: Path) -> None:
    reasons = [
        {"label": "Books full", "text": "We are booked until June.", "text_es": "Hasta junio."},
        {"label": "Too big", "text": "That size is beyond us.", "text_es": "Es muy grande."},
    ]
    service = local(tmp_path, booking={**BOOKING, "decline_reasons": reasons})
    message_id = submit(service, SPANISH)
    link = dict(RequestLinks(SITE, SECRET)(service.store.get(message_id)))["Decline"]
    page = call(service, link.removeprefix(SITE))["body"]
    assert '<option value="too-big">Too big</option>' in page and "Age" not in page
    answer = call(service, link.removeprefix(SITE), "POST", {"reason": "too-big"})
    assert answer["statusCode"] == 200
    assert "Es muy grande." in kept_emails(service)[-1].get_content()


def test_stripe_settings_come_in_pairs_and_never_quote_a_key() -> None:
    with pytest.raises(ConfigError) as refused:
        Settings.from_env({"CONTACT_STRIPE_SECRET_KEY": "sk_test_abc"})
    assert "CONTACT_STRIPE_WEBHOOK_SECRET" in str(refused.value)
    with pytest.raises(ConfigError) as wrong:
        Settings.from_env(
            {"CONTACT_STRIPE_SECRET_KEY": "pk_live_abc", "CONTACT_STRIPE_WEBHOOK_SECRET": "x"}
        )
    assert "pk_live_abc" not in str(wrong.value) and "whsec_" in str(wrong.value)
    both = Settings.from_env(
        {"CONTACT_STRIPE_SECRET_KEY": "sk_test_a", "CONTACT_STRIPE_WEBHOOK_SECRET": "whsec_b"}
    )
    assert both.takes_deposits


def test_a_spanish_visitors_deposit_emails_say_spanish_and_the_studio_is_told_locally(
    tmp_path: Path, fake_stripe
) -> None:
    """Seen in docs/requests-walk.md: the reminder and expiry to a Spanish visitor were
    labelled English, and on a laptop the studio's "Deposit not paid" was never kept."""
    service = local(tmp_path, fake_stripe.url)
    message_id = submit(service, SPANISH)
    request = service.store.get(message_id)
    six_days_ago = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(time.time() - 6 * DAY))
    accepted = moved(request, "accepted", six_days_ago, "studio link", deposit_cents=10000)
    assert service.store.change_state(accepted, "new")
    outbox = ["--outbox", str(tmp_path / "outbox.sqlite3"), "--dist", str(tmp_path / "dist")]
    runner = CliRunner(env={"CONTACT_SITE_URL": SITE, "CONTACT_LINK_SECRET": SECRET})
    done = runner.invoke(build.cli, ["deposits-due", *outbox])
    assert done.exit_code == 0 and "expired 1" in done.output, done.output
    shown = runner.invoke(build.cli, ["mail", "--json", "--outbox", outbox[1]])
    mails = {m["subject"]: m for m in json.loads(shown.output)}
    assert mails["Tu solicitud se venció"]["lang"] == "es"
    (studio,) = [m for s, m in mails.items() if s.startswith("Deposit not paid: Lucía Pérez")]
    assert studio["to"] == ["studio@localhost"] and studio["lang"] == "en"
