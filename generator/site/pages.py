"""Stage: one HTML file per route of the route table and language: its title and meta, its
prerendered app (prerender.py), the API answers it was rendered from, its structured data and
preview image, and its addresses in every language (hreflang).

Every route exists in English at its own path and in Spanish under /es/ with the same path
(docs/architecture.md#two-languages); the route table holds each route's Spanish title and
description in `es`."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape

from ..content.flash import published_counts
from ..content.records import ArtistRecord, Content
from ..errors import BuildError
from ..images.social import Card
from ..output import Output
from . import seo
from .bundle import Bundle
from .prerender import RenderedPage

ROUTE_TABLE = Path("src") / "config" / "routes.json"  # inside site-src/, shared with the app

# The site's languages, the first at the root of the site, the others under /<lang>/.
LANGUAGES = ("en", "es")
DEFAULT_LANG = LANGUAGES[0]
# Open Graph's locales (og:locale): the studio writes for the United States.
OG_LOCALES = {"en": "en_US", "es": "es_US"}


def lang_path(path: str, lang: str) -> str:
    """A site path in `lang`: /portfolio, /es/portfolio; the Spanish home page is /es/."""
    if lang == DEFAULT_LANG:
        return path
    return f"/{lang}/" if path == "/" else f"/{lang}{path}"


def lang_file(file: str, lang: str) -> str:
    """A page's file in dist/ for `lang`: portfolio/index.html, es/portfolio/index.html."""
    return file if lang == DEFAULT_LANG else f"{lang}/{file}"


@dataclass(frozen=True)
class RouteSpec:
    """One entry of the route table (site-src/src/config/routes.json)."""

    path: str  # URL path; `:artistSlug` in a per-artist entry
    file: str  # file in dist/; `{slug}` in a per-artist entry
    screen: str  # the screen module the app shows there
    lazy: bool  # the screen is its own chunk (bundle.py must have it)
    title: str
    description: str
    # the title and description in each other language, by language ("es")
    translated: dict[str, tuple[str, str]] = field(default_factory=dict)
    # "artist": one page per artist; "flash-artist": one per artist with flash designs
    each: str | None = None
    not_found: bool = False
    index: bool = True  # listed in sitemap.xml and open to search engines


@dataclass(frozen=True)
class Route:
    """One HTML page to write."""

    path: str  # URL path, with its language's prefix (/es/portfolio)
    file: str  # file in dist/
    title: str
    description: str
    screen: str
    lazy: bool
    index: bool = True  # in sitemap.xml (not /test, not the not-found page)
    artist: ArtistRecord | None = None  # the artist of a per-artist page
    not_found: bool = False
    lang: str = DEFAULT_LANG
    app_path: str = ""  # the path the app routes, without the language's prefix (/portfolio)
    # the same page in every language, the page's own included: URL path by language
    alternates: dict[str, str] = field(default_factory=dict)


def load_route_table(site_src: Path) -> list[RouteSpec]:
    path = site_src / ROUTE_TABLE
    try:
        table = json.loads(path.read_text("utf-8"))["routes"]
        specs = [
            RouteSpec(
                path=entry["path"],
                file=entry["file"],
                screen=entry["screen"],
                lazy=bool(entry["lazy"]),
                title=entry["title"],
                description=entry["description"],
                translated={
                    lang: (entry[lang]["title"], entry[lang]["description"])
                    for lang in LANGUAGES[1:]
                    if isinstance(entry.get(lang), dict)
                },
                each=entry.get("each"),
                not_found=bool(entry.get("notFound", False)),
                index=bool(entry.get("index", True)) and not entry.get("notFound", False),
            )
            for entry in table
        ]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BuildError(f"{path}: not a valid route table: {exc}") from None
    missing = [
        f"  {spec.path}: no '{lang}' title and description"
        for spec in specs
        for lang in LANGUAGES[1:]
        if lang not in spec.translated
    ]
    if missing:
        raise BuildError(f"{path}: a route without its translation:\n" + "\n".join(missing))
    return specs


# Routes whose page exists only when the content has what it shows: /policies needs
# content/policies.md (without it, no page, nothing in the sitemap; docs/requests.md),
# /privacy content/privacy.md (docs/privacy.md), and /consent content/consent.md (the
# function sends no consent link without it; docs/consent.md).
CONTENT_PAGES: dict[str, Callable[[Content], bool]] = {
    "/policies": lambda content: content.policies is not None,
    "/privacy": lambda content: content.privacy is not None,
    "/consent": lambda content: content.consent is not None,
}


def routes(content: Content, table: list[RouteSpec]) -> list[Route]:
    """Every page of the site: the table's routes, per-artist ones once per artist (or per
    artist with flash), those of CONTENT_PAGES only when their content is there; each in
    every language, the English pages first."""
    site = content.site
    words = {"studio": site.name, "city": f"{site.address.city}, {site.address.region}"}
    english = []
    for spec in table:
        if spec.path in CONTENT_PAGES and not CONTENT_PAGES[spec.path](content):
            continue
        if spec.each is None:
            english.append((spec, _route(spec, words, spec.path, spec.file, None)))
            continue
        for artist in _each(content, spec):
            path = spec.path.replace(":artistSlug", artist.slug)
            file = spec.file.format(slug=artist.slug)
            route = _route(spec, {**words, **_artist_words(artist)}, path, file, artist)
            english.append((spec, route))
    pages = []
    for lang in LANGUAGES:
        for spec, route in english:
            alternates = {other: lang_path(route.path, other) for other in LANGUAGES}
            if lang == DEFAULT_LANG:
                pages.append(replace(route, app_path=route.path, alternates=alternates))
                continue
            title, description = spec.translated[lang]
            local = {**words, **_artist_words(route.artist, lang)} if route.artist else words
            pages.append(
                replace(
                    route,
                    path=lang_path(route.path, lang),
                    file=lang_file(route.file, lang),
                    title=title.format_map(local),
                    description=description.format_map(local),
                    lang=lang,
                    app_path=route.path,
                    alternates=alternates,
                )
            )
    return pages


def _artist_words(artist: ArtistRecord, lang: str = DEFAULT_LANG) -> dict[str, str]:
    """The placeholders of a per-artist route's title and description, in `lang`."""
    specialties = artist.specialties
    if lang != DEFAULT_LANG:
        specialties = getattr(artist, f"specialties_{lang}", None) or specialties
    return {
        "artist": artist.name,
        "specialties": ", ".join(specialties[:3]),
        "years": str(artist.years_experience),
    }


def _each(content: Content, spec: RouteSpec) -> list[ArtistRecord]:
    """The artists a per-artist route has a page for: "artist", every artist; "flash-artist",
    every artist with at least one flash design (docs/flash.md)."""
    if spec.each == "artist":
        return list(content.artists)
    if spec.each == "flash-artist":
        with_flash = published_counts(content)
        return [artist for artist in content.artists if artist.slug in with_flash]
    raise BuildError(f"route {spec.path}: unknown 'each': {spec.each!r}")


def _route(
    spec: RouteSpec, words: dict[str, str], path: str, file: str, artist: ArtistRecord | None
) -> Route:
    title = spec.title.format_map(words)
    description = spec.description.format_map(words)
    return Route(
        path, file, title, description, spec.screen, spec.lazy, spec.index, artist, spec.not_found
    )


_env = Environment(
    loader=PackageLoader("generator.site", "templates"),
    autoescape=select_autoescape(["html", "j2"]),
    trim_blocks=True,
    lstrip_blocks=True,
)


def site_json(data: dict | list) -> str:
    """JSON safe to embed in a <script type="application/json"> element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def app_manifest(all_routes: list[Route], lang: str) -> dict:
    """Embedded in every page of `lang`: each of its routes' title and description, by the path
    the app routes (without the language's prefix), for client navigation."""
    return {
        "routes": {
            r.app_path: {"title": r.title, "description": r.description}
            for r in all_routes
            if r.lang == lang
        }
    }


@dataclass(frozen=True)
class Previews:
    """The link-preview cards (images/social.py): the studio's, and one per artist slug."""

    default: Card | None
    by_artist: dict[str, Card]

    def of(self, route: Route) -> Card | None:
        return self.by_artist.get(route.artist.slug) if route.artist else self.default


def write_pages(
    out: Output,
    content: Content,
    bundle: Bundle,
    data: dict[str, dict],
    all_routes: list[Route],
    rendered: dict[str, RenderedPage],
    previews: Previews,
) -> None:
    """Write every route's HTML, then sitemap.xml and robots.txt for the same routes.

    data: the site data by language."""
    template = _env.get_template("page.html.j2")
    embedded = {lang: site_json(data[lang]) for lang in LANGUAGES}
    manifests = {lang: site_json(app_manifest(all_routes, lang)) for lang in LANGUAGES}
    base = data[DEFAULT_LANG]["baseUrl"]
    for route in all_routes:
        page = rendered[route.path]
        # The not-found page stands for no address of its own: its canonical and its other
        # languages are the home pages.
        home = lang_path("/", route.lang)
        canonical = seo.absolute(base, home if route.not_found else route.path)
        alternates = {
            lang: seo.absolute(base, lang_path("/", lang) if route.not_found else path)
            for lang, path in route.alternates.items()
        }
        card = previews.of(route)
        artist_card = previews.by_artist.get(route.artist.slug) if route.artist else None
        default_url = previews.default.url if previews.default else None
        structured = seo.structured_data(
            content,
            default_url,
            route.artist,
            canonical,
            artist_card and artist_card.url,
            lang=route.lang,
        )
        page_bundle = bundle.for_language(route.lang).for_screen(route.screen, route.lazy)
        html = template.render(
            route=route,
            bundle=page_bundle,
            # what the entry script preloads once the page has painted (site-src/src/main.tsx)
            chunks_json=site_json(list(page_bundle.preloads)),
            site=data[route.lang],
            site_json=embedded[route.lang],
            manifest_json=manifests[route.lang],
            canonical=canonical,
            alternates=alternates,
            x_default=alternates[DEFAULT_LANG],
            og_locale=OG_LOCALES[route.lang],
            og_alternates=[OG_LOCALES[lang] for lang in LANGUAGES if lang != route.lang],
            app=page,
            page_json=site_json({"route": route.path, "answers": page.answers}),
            structured_json=site_json(structured),
            card=card,
            card_url=card and seo.absolute(base, card.url),
        )
        out.write_text(route.file, html)
    listed = [route for route in all_routes if route.index]
    unlisted = [route.path for route in all_routes if not route.index and not route.not_found]
    seo.write_search_files(
        out,
        base,
        [(route.path, route.alternates) for route in listed],
        unlisted,
        default_lang=DEFAULT_LANG,
    )
