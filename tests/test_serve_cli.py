"""`build.py serve` as a person runs it: a real process, real HTTP, live reload on edits."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from generator.pipeline import PROJECT_ROOT
from serverthread import free_port
from sitefactory import minimal_site, write_site


@pytest.fixture
def served(tmp_path: Path, media_cache: Path) -> Iterator[tuple[str, Path]]:
    content = write_site(tmp_path / "content", minimal_site())
    port = free_port()
    env = {**os.environ, "CONTACT_OUTBOX": str(tmp_path / "outbox.sqlite3")}
    process = subprocess.Popen(
        [
            sys.executable,
            str(PROJECT_ROOT / "build.py"),
            "serve",
            "--port",
            str(port),
            "--content",
            str(content),
            "--out",
            str(tmp_path / "dist"),
            "--cache",
            str(media_cache),
        ],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(url + "/", timeout=1)
            break
        except httpx.TransportError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(
                    "serve did not start:\n" + (process.stdout.read() if process.stdout else "")
                )
            time.sleep(0.2)
    try:
        yield url, content
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


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
