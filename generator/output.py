"""Writing dist/: a staging folder that refuses collisions, then an atomic-as-possible swap.

One folder is carried from build to build instead of made again: CARRIED_FOLDER holds the
image variants, whose names hash their bytes (tens of thousands for a big portfolio). The
build links only the new ones into the live folder (unreferenced until the swap, so the old
site is unharmed), the swap moves that folder into the new tree in the same instant the new
tree takes dist/'s place, and what the new site does not use is removed after it. A failed
build leaves dist/ as it was (docs/architecture.md#work-proportional-to-what-changed).

Staging folders are named `.<out>.building-<pid>-<random>` (and the replaced tree
`.<out>.old-<pid>-<random>`) beside the output, so a build that was killed leaves a folder
the next build can recognise as abandoned and remove (.gitignore lists the patterns).
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
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
CARRIED_FOLDER = "assets/img"


class Output:
    """The staging folder of one build. Every file is claimed once, inside the folder.

    Every write of the build goes through here: one that fails (a full disk, a read-only
    folder) raises WriteError naming the file where it would be published (shown)."""

    def __init__(self, root: Path, shown: Path | None = None, carry: bool = False):
        """carry: the build swaps this folder into `shown` with swap_into_place, so the
        files of CARRIED_FOLDER wait for it (otherwise they are linked in at once)."""
        self.root = root
        self.carry = carry
        self.shown = root if shown is None else shown
        self._claimed: set[str] = set()
        self._folders: set[str] = {""}  # made already: one mkdir per folder, not per file
        self._root = os.fspath(root)
        # what the carried folder holds: its path inside the folder -> the file to link
        self.carried: dict[str, str] = {}

    def claim(self, rel: str) -> Path:
        """Reserve rel (a URL-like path) and return where to write it."""
        return Path(self._claim(rel))

    def _claim(self, rel: str) -> str:
        """claim() as a plain string: a big portfolio publishes tens of thousands of images,
        and pathlib's parsing was most of a no-op build's time for them."""
        key = self._reserve(rel)
        if key.startswith(CARRIED_FOLDER + "/"):
            raise BuildError(f"only files named by their bytes go into {CARRIED_FOLDER}: {key}")
        path = os.path.join(self._root, key)
        folder = key.rpartition("/")[0]
        if folder not in self._folders:
            with self._writing(Path(path)):
                os.makedirs(os.path.join(self._root, folder), exist_ok=True)
            self._folders.add(folder)
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

    def _reserve(self, rel: str) -> str:
        parts = [part for part in rel.split("/") if part not in ("", ".")]
        if not parts or ".." in parts:
            raise BuildError(f"refusing to write outside the output folder: {rel}")
        key = "/".join(parts)
        if key in self._claimed:
            raise BuildError(f"two outputs want the same file: {key}")
        self._claimed.add(key)
        return key

    def carry_file(self, rel: str, source: str) -> None:
        """Publish into CARRIED_FOLDER a cache file whose name says its bytes: linked there
        at the swap only when the live dist/ does not have it yet (swap_into_place)."""
        key = self._reserve(rel)
        inside = key.removeprefix(CARRIED_FOLDER + "/")
        if inside == key:
            raise BuildError(f"{key} is not in {CARRIED_FOLDER}")
        self.carried[inside] = source
        if not self.carry:
            path = Path(self._root, key)
            with self._writing(path, Path(source)):
                path.parent.mkdir(parents=True, exist_ok=True)
                _place(os.fspath(path), source)

    def link_file(self, rel: str, source: str) -> None:
        """Publish a cache file that is never changed in place (a new version is a new file)
        as a hard link: no bytes written. A copy where links cannot be made (the cache on
        another file system, a link limit, a file system without links)."""
        path = self._claim(rel)
        with self._writing(Path(path), Path(source)):
            _place(path, source)

    def claimed(self) -> set[str]:
        return set(self._claimed)


def _place(path: str, source: str) -> None:
    """A hard link to source at path (its folder exists); a copy where links cannot be made."""
    try:
        os.link(source, path)
    except OSError as error:
        if error.errno not in _NO_LINK_ERRORS:
            raise
        shutil.copyfile(source, path)


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


def swap_into_place(staging: Path, out_dir: Path, carried: dict[str, str] | None = None) -> None:
    """Replace out_dir by staging; the old tree is removed only after the new one is in place.

    carried (Output.carried): the files of CARRIED_FOLDER, linked into the live folder when
    missing and moved across with it. On failure (WriteError naming out_dir) out_dir is as it
    was, but for new carried files nothing refers to yet, and staging still exists."""
    try:
        _swap(staging, out_dir, carried or {})
    except OSError as error:
        raise WriteError(out_dir, error) from error


def _swap(staging: Path, out_dir: Path, carried: dict[str, str]) -> None:
    carry = bool(carried) and _real_folder(out_dir, CARRIED_FOLDER)
    if carried and not carry:  # a first build: the folder is made in the new tree
        _fill(staging / CARRIED_FOLDER, carried)
    make_publishable(staging)
    if carry:
        _fill(out_dir / CARRIED_FOLDER, carried)
    old = None
    if out_dir.exists():
        old = _sibling(out_dir, "old")
        os.rmdir(old)
        os.replace(out_dir, old)
    moved = None
    try:
        if carry:
            moved = staging / CARRIED_FOLDER
            moved.parent.mkdir(parents=True, exist_ok=True)
            os.replace(old / CARRIED_FOLDER, moved)
        os.replace(staging, out_dir)
    except OSError:
        if moved is not None and moved.exists():
            os.replace(moved, old / CARRIED_FOLDER)
        if old is not None:
            os.replace(old, out_dir)
        raise
    if carry:
        _remove_unused(out_dir / CARRIED_FOLDER, carried)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _real_folder(root: Path, rel: str) -> bool:
    """rel is a folder inside root, with no symbolic link on the way (nothing planted in a
    dist/ leads the build to write elsewhere)."""
    path = root
    for part in [".", *rel.split("/")]:
        path = path / part
        try:
            if not stat.S_ISDIR(os.lstat(path).st_mode):
                return False
        except OSError:
            return False
    return True


def _fill(folder: Path, carried: dict[str, str]) -> None:
    """Link into folder every carried file it does not hold as a regular file yet."""
    present: set[str] = set()
    made: set[str] = set()
    for sub in {inside.rpartition("/")[0] for inside in carried}:
        target = os.path.join(folder, sub)
        try:
            with os.scandir(target) as entries:
                present.update(
                    f"{sub}/{e.name}" if sub else e.name
                    for e in entries
                    if e.is_file(follow_symlinks=False)
                )
        except FileNotFoundError:
            os.makedirs(target, mode=FOLDER_MODE, exist_ok=True)
            made.add(target)
    for inside, source in carried.items():
        if inside in present:
            continue
        path = os.path.join(folder, inside)
        if os.path.lexists(path):  # a planted link or folder: replaced by the real file
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path)
            else:
                os.unlink(path)
        _place(path, source)
        os.chmod(path, FILE_MODE)
    for target in made:
        os.chmod(target, FOLDER_MODE)


def _remove_unused(folder: Path, carried: dict[str, str]) -> None:
    """After the swap: what the site just replaced used and this one does not."""
    for parent, _, names in os.walk(folder):
        sub = os.path.relpath(parent, folder)
        for name in names:
            inside = name if sub == "." else f"{sub}/{name}"
            if inside not in carried:
                with contextlib.suppress(OSError):
                    os.unlink(os.path.join(parent, name))


def discard(staging: Path) -> None:
    shutil.rmtree(staging, ignore_errors=True)
