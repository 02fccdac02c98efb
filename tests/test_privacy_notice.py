"""Issue #43 item 1: the privacy notice. content/privacy.md (and privacy.es.md) published at
/privacy and /es/privacy with site.yaml's `retention` figures filled in ({{requests_days}},
{{bookings_days}}), in the sitemap with hreflang, linked from the footer; site.yaml's
`retention` checked like every content field; the launch check's word on a missing notice
and on the demo's own; a site without privacy.md has none of it (docs/privacy.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flash_support import api, run

from generator import pipeline
from generator.content.launch import Launch
from generator.errors import ContentError
from generator.pipeline import checked_content
from serverthread import running_server
from sitefactory import launch_ready_site, minimal_site, write_site

NOTICE = """\
{{studio}} keeps your request for {{requests_days}} days, or {{ bookings_days }} days once
it is booked. Write to {{email}} or call {{phone}} for a copy or to have it deleted.

## Who sees it

The artists.
"""
NOTICE_ES = """\
{{studio}} guarda tu solicitud {{requests_days}} días, o {{bookings_days}} días si agendas.

## Quién lo ve

Los artistas.
"""
RETENTION = "retention:\n  requests_days: 90\n  bookings_days: 365\n"


def notice_site() -> dict[str, str | bytes]:
    files = minimal_site()
    files["privacy.md"] = NOTICE
    files["privacy.es.md"] = NOTICE_ES
    files["site.yaml"] += RETENTION
    return files


@pytest.fixture(scope="module")
def notice_dist(tmp_path_factory: pytest.TempPathFactory, media_cache: Path) -> Path:
    root = tmp_path_factory.mktemp("privacy-site")
    content = write_site(root / "content", notice_site())
    pipeline.build(pipeline.Paths.make(content, root / "dist", cache=media_cache))
    return root / "dist"


def embedded(html: str, element: str) -> object:
    found = re.search(rf'<script id="{element}" type="application/json">(.*?)</script>', html)
    assert found, element
    return json.loads(found.group(1))


def site_yaml_line(files: dict, key: str) -> int:
    lines = files["site.yaml"].splitlines()
    return next(n for n, line in enumerate(lines, start=1) if line.strip().startswith(key))


# --- site.yaml `retention` ------------------------------------------------------------------


def test_every_retention_problem_is_named_with_file_line_and_field(tmp_path, monkeypatch):
    files = minimal_site()
    files["site.yaml"] += (
        "retention:\n  requests_days: 180.5\n  bookings_days: 99999\n  request_days: 30\n"
    )
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"])
    assert code == 1
    site = "content/site.yaml"
    line = site_yaml_line(files, "requests_days")
    for expected in (
        f"{site}:{line}: retention.requests_days: must be a whole number, got '180.5'",
        f"{site}:{line + 1}: retention.bookings_days: must be at most 3650, got '99999'",
        f"{site}:{line + 2}: retention.request_days: unknown key: did you mean requests_days? "
        "(allowed keys: requests_days, bookings_days)",
    ):
        assert expected in output, f"missing: {expected}\n---\n{output}"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("0", "must be at least 1, got '0'"),
        ("-5", "must be at least 1, got '-5'"),
        ("true", "must be a whole number, got 'true'"),
        ("six months", "must be a whole number, got 'six months'"),
        ("[180]", "must be a whole number, got a list"),
    ],
)
def test_a_retention_is_whole_days_within_bounds(tmp_path, monkeypatch, value, message):
    files = minimal_site()
    files["site.yaml"] += f"retention:\n  requests_days: {value}\n"
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"])
    line = site_yaml_line(files, "requests_days")
    assert code == 1
    assert f"content/site.yaml:{line}: retention.requests_days: {message}" in output, output


def test_retention_defaults_to_180_and_730_days_and_a_quoted_number_is_read(tmp_path, monkeypatch):
    files = {**minimal_site(), "privacy.md": NOTICE}
    write_site(tmp_path / "a", files)
    code, output = run(tmp_path, monkeypatch, ["check", "--content", "a"])
    assert code == 0, output
    files["site.yaml"] += 'retention:\n  requests_days: "30"\n'
    write_site(tmp_path / "b", files)
    code, output = run(tmp_path, monkeypatch, ["check", "--content", "b"])
    assert code == 0, output


def test_without_retention_the_notice_says_180_and_730_days(tmp_path):
    from generator.content.loader import load_content
    from generator.site.endpoints import privacy_json

    content = load_content(write_site(tmp_path / "c", {**minimal_site(), "privacy.md": NOTICE}))
    assert content.problems == []
    assert "for 180 days, or 730 days" in privacy_json(content.privacy, content.site)["markdown"]


# --- placeholders --------------------------------------------------------------------------------


def test_an_unknown_placeholder_is_a_problem_with_its_file_and_line(tmp_path, monkeypatch):
    files = {
        **minimal_site(),
        "privacy.md": "Kept {{request_days}} days.\n\nAsk {{ owner }}.\n",
        "privacy.es.md": "Guardada {{bookings_dias}} días.\n",
    }
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"])
    assert code == 1
    known = "{{studio}}, {{email}}, {{phone}}, {{requests_days}}, {{bookings_days}}"
    for expected in (
        "content/privacy.md:1: {{request_days}} is not a placeholder the site fills in (did you "
        f"mean {{{{requests_days}}}}?): the notice may use {known} (docs/privacy.md)",
        "content/privacy.md:3: {{owner}} is not a placeholder the site fills in: the notice may "
        f"use {known} (docs/privacy.md)",
        "content/privacy.es.md:1: {{bookings_dias}} is not a placeholder the site fills in (did "
        f"you mean {{{{bookings_days}}}}?): the notice may use {known} (docs/privacy.md)",
    ):
        assert expected in output, f"missing: {expected}\n---\n{output}"


# --- /privacy and /es/privacy ---------------------------------------------------------------------


def test_the_notice_is_published_with_site_yamls_figures_in_both_languages(notice_dist: Path):
    english = api(notice_dist, "privacy.json")
    assert english == {
        "markdown": NOTICE.replace("{{studio}}", "Test Studio")
        .replace("{{requests_days}}", "90")
        .replace("{{ bookings_days }}", "365")
        .replace("{{email}}", "hello@studio.example")
        .replace("{{phone}}", "(214) 555-0100")
    }
    spanish = api(notice_dist, "es/privacy.json")
    assert spanish["markdown"].startswith("Test Studio guarda tu solicitud 90 días, o 365 días")
    assert "untranslated" not in spanish
    for path, title, text in (
        ("privacy", "Privacy Notice", "keeps your request for 90 days, or 365 days"),
        ("es/privacy", "Aviso de privacidad", "guarda tu solicitud 90 días, o 365 días"),
    ):
        html = (notice_dist / path / "index.html").read_text("utf-8")
        assert f"<title>{title} | Test Studio</title>" in html
        assert f'<link rel="canonical" href="https://studio.example/{path}">' in html
        for lang, href in (("en", "privacy"), ("es", "es/privacy"), ("x-default", "privacy")):
            alternate = (
                f'<link rel="alternate" hreflang="{lang}" href="https://studio.example/{href}">'
            )
            assert alternate in html
        root = html.split('<div id="root">', 1)[1]
        assert text in root and "{{" not in root
        page = embedded(html, "page-data")
        assert page["route"] == f"/{path}"


def test_the_sitemap_and_the_footer_name_the_notice(notice_dist: Path):
    sitemap = (notice_dist / "sitemap.xml").read_text("utf-8")
    assert "<loc>https://studio.example/privacy</loc>" in sitemap
    assert "<loc>https://studio.example/es/privacy</loc>" in sitemap
    for page, href in (("index.html", "/privacy"), ("es/index.html", "/es/privacy")):
        html = (notice_dist / page).read_text("utf-8")
        footer = html.split("<footer", 1)[1]
        assert re.search(rf'<a[^>]* href="{href}"[^>]*>Privac', footer), footer[-1500:]
        assert embedded(html, "site-data")["privacyNotice"] is True


def test_serve_answers_the_notice(notice_dist: Path):
    import httpx

    with running_server(notice_dist) as url, httpx.Client(base_url=url) as http:
        for path in ("/api/privacy", "/api/es/privacy"):
            answer = http.get(path)
            assert answer.status_code == 200 and "90" in answer.json()["markdown"]
        page = http.get("/es/privacy")
        assert page.status_code == 200 and "Aviso de privacidad | Test Studio" in page.text


def test_without_privacy_md_there_is_no_page_no_link_and_the_api_is_the_json_404(
    minimal_dist: Path,
):
    import httpx

    assert not (minimal_dist / "privacy").exists() and not (minimal_dist / "es/privacy").exists()
    assert not (minimal_dist / "api" / "privacy.json").exists()
    assert "/privacy" not in (minimal_dist / "sitemap.xml").read_text("utf-8")
    html = (minimal_dist / "index.html").read_text("utf-8")
    assert "/privacy" not in embedded(html, "app-manifest")["routes"]
    assert embedded(html, "site-data")["privacyNotice"] is False
    assert 'href="/privacy"' not in html
    written = (minimal_dist / "_redirects").read_text("utf-8").splitlines()
    assert "/api/privacy  /api/404.json  404" in written
    assert "/api/es/privacy  /api/404.json  404" in written
    with running_server(minimal_dist) as url, httpx.Client(base_url=url) as http:
        answer = http.get("/api/privacy")
        assert answer.status_code == 404 and answer.json() == {"error": "Not found"}
        assert http.get("/privacy").status_code == 404


# --- the launch check ----------------------------------------------------------------------------


def test_launch_lists_a_missing_notice(tmp_path):
    root = write_site(tmp_path / "content", launch_ready_site())
    content = checked_content(root, "content", launch=Launch())
    assert [w.message for w in content.warnings if w.file == "content/privacy.md"] == [
        "is missing, so the site has no privacy notice (/privacy) and the contact form links "
        "to none: write what the studio keeps about visitors, where, for how long and how to "
        "ask for a copy or deletion in this file (docs/privacy.md)"
    ]
    content = checked_content(root, "content")  # an ordinary build goes without it in silence
    assert not [w for w in content.warnings if w.file == "content/privacy.md"]


def test_launch_check_cli_lists_the_missing_notice(tmp_path, monkeypatch):
    write_site(tmp_path / "content", launch_ready_site())
    code, output = run(tmp_path, monkeypatch, ["check", "--launch"])
    assert code == 0, output
    assert "content/privacy.md: is missing, so the site has no privacy notice" in output


def test_launch_reads_the_notices_text_and_recognises_the_demos(tmp_path):
    demo = pipeline.PROJECT_ROOT / "content"
    files = {
        **launch_ready_site(),
        "privacy.md": (demo / "privacy.md").read_text("utf-8"),
        "privacy.es.md": (demo / "privacy.es.md").read_text("utf-8"),
    }
    with pytest.raises(ContentError) as caught:
        checked_content(write_site(tmp_path / "a", files), "content", launch=Launch())
    found = [str(p) for p in caught.value.problems]
    demo_notice = (
        ": is the demo's privacy notice, unchanged: read it, make each statement true of the "
        "studio (the AWS region it chose, who reads requests, how it answers a request for a "
        "copy or deletion) and save it (docs/privacy.md)"
    )
    assert found == [f"content/privacy.es.md{demo_notice}", f"content/privacy.md{demo_notice}"]

    # Made the studio's own (a region named, a word changed): it passes; a stand-in in it does not.
    own = files["privacy.md"].replace("(the region the studio chose)", "(US East, Ohio)")
    own_es = files["privacy.es.md"].replace("(en la región que eligió el estudio)", "(Ohio)")
    files = {**files, "privacy.md": own, "privacy.es.md": own_es}
    checked_content(write_site(tmp_path / "b", files), "content", launch=Launch())
    files["privacy.md"] = own + "\nOr call (214) 555-0142.\n"
    with pytest.raises(ContentError) as caught:
        checked_content(write_site(tmp_path / "c", files), "content", launch=Launch())
    line = len(own.splitlines()) + 2
    assert [str(p) for p in caught.value.problems][0].startswith(
        f"content/privacy.md:{line}: '(214) 555-0142' is a 555"
    )


def test_the_demo_ships_a_notice_with_every_figure_from_site_yaml():
    from generator.content.loader import load_content

    content = load_content(pipeline.PROJECT_ROOT / "content")
    assert content.problems == []
    for text in (content.privacy, content.privacy_es):
        assert text is not None
        assert "{{requests_days}}" in text and "{{bookings_days}}" in text
        assert "{{email}}" in text and "Stripe" in text and "SES" in text
    assert (content.site.retention.requests_days, content.site.retention.bookings_days) == (
        180,
        730,
    )
