"""After the session: the aftercare guide on the evening of the session's day and the review
request some days later (docs/consent.md, "After the session"), run by the evening
schedule's action (`send-after-sessions`) and the daily one's (`send-spam-digest`, both in
handlers/app.py), and locally by `build.py after-sessions`.

- Only a booking (`booked` or `consented`) with a session's day (`session_date`, set on
  Accept) is due; never a declined, expired or waiting request.
- Aftercare: from EVENING_HOUR on the session's day in the studio's time zone (or up to
  LATE_DAYS after, when the schedule missed a run), never earlier, whichever run comes: the
  guide of the service (tattoo or piercing: booking.json `aftercare`, and `aftercare_html`
  for its HTML part) in the client's language, with the studio's phone.
- The review request: `reviews.after_days` after the session's day (or up to LATE_DAYS
  after), from the start of that day, so the morning's daily run sends it (the evening's
  only when the morning's could not), when site.yaml has `reviews`: the same words for
  every client, no question first (docs/consent.md on review gating), with a signed link
  that turns such requests off.
- Each email at most once per booking: MessageStore.claim_once marks it before it goes, so
  two runs at once send one, and a run that fails to send releases it for the next run.
"""

from __future__ import annotations

import html
import logging
import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from ..contract import REVIEWS_OFF_PATH
from ..models.booking import zone
from ..models.mail import EMAIL_P_STYLE, html_document, html_link, html_paragraph, plain_email
from ..models.message import StorageUnavailable, StoredMessage
from ..models.outcomes import NotificationFailed, Outcome
from ..models.request_state import BOOKED, CONSENTED
from ..models.rules import ascii_email
from ..words.language import texts
from .booking_desk import BookingDesk
from .confirmation import address_key, first_name
from .consent import is_tattoo
from .signing import read_token, signed, token
from .spam_review import html_page

log = logging.getLogger(__name__)

LATE_DAYS = 2  # a schedule that missed runs still sends this many days late, no later
# The aftercare goes from this hour of the session's day, studio time: after the session
# rather than before it. The evening schedule runs after it (deploy_options.py).
EVENING_HOUR = 18
KEEP_S = 400 * 24 * 3600  # a once key outlives any booking's emails
OFF_KEEP_S = 10 * 365 * 24 * 3600  # a client's "no more review requests"
OFF_LINK_DAYS = 365
OFF_PURPOSE = "reviews-off"
_OFF_PATH = re.compile(r"([0-9a-f]{32})")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
AFTERCARE, REVIEW = "aftercare", "review"


@dataclass(frozen=True)
class AfterEmail:
    subject: str
    text: str
    headers: dict[str, str] = field(default_factory=dict)
    html: str = ""  # a whole HTML document (models/mail.py, html_document), or none


def _tel(phone: str) -> str:
    """tel: link of a phone as the studio writes it: its digits, a leading + kept."""
    digits = re.sub(r"[^0-9]", "", phone)
    return f"tel:{'+' if phone.strip().startswith('+') else ''}{digits}"


def _with_link(template: str, name: str, label: str, url: str) -> str:
    """A paragraph of template (escaped) with {name} as a link to url."""
    before, _, after = template.partition("{" + name + "}")
    return (
        f'<p style="{EMAIL_P_STYLE}">{html.escape(before)}{html_link(url, label)}'
        f"{html.escape(after)}</p>\n"
    )


@dataclass
class AfterReport:
    aftercare: list[str] = field(default_factory=list)  # message ids
    reviews: list[str] = field(default_factory=list)
    turned_off: list[str] = field(default_factory=list)  # the client said no more
    failed: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "aftercare": len(self.aftercare),
            "reviews": len(self.reviews),
            "turned_off": len(self.turned_off),
            "failed": len(self.failed),
        }


def session_day(message: StoredMessage) -> date | None:
    if not _DATE.fullmatch(message.session_date):
        return None
    try:
        return date.fromisoformat(message.session_date)
    except ValueError:
        return None


class AfterSessions(BookingDesk):
    """The aftercare and review emails over the service's store."""

    def due(self, now: float) -> list[tuple[StoredMessage, str]]:
        """The bookings with an email due at now: (booking, "aftercare" | "review")."""
        rules = self.booking()
        local = datetime.fromtimestamp(now, zone(rules.timezone))
        today, evening = local.date(), local.hour >= EVENING_HOUR
        found = []
        for message in self.store.in_states((BOOKED, CONSENTED)):
            day = session_day(message)
            if day is None:
                continue
            late = today - day
            if timedelta(0) <= late <= timedelta(days=LATE_DAYS) and (late or evening):
                found.append((message, AFTERCARE))
            review_day = day + timedelta(days=rules.review_after_days)
            if rules.reviews_url and timedelta(0) <= today - review_day <= timedelta(LATE_DAYS):
                found.append((message, REVIEW))
        return found

    def run(self, now: float, dry_run: bool = False) -> AfterReport:
        """Send what is due at now, each at most once; with dry_run, only say what."""
        report = AfterReport()
        for message, what in self.due(now):
            sent = report.aftercare if what == AFTERCARE else report.reviews
            if dry_run:
                sent.append(message.id)
                continue
            try:
                if what == REVIEW and self._turned_off(message, now):
                    report.turned_off.append(message.id)
                    continue
                key = f"{what}#{message.id}"
                if not self.store.claim_once(key, now, KEEP_S):
                    continue  # sent already (by this run's twin, or an earlier one)
                if self._send(message, what):
                    sent.append(message.id)
                else:
                    self.store.release_once(key)  # the next run tries again
                    report.failed.append(message.id)
            except StorageUnavailable as exc:
                log.error("contact: %s of %s not handled today: %s", what, message.id, exc)
                report.failed.append(message.id)
        if any(report.as_dict().values()):
            log.info("contact: after sessions: %s", report.as_dict())
        return report

    def _turned_off(self, message: StoredMessage, now: float) -> bool:
        # claim_once answers "recorded already?" only by recording: a key it could record
        # was not there, so it is given back at once.
        key = f"no-reviews#{address_key(message.email)}"
        if self.store.claim_once(key, now, OFF_KEEP_S):
            self.store.release_once(key)
            return False
        return True

    # --- the emails -----------------------------------------------------------------------

    def _send(self, message: StoredMessage, what: str) -> bool:
        if self.mailer is None:
            log.info("contact: no %s email for %s: none is configured", what, message.id)
            return False
        composed = self.aftercare(message) if what == AFTERCARE else self.review(message)
        to = ascii_email(message.email)
        try:
            email = plain_email(
                self.sender,
                to,
                ", ".join(self.studio) or self.sender,
                composed.subject,
                composed.text,
                f"{message.id}.{what}",
                {"Auto-Submitted": "auto-generated", **composed.headers},
                message.lang,
                composed.html,
            )
            self.mailer.deliver(email.as_bytes(), (to,))
        except (NotificationFailed, StorageUnavailable, ValueError) as exc:
            log.error("contact: the %s email of %s was not sent: %s", what, message.id, exc)
            return False
        return True

    def _greeting(self, message: StoredMessage) -> list[str]:
        t = texts(message.lang)
        first = first_name(message.name)
        return [t.GREETING.format(first=first) if first else t.GREETING_NO_NAME, ""]

    def aftercare(self, message: StoredMessage) -> AfterEmail:
        """The plain text (the guide's Markdown reads as text) and, when booking.json has
        the guide's HTML (rendered by the build), the same email as HTML."""
        t = texts(message.lang)
        rules = self.booking()
        kind = "tattoo" if is_tattoo(message) else "piercing"
        greeting = self._greeting(message)
        intro = t.AFTERCARE_INTRO.format(kind=t.AFTERCARE_KIND[kind])
        lines = [*greeting, intro]
        guide = rules.guide(kind, message.lang).strip()
        lines += ["", guide] if guide else []
        call = t.AFTERCARE_CALL.format(phone=rules.phone) if rules.phone else ""
        lines += ["", call] if call else []
        page = f"{self.site_url.rstrip('/')}{t.PAGES}/aftercare" if self.site_url else ""
        lines += [t.AFTERCARE_ONLINE.format(url=page)] if page else []
        lines += ["", t.ANSWER_BY_REPLYING]
        subject = t.AFTERCARE_SUBJECT[kind]
        guide_html = rules.guide_html(kind, message.lang)
        if not guide_html:
            return AfterEmail(subject, "\n".join(lines) + "\n")
        # The same words, each text escaped; the guide as the build rendered it.
        parts = [html_paragraph(greeting[0]), html_paragraph(intro), guide_html]
        if call:
            parts.append(_with_link(t.AFTERCARE_CALL, "phone", rules.phone, _tel(rules.phone)))
        if page:
            parts.append(_with_link(t.AFTERCARE_ONLINE, "url", page, page))
        parts.append(html_paragraph(t.ANSWER_BY_REPLYING))
        document = html_document(message.lang, subject, "".join(parts))
        return AfterEmail(subject, "\n".join(lines) + "\n", html=document)

    def review(self, message: StoredMessage) -> AfterEmail:
        """The same request for every client: the address, and the link turning them off."""
        t = texts(message.lang)
        lines = [*self._greeting(message), t.REVIEW_ASK.format(url=self.booking().reviews_url)]
        extra = {}
        off = self.off_link(message)
        if off:
            lines += ["", t.REVIEW_OFF.format(url=off)]
            extra = {"List-Unsubscribe": f"<{off}>"}
        lines += ["", t.ANSWER_BY_REPLYING]
        return AfterEmail(t.REVIEW_SUBJECT, "\n".join(lines) + "\n", extra)

    def off_link(self, message: StoredMessage) -> str:
        if not (self.site_url and self.secret):
            return ""
        expires = int(self.clock()) + OFF_LINK_DAYS * 24 * 3600
        link_token = token(self.secret, OFF_PURPOSE, message.id, expires)
        return f"{self.site_url.rstrip('/')}{REVIEWS_OFF_PATH}{message.id}?t={link_token}"

    # --- GET|POST /api/reviews/off/<id>?t= ------------------------------------------------

    def answer_off(self, path: str, method: str, query: str) -> Outcome:
        """GET asks (mail scanners open links), POST turns review requests off. Never raises."""
        method = method.upper()
        if method not in ("GET", "HEAD", "POST"):
            return Outcome(
                405, {"success": False, "error": "Use GET or POST."}, {"allow": "GET, POST"}
            )
        found = _OFF_PATH.fullmatch(path.removeprefix(REVIEWS_OFF_PATH))
        given = read_token(query)
        if not found or not given or not self.secret:
            return _off_page(404, "en", "REVIEWS_OFF_UNKNOWN")
        message_id, (expires, signature) = found.group(1), given
        if not signed(self.secret, OFF_PURPOSE, message_id, expires, signature):
            log.warning("contact: a forged reviews-off link was refused (%s)", message_id)
            return _off_page(404, "en", "REVIEWS_OFF_UNKNOWN")
        try:
            message = self.store.get(message_id)
            if message is None or expires <= self.clock():
                return _off_page(404, "en", "REVIEWS_OFF_UNKNOWN")
            if method != "POST":
                return _off_page(200, message.lang, "REVIEWS_OFF_ASK", form=True)
            key = f"no-reviews#{address_key(message.email)}"
            self.store.claim_once(key, self.clock(), OFF_KEEP_S)  # False: said already
        except StorageUnavailable as exc:
            log.error("contact: reviews-off of %s not recorded: %s", message_id, exc)
            return _off_page(503, "en", "REVIEWS_OFF_UNKNOWN")
        log.info("contact: review requests turned off (request %s)", message_id)
        return _off_page(200, message.lang, "REVIEWS_OFF_DONE")


def _off_page(status: int, lang: str, name: str, form: bool = False) -> Outcome:
    t = texts(lang)
    text, title = getattr(t, name), t.REVIEWS_OFF_TITLE
    button = (
        f'<form method="post" action=""><button type="submit">'
        f"{html.escape(t.REVIEWS_OFF_BUTTON)}</button></form>"
        if form
        else ""
    )
    return html_page(status, title, text, button, lang="es" if lang == "es" else "en")
