"""A flash design as the site lists it (api/flash/all.json), and how a claim on one reads.

Pure: the list's entries parsed into `FlashDesign`s, and the lines of the studio's email and
of `build.py messages` about a claimed design. Read from the site in dal/flash.py; claimed
in logic/flash.py (docs/contact.md, "Flash designs").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from .site_text import one_line

FIELD = "flash"
# "<artist-slug>/<stem>", both in the build's slug rule; 64 + 1 + 64 characters at most.
DESIGN_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*/[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_ID = 130
MAX_TEXT = 200  # a title, a size or an artist's name as the site lists it
CLAIMED = "claimed"
# GET /api/flash/holds: at most this many held designs' ids (a studio holds a few; the answer
# stays under 70 KB whatever the store holds), cacheable for a minute (docs/contact.md).
MAX_HOLDS_LISTED = 500
HOLDS_CACHE_CONTROL = "public, max-age=60"
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


def image_url(base_url: str, src: str) -> str:
    """The design's image as a link: the site's address and its path ("" if it has none)."""
    if not _IMAGE_PATH.fullmatch(src) or src.startswith("//"):
        return ""
    return base_url + src


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
