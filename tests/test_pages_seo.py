"""What a built page holds before any script runs: the prerendered app, the API answers it was
rendered from, structured data, preview image; and sitemap.xml and robots.txt beside it."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from PIL import Image

from generator import pipeline
from generator.content.hours import parse_days, parse_time
from generator.errors import BuildError
from generator.site import prerender
from sitefactory import SITE_YAML

SITE = yaml.safe_load(SITE_YAML)
BASE = SITE["base_url"]


@pytest.fixture(scope="module")
def dist(minimal_dist: Path) -> Path:
    """The minimal site, as the run builds it once (conftest.py); read only."""
    return minimal_dist


def html(dist: Path, file: str) -> str:
    return (dist / file).read_text("utf-8")


def embedded(page: str, script_id: str) -> dict:
    found = re.search(rf'<script id="{script_id}" type="application/json">(.*?)</script>', page)
    assert found, f"no {script_id} in the page"
    return json.loads(found.group(1))


def structured(page: str) -> list[dict]:
    found = re.findall(r'<script type="application/ld\+json">(.*?)</script>', page, re.S)
    assert len(found) == 1, found
    return json.loads(found[0])["@graph"]


def root_markup(page: str) -> str:
    return page.split('<div id="root">', 1)[1].rsplit("</div>\n</body>", 1)[0]


# --- prerendered HTML ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "file, expected",
    [
        # headings, artists and the contact details on the home page
        ("index.html", ["Tattoo Atelier", "Our Artists", "Jane Doe", "Max Ink", "Get in Touch"]),
        (
            "index.html",
            ["(214) 555-0100", "hello@studio.example", "1 Test Road", "Monday - Thursday"],
        ),
        # every piece's title on the portfolio, the artist's own on theirs
        (
            "portfolio/index.html",
            ["<h1", "Portfolio", "Rose", "Koi", "Skull", "By: <!-- -->Max Ink"],
        ),
        ("portfolio/jane-doe/index.html", ["Jane Doe", "7<!-- --> <!-- -->years", "Rose", "Koi"]),
        # the aftercare guides' text, rendered from their Markdown
        ("aftercare/index.html", ["Aftercare Guide", "Wash <strong>gently</strong>", "Rinse"]),
        ("piercings/index.html", ["Professional Piercing", "Our Services", "Get in Touch"]),
        ("404.html", ["This page has <em>faded</em>."]),
    ],
)
def test_each_page_holds_its_prerendered_content(dist: Path, file: str, expected: list) -> None:
    markup = root_markup(html(dist, file))
    for text in expected:
        assert text in markup, (file, text)


def test_the_artist_page_holds_only_that_artists_pieces(dist: Path) -> None:
    markup = root_markup(html(dist, "portfolio/max-ink/index.html"))
    assert "Skull" in markup
    assert "Rose" not in markup and "Koi" not in markup


def test_each_page_embeds_exactly_the_api_answers_it_was_rendered_from(dist: Path) -> None:
    def answers(file: str) -> dict:
        return embedded(html(dist, file), "page-data")["answers"]

    artists = json.loads(html(dist, "api/artists.json"))
    assert answers("index.html") == {"/api/artists": artists}
    # A portfolio page embeds its first page of pieces only: bounded, however big the
    # portfolio (docs/architecture.md#the-static-api).
    first_page = "/api/portfolio/pages/jane-doe/1.json"
    assert answers("portfolio/jane-doe/index.html") == {
        "/api/artists": artists,
        first_page: json.loads(html(dist, first_page.lstrip("/"))),
    }
    assert set(answers("portfolio/index.html")) == {
        "/api/artists",
        "/api/portfolio/pages/all/1.json",
    }
    assert answers("aftercare/index.html") == {
        "/api/aftercare": json.loads(html(dist, "api/aftercare.json"))
    }
    assert answers("test/index.html") == {}
    assert embedded(html(dist, "portfolio/jane-doe/index.html"), "page-data")["route"] == (
        "/portfolio/jane-doe"
    )


def test_pages_carry_no_inline_script_the_csp_would_block(dist: Path) -> None:
    for page in sorted(dist.rglob("*.html")):
        for attrs in re.findall(r"<script([^>]*)>", page.read_text("utf-8")):
            assert "src=" in attrs or "application/" in attrs, (page.name, attrs)


def test_the_preloader_is_prerendered_and_the_no_script_sheet_hides_it(dist: Path) -> None:
    page = html(dist, "index.html")
    assert 'data-testid="preloader"' in root_markup(page)
    sheet = re.search(
        r'<noscript><link rel="stylesheet" href="(/assets/no-script-\w+\.css)">', page
    )
    assert sheet, "no stylesheet for visitors without JavaScript"
    css = (dist / sheet.group(1).lstrip("/")).read_text("utf-8")
    assert re.search(r"\.preloader\s*\{\s*display:\s*none\s*!important", css)


def test_a_page_asking_for_an_answer_the_build_does_not_write_fails_the_build(
    dist: Path, tmp_path: Path
) -> None:
    from generator.site.bundle import Bundle, run_esbuild

    summary = run_esbuild(pipeline.PROJECT_ROOT / "site-src", tmp_path / "bundle")
    bundle = Bundle(prerender_script=Path(summary["prerender"]).read_text("utf-8"))
    site = json.loads(html(dist, "api/site.json"))
    with pytest.raises(BuildError) as caught:
        prerender.prerender(bundle, {"en": site, "es": site}, {}, ["/aftercare"], tmp_path / "work")
    assert str(caught.value) == (
        "prerendering /aftercare: the app asked for /api/aftercare, which the build does not write"
    )


# --- structured data ---------------------------------------------------------------------------


def test_every_page_describes_the_studio_as_a_tattoo_parlor_from_site_yaml(dist: Path) -> None:
    for file in ("index.html", "aftercare/index.html", "portfolio/max-ink/index.html"):
        parlor = structured(html(dist, file))[0]
        assert parlor["@type"] == "TattooParlor"
        assert parlor["name"] == SITE["name"]
        assert parlor["url"] == f"{BASE}/"
        assert parlor["telephone"] == SITE["phone"]
        assert parlor["email"] == SITE["email"]
        assert parlor["address"] == {
            "@type": "PostalAddress",
            "streetAddress": SITE["address"]["street"],
            "addressLocality": SITE["address"]["city"],
            "addressRegion": SITE["address"]["region"],
            "postalCode": str(SITE["address"]["postal_code"]),
        }
        assert parlor["sameAs"] == list(SITE["socials"].values())
        assert parlor["foundingDate"] == SITE["founded"] == "1996"
        assert parlor["logo"] == f"{BASE}/logo.svg"
        assert re.fullmatch(
            rf"{re.escape(BASE)}/assets/og/studio\.[0-9a-f]{{10}}\.jpg", parlor["image"]
        )
        assert "aggregateRating" not in json.dumps(parlor) and "review" not in json.dumps(parlor)


def test_opening_hours_are_the_rows_of_site_yaml(dist: Path) -> None:
    parlor = structured(html(dist, "index.html"))[0]
    assert parlor["openingHoursSpecification"] == [
        {
            "@type": "OpeningHoursSpecification",
            "dayOfWeek": [
                "https://schema.org/Monday",
                "https://schema.org/Tuesday",
                "https://schema.org/Wednesday",
                "https://schema.org/Thursday",
            ],
            "opens": "12:00",
            "closes": "22:00",
        },
        {
            "@type": "OpeningHoursSpecification",
            "dayOfWeek": ["https://schema.org/Sunday"],
            "opens": "12:00",
            "closes": "20:00",
        },
    ]
    assert [row["days"] for row in SITE["hours"]] == ["Monday - Thursday", "Sunday"]


def test_an_artist_page_adds_the_artist_as_a_person_of_the_studio(dist: Path) -> None:
    graph = structured(html(dist, "portfolio/jane-doe/index.html"))
    person = graph[1]
    assert person["@type"] == "Person"
    assert person["name"] == "Jane Doe"
    assert person["worksFor"] == {"@id": graph[0]["@id"]}
    assert person["url"] == f"{BASE}/portfolio/jane-doe"
    assert person["knowsAbout"] == ["Fine Line", "Blackwork"]
    assert person["sameAs"] == ["https://www.instagram.com/jane/"]
    assert re.fullmatch(
        rf"{re.escape(BASE)}/assets/og/jane-doe\.[0-9a-f]{{10}}\.jpg", person["image"]
    )
    assert len(structured(html(dist, "portfolio/index.html"))) == 1  # no Person elsewhere


@pytest.mark.parametrize(
    "days, expected",
    [
        ("Monday - Thursday", ("Monday", "Tuesday", "Wednesday", "Thursday")),
        ("Fri to Sun", ("Friday", "Saturday", "Sunday")),
        ("Saturday - Monday", ("Monday", "Saturday", "Sunday")),
        ("Mon, Wed & Fri", ("Monday", "Wednesday", "Friday")),
        ("Tues-Thurs", ("Tuesday", "Wednesday", "Thursday")),
        ("Daily", ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")),
        ("Weekends", ("Saturday", "Sunday")),
    ],
)
def test_opening_days_as_editors_write_them(days: str, expected: tuple) -> None:
    assert parse_days(days) == expected


@pytest.mark.parametrize(
    "time, expected",
    [
        ("12pm - 10pm", ("12:00", "22:00")),
        ("10:30 am – 7 pm", ("10:30", "19:00")),
        ("12am - 6am", ("00:00", "06:00")),
        ("noon - midnight", ("12:00", "00:00")),
        ("09:00 - 17:30", ("09:00", "17:30")),
        ("6pm - 2am", ("18:00", "02:00")),
        ("Closed", None),
        ("closed (private bookings only: call ahead)", None),
        ("Closed - holidays", None),
    ],
)
def test_opening_times_as_editors_write_them(time: str, expected: tuple | None) -> None:
    assert parse_time(time) == expected


@pytest.mark.parametrize("time", ["Closedish", "Closed 12pm", "Close"])
def test_text_that_only_looks_like_closed_is_not_understood(time: str) -> None:
    with pytest.raises(ValueError):
        parse_time(time)


# --- previews, sitemap, robots -----------------------------------------------------------------


def og_image(page: str) -> str:
    found = re.search(r'<meta property="og:image" content="([^"]+)">', page)
    assert found, "no og:image"
    return found.group(1)


def test_every_page_has_a_1200x630_preview_the_artist_pages_their_own(dist: Path) -> None:
    images = {}
    for file in ("index.html", "aftercare/index.html", "portfolio/jane-doe/index.html"):
        page = html(dist, file)
        url = og_image(page)
        assert url.startswith(f"{BASE}/assets/og/")
        assert '<meta name="twitter:card" content="summary_large_image">' in page
        with Image.open(io.BytesIO((dist / url.removeprefix(BASE + "/")).read_bytes())) as img:
            assert (img.format, img.size) == ("JPEG", (1200, 630))
        images[file] = url
    assert images["index.html"] == images["aftercare/index.html"]  # the hero poster's card
    assert "/assets/og/jane-doe." in images["portfolio/jane-doe/index.html"]


def test_the_sitemap_lists_every_public_page_and_artist(dist: Path) -> None:
    tree = ET.fromstring(html(dist, "sitemap.xml"))
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    urls = [loc.text for loc in tree.findall("s:url/s:loc", ns)]
    english = (
        "/",
        "/portfolio",
        "/portfolio/jane-doe",
        "/portfolio/max-ink",
        "/flash",  # with no flash at all (and no /flash/<slug> page)
        "/piercings",
        "/aftercare",
    )
    spanish = ("/es/", *(f"/es{path}" for path in english[1:]))
    assert sorted(urls) == sorted(f"{BASE}{path}" for path in (*english, *spanish))


def test_robots_keeps_the_api_and_the_unlisted_pages_out_and_names_the_sitemap(
    dist: Path,
) -> None:
    assert html(dist, "robots.txt") == (
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin/\n"
        # the pages Stripe Checkout sends a visitor back to (docs/requests.md, "Deposits")
        "Disallow: /deposit/paid\nDisallow: /deposit/cancelled\nDisallow: /test\n"
        "Disallow: /es/deposit/paid\nDisallow: /es/deposit/cancelled\nDisallow: /es/test\n\n"
        f"Sitemap: {BASE}/sitemap.xml\n"
    )
    assert '<meta name="robots" content="noindex">' in html(dist, "test/index.html")
    assert (dist / "api" / "schedule.json").is_file()  # for the hourly build, kept out too
    assert '<meta name="robots"' not in html(dist, "aftercare/index.html")
