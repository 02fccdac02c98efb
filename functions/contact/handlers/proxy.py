"""Who is asking: the connection's address, or the visitor Netlify names for a request that
Netlify signed.

The Function URL is public, so anyone can send `X-Forwarded-For` (or Netlify's own
`x-nf-client-connection-ip`) with any address in it: a limit keyed on such a header is one a
caller rotates away. Netlify signs every request its proxy rule carries to the function
(`Sign=CONTACT_PROXY_SECRET` in dist/_redirects): an `X-Nf-Sign` header holding a JWT, HS256
with the secret of that environment variable, issuer "netlify", valid 5 minutes
(docs/contact.md, "Who a visitor is"). Only a request carrying a valid one is taken to come
through the site's proxy, and only then is a forwarded address believed.

Without the secret on Netlify's side every request through the site arrives unsigned, from
Netlify's edge: limited by the connection's address, all visitors would share one visitor's
limit. So an unsigned request that names a visitor in Netlify's own header, in a copy of the
function that has not seen a signed one, is UNSIGNED: counted against a separate, larger
limit for all such requests together (CONTACT_UNSIGNED_RATE_LIMIT, service.py), and said
once per copy for the studio's alarm (docs/contact.md, "Who a visitor is").
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping

from ..models.attention import needs_attention
from ..models.ratelimit import UNSIGNED

SIGNATURE_HEADER = "x-nf-sign"
ISSUER = "netlify"
# Netlify's token is about 250 characters (three claims and exp/iss); a longer header is not
# one of its tokens and is never parsed.
MAX_SIGNATURE_CHARS = 1024
# Clocks of Netlify's edge and of Lambda may disagree a little; the token lives 5 minutes.
LEEWAY_S = 30
MIN_SECRET_CHARS = 32  # HS256 wants a key of at least 256 bits (RFC 7518, 3.2)
# An IP address in text is at most 45 characters (IPv6 with an IPv4 tail); anything longer
# is not an address, and is never parsed or kept.
MAX_ADDRESS_CHARS = 45
UNKNOWN_CLIENT = "unknown"
NETLIFY_CLIENT_HEADER = "x-nf-client-connection-ip"


def client_id(text: object) -> str | None:
    """A visitor's address in canonical form, or None when text is not one IP address.

    The rate limiter keys on this, so its keys stay short and few: never a raw header.
    """
    if not isinstance(text, str) or len(text) > MAX_ADDRESS_CHARS:
        return None
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address):
        if address.scope_id:
            return None  # "fe80::1%eth0": a link-local zone, never a visitor on the internet
        if address.ipv4_mapped:
            return str(address.ipv4_mapped)
    return str(address)


def signed_by_proxy(token: object, secret: str) -> bool:
    """True when token is a JWT Netlify's proxy signed with secret and it has not expired."""
    if not secret or not isinstance(token, str) or not 0 < len(token) <= MAX_SIGNATURE_CHARS:
        return False
    # Imported here: PyJWT loads `cryptography` where it is installed (~100 ms), and only a
    # request naming a visitor behind the proxy needs it, never `serve`.
    import jwt

    try:
        jwt.decode(
            token,
            secret,
            algorithms=["HS256"],  # never "none", never what the token's header asks for
            issuer=ISSUER,
            leeway=LEEWAY_S,
            options={"require": ["exp", "iss"]},
        )
    except jwt.PyJWTError:
        return False
    return True


class ClientAddress:
    """The address a request is limited by (see the module's docstring)."""

    def __init__(self, forwarded_headers: tuple[str, ...], secret: str):
        self.forwarded_headers = forwarded_headers
        self.secret = secret
        self._warned = False
        # A valid signature seen by this copy: the secret is set on both sides, so an
        # unsigned request is someone else's (limited by its connection's address).
        self._signed_seen = False
        if forwarded_headers and not secret:
            needs_attention(
                "CONTACT_PROXY_SECRET is not set: no request can be told to come through "
                "the site; those naming a visitor share CONTACT_UNSIGNED_RATE_LIMIT"
            )

    def __call__(self, source: object, headers: Mapping[str, object]) -> str:
        client = client_id(source) or UNKNOWN_CLIENT
        if not self.forwarded_headers:
            return client
        if not signed_by_proxy(headers.get(SIGNATURE_HEADER), self.secret):
            if self._signed_seen or NETLIFY_CLIENT_HEADER not in headers:
                return client
            self._warn_once()
            return UNSIGNED
        self._signed_seen = True
        # The first of these headers present names the visitor (the left-most address of a
        # forwarded chain). A value that is not an address is ignored: the connection's
        # address stands instead.
        for name in self.forwarded_headers:
            value = headers.get(name)
            if isinstance(value, str) and value.strip():
                return client_id(value.split(",", 1)[0]) or client
        return client

    def _warn_once(self) -> None:
        # Netlify's own header without a valid signature: the secret is missing in Netlify
        # (or differs from the function's), or a direct caller poses as Netlify. Said once
        # per copy of the function.
        if not self._warned:
            self._warned = True
            needs_attention(
                "a request named a visitor without a valid Netlify signature (X-Nf-Sign): "
                "set CONTACT_PROXY_SECRET in the Netlify site's environment (Runtime scope) "
                "to the function's value; until then such requests share "
                "CONTACT_UNSIGNED_RATE_LIMIT instead of each visitor's own limit"
            )
