"""The editors' admin in real Chromium, through `build.py serve --cms` (what `make cms` runs).

A fixture site is copied into a temporary folder: Decap's local backend writes into that copy,
never into the repository's content/. Each test edits through the admin as an editor would,
then reads the files on disk, runs `build.py check`, and looks at the rebuilt site.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from playwright.sync_api import expect

from build import cli
from generator.pipeline import PROJECT_ROOT
from serverthread import free_port, interrupt, wait_for_port
from sitefactory import minimal_site, write_site


@dataclass
class AdminSite:
    url: str
    content: Path
    dist: Path
    log: Path


@contextmanager
def serving_admin(
    root: Path, content: Path, cache: Path, cms: bool = True, env: dict[str, str] | None = None
) -> Iterator[AdminSite]:
    """`build.py serve --cms` for content, from root (its dist/ and log go there); without
    cms, the admin as the live site has it (GitHub sign-in, CMS_GITHUB_REPO from env)."""
    port, cms_port = free_port(), free_port()
    log = root / "serve.log"
    command = [
        sys.executable,
        str(PROJECT_ROOT / "build.py"),
        "serve",
        *(["--cms"] if cms else []),
        "--content",
        str(content),
        "--out",
        str(root / "dist"),
        "--cache",
        str(cache),
        "--port",
        str(port),
        "--cms-port",
        str(cms_port),
    ]
    with log.open("w") as out:
        environ = {
            k: v for k, v in os.environ.items() if k not in ("CMS_GITHUB_REPO", "REPOSITORY_URL")
        }
        proc = subprocess.Popen(
            command, cwd=root, stdout=out, stderr=subprocess.STDOUT, env={**environ, **(env or {})}
        )
    try:
        wait_for_port(port, proc, log)
        yield AdminSite(f"http://127.0.0.1:{port}", content, root / "dist", log)
    finally:
        interrupt(proc)


@pytest.fixture
def admin_site(tmp_path: Path, media_cache: Path) -> Iterator[AdminSite]:
    """The minimal site in tmp_path/content, served with the admin's local backend."""
    content = write_site(tmp_path / "content", minimal_site())
    with serving_admin(tmp_path, content, media_cache) as site:
        yield site


@pytest.fixture
def demo_content(tmp_path: Path) -> Path:
    """A copy of the demo content (content/): real photos, for what the previews look like."""
    return Path(shutil.copytree(PROJECT_ROOT / "content", tmp_path / "content"))


@pytest.fixture
def demo_admin_site(tmp_path: Path, demo_content: Path, demo_dist: Path) -> Iterator[AdminSite]:
    """The demo content served with the admin's local backend; its photos and videos are
    encoded once in the repository's .cache/build, by the demo_dist fixture's build."""
    with serving_admin(tmp_path, demo_content, PROJECT_ROOT / ".cache" / "build") as site:
        yield site


@contextmanager
def signed_in(browser, site: AdminSite):
    """The admin, signed in to the local backend, at 1366x900."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "console",
        lambda msg: (
            errors.append(msg.text)
            if msg.type == "error" and "Content Security Policy" in msg.text
            else None
        ),
    )
    page.js_errors = errors
    page.goto(f"{site.url}/admin/")
    # The local backend needs no account: Decap shows one Login button for it.
    page.get_by_role("button", name="Login").click()
    page.get_by_role("link", name="Artists").wait_for()
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def admin(browser, admin_site: AdminSite):
    """The admin of the minimal site."""
    with signed_in(browser, admin_site) as page:
        yield page


@pytest.fixture
def demo_admin(browser, demo_admin_site: AdminSite):
    """The admin of the demo content."""
    with signed_in(browser, demo_admin_site) as page:
        yield page


def screenshots(tmp_path: Path) -> Path:
    """Where screenshots go: EDITOR_SCREENSHOTS=docs/images/editors puts them in the editors'
    guide (docs/editing.md); else the test's own folder."""
    folder = Path(os.environ.get("EDITOR_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def publish(page) -> None:
    """Save the open entry as an editor does: Publish, then Publish now."""
    page.get_by_role("button", name="Publish").first.click()
    page.get_by_text("Publish now", exact=True).click()
    page.get_by_text("Changes saved", exact=False).first.wait_for()


def open_collection(page, url: str, name: str) -> None:
    """Back to a collection's list (the editor hides the sidebar), as its back arrow does."""
    page.goto(f"{url}/admin/#/collections/{name}")


def check(content: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "--content", str(content)])
    return result.exit_code, result.output


def wait_until(condition, timeout: float = 60) -> None:
    """Poll a condition on files the admin and the dev server write in other processes."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.05)


def line_of(path: Path, pattern: str) -> int:
    lines = path.read_text("utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if re.search(pattern, line))


def photo(width: int, height: int) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (width, height), (30, 90, 160)).save(buf, "JPEG", quality=92)
    return buf.getvalue()


def test_editing_an_artist_a_portfolio_and_the_hours(admin, admin_site: AdminSite, tmp_path: Path):
    page = admin
    new_bio = "Jane draws botanical fine line work: peonies, ferns and tiny lettering."

    # The site open in a second tab: it reloads by itself once the saved file is rebuilt.
    visitor = page.context.new_page()
    visitor.goto(f"{admin_site.url}/")
    visitor.locator(".artist-card").first.wait_for()

    # 1. An artist's bio.
    page.get_by_text("Jane Doe", exact=True).click()
    bio = page.get_by_label("Bio")
    bio.fill(new_bio)
    # The preview is the site's own card, with what is being typed.
    preview = page.frame_locator("iframe").first
    preview.locator(".artist-card").get_by_text(new_bio).wait_for()
    with visitor.expect_event("load", timeout=90_000):
        publish(page)
    artist_file = admin_site.content / "artists" / "jane-doe.yaml"
    saved = yaml.safe_load(artist_file.read_text("utf-8"))
    assert saved["bio"] == new_bio
    assert saved["name"] == "Jane Doe" and saved["specialties"] == ["Fine Line", "Blackwork"]
    visitor.get_by_text(new_bio).wait_for()

    # 2. A portfolio piece, with a photo uploaded through the admin: 12 megapixels, a name
    #    with capitals and spaces, as a phone names it.
    original = tmp_path / "Fresh Koi Piece.JPG"
    original.write_bytes(photo(4000, 3000))
    open_collection(page, admin_site.url, "portfolio")
    page.get_by_text("jane-doe", exact=True).click()
    page.get_by_role("button", name="Add piece").click()
    page.get_by_role("button", name="Choose an image").last.click()
    page.locator("input[type=file]").set_input_files(str(original))
    page.get_by_text("fresh-koi-piece.jpg", exact=True).wait_for()
    page.get_by_role("button", name="Choose selected").click()
    page.get_by_label("Title").last.fill("Fresh Koi")
    publish(page)
    uploaded = admin_site.content / "images" / "work" / "fresh-koi-piece.jpg"
    wait_until(uploaded.is_file)
    assert uploaded.read_bytes() == original.read_bytes()  # the original, whole: the build resizes
    pieces = yaml.safe_load((admin_site.content / "portfolio" / "jane-doe.yaml").read_text())
    assert pieces == [
        {"file": "rose.jpg", "title": "Rose"},
        {"file": "koi.jpg", "title": "Koi"},
        {"file": "fresh-koi-piece.jpg", "title": "Fresh Koi"},
    ]

    # 3. The opening hours, in the studio facts.
    open_collection(page, admin_site.url, "studio")
    page.get_by_text("Studio facts", exact=True).click()
    page.get_by_label("Hours", exact=True).first.fill("11am - 9pm")
    publish(page)
    site_file = admin_site.content / "site.yaml"
    site = yaml.safe_load(site_file.read_text("utf-8"))
    assert site["hours"][0] == {"days": "Monday - Thursday", "time": "11am - 9pm"}
    # What the admin does not show is kept as it was.
    original_site = yaml.safe_load(minimal_site()["site.yaml"])
    for key in ("base_url", "videos", "credit", "memorial", "brands", "stats"):
        assert site[key] == original_site[key], key

    code, output = check(admin_site.content)
    assert code == 0, output
    assert "content OK: 2 artists, 4 portfolio pieces" in output

    # The dev server rebuilt the site after each save.
    wait_until(lambda: '"11am - 9pm"' in (admin_site.dist / "api" / "site.json").read_text())
    artists = (admin_site.dist / "api" / "artists.json").read_text("utf-8")
    assert new_bio in artists
    wait_until(
        lambda: "Fresh Koi" in (admin_site.dist / "api" / "portfolio" / "jane-doe.json").read_text()
    )
    # A fresh tab: the old one may still be reloading for the last rebuild, which would
    # interrupt a navigation started in it. A reload of this tab only repeats the same page.
    # (The old tab is left to the context: Page.close has no timeout and can wait on a reload.)
    visitor = page.context.new_page()
    visitor.goto(f"{admin_site.url}/portfolio/jane-doe", wait_until="commit")
    visitor.get_by_role("img", name=re.compile("Fresh Koi")).first.wait_for()
    assert page.js_errors == []


def test_an_edit_only_the_build_can_refuse_is_not_saved_and_says_why(admin, admin_site: AdminSite):
    # Each year alone is a whole number the admin accepts; that the founder died before being
    # born is a rule across two fields, which only the build checks. The local backend asks
    # the check before it writes (devserver/cms_save_check.py): the editor is told, in the
    # check's own words, and content/ is left as it was (issue #29, item 6).
    page = admin
    site_file = admin_site.content / "site.yaml"
    before = site_file.read_text("utf-8")
    page.get_by_role("link", name="Studio", exact=True).click()
    page.get_by_text("Studio facts", exact=True).click()
    page.get_by_label("Year died").fill("1960")
    page.get_by_role("button", name="Publish").first.click()
    page.get_by_text("Publish now", exact=True).click()
    notice = page.get_by_text("Not saved: the site would not build with this change.", exact=False)
    notice.first.wait_for()
    # the line is the one of the file as the admin would have written it
    expect(notice.first).to_contain_text(
        re.compile(r"content/site\.yaml:\d+: memorial\.died: must not be before born \(1970\)")
    )
    if os.environ.get("EDITOR_SCREENSHOTS"):
        page.screenshot(path=f"{os.environ['EDITOR_SCREENSHOTS']}/admin-save-refused-1366.png")
    expect(page.get_by_text("Changes saved", exact=False)).to_have_count(0)
    # Plainly: the check's words, not Decap's "Failed to persist entry: API_ERROR: ...", and
    # kept in view past Decap's 8 seconds, until the editor closes it (#44, item 13).
    shown = page.get_by_role("alert").filter(has_text="Not saved").first.inner_text()
    assert "Failed to persist" not in shown and "API_ERROR" not in shown, shown
    page.wait_for_timeout(9000)
    expect(notice.first).to_be_visible()
    page.get_by_role("alert").filter(has_text="Not saved").first.click()
    expect(notice).to_have_count(0)
    assert site_file.read_text("utf-8") == before
    code, output = check(admin_site.content)
    assert code == 0, output


@pytest.mark.parametrize("repo", ["", "crimson-crown/site"])
def test_the_admin_of_the_live_site_says_how_it_is_reached(
    browser, tmp_path: Path, media_cache: Path, repo: str
):
    """The admin as the live site has it (GitHub sign-in): the studio's name and logo, and a
    sentence saying how this editor is reached; with no repository known to the build, no
    button that cannot work (#44, item 13)."""
    content = write_site(tmp_path / "content", minimal_site())
    env = {"CMS_GITHUB_REPO": repo} if repo else {}
    errors: list[str] = []
    with serving_admin(tmp_path, content, media_cache, cms=False, env=env) as site:
        for width, height in ((390, 844), (1366, 900)):
            context = browser.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{site.url}/admin/")
            expect(page.get_by_role("heading", name="Test Studio: edit the site")).to_be_visible()
            logo = page.locator("img.studio-sign-in__logo")
            expect(logo).to_be_visible()
            assert logo.evaluate("img => img.complete && img.naturalWidth > 0")
            github = page.get_by_role("button", name="Login with GitHub")
            if repo:
                expect(page.get_by_text("Sign in with your GitHub account.")).to_be_visible()
                expect(github).to_be_visible()
            else:
                expect(page.get_by_text("Sign-in is not set up on this site yet")).to_be_visible()
                expect(page.get_by_text("make cms opens this editor there")).to_be_visible()
                expect(github).to_have_count(0)
            # everything inside the screen, nothing sideways
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            page.screenshot(
                path=str(screenshots(tmp_path) / f"sign-in-{repo and 'repo'}-{width}.png")
            )
            assert errors == []
            context.close()


def test_the_local_admin_says_whose_it_is(browser, admin_site: AdminSite, tmp_path: Path):
    """`make cms`: the studio's name and logo above the local backend's Login button."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{admin_site.url}/admin/")
    expect(page.get_by_role("heading", name="Test Studio: edit the site")).to_be_visible()
    expect(page.get_by_text("The editor on this laptop (make cms)")).to_be_visible()
    page.screenshot(path=str(screenshots(tmp_path) / "sign-in-local-390.png"))
    page.get_by_role("button", name="Login").click()
    page.get_by_role("link", name="Artists").wait_for()
    context.close()


# --- the previews: drafts, alt text, portfolios and the studio facts (#29) ---------------------


def wait_for_preview_images(page) -> None:
    """Until every photo in view in the preview has loaded (the admin fetches each through the
    backend), so a screenshot shows them."""
    page.wait_for_function(
        """() => {
          const frame = document.querySelector('iframe');
          const doc = frame && frame.contentDocument;
          if (!doc) return false;
          return [...doc.querySelectorAll('img')]
            .filter(img => { const r = img.getBoundingClientRect();
                             return r.bottom > 0 && r.top < frame.clientHeight; })
            .every(img => img.complete && img.naturalWidth > 0);
        }"""
    )
    # Decoded too: the originals are camera-sized until the build makes the small versions.
    page.evaluate(
        """() => Promise.all([...document.querySelector('iframe').contentDocument
                   .querySelectorAll('img')].map(img => img.decode().catch(() => null)))"""
    )
    page.wait_for_timeout(200)  # and painted


def first_yaml(folder: Path) -> Path:
    return sorted(folder.glob("*.yaml"))[0]


def test_an_artist_turned_draft_with_alt_text(demo_admin, demo_admin_site: AdminSite, tmp_path):
    """The editor describes an artist's photo and turns Draft on: the preview marks the card
    Draft and gives the photo that alt text, and the saved file says both."""
    page = demo_admin
    artist_file = first_yaml(demo_admin_site.content / "artists")
    before = yaml.safe_load(artist_file.read_text("utf-8"))
    name = before["name"]
    alt = f"{name.split()[0]} at the studio's front desk, sleeves rolled up"

    page.get_by_text(name, exact=True).click()
    card = page.frame_locator("iframe").first.locator(".artist-card")
    photo = card.locator(".artist-card__photo img")
    # As published: no mark, and the photo's alt text as it was (none: left unread, since
    # the name is beside it).
    expect(card.get_by_role("heading", name=name)).to_be_visible()
    expect(photo).to_have_attribute("alt", before.get("alt") or "")
    expect(card.get_by_test_id("unpublished-mark")).to_have_count(0)

    page.get_by_label("Photo description (alt text)").fill(alt)
    draft = page.get_by_role("switch", name="Draft")
    expect(draft).to_have_attribute("aria-checked", "false")
    draft.click()
    expect(draft).to_have_attribute("aria-checked", "true")
    expect(card.get_by_test_id("unpublished-mark")).to_have_text("Draft")
    expect(photo).to_have_attribute("alt", alt)
    expect(card.get_by_role("img", name=alt)).to_be_visible()  # read out, not hidden

    folder = screenshots(tmp_path)
    wait_for_preview_images(page)
    page.get_by_label("Photo description (alt text)").scroll_into_view_if_needed()
    page.screenshot(path=str(folder / "admin-artist-alt-1366.png"))
    draft.scroll_into_view_if_needed()
    page.wait_for_timeout(300)  # the preview follows the form's scrolling
    page.screenshot(path=str(folder / "admin-artist-draft-1366.png"))

    publish(page)
    wait_until(lambda: "draft: true" in artist_file.read_text("utf-8"))
    saved = yaml.safe_load(artist_file.read_text("utf-8"))
    assert saved["alt"] == alt and saved["draft"] is True
    assert saved["name"] == name  # the rest as it was
    code, output = check(demo_admin_site.content)
    assert code == 0, output
    assert f"draft: artist {name} ({artist_file.stem}) is not published" in output

    # build.py serve rebuilt the site: it shows the artist marked Draft (a public build leaves
    # them out).
    def marked() -> bool:
        try:
            artists = json.loads((demo_admin_site.dist / "api" / "artists.json").read_text())
        except (OSError, ValueError):
            return False  # being swapped into place
        return any(a["slug"] == artist_file.stem and a.get("status") == "draft" for a in artists)

    wait_until(marked)
    assert page.js_errors == []


def test_the_portfolio_and_studio_previews(demo_admin, demo_admin_site: AdminSite, tmp_path):
    """A portfolio in the site's grid (titles, alt text, Draft and Scheduled marks) and the
    studio facts in the home page's sections and the footer, following what is typed."""
    page = demo_admin
    content = demo_admin_site.content
    # A portfolio whose pieces the web team described and held back by hand.
    portfolio_file = max(  # the longest but the first artist's (the other test's)
        sorted((content / "portfolio").glob("*.yaml"))[1:],
        key=lambda path: len(yaml.safe_load(path.read_text("utf-8"))),
    )
    artist = yaml.safe_load((content / "artists" / portfolio_file.name).read_text("utf-8"))
    pieces = yaml.safe_load(portfolio_file.read_text("utf-8"))
    pieces[0]["alt"] = f"{pieces[0]['title']} in black and grey, on a forearm"
    pieces[1]["draft"] = True
    pieces[2]["publish_at"] = "2099-12-01T09:00"
    portfolio_file.write_text(yaml.safe_dump(pieces, sort_keys=False, allow_unicode=True), "utf-8")

    open_collection(page, demo_admin_site.url, "portfolio")
    page.get_by_text(portfolio_file.stem, exact=True).click()
    preview = page.frame_locator("iframe").first
    tiles = preview.get_by_role("list", name="Portfolio pieces").get_by_role("listitem")
    expect(tiles).to_have_count(len(pieces))
    # The artist's name comes from their own entry: the captions and the default alt text.
    expect(preview.get_by_role("heading", level=1)).to_have_text(artist["name"])
    first, second, third = tiles.nth(0), tiles.nth(1), tiles.nth(2)
    expect(first.locator(".portfolio-tile__title")).to_have_text(pieces[0]["title"])
    expect(first.get_by_role("img")).to_have_attribute("alt", pieces[0]["alt"])
    expect(first.get_by_test_id("unpublished-mark")).to_have_count(0)
    expect(second.get_by_role("img")).to_have_attribute(
        "alt", f"{pieces[1]['title']} by {artist['name']}"
    )
    expect(second.get_by_test_id("unpublished-mark")).to_have_text("Draft")
    expect(third.get_by_test_id("unpublished-mark")).to_have_text("Scheduled")
    expect(first.locator(".portfolio-tile__title")).to_be_visible()  # captions stay shown
    wait_for_preview_images(page)
    page.screenshot(path=str(screenshots(tmp_path) / "admin-portfolio-1366.png"))

    # The studio facts: the figures, the timeline and the footer, as typed.
    site = yaml.safe_load((content / "site.yaml").read_text("utf-8"))
    open_collection(page, demo_admin_site.url, "studio")
    page.get_by_text("Studio facts", exact=True).click()
    preview = page.frame_locator("iframe").first
    # The site's own sections, found as the site marks them (ids, and the brands' heading).
    work = preview.locator("section#our-work")
    expect(work.get_by_role("definition")).to_have_text([s["value"] for s in site["stats"]["work"]])
    timeline = preview.get_by_role("list", name="Our history")
    expect(timeline.locator(".timeline__title")).to_have_text(
        [t["title"] for t in site["timeline"]]
    )
    # The site shows the name's straight quotes curly (lib/curly-quotes.ts), and so does the preview.
    name = re.escape(site["memorial"]["name"]).replace('"', '["“”]')
    memorial = preview.get_by_role("article", name=re.compile(name))
    expect(memorial).to_contain_text(str(site["memorial"]["died"]))
    brands = preview.get_by_role("region", name="Premium Jewelry Partners")
    expect(brands.get_by_role("img")).to_have_count(len(site.get("brands") or []))
    footer = preview.get_by_role("contentinfo")
    expect(footer).to_contain_text(site["in_memory"])
    page.get_by_label("Hours", exact=True).first.fill("11am - 9pm")
    expect(footer.locator(".site-footer__hours dd").first).to_have_text("11am - 9pm")
    page.screenshot(path=str(screenshots(tmp_path) / "admin-studio-1366.png"))
    page.get_by_label("Year died").scroll_into_view_if_needed()
    page.wait_for_timeout(300)  # the preview follows the form's scrolling, roughly
    memorial.scroll_into_view_if_needed()
    wait_for_preview_images(page)
    page.screenshot(path=str(screenshots(tmp_path) / "admin-studio-legacy-1366.png"))
    assert page.js_errors == []


def test_the_flash_preview(demo_admin, demo_admin_site: AdminSite, tmp_path):
    """An artist's flash in the site's flash grid: title, size and price under each design, a
    claimed one greyed and labelled, the editor's alt text and the Draft mark, following what
    is typed."""
    page = demo_admin
    content = demo_admin_site.content
    # The demo's flash sheet with the most designs, claimed and available ones among them.
    flash_file = max(
        (
            path
            for path in sorted((content / "flash").glob("*.yaml"))
            if {d.get("status", "available") for d in yaml.safe_load(path.read_text("utf-8"))}
            == {"available", "claimed"}
        ),
        key=lambda path: len(yaml.safe_load(path.read_text("utf-8"))),
    )
    artist = yaml.safe_load((content / "artists" / flash_file.name).read_text("utf-8"))
    designs = yaml.safe_load(flash_file.read_text("utf-8"))
    designs[-1]["draft"] = True  # held back by hand, as an editor's Draft switch does
    flash_file.write_text(yaml.safe_dump(designs, sort_keys=False, allow_unicode=True), "utf-8")
    claimed = next(i for i, d in enumerate(designs) if d.get("status") == "claimed")
    available = next(
        i for i, d in enumerate(designs) if d.get("status") != "claimed" and not d.get("draft")
    )

    open_collection(page, demo_admin_site.url, "flash")
    page.get_by_text(flash_file.stem, exact=True).click()
    preview = page.frame_locator("iframe").first
    tiles = preview.get_by_role("list", name="Flash designs").get_by_role("listitem")
    expect(tiles).to_have_count(len(designs))
    expect(preview.get_by_role("heading", level=1)).to_have_text(artist["name"])
    expect(tiles.locator(".flash-tile__title")).to_have_text([d["title"] for d in designs])
    expect(tiles.locator(".flash-tile__price")).to_have_text([f"${d['price']:,}" for d in designs])
    offered, taken = tiles.nth(available), tiles.nth(claimed)
    expect(offered.locator(".flash-tile__meta")).to_contain_text(designs[available]["size"])
    expect(offered.get_by_role("img")).to_have_attribute("alt", designs[available]["alt"])
    expect(offered.locator(".flash-tile__label")).to_have_count(
        1 if designs[available].get("repeatable") else 0
    )
    expect(taken).to_have_class(re.compile(r"\bflash-tile--claimed\b"))
    expect(taken.locator(".flash-tile__label")).to_have_text("Claimed")
    expect(taken.get_by_role("button")).to_have_count(0)  # nothing to press
    expect(tiles.get_by_test_id("unpublished-mark")).to_have_text(["Draft"])
    expect(tiles.last.get_by_test_id("unpublished-mark")).to_be_visible()
    for design, tile in zip(designs, tiles.all(), strict=True):
        if design.get("repeatable"):
            expect(tile.locator(".flash-tile__label")).to_have_text("Repeatable")

    # The first design retitled: the preview follows the form.
    new_title = f"{designs[0]['title']} (Reworked)"
    # The list's items start folded, each under its title: unfold the first by its chevron.
    folded = page.get_by_text(designs[0]["title"], exact=True).first
    folded.locator("xpath=preceding-sibling::div[1]//button").first.click()
    page.get_by_label("Title", exact=True).first.fill(new_title)
    expect(tiles.first.locator(".flash-tile__title")).to_have_text(new_title)

    wait_for_preview_images(page)
    page.screenshot(path=str(screenshots(tmp_path) / "admin-flash-1366.png"))
    assert page.js_errors == []


def test_the_policies_preview_and_save(demo_admin, demo_admin_site: AdminSite, tmp_path):
    """The studio's policies (content/policies.md) in their own collection: the preview is the
    /policies page's title and card, following what is typed; the save is the Markdown as
    typed, and the rebuilt site publishes it with a new version."""
    page = demo_admin
    policies_file = demo_admin_site.content / "policies.md"
    before = policies_file.read_text("utf-8")
    sections = re.findall(r"^## (.+)$", before, re.M)
    assert "48 hours" in before and len(sections) >= 3

    page.get_by_role("link", name="Studio policies").click()
    # the collection's one entry (its heading says "Studio policies" too, before the list is in)
    page.locator('a[href$="/collections/policies/entries/policies"]').click()
    preview = page.frame_locator("iframe").first
    expect(preview.get_by_role("heading", level=1)).to_have_text("Studio Policies")
    card = preview.locator(".policies-card .policies-md")
    expect(card.get_by_role("heading", level=2)).to_have_text(sections)

    # An edit: the notice for moving a date goes from 48 to 72 hours, everywhere it is said.
    changed = before.replace("48 hours", "72 hours")
    page.get_by_role("textbox").first.fill(changed)
    expect(card.get_by_text("72 hours").first).to_be_visible()
    expect(card.get_by_text("48 hours")).to_have_count(0)
    page.screenshot(path=str(screenshots(tmp_path) / "admin-policies-1366.png"))

    publish(page)
    wait_until(lambda: policies_file.read_text("utf-8").strip() == changed.strip())
    assert "---" not in policies_file.read_text("utf-8").split("\n", 1)[0]  # no front matter

    # build.py serve rebuilt the site: /api/policies has the text and a new version.
    def published() -> dict:
        try:
            return json.loads((demo_admin_site.dist / "api" / "policies.json").read_text())
        except (OSError, ValueError):
            return {}  # being swapped into place

    wait_until(lambda: "72 hours" in published().get("markdown", ""))
    saved = policies_file.read_text("utf-8")
    assert published()["version"] == hashlib.sha256(saved.encode()).hexdigest()[:16]
    assert published()["version"] != hashlib.sha256(before.encode()).hexdigest()[:16]
    visitor = page.context.new_page()
    visitor.goto(f"{demo_admin_site.url}/policies", wait_until="commit")
    expect(visitor.locator(".policies-md").get_by_text("72 hours").first).to_be_visible()
    assert page.js_errors == []


def test_policies_written_in_the_admin_where_there_were_none(admin, admin_site: AdminSite):
    """policies.md is optional: without it the entry opens empty, the preview says the site has
    no /policies page, and the first save creates the file and the page."""
    page = admin
    policies_file = admin_site.content / "policies.md"
    assert not policies_file.exists()
    page.get_by_role("link", name="Studio policies").click()
    # the collection's one entry (its heading says "Studio policies" too, before the list is in)
    page.locator('a[href$="/collections/policies/entries/policies"]').click()
    preview = page.frame_locator("iframe").first
    expect(preview.get_by_role("status")).to_contain_text("the site has no /policies page")
    text = "## Deposits\n\n- Every tattoo is held with a **deposit**.\n"
    page.get_by_role("textbox").first.fill(text)
    expect(preview.get_by_role("heading", level=2)).to_have_text("Deposits")
    publish(page)
    wait_until(policies_file.exists)
    assert policies_file.read_text("utf-8") == text
    wait_until(lambda: (admin_site.dist / "policies" / "index.html").is_file())
    assert json.loads((admin_site.dist / "api" / "policies.json").read_text())["markdown"] == text
    assert page.js_errors == []


# --- Spanish: both languages side by side (#26) -----------------------------------------------


def spanish_side_by_side(page):
    """Ask for the Spanish pane beside the English one (the button above the preview); the
    Spanish pane, Decap's second form."""
    page.get_by_role("button", name="Spanish side by side").click()
    return pane(page, "ES")


def pane(page, language: str):
    """One language's form: the pane under its "Writing in EN/ES" menu."""
    menu = page.get_by_role("button", name=f"Writing in {language}")
    return menu.locator("xpath=ancestor::div[.//label][1]")


def folded(where, summary: str):
    """A folded list item by its summary; .locator(UNFOLD) is its chevron, (REMOVE) its cross."""
    return where.get_by_text(summary, exact=True).first


UNFOLD = "xpath=preceding-sibling::div[1]//button >> nth=0"
REMOVE = "xpath=preceding-sibling::div[1]//button >> nth=-1"


def test_an_artist_translated_side_by_side(admin, admin_site: AdminSite):
    """The editor opens an artist, asks for the Spanish beside the English, types the Spanish
    bio in the Spanish pane and publishes: the file has `bio_es:` with it, right after the
    English bio, which is as it was; nothing else of the file changes."""
    page = admin
    artist_file = admin_site.content / "artists" / "jane-doe.yaml"
    before = yaml.safe_load(artist_file.read_text("utf-8"))
    assert not any(key.endswith("_es") for key in before)
    spanish_bio = "Jane dibuja trazo fino botánico: peonías, helechos y letras diminutas."

    page.get_by_text("Jane Doe", exact=True).click()
    spanish = spanish_side_by_side(page)
    english = pane(page, "EN")
    # Only what is translated is in the Spanish pane, empty; the English is as it was.
    expect(spanish.get_by_label("Bio")).to_have_value("")
    expect(spanish.get_by_label("Name")).to_be_hidden()
    expect(spanish.get_by_label("Years of experience")).to_be_hidden()
    expect(english.get_by_label("Name")).to_have_value(before["name"])
    expect(english.get_by_label("Bio")).to_have_value(before["bio"])
    spanish.get_by_label("Bio").fill(spanish_bio)
    publish(page)

    wait_until(lambda: "bio_es:" in artist_file.read_text("utf-8"))
    saved = yaml.safe_load(artist_file.read_text("utf-8"))
    assert saved["bio_es"] == spanish_bio
    assert {k: v for k, v in saved.items() if k != "bio_es"} == before  # the English as it was
    keys = list(saved)
    assert keys[keys.index("bio") + 1] == "bio_es"
    # No other Spanish written: the fields left empty are not saved (no `alt_es: ""`).
    assert [k for k in keys if k.endswith("_es")] == ["bio_es"]
    code, output = check(admin_site.content)
    assert code == 0, output
    assert page.js_errors == []


def test_a_portfolio_translated_side_by_side(admin, admin_site: AdminSite):
    """A list's items in Spanish: the Spanish pane lists the English pieces, in their order,
    each with only its translated fields and its photo greyed; it adds, removes and moves none.
    A piece removed in English leaves the pane at once, one added comes in at once, and each
    translation is saved with its piece, as `title_es:` after its `title:`."""
    page = admin
    portfolio_file = admin_site.content / "portfolio" / "jane-doe.yaml"
    assert yaml.safe_load(portfolio_file.read_text("utf-8")) == [
        {"file": "rose.jpg", "title": "Rose"},
        {"file": "koi.jpg", "title": "Koi"},
    ]
    open_collection(page, admin_site.url, "portfolio")
    page.get_by_text("jane-doe", exact=True).click()
    spanish = spanish_side_by_side(page)
    english = pane(page, "EN")
    # Folded, an untranslated piece is named by its English title, marked so.
    expect(folded(spanish, "Rose (English)")).to_be_visible()
    expect(folded(spanish, "Koi (English)")).to_be_visible()
    expect(english.get_by_role("button", name="Add piece")).to_be_visible()
    expect(spanish.get_by_role("button", name="Add piece")).to_have_count(0)

    folded(english, "Rose").locator(REMOVE).click()  # the first piece, removed in English
    expect(folded(spanish, "Rose (English)")).to_have_count(0)
    # A piece added in English (its photo the one just freed) is in the Spanish pane at once.
    english.get_by_role("button", name="Add piece").click()
    english.get_by_role("button", name="Choose an image").last.click()
    page.get_by_text("rose.jpg", exact=True).click()
    page.get_by_role("button", name="Choose selected").click()
    english.get_by_label("Title").last.fill("Rose Again")
    expect(folded(spanish, "Rose Again (English)")).to_be_visible()

    folded(spanish, "Koi (English)").locator(UNFOLD).click()
    folded(spanish, "Rose Again (English)").locator(UNFOLD).click()
    titles = spanish.get_by_label("Title")
    expect(titles).to_have_count(2)
    expect(titles.first).to_have_value("")
    expect(spanish.get_by_role("switch", name="Draft").first).to_be_hidden()
    # each item's photo, greyed, says which piece it is
    expect(spanish.get_by_role("button", name="Choose different image")).to_have_count(2)
    titles.first.fill("Carpa koi")
    titles.last.fill("Rosa otra vez")
    publish(page)

    wait_until(lambda: "Rosa otra vez" in portfolio_file.read_text("utf-8"))
    assert portfolio_file.read_text("utf-8") == (
        "- file: koi.jpg\n  title: Koi\n  title_es: Carpa koi\n"
        "- file: rose.jpg\n  title: Rose Again\n  title_es: Rosa otra vez\n"
    )
    code, output = check(admin_site.content)
    assert code == 0, output
    assert page.js_errors == []


def test_the_spanish_beside_the_english_and_its_preview(
    demo_admin, demo_admin_site: AdminSite, tmp_path
):
    """The demo's artist with their Spanish beside the English (docs/editing.md's picture); with
    the left pane switched to Spanish, the preview is the card as the Spanish pages show it."""
    page = demo_admin
    artist_file = demo_admin_site.content / "artists" / "dmitri-volkov.yaml"
    artist = yaml.safe_load(artist_file.read_text("utf-8"))
    page.get_by_text(artist["name"], exact=True).click()
    spanish = spanish_side_by_side(page)
    english = pane(page, "EN")
    expect(spanish.get_by_label("Bio")).to_have_value(artist["bio_es"])
    expect(english.get_by_label("Bio")).to_have_value(artist["bio"])
    page.wait_for_function(  # the portrait in the English pane
        "() => [...document.images].some(i => i.src.startsWith('blob:') && i.complete"
        " && i.naturalWidth > 0)"
    )
    # The last specialties and the bio, each beside its Spanish (the panes scroll together).
    last = english.get_by_label("Specialty", exact=True).nth(len(artist["specialties"]) - 2)
    last.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(500)
    page.screenshot(path=str(screenshots(tmp_path) / "admin-spanish-1366.png"))

    # The preview in Spanish: the left pane writes Spanish, the preview shows it.
    page.get_by_role("button", name="Toggle preview").click()
    page.get_by_role("button", name="Writing in EN").click()
    page.get_by_role("menuitem", name="es", exact=True).click()
    card = page.frame_locator("iframe").first.locator(".artist-card")
    expect(card.get_by_text(artist["bio_es"][:40])).to_be_visible()
    expect(card.get_by_text(artist["specialties_es"][0], exact=False).first).to_be_visible()
    assert page.js_errors == []


def test_deposits_edited_in_the_studio_facts_and_an_artist(admin, admin_site: AdminSite):
    """Issue #41: the deposit per service (one box each), the days and an artist's deposit, as
    an editor sets them; what the admin writes passes the check and reaches api/booking.json."""
    page = admin
    page.get_by_text("Jane Doe", exact=True).click()
    page.get_by_label("Deposit (US dollars)").fill("150")
    publish(page)
    open_collection(page, admin_site.url, "studio")
    page.get_by_text("Studio facts", exact=True).click()
    # each service's box, labelled "<service> (optional)"
    page.get_by_label("Tattoo Consultation").fill("100")
    page.get_by_label("Touch Up").fill("0")
    page.get_by_label("Deposit expires after (days)").fill("7")
    publish(page)
    site = yaml.safe_load((admin_site.content / "site.yaml").read_text("utf-8"))
    # boxes left empty are saved empty or not at all: no deposit either way
    assert {k: v for k, v in site["deposit"].items() if v not in ("", None)} == {
        "Tattoo Consultation": 100,
        "Touch Up": 0,
    }
    assert site["deposit_expiry_days"] == 7
    jane = yaml.safe_load((admin_site.content / "artists" / "jane-doe.yaml").read_text("utf-8"))
    assert jane["deposit"] == 150
    code, output = check(admin_site.content)
    assert code == 0, output
    wait_until(lambda: (admin_site.dist / "api" / "booking.json").is_file())
    wait_until(
        lambda: (
            json.loads((admin_site.dist / "api" / "booking.json").read_text())["deposit"]
            == {
                "services": {"Tattoo Consultation": 100, "Touch Up": 0},
                "artists": {"jane-doe": 150},
            }
        )
    )
    assert page.js_errors == []
