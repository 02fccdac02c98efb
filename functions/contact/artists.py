"""The artists the published site lists now, for the function on AWS Lambda.

The function is deployed once, but the site is rebuilt whenever an editor adds an artist.
So the Lambda reads the live list (GET <site>/api/artists), keeps it for a minute, and
looks again at once when a visitor names an artist it does not know. When the site cannot
be reached it never refuses a real lead for that: a well-formed slug is accepted and
recorded as sent (docs/contact.md, "Artists added after the deploy").

Written on the standard library's urllib: one small GET with a timeout and a size cap,
and the deployment package stays free of HTTP libraries (boto3 is the only AWS one).
"""

from __future__ import annotations

import json
import logging
import re
import threading
import time
from collections.abc import Callable, Mapping

from .settings import ConfigError, parse_artists

log = logging.getLogger(__name__)

TTL_S = 60.0  # how long a fetched list is trusted
RETRY_S = 10.0  # at most one look every this often, however many unknown names arrive
TIMEOUT_S = 2.0  # the request still stores and emails well inside the Lambda's 20 s
MAX_BYTES = 512 * 1024  # api/artists.json of a big studio is a few KiB
# The build's slug rule (README, "Content format"), repeated here because the function is
# deployed alone, without the generator.
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_SLUG = 64


class SiteUnreachable(Exception):
    pass


def fetch_artists(url: str, timeout_s: float = TIMEOUT_S) -> dict[str, str]:
    """GET url (the site's /api/artists) and parse it; raise SiteUnreachable on any failure."""
    import urllib.error
    import urllib.request

    request = urllib.request.Request(url, headers={"accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout_s) as response:
            body = response.read(MAX_BYTES + 1)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise SiteUnreachable(f"{url}: {exc}") from exc
    if len(body) > MAX_BYTES:
        raise SiteUnreachable(f"{url}: answer larger than {MAX_BYTES} bytes")
    try:
        return parse_artists(json.loads(body))
    except (ValueError, ConfigError) as exc:
        raise SiteUnreachable(f"{url}: not an artist list ({exc})") from exc


class SiteArtists:
    """Callable like settings.ArtistList: the {slug: name} of the artists the site lists."""

    def __init__(
        self,
        site_url: str,
        fallback: Callable[[], Mapping[str, str]],
        fetch: Callable[[str], dict[str, str]] = fetch_artists,
        clock: Callable[[], float] = time.monotonic,
    ):
        if not site_url.startswith(("https://", "http://")):
            raise ConfigError(f"the site URL must start with https://, got {site_url!r}")
        self.url = site_url.rstrip("/") + "/api/artists"
        self.fallback = fallback
        self.fetch = fetch
        self.clock = clock
        self._names: dict[str, str] | None = None  # the last list the site answered
        self._fetched_at = float("-inf")
        self._tried_at = float("-inf")
        self._reachable = True
        self._lock = threading.Lock()

    def __call__(self) -> Mapping[str, str]:
        with self._lock:
            if self.clock() - self._fetched_at > TTL_S:
                self._refresh()
            return self._current()

    def including(self, slug: str) -> Mapping[str, str]:
        """The list to check slug against: looked up again when slug is not in it."""
        with self._lock:
            names = self._current()
            if slug in names:
                return names
            self._refresh()
            names = self._current()
            if slug in names or self._reachable:
                return names
        if len(slug) <= MAX_SLUG and SLUG.fullmatch(slug):
            log.warning("contact: %s unreachable; accepting artist %r unchecked", self.url, slug)
            return {**names, slug: slug}
        return names

    def _current(self) -> Mapping[str, str]:
        return self._names if self._names is not None else self.fallback()

    def _refresh(self) -> None:
        now = self.clock()
        if now - self._tried_at < RETRY_S:
            return
        self._tried_at = now
        try:
            self._names = self.fetch(self.url)
        except SiteUnreachable as exc:
            if self._reachable:
                log.warning("contact: artist list unavailable, using the last one: %s", exc)
            self._reachable = False
            return
        self._fetched_at, self._reachable = now, True
