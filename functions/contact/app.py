"""Wiring: settings -> store, notifier, service; and Lambda event <-> service <-> response.

The AWS pieces are imported only when configured, so the default (outbox) path never
loads boto3: see `python -X importtime` figures in docs/contact.md.
"""

from __future__ import annotations

import base64
import binascii
import json
import logging
from collections.abc import Callable, Mapping

from .core import UNAVAILABLE, ContactService, Notifier, Outcome
from .settings import PACKAGED_ARTISTS, ArtistList, Settings
from .store import MessageStore, SqliteOutbox

log = logging.getLogger(__name__)

JSON_HEADERS = {"content-type": "application/json; charset=utf-8", "cache-control": "no-store"}


def build_store(settings: Settings) -> MessageStore:
    if settings.store == "dynamodb":
        from .aws import DynamoStore

        return DynamoStore(settings.table, settings.region)
    return SqliteOutbox(settings.outbox)


def build_notifier(settings: Settings) -> Notifier | None:
    if not settings.sends_email:
        return None
    from .aws import SesNotifier

    return SesNotifier(
        settings.notify_from,
        settings.notify_to,
        settings.region,
        studio=settings.studio_name,
        budget_s=settings.notify_budget_s,
    )


def build_service(
    settings: Settings, artists: Callable[[], Mapping[str, str]] | None = None
) -> ContactService:
    if artists is None:
        artists = ArtistList(settings.artists_file or PACKAGED_ARTISTS)
    return ContactService(
        build_store(settings),
        build_notifier(settings),
        artists,
        rate_limit=settings.rate_limit,
        min_fill_ms=settings.min_fill_ms,
    )


def _request(event: dict, client_ip_headers: tuple[str, ...]) -> tuple[str, bytes, str]:
    """Method, raw body and client address of a Function URL / API Gateway event."""
    context = event.get("requestContext") or {}
    http = context.get("http") or {}
    method = http.get("method") or event.get("httpMethod") or "GET"
    client = http.get("sourceIp") or (context.get("identity") or {}).get("sourceIp") or "unknown"
    # Behind the CDN proxy every request comes from the CDN; the first of these headers
    # present names the visitor (the left-most address of a forwarded chain).
    headers = {k.lower(): v for k, v in (event.get("headers") or {}).items()}
    for name in client_ip_headers:
        forwarded = (headers.get(name) or "").split(",")[0].strip()
        if forwarded:
            client = forwarded
            break
    raw = event.get("body") or ""
    if event.get("isBase64Encoded"):
        try:
            body = base64.b64decode(raw, validate=True)
        except (binascii.Error, ValueError):
            body = b"\xff"  # undecodable: answered as unreadable form data
    else:
        body = raw.encode("utf-8", "surrogatepass")
    return method, body, client


def to_response(outcome: Outcome) -> dict:
    return {
        "statusCode": outcome.status,
        "headers": {**JSON_HEADERS, **outcome.headers},
        "body": json.dumps(outcome.body, ensure_ascii=False),
    }


def respond(service: ContactService | None, settings: Settings | None, event: dict) -> dict:
    """Answer one event; never raise, never show a traceback to the visitor."""
    try:
        if service is None or settings is None:
            return to_response(Outcome.error(503, UNAVAILABLE))
        if event.get("source") == "aws.events" or event.get("action") == "send-pending":
            report = service.send_pending()
            return {"sent": report.sent, "failed": report.failed, "pending_ids": report.errors}
        method, body, client = _request(event, settings.client_ip_headers)
        return to_response(service.submit(method, body, client))
    except Exception:
        log.exception("contact: unexpected error; answered 503")
        return to_response(Outcome.error(503, UNAVAILABLE))
