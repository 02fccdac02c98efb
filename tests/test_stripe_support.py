"""The fake Stripe the deposit tests (issue 41) stand on, seen through the official `stripe`
package: Checkout Sessions, signed webhooks, expiry, replays."""

from __future__ import annotations

import json
import time

import pytest
import stripe
from recording_server import recording_server
from stripe_support import WEBHOOK_SECRET, wait_for

SESSION_EVENTS = ["checkout.session.completed", "checkout.session.expired"]


def deposit(client: stripe.StripeClient, **changes: object) -> stripe.checkout.Session:
    """A $100 deposit session as issue 41 creates it."""
    params = {
        "mode": "payment",
        "line_items": [
            {
                "price_data": {
                    "currency": "usd",
                    "unit_amount": 10000,
                    "product_data": {"name": "Deposit: Tattoo Consultation"},
                },
                "quantity": 1,
            }
        ],
        "client_reference_id": "msg-20261128-abc",
        "success_url": "https://studio.example/deposit/paid/",
        "cancel_url": "https://studio.example/deposit/cancelled/",
        "metadata": {"message_id": "msg-20261128-abc", "lang": "es"},
        "expires_at": int(time.time()) + 3600,
        **changes,
    }
    return client.v1.checkout.sessions.create(params=params)


def events_of(received: list, session_id: str, kind: str | None = None) -> list[dict]:
    """The events delivered about one session (another test's late delivery is not ours)."""
    events = [json.loads(r.body) for r in received]
    return [
        e
        for e in events
        if e["data"]["object"].get("id") == session_id and (kind is None or e["type"] == kind)
    ]


def test_a_session_is_created_and_read_back_through_the_sdk(fake_stripe):
    client = fake_stripe.client()
    session = deposit(client)
    assert session.id.startswith("cs_test_")
    assert session.object == "checkout.session"
    assert (session.amount_total, session.currency) == (10000, "usd")
    assert (session.status, session.payment_status) == ("open", "unpaid")
    assert session.client_reference_id == "msg-20261128-abc"
    assert session.metadata.to_dict() == {"message_id": "msg-20261128-abc", "lang": "es"}
    assert session.url.startswith("https://checkout.stripe.com/")
    assert session.payment_intent is None

    again = client.v1.checkout.sessions.retrieve(session.id)
    assert again.to_dict() == session.to_dict()
    with pytest.raises(stripe.InvalidRequestError):
        client.v1.checkout.sessions.retrieve("cs_test_unknown")


def test_stripe_refusals_are_kept(fake_stripe):
    """What Stripe refuses, the fake refuses, so the implementation meets it in tests: a
    session lives at most 24 hours, and an unknown parameter is an error."""
    client = fake_stripe.client()
    with pytest.raises(stripe.InvalidRequestError, match="24 hours"):
        deposit(client, expires_at=int(time.time()) + 5 * 24 * 3600)
    with pytest.raises(stripe.InvalidRequestError, match="unknown parameter: colour"):
        deposit(client, colour="red")


def test_paying_sends_one_signed_checkout_session_completed(fake_stripe):
    client = fake_stripe.client()
    with recording_server() as (endpoint, received):
        fake_stripe.register_webhook(endpoint + "/api/stripe-webhook", events=SESSION_EVENTS)
        session = deposit(client)
        paid = fake_stripe.pay(session.id)
        assert (paid["status"], paid["payment_status"]) == ("complete", "paid")
        with pytest.raises(Exception, match="400"):
            fake_stripe.pay(session.id)  # a session is paid once
        # A later event fences the deliveries: once it is in, a second completion would be too.
        fence = deposit(client)
        client.v1.checkout.sessions.expire(fence.id)
        wait_for(received, lambda got: events_of(got, fence.id))

    completed = [r for r in received if events_of([r], session.id)]
    assert len(completed) == 1
    delivery = completed[0]
    assert delivery.path == "/api/stripe-webhook"
    event = stripe.Webhook.construct_event(
        delivery.body, delivery.headers["stripe-signature"], WEBHOOK_SECRET
    )
    assert event.type == "checkout.session.completed"
    body = event.data.object
    assert body.client_reference_id == "msg-20261128-abc"
    assert (body.status, body.payment_status, body.amount_total) == ("complete", "paid", 10000)
    assert body.payment_intent.startswith("pi_")
    intent = client.v1.payment_intents.retrieve(body.payment_intent)
    assert (intent.status, intent.amount, intent.currency) == ("succeeded", 10000, "usd")
    assert client.v1.checkout.sessions.retrieve(session.id).status == "complete"

    with pytest.raises(stripe.SignatureVerificationError):
        stripe.Webhook.construct_event(
            delivery.body, delivery.headers["stripe-signature"], "whsec_someone_else"
        )
    with pytest.raises(stripe.SignatureVerificationError):
        stripe.Webhook.construct_event(
            delivery.body.replace(b"10000", b"1"),
            delivery.headers["stripe-signature"],
            WEBHOOK_SECRET,
        )


def test_expiring_sends_checkout_session_expired(fake_stripe):
    client = fake_stripe.client()
    with recording_server() as (endpoint, received):
        fake_stripe.register_webhook(endpoint + "/hook", events=SESSION_EVENTS)
        session = deposit(client)
        expired = client.v1.checkout.sessions.expire(session.id)
        assert (expired.status, expired.payment_status, expired.url) == ("expired", "unpaid", None)
        with pytest.raises(stripe.InvalidRequestError, match="open"):
            client.v1.checkout.sessions.expire(session.id)
        with pytest.raises(Exception, match="400"):
            fake_stripe.pay(session.id)  # an expired session cannot be paid
        got = wait_for(received, lambda got: events_of(got, session.id))

    (delivery,) = [r for r in got if events_of([r], session.id)]
    event = stripe.Webhook.construct_event(
        delivery.body, delivery.headers["stripe-signature"], WEBHOOK_SECRET
    )
    assert event.type == "checkout.session.expired"
    assert event.data.object.client_reference_id == "msg-20261128-abc"


def test_a_replayed_delivery_carries_the_same_event_id(fake_stripe):
    client = fake_stripe.client()
    with recording_server() as (endpoint, received):
        fake_stripe.register_webhook(endpoint + "/hook", events=SESSION_EVENTS)
        session = deposit(client)
        fake_stripe.pay(session.id)
        first = wait_for(received, lambda got: events_of(got, session.id))
        event_id = events_of(first, session.id)[0]["id"]
        fake_stripe.resend(event_id)
        got = wait_for(received, lambda got: len(events_of(got, session.id)) == 2)

    deliveries = [r for r in got if events_of([r], session.id)]
    events = [
        stripe.Webhook.construct_event(r.body, r.headers["stripe-signature"], WEBHOOK_SECRET)
        for r in deliveries
    ]
    assert [e.id for e in events] == [event_id, event_id]
    assert event_id.startswith("evt_")
    assert {e.type for e in events} == {"checkout.session.completed"}


def test_webhooks_go_nowhere_but_loopback(fake_stripe):
    with pytest.raises(Exception, match="400"):
        fake_stripe.register_webhook("https://hooks.example.com/stripe")
