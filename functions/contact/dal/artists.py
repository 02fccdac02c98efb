"""The artists the published site lists now (and their books), for the function on Lambda.

The function is deployed once, but the site is rebuilt whenever an editor adds an artist.
So the Lambda reads the live list (GET <site>/api/artists), keeps it for a minute, and
looks again at once when a visitor names an artist it does not know (sitelists.py). When
the site cannot be reached it never refuses a real lead for that: a well-formed slug is
accepted and recorded as sent (docs/contact.md, "Artists added after the deploy").
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from ..models.books import ArtistName, unjudged
from .sitelists import TIMEOUT_S, LiveList, WatchedFile, fetch_list

log = logging.getLogger(__name__)

MAX_BYTES = 512 * 1024  # api/artists.json of a big studio is a few KiB
# The build's slug rule (README, "Content format"), repeated here because the function is
# deployed alone, without the generator.
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_SLUG = 64


class ConfigError(Exception):
    """A setting (handlers/settings.py) or an artist list that cannot be used."""


def site_address(site_url: str, path: str) -> str:
    """path on the published site, whose URL must be http(s) (ConfigError otherwise)."""
    if not site_url.startswith(("https://", "http://")):
        raise ConfigError(f"the site URL must start with https://, got {site_url!r}")
    return site_url.rstrip("/") + path


def fetch_artists(url: str, timeout_s: float = TIMEOUT_S) -> dict[str, str]:
    """GET url (the site's /api/artists) and parse it; raise SiteUnreachable on any failure."""
    return fetch_list(url, parse_artists, "an artist list", MAX_BYTES, timeout_s, (ConfigError,))


class SiteArtists(LiveList[str]):
    """Callable like settings.ArtistList: the {slug: name} of the artists the site lists."""

    def __init__(
        self,
        site_url: str,
        fallback: Callable[[], Mapping[str, str]],
        fetch: Callable[[str], dict[str, str]] = fetch_artists,
        clock: Callable[[], float] = time.monotonic,
    ):
        super().__init__(
            site_address(site_url, "/api/artists"), fetch, fallback, clock, "artist list"
        )

    def including(self, slug: str) -> Mapping[str, str]:
        """The list to check slug against: looked up again when slug is not in it."""
        names, reachable = self.lookup(slug)
        if reachable:
            return names
        # The site did not answer: its last list may be stale, so its books are not trusted
        # (nothing is refused for them: books.py).
        names = unjudged(names)
        if slug in names:
            return names
        if len(slug) <= MAX_SLUG and SLUG.fullmatch(slug):
            log.warning("contact: %s unreachable; accepting artist %r unchecked", self.url, slug)
            return {**names, slug: slug}
        return names


class ArtistList:
    """The artist slugs (and names) the form may name, read from a JSON file.

    Accepts the build's own `api/artists.json` (a list of objects with slug and name), a
    list of slugs, or a {slug: name} mapping. Re-read when the file changes, so `serve`
    follows a rebuild that adds an artist.
    """

    def __init__(self, path: Path | None):
        self.path = path
        self._file = (
            WatchedFile(path, parse_artists, "artist list", (ConfigError,)) if path else None
        )

    def __call__(self) -> Mapping[str, str]:
        # Missing or unreadable: the last list read; with none, only "na" is accepted.
        names = self._file.read() if self._file is not None else None
        return names if names is not None else {}

    def including(self, slug: str) -> Mapping[str, str]:
        """The list to check slug against: this file is the whole truth (see SiteArtists)."""
        return self()


def parse_artists(value: object) -> dict[str, str]:
    """{slug: name} of an artist list; the site's own items (api/artists.json) give names
    that carry the artist's books (books.ArtistName)."""
    if isinstance(value, dict):
        return {str(k): str(v) for k, v in value.items()}
    if isinstance(value, list):
        names = {}
        for item in value:
            if isinstance(item, str):
                names[item] = item
            elif isinstance(item, dict) and isinstance(item.get("slug"), str):
                name = str(item.get("name") or item["slug"])
                names[item["slug"]] = ArtistName(name, item.get("books"), item.get("books_note"))
        return names
    raise ConfigError("an artist list must be a JSON list or object")
