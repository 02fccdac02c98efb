#!/usr/bin/env python3
"""Time the media stage on the demo videos: a full run (empty cache), then a cached run.

    .venv/bin/python bench/videos.py [--videos content/videos] [--keep DIR]

Without the cache, every build would run ffmpeg on every video, as a plain `ffmpeg` loop in
a Makefile or CI script does: the full run is that cost. The cached run is what a build
costs when no video changed. Prints both, their ratio, and the size of every kind of output.
Wall-clock numbers depend on the machine's load; run it on a quiet machine to compare.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from generator.content.loader import load_content  # noqa: E402
from generator.output import Output  # noqa: E402
from generator.reporter import BufferReporter  # noqa: E402
from generator.videos import process as videos  # noqa: E402
from sitefactory import SITE_YAML, minimal_site, write_site  # noqa: E402

# The demo's videos block (content/site.yaml), so the bench does not depend on the rest of it.
DEMO_VIDEOS = """\
videos:
  intro: {source: intro.mp4}
  hero: {source: hero.mp4, vertical: hero-vertical.mp4}
  studio: {source: studio.mp4}
  piercing: {source: piercing.mp4}
  scroll_sequence: {source: scroll-sequence.mp4, start_frame: 541, end_frame: 628}
"""


def kind_of(url: str) -> str:
    if url.startswith("/images/scroll-sequence-vertical/"):
        return "frames, mobile"
    if url.startswith("/images/scroll-sequence/"):
        return "frames, desktop"
    if "-poster." in url:
        return "posters (JPEG + WebP)"
    return "videos (H.264 MP4)"


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (ffmpeg): steady under load."""
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run_stage(content, work: Path, cache: Path) -> tuple[float, float, videos.MediaOutputs, str]:
    out = work / f"out-{time.monotonic_ns()}"
    out.mkdir()
    reporter = BufferReporter()
    started, cpu = time.perf_counter(), cpu_seconds()
    media = videos.process_videos(content, Output(out), cache, reporter)
    return time.perf_counter() - started, cpu_seconds() - cpu, media, reporter.lines[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--videos", type=Path, default=ROOT / "content" / "videos")
    parser.add_argument("--keep", type=Path, help="keep the outputs in this folder")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="bench-videos-"))
    try:
        files = minimal_site()
        del files["videos/clip.mp4"]
        before, _, after = SITE_YAML.partition("videos:\n")
        files["site.yaml"] = before + DEMO_VIDEOS + after[after.index("credit:") :]
        sources = sorted(args.videos.glob("*.mp4"))
        files.update({f"videos/{p.name}": p.read_bytes() for p in sources})
        content = load_content(write_site(work / "content", files))
        cache = work / "cache"

        full, full_cpu, media, full_line = run_stage(content, work, cache)
        cached, cached_cpu, again, cached_line = run_stage(content, work, cache)
        assert again.files == media.files, "the cached run must publish the same files"

        print(
            f"sources: {len(sources)} videos, {sum(p.stat().st_size for p in sources) / 1e6:.2f} MB"
        )
        print(f"full media stage (empty cache):   {full:7.2f} s wall, {full_cpu:6.2f} s CPU")
        print(f"cached media stage (no changes):  {cached:7.2f} s wall, {cached_cpu:6.2f} s CPU")
        print(
            f"cached / full: {cached / full:.4f} wall, {cached_cpu / full_cpu:.4f} CPU "
            f"({full / cached:.0f}x faster)"
        )
        print(f"  [{full_line}]\n  [{cached_line}]")
        sizes: dict[str, list[int]] = defaultdict(list)
        for url, size in media.files.items():
            sizes[kind_of(url)].append(size)
        for kind, values in sorted(sizes.items()):
            print(
                f"  {kind:24} {len(values):4d} files  {sum(values) / 1e6:6.2f} MB  "
                f"(largest {max(values) / 1e3:.0f} kB)"
            )
        print(
            f"  {'total':24} {len(media.files):4d} files  {sum(media.files.values()) / 1e6:6.2f} MB"
        )
        if args.keep:
            shutil.copytree(work, args.keep, dirs_exist_ok=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
