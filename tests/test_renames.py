"""Renaming an artist keeps their links: previous_slugs gives permanent redirects, and a
rename without it is a warning saying what to add (README, "Renaming an artist")."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from build import cli
from generator.content import renames
from serverthread import running_server
from sitefactory import jpeg, minimal_site, write_site

MAX = minimal_site()["artists/max-ink.yaml"]


def renamed_site(previous: str | None = None, name: str = "Max Ink") -> dict:
    """The minimal site with max-ink.yaml renamed to max-inkwell.yaml (and its portfolio)."""
    files = minimal_site()
    artist = files.pop("artists/max-ink.yaml").replace("name: Max Ink", f"name: {name}")
    files["artists/max-inkwell.yaml"] = artist + (
        f"previous_slugs: [{previous}]\n" if previous else ""
    )
    files["portfolio/max-inkwell.yaml"] = files.pop("portfolio/max-ink.yaml")
    return files


def run(tmp_path: Path, command: str, files: dict, cache: Path) -> list[str]:
    content = tmp_path / "content"
    for path in content.rglob("*.yaml"):
        path.unlink()
    write_site(content, files)
    args = [command, "--content", str(content)]
    if command == "build":
        args += ["--out", str(tmp_path / "dist"), "--cache", str(cache)]
    result = CliRunner().invoke(cli, args)
    assert "Traceback" not in result.output
    return [line.replace(f"{content}/", "content/") for line in result.output.splitlines()]


def rename_warnings(lines: list[str]) -> list[str]:
    return [line for line in lines if "the last build published" in line]


def test_a_rename_without_previous_slugs_is_a_warning_saying_what_to_add(
    tmp_path: Path, media_cache: Path
) -> None:
    assert rename_warnings(run(tmp_path, "build", minimal_site(), media_cache)) == []
    lines = run(tmp_path, "build", renamed_site(), media_cache)
    assert rename_warnings(lines) == [
        "warning: content/artists/max-inkwell.yaml: the last build published Max Ink's page at "
        "/portfolio/max-ink, which now leads nowhere: if this file was max-ink.yaml, add "
        "previous_slugs: [max-ink] to it so old links lead here"
    ]
    # Said once: the build that published the new name has now recorded it.
    assert rename_warnings(run(tmp_path, "build", renamed_site(), media_cache)) == []


def test_previous_slugs_redirect_the_old_page_and_keep_the_old_api_value(
    tmp_path: Path, media_cache: Path
) -> None:
    run(tmp_path, "build", minimal_site(), media_cache)
    lines = run(tmp_path, "build", renamed_site(previous="max-ink"), media_cache)
    assert rename_warnings(lines) == []
    dist = tmp_path / "dist"
    rules = (dist / "_redirects").read_text("utf-8").splitlines()
    assert "/portfolio/max-ink  /portfolio/max-inkwell  301" in rules
    portfolio = [rule for rule in rules if rule.startswith("/api/portfolio ")]
    assert portfolio[-2:] == [
        "/api/portfolio  artist=max-ink  /api/portfolio/max-inkwell.json  200",
        "/api/portfolio  artist=:artist  /api/404.json  404",
    ]
    # the flash the same way (docs/flash.md)
    flash = [rule for rule in rules if rule.startswith("/api/flash ")]
    assert flash[-2:] == [
        "/api/flash  artist=max-ink  /api/flash/max-inkwell.json  200",
        "/api/flash  artist=:artist  /api/404.json  404",
    ]
    # and the Spanish answers (issue #26)
    assert rules[-2:] == [
        "/api/es/flash  artist=max-ink  /api/es/flash/max-inkwell.json  200",
        "/api/es/flash  artist=:artist  /api/404.json  404",
    ]
    with running_server(dist) as url, httpx.Client(base_url=url) as http:
        old = http.get("/portfolio/max-ink")
        assert (old.status_code, old.headers["location"]) == (301, "/portfolio/max-inkwell")
        assert http.get("/portfolio/max-ink/").status_code == 301
        assert http.get(old.headers["location"]).status_code == 200
        pieces = http.get("/api/portfolio", params={"artist": "max-ink"})
        assert pieces.status_code == 200
        assert [p["artist_id"] for p in pieces.json()] == ["max-inkwell"]


def test_a_renamed_artist_with_flash_keeps_their_old_flash_page(
    tmp_path: Path, media_cache: Path
) -> None:
    """Only an artist who has a flash page gets the old one redirected (docs/flash.md)."""
    run(tmp_path, "build", minimal_site(), media_cache)
    files = renamed_site(previous="max-ink")
    run(tmp_path, "build", files, media_cache)
    rules_without = (tmp_path / "dist" / "_redirects").read_text("utf-8").splitlines()
    assert not [rule for rule in rules_without if rule.startswith("/flash/")]
    files["flash/max-inkwell.yaml"] = "- file: panther.jpg\n  title: Panther\n  size: 5 in\n"
    files["flash/max-inkwell.yaml"] += "  price: 300\n"
    files["images/flash/panther.jpg"] = jpeg(60, 80)
    run(tmp_path, "build", files, media_cache)
    dist = tmp_path / "dist"
    rules = (dist / "_redirects").read_text("utf-8").splitlines()
    assert "/flash/max-ink  /flash/max-inkwell  301" in rules
    with running_server(dist) as url, httpx.Client(base_url=url) as http:
        old = http.get("/flash/max-ink")
        assert (old.status_code, old.headers["location"]) == (301, "/flash/max-inkwell")
        assert http.get(old.headers["location"]).status_code == 200


def seed_record(tmp_path: Path, published: dict[str, str]) -> None:
    """What an earlier build published, where `check` looks for it (.cache beside dist/)."""
    path = renames.record_path(tmp_path / ".cache" / "images", tmp_path / "content")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"artists": published}), "utf-8")


def test_a_page_that_no_file_explains_is_a_warning_on_the_artists_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    seed_record(
        tmp_path, {"jane-doe": "Jane Doe", "max-ink": "Max Ink", "lena-vasquez": "Lena Vasquez"}
    )
    files = minimal_site()
    lines = run(tmp_path, "check", files, tmp_path / ".cache")
    assert rename_warnings(lines) == [
        "warning: content/artists: the last build published Lena Vasquez's page at "
        "/portfolio/lena-vasquez, and no artist file is called lena-vasquez.yaml any more: if "
        "the file was renamed, add previous_slugs: [lena-vasquez] to the new one so old links "
        "lead there; if Lena Vasquez has left, nothing to do"
    ]


def test_a_renamed_artist_with_other_former_names_is_told_to_add_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    seed_record(tmp_path, {"jane-doe": "Jane Doe", "max-ink": "Max Ink", "max": "Max Ink"})
    lines = run(tmp_path, "check", renamed_site(previous="max"), tmp_path / ".cache")
    assert rename_warnings(lines) == [
        "warning: content/artists/max-inkwell.yaml: the last build published Max Ink's page at "
        "/portfolio/max-ink, which now leads nowhere: if this file was max-ink.yaml, add "
        "max-ink to its previous_slugs so old links lead here"
    ]


PREVIOUS_SLUGS = {
    "its own name": (
        "[max-inkwell]",
        "content/artists/max-inkwell.yaml:10: previous_slugs: 'max-inkwell' is this "
        "artist's file name now; list only former names",
    ),
    "another artist's name": (
        "[jane-doe]",
        "content/artists/max-inkwell.yaml:10: previous_slugs: 'jane-doe' is the file name of "
        "another artist (artists/jane-doe.yaml); a former name can lead to one page only",
    ),
    "a reserved name": (
        "[all]",
        "content/artists/max-inkwell.yaml:10: previous_slugs: 'all' cannot be a former name: "
        "/api/portfolio?artist=all already means every artist",
    ),
    "not a slug": (
        "[Max Ink]",
        "content/artists/max-inkwell.yaml:10: previous_slugs, item 1: must be a slug of "
        "lower-case letters, digits and '-', got 'Max Ink' (write 'max-ink')",
    ),
}


@pytest.mark.parametrize(("listed", "expected"), PREVIOUS_SLUGS.values(), ids=PREVIOUS_SLUGS)
def test_previous_slugs_must_lead_to_one_artist(tmp_path: Path, listed: str, expected: str) -> None:
    lines = run(tmp_path, "check", renamed_site(previous=listed.strip("[]")), tmp_path)
    assert expected in lines


def test_a_former_name_claimed_twice_and_a_portfolio_under_it_are_problems(
    tmp_path: Path,
) -> None:
    files = renamed_site(previous="max")
    files["artists/jane-doe.yaml"] += "previous_slugs: [max]\n"
    files["portfolio/max.yaml"] = files.pop("portfolio/max-inkwell.yaml")
    lines = run(tmp_path, "check", files, tmp_path)
    assert lines == [
        "content/artists/max-inkwell.yaml:10: previous_slugs: 'max' is also a former name of "
        "artists/jane-doe.yaml; a former name can lead to one artist only",
        "content/portfolio/max.yaml: names artist 'max', which is now 'jane-doe' "
        "(previous_slugs in artists/jane-doe.yaml): rename this file to jane-doe.yaml",
        "2 problems found; nothing was published.",
    ]
