"""Spam defence that costs real visitors nothing: honeypot, fill time, per-client rate limit."""

from __future__ import annotations

import json
import logging
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import boto3
import pytest
from click.testing import CliRunner
from contact_support import (
    GOOD,
    RecordingNotifier,
    call,
    load_event,
    local_settings,
    make_service,
    netlify_signature,
    old_outbox,
    post_event,
)
from moto import mock_aws

import build
from functions.contact.dal.artists import ConfigError
from functions.contact.dal.dynamodb import DynamoStore, enable_expiry, table_definition
from functions.contact.dal.outbox import SqliteOutbox
from functions.contact.handlers.operations import list_messages
from functions.contact.handlers.settings import Settings
from functions.contact.logic.service import utc_now
from functions.contact.models.ratelimit import RateLimit, SlidingWindowLimiter
from functions.contact.words.messages import THANK_YOU


def test_honeypot_answers_success_keeps_it_as_spam_and_emails_nothing(
    tmp_path: Path,
    caplog,
) -> None:
    service = make_service(tmp_path, notifier=RecordingNotifier())
    with caplog.at_level(logging.WARNING):
        status, answer, _ = call(service, post_event({**GOOD, "website": "http://spam.example"}))
    assert (status, answer) == (200, {"success": True, "message": THANK_YOU})
    [kept] = service.store.list()
    assert (kept.status, kept.spam_reason) == ("spam", "honeypot: the hidden field was filled in")
    assert (kept.name, kept.message) == (GOOD["name"], GOOD["message"])
    assert service.notifier.sent == [] and service.store.pending() == []
    assert "kept as spam: honeypot" in caplog.text


@pytest.mark.parametrize(
    ("elapsed", "status"),
    [(0, "spam"), (2999, "spam"), (3000, "pending"), (None, "pending")],
)
def test_minimum_fill_time(tmp_path: Path, elapsed: int | None, status: str) -> None:
    service = make_service(tmp_path)
    body = {**GOOD, "elapsed_ms": elapsed}
    code, answer, _ = call(service, post_event(body))
    assert (code, answer) == (200, {"success": True, "message": THANK_YOU})
    [kept] = service.store.list()
    assert kept.status == status
    if status == "spam":
        assert kept.spam_reason == f"too fast: filled in {elapsed} ms (minimum 3000 ms)"


def test_rate_limit_per_client_answers_429_with_retry_after(tmp_path: Path) -> None:
    service = make_service(tmp_path, local_settings(tmp_path, rate_limit=RateLimit(2, 600)))
    assert (
        call(service, post_event({"name": ""}, ip="198.51.100.1"))[0] == 400
    )  # invalid: not counted
    statuses = [call(service, post_event(GOOD, ip="198.51.100.1"))[0] for _ in range(3)]
    assert statuses == [200, 200, 429]
    status, answer, headers = call(service, post_event(GOOD, ip="198.51.100.1"))
    assert status == 429 and 1 <= int(headers["retry-after"]) <= 600
    assert answer["error"].startswith(
        "You have sent several messages in a short time. Please wait 10 minutes"
    )
    assert call(service, post_event(GOOD, ip="198.51.100.2"))[0] == 200  # someone else
    assert len(service.store.list()) == 3


def test_rate_limit_keys_on_the_cdn_client_header_when_configured(tmp_path: Path) -> None:
    secret = "s" * 64
    settings = local_settings(
        tmp_path,
        rate_limit=RateLimit(1, 600),
        client_ip_headers=("x-nf-client-connection-ip", "x-forwarded-for"),
        proxy_secret=secret,
    )
    service = make_service(tmp_path, settings)
    first, second = load_event("function-url-post.json"), load_event("function-url-post.json")
    second["headers"]["x-nf-client-connection-ip"] = "192.0.2.99"  # same CDN edge, another visitor
    third = load_event("function-url-post.json")
    del third["headers"]["x-nf-client-connection-ip"]  # a proxy sending X-Forwarded-For only
    third["headers"]["x-forwarded-for"] = "192.0.2.7, 203.0.113.7"
    # The forwarded address counts because Netlify signed the proxied request.
    for event in (first, second, third):
        event["headers"]["x-nf-sign"] = netlify_signature(secret)
    statuses = [call(service, e, settings)[0] for e in (first, second, first, third)]
    assert statuses == [200, 200, 429, 200]
    assert {m.client for m in service.store.list()} == {"198.51.100.23", "192.0.2.99", "192.0.2.7"}


def test_sliding_window_forgets_posts_older_than_the_window() -> None:
    now = [0.0]
    limiter = SlidingWindowLimiter(RateLimit(2, 60), clock=lambda: now[0])
    assert [limiter.retry_after("a") for _ in range(2)] == [0.0, 0.0]
    assert limiter.retry_after("a") == 60.0
    now[0] = 30.0
    assert limiter.retry_after("a") == 30.0
    now[0] = 60.0
    assert limiter.retry_after("a") == 0.0  # the first post left the window


@pytest.mark.parametrize(
    ("text", "limit"), [("5/600", RateLimit(5, 600)), ("off", RateLimit(0, 1.0))]
)
def test_rate_limit_setting(text: str, limit: RateLimit) -> None:
    assert RateLimit.parse(text) == limit


@pytest.mark.parametrize("text", ["5", "five/600", "5/0", "-1/60"])
def test_bad_rate_limit_setting_says_what_is_expected(text: str) -> None:
    with pytest.raises(ValueError, match="expected a rate like '5/600'"):
        RateLimit.parse(text)


# --- what the traps keep ------------------------------------------------------------------------


def _spam_and_real(tmp_path: Path, now: list[str]) -> Path:
    """An outbox with one real message and one honeypot catch, 'now' driving the clock."""
    settings = local_settings(tmp_path)
    service = make_service(tmp_path, settings)
    service.now = lambda: now[0]
    service.store.clock = lambda: datetime.fromisoformat(now[0]).timestamp()
    call(service, post_event({**GOOD, "name": "Real Person"}))
    call(service, post_event({**GOOD, "name": "Bot", "website": "x"}))
    return settings.outbox


def test_no_messages_still_says_what_the_spam_traps_kept(tmp_path: Path) -> None:
    settings = local_settings(tmp_path)
    service = make_service(tmp_path, settings)
    for name in ("Bot", "Another Bot"):
        call(service, post_event({**GOOD, "name": name, "website": "x"}))
    result = CliRunner().invoke(build.cli, ["messages", "--outbox", str(settings.outbox)])
    assert (result.exit_code, result.output) == (
        0,
        "No messages.\n"
        "The spam traps kept 2 messages (not emailed): `python build.py messages --spam` lists "
        "them.\n",
    )


def test_messages_lists_people_and_messages_spam_lists_the_catches(tmp_path: Path) -> None:
    outbox = _spam_and_real(tmp_path, [utc_now()])
    cli = CliRunner()
    people = cli.invoke(build.cli, ["messages", "--outbox", str(outbox)])
    assert people.exit_code == 0 and "Real Person" in people.output and "Bot" not in people.output
    assert people.output.rstrip().endswith(
        "1 message(s), 1 pending.\n"
        "The spam traps kept 1 message (not emailed): `python build.py messages --spam` lists them."
    )
    spam = cli.invoke(build.cli, ["messages", "--spam", "--outbox", str(outbox)])
    assert spam.exit_code == 0 and "Bot" in spam.output and "Real Person" not in spam.output
    assert "SPAM  Bot <ana@example.com>" in spam.output
    assert "spam, honeypot: the hidden field was filled in; never emailed; deleted after" in (
        spam.output
    )
    assert spam.output.rstrip().endswith("1 message(s), 1 kept as spam.")
    listed = json.loads(
        cli.invoke(build.cli, ["messages", "--spam", "--json", "--outbox", str(outbox)]).output
    )
    assert [(m["name"], m["status"], m["spam_reason"]) for m in listed] == [
        ("Bot", "spam", "honeypot: the hidden field was filled in")
    ]
    retention = datetime.fromisoformat(listed[0]["created_at"]).timestamp() + 30 * 86400
    assert listed[0]["expires_at"] == int(retention)  # 30 days, the documented default


def test_spam_is_purged_after_the_retention_by_the_next_write(tmp_path: Path) -> None:
    now = ["2026-01-01T10:00:00+00:00"]
    outbox = _spam_and_real(tmp_path, now)
    store = SqliteOutbox(outbox, clock=lambda: datetime(2026, 1, 31, 9, tzinfo=UTC).timestamp())
    assert [m.status for m in store.list()] == ["spam", "pending"]  # reading purges nothing
    store.add(replace(store.list()[1], id="next-day"))  # 29 days 23 hours later: still kept
    assert sorted(m.status for m in store.list()) == ["pending", "pending", "spam"]
    store.clock = lambda: datetime(2026, 1, 31, 10, 0, 1, tzinfo=UTC).timestamp()
    store.add(replace(store.list()[0], id="a-month-later", status="pending"))
    assert sorted(m.status for m in store.list()) == ["pending", "pending", "pending"]


def test_an_outbox_from_before_spam_was_kept_gains_the_columns(tmp_path: Path) -> None:
    path = old_outbox(tmp_path / "old.sqlite3")
    service = make_service(tmp_path, local_settings(tmp_path, outbox=path))
    assert call(service, post_event({**GOOD, "website": "bot"}))[0] == 200
    # The old message is not spam; it gains the retention's expiry (docs/privacy.md).
    assert [(m.id, m.status, m.spam_reason) for m in service.store.list()][1] == (
        "old",
        "sent",
        "",
    )
    assert service.store.list()[0].status == "spam"


def test_retention_setting_must_be_a_positive_number_of_days() -> None:
    assert Settings.from_env({}).spam_retention_days == 30
    assert Settings.from_env({"CONTACT_SPAM_RETENTION_DAYS": "7"}).spam_retention_days == 7
    for bad, words in (("0", "more than 0"), ("-3", "must not be negative"), ("week", "a number")):
        with pytest.raises(ConfigError, match=words):
            Settings.from_env({"CONTACT_SPAM_RETENTION_DAYS": bad})


def test_dynamodb_keeps_spam_with_its_expiry_and_real_messages_with_the_retention(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("AWS_ENDPOINT_URL", "AWS_PROFILE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    with mock_aws():
        client = boto3.client("dynamodb", region_name="us-east-1")
        client.create_table(**table_definition("messages"))
        assert enable_expiry(client, "messages") is True
        assert enable_expiry(client, "messages") is False  # a second deploy changes nothing
        ttl = client.describe_time_to_live(TableName="messages")["TimeToLiveDescription"]
        assert (ttl["TimeToLiveStatus"], ttl["AttributeName"]) == ("ENABLED", "expires_at")
        notifier = RecordingNotifier()
        service = make_service(
            tmp_path, store=DynamoStore("messages", "us-east-1"), notifier=notifier
        )
        call(service, post_event({**GOOD, "name": "Bot", "elapsed_ms": 200}))
        call(service, post_event({**GOOD, "name": "Real Person"}))
        items = {i["name"]["S"]: i for i in client.scan(TableName="messages")["Items"]}
        assert items["Bot"]["status"] == {"S": "spam"} and "pending" not in items["Bot"]
        assert int(items["Bot"]["expires_at"]["N"]) > time.time() + 29 * 86400
        # A real message is kept site.yaml's retention (180 days by default: docs/privacy.md).
        kept = int(items["Real Person"]["expires_at"]["N"]) - time.time()
        assert 179 * 86400 < kept <= 180 * 86400 + 1
        assert [m.name for m, _ in notifier.sent] == ["Real Person"]
        assert service.store.pending() == []  # sent; the spam was never pending
        assert [m.name for m in list_messages(service, spam=True)] == ["Bot"]
        later = time.time() + 31 * 86400  # expired, not yet deleted by DynamoDB: hidden
        assert list_messages(service, spam=True, now=later) == []
