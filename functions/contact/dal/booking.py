"""The site's booking rules, read live (docs/contact.md, "Deposits"): on Lambda from the
published site's /api/booking.json (the flash list's bounded, cached fetch: sitelists.py),
in `serve` from the served build's dist/api/booking.json. Missing or unreadable: the
defaults (models/booking.DEFAULT) and a log line, never a failure."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

from ..models.booking import DEFAULT, BookingRules, parse_booking
from .artists import site_address
from .sitelists import TIMEOUT_S, LiveList, WatchedFile, fetch_list

log = logging.getLogger(__name__)

LIST_PATH = "/api/booking.json"
MAX_BYTES = 256 * 1024  # a few services, artists and reasons, and the aftercare guides
_KEY = "rules"  # LiveList keeps a mapping: the rules under one key


def fetch_booking(url: str, timeout_s: float = TIMEOUT_S) -> dict[str, BookingRules]:
    return {_KEY: fetch_list(url, parse_booking, "booking rules", MAX_BYTES, timeout_s)}


class SiteBooking:
    """On Lambda: the published site's booking.json, read again after a minute."""

    def __init__(
        self,
        site_url: str,
        fetch: Callable[[str], dict[str, BookingRules]] = fetch_booking,
        clock: Callable[[], float] = time.monotonic,
    ):
        url = site_address(site_url, LIST_PATH)
        self._list = LiveList(url, fetch, lambda: {_KEY: DEFAULT}, clock, "booking rules")

    def __call__(self) -> BookingRules:
        return self._list().get(_KEY, DEFAULT)


class FileBooking:
    """In `serve` (and `build.py` locally): the build's api/booking.json, re-read after a
    rebuild; the defaults while there is none."""

    def __init__(self, path: Path | None):
        self._file = WatchedFile(path, parse_booking, "booking rules") if path else None

    def __call__(self) -> BookingRules:
        rules = self._file.read() if self._file is not None else None
        return rules if rules is not None else DEFAULT


def fixed(rules: BookingRules = DEFAULT) -> Callable[[], BookingRules]:
    """Rules that never change (no site to read them from)."""
    return lambda: rules
