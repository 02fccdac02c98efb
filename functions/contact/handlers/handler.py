"""AWS Lambda entry point for POST /api/contact (Function URL / API Gateway v2 event).

The same `handler` answers in Lambda and in `build.py serve` (devserver/contact_function.py
builds it there for the artists of the served build). Request body, a JSON object:

    name        required; one line, at most 100 characters
    email       required; a valid address, at most 254; the studio's email replies to it
    phone       optional; one line, at most 40 characters, at least 7 digits when given
    artist      optional; an artist slug from /api/artists, or "na" (the default)
    service     optional; "Tattoo Consultation" (default), "Piercing", "Jewelry Change",
                "Touch Up" or "Other"
    message     required; at most 5000 characters, may span lines
    website     honeypot: a text input people never see (off screen, inert, aria-hidden,
                tabindex=-1, a name no autofill knows). Send it empty. Filled in: the
                answer is the normal success; the message is kept as spam, never emailed.
    elapsed_ms  milliseconds from the visitor's first touch of the form to the submit
                click, as an integer. Under CONTACT_MIN_FILL_MS (3000 by default): the
                normal success answer; kept as spam, never emailed. Optional: when absent
                the check is skipped, so a visitor is never lost to a missing timer.
    placement, size, colour, budget, age
                optional; one string each from its list in choices.json ("request")
    availability
                optional; a list of distinct strings from its list, at most 3
    first_tattoo
                optional; true or false
    policies_version
                optional; 16 lower-case hex digits, the policies' version the visitor saw
                (the request fields are kept for request.services only; docs/contact.md)
    lang        optional; "es": every answer (its message, error and field errors) and the
                visitor's confirmation email in Spanish, and the studio's email says so;
                anything else or absent: English (never a 400). Kept with the message.
    references  optional; the ids of at most 5 images uploaded beforehand (below), all
                from one form. Each must exist, be a JPEG or WebP by its bytes and be
                within the limits, or the answer is 400 naming each image ("fields":
                {"references": ...}, and "references": {id: problem}); nothing is kept.

POST /api/contact/uploads, {"type": "image/jpeg" | "image/webp", "session": optional,
"lang": optional, as above}:
the fields of a presigned POST for one image (the file never passes through here), the
upload id and the session to send with the next grant. See docs/contact.md.

Unknown keys are ignored. The body is capped at 64 KiB (413).

Answers (docs/product.md#contact-contract): 200 {"success": true, "message": ...}; otherwise
{"success": false, "error": <for a person>} with 400 (plus "fields": {field: error}),
405, 413, 429 (Retry-After; CONTACT_RATE_LIMIT, 5 per 600 s per visitor on Lambda, 60 per
60 s locally) or 503 (nothing kept). See docs/contact.md for every variable.
"""

from __future__ import annotations

import logging
import os

from ..logic.service import ContactService
from .app import build_service, respond
from .settings import ConfigError, Settings

log = logging.getLogger(__name__)
if os.environ.get("AWS_LAMBDA_FUNCTION_NAME"):
    logging.getLogger().setLevel(logging.INFO)  # Lambda's root logger starts at WARNING

# Built once per process (a Lambda cold start), outside the handler.
try:
    SETTINGS: Settings | None = Settings.from_env()
    SERVICE: ContactService | None = build_service(SETTINGS)
except ConfigError as _error:
    log.error("contact: configuration is invalid, every request answers 503: %s", _error)
    SETTINGS, SERVICE = None, None


def handler(event: dict, context: object) -> dict:
    return respond(SERVICE, SETTINGS, event)
