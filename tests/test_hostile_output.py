"""Hostile output folders (issue #24): a full disk, a read-only folder.

A build that cannot write ends with one line naming the file and the reason, never a
traceback; dist/ stays as it was and no staging folder (.dist.building-*) is left behind.
`serve`'s rebuilds report the same line to open pages. CI runs as root, so a small tmpfs
stands in for the disk; without root the read-only case uses a folder without write
permission instead, and the full-disk case is skipped.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator import pipeline
from generator.reporter import BufferReporter
from sitefactory import minimal_site, write_site

ROOT = Path(__file__).resolve().parent.parent
NO_SPACE = "No space left on device"
# Left free on the full disk: the staging folder and the first small files fit, the
# app's scripts do not, so the build fails part-way through writing.
ROOM_LEFT = 96 * 1024
PREVIOUS = {"index.html": b"<p>the previous build</p>", "api/site.json": b'{"name":"old"}'}


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


@contextmanager
def tmpfs(folder: Path, size: str = "2m") -> Iterator[Path]:
    """A small RAM disk at folder, unmounted afterwards whatever happens."""
    if not is_root():
        pytest.skip("mounting a tmpfs needs root (CI runs the tests as root)")
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        pytest.skip(f"mount is not permitted here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def write_previous_build(out: Path) -> dict[str, bytes]:
    for rel, data in PREVIOUS.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(data)
    return snapshot(out)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def fill(disk: Path, leave: int) -> None:
    """Fill disk up to `leave` free bytes with one file."""
    free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
    (disk / "filler").write_bytes(b"\0" * max(0, free - leave))


@dataclass(frozen=True)
class Unwritable:
    out: Path  # dist/, holding a previous build
    reason: str  # what the system says when the build writes there
    previous: dict[str, bytes]  # dist/ before the build

    def assert_one_line(self, lines: list[str], prefix: str) -> None:
        """Exactly one line says what failed: the file (inside dist/) or dist/ itself."""
        failed = [line for line in lines if self.reason in line]
        assert len(failed) == 1, lines
        line = failed[0]
        if self.reason == NO_SPACE:
            assert line.startswith(f"{prefix}cannot write {self.out}/"), line
            assert line.endswith(f": {self.reason}"), line
        else:
            assert line == f"{prefix}cannot write {self.out}: {self.reason}"

    def assert_untouched(self) -> None:
        assert snapshot(self.out) == self.previous
        left = [p.name for p in self.out.parent.iterdir() if p.name.startswith(".")]
        assert left == []  # no .dist.building-* (nor .dist.old-*)


@pytest.fixture(params=["full", "read-only"])
def unwritable(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Unwritable]:
    """A dist/ with a previous build in it, in a folder the build cannot write to."""
    disk, out = tmp_path / "disk", tmp_path / "disk" / "dist"
    if request.param == "full":
        with tmpfs(disk):
            previous = write_previous_build(out)
            fill(disk, ROOM_LEFT)
            yield Unwritable(out, NO_SPACE, previous)
    elif is_root():
        with tmpfs(disk):
            previous = write_previous_build(out)
            subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
            yield Unwritable(out, "Read-only file system", previous)
    else:  # without root: a folder without write permission (root would ignore it)
        disk.mkdir()
        previous = write_previous_build(out)
        disk.chmod(stat.S_IRUSR | stat.S_IXUSR)
        try:
            yield Unwritable(out, "Permission denied", previous)
        finally:
            disk.chmod(stat.S_IRWXU)


def test_a_build_that_cannot_write_ends_with_one_line_and_leaves_dist_as_it_was(
    unwritable: Unwritable, tmp_path: Path, media_cache: Path
) -> None:
    out = unwritable.out
    content = write_site(tmp_path / "content", minimal_site())
    command = [sys.executable, str(ROOT / "build.py"), "build", "--content", str(content)]
    command += ["--out", str(out), "--cache", str(media_cache)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    unwritable.assert_one_line(result.stderr.splitlines(), "error: ")
    unwritable.assert_untouched()


def test_a_serve_rebuild_that_cannot_write_shows_the_one_line_on_open_pages(
    unwritable: Unwritable,
    tmp_path: Path,
    media_cache: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The watcher of `serve` (devserver/runner.py) after one change: what the terminal and
    the overlay of open pages get, through LiveReload."""
    import watchfiles

    from devserver import runner
    from devserver.app import LiveReload

    async def one_change(*paths: str):
        yield {(watchfiles.Change.modified, paths[0])}

    monkeypatch.setattr(watchfiles, "awatch", one_change)
    content = write_site(tmp_path / "content", minimal_site())
    paths = pipeline.Paths.make(content, unwritable.out, cache=media_cache)
    live, reporter = LiveReload(), BufferReporter()
    # In a thread of its own: a browser test run earlier in this worker leaves Playwright's
    # sync API holding this thread's event loop, where asyncio.run refuses to start.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, runner._watch(paths, live, reporter)).result()
    assert live.failure is not None and live.version == 0
    assert live.failure["title"] == "The build failed"
    [problem] = live.failure["problems"]
    assert problem["where"] == ""
    unwritable.assert_one_line([problem["detail"]], "")
    unwritable.assert_one_line(reporter.lines, "build failed: ")
    unwritable.assert_untouched()
