"""A message as it is kept: its fields, its statuses and what the stores may raise.

Store first, then notify: a message is `pending` from the moment it is stored until the
studio's email has gone out (`sent`). A message caught by a spam trap is kept as `spam`,
with the reason, never emailed, and deleted once `expires_at` (Unix seconds) has passed.
The stores themselves are in dal/ (outbox.py, dynamodb.py); what the logic asks of them, in
logic/ports.py.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace

from .rules import Submission

PENDING = "pending"
SENT = "sent"
SPAM = "spam"
# The things done once that name a message ("<what>#<message id>", MessageStore.claim_once:
# logic/deposit_schedule.py, logic/after_booking.py): both stores forget them with it.
ONCE_PER_MESSAGE = ("deposit-reminder", "aftercare", "review")


class StorageUnavailable(Exception):
    """The store could not keep the message; nothing may be reported as sent."""


class AlreadyAttached(Exception):
    """An upload the message names is attached to another message already (nothing kept)."""

    def __init__(self, upload_ids: list[str]):
        super().__init__(", ".join(upload_ids))
        self.upload_ids = upload_ids


class AlreadyHeld(Exception):
    """The one-off flash design the message would hold is held by another message already
    (nothing kept): docs/contact.md, "A one-off design is held by the first claim"."""

    def __init__(self, design_id: str):
        super().__init__(design_id)
        self.design_id = design_id


@dataclass(frozen=True)
class StoredMessage:
    id: str
    created_at: str  # ISO 8601, UTC
    name: str
    email: str
    phone: str
    artist: str
    service: str
    message: str
    client: str
    status: str = PENDING
    attempts: int = 0
    last_error: str = ""
    sent_at: str = ""
    spam_reason: str = ""  # why a spam trap caught it (status spam only)
    expires_at: int = 0  # Unix seconds after which it is deleted; 0: kept
    artist_name: str = ""  # the artist's name when the message came ("" for no preference)
    # Reference images attached to it, in the visitor's order: {"upload": the upload id,
    # "key": where it is kept, "type", "bytes", "width", "height"} (docs/contact.md).
    images: tuple[dict, ...] = ()
    # The flash design it claims, as the site listed it then: {"id", "verified", "title",
    # "size", "price", "image", "artist_id", "artist", "repeatable"}; only {"id", "verified":
    # false} when the site could not be read; {} for none (logic/flash.py).
    flash: dict = field(default_factory=dict)
    # The tattoo request's fields the visitor gave: {"placement", "size", "colour", "budget",
    # "availability": [...], "first_tattoo": bool, "age"}, only those given ({} for none).
    request: dict = field(default_factory=dict)
    policies_version: str = ""  # the version of the policies the visitor saw ("": not sent)
    waitlist: bool = False  # a consultation for an artist whose books are on a waitlist
    # When the studio released it from the spam traps with the digest's "Not spam" link
    # (spam_review.py); it keeps its spam_reason as a record of why it was caught.
    released_at: str = ""
    lang: str = "en"  # the language the visitor wrote in, "en" or "es" (language.py)
    # A request's state (request_state.py; "new" for a message stored before states): its
    # moves as {"state", "at", "by"} (and the studio's reason, note, when), oldest first.
    state: str = "new"
    state_history: tuple[dict, ...] = ()
    deposit_cents: int = 0  # the deposit asked on Accept (0: none)
    checkout_session: str = ""  # the payment's session id (#41 item 3; "" for none)
    hold: str = ""  # the one-off flash design it holds (#41 item 4; "": absent)
    # The signed consent form of a booking (#42, logic/consent.py): {"signed_at", "name",
    # "dob", "id_type", "id_last4", "guardian"?, "answers", ...}; {} until it is signed.
    consent: dict = field(default_factory=dict)
    # The day of the session, "YYYY-MM-DD" in the studio's time zone, when the studio gave
    # one on Accept (#42: the aftercare and review emails go by it; "": not set).
    session_date: str = ""

    @classmethod
    def new(
        cls, id: str, created_at: str, submission: Submission, client: str, artist_name: str = ""
    ) -> StoredMessage:
        return cls(
            id=id,
            created_at=created_at,
            client=client,
            artist_name=artist_name,
            **asdict(submission),
        )

    @property
    def image_keys(self) -> list[str]:
        return [image["key"] for image in self.images]

    def as_spam(self, reason: str, expires_at: int) -> StoredMessage:
        # Spam never holds a design: a bot must not take one off the site.
        return replace(self, status=SPAM, spam_reason=reason, expires_at=expires_at, hold="")

    def expired(self, now: float) -> bool:
        return 0 < self.expires_at <= now

    def to_dict(self) -> dict:
        values = asdict(self)
        values["images"] = [dict(image) for image in self.images]
        values["state_history"] = [dict(entry) for entry in self.state_history]
        return values

    def released(self, at: str, images: tuple[dict, ...]) -> StoredMessage:
        """The spam the studio released: a message pending its email, kept without expiry,
        its images at their new keys."""
        return replace(self, status=PENDING, expires_at=0, released_at=at, images=images)

    def sent(self, at: str) -> StoredMessage:
        return replace(self, status=SENT, sent_at=at, attempts=self.attempts + 1, last_error="")
