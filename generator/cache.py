"""The build's caches (.cache/): one key function, and one way to make a cache entry.

Every cached output (image variants, link-preview cards, videos, posters, frames, the admin
bundle) lives under a key that hashes everything that shapes its bytes, so a change to any of
them makes a new entry and an unchanged input is never made twice. Keys name cache files and
folders only: a published file's name carries a hash of its own (files.file_digest, or the
name hashes images/settings.py keeps), so the output never depends on how keys are made.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

# 128 bits: no two inputs meet by chance, and a folder name stays readable.
KEY_LENGTH = 32
# A folder being made: a finished entry never starts with it (admin.py prunes all but these).
WORK_PREFIX = ".building-"
DONE = "done"  # written last: an entry without it is unfinished and made again


def cache_key(*parts: object) -> str:
    """The key of whatever these parts (strings, numbers, tuples, settings as text) shape."""
    text = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:KEY_LENGTH]


def make_entry(final: Path, make: Callable[[Path], None]) -> bool:
    """Make the cache folder `final` unless it is finished; True when this call made it.

    make(folder) fills a fresh folder beside `final`, which is then renamed into place: an
    interrupted build never leaves half an entry that a later one would trust, and two builds
    making the same entry at once both end with a whole one.
    """
    if (final / DONE).is_file():
        return False
    final.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=WORK_PREFIX, dir=final.parent))
    try:
        make(work)
        (work / DONE).write_text("")
        if (final / DONE).is_file():
            return False  # another build made the same entry meanwhile
        if final.exists():
            shutil.rmtree(final)  # left by an interrupted run, without its marker
        try:
            os.replace(work, final)
        except OSError:
            if not (final / DONE).is_file():  # not a parallel build's finished entry
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return True


@contextmanager
def scratch(folder: Path, prefix: str) -> Iterator[Path]:
    """A temporary folder inside `folder` (the cache's disk, not /tmp), removed afterwards."""
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=prefix, dir=folder) as tmp:
        yield Path(tmp)
