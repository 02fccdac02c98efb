"""The image workers: decode one source once, then encode the variants the cache lacks.

A task carries everything the worker needs (paths, sizes, encoder settings), so it runs the
same in a pool process as inline, and settings changed in the parent reach it. Encoded bytes
go straight into the cache; only small results travel back over the pipe.
"""

from __future__ import annotations

import base64
import io
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageFilter

from ..files import atomic_write_bytes
from .settings import Encoding
from .source import BadImage, SourceInfo, open_upright, probe

# Decode (JPEG draft mode) to at least twice the largest output, so Lanczos always does a 2x
# reduction or more itself. libjpeg's DCT scaling is cheap but softer and more aliased than
# Lanczos: 1920 px made from a 12 MP photo drafted to 2016 px was 42.5 dB PSNR from a
# one-step Lanczos of the full decode, and 0.2 dB behind sharp's file after encoding (sharp
# decodes these photos in full; bench/images.py). Costs ~0.06 s of ~3 s per photo.
DRAFT_HEADROOM = 2


@dataclass(frozen=True)
class VariantSpec:
    key: str  # its cache key (settings.variant_key)
    tag: str  # the hash in its published name (settings.variant_tag)
    encoding: Encoding
    width: int
    height: int
    cache_path: str


@dataclass(frozen=True)
class EncodeTask:
    index: int
    source: str
    max_pixels: int
    variants: tuple[VariantSpec, ...]
    placeholder_side: int = 0  # 0: the cache already has the placeholder
    placeholder_quality: int = 40
    # time.time() after which no variant of this task is started (the images' time budget,
    # docs/architecture.md#images-the-time-budget): None for the variants every page needs
    deadline: float | None = None


@dataclass
class EncodeResult:
    index: int
    error: str | None = None
    info: SourceInfo | None = None
    placeholder: str | None = None
    seconds: dict[str, float] = field(default_factory=dict)  # format -> encode time
    made: list[str] = field(default_factory=list)  # keys of the variants written


def run_task(task: EncodeTask, threads: int = 1) -> EncodeResult:
    """Encode what the task lists; a bad file gives a result with `error`, never a raise.

    threads: encoders run at once (1 in a pool process: the pool already fills the cores)."""
    result = EncodeResult(task.index)
    path = Path(task.source)
    if _late(task):
        return result
    try:
        result.info = probe(path, task.max_pixels)
        largest = max(task.variants, key=lambda v: v.width, default=None)
        box = (
            (largest.width, largest.height)
            if largest
            else (task.placeholder_side, task.placeholder_side)
        )
        box = (DRAFT_HEADROOM * box[0], DRAFT_HEADROOM * box[1])
        started = time.perf_counter()
        base = open_upright(path, box, task.max_pixels)
        result.seconds["decode"] = time.perf_counter() - started
    except BadImage as exc:
        result.error = str(exc)
        return result
    # largest first, from the decoded image; each smaller one from the smallest image made
    # so far that is still at least twice its size, else from the largest made: Lanczos
    # quality at a fraction of the pixels read. Only the largest reads the full decode:
    # 1440 px from 1920 px rather than from 12 MP saves 0.07 s per photo, and after encoding
    # is within 0.03 dB PSNR of the direct resize, level with sharp's (bench/images.py).
    sizes = sorted({(v.width, v.height) for v in task.variants}, reverse=True)
    resized: dict[tuple[int, int], Image.Image] = {}
    started = time.perf_counter()
    for size in sizes:
        parent = resized[sizes[0]] if resized else base
        for made_size, made in sorted(resized.items()):
            if made_size[0] >= 2 * size[0]:
                parent = made
                break
        resized[size] = (
            parent
            if parent.size == size
            else parent.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)
        )
    result.seconds["resize"] = time.perf_counter() - started

    def encode_one(spec: VariantSpec) -> tuple[str, float]:
        if _late(task):
            return spec.encoding.format, 0.0
        started = time.perf_counter()
        image = resized[(spec.width, spec.height)]
        # Image.save keeps its options on the image (encoderinfo): each thread needs its own
        data = encode(image.copy() if threads > 1 else image, spec.encoding)
        atomic_write_bytes(Path(spec.cache_path), data)
        result.made.append(spec.key)  # list.append is atomic: safe from the threads below
        return spec.encoding.format, time.perf_counter() - started

    if threads > 1:
        # Pillow's encoders let go of the GIL, so the variants of one photo share the cores
        # when it is the only photo to make (an editor's changed photo); costliest first.
        order = sorted(task.variants, key=_encode_cost, reverse=True)
        with ThreadPoolExecutor(threads) as pool:
            timings = list(pool.map(encode_one, order))
    else:
        timings = [encode_one(spec) for spec in task.variants]
    for fmt, seconds in timings:
        result.seconds[fmt] = result.seconds.get(fmt, 0.0) + seconds
    if task.placeholder_side:
        smallest = resized[sizes[-1]] if sizes else base
        result.placeholder = placeholder(smallest, task.placeholder_side, task.placeholder_quality)
    return result


def _late(task: EncodeTask) -> bool:
    """Whether the task's time is up: its remaining variants are left to a later build."""
    return task.deadline is not None and time.time() >= task.deadline


# AVIF takes about five times as long as WebP or JPEG for the same pixels (bench/images.py).
_FORMAT_COST = {"avif": 5}


def _encode_cost(spec: VariantSpec) -> int:
    return spec.width * spec.height * _FORMAT_COST.get(spec.encoding.format, 1)


def encode(img: Image.Image, enc: Encoding) -> bytes:
    """Encode with no metadata at all (the image's info dict is already empty)."""
    buffer = io.BytesIO()
    if enc.format == "avif":
        # one thread per encoder: the pool already keeps every core busy
        img.save(
            buffer,
            "AVIF",
            quality=enc.quality,
            speed=enc.effort,
            subsampling=enc.subsampling,
            max_threads=1,
        )
    elif enc.format == "webp":
        img.save(buffer, "WEBP", quality=enc.quality, method=enc.effort)
    elif enc.format == "jpeg":
        img.save(buffer, "JPEG", quality=enc.quality, optimize=True, progressive=True)
    elif enc.format == "png":
        img.save(buffer, "PNG", optimize=True)
    else:
        raise ValueError(f"unknown image format {enc.format}")
    return buffer.getvalue()


def placeholder(img: Image.Image, side: int, quality: int) -> str:
    """A tiny blurred WebP as a data URI (a few hundred bytes), shown while the image loads."""
    small = img.copy()
    small.thumbnail((side, side), Image.Resampling.BOX)
    small = small.filter(ImageFilter.GaussianBlur(0.6))
    buffer = io.BytesIO()
    small.save(buffer, "WEBP", quality=quality, method=6)
    return "data:image/webp;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
