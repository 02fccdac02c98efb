"""Option groups and error output shared by the commands of build.py (click only, no logic)."""

from __future__ import annotations

import dataclasses
import functools
import sys
from pathlib import Path

import click

from generator import pipeline
from generator.errors import ContentError, SiteError


def fail(error: SiteError) -> None:
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


def site_paths(writes: bool = True):  # noqa: ANN201 - a click decorator
    """--content (and --out, --cache for commands that write), handed over as `paths`."""
    options = [
        click.option(
            "--content", default="content", show_default=True, help="Folder of editor files."
        )
    ]
    if writes:
        options.append(
            click.option("--out", default="dist", show_default=True, help="Folder to build into.")
        )
    # check reads the cache too: a photo already checked whole is not decoded again.
    options.append(
        click.option(
            "--cache",
            default=None,
            help="Media cache folder (default: .cache beside the output, dist).",
        )
    )

    def decorate(command):  # noqa: ANN001, ANN202
        @functools.wraps(command)
        def with_paths(  # noqa: ANN202 - whatever the command returns
            content: str, out: str = "dist", cache: str | None = None, **kwargs: object
        ):
            return command(paths=pipeline.Paths.make(content, out, cache), **kwargs)

        return functools.reduce(lambda f, option: option(f), reversed(options), with_paths)

    return decorate


def dataclass_options(cls):  # noqa: ANN001, ANN201 - a click decorator
    """One option per field of cls that carries help text (functions/deploy.py: option())."""
    types = {"int": int, "Path": click.Path(file_okay=False, path_type=Path)}

    def decorate(command):  # noqa: ANN001, ANN202
        for spec in reversed([f for f in dataclasses.fields(cls) if "help" in f.metadata]):
            required = spec.default is dataclasses.MISSING
            command = click.option(
                f"--{spec.name.replace('_', '-')}",
                type=types.get(str(spec.type), str),
                default=None if required else spec.default,
                required=required,
                envvar=spec.metadata["envvar"],
                show_default=not required,
                help=spec.metadata["help"],
            )(command)
        return command

    return decorate


def dist_option(help: str):  # noqa: ANN201 - a click decorator
    return click.option(
        "--dist",
        type=click.Path(file_okay=False, path_type=Path),
        default=Path("dist"),
        show_default=True,
        help=help,
    )


outbox_option = click.option(
    "--outbox",
    type=click.Path(dir_okay=False, path_type=Path),
    envvar="CONTACT_OUTBOX",
    help="SQLite outbox file (default: .cache/contact/outbox.sqlite3).",
)
