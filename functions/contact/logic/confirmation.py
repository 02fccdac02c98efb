"""The confirmation to the visitor: their message arrived, what happens next, the policies.

The service sends it only once the message is stored, and never for what the spam traps
kept; it never stands in the way of the visitor's answer: whatever goes wrong is logged, and
neither the answer nor the stored message changes. Anyone can type any address into the
form, so this is the email an abuser would use to make the studio's address mail a
stranger; hence:

- it carries no text the visitor wrote except a first name made of letters only, of one
  script, none of them a look-alike of punctuation ("Hi there" otherwise), and that only in
  the body;
- at most one per address per hour, counted in the store every copy of the function shares
  (one conditional write: a row of the outbox, a DynamoDB item with a time to live), so a
  second message within the hour is kept and emailed to the studio, but not confirmed;
- at most CONTACT_CONFIRMATIONS_PER_HOUR for all addresses together, counted in the same
  store (budget.py), so no number of addresses makes SES mail more strangers than that: past
  it the message is kept and emailed to the studio, unconfirmed, and the first one past it
  in the hour is logged for the studio's alarm (attention.py).

Plain text, like the studio's email; from the studio's sending address, Reply-To the studio.
In the language the visitor wrote in (`lang`: English, or Spanish with the links to the
Spanish pages, /es/policies and /es/aftercare); its texts are the catalogs' (messages.py,
messages_es.py).
Turned off with CONTACT_CONFIRMATION=off (docs/contact.md, "The visitor's confirmation").
"""

from __future__ import annotations

import logging
import re
import time
import unicodedata
from collections.abc import Callable
from email.message import EmailMessage
from typing import Protocol

from ..models.address import address_key
from ..models.attention import needs_attention
from ..models.budget import CONFIRMATIONS, hour_of
from ..models.mail import plain_email
from ..models.message import StorageUnavailable, StoredMessage
from ..models.outcomes import NotificationFailed
from ..models.rules import ascii_email
from ..words.language import texts
from .ports import MessageStore

log = logging.getLogger(__name__)

WINDOW_S = 3600.0  # at most one confirmation per address this often
MAX_FIRST_NAME = 30
# What a name may hold for its first word to be used: letters (with their accents), spaces,
# and the hyphens, apostrophes and full stops of names like "Mary-Jane O'Neil Jr." (a full
# stop ends a word: "www.example.com" is no name).
_NAME_PUNCTUATION = frozenset(" -'’.")
_DOT_INSIDE = re.compile(r"\.\S")
# Scripts that do not count as a script of their own in a name: accents (combining marks are
# "Inherited") and the few letters every script uses ("Common": the modifier apostrophe).
_NEUTRAL_SCRIPTS = frozenset({"COMMON", "INHERITED"})
# Scripts one writing system mixes, as Unicode's UTS #39 counts them one "script" for its
# restriction levels: Japanese (Han, Hiragana, Katakana), Korean (Han, Hangul), Chinese
# with Bopomofo.
_WRITING_SYSTEMS = (
    frozenset({"HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"HAN", "HANGUL"}),
    frozenset({"HAN", "BOPOMOFO"}),
)
# What an address or a link is made of, besides letters and digits: a letter that looks like
# one of these (Lisu "ꓸ" for ".", Latin "ǃ" for "!") could make a name read as an address.
_ADDRESS_PUNCTUATION = frozenset("./:@,;?=&%#_~!\\")


class Mailer(Protocol):
    def deliver(self, raw: bytes, recipients: tuple[str, ...]) -> None:
        """Send the raw email or raise NotificationFailed (ses.SesNotifier)."""


def _letters(text: str) -> bool:
    return bool(text) and all(unicodedata.category(ch)[0] in "LM" for ch in text)


def one_script(name: str) -> bool:
    """True when the letters of name are of one script (accents and the letters all scripts
    share aside), and none of them is a look-alike of punctuation (docs/contact.md, "The
    visitor's confirmation"). Unicode's own data, through confusable_homoglyphs: its script
    of each character and its confusables (UTS #39), never a table of our own."""
    # Imported here: its tables take 35 to 170 ms to load, and only a confirmation needs them.
    from confusable_homoglyphs.categories import alias
    from confusable_homoglyphs.confusables import confusables_data

    letters = [ch for ch in name if _letters(ch)]
    scripts = {alias(ch) for ch in letters} - _NEUTRAL_SCRIPTS
    if len(scripts) > 1 and not any(scripts <= system for system in _WRITING_SYSTEMS):
        return False
    return not any(
        look["c"] in _ADDRESS_PUNCTUATION
        for ch in set(letters)
        for look in confusables_data.get(ch, ())
    )


def first_name(name: str) -> str:
    """The name the greeting uses: the first word of a name that holds only letters of one
    script and the punctuation of names, when that word is letters only and short; ""
    otherwise."""
    name = unicodedata.normalize("NFC", name).strip()
    if not all(ch in _NAME_PUNCTUATION or _letters(ch) for ch in name) or _DOT_INSIDE.search(name):
        return ""
    if not one_script(name):
        return ""
    first = name.split()[0] if name.split() else ""
    if not _letters(first) or len(first) > MAX_FIRST_NAME or not first[0].isalpha():
        return ""
    return first


def compose_confirmation(
    message: StoredMessage, site_url: str, forget_url: str = ""
) -> tuple[str, str]:
    """Subject and plain-text body, in the message's language: nothing the visitor wrote but
    first_name (the artist's name is the site's)."""
    t = texts(message.lang)
    first = first_name(message.name)
    waitlist = (
        [t.ON_THE_WAITLIST.format(artist=message.artist_name), ""]
        if message.waitlist and message.artist_name
        else []
    )
    pages = site_url + t.PAGES  # the policies and aftercare in the visitor's language
    lines = [
        t.GREETING.format(first=first) if first else t.GREETING_NO_NAME,
        "",
        t.ARRIVED,
        "",
        *waitlist,
        t.READ_THE_POLICIES.format(url=f"{pages}/policies"),
        "",
        t.READ_THE_AFTERCARE.format(url=f"{pages}/aftercare"),
        "",
        t.ADD_BY_REPLYING,
        "",
        # The signed "Delete my request" link (forget_link.py, docs/privacy.md).
        *([t.DELETE_MY_REQUEST.format(url=forget_url), ""] if forget_url else []),
        "--",
        t.NOT_YOU.format(url=f"{site_url}/"),
    ]
    return t.CONFIRMATION_SUBJECT, "\n".join(lines) + "\n"


class Confirmations:
    """Sends the visitor's confirmation after their message is stored."""

    def __init__(
        self,
        store: MessageStore,
        mailer: Mailer,
        sender: str,
        studio: tuple[str, ...],
        site_url: str,
        clock: Callable[[], float] = time.time,
        window_s: float = WINDOW_S,
        per_hour: int = 0,
        secret: str = "",
    ):
        self.store = store
        self.mailer = mailer
        self.sender = sender
        self.studio = studio  # the studio's addresses: the Reply-To
        self.site_url = site_url.rstrip("/")
        self.clock = clock
        self.window_s = window_s
        self.per_hour = per_hour  # all addresses together (CONTACT_CONFIRMATIONS_PER_HOUR); 0: none
        self.secret = secret  # signs the "Delete my request" link ("": none)

    def email(self, message: StoredMessage) -> EmailMessage:
        # Here, not at the top: forget_link.py's pages import what imports this module.
        from .forget_link import forget_link

        forget_url = forget_link(self.site_url, self.secret, message, self.clock())
        subject, body = compose_confirmation(message, self.site_url, forget_url)
        return plain_email(
            self.sender,
            ascii_email(message.email),
            ", ".join(self.studio),
            subject,
            body,
            f"{message.id}.confirmation",
            # RFC 3834: an automatic email, which autoresponders must not answer.
            {"Auto-Submitted": "auto-generated"},
            message.lang,
        )

    def send(self, message: StoredMessage) -> bool:
        """Confirm a stored message to its visitor, unless their address had one within the
        hour; True if it went. Never raises: the message is kept whatever happens here."""
        try:
            key = address_key(message.email)
            if not self.store.reserve_confirmation(key, self.clock(), self.window_s):
                log.info("contact: no confirmation for %s: one went within the hour", message.id)
                return False
            if not self._within_ceiling():
                return False
            email = self.email(message)
            self.mailer.deliver(email.as_bytes(), (ascii_email(message.email),))
        except (NotificationFailed, StorageUnavailable, ValueError) as exc:
            log.error("contact: confirmation for %s not sent (message kept): %s", message.id, exc)
            return False
        except Exception:
            log.exception("contact: confirmation for %s failed unexpectedly", message.id)
            return False
        log.info("contact: confirmation for %s sent", message.id)
        return True

    def _within_ceiling(self) -> bool:
        """Count this confirmation against the hour's ceiling for all addresses; False past
        it (StorageUnavailable when the store cannot count: then none is sent either)."""
        if not self.per_hour:
            return True
        hour = hour_of(self.clock(), CONFIRMATIONS)
        count = self.store.count_in_hour(hour, self.per_hour)
        if count == self.per_hour + 1:  # the first past it this hour, whichever copy
            needs_attention(
                "the ceiling of %d confirmations to visitors this hour (%s) is reached; "
                "until the hour ends messages are kept and emailed to the studio but not "
                "confirmed (CONTACT_CONFIRMATIONS_PER_HOUR, docs/contact.md)",
                self.per_hour,
                hour.key.rsplit("#", 1)[1],
            )
        return count <= self.per_hour
