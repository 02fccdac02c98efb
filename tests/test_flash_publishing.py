"""Flash designs held back (drafts, publish_at, a held artist) and their alt text, as pieces
are (tests/test_publishing.py); the clock is STUDIO_BUILD_NOW."""

from __future__ import annotations

from flash_support import AFTER, BEFORE, JANE_FLASH, api, flash_site, run

from generator import pipeline
from generator.release import Release
from sitefactory import write_site

# --- drafts, scheduled designs and alt text ------------------------------------------------


def held_flash() -> dict[str, str | bytes]:
    """Swallow is a draft, Rose goes live on 1 December (Dallas); Max Ink is a draft artist."""
    files = flash_site()
    files["flash/jane-doe.yaml"] = (
        JANE_FLASH.replace("  price: 150\n", "  price: 150\n  draft: true\n")
        + "  publish_at: 2026-12-01\n"
    )
    files["artists/max-ink.yaml"] += "draft: true\n"
    return files


def test_held_designs_reach_nothing_in_a_build(tmp_path, monkeypatch, media_cache):
    write_site(tmp_path / "content", held_flash())
    code, output = run(tmp_path, monkeypatch, ["build", "--cache", str(media_cache)], BEFORE)
    assert code == 0, output
    # Swallow, Rose and Max Ink's Panther (his Skull with him)
    assert "1 artist, 1 piece, 3 flash designs" in output
    dist = tmp_path / "dist"
    assert [d["id"] for d in api(dist, "flash/all.json")] == ["jane-doe/dagger-two"]
    assert not (dist / "api" / "flash" / "max-ink.json").exists()
    assert not (dist / "flash" / "max-ink").exists()
    published = {p.name for p in dist.rglob("*") if p.is_file() and p.parent.name == "flash"}
    assert published and not any(
        name.startswith(("swallow", "rose", "panther")) for name in published
    )
    assert {a["slug"]: a.get("flash") for a in api(dist, "artists.json")} == {
        "jane-doe": 1,
        "ana-lee": None,
    }


def test_a_scheduled_design_goes_live_with_the_first_build_after_its_moment(
    tmp_path, monkeypatch, media_cache
):
    write_site(tmp_path / "content", held_flash())
    code, output = run(tmp_path, monkeypatch, ["build", "--cache", str(media_cache)], AFTER)
    assert code == 0, output
    titles = [d["title"] for d in api(tmp_path / "dist", "flash/all.json")]
    assert titles == ["Dagger", "Rose"]


def test_check_lists_scheduled_and_draft_designs(tmp_path, monkeypatch):
    write_site(tmp_path / "content", held_flash())
    code, output = run(tmp_path, monkeypatch, ["check"], BEFORE)
    assert code == 0, output
    assert "draft: flash design Swallow by Jane Doe is not published" in output
    assert (
        "scheduled: flash design Rose by Jane Doe goes live 2026-12-01 00:00 (America/Chicago)"
        in output
    )


def test_serve_shows_held_designs_marked_held_not_in_status(tmp_path, monkeypatch, media_cache):
    monkeypatch.setenv("STUDIO_BUILD_NOW", BEFORE)
    content = write_site(tmp_path / "content", held_flash())
    paths = pipeline.Paths.make(content, tmp_path / "dist", cache=media_cache)
    pipeline.build(paths, release=Release().local())
    designs = {d["title"]: d for d in api(tmp_path / "dist", "flash/all.json")}
    assert designs["Swallow"]["held"] == "draft" and designs["Swallow"]["status"] == "available"
    assert designs["Rose"]["held"] == "scheduled"
    assert designs["Panther"]["held"] == "draft"  # with its artist
    assert "held" not in designs["Dagger"] and designs["Dagger"]["status"] == "claimed"
    assert (tmp_path / "dist" / "flash" / "max-ink" / "index.html").is_file()


def test_the_launch_check_lists_flash_pictures_without_alt_text(tmp_path, monkeypatch):
    from sitefactory import launch_ready_site

    files = {**flash_site(), "site.yaml": launch_ready_site()["site.yaml"]}
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check", "--launch"])
    assert code == 0, output
    missing = [
        line
        for line in output.splitlines()
        if "content/flash/" in line and "has no alt text" in line
    ]
    assert {line.split(": has no alt text")[0] for line in missing} == {
        "warning: content/flash/jane-doe.yaml:1: design 1, file",
        "warning: content/flash/jane-doe.yaml:11: design 3, file",
        "warning: content/flash/max-ink.yaml:1: design 1, file",
    }
    assert all("drawn in bold black outline on paper" in line for line in missing)
