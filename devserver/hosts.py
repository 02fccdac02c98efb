"""Which Host headers `build.py serve` answers: its own address, never a stranger's name."""

from __future__ import annotations

import ipaddress
import json
from dataclasses import dataclass
from functools import cached_property

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
WILDCARD_HOSTS = ("0.0.0.0", "::", "")


@dataclass(frozen=True)
class OwnNames:
    """The Host headers this server answers: its own address, never a stranger's name.

    A page of another site that rebinds its own name to 127.0.0.1 (DNS rebinding) sends
    that name as Host; answering it would let the page read and post as this origin. So a
    request is served only when its Host is 127.0.0.1, localhost or [::1] at this port, or
    the --host given. Listening on every interface (0.0.0.0, to try the site on a phone), a
    request to an IP address is served too: a rebinding page always sends a name.
    """

    port: int
    host: str = "127.0.0.1"

    @cached_property  # asked on every request; the answer never changes
    def allowed(self) -> tuple[str, ...]:
        given = f"[{self.host}]" if ":" in self.host else self.host
        names = dict.fromkeys((*LOOPBACK_NAMES, given.lower()))
        return tuple(f"{name}:{self.port}" for name in names if name not in WILDCARD_HOSTS)

    def answers(self, host: str | None) -> bool:
        if not host or len(host) > 300:
            return False
        host = host.strip().lower()
        if host in self.allowed:
            return True
        if self.host not in WILDCARD_HOSTS:
            return False
        name, _, port = host.rpartition(":")
        try:
            ipaddress.ip_address(name.removeprefix("[").removesuffix("]"))
        except ValueError:
            return False
        return port == str(self.port)

    def refusal(self, host: str | None) -> str:
        shown = json.dumps((host or "")[:100])
        known = ", ".join(self.allowed)
        return f"Misdirected request: this server answers only as {known}, not {shown}"
