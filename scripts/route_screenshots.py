#!/usr/bin/env python3
"""Screenshots of the five benchmarked routes with JavaScript off and on, at 390x844 and 1366x900.

    .venv/bin/python scripts/route_screenshots.py URL OUT_DIR

URL is a running `build.py serve`. With JavaScript off a page is its prerendered HTML (and
no-script.css); with it on, the shot is taken once the preloader has gone and what fades in
has settled. The two should show the same layout: hydration takes over without a jump
(docs/architecture.md#prerendering). Written as JPEG, to keep docs/ small.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROUTES = {
    "home": "/",
    "portfolio": "/portfolio",
    "artist": "/portfolio/dmitri-volkov",
    "aftercare": "/aftercare",
    "piercings": "/piercings",
}
VIEWPORTS = {"390": (390, 844), "1366": (1366, 900)}
SETTLE = """() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => undefined)))"""


def main(url: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        for size, (width, height) in VIEWPORTS.items():
            for js in (False, True):
                context = browser.new_context(
                    viewport={"width": width, "height": height}, java_script_enabled=js
                )
                page = context.new_page()
                for name, path in ROUTES.items():
                    page.goto(url + path, wait_until="load")
                    if js:
                        page.get_by_test_id("preloader").wait_for(state="detached", timeout=15_000)
                        page.wait_for_timeout(2600)  # the home logo fades in 1.4 s after
                        page.evaluate(SETTLE)
                    shot = out / f"{name}-{size}-{'js' if js else 'nojs'}.jpg"
                    page.screenshot(path=str(shot), type="jpeg", quality=72)
                    print(shot)
                context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1].rstrip("/"), Path(sys.argv[2]))
