"""The editors' admin in real Chromium, through `build.py serve --cms` (what `make cms` runs).

A fixture site is copied into a temporary folder: Decap's local backend writes into that copy,
never into the repository's content/. Each test edits through the admin as an editor would,
then reads the files on disk, runs `build.py check`, and looks at the rebuilt site.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

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


@pytest.fixture
def admin_site(tmp_path: Path, media_cache: Path) -> Iterator[AdminSite]:
    """The minimal site in tmp_path/content, served with the admin's local backend."""
    content = write_site(tmp_path / "content", minimal_site())
    port, cms_port = free_port(), free_port()
    log = tmp_path / "serve.log"
    command = [
        sys.executable,
        str(PROJECT_ROOT / "build.py"),
        "serve",
        "--cms",
        "--content",
        str(content),
        "--out",
        str(tmp_path / "dist"),
        "--cache",
        str(media_cache),
        "--port",
        str(port),
        "--cms-port",
        str(cms_port),
    ]
    with log.open("w") as out:
        proc = subprocess.Popen(command, cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_for_port(port, proc, log)
        yield AdminSite(f"http://127.0.0.1:{port}", content, tmp_path / "dist", log)
    finally:
        interrupt(proc)


@pytest.fixture
def admin(browser, admin_site: AdminSite):
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
    page.goto(f"{admin_site.url}/admin/")
    # The local backend needs no account: Decap shows one Login button for it.
    page.get_by_role("button", name="Login").click()
    page.get_by_role("link", name="Artists").wait_for()
    yield page
    context.close()


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
        time.sleep(0.2)


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


def test_an_edit_only_the_build_can_refuse_names_file_and_line(admin, admin_site: AdminSite):
    # Each year alone is a whole number the admin accepts; that the founder died before being
    # born is a rule across two fields, which only the build checks.
    page = admin
    page.get_by_role("link", name="Studio", exact=True).click()
    page.get_by_text("Studio facts", exact=True).click()
    page.get_by_label("Year died").fill("1960")
    publish(page)
    site_file = admin_site.content / "site.yaml"
    wait_until(lambda: "died: 1960" in site_file.read_text("utf-8"))

    code, output = check(admin_site.content)
    line = line_of(site_file, r"^\s+died:")
    assert code == 1
    assert (
        f"{admin_site.content}/site.yaml:{line}: memorial.died: must not be before born (1970)"
        in output
    )
    # The dev server keeps serving the last good site and says why in its log.
    wait_until(lambda: "memorial.died: must not be before born" in admin_site.log.read_text())
    assert "died: 2022" not in site_file.read_text() and os.path.isdir(admin_site.dist)
