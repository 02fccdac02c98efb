"""Stage 1a, the files that are one YAML list per artist: portfolio/<slug>.yaml (pieces) and
flash/<slug>.yaml (flash designs, docs/flash.md).

Each file is named after its artist's file; each entry is checked on its own, so one bad
entry does not hide the others and an entry with a bad title still has its photo checked.
That a file's artist exists is validate.py's rule (it knows about renames).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from . import models
from .flash import flash_item
from .reader import Reader, slug_message
from .records import WorkItem, stable_id
from .yamlfile import line_of


@dataclass(frozen=True)
class ArtistList:
    """A folder of one YAML list per artist, each file named after the artist's file."""

    folder: str  # under content/
    images: str  # the folder under images/ its entries' photos are in
    model: Any  # one entry
    item: str  # what one entry is called in messages: "piece 2, title"


PORTFOLIO = ArtistList("portfolio", "work", models.PortfolioEntry, "piece")
FLASH = ArtistList("flash", "flash", models.FlashDesign, "design")


def read_portfolios(reader: Reader) -> None:
    content = reader.content
    names = {a.slug: a.name for a in content.artists}

    def piece(slug: str, entry: models.PortfolioEntry) -> tuple | None:
        if slug not in names:
            return None
        item = WorkItem(
            model=entry,
            id=stable_id(f"work:{entry.file}"),
            artist_slug=slug,
            artist_name=names[slug],
        )
        content.work.append(item)
        return ("piece", item.id)

    read_lists(reader, PORTFOLIO, content.portfolio_files, piece)
    order = {a.slug: i for i, a in enumerate(content.artists)}
    content.work.sort(key=lambda w: order.get(w.artist_slug, 0))


def read_flash(reader: Reader) -> None:
    content = reader.content
    names = {a.slug: a.name for a in content.artists}

    def design(slug: str, entry: models.FlashDesign) -> tuple | None:
        if slug not in names:
            return None
        item = flash_item(slug, names[slug], entry)
        content.flash.append(item)
        return ("design", item.id)

    read_lists(reader, FLASH, content.flash_files, design)
    order = {a.slug: i for i, a in enumerate(content.artists)}
    # the site's artist order, then each file's own order (sort is stable)
    content.flash.sort(key=lambda f: order.get(f.artist_slug, 0))


def read_lists(
    reader: Reader,
    kind: ArtistList,
    files: dict[str, Path],
    take: Callable[[str, Any], tuple | None],
) -> None:
    """Each <folder>/<artist-slug>.yaml of kind: every valid entry goes to take(slug, entry),
    which returns the key of the record it made (translations.py), the file to files[slug]."""
    folder = reader.root / kind.folder
    if not folder.is_dir():
        return
    entry_model = TypeAdapter(kind.model)
    for path in sorted(folder.iterdir()):
        if not reader.is_yaml_candidate(path):
            continue
        slug = path.stem
        if not models.SLUG_RE.match(slug):
            reader.found.add(path, None, None, slug_message(slug))
            continue
        files[slug] = path
        document = reader.read_yaml(path, kind.model)
        if document is None or document.data is None:
            continue  # unreadable (said so), or an empty file: the artist has none yet
        data, lines = document.data, document.lines
        if not isinstance(data, list):
            reader.found.add(
                path,
                line_of(lines, ()),
                None,
                f"must be a list of {kind.item}s ('- file: ...' lines), "
                f"got {models.describe(data)}",
            )
            continue
        for index, raw in enumerate(data):
            reader.refer(kind.images, data, path, (index, "file"), lines, kind.item)
            try:
                entry = entry_model.validate_python(raw)
            except ValidationError as exc:
                reader.schema_problems(path, document, exc, kind.model, (index,), kind.item)
                reader.translations(path, kind.model, raw, lines, None, (index,), kind.item)
                continue
            owner = take(slug, entry)
            reader.translations(path, kind.model, raw, lines, owner, (index,), kind.item)
