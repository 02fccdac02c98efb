"""Local server: dist/ served with netlify.toml's own rules, plus the contact function.

Built on Starlette + uvicorn: an established ASGI stack whose FileResponse already speaks
HTTP Range (206) and ETags, which Chromium needs to seek in videos, and whose async core
lets a live-reload stream and fifty concurrent contact posts share one process.

This module composes the parts: the Host check (hosts.py), the static site (static.py),
the contact function and its uploads (contact_bridge.py) and live reload (live_reload.py).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import request_response

from generator.site import netlify_rules

from .contact_bridge import BODY_TIMEOUT_S, MAX_BODY, ContactBridge, ContactHandler
from .hosts import OwnNames
from .live_reload import LiveReload
from .static import StaticSite, unservable

if TYPE_CHECKING:  # imported by the bridge only when serving, so serve starts without it
    from functions.contact.dal.uploads import LocalUploads

__all__ = ["MAX_BODY", "LiveReload", "OwnNames", "create_app"]

log = logging.getLogger(__name__)


def create_app(
    dist: Path,
    config: netlify_rules.NetlifyConfig,
    names: OwnNames,
    contact: ContactHandler | None = None,
    live_reload: LiveReload | None = None,
    lifespan=None,  # noqa: ANN001 - Starlette's lifespan context factory
    body_timeout_s: float = BODY_TIMEOUT_S,
    uploads: LocalUploads | None = None,  # default: the function's own folder
) -> Starlette:
    site = StaticSite(dist, config, live_reload=live_reload is not None)
    bridge = ContactBridge(site, contact, uploads, body_timeout_s)

    async def handle(request: Request) -> Response:
        # Before anything else: a request addressed to another name (DNS rebinding).
        host = request.headers.get("host")
        if not names.answers(host):
            return site.plain_answer(421, names.refusal(host))
        # The path as uvicorn decoded it, once; request.url.path would re-split it at a
        # decoded "?" or "#", and static_file must not decode it a second time.
        url_path = request.scope["path"]
        refused = unservable(url_path)
        if refused == 400:
            return site.plain_answer(400, "Bad request: the path holds control characters")
        if refused == 404:
            return site.not_found(request, "/")
        if bridge.answers(url_path):
            return await bridge.answer(request, url_path)
        reload_answer = live_reload.answer(request, url_path) if live_reload else None
        return reload_answer or site.serve(request, url_path)

    async def unexpected(request: Request, exc: Exception) -> Response:
        # Logged here (with the traceback) for the developer; the client gets a plain 500.
        log.error("serve: unexpected error for %s", request.scope.get("path"), exc_info=exc)
        return site.plain_answer(500, "Internal server error")

    app = Starlette(exception_handlers={Exception: unexpected}, lifespan=lifespan)
    # Every request, whatever its method or path, goes to `handle`: a routing pattern would
    # not match a path holding a decoded line break, and would answer without our headers.
    app.router.default = request_response(handle)
    return app
