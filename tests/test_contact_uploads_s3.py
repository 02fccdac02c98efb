"""Reference images on the AWS path, against moto: the presigned POST's policy, S3 copies and
deletes, DynamoDB claims, and the studio's email with its image links.

What moto does not do: moto 5.2.5 stores whatever is posted to a bucket. Its POST handler
(moto/s3/responses.py, `_bucket_response_post`) checks no policy condition, no signature and
no expiry. So these tests read the policy the function signs (the conditions S3 enforces:
bucket, exact key, Content-Type, content-length-range, expiry) and rely on moto for the rest;
`test_moto_accepts_what_the_policy_forbids_and_the_function_still_refuses_it` shows that the
function's own checks (size, type by the bytes) hold even when storage lets a file through.
The local store (`serve`) enforces the same conditions itself: test_contact_uploads.py.
"""

from __future__ import annotations

import base64
import json
import time
from datetime import UTC, datetime
from pathlib import Path

import boto3
import pytest
import requests
from contact_support import GOOD, REGION, call, make_service, post_event
from ses_support import sent_emails, ses_notifier
from upload_support import ask, picture

from functions.contact.dal.dynamodb import DynamoStore, table_definition
from functions.contact.dal.s3 import S3Uploads
from functions.contact.handlers.app import respond
from functions.contact.handlers.operations import list_messages
from functions.contact.handlers.settings import Settings
from functions.contact.models import references
from functions.contact.words.messages import LINK_EXPIRED, UNAVAILABLE

BUCKET = "studio-uploads-test"
SITE = "https://www.crimson-crown-tattoo.com"
SECRET = "s" * 64


@pytest.fixture
def s3(aws) -> object:
    client = boto3.client("s3", region_name=REGION)
    client.create_bucket(Bucket=BUCKET)
    return client


def aws_service(tmp_path: Path, clock=time.time, bucket: str = BUCKET):
    boto3.client("dynamodb", region_name=REGION).create_table(**table_definition("messages"))
    uploads = S3Uploads(bucket, REGION, site_url=SITE, link_secret=SECRET, clock=clock)
    notifier = ses_notifier()
    notifier.image_links = uploads.links
    service = make_service(tmp_path, store=DynamoStore("messages", REGION), notifier=notifier)
    service.uploads = uploads
    return service


def post_to_bucket(grant: dict, data: bytes, kind: str = "image/jpeg") -> requests.Response:
    """The form's POST, as Netlify forwards it to the bucket (moto intercepts requests)."""
    fields = grant["upload"]["fields"]
    return requests.post(
        f"https://{BUCKET}.s3.amazonaws.com/",
        data=fields,
        files={"file": ("image", data, kind)},
        timeout=30,
    )


def test_the_presigned_post_policy_names_bucket_key_type_size_and_expiry(
    tmp_path: Path, s3
) -> None:
    service = aws_service(tmp_path)
    before = time.time()
    grant = ask(service, "image/webp")
    fields = grant["upload"]["fields"]
    assert grant["upload"]["url"] == "/api/contact/uploads/file"  # the site's path, proxied
    assert fields["key"] == f"pending/{grant['session']}/{grant['id'].split('-')[1]}"
    assert fields["x-amz-algorithm"] == "AWS4-HMAC-SHA256"
    assert fields["x-amz-credential"].endswith(f"/{REGION}/s3/aws4_request")
    policy = json.loads(base64.b64decode(fields["policy"]))
    conditions = policy["conditions"]
    assert {"bucket": BUCKET} in conditions
    assert {"key": fields["key"]} in conditions
    assert {"Content-Type": "image/webp"} in conditions
    assert ["content-length-range", 100, references.MAX_IMAGE_BYTES] in conditions
    assert not any("starts-with" in json.dumps(c) for c in conditions)  # exactly one key
    expires = datetime.strptime(policy["expiration"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    assert before + 590 <= expires.timestamp() <= time.time() + 601


def test_a_message_attaches_its_images_in_s3_and_the_email_links_them(tmp_path: Path, s3) -> None:
    service = aws_service(tmp_path)
    first = ask(service)
    second = ask(service, session=first["session"])
    assert post_to_bucket(first, picture(800, 600, seed=1)).status_code == 204
    assert post_to_bucket(second, picture(300, 400, seed=2)).status_code == 204

    body = {**GOOD, "references": [first["id"], second["id"]]}
    status, answer, _ = call(service, post_event(body))
    assert (status, answer["success"]) == (200, True), answer

    (kept,) = list_messages(service)
    assert kept.status == "sent"
    assert kept.image_keys == [f"messages/{kept.id}/1.jpg", f"messages/{kept.id}/2.jpg"]
    assert [(i["width"], i["height"]) for i in kept.images] == [(800, 600), (300, 400)]
    stored = s3.get_object(Bucket=BUCKET, Key=kept.image_keys[0])["Body"].read()
    assert stored == picture(800, 600, seed=1)
    listed = s3.list_objects_v2(Bucket=BUCKET, Prefix="pending/")
    assert listed["KeyCount"] == 0  # attached: the pending uploads are gone

    (mail,) = sent_emails()
    text = mail.get_content()
    until = datetime.fromtimestamp(time.time() + 30 * 86400, UTC).strftime("%Y-%m-%d")
    assert f"Reference images (2, links valid until {until}):" in text
    links = [line.split(". ", 1)[1] for line in text.splitlines() if line.startswith("  1. ")]
    assert links[0].startswith(f"{SITE}/api/contact/images/{kept.id}/1.jpg/")

    # A click on the link: the function answers with a fresh presigned GET of the image.
    path = links[0].removeprefix(SITE)
    event = post_event(None, method="GET")
    event["rawPath"] = path
    opened = respond(service, Settings(), event)
    assert opened["statusCode"] == 303
    assert requests.get(opened["headers"]["location"], timeout=30).content == stored
    event["rawPath"] = path[:-1] + ("0" if path[-1] != "0" else "1")  # a tampered signature
    assert respond(service, Settings(), event)["statusCode"] == 404


def test_an_image_link_expires_after_its_days(tmp_path: Path, s3) -> None:
    now = [time.time()]
    uploads = S3Uploads(BUCKET, REGION, site_url=SITE, link_secret=SECRET, clock=lambda: now[0])
    (link,) = uploads.links([f"messages/{'a' * 32}/1.jpg"]).urls
    now[0] += 30 * 86400 + 1
    service = make_service(tmp_path)
    service.uploads = uploads
    event = post_event(None, method="GET")
    event["rawPath"] = link.removeprefix(SITE)
    status, body, _ = call(service, event)
    assert (status, body) == (410, {"success": False, "error": LINK_EXPIRED})


def test_without_a_site_the_email_carries_presigned_links_and_says_their_limit(s3) -> None:
    links = S3Uploads(BUCKET, REGION).links([f"messages/{'a' * 32}/1.jpg"])
    assert links.note.startswith("links valid for at most 7 days")
    assert "X-Amz-Expires=604800" in links.urls[0]


def test_moto_accepts_what_the_policy_forbids_and_the_function_still_refuses_it(
    tmp_path: Path, s3
) -> None:
    service = aws_service(tmp_path)
    too_big = ask(service)
    not_an_image = ask(service, session=too_big["session"])
    oversized = picture(2000, 1500)
    oversized += bytes(references.MAX_IMAGE_BYTES + 100 * 1024 - len(oversized))
    # S3 itself refuses both (content-length-range, Content-Type); moto stores them.
    assert post_to_bucket(too_big, oversized).status_code == 204
    assert post_to_bucket(not_an_image, b"<html>" + bytes(5000), "text/html").status_code == 204
    body = {**GOOD, "references": [too_big["id"], not_an_image["id"]]}
    status, answer, _ = call(service, post_event(body))
    assert status == 400
    assert answer["error"].startswith(
        "Image 1 is too large (3.1 MB; at most 3 MB). Image 2 is not a JPEG or WebP picture."
    )
    assert list_messages(service) == [] and sent_emails() == []


def test_dynamodb_claims_let_an_upload_attach_to_one_message_only(tmp_path: Path, s3) -> None:
    service = aws_service(tmp_path)
    grant = ask(service)
    data = picture()
    assert post_to_bucket(grant, data).status_code == 204
    assert call(service, post_event({**GOOD, "references": [grant["id"]]}))[0] == 200
    # As if a second message had inspected the upload before the first one won:
    s3.put_object(
        Bucket=BUCKET, Key=grant["upload"]["fields"]["key"], Body=data, ContentType="image/jpeg"
    )
    status, answer, _ = call(service, post_event({**GOOD, "references": [grant["id"]]}))
    assert status == 400
    assert answer["references"] == {
        grant["id"]: "This image was already sent with another message."
    }
    assert len(list_messages(service)) == 1  # the claim items are not messages
    keys = [o["Key"] for o in s3.list_objects_v2(Bucket=BUCKET, Prefix="messages/")["Contents"]]
    assert len(keys) == 1  # the loser's copy was deleted


def test_storage_out_of_reach_is_a_503_and_nothing_is_kept(tmp_path: Path, s3) -> None:
    service = aws_service(tmp_path)
    grant = ask(service)
    assert post_to_bucket(grant, picture()).status_code == 204
    service.uploads.bucket = "a-bucket-that-is-gone"
    status, answer, _ = call(service, post_event({**GOOD, "references": [grant["id"]]}))
    assert (status, answer) == (503, {"success": False, "error": UNAVAILABLE})
    assert list_messages(service) == []
