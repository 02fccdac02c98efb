"""`build.py serve` in its own process on a free port, for the benchmarks that load a site."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(url: str, server: subprocess.Popen, timeout_s: float = 900) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"build.py serve exited:\n{server.stderr.read().decode()[-3000:]}")
        try:
            if httpx.get(f"{url}/api/artists", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise SystemExit("build.py serve did not come up")


@contextmanager
def served_site(
    content: Path,
    out: Path,
    *,
    project: Path = ROOT,
    cache: Path | None = None,
    env: dict[str, str] | None = None,
) -> Iterator[str]:
    """Build `content` into `out` with `project`'s build.py serve, yield its URL, stop it.

    `env` is the server's whole environment (default: this process's).
    """
    port = free_port()
    command = [
        sys.executable,
        str(project / "build.py"),
        "serve",
        "--no-watch",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--content",
        str(content),
        "--out",
        str(out),
    ]
    if cache is not None:
        command += ["--cache", str(cache)]
    server = subprocess.Popen(
        command,
        cwd=project,
        env=os.environ.copy() if env is None else env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, server)
        yield url
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
