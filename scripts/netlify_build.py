#!/usr/bin/env python3
"""Netlify's build command (netlify.toml): install the pinned packages, then build dist/.

Netlify's build image has Python and Node, and installs packages only from the base
directory's requirements.txt and package.json. The site also needs the app's packages in
site-src/ and the editors' admin's in cms/, so this installs everything itself, each from
its lock:

    requirements.txt            -> pip   (pinned; scripts/lock_requirements.py writes it)
    site-src/package-lock.json  -> npm ci
    cms/package-lock.json       -> npm ci

then runs `python build.py build`, which on Netlify's production context also insists on
CONTACT_FUNCTION_URL and runs the launch check (README, "Deployment"). Standard library
only: it runs before anything is installed. Run it in a virtual environment elsewhere.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = (3, 11)
NODE = (20, 19)  # site-src/package.json "engines"


def fail(message: str) -> None:
    print(f"netlify build: {message}", file=sys.stderr, flush=True)
    sys.exit(1)


def node_version() -> tuple[int, ...]:
    node = shutil.which("node")
    if node is None:
        fail("node is not on the PATH: set NODE_VERSION (netlify.toml sets 20)")
    found = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
    match = re.match(r"v(\d+)\.(\d+)", found.stdout.strip())
    if not match:
        fail(f"cannot read the Node.js version from {found.stdout.strip()!r}")
    return tuple(int(part) for part in match.groups())


def step(title: str, command: list[str], cwd: Path = ROOT) -> None:
    print(f"==> {title}: {' '.join(command)}", flush=True)
    started = time.monotonic()
    done = subprocess.run(command, cwd=cwd, check=False)
    if done.returncode != 0:
        fail(f"{title} failed (exit status {done.returncode}); nothing was published")
    print(f"==> {title}: done in {time.monotonic() - started:.0f}s", flush=True)


def main() -> None:
    if sys.version_info < PYTHON:
        fail(f"Python {'.'.join(map(str, PYTHON))} or newer is needed, this is {sys.version}")
    node = node_version()
    if node < NODE:
        fail(f"Node.js {'.'.join(map(str, NODE))} or newer is needed, this is {node}")
    npm = shutil.which("npm") or fail("npm is not on the PATH")
    pip = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "--no-input"]
    step("Python packages", [*pip, "--progress-bar", "off", "-r", "requirements.txt"])
    for folder in ("site-src", "cms"):
        step(f"{folder} packages", [npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT / folder)
    step("site", [sys.executable, "build.py", "build"])


if __name__ == "__main__":
    os.chdir(ROOT)
    main()
