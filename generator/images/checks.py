"""The photos' own rules, checked in the gather phase (pipeline.gather), before anything is
written: each opens, is whole and is no decompression bomb (read cheaply: no full decode),
and one too small for where the site shows it gets a warning. The checks of every content
file (content/validate.py) run first and hand over the photos that are there to look into."""

from __future__ import annotations

from pathlib import Path

from ..content.records import Content, FileRef
from . import settings as image_settings
from .cache import ImageCache
from .source import BadImage, verify


def check_images(
    content: Content,
    present: list[FileRef],
    max_pixels: int = image_settings.DEFAULT_SETTINGS.max_pixels,
    cache: ImageCache | None = None,
) -> None:
    """Record in content what is wrong with the photos of `present` (videos are skipped).

    cache: where a photo found whole is remembered by its bytes, so a photo is decoded for
    this check once, not on every check, build and live reload (None: every time)."""
    sizes: dict[Path, tuple[int, int] | None] = {}
    for ref in present:
        if ref.is_video:
            continue
        path = content.path_of(ref)
        if path not in sizes:
            try:
                info = cache.checked(path, max_pixels)[1] if cache else verify(path, max_pixels)
                sizes[path] = (info.width, info.height)
            except BadImage as exc:
                content.findings.add(path, None, None, str(exc))
                sizes[path] = None
        # Looked up at each call (not bound at import): tests swap the settings.
        kind = image_settings.DEFAULT_SETTINGS.kinds.get(ref.folder)
        size = sizes[path]
        if size and kind and kind.min_side and max(size) < kind.min_side:
            where = "full screen" if ref.folder in ("work", "flash") else "on the artist's card"
            content.findings.warn(
                ref.source,
                ref.line,
                ref.field,
                f"'{ref.name}' is only {size[0]}x{size[1]} pixels, so it looks soft {where}: "
                f"use a photo at least {kind.min_side} pixels on its long side (the original "
                "from the camera or phone)",
            )
