"""The image cache: encoded variants and source facts, keyed by content hashes.

Layout under the cache folder (outside dist/, ignored by git):
  variants/<ab>/<key>.<ext>   encoded bytes; the key hashes the source bytes and only the
                              settings that shape that variant (settings.variant_key)
  sources/<digest>.json       upright size, format, transparency, placeholder of one source,
                              and whether it was checked whole (checks.py: verify once)
  last-used.json              the day each variant was last published (prune)
Writes are atomic (temp file + rename), so an interrupted or concurrent build never leaves
half a file that a later build would trust. Published files are hard links to the variants
(process._publish), so a variant is never changed in place: a new version is a new file.
"""

from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

from ..files import atomic_write_json
from ..known_files import KnownFiles
from .source import BadImage, SourceInfo, msg_bomb, verify

log = logging.getLogger(__name__)

UNUSED_DAYS = 30  # variants nobody used for this long are removed after a successful build
DAY_S = 86400


class ImageCache:
    """known: where the photos' digests are remembered (None: hash each file once per run)."""

    def __init__(self, root: Path, known: KnownFiles | None = None):
        self.root = root
        self.known = known or KnownFiles(None)
        self._variants = os.path.join(root, "variants")
        self._records: dict[str, dict | None] = {}  # read once a run: checks, then images

    def digest(self, source: Path) -> str:
        return self.known.digest(source)

    def checked(self, source: Path, max_pixels: int) -> tuple[str, SourceInfo]:
        """The source's digest and header facts, its data checked whole once per digest
        (source.verify); raises BadImage. A failure is not remembered: it gets fixed."""
        try:
            digest = self.digest(source)
        except OSError as exc:
            raise BadImage(f"cannot read the file ({exc.strerror})") from None
        known = self.load_source(digest)
        info = _info(known) if known and known.get("verified") is True else None
        if info:
            if info.width * info.height > max_pixels:
                raise BadImage(msg_bomb(info.width * info.height, max_pixels))
            return digest, info
        info = verify(source, max_pixels)
        self._store(digest, info, verified=True)
        return digest, info

    def variant_file(self, key: str, ext: str) -> str:
        return f"{self._variants}/{key[:2]}/{key}.{ext}"

    def variant_names(self) -> set[str]:
        """The file names of every cached variant, from one listing of the cache: a big
        portfolio has tens of thousands, and asking for each one was a stat each."""
        names: set[str] = set()
        for folder in _subfolders(self.root / "variants"):
            with os.scandir(folder) as entries:
                names.update(e.name for e in entries if e.is_file(follow_symlinks=False))
        return names

    def load_source(self, digest: str) -> dict | None:
        if digest not in self._records:
            self._records[digest] = self._read_source(digest)
        return self._records[digest]

    def _read_source(self, digest: str) -> dict | None:
        try:
            record = json.loads((self.root / "sources" / f"{digest}.json").read_text("utf-8"))
        except (OSError, ValueError):
            return None
        return record if isinstance(record, dict) else None

    def store_source(self, digest: str, info: SourceInfo, placeholders: dict[str, str]) -> None:
        self._store(digest, info, placeholders=placeholders)

    def _store(
        self,
        digest: str,
        info: SourceInfo,
        placeholders: dict[str, str] | None = None,
        verified: bool = False,
    ) -> None:
        """Merge into the source's record: what one stage learnt keeps what another did."""
        known = self.load_source(digest) or {}
        if placeholders is None:
            placeholders = known.get("placeholders", {})
        record = {
            "width": info.width,
            "height": info.height,
            "format": info.format,
            "has_alpha": info.has_alpha,
            "placeholders": placeholders,
            "verified": verified or bool(known.get("verified")),
        }
        atomic_write_json(self.root / "sources" / f"{digest}.json", record)
        self._records[digest] = record

    def save(self) -> None:
        self.known.save()

    def prune(self, used: set[str]) -> int:
        """Drop variants unused by this build (used: file names) and by any build of the
        last UNUSED_DAYS.

        When a variant was last used is kept in last-used.json, not in the file's own times:
        published files are hard links to the variants (process._publish), and touching a
        variant would touch the live dist/ too. The cache is looked through once a day at
        most, and the record written only when a day changed: a rebuild with nothing
        changed reads one file here and writes none.
        """
        today = int(time.time() // DAY_S)
        record_path = self.root / "last-used.json"
        scanned, last_used = _read_days(record_path)
        changed = False
        for name in used:
            if last_used.get(name) != today:
                last_used[name] = today
                changed = True
        removed = 0
        if scanned != today:
            removed = self._remove_unused_since(today - UNUSED_DAYS, last_used)
            scanned, changed = today, True
        if changed:
            try:
                atomic_write_json(record_path, {"scanned": scanned, "days": last_used})
            except OSError as error:
                log.warning("could not record which images were used: %s", error)
        return removed

    def _remove_unused_since(self, cutoff: int, last_used: dict[str, int]) -> int:
        removed = 0
        for folder in _subfolders(self.root / "variants"):
            with os.scandir(folder) as entries:
                for entry in entries:
                    day = last_used.get(entry.name)
                    try:
                        if day is None:  # made by a build before the record: its time says
                            day = int(entry.stat(follow_symlinks=False).st_mtime // DAY_S)
                            last_used[entry.name] = day
                        if day < cutoff:
                            os.unlink(entry.path)
                            removed += 1
                    except OSError:
                        pass
        for name in [name for name, day in last_used.items() if day < cutoff]:
            del last_used[name]
        return removed


def _subfolders(folder: Path) -> list[str]:
    try:
        with os.scandir(folder) as entries:
            return [e.path for e in entries if e.is_dir(follow_symlinks=False)]
    except FileNotFoundError:
        return []


def _read_days(path: Path) -> tuple[int | None, dict[str, int]]:
    """The day the cache was last looked through, and the day each variant was last used."""
    try:
        raw = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None, {}
    if not isinstance(raw, dict) or not isinstance(raw.get("days"), dict):
        return None, {}
    scanned = raw.get("scanned") if isinstance(raw.get("scanned"), int) else None
    days = {k: v for k, v in raw["days"].items() if isinstance(k, str) and isinstance(v, int)}
    return scanned, days


def _info(record: dict) -> SourceInfo | None:
    """The facts of a record, or None when the record is not one this version wrote."""
    try:
        info = SourceInfo(record["width"], record["height"], record["format"], record["has_alpha"])
    except (KeyError, TypeError):
        return None
    if not (isinstance(info.width, int) and isinstance(info.height, int)):
        return None
    return info
