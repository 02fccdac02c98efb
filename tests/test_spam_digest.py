"""The spam digest and its "Not spam" links on the local path (SQLite outbox, images in a
folder), through the handler and the command line. The AWS path (DynamoDB, S3, SES and the
deployed package on a moto server) is in test_spam_digest_aws.py."""

from __future__ import annotations

import email
import email.policy
import re
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from contact_support import (
    GOOD,
    RecordingNotifier,
    call,
    local_settings,
    make_service,
    post_event,
)
from upload_support import ask, picture

import build
from functions.contact.contract import NOT_SPAM_PATH
from functions.contact.handlers.app import respond
from functions.contact.handlers.settings import Settings
from functions.contact.logic.service import ContactService
from functions.contact.logic.spam_review import MAX_LISTED, link_signature

SITE = "https://studio.example"
STUDIO = ("studio@studio.example",)
HONEYPOT = {**GOOD, "website": "http://spam.example"}
TOO_FAST = {
    **GOOD,
    "name": "Bo Quick",
    "message": "Cheap followers!\nSecond line",
    "elapsed_ms": 40,
}
LINK = re.compile(r"Not spam \(until (\d{4}-\d\d-\d\d)\): (\S+)")


def reviewing(tmp_path: Path, clock: list[float] | None = None) -> ContactService:
    """A local service whose studio email and digest go to a recording notifier, with links
    to SITE; clock (a one-item list) moves the links' and the outbox's time by hand."""
    service = make_service(tmp_path, local_settings(tmp_path, site_url=SITE))
    service.notifier = RecordingNotifier()
    review = service.spam_review
    review.mailer, review.sender, review.recipients = service.notifier, "web@studio.example", STUDIO
    if clock is not None:
        review.clock = service.store.clock = lambda: clock[0]
    return service


def digest_of(service: ContactService) -> email.message.EmailMessage:
    assert service.spam_review.send_digest()["digest"] == "sent"
    raw, recipients = service.notifier.delivered[-1]
    assert recipients == STUDIO
    return email.message_from_bytes(raw, policy=email.policy.default)


def links_in(digest: email.message.EmailMessage) -> list[str]:
    return [url.removeprefix(SITE) for _, url in LINK.findall(digest.get_content())]


def open_link(service: ContactService, path: str, method: str = "GET") -> tuple[int, dict, str]:
    event = {
        "rawPath": path,
        "requestContext": {"http": {"method": method, "sourceIp": "203.0.113.9"}},
        "headers": {"content-type": "application/x-www-form-urlencoded"},
        "body": "",
    }
    answer = respond(service, Settings(), event)
    return answer["statusCode"], answer["headers"], answer["body"]


def test_the_digest_lists_what_the_traps_kept_with_a_link_each(tmp_path: Path) -> None:
    service = reviewing(tmp_path)
    for body in (HONEYPOT, TOO_FAST, GOOD):
        assert call(service, post_event(body))[0] == 200
    digest = digest_of(service)
    text = digest.get_content()
    assert re.fullmatch(
        r"Website: the spam traps kept 2 messages \(\d{4}-\d\d-\d\d\)", digest["Subject"]
    )
    assert digest["To"] == STUDIO[0] and digest["Auto-Submitted"] == "auto-generated"
    assert "Ana López <ana@example.com>" in text and "Bo Quick <ana@example.com>" in text
    assert '"A fine-line rose on my forearm."' in text
    assert '"Cheap followers!"' in text and "Second line" not in text  # the first line only
    assert "Caught: honeypot: the hidden field was filled in" in text
    assert "Caught: too fast: filled in 40 ms (minimum 3000 ms)" in text
    assert text.count("Tattoo Consultation · artist: Jane Doe (jane-doe)") == 2
    spam = {m.id: m for m in service.store.list() if m.status == "spam"}
    links = LINK.findall(text)
    assert len(links) == 2
    for until, url in links:
        message_id, expires, _ = url.removeprefix(f"{SITE}{NOT_SPAM_PATH}").split("/")
        assert int(expires) == spam[message_id].expires_at  # it works as long as the spam is kept
        assert until == time.strftime("%Y-%m-%d", time.gmtime(spam[message_id].expires_at))
    # Nothing the visitors wrote reaches the subject.
    assert "Ana" not in digest["Subject"] and "Cheap" not in digest["Subject"]
    # The studio's message was emailed as usual, and only it.
    assert [m.name for m, _ in service.notifier.sent] == ["Ana López"]


def test_no_digest_on_a_day_without_spam(tmp_path: Path) -> None:
    service = reviewing(tmp_path)
    assert call(service, post_event(GOOD))[0] == 200
    assert service.spam_review.send_digest() == {"digest": "none", "caught": 0}
    assert service.notifier.delivered == []


def test_the_digest_covers_the_day_before_it_from_the_hour(tmp_path: Path) -> None:
    clock = [time.time() + 5]  # the digest runs a moment after the message came
    service = reviewing(tmp_path, clock)
    assert call(service, post_event(HONEYPOT))[0] == 200
    clock[0] += 25 * 3600  # the next day's digest: yesterday's spam is not listed again
    assert service.spam_review.send_digest(now=clock[0]) == {"digest": "none", "caught": 0}
    assert service.spam_review.send_digest(now=clock[0] - 3600)["caught"] == 1


def test_a_flood_is_one_readable_email(tmp_path: Path) -> None:
    service = reviewing(tmp_path)
    for n in range(MAX_LISTED + 3):
        assert call(service, post_event({**HONEYPOT, "name": f"Bot {n}"}))[0] == 200
    text = digest_of(service).get_content()
    assert len(LINK.findall(text)) == MAX_LISTED
    assert f"kept {MAX_LISTED + 3} messages" in text
    assert "… and 3 more: `python build.py messages --spam`." in text


def test_visitor_text_in_the_digest_is_plain(tmp_path: Path) -> None:
    service = reviewing(tmp_path)
    hostile = "=?utf-8?b?SGk=?= buy <b>now</b> " + "x" * 300
    assert call(service, post_event({**HONEYPOT, "message": hostile}))[0] == 200
    text = digest_of(service).get_content()
    (line,) = [line for line in text.splitlines() if line.startswith('   "')]
    assert "=?" not in line and "<b>" not in line and "buy" in line
    assert len(line) <= 110 and line.endswith('…"')


def test_not_spam_moves_the_message_once_and_emails_the_studio(tmp_path: Path) -> None:
    service = reviewing(tmp_path)
    assert call(service, post_event(TOO_FAST))[0] == 200
    (path,) = links_in(digest_of(service))

    status, headers, page = open_link(service, path)  # what a mail scanner does too
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert '<form method="post" action="">' in page and "Bo Quick" in page
    (spam,) = service.store.list()
    assert spam.status == "spam" and service.notifier.sent == []  # opening changes nothing

    status, _, page = open_link(service, path, "POST")
    assert status == 200 and "Moved to your messages" in page
    (moved,) = service.store.list()
    # Released: kept as any request is, site.yaml's 180 days (docs/privacy.md).
    assert moved.expires_at > time.time() + 179 * 86400
    assert (moved.status, moved.spam_reason) == (
        "sent",
        "too fast: filled in 40 ms (minimum 3000 ms)",
    )
    assert moved.released_at and moved.id == spam.id
    ((emailed, _),) = service.notifier.sent
    assert emailed.id == spam.id and emailed.message == TOO_FAST["message"]

    status, _, page = open_link(service, path, "POST")  # replayed
    assert status == 409 and "already moved" in page and "<form" not in page
    assert len(service.notifier.sent) == 1
    assert open_link(service, path)[0] == 409


def test_the_released_message_reads_as_any_other_with_where_it_came_from(tmp_path: Path) -> None:
    service = reviewing(tmp_path)
    assert call(service, post_event(HONEYPOT))[0] == 200
    (path,) = links_in(digest_of(service))
    assert open_link(service, path, "POST")[0] == 200
    from functions.contact.models.mail import compose_email

    (message,) = service.store.list()
    subject, body = compose_email(message, "Jane Doe")
    assert subject == "Website contact: Ana López - Tattoo Consultation"
    assert "Released:  " in body and "from the spam traps" in body
    listed = CliRunner().invoke(
        build.cli, ["messages", "--outbox", str(tmp_path / "outbox.sqlite3")]
    )
    assert "released from the spam traps" in listed.output and "sent" in listed.output


@pytest.mark.parametrize(
    "forge",
    [
        lambda m, e, s: f"{m}/{e}/{'0' * 64}",  # another signature
        lambda m, e, s: f"{m}/{e + 86400}/{s}",  # a later expiry
        lambda m, e, s: f"{'f' * 32}/{e}/{s}",  # another message
        lambda m, e, s: f"{m}/{e}/{s}/",
        lambda m, e, s: f"{m}/{e}/{s[:-1]}",
        lambda m, e, s: "../../images/x",
    ],
)
def test_forged_links_are_refused_and_change_nothing(tmp_path: Path, forge) -> None:  # noqa: ANN001
    service = reviewing(tmp_path)
    assert call(service, post_event(HONEYPOT))[0] == 200
    (path,) = links_in(digest_of(service))
    message_id, expires, signature = path.removeprefix(NOT_SPAM_PATH).split("/")
    forged = NOT_SPAM_PATH + forge(message_id, int(expires), signature)
    for method in ("GET", "POST"):
        status, headers, page = open_link(service, forged, method)
        assert status == 404 and "not valid" in page, page
    assert [m.status for m in service.store.list()] == ["spam"]
    assert service.notifier.sent == []


def test_a_link_past_the_spams_retention_is_refused(tmp_path: Path) -> None:
    clock = [time.time() + 5]  # the digest runs a moment after the message came
    service = reviewing(tmp_path, clock)
    assert call(service, post_event(HONEYPOT))[0] == 200
    (path,) = links_in(digest_of(service))
    (spam,) = service.store.list()
    clock[0] = spam.expires_at + 1
    status, _, page = open_link(service, path, "POST")
    assert status == 410 and "expired" in page
    assert service.notifier.sent == []


def test_a_link_to_spam_already_deleted_is_refused(tmp_path: Path) -> None:
    clock = [time.time() + 5]  # the digest runs a moment after the message came
    service = reviewing(tmp_path, clock)
    assert call(service, post_event(HONEYPOT))[0] == 200
    (spam,) = service.store.list()
    secret = service.spam_review.secret
    later = spam.expires_at + 10 * 86400  # a link that claims longer than the spam is kept
    path = f"{NOT_SPAM_PATH}{spam.id}/{later}/{link_signature(secret, spam.id, later)}"
    clock[0] = spam.expires_at + 1
    assert call(service, post_event(GOOD))[0] == 200  # the next write purges the spam
    assert open_link(service, path, "POST")[0] == 410


def test_the_page_is_escaped_and_locked_down(tmp_path: Path) -> None:
    service = reviewing(tmp_path)
    hostile = {**HONEYPOT, "name": "Ana <img src=x onerror=alert(1)>"}
    assert call(service, post_event(hostile))[0] == 200
    (path,) = links_in(digest_of(service))
    status, headers, page = open_link(service, path)
    assert status == 200 and "<img" not in page and "&lt;img src=x" in page
    policy = headers["content-security-policy"]
    assert "default-src 'none'" in policy and "form-action 'self'" in policy
    assert re.search(r"style-src 'sha256-[A-Za-z0-9+/=]{44}'", policy)
    assert headers["referrer-policy"] == "no-referrer"  # the address holds the signature
    assert headers["cache-control"] == "no-store" and headers["x-robots-tag"] == "noindex"
    assert open_link(service, path, "PUT")[0] == 405


def test_released_images_move_out_of_the_spam_folder(tmp_path: Path) -> None:
    service = reviewing(tmp_path)
    grant = ask(service)
    assert service.uploads.receive(grant["upload"]["fields"], picture()) == (204, "")
    assert call(service, post_event({**HONEYPOT, "references": [grant["id"]]}))[0] == 200
    (spam,) = service.store.list()
    old = tmp_path / "uploads" / spam.image_keys[0]
    assert old.is_file() and spam.image_keys[0].startswith("spam/")
    (path,) = links_in(digest_of(service))
    assert open_link(service, path, "POST")[0] == 200
    (moved,) = service.store.list()
    assert moved.image_keys == [f"messages/{spam.id}/1.jpg"]
    assert (tmp_path / "uploads" / moved.image_keys[0]).read_bytes()[:3] == b"\xff\xd8\xff"
    assert not old.exists()  # nothing left for the spam purge to take


def test_the_command_prints_or_sends_the_digest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("CONTACT_NOTIFY_FROM", "CONTACT_NOTIFY_TO", "CONTACT_SITE_URL", "CONTACT_STORE"):
        monkeypatch.delenv(name, raising=False)
    outbox = tmp_path / "outbox.sqlite3"
    service = make_service(tmp_path, local_settings(tmp_path))
    runner = CliRunner()
    args = ["send-spam-digest", "--outbox", str(outbox), "--dist", str(tmp_path / "dist")]
    empty = runner.invoke(build.cli, args)
    assert empty.exit_code == 0 and "kept nothing in the last 24 hours" in empty.output
    assert call(service, post_event(HONEYPOT))[0] == 200
    printed = runner.invoke(build.cli, [*args, "--print", "--site-url", "http://127.0.0.1:8000"])
    assert printed.exit_code == 0, printed.output
    assert "Subject: Website: the spam traps kept 1 message" in printed.output
    ((_, url),) = LINK.findall(printed.output)
    assert url.startswith("http://127.0.0.1:8000/api/contact/not-spam/")
    # serve's function signs with the same secret, kept beside the outbox: the link works.
    path = url.removeprefix("http://127.0.0.1:8000")
    assert open_link(service, path)[0] == 200
    # Where nothing is sent, the outbox keeps the digest for `build.py mail` (#41 item 7).
    kept = runner.invoke(build.cli, args)
    assert kept.exit_code == 0 and "the outbox kept the digest (1 caught)" in kept.output
    listed = runner.invoke(build.cli, ["mail", "--outbox", str(outbox), "--json"])
    assert "the spam traps kept 1 message" in listed.output


def test_the_schedule_event_sends_the_digest(tmp_path: Path) -> None:
    service = reviewing(tmp_path)
    assert call(service, post_event(HONEYPOT))[0] == 200
    answer = respond(service, Settings(), {"action": "send-spam-digest"})
    assert answer == {"digest": "sent", "caught": 1, "listed": 1}
    assert len(service.notifier.delivered) == 1
    service.notifier.fail_delivery = True  # a digest that cannot go fails the invocation
    with pytest.raises(Exception, match="not verified"):
        respond(service, Settings(), {"action": "send-spam-digest"})
