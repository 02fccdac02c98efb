"""Configuration from the environment, validated once at import, and the known artists.

Every variable is listed in docs/contact.md. With none set, the function keeps messages in
the local SQLite outbox and sends no email: exactly what `build.py serve` needs.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..dal.artists import ConfigError
from ..models.ratelimit import RateLimit
from .proxy import MIN_SECRET_CHARS

log = logging.getLogger(__name__)

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # functions/contact/
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
# Messages and image grants together of every request through the site that Netlify did not
# sign (CONTACT_PROXY_SECRET missing in Netlify, proxy.py): ten visitors with five images
# each in 10 minutes, twelve times one visitor's 5 messages (docs/contact.md).
UNSIGNED_RATE_LIMIT = "60/600"
# All visitors together: image bytes granted per hour (MiB), each grant counting its 3 MB
# ceiling. 600 is 200 grants, 40 visitors adding 5 images in one hour (docs/contact.md).
LAMBDA_UPLOAD_MB_PER_HOUR = "600"
LOCAL_UPLOAD_MB_PER_HOUR = "10240"  # a developer's disk and the load benchmark, not a bill
# Confirmations to visitors per hour, all addresses together. The studio gets about 300
# messages a month (10 a day; a busy hour, a handful): 10 an hour confirms every real
# visitor of a busy hour, and is all an abuser with any number of addresses can make SES
# send strangers (240 a day at most). Past it the message is still kept and emailed to
# the studio, just not confirmed (docs/contact.md, "The visitor's confirmation").
CONFIRMATIONS_PER_HOUR = "10"
IMAGE_LINK_DAYS = "30"  # how long the image links of the studio's email work
SPAM_RETENTION_DAYS = "30"  # how long messages caught by the spam traps are kept


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
    unsigned_rate_limit: RateLimit = RateLimit(60, 600)  # all unsigned visitors together
    upload_bytes_per_hour: int = 0  # every visitor together; 0: no ceiling
    # Netlify signs what its proxy rule forwards with this (proxy.py); only then is a
    # forwarded client address believed.
    proxy_secret: str = ""
    link_secret: str = ""  # signs the image links of the studio's email (s3.py)
    image_link_days: float = float(IMAGE_LINK_DAYS)
    # The visitor's confirmation email (confirmation.py); sent when email is configured and
    # the site's URL is known (its links point there).
    confirmation: bool = True
    confirmations_per_hour: int = 0  # every address together (confirmation.py); 0: no ceiling
    ses_configuration_set: str = ""  # every email goes with it (deploy-function makes it)
    # Deposits through Stripe Checkout (docs/contact.md, "Deposits"): both or neither. The
    # API base is for tests only (localstripe); empty: Stripe itself.
    stripe_secret_key: str = ""
    stripe_webhook_secret: str = ""
    stripe_api_base: str = ""
    # The artists' private addresses, {slug: address} (dal/artist_emails.py): deploy-function
    # packages it; `serve` writes it beside the outbox. None: every request goes to the studio.
    artist_emails_file: Path | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """The settings the environment names, or ConfigError listing every problem."""
        reader = _Env(os.environ if env is None else env)
        settings = cls(**_read(reader, table=cls.table, studio_name=cls.studio_name))
        if reader.on_lambda and not settings.uploads_bucket and settings.uploads_dir:
            reader.problem("CONTACT_UPLOADS_DIR cannot keep images on AWS Lambda; set a bucket")
        if (
            settings.store == "dynamodb" or settings.sends_email or settings.uploads_bucket
        ) and not settings.region:
            reader.problem("set AWS_REGION (or CONTACT_AWS_REGION) for DynamoDB and SES")
        if reader.problems:
            raise ConfigError("; ".join(reader.problems))
        return settings

    @property
    def sends_email(self) -> bool:
        return bool(self.notify_from and self.notify_to)

    @property
    def takes_deposits(self) -> bool:
        return bool(self.stripe_secret_key and self.stripe_webhook_secret)

    @property
    def sends_confirmations(self) -> bool:
        return self.confirmation and self.sends_email and bool(self.site_url)

    @property
    def local_uploads(self) -> Path | None:
        """The folder of reference images when they are kept locally; None on AWS."""
        if self.uploads_bucket or (self.on_lambda and self.uploads_dir is None):
            return None
        return self.uploads_dir or self.outbox.parent / "uploads"


class _Env:
    """The environment as the settings read it, gathering every problem on the way (one
    ConfigError names them all, in the order they were read)."""

    def __init__(self, env: Mapping[str, str]):
        self.env = env
        self.problems: list[str] = []
        self.on_lambda = bool(env.get("AWS_LAMBDA_FUNCTION_NAME"))

    def problem(self, text: str) -> None:
        self.problems.append(text)

    def text(self, name: str, default: str = "") -> str:
        return self.env.get(name, default).strip()

    def names(self, name: str, lower: bool = False) -> tuple[str, ...]:
        """A comma-separated list, its items stripped, empty ones left out."""
        items = (item.strip() for item in self.env.get(name, "").split(","))
        return tuple(item.lower() if lower else item for item in items if item)

    def number(self, name: str, default: str) -> float:
        raw = self.env.get(name, default)
        try:
            value = float(raw)
        except ValueError:
            self.problem(f"{name} must be a number, got {raw!r}")
            return float(default)
        if value < 0:
            self.problem(f"{name} must not be negative, got {raw!r}")
        return value

    def count(self, name: str, default: str) -> int:
        """A whole number; 'off' (or 0): none."""
        raw = self.text(name, default).lower() or default
        if raw in ("off", "none"):
            return 0
        if not raw.isdigit():
            self.problem(f"{name} must be a whole number or 'off', got {raw!r}")
            return int(default)
        return int(raw)

    def switch(self, name: str, default: bool) -> bool:
        """on/off (also true/false, yes/no, 1/0); default when unset or empty."""
        raw = self.text(name).lower()
        if raw in ("on", "true", "yes", "1"):
            return True
        if raw in ("off", "false", "no", "0"):
            return False
        if raw:
            self.problem(f"{name} must be on or off, got {raw!r}")
        return default

    def rate_limit(self, name: str, on_aws: str, here: str) -> RateLimit:
        # Locally every post comes from 127.0.0.1 (developers, browser tests): looser.
        try:
            return RateLimit.parse(self.env.get(name, on_aws if self.on_lambda else here))
        except ValueError as exc:
            self.problem(f"{name}: {exc}")
            return RateLimit.parse(on_aws)


def _read(env: _Env, table: str, studio_name: str) -> dict[str, object]:
    """Every setting but the checks that need several (Settings.from_env), read in the order
    its problems are listed."""
    store = _store(env)
    rate = env.rate_limit("CONTACT_RATE_LIMIT", LAMBDA_RATE_LIMIT, LOCAL_RATE_LIMIT)
    notify_from, notify_to = _notify_addresses(env)
    artists_file = env.text("CONTACT_ARTISTS_FILE")
    site_url = _site_url(env)
    upload_rate = env.rate_limit(
        "CONTACT_UPLOAD_RATE_LIMIT", LAMBDA_UPLOAD_RATE_LIMIT, LOCAL_UPLOAD_RATE_LIMIT
    )
    unsigned_rate = env.rate_limit(
        "CONTACT_UNSIGNED_RATE_LIMIT", UNSIGNED_RATE_LIMIT, UNSIGNED_RATE_LIMIT
    )
    uploads_dir = env.text("CONTACT_UPLOADS_DIR")
    megabytes = _megabytes_per_hour(env)
    proxy_secret = _proxy_secret(env)
    link_days = _image_link_days(env)
    retention = _spam_retention_days(env)
    region = env.env.get("CONTACT_AWS_REGION") or env.env.get("AWS_REGION")
    stripe_key, stripe_webhook, stripe_base = _stripe(env)
    return {
        "store": store,
        "outbox": Path(env.text("CONTACT_OUTBOX") or DEFAULT_OUTBOX),
        "table": env.text("CONTACT_TABLE", table) or table,
        "notify_from": notify_from,
        "notify_to": notify_to,
        "region": (region or env.env.get("AWS_DEFAULT_REGION") or "").strip(),
        "rate_limit": rate,
        "min_fill_ms": int(env.number("CONTACT_MIN_FILL_MS", "3000")),
        "client_ip_headers": env.names("CONTACT_CLIENT_IP_HEADER", lower=True),
        "artists_file": Path(artists_file) if artists_file else None,
        "studio_name": env.text("CONTACT_STUDIO_NAME") or studio_name,
        "notify_budget_s": env.number("CONTACT_NOTIFY_BUDGET_S", "4"),
        "on_lambda": env.on_lambda,
        "site_url": site_url,
        "spam_retention_days": retention,
        "uploads_bucket": env.text("CONTACT_UPLOADS_BUCKET"),
        "uploads_dir": Path(uploads_dir) if uploads_dir else None,
        "upload_rate_limit": upload_rate,
        "unsigned_rate_limit": unsigned_rate,
        "upload_bytes_per_hour": megabytes * 1024 * 1024,
        "proxy_secret": proxy_secret,
        "link_secret": env.text("CONTACT_LINK_SECRET"),
        "image_link_days": link_days,
        "confirmation": env.switch("CONTACT_CONFIRMATION", True),
        "ses_configuration_set": env.text("CONTACT_SES_CONFIGURATION_SET"),
        "artist_emails_file": _artist_emails_file(env),
        "confirmations_per_hour": env.count(
            "CONTACT_CONFIRMATIONS_PER_HOUR", CONFIRMATIONS_PER_HOUR
        ),
        "stripe_secret_key": stripe_key,
        "stripe_webhook_secret": stripe_webhook,
        "stripe_api_base": stripe_base,
    }


def _stripe(env: _Env) -> tuple[str, str, str]:
    """Stripe's secret key and webhook signing secret (both or neither), and the tests' API
    base. The problems never quote a key."""
    key = env.text("CONTACT_STRIPE_SECRET_KEY")
    webhook = env.text("CONTACT_STRIPE_WEBHOOK_SECRET")
    base = env.text("CONTACT_STRIPE_API_BASE").rstrip("/")
    if bool(key) != bool(webhook):
        env.problem(
            "set both CONTACT_STRIPE_SECRET_KEY and CONTACT_STRIPE_WEBHOOK_SECRET to take "
            "deposits, or neither"
        )
    if key and not key.startswith(("sk_", "rk_")):
        env.problem("CONTACT_STRIPE_SECRET_KEY must be a Stripe secret key (sk_... or rk_...)")
    if webhook and not webhook.startswith("whsec_"):
        env.problem("CONTACT_STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)")
    if base and not base.startswith(("https://", "http://")):
        env.problem("CONTACT_STRIPE_API_BASE must start with https:// or http://")
    return key, webhook, base


def _artist_emails_file(env: _Env) -> Path | None:
    """CONTACT_ARTIST_EMAILS_FILE; a relative path is the function's root's (on Lambda the
    package's: deploy-function sets functions/contact/artist_emails.json)."""
    named = env.text("CONTACT_ARTIST_EMAILS_FILE")
    if not named:
        return None
    path = Path(named)
    return path if path.is_absolute() else PROJECT_ROOT / path


def _store(env: _Env) -> str:
    store = env.text("CONTACT_STORE", "sqlite").lower()
    if store not in STORES:
        env.problem(f"CONTACT_STORE must be one of {', '.join(STORES)}, got {store!r}")
    if env.on_lambda and store == "sqlite":
        # Lambda's disk is wiped with the instance: a message kept there would be lost.
        env.problem("CONTACT_STORE=sqlite cannot keep messages on AWS Lambda; use dynamodb")
    return store


def _notify_addresses(env: _Env) -> tuple[str, tuple[str, ...]]:
    notify_from, notify_to = env.text("CONTACT_NOTIFY_FROM"), env.names("CONTACT_NOTIFY_TO")
    if bool(notify_from) != bool(notify_to):
        env.problem("set both CONTACT_NOTIFY_FROM and CONTACT_NOTIFY_TO to send email, or neither")
    return notify_from, notify_to


def _site_url(env: _Env) -> str:
    site_url = env.text("CONTACT_SITE_URL").rstrip("/")
    if site_url and not site_url.startswith(("https://", "http://")):
        env.problem(f"CONTACT_SITE_URL must start with https://, got {site_url!r}")
    return site_url


def _megabytes_per_hour(env: _Env) -> int:
    default = LAMBDA_UPLOAD_MB_PER_HOUR if env.on_lambda else LOCAL_UPLOAD_MB_PER_HOUR
    megabytes = env.text("CONTACT_UPLOAD_MB_PER_HOUR", default)
    if megabytes.lower() in ("off", "none"):
        megabytes = "0"
    if not megabytes.isdigit():
        env.problem(
            f"CONTACT_UPLOAD_MB_PER_HOUR must be a whole number or 'off', got {megabytes!r}"
        )
        megabytes = "0"
    return int(megabytes)


def _proxy_secret(env: _Env) -> str:
    proxy_secret = env.text("CONTACT_PROXY_SECRET")
    if proxy_secret and len(proxy_secret) < MIN_SECRET_CHARS:
        env.problem(
            f"CONTACT_PROXY_SECRET must be at least {MIN_SECRET_CHARS} characters "
            "(deploy-function makes one)"
        )
    return proxy_secret


def _image_link_days(env: _Env) -> float:
    link_days = env.number("CONTACT_IMAGE_LINK_DAYS", IMAGE_LINK_DAYS)
    if not 0 < link_days <= 365:
        env.problem(f"CONTACT_IMAGE_LINK_DAYS must be from 1 to 365, got {link_days:g}")
    return link_days


def _spam_retention_days(env: _Env) -> float:
    retention = env.number("CONTACT_SPAM_RETENTION_DAYS", SPAM_RETENTION_DAYS)
    if retention == 0:
        env.problem("CONTACT_SPAM_RETENTION_DAYS must be more than 0")
    return retention
