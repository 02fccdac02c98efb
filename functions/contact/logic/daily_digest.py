"""The studio's daily email: the requests waiting for it, and what the spam traps kept.

The daily schedule's action (`send-spam-digest`, deploy_aws.py; `build.py send-spam-digest`
locally) sends one email composed of two parts: the requests waiting for the studio (this
module: `new` for more than a day, `accepted` awaiting a deposit, each with the links that
act from its state) and the spam digest (spam_review.py). On a day with neither, nothing is
sent. A day with spam only sends the spam digest exactly as before (docs/contact.md, "What is
waiting: the daily digest").
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage

from ..models.mail import artist_label, dollars, header_text
from ..models.message import StoredMessage
from ..models.request_state import ACCEPTED, NEW, is_request, last_move, may_act
from .ports import MessageStore
from .request_actions import ACTION_LINK_DAYS, RequestLinks
from .spam_review import Digest, SpamReview, compose_digest, first_line

log = logging.getLogger(__name__)

DAY_S = 24 * 3600
# A request is waiting once it has been `new` this long without an answer.
NEW_FOR_S = DAY_S
# ... and no longer than this: older ones are left out. Messages stored before requests had
# states read as `new`, and the studio answered them by hand; without a horizon the first
# digest would list every request ever made. 30 days is as long as a request email's links work.
HORIZON_S = ACTION_LINK_DAYS * DAY_S
MAX_LISTED = 50  # per part: one readable email; `build.py requests` lists them all
FOOTER = (
    "Sent once a day by the studio's contact form, only on days with a request waiting "
    "or spam caught."
)


@dataclass(frozen=True)
class Waiting:
    new: list[StoredMessage]  # new for more than a day, oldest first (at most MAX_LISTED)
    accepted: list[StoredMessage]  # accepted, awaiting the deposit (at most MAX_LISTED)
    new_total: int
    accepted_total: int

    @property
    def total(self) -> int:
        return self.new_total + self.accepted_total


def _created(message: StoredMessage) -> float:
    try:
        moment = datetime.fromisoformat(message.created_at)
    except ValueError:
        return 0.0
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def find_waiting(store: MessageStore, now: float) -> Waiting:
    """The requests waiting for the studio at now (StorageUnavailable when unreadable)."""
    found = [m for m in store.in_states((NEW, ACCEPTED)) if is_request(m)]
    new = [m for m in found if m.state == NEW and now - HORIZON_S <= _created(m) <= now - NEW_FOR_S]
    accepted = [m for m in found if m.state == ACCEPTED]
    return Waiting(new[:MAX_LISTED], accepted[:MAX_LISTED], len(new), len(accepted))


def _when(iso: str) -> str:
    return iso.replace("T", " ")[:16] + " UTC" if iso else "(unknown)"


def _days(seconds: float) -> str:
    days = int(seconds // DAY_S)
    return "1 day" if days == 1 else f"{days} days"


def _entry(
    number: int, message: StoredMessage, now: float, links: RequestLinks | None
) -> list[str]:
    lines = [
        "",
        f"{number}. {_when(message.created_at)} ({_days(now - _created(message))} ago) · "
        f"{header_text(message.name)} <{message.email}>",
        f"   {message.service} · artist: {artist_label(message.artist, message.artist_name)}",
        f'   "{first_line(message.message)}"',
    ]
    if message.state == ACCEPTED:
        move = last_move(message)
        deposit = f", deposit {dollars(message.deposit_cents)}" if message.deposit_cents else ""
        lines.append(f"   Accepted {_when(str(move.get('at', '')))}{deposit}, not paid yet")
    for label, url in links(message) if links is not None else []:
        if may_act(message, label.lower()):  # only the links that act from its state
            lines.append(f"   {label}: {url}")
    return lines


def waiting_lines(waiting: Waiting, now: float, links: RequestLinks | None) -> list[str]:
    """The waiting part of the digest's body."""
    counts = []
    if waiting.new_total:
        counts.append(f"{waiting.new_total} new for more than a day")
    if waiting.accepted_total:
        counts.append(f"{waiting.accepted_total} accepted, awaiting the deposit")
    lines = [f"Requests waiting for you: {' and '.join(counts)}."]
    if links is not None:
        lines.append("Each link opens a page; nothing changes until you press its button.")
    else:
        lines.append(
            "`python build.py requests --links URL` prints their links (this digest has "
            "none: CONTACT_SITE_URL or the link secret is not set)."
        )
    for title, listed, total in (
        ("New for more than a day:", waiting.new, waiting.new_total),
        ("Accepted, awaiting the deposit:", waiting.accepted, waiting.accepted_total),
    ):
        if not total:
            continue
        lines += ["", title]
        for number, message in enumerate(listed, 1):
            lines += _entry(number, message, now, links)
        if total > len(listed):
            lines += ["", f"… and {total - len(listed)} more: `python build.py requests`."]
    return lines


@dataclass(frozen=True)
class DailyEmail:
    spam: Digest
    waiting: Waiting
    email: EmailMessage | None  # None: nothing to say


def _requests(total: int) -> str:
    return "1 request" if total == 1 else f"{total} requests"


class DailyDigest:
    """The day's email over the spam review (its store, mailer, addresses, links)."""

    def __init__(self, review: SpamReview, clock: Callable[[], float] | None = None):
        self.review = review
        self.clock = clock or review.clock

    def links(self) -> RequestLinks | None:
        review = self.review
        if not (review.site_url and review.secret):
            return None
        return RequestLinks(review.site_url, review.secret, self.clock)

    def compose(
        self, now: float | None = None, hours: float = 24, whole_hours: bool = True
    ) -> DailyEmail:
        now = self.clock() if now is None else now
        review = self.review
        spam = review.digest(now, hours, whole_hours)
        waiting = find_waiting(review.source.store, now)
        if not waiting.total:
            return DailyEmail(spam, waiting, spam.email)  # the spam digest alone, as before
        what = _requests(waiting.total) + " waiting"
        lines = waiting_lines(waiting, now, self.links())
        if spam.total:
            caught = "1 message" if spam.total == 1 else f"{spam.total} messages"
            what += f", the spam traps kept {caught}"
            _, body = compose_digest(
                spam.listed,
                spam.total,
                spam.start,
                spam.end,
                review.links,
                review.studio,
                footer=False,
            )
            lines += ["", "", body.rstrip("\n")]
        lines += ["", "--", FOOTER]
        subject = header_text(f"{review.studio}: {what} ({spam.end:%Y-%m-%d})")
        email = review.studio_email(
            subject, "\n".join(lines) + "\n", f"daily-digest-{spam.end:%Y%m%d%H}"
        )
        return DailyEmail(spam, waiting, email)

    def send(self, now: float | None = None) -> dict:
        """Email the day's digest to the studio (the schedule's run); what happened, for the
        log (counts only: no visitor data). Raises when it could not go, so the schedule's
        invocation fails and Lambda tries it again."""
        daily = self.compose(now)
        if daily.email is None:
            log.info("contact: daily digest: nothing waiting, nothing caught; none sent")
            return {"digest": "none", "caught": 0}
        if self.review.mailer is None:
            raise ValueError("no email is configured for the daily digest")
        self.review.mailer.deliver(daily.email.as_bytes(), self.review.recipients)
        result = {"digest": "sent", "caught": daily.spam.total, "listed": len(daily.spam.listed)}
        if daily.waiting.total:
            result["waiting"] = daily.waiting.total
        log.info("contact: daily digest sent: %s", result)
        return result
