"""The build end to end on small fixture sites: the static API, atomic output, rule checks."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from build import cli
from generator import pipeline
from generator.errors import BuildError, ContentError
from generator.release import Release
from generator.site import netlify_rules, redirects
from sitefactory import minimal_site, write_site


@pytest.fixture
def build_site(media_cache: Path):
    """Build a fixture site (default: the minimal one) under root; return its dist/."""

    def build(root: Path, files: dict | None = None, out: Path | None = None, release=None) -> Path:
        content = write_site(root / "content", files or minimal_site())
        out = out or root / "dist"
        pipeline.build(pipeline.Paths.make(content, out, cache=media_cache), release=release)
        return out

    return build


def read_json(path: Path):
    return json.loads(path.read_text("utf-8"))


def tree_digest(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_artists_endpoint_has_the_spec_fields_in_carousel_order(tmp_path: Path, build_site) -> None:
    artists = read_json(build_site(tmp_path) / "api" / "artists.json")
    assert [a["slug"] for a in artists] == ["max-ink", "jane-doe"]  # order: 1, then 2
    first = artists[0]
    assert set(first) >= {
        "id",
        "slug",
        "name",
        "profilePic",
        "yearsExperience",
        "bio",
        "specialties",
        "instagram",
    }
    assert first["name"] == "Max Ink"
    assert first["profilePic"] == "max.jpg"
    assert first["yearsExperience"] == 7
    assert first["specialties"] == ["Fine Line", "Blackwork"]
    assert first["instagram"] == "@max"
    assert isinstance(first["id"], int)
    assert set(first["image"]) == {"src", "width", "height", "srcset", "sources", "placeholder"}


def test_portfolio_endpoints_split_by_artist(tmp_path: Path, build_site) -> None:
    dist = build_site(tmp_path)
    everything = read_json(dist / "api" / "portfolio" / "all.json")
    jane = read_json(dist / "api" / "portfolio" / "jane-doe.json")
    maxi = read_json(dist / "api" / "portfolio" / "max-ink.json")
    assert [i["filename"] for i in everything] == ["skull.jpg", "rose.jpg", "koi.jpg"]
    assert [i["filename"] for i in jane] == ["rose.jpg", "koi.jpg"]
    assert [i["filename"] for i in maxi] == ["skull.jpg"]
    rose = jane[0]
    assert {k: rose[k] for k in ("title", "artist", "artist_id")} == {
        "title": "Rose",
        "artist": "Jane Doe",
        "artist_id": "jane-doe",
    }
    assert set(rose) >= {"id", "filename", "width", "height", "srcset", "placeholder"}
    assert (dist / "images" / "work" / "rose.jpg").is_file()


def test_aftercare_endpoint_lists_both_sections(tmp_path: Path, build_site) -> None:
    sections = read_json(build_site(tmp_path) / "api" / "aftercare.json")
    assert [s["section_type"] for s in sections] == ["tattoo", "piercing"]
    assert sections[0]["content"] == "# Tattoo\n\n- Wash **gently**\n"


def test_ids_are_stable_across_builds_and_reordering(tmp_path: Path, build_site) -> None:
    first = read_json(build_site(tmp_path / "a") / "api" / "portfolio" / "all.json")
    files = minimal_site()
    files["portfolio/jane-doe.yaml"] = (
        "- file: koi.jpg\n  title: Koi\n- file: rose.jpg\n  title: Rose\n"
    )
    second = read_json(build_site(tmp_path / "b", files) / "api" / "portfolio" / "all.json")
    assert {i["filename"]: i["id"] for i in first} == {i["filename"]: i["id"] for i in second}
    assert len({i["id"] for i in first}) == 3


def test_every_route_has_its_own_html_with_title_and_description(
    tmp_path: Path, build_site
) -> None:
    dist = build_site(tmp_path)
    titles = {}
    for rel in [
        "index.html",
        "portfolio/index.html",
        "portfolio/jane-doe/index.html",
        "portfolio/max-ink/index.html",
        "piercings/index.html",
        "aftercare/index.html",
        "test/index.html",
        "404.html",
    ]:
        html = (dist / rel).read_text("utf-8")
        title = html.split("<title>", 1)[1].split("</title>", 1)[0]
        assert '<meta name="description" content="' in html
        assert '<script id="site-data" type="application/json">' in html
        titles[rel] = title
    assert len(set(titles.values())) == len(titles)
    assert titles["portfolio/jane-doe/index.html"] == "Jane Doe Portfolio | Test Studio"


def test_site_data_carries_studio_facts_for_the_app(tmp_path: Path, build_site) -> None:
    data = read_json(build_site(tmp_path) / "api" / "site.json")
    assert data["phone"] == "(214) 555-0100"
    assert data["phoneHref"] == "tel:+12145550100"
    assert data["hours"][0] == {"days": "Monday - Thursday", "time": "12pm - 10pm"}
    assert data["address"]["city"] == "Addison"
    assert data["artistSlugs"] == ["max-ink", "jane-doe"]
    assert set(data["media"]) >= {"intro", "hero", "studio", "piercing", "scrollSequence"}


def test_failed_build_leaves_previous_dist_byte_identical(tmp_path: Path, build_site) -> None:
    dist = build_site(tmp_path)
    before = tree_digest(dist)
    files = minimal_site()
    files["artists/jane-doe.yaml"] = files["artists/jane-doe.yaml"].replace(
        "years_experience: 7", "years_experience: x"
    )
    files["portfolio/max-ink.yaml"] = (
        "- file: skull.jpg\n  title: Skull\n- file: new.jpg\n  title: New\n"
    )
    with pytest.raises(ContentError):
        build_site(tmp_path / "second", files, out=dist)
    assert tree_digest(dist) == before
    leftovers = [p.name for p in dist.parent.iterdir() if p.name.startswith(".dist.")]
    assert leftovers == []


def test_successful_rebuild_replaces_dist_whole(tmp_path: Path, build_site) -> None:
    dist = build_site(tmp_path)
    (dist / "stale.txt").write_text("from an old build")
    build_site(tmp_path, out=dist)
    assert not (dist / "stale.txt").exists()
    assert (dist / "index.html").is_file()


def test_build_command_reports_content_errors_and_exits_1(tmp_path: Path) -> None:
    files = minimal_site()
    files["portfolio/max-ink.yaml"] = "- file: ghost.jpg\n  title: Ghost\n"
    content = write_site(tmp_path / "content", files)
    result = CliRunner().invoke(
        cli, ["build", "--content", str(content), "--out", str(tmp_path / "dist")]
    )
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert (
        f"{content}/portfolio/max-ink.yaml:1: piece 1, file: image 'ghost.jpg' not found"
        in result.output
    )
    assert not (tmp_path / "dist").exists()


def test_build_command_writes_dist(tmp_path: Path, media_cache: Path) -> None:
    content = write_site(tmp_path / "content", minimal_site())
    out = tmp_path / "dist"
    result = CliRunner().invoke(
        cli, ["build", "--content", str(content), "--out", str(out), "--cache", str(media_cache)]
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "dist" / "api" / "artists.json").is_file()


def test_every_command_has_help_text() -> None:
    runner = CliRunner()
    for name, command in cli.commands.items():
        assert command.help, f"{name} has no help"
        result = runner.invoke(cli, [name, "--help"])
        assert result.exit_code == 0
        assert " ".join(command.help.split()[:6]) in " ".join(result.output.split())


def test_contact_route_proxies_to_the_function_or_answers_the_preview_503(
    tmp_path: Path, build_site
) -> None:
    # _redirects also holds the per-artist portfolio rules (test_hostile_serve.py).
    rules = (build_site(tmp_path / "a") / "_redirects").read_text()
    assert rules.splitlines()[0] == "/api/contact  /.netlify/functions/contact-unavailable  200!"
    assert (pipeline.PROJECT_ROOT / "netlify" / "functions" / "contact-unavailable.mjs").is_file()
    release = Release(contact_url="https://abc.lambda-url.us-east-1.on.aws/")
    rules = (build_site(tmp_path / "b", release=release) / "_redirects").read_text()
    assert (
        rules.splitlines()[0]
        == "/api/contact  https://abc.lambda-url.us-east-1.on.aws/  200!  Sign=CONTACT_PROXY_SECRET"
    )


def test_rule_checks_catch_missing_targets_and_shadowed_rules(tmp_path: Path, build_site) -> None:
    dist = build_site(tmp_path)
    config = netlify_rules.load_config(pipeline.PROJECT_ROOT / "netlify.toml")
    assert redirects.check_rules(config, dist) == []
    (dist / "api" / "artists.json").unlink()
    (dist / "api" / "aftercare").mkdir()
    (dist / "api" / "aftercare" / "index.html").write_text("oops")
    problems = redirects.check_rules(config, dist)
    assert problems == [
        "rule /api/artists -> /api/artists.json: target is missing from the build",
        "rule /api/aftercare -> /api/aftercare.json never applies: the file "
        "api/aftercare/index.html shadows it (force it with 200! or rename)",
    ]
    with pytest.raises(BuildError, match="netlify.toml does not fit the build"):
        redirects.require_rules(config, dist)


def test_output_refuses_collisions_and_escapes(tmp_path: Path) -> None:
    from generator.output import Output

    out = Output(tmp_path)
    out.write_text("a/b.txt", "one")
    with pytest.raises(BuildError, match="two outputs want the same file: a/b.txt"):
        out.write_text("/a/b.txt", "two")
    with pytest.raises(BuildError, match="refusing to write outside"):
        out.write_text("../evil.txt", "x")


def tree_state(folder: Path) -> dict[str, tuple[str, int, int]]:
    """Every file's bytes, modification time and mode: what a web server and its ETags see."""
    return {
        p.relative_to(folder).as_posix(): (
            hashlib.sha256(p.read_bytes()).hexdigest(),
            p.stat().st_mtime_ns,
            p.stat().st_mode & 0o777,
        )
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_published_files_are_world_readable_whatever_the_umask(
    tmp_path: Path, build_site, media_cache: Path
) -> None:
    previous = os.umask(0o077)  # a strict umask: new files 0600, new folders 0700
    try:
        dist = build_site(tmp_path)
    finally:
        os.umask(previous)
    modes = {p.stat().st_mode & 0o777 for p in dist.rglob("*") if p.is_file()}
    folders = {p.stat().st_mode & 0o777 for p in [dist, *dist.rglob("*")] if p.is_dir()}
    assert (modes, folders) == ({0o644}, {0o755})


def test_images_are_published_as_links_to_the_cache_and_nothing_else_is(
    tmp_path: Path, build_site, media_cache: Path
) -> None:
    """No image's bytes are written twice: each published variant is a hard link to its
    cached file; every other file (pages, JSON) is the build's own."""
    dist = build_site(tmp_path)
    cached = {p.stat().st_ino for p in (media_cache / "images" / "variants").rglob("*.*")}
    folders = [dist / "assets" / "img", *(dist / "images" / k for k in ("work", "artists"))]
    images = [p for folder in folders for p in folder.rglob("*") if p.is_file()]
    assert images
    assert {p.stat().st_ino in cached for p in images} == {True}
    pages = [*dist.rglob("*.html"), *dist.rglob("*.json")]
    assert pages and all(p.stat().st_nlink == 1 for p in pages)


def test_a_build_failing_after_the_media_stages_leaves_dist_as_it_was(
    tmp_path: Path, build_site, media_cache: Path
) -> None:
    dist = build_site(tmp_path)
    before = tree_state(dist)
    # The same content, and a netlify.toml naming a file the build does not make: the build
    # runs every stage (the image cache marks the variants it used) and fails at the end.
    toml = (pipeline.PROJECT_ROOT / "netlify.toml").read_text("utf-8")
    broken = tmp_path / "netlify.toml"
    broken.write_text(
        toml + '\n[[redirects]]\n  from = "/gone"\n  to = "/nowhere.json"\n  status = 200\n',
        "utf-8",
    )
    paths = pipeline.Paths.make(tmp_path / "content", dist, cache=media_cache, netlify_toml=broken)
    with pytest.raises(BuildError, match="/nowhere.json: target is missing"):
        pipeline.build(paths)
    assert tree_state(dist) == before


def test_folders_left_by_killed_builds_are_removed_by_the_next_build(
    tmp_path: Path, media_cache: Path
) -> None:
    content = write_site(tmp_path / "content", minimal_site())
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a build process that no longer runs
    hour = 3600
    folders = {
        f".dist.building-{gone.pid}-a1b2": 0,  # killed a moment ago
        f".dist.old-{gone.pid}-c3d4": 0,
        f".dist.building-{os.getpid()}-e5f6": 0,  # this process: a build still running
        ".dist.building-legacy1": 2 * hour,  # no pid in the name: by age
        ".dist.building-legacy2": 0,
        f".dist.building-{os.getpid()}-old7": 7 * hour,  # older than any build
    }
    for name, age in folders.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "index.html").write_text("half a build")
        os.utime(tmp_path / name, (time.time() - age, time.time() - age))
    result = CliRunner().invoke(
        cli,
        [
            "build",
            "--content",
            str(content),
            "--out",
            str(tmp_path / "dist"),
            "--cache",
            str(media_cache),
        ],
    )
    assert result.exit_code == 0, result.output
    left = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".dist."))
    assert left == sorted([f".dist.building-{os.getpid()}-e5f6", ".dist.building-legacy2"])


@pytest.mark.parametrize(
    "name", [".dist.building-123-abcd1234", ".dist.old-123-abcd1234", ".dist.building-x"]
)
def test_staging_folders_are_ignored_by_git(name: str) -> None:
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", f"{name}/index.html"], cwd=pipeline.PROJECT_ROOT
    )
    assert ignored.returncode == 0
