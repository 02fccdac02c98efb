"""The videos' own rules, checked in the gather phase (pipeline.gather), before anything is
written: each source is readable, the scroll sequence's sources hold enough frames, and the
hero is long enough for the moment the site starts it at (a warning). The checks of every
content file (content/validate.py) run first and hand over the videos that are there; the
sources are probed once (probe.VideoSources), and the video stage reuses what was found."""

from __future__ import annotations

from ..content.records import Content, FileRef
from ..content.yamlfile import line_of
from .ffmpeg import FfmpegError, NotAVideo
from .probe import VideoSources

# The hero starts playing at 6 s (docs/product.md#home): a shorter clip ends as it starts.
HERO_MIN_SECONDS = 8.0


def check_videos(content: Content, present: list[FileRef], videos: VideoSources) -> None:
    """Record in content what is wrong with the videos of `present` (photos are skipped)."""
    readable = {ref.name for ref in present if ref.is_video} - _unreadable(content, present, videos)
    if content.site is None:
        return
    _check_frames(content, readable, videos)
    _check_hero_length(content, readable, videos)


def _unreadable(content: Content, present: list[FileRef], videos: VideoSources) -> set[str]:
    """The videos ffmpeg cannot read, each named once as a problem."""
    unreadable: set[str] = set()
    for ref in present:
        if not ref.is_video or ref.name in unreadable or ref.name in videos.infos:
            continue
        try:
            videos.probe(ref.name)
        except NotAVideo as exc:
            content.findings.add(content.path_of(ref), None, None, str(exc))
            unreadable.add(ref.name)
        except FfmpegError as exc:
            content.findings.add(
                content.path_of(ref),
                None,
                None,
                f"not a readable video (ffmpeg: {exc}); export it again as an MP4 (H.264)",
            )
            unreadable.add(ref.name)
    return unreadable


def _check_frames(content: Content, readable: set[str], videos: VideoSources) -> None:
    """The scroll sequence's sources hold frames start..end."""
    seq = content.site.videos.scroll_sequence
    for key, name in (("source", seq.source), ("vertical", seq.vertical)):
        if not name or name not in readable:
            continue
        frames = videos.count_frames(name)
        if frames < seq.end_frame:
            info = videos.probe(name)
            loc = ("videos", "scroll_sequence", "end_frame")
            content.findings.add(
                content.root / "site.yaml",
                line_of(content.site_lines, loc),
                "videos.scroll_sequence.end_frame",
                f"'{name}' ({key}) has only {frames} frames ({info.duration:.1f} s at "
                f"{info.fps:g} fps), too few for frames {seq.start_frame}-{seq.end_frame}; "
                "use a longer video or a lower end_frame",
            )


def _check_hero_length(content: Content, readable: set[str], videos: VideoSources) -> None:
    """A warning: the site still builds, but the hero ends where it should start."""
    name = content.site.videos.hero.source
    if name not in readable:
        return
    duration = videos.probe(name).duration
    if duration < HERO_MIN_SECONDS:
        content.findings.warn(
            content.video_path(name),
            None,
            None,
            f"is {duration:.1f} s long; the site starts the hero at 6 s, "
            f"so give it at least {HERO_MIN_SECONDS:g} s",
        )
