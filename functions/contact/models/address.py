"""One mailbox, however its address is written: the confirmation limit counts by it
(logic/confirmation.py) and `build.py privacy export / forget` find a visitor's data by it
(docs/privacy.md). Unicode's compatibility form (NFKC: a full-width or composed letter reads
as its plain one), case folded, and without a "+tag" (ana+1@ and ana+2@ are one mailbox)."""

from __future__ import annotations

import hashlib
import unicodedata


def mailbox(address: str) -> str:
    folded = unicodedata.normalize("NFKC", address).strip().casefold()
    local, _, domain = folded.rpartition("@")
    return f"{local.split('+', 1)[0]}@{domain}"


def same_mailbox(one: str, other: str) -> bool:
    return mailbox(one) == mailbox(other)


def address_key(address: str) -> str:
    """What the confirmation's hourly limit counts an address by (logic/confirmation.py):
    a digest of its mailbox, so the record never holds the address itself."""
    return hashlib.sha256(mailbox(address).encode()).hexdigest()[:32]
