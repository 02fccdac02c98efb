"""Making web media from one source video: H.264 renditions, posters and sequence frames.

Each maker is a pure function of (source bytes, parameters, settings, ffmpeg version) and
keeps its result in a cache folder named by the key of all of those (cache.cache_key), so an
unchanged video is never transcoded again; cache.make_entry builds each entry in a temporary
folder and renames it into place, so an interrupted build never leaves half an entry.
"""

from __future__ import annotations

import io
import json
import logging
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from PIL import Image

from ..cache import make_entry
from . import ffmpeg
from .ffmpeg import FfmpegError

log = logging.getLogger(__name__)

CACHE_VERSION = 1  # bump when the commands below change in a way the settings do not show
Box = tuple[int, int]


@dataclass(frozen=True)
class VideoSettings:
    """Every knob that changes an output; all of them are part of the cache key."""

    horizontal_box: Box = (1920, 1080)  # 1080p
    vertical_box: Box = (1080, 1920)
    crf: int = 26  # visually clean on a phone at a fraction of the camera's bitrate
    preset: str = "medium"
    max_fps: int = 30
    maxrate_kbps: int = 4000  # caps bitrate peaks so a phone on 4G keeps playing (VBV)
    keyframe_seconds: int = 2  # short GOPs: the hero seeks to 6 s without decoding far
    poster_jpeg_quality: int = 80
    poster_webp_quality: int = 75
    # Scroll-sequence frames (docs/videos.md#scroll-sequence-frames): the desktop set, the
    # phones' 1x set, and a denser one for phones of 1.5 device pixels per CSS pixel or more
    # (made only when the source has more pixels than the 1x set). Qualities chosen to keep
    # the demo's sets within the byte budgets of tests/test_videos.py (FRAME_BUDGETS).
    desktop_frame_box: Box = (1600, 900)
    mobile_frame_box: Box = (405, 720)  # a 9:16 source gives 404x720 (even sizes)
    mobile_dense_frame_box: Box = (720, 1280)
    frame_quality: int = 70
    dense_frame_quality: int = 75  # drawn up to 2x enlarged on a 3x phone: fewer blocks

    def key(self) -> str:
        return json.dumps([CACHE_VERSION, ffmpeg.version(), asdict(self)], sort_keys=True)


# --- geometry (pure) -------------------------------------------------------------------------


def even(value: float) -> int:
    """H.264 in 4:2:0 needs even sizes; round down, never below 2."""
    return max(2, int(value) // 2 * 2)


def fit_within(width: int, height: int, box: Box) -> tuple[int, int]:
    """The largest even size with the source's shape that fits box; never upscales."""
    scale = min(1.0, box[0] / width, box[1] / height)
    return even(round(width * scale, 6)), even(round(height * scale, 6))


def vertical_crop(width: int, height: int) -> tuple[int, int, int, int]:
    """The centred 9:16 window (w, h, x, y) of a picture, as a phone shows it full-screen."""
    if width * 16 > height * 9:  # wider than 9:16: keep the height
        w, h = even(height * 9 / 16), even(height)
    else:  # narrower: keep the width
        w, h = even(width), even(width * 16 / 9)
    return w, h, (width - w) // 2 // 2 * 2, (height - h) // 2 // 2 * 2


def tone_map(info: ffmpeg.VideoInfo) -> list[str]:
    """Filters that bring an HDR source to SDR BT.709, or none for an SDR one.

    Without them a phone's HDR recording comes out grey and washed out in 8-bit H.264.
    zscale (zimg) linearises, tonemap compresses the highlights, zscale re-encodes to BT.709:
    the recipe of ffmpeg's tonemap filter documentation.
    """
    if not info.hdr:
        return []
    return [
        "zscale=t=linear:npl=100",
        "format=gbrpf32le",
        "zscale=p=bt709",
        "tonemap=hable:desat=0",
        "zscale=t=bt709:m=bt709:r=tv",
    ]


# --- cache -----------------------------------------------------------------------------------


class Cache:
    """Finished entries under root/<kind>/<key>/ (made as ../cache.py makes every entry);
    `made` and `reused` count this run's entries for the stage's report."""

    def __init__(self, root: Path):
        self.root = root
        self.made = 0
        self.reused = 0

    def entry(self, kind: str, key: str, make: Callable[[Path], None]) -> Path:
        final = self.root / kind / key
        if make_entry(final, make):
            self.made += 1
        else:
            self.reused += 1
        return final


# --- makers ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rendition:
    """One web video: a source fitted into a layout's box, cut to 9:16 when crop is set."""

    layout: str  # "horizontal" | "vertical"
    crop: bool

    def filters(self, info: ffmpeg.VideoInfo, settings: VideoSettings) -> tuple[list[str], Box]:
        width, height = info.width, info.height
        chain = tone_map(info)
        if self.crop:
            w, h, x, y = vertical_crop(width, height)
            chain.append(f"crop={w}:{h}:{x}:{y}")
            width, height = w, h
        box = settings.horizontal_box if self.layout == "horizontal" else settings.vertical_box
        size = fit_within(width, height, box)
        chain += [f"scale={size[0]}:{size[1]}:flags=lanczos", "setsar=1", "format=yuv420p"]
        return chain, size


def transcode(
    source: Path,
    info: ffmpeg.VideoInfo,
    rendition: Rendition,
    settings: VideoSettings,
    folder: Path,
) -> None:
    """H.264 High, no audio/subtitles/metadata, moov first (plays before it has all loaded)."""
    chain, size = rendition.filters(info, settings)
    ffmpeg.run(
        [
            "-i",
            str(source),
            "-map",
            "0:v:0",
            "-an",
            "-sn",
            "-dn",
            "-map_metadata",
            "-1",
            "-map_chapters",
            "-1",
            "-vf",
            ",".join(chain),
            "-fpsmax",
            str(settings.max_fps),
            "-c:v",
            "libx264",
            "-preset",
            settings.preset,
            "-crf",
            str(settings.crf),
            "-profile:v",
            "high",
            "-level:v",
            "4.1",
            "-maxrate",
            f"{settings.maxrate_kbps}k",
            "-bufsize",
            f"{settings.maxrate_kbps * 2}k",
            "-force_key_frames",
            f"expr:gte(t,n_forced*{settings.keyframe_seconds})",
            "-movflags",
            "+faststart",
            "-f",
            "mp4",
            str(folder / "video.mp4"),
        ]
    )
    made = ffmpeg.probe(folder / "video.mp4")
    meta = {"width": made.width, "height": made.height, "duration": round(made.duration, 3)}
    (folder / "meta.json").write_text(json.dumps(meta))
    log.debug("transcoded %s (%s) to %sx%s", source, rendition, *size)


def poster(video: Path, at_seconds: float, settings: VideoSettings, folder: Path) -> None:
    """One frame of the web video, as JPEG (everywhere) and WebP (smaller)."""
    proc = ffmpeg.run(
        [
            "-ss",
            f"{at_seconds:.3f}",
            "-i",
            str(video),
            "-frames:v",
            "1",
            "-f",
            "image2pipe",
            "-c:v",
            "png",
            "-",
        ]
    )
    if not proc.stdout:
        raise FfmpegError(f"no frame at {at_seconds:.1f} s for the poster")
    with Image.open(io.BytesIO(proc.stdout)) as frame:
        picture = frame.convert("RGB")
    picture.save(
        folder / "poster.jpg",
        "JPEG",
        quality=settings.poster_jpeg_quality,
        progressive=True,
        optimize=True,
    )
    picture.save(folder / "poster.webp", "WEBP", quality=settings.poster_webp_quality, method=6)


def frames(
    source: Path,
    info: ffmpeg.VideoInfo,
    first: int,
    last: int,
    crop: bool,
    box: Box,
    quality: int,
    folder: Path,
) -> None:
    """Frames first..last (counted from 1) as progressive JPEGs named frame_00541.jpg.

    ffmpeg's own JPEG encoder writes baseline files only; progressive ones show a whole
    blurry frame early, so ffmpeg decodes to raw RGB and Pillow encodes.
    """
    chain, size = _frame_filters(info, first, last, crop, box)
    count = last - first + 1
    cmd = _raw_frames_command(source, chain, count)
    written, code, message = _save_frames(cmd, size, first, count, quality, folder)
    if code != 0:
        raise FfmpegError(ffmpeg.telling_line(message))
    if written < count:
        raise FfmpegError(f"gave {written} of the {count} frames {first}-{last}")
    (folder / "meta.json").write_text(json.dumps({"width": size[0], "height": size[1]}))


def frame_size(info: ffmpeg.VideoInfo, crop: bool, box: Box) -> Box:
    """The size of the frames `frames` makes of a source: its (9:16 cut) fitted into box."""
    width, height = info.width, info.height
    if crop:
        width, height = vertical_crop(width, height)[:2]
    return fit_within(width, height, box)


def _frame_filters(
    info: ffmpeg.VideoInfo, first: int, last: int, crop: bool, box: Box
) -> tuple[list[str], Box]:
    """ffmpeg's filters that pick, tone-map, crop and scale the frames; and their size."""
    chain = [f"select=between(n\\,{first - 1}\\,{last - 1})", *tone_map(info)]  # n from 0
    if crop:
        w, h, x, y = vertical_crop(info.width, info.height)
        chain.append(f"crop={w}:{h}:{x}:{y}")
    size = frame_size(info, crop, box)
    chain.append(f"scale={size[0]}:{size[1]}:flags=lanczos")
    return chain, size


def _raw_frames_command(source: Path, chain: list[str], count: int) -> list[str]:
    """ffmpeg decoding count frames of source through chain, as raw RGB on its stdout."""
    return [
        ffmpeg.ffmpeg_exe(),
        "-hide_banner",
        "-nostdin",
        "-v",
        "error",
        "-i",
        str(source),
        "-map",
        "0:v:0",
        "-vf",
        ",".join(chain),
        "-fps_mode",
        "passthrough",
        "-frames:v",
        str(count),
        "-f",
        "rawvideo",
        "-pix_fmt",
        "rgb24",
        "-",
    ]


def _save_frames(
    cmd: list[str], size: Box, first: int, count: int, quality: int, folder: Path
) -> tuple[int, int, str]:
    """Run cmd and save each raw frame it gives as a JPEG: (frames saved, exit code, stderr)."""
    frame_bytes = size[0] * size[1] * 3
    written = 0
    with tempfile.TemporaryFile() as errors:
        # Streamed frame by frame: 88 raw 1080p frames would be half a gigabyte in memory.
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=errors)
        assert proc.stdout is not None
        with proc.stdout:
            while written < count:
                data = proc.stdout.read(frame_bytes)
                if len(data) < frame_bytes:
                    break
                picture = Image.frombytes("RGB", size, data)
                picture.save(
                    folder / f"frame_{first + written:05d}.jpg",
                    "JPEG",
                    quality=quality,
                    progressive=True,
                    optimize=True,
                )
                written += 1
        code = proc.wait()
        errors.seek(0)
        message = errors.read().decode("utf-8", "replace")
    return written, code, message
