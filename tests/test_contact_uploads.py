"""Reference images on the local path: the id and limit rules, the grant, the upload endpoint
of `serve` (S3's POST contract, checked as S3 checks it), and messages that attach images.

The AWS path (presigned POSTs, S3, DynamoDB claims, the email's links) is in
test_contact_uploads_s3.py; the browser's preparation in tests/browser/test_reference_images.py.
"""

from __future__ import annotations

import asyncio
import base64
import io
import json
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from contact_support import GOOD, call, handler_for, local_settings, make_service, post_event
from PIL import Image
from upload_support import (
    GRANT_PATH,
    ask,
    grant_event,
    lost_images,
    picture,
    post_file,
    send_messages_with_images,
)

import build
from functions.contact.contract import UPLOAD_PATH
from functions.contact.dal.outbox import SqliteOutbox
from functions.contact.dal.uploads import LocalUploads
from functions.contact.models import references
from functions.contact.models.message import AlreadyAttached, StoredMessage
from functions.contact.models.ratelimit import RateLimit
from functions.contact.models.references import (
    FORGED,
    MAX_IMAGE_BYTES,
    MAX_REFERENCES,
    MIXED,
    NOT_A_LIST,
    TOO_MANY,
    UploadId,
    image_info,
    read_reference_ids,
    upload_problem,
)
from functions.contact.models.rules import FieldError
from functions.contact.words.messages import NO_UPLOADS, TOO_MANY_UPLOADS, UPLOADS_UNAVAILABLE
from serverthread import running_server

SESSION = "0123456789abcdef0123456789abcdef"
OTHER = "fedcba9876543210fedcba9876543210"


def upload_id(session: str = SESSION, n: int = 1) -> str:
    return f"{session}-{n:016x}"


# --- the rules (pure) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "ids", "error"),
    [
        (None, [], None),
        ([], [], None),
        ([upload_id()], [UploadId(SESSION, f"{1:016x}")], None),
        (
            [upload_id(n=2), upload_id(n=1), upload_id(n=2)],  # the same image twice is one
            [UploadId(SESSION, f"{2:016x}"), UploadId(SESSION, f"{1:016x}")],
            None,
        ),
        ("not a list", [], NOT_A_LIST),
        ({"id": upload_id()}, [], NOT_A_LIST),
        ([upload_id(n=n) for n in range(MAX_REFERENCES + 1)], [], TOO_MANY),
        (["../../etc/passwd"], [], FORGED),
        ([upload_id().upper()], [], FORGED),
        ([upload_id() + "0"], [], FORGED),
        ([7], [], FORGED),
        ([upload_id(), upload_id(OTHER, 2)], [], MIXED),
    ],
)
def test_reference_ids(value: object, ids: list[UploadId], error: str | None) -> None:
    errors: list[FieldError] = []
    assert read_reference_ids({"references": value}, errors) == ids
    assert errors == ([FieldError("references", error)] if error else [])


def webp(mode: str, lossless: bool) -> bytes:
    out = io.BytesIO()
    Image.new(mode, (300, 200), (200, 30, 40, 128)[: len(mode)]).save(
        out, "WEBP", lossless=lossless
    )
    return out.getvalue()


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (picture(640, 480), ("image/jpeg", 640, 480)),
        (picture(480, 640, "JPEG"), ("image/jpeg", 480, 640)),
        (webp("RGB", False), ("image/webp", 300, 200)),  # VP8
        (webp("RGB", True), ("image/webp", 300, 200)),  # VP8L
        (webp("RGBA", False), ("image/webp", 300, 200)),  # VP8X (alpha)
        (picture(64, 64, "PNG"), None),
        (b"GIF89a" + bytes(100), None),
        (b"\xff\xd8\xff\xe0" + bytes(10), None),  # a JPEG cut short before its frame header
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", None),
        (b"", None),
    ],
)
def test_what_an_image_is_by_its_bytes(data: bytes, expected: tuple | None) -> None:
    info = image_info(data[: references.HEAD_BYTES])
    assert (info and (info.content_type, info.width, info.height)) == expected


def test_a_jpeg_whose_frame_header_comes_after_big_metadata_is_still_read() -> None:
    image = Image.open(io.BytesIO(picture(320, 200)))
    out = io.BytesIO()
    image.save(out, "JPEG", exif=b"Exif\x00\x00" + bytes(30_000))  # a 30 KB APP1 segment
    assert image_info(out.getvalue()[: references.HEAD_BYTES]).width == 320


@pytest.mark.parametrize(
    ("size", "declared", "data", "problem"),
    [
        (20_000, "image/jpeg", picture(), ""),
        (MAX_IMAGE_BYTES + 1, "image/jpeg", picture(), "is too large (3.0 MB; at most 3 MB)"),
        (50, "image/jpeg", picture(), "is not a JPEG or WebP picture"),
        (20_000, "image/jpeg", b"%PDF-1.7" + bytes(200), "is not a JPEG or WebP picture"),
        (20_000, "image/webp", picture(), "is not the kind of picture it was sent as"),
        (
            20_000,
            "image/jpeg",
            picture(4097, 16),
            "is too large (4097x16 pixels; at most 4096 a side)",
        ),
    ],
)
def test_upload_limits(size: int, declared: str, data: bytes, problem: str) -> None:
    assert upload_problem(size, declared, data[: references.HEAD_BYTES]) == problem


# --- the grant ----------------------------------------------------------------------------


def test_a_grant_names_the_upload_and_its_session_and_signs_a_post_for_one_key(
    tmp_path: Path,
) -> None:
    service = make_service(tmp_path)
    first = ask(service)
    assert first["success"] is True
    assert set(first) == {"success", "id", "session", "upload", "maxBytes", "expiresIn"}
    assert first["upload"]["url"] == UPLOAD_PATH == "/api/contact/uploads/file"
    assert first["maxBytes"] == MAX_IMAGE_BYTES and first["expiresIn"] == 600
    assert first["id"].startswith(first["session"] + "-")
    fields = first["upload"]["fields"]
    assert fields["key"] == f"pending/{first['session']}/{first['id'].split('-')[1]}"
    policy = json.loads(base64.b64decode(fields["policy"]))
    assert policy["conditions"] == [
        {"key": fields["key"]},
        {"Content-Type": "image/jpeg"},
        ["content-length-range", 100, MAX_IMAGE_BYTES],
    ]
    second = ask(service, "image/webp", session=first["session"])
    assert second["session"] == first["session"] and second["id"] != first["id"]
    assert second["upload"]["fields"]["Content-Type"] == "image/webp"


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"type": "image/png"}, 400, references.TYPE_INVALID),
        ({}, 400, references.TYPE_INVALID),
        ({"type": "image/jpeg", "session": "../x"}, 400, references.SESSION_INVALID),
        ({"type": "image/jpeg", "session": SESSION.upper()}, 400, references.SESSION_INVALID),
        ([], 400, "The request must be a JSON object naming the image's type."),
    ],
)
def test_a_bad_grant_request_is_answered_400_in_words(
    tmp_path: Path, body: object, status: int, error: str
) -> None:
    answer = call(make_service(tmp_path), grant_event(body))
    assert answer[:2][0] == status and answer[1]["error"] == error


def test_a_grant_keeps_the_contracts_other_answers(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    assert call(service, grant_event(None, method="GET"))[0] == 405
    event = grant_event({"type": "image/jpeg"})
    event["headers"]["content-type"] = "text/plain"
    assert call(service, event)[0] == 415
    assert call(service, grant_event("x" * (65 * 1024)))[0] == 413
    assert call(service, grant_event("{not json"))[0] == 400


def test_grants_are_rate_limited_per_visitor(tmp_path: Path) -> None:
    settings = local_settings(tmp_path, upload_rate_limit=RateLimit(2, 600))
    service = make_service(tmp_path, settings)
    for _ in range(2):
        ask(service)
    status, body, headers = call(service, grant_event({"type": "image/jpeg"}))
    assert status == 429 and body["error"] == TOO_MANY_UPLOADS.format(minutes="10 minutes")
    assert int(headers["retry-after"]) > 0
    assert call(service, grant_event({"type": "image/jpeg"}, ip="198.51.100.4"))[0] == 200


def test_without_a_place_for_images_grants_answer_503_and_references_400(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    service.uploads = None
    assert call(service, grant_event({"type": "image/jpeg"}))[:2] == (
        503,
        {"success": False, "error": UPLOADS_UNAVAILABLE},
    )
    status, body, _ = call(service, post_event({**GOOD, "references": [upload_id()]}))
    assert status == 400 and body["fields"] == {"references": NO_UPLOADS}
    assert call(service, post_event(GOOD))[0] == 200  # without images it goes as always


# --- the local upload endpoint: S3's POST contract ----------------------------------------


@pytest.fixture
def served(tmp_path: Path):
    """The local server with a service on a tmp outbox, as `build.py serve` runs it."""
    service = make_service(tmp_path)
    dist = tmp_path / "dist"
    with running_server(dist, contact=handler_for(service), uploads=service.uploads) as url:
        yield url, service


def grant_over_http(url: str, kind: str = "image/jpeg", session: str | None = None) -> dict:
    body = {"type": kind, **({"session": session} if session else {})}
    answer = httpx.post(f"{url}{GRANT_PATH}", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_serve_stores_a_granted_upload_and_refuses_what_the_policy_does_not_allow(
    served, tmp_path: Path
) -> None:
    url, service = served
    grant = grant_over_http(url)
    fields, target = grant["upload"]["fields"], f"{url}{UPLOAD_PATH}"
    data = picture()

    def refused(response: httpx.Response, status: int, code: str) -> None:
        assert response.status_code == status, response.text
        assert f"<Code>{code}</Code>" in response.text
        assert response.headers["content-type"].startswith("application/xml")
        assert not (tmp_path / "uploads" / fields["key"]).exists()

    refused(post_file(target, {**fields, "Content-Type": "image/webp"}, data), 403, "AccessDenied")
    refused(post_file(target, {**fields, "key": fields["key"] + "x"}, data), 403, "AccessDenied")
    refused(post_file(target, {**fields, "x-amz-signature": "0" * 64}, data), 403,
            "SignatureDoesNotMatch")  # fmt: skip
    refused(post_file(target, fields, b"tiny"), 400, "EntityTooSmall")
    big = bytes(MAX_IMAGE_BYTES + 1)
    refused(post_file(target, fields, big), 400, "EntityTooLarge")
    no_file = httpx.post(target, data=fields)
    refused(no_file, 400, "MalformedPOSTRequest")
    refused(httpx.get(target), 405, "MethodNotAllowed")

    stored = post_file(target, fields, data)
    assert stored.status_code == 204 and stored.content == b""
    assert (tmp_path / "uploads" / fields["key"]).read_bytes() == data


def test_an_expired_grant_is_refused_as_s3_refuses_it(tmp_path: Path) -> None:
    now = [time.time()]
    uploads = LocalUploads(tmp_path / "uploads", clock=lambda: now[0])
    upload = UploadId(SESSION, "1" * 16)
    fields = uploads.grant(upload, "image/jpeg")
    now[0] += 601
    status, body = uploads.receive(fields, picture())
    assert status == 403 and "Policy expired" in body
    now[0] -= 2
    assert uploads.receive(fields, picture()) == (204, "")


# --- messages with images ------------------------------------------------------------------


def upload_over_http(url: str, data: bytes | None = None, session: str | None = None) -> dict:
    grant = grant_over_http(url, session=session)
    answer = post_file(f"{url}{UPLOAD_PATH}", grant["upload"]["fields"], data or picture())
    assert answer.status_code == 204, answer.text
    return grant


def test_a_message_attaches_its_images_and_messages_shows_where_they_are(
    served, tmp_path: Path
) -> None:
    url, _ = served
    first = upload_over_http(url, picture(800, 600, seed=1))
    second = upload_over_http(url, picture(600, 800, seed=2), session=first["session"])
    sent = httpx.post(
        f"{url}/api/contact", json={**GOOD, "references": [first["id"], second["id"]]}
    )
    assert sent.status_code == 200 and sent.json()["success"] is True

    (kept,) = SqliteOutbox(tmp_path / "outbox.sqlite3").list()
    assert [(i["upload"], i["type"], i["width"], i["height"]) for i in kept.images] == [
        (first["id"], "image/jpeg", 800, 600),
        (second["id"], "image/jpeg", 600, 800),
    ]
    root = tmp_path / "uploads"
    assert [i["key"] for i in kept.images] == [
        f"messages/{kept.id}/1.jpg",
        f"messages/{kept.id}/2.jpg",
    ]
    assert (root / kept.images[0]["key"]).read_bytes() == picture(800, 600, seed=1)
    assert not (root / "pending" / first["session"]).exists()  # attached: no longer pending

    listed = CliRunner().invoke(
        build.cli, ["messages", "--outbox", str(tmp_path / "outbox.sqlite3")]
    )
    assert f"  image 1: {root}/messages/{kept.id}/1.jpg  (800x600, " in listed.output
    as_json = CliRunner().invoke(
        build.cli, ["messages", "--json", "--outbox", str(tmp_path / "outbox.sqlite3")]
    )
    paths = [i["path"] for i in json.loads(as_json.output)[0]["images"]]
    assert [Path(p).read_bytes()[:3] for p in paths] == [b"\xff\xd8\xff"] * 2

    again = httpx.post(f"{url}/api/contact", json={**GOOD, "references": [second["id"]]})
    assert again.status_code == 400
    assert again.json()["fields"] == {
        "references": "Image 1 was not found (it may have expired, or been sent with another "
        "message). Remove it and add it again, or send your message without it."
    }
    assert again.json()["references"] == {
        second["id"]: "This image was not found (it may have expired, or been sent with "
        "another message)."
    }


def test_each_bad_image_is_named_and_nothing_is_kept(served, tmp_path: Path) -> None:
    url, _ = served
    good = upload_over_http(url)
    not_an_image = upload_over_http(url, b"%PDF-1.7 " + bytes(4000), session=good["session"])
    never_uploaded = grant_over_http(url, session=good["session"])
    body = {**GOOD, "references": [good["id"], not_an_image["id"], never_uploaded["id"]]}
    answer = httpx.post(f"{url}/api/contact", json=body)
    assert answer.status_code == 400
    assert answer.json()["error"] == (
        "Image 2 is not a JPEG or WebP picture. Image 3 was not found (it may have expired, or "
        "been sent with another message). Remove them and add them again, or send your message "
        "without them."
    )
    assert set(answer.json()["references"]) == {not_an_image["id"], never_uploaded["id"]}
    assert SqliteOutbox(tmp_path / "outbox.sqlite3").list() == []
    assert not (tmp_path / "uploads" / "messages").exists() or not any(
        (tmp_path / "uploads" / "messages").rglob("*.jpg")
    )
    # The visitor removes the two and sends: the good image is still there.
    fixed = httpx.post(f"{url}/api/contact", json={**GOOD, "references": [good["id"]]})
    assert fixed.status_code == 200
    # And a message without images, after all that, goes as it always did.
    assert httpx.post(f"{url}/api/contact", json=GOOD).status_code == 200


def test_field_errors_and_reference_errors_are_answered_together(tmp_path: Path) -> None:
    body = {**GOOD, "name": "", "references": "x"}
    status, answer, _ = call(make_service(tmp_path), post_event(body))
    assert status == 400
    assert answer["fields"] == {"name": "Please enter your name.", "references": NOT_A_LIST}
    assert answer["error"] == f"Please enter your name. {NOT_A_LIST}"


def test_an_upload_attaches_to_one_message_only(tmp_path: Path) -> None:
    """Two messages naming one upload at once: the outbox's claim lets one through."""
    outbox = SqliteOutbox(tmp_path / "outbox.sqlite3")
    image = {"upload": upload_id(), "key": "messages/a/1.jpg", "type": "image/jpeg"}
    # Stored now: a message older than the retention (180 days) would be purged at once.
    now = datetime.now(UTC).isoformat()
    first = StoredMessage("a" * 32, now, "A", "a@x.io", "", "na", "S", "m", "ip")
    outbox.add(replace(first, images=(image,)))
    second = replace(first, id="b" * 32, images=({**image, "key": "messages/b/1.jpg"},))
    with pytest.raises(AlreadyAttached) as taken:
        outbox.add(second)
    assert taken.value.upload_ids == [upload_id()]
    assert [m.id for m in outbox.list()] == ["a" * 32]  # nothing of the second was kept


def test_a_race_for_one_upload_leaves_the_loser_a_readable_400_and_no_files(
    tmp_path: Path,
) -> None:
    service = make_service(tmp_path)
    grant = ask(service)
    uploads: LocalUploads = service.uploads
    assert uploads.receive(grant["upload"]["fields"], picture()) == (204, "")
    pending = tmp_path / "uploads" / grant["upload"]["fields"]["key"]
    kept = pending.read_bytes()
    assert call(service, post_event({**GOOD, "references": [grant["id"]]}))[0] == 200
    pending.parent.mkdir(parents=True)
    pending.write_bytes(kept)  # as if a second message had inspected it before the first won
    status, body, _ = call(service, post_event({**GOOD, "references": [grant["id"]]}))
    assert status == 400
    assert body["references"] == {grant["id"]: "This image was already sent with another message."}
    assert len(service.store.list()) == 1
    assert len(list((tmp_path / "uploads" / "messages").rglob("*.jpg"))) == 1


def test_uploads_never_attached_are_deleted_a_day_later_by_the_next_write(tmp_path: Path) -> None:
    now = [time.time()]
    settings = local_settings(tmp_path)
    service = make_service(tmp_path, settings)
    service.uploads = uploads = LocalUploads(tmp_path / "uploads", clock=lambda: now[0])
    grant = ask(service)
    assert uploads.receive(grant["upload"]["fields"], picture()) == (204, "")
    pending = tmp_path / "uploads" / grant["upload"]["fields"]["key"]
    now[0] += 23 * 3600
    ask(service)
    assert pending.exists()
    now[0] += 3600 + 1
    status, body, _ = call(service, post_event({**GOOD, "references": [grant["id"]]}))
    assert status == 400 and "was not found" in body["error"]  # expired, even before a purge
    ask(service)  # the next write purges
    assert not pending.exists() and not pending.parent.exists()


def test_spam_keeps_its_images_under_spam_and_they_go_with_it(tmp_path: Path) -> None:
    now = [time.time()]
    settings = local_settings(tmp_path)
    service = make_service(tmp_path, settings)
    service.store.clock = lambda: now[0]
    grant = ask(service)
    assert service.uploads.receive(grant["upload"]["fields"], picture()) == (204, "")
    trapped = {**GOOD, "website": "http://spam.example", "references": [grant["id"]]}
    assert call(service, post_event(trapped))[0] == 200
    (spam,) = service.store.list()
    assert spam.status == "spam" and spam.image_keys == [f"spam/{spam.id}/1.jpg"]
    folder = tmp_path / "uploads" / "spam" / spam.id
    assert folder.is_dir()
    now[0] = spam.expires_at + 1
    assert call(service, post_event(GOOD))[0] == 200  # the next write purges the spam
    assert [m.status for m in service.store.list()] == ["pending"]
    assert not folder.exists()


def test_an_outbox_from_before_images_gains_the_column(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute(
            "CREATE TABLE messages (id TEXT PRIMARY KEY, created_at TEXT NOT NULL, name TEXT NOT "
            "NULL, email TEXT NOT NULL, phone TEXT NOT NULL, artist TEXT NOT NULL, service TEXT "
            "NOT NULL, message TEXT NOT NULL, client TEXT NOT NULL, status TEXT NOT NULL, attempts"
            " INTEGER NOT NULL DEFAULT 0, last_error TEXT NOT NULL DEFAULT '', sent_at TEXT NOT "
            "NULL DEFAULT '', spam_reason TEXT NOT NULL DEFAULT '', expires_at INTEGER NOT NULL "
            "DEFAULT 0)"
        )
        db.execute(
            "INSERT INTO messages (id, created_at, name, email, phone, artist, service, message,"
            " client, status) VALUES ('old', '2025-01-01', 'Old', 'o@x.io', '', 'na', 'S', 'm',"
            " 'ip', 'pending')"
        )
    (old,) = SqliteOutbox(path).list()
    assert old.images == () and old.flash == {}  # and the flash column (flash.py)


def test_many_visitors_at_once_lose_no_message_and_no_image(tmp_path: Path) -> None:
    """A light version of bench/contact_images_load.py (200 messages, 20 at once): every
    accepted message is kept with its images, byte for byte, and nothing is left pending."""
    settings = local_settings(tmp_path, upload_rate_limit=RateLimit(0, 1))
    service = make_service(tmp_path, settings)
    image = picture(1024, 768)
    with running_server(
        tmp_path / "dist", contact=handler_for(service), uploads=service.uploads
    ) as url:
        # A thread of its own: in a run with the browser tests, Playwright's sync API keeps
        # an event loop running in this one.
        with ThreadPoolExecutor(1) as pool:
            visitors = send_messages_with_images(url, 20, 2, 5, image)
            report = pool.submit(asyncio.run, visitors).result()
    assert report["refused"] == [] and report["uploads_failed"] == 0
    assert len(report["accepted"]) == 20
    lost = lost_images(report, tmp_path / "outbox.sqlite3", tmp_path / "uploads", image)
    assert lost == {"messages": 0, "images": 0, "left_pending": 0}


def test_the_purge_leaves_a_new_empty_session_folder_for_its_first_upload(tmp_path: Path) -> None:
    """Found by the load run: a grant's purge removed the folder another request had just
    made for its upload, which then failed (503)."""
    uploads = LocalUploads(tmp_path / "uploads")
    fresh = tmp_path / "uploads" / "pending" / SESSION
    fresh.mkdir(parents=True)
    uploads.purge()
    assert fresh.is_dir()
    fields = uploads.grant(UploadId(SESSION, "2" * 16), "image/jpeg")
    assert uploads.receive(fields, picture()) == (204, "")
