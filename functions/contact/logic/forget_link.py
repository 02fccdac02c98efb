"""The visitor's "Delete my request" link, in their confirmation email (docs/privacy.md,
"Export and deletion on request"): `/api/contact/forget/<id>?t=<expires>.<signature>`,
signed (signing.py, purpose "forget": no other link's signature opens it) for LINK_DAYS.

GET shows a page asking to confirm, with one button; POST deletes the message everywhere
(logic/privacy.forget_messages: the store, its images, what names it). As the other signed
links: forged or unknown 404, expired 410, already deleted 410. Pages in the visitor's
language, no script, the studio links' stylesheet. Never raises.
"""

from __future__ import annotations

import html
import logging
import re
import time
from collections.abc import Callable

from ..contract import FORGET_PATH
from ..models.message import StorageUnavailable, StoredMessage
from ..models.outcomes import Outcome
from ..words.language import texts
from .ports import MessageStore, UploadStore
from .privacy import forget_messages
from .signing import read_token, signed, token
from .spam_review import html_page

log = logging.getLogger(__name__)

PURPOSE = "forget"
LINK_DAYS = 365  # a year: past it, the visitor asks the studio (the page says so)
DAY_S = 24 * 3600
_PATH = re.compile(r"([0-9a-f]{32})/?")


def forget_link(site_url: str, secret: str, message: StoredMessage, now: float) -> str:
    """The message's "Delete my request" link; "" without a secret or a site to point at."""
    if not secret or not site_url:
        return ""
    expires = int(now) + LINK_DAYS * DAY_S
    link_token = token(secret, PURPOSE, message.id, expires)
    return f"{site_url.rstrip('/')}{FORGET_PATH}{message.id}?t={link_token}"


def _page(status: int, lang: str, title: str, text: str, form: str = "") -> Outcome:
    return html_page(status, title, text, form, lang="es" if lang == "es" else "en")


class ForgetLinks:
    """The answers to the visitor's "Delete my request" link, over the service's store."""

    def __init__(
        self,
        store: Callable[[], MessageStore],
        uploads: UploadStore | None,
        secret: str,
        clock: Callable[[], float] = time.time,
    ):
        self._store = store  # read each time: tests swap the service's store
        self.uploads = uploads
        self.secret = secret
        self.clock = clock

    def answer(self, path: str, method: str, query: str) -> Outcome:
        method = method.upper()
        if method not in ("GET", "HEAD", "POST"):
            refused = {"success": False, "error": "Use GET or POST."}
            return Outcome(405, refused, {"allow": "GET, POST"})
        en = texts("en")
        unknown = _page(404, "en", en.PAGE_LINK_UNKNOWN_TITLE, en.PAGE_LINK_UNKNOWN)
        found = _PATH.fullmatch(path.removeprefix(FORGET_PATH))
        given_token = read_token(query)
        if not found or not given_token or not self.secret:
            return unknown
        message_id, (expires, given) = found.group(1), given_token
        if not signed(self.secret, PURPOSE, message_id, expires, given):
            log.warning("contact: a forged delete link was refused (%s)", message_id)
            return unknown
        try:
            store = self._store()
            message = store.get(message_id)
            t = texts(message.lang if message is not None else "en")
            if expires <= self.clock():
                return _page(
                    410,
                    message.lang if message else "en",
                    t.PAGE_FORGET_EXPIRED_TITLE,
                    t.PAGE_FORGET_EXPIRED,
                )
            if message is None:
                return _page(410, "en", t.PAGE_FORGET_GONE_TITLE, t.PAGE_FORGET_GONE)
            if method != "POST":
                button = html.escape(t.PAGE_FORGET_BUTTON)
                form = (
                    f'<form method="post" action=""><button type="submit">{button}</button></form>'
                )
                return _page(200, message.lang, t.PAGE_FORGET_TITLE, t.PAGE_FORGET, form)
            forget_messages(store, self.uploads, [message])
            log.info("contact: message %s deleted by its visitor's link", message_id)
            return _page(200, message.lang, t.PAGE_FORGOTTEN_TITLE, t.PAGE_FORGOTTEN)
        except StorageUnavailable as exc:
            log.error("contact: delete link for %s not answered: %s", message_id, exc)
            t = texts("en")
            return _page(503, "en", t.PAGE_UNAVAILABLE_TITLE, t.PAGE_FORGET_UNAVAILABLE)
