#!/usr/bin/env python3
"""A big studio's portfolio and flash pages against the demo's, Lighthouse mobile, in one run.

    .venv/bin/python bench/portfolio_scale.py [--count 500] [--count 2000] [--big DIR ...]
                                              [--photos generated|demo]
                                              [--runs 3] [--budget 60] [--project DIR]
                                              [--keep DIR] [--cpu-slowdown 4|auto]
                                              [--control]
    .venv/bin/python bench/portfolio_scale.py --pooled DIR [--pooled DIR ...]

Builds the demo content/ and each big content with `build.py build` (the big ones with
IMAGES_TIME_BUDGET, so a first build stays bounded: the pages then offer what the cache holds,
as on Netlify), serves every dist/ as built (bench/scale.py's server: `build.py serve` would
encode every photo the budget left) and runs Lighthouse 13 (bench/lighthouse.py's; default
mobile settings: simulated slow 4G and a 4x slower CPU) on, in English and under /es/:
/portfolio, the portfolio of the big content's artist with the most pieces (the demo's
/portfolio/dmitri-volkov, as bench/lighthouse.py measures) and /flash. After one unscored
warm-up run per site, the runs of every site take turns route by route, so a machine that gets
busier weighs on all alike. It prints, per route, the median performance score and TBT of the
demo and of each big content and their differences, and exits 1 when a big page is more than
3 points or 50 ms of TBT behind the demo's (issue #46; docs/portfolio.md#a-big-studio).

A big content: `--count N` makes (once) bench/.work/scale-<N>/ with bench/scale_content.py, the
demo plus 10 artists sharing N photos (500: 536 pieces, an artist of 50), as bench/scale.py does
(`--photos demo`: the same content with the demo's own photos cycled in place of the generated
ones, in bench/.work/scale-<N>-demo-photos/, so a tile weighs what a demo tile weighs and only
the studio's size differs); `--big DIR` takes a content folder as it is. Its build goes to
<folder>/build-portfolio/, its media cache seeded (hard links: the cache writes by renaming)
from bench/scale.py's <folder>/build-this/.cache when there is one, the demo's from this
checkout's .cache, so only photos no build has seen are encoded. `--cpu-slowdown auto` adds
beside the default figures a second table with the slowdown Lighthouse's calculator gives for
this host (bench/lighthouse.py); the default figures are always printed. `--control` measures
the demo a second time, from a server of its own, in the same turns as the others: its
differences from the demo are what this host invents (shown, not counted in the verdict), the
floor any big content's differences are read against. `--pooled` runs nothing: it reads the
reports earlier runs kept (--keep) and prints, per page and site, the mean TBT of every run
with its standard error and its difference from the demo's, a figure a median of 3 on a
noisy host cannot give. About 15 s a Lighthouse
run on two cores: 6 routes x (1 + big contents) x runs, plus warm-ups; with both contents and 3
runs about 20 minutes. Run it on a quiet machine: it prints the load average at start and end.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import httpx
import yaml

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

from lighthouse import (  # noqa: E402
    calibrated_slowdown,
    ensure_lighthouse,
    lighthouse_report,
)
from scale import SERVE_AS_BUILT  # noqa: E402  (serve on a dist/ as built, nothing built)
from served import free_port  # noqa: E402

WORK = BENCH / ".work"
DEMO_ARTIST = "dmitri-volkov"  # bench/lighthouse.py's artist page
GENERATED_ARTISTS = 10  # as bench/scale.py makes them
DEFAULT_SLOWDOWN = 4  # Lighthouse's own CPU slowdown, the figures that count (--cpu-slowdown)
TBT_SLACK_MS = 50
SCORE_SLACK = 3


@dataclass(frozen=True)
class Site:
    label: str  # "demo", "536 pieces"
    content: Path
    folder: Path  # holds dist/ and .cache/
    artist: str  # the artist page measured
    control: bool = False  # the demo again (--control): the host's noise, not a big content

    @property
    def routes(self) -> tuple[str, ...]:
        english = ("/portfolio", f"/portfolio/{self.artist}", "/flash")
        return english + tuple("/es" + r for r in english)


@dataclass(frozen=True)
class Score:
    performance: float
    tbt_ms: float
    lcp_s: float
    main_thread_ms: float  # Lighthouse's main-thread work: what would grow with the studio
    kib: float  # everything the page fetched
    benchmark_index: float
    late_tasks: tuple[str, ...] = ()  # late_long_tasks(): what TBT can count


# What a long task came from, by the URL Lighthouse's long-task audit gives it.
TASK_SOURCES = ("main.js", "app", "page", "browser")


def late_long_tasks(audits: dict) -> tuple[str, ...]:
    """The source of each long task that ends after FCP and starts before TTI, the window TBT
    sums: "main.js" (the page's script, which starts the app), "app" (the app's other chunks),
    "page" (the document: parsing and what it caused), "browser" (no script: style, layout,
    paint, module evaluation)."""
    fcp = audits["first-contentful-paint"]["numericValue"]
    tti = audits["interactive"]["numericValue"]
    sources = []
    for task in audits["long-tasks"]["details"]["items"]:
        if task["startTime"] + task["duration"] <= fcp or task["startTime"] >= tti:
            continue
        name = task["url"].rsplit("/", 1)[-1]
        if task["url"] == "Unattributable":
            sources.append("browser")
        elif name.startswith("main-") and name.endswith(".js"):
            sources.append("main.js")
        elif name.endswith((".js", ".css")):
            sources.append("app")
        else:
            sources.append("page")
    return tuple(sources)


def pieces_of(content: Path) -> dict[str, int]:
    counts = {}
    for file in sorted((content / "portfolio").glob("*.yaml")):
        counts[file.stem] = len(yaml.safe_load(file.read_text("utf-8")) or [])
    return counts


def seed_cache(cache: Path, source: Path) -> None:
    """A copy of `source` made of hard links: the media cache writes a file by renaming a new
    one over it (generator/files.py), so the source is never changed through them."""
    if cache.exists() or not source.is_dir():
        return
    print(f"  seeding {cache} from {source} (hard links) ...", flush=True)
    shutil.copytree(source, cache, copy_function=os.link, symlinks=True)


def with_demo_photos(content: Path, folder: Path) -> Path:
    """folder/content (made once): `content` with every photo that is not the demo's replaced
    by one of the demo's (cycled; the YAML unchanged), so each tile weighs what a demo tile
    weighs and only the studio's size differs from the demo; the media cache, keyed by the
    photos' bytes, then has every variant already (issue #46: docs/portfolio.md#a-big-studio)."""
    made = folder / "content"
    if made.is_dir():
        return made
    print(f"  making {made} with the demo's photos (once) ...", flush=True)
    partial = folder / "content.partial"
    shutil.rmtree(partial, ignore_errors=True)
    shutil.copytree(content, partial)
    demo = ROOT / "content" / "images"
    for kind in ("work", "artists"):
        own = sorted(p for p in (demo / kind).iterdir() if p.suffix.lower() == ".jpg")
        names = {p.name for p in own}
        photos = sorted((partial / "images" / kind).iterdir())
        generated = [p for p in photos if p.name not in names]
        for number, photo in enumerate(generated):
            photo.unlink()
            shutil.copyfile(own[number % len(own)], photo)
    partial.rename(made)
    return made


def build(site: Site, project: Path, budget: str) -> None:
    site.folder.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    log = site.folder / "build.log"
    with open(log, "wb") as out:
        proc = subprocess.run(
            [sys.executable, str(project / "build.py"), "build", "--content", str(site.content)]
            + ["--out", str(site.folder / "dist"), "--cache", str(site.folder / ".cache")],
            cwd=project,
            # That checkout's code, its image workers too (as served() runs its server).
            env={**os.environ, "IMAGES_TIME_BUDGET": budget, "PYTHONPATH": str(project)},
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    if proc.returncode != 0:
        raise SystemExit(f"{site.label}: the build failed, see {log}")
    print(f"  {site.label}: built in {time.monotonic() - started:.0f} s", flush=True)


@contextmanager
def served(site: Site, project: Path):
    port = free_port()
    command = [sys.executable, "-c", SERVE_AS_BUILT, str(site.content), str(site.folder / "dist")]
    log_file = site.folder / f"serve-{site.label.replace(' ', '-')}.log"
    with open(log_file, "wb") as log:
        server = subprocess.Popen(
            command + [str(port)],
            cwd=project,
            env={**os.environ, "PYTHONPATH": str(project)},  # that checkout's server, as scale.py
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if server.poll() is not None:
                raise SystemExit(f"{site.label}: the server exited, see {log_file}")
            try:
                if httpx.get(f"{url}/portfolio", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit(f"{site.label}: the server did not come up")
            time.sleep(0.5)
        yield url
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def lighthouse(url: str, report: Path, chrome: str, cpu_slowdown: float) -> Score:
    """One Lighthouse run (performance only) in a fresh browser, its JSON kept at `report`."""
    result = lighthouse_report(url, report, chrome, cpu_slowdown, ("performance",))
    audits = result["audits"]
    return Score(
        performance=result["categories"]["performance"]["score"] * 100,
        tbt_ms=audits["total-blocking-time"]["numericValue"],
        lcp_s=audits["largest-contentful-paint"]["numericValue"] / 1000,
        main_thread_ms=sum(
            item["duration"] for item in audits["mainthread-work-breakdown"]["details"]["items"]
        ),
        kib=audits["total-byte-weight"]["numericValue"] / 1024,
        benchmark_index=result["environment"]["benchmarkIndex"],
        late_tasks=late_long_tasks(audits),
    )


def measure(
    sites: list[Site], urls: dict[str, str], runs: int, reports: Path, chrome: str, slowdown: float
) -> dict[tuple[str, int], list[Score]]:
    """Scores by (site label, route index): every route's runs, the sites taking turns."""
    for site in sites:  # a first run warms the server's and the disk's caches: not scored
        lighthouse(urls[site.label] + "/portfolio", reports / "warm-up.json", chrome, slowdown)
    scores: dict[tuple[str, int], list[Score]] = {}
    for run in range(runs):
        for index in range(len(sites[0].routes)):
            for site in sites:
                route = site.routes[index]
                report = reports / report_name(site.label, route, slowdown, run + 1)
                score = lighthouse(urls[site.label] + route, report, chrome, slowdown)
                scores.setdefault((site.label, index), []).append(score)
                print(
                    f"  run {run + 1}/{runs} {site.label:>12} {route:<28} "
                    f"{score.performance:3.0f}  TBT {score.tbt_ms:5.0f} ms",
                    flush=True,
                )
    return scores


def report_name(label: str, route: str, slowdown: float, run: int) -> str:
    """A kept report's file name: "536 pieces", "/es/flash", 4, 1 -> 536-pieces_es_flash-4.00-1.json
    (labels hold no "_", slugs no "/"; pooled() reads the name back)."""
    return f"{label}{route}".replace("/", "_").replace(" ", "-") + f"-{slowdown:.2f}-{run}.json"


def pooled(folders: list[Path]) -> None:
    """Every default-throttling run the reports in these folders hold, by page and site (named
    by report_name()): TBT mean and standard error, the difference of means from the demo's,
    and the mean performance."""
    marker = f"-{DEFAULT_SLOWDOWN:.2f}-"
    runs: dict[str, dict[str, list[tuple[float, float]]]] = {}  # route -> label -> runs
    for folder in folders:
        for report in sorted(folder.glob(f"*{marker}*.json")):
            label, _, path = report.name.rsplit(marker, 1)[0].partition("_")
            parts = path.split("_")
            if parts[-2:-1] == ["portfolio"]:  # each site's own artist
                parts[-1] = "<artist>"
            result = json.loads(report.read_text("utf-8"))
            score = result["categories"]["performance"]["score"] * 100
            tbt = result["audits"]["total-blocking-time"]["numericValue"]
            by_label = runs.setdefault("/" + "/".join(parts), {})
            by_label.setdefault(label, []).append((tbt, score))
    if not runs:
        raise SystemExit(f"no reports in {', '.join(map(str, folders))}")

    def mean_se(values: list[float]) -> tuple[float, float]:
        spread = statistics.stdev(values) if len(values) > 1 else 0.0
        return statistics.fmean(values), spread / len(values) ** 0.5

    print("| route | site | runs | TBT mean ± s.e. | TBT median | mean minus demo's | perf mean |")
    print("|---|---|---|---|---|---|---|")
    for route, by_label in sorted(runs.items()):
        demo = mean_se([tbt for tbt, _ in by_label["demo"]]) if "demo" in by_label else None
        for label, values in sorted(by_label.items(), key=lambda item: item[0] != "demo"):
            tbt = [t for t, _ in values]
            mean, se = mean_se(tbt)
            diff = "n/a" if demo is None else ""
            if demo is not None and label != "demo":
                diff = f"{mean - demo[0]:+.0f} ± {(se**2 + demo[1] ** 2) ** 0.5:.0f} ms"
            perf = statistics.fmean(p for _, p in values)
            print(
                f"| {route} | {label} | {len(tbt)} | {mean:.0f} ± {se:.0f} ms | "
                f"{statistics.median(tbt):.0f} ms | {diff} | {perf:.1f} |"
            )


def table(sites: list[Site], scores: dict[tuple[str, int], list[Score]], slowdown: float) -> bool:
    """Prints the medians, demo against each big content; whether every page is within slack."""
    demo, bigs = sites[0], sites[1:]
    med = {
        key: (
            statistics.median(s.performance for s in runs),
            statistics.median(s.tbt_ms for s in runs),
            statistics.median(s.lcp_s for s in runs),
        )
        for key, runs in scores.items()
    }
    index = statistics.median(s.benchmark_index for runs in scores.values() for s in runs)
    print(
        f"\nLighthouse mobile (slow 4G, CPU x{slowdown:.2f}), median of "
        f"{len(next(iter(scores.values())))}; host benchmark index {index:.0f}"
    )
    head = "| route (demo / big) | demo: perf, TBT, LCP |"
    head += "".join(f" {b.label}: perf, TBT, LCP | diff perf, TBT |" for b in bigs)
    print(head)
    print("|" + "---|" * (2 + 2 * len(bigs)))
    ok = True
    for i, route in enumerate(demo.routes):
        perf, tbt, lcp = med[(demo.label, i)]
        cells = [f"{route}", f"{perf:.0f}, {tbt:.0f} ms, {lcp:.1f} s"]
        for big in bigs:
            b_perf, b_tbt, b_lcp = med[(big.label, i)]
            within = b_perf >= perf - SCORE_SLACK and b_tbt <= tbt + TBT_SLACK_MS
            ok &= within or big.control
            verdict = "" if within else " (noise)" if big.control else " MISS"
            if big.routes[i] != route:
                cells[0] = f"{route} / {big.routes[i]}"
            cells.append(f"{b_perf:.0f}, {b_tbt:.0f} ms, {b_lcp:.1f} s")
            cells.append(f"{b_perf - perf:+.0f}, {b_tbt - tbt:+.0f} ms{verdict}")
        print("| " + " | ".join(cells) + " |")
    # What the scores rest on: main-thread work that grows with the studio would show here
    # whatever the network; bytes that differ are the photos' (docs/portfolio.md#a-big-studio).
    print("\n| route | " + " | ".join(f"{s.label}: main thread, bytes" for s in sites) + " |")
    print("|" + "---|" * (1 + len(sites)))
    for i, route in enumerate(demo.routes):
        cells = [route]
        for site in sites:
            runs = scores[(site.label, i)]
            work = statistics.median(s.main_thread_ms for s in runs)
            cells.append(f"{work:,.0f} ms, {statistics.median(s.kib for s in runs):,.0f} KiB")
        print("| " + " | ".join(cells) + " |")
    # Every run of a site, not the medians: how often a run's TBT is high, and which long tasks
    # it counts; a median of 3 hides a tail that decides whether the next run misses.
    print("\n| site | TBT of every run: median, p90, max | runs >= 100 ms | ", end="")
    print("long tasks after FCP: " + ", ".join(TASK_SOURCES) + " |")
    print("|---|---|---|---|")
    for site in sites:
        runs = [s for i in range(len(site.routes)) for s in scores[(site.label, i)]]
        tbt = sorted(s.tbt_ms for s in runs)
        p90 = tbt[min(len(tbt) - 1, int(0.9 * len(tbt)))]
        late = [source for s in runs for source in s.late_tasks]
        counts = ", ".join(str(late.count(source)) for source in TASK_SOURCES)
        print(
            f"| {site.label} ({len(runs)} runs) | {statistics.median(tbt):.0f}, {p90:.0f}, "
            f"{tbt[-1]:.0f} ms | {sum(t >= 100 for t in tbt)} | {counts} |"
        )
    return ok


def big_site(folder: Path, label: str) -> Site:
    content = folder / "content" if (folder / "content" / "site.yaml").is_file() else folder
    counts = pieces_of(content)
    if not counts:
        raise SystemExit(f"{content}: no portfolio/*.yaml")
    artist = max(counts, key=lambda slug: (counts[slug], slug not in pieces_of(ROOT / "content")))
    total = sum(counts.values())
    # bench/scale.py's layout (<folder>/content) builds beside the content; any other folder
    # builds in bench/.work/portfolio-<its name>/, never inside the content.
    in_layout = content.name == "content"
    elsewhere = WORK / f"portfolio-{content.name}"
    build_folder = content.parent / "build-portfolio" if in_layout else elsewhere
    return Site(label or f"{total} pieces", content, build_folder, artist)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--count",
        type=int,
        action="append",
        default=[],
        help="photos of a generated content (repeatable; default 500)",
    )
    parser.add_argument(
        "--big",
        type=Path,
        action="append",
        default=[],
        help="a big content folder as it is (repeatable)",
    )
    parser.add_argument(
        "--photos",
        choices=("generated", "demo"),
        default="generated",
        help="the --count contents' photos: generated phone-like JPEGs (default), or the "
        "demo's own photos cycled, so a tile weighs what a demo tile weighs",
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--budget", default="60", help="IMAGES_TIME_BUDGET of the builds, seconds (default 60)"
    )
    parser.add_argument("--project", type=Path, default=ROOT, help="the checkout to build with")
    parser.add_argument("--keep", type=Path, help="keep the Lighthouse reports here")
    parser.add_argument("--cpu-slowdown", default="4", help="4 (Lighthouse's default) or auto")
    parser.add_argument(
        "--pooled",
        type=Path,
        action="append",
        default=[],
        help="print every run of the reports kept in DIR (repeatable); measures nothing",
    )
    parser.add_argument(
        "--control",
        action="store_true",
        help="also measure the demo against itself: the differences this host invents",
    )
    args = parser.parse_args()
    if args.pooled:
        pooled(args.pooled)
        return 0
    chrome = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
    ensure_lighthouse()
    project = args.project.resolve()

    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    demo = Site("demo", ROOT / "content", WORK / "portfolio-demo", DEMO_ARTIST)
    bigs = [big_site(folder.resolve(), "") for folder in args.big]
    for count in args.count or ([] if args.big else [500]):
        from scale_content import make_content_set

        folder = WORK / f"scale-{count}"
        cores = os.cpu_count() or 2
        make_content_set(folder, count=count, artists=GENERATED_ARTISTS, workers=cores)
        if args.photos == "demo":
            content = with_demo_photos(folder / "content", WORK / f"scale-{count}-demo-photos")
            big = big_site(content, "")
            bigs.append(replace(big, label=f"{big.label}, demo photos"))
        else:
            bigs.append(big_site(folder / "content", ""))
    sites = [demo, *bigs]
    if args.control:
        sites.append(replace(demo, label="demo again", control=True))
    if project != ROOT:
        # Another checkout ("before") builds into folders of its own, its caches seeded from
        # this checkout's, so both can be measured one after the other.
        own = [
            replace(s, folder=s.folder.with_name(f"{s.folder.name}-{project.name}")) for s in sites
        ]
        for site, mine in zip(own, sites, strict=True):
            seed_cache(site.folder / ".cache", mine.folder / ".cache")
        sites = own

    seed_cache(demo.folder / ".cache", ROOT / ".cache")
    for big in bigs:
        seed_cache(big.folder / ".cache", big.content.parent / "build-this" / ".cache")
        if args.photos == "demo":  # the demo's photos: their variants are the demo's
            seed_cache(big.folder / ".cache", ROOT / ".cache")
    for site in sites:
        if not site.control:  # the demo's own dist/, served a second time
            build(site, project, args.budget)

    ok = True
    with ExitStack() as stack:
        urls = {site.label: stack.enter_context(served(site, project)) for site in sites}
        if args.keep:
            reports = args.keep.resolve()
            reports.mkdir(parents=True, exist_ok=True)
        else:
            reports = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        started = time.monotonic()
        scores = measure(sites, urls, args.runs, reports, chrome, DEFAULT_SLOWDOWN)
        ok = table(sites, scores, DEFAULT_SLOWDOWN)
        if args.cpu_slowdown == "auto":
            index = statistics.median(s.benchmark_index for r in scores.values() for s in r)
            slowdown = calibrated_slowdown(index)
            calibrated = measure(sites, urls, args.runs, reports, chrome, slowdown)
            print("\n(host-calibrated, beside the default figures above, not instead of them)")
            table(sites, calibrated, slowdown)
        print(f"\nmeasured in {(time.monotonic() - started) / 60:.1f} min")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if not ok:
        print(f"a big page is over {SCORE_SLACK} points or {TBT_SLACK_MS} ms TBT behind the demo")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
