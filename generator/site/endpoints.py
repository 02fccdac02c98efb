"""Stage: the static API (api/*.json) and the site data the app reads."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..content.flash import published_counts
from ..content.records import ArtistRecord, Content, FlashItem, WorkItem, policies_version
from ..images.process import ImageMeta
from ..output import Output

ImageIndex = dict[tuple[str, str], ImageMeta]

# The contact form's choices: defined once, beside the function that accepts them.
CONTACT_CHOICES = Path(__file__).resolve().parents[2] / "functions" / "contact" / "choices.json"


def contact_choices() -> dict:
    """The form's services, "No preference" and the tattoo request's lists (`request`)."""
    choices = json.loads(CONTACT_CHOICES.read_text("utf-8"))
    return {
        "services": list(choices["services"]),
        "noArtist": choices["noArtist"],
        "request": choices["request"],
    }


# Where /api/policies is answered from (netlify.toml); without policies.md, the build's
# _redirects answers it with the JSON 404 (redirects.py).
POLICIES_API = ("/api/policies", "api/policies.json")


def policies_json(text: str) -> dict:
    """/api/policies: the Markdown as published and its version (records.policies_version)."""
    return {"markdown": text, "version": policies_version(text)}


def artist_json(artist: ArtistRecord, images: ImageIndex, flash: int = 0) -> dict:
    """flash: how many flash designs the artist shows (the key only when there are some)."""
    meta = images[("artists", artist.photo)]
    return {
        "id": artist.id,
        "slug": artist.slug,
        "name": artist.name,
        "profilePic": artist.photo,
        "yearsExperience": artist.years_experience,
        "bio": artist.bio,
        "specialties": list(artist.specialties),
        "instagram": artist.instagram,
        "image": meta.to_api(),
        "books": artist.books,
        **({"books_note": artist.books_note} if artist.books_note else {}),
        **_optional(artist.alt, artist.held),
        **({"flash": flash} if flash > 0 else {}),
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


def work_json(item: WorkItem, images: ImageIndex) -> dict:
    meta = images[("work", item.file)].to_api()
    return {
        "id": item.id,
        "filename": item.file,
        "title": item.title,
        "artist": item.artist_name,
        "artist_id": item.artist_slug,
        **{k: meta[k] for k in IMAGE_KEYS},
        **_optional(item.alt, item.held),
    }


def flash_json(item: FlashItem, images: ImageIndex) -> dict:
    """One flash design (docs/flash.md). `status` is the design's own, available or claimed;
    why `serve` shows a design the public site does not is `held` (draft or scheduled)."""
    meta = images[("flash", item.file)].to_api()
    return {
        "id": item.id,
        "artist_id": item.artist_slug,
        "artist": item.artist_name,
        "title": item.title,
        "size": item.size,
        "price": item.price,
        "status": item.status,
        "repeatable": item.repeatable,
        "filename": item.file,
        **{k: meta[k] for k in IMAGE_KEYS},
        **({"alt": item.alt} if item.alt else {}),
        **({"held": item.held} if item.held else {}),
    }


def flash_files(content: Content, images: ImageIndex) -> dict[str, tuple[str, object]]:
    """/api/flash?artist=all and ?artist=<slug> for every artist (an empty list for an
    artist without flash): the same items, in the site's artist order, then file order."""
    designs = [flash_json(item, images) for item in content.flash]
    files: dict[str, tuple[str, object]] = {
        "/api/flash?artist=all": ("api/flash/all.json", designs)
    }
    for slug, mine in by_artist(content, designs).items():
        files[f"/api/flash?artist={slug}"] = (f"api/flash/{slug}.json", mine)
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
    selection: str, work: list[dict], page_size: int = PAGE_SIZE
) -> dict[str, tuple[str, object]]:
    """One selection's pieces cut into pages: api/portfolio/pages/<selection>/<n>.json, n from 1.

    Each holds {total, page, pages, page_size, items}, the items as in the whole list and in its
    order; an empty selection still has its page 1 (no items), so the screen always finds one.
    The portfolio screen reads these (features/portfolio/api/); the whole lists stay as they are.
    """
    count = max(1, -(-len(work) // page_size))
    files: dict[str, tuple[str, object]] = {}
    for page in range(1, count + 1):
        file = f"api/portfolio/pages/{selection}/{page}.json"
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
    the pages from these same answers (prerender.py).
    """
    work = [work_json(w, images) for w in content.work]
    flash = published_counts(content)
    artists = [artist_json(a, images, flash.get(a.slug, 0)) for a in content.artists]
    files = {
        "/api/artists": ("api/artists.json", artists),
        "/api/portfolio?artist=all": ("api/portfolio/all.json", work),
        **portfolio_pages("all", work),
    }
    for slug, mine in by_artist(content, work).items():
        files[f"/api/portfolio?artist={slug}"] = (f"api/portfolio/{slug}.json", mine)
        files.update(portfolio_pages(slug, mine))
    files.update(flash_files(content, images))
    aftercare = [
        {"section_type": name, "content": text} for name, text in content.aftercare.items()
    ]
    files["/api/aftercare"] = ("api/aftercare.json", aftercare)
    if content.policies is not None:
        url, file = POLICIES_API
        files[url] = (file, policies_json(content.policies))
    return files


def write_endpoints(out: Output, files: dict[str, tuple[str, object]]) -> None:
    """Write every file of the static API (docs/product.md#static-api)."""
    for file, value in files.values():
        out.write_json(file, value)
    out.write_json("api/404.json", {"error": "Not found"})


def tel_href(phone: str) -> str:
    digits = re.sub(r"[^\d+]", "", phone)
    if not digits.startswith("+") and len(digits) == 10:
        digits = "+1" + digits  # a North American number written without country code
    return f"tel:{digits}"


def site_data(content: Content, images: ImageIndex, media: dict) -> dict:
    """Studio facts and media URLs for the app (embedded in every page and at api/site.json)."""
    site = content.site
    return {
        "name": site.name,
        "baseUrl": site.base_url.rstrip("/"),
        "phone": site.phone,
        "phoneHref": tel_href(site.phone),
        "email": site.email,
        "address": site.address.model_dump(),
        "hours": [h.model_dump() for h in site.hours],
        "hoursNotes": list(site.hours_notes),
        "socials": site.socials.model_dump(),
        "stats": site.stats.model_dump(),
        "timeline": [t.model_dump() for t in site.timeline],
        "values": [v.model_dump() for v in site.values],
        "memorial": {
            **site.memorial.model_dump(exclude={"photo", "alt"}),
            **_optional(site.memorial.alt, None),
            "image": images[("artists", site.memorial.photo)].to_api()
            if site.memorial.photo
            else None,
        },
        "brands": [
            {
                "name": b.name,
                "url": b.url,
                "image": images[("brands", b.logo)].to_api(),
                **_optional(b.alt, None),
            }
            for b in site.brands
        ],
        "credit": site.credit.model_dump(),
        "inMemory": site.in_memory,
        "artistSlugs": [a.slug for a in content.artists],
        **contact_choices(),
        "minorsRule": site.minors_rule,
        "policiesVersion": (
            policies_version(content.policies) if content.policies is not None else None
        ),
        "media": media,
    }
