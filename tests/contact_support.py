"""Shared pieces of the contact tests: event fixtures, a service on a tmp outbox, fakes."""

from __future__ import annotations

import base64
import copy
import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import urlencode

import jwt
import pytest
from click.testing import CliRunner, Result
from recording_server import serving

import build
from functions.contact.dal.artists import ArtistList, SiteArtists, parse_artists
from functions.contact.dal.booking import FileBooking
from functions.contact.dal.flash import FileFlash
from functions.contact.dal.sitelists import SiteUnreachable
from functions.contact.handlers.app import build_confirmations, build_service, respond
from functions.contact.handlers.settings import Settings
from functions.contact.logic.service import ContactService
from functions.contact.models.message import StorageUnavailable, StoredMessage
from functions.contact.models.outcomes import NotificationFailed
from functions.contact.models.ratelimit import RateLimit

EVENTS = Path(__file__).resolve().parent / "events"
REGION = "us-east-1"
SENDER = "website@studio.example"
STUDIO = "studio@studio.example"
SITE = "https://studio.example"
ARTISTS = [
    {"id": 1, "slug": "jane-doe", "name": "Jane Doe"},
    {"id": 2, "slug": "max-ink", "name": "Max Ink"},
]
GOOD = {
    "name": "Ana López",
    "email": "ana@example.com",
    "phone": "(214) 555-0142",
    "artist": "jane-doe",
    "service": "Tattoo Consultation",
    "message": "A fine-line rose on my forearm.",
    "website": "",
    "elapsed_ms": 41250,
}


def load_event(name: str) -> dict:
    return json.loads((EVENTS / name).read_text("utf-8"))


def post_event(
    body: str | bytes | dict | list | None, method: str = "POST", ip: str = "203.0.113.7"
) -> dict:
    """The Function URL fixture event with another body, method or client address."""
    event = copy.deepcopy(load_event("function-url-post.json"))
    event["requestContext"]["http"]["method"] = method
    event["requestContext"]["http"]["sourceIp"] = ip
    if isinstance(body, bytes):
        event["body"], event["isBase64Encoded"] = base64.b64encode(body).decode(), True
    elif isinstance(body, str) or body is None:
        event["body"] = body
    else:
        event["body"] = json.dumps(body)
    return event


# The site's flash list (api/flash/all.json) as the build writes it, image keys left out.
FLASH = [
    {
        "id": "jane-doe/swallow",
        "artist_id": "jane-doe",
        "artist": "Jane Doe",
        "title": "Swallow",
        "size": "3 in",
        "price": 150,
        "status": "available",
        "repeatable": False,
        "filename": "swallow.jpg",
        "src": "/images/flash/swallow.jpg",
    },
    {
        "id": "jane-doe/dagger",
        "artist_id": "jane-doe",
        "artist": "Jane Doe",
        "title": "Dagger",
        "size": "4 in",
        "price": 200,
        "status": "claimed",
        "repeatable": False,
        "filename": "dagger.jpg",
        "src": "/images/flash/dagger.jpg",
    },
    {
        "id": "max-ink/rose",
        "artist_id": "max-ink",
        "artist": "Max Ink",
        "title": "Rose",
        "size": "2 in",
        "price": 90,
        "status": "available",
        "repeatable": True,
        "filename": "rose.jpg",
        "src": "/images/flash/rose.jpg",
    },
]


def write_artists(dist: Path, artists: list[dict] = ARTISTS) -> Path:
    path = dist / "api" / "artists.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(artists), "utf-8")
    return dist


def write_flash(dist: Path, designs: list[dict] = FLASH) -> Path:
    """dist/api/flash/all.json, the site's flash list (GET /api/flash?artist=all)."""
    path = dist / "api" / "flash" / "all.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(designs), "utf-8")
    return dist


OLD_SCHEMA = """
CREATE TABLE messages (
    id TEXT PRIMARY KEY, created_at TEXT NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL,
    phone TEXT NOT NULL, artist TEXT NOT NULL, service TEXT NOT NULL, message TEXT NOT NULL,
    client TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT '', sent_at TEXT NOT NULL DEFAULT ''
);
"""


def old_outbox(path: Path) -> Path:
    """An outbox as the first release wrote it, holding one sent message, "old"."""
    with sqlite3.connect(path) as old:
        old.executescript(OLD_SCHEMA)
        old.execute(
            "INSERT INTO messages VALUES ('old', '2025-01-01T00:00:00+00:00', 'Old', 'o@x.example',"
            " '', 'na', 'Piercing', 'Hi', '127.0.0.1', 'sent', 1, '', '2025-01-01T00:00:01+00:00')"
        )
    return path


def put_old_message(client, table: str) -> None:  # noqa: ANN001 - boto3 dynamodb client
    """An item as the first release stored a message in DynamoDB (id "old")."""
    client.put_item(
        TableName=table,
        Item={
            "id": {"S": "old"},
            **{k: {"S": "x"} for k in ("name", "email", "phone", "service", "message")},
            "created_at": {"S": "2025-01-01T00:00:00+00:00"},
            "artist": {"S": "na"},
            "client": {"S": "ip"},
            "status": {"S": "sent"},
            "attempts": {"N": "1"},
        },
    )


def with_confirmations(service: ContactService, clock=lambda: 1e9) -> ContactService:  # noqa: ANN001
    """The service confirming each message to its visitor through its notifier, as on Lambda
    (from SENDER, Reply-To STUDIO, links on SITE), at the times clock gives."""
    settings = Settings(notify_from=SENDER, notify_to=(STUDIO,), region=REGION, site_url=SITE)
    service.confirmations = build_confirmations(settings, service.store, service.notifier)
    service.confirmations.clock = clock
    return service


def local_settings(tmp_path: Path, **changes: object) -> Settings:
    base = {"outbox": tmp_path / "outbox.sqlite3", "rate_limit": RateLimit(0, 1)}
    return Settings(**{**base, **changes})


def make_service(
    tmp_path: Path,
    settings: Settings | None = None,
    store=None,
    notifier=None,
    flash=None,
    artists=None,
    booking=None,
) -> ContactService:
    """A service on a tmp outbox; the artists and flash of a tmp dist (ARTISTS, FLASH) unless
    artists (a service.ArtistSource) or flash (a flash.FlashSource) is given; the booking
    rules of that dist's api/booking.json (the defaults while it has none) unless booking
    (a callable answering models.booking.BookingRules) is."""
    settings = settings or local_settings(tmp_path)
    api = write_flash(write_artists(tmp_path / "dist")) / "api"
    flash = flash if flash is not None else FileFlash(api / "flash" / "all.json")
    artists = artists if artists is not None else ArtistList(api / "artists.json")
    booking = booking if booking is not None else FileBooking(api / "booking.json")
    service = build_service(settings, artists, flash, booking)
    if store is not None:
        service.store = store
    if notifier is not None:
        service.notifier = notifier
    return service


def link_event(link: str, method: str = "GET", form: dict | None = None) -> dict:
    """The Function URL event of opening one of the emails' signed links (GET, `link` being
    path?query) or posting its page's form."""
    path, _, query = link.partition("?")
    event = post_event(None, method)
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["rawQueryString"] = query
    event["headers"]["content-type"] = "application/x-www-form-urlencoded"
    event["body"] = urlencode(form or {})
    return event


def submit_request(service: ContactService, payload: dict = GOOD) -> str:
    """Send the form's payload (a request by default); the stored message's id."""
    answer = respond(service, Settings(), post_event(payload))
    assert answer["statusCode"] == 200, answer["body"]
    return service.store.list()[0].id


def call(
    service: ContactService, event: dict, settings: Settings | None = None
) -> tuple[int, dict, dict]:
    """Run the Lambda handler path; return status, decoded JSON body and headers."""
    answer = respond(service, settings or Settings(), event)
    return answer["statusCode"], json.loads(answer["body"]), answer["headers"]


def handler_for(service: ContactService, settings: Settings | None = None):
    """A Lambda-style handler over this service, to inject into the local server."""
    return lambda event, context: respond(service, settings or Settings(), event)


class BrokenStore:
    """A store whose disk or table is gone: every call fails."""

    def __init__(self):
        self.attempts = 0

    def add(self, message: StoredMessage) -> None:
        self.attempts += 1
        raise StorageUnavailable("disk I/O error")

    def mark_sent(self, message_id: str, at: str) -> None:
        raise StorageUnavailable("disk I/O error")

    def mark_failed(self, message_id: str, error: str) -> None:
        raise StorageUnavailable("disk I/O error")

    def pending(self, limit: int = 100) -> list[StoredMessage]:
        raise StorageUnavailable("disk I/O error")

    def list(self, limit: int | None = None) -> list[StoredMessage]:
        raise StorageUnavailable("disk I/O error")


class RecordingNotifier:
    """The studio's emails (sent) and the raw emails delivered to visitors (delivered), in
    order; fail: the studio's fail, fail_delivery: the visitors'."""

    def __init__(self, fail: bool = False, fail_delivery: bool = False):
        self.fail = fail
        self.fail_delivery = fail_delivery
        self.sent: list[tuple[StoredMessage, str]] = []
        self.delivered: list[tuple[bytes, tuple[str, ...]]] = []

    def send(self, message: StoredMessage, artist_name: str) -> None:
        if self.fail:
            raise NotificationFailed("SES MessageRejected: Email address is not verified.")
        self.sent.append((message, artist_name))

    def deliver(self, raw: bytes, recipients: tuple[str, ...]) -> None:
        if self.fail_delivery:
            raise NotificationFailed("SES MessageRejected: Email address is not verified.")
        self.delivered.append((raw, recipients))


class ArtistsSite:
    """What the site answers at /api/artists (the build's items, books included), read
    through SiteArtists with a clock the test moves by hand."""

    def __init__(self, artists: list[dict] = ARTISTS, url: str = "https://studio.example"):
        self.artists, self.url = [dict(a) for a in artists], url
        self.up, self.now, self.fetches = True, 1e3, 0

    def fetch(self, url: str) -> dict[str, str]:
        assert url == f"{self.url}/api/artists"
        self.fetches += 1
        if not self.up:
            raise SiteUnreachable(f"{url}: timed out")
        return parse_artists(json.loads(json.dumps(self.artists)))

    def source(self) -> SiteArtists:
        return SiteArtists(self.url, fallback=dict, fetch=self.fetch, clock=lambda: self.now)

    def change(self, slug: str, **changes: object) -> None:
        """An editor changes an artist's file and the site is rebuilt."""
        (artist,) = [a for a in self.artists if a["slug"] == slug]
        artist.update(changes)


def use_aws_env(
    patch: pytest.MonkeyPatch, key_id: str = "testing", secret: str = "testing"
) -> None:
    """deploy-function's environment: these credentials in REGION, nothing else configured."""
    for name in ("AWS_ENDPOINT_URL", "AWS_PROFILE", "CONTACT_NOTIFY_FROM", "CONTACT_NOTIFY_TO"):
        patch.delenv(name, raising=False)
    patch.setenv("AWS_ACCESS_KEY_ID", key_id)
    patch.setenv("AWS_SECRET_ACCESS_KEY", secret)
    patch.setenv("AWS_REGION", REGION)


@contextmanager
def moto_server() -> Iterator[str]:
    """A moto server of its own on loopback, stopped on leaving: its base URL."""
    from moto.server import ThreadedMotoServer

    from serverthread import free_port

    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.stop()


def run_deploy(dist: Path, url: str, *extra: str) -> Result:
    """`build.py deploy-function` against an AWS-compatible endpoint (a moto server)."""
    args = [
        "deploy-function",
        "--endpoint-url",
        url,
        "--dist",
        str(dist),
        "--notify-from",
        SENDER,
        "--notify-to",
        STUDIO,
        "--function-name",
        "contact-test",
        "--table",
        "contact-test",
        *extra,
    ]
    return CliRunner().invoke(build.cli, args)


def outbox_messages() -> list[dict]:
    """`build.py messages --json` as an operator runs it in the project (the default outbox
    that `serve` and the browser tests' server write to)."""
    root = Path(build.__file__).resolve().parent
    listed = subprocess.run(
        [sys.executable, str(root / "build.py"), "messages", "--json"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(listed.stdout)


class _SiteHandler(BaseHTTPRequestHandler):
    files: dict[str, object] = {}  # path: the JSON it answers; any other path is a page

    def do_GET(self) -> None:
        listed = self.path in self.files
        body = json.dumps(self.files[self.path]).encode() if listed else b"<!doctype html><p>Hi"
        self.send_response(200)
        self.send_header("content-type", "application/json" if listed else "text/html")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@contextmanager
def published_site(files: dict[str, object]) -> Iterator[tuple[str, type[_SiteHandler]]]:
    """A local HTTP server standing in for the published site: its URL, and its handler,
    whose `files` ({path: JSON}) a test changes as an editor's rebuild would."""
    handler = type("Site", (_SiteHandler,), {"files": dict(files)})
    with serving(handler) as address:
        yield address, handler


def run_as_lambda(task: Path, variables: dict, moto_url: str, script: str, *args: str) -> list[str]:
    """Run script with only the unzipped package (task) on the path, as Lambda would, with
    the function's environment variables; AWS is the moto server. Its output lines."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(task),
        **variables,
        "AWS_LAMBDA_FUNCTION_NAME": "contact-test",
        "AWS_REGION": REGION,
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_ENDPOINT_URL": moto_url,
    }
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=task,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()


def netlify_signature(secret: str, **changes: object) -> str:
    """An X-Nf-Sign value as netlify-cli's dist/utils/sign-redirect.js makes one (HS256,
    issuer netlify, five minutes); a claim given as None is left out."""
    now = int(time.time())
    claims = {
        "deploy_context": "production",
        "site_url": "https://www.crimson-crown-tattoo.com",
        "iss": "netlify",
        "iat": now,
        "exp": now + 300,
        **changes,
    }
    return jwt.encode({k: v for k, v in claims.items() if v is not None}, secret, "HS256")
