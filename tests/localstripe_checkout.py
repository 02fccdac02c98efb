"""localstripe with Stripe Checkout Sessions added: the fake Stripe server the tests run.

Run as a script (tests/stripe_support.py starts it in a process of its own): it listens on
127.0.0.1 on a port the system picks, prints that port on its first line, and serves until
it is told to stop (SIGTERM) or its standard input ends. localstripe has no Checkout Sessions; this adds the part issue 41
uses, built on localstripe's own objects so that its store, events and webhook sender (signed as
Stripe signs) are reused. What is and is not emulated: docs/stripe-testing.md.
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import string
import sys
import threading
import time
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from localstripe import resources, server, webhooks
from localstripe.errors import UserError
from localstripe.resources import Event, PaymentIntent, PaymentMethod, StripeObject

# Stripe's limits on these fields (docs.stripe.com/api/checkout/sessions/create and
# docs.stripe.com/api/metadata); a value outside them is refused there, so it is here too.
MAX_LINE_ITEMS = 100
MAX_REFERENCE = 200
MAX_URL = 5000
MAX_METADATA_KEYS = 50
MAX_METADATA_KEY = 40
MAX_METADATA_VALUE = 500
MIN_LIFETIME = 30 * 60  # expires_at: 30 minutes to 24 hours after creation
MAX_LIFETIME = 24 * 60 * 60
TEST_CARD = "4242424242424242"  # Stripe's test Visa that always succeeds
ID_ALPHABET = string.ascii_letters + string.digits


def bad(message: str, param: str | None = None) -> UserError:
    """A 400 shaped as Stripe's invalid_request_error (the SDK raises InvalidRequestError)."""
    return UserError(400, message, {"param": param} if param else None)


def whole(value: Any, param: str, minimum: int) -> int:
    """A form field that must be a whole number (form values arrive as text)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise bad(f"Invalid integer: {value!r}", param) from None
    if number < minimum:
        raise bad(f"{param} must be at least {minimum}", param)
    return number


def text(value: Any, param: str, limit: int) -> str:
    if not isinstance(value, str) or not value:
        raise bad(f"Invalid string: {param}", param)
    if len(value) > limit:
        raise bad(f"{param} must be at most {limit} characters", param)
    return value


def web_address(value: Any, param: str) -> str:
    address = text(value, param, MAX_URL)
    if urlsplit(address).scheme not in ("http", "https"):
        raise bad(f"Not a valid URL: {param}", param)
    return address


def metadata_of(value: Any) -> dict[str, str]:
    if value is None or value == "":
        return {}
    if not isinstance(value, dict) or len(value) > MAX_METADATA_KEYS:
        raise bad(f"metadata: at most {MAX_METADATA_KEYS} keys", "metadata")
    for key, item in value.items():
        text(key, "metadata key", MAX_METADATA_KEY)
        if not isinstance(item, str) or len(item) > MAX_METADATA_VALUE:
            raise bad(f"metadata[{key}]: at most {MAX_METADATA_VALUE} characters", "metadata")
    return dict(value)


def priced_items(value: Any) -> tuple[str, int, list[dict]]:
    """The currency, the total in the smallest unit and the items of line_items with
    price_data (prices kept in Stripe's catalogue, `price=price_...`, are not emulated)."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_LINE_ITEMS:
        raise bad(f"line_items: 1 to {MAX_LINE_ITEMS} items", "line_items")
    currencies, total, items = set(), 0, []
    for index, item in enumerate(value):
        param = f"line_items[{index}]"
        if not isinstance(item, dict) or set(item) - {"price_data", "quantity"}:
            raise bad(f"{param}: only price_data and quantity are emulated", param)
        price = item.get("price_data")
        if not isinstance(price, dict) or set(price) - {"currency", "unit_amount", "product_data"}:
            raise bad(f"{param}[price_data]: currency, unit_amount, product_data", param)
        product = price.get("product_data")
        if not isinstance(product, dict) or set(product) - {"name", "description"}:
            raise bad(f"{param}[price_data][product_data]: name, description", param)
        name = text(product.get("name"), f"{param}[price_data][product_data][name]", 250)
        currency = text(price.get("currency"), f"{param}[price_data][currency]", 3).lower()
        amount = whole(price.get("unit_amount"), f"{param}[price_data][unit_amount]", 0)
        quantity = whole(item.get("quantity"), f"{param}[quantity]", 1)
        currencies.add(currency)
        total += amount * quantity
        items.append(
            {"name": name, "currency": currency, "unit_amount": amount, "quantity": quantity}
        )
    if len(currencies) != 1:
        raise bad("line_items: all prices must be in one currency", "line_items")
    return currencies.pop(), total, items


class CheckoutSession(StripeObject):
    """A Checkout Session in mode=payment, with the fields of Stripe's object that a
    payment-mode integration reads (docs.stripe.com/api/checkout/sessions/object)."""

    object = "checkout.session"
    _id_prefix = "cs_test_"

    def __init__(
        self,
        mode: Any = None,
        line_items: Any = None,
        success_url: Any = None,
        cancel_url: Any = None,
        client_reference_id: Any = None,
        customer_email: Any = None,
        locale: Any = None,
        metadata: Any = None,
        expires_at: Any = None,
        payment_method_types: Any = None,
        **unknown: Any,
    ) -> None:
        if unknown:
            name = sorted(unknown)[0]
            raise bad(f"Received unknown parameter: {name}", name)
        if mode != "payment":
            raise bad("Only mode=payment is emulated", "mode")
        currency, total, items = priced_items(line_items)
        now = int(time.time())
        if expires_at is None:
            expires = now + MAX_LIFETIME
        else:
            expires = whole(expires_at, "expires_at", 0)
            if not now + MIN_LIFETIME <= expires <= now + MAX_LIFETIME:
                raise bad(
                    "expires_at must be 30 minutes to 24 hours after the session is created",
                    "expires_at",
                )
        if payment_method_types not in (None, ["card"]):
            raise bad("Only payment_method_types=['card'] is emulated", "payment_method_types")
        fields = {
            "success_url": None if success_url is None else web_address(success_url, "success_url"),
            "cancel_url": None if cancel_url is None else web_address(cancel_url, "cancel_url"),
            "client_reference_id": None
            if client_reference_id is None
            else text(client_reference_id, "client_reference_id", MAX_REFERENCE),
            "customer_email": None
            if customer_email is None
            else text(customer_email, "customer_email", 512),
            "locale": None if locale is None else text(locale, "locale", 10),
            "metadata": metadata_of(metadata),
        }
        # Stripe's ids are long (cs_test_ and some 58 characters): a column sized for
        # localstripe's 14 would break in production, so the fake's are as long.
        super().__init__(
            id=self._id_prefix + "".join(secrets.choice(ID_ALPHABET) for _ in range(58))
        )
        self.__dict__.update(fields)
        self.mode = "payment"
        self.currency = currency
        self.amount_subtotal = total
        self.amount_total = total
        self.expires_at = expires
        self.payment_method_types = ["card"]
        self.customer = None
        self.customer_details = None
        self.payment_intent = None  # created when the visitor pays (API versions since 2022-08-01)
        self.payment_status = "unpaid"
        self.status = "open"
        # The hosted payment page is not emulated: the address has Stripe's shape, nothing
        # serves it, and (as at Stripe) it is null once the session is complete or expired.
        self.url = "https://checkout.stripe.com/c/pay/" + self.id
        self._line_items = items

    def _close(self, status: str) -> None:
        self.status = status
        self.url = None

    @classmethod
    def _api_update(cls, id: str, **data: Any) -> CheckoutSession:
        raise UserError(405, "Updating a Checkout Session is not emulated")

    @classmethod
    def _api_delete(cls, id: str) -> CheckoutSession:
        raise UserError(405, "Method Not Allowed")

    @classmethod
    def _api_expire(cls, id: str, **data: Any) -> CheckoutSession:
        """POST /v1/checkout/sessions/{id}/expire: only an open session can be expired."""
        if data:
            raise bad(f"Received unknown parameter: {sorted(data)[0]}")
        session = cls._api_retrieve(id)
        if session.status != "open":
            raise bad(
                f"Only Checkout Sessions with a status of open can be expired; "
                f"this one is {session.status}"
            )
        session._close("expired")
        webhooks.schedule_webhook(Event("checkout.session.expired", session))
        return session

    @classmethod
    def _test_pay(cls, id: str, **data: Any) -> CheckoutSession:
        """Test only: the visitor pays on the hosted page with Stripe's test card. A
        PaymentIntent is created and confirmed in localstripe (its payment_intent.succeeded
        follows), and checkout.session.completed is sent to the registered webhooks."""
        if data:
            raise bad(f"Unexpected parameter: {sorted(data)[0]}")
        session = cls._api_retrieve(id)
        if session.status != "open" or time.time() > session.expires_at:
            raise bad(f"This Checkout Session is {session.status}: it can no longer be paid")
        card = {"number": TEST_CARD, "exp_month": 12, "exp_year": 2099, "cvc": "123"}
        method = PaymentMethod(type="card", card=card)
        intent = PaymentIntent._api_create(
            confirm=True,
            amount=session.amount_total,
            currency=session.currency,
            payment_method=method.id,
        )
        session.payment_intent = intent.id
        session.payment_status = "paid"
        session.customer_details = {"email": session.customer_email, "name": None, "phone": None}
        session._close("complete")
        webhooks.schedule_webhook(Event("checkout.session.completed", session))
        return session


def resend_event(id: str, **data: Any) -> Event:
    """Test only: deliver an event again, as Stripe does when it retries (same event id)."""
    event = Event._api_retrieve(id)
    webhooks.schedule_webhook(event)
    return event


async def forget_webhooks(request: web.Request) -> web.Response:
    webhooks._webhooks.clear()
    return web.Response()


def loopback_only(register: Any) -> Any:
    """The tests' fake must never send anything beyond this machine: a webhook address is
    accepted only on 127.0.0.1 or localhost."""

    def checked(id: str, url: str, secret: str, events: list[str] | None) -> None:
        if urlsplit(url).hostname not in ("127.0.0.1", "localhost"):
            raise bad("webhook url: only 127.0.0.1 is allowed in tests", "url")
        register(id, url, secret, events)

    return checked


def extend(app: web.Application) -> None:
    """Checkout Sessions and the test-only routes on localstripe's app (before it runs)."""
    sessions = "/v1/checkout/sessions"
    app.router.add_post(sessions, server.api_create(CheckoutSession, sessions))
    app.router.add_get(sessions + "/{id}", server.api_retrieve(CheckoutSession, sessions))
    app.router.add_post(
        sessions + "/{id}/expire", server.api_extra(CheckoutSession._api_expire, sessions)
    )
    # /_config/ is localstripe's prefix for routes that configure the fake, not Stripe's API.
    app.router.add_post(
        "/_config/checkout/sessions/{id}/pay", server.api_extra(CheckoutSession._test_pay, "")
    )
    app.router.add_post("/_config/events/{id}/resend", server.api_extra(resend_event, ""))
    app.router.add_delete("/_config/webhooks", forget_webhooks)
    server.register_webhook = loopback_only(server.register_webhook)


def stop_at_end_of_input() -> None:
    sys.stdin.buffer.read()
    os.kill(os.getpid(), signal.SIGTERM)  # aiohttp's run_app stops cleanly on SIGTERM


def main() -> None:
    # localstripe pickles its whole store to /tmp/localstripe.pickle on every change, a file
    # shared by every run on the machine: this server keeps its store in memory only.
    resources.Store.dump_to_disk = lambda self: None
    extend(server.app)
    # Stop when the test process is gone, even killed: it holds our stdin open until then.
    threading.Thread(target=stop_at_end_of_input, daemon=True).start()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    print(listener.getsockname()[1], flush=True)
    web.run_app(server.app, sock=listener, print=None, access_log=None)


if __name__ == "__main__":
    sys.exit(main())
