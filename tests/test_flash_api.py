"""Flash designs published (issue #28, docs/flash.md): /api/flash, the artists' count, the
/flash pages and sitemap, the _redirects and netlify.toml rules, as built and as served."""

from __future__ import annotations

from pathlib import Path

import pytest
from flash_support import ROOT, api, flash_site

from generator import pipeline
from generator.site import netlify_rules
from serverthread import running_server
from sitefactory import write_site

IMAGE_KEYS = {"src", "width", "height", "srcset", "sources", "placeholder"}


@pytest.fixture(scope="module")
def flash_dist(tmp_path_factory: pytest.TempPathFactory, media_cache: Path) -> Path:
    root = tmp_path_factory.mktemp("flash-site")
    content = write_site(root / "content", flash_site())
    pipeline.build(pipeline.Paths.make(content, root / "dist", cache=media_cache))
    return root / "dist"


# --- the static API, the pages and the rules -----------------------------------------------


def test_the_api_lists_designs_in_artist_order_then_file_order(flash_dist: Path):
    everything = api(flash_dist, "flash/all.json")
    assert [d["id"] for d in everything] == [
        "max-ink/panther",
        "jane-doe/swallow",
        "jane-doe/dagger-two",
        "jane-doe/rose",
    ]
    dagger = everything[2]
    assert set(dagger) == {
        "id",
        "artist_id",
        "artist",
        "title",
        "size",
        "price",
        "status",
        "repeatable",
        "filename",
        "alt",
        *IMAGE_KEYS,
    }
    assert {k: dagger[k] for k in set(dagger) - IMAGE_KEYS} == {
        "id": "jane-doe/dagger-two",
        "artist_id": "jane-doe",
        "artist": "Jane Doe",
        "title": "Dagger",
        "size": "4 x 6 in",
        "price": 200,
        "status": "claimed",
        "repeatable": False,
        "filename": "Dagger Two.jpg",
        "alt": "A dagger through a rose",
    }
    assert dagger["src"] == "/images/flash/Dagger%20Two.jpg"
    assert (dagger["width"], dagger["height"]) == (60, 80)
    assert [s["type"] for s in dagger["sources"]] == ["image/avif", "image/webp"]
    assert dagger["placeholder"].startswith("data:image/")
    rose = everything[3]
    assert (rose["status"], rose["repeatable"], rose["price"]) == ("available", True, 120)
    assert "alt" not in rose and "held" not in rose
    # the pictures are published like the portfolio's: the fallback and its variants
    for design in everything:
        assert (flash_dist / design["src"].lstrip("/").replace("%20", " ")).is_file()
        for source in design["sources"]:
            variant = source["srcset"].split(" ")[0]
            assert (flash_dist / variant.lstrip("/")).is_file(), variant


def test_every_published_artist_has_an_answer_and_artists_say_how_many(flash_dist: Path):
    assert [d["id"] for d in api(flash_dist, "flash/jane-doe.json")] == [
        "jane-doe/swallow",
        "jane-doe/dagger-two",
        "jane-doe/rose",
    ]
    assert [d["title"] for d in api(flash_dist, "flash/max-ink.json")] == ["Panther"]
    assert api(flash_dist, "flash/ana-lee.json") == []
    artists = {a["slug"]: a for a in api(flash_dist, "artists.json")}
    assert artists["jane-doe"]["flash"] == 3
    assert artists["max-ink"]["flash"] == 1
    assert "flash" not in artists["ana-lee"]  # only when the artist has some


def test_flash_pages_for_artists_with_flash_and_the_sitemap(flash_dist: Path):
    assert (flash_dist / "flash" / "index.html").is_file()
    assert (flash_dist / "flash" / "jane-doe" / "index.html").is_file()
    assert (flash_dist / "flash" / "max-ink" / "index.html").is_file()
    assert not (flash_dist / "flash" / "ana-lee").exists()
    html = (flash_dist / "flash" / "jane-doe" / "index.html").read_text("utf-8")
    assert "<title>Jane Doe Flash | Test Studio</title>" in html
    assert "Flash designs by Jane Doe, ready to tattoo at a set size and price." in html
    index = (flash_dist / "flash" / "index.html").read_text("utf-8")
    assert "<title>Flash | Test Studio</title>" in index
    sitemap = (flash_dist / "sitemap.xml").read_text("utf-8")
    for path in ("/flash", "/flash/max-ink", "/flash/jane-doe"):
        assert f"<loc>https://studio.example{path}</loc>" in sitemap
    assert "/flash/ana-lee" not in sitemap


def test_the_prerenderer_gets_the_flash_answers(flash_dist: Path):
    # pipeline._write_pages hands the prerenderer every URL of api_files as its answers
    from generator.content.loader import load_content
    from generator.site import endpoints

    content = load_content(flash_dist.parent / "content")
    urls = {url for url in endpoints.api_files(content, _any_image()) if "flash" in url}
    english = {
        "/api/flash?artist=all",
        "/api/flash?artist=max-ink",
        "/api/flash?artist=jane-doe",
        "/api/flash?artist=ana-lee",
    }
    # and the same in Spanish (issue #26)
    assert urls == english | {url.replace("/api/", "/api/es/") for url in english}


def _any_image():
    from generator.images.process import ImageMeta

    class Images(dict):
        def __missing__(self, key):
            return ImageMeta("/x.jpg", 1, 1)

    return Images()


def test_the_redirect_rules_answer_as_for_the_portfolio(flash_dist: Path):
    written = (flash_dist / "_redirects").read_text("utf-8").splitlines()
    assert [line for line in written if line.startswith("/api/flash")] == [
        "/api/flash  artist=all  /api/flash/all.json  200",
        "/api/flash  artist=max-ink  /api/flash/max-ink.json  200",
        "/api/flash  artist=jane-doe  /api/flash/jane-doe.json  200",
        "/api/flash  artist=ana-lee  /api/flash/ana-lee.json  200",
        "/api/flash  artist=:artist  /api/404.json  404",
    ]
    config = netlify_rules.load_config(ROOT / "netlify.toml")
    rules = [*netlify_rules.parse_redirects_file("\n".join(written)), *config.rules]

    def target(query: dict[str, str]) -> tuple[str | None, int]:
        found = netlify_rules.resolve(rules, "/api/flash", query, file_exists=False)
        return found.target, found.rule.status

    assert target({}) == ("/api/flash/all.json", 200)
    assert target({"artist": "all"}) == ("/api/flash/all.json", 200)
    assert target({"artist": "jane-doe"}) == ("/api/flash/jane-doe.json", 200)
    assert target({"artist": "nobody"}) == ("/api/404.json", 404)
    # netlify.toml: the flash rule right after the portfolio's, before the /api/* 404
    sources = [rule.source for rule in config.rules]
    assert sources.index("/api/flash") == sources.index("/api/portfolio") + 1


def test_serve_answers_the_flash_urls(flash_dist: Path):
    import httpx

    with running_server(flash_dist) as url, httpx.Client(base_url=url) as http:
        assert len(http.get("/api/flash").json()) == 4
        assert len(http.get("/api/flash?artist=all").json()) == 4
        mine = http.get("/api/flash?artist=max-ink")
        assert mine.status_code == 200 and [d["id"] for d in mine.json()] == ["max-ink/panther"]
        assert http.get("/api/flash?artist=ana-lee").json() == []
        unknown = http.get("/api/flash?artist=nobody")
        assert unknown.status_code == 404 and unknown.json() == {"error": "Not found"}
        assert http.get("/flash/jane-doe").status_code == 200
        assert http.get("/flash/ana-lee").status_code == 404


def test_a_site_without_flash_still_has_the_flash_page(minimal_dist: Path):
    assert (minimal_dist / "flash" / "index.html").is_file()
    assert [p.name for p in (minimal_dist / "flash").iterdir()] == ["index.html"]
    assert api(minimal_dist, "flash/all.json") == []
    assert api(minimal_dist, "flash/jane-doe.json") == []
    assert all("flash" not in a for a in api(minimal_dist, "artists.json"))
    assert "<loc>https://studio.example/flash</loc>" in (minimal_dist / "sitemap.xml").read_text(
        "utf-8"
    )
