"""The images' time budget (IMAGES_TIME_BUDGET, docs/architecture.md#images-the-time-budget),
through the command line: a build that runs out of time still publishes every photo in its fallback
format, names no file it did not make, and the next build makes what was left."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from click.testing import CliRunner
from PIL import Image

from build import cli
from generator.images import encode as images_encode
from generator.images.process import ImageJob, process_images
from generator.output import Output
from generator.release import NETLIFY_IMAGES_BUDGET_S, Release
from generator.reporter import BufferReporter
from sitefactory import jpeg, minimal_site, write_site

# a published image's address in any page, API file or stylesheet
IMAGE_URL = re.compile(r"/(?:assets/img|images)/[A-Za-z0-9._%/-]+\.(?:avif|webp|jpg|png)")
SECRETS = (b"Exif", b"PhoneMaker", b"Secret Lane")


def phone_photo(seed: int) -> bytes:
    """A 1000x750 photo (two widths of each format) carrying a maker, GPS and a comment."""
    img = Image.new("RGB", (1000, 750), (40 + seed * 30, 90, 140))
    img.paste((200, 60 + seed * 20, 30), (0, 0, 500, 375))
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"
    gps = exif.get_ifd(0x8825)
    gps.update({1: "N", 2: (32.0, 57.0, 36.0), 3: "W", 4: (96.0, 49.0, 48.0)})
    buffer = io.BytesIO()
    img.save(buffer, "JPEG", quality=85, exif=exif, comment=b"shot at 1 Secret Lane")
    return buffer.getvalue()


@pytest.fixture
def site(tmp_path: Path) -> Path:
    files = minimal_site()
    for seed, name in enumerate(("rose.jpg", "koi.jpg", "skull.jpg")):
        files[f"images/work/{name}"] = phone_photo(seed)
    return write_site(tmp_path / "content", files)


def build(site: Path, budget: str | None) -> str:
    env = {"IMAGES_TIME_BUDGET": budget, "NETLIFY": None, "CONTEXT": None}
    out, cache = site.parent / "dist", site.parent / "cache"
    args = ["build", "--content", str(site), "--out", str(out), "--cache", str(cache)]
    result = CliRunner().invoke(cli, args, env=env)
    assert result.exit_code == 0, result.output
    return result.output


def referenced(dist: Path) -> set[str]:
    """Every image address named by a page or a file of the static API."""
    found: set[str] = set()
    for path in dist.rglob("*"):
        if path.suffix in (".html", ".json") and path.is_file():
            found.update(IMAGE_URL.findall(path.read_text("utf-8", "replace")))
    return found


def formats_offered(dist: Path) -> dict[str, set[str]]:
    items = json.loads((dist / "api/portfolio/all.json").read_text())
    return {item["filename"]: {s["type"] for s in item["sources"]} for item in items}


def assert_no_metadata(dist: Path) -> None:
    for folder in ("images", "assets/img"):
        for path in (dist / folder).rglob("*"):
            if path.is_file():
                raw = path.read_bytes()
                assert not any(secret in raw for secret in SECRETS), path


def test_a_spent_budget_publishes_only_what_it_made_and_the_next_build_makes_the_rest(site):
    dist = site.parent / "dist"
    output = build(site, "0")

    assert "the time budget is spent" in output
    assert formats_offered(dist) == {name: set() for name in ("rose.jpg", "koi.jpg", "skull.jpg")}
    urls = referenced(dist)
    assert any(url.endswith(".jpg") for url in urls)
    assert not [url for url in urls if url.endswith((".avif", ".webp"))]
    for folder in ("images", "assets/img"):  # (the videos' posters are WebP of their own)
        assert not [p for p in (dist / folder).rglob("*") if p.suffix in (".avif", ".webp")]
    for url in urls:
        assert (dist / unquote(url).lstrip("/")).is_file(), url
    assert_no_metadata(dist)
    jpegs = {p.name: p.read_bytes() for p in (dist / "images/work").iterdir()}

    output = build(site, None)  # a later build without a budget (or with time to spare)

    assert "the time budget is spent" not in output
    offered = formats_offered(dist)
    assert offered == {name: {"image/avif", "image/webp"} for name in offered}
    urls = referenced(dist)
    assert {url.rsplit(".", 1)[1] for url in urls} >= {"avif", "webp", "jpg"}
    for url in urls:
        assert (dist / unquote(url).lstrip("/")).is_file(), url
    assert_no_metadata(dist)
    # the fallback files made under the budget are the ones published now, unchanged
    assert {p.name: p.read_bytes() for p in (dist / "images/work").iterdir()} == jpegs


def test_a_format_cut_short_is_not_offered_at_some_widths(tmp_path, monkeypatch):
    """The budget runs out between two widths of a photo's AVIF: no AVIF is offered for it,
    and the width that was made is kept for the next build."""
    source = tmp_path / "rose.jpg"
    source.write_bytes(phone_photo(0))
    job = ImageJob("work", "rose.jpg", source, "content/images/work/rose.jpg")
    avifs = []
    real_encode = images_encode.encode

    def encode(img, enc):
        avifs.append(enc.format == "avif")
        return real_encode(img, enc)

    def late(task):  # in time until the first AVIF has been written
        return task.deadline is not None and sum(avifs) >= 1

    monkeypatch.setattr(images_encode, "encode", encode)
    monkeypatch.setattr(images_encode, "_late", late)
    out = Output(tmp_path / "dist")
    reporter = BufferReporter()
    meta = process_images([job], out, tmp_path / "cache", reporter, workers=1, deadline=1e18)

    assert [s["type"] for s in meta[("work", "rose.jpg")].sources] == ["image/webp"]
    assert "1 without AVIF" in "\n".join(reporter.lines)
    assert sum(avifs) == 1
    assert len(list((tmp_path / "cache").rglob("*.avif"))) == 1


def test_the_budget_is_netlify_s_default_and_a_bad_value_is_one_line(site):
    assert Release.from_env({"NETLIFY": "true"}).images_budget_s == NETLIFY_IMAGES_BUDGET_S
    assert Release.from_env({"NETLIFY": "true", "IMAGES_TIME_BUDGET": "60"}).images_budget_s == 60
    assert Release.from_env({}).images_budget_s is None
    assert Release.from_env({"NETLIFY": "true"}).local().images_budget_s is None
    for bad in ("ten minutes", "-5", "nan", "1e9"):
        out = site.parent / "dist"
        result = CliRunner().invoke(
            cli,
            ["build", "--content", str(site), "--out", str(out)],
            env={"IMAGES_TIME_BUDGET": bad},
        )
        assert result.exit_code == 1
        assert "Traceback" not in result.output
        assert "IMAGES_TIME_BUDGET" in result.output


def test_a_short_budget_gives_every_page_s_first_tile_webp_before_any_second(tmp_path, monkeypatch):
    """Two artists of four pieces, three flash designs: a budget that has time for only as
    many WebP photos as there are first tiles gives the first tile of /portfolio, of each
    artist's portfolio, of /flash and of the artists carousel WebP, and no second tile any.
    In content order, the first artist's four pieces would have taken it, leaving the second
    artist's page and /flash in JPEG."""
    files = minimal_site()
    pieces = {"max-ink": ["m1", "m2", "m3", "m4"], "jane-doe": ["j1", "j2", "j3", "j4"]}
    for artist, names in pieces.items():
        files[f"portfolio/{artist}.yaml"] = "".join(
            f"- file: {n}.jpg\n  title: {n}\n" for n in names
        )
        for number, name in enumerate(names):
            files[f"images/work/{name}.jpg"] = jpeg(80, 60, (30 * number, 90, 40))
    files["flash/jane-doe.yaml"] = "".join(
        f"- file: f{n}.jpg\n  title: F{n}\n  size: 3 in\n  price: 150\n" for n in range(1, 4)
    )
    for n in range(1, 4):
        files[f"images/flash/f{n}.jpg"] = jpeg(60, 80, (10, 20 * n, 90))
    site = write_site(tmp_path / "content", files)
    lists = {  # the API files whose first item is a page's first tile
        "/portfolio": "api/portfolio/all.json",
        "Max's portfolio": "api/portfolio/max-ink.json",
        "Jane's portfolio": "api/portfolio/jane-doe.json",
        "/flash": "api/flash/all.json",
    }
    firsts = {"work/m1.jpg", "work/j1.jpg", "flash/f1.jpg", "artists/max.jpg"}
    photos_on_no_list = {"brands/brand-one.png"}  # a partner's logo: counted as first
    started: list[str] = []

    def late(task):  # time for the WebP (and then AVIF) of as many photos as there are firsts
        if task.deadline is None:
            return False
        if task.source not in started:
            started.append(task.source)
        return started.index(task.source) >= len(firsts | photos_on_no_list)

    monkeypatch.setattr(images_encode, "_late", late)
    build(site, "600")
    dist = site.parent / "dist"

    def webp(item: dict) -> bool:
        return "image/webp" in {s["type"] for s in item["sources"]}

    with_webp = set()
    for name, file in lists.items():
        items = json.loads((dist / file).read_text())
        assert len(items) >= 3, name
        assert webp(items[0]), f"{name}: its first tile has no WebP"
        with_webp.update(item["filename"] for item in items if webp(item))
    assert with_webp == {"m1.jpg", "j1.jpg", "f1.jpg"}  # no page's second tile
    artists = json.loads((dist / "api/artists.json").read_text())
    assert [webp(a["image"]) for a in artists] == [True, False]
