#!/usr/bin/env python3
"""The build, the dev server and /portfolio with N portfolio photos, beside the demo content.

    .venv/bin/python bench/scale.py [--count 2000] [--seed 1] [--artists 10]
                                    [--skip-cold | --cold-only] [--skip-lighthouse]
                                    [--lighthouse-runs 3]
                                    [--project DIR] [--json FILE]

Makes (once per count and seed, in bench/.work/scale-<N>/, scale-<N>-seed<S>/ for another
seed; bench/scale_content.py) a content
folder: a copy of content/ plus --artists more artists (each with a profile photo) and
--count phone-like portfolio photos spread over them (2400x1800 JPEGs at quality 90, about
1 MB each, all distinct). The demo content is copied as is into bench/.work/scale-demo/.
Both must pass `build.py check` before anything is timed.

Then, on each of the two, through the command line of --project's build.py (this checkout by
default) with its own output and media cache (bench/.work/scale-<N>/build-<project>/):

  cold build         `build.py build` with an empty cache, as Netlify runs it (NETLIFY=true:
                     the images' time budget, docs/architecture.md#images-the-time-budget):
                     wall time (printed as `cold build: <seconds> s (budget 720 s)`, issue
                     #40), peak memory of the whole process tree (VmRSS of every process of
                     its session, sampled every 0.2 s, summed) and of its largest process,
                     photos per second, per core, the photos the budget left without WebP or
                     AVIF; then, untimed, one build without a budget makes those, so the
                     figures below are those of a site whose first builds are done
  no-op check        `build.py check` after that build, median of 3
  no-op build        `build.py build` again, nothing changed, median of 3 (both no-op
                     figures with the two content sets taking turns run by run)
  changed photo      one portfolio photo overwritten with a new 2400x1800 photo, then a
                     build (the first piece of the artist with the most pieces)
  added photo        a new photo appended to that artist's portfolio file, then a build
                     (afterwards the content is put back and built again, untimed)
  YAML in serve      `build.py serve` running, the artist's page open in Chromium: the time
                     from writing a new bio into the artist's YAML until the page shows it
                     (live reload after the rebuild; "timeout" after 120 s)
  /portfolio sizes   dist/portfolio/index.html raw and gzip (and the JSON and JSON-LD
                     scripts inside it); the JSON a browser fetches for the first screen
                     (a phone-sized Chromium, until the network is idle);
                     api/portfolio/all.json for reference
  Lighthouse         on /portfolio (bench/lighthouse.py's Lighthouse and Chromium flags;
                     mobile, simulated slow 4G, 4x CPU): median of --lighthouse-runs after a
                     warm-up, the two content sets interleaved run by run

Prints one table: each figure for the demo, for the N photos and their ratio (N / demo),
with the target of issue #30 where there is one (for the N-photo content: no-op check and
build <= 2 s, a changed or added photo <= 5 s, a YAML edit visible <= 2 s, peak memory of
the cold build <= 1 GiB, Lighthouse performance >= 95; issue #40: the cold build <= 720 s
on 2 cores). Exits 1 when a target is missed. --cold-only stops after the cold builds, and
then (unless --skip-lighthouse) scores /portfolio with Lighthouse on the output as the cold
build left it (the first deploy: photos the budget left without WebP or AVIF are offered as
JPEG), served without building (with --skip-cold too: that score alone, on the earlier
run's output).

--skip-cold keeps the built output and cache of an earlier run (its cold figures are shown
again, marked "earlier"), so the no-op figures can be measured again quickly. --project DIR
measures another checkout (a worktree of an older commit, for "before") on the same content,
in a build folder of its own; with --skip-cold that folder starts as a copy of this
checkout's warm output and cache when it has none yet. --json FILE writes every figure.
One run at a time (bench/.work/scale.lock). Wall-clock figures depend on the machine's load:
run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import fcntl
import gzip
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import yaml

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
WORK = BENCH / ".work"
sys.path.insert(0, str(BENCH))

from scale_content import (  # noqa: E402
    PHOTO_SIZE,
    ContentSet,
    make_content_set,
    photo_bytes,
)

CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
BROWSER_ARGS = [  # tests/browser/conftest.py: this machine's network refuses the rest
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"viewport": {"width": 412, "height": 823}, "device_scale_factor": 1.75, "is_mobile": True}
SAMPLE_S = 0.2
NOOP_RUNS = 3
SERVE_TIMEOUT_S = 120
MIB = 1024 * 1024
COLD_BUDGET_S = 720  # issue #40: 12 minutes on 2 cores, margin for Netlify's 15 on 4
# what a Netlify build has in its environment that changes the build: the images' budget
AS_ON_NETLIFY = {"NETLIFY": "true"}
INLINE_JSON = re.compile(rb'<script[^>]*type="application/(?:ld\+)?json"[^>]*>(.*?)</script>', re.S)


# ---------------------------------------------------------------- running build.py


@dataclass(frozen=True)
class Finished:
    wall: float
    returncode: int
    output: str
    peak_tree: int = 0  # bytes: the largest sum of VmRSS over the process tree
    peak_single: int = 0  # bytes: the largest VmRSS of one process


def _tree_rss(root: int) -> tuple[int, int]:
    """VmRSS summed over `root`'s session and every descendant of it, and the largest one."""
    parents: dict[int, int] = {}
    members: set[int] = set()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        pid = int(entry.name)
        parents[pid] = int(fields[1])
        if int(fields[3]) == root:  # session id: start_new_session made root its leader
            members.add(pid)
    for pid in list(parents):  # descendants that left the session, if any
        seen, up = set(), pid
        while up > 1 and up not in seen:
            if up == root or up in members:
                members.add(pid)
                break
            seen.add(up)
            up = parents.get(up, 0)
    total = largest = 0
    for pid in members:
        try:
            with open(f"/proc/{pid}/status", "rb") as status:
                for line in status:
                    if line.startswith(b"VmRSS:"):
                        kib = int(line.split()[1])
                        total += kib
                        largest = max(largest, kib)
                        break
        except (OSError, ValueError):
            continue
    return total * 1024, largest * 1024


def run(
    command: list[str],
    cwd: Path,
    log: Path,
    sample: bool = False,
    env: dict[str, str] | None = None,
) -> Finished:
    """Run to completion (output into `log`); with `sample`, the process tree's memory;
    env: variables added to this process's environment."""
    peaks = [0, 0]
    done = threading.Event()

    def sampler(pid: int) -> None:
        while True:
            tree, single = _tree_rss(pid)
            peaks[0], peaks[1] = max(peaks[0], tree), max(peaks[1], single)
            if done.wait(SAMPLE_S):
                return

    with open(log, "wb") as out:
        started = time.perf_counter()
        process = subprocess.Popen(
            command,
            cwd=cwd,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env={**os.environ, **(env or {})},
        )
        thread = threading.Thread(target=sampler, args=(process.pid,), daemon=True)
        if sample:
            thread.start()
        try:
            returncode = process.wait()
        except BaseException:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            raise
        wall = time.perf_counter() - started
        done.set()
        if sample:
            thread.join()
    return Finished(wall, returncode, log.read_text("utf-8", "replace"), peaks[0], peaks[1])


@dataclass
class Site:
    """One content set, built by one checkout's build.py into a folder of its own."""

    label: str  # "demo" or "N photos"
    key: str  # "demo" or "scale": the key in --json
    content_set: ContentSet
    remake: object  # () -> ContentSet: puts the content back as made
    folder: Path  # holds dist/ and .cache/ (build.py's default cache: beside --out)
    project: Path
    figures: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    @property
    def content(self) -> Path:
        return self.content_set.content

    @property
    def dist(self) -> Path:
        return self.folder / "dist"

    @property
    def env(self) -> dict[str, str]:
        # the project's own generator in the image workers too: their forkserver imports it
        # before it takes build.py's sys.path, so a checkout sharing a virtualenv whose
        # editable install points at another checkout would encode with that one's code
        return {"PYTHONPATH": str(self.project)}

    def command(self, verb: str, *extra: str) -> list[str]:
        # check has no --out: run in the build folder, where its default dist/ and the
        # .cache/ beside it are this build's, so check sees the same cache as the build
        out = () if verb == "check" else ("--out", str(self.dist))
        return [
            sys.executable,
            str(self.project / "build.py"),
            verb,
            "--content",
            str(self.content),
            *out,
            *extra,
        ]

    def run(
        self, verb: str, name: str, sample: bool = False, env: dict[str, str] | None = None
    ) -> Finished:
        self.folder.mkdir(parents=True, exist_ok=True)
        log = self.folder / f"{name}.log"
        finished = run(self.command(verb), self.folder, log, sample, {**self.env, **(env or {})})
        if finished.returncode:
            print(finished.output[-6000:], file=sys.stderr)
            raise SystemExit(f"{self.label}: `build.py {verb}` ({name}) failed, see {log}")
        return finished


def measure_noop(sites: list[Site], verb: str, runs: int = NOOP_RUNS) -> None:
    """`build.py <verb>` with nothing changed, `runs` times on each site, the sites taking
    turns in alternating order (a machine that gets busier weighs on both alike)."""
    walls: dict[str, list[float]] = {site.key: [] for site in sites}
    for n in range(runs):
        for site in sites if n % 2 == 0 else sites[::-1]:
            walls[site.key].append(site.run(verb, f"noop-{verb}-{n + 1}").wall)
    for site in sites:
        shown = ", ".join(f"{wall:.2f}" for wall in walls[site.key])
        print(f"  {site.label}: no-op {verb} {shown} s", flush=True)
        site.figures[f"noop_{verb}_s"] = statistics.median(walls[site.key])


# ---------------------------------------------------------------- the measurements


def check_content(site: Site) -> None:
    """The content must pass `build.py check` before anything is timed."""
    site.folder.mkdir(parents=True, exist_ok=True)
    finished = run(site.command("check"), site.folder, site.folder / "check.log")
    if finished.returncode:
        print(finished.output, file=sys.stderr)
        raise SystemExit(f"{site.label}: {site.content} does not pass build.py check")
    last = finished.output.strip().splitlines()[-1:] or [""]
    print(f"  {site.label}: {last[0]}", flush=True)


# process.py's summary when the images' time budget ran out: "17 without WebP, 1903 ..."
WAITING = re.compile(r"time budget is spent: (?:(\d+) without WebP)?(?:, )?(?:(\d+) without AVIF)?")


def measure_cold(site: Site, cores: int) -> dict:
    """A build with an empty media cache, as on Netlify: time, memory, photos per second."""
    for stale in (site.dist, site.folder / ".cache"):
        shutil.rmtree(stale, ignore_errors=True)
    finished = site.run("build", "cold-build", sample=True, env=AS_ON_NETLIFY)
    processed = re.search(r"images: (\d+) processed", finished.output)
    if processed:
        photos = int(processed.group(1))
    else:  # the summary line changed: every photo of the content is new to an empty cache
        photos = sum(1 for p in (site.content / "images").rglob("*") if p.is_file())
    stage = re.search(r"^images: ([\d.]+) ?s$", finished.output, re.MULTILINE)
    figures = {
        "cold_s": finished.wall,
        "cold_peak_tree_mib": finished.peak_tree / MIB,
        "cold_peak_single_mib": finished.peak_single / MIB,
        "cold_photos": photos,
        "cold_photos_per_s": photos / finished.wall,
        "cold_photos_per_s_per_core": photos / finished.wall / cores,
        "cold_images_stage_s": float(stage.group(1)) if stage else None,
    }
    waiting = WAITING.search(finished.output)
    figures["cold_without_webp"] = int(waiting.group(1) or 0) if waiting else 0
    figures["cold_without_avif"] = int(waiting.group(2) or 0) if waiting else 0
    (site.folder / "cold.json").write_text(json.dumps(figures))
    cold = f"cold build: {finished.wall:.1f} s (budget {COLD_BUDGET_S} s)"
    print(cold if site.key == "scale" else f"  {site.label}: {cold}")  # issue #40's line
    print(
        f"  {site.label}: {photos} photos, peak {figures['cold_peak_tree_mib']:.0f} MiB (tree), "
        f"{figures['cold_without_webp']} left without WebP, "
        f"{figures['cold_without_avif']} without AVIF",
        flush=True,
    )
    return figures


def fill_cache(site: Site) -> None:
    """Untimed: a build without the time budget makes what the cold build left for later
    (on Netlify, the next builds do it, a budget's worth each)."""
    if not (site.figures.get("cold_without_webp") or site.figures.get("cold_without_avif")):
        return
    wall = site.run("build", "fill-cache", env={"NETLIFY": "", "IMAGES_TIME_BUDGET": ""}).wall
    print(f"  {site.label}: the rest of the WebP and AVIF made in {wall:.0f} s (untimed)")


def busiest_artist(site: Site) -> str:
    """The artist with the most pieces (the first such by slug): whose page we open."""
    counts = {}
    for slug in site.content_set.artists:
        path = site.content / "portfolio" / f"{slug}.yaml"
        pieces = yaml.safe_load(path.read_text("utf-8")) if path.is_file() else None
        counts[slug] = len(pieces or [])
    return max(sorted(counts), key=lambda slug: counts[slug])


def fresh_photo(tag: str) -> bytes:
    """A phone photo no cache has seen: new bytes on every run."""
    return photo_bytes(f"scale-{tag}-{time.time_ns()}", PHOTO_SIZE)


def measure_changed_photo(site: Site, artist: str) -> float:
    portfolio = site.content / "portfolio" / f"{artist}.yaml"
    first = yaml.safe_load(portfolio.read_text("utf-8"))[0]["file"]
    data = fresh_photo("changed")
    (site.content / "images" / "work" / first).write_bytes(data)
    wall = site.run("build", "changed-photo").wall
    print(f"  {site.label}: one changed photo ({first}) {wall:.2f} s", flush=True)
    return wall


def measure_added_photo(site: Site, artist: str) -> float:
    name = "scale-added-piece.jpg"
    data = fresh_photo("added")
    (site.content / "images" / "work" / name).write_bytes(data)
    portfolio = site.content / "portfolio" / f"{artist}.yaml"
    text = portfolio.read_text("utf-8")
    portfolio.write_text(
        f"{text.rstrip()}\n- file: {name}\n  title: Added For The Benchmark\n", "utf-8"
    )
    wall = site.run("build", "added-photo").wall
    print(f"  {site.label}: one added photo {wall:.2f} s", flush=True)
    return wall


def put_back(site: Site) -> None:
    """The content as made again, and built (the photos put back are in the cache)."""
    site.content_set = site.remake()
    wall = site.run("build", "put-back").wall
    print(f"  {site.label}: content put back, built in {wall:.2f} s (untimed)", flush=True)


def page_sizes(site: Site) -> dict:
    """/portfolio's HTML file and the whole portfolio JSON, raw and gzip (level 9)."""
    figures = {}
    for key, candidates in (
        ("portfolio_html", ("portfolio/index.html", "portfolio.html")),
        ("all_json", ("api/portfolio/all.json",)),
    ):
        path = next((site.dist / c for c in candidates if (site.dist / c).is_file()), None)
        if path is None:
            site.notes.append(f"no {' or '.join(candidates)} in {site.dist}")
            continue
        body = path.read_bytes()
        figures[f"{key}_kib"] = len(body) / 1024
        figures[f"{key}_gzip_kib"] = len(gzip.compress(body, 9)) / 1024
        if key == "portfolio_html":  # the data the page carries: JSON and JSON-LD scripts
            inline = b"".join(INLINE_JSON.findall(body))
            figures["inline_json_kib"] = len(inline) / 1024
    return figures


# ---------------------------------------------------------------- serving


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# `serve`'s own server on a dist/ as it is, without the build `build.py serve` starts with
# (which has no time budget: it would make every format the cold build left for later).
SERVE_AS_BUILT = """
import sys
from pathlib import Path
from devserver import runner
from generator import pipeline
from generator.reporter import TerminalReporter
content, out, port = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
paths = pipeline.Paths.make(content=content, out=out, cache=out.parent / ".cache")
runner.run(paths, "127.0.0.1", port, watch=False, reporter=TerminalReporter())
"""


@contextmanager
def serving(site: Site, watch: bool, name: str, as_built: bool = False) -> Iterator[str]:
    """`build.py serve` on the site's build folder (it builds first: a no-op here); as_built:
    the same server on the folder's dist/ as the last build left it, nothing built."""
    port = free_port()
    extra = ["--host", "127.0.0.1", "--port", str(port)] + ([] if watch else ["--no-watch"])
    command = site.command("serve", *extra)
    if as_built:
        code = [sys.executable, "-c", SERVE_AS_BUILT, str(site.content), str(site.dist), str(port)]
        command = code
    log = site.folder / f"{name}.log"
    with open(log, "wb") as out:
        server = subprocess.Popen(
            command,
            cwd=site.folder,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env={**os.environ, **site.env},
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 900
        while True:
            if server.poll() is not None:
                tail = log.read_text("utf-8", "replace")[-3000:]
                raise SystemExit(f"{site.label}: build.py serve exited:\n{tail}")
            try:
                if httpx.get(f"{url}/api/artists", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit(f"{site.label}: build.py serve did not come up, see {log}")
            time.sleep(0.25)
        yield url
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGINT)
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def first_screen_json(browser, url: str) -> dict:
    """The JSON a phone-sized Chromium fetches for /portfolio until the network is idle."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.goto(f"{url}/portfolio", wait_until="networkidle")
    raw = zipped = count = 0
    for response in responses:
        mime = response.headers.get("content-type", "").split(";")[0].strip()
        if mime != "application/json":
            continue
        try:
            body = response.body()
        except Exception:  # a redirect or a body the browser dropped: nothing to count
            continue
        count += 1
        raw += len(body)
        zipped += len(gzip.compress(body, 9))
    context.close()
    return {
        "first_json_kib": raw / 1024,
        "first_json_gzip_kib": zipped / 1024,
        "first_json_n": count,
    }


def _shows(page, token: str) -> bool | None:
    try:
        return bool(page.evaluate("t => document.body.innerText.includes(t)", token))
    except Exception:  # the page is reloading: no answer yet
        return None


def _wait_for(page, token: str, present: bool, timeout_s: float) -> float | None:
    started = time.perf_counter()
    while time.perf_counter() - started < timeout_s:
        if _shows(page, token) is present:
            return time.perf_counter() - started
        time.sleep(0.05)
    return None


def with_token(yaml_text: str, token: str) -> str:
    """The artist file with `token` at the start of the bio, however the bio is written."""
    lines = yaml_text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if not line.startswith("bio:"):
            continue
        rest = line[4:].strip()
        if rest in (">", ">-", ">+", "|", "|-", "|+") and i + 1 < len(lines):
            follow = lines[i + 1]
            indent = follow[: len(follow) - len(follow.lstrip())]
            lines[i + 1] = f"{indent}{token} {follow.lstrip()}"
        elif rest[:1] in ("'", '"'):
            lines[i] = f"bio: {rest[0]}{token} {rest[1:]}\n"
        else:
            lines[i] = f"bio: {token} {rest}\n"
        return "".join(lines)
    raise SystemExit("the artist file has no bio: line")


def measure_yaml_in_serve(site: Site, browser, artist: str) -> float | None:
    """Seconds from writing the artist's YAML until the open page shows the new bio."""
    path = site.content / "artists" / f"{artist}.yaml"
    original = path.read_text("utf-8")
    token = f"Scalebench{time.time_ns() % 10**9}"
    changed = with_token(original, token)
    if token not in str(yaml.safe_load(changed).get("bio", "")):
        raise SystemExit(f"could not put a word into the bio of {path}")
    with serving(site, watch=True, name="serve-watch") as url:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(f"{url}/portfolio/{artist}", wait_until="networkidle")
        time.sleep(1)  # the live-reload stream connects after the page
        try:
            started = time.perf_counter()
            path.write_text(changed, "utf-8")
            seen = _wait_for(page, token, True, SERVE_TIMEOUT_S)
            elapsed = None if seen is None else time.perf_counter() - started
        finally:
            path.write_text(original, "utf-8")
        # let serve rebuild the content as it was, so the build folder matches it again
        if _wait_for(page, token, False, SERVE_TIMEOUT_S) is None:
            site.notes.append("serve did not show the bio put back within 120 s")
        context.close()
    shown = "timeout" if elapsed is None else f"{elapsed:.2f} s"
    print(f"  {site.label}: YAML edit visible in serve after {shown}", flush=True)
    return elapsed


# ---------------------------------------------------------------- Lighthouse


def lighthouse_once(url: str, report: Path) -> dict:
    """One Lighthouse run (bench/lighthouse.py's install and Chromium flags, all four
    categories)."""
    from lighthouse import CHROME_FLAGS, LIGHTHOUSE

    command = [
        "node",
        str(LIGHTHOUSE),
        url,
        "--only-categories=performance,accessibility,best-practices,seo",
        "--output=json",
        f"--output-path={report}",
        f"--chrome-flags={CHROME_FLAGS}",
        "--quiet",
    ]
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    proc = subprocess.run(command, env=env, capture_output=True, text=True)
    if proc.returncode != 0 or not report.is_file():
        raise SystemExit(f"Lighthouse failed on {url}:\n{(proc.stderr or proc.stdout)[-3000:]}")
    result = json.loads(report.read_text("utf-8"))
    if result.get("runtimeError"):
        raise SystemExit(f"Lighthouse on {url}: {result['runtimeError']}")
    categories, audits = result["categories"], result["audits"]

    def score(name: str) -> float | None:
        value = categories[name]["score"]
        return None if value is None else value * 100

    return {
        "lh_performance": score("performance"),
        "lh_accessibility": score("accessibility"),
        "lh_best_practices": score("best-practices"),
        "lh_seo": score("seo"),
        "lh_tbt_ms": audits["total-blocking-time"]["numericValue"],
        "lh_lcp_s": audits["largest-contentful-paint"]["numericValue"] / 1000,
        "lh_transfer_kib": audits["total-byte-weight"]["numericValue"] / 1024,
    }


def measure_lighthouse(urls: dict[str, str], runs: int, reports: Path) -> dict[str, dict]:
    """Median of `runs` on /portfolio per site, after a warm-up each, sites taking turns."""
    from lighthouse import ensure_lighthouse

    ensure_lighthouse()
    reports.mkdir(parents=True, exist_ok=True)
    for key, url in urls.items():
        print(f"  {key}: Lighthouse warm-up run (not scored)", flush=True)
        lighthouse_once(f"{url}/portfolio", reports / f"{key}-warm-up.json")
    results: dict[str, list[dict]] = {key: [] for key in urls}
    for n in range(runs):
        for key in list(urls) if n % 2 == 0 else list(reversed(urls)):
            run_ = lighthouse_once(f"{urls[key]}/portfolio", reports / f"{key}-{n + 1}.json")
            results[key].append(run_)
            print(
                f"  {key}: Lighthouse run {n + 1}: perf {run_['lh_performance']:.0f}, "
                f"TBT {run_['lh_tbt_ms']:.0f} ms, LCP {run_['lh_lcp_s']:.2f} s",
                flush=True,
            )
    medians = {}
    for key, found in results.items():
        medians[key] = {
            name: statistics.median(r[name] for r in found if r[name] is not None)
            for name in found[0]
            if any(r[name] is not None for r in found)
        }
    return medians


# ---------------------------------------------------------------- the table


@dataclass(frozen=True)
class Row:
    key: str
    label: str
    fmt: str  # format of one value
    target: tuple[str, float] | None = None  # ("<=", 2.0): what the N-photo figure must meet


ROWS = (
    Row("cold_s", "cold build (s)", "{:.1f}", ("<=", COLD_BUDGET_S)),
    Row("cold_images_stage_s", "  its images stage (s)", "{:.1f}"),
    Row("cold_peak_tree_mib", "  peak memory, process tree (MiB)", "{:.0f}", ("<=", 1024)),
    Row("cold_peak_single_mib", "  peak memory, largest process (MiB)", "{:.0f}"),
    Row("cold_photos", "  photos encoded", "{:.0f}"),
    Row("cold_without_webp", "  photos left without WebP", "{:.0f}"),
    Row("cold_without_avif", "  photos left without AVIF", "{:.0f}"),
    Row("cold_photos_per_s", "  photos per second", "{:.2f}"),
    Row("cold_photos_per_s_per_core", "  photos per second per core", "{:.2f}"),
    Row("noop_check_s", "no-op check (s, median of 3)", "{:.2f}", ("<=", 2.0)),
    Row("noop_build_s", "no-op build (s, median of 3)", "{:.2f}", ("<=", 2.0)),
    Row("changed_photo_s", "one changed photo, build (s)", "{:.2f}", ("<=", 5.0)),
    Row("added_photo_s", "one added photo, build (s)", "{:.2f}", ("<=", 5.0)),
    Row("serve_yaml_s", "YAML edit visible in serve (s)", "{:.2f}", ("<=", 2.0)),
    Row("portfolio_html_kib", "/portfolio HTML (KiB)", "{:.1f}"),
    Row("portfolio_html_gzip_kib", "/portfolio HTML, gzip (KiB)", "{:.1f}"),
    Row("inline_json_kib", "  JSON inside it, raw (KiB)", "{:.1f}"),
    Row("first_json_kib", "/portfolio first-screen JSON (KiB)", "{:.1f}"),
    Row("first_json_gzip_kib", "/portfolio first-screen JSON, gzip (KiB)", "{:.1f}"),
    Row("first_json_n", "/portfolio first-screen JSON requests", "{:.0f}"),
    Row("all_json_kib", "api/portfolio/all.json (KiB)", "{:.1f}"),
    Row("all_json_gzip_kib", "api/portfolio/all.json, gzip (KiB)", "{:.1f}"),
    Row("lh_performance", "Lighthouse /portfolio performance", "{:.0f}", (">=", 95)),
    Row("lh_accessibility", "Lighthouse accessibility", "{:.0f}"),
    Row("lh_best_practices", "Lighthouse best practices", "{:.0f}"),
    Row("lh_seo", "Lighthouse SEO", "{:.0f}"),
    Row("lh_tbt_ms", "Lighthouse TBT (ms)", "{:.0f}"),
    Row("lh_lcp_s", "Lighthouse LCP (s)", "{:.2f}"),
    Row("lh_transfer_kib", "Lighthouse transferred (KiB)", "{:.0f}"),
)
# a figure that was measured and came out as nothing (a timeout): shown and judged as missed
TIMED_OUT = "timeout"


def show(row: Row, value: object) -> str:
    if value is None:
        return "-"
    if value == TIMED_OUT:
        return TIMED_OUT
    return row.fmt.format(value)


def judge(row: Row, value: object) -> bool | None:
    if row.target is None or value is None:
        return None
    if value == TIMED_OUT:
        return False
    op, limit = row.target
    return value <= limit if op == "<=" else value >= limit


def print_table(demo: Site, scale: Site, earlier: set[str]) -> list[str]:
    """The figures side by side; returns the targets the N-photo content misses."""
    print(f"| figure | demo | {scale.label} | ratio | target | |")
    print("|---|---|---|---|---|---|")
    misses = []
    for row in ROWS:
        d, s = demo.figures.get(row.key), scale.figures.get(row.key)
        if d is None and s is None:
            continue
        numbers = all(isinstance(v, int | float) for v in (d, s))
        ratio = f"{s / d:.2f}" if numbers and d else "-"
        target = f"{row.target[0]} {row.target[1]:g}" if row.target else ""
        verdict = judge(row, s)
        mark = {None: "", True: "pass", False: "MISS"}[verdict]
        if verdict is False:
            misses.append(f"{row.label.strip()}: {show(row, s)}, target {target}")
        label = row.label + (" (earlier run)" if row.key.startswith("cold_") and earlier else "")
        print(f"| {label} | {show(row, d)} | {show(row, s)} | {ratio} | {target} | {mark} |")
    return misses


# ---------------------------------------------------------------- main


def project_label(project: Path) -> str:
    if project == ROOT:
        return "this"
    digest = hashlib.sha1(str(project).encode()).hexdigest()[:8]
    return f"{re.sub(r'[^A-Za-z0-9_-]', '-', project.name)}-{digest}"


def prepare_build_folder(site: Site, this_folder: Path, skip_cold: bool) -> bool:
    """Whether the cold build runs. With --skip-cold: reuse the folder's output and cache,
    or (another --project) start from a copy of this checkout's."""
    if not skip_cold:
        return True
    if (site.dist / "index.html").is_file():
        return False
    if site.folder != this_folder and (this_folder / "dist" / "index.html").is_file():
        print(f"  {site.label}: copying this checkout's output and cache ...", flush=True)
        shutil.rmtree(site.folder, ignore_errors=True)
        site.folder.mkdir(parents=True)
        for name in ("dist", ".cache"):
            if (this_folder / name).is_dir():
                shutil.copytree(this_folder / name, site.folder / name, symlinks=True)
        return False
    site.notes.append("--skip-cold, but nothing was built before: cold build run")
    return True


class Phases:
    """How long each part of the benchmark took, printed at the end."""

    def __init__(self) -> None:
        self.spent: list[tuple[str, float]] = []

    @contextmanager
    def __call__(self, name: str) -> Iterator[None]:
        print(f"{name} ...", flush=True)
        started = time.perf_counter()
        try:
            yield
        finally:
            self.spent.append((name, time.perf_counter() - started))


def main() -> int:
    cores = len(os.sched_getaffinity(0))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000, help="portfolio photos (2000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the content (1)")
    parser.add_argument("--artists", type=int, default=10, help="artists added (10)")
    parser.add_argument(
        "--skip-cold", action="store_true", help="reuse the output and cache of an earlier run"
    )
    parser.add_argument(
        "--cold-only", action="store_true", help="stop after the cold builds (their table)"
    )
    parser.add_argument("--skip-lighthouse", action="store_true")
    parser.add_argument("--lighthouse-runs", type=int, default=3, help="median of (3)")
    parser.add_argument(
        "--project", type=Path, default=ROOT, help="checkout whose build.py is measured"
    )
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    project = args.project.resolve()
    if not (project / "build.py").is_file():
        parser.error(f"{project} has no build.py")
    if args.skip_cold and args.cold_only and args.skip_lighthouse:
        parser.error("--skip-cold --cold-only --skip-lighthouse leaves nothing to measure")
    if args.count < 1 or args.artists < 1:
        parser.error("--count and --artists must be at least 1")
    label = project_label(project)
    WORK.mkdir(parents=True, exist_ok=True)
    lock = open(WORK / "scale.lock", "w")  # noqa: SIM115 (held until the process ends)
    try:  # two runs would share scale-demo/ and the N-photo folder: one at a time
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise SystemExit("another bench/scale.py is running (bench/.work/scale.lock)") from None
    phases = Phases()
    print(f"project {project}, {cores} cores, {args.count} photos, seed {args.seed}")

    with phases("content"):
        demo_folder = WORK / "scale-demo"
        scale_folder = WORK / (
            f"scale-{args.count}" if args.seed == 1 else f"scale-{args.count}-seed{args.seed}"
        )

        def demo_remake() -> ContentSet:
            return make_content_set(demo_folder, workers=cores)

        def scale_remake() -> ContentSet:
            return make_content_set(
                scale_folder, args.count, args.seed, args.artists, workers=cores
            )

        sites = [
            Site(
                "demo", "demo", demo_remake(), demo_remake, demo_folder / f"build-{label}", project
            ),
            Site(
                f"{args.count} photos",
                "scale",
                scale_remake(),
                scale_remake,
                scale_folder / f"build-{label}",
                project,
            ),
        ]
        for site in sites:
            check_content(site)

    earlier: set[str] = set()
    for site in sites:
        with phases(f"{site.label}: " + ("earlier build" if args.skip_cold else "cold build")):
            if prepare_build_folder(site, site.folder.parent / "build-this", args.skip_cold):
                site.figures.update(measure_cold(site, cores))
                if not args.cold_only:
                    fill_cache(site)
            else:
                cold = site.folder / "cold.json"
                if cold.is_file():
                    site.figures.update(json.loads(cold.read_text()))
                    earlier.add(site.key)
                if not args.cold_only:  # a build without a budget: every format left to make
                    put_back(site)  # a run cut short may have left the folder out of step
    if args.cold_only and not args.skip_lighthouse:
        # What visitors get from the first deploy (issue #40): most photos still JPEG only.
        with phases("Lighthouse on /portfolio as the cold build left it"):
            with serving(sites[0], False, "serve-as-built", as_built=True) as demo_url:
                with serving(sites[1], False, "serve-as-built", as_built=True) as scale_url:
                    reports = sites[1].folder / "lighthouse-cold"
                    urls = {"demo": demo_url, "scale": scale_url}
                    found = measure_lighthouse(urls, args.lighthouse_runs, reports)
                    for site in sites:
                        site.figures.update(found[site.key])
    if args.cold_only:
        print()
        misses = print_table(*sites, earlier)
        for miss in misses:
            print(f"target missed: {miss}")
        return 1 if misses else 0
    with phases("no-op check and build, interleaved"):
        measure_noop(sites, "check")
        measure_noop(sites, "build")
    with phases("one changed and one added photo"):
        for site in sites:
            artist = busiest_artist(site)
            try:
                site.figures["changed_photo_s"] = measure_changed_photo(site, artist)
                site.figures["added_photo_s"] = measure_added_photo(site, artist)
            finally:
                put_back(site)
            site.figures.update(page_sizes(site))

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        with phases("/portfolio in Chromium" + ("" if args.skip_lighthouse else ", Lighthouse")):
            with serving(sites[0], False, "serve") as demo_url:
                with serving(sites[1], False, "serve") as scale_url:
                    urls = {"demo": demo_url, "scale": scale_url}
                    for site in sites:
                        site.figures.update(first_screen_json(browser, urls[site.key]))
                    if not args.skip_lighthouse:
                        reports = sites[1].folder / "lighthouse"
                        found = measure_lighthouse(urls, args.lighthouse_runs, reports)
                        for site in sites:
                            site.figures.update(found[site.key])
        for site in sites:
            with phases(f"{site.label}: YAML edit in serve"):
                seconds = measure_yaml_in_serve(site, browser, busiest_artist(site))
                site.figures["serve_yaml_s"] = TIMED_OUT if seconds is None else seconds
        browser.close()

    demo, scale = sites
    print()
    print(
        f"{project}: demo content vs {args.count} photos (+{args.artists} artists), {cores} cores"
    )
    print()
    misses = print_table(demo, scale, earlier)
    print()
    for site in sites:
        for note in site.notes:
            print(f"note ({site.label}): {note}")
    print("time spent: " + ", ".join(f"{name} {s:.0f} s" for name, s in phases.spent))
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "project": str(project),
                    "count": args.count,
                    "seed": args.seed,
                    "artists": args.artists,
                    "cores": cores,
                    "demo": demo.figures,
                    "scale": scale.figures,
                    "cold_from_earlier_run": sorted(earlier),
                    "targets": {r.key: list(r.target) for r in ROWS if r.target},
                    "misses": misses,
                    "phases_s": dict(phases.spent),
                },
                indent=2,
            )
        )
    for miss in misses:
        print(f"target missed: {miss}")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
