"""The JavaScript budget as a phone pays it: every script Chromium fetches for a page at 390x844
with nobody touching it (docs/architecture.md#performance-budget), not only what the page lists.

A page loads, the network goes quiet, the preloader goes and three more seconds pass (chunks the
page loads when idle count); every script response is gzipped at level 9 (the build's figure;
a CDN that sends brotli sends less) and summed. A byte count, never a time. The measurement is
bench/lighthouse.py's (fetched_scripts), which prints the same figure beside Lighthouse's.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from generator import pipeline

sys.path.insert(0, str(pipeline.PROJECT_ROOT / "bench"))
from lighthouse import FIRST_LOAD_BUDGET_KIB, fetched_scripts  # noqa: E402

# The home page's budget; the other main routes are printed, to see where they stand.
HOME_BUDGET_BYTES = FIRST_LOAD_BUDGET_KIB * 1024


def first_artist(demo_dist: Path) -> str:
    return json.loads((demo_dist / "api" / "artists.json").read_text("utf-8"))[0]["slug"]


def report(path: str, scripts) -> int:
    total = sum(s.gzip for s in scripts)
    print(f"\n{path}: {len(scripts)} scripts, {total / 1024:.1f} KiB gzip", end="")
    print(f" ({sum(s.raw for s in scripts) / 1024:.1f} KiB raw)")
    for s in scripts:
        print(f"  {s.gzip / 1024:6.1f} KiB gzip {s.raw / 1024:7.1f} KiB  {s.url}")
    return total


@pytest.mark.parametrize("home", ["/", "/es/"])  # each language its own build
def test_home_fetches_at_most_100_kib_of_javascript_without_interaction(
    browser, base_url: str, home: str
) -> None:
    scripts = fetched_scripts(browser, base_url + home)
    total = report(home, scripts)
    assert scripts, "no script was fetched: the measurement is broken"
    assert total <= HOME_BUDGET_BYTES, (
        f"{home} fetches {total / 1024:.1f} KiB of JavaScript gzipped, over the"
        f" {FIRST_LOAD_BUDGET_KIB} KiB budget: {[(s.url, s.gzip) for s in scripts]}"
    )
    # A page fetches its own language's scripts only (the other's words are not in them).
    other = "/es/" if home == "/" else "/"
    theirs = {s.url.rsplit("/", 1)[1] for s in fetched_scripts(browser, base_url + other)}
    mine = {s.url.rsplit("/", 1)[1] for s in scripts}
    assert {n for n in mine if n.startswith(("main-", "start-"))}.isdisjoint(theirs)


@pytest.mark.parametrize("path", ["/portfolio", "artist", "/piercings", "/aftercare"])
def test_other_main_routes_javascript_fetched_without_interaction(
    browser, base_url: str, demo_dist: Path, path: str
) -> None:
    if path == "artist":
        path = f"/portfolio/{first_artist(demo_dist)}"
    scripts = fetched_scripts(browser, base_url + path)
    report(path, scripts)
    assert scripts, "no script was fetched: the measurement is broken"
