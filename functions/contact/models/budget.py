"""Ceilings per hour for all visitors together, counted where every copy of the function
sees them: the message store (DynamoDB on AWS, the SQLite outbox locally). Two of them: the
image bytes granted (below), and the confirmations emailed to visitors (confirmation.py).

The per-visitor limit is kept in each instance's memory and keyed on an address; this one
is not, so no number of instances or addresses gets past it. Each grant reserves what it
lets into storage (MAX_IMAGE_BYTES) against the current UTC hour, with one atomic
conditional write; an attached image is not given back, so the count bounds what can reach
the bucket in an hour, whatever happens to it after (docs/contact.md, "Reference images").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

# Key of an hour's counter in the store: DynamoDB item id, SQLite row; then what it counts.
KEY_PREFIX = "budget#"
UPLOADS = "uploads"
CONFIRMATIONS = "confirmations"
# Key of the one-per-address-per-hour record of a visitor's confirmation (logic/confirmation.py).
CONFIRMATION_PREFIX = "confirm#"
# A counter is useless once its hour is over; DynamoDB's time to live removes it later.
KEEP_S = 2 * 24 * 3600


@dataclass(frozen=True)
class Hour:
    key: str  # e.g. "budget#uploads#2026-11-22T03"
    seconds_left: float  # until the next hour's counter starts at 0
    expires_at: int  # Unix seconds after which the counter may be deleted


def hour_of(now: float, what: str = UPLOADS) -> Hour:
    start = datetime.fromtimestamp(now, UTC).replace(minute=0, second=0, microsecond=0)
    end = start.timestamp() + 3600
    return Hour(f"{KEY_PREFIX}{what}#{start:%Y-%m-%dT%H}", end - now, int(end + KEEP_S))
