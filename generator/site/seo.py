"""Stage: what search engines and link previews read, all from site.yaml and the artists.

- structured data (schema.org JSON-LD) for every page: the studio as a TattooParlor, and on an
  artist's page that artist as a Person working there. No ratings: a business rating itself
  is ignored by Google (its review snippet guidelines) and would only be noise;
- sitemap.xml: every page meant to be found (the route table marks the others `index: false`);
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


def studio(content: Content, image: str | None) -> dict:
    """The studio as a schema.org TattooParlor (a LocalBusiness)."""
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
        "url": absolute(base, "/"),
        "telephone": site.phone,
        "email": site.email,
        "address": address,
        "openingHoursSpecification": opening_hours(content),
        "sameAs": [url for url in site.socials.model_dump().values() if url],
        "logo": absolute(base, "/logo.svg"),
    }
    if site.founded:
        parlor["foundingDate"] = site.founded
    if site.address.map_url:
        parlor["hasMap"] = site.address.map_url
    if image:
        parlor["image"] = absolute(base, image)
    return parlor


def person(content: Content, artist: ArtistRecord, page_url: str, image: str | None) -> dict:
    """An artist as a schema.org Person who works at the studio."""
    found = {
        "@type": "Person",
        "name": artist.name,
        "jobTitle": "Tattoo Artist",
        "description": artist.bio,
        "knowsAbout": list(artist.specialties),
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
) -> dict:
    """One JSON-LD document for a page: the studio, plus the artist on an artist's page."""
    graph = [studio(content, studio_image)]
    if artist is not None:
        graph.append(person(content, artist, page_url, artist_image))
    return {"@context": SCHEMA, "@graph": graph}


def sitemap_xml(urls: list[str]) -> str:
    """sitemap.xml listing `urls` (absolute), as sitemaps.org defines it."""
    entries = "".join(f"  <url><loc>{escape(url)}</loc></url>\n" for url in urls)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        f"{entries}</urlset>\n"
    )


def robots_txt(base_url: str, unlisted: list[str]) -> str:
    """robots.txt: everything but the API, the admin and the unlisted pages; the sitemap."""
    disallow = "".join(f"Disallow: {path}\n" for path in [*KEPT_OUT, *unlisted])
    return f"User-agent: *\nAllow: /\n{disallow}\nSitemap: {absolute(base_url, '/sitemap.xml')}\n"


def write_search_files(out: Output, base_url: str, listed: list[str], unlisted: list[str]) -> None:
    """sitemap.xml with the `listed` paths and robots.txt keeping the `unlisted` ones out."""
    out.write_text("sitemap.xml", sitemap_xml([absolute(base_url, path) for path in listed]))
    out.write_text("robots.txt", robots_txt(base_url, unlisted))
