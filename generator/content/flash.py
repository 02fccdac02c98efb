"""Flash designs (content/flash/<artist-slug>.yaml, docs/flash.md): their ids and records,
and the rules of their own that span entries.

A design's id is "<artist-slug>/<stem>", the stem being its file's name without extension,
made URL-safe as the published images' names are (files.url_stem): it stays the same when
designs are reordered or retitled, and the contact form sends it with a claim. Reading the
files is lists.py's; the rules shared with portfolios (a file named after an existing artist,
a photo used once, files found) are validate.py's.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from ..files import url_stem
from . import models
from .records import Content, FileRef, FlashItem


def design_id(artist_slug: str, file: str) -> str:
    """'tasha-monroe', 'Swallow Pair.JPG' -> 'tasha-monroe/swallow-pair'."""
    return f"{artist_slug}/{url_stem(file, 'design')}"


def flash_item(slug: str, artist_name: str, entry: models.FlashDesign) -> FlashItem:
    return FlashItem(
        model=entry,
        id=design_id(slug, entry.file),
        artist_slug=slug,
        artist_name=artist_name,
    )


def check_flash(content: Content) -> None:
    """Two designs of one artist whose files give the same id ('rose.jpg', 'Rose.png')."""
    by_file: dict[Path, list[FileRef]] = defaultdict(list)
    for ref in content.refs:
        if ref.folder == "flash":
            by_file[ref.source].append(ref)
    for source, refs in by_file.items():
        first: dict[str, FileRef] = {}
        for ref in refs:
            ident = design_id(source.stem, ref.name)
            if ident not in first:
                first[ident] = ref
                continue
            if ref.name.lower() == first[ident].name.lower():
                continue  # the same photo twice: validate.py says it is already used
            earlier = first[ident]
            content.findings.add(
                ref.source,
                ref.line,
                ref.field,
                f"'{ref.name}' gives this design the id '{ident}', which design "
                f"{earlier.loc[0] + 1} ('{earlier.name}', line {earlier.line}) already has: "
                "rename one of the two photos (a design's id is made from its file name)",
            )


def published_counts(content: Content) -> dict[str, int]:
    """How many designs each artist shows (the designs in content: after publishing.apply)."""
    counts: dict[str, int] = defaultdict(int)
    for item in content.flash:
        counts[item.artist_slug] += 1
    return dict(counts)
