"""The consent form of a booking, signed on the client's phone (docs/consent.md).

- When a request becomes `booked` (Accept without a deposit: request_actions.py; a deposit
  paid: deposits.py) the visitor's email carries `<site>[/es]/consent?t=<token>`: the token
  names the request and its end, signed for the purpose "consent" (signing.token), for
  LINK_DAYS. The page reads it from the address and posts it back; nothing logs it.
- `POST /api/consent` with `{token, lang, ...fields}`: the token first (404 forged, 410
  expired, 409 signed already or not booked); `{token, check: true}` stops there (the page
  asks it on opening: a tattoo or not, the studio's date); then every field again
  (models/consent.py: a 400 naming the field, in the visitor's language), then one
  conditional write `booked` -> `consented` storing the record with the booking
  (`StoredMessage.consent`): of two posts with the same token, one signs and the other is a
  409.
- The studio's copy: a readable email, and a printable page behind a signed link
  (`GET /api/consent/copies/<id>?t=<end>.<signature>`, purpose "consent-copy").
"""

from __future__ import annotations

import html
import logging
import re
from dataclasses import dataclass, replace
from datetime import datetime

from ..contract import CONSENT_COPIES_PATH
from ..models.booking import studio_time, zone
from ..models.consent import ID_TYPE_WORDS, Booked, age_on, parse_consent
from ..models.mail import plain_email
from ..models.message import StorageUnavailable, StoredMessage
from ..models.outcomes import NotificationFailed, Outcome, invalid_fields
from ..models.request_state import BOOKED, BY_CLIENT, CONSENTED, NotAllowed, is_request, moved
from ..models.rules import REQUEST_SERVICES, InvalidSubmission
from ..words.language import Texts, read_lang, texts
from .booking_desk import BookingDesk
from .signing import message_token, read_message_token, read_token, signed, token
from .spam_review import html_page

log = logging.getLogger(__name__)

PURPOSE = "consent"  # the visitor's token: never a studio link's nor a pay link's
COPY_PURPOSE = "consent-copy"  # the studio's printable copy
LINK_DAYS = 90  # from the booking: time enough to sign before the appointment
COPY_LINK_DAYS = 90
PAGE_PATH = "/consent"  # the site's page (site-src), under /es for Spanish
_COPY_PATH = re.compile(r"([0-9a-f]{32})")

# The studio's words (English only, as its other links' pages).
STUDIO_SUBJECT = "Consent signed: {name} - {service}"
STUDIO_INTRO = "{name} signed the consent form for their booking ({service}, reference {id})."
COPY_TITLE = "Consent form"
HEALTH_TITLE = "Health questions"
COPY_UNKNOWN = "This link is not valid. Open the link from the studio's email as it was sent."
COPY_EXPIRED = "This link has expired; the email itself keeps the record."
COPY_UNAVAILABLE = "The record could not be read just now. Please try again in a few minutes."
RELATIONSHIP_WORDS = {
    "parent": "Parent",
    "guardian": "Legal guardian",
    "managing_conservator": "Managing conservator",
}

# Printable: dark on the screen like the studio's other pages, black on white on paper.
_STYLE = (
    "body{margin:0;background:#000;color:#fff;font:16px/1.5 system-ui,sans-serif}"
    "main{max-width:40rem;margin:0 auto;padding:2rem 1.5rem}"
    "h1{font:400 2rem/1.2 Georgia,serif;margin:0 0 1rem}"
    "p{color:#d4d4d4}"
    "dl{display:grid;grid-template-columns:minmax(8rem,auto) 1fr;gap:.4rem 1rem;margin:1.5rem 0}"
    "dt{color:#a3a3a3}dd{margin:0;overflow-wrap:anywhere;white-space:pre-wrap}"
    "h2{font:400 1.4rem/1.3 Georgia,serif;margin:2rem 0 .5rem}"
    # The health questions: each question on its line, its answer under it.
    "dl.health{grid-template-columns:1fr;gap:0;margin-top:0}"
    "dl.health dt{margin-top:.8rem;color:#e5e5e5}dl.health dd{font-weight:600}"
    # On a phone each answer goes under its question: two columns left each half a line.
    "@media (max-width:32rem){dl{grid-template-columns:1fr;gap:0}dt{margin-top:.6rem}}"
    "@media print{body{background:#fff;color:#000}p,dt,dl.health dt{color:#333}"
    "main{max-width:none}}"
)


def is_tattoo(message: StoredMessage) -> bool:
    """A tattoo (a consultation, a touch-up or a flash claim), not a piercing."""
    return message.service in REQUEST_SERVICES or bool(message.flash)


def _yes(value: object) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


LANGUAGE_WORDS = {"en": "English", "es": "Spanish"}


@dataclass(frozen=True)
class CopyOfRecord:
    """The signed record as the studio reads it, in the email and on the page: the client,
    the health questions (each as the client read it, and the answer), then the signature."""

    client: list[tuple[str, str]]
    health: list[tuple[str, str]]  # (the question's wording, or its key; the answer)
    health_note: str  # how the questions are shown: their wording, in which language
    signed: list[tuple[str, str]]


def health_rows(consent: dict) -> tuple[list[tuple[str, str]], str]:
    """Each answer under the wording the record kept (`questions`, booking.json's at signing
    time), or under its key for a record without it; and a note saying which."""
    wording = consent.get("questions")
    wording = wording if isinstance(wording, dict) else {}
    answers = consent.get("answers") or {}
    kept = {k: v for k, v in wording.items() if k in answers and isinstance(v, str) and v}
    if not kept:
        rows = [(str(key), _yes(answer)) for key, answer in answers.items()]
        return rows, "By the questions' keys: this record did not keep their wording."
    rows = [
        (kept.get(key) or f"{key} (the question's key: its wording was not kept)", _yes(answer))
        for key, answer in answers.items()
    ]
    language = LANGUAGE_WORDS.get(str(consent.get("lang", "")))
    where = f", in {language}" if language else ""
    return rows, f"Each question as the client read it{where}, and their answer."


def record_copy(message: StoredMessage, consent: dict, timezone: str) -> CopyOfRecord:
    """The signed record as the studio reads it, in the email and on the page."""
    born = consent.get("dob", "")
    signed_at = str(consent.get("signed_at", ""))
    try:
        when = datetime.fromisoformat(signed_at).astimezone(zone(timezone)).date()
        age = f" (age {age_on(datetime.fromisoformat(born).date(), when)})"
    except ValueError:
        age = ""
    emergency = consent.get("emergency") or {}
    client = [
        ("Reference", message.id),
        ("Service", message.service),
        ("Signed at", studio_time(signed_at, timezone)),
        ("Legal name", consent.get("name", "")),
        ("Date of birth", f"{born}{age}"),
        (
            "Photo ID",
            f"{ID_TYPE_WORDS.get(consent.get('id_type', ''), '?')}, "
            f"last four {consent.get('id_last4', '')}",
        ),
        ("Emergency contact", f"{emergency.get('name', '')}, {emergency.get('phone', '')}"),
    ]
    signed = [
        ("Risks read", "yes"),
        ("Aftercare read", "yes"),
        ("Signature (typed)", consent.get("signature", "")),
    ]
    if "cover_up" in consent:
        signed.append(("Covers an existing tattoo", _yes(consent["cover_up"])))
    guardian = consent.get("guardian")
    if guardian:
        signed += [
            ("Under 18", "yes: a parent or guardian signed too"),
            (
                "Parent or guardian",
                f"{guardian.get('name', '')} "
                f"({RELATIONSHIP_WORDS.get(guardian.get('relationship', ''), '?')})",
            ),
            (
                "Their photo ID",
                f"{ID_TYPE_WORDS.get(guardian.get('id_type', ''), '?')}, "
                f"last four {guardian.get('id_last4', '')}",
            ),
            ("Their signature (typed)", guardian.get("signature", "")),
        ]
    health, note = health_rows(consent)
    return CopyOfRecord(client, health, note, signed)


def copy_text(copy: CopyOfRecord) -> list[str]:
    """The email's lines: "Label: value", and each health question on its own line with
    the answer under it."""
    lines = [f"{label}: {value}" for label, value in copy.client]
    if copy.health:
        lines += ["", f"{HEALTH_TITLE}. {copy.health_note}"]
        for question, answer in copy.health:
            lines += [f"- {question}", f"  Answer: {answer}"]
        lines.append("")
    lines += [f"{label}: {value}" for label, value in copy.signed]
    return lines


def copy_html(copy: CopyOfRecord) -> str:
    """The printable page's record: the health questions in one column of their own, so a
    long question never squeezes its answer."""

    def cells(rows: list[tuple[str, str]]) -> str:
        return "".join(
            f"<dt>{html.escape(label)}</dt><dd>{html.escape(str(value))}</dd>"
            for label, value in rows
        )

    health = ""
    if copy.health:
        health = (
            f"<h2>{HEALTH_TITLE}</h2><p>{html.escape(copy.health_note)}</p>"
            f'<dl class="health">{cells(copy.health)}</dl>'
        )
    return f"<dl>{cells(copy.client)}</dl>{health}<dl>{cells(copy.signed)}</dl>"


class ConsentDesk(BookingDesk):
    """The consent form's token, answer and the studio's copy, over the service's store."""

    # --- the visitor's link ---------------------------------------------------------------

    def link(self, message: StoredMessage) -> str:
        """The page's address with the token, for the booking email ("" without a site URL
        or a secret, or when the site has no consent form: content/consent.md, which
        booking.json's `consent_questions` come from; the email then goes without it)."""
        if not (self.site_url and self.secret and self.booking().consent_questions):
            return ""
        expires = int(self.clock()) + LINK_DAYS * 24 * 3600
        pages = self.site_url.rstrip("/") + texts(message.lang).PAGES
        return f"{pages}{PAGE_PATH}?t={message_token(self.secret, PURPOSE, message.id, expires)}"

    def line(self, message: StoredMessage) -> list[str]:
        """The booking email's lines asking for the consent form ([] without a link)."""
        url = self.link(message)
        return [texts(message.lang).SIGN_THE_CONSENT.format(url=url)] if url else []

    # --- POST /api/consent ----------------------------------------------------------------

    def submit(self, payload: object) -> Outcome:
        """Sign the form: 200, or 400/404/409/410/503 in the visitor's language. Never raises."""
        lang = read_lang(payload)  # the page's: the language the client read the form in
        t = texts(lang)
        if not isinstance(payload, dict):
            return _refused(400, t.CONSENT_LINK_UNKNOWN)
        given = payload.get("token")
        found = read_message_token(self.secret, PURPOSE, given) if self.secret else None
        if found is None:
            return _refused(404, t.CONSENT_LINK_UNKNOWN)
        message_id, expires = found
        if expires <= self.clock():
            return _refused(410, t.CONSENT_LINK_EXPIRED)
        try:
            message = self.store.get(message_id)
            if message is None or not is_request(message):
                return _refused(404, t.CONSENT_LINK_UNKNOWN)
            if message.state != BOOKED:
                return self._closed(message, t)
            rules = self.booking()
            booked = Booked(
                tattoo=is_tattoo(message),
                minors_cover_ups=rules.minors_cover_ups,
                questions=rules.consent_questions,
                today=datetime.fromtimestamp(self.clock(), zone(rules.timezone)).date(),
            )
            if payload.get("check") is True:
                return _open(booked, rules.timezone)
            try:
                record = parse_consent(payload, t, booked)
            except InvalidSubmission as invalid:
                return invalid_fields(invalid.errors)
            record = {**record, **_wording(rules.question_texts(lang), record["answers"], lang)}
            now = self.source.now()
            try:
                signed_one = moved(message, CONSENTED, now, BY_CLIENT)
            except NotAllowed:
                return self._closed(message, t)
            signed_one = replace(signed_one, consent={"signed_at": now, **record})
            if not self.store.change_state(signed_one, BOOKED):
                again = self.store.get(message_id)  # another post signed first
                return self._closed(again or message, t)
        except StorageUnavailable as exc:
            log.error("contact: consent for %s not stored: %s", message_id, exc)
            return Outcome.error(503, t.CONSENT_UNAVAILABLE)
        log.info("contact: request %s is consented (client's signature)", message_id)
        self.tell_studio(signed_one, rules.timezone)
        return Outcome(200, {"success": True, "message": t.CONSENT_SIGNED, "signed_at": now})

    def _closed(self, message: StoredMessage, t: Texts) -> Outcome:
        if message.state == CONSENTED:
            timezone = self.booking().timezone
            when = studio_time(str(message.consent.get("signed_at", "")), timezone)
            text = t.CONSENT_ALREADY.format(when=when)
        else:
            text = t.CONSENT_CLOSED
        return _refused(409, text)

    # --- the studio's copy ----------------------------------------------------------------

    def copy_link(self, message: StoredMessage) -> str:
        expires = int(self.clock()) + COPY_LINK_DAYS * 24 * 3600
        base = self.site_url.rstrip("/")
        link_token = token(self.secret, COPY_PURPOSE, message.id, expires)
        return f"{base}{CONSENT_COPIES_PATH}{message.id}?t={link_token}"

    def tell_studio(self, message: StoredMessage, timezone: str) -> bool:
        """The studio's readable copy by email, with the printable page's link; True if it
        went (the signature stands either way)."""
        if self.mailer is None or not self.studio:
            log.info("contact: no email for the consent of %s: none is configured", message.id)
            return False
        copy = record_copy(message, message.consent, timezone)
        values = {"name": message.consent.get("name", ""), "service": message.service}
        lines = [STUDIO_INTRO.format(id=message.id, **values), ""]
        lines += copy_text(copy)
        if self.site_url and self.secret:
            lines += ["", f"Printable copy: {self.copy_link(message)}"]
        try:
            email = plain_email(
                self.sender,
                ", ".join(self.studio),
                self.sender,
                STUDIO_SUBJECT.format(**values)[:150],
                "\n".join(lines) + "\n",
                f"{message.id}.consented.studio",
                {"Auto-Submitted": "auto-generated"},
            )
            self.mailer.deliver(email.as_bytes(), self.studio)
        except (NotificationFailed, StorageUnavailable, ValueError) as exc:
            log.error("contact: the consent copy of %s was not emailed: %s", message.id, exc)
            return False
        return True

    def answer_copy(self, path: str, method: str, query: str) -> Outcome:
        """GET /api/consent/copies/<id>?t=: the printable record. Never raises."""
        if method.upper() not in ("GET", "HEAD"):
            return Outcome(405, {"success": False, "error": "Use GET."}, {"allow": "GET"})
        found = _COPY_PATH.fullmatch(path.removeprefix(CONSENT_COPIES_PATH))
        given = read_token(query)
        if not found or not given or not self.secret:
            return _copy_page(404, COPY_UNKNOWN)
        message_id, (expires, signature) = found.group(1), given
        if not signed(self.secret, COPY_PURPOSE, message_id, expires, signature):
            log.warning("contact: a forged consent copy link was refused (%s)", message_id)
            return _copy_page(404, COPY_UNKNOWN)
        if expires <= self.clock():
            return _copy_page(410, COPY_EXPIRED)
        try:
            message = self.store.get(message_id)
        except StorageUnavailable as exc:
            log.error("contact: consent copy of %s not read: %s", message_id, exc)
            return _copy_page(503, COPY_UNAVAILABLE)
        if message is None or not message.consent:
            return _copy_page(404, COPY_UNKNOWN)
        copy = record_copy(message, message.consent, self.booking().timezone)
        intro = STUDIO_INTRO.format(
            name=message.consent.get("name", ""), service=message.service, id=message.id
        )
        return _copy_page(200, intro, copy_html(copy))


def _wording(texts: dict[str, str], answers: dict, lang: str) -> dict:
    """The record's `lang` and `questions`: each answered question's wording as booking.json
    words it now, in the client's language (never the visitor's POST), so the record says
    what they were asked even after content/consent.md changes (docs/consent.md)."""
    return {"lang": lang, "questions": {key: texts[key] for key in answers if key in texts}}


def _open(booked: Booked, timezone: str) -> Outcome:
    """`{token, check: true}`: the link can be signed; what the page's minors' rule needs of
    the booking, and the studio's date and zone (the age is counted on that date). Nothing is
    read of the form, nothing stored (docs/consent.md, "The /consent page")."""
    body = {
        "success": True,
        "tattoo": booked.tattoo,
        "minors_cover_ups": booked.minors_cover_ups,
        "today": booked.today.isoformat(),
        "timezone": timezone,
    }
    return Outcome(200, body)


def _refused(status: int, text: str) -> Outcome:
    """A refusal about the link itself: the page shows it beside no field of the form."""
    return Outcome.error(status, text, fields={"token": text})


def _copy_page(status: int, text: str, extra: str = "") -> Outcome:
    return html_page(status, COPY_TITLE, text, extra, style=_STYLE)
