#!/usr/bin/env python3
"""Time the image stage against sharp on phone photos: same widths, formats and qualities.

    .venv/bin/python bench/images.py [--count 40] [--workers N] [--rounds 2] [--keep DIR]
                                     [--sharp-mode raw|clone]

Makes (once, cached in bench/.work/) a seeded corpus of 12-megapixel phone-like JPEGs
(4032x3024, quality 90: light gradients, shapes, texture, grain and line work; every 4th is
stored sideways with EXIF orientation 6, 8 or 3, as phones do). Then, alternately for
--rounds, each from a cold start: our stage (generator.images.process_images, "work" kind,
empty cache, --workers pool processes) and bench/sharp-images.mjs (sharp from
bench/package-lock.json, installed with `npm ci` when missing; one node process with
--workers libuv threads). Both make AVIF q50 4:2:0 (libavif speed 7 = sharp effort 2), WebP
q75 method 4 and progressive JPEG q80 with optimised Huffman tables (sharp with
`mozjpeg: false`: plain libjpeg work, like Pillow's) at 480, 960, 1440 and 1920 px, upright,
without metadata, on the same --workers CPUs. --sharp-mode raw (default, sharp's fastest)
decodes and resizes once per width; clone makes every output from its own .clone(), as
eleventy-img does.

Prints the best wall time of each (from starting the process to its last file) and CPU
time, the ratio ours/sharp (target <= 1.0), bytes per format, PSNR of both against the same
reference at every width, AVIF's share of our worker time, the no-op rebuild (same cache,
nothing changed; target <= 5% of the full stage) and peak memory (target <= 1 GiB with 2
workers). Exits 1 when an output of ours and sharp's differ in pixel size or orientation.
Wall-clock numbers depend on the machine's load; the tools alternate so both see the same.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps, ImageStat

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
sys.path.insert(0, str(ROOT))

from generator.images.process import ImageJob, ImageMeta, process_images  # noqa: E402
from generator.images.settings import DEFAULT_SETTINGS, output_widths  # noqa: E402
from generator.images.source import probe  # noqa: E402
from generator.output import Output  # noqa: E402
from generator.reporter import BufferReporter  # noqa: E402

KIND = "work"  # the portfolio: the most photos and the widest ladder
# Bump when the corpus generator changes: the cached files are then made again.
CORPUS_VERSION = 1
CORPUS = BENCH / ".work" / f"corpus-v{CORPUS_VERSION}"
PHONE_SIZE = (4032, 3024)  # 12 MP, the stored (sensor) orientation
# EXIF orientation -> the transpose that stores an upright scene sideways (the inverse of
# what a viewer applies: 6 is shown turned 90 degrees clockwise, so it is stored turned back)
STORED_SIDEWAYS = {
    6: Image.Transpose.ROTATE_90,
    8: Image.Transpose.ROTATE_270,
    3: Image.Transpose.ROTATE_180,
}
FORMATS = ("avif", "webp", "jpg")
EXTENSIONS = {"image/avif": "avif", "image/webp": "webp", "image/jpeg": "jpg"}


# ---------------------------------------------------------------- the corpus


def orientation_of(index: int) -> int:
    """Every 4th photo was taken with the phone turned: 6, 8, 3 in turn; the rest upright."""
    return (6, 8, 3)[index // 4 % 3] if index % 4 == 3 else 1


def grey_noise(rng: random.Random, size: tuple[int, int], amplitude: int) -> Image.Image:
    """Uniform grey noise around 128, +-amplitude (seeded: Pillow's effect_noise is not)."""
    raw = Image.frombytes("L", size, rng.randbytes(size[0] * size[1]))
    return raw.point(lambda v: 128 - amplitude + v * 2 * amplitude // 255)


def add_noise(img: Image.Image, noise: Image.Image) -> Image.Image:
    if noise.size != img.size:
        noise = noise.resize(img.size, Image.Resampling.BICUBIC)
    return ImageChops.add(img, Image.merge("RGB", (noise, noise, noise)), offset=-128)


def scene(index: int, size: tuple[int, int]) -> Image.Image:
    """An upright photo-like picture: what encoders find in a photo is smooth light, soft
    edges, texture at several scales and grain, never flat colour (which compresses to
    nothing and would flatter every encoder)."""
    rng = random.Random(f"studio-bench-{index}")
    width, height = size
    small = (width // 4, height // 4)
    bands = []
    for _ in range(3):  # light: a gradient per channel, each its own way
        ramp = Image.linear_gradient("L").transpose(rng.choice(list(Image.Transpose)))
        low, high = rng.randint(0, 110), rng.randint(140, 255)
        ramp = ramp.resize(small, Image.Resampling.BICUBIC)
        bands.append(ramp.point(lambda v, lo=low, hi=high: lo + (hi - lo) * v // 255))
    img = Image.merge("RGB", bands).convert("RGBA")
    shapes = Image.new("RGBA", small, (0, 0, 0, 0))
    draw = ImageDraw.Draw(shapes)
    for _ in range(rng.randint(25, 45)):  # objects, some translucent
        fill = tuple(rng.randrange(256) for _ in range(3)) + (rng.randint(90, 255),)
        x, y = rng.uniform(-0.1, 1.0) * small[0], rng.uniform(-0.1, 1.0) * small[1]
        side = rng.uniform(0.03, 0.4) * small[0]
        pick = rng.random()
        if pick < 0.45:
            draw.ellipse((x, y, x + side, y + side * rng.uniform(0.4, 1.6)), fill=fill)
        elif pick < 0.8:
            corners = rng.randint(3, 6)
            draw.polygon(
                [(x + rng.uniform(0, side), y + rng.uniform(0, side)) for _ in range(corners)],
                fill=fill,
            )
        else:
            draw.rectangle((x, y, x + side, y + side * rng.uniform(0.2, 1.0)), fill=fill)
    img = Image.alpha_composite(img, shapes).convert("RGB").filter(ImageFilter.GaussianBlur(1.2))
    img = img.resize(size, Image.Resampling.BICUBIC)  # soft edges, like a lens
    img = add_noise(img, grey_noise(rng, (width // 32, height // 32), 24))  # uneven light
    img = add_noise(img, grey_noise(rng, (width // 6, height // 6), 14))  # skin, fabric, leaves
    img = add_noise(img, grey_noise(rng, size, 8))  # sensor grain after phone denoising
    draw = ImageDraw.Draw(img)
    for _ in range(rng.randint(30, 60)):  # line work: the sharp edges a tattoo photo has
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        points = [(x, y)]
        for _ in range(rng.randint(2, 8)):
            x, y = x + rng.uniform(-300, 300), y + rng.uniform(-300, 300)
            points.append((x, y))
        ink = tuple(rng.randrange(80) for _ in range(3))
        draw.line(points, fill=ink, width=rng.randint(3, 12), joint="curve")
    return img


def make_photo(index: int, path: Path) -> None:
    orientation = orientation_of(index)
    upright = PHONE_SIZE[::-1] if orientation in (6, 8) else PHONE_SIZE
    img = scene(index, upright)
    if orientation != 1:
        img = img.transpose(STORED_SIDEWAYS[orientation])
    exif = Image.Exif()
    exif.update({0x010F: "BenchPhone", 0x0110: "Model 12", 0x0112: orientation})
    buffer = io.BytesIO()
    img.save(buffer, "JPEG", quality=90, subsampling="4:2:0", exif=exif.tobytes())
    temp = path.with_suffix(".tmp")
    temp.write_bytes(buffer.getvalue())
    temp.replace(path)  # a generation cut short never leaves a half photo in the cache


def corpus(count: int, workers: int) -> list[Path]:
    CORPUS.mkdir(parents=True, exist_ok=True)
    paths = [CORPUS / f"photo-{index:02d}.jpg" for index in range(count)]
    missing = [(index, path) for index, path in enumerate(paths) if not path.is_file()]
    if missing:
        print(f"making {len(missing)} photos in {CORPUS.relative_to(ROOT)} (once) ...", flush=True)
        with ProcessPoolExecutor(workers) as pool:
            list(pool.map(make_photo, *zip(*missing, strict=True)))
    return paths


# ---------------------------------------------------------------- running the two tools


@dataclass(frozen=True)
class Photo:
    stem: str
    source: Path
    orientation: int  # EXIF
    widths: list[int]  # what output_widths keeps of the ladder for its upright width


@dataclass
class Run:
    tool: str
    wall: float  # seconds from starting the process (interpreter or node) to its last file
    cpu: float  # user + system seconds of the process and all its descendants
    maxrss: int  # bytes, the largest single process
    files: dict[str, dict[str, dict[int, Path]]]  # stem -> format -> width -> file
    info: dict  # ours: both stages, summaries, memory; sharp: versions and mode


@dataclass(frozen=True)
class Finished:
    wall: float
    cpu: float
    maxrss: int
    stdout: str


def run_process(command: list[str], env: dict[str, str]) -> Finished:
    """Run to completion. os.wait4 gives the rusage of this one child and the descendants it
    waited for, unmixed with earlier runs (RUSAGE_CHILDREN only ever grows)."""
    started = time.perf_counter()
    with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True) as process:
        assert process.stdout is not None
        stdout = process.stdout.read()
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{command[0]} failed with exit code {process.returncode}")
    cpu = usage.ru_utime + usage.ru_stime
    return Finished(wall, cpu, usage.ru_maxrss * 1024, stdout)  # Linux counts KiB


def ours_child(request_path: Path) -> None:
    """In a fresh interpreter (--ours-child): a full build, then a no-op rebuild on the same
    cache. A process of its own, so each run starts cold like `build.py build` and its
    rusage holds only this build's pool. The full build's figures are taken when it ends:
    the no-op rebuild after it is not part of what is compared with sharp."""
    request = json.loads(request_path.read_text())
    sources = [Path(p) for p in request["sources"]]
    jobs = [ImageJob(KIND, p.name, p, f"content/images/{KIND}/{p.name}") for p in sources]
    work = Path(request["work"])
    stages = {}
    for label in ("full", "noop"):
        staging = work / label
        staging.mkdir()
        reporter = BufferReporter()
        started = time.perf_counter()
        index = process_images(
            jobs, Output(staging), work / "cache", reporter, workers=request["workers"]
        )
        stages[label] = {"seconds": time.perf_counter() - started, "summary": reporter.lines[-1]}
        if label == "full":
            ended = time.monotonic()  # CLOCK_MONOTONIC: the parent's clock too
            _stop_forkserver()
            own = resource.getrusage(resource.RUSAGE_SELF)
            pool = resource.getrusage(resource.RUSAGE_CHILDREN)
            usage = {
                "ended": ended,
                "cpu": own.ru_utime + own.ru_stime + pool.ru_utime + pool.ru_stime,
                "parent_rss": own.ru_maxrss * 1024,  # Linux counts KiB
                "worker_rss": pool.ru_maxrss * 1024,
            }
            files = {Path(name).stem: _files_of(meta, staging) for (_, name), meta in index.items()}
    result = {**stages, **usage, "files": files}
    Path(request["result"]).write_text(json.dumps(result))


def _files_of(meta: ImageMeta, staging: Path) -> dict[str, dict[int, str]]:
    """format -> width -> file, from the srcsets the site's <picture> elements get."""
    files: dict[str, dict[int, str]] = {}
    srcsets = [(source["type"], source["srcset"]) for source in meta.sources]
    for mime, srcset in [*srcsets, ("image/jpeg", meta.srcset)]:
        for entry in srcset.split(", "):
            url, width = entry.rsplit(" ", 1)
            files.setdefault(EXTENSIONS[mime], {})[int(width[:-1])] = str(staging / url[1:])
    return files


def _stop_forkserver() -> None:
    """Pool workers are children of the forkserver, which outlives the pool: stop it (and
    wait for it) so their peak RSS reaches RUSAGE_CHILDREN. No public API does this."""
    from multiprocessing import forkserver

    stop = getattr(forkserver._forkserver, "_stop", None)
    if stop is not None:
        stop()


def run_ours(photos: list[Photo], workers: int, work: Path) -> Run:
    work.mkdir(parents=True)
    request = {
        "sources": [str(photo.source) for photo in photos],
        "work": str(work),
        "workers": workers,
        "result": str(work / "result.json"),
    }
    (work / "request.json").write_text(json.dumps(request))
    command = [sys.executable, __file__, "--ours-child", str(work / "request.json")]
    started = time.monotonic()
    run_process(command, dict(os.environ))
    result = json.loads((work / "result.json").read_text())
    files = {
        stem: {
            fmt: {int(w): Path(p) for w, p in by_width.items()} for fmt, by_width in fmts.items()
        }
        for stem, fmts in result.pop("files").items()
    }
    wall = result["ended"] - started
    maxrss = max(result["parent_rss"], result["worker_rss"])
    return Run("ours", wall, result["cpu"], maxrss, files, result | {"workers": workers})


def ensure_sharp() -> None:
    if shutil.which("node") is None:
        raise SystemExit("the sharp side needs Node.js 20+ (`node` is not on PATH)")
    if (BENCH / "node_modules" / "sharp").is_dir():
        return
    print("installing sharp into bench/node_modules (npm ci) ...", flush=True)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=BENCH, check=True)


def run_sharp(photos: list[Photo], workers: int, work: Path, mode: str) -> Run:
    kind = DEFAULT_SETTINGS.kinds[KIND]
    manifest = {
        "outDir": str(work),
        "workers": workers,
        "mode": mode,
        # libheif sets aom's cpu-used to 9 - effort and libavif's speed is cpu-used, so
        # this is the same encoder work as ours (see images_settings.AVIF)
        "avif": {
            "quality": kind.avif.quality,
            "effort": 9 - kind.avif.effort,
            "chromaSubsampling": kind.avif.subsampling,  # sharp's default is 4:4:4
            "bitdepth": 8,
        },
        "webp": {"quality": kind.webp.quality, "effort": kind.webp.effort},
        # mozjpeg: false keeps libjpeg's plain encoder (no trellis quantisation, no scan
        # search), the work Pillow's libjpeg-turbo does for us; sharp's default Huffman
        # optimisation stays on, like our optimize=True
        "jpeg": {"quality": kind.jpeg.quality, "progressive": True, "mozjpeg": False},
        "jobs": [
            {"source": str(photo.source), "stem": photo.stem, "widths": photo.widths}
            for photo in photos
        ],
    }
    work.mkdir(parents=True)
    (work / "manifest.json").write_text(json.dumps(manifest))
    # libuv sizes its pool once, when node starts it: only the environment can set it
    env = {**os.environ, "UV_THREADPOOL_SIZE": str(workers)}
    done = run_process(["node", str(BENCH / "sharp-images.mjs"), str(work / "manifest.json")], env)
    files = {
        photo.stem: {
            fmt: {w: work / f"{photo.stem}-{w}.{fmt}" for w in photo.widths} for fmt in FORMATS
        }
        for photo in photos
    }
    return Run("sharp", done.wall, done.cpu, done.maxrss, files, json.loads(done.stdout))


# ---------------------------------------------------------------- checks


def grey(path: Path) -> Image.Image:
    with Image.open(path) as img:
        small = img.convert("L")
    return small.resize((small.width // 8, small.height // 8), Image.Resampling.BOX)


def mean_abs_diff(a: Image.Image, b: Image.Image) -> float:
    if b.size != a.size:
        b = b.resize(a.size, Image.Resampling.BOX)
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]


def mismatches(photos: list[Photo], ours: Run, sharp: Run) -> list[str]:
    """Every (photo, format, width) exists in both, with the same pixel size and the same
    way up: a small grey copy of ours is close to sharp's, and far from sharp's turned."""
    problems = []
    for photo in photos:
        for fmt in FORMATS:
            mine = ours.files.get(photo.stem, {}).get(fmt, {})
            if sorted(mine) != photo.widths:
                problems.append(f"{photo.stem} {fmt}: ours has widths {sorted(mine)}")
                continue
            for width in photo.widths:
                theirs = sharp.files[photo.stem][fmt][width]
                if not theirs.is_file():
                    problems.append(f"{photo.stem} {fmt} {width}: sharp made no {theirs.name}")
                    continue
                with Image.open(mine[width]) as a, Image.open(theirs) as b:
                    if a.size != b.size:
                        problems.append(
                            f"{photo.stem} {fmt} {width}: ours {a.size}, sharp {b.size}"
                        )
                        continue
                if width != photo.widths[0]:
                    continue  # the way up: the smallest file of each format is enough
                a, b = grey(mine[width]), grey(theirs)
                same = mean_abs_diff(a, b)
                turned = min(mean_abs_diff(a, b.transpose(t)) for t in STORED_SIDEWAYS.values())
                if same > 6 or same > turned / 3:
                    problems.append(
                        f"{photo.stem} {fmt} {width}: not the same way up (mean difference "
                        f"{same:.1f}; {turned:.1f} against sharp's turned a quarter or half)"
                    )
    return problems


Key = tuple[str, str, int]  # tool, format, width


def photo_errors(source: Path, outputs: dict[Key, Path]) -> dict[Key, float]:
    """Mean squared error of each output against the source decoded in full and scaled with
    Lanczos in one step (the slow, careful way), so a shortcut in either tool would show."""
    with Image.open(source) as img:
        upright = ImageOps.exif_transpose(img).convert("RGB")
    references: dict[tuple[int, int], Image.Image] = {}
    errors = {}
    for key, path in outputs.items():
        with Image.open(path) as out:
            made = out.convert("RGB")
        if made.size not in references:
            references[made.size] = upright.resize(made.size, Image.Resampling.LANCZOS)
        rms = ImageStat.Stat(ImageChops.difference(made, references[made.size])).rms
        errors[key] = sum(v * v for v in rms) / len(rms)
    return errors


def psnr(photos: list[Photo], runs: list[Run], workers: int) -> dict[Key, float]:
    """(tool, format, width) -> PSNR in dB, from the mean squared error over the photos."""
    outputs = [
        {
            (run.tool, fmt, width): run.files[photo.stem][fmt][width]
            for run in runs
            for fmt in FORMATS
            for width in photo.widths
        }
        for photo in photos
    ]
    with ProcessPoolExecutor(workers) as pool:
        per_photo = list(pool.map(photo_errors, [photo.source for photo in photos], outputs))
    squared: dict[Key, list[float]] = {}
    for errors in per_photo:
        for key, error in errors.items():
            squared.setdefault(key, []).append(error)
    return {
        key: 10 * math.log10(255**2 / max(statistics.fmean(values), 1e-9))
        for key, values in squared.items()
    }


# ---------------------------------------------------------------- report


def megabytes(files: list[Path]) -> float:
    return sum(path.stat().st_size for path in files) / 1e6


def mib(size: int) -> str:
    return f"{size / 2**20:.0f} MiB"


def pin_cores(workers: int) -> str:
    """Give both tools the same cores. sharp's AVIF encoder starts threads of its own (libaom
    via libheif; nothing in sharp turns that off), so only the CPU set, not thread counts,
    makes the comparison equal. Children inherit the affinity."""
    available = sorted(os.sched_getaffinity(0))
    if workers < len(available):
        os.sched_setaffinity(0, available[:workers])
        return f"pinned to CPUs {available[:workers]}"
    return f"{len(available)} CPUs"


def report(
    photos: list[Photo],
    ours_runs: list[Run],
    sharp_runs: list[Run],
    memory: list[Run],
    quality: dict[Key, float],
    setup: str,
) -> None:
    ours, sharp = min(ours_runs, key=lambda r: r.wall), min(sharp_runs, key=lambda r: r.wall)
    turned = sum(photo.orientation != 1 for photo in photos)
    outputs = sum(len(photo.widths) for photo in photos) * len(FORMATS)
    size = megabytes([photo.source for photo in photos])
    print(
        f"corpus: {len(photos)} photos {PHONE_SIZE[0]}x{PHONE_SIZE[1]} JPEG q90 ({turned} turned "
        f"by EXIF), {size:.0f} MB -> {outputs} files per tool"
    )
    versions = f"sharp {sharp.info['sharp']} (libvips {sharp.info['vips']})"
    print(f"{setup}; {versions}, mode {sharp.info['mode']}")
    for label, runs, best in (("ours ", ours_runs, ours), ("sharp", sharp_runs, sharp)):
        rounds = ", ".join(f"{r.wall:.2f}" for r in runs)
        print(f"{label} {best.wall:7.2f} s wall  {best.cpu:7.2f} s CPU   (best of: {rounds})")
    print(
        f"ours / sharp: {ours.wall / sharp.wall:.2f} wall, {ours.cpu / sharp.cpu:.2f} CPU "
        "(target: wall <= 1.0)"
    )
    print("bytes out:")
    for fmt in FORMATS:
        mine = megabytes([p for f in ours.files.values() for p in f[fmt].values()])
        theirs = megabytes([p for f in sharp.files.values() for p in f[fmt].values()])
        print(f"  {fmt:5} ours {mine:6.2f} MB  sharp {theirs:6.2f} MB  ({mine / theirs:.3f}x)")
    widths = sorted({width for *_, width in quality})
    print("PSNR (dB, ours / sharp) against a one-step Lanczos from the full decode:")
    print("       " + "".join(f"{width:>8} px     " for width in widths))
    for fmt in FORMATS:
        cells = [
            f"{quality['ours', fmt, w]:6.2f} / {quality['sharp', fmt, w]:5.2f}" for w in widths
        ]
        print(f"  {fmt:5}" + "  ".join(cells))
    full, noop = ours.info["full"], ours.info["noop"]
    share = re.search(r"AVIF \d+%", full["summary"])
    print(f"{share.group(0) if share else 'AVIF ?'} of our worker time")
    print(
        f"no-op rebuild (warm cache): {noop['seconds']:.3f} s = "
        f"{100 * noop['seconds'] / full['seconds']:.2f}% of the full stage "
        f"({full['seconds']:.2f} s; target <= 5%)"
    )
    for run in memory:
        workers, parent, worker = (
            run.info["workers"],
            run.info["parent_rss"],
            run.info["worker_rss"],
        )
        print(
            f"peak RSS, ours with {workers} workers: parent {mib(parent)}, largest worker "
            f"{mib(worker)}, at most {mib(parent + workers * worker)} together "
            "(target with 2: <= 1024 MiB)"
        )
    print(f"peak RSS, sharp (one process, {sharp.info['workers']} threads): {mib(sharp.maxrss)}")
    print(f"  [{full['summary']}]\n  [{noop['summary']}]")


def main() -> int:
    cores = len(os.sched_getaffinity(0))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=40, help="photos in the corpus (40)")
    parser.add_argument("--workers", type=int, default=cores, help=f"processes/threads ({cores})")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each tool, alternating (2)")
    parser.add_argument(
        "--sharp-mode",
        choices=("raw", "clone"),
        default="raw",
        help="raw: decode and resize once per width (default, sharp's fastest); "
        "clone: a .clone() per output, as eleventy-img does",
    )
    parser.add_argument("--keep", type=Path, help="copy every output into this folder")
    parser.add_argument("--ours-child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.ours_child:
        ours_child(args.ours_child)
        return 0

    ensure_sharp()
    sources = corpus(args.count, cores)
    setup = f"workers: {args.workers}, {pin_cores(args.workers)}"
    ladder = DEFAULT_SETTINGS.kinds[KIND].widths
    photos = []
    for index, source in enumerate(sources):
        upright_width = probe(source, DEFAULT_SETTINGS.max_pixels).width
        widths = output_widths(upright_width, ladder)
        photos.append(Photo(source.stem, source, orientation_of(index), widths))

    work = Path(tempfile.mkdtemp(prefix="bench-images-"))
    try:
        ours_runs: list[Run] = []
        sharp_runs: list[Run] = []
        for round_ in range(args.rounds):
            # alternate who goes first: neither always runs on the warmer (or busier) machine
            for tool in ("ours", "sharp") if round_ % 2 == 0 else ("sharp", "ours"):
                if tool == "ours":
                    run = run_ours(photos, args.workers, work / f"ours-{round_}")
                    ours_runs.append(run)
                else:
                    run = run_sharp(photos, args.workers, work / f"sharp-{round_}", args.sharp_mode)
                    sharp_runs.append(run)
                print(f"  round {round_ + 1}: {tool} {run.wall:.2f} s", flush=True)
        ours, sharp = min(ours_runs, key=lambda r: r.wall), min(sharp_runs, key=lambda r: r.wall)
        problems = mismatches(photos, ours, sharp)
        if problems:
            print(f"FAIL: {len(problems)} outputs of ours and sharp's differ:", file=sys.stderr)
            for problem in problems:
                print(f"  {problem}", file=sys.stderr)
            return 1
        memory = [ours]
        if args.workers != 2:  # the memory target is for two workers
            memory.append(run_ours(photos, 2, work / "ours-2-workers"))
        quality = psnr(photos, [ours, sharp], args.workers)
        report(photos, ours_runs, sharp_runs, memory, quality, setup)
        if args.keep:
            shutil.copytree(work, args.keep, dirs_exist_ok=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
