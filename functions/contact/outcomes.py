"""Every answer of the contact service is an `Outcome` (status + JSON body + headers, or an
HTML page for a link a person opens).

Built here and in service.py, so the Lambda handler and the local server answer the same
thing for the same input, and tests need neither. The refusals that carry more than a
sentence (429 with Retry-After, 400 naming fields or images) are built by the helpers below.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field

from .messages import REMOVE_OR_SEND, THANK_YOU
from .ratelimit import SlidingWindowLimiter, rate_key
from .references import FIELD as REFERENCES
from .references import UploadId
from .rules import FieldError

log = logging.getLogger(__name__)


class NotificationFailed(Exception):
    """An email could not be sent (the studio's stays pending; a confirmation is dropped)."""


@dataclass(frozen=True)
class Outcome:
    status: int
    body: dict
    headers: dict[str, str] = field(default_factory=dict)
    # An HTML page answered instead of the JSON body (for a person who opened a link from an
    # email: spam_review.py); its headers say so.
    html: str = ""

    @classmethod
    def ok(cls) -> Outcome:
        return cls(200, {"success": True, "message": THANK_YOU})

    @classmethod
    def error(cls, status: int, text: str, **extra: object) -> Outcome:
        return cls(status, {"success": False, "error": text, **extra})


@dataclass(frozen=True)
class SendReport:
    sent: int
    failed: int
    errors: list[str]


def minutes(seconds: float) -> str:
    """A wait as the visitor reads it: "a minute", "7 minutes" (rounded up)."""
    count = max(1, round(seconds / 60 + 0.49))
    return "a minute" if count == 1 else f"{count} minutes"


def limited(
    limiter: SlidingWindowLimiter, client: str, text: str, what: str = "rate limit"
) -> Outcome | None:
    """429 with Retry-After when the client is over the limit (the post counts otherwise)."""
    wait = limiter.retry_after(rate_key(client))
    if not wait:
        return None
    log.warning("contact: %s hit by %s", what, client)
    return Outcome(
        429,
        Outcome.error(429, text.format(minutes=minutes(wait))).body,
        {"retry-after": str(max(1, round(wait)))},
    )


def invalid_fields(errors: list[FieldError]) -> Outcome:
    """400 with every field's problem, in one sentence and by field."""
    fields = {e.field: e.message for e in errors if e.field}
    return Outcome.error(400, " ".join(e.message for e in errors), fields=fields)


def refused_images(ids: list[UploadId], problems: Mapping[str, str]) -> Outcome:
    """400 naming each refused image by its place in the form, and by its upload id (for the
    form to mark its thumbnail); the rest of the message is fine."""
    shown = [(n, u.text) for n, u in enumerate(ids, 1) if u.text in problems]
    text = " ".join(f"Image {n} {problems[i]}." for n, i in shown)
    advice = REMOVE_OR_SEND if len(shown) == 1 else REMOVE_OR_SEND.replace(" it", " them")
    return Outcome.error(
        400,
        f"{text} {advice}",
        fields={REFERENCES: f"{text} {advice}"},
        references={i: f"This image {problems[i]}." for _, i in shown},
    )
