"""Runs the local server: uvicorn, plus a watcher that rebuilds and reloads open pages."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

import uvicorn

from generator import pipeline
from generator.errors import ContentError, SiteError
from generator.release import Release
from generator.reporter import Reporter
from generator.site import netlify_rules
from generator.site.admin import AdminSettings

from . import cms
from .app import LiveReload, OwnNames, create_app
from .protocol import REQUEST_HEAD_TIMEOUT_S, bounded_protocol

log = logging.getLogger(__name__)


def build_site(
    paths: pipeline.Paths,
    reporter: Reporter,
    admin_settings: AdminSettings | None = None,
    release: Release | None = None,
) -> pipeline.BuildResult:
    """One build of serve's: the site, then the served content's private artist addresses
    for its contact function, outside dist/ (contact_function.keep_artist_emails)."""
    result = pipeline.build(paths, reporter, admin_settings, release)
    from .contact_function import keep_artist_emails

    keep_artist_emails(result.content)
    return result


def watched_paths(paths: pipeline.Paths) -> list[str]:
    candidates = [
        paths.content,
        paths.site_src / "src",
        paths.site_src / "public",
        pipeline.PROJECT_ROOT / "generator" / "site" / "templates",
        paths.netlify_toml,
    ]
    return [str(p) for p in candidates if p.exists()]


async def _watch(
    paths: pipeline.Paths,
    live: LiveReload,
    reporter: Reporter,
    admin_settings: AdminSettings | None = None,
    release: Release | None = None,
) -> None:
    from watchfiles import awatch

    async for changes in awatch(*watched_paths(paths)):
        reporter.info(f"{len(changes)} file(s) changed; rebuilding")
        try:
            await asyncio.to_thread(build_site, paths, reporter, admin_settings, release)
        except SiteError as error:
            report_failure(error, reporter)
            await live.failed(failure_report(error))
            continue
        await live.bump()


def report_failure(error: SiteError, reporter: Reporter) -> None:
    if isinstance(error, ContentError):
        for problem in error.problems:
            reporter.info(str(problem))
        reporter.info("build failed; still serving the previous site")
    else:
        reporter.info(f"build failed: {error}")


def failure_report(error: SiteError) -> dict:
    """What the overlay on open pages says about a failed build (devserver/livereload.js)."""
    if isinstance(error, ContentError):
        count = len(error.problems)
        title = f"{count} problem{'s' if count != 1 else ''} in the content"
        problems = [problem.to_dict() for problem in error.problems]
    else:
        title, problems = "The build failed", [{"where": "", "detail": str(error)}]
    return {
        "title": title,
        "lead": (
            "Fix this and save: the page reloads by itself once the site builds again. "
            "Until then it shows the last good build."
        ),
        "note": "Only here, on your computer: the published site never shows this.",
        "problems": problems,
    }


def server_config(
    app,  # noqa: ANN001 - an ASGI app
    host: str,
    port: int,
    config: netlify_rules.NetlifyConfig,
    head_timeout_s: float = REQUEST_HEAD_TIMEOUT_S,
    **options: object,
) -> uvicorn.Config:
    """uvicorn as `serve` runs it: bounded request heads (devserver/protocol.py), idle
    connections closed after 5 s, request heads of at most 16 KiB (uvicorn's h11 default)."""
    error_headers = {**netlify_rules.headers_for(config, "/404.html"), "cache-control": "no-store"}
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        http=bounded_protocol(error_headers, head_timeout_s),
        timeout_keep_alive=5,
        h11_max_incomplete_event_size=16 * 1024,
        **options,
    )


def run(
    paths: pipeline.Paths,
    host: str,
    port: int,
    watch: bool,
    reporter: Reporter,
    admin_settings: AdminSettings | None = None,
    release: Release | None = None,
    failed: SiteError | None = None,
) -> None:
    """Serve paths.out; failed: the first build's error, shown on pages until a good build
    (the previous site is served meanwhile)."""
    config = netlify_rules.load_config(paths.netlify_toml)
    if admin_settings is not None and admin_settings.local_backend:
        config = cms.allow_local_backend(config, admin_settings.local_backend)
    live = LiveReload() if watch else None
    if live and failed:
        live.failure = failure_report(failed)

    @contextlib.asynccontextmanager
    async def lifespan(app: object) -> AsyncIterator[None]:
        watcher = _watch(paths, live, reporter, admin_settings, release)
        task = asyncio.create_task(watcher) if live else None
        yield
        if task:
            task.cancel()

    app = create_app(paths.out, config, OwnNames(port, host), live_reload=live, lifespan=lifespan)
    reporter.info(f"serving {paths.out} at http://{host}:{port}/  (Ctrl+C to stop)")
    uvicorn.Server(server_config(app, host, port, config, timeout_graceful_shutdown=1)).run()
