"""Stage: what search engines and link previews read, all from site.yaml and the artists.

- structured data (schema.org JSON-LD) for every page: the studio as a TattooParlor, and on an
  artist's page that artist as a Person working there. No ratings: a business rating itself
  is ignored by Google (its review snippet guidelines) and would only be noise;
- sitemap.xml: every page meant to be found (the route table marks the others `index: false`),
  each with its addresses in every language (xhtml:link alternates, as Google documents them);
- robots.txt: the API and the unlisted pages kept out, and where the sitemap is.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from ..content.hours import parse_days, parse_time
from ..content.records import ArtistRecord, Content
from ..output import Output

SCHEMA = "https://schema.org"
# Never for search engines: the static API, and the editors' admin (site/admin.py).
KEPT_OUT = ("/api/", "/admin/")
# The studio's home page in each of the site's languages.
HOMES = {"en": "/", "es": "/es/"}
# An artist's job, in each language.
JOB_TITLES = {"en": "Tattoo Artist", "es": "Artista del tatuaje"}


def _in(artist: ArtistRecord, name: str, lang: str) -> object:
    """An artist's field in `lang` (its `<name>_<lang>` twin), the English one without it."""
    if lang == "en":
        return getattr(artist, name)
    return getattr(artist, f"{name}_{lang}", None) or getattr(artist, name)


def absolute(base_url: str, path: str) -> str:
    return base_url.rstrip("/") + path


def studio_id(base_url: str) -> str:
    return absolute(base_url, "/#studio")


def opening_hours(content: Content) -> list[dict]:
    """site.yaml's `hours` as OpeningHoursSpecification (validated by the content stage)."""
    specs = []
    for row in content.site.hours:
        times = parse_time(row.time)
        if times is None:  # closed: schema.org says so by leaving the days out
            continue
        opens, closes = times
        specs.append(
            {
                "@type": "OpeningHoursSpecification",
                "dayOfWeek": [f"{SCHEMA}/{day}" for day in parse_days(row.days)],
                "opens": opens,
                "closes": closes,
            }
        )
    return specs


def studio(content: Content, image: str | None, lang: str = "en") -> dict:
    """The studio as a schema.org TattooParlor (a LocalBusiness), described in `lang`."""
    site = content.site
    base = site.base_url
    address = {
        "@type": "PostalAddress",
        "streetAddress": site.address.street,
        "addressLocality": site.address.city,
        "addressRegion": site.address.region,
        "postalCode": site.address.postal_code,
    }
    parlor = {
        "@type": "TattooParlor",
        "@id": studio_id(base),
        "name": site.name,
        "url": absolute(base, HOMES[lang]),
        "telephone": site.phone,
        "email": site.email,
        "address": address,
        "openingHoursSpecification": opening_hours(content),
        "sameAs": [url for url in site.socials.model_dump().values() if url],
        "logo": absolute(base, "/logo.svg"),
        # The languages the studio answers in: the site's.
        "knowsLanguage": list(HOMES),
    }
    if site.founded:
        parlor["foundingDate"] = site.founded
    if site.address.map_url:
        parlor["hasMap"] = site.address.map_url
    if image:
        parlor["image"] = absolute(base, image)
    return parlor


def person(
    content: Content, artist: ArtistRecord, page_url: str, image: str | None, lang: str = "en"
) -> dict:
    """An artist as a schema.org Person who works at the studio, described in `lang` (the
    English text where a Spanish one is missing)."""
    found = {
        "@type": "Person",
        "name": artist.name,
        "jobTitle": JOB_TITLES[lang],
        "description": _in(artist, "bio", lang),
        "knowsAbout": list(_in(artist, "specialties", lang)),
        "url": page_url,
        "worksFor": {"@id": studio_id(content.site.base_url)},
    }
    if image:
        found["image"] = absolute(content.site.base_url, image)
    if artist.instagram:
        handle = artist.instagram.strip().lstrip("@")
        found["sameAs"] = [f"https://www.instagram.com/{handle}/"]
    return found


def structured_data(
    content: Content,
    studio_image: str | None,
    artist: ArtistRecord | None = None,
    page_url: str = "",
    artist_image: str | None = None,
    lang: str = "en",
) -> dict:
    """One JSON-LD document for a page in `lang`: the studio, plus the artist on an artist's
    page."""
    graph = [studio(content, studio_image, lang)]
    if artist is not None:
        graph.append(person(content, artist, page_url, artist_image, lang))
    return {"@context": SCHEMA, "@graph": graph}


def sitemap_xml(pages: list[tuple[str, dict[str, str]]], default_lang: str = "en") -> str:
    """sitemap.xml listing each page (absolute URL) with the same page in every language
    (absolute URLs by language, its own included) and x-default, as sitemaps.org and Google's
    guide to localized versions define them."""
    entries = []
    for url, alternates in pages:
        links = "".join(
            f'    <xhtml:link rel="alternate" hreflang="{lang}" href="{escape(href)}"/>\n'
            for lang, href in [*alternates.items(), ("x-default", alternates[default_lang])]
        )
        entries.append(f"  <url>\n    <loc>{escape(url)}</loc>\n{links}  </url>\n")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
        ' xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
        f"{''.join(entries)}</urlset>\n"
    )


def robots_txt(base_url: str, unlisted: list[str]) -> str:
    """robots.txt: everything but the API, the admin and the unlisted pages; the sitemap."""
    disallow = "".join(f"Disallow: {path}\n" for path in [*KEPT_OUT, *unlisted])
    return f"User-agent: *\nAllow: /\n{disallow}\nSitemap: {absolute(base_url, '/sitemap.xml')}\n"


def write_search_files(
    out: Output,
    base_url: str,
    listed: list[tuple[str, dict[str, str]]],
    unlisted: list[str],
    default_lang: str = "en",
) -> None:
    """sitemap.xml with the `listed` pages (path, its path by language) and robots.txt keeping
    the `unlisted` paths out."""
    pages = [
        (absolute(base_url, path), {lang: absolute(base_url, p) for lang, p in alternates.items()})
        for path, alternates in listed
    ]
    out.write_text("sitemap.xml", sitemap_xml(pages, default_lang))
    out.write_text("robots.txt", robots_txt(base_url, unlisted))
