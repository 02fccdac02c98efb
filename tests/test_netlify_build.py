"""The production path as Netlify runs it: a fresh checkout, a bare image, Netlify's engine.

The slow test copies what a clone of this repository holds, puts a launch-ready fixture site
in content/ (the demo's photos and videos would take minutes to encode; what is tested here
is the environment, not the content), and gives it what Netlify's build image has: a
Python with no packages (a fresh virtual environment) first on the PATH, Node and npm, no
node_modules anywhere but what Netlify itself installs from the base directory's
package.json (the cache plugin). Then `netlify build --offline` from the pinned netlify-cli
runs netlify.toml: the build command, the function bundling and the cache plugin. A second
build, after deleting everything a fresh clone would not have but Netlify's cache folder,
must re-encode no photo and no video. pip and npm keep their download caches in $HOME, as
Netlify's image does.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from netlify_support import ROOT, netlify_build
from packaging.requirements import Requirement
from recording_server import recording_server

from sitefactory import launch_ready_site, write_site

FUNCTION_URL = "https://abc123.lambda-url.us-east-1.on.aws/"
UPLOADS_URL = "https://studio-contact-uploads-123456789012-us-east-1.s3.us-east-1.amazonaws.com"
PUBLISHED = "https://www.crimson-crown-tattoo.com"


def pinned() -> dict[str, str]:
    """requirements.txt as {normalised name: version}; every line must be name==version."""
    found = {}
    for line in (ROOT / "requirements.txt").read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version and re.fullmatch(r"[\w.]+", version), f"not pinned exactly: {line}"
            found[normalise(name)] = version
    return found


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_requirements_pin_every_dependency_of_pyproject_within_its_range() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    pins = pinned()
    for text in project["dependencies"]:
        wanted = Requirement(text)
        name = normalise(wanted.name)
        assert name in pins, f"{wanted.name} is missing: run python scripts/lock_requirements.py"
        assert wanted.specifier.contains(pins[name]), (
            f"{name}=={pins[name]} is outside pyproject's {wanted.specifier}: "
            "run python scripts/lock_requirements.py"
        )


def fresh_checkout(target: Path) -> Path:
    """The files a clone of this repository gets (as they are in the working tree)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    for rel in filter(None, (name.decode() for name in listed)):
        source = ROOT / rel
        if source.is_file():  # a tracked file deleted in the working tree is not there
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / rel)
    return target


def bare_image(tmp_path: Path) -> dict[str, str]:
    """The environment of Netlify's image: a Python with nothing installed, Node, npm."""
    base_python = getattr(sys, "_base_executable", sys.executable)
    venv = tmp_path / "python"
    subprocess.run([base_python, "-m", "venv", str(venv)], check=True)
    node = Path(shutil.which("node") or "/usr/bin/node").resolve().parent
    return {
        "HOME": os.environ.get("HOME", str(tmp_path)),  # pip's and npm's download caches
        "PATH": os.pathsep.join([str(venv / "bin"), str(node), "/usr/bin", "/bin"]),
        "LANG": "C.UTF-8",
        "CONTACT_FUNCTION_URL": FUNCTION_URL,
        "CONTACT_UPLOADS_URL": UPLOADS_URL,
        "URL": PUBLISHED,
    }


def successful_build(site: Path, env: dict[str, str]) -> str:
    done = netlify_build(site, env)
    assert done.returncode == 0, done.stdout[-6000:]
    return done.stdout


def media_counts(log: str) -> dict[str, int]:
    images = re.search(r"images: (\d+) processed, (\d+) reused", log)
    videos = re.search(r"videos: (\d+) made, (\d+) reused", log)
    assert images and videos, log[-4000:]
    return {
        "photos encoded": int(images[1]),
        "photos reused": int(images[2]),
        "videos encoded": int(videos[1]),
        "videos reused": int(videos[2]),
    }


@pytest.mark.netlify
def test_a_fresh_clone_builds_with_netlifys_engine_on_a_bare_image_and_keeps_its_media(
    tmp_path: Path,
) -> None:
    site = fresh_checkout(tmp_path / "site")
    shutil.rmtree(site / "content")
    write_site(site / "content", launch_ready_site())
    env = bare_image(tmp_path)
    # What Netlify's image does before the build command: the base directory's package.json.
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=site, env=env, check=True)
    assert not any((site / folder / "node_modules").exists() for folder in ("site-src", "cms"))

    # What Netlify sets for a production build, and GitHub answered here: the build reports
    # itself on its commit (netlify/plugins/commit-status; its own tests: test_commit_status).
    sha = "5e1f00ddc0ffee00112233445566778899aabbcc"
    with recording_server(status=201, answer=b"{}") as (github, posted):
        first = successful_build(
            site,
            env
            | {
                "GITHUB_STATUS_TOKEN": "github_pat_11BUILDTEST",
                "REPOSITORY_URL": "https://github.com/studio/site",
                "COMMIT_REF": sha,
                "SITE_NAME": "studio-site",
                "COMMIT_STATUS_API_URL": github,
            },
        )
    states = [(r.path, json.loads(r.body)["state"]) for r in posted]
    assert states == [(f"/repos/studio/site/statuses/{sha}", s) for s in ("pending", "success")]
    print("\n".join(["--- first build, last lines:", *first.strip().splitlines()[-14:]]))
    assert "❯ Context\n  production" in first.replace("\r", "")
    assert "$ python scripts/netlify_build.py" in first
    assert "Packaging Functions from netlify/functions directory:" in first
    assert "- contact-unavailable.mjs" in first
    assert "Netlify Build Complete" in first
    assert (site / "dist" / "index.html").is_file()
    contact_rule = (site / "dist" / "_redirects").read_text().splitlines()[0]
    assert contact_rule == f"/api/contact  {FUNCTION_URL}  200!  Sign=CONTACT_PROXY_SECRET"
    assert media_counts(first)["photos encoded"] > 0 and media_counts(first)["videos encoded"] > 0
    # Exactly the pinned packages, nothing more (the lock is complete), nothing less.
    freeze = subprocess.run(
        ["python", "-m", "pip", "freeze"], env=env, capture_output=True, text=True, check=True
    ).stdout
    installed = {normalise(line.split("==")[0]): line.split("==")[1] for line in freeze.split()}
    assert installed == pinned()

    # The next build starts from a fresh clone too; only Netlify's cache folder survives.
    for name in ("dist", ".cache", "site-src/node_modules", "cms/node_modules"):
        shutil.rmtree(site / name)
    second = successful_build(site, env)
    counts = media_counts(second)
    print(f"--- second build: {counts}")
    assert "Successfully restored: .cache/images, .cache/videos, .cache/admin" in second
    assert counts["photos encoded"] == 0 and counts["videos encoded"] == 0
    assert counts["photos reused"] > 0 and counts["videos reused"] > 0
