"""What the logic asks of the data: the message store and the image store, as protocols.

The logic owns these; the adapters in dal/ (the SQLite outbox, DynamoDB, the local folder,
S3) satisfy them without importing them (docs/architecture.md, the contact function's layers).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Set
from typing import Protocol

from ..models.budget import Hour
from ..models.message import StoredMessage
from ..models.payments import Checkout, PaymentEvent
from ..models.references import ImageLinks, Upload, UploadId
from ..models.retention import Purged


class MessageStore(Protocol):
    def add(self, message: StoredMessage) -> None:
        """Keep the message durably or raise StorageUnavailable; AlreadyAttached (and keep
        nothing) when one of its images' uploads belongs to another message; AlreadyHeld (and
        keep nothing) when message.hold, a design id, is held by another message. The hold is
        kept in the same write as the message."""

    def held(self, limit: int) -> list[str]:
        """The ids of the flash designs held now, at most limit of them."""

    def mark_sent(self, message_id: str, at: str) -> None: ...

    def mark_failed(self, message_id: str, error: str) -> None:
        """Record a failed notification; the message stays pending."""

    def pending(self, limit: int = 100) -> list[StoredMessage]: ...

    def list(self, limit: int | None = None) -> list[StoredMessage]:
        """Newest first."""

    def get(self, message_id: str) -> StoredMessage | None:
        """The message with this id, None when there is none."""

    def spam_between(self, start: str, end: str, limit: int) -> tuple[list[StoredMessage], int]:
        """The spam created from start (included) to end (excluded), ISO 8601 UTC, oldest
        first, at most limit of them; and how many there are in all."""

    def release_spam(self, message: StoredMessage, now: float) -> bool:
        """Write message (StoredMessage.released) over the stored spam of the same id, only if
        that is still spam and not expired at now, in one conditional write; False (nothing
        written) otherwise: released already, or deleted."""

    def change_state(self, message: StoredMessage, from_state: str) -> bool:
        """Write message's state, state_history, deposit_cents, checkout_session and hold
        over the stored message of the same id, only if that is still in from_state (a
        message without a state is `new`) and not spam, in one conditional write; False
        (nothing written) otherwise: another change came first (request_state.py). A move to
        a state of request_state.RELEASES_HOLD (declined, expired) releases the message's
        hold in the same write (and stores it without one)."""

    def claim_once(self, key: str, now: float, keep_s: float) -> bool:
        """Record key (a webhook event id, a reminder) unless it is recorded already, in one
        conditional write every process sees, kept keep_s seconds; False (nothing written)
        when it was: someone else acts on it."""

    def release_once(self, key: str) -> None:
        """Forget key, so it can be claimed again (its work failed before it was done)."""

    def in_states(self, states: tuple[str, ...]) -> list[StoredMessage]:
        """The messages (not spam) in one of states (a message without a state is `new`),
        oldest first: what the daily digest lists as waiting (logic/daily_digest.py)."""

    def reserve_upload_bytes(self, hour: Hour, size: int, ceiling: int) -> bool:
        """Add size to the hour's count of granted image bytes unless that passes ceiling, in
        one atomic write every process sees; False (nothing added) when it would."""

    def count_in_hour(self, hour: Hour, ceiling: int) -> int:
        """Add one to the hour's count unless it is past ceiling already, in one atomic
        write every process sees; the count after it: at most ceiling, within it; ceiling + 1,
        the first one past it (once an hour, whichever process); ceiling + 2 (nothing
        written) for each one after."""

    def reserve_confirmation(self, key: str, now: float, window_s: float) -> bool:
        """Record that key (an address's digest) is sent a confirmation at now, unless one was
        recorded less than window_s before, in one atomic write every process sees; False
        (nothing written) when one was."""

    def purge_expired(self, now: float | None = None) -> Purged:
        """Delete the messages whose expires_at has passed (models/retention.py), with the
        rows or items naming them; their ids, and those of the messages kept (the outbox
        deletes their images too)."""

    def confirmation_at(self, key: str) -> float | None:
        """When the address digest key was last sent a confirmation (None: no record)."""

    def kept_emails(self) -> list[tuple[float, tuple[str, ...], bytes]]:
        """The emails kept instead of sent, newest first: (kept at, Unix seconds; recipients;
        raw). Only the local outbox keeps any (no SES there); on AWS none."""

    def forget(
        self,
        message_ids: list[str],
        confirmation_key: str = "",
        names: Callable[[tuple[str, ...], bytes], bool] | None = None,
    ) -> list[str]:
        """Delete these messages, whatever names them, the address's confirmation record and
        the kept emails `names` is true of; what was deleted (docs/privacy.md, "Export and
        deletion on request")."""


class UploadStore(Protocol):
    location: str  # where the images are, for `messages` (a folder or s3://bucket)

    def grant(self, upload: UploadId, content_type: str) -> dict[str, str]:
        """The form fields of a POST that may store one image at upload.pending_key."""

    def inspect(self, upload: UploadId) -> Upload | None:
        """The pending upload, or None when there is none (expired, used, never made)."""

    def attach(self, upload: UploadId, found: Upload, key: str) -> None:
        """Copy the inspected upload to key; UploadChanged if it is no longer that file."""

    def release(self, uploads: Iterable[UploadId]) -> None:
        """Delete pending uploads that are now attached (their copies stay)."""

    def copy(self, key: str, new_key: str) -> None:
        """Copy a kept image to new_key (a released spam's, spam/ to messages/);
        UploadsUnavailable when it cannot."""

    def discard(self, keys: Iterable[str]) -> None:
        """Delete attached copies whose message could not be stored."""

    def links(self, keys: list[str]) -> ImageLinks:
        """How the studio's email points at the images."""

    def message_keys(self, message_ids: Iterable[str]) -> list[str]:
        """Every image kept for these messages (under messages/ and spam/)."""

    def forget_messages(self, message_ids: Iterable[str]) -> object:
        """Delete every image of these messages."""

    def sweep(self, live: Set[str], now: float) -> list[str]:
        """Delete the images of every message not in live, unless changed within
        SWEEP_MIN_AGE_S of now (its message may be being stored); the keys deleted."""

    def fetch(self, key: str) -> bytes | None:
        """An image's bytes; None when it is gone."""


class Payments(Protocol):
    """Stripe Checkout (dal/stripe_checkout.py); every call raises PaymentsUnavailable when
    Stripe cannot be reached or refuses it."""

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
    ) -> Checkout: ...

    def retrieve(self, session_id: str) -> Checkout | None:
        """The session, None when Stripe has none of that id."""

    def expire(self, session_id: str) -> Checkout | None:
        """Close an open session; the session as it is after (complete: paid first)."""

    def verify(self, payload: bytes, signature: str) -> PaymentEvent:
        """The webhook's event, or BadSignature."""
