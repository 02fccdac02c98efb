"""The preloader on a slow connection (Lighthouse's mobile figures: 1.6 Mbps down, 750 kbps up,
150 ms), as a visitor watches it: its number moves while the intro video arrives, never goes
back, and LOADING and the number read in their final fonts from the first letter.

Chromium throttles the connection itself (DevTools' network emulation), and the test looks at
the page every 100 ms until the preloader has gone. Fonts are read from Chromium's layout (the
fonts it used for the node), not from the stylesheet: what is on screen.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page

SLOW = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6e6 / 8,
    "uploadThroughput": 750e3 / 8,
}
SAMPLE_EVERY_S = 0.1
GIVE_UP_S = 30

READ = """() => {
  const number = document.querySelector('.preloader__percent');
  if (!number) return null;
  const faces = [...document.fonts].filter((f) => f.family.startsWith('Preloader'));
  return {
    number: number.textContent,
    // The page's stylesheet has arrived (until then Chromium paints nothing: it blocks rendering).
    styled: getComputedStyle(number.closest('.preloader')).position === 'fixed',
    faces: Object.fromEntries(faces.map((f) => [f.family, {status: f.status, display: f.display}])),
  };
}"""


def used_fonts(cdp, selector: str) -> list[str]:
    """The fonts Chromium laid the node's text out with (empty before its first layout)."""
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    if not node:
        return []
    return [
        f["familyName"] for f in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    ]


def watch_preloader(page: Page, path: str) -> list[dict]:
    """Load path on the slow connection; the preloader's number and fonts every 100 ms."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    page.goto(path, wait_until="commit")
    samples: list[dict] = []
    start = time.monotonic()
    seen = False
    while time.monotonic() - start < GIVE_UP_S:
        sample = page.evaluate(READ)
        if sample is None:
            if seen:
                return samples  # the preloader has gone
        else:
            seen = True
            sample["t"] = round(time.monotonic() - start, 2)
            try:
                sample["word"] = used_fonts(cdp, ".preloader__letter")
                sample["digits"] = used_fonts(cdp, ".preloader__percent")
            except Exception:  # the preloader went between the two looks
                continue
            samples.append(sample)
        time.sleep(SAMPLE_EVERY_S)
    raise AssertionError(f"the preloader was still there after {GIVE_UP_S} s: {samples[-3:]}")


def shows_final_font(sample: dict, key: str, family: str, face: str) -> bool:
    """The text is drawn in `family`; or not drawn at all: not laid out yet, the stylesheet not
    in yet (it blocks rendering), or its own font still on its way, which holds the text back
    (font-display: block). So no other font is ever seen."""
    fonts = sample[key]
    if not sample["styled"] or not fonts or all(f.startswith(family) for f in fonts):
        return True
    state = sample["faces"].get(face, {})
    return state.get("display") == "block" and state.get("status") != "loaded"


@pytest.mark.parametrize("width, height", [(390, 844), (1366, 900)])
def test_on_a_slow_connection_the_number_moves_with_the_video_in_one_font(
    browser, base_url: str, width: int, height: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=base_url)
    page = context.new_page()
    try:
        samples = watch_preloader(page, "/")
    finally:
        context.close()
    trace = [(s["t"], s["number"], s["word"][:1], s["digits"][:1]) for s in samples]
    numbers = [int(s["number"]) for s in samples]
    # Never backwards, and not only 0 then 100: it moves while the video comes in.
    assert numbers == sorted(numbers), trace
    assert len({n for n in numbers if 0 < n < 100}) >= 3, trace
    # From the first sample that has laid the preloader out to the last, in the fonts the page
    # ends with: Cormorant Garamond and Inter.
    assert any(s["word"] and s["styled"] for s in samples), trace
    for sample in samples:
        assert shows_final_font(sample, "word", "Cormorant Garamond", "Preloader Word"), trace
        assert shows_final_font(sample, "digits", "Inter", "Preloader Digits"), trace
    laid_out = [s for s in samples if s["word"] and s["styled"]]
    assert laid_out[-1]["word"][0].startswith("Cormorant Garamond"), trace
