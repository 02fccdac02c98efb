"""Tattoo requests (issue #27, the function's side): the request fields, artists' books, and
the visitor's confirmation (rules.py, tattoo_request.py, books.py, confirmation.py)."""

from __future__ import annotations

import email
import email.policy
import json
from pathlib import Path

import boto3
import pytest
from click.testing import CliRunner
from contact_support import (
    ARTISTS,
    GOOD,
    REGION,
    SENDER,
    SITE,
    STUDIO,
    ArtistsSite,
    BrokenStore,
    RecordingNotifier,
    call,
    local_settings,
    make_service,
    old_outbox,
    post_event,
    put_old_message,
    with_confirmations,
)
from ses_support import RefusingSes, sent_emails, ses_notifier

import build
from functions.contact.dal.artists import ConfigError, parse_artists
from functions.contact.dal.dynamodb import DynamoStore, table_definition
from functions.contact.dal.outbox import SqliteOutbox
from functions.contact.dal.sitelists import TTL_S
from functions.contact.handlers.app import build_service
from functions.contact.handlers.settings import Settings
from functions.contact.logic.confirmation import first_name
from functions.contact.models.books import MAX_NOTE, ArtistName
from functions.contact.words.messages import THANK_YOU

OK = (200, {"success": True, "message": THANK_YOU})
REQUEST = {
    "placement": "Forearm",
    "size": "2 to 4 in",
    "colour": "black-and-grey",
    "budget": "$200 to $500",
    "availability": ["Weekday evening", "Weekend"],
    "first_tattoo": True,
    "age": "under-18",
}
VERSION = "0123456789abcdef"
FULL = {**GOOD, **REQUEST, "policies_version": VERSION}
BLOCK = [
    "Placement: Forearm",
    "Size: 2 to 4 in",
    "Color: Black and gray",
    "Budget: $200 to $500",
    "Free: Weekday evening, Weekend",
    "First tattoo: yes",
    "Age: Under 18",
]
POLICIES_LINE = f"Policies seen: version {VERSION}"
WAITLIST_LINE = "Waitlist: the artist's books are on a waitlist; this request joins it."
NOTE = "Books open again in March"
CLOSED = (
    f"Max Ink's books are closed ({NOTE}). You can still ask them about a touch-up or "
    "piercing, or choose another artist."
)
BAD_VERSION = (
    "Policies version must be 16 lower-case hexadecimal digits (the version of the policies "
    "page you read): please reload the page and try again."
)
HOUR = 3600.0


def booked_site() -> ArtistsSite:
    """Jane Doe on a waitlist; Max Ink's books closed, with a note."""
    return ArtistsSite(
        [
            {**ARTISTS[0], "books": "waitlist"},
            {**ARTISTS[1], "books": "closed", "books_note": NOTE},
        ]
    )


def refused(service, body: dict) -> dict:  # noqa: ANN001
    """The 400's JSON (the contract's shape, no traceback); nothing kept."""
    kept = len(service.store.list())
    status, answer, headers = call(service, post_event(body))
    assert (status, headers["content-type"]) == (400, "application/json; charset=utf-8")
    assert answer["success"] is False and "Traceback" not in answer["error"]
    assert len(service.store.list()) == kept
    return answer


def confirmations(notifier: RecordingNotifier) -> list[email.message.EmailMessage]:
    return [
        email.message_from_bytes(raw, policy=email.policy.default) for raw, _ in notifier.delivered
    ]


def text_of(mail: email.message.EmailMessage) -> str:
    return mail.get_content().replace("\r\n", "\n")


# --- the request fields ------------------------------------------------------------------------


def test_the_request_is_kept_and_shown_above_the_message(tmp_path: Path, aws) -> None:
    service = make_service(tmp_path, notifier=ses_notifier())
    assert call(service, post_event(FULL))[:2] == OK
    (kept,) = service.store.list()
    assert (kept.request, kept.policies_version, kept.waitlist) == (REQUEST, VERSION, False)
    (mail,) = sent_emails()
    block = "\n".join([*BLOCK, POLICIES_LINE, "", "Message:", GOOD["message"]])
    assert f"Reference: {kept.id}\n\n{block}\n" in text_of(mail)
    assert mail["Subject"] == "Test Studio contact: Ana López - Tattoo Consultation"


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("placement", "Elbow", "Unknown placement 'Elbow': please choose one from the list."),
        (
            "placement",
            "forearm",
            "Unknown placement 'forearm': please choose one from the list. Did you mean 'Forearm'?",
        ),
        ("placement", 3, "Placement must be text."),
        ("size", "Huge", "Unknown size 'Huge': please choose one from the list."),
        ("size", ["2 to 4 in"], "Size must be text."),
        (
            "colour",
            "color",
            "Unknown color 'color': please choose one from the list. Did you mean 'colour'?",
        ),
        ("colour", "Black and grey", "Unknown color 'Black and grey': please choose one"),
        ("budget", "$5", "Unknown budget '$5': please choose one from the list."),
        ("budget", 500, "Budget must be text."),
        ("age", "17", "Unknown age '17': please choose one from the list."),
        ("age", "18 or older", "Unknown age '18 or older': please choose one from the list."),
        ("age", True, "Age must be text."),
        ("placement", "Forearm\r\nBcc: x@evil.example", "Unknown placement 'Forearm\\r\\nBcc"),
        ("availability", "Weekend", "Availability must be a list of choices from the form."),
        ("availability", {"Weekend": True}, "Availability must be a list of choices"),
        ("availability", ["Weekend", 7], "Availability must be a list of choices from the form."),
        ("availability", [""], "Availability must be a list of choices from the form."),
        ("availability", ["Sunday"], "Unknown availability 'Sunday': please choose one"),
        (
            "availability",
            ["Weekend", "Weekend"],
            "Availability lists 'Weekend' twice: choose each one once.",
        ),
        (
            "availability",
            ["Weekend", "Weekday daytime", "Weekday evening", "Weekend"],
            "Availability has 4 choices: at most 3 allowed.",
        ),
        ("availability", ["Weekend"] * 1000, "Availability has 1000 choices: at most 3"),
        ("first_tattoo", "yes", "First tattoo must be true or false (yes or no)."),
        ("first_tattoo", "true", "First tattoo must be true or false (yes or no)."),
        ("first_tattoo", 1, "First tattoo must be true or false (yes or no)."),
        ("first_tattoo", 0, "First tattoo must be true or false (yes or no)."),
        ("first_tattoo", [], "First tattoo must be true or false (yes or no)."),
        ("policies_version", "0123456789ABCDEF", BAD_VERSION),
        ("policies_version", "0123456789abcde", BAD_VERSION),
        ("policies_version", "0123456789abcdef0", BAD_VERSION),
        ("policies_version", "0123456789abcdeg", BAD_VERSION),
        ("policies_version", "0123456789abcdef\n", BAD_VERSION),
        ("policies_version", 1234567890123456, BAD_VERSION),
    ],
    ids=lambda v: repr(v)[:24],
)
def test_a_value_outside_its_list_is_refused_naming_the_field(
    tmp_path: Path, field: str, value: object, error: str
) -> None:
    answer = refused(make_service(tmp_path), {**FULL, field: value})
    assert answer["error"].startswith(error) and answer["fields"] == {field: answer["error"]}


def test_every_problem_is_told_at_once(tmp_path: Path) -> None:
    body = {**FULL, "name": "", "size": "Huge", "availability": ["Weekend"] * 2, "age": "x"}
    answer = refused(make_service(tmp_path), body)
    assert set(answer["fields"]) == {"name", "size", "availability", "age"}
    assert answer["error"] == " ".join(answer["fields"].values())


@pytest.mark.parametrize("empty", [None, ""])
def test_fields_left_out_or_empty_keep_no_request(tmp_path: Path, empty: str | None) -> None:
    service = make_service(tmp_path)
    blanks = {field: empty for field in ("placement", "size", "colour", "budget", "age")}
    body = {**GOOD, **blanks, "availability": [] if empty == "" else None}
    assert (
        call(service, post_event({**body, "first_tattoo": None, "policies_version": empty}))[:2]
        == OK
    )
    assert call(service, post_event(GOOD))[:2] == OK
    assert [(m.request, m.policies_version) for m in service.store.list()] == [({}, "")] * 2


def test_first_tattoo_no_and_one_field_alone_are_kept(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    assert call(service, post_event({**GOOD, "first_tattoo": False, "age": "18+"}))[:2] == OK
    (kept,) = service.store.list()
    assert kept.request == {"age": "18+", "first_tattoo": False}


def test_the_request_is_checked_for_every_service_and_kept_for_tattoo_work(
    tmp_path: Path,
) -> None:
    service = make_service(tmp_path)
    refused(service, {**FULL, "service": "Piercing", "placement": "Elbow"})
    assert call(service, post_event({**FULL, "service": "Piercing"}))[:2] == OK
    assert call(service, post_event({**FULL, "service": "Touch Up"}))[:2] == OK
    touch_up, piercing = service.store.list()
    assert (piercing.request, piercing.policies_version) == ({}, VERSION)
    assert touch_up.request == REQUEST


def test_messages_prints_the_request_block(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    assert call(service, post_event(FULL))[:2] == OK
    outbox = str(tmp_path / "outbox.sqlite3")
    listed = CliRunner().invoke(build.cli, ["messages", "--outbox", outbox])
    assert listed.exit_code == 0, listed.output
    block = "\n".join(f"  {line}" for line in [*BLOCK, POLICIES_LINE, GOOD["message"]])
    about = (
        f"  Tattoo Consultation · artist: Jane Doe (jane-doe) · ref {service.store.list()[0].id}"
    )
    assert f"{about}\n{block}\n" in listed.output
    listed = CliRunner().invoke(build.cli, ["messages", "--json", "--outbox", outbox])
    (item,) = json.loads(listed.output)
    assert (item["request"], item["policies_version"], item["waitlist"]) == (
        REQUEST,
        VERSION,
        False,
    )


def test_an_older_outbox_gains_the_columns_and_reads_its_messages(tmp_path: Path) -> None:
    path = old_outbox(tmp_path / "old.sqlite3")
    service = make_service(tmp_path, local_settings(tmp_path, outbox=path))
    assert call(service, post_event(FULL))[:2] == OK
    new, old = service.store.list()
    assert (old.id, old.request, old.policies_version, old.waitlist) == ("old", {}, "", False)
    assert (new.request, new.policies_version) == (REQUEST, VERSION)


# --- books -------------------------------------------------------------------------------------


def test_the_artist_list_keeps_each_artists_books() -> None:
    names = parse_artists(
        [
            {"slug": "a", "name": "A", "books": "closed", "books_note": " Back\nin  May "},
            {"slug": "b", "name": "B", "books": "waitlist"},
            {"slug": "c", "name": "C"},
            {"slug": "d", "name": "D", "books": "maybe", "books_note": 7},
            {"slug": "e", "name": "E", "books": "closed", "books_note": "x" * 500},
        ]
    )
    assert names == {"a": "A", "b": "B", "c": "C", "d": "D", "e": "E"}  # names as before
    assert [(n.books, n.books_note) for n in names.values()] == [
        ("closed", "Back in May"),
        ("waitlist", ""),
        ("open", ""),
        ("open", ""),  # not a state the site writes: open, never a lost lead
        ("closed", "x" * MAX_NOTE),
    ]
    assert all(isinstance(name, ArtistName) for name in names.values())


def test_a_consultation_to_closed_books_is_refused_with_the_note(tmp_path: Path) -> None:
    service = make_service(tmp_path, artists=booked_site().source())
    for body in ({**GOOD, "artist": "max-ink"}, {**FULL, "artist": "max-ink", "service": None}):
        assert refused(service, body) == {"success": False, "error": CLOSED}


def test_closed_books_without_a_note(tmp_path: Path) -> None:
    site = booked_site()
    site.change("max-ink", books_note=None)
    answer = refused(make_service(tmp_path, artists=site.source()), {**GOOD, "artist": "max-ink"})
    assert answer["error"] == (
        "Max Ink's books are closed. You can still ask them about a touch-up or piercing, "
        "or choose another artist."
    )


@pytest.mark.parametrize("service_name", ["Piercing", "Touch Up", "Jewelry Change", "Other"])
def test_other_services_still_reach_an_artist_whose_books_are_closed(
    tmp_path: Path, service_name: str
) -> None:
    notifier = RecordingNotifier()
    service = make_service(tmp_path, notifier=notifier, artists=booked_site().source())
    body = {**GOOD, "artist": "max-ink", "service": service_name}
    assert call(service, post_event(body))[:2] == OK
    assert [(m.artist, m.waitlist) for m, _ in notifier.sent] == [("max-ink", False)]


def test_a_waitlist_request_is_kept_marked_and_its_subject_says_so(tmp_path: Path, aws) -> None:
    service = make_service(tmp_path, notifier=ses_notifier(), artists=booked_site().source())
    assert call(service, post_event(FULL))[:2] == OK  # GOOD names Jane Doe: a waitlist
    assert call(service, post_event({**GOOD, "service": "Piercing"}))[:2] == OK
    piercing, consultation = service.store.list()
    assert (consultation.waitlist, piercing.waitlist) == (True, False)
    first, second = sent_emails()
    assert first["Subject"] == "[Waitlist] Test Studio contact: Ana López - Tattoo Consultation"
    assert second["Subject"] == "Test Studio contact: Ana López - Piercing"
    assert "\n".join([*BLOCK, WAITLIST_LINE, POLICIES_LINE, ""]) in text_of(first)
    outbox = str(tmp_path / "outbox.sqlite3")
    listed = CliRunner().invoke(build.cli, ["messages", "--outbox", outbox]).output
    assert f"  Age: Under 18\n  {WAITLIST_LINE}\n" in listed


def test_a_change_of_books_is_learnt_within_the_lists_ttl(tmp_path: Path) -> None:
    site = ArtistsSite()
    service = make_service(tmp_path, artists=site.source())
    max_ink = {**GOOD, "artist": "max-ink"}
    assert call(service, post_event(max_ink))[:2] == OK and site.fetches == 1
    site.change("max-ink", books="closed", books_note=NOTE)  # the editor closes the books
    site.now += TTL_S - 1
    assert call(service, post_event(max_ink))[:2] == OK  # the list read a minute ago
    site.now += 2
    assert refused(service, max_ink)["error"] == CLOSED and site.fetches == 2
    site.change("max-ink", books="waitlist")
    site.now += TTL_S + 1
    assert call(service, post_event(max_ink))[:2] == OK
    assert [m.waitlist for m in service.store.list()] == [True, False, False]


def test_an_unreachable_site_never_costs_a_lead(tmp_path: Path) -> None:
    site = booked_site()
    service = make_service(tmp_path, artists=site.source())
    max_ink = {**GOOD, "artist": "max-ink"}
    assert refused(service, max_ink)["error"] == CLOSED
    site.up, site.now = False, site.now + TTL_S + 1
    assert call(service, post_event(max_ink))[:2] == OK  # the books cannot be known now
    assert call(service, post_event(GOOD))[:2] == OK  # nor Jane Doe's waitlist
    assert [(m.artist, m.artist_name, m.waitlist) for m in service.store.list()] == [
        ("jane-doe", "Jane Doe", False),
        ("max-ink", "Max Ink", False),
    ]
    site.up, site.now = True, site.now + TTL_S + 1
    assert refused(service, max_ink)["error"] == CLOSED


def test_serve_reads_the_books_of_the_build_it_serves(tmp_path: Path) -> None:
    """Locally the list is the served build's api/artists.json, books included."""
    service = make_service(tmp_path)
    artists = [{**ARTISTS[0]}, {**ARTISTS[1], "books": "closed", "books_note": NOTE}]
    (tmp_path / "dist" / "api" / "artists.json").write_text(json.dumps(artists), "utf-8")
    assert refused(service, {**GOOD, "artist": "max-ink"})["error"] == CLOSED


# --- the visitor's confirmation ----------------------------------------------------------------


def confirming(tmp_path: Path, clock=lambda: 1e9, **changes):  # noqa: ANN001, ANN003, ANN201
    notifier = changes.pop("notifier", None) or RecordingNotifier()
    service = make_service(tmp_path, notifier=notifier, artists=booked_site().source(), **changes)
    return with_confirmations(service, clock), notifier


CONFIRMATION = f"""\
Hi Ana,

Thank you for writing to the studio: your message has arrived, and an artist will reply \
within 24 hours at this address.

Before your appointment, please read our policies (deposits, canceling and rescheduling, \
age and ID, touch-ups): {SITE}/policies

And how to look after a new tattoo or piercing: {SITE}/aftercare

To add something to your message, reply to this email.

--
This address was entered in the contact form on {SITE}/. If it was not you, please ignore \
this email: nothing more will be sent.
"""


def test_the_confirmation_says_what_happens_next_and_nothing_the_visitor_wrote(
    tmp_path: Path, aws
) -> None:
    service, _ = confirming(tmp_path, notifier=ses_notifier())
    hostile = {
        **FULL,
        "artist": "na",
        "name": "Ana http://buy.example",
        "phone": "+1 555 0100 buy.example",
        "message": "BUY NOW at http://spam.example <a href='x'>",
    }
    assert call(service, post_event({**hostile, "name": "Ana"}))[:2] == OK
    studio, confirmation = sent_emails()
    assert studio["To"] == STUDIO
    assert (confirmation["From"], confirmation["To"], confirmation["Reply-To"]) == (
        SENDER,
        "ana@example.com",
        STUDIO,
    )
    assert confirmation["Subject"] == "We received your message"
    assert confirmation["Auto-Submitted"] == "auto-generated"
    assert confirmation.get_content_type() == "text/plain" and not confirmation.is_multipart()
    assert text_of(confirmation) == CONFIRMATION
    raw = confirmation.as_string()
    for visitor_text in ("buy", "BUY", "spam", "href", "Forearm", "Black"):
        assert visitor_text not in raw
    assert "555" not in text_of(confirmation)


def test_a_waitlist_confirmation_says_so(tmp_path: Path) -> None:
    service, notifier = confirming(tmp_path)
    assert call(service, post_event(FULL))[:2] == OK
    (mail,) = confirmations(notifier)
    waitlist = (
        "Jane Doe's books are on a waitlist, and your request is on it: you will hear from the "
        "studio when a place opens.\n\nBefore your appointment"
    )
    assert f"at this address.\n\n{waitlist}" in text_of(mail)


@pytest.mark.parametrize(
    ("name", "greeting"),
    [
        ("Ana", "Ana"),
        ("Ana López", "Ana"),
        ("Zoë Quill", "Zoë"),
        ("Zoe\u0308 Quill", "Zoë"),  # decomposed: letters and a mark
        ("Mary-Jane O'Neil", ""),  # the first word is not letters only
        ("Ana M. O’Neil", "Ana"),
        ("Ana <a href>", ""),
        ("Buy http://x", ""),
        ("Ana www.buy.example", ""),
        ("Ana M.", "Ana"),
        ("Ana2", ""),
        ("Ana 2", ""),
        ("Ana_", ""),
        ("A" * 31, ""),
        ("A" * 30, "A" * 30),
        ("山田 太郎", "山田"),
        ("Ana\u200b", ""),
        ("Ana\u00a0López", ""),
    ],
)
def test_the_greeting_uses_a_first_name_of_letters_only(
    tmp_path: Path, name: str, greeting: str
) -> None:
    assert first_name(name) == greeting
    service, notifier = confirming(tmp_path)
    assert call(service, post_event({**GOOD, "name": name}))[:2] == OK
    (mail,) = confirmations(notifier)
    assert text_of(mail).startswith(f"Hi {greeting},\n" if greeting else "Hi there,\n")


class StoreWatcher(RecordingNotifier):
    """Notes which messages the store held when each confirmation left."""

    def __init__(self) -> None:
        super().__init__()
        self.store = None
        self.stored_then: list[list[str]] = []

    def deliver(self, raw: bytes, recipients: tuple[str, ...]) -> None:
        self.stored_then.append([m.id for m in self.store.list()])
        super().deliver(raw, recipients)


def test_the_confirmation_leaves_only_after_the_message_is_stored(tmp_path: Path) -> None:
    watcher = StoreWatcher()
    service, _ = confirming(tmp_path, notifier=watcher)
    watcher.store = service.store
    assert call(service, post_event(GOOD))[:2] == OK
    (kept,) = service.store.list()
    assert watcher.stored_then == [[kept.id]]
    assert [recipients for _, recipients in watcher.delivered] == [("ana@example.com",)]
    broken, notifier = confirming(tmp_path / "broken", store=BrokenStore())
    assert call(broken, post_event({**GOOD, "email": "bo@example.com"}))[0] == 503
    assert notifier.delivered == [] and notifier.sent == []


@pytest.mark.parametrize("trap", [{"website": "bot"}, {"elapsed_ms": 400}])
def test_no_confirmation_for_what_the_spam_traps_kept(tmp_path: Path, trap: dict) -> None:
    service, notifier = confirming(tmp_path)
    assert call(service, post_event({**GOOD, **trap}))[:2] == OK
    assert [m.status for m in service.store.list()] == ["spam"]
    assert notifier.delivered == [] and notifier.sent == []


def test_one_confirmation_per_address_per_hour(tmp_path: Path) -> None:
    now = [1e9]
    service, notifier = confirming(tmp_path, clock=lambda: now[0])
    for address in ("ana@example.com", "Ana@Example.com", "ana+tattoo@example.com"):
        assert call(service, post_event({**GOOD, "email": address}))[:2] == OK
    assert len(notifier.delivered) == 1
    assert call(service, post_event({**GOOD, "email": "bo@example.com"}))[:2] == OK
    assert len(notifier.delivered) == 2  # another address: its own hour
    now[0] += HOUR - 1
    assert call(service, post_event(GOOD))[:2] == OK
    assert len(notifier.delivered) == 2
    now[0] += 1
    assert call(service, post_event(GOOD))[:2] == OK
    assert [recipients for _, recipients in notifier.delivered][2] == ("ana@example.com",)
    assert len(service.store.list()) == 6 and len(notifier.sent) == 6  # each kept and emailed


def test_the_hour_is_shared_by_every_copy_of_the_function(tmp_path: Path) -> None:
    """Two processes' services on one outbox (as two Lambdas share the table, below)."""
    first, first_notifier = confirming(tmp_path)
    second, second_notifier = confirming(tmp_path)
    assert first.store is not second.store
    assert call(first, post_event(GOOD))[:2] == OK
    assert call(second, post_event(GOOD))[:2] == OK
    assert (len(first_notifier.delivered), len(second_notifier.delivered)) == (1, 0)


def test_a_failed_confirmation_changes_neither_the_answer_nor_the_message(
    tmp_path: Path, aws
) -> None:
    ses = RefusingSes("ana@example.com")  # SES refuses the visitor, not the studio
    service, _ = confirming(tmp_path, notifier=ses_notifier(client=ses))
    assert call(service, post_event(FULL))[:2] == OK
    assert ses.refusals == 1
    (kept,) = service.store.list()
    assert (kept.status, kept.last_error, kept.request) == ("sent", "", REQUEST)
    assert [mail["To"] for mail in sent_emails()] == [STUDIO]
    failing, notifier = confirming(tmp_path / "b", notifier=RecordingNotifier(fail_delivery=True))
    assert call(failing, post_event(GOOD))[:2] == OK and len(failing.store.list()) == 1


def test_the_confirmation_can_be_turned_off(tmp_path: Path) -> None:
    env = {
        "CONTACT_OUTBOX": str(tmp_path / "outbox.sqlite3"),
        "CONTACT_NOTIFY_FROM": SENDER,
        "CONTACT_NOTIFY_TO": STUDIO,
        "AWS_REGION": REGION,
        "CONTACT_SITE_URL": SITE,
    }
    assert Settings.from_env(env).confirmation is True  # on by default
    assert build_service(Settings.from_env(env)).confirmations is not None
    off = Settings.from_env({**env, "CONTACT_CONFIRMATION": "off"})
    assert build_service(off).confirmations is None
    no_site = Settings.from_env({k: v for k, v in env.items() if k != "CONTACT_SITE_URL"})
    assert build_service(no_site).confirmations is None  # no site for its links
    with pytest.raises(ConfigError, match="CONTACT_CONFIRMATION must be on or off"):
        Settings.from_env({**env, "CONTACT_CONFIRMATION": "sometimes"})


# --- DynamoDB ----------------------------------------------------------------------------------


def test_dynamodb_keeps_the_request_and_the_hour_of_confirmations(tmp_path: Path, aws) -> None:
    client = boto3.client("dynamodb", region_name=REGION)
    client.create_table(**table_definition("messages"))
    now = [1e9]
    service, notifier = confirming(
        tmp_path, clock=lambda: now[0], store=DynamoStore("messages", REGION)
    )
    other = with_confirmations(
        make_service(
            tmp_path / "b",
            store=DynamoStore("messages", REGION),
            notifier=notifier,
            artists=booked_site().source(),
        ),
        clock=lambda: now[0],
    )
    assert call(service, post_event(FULL))[:2] == OK
    assert call(other, post_event({**GOOD, "service": "Piercing"}))[:2] == OK
    assert len(notifier.delivered) == 1  # the other copy saw the hour in the table
    now[0] += HOUR
    assert call(other, post_event({**GOOD, "service": "Piercing"}))[:2] == OK
    assert len(notifier.delivered) == 2
    put_old_message(client, "messages")  # stored before the request existed
    listed = service.store.list()  # the confirmation items are not messages
    assert [(m.request, m.policies_version, m.waitlist) for m in listed] == [
        ({}, "", False),
        ({}, "", False),
        (REQUEST, VERSION, True),
        ({}, "", False),
    ]
    items = client.scan(TableName="messages")["Items"]
    assert sum(i["id"]["S"].startswith("confirm#") for i in items) == 1
    (confirm,) = [i for i in items if i["id"]["S"].startswith("confirm#")]
    assert int(confirm["expires_at"]["N"]) > now[0]  # time to live removes it
    assert "ana" not in confirm["id"]["S"]  # a digest, not the address
    messages = [i for i in items if "name" in i]
    assert sum("request" in i for i in messages) == 1  # attributes only when given
    assert sum("waitlist" in i for i in messages) == 1
    assert sum("policies_version" in i for i in messages) == 1


def test_the_sqlite_hour_is_one_row_per_address(tmp_path: Path) -> None:
    store = SqliteOutbox(tmp_path / "outbox.sqlite3")
    assert store.reserve_confirmation("a", 1000.0, HOUR) is True
    assert store.reserve_confirmation("a", 1000.0 + HOUR - 1, HOUR) is False
    assert store.reserve_confirmation("b", 1000.0 + HOUR - 1, HOUR) is True
    assert store.reserve_confirmation("a", 1000.0 + HOUR, HOUR) is True
