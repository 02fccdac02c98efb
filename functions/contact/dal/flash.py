"""The site's flash list, read live: on Lambda from the published site (kept TTL_S, read
again at once for an unknown id), in `serve` from the served build's api/flash/all.json
(docs/contact.md, "Flash designs")."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from ..models.flash import FlashDesign, parse_flash
from .artists import site_address
from .sitelists import TIMEOUT_S, LiveList, WatchedFile, fetch_list

LIST_PATH = "/api/flash/all.json"  # GET /api/flash?artist=all, as the CDN serves it
MAX_BYTES = 2 * 1024 * 1024  # a big studio's flash, with every image's variants listed


def fetch_flash(url: str, timeout_s: float = TIMEOUT_S) -> dict[str, FlashDesign]:
    """GET url (the site's flash list) and parse it; raise SiteUnreachable on any failure."""
    return fetch_list(url, parse_flash, "a flash list", MAX_BYTES, timeout_s)


class SiteFlash(LiveList[FlashDesign]):
    """On Lambda: the published site's flash list, read live."""

    def __init__(
        self,
        site_url: str,
        fetch: Callable[[str], dict[str, FlashDesign]] = fetch_flash,
        clock: Callable[[], float] = time.monotonic,
    ):
        super().__init__(site_address(site_url, LIST_PATH), fetch, dict, clock, "flash list")
        self.base_url = site_url.rstrip("/")

    def find(self, design_id: str) -> tuple[FlashDesign | None, bool]:
        designs, reachable = self.lookup(design_id)
        return designs.get(design_id), reachable


class FileFlash:
    """In `serve`: the served build's api/flash/all.json, re-read after a rebuild. No file
    (path None, or a build without flash) counts as a site that cannot be read."""

    def __init__(self, path: Path | None, base_url: str = ""):
        self.base_url = base_url.rstrip("/")
        self._file = WatchedFile(path, parse_flash, "flash list") if path else None

    def find(self, design_id: str) -> tuple[FlashDesign | None, bool]:
        designs = self._file.read() if self._file is not None else None
        if designs is None:
            return None, False
        return designs.get(design_id), True
