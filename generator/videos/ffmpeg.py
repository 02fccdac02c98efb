"""The ffmpeg binary shipped by the imageio-ffmpeg wheel: running it and reading what it says.

There is no ffprobe in that wheel, so a source is probed by parsing the stream summary that
`ffmpeg -i FILE` prints on stderr (stable across ffmpeg releases for the fields used here),
and its exact frame count comes from a stream copy to the null muxer (no decoding). The
probe copies the video stream to the null muxer too: reading every packet, without decoding,
is what shows a file cut short (its header still announces the full length).
"""

from __future__ import annotations

import functools
import logging
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ..errors import BuildError

log = logging.getLogger(__name__)

_DURATION_RE = re.compile(r"Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)")
_STREAM_RE = re.compile(r"^\s*Stream #\d+:\d+\S*: (Video|Audio|Subtitle|Data): (\w+)(.*)$", re.M)
_SIZE_RE = re.compile(r", (\d{2,5})x(\d{2,5})[ ,]")
_FPS_RE = re.compile(r", (\d+(?:\.\d+)?)(k?) (?:fps|tbr)")
_ROTATION_RE = re.compile(r"(?:rotation of|rotate\s*:)\s*(-?\d+(?:\.\d+)?)")
_FRAMES_RE = re.compile(r"frame=\s*(\d+)")
_TIME_RE = re.compile(r" time=(\d+):(\d\d):(\d\d(?:\.\d+)?) ")
_PREFIX_RE = re.compile(r"^\[[^\]]+ @ 0x[0-9a-f]+\] ")
HDR_TRANSFERS = ("smpte2084", "arib-std-b67")  # PQ (HDR10, Dolby Vision) and HLG
STILL_CODECS = {"mjpeg", "png", "webp", "bmp", "tiff", "gif", "jpegls", "jpeg2000", "apng"}


class FfmpegError(Exception):
    """ffmpeg refused a file or failed; the message is its most telling line."""


class NotAVideo(FfmpegError):
    """ffmpeg opened the file, but it holds no moving picture; the message says what it is."""


class CutShort(NotAVideo):
    """The file ends before the video does (a partial copy, an interrupted upload)."""


MSG_NO_INDEX = (
    "is cut short: its index (the 'moov atom') is missing, as in a partial copy or an "
    "interrupted upload; copy or export it again"
)
# A video stream may end a little before the container's duration (audio runs on), so a
# file counts as cut short only past this much missing (and for MP4/MOV, when the demuxer
# itself says "partial file").
MISSING_TOLERANCE_S = 1.0
MISSING_TOLERANCE_SHARE = 0.05


def msg_cut_short(seconds: float, duration: float) -> str:
    return (
        f"is cut short: it holds {seconds:.1f} s of the {duration:.1f} s its header announces "
        "(a partial copy or an interrupted upload); copy or export it again"
    )


@dataclass(frozen=True)
class VideoInfo:
    """What a source holds, as a person watching it would see it (rotation applied)."""

    codec: str
    width: int
    height: int
    duration: float
    fps: float
    has_audio: bool
    hdr: bool = False  # PQ or HLG transfer (phones record HDR by default)

    @property
    def landscape(self) -> bool:
        return self.width >= self.height


@functools.cache
def ffmpeg_exe() -> str:
    try:
        import imageio_ffmpeg

        return imageio_ffmpeg.get_ffmpeg_exe()
    except Exception as exc:
        raise BuildError(f"ffmpeg is not available ({exc}); run `make install`") from None


def run(args: list[str], stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """Run ffmpeg quietly; raise FfmpegError with its last error line when it fails."""
    cmd = [ffmpeg_exe(), "-hide_banner", "-nostdin", "-y", *args]
    log.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, input=stdin, capture_output=True)
    if proc.returncode != 0:
        raise FfmpegError(telling_line(proc.stderr.decode("utf-8", "replace")))
    return proc


def telling_line(stderr: str) -> str:
    """The line of ffmpeg's output that best says what went wrong."""
    lines = [_PREFIX_RE.sub("", line).strip() for line in stderr.splitlines()]
    for line in reversed(lines):
        if line.startswith("Error opening input:"):
            return line.removeprefix("Error opening input:").strip()
    noise = (
        "Error opening input file",
        "Error opening input files",
        "misdetection possible",
        "Conversion failed",
        "At least one output file",
    )
    useful = [line for line in lines if line and not any(n in line for n in noise)]
    return useful[-1] if useful else "ffmpeg failed without saying why"


def probe(path: Path) -> VideoInfo:
    """Read codec, shown size, duration, frame rate and audio presence from `ffmpeg -i`, and
    read every video packet (a stream copy, nothing decoded) to be sure none is missing."""
    cmd = [ffmpeg_exe(), "-hide_banner", "-nostdin", "-i", str(path)]
    cmd += ["-map", "0:v:0?", "-c", "copy", "-f", "null", "-"]
    stderr = subprocess.run(cmd, capture_output=True).stderr.decode("utf-8", "replace")
    if "Input #0" not in stderr:
        if "moov atom not found" in stderr and _starts_like_mp4(path):
            raise CutShort(MSG_NO_INDEX)  # an MP4 whose index, written last, never arrived
        raise FfmpegError(telling_line(stderr))
    info = parse_probe(stderr)
    check_whole(stderr, info.duration)
    return info


def _starts_like_mp4(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(8)[4:8] == b"ftyp"
    except OSError:
        return False


def check_whole(stderr: str, duration: float) -> None:
    """Raise CutShort when the packets read end well before the announced duration."""
    times = _TIME_RE.findall(stderr)
    read = int(times[-1][0]) * 3600 + int(times[-1][1]) * 60 + float(times[-1][2]) if times else 0
    missing = duration - read
    tolerance = max(MISSING_TOLERANCE_S, MISSING_TOLERANCE_SHARE * duration)
    if "partial file" in stderr or missing > tolerance:
        raise CutShort(msg_cut_short(min(read, duration), duration))


def parse_probe(stderr: str) -> VideoInfo:
    """Parse the `ffmpeg -i` summary; raise FfmpegError when it shows no usable video."""
    streams = _STREAM_RE.findall(stderr)
    video = next((s for s in streams if s[0] == "Video"), None)
    if video is None:
        kinds = sorted({s[0].lower() for s in streams}) or ["nothing"]
        raise NotAVideo(f"has no video stream (it holds {', '.join(kinds)})")
    _, codec, details = video
    size = _SIZE_RE.search(details + ",")
    if size is None:
        raise NotAVideo("has a video stream without a picture size")
    width, height = int(size.group(1)), int(size.group(2))
    duration_match = _DURATION_RE.search(stderr)
    if duration_match is None:
        if codec in STILL_CODECS:
            raise NotAVideo(f"is a still image ({codec}), not a video")
        raise NotAVideo("has no known duration (is it a still image?)")
    h, m, s = duration_match.groups()
    duration = int(h) * 3600 + int(m) * 60 + float(s)
    fps_match = _FPS_RE.search(details)
    fps = (
        float(fps_match.group(1)) * (1000 if fps_match and fps_match.group(2) else 1)
        if fps_match
        else 0.0
    )
    # Rotation metadata (phones) is applied when decoding: a quarter turn swaps the shown size.
    block = stderr[stderr.find(details) :]
    next_stream = block.find("Stream #", 1)
    rotation = _ROTATION_RE.search(block if next_stream < 0 else block[:next_stream])
    if rotation and round(abs(float(rotation.group(1)))) % 180 == 90:
        width, height = height, width
    hdr = any(curve in details for curve in HDR_TRANSFERS)
    has_audio = any(s[0] == "Audio" for s in streams)
    return VideoInfo(codec, width, height, duration, fps, has_audio, hdr)


def count_frames(path: Path) -> int:
    """The exact number of video frames (packets copied to the null muxer; nothing decoded)."""
    proc = run(["-i", str(path), "-map", "0:v:0", "-c", "copy", "-f", "null", "-"])
    found = _FRAMES_RE.findall(proc.stderr.decode("utf-8", "replace"))
    if not found:
        raise FfmpegError("could not count the frames")
    return int(found[-1])


def version() -> str:
    """The binary's version line: part of every cache key, since outputs depend on it."""
    return _version(ffmpeg_exe())


@functools.cache
def _version(exe: str) -> str:
    out = subprocess.run([exe, "-version"], capture_output=True).stdout.decode("utf-8", "replace")
    return out.splitlines()[0] if out else exe
