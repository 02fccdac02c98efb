"""A deposit through Stripe Checkout, from the studio's Accept to `booked` (docs/contact.md,
"Deposits").

- On Accept with an amount the request is `accepted` with `deposit_cents`, and the visitor
  is emailed (in their language) the amount, the studio's note, the proposed date, the
  policies and the "Pay the deposit" link: `GET /api/deposits/<id>?t=<expires>.<signature>`,
  signed (signing.py, purpose "deposit") until the request would expire.
- That link never goes straight to Stripe (a Checkout Session lives at most 24 hours): it
  reuses the request's open session (`checkout_session`) or creates one (an idempotency
  key derived from the session it replaces, so two clicks at once get one session) and
  stores it by a conditional write, then answers 303 to Stripe's page. A request no longer
  `accepted` gets a small page in the visitor's language: paid, expired or closed.
- `POST /api/stripe-webhook`: the body bounded, Stripe's signature verified by the stripe
  package, each event id acted on once (MessageStore.claim_once), and
  `checkout.session.completed` (paid) moves the request `accepted` -> `booked` by
  "payment" in one conditional write; whoever makes that write emails the studio and the
  visitor. Anything else is answered 200 with a log line naming no visitor, so Stripe does
  not retry it for days.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from ..contract import DEPOSITS_PATH
from ..models.booking import BookingRules, studio_date
from ..models.mail import dollars, plain_email
from ..models.message import StorageUnavailable, StoredMessage
from ..models.outcomes import NotificationFailed, Outcome
from ..models.payments import (
    MAX_WEBHOOK_BYTES,
    BadSignature,
    Checkout,
    PaymentEvent,
    PaymentsUnavailable,
)
from ..models.request_state import (
    ACCEPTED,
    BOOKED,
    CONSENTED,
    DECLINED,
    EXPIRED,
    NotAllowed,
    is_request,
    moved,
)
from ..models.rules import ascii_email
from ..words import messages as studio_words
from ..words.language import texts
from .confirmation import Mailer, first_name
from .ports import MessageStore, Payments
from .request_actions import Form, RequestLinks, Stored
from .signing import read_token, signed, token
from .spam_review import html_page

log = logging.getLogger(__name__)

PURPOSE = "deposit"  # what the pay links sign: never a studio link's
BY_PAYMENT = "payment"
_PATH = re.compile(r"([0-9a-f]{32})")
EVENT_KEEP_S = 30 * 24 * 3600  # Stripe retries an event for up to three days
SESSION_MARGIN_S = 120  # a session this close to its end is replaced, not reused
DAY_S = 24 * 3600


def deposit_token(secret: str, message_id: str, expires: int) -> str:
    return token(secret, PURPOSE, message_id, expires)


def accepted_at(message: StoredMessage) -> float | None:
    """When the request was last accepted (Unix seconds), None when it never was."""
    for entry in reversed(message.state_history):
        if entry.get("state") == ACCEPTED:
            try:
                return datetime.fromisoformat(str(entry.get("at"))).timestamp()
            except ValueError:
                return None
    return None


@dataclass
class DepositDesk:
    """The deposit's links, webhook and emails over the contact service's store; payments
    is None without Stripe keys (Accept then offers no deposit and says why)."""

    source: Stored
    payments: Payments | None
    booking: Callable[[], BookingRules]
    mailer: Mailer | None
    sender: str
    studio: tuple[str, ...]
    site_url: str
    secret: str
    studio_name: str = "Website"
    clock: Callable[[], float] = time.time
    # A booking's lines asking for the consent form (logic/consent.py), in the paid email.
    consent: Callable[[StoredMessage], list[str]] | None = None

    @property
    def store(self) -> MessageStore:
        return self.source.store

    # --- request_actions.Deposits ---------------------------------------------------------

    def why_not(self) -> str:
        """ "" when a deposit can be asked; else why not, for the Accept page."""
        if self.payments is None:
            return studio_words.REQUEST_NO_STRIPE
        if not (self.site_url and self.secret):
            return studio_words.REQUEST_NO_DEPOSIT
        return ""

    def amount(self, message: StoredMessage) -> int:
        return self.booking().deposit_cents(message) if not self.why_not() else 0

    def ends_at(self, message: StoredMessage) -> int:
        """When an accepted request expires unpaid (Unix seconds)."""
        start = accepted_at(message) or self.clock()
        return int(start + self.booking().expiry_days * DAY_S)

    def pay_link(self, message: StoredMessage) -> str:
        expires = self.ends_at(message)
        link_token = deposit_token(self.secret, message.id, expires)
        return f"{self.site_url.rstrip('/')}{DEPOSITS_PATH}{message.id}?t={link_token}"

    def asked(self, message: StoredMessage, form: Form) -> tuple[str, str]:
        """Subject and body of the visitor's email asking for the deposit (their language)."""
        t = texts(message.lang)
        rules = self.booking()
        lines = self._greeting(message)
        lines += [t.DEPOSIT_ASKED.format(amount=dollars(message.deposit_cents)), ""]
        lines += [t.PROPOSED_WHEN.format(when=form.when) if form.when else t.WILL_CALL, ""]
        lines += [t.PAY_THE_DEPOSIT.format(url=self.pay_link(message))]
        until = studio_date(self.ends_at(message), rules.timezone)
        lines += [t.DEPOSIT_UNTIL.format(date=until), ""]
        lines += [t.READ_THE_POLICIES.format(url=self._page(message, "/policies")), ""]
        if form.note:
            lines += [t.STUDIO_NOTE, form.note, ""]
        lines += [t.ANSWER_BY_REPLYING]
        return t.DEPOSIT_SUBJECT, "\n".join(lines) + "\n"

    def _greeting(self, message: StoredMessage) -> list[str]:
        t = texts(message.lang)
        first = first_name(message.name)
        return [t.GREETING.format(first=first) if first else t.GREETING_NO_NAME, ""]

    def _page(self, message: StoredMessage, path: str) -> str:
        return f"{self.site_url.rstrip('/')}{texts(message.lang).PAGES}{path}"

    # --- the emails -----------------------------------------------------------------------

    def send(
        self, to: tuple[str, ...], subject: str, body: str, key: str, lang: str = "en"
    ) -> bool:
        """One plain email in lang (its Content-Language); True if it went (nothing raised:
        the change stands either way)."""
        if self.mailer is None or not to:
            log.info("contact: no email %s: none is configured", key)
            return False
        try:
            email = plain_email(
                self.sender,
                ", ".join(to),
                ", ".join(self.studio) or self.sender,
                subject,
                body,
                key,
                {"Auto-Submitted": "auto-generated"},
                lang,
            )
            self.mailer.deliver(email.as_bytes(), to)
        except (NotificationFailed, StorageUnavailable, ValueError) as exc:
            log.error("contact: email %s not sent: %s", key, exc)
            return False
        return True

    def tell_visitor(self, message: StoredMessage, subject: str, lines: list[str]) -> bool:
        t = texts(message.lang)
        body = "\n".join([*self._greeting(message), *lines, "", t.ANSWER_BY_REPLYING]) + "\n"
        to = (ascii_email(message.email),)
        return self.send(to, subject, body, f"{message.id}.{message.state}", message.lang)

    def tell_studio(self, message: StoredMessage, subject: str, text: str) -> bool:
        values = {
            "name": message.name,
            "email": message.email,
            "service": message.service,
            "amount": dollars(message.deposit_cents),
            "id": message.id,
        }
        body = text.format(**values) + "\n"
        key = f"{message.id}.{message.state}.studio"
        return self.send(self.studio, subject.format(**values)[:150], body, key)

    def told_booked(self, message: StoredMessage) -> None:
        t = texts(message.lang)
        amount = dollars(message.deposit_cents)
        paid = studio_words.STUDIO_PAID
        if not message.session_date and self.site_url and self.secret:
            # Without a session's day, no aftercare or review email: the studio sets it.
            link = RequestLinks(self.site_url, self.secret, self.clock).date_link(message)
            paid += "\n\n" + studio_words.STUDIO_SET_DATE.replace("{link}", link)
        self.tell_studio(message, studio_words.STUDIO_PAID_SUBJECT, paid)
        consent = self.consent(message) if self.consent else []
        lines = [t.DEPOSIT_PAID.format(amount=amount), *(["", *consent] if consent else [])]
        self.tell_visitor(message, t.DEPOSIT_PAID_SUBJECT, lines)

    def told_expired(self, message: StoredMessage) -> None:
        t = texts(message.lang)
        self.tell_studio(message, studio_words.STUDIO_EXPIRED_SUBJECT, studio_words.STUDIO_EXPIRED)
        self.tell_visitor(message, t.DEPOSIT_EXPIRED_SUBJECT, [t.DEPOSIT_EXPIRED])

    def remind(self, message: StoredMessage) -> bool:
        t = texts(message.lang)
        until = studio_date(self.ends_at(message), self.booking().timezone)
        lines = [
            t.DEPOSIT_REMINDER.format(amount=dollars(message.deposit_cents), date=until),
            "",
            t.PAY_THE_DEPOSIT.format(url=self.pay_link(message)),
        ]
        return self.tell_visitor(message, t.DEPOSIT_REMINDER_SUBJECT, lines)

    # --- the visitor's link: GET /api/deposits/<id>?t= ------------------------------------

    def answer_link(self, path: str, method: str, query: str) -> Outcome:
        """303 to the request's Checkout Session, or a page saying why not. Never raises."""
        if method.upper() not in ("GET", "HEAD"):
            return Outcome(405, {"success": False, "error": "Use GET."}, {"allow": "GET"})
        found = _PATH.fullmatch(path.removeprefix(DEPOSITS_PATH))
        given_token = read_token(query)
        if not found or not given_token or not self.secret:
            return visitor_page(404, "en", "LINK_UNKNOWN")
        message_id = found.group(1)
        expires, given = given_token
        if not signed(self.secret, PURPOSE, message_id, expires, given):
            log.warning("contact: a forged deposit link was refused (%s)", message_id)
            return visitor_page(404, "en", "LINK_UNKNOWN")
        try:
            message = self.store.get(message_id)
            if message is None or not is_request(message):
                return visitor_page(404, "en", "LINK_UNKNOWN")
            if message.state != ACCEPTED:
                return _closed(message)
            if expires <= self.clock():
                return visitor_page(410, message.lang, "EXPIRED")
            if self.payments is None:
                log.error("contact: deposit link of %s opened without Stripe keys", message_id)
                return visitor_page(503, message.lang, "UNAVAILABLE")
            return self._checkout(message)
        except (StorageUnavailable, PaymentsUnavailable) as exc:
            log.error("contact: deposit link of %s not answered: %s", message_id, exc)
            return visitor_page(503, "en", "UNAVAILABLE")

    def _checkout(self, message: StoredMessage) -> Outcome:
        assert self.payments is not None
        if message.checkout_session:
            session = self.payments.retrieve(message.checkout_session)
            if session is not None and session.status == "complete":
                return visitor_page(200, message.lang, "PAID")  # the webhook is on its way
            if (
                session is not None
                and session.status == "open"
                and session.url
                and session.expires_at > self.clock() + SESSION_MARGIN_S
            ):
                return _see_other(session)
        t = texts(message.lang)
        studio = self.studio_name.strip()
        item = t.DEPOSIT_ITEM.format(service=message.service)
        session = self.payments.create(
            message_id=message.id,
            amount_cents=message.deposit_cents,
            name=f"{studio}: {item}" if studio else item,
            email=ascii_email(message.email),
            success_url=self._page(message, "/deposit/paid"),
            cancel_url=self._page(message, "/deposit/cancelled"),
            locale="es" if message.lang == "es" else "en",
            # Two clicks at once (read in the same state) send one key: Stripe answers both
            # with the one session. The next session has another key (the one it replaces).
            idempotency_key=f"deposit-{message.id}-{message.checkout_session or 'first'}",
        )
        if not self.store.change_state(replace(message, checkout_session=session.id), ACCEPTED):
            now = self.store.get(message.id)
            if now is None or now.state != ACCEPTED:
                return _closed(now) if now else visitor_page(404, "en", "LINK_UNKNOWN")
        log.info("contact: deposit session for %s", message.id)
        return _see_other(session)

    # --- Stripe's webhook: POST /api/stripe-webhook ---------------------------------------

    def answer_webhook(self, method: str, body: bytes, signature: str | None) -> Outcome:
        """Verify, act once per event id, answer fast. Never raises."""
        if method.upper() != "POST":
            return Outcome(405, {"success": False, "error": "Use POST."}, {"allow": "POST"})
        if len(body) > MAX_WEBHOOK_BYTES:
            return Outcome.error(413, "The event is too large.")
        if self.payments is None:
            log.error("contact: a Stripe webhook arrived, but Stripe is not configured")
            return Outcome.error(503, "Deposits are not configured.")
        try:
            event = self.payments.verify(body, signature or "")
        except BadSignature as exc:
            log.warning("contact: a Stripe webhook with a bad signature was refused: %s", exc)
            return Outcome.error(400, "The signature does not verify.")
        if not event.paid:
            return Outcome(200, {"received": True})
        key = f"stripe-event#{event.id}"
        try:
            if not self.store.claim_once(key, self.clock(), EVENT_KEEP_S):
                log.info("contact: Stripe event %s was acted on already", event.id)
                return Outcome(200, {"received": True, "duplicate": True})
            try:
                self._paid(event)
            except StorageUnavailable:
                self.store.release_once(key)  # Stripe retries it: act then
                raise
        except StorageUnavailable as exc:
            log.error("contact: Stripe event %s not handled; Stripe retries: %s", event.id, exc)
            return Outcome.error(503, "Please retry.")
        return Outcome(200, {"received": True})

    def _paid(self, event: PaymentEvent) -> None:
        message_id = event.message_id
        message = self.store.get(message_id) if _PATH.fullmatch(message_id) else None
        if message is None or not is_request(message):
            # No visitor data: the ids only (the operator finds the payment in Stripe).
            log.warning("contact: Stripe event %s pays no known request", event.id)
            return
        try:
            if message.state != ACCEPTED:  # only a deposit asked is paid
                raise NotAllowed(message.state)
            booked = moved(message, BOOKED, self.source.now(), BY_PAYMENT)
        except NotAllowed:
            log.warning(
                "contact: Stripe event %s paid request %s, which is %s: refund it in Stripe "
                "if it should not stand",
                event.id,
                message.id,
                message.state,
            )
            return
        booked = replace(booked, checkout_session=event.session_id or message.checkout_session)
        if not self.store.change_state(booked, ACCEPTED):
            log.info("contact: request %s was moved by another change first", message.id)
            return
        log.info("contact: request %s is booked (payment, Stripe event %s)", message.id, event.id)
        self.told_booked(booked)


def _see_other(session: Checkout) -> Outcome:
    headers = {"location": session.url, "referrer-policy": "no-referrer"}
    return Outcome(303, {"success": True, "url": session.url}, headers)


def _closed(message: StoredMessage) -> Outcome:
    kind = {BOOKED: "PAID", CONSENTED: "PAID", EXPIRED: "EXPIRED", DECLINED: "DECLINED"}.get(
        message.state
    )
    if kind is None:
        return visitor_page(404, message.lang, "LINK_UNKNOWN")
    return visitor_page(200 if kind == "PAID" else 410, message.lang, kind)


_PAGES = {
    "PAID": lambda t: (t.PAGE_PAID_TITLE, t.PAGE_PAID),
    "EXPIRED": lambda t: (t.PAGE_EXPIRED_TITLE, t.PAGE_EXPIRED),
    "DECLINED": lambda t: (t.PAGE_DECLINED_TITLE, t.PAGE_DECLINED),
    "LINK_UNKNOWN": lambda t: (t.PAGE_LINK_UNKNOWN_TITLE, t.PAGE_LINK_UNKNOWN),
    "UNAVAILABLE": lambda t: (t.PAGE_UNAVAILABLE_TITLE, t.PAGE_UNAVAILABLE),
}


def visitor_page(status: int, lang: str, kind: str) -> Outcome:
    """A small page for the visitor who opened the pay link, in their language: no form,
    no script, the studio links' stylesheet."""
    title, text = _PAGES[kind](texts(lang))
    return html_page(status, title, text, lang="es" if lang == "es" else "en")
