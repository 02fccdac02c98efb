"""The model of site.yaml: the studio's facts, opening hours, figures, story and videos."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field

from . import hours, rules
from .fields import (
    BaseUrl,
    Deposit,
    Email,
    FileName,
    Model,
    OptionalFileName,
    OptionalText,
    OptionalWebUrl,
    OptionalYear,
    Phone,
    ReasonLabel,
    ReasonText,
    Text,
    TimeZoneName,
    WebUrl,
    WholeNumber,
    _blank_as_none,
    understood,
)
from .modelhelp import closest

# The contact form's services: defined once, beside the function that accepts them (the build
# reads the file as data; it imports nothing of the function). `deposit:` is keyed by them.
CONTACT_CHOICES = Path(__file__).resolve().parents[2] / "functions" / "contact" / "choices.json"
SERVICES: tuple[str, ...] = tuple(json.loads(CONTACT_CHOICES.read_text("utf-8"))["services"])

# Ten years: longer is a typo, and no record a studio keeps needs it.
RETENTION_DAYS_MAX = 3650


class Address(Model):
    street: Text
    city: Text
    region: Text
    postal_code: Text
    map_url: OptionalWebUrl = None


class OpeningHours(Model):
    """One row of `hours:`, shown as written and read as data for search engines (hours.py)."""

    days: Annotated[Text, AfterValidator(understood(hours.parse_days, hours.DAYS_HINT))]
    time: Annotated[Text, AfterValidator(understood(hours.parse_time, hours.TIME_HINT))]


class Stat(Model):
    value: Text
    label: Text
    label_es: OptionalText = None


class Stats(Model):
    work: Annotated[list[Stat], Field(min_length=1)]
    legacy: Annotated[list[Stat], Field(min_length=1)]


class TimelineEntry(Model):
    period: Text
    period_es: OptionalText = None
    title: Text
    title_es: OptionalText = None
    text: Text
    text_es: OptionalText = None


class ValueCard(Model):
    title: Text
    title_es: OptionalText = None
    text: Text
    text_es: OptionalText = None


class Memorial(Model):
    name: Text
    born: WholeNumber
    died: WholeNumber
    text: Text
    text_es: OptionalText = None
    photo: OptionalFileName = None
    alt: OptionalText = None  # without it: "Portrait of <name>"
    alt_es: OptionalText = None


class Brand(Model):
    name: Text
    logo: FileName
    alt: OptionalText = None  # without it: the brand's name
    alt_es: OptionalText = None
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


def _service(value: str) -> str:
    if value not in SERVICES:
        meant = closest(value, SERVICES)
        hint = f"did you mean '{meant}'? " if meant else ""
        raise ValueError(
            f"'{value}' is not a service of the contact form ({hint}the services: "
            f"{', '.join(SERVICES)})"
        )
    return value


def _deposits(value: Any) -> Any:
    # `deposit:` left empty means no deposits; a service the admin saved empty means none too.
    if value is None:
        return {}
    if isinstance(value, dict):
        return {
            key: amount
            for key, amount in value.items()
            if not (amount is None or (isinstance(amount, str) and not amount.strip()))
        }
    return value


ServiceName = Annotated[str, AfterValidator(_service)]
Deposits = Annotated[dict[ServiceName, Deposit], BeforeValidator(_deposits)]
# Days are counted from the studio's Accept (docs/requests.md, "Deposits").
DepositDays = Annotated[WholeNumber, Field(ge=1, le=60)]
DEPOSIT_REMINDER_DAYS = 2
DEPOSIT_EXPIRY_DAYS = 5


def _blank_as(default: int) -> Any:
    # A number the admin saved empty means the default, as leaving the key out does.
    return BeforeValidator(lambda v: default if v is None or v == "" else v)


# The studio's Decline form lists them all: a handful, not a page of them.
DECLINE_REASONS_MAX = 10


class DeclineReason(Model):
    """One reason on the studio's Decline form: its label there, and what the visitor reads."""

    label: ReasonLabel
    text: ReasonText
    text_es: Annotated[ReasonText | None, BeforeValidator(_blank_as_none)] = None


class CmsSettings(Model):
    # Decap's editorial workflow (draft, in review, ready) with the GitHub backend.
    editorial_workflow: bool = False


class Retention(Model):
    """How long the stores keep a visitor's request (docs/privacy.md): whole days. Shown by
    the privacy notice ({{requests_days}}, {{bookings_days}}: content/notice.py)."""

    # A request that never became a booking, with its reference images.
    requests_days: Annotated[WholeNumber, Field(ge=1, le=RETENTION_DAYS_MAX)] = 180
    # A booked one: the records a studio keeps.
    bookings_days: Annotated[WholeNumber, Field(ge=1, le=RETENTION_DAYS_MAX)] = 730


class Reviews(Model):
    """Where a booked client is asked for a review, and when (docs/consent.md, "After the
    session"): every client the same way, never filtered by a question first."""

    url: WebUrl  # the studio's review page, e.g. https://g.page/r/...
    # Days after the session's day; the email goes with the daily schedule.
    after_days: Annotated[WholeNumber, Field(ge=1, le=60)] = 7


class SiteFile(Model):
    name: Text
    base_url: BaseUrl
    founded: OptionalYear = None
    phone: Phone
    email: Email
    address: Address
    hours: Annotated[list[OpeningHours], Field(min_length=1)]
    hours_notes: list[Text] = []
    hours_notes_es: list[Text] = []  # the opening hours themselves are put in Spanish (hours.py)
    # The studio's own rule for visitors under 18, shown by the contact form when a visitor
    # says they are under 18, beside what Texas law requires (docs/requests.md).
    minors_rule: OptionalText = None
    minors_rule_es: OptionalText = None
    # Whether the studio tattoos a minor to cover an existing tattoo, as Texas allows with a
    # parent or guardian (the consent form refuses any other tattoo under 18: docs/consent.md).
    minors_cover_ups: bool = False
    socials: Socials
    stats: Stats
    timeline: Annotated[list[TimelineEntry], Field(min_length=1)]
    values: Annotated[list[ValueCard], Field(min_length=1)]
    memorial: Memorial
    brands: list[Brand] = []
    videos: Videos
    credit: Credit
    in_memory: Text
    in_memory_es: OptionalText = None
    # Drafts and scheduled publishing (publishing.py); the admin (site/cms.py).
    timezone: TimeZoneName = rules.STUDIO_TIME_ZONE
    cms: CmsSettings = CmsSettings()
    # Deposits through Stripe Checkout (docs/requests.md, "Deposits"): per service of the
    # contact form, whole dollars, 0 or absent = none (an artist's `deposit:` overrides it);
    # the contact function reads them from api/booking.json.
    deposit: Deposits = {}
    deposit_reminder_days: Annotated[DepositDays, _blank_as(DEPOSIT_REMINDER_DAYS)] = (
        DEPOSIT_REMINDER_DAYS
    )
    deposit_expiry_days: Annotated[DepositDays, _blank_as(DEPOSIT_EXPIRY_DAYS)] = (
        DEPOSIT_EXPIRY_DAYS
    )
    # Empty: the contact function's own reasons (books full, style, age, other).
    decline_reasons: Annotated[list[DeclineReason], Field(max_length=DECLINE_REASONS_MAX)] = []
    retention: Retention = Retention()
    # Optional: the review request after a session (docs/consent.md).
    reviews: Reviews | None = None
