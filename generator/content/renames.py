"""Renamed artists keep their links: which old addresses lead where, and a warning for an
artist page that disappeared without a word (README, "Renaming an artist").

An artist's file name is the address of their page (/portfolio/<slug>). A file renamed
with its old name under `previous_slugs:` gets a permanent redirect (site/redirects.py). To
notice a rename without one, the build needs to know what it published last time: after
each successful build it keeps the published slugs (and the artists' names) in a small
record in the image cache folder, which Netlify keeps between builds with the encoded photos
(netlify-plugin-cache in netlify.toml), so the record works there as on a laptop; a fresh
cache simply has no record, and the first build after it warns about nothing.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from ..cache import cache_key
from ..files import atomic_write_json
from . import models
from .records import ArtistSource, Content

log = logging.getLogger(__name__)

RECORD_FOLDER = "published-artists"


def record_path(image_cache: Path, content_root: Path) -> Path:
    """Where the record of this content folder lives: one per folder, so two sites built
    with one cache (the tests' fixture sites) never read each other's."""
    key = cache_key("published-artists", str(content_root.resolve()))
    return image_cache / RECORD_FOLDER / f"{key}.json"


def read_record(path: Path) -> dict[str, str]:
    """{slug: name} of every artist address the last build published; {} if none is known."""
    try:
        value = json.loads(path.read_text("utf-8"))
        artists = value["artists"]
        return {str(slug): str(name) for slug, name in artists.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def write_record(path: Path, content: Content) -> None:
    """Keep what this build published: each artist's slug and the former ones redirected."""
    published = {artist.slug: artist.name for artist in content.artists}
    for old, new in redirects(content).items():
        published[old] = published[new]
    try:
        atomic_write_json(path, {"artists": dict(sorted(published.items()))})
    except OSError as exc:  # the site is built; only the next rename warning is at stake
        log.warning("could not keep the list of published artists in %s: %s", path, exc)


def redirects(content: Content) -> dict[str, str]:
    """{former slug: current slug} for every artist that lists previous_slugs."""
    return {old: artist.slug for artist in content.artists for old in artist.previous_slugs}


def warn_about_lost_pages(content: Content, published: dict[str, str]) -> None:
    """A warning for each artist address the last build published that now leads nowhere,
    on the file most likely renamed from it (its artist's name, or the only new file)."""
    sources = content.artist_sources
    kept = {s.slug for s in sources} | {
        old for s in sources for old in s.values.get("previous_slugs", [])
    }
    new = [s for s in sources if s.slug not in published]
    for slug, name in published.items():
        if slug in kept:
            continue
        renamed = _renamed_as(slug, name, new)
        if renamed is None:
            content.findings.warn(
                content.root / "artists",
                None,
                None,
                f"the last build published {name}'s page at /portfolio/{slug}, and no artist "
                f"file is called {slug}.yaml any more: if the file was renamed, add "
                f"previous_slugs: [{slug}] to the new one so old links lead there; if {name} "
                "has left, nothing to do",
            )
            continue
        listed = renamed.values.get("previous_slugs")
        add = (
            f"add {slug} to its previous_slugs" if listed else f"add previous_slugs: [{slug}] to it"
        )
        content.findings.warn(
            renamed.path,
            None,
            None,
            f"the last build published {name}'s page at /portfolio/{slug}, which now leads "
            f"nowhere: if this file was {slug}.yaml, {add} so old links lead here",
        )


def _renamed_as(slug: str, name: str, new: list[ArtistSource]) -> ArtistSource | None:
    same_name = [s for s in new if s.values.get("name") == name]
    if same_name:
        return same_name[0]
    if len(new) == 1:
        return new[0]
    meant = models.closest(slug, [s.slug for s in new])
    return next((s for s in new if s.slug == meant), None)
