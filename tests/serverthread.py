"""Run the local server in a thread on a free port (the same app `build.py serve` runs), or
`build.py serve` itself in a process."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import uvicorn

from devserver.app import OwnNames, create_app
from devserver.runner import server_config
from generator.pipeline import PROJECT_ROOT
from generator.site import netlify_rules

# How often a starting server is asked whether it is up: a try costs a connection attempt, and
# a server is waited for many times a run (every `build.py serve`, netlify dev, admin).
POLL_S = 0.05


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running_server(
    dist: Path,
    contact=None,
    netlify_toml: Path | None = None,
    uploads=None,
    **timeouts: float,
) -> Iterator[str]:
    """Serve dist on 127.0.0.1 and yield the base URL; stop on exit.

    timeouts: head_timeout_s and body_timeout_s, shorter than serve's own in tests that
    wait for them.
    """
    config = netlify_rules.load_config(netlify_toml or PROJECT_ROOT / "netlify.toml")
    body = {k: v for k, v in timeouts.items() if k == "body_timeout_s"}
    head = {k: v for k, v in timeouts.items() if k == "head_timeout_s"}
    port = free_port()
    app = create_app(dist, config, OwnNames(port), contact=contact, uploads=uploads, **body)
    server = uvicorn.Server(server_config(app, "127.0.0.1", port, config, **head))
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


def wait_for_port(port: int, proc: subprocess.Popen, log: Path, timeout: float = 180) -> None:
    """Wait until proc (`build.py serve`) accepts connections on port; fail with its log."""
    import pytest

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"build.py serve exited:\n{log.read_text()}")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(POLL_S)
    pytest.fail(f"build.py serve did not start:\n{log.read_text()}")


def interrupt(proc: subprocess.Popen) -> None:
    """Stop `build.py serve` as Ctrl+C does (it stops what it started), or kill it."""
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@contextmanager
def running_process(
    command: list[str], url: str, cwd: Path, env: dict[str, str], log: Path, timeout: float = 180
) -> Iterator[str]:
    """Start a server process (in its own session), wait until url answers, yield url; on
    exit end it and everything it started. Its output goes to log, shown if it fails."""
    with log.open("w") as output:
        process = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=output, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{command[0]} did not start:\n{log.read_text()[-3000:]}")
            try:
                httpx.get(url, timeout=2)
                break
            except httpx.TransportError:
                time.sleep(POLL_S)
        yield url
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


@contextmanager
def serve_process(cwd: Path, content: Path, cache: Path, *extra: str) -> Iterator[str]:
    """`build.py serve` as a person runs it, in a process of its own (build, serve, watch):
    content and dist/ are given relative to cwd when they are inside it, so messages name
    them as an editor would see them (content/artists/...)."""
    port = free_port()
    shown = content.relative_to(cwd) if content.is_relative_to(cwd) else content
    env = {**os.environ, "CONTACT_OUTBOX": str(cwd / "outbox.sqlite3")}
    command = [sys.executable, str(PROJECT_ROOT / "build.py"), "serve", "--port", str(port)]
    command += ["--content", str(shown), "--out", "dist", "--cache", str(cache), *extra]
    url = f"http://127.0.0.1:{port}"
    with running_process(command, url, cwd, env, cwd / f"serve-{port}.log") as answered:
        yield answered
