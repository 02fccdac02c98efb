"""How long a message is kept (site.yaml `retention`, read from api/booking.json): pure rules,
no I/O (docs/privacy.md, "How long requests are kept").

A message is kept `requests_days` from when it was stored, or from its latest change of
state, and `bookings_days` from its booking once booked (or from its signature, once the
consent form is signed). The stores write the moment it is due in the message's `expires_at`
(the DynamoDB table's time-to-live attribute) every time they store or change it, so the
figure moves with the state in the same write. Spam keeps its own, shorter expiry
(CONTACT_SPAM_RETENTION_DAYS).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from .message import SPAM, StoredMessage
from .request_state import BOOKINGS

DAY_S = 24 * 3600
DEFAULT_REQUESTS_DAYS = 180
DEFAULT_BOOKINGS_DAYS = 730
MAX_DAYS = 3650  # as site.yaml allows
# The moves a request can make before it rests (new -> waitlisted -> accepted -> booked): each
# restarts the clock, so no message lives longer than this many periods (deploy_aws.py's
# lifecycle rule for images is set from it).
_MOST_MOVES = 3


@dataclass(frozen=True)
class Retention:
    requests_days: int = DEFAULT_REQUESTS_DAYS
    bookings_days: int = DEFAULT_BOOKINGS_DAYS

    def longest_days(self) -> int:
        """The longest any message can be kept: every move made just before it was due."""
        return _MOST_MOVES * self.requests_days + self.bookings_days


DEFAULT_RETENTION = Retention()


@dataclass(frozen=True)
class Purged:
    """What a store's purge did: the ids of the messages it deleted, and of every message
    left after it (the daily pass sweeps the bucket against these, without reading the
    store a second time)."""

    deleted: list[str]
    kept: frozenset[str]


def _seconds(iso: str) -> float:
    try:
        moment = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return 0.0
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def since(message: StoredMessage) -> float:
    """When the message's period started: its latest move, else when it was stored."""
    moves = [_seconds(str(entry.get("at", ""))) for entry in message.state_history]
    return max([_seconds(message.created_at), *moves])


def due_at(message: StoredMessage, retention: Retention) -> int:
    """Unix seconds at which the message is deleted (spam: its own expiry, unchanged)."""
    if message.status == SPAM:
        return message.expires_at
    days = retention.bookings_days if message.state in BOOKINGS else retention.requests_days
    return math.ceil(since(message)) + days * DAY_S


def kept(message: StoredMessage, retention: Retention) -> StoredMessage:
    """The message with expires_at set by the rules (what the stores write)."""
    return replace(message, expires_at=due_at(message, retention))


def parse_retention(value: object) -> Retention:
    """booking.json's `retention` ({} or absent: the defaults); ValueError naming the field."""
    if value is None:
        return DEFAULT_RETENTION
    if not isinstance(value, dict):
        raise ValueError("retention: an object with requests_days and bookings_days")
    days = {}
    for name, default in (
        ("requests_days", DEFAULT_REQUESTS_DAYS),
        ("bookings_days", DEFAULT_BOOKINGS_DAYS),
    ):
        given = value.get(name, default)
        if isinstance(given, bool) or not isinstance(given, int) or not 1 <= given <= MAX_DAYS:
            raise ValueError(f"retention.{name}: whole days from 1 to {MAX_DAYS}, got {given!r}")
        days[name] = given
    return Retention(**days)


def backfilled(message: StoredMessage, retention: Retention, now: float) -> int:
    """The expiry of a message stored before retention existed (expires_at 0): its due time,
    but no sooner than a full period from now, so an upgrade deletes nothing at once."""
    return max(due_at(message, retention), math.ceil(now) + retention.requests_days * DAY_S)
