"""The admin's local backend for `build.py serve --cms` (`make cms`): Decap's decap-server
behind a gate (cms/local-backend.cjs).

It saves what the admin sends straight into the working tree (MODE=fs: files, no commits).
The gate lets through only the files editors edit: the entries of the admin's collections
and the files of its media folders, under the content folder, never through a link
(`editable_paths`, from the same configuration the admin is built from). It listens on
127.0.0.1, answers only requests addressed to 127.0.0.1, localhost or [::1] at its port (a
page that rebinds its own name to this machine is refused before anything else), and CORS
lets only the dev server's origin read its answers. Saved files trigger the dev server's
rebuild and the site's live reload like any other edit (docs/editing.md, "On your own
computer").
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from generator.errors import BuildError
from generator.pipeline import PROJECT_ROOT
from generator.site import cms
from generator.site.netlify_rules import HeaderRule, NetlifyConfig

CMS_DIR = PROJECT_ROOT / "cms"
SERVER = CMS_DIR / "local-backend.cjs"  # decap-server, tied to this process's life


def _accepting(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.2)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def editable_paths(content: str) -> dict:
    """What the gate lets the admin read and write: content is the content folder relative to
    the repository root. Taken from the admin's own configuration, so a collection or media
    folder added there is editable here too, and nothing else is."""
    config = cms.admin_config(content, {"name": "proxy"})
    folders, files, media = [], [], {config["media_folder"]}
    for collection in config["collections"]:
        if "folder" in collection:
            folders.append({"folder": collection["folder"], "extension": collection["extension"]})
        files += [entry["file"] for entry in collection.get("files", [])]
        media |= _media_folders(collection)
    return {"content": content, "folders": folders, "files": files, "media": sorted(media)}


def _media_folders(node: object) -> set[str]:
    """Every field's own media folder ("/content/images/work": from the repository root)."""
    if isinstance(node, list):
        return set().union(*(_media_folders(item) for item in node))
    if not isinstance(node, dict):
        return set()
    found = {node["media_folder"].lstrip("/")} if "media_folder" in node else set()
    return found.union(*(_media_folders(value) for value in node.values()))


def save_check(repo_root: Path, content: str, cache: Path | None) -> dict:
    """How the gate asks whether the site would build with a change (cms_save_check.py)."""
    folder = Path(repo_root).resolve() / content
    return {
        "command": [
            sys.executable,
            "-m",
            "devserver.cms_save_check",
            "--content",
            str(folder),
            "--shown",
            content,
            "--cache",
            str(Path(cache).resolve() if cache else folder.parent / ".cache"),
        ],
        "cwd": str(PROJECT_ROOT),
    }


@contextmanager
def local_backend(
    repo_root: Path,
    port: int,
    origin: str,
    content: str = "content",
    timeout: float = 30,
    cache: Path | None = None,
) -> Iterator[str]:
    """Run the gated decap-server for repo_root on 127.0.0.1:port; yield the URL the admin
    talks to. content: the content folder, relative to repo_root; cache: the media cache,
    where the save check finds what it knows of the photos."""
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
        "CMS_GATE": json.dumps(
            {**editable_paths(content), "check": save_check(repo_root, content, cache)}
        ),
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
