"""Writing dist/: a staging folder that refuses collisions, then an atomic-as-possible swap.

Staging folders are named `.<out>.building-<pid>-<random>` (and the replaced tree
`.<out>.old-<pid>-<random>`) beside the output, so a build that was killed leaves a folder
the next build can recognise as abandoned and remove (.gitignore lists the patterns).
"""

from __future__ import annotations

import errno
import json
import logging
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Any

from .errors import BuildError, WriteError

log = logging.getLogger(__name__)

# Published files and folders are world-readable whatever the umask or the cache's modes,
# so a web server running as another user can serve them.
FILE_MODE = 0o644
FOLDER_MODE = 0o755
# A folder whose build is not running any more: its process is gone, or it is older than
# any build takes (a pid can be reused), or it has no pid in its name (older versions).
STALE_AFTER_S = 6 * 3600
UNNAMED_STALE_AFTER_S = 3600
# Where a hard link cannot be made but a copy can: another file system, too many links to one
# file, a file system without links (some network and FAT mounts), a hardened /proc setting.
_NO_LINK_ERRORS = {errno.EXDEV, errno.EMLINK, errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP}


class Output:
    """The staging folder of one build. Every file is claimed once, inside the folder.

    Every write of the build goes through here: one that fails (a full disk, a read-only
    folder) raises WriteError naming the file where it would be published (shown)."""

    def __init__(self, root: Path, shown: Path | None = None):
        self.root = root
        self.shown = root if shown is None else shown
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
        with self._writing(path):
            path.parent.mkdir(parents=True, exist_ok=True)
        return path

    @contextmanager
    def _writing(self, path: Path, source: Path | None = None) -> Iterator[None]:
        try:
            yield
        except OSError as error:
            # A copy's source that went missing is not the output's fault: say so. (A failed
            # write during a copy names both files, source first.)
            if source is not None and error.filename2 is None and error.filename == str(source):
                raise BuildError(f"cannot read {source}: {error.strerror or error}") from error
            # Named where it would be published: the staging folder is gone by then.
            raise WriteError(self.shown / path.relative_to(self.root), error) from error

    def write_bytes(self, rel: str, data: bytes) -> Path:
        path = self.claim(rel)
        with self._writing(path):
            path.write_bytes(data)
        return path

    def write_text(self, rel: str, text: str) -> Path:
        return self.write_bytes(rel, text.encode("utf-8"))

    def write_json(self, rel: str, value: Any) -> Path:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
        return self.write_text(rel, text)

    def copy_file(self, rel: str, source: Path) -> Path:
        path = self.claim(rel)
        with self._writing(path, source):
            shutil.copyfile(source, path)
        return path

    def link_file(self, rel: str, source: Path) -> Path:
        """Publish a cache file that is never changed in place (a new version is a new file)
        as a hard link: no bytes written. A copy where links cannot be made (the cache on
        another file system, a link limit, a file system without links)."""
        path = self.claim(rel)
        try:
            os.link(source, path)
            return path
        except OSError as error:
            if error.errno not in _NO_LINK_ERRORS:
                with self._writing(path, source):
                    raise
        with self._writing(path, source):
            shutil.copyfile(source, path)
        return path

    def claimed(self) -> set[str]:
        return set(self._claimed)


def staging_dir(out_dir: Path) -> Path:
    """A fresh folder beside out_dir (same file system, so the swap is a rename).

    Folders left by builds that were killed are removed first. A folder that cannot be
    written (read-only, full) raises WriteError naming out_dir."""
    try:
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        remove_stale(out_dir)
        return _sibling(out_dir, "building")
    except OSError as error:
        raise WriteError(out_dir, error) from error


def _sibling(out_dir: Path, kind: str) -> Path:
    prefix = f".{out_dir.name}.{kind}-{os.getpid()}-"
    return Path(tempfile.mkdtemp(prefix=prefix, dir=out_dir.parent))


def remove_stale(out_dir: Path, now: float | None = None) -> list[Path]:
    """Remove the staging and replaced folders of builds that are no longer running."""
    now = time.time() if now is None else now
    pattern = re.compile(rf"\.{re.escape(out_dir.name)}\.(?:building|old)-(?:(\d+)-)?")
    removed = []
    for path in out_dir.parent.glob(f".{out_dir.name}.*-*"):
        found = pattern.match(path.name)
        if not found or not path.is_dir() or path.is_symlink():
            continue
        try:
            age = now - path.stat().st_mtime
        except OSError:
            continue
        pid = int(found.group(1)) if found.group(1) else None
        if pid is None:
            stale = age > UNNAMED_STALE_AFTER_S
        else:
            stale = age > STALE_AFTER_S or not _running(pid)
        if stale:
            shutil.rmtree(path, ignore_errors=True)
            log.info("removed %s, left by a build that was stopped", path.name)
            removed.append(path)
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # another user's process, or an unusual pid: leave its folder alone
    return True


def make_publishable(folder: Path) -> None:
    """Give every file FILE_MODE and every folder FOLDER_MODE (mkdtemp makes 0700).

    One chmod per entry: the folder listing says what is a symbolic link (chmod would change
    its target), so tens of thousands of image links cost no extra stat each."""
    os.chmod(folder, FOLDER_MODE)
    pending = [os.fspath(folder)]
    while pending:
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                if entry.is_symlink():
                    continue
                if entry.is_dir(follow_symlinks=False):
                    os.chmod(entry.path, FOLDER_MODE)
                    pending.append(entry.path)
                else:
                    os.chmod(entry.path, FILE_MODE)


def swap_into_place(staging: Path, out_dir: Path) -> None:
    """Replace out_dir by staging; the old tree is removed only after the new one is in place.

    On failure (WriteError naming out_dir) out_dir is as it was and staging still exists."""
    try:
        _swap(staging, out_dir)
    except OSError as error:
        raise WriteError(out_dir, error) from error


def _swap(staging: Path, out_dir: Path) -> None:
    make_publishable(staging)
    old = None
    if out_dir.exists():
        old = _sibling(out_dir, "old")
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
