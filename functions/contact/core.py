"""The contact service: check, defend, store, then notify. Storage and mail are injected.

Every answer is an `Outcome` (status + JSON body) built here, so the Lambda handler and
the local server answer the same thing for the same input, and tests need neither.
"""

from __future__ import annotations

import json
import logging
import math
import secrets
import time
import unicodedata
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Protocol

from .budget import hour_of
from .ratelimit import RateLimit, SlidingWindowLimiter, rate_key
from .references import (
    FIELD as REFERENCES,
)
from .references import (
    GRANT_SECONDS,
    MAX_IMAGE_BYTES,
    UploadId,
    attached_key,
    image_info,
    read_content_type,
    read_reference_ids,
    read_session,
    upload_problem,
)
from .rules import (
    MAX_BODY_BYTES,
    MAX_JSON_NUMBER_CHARS,
    NO_ARTIST,
    FieldError,
    InvalidSubmission,
    SpamSignals,
    parse_submission,
)
from .store import SPAM, AlreadyAttached, MessageStore, StorageUnavailable, StoredMessage
from .uploads import UPLOAD_PATH, ImageLinks, UploadChanged, UploadStore, UploadsUnavailable

log = logging.getLogger(__name__)

DEFAULT_RATE_LIMIT = RateLimit(5, 600)
DEFAULT_UPLOAD_LIMIT = RateLimit(30, 600)  # grants per visitor: 5 images, redone a few times
DEFAULT_SPAM_RETENTION_S = 30 * 24 * 3600
THANK_YOU = "Thank you! Your message has been sent. We'll get back to you within 24 hours."
UNAVAILABLE = (
    "Sorry, we could not send your message right now. Please try again in a few minutes, "
    "or call or email us directly."
)
TOO_LARGE = "Your message is too large to send. Please shorten it and try again."
NOT_JSON = "The form data could not be read (expected JSON). Please reload the page and try again."
NOT_UTF8 = (
    "The form data could not be read (expected UTF-8 text). Please reload the page and try again."
)
NUMBER_TOO_LONG = (
    "The form data could not be read (a number in it is too long). "
    "Please reload the page and try again."
)
WRONG_METHOD = "Messages can only be sent with the contact form (POST)."
# A cross-site page can post text/plain (or form data) without asking the browser's CORS
# preflight first; requiring JSON means only our own form, or a script the browser has
# allowed, can post at all (docs/contact.md).
NOT_JSON_TYPE = (
    "Messages must be sent as JSON (Content-Type: application/json). "
    "Please reload the page and try again."
)
TOO_MANY = (
    "You have sent several messages in a short time. Please wait {minutes} and try again, "
    "or call or email us directly."
)


# Reference images (docs/contact.md, "Reference images"): the grant's answers, and what the
# form shows beside the images when the message cannot take them.
UPLOADS_UNAVAILABLE = (
    "Sorry, images cannot be uploaded right now. You can send your message without them, "
    "or try again in a few minutes."
)
TOO_MANY_UPLOADS = (
    "You have added many images in a short time. Please wait {minutes} and try again, "
    "or send your message without them."
)
UPLOADS_BUSY = (
    "Sorry, the studio has received many images in the last hour. Please try again in "
    "{minutes}, or send your message without them."
)
NOT_A_GRANT_REQUEST = "The request must be a JSON object naming the image's type."
NO_UPLOADS = (
    "Reference images cannot be received right now: please remove them and send your "
    "message without them."
)
IMAGE_MISSING = "was not found (it may have expired, or been sent with another message)"
IMAGE_TAKEN = "was already sent with another message"
REMOVE_OR_SEND = "Remove it and add it again, or send your message without it."
LINK_EXPIRED = (
    "This image link has expired. The image is still kept with the message: "
    "`python build.py messages` lists it."
)
LINK_UNKNOWN = "There is no image at this address."


class NotificationFailed(Exception):
    """The studio's email could not be sent; the message stays pending."""


class ArtistSource(Protocol):
    """The artists a visitor may name, as {slug: name} (settings.ArtistList, artists.py)."""

    def __call__(self) -> Mapping[str, str]: ...

    def including(self, slug: str) -> Mapping[str, str]:
        """The list to check slug against, looked up again when slug is not in it."""


class Notifier(Protocol):
    def send(self, message: StoredMessage, artist_name: str) -> None:
        """Email the studio about the message or raise NotificationFailed."""


@dataclass(frozen=True)
class Outcome:
    status: int
    body: dict
    headers: dict[str, str] = field(default_factory=dict)

    @classmethod
    def ok(cls) -> Outcome:
        return cls(200, {"success": True, "message": THANK_YOU})

    @classmethod
    def error(cls, status: int, text: str, **extra: object) -> Outcome:
        return cls(status, {"success": False, "error": text, **extra})


@dataclass(frozen=True)
class SendReport:
    sent: int
    failed: int
    errors: list[str]


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _minutes(seconds: float) -> str:
    minutes = max(1, round(seconds / 60 + 0.49))
    return "a minute" if minutes == 1 else f"{minutes} minutes"


class ContactService:
    """One instance per process: it holds the rate limiter's memory."""

    def __init__(
        self,
        store: MessageStore,
        notifier: Notifier | None,
        artists: ArtistSource,
        rate_limit: RateLimit = DEFAULT_RATE_LIMIT,
        min_fill_ms: int = 3000,
        spam_retention_s: float = DEFAULT_SPAM_RETENTION_S,
        now: Callable[[], str] = utc_now,
        new_id: Callable[[], str] = lambda: uuid.uuid4().hex,
        limiter: SlidingWindowLimiter | None = None,
        uploads: UploadStore | None = None,
        upload_limit: RateLimit = DEFAULT_UPLOAD_LIMIT,
        new_token: Callable[[int], str] = secrets.token_hex,
        upload_bytes_per_hour: int = 0,
        clock: Callable[[], float] = time.time,
    ):
        self.store = store
        self.notifier = notifier
        self.artists = artists
        self.min_fill_ms = min_fill_ms
        self.spam_retention_s = spam_retention_s
        self.now = now
        self.new_id = new_id
        self.limiter = limiter or SlidingWindowLimiter(rate_limit)
        self.uploads = uploads
        self.upload_limiter = SlidingWindowLimiter(upload_limit)
        self.new_token = new_token
        self.upload_bytes_per_hour = upload_bytes_per_hour  # all visitors together; 0: none
        self.clock = clock

    def read_json(
        self, method: str, body: bytes, content_type: str | None
    ) -> tuple[Outcome | None, object]:
        """The decoded JSON body of a POST, or the answer refusing it (405, 415, 413, 400)."""
        if method.upper() != "POST":
            return Outcome(405, Outcome.error(405, WRONG_METHOD).body, {"allow": "POST"}), None
        if not is_json_media_type(content_type):
            return Outcome.error(415, NOT_JSON_TYPE), None
        if len(body) > MAX_BODY_BYTES:
            return Outcome.error(413, TOO_LARGE), None
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            return Outcome.error(400, NOT_UTF8), None
        try:
            return None, json.loads(text, parse_int=_bounded_int)
        except _NumberTooLong:
            return Outcome.error(400, NUMBER_TOO_LONG), None
        except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
            return Outcome.error(400, NOT_JSON), None

    def submit(self, method: str, body: bytes, client: str, content_type: str | None) -> Outcome:
        """Answer one POST /api/contact (client: a validated address, see app.client_id)."""
        refused, payload = self.read_json(method, body, content_type)
        if refused is not None:
            return refused
        artists = self._artists_for(payload)
        reference_errors: list[FieldError] = []
        ids = read_reference_ids(payload, reference_errors) if isinstance(payload, dict) else []
        try:
            submission, signals = parse_submission(payload, artists)
        except InvalidSubmission as invalid:
            return _invalid([*invalid.errors, *reference_errors])
        if reference_errors:
            return _invalid(reference_errors)

        refused = _limited(self.limiter, client, TOO_MANY)
        if refused:
            return refused
        # The name is kept with the message: the studio reads "Rosa Delgado (rosa-delgado)"
        # even after the artist has left the site.
        artist_name = artists.get(submission.artist, "")
        message = StoredMessage.new(self.new_id(), self.now(), submission, client, artist_name)
        reason = self.spam_reason(signals)
        if reason:
            # A trap tells bots from people, but not always: keep it, never email it, and
            # answer exactly as for anyone else (docs/contact.md, "Spam").
            self._keep_spam(message, reason, ids)
            return Outcome.ok()
        if ids:
            attached = self._attach(message, ids)
            if isinstance(attached, Outcome):
                return attached
            message = attached
        try:
            self.store.add(message)
        except AlreadyAttached as taken:
            self._discard(message)
            return _refused_images(ids, dict.fromkeys(taken.upload_ids, IMAGE_TAKEN))
        except StorageUnavailable as exc:
            log.error("contact: message NOT stored, answered 503: %s", exc)
            self._discard(message)
            return Outcome.error(503, UNAVAILABLE)
        log.info("contact: stored message %s", message.id)
        if ids:
            self.uploads.release(ids)
        try:
            self.notify(message, artists)
        except Exception:
            # Kept is what the visitor is told about; the email is retried later.
            log.exception(
                "contact: email for message %s failed unexpectedly; kept pending", message.id
            )
        return Outcome.ok()

    def grant(self, method: str, body: bytes, client: str, content_type: str | None) -> Outcome:
        """Answer POST /api/contact/uploads: where and how to upload one image.

        Body: {"type": "image/jpeg" or "image/webp", "session": the session of an earlier
        grant, absent the first time}. The file never passes through here: the answer holds
        the form fields of a presigned POST (docs/contact.md, "Reference images").
        """
        refused, payload = self.read_json(method, body, content_type)
        if refused is not None:
            return refused
        if not isinstance(payload, dict):
            return Outcome.error(400, NOT_A_GRANT_REQUEST)
        try:
            session = read_session(payload.get("session"))
            image_type = read_content_type(payload.get("type"))
        except ValueError as problem:
            return Outcome.error(400, str(problem), fields={REFERENCES: str(problem)})
        if self.uploads is None:
            return Outcome.error(503, UPLOADS_UNAVAILABLE)
        refused = (
            _limited(self.upload_limiter, client, TOO_MANY_UPLOADS, "upload rate limit")
            or self._reserve_upload()
        )
        if refused:
            return refused
        upload = UploadId(session or self.new_token(16), self.new_token(8))
        try:
            fields = self.uploads.grant(upload, image_type)
        except UploadsUnavailable as exc:
            log.error("contact: no upload granted, answered 503: %s", exc)
            return Outcome.error(503, UPLOADS_UNAVAILABLE)
        return Outcome(
            200,
            {
                "success": True,
                "id": upload.text,
                "session": upload.session,
                "upload": {"url": UPLOAD_PATH, "fields": fields},
                "maxBytes": MAX_IMAGE_BYTES,
                "expiresIn": GRANT_SECONDS,
            },
        )

    def _reserve_upload(self) -> Outcome | None:
        """Count a grant's bytes against the hour's ceiling for all visitors (budget.py):
        None when they fit, else the 429 (or 503 when the store cannot count)."""
        if not self.upload_bytes_per_hour:
            return None
        hour = hour_of(self.clock())
        try:
            fits = self.store.reserve_upload_bytes(
                hour, MAX_IMAGE_BYTES, self.upload_bytes_per_hour
            )
        except StorageUnavailable as exc:
            log.error("contact: no upload granted (budget not counted), answered 503: %s", exc)
            return Outcome.error(503, UPLOADS_UNAVAILABLE)
        if fits:
            return None
        log.warning("contact: the hour's upload ceiling is reached (%s)", hour.key)
        text = UPLOADS_BUSY.format(minutes=_minutes(hour.seconds_left))
        return Outcome(
            429, Outcome.error(429, text).body, {"retry-after": str(math.ceil(hour.seconds_left))}
        )

    def open_image(self, method: str, path: str) -> Outcome:
        """Answer a click on an image link of the studio's email with a fresh presigned GET."""
        if method.upper() not in ("GET", "HEAD"):
            return Outcome(405, Outcome.error(405, "Use GET.").body, {"allow": "GET"})
        opener = getattr(self.uploads, "open_link", None)
        status, where = opener(path) if opener else (404, "")
        if status == 303:
            return Outcome(303, {"success": True}, {"location": where})
        return Outcome.error(status, LINK_EXPIRED if status == 410 else LINK_UNKNOWN)

    def _attach(self, message: StoredMessage, ids: list[UploadId]) -> StoredMessage | Outcome:
        """The message with its uploads inspected and copied beside it, or the answer
        refusing them (400 naming each image, 503 when storage cannot be reached)."""
        if self.uploads is None:
            return Outcome.error(400, NO_UPLOADS, fields={REFERENCES: NO_UPLOADS})
        problems: dict[str, str] = {}
        images: list[dict] = []
        try:
            found = []
            for upload in ids:
                seen = self.uploads.inspect(upload)
                problem = (
                    upload_problem(seen.size, seen.content_type, seen.head)
                    if seen
                    else IMAGE_MISSING
                )
                if problem:
                    problems[upload.text] = problem
                else:
                    found.append((upload, seen))
            for number, (upload, seen) in enumerate([] if problems else found, 1):
                info = image_info(seen.head)
                key = attached_key(message.id, number, info.content_type, message.status == SPAM)
                try:
                    self.uploads.attach(upload, seen, key)
                except UploadChanged:
                    problems[upload.text] = IMAGE_MISSING
                    continue
                images.append(
                    {
                        "upload": upload.text,
                        "key": key,
                        "type": info.content_type,
                        "bytes": seen.size,
                        "width": info.width,
                        "height": info.height,
                    }
                )
        except UploadsUnavailable as exc:
            log.error("contact: images unreachable, message NOT stored, answered 503: %s", exc)
            self.uploads.discard(image["key"] for image in images)
            return Outcome.error(503, UNAVAILABLE)
        if problems:
            self.uploads.discard(image["key"] for image in images)
            return _refused_images(ids, problems)
        return replace(message, images=tuple(images))

    def _discard(self, message: StoredMessage) -> None:
        if message.images and self.uploads is not None:
            self.uploads.discard(message.image_keys)

    def _artists_for(self, payload: object) -> Mapping[str, str]:
        wanted = payload.get("artist") if isinstance(payload, dict) else None
        if isinstance(wanted, str) and wanted and wanted != NO_ARTIST:
            return self.artists.including(wanted)
        return self.artists()

    def spam_reason(self, signals: SpamSignals) -> str:
        """Why the traps take this submission for spam; empty when they do not."""
        if signals.honeypot:
            return "honeypot: the hidden field was filled in"
        if signals.elapsed_ms is not None and signals.elapsed_ms < self.min_fill_ms:
            return f"too fast: filled in {signals.elapsed_ms} ms (minimum {self.min_fill_ms} ms)"
        return ""

    def _keep_spam(self, message: StoredMessage, reason: str, ids: list[UploadId]) -> None:
        created = datetime.fromisoformat(message.created_at).timestamp()
        spam = message.as_spam(reason, int(created + self.spam_retention_s))
        if ids and self.uploads is not None:
            # Its images go under spam/, deleted with it; any problem: kept without them.
            attached = self._attach(spam, ids)
            spam = attached if isinstance(attached, StoredMessage) else spam
        try:
            try:
                self.store.add(spam)
            except AlreadyAttached:
                self._discard(spam)
                spam = replace(spam, images=())
                self.store.add(spam)
        except StorageUnavailable as exc:
            log.error("contact: spam from %s NOT kept (%s): %s", message.client, reason, exc)
            self._discard(spam)
            return
        if spam.images:
            self.uploads.release(ids)
        log.warning("contact: message %s from %s kept as spam: %s", spam.id, spam.client, reason)

    def notify(self, message: StoredMessage, artists: Mapping[str, str] | None = None) -> bool:
        """Email the studio about a stored message; on failure it stays pending. True if sent."""
        if self.notifier is None:
            log.info("contact: no notifier configured; message %s stays pending", message.id)
            return False
        artists = self.artists() if artists is None else artists
        artist_name = (
            "No preference"
            if message.artist == NO_ARTIST
            else artists.get(message.artist) or message.artist_name or message.artist
        )
        try:
            self.notifier.send(message, artist_name)
        except NotificationFailed as exc:
            log.error("contact: email for message %s failed, kept pending: %s", message.id, exc)
            self._record(self.store.mark_failed, message.id, str(exc))
            return False
        self._record(self.store.mark_sent, message.id, self.now())
        return True

    def _record(self, update: Callable[[str, str], None], message_id: str, detail: str) -> None:
        try:
            update(message_id, detail)
        except StorageUnavailable as exc:
            # The message itself is stored; at worst it is emailed twice by send-pending.
            log.error("contact: could not record the email status of %s: %s", message_id, exc)

    def send_pending(self, limit: int = 100) -> SendReport:
        """Re-send the studio's email for every pending message (oldest first)."""
        if self.notifier is None:
            raise NotificationFailed(
                "no notifier is configured (set CONTACT_NOTIFY_FROM and CONTACT_NOTIFY_TO)"
            )
        sent, errors = 0, []
        artists = self.artists()
        for message in self.store.pending(limit):
            if self.notify(message, artists):
                sent += 1
            else:
                errors.append(message.id)
        return SendReport(sent, len(errors), errors)


def _limited(
    limiter: SlidingWindowLimiter, client: str, text: str, what: str = "rate limit"
) -> Outcome | None:
    """429 with Retry-After when the client is over the limit (the post counts otherwise)."""
    wait = limiter.retry_after(rate_key(client))
    if not wait:
        return None
    log.warning("contact: %s hit by %s", what, client)
    return Outcome(
        429,
        Outcome.error(429, text.format(minutes=_minutes(wait))).body,
        {"retry-after": str(max(1, round(wait)))},
    )


def _invalid(errors: list[FieldError]) -> Outcome:
    fields = {e.field: e.message for e in errors if e.field}
    return Outcome.error(400, " ".join(e.message for e in errors), fields=fields)


def _refused_images(ids: list[UploadId], problems: Mapping[str, str]) -> Outcome:
    """400 naming each refused image by its place in the form, and by its upload id (for the
    form to mark its thumbnail); the rest of the message is fine."""
    shown = [(n, u.text) for n, u in enumerate(ids, 1) if u.text in problems]
    text = " ".join(f"Image {n} {problems[i]}." for n, i in shown)
    advice = REMOVE_OR_SEND if len(shown) == 1 else REMOVE_OR_SEND.replace(" it", " them")
    return Outcome.error(
        400,
        f"{text} {advice}",
        fields={REFERENCES: f"{text} {advice}"},
        references={i: f"This image {problems[i]}." for _, i in shown},
    )


class _NumberTooLong(ValueError):
    pass


def _bounded_int(digits: str) -> int:
    # Checked before int() runs: converting a long digit string costs quadratic time, and
    # over 4300 digits Python raises a ValueError of its own.
    if len(digits) > MAX_JSON_NUMBER_CHARS:
        raise _NumberTooLong(digits[:20])
    return int(digits)


def is_json_media_type(content_type: str | None) -> bool:
    """True for `application/json`, with or without parameters such as charset."""
    media_type = (content_type or "").split(";", 1)[0].strip().lower()
    return media_type == "application/json"


# What visitor text may bring into a mail header: letters, marks, digits, spaces and these.
# Anything else becomes a space, so header text can hold neither a line break nor "=?", the
# start of an RFC 2047 encoded word, which Python's email package decodes (line breaks
# included) when it folds a header (CVE-2024-6923; docs/contact.md, "Headers").
_HEADER_PUNCTUATION = frozenset(" .,:;'’@&()+-_/!#")


def header_text(text: str, limit: int = 120) -> str:
    """Visitor text made safe for a mail header: one line of plain characters, trimmed."""
    kept = "".join(
        ch if ch in _HEADER_PUNCTUATION or unicodedata.category(ch)[0] in "LMN" else " "
        for ch in text
    )
    return " ".join(kept.split())[:limit].strip()


def artist_label(slug: str, name: str) -> str:
    """An artist as the studio reads them: "Rosa Delgado (rosa-delgado)", "No preference"."""
    if slug == NO_ARTIST:
        return "No preference"
    return f"{name} ({slug})" if name and name != slug else slug


def compose_email(
    message: StoredMessage,
    artist_name: str,
    studio: str = "Website",
    images: ImageLinks | None = None,
) -> tuple[str, str]:
    """Subject and plain-text body of the studio's notification."""
    subject = header_text(f"{studio} contact: {message.name} - {message.service}")
    lines = [
        "New message from the contact form on the website.",
        "",
        f"Name:      {message.name}",
        f"Email:     {message.email}",
        f"Phone:     {message.phone or '(not given)'}",
        f"Artist:    {artist_label(message.artist, artist_name)}",
        f"Service:   {message.service}",
        f"Received:  {message.created_at}",
        f"Reference: {message.id}",
        "",
        "Message:",
        message.message,
        "",
        *_image_lines(images),
        "--",
        f"Reply to this email to answer {message.name} directly.",
    ]
    return subject, "\n".join(lines) + "\n"


def _image_lines(images: ImageLinks | None) -> list[str]:
    if not images or not images.urls:
        return []
    count = len(images.urls)
    head = f"Reference images ({count}, {images.note}):"
    return [head, *(f"  {n}. {url}" for n, url in enumerate(images.urls, 1)), ""]
