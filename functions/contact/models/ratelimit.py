"""Per-client rate limit: at most N accepted posts per window, in this process's memory.

In memory on purpose: it needs no table and no extra round trip per message. On Lambda
each warm instance keeps its own counts, so the effective limit is N times the number of
instances; deploy-function caps those with reserved concurrency (see docs/contact.md).
"""

from __future__ import annotations

import ipaddress
import re
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass

# The client of a request through the site without Netlify's signature (handlers/proxy.py):
# all such requests share one limit; what `build.py messages` shows for their messages.
UNSIGNED = "unsigned"


@dataclass(frozen=True)
class RateLimit:
    max_posts: int
    window_s: float

    @classmethod
    def parse(cls, text: str) -> RateLimit:
        """'5/600' means 5 posts per 600 seconds; '0' (or 'off') turns the limit off."""
        text = text.strip().lower()
        if text in ("0", "off", "none"):
            return cls(0, 1.0)
        match = re.fullmatch(r"(\d+)\s*/\s*(\d+(?:\.\d+)?)", text)
        if not match or float(match.group(2)) <= 0:
            raise ValueError(f"expected a rate like '5/600' (posts/seconds) or 'off', got {text!r}")
        return cls(int(match.group(1)), float(match.group(2)))

    @property
    def enabled(self) -> bool:
        return self.max_posts > 0


MAX_KEY_CHARS = 64  # a canonical IP address is at most 45 characters (see proxy.client_id)


def rate_key(client: str) -> str:
    """The bucket a client's posts count against: its address; for IPv6, its /64 network.

    One IPv6 connection usually owns a whole /64, so keying on the full address would let
    one sender rotate through billions of keys.
    """
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        return client[:MAX_KEY_CHARS]
    if isinstance(address, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class SlidingWindowLimiter:
    """Remembers the times of each client's recent posts; forgets the least recent clients."""

    def __init__(
        self,
        limit: RateLimit,
        clock: Callable[[], float] = time.monotonic,
        max_clients: int = 10_000,
    ):
        self.limit = limit
        self.clock = clock
        self.max_clients = max_clients
        self._hits: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def retry_after(self, client: str) -> float:
        """0 if the client may post now (and count the post), else seconds to wait."""
        if not self.limit.enabled:
            return 0.0
        client = client[:MAX_KEY_CHARS]  # callers pass rate_key(...); this bounds it regardless
        now = self.clock()
        with self._lock:
            hits = self._hits.pop(client, None) or deque()
            while hits and hits[0] <= now - self.limit.window_s:
                hits.popleft()
            self._hits[client] = hits  # most recent at the end
            if len(hits) >= self.limit.max_posts:
                return max(hits[0] + self.limit.window_s - now, 0.001)
            hits.append(now)
            while len(self._hits) > self.max_clients:
                self._hits.popitem(last=False)
            return 0.0
