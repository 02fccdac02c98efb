"""The field types of the content files and the rules behind them (README, 'Content format').

Each type is a pydantic annotation (`Text`, `WebUrl`, `BaseUrl`, `Instagram`, `Slug`,
`FileName`, `Phone`, ...) whose validator says, in an editor's words, what was expected and
what was written. The models built from them are in `site_models.py` (site.yaml) and
`models.py` (artists and portfolios); `Model` is their common base.
"""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo
from collections.abc import Callable
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    HttpUrl,
    StringConstraints,
    TypeAdapter,
    ValidationError,
)

from . import rules

SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# Artist slugs the site already gives a meaning: api/portfolio/all.json lists every artist's
# pieces, and the contact form sends "na" for "No preference" (functions/contact/choices.json).
RESERVED_SLUGS = {
    "all": "/api/portfolio?artist=all already means every artist",
    "na": "the contact form already uses 'na' for 'No preference'",
}
INSTAGRAM_RE = re.compile(r"^@?[A-Za-z0-9._]{1,30}$")
WEB_URL_RE = re.compile(r"^https?://[^\s/$.?#][^\s]*$")
PHONE_DIGITS = (7, 15)  # fewest and most digits a phone number may have


def _whole_number(value: Any) -> Any:
    # YAML gives ints; a CMS may quote them. Booleans and floats are not whole numbers.
    if isinstance(value, bool) or isinstance(value, float):
        raise ValueError(f"must be a whole number, got {describe(value)}")
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    if not isinstance(value, int):
        raise ValueError(f"must be a whole number, got {describe(value)}")
    return value


def _price(value: Any) -> Any:
    # Whole US dollars: 150, or "150" as a CMS may save it; never "$150", 150.50 or true.
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise ValueError(
        "must be a price in whole US dollars, a number like 150 (no $ sign, no cents), "
        f"got {describe(value)}"
    )


# A deposit (docs/requests.md, "Deposits"): whole US dollars, 0 for none. The bound keeps a
# typo (an extra zero or two) from asking a visitor for a fortune through Stripe.
DEPOSIT_MAX = 10_000


def _deposit(value: Any) -> Any:
    # Like a price, but 0 means "no deposit"; "100.50", -5, true and "abc" are refused.
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= DEPOSIT_MAX:
        raise ValueError(
            f"must be a deposit in whole US dollars from 0 (no deposit) to {DEPOSIT_MAX:,}, "
            f"a number like 100 (no $ sign, no cents), got {describe(value)}"
        )
    return value


# A decline reason (site.yaml decline_reasons): its label on the studio's Decline form is one
# short line; its text, a few kind sentences in the visitor's email.
REASON_LABEL_MAX = 40
REASON_TEXT_MAX = 400


def _reason_label(value: str) -> str:
    if "\n" in value or "\r" in value or len(value) > REASON_LABEL_MAX:
        raise ValueError(
            f"must be one short line, at most {REASON_LABEL_MAX} characters (like 'Books "
            f"full'), got {len(value)} characters"
        )
    return value


def _reason_text(value: str) -> str:
    if len(value) > REASON_TEXT_MAX:
        raise ValueError(
            f"must be at most {REASON_TEXT_MAX} characters (a sentence or two), got "
            f"{len(value)} characters"
        )
    return value


# A flash design's size as the grid shows it ("3 in", "4 x 6 in"): one short line.
SHORT_TEXT_MAX = 24


def _short_text(value: str) -> str:
    if len(value) > SHORT_TEXT_MAX:
        raise ValueError(
            f"must be short, at most {SHORT_TEXT_MAX} characters (like '3 in' or "
            f"'4 x 6 in'), got {describe(value)}"
        )
    return value


# A note shown beside something on the site ("Books open again in March"): one short line.
NOTE_MAX = 120


def _note(value: str) -> str:
    if "\n" in value or "\r" in value:
        raise ValueError("must be one line (a short note, no line breaks)")
    if len(value) > NOTE_MAX:
        raise ValueError(
            f"must be short, at most {NOTE_MAX} characters (like 'Books open again in "
            f"March'), got {len(value)} characters"
        )
    return value


def plain_file_name(value: str) -> str:
    """A file name an editor may reference: no folders, no parent links, not hidden."""
    if "/" in value or "\\" in value:
        raise ValueError(f"must be a plain file name without folders, got '{value}'")
    if value in (".", "..") or ".." in value:
        raise ValueError(f"must not contain '..', got '{value}'")
    if value.startswith("."):
        raise ValueError(f"must not be a hidden file (starting with '.'), got '{value}'")
    if any(ord(ch) < 32 for ch in value):
        raise ValueError("must not contain control characters")
    return value


def _slug(value: str) -> str:
    if not SLUG_RE.match(value):
        raise ValueError(
            f"must be a slug of lower-case letters, digits and '-', got '{value}' "
            f"(write '{suggest_slug(value)}')"
        )
    return value


def _instagram(value: str) -> str:
    if not INSTAGRAM_RE.match(value):
        raise ValueError(
            "must be an Instagram handle like '@studio.name' (letters, digits, '.', '_'), "
            f"got '{value}'"
        )
    return value


def _web_url(value: str) -> str:
    if not WEB_URL_RE.match(value):
        raise ValueError(f"must be a web address starting with https://, got '{value}'")
    return value


# base_url goes into robots.txt, the sitemap and every canonical link exactly as written, so
# it may hold only the characters RFC 3986 allows in a URL (unreserved, reserved and %XX):
# the WHATWG parser below quietly percent-encodes a quote or a '<' and accepts a space in a
# path, which would publish an address other than the one written.
BASE_URL_CHARS = re.compile(r"(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*")
_HTTP_URL = TypeAdapter(HttpUrl)


def _base_url(value: str) -> str:
    """The site's own address: https, plain RFC 3986 characters, nothing after the path."""
    shown = _shown_text(value)
    if not value.startswith("https://"):
        raise ValueError(f"'{shown}' must start with https:// (Netlify serves HTTPS)")
    if not BASE_URL_CHARS.fullmatch(value):
        raise ValueError(
            f"'{shown}' holds {_odd_character(value)}, which a web address cannot hold: write "
            "the plain address, like https://www.studio.com"
        )
    try:
        url = _HTTP_URL.validate_python(value)
    except ValidationError as exc:
        reason = (exc.errors()[0].get("ctx") or {}).get("error", "not understood")
        raise ValueError(
            f"'{shown}' is not a web address ({reason}): write it like https://www.studio.com"
        ) from None
    if url.username or url.password or "@" in urlsplit(value).netloc:
        raise ValueError(
            f"'{shown}' holds a user name or password (the part up to '@'), which every "
            "visitor would see in the site's links: leave it out"
        )
    # Page paths are added after base_url (seo.absolute), so they would land inside these.
    for mark, part in (("?", "a query"), ("#", "a fragment")):
        if mark in value:
            raise ValueError(
                f"'{shown}' has {part} (the part from '{mark}'), and page addresses are added "
                "after base_url, so every link would end up inside it: leave it out"
            )
    return value


def _odd_character(value: str) -> str:
    """The first character base_url may not hold, named as a person reads it."""
    char = value[BASE_URL_CHARS.match(value).end()]
    if char == " ":
        return "a space"
    if char == "%":
        return "a '%' without two hex digits after it"
    if not char.isprintable():
        return f"the invisible character U+{ord(char):04X}"
    return f"'{char}'"


def _shown_text(value: str) -> str:
    """value on one line for a message: control characters spelled out, long text cut."""
    text = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in value)
    return text if len(text) <= 80 else f"{text[:77]}..."


def _phone(value: str) -> str:
    digits = re.sub(r"\D", "", value)
    fewest, most = PHONE_DIGITS
    if not fewest <= len(digits) <= most:
        raise ValueError(f"must be a phone number with {fewest} to {most} digits, got '{value}'")
    return value


def _email(value: str) -> str:
    from email_validator import EmailNotValidError, validate_email

    try:
        validate_email(value, check_deliverability=False)
    except EmailNotValidError as exc:
        raise ValueError(f"must be an email address, got '{value}' ({exc})") from None
    return value


# A private address an editor gives (an artist's `email:`, docs/contact.md "Requests go to the
# artist"): it goes into a mail header, so it is held to plain ASCII, no spaces or line
# breaks, at most 254 characters (RFC 5321's path limit), and must be an address.
PRIVATE_EMAIL_MAX = 254
PRIVATE_EMAIL_RE = re.compile(
    r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$"
)


def _private_email(value: str) -> str:
    from email_validator import EmailNotValidError, validate_email

    shown = _shown_text(value)
    if len(value) > PRIVATE_EMAIL_MAX:
        raise ValueError(f"must be an email address of at most {PRIVATE_EMAIL_MAX} characters")
    if not PRIVATE_EMAIL_RE.match(value):
        raise ValueError(
            f"must be one plain email address like jane@studio.com (letters a-z, digits and "
            f"'.', '-', '_', '+'; no spaces, accents or names), got '{shown}'"
        )
    try:
        validate_email(value, check_deliverability=False, allow_smtputf8=False)
    except EmailNotValidError as exc:
        raise ValueError(f"must be an email address, got '{shown}' ({exc})") from None
    return value


# Each text rule above as a regular expression a form can check while an editor types (the
# admin's fields, generator/site/cms.py): (pattern, what it asks for). The validators stay the
# judges; tests/test_cms_config.py checks that each pattern agrees with its validator.
FORM_PATTERNS: dict[Callable[[str], str], tuple[str, str]] = {
    _instagram: (INSTAGRAM_RE.pattern, "an Instagram handle like @studio.name"),
    _web_url: (WEB_URL_RE.pattern, "a web address starting with https://"),
    _phone: (
        rf"^(?:\D*\d){{{PHONE_DIGITS[0]},{PHONE_DIGITS[1]}}}\D*$",
        f"a phone number with {PHONE_DIGITS[0]} to {PHONE_DIGITS[1]} digits",
    ),
    _email: (r"^[^\s@]+@[^\s@]+\.[^\s@]+$", "an email address like hello@studio.com"),
    _private_email: (PRIVATE_EMAIL_RE.pattern, "one plain email address like jane@studio.com"),
    _slug: (SLUG_RE.pattern, "lower-case letters, digits and '-', like jane-doe"),
    _short_text: (
        rf"^(?=.*\S).{{1,{SHORT_TEXT_MAX}}}$",
        f"short text, at most {SHORT_TEXT_MAX} characters, like 3 in",
    ),
    _note: (
        rf"^(?=.*\S).{{1,{NOTE_MAX}}}$",
        f"one line, at most {NOTE_MAX} characters",
    ),
    _reason_label: (
        rf"^(?=.*\S).{{1,{REASON_LABEL_MAX}}}$",
        f"one line, at most {REASON_LABEL_MAX} characters",
    ),
    _reason_text: (
        rf"^(?=[\s\S]*\S)[\s\S]{{1,{REASON_TEXT_MAX}}}$",
        f"at most {REASON_TEXT_MAX} characters",
    ),
}


def _blank_as_none(value: Any) -> Any:
    # A CMS saves an optional field the editor emptied as '' (docs/editing.md): that means
    # "not given", exactly as leaving the key out does.
    return None if isinstance(value, str) and not value.strip() else value


def understood(parse: Any, hint: str) -> Any:
    """A validator: the value must be one `parse` understands (hours.py), else `hint`."""

    def check(value: str) -> str:
        try:
            parse(value)
        except ValueError as exc:
            raise ValueError(f"must be {hint}; {exc}") from None
        return value

    return check


def _year(value: str) -> str:
    if not re.fullmatch(r"\d{4}", value):
        raise ValueError(f"must be a year like 1996, got '{value}'")
    return value


def describe(value: Any) -> str:
    """How an editor would describe a YAML value they wrote."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"'{str(value).lower()}' (yes/no)"
    if isinstance(value, str):
        return f"'{value}'" if len(value) <= 40 else f"'{value[:37]}...'"
    if isinstance(value, dict):
        return "a group of keys"
    if isinstance(value, list):
        return "a list"
    return f"'{value}'"


def _number_as_text(value: Any) -> Any:
    # Unquoted YAML like `period: 1996` or `postal_code: 75001` is meant as text.
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return value


Text = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1), BeforeValidator(_number_as_text)
]
WholeNumber = Annotated[int, BeforeValidator(_whole_number)]
Price = Annotated[int, BeforeValidator(_price)]  # whole US dollars (a bound: models.py)
Deposit = Annotated[int, BeforeValidator(_deposit)]  # whole US dollars, 0 = none
ReasonLabel = Annotated[Text, AfterValidator(_reason_label)]
ReasonText = Annotated[Text, AfterValidator(_reason_text)]
FileName = Annotated[Text, AfterValidator(plain_file_name)]
WebUrl = Annotated[Text, AfterValidator(_web_url)]
Instagram = Annotated[Text, AfterValidator(_instagram)]
OptionalFileName = Annotated[FileName | None, BeforeValidator(_blank_as_none)]
OptionalWebUrl = Annotated[WebUrl | None, BeforeValidator(_blank_as_none)]
# _web_url after the stricter _base_url never refuses on its own: it is there for the form
# pattern the admin's config carries for this (hidden) field (site/cms.py, FORM_PATTERNS).
BaseUrl = Annotated[Text, AfterValidator(_base_url), AfterValidator(_web_url)]
OptionalInstagram = Annotated[Instagram | None, BeforeValidator(_blank_as_none)]
Slug = Annotated[Text, AfterValidator(_slug)]
OptionalYear = Annotated[
    Annotated[Text, AfterValidator(_year)] | None, BeforeValidator(_blank_as_none)
]
Phone = Annotated[Text, AfterValidator(_phone)]
ShortText = Annotated[Text, AfterValidator(_short_text)]
OptionalNote = Annotated[
    Annotated[Text, AfterValidator(_note)] | None, BeforeValidator(_blank_as_none)
]
Email = Annotated[Text, AfterValidator(_email)]
OptionalPrivateEmail = Annotated[
    Annotated[Text, AfterValidator(_private_email)] | None, BeforeValidator(_blank_as_none)
]


# Drafts and scheduled publishing (publishing.py). The forms publish_at is written in, and
# the years a studio could mean, are rules.json's (the admin's preview reads the same table).
# The years: a typo like 9999 would otherwise reach the schedule's date arithmetic (build.py
# check's listing) and fail there, far from the file it came from.
PUBLISH_AT_HINT = rules.PUBLISH_AT_HINT
PUBLISH_AT_YEARS = rules.PUBLISH_AT_YEARS


def _publish_at(value: Any) -> Any:
    """The moment as the editor wrote it, normalised to ISO text: YAML reads an unquoted
    2026-12-01 as a date, a CMS sends text; an empty field means "not given"."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    moment: rules.PublishMoment | None = None
    if isinstance(value, dt.date | str):
        text = value.isoformat() if isinstance(value, dt.date) else value.strip()
        moment = rules.read_publish_at(text)
    if moment is None:
        raise ValueError(f"must be {PUBLISH_AT_HINT}, got {describe(value)}")
    first, last = PUBLISH_AT_YEARS
    if not first <= moment.year <= last:
        raise ValueError(
            f"must be a date between {first} and {last} ({PUBLISH_AT_HINT}), got {describe(value)}"
        )
    return moment.iso()


def _timezone(value: str) -> str:
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ValueError(
            f"must be a time zone like America/Chicago (the IANA name), got '{value}'"
        ) from None
    return value


PublishAt = Annotated[str | None, BeforeValidator(_publish_at)]
TimeZoneName = Annotated[Text, AfterValidator(_timezone)]
OptionalText = Annotated[Text | None, BeforeValidator(_blank_as_none)]


# The base of every content model: unknown keys refused, values taken as written.
class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def suggest_slug(text: str) -> str:
    """The slug an editor most likely meant: 'Jane Doe' -> 'jane-doe'."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
