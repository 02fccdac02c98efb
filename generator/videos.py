"""Stage: source videos -> web videos, posters and scroll-sequence frames.

Editors commit one source per purpose (content/site.yaml, `videos:`); this stage makes
what the web needs and tells the app where it is (MediaOutputs.to_site_data), so the
front end never hard-codes a video name:

- per purpose a horizontal and a vertical H.264 MP4 (the vertical one cut to 9:16 from the
  source when the editor gives none), fast start, no audio, with a JPEG + WebP poster, all
  under /assets/video/ with a content hash in the name (served as immutable);
- the scroll-sequence frames at the spec's fixed names, /images/scroll-sequence/frame_00541.jpg
  (desktop) and /images/scroll-sequence-vertical/... (mobile).

The heavy lifting is in videoencode.py (cached by content hash + settings) and ffmpeg.py.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import ffmpeg, videoencode
from .content import Content
from .errors import ContentError, Problem
from .ffmpeg import FfmpegError, NotAVideo, VideoInfo
from .output import Output
from .reporter import Reporter
from .videoencode import Cache, Rendition, VideoSettings
from .yamlfile import YamlSyntaxError, line_of, load_yaml

log = logging.getLogger(__name__)

PURPOSES = ("intro", "hero", "studio", "piercing")
SEQUENCE_FOLDERS = {
    "desktop": "images/scroll-sequence",
    "mobile": "images/scroll-sequence-vertical",
}
FRAME_PREFIX, FRAME_SUFFIX, FRAME_DIGITS = "frame_", ".jpg", 5  # SPEC section 7
# SPEC: the hero starts playing at 6 s, so its poster shows that moment; the others show
# 1 s in (past a fade from black).
POSTER_SECONDS = {"hero": 6.0}
DEFAULT_POSTER_SECONDS = 1.0
HERO_MIN_SECONDS = 8.0
DEFAULT_SETTINGS = VideoSettings()


@dataclass(frozen=True)
class MediaOutputs:
    site_data: dict
    files: dict[str, int] = field(default_factory=dict)  # URL -> bytes, for reports and tests

    def to_site_data(self) -> dict:
        return self.site_data


# --- validation ------------------------------------------------------------------------------


class _Sources:
    """The referenced video files, probed once each (through the cache when there is one)."""

    def __init__(self, content: Content, cache: Path | None = None):
        self.content = content
        self.cache = cache
        self.infos: dict[str, VideoInfo] = {}
        self.hashes: dict[str, str] = {}
        self.frame_counts: dict[str, int] = {}

    def shown(self, name: str) -> str:
        return f"{self.content.root.as_posix()}/videos/{name}"

    def path(self, name: str) -> Path:
        return self.content.video_path(name)

    def hash(self, name: str) -> str:
        if name not in self.hashes:
            self.hashes[name] = videoencode.file_hash(self.path(name))
        return self.hashes[name]

    def probe(self, name: str) -> VideoInfo:
        if name not in self.infos:
            self.infos[name] = self._cached("probe", name, lambda: ffmpeg.probe(self.path(name)))
        return self.infos[name]

    def count_frames(self, name: str) -> int:
        if name not in self.frame_counts:
            self.frame_counts[name] = self._cached(
                "frame-count", name, lambda: ffmpeg.count_frames(self.path(name))
            )
        return self.frame_counts[name]

    def _cached(self, kind: str, name: str, compute):  # noqa: ANN001, ANN202
        if self.cache is None:
            return compute()
        path = self.cache / kind / f"{self.hash(name)}.json"
        if path.is_file():
            value = json.loads(path.read_text())
            return VideoInfo(**value) if kind == "probe" else value
        value = compute()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value.__dict__ if kind == "probe" else value))
        return value


def referenced(content: Content) -> list[tuple[str, str]]:
    """(site.yaml field, file name) for every video the site uses, in site.yaml order."""
    videos = content.site.videos
    refs = []
    for purpose in (*PURPOSES, "scroll_sequence"):
        files = getattr(videos, purpose)
        for key in ("source", "vertical"):
            if getattr(files, key):
                refs.append((f"videos.{purpose}.{key}", getattr(files, key)))
    return refs


def _validate(sources: _Sources) -> list[Problem]:
    content = sources.content
    problems: list[Problem] = []
    unreadable: set[str] = set()
    for _, name in referenced(content):
        if name in unreadable or name in sources.infos or not sources.path(name).is_file():
            continue  # a missing file is reported by content.py with its site.yaml line
        try:
            sources.probe(name)
        except NotAVideo as exc:
            problems.append(Problem(sources.shown(name), None, None, str(exc)))
            unreadable.add(name)
        except FfmpegError as exc:
            problems.append(
                Problem(
                    sources.shown(name),
                    None,
                    None,
                    f"not a readable video (ffmpeg: {exc}); export it again as an MP4 (H.264)",
                )
            )
            unreadable.add(name)
    seq = content.site.videos.scroll_sequence
    lines = _site_lines(content)
    for key, name in (("source", seq.source), ("vertical", seq.vertical)):
        if not name or name in unreadable or not sources.path(name).is_file():
            continue
        frames = sources.count_frames(name)
        if frames < seq.end_frame:
            info = sources.probe(name)
            loc = ("videos", "scroll_sequence", "end_frame")
            problems.append(
                Problem(
                    f"{content.root.as_posix()}/site.yaml",
                    line_of(lines, loc),
                    "videos.scroll_sequence.end_frame",
                    f"'{name}' ({key}) has only {frames} frames ({info.duration:.1f} s at "
                    f"{info.fps:g} fps), too few for frames {seq.start_frame}-{seq.end_frame}; "
                    "use a longer video or a lower end_frame",
                )
            )
    return problems


def _site_lines(content: Content) -> dict:
    try:
        return load_yaml((content.root / "site.yaml").read_text(encoding="utf-8"))[1]
    except (OSError, UnicodeDecodeError, YamlSyntaxError):
        return {}  # content.py has already read it; this only finds line numbers


def check_sources(content: Content) -> list[Problem]:
    """Cheap checks for `build.py check`: every video opens, the sequence is long enough."""
    return _validate(_Sources(content))


# --- building --------------------------------------------------------------------------------


def _url_stem(name: str) -> str:
    stem = re.sub(r"[^a-z0-9]+", "-", Path(name).stem.lower()).strip("-")
    return stem or "video"


def _content_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:10]


class _Publisher:
    """Copies cache entries into the output under hashed names, each file once."""

    def __init__(self, out: Output):
        self.out = out
        self.files: dict[str, int] = {}

    def hashed(self, cached: Path, stem: str, suffix: str) -> str:
        url = f"/assets/video/{stem}.{_content_hash(cached)}{suffix}"
        self.fixed(cached, url)
        return url

    def fixed(self, cached: Path, url: str) -> None:
        if url not in self.files:  # two purposes sharing one source share its files
            self.out.copy_file(url, cached)
            self.files[url] = cached.stat().st_size


def process_videos(
    content: Content,
    out: Output,
    cache_dir: Path,
    reporter: Reporter,
    settings: VideoSettings = DEFAULT_SETTINGS,
) -> MediaOutputs:
    """Make every web video, poster and frame; raise ContentError naming each bad file."""
    started = time.perf_counter()
    sources = _Sources(content, cache_dir)
    problems = _validate(sources)
    if problems:
        raise ContentError(problems)
    cache = Cache(cache_dir)
    publish = _Publisher(out)
    videos = content.site.videos
    data: dict = {}
    seq = videos.scroll_sequence
    with reporter.progress("videos", len(PURPOSES) + 1) as ticker:
        for purpose in PURPOSES:
            files = getattr(videos, purpose)
            info = sources.probe(files.source)
            if purpose == "hero" and info.duration < HERO_MIN_SECONDS:
                reporter.warning(
                    Problem(
                        sources.shown(files.source),
                        None,
                        None,
                        f"is {info.duration:.1f} s long; the site starts the hero at 6 s, "
                        f"so give it at least {HERO_MIN_SECONDS:g} s",
                    )
                )
            at = POSTER_SECONDS.get(purpose, DEFAULT_POSTER_SECONDS)
            entry: dict = {"horizontal": "", "vertical": "", "poster": {}, "duration": 0.0}
            for layout, name, crop in (
                ("horizontal", files.source, False),
                ("vertical", files.vertical or files.source, files.vertical is None),
            ):
                made = _rendition(
                    sources, cache, publish, settings, name, Rendition(layout, crop), at
                )
                entry[layout] = made["video"]
                entry["poster"][layout] = made["poster"]
                if layout == "horizontal":
                    entry["duration"] = made["duration"]
            data[purpose] = entry
            ticker.advance()
        data["scrollSequence"] = _sequence(sources, cache, publish, settings, seq)
        ticker.advance()
    total = sum(publish.files.values())
    reporter.info(
        f"videos: {cache.made} made, {cache.reused} reused, {len(publish.files)} files, "
        f"{total / 1e6:.1f} MB in {time.perf_counter() - started:.1f}s"
    )
    return MediaOutputs(data, dict(publish.files))


def _rendition(
    sources: _Sources,
    cache: Cache,
    publish: _Publisher,
    settings: VideoSettings,
    name: str,
    rendition: Rendition,
    poster_at: float,
) -> dict:
    info = sources.probe(name)
    key = videoencode.cache_key(
        "video", sources.hash(name), rendition.layout, rendition.crop, settings.key()
    )
    try:
        folder = cache.entry(
            "video",
            key,
            lambda work: videoencode.transcode(sources.path(name), info, rendition, settings, work),
        )
        meta = json.loads((folder / "meta.json").read_text())
        # Never past the end: a clip too short for the usual moment shows its middle frame.
        at = poster_at if poster_at < meta["duration"] - 0.1 else meta["duration"] / 2
        poster_key = videoencode.cache_key("poster", key, round(at, 3), settings.key())
        poster = cache.entry(
            "poster",
            poster_key,
            lambda work: videoencode.poster(folder / "video.mp4", at, settings, work),
        )
    except FfmpegError as exc:
        raise ContentError(
            [Problem(sources.shown(name), None, None, f"could not be converted (ffmpeg: {exc})")]
        ) from None
    stem = _url_stem(name)
    if not stem.endswith(rendition.layout):  # hero-vertical.mp4 -> hero-vertical.<hash>.mp4
        stem = f"{stem}-{rendition.layout}"
    return {
        "video": publish.hashed(folder / "video.mp4", stem, ".mp4"),
        "poster": {
            "jpeg": publish.hashed(poster / "poster.jpg", f"{stem}-poster", ".jpg"),
            "webp": publish.hashed(poster / "poster.webp", f"{stem}-poster", ".webp"),
            "width": meta["width"],
            "height": meta["height"],
        },
        "duration": meta["duration"],
    }


def _sequence(
    sources: _Sources, cache: Cache, publish: _Publisher, settings: VideoSettings, seq
) -> dict:  # noqa: ANN001
    config: dict = {}
    layouts = (
        ("desktop", seq.source, False, settings.desktop_frame_box),
        ("mobile", seq.vertical or seq.source, seq.vertical is None, settings.mobile_frame_box),
    )
    for layout, name, crop, box in layouts:
        info = sources.probe(name)
        key = videoencode.cache_key(
            "frames", sources.hash(name), seq.start_frame, seq.end_frame, crop, box, settings.key()
        )
        try:
            folder = cache.entry(
                "frames",
                key,
                lambda work, name=name, info=info, crop=crop, box=box: videoencode.frames(
                    sources.path(name),
                    info,
                    seq.start_frame,
                    seq.end_frame,
                    crop,
                    box,
                    settings.frame_quality,
                    work,
                ),
            )
        except FfmpegError as exc:
            raise ContentError(
                [
                    Problem(
                        sources.shown(name),
                        None,
                        None,
                        f"frames could not be extracted (ffmpeg: {exc})",
                    )
                ]
            ) from None
        meta = json.loads((folder / "meta.json").read_text())
        folder_url = f"/{SEQUENCE_FOLDERS[layout]}/"
        for number in range(seq.start_frame, seq.end_frame + 1):
            file_name = f"{FRAME_PREFIX}{number:0{FRAME_DIGITS}d}{FRAME_SUFFIX}"
            publish.fixed(folder / file_name, folder_url + file_name)
        config[layout] = {
            "imageFolder": folder_url,
            "imagePrefix": FRAME_PREFIX,
            "imageSuffix": FRAME_SUFFIX,
            "startFrame": seq.start_frame,
            "endFrame": seq.end_frame,
            "frameDigits": FRAME_DIGITS,
            "width": meta["width"],
            "height": meta["height"],
        }
    return config
