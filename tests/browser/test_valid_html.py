"""Every page of the demo build is valid HTML: the W3C's Nu checker finds no error or warning.

The checker is vnu.jar from npm's vnu-jar, pinned in tools/vnu/ and run on Debian's Java
(`make vnu` installs both where missing; docs/architecture.md#valid-html). It reads every
HTML page of the demo build the browser tests make once per run (both languages and the
not-found pages; the admin is Decap's, not ours) in one JVM. Info messages (React writes
void elements with a trailing slash, which HTML allows and ignores) are left out.

A page with a known mistake rides along in the same run, so a checker that stops reporting
(or a filter that drops too much) fails here rather than passing silently.
"""

from __future__ import annotations

import json
import subprocess
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from generator.pipeline import PROJECT_ROOT

pytestmark = pytest.mark.html

VNU_JAR = PROJECT_ROOT / "tools" / "vnu" / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"

# An address may not hold a heading (the contact section's old mistake), and a trailing
# slash on a void element is only an info message, which must not be reported.
CANARY = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Canary</title></head>'
    "<body><h1>Canary</h1><address><h2>Call</h2><br/></address></body></html>"
)
CANARY_MESSAGES = [
    ("error", "The element “h2” must not appear as a descendant of the “address” element.")
]


def site_pages(dist: Path) -> list[Path]:
    """Every HTML page the build wrote, but the admin's."""
    return sorted(p for p in dist.rglob("*.html") if p.relative_to(dist).parts[0] != "admin")


def nu_check(files: list[Path]) -> dict[Path, list[dict]]:
    """The checker's messages (errors and warnings, no info) by file, from one run over all."""
    subprocess.run(["make", "-s", "vnu"], cwd=PROJECT_ROOT, check=True)
    result = subprocess.run(
        ["java", "-jar", str(VNU_JAR), "--format", "json", "--stdout", "--skip-info-messages"]
        + ["--exit-zero-always", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, f"the checker did not run:\n{result.stderr[-3000:]}"
    by_file: dict[Path, list[dict]] = {}
    for message in json.loads(result.stdout)["messages"]:
        by_file.setdefault(Path(unquote(urlparse(message.get("url", "")).path)), []).append(message)
    return by_file


def kind(message: dict) -> str:
    return message.get("subType") or message["type"]  # "warning" is an info of subType warning


def test_every_page_of_the_demo_build_is_valid_html(demo_dist: Path, tmp_path: Path) -> None:
    pages = site_pages(demo_dist)
    names = {p.relative_to(demo_dist).as_posix() for p in pages}
    for page in ("index.html", "es/index.html", "404.html", "es/404.html", "test/index.html"):
        assert page in names, f"{page} is missing from the demo build"
    canary = tmp_path / "canary.html"
    canary.write_text(CANARY, "utf-8")

    messages = nu_check([*pages, canary])

    caught = [(kind(m), m["message"]) for m in messages.pop(canary.resolve(), [])]
    assert caught == CANARY_MESSAGES, f"the checker missed the canary's mistake: {caught}"
    dist = demo_dist.resolve()
    found = [(path, m) for path, found in sorted(messages.items()) for m in found]
    counts = Counter(f"{kind(m)}: {m['message']}" for _, m in found)
    summary = "\n".join(f"{n:4} x {message}" for message, n in counts.most_common())
    report = "\n".join(
        f"{path.relative_to(dist) if path.is_relative_to(dist) else path}:"
        f"{m.get('lastLine', '?')}: {kind(m)}: {m['message']} [{m.get('extract', '').strip()[:120]}]"
        for path, m in found
    )
    assert not found, f"the Nu checker's findings:\n{summary}\n\n{report}"
