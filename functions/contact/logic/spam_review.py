"""Spam reviewed without a command line: a daily digest of what the spam traps kept, with a
signed "Not spam" link per message (docs/contact.md, "The spam digest").

- The digest goes to the studio's addresses once a day, only when something was caught: each
  message's time, name, address, first line and why it was caught. A schedule deploy-function
  creates (EventBridge, `{"action": "send-spam-digest"}`) sends it on AWS; `build.py
  send-spam-digest` does the same from a laptop.
- A link names the message and the end of its retention, signed with CONTACT_LINK_SECRET
  (HMAC-SHA256). Opening it (GET) only shows the message and a button: mail scanners open
  links by themselves, and one must not release spam. The button POSTs to the same address,
  which moves the message to the messages (pending, no expiry, its images from spam/ to
  messages/) in one conditional write that succeeds only while it is still spam, then sends
  the studio's usual email for it. So a link works once; a forged one is a 404, one past the
  spam's retention a 410, a second use a 409, and nothing changes.
"""

from __future__ import annotations

import base64
import hashlib
import html
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from functools import lru_cache
from typing import Protocol

from ..contract import NOT_SPAM_PATH
from ..models.mail import LOCAL_SENDER, LOCAL_STUDIO, artist_label, header_text, plain_email
from ..models.message import SPAM as SPAM_STATUS
from ..models.message import StorageUnavailable, StoredMessage
from ..models.outcomes import Outcome
from ..models.references import MESSAGES, SPAM, UploadsUnavailable
from ..words.messages import (
    NOT_SPAM_DONE,
    NOT_SPAM_DONE_PENDING,
    NOT_SPAM_EXPIRED,
    NOT_SPAM_MOVED_ALREADY,
    NOT_SPAM_QUESTION,
    NOT_SPAM_UNAVAILABLE,
    NOT_SPAM_UNKNOWN,
)
from .confirmation import Mailer
from .ports import MessageStore, UploadStore
from .signing import sign, signed

log = logging.getLogger(__name__)

DIGEST_HOURS = 24
# One readable email even after a flood: the rest are counted, and `messages --spam` lists
# them all.
MAX_LISTED = 50
MAX_FIRST_LINE = 100
PURPOSE = "not-spam"  # what the links sign: never a request's or a deposit's link
# <message id>/<expires>/<signature>
_LINK = re.compile(r"([0-9a-f]{32})/([0-9]{1,12})/([0-9a-f]{64})")


def link_signature(secret: str, message_id: str, expires: int) -> str:
    return sign(secret, PURPOSE, message_id, expires)


def not_spam_link(site_url: str, secret: str, message: StoredMessage) -> str:
    """The message's "Not spam" link: it works until the spam is deleted (expires_at)."""
    signature = link_signature(secret, message.id, message.expires_at)
    return f"{site_url.rstrip('/')}{NOT_SPAM_PATH}{message.id}/{message.expires_at}/{signature}"


def digest_window(
    now: float, hours: float = DIGEST_HOURS, whole_hours: bool = True
) -> tuple[datetime, datetime]:
    """(start, end) of the spam a digest lists: the hours before now, from the start of an
    hour when whole_hours. The daily schedule runs within a minute of its time, so its days
    never leave a gap between them (a message caught in that minute may be listed twice)."""
    end = datetime.fromtimestamp(now, UTC)
    start = end - timedelta(hours=hours)
    if whole_hours:
        start = start.replace(minute=0, second=0, microsecond=0)
    return start, end


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="microseconds")  # as messages' created_at are written


def _when(iso: str) -> str:
    return iso.replace("T", " ")[:16] + " UTC"


def first_line(text: str) -> str:
    """The message's first line with words, made plain (no control or bidi characters)."""
    line = next((line for line in text.split("\n") if line.strip()), "")
    plain = header_text(line, len(line))
    return plain[:MAX_FIRST_LINE].rstrip() + "…" if len(plain) > MAX_FIRST_LINE else plain


@dataclass(frozen=True)
class Digest:
    listed: list[StoredMessage]
    total: int  # caught in the window, listed or not
    start: datetime
    end: datetime
    email: EmailMessage | None  # None: nothing was caught


def compose_digest(
    listed: list[StoredMessage],
    total: int,
    start: datetime,
    end: datetime,
    link_for,  # noqa: ANN001 - (StoredMessage) -> str, or None without a site URL or secret
    studio: str,
    footer: bool = True,
) -> tuple[str, str]:
    """Subject and plain-text body of the digest: nothing of the visitors' in the subject."""
    what = "1 message" if total == 1 else f"{total} messages"
    subject = header_text(f"{studio}: the spam traps kept {what} ({end:%Y-%m-%d})")
    lines = [
        f"The spam traps of the contact form kept {what} from {start:%Y-%m-%d %H:%M} to "
        f"{end:%Y-%m-%d %H:%M} UTC. They were not emailed to you, and each visitor was told "
        "their message was sent.",
        "",
    ]
    if link_for:
        lines += [
            'If one of them is a real visitor, open its "Not spam" link and press the button: '
            "the message moves to your messages and you receive the usual email for it, to "
            "answer as any other. A link works once, until the message is deleted.",
        ]
    else:
        lines += [
            "If one of them is a real visitor: `python build.py messages --spam` shows it in "
            "full (this digest has no links: CONTACT_SITE_URL or the link secret is not set).",
        ]
    for number, message in enumerate(listed, 1):
        about = f"{message.service} · artist: {artist_label(message.artist, message.artist_name)}"
        until = datetime.fromtimestamp(message.expires_at, UTC).strftime("%Y-%m-%d")
        lines += [
            "",
            f"{number}. {_when(message.created_at)} · {header_text(message.name)} "
            f"<{message.email}>",
            f"   {about}",
            f'   "{first_line(message.message)}"',
            f"   Caught: {message.spam_reason}",
        ]
        if link_for:
            lines.append(f"   Not spam (until {until}): {link_for(message)}")
    if total > len(listed):
        lines += ["", f"… and {total - len(listed)} more: `python build.py messages --spam`."]
    if footer:  # the daily digest (daily_digest.py) writes its own
        lines += [
            "",
            "--",
            "Sent once a day by the studio's contact form, only on days the spam traps caught "
            "something.",
        ]
    return subject, "\n".join(lines) + "\n"


# --- the page a "Not spam" link opens -------------------------------------------------------

_STYLE = (
    "body{margin:0;min-height:100vh;display:grid;place-items:center;background:#000;"
    "color:#fff;font:16px/1.6 system-ui,sans-serif}"
    "main{max-width:34rem;padding:2rem 1.5rem}"
    "h1{font:400 2rem/1.2 Georgia,serif;margin:0 0 1rem}"
    "p{color:#d4d4d4;margin:0 0 1rem}"
    "dl{margin:1.5rem 0;padding:1rem 1.25rem;border:1px solid #333;border-radius:8px}"
    "dt{color:#a3a3a3;font-size:.8rem;text-transform:uppercase;letter-spacing:.08em}"
    "dd{margin:0 0 .75rem;overflow-wrap:anywhere;white-space:pre-wrap}"
    "button{font:inherit;font-weight:600;background:#fff;color:#000;border:0;"
    "border-radius:999px;padding:.8rem 1.6rem;cursor:pointer}"
    "button:focus-visible{outline:2px solid #fff;outline-offset:3px}"
)


@lru_cache(maxsize=4)
def page_headers(style: str) -> dict[str, str]:
    """The headers of a page a link opens, whose one stylesheet is style (each style's
    digest made once: the answer copies them, see handlers/app.py to_response)."""
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    return {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        # The page's one stylesheet by its digest; its form posts to this same address only.
        "content-security-policy": (
            f"default-src 'none'; style-src 'sha256-{digest}'; form-action 'self'; "
            "frame-ancestors 'none'; base-uri 'none'"
        ),
        "referrer-policy": "no-referrer",  # the address holds the link's signature
        "x-robots-tag": "noindex",
        "strict-transport-security": "max-age=63072000; includeSubDomains",
    }


def page(status: int, title: str, text: str, message: StoredMessage | None = None) -> Outcome:
    """An HTML answer for a person who opened a link from the digest."""
    details = ""
    if message is not None:
        rows = [
            ("From", f"{message.name} <{message.email}>"),
            ("Received", _when(message.created_at)),
            ("Message", message.message),  # whole: the studio judges it here
            ("Caught", message.spam_reason),
        ]
        details = "<dl>" + "".join(
            f"<dt>{name}</dt><dd>{html.escape(value)}</dd>" for name, value in rows
        )
        details += "</dl>"
    form = ""
    if status == 200 and message is not None and message.status == SPAM_STATUS:
        form = (
            '<form method="post" action=""><button type="submit">Move to messages</button></form>'
        )
    return html_page(status, title, text, details + form)


def html_page(
    status: int, title: str, text: str, extra: str = "", style: str = _STYLE, lang: str = "en"
) -> Outcome:
    """A plain page for the studio, or the visitor in lang (a phone's width, no script):
    title, text, then extra (HTML made by the caller, visitor text escaped), under the one
    stylesheet style."""
    document = (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        '<meta name="robots" content="noindex">'
        f"<title>{html.escape(title)}</title><style>{style}</style></head>"
        f"<body><main><h1>{html.escape(title)}</h1><p>{html.escape(text)}</p>"
        f"{extra}</main></body></html>"
    )
    headers = page_headers(style)
    return Outcome(status, {"success": status < 400, "message": text}, headers, document)


class Released(Protocol):
    """What the review needs of the contact service (logic/service.py): its stores as they
    are now, its clock, and its studio email for a released message. Read through this
    rather than the service itself, so this module does not import it."""

    store: MessageStore
    uploads: UploadStore | None
    now: Callable[[], str]

    def notify(self, message: StoredMessage) -> bool:
        """Send the studio's email for a pending message; True when it went."""


class SpamReview:
    """The digest and its links, over a contact service's store, images and studio email
    (`Released`)."""

    def __init__(
        self,
        source: Released,
        mailer: Mailer | None,
        sender: str,
        recipients: tuple[str, ...],
        site_url: str,
        secret: str,
        studio: str = "Website",
        clock=time.time,  # noqa: ANN001 - () -> float
    ):
        self.source = source
        self.mailer = mailer
        self.sender = sender
        self.recipients = recipients
        self.site_url = site_url.rstrip("/")
        self.secret = secret
        self.studio = studio
        self.clock = clock

    def _link(self, message: StoredMessage) -> str:
        return not_spam_link(self.site_url, self.secret, message)

    @property
    def links(self) -> Callable[[StoredMessage], str] | None:
        """A message's "Not spam" link; None without a site URL or a secret."""
        return self._link if self.site_url and self.secret else None

    def studio_email(self, subject: str, body: str, message_id: str) -> EmailMessage:
        """An automatic email to the studio (this digest, daily_digest.py's)."""
        return plain_email(
            self.sender or LOCAL_SENDER,
            ", ".join(self.recipients or LOCAL_STUDIO),
            self.sender or LOCAL_SENDER,
            subject,
            body,
            message_id,
            {"Auto-Submitted": "auto-generated"},  # RFC 3834: no autoresponder answers it
        )

    def digest(
        self, now: float | None = None, hours: float = DIGEST_HOURS, whole_hours: bool = True
    ) -> Digest:
        """What the spam traps kept in the window, and the email listing it (None if nothing)."""
        start, end = digest_window(self.clock() if now is None else now, hours, whole_hours)
        listed, total = self.source.store.spam_between(_iso(start), _iso(end), MAX_LISTED)
        if not total:
            return Digest([], 0, start, end, None)
        subject, body = compose_digest(listed, total, start, end, self.links, self.studio)
        email = self.studio_email(subject, body, f"spam-digest-{end:%Y%m%d%H}")
        return Digest(listed, total, start, end, email)

    def send_digest(self, now: float | None = None) -> dict:
        """Email the day's digest to the studio (the schedule's run); what happened, for the
        log. NotificationFailed when it could not go: the schedule's invocation fails, and
        Lambda tries it again."""
        digest = self.digest(now)
        if digest.email is None:
            log.info("contact: spam digest: nothing caught; none sent")
            return {"digest": "none", "caught": 0}
        if self.mailer is None:
            raise ValueError("no email is configured for the spam digest")
        self.mailer.deliver(digest.email.as_bytes(), self.recipients)
        log.info(
            "contact: spam digest sent: %d caught, %d listed", digest.total, len(digest.listed)
        )
        return {"digest": "sent", "caught": digest.total, "listed": len(digest.listed)}

    # --- the links

    def answer(self, path: str, method: str) -> Outcome:
        """The answer to a "Not spam" link: GET shows the message and its button, POST moves
        it. Never raises."""
        method = method.upper()
        if method not in ("GET", "HEAD", "POST"):
            refused = {"success": False, "error": "Use GET or POST."}
            return Outcome(405, refused, {"allow": "GET, POST"})
        match = _LINK.fullmatch(path.removeprefix(NOT_SPAM_PATH))
        if not match or not self.secret:
            return page(404, "No such link", NOT_SPAM_UNKNOWN)
        message_id, expires, given = match.group(1), int(match.group(2)), match.group(3)
        if not signed(self.secret, PURPOSE, message_id, expires, given):
            log.warning("contact: a forged Not spam link was refused (%s)", message_id)
            return page(404, "No such link", NOT_SPAM_UNKNOWN)
        now = self.clock()
        if expires <= now:
            return page(410, "This link has expired", NOT_SPAM_EXPIRED)
        try:
            message = self.source.store.get(message_id)
            if message is None or message.expired(now):
                return page(410, "This link has expired", NOT_SPAM_EXPIRED)
            if message.status != SPAM_STATUS:
                return page(409, "Already in your messages", NOT_SPAM_MOVED_ALREADY, message)
            if method != "POST":
                return page(200, "Not spam?", NOT_SPAM_QUESTION, message)
            return self._release(message, now)
        except (StorageUnavailable, UploadsUnavailable) as exc:
            log.error("contact: Not spam link for %s not answered: %s", message_id, exc)
            return page(503, "Please try again", NOT_SPAM_UNAVAILABLE)

    def _release(self, spam: StoredMessage, now: float) -> Outcome:
        uploads = self.source.uploads
        images = tuple(
            {**image, "key": image["key"].replace(f"{SPAM}/", f"{MESSAGES}/", 1)}
            for image in spam.images
        )
        if images and uploads is None:
            raise UploadsUnavailable("the message's images cannot be reached")
        # Copies first: if the write below fails the message is still spam, its images too.
        for old, new in zip(spam.images, images, strict=True):
            uploads.copy(old["key"], new["key"])
        released = spam.released(self.source.now(), images)
        if not self.source.store.release_spam(released, now):
            # Released a moment ago by another click, or deleted: the copies are the same
            # files the other release made, so they stay.
            return page(409, "Already in your messages", NOT_SPAM_MOVED_ALREADY, spam)
        if spam.images:
            uploads.discard(spam.image_keys)
        log.info("contact: message %s released from the spam traps", spam.id)
        sent = self.source.notify(released)
        return page(200, "Moved to your messages", NOT_SPAM_DONE if sent else NOT_SPAM_DONE_PENDING)
