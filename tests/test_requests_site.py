"""Issue #27, the build's side: the artists' books in /api/artists, what the contact form reads
in the site data (minorsRule, request, policiesVersion), and content/policies.md published at
/policies and /api/policies, in the sitemap, with the rules that answer it; and a site without
policies.md, which has none of it (docs/requests.md)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from flash_support import ROOT, api

from generator import pipeline
from generator.site import netlify_rules, redirects
from serverthread import running_server
from sitefactory import minimal_site, write_site

POLICIES = """\
Read these before you book.

## Deposits

- **Non-refundable**, transferable once with 48 hours' notice.

## Touch-ups

One free touch-up within 3 months.
"""
MINORS_RULE = "We do not tattoo anyone under 18."
CHOICES = json.loads((ROOT / "functions" / "contact" / "choices.json").read_text("utf-8"))


def policies_site() -> dict[str, str | bytes]:
    """The minimal site with policies.md, a minors rule, Jane's books on a waitlist with a
    note and Max's closed without one."""
    files = minimal_site()
    files["policies.md"] = POLICIES
    files["site.yaml"] += f"minors_rule: {MINORS_RULE}\n"
    files["artists/jane-doe.yaml"] += "books: waitlist\nbooks_note: Books open again in March\n"
    files["artists/max-ink.yaml"] += "books: closed\n"
    return files


@pytest.fixture(scope="module")
def policies_dist(tmp_path_factory: pytest.TempPathFactory, media_cache: Path) -> Path:
    root = tmp_path_factory.mktemp("policies-site")
    content = write_site(root / "content", policies_site())
    pipeline.build(pipeline.Paths.make(content, root / "dist", cache=media_cache))
    return root / "dist"


def version_of(path: Path) -> str:
    """The contract's version, computed here on its own: SHA-256 of the file's bytes, 16 hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def embedded(html: str, element: str) -> object:
    found = re.search(rf'<script id="{element}" type="application/json">(.*?)</script>', html)
    assert found, element
    return json.loads(found.group(1))


# --- books -------------------------------------------------------------------------------------


def test_artists_carry_books_always_and_the_note_when_set(policies_dist: Path):
    artists = {a["slug"]: a for a in api(policies_dist, "artists.json")}
    assert artists["jane-doe"]["books"] == "waitlist"
    assert artists["jane-doe"]["books_note"] == "Books open again in March"
    assert artists["max-ink"]["books"] == "closed" and "books_note" not in artists["max-ink"]


def test_books_default_to_open(minimal_dist: Path):
    for artist in api(minimal_dist, "artists.json"):
        assert artist["books"] == "open" and "books_note" not in artist


# --- the site data ------------------------------------------------------------------------------


def test_the_site_data_gives_the_form_its_rule_lists_and_policies_version(policies_dist: Path):
    site = api(policies_dist, "site.json")
    version = version_of(policies_dist.parent / "content" / "policies.md")
    assert re.fullmatch(r"[0-9a-f]{16}", version)
    assert site["minorsRule"] == MINORS_RULE
    assert site["request"] == CHOICES["request"]  # the whole object, as the function reads it
    assert site["request"]["services"] == ["Tattoo Consultation", "Touch Up"]
    assert (site["services"], site["noArtist"]) == (CHOICES["services"], CHOICES["noArtist"])
    assert site["policiesVersion"] == version
    # every page embeds the same site data
    html = (policies_dist / "index.html").read_text("utf-8")
    assert embedded(html, "site-data") == site


def test_without_policies_or_a_rule_the_site_data_says_null(minimal_dist: Path):
    site = api(minimal_dist, "site.json")
    assert site["minorsRule"] is None and site["policiesVersion"] is None
    assert site["request"] == CHOICES["request"]


# --- /policies and /api/policies ----------------------------------------------------------------


def test_the_policies_are_published_with_their_version(policies_dist: Path):
    answer = api(policies_dist, "policies.json")
    version = version_of(policies_dist.parent / "content" / "policies.md")
    assert answer == {"markdown": POLICIES, "version": version}


def test_the_policies_page_is_prerendered_from_that_answer(policies_dist: Path):
    html = (policies_dist / "policies" / "index.html").read_text("utf-8")
    assert "<title>Studio Policies | Test Studio</title>" in html
    description = (
        "Deposits, cancellations and rescheduling, age and ID, and touch-ups at Test Studio."
    )
    assert f'<meta name="description" content="{description}">' in html
    assert '<link rel="canonical" href="https://studio.example/policies">' in html
    page = embedded(html, "page-data")
    assert page["route"] == "/policies"
    assert page["answers"]["/api/policies"] == api(policies_dist, "policies.json")
    root = html.split('<div id="root">', 1)[1]
    assert ">Deposits</h2>" in root and "<strong>Non-refundable</strong>" in root
    assert "One free touch-up within 3 months." in root
    manifest = embedded(html, "app-manifest")
    assert manifest["routes"]["/policies"]["title"] == "Studio Policies | Test Studio"


def test_the_sitemap_lists_the_policies(policies_dist: Path):
    sitemap = (policies_dist / "sitemap.xml").read_text("utf-8")
    assert "<loc>https://studio.example/policies</loc>" in sitemap


def test_the_rules_map_the_policies_like_the_aftercare(policies_dist: Path):
    written = (policies_dist / "_redirects").read_text("utf-8")
    assert "/api/policies" not in written  # netlify.toml's rule answers it
    config = netlify_rules.load_config(ROOT / "netlify.toml")
    sources = [rule.source for rule in config.rules]
    assert sources.index("/api/policies") == sources.index("/api/aftercare") + 1
    rules = [*netlify_rules.parse_redirects_file(written), *config.rules]
    found = netlify_rules.resolve(rules, "/api/policies", {}, file_exists=False)
    assert (found.target, found.rule.status) == ("/api/policies.json", 200)


def test_serve_answers_the_policies(policies_dist: Path):
    import httpx

    with running_server(policies_dist) as url, httpx.Client(base_url=url) as http:
        answer = http.get("/api/policies")
        assert answer.status_code == 200 and answer.json()["markdown"] == POLICIES
        page = http.get("/policies")
        assert page.status_code == 200 and "Studio Policies | Test Studio" in page.text


# --- a site without policies.md -----------------------------------------------------------------


def test_without_policies_there_is_no_page_and_the_api_is_the_json_404(minimal_dist: Path):
    import httpx

    assert not (minimal_dist / "policies").exists()
    assert not (minimal_dist / "api" / "policies.json").exists()
    assert "/policies" not in (minimal_dist / "sitemap.xml").read_text("utf-8")
    manifest = embedded((minimal_dist / "index.html").read_text("utf-8"), "app-manifest")
    assert "/policies" not in manifest["routes"]
    written = (minimal_dist / "_redirects").read_text("utf-8").splitlines()
    assert "/api/policies  /api/404.json  404" in written
    with running_server(minimal_dist) as url, httpx.Client(base_url=url) as http:
        answer = http.get("/api/policies")
        assert answer.status_code == 404 and answer.json() == {"error": "Not found"}
        assert http.get("/policies").status_code == 404


def test_the_check_skips_a_rule_the_build_answers_first(tmp_path: Path):
    # netlify.toml's /api/policies -> /api/policies.json is never reached when _redirects
    # answers /api/policies first; without that rule, the missing target is a problem.
    config = netlify_rules.load_config(ROOT / "netlify.toml")
    dist = tmp_path / "dist"
    (dist / "api").mkdir(parents=True)
    (dist / "_redirects").write_text("/api/policies  /api/404.json  404\n")
    assert not [p for p in redirects.check_rules(config, dist) if "/api/policies" in p]
    (dist / "_redirects").write_text("/api/policies  x=:x  /api/404.json  404\n")
    assert [p for p in redirects.check_rules(config, dist) if "/api/policies" in p] == [
        "rule /api/policies -> /api/policies.json: target is missing from the build"
    ]
