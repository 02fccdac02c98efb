"""A stand-in for a remote HTTP API on 127.0.0.1 that records what it was sent (Netlify's build
hook, GitHub's commit statuses): tests assert on the requests a program really made."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass(frozen=True)
class Received:
    method: str
    path: str  # with its query
    headers: dict[str, str]  # names in lower case
    body: bytes


@contextmanager
def recording_server(
    status: int = 200, answer: bytes = b""
) -> Iterator[tuple[str, list[Received]]]:
    """Its base address and the requests it received, in order; each is answered with status
    and answer (JSON)."""
    received: list[Received] = []

    class Handler(BaseHTTPRequestHandler):
        def record(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            headers = {name.lower(): value for name, value in self.headers.items()}
            received.append(Received(self.command, self.path, headers, self.rfile.read(length)))
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        do_GET = do_POST = do_PUT = do_HEAD = record

        def log_message(self, *args: object) -> None:
            pass

    with serving(Handler) as address:
        yield address, received


@contextmanager
def serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """handler served on 127.0.0.1 from a thread: its base address; stopped on leaving."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
