"""What a contact submission must look like: typed input with limits and per-field errors.

Pure: no I/O, no clock, no AWS. `parse_submission` takes the decoded JSON value and the
known artist slugs and returns either a `Submission` or the list of everything wrong with
it, each problem worded for the visitor (the form shows `error` as is) in the language the
body's `lang` asks for (language.py; the texts are messages.py's and messages_es.py's).
"""

from __future__ import annotations

import difflib
import json
import logging
import re
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from email_validator import EmailNotValidError, validate_email

from ..words.language import Texts, read_lang, texts

log = logging.getLogger(__name__)

# The form's choices, shared with the build (which hands them to the front end).
CHOICES_FILE = Path(__file__).resolve().parent.parent / "choices.json"  # beside contract.json
_CHOICES = json.loads(CHOICES_FILE.read_text("utf-8"))
SERVICES: tuple[str, ...] = tuple(_CHOICES["services"])
DEFAULT_SERVICE = SERVICES[0]
NO_ARTIST: str = _CHOICES["noArtist"]
# The optional tattoo request: its lists, and the services it is kept for (the form sends it
# only for those); how the studio reads it is tattoo_request.py's.
REQUEST: dict = _CHOICES["request"]
REQUEST_SERVICES: tuple[str, ...] = tuple(REQUEST["services"])
REQUEST_CHOICES = ("placement", "size", "colour", "budget", "age")  # one choice each
AVAILABILITY = "availability"
MAX_AVAILABILITY = 3
FIRST_TATTOO = "first_tattoo"
POLICIES_VERSION = "policies_version"
_POLICIES_VERSION = re.compile(r"[0-9a-f]{16}")
MAX_CHOICE = 60  # the longest choice is 24 characters

# Generous for people, tight for abuse. The body cap covers the worst legitimate case:
# every field at its limit with each character escaped as a \uXXXX surrogate pair.
MAX_NAME = 100
MAX_EMAIL = 254  # RFC 5321 path limit
MAX_PHONE = 40
MAX_ARTIST = 64
MAX_MESSAGE = 5000
MAX_BODY_BYTES = 64 * 1024
MAX_ELAPSED_MS = 7 * 24 * 3600 * 1000

MAX_JSON_NUMBER_CHARS = 32  # elapsed_ms needs 10; Python refuses ints over 4300 digits anyway

HONEYPOT_FIELD = "website"
ELAPSED_FIELD = "elapsed_ms"

# C0 and C1 controls (but tab and line breaks), DEL and the Unicode line separators.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029]")
_LINE_BREAK = re.compile(r"[\r\n\u0085]")
# Bidi embeddings, overrides and isolates: they reorder how the text around them is shown
# (the "Trojan Source" trick), so a message could read differently in the studio's inbox.
_BIDI_CONTROL = re.compile(r"[\u202a-\u202e\u2066-\u2069]")
# Characters that show nothing on their own (besides spaces and format characters such as
# U+200B ZERO WIDTH SPACE, U+2060 WORD JOINER, U+FEFF, U+00AD SOFT HYPHEN): the Hangul
# fillers and the blank Braille pattern.
_BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Mn", "Me", "Zs", "Zl", "Zp"})


_ENCODED_WORD_START = "=?"


def ascii_email(address: str) -> str:
    """The address as it goes into a mail header: the domain in punycode."""
    return validate_email(address, check_deliverability=False, allow_smtputf8=False).ascii_email


@dataclass(frozen=True)
class FieldError:
    field: str
    message: str


@dataclass(frozen=True)
class Submission:
    """A valid message from a visitor, exactly as they typed it (trimmed)."""

    name: str
    email: str
    phone: str
    artist: str
    service: str
    message: str
    # The tattoo request's fields that were given, checked ({} for none; REQUEST_SERVICES only)
    request: dict = field(default_factory=dict)
    policies_version: str = ""  # the policies' version the visitor saw ("" when not sent)
    lang: str = "en"  # the language the visitor wrote in: "en" or "es" (language.py)


@dataclass(frozen=True)
class SpamSignals:
    """The two traps a person never trips: a hidden field they cannot see, and speed."""

    honeypot: str
    elapsed_ms: int | None


class InvalidSubmission(Exception):
    def __init__(self, errors: list[FieldError]):
        super().__init__("; ".join(e.message for e in errors))
        self.errors = errors


def looks_blank(text: str) -> bool:
    """True when nothing in text would show on screen (spaces, zero-width characters...)."""
    return not any(
        unicodedata.category(ch) not in _INVISIBLE_CATEGORIES and ch not in _BLANK_LOOKING
        for ch in text
    )


def is_clean_line(text: str) -> bool:
    """True for one line that shows something, without control characters, bidi controls
    or lone surrogates: a text of the site's (booking.json) the function may store and show."""
    return not (
        looks_blank(text)
        or _has_lone_surrogate(text)
        or _LINE_BREAK.search(text)
        or _CONTROL.search(text)
        or _BIDI_CONTROL.search(text)
    )


def _has_lone_surrogate(text: str) -> bool:
    # json.loads accepts "\ud800"; such a string cannot be stored or emailed as UTF-8.
    return any(unicodedata.category(ch) == "Cs" for ch in text)


def _about(template: str, t: Texts, field: str, **params: object) -> FieldError:
    """The field's problem: template with the field's {label} ("Name") and {name} ("name")."""
    label = t.LABELS[field]
    return FieldError(field, template.format(label=label, name=label.lower(), **params))


def _text(
    payload: dict,
    field: str,
    limit: int,
    errors: list[FieldError],
    t: Texts,
    *,
    required: bool,
    one_line: bool = True,
) -> str:
    value = payload.get(field)
    if value is None:
        value = ""
    if not isinstance(value, str):
        errors.append(_about(t.MUST_BE_TEXT, t, field))
        return ""
    value = value.strip()
    if required and looks_blank(value):
        errors.append(_about(t.ENTER, t, field))
    elif len(value) > limit:
        errors.append(_about(t.TOO_LONG, t, field, length=len(value), limit=limit))
    elif _has_lone_surrogate(value):
        errors.append(_about(t.CANNOT_BE_SENT, t, field))
    elif one_line and _LINE_BREAK.search(value):
        errors.append(_about(t.ONE_LINE, t, field))
    elif _CONTROL.search(value):
        errors.append(_about(t.CONTROL_CHARACTERS, t, field))
    elif _BIDI_CONTROL.search(value):
        errors.append(_about(t.DIRECTION_CHARACTERS, t, field))
    return value


def _email(payload: dict, errors: list[FieldError], t: Texts) -> str:
    before = len(errors)
    value = _text(payload, "email", MAX_EMAIL, errors, t, required=True)
    if len(errors) > before:
        return value
    try:
        # Syntax only: a DNS lookup per request would add latency and fail offline.
        # No SMTPUTF8: SES cannot send to a non-ASCII local part, so the studio could not
        # reply; internationalised domains are fine (sent as punycode).
        checked = validate_email(value, check_deliverability=False, allow_smtputf8=False)
    except EmailNotValidError as exc:
        # The library's detail is English: the Spanish catalog says it in a sentence of its own.
        errors.append(FieldError("email", t.INVALID_EMAIL.format(detail=exc)))
        return value
    if _ENCODED_WORD_START in checked.ascii_email:
        # Legal in an address, but a mail library may decode "=?...?=" as an RFC 2047
        # encoded word when the address is written into Reply-To (docs/contact.md).
        errors.append(FieldError("email", t.EMAIL_ENCODED_WORD))
    return checked.normalized


def _phone(payload: dict, errors: list[FieldError], t: Texts) -> str:
    before = len(errors)
    value = _text(payload, "phone", MAX_PHONE, errors, t, required=False)
    if value and len(errors) == before and sum(ch.isdigit() for ch in value) < 7:
        errors.append(FieldError("phone", t.SHORT_PHONE))
    return value


def _one_of(
    value: object,
    field: str,
    allowed: Collection[str],
    default: str,
    errors: list[FieldError],
    limit: int,
    t: Texts,
) -> str:
    """value if it is one of allowed; default when empty; else the problem added to errors,
    with the choice a typo most likely meant."""
    if value is None or value == "":
        return default
    if not isinstance(value, str):
        errors.append(_about(t.MUST_BE_TEXT, t, field))
        return default
    if len(value) > limit or value not in allowed:
        shown = (
            value
            if len(value) <= 40 and value.isprintable()
            else value[:40].encode("unicode_escape").decode()
        )
        meant = _closest(value[:limit], allowed)
        hint = t.DID_YOU_MEAN.format(value=meant) if meant else ""
        errors.append(_about(t.UNKNOWN_CHOICE, t, field, value=shown, hint=hint))
        return default
    return value


def _closest(value: str, allowed: Collection[str]) -> str | None:
    """The choice a typo most likely meant ('Tatoo Consultation', 'piercing'), by edit
    distance over lower-case text (difflib: the standard library's, enough for five)."""
    by_lower = {choice.lower(): choice for choice in sorted(allowed)}
    found = difflib.get_close_matches(value.lower(), by_lower, n=1, cutoff=0.75)
    return by_lower[found[0]] if found else None


def parse_submission(
    payload: object, known_artists: Collection[str]
) -> tuple[Submission, SpamSignals]:
    """Check every field of the decoded JSON body; raise InvalidSubmission with all problems,
    worded in the body's language (`lang`: "es" Spanish, anything else English)."""
    lang = read_lang(payload)
    t = texts(lang)
    if not isinstance(payload, dict):  # no `lang` to read: English
        raise InvalidSubmission([FieldError("", t.NOT_AN_OBJECT)])
    errors: list[FieldError] = []
    name = _text(payload, "name", MAX_NAME, errors, t, required=True)
    email = _email(payload, errors, t)
    phone = _phone(payload, errors, t)
    artists = set(known_artists) | {NO_ARTIST}
    artist = _one_of(payload.get("artist"), "artist", artists, NO_ARTIST, errors, MAX_ARTIST, t)
    service = _one_of(payload.get("service"), "service", SERVICES, DEFAULT_SERVICE, errors, 40, t)
    message = _text(payload, "message", MAX_MESSAGE, errors, t, required=True, one_line=False)
    request = _tattoo_request(payload, errors, t)
    policies = _policies_version(payload.get(POLICIES_VERSION), errors, t)
    signals = _spam_signals(payload, errors, t)
    if errors:
        raise InvalidSubmission(errors)
    message = message.replace("\r\n", "\n").replace("\r", "\n")
    # Checked for every service, kept for those the form shows the request for.
    request = request if service in REQUEST_SERVICES else {}
    submission = Submission(name, email, phone, artist, service, message, request, policies, lang)
    return submission, signals


def _tattoo_request(payload: dict, errors: list[FieldError], t: Texts) -> dict:
    """The optional request fields given ({field: value}), each checked against its list."""
    request: dict = {}
    for name in REQUEST_CHOICES:
        value = _one_of(payload.get(name), name, REQUEST[name], "", errors, MAX_CHOICE, t)
        if value:
            request[name] = value
    availability = _availability(payload.get(AVAILABILITY), errors, t)
    if availability:
        request[AVAILABILITY] = availability
    first = payload.get(FIRST_TATTOO)
    if isinstance(first, bool):
        request[FIRST_TATTOO] = first
    elif first is not None:  # "yes", 1, ...: the form sends true or false
        errors.append(FieldError(FIRST_TATTOO, t.NOT_YES_OR_NO))
    return request


def _availability(value: object, errors: list[FieldError], t: Texts) -> list[str]:
    """A list of distinct choices from its list, at most MAX_AVAILABILITY ([] for none)."""
    if value is None:
        return []
    if not isinstance(value, list):
        errors.append(FieldError(AVAILABILITY, t.AVAILABILITY_NOT_A_LIST))
        return []
    if len(value) > MAX_AVAILABILITY:
        text = t.AVAILABILITY_TOO_MANY.format(count=len(value), limit=MAX_AVAILABILITY)
        errors.append(FieldError(AVAILABILITY, text))
        return []
    chosen: list[str] = []
    for item in value:
        before = len(errors)
        if not isinstance(item, str) or not item:
            errors.append(FieldError(AVAILABILITY, t.AVAILABILITY_NOT_A_LIST))
        elif item in chosen:
            errors.append(FieldError(AVAILABILITY, t.AVAILABILITY_TWICE.format(value=item)))
        else:
            allowed = REQUEST[AVAILABILITY]
            chosen.append(_one_of(item, AVAILABILITY, allowed, "", errors, MAX_CHOICE, t))
        if len(errors) > before:
            return []
    return chosen


def _policies_version(value: object, errors: list[FieldError], t: Texts) -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, str) and _POLICIES_VERSION.fullmatch(value):
        return value
    errors.append(FieldError(POLICIES_VERSION, t.BAD_POLICIES_VERSION))
    return ""


def _spam_signals(payload: dict, errors: list[FieldError], t: Texts) -> SpamSignals:
    trap = payload.get(HONEYPOT_FIELD)
    honeypot = trap.strip() if isinstance(trap, str) else ("" if trap is None else str(trap))
    elapsed = payload.get(ELAPSED_FIELD)
    if elapsed is None:
        return SpamSignals(honeypot, None)
    if (
        isinstance(elapsed, bool)
        or not isinstance(elapsed, int | float)
        or not 0 <= elapsed <= MAX_ELAPSED_MS
    ):
        errors.append(FieldError(ELAPSED_FIELD, t.TIMER_INVALID))
        return SpamSignals(honeypot, None)
    return SpamSignals(honeypot, int(elapsed))
