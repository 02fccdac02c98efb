"""Claiming a flash design: POST /api/contact's optional `flash` (functions/contact/flash.py)."""

from __future__ import annotations

import json
from pathlib import Path

import boto3
import httpx
import pytest
from click.testing import CliRunner
from contact_support import (
    FLASH,
    GOOD,
    REGION,
    RecordingNotifier,
    call,
    local_settings,
    make_service,
    post_event,
    published_site,
    put_old_message,
    write_artists,
    write_flash,
)
from ses_support import sent_emails, ses_notifier

import build
from devserver.contact_function import handler_for_site
from functions.contact.dal.dynamodb import DynamoStore, table_definition
from functions.contact.dal.flash import MAX_BYTES, SiteFlash, fetch_flash
from functions.contact.dal.sitelists import RETRY_S, TTL_S, SiteUnreachable
from functions.contact.handlers import handler as handler_module
from functions.contact.models.flash import parse_flash
from functions.contact.models.request_state import moved
from functions.contact.words.messages import THANK_YOU
from serverthread import running_server

SITE = "https://studio.example"
SWALLOW = {**GOOD, "flash": "jane-doe/swallow"}  # GOOD names jane-doe, the design's artist
SWALLOW_RECORD = {
    "id": "jane-doe/swallow",
    "verified": True,
    "artist_id": "jane-doe",
    "artist": "Jane Doe",
    "title": "Swallow",
    "size": "3 in",
    "price": 150,
    "repeatable": False,
    "image": f"{SITE}/images/flash/swallow.jpg",
}
SWALLOW_LINE = f"Swallow — 3 in, $150 — {SITE}/images/flash/swallow.jpg"
UNKNOWN = (
    'We could not find the flash design "jane-doe/anchor". It may have been removed: '
    "pick another on the Flash page."
)
DAGGER_CLAIMED = (
    '"Dagger" by Jane Doe has already been claimed. Please pick another design on the Flash '
    "page, or tell us in your message what you would like."
)
MALFORMED = (
    'Flash design is not a design from the Flash page (an id like "tasha-monroe/swallow"): '
    "please pick the design again there."
)


class FakeSite:
    """What the site answers at /api/flash/all.json, and a clock the test moves by hand."""

    def __init__(self, designs: list[dict] = FLASH) -> None:
        self.designs, self.up, self.now, self.fetches = [dict(d) for d in designs], True, 1e3, 0

    def fetch(self, url: str) -> dict:
        assert url == f"{SITE}/api/flash/all.json"
        self.fetches += 1
        if not self.up:
            raise SiteUnreachable(f"{url}: timed out")
        return parse_flash(self.designs)

    def source(self) -> SiteFlash:
        return SiteFlash(SITE + "/", fetch=self.fetch, clock=lambda: self.now)

    def mark(self, design_id: str, **changes: object) -> None:
        """An editor changes a design in content and the site is rebuilt."""
        (design,) = [d for d in self.designs if d["id"] == design_id]
        design.update(changes)


def flash_service(tmp_path: Path, site: FakeSite, notifier=None):  # noqa: ANN001, ANN201
    return make_service(tmp_path, notifier=notifier or RecordingNotifier(), flash=site.source())


def refused(service, body: dict) -> dict:  # noqa: ANN001
    """The 400 answer's JSON to body, checked to be the contract's shape (no traceback)."""
    status, answer, headers = call(service, post_event(body))
    assert (status, headers["content-type"]) == (400, "application/json; charset=utf-8")
    assert set(answer) == {"success", "error", "fields"} and answer["success"] is False
    assert "Traceback" not in answer["error"]
    return answer


# --- refusals ----------------------------------------------------------------------------------


def test_an_unknown_design_is_refused_by_its_id(tmp_path: Path) -> None:
    service = flash_service(tmp_path, FakeSite())
    answer = refused(service, {**GOOD, "flash": "jane-doe/anchor"})
    assert answer == {"success": False, "error": UNKNOWN, "fields": {"flash": UNKNOWN}}
    assert service.store.list() == []


def test_a_claimed_design_is_refused_by_its_title_and_artist(tmp_path: Path) -> None:
    service = flash_service(tmp_path, FakeSite())
    answer = refused(service, {**GOOD, "flash": "jane-doe/dagger"})
    assert answer == {
        "success": False,
        "error": DAGGER_CLAIMED,
        "fields": {"flash": DAGGER_CLAIMED},
    }
    assert service.store.list() == []


@pytest.mark.parametrize(
    ("value", "error"),
    [
        (42, "Flash design must be text: the id of a design from the Flash page."),
        (
            ["jane-doe/swallow"],
            "Flash design must be text: the id of a design from the Flash page.",
        ),
        ({"id": "jane-doe/swallow"}, "Flash design must be text"),
        (True, "Flash design must be text"),
        (
            "a" * 65 + "/" + "b" * 65,
            "Flash design is too long: 131 characters, at most 130 allowed.",
        ),
        ("jane-doe/swallow\r\nBcc: x@evil.example", MALFORMED),
        ("jane-doe/swallow\n", MALFORMED),
        (" jane-doe/swallow", MALFORMED),
        ("Jane-Doe/Swallow", MALFORMED),
        ("jane-doe", MALFORMED),
        ("jane-doe/swallow/extra", MALFORMED),
        ("../../etc/passwd", MALFORMED),
        ("jane-doe/swal\u202elow", MALFORMED),
        ("jane--doe/swallow", MALFORMED),
    ],
    ids=lambda v: repr(v)[:30],
)
def test_a_malformed_id_is_refused_naming_the_field(tmp_path: Path, value, error: str) -> None:
    site = FakeSite()
    answer = refused(flash_service(tmp_path, site), {**GOOD, "flash": value})
    assert answer["error"].startswith(error) and answer["fields"] == {"flash": answer["error"]}
    assert site.fetches == 0  # a malformed id never costs the site a request


@pytest.mark.parametrize("none", [None, ""])
def test_no_design_is_a_message_as_before(tmp_path: Path, none: str | None) -> None:
    service = flash_service(tmp_path, FakeSite())
    assert call(service, post_event({**GOOD, "flash": none}))[:2] == (
        200,
        {"success": True, "message": THANK_YOU},
    )
    assert service.store.list()[0].flash == {}


def test_every_problem_is_told_at_once(tmp_path: Path) -> None:
    answer = refused(flash_service(tmp_path, FakeSite()), {**GOOD, "name": "", "flash": "x/y"})
    assert answer["error"] == f"Please enter your name. {UNKNOWN.replace('jane-doe/anchor', 'x/y')}"
    assert set(answer["fields"]) == {"name", "flash"}


def test_another_artist_is_refused_and_no_preference_takes_the_designs(tmp_path: Path) -> None:
    """flash.py refuses a design named beside another artist (the comment there says why)."""
    notifier = RecordingNotifier()
    service = flash_service(tmp_path, FakeSite(), notifier)
    answer = refused(service, {**SWALLOW, "artist": "max-ink"})
    text = (
        '"Swallow" is a flash design by Jane Doe, who tattoos it: choose Jane Doe (or No '
        "preference) as the artist, or send your message without the design to ask Max Ink."
    )
    assert answer == {"success": False, "error": text, "fields": {"artist": text}}
    assert call(service, post_event({**SWALLOW, "artist": "na"}))[0] == 200
    (kept,) = service.store.list()
    assert (kept.artist, kept.artist_name, kept.flash["id"]) == (
        "jane-doe",
        "Jane Doe",
        "jane-doe/swallow",
    )
    assert notifier.sent[0][1] == "Jane Doe"


# --- accepted ----------------------------------------------------------------------------------


def test_a_repeatable_design_is_accepted_again_and_again(tmp_path: Path) -> None:
    site = FakeSite()
    service = flash_service(tmp_path, site)
    rose = {**GOOD, "artist": "max-ink", "flash": "max-ink/rose"}
    assert [call(service, post_event(rose))[0] for _ in range(2)] == [200, 200]
    site.mark("max-ink/rose", status="claimed")  # repeatable: a claim never closes it
    site.now += TTL_S + 1
    assert call(service, post_event(rose))[0] == 200
    assert [m.flash["title"] for m in service.store.list()] == ["Rose"] * 3


def test_the_design_is_kept_as_the_site_listed_it(tmp_path: Path) -> None:
    service = flash_service(tmp_path, FakeSite())
    assert call(service, post_event(SWALLOW))[0] == 200
    (kept,) = service.store.list()
    assert kept.flash == SWALLOW_RECORD
    listed = CliRunner().invoke(
        build.cli, ["messages", "--outbox", str(tmp_path / "outbox.sqlite3")]
    )
    assert listed.exit_code == 0, listed.output
    assert f"\n  flash design: {SWALLOW_LINE}\n" in listed.output
    listed = CliRunner().invoke(
        build.cli, ["messages", "--json", "--outbox", str(tmp_path / "outbox.sqlite3")]
    )
    assert json.loads(listed.output)[0]["flash"] == SWALLOW_RECORD


def test_a_design_claimed_after_the_list_was_read_is_refused_once_it_is_read_again(
    tmp_path: Path,
) -> None:
    site = FakeSite()
    service = flash_service(tmp_path, site)
    assert call(service, post_event(SWALLOW))[0] == 200 and site.fetches == 1
    site.mark("jane-doe/swallow", status="claimed")  # the studio marks it claimed in content
    # The first claim's hold given back (#41 item 4), so only the list decides the next one.
    first = service.store.list()[0]
    assert service.store.change_state(moved(first, "declined", "x", "studio link"), "new")
    site.now += TTL_S - 1
    assert call(service, post_event(SWALLOW))[0] == 200  # the list read a minute ago
    site.now += 2
    answer = refused(service, SWALLOW)
    assert answer["error"].startswith('"Swallow" by Jane Doe has already been claimed.')
    assert site.fetches == 2


def test_a_design_published_after_the_list_was_read_is_found_at_once(tmp_path: Path) -> None:
    site = FakeSite()
    service = flash_service(tmp_path, site)
    anchor = {**GOOD, "flash": "jane-doe/anchor"}
    refused(service, anchor)
    site.designs.append({**FLASH[0], "id": "jane-doe/anchor", "title": "Anchor"})
    refused(service, anchor)  # looked at again at most every RETRY_S, however many come
    assert site.fetches == 1
    site.now += RETRY_S
    assert call(service, post_event(anchor))[0] == 200 and site.fetches == 2


def test_an_unreachable_site_never_costs_a_lead(tmp_path: Path, aws) -> None:
    site = FakeSite()
    site.up = False
    service = flash_service(tmp_path, site, ses_notifier())
    assert call(service, post_event(SWALLOW))[:2] == (200, {"success": True, "message": THANK_YOU})
    (kept,) = service.store.list()
    assert kept.flash == {"id": "jane-doe/swallow", "verified": False}
    (mail,) = sent_emails()
    body = mail.get_content().replace("\r\n", "\n")
    assert (
        "Flash design: jane-doe/swallow (not verified: the site could not be read when the "
        "message came; check the design on the Flash page)\n"
        "It could not be checked: make sure it is still free before you confirm.\n"
    ) in body
    assert refused(service, {**GOOD, "flash": "Not An Id"})["error"] == MALFORMED


# --- the studio's email ------------------------------------------------------------------------


def test_the_email_shows_the_design_above_the_message(tmp_path: Path, aws) -> None:
    site = FakeSite()
    site.mark("jane-doe/swallow", title="Swallow\r\nBcc: x@evil.example", price=1200)
    service = flash_service(tmp_path, site, ses_notifier())
    assert call(service, post_event(SWALLOW))[0] == 200
    (mail,) = sent_emails()
    body = mail.get_content().replace("\r\n", "\n")
    line = f"Flash design: Swallow Bcc: x@evil.example — 3 in, $1,200 — {SITE}/images/flash/"
    block = (
        f"{line}swallow.jpg\nOne of a kind: after the appointment, mark it claimed in "
        "content/flash/jane-doe.yaml (status: claimed).\n\nMessage:\n"
    )
    assert block in body
    assert "Bcc" not in mail and "evil" not in mail["Subject"]
    assert mail["Subject"] == "Test Studio contact: Ana López - Tattoo Consultation"


def test_the_image_link_is_a_path_on_the_site_or_none(tmp_path: Path) -> None:
    site = FakeSite()
    site.mark("jane-doe/swallow", src="javascript:alert(1)")
    site.mark("max-ink/rose", src="/images/flash/rose 1.jpg")
    service = flash_service(tmp_path, site)
    call(service, post_event(SWALLOW))
    call(service, post_event({**GOOD, "artist": "max-ink", "flash": "max-ink/rose"}))
    assert [m.flash["image"] for m in service.store.list()] == ["", ""]


# --- where the list comes from -----------------------------------------------------------------


def test_dynamodb_keeps_the_design_and_reads_older_messages(tmp_path: Path, aws) -> None:
    client = boto3.client("dynamodb", region_name=REGION)
    client.create_table(**table_definition("messages"))
    store = DynamoStore("messages", REGION)
    service = flash_service(tmp_path, FakeSite())
    service.store = store
    assert call(service, post_event(SWALLOW))[0] == 200
    assert call(service, post_event(GOOD))[0] == 200
    put_old_message(client, "messages")  # stored before flash existed
    assert [m.flash for m in store.list()] == [{}, SWALLOW_RECORD, {}]
    items = {i["id"]["S"]: i for i in client.scan(TableName="messages")["Items"]}
    assert sum("flash" in item for item in items.values()) == 1  # none where there is none


def test_fetch_reads_the_sites_list_within_its_size(tmp_path: Path) -> None:
    with published_site({"/api/flash/all.json": FLASH}) as (url, handler):
        assert list(fetch_flash(f"{url}/api/flash/all.json")) == [d["id"] for d in FLASH]
        with pytest.raises(SiteUnreachable, match="not a flash list"):
            fetch_flash(f"{url}/flash")  # a page, not the list
        handler.files["/api/flash/all.json"] = ["x" * 1024] * (MAX_BYTES // 1024 + 1)
        with pytest.raises(SiteUnreachable, match=f"larger than {MAX_BYTES} bytes"):
            fetch_flash(f"{url}/api/flash/all.json")


def test_the_lambda_learns_of_a_claim_from_the_published_site(tmp_path: Path) -> None:
    """Over HTTP, as on Lambda: the design claimed in content is refused after the TTL."""
    clock = [0.0]
    with published_site({"/api/flash/all.json": FLASH}) as (url, handler):
        flash = SiteFlash(url, clock=lambda: clock[0])
        service = make_service(tmp_path, flash=flash)
        assert call(service, post_event(SWALLOW))[0] == 200
        handler.files["/api/flash/all.json"] = [
            {**d, "status": "claimed"} if d["id"] == "jane-doe/swallow" else d for d in FLASH
        ]
        clock[0] += TTL_S + 1
        assert "already been claimed" in refused(service, SWALLOW)["error"]
    assert service.store.list()[0].flash["image"] == f"{url}/images/flash/swallow.jpg"


def test_serve_checks_the_flash_of_the_build_it_serves(tmp_path: Path, monkeypatch) -> None:
    settings = local_settings(tmp_path)
    monkeypatch.setattr(handler_module, "SETTINGS", settings)
    handler_for_site.cache_clear()
    dist = write_flash(write_artists(tmp_path / "site"))
    with running_server(dist) as url:  # the default handler, as `build.py serve` runs it
        posted = httpx.post(f"{url}/api/contact", json=SWALLOW)
        assert (posted.status_code, posted.json()["success"]) == (200, True)
        claimed = httpx.post(f"{url}/api/contact", json={**GOOD, "flash": "jane-doe/dagger"})
        assert (claimed.status_code, claimed.json()["error"]) == (400, DAGGER_CLAIMED)
        unknown = httpx.post(f"{url}/api/contact", json={**GOOD, "flash": "jane-doe/anchor"})
        assert (unknown.status_code, unknown.json()["error"]) == (400, UNKNOWN)
        # The editor marks it claimed and `serve` rebuilds: refused at once.
        write_flash(dist, [{**d, "status": "claimed"} for d in FLASH])
        again = httpx.post(f"{url}/api/contact", json=SWALLOW)
        assert again.status_code == 400 and "already been claimed" in again.json()["error"]
    handler_for_site.cache_clear()
    listed = CliRunner().invoke(build.cli, ["messages", "--outbox", str(settings.outbox)])
    assert "\n  flash design: Swallow — 3 in, $150 — /images/flash/swallow.jpg\n" in listed.output
