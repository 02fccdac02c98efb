"""Store first, then notify: storage failures, SES (moto), pending re-sends, spam traps."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import boto3
import httpx
import pytest
from botocore.exceptions import ClientError
from click.testing import CliRunner
from contact_support import (
    GOOD,
    BrokenStore,
    RecordingNotifier,
    call,
    handler_for,
    load_event,
    local_settings,
    make_service,
    post_event,
    write_artists,
)
from ses_support import REGION, SENDER, STUDIO, sent_emails, ses_service, stored

import build
from devserver.contact_function import handler_for_site
from functions.contact.dal.artists import ConfigError
from functions.contact.dal.dynamodb import DynamoStore, table_definition
from functions.contact.dal.ses import SesNotifier
from functions.contact.handlers import handler as handler_module
from functions.contact.handlers.settings import Settings
from functions.contact.models.mail import compose_email
from functions.contact.models.message import StorageUnavailable, StoredMessage
from functions.contact.models.outcomes import NotificationFailed
from functions.contact.models.ratelimit import RateLimit
from functions.contact.words.messages import THANK_YOU, UNAVAILABLE
from serverthread import running_server

ROOT = Path(__file__).resolve().parent.parent


# --- storage -----------------------------------------------------------------------------


def test_storage_down_answers_503_and_claims_nothing(tmp_path: Path) -> None:
    notifier = RecordingNotifier()
    store = BrokenStore()
    service = make_service(tmp_path, store=store, notifier=notifier)
    status, answer, _ = call(service, post_event(GOOD))
    assert (status, answer) == (503, {"success": False, "error": UNAVAILABLE})
    assert store.attempts == 1 and notifier.sent == []  # no email about a message not kept


def test_unwritable_outbox_answers_503_through_the_server(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the outbox folder should be")
    settings = local_settings(tmp_path, outbox=blocker / "outbox.sqlite3")
    service = make_service(tmp_path, settings)
    with running_server(tmp_path / "dist", contact=handler_for(service, settings)) as url:
        response = httpx.post(f"{url}/api/contact", json=GOOD)
    assert response.status_code == 503
    assert response.json() == {"success": False, "error": UNAVAILABLE}


def test_unexpected_error_is_json_503_logged_never_a_traceback(tmp_path: Path, caplog) -> None:
    service = make_service(tmp_path)

    def explode(message: StoredMessage) -> None:
        raise KeyError("surprise")

    service.store.add = explode
    with caplog.at_level(logging.ERROR):
        status, answer, headers = call(service, post_event(GOOD))
    assert (status, answer) == (503, {"success": False, "error": UNAVAILABLE})
    assert headers["content-type"].startswith("application/json")
    assert "surprise" in caplog.text and "Traceback" in caplog.text  # in the log, not the answer


def test_fifty_concurrent_posts_are_all_stored(tmp_path: Path) -> None:
    settings = local_settings(tmp_path)
    service = make_service(tmp_path, settings)
    with running_server(tmp_path / "dist", contact=handler_for(service, settings)) as url:
        with httpx.Client(limits=httpx.Limits(max_connections=50)) as client:

            def post(i: int) -> int:
                body = {**GOOD, "name": f"Visitor {i}"}
                return client.post(f"{url}/api/contact", json=body, timeout=60).status_code

            with ThreadPoolExecutor(50) as pool:
                statuses = list(pool.map(post, range(100)))
    assert statuses == [200] * 100
    assert sorted(m.name for m in service.store.list()) == sorted(
        f"Visitor {i}" for i in range(100)
    )


# --- email through SES (moto) ---------------------------------------------------------------


def test_ses_email_goes_to_the_studio_with_reply_to_the_visitor(tmp_path: Path, aws) -> None:
    service = ses_service(tmp_path)
    body = {**GOOD, "name": "Zoë Ångström", "message": "Rose 🌹 on the wrist.\nSecond line."}
    status, answer, _ = call(service, post_event(body))
    assert (status, answer["success"]) == (200, True)
    [kept] = service.store.list()
    assert kept.status == "sent" and kept.sent_at
    [mail] = sent_emails()
    assert mail["To"] == STUDIO and mail["From"] == SENDER
    assert mail["Reply-To"].addresses[0].addr_spec == "ana@example.com"
    assert mail["Reply-To"].addresses[0].display_name == "Zoë Ångström"
    assert mail["Subject"] == "Test Studio contact: Zoë Ångström - Tattoo Consultation"
    assert mail.get_content_type() == "text/plain"
    text = mail.get_content().replace("\r\n", "\n")  # SMTP line endings
    assert "Rose 🌹 on the wrist.\nSecond line." in text
    assert "Artist:    Jane Doe" in text and "Phone:     (214) 555-0142" in text
    assert f"Reference: {kept.id}" in text


def test_ses_failure_keeps_the_message_pending_and_send_pending_delivers_it(
    tmp_path: Path,
    aws,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service = ses_service(tmp_path, verified=False)  # SES rejects an unverified sender
    status, answer, _ = call(service, post_event(GOOD))
    assert (status, answer["success"]) == (200, True)  # the message is kept: the visitor is done
    [kept] = service.store.list()
    assert (kept.status, kept.attempts) == ("pending", 1)
    assert "MessageRejected" in kept.last_error
    assert sent_emails() == []

    listed = CliRunner().invoke(
        build.cli, ["messages", "--pending", "--outbox", str(tmp_path / "outbox.sqlite3")]
    )
    assert "PENDING (1 failed attempt)" in listed.output and "MessageRejected" in listed.output

    boto3.client("ses", region_name=REGION).verify_email_identity(EmailAddress=SENDER)
    monkeypatch.setenv("CONTACT_NOTIFY_FROM", SENDER)
    monkeypatch.setenv("CONTACT_NOTIFY_TO", STUDIO)
    monkeypatch.setenv("AWS_REGION", REGION)
    args = [
        "send-pending",
        "--outbox",
        str(tmp_path / "outbox.sqlite3"),
        "--dist",
        str(tmp_path / "dist"),
    ]
    result = CliRunner().invoke(build.cli, args)
    assert result.exit_code == 0, result.output
    assert "sent 1, still pending 0" in result.output
    [resent] = service.store.list()
    assert (resent.status, resent.attempts, resent.last_error) == ("sent", 2, "")
    [mail] = sent_emails()
    assert mail["Reply-To"].addresses[0].addr_spec == "ana@example.com"
    assert "A fine-line rose on my forearm.\r\n" in mail.get_content()
    assert "Artist:    Jane Doe" in mail.get_content()
    again = CliRunner().invoke(build.cli, args)
    assert "sent 0, still pending 0" in again.output and len(sent_emails()) == 1


def test_send_pending_without_email_settings_says_what_to_set(tmp_path: Path, monkeypatch) -> None:
    for name in ("CONTACT_NOTIFY_FROM", "CONTACT_NOTIFY_TO", "CONTACT_STORE"):
        monkeypatch.delenv(name, raising=False)
    result = CliRunner().invoke(
        build.cli, ["send-pending", "--outbox", str(tmp_path / "o.sqlite3")]
    )
    assert result.exit_code == 1
    assert (
        "email is not configured: set CONTACT_NOTIFY_FROM, CONTACT_NOTIFY_TO and AWS_REGION"
        in result.output
    )


class ThrottledSes:
    """An SES client that is over its sending rate `throttled` times, then accepts."""

    def __init__(self, throttled: int):
        self.throttled = throttled
        self.calls = 0

    def send_email(self, **kwargs: object) -> dict:
        self.calls += 1
        if self.calls <= self.throttled:
            raise ClientError(
                {
                    "Error": {
                        "Code": "TooManyRequestsException",
                        "Message": "Maximum sending rate exceeded.",
                    },
                    "ResponseMetadata": {"HTTPStatusCode": 429},
                },
                "SendEmail",
            )
        return {"MessageId": "ok"}


class FakeTime:
    """A clock that only moves when the code under test sleeps."""

    def __init__(self):
        self.now = 0.0
        self.pauses: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.pauses.append(seconds)
        self.now += seconds


def throttled_notifier(client: ThrottledSes, time: FakeTime, budget_s: float = 4) -> SesNotifier:
    return SesNotifier(
        SENDER,
        (STUDIO,),
        REGION,
        budget_s=budget_s,
        client=client,
        sleep=time.sleep,
        clock=lambda: time.now,
        jitter=lambda: 1.0,
    )


def test_ses_throttling_is_retried_with_growing_backoff() -> None:
    client, time = ThrottledSes(throttled=3), FakeTime()
    throttled_notifier(client, time).send(stored(), "No preference")
    assert client.calls == 4
    assert time.pauses == [0.25, 0.5, 1.0]


def test_ses_throttling_beyond_the_time_budget_fails_so_the_message_stays_pending() -> None:
    client, time = ThrottledSes(throttled=100), FakeTime()
    with pytest.raises(NotificationFailed, match="TooManyRequestsException.*after 5 attempts"):
        throttled_notifier(client, time).send(stored(), "No preference")
    assert time.now <= 4


def test_slow_ses_calls_count_against_the_budget() -> None:
    time = FakeTime()

    class SlowThrottledSes(ThrottledSes):
        def send_email(self, **kwargs: object) -> dict:
            time.now += 3.9  # each call takes almost the whole budget before failing
            return super().send_email(**kwargs)

    client = SlowThrottledSes(throttled=100)
    with pytest.raises(NotificationFailed, match="after 1 attempt"):
        throttled_notifier(client, time).send(stored(), "No preference")
    assert client.calls == 1


def test_an_unexpected_notifier_error_still_answers_success_for_a_kept_message(
    tmp_path: Path,
) -> None:
    class BrokenNotifier:
        def send(self, message: StoredMessage, artist_name: str) -> None:
            raise RuntimeError("bug in the mailer")

    service = make_service(tmp_path, notifier=BrokenNotifier())
    assert call(service, post_event(GOOD))[:2] == (200, {"success": True, "message": THANK_YOU})
    assert [m.status for m in service.store.list()] == ["pending"]


def test_subject_is_one_line_even_if_the_rules_were_bypassed() -> None:
    subject, _ = compose_email(stored("Ana\r\nBcc: victim@example.net"), "No preference")
    assert "\n" not in subject and "\r" not in subject
    assert subject == "Website contact: Ana Bcc: victim@example.net - Piercing"


# --- DynamoDB store (moto) -----------------------------------------------------------------


def test_dynamodb_store_keeps_pending_until_sent(aws) -> None:
    boto3.client("dynamodb", region_name=REGION).create_table(**table_definition("messages"))
    store = DynamoStore("messages", REGION)
    first, second = (
        stored(),
        StoredMessage(**{**stored().to_dict(), "id": "id2", "created_at": "2026-11-22T04:00"}),
    )
    store.add(first)
    store.add(second)
    with pytest.raises(StorageUnavailable):
        store.add(first)  # an id is never overwritten
    assert [m.id for m in store.pending()] == ["id1", "id2"]
    store.mark_failed("id1", "SES down")
    store.mark_sent("id2", "2026-11-22T04:00:01")
    assert [(m.id, m.attempts, m.last_error) for m in store.pending()] == [("id1", 1, "SES down")]
    assert [(m.id, m.status) for m in store.list()] == [("id2", "sent"), ("id1", "pending")]


def test_dynamodb_missing_table_is_storage_unavailable(tmp_path: Path, aws) -> None:
    service = make_service(tmp_path, store=DynamoStore("no-such-table", REGION))
    assert call(service, post_event(GOOD))[:2] == (503, {"success": False, "error": UNAVAILABLE})


# --- wiring ------------------------------------------------------------------------------------


def test_serve_accepts_the_artists_of_the_build_it_serves(tmp_path: Path, monkeypatch) -> None:
    settings = local_settings(tmp_path)
    monkeypatch.setattr(handler_module, "SETTINGS", settings)
    handler_for_site.cache_clear()
    dist = write_artists(tmp_path / "site", [{"slug": "max-ink", "name": "Max Ink"}])
    with running_server(dist) as url:  # the default handler, as `build.py serve` runs it
        assert (
            httpx.post(f"{url}/api/contact", json={**GOOD, "artist": "max-ink"}).status_code == 200
        )
        refused = httpx.post(f"{url}/api/contact", json={**GOOD, "artist": "new-artist"})
        assert refused.status_code == 400
        write_artists(
            dist, [{"slug": "max-ink", "name": "Max Ink"}, {"slug": "new-artist", "name": "New"}]
        )
        assert (
            httpx.post(f"{url}/api/contact", json={**GOOD, "artist": "new-artist"}).status_code
            == 200
        )
    handler_for_site.cache_clear()
    listed = CliRunner().invoke(build.cli, ["messages", "--json", "--outbox", str(settings.outbox)])
    assert [m["artist"] for m in json.loads(listed.output)] == ["new-artist", "max-ink"]


def test_scheduled_event_resends_pending(tmp_path: Path) -> None:
    notifier = RecordingNotifier(fail=True)
    service = make_service(tmp_path, notifier=notifier)
    call(service, post_event(GOOD))
    notifier.fail = False
    from functions.contact.handlers.app import respond

    assert respond(service, Settings(), load_event("scheduled-send-pending.json")) == {
        "sent": 1,
        "failed": 0,
        "pending_ids": [],
    }
    assert [(m.name, a) for m, a in notifier.sent] == [("Ana López", "Jane Doe")]


def test_invalid_configuration_lists_every_problem() -> None:
    env = {
        "CONTACT_STORE": "postgres",
        "CONTACT_RATE_LIMIT": "lots",
        "CONTACT_NOTIFY_FROM": "a@b.example",
        "CONTACT_MIN_FILL_MS": "soon",
    }
    with pytest.raises(ConfigError) as error:
        Settings.from_env(env)
    text = str(error.value)
    for words in (
        "CONTACT_STORE must be one of sqlite, dynamodb",
        "CONTACT_RATE_LIMIT",
        "set both CONTACT_NOTIFY_FROM and CONTACT_NOTIFY_TO",
        "CONTACT_MIN_FILL_MS must be a number",
    ):
        assert words in text
    lambda_env = {"AWS_LAMBDA_FUNCTION_NAME": "f", "CONTACT_STORE": "dynamodb", "AWS_REGION": "x"}
    assert Settings.from_env(lambda_env).rate_limit == RateLimit(5, 600)
    assert Settings.from_env({}).rate_limit == RateLimit(60, 60)  # every local post is 127.0.0.1
    assert Settings.from_env({"CONTACT_RATE_LIMIT": "off"}).rate_limit.enabled is False
    with pytest.raises(ConfigError, match="cannot keep messages on AWS Lambda"):
        Settings.from_env({"AWS_LAMBDA_FUNCTION_NAME": "studio-contact"})


def _imports_boto3(env: dict[str, str]) -> bool:
    code = "import sys, functions.contact.handlers.handler; print('boto3' in sys.modules)"
    clean = {"PATH": "/usr/bin:/bin", "AWS_ACCESS_KEY_ID": "x", "AWS_SECRET_ACCESS_KEY": "x", **env}
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip() == "True"


def test_outbox_path_does_not_import_boto3(tmp_path: Path) -> None:
    assert _imports_boto3({"CONTACT_OUTBOX": str(tmp_path / "o.sqlite3")}) is False
    assert (
        _imports_boto3(
            {
                "CONTACT_OUTBOX": str(tmp_path / "o.sqlite3"),
                "CONTACT_NOTIFY_FROM": SENDER,
                "CONTACT_NOTIFY_TO": STUDIO,
                "AWS_REGION": REGION,
            }
        )
        is True
    )


def test_artist_list_follows_rebuilds_and_survives_a_missing_file(tmp_path: Path) -> None:
    from functions.contact.dal.artists import ArtistList

    dist = write_artists(tmp_path / "dist", [{"slug": "jane-doe", "name": "Jane Doe"}])
    artists = ArtistList(dist / "api" / "artists.json")
    assert artists() == {"jane-doe": "Jane Doe"}
    write_artists(
        dist, [{"slug": "jane-doe", "name": "Jane Doe"}, {"slug": "max-ink", "name": "Max Ink"}]
    )
    assert set(artists()) == {"jane-doe", "max-ink"}
    (dist / "api" / "artists.json").unlink()  # the instant between two folders being swapped
    assert set(artists()) == {"jane-doe", "max-ink"}
    assert ArtistList(tmp_path / "nowhere.json")() == {}
