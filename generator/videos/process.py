"""Stage: source videos -> web videos, posters and scroll-sequence frames.

Editors commit one source per purpose (content/site.yaml, `videos:`); this stage makes
what the web needs and tells the app where it is (MediaOutputs.to_site_data), so the
front end never hard-codes a video name:

- per purpose a horizontal and a vertical H.264 MP4 (the vertical one cut to 9:16 from the
  source when the editor gives none), fast start, no audio, with a JPEG + WebP poster, all
  under /assets/video/ with a content hash in the name (served as immutable);
- the scroll-sequence frames at the spec's fixed names, /images/scroll-sequence/frame_00541.jpg
  (desktop) and /images/scroll-sequence-vertical/... (phones, 1x), and for phones of 1.5 device
  pixels per CSS pixel or more a denser set under /images/scroll-sequence-vertical/2x/ (same
  names), listed in the mobile config's `denser` for the app to choose (docs/videos.md).

The heavy lifting is in encode.py (cached by content hash + settings) and ffmpeg.py; the
sources are probed once, through probe.py, shared with the checks (checks.py).
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..cache import cache_key
from ..content.models import VIDEO_PURPOSES, ScrollSequence
from ..content.records import Content
from ..errors import ContentError, Problem
from ..files import file_digest, url_stem
from ..output import Output
from ..reporter import Reporter
from . import encode
from .encode import Box, Cache, Rendition, VideoSettings
from .ffmpeg import FfmpegError, VideoInfo
from .probe import VideoSources

log = logging.getLogger(__name__)

SEQUENCE_FOLDERS = {
    "desktop": "images/scroll-sequence",
    "mobile": "images/scroll-sequence-vertical",
}
FRAME_PREFIX, FRAME_SUFFIX, FRAME_DIGITS = "frame_", ".jpg", 5  # docs/product.md#calls
# The phones' denser set: its density (device pixels per CSS pixel it is made for) and its
# folder inside the 1x one, so every frame stays under the spec's /images/scroll-sequence-vertical/.
DENSE_DENSITY = 2
DENSE_FOLDER = "2x"
# The hero starts playing at 6 s (docs/product.md#home), so its poster shows that moment;
# the others show 1 s in (past a fade from black).
POSTER_SECONDS = {"hero": 6.0}
DEFAULT_POSTER_SECONDS = 1.0
DEFAULT_SETTINGS = VideoSettings()


@dataclass(frozen=True)
class MediaOutputs:
    site_data: dict
    files: dict[str, int] = field(default_factory=dict)  # URL -> bytes, for reports and tests

    def to_site_data(self) -> dict:
        return self.site_data


class _Publisher:
    """Links cache entries into the output under hashed names, each file once (a finished
    entry is never changed in place: output.Output.link_file)."""

    def __init__(self, out: Output):
        self.out = out
        self.files: dict[str, int] = {}

    def hashed(self, cached: Path, stem: str, suffix: str) -> str:
        url = f"/assets/video/{stem}.{file_digest(cached)[:10]}{suffix}"
        self.fixed(cached, url)
        return url

    def fixed(self, cached: Path, url: str) -> None:
        if url not in self.files:  # two purposes sharing one source share its files
            self.out.link_file(url, str(cached))
            self.files[url] = cached.stat().st_size


def process_videos(
    content: Content,
    out: Output,
    cache_dir: Path,
    reporter: Reporter,
    settings: VideoSettings = DEFAULT_SETTINGS,
    sources: VideoSources | None = None,
) -> MediaOutputs:
    """Make every web video, poster and frame; raise ContentError naming each bad file.

    The sources were checked before (checks.py, a hero too short for its start included),
    but a video that still fails to convert is named as a content problem, never a traceback.
    """
    stage = _VideoStage(content, out, cache_dir, reporter, settings, sources)
    started = time.perf_counter()
    with reporter.progress("videos", len(VIDEO_PURPOSES) + 1) as ticker:
        data: dict = {}
        for purpose in VIDEO_PURPOSES:
            data[purpose] = stage.purpose(purpose)
            ticker.advance()
        data["scrollSequence"] = stage.sequence(content.site.videos.scroll_sequence)
        ticker.advance()
    files = stage.publish.files
    reporter.info(
        f"videos: {stage.cache.made} made, {stage.cache.reused} reused, {len(files)} files, "
        f"{sum(files.values()) / 1e6:.1f} MB in {time.perf_counter() - started:.1f}s"
    )
    return MediaOutputs(data, dict(files))


class _VideoStage:
    def __init__(
        self,
        content: Content,
        out: Output,
        cache_dir: Path,
        reporter: Reporter,
        settings: VideoSettings,
        sources: VideoSources | None,
    ):
        self.content = content
        self.reporter = reporter
        self.settings = settings
        self.sources = sources or VideoSources(content.root / "videos", cache_dir)
        self.cache = Cache(cache_dir)
        self.publish = _Publisher(out)

    def problem(self, name: str, message: str) -> ContentError:
        shown = self.content.findings.shown(self.content.video_path(name))
        return ContentError([Problem(shown, None, None, message)])

    def probe(self, name: str) -> VideoInfo:
        try:
            return self.sources.probe(name)
        except FfmpegError as exc:
            raise self.problem(name, f"could not be converted (ffmpeg: {exc})") from None

    def purpose(self, purpose: str) -> dict:
        """The horizontal and vertical video of one purpose, with their posters."""
        files = getattr(self.content.site.videos, purpose)
        at = POSTER_SECONDS.get(purpose, DEFAULT_POSTER_SECONDS)
        entry: dict = {"horizontal": "", "vertical": "", "poster": {}, "duration": 0.0}
        for layout, name, crop in (
            ("horizontal", files.source, False),
            ("vertical", files.vertical or files.source, files.vertical is None),
        ):
            made = self.rendition(name, Rendition(layout, crop), at)
            entry[layout] = made["video"]
            entry["poster"][layout] = made["poster"]
            if layout == "horizontal":
                entry["duration"] = made["duration"]
        return entry

    def rendition(self, name: str, rendition: Rendition, poster_at: float) -> dict:
        info = self.probe(name)
        settings = self.settings
        key = cache_key(
            "video", self.sources.hash(name), rendition.layout, rendition.crop, settings.key()
        )
        made_before, started = self.cache.made, time.perf_counter()
        try:
            folder = self.cache.entry(
                "video",
                key,
                lambda work: encode.transcode(
                    self.sources.path(name), info, rendition, settings, work
                ),
            )
            meta = json.loads((folder / "meta.json").read_text())
            # Never past the end: a clip too short for the usual moment shows its middle frame.
            at = poster_at if poster_at < meta["duration"] - 0.1 else meta["duration"] / 2
            poster_key = cache_key("poster", key, round(at, 3), settings.key())
            poster = self.cache.entry(
                "poster",
                poster_key,
                lambda work: encode.poster(folder / "video.mp4", at, settings, work),
            )
        except FfmpegError as exc:
            raise self.problem(name, f"could not be converted (ffmpeg: {exc})") from None
        if self.cache.made > made_before:
            self.reporter.info(
                f"videos: made {name} {rendition.layout} {meta['width']}x{meta['height']} "
                f"({(folder / 'video.mp4').stat().st_size / 1e6:.2f} MB) in "
                f"{time.perf_counter() - started:.1f}s"
            )
        stem = url_stem(name, "video")
        if not stem.endswith(rendition.layout):  # hero-vertical.mp4 -> hero-vertical.<hash>.mp4
            stem = f"{stem}-{rendition.layout}"
        return {
            "video": self.publish.hashed(folder / "video.mp4", stem, ".mp4"),
            "poster": {
                "jpeg": self.publish.hashed(poster / "poster.jpg", f"{stem}-poster", ".jpg"),
                "webp": self.publish.hashed(poster / "poster.webp", f"{stem}-poster", ".webp"),
                "width": meta["width"],
                "height": meta["height"],
            },
            "duration": meta["duration"],
        }

    def sequence(self, seq: ScrollSequence) -> dict:
        """Frames start..end of each layout at the fixed names, and the app's config for them."""
        settings = self.settings
        desktop = _FrameSet("desktop", seq.source, False, settings.desktop_frame_box)
        mobile = _FrameSet(
            "mobile", seq.vertical or seq.source, seq.vertical is None, settings.mobile_frame_box
        )
        config: dict = {}
        for frame_set in (desktop, mobile):
            made = self.frames(seq, frame_set, settings.frame_quality)
            config[frame_set.layout] = {
                "imageFolder": made["imageFolder"],
                "imagePrefix": FRAME_PREFIX,
                "imageSuffix": FRAME_SUFFIX,
                "startFrame": seq.start_frame,
                "endFrame": seq.end_frame,
                "frameDigits": FRAME_DIGITS,
                "width": made["width"],
                "height": made["height"],
            }
        # Phones of 2x and 3x draw the 1x frames enlarged: a denser set, when the source has
        # more pixels than the 1x set (a 720p landscape source cut to 9:16 has not).
        dense = _FrameSet(
            "mobile", mobile.name, mobile.crop, settings.mobile_dense_frame_box, DENSE_FOLDER
        )
        info = self.probe(mobile.name)
        if encode.frame_size(info, dense.crop, dense.box)[0] > config["mobile"]["width"]:
            made = self.frames(seq, dense, settings.dense_frame_quality)
            config["mobile"]["denser"] = [{"density": DENSE_DENSITY, **made}]
        return config

    def frames(self, seq: ScrollSequence, frame_set: _FrameSet, quality: int) -> dict:
        """One set of frames, made (or reused) and published: its folder URL and frame size."""
        name, crop, box = frame_set.name, frame_set.crop, frame_set.box
        info = self.probe(name)
        key = cache_key(
            "frames",
            self.sources.hash(name),
            seq.start_frame,
            seq.end_frame,
            crop,
            box,
            quality,
            self.settings.key(),
        )
        made_before, started = self.cache.made, time.perf_counter()
        try:
            folder = self.cache.entry(
                "frames",
                key,
                lambda work: encode.frames(
                    self.sources.path(name),
                    info,
                    seq.start_frame,
                    seq.end_frame,
                    crop,
                    box,
                    quality,
                    work,
                ),
            )
        except FfmpegError as exc:
            raise self.problem(name, f"frames could not be extracted (ffmpeg: {exc})") from None
        meta = json.loads((folder / "meta.json").read_text())
        folder_url = frame_set.url()
        published = 0
        for number in range(seq.start_frame, seq.end_frame + 1):
            file_name = f"{FRAME_PREFIX}{number:0{FRAME_DIGITS}d}{FRAME_SUFFIX}"
            self.publish.fixed(folder / file_name, folder_url + file_name)
            published += self.publish.files[folder_url + file_name]
        if self.cache.made > made_before:
            self.reporter.info(
                f"videos: made {seq.end_frame - seq.start_frame + 1} {frame_set.label} frames "
                f"{meta['width']}x{meta['height']} ({published / 1e6:.2f} MB) from {name} "
                f"in {time.perf_counter() - started:.1f}s"
            )
        return {"imageFolder": folder_url, "width": meta["width"], "height": meta["height"]}


@dataclass(frozen=True)
class _FrameSet:
    """One set of scroll-sequence frames: a layout's source (cut to 9:16 when crop is set)
    fitted into box, published in the layout's folder or a subfolder of it."""

    layout: str  # "desktop" | "mobile"
    name: str
    crop: bool
    box: Box
    subfolder: str = ""

    @property
    def label(self) -> str:
        return f"{self.layout} {self.subfolder}" if self.subfolder else self.layout

    def url(self) -> str:
        folder = f"/{SEQUENCE_FOLDERS[self.layout]}/"
        return f"{folder}{self.subfolder}/" if self.subfolder else folder
