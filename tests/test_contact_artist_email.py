"""#41 item 5: a request goes to its artist (a private `email:` in the artist's file), the
studio in Cc; the address never reaches anything built (docs/contact.md, "Requests go to the
artist"). Through the content check (CLI), serve's build and its function, SES on moto, and
deploy-function's package."""

from __future__ import annotations

import email
import email.policy
import gzip
import io
import json
import stat
import zipfile
from pathlib import Path

import brotli
import pytest
from click.testing import CliRunner
from contact_support import GOOD, local_settings, make_service, post_event
from moto.core import DEFAULT_ACCOUNT_ID
from moto.ses.models import ses_backends
from ses_support import STUDIO, sent_emails, ses_notifier

import build
from devserver import contact_function, runner
from functions import deploy
from functions.contact.handlers import handler as handler_module
from functions.contact.handlers.app import respond
from functions.contact.handlers.settings import PROJECT_ROOT, Settings
from generator import pipeline
from generator.reporter import BufferReporter
from sitefactory import ARTIST_YAML, minimal_site, write_site

ADDRESS = "jane.private+bookings@artist-mail.example"
JANE = ARTIST_YAML.format(name="Jane Doe", photo="jane.jpg", slug="jane", order=2)


def read_artist_emails(content: Path) -> dict[str, str]:
    from generator.content.private import read_artist_emails as read  # new with #41

    return read(content)


def ArtistEmails(path: Path):  # noqa: ANN201, N802 - the class, imported when used
    from functions.contact.dal.artist_emails import ArtistEmails as Emails  # new with #41

    return Emails(path)


def with_email(address: str) -> dict:
    files = minimal_site()
    files["artists/jane-doe.yaml"] = JANE + f"email: {address}\n"
    return files


# --- the field ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "problem"),
    [
        ('"Jane <jane@studio.com>"', "must be one plain email address"),
        ('"jane@studio.com, boss@studio.com"', "must be one plain email address"),
        ('"jané@studio.com"', "must be one plain email address"),
        ('"jane@studio.com\\r\\nBcc: all@evil.example"', "must be one plain email address"),
        ('"jane"', "must be one plain email address"),
        (
            '"' + "j" * 60 + "@" + "d" * 200 + '.com"',
            "must be an email address of at most 254 characters",
        ),
    ],
)
def test_a_bad_address_is_named_by_file_line_and_field(
    tmp_path: Path, written: str, problem: str
) -> None:
    files = minimal_site()
    files["artists/jane-doe.yaml"] = JANE + f"email: {written}\n"
    content = write_site(tmp_path / "content", files)
    result = CliRunner().invoke(build.cli, ["check", "--content", str(content)])
    assert result.exit_code == 1
    line = JANE.count("\n") + 1
    assert f"artists/jane-doe.yaml:{line}: email: {problem}" in result.output, result.output


def test_a_plain_address_passes_and_an_empty_one_is_none(tmp_path: Path) -> None:
    content = write_site(tmp_path / "content", with_email(ADDRESS))
    result = CliRunner().invoke(build.cli, ["check", "--content", str(content)])
    assert result.exit_code == 0, result.output
    assert read_artist_emails(content) == {"jane-doe": ADDRESS}
    (content / "artists" / "jane-doe.yaml").write_text(JANE + 'email: ""\n')
    assert read_artist_emails(content) == {}


# --- never built -------------------------------------------------------------------------------


def _every_byte(path: Path) -> bytes:
    """A file's bytes, and its decompressed bytes when it is compressed."""
    data = path.read_bytes()
    if path.suffix == ".gz" or data[:2] == b"\x1f\x8b":
        data += gzip.decompress(data)
    elif path.suffix == ".br":
        data += brotli.decompress(data)
    return data


def test_serve_builds_without_it_and_its_function_sends_the_request_to_the_artist(
    tmp_path: Path, media_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    content = write_site(tmp_path / "content", with_email(ADDRESS))
    settings = local_settings(tmp_path / "contact", rate_limit=Settings().rate_limit)
    monkeypatch.setattr(handler_module, "SETTINGS", settings)
    contact_function.handler_for_site.cache_clear()
    paths = pipeline.Paths.make(content, tmp_path / "dist", cache=media_cache)
    runner.build_site(paths, BufferReporter())  # serve's build

    # Not one byte of dist/ holds the address, in any case, compressed or not: pages,
    # prerendered HTML, api/*.json, the admin's configuration and previews.
    files = [p for p in paths.out.rglob("*") if p.is_file()]
    assert any(p.parts[-2:] == ("api", "artists.json") for p in files)
    needles = (ADDRESS.lower().encode(), b"artist-mail.example", b"jane.private")
    for path in files:
        data = _every_byte(path).lower()
        assert not any(n in data for n in needles), path
    admin = [p for p in files if "admin" in p.relative_to(paths.out).parts]
    assert admin, "the admin is built into dist/admin"

    # Serve keeps it beside its outbox, outside dist/, readable by its owner only.
    kept = settings.outbox.parent / "artist_emails.json"
    assert json.loads(kept.read_text()) == {"jane-doe": ADDRESS}
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert not kept.resolve().is_relative_to(paths.out.resolve())

    # serve's function: the request's email (kept in the outbox: nothing is sent here) goes
    # To the artist, the studio in Cc; a question goes to the studio alone.
    handler = contact_function.handler_for_site(paths.out)
    for body in (GOOD, {**GOOD, "service": "Jewelry Change", "name": "Bo Lee"}):
        assert handler(post_event(body), None)["statusCode"] == 200
    service = contact_function.service_for_site(paths.out)
    studio_mail = [
        email.message_from_bytes(raw, policy=email.policy.default)
        for _, recipients, raw in reversed(service.store.kept_emails())
        if "studio@localhost" in recipients
    ]
    request, question = studio_mail
    assert (request["To"], request["Cc"]) == (ADDRESS, "studio@localhost")
    assert "Ana López" in request.get_content() and "Accept:" in request.get_content()
    assert (question["To"], question["Cc"]) == ("studio@localhost", None)
    contact_function.handler_for_site.cache_clear()


# --- the function on AWS: SES on moto ----------------------------------------------------------


def _sent_to() -> list[set[str]]:
    """Who moto's SES sent each email to (it adds the header's addresses to the envelope's)."""
    messages = ses_backends[DEFAULT_ACCOUNT_ID]["us-east-1"].sent_messages
    return [set(m.destinations) for m in messages]


def test_ses_sends_a_request_to_its_artist_with_the_studio_in_cc(tmp_path: Path, aws) -> None:
    emails = tmp_path / "artist_emails.json"
    emails.write_text(json.dumps({"jane-doe": ADDRESS}))
    notifier = ses_notifier()
    notifier.artist_emails = ArtistEmails(emails)
    service = make_service(tmp_path, notifier=notifier)
    for body in (
        GOOD,  # a Tattoo Consultation for Jane: a request
        {**GOOD, "service": "Other"},  # a question: the studio's
        {**GOOD, "artist": "max-ink"},  # a request for an artist without an address
    ):
        assert respond(service, Settings(), post_event(body))["statusCode"] == 200
    request, question, other = sent_emails()
    assert (request["To"], request["Cc"]) == (ADDRESS, STUDIO)
    assert request["Reply-To"].addresses[0].addr_spec == "ana@example.com"
    assert (question["To"], question["Cc"]) == (STUDIO, None)
    assert (other["To"], other["Cc"]) == (STUDIO, None)
    assert _sent_to() == [{ADDRESS, STUDIO}, {STUDIO}, {STUDIO}]
    assert [m.status for m in service.store.list()] == ["sent", "sent", "sent"]


@pytest.mark.parametrize(
    "hostile",
    [
        "jane@studio.example\r\nBcc: everyone@evil.example",
        "Jane <jane@studio.example>",
        "jane@studio.example, boss@evil.example",
        "jané@studio.example",
        "j" * 250 + "@studio.example",
        ["jane@studio.example"],
    ],
)
def test_an_address_not_plain_in_the_file_leaves_the_request_to_the_studio(
    tmp_path: Path, aws, hostile: object
) -> None:
    emails = tmp_path / "artist_emails.json"
    emails.write_text(json.dumps({"jane-doe": hostile}))
    notifier = ses_notifier()
    notifier.artist_emails = ArtistEmails(emails)
    service = make_service(tmp_path, notifier=notifier)
    assert respond(service, Settings(), post_event(GOOD))["statusCode"] == 200
    (sent,) = sent_emails()
    assert (sent["To"], sent["Cc"], sent["Bcc"]) == (STUDIO, None, None)
    assert _sent_to() == [{STUDIO}]


def test_a_broken_or_huge_file_leaves_every_request_to_the_studio(tmp_path: Path) -> None:
    path = tmp_path / "artist_emails.json"
    for data in (b"{not json", b"[]", b'{"jane-doe": "' + b"a" * 300_000 + b'@x.com"}'):
        path.write_bytes(data)
        assert ArtistEmails(path)("jane-doe") == ""
    path.write_text(json.dumps({"jane-doe": ADDRESS, "../x": ADDRESS}))
    assert ArtistEmails(path).addresses() == {"jane-doe": ADDRESS}


# --- deploy-function's package -----------------------------------------------------------------


def test_deploy_packages_the_addresses_and_points_the_function_at_them(tmp_path: Path) -> None:
    from contact_support import write_artists

    content = write_site(tmp_path / "content", with_email(ADDRESS))
    dist = write_artists(tmp_path / "dist")
    said: list[str] = []
    emails = deploy.private_addresses(content, said.append)
    assert emails == {"jane-doe": ADDRESS}
    zip_bytes, _ = deploy.package(dist, emails)
    with zipfile.ZipFile(io.BytesIO(zip_bytes)) as archive:
        packaged = json.loads(archive.read("functions/contact/artist_emails.json"))
    assert packaged == {"jane-doe": ADDRESS}
    assert deploy.package(dist, emails)[0] == zip_bytes  # still byte-for-byte reproducible
    options = deploy.DeployOptions(region="us-east-1", notify_from="a@b.co", notify_to="c@d.co")
    variables = options.environment()
    assert variables["CONTACT_ARTIST_EMAILS_FILE"] == "functions/contact/artist_emails.json"
    settings = Settings.from_env(
        {"CONTACT_ARTIST_EMAILS_FILE": variables["CONTACT_ARTIST_EMAILS_FILE"]}
    )
    assert settings.artist_emails_file == PROJECT_ROOT / "functions/contact/artist_emails.json"
    # A bad address stops the deploy, named by file, line and field.
    (content / "artists" / "jane-doe.yaml").write_text(JANE + "email: Jane <j@x.co>\n")
    with pytest.raises(deploy.DeployError, match=r"jane-doe.yaml:\d+: email: must be one plain"):
        deploy.private_addresses(content, said.append)
