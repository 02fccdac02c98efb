"""The model of site.yaml: the studio's facts, opening hours, figures, story and videos."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field

from . import hours, rules
from .fields import (
    BaseUrl,
    Email,
    FileName,
    Model,
    OptionalFileName,
    OptionalText,
    OptionalWebUrl,
    OptionalYear,
    Phone,
    Text,
    TimeZoneName,
    WebUrl,
    WholeNumber,
    understood,
)

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
    retention: Retention = Retention()
