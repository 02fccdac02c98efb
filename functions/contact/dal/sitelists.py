"""Lists the published site serves (its artists, its flash), read live by the function.

The function is deployed once, but the site is rebuilt whenever an editor adds an artist or
marks a flash design claimed. So on Lambda the function reads such a list from the site
(`fetch_list`: one small GET with a timeout and a size cap, on the standard library's
urllib, so the deployment package stays free of HTTP libraries), keeps it for a minute, and
looks again at once for a key it does not know, at most once every RETRY_S however many
such keys arrive (`LiveList`). When the site cannot be reached it keeps the last list it
read and says so, and the caller decides what an unknown key means then (artists.py,
flash.py). Locally (`serve`) a list is the served build's own file, re-read when a rebuild
changes it (`WatchedFile`).
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Generic, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")
V = TypeVar("V")

TTL_S = 60.0  # how long a fetched list is trusted
RETRY_S = 10.0  # at most one look every this often, however many unknown keys arrive
TIMEOUT_S = 2.0  # the request still stores and emails well inside the Lambda's 20 s


class SiteUnreachable(Exception):
    pass


def fetch_list(
    url: str,
    parse: Callable[[object], T],
    what: str,
    max_bytes: int,
    timeout_s: float = TIMEOUT_S,
    errors: tuple[type[Exception], ...] = (),
) -> T:
    """GET url, read at most max_bytes and parse its JSON (parse raises ValueError, or one of
    errors, for what is not `what`); SiteUnreachable on any failure."""
    import urllib.error
    import urllib.request

    request = urllib.request.Request(url, headers={"accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout_s) as response:
            body = response.read(max_bytes + 1)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise SiteUnreachable(f"{url}: {exc}") from exc
    if len(body) > max_bytes:
        raise SiteUnreachable(f"{url}: answer larger than {max_bytes} bytes")
    try:
        return parse(json.loads(body))
    except (ValueError, *errors) as exc:
        raise SiteUnreachable(f"{url}: not {what} ({exc})") from exc


class LiveList(Generic[V]):
    """{key: value} as the site lists it at url: read again after TTL_S, and at once (at most
    every RETRY_S) for a key it lacks; the last list it read while the site is unreachable."""

    def __init__(
        self,
        url: str,
        fetch: Callable[[str], Mapping[str, V]],
        fallback: Callable[[], Mapping[str, V]],
        clock: Callable[[], float],
        what: str,
    ):
        self.url = url
        self.fetch = fetch
        self.fallback = fallback
        self.clock = clock
        self.what = what
        self._items: Mapping[str, V] | None = None  # the last list the site answered
        self._fetched_at = float("-inf")
        self._tried_at = float("-inf")
        self._reachable = True
        self._lock = threading.Lock()

    def __call__(self) -> Mapping[str, V]:
        with self._lock:
            self._refresh_if_stale()
            return self._current()

    def lookup(self, key: str) -> tuple[Mapping[str, V], bool]:
        """The list to check key against, read again when key is not in it, and whether the
        site answered the last look (False: unreachable, so key's absence proves nothing)."""
        with self._lock:
            self._refresh_if_stale()
            items = self._current()
            if key not in items:
                self._refresh()
                items = self._current()
            return items, self._reachable

    def _current(self) -> Mapping[str, V]:
        return self._items if self._items is not None else self.fallback()

    def _refresh_if_stale(self) -> None:
        if self.clock() - self._fetched_at > TTL_S:
            self._refresh()

    def _refresh(self) -> None:
        now = self.clock()
        if now - self._tried_at < RETRY_S:
            return
        self._tried_at = now
        try:
            self._items = self.fetch(self.url)
        except SiteUnreachable as exc:
            if self._reachable:
                log.warning("contact: %s unavailable, using the last one: %s", self.what, exc)
            self._reachable = False
            return
        self._fetched_at, self._reachable = now, True


class WatchedFile(Generic[T]):
    """A JSON file of the served build, parsed, and parsed again when a rebuild changes it.

    While it is missing or unreadable (e.g. for the instant `serve` swaps in a rebuild) the
    last value read stays; `read` is None when there never was one.
    """

    def __init__(
        self,
        path: Path,
        parse: Callable[[object], T],
        what: str,
        errors: tuple[type[Exception], ...] = (),
    ):
        self.path = path
        self.parse = parse
        self.what = what
        self.errors = errors
        self._stamp: tuple[int, int] | None = None
        self._value: T | None = None
        self._lock = threading.Lock()
        self._warned = False

    def read(self) -> T | None:
        try:
            stat = self.path.stat()
            stamp = (stat.st_mtime_ns, stat.st_size)
            with self._lock:
                if stamp != self._stamp:
                    self._value = self.parse(json.loads(self.path.read_text("utf-8")))
                    self._stamp = stamp
                return self._value
        except (OSError, ValueError, *self.errors) as exc:
            if not self._warned:
                log.warning(
                    "contact: %s %s unreadable (%s); using the last one read",
                    self.what,
                    self.path,
                    exc,
                )
                self._warned = True
            return self._value
