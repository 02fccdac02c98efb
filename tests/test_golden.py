"""Golden output: a small fixture site is built and dist/ compared with a committed tree.

The expected tree (tests/golden/expected/) holds the API JSON, every page's HTML (with its
prerendered app), _redirects, robots.txt, sitemap.xml and the list of published files, with
content hashes, placeholders, the app's shared chunks and the copyright year written as
stable tokens, so it only changes when what the build writes changes. After a deliberate change, regenerate it and review the diff:

    make golden        # GOLDEN_UPDATE=1 pytest tests/test_golden.py

(the functional tests of Pelican work the same way: tests/output + `invoke update-functional-tests`).
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from generator import pipeline
from generator.release import Release
from sitefactory import minimal_site, write_site

EXPECTED = Path(__file__).resolve().parent / "golden" / "expected"
FUNCTION_URL = "https://abc123.lambda-url.us-east-1.on.aws"

ESBUILD_HASH = re.compile(r"-[A-Z0-9]{8}(?=\.(?:js|css|woff2)\b)")
MEDIA_HASH = re.compile(r"\.[0-9a-f]{10}(?=\.(?:avif|webp|jpg|png|mp4)\b)")
PLACEHOLDER = re.compile(r"data:image/(\w+);base64,[A-Za-z0-9+/=]+")
SHARED_CHUNK = re.compile(r'"/assets/chunk-HASH\.js",?')
COPYRIGHT_YEAR = re.compile(r"© (<!-- -->)?\d{4}")  # the prerendered footer's: the build's year


def normalise(text: str) -> str:
    text = ESBUILD_HASH.sub("-HASH", text)
    text = MEDIA_HASH.sub(".HASH", text)
    text = PLACEHOLDER.sub(r"data:image/\1;base64,PLACEHOLDER", text)
    text = COPYRIGHT_YEAR.sub(r"© \1YEAR", text)
    # Which shared chunks esbuild splits out changes with any front-end edit; the entry
    # script, the stylesheet and each screen's own chunk are what pages must name.
    return SHARED_CHUNK.sub("", text).replace(",]</script>", "]</script>")


def snapshot(dist: Path) -> dict[str, str]:
    """The compared view of a built site: relative path -> normalised text."""
    files: dict[str, str] = {}
    listing = []
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        rel = path.relative_to(dist).as_posix()
        if rel.startswith("assets/") and rel.count("/") == 1:
            continue  # the app bundle: its bytes are esbuild's, tested in test_shell_build.py
        listing.append(normalise(rel))
        if path.suffix == ".json":
            value = json.loads(path.read_text("utf-8"))
            files[rel] = normalise(json.dumps(value, indent=1, ensure_ascii=False)) + "\n"
        elif path.suffix == ".html" or path.name in ("_redirects", "robots.txt", "sitemap.xml"):
            files[rel] = normalise(path.read_text("utf-8"))
    files["files.txt"] = "\n".join(sorted(listing)) + "\n"
    return files


@pytest.fixture(scope="module")
def built_snapshot(tmp_path_factory: pytest.TempPathFactory, media_cache: Path) -> dict[str, str]:
    root = tmp_path_factory.mktemp("golden")
    content = write_site(root / "content", minimal_site())
    pipeline.build(
        pipeline.Paths.make(content, root / "dist", cache=media_cache),
        release=Release(contact_url=FUNCTION_URL),  # as production writes _redirects
    )
    return snapshot(root / "dist")


def expected_snapshot() -> dict[str, str]:
    return {
        p.relative_to(EXPECTED).as_posix(): p.read_text("utf-8")
        for p in sorted(EXPECTED.rglob("*"))
        if p.is_file()
    }


def test_the_fixture_site_builds_to_the_committed_tree(built_snapshot: dict[str, str]) -> None:
    if os.environ.get("GOLDEN_UPDATE"):
        shutil.rmtree(EXPECTED, ignore_errors=True)
        for rel, text in built_snapshot.items():
            (EXPECTED / rel).parent.mkdir(parents=True, exist_ok=True)
            (EXPECTED / rel).write_text(text, encoding="utf-8")
        pytest.skip(f"regenerated {len(built_snapshot)} files in {EXPECTED}")
    expected = expected_snapshot()
    assert expected, f"{EXPECTED} is empty: run `make golden`"
    diffs = []
    for rel in sorted(set(expected) | set(built_snapshot)):
        want, got = expected.get(rel, ""), built_snapshot.get(rel, "")
        if want != got:
            diff = difflib.unified_diff(
                want.splitlines(), got.splitlines(), f"expected/{rel}", f"built/{rel}", lineterm=""
            )
            diffs.append("\n".join(list(diff)[:40]))
    assert not diffs, (
        "the build's output changed; if that was meant, run `make golden` and review:\n"
        + "\n\n".join(diffs)
    )
