"""Stage: editor photos -> responsive, metadata-free, cached web images.

For each photo: AVIF and WebP at the widths of its layout (images_settings), the fallback
format (JPEG, or PNG for transparency) at the same widths, the largest of which sits at the
product's own path (/images/<kind>/<name>, docs/product.md#static-api); content-hashed
variants go under /assets/img/ (immutable on the CDN). The stage plans from the cache first
and sends only missing variants to a process pool; a rebuild with nothing changed decodes
nothing, reads no photo whose size and time are unchanged (known_files.py), and links the
cached files into place.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from ..content.records import Content
from ..errors import ContentError, Problem
from ..known_files import KnownFiles
from ..output import Output
from ..reporter import Reporter
from . import settings as settings_module
from .cache import ImageCache
from .encode import EncodeResult, EncodeTask, VariantSpec, run_task
from .settings import (
    ImageSettings,
    KindSettings,
    asset_stem,
    fallback_encoding,
    output_widths,
    placeholder_key,
    scaled_height,
    variant_key,
    variant_tag,
)
from .source import BadImage, SourceInfo, probe

log = logging.getLogger(__name__)

# Below this many output pixels in total (about one 1920 px photo in three formats), the
# variants are encoded inline instead of in a process pool.
POOL_MIN_PIXELS = 8_000_000


@dataclass(frozen=True)
class ImageJob:
    kind: str  # "artists" | "work" | "flash" | "brands"
    name: str  # the editor's file name
    source: Path
    shown: str  # the source as shown in messages (content/images/work/x.jpg)


@dataclass(frozen=True)
class ImageMeta:
    src: str  # URL of the fallback file at the spec's path
    width: int
    height: int
    sources: tuple[dict, ...] = field(default_factory=tuple)  # [{type, srcset}] for <picture>
    srcset: str = ""
    placeholder: str = ""

    def to_api(self) -> dict:
        return {
            "src": self.src,
            "width": self.width,
            "height": self.height,
            "srcset": self.srcset,
            "sources": list(self.sources),
            "placeholder": self.placeholder,
        }


def image_url(kind: str, name: str) -> str:
    return f"/images/{kind}/{quote(name)}"


def image_jobs(content: Content) -> list[ImageJob]:
    """One job per photo the content uses (content.image_refs: each photo once), the photos
    nearest the top of a page first: a time budget makes its WebP and AVIF in this order."""
    place = first_screen_places(content)
    refs = sorted(content.image_refs(), key=lambda ref: place.get((ref.folder, ref.name), 0))
    jobs = []
    for ref in refs:
        path = content.path_of(ref)
        jobs.append(ImageJob(ref.folder, ref.name, path, content.findings.shown(path)))
    return jobs


def first_screen_places(content: Content) -> dict[tuple[str, str], int]:
    """(folder, name) -> the photo's highest place on any page that lists photos: 0 for the
    first tile of /portfolio, of an artist's portfolio, of /flash or of the home page's
    artists carousel (in both languages the same). Content order would give a big studio's
    first build (under a time budget) its first artist's every piece before the second
    artist's first, and the flash designs last; by place, every page's first screen gets
    WebP before any page's second. Photos on no list (the home page's memorial photo, the
    partners' logos) count as first."""
    lists: list[list[tuple[str, str]]] = [
        [("artists", artist.photo) for artist in content.artists],
        [("work", piece.file) for piece in content.work],
        [("flash", design.file) for design in content.flash],
    ]
    for folder, items in (("work", content.work), ("flash", content.flash)):
        mine: dict[str, list[tuple[str, str]]] = {}
        for item in items:
            mine.setdefault(item.artist_slug, []).append((folder, item.file))
        lists.extend(mine.values())
    place: dict[tuple[str, str], int] = {}
    for photos in lists:
        for index, photo in enumerate(photos):
            place[photo] = min(index, place.get(photo, index))
    return place


@dataclass
class _Plan:
    """One job's outputs, decided before any pixel is decoded."""

    job: ImageJob
    digest: str
    info: SourceInfo
    variants: list[VariantSpec]
    missing: list[VariantSpec]
    placeholder_key: str
    placeholder: str | None


@dataclass
class _Tally:
    processed: int = 0
    reused: int = 0
    bytes_in: int = 0
    bytes_out: int = 0
    files: int = 0
    waiting: set[tuple[str, str, str]] = field(default_factory=set)  # (kind, name, format)
    seconds: dict[str, float] = field(default_factory=dict)

    def add_seconds(self, seconds: dict[str, float]) -> None:
        for name, value in seconds.items():
            self.seconds[name] = self.seconds.get(name, 0.0) + value


def process_images(
    jobs: list[ImageJob],
    out: Output,
    cache_dir: Path,
    reporter: Reporter,
    settings: ImageSettings | None = None,
    workers: int | None = None,
    known: KnownFiles | None = None,
    deadline: float | None = None,
) -> dict[tuple[str, str], ImageMeta]:
    """Write every variant of every job into `out`; raise ContentError listing every bad file.

    known: the photos' remembered digests (the content check's, so no photo is read twice).
    deadline: the images' time budget (docs/architecture.md#images-the-time-budget), a
    time.time() after which no WebP or AVIF is started: every photo still gets its fallback
    format (JPEG or PNG) at every width, then WebP and then AVIF are made photo by photo in
    the jobs' order (image_jobs: every page's first screen first) until the deadline; the
    rest are left to the next builds and the pages list only the formats a photo has.
    None: all in one pass (each photo decoded once)."""
    settings = settings or settings_module.DEFAULT_SETTINGS
    cache = ImageCache(cache_dir, known)
    tally = _Tally()
    problems: list[Problem] = []
    plans: list[_Plan] = []
    cached = cache.variant_names()
    for job in jobs:
        try:
            plans.append(_plan(job, cache, settings, cached))
        except BadImage as exc:
            problems.append(Problem(job.shown, None, None, str(exc)))
    todo = [plan for plan in plans if plan.missing or plan.placeholder is None]
    made: set[str] = set()
    stored: set[int] = set()
    for label, work, late in _rounds(todo, deadline):
        if late is not None and time.time() >= late:
            continue  # the budget is spent: no pool started for nothing
        # Progress counts the photos to encode: the reused ones cost nothing to wait for.
        with reporter.progress(label, len(work)) as ticker:
            for plan, result in _encode_all(work, settings, workers, late):
                tally.add_seconds(result.seconds)
                made.update(result.made)
                if result.error:
                    problems.append(Problem(plan.job.shown, None, None, result.error))
                elif id(plan) not in stored and (result.info or result.placeholder):
                    stored.add(id(plan))
                    plan.placeholder = result.placeholder or plan.placeholder
                    placeholders = {plan.placeholder_key: plan.placeholder or ""}
                    cache.store_source(plan.digest, result.info or plan.info, placeholders)
                ticker.advance()
        if problems:  # no WebP or AVIF for a build that fails: it publishes nothing
            break
    if problems:
        raise ContentError(problems)

    index: dict[tuple[str, str], ImageMeta] = {}
    used: set[str] = set()
    encoded = {id(plan) for plan in todo}
    for plan in plans:
        waiting = {v.encoding.format for v in plan.missing if v.key not in made}
        tally.waiting.update((plan.job.kind, plan.job.name, fmt) for fmt in waiting)
        index[(plan.job.kind, plan.job.name)] = _publish(plan, out, tally, used, waiting)
        _warn_if_oversized(plan, settings, reporter)
        tally.bytes_in += plan.job.source.stat().st_size
        if id(plan) in encoded:
            tally.processed += 1
            # What this build made: a stat per variant of every photo cost a no-op build
            # of 2,000 photos a tenth of a second, to print a figure nobody acts on.
            tally.bytes_out += sum(
                os.stat(v.cache_path).st_size for v in plan.missing if v.key in made
            )
        else:
            tally.reused += 1
    cache.prune(used)
    reporter.info(_summary(tally))
    return index


# With a time budget, the formats made after every photo has its fallback, in this order:
# WebP first, as it costs a fifth of AVIF's time and saves most of the bytes over JPEG.
OPTIONAL_FORMATS = ("webp", "avif")


@dataclass(frozen=True)
class _Work:
    """One photo's share of a round: the variants to make and whether to make its
    placeholder."""

    plan: _Plan
    variants: tuple[VariantSpec, ...]
    placeholder: bool


def _rounds(
    todo: list[_Plan], deadline: float | None
) -> Iterator[tuple[str, list[_Work], float | None]]:
    """(progress label, work, deadline of its encodes) for each pass over the photos."""
    # largest originals first, so the pool does not end waiting on one big file
    by_size = sorted(todo, key=lambda plan: plan.job.source.stat().st_size, reverse=True)
    if deadline is None:
        yield "images", [_Work(p, tuple(p.missing), p.placeholder is None) for p in by_size], None
        return
    optional = set(OPTIONAL_FORMATS)
    first = []
    for plan in by_size:
        needed = tuple(v for v in plan.missing if v.encoding.format not in optional)
        if needed or plan.placeholder is None:
            first.append(_Work(plan, needed, plan.placeholder is None))
    yield "images", first, None
    # the jobs' order (image_jobs): every page's first photos get the better formats first
    for fmt in OPTIONAL_FORMATS:
        work = []
        for plan in todo:
            needed = tuple(v for v in plan.missing if v.encoding.format == fmt)
            if needed:
                work.append(_Work(plan, needed, False))
        yield f"images, {_FORMAT_NAMES[fmt]} (time budget)", work, deadline


_FORMAT_NAMES = {"webp": "WebP", "avif": "AVIF"}


def _plan(job: ImageJob, cache: ImageCache, settings: ImageSettings, cached: set[str]) -> _Plan:
    """cached: the names of the variants in the cache (ImageCache.variant_names)."""
    digest = cache.digest(job.source)
    known = cache.load_source(digest)
    if known:
        info = SourceInfo(known["width"], known["height"], known["format"], known["has_alpha"])
    else:
        info = probe(job.source, settings.max_pixels)
    kind = settings.kinds[job.kind]
    variants = []
    fallback = fallback_encoding(job.name, info.has_alpha, kind)
    for encoding in (kind.avif, kind.webp, fallback):
        for width in output_widths(info.width, kind.widths):
            key = variant_key(digest, encoding, width)
            variants.append(
                VariantSpec(
                    key,
                    variant_tag(digest, encoding, width),
                    encoding,
                    width,
                    scaled_height(width, info.width, info.height),
                    cache.variant_file(key, encoding.ext),
                )
            )
    missing = [v for v in variants if f"{v.key}.{v.encoding.ext}" not in cached]
    ph_key = placeholder_key(digest, settings)
    placeholder = (known or {}).get("placeholders", {}).get(ph_key)
    return _Plan(job, digest, info, variants, missing, ph_key, placeholder)


def _encode_all(
    todo: list[_Work], settings: ImageSettings, workers: int | None, deadline: float | None
) -> Iterator[tuple[_Plan, EncodeResult]]:
    """Yield (plan, result) as workers finish; inline when a pool would not pay off."""
    tasks = [
        EncodeTask(
            index,
            str(work.plan.job.source),
            settings.max_pixels,
            work.variants,
            settings.placeholder_side if work.placeholder else 0,
            settings.placeholder_quality,
            deadline,
        )
        for index, work in enumerate(todo)
    ]
    pixels = sum(v.width * v.height for task in tasks for v in task.variants)
    cores = _cpu_count()
    # One photo (an editor's changed photo), or a few small ones: no pool, and unless the
    # caller fixed the worker count, each photo's variants share the cores instead.
    threads = 1 if workers else max(1, cores // max(1, len(tasks)))
    if workers is None and pixels < POOL_MIN_PIXELS:
        workers = 1  # starting a pool (~0.6 s) costs more than a few small images
    workers = min(workers or cores, len(tasks))
    if workers <= 1:
        for task in tasks:
            yield todo[task.index].plan, run_task(task, threads)
        return
    # forkserver: workers start from a clean process, not a fork of one that may be running
    # server threads (`build.py serve` rebuilds in-process); Linux-only, spawn elsewhere
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload([run_task.__module__])
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = [pool.submit(run_task, task) for task in tasks]
        for future in as_completed(futures):
            result: EncodeResult = future.result()
            yield todo[result.index].plan, result


def _cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _publish(
    plan: _Plan, out: Output, tally: _Tally, used: set[str], waiting: set[str]
) -> ImageMeta:
    """Link the cached variants into the output; the largest fallback goes to the spec path.

    waiting: the formats the time budget left without all their widths: none of their files
    is published or listed (what was made stays in the cache for the next build), so a page
    never names a file that is not there and never offers a format at only some widths.

    Hard links, not copies (Output.link_file; a copy where the cache is on another disk):
    2,000 photos have about 24,000 variants (5 GB), which a copy would write again on every
    build. A cached variant is never changed in place (atomic writes make a new file), the
    cache records use in a file of its own (cache.prune), and the published mode is set on
    the shared inode once, so nothing the cache does later reaches a published file.
    """
    job = plan.job
    spec_url = image_url(job.kind, job.name)
    fallback_format = plan.variants[-1].encoding.format
    largest = max(v.width for v in plan.variants)
    stem = asset_stem(job.name)
    by_format: dict[str, list[str]] = {}
    for variant in plan.variants:
        fmt = variant.encoding.format
        if fmt in waiting:
            continue
        if fmt == fallback_format and variant.width == largest:
            url = spec_url
            out.link_file(f"images/{job.kind}/{job.name}", variant.cache_path)
        else:
            name = f"{stem}-{variant.width}.{variant.tag}.{variant.encoding.ext}"
            url = f"/assets/img/{job.kind}/{name}"
            out.carry_file(url, variant.cache_path)
        used.add(f"{variant.key}.{variant.encoding.ext}")
        tally.files += 1
        by_format.setdefault(variant.encoding.mime, []).append(f"{url} {variant.width}w")
    fallback_mime = plan.variants[-1].encoding.mime
    width = largest
    height = next(v.height for v in plan.variants if v.width == largest)
    return ImageMeta(
        src=spec_url,
        width=width,
        height=height,
        sources=tuple(
            {"type": mime, "srcset": ", ".join(entries)}
            for mime, entries in by_format.items()
            if mime != fallback_mime
        ),
        srcset=", ".join(by_format[fallback_mime]),
        placeholder=plan.placeholder or "",
    )


def _warn_if_oversized(plan: _Plan, settings: ImageSettings, reporter: Reporter) -> None:
    kind: KindSettings = settings.kinds[plan.job.kind]
    info = plan.info
    if max(info.width, info.height) <= kind.oversize_side:
        return
    reporter.warning(
        Problem(
            plan.job.shown,
            None,
            None,
            f"original is {info.width}x{info.height} ({info.width * info.height / 1e6:.1f} "
            f"megapixels) but the site shows it at most {max(kind.widths)} px wide; a copy "
            f"no larger than {kind.oversize_side} px would build faster",
        )
    )


def _summary(tally: _Tally) -> str:
    encode = {k: v for k, v in tally.seconds.items() if k not in ("decode", "resize")}
    total = sum(tally.seconds.values())
    line = (
        f"images: {tally.processed} processed, {tally.reused} reused, "
        f"{_mb(tally.bytes_in)} in, {_mb(tally.bytes_out)} made ({tally.files} files)"
    )
    if total > 0:
        line += f"; AVIF {100 * encode.get('avif', 0.0) / total:.0f}% of worker time"
    if tally.waiting:
        counts = ", ".join(
            f"{sum(1 for w in tally.waiting if w[2] == fmt)} without {_FORMAT_NAMES[fmt]}"
            for fmt in OPTIONAL_FORMATS
            if any(w[2] == fmt for w in tally.waiting)
        )
        line += (
            f"\nimages: the time budget is spent: {counts} (the pages offer what each has; "
            "the next builds make the rest)"
        )
    return line


def _mb(size: int) -> str:
    return f"{size / 1e6:.1f} MB"
