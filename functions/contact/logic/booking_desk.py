"""What the steps after a booking share (the consent form: consent.py; the aftercare and
review emails: after_booking.py): the service's store, the visitor's mailer, the studio's
addresses, the site's links and their secret, the booking rules and a clock."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..models.booking import BookingRules
from .confirmation import Mailer
from .ports import MessageStore
from .request_actions import Stored


@dataclass
class BookingDesk:
    source: Stored
    mailer: Mailer | None  # SES, or the outbox that keeps it where nothing is sent
    sender: str
    studio: tuple[str, ...]
    site_url: str
    secret: str
    booking: Callable[[], BookingRules]
    clock: Callable[[], float] = time.time

    @property
    def store(self) -> MessageStore:
        return self.source.store
