"""Stage: one HTML file per route of the route table: its title and meta, its prerendered app
(prerender.py), the API answers it was rendered from, its structured data and preview image."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
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


@dataclass(frozen=True)
class RouteSpec:
    """One entry of the route table (site-src/src/config/routes.json)."""

    path: str  # URL path; `:artistSlug` in a per-artist entry
    file: str  # file in dist/; `{slug}` in a per-artist entry
    screen: str  # the screen module the app shows there
    lazy: bool  # the screen is its own chunk (bundle.py must have it)
    title: str
    description: str
    # "artist": one page per artist; "flash-artist": one per artist with flash designs
    each: str | None = None
    not_found: bool = False
    index: bool = True  # listed in sitemap.xml and open to search engines


@dataclass(frozen=True)
class Route:
    """One HTML page to write."""

    path: str  # URL path
    file: str  # file in dist/
    title: str
    description: str
    screen: str
    lazy: bool
    index: bool = True  # in sitemap.xml (not /test, not the not-found page)
    artist: ArtistRecord | None = None  # the artist of a per-artist page
    not_found: bool = False


def load_route_table(site_src: Path) -> list[RouteSpec]:
    path = site_src / ROUTE_TABLE
    try:
        table = json.loads(path.read_text("utf-8"))["routes"]
        return [
            RouteSpec(
                path=entry["path"],
                file=entry["file"],
                screen=entry["screen"],
                lazy=bool(entry["lazy"]),
                title=entry["title"],
                description=entry["description"],
                each=entry.get("each"),
                not_found=bool(entry.get("notFound", False)),
                index=bool(entry.get("index", True)) and not entry.get("notFound", False),
            )
            for entry in table
        ]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BuildError(f"{path}: not a valid route table: {exc}") from None


# Routes whose page exists only when the content has what it shows: /policies needs
# content/policies.md (without it, no page, nothing in the sitemap; docs/requests.md).
CONTENT_PAGES: dict[str, Callable[[Content], bool]] = {
    "/policies": lambda content: content.policies is not None,
}


def routes(content: Content, table: list[RouteSpec]) -> list[Route]:
    """Every page of the site: the table's routes, per-artist ones once per artist (or per
    artist with flash), those of CONTENT_PAGES only when their content is there."""
    site = content.site
    words = {"studio": site.name, "city": f"{site.address.city}, {site.address.region}"}
    pages = []
    for spec in table:
        if spec.path in CONTENT_PAGES and not CONTENT_PAGES[spec.path](content):
            continue
        if spec.each is None:
            pages.append(_route(spec, words, spec.path, spec.file, None))
            continue
        for artist in _each(content, spec):
            artist_words = {
                **words,
                "artist": artist.name,
                "specialties": ", ".join(artist.specialties[:3]),
                "years": str(artist.years_experience),
            }
            path = spec.path.replace(":artistSlug", artist.slug)
            file = spec.file.format(slug=artist.slug)
            pages.append(_route(spec, artist_words, path, file, artist))
    return pages


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


def app_manifest(all_routes: list[Route]) -> dict:
    """Embedded in every page: each route's title and description, for client navigation."""
    return {
        "routes": {r.path: {"title": r.title, "description": r.description} for r in all_routes}
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
    data: dict,
    all_routes: list[Route],
    rendered: dict[str, RenderedPage],
    previews: Previews,
) -> None:
    """Write every route's HTML, then sitemap.xml and robots.txt for the same routes."""
    template = _env.get_template("page.html.j2")
    embedded = site_json(data)
    manifest = site_json(app_manifest(all_routes))
    base = data["baseUrl"]
    for route in all_routes:
        page = rendered[route.path]
        canonical = seo.absolute(base, "/" if route.not_found else route.path)
        card = previews.of(route)
        artist_card = previews.by_artist.get(route.artist.slug) if route.artist else None
        default_url = previews.default.url if previews.default else None
        structured = seo.structured_data(
            content, default_url, route.artist, canonical, artist_card and artist_card.url
        )
        page_bundle = bundle.for_screen(route.screen, route.lazy)
        html = template.render(
            route=route,
            bundle=page_bundle,
            # what the entry script preloads once the page has painted (site-src/src/main.tsx)
            chunks_json=site_json(list(page_bundle.preloads)),
            site=data,
            site_json=embedded,
            manifest_json=manifest,
            canonical=canonical,
            app=page,
            page_json=site_json({"route": route.path, "answers": page.answers}),
            structured_json=site_json(structured),
            card=card,
            card_url=card and seo.absolute(base, card.url),
        )
        out.write_text(route.file, html)
    listed = [route.path for route in all_routes if route.index]
    unlisted = [route.path for route in all_routes if not route.index and not route.not_found]
    seo.write_search_files(out, base, listed, unlisted)
