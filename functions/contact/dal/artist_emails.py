"""The artists' private addresses, {slug: address}, from a file outside the site
(CONTACT_ARTIST_EMAILS_FILE): deploy-function packages it from the content, `build.py serve`
writes it beside the outbox (docs/contact.md, "Requests go to the artist").

Read again when the file changes (serve rewrites it after each build), bounded, and checked
entry by entry: an entry that is not a slug and a plain address is left out (that artist's
requests go to the studio, as before) and logged by its slug only.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from pathlib import Path

from ..models.mail import header_address

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 256 * 1024  # a few hundred artists; a real file is a few hundred bytes
MAX_ENTRIES = 1000
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def read_addresses(data: bytes, source: str = "artist emails") -> dict[str, str]:
    """The valid {slug: address} entries of the file's bytes; {} when it is not a JSON object."""
    if len(data) > MAX_FILE_BYTES:
        log.error("contact: %s is over %d bytes; no artist addresses used", source, MAX_FILE_BYTES)
        return {}
    try:
        raw = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        log.error("contact: %s is not JSON; no artist addresses used", source)
        return {}
    if not isinstance(raw, dict):
        log.error("contact: %s is not a JSON object; no artist addresses used", source)
        return {}
    found: dict[str, str] = {}
    for slug, address in list(raw.items())[:MAX_ENTRIES]:
        if not (isinstance(slug, str) and len(slug) <= 100 and _SLUG.fullmatch(slug)):
            log.warning("contact: %s: an entry that is not an artist slug is left out", source)
        elif not header_address(address):
            log.warning("contact: %s: the address of %s is not plain; left out", source, slug)
        else:
            found[slug] = address
    return found


class ArtistEmails:
    """An artist's private address by slug ("" for none), from path, re-read when it changes."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._lock = threading.Lock()
        self._seen: tuple[int, int] | None = None
        self._addresses: dict[str, str] = {}

    def __call__(self, slug: str) -> str:
        return self.addresses().get(slug, "")

    def addresses(self) -> dict[str, str]:
        try:
            stat = self.path.stat()
        except OSError:
            return {}  # no file: every request goes to the studio, as before
        seen = (stat.st_mtime_ns, stat.st_size)
        with self._lock:
            if seen != self._seen:
                try:
                    with self.path.open("rb") as file:
                        data = file.read(MAX_FILE_BYTES + 1)
                except OSError as exc:
                    log.error("contact: artist emails unreadable: %s", exc.strerror)
                    data = b"{}"
                self._addresses = read_addresses(data, self.path.name)
                self._seen = seen
            return self._addresses
