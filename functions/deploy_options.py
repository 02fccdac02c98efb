"""What deploy-function is told: its options (build.py makes one command-line option per
field) and the built site's base URL."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

# Where the package keeps the artists' private addresses (deploy_package.py), relative to its
# root: the function is told so by CONTACT_ARTIST_EMAILS_FILE (environment below).
ARTIST_EMAILS = "functions/contact/artist_emails.json"


class DeployError(Exception):
    pass


def error_code(exc: Exception) -> str:
    """The AWS error code of a botocore ClientError, or "" for any other exception."""
    response = getattr(exc, "response", None)
    return response.get("Error", {}).get("Code", "") if isinstance(response, dict) else ""


def option(help: str, envvar: str | None = None) -> dict:
    """Marks a DeployOptions field as a command-line option (build.py makes one per field)."""
    return {"help": help, "envvar": envvar}


@dataclass(frozen=True)
class DeployOptions:
    region: str = field(metadata=option("AWS region (or AWS_REGION).", "AWS_REGION"))
    notify_from: str = field(
        metadata=option(
            "SES-verified sender address (or CONTACT_NOTIFY_FROM).", "CONTACT_NOTIFY_FROM"
        )
    )
    notify_to: str = field(
        metadata=option(
            "Studio address(es), comma separated (or CONTACT_NOTIFY_TO).", "CONTACT_NOTIFY_TO"
        )
    )
    dist: Path = field(
        default=Path("dist"), metadata=option("Built site whose artists the function accepts.")
    )
    content: Path = field(
        default=Path("content"),
        metadata=option(
            "Content folder whose artists' private email: addresses go into the package "
            "(requests to those artists go to them, the studio in Cc)."
        ),
    )
    function_name: str = field(default="studio-contact", metadata=option("Lambda name."))
    role_name: str = field(default="studio-contact-function", metadata=option("IAM role."))
    table: str = field(default="studio-contact-messages", metadata=option("DynamoDB table name."))
    endpoint_url: str | None = field(
        default=None, metadata=option("AWS-compatible endpoint (e.g. a moto server).")
    )
    reserved_concurrency: int = field(
        default=5, metadata=option("Most instances at once (0: no cap).")
    )
    rate_limit: str = field(default="5/600", metadata=option("Posts/seconds per visitor."))
    schedule_minutes: int = field(
        default=15, metadata=option("Re-send pending emails every N minutes (0: no schedule).")
    )
    spam_digest: str = field(
        default="13:00",
        metadata=option(
            "UTC time (HH:MM) of the daily email listing what the spam traps kept, sent only "
            "on days they kept something (13:00 UTC: 7 or 8 am in Dallas; 'off': none)."
        ),
    )
    after_sessions: str = field(
        default="00:30",
        metadata=option(
            "UTC time (HH:MM) of the evening run that emails the aftercare guide on a "
            "session's day (00:30 UTC: 6:30 pm in Dallas in winter, 7:30 pm in summer; the "
            "function sends it only from 6 pm studio time, docs/consent.md; 'off': none, "
            "the daily run sends it the next morning)."
        ),
    )
    studio_name: str = field(default="Website", metadata=option("Email subject prefix."))
    site_url: str | None = field(
        default=None,
        metadata=option(
            "Published site whose /api/artists the function reads (default: the built "
            "site's base_url)."
        ),
    )
    netlify_url: str | None = field(
        default=None,
        metadata=option(
            "The Netlify site's own address (https://<name>.netlify.app): reference images "
            "may be posted from it too, besides the site URL, so the form can be tried "
            "there before the domain points at Netlify (README, Deployment)."
        ),
    )
    uploads_bucket: str | None = field(
        default=None,
        metadata=option(
            "S3 bucket for reference images (default: <function>-uploads-<account>-<region>)."
        ),
    )
    proxy_secret: str | None = field(
        default=None,
        metadata=option(
            "Secret Netlify signs the requests it proxies to the function with (or "
            "CONTACT_PROXY_SECRET; the same value goes in Netlify's environment). Default: "
            "the function's current one, else a new one, printed once.",
            "CONTACT_PROXY_SECRET",
        ),
    )
    alarm_email: str | None = field(
        default=None,
        metadata=option(
            "Address(es), comma separated, emailed (through SNS) when a studio email fails "
            "and its message stays pending (default: --notify-to; 'off': no alarm)."
        ),
    )
    stripe_secret_key: str | None = field(
        default=None,
        metadata=option(
            "Stripe secret key for deposits (or CONTACT_STRIPE_SECRET_KEY; docs/contact.md, "
            "Deposits). Default: the function's current one; none at all: no deposits.",
            "CONTACT_STRIPE_SECRET_KEY",
        ),
    )
    stripe_webhook_secret: str | None = field(
        default=None,
        metadata=option(
            "Signing secret (whsec_...) of the webhook endpoint registered in Stripe (or "
            "CONTACT_STRIPE_WEBHOOK_SECRET). Default: the function's current one.",
            "CONTACT_STRIPE_WEBHOOK_SECRET",
        ),
    )
    runtime: str = "python3.12"
    memory_mb: int = 256
    timeout_s: int = 20  # under Netlify's 26 s proxy timeout
    min_fill_ms: int = 3000
    # Netlify names the visitor in the first; X-Forwarded-For is the fallback for a proxy
    # that does not send it.
    client_ip_headers: str = "x-nf-client-connection-ip,x-forwarded-for"
    extra_env: dict[str, str] = field(default_factory=dict)

    @property
    def spam_digest_cron(self) -> str | None:
        """The EventBridge schedule of the spam digest, None when it is off; DeployError for
        a time that is not HH:MM."""
        return _daily_cron(self.spam_digest, "--spam-digest")

    @property
    def after_sessions_cron(self) -> str | None:
        """The EventBridge schedule of the evening's aftercare run, None when it is off;
        DeployError for a time that is not HH:MM. EventBridge rules run on UTC, so one
        time falls an hour later in the studio's summer than in its winter: the default
        is after EVENING_HOUR (after_booking.py) in both, for US Central time."""
        return _daily_cron(self.after_sessions, "--after-sessions")

    @property
    def alarm_recipients(self) -> tuple[str, ...]:
        """Who the pending-emails alarm notifies; () when it is turned off."""
        if (self.alarm_email or "").strip().lower() == "off":
            return ()
        return _addresses(self.alarm_email if self.alarm_email is not None else self.notify_to)

    @property
    def upload_origins(self) -> list[str]:
        """The origins (scheme://host) allowed to post reference images: the site's and
        the Netlify address's, each once; DeployError for a Netlify address that is not
        https:// (the site URL is the build's base_url, checked by the build)."""
        origins: list[str] = []
        for url, checked in ((self.site_url, False), (self.netlify_url, True)):
            parts = urlsplit((url or "").strip())
            if checked and url and (parts.scheme != "https" or not parts.netloc):
                raise DeployError(f"--netlify-url must be an https:// address, got {url!r}")
            origin = f"{parts.scheme}://{parts.netloc}".lower() if parts.netloc else ""
            if origin and origin not in origins:
                origins.append(origin)
        return origins

    @property
    def recipients(self) -> tuple[str, ...]:
        return _addresses(self.notify_to)

    def environment(
        self,
        bucket: str = "",
        link_secret: str = "",
        proxy_secret: str = "",
        configuration_set: str = "",
        stripe: dict[str, str] | None = None,
    ) -> dict[str, str]:
        uploads = {"CONTACT_UPLOADS_BUCKET": bucket} if bucket else {}
        return {
            "CONTACT_STORE": "dynamodb",
            "CONTACT_TABLE": self.table,
            "CONTACT_NOTIFY_FROM": self.notify_from,
            "CONTACT_NOTIFY_TO": ",".join(self.recipients),
            "CONTACT_RATE_LIMIT": self.rate_limit,
            "CONTACT_MIN_FILL_MS": str(self.min_fill_ms),
            "CONTACT_CLIENT_IP_HEADER": self.client_ip_headers,
            # Those headers count only on requests Netlify signed with this (proxy.py).
            **({"CONTACT_PROXY_SECRET": proxy_secret} if proxy_secret else {}),
            "CONTACT_STUDIO_NAME": self.studio_name,
            **({"CONTACT_SITE_URL": self.site_url} if self.site_url else {}),
            **uploads,
            # Signs the image links of the studio's email and the spam digest's links.
            **({"CONTACT_LINK_SECRET": link_secret} if link_secret else {}),
            # SES's suppression list and bounce and complaint events (deploy_aws.py).
            **({"CONTACT_SES_CONFIGURATION_SET": configuration_set} if configuration_set else {}),
            # Deposits: Stripe's keys, the operator's or the function's current ones.
            **{name: value for name, value in (stripe or {}).items() if value},
            # The artists' private addresses, in the package (deploy_package.py).
            "CONTACT_ARTIST_EMAILS_FILE": ARTIST_EMAILS,
            **self.extra_env,
        }


def _daily_cron(given: str, flag: str) -> str | None:
    """An EventBridge cron for once a day at a UTC HH:MM; None for 'off'."""
    text = given.strip().lower()
    if text == "off":
        return None
    match = re.fullmatch(r"([01]?[0-9]|2[0-3]):([0-5][0-9])", text)
    if not match:
        raise DeployError(f"{flag} must be a UTC time as HH:MM or 'off', got {text!r}")
    hour, minute = int(match.group(1)), int(match.group(2))
    return f"cron({minute} {hour} * * ? *)"


def _addresses(text: str) -> tuple[str, ...]:
    """A comma-separated list of addresses, each stripped, empty ones left out."""
    return tuple(a.strip() for a in text.split(",") if a.strip())


def site_url(dist: Path) -> str | None:
    """The built site's base URL (api/site.json), where the function finds /api/artists."""
    try:
        data = json.loads((dist / "api" / "site.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    url = data.get("baseUrl") if isinstance(data, dict) else None
    return url.rstrip("/") if isinstance(url, str) and url.startswith("http") else None
