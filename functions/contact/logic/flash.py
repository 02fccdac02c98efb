"""Flash designs a message may claim (the optional `flash` field), checked against the site.

A visitor claims a ready-drawn design from the Flash page; the form sends its id,
"<artist-slug>/<stem>", from the site's static API (GET /api/flash?artist=all, the file
api/flash/all.json). The function refuses an id that is malformed, unknown, or of a one-off
design already claimed, and keeps the design as the site listed it (title, size, price,
image) with the message. The list is read live like the artists (sitelists.py): on Lambda
from the published site, kept TTL_S and read again at once for an unknown id, so a design
marked claimed in content is refused without a redeploy; in `serve` from the served build's
dist/api/flash/all.json. When the site cannot be reached, a well-formed id is accepted and
recorded as unverified, and the studio's email says so: a lead is never lost for that.
A claim changes no content: the studio marks a design claimed after the appointment
(docs/contact.md, "Flash designs").
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from . import messages as en
from .artists import site_address
from .language import Texts
from .rules import NO_ARTIST, FieldError
from .sitelists import TIMEOUT_S, LiveList, WatchedFile, fetch_list, one_line
from .store import StoredMessage

log = logging.getLogger(__name__)

FIELD = "flash"
LIST_PATH = "/api/flash/all.json"  # GET /api/flash?artist=all, as the CDN serves it
MAX_BYTES = 2 * 1024 * 1024  # a big studio's flash, with every image's variants listed
# "<artist-slug>/<stem>", both in the build's slug rule; 64 + 1 + 64 characters at most.
DESIGN_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*/[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_ID = 130
MAX_TEXT = 200  # a title, a size or an artist's name as the site lists it
CLAIMED = "claimed"
# An image path on the site ("/images/flash/swallow.jpg"): nothing that needs escaping.
_IMAGE_PATH = re.compile(r"/[A-Za-z0-9._~%/-]*")


@dataclass(frozen=True)
class FlashDesign:
    """One design as the site lists it."""

    id: str
    artist_id: str
    artist: str
    title: str
    size: str
    price: int | None
    status: str
    repeatable: bool
    src: str

    @property
    def taken(self) -> bool:
        """Claimed, and not one the artist tattoos again and again."""
        return self.status == CLAIMED and not self.repeatable


def _design(item: object) -> FlashDesign | None:
    if not isinstance(item, dict) or not is_design_id(item.get("id")):
        return None
    price = item.get("price")
    artist_id = one_line(item.get("artist_id"), MAX_ID) or item["id"].split("/")[0]
    return FlashDesign(
        id=item["id"],
        artist_id=artist_id,
        artist=one_line(item.get("artist"), MAX_TEXT) or artist_id,
        title=one_line(item.get("title"), MAX_TEXT),
        size=one_line(item.get("size"), MAX_TEXT),
        price=price if isinstance(price, int) and not isinstance(price, bool) else None,
        status=CLAIMED if item.get("status") == CLAIMED else "available",
        repeatable=item.get("repeatable") is True,
        src=item.get("src") if isinstance(item.get("src"), str) else "",
    )


def parse_flash(value: object) -> dict[str, FlashDesign]:
    """{id: design} of api/flash/all.json; an entry without a well-formed id is left out."""
    if not isinstance(value, list):
        raise ValueError("a flash list must be a JSON list")
    designs = (_design(item) for item in value)
    return {design.id: design for design in designs if design is not None}


def is_design_id(value: object) -> bool:
    return isinstance(value, str) and len(value) <= MAX_ID and bool(DESIGN_ID.fullmatch(value))


def fetch_flash(url: str, timeout_s: float = TIMEOUT_S) -> dict[str, FlashDesign]:
    """GET url (the site's flash list) and parse it; raise SiteUnreachable on any failure."""
    return fetch_list(url, parse_flash, "a flash list", MAX_BYTES, timeout_s)


class FlashSource(Protocol):
    base_url: str  # the site the designs' image paths are on ("" when unknown)

    def find(self, design_id: str) -> tuple[FlashDesign | None, bool]:
        """The design (the list read again when it is not there) and whether the list is the
        site's own (False: the site could not be read, so an unknown id proves nothing)."""


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


def image_url(base_url: str, src: str) -> str:
    """The design's image as a link: the site's address and its path ("" if it has none)."""
    if not _IMAGE_PATH.fullmatch(src) or src.startswith("//"):
        return ""
    return base_url + src


def read_design_id(payload: Mapping, errors: list[FieldError], t: Texts = en) -> str:
    """The `flash` field: "" when absent (or null, or ""), else a well-formed id."""
    value = payload.get(FIELD)
    if value is None or value == "":
        return ""
    if not isinstance(value, str):
        errors.append(FieldError(FIELD, t.FLASH_NOT_TEXT))
    elif len(value) > MAX_ID:
        errors.append(FieldError(FIELD, t.FLASH_TOO_LONG.format(length=len(value), limit=MAX_ID)))
    elif not DESIGN_ID.fullmatch(value):  # also a line break, a space, upper case...
        errors.append(FieldError(FIELD, t.FLASH_MALFORMED))
    else:
        return value
    return ""


def claim_flash(
    source: FlashSource,
    payload: object,
    artists: Mapping[str, str],
    errors: list[FieldError],
    t: Texts = en,
) -> dict:
    """The design the message claims, as the store keeps it ({} for none); each problem with
    the `flash` field (or the artist it names beside it) added to errors, worded in t."""
    design_id = read_design_id(payload, errors, t) if isinstance(payload, dict) else ""
    if not design_id:
        return {}
    design, reachable = source.find(design_id)
    if design is None:
        if reachable:
            errors.append(FieldError(FIELD, t.FLASH_UNKNOWN.format(id=design_id)))
            return {}
        log.warning("contact: flash list unreachable; accepting design %r unverified", design_id)
        return {"id": design_id, "verified": False}
    title = design.title or design.id
    if design.taken:
        text = t.FLASH_CLAIMED.format(title=title, artist=design.artist)
        errors.append(FieldError(FIELD, text))
        return {}
    chosen = payload.get("artist") if isinstance(payload.get("artist"), str) else NO_ARTIST
    # Another artist named beside the design is refused rather than replaced: flash is the
    # drawing artist's own work, which only they tattoo, and silently swapping the artist
    # the visitor chose would book them with someone they did not pick. The 400 says whom
    # to choose; the form keeps everything typed. "No preference" takes the design's artist.
    if chosen in artists and chosen not in (NO_ARTIST, design.artist_id):
        text = t.FLASH_OTHER_ARTIST.format(
            title=title, artist=design.artist, chosen=artists[chosen]
        )
        errors.append(FieldError("artist", text))
        return {}
    return {
        "id": design.id,
        "verified": True,
        "artist_id": design.artist_id,
        "artist": design.artist,
        "title": design.title,
        "size": design.size,
        "price": design.price,
        "repeatable": design.repeatable,
        "image": image_url(source.base_url, design.src),
    }


def with_claim(message: StoredMessage, claim: dict) -> StoredMessage:
    """The message with its design; with "No preference", the design's artist chosen."""
    if not claim:
        return message
    if message.artist == NO_ARTIST and claim.get("verified"):
        return replace(message, flash=claim, artist=claim["artist_id"], artist_name=claim["artist"])
    return replace(message, flash=claim)


def describe(claim: Mapping) -> str:
    """The design in one line: "Swallow — 3 in, $150 — https://site/images/flash/swallow.jpg"."""
    if not claim.get("verified"):
        return (
            f"{claim.get('id')} (not verified: the site could not be read when the message "
            "came; check the design on the Flash page)"
        )
    price = claim.get("price")
    details = ", ".join(
        filter(None, [claim.get("size"), f"${price:,}" if isinstance(price, int) else ""])
    )
    parts = [claim.get("title") or claim.get("id"), details, claim.get("image")]
    return " — ".join(str(part) for part in parts if part)


def email_lines(claim: Mapping) -> list[str]:
    """The block of the studio's email above the message ([] without a design)."""
    if not claim:
        return []
    if not claim.get("verified"):
        note = "It could not be checked: make sure it is still free before you confirm."
    elif claim.get("repeatable"):
        note = "Repeatable: it stays available on the site."
    else:
        note = (
            "One of a kind: after the appointment, mark it claimed in "
            f"content/flash/{claim.get('artist_id')}.yaml (status: claimed)."
        )
    return [f"Flash design: {describe(claim)}", note, ""]
