"""Stage: one HTML file per route, rendered with Jinja2, with that route's title and meta."""

from __future__ import annotations

import json
from dataclasses import dataclass

from jinja2 import Environment, PackageLoader, select_autoescape

from .bundle import Bundle
from .content import Content
from .output import Output


@dataclass(frozen=True)
class Route:
    path: str  # URL path
    file: str  # file in dist/
    title: str
    description: str
    screen: str | None = None  # the lazily loaded screen module this route shows (bundle.py)


def routes(content: Content) -> list[Route]:
    name = content.site.name
    city = f"{content.site.address.city}, {content.site.address.region}"
    pages = [
        Route(
            "/",
            "index.html",
            f"{name} | Dallas Tattoo & Piercing Since 1996",
            f"Custom tattoos and professional piercing in {city} since 1996. "
            "Meet our artists, browse their portfolios and book a consultation.",
        ),
        Route(
            "/portfolio",
            "portfolio/index.html",
            f"Portfolio | {name}",
            "Browse custom tattoo work by every artist at the studio.",
            "portfolio-screen",
        ),
        Route(
            "/piercings",
            "piercings/index.html",
            f"Piercings | {name}",
            "Ear, facial and body piercing with premium implant-grade jewelry.",
            "piercings-screen",
        ),
        Route(
            "/aftercare",
            "aftercare/index.html",
            f"Aftercare Guide | {name}",
            "How to care for a new tattoo or piercing while it heals.",
            "aftercare-screen",
        ),
        Route(
            "/test",
            "test/index.html",
            f"Scroll Animation | {name}",
            "A scroll-driven animation of the studio's piercing work.",
            "scroll-sequence-screen",
        ),
        Route(
            "/404",
            "404.html",
            f"Page not found | {name}",
            "The page you were looking for is not here.",
        ),
    ]
    for artist in content.artists:
        specialties = ", ".join(artist.specialties[:3])
        pages.append(
            Route(
                f"/portfolio/{artist.slug}",
                f"portfolio/{artist.slug}/index.html",
                f"{artist.name} Portfolio | {name}",
                f"Tattoo portfolio of {artist.name}: {specialties}. "
                f"{artist.years_experience} years of experience.",
                "portfolio-screen",
            )
        )
    return pages


_env = Environment(
    loader=PackageLoader("generator", "templates"),
    autoescape=select_autoescape(["html", "j2"]),
    trim_blocks=True,
    lstrip_blocks=True,
)


def site_json(data: dict) -> str:
    """JSON safe to embed in a <script type="application/json"> element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def app_manifest(all_routes: list[Route]) -> dict:
    """Embedded in every page: each route's title and description, for client navigation."""
    return {
        "routes": {r.path: {"title": r.title, "description": r.description} for r in all_routes}
    }


def write_pages(out: Output, content: Content, bundle: Bundle, data: dict) -> list[Route]:
    template = _env.get_template("page.html.j2")
    embedded = site_json(data)
    all_routes = routes(content)
    manifest = site_json(app_manifest(all_routes))
    for route in all_routes:
        html = template.render(
            route=route,
            bundle=bundle.for_screen(route.screen),
            site=data,
            site_json=embedded,
            manifest_json=manifest,
            canonical=data["baseUrl"] + (route.path if route.path != "/404" else "/"),
        )
        out.write_text(route.file, html)
    return all_routes
