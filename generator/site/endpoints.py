"""Stage: the static API (api/*.json) and the site data the app reads.

Both languages (issue #26): every English answer at /api/..., and the same answers in
Spanish at /api/es/... (files under api/es/), the same shapes with the Spanish texts where
the content gives them (the X_es fields, the .es.md files: content/translations.py) and the
English where it does not. An object of a Spanish answer that shows English text names the
keys concerned in "untranslated" (absent when nothing fell back; never in English answers).

What each answer holds is written down in api_shapes.py, the shapes the front end's types are
generated from: a key added here goes there too (tests/test_api_shapes.py reads the written
files against them).
"""

from __future__ import annotations

import json
from typing import Any

from ..content import notice
from ..content.consent import consent_json, consent_keys, question_texts
from ..content.flash import published_counts
from ..content.hours import spanish_days, spanish_time
from ..content.models import Brand, SiteFile, Stat, TimelineEntry, ValueCard
from ..content.records import ArtistRecord, Content, FlashItem, WorkItem, policies_version
from ..content.rules import tel_href
from ..content.site_models import CONTACT_CHOICES
from ..content.sizes import spanish_size
from ..images.process import ImageMeta
from ..output import Output
from . import api_shapes as shapes
from .email_markdown import guide_html

ImageIndex = dict[tuple[str, str], ImageMeta]


def contact_choices() -> dict:
    """The form's services, "No preference" and the tattoo request's lists (`request`)."""
    choices = json.loads(CONTACT_CHOICES.read_text("utf-8"))
    return {
        "services": list(choices["services"]),
        "noArtist": choices["noArtist"],
        "request": choices["request"],
    }


# The site's languages: English at /api/..., Spanish at /api/es/... (and /es/ pages).
LANGUAGES = ("en", "es")
DEFAULT_LANGUAGE = "en"


def api_prefix(lang: str = DEFAULT_LANGUAGE) -> str:
    """Where a language's answers live: "/api" (English), "/api/es"."""
    _check_language(lang)
    return "/api" if lang == DEFAULT_LANGUAGE else f"/api/{lang}"


def _check_language(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (the site's are {', '.join(LANGUAGES)})")


def _given(value: Any) -> bool:
    return value is not None and value != "" and value != () and value != []


class _Texts:
    """The texts of one JSON object in one language: the Spanish where given, else the
    English, each key whose English was shown noted for "untranslated"."""

    def __init__(self, lang: str):
        _check_language(lang)
        self.spanish = lang == "es"
        self.untranslated: list[str] = []

    def __call__(self, key: str, english: Any, spanish: Any) -> Any:
        if not self.spanish:
            return english
        if _given(spanish):
            return spanish
        if _given(english):
            self.untranslated.append(key)
        return english

    def marker(self) -> dict:
        """{"untranslated": [...]} when a text fell back to English, else nothing."""
        return {"untranslated": list(self.untranslated)} if self.untranslated else {}


# Where /api/policies is answered from (netlify.toml); without policies.md, the build's
# _redirects answers it with the JSON 404 (redirects.py). The Spanish: POLICIES_API_ES.
POLICIES_API = ("/api/policies", "api/policies.json")
POLICIES_API_ES = ("/api/es/policies", "api/es/policies.json")


def policies_json(
    text: str, spanish: str | None = None, lang: str = DEFAULT_LANGUAGE
) -> shapes.Policies:
    """/api/policies: the Markdown as published and its version (records.policies_version).

    In Spanish (/api/es/policies) the Markdown is policies.es.md's (policies.md's when there
    is none) and the version stays the English text's: the one version the contact form
    sends (site data `policiesVersion`) whatever the visitor's language, so the studio keeps
    a single record of which policies were current."""
    texts = _Texts(lang)
    return {
        "markdown": texts("markdown", text, spanish),
        "version": policies_version(text),
        **texts.marker(),
    }


# /api/privacy and /api/es/privacy, the same way (netlify.toml; redirects.py without privacy.md).
PRIVACY_API = ("/api/privacy", "api/privacy.json")
PRIVACY_API_ES = ("/api/es/privacy", "api/es/privacy.json")


def privacy_json(
    text: str, site: SiteFile, spanish: str | None = None, lang: str = DEFAULT_LANGUAGE
) -> shapes.Privacy:
    """/api/privacy: the notice's Markdown with its placeholders filled in from site.yaml
    (content/notice.py), so the page says what the stores do."""
    texts = _Texts(lang)
    return {"markdown": notice.fill(texts("markdown", text, spanish), site), **texts.marker()}


def artist_json(
    artist: ArtistRecord, images: ImageIndex, flash: int = 0, lang: str = DEFAULT_LANGUAGE
) -> shapes.Artist:
    """flash: how many flash designs the artist shows (the key only when there are some)."""
    meta = images[("artists", artist.photo)]
    texts = _Texts(lang)
    return {
        "id": artist.id,
        "slug": artist.slug,
        "name": artist.name,
        "profilePic": artist.photo,
        "yearsExperience": artist.years_experience,
        "bio": texts("bio", artist.bio, artist.bio_es),
        "specialties": list(texts("specialties", artist.specialties, artist.specialties_es)),
        "instagram": artist.instagram,
        "image": meta.to_api(),
        "books": artist.books,
        **(
            {"books_note": texts("books_note", artist.books_note, artist.books_note_es)}
            if artist.books_note
            else {}
        ),
        **_optional(texts("alt", artist.alt, artist.alt_es), artist.held),
        **({"flash": flash} if flash > 0 else {}),
        **texts.marker(),
    }


def _optional(alt: str | None, held: str | None) -> dict:
    """Keys a record has only when given: the editor's alt text, and (in `serve` only) why
    the public site does not show it yet, "draft" or "scheduled" (content/publishing.py)."""
    return {
        **({"alt": alt} if alt else {}),
        **({"status": held} if held else {}),
    }


# An item's picture in the lists (portfolio, flash): its fallback file, size, variants and
# blurred placeholder (images/process.py, ImageMeta).
IMAGE_KEYS = ("src", "width", "height", "srcset", "sources", "placeholder")


def work_json(
    item: WorkItem, images: ImageIndex, lang: str = DEFAULT_LANGUAGE
) -> shapes.PortfolioItem:
    meta = images[("work", item.file)].to_api()
    texts = _Texts(lang)
    return {
        "id": item.id,
        "filename": item.file,
        "title": texts("title", item.title, item.title_es),
        "artist": item.artist_name,
        "artist_id": item.artist_slug,
        **{k: meta[k] for k in IMAGE_KEYS},
        **_optional(texts("alt", item.alt, item.alt_es), item.held),
        **texts.marker(),
    }


def flash_json(
    item: FlashItem, images: ImageIndex, lang: str = DEFAULT_LANGUAGE
) -> shapes.FlashDesign:
    """One flash design (docs/flash.md). `status` is the design's own, available or claimed;
    why `serve` shows a design the public site does not is `held` (draft or scheduled)."""
    meta = images[("flash", item.file)].to_api()
    texts = _Texts(lang)
    alt = texts("alt", item.alt, item.alt_es)
    return {
        "id": item.id,
        "artist_id": item.artist_slug,
        "artist": item.artist_name,
        "title": texts("title", item.title, item.title_es),
        # In Spanish the inches read "pulg." (content/sizes.py), derived from the one field.
        "size": item.size if lang == DEFAULT_LANGUAGE else spanish_size(item.size),
        "price": item.price,
        "status": item.status,
        "repeatable": item.repeatable,
        "filename": item.file,
        **{k: meta[k] for k in IMAGE_KEYS},
        **({"alt": alt} if alt else {}),
        **({"held": item.held} if item.held else {}),
        **texts.marker(),
    }


def flash_files(
    content: Content, images: ImageIndex, lang: str = DEFAULT_LANGUAGE
) -> dict[str, tuple[str, object]]:
    """/api/flash?artist=all and ?artist=<slug> for every artist (an empty list for an
    artist without flash): the same items, in the site's artist order, then file order.
    In Spanish: /api/es/flash?artist=..., files under api/es/flash/."""
    url = api_prefix(lang) + "/flash"
    folder = url.lstrip("/")
    designs = [flash_json(item, images, lang) for item in content.flash]
    files: dict[str, tuple[str, object]] = {f"{url}?artist=all": (f"{folder}/all.json", designs)}
    for slug, mine in by_artist(content, designs).items():
        files[f"{url}?artist={slug}"] = (f"{folder}/{slug}.json", mine)
    return files


def by_artist(content: Content, items: list[dict]) -> dict[str, list[dict]]:
    """items (portfolio pieces, flash designs) per artist, in the site's artist order, each
    artist's in the items' order; an artist without any gets an empty list."""
    mine: dict[str, list[dict]] = {artist.slug: [] for artist in content.artists}
    for item in items:
        if item["artist_id"] in mine:
            mine[item["artist_id"]].append(item)
    return mine


# Pieces per file of the paged portfolio: a multiple of the grid's 2 and 3 columns, so every
# page but the last ends a row; about 8 rows on a phone, the first page of the screen.
PAGE_SIZE = 24


def portfolio_pages(
    selection: str, work: list[dict], page_size: int = PAGE_SIZE, lang: str = DEFAULT_LANGUAGE
) -> dict[str, tuple[str, object]]:
    """One selection's pieces cut into pages: api/portfolio/pages/<selection>/<n>.json, n from 1
    (in Spanish api/es/portfolio/pages/...).

    Each holds {total, page, pages, page_size, items}, the items as in the whole list and in its
    order; an empty selection still has its page 1 (no items), so the screen always finds one.
    The portfolio screen reads these (features/portfolio/api/); the whole lists stay as they are.
    """
    count = max(1, -(-len(work) // page_size))
    folder = api_prefix(lang).lstrip("/") + "/portfolio/pages"
    files: dict[str, tuple[str, object]] = {}
    for page in range(1, count + 1):
        file = f"{folder}/{selection}/{page}.json"
        files["/" + file] = (
            file,
            {
                "total": len(work),
                "page": page,
                "pages": count,
                "page_size": page_size,
                "items": work[(page - 1) * page_size : page * page_size],
            },
        )
    return files


def api_files(content: Content, images: ImageIndex) -> dict[str, tuple[str, object]]:
    """Every answer of the static API: the URL the app asks -> (its file in dist/, the value).

    The URLs are the app's (lib/artists-store.tsx, features/*/api/); netlify.toml maps them to
    the files, and a paged portfolio file is asked for by its own path. The prerenderer renders
    the pages from these same answers (prerender.py). Every English answer comes first, then
    the same answers in Spanish (/api/es/..., files under api/es/).
    """
    files: dict[str, tuple[str, object]] = {}
    for lang in LANGUAGES:
        files.update(language_files(content, images, lang))
    return files


def language_files(
    content: Content, images: ImageIndex, lang: str = DEFAULT_LANGUAGE
) -> dict[str, tuple[str, object]]:
    """The static API in one language (api_files: both)."""
    api = api_prefix(lang)
    folder = api.lstrip("/")
    work = [work_json(w, images, lang) for w in content.work]
    flash = published_counts(content)
    artists = [artist_json(a, images, flash.get(a.slug, 0), lang) for a in content.artists]
    files = {
        f"{api}/artists": (f"{folder}/artists.json", artists),
        f"{api}/portfolio?artist=all": (f"{folder}/portfolio/all.json", work),
        **portfolio_pages("all", work, lang=lang),
    }
    for slug, mine in by_artist(content, work).items():
        files[f"{api}/portfolio?artist={slug}"] = (f"{folder}/portfolio/{slug}.json", mine)
        files.update(portfolio_pages(slug, mine, lang=lang))
    files.update(flash_files(content, images, lang))
    aftercare = []
    for name, text in content.aftercare.items():
        texts = _Texts(lang)
        guide = texts("content", text, content.aftercare_es.get(name))
        aftercare.append({"section_type": name, "content": guide, **texts.marker()})
    files[f"{api}/aftercare"] = (f"{folder}/aftercare.json", aftercare)
    if content.policies is not None:
        url, file = POLICIES_API if lang == DEFAULT_LANGUAGE else POLICIES_API_ES
        files[url] = (file, policies_json(content.policies, content.policies_es, lang))
    if content.privacy is not None:
        url, file = PRIVACY_API if lang == DEFAULT_LANGUAGE else PRIVACY_API_ES
        notice_json = privacy_json(content.privacy, content.site, content.privacy_es, lang)
        files[url] = (file, notice_json)
    # The consent form's text: the /consent page is prerendered with it (docs/consent.md).
    consent = consent_files(content).get(CONSENT_FILES[lang])
    if consent is not None:
        files[f"/{CONSENT_FILES[lang]}"] = (CONSENT_FILES[lang], consent)
    return files


# Where the contact function reads the content's deposits, days and decline reasons
# (docs/requests.md, "Deposits"): on Lambda from <CONTACT_SITE_URL>/api/booking.json.
BOOKING_FILE = "api/booking.json"


def booking_json(content: Content) -> shapes.Booking:
    """api/booking.json: the studio's time zone, the deposits per service and per artist (the
    published artists that set one), the reminder and expiry days, the decline reasons and the
    retention. Amounts are whole dollars; a reason's Spanish is its English when not given."""
    site = content.site
    return {
        "timezone": site.timezone,
        "deposit": {
            "services": dict(site.deposit),
            "artists": {a.slug: a.deposit for a in content.artists if a.deposit is not None},
        },
        "deposit_reminder_days": site.deposit_reminder_days,
        "deposit_expiry_days": site.deposit_expiry_days,
        "decline_reasons": [
            {"label": r.label, "text": r.text, "text_es": r.text_es or r.text}
            for r in site.decline_reasons
        ],
        # How long the stores keep a request (docs/privacy.md): the function reads it here.
        "retention": {
            "requests_days": site.retention.requests_days,
            "bookings_days": site.retention.bookings_days,
        },
        # After the booking (docs/consent.md): the consent form's minors' rule, and what the
        # aftercare and review emails need (the studio's phone, each guide in both languages).
        "minors_cover_ups": site.minors_cover_ups,
        # The consent form's health questions, by key: the function wants an answer to each.
        "consent_questions": consent_keys(content.consent) if content.consent else [],
        # And their wording as plain text in each language, which the function keeps with
        # the signed record: what the client was asked, whatever consent.md says later.
        "consent_question_texts": consent_question_texts(content),
        "phone": site.phone,
        "aftercare": {
            name: {"en": text, "es": content.aftercare_es.get(name) or text}
            for name, text in content.aftercare.items()
        },
        # The same guides as email-safe HTML (site/email_markdown.py), rendered here so the
        # function needs no Markdown library; links made absolute from the page's address.
        "aftercare_html": aftercare_html(content),
        **(
            {"reviews": {"url": site.reviews.url, "after_days": site.reviews.after_days}}
            if site.reviews
            else {}
        ),
    }


def consent_question_texts(content: Content) -> dict[str, dict[str, str]]:
    """{"en": {key: text}, "es": {key: text}} (the English where consent.es.md is missing,
    as the page shows it); empty without consent.md."""
    if content.consent is None:
        return {"en": {}, "es": {}}
    return {
        "en": question_texts(content.consent),
        "es": question_texts(content.consent_es or content.consent),
    }


def aftercare_html(content: Content) -> dict[str, dict[str, str]]:
    """{guide: {"en": HTML, "es": HTML}}: each aftercare guide as the email shows it, read
    from the address of the /aftercare page that publishes it in that language."""
    base = content.site.base_url.rstrip("/")
    return {
        name: {
            "en": guide_html(text, f"{base}/aftercare"),
            "es": guide_html(content.aftercare_es.get(name) or text, f"{base}/es/aftercare"),
        }
        for name, text in content.aftercare.items()
    }


# What the /consent page shows and asks (docs/consent.md): the consent form's text, in
# English and in Spanish (the English where consent.es.md is missing); none without
# consent.md. Files of the static API (api_files) by their own names: the page asks for them
# as they are, and is prerendered with them.
CONSENT_FILES = {"en": "api/consent.json", "es": "api/es/consent.json"}


def consent_files(content: Content) -> dict[str, dict]:
    """{file: api/consent.json's value} for each language, {} without consent.md."""
    if content.consent is None:
        return {}
    return {
        CONSENT_FILES["en"]: consent_json(content.consent),
        CONSENT_FILES["es"]: consent_json(content.consent_es or content.consent),
    }


def write_endpoints(out: Output, files: dict[str, tuple[str, object]]) -> None:
    """Write every file of the static API (docs/product.md#static-api)."""
    for file, value in files.values():
        out.write_json(file, value)
    out.write_json("api/404.json", {"error": "Not found"})


def site_data(
    content: Content, images: ImageIndex, media: dict, lang: str = DEFAULT_LANGUAGE
) -> dict:
    """Studio facts and media URLs for the app (embedded in every page and at api/site.json).

    lang "es": the same keys with the Spanish texts (the opening hours put in Spanish from
    the parsed rows, content/hours.py), "untranslated" on each object (the root included)
    that shows English for want of Spanish. Both carry "lang"."""
    site = content.site
    texts = _Texts(lang)
    spanish = lang != DEFAULT_LANGUAGE
    memorial = site.memorial
    memorial_texts = _Texts(lang)
    memorial_alt = memorial_texts("alt", memorial.alt, memorial.alt_es)
    return {
        "name": site.name,
        "baseUrl": site.base_url.rstrip("/"),
        "phone": site.phone,
        "phoneHref": tel_href(site.phone),
        "email": site.email,
        "address": site.address.model_dump(),
        "hours": [
            {"days": spanish_days(h.days), "time": spanish_time(h.time)}
            if spanish
            else h.model_dump()
            for h in site.hours
        ],
        "hoursNotes": list(texts("hoursNotes", site.hours_notes, site.hours_notes_es)),
        "socials": site.socials.model_dump(),
        "stats": {
            "work": [_stat_json(stat, lang) for stat in site.stats.work],
            "legacy": [_stat_json(stat, lang) for stat in site.stats.legacy],
        },
        "timeline": [_timeline_json(entry, lang) for entry in site.timeline],
        "values": [_value_json(card, lang) for card in site.values],
        "memorial": {
            "name": memorial.name,
            "born": memorial.born,
            "died": memorial.died,
            "text": memorial_texts("text", memorial.text, memorial.text_es),
            **_optional(memorial_alt, None),
            "image": images[("artists", memorial.photo)].to_api() if memorial.photo else None,
            **memorial_texts.marker(),
        },
        "brands": [_brand_json(brand, images, lang) for brand in site.brands],
        "credit": site.credit.model_dump(),
        "inMemory": texts("inMemory", site.in_memory, site.in_memory_es),
        "artistSlugs": [a.slug for a in content.artists],
        **contact_choices(),
        "minorsRule": texts("minorsRule", site.minors_rule, site.minors_rule_es),
        # The English policies' version in both languages (policies_json says why).
        "policiesVersion": (
            policies_version(content.policies) if content.policies is not None else None
        ),
        # Whether /privacy exists: the contact form's line links to it (docs/privacy.md).
        "privacyNotice": content.privacy is not None,
        "media": media,
        "lang": lang,
        **texts.marker(),
    }


def _stat_json(stat: Stat, lang: str) -> dict:
    texts = _Texts(lang)
    return {
        "value": stat.value,
        "label": texts("label", stat.label, stat.label_es),
        **texts.marker(),
    }


def _timeline_json(entry: TimelineEntry, lang: str) -> dict:
    texts = _Texts(lang)
    return {
        "period": texts("period", entry.period, entry.period_es),
        "title": texts("title", entry.title, entry.title_es),
        "text": texts("text", entry.text, entry.text_es),
        **texts.marker(),
    }


def _value_json(card: ValueCard, lang: str) -> dict:
    texts = _Texts(lang)
    return {
        "title": texts("title", card.title, card.title_es),
        "text": texts("text", card.text, card.text_es),
        **texts.marker(),
    }


def _brand_json(brand: Brand, images: ImageIndex, lang: str) -> dict:
    texts = _Texts(lang)
    return {
        "name": brand.name,
        "url": brand.url,
        "image": images[("brands", brand.logo)].to_api(),
        **_optional(texts("alt", brand.alt, brand.alt_es), None),
        **texts.marker(),
    }
