"""Security issue #24, findings 4 and 6: what limits the grants of image uploads, and one rule
for what an upload is, whichever store keeps it.

Finding 4: the Function URL is public, so a forwarded address is believed only on a request
Netlify's proxy signed (X-Nf-Sign, functions/contact/proxy.py); and every grant reserves its
bytes against an hourly ceiling kept in the message store, which every copy of the function
shares. Finding 6: the local store keeps the type an image was posted as, like S3, so the
service's one check ("is not the kind of picture it was sent as") holds for both.

Everything goes through the Lambda handler with Function URL events (tests/events/).
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import replace
from pathlib import Path

import boto3
import jwt
import pytest
import requests
from contact_support import GOOD, REGION, call, make_service, netlify_signature, post_event
from upload_support import ask, grant_event, picture

from functions.contact.dal.artists import ArtistList, ConfigError
from functions.contact.dal.dynamodb import DynamoStore, table_definition
from functions.contact.dal.s3 import S3Uploads
from functions.contact.handlers.app import _client_address, build_service
from functions.contact.handlers.settings import Settings
from functions.contact.models.ratelimit import RateLimit
from functions.contact.models.references import MAX_IMAGE_BYTES

SECRET = "k" * 64  # CONTACT_PROXY_SECRET, as deploy-function makes one (64 characters)
CONNECTION = "198.51.100.23"  # the address the Function URL sees: Netlify, or a direct caller
# As deploy-function configures the function.
FORWARDED_HEADERS = ("x-nf-client-connection-ip", "x-forwarded-for")
BUCKET = "grant-limits-uploads"


def grant_from(visitor: str, signature: str | None = None, kind: str = "image/jpeg") -> dict:
    """A grant request as it reaches the Function URL, naming visitor as Netlify would."""
    event = grant_event({"type": kind}, ip=CONNECTION)
    event["headers"]["x-nf-client-connection-ip"] = visitor
    event["headers"]["x-forwarded-for"] = f"{visitor}, {CONNECTION}"
    if signature is not None:
        event["headers"]["x-nf-sign"] = signature
    return event


def deployed_settings(tmp_path: Path, env: dict | None = None, **changes: object) -> Settings:
    """The function's settings as deploy-function configures them (from the environment)."""
    deployed = {
        "CONTACT_CLIENT_IP_HEADER": ",".join(FORWARDED_HEADERS),
        "CONTACT_PROXY_SECRET": SECRET,
        "CONTACT_UPLOAD_RATE_LIMIT": "30/600",
        "CONTACT_UPLOAD_MB_PER_HOUR": "off",
        "CONTACT_RATE_LIMIT": "off",
        "CONTACT_OUTBOX": str(tmp_path / "outbox.sqlite3"),
    }
    return replace(Settings.from_env({**deployed, **(env or {})}), **changes)


def random_address(rng: random.Random) -> str:
    return (
        f"{rng.randrange(1, 224)}.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"
    )


# --- finding 4a: a forwarded address counts only when Netlify signed the request ----------


def test_random_forwarded_addresses_without_a_signature_do_not_escape_the_limit(
    tmp_path: Path,
) -> None:
    # The probe: 200 grants straight to the Function URL, each naming another visitor.
    settings = deployed_settings(tmp_path)
    service = make_service(tmp_path, settings)
    rng = random.Random(24)
    # A copy that has not seen Netlify sign counts them all against the limit every unsigned
    # request through the site shares (CONTACT_UNSIGNED_RATE_LIMIT, 60 per 10 minutes:
    # issue 38, test_hostile_round4_contact.py) ...
    _client_address.cache_clear()
    statuses = [call(service, grant_from(random_address(rng)), settings)[0] for _ in range(200)]
    assert statuses == [200] * 60 + [429] * 140
    # ... and once it has, as the one connection they come from (CONTACT_UPLOAD_RATE_LIMIT).
    service = make_service(tmp_path / "signed", settings)
    assert call(service, grant_from("203.0.113.9", netlify_signature(SECRET)), settings)[0] == 200
    statuses = [call(service, grant_from(random_address(rng)), settings)[0] for _ in range(200)]
    assert statuses == [200] * 30 + [429] * 170


def test_a_signed_request_is_limited_by_the_visitor_netlify_names(tmp_path: Path) -> None:
    settings = deployed_settings(tmp_path, upload_rate_limit=RateLimit(2, 600))
    service = make_service(tmp_path, settings)
    token = netlify_signature(SECRET)
    ana, ben = "203.0.113.9", "2001:db8:5::1"
    statuses = [call(service, grant_from(v, token), settings)[0] for v in (ana, ana, ana, ben)]
    assert statuses == [200, 200, 429, 200]  # both behind one Netlify edge, each their own
    # Unsigned, three more visitors from the same connection share that connection's limit.
    unsigned = [call(service, grant_from(f"192.0.2.{n}"), settings)[0] for n in (1, 2, 3)]
    assert unsigned == [200, 200, 429]
    # The message path reads the visitor the same way.
    message = post_event(GOOD, ip=CONNECTION)
    message["headers"].update({"x-nf-client-connection-ip": ben, "x-nf-sign": token})
    assert call(service, message, settings)[0] == 200
    assert [m.client for m in service.store.list()] == [ben]


BAD_SIGNATURES = [
    ("forged", lambda: netlify_signature("f" * 64)),
    ("wrong-secret", lambda: netlify_signature(SECRET[:-1] + "x")),
    (
        "expired",
        lambda: netlify_signature(SECRET, exp=int(time.time()) - 600, iat=int(time.time()) - 900),
    ),
    ("wrong-issuer", lambda: netlify_signature(SECRET, iss="someone-else")),
    ("no-issuer", lambda: netlify_signature(SECRET, iss=None)),
    ("no-expiry", lambda: netlify_signature(SECRET, exp=None)),
    ("alg-none", lambda: jwt.encode({"iss": "netlify", "exp": time.time() + 300}, None, "none")),
    (
        "oversized",
        lambda: netlify_signature(SECRET, padding="x" * 2048),
    ),  # validly signed, too long
    ("not-a-token", lambda: "x" * 200),
    ("empty", lambda: ""),
]


@pytest.mark.parametrize(("case", "make"), BAD_SIGNATURES, ids=[case for case, _ in BAD_SIGNATURES])
def test_a_bad_signature_counts_as_none(tmp_path: Path, case, make) -> None:
    settings = deployed_settings(tmp_path, upload_rate_limit=RateLimit(1, 600))
    service = make_service(tmp_path, settings)
    # In a copy that has seen Netlify sign (else: the unsigned requests' own limit).
    _client_address.cache_clear()
    signed = grant_from("203.0.113.8", netlify_signature(SECRET))
    assert call(make_service(tmp_path / "signed", settings), signed, settings)[0] == 200
    token = make()
    first = call(service, grant_from("203.0.113.9", token), settings)
    second = call(service, grant_from("203.0.113.10", token), settings)
    # Both are limited as the connection they came from, not as the visitors they name.
    assert (first[0], second[0]) == (200, 429), case
    message = post_event(GOOD, ip=CONNECTION)
    message["headers"].update({"x-nf-client-connection-ip": "203.0.113.11", "x-nf-sign": token})
    assert call(service, message, settings)[0] == 200
    assert [m.client for m in service.store.list()] == [CONNECTION]


def test_configuration_of_the_limits(tmp_path: Path) -> None:
    lam = {"AWS_LAMBDA_FUNCTION_NAME": "contact", "CONTACT_STORE": "dynamodb", "AWS_REGION": REGION}
    assert Settings.from_env(lam).upload_bytes_per_hour == 600 * 1024 * 1024
    assert Settings.from_env({}).upload_bytes_per_hour == 10240 * 1024 * 1024
    assert Settings.from_env({"CONTACT_UPLOAD_MB_PER_HOUR": "off"}).upload_bytes_per_hour == 0
    assert Settings.from_env({"CONTACT_PROXY_SECRET": SECRET}).proxy_secret == SECRET
    for bad in ({"CONTACT_UPLOAD_MB_PER_HOUR": "lots"}, {"CONTACT_PROXY_SECRET": "short"}):
        with pytest.raises(ConfigError, match=next(iter(bad))):
            Settings.from_env(bad)


# --- finding 4b: one ceiling per hour for every copy of the function ----------------------

CEILING_MB = 5 * MAX_IMAGE_BYTES // 2**20  # five grants an hour, all visitors together
BUSY = (
    "Sorry, the studio has received many images in the last hour. Please try again in "
    "{}, or send your message without them."
)


def two_copies(settings: Settings, clock) -> list:
    """Two services built apart, as two Lambda instances are: only the store is shared."""
    artists = ArtistList(None)
    copies = [build_service(settings, artists) for _ in range(2)]
    for copy in copies:
        copy.clock = clock
    assert copies[0].store is not copies[1].store
    return copies


def grant_all_at_once(copies: list, settings: Settings, attempts: int) -> list[tuple]:
    """attempts grants, from as many signed visitors, at both copies at the same moment."""
    token, answers, start = (
        netlify_signature(SECRET),
        [None] * attempts,
        threading.Barrier(attempts),
    )

    def one(n: int) -> None:
        start.wait()
        answers[n] = call(copies[n % 2], grant_from(f"192.0.2.{n + 1}", token), settings)

    threads = [threading.Thread(target=one, args=(n,)) for n in range(attempts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def assert_ceiling_holds(answers: list[tuple], granted: int, minutes: str) -> None:
    statuses = [status for status, _, _ in answers]
    assert statuses.count(200) == granted and statuses.count(429) == len(answers) - granted
    for status, body, headers in answers:
        if status == 429:
            assert body == {"success": False, "error": BUSY.format(minutes)}
            assert 1 <= int(headers["retry-after"]) <= 3600


def test_the_hourly_ceiling_holds_across_two_copies_sharing_the_outbox(tmp_path: Path) -> None:
    settings = deployed_settings(tmp_path, {"CONTACT_UPLOAD_MB_PER_HOUR": str(CEILING_MB)})
    now = [1_795_317_011.0]  # 03:10:11 UTC: 49 minutes 49 seconds left in the hour
    copies = two_copies(settings, lambda: now[0])
    assert_ceiling_holds(grant_all_at_once(copies, settings, 16), 5, "50 minutes")
    now[0] += 3600  # the next hour starts from nothing
    assert_ceiling_holds(grant_all_at_once(copies, settings, 8), 5, "50 minutes")


def test_the_hourly_ceiling_holds_across_two_copies_sharing_dynamodb(
    tmp_path: Path,
    aws,
) -> None:
    boto3.client("dynamodb", region_name=REGION).create_table(**table_definition("messages"))
    boto3.client("s3", region_name=REGION).create_bucket(Bucket=BUCKET)
    settings = deployed_settings(
        tmp_path,
        {
            "CONTACT_STORE": "dynamodb",
            "CONTACT_TABLE": "messages",
            "AWS_REGION": REGION,
            "CONTACT_UPLOADS_BUCKET": BUCKET,
            "CONTACT_UPLOAD_MB_PER_HOUR": str(CEILING_MB),
        },
    )
    now = [1_795_317_011.0]
    copies = two_copies(settings, lambda: now[0])
    assert all(isinstance(copy.store, DynamoStore) for copy in copies)
    token = netlify_signature(SECRET)
    answers = [
        call(copies[n % 2], grant_from(f"192.0.2.{n + 1}", token), settings) for n in range(12)
    ]
    assert_ceiling_holds(answers, 5, "50 minutes")
    now[0] += 3600
    answers = [call(copies[n % 2], grant_from("192.0.2.99", token), settings) for n in range(2)]
    assert [status for status, _, _ in answers] == [200, 200]
    assert copies[0].store.list() == []  # the counters are not messages


# --- finding 6: the local store judges the posted type as S3 does ------------------------

NOT_THAT_KIND = "is not the kind of picture it was sent as"


def local_service(tmp_path: Path):
    return make_service(tmp_path)


def s3_service(tmp_path: Path):
    boto3.client("s3", region_name=REGION).create_bucket(Bucket=BUCKET)
    service = make_service(tmp_path)
    service.uploads = S3Uploads(BUCKET, REGION)
    return service


def post_to_local(service, grant: dict, data: bytes) -> int:
    """What `serve` does with the form's POST (devserver/app.py hands it to receive)."""
    return service.uploads.receive(grant["upload"]["fields"], data)[0]


def post_to_s3(service, grant: dict, data: bytes) -> int:
    fields = grant["upload"]["fields"]
    files = {"file": ("image", data, fields["Content-Type"])}
    url = f"https://{BUCKET}.s3.amazonaws.com/"
    return requests.post(url, data=fields, files=files, timeout=30).status_code


def test_a_webp_posted_on_a_jpeg_grant_is_refused_alike_by_the_local_store_and_s3(
    tmp_path: Path,
    aws,
) -> None:
    local = _send_webp_as_jpeg(local_service(tmp_path / "local"), post_to_local)
    on_s3 = _send_webp_as_jpeg(s3_service(tmp_path / "s3"), post_to_s3)
    for status, body, upload_id in (local, on_s3):
        assert status == 400, body
        assert body["error"] == (
            f"Image 1 {NOT_THAT_KIND}. Remove it and add it again, or send your message without it."
        )
        assert body["references"] == {upload_id: f"This image {NOT_THAT_KIND}."}


def _send_webp_as_jpeg(service, post) -> tuple[int, dict, str]:
    grant = ask(service, "image/jpeg")
    assert post(service, grant, picture(kind="WEBP")) == 204  # storage takes what it is given
    status, body, _ = call(service, post_event({**GOOD, "references": [grant["id"]]}))
    assert not service.store.list()  # nothing of a refused message is kept
    return status, body, grant["id"]
