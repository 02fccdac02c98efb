"""The studio's email about a message, as both notifiers compose it: SES's (ses.py), and the
outbox's where nothing is sent (kept_mail.py). The MIME itself is models/mail.py's."""

from __future__ import annotations

from collections.abc import Callable

from ..models.mail import addressees, build_email
from ..models.message import StoredMessage
from ..models.outcomes import NotificationFailed
from ..models.references import ImageLinks


class StudioMail:
    """What a notifier holds to compose the studio's email."""

    def __init__(
        self,
        sender: str,
        recipients: tuple[str, ...],
        studio: str,
        image_links: Callable[[list[str]], ImageLinks] | None = None,
        request_links: Callable[[StoredMessage], list[tuple[str, str]]] | None = None,
        artist_emails: Callable[[str], str] | None = None,
    ):
        self.sender = sender
        self.recipients = recipients
        self.studio = studio
        # The reference images' links (uploads store).
        self.image_links = image_links
        # A request's Accept, Decline and Waitlist links (logic/request_actions.RequestLinks).
        self.request_links = request_links
        # An artist's private address by slug (dal/artist_emails.py): their requests go To
        # them, the studio in Cc (models/mail.addressees).
        self.artist_emails = artist_emails
        # The studio's time zone (booking.json's `timezone`, models/booking.py): "Received"
        # is shown in it, as the request pages show it (docs/contact.md). Set once the
        # booking rules are known (handlers/app.py).
        self.timezone: Callable[[], str] | None = None

    def compose(
        self, message: StoredMessage, artist_name: str
    ) -> tuple[bytes, tuple[str, ...], tuple[str, ...]]:
        """The raw email, and who it goes To and Cc; NotificationFailed if it cannot be built."""
        try:
            images = (
                self.image_links(message.image_keys)
                if message.images and self.image_links
                else None
            )
            actions = self.request_links(message) if self.request_links else None
            artist = self.artist_emails(message.artist) if self.artist_emails else ""
            email = build_email(
                message,
                artist_name,
                self.sender,
                self.recipients,
                self.studio,
                images,
                actions,
                artist,
                self.timezone() if self.timezone else "",
            )
        except (ValueError, TypeError) as exc:  # a header the policy refused
            raise NotificationFailed(f"email could not be built: {exc}") from exc
        to, cc = addressees(message, self.recipients, artist)
        return email.as_bytes(), to, cc
