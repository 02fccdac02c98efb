"""Spam defence that costs real visitors nothing: honeypot, fill time, per-client rate limit."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from contact_support import (
    GOOD,
    RecordingNotifier,
    call,
    load_event,
    local_settings,
    make_service,
    post_event,
)

from functions.contact.core import THANK_YOU
from functions.contact.ratelimit import RateLimit, SlidingWindowLimiter


def test_honeypot_answers_success_and_keeps_nothing(tmp_path: Path, caplog) -> None:  # noqa: ANN001
    service = make_service(tmp_path, notifier=RecordingNotifier())
    with caplog.at_level(logging.WARNING):
        status, answer, _ = call(service, post_event({**GOOD, "website": "http://spam.example"}))
    assert (status, answer) == (200, {"success": True, "message": THANK_YOU})
    assert service.store.list() == [] and service.notifier.sent == []
    assert "honeypot" in caplog.text


@pytest.mark.parametrize(
    ("elapsed", "kept"), [(0, False), (2999, False), (3000, True), (None, True)]
)
def test_minimum_fill_time(tmp_path: Path, elapsed: int | None, kept: bool) -> None:
    service = make_service(tmp_path)
    body = {**GOOD, "elapsed_ms": elapsed}
    status, answer, _ = call(service, post_event(body))
    assert (status, answer["success"]) == (200, True)
    assert len(service.store.list()) == (1 if kept else 0)


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
    settings = local_settings(
        tmp_path,
        rate_limit=RateLimit(1, 600),
        client_ip_headers=("x-nf-client-connection-ip", "x-forwarded-for"),
    )
    service = make_service(tmp_path, settings)
    first, second = load_event("function-url-post.json"), load_event("function-url-post.json")
    second["headers"]["x-nf-client-connection-ip"] = "192.0.2.99"  # same CDN edge, another visitor
    third = load_event("function-url-post.json")
    del third["headers"]["x-nf-client-connection-ip"]  # a proxy sending X-Forwarded-For only
    third["headers"]["x-forwarded-for"] = "192.0.2.7, 203.0.113.7"
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
