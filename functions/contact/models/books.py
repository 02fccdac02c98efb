"""Artists' books (open, closed or waitlist), as the site lists them, and what they mean.

An artist's file says `books: open | closed | waitlist` and an optional `books_note`
("Books open again in March"); the site's /api/artists carries both, and the function reads
that list live (artists.py, sitelists.py), so a change is learnt within the list's TTL
without a redeploy. Books concern new tattoo work only, a Tattoo Consultation: closed, it is
refused (400, naming the artist and the note) while a touch-up or a piercing still reaches
the artist; waitlist, it is accepted and kept marked `waitlist`. When the site cannot be
read, the books are not known and nothing is refused for them: a lead is never lost for
that (docs/contact.md, "Books: open, closed or waitlist").
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace

from ..words.language import texts
from .message import StoredMessage
from .outcomes import Outcome
from .rules import DEFAULT_SERVICE
from .site_text import one_line

log = logging.getLogger(__name__)

OPEN, CLOSED, WAITLIST = "open", "closed", "waitlist"
BOOKS = (OPEN, CLOSED, WAITLIST)
MAX_NOTE = 120  # the artist file's limit (content/artists/<slug>.yaml)
BOOKED_SERVICE = DEFAULT_SERVICE  # "Tattoo Consultation": what the books are about


class ArtistName(str):
    """An artist's name as the site lists it, carrying the state of their books.

    A str, so everything that reads the {slug: name} lists (the email, `messages`, flash.py)
    reads a name as before; only this module asks about the books.
    """

    books: str
    books_note: str

    def __new__(cls, name: str, books: object = OPEN, note: object = "") -> ArtistName:
        self = super().__new__(cls, name)
        self.books = books if books in BOOKS else OPEN  # unknown: open, never a lost lead
        self.books_note = one_line(note, MAX_NOTE)
        return self


def books_of(artists: Mapping[str, str], slug: str) -> tuple[str, str]:
    """The artist's books and note; open when the list says nothing (or was not read)."""
    name = artists.get(slug)
    if isinstance(name, ArtistName):
        return name.books, name.books_note
    return OPEN, ""


def unjudged(names: Mapping[str, str]) -> dict[str, str]:
    """The names without their books: what a list the site did not just give can tell."""
    return {slug: str.__str__(name) for slug, name in names.items()}


def closed_books(message: StoredMessage, artists: Mapping[str, str]) -> Outcome | None:
    """The 400 for a Tattoo Consultation to an artist whose books are closed, else None (in
    the message's language: the artist's name and note are quoted as the site lists them)."""
    if message.service != BOOKED_SERVICE:
        return None
    books, note = books_of(artists, message.artist)
    if books != CLOSED:
        return None
    name = artists.get(message.artist) or message.artist
    log.info("contact: consultation for %s refused: books closed", message.artist)
    text = texts(message.lang).CLOSED_BOOKS.format(artist=name, note=f" ({note})" if note else "")
    return Outcome.error(400, text)


def with_books(message: StoredMessage, artists: Mapping[str, str]) -> StoredMessage:
    """The message marked `waitlist` when it is a consultation for a waitlisted artist."""
    if message.service == BOOKED_SERVICE and books_of(artists, message.artist)[0] == WAITLIST:
        return replace(message, waitlist=True)
    return message
