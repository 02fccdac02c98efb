"""The local server answers as Netlify would, reading the same netlify.toml rules."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import brotli
import httpx
import pytest

from serverthread import running_server


@pytest.fixture(scope="module")
def dist(minimal_dist: Path) -> Path:
    return minimal_dist


@pytest.fixture(scope="module")
def client(dist: Path) -> Iterator[httpx.Client]:
    with running_server(dist) as url, httpx.Client(base_url=url) as http:
        yield http


def slugs(response: httpx.Response) -> list[str]:
    return [item["artist_id"] for item in response.json()]


def test_api_rewrites(client: httpx.Client) -> None:
    artists = client.get("/api/artists")
    assert artists.status_code == 200
    assert artists.headers["content-type"].startswith("application/json")
    assert [a["slug"] for a in artists.json()] == ["max-ink", "jane-doe"]
    aftercare = client.get("/api/aftercare")
    assert [s["section_type"] for s in aftercare.json()] == ["tattoo", "piercing"]


@pytest.mark.parametrize(
    "url, expected",
    [
        ("/api/portfolio?artist=jane-doe", ["jane-doe", "jane-doe"]),
        ("/api/portfolio?artist=max-ink", ["max-ink"]),
        ("/api/portfolio?artist=all", ["max-ink", "jane-doe", "jane-doe"]),
        ("/api/portfolio", ["max-ink", "jane-doe", "jane-doe"]),
        ("/api/portfolio?other=1", ["max-ink", "jane-doe", "jane-doe"]),
    ],
)
def test_portfolio_query_parameter_selects_the_file(
    client: httpx.Client, url: str, expected: list[str]
) -> None:
    response = client.get(url)
    assert response.status_code == 200
    assert slugs(response) == expected


@pytest.mark.parametrize(
    "url",
    [
        "/api/portfolio?artist=nobody",
        "/api/portfolio?artist=..%2Fsite",
        "/api/portfolio?artist=..%2F..%2Findex",
        "/api/nothing-here",
    ],
)
def test_unknown_api_paths_answer_404(client: httpx.Client, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 404


def test_unknown_api_path_is_json_not_the_app(client: httpx.Client) -> None:
    response = client.get("/api/nothing-here")
    assert response.json() == {"error": "Not found"}


@pytest.mark.parametrize(
    "url",
    ["/", "/portfolio", "/portfolio/", "/portfolio/jane-doe", "/aftercare", "/piercings", "/test"],
)
def test_routes_serve_their_own_page(client: httpx.Client, dist: Path, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    # the app's root, holding that page prerendered (not the not-found page)
    assert '<div id="root"><div class="preloader"' in response.text
    assert "This page has <em>faded</em>" not in response.text


def test_deep_link_gets_the_artist_page_title(client: httpx.Client) -> None:
    assert (
        "<title>Jane Doe Portfolio | Test Studio</title>" in client.get("/portfolio/jane-doe").text
    )


def test_unknown_page_gets_the_app_with_404(client: httpx.Client) -> None:
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert "<title>Page not found | Test Studio</title>" in response.text


def test_path_traversal_is_refused(client: httpx.Client) -> None:
    response = client.get("/..%2F..%2F..%2Fetc%2Fpasswd")
    assert response.status_code == 404
    assert "root:" not in response.text


def test_security_and_cache_headers_come_from_netlify_toml(client: httpx.Client) -> None:
    page = client.get("/")
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    assert page.headers["strict-transport-security"].startswith("max-age=")
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert page.headers["x-frame-options"] == "DENY"
    assert page.headers["cache-control"] == "public, max-age=0, must-revalidate"
    image = client.get("/images/work/rose.jpg")
    assert image.headers["cache-control"] == "public, max-age=3600, must-revalidate"


def test_range_requests_answer_206(client: httpx.Client, dist: Path) -> None:
    video_url = json.loads((dist / "api" / "site.json").read_text())["media"]["hero"]["horizontal"]
    size = len(client.get(video_url).content)
    part = client.get(video_url, headers={"Range": "bytes=100-199"})
    assert part.status_code == 206
    assert part.headers["content-range"] == f"bytes 100-199/{size}"
    assert len(part.content) == 100
    tail = client.get(video_url, headers={"Range": f"bytes={size - 10}-"})
    assert tail.status_code == 206 and len(tail.content) == 10
    beyond = client.get(video_url, headers={"Range": f"bytes={size + 10}-"})
    assert beyond.status_code == 416


@pytest.mark.parametrize("encoding, decode", [("br", brotli.decompress), ("gzip", gzip.decompress)])
def test_text_is_compressed_as_the_cdn_does(dist: Path, encoding: str, decode) -> None:
    with running_server(dist) as url:
        raw = httpx.get(url + "/api/artists.json", headers={"Accept-Encoding": encoding})
        # httpx decodes bodies itself; read the wire bytes through a stream instead.
        with httpx.stream(
            "GET", url + "/api/artists.json", headers={"Accept-Encoding": encoding}
        ) as wire:
            body = b"".join(wire.iter_raw())
            assert wire.headers["content-encoding"] == encoding
            assert wire.headers["vary"] == "Accept-Encoding"
    assert decode(body) == (dist / "api" / "artists.json").read_bytes()
    assert raw.json()[0]["slug"] == "max-ink"


def test_images_are_not_recompressed(client: httpx.Client) -> None:
    response = client.get("/images/work/rose.jpg", headers={"Accept-Encoding": "br, gzip"})
    assert "content-encoding" not in response.headers
    assert response.headers["content-type"] == "image/jpeg"


def test_conditional_get_answers_304(client: httpx.Client) -> None:
    first = client.get("/api/artists")
    again = client.get("/api/artists", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304


def test_head_has_headers_and_no_body(client: httpx.Client) -> None:
    response = client.head("/")
    assert response.status_code == 200
    assert response.content == b""


def test_wrong_method_on_static_files(client: httpx.Client) -> None:
    response = client.post("/api/artists", json={})
    assert response.status_code == 405
    assert response.json() == {"error": "Method not allowed"}


def test_contact_path_goes_to_the_function_in_process(dist: Path) -> None:
    seen = []

    def fake_handler(event: dict, context: object) -> dict:
        seen.append(event)
        return {
            "statusCode": 200,
            "headers": {"content-type": "application/json"},
            "body": json.dumps({"success": True, "message": "ok"}),
        }

    with running_server(dist, contact=fake_handler) as url:
        response = httpx.post(url + "/api/contact", json={"name": "Zoë"})
    assert response.json() == {"success": True, "message": "ok"}
    event = seen[0]
    assert event["requestContext"]["http"]["method"] == "POST"
    assert event["requestContext"]["http"]["sourceIp"] == "127.0.0.1"
    assert json.loads(event["body"]) == {"name": "Zoë"}
    assert event["isBase64Encoded"] is False
