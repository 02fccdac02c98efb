"""Package the contact function and create or update it on AWS with boto3.

Idempotent: run it after every build. It ensures, in order, the DynamoDB table (with time
to live for spam), the S3 bucket of reference images (private, encrypted, a lifecycle rule
per prefix), the IAM role and its inline policy, the Lambda function (code +
configuration), its public Function URL, reserved concurrency, a schedule that
re-sends pending emails, a daily one that emails the spam digest, and alarms emailed when
a studio email fails, when the function needs attention, fails or turns requests away. The
function reads the artists from the published site
(CONTACT_SITE_URL, the built site's base URL unless --site-url says otherwise); the built
site's api/artists.json is baked into the package as the list to use when it cannot.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from functions.contact.contract import STRIPE_WEBHOOK_PATH
from functions.contact.handlers.proxy import MIN_SECRET_CHARS
from functions.deploy_aws import Deployer
from functions.deploy_options import DeployError, DeployOptions, site_url
from functions.deploy_package import code_sha256, package

# The command's parts, for build.py and the tests: `from functions import deploy`.
__all__ = [
    "DeployError",
    "DeployOptions",
    "DeployResult",
    "code_sha256",
    "deploy",
    "package",
    "site_url",
]


# Said loudly whenever the function has a proxy secret Netlify cannot have yet (new).
PROXY_SECRET_WARNING = (
    "WARNING: the site is not ready until Netlify has CONTACT_PROXY_SECRET: without it every "
    "request through the site arrives unsigned, the visitors share one limit for all of "
    "them (CONTACT_UNSIGNED_RATE_LIMIT), and the function logs that it needs attention "
    "(README, Deployment step 4)."
)


def private_addresses(content: Path, say: Callable[[str], None]) -> dict[str, str]:
    """{slug: private address} of the content's artist files; DeployError naming each
    problem (file:line: field) when one of them has one."""
    from generator.content.private import read_artist_emails
    from generator.errors import ContentError

    if not content.is_dir():
        say(f"no content folder at {content} (--content): every request goes to the studio")
        return {}
    try:
        return read_artist_emails(content)
    except ContentError as error:
        raise DeployError(f"the artist files have problems:\n{error}") from error


@dataclass(frozen=True)
class DeployResult:
    function_arn: str
    url: str
    created: bool
    code_updated: bool
    artists: list[str]


def deploy(options: DeployOptions, say: Callable[[str], None] = print) -> DeployResult:
    """Create or update everything the function needs, in order; safe to run again."""
    if options.proxy_secret and len(options.proxy_secret.strip()) < MIN_SECRET_CHARS:
        raise DeployError(f"the proxy secret must be at least {MIN_SECRET_CHARS} characters")
    digest_cron = options.spam_digest_cron  # a bad --spam-digest stops it before AWS is touched
    evening_cron = options.after_sessions_cron  # as does a bad --after-sessions
    if options.netlify_url:
        options.upload_origins  # noqa: B018 - so does a bad --netlify-url (DeployError)
    emails = private_addresses(options.content, say)
    zip_bytes, artists = package(options.dist, emails)
    say(
        f"packaged {len(zip_bytes) / 1024:.0f} KiB; "
        f"artists accepted: {', '.join(sorted(artists)) or '(none)'}"
    )
    if emails:  # the slugs only: the addresses are private
        say(f"requests go to their artist (the studio in Cc): {', '.join(sorted(emails))}")
    options = replace(options, site_url=(options.site_url or site_url(options.dist) or None))
    if options.site_url:
        say(f"artists added later are read from {options.site_url.rstrip('/')}/api/artists")
    else:
        say("no site URL (--site-url): artists added later are refused until the next deploy")
    aws = Deployer(options, say)
    table_arn = aws.ensure_table()
    bucket = aws.ensure_bucket()
    role_arn = aws.ensure_role(table_arn, bucket)
    configuration_set = aws.ensure_email_protections()
    arn, created, code_updated = aws.ensure_function(role_arn, zip_bytes, bucket, configuration_set)
    url = aws.ensure_url()
    if options.reserved_concurrency:
        aws.cap_concurrency()
    if options.schedule_minutes:
        aws.schedule_send_pending(arn)
    if digest_cron:
        aws.schedule_spam_digest(arn, digest_cron)
    if evening_cron:
        aws.schedule_after_sessions(arn, evening_cron)
    if options.alarm_recipients:
        aws.alarm_on_pending_emails()
    say(f"Function URL: {url}")
    # Stripe posts its events straight to the function (docs/contact.md, "Deposits").
    say(
        f"Stripe webhook: register {url.rstrip('/')}{STRIPE_WEBHOOK_PATH} in Stripe's "
        "dashboard (Developers, Webhooks) for the events checkout.session.completed and "
        "checkout.session.async_payment_succeeded, and give its signing secret as "
        "CONTACT_STRIPE_WEBHOOK_SECRET."
    )
    if not all(aws.stripe.values()):
        say(
            "Deposits are off: set CONTACT_STRIPE_SECRET_KEY and CONTACT_STRIPE_WEBHOOK_SECRET "
            "(both) and deploy again to take them."
        )
    say(
        f"Set CONTACT_FUNCTION_URL={url} and CONTACT_UPLOADS_URL={aws.bucket_url(bucket)} "
        "in the Netlify site's environment, then rebuild."
    )
    if aws.new_proxy_secret:
        say(
            f"Set CONTACT_PROXY_SECRET={aws.proxy_secret} in the Netlify site's environment "
            "too (scopes: Runtime and Builds), as a secret: Netlify signs what it forwards to "
            "the function with it, and only signed requests name their visitor."
        )
        say(PROXY_SECRET_WARNING)
    return DeployResult(arn, url, created, code_updated, sorted(artists))
