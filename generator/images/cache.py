"""The image cache: encoded variants and source facts, keyed by content hashes.

Layout under the cache folder (outside dist/, ignored by git):
  variants/<ab>/<key>.<ext>   encoded bytes; the key hashes the source bytes and only the
                              settings that shape that variant (settings.variant_key)
  sources/<digest>.json       upright size, format, transparency, placeholder of one source
Writes are atomic (temp file + rename), so an interrupted or concurrent build never leaves
half a file that a later build would trust.
"""

from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

from ..files import atomic_write_json
from .source import SourceInfo

log = logging.getLogger(__name__)

UNUSED_DAYS = 30  # variants nobody used for this long are removed after a successful build


class ImageCache:
    def __init__(self, root: Path):
        self.root = root

    def variant_path(self, key: str, ext: str) -> Path:
        return self.root / "variants" / key[:2] / f"{key}.{ext}"

    def load_source(self, digest: str) -> dict | None:
        try:
            return json.loads((self.root / "sources" / f"{digest}.json").read_text("utf-8"))
        except (OSError, ValueError):
            return None

    def store_source(self, digest: str, info: SourceInfo, placeholders: dict[str, str]) -> None:
        record = {
            "width": info.width,
            "height": info.height,
            "format": info.format,
            "has_alpha": info.has_alpha,
            "placeholders": placeholders,
        }
        atomic_write_json(self.root / "sources" / f"{digest}.json", record)

    def prune(self, used: set[Path]) -> int:
        """Drop variants unused by this build and untouched for UNUSED_DAYS; mark used ones.

        Marking touches the cached files only: published files are copies (see
        process._publish), never links that share these inodes with the live dist/.
        """
        now = time.time()
        for path in used:
            try:
                os.utime(path, (now, now))
            except OSError:
                pass
        removed = 0
        folder = self.root / "variants"
        if not folder.is_dir():
            return 0
        cutoff = now - UNUSED_DAYS * 86400
        for path in folder.glob("*/*"):
            try:
                if path not in used and path.stat().st_mtime < cutoff:
                    path.unlink()
                    removed += 1
            except OSError:
                pass
        return removed
