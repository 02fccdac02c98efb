"""`build.py serve` as a person runs it: a real process, real HTTP, live reload on edits."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from generator.pipeline import PROJECT_ROOT
from serverthread import serve_process
from sitefactory import minimal_site, write_site


@pytest.fixture
def served(tmp_path: Path, media_cache: Path) -> Iterator[tuple[str, Path]]:
    content = write_site(tmp_path / "content", minimal_site())
    with serve_process(tmp_path, content, media_cache) as url:
        yield url, content


def test_serve_builds_and_answers_the_static_api(served: tuple[str, Path]) -> None:
    url, _ = served
    items = httpx.get(url + "/api/portfolio?artist=jane-doe").json()
    assert [i["artist_id"] for i in items] == ["jane-doe", "jane-doe"]
    page = httpx.get(url + "/portfolio/max-ink")
    assert page.status_code == 200
    assert '<script src="/__livereload.js" defer></script></body>' in page.text


def test_an_edit_rebuilds_and_tells_open_pages_to_reload(served: tuple[str, Path]) -> None:
    url, content = served
    with httpx.stream("GET", url + "/__livereload", timeout=60) as events:
        lines = events.iter_lines()
        assert next(lines) == ": connected"
        artist = content / "artists" / "max-ink.yaml"
        artist.write_text(artist.read_text().replace("name: Max Ink", "name: Max Inkwell"))
        for line in lines:
            if line.startswith("data:"):
                assert line == "data: reload"
                break
    names = [a["name"] for a in httpx.get(url + "/api/artists").json()]
    assert "Max Inkwell" in names


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("run", "build.py serve --port 8123"),
        ("cms", "build.py serve --cms --port 8123 --cms-port 8124"),
    ],
)
def test_make_takes_the_port_from_port(target: str, expected: str) -> None:
    # What `make run PORT=8123` would run, without running it (-n: print the commands). The
    # make that runs this test (make test) must not pass its own flags down.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    made = subprocess.run(
        ["make", "-n", "--no-print-directory", target, "PORT=8123", "CMS_PORT=8124"],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    serving = [line for line in made.stdout.splitlines() if "build.py serve" in line]
    assert len(serving) == 1 and serving[0].endswith(expected), made.stdout
