"""Issue #43 item 4: the contact function's logs (CloudWatch: Python logging in
functions/contact) and `serve`'s never carry a visitor's name, email address, phone number,
message or image key in clear (docs/privacy.md, "Logs").

Each test sends a request with distinctive values through one path (stored and emailed with
an image; caught by the spam traps; refused by the rules; SES down; DynamoDB down; the same
through `serve`'s HTTP server), captures every log record of every logger at DEBUG (botocore's
and moto's included), with stdout and stderr, and searches all of it for each value. The
message ids stay: operators need them.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from pathlib import Path

import boto3
import httpx
import pytest
from botocore.exceptions import ClientError
from contact_support import (
    GOOD,
    SITE,
    BrokenStore,
    RecordingNotifier,
    call,
    handler_for,
    local_settings,
    make_service,
    post_event,
    with_confirmations,
)
from ses_support import REGION, SENDER, STUDIO
from upload_support import ask, picture, post_file

from functions.contact.dal.dynamodb import DynamoStore
from functions.contact.logic.service import ContactService
from serverthread import running_server

# Values no log line could hold by chance.
VISITOR = {
    "name": "Quillon Vextrabury",
    "email": "quillon.vextrabury+leaktest@example.org",
    "phone": "(469) 555-0173",
    "message": "Periwinkle axolotl sleeve wrapping the calf, reference zq-7731.",
}


# The test's own HTTP client: the visitor's browser, not the function or `serve`.
CLIENT_LOGGERS = ("httpx", "httpcore")


class Captured:
    """Everything logged while a test ran: records of every logger (formatted as a handler
    formats them, tracebacks included), stdout and stderr."""

    def __init__(self, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]):
        self.caplog, self.capfd = caplog, capfd

    def text(self) -> str:
        out, err = self.capfd.readouterr()
        ours = [r for r in self.caplog.records if not r.name.startswith(CLIENT_LOGGERS)]
        formatted = [self.caplog.handler.format(r) for r in ours]
        return "\n".join([*formatted, *(r.getMessage() for r in ours), out, err])


@pytest.fixture
def captured(caplog, capfd) -> Iterator[Captured]:
    caplog.set_level(logging.DEBUG)  # the root: every logger, botocore's included
    yield Captured(caplog, capfd)


def values(visitor: dict, keys: list[str] = ()) -> dict[str, str]:
    """What must not be found, by what it is: each field, the phone's digits alone, each key."""
    found = {field: visitor[field] for field in ("name", "email", "phone", "message")}
    found["phone digits"] = re.sub(r"\D", "", visitor["phone"])
    found.update({f"image key {n}": key for n, key in enumerate(keys, start=1)})
    return found


def assert_no_personal_data(
    captured: Captured, visitor: dict, keys: list[str] = (), logged: bool = True
) -> str:
    text = captured.text()
    if logged:  # where the path logs, the search reads something
        assert text.strip(), "nothing was logged: the search would prove nothing"
    leaks = {what: value for what, value in values(visitor, keys).items() if value in text}
    lowered = text.casefold()
    leaks.update(
        {
            what: value
            for what, value in values(visitor, keys).items()
            if value.casefold() in lowered
        }
    )
    assert not leaks, f"in the logs: {leaks}\n---\n{text[-4000:]}"
    return text


def with_image(service: ContactService, body: dict) -> tuple[dict, str]:
    """The body with one uploaded reference image, and the image's pending key."""
    grant = ask(service)
    assert service.uploads.receive(grant["upload"]["fields"], picture()) == (204, "")
    return {**body, "references": [grant["id"]]}, grant["upload"]["fields"]["key"]


# --- the paths -------------------------------------------------------------------------------------


def test_a_stored_and_emailed_message_with_an_image(tmp_path: Path, captured) -> None:
    notifier = RecordingNotifier()
    service = with_confirmations(make_service(tmp_path, notifier=notifier))
    body, pending = with_image(service, {**GOOD, **VISITOR})
    status, answer, _ = call(service, post_event(body))
    assert (status, answer["success"]) == (200, True)
    (kept,) = service.store.list()
    assert kept.status == "sent" and len(notifier.delivered) == 1  # studio and visitor emailed
    text = assert_no_personal_data(captured, VISITOR, [pending, *kept.image_keys])
    assert kept.id in text  # what operators need stays


@pytest.mark.parametrize(
    "trap", [{"website": "http://spam.example"}, {"elapsed_ms": 400}], ids=["honeypot", "too-fast"]
)
def test_spam_caught_by_the_traps(tmp_path: Path, captured, trap: dict) -> None:
    service = make_service(tmp_path, notifier=RecordingNotifier())
    body, pending = with_image(service, {**GOOD, **VISITOR, **trap})
    assert call(service, post_event(body))[0] == 200
    (spam,) = service.store.list()
    assert spam.status == "spam"
    text = assert_no_personal_data(captured, VISITOR, [pending, *spam.image_keys])
    assert spam.id in text


def test_a_refused_request(tmp_path: Path, captured) -> None:
    service = make_service(tmp_path, notifier=RecordingNotifier())
    refused = {**VISITOR, "email": "quillon.vextrabury@@leaktest", "phone": "(469) 555-0173 x"}
    status, answer, _ = call(service, post_event({**GOOD, **refused, "artist": "nobody"}))
    assert status == 400 and set(answer["fields"]) >= {"email", "artist"}
    # A body the rules cannot read at all, carrying the visitor's words.
    assert call(service, post_event(json.dumps(VISITOR)[:-1]))[0] == 400
    assert call(service, post_event([VISITOR]))[0] == 400
    assert_no_personal_data(captured, refused, logged=False)  # a refusal is not logged at all


def test_ses_down(tmp_path: Path, aws, captured) -> None:
    """SES refuses the studio's email (an unverified sender) and the visitor's confirmation
    with the words AWS uses, which name the refused address."""

    class RefusingClient:
        def __init__(self) -> None:
            self.client = boto3.client("sesv2", region_name=REGION)

        def send_email(self, **kwargs):  # noqa: ANN003, ANN201 - boto3's signature
            to = ", ".join(kwargs["Destination"]["ToAddresses"])
            error = {
                "Code": "MessageRejected",
                "Message": "Email address is not verified. The following identities failed "
                f"the check in region US-EAST-1: {to}",
            }
            raise ClientError({"Error": error, "ResponseMetadata": {}}, "SendEmail")

    # As on Lambda: the studio's addresses and SES from the settings, confirmations on.
    settings = local_settings(
        tmp_path, notify_from=SENDER, notify_to=(STUDIO,), region=REGION, site_url=SITE
    )
    service = make_service(tmp_path, settings)
    assert service.confirmations is not None
    service.notifier.client = RefusingClient()
    body, pending = with_image(service, {**GOOD, **VISITOR})
    assert call(service, post_event(body))[:2] == (
        200,
        {"success": True, "message": answer_of(service)},
    )
    (kept,) = service.store.list()
    assert kept.status == "pending" and "MessageRejected" in kept.last_error
    # The schedule's retry, still refused.
    report = service.send_pending()
    assert report.failed == 1
    text = assert_no_personal_data(captured, VISITOR, [pending, *kept.image_keys])
    assert kept.id in text
    assert re.search(r"check in region US-EAST-1: \[(visitor|email)\]", text)
    assert "US-EAST-1: studio@studio.example" in text  # the studio's own address stays


def answer_of(service: ContactService) -> str:
    from functions.contact.words.messages import THANK_YOU

    return THANK_YOU


def test_dynamodb_down(tmp_path: Path, aws, captured) -> None:
    service = make_service(tmp_path, store=DynamoStore("no-such-table", REGION))
    status, _, _ = call(service, post_event({**GOOD, **VISITOR}))
    assert status == 503
    service = make_service(tmp_path / "b", store=BrokenStore())
    assert call(service, post_event({**GOOD, **VISITOR}))[0] == 503
    assert_no_personal_data(captured, VISITOR)


def test_through_serve(tmp_path: Path, captured) -> None:
    """`serve`: its HTTP server (uvicorn, its access log if any) and the function behind it."""
    settings = local_settings(tmp_path)
    service = with_confirmations(make_service(tmp_path, settings, notifier=RecordingNotifier()))
    with running_server(
        tmp_path / "dist", contact=handler_for(service, settings), uploads=service.uploads
    ) as url:
        grant = httpx.post(f"{url}/api/contact/uploads", json={"type": "image/jpeg"}).json()
        uploaded = post_file(
            f"{url}/api/contact/uploads/file", grant["upload"]["fields"], picture()
        )
        assert uploaded.status_code == 204
        body = {**GOOD, **VISITOR, "references": [grant["id"]]}
        assert httpx.post(f"{url}/api/contact", json=body).status_code == 200
        refused = httpx.post(f"{url}/api/contact", json={**body, "email": "not an address"})
        assert refused.status_code == 400
        # The visitor's values in a query string and a path, as a mistyped link would carry them.
        query = httpx.QueryParams(VISITOR)
        httpx.get(f"{url}/api/contact?{query}")
        httpx.get(f"{url}/{VISITOR['email']}")
    kept = [m for m in service.store.list() if m.email == VISITOR["email"]]
    assert len(kept) == 1
    keys = [grant["upload"]["fields"]["key"], *kept[0].image_keys]
    assert_no_personal_data(captured, VISITOR, keys)


def test_an_unexpected_error_whose_words_carry_the_visitors(tmp_path: Path, captured) -> None:
    """A bug's exception, its traceback logged, quoting what the visitor sent."""
    service = make_service(tmp_path, notifier=RecordingNotifier())

    def explode(message) -> None:  # noqa: ANN001 - a StoredMessage
        raise KeyError(f"{message.name} <{message.email}> {message.phone}: {message.message}")

    service.store.add = explode
    assert call(service, post_event({**GOOD, **VISITOR}))[0] == 503
    text = assert_no_personal_data(captured, VISITOR)
    assert "KeyError" in text and "Traceback" in text  # the traceback itself is kept


def test_the_image_store_down(tmp_path: Path, captured) -> None:
    """An upload that cannot be written: the log names what failed, not the image's key."""
    service = make_service(tmp_path, notifier=RecordingNotifier())
    grant = ask(service)

    def full_disk(path, data) -> None:  # noqa: ANN001
        raise OSError(28, "No space left on device", str(path))

    service.uploads._write = full_disk
    assert service.uploads.receive(grant["upload"]["fields"], picture())[0] == 503
    assert_no_personal_data(captured, VISITOR, [grant["upload"]["fields"]["key"]])
