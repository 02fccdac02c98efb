#!/usr/bin/env python3
"""Command line of the studio site generator. Thin: it parses options and calls generator."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from generator import pipeline
from generator.errors import ContentError, SiteError
from generator.reporter import TerminalReporter


def _paths(content: str, out: str = "dist", cache: str | None = None) -> pipeline.Paths:
    return pipeline.Paths.make(content=content, out=out, cache=cache)


def _fail(error: SiteError) -> None:
    if isinstance(error, ContentError):
        for problem in error.problems:
            click.echo(str(problem), err=True)
        count = len(error.problems)
        click.echo(
            f"{count} problem{'s' if count != 1 else ''} found; nothing was published.", err=True
        )
    else:
        click.echo(f"error: {error}", err=True)
    sys.exit(1)


# messages and send-pending read the same outbox
outbox_option = click.option(
    "--outbox",
    type=click.Path(dir_okay=False, path_type=Path),
    envvar="CONTACT_OUTBOX",
    default=None,
    help="SQLite outbox file (default: .cache/contact/outbox.sqlite3).",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """Build, check and serve the studio's website."""


@cli.command()
@click.option("--content", default="content", show_default=True, help="Folder of editor files.")
@click.option("--out", default="dist", show_default=True, help="Folder to publish.")
@click.option("--cache", default=None, help="Media cache folder (default: .cache beside --out).")
def build(content: str, out: str, cache: str | None) -> None:
    """Build the site; exit 1 with file:line errors on bad content."""
    try:
        pipeline.build(_paths(content, out, cache), TerminalReporter())
    except SiteError as error:
        _fail(error)


@cli.command()
@click.option("--content", default="content", show_default=True, help="Folder of editor files.")
def check(content: str) -> None:
    """Validate content only and report every problem at once."""
    try:
        result = pipeline.check(_paths(content), TerminalReporter())
    except SiteError as error:
        _fail(error)
    click.echo(
        f"content OK: {len(result.artists)} artists, {len(result.work)} portfolio pieces, "
        f"{len(result.aftercare)} aftercare guides"
    )


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option("--content", default="content", show_default=True, help="Folder of editor files.")
@click.option("--out", default="dist", show_default=True, help="Folder to build into and serve.")
@click.option("--cache", default=None, help="Media cache folder (default: .cache beside --out).")
@click.option("--no-watch", is_flag=True, help="Do not rebuild and reload when files change.")
def serve(host: str, port: int, content: str, out: str, cache: str | None, no_watch: bool) -> None:
    """Build, then serve dist/ with the Netlify rules, the contact function and live reload."""
    from generator import server_runner

    paths = _paths(content, out, cache)
    try:
        pipeline.build(paths, TerminalReporter())
    except SiteError as error:
        _fail(error)
    server_runner.run(paths, host, port, watch=not no_watch, reporter=TerminalReporter())


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print the messages as a JSON list.")
@click.option("--pending", is_flag=True, help="Only messages whose email has not gone out.")
@click.option("--limit", type=int, default=None, help="At most this many (newest first).")
@outbox_option
def messages(as_json: bool, pending: bool, limit: int | None, outbox: Path | None) -> None:
    """List contact messages kept by the outbox (or the store CONTACT_STORE names)."""
    from functions.contact import operations

    try:
        found = operations.list_messages(operations.service_from_env(outbox), pending, limit)
    except operations.OperationError as error:
        raise click.ClickException(str(error)) from error
    click.echo(operations.messages_json(found) if as_json else operations.messages_text(found))


@cli.command("send-pending")
@click.option("--limit", type=int, default=100, show_default=True, help="At most this many emails.")
@outbox_option
@click.option(
    "--dist",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("dist"),
    show_default=True,
    help="Built site whose artist names go into the emails.",
)
def send_pending(limit: int, outbox: Path | None, dist: Path) -> None:
    """Re-send the studio's email for every message still pending; exit 1 if any fail."""
    from functions.contact import operations

    try:
        report = operations.send_pending(operations.service_from_env(outbox, dist), limit)
    except operations.OperationError as error:
        raise click.ClickException(str(error)) from error
    click.echo(f"sent {report.sent}, still pending {report.failed}")
    for message_id in report.errors:
        click.echo(f"  still pending: {message_id}", err=True)
    if report.failed:
        sys.exit(1)


@cli.command("deploy-function")
@click.option("--region", envvar="AWS_REGION", required=True, help="AWS region (or AWS_REGION).")
@click.option(
    "--notify-from",
    envvar="CONTACT_NOTIFY_FROM",
    required=True,
    help="SES-verified sender address (or CONTACT_NOTIFY_FROM).",
)
@click.option(
    "--notify-to",
    envvar="CONTACT_NOTIFY_TO",
    required=True,
    help="Studio address(es), comma separated (or CONTACT_NOTIFY_TO).",
)
@click.option(
    "--dist",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("dist"),
    show_default=True,
    help="Built site whose artists the function accepts.",
)
@click.option("--function-name", default="studio-contact", show_default=True, help="Lambda name.")
@click.option("--role-name", default="studio-contact-function", show_default=True, help="IAM role.")
@click.option(
    "--table", default="studio-contact-messages", show_default=True, help="DynamoDB table name."
)
@click.option("--endpoint-url", default=None, help="AWS-compatible endpoint (e.g. a moto server).")
@click.option(
    "--reserved-concurrency",
    type=int,
    default=5,
    show_default=True,
    help="Most instances at once (0: no cap).",
)
@click.option("--rate-limit", default="5/600", show_default=True, help="Posts/seconds per visitor.")
@click.option(
    "--schedule-minutes",
    type=int,
    default=15,
    show_default=True,
    help="Re-send pending emails every N minutes (0: no schedule).",
)
@click.option("--studio-name", default="Website", show_default=True, help="Email subject prefix.")
def deploy_function(
    region: str,
    notify_from: str,
    notify_to: str,
    dist: Path,
    function_name: str,
    role_name: str,
    table: str,
    endpoint_url: str | None,
    reserved_concurrency: int,
    rate_limit: str,
    schedule_minutes: int,
    studio_name: str,
) -> None:
    """Package the contact function and create or update it on AWS (Lambda + Function URL)."""
    from functions import deploy

    options = deploy.DeployOptions(
        region=region,
        notify_from=notify_from,
        notify_to=tuple(a.strip() for a in notify_to.split(",") if a.strip()),
        dist=dist,
        function_name=function_name,
        role_name=role_name,
        table=table,
        endpoint_url=endpoint_url,
        reserved_concurrency=reserved_concurrency or None,
        rate_limit=rate_limit,
        schedule_minutes=schedule_minutes or None,
        studio_name=studio_name,
    )
    try:
        deploy.deploy(options, say=click.echo)
    except deploy.DeployError as error:
        raise click.ClickException(str(error)) from error


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    cli()
