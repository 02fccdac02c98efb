"""What the source videos are: size, length, frame rate, frame count, each found out once.

Probing a video runs ffmpeg, and counting frames decodes the whole file, so results are kept
by the source's content hash in the media cache (when the caller gives one). The validator
and the video stage share one `VideoSources`, so a build probes each source once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ..files import atomic_write_json, file_digest
from . import ffmpeg
from .ffmpeg import VideoInfo

PROBE_CACHE_VERSION = 2  # bump when what ffmpeg.probe or count_frames report changes


class VideoSources:
    """The videos of one content folder, probed on demand and remembered."""

    def __init__(self, folder: Path, cache: Path | None = None):
        self.folder = folder
        self.cache = cache
        self.infos: dict[str, VideoInfo] = {}
        self.hashes: dict[str, str] = {}
        self.frame_counts: dict[str, int] = {}

    def path(self, name: str) -> Path:
        return self.folder / name

    def hash(self, name: str) -> str:
        if name not in self.hashes:
            self.hashes[name] = file_digest(self.path(name))
        return self.hashes[name]

    def probe(self, name: str) -> VideoInfo:
        """Size, length and frame rate; raises ffmpeg.FfmpegError (NotAVideo) when unreadable."""
        if name not in self.infos:
            raw = self._cached("probe", name, lambda: asdict(ffmpeg.probe(self.path(name))))
            self.infos[name] = VideoInfo(**raw)
        return self.infos[name]

    def count_frames(self, name: str) -> int:
        if name not in self.frame_counts:
            counted = self._cached(
                "frame-count", name, lambda: ffmpeg.count_frames(self.path(name))
            )
            self.frame_counts[name] = int(counted)
        return self.frame_counts[name]

    def _cached(self, kind: str, name: str, compute: Callable[[], Any]) -> Any:
        """A result by source hash; a failed probe is not kept (the editor will fix it)."""
        if self.cache is None:
            return compute()
        path = self.cache / kind / f"{self.hash(name)}.v{PROBE_CACHE_VERSION}.json"
        try:
            return json.loads(path.read_text())
        except (OSError, ValueError):
            pass  # not there yet, or left half-written by an interrupted build
        value = compute()
        atomic_write_json(path, value)
        return value
