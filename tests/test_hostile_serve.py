"""Hostile requests against `build.py serve`: one table per kind, over real sockets.

Requests are written byte for byte (http.client, raw sockets), so no client library
normalises the path first. Every answer must be a deliberate status with the site's
security headers: never a 500, never a traceback, never a file from outside dist/. When a
probe finds a new hole, add its request to the matching table.
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from devserver.app import MAX_BODY
from serverthread import running_server


@pytest.fixture(scope="module")
def dist(minimal_dist: Path) -> Path:
    return minimal_dist


@pytest.fixture(scope="module")
def server(dist: Path) -> Iterator[tuple[str, int]]:
    def boom(event: dict, context: object) -> dict:
        raise RuntimeError("a bug in the contact function")

    with running_server(dist, contact=boom, head_timeout_s=1, body_timeout_s=1) as url:
        parts = urlsplit(url)
        yield parts.hostname, parts.port


def request(
    server: tuple[str, int], method: str, path: str, headers: dict | None = None, body=None
) -> tuple[int, dict[str, str], bytes]:
    """One request with the path sent exactly as given; (status, headers, body)."""
    connection = http.client.HTTPConnection(*server, timeout=30)
    try:
        skip_host = "Host" in (headers or {})
        connection.putrequest(method, path, skip_host=skip_host, skip_accept_encoding=True)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def talk(
    server: tuple[str, int], *parts: bytes, repeat: bytes = b"", up_to: int = 0
) -> tuple[bytes, int]:
    """Send parts (then `repeat` until up_to bytes or the server hangs up) while reading the
    answer; return (answer, bytes of `repeat` sent). Reading runs alongside, so an answer
    sent before the server closes is kept even when the close resets the connection."""
    sock = socket.create_connection(server, timeout=30)
    answer = bytearray()

    def read() -> None:
        try:
            while chunk := sock.recv(65536):
                answer.extend(chunk)
        except OSError:
            pass

    reader = threading.Thread(target=read)
    reader.start()
    sent = 0
    try:
        for part in parts:
            sock.sendall(part)
        while repeat and sent < up_to:
            sock.sendall(repeat)
            sent += len(repeat)
    except OSError:
        pass  # the server hung up: what some cases are about
    reader.join(timeout=30)
    sock.close()
    return bytes(answer), sent


def own_host(server: tuple[str, int]) -> bytes:
    """The Host header line of a request to this server (it answers no other name)."""
    return f"Host: 127.0.0.1:{server[1]}\r\n".encode()


def assert_security_headers(headers: dict[str, str]) -> None:
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["strict-transport-security"].startswith("max-age=")
    assert headers["x-frame-options"] == "DENY"


# --- paths -----------------------------------------------------------------------------------

PAGE_404 = "<title>Page not found | Test Studio</title>"
API_404 = {"error": "Not found"}
# (id, path as sent, status, what the body is: PAGE_404, API_404 or None for plain text)
HOSTILE_PATHS = [
    ("nul", "/%00", 400, None),
    ("nul-after-a-real-file", "/index.html%00.jpg", 400, None),
    ("nul-in-api", "/api/artists%00", 400, None),
    ("crlf-header-split", "/%0d%0aSet-Cookie:%20owned=1", 400, None),
    ("escape-sequence", "/%1b%5b2J", 400, None),
    ("del", "/%7f", 400, None),
    ("long-segment", "/" + "a" * 300, 404, PAGE_404),
    ("long-encoded-segment", "/" + "%61" * 300, 404, PAGE_404),
    ("long-multibyte-segment", "/" + "%C3%A9" * 130, 404, PAGE_404),
    ("long-path", "/" + "a/" * 600, 404, PAGE_404),
    ("very-long-path", "/" + "a" * 12_000, 404, PAGE_404),
    ("traversal-encoded-slashes", "/..%2F..%2F..%2Fetc%2Fpasswd", 404, PAGE_404),
    ("traversal-encoded-dots", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", 404, PAGE_404),
    ("traversal-double-encoded", "/%252e%252e/%252e%252e/etc/passwd", 404, PAGE_404),
    ("double-encoded-dot", "/index%252ehtml", 404, PAGE_404),
    ("double-encoded-api", "/api/artists%252Ejson", 404, API_404),
    ("encoded-question-mark", "/api/portfolio%3Fartist=jane-doe", 404, API_404),
    ("encoded-hash", "/api/artists%23x", 404, API_404),
    ("backslashes", "/..%5C..%5Cetc%5Cpasswd", 404, PAGE_404),
    ("protocol-relative", "/%2F%2Fevil.example", 404, PAGE_404),
    ("invalid-utf8", "/%ff%fe", 404, PAGE_404),
    ("missing-asset", "/assets/app.0123456789.js", 404, PAGE_404),
    ("missing-image-variant", "/assets/img/work/rose-480.0123456789.avif", 404, PAGE_404),
]


@pytest.mark.parametrize(
    ("case", "path", "status", "body"), HOSTILE_PATHS, ids=[c[0] for c in HOSTILE_PATHS]
)
def test_hostile_paths_answer_400_or_404_with_the_security_headers(
    server, case, path, status, body
) -> None:
    got, headers, content = request(server, "GET", path)
    assert got == status
    assert_security_headers(headers)
    assert "set-cookie" not in headers
    assert b"Traceback" not in content and b"root:" not in content
    if body is PAGE_404:
        assert PAGE_404 in content.decode()
    elif body is API_404:
        assert json.loads(content) == API_404
    # An answer for a path that does not exist is never cached for long.
    assert "immutable" not in headers.get("cache-control", "")


def test_the_same_paths_answer_head_too(server) -> None:
    for _, path, status, _ in HOSTILE_PATHS:
        got, headers, content = request(server, "HEAD", path)
        assert (got, content) == (status, b""), path
        assert_security_headers(headers)


def test_an_existing_asset_is_still_cached_for_a_year(server, dist: Path) -> None:
    asset = next((dist / "assets").rglob("*.js"))
    status, headers, _ = request(server, "GET", "/" + asset.relative_to(dist).as_posix())
    assert status == 200
    assert headers["cache-control"] == "public, max-age=31536000, immutable"


# --- the static API --------------------------------------------------------------------------

# (id, query, status, artists in the answer or API_404)
PORTFOLIO_QUERIES = [
    ("known", "artist=jane-doe", 200, ["jane-doe", "jane-doe"]),
    ("all", "artist=all", 200, ["max-ink", "jane-doe", "jane-doe"]),
    ("none", "", 200, ["max-ink", "jane-doe", "jane-doe"]),
    ("unknown", "artist=nobody", 404, API_404),
    ("empty", "artist=", 404, API_404),
    ("case", "artist=Jane-Doe", 404, API_404),
    ("traversal", "artist=..%2Fsite", 404, API_404),
    ("traversal-dots", "artist=..", 404, API_404),
    ("nul", "artist=jane-doe%00", 404, API_404),
    ("long", "artist=" + "a" * 5000, 404, API_404),
    ("last-one-wins", "artist=jane-doe&artist=nobody", 404, API_404),
    ("last-one-wins-known", "artist=nobody&artist=max-ink", 200, ["max-ink"]),
    ("json-suffix", "artist=jane-doe.json", 404, API_404),
]


@pytest.mark.parametrize(
    ("case", "query", "status", "expected"),
    PORTFOLIO_QUERIES,
    ids=[c[0] for c in PORTFOLIO_QUERIES],
)
def test_portfolio_queries_answer_json_always(server, case, query, status, expected) -> None:
    got, headers, content = request(server, "GET", "/api/portfolio?" + query)
    assert got == status
    assert headers["content-type"].startswith("application/json")
    assert_security_headers(headers)
    answer = json.loads(content)
    assert (answer if expected is API_404 else [i["artist_id"] for i in answer]) == expected


# --- conditional requests and HEAD -----------------------------------------------------------


def site_files(dist: Path) -> list[str]:
    site = json.loads((dist / "api" / "site.json").read_text("utf-8"))
    variant = next((dist / "assets" / "img" / "work").glob("*.webp"))
    return [
        "/",
        "/api/artists",
        "/images/work/rose.jpg",
        "/" + variant.relative_to(dist).as_posix(),
        site["media"]["hero"]["horizontal"],
        site["media"]["hero"]["poster"]["horizontal"]["jpeg"],
    ]


ENCODINGS = ["identity", "gzip", "br"]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_every_file_answers_304_to_its_own_etag(server, dist: Path, encoding: str) -> None:
    for path in site_files(dist):
        asked = {"Accept-Encoding": encoding}
        status, headers, _ = request(server, "GET", path, asked)
        assert status == 200, path
        etag = headers["etag"]
        for sent in (etag, "W/" + etag, f'"nope", {etag}', "*"):
            again, again_headers, body = request(
                server, "GET", path, {**asked, "If-None-Match": sent}
            )
            assert (again, body) == (304, b""), (path, sent)
            assert again_headers["etag"] == etag
        other, _, _ = request(server, "GET", path, {**asked, "If-None-Match": '"other"'})
        assert other == 200


def test_one_encoding_is_not_taken_for_another(server) -> None:
    _, br, _ = request(server, "GET", "/api/artists", {"Accept-Encoding": "br"})
    _, gzip, _ = request(server, "GET", "/api/artists", {"Accept-Encoding": "gzip"})
    assert br["etag"] != gzip["etag"]
    status, _, _ = request(
        server, "GET", "/api/artists", {"Accept-Encoding": "gzip", "If-None-Match": br["etag"]}
    )
    assert status == 200


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_head_reports_the_length_get_sends(server, dist: Path, encoding: str) -> None:
    for path in site_files(dist):
        asked = {"Accept-Encoding": encoding}
        _, get_headers, body = request(server, "GET", path, asked)
        status, head_headers, nothing = request(server, "HEAD", path, asked)
        assert (status, nothing) == (200, b"")
        assert int(head_headers["content-length"]) == len(body) > 0, path
        assert head_headers["etag"] == get_headers["etag"]


# --- bodies ----------------------------------------------------------------------------------


def test_a_chunked_body_over_the_cap_is_cut_off_as_it_arrives(server) -> None:
    # The probe sent 1,000 MiB; the server must answer 413 once the cap is passed,
    # not after reading everything. The client keeps sending until the server hangs up.
    head = (
        b"POST /api/contact HTTP/1.1\r\n" + own_host(server) + b"Content-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"10000\r\n" + b"x" * 0x10000 + b"\r\n"
    answer, sent = talk(server, head, repeat=chunk, up_to=200 * 1024 * 1024)
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert b'"success":false' in answer and b"content-security-policy" in answer.lower()
    # Stopped long before the end: the cap plus what socket buffers hold, not 200 MiB.
    assert sent < MAX_BODY + 32 * 1024 * 1024


def test_a_declared_length_over_the_cap_is_refused_before_reading(server) -> None:
    status, headers, content = request(
        server,
        "POST",
        "/api/contact",
        {"Content-Type": "application/json", "Content-Length": str(MAX_BODY + 1)},
    )
    assert status == 413 and json.loads(content)["success"] is False
    assert_security_headers(headers)


def test_a_body_that_never_finishes_is_answered_408(server) -> None:
    with socket.create_connection(server, timeout=30) as sock:
        sock.sendall(
            b"POST /api/contact HTTP/1.1\r\n"
            + own_host(server)
            + b"Content-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"name": '
        )
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 408 ")
    assert b"content-security-policy" in answer.lower()


# --- connections -----------------------------------------------------------------------------

HALF_SENT = [
    ("nothing", b""),
    ("half-a-request-line", b"GET /index.ht"),
    ("headers-without-end", b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n"),
]


@pytest.mark.parametrize(("case", "data"), HALF_SENT, ids=[c[0] for c in HALF_SENT])
def test_a_half_sent_request_is_not_held_open(server, case, data: bytes) -> None:
    answer, _ = talk(server, data)
    assert answer == b""  # closed by the server, no answer owed


def test_a_kept_alive_connection_gets_the_same_deadline_for_its_next_request(server) -> None:
    head = b"GET /api/artists HTTP/1.1\r\n" + own_host(server) + b"\r\n"
    answer, _ = talk(server, head + b"GET /api/art")
    assert answer.startswith(b"HTTP/1.1 200 ") and answer.count(b"HTTP/1.1 ") == 1


MALFORMED = [
    ("garbage", b"GARBAGE\r\n\r\n"),
    ("bad-header", b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"),
    # Larger than one read, so the head is still incomplete past uvicorn's 16 KiB limit.
    ("head-of-a-mebibyte", b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 2**20 + b"\r\n\r\n"),
]


@pytest.mark.parametrize(("case", "data"), MALFORMED, ids=[c[0] for c in MALFORMED])
def test_malformed_requests_get_a_400_with_the_security_headers(server, case, data) -> None:
    answer, _ = talk(server, data)
    assert answer.startswith(b"HTTP/1.1 400 ")
    assert b"content-security-policy" in answer.lower() and b"Traceback" not in answer


def test_an_unexpected_error_is_a_plain_500_with_the_security_headers(server) -> None:
    body = json.dumps({"name": "Ana"}).encode()
    status, headers, content = request(
        server, "POST", "/api/contact", {"Content-Type": "application/json"}, body
    )
    assert status == 500
    assert_security_headers(headers)
    assert content == b"Internal server error"


# --- Host: a page that rebinds its own name to this machine ----------------------------------

FOREIGN_HOSTS = [
    "rebind.attacker.example:{port}",
    "127.0.0.1.nip.io:{port}",
    "localhost.:{port}",
    "127.0.0.1:{other}",
    "localhost",
    "10.0.0.1:{port}",
    "",
    "a" * 500,
]


@pytest.mark.parametrize("host", FOREIGN_HOSTS, ids=range(len(FOREIGN_HOSTS)))
@pytest.mark.parametrize("path", ["/", "/api/artists", "/api/contact", "/__livereload.js"])
def test_a_foreign_host_is_refused_before_routing(server, host: str, path: str) -> None:
    host = host.format(port=server[1], other=server[1] + 1)
    method, body = ("POST", b"{}") if path == "/api/contact" else ("GET", None)
    got, headers, content = request(server, method, path, {"Host": host}, body)
    assert got == 421
    assert_security_headers(headers)
    text = content.decode()
    assert text.count("\n") == 0 and f"127.0.0.1:{server[1]}" in text
    assert "a" * 101 not in text  # the refused name is shown cut short


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "[::1]:{port}"])
def test_its_own_names_are_served(server, host: str) -> None:
    got, _, _ = request(server, "GET", "/", {"Host": host.format(port=server[1])})
    assert got == 200


def test_listening_everywhere_serves_addresses_but_not_names() -> None:
    from devserver.app import OwnNames

    everywhere = OwnNames(8000, "0.0.0.0")
    assert everywhere.answers("192.168.1.20:8000") and everywhere.answers("[fe80::1]:8000")
    assert not everywhere.answers("rebind.attacker.example:8000")
    assert not everywhere.answers("192.168.1.20:8001")
    named = OwnNames(8000, "studio.local")
    assert named.answers("studio.local:8000") and named.answers("LOCALHOST:8000")
    assert not named.answers("192.168.1.20:8000")
