"""The studio's email where nothing is sent (a laptop: no CONTACT_NOTIFY_FROM/TO, the SQLite
outbox): composed exactly as SES's notifier composes it (models/mail.build_email, the
artist's address, the request's links), then kept in the outbox's `emails` table instead of
sent, for `build.py mail` (docs/contact.md, "The emails, locally: build.py mail").

The message itself stays pending (nothing went out): `send-pending` with SES configured
sends it for real later.
"""

from __future__ import annotations

from collections.abc import Callable

from ..models.message import StoredMessage
from ..models.references import ImageLinks
from .outbox import SqliteOutbox
from .studio_mail import StudioMail


class KeptNotifier(StudioMail):
    def __init__(
        self,
        outbox: SqliteOutbox,
        sender: str,
        recipients: tuple[str, ...],
        studio: str = "Website",
        image_links: Callable[[list[str]], ImageLinks] | None = None,
        request_links: Callable[[StoredMessage], list[tuple[str, str]]] | None = None,
        artist_emails: Callable[[str], str] | None = None,
    ):
        super().__init__(sender, recipients, studio, image_links, request_links, artist_emails)
        self.outbox = outbox

    def send(self, message: StoredMessage, artist_name: str) -> None:
        """Keep the studio's email for message; NotificationFailed if it cannot be built."""
        raw, to, cc = self.compose(message, artist_name)
        self.outbox.deliver(raw, (*to, *cc))
