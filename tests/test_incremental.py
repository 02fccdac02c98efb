"""Work proportional to what changed: a photo's bytes are read and decoded to check it once,
remembered by what identifies them (path, size, time, inode; a digest when those differ),
and a changed, damaged or replaced photo is still caught on the next check."""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from generator import files as generator_files
from generator import known_files, pipeline
from generator.errors import BuildError, ContentError
from generator.images import source
from generator.images.cache import UNUSED_DAYS, ImageCache
from generator.reporter import BufferReporter
from tests.sitefactory import jpeg, minimal_site, write_site

HOUR = 3600


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """The photos read whole (digest) and decoded (verify) by the check, by file name."""
    calls: dict[str, list[str]] = {"digest": [], "verify": []}
    digest, verify = generator_files.file_digest, source.verify

    def counting_digest(path: Path) -> str:
        calls["digest"].append(Path(path).name)
        return digest(path)

    def counting_verify(path: Path, max_pixels: int) -> source.SourceInfo:
        calls["verify"].append(Path(path).name)
        return verify(path, max_pixels)

    monkeypatch.setattr(known_files, "file_digest", counting_digest)
    monkeypatch.setattr("generator.images.cache.verify", counting_verify)
    return calls


def aged(root: Path, hours: float = 1) -> Path:
    """Files last changed an hour ago, as in a checkout an editor works in."""
    then = time.time() - hours * HOUR
    for path in root.rglob("*"):
        if path.is_file():
            os.utime(path, (then, then))
    return root


def photos_of(names: list[str]) -> set[str]:
    return {name for name in names if name.endswith((".jpg", ".png"))}


def test_a_second_check_reads_no_unchanged_photo(tmp_path: Path, counted: dict) -> None:
    content = aged(write_site(tmp_path / "content", minimal_site()))
    paths = pipeline.Paths.make(content, tmp_path / "dist", cache=tmp_path / "cache")
    pipeline.check(paths)
    everything = {"jane.jpg", "max.jpg", "rose.jpg", "koi.jpg", "skull.jpg", "brand-one.png"}
    assert photos_of(counted["digest"]) == everything
    assert set(counted["verify"]) == everything
    counted["digest"].clear(), counted["verify"].clear()

    pipeline.check(paths)  # a new process would read the same cache files
    assert photos_of(counted["digest"]) == set()
    assert counted["verify"] == []


def test_a_touched_photo_is_hashed_again_but_not_decoded(tmp_path: Path, counted: dict) -> None:
    """A fresh clone gives every file a new time: the bytes decide, not the time."""
    content = aged(write_site(tmp_path / "content", minimal_site()))
    paths = pipeline.Paths.make(content, tmp_path / "dist", cache=tmp_path / "cache")
    pipeline.check(paths)
    counted["digest"].clear(), counted["verify"].clear()
    os.utime(content / "images/work/rose.jpg")
    aged(content / "images/artists", 2)

    pipeline.check(paths)
    assert photos_of(counted["digest"]) == {"rose.jpg", "jane.jpg", "max.jpg"}
    assert counted["verify"] == []


def test_a_photo_changed_or_damaged_after_a_good_check_is_checked_again(
    tmp_path: Path, counted: dict
) -> None:
    content = aged(write_site(tmp_path / "content", minimal_site()))
    paths = pipeline.Paths.make(content, tmp_path / "dist", cache=tmp_path / "cache")
    pipeline.check(paths)
    counted["verify"].clear()

    whole = jpeg(300, 200, color=(10, 90, 200))
    (content / "images/work/rose.jpg").write_bytes(whole[: len(whole) // 2])
    (content / "images/work/koi.jpg").write_bytes(jpeg(60, 80, color=(1, 2, 3)))
    with pytest.raises(ContentError) as caught:
        pipeline.check(paths)
    assert [str(p) for p in caught.value.problems] == [
        f"{content}/images/work/rose.jpg: the image data is cut short (a truncated file); "
        "copy or export it again"
    ]
    assert sorted(counted["verify"]) == ["koi.jpg", "rose.jpg"]
    counted["verify"].clear()

    # A failure is never remembered as a success: the damaged photo is decoded again.
    with pytest.raises(ContentError):
        pipeline.check(paths)
    assert counted["verify"] == ["rose.jpg"]


def test_a_photo_renamed_is_known_by_its_bytes(tmp_path: Path, counted: dict) -> None:
    files = minimal_site()
    content = aged(write_site(tmp_path / "content", files))
    paths = pipeline.Paths.make(content, tmp_path / "dist", cache=tmp_path / "cache")
    pipeline.check(paths)
    counted["verify"].clear()
    os.rename(content / "images/work/rose.jpg", content / "images/work/red-rose.jpg")
    portfolio = content / "portfolio/jane-doe.yaml"
    portfolio.write_text(portfolio.read_text().replace("rose.jpg", "red-rose.jpg"))

    pipeline.check(paths)
    assert counted["verify"] == []


def test_the_memory_of_files_survives_a_broken_cache_file(tmp_path: Path) -> None:
    content = aged(write_site(tmp_path / "content", minimal_site()))
    cache = tmp_path / "cache"
    paths = pipeline.Paths.make(content, tmp_path / "dist", cache=cache)
    pipeline.check(paths)
    record = json.loads((cache / "known-files.json").read_text())
    assert str(content / "images/work/rose.jpg") in record["files"]
    for broken in ("{", "[]", '{"version": 1, "files": {"x": [1, "two"]}}', "\0" * 64):
        (cache / "known-files.json").write_text(broken)
        assert pipeline.check(paths).artists  # read again from the photos, no traceback


def test_a_failed_check_still_remembers_the_good_photos(tmp_path: Path, counted: dict) -> None:
    content = aged(write_site(tmp_path / "content", {**minimal_site(), "site.yaml": "name: ["}))
    paths = pipeline.Paths.make(content, tmp_path / "dist", cache=tmp_path / "cache")
    with pytest.raises(ContentError):
        pipeline.check(paths)
    assert (tmp_path / "cache" / "known-files.json").is_file()


def test_variants_unused_for_a_month_are_pruned_without_touching_published_files(
    tmp_path: Path,
) -> None:
    content = write_site(tmp_path / "content", minimal_site())
    dist = tmp_path / "dist"
    pipeline.build(pipeline.Paths.make(content, dist, cache=tmp_path / "cache"))
    published = dist / "images" / "work" / "rose.jpg"
    before = published.stat().st_mtime_ns
    cache = ImageCache(tmp_path / "cache" / "images")
    old = cache.root / "variants" / "zz" / "zz-unused.avif"
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_bytes(b"x")
    month_ago = time.time() - (UNUSED_DAYS + 1) * 86400
    os.utime(old, (month_ago, month_ago))
    recent = old.with_name("zz-recent.avif")
    recent.write_bytes(b"y")

    record_path = cache.root / "last-used.json"
    record = json.loads(record_path.read_text())
    record_path.write_text(json.dumps({**record, "scanned": record["scanned"] - 1}))  # a new day
    cache.prune(set())
    assert not old.exists() and recent.exists()
    assert published.stat().st_mtime_ns == before  # use is recorded, not stamped on files
    record = json.loads((cache.root / "last-used.json").read_text())
    assert record["days"]["zz-recent.avif"] == int(time.time() // 86400)
    assert record["scanned"] == int(time.time() // 86400)

    # Looked through once a day: a variant that went stale since waits for tomorrow's build.
    old.write_bytes(b"x")
    os.utime(old, (month_ago, month_ago))
    cache.prune(set())
    assert old.exists()


def test_a_no_op_build_encodes_and_decodes_nothing(
    tmp_path: Path, media_cache: Path, counted: dict
) -> None:
    content = aged(write_site(tmp_path / "content", minimal_site()))
    paths = pipeline.Paths.make(content, tmp_path / "dist", cache=media_cache)
    pipeline.build(paths)
    counted["digest"].clear(), counted["verify"].clear()
    reporter = BufferReporter()
    pipeline.build(paths, reporter)
    assert photos_of(counted["digest"]) == set()
    assert counted["verify"] == []
    assert any("images: 0 processed, 6 reused" in line for line in reporter.lines)


def published_variants(dist: Path) -> set[str]:
    return {p.relative_to(dist).as_posix() for p in (dist / "assets" / "img").rglob("*.*")}


def referenced_variants(dist: Path) -> set[str]:
    """Every /assets/img/ file the site's pages and API name."""
    found: set[str] = set()
    for page in [*dist.rglob("*.html"), *dist.rglob("*.json")]:
        found.update(re.findall(r"/(assets/img/[^\s\"',)]+)", page.read_text("utf-8")))
    return found


def test_the_image_folder_is_carried_between_builds_and_holds_what_the_site_uses(
    tmp_path: Path, media_cache: Path
) -> None:
    content = aged(write_site(tmp_path / "content", minimal_site()))
    dist = tmp_path / "dist"
    paths = pipeline.Paths.make(content, dist, cache=media_cache)
    pipeline.build(paths)
    first = published_variants(dist)
    assert first == referenced_variants(dist)
    rose_before = {v for v in first if "/rose-" in v}

    (content / "images/work/rose.jpg").write_bytes(jpeg(90, 70, color=(200, 30, 90)))
    pipeline.build(paths)
    second = published_variants(dist)
    assert second == referenced_variants(dist)  # nothing missing, nothing left over
    assert rose_before and not rose_before & second
    assert first - rose_before <= second
    assert not (dist / "assets" / "img").is_symlink()
    assert not list(tmp_path.glob(".dist.*"))  # no replaced tree left behind


def test_a_failed_build_after_a_photo_changed_leaves_the_site_whole(
    tmp_path: Path, media_cache: Path
) -> None:
    content = aged(write_site(tmp_path / "content", minimal_site()))
    dist = tmp_path / "dist"
    pipeline.build(pipeline.Paths.make(content, dist, cache=media_cache))
    before = {p: p.read_bytes() for p in dist.rglob("*") if p.is_file()}
    (content / "images/work/koi.jpg").write_bytes(jpeg(60, 80, color=(9, 200, 9)))
    toml = (pipeline.PROJECT_ROOT / "netlify.toml").read_text("utf-8")
    broken = tmp_path / "netlify.toml"
    broken.write_text(
        toml + '\n[[redirects]]\n  from = "/x"\n  to = "/none.json"\n  status = 200\n'
    )
    paths = pipeline.Paths.make(content, dist, cache=media_cache, netlify_toml=broken)
    with pytest.raises(BuildError):
        pipeline.build(paths)
    assert {p: p.read_bytes() for p in dist.rglob("*") if p.is_file()} == before
    assert referenced_variants(dist) == published_variants(dist)


def test_a_link_planted_in_dist_does_not_lead_the_build_elsewhere(
    tmp_path: Path, media_cache: Path
) -> None:
    content = write_site(tmp_path / "content", minimal_site())
    dist = tmp_path / "dist"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (dist / "assets").mkdir(parents=True)
    (dist / "assets" / "img").symlink_to(elsewhere)
    pipeline.build(pipeline.Paths.make(content, dist, cache=media_cache))
    assert list(elsewhere.iterdir()) == []
    assert not (dist / "assets" / "img").is_symlink()
    assert published_variants(dist) == referenced_variants(dist)


def test_pages_are_rendered_again_only_when_what_they_show_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.site import prerender

    renders: list[int] = []
    render = prerender._render

    def counting(*args: object) -> str:
        renders.append(1)
        return render(*args)

    monkeypatch.setattr(prerender, "_render", counting)
    content = write_site(tmp_path / "content", minimal_site())
    paths = pipeline.Paths.make(content, tmp_path / "dist", cache=tmp_path / "cache")
    pipeline.build(paths)
    pipeline.build(paths)
    assert len(renders) == 1

    bio = content / "artists/jane-doe.yaml"
    bio.write_text(bio.read_text().replace("A short bio.", "A longer bio now."))
    pipeline.build(paths)
    assert len(renders) == 2
    page = (tmp_path / "dist" / "index.html").read_text("utf-8")
    assert "A longer bio now." in page


def test_the_app_is_bundled_again_only_when_what_it_is_made_of_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy of site-src/ (and of the tables it imports from outside) bundled with a
    cache: esbuild runs again for a changed source or contract, never for nothing."""
    from generator.site import bundle, node

    project = pipeline.PROJECT_ROOT
    site_src = tmp_path / "site-src"
    for name in node.BUNDLE_INPUTS:
        (site_src / name).parent.mkdir(parents=True, exist_ok=True)
        (site_src / name).write_bytes((project / "site-src" / name).read_bytes())
    shutil.copytree(project / "site-src" / "src", site_src / "src")
    (site_src / "node_modules").symlink_to(project / "site-src" / "node_modules")
    contract = tmp_path / "functions" / "contact" / "contract.json"
    contract.parent.mkdir(parents=True)
    contract.write_bytes((project / "functions" / "contact" / "contract.json").read_bytes())
    rules = tmp_path / "generator" / "content" / "rules.json"  # lib/rules.ts reads it too
    rules.parent.mkdir(parents=True)
    rules.write_bytes((project / "generator" / "content" / "rules.json").read_bytes())

    runs: list[int] = []
    run = node.run_bundler

    def counting(*args: object) -> dict:
        runs.append(1)
        return run(*args)

    monkeypatch.setattr(node, "run_bundler", counting)

    def bundled() -> dict:
        out = Path(tempfile.mkdtemp(dir=tmp_path))
        summary = bundle.run_esbuild(site_src, out, cache=tmp_path / "cache")
        assert Path(summary["prerender"]).is_file()
        assert str(out.resolve()) in summary["prerender"]
        return summary

    first = bundled()
    second = bundled()
    assert {**second, "prerender": ""} == {**first, "prerender": ""}
    assert len(runs) == 1
    main = site_src / "src" / "main.tsx"
    main.write_text(main.read_text() + "\n// changed\n")
    bundled()
    assert len(runs) == 2
    contract.write_text(contract.read_text() + "\n")
    bundled()
    assert len(runs) == 3
    assert len(list((tmp_path / "cache").iterdir())) == 1  # only the newest bundle is kept
