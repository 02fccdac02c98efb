"""The studio's email about a message: its text, its headers, and the MIME message itself.

Visitor text reaches a header only through `header_text`, and `build_email` checks every
folded header for a line break before the email leaves (`verify_headers`), so no header can
be injected (docs/contact.md, "Headers"). Sending it is the notifier's part (ses.py).
"""

from __future__ import annotations

import html
import re
import unicodedata
from email.headerregistry import Address
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import formatdate, make_msgid

from ..words.language import NAMES, SPANISH
from .booking import studio_time
from .flash import email_lines
from .message import StoredMessage
from .references import ImageLinks
from .request_state import is_request
from .rules import NO_ARTIST, ascii_email
from .tattoo_request import request_lines

# What visitor text may bring into a mail header: letters, marks, digits, spaces and these.
# Anything else becomes a space, so header text can hold neither a line break nor "=?", the
# start of an RFC 2047 encoded word, which Python's email package decodes (line breaks
# included) when it folds a header (CVE-2024-6923; docs/contact.md, "Headers").
_HEADER_PUNCTUATION = frozenset(" .,:;'’@&()+-_/!#")


def dollars(cents: int) -> str:
    """An amount as every email and page writes it: $100, $100.50, $1,250."""
    return f"${cents / 100:,.2f}".removesuffix(".00")


# The sender and the studio of an email composed where none is configured (a laptop: the
# outbox keeps it, dal/kept_mail.py), and the digest's defaults.
LOCAL_SENDER = "website@localhost"
LOCAL_STUDIO = ("studio@localhost",)
WAITLIST_PREFIX = "[Waitlist] "  # the subject of a request for an artist's waitlist


def header_text(text: str, limit: int = 120) -> str:
    """Visitor text made safe for a mail header: one line of plain characters, trimmed."""
    kept = "".join(
        ch if ch in _HEADER_PUNCTUATION or unicodedata.category(ch)[0] in "LMN" else " "
        for ch in text
    )
    return " ".join(kept.split())[:limit].strip()


def language_note(lang: str) -> str:
    """The visitor's language as the studio reads it, "" for English (the default):
    "Spanish (the visitor wrote from the Spanish site)"."""
    if lang != SPANISH:
        return ""
    return f"{NAMES[SPANISH]} (the visitor wrote from the {NAMES[SPANISH]} site)"


def artist_label(slug: str, name: str) -> str:
    """An artist as the studio reads them: "Rosa Delgado (rosa-delgado)", "No preference"."""
    if slug == NO_ARTIST:
        return "No preference"
    return f"{name} ({slug})" if name and name != slug else slug


def compose_email(
    message: StoredMessage,
    artist_name: str,
    studio: str = "Website",
    images: ImageLinks | None = None,
    actions: list[tuple[str, str]] | None = None,
    timezone: str = "",
) -> tuple[str, str]:
    """Subject and plain-text body of the studio's notification; actions, a request's
    (label, link) pairs: Accept, Decline, Waitlist (logic/request_actions.py); "Received"
    in the studio's timezone (UTC when none is known)."""
    subject = header_text(f"{studio} contact: {message.name} - {message.service}")
    if message.waitlist:
        subject = WAITLIST_PREFIX + subject
    request = request_lines(message)
    language = language_note(message.lang)
    lines = [
        "New message from the contact form on the website.",
        "",
        f"Name:      {message.name}",
        f"Email:     {message.email}",
        f"Phone:     {message.phone or '(not given)'}",
        f"Artist:    {artist_label(message.artist, artist_name)}",
        f"Service:   {message.service}",
        *([f"Language:  {language}"] if language else []),
        f"Received:  {studio_time(message.created_at, timezone or 'UTC')}",
        f"Reference: {message.id}",
        *_released_lines(message),
        "",
        *email_lines(message.flash),
        *request,
        *([""] if request else []),
        "Message:",
        message.message,
        "",
        *_image_lines(images),
        *_action_lines(actions),
        "--",
        f"Reply to this email to answer {message.name} directly.",
    ]
    return subject, "\n".join(lines) + "\n"


def _released_lines(message: StoredMessage) -> list[str]:
    if not message.released_at:
        return []
    return [
        f"Released:  {message.released_at[:16].replace('T', ' ')} UTC, from the spam traps "
        f"(caught as {message.spam_reason})"
    ]


def _action_lines(actions: list[tuple[str, str]] | None) -> list[str]:
    if not actions:
        return []
    head = (
        "Answer this request (each link opens a page; nothing changes until you press its button):"
    )
    return [head, *(f"  {label}: {url}" for label, url in actions), ""]


def _image_lines(images: ImageLinks | None) -> list[str]:
    if not images or not images.urls:
        return []
    count = len(images.urls)
    head = f"Reference images ({count}, {images.note}):"
    return [head, *(f"  {n}. {url}" for n, url in enumerate(images.urls, 1)), ""]


# The standard library refuses to write a header with a line break in it only from Python
# 3.13 (and 3.12.5 / 3.11.10): `verify_generated_headers`. Where it exists it is on; the same
# check (the regex the standard library uses) runs below on every Python, so an older
# runtime gives the same guarantee.
_POLICY = (
    SMTP.clone(verify_generated_headers=True) if hasattr(SMTP, "verify_generated_headers") else SMTP
)
_NEWLINE_WITHOUT_FWSP = re.compile(rb"\r\n[^ \t]|\r[^ \n\t]|\n[^ \t]")
MAX_DISPLAY_NAME = 64


# An address from content (an artist's private `email:`, docs/contact.md "Requests go to the
# artist") as it may go into a header: plain ASCII, no space, quote, comma or line break,
# bounded. The build checks the same (generator/content/fields.py); this is the check that
# counts, since the function reads the address from a file it did not write.
MAX_ADDRESS = 254
_ADDRESS = re.compile(
    r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+"
)


def header_address(address: object) -> str:
    """address if it is one plain address a header may hold, else "" (never raises)."""
    if not isinstance(address, str) or len(address) > MAX_ADDRESS:
        return ""
    return address if _ADDRESS.fullmatch(address) else ""


def addressees(
    message: StoredMessage, studio: tuple[str, ...], artist_address: str = ""
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(To, Cc) of the studio's email: a request (request_state.is_request) for an artist
    with a private address goes To that artist, the studio in Cc; anything else To the
    studio, as before. An address that is not plain (header_address) is left out."""
    artist = header_address(artist_address)
    if not artist or not is_request(message):
        return studio, ()
    return (artist,), tuple(a for a in studio if a.lower() != artist.lower())


def build_email(
    message: StoredMessage,
    artist_name: str,
    sender: str,
    recipients: tuple[str, ...],
    studio: str,
    images: ImageLinks | None = None,
    actions: list[tuple[str, str]] | None = None,
    artist_address: str = "",
    timezone: str = "",
) -> EmailMessage:
    """The MIME email: plain text, Reply-To the visitor; To the studio, or To the artist
    with the studio in Cc (addressees).

    Visitor text reaches a header only through `header_text` (letters, digits, spaces and
    plain punctuation: no line break, no encoded word), and every folded header is checked
    for a line break before the email leaves (ValueError), so no header can be injected.
    """
    subject, body = compose_email(message, artist_name, studio, images, actions, timezone)
    reply_to = Address(
        display_name=header_text(message.name, MAX_DISPLAY_NAME),
        addr_spec=ascii_email(message.email),
    )
    to, cc = addressees(message, recipients, artist_address)
    extra = {"Cc": ", ".join(cc)} if cc else None
    return plain_email(sender, ", ".join(to), reply_to, subject, body, message.id, extra)


def plain_email(
    sender: str,
    to: str,
    reply_to: str | Address,
    subject: str,
    body: str,
    message_id: str,
    extra: dict[str, str] | None = None,
    lang: str = "en",
    html_body: str = "",
) -> EmailMessage:
    """A plain-text email with these headers (and extra ones), every header checked for a
    line break (ValueError) before it can leave; Content-Language says its language (what
    `build.py mail` reads back). With html_body (a whole document: html_document), the text and
    the HTML as multipart/alternative, the text first (mail apps show the last part they
    can: RFC 2046, 5.1.4)."""
    email = EmailMessage(policy=_POLICY)
    email["From"] = sender
    email["To"] = to
    email["Reply-To"] = reply_to
    email["Subject"] = subject
    email["Date"] = formatdate(usegmt=True)
    email["Message-ID"] = make_msgid(idstring=message_id, domain=sender.rpartition("@")[2] or None)
    for name, value in (extra or {}).items():
        email[name] = value
    # Quoted-printable keeps the raw message 7-bit clean on every hop and readable in logs.
    email.set_content(body, subtype="plain", charset="utf-8", cte="quoted-printable")
    if html_body:
        email.add_alternative(html_body, subtype="html", charset="utf-8", cte="quoted-printable")
    # After set_content, which clears every Content-* header.
    email["Content-Language"] = "es" if lang == SPANISH else "en"
    verify_headers(email)
    return email


# An HTML email's frame: dark text on white (what mail apps expect; a dark mode inverts it
# itself), every style inline (mail apps drop <style> and style sheets), one column that
# fits a phone.
EMAIL_BODY_STYLE = "margin:0;padding:0;background:#ffffff"
EMAIL_COLUMN_STYLE = (
    "max-width:600px;margin:0 auto;padding:16px;background:#ffffff;color:#1a1a1a;"
    "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;"
    "font-size:16px;line-height:1.5"
)
EMAIL_P_STYLE = "margin:0 0 12px;color:#1a1a1a;font-size:16px;line-height:1.5"
EMAIL_H1_STYLE = "margin:0 0 16px;color:#1a1a1a;font-size:22px;line-height:1.3;font-weight:bold"
EMAIL_LINK_STYLE = "color:#0b57d0;text-decoration:underline"


def html_document(lang: str, title: str, body: str) -> str:
    """An HTML email around body (HTML its caller built and escaped): its title (escaped
    here) as the heading, no script, no style sheet, nothing fetched from elsewhere."""
    code = "es" if lang == SPANISH else "en"
    heading = html.escape(title)
    return (
        f'<!doctype html><html lang="{code}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        '<meta name="color-scheme" content="light only">'
        f"<title>{heading}</title></head>"
        f'<body style="{EMAIL_BODY_STYLE}"><div style="{EMAIL_COLUMN_STYLE}">'
        f'<h1 style="{EMAIL_H1_STYLE}">{heading}</h1>\n{body}</div></body></html>\n'
    )


def html_paragraph(text: str) -> str:
    """One paragraph of plain text, escaped."""
    return f'<p style="{EMAIL_P_STYLE}">{html.escape(text)}</p>\n'


def html_link(url: str, label: str | None = None) -> str:
    """A link (escaped), its address as its label unless one is given."""
    return (
        f'<a href="{html.escape(url)}" style="{EMAIL_LINK_STYLE}">'
        f"{html.escape(url if label is None else label)}</a>"
    )


def verify_headers(email: EmailMessage) -> None:
    """Raise ValueError if any header, as it will be written, holds a line break."""
    linesep = _POLICY.linesep.encode("ascii")
    for name, value in email.raw_items():
        folded = _POLICY.fold_binary(name, value)
        if not folded.endswith(linesep) or _NEWLINE_WITHOUT_FWSP.search(
            folded.removesuffix(linesep)
        ):
            raise ValueError(f"the {name} header would contain a line break: {folded[:200]!r}")
