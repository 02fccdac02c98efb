"""`build.py serve` against Netlify's own engine: same netlify.toml, same dist/, same answers.

Netlify's side is `netlify dev` from the pinned netlify-cli (tests/netlify_support.py): its
proxy applies netlify.toml and dist/_redirects with netlify-redirector, the redirect
engine Netlify publishes, and serves files and functions the way the CLI emulates the CDN.
Every request goes to both; status, target (which file of dist/ answered, or the contact
function) and content type must agree. A difference is a bug in our server or our rules.
(Headers are not compared: `netlify dev` replaces Cache-Control with its own.)

The image of a contact message (/api/contact/uploads/file) is posted by the browser to the
site and proxied by Netlify to the S3 bucket (a moto server here); `serve` stores it itself.
So it is not in the table: Netlify's proxy is checked on its own, carrying a presigned POST
to the bucket intact.

Netlify signs what it proxies to the function (`Sign=CONTACT_PROXY_SECRET` in dist/_redirects):
every request the stand-in Lambda gets must carry an X-Nf-Sign JWT that the function's own
check (functions/contact/proxy.py) accepts with that secret and refuses with another.

Two differences are by design and normalised here:
- /api/contact: Netlify proxies it to the Lambda (a local stand-in here); `serve` runs the
  same function in-process. Both count as "the contact function".
- `netlify dev` answers a POST to a static file with status 200 and the text "Method Not
  Allowed"; the CDN does not, and ours says 405. No POST to a static path is compared.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import boto3
import httpx
import jwt
import pytest
from botocore.config import Config
from netlify_support import ROOT, netlify_dev, netlify_project
from upload_support import picture

from functions.contact.handlers.proxy import signed_by_proxy
from serverthread import free_port, running_process
from sitefactory import minimal_site, write_site

CONTACT = "the contact function"
GOOD_POST = {
    "name": "Ana",
    "email": "ana@example.com",
    "message": "A rose, please.",
    "artist": "jane-doe",
    "elapsed_ms": 40000,
}
REQUESTS: list[tuple[str, str]] = [
    # the static API: rewrites, query matching, unknown slugs, JSON 404s, shadowing files
    ("GET", "/api/artists"),
    ("GET", "/api/artists/"),
    ("GET", "/API/artists"),
    ("GET", "/api/Artists"),
    ("GET", "/api/aftercare"),
    ("GET", "/api/aftercare/"),
    ("GET", "/api/portfolio"),
    ("GET", "/api/portfolio/"),
    ("GET", "/api/portfolio?artist=all"),
    ("GET", "/api/portfolio?artist=jane-doe"),
    ("GET", "/api/portfolio?artist=max-ink"),
    ("GET", "/api/portfolio?artist=Jane-Doe"),
    ("GET", "/api/portfolio?artist=nobody"),
    ("GET", "/api/portfolio?artist="),
    ("GET", "/api/portfolio?artist=..%2Fsite"),
    ("GET", "/api/portfolio?artist=jane-doe&page=2"),
    ("GET", "/api/portfolio?page=2"),
    ("GET", "/api/portfolio/all.json"),
    ("GET", "/api/portfolio/jane-doe.json"),
    ("GET", "/api/site.json"),
    ("GET", "/api/artists.json"),
    ("GET", "/api/404.json"),
    ("GET", "/api/nope"),
    ("GET", "/api/"),
    ("GET", "/api"),
    ("GET", "/api/deep/er/path"),
    # the _redirects proxy rule for the contact function
    ("POST", "/api/contact"),
    ("POST", "/api/contact/"),
    ("GET", "/api/contact"),
    # pages: pretty URLs, trailing slashes, case, unknown paths (the app's 404)
    ("GET", "/"),
    ("GET", "/index.html"),
    ("GET", "/portfolio"),
    ("GET", "/portfolio/"),
    ("GET", "/portfolio/index.html"),
    ("GET", "/portfolio/jane-doe"),
    ("GET", "/portfolio/jane-doe/"),
    ("GET", "/portfolio/max-ink"),
    ("GET", "/portfolio/nobody"),
    ("GET", "/Portfolio"),
    ("GET", "/piercings"),
    ("GET", "/aftercare/"),
    ("GET", "/test"),
    ("GET", "/nope"),
    ("GET", "/nope/deeper/"),
    ("GET", "/404.html"),
    # files: icons browsers ask for, editors' images, a missing asset
    ("GET", "/favicon.ico"),
    ("GET", "/apple-touch-icon.png"),
    ("GET", "/manifest.webmanifest"),
    ("GET", "/logo.svg"),
    ("GET", "/robots.txt"),
    ("GET", "/images/work/rose.jpg"),
    ("GET", "/images/work/missing.jpg"),
    ("GET", "/assets/missing.js"),
]


# What Netlify signs the requests it proxies to the function with (dist/_redirects names the
# variable: Sign=CONTACT_PROXY_SECRET).
PROXY_SECRET = "n" * 64


class _Lambda(BaseHTTPRequestHandler):
    """Stands in for the contact function's Function URL, as Netlify proxies to it."""

    signatures: list[str | None] = []  # the X-Nf-Sign header of each request it got

    def answer(self, status: int) -> None:
        body = json.dumps({"stand-in": CONTACT}).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self) -> None:
        self.signatures.append(self.headers.get("x-nf-sign"))
        self.rfile.read(int(self.headers.get("content-length") or 0))
        self.answer(200)

    def do_GET(self) -> None:
        self.signatures.append(self.headers.get("x-nf-sign"))
        self.answer(405)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def lambda_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Lambda)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


BUCKET = "routing-uploads"


@pytest.fixture(scope="module")
def bucket_url(moto_url: str) -> str:
    """The bucket of reference images, on a moto server (path style: <moto>/<bucket>)."""
    boto3.client(
        "s3",
        region_name="us-east-1",
        endpoint_url=moto_url,
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    ).create_bucket(Bucket=BUCKET)
    return f"{moto_url}/{BUCKET}"


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, media_cache: Path, lambda_url: str, bucket_url: str
) -> Iterator[tuple[str, Path]]:
    """`build.py serve` on the minimal site, as a developer runs it; yields URL and dist/."""
    root = tmp_path_factory.mktemp("routing")
    content = write_site(root / "content", minimal_site())
    port = free_port()
    command = [sys.executable, "build.py", "serve", "--no-watch", "--port", str(port)]
    paths = ["--content", str(content), "--out", str(root / "dist"), "--cache", str(media_cache)]
    env = {
        **os.environ,
        "CONTACT_FUNCTION_URL": lambda_url,
        "CONTACT_UPLOADS_URL": bucket_url,
        "CONTACT_RATE_LIMIT": "off",
        "CONTACT_OUTBOX": str(root / "outbox.sqlite3"),
    }
    url = f"http://127.0.0.1:{port}"
    with running_process([*command, *paths], url, ROOT, env, root / "serve.log"):
        yield url, root / "dist"


def targets(dist: Path) -> dict[str, str]:
    """sha256 of each file in dist/ -> its path: which file a response carried."""
    found: dict[str, str] = {}
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        found.setdefault(
            hashlib.sha256(path.read_bytes()).hexdigest(), path.relative_to(dist).as_posix()
        )
    return found


def answer(client: httpx.Client, method: str, path: str, files: dict[str, str]) -> tuple[int, str]:
    body = GOOD_POST if method == "POST" else None
    response = client.request(method, path, json=body, headers={"accept-encoding": "identity"})
    target = files.get(hashlib.sha256(response.content).hexdigest())
    if target is None:
        try:
            data = response.json()
        except ValueError:
            data = None
        is_contact = isinstance(data, dict) and ("stand-in" in data or "success" in data)
        target = CONTACT if is_contact else f"unknown body {response.content[:60]!r}"
    return response.status_code, target, response.headers.get("content-type", "").split(";")[0]


def test_serve_answers_every_request_as_netlifys_engine_does(
    site: tuple[str, Path], tmp_path: Path, moto_url: str
) -> None:
    url, dist = site
    files = targets(dist)
    assert (dist / "_redirects").read_text().startswith("/api/contact  http://127.0.0.1:")
    project = netlify_project(tmp_path / "project", dist)
    # The site's environment, as netlify dev reads it (a .env file; on Netlify, the UI's):
    # the CLI signs with the site's variables, not with its own process environment.
    (project / ".env").write_text(f"CONTACT_PROXY_SECRET={PROXY_SECRET}\n")
    _Lambda.signatures.clear()
    with netlify_dev(project) as netlify_url:
        with httpx.Client(base_url=netlify_url, timeout=30) as theirs:
            netlify = [answer(theirs, m, p, files) for m, p in REQUESTS]
            uploaded = post_image_through(theirs, moto_url)
    with httpx.Client(base_url=url, timeout=30) as ours_client:
        ours = [answer(ours_client, m, p, files) for m, p in REQUESTS]

    rows = [
        f"{'' if a == b else 'DIFF '}{m:4} {p:38} netlify {a[0]} {a[1]:30} {a[2]:24} "
        f"serve {b[0]} {b[1]:30} {b[2]}"
        for (m, p), a, b in zip(REQUESTS, netlify, ours, strict=True)
    ]
    differences = [row for row in rows if row.startswith("DIFF")]
    summary = f"{len(REQUESTS)} requests, {len(differences)} differences"
    print("\n".join([*rows, summary]))
    assert len(REQUESTS) >= 40
    assert not differences, "\n".join([*differences, summary])
    assert uploaded == (204, picture()), "Netlify's proxy must carry the image to the bucket"
    assert_signed_by_netlify(_Lambda.signatures)
    # Not vacuous: the table covers files, rewrites, both 404 kinds and the function.
    assert {CONTACT, "api/404.json", "404.html", "api/artists.json", "index.html"} <= {
        target for _, target, _ in ours
    }


def assert_signed_by_netlify(signatures: list[str | None]) -> None:
    """Every request Netlify's engine proxied to the function carried X-Nf-Sign: a JWT,
    HS256 with the secret the rule names, issuer "netlify", expiring within 5 minutes; the
    function's own check takes it, and no other secret passes."""
    assert len(signatures) >= 3, signatures  # POST and GET /api/contact, /api/contact/
    for token in signatures:
        assert token is not None, "a proxied request came unsigned"
        assert jwt.get_unverified_header(token)["alg"] == "HS256"
        claims = jwt.decode(token, PROXY_SECRET, algorithms=["HS256"], issuer="netlify")
        assert {"iss", "exp", "deploy_context"} <= set(claims)
        assert 0 < claims["exp"] - claims["iat"] <= 300
        assert signed_by_proxy(token, PROXY_SECRET)
        assert not signed_by_proxy(token, "m" * 64)


def post_image_through(site: httpx.Client, moto_url: str) -> tuple[int, bytes]:
    """A presigned POST for the bucket, posted to the site's /api/contact/uploads/file as the
    form posts it (fields, then the file): the status the browser sees, and what was stored."""
    s3 = boto3.client(
        "s3",
        region_name="us-east-1",
        endpoint_url=moto_url,
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
        config=Config(signature_version="s3v4"),
    )
    grant = s3.generate_presigned_post(
        BUCKET, "pending/routing/1", Fields={"Content-Type": "image/jpeg"}, ExpiresIn=600
    )
    posted = site.post(
        "/api/contact/uploads/file",
        data=grant["fields"],
        files={"file": ("image.jpg", picture(), "image/jpeg")},
        headers={"origin": str(site.base_url).rstrip("/")},
    )
    if posted.status_code != 204:
        return posted.status_code, posted.content
    return 204, s3.get_object(Bucket=BUCKET, Key="pending/routing/1")["Body"].read()
