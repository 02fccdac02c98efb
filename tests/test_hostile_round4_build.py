"""Hostile input, round four (issue #38), the build's side: each through the interface an
attacker (or a hurried editor) uses.

- a far-future `publish_at` is a content message (file:line:field), not a traceback from
  `build.py check`'s schedule listing;
- the tests' clock (STUDIO_BUILD_NOW) cannot reach a production build;
- the admin's media uploads, renames and deletes pass the save check, judged one after the
  other (test_hostile_round4_admin.py, beside the local backend's own tests).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from build import cli
from generator import pipeline
from sitefactory import launch_ready_site, minimal_site, write_site

ROOT = pipeline.PROJECT_ROOT
NOW = "2026-12-01T09:00-06:00"
FUNCTION_URL = "https://abc123.lambda-url.us-east-1.on.aws/"
UPLOADS_URL = "https://studio-contact-uploads-123456789012-us-east-1.s3.us-east-1.amazonaws.com"


# --- 3. publish_at within the years a studio could mean ------------------------------------------


def scheduled_skull(publish_at: str) -> dict[str, str | bytes]:
    files = minimal_site()
    files["portfolio/max-ink.yaml"] = (
        f"- file: skull.jpg\n  title: Skull\n  publish_at: {publish_at}\n"
    )
    return files


def check(tmp_path: Path, media_cache: Path, files: dict, monkeypatch) -> tuple[int, str]:
    """`build.py check` in a checkout (content/ named as the editor knows it)."""
    write_site(tmp_path / "content", files)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        cli,
        ["check", "--content", "content", "--cache", str(media_cache)],
        env={"STUDIO_BUILD_NOW": NOW},
    )
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, OverflowError | ValueError), repr(result.exception)
    return result.exit_code, result.output


def problems(output: str) -> list[str]:
    return [line for line in output.splitlines() if not line.startswith("warning: ")]


@pytest.mark.parametrize(
    "publish_at",
    [
        "9999-12-31T23:59-12:00",  # the report's: OverflowError in the schedule listing
        "9999-12-31T23:59",
        "9999-12-31",  # YAML reads it as a date, not text
        "'9999-12-31'",
        "0001-01-01T00:00+14:00",
        "2101-01-01",
        "1999-12-31T23:59",
    ],
)
def test_a_publish_at_no_studio_could_mean_is_a_message_naming_file_line_and_field(
    tmp_path: Path, media_cache: Path, publish_at: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, output = check(tmp_path, media_cache, scheduled_skull(publish_at), monkeypatch)
    assert code == 1, output
    shown = publish_at.strip("'")
    assert problems(output) == [
        "content/portfolio/max-ink.yaml:3: piece 1, publish_at: must be a date between 2000 "
        "and 2100 (a date like 2026-12-01, or a date and time like 2026-12-01T09:00), "
        f"got '{shown}'",
        "1 problem found; nothing was published.",
    ]


@pytest.mark.parametrize("publish_at", ["2100-12-31T23:59-12:00", "2000-01-01T00:00+14:00"])
def test_the_first_and_last_years_are_accepted_and_listed(
    tmp_path: Path, media_cache: Path, publish_at: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, output = check(tmp_path, media_cache, scheduled_skull(publish_at), monkeypatch)
    assert code == 0, output
    assert "content OK" in output


# --- 4. the tests' clock never reaches production ------------------------------------------------

CLOCK_REFUSED = (
    "error: STUDIO_BUILD_NOW is set, and it is for tests only: a production build takes the "
    "real time, or scheduled pieces would go live at the wrong moment; remove it from "
    "Netlify's environment variables (Site configuration > Environment variables)"
)


def netlify_env(**extra: str) -> dict[str, str]:
    """What Netlify's production build has: its context and the studio's settings."""
    return {
        "PATH": os.environ["PATH"],
        "CONTEXT": "production",
        "CONTACT_FUNCTION_URL": FUNCTION_URL,
        "CONTACT_UPLOADS_URL": UPLOADS_URL,
        "URL": "https://www.crimson-crown-tattoo.com",
        **extra,
    }


def test_a_production_build_with_the_test_clock_set_refuses_to_start(tmp_path: Path) -> None:
    """As Netlify runs it (scripts/netlify_build.py runs `python build.py build`): exit 1,
    one line naming the variable, no traceback, nothing built."""
    content = write_site(tmp_path / "content", launch_ready_site())
    result = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "build", "--content", str(content)]
        + ["--out", str(tmp_path / "dist"), "--cache", str(tmp_path / "cache")],
        cwd=tmp_path,
        env=netlify_env(STUDIO_BUILD_NOW="2030-01-01T00:00-06:00"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr.splitlines() == [CLOCK_REFUSED]
    assert "Traceback" not in result.stdout + result.stderr
    assert not (tmp_path / "dist").exists()


@pytest.mark.parametrize("context", ["deploy-preview", "branch-deploy", ""])
def test_the_test_clock_still_works_outside_production(
    tmp_path: Path, media_cache: Path, context: str
) -> None:
    content = write_site(tmp_path / "content", minimal_site())
    env = {**netlify_env(STUDIO_BUILD_NOW=NOW), "CONTEXT": context}
    result = CliRunner().invoke(
        cli,
        ["build", "--content", str(content), "--out", str(tmp_path / "dist")]
        + ["--cache", str(media_cache)],
        env=env,
    )
    assert result.exit_code == 0, result.output
