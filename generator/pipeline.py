"""The build: gather and validate everything, then write a staging folder, then swap it in.

    content/ --load--> Content --validate, check photos and videos--> (problems? stop:
             nothing is written)
             --images, videos, app bundle--> staging folder --endpoints, pages--> swap into dist/

The stages and the data between them are described in docs/architecture.md.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

from .content import publishing, renames
from .content.alt_text import pictures_without_alt
from .content.flash import published_counts
from .content.launch import Launch, launch_problems, launch_warnings
from .content.loader import load_content
from .content.records import Content
from .content.validate import validate
from .errors import ContentError, file_system_error
from .images import social
from .images.cache import ImageCache
from .images.checks import check_images
from .images.process import image_jobs, process_images
from .known_files import KnownFiles
from .output import Output, discard, staging_dir, swap_into_place
from .release import Release
from .reporter import BufferReporter, Reporter
from .site import (
    admin,
    bundle,
    catalog_usage,
    endpoints,
    icons,
    netlify_rules,
    pages,
    prerender,
    redirects,
)
from .videos.checks import check_videos
from .videos.probe import VideoSources
from .videos.process import process_videos

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

    def image_cache(self) -> ImageCache:
        """The photos' cache, with their digests remembered by path, size and time."""
        return ImageCache(self.cache / "images", KnownFiles(self.cache / "known-files.json"))

    @property
    def published_record(self) -> Path:
        """What the last successful build published (content/renames.py)."""
        return renames.record_path(self.cache / "images", self.content)

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


def checked_content(
    root: Path | str,
    shown_root: str | None = None,
    videos: VideoSources | None = None,
    launch: Launch | None = None,
    photos: ImageCache | None = None,
) -> Content:
    """Load, then check the content files, the photos and videos they name, and (when launch
    is given) what must not reach the public site; raise ContentError listing every problem
    of every kind. The order of the checks is the order of the messages.

    photos: where photos found whole are remembered (None: each is decoded to check it)."""
    content = load_content(root, shown_root)
    present = validate(content)
    check_images(content, present, cache=photos)
    check_videos(content, present, videos or VideoSources(Path(root) / "videos"))
    launch_notes = []
    if launch is not None:
        content.problems.extend(launch_problems(content, launch))
        launch_notes = launch_warnings(content) + pictures_without_alt(content)
        content.findings.warnings.extend(launch_notes)
    if content.problems:
        # the launch check's warnings (no policies, pictures without alt text) are printed even then
        raise ContentError(content.problems, launch_notes)
    return content


def gather(
    paths: Paths,
    videos: VideoSources | None = None,
    launch: Launch | None = None,
    photos: ImageCache | None = None,
) -> Content:
    """Load and validate the content (and run the launch check when given); raise
    ContentError listing every problem of every kind. What was learnt of the photos is
    remembered even when a problem stops the build."""
    photos = photos or paths.image_cache()
    try:
        content = checked_content(paths.content, paths.shown_content, videos, launch, photos)
    finally:
        photos.save()
    renames.warn_about_lost_pages(content, renames.read_record(paths.published_record))
    return content


def check(paths: Paths, reporter: Reporter | None = None, launch: Launch | None = None) -> Content:
    """Validate content without writing anything; raise ContentError with every problem."""
    reporter = reporter or BufferReporter()
    try:
        content = gather(paths, launch=launch)
    except ContentError as error:
        for warning in error.warnings:
            reporter.warning(warning)
        raise
    for warning in content.warnings:
        reporter.warning(warning)
    held = publishing.held_back(content, publishing.build_clock())
    for line in publishing.schedule_lines(held, publishing.timezone_of(content)):
        reporter.info(line)
    return content


def build(
    paths: Paths,
    reporter: Reporter | None = None,
    admin_settings: admin.AdminSettings | None = None,
    release: Release | None = None,
    dev_app: bool = False,
) -> BuildResult:
    """Build the whole site into paths.out; on any error the previous output stays as it was.

    admin_settings: where the editors' admin saves (default: from the environment).
    release: where the build goes (default: a local build); a production release also needs
    the contact function's URL and passes the launch check.
    dev_app: bundle React's development build (bundle.bundle_app), for tests.

    A write into the output that fails raises WriteError (output.py); any other OSError
    (the media cache on a full disk) becomes a one-line BuildError too, never a traceback.
    """
    reporter = reporter or BufferReporter()
    admin_settings = admin_settings or admin.AdminSettings.from_environ(os.environ)
    try:
        return _build(paths, reporter, admin_settings, release or Release(), dev_app)
    except OSError as error:
        log.debug("the build failed on the file system", exc_info=True)
        raise file_system_error(error) from error


def _build(
    paths: Paths,
    reporter: Reporter,
    admin_settings: admin.AdminSettings,
    release: Release,
    dev_app: bool,
) -> BuildResult:
    """Gather (nothing written while a problem remains), then write a staging folder and swap
    it into place; on any error the staging folder is discarded and dist/ stays as it was."""
    started = time.time()
    release.require_settings()
    budget = release.images_budget_s
    deadline = None if budget is None else started + budget
    config = netlify_rules.load_config(paths.netlify_toml)
    route_table = pages.load_route_table(paths.site_src)
    videos = VideoSources(paths.content / "videos", paths.cache / "videos")
    photos = paths.image_cache()
    with reporter.stage("content"):
        content = gather(paths, videos, release.launch(), photos)
        now = publishing.build_clock()
        # Before apply(), which leaves out of content what is held back.
        schedule = publishing.schedule_json(
            publishing.next_publish_at(content, now), publishing.timezone_of(content)
        )
        held = publishing.apply(content, now, preview=release.preview)
    for warning in content.warnings:
        reporter.warning(warning)
    # The editors' choice of review before publishing, in site.yaml (cms.publish_mode).
    admin_settings = dataclasses.replace(
        admin_settings, editorial_workflow=content.site.cms.editorial_workflow
    )
    if held:
        reporter.info(_held_summary(held, release.preview))

    staging = staging_dir(paths.out)
    try:
        out = Output(staging, paths.out, carry=True)
        media = _write_media(paths, content, out, videos, photos, reporter, dev_app, deadline)
        routes = _write_pages(paths, content, out, media, route_table, release, reporter)
        out.write_json("api/schedule.json", schedule)
        out.write_json(endpoints.BOOKING_FILE, endpoints.booking_json(content))
        _write_admin(paths, out, media, admin_settings, reporter, release.production)
        files = _finish(config, staging, out, paths.out)
    except BaseException:
        discard(staging)  # also after a swap that failed: dist/ is as it was
        raise
    renames.write_record(paths.published_record, content)
    reporter.info(f"built {files} files into {paths.out}")
    return BuildResult(content, routes, files)


def _held_summary(held: list[publishing.Held], preview: bool) -> str:
    """'not published yet (left out): 1 artist, 2 pieces', and the flash designs if any."""
    counts = {kind: sum(1 for item in held if item.kind == kind) for kind in ("artist", "piece")}
    parts = [f"{n} {kind}{'s' * (n != 1)}" for kind, n in counts.items()]
    designs = sum(1 for item in held if item.kind == "flash design")
    if designs:
        parts.append(f"{designs} flash design{'s' * (designs != 1)}")
    shown = "shown, marked" if preview else "left out"
    return f"not published yet ({shown}): {', '.join(parts)} (build.py check lists them)"


@dataclass(frozen=True)
class _Media:
    """What the media stages wrote, for the pages and the admin."""

    images: endpoints.ImageIndex
    app: bundle.Bundle
    data: dict[str, dict]  # the site data by language: api/site.json, embedded in every page
    previews: pages.Previews


def _write_media(
    paths: Paths,
    content: Content,
    out: Output,
    videos: VideoSources,
    photos: ImageCache,
    reporter: Reporter,
    dev_app: bool,
    deadline: float | None = None,
) -> _Media:
    """The images, the videos, the app's bundle and the link-preview cards.

    deadline: the images' time budget, as a time.time() (process_images)."""
    with reporter.stage("images"):
        # The digests were all learnt (and saved) by the content check in gather().
        images = process_images(
            image_jobs(content), out, photos.root, reporter, known=photos.known, deadline=deadline
        )
    with reporter.stage("videos"):
        video_outputs = process_videos(
            content, out, paths.cache / "videos", reporter, sources=videos
        )
    with reporter.stage("app"):
        app = bundle.bundle_app(paths.site_src, out, paths.cache / "bundle", reporter, dev_app)
    media_urls = video_outputs.to_site_data()
    data = {
        lang: endpoints.site_data(content, images, media_urls, lang) for lang in pages.LANGUAGES
    }
    with reporter.stage("previews"):
        previews = pages.Previews(
            *social.make_cards(
                {a.slug: content.image_path("artists", a.photo) for a in content.artists},
                social.poster_file(out, media_urls["hero"]),
                out,
                paths.cache / "images",
            )
        )
    return _Media(images, app, data, previews)


def _write_pages(
    paths: Paths,
    content: Content,
    out: Output,
    media: _Media,
    route_table: list[pages.RouteSpec],
    release: Release,
    reporter: Reporter,
) -> list[pages.Route]:
    """The static API, every page (prerendered by the app), the icons and _redirects."""
    with reporter.stage("pages"):
        api = endpoints.api_files(content, media.images)
        endpoints.write_endpoints(out, api)
        for lang, data in media.data.items():
            prefix = "api" if lang == pages.DEFAULT_LANG else f"api/{lang}"
            out.write_json(f"{prefix}/site.json", data)
        routes = pages.routes(content, route_table)
        answers = {url: value for url, (_, value) in api.items()}
        rendered = prerender.prerender(
            media.app, media.data, answers, [r.path for r in routes], paths.cache / "bundle"
        )
        for warning in catalog_usage.unused_keys(paths.site_src, rendered.catalog_keys):
            reporter.warning(warning)
        pages.write_pages(
            out, content, media.app, media.data, routes, rendered.pages, media.previews
        )
        icons.write_icons(out, paths.site_src, content.site.name, paths.cache / "icons")
        slugs = [a.slug for a in content.artists]
        redirects.write_redirects_file(
            out,
            slugs,
            release.contact_url,
            renames.redirects(content),
            uploads_url=release.uploads_url,
            with_flash=frozenset(published_counts(content)),
            policies=content.policies is not None,
            privacy=content.privacy is not None,
        )
    return routes


def _write_admin(
    paths: Paths,
    out: Output,
    media: _Media,
    admin_settings: admin.AdminSettings,
    reporter: Reporter,
    published: bool,
) -> None:
    """The editors' admin; published: where editors sign in (a production build)."""
    with reporter.stage("admin"):
        admin.write_admin(
            out,
            paths.content,
            PROJECT_ROOT,
            # Made from the project's sources alone, whatever the content: one cache.
            PROJECT_ROOT / ".cache" / "admin",
            media.app,
            media.data[pages.DEFAULT_LANG],
            admin_settings,
            reporter,
            published,
        )


def _finish(config: netlify_rules.NetlifyConfig, staging: Path, out: Output, dist: Path) -> int:
    """Check netlify.toml's rules against the staging folder, then swap it into dist/; the
    number of files written."""
    redirects.require_rules(config, staging)
    files = len(out.claimed())
    swap_into_place(staging, dist, out.carried)
    return files
