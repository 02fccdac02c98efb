"""The studio acts on a request from its email: Accept, Decline, Waitlist (docs/contact.md,
"The studio's links on a request").

- The studio's email for a request (request_state.is_request) carries three links,
  `GET|POST /api/requests/<message id>/<accept|decline|waitlist>?t=<expires>.<signature>`,
  signed as the spam digest's "Not spam" links are (signing.py), naming the message and the
  action, for ACTION_LINK_DAYS.
- Opening a link (GET) only shows the request and a form: mail scanners open links by
  themselves. The form's POST acts: one conditional write (`MessageStore.change_state`), from
  the state the request was read in, so of two posts at once one changes it and the other is
  told it was done. Then the visitor is told by email, in the language they wrote in.
- A forged link is a 404, an expired one a 410, one whose request has moved on a 409 saying
  what was done and when; nothing changes. The pages are the studio's (English), plain HTML
  without script, readable on a phone.

A deposit (#41 item 3, logic/deposits.py through `Deposits`): Accept's field is prefilled
with the site's deposit for the service or artist (booking.json), editable, 0 books at
once; without Stripe keys it offers none and says why. The decline reasons are the site's
`decline_reasons` when it lists some, else the catalogs' defaults; times on the pages are in
the studio's time zone (booking.json `timezone`). A flash hold (item 4: `StoredMessage.hold`)
is written by the same change.
"""

from __future__ import annotations

import html
import logging
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import date
from typing import Protocol
from urllib.parse import parse_qs

from ..contract import REQUESTS_PATH
from ..models.booking import DEFAULT as DEFAULT_BOOKING
from ..models.booking import BookingRules, studio_time
from ..models.flash import describe
from ..models.mail import LOCAL_SENDER, artist_label, header_text, plain_email
from ..models.message import StorageUnavailable, StoredMessage
from ..models.outcomes import NotificationFailed, Outcome
from ..models.request_state import (
    ACCEPT,
    ACCEPTED,
    ACTIONS,
    BOOKED,
    BY_STUDIO,
    DECLINE,
    SET_DATE,
    NotAllowed,
    is_request,
    last_move,
    may_act,
    moved,
    target,
)
from ..models.rules import ascii_email
from ..models.tattoo_request import request_lines
from ..words import messages as studio_words
from ..words.language import texts
from .confirmation import Mailer, first_name
from .ports import MessageStore
from .signing import read_token, signed, token
from .spam_review import _STYLE as _SPAM_PAGE_STYLE
from .spam_review import html_page

log = logging.getLogger(__name__)

ACTION_LINK_DAYS = 30
PURPOSE = "request"  # what the links sign, beside the action: never a "Not spam" link's
_PATH = re.compile(r"([0-9a-f]{32})/(accept|decline|waitlist|date)")
MAX_FORM_BYTES = 8 * 1024
MAX_NOTE = 2000
MAX_WHEN = 120
_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
MAX_DEPOSIT_DOLLARS = 100_000
LABELS = {ACCEPT: "Accept", DECLINE: "Decline", "waitlist": "Waitlist", SET_DATE: "Set the date"}
# What the studio reads a state as, in the 409 and the done page.
STATE_WORDS = {
    "accepted": "accepted (a deposit asked)",
    "booked": "accepted and booked",
    "consented": "booked, and the consent form signed",
    "declined": "declined",
    "expired": "expired",
    "waitlisted": "put on the waitlist",
}


def action_token(secret: str, message_id: str, action: str, expires: int) -> str:
    return token(secret, f"{PURPOSE}-{action}", message_id, expires)


@dataclass(frozen=True)
class RequestLinks:
    """The three links of a request's email; none without a site URL or a secret."""

    site_url: str
    secret: str
    clock: Callable[[], float] = time.time
    days: int = ACTION_LINK_DAYS

    def date_link(self, message: StoredMessage) -> str:
        """The studio's "Set the date" link of a request ("" without a site URL or secret)."""
        if not (self.site_url and self.secret):
            return ""
        expires = int(self.clock()) + self.days * 24 * 3600
        base = self.site_url.rstrip("/") + REQUESTS_PATH + message.id
        return f"{base}/{SET_DATE}?t={action_token(self.secret, message.id, SET_DATE, expires)}"

    def __call__(self, message: StoredMessage) -> list[tuple[str, str]]:
        if not (self.site_url and self.secret and is_request(message)):
            return []
        expires = int(self.clock()) + self.days * 24 * 3600
        base = self.site_url.rstrip("/") + REQUESTS_PATH + message.id
        return [
            (
                LABELS[action],
                f"{base}/{action}?t={action_token(self.secret, message.id, action, expires)}",
            )
            for action in ACTIONS
        ]


class Deposits(Protocol):
    """#41 item 3: the deposit content asks for a request, and the email asking for it
    (logic/deposits.DepositDesk)."""

    def why_not(self) -> str:
        """ "" when a deposit can be asked; else why not (shown on the Accept page)."""

    def amount(self, message: StoredMessage) -> int:
        """The deposit to prefill, in cents (site.yaml `deposit:`, per service or artist)."""

    def asked(self, message: StoredMessage, form: Form) -> tuple[str, str]:
        """Subject and body of the visitor's email asking for message.deposit_cents, with
        the link to pay it."""


@dataclass(frozen=True)
class Form:
    deposit_cents: int = 0
    when: str = ""
    date: str = ""  # the session's day, YYYY-MM-DD (the aftercare and review emails)
    note: str = ""
    reason: str = ""


class FormProblem(ValueError):
    pass


def _one_line(text: str, limit: int) -> str:
    return header_text(text, limit) if text.strip() else ""


def _note(text: str) -> str:
    """The studio's note as the visitor reads it: lines of printable text, bounded."""
    lines = ["".join(ch for ch in line if ch.isprintable()).rstrip() for line in text.splitlines()]
    return "\n".join(lines).strip()[:MAX_NOTE]


def read_form(
    body: bytes, content_type: str | None, action: str, reasons: Mapping[str, str]
) -> Form:
    media = (content_type or "").split(";", 1)[0].strip().lower()
    if media not in ("application/x-www-form-urlencoded", ""):
        raise FormProblem("send it from the page's form.")
    if len(body) > MAX_FORM_BYTES:
        raise FormProblem("it is too long.")
    try:
        fields = parse_qs(body.decode("utf-8"), max_num_fields=8, strict_parsing=False)
    except (UnicodeDecodeError, ValueError):
        raise FormProblem("send it from the page's form.") from None
    names = ("deposit", "when", "date", "note", "reason")
    value = {name: (fields.get(name) or [""])[0] for name in names}
    deposit = value["deposit"].strip().removeprefix("$") or "0"
    if not (deposit.isascii() and deposit.isdigit() and len(deposit) <= 7) or (
        int(deposit) > MAX_DEPOSIT_DOLLARS
    ):
        raise FormProblem(f"the deposit is whole dollars, 0 to {MAX_DEPOSIT_DOLLARS}.")
    day = value["date"].strip()
    if (day or action == SET_DATE) and not _real_date(day):
        raise FormProblem("the session's day is a date, YYYY-MM-DD.")
    reason = value["reason"]
    if action == DECLINE and reason not in reasons:
        raise FormProblem("choose a reason.")
    return Form(
        deposit_cents=int(deposit) * 100 if action == ACCEPT else 0,
        when=_one_line(value["when"], MAX_WHEN) if action == ACCEPT else "",
        date=day if action in (ACCEPT, SET_DATE) else "",
        note=_note(value["note"]),
        reason=reason if action == DECLINE else "",
    )


def _real_date(text: str) -> bool:
    found = _DATE.fullmatch(text)
    if not found:
        return False
    try:
        date(*(int(part) for part in found.groups()))
    except ValueError:
        return False
    return True


def compose_outcome(
    message: StoredMessage,
    form: Form,
    reason_text: str = "",
    consent: list[str] | None = None,
) -> tuple[str, str]:
    """Subject and plain-text body of the visitor's email about the studio's action, in the
    language they wrote in: nothing they wrote but first_name. reason_text: the site's own
    text for the decline reason, in that language (else the catalogs'); consent: a booking's
    lines asking for the consent form (logic/consent.py)."""
    t = texts(message.lang)
    first = first_name(message.name)
    lines = [t.GREETING.format(first=first) if first else t.GREETING_NO_NAME, ""]
    if message.state == "booked":
        subject = t.BOOKED_SUBJECT
        when = t.PROPOSED_WHEN.format(when=form.when) if form.when else t.WILL_CALL
        lines += [t.BOOKED, "", when, ""]
        lines += [*consent, ""] if consent else []
    elif message.state == "declined":
        subject = t.DECLINED_SUBJECT
        reason = reason_text or t.DECLINE_REASONS.get(form.reason, t.DECLINE_REASONS["other"])
        lines += [t.DECLINED, reason, ""]
    else:
        subject = t.WAITLISTED_SUBJECT
        lines += [t.WAITLISTED, ""]
    if form.note:
        lines += [t.STUDIO_NOTE, form.note, ""]
    lines += [t.ANSWER_BY_REPLYING]
    return subject, "\n".join(lines) + "\n"


# --- the pages ------------------------------------------------------------------------------

_STYLE = _SPAM_PAGE_STYLE + (
    "label{display:block;margin:1rem 0 .35rem;color:#d4d4d4}"
    "input,select,textarea{box-sizing:border-box;width:100%;font:inherit;font-size:16px;"
    "color:#fff;background:#111;border:1px solid #525252;border-radius:6px;padding:.6rem}"
    "textarea{min-height:6rem}"
    "input:focus-visible,select:focus-visible,textarea:focus-visible{outline:2px solid #fff}"
    "small{display:block;color:#a3a3a3;margin-top:.35rem}"
    "form button{margin-top:1.5rem;width:100%}"
)


def _when(iso: str, timezone: str = "UTC") -> str:
    return studio_time(iso, timezone) if iso else "an earlier date"


def _details(message: StoredMessage, timezone: str = "UTC") -> str:
    rows = [
        ("From", f"{message.name} <{message.email}>"),
        ("Phone", message.phone or "(not given)"),
        ("Service", message.service),
        ("Artist", artist_label(message.artist, message.artist_name)),
        ("Received", _when(message.created_at, timezone)),
        *([("Flash design", describe(message.flash))] if message.flash else []),
        *([("Session's day", message.session_date)] if message.session_date else []),
        *[
            (line.split(":", 1)[0], line.split(":", 1)[-1].strip())
            for line in request_lines(message)
        ],
        ("Message", message.message),
    ]
    cells = "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(v)}</dd>" for k, v in rows)
    return f"<dl>{cells}</dl>"


def _form(
    action: str,
    reasons: Mapping[str, str],
    why_not: str,
    prefill_cents: int = 0,
    date_value: str = "",
) -> str:
    """The action's form; why_not ("" when a deposit can be asked) says why the deposit is
    fixed at 0, prefill_cents is the site's deposit for this request."""
    parts = ['<form method="post" action="">']
    if action == SET_DATE:
        parts += [
            '<label for="date">The session\'s day (the aftercare email goes that day, the '
            "review request some days later)</label>",
            f'<input id="date" name="date" type="date" required value="{html.escape(date_value)}">',
            f'<button type="submit">{LABELS[action]}</button></form>',
        ]
        return "".join(parts)
    if action == ACCEPT:
        readonly = " readonly" if why_not else ""
        hint = why_not or studio_words.REQUEST_DEPOSIT_HINT
        parts += [
            '<label for="deposit">Deposit (whole dollars, 0 for none)</label>',
            f'<input id="deposit" name="deposit" value="{prefill_cents // 100}" '
            f'inputmode="numeric" pattern="[0-9]*" aria-describedby="deposit-hint"{readonly}>',
            f'<small id="deposit-hint">{html.escape(hint)}</small>',
            '<label for="when">Proposed date and time (leave empty: "we will call you")</label>',
            f'<input id="when" name="when" maxlength="{MAX_WHEN}">',
            '<label for="date">The session\'s day (for the aftercare and review emails)</label>',
            '<input id="date" name="date" type="date">',
        ]
    if action == DECLINE:
        options = "".join(
            f'<option value="{html.escape(key)}">{html.escape(label)}</option>'
            for key, label in reasons.items()
        )
        parts += [
            '<label for="reason">Reason</label>',
            f'<select id="reason" name="reason" required>{options}</select>',
        ]
    parts += [
        '<label for="note">Note to the visitor (optional)</label>',
        f'<textarea id="note" name="note" maxlength="{MAX_NOTE}"></textarea>',
        f'<button type="submit">{LABELS[action]}</button></form>',
    ]
    return "".join(parts)


def page(status: int, title: str, text: str, extra: str = "") -> Outcome:
    """An HTML answer for the studio, who opened a link from a request's email."""
    return html_page(status, title, text, extra, _STYLE)


def _already(message: StoredMessage, timezone: str = "UTC") -> Outcome:
    move = last_move(message)
    text = studio_words.REQUEST_ALREADY.format(
        state=STATE_WORDS.get(message.state, message.state),
        when=_when(str(move.get("at", "")), timezone),
        by=move.get("by", "an earlier change"),
    )
    return page(409, "Already done", text, _details(message, timezone))


class Stored(Protocol):
    """What the links need of the contact service (service.py): its store as it is now, and
    its clock for the history. Read through this rather than the service itself, as the
    spam review does (spam_review.Released)."""

    store: MessageStore
    now: Callable[[], str]


class RequestActions:
    """The answers to a request's links, over the service's message store; the visitor's
    email through mailer (SES, or the outbox that keeps it where nothing is sent)."""

    def __init__(
        self,
        source: Stored,
        mailer: Mailer | None,
        sender: str,
        studio: tuple[str, ...],
        secret: str,
        clock: Callable[[], float] = time.time,
        deposits: Deposits | None = None,
        reasons: Mapping[str, str] | None = None,
        booking: Callable[[], BookingRules] | None = None,
        consent: Callable[[StoredMessage], list[str]] | None = None,
        links: RequestLinks | None = None,
    ):
        self.source = source
        self.links = links  # the studio's "Set the date" link on the Done page
        self.consent = consent  # a booking's lines asking for the consent form
        self.mailer = mailer
        self.sender = sender or LOCAL_SENDER
        self.studio = studio  # the studio's addresses: the Reply-To of the visitor's email
        self.secret = secret
        self.clock = clock
        self.deposits = deposits  # None: Accept books without a deposit
        # The default decline reasons' labels (the studio's); the site's replace them.
        self.default_reasons = dict(reasons or studio_words.DECLINE_REASON_LABELS)
        self.booking = booking or (lambda: DEFAULT_BOOKING)  # booking.json, read live

    @property
    def reasons(self) -> dict[str, str]:
        """{key: label} of the decline reasons: the site's when it lists some."""
        listed = self.booking().decline_reasons
        return {r.key: r.label for r in listed} if listed else self.default_reasons

    def _why_not(self) -> str:
        return studio_words.REQUEST_NO_DEPOSIT if self.deposits is None else self.deposits.why_not()

    def _prefill(self, message: StoredMessage) -> int:
        return 0 if self.deposits is None or self._why_not() else self.deposits.amount(message)

    def _reason_text(self, message: StoredMessage, key: str) -> str:
        for reason in self.booking().decline_reasons:
            if reason.key == key:
                return reason.text_es if message.lang == "es" else reason.text
        return ""

    @property
    def store(self) -> MessageStore:
        return self.source.store

    def answer(
        self, path: str, method: str, query: str, body: bytes = b"", content_type: str | None = None
    ) -> Outcome:
        """GET shows the request and its form, POST acts. Never raises."""
        method = method.upper()
        if method not in ("GET", "HEAD", "POST"):
            refused = {"success": False, "error": "Use GET or POST."}
            return Outcome(405, refused, {"allow": "GET, POST"})
        unknown = page(404, "No such link", studio_words.REQUEST_LINK_UNKNOWN)
        found = _PATH.fullmatch(path.removeprefix(REQUESTS_PATH))
        given_token = read_token(query)
        if not found or not given_token or not self.secret:
            return unknown
        message_id, action = found.groups()
        expires, given = given_token
        if not signed(self.secret, f"{PURPOSE}-{action}", message_id, expires, given):
            log.warning("contact: a forged request link was refused (%s)", message_id)
            return unknown
        if expires <= self.clock():
            return page(410, "This link has expired", studio_words.REQUEST_LINK_EXPIRED)
        try:
            message = self.store.get(message_id)
            if message is None or not is_request(message):
                return unknown
            timezone = self.booking().timezone
            if not may_act(message, action):
                if action == SET_DATE:
                    return page(409, "Not accepted yet", studio_words.REQUEST_DATE_TOO_SOON)
                return _already(message, timezone)
            title = f"{LABELS[action]} this request"
            if method != "POST":
                intro = {
                    ACCEPT: studio_words.REQUEST_ACCEPT,
                    DECLINE: studio_words.REQUEST_DECLINE,
                    SET_DATE: studio_words.REQUEST_SET_DATE,
                }.get(action, studio_words.REQUEST_WAITLIST)
                form = _form(
                    action,
                    self.reasons,
                    self._why_not(),
                    self._prefill(message),
                    message.session_date,
                )
                return page(200, title, intro, _details(message, timezone) + form)
            try:
                form = read_form(body, content_type, action, self.reasons)
                if form.deposit_cents and self._why_not():
                    raise FormProblem(self._why_not())
            except FormProblem as problem:
                text = studio_words.REQUEST_BAD_FORM.format(problem=problem)
                form_again = _form(action, self.reasons, self._why_not(), self._prefill(message))
                return page(400, title, text, form_again)
            if action == SET_DATE:
                return self._set_date(message, form.date, timezone)
            return self._act(message, action, form, timezone)
        except StorageUnavailable as exc:
            log.error("contact: request link for %s not answered: %s", message_id, exc)
            return page(503, "Please try again", studio_words.REQUEST_UNAVAILABLE)

    def _set_date(self, message: StoredMessage, day: str, timezone: str) -> Outcome:
        """The session's day, written in the state the request was read in (no move)."""
        if not self.store.change_state(replace(message, session_date=day), message.state):
            now = self.store.get(message.id)
            return _already(now if now is not None else message, timezone)
        log.info("contact: request %s has its session's day (studio link)", message.id)
        done = replace(message, session_date=day)
        text = studio_words.REQUEST_DATE_DONE.format(date=day)
        return page(200, "Done", text, _details(done, timezone))

    def _act(self, message: StoredMessage, action: str, form: Form, timezone: str) -> Outcome:
        to = target(action, form.deposit_cents)
        try:
            changed = moved(
                message,
                to,
                self.source.now(),
                BY_STUDIO,
                deposit_cents=form.deposit_cents,
                reason=form.reason,
                when=form.when,
                note=form.note,
            )
        except NotAllowed:
            return _already(message, timezone)
        if form.date:
            changed = replace(changed, session_date=form.date)
        # With a deposit, no Checkout Session yet: the visitor's link makes one when opened
        # (logic/deposits.py), as a session lives at most 24 hours.
        if not self.store.change_state(changed, message.state):
            now = self.store.get(message.id)  # another post came first: say what it did
            return _already(now if now is not None else message, timezone)
        log.info("contact: request %s is %s (studio link)", message.id, to)
        told = self._tell(changed, form)
        words = studio_words.REQUEST_DONE if told else studio_words.REQUEST_DONE_NOT_TOLD
        if told and to == ACCEPTED:
            words = studio_words.REQUEST_DONE_DEPOSIT
        text = words.format(state=STATE_WORDS.get(to, to))
        extra = _details(changed, timezone)
        date_link = self.links.date_link(changed) if self.links else ""
        if date_link and not changed.session_date:
            # Without a day, no aftercare or review email: the studio sets it later.
            extra += (
                f"<p>{html.escape(studio_words.REQUEST_DATE_LATER)} "
                f'<a href="{html.escape(date_link)}">{LABELS[SET_DATE]}</a></p>'
            )
        return page(200, "Done", text, extra)

    def _tell(self, message: StoredMessage, form: Form) -> bool:
        """Email the visitor the outcome; True if it went (the change stands either way)."""
        if self.mailer is None:
            log.info("contact: no email for the outcome of %s: none is configured", message.id)
            return False
        if message.state == ACCEPTED and self.deposits is not None:
            subject, body = self.deposits.asked(message, form)
        else:
            lines = self.consent(message) if self.consent and message.state == BOOKED else []
            reason = self._reason_text(message, form.reason)
            subject, body = compose_outcome(message, form, reason, lines)
        try:
            email = plain_email(
                self.sender,
                ascii_email(message.email),
                ", ".join(self.studio) or self.sender,
                subject,
                body,
                f"{message.id}.{message.state}",
                {"Auto-Submitted": "auto-generated"},
                message.lang,
            )
            self.mailer.deliver(email.as_bytes(), (ascii_email(message.email),))
        except (NotificationFailed, StorageUnavailable, ValueError) as exc:
            log.error("contact: the outcome of %s was not emailed: %s", message.id, exc)
            return False
        return True
