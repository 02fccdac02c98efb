"""The contact function inside `build.py serve`: requests become the Lambda events AWS would
hand it, and the image uploads it grants are received as S3 would receive them.

Bodies are bounded as they arrive (never more than the cap plus one chunk is held) and must
arrive within a deadline; the function itself runs in a worker thread.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.formparsers import MultiPartException, MultiPartParser
from starlette.requests import Request
from starlette.responses import Response

from generator.site import netlify_rules
from generator.site.redirects import FUNCTION_ROUTES, contact_paths

from .static import StaticSite

if TYPE_CHECKING:  # imported when serving (default_uploads), so serve starts without it
    from functions.contact.dal.uploads import LocalUploads

log = logging.getLogger(__name__)

MAX_BODY = 6 * 1024 * 1024  # AWS Lambda's own request limit
BODY_TIMEOUT_S = 10  # a body that trickles in slower than this is dropped (408)

ContactHandler = Callable[[dict, object], dict]
# The contact function's paths (functions/contact/handlers/app.py): the message, the grant of
# an image upload, the email's image links, the spam digest's links (logic/spam_review.py),
# a request's Accept, Decline and Waitlist links (logic/request_actions.py), the visitor's
# deposit link and Stripe's webhook (logic/deposits.py), the flash designs held (GET
# /api/flash/holds) and the consent form with the studio's copy (logic/consent.py) go to
# its handler; the image itself
# to the local store, which answers as S3 would (on Netlify, dist/_redirects proxies that
# path to the bucket).
_PATHS = contact_paths()  # the contract's (functions/contact/contract.json)
MESSAGE = _PATHS["message"]
CONTACT_PATHS = tuple(p + end for p in (MESSAGE, _PATHS["grant"]) for end in ("", "/"))
UPLOAD_FILE = _PATHS["upload"]
# The rest as dist/_redirects sends them to the function on Netlify (FUNCTION_ROUTES: one
# table, so a route the function gains is served here as there): a prefix route with the
# rest of its path (a signed link's /<id>), the others as they are or with a "/".
FUNCTION_PREFIXES = tuple(_PATHS[name] for name, prefix in FUNCTION_ROUTES if prefix)
FUNCTION_EXACT = frozenset(
    _PATHS[name] + end for name, prefix in FUNCTION_ROUTES if not prefix for end in ("", "/")
)


class _TooLarge(Exception):
    pass


def default_contact_handler(dist: Path) -> ContactHandler:
    # Imported lazily so the server starts even while the function is being worked on.
    # The function accepts the artists of the build it is serving (dist/api/artists.json).
    try:
        from .contact_function import handler_for_site

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


def default_uploads(dist: Path) -> LocalUploads | None:
    """The folder the function of `serve` keeps images in (beside its outbox)."""
    try:
        from .contact_function import uploads_for_site

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


class ContactBridge:
    """Messages and grants to the function's handler; uploaded images to its local store."""

    def __init__(
        self,
        site: StaticSite,
        contact: ContactHandler | None = None,
        uploads: LocalUploads | None = None,  # default: the function's own folder
        body_timeout_s: float = BODY_TIMEOUT_S,
    ):
        self.site = site
        self.handler = contact or default_contact_handler(site.dist)
        self.uploads = uploads if uploads is not None else default_uploads(site.dist)
        self.body_timeout_s = body_timeout_s

    def answers(self, url_path: str) -> bool:
        return (
            url_path in CONTACT_PATHS
            or url_path == UPLOAD_FILE
            or url_path in FUNCTION_EXACT
            or url_path.startswith(FUNCTION_PREFIXES)
        )

    async def answer(self, request: Request, url_path: str) -> Response:
        if url_path == UPLOAD_FILE:
            return await self.upload(request)
        return await self.message(request)

    async def message(self, request: Request) -> Response:
        too_large = {"success": False, "error": "The message is too large."}
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > MAX_BODY:
            return self.site.json_answer(413, too_large, MESSAGE)
        # Counted as it arrives: never more than MAX_BODY (plus one chunk) is held, whatever
        # the client declared or however it chunked the body.
        chunks, size = [], 0
        try:
            async with asyncio.timeout(self.body_timeout_s):
                async for chunk in request.stream():
                    size += len(chunk)
                    if size > MAX_BODY:
                        return self.site.json_answer(413, too_large, MESSAGE, connection="close")
                    chunks.append(chunk)
        except TimeoutError:
            slow = {"success": False, "error": "The message arrived too slowly; please try again."}
            return self.site.json_answer(408, slow, MESSAGE, connection="close")
        event = lambda_event(request, b"".join(chunks))
        result = await run_in_threadpool(self.handler, event, None)
        return lambda_response(result)

    def _s3_answer(self, status: int, body: str, **extra: str) -> Response:
        headers = {
            **netlify_rules.headers_for(self.site.config, UPLOAD_FILE),
            "cache-control": "no-store",
            **extra,
        }
        media = "application/xml" if body else None
        return Response(body, status_code=status, headers=headers, media_type=media)

    async def upload(self, request: Request) -> Response:
        """POST of one image, as S3 takes a presigned POST (multipart form, the file last):
        204, or S3's XML error. Bounded like a contact body, at the largest image plus fields."""
        from functions.contact.dal.uploads import MAX_UPLOAD_BODY, s3_error

        answer = self._s3_answer
        if request.method != "POST":
            return answer(*s3_error(405, "MethodNotAllowed", "POST only"), allow="POST")
        if self.uploads is None:
            return answer(*s3_error(503, "ServiceUnavailable", "images are not kept here"))
        too_large = s3_error(400, "EntityTooLarge", "Your proposed upload is too large.")
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > MAX_UPLOAD_BODY:
            return answer(*too_large, connection="close")
        try:
            async with asyncio.timeout(self.body_timeout_s):
                fields, data = await self._read_form(request)
        except _TooLarge:
            return answer(*too_large, connection="close")
        except TimeoutError:
            slow = s3_error(400, "RequestTimeout", "The upload arrived too slowly.")
            return answer(*slow, connection="close")
        except MultiPartException as exc:
            return answer(*s3_error(400, "MalformedPOSTRequest", str(exc)))
        if data is None:
            malformed = "the form must end with one file, named file"
            return answer(*s3_error(400, "MalformedPOSTRequest", malformed))
        return answer(*await run_in_threadpool(self.uploads.receive, fields, data))

    async def _read_form(self, request: Request) -> tuple[dict[str, str], bytes | None]:
        """The form's text fields and its file (None unless it is the last part, `file`)."""
        from functions.contact.dal.uploads import MAX_FORM_FIELD_BYTES, MAX_UPLOAD_BODY

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
        form = await parser.parse()
        try:
            items = form.multi_items()
            if not items or items[-1][0] != "file" or isinstance(items[-1][1], str):
                return {}, None
            fields = {name: value for name, value in items[:-1] if isinstance(value, str)}
            return fields, await items[-1][1].read()
        finally:
            await form.close()
