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
        click.echo(f"{count} problem{'s' if count != 1 else ''} found; nothing was published.", err=True)
    else:
        click.echo(f"error: {error}", err=True)
    sys.exit(1)


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


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    cli()
