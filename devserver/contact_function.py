"""The contact function as `build.py serve` runs it: the Lambda's own handler and settings,
with a service that accepts the artists of the build being served (dist/api/artists.json)
and checks claimed flash designs against its flash list (dist/api/flash/all.json).

Kept out of `functions/` (deployed alone, where nothing serves a dist/). The settings are
the Lambda entry point's (`functions.contact.handlers.handler.SETTINGS`), read when a service is
built, so a test that replaces them there is obeyed after `handler_for_site.cache_clear()`.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from functions.contact.dal.artists import ArtistList
from functions.contact.dal.booking import FileBooking
from functions.contact.dal.flash import FileFlash
from functions.contact.dal.uploads import LocalUploads
from functions.contact.handlers import handler as lambda_entry
from functions.contact.handlers.app import build_service, respond
from functions.contact.logic.service import ContactService
from generator.content.private import ARTIST_EMAILS_FILE, artist_emails, write_artist_emails
from generator.content.records import Content

log = logging.getLogger(__name__)


def artist_emails_path() -> Path | None:
    """Where serve keeps the served content's private artist addresses: beside the outbox,
    never in dist/ (docs/contact.md, "Requests go to the artist"); None when the settings
    name a file of their own (CONTACT_ARTIST_EMAILS_FILE: used as it is) or are broken."""
    settings = lambda_entry.SETTINGS
    if settings is None or settings.artist_emails_file is not None:
        return None
    return settings.outbox.parent / ARTIST_EMAILS_FILE


def keep_artist_emails(content: Content) -> None:
    """After each build serve makes: the addresses of the content it serves, for its
    function (re-read when the file changes)."""
    path = artist_emails_path()
    if path is None:
        return
    try:
        write_artist_emails(path, artist_emails(content))
    except OSError as exc:  # serve goes on; the requests reach the studio, as before
        log.warning("contact: the artists' addresses could not be kept: %s", exc.strerror)


@lru_cache(maxsize=8)
def service_for_site(dist: Path) -> ContactService | None:
    """The service of `build.py serve`: the known artists and flash are the served build's."""
    if lambda_entry.SETTINGS is None:
        return None
    api = Path(dist) / "api"
    settings = lambda_entry.SETTINGS
    kept = artist_emails_path()
    if kept is not None:
        settings = replace(settings, artist_emails_file=kept)
    return build_service(
        settings,
        ArtistList(api / "artists.json"),
        FileFlash(api / "flash" / "all.json"),
        FileBooking(api / "booking.json"),
    )


def handler_for_site(dist: Path):  # noqa: ANN201 - a handler like the Lambda's
    """The handler for `build.py serve`."""
    service = service_for_site(dist)
    if service is None:
        return lambda_entry.handler

    def site_handler(event: dict, context: object) -> dict:
        return respond(service, lambda_entry.SETTINGS, event)

    return site_handler


handler_for_site.cache_clear = service_for_site.cache_clear  # its one cache is the service's


def uploads_for_site(dist: Path) -> LocalUploads | None:
    """The folder `serve` stores posted images in (its grants are signed for it)."""
    service = service_for_site(dist)
    uploads = service.uploads if service else None
    return uploads if isinstance(uploads, LocalUploads) else None
