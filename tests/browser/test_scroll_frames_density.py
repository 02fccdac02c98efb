"""/test on phones: the frames match the screen's density (issue 31, item 4).

Phones of 1.5 device pixels per CSS pixel and more load the 720x1280 set under
/images/scroll-sequence-vertical/2x/; others the 404x720 set at the spec's address
/images/scroll-sequence-vertical/. Either way the canvas has a pixel per device pixel.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

FRAMES = 88
ONE_X = re.compile(r"/images/scroll-sequence-vertical/frame_\d{5}\.jpg$")
TWO_X = re.compile(r"/images/scroll-sequence-vertical/2x/frame_\d{5}\.jpg$")


@pytest.fixture(params=[1, 3], ids=["1x", "3x"])
def phone(request, browser, base_url: str) -> Iterator[tuple[Page, int, list[str], list[str]]]:
    """A 390x844 phone of the given device scale factor, the frame URLs it requests and the
    errors its page throws."""
    scale = request.param
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=scale, base_url=base_url
    )
    page = context.new_page()
    requested: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requested.append(r.url) if "/frame_" in r.url else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield page, scale, requested, errors
    finally:
        context.close()


def test_a_phone_loads_the_frames_of_its_density(phone) -> None:
    page, scale, requested, errors = phone
    page.goto("/test")
    page.wait_for_selector("[data-testid=preloader]", state="detached", timeout=20_000)
    bar = page.get_by_role("progressbar", name="Loading animation frames", include_hidden=True)
    expect(bar).to_have_text(re.compile(rf"Loading {FRAMES} / {FRAMES}"))  # still progressive
    expect(bar).to_be_hidden()

    wanted, other = (TWO_X, ONE_X) if scale == 3 else (ONE_X, TWO_X)
    frames = set(requested)
    assert len(frames) == FRAMES and all(wanted.search(url) for url in frames), sorted(frames)
    assert not [url for url in frames if other.search(url)]

    canvas = page.locator("canvas.sequence__canvas")
    expect(canvas).to_have_attribute("data-frame-src", wanted)
    natural = page.evaluate(
        """async () => {
            const image = new Image();
            image.src = document.querySelector('canvas.sequence__canvas').dataset.frameSrc;
            await image.decode();
            return [image.naturalWidth, image.naturalHeight];
        }"""
    )
    assert natural == ([720, 1280] if scale == 3 else [404, 720])
    # The backing store has a pixel per device pixel: 1170x2532 on the 3x phone.
    size = canvas.evaluate("c => [c.width, c.height, c.clientWidth, c.clientHeight]")
    assert size == [390 * scale, size[3] * scale, 390, size[3]]
    assert size[3] == 844
    assert errors == []
