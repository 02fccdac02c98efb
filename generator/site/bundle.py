"""Stage: the React app -> hashed assets in dist/assets/ (esbuild).

esbuild runs through its own JS API (site-src/build.mjs): the Python side only starts node,
reads the JSON summary the script prints and copies the outputs into the staging folder.
The summary tells which script, stylesheet and chunks each page needs; pages.py writes them
into every route's HTML. build.mjs also bundles the prerenderer (src/prerender.tsx) for node;
its code is kept in the Bundle for prerender.py. The one stylesheet holds the CSS of the
lazily loaded screens too (esbuild's design; build.mjs checks it), so no screen ever shows
unstyled.
"""

from __future__ import annotations

import json
import logging
import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..cache import scratch
from ..errors import BuildError
from ..output import Output
from ..reporter import Reporter
from .node import run_bundler, run_bundler_cached

log = logging.getLogger(__name__)


# All the JavaScript the home page fetches with nobody touching it, gzipped: its first load and
# what that loads by itself afterwards (docs/architecture.md#performance-budget).
FIRST_LOAD_JS_BUDGET_KIB = 100

# The language of the site's own addresses (/, /portfolio); the others live under /<lang>/.
DEFAULT_LANG = "en"


@dataclass(frozen=True)
class ScreenAssets:
    """One lazily loaded screen: its chunk and the chunks it imports."""

    script: str
    preloads: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bundle:
    scripts: tuple[str, ...] = ()  # module entry URLs, in order
    styles: tuple[str, ...] = ()
    # The fonts those stylesheets name (the preloader's own few glyphs): preloaded beside them.
    style_fonts: tuple[str, ...] = ()
    noscript_styles: tuple[str, ...] = ()  # linked inside <noscript>
    # Linked disabled (media="print"); the entry script applies them once the page has painted:
    # the web fonts, so they never hold up the first paint.
    after_paint_styles: tuple[str, ...] = ()
    # The font files each of those names (by stylesheet URL): the entry script fetches them first
    # and applies the stylesheet once they are in, so the text swaps in one layout.
    after_paint_fonts: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # The chunks the app starts with; the page lists them and the entry script preloads them
    # once the page has painted (docs/architecture.md#first-paint-before-the-app).
    preloads: tuple[str, ...] = field(default_factory=tuple)
    # Every script the home page fetches with nobody touching it: the entry, the chunks above and
    # what they load by themselves (the scroll-in watcher), not what waits for the visitor.
    fetched: tuple[str, ...] = ()
    screens: dict[str, ScreenAssets] = field(default_factory=dict)  # by module name
    sizes: dict[str, int] = field(default_factory=dict)  # output URL -> bytes
    gzip_sizes: dict[str, int] = field(default_factory=dict)  # output URL -> bytes gzipped
    prerender_script: str = ""  # the prerenderer's code (an ES module for node)
    lang: str = "en"  # the language of the pages this bundle's scripts are for
    # The same app for the site's other languages (docs/architecture.md#two-languages): each
    # language is its own build, whose scripts hold its words and no other's.
    translations: dict[str, Bundle] = field(default_factory=dict)

    def first_load_js_gzip(self) -> int:
        """Bytes of JavaScript (gzipped, as the CDN sends it) the home page starts its app with."""
        return sum(self.gzip_sizes.get(url, 0) for url in (*self.scripts, *self.preloads))

    def fetched_js_gzip(self) -> int:
        """Bytes of JavaScript (gzipped) the home page fetches with nobody touching it: the
        figure the budget holds (the first load is part of it)."""
        return sum(self.gzip_sizes.get(url, 0) for url in self.fetched)

    def for_language(self, lang: str) -> Bundle:
        """The bundle of the pages in `lang`."""
        if lang == self.lang:
            return self
        try:
            return self.translations[lang]
        except KeyError:
            raise BuildError(f"the app was not built for the language {lang!r}") from None

    def for_screen(self, screen: str, lazy: bool) -> Bundle:
        """The tags of a page whose route shows `screen` first: its chunks preloaded up front."""
        if not lazy:
            return self  # the screen is in the main script
        assets = self.screens.get(screen)
        if assets is None:
            known = ", ".join(sorted(self.screens)) or "none"
            raise BuildError(
                f"the route table names the lazy screen '{screen}', but the app has no such "
                f"chunk (lazy screens: {known}); see site-src/src/config/routes.json"
            )
        wanted = (assets.script, *assets.preloads)
        preloads = self.preloads + tuple(p for p in wanted if p not in self.preloads)
        return replace(self, preloads=preloads)


def copy_public(site_src: Path, out: Output) -> None:
    """Copy site-src/public/ (logo, favicon, robots.txt) to the root of dist/."""
    public = site_src / "public"
    if not public.is_dir():
        return
    for path in sorted(public.rglob("*")):
        if path.is_file() and not path.name.startswith("."):
            out.copy_file(path.relative_to(public).as_posix(), path)


def run_esbuild(
    site_src: Path, build_dir: Path, dev: bool = False, cache: Path | None = None
) -> dict:
    """Run site-src/build.mjs into build_dir and return its summary (dev: React's checks on).
    cache: where the last bundle is kept, reused while site-src/ is unchanged."""
    if cache is not None:
        flags = ["--dev"] if dev else []
        return run_bundler_cached(site_src, "esbuild", flags, "the app", build_dir, cache)
    # node runs in site_src, so a relative build_dir would land inside site-src/.
    args = ["--outdir", str(build_dir.resolve()), *(["--dev"] if dev else [])]
    return run_bundler(site_src, "esbuild", args, "the app")


def _screen(record: dict) -> ScreenAssets:
    return ScreenAssets(record["script"], tuple(record["preloads"]))


def bundle_app(
    site_src: Path, out: Output, cache_dir: Path, reporter: Reporter, dev: bool = False
) -> Bundle:
    """Bundle the app and copy its assets (and site-src/public/) into the staging folder.

    dev: React's development build, which reports what production skips (a hydration
    mismatch in an attribute, for one); the browser tests build with it once.
    """
    copy_public(site_src, out)
    with scratch(cache_dir, "bundle-") as build_dir:
        summary = run_esbuild(site_src, build_dir, dev, cache_dir / "app")
        for path in sorted((build_dir / "assets").rglob("*")):
            if path.is_file():
                out.copy_file(path.relative_to(build_dir).as_posix(), path)
        # Kept for anyone who wants to look inside (esbuild's bundle analyzer reads a metafile;
        # the summary lists each page's scripts, and what the home page fetches by itself).
        for lang in summary["languages"]:
            name = "metafile.json" if lang == DEFAULT_LANG else f"metafile-{lang}.json"
            shutil.copyfile(build_dir / f"bundle-meta-{lang}.json", cache_dir / name)
        (cache_dir / "summary.json").write_text(json.dumps(summary, indent=1), "utf-8")
        prerender_script = Path(summary["prerender"]).read_text("utf-8")
    sizes = {"/" + f["file"]: f["bytes"] for f in summary["files"]}
    gzip_sizes = {"/" + f["file"]: f["gzip"] for f in summary["files"]}
    built = {
        lang: _language_bundle(lang, record, sizes, gzip_sizes, prerender_script)
        for lang, record in summary["languages"].items()
    }
    bundle = replace(
        built[DEFAULT_LANG],
        translations={lang: b for lang, b in built.items() if lang != DEFAULT_LANG},
    )
    css = sum(bundle.gzip_sizes.get(url, 0) for url in bundle.styles) / 1024
    fetched = ", ".join(
        f"{lang} {b.fetched_js_gzip() / 1024:.1f} (first load {b.first_load_js_gzip() / 1024:.1f})"
        for lang, b in built.items()
    )
    reporter.info(
        f"app: {len(summary['files'])} files; JavaScript each home page fetches without"
        f" interaction, in KiB: {fetched}; + {css:.1f} KiB CSS"
        f" (gzip; budget {FIRST_LOAD_JS_BUDGET_KIB} KiB JavaScript)"
    )
    return bundle


def _language_bundle(
    lang: str, record: dict, sizes: dict, gzip_sizes: dict, prerender_script: str
) -> Bundle:
    main = record["main"]
    return Bundle(
        scripts=(main["script"],),
        styles=tuple(main["styles"]),
        style_fonts=tuple(main.get("styleFonts", ())),
        noscript_styles=tuple(main["noscriptStyles"]),
        after_paint_styles=tuple(main["afterPaintStyles"]),
        after_paint_fonts={href: tuple(urls) for href, urls in main["afterPaintFonts"].items()},
        preloads=tuple(main["preloads"]),
        fetched=tuple(main["fetched"]),
        screens={name: _screen(rec) for name, rec in record["screens"].items()},
        sizes=sizes,
        gzip_sizes=gzip_sizes,
        prerender_script=prerender_script,
        lang=lang,
    )
