"""Re-save safety: the demo content, saved back by the admin unchanged, builds the same site.

The admin (Decap CMS) rewrites a whole file on every save with its own YAML writer: comments
go, keys take the order of the admin's fields, quoting changes and long text is folded. The
files are re-saved with Decap's own writer (cms/resave.mjs runs Decap's YAML format and the
admin's two formats in node), then built, and every file of the static API must be identical.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator import pipeline
from generator.pipeline import checked_content
from generator.site import cms
from generator.site.admin import AdminSettings
from sitefactory import minimal_site, write_site

ROOT = pipeline.PROJECT_ROOT


def resave(repo: Path, config: Path, reverse: bool = False) -> list[str]:
    node = shutil.which("node")
    assert node, "node is needed to re-save as the admin does"
    args = [node, "resave.mjs", str(config), str(repo)] + (["--reverse"] if reverse else [])
    proc = subprocess.run(args, cwd=ROOT / "cms", capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def api_files(dist: Path) -> dict[str, str]:
    return {
        p.relative_to(dist).as_posix(): p.read_text("utf-8")
        for p in sorted((dist / "api").rglob("*.json"))
    }


@pytest.fixture(scope="module")
def copies(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The demo content three times: as committed, re-saved, re-saved with keys reversed."""
    root = tmp_path_factory.mktemp("resave")
    config = root / "config.json"
    config.write_text(json.dumps(cms.admin_config("content", AdminSettings().backend())))
    repos = {}
    for name in ("original", "resaved", "reversed"):
        repos[name] = root / name
        shutil.copytree(ROOT / "content", repos[name] / "content")
    saved = resave(repos["resaved"], config)
    resave(repos["reversed"], config, reverse=True)
    # artists, portfolios, flash, guides, policies, site.yaml: every file
    assert len(saved) == 6 + 6 + 3 + 2 + 1 + 1
    assert "content/policies.md" in saved
    return repos


def test_the_admin_writer_really_rewrites_the_files(copies: dict[str, Path]):
    before = (copies["original"] / "content" / "site.yaml").read_text("utf-8")
    after = (copies["resaved"] / "content" / "site.yaml").read_text("utf-8")
    assert before.startswith("# Studio facts") and "#" not in after.split("\n", 1)[0]
    bio = (copies["resaved"] / "content" / "artists" / "dmitri-volkov.yaml").read_text("utf-8")
    assert "bio: >-" not in bio  # the folded block became a quoted, re-wrapped string
    reversed_site = (copies["reversed"] / "content" / "site.yaml").read_text("utf-8")
    assert reversed_site.startswith("in_memory:")


def test_resaved_content_builds_the_same_static_api(copies: dict[str, Path]):
    dists = {}
    for name in ("original", "resaved"):
        dists[name] = copies[name] / "dist"
        # The demo's photos and videos are encoded once per machine (as the browser tests do).
        paths = pipeline.Paths.make(
            copies[name] / "content", dists[name], ROOT / ".cache" / "build"
        )
        pipeline.build(paths)
    original, resaved = api_files(dists["original"]), api_files(dists["resaved"])
    assert len(original) > 5
    assert resaved == original


def test_key_order_does_not_matter_to_the_build(copies: dict[str, Path]):
    original = checked_content(copies["original"] / "content")
    reordered = checked_content(copies["reversed"] / "content")
    assert reordered.site == original.site
    assert reordered.artists == original.artists
    assert reordered.work == original.work
    assert reordered.flash == original.flash
    assert reordered.aftercare == original.aftercare
    assert reordered.policies == original.policies


def test_text_that_yaml_1_1_would_misread_survives_the_admin_writer(tmp_path: Path):
    # Decap writes YAML 1.2: "No", "On", "10:30" and "2022-01-01" come out unquoted. The loader
    # reads them as YAML 1.2 does, as the text the editor typed (generator/content/yamlfile.py).
    tricky = {"No": "On", "10:30": "2022-01-01", "Off": "1_000"}
    files = minimal_site()
    # (free text: the timeline; opening hours must read as days and times, content/hours.py)
    entries = "".join(
        f'  - period: "{period}"\n    title: "{title}"\n    text: Founded.\n'
        for period, title in tricky.items()
    )
    files["site.yaml"] = re.sub(
        r"timeline:\n(?:  .*\n)+", "timeline:\n" + entries, files["site.yaml"]
    )
    # (resave.mjs reads every file the admin names; the minimal site has no policies.md)
    files["policies.md"] = "## Deposits\n\n- Non-refundable.\n"
    content = write_site(tmp_path / "content", files)
    config = tmp_path / "config.json"
    config.write_text(json.dumps(cms.admin_config("content", AdminSettings().backend())))
    resave(tmp_path, config)
    written = (content / "site.yaml").read_text("utf-8")
    assert "  - period: No\n    title: On\n" in written  # as Decap writes them: plain
    assert "title: 2022-01-01\n" in written and "period: 10:30\n" in written
    site = checked_content(content).site
    assert [(t.period, t.title) for t in site.timeline] == list(tricky.items())
