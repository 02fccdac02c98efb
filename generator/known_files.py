"""What identifies a source file's bytes, remembered so an unchanged file is not read again.

Every photo's SHA-256 is the key of its cached facts and variants (images/cache.py). Hashing
2,000 phone photos reads 2 GB, so the digest is kept under the file's path with its size,
modification time and inode (`.cache/known-files.json`): while those three match, the file
is not opened. When they differ (an edit, a fresh clone with new times) the bytes are hashed
again, and what is known by digest (a photo already checked, its variants) is still reused.

Like git's index, an entry is trusted only for a file last changed well before the entry was
made (RACY_MARGIN_NS): a file rewritten within the same timestamp tick as its entry could
otherwise keep the old digest on a file system with coarse times.
"""

from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

from .files import atomic_write_json, file_digest

log = logging.getLogger(__name__)

FORMAT_VERSION = 1
RACY_MARGIN_NS = 2_000_000_000  # FAT and some network file systems keep 2 s times
# Entries of files this run did not look at are kept (another content folder may share the
# cache) up to this many, newest first: the file stays small (about 150 bytes an entry).
MAX_ENTRIES = 50_000


class KnownFiles:
    """Digests by path. `path` None: remembered for this run only (tests, one-off checks)."""

    def __init__(self, path: Path | None):
        self.path = path
        self._entries: dict[str, list] = self._read() if path else {}
        self._seen: set[str] = set()
        self._changed = False
        self._identities: dict[tuple, list] | None = None

    def digest(self, file: Path) -> str:
        """SHA-256 (hex) of the file's bytes; raises OSError when it cannot be read."""
        key = os.path.abspath(file)
        stat = os.stat(key)
        identity = [stat.st_size, stat.st_mtime_ns, stat.st_ino]
        entry = self._entries.get(key)
        if entry is None:
            # The same file under another name: a hard link, as the admin's save check makes
            # (devserver/cms_save_check.py). Same inode, size and time: the same bytes.
            entry = self._by_identity().get(tuple(identity))
        self._seen.add(key)
        if entry and entry[:3] == identity and entry[4] - stat.st_mtime_ns > RACY_MARGIN_NS:
            return entry[3]
        digest = file_digest(Path(key))
        self._entries[key] = [*identity, digest, time.time_ns()]
        self._changed = True
        return digest

    def _by_identity(self) -> dict[tuple, list]:
        if self._identities is None:
            self._identities = {tuple(entry[:3]): entry for entry in self._entries.values()}
        return self._identities

    def save(self) -> None:
        """Write what was learnt (atomically); a cache that cannot be written costs only speed."""
        if not self.path or not self._changed:
            return
        kept = sorted(self._entries.items(), key=lambda item: item[0] not in self._seen)
        kept = dict(kept[:MAX_ENTRIES])
        try:
            atomic_write_json(self.path, {"version": FORMAT_VERSION, "files": kept})
            self._changed = False
        except OSError as error:
            log.warning("could not remember file digests in %s: %s", self.path, error)

    def _read(self) -> dict[str, list]:
        try:
            raw = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(raw, dict) or raw.get("version") != FORMAT_VERSION:
            return {}
        files = raw.get("files")
        if not isinstance(files, dict):
            return {}
        return {
            key: entry
            for key, entry in files.items()
            if isinstance(entry, list)
            and len(entry) == 5
            and all(isinstance(n, int) for n in (entry[0], entry[1], entry[2], entry[4]))
            and isinstance(entry[3], str)
        }
