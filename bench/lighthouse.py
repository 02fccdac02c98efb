#!/usr/bin/env python3
"""Lighthouse (mobile, simulated throttling) on the demo's routes in both languages, median of 3.

    .venv/bin/python bench/lighthouse.py [--runs 3] [--project DIR] [--against DIR]
                                         [--route /aftercare ...] [--cpu-slowdown 4|auto]

Builds content/ and serves it with `build.py serve --no-watch` (the checkout given by
--project, this one by default; --against another checkout, a worktree of main for
"before", served beside it, with the runs of the two interleaved so that a machine that
gets busier or quieter during the benchmark weighs on both alike), then
runs Lighthouse from bench/package-lock.json (installed with `npm ci` when missing) in
Debian's Chromium (CHROME_PATH, default /usr/bin/chromium, with the flags of
tests/browser/conftest.py), each run a fresh browser with an empty cache. Lighthouse's
defaults: a mid-range phone, simulated slow 4G and a 4x slower CPU.

After an unscored warm-up run, prints, per route (every screen and the not-found page, in
English and under /es/ in Spanish: ROUTES), the median of each figure over the runs: the
performance, accessibility, best practices and SEO scores, LCP, CLS, FCP and TBT; then the
audits of the last three categories that failed in any run, and for each home page (/ and
/es/) its first-load JavaScript (its module script and the chunks it starts the app with)
gzipped, and all the JavaScript it fetches with nobody touching it (a 390x844 Chromium, once
the network is quiet and the page idle: fetched_scripts). With --against, the same table for
that checkout and a comparison: performance of both, and TBT and LCP as ratios (this /
against).
Exits 1 when a route misses the budget of docs/architecture.md#performance-budget
(performance >= 95, accessibility, best practices and SEO 100, LCP <= 2.0 s, CLS <= 0.02) or
the first load of a home page, or what it fetches, is over 100 KiB gzip. Simulated throttling
replays the CPU work the page really did, scaled 4x, so a busy machine reads slower: run it on
a quiet one. A slow one reads slower too: `--cpu-slowdown auto` measures the host's benchmark
index over three warm-up runs and scales by what Lighthouse's CPU throttling calculator gives
for it (4 on a host of index 1533; calibrated_slowdown), to measure the phone Lighthouse means.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import httpx

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

from served import served_site  # noqa: E402

# Every screen once (docs/product.md#routes), the not-found page last; each in English and
# under /es/ in Spanish.
ENGLISH_ROUTES = (
    "/",
    "/portfolio",
    "/portfolio/dmitri-volkov",
    "/flash",
    "/flash/kai-nakamura",
    "/piercings",
    "/aftercare",
    "/policies",
    "/test",
    "/404.html",
)
ROUTES = ENGLISH_ROUTES + tuple("/es" + route for route in ENGLISH_ROUTES)
# The not-found page is measured as its file: Lighthouse refuses to score a page that answers 404
# (ERRORED_DOCUMENT_REQUEST). It and /test (the scroll-animation demo, kept out of search by
# robots.txt) ask not to be indexed, as they should, which Lighthouse's SEO category marks down:
# their SEO score is printed but not held to the budget.
UNLISTED_SUFFIXES = ("/404.html", "/test")
HOME_PAGES = ("/", "/es/")
LIGHTHOUSE = BENCH / "node_modules" / "lighthouse" / "cli" / "index.js"
# tests/browser/conftest.py: Chromium as the browser tests start it (this machine's network
# refuses Chromium's background connections).
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run"
    " --disable-background-networking --disable-component-update --disable-sync"
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
SCORES = tuple(category.replace("-", "_") for category in CATEGORIES)  # their fields in Run
BUDGET = {
    "performance": 95,
    "accessibility": 100,
    "best_practices": 100,
    "seo": 100,
    "lcp_s": 2.0,
    "cls": 0.02,
}
FIRST_LOAD_BUDGET_KIB = 100


@dataclass(frozen=True)
class Run:
    performance: float
    accessibility: float
    best_practices: float
    seo: float
    lcp_s: float
    cls: float
    fcp_s: float
    tbt_ms: float
    failed: tuple[str, ...]  # "category: audit" of the scored audits that did not pass
    benchmark_index: float  # Lighthouse's measure of the host's CPU during the run


# Lighthouse's 4x CPU slowdown turns a host of benchmark index about 1,500 into a mid-range phone;
# on a slower host it makes a slower phone than it means to. Lighthouse's CPU throttling calculator
# (its docs/throttling.md, "calibrating the CPU slowdown") maps the host's index to the multiplier
# that makes the same phone; --cpu-slowdown auto uses it.
def calibrated_slowdown(benchmark_index: float) -> float:
    """The CPU slowdown that makes Lighthouse's mid-range phone of a host of this index."""
    if benchmark_index >= 1300:
        return 3 + (benchmark_index - 1300) / 233
    if benchmark_index >= 800:
        return 2 + (benchmark_index - 800) / 500
    return max(1.0, 1 + (benchmark_index - 150) / 650)


def ensure_lighthouse() -> None:
    if shutil.which("node") is None:
        raise SystemExit("Lighthouse needs Node.js (`node` is not on PATH)")
    if LIGHTHOUSE.is_file():
        return
    print("installing Lighthouse into bench/node_modules (npm ci) ...", flush=True)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=BENCH, check=True)


def lighthouse_report(
    url: str,
    report: Path,
    chrome: str,
    cpu_slowdown: float = 4,
    categories: tuple[str, ...] = CATEGORIES,
) -> dict:
    """One Lighthouse run of `url` in a fresh browser, of these categories only: its JSON
    report, kept at `report` (bench/portfolio_scale.py asks for performance alone)."""
    command = [
        "node",
        str(LIGHTHOUSE),
        url,
        f"--only-categories={','.join(categories)}",
        f"--throttling.cpuSlowdownMultiplier={cpu_slowdown:.2f}",
        "--output=json",
        f"--output-path={report}",
        f"--chrome-flags={CHROME_FLAGS}",
        "--quiet",
    ]
    proc = subprocess.run(
        command, env={**os.environ, "CHROME_PATH": chrome}, capture_output=True, text=True
    )
    if proc.returncode != 0 or not report.is_file():
        raise SystemExit(f"Lighthouse failed on {url}:\n{(proc.stderr or proc.stdout)[-3000:]}")
    result = json.loads(report.read_text("utf-8"))
    if result.get("runtimeError"):
        raise SystemExit(f"Lighthouse on {url}: {result['runtimeError']}")
    return result


def lighthouse(url: str, report: Path, chrome: str, cpu_slowdown: float = 4) -> Run:
    """One Lighthouse run of `url` in a fresh browser; the JSON report is kept at `report`."""
    result = lighthouse_report(url, report, chrome, cpu_slowdown)
    audits, categories = result["audits"], result["categories"]
    failed = tuple(
        f"{category}: {ref['id']}"
        for category in CATEGORIES[1:]
        for ref in categories[category]["auditRefs"]
        if ref["weight"] > 0 and audits[ref["id"]]["score"] not in (None, 1)
    )
    return Run(
        **{
            field: categories[c]["score"] * 100 for field, c in zip(SCORES, CATEGORIES, strict=True)
        },
        lcp_s=audits["largest-contentful-paint"]["numericValue"] / 1000,
        cls=audits["cumulative-layout-shift"]["numericValue"],
        fcp_s=audits["first-contentful-paint"]["numericValue"] / 1000,
        tbt_ms=audits["total-blocking-time"]["numericValue"],
        failed=failed,
        benchmark_index=result["environment"]["benchmarkIndex"],
    )


def first_load_gzip(url: str, home: str = "/") -> tuple[int, int]:
    """Bytes of a home page's module script and the chunks it starts the app with (the page's
    app-chunks list, site-src/src/main.tsx): as served, and gzipped (level 9)."""
    html = httpx.get(f"{url}{home}").text
    scripts = re.findall(r'<script type="module" src="([^"]+)"', html)
    listed = re.search(r'<script id="app-chunks" type="application/json">(.*?)</script>', html)
    chunks = json.loads(listed.group(1)) if listed else []
    raw = zipped = 0
    for src in {*scripts, *chunks}:
        body = httpx.get(f"{url}{src}").content
        raw += len(body)
        zipped += len(gzip.compress(body, 9))
    return raw, zipped


# What a phone fetches without interaction (docs/architecture.md#performance-budget): after the
# network has gone quiet, this long again for what the page loads when it is idle.
FETCHED_SETTLE_MS = 3000
FETCHED_VIEWPORT = {"width": 390, "height": 844}


@dataclass(frozen=True)
class Script:
    url: str  # the path, as the page asked for it
    raw: int  # bytes as served
    gzip: int  # bytes gzipped at level 9 (what a CDN sends at worst: brotli is smaller)


def fetched_scripts(browser, url: str) -> list[Script]:
    """Every script a 390x844 page at `url` fetches with nobody touching it: the page loads,
    the network goes quiet, the preloader goes, and FETCHED_SETTLE_MS more pass (chunks loaded
    when the page is idle count); each script once, largest first. `browser` is Playwright's."""
    context = browser.new_context(viewport=FETCHED_VIEWPORT)
    page = context.new_page()
    responses = []

    def on_response(response) -> None:
        path = response.url.split("?")[0]
        if response.request.resource_type == "script" or path.endswith((".js", ".mjs")):
            responses.append(response)

    page.on("response", on_response)
    try:
        page.goto(url, wait_until="networkidle")
        page.wait_for_selector("[data-testid=preloader]", state="detached", timeout=30_000)
        page.wait_for_timeout(FETCHED_SETTLE_MS)
        page.wait_for_load_state("networkidle")
        origin = re.match(r"https?://[^/]+", url).group(0)
        scripts = {}
        for response in responses:
            if response.status != 200:
                continue
            body = response.body()
            path = response.url.removeprefix(origin)
            scripts[path] = Script(path, len(body), len(gzip.compress(body, 9)))
    finally:
        context.close()
    return sorted(scripts.values(), key=lambda s: (-s.gzip, s.url))


def fetched_javascript(url: str, chrome: str) -> list[Script]:
    """fetched_scripts in a Chromium of its own (the flags of tests/browser/conftest.py)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chrome, args=CHROME_FLAGS.split()[1:])
        try:
            return fetched_scripts(browser, url)
        finally:
            browser.close()


def median(runs: list[Run], field: str) -> float:
    return statistics.median(getattr(r, field) for r in runs)


WARM_UP_RUNS_TO_CALIBRATE = 3


def measure(
    sites: dict[str, str],
    routes: tuple[str, ...],
    runs: int,
    reports: Path,
    chrome: str,
    cpu_slowdown: float | None,
) -> tuple[dict[str, dict[str, list[Run]]], float]:
    """Lighthouse `runs` times on each route of each site (label -> URL), the sites taking
    turns run by run and in alternating order, after unscored warm-up runs; with the CPU
    slowdown given, or (None) the one calibrated from the warm-up runs' benchmark index.
    Returns the runs and the slowdown they were made with."""
    results: dict[str, dict[str, list[Run]]] = {label: {r: [] for r in routes} for label in sites}
    # Unscored: the server's and the machine's first requests would otherwise land in the
    # first route's median (docs/architecture.md#performance-budget).
    warm_ups = []
    for label, url in sites.items():
        for n in range(1 if cpu_slowdown else WARM_UP_RUNS_TO_CALIBRATE):
            print(f"  {label} {routes[0]} warm-up run {n + 1} (not scored)", flush=True)
            report = reports / f"{label}-warm-up-{n + 1}.json"
            warm_ups.append(lighthouse(url + routes[0], report, chrome))
    if cpu_slowdown is None:
        index = statistics.median(run.benchmark_index for run in warm_ups)
        cpu_slowdown = calibrated_slowdown(index)
        print(
            f"  host benchmark index {index:.0f} (median of {len(warm_ups)} warm-up runs):"
            f" CPU slowdown {cpu_slowdown:.2f} instead of 4",
            flush=True,
        )
    for route in routes:
        name = route.strip("/").replace("/", "-") or "home"
        for n in range(runs):
            order = list(sites) if n % 2 == 0 else list(reversed(sites))
            for label in order:
                report = reports / f"{label}-{name}-{n + 1}.json"
                run = lighthouse(sites[label] + route, report, chrome, cpu_slowdown)
                results[label][route].append(run)
                print(
                    f"  {label} {route} run {n + 1}: perf {run.performance:.0f}"
                    f" a11y {run.accessibility:.0f} bp {run.best_practices:.0f}"
                    f" seo {run.seo:.0f} LCP {run.lcp_s:.1f} s TBT {run.tbt_ms:.0f} ms",
                    flush=True,
                )
    return results, cpu_slowdown


def print_table(results: dict[str, list[Run]]) -> list[str]:
    """The medians per route; returns what misses the budget."""
    print("| route | perf | a11y | best pr. | SEO | LCP | CLS | FCP | TBT |")
    print("|---|---|---|---|---|---|---|---|---|")
    misses = []
    for route, runs in results.items():
        row = {f: median(runs, f) for f in (*SCORES, "lcp_s", "cls")}
        print(
            f"| {route} | {row['performance']:.0f} | {row['accessibility']:.0f}"
            f" | {row['best_practices']:.0f} | {row['seo']:.0f}"
            f" | {row['lcp_s']:.1f} s | {row['cls']:.3g} | {median(runs, 'fcp_s'):.1f} s"
            f" | {median(runs, 'tbt_ms'):.0f} ms |"
        )
        for score in SCORES:
            if score == "seo" and route.endswith(UNLISTED_SUFFIXES):
                continue
            if row[score] < BUDGET[score]:
                misses.append(f"{route}: {score} {row[score]:.0f} < {BUDGET[score]}")
        if row["lcp_s"] > BUDGET["lcp_s"]:
            misses.append(f"{route}: LCP {row['lcp_s']:.2f} s > {BUDGET['lcp_s']} s")
        if row["cls"] > BUDGET["cls"]:
            misses.append(f"{route}: CLS {row['cls']:.3f} > {BUDGET['cls']}")
    return misses


def print_comparison(this: dict[str, list[Run]], against: dict[str, list[Run]]) -> None:
    print("| route | perf (this / against) | TBT this / against | LCP this / against |")
    print("|---|---|---|---|")
    for route in this:
        tbt = (median(this[route], "tbt_ms"), median(against[route], "tbt_ms"))
        lcp = (median(this[route], "lcp_s"), median(against[route], "lcp_s"))
        ratio = f"{tbt[0] / tbt[1]:.2f}" if tbt[1] else "-"
        print(
            f"| {route} | {median(this[route], 'performance'):.0f} /"
            f" {median(against[route], 'performance'):.0f}"
            f" | {tbt[0]:.0f} / {tbt[1]:.0f} ms = {ratio}"
            f" | {lcp[0]:.2f} / {lcp[1]:.2f} s = {lcp[0] / lcp[1]:.2f} |"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--project", type=Path, default=ROOT, help="checkout to build and serve")
    parser.add_argument("--against", type=Path, help="another checkout, measured interleaved")
    parser.add_argument("--route", action="append", help="a path to measure (repeatable)")
    parser.add_argument("--keep", type=Path, help="keep the Lighthouse JSON reports here")
    parser.add_argument(
        "--cpu-slowdown",
        default="4",
        help="Lighthouse's CPU slowdown (default 4, its own), or auto: calibrated to this host",
    )
    args = parser.parse_args()
    cpu_slowdown = None if args.cpu_slowdown == "auto" else float(args.cpu_slowdown)
    projects = {"this": args.project.resolve()}
    if args.against:
        projects["against"] = args.against.resolve()
    chrome = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
    routes = tuple(args.route or ROUTES)
    ensure_lighthouse()

    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp, ExitStack() as servers:
        work = Path(tmp)
        reports = args.keep or work / "reports"
        reports.mkdir(parents=True, exist_ok=True)
        sites = {}
        for label, project in projects.items():
            print(f"building {project / 'content'} and starting build.py serve", flush=True)
            served = served_site(
                project / "content",
                work / label / "dist",
                project=project,
                cache=project / ".cache" / "build",
            )
            sites[label] = servers.enter_context(served)
        version = subprocess.run(
            ["node", str(LIGHTHOUSE), "--version"], capture_output=True, text=True
        ).stdout.strip()
        print(f"Lighthouse {version}, mobile, simulated throttling, median of {args.runs}")
        results, used = measure(sites, routes, args.runs, reports, chrome, cpu_slowdown)
        javascript = {
            home: (
                first_load_gzip(sites["this"], home),
                fetched_javascript(sites["this"] + home, chrome),
            )
            for home in HOME_PAGES
        }

    print()
    print(f"CPU slowdown {used:.2f} (Lighthouse's default is 4)")
    misses = print_table(results["this"])
    print()
    for route, runs in results["this"].items():
        failed = sorted({audit for run in runs for audit in run.failed})
        if failed:
            print(f"failed audits on {route}: {', '.join(failed)}")
    for home, ((raw, zipped), fetched) in javascript.items():
        print(
            f"first-load JavaScript of {home}: {raw / 1024:.1f} KiB, {zipped / 1024:.1f} KiB gzip"
        )
        fetched_gzip = sum(s.gzip for s in fetched) / 1024
        print(
            f"JavaScript {home} fetches without interaction: {len(fetched)} files,"
            f" {sum(s.raw for s in fetched) / 1024:.1f} KiB, {fetched_gzip:.1f} KiB gzip"
        )
        over = f"KiB gzip > {FIRST_LOAD_BUDGET_KIB}"
        if zipped / 1024 > FIRST_LOAD_BUDGET_KIB:
            misses.append(f"{home}: first-load JavaScript {zipped / 1024:.1f} {over}")
        if fetched_gzip > FIRST_LOAD_BUDGET_KIB:
            misses.append(f"{home}: JavaScript fetched {fetched_gzip:.1f} {over}")
    if "against" in results:
        print(f"\n{projects['against']} (--against), the same runs interleaved:\n")
        print_table(results["against"])
        print()
        print_comparison(results["this"], results["against"])
    print()
    for miss in misses:
        print(f"over budget: {miss}")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
