"""Stage: source videos -> web videos, posters and scroll-sequence frames.

Placeholder implementation from the Foundation issue: copies the sources as they are.
The media issue replaces it with ffmpeg transcoding, cropping, posters and frames; the
interface below (process_videos -> MediaOutputs.to_site_data()) is what the build uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from .content import Content
from .errors import Problem
from .output import Output
from .reporter import Reporter

PURPOSES = ("intro", "hero", "studio", "piercing")


@dataclass(frozen=True)
class MediaOutputs:
    site_data: dict

    def to_site_data(self) -> dict:
        return self.site_data


def check_sources(content: Content) -> list[Problem]:
    return []


def process_videos(content: Content, out: Output, cache_dir: Path, reporter: Reporter) -> MediaOutputs:
    videos = content.site.videos
    data: dict = {}
    copied: set[str] = set()
    for purpose in PURPOSES:
        files = getattr(videos, purpose)
        urls = {}
        for layout, name in (("horizontal", files.source), ("vertical", files.vertical or files.source)):
            if name not in copied:
                out.copy_file(f"videos/{name}", content.video_path(name))
                copied.add(name)
            urls[layout] = f"/videos/{quote(name)}"
        data[purpose] = urls
    seq = videos.scroll_sequence
    frame = {
        "imagePrefix": "frame_",
        "imageSuffix": ".jpg",
        "startFrame": seq.start_frame,
        "endFrame": seq.end_frame,
        "frameDigits": 5,
    }
    data["scrollSequence"] = {
        "desktop": {"imageFolder": "/images/scroll-sequence/", **frame},
        "mobile": {"imageFolder": "/images/scroll-sequence-vertical/", **frame},
    }
    return MediaOutputs(data)
