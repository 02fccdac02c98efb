"""The build: gather and validate everything, then write a staging folder, then swap it in."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from . import bundle, endpoints, images, pages, redirects, videos
from .content import IMAGE_KINDS, IMAGE_SUFFIXES, Content, load_content
from .errors import ContentError, Problem
from .output import Output, discard, staging_dir, swap_into_place
from .reporter import BufferReporter, Reporter

log = logging.getLogger(__name__)

PROJECT_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Paths:
    content: Path
    out: Path
    cache: Path
    site_src: Path
    netlify_toml: Path
    shown_content: str

    @classmethod
    def make(
        cls,
        content: Path | str = "content",
        out: Path | str = "dist",
        cache: Path | str | None = None,
        site_src: Path | str | None = None,
        netlify_toml: Path | str | None = None,
    ) -> Paths:
        out = Path(out)
        return cls(
            content=Path(content),
            out=out,
            cache=Path(cache) if cache else out.resolve().parent / ".cache",
            site_src=Path(site_src) if site_src else PROJECT_ROOT / "site-src",
            netlify_toml=Path(netlify_toml) if netlify_toml else PROJECT_ROOT / "netlify.toml",
            shown_content=str(content),
        )


@dataclass(frozen=True)
class BuildResult:
    content: Content
    routes: list[pages.Route]
    files: int


def image_jobs(content: Content, shown_root: str) -> list[images.ImageJob]:
    wanted: list[tuple[str, str]] = [("artists", a.photo) for a in content.artists]
    wanted += [("work", w.file) for w in content.work]
    wanted += [("brands", b.logo) for b in content.site.brands]
    if content.site.memorial.photo:
        wanted.append(("artists", content.site.memorial.photo))
    jobs, seen = [], set()
    for kind, name in wanted:
        assert kind in IMAGE_KINDS
        if (kind, name) in seen:
            continue
        seen.add((kind, name))
        jobs.append(
            images.ImageJob(
                kind,
                name,
                content.image_path(kind, name),
                f"{shown_root.rstrip('/')}/images/{kind}/{name}",
            )
        )
    return jobs


def media_problems(content: Content, shown_root: str) -> list[Problem]:
    """Cheap checks of the photos and videos content names: each opens and is sane."""
    # a missing file or an unsupported type is already reported on its YAML line
    jobs = [
        job
        for job in image_jobs(content, shown_root)
        if job.source.is_file() and job.source.suffix.lower() in IMAGE_SUFFIXES
    ]
    return images.check_sources(jobs) + videos.check_sources(content)


def load_all(paths: Paths) -> Content:
    """load_content, but a failure also lists what is wrong with the media it could read,
    so an editor sees every problem in one go rather than one kind per push."""
    try:
        return load_content(paths.content, paths.shown_content)
    except ContentError as error:
        if error.partial is None:
            raise
        problems = error.problems + media_problems(error.partial, paths.shown_content)
        raise ContentError(problems) from None


def check(paths: Paths, reporter: Reporter | None = None) -> Content:
    """Validate content without writing anything; raise ContentError with every problem."""
    reporter = reporter or BufferReporter()
    content = load_all(paths)
    problems = media_problems(content, paths.shown_content)
    if problems:
        raise ContentError(problems)
    for warning in content.warnings:
        reporter.warning(warning)
    return content


def build(paths: Paths, reporter: Reporter | None = None) -> BuildResult:
    """Build the whole site into paths.out; on any error the previous output stays as it was."""
    reporter = reporter or BufferReporter()
    config = redirects.load_config(paths.netlify_toml)
    with reporter.stage("content"):
        content = load_all(paths)
    for warning in content.warnings:
        reporter.warning(warning)

    staging = staging_dir(paths.out)
    try:
        out = Output(staging)
        with reporter.stage("images"):
            image_index = images.process_images(
                image_jobs(content, paths.shown_content), out, paths.cache / "images", reporter
            )
        with reporter.stage("videos"):
            media = videos.process_videos(content, out, paths.cache / "videos", reporter)
        with reporter.stage("app"):
            app = bundle.bundle_app(paths.site_src, out, paths.cache / "bundle", reporter)
        with reporter.stage("pages"):
            data = endpoints.site_data(content, image_index, media.to_site_data())
            endpoints.write_endpoints(out, content, image_index)
            out.write_json("api/site.json", data)
            routes = pages.write_pages(out, content, app, data)
            write_contact_proxy(out)
        redirects.require_rules(config, staging)
        files = len(out.claimed())
    except BaseException:
        discard(staging)
        raise
    swap_into_place(staging, paths.out)
    reporter.info(f"built {files} files into {paths.out}")
    return BuildResult(content, routes, files)


def write_contact_proxy(out: Output) -> None:
    """In production /api/contact is an AWS Lambda; Netlify proxies to it (`200!`).

    _redirects rules run before netlify.toml's, so this one wins over everything else.
    """
    url = os.environ.get("CONTACT_FUNCTION_URL", "").strip()
    if url:
        out.write_text("_redirects", f"/api/contact  {url.rstrip('/')}/  200!\n")
