"""The editor-facing content format, as pydantic models (see README, 'Content format')."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from functools import cache
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    HttpUrl,
    StringConstraints,
    TypeAdapter,
    ValidationError,
)

from . import hours

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
    _slug: (SLUG_RE.pattern, "lower-case letters, digits and '-', like jane-doe"),
}


def _blank_as_none(value: Any) -> Any:
    # A CMS saves an optional field the editor emptied as '' (docs/editing.md): that means
    # "not given", exactly as leaving the key out does.
    return None if isinstance(value, str) and not value.strip() else value


def _understood(parse: Any, hint: str) -> Any:
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


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class ArtistFile(Model):
    name: Text
    photo: FileName
    years_experience: Annotated[WholeNumber, Field(ge=0, le=80)]
    specialties: Annotated[list[Text], Field(min_length=1)]
    instagram: OptionalInstagram = None
    bio: Text
    order: WholeNumber
    # The artist's earlier file names: their old /portfolio/<slug> links keep working
    # (README, "Renaming an artist").
    previous_slugs: list[Slug] = []


class PortfolioEntry(Model):
    file: FileName
    title: Text


class Address(Model):
    street: Text
    city: Text
    region: Text
    postal_code: Text
    map_url: OptionalWebUrl = None


class OpeningHours(Model):
    """One row of `hours:`, shown as written and read as data for search engines (hours.py)."""

    days: Annotated[Text, AfterValidator(_understood(hours.parse_days, hours.DAYS_HINT))]
    time: Annotated[Text, AfterValidator(_understood(hours.parse_time, hours.TIME_HINT))]


class Stat(Model):
    value: Text
    label: Text


class Stats(Model):
    work: Annotated[list[Stat], Field(min_length=1)]
    legacy: Annotated[list[Stat], Field(min_length=1)]


class TimelineEntry(Model):
    period: Text
    title: Text
    text: Text


class ValueCard(Model):
    title: Text
    text: Text


class Memorial(Model):
    name: Text
    born: WholeNumber
    died: WholeNumber
    text: Text
    photo: OptionalFileName = None


class Brand(Model):
    name: Text
    logo: FileName
    url: OptionalWebUrl = None


class Socials(Model):
    instagram: WebUrl
    facebook: WebUrl
    tiktok: WebUrl


class Credit(Model):
    name: Text
    url: WebUrl


class VideoFiles(Model):
    """One purpose's source video; the vertical one is cropped from it when not given."""

    source: FileName
    vertical: OptionalFileName = None


class ScrollSequence(Model):
    """Frames start_frame..end_frame (inclusive, counted from 1) are taken from the source."""

    source: FileName
    vertical: OptionalFileName = None
    start_frame: Annotated[WholeNumber, Field(ge=1)] = 541
    end_frame: Annotated[WholeNumber, Field(ge=1)] = 628


class Videos(Model):
    intro: VideoFiles
    hero: VideoFiles
    studio: VideoFiles
    piercing: VideoFiles
    scroll_sequence: ScrollSequence


# The four background/modal videos; with scroll_sequence, the keys of `videos:` in site.yaml.
VIDEO_PURPOSES = tuple(name for name in Videos.model_fields if name != "scroll_sequence")
SITE_VIDEOS = tuple(Videos.model_fields)


class SiteFile(Model):
    name: Text
    base_url: BaseUrl
    founded: OptionalYear = None
    phone: Annotated[Text, AfterValidator(_phone)]
    email: Annotated[Text, AfterValidator(_email)]
    address: Address
    hours: Annotated[list[OpeningHours], Field(min_length=1)]
    hours_notes: list[Text] = []
    socials: Socials
    stats: Stats
    timeline: Annotated[list[TimelineEntry], Field(min_length=1)]
    values: Annotated[list[ValueCard], Field(min_length=1)]
    memorial: Memorial
    brands: list[Brand] = []
    videos: Videos
    credit: Credit
    in_memory: Text


def suggest_slug(text: str) -> str:
    """The slug an editor most likely meant: 'Jane Doe' -> 'jane-doe'."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def artist_label(slug: str, name: str | None) -> str:
    """An artist as people read them in messages: "Rosa Delgado (rosa-delgado)"."""
    return f"{name} ({slug})" if name else slug


def closest(word: str, choices: Any) -> str | None:
    """The choice an editor most likely meant by word (a typo: 'instagarm' -> 'instagram')."""
    found = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.75)
    return found[0] if found else None


def keys_of(model: Any) -> frozenset[str]:
    """Every key a file of this model may hold, at any depth (for the YAML advice)."""
    keys: set[str] = set()
    stack = [model]
    while stack:
        current = _unwrap(stack.pop())
        for arg in getattr(current, "__args__", ()):
            stack.append(arg)
        if isinstance(current, type) and issubclass(current, BaseModel):
            for name, info in current.model_fields.items():
                if name not in keys:
                    keys.add(name)
                    stack.append(info.annotation)
    return frozenset(keys)


@cache
def _field_adapter(model: type[BaseModel], key: str) -> TypeAdapter:
    info = model.model_fields[key]
    annotation = Annotated[info.annotation, *info.metadata] if info.metadata else info.annotation
    return TypeAdapter(annotation, config=Model.model_config)


def valid_value(model: type[BaseModel], data: Any, key: str) -> Any:
    """data[key] as model reads it, or None when it is missing or invalid on its own.

    A file with one bad field still has its other fields checked (the photo of an artist
    whose years_experience is wrong, for one): the loader reads those one by one.
    """
    if not isinstance(data, dict) or key not in data or key not in model.model_fields:
        return None
    try:
        return _field_adapter(model, key).validate_python(data[key])
    except ValidationError:
        return None


_FILE_NAME = TypeAdapter(FileName, config=Model.model_config)


def valid_file_name(value: Any) -> str | None:
    """value as a file name a content file may give, or None."""
    try:
        return _FILE_NAME.validate_python(value)
    except ValidationError:
        return None


# --- pydantic's errors in an editor's words ----------------------------------------------------


def message(err: dict, model: Any) -> str:
    """What one pydantic error means, said as an editor reads it: expected X, got Y."""
    kind, value, ctx = err["type"], err.get("input"), err.get("ctx") or {}
    got = describe(value)
    if kind == "missing":
        return "is required"
    if kind == "extra_forbidden":
        owner = _model_at(model, tuple(err["loc"]))
        if owner is None:
            return "unknown key"
        allowed = ", ".join(owner.model_fields)
        meant = closest(str(err["loc"][-1]), owner.model_fields)
        hint = f": did you mean {meant}?" if meant else ""
        return f"unknown key{hint} (allowed keys: {allowed})"
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    if kind in ("string_type",):
        return f"must be text, got {got}"
    if kind == "string_too_short":
        return "must not be empty"
    if kind in ("list_type", "tuple_type"):
        return f"must be a list, got {got}"
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return f"must be a group of keys, got {got}"
    if kind == "too_short":
        return f"must have at least {ctx.get('min_length')} item(s)"
    if kind in _BOUNDS:
        limit = next(iter(ctx.values()), "")
        return f"must be {_BOUNDS[kind]} {limit}, got {got}"
    if kind.startswith("int"):
        return f"must be a whole number, got {got}"
    return f"{err['msg'][0].lower()}{err['msg'][1:]}, got {got}"


_BOUNDS = {
    "greater_than_equal": "at least",
    "less_than_equal": "at most",
    "greater_than": "more than",
    "less_than": "less than",
}


def _model_at(model: Any, loc: tuple) -> type[BaseModel] | None:
    """The model class that owns the last key of loc (for 'allowed keys' hints)."""
    current = model
    for part in loc[:-1]:
        current = _unwrap(current)
        if isinstance(part, int):
            args = getattr(current, "__args__", ())
            current = args[0] if args else None
        elif isinstance(current, type) and issubclass(current, BaseModel):
            info = current.model_fields.get(part)
            current = info.annotation if info else None
        else:
            return None
    current = _unwrap(current)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _unwrap(tp: Any) -> Any:
    """Optional[X] and Annotated[X, ...] -> X."""
    for _ in range(4):
        meta = getattr(tp, "__metadata__", None)
        if meta is not None:
            tp = tp.__origin__
            continue
        args = [a for a in getattr(tp, "__args__", ()) if a is not type(None)]
        if (
            getattr(tp, "__origin__", None) is None
            and len(args) == 1
            and type(None) in getattr(tp, "__args__", ())
        ):
            tp = args[0]
            continue
        break
    return tp
