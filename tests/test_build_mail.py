"""#41 item 7: `build.py mail [--json] [--to ADDRESS]` lists the emails the function would have
sent, newest first: where nothing is sent the outbox keeps every one it composes (the
studio's, the visitor's confirmation and outcome, the digest). Through the handler's HTTP
events and the command line (docs/contact.md, "The emails, locally: build.py mail")."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlencode

import pytest
from click.testing import CliRunner
from contact_support import GOOD, local_settings, make_service, post_event

import build
from functions.contact.handlers.app import respond
from functions.contact.handlers.settings import Settings
from functions.contact.logic.service import ContactService

LOCAL_SITE_URL = "http://127.0.0.1:8000"  # serve's default address: the kept emails' links
SPANISH = {**GOOD, "lang": "es", "name": "Lucía Pérez", "email": "Lucia@Example.com"}


@pytest.fixture(autouse=True)
def _no_email_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("CONTACT_NOTIFY_FROM", "CONTACT_NOTIFY_TO", "CONTACT_SITE_URL", "CONTACT_STORE"):
        monkeypatch.delenv(name, raising=False)


def mail(outbox: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(build.cli, ["mail", "--outbox", str(outbox), *args])
    return result.exit_code, result.output


def decline(service: ContactService, link: str) -> None:
    path, _, query = link.removeprefix(LOCAL_SITE_URL).partition("?")
    event = post_event(None, "POST")
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["rawQueryString"] = query
    event["headers"]["content-type"] = "application/x-www-form-urlencoded"
    event["body"] = urlencode({"reason": "books-full", "note": "Maybe in spring."})
    assert respond(service, Settings(), event)["statusCode"] == 200


def test_a_request_walked_through_locally_every_email_listed_newest_first(
    tmp_path: Path,
) -> None:
    service = make_service(tmp_path, local_settings(tmp_path))
    outbox = tmp_path / "outbox.sqlite3"
    assert mail(outbox) == (0, "No emails kept.\n")
    assert respond(service, Settings(), post_event(SPANISH))["statusCode"] == 200
    code, output = mail(outbox, "--json")
    assert code == 0, output
    confirmation, studio = json.loads(output)  # newest first
    assert set(studio) == {"to", "subject", "lang", "text", "links"}
    assert studio["to"] == ["studio@localhost"] and studio["lang"] == "en"
    assert studio["subject"] == "Website contact: Lucía Pérez - Tattoo Consultation"
    assert "Lucía Pérez" in studio["text"]
    # The request's links, for serve's address (CONTACT_SITE_URL when it serves elsewhere).
    actions = [u for u in studio["links"] if "/api/requests/" in u]
    assert [u.split("?")[0].rsplit("/", 1)[1] for u in actions] == [
        "accept",
        "decline",
        "waitlist",
    ]
    assert all(u.startswith(f"{LOCAL_SITE_URL}/api/requests/") for u in actions)
    assert confirmation["to"] == ["Lucia@example.com"] and confirmation["lang"] == "es"
    assert f"{LOCAL_SITE_URL}/es/policies" in confirmation["links"]

    decline(service, actions[1])  # the studio's Decline link, as its email carries it
    outcome, *_ = json.loads(mail(outbox, "--json")[1])
    assert outcome["to"] == ["Lucia@example.com"] and outcome["lang"] == "es"
    assert "Maybe in spring." in outcome["text"]

    # --to: by recipient, any case.
    visitor = json.loads(mail(outbox, "--json", "--to", "LUCIA@EXAMPLE.COM")[1])
    assert [m["subject"] for m in visitor] == [outcome["subject"], confirmation["subject"]]
    assert json.loads(mail(outbox, "--json", "--to", "Studio@Localhost")[1]) == [studio]
    assert json.loads(mail(outbox, "--json", "--to", "nobody@example.com")[1]) == []
    # The text listing: headers and the text of each.
    code, text = mail(outbox)
    assert code == 0 and text.rstrip().endswith("3 email(s), newest first.")
    assert "To: studio@localhost\nSubject: Website contact: Lucía Pérez" in text
    assert "Language: es" in text
    # Nothing went out: the message is still pending, as locally before.
    listed = CliRunner().invoke(build.cli, ["messages", "--json", "--outbox", str(outbox)])
    assert [m["status"] for m in json.loads(listed.output)] == ["pending"]


def test_on_aws_it_says_what_it_lists(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTACT_STORE", "dynamodb")
    monkeypatch.setenv("AWS_REGION", "us-east-1")
    code, output = mail(tmp_path / "outbox.sqlite3")
    assert code == 1
    assert "the local outbox keeps" in output and "not kept" in output
    assert "Traceback" not in output
