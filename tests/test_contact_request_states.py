"""A request's state and the studio's Accept, Decline and Waitlist links (#41 items 1-2;
docs/contact.md, "A request's state" and "The studio's links on a request"): through the
handler's HTTP events, the SQLite outbox, DynamoDB and SES on moto, and `build.py requests`.
"""

from __future__ import annotations

import email
import email.policy
import json
import re
import sqlite3
import threading
from pathlib import Path
from urllib.parse import urlsplit

import boto3
import pytest
from click.testing import CliRunner
from contact_support import (
    GOOD,
    local_settings,
    make_service,
    old_outbox,
)
from contact_support import (
    link_event as event,
)
from contact_support import (
    submit_request as submit,
)
from ses_support import SENDER, STUDIO, sent_emails

import build
from functions.contact.dal.dynamodb import DynamoStore, table_definition
from functions.contact.dal.outbox import SqliteOutbox
from functions.contact.handlers.app import build_service, respond
from functions.contact.handlers.settings import Settings
from functions.contact.logic.request_actions import RequestLinks, action_token
from functions.contact.logic.service import ContactService
from functions.contact.models.request_state import NotAllowed, moved

SITE = "https://studio.example"
SECRET = "s" * 64
SPANISH = {**GOOD, "lang": "es", "name": "Lucía Pérez", "email": "lucia@example.com"}


def local(tmp_path: Path, clock: list[float] | None = None) -> ContactService:
    """A laptop's service: the outbox, no email configured (the visitor's emails are kept in
    the outbox), links signed with SECRET for SITE."""
    service = make_service(tmp_path, local_settings(tmp_path, site_url=SITE, link_secret=SECRET))
    if clock is not None:
        service.request_actions.clock = lambda: clock[0]
    return service


def links_of(service: ContactService, message_id: str, now: float | None = None) -> dict[str, str]:
    """The three links as the studio's email carries them: {action: path?query}."""
    clock = (lambda: now) if now is not None else service.request_actions.clock
    links = RequestLinks(SITE, SECRET, clock)(service.store.get(message_id))
    return {label.lower(): url.removeprefix(SITE) for label, url in links}


def open_link(
    service: ContactService, link: str, method: str = "GET", form: dict | None = None
) -> tuple[int, str]:
    answer = respond(service, Settings(), event(link, method, form))
    return answer["statusCode"], answer["body"]


def to_visitors(service: ContactService) -> list[tuple[tuple[str, ...], bytes]]:
    """The emails the outbox kept for visitors: their confirmation and the outcomes (it
    keeps the studio's email too, #41 item 7: build.py mail)."""
    return [
        (recipients, raw)
        for _, recipients, raw in reversed(service.store.kept_emails())
        if b"Auto-Submitted: auto-generated" in raw and b".confirmation@" not in raw
    ]


def kept_emails(service: ContactService) -> list[email.message.EmailMessage]:
    return [
        email.message_from_bytes(raw, policy=email.policy.default)
        for _, raw in to_visitors(service)
    ]


# --- the state, stored --------------------------------------------------------------------


def test_a_request_starts_new_and_an_old_outbox_reads_as_new(tmp_path: Path) -> None:
    service = local(tmp_path)
    message_id = submit(service)
    stored = service.store.get(message_id)
    assert (stored.state, stored.state_history, stored.deposit_cents, stored.hold) == (
        "new",
        (),
        0,
        "",
    )
    old = SqliteOutbox(old_outbox(tmp_path / "old.sqlite3"))
    assert old.get("old").state == "new"


def test_the_moves_are_pure_rules() -> None:
    from ses_support import stored

    request = stored()
    booked = moved(request, "booked", "2026-11-28T10:00", "studio link", note="See you")
    assert booked.state_history == (
        {"state": "booked", "at": "2026-11-28T10:00", "by": "studio link", "note": "See you"},
    )
    with pytest.raises(NotAllowed):
        moved(booked, "waitlisted", "2026-11-28T10:01", "studio link")
    with pytest.raises(NotAllowed):
        moved(request, "expired", "2026-11-28T10:01", "expiry")  # only an accepted one expires


def test_a_change_is_written_only_from_the_state_it_was_read_in(tmp_path: Path) -> None:
    service = local(tmp_path)
    request = service.store.get(submit(service))
    declined = moved(request, "declined", "2026-11-28T10:00", "studio link")
    waitlisted = moved(request, "waitlisted", "2026-11-28T10:00", "studio link")
    assert service.store.change_state(declined, "new") is True
    assert service.store.change_state(waitlisted, "new") is False  # read as new: it is not
    now = service.store.get(request.id)
    assert now.state == "declined" and [e["state"] for e in now.state_history] == ["declined"]


def test_dynamodb_changes_once_from_the_state_read_and_reads_an_old_item_as_new(aws) -> None:
    from contact_support import put_old_message
    from ses_support import stored

    client = boto3.client("dynamodb", region_name="us-east-1")
    client.create_table(**table_definition("messages"))
    store = DynamoStore("messages", "us-east-1")
    put_old_message(client, "messages")
    old = store.get("old")
    assert old.state == "new"
    item = client.get_item(TableName="messages", Key={"id": {"S": "old"}})["Item"]
    assert "state" not in item and "hold" not in item
    booked = moved(old, "booked", "2026-11-28T10:00", "studio link", when="Friday 3pm")
    assert store.change_state(booked, "new") is True
    assert store.change_state(moved(old, "declined", "x", "studio link"), "new") is False
    again = store.get("old")
    assert again.state == "booked"
    assert again.state_history == (
        {"state": "booked", "at": "2026-11-28T10:00", "by": "studio link", "when": "Friday 3pm"},
    )
    store.add(stored(id="spam1", status="spam", expires_at=2_000_000_000))
    spam = store.get("spam1")
    assert store.change_state(moved(spam, "declined", "x", "studio link"), "new") is False


# --- the links: GET shows, POST acts -------------------------------------------------------


def test_opening_a_link_changes_nothing_and_posting_it_books_and_tells_the_visitor(
    tmp_path: Path,
) -> None:
    service = local(tmp_path)
    message_id = submit(service)
    links = links_of(service, message_id)
    assert set(links) == {"accept", "decline", "waitlist"}
    assert links["accept"].startswith(f"/api/requests/{message_id}/accept?t=")

    status, page = open_link(service, links["accept"])  # what a mail scanner does too
    assert status == 200 and '<form method="post" action="">' in page
    assert "Ana López" in page and 'name="deposit" value="0"' in page and "<script" not in page
    assert 'name="viewport"' in page
    assert service.store.get(message_id).state == "new" and to_visitors(service) == []

    form = {"deposit": "0", "when": "Friday 5 Dec, 3 pm", "note": "Bring your sketch."}
    status, page = open_link(service, links["accept"], "POST", form)
    assert status == 200 and "accepted and booked" in page
    request = service.store.get(message_id)
    assert request.state == "booked"
    ((entry),) = request.state_history
    assert (entry["state"], entry["by"], entry["when"]) == (
        "booked",
        "studio link",
        "Friday 5 Dec, 3 pm",
    )
    (told,) = kept_emails(service)
    assert told["To"] == "ana@example.com" and told["Subject"] == "Your request is accepted"
    text = told.get_content()
    assert "Hi Ana," in text and "The studio proposes: Friday 5 Dec, 3 pm" in text
    assert "Bring your sketch." in text

    status, page = open_link(service, links["accept"], "POST", form)  # replayed
    assert status == 409 and "already accepted and booked" in page
    assert re.search(r" C[SD]T \(studio link\)", page)  # the studio's time zone, not UTC
    assert len(to_visitors(service)) == 1
    assert open_link(service, links["decline"])[0] == 409  # booked: nothing more to do


@pytest.mark.parametrize(
    ("action", "form", "state", "subject", "line"),
    [
        (
            "decline",
            {"reason": "books-full", "note": "Try us in spring."},
            "declined",
            "Sobre tu solicitud",
            "Por ahora nuestra agenda está llena",
        ),
        ("waitlist", {"note": ""}, "waitlisted", "Estás en la lista de espera", "lista de espera"),
        ("accept", {}, "booked", "Tu solicitud fue aceptada", "se pondrá en contacto contigo"),
    ],
)
def test_the_visitor_is_told_in_the_language_they_wrote_in(
    tmp_path: Path, action: str, form: dict, state: str, subject: str, line: str
) -> None:
    service = local(tmp_path)
    message_id = submit(service, SPANISH)
    status, _ = open_link(service, links_of(service, message_id)[action], "POST", form)
    assert status == 200 and service.store.get(message_id).state == state
    (told,) = kept_emails(service)
    assert told["To"] == "lucia@example.com" and told["Subject"] == subject
    text = told.get_content()
    assert text.startswith("¡Hola, Lucía!") and line in text
    assert "Para responder, contesta a este correo." in text


def test_a_decline_in_english_carries_the_reason_and_the_note(tmp_path: Path) -> None:
    service = local(tmp_path)
    message_id = submit(service)
    link = links_of(service, message_id)["decline"]
    status, page = open_link(service, link)
    assert status == 200 and '<option value="books-full">Books full</option>' in page
    assert open_link(service, link, "POST", {"note": "x"})[0] == 400  # a reason is needed
    assert service.store.get(message_id).state == "new"
    form = {"reason": "style", "note": "Max does fine line: ask for him."}
    assert open_link(service, link, "POST", form)[0] == 200
    (told,) = kept_emails(service)
    text = told.get_content()
    assert told["Subject"] == "About your request"
    assert "not in a style this artist does" in text and "Max does fine line" in text
    (entry,) = service.store.get(message_id).state_history
    assert entry["reason"] == "style"


def test_a_waitlisted_request_can_still_be_accepted_once(tmp_path: Path) -> None:
    service = local(tmp_path)
    message_id = submit(service)
    links = links_of(service, message_id)
    assert open_link(service, links["waitlist"], "POST")[0] == 200
    assert open_link(service, links["waitlist"], "POST")[0] == 409
    assert open_link(service, links["accept"], "POST")[0] == 200
    states = [e["state"] for e in service.store.get(message_id).state_history]
    assert states == ["waitlisted", "booked"]


def test_a_deposit_is_refused_until_deposits_are_set_up(tmp_path: Path) -> None:
    service = local(tmp_path)
    message_id = submit(service)
    link = links_of(service, message_id)["accept"]
    for deposit in ("100", "-5", "1e3", "9" * 30):
        status, page = open_link(service, link, "POST", {"deposit": deposit})
        assert status == 400, deposit
    assert service.store.get(message_id).state == "new" and to_visitors(service) == []


# --- forged, expired, replayed, concurrent --------------------------------------------------


@pytest.mark.parametrize(
    "forge",
    [
        lambda m, e, s: f"/api/requests/{m}/accept?t={e}.{'0' * 64}",  # another signature
        lambda m, e, s: f"/api/requests/{m}/accept?t={e + 86400}.{s}",  # a later end
        lambda m, e, s: f"/api/requests/{'f' * 32}/accept?t={e}.{s}",  # another message
        lambda m, e, s: f"/api/requests/{m}/decline?t={e}.{s}",  # another action
        lambda m, e, s: f"/api/requests/{m}/accept",  # no token
        lambda m, e, s: f"/api/requests/{m}/accept?t={e}.{s[:-1]}",
        lambda m, e, s: f"/api/requests/{m}/../accept?t={e}.{s}",
        lambda m, e, s: f"/api/contact/not-spam/{m}/{e}/{s}",  # a request's signature
    ],
)
def test_forged_links_are_404_and_change_nothing(tmp_path: Path, forge) -> None:  # noqa: ANN001
    service = local(tmp_path)
    message_id = submit(service)
    good = links_of(service, message_id)["accept"]
    expires, signature = good.split("?t=")[1].split(".")
    link = forge(message_id, int(expires), signature)
    for method in ("GET", "POST"):
        status, page = open_link(service, link, method)
        assert status == 404, (link, method)
        assert "Ana" not in page
    assert service.store.get(message_id).state == "new" and to_visitors(service) == []


def test_an_expired_link_is_410(tmp_path: Path) -> None:
    now = [1_800_000_000.0]
    service = local(tmp_path, now)
    message_id = submit(service)
    link = links_of(service, message_id, now=now[0])["waitlist"]
    now[0] += 30 * 24 * 3600 + 1
    assert open_link(service, link)[0] == 410
    assert open_link(service, link, "POST")[0] == 410
    assert service.store.get(message_id).state == "new"


def test_two_posts_at_once_make_exactly_one_change(tmp_path: Path) -> None:
    service = local(tmp_path)
    message_id = submit(service)
    links = links_of(service, message_id)
    barrier, answers = threading.Barrier(2), []

    def post(action: str) -> None:
        barrier.wait()
        form = {"reason": "other"} if action == "decline" else {}
        answers.append(open_link(service, links[action], "POST", form)[0])

    # The outbox's change races as two processes' would: each thread reads, then writes.
    threads = [threading.Thread(target=post, args=(a,)) for a in ("accept", "decline")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200, 409]
    request = service.store.get(message_id)
    assert len(request.state_history) == 1 and len(to_visitors(service)) == 1


def test_a_stale_read_loses_to_the_change_that_landed_first(tmp_path: Path) -> None:
    """The second of two posts that both read `new` finds the write refused (the conditional
    write, not the read, decides): its answer says what the first did."""
    service = local(tmp_path)
    message_id = submit(service)
    links = links_of(service, message_id)
    store, fresh = service.store, service.store.get(message_id)
    real_get = store.get
    store.get = lambda i: fresh  # both read the request as new
    assert open_link(service, links["waitlist"], "POST")[0] == 200
    status, page = open_link(service, links["accept"], "POST")
    store.get = real_get
    assert status == 409
    assert [e["state"] for e in service.store.get(message_id).state_history] == ["waitlisted"]
    assert len(to_visitors(service)) == 1


def test_a_stale_read_loses_on_dynamodb_too(tmp_path: Path, aws) -> None:
    service = aws_service(tmp_path)
    message_id = submit(service)
    links = links_of(service, message_id)
    store, fresh = service.store, service.store.get(message_id)
    real_get = store.get
    store.get = lambda i: fresh  # both read the request as new
    assert open_link(service, links["decline"], "POST", {"reason": "age"})[0] == 200
    assert open_link(service, links["accept"], "POST")[0] == 409
    store.get = real_get
    assert [e["state"] for e in service.store.get(message_id).state_history] == ["declined"]
    told = [m for m in sent_emails() if m["To"] == "ana@example.com"]
    assert [m["Subject"] for m in told] == ["About your request"]


def test_a_question_has_no_state_to_change_and_a_flash_claim_has(tmp_path: Path) -> None:
    service = local(tmp_path)
    claim = submit(service, {**GOOD, "service": "Other", "flash": "jane-doe/swallow"})
    assert set(links_of(service, claim)) == {"accept", "decline", "waitlist"}
    status, page = open_link(service, links_of(service, claim)["accept"])
    assert status == 200 and "Swallow" in page
    message_id = submit(service, {**GOOD, "service": "Other"})
    assert links_of(service, message_id) == {}
    token = action_token(SECRET, message_id, "accept", 2_000_000_000)
    assert open_link(service, f"/api/requests/{message_id}/accept?t={token}")[0] == 404


# --- the studio's email on AWS (DynamoDB, SES on moto) --------------------------------------


def aws_service(tmp_path: Path) -> ContactService:
    """The service as on Lambda: DynamoDB, SES (both moto), links to SITE."""
    boto3.client("dynamodb", region_name="us-east-1").create_table(**table_definition("messages"))
    boto3.client("ses", region_name="us-east-1").verify_email_identity(EmailAddress=SENDER)
    settings = Settings(
        store="dynamodb",
        table="messages",
        region="us-east-1",
        notify_from=SENDER,
        notify_to=(STUDIO,),
        site_url=SITE,
        link_secret=SECRET,
        confirmation=False,
        rate_limit=local_settings(tmp_path).rate_limit,
    )
    service = make_service(tmp_path, settings)
    assert isinstance(service.store, DynamoStore)
    return service


def test_the_studio_email_carries_the_links_and_they_work_on_dynamodb_and_ses(
    tmp_path: Path, aws
) -> None:
    service = aws_service(tmp_path)
    message_id = submit(service, SPANISH)
    (studio,) = sent_emails()
    found = dict(re.findall(r"^  (Accept|Decline|Waitlist): (\S+)", studio.get_content(), re.M))
    assert set(found) == {"Accept", "Decline", "Waitlist"}
    link = found["Decline"]
    assert urlsplit(link).path == f"/api/requests/{message_id}/decline"

    assert open_link(service, link.removeprefix(SITE))[0] == 200
    form = {"reason": "age"}
    assert open_link(service, link.removeprefix(SITE), "POST", form)[0] == 200
    assert open_link(service, link.removeprefix(SITE), "POST", form)[0] == 409
    assert service.store.get(message_id).state == "declined"
    told = sent_emails()[1:]
    assert [m["To"] for m in told] == ["lucia@example.com"]
    assert told[0]["Subject"] == "Sobre tu solicitud" and told[0]["Reply-To"] == STUDIO


# --- build.py requests ----------------------------------------------------------------------


def test_build_requests_lists_requests_with_their_state(tmp_path: Path) -> None:
    service = local(tmp_path)
    booked = submit(service)
    submit(service, SPANISH)
    submit(service, {**GOOD, "service": "Other", "name": "Question Asker"})
    assert open_link(service, links_of(service, booked)["accept"], "POST")[0] == 200
    outbox = str(tmp_path / "outbox.sqlite3")
    runner = CliRunner()

    listed = runner.invoke(build.cli, ["requests", "--json", "--outbox", outbox])
    assert listed.exit_code == 0, listed.output
    rows = json.loads(listed.output)
    assert sorted((r["name"], r["state"]) for r in rows) == [
        ("Ana López", "booked"),
        ("Lucía Pérez", "new"),
    ]
    (row,) = [r for r in rows if r["state"] == "booked"]
    assert row["state_history"][0]["by"] == "studio link" and row["deposit_cents"] == 0
    assert "hold" not in row  # absent until a flash hold (#41 item 4)

    new = runner.invoke(build.cli, ["requests", "--json", "--state", "new", "--outbox", outbox])
    assert [r["name"] for r in json.loads(new.output)] == ["Lucía Pérez"]
    text = runner.invoke(build.cli, ["requests", "--outbox", outbox])
    assert "BOOKED  Ana López" in text.output and "1 new, 1 booked" in text.output
    wrong = runner.invoke(build.cli, ["requests", "--state", "paid", "--outbox", outbox])
    assert wrong.exit_code == 1 and "one of new, accepted" in wrong.output
    messages = runner.invoke(build.cli, ["messages", "--json", "--outbox", outbox])
    assert len(json.loads(messages.output)) == 3  # `messages` lists every message, as before


def test_an_outbox_from_before_states_gains_the_columns(tmp_path: Path) -> None:
    path = old_outbox(tmp_path / "outbox.sqlite3")
    listed = CliRunner().invoke(build.cli, ["requests", "--json", "--outbox", str(path)])
    assert listed.exit_code == 0, listed.output
    assert [(r["id"], r["state"]) for r in json.loads(listed.output)] == [("old", "new")]
    columns = {row[1] for row in sqlite3.connect(path).execute("PRAGMA table_info(messages)")}
    assert {"state", "state_history", "deposit_cents", "checkout_session", "hold"} <= columns


def test_the_wiring_keeps_visitor_emails_in_the_outbox_only_without_email(tmp_path: Path) -> None:
    laptop = build_service(local_settings(tmp_path))
    assert laptop.request_actions.mailer is laptop.store


# --- serve: the links over HTTP, the secret kept beside the outbox --------------------------


def test_serve_answers_the_links_that_build_requests_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import httpx
    from contact_support import handler_for

    from serverthread import running_server

    for name in (
        "CONTACT_LINK_SECRET",
        "CONTACT_STORE",
        "CONTACT_NOTIFY_FROM",
        "CONTACT_NOTIFY_TO",
    ):
        monkeypatch.delenv(name, raising=False)
    service = make_service(tmp_path)  # as `serve` builds it: no secret set, one beside the outbox
    message_id = submit(service, SPANISH)
    with running_server(tmp_path / "dist", contact=handler_for(service)) as url:
        printed = CliRunner().invoke(
            build.cli,
            ["requests", "--links", url, "--outbox", str(tmp_path / "outbox.sqlite3")],
        )
        assert printed.exit_code == 0, printed.output
        links = dict(re.findall(r"^  (Accept|Decline|Waitlist): (\S+)$", printed.output, re.M))
        assert links["Waitlist"].startswith(f"{url}/api/requests/{message_id}/waitlist?t=")
        shown = httpx.get(links["Waitlist"])
        assert shown.status_code == 200 and "Lucía Pérez" in shown.text
        assert "'sha256-" in shown.headers["content-security-policy"]
        done = httpx.post(links["Waitlist"], data={"note": "Te escribimos pronto."})
        assert done.status_code == 200 and "put on the waitlist" in done.text
        assert httpx.post(links["Waitlist"]).status_code == 409
    (told,) = kept_emails(service)
    assert told["Subject"] == "Estás en la lista de espera"
    assert "Te escribimos pronto." in told.get_content()


def test_hostile_text_is_escaped_on_the_page_and_made_plain_in_the_email(tmp_path: Path) -> None:
    service = local(tmp_path)
    message_id = submit(service, {**GOOD, "message": "<img src=x onerror=alert(1)> a rose"})
    link = links_of(service, message_id)["accept"]
    status, page = open_link(service, link)
    assert status == 200 and "<img" not in page and "&lt;img src=x" in page
    assert open_link(service, link, "POST", {"note": "x" * 9000})[0] == 400  # past the bound
    assert open_link(service, link, "POST", {f"f{n}": "1" for n in range(20)})[0] == 400
    when = "Friday\r\nBcc: victim@example.net"
    note = "Bring\u202e your\x1b[31m sketch"
    assert open_link(service, link, "POST", {"when": when, "note": note})[0] == 200
    (told,) = kept_emails(service)
    assert told["Bcc"] is None
    text = told.get_content()
    assert "The studio proposes: Friday Bcc: victim@example.net" in text
    assert "\u202e" not in text and "\x1b" not in text and "Bring your[31m sketch" in text


def test_the_studio_email_says_when_it_came_in_the_studios_time_zone(tmp_path: Path) -> None:
    """Seen in docs/requests-walk.md: "Received" was a raw UTC ISO time, where the request
    pages and the digest show the studio's time (booking.json's timezone)."""
    api = tmp_path / "dist" / "api"
    api.mkdir(parents=True)
    (api / "booking.json").write_text(json.dumps({"timezone": "America/New_York"}), "utf-8")
    service = local(tmp_path)
    submit(service)
    shown = CliRunner().invoke(
        build.cli, ["mail", "--json", "--outbox", str(tmp_path / "outbox.sqlite3")]
    )
    (studio,) = [m for m in json.loads(shown.output) if m["to"] == ["studio@localhost"]]
    (received,) = [line for line in studio["text"].splitlines() if line.startswith("Received:")]
    assert re.fullmatch(r"Received:  \d{4}-\d\d-\d\d \d\d:\d\d E[SD]T", received), received


def test_an_unknown_time_zone_shows_utc_and_is_logged_once(caplog) -> None:
    """A booking.json time zone this machine does not know: every time reads in UTC, and the
    log says so once, not once per email or page (studio_time asks on each)."""
    from functions.contact.models.booking import studio_time

    with caplog.at_level("WARNING", logger="functions.contact.models.booking"):
        times = [studio_time("2026-11-28T20:15:00+00:00", "Mars/Olympus_Mons") for _ in range(3)]
    assert times == ["2026-11-28 20:15 UTC"] * 3
    assert sum("Mars/Olympus_Mons" in r.getMessage() for r in caplog.records) == 1
