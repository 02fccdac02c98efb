"""The shapes of what endpoints.py writes: the static API (api/*.json) and the site data every
page embeds, as typed dicts pydantic turns into a JSON Schema.

The front end's types are generated from that schema (docs/architecture.md, "Rules both sides
read"): `scripts/api_schema.py` writes site-src/src/lib/api-schema.json, and json-schema-to-
typescript turns it into site-src/src/lib/api-types.gen.ts (`npm run gen:api-types`). Both
files are committed; tests/test_api_shapes.py fails when the schema is stale (or when a
written file does not fit its shape), and `npm run check` when the .ts is. So a key added here
reaches `tsc` as a type the components must handle.

NotRequired marks a key written only when there is something to say (an editor's alt text,
"untranslated" in a Spanish answer, `status` in `build.py serve`).
"""

from __future__ import annotations

import json
from typing import Any, Literal, NotRequired

from pydantic import ConfigDict, TypeAdapter, with_config
from pydantic.json_schema import GenerateJsonSchema
from typing_extensions import TypedDict  # pydantic reads it on Python 3.11

from ..content.models import BooksStatus

# Every shape refuses a key it does not name: the test that reads the written files then
# catches a key the endpoints add without saying so here. A key's docstring is its description
# (a comment on the generated type).
_CLOSED = ConfigDict(extra="forbid", use_attribute_docstrings=True)

Unpublished = Literal["draft", "scheduled"]
"""Why `build.py serve` shows a record the public site leaves out for now (publishing.py)."""

Untranslated = list[str]
"""The keys a Spanish answer shows in English, no translation yet (lib/language.ts `langOf`)."""


@with_config(_CLOSED)
class ImageSource(TypedDict):
    type: str
    srcset: str


@with_config(_CLOSED)
class ImageMeta(TypedDict):
    """One processed image (generator/images/process.py ImageMeta.to_api)."""

    src: str
    width: int
    height: int
    srcset: str
    sources: list[ImageSource]
    placeholder: str


@with_config(_CLOSED)
class Artist(TypedDict):
    """One artist (GET /api/artists), endpoints.artist_json."""

    id: int
    slug: str
    name: str
    profilePic: str
    yearsExperience: int
    bio: str
    specialties: list[str]
    instagram: str | None
    image: ImageMeta
    books: BooksStatus
    """Whether the artist takes new tattoo bookings (content/artists/<slug>.yaml `books`)."""
    books_note: NotRequired[str]
    """A short word on the books ("Books open again in March"); absent when none."""
    alt: NotRequired[str]
    status: NotRequired[Unpublished]
    flash: NotRequired[int]
    """How many published flash designs the artist has; absent when none (docs/flash.md)."""
    untranslated: NotRequired[Untranslated]


@with_config(_CLOSED)
class PortfolioItem(ImageMeta):
    """One portfolio piece (GET /api/portfolio?artist=...), endpoints.work_json: its picture's
    keys (ImageMeta) and its own."""

    id: int
    filename: str
    title: str
    artist: str
    """The artist's name."""
    artist_id: str
    """The artist's slug, as in /portfolio/<slug>; "id" is only the public field's name."""
    alt: NotRequired[str]
    status: NotRequired[Unpublished]
    untranslated: NotRequired[Untranslated]


@with_config(_CLOSED)
class FlashDesign(ImageMeta):
    """One flash design (GET /api/flash?artist=<slug|all>), endpoints.flash_json: drawn in
    advance, at a set size and price; its picture's keys (ImageMeta) and its own."""

    id: str
    """"<artist slug>/<stem>": what the contact form sends as `flash` to claim it."""
    artist_id: str
    """The artist's slug."""
    artist: str
    """The artist's name."""
    title: str
    size: str
    """As the artist writes it: "3 in"."""
    price: int
    """Whole US dollars."""
    status: Literal["available", "claimed"]
    repeatable: bool
    """Tattooed any number of times: never claimed."""
    filename: str
    alt: NotRequired[str]
    held: NotRequired[Unpublished]
    """In `build.py serve` only: why the public site leaves it out for now."""
    untranslated: NotRequired[Untranslated]


@with_config(_CLOSED)
class AftercareSection(TypedDict):
    """One aftercare guide (GET /api/aftercare)."""

    section_type: Literal["tattoo", "piercing"]
    content: str
    untranslated: NotRequired[Untranslated]


@with_config(_CLOSED)
class Policies(TypedDict):
    """GET /api/policies, endpoints.policies_json."""

    markdown: str
    version: str
    untranslated: NotRequired[Untranslated]


@with_config(_CLOSED)
class DeclineReason(TypedDict):
    """One of the studio's decline reasons (site.yaml decline_reasons)."""

    label: str
    text: str
    text_es: str
    """The Spanish text; the English one when the studio gave none."""


@with_config(_CLOSED)
class Deposits(TypedDict):
    services: dict[str, int]
    """Whole dollars per service of the contact form; a service not listed asks none."""
    artists: dict[str, int]
    """Whole dollars per artist slug, over the service's amount (only artists that set one)."""


@with_config(_CLOSED)
class Retention(TypedDict):
    requests_days: int
    bookings_days: int


@with_config(_CLOSED)
class Reviews(TypedDict):
    url: str
    after_days: int


@with_config(_CLOSED)
class ConsentQuestionTexts(TypedDict):
    """Each health question's wording as plain text, {key: text} per language (the English
    where consent.es.md is missing): the function keeps the client's with the signed record
    (docs/consent.md)."""

    en: dict[str, str]
    es: dict[str, str]


@with_config(_CLOSED)
class Booking(TypedDict):
    """api/booking.json, endpoints.booking_json: what the contact function needs of the content
    to take a request to a booking (docs/requests.md, "Deposits"). Public: no secret in it.
    Not read by the site, so not in StaticApi."""

    timezone: str
    deposit: Deposits
    deposit_reminder_days: int
    deposit_expiry_days: int
    decline_reasons: list[DeclineReason]
    """Empty: the contact function's own reasons."""
    retention: Retention
    """site.yaml `retention`: how long the stores keep a request (docs/privacy.md)."""
    minors_cover_ups: bool
    consent_questions: list[str]
    """The keys of the consent form's health questions (content/consent.md)."""
    consent_question_texts: ConsentQuestionTexts
    phone: str
    aftercare: dict[str, dict[str, str]]
    """{"tattoo": {"en": Markdown, "es": Markdown}, "piercing": ...}: the emailed guides."""
    aftercare_html: dict[str, dict[str, str]]
    """The same guides as email-safe HTML fragments (generator/site/email_markdown.py)."""
    reviews: NotRequired[Reviews]


class Privacy(TypedDict):
    """GET /api/privacy, endpoints.privacy_json."""

    markdown: str
    untranslated: NotRequired[Untranslated]


@with_config(_CLOSED)
class Address(TypedDict):
    street: str
    city: str
    region: str
    postal_code: str
    map_url: str | None


@with_config(_CLOSED)
class OpeningHours(TypedDict):
    days: str
    time: str


@with_config(_CLOSED)
class Socials(TypedDict):
    instagram: str
    facebook: str
    tiktok: str


@with_config(_CLOSED)
class Stat(TypedDict):
    value: str
    label: str
    untranslated: NotRequired[Untranslated]


@with_config(_CLOSED)
class Stats(TypedDict):
    work: list[Stat]
    legacy: list[Stat]


@with_config(_CLOSED)
class TimelineCard(TypedDict):
    period: str
    title: str
    text: str
    untranslated: NotRequired[Untranslated]


@with_config(_CLOSED)
class ValueCard(TypedDict):
    title: str
    text: str
    untranslated: NotRequired[Untranslated]


@with_config(_CLOSED)
class MemorialFacts(TypedDict):
    name: str
    born: int
    died: int
    text: str
    alt: NotRequired[str]
    image: ImageMeta | None
    untranslated: NotRequired[Untranslated]


@with_config(_CLOSED)
class BrandFacts(TypedDict):
    name: str
    url: str | None
    image: ImageMeta
    alt: NotRequired[str]
    untranslated: NotRequired[Untranslated]


@with_config(_CLOSED)
class Credit(TypedDict):
    name: str
    url: str


@with_config(_CLOSED)
class RequestChoices(TypedDict):
    """The optional fields of a tattoo request (functions/contact/choices.json `request`): shown
    and sent only for `services`; each list holds the exact strings the form sends."""

    services: list[str]
    placement: list[str]
    size: list[str]
    colour: list[str]
    """Its values: "colour", "black-and-grey"."""
    budget: list[str]
    availability: list[str]
    age: list[str]
    """Its values: "18+", "under-18"."""


@with_config(_CLOSED)
class SiteFacts(TypedDict):
    """The studio's facts in the site data (api/site.json, embedded in every page),
    endpoints.site_data: everything but `media`, which the media stage writes (its type is
    site-src's lib/site-data.ts)."""

    lang: NotRequired[Literal["en", "es"]]
    """The page's language (lib/language.ts); a page without it (tests) is English."""
    untranslated: NotRequired[Untranslated]
    """The keys of this object a Spanish page shows in English (lib/language.ts `langOf`)."""
    name: str
    baseUrl: str
    phone: str
    phoneHref: str
    email: str
    address: Address
    hours: list[OpeningHours]
    hoursNotes: list[str]
    socials: Socials
    stats: Stats
    timeline: list[TimelineCard]
    values: list[ValueCard]
    memorial: MemorialFacts
    brands: list[BrandFacts]
    credit: Credit
    inMemory: str
    artistSlugs: list[str]
    services: list[str]
    """The contact form's service options, the first the default (contact/choices.json)."""
    noArtist: str
    """The artist value that means "No Preference"."""
    request: RequestChoices
    minorsRule: str | None
    """The studio's own rule for visitors under 18 (content/site.yaml `minors_rule`), or null."""
    policiesVersion: str | None
    """The version of the published policies (GET /api/policies `version`), or null without any."""
    privacyNotice: bool
    """Whether the site has a privacy notice (/privacy, GET /api/privacy)."""


@with_config(_CLOSED)
class StaticApi(TypedDict):
    """Not an answer itself: names every shape above once, so one schema holds them all."""

    artist: Artist
    portfolioItem: PortfolioItem
    flashDesign: FlashDesign
    aftercareSection: AftercareSection
    policies: Policies
    privacy: Privacy
    siteFacts: SiteFacts


# Each URL's answer, by the file it is written to (the check of written files reads these).
ANSWERS: dict[str, TypeAdapter[Any]] = {
    "artists": TypeAdapter(list[Artist]),
    "portfolio": TypeAdapter(list[PortfolioItem]),
    "flash": TypeAdapter(list[FlashDesign]),
    "aftercare": TypeAdapter(list[AftercareSection]),
    "policies": TypeAdapter(Policies),
    "booking": TypeAdapter(Booking),
    "privacy": TypeAdapter(Privacy),
    # Without its `media` (the media stage's, typed in site-src's lib/site-data.ts).
    "site": TypeAdapter(SiteFacts),
}


class _Schema(GenerateJsonSchema):
    """No "title" on a key: json-schema-to-typescript would make each titled key a type of
    its own (`type Slug = string`); the shapes keep theirs, the names of the generated types."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def api_schema() -> dict[str, Any]:
    """The JSON Schema of every shape (site-src/src/lib/api-schema.json)."""
    return TypeAdapter(StaticApi).json_schema(mode="serialization", schema_generator=_Schema)


def api_schema_text() -> str:
    """The schema as the committed file holds it."""
    return json.dumps(api_schema(), indent=2, ensure_ascii=False) + "\n"
