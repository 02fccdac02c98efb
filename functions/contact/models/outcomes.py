"""Every answer of the contact service is an `Outcome` (status + JSON body + headers, or an
HTML page for a link a person opens).

Built here and in service.py, so the Lambda handler and the local server answer the same
thing for the same input, and tests need neither. The refusals that carry more than a
sentence (429 with Retry-After, 400 naming fields or images) are built by the helpers below,
in the visitor's language: each takes the catalog of texts (language.texts), English unless
told otherwise.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..words import messages as en
from ..words.language import Texts, minutes
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
    def ok(cls, t: Texts = en) -> Outcome:
        return cls(200, {"success": True, "message": t.THANK_YOU})

    @classmethod
    def error(cls, status: int, text: str, **extra: object) -> Outcome:
        return cls(status, {"success": False, "error": text, **extra})


@dataclass(frozen=True)
class SendReport:
    sent: int
    failed: int
    errors: list[str]


def limited(
    limiter: SlidingWindowLimiter,
    client: str,
    text: str,
    what: str = "rate limit",
    t: Texts = en,
) -> Outcome | None:
    """429 with Retry-After when the client is over the limit (the post counts otherwise);
    text, t's template, says how long to wait."""
    wait = limiter.retry_after(rate_key(client))
    if not wait:
        return None
    log.warning("contact: %s hit by %s", what, client)
    return Outcome(
        429,
        Outcome.error(429, text.format(minutes=minutes(wait, t))).body,
        {"retry-after": str(max(1, round(wait)))},
    )


def invalid_fields(errors: list[FieldError]) -> Outcome:
    """400 with every field's problem, in one sentence and by field."""
    fields = {e.field: e.message for e in errors if e.field}
    return Outcome.error(400, " ".join(e.message for e in errors), fields=fields)


def refused_images(ids: list[UploadId], problems: Mapping[str, str], t: Texts = en) -> Outcome:
    """400 naming each refused image by its place in the form, and by its upload id (for the
    form to mark its thumbnail); the rest of the message is fine. problems: {upload id: its
    problem in t's words (IMAGE_MISSING, references.upload_problem)}."""
    shown = [(n, u.text) for n, u in enumerate(ids, 1) if u.text in problems]
    text = " ".join(t.IMAGE_NUMBER.format(number=n, problem=problems[i]) for n, i in shown)
    advice = t.REMOVE_OR_SEND if len(shown) == 1 else t.REMOVE_OR_SEND_MANY
    return Outcome.error(
        400,
        f"{text} {advice}",
        fields={REFERENCES: f"{text} {advice}"},
        references={i: t.THIS_IMAGE.format(problem=problems[i]) for _, i in shown},
    )
