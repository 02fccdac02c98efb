"""Live reload for `build.py serve`: open pages reload after a good rebuild; after a failed
one, they show its problems over the page until the next good build (Server-Sent Events).
Injected by `serve` only, never written into dist/."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

SCRIPT = Path(__file__).with_name("livereload.js").read_text("utf-8")
SCRIPT_PATH = "/__livereload.js"
STREAM_PATH = "/__livereload"


def inject_live_reload(html: bytes) -> bytes:
    tag = f'<script src="{SCRIPT_PATH}" defer></script>'.encode()
    return html.replace(b"</body>", tag + b"</body>", 1) if b"</body>" in html else html + tag


class LiveReload:
    """Tells open pages to reload after a rebuild, or what went wrong with it (Server-Sent
    Events). A page opened while the build is failing hears the problems at once."""

    def __init__(self) -> None:
        self.version = 0
        self.failure: dict | None = None  # the last build's problems, until a good build
        self._failures = 0
        self._changed = asyncio.Condition()

    async def bump(self) -> None:
        async with self._changed:
            self.version += 1
            self.failure = None
            self._changed.notify_all()

    async def failed(self, report: dict) -> None:
        """The rebuild failed: report ({title, lead, note, problems}) goes to every page."""
        async with self._changed:
            self.failure = report
            self._failures += 1
            self._changed.notify_all()

    async def stream(self, request: Request) -> AsyncIterator[str]:
        seen, failures = self.version, self._failures
        yield ": connected\n\n"
        if self.failure is not None:
            yield _problems_event(self.failure)
        while not await request.is_disconnected():
            async with self._changed:
                try:
                    await asyncio.wait_for(self._changed.wait(), timeout=15)
                except TimeoutError:
                    yield ": ping\n\n"  # keeps proxies from closing the stream
                    continue
            if self.version != seen:
                seen = self.version
                yield "data: reload\n\n"
            elif self._failures != failures and self.failure is not None:
                failures = self._failures
                yield _problems_event(self.failure)

    def answer(self, request: Request, url_path: str) -> Response | None:
        """The event stream or the script, when url_path is theirs; else None."""
        if url_path == STREAM_PATH:
            return StreamingResponse(
                self.stream(request),
                media_type="text/event-stream",
                headers={"cache-control": "no-store"},
            )
        if url_path == SCRIPT_PATH:
            return Response(SCRIPT, media_type="text/javascript")
        return None


def _problems_event(report: dict) -> str:
    # json.dumps writes one line (line breaks inside text are escaped), as an SSE data line
    # must be.
    return f"event: problems\ndata: {json.dumps(report)}\n\n"
