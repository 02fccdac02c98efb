"""What the flash tests share (tests/test_flash*.py, issue #28): a fixture site with flash,
the command line at a set moment, and the static API's files."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from build import cli
from generator import pipeline
from sitefactory import ARTIST_YAML, jpeg, minimal_site

ROOT = pipeline.PROJECT_ROOT
BEFORE = "2026-11-30T23:59-06:00"  # a minute before midnight in Dallas
AFTER = "2026-12-01T00:01-06:00"

JANE_FLASH = """\
- file: swallow.jpg
  title: Swallow
  size: 3 in
  price: 150
- file: Dagger Two.jpg
  title: Dagger
  size: 4 x 6 in
  price: "200"
  status: claimed
  alt: A dagger through a rose
- file: rose.jpg
  title: Rose
  size: 2 in
  price: 120
  repeatable: true
"""


def flash_site() -> dict[str, str | bytes]:
    """The minimal site, three artists: Max Ink (order 1) with one design, Jane Doe (2) with
    three, Ana Lee (3) with none (no flash file at all)."""
    files = minimal_site()
    files["artists/ana-lee.yaml"] = ARTIST_YAML.format(
        name="Ana Lee", photo="ana.jpg", slug="ana", order=3
    )
    files["images/artists/ana.jpg"] = jpeg(color=(90, 120, 30))
    files["portfolio/ana-lee.yaml"] = ""
    files["flash/jane-doe.yaml"] = JANE_FLASH
    files["flash/max-ink.yaml"] = (
        "- file: panther.jpg\n  title: Panther\n  size: 5 in\n  price: 300\n"
    )
    for name, color in (
        ("swallow.jpg", (10, 20, 90)),
        ("Dagger Two.jpg", (90, 90, 90)),
        ("rose.jpg", (200, 10, 10)),
        ("panther.jpg", (5, 5, 5)),
    ):
        files[f"images/flash/{name}"] = jpeg(60, 80, color)
    return files


def run(tmp_path: Path, monkeypatch, args: list[str], now: str = AFTER) -> tuple[int, str]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STUDIO_BUILD_NOW", now)
    result = CliRunner().invoke(cli, args)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def api(dist: Path, name: str) -> object:
    return json.loads((dist / "api" / name).read_text("utf-8"))
