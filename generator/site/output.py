"""Writing dist/: a staging folder that refuses collisions, then an atomic-as-possible swap."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path, PurePosixPath
from typing import Any

from ..errors import BuildError


class Output:
    """The staging folder of one build. Every file is claimed once, inside the folder."""

    def __init__(self, root: Path):
        self.root = root
        self._claimed: set[str] = set()

    def claim(self, rel: str) -> Path:
        """Reserve rel (a URL-like path) and return where to write it."""
        clean = PurePosixPath(rel.lstrip("/"))
        if clean.is_absolute() or ".." in clean.parts or not clean.parts:
            raise BuildError(f"refusing to write outside the output folder: {rel}")
        key = clean.as_posix()
        if key in self._claimed:
            raise BuildError(f"two outputs want the same file: {key}")
        self._claimed.add(key)
        path = self.root / key
        path.parent.mkdir(parents=True, exist_ok=True)
        return path

    def write_bytes(self, rel: str, data: bytes) -> Path:
        path = self.claim(rel)
        path.write_bytes(data)
        return path

    def write_text(self, rel: str, text: str) -> Path:
        return self.write_bytes(rel, text.encode("utf-8"))

    def write_json(self, rel: str, value: Any) -> Path:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
        return self.write_text(rel, text)

    def copy_file(self, rel: str, source: Path) -> Path:
        path = self.claim(rel)
        shutil.copyfile(source, path)
        return path

    def claimed(self) -> set[str]:
        return set(self._claimed)


def staging_dir(out_dir: Path) -> Path:
    """A fresh folder beside out_dir (same file system, so the swap is a rename)."""
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.building-", dir=out_dir.parent))


def swap_into_place(staging: Path, out_dir: Path) -> None:
    """Replace out_dir by staging; the old tree is removed only after the new one is in place."""
    old = None
    if out_dir.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.old-", dir=out_dir.parent))
        os.rmdir(old)
        os.replace(out_dir, old)
    try:
        os.replace(staging, out_dir)
    except OSError:
        if old is not None:
            os.replace(old, out_dir)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def discard(staging: Path) -> None:
    shutil.rmtree(staging, ignore_errors=True)
