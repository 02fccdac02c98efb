"""Drafts and scheduled pieces in real Chromium (issue #29): `serve` shows them marked, the
published build has no trace of them, and an editor's alt text is the picture's.

The site is the minimal fixture with Jane Doe a draft and Max Ink's Skull scheduled for a
day after the build's clock (STUDIO_BUILD_NOW), built as `serve` builds and as `build` does."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from generator import pipeline
from generator.release import Release
from serverthread import running_server
from sitefactory import jpeg, minimal_site, write_site

pytestmark = pytest.mark.browser

NOW = "2026-11-30T12:00-06:00"


def drafts_site() -> dict[str, str | bytes]:
    files = minimal_site()
    # photos large enough that the build does not warn about them, and the card has a face
    files["images/artists/jane.jpg"] = jpeg(800, 1000, color=(120, 80, 60))
    files["artists/jane-doe.yaml"] += "draft: true\nalt: Jane at her station, tattooing a forearm\n"
    files["portfolio/max-ink.yaml"] = (
        "- file: skull.jpg\n  title: Skull\n  publish_at: 2026-12-01\n"
        "  alt: A grey skull with roses in its eyes\n"
    )
    return files


def built(root: Path, preview: bool, cache: Path) -> Path:
    content = write_site(root / "content", drafts_site())
    out = root / "dist"
    pipeline.build(pipeline.Paths.make(content, out, cache), release=Release(preview=preview))
    return out


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory, media_cache: Path) -> Iterator[dict[str, str]]:
    patch = pytest.MonkeyPatch()
    patch.setenv("STUDIO_BUILD_NOW", NOW)
    try:
        serve_dist = built(tmp_path_factory.mktemp("serve-build"), True, media_cache)
        public_dist = built(tmp_path_factory.mktemp("public-build"), False, media_cache)
    finally:
        patch.undo()
    with running_server(serve_dist) as serve_url, running_server(public_dist) as public_url:
        yield {"serve": serve_url, "public": public_url}


def open_page(browser, url: str, width: int, height: int) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("[data-testid=preloader]", state="detached")
    yield page
    context.close()


@pytest.mark.parametrize("size", [(390, 844), (1366, 900)], ids=["phone", "desktop"])
def test_serve_marks_the_draft_artist_and_the_scheduled_piece(browser, sites, size) -> None:
    for page in open_page(browser, sites["serve"] + "/portfolio", *size):
        grid = page.get_by_role("list", name="Portfolio pieces")
        skull = grid.get_by_role("listitem").filter(has_text="Skull")
        expect(skull.get_by_test_id("unpublished-mark")).to_have_text("Scheduled")
        expect(skull.get_by_role("img")).to_have_attribute(
            "alt", "A grey skull with roses in its eyes"
        )
        rose = grid.get_by_role("listitem").filter(has_text="Rose")
        expect(rose.get_by_test_id("unpublished-mark")).to_have_text("Draft")
        page.goto(sites["serve"] + "/portfolio/jane-doe")
        profile = page.locator(".artist-profile")
        expect(profile.get_by_test_id("unpublished-mark")).to_have_text("Draft")
        expect(profile.get_by_role("img")).to_have_attribute(
            "alt", "Jane at her station, tattooing a forearm"
        )


def test_the_published_site_has_neither(browser, sites) -> None:
    for page in open_page(browser, sites["public"] + "/portfolio", 1366, 900):
        grid = page.get_by_role("list", name="Portfolio pieces")
        expect(grid.get_by_role("listitem")).to_have_count(0)  # Max's one piece is scheduled
        expect(page.get_by_text("No portfolio items found")).to_be_visible()
        options = page.get_by_role("combobox", name="Artist").locator("option")
        expect(options).to_have_text(["All Artists", "Max Ink"])
        expect(page.get_by_test_id("unpublished-mark")).to_have_count(0)
        response = page.goto(sites["public"] + "/portfolio/jane-doe")
        assert response is not None and response.status == 404
