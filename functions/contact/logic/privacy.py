"""What the product holds about one email address, exported or deleted on request
(`build.py privacy export / forget`, the visitor's "Delete my request" link: docs/privacy.md,
"Export and deletion on request").

An address is matched as the confirmation limit matches it (models/address.py: case,
"+tags", Unicode's compatibility forms). What is held about it: the messages it sent, in
every state and spam included, with their images; the record of the last confirmation sent
to it (keyed by a digest of the address); on the local outbox, the emails kept instead of
sent that name it or its messages. The rate limits count visitors by IP address, in memory,
never by email address: there is no record of them to export.
"""

from __future__ import annotations

import email
import email.policy
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from ..models.address import address_key, mailbox
from ..models.message import StoredMessage
from .ports import MessageStore, UploadStore

MAX_KEPT_EMAIL_BYTES = 20 * 1024 * 1024  # a kept email is read only up to this
# Anything shaped like an address in an email's headers or text (then compared as mailboxes).
_ADDRESS = re.compile(r"[^\s<>\"'(),;:\[\]=]{1,64}@[^\s<>\"'(),;:\[\]=]{1,255}")


@dataclass
class Held:
    address: str
    messages: list[StoredMessage]
    confirmation_at: float | None
    emails: list[tuple[float, tuple[str, ...], bytes]] = field(default_factory=list)


def _email_text(raw: bytes) -> str:
    """An email's headers and text parts, decoded, to search (never raises)."""
    if len(raw) > MAX_KEPT_EMAIL_BYTES:
        return raw[:MAX_KEPT_EMAIL_BYTES].decode("utf-8", "replace")
    try:
        mail = email.message_from_bytes(raw, policy=email.policy.default)
        parts = [f"{name}: {value}" for name, value in mail.items()]
        for part in mail.walk():
            if part.get_content_maintype() == "text":
                parts.append(str(part.get_content()))
        return "\n".join(parts)
    except Exception:  # a malformed kept email: its bytes as they are
        return raw.decode("utf-8", "replace")


def names(recipients: tuple[str, ...], raw: bytes, wanted: str, ids: set[str]) -> bool:
    """True when a kept email is to the mailbox wanted, names it, or names one of its
    messages (the studio's email of one, its Accept link...)."""
    text = _email_text(raw)
    found = [*recipients, *_ADDRESS.findall(text)]
    return any(mailbox(a) == wanted for a in found) or any(i in text for i in ids)


def holding(store: MessageStore, address: str) -> Held:
    """Everything the store keeps about address (docs/privacy.md)."""
    wanted = mailbox(address)
    messages = [m for m in store.list() if mailbox(m.email) == wanted]
    ids = {m.id for m in messages}
    emails = [e for e in store.kept_emails() if names(e[1], e[2], wanted, ids)]
    return Held(address, messages, store.confirmation_at(address_key(address)), emails)


def _iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")


def export(store: MessageStore, uploads: UploadStore | None, address: str, out: Path) -> dict:
    """Write what is held about address into out: `export.json` and its files (images/,
    emails/); the JSON document, which names each file relative to out."""
    held = holding(store, address)
    out.mkdir(parents=True, exist_ok=True, mode=0o700)  # a person's data: the operator's only
    messages = []
    for message in held.messages:
        entry = message.to_dict()
        entry["image_files"] = []
        for key in message.image_keys:
            data = uploads.fetch(key) if uploads is not None else None
            if data is None:
                continue
            name = Path("images", message.id, Path(key).name)
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            (out / name).write_bytes(data)
            entry["image_files"].append(name.as_posix())
        if message.expires_at:
            entry["kept_until"] = _iso(message.expires_at)
        messages.append(entry)
    emails = []
    for n, (kept_at, recipients, raw) in enumerate(held.emails, 1):
        name = Path("emails", f"{n}.eml")
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(raw)
        emails.append({"kept_at": _iso(kept_at), "to": list(recipients), "file": name.as_posix()})
    document = {
        "address": address,
        "exported_at": _iso(datetime.now(UTC).timestamp()),
        "messages": messages,
        "confirmation": (
            {"last_sent_at": _iso(held.confirmation_at)} if held.confirmation_at else None
        ),
        "rate_limits": "counted by IP address in memory only: no record names an email address",
        "kept_emails": emails,
    }
    (out / "export.json").write_text(
        json.dumps(document, ensure_ascii=False, indent=2) + "\n", "utf-8"
    )
    return document


def forget_messages(
    store: MessageStore,
    uploads: UploadStore | None,
    messages: Iterable[StoredMessage],
    address: str = "",
) -> list[str]:
    """Delete these messages everywhere (the store's rows or items naming them, their
    images, the kept emails naming them) and, given the address, its confirmation record
    and the kept emails to it; what was deleted, one line each."""
    messages = list(messages)
    ids = [m.id for m in messages]
    wanted = mailbox(address) if address else ""
    keys = uploads.message_keys(ids) if uploads is not None and ids else []
    key = address_key(address) if address else ""
    done = store.forget(ids, key, lambda to, raw: names(to, raw, wanted, set(ids)))
    if uploads is not None and ids:
        uploads.forget_messages(ids)
    described = {m.id: f"message {m.id} ({m.state}, {m.status}, {m.created_at})" for m in messages}
    lines = [described.get(d.removeprefix("message "), d) for d in done]
    return lines + [f"image {k}" for k in keys]


def forget(store: MessageStore, uploads: UploadStore | None, address: str) -> list[str]:
    """Delete everything held about address; what was deleted, one line each."""
    held = holding(store, address)
    return forget_messages(store, uploads, held.messages, address)
