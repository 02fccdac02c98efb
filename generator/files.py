"""File helpers the media stages share: content hashes, atomic writes, URL-safe stems."""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from pathlib import Path, PurePosixPath
from typing import Any


def file_digest(path: Path) -> str:
    """SHA-256 of a file's bytes (hex), read in blocks: sources may be gigabytes of video."""
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write beside the target, then rename: a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def atomic_write_json(path: Path, value: Any) -> None:
    atomic_write_bytes(path, json.dumps(value).encode("utf-8"))


def url_stem(name: str, fallback: str) -> str:
    """A URL-safe stem for hashed asset names (a srcset cannot hold spaces or commas)."""
    stem = re.sub(r"[^a-z0-9]+", "-", PurePosixPath(name).stem.lower()).strip("-")
    return stem[:60] or fallback
