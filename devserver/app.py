"""Local server: dist/ served with netlify.toml's own rules, plus the contact function.

Built on Starlette + uvicorn: an established ASGI stack whose FileResponse already speaks
HTTP Range (206) and ETags, which Chromium needs to seek in videos, and whose async core
lets a live-reload stream and fifty concurrent contact posts share one process.
"""

from __future__ import annotations

import asyncio
import base64
import gzip
import hashlib
import ipaddress
import json
import logging
import mimetypes
import os
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import brotli
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.formparsers import MultiPartException, MultiPartParser
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import request_response

from generator.site import redirects

log = logging.getLogger(__name__)

MAX_BODY = 6 * 1024 * 1024  # AWS Lambda's own request limit
BODY_TIMEOUT_S = 10  # a body that trickles in slower than this is dropped (408)
# No file in dist/ has a longer path, and no file system a longer name: such paths are
# answered 404 without asking the file system (README, "The static API and URLs").
MAX_PATH_CHARS = 1024
MAX_NAME_BYTES = 255
_CONTROL_CHARS = frozenset(chr(c) for c in (*range(0x20), 0x7F))
COMPRESSIBLE = (
    "text/",
    "application/json",
    "application/javascript",
    "image/svg+xml",
    "application/xml",
    "application/manifest+json",
    "text/javascript",
)
# Reloads open pages after a good rebuild; after a failed one, shows its problems over the
# page until the next good build. Injected by `serve` only, never written into dist/.
LIVE_RELOAD_JS = Path(__file__).with_name("livereload.js").read_text("utf-8")

mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/json", ".map")
mimetypes.add_type("image/avif", ".avif")
mimetypes.add_type("image/webp", ".webp")
mimetypes.add_type("image/svg+xml", ".svg")
mimetypes.add_type("video/mp4", ".mp4")
mimetypes.add_type("font/woff2", ".woff2")
mimetypes.add_type("application/manifest+json", ".webmanifest")

ContactHandler = Callable[[dict, object], dict]
# The contact function's paths (functions/contact/app.py): the message, the grant of an image
# upload and the email's image links go to its handler; the image itself to the local store,
# which answers as S3 would (on Netlify, dist/_redirects proxies that path to the bucket).
CONTACT_PATHS = ("/api/contact", "/api/contact/", "/api/contact/uploads", "/api/contact/uploads/")
IMAGE_LINKS = "/api/contact/images/"
UPLOAD_FILE = "/api/contact/uploads/file"


class _TooLarge(Exception):
    pass


LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
WILDCARD_HOSTS = ("0.0.0.0", "::", "")


@dataclass(frozen=True)
class OwnNames:
    """The Host headers this server answers: its own address, never a stranger's name.

    A page of another site that rebinds its own name to 127.0.0.1 (DNS rebinding) sends
    that name as Host; answering it would let the page read and post as this origin. So a
    request is served only when its Host is 127.0.0.1, localhost or [::1] at this port, or
    the --host given. Listening on every interface (0.0.0.0, to try the site on a phone), a
    request to an IP address is served too: a rebinding page always sends a name.
    """

    port: int
    host: str = "127.0.0.1"

    @property
    def allowed(self) -> tuple[str, ...]:
        given = f"[{self.host}]" if ":" in self.host else self.host
        names = dict.fromkeys((*LOOPBACK_NAMES, given.lower()))
        return tuple(f"{name}:{self.port}" for name in names if name not in WILDCARD_HOSTS)

    def answers(self, host: str | None) -> bool:
        if not host or len(host) > 300:
            return False
        host = host.strip().lower()
        if host in self.allowed:
            return True
        if self.host not in WILDCARD_HOSTS:
            return False
        name, _, port = host.rpartition(":")
        try:
            ipaddress.ip_address(name.removeprefix("[").removesuffix("]"))
        except ValueError:
            return False
        return port == str(self.port)

    def refusal(self, host: str | None) -> str:
        shown = json.dumps((host or "")[:100])
        known = ", ".join(self.allowed)
        return f"Misdirected request: this server answers only as {known}, not {shown}"


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

    async def stream(self, request: Request):
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


def _problems_event(report: dict) -> str:
    # json.dumps writes one line (line breaks inside text are escaped), as an SSE data line
    # must be.
    return f"event: problems\ndata: {json.dumps(report)}\n\n"


def default_contact_handler(dist: Path) -> ContactHandler:
    # Imported lazily so the server starts even while the function is being worked on.
    # The function accepts the artists of the build it is serving (dist/api/artists.json).
    try:
        from functions.contact.handler import handler_for_site

        return handler_for_site(dist)
    except ImportError as exc:  # pragma: no cover - only before the function exists
        log.warning("contact function unavailable: %s", exc)

        def handler(event: dict, context: object) -> dict:
            return {
                "statusCode": 503,
                "headers": {"content-type": "application/json"},
                "body": json.dumps({"success": False, "error": "The contact form is not set up."}),
            }

    return handler


def default_uploads(dist: Path):  # noqa: ANN201 - functions.contact.uploads.LocalUploads
    """The folder the function of `serve` keeps images in (beside its outbox)."""
    try:
        from functions.contact.handler import uploads_for_site

        return uploads_for_site(dist)
    except ImportError:  # pragma: no cover - only before the function exists
        return None


def lambda_event(request: Request, body: bytes) -> dict:
    """The API Gateway v2 / Function URL event AWS would hand the Lambda for this request."""
    client = request.client.host if request.client else "127.0.0.1"
    try:
        text, encoded = body.decode("utf-8"), False
    except UnicodeDecodeError:
        text, encoded = base64.b64encode(body).decode("ascii"), True
    return {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": request.url.path,
        "rawQueryString": request.url.query,
        "headers": {k.lower(): v for k, v in request.headers.items()},
        "requestContext": {
            "http": {
                "method": request.method,
                "path": request.url.path,
                "protocol": "HTTP/1.1",
                "sourceIp": client,
                "userAgent": request.headers.get("user-agent", ""),
            },
            "requestId": str(uuid.uuid4()),
            "timeEpoch": int(time.time() * 1000),
        },
        "body": text,
        "isBase64Encoded": encoded,
    }


def lambda_response(result: dict) -> Response:
    body = result.get("body") or ""
    raw = base64.b64decode(body) if result.get("isBase64Encoded") else body.encode("utf-8")
    return Response(
        raw, status_code=int(result.get("statusCode", 200)), headers=result.get("headers") or {}
    )


@lru_cache(maxsize=512)
def _compressed(path: str, mtime_ns: int, size: int, encoding: str, inject: bool) -> bytes:
    data = Path(path).read_bytes()
    if inject:
        data = inject_live_reload(data)
    if encoding == "br":
        return brotli.compress(data, quality=5)
    if encoding == "gzip":
        return gzip.compress(data, compresslevel=6, mtime=0)
    return data


def inject_live_reload(html: bytes) -> bytes:
    tag = b'<script src="/__livereload.js" defer></script>'
    return html.replace(b"</body>", tag + b"</body>", 1) if b"</body>" in html else html + tag


def entity_tag(stat: os.stat_result, encoding: str = "identity") -> str:
    """The one ETag of a file as sent: compared on If-None-Match and sent with it (RFC 9110
    8.8.3: each encoding of a file is its own representation, so it has its own tag)."""
    digest = hashlib.md5(f"{stat.st_mtime_ns}-{stat.st_size}".encode()).hexdigest()
    return f'"{digest}"' if encoding == "identity" else f'"{digest}-{encoding}"'


def etag_matches(if_none_match: str | None, etag: str) -> bool:
    """RFC 9110 13.1.2: a list of tags or "*", compared weakly (W/ ignored)."""
    if not if_none_match:
        return False
    tags = [t.strip().removeprefix("W/") for t in if_none_match.split(",")]
    return "*" in tags or etag in tags


def unservable(path: str) -> int | None:
    """400 for a path with control characters (a NUL above all), 404 for one no file can have."""
    if any(ch in _CONTROL_CHARS for ch in path):
        return 400
    if len(path) > MAX_PATH_CHARS or any(
        len(part.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES for part in path.split("/")
    ):
        return 404
    return None


def _pick_encoding(accept: str) -> str:
    offered = {part.split(";")[0].strip().lower() for part in accept.split(",")}
    if "br" in offered:
        return "br"
    if "gzip" in offered:
        return "gzip"
    return "identity"


def create_app(
    dist: Path,
    config: redirects.NetlifyConfig,
    names: OwnNames,
    contact: ContactHandler | None = None,
    live_reload: LiveReload | None = None,
    lifespan=None,  # noqa: ANN001 - Starlette's lifespan context factory
    body_timeout_s: float = BODY_TIMEOUT_S,
    uploads=None,  # noqa: ANN001 - a LocalUploads; default: the function's own folder
) -> Starlette:
    dist = Path(dist).resolve()
    contact_handler = contact or default_contact_handler(dist)
    upload_store = uploads if uploads is not None else default_uploads(dist)

    def extra_rules() -> list[redirects.Rule]:
        # _redirects (written by the build) comes before netlify.toml, as on Netlify.
        path = dist / "_redirects"
        return redirects.parse_redirects_file(path.read_text("utf-8")) if path.is_file() else []

    def file_response(
        request: Request, path: Path, status: int, url_path: str, headers_path: str | None = None
    ) -> Response:
        # An error page carries the headers of the page it is (404.html, api/404.json), not
        # of the path asked for: a missing /assets/x must not be cached "immutable" for a year.
        headers = redirects.headers_for(config, headers_path or url_path)
        media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        stat = path.stat()
        is_html = media_type == "text/html"
        # The admin is not reloaded: a rebuild after each save would throw away its state.
        inject = bool(live_reload) and is_html and not url_path.startswith("/admin")
        compressible = media_type.startswith(COMPRESSIBLE) or media_type in COMPRESSIBLE
        encoding = (
            _pick_encoding(request.headers.get("accept-encoding", ""))
            if compressible
            else "identity"
        )
        etag = entity_tag(stat, encoding)
        if (
            status == 200
            and not inject
            and etag_matches(request.headers.get("if-none-match"), etag)
        ):
            vary = {"vary": "Accept-Encoding"} if compressible else {}
            return Response(status_code=304, headers={**headers, **vary, "etag": etag})
        headers = {**headers, "etag": etag}
        if compressible:
            body = _compressed(str(path), stat.st_mtime_ns, stat.st_size, encoding, inject)
            headers["vary"] = "Accept-Encoding"
            if encoding != "identity":
                headers["content-encoding"] = encoding
            charset = (
                "; charset=utf-8" if media_type.startswith("text/") or "json" in media_type else ""
            )
            # For HEAD the server sends the headers only; Content-Length stays the real one.
            return Response(
                body, status_code=status, headers=headers, media_type=media_type + charset
            )
        # FileResponse keeps an ETag given to it (it only sets its own when none is).
        return FileResponse(path, status_code=status, headers=headers, media_type=media_type)

    def not_found(request: Request, url_path: str) -> Response:
        """What Netlify answers for a path no rule or file serves: the site's 404.html."""
        page = dist / "404.html"
        if page.is_file():
            return file_response(request, page, 404, url_path, headers_path="/404.html")
        return plain_answer(404, "Not found")

    def plain_answer(status: int, text: str) -> Response:
        """An error of the server's own, with the headers of the site's error page."""
        headers = {**redirects.headers_for(config, "/404.html"), "cache-control": "no-store"}
        return Response(text, status_code=status, headers=headers, media_type="text/plain")

    def json_answer(status: int, body: dict, url_path: str, **extra: str) -> JSONResponse:
        headers = {**redirects.headers_for(config, url_path), "cache-control": "no-store"}
        return JSONResponse(body, status_code=status, headers={**headers, **extra})

    async def handle(request: Request) -> Response:
        # The path as uvicorn decoded it, once; request.url.path would re-split it at a
        # decoded "?" or "#", and static_file must not decode it a second time.
        if not names.answers(request.headers.get("host")):
            return plain_answer(421, names.refusal(request.headers.get("host")))
        url_path = request.scope["path"]
        refused = unservable(url_path)
        if refused == 400:
            return plain_answer(400, "Bad request: the path holds control characters")
        if refused == 404:
            return not_found(request, "/")
        if url_path in CONTACT_PATHS or url_path.startswith(IMAGE_LINKS):
            return await handle_contact(request)
        if url_path == UPLOAD_FILE:
            return await handle_upload(request)
        if live_reload and url_path == "/__livereload":
            return StreamingResponse(
                live_reload.stream(request),
                media_type="text/event-stream",
                headers={"cache-control": "no-store"},
            )
        if live_reload and url_path == "/__livereload.js":
            return Response(LIVE_RELOAD_JS, media_type="text/javascript")
        if request.method not in ("GET", "HEAD"):
            return json_answer(405, {"error": "Method not allowed"}, url_path, allow="GET, HEAD")
        query = dict(request.query_params)
        existing = redirects.static_file(dist, url_path)
        rules = (*extra_rules(), *config.rules)
        found = redirects.resolve(rules, url_path, query, existing is not None)
        if found is None:
            return (
                file_response(request, existing, 200, url_path)
                if existing
                else not_found(request, url_path)
            )
        rule = found.rule
        if found.target is None:
            return not_found(request, url_path)
        if rule.status in (301, 302, 303, 307, 308):
            return Response(status_code=rule.status, headers={"location": found.target})
        if rule.is_external:
            return json_answer(502, {"error": "Proxy rules are not served locally"}, url_path)
        target_path = found.target.split("?", 1)[0]
        target = redirects.static_file(dist, target_path)
        if target is None:
            return not_found(request, url_path)
        headers_path = target_path if rule.status == 404 else None
        return file_response(request, target, rule.status, url_path, headers_path)

    async def handle_contact(request: Request) -> Response:
        too_large = {"success": False, "error": "The message is too large."}
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > MAX_BODY:
            return json_answer(413, too_large, "/api/contact")
        # Counted as it arrives: never more than MAX_BODY (plus one chunk) is held, whatever
        # the client declared or however it chunked the body.
        chunks, size = [], 0
        try:
            async with asyncio.timeout(body_timeout_s):
                async for chunk in request.stream():
                    size += len(chunk)
                    if size > MAX_BODY:
                        return json_answer(413, too_large, "/api/contact", connection="close")
                    chunks.append(chunk)
        except TimeoutError:
            slow = {"success": False, "error": "The message arrived too slowly; please try again."}
            return json_answer(408, slow, "/api/contact", connection="close")
        event = lambda_event(request, b"".join(chunks))
        result = await run_in_threadpool(contact_handler, event, None)
        return lambda_response(result)

    async def handle_upload(request: Request) -> Response:
        """POST of one image, as S3 takes a presigned POST (multipart form, the file last):
        204, or S3's XML error. Bounded like a contact body, at the largest image plus fields."""
        from functions.contact.uploads import MAX_FORM_FIELD_BYTES, MAX_UPLOAD_BODY, s3_error

        def answer(status: int, body: str, **extra: str) -> Response:
            headers = {
                **redirects.headers_for(config, UPLOAD_FILE),
                "cache-control": "no-store",
                **extra,
            }
            media = "application/xml" if body else None
            return Response(body, status_code=status, headers=headers, media_type=media)

        if request.method != "POST":
            return answer(*s3_error(405, "MethodNotAllowed", "POST only"), allow="POST")
        if upload_store is None:
            return answer(*s3_error(503, "ServiceUnavailable", "images are not kept here"))
        too_large = s3_error(400, "EntityTooLarge", "Your proposed upload is too large.")
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > MAX_UPLOAD_BODY:
            return answer(*too_large, connection="close")

        async def counted():  # noqa: ANN202 - the body, never more than MAX_UPLOAD_BODY of it
            size = 0
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_UPLOAD_BODY:
                    raise _TooLarge
                yield chunk

        parser = MultiPartParser(
            request.headers,
            counted(),
            max_files=1,
            max_fields=16,
            max_part_size=MAX_FORM_FIELD_BYTES,
        )
        try:
            async with asyncio.timeout(body_timeout_s):
                form = await parser.parse()
        except _TooLarge:
            return answer(*too_large, connection="close")
        except TimeoutError:
            slow = s3_error(400, "RequestTimeout", "The upload arrived too slowly.")
            return answer(*slow, connection="close")
        except MultiPartException as exc:
            return answer(*s3_error(400, "MalformedPOSTRequest", str(exc)))
        try:
            items = form.multi_items()
            if not items or items[-1][0] != "file" or isinstance(items[-1][1], str):
                malformed = "the form must end with one file, named file"
                return answer(*s3_error(400, "MalformedPOSTRequest", malformed))
            fields = {name: value for name, value in items[:-1] if isinstance(value, str)}
            data = await items[-1][1].read()
        finally:
            await form.close()
        return answer(*await run_in_threadpool(upload_store.receive, fields, data))

    async def unexpected(request: Request, exc: Exception) -> Response:
        # Logged here (with the traceback) for the developer; the client gets a plain 500.
        log.error("serve: unexpected error for %s", request.scope.get("path"), exc_info=exc)
        return plain_answer(500, "Internal server error")

    app = Starlette(exception_handlers={Exception: unexpected}, lifespan=lifespan)
    # Every request, whatever its method or path, goes to `handle`: a routing pattern would
    # not match a path holding a decoded line break, and would answer without our headers.
    app.router.default = request_response(handle)
    return app
