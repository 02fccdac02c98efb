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

When it fails, the reason in one line (the first problem `build.py` found, or the step that
failed) is also written to .cache/build-failure.txt, for the commit-status build plugin
(netlify/plugins/commit-status) to show editors (docs/deploy-status.md).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = (3, 11)
NODE = (20, 19)  # site-src/package.json "engines"
# Beside the build (main() works in ROOT); read by netlify/plugins/commit-status.
FAILURE_FILE = Path(".cache", "build-failure.txt")
KEPT_LINES = 2000  # of the site step's error output, to find its first problem in
# Netlify signs what it forwards to the contact function with it; the site works without it,
# but every visitor then shares one limit (README, Deployment step 4; docs/contact.md).
PROXY_SECRET_MISSING = (
    "netlify build: WARNING: CONTACT_PROXY_SECRET is not set (or lacks the Builds scope): "
    "Netlify forwards the contact form unsigned and all visitors share one limit; set it to "
    "the value deploy-function printed, scopes Runtime and Builds (README, Deployment step 4)"
)
COUNT_LINE = re.compile(r"(\d+) problems? found; nothing was published\.")


def fail(message: str, reason: str | None = None) -> None:
    print(f"netlify build: {message}", file=sys.stderr, flush=True)
    FAILURE_FILE.parent.mkdir(parents=True, exist_ok=True)
    FAILURE_FILE.write_text((reason or message) + "\n", "utf-8")
    sys.exit(1)


def first_problem(errors: list[str]) -> str | None:
    """The first line `build.py` reported (cli_options.fail), with how many more there are:
    N `file:line: field: message` lines then "N problems found; ...", or "error: ..."."""
    for index, line in enumerate(errors):
        counted = COUNT_LINE.fullmatch(line)
        if counted:
            count = int(counted[1])
            first = errors[max(index - count, 0)]
            return first + (f" (and {count - 1} more)" if count > 1 else "")
        if line.startswith("error: "):
            return line.removeprefix("error: ")
    return None


def node_version() -> tuple[int, ...]:
    node = shutil.which("node")
    if node is None:
        fail("node is not on the PATH: set NODE_VERSION (netlify.toml sets 20)")
    found = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
    match = re.match(r"v(\d+)\.(\d+)", found.stdout.strip())
    if not match:
        fail(f"cannot read the Node.js version from {found.stdout.strip()!r}")
    return tuple(int(part) for part in match.groups())


def step(title: str, command: list[str], cwd: Path = ROOT, *, reports: bool = False) -> None:
    """Run command, its error output passed through as it comes and its last lines kept;
    reports: the command is `build.py`, whose first problem is the reason of a failure."""
    print(f"==> {title}: {' '.join(command)}", flush=True)
    started = time.monotonic()
    errors: deque[str] = deque(maxlen=KEPT_LINES)
    with subprocess.Popen(
        command, cwd=cwd, stderr=subprocess.PIPE, text=True, errors="replace"
    ) as running:
        for line in running.stderr:
            sys.stderr.write(line)
            errors.append(line.rstrip("\n"))
    if running.returncode != 0:
        fail(
            f"{title} failed (exit status {running.returncode}); nothing was published",
            first_problem(list(errors)) if reports else None,
        )
    print(f"==> {title}: done in {time.monotonic() - started:.0f}s", flush=True)


def main() -> None:
    if sys.version_info < PYTHON:
        fail(f"Python {'.'.join(map(str, PYTHON))} or newer is needed, this is {sys.version}")
    node = node_version()
    if node < NODE:
        fail(f"Node.js {'.'.join(map(str, NODE))} or newer is needed, this is {node}")
    if os.environ.get("CONTEXT") == "production" and not os.environ.get("CONTACT_PROXY_SECRET"):
        print(PROXY_SECRET_MISSING, flush=True)
    npm = shutil.which("npm") or fail("npm is not on the PATH")
    pip = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "--no-input"]
    step("Python packages", [*pip, "--progress-bar", "off", "-r", "requirements.txt"])
    for folder in ("site-src", "cms"):
        step(f"{folder} packages", [npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT / folder)
    step("site", [sys.executable, "build.py", "build"], reports=True)


if __name__ == "__main__":
    os.chdir(ROOT)
    main()
