"""The contact service: check, defend, store, then notify. Storage and mail are injected.

It takes what the HTTP layer (app.py) read from a request, a decoded JSON payload and the
visitor's address, and answers with an `Outcome` (outcomes.py). It never imports boto3 nor
the email package: the store, the image store and the notifier are handed to it.
"""

from __future__ import annotations

import logging
import math
import secrets
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Protocol

from ..contract import UPLOAD_PATH
from ..models.books import closed_books, with_books
from ..models.budget import hour_of
from ..models.flash import FIELD as FLASH
from ..models.flash import HOLDS_CACHE_CONTROL, MAX_HOLDS_LISTED
from ..models.message import (
    SPAM,
    AlreadyAttached,
    AlreadyHeld,
    StorageUnavailable,
    StoredMessage,
)
from ..models.outcomes import (
    NotificationFailed,
    Outcome,
    SendReport,
    invalid_fields,
    limited,
    refused_images,
)
from ..models.ratelimit import UNSIGNED, RateLimit, SlidingWindowLimiter
from ..models.references import FIELD as REFERENCES
from ..models.references import (
    GRANT_SECONDS,
    MAX_IMAGE_BYTES,
    UploadChanged,
    UploadId,
    UploadsUnavailable,
    attached_key,
    image_info,
    read_content_type,
    read_reference_ids,
    read_session,
    upload_problem,
)
from ..models.rules import NO_ARTIST, FieldError, InvalidSubmission, SpamSignals, parse_submission
from ..words.language import Texts, minutes, read_lang, texts
from ..words.messages import LINK_EXPIRED, LINK_UNKNOWN
from .confirmation import Confirmations
from .flash import FlashSource, NoFlash, claim_flash, with_claim
from .ports import MessageStore, UploadStore

if TYPE_CHECKING:
    from .after_booking import AfterSessions
    from .consent import ConsentDesk
    from .deposits import DepositDesk
    from .forget_link import ForgetLinks
    from .request_actions import RequestActions
    from .spam_review import SpamReview

log = logging.getLogger(__name__)

DEFAULT_RATE_LIMIT = RateLimit(5, 600)
DEFAULT_UPLOAD_LIMIT = RateLimit(30, 600)  # grants per visitor: 5 images, redone a few times
# Messages and grants together of every request through the site without Netlify's
# signature (proxy.UNSIGNED): 10 visitors sending 5 images each per 10 minutes.
DEFAULT_UNSIGNED_LIMIT = RateLimit(60, 600)
DEFAULT_SPAM_RETENTION_S = 30 * 24 * 3600


class ArtistSource(Protocol):
    """The artists a visitor may name, as {slug: name} (dal/artists.py: ArtistList, SiteArtists)."""

    def __call__(self) -> Mapping[str, str]: ...

    def including(self, slug: str) -> Mapping[str, str]:
        """The list to check slug against, looked up again when slug is not in it."""


class Notifier(Protocol):
    def send(self, message: StoredMessage, artist_name: str) -> None:
        """Email the studio about the message or raise NotificationFailed."""


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


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
        flash: FlashSource | None = None,
        confirmations: Confirmations | None = None,
        unsigned_limit: RateLimit = DEFAULT_UNSIGNED_LIMIT,
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
        # Requests through the site that Netlify did not sign share this one instead of
        # either per-visitor limit: they all come from Netlify's edge (proxy.py).
        self.unsigned_limiter = SlidingWindowLimiter(unsigned_limit)
        self.new_token = new_token
        self.upload_bytes_per_hour = upload_bytes_per_hour  # all visitors together; 0: none
        self.clock = clock
        # The site's flash designs (dal/flash.py); none known: every claim is kept unverified.
        self.flash = flash if flash is not None else NoFlash()
        self.confirmations = confirmations  # None: no email to the visitor (confirmation.py)
        # The spam digest and its "Not spam" links (spam_review.py), set by the wiring
        # (handlers/app.py) once this exists: the review reads this through a protocol.
        self.spam_review: SpamReview | None = None
        # A request's Accept, Decline and Waitlist links (request_actions.py), likewise.
        self.request_actions: RequestActions | None = None
        # The visitor's "Delete my request" link (forget_link.py), likewise.
        self.forget_links: ForgetLinks | None = None
        # The deposit's pay link, Stripe's webhook and the daily pass (deposits.py).
        self.deposits: DepositDesk | None = None
        # The consent form of a booking and the studio's copy (consent.py).
        self.consent: ConsentDesk | None = None
        # The aftercare and review emails after a session (after_booking.py).
        self.after_sessions: AfterSessions | None = None
        # Where no email is sent (a laptop's outbox): the studio's email composed and kept
        # instead (dal/kept_mail.py, for `build.py mail`); the message stays pending.
        self.unsent: Notifier | None = None

    def submit(self, payload: object, client: str) -> Outcome:
        """Answer one POST /api/contact, its JSON body read (client: a validated address, see
        proxy.client_id), in the language the body asks for (`lang`, language.py)."""
        t = texts(read_lang(payload))
        artists = self._artists_for(payload)
        more_errors: list[FieldError] = []  # the images' and the flash design's
        ids = read_reference_ids(payload, more_errors, t) if isinstance(payload, dict) else []
        claim = claim_flash(self.flash, payload, artists, more_errors, t)
        try:
            submission, signals = parse_submission(payload, artists)
        except InvalidSubmission as invalid:
            return invalid_fields([*invalid.errors, *more_errors])
        if more_errors:
            return invalid_fields(more_errors)

        # The name is kept with the message: the studio reads "Rosa Delgado (rosa-delgado)"
        # even after the artist has left the site.
        artist_name = str(artists.get(submission.artist, ""))
        message = StoredMessage.new(self.new_id(), self.now(), submission, client, artist_name)
        message = with_books(with_claim(message, claim), artists)
        refused = closed_books(message, artists) or self._limited(client, t)
        if refused:
            return refused
        reason = self.spam_reason(signals)
        if reason:
            # A trap tells bots from people, but not always: keep it, never email it, and
            # answer exactly as for anyone else (docs/contact.md, "Spam").
            self._keep_spam(message, reason, ids)
            return Outcome.ok(t)
        if ids:
            attached = self._attach(message, ids)
            if isinstance(attached, Outcome):
                return attached
            message = attached
        try:
            self.store.add(message)
        except AlreadyAttached as taken:
            self._discard(message)
            return refused_images(ids, dict.fromkeys(taken.upload_ids, t.IMAGE_TAKEN), t)
        except AlreadyHeld:
            # Another visitor's claim came first (docs/contact.md, "A one-off design is held
            # by the first claim"): a 409 saying only that, the form keeps what was typed.
            self._discard(message)
            log.info("contact: flash design %s is held; the claim answered 409", message.hold)
            return Outcome.error(409, t.FLASH_HELD, fields={FLASH: t.FLASH_HELD})
        except StorageUnavailable as exc:
            log.error("contact: message NOT stored, answered 503: %s", exc)
            self._discard(message)
            return Outcome.error(503, t.UNAVAILABLE)
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
        if self.confirmations is not None:
            self.confirmations.send(message)  # never raises: the message is kept regardless
        return Outcome.ok(t)

    def grant(self, payload: object, client: str) -> Outcome:
        """Answer POST /api/contact/uploads: where and how to upload one image.

        Body: {"type": "image/jpeg" or "image/webp", "session": the session of an earlier
        grant, absent the first time; "lang": optional, as for a message}. The file never
        passes through here: the answer holds the form fields of a presigned POST
        (docs/contact.md, "Reference images").
        """
        t = texts(read_lang(payload))
        if not isinstance(payload, dict):
            return Outcome.error(400, t.NOT_A_GRANT_REQUEST)
        try:
            session = read_session(payload.get("session"), t)
            image_type = read_content_type(payload.get("type"), t)
        except ValueError as problem:
            return Outcome.error(400, str(problem), fields={REFERENCES: str(problem)})
        if self.uploads is None:
            return Outcome.error(503, t.UPLOADS_UNAVAILABLE)
        refused = self._limited(client, t, uploads=True) or self._reserve_upload(t)
        if refused:
            return refused
        upload = UploadId(session or self.new_token(16), self.new_token(8))
        try:
            fields = self.uploads.grant(upload, image_type)
        except UploadsUnavailable as exc:
            log.error("contact: no upload granted, answered 503: %s", exc)
            return Outcome.error(503, t.UPLOADS_UNAVAILABLE)
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

    def _limited(self, client: str, t: Texts, uploads: bool = False) -> Outcome | None:
        """The 429 of the visitor's limit (messages, or image grants), or None; an unsigned
        request through the site counts against the limit all of them share (proxy.py)."""
        text = t.TOO_MANY_UPLOADS if uploads else t.TOO_MANY
        if client == UNSIGNED:
            return limited(self.unsigned_limiter, client, text, "unsigned requests' limit", t)
        if uploads:
            return limited(self.upload_limiter, client, text, "upload rate limit", t)
        return limited(self.limiter, client, text, t=t)

    def _reserve_upload(self, t: Texts) -> Outcome | None:
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
            return Outcome.error(503, t.UPLOADS_UNAVAILABLE)
        if fits:
            return None
        log.warning("contact: the hour's upload ceiling is reached (%s)", hour.key)
        text = t.UPLOADS_BUSY.format(minutes=minutes(hour.seconds_left, t))
        return Outcome(
            429, Outcome.error(429, text).body, {"retry-after": str(math.ceil(hour.seconds_left))}
        )

    def flash_holds(self) -> Outcome:
        """Answer GET /api/flash/holds: {"held": [design id, ...]}, at most MAX_HOLDS_LISTED,
        cacheable for a minute (the flash screens read it after their first paint)."""
        try:
            held = self.store.held(MAX_HOLDS_LISTED)
        except StorageUnavailable as exc:
            log.error("contact: flash holds unreadable, answered 503: %s", exc)
            return Outcome.error(503, texts("en").UNAVAILABLE)
        headers = {"cache-control": HOLDS_CACHE_CONTROL}
        return Outcome(200, {"held": held[:MAX_HOLDS_LISTED]}, headers)

    def open_image(self, path: str) -> Outcome:
        """Answer a click (GET) on an image link of the studio's email with a fresh presigned
        GET."""
        opener = getattr(self.uploads, "open_link", None)
        status, where = opener(path) if opener else (404, "")
        if status == 303:
            return Outcome(303, {"success": True}, {"location": where})
        return Outcome.error(status, LINK_EXPIRED if status == 410 else LINK_UNKNOWN)

    def _attach(self, message: StoredMessage, ids: list[UploadId]) -> StoredMessage | Outcome:
        """The message with its uploads inspected and copied beside it, or the answer
        refusing them (400 naming each image, 503 when storage cannot be reached), in the
        message's language."""
        t = texts(message.lang)
        if self.uploads is None:
            return Outcome.error(400, t.NO_UPLOADS, fields={REFERENCES: t.NO_UPLOADS})
        problems: dict[str, str] = {}
        images: list[dict] = []
        try:
            found = []
            for upload in ids:
                seen = self.uploads.inspect(upload)
                problem = (
                    upload_problem(seen.size, seen.content_type, seen.head, t)
                    if seen
                    else t.IMAGE_MISSING
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
                    problems[upload.text] = t.IMAGE_MISSING
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
            return Outcome.error(503, t.UNAVAILABLE)
        if problems:
            self.uploads.discard(image["key"] for image in images)
            return refused_images(ids, problems, t)
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
        if self.notifier is None and self.unsent is None:
            log.info("contact: no notifier configured; message %s stays pending", message.id)
            return False
        artists = self.artists() if artists is None else artists
        artist_name = (
            "No preference"
            if message.artist == NO_ARTIST
            else artists.get(message.artist) or message.artist_name or message.artist
        )
        if self.notifier is None:
            log.info("contact: no notifier configured; message %s stays pending", message.id)
            if self.unsent is not None:
                try:
                    self.unsent.send(message, artist_name)
                except (NotificationFailed, StorageUnavailable) as exc:
                    log.error("contact: the email for %s was not kept: %s", message.id, exc)
            return False
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
