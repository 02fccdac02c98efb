"""dist/ as Netlify serves it: files with netlify.toml's headers and rules, ETags (304),
Brotli or gzip for text, the site's 404 page, and the live-reload script put into pages.

FileResponse (Starlette) already speaks HTTP Range (206), which Chromium needs to seek in
videos; text is compressed here, once per file version (an LRU of the encoded bytes).
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import os
from functools import lru_cache
from pathlib import Path
from stat import S_ISREG

import brotli
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from generator.site import netlify_rules

from .live_reload import inject_live_reload

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
REDIRECTS = (301, 302, 303, 307, 308)

mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/json", ".map")
mimetypes.add_type("image/avif", ".avif")
mimetypes.add_type("image/webp", ".webp")
mimetypes.add_type("image/svg+xml", ".svg")
mimetypes.add_type("video/mp4", ".mp4")
mimetypes.add_type("font/woff2", ".woff2")
mimetypes.add_type("application/manifest+json", ".webmanifest")


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


@lru_cache(maxsize=4)
def _parsed_redirects(path: str, mtime_ns: int, size: int) -> list[netlify_rules.Rule]:
    # A rebuild swaps in a new dist/, whose _redirects has another mtime: a new key.
    return netlify_rules.parse_redirects_file(Path(path).read_text("utf-8"))


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


class StaticSite:
    """Answers for dist/: its files through netlify.toml's and _redirects' rules, and the
    server's own plain and JSON answers with the headers of the page they stand for."""

    def __init__(self, dist: Path, config: netlify_rules.NetlifyConfig, live_reload: bool):
        self.dist = Path(dist).resolve()
        self.config = config
        self.live_reload = live_reload

    def extra_rules(self) -> list[netlify_rules.Rule]:
        """dist/_redirects (written by the build), tried before netlify.toml as on Netlify;
        parsed once per version of the file, not on every request."""
        path = self.dist / "_redirects"
        try:
            stat = path.stat()
        except OSError:
            return []
        if not S_ISREG(stat.st_mode):
            return []
        return _parsed_redirects(str(path), stat.st_mtime_ns, stat.st_size)

    def plain_answer(self, status: int, text: str) -> Response:
        """An error of the server's own, with the headers of the site's error page."""
        headers = {
            **netlify_rules.headers_for(self.config, "/404.html"),
            "cache-control": "no-store",
        }
        return Response(text, status_code=status, headers=headers, media_type="text/plain")

    def json_answer(self, status: int, body: dict, url_path: str, **extra: str) -> JSONResponse:
        headers = {**netlify_rules.headers_for(self.config, url_path), "cache-control": "no-store"}
        return JSONResponse(body, status_code=status, headers={**headers, **extra})

    def not_found(self, request: Request, url_path: str) -> Response:
        """What Netlify answers for a path no rule or file serves: the site's 404.html."""
        page = self.dist / "404.html"
        if page.is_file():
            return self.file_response(request, page, 404, url_path, headers_path="/404.html")
        return self.plain_answer(404, "Not found")

    def serve(self, request: Request, url_path: str) -> Response:
        """GET or HEAD of url_path: a file, a rule's target, a redirect or the 404 page."""
        if request.method not in ("GET", "HEAD"):
            return self.json_answer(
                405, {"error": "Method not allowed"}, url_path, allow="GET, HEAD"
            )
        query = dict(request.query_params)
        existing = netlify_rules.static_file(self.dist, url_path)
        rules = (*self.extra_rules(), *self.config.rules)
        found = netlify_rules.resolve(rules, url_path, query, existing is not None)
        if found is None:
            if existing:
                return self.file_response(request, existing, 200, url_path)
            return self.not_found(request, url_path)
        rule = found.rule
        if found.target is None:
            return self.not_found(request, url_path)
        if rule.status in REDIRECTS:
            return Response(status_code=rule.status, headers={"location": found.target})
        if rule.is_external:
            return self.json_answer(502, {"error": "Proxy rules are not served locally"}, url_path)
        target_path = found.target.split("?", 1)[0]
        target = netlify_rules.static_file(self.dist, target_path)
        if target is None:
            return self.not_found(request, url_path)
        headers_path = target_path if rule.status == 404 else None
        return self.file_response(request, target, rule.status, url_path, headers_path)

    def file_response(
        self,
        request: Request,
        path: Path,
        status: int,
        url_path: str,
        headers_path: str | None = None,
    ) -> Response:
        # An error page carries the headers of the page it is (404.html, api/404.json), not
        # of the path asked for: a missing /assets/x must not be cached "immutable" for a year.
        headers = netlify_rules.headers_for(self.config, headers_path or url_path)
        media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        stat = path.stat()
        # The admin is not reloaded: a rebuild after each save would throw away its state.
        inject = (
            self.live_reload and media_type == "text/html" and not url_path.startswith("/admin")
        )
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
        if not compressible:
            # FileResponse keeps an ETag given to it (it only sets its own when none is).
            return FileResponse(path, status_code=status, headers=headers, media_type=media_type)
        body = _compressed(str(path), stat.st_mtime_ns, stat.st_size, encoding, inject)
        headers["vary"] = "Accept-Encoding"
        if encoding != "identity":
            headers["content-encoding"] = encoding
        text = media_type.startswith("text/") or "json" in media_type
        charset = "; charset=utf-8" if text else ""
        # For HEAD the server sends the headers only; Content-Length stays the real one.
        return Response(body, status_code=status, headers=headers, media_type=media_type + charset)
