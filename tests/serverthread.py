"""Run the local server (the same app `build.py serve` runs) in a thread on a free port."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from devserver.app import create_app
from generator.pipeline import PROJECT_ROOT
from generator.site import redirects


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running_server(dist: Path, contact=None, netlify_toml: Path | None = None) -> Iterator[str]:  # noqa: ANN001
    """Serve dist on 127.0.0.1 and yield the base URL; stop on exit."""
    config = redirects.load_config(netlify_toml or PROJECT_ROOT / "netlify.toml")
    app = create_app(dist, config, contact=contact)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("local server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
