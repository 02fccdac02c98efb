"""The editor-facing content format, as pydantic models (see README, 'Content format').

The format lives in four modules, and this one is where the rest of the build imports it from:
  - fields.py: the field types and their rules (Text, WebUrl, BaseUrl, Slug, Instagram,
    FileName, Phone, ...), the base `Model` and the admin's form patterns;
  - site_models.py: site.yaml (`SiteFile` and its parts: address, hours, videos, ...);
  - this module: an artist's file (`ArtistFile`), a portfolio's pieces (`PortfolioEntry`)
    and an artist's flash designs (`FlashDesign`, docs/flash.md);
  - modelhelp.py: pydantic's errors in an editor's words, and a file read field by field.
The admin's configuration walks these models by class and field name (site/cms.py), so the
class names are part of the format.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BeforeValidator, Field

from . import rules
from .fields import (
    DEPOSIT_MAX,
    FORM_PATTERNS,
    RESERVED_SLUGS,
    SLUG_RE,
    BaseUrl,
    Deposit,
    FileName,
    Instagram,
    Model,
    OptionalFileName,
    OptionalInstagram,
    OptionalNote,
    OptionalPrivateEmail,
    OptionalText,
    OptionalWebUrl,
    OptionalYear,
    Price,
    PublishAt,
    ShortText,
    Slug,
    Text,
    WebUrl,
    WholeNumber,
    _base_url,
    _blank_as_none,
    _deposit,
    _email,
    _instagram,
    _note,
    _phone,
    _private_email,
    _publish_at,
    _reason_label,
    _reason_text,
    _short_text,
    _slug,
    _web_url,
    describe,
    plain_file_name,
    suggest_slug,
)
from .modelhelp import closest, keys_of, message, valid_file_name, valid_value
from .site_models import (
    SERVICES,
    SITE_VIDEOS,
    VIDEO_PURPOSES,
    Address,
    Brand,
    Credit,
    DeclineReason,
    Memorial,
    OpeningHours,
    ScrollSequence,
    SiteFile,
    Socials,
    Stat,
    Stats,
    TimelineEntry,
    ValueCard,
    VideoFiles,
    Videos,
    _service,
)

# The names the rest of the build (and its tests) use as models.X.
__all__ = [
    "FORM_PATTERNS",
    "RESERVED_SLUGS",
    "SITE_VIDEOS",
    "SLUG_RE",
    "VIDEO_PURPOSES",
    "Address",
    "ArtistFile",
    "BOOKS_STATUSES",
    "BaseUrl",
    "Brand",
    "Credit",
    "DEPOSIT_MAX",
    "DEPOSIT_VALIDATOR",
    "DeclineReason",
    "FileName",
    "FlashDesign",
    "Instagram",
    "Memorial",
    "Model",
    "OpeningHours",
    "OptionalFileName",
    "OptionalInstagram",
    "OptionalNote",
    "OptionalPrivateEmail",
    "OptionalText",
    "OptionalWebUrl",
    "OptionalYear",
    "PortfolioEntry",
    "PUBLISH_AT_VALIDATOR",
    "SERVICES",
    "SERVICE_VALIDATOR",
    "REASON_LABEL_VALIDATOR",
    "REASON_TEXT_VALIDATOR",
    "SPANISH",
    "Price",
    "PublishAt",
    "ScrollSequence",
    "ShortText",
    "SiteFile",
    "Slug",
    "Socials",
    "Stat",
    "Stats",
    "Text",
    "TimelineEntry",
    "ValueCard",
    "VideoFiles",
    "Videos",
    "WebUrl",
    "WholeNumber",
    "_base_url",
    "_email",
    "_instagram",
    "_note",
    "_phone",
    "_private_email",
    "_short_text",
    "_slug",
    "_web_url",
    "artist_label",
    "closest",
    "describe",
    "keys_of",
    "message",
    "plain_file_name",
    "suggest_slug",
    "translated_fields",
    "valid_file_name",
    "valid_value",
]


# Whether an artist takes tattoo requests (docs/requests.md): open, closed (the form and the
# contact function refuse a Tattoo Consultation for them) or waitlist (taken, marked so).
# The statuses are rules.json's (the site's TypeScript reads the same list); the Literal spells
# them out for the API's schema and type checkers, and is checked against the table here.
BooksStatus = Literal["open", "closed", "waitlist"]
BOOKS_STATUSES: tuple[str, ...] = get_args(BooksStatus)
if BOOKS_STATUSES != rules.BOOKS_STATUSES:
    raise RuntimeError(f"BooksStatus {BOOKS_STATUSES} differs from rules.json's books statuses")


def _open_when_blank(value: Any) -> Any:
    # `books:` left empty (or emptied in the admin's list) means the default, open.
    blank = value is None or (isinstance(value, str) and not value.strip())
    return rules.BOOKS_DEFAULT if blank else value


Books = Annotated[BooksStatus, BeforeValidator(_open_when_blank)]


class ArtistFile(Model):
    name: Text
    photo: FileName
    alt: OptionalText = None  # the photo's alt text; without it the photo is decorative
    alt_es: OptionalText = None
    years_experience: Annotated[WholeNumber, Field(ge=0, le=80)]
    specialties: Annotated[list[Text], Field(min_length=1)]
    specialties_es: list[Text] = []  # empty: the /es/ pages show the English ones
    instagram: OptionalInstagram = None
    bio: Text
    bio_es: OptionalText = None
    order: WholeNumber
    # The artist's earlier file names: their old /portfolio/<slug> links keep working
    # (README, "Renaming an artist").
    previous_slugs: list[Slug] = []
    # Not on the public site yet (content/publishing.py).
    draft: bool = False
    publish_at: PublishAt = None
    books: Books = rules.BOOKS_DEFAULT
    books_note: OptionalNote = None  # shown with the status: "Books open again in March"
    books_note_es: OptionalNote = None
    # Private: the address the contact function sends this artist's requests to, the
    # studio in copy. Never published: the API names what it publishes (site/endpoints.py),
    # and deploy-function hands it to the function alone (docs/contact.md).
    email: OptionalPrivateEmail = None
    # This artist's deposit for every service, over site.yaml's `deposit:` per service
    # (docs/requests.md, "Deposits"); whole dollars, 0 = none.
    deposit: Annotated[Deposit | None, BeforeValidator(_blank_as_none)] = None


class PortfolioEntry(Model):
    file: FileName
    title: Text
    title_es: OptionalText = None
    alt: OptionalText = None  # without it: "<title> by <artist>"
    alt_es: OptionalText = None
    draft: bool = False
    publish_at: PublishAt = None


# A flash design's status: a claimed design stays on the site, shown as claimed.
FlashStatus = Literal["available", "claimed"]
FLASH_STATUSES: tuple[str, ...] = get_args(FlashStatus)


class FlashDesign(Model):
    """One ready-drawn design of an artist's flash (content/flash/<artist-slug>.yaml)."""

    file: FileName
    title: Text
    title_es: OptionalText = None
    size: ShortText  # "3 in", "4 x 6 in"
    price: Annotated[Price, Field(ge=1)]  # whole US dollars
    status: FlashStatus = "available"
    repeatable: bool = False  # tattooed again and again: never claimed for good
    alt: OptionalText = None  # without it: "<title> by <artist>"
    alt_es: OptionalText = None
    draft: bool = False
    publish_at: PublishAt = None


# Spanish (issue #26): a text field X a visitor reads may have a sibling X_es in the same
# mapping, its Spanish; without it the /es/ pages show X (content/translations.py).
SPANISH = "_es"


def translated_fields(model: type[Model]) -> tuple[str, ...]:
    """The fields of model that have a Spanish sibling (X for each X and X_es)."""
    names = model.model_fields
    return tuple(
        name[: -len(SPANISH)]
        for name in names
        if name.endswith(SPANISH) and name[: -len(SPANISH)] in names
    )


# The validator that marks a field as a publishing moment (the admin gives it a date picker).
PUBLISH_AT_VALIDATOR = _publish_at
# The validators that mark a deposit (whole dollars, 0 to DEPOSIT_MAX) and a mapping's key
# that is a service of the contact form (the admin: one number per service, site/cms.py).
DEPOSIT_VALIDATOR = _deposit
SERVICE_VALIDATOR = _service
# A decline reason's label and text (their admin patterns are checked against these).
REASON_LABEL_VALIDATOR = _reason_label
REASON_TEXT_VALIDATOR = _reason_text


def artist_label(slug: str, name: str | None) -> str:
    """An artist as people read them in messages: "Rosa Delgado (rosa-delgado)"."""
    return f"{name} ({slug})" if name else slug
