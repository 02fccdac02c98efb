"""Hostile input against the contact function: one table per kind of attack.

Each case goes through the interfaces an attacker reaches (the Lambda handler, the local
server) or an operator uses (`build.py messages`), never through a private helper. When a
new probe finds a hole, add its input to the matching table.
"""

from __future__ import annotations

import base64
import email
import email.policy
import json
import re
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
    netlify_signature,
    post_event,
)
from ses_support import (
    SENDER,
    STUDIO,
    sent_emails,
    sent_raw_emails,
    ses_notifier,
    ses_service,
    stored,
)

import build
from functions.contact.dal.outbox import SqliteOutbox
from functions.contact.handlers.app import respond
from functions.contact.models.ratelimit import RateLimit, SlidingWindowLimiter
from functions.contact.words.messages import NOT_JSON_TYPE, NUMBER_TOO_LONG
from serverthread import running_server

# --- email headers -------------------------------------------------------------------------

INJECTED = "Reply-To: attacker@evil.example"
# Names that try to smuggle a header into the studio's email (issue 18: RFC 2047 encoded
# words that decode to a line break, in every spelling the email package understands).
HOSTILE_NAMES = [
    ("q-encoded", "=?utf-8?q?Jo=0D=0AReply-To:_attacker@evil.example?="),
    (
        "b-encoded",
        "=?utf-8?b?" + base64.b64encode(b"Jo\r\nReply-To: attacker@evil.example").decode() + "?=",
    ),
    ("mixed-case", "=?UtF-8?Q?Jo=0d=0aReply-To:_attacker@evil.example?="),
    ("latin1-charset", "=?iso-8859-1?q?Jo=0D=0ABcc:_victim@evil.example?="),
    ("lf-only", "=?utf-8?q?Jo=0AReply-To:_attacker@evil.example?="),
    ("split-words", "=?utf-8?q?Jo=0D?= =?utf-8?q?=0AReply-To:_attacker@evil.example?="),
    ("folded", "Jo =?utf-8?q?=0D=0A?=\t=?utf-8?q?Reply-To:_attacker@evil.example?="),
    ("in-quotes", '"=?utf-8?q?Jo=0D=0AReply-To:_attacker@evil.example?=" <x@evil.example>'),
    ("language-tag", "=?utf-8*en?q?Jo=0D=0AReply-To:_attacker@evil.example?="),
    ("line-separator", "Jo\u2028Reply-To: attacker@evil.example"),
    ("paragraph-separator", "Jo\u2029Reply-To: attacker@evil.example"),
    ("next-line", "Jo\u0085Reply-To: attacker@evil.example"),
    ("raw-crlf", "Jo\r\nReply-To: attacker@evil.example"),
    ("bidi-override", "Jo \u202eelpmaxe.live@rekcatta"),
]
# The headers the studio's email has, each exactly once.
EXPECTED_HEADERS = [
    "Content-Language",  # en or es, fixed by the function (build.py mail reads it)
    "Content-Transfer-Encoding",
    "Content-Type",
    "Date",
    "From",
    "MIME-Version",
    "Message-ID",
    "Reply-To",
    "Subject",
    "To",
]


def header_block(raw: str) -> list[tuple[str, str]]:
    """(name, unfolded value) of each header of a raw email, as a mail server reads them."""
    head = re.split(r"\r?\n\r?\n", raw, maxsplit=1)[0]
    headers: list[tuple[str, str]] = []
    for line in re.split(r"\r?\n", head):
        if line[:1] in (" ", "\t") and headers:
            name, value = headers[-1]
            headers[-1] = (name, value + line)
        else:
            name, _, value = line.partition(":")
            headers.append((name, value.strip()))
    return headers


def assert_headers_are_ours(raw: str, reply_to: str = "ana@example.com") -> None:
    """Exactly our headers, once each; replies go to the visitor's address and nowhere else."""
    headers = header_block(raw)
    assert sorted(name for name, _ in headers) == EXPECTED_HEADERS, raw
    mail = email.message_from_string(raw, policy=email.policy.default)
    assert [a.addr_spec for a in mail["Reply-To"].addresses] == [reply_to]
    assert [a.addr_spec for a in mail["To"].addresses] == [STUDIO]
    assert all("\n" not in str(mail[name]) for name in EXPECTED_HEADERS)


@pytest.mark.parametrize(("case", "name"), HOSTILE_NAMES, ids=[c[0] for c in HOSTILE_NAMES])
def test_no_header_can_be_injected_through_the_handler(tmp_path: Path, aws, case, name) -> None:
    service = ses_service(tmp_path)
    status, answer, _ = call(
        service, post_event({**GOOD, "name": name, "email": "ana@example.com"})
    )
    if status == 200:  # taken as typed, and emailed with every header intact
        [raw] = sent_raw_emails()
        assert_headers_are_ours(raw)
        [kept] = service.store.list()
        assert (kept.name, kept.status) == (name, "sent")
    else:  # refused, with a reason for the visitor, and nothing sent
        assert status == 400 and answer["fields"]["name"]
        assert sent_raw_emails() == []


@pytest.mark.parametrize(("case", "name"), HOSTILE_NAMES, ids=[c[0] for c in HOSTILE_NAMES])
def test_no_header_can_be_injected_even_if_the_rules_were_bypassed(aws, case, name) -> None:
    # A message stored before today's rules, or by a future bug in them, goes through the
    # same email builder: its headers come out intact anyway.
    ses_notifier().send(stored(name), "No preference")
    [raw] = sent_raw_emails()
    assert_headers_are_ours(raw)


HOSTILE_EMAILS = [
    ("encoded-word-local-part", "=?utf-8?q?x=0D=0ABcc=3A_v=40evil.example?=@example.com"),
    ("encoded-word-other-address", "=?utf-8?q?bob=40evil.example?=@example.com"),
    ("crlf", "ana@example.com\r\nBcc: victim@evil.example"),
    ("line-separator", "ana@example.com\u2028Bcc: victim@evil.example"),
    ("display-name-form", "Ana <ana@example.com>"),
    ("two-addresses", "ana@example.com, victim@evil.example"),
]


@pytest.mark.parametrize(("case", "address"), HOSTILE_EMAILS, ids=[c[0] for c in HOSTILE_EMAILS])
def test_hostile_email_addresses_are_refused(tmp_path: Path, aws, case, address) -> None:
    service = ses_service(tmp_path)
    status, answer, _ = call(service, post_event({**GOOD, "email": address}))
    assert status == 400 and answer["fields"]["email"].startswith(
        (
            "Please enter a valid email address.",
            "Email address must be on one line.",
            "Email address contains invisible control characters.",
        )
    )
    assert sent_raw_emails() == [] and service.store.list() == []


def test_the_email_still_names_the_visitor(tmp_path: Path, aws) -> None:
    service = ses_service(tmp_path)
    call(service, post_event({**GOOD, "name": "Zoë O'Brien-Ångström (Jo)"}))
    [raw] = sent_raw_emails()
    assert_headers_are_ours(raw)
    [mail] = sent_emails()
    assert mail["Reply-To"].addresses[0].display_name == "Zoë O'Brien-Ångström (Jo)"
    assert mail["Subject"] == "Test Studio contact: Zoë O'Brien-Ångström (Jo) - Tattoo Consultation"
    assert (mail["From"], mail["To"]) == (SENDER, STUDIO)


# --- field rules ---------------------------------------------------------------------------

ONE_LINE = "must be on one line."
CONTROLS = "contains invisible control characters."
DIRECTION = "contains invisible text-direction characters; please type it again"
# (id, changed fields, the field refused, words of its message)
HOSTILE_FIELDS = [
    ("name-c1-csi", {"name": "Ana\x9b31m"}, "name", CONTROLS),
    ("name-c1-nel", {"name": "Ana\x85Bcc"}, "name", ONE_LINE),
    ("name-del", {"name": "Ana\x7f"}, "name", CONTROLS),
    ("name-escape", {"name": "Ana\x1b[2J"}, "name", CONTROLS),
    ("name-rlo", {"name": "Ana \u202egnp.exe"}, "name", DIRECTION),
    ("name-lre", {"name": "Ana \u202aX\u202c"}, "name", DIRECTION),
    ("name-isolate", {"name": "Ana \u2067X\u2069"}, "name", DIRECTION),
    ("phone-rlo", {"phone": "555 0100 \u202e"}, "phone", DIRECTION),
    ("email-rlo", {"email": "ana@example.com\u202e"}, "email", DIRECTION),
    ("message-c1", {"message": "Hello\x9dthere"}, "message", CONTROLS),
    ("message-nel", {"message": "Hello\x85there"}, "message", CONTROLS),
    ("message-escape", {"message": "Hello \x1b]0;owned\x07"}, "message", CONTROLS),
    ("message-rlo", {"message": "Call me at \u202e0010 555"}, "message", DIRECTION),
    ("message-isolate", {"message": "Hi \u2066there\u2069"}, "message", DIRECTION),
    ("name-zero-width-space", {"name": "\u200b\u200b\u200b"}, "name", "Please enter your name."),
    ("name-zwnj-zwj", {"name": "\u200c\u200d"}, "name", "Please enter your name."),
    ("name-word-joiner", {"name": "\u2060"}, "name", "Please enter your name."),
    ("name-bom", {"name": "\ufeff"}, "name", "Please enter your name."),
    ("name-soft-hyphen", {"name": "\u00ad\u00ad"}, "name", "Please enter your name."),
    ("name-hangul-filler", {"name": "\u3164"}, "name", "Please enter your name."),
    ("name-braille-blank", {"name": "\u2800"}, "name", "Please enter your name."),
    ("name-combining-only", {"name": "\u0301\u0302"}, "name", "Please enter your name."),
    (
        "name-mixed-blanks",
        {"name": " \u200b \u2060\u00a0\ufeff "},
        "name",
        "Please enter your name.",
    ),
    ("message-zero-width", {"message": "\u200b\n\u200b"}, "message", "Please enter your message."),
]


@pytest.mark.parametrize(
    ("case", "changes", "field", "words"), HOSTILE_FIELDS, ids=[c[0] for c in HOSTILE_FIELDS]
)
def test_hostile_fields_are_refused_with_a_reason(
    tmp_path: Path, case, changes, field, words
) -> None:
    service = make_service(tmp_path)
    status, answer, _ = call(service, post_event({**GOOD, **changes}))
    assert status == 400
    assert words in answer["fields"][field]
    assert service.store.list() == []


@pytest.mark.parametrize(
    "name",
    [
        "Zoë",
        "李小龍",
        "محمد\u200f",
        "Ana\u200dMaría",
        "👩\u200d🎨 Ana",
        "Ｊｏ",
        "ʻIolani",
        "Nguyễn",
    ],
)
def test_real_names_with_joiners_and_marks_are_kept(tmp_path: Path, name: str) -> None:
    service = make_service(tmp_path)
    assert call(service, post_event({**GOOD, "name": name}))[0] == 200
    assert [m.name for m in service.store.list()] == [name]


# --- the request itself --------------------------------------------------------------------

HUGE = "9" * 5000
# (id, raw JSON body, expected status, words of the error)
HOSTILE_BODIES = [
    ("huge-int-timer", json.dumps(GOOD)[:-1] + f', "elapsed_ms": {HUGE}}}', 400, NUMBER_TOO_LONG),
    ("huge-int-unknown-key", json.dumps(GOOD)[:-1] + f', "x": {HUGE}}}', 400, NUMBER_TOO_LONG),
    (
        "huge-int-nested",
        json.dumps(GOOD)[:-1] + f', "x": [[{{"y": -{HUGE}}}]]}}',
        400,
        NUMBER_TOO_LONG,
    ),
    ("huge-int-top-level", HUGE, 400, NUMBER_TOO_LONG),
    ("33-digit-int", json.dumps(GOOD)[:-1] + f', "x": {"1" * 33}}}', 400, NUMBER_TOO_LONG),
    (
        "huge-float-timer",
        json.dumps(GOOD)[:-1] + f', "elapsed_ms": {HUGE}.5}}',
        400,
        "timer is invalid",
    ),
    ("huge-exponent", json.dumps(GOOD)[:-1] + ', "elapsed_ms": 1e999999}', 400, "timer is invalid"),
    ("nan-timer", json.dumps(GOOD)[:-1] + ', "elapsed_ms": NaN}', 400, "timer is invalid"),
    ("deep-nesting", "[" * 100_000, 413, "too large"),
    ("deep-nesting-under-cap", "[" * 60_000, 400, "expected JSON"),
]


@pytest.mark.parametrize(
    ("case", "body", "status", "words"), HOSTILE_BODIES, ids=[c[0] for c in HOSTILE_BODIES]
)
def test_hostile_bodies_are_bad_requests_not_crashes(
    tmp_path: Path, caplog, case, body, status, words
) -> None:
    service = make_service(tmp_path)
    got, answer, _ = call(service, post_event(body))
    assert (got, answer["success"]) == (status, False)
    assert words in answer["error"]
    assert "Traceback" not in caplog.text
    assert service.store.list() == []


# Content types a cross-site page can post without a CORS preflight, and near misses.
CONTENT_TYPES = [
    ("text-plain", "text/plain", 415),
    ("text-plain-charset", "text/plain;charset=UTF-8", 415),
    ("form-urlencoded", "application/x-www-form-urlencoded", 415),
    ("multipart", "multipart/form-data; boundary=x", 415),
    ("missing", None, 415),
    ("empty", "", 415),
    ("json-lookalike", "application/jsonx", 415),
    ("json-as-parameter", "text/plain; type=application/json", 415),
    ("json-suffix", "application/problem+json", 415),
    ("json", "application/json", 200),
    ("json-charset", "application/json; charset=utf-8", 200),
    ("json-upper-case", "APPLICATION/JSON", 200),
    ("json-spaces", " application/json ;charset=utf-8", 200),
]


@pytest.mark.parametrize(
    ("case", "content_type", "status"), CONTENT_TYPES, ids=[c[0] for c in CONTENT_TYPES]
)
def test_only_json_posts_are_accepted(tmp_path: Path, case, content_type, status) -> None:
    service = make_service(tmp_path)
    event = post_event(GOOD)
    event["headers"].pop("content-type")
    if content_type is not None:
        event["headers"]["Content-Type"] = content_type
    got, answer, _ = call(service, event)
    assert got == status
    if status == 415:
        assert answer == {"success": False, "error": NOT_JSON_TYPE}
        assert service.store.list() == []


def test_a_cross_site_text_plain_post_is_refused_by_the_local_server(tmp_path: Path) -> None:
    settings = local_settings(tmp_path)
    service = make_service(tmp_path, settings)
    with running_server(tmp_path / "dist", contact=handler_for(service, settings)) as url:
        # What <form enctype="text/plain"> or fetch(..., {mode: "no-cors"}) would send.
        response = httpx.post(
            f"{url}/api/contact",
            content=json.dumps(GOOD),
            headers={"content-type": "text/plain", "origin": "https://evil.example"},
        )
    assert response.status_code == 415
    assert response.json()["error"] == NOT_JSON_TYPE
    assert service.store.list() == []


# --- security headers on every answer ------------------------------------------------------

SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
    "strict-transport-security": "max-age=63072000; includeSubDomains",
}
ANSWERS = [
    ("200", post_event(GOOD), 200),
    ("400", post_event({"name": ""}), 400),
    ("405", post_event(None, method="GET"), 405),
    ("413", post_event("x" * 70_000), 413),
    ("415", {**post_event(GOOD), "headers": {}}, 415),
]


@pytest.mark.parametrize(("case", "event", "status"), ANSWERS, ids=[c[0] for c in ANSWERS])
def test_every_answer_carries_the_security_headers(tmp_path: Path, case, event, status) -> None:
    got, _, headers = call(make_service(tmp_path), event)
    assert got == status
    assert {k: headers.get(k) for k in SECURITY_HEADERS} == SECURITY_HEADERS


def test_429_and_503_answers_carry_the_security_headers_too(tmp_path: Path) -> None:
    limited = make_service(tmp_path, local_settings(tmp_path, rate_limit=RateLimit(1, 600)))
    call(limited, post_event(GOOD))
    got, _, headers = call(limited, post_event(GOOD))
    assert got == 429 and {k: headers.get(k) for k in SECURITY_HEADERS} == SECURITY_HEADERS
    answer = respond(None, None, post_event(GOOD))  # configuration invalid: every request 503
    assert answer["statusCode"] == 503
    assert {k: answer["headers"].get(k) for k in SECURITY_HEADERS} == SECURITY_HEADERS


def test_the_local_server_passes_the_function_headers_through(tmp_path: Path) -> None:
    settings = local_settings(tmp_path)
    service = make_service(tmp_path, settings)
    with running_server(tmp_path / "dist", contact=handler_for(service, settings)) as url:
        response = httpx.post(f"{url}/api/contact", json=GOOD)
    assert response.status_code == 200
    assert {k: response.headers.get(k) for k in SECURITY_HEADERS} == SECURITY_HEADERS


# --- the rate limiter's key ----------------------------------------------------------------

CONNECTION = "198.51.100.23"  # the fixture event's x-nf-client-connection-ip
PROXY_SECRET = "p" * 64
# A forwarded address counts only on a request Netlify signed (test_contact_grant_limits.py
# shows an unsigned one never does); these tables check what is made of a signed one.


def signed() -> dict[str, str]:
    """Netlify's signature, made when the test runs: it expires five minutes after it is
    made, and a full run can reach these tests later than that after importing them."""
    return {"x-nf-sign": netlify_signature(PROXY_SECRET)}


# (id, X-Forwarded-For as sent, the client the message is kept under)
FORWARDED = [
    ("plain", "203.0.113.9", "203.0.113.9"),
    ("chain", " 203.0.113.9 , 10.0.0.1", "203.0.113.9"),
    ("ipv6", "2001:DB8::1", "2001:db8::1"),
    ("ipv4-mapped", "::ffff:192.0.2.1", "192.0.2.1"),
    ("huge", "x" * 8192, CONNECTION),
    ("huge-digits", "1" * 8192, CONNECTION),
    ("not-an-address", "evil.example", CONNECTION),
    ("with-port", "203.0.113.9:443", CONNECTION),
    ("bracketed-ipv6", "[2001:db8::1]", CONNECTION),
    ("zone-id", "fe80::1%" + "a" * 40, CONNECTION),
    ("control-chars", "203.0.113.9\x00\r\n", CONNECTION),
    ("empty-first", ", 203.0.113.9", CONNECTION),
]


@pytest.mark.parametrize(("case", "header", "client"), FORWARDED, ids=[c[0] for c in FORWARDED])
def test_the_client_is_a_validated_address(tmp_path: Path, case, header, client) -> None:
    settings = local_settings(
        tmp_path, client_ip_headers=("x-forwarded-for",), proxy_secret=PROXY_SECRET
    )
    service = make_service(tmp_path, settings)
    event = load_event("function-url-post.json")
    event["requestContext"]["http"]["sourceIp"] = CONNECTION
    event["headers"].update(signed(), **{"x-forwarded-for": header})
    assert call(service, event, settings)[0] == 200
    assert [m.client for m in service.store.list()] == [client]


def test_distinct_forwarded_headers_do_not_grow_the_limiter(tmp_path: Path) -> None:
    # The probe: 10,000 posts with distinct 8 KB X-Forwarded-For headers.
    settings = local_settings(
        tmp_path,
        rate_limit=RateLimit(10_000, 600),
        client_ip_headers=("x-forwarded-for",),
        proxy_secret=PROXY_SECRET,
    )
    service = make_service(tmp_path, settings)
    # the limiter is what is measured here: neither kept nor emailed (composing and keeping
    # 10,000 emails took 30 s of the test's 35)
    service.store.add = lambda message: None
    service.notify = lambda message, artists=None: False
    event = load_event("function-url-post.json")
    event["requestContext"]["http"]["sourceIp"] = CONNECTION
    event["headers"].update(signed())
    for i in range(10_000):
        event["headers"]["x-forwarded-for"] = f"{i:08d}" + "x" * 8192
        assert call(service, event, settings)[0] == 200
    keys = list(service.limiter._hits)
    assert keys == [CONNECTION]


def test_the_limiter_forgets_the_oldest_clients_beyond_its_capacity() -> None:
    limiter = SlidingWindowLimiter(RateLimit(5, 600), max_clients=100)
    for i in range(1000):
        limiter.retry_after(f"203.0.{i // 256}.{i % 256}")
    limiter.retry_after("y" * 10_000)
    assert len(limiter._hits) == 100
    assert max(len(key) for key in limiter._hits) <= 64


def test_one_ipv6_network_shares_one_limit(tmp_path: Path) -> None:
    settings = local_settings(
        tmp_path,
        rate_limit=RateLimit(2, 600),
        client_ip_headers=("x-forwarded-for",),
        proxy_secret=PROXY_SECRET,
    )
    service = make_service(tmp_path, settings)
    event = load_event("function-url-post.json")
    event["headers"].update(signed())
    statuses = []
    for host in ("2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::9", "2001:db8:1:3::1"):
        event["headers"]["x-forwarded-for"] = host
        statuses.append(call(service, event, settings)[0])
    assert statuses == [200, 200, 429, 200]  # the fourth is another /64


# --- what the operator's terminal shows ----------------------------------------------------

STORED_BEFORE_THE_RULES = {
    "name": "Eve\x1b]0;owned\x07\x1b[2J",
    "email": "eve@example.com",
    "phone": "555\u202e0100",
    "message": "Line one\x9b31mred\nLine \u2066two\u2069\u2028three\x85four",
}


def test_messages_prints_stored_text_with_controls_escaped(tmp_path: Path) -> None:
    outbox = tmp_path / "outbox.sqlite3"
    SqliteOutbox(outbox).add(stored(**STORED_BEFORE_THE_RULES))
    text = CliRunner().invoke(build.cli, ["messages", "--outbox", str(outbox)]).output
    assert not re.search(
        r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]", text
    )
    assert r"Eve\x1b]0;owned\x07\x1b[2J <eve@example.com>  555\u202e0100" in text
    assert r"  Line one\x9b31mred" in text and r"  Line \u2066two\u2069\u2028three\x85four" in text
    as_json = CliRunner().invoke(build.cli, ["messages", "--json", "--outbox", str(outbox)]).output
    assert not re.search(r"[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]", as_json)
    [listed] = json.loads(as_json)
    assert {k: listed[k] for k in STORED_BEFORE_THE_RULES} == STORED_BEFORE_THE_RULES


def test_messages_still_prints_real_text_as_typed(tmp_path: Path) -> None:
    outbox = tmp_path / "outbox.sqlite3"
    SqliteOutbox(outbox).add(stored("Zoë 李", message="שלום\tעולם 🌹"))
    text = CliRunner().invoke(build.cli, ["messages", "--outbox", str(outbox)]).output
    assert "Zoë 李 <ana@example.com>" in text and "  שלום\tעולם 🌹" in text
