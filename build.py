#!/usr/bin/env python3
"""Command line of the studio site generator. Thin: it parses options and calls the library."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cli_options import dataclass_options, dist_option, fail, outbox_option, site_paths
from generator import pipeline
from generator.content.launch import Launch
from generator.errors import SiteError
from generator.release import Release
from generator.reporter import TerminalReporter

if TYPE_CHECKING:
    from generator.site.admin import AdminSettings


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """Build, check and serve the studio's website."""


@cli.command()
@site_paths()
def build(paths: pipeline.Paths) -> None:
    """Build the site; exit 1 with file:line errors on bad content.

    On Netlify, CONTEXT=production also needs CONTACT_FUNCTION_URL and runs the launch check.
    IMAGES_TIME_BUDGET (seconds, 480 on Netlify): no WebP or AVIF is started after it; the
    next builds make the rest.
    """
    try:
        pipeline.build(paths, TerminalReporter(), release=Release.from_env(os.environ))
    except SiteError as error:
        fail(error)


@cli.command()
@site_paths(writes=False)
@click.option(
    "--launch",
    is_flag=True,
    help="Also list what must not go live: example addresses, 555 numbers, placeholders.",
)
def check(paths: pipeline.Paths, launch: bool) -> None:
    """Validate content only and report every problem at once."""
    target = Launch(os.environ.get("URL") or None) if launch else None
    try:
        found = pipeline.check(paths, TerminalReporter(), launch=target)
    except SiteError as error:
        fail(error)
    click.echo(
        f"content OK{' for launch' if launch else ''}: {len(found.artists)} artists, "
        f"{len(found.work)} portfolio pieces, {len(found.aftercare)} aftercare guides"
        + (f", {len(found.flash)} flash designs" if found.flash else "")
    )


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@site_paths()
@click.option("--no-watch", is_flag=True, help="Do not rebuild and reload when files change.")
@click.option(
    "--cms",
    is_flag=True,
    help="Also run the admin's local backend: edit at /admin/ without signing in; "
    "saves go straight into the content folder.",
)
@click.option(
    "--cms-port", default=8081, show_default=True, type=int, help="Port of the local backend."
)
def serve(
    host: str, port: int, paths: pipeline.Paths, no_watch: bool, cms: bool, cms_port: int
) -> None:
    """Build, then serve dist/ with the Netlify rules, the contact function and live reload."""
    if not cms:
        _serve(paths, host, port, not no_watch, None)
        return
    from devserver.cms import local_backend
    from generator.site.admin import AdminSettings, content_in_repo

    repo_root, content = content_in_repo(paths.content, pipeline.PROJECT_ROOT)
    try:
        origin = f"http://{host}:{port}"
        with local_backend(repo_root, cms_port, origin, content, cache=paths.cache) as url:
            click.echo(f"admin: edit at http://{host}:{port}/admin/ (saves go to {paths.content})")
            _serve(paths, host, port, not no_watch, AdminSettings(local_backend=url))
    except SiteError as error:
        fail(error)


def _serve(
    paths: pipeline.Paths, host: str, port: int, watch: bool, admin: AdminSettings | None
) -> None:
    from devserver import runner

    release = Release.from_env(os.environ).local()
    reporter, failed = TerminalReporter(), None
    try:
        runner.build_site(paths, reporter, admin, release)
    except SiteError as error:
        # With a site built before, serve it and show the problems on its pages until a
        # good build; with none, there is nothing to serve.
        if not watch or not (paths.out / "index.html").is_file():
            fail(error)
        runner.report_failure(error, reporter)
        failed = error
    runner.run(
        paths,
        host,
        port,
        watch=watch,
        reporter=reporter,
        admin_settings=admin,
        release=release,
        failed=failed,
    )


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print the messages as a JSON list.")
@click.option("--pending", is_flag=True, help="Only messages whose email has not gone out.")
@click.option(
    "--spam", is_flag=True, help="Only what the spam traps kept (never emailed, purged later)."
)
@click.option("--limit", type=int, default=None, help="At most this many (newest first).")
@outbox_option
def messages(
    as_json: bool, pending: bool, spam: bool, limit: int | None, outbox: Path | None
) -> None:
    """List contact messages kept by the outbox (or the store CONTACT_STORE names)."""
    from functions.contact.handlers import operations

    try:
        service = operations.service_from_env(outbox)
        found = operations.list_messages(service, pending, limit, spam=spam)
    except operations.OperationError as error:
        raise click.ClickException(str(error)) from error
    where = operations.images_at(service)  # the reference images' folder, or bucket
    if as_json:
        click.echo(operations.messages_json(found, where))
        return
    note = "" if spam else operations.spam_note(service)
    click.echo(operations.messages_text(found, where, note))


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print the requests as a JSON list.")
@click.option(
    "--state",
    default=None,
    help="Only requests in this state: new, accepted, booked, declined, expired, waitlisted.",
)
@click.option("--limit", type=int, default=None, help="At most this many (newest first).")
@click.option(
    "--links",
    "site_url",
    default="",
    metavar="URL",
    help="Also print each request's Accept, Decline and Waitlist links on this site "
    "(e.g. http://127.0.0.1:8000 under `serve`).",
)
@outbox_option
def requests(
    as_json: bool, state: str | None, limit: int | None, site_url: str, outbox: Path | None
) -> None:
    """List requests (consultations, touch ups, piercings, flash claims) with their state."""
    from functions.contact.handlers import operations

    try:
        service = operations.service_from_env(outbox)
        found = operations.list_requests(service, state, limit)
    except operations.OperationError as error:
        raise click.ClickException(str(error)) from error
    links = operations.request_links(service, site_url)
    if as_json:
        click.echo(operations.requests_json(found, links))
        return
    click.echo(operations.requests_text(found, links))


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print the emails as a JSON list.")
@click.option(
    "--to", "to", default=None, metavar="ADDRESS", help="Only emails to this address (any case)."
)
@outbox_option
def mail(as_json: bool, to: str | None, outbox: Path | None) -> None:
    """List the emails the contact function would have sent (newest first): where no email
    is configured, the outbox keeps every one it composes."""
    from functions.contact.handlers import operations

    try:
        found = operations.kept_mail(operations.service_from_env(outbox), to)
    except operations.OperationError as error:
        raise click.ClickException(str(error)) from error
    click.echo(operations.mail_json(found) if as_json else operations.mail_text(found))


@cli.group()
def privacy() -> None:
    """What the contact function holds about one email address: export it, or delete it
    (docs/privacy.md). The store as for `messages` (the outbox, or CONTACT_STORE)."""


@privacy.command("export")
@click.argument("address")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("privacy-export"),
    show_default=True,
    help="Folder to write export.json and the images into.",
)
@click.option("--json", "as_json", is_flag=True, help="Also print export.json.")
@outbox_option
def privacy_export(address: str, out: Path, as_json: bool, outbox: Path | None) -> None:
    """Write everything held about ADDRESS (matched as the confirmation limit matches it:
    case, +tags, Unicode forms): its messages in every state, their images, the records."""
    from functions.contact.handlers import operations

    try:
        service = operations.service_from_env(outbox)
        document = operations.privacy_export(service, address, out)
    except operations.OperationError as error:
        raise click.ClickException(str(error)) from error
    if as_json:
        click.echo(operations.terminal_json(document))
        return
    click.echo(operations.export_text(document, out))


@privacy.command("forget")
@click.argument("address")
@outbox_option
def privacy_forget(address: str, outbox: Path | None) -> None:
    """Delete everything held about ADDRESS, everywhere the product keeps it (the store, the
    images, the records, the kept emails), and print what was deleted."""
    from functions.contact.handlers import operations

    try:
        service = operations.service_from_env(outbox)
        deleted = operations.privacy_forget(service, address)
    except operations.OperationError as error:
        raise click.ClickException(str(error)) from error
    click.echo(operations.forget_text(deleted, address))


@cli.command("send-pending")
@click.option("--limit", type=int, default=100, show_default=True, help="At most this many emails.")
@outbox_option
@dist_option("Built site whose artist names go into the emails.")
def send_pending(limit: int, outbox: Path | None, dist: Path) -> None:
    """Re-send the studio's email for every message still pending; exit 1 if any fail."""
    from functions.contact.handlers import operations

    try:
        report = operations.send_pending(operations.service_from_env(outbox, dist), limit)
    except operations.OperationError as error:
        raise click.ClickException(str(error)) from error
    click.echo(f"sent {report.sent}, still pending {report.failed}")
    for message_id in report.errors:
        click.echo(f"  still pending: {message_id}", err=True)
    if report.failed:
        sys.exit(1)


@cli.command("deposits-due")
@click.option("--dry-run", is_flag=True, help="Say what is due, send and change nothing.")
@outbox_option
@dist_option("Built site whose api/booking.json gives the reminder and expiry days.")
def deposits_due(dry_run: bool, outbox: Path | None, dist: Path) -> None:
    """Remind the visitors whose deposit is unpaid, expire the requests past their days
    (what the daily schedule does on AWS; docs/contact.md, "Deposits")."""
    from functions.contact.handlers import operations

    try:
        service = operations.service_from_env(outbox, dist)
        click.echo(operations.deposits_due(service, dry_run))
    except operations.OperationError as error:
        raise click.ClickException(str(error)) from error


@cli.command("after-sessions")
@click.option("--dry-run", is_flag=True, help="Say what is due, send nothing.")
@outbox_option
@dist_option("Built site whose api/booking.json gives the guides, the phone and the reviews.")
def after_sessions(dry_run: bool, outbox: Path | None, dist: Path) -> None:
    """Email the aftercare guide on a session's day and the review request days later (what
    the daily schedule does on AWS; docs/consent.md, "After the session")."""
    from functions.contact.handlers import operations

    try:
        service = operations.service_from_env(outbox, dist)
        click.echo(operations.after_sessions(service, dry_run))
    except operations.OperationError as error:
        raise click.ClickException(str(error)) from error


@cli.command("send-spam-digest")
@click.option(
    "--hours",
    type=click.FloatRange(min=1, max=24 * 60),
    default=24,
    show_default=True,
    help="List what the spam traps kept in this many hours before now.",
)
@click.option("--print", "print_only", is_flag=True, help="Print the digest, do not email it.")
@click.option(
    "--site-url",
    default=None,
    help="Where its Not spam links point (default: CONTACT_SITE_URL, else the built site's URL).",
)
@outbox_option
@dist_option("Built site whose base URL the links use when CONTACT_SITE_URL is unset.")
def send_spam_digest(
    hours: float, print_only: bool, site_url: str | None, outbox: Path | None, dist: Path
) -> None:
    """Email the studio the daily digest (as the schedule on AWS does): the requests waiting
    (new for a day, accepted awaiting a deposit) and what the spam traps kept, with their
    links; where email is not configured, the outbox keeps it for `build.py mail`."""
    from functions.contact.handlers import operations
    from functions.deploy_options import site_url as built_site_url

    try:
        service = operations.service_from_env(outbox, dist)
        url = site_url or os.environ.get("CONTACT_SITE_URL") or built_site_url(dist) or ""
        click.echo(operations.spam_digest(service, hours, url, send=not print_only))
    except operations.OperationError as error:
        raise click.ClickException(str(error)) from error


def _deploy_options():  # noqa: ANN202 - imported here so other commands never load boto3 code
    from functions.deploy import DeployOptions

    return DeployOptions


@cli.command("deploy-function")
@dataclass_options(_deploy_options())
def deploy_function(**values: object) -> None:
    """Package the contact function and create or update it on AWS (Lambda + Function URL)."""
    from functions import deploy

    try:
        deploy.deploy(deploy.DeployOptions(**values), say=click.echo)
    except deploy.DeployError as error:
        raise click.ClickException(str(error)) from error


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    cli()
