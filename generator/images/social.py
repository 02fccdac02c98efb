"""Stage: the link-preview images (Open Graph, 1200x630) of every page.

An artist's page shows the artist's photo, cropped to the 1.91:1 card link previews use; every
other page shows the hero video's poster. Each card is made once and kept in the cache, keyed
(cache.cache_key) by the hash of its source and of the settings below, and published under a
hashed name (/assets/og/<name>.<hash>.jpg) so it can be cached for good.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from PIL import ImageOps

from ..cache import cache_key
from ..files import atomic_write_bytes, file_digest, url_stem
from ..output import Output
from .encode import encode
from .settings import DEFAULT_SETTINGS, Encoding
from .source import open_upright

SIZE = (1200, 630)  # what Facebook, LinkedIn, Slack and X show full width
ENCODING = Encoding("jpeg", quality=82)
# Portraits keep the face: the crop sits a little above the middle of a tall photo.
CENTERING = (0.5, 0.35)
VERSION = 1  # bump when the code below changes the pixels


@dataclass(frozen=True)
class Card:
    url: str  # site-relative URL of the published JPEG
    width: int = SIZE[0]
    height: int = SIZE[1]


def make_card(source: Path, name: str, out: Output, cache_dir: Path) -> Card:
    """The card of one source image, from the cache when it was made before."""
    digest = file_digest(source)
    settings = f"og-v{VERSION}:{SIZE}:{CENTERING}:{ENCODING.fingerprint()}"
    key = cache_key("og", digest, settings)
    cached = cache_dir / "og" / key[:2] / f"{key}.jpg"
    if not cached.is_file():
        box = (SIZE[0] * 2, SIZE[1] * 2)  # decode generously, then resize once
        img = open_upright(source, box, DEFAULT_SETTINGS.max_pixels).convert("RGB")
        card = ImageOps.fit(img, SIZE, centering=CENTERING)
        atomic_write_bytes(cached, encode(card, ENCODING))
    # The name's hash is computed as it was when it was also the cache key: a new way of
    # making cache keys must not rename a published card.
    tag = hashlib.sha256(f"{digest}:{settings}".encode()).hexdigest()[:10]
    url = f"/assets/og/{url_stem(name, 'card')}.{tag}.jpg"
    out.copy_file(url, cached)
    return Card(url)


def poster_file(out: Output, video: dict) -> Path | None:
    """The horizontal JPEG poster of one purpose's videos, as the media stage published it."""
    url = (video.get("poster") or {}).get("horizontal", {}).get("jpeg")
    return out.root / url.lstrip("/") if url else None


def make_cards(
    artist_photos: dict[str, Path], default_source: Path | None, out: Output, cache_dir: Path
) -> tuple[Card | None, dict[str, Card]]:
    """The default card (from the hero poster) and one per artist slug (from their photo)."""
    default = make_card(default_source, "studio", out, cache_dir) if default_source else None
    by_artist = {
        slug: make_card(photo, slug, out, cache_dir) for slug, photo in artist_photos.items()
    }
    return default, by_artist
