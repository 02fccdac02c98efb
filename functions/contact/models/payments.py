"""A deposit's payment as the function sees it: a Checkout Session, a webhook event, and
what the payment service may raise (the Stripe adapter is dal/stripe_checkout.py; what
the logic asks of it, logic/ports.py `Payments`)."""

from __future__ import annotations

from dataclasses import dataclass

MAX_WEBHOOK_BYTES = 64 * 1024  # Stripe's events are a few KiB; more is not Stripe
PAID = "paid"
COMPLETED = "checkout.session.completed"
# A payment method with delayed notification (a bank debit) completes the session unpaid and
# sends this once the money arrives (docs.stripe.com/checkout/fulfillment).
ASYNC_SUCCEEDED = "checkout.session.async_payment_succeeded"


class PaymentsUnavailable(Exception):
    """Stripe could not be reached or refused the call; nothing was changed here."""


class BadSignature(Exception):
    """A webhook whose Stripe-Signature does not verify (or is not one)."""


@dataclass(frozen=True)
class Checkout:
    id: str
    url: str  # the hosted page ("" once complete or expired)
    status: str  # open | complete | expired
    payment_status: str = "unpaid"
    expires_at: int = 0


@dataclass(frozen=True)
class PaymentEvent:
    id: str  # evt_..., the same on every delivery of one event
    type: str
    session_id: str = ""
    message_id: str = ""  # client_reference_id
    payment_status: str = ""
    amount_total: int = 0

    @property
    def paid(self) -> bool:
        return self.type in (COMPLETED, ASYNC_SUCCEEDED) and self.payment_status == PAID
