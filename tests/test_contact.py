"""POST /api/contact: the contract's answers for good and bad input, via handler and HTTP."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from contact_support import (
    GOOD,
    call,
    handler_for,
    load_event,
    local_settings,
    make_service,
    post_event,
)

import build
from functions.contact.words.messages import THANK_YOU
from serverthread import running_server


def with_(**changes: object) -> dict:
    body = dict(GOOD)
    for key, value in changes.items():
        if value is ...:
            body.pop(key, None)
        else:
            body[key] = value
    return body


# (id, request body or raw text/bytes, method, status, words the error must contain)
BAD_INPUTS = [
    ("malformed-json", '{"name": "Ana", ', "POST", 400, "could not be read (expected JSON)"),
    ("empty-body", "", "POST", 400, "could not be read (expected JSON)"),
    ("json-nested-too-deep", "[" * 60000, "POST", 400, "could not be read (expected JSON)"),
    ("not-utf8", b'{"name": "\xff\xfe"}', "POST", 400, "expected UTF-8 text"),
    ("array", [GOOD], "POST", 400, "must be a JSON object"),
    ("string", '"hello"', "POST", 400, "must be a JSON object"),
    ("number", "42", "POST", 400, "must be a JSON object"),
    ("null", "null", "POST", 400, "must be a JSON object"),
    ("name-number", with_(name=42), "POST", 400, "Name must be text."),
    ("email-list", with_(email=["ana@example.com"]), "POST", 400, "Email address must be text."),
    ("message-object", with_(message={"text": "hi"}), "POST", 400, "Message must be text."),
    ("artist-number", with_(artist=7), "POST", 400, "Artist must be text."),
    ("missing-name", with_(name=...), "POST", 400, "Please enter your name."),
    ("missing-email", with_(email=...), "POST", 400, "Please enter your email address."),
    ("missing-message", with_(message=...), "POST", 400, "Please enter your message."),
    ("blank-name", with_(name="   "), "POST", 400, "Please enter your name."),
    ("blank-message", with_(message="\n\t  \n"), "POST", 400, "Please enter your message."),
    (
        "email-no-at",
        with_(email="ana.example.com"),
        "POST",
        400,
        "Please enter a valid email address. ",
    ),
    (
        "email-two-at",
        with_(email="ana@@example.com"),
        "POST",
        400,
        "Please enter a valid email address. ",
    ),
    (
        "email-no-domain-dot",
        with_(email="ana@localhost"),
        "POST",
        400,
        "Please enter a valid email address. ",
    ),
    (
        "email-unicode-local-part",
        with_(email="zoë@example.com"),
        "POST",
        400,
        "Internationalized characters before the @-sign are not supported",
    ),
    (
        "email-space",
        with_(email="ana lopez@example.com"),
        "POST",
        400,
        "Please enter a valid email address. ",
    ),
    (
        "inject-name-bcc",
        with_(name="Ana\r\nBcc: victim@example.net"),
        "POST",
        400,
        "Name must be on one line.",
    ),
    (
        "inject-email-bcc",
        with_(email="ana@example.com\nBcc: victim@example.net"),
        "POST",
        400,
        "Email address must be on one line.",
    ),
    (
        "inject-phone",
        with_(phone="555 0100\r\nSubject: spam"),
        "POST",
        400,
        "Phone number must be on one line.",
    ),
    (
        "control-char-name",
        with_(name="Ana\x07"),
        "POST",
        400,
        "Name contains invisible control characters.",
    ),
    (
        "lone-surrogate",
        '{"name": "Ana \\ud800", "email": "ana@example.com", "message": "hi"}',
        "POST",
        400,
        "Name contains characters that cannot be sent.",
    ),
    (
        "unknown-artist",
        with_(artist="nobody"),
        "POST",
        400,
        "Unknown artist 'nobody': please choose one from the list.",
    ),
    (
        "unknown-service",
        with_(service="Laser Removal"),
        "POST",
        400,
        "Unknown service 'Laser Removal'",
    ),
    ("service-case", with_(service="piercing"), "POST", 400, "Unknown service 'piercing'"),
    ("phone-too-few-digits", with_(phone="call me"), "POST", 400, "at least 7 digits"),
    (
        "name-too-long",
        with_(name="A" * 101),
        "POST",
        400,
        "Name is too long: 101 characters, at most 100 allowed.",
    ),
    (
        "email-too-long",
        with_(email="a" * 250 + "@example.com"),
        "POST",
        400,
        "Email address is too long",
    ),
    (
        "message-too-long",
        with_(message="x" * 5001),
        "POST",
        400,
        "Message is too long: 5001 characters, at most 5000",
    ),
    ("timer-not-a-number", with_(elapsed_ms="fast"), "POST", 400, "The form timer is invalid"),
    ("body-too-large", with_(message="x" * 70_000), "POST", 413, "too large to send"),
    ("method-get", None, "GET", 405, "can only be sent with the contact form (POST)"),
    ("method-put", GOOD, "PUT", 405, "can only be sent with the contact form (POST)"),
    ("method-delete", None, "DELETE", 405, "can only be sent with the contact form (POST)"),
]


@pytest.mark.parametrize(
    ("case", "body", "method", "status", "words"), BAD_INPUTS, ids=[c[0] for c in BAD_INPUTS]
)
def test_bad_input_through_the_handler(tmp_path: Path, case, body, method, status, words) -> None:
    service = make_service(tmp_path)
    got_status, answer, headers = call(service, post_event(body, method))
    assert (got_status, answer["success"]) == (status, False)
    assert words in answer["error"]
    assert headers["content-type"].startswith("application/json")
    if status == 405:
        assert headers["allow"] == "POST"
    assert service.store.list() == []


def test_several_problems_are_reported_at_once_per_field(tmp_path: Path) -> None:
    status, answer, _ = call(
        make_service(tmp_path), post_event({"email": "nope", "artist": "ghost"})
    )
    assert status == 400
    assert set(answer["fields"]) == {"name", "email", "artist", "message"}
    assert answer["error"].startswith(
        "Please enter your name. Please enter a valid email address. "
    )


@pytest.fixture(scope="module")
def http_service(tmp_path_factory: pytest.TempPathFactory):
    tmp = tmp_path_factory.mktemp("contact-http")
    service = make_service(tmp)
    with running_server(tmp / "dist", contact=handler_for(service)) as url:
        yield service, url


@pytest.mark.parametrize(
    ("case", "body", "method", "status", "words"), BAD_INPUTS, ids=[c[0] for c in BAD_INPUTS]
)
def test_bad_input_through_the_local_server(
    http_service, case, body, method, status, words
) -> None:
    service, url = http_service
    content = (
        body if isinstance(body, (str, bytes)) else (None if body is None else json.dumps(body))
    )
    response = httpx.request(
        method, f"{url}/api/contact", content=content, headers={"content-type": "application/json"}
    )
    assert response.status_code == status
    assert response.headers["content-type"].startswith("application/json")
    assert response.json()["success"] is False
    assert words in response.json()["error"]
    assert service.store.list() == []


def test_fixture_event_is_accepted_and_stored(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    status, answer, headers = call(service, load_event("function-url-post.json"))
    assert (status, answer) == (200, {"success": True, "message": THANK_YOU})
    assert headers["cache-control"] == "no-store"
    [kept] = service.store.list()
    assert (kept.name, kept.email, kept.artist, kept.service, kept.status) == (
        "Ana López",
        "ana@example.com",
        "jane-doe",
        "Tattoo Consultation",
        "pending",
    )
    assert kept.client == "203.0.113.7"


def test_base64_event_body_is_decoded(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    status, _, _ = call(service, load_event("function-url-post-base64.json"))
    assert status == 200
    [kept] = service.store.list()
    assert kept.name == "Zoë 🌹"
    assert (kept.artist, kept.service, kept.phone) == ("na", "Tattoo Consultation", "")


def test_get_fixture_event_answers_405(tmp_path: Path) -> None:
    status, answer, headers = call(make_service(tmp_path), load_event("function-url-get.json"))
    assert (status, headers["allow"], answer["success"]) == (405, "POST", False)


UNICODE = {
    "name": "Zoë Åsa 李小龍 José",  # precomposed letters, CJK
    "email": "zoe@例え.jp",  # internationalised domain
    "phone": "+52 55 1234 5678",
    "artist": "max-ink",
    "service": "Touch Up",
    "message": "Cafe\u0301 (decomposed é) 🌹🐉 — שלום עולם — مرحبا\nSecond line\ttab.",
}


def test_unicode_is_kept_intact_from_http_to_outbox_and_messages_command(tmp_path: Path) -> None:
    settings = local_settings(tmp_path)
    service = make_service(tmp_path, settings)
    with running_server(tmp_path / "dist", contact=handler_for(service, settings)) as url:
        response = httpx.post(
            f"{url}/api/contact",
            content=json.dumps(UNICODE, ensure_ascii=False).encode(),
            headers={"content-type": "application/json"},  # as the form sends it
        )
    assert response.json() == {"success": True, "message": THANK_YOU}
    result = CliRunner().invoke(build.cli, ["messages", "--json", "--outbox", str(settings.outbox)])
    assert result.exit_code == 0, result.output
    [listed] = json.loads(result.output)
    assert {
        k: listed[k] for k in UNICODE
    } == UNICODE  # byte for byte: no normalisation, no escaping loss
    text = CliRunner().invoke(build.cli, ["messages", "--outbox", str(settings.outbox)]).output
    assert "Zoë Åsa 李小龍 José <zoe@例え.jp>" in text and "🌹🐉" in text


@pytest.mark.parametrize(
    ("command", "summary"),
    [
        ("messages", "List contact messages kept by the outbox"),
        ("send-pending", "Re-send the studio's email for every message still pending"),
        ("deploy-function", "Package the contact function and create or update it on AWS"),
    ],
)
def test_contact_commands_explain_themselves(command: str, summary: str) -> None:
    result = CliRunner().invoke(build.cli, [command, "--help"])
    assert result.exit_code == 0 and summary in result.output


def test_messages_on_an_empty_outbox(tmp_path: Path) -> None:
    result = CliRunner().invoke(build.cli, ["messages", "--outbox", str(tmp_path / "new.sqlite3")])
    assert (result.exit_code, result.output) == (0, "No messages.\n")
    as_json = CliRunner().invoke(
        build.cli, ["messages", "--json", "--outbox", str(tmp_path / "new.sqlite3")]
    )
    assert json.loads(as_json.output) == []
