"""Would the site still build with this change? Asked by the admin's local backend before it
saves (cms/local-backend.cjs, `build.py serve --cms`).

The gate sends, as JSON on stdin, the files a change would write (an entry's YAML or
Markdown under the name decap-server leaves it at, the photos uploaded with it or in the
media library) and the files it would remove (a delete, a rename's old name); this runs
the content check (`build.py check`: every file, line and field rule, and each photo) on the content
folder as it would be, and prints {"problems": [...]}: the check's own messages, with the
content folder named as the editor knows it, never this machine's paths. The gate refuses
a save with problems, so nothing the build would refuse reaches content/ from the admin
(docs/editing.md, "The local backend").

The folder as it would be is a copy made of hard links (a copy where the disk refuses
them), so checking costs what `check` costs: the photos' digests and checks are found in
the media cache by inode (known_files.py), and only new photos are read.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path, PurePosixPath

from generator.errors import ContentError, SiteError
from generator.images.cache import ImageCache
from generator.known_files import KnownFiles
from generator.pipeline import checked_content
from generator.videos.probe import VideoSources

# What one save may carry: the gate's own body limit is 50 MB of JSON.
MAX_FILES = 200
MAX_BYTES = 60 * 1024 * 1024


class BadRequest(ValueError):
    """The gate sent something this does not take (a bug, or a hostile page)."""


def check_change(
    content: Path, shown: str, cache: Path, writes: dict[str, bytes], deletes: list[str]
) -> list[str]:
    """The problems of `content` with `writes` written and `deletes` removed (paths relative to
    content, as POSIX text); [] when it would build."""
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache, prefix="cms-check-") as scratch:
        overlay = Path(scratch) / "content"
        _mirror(content, overlay)
        for rel in deletes:
            target = overlay / _relative(rel)
            if target.is_file() or target.is_symlink():
                target.unlink()
        for rel, data in writes.items():
            target = overlay / _relative(rel)
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.is_symlink() or target.exists():
                target.unlink()  # a hard link: never write through it into content/
            target.write_bytes(data)
        photos = ImageCache(cache / "images", KnownFiles(cache / "known-files.json"))
        videos = VideoSources(overlay / "videos", cache / "videos")
        try:
            # The digests learnt here are not saved: they are of names that are gone in a moment.
            checked_content(overlay, shown, videos=videos, photos=photos)
        except ContentError as error:
            return [str(problem) for problem in error.problems]
    return []


def _relative(rel: str) -> Path:
    """A path under the content folder, from the gate (which already refused anything else)."""
    parts = PurePosixPath(rel).parts
    if not parts or rel.startswith("/") or any(p in ("", ".", "..") for p in parts):
        raise BadRequest(f"not a path inside the content folder: {rel[:200]!r}")
    return Path(*parts)


def _mirror(source: Path, target: Path) -> None:
    """source's tree at target: folders made, files hard-linked (copied where linking fails),
    links recreated as links, so the check sees exactly what it would see in content/."""
    target.mkdir(parents=True)
    for folder, dirs, files in os.walk(source, followlinks=False):
        here = Path(folder)
        there = target / here.relative_to(source)
        for name in dirs:
            if (here / name).is_symlink():
                (there / name).symlink_to(os.readlink(here / name))
            else:
                (there / name).mkdir()
        for name in files:
            if (here / name).is_symlink():
                (there / name).symlink_to(os.readlink(here / name))
                continue
            try:
                os.link(here / name, there / name)
            except OSError:
                shutil.copy2(here / name, there / name)


def read_request(raw: bytes) -> tuple[dict[str, bytes], list[str]]:
    """{"writes": [{"path", "raw"} | {"path", "base64"}], "deletes": [path]} -> its parts."""
    if len(raw) > MAX_BYTES:
        raise BadRequest("the change is too large to check")
    try:
        request = json.loads(raw)
    except ValueError:
        raise BadRequest("the request is not JSON") from None
    writes_in = request.get("writes", []) if isinstance(request, dict) else None
    deletes = request.get("deletes", []) if isinstance(request, dict) else None
    if not isinstance(writes_in, list) or not isinstance(deletes, list):
        raise BadRequest("writes and deletes must be lists")
    if len(writes_in) + len(deletes) > MAX_FILES:
        raise BadRequest("the change names too many files")
    writes: dict[str, bytes] = {}
    for item in writes_in:
        if not isinstance(item, dict) or not isinstance(item.get("path"), str):
            raise BadRequest("each write needs a path")
        if isinstance(item.get("raw"), str):
            try:
                writes[item["path"]] = item["raw"].encode("utf-8")
            except UnicodeEncodeError:  # half of a surrogate pair, as "\ud800" in the JSON
                raise BadRequest(f"{item['path'][:200]!r}: not UTF-8 text") from None
        elif isinstance(item.get("base64"), str):
            try:
                writes[item["path"]] = base64.b64decode(item["base64"], validate=True)
            except (binascii.Error, ValueError):
                raise BadRequest(f"{item['path'][:200]!r}: not base64") from None
        else:
            raise BadRequest("each write needs raw text or base64 bytes")
    if not all(isinstance(rel, str) for rel in deletes):
        raise BadRequest("each delete is a path")
    for rel in [*writes, *deletes]:
        _relative(rel)
    return writes, deletes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--content", type=Path, required=True, help="the content folder")
    parser.add_argument("--shown", required=True, help="the content folder as editors name it")
    parser.add_argument("--cache", type=Path, required=True, help="the media cache folder")
    args = parser.parse_args(argv)
    try:
        writes, deletes = read_request(sys.stdin.buffer.read(MAX_BYTES + 1))
        problems = check_change(args.content, args.shown, args.cache, writes, deletes)
    except BadRequest as error:
        print(json.dumps({"refused": str(error)}))
        return 2
    except (SiteError, OSError) as error:
        print(json.dumps({"refused": f"the change could not be checked: {error}"}))
        return 2
    print(json.dumps({"problems": problems}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
