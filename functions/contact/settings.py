"""Configuration from the environment, validated once at import, and the known artists.

Every variable is listed in docs/contact.md. With none set, the function keeps messages in
the local SQLite outbox and sends no email: exactly what `build.py serve` needs.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .proxy import MIN_SECRET_CHARS
from .ratelimit import RateLimit

log = logging.getLogger(__name__)

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_DIR.parent.parent
DEFAULT_OUTBOX = PROJECT_ROOT / ".cache" / "contact" / "outbox.sqlite3"
# Written into the deployment package by deploy-function from the built site's artist list.
PACKAGED_ARTISTS = PACKAGE_DIR / "known_artists.json"
STORES = ("sqlite", "dynamodb")
LAMBDA_RATE_LIMIT = "5/600"  # posts / seconds per visitor
LOCAL_RATE_LIMIT = "60/60"
# Grants of image uploads per visitor: five images, each redone a few times (docs/contact.md).
LAMBDA_UPLOAD_RATE_LIMIT = "30/600"
LOCAL_UPLOAD_RATE_LIMIT = "600/60"
# All visitors together: image bytes granted per hour (MiB), each grant counting its 3 MB
# ceiling. 600 is 200 grants, 40 visitors adding 5 images in one hour (docs/contact.md).
LAMBDA_UPLOAD_MB_PER_HOUR = "600"
LOCAL_UPLOAD_MB_PER_HOUR = "10240"  # a developer's disk and the load benchmark, not a bill
IMAGE_LINK_DAYS = "30"  # how long the image links of the studio's email work
SPAM_RETENTION_DAYS = "30"  # how long messages caught by the spam traps are kept


class ConfigError(Exception):
    pass


@dataclass(frozen=True)
class Settings:
    store: str = "sqlite"
    outbox: Path = DEFAULT_OUTBOX
    table: str = "studio-contact-messages"
    notify_from: str = ""
    notify_to: tuple[str, ...] = ()
    region: str = ""
    rate_limit: RateLimit = RateLimit(5, 600)
    min_fill_ms: int = 3000
    client_ip_headers: tuple[str, ...] = ()
    artists_file: Path | None = None
    studio_name: str = "Website"
    notify_budget_s: float = 4.0
    on_lambda: bool = False
    site_url: str = ""  # the published site, whose /api/artists lists the artists
    spam_retention_days: float = float(SPAM_RETENTION_DAYS)
    # Reference images: in this S3 bucket (Lambda), else in a folder beside the outbox.
    uploads_bucket: str = ""
    uploads_dir: Path | None = None  # None: `uploads/` beside the outbox
    upload_rate_limit: RateLimit = RateLimit(30, 600)
    upload_bytes_per_hour: int = 0  # every visitor together; 0: no ceiling
    # Netlify signs what its proxy rule forwards with this (proxy.py); only then is a
    # forwarded client address believed.
    proxy_secret: str = ""
    link_secret: str = ""  # signs the image links of the studio's email (s3.py)
    image_link_days: float = float(IMAGE_LINK_DAYS)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        problems = []

        def number(name: str, default: str) -> float:
            raw = env.get(name, default)
            try:
                value = float(raw)
            except ValueError:
                problems.append(f"{name} must be a number, got {raw!r}")
                return float(default)
            if value < 0:
                problems.append(f"{name} must not be negative, got {raw!r}")
            return value

        store = env.get("CONTACT_STORE", "sqlite").strip().lower()
        if store not in STORES:
            problems.append(f"CONTACT_STORE must be one of {', '.join(STORES)}, got {store!r}")
        on_lambda = bool(env.get("AWS_LAMBDA_FUNCTION_NAME"))
        if on_lambda and store == "sqlite":
            # Lambda's disk is wiped with the instance: a message kept there would be lost.
            problems.append("CONTACT_STORE=sqlite cannot keep messages on AWS Lambda; use dynamodb")

        def rate_limit(name: str, on_aws: str, here: str) -> RateLimit:
            # Locally every post comes from 127.0.0.1 (developers, browser tests): looser.
            try:
                return RateLimit.parse(env.get(name, on_aws if on_lambda else here))
            except ValueError as exc:
                problems.append(f"{name}: {exc}")
                return RateLimit.parse(on_aws)

        rate = rate_limit("CONTACT_RATE_LIMIT", LAMBDA_RATE_LIMIT, LOCAL_RATE_LIMIT)
        notify_from = env.get("CONTACT_NOTIFY_FROM", "").strip()
        notify_to = tuple(
            a.strip() for a in env.get("CONTACT_NOTIFY_TO", "").split(",") if a.strip()
        )
        if bool(notify_from) != bool(notify_to):
            problems.append(
                "set both CONTACT_NOTIFY_FROM and CONTACT_NOTIFY_TO to send email, or neither"
            )
        artists_file = env.get("CONTACT_ARTISTS_FILE", "").strip()
        site_url = env.get("CONTACT_SITE_URL", "").strip().rstrip("/")
        if site_url and not site_url.startswith(("https://", "http://")):
            problems.append(f"CONTACT_SITE_URL must start with https://, got {site_url!r}")
        upload_rate = rate_limit(
            "CONTACT_UPLOAD_RATE_LIMIT", LAMBDA_UPLOAD_RATE_LIMIT, LOCAL_UPLOAD_RATE_LIMIT
        )
        uploads_dir = env.get("CONTACT_UPLOADS_DIR", "").strip()
        megabytes = env.get(
            "CONTACT_UPLOAD_MB_PER_HOUR",
            LAMBDA_UPLOAD_MB_PER_HOUR if on_lambda else LOCAL_UPLOAD_MB_PER_HOUR,
        ).strip()
        if megabytes.lower() in ("off", "none"):
            megabytes = "0"
        if not megabytes.isdigit():
            problems.append(
                f"CONTACT_UPLOAD_MB_PER_HOUR must be a whole number or 'off', got {megabytes!r}"
            )
            megabytes = "0"
        proxy_secret = env.get("CONTACT_PROXY_SECRET", "").strip()
        if proxy_secret and len(proxy_secret) < MIN_SECRET_CHARS:
            problems.append(
                f"CONTACT_PROXY_SECRET must be at least {MIN_SECRET_CHARS} characters "
                "(deploy-function makes one)"
            )
        link_days = number("CONTACT_IMAGE_LINK_DAYS", IMAGE_LINK_DAYS)
        if not 0 < link_days <= 365:
            problems.append(f"CONTACT_IMAGE_LINK_DAYS must be from 1 to 365, got {link_days:g}")
        retention = number("CONTACT_SPAM_RETENTION_DAYS", SPAM_RETENTION_DAYS)
        if retention == 0:
            problems.append("CONTACT_SPAM_RETENTION_DAYS must be more than 0")
        settings = cls(
            store=store,
            outbox=Path(env.get("CONTACT_OUTBOX", "").strip() or DEFAULT_OUTBOX),
            table=env.get("CONTACT_TABLE", cls.table).strip() or cls.table,
            notify_from=notify_from,
            notify_to=notify_to,
            region=(
                env.get("CONTACT_AWS_REGION")
                or env.get("AWS_REGION")
                or env.get("AWS_DEFAULT_REGION")
                or ""
            ).strip(),
            rate_limit=rate,
            min_fill_ms=int(number("CONTACT_MIN_FILL_MS", "3000")),
            client_ip_headers=tuple(
                h.strip().lower()
                for h in env.get("CONTACT_CLIENT_IP_HEADER", "").split(",")
                if h.strip()
            ),
            artists_file=Path(artists_file) if artists_file else None,
            studio_name=env.get("CONTACT_STUDIO_NAME", "").strip() or cls.studio_name,
            notify_budget_s=number("CONTACT_NOTIFY_BUDGET_S", "4"),
            on_lambda=on_lambda,
            site_url=site_url,
            spam_retention_days=retention,
            uploads_bucket=env.get("CONTACT_UPLOADS_BUCKET", "").strip(),
            uploads_dir=Path(uploads_dir) if uploads_dir else None,
            upload_rate_limit=upload_rate,
            upload_bytes_per_hour=int(megabytes) * 1024 * 1024,
            proxy_secret=proxy_secret,
            link_secret=env.get("CONTACT_LINK_SECRET", "").strip(),
            image_link_days=link_days,
        )
        if on_lambda and not settings.uploads_bucket and settings.uploads_dir:
            problems.append("CONTACT_UPLOADS_DIR cannot keep images on AWS Lambda; set a bucket")
        if (
            store == "dynamodb" or settings.sends_email or settings.uploads_bucket
        ) and not settings.region:
            problems.append("set AWS_REGION (or CONTACT_AWS_REGION) for DynamoDB and SES")
        if problems:
            raise ConfigError("; ".join(problems))
        return settings

    @property
    def sends_email(self) -> bool:
        return bool(self.notify_from and self.notify_to)

    @property
    def local_uploads(self) -> Path | None:
        """The folder of reference images when they are kept locally; None on AWS."""
        if self.uploads_bucket or (self.on_lambda and self.uploads_dir is None):
            return None
        return self.uploads_dir or self.outbox.parent / "uploads"


class ArtistList:
    """The artist slugs (and names) the form may name, read from a JSON file.

    Accepts the build's own `api/artists.json` (a list of objects with slug and name), a
    list of slugs, or a {slug: name} mapping. Re-read when the file changes, so `serve`
    follows a rebuild that adds an artist.
    """

    def __init__(self, path: Path | None):
        self.path = path
        self._stamp: tuple[int, int] | None = None
        self._names: dict[str, str] = {}
        self._lock = threading.Lock()
        self._warned = False

    def __call__(self) -> Mapping[str, str]:
        if self.path is None:
            return {}
        try:
            stat = self.path.stat()
            stamp = (stat.st_mtime_ns, stat.st_size)
            with self._lock:
                if stamp != self._stamp:
                    self._names = parse_artists(json.loads(self.path.read_text("utf-8")))
                    self._stamp = stamp
                return self._names
        except (OSError, ValueError, ConfigError) as exc:
            # Missing or unreadable (e.g. for the instant `serve` swaps in a rebuild): keep
            # the last list read; with none, only "na" is accepted.
            if not self._warned:
                log.warning(
                    "contact: artist list %s unreadable (%s); using the last one read",
                    self.path,
                    exc,
                )
                self._warned = True
            return self._names

    def including(self, slug: str) -> Mapping[str, str]:
        """The list to check slug against: this file is the whole truth (see artists.py)."""
        return self()


def parse_artists(value: object) -> dict[str, str]:
    if isinstance(value, dict):
        return {str(k): str(v) for k, v in value.items()}
    if isinstance(value, list):
        names = {}
        for item in value:
            if isinstance(item, str):
                names[item] = item
            elif isinstance(item, dict) and isinstance(item.get("slug"), str):
                names[item["slug"]] = str(item.get("name") or item["slug"])
        return names
    raise ConfigError("an artist list must be a JSON list or object")
