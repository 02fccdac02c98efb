"""Retention enforced by the stores (#43 item 2; docs/privacy.md, "How long requests are
kept"): the outbox with a moved clock, DynamoDB's time-to-live attribute and S3's deletes on
moto, through the handler's HTTP events, the studio's links and the daily action.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path

import boto3
from contact_support import GOOD, REGION, local_settings, make_service
from privacy_support import BUCKET, SECRET, SITE, act, submit, with_image

from functions.contact.dal.dynamodb import DynamoStore, table_definition
from functions.contact.dal.s3 import S3Uploads
from functions.contact.handlers.app import respond
from functions.contact.handlers.settings import Settings
from functions.contact.logic.service import ContactService
from functions.deploy_aws import lifecycle_rules

DAY = 86400
TEXT = "A koi fish on my left shoulder, retention-test-text"


def with_retention(tmp_path: Path, requests_days: int, bookings_days: int) -> None:
    """The built site's api/booking.json with site.yaml's retention, as the build writes it."""
    api = tmp_path / "dist" / "api"
    api.mkdir(parents=True, exist_ok=True)
    retention = {"requests_days": requests_days, "bookings_days": bookings_days}
    (api / "booking.json").write_text(json.dumps({"retention": retention}), "utf-8")


def local(tmp_path: Path, clock: list[float]) -> ContactService:
    service = make_service(tmp_path, local_settings(tmp_path, site_url=SITE, link_secret=SECRET))
    service.store.clock = lambda: clock[0]
    service.now = lambda: datetime.fromtimestamp(clock[0], UTC).isoformat()
    return service


def seconds(iso: str) -> int:
    return math.ceil(datetime.fromisoformat(iso).timestamp())


def daily(service: ContactService) -> None:
    """The daily schedule's event (deploy_aws.py): deposits, retention, then the digest."""
    respond(service, Settings(), {"action": "send-spam-digest"})


def outbox_bytes(tmp_path: Path) -> bytes:
    return b"".join(p.read_bytes() for p in tmp_path.glob("outbox.sqlite3*"))


# --- the outbox, with a moved clock -------------------------------------------------------


def test_the_outbox_keeps_a_request_its_days_then_deletes_it_with_its_images(
    tmp_path: Path,
) -> None:
    with_retention(tmp_path, requests_days=30, bookings_days=400)
    clock = [time.time()]
    service = local(tmp_path, clock)
    message_id = with_image(service, {**GOOD, "email": "kept@example.com", "message": TEXT})
    stored = service.store.get(message_id)
    assert stored.expires_at == seconds(stored.created_at) + 30 * DAY  # site.yaml's figure
    images = tmp_path / "uploads" / "messages" / message_id
    assert len(list(images.iterdir())) == 1

    clock[0] += 29 * DAY
    daily(service)
    assert service.store.get(message_id) is not None  # not due yet

    clock[0] += 2 * DAY
    daily(service)
    assert service.store.get(message_id) is None
    assert not images.exists()  # its images went with it
    conn = sqlite3.connect(tmp_path / "outbox.sqlite3")
    assert conn.execute("SELECT count(*) FROM attachments").fetchone() == (0,)
    assert TEXT.encode() not in outbox_bytes(tmp_path)  # overwritten, not left in free pages


def test_the_outbox_purges_on_open_and_with_the_next_message(tmp_path: Path) -> None:
    with_retention(tmp_path, requests_days=1, bookings_days=1)
    clock = [time.time()]
    service = local(tmp_path, clock)
    old = submit(service, {**GOOD, "email": "old@example.com"})
    clock[0] += 2 * DAY
    newer = submit(service, {**GOOD, "email": "new@example.com"})  # the write purges
    assert [m.id for m in service.store.list()] == [newer]
    assert old != newer

    later = local(tmp_path, [clock[0] + 2 * DAY])  # a process opening the outbox later
    assert later.store.count() == 0


def test_the_daily_pass_sweeps_the_images_a_stopped_purge_left_in_the_folder(
    tmp_path: Path,
) -> None:
    # The outbox deletes a purged message's images after its commit: a process stopped in
    # between leaves them with no message. The daily pass sweeps them, as S3's does.
    with_retention(tmp_path, requests_days=30, bookings_days=400)
    service = local(tmp_path, [time.time()])
    orphan, fresh, kept = (
        with_image(service, {**GOOD, "email": f"{name}@example.com", "message": TEXT})
        for name in ("orphan", "fresh", "kept")
    )
    conn = sqlite3.connect(tmp_path / "outbox.sqlite3")
    with conn:
        conn.executemany("DELETE FROM messages WHERE id = ?", [(orphan,), (fresh,)])
    conn.close()
    folders = tmp_path / "uploads" / "messages"
    elsewhere = tmp_path / "elsewhere"  # a link in the folder is not the store's to follow
    elsewhere.mkdir()
    (elsewhere / "1.jpg").write_bytes(b"not the store's")
    link = folders / ("f" * 32)
    link.symlink_to(elsewhere, target_is_directory=True)
    two_hours_ago = time.time() - 2 * 3600
    for path in (folders / orphan, folders / kept, elsewhere):  # fresh: changed within the hour
        os.utime(path, (two_hours_ago, two_hours_ago))
    os.utime(link, (two_hours_ago, two_hours_ago), follow_symlinks=False)
    orphan_images = sorted(f"messages/{orphan}/{p.name}" for p in (folders / orphan).iterdir())

    from functions.contact.handlers.app import daily_retention

    report = daily_retention(service)
    assert report is not None and report.images == orphan_images
    assert sorted(p.name for p in folders.iterdir()) == sorted([fresh, kept, link.name])
    assert service.store.get(kept) is not None
    assert (elsewhere / "1.jpg").read_bytes() == b"not the store's"


def test_a_booking_is_kept_its_days_from_the_booking_and_a_decline_from_the_decline(
    tmp_path: Path,
) -> None:
    with_retention(tmp_path, requests_days=30, bookings_days=400)
    clock = [time.time()]
    service = local(tmp_path, clock)
    booked = submit(service, {**GOOD, "email": "booked@example.com"})
    declined = submit(service, {**GOOD, "email": "declined@example.com"})
    waiting = submit(service, {**GOOD, "email": "waiting@example.com"})
    act(service, booked, "accept", {"deposit": "0"})
    act(service, declined, "decline", {"reason": "books-full"})
    for message_id, days in ((booked, 400), (declined, 30)):
        message = service.store.get(message_id)
        moved_at = seconds(message.state_history[-1]["at"])
        assert message.expires_at == moved_at + days * DAY, message.state

    clock[0] += 31 * DAY
    daily(service)
    assert service.store.get(booked) is not None  # booked: 400 days
    assert service.store.get(declined) is None
    assert service.store.get(waiting) is None
    clock[0] += 370 * DAY
    daily(service)
    assert service.store.count() == 0


# --- DynamoDB and S3, on moto -------------------------------------------------------------


def aws_service(tmp_path: Path) -> tuple[ContactService, object, object]:
    dynamodb = boto3.client("dynamodb", region_name=REGION)
    dynamodb.create_table(**table_definition("messages"))
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket=BUCKET)
    settings = local_settings(tmp_path, site_url=SITE, link_secret=SECRET)
    service = make_service(tmp_path, settings, store=DynamoStore("messages", REGION))
    service.uploads = S3Uploads(BUCKET, REGION, site_url=SITE, link_secret=SECRET)
    return service, dynamodb, s3


def ttl(dynamodb, message_id: str) -> int:  # noqa: ANN001 - boto3 client
    item = dynamodb.get_item(TableName="messages", Key={"id": {"S": message_id}})["Item"]
    return int(item["expires_at"]["N"])


def keys(s3, prefix: str = "") -> list[str]:  # noqa: ANN001 - boto3 client
    listed = s3.list_objects_v2(Bucket=BUCKET, Prefix=prefix)
    return [o["Key"] for o in listed.get("Contents", [])]


def test_dynamodb_sets_the_time_to_live_and_moves_it_in_the_state_change(
    tmp_path: Path, aws
) -> None:
    service, dynamodb, _ = aws_service(tmp_path)
    booked = submit(service, {**GOOD, "email": "booked@example.com"})
    declined = submit(service, {**GOOD, "email": "declined@example.com"})
    for message_id in (booked, declined):
        created = seconds(service.store.get(message_id).created_at)
        assert ttl(dynamodb, message_id) == created + 180 * DAY  # the defaults
    act(service, booked, "accept", {"deposit": "0"})
    act(service, declined, "decline", {"reason": "books-full"})
    for message_id, days in ((booked, 730), (declined, 180)):
        moved_at = seconds(service.store.get(message_id).state_history[-1]["at"])
        assert ttl(dynamodb, message_id) == moved_at + days * DAY


def test_the_daily_pass_deletes_due_items_and_their_images_and_sweeps_what_ttl_left(
    tmp_path: Path, aws
) -> None:
    service, dynamodb, s3 = aws_service(tmp_path)
    due = with_image(service, {**GOOD, "email": "due@example.com", "message": TEXT})
    taken = with_image(service, {**GOOD, "email": "taken-by-ttl@example.com", "message": TEXT})
    kept = with_image(service, {**GOOD, "email": "kept@example.com", "message": TEXT})
    assert len(keys(s3, "messages/")) == 3
    # The time to live deleted one item before the daily pass: its image is left behind.
    dynamodb.delete_item(TableName="messages", Key={"id": {"S": taken}})
    dynamodb.update_item(
        TableName="messages",
        Key={"id": {"S": due}},
        UpdateExpression="SET expires_at = :past",
        ExpressionAttributeValues={":past": {"N": str(int(time.time()) - 1)}},
    )
    from functions.contact.handlers.app import daily_retention

    report = daily_retention(service, now=time.time() + 2 * 3600)
    assert report.messages == [due]
    assert service.store.get(due) is None and service.store.get(kept) is not None
    assert keys(s3, "messages/") == [f"messages/{kept}/1.jpg"]
    remaining = json.dumps(dynamodb.scan(TableName="messages")["Items"])
    assert "due@example.com" not in remaining and "taken-by-ttl" not in remaining
    assert "upload#" in remaining  # the kept message's claim stays
    claims = [i for i in dynamodb.scan(TableName="messages")["Items"] if "message_id" in i]
    assert {i["message_id"]["S"] for i in claims} == {kept}  # the others' claims went


def test_the_lifecycle_rule_outlasts_every_message_and_ends_every_image() -> None:
    from functions.contact.models.retention import Retention

    rules = {r["ID"]: r for r in lifecycle_rules(Retention(30, 400))}
    rule = rules["message-images"]
    assert rule["Filter"] == {"Prefix": "messages/"} and rule["Status"] == "Enabled"
    # new -> waitlisted -> accepted -> booked, each just before the request was due.
    assert rule["Expiration"]["Days"] == 3 * 30 + 400


def test_messages_stored_before_retention_get_a_full_period_from_the_upgrade(
    tmp_path: Path, aws
) -> None:
    from contact_support import old_outbox, put_old_message

    old_outbox(tmp_path / "outbox.sqlite3")  # a message from January 2025, no expiry
    clock = [time.time()]
    service = local(tmp_path, clock)
    (old,) = service.store.list()  # opening it gave the old message its expiry
    assert old.expires_at == math.ceil(clock[0]) + 180 * DAY

    dynamodb = boto3.client("dynamodb", region_name=REGION)
    dynamodb.create_table(**table_definition("messages"))
    put_old_message(dynamodb, "messages")
    store = DynamoStore("messages", REGION)
    now = time.time()
    assert store.purge_expired(now).deleted == []  # not deleted by the upgrade
    assert ttl(dynamodb, "old") == math.ceil(now) + 180 * DAY
