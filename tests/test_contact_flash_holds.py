"""A one-off flash design is held by the first claim (#41 item 4; docs/contact.md, "A one-off
design is held by the first claim"): through the handler's HTTP events on the SQLite outbox
and on DynamoDB (moto), and GET /api/flash/holds through `serve`'s app.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path
from urllib.parse import urlencode

import boto3
import httpx
import pytest
from contact_support import GOOD, call, handler_for, local_settings, make_service, post_event

from functions.contact.dal.dynamodb import DynamoStore, table_definition
from functions.contact.handlers.app import respond
from functions.contact.handlers.settings import Settings
from functions.contact.logic.flash import NoFlash
from functions.contact.logic.request_actions import RequestLinks
from functions.contact.logic.service import ContactService
from functions.contact.models.flash import MAX_HOLDS_LISTED
from functions.contact.models.request_state import moved
from functions.contact.words import messages, messages_es
from serverthread import running_server

SITE = "https://studio.example"
SECRET = "s" * 64
CLAIM = {**GOOD, "flash": "jane-doe/swallow"}  # one-off (contact_support.FLASH)
REPEATABLE = {**GOOD, "artist": "max-ink", "flash": "max-ink/rose"}
HOLDS = "/api/flash/holds"


def outbox_service(tmp_path: Path, **kwargs: object) -> ContactService:
    settings = local_settings(tmp_path, site_url=SITE, link_secret=SECRET)
    return make_service(tmp_path, settings, **kwargs)


def dynamo_service(tmp_path: Path, **kwargs: object) -> ContactService:
    boto3.client("dynamodb", region_name="us-east-1").create_table(**table_definition("messages"))
    settings = Settings(
        store="dynamodb",
        table="messages",
        region="us-east-1",
        site_url=SITE,
        link_secret=SECRET,
        confirmation=False,
        rate_limit=local_settings(tmp_path).rate_limit,
    )
    service = make_service(tmp_path, settings, **kwargs)
    assert isinstance(service.store, DynamoStore)
    return service


@pytest.fixture(params=["outbox", "dynamodb"])
def make(request: pytest.FixtureRequest, tmp_path: Path):
    """Builds the service on one store or the other (DynamoDB: moto, for this test)."""
    if request.param == "outbox":
        yield lambda **kwargs: outbox_service(tmp_path, **kwargs)
        return
    assert request.getfixturevalue("aws") is None
    isolate_moto_transactions(request.getfixturevalue("monkeypatch"))
    yield lambda **kwargs: dynamo_service(tmp_path, **kwargs)


def isolate_moto_transactions(monkeypatch: pytest.MonkeyPatch) -> None:
    """DynamoDB runs each TransactWriteItems in isolation (serializable); moto does not: it
    copies the table first and puts that copy back when the transaction is cancelled, which
    loses a transaction that committed meanwhile in another thread. A lock gives moto the
    isolation DynamoDB has, so the test judges our conditions, not moto's threading."""
    from moto.dynamodb.models import DynamoDBBackend

    lock, original = threading.Lock(), DynamoDBBackend.transact_write_items

    def isolated(self, transact_items):  # noqa: ANN001, ANN202 - moto's own signature
        with lock:
            return original(self, transact_items)

    monkeypatch.setattr(DynamoDBBackend, "transact_write_items", isolated)


def claim(service: ContactService, payload: dict = CLAIM, ip: str = "203.0.113.7") -> tuple:
    status, body, _ = call(service, post_event(payload, ip=ip))
    return status, body


def holds(service: ContactService, method: str = "GET") -> tuple[int, dict, dict]:
    event = post_event(None, method)
    event["rawPath"] = event["requestContext"]["http"]["path"] = HOLDS
    return call(service, event)


def held(service: ContactService) -> list[str]:
    status, body, headers = holds(service)
    assert status == 200, body
    assert headers["cache-control"] == "public, max-age=60"
    return body["held"]


def studio_link(service: ContactService, message_id: str, action: str, form: dict) -> int:
    """POST the studio's link (Accept, Decline) as its page's form does: the status."""
    links = RequestLinks(SITE, SECRET)(service.store.get(message_id))
    (url,) = [u for label, u in links if label.lower() == action]
    path, _, query = url.removeprefix(SITE).partition("?")
    event = post_event(None, "POST")
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["rawQueryString"] = query
    event["headers"]["content-type"] = "application/x-www-form-urlencoded"
    event["body"] = urlencode(form)
    return respond(service, Settings(), event)["statusCode"]  # an HTML page


def test_two_claims_at_once_one_holds_the_design_and_the_other_is_told_kindly(make) -> None:
    service = make()
    assert held(service) == []  # the store opened once (an outbox's first open is not the test)
    start = threading.Barrier(2)
    answers: list[tuple] = []

    def visitor(n: int) -> None:
        payload = {**CLAIM, "name": f"Visitor {n}", "email": f"v{n}@example.com"}
        start.wait()
        answers.append(claim(service, payload, ip=f"203.0.113.{n}"))

    threads = [threading.Thread(target=visitor, args=(n,)) for n in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(status for status, _ in answers) == [200, 409]
    (refused,) = [body for status, body in answers if status == 409]
    assert refused == {
        "success": False,
        "error": messages.FLASH_HELD,
        "fields": {"flash": messages.FLASH_HELD},
    }
    (kept,) = service.store.list()
    assert kept.hold == "jane-doe/swallow"
    # Nothing about the other visitor: neither their name nor their address.
    other = "Visitor 1" if kept.name == "Visitor 2" else "Visitor 2"
    assert other not in json.dumps(refused) and kept.email not in json.dumps(refused)
    assert held(service) == ["jane-doe/swallow"]


def test_the_refusal_is_in_the_visitors_language(make) -> None:
    service = make()
    assert claim(service)[0] == 200
    status, body = claim(service, {**CLAIM, "lang": "es"}, ip="203.0.113.9")
    assert (status, body["error"], body["fields"]) == (
        409,
        messages_es.FLASH_HELD,
        {"flash": messages_es.FLASH_HELD},
    )
    assert body["error"].startswith("Alguien acaba de apartar este diseño")
    assert len(service.store.list()) == 1


def test_a_repeatable_design_is_never_held(make) -> None:
    service = make()
    assert claim(service, REPEATABLE)[0] == 200
    assert claim(service, REPEATABLE, ip="203.0.113.9")[0] == 200
    assert [m.hold for m in service.store.list()] == ["", ""]
    assert held(service) == []


def test_an_unverified_design_is_held_too(make) -> None:
    service = make(flash=NoFlash())  # the site could not be read
    assert claim(service)[0] == 200
    (message,) = service.store.list()
    assert message.flash == {"id": "jane-doe/swallow", "verified": False}
    assert message.hold == "jane-doe/swallow"
    assert claim(service, ip="203.0.113.9")[0] == 409


def test_spam_is_kept_but_never_holds_a_design(make) -> None:
    service = make()
    assert claim(service, {**CLAIM, "website": "https://spam.example"})[0] == 200
    (spam,) = service.store.list()
    assert (spam.status, spam.hold) == ("spam", "")
    assert held(service) == []
    assert claim(service, ip="203.0.113.9")[0] == 200
    assert held(service) == ["jane-doe/swallow"]


def test_a_decline_gives_the_design_back(make) -> None:
    service = make()
    assert claim(service)[0] == 200
    (first,) = service.store.list()
    assert studio_link(service, first.id, "decline", {"reason": "books-full"}) == 200
    declined = service.store.get(first.id)
    assert (declined.state, declined.hold) == ("declined", "")
    assert held(service) == []
    assert claim(service, ip="203.0.113.9")[0] == 200
    assert held(service) == ["jane-doe/swallow"]


def test_an_expiry_gives_the_design_back(make) -> None:
    service = make()
    assert claim(service)[0] == 200
    (first,) = service.store.list()
    accepted = moved(first, "accepted", "2026-11-28T10:00", "studio link", deposit_cents=10000)
    assert service.store.change_state(accepted, "new") is True
    assert held(service) == ["jane-doe/swallow"]  # a deposit asked: still held
    expired = moved(service.store.get(first.id), "expired", "2026-12-03T10:00", "expiry")
    assert service.store.change_state(expired, "accepted") is True
    assert service.store.get(first.id).hold == ""
    assert held(service) == []
    assert claim(service, ip="203.0.113.9")[0] == 200


def test_a_booking_keeps_the_hold(make) -> None:
    service = make()
    assert claim(service)[0] == 200
    (first,) = service.store.list()
    assert studio_link(service, first.id, "accept", {"deposit": "0"}) == 200
    booked = service.store.get(first.id)
    assert (booked.state, booked.hold) == ("booked", "jane-doe/swallow")
    assert held(service) == ["jane-doe/swallow"]
    assert claim(service, ip="203.0.113.9")[0] == 409


def test_the_holds_answer_is_get_only_and_bounded(tmp_path: Path) -> None:
    service = outbox_service(tmp_path)
    status, body, headers = holds(service, "POST")
    assert (status, headers["allow"]) == (405, "GET")
    assert held(service) == []
    with sqlite3.connect(tmp_path / "outbox.sqlite3") as db:
        db.executemany(
            "INSERT INTO holds (design_id, message_id) VALUES (?, ?)",
            [(f"a/d{n:04}", f"m{n}") for n in range(MAX_HOLDS_LISTED + 100)],
        )
    assert len(held(service)) == MAX_HOLDS_LISTED


def test_serve_answers_the_holds_before_the_static_files(tmp_path: Path) -> None:
    service = outbox_service(tmp_path)
    dist = tmp_path / "dist"
    (dist / "index.html").write_text("<!doctype html><title>x</title>", "utf-8")
    assert (dist / "api" / "flash" / "all.json").is_file()  # the static files beside it
    assert claim(service)[0] == 200
    with running_server(dist, contact=handler_for(service)) as url:
        answer = httpx.get(url + HOLDS)
    assert answer.status_code == 200
    assert answer.json() == {"held": ["jane-doe/swallow"]}
    assert answer.headers["cache-control"] == "public, max-age=60"
