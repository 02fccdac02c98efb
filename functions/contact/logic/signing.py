"""The signature of the links: the spam digest's "Not spam" links (spam_review.py), the
request's Accept, Decline, Waitlist and Set the date links (request_actions.py), the
visitor's deposit link (deposits.py) and the consent form's token (consent.py), one
mechanism for all.

HMAC-SHA256 with CONTACT_LINK_SECRET over what the link is for, the message's id and the
link's end (Unix seconds), so a link for one purpose, message or end signs no other
(docs/contact.md, "The spam digest" and "The studio's links on a request").
"""

from __future__ import annotations

import hmac
import os
import re
from pathlib import Path
from urllib.parse import parse_qs

LINK_SECRET_FILE = "link-secret"  # beside the local outbox, when CONTACT_LINK_SECRET is unset
# A link's ?t=<expires>.<signature> (the request's and the deposit's links)
_TOKEN = re.compile(r"([0-9]{1,12})\.([0-9a-f]{64})")


def sign(secret: str, purpose: str, message_id: str, expires: int) -> str:
    digest = hmac.new(secret.encode(), f"{purpose}\n{message_id}\n{expires}".encode(), "sha256")
    return digest.hexdigest()


def signed(secret: str, purpose: str, message_id: str, expires: int, given: str) -> bool:
    """True when given is the signature of these (compared in constant time)."""
    return bool(secret) and hmac.compare_digest(sign(secret, purpose, message_id, expires), given)


def token(secret: str, purpose: str, message_id: str, expires: int) -> str:
    """The value of a link's ?t=: its end and its signature."""
    return f"{expires}.{sign(secret, purpose, message_id, expires)}"


def read_token(query: str) -> tuple[int, str] | None:
    """The end and signature of a link's ?t= (from its query's first 200 characters), or
    None when it has none of that form."""
    try:
        fields = parse_qs(query[:200], max_num_fields=4)
    except ValueError:  # more fields than a link of ours has: not one of ours
        return None
    found = _TOKEN.fullmatch((fields.get("t") or [""])[0])
    return (int(found.group(1)), found.group(2)) if found else None


# A token that names its message itself (the consent form's `?t=`: the page hands it back in
# its POST, so the message id travels in the token): "<message id>.<end>.<signature>".
_MESSAGE_TOKEN = re.compile(r"([0-9a-f]{32})\.([0-9]{1,12})\.([0-9a-f]{64})")
MAX_MESSAGE_TOKEN = 32 + 1 + 12 + 1 + 64


def message_token(secret: str, purpose: str, message_id: str, expires: int) -> str:
    return f"{message_id}.{token(secret, purpose, message_id, expires)}"


def read_message_token(secret: str, purpose: str, given: object) -> tuple[str, int] | None:
    """(message id, end) of a message token signed for purpose, whatever its end; None for
    anything else (not a token, another purpose, forged). The caller checks the end."""
    if not isinstance(given, str) or len(given) > MAX_MESSAGE_TOKEN:
        return None
    found = _MESSAGE_TOKEN.fullmatch(given)
    if not found:
        return None
    message_id, expires, signature = found.group(1), int(found.group(2)), found.group(3)
    if not signed(secret, purpose, message_id, expires, signature):
        return None
    return message_id, expires


def local_secret(folder: Path) -> str:
    """A random secret kept beside the local outbox (0600), made on first use, so `serve`
    and the `build.py` commands sign and check the same links."""
    path = folder / LINK_SECRET_FILE
    folder.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text("ascii").strip()
    with os.fdopen(fd, "w") as out:
        out.write(os.urandom(32).hex())
    return path.read_text("ascii").strip()
