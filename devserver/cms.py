"""The admin's local backend for `build.py serve --cms` (`make cms`): Decap's decap-server.

It saves what the admin sends straight into the working tree (MODE=fs: files, no commits),
under GIT_REPO_DIRECTORY only (it refuses paths that leave it). It listens on 127.0.0.1 and
answers only the dev server's origin (CORS), so neither the network nor another site open in
the browser can write through it. Saved files trigger the dev server's rebuild and the site's
live reload like any other edit (docs/editing.md, "On your own computer").
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from generator.errors import BuildError
from generator.pipeline import PROJECT_ROOT
from generator.site.redirects import HeaderRule, NetlifyConfig

CMS_DIR = PROJECT_ROOT / "cms"
SERVER = CMS_DIR / "local-backend.cjs"  # decap-server, tied to this process's life


def _accepting(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.2)
        return sock.connect_ex(("127.0.0.1", port)) == 0


@contextmanager
def local_backend(repo_root: Path, port: int, origin: str, timeout: float = 30) -> Iterator[str]:
    """Run decap-server for repo_root on 127.0.0.1:port; yield the URL the admin talks to."""
    node = shutil.which("node")
    if node is None or not (CMS_DIR / "node_modules" / "decap-server").is_dir():
        raise BuildError("the admin's local backend needs Node.js and `make install` (cms/)")
    if _accepting(port):
        raise BuildError(
            f"port {port} is already in use: stop what runs there or pick another --cms-port"
        )
    env = {
        **os.environ,
        "PORT": str(port),
        "BIND_HOST": "127.0.0.1",
        "MODE": "fs",
        "GIT_REPO_DIRECTORY": str(Path(repo_root).resolve()),
        "ORIGIN": origin,
        "LOG_LEVEL": os.environ.get("CMS_LOG_LEVEL", "warn"),
    }
    # cwd: decap-server reads a .env file from its working folder; cms/ has none.
    proc = subprocess.Popen([node, str(SERVER)], cwd=CMS_DIR, env=env, stdin=subprocess.PIPE)
    try:
        deadline = time.monotonic() + timeout
        while not _accepting(port):
            if proc.poll() is not None:
                raise BuildError(f"the admin's local backend exited ({proc.returncode})")
            if time.monotonic() > deadline:
                raise BuildError(f"the admin's local backend did not start within {timeout:g} s")
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/api/v1"
    finally:
        proc.stdin.close()
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def allow_local_backend(config: NetlifyConfig, url: str) -> NetlifyConfig:
    """The rules of netlify.toml with the local backend's origin in the admin's connect-src.

    Only `serve --cms` needs it; the published policy never names a local address.
    """
    parts = urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}"
    headers = []
    for rule in config.headers:
        policy = rule.values.get("Content-Security-Policy", "")
        if rule.pattern.startswith("/admin") and "connect-src" in policy:
            policy = re.sub(r"connect-src ([^;]*)", rf"connect-src \1 {origin}", policy)
            rule = HeaderRule(rule.pattern, {**rule.values, "Content-Security-Policy": policy})
        headers.append(rule)
    return dataclasses.replace(config, headers=tuple(headers))
