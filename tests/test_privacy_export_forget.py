"""Export and deletion on request (#43 item 3; docs/privacy.md, "Export and deletion on
request"): `build.py privacy export / forget` on the outbox and on DynamoDB and S3 (moto),
the address matched as the confirmation limit matches it, and the visitor's signed "Delete
my request" link (forged, expired, replayed).
"""

from __future__ import annotations

import email
import email.policy
import json
import re
import time
from pathlib import Path
from urllib.parse import urlsplit

import boto3
import pytest
from click.testing import CliRunner
from contact_support import GOOD, REGION, local_settings, make_service
from privacy_support import BUCKET, SECRET, SITE, act, submit, with_image
from upload_support import picture

import build
from functions.contact.dal.dynamodb import DynamoStore, table_definition
from functions.contact.dal.s3 import S3Uploads
from functions.contact.handlers.app import respond
from functions.contact.handlers.settings import Settings
from functions.contact.logic.request_actions import RequestLinks
from functions.contact.logic.service import ContactService

ANA = "ana.lopez@example.com"
TEXT = "forget-me-text: a rose on the wrist"
OTHER_TEXT = "keep-me-text: a swallow"
# Ana as she may write herself: case, a +tag, full-width letters (Unicode's NFKC).
ANA_ASKS = "ＡＮＡ.Lopez+ink@EXAMPLE.com"


def two_requests_and_a_stranger(service: ContactService) -> tuple[str, str, str]:
    """Ana's booked request (with an image) and her new one (another case and +tag), and
    someone else's, which must stay."""
    booked = with_image(service, {**GOOD, "email": ANA, "message": TEXT})
    act(service, booked, "accept", {"deposit": "0"})
    fresh = submit(service, {**GOOD, "email": "Ana.Lopez+2@Example.COM", "message": TEXT})
    other = with_image(service, {**GOOD, "email": "bo@example.com", "message": OTHER_TEXT})
    return booked, fresh, other


def cli(*args: str, env: dict | None = None) -> str:
    result = CliRunner().invoke(build.cli, list(args), env=env, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


# --- the outbox ---------------------------------------------------------------------------


def local(tmp_path: Path) -> ContactService:
    return make_service(tmp_path, local_settings(tmp_path, site_url=SITE, link_secret=SECRET))


def test_export_then_forget_on_the_outbox_leaves_nothing_of_the_address(tmp_path: Path) -> None:
    service = local(tmp_path)
    booked, fresh, other = two_requests_and_a_stranger(service)
    outbox = str(tmp_path / "outbox.sqlite3")

    out = tmp_path / "export"
    document = json.loads(
        cli("privacy", "export", ANA_ASKS, "--out", str(out), "--json", "--outbox", outbox)
    )
    assert json.loads((out / "export.json").read_text("utf-8")) == document
    states = {m["id"]: m["state"] for m in document["messages"]}
    assert states == {booked: "booked", fresh: "new"}
    (image,) = [f for m in document["messages"] for f in m["image_files"]]
    assert (out / image).read_bytes() == picture()
    assert document["confirmation"]["last_sent_at"]  # the record under the address's digest
    assert document["kept_emails"] and all(
        "bo@example.com" not in (out / e["file"]).read_text("utf-8", "replace")
        for e in document["kept_emails"]
    )
    assert OTHER_TEXT not in json.dumps(document)

    printed = cli("privacy", "forget", ANA_ASKS, "--outbox", outbox)
    assert f"deleted message {booked} (booked" in printed
    assert f"deleted message {fresh} (new" in printed
    assert f"deleted image messages/{booked}/1.jpg" in printed
    assert "deleted confirmation record" in printed and "kept email" in printed

    # Nothing left: the store's files, the images and the kept emails.
    files = b"".join(p.read_bytes() for p in tmp_path.glob("outbox.sqlite3*"))
    for needle in ("ana.lopez", "Ana.Lopez", TEXT):
        assert needle.encode() not in files, needle
    assert OTHER_TEXT.encode() in files  # the other visitor's request stays
    uploads = tmp_path / "uploads" / "messages"
    assert sorted(p.name for p in uploads.iterdir()) == [other]
    assert [m.id for m in service.store.list()] == [other]
    assert "Nothing is held" in cli("privacy", "forget", ANA, "--outbox", outbox)


# --- DynamoDB and S3, on moto -------------------------------------------------------------


@pytest.fixture
def on_aws(tmp_path: Path, aws) -> tuple[ContactService, dict]:
    boto3.client("dynamodb", region_name=REGION).create_table(**table_definition("messages"))
    boto3.client("s3", region_name=REGION).create_bucket(Bucket=BUCKET)
    settings = local_settings(tmp_path, site_url=SITE, link_secret=SECRET)
    service = make_service(tmp_path, settings, store=DynamoStore("messages", REGION))
    service.uploads = S3Uploads(BUCKET, REGION, site_url=SITE, link_secret=SECRET)
    env = {
        "CONTACT_STORE": "dynamodb",
        "CONTACT_TABLE": "messages",
        "CONTACT_UPLOADS_BUCKET": BUCKET,
        "AWS_REGION": REGION,
    }
    return service, env


def test_export_then_forget_on_dynamodb_and_s3_leaves_nothing_of_the_address(
    tmp_path: Path, on_aws
) -> None:
    service, env = on_aws
    booked, fresh, other = two_requests_and_a_stranger(service)
    # The confirmation record, as the function writes it for the address's digest.
    from functions.contact.models.address import address_key

    assert service.store.reserve_confirmation(address_key(ANA), time.time(), 3600)

    out = tmp_path / "export"
    document = json.loads(cli("privacy", "export", ANA_ASKS, "--out", str(out), "--json", env=env))
    assert {m["id"]: m["state"] for m in document["messages"]} == {booked: "booked", fresh: "new"}
    (image,) = [f for m in document["messages"] for f in m["image_files"]]
    assert (out / image).read_bytes() == picture()
    assert document["confirmation"] is not None

    printed = cli("privacy", "forget", ANA_ASKS, env=env)
    assert f"deleted message {booked}" in printed and f"deleted message {fresh}" in printed
    assert "deleted upload claim" in printed and "deleted confirmation record" in printed
    assert f"deleted image messages/{booked}/1.jpg" in printed

    dynamodb, s3 = (
        boto3.client("dynamodb", region_name=REGION),
        boto3.client("s3", region_name=REGION),
    )
    items = json.dumps(dynamodb.scan(TableName="messages")["Items"])
    for needle in ("ana.lopez", "Ana.Lopez", TEXT, booked, fresh, address_key(ANA)):
        assert needle not in items, needle
    assert OTHER_TEXT in items
    listed = [o["Key"] for o in s3.list_objects_v2(Bucket=BUCKET).get("Contents", [])]
    assert [k for k in listed if k.startswith(("messages/", "spam/"))] == [
        f"messages/{other}/1.jpg"
    ]


# --- the visitor's "Delete my request" link ------------------------------------------------


def delete_link(service: ContactService) -> str:
    """The link in the visitor's confirmation, as the outbox kept it."""
    (raw,) = [raw for _, _, raw in service.store.kept_emails() if b".confirmation@" in raw]
    text = email.message_from_bytes(raw, policy=email.policy.default).get_content()
    (url,) = re.findall(rf"{re.escape(SITE)}/api/contact/forget/\S+", text)
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}"


def open_link(service: ContactService, link: str, method: str = "GET") -> tuple[int, str]:
    from test_contact_request_states import event

    answer = respond(service, Settings(), event(link, method))
    return answer["statusCode"], answer["body"]


def test_the_confirmation_carries_a_signed_delete_link_that_deletes_once(tmp_path: Path) -> None:
    service = local(tmp_path)
    message_id = with_image(service, {**GOOD, "email": ANA, "message": TEXT, "lang": "es"})
    link = delete_link(service)
    assert link.startswith(f"/api/contact/forget/{message_id}?t=")

    status, page = open_link(service, link)  # GET shows, deletes nothing
    assert status == 200 and "¿Eliminar tu solicitud?" in page and '<form method="post"' in page
    assert service.store.get(message_id) is not None

    status, page = open_link(service, link, "POST")
    assert status == 200 and "Tu solicitud está eliminada" in page
    assert service.store.get(message_id) is None
    assert not (tmp_path / "uploads" / "messages" / message_id).exists()
    files = b"".join(p.read_bytes() for p in tmp_path.glob("outbox.sqlite3*"))
    assert TEXT.encode() not in files and message_id.encode() not in files

    assert open_link(service, link, "POST")[0] == 410  # replayed: already deleted
    assert open_link(service, link)[0] == 410


def test_a_forged_or_expired_delete_link_deletes_nothing(tmp_path: Path) -> None:
    service = local(tmp_path)
    message_id = submit(service, {**GOOD, "email": ANA, "message": TEXT})
    link = delete_link(service)
    path, _, query = link.partition("?")
    expires, signature = query.removeprefix("t=").split(".")
    forged = [
        f"{path}?t={expires}.{'0' * 64}",  # another signature
        f"{path}?t={int(expires) + 1}.{signature}",  # a later end, the same signature
        f"{path.replace(message_id, 'f' * 32)}?{query}",  # another message
        path,  # no token
    ]
    for bad in forged:
        assert open_link(service, bad, "POST")[0] == 404, bad
    # Another link's signature (a studio's Accept) never opens this one.
    other = RequestLinks(SITE, SECRET, time.time)(service.store.get(message_id))[0][1]
    assert open_link(service, f"{path}?{urlsplit(other).query}", "POST")[0] == 404

    service.forget_links.clock = lambda: int(expires) + 1  # past its end
    status, page = open_link(service, link, "POST")
    assert status == 410 and "expired" in page
    assert service.store.get(message_id) is not None
    assert open_link(service, link, "PUT")[0] == 405


def test_the_link_lives_a_year_and_is_routed_like_the_other_signed_links() -> None:
    from functions.contact.contract import FORGET_PATH
    from functions.contact.logic import forget_link

    assert FORGET_PATH == "/api/contact/forget/"
    assert forget_link.LINK_DAYS == 365
