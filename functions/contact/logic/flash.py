"""Flash designs a message may claim (the optional `flash` field), checked against the site.

A visitor claims a ready-drawn design from the Flash page; the form sends its id,
"<artist-slug>/<stem>", from the site's static API (GET /api/flash?artist=all, the file
api/flash/all.json). The function refuses an id that is malformed, unknown, or of a one-off
design already claimed, and keeps the design as the site listed it (title, size, price,
image) with the message. The list is read live like the artists (dal/flash.py): on Lambda
from the published site, kept TTL_S and read again at once for an unknown id, so a design
marked claimed in content is refused without a redeploy; in `serve` from the served build's
dist/api/flash/all.json. When the site cannot be reached, a well-formed id is accepted and
recorded as unverified, and the studio's email says so: a lead is never lost for that.
A claim changes no content, but the first claim of a one-off design holds it (the store
refuses a second claim while it is held, and the site shows it claimed: GET /api/flash/holds);
the studio marks it claimed in content after the appointment (docs/contact.md, "Flash
designs").
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from typing import Protocol

from ..models.flash import DESIGN_ID, FIELD, MAX_ID, FlashDesign, image_url
from ..models.message import StoredMessage
from ..models.rules import NO_ARTIST, FieldError
from ..words import messages as en
from ..words.language import Texts

log = logging.getLogger(__name__)


class FlashSource(Protocol):
    base_url: str  # the site the designs' image paths are on ("" when unknown)

    def find(self, design_id: str) -> tuple[FlashDesign | None, bool]:
        """The design (the list read again when it is not there) and whether the list is the
        site's own (False: the site could not be read, so an unknown id proves nothing)."""


class NoFlash:
    """No list to read (serve without a build, tests): every well-formed claim is kept
    unverified, as for a site that cannot be read."""

    base_url = ""

    def find(self, design_id: str) -> tuple[FlashDesign | None, bool]:
        return None, False


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
    """The message with its design; with "No preference", the design's artist chosen. A
    one-off design (not `repeatable`, or unverified: it may be one) is held by the message:
    the store keeps the hold in the same write as the message, or refuses it (AlreadyHeld)."""
    if not claim:
        return message
    hold = "" if claim.get("repeatable") else claim["id"]
    if message.artist == NO_ARTIST and claim.get("verified"):
        message = replace(message, artist=claim["artist_id"], artist_name=claim["artist"])
    return replace(message, flash=claim, hold=hold)
