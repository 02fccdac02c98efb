"""What the operator's commands do (`build.py messages`, `send-pending`, `send-spam-digest`,
`privacy export / forget`).

The store and the email settings come from the same environment variables as the function,
so on a laptop these read the local outbox and, with AWS credentials and CONTACT_STORE=
dynamodb, the production table.
"""

from __future__ import annotations

import email
import email.policy
import json
import logging
import os
import re
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from ..dal.artists import ArtistList, ConfigError
from ..dal.booking import FileBooking
from ..dal.outbox import SqliteOutbox
from ..logic import privacy
from ..logic.daily_digest import DailyDigest
from ..logic.deposit_schedule import run_deposit_schedule
from ..logic.request_actions import RequestLinks
from ..logic.service import ContactService
from ..models.flash import describe
from ..models.mail import artist_label, language_note
from ..models.message import PENDING, SPAM, StorageUnavailable, StoredMessage
from ..models.outcomes import NotificationFailed, SendReport
from ..models.references import UploadsUnavailable
from ..models.request_state import STATES, is_request, last_move
from ..models.tattoo_request import request_lines
from .app import build_service
from .settings import Settings

log = logging.getLogger(__name__)


class OperationError(Exception):
    """A message for the operator (the command line prints it and exits 1)."""


def service_from_env(outbox: Path | None = None, dist: Path | None = None) -> ContactService:
    try:
        settings = Settings.from_env(
            {k: v for k, v in os.environ.items() if k != "AWS_LAMBDA_FUNCTION_NAME"}
        )
    except ConfigError as exc:
        raise OperationError(f"contact settings: {exc}") from exc
    if outbox is not None:
        settings = replace(settings, outbox=outbox)
    artists = ArtistList(dist / "api" / "artists.json") if dist else None
    # The booking rules (deposits, days, reasons): the built site's, as `serve` reads them.
    booking = FileBooking(dist / "api" / "booking.json") if dist and not settings.site_url else None
    return build_service(settings, artists, booking=booking)


def list_messages(
    service: ContactService,
    pending_only: bool = False,
    limit: int | None = None,
    spam: bool = False,
    now: float | None = None,
) -> list[StoredMessage]:
    """Newest first: the visitors' messages, or (spam=True) what the spam traps kept."""
    try:
        messages = service.store.list()
    except StorageUnavailable as exc:
        raise OperationError(str(exc)) from exc
    now = time.time() if now is None else now
    # DynamoDB deletes expired items within a few days, not at once: hide them meanwhile.
    messages = [m for m in messages if (m.status == SPAM) == spam and not m.expired(now)]
    if pending_only:
        messages = [m for m in messages if m.status == PENDING]
    return messages if limit is None else messages[:limit]


# What must not reach a terminal as is: C0/C1 controls (ESC starts a terminal escape
# sequence), DEL, the Unicode line separators and the bidi embeddings, overrides and
# isolates that the contact rules refuse; messages stored before those rules may hold some.
_UNSAFE_IN_JSON = "\\x7f-\\x9f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069"
_UNSAFE_FOR_JSON = re.compile(f"[{_UNSAFE_IN_JSON}]")  # json.dumps escapes C0 itself
_UNSAFE_FOR_TERMINAL = re.compile(f"[\\x00-\\x08\\x0a-\\x1f{_UNSAFE_IN_JSON}]")


def printable(text: str) -> str:
    """text with every control or bidi character shown as an escape (\\x1b, \\u202e)."""
    return _UNSAFE_FOR_TERMINAL.sub(lambda m: m.group().encode("unicode_escape").decode(), text)


def images_at(service: ContactService) -> str:
    """Where the store keeps reference images: a folder, or s3://bucket ("" without one)."""
    return service.uploads.location if service.uploads is not None else ""


def _image_path(location: str, key: str) -> str:
    return f"{location}/{key}" if location else key


def messages_json(messages: list[StoredMessage], location: str = "") -> str:
    listed = [m.to_dict() for m in messages]
    for item in listed:
        for image in item["images"]:
            image["path"] = _image_path(location, image["key"])
    text = json.dumps(listed, ensure_ascii=False, indent=2)
    # Inside a JSON string \uXXXX is the same character: readers get the text unchanged.
    return _UNSAFE_FOR_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def spam_note(service: ContactService, now: float | None = None) -> str:
    """A line saying how many messages the spam traps keep, and how to see them; "" for none.

    The list of messages leaves spam out, so "No messages." alone would hide a real visitor
    the traps caught by mistake."""
    kept = len(list_messages(service, spam=True, now=now))
    if not kept:
        return ""
    what = "1 message" if kept == 1 else f"{kept} messages"
    return (
        f"The spam traps kept {what} (not emailed): `python build.py messages --spam` lists them."
    )


def messages_text(messages: list[StoredMessage], location: str = "", note: str = "") -> str:
    """The messages for a terminal; note (spam_note) follows them."""
    if not messages:
        return "\n".join(filter(None, ["No messages.", note]))
    blocks = []
    for m in messages:
        when = m.created_at.replace("T", " ")[:16] + " UTC"
        status = {PENDING: "PENDING", SPAM: "SPAM"}.get(m.status, "sent")
        if m.status == PENDING and m.attempts:
            status += f" ({m.attempts} failed attempt{'s' if m.attempts > 1 else ''})"
        phone = f"  {printable(m.phone)}" if m.phone else ""
        head = f"{when}  {status}  {printable(m.name)} <{printable(m.email)}>{phone}"
        artist = printable(artist_label(m.artist, m.artist_name))
        about = f"  {printable(m.service)} · artist: {artist} · ref {m.id}"
        language = language_note(m.lang)
        flash = [f"  language: {language}"] if language else []
        flash += [f"  flash design: {printable(describe(m.flash))}"] if m.flash else []
        flash += [f"  {printable(line)}" for line in request_lines(m)]
        error = (
            [f"  last error: {printable(m.last_error)}"]
            if m.last_error and m.status == PENDING
            else []
        )
        if m.status == SPAM:
            until = datetime.fromtimestamp(m.expires_at, UTC).strftime("%Y-%m-%d")
            error = [f"  spam, {printable(m.spam_reason)}; never emailed; deleted after {until}"]
        elif m.released_at:
            when_released = m.released_at.replace("T", " ")[:16]
            error.append(
                f"  released from the spam traps {when_released} UTC ({printable(m.spam_reason)})"
            )
        body = ["  " + printable(line) for line in m.message.split("\n")]
        images = [
            f"  image {n}: {_image_path(location, i['key'])}  "
            f"({i['width']}x{i['height']}, {i['bytes'] / 1024:.0f} KB)"
            for n, i in enumerate(m.images, 1)
        ]
        blocks.append("\n".join([head, about, *flash, *error, *body, *images]))
    pending = sum(m.status == PENDING for m in messages)
    spam = sum(m.status == SPAM for m in messages)
    totals = f"{spam} kept as spam" if spam else f"{pending} pending"
    summary = f"{len(messages)} message(s), {totals}."
    return "\n\n".join([*blocks, "\n".join(filter(None, [summary, note]))])


def list_requests(
    service: ContactService, state: str | None = None, limit: int | None = None
) -> list[StoredMessage]:
    """Newest first: the requests (request_state.is_request), in state when given."""
    if state is not None and state not in STATES:
        raise OperationError(f"no state {state!r}: one of {', '.join(STATES)}")
    try:
        found = [m for m in service.store.list() if is_request(m)]
    except StorageUnavailable as exc:
        raise OperationError(str(exc)) from exc
    found = [m for m in found if state is None or m.state == state]
    return found if limit is None else found[:limit]


def request_links(service: ContactService, site_url: str) -> RequestLinks | None:
    """The Accept, Decline and Waitlist links of a request on site_url, signed as the
    function signs them; None without a URL or a secret."""
    actions = service.request_actions
    if not site_url or actions is None or not actions.secret:
        return None
    return RequestLinks(site_url, actions.secret)


_REQUEST_FIELDS = (
    "id",
    "created_at",
    "name",
    "email",
    "phone",
    "service",
    "artist",
    "artist_name",
    "lang",
    "state",
    "state_history",
    "deposit_cents",
    "checkout_session",
)


def requests_json(requests: list[StoredMessage], links: RequestLinks | None = None) -> str:
    listed = []
    for m in requests:
        item = {name: value for name, value in m.to_dict().items() if name in _REQUEST_FIELDS}
        if m.flash:
            item["flash"] = {k: m.flash.get(k) for k in ("id", "title") if k in m.flash}
        if m.hold:
            item["hold"] = m.hold  # absent when it holds nothing (docs/contact.md)
        if links is not None:
            item["links"] = {label.lower(): url for label, url in links(m)}
        listed.append(item)
    text = json.dumps(listed, ensure_ascii=False, indent=2)
    return _UNSAFE_FOR_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def requests_text(requests: list[StoredMessage], links: RequestLinks | None = None) -> str:
    """The requests for a terminal: one block each, its state and its last change."""
    if not requests:
        return "No requests."
    blocks = []
    for m in requests:
        when = m.created_at.replace("T", " ")[:16] + " UTC"
        head = f"{when}  {m.state.upper()}  {printable(m.name)} <{printable(m.email)}>"
        artist = printable(artist_label(m.artist, m.artist_name))
        lines = [head, f"  {printable(m.service)} · artist: {artist} · ref {m.id}"]
        if m.flash:
            lines.append(f"  flash design: {printable(describe(m.flash))}")
        move = last_move(m)
        if move:
            at = str(move.get("at", "")).replace("T", " ")[:16]
            lines.append(f"  {move.get('state')} {at} UTC by {move.get('by')}")
            if move.get("reason"):
                lines.append(f"  reason: {printable(str(move['reason']))}")
        if m.deposit_cents:
            lines.append(f"  deposit: ${m.deposit_cents / 100:,.2f}")
        for label, url in links(m) if links is not None else []:
            lines.append(f"  {label}: {url}")
        blocks.append("\n".join(lines))
    counts = {s: sum(m.state == s for m in requests) for s in STATES}
    summary = ", ".join(f"{n} {s}" for s, n in counts.items() if n)
    return "\n\n".join([*blocks, f"{len(requests)} request(s): {summary}."])


def after_sessions(service: ContactService, dry_run: bool = False, now: float | None = None) -> str:
    """Send the aftercare and review emails due, as the daily schedule does
    (after_booking.py); with dry_run, which it would send. What to tell the operator."""
    if service.after_sessions is None:  # pragma: no cover - build_service always sets it
        raise OperationError("the after-session emails are not available")
    try:
        report = service.after_sessions.run(time.time() if now is None else now, dry_run)
    except StorageUnavailable as exc:
        raise OperationError(str(exc)) from exc
    verb = "would send" if dry_run else "sent"
    lines = [f"{verb} {len(report.aftercare)} aftercare and {len(report.reviews)} review email(s)."]
    lines += [f"  aftercare: ref {i}" for i in report.aftercare]
    lines += [f"  review: ref {i}" for i in report.reviews]
    lines += [f"  reviews turned off by the client: ref {i}" for i in report.turned_off]
    lines += [f"  not sent, tried again next run: ref {i}" for i in report.failed]
    return "\n".join(lines)


def deposits_due(service: ContactService, dry_run: bool = False, now: float | None = None) -> str:
    """Remind and expire unpaid deposits as the daily schedule does (deposit_schedule.py);
    with dry_run, what it would do. What to tell the operator."""
    if service.deposits is None:  # pragma: no cover - build_service always sets it
        raise OperationError("deposits are not available")
    try:
        report = run_deposit_schedule(
            service.deposits, time.time() if now is None else now, dry_run=dry_run
        )
    except StorageUnavailable as exc:
        raise OperationError(str(exc)) from exc
    verb = "would remind" if dry_run else "reminded"
    lines = [
        f"{verb} {len(report.reminded)}, {'would expire' if dry_run else 'expired'} "
        f"{len(report.expired)} unpaid deposit(s)."
    ]
    lines += [f"  remind: ref {i}" for i in report.reminded]
    lines += [f"  expire: ref {i}" for i in report.expired]
    lines += [f"  paid meanwhile (the webhook books it): ref {i}" for i in report.paid_meanwhile]
    lines += [f"  not handled, tried again next run: ref {i}" for i in report.failed]
    return "\n".join(lines)


def send_pending(service: ContactService, limit: int) -> SendReport:
    if service.notifier is None:
        raise OperationError(
            "email is not configured: set CONTACT_NOTIFY_FROM, CONTACT_NOTIFY_TO and AWS_REGION"
        )
    try:
        return service.send_pending(limit)
    except StorageUnavailable as exc:
        raise OperationError(str(exc)) from exc


def spam_digest(
    service: ContactService, hours: float, site_url: str = "", send: bool = True
) -> str:
    """Email the studio the daily digest (the requests waiting, and what the spam traps kept
    in the hours before now), as the daily schedule does (send=False: the digest itself, to
    print); where nothing is sent, the outbox keeps it (`build.py mail`). What to tell the
    operator."""
    review = service.spam_review
    if review is None:  # pragma: no cover - build_service always sets it
        raise OperationError("the spam digest is not available")
    if site_url:
        review.site_url = site_url.rstrip("/")
    try:
        daily = DailyDigest(review).compose(hours=hours, whole_hours=False)
    except StorageUnavailable as exc:
        raise OperationError(str(exc)) from exc
    if daily.email is None:
        return (
            f"The spam traps kept nothing in the last {hours:g} hours and no request is "
            "waiting: no digest to send."
        )
    if not send:
        mail = daily.email
        head = [f"{name}: {mail[name]}" for name in ("From", "To", "Subject")]
        body = mail.get_content().splitlines()
        return "\n".join(printable(line) for line in [*head, "", *body])
    if review.mailer is None:
        raise OperationError(
            "email is not configured: set CONTACT_NOTIFY_FROM, CONTACT_NOTIFY_TO and AWS_REGION, "
            "or print the digest with --print"
        )
    try:
        review.mailer.deliver(daily.email.as_bytes(), review.recipients)
    except NotificationFailed as exc:
        raise OperationError(f"the digest was not sent: {exc}") from exc
    spam = daily.spam
    listed = "" if spam.total == len(spam.listed) else f", {len(spam.listed)} listed"
    waiting = f", {daily.waiting.total} request(s) waiting" if daily.waiting.total else ""
    counts = f"{spam.total} caught{listed}{waiting}"
    if review.mailer is service.store:
        return (
            f"Email is not configured here: the outbox kept the digest ({counts}); "
            "`python build.py mail` shows it."
        )
    return f"Sent the spam digest to {', '.join(review.recipients)}: {counts}."


# --- build.py mail: the emails the outbox kept -----------------------------------------------

_LINK = re.compile(r"https?://[^\s<>\"]+")
MAX_MAIL_BYTES = 1024 * 1024  # a kept email is a few kilobytes; larger ones are not parsed


def kept_mail(service: ContactService, to: str | None = None) -> list[dict]:
    """Newest first: the emails the function would have sent (where nothing is sent, the
    local outbox keeps every one it composes: the studio's, the visitor's confirmation and
    outcome, the digest), as {to, subject, lang, text, links}; to: only those to this
    address (any case), as To or Cc."""
    store = service.store
    if not isinstance(store, SqliteOutbox):
        raise OperationError(
            "build.py mail lists the emails the local outbox keeps. On AWS the emails go "
            "out through SES and are not kept: `build.py messages` and `build.py requests` "
            'show what they were about (docs/contact.md, "The emails: build.py mail").'
        )
    try:
        kept = store.kept_emails()
    except StorageUnavailable as exc:
        raise OperationError(str(exc)) from exc
    wanted = to.strip().lower() if to else None
    listed = []
    for _, recipients, raw in kept:
        if len(raw) > MAX_MAIL_BYTES:
            continue
        mail = email.message_from_bytes(raw, policy=email.policy.default)
        addresses = [
            a.addr_spec for name in ("To", "Cc") for a in getattr(mail[name], "addresses", ())
        ] or list(recipients)
        if wanted is not None and wanted not in (a.lower() for a in addresses):
            continue
        text, html = _part(mail, "plain"), _part(mail, "html")
        listed.append(
            {
                "to": addresses,
                "subject": str(mail["Subject"] or "").strip(),
                "lang": str(mail["Content-Language"] or "en"),
                "text": text,
                "links": list(dict.fromkeys(_LINK.findall(text))),
                # The HTML part of an email that has one (the aftercare: docs/consent.md).
                **({"html": html} if html else {}),
            }
        )
    return listed


def _part(mail: email.message.EmailMessage, subtype: str) -> str:
    """The text/<subtype> part of a plain or multipart/alternative email, "" if none."""
    try:
        part = mail.get_body(preferencelist=(subtype,))
        return part.get_content() if part is not None else ""
    except (LookupError, ValueError):
        return ""


def mail_json(emails: list[dict]) -> str:
    return terminal_json(emails)


def terminal_json(value: object) -> str:
    """JSON for a terminal: control, bidi and line-separator characters escaped."""
    text = json.dumps(value, ensure_ascii=False, indent=2)
    return _UNSAFE_FOR_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def mail_text(emails: list[dict]) -> str:
    """The emails for a terminal, newest first: headers, then the text indented."""
    if not emails:
        return "No emails kept."
    blocks = []
    for item in emails:
        lines = [
            f"To: {printable(', '.join(item['to']))}",
            f"Subject: {printable(item['subject'])}",
            f"Language: {printable(item['lang'])}",
            "",
            *("  " + printable(line) for line in item["text"].splitlines()),
        ]
        blocks.append("\n".join(lines))
    return "\n\n".join([*blocks, f"{len(emails)} email(s), newest first."])


def privacy_export(service: ContactService, address: str, out: Path) -> dict:
    """`build.py privacy export`: what is held about address, written into out as
    export.json and its files (logic/privacy.py, docs/privacy.md)."""
    try:
        return privacy.export(service.store, service.uploads, address.strip(), out)
    except (StorageUnavailable, UploadsUnavailable, OSError) as exc:
        raise OperationError(f"privacy export: {exc}") from exc


def export_text(document: dict, out: Path) -> str:
    messages = document["messages"]
    lines = [
        f"{m['id']}  {m['created_at'][:16].replace('T', ' ')}  {m['state']}  {m['status']}"
        f"  {len(m['image_files'])} image(s)"
        for m in messages
    ]
    confirmation = document["confirmation"]
    lines += [
        f"{len(messages)} message(s) from {printable(document['address'])}; "
        f"confirmation record: {confirmation['last_sent_at'] if confirmation else 'none'}; "
        f"{len(document['kept_emails'])} kept email(s)",
        f"Written to {out / 'export.json'} (images under {out / 'images'}).",
    ]
    return "\n".join(lines)


def privacy_forget(service: ContactService, address: str) -> list[str]:
    """`build.py privacy forget`: delete everything held about address; what was deleted."""
    try:
        return privacy.forget(service.store, service.uploads, address.strip())
    except (StorageUnavailable, UploadsUnavailable) as exc:
        raise OperationError(f"privacy forget: {exc}") from exc


def forget_text(deleted: list[str], address: str) -> str:
    if not deleted:
        return f"Nothing is held about {printable(address)}."
    return "\n".join(
        [*(f"deleted {printable(line)}" for line in deleted), f"{len(deleted)} thing(s) deleted."]
    )
