"""Deposits through Stripe Checkout, with Stripe's official package (docs/contact.md,
"Deposits"): create and read Checkout Sessions, expire one, and verify a webhook with the
package's own verifier (stripe.Webhook.construct_event).

Imported only when a deposit link, the webhook or the daily schedule needs it: `import
stripe` costs about 150 ms, which a visitor's message does not pay.
"""

from __future__ import annotations

import logging

import stripe

from ..models.payments import BadSignature, Checkout, PaymentEvent, PaymentsUnavailable

log = logging.getLogger(__name__)

# Short: the visitor waits for the 303, inside the Lambda's 20 s. requests' (connect, read).
TIMEOUT_S = (3.0, 8.0)
RETRIES = 1  # the SDK retries a network failure once, with the same idempotency key


def _checkout(session: stripe.checkout.Session) -> Checkout:
    return Checkout(
        id=session.id,
        url=session.url or "",
        status=session.status or "",
        payment_status=session.payment_status or "",
        expires_at=int(session.expires_at or 0),
    )


class StripeCheckout:
    """The Payments port (logic/ports.py) on Stripe. api_base points the package elsewhere
    (the tests' localstripe); empty: Stripe itself."""

    def __init__(self, secret_key: str, webhook_secret: str, api_base: str = ""):
        self.webhook_secret = webhook_secret
        self.client = stripe.StripeClient(
            secret_key,
            base_addresses={"api": api_base} if api_base else None,
            max_network_retries=RETRIES,
            http_client=stripe.RequestsClient(timeout=TIMEOUT_S),
        )

    def create(
        self,
        *,
        message_id: str,
        amount_cents: int,
        name: str,
        email: str,
        success_url: str,
        cancel_url: str,
        locale: str,
        idempotency_key: str,
    ) -> Checkout:
        params: dict = {
            "mode": "payment",
            "line_items": [
                {
                    "price_data": {
                        "currency": "usd",
                        "unit_amount": amount_cents,
                        "product_data": {"name": name},
                    },
                    "quantity": 1,
                }
            ],
            "client_reference_id": message_id,
            "metadata": {"message_id": message_id},
            "success_url": success_url,
            "cancel_url": cancel_url,
            "locale": locale,
        }
        if email:
            params["customer_email"] = email
        try:
            session = self.client.v1.checkout.sessions.create(
                params=params, options={"idempotency_key": idempotency_key}
            )
        except stripe.StripeError as exc:
            raise PaymentsUnavailable(f"Stripe checkout session: {exc}") from exc
        return _checkout(session)

    def retrieve(self, session_id: str) -> Checkout | None:
        try:
            return _checkout(self.client.v1.checkout.sessions.retrieve(session_id))
        except stripe.InvalidRequestError:
            return None  # no such session (another account, or test data deleted)
        except stripe.StripeError as exc:
            raise PaymentsUnavailable(f"Stripe checkout session: {exc}") from exc

    def expire(self, session_id: str) -> Checkout | None:
        """Close an open session so it can no longer be paid; the session as it is after
        (complete: it was paid first), None when there is no such session."""
        found = self.retrieve(session_id)
        if found is None or found.status != "open":
            return found
        try:
            return _checkout(self.client.v1.checkout.sessions.expire(session_id))
        except stripe.InvalidRequestError:
            return self.retrieve(session_id)  # completed meanwhile
        except stripe.StripeError as exc:
            raise PaymentsUnavailable(f"Stripe checkout session: {exc}") from exc

    def verify(self, payload: bytes, signature: str) -> PaymentEvent:
        """The event of a webhook whose Stripe-Signature verifies against the webhook's
        secret (and is at most 5 minutes old, the package's default); BadSignature else."""
        try:
            event = stripe.Webhook.construct_event(payload, signature, self.webhook_secret)
        except stripe.SignatureVerificationError as exc:
            raise BadSignature(str(exc)) from None
        except (ValueError, KeyError) as exc:  # signed, yet not an event: treated as forged
            raise BadSignature(f"not an event: {exc}") from None
        event = event.to_dict()  # the package's object answers no .get (stripe 16)
        data = event.get("data") or {}
        body = data.get("object") or {}
        session = body.get("object") == "checkout.session"
        return PaymentEvent(
            id=str(event.get("id") or ""),
            type=str(event.get("type") or ""),
            session_id=str(body.get("id") or "") if session else "",
            message_id=str(body.get("client_reference_id") or ""),
            payment_status=str(body.get("payment_status") or ""),
            amount_total=int(body.get("amount_total") or 0),
        )
