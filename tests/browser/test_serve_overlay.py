"""`build.py serve` in Chromium: a failed rebuild shows its problems over the open page until
the next good build, and nothing of the overlay ever reaches dist/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from serverthread import serve_process
from sitefactory import minimal_site, write_site

pytestmark = pytest.mark.browser

MAX = "content/artists/max-ink.yaml"


@pytest.fixture
def served(tmp_path: Path, media_cache: Path) -> Iterator[tuple[str, Path]]:
    content = write_site(tmp_path / "content", minimal_site())
    with serve_process(tmp_path, content, media_cache) as url:
        yield url, content


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new), "utf-8")


def overlay_items(page) -> list[tuple[str, str]]:
    items = page.locator("#build-error-overlay li")
    return [
        (item.locator(".where").inner_text(), item.locator(".detail").inner_text())
        for item in items.all()
    ]


def test_a_failed_rebuild_shows_its_problems_until_the_next_good_build(
    browser,
    served: tuple[str, Path],
    tmp_path: Path,
) -> None:
    url, content = served
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url + "/portfolio/max-ink")
    page.wait_for_load_state("networkidle")
    assert page.locator("#build-error-overlay").count() == 0

    artist = content / "artists" / "max-ink.yaml"
    edit(artist, 'instagram: "@max"', "instagram: @max")
    edit(artist, "years_experience: 7", "years_experience: ten")
    alert = page.get_by_role("alert")
    alert.wait_for(timeout=60_000)
    assert page.locator("#build-error-overlay .title").inner_text() == "2 problems in the content"
    assert overlay_items(page) == [
        (f"{MAX}:3", "years_experience: must be a whole number, got 'ten'"),
        (f"{MAX}:7", 'the @ at the start of "@max" needs quotes: write instagram: "@max"'),
    ]
    # The page underneath is the last good build, and a page opened now hears it too.
    page.reload()
    page.get_by_role("alert").wait_for(timeout=30_000)
    assert len(overlay_items(page)) == 2

    # Another failed build replaces the list; Escape hides it meanwhile.
    edit(artist, "years_experience: ten", "years_experience: 7")
    page.wait_for_function(
        "() => document.querySelector('#build-error-overlay')"
        "?.shadowRoot.querySelectorAll('li').length === 1",
        timeout=60_000,
    )
    assert overlay_items(page) == [
        (f"{MAX}:7", 'the @ at the start of "@max" needs quotes: write instagram: "@max"')
    ]
    page.keyboard.press("Escape")
    assert page.locator("#build-error-overlay").count() == 0

    # The next good build reloads the page, and the overlay is gone with the problems.
    with page.expect_navigation(timeout=60_000):
        edit(artist, "instagram: @max", 'instagram: "@max"')
    page.wait_for_load_state("networkidle")
    assert page.locator("#build-error-overlay").count() == 0
    assert errors == []
    context.close()

    published = [p for p in (tmp_path / "dist").rglob("*") if p.is_file()]
    assert published
    for path in published:
        data = path.read_bytes()
        assert b"build-error-overlay" not in data and b"__livereload" not in data, path


def test_serve_starts_on_broken_content_with_the_last_build_and_the_problems(
    browser,
    tmp_path: Path,
    media_cache: Path,
) -> None:
    """Started on content with a mistake: the site built before is served, with the list."""
    content = write_site(tmp_path / "content", minimal_site())
    with serve_process(tmp_path, content, media_cache, "--no-watch"):
        pass  # builds dist/ once
    edit(content / "artists" / "max-ink.yaml", "bio: A short bio.", "bio: Max: the best")
    with serve_process(tmp_path, content, media_cache) as url:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(url + "/")
        page.get_by_role("alert").wait_for(timeout=30_000)
        assert overlay_items(page) == [
            (f"{MAX}:8", 'text with a colon needs quotes: write bio: "Max: the best"')
        ]
        page.get_by_role("button", name="Hide").click()
        assert page.locator("#build-error-overlay").count() == 0
        page.close()
