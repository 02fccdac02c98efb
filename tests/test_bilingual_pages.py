"""The site in two languages, as search engines and link previews read it: every page in English
at its path and in Spanish under /es/, each naming the other (hreflang, reciprocal, absolute),
<html lang>, og:locale, the sitemap's alternates, JSON-LD in the page's language; and the
build's refusals: a route without its Spanish title, a Spanish catalog missing a key, and the
warning for a catalog key nothing reads. Parsed, not grepped."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from generator import pipeline
from generator.errors import BuildError
from generator.site import catalog_usage, pages, prerender
from generator.site.bundle import Bundle
from sitefactory import SITE_YAML

BASE = yaml.safe_load(SITE_YAML)["base_url"].rstrip("/")
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"


@pytest.fixture(scope="module")
def dist(minimal_dist: Path) -> Path:
    """The minimal site, as the run builds it once (conftest.py); read only."""
    return minimal_dist


class Head(HTMLParser):
    """What a page's <head> says about its language and its other languages."""

    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None
        self.alternates: dict[str, str] = {}
        self.canonical: str | None = None
        self.meta: dict[str, list[str]] = {}
        self.json_ld: list[str] = []
        self._in_ld = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        elif tag == "link" and a.get("rel") == "alternate" and a.get("hreflang"):
            assert a["hreflang"] not in self.alternates, f"two {a['hreflang']} alternates"
            self.alternates[a["hreflang"]] = a["href"] or ""
        elif tag == "link" and a.get("rel") == "canonical":
            self.canonical = a.get("href")
        elif tag == "meta" and a.get("property"):
            self.meta.setdefault(a["property"], []).append(a.get("content") or "")
        elif tag == "script" and a.get("type") == "application/ld+json":
            self._in_ld = True

    def handle_data(self, data: str) -> None:
        if self._in_ld:
            self.json_ld.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_ld = False


def head_of(file: Path) -> Head:
    parser = Head()
    parser.feed(file.read_text("utf-8"))
    return parser


def page_files(dist: Path) -> dict[str, Path]:
    """Every HTML page by the absolute URL it is served at (the not-found pages left out)."""
    found = {}
    for file in dist.rglob("*.html"):
        relative = file.relative_to(dist).as_posix()
        if relative.startswith("admin/") or relative.endswith("404.html"):
            continue
        path = "/" + relative.removesuffix("index.html")
        path = path.rstrip("/") if path != "/" and not path == "/es/" else path
        found[BASE + path] = file
    return found


def test_every_english_page_has_its_spanish_twin_under_es(dist: Path) -> None:
    files = page_files(dist)
    english = [url for url in files if not url.startswith(f"{BASE}/es/")]
    assert english, "no pages"
    for url in english:
        path = url[len(BASE) :]
        twin = f"{BASE}/es/" if path == "/" else f"{BASE}/es{path}"
        assert twin in files, f"{url} has no Spanish page"
    assert len(files) == 2 * len(english)
    assert (dist / "es" / "404.html").is_file()


def test_every_page_names_itself_and_the_other_language_reciprocally(dist: Path) -> None:
    files = page_files(dist)
    heads = {url: head_of(file) for url, file in files.items()}
    for url, head in heads.items():
        spanish = url.startswith(f"{BASE}/es/")
        assert head.lang == ("es" if spanish else "en"), url
        assert set(head.alternates) == {"en", "es", "x-default"}, url
        assert head.alternates["es" if spanish else "en"] == url, f"{url} does not name itself"
        assert head.alternates["x-default"] == head.alternates["en"], url
        assert head.canonical == url
        for lang in ("en", "es"):
            other = head.alternates[lang]
            assert other.startswith("https://"), f"{url}: {lang} alternate is not absolute"
            assert other in heads, f"{url}: its {lang} alternate {other} is no page"
            assert heads[other].alternates == head.alternates, f"{url} and {other} disagree"
        assert head.meta["og:locale"] == ["es_US" if spanish else "en_US"], url
        assert head.meta["og:locale:alternate"] == ["en_US" if spanish else "es_US"], url


def test_the_not_found_pages_name_the_home_pages(dist: Path) -> None:
    for file, lang in (("404.html", "en"), ("es/404.html", "es")):
        head = head_of(dist / file)
        assert head.lang == lang
        assert head.alternates == {
            "en": f"{BASE}/",
            "es": f"{BASE}/es/",
            "x-default": f"{BASE}/",
        }


def test_the_sitemap_gives_each_page_its_alternates_in_both_languages(dist: Path) -> None:
    tree = ET.fromstring((dist / "sitemap.xml").read_text("utf-8"))
    entries = {}
    for url in tree.findall(f"{SITEMAP}url"):
        loc = url.find(f"{SITEMAP}loc").text
        links = {
            link.get("hreflang"): link.get("href")
            for link in url.findall(f"{XHTML}link")
            if link.get("rel") == "alternate"
        }
        entries[loc] = links
    assert f"{BASE}/es/portfolio/jane-doe" in entries
    for loc, links in entries.items():
        assert set(links) == {"en", "es", "x-default"}, loc
        assert loc in (links["en"], links["es"]), f"{loc} is not among its own alternates"
        for lang in ("en", "es"):
            assert entries.get(links[lang]) == links, f"{loc}: {links[lang]} is not listed alike"
    files = page_files(dist)
    # not /test, nor the pages Stripe Checkout sends a visitor back to (noindex)
    listed = {url for url in files if "/test" not in url and "/deposit/" not in url}
    assert set(entries) == listed


def test_structured_data_speaks_the_pages_language(dist: Path) -> None:
    english = json.loads("".join(head_of(dist / "portfolio/jane-doe/index.html").json_ld))
    spanish = json.loads("".join(head_of(dist / "es/portfolio/jane-doe/index.html").json_ld))
    studio_en, person_en = english["@graph"]
    studio_es, person_es = spanish["@graph"]
    assert person_en["jobTitle"] == "Tattoo Artist"
    assert person_es["jobTitle"] == "Artista del tatuaje"
    assert studio_en["url"] == f"{BASE}/" and studio_es["url"] == f"{BASE}/es/"
    assert studio_es["knowsLanguage"] == ["en", "es"]
    assert person_es["url"] == f"{BASE}/es/portfolio/jane-doe"


def test_spanish_pages_carry_spanish_titles_and_the_spanish_site_data(dist: Path) -> None:
    page = (dist / "es/aftercare/index.html").read_text("utf-8")
    assert re.search(r"<title>Guía de cuidados \| [^<]+</title>", page)
    data = json.loads(
        re.search(r'<script id="site-data" type="application/json">(.*?)</script>', page).group(1)
    )
    assert data["lang"] == "es"
    manifest = json.loads(
        re.search(r'<script id="app-manifest" type="application/json">(.*?)</script>', page).group(
            1
        )
    )
    # keyed by the path the app routes, without the prefix; titles in Spanish
    assert manifest["routes"]["/aftercare"]["title"].startswith("Guía de cuidados")
    english = (dist / "aftercare/index.html").read_text("utf-8")
    assert '<html lang="en">' in english and "<title>Aftercare Guide |" in english


def test_each_language_loads_its_own_scripts(dist: Path) -> None:
    def scripts(file: str) -> set[str]:
        page = (dist / file).read_text("utf-8")
        return set(re.findall(r'<script type="module" src="([^"]+)"', page))

    assert scripts("index.html") and scripts("es/index.html")
    assert scripts("index.html") != scripts("es/index.html")


# --- the build's refusals and warnings ---------------------------------------------------------


def test_a_route_without_its_spanish_title_fails_the_build(tmp_path: Path) -> None:
    site_src = tmp_path / "site-src"
    table_file = site_src / pages.ROUTE_TABLE
    table_file.parent.mkdir(parents=True)
    table = json.loads((pipeline.PROJECT_ROOT / "site-src" / pages.ROUTE_TABLE).read_text())
    del table["routes"][2]["es"]
    table_file.write_text(json.dumps(table), "utf-8")
    with pytest.raises(BuildError) as caught:
        pages.load_route_table(site_src)
    assert "/portfolio/:artistSlug: no 'es' title and description" in str(caught.value)
    assert pages.load_route_table(pipeline.PROJECT_ROOT / "site-src")  # the real one is whole


def test_a_spanish_catalog_missing_a_key_fails_the_build(tmp_path: Path) -> None:
    # What the prerenderer prints when i18n/catalog-check.ts finds the Spanish incomplete.
    printed = {
        "pages": [],
        "catalogErrors": ["i18n/en.ts.header.menu: missing in Spanish"],
    }
    script = f"process.stdout.write({json.dumps(json.dumps(printed))});"
    with pytest.raises(BuildError) as caught:
        prerender.prerender(
            Bundle(prerender_script=script), {"en": {}, "es": {}}, {}, ["/"], tmp_path
        )
    assert "i18n/en.ts.header.menu: missing in Spanish" in str(caught.value)


def test_a_catalog_key_nothing_reads_is_a_warning_naming_it(tmp_path: Path) -> None:
    site_src = tmp_path / "site-src"
    (site_src / "src" / "i18n").mkdir(parents=True)
    (site_src / "src" / "features").mkdir()
    (site_src / "src" / "features" / "a.tsx").write_text("t.header.menu; t.choices['18+'];")
    (site_src / "src" / "features" / "a.test.tsx").write_text("t.header.forgotten;")
    keys = {"en.ts": [["header", "menu"], ["header", "forgotten"], ["choices", "18+"], ["lang"]]}
    found = catalog_usage.unused_keys(site_src, keys)
    assert [str(problem) for problem in found] == [
        "site-src/src/i18n/en.ts: header.forgotten: no code of the app reads this key;"
        " remove it from every language"
    ]


def test_the_real_catalogs_have_no_unused_key(tmp_path: Path) -> None:
    summary_dir = tmp_path / "bundle"
    from generator.site.bundle import run_esbuild

    summary = run_esbuild(pipeline.PROJECT_ROOT / "site-src", summary_dir)
    script = Path(summary["prerender"]).read_text("utf-8")
    shutil.rmtree(summary_dir, ignore_errors=True)
    site = json.loads(json.dumps({"lang": "en"}))
    rendered = prerender.prerender(
        Bundle(prerender_script=script), {"en": site, "es": site}, {}, [], tmp_path / "work"
    )
    assert rendered.catalog_keys["en.ts"], "the prerenderer listed no keys"
    unused = catalog_usage.unused_keys(pipeline.PROJECT_ROOT / "site-src", rendered.catalog_keys)
    assert [str(problem) for problem in unused] == []
