"""Drafts, scheduled publishing and alt text (issue #29), through the command line.

The build's clock is set with STUDIO_BUILD_NOW (generator/content/publishing.py), as the
README documents for tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from build import cli
from generator import pipeline
from generator.release import Release
from sitefactory import minimal_site, write_site

BEFORE = "2026-11-30T23:59-06:00"  # a minute before midnight in Dallas
AFTER = "2026-12-01T00:01-06:00"


def site_with(changes: dict[str, str] | None = None) -> dict[str, str | bytes]:
    return {**minimal_site(), **(changes or {})}


def draft_artist_and_scheduled_piece() -> dict[str, str | bytes]:
    """Jane Doe is a draft; Max Ink's Skull goes live on 1 December (Dallas time)."""
    files = site_with()
    files["artists/jane-doe.yaml"] += "draft: true\n"
    files["portfolio/max-ink.yaml"] = (
        "- file: skull.jpg\n  title: Skull\n  publish_at: 2026-12-01\n"
    )
    return files


def run(tmp_path: Path, monkeypatch, args: list[str], now: str) -> tuple[int, str]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STUDIO_BUILD_NOW", now)
    result = CliRunner().invoke(cli, args)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def build_at(tmp_path: Path, monkeypatch, files: dict, now: str, cache: Path) -> Path:
    """`build.py build` at the clock `now`; its media from the run's cache (conftest.py)."""
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["build", "--cache", str(cache)], now)
    assert code == 0, output
    return tmp_path / "dist"


def api(dist: Path, name: str) -> object:
    return json.loads((dist / "api" / name).read_text("utf-8"))


def every_text(dist: Path) -> str:
    """Every page, API answer, sitemap and rule file (the admin's own hints name a Jane Doe)."""
    return "\n".join(
        p.read_text("utf-8", errors="replace")
        for p in dist.rglob("*")
        if p.is_file()
        and p.suffix in (".html", ".json", ".xml", ".txt", "")
        and p.relative_to(dist).parts[0] != "admin"
    )


def test_a_draft_artist_and_their_pieces_reach_nothing_in_dist(
    tmp_path, monkeypatch, media_cache
) -> None:
    dist = build_at(tmp_path, monkeypatch, draft_artist_and_scheduled_piece(), AFTER, media_cache)
    assert [a["slug"] for a in api(dist, "artists.json")] == ["max-ink"]
    assert [w["title"] for w in api(dist, "portfolio/all.json")] == ["Skull"]
    assert not (dist / "api" / "portfolio" / "jane-doe.json").exists()
    assert not (dist / "portfolio" / "jane-doe").exists()
    site = api(dist, "site.json")
    assert site["artistSlugs"] == ["max-ink"]
    text = every_text(dist)
    for trace in ("Jane Doe", "jane-doe", "Rose", "Koi"):
        assert trace not in text, trace  # pages, API, sitemap, JSON-LD
    # neither her photo nor her pieces' photos are published
    published = {p.name for p in dist.rglob("*") if p.is_file()}
    assert not any(name.startswith(("jane", "rose", "koi")) for name in published), published


def test_a_scheduled_piece_goes_live_with_the_first_build_after_its_moment(
    tmp_path, monkeypatch, media_cache
) -> None:
    files = draft_artist_and_scheduled_piece()
    dist = build_at(tmp_path / "before", monkeypatch, files, BEFORE, media_cache)
    assert api(dist, "portfolio/all.json") == []
    assert not list(dist.rglob("skull*"))
    # The moment alone, for the hourly workflow: not what goes live then (nor the draft's).
    schedule = (dist / "api" / "schedule.json").read_text("utf-8")
    assert json.loads(schedule) == {"next_publish_at": "2026-12-01T00:00:00-06:00"}
    dist = build_at(tmp_path / "after", monkeypatch, files, AFTER, media_cache)
    assert [w["title"] for w in api(dist, "portfolio/all.json")] == ["Skull"]
    assert list(dist.rglob("skull*"))
    assert api(dist, "schedule.json") == {"next_publish_at": None}  # nothing left to wait for


def test_the_schedule_names_when_something_really_goes_live(
    tmp_path, monkeypatch, media_cache
) -> None:
    """A piece goes live with its artist (the later moment counts) and a draft never does,
    whatever its publish_at; in the studio's time zone, with its offset."""
    files = site_with()
    files["artists/jane-doe.yaml"] += "draft: true\npublish_at: 2026-12-02\n"
    files["portfolio/jane-doe.yaml"] = "- file: rose.jpg\n  title: Rose\n  publish_at: 2026-12-02\n"
    files["artists/max-ink.yaml"] += "publish_at: 2026-12-04T10:30\n"
    files["portfolio/max-ink.yaml"] = (
        "- file: skull.jpg\n  title: Skull\n  publish_at: 2026-12-03\n"
    )
    files["site.yaml"] += "timezone: America/Los_Angeles\n"
    dist = build_at(tmp_path, monkeypatch, files, BEFORE, media_cache)
    assert api(dist, "schedule.json") == {"next_publish_at": "2026-12-04T10:30:00-08:00"}


def test_a_time_of_day_is_in_the_studios_time_zone(tmp_path, monkeypatch, media_cache) -> None:
    files = site_with(
        {
            "portfolio/max-ink.yaml": "- file: skull.jpg\n  title: Skull\n  publish_at: 2026-12-01T09:00\n"
        }
    )

    # 09:00 in Dallas is 15:00 UTC; in Los Angeles it would be 17:00 UTC
    def skulls(now: str, folder: str) -> list[str]:
        dist = build_at(tmp_path / folder, monkeypatch, files, now, media_cache)
        return [w["title"] for w in api(dist, "portfolio/max-ink.json")]

    assert skulls("2026-12-01T14:59+00:00", "a") == []
    assert skulls("2026-12-01T15:00+00:00", "b") == ["Skull"]
    files["site.yaml"] += "timezone: America/Los_Angeles\n"
    assert skulls("2026-12-01T16:59+00:00", "c") == []
    assert skulls("2026-12-01T17:00+00:00", "d") == ["Skull"]


def test_check_lists_what_is_scheduled_and_what_is_a_draft(tmp_path, monkeypatch) -> None:
    write_site(tmp_path / "content", draft_artist_and_scheduled_piece())
    code, output = run(tmp_path, monkeypatch, ["check"], BEFORE)
    assert code == 0, output
    assert "draft: artist Jane Doe (jane-doe) is not published" in output
    assert (
        "scheduled: piece Skull by Max Ink goes live 2026-12-01 00:00 (America/Chicago)" in output
    )
    code, output = run(tmp_path, monkeypatch, ["check"], AFTER)
    assert "scheduled:" not in output


def test_serve_builds_show_drafts_marked(tmp_path, monkeypatch, media_cache) -> None:
    monkeypatch.setenv("STUDIO_BUILD_NOW", BEFORE)
    content = write_site(tmp_path / "content", draft_artist_and_scheduled_piece())
    paths = pipeline.Paths.make(content, tmp_path / "dist", cache=media_cache)
    pipeline.build(paths, release=Release().local())
    artists = {a["slug"]: a for a in api(tmp_path / "dist", "artists.json")}
    assert artists["jane-doe"]["status"] == "draft"
    assert "status" not in artists["max-ink"]
    pieces = {w["title"]: w for w in api(tmp_path / "dist", "portfolio/all.json")}
    assert pieces["Rose"]["status"] == "draft"  # her pieces are drafts with her
    assert pieces["Skull"]["status"] == "scheduled"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "publish_at: next week",
            "content/artists/jane-doe.yaml:10: publish_at: must be a date like 2026-12-01, or a "
            "date and time like 2026-12-01T09:00, got 'next week'",
        ),
        (
            "publish_at: 2026-13-01",
            "content/artists/jane-doe.yaml:10: publish_at: must be a date like 2026-12-01, or a "
            "date and time like 2026-12-01T09:00, got '2026-13-01'",
        ),
        (
            "draft: maybe",
            "content/artists/jane-doe.yaml:10: draft: must be true or false, got 'maybe'",
        ),
        (
            "drafts: true",
            "content/artists/jane-doe.yaml:10: drafts: unknown key: did you mean draft?",
        ),
    ],
)
def test_bad_publishing_keys_are_named_with_file_and_line(
    tmp_path, monkeypatch, line: str, message: str
) -> None:
    files = site_with()
    files["artists/jane-doe.yaml"] += line + "\n"
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"], AFTER)
    assert code == 1
    assert message in output, output


def test_a_bad_time_zone_is_named(tmp_path, monkeypatch) -> None:
    files = site_with()
    files["site.yaml"] += "timezone: Dallas\n"
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"], AFTER)
    assert code == 1
    assert (
        "timezone: must be a time zone like America/Chicago (the IANA name), got 'Dallas'" in output
    )


def test_a_draft_is_still_checked(tmp_path, monkeypatch) -> None:
    files = site_with()
    files["artists/jane-doe.yaml"] = (
        files["artists/jane-doe.yaml"].replace("years_experience: 7", "years_experience: seven")
        + "draft: true\n"
    )
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["build"], AFTER)
    assert code == 1
    assert "years_experience: must be a whole number, got 'seven'" in output


def test_alt_text_reaches_the_api_where_given(tmp_path, monkeypatch, media_cache) -> None:
    files = site_with()
    files["portfolio/max-ink.yaml"] = (
        "- file: skull.jpg\n  title: Skull\n  alt: A grey skull with roses in its eyes\n"
    )
    files["artists/max-ink.yaml"] += "alt: Max Ink at work on a forearm\n"
    dist = build_at(tmp_path, monkeypatch, files, AFTER, media_cache)
    pieces = {w["title"]: w for w in api(dist, "portfolio/all.json")}
    assert pieces["Skull"]["alt"] == "A grey skull with roses in its eyes"
    assert "alt" not in pieces["Rose"]
    artists = {a["slug"]: a for a in api(dist, "artists.json")}
    assert artists["max-ink"]["alt"] == "Max Ink at work on a forearm"
    assert "alt" not in artists["jane-doe"]
    html = (dist / "portfolio" / "max-ink" / "index.html").read_text("utf-8")
    assert 'alt="A grey skull with roses in its eyes"' in html


def test_the_launch_check_lists_every_picture_without_alt_text(tmp_path, monkeypatch) -> None:
    from sitefactory import launch_ready_site

    files = launch_ready_site()
    files["portfolio/max-ink.yaml"] = "- file: skull.jpg\n  title: Skull\n  alt: A grey skull\n"
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check", "--launch"], AFTER)
    assert code == 0, output
    missing = sorted(line for line in output.splitlines() if "has no alt text" in line)
    assert [line.split(": has no alt text")[0] for line in missing] == [
        "warning: content/artists/jane-doe.yaml:2: photo",
        "warning: content/artists/max-ink.yaml:2: photo",
        "warning: content/portfolio/jane-doe.yaml:1: piece 1, file",
        "warning: content/portfolio/jane-doe.yaml:3: piece 2, file",
        "warning: content/site.yaml:40: brands, item 1, logo",
    ]
    # without --launch, nothing about alt text
    code, output = run(tmp_path, monkeypatch, ["check"], AFTER)
    assert "alt text" not in output


def test_site_yaml_turns_on_the_editorial_workflow_of_the_github_admin(
    tmp_path, media_cache
) -> None:
    from generator.site.admin import AdminSettings

    modes = {}
    for on in (False, True):
        files = site_with()
        if on:
            files["site.yaml"] += "cms:\n  editorial_workflow: true\n"
        content = write_site(tmp_path / f"content-{on}", files)
        out = tmp_path / f"dist-{on}"
        pipeline.build(
            pipeline.Paths.make(content, out, cache=media_cache),
            admin_settings=AdminSettings(repo="studio/site"),
        )
        config = json.loads((out / "admin" / "config.json").read_text("utf-8"))
        modes[on] = config.get("publish_mode", "simple")
    assert modes == {False: "simple", True: "editorial_workflow"}
