"""Netlify's own engine for the tests: netlify-cli, pinned in tools/netlify/.

`make netlify-tools` installs it (about 420 MB, so not part of `make install`); the tests
call that target themselves, so a bare `pytest` installs it on first use too.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from contextlib import AbstractContextManager as ContextManager
from pathlib import Path

from serverthread import free_port, running_process

ROOT = Path(__file__).resolve().parent.parent
NETLIFY = ROOT / "tools" / "netlify" / "node_modules" / ".bin" / "netlify"


def netlify_cli() -> Path:
    """The pinned netlify binary, installed from tools/netlify/package-lock.json if needed."""
    subprocess.run(["make", "-s", "netlify-tools"], cwd=ROOT, check=True)
    return NETLIFY


def netlify_project(root: Path, dist: Path) -> Path:
    """A site folder as Netlify sees one: this repository's netlify.toml, functions and
    build plugins, and a built dist/."""
    root.mkdir(parents=True, exist_ok=True)
    for name in ("netlify.toml", "package.json", "package-lock.json"):
        shutil.copyfile(ROOT / name, root / name)
    for folder in ("functions", "plugins"):
        shutil.copytree(ROOT / "netlify" / folder, root / "netlify" / folder)
    if dist != root / "dist":
        shutil.copytree(dist, root / "dist")
    # The build plugins netlify.toml names, as Netlify installs them (the base directory's
    # package.json); netlify dev refuses to start without them.
    subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=root, check=True
    )
    return root


def netlify_dev(project: Path, env: dict[str, str] | None = None) -> ContextManager[str]:
    """`netlify dev` serving project/dist with Netlify's redirect engine and functions.

    Offline, and without the Edge Functions runtime (it downloads Deno; the site has no
    edge functions), on free loopback ports. Yields the base URL.
    """
    port = free_port()
    command = [
        str(netlify_cli()),
        "dev",
        "--offline",
        "--internal-disable-edge-functions",
        "--skip-gitignore",
        "--no-open",
        "--dir",
        "dist",
        "--port",
        str(port),
        # Its static server too: it takes 3999 unless told (netlify-cli's
        # DEFAULT_STATIC_PORT), so two tests running netlify dev at once (one per xdist
        # worker) collided with EADDRINUSE.
        "--staticServerPort",
        str(free_port()),
    ]
    return running_process(
        command,
        f"http://127.0.0.1:{port}",
        cwd=project,
        env={**os.environ, "BROWSER": "none", **(env or {})},
        log=project / "netlify-dev.log",
    )


def netlify_build(site: Path, env: dict[str, str], *flags: str) -> subprocess.CompletedProcess:
    """`netlify build --offline` (the build command, functions, plugins) in site, its output
    and errors together as Netlify's log shows them."""
    return subprocess.run(
        [str(netlify_cli()), "build", "--offline", *flags],
        cwd=site,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=600,
    )
