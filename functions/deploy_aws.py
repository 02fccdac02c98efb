"""deploy-function's steps on AWS, each idempotent, sharing one boto3 session (imported when
they run, so other commands never load boto3)."""

from __future__ import annotations

import json
import logging
import math
import secrets
import time
from collections.abc import Callable
from pathlib import Path

from functions.contact.contract import MESSAGE_PATH
from functions.contact.handlers.settings import SPAM_RETENTION_DAYS
from functions.contact.models.booking import parse_booking
from functions.contact.models.references import MESSAGES, PENDING, PENDING_DAYS, SPAM
from functions.contact.models.retention import DEFAULT_RETENTION, Retention
from functions.deploy_alarm import alarm_on_pending_emails
from functions.deploy_iam import TRUST_POLICY, role_policy
from functions.deploy_options import DeployError, DeployOptions, error_code
from functions.deploy_package import HANDLER, code_sha256

log = logging.getLogger(__name__)


def spam_image_days() -> int:
    """S3 deletes an object at the first midnight (UTC) after its age passes the rule's days,
    so a day less than the spam's retention takes its images no later than the spam."""
    return max(1, math.ceil(float(SPAM_RETENTION_DAYS)) - 1)


def site_retention(dist: Path) -> Retention:
    """site.yaml's retention as the built site publishes it (api/booking.json), the
    defaults when there is none to read (docs/privacy.md)."""
    try:
        return parse_booking(
            json.loads((dist / "api" / "booking.json").read_text("utf-8"))
        ).retention
    except (OSError, ValueError):
        return DEFAULT_RETENTION


def lifecycle_rules(retention: Retention = DEFAULT_RETENTION) -> list[dict]:
    """Unattached uploads go after a day; the images of spam with the spam; a message's
    images, should the daily pass (logic/retention_pass.py) never delete them, once the
    longest any message can be kept has passed since they were stored (docs/privacy.md)."""
    return [
        {
            "ID": "unattached-uploads",
            "Filter": {"Prefix": f"{PENDING}/"},
            "Status": "Enabled",
            "Expiration": {"Days": PENDING_DAYS},
        },
        {
            "ID": "spam-images",
            "Filter": {"Prefix": f"{SPAM}/"},
            "Status": "Enabled",
            "Expiration": {"Days": spam_image_days()},
        },
        {
            "ID": "message-images",
            "Filter": {"Prefix": f"{MESSAGES}/"},
            "Status": "Enabled",
            "Expiration": {"Days": retention.longest_days()},
        },
    ]


def default_bucket(function_name: str, account: str, region: str) -> str:
    """<function>-uploads-<account>-<region>, as S3 allows (lower case, at most 63)."""
    base = function_name.lower().replace("_", "-")
    return f"{base}-uploads-{account}-{region}"[:63]


# SES's own protections of the function's mail (docs/contact.md, "Mail to strangers"): every
# email it sends goes with a configuration set that applies the account's suppression list
# to it, and publishes its bounces and complaints to CloudWatch.
SUPPRESSED_REASONS = ["BOUNCE", "COMPLAINT"]


def email_events_name(configuration_set: str) -> str:
    # Named after the set: unique per account and region, as some backends (moto) want.
    return f"{configuration_set}-bounces-and-complaints"


def email_events(configuration_set: str) -> dict:
    """The configuration set's event destination: bounces and complaints as CloudWatch
    metrics (namespace AWS/SES), by configuration set."""
    return {
        "Name": email_events_name(configuration_set),
        "Enabled": True,
        "MatchingEventTypes": ["bounce", "complaint"],
        "CloudWatchDestination": {
            "DimensionConfigurations": [
                {
                    "DimensionName": "ses:configuration-set",
                    "DimensionValueSource": "messageTag",
                    "DefaultDimensionValue": configuration_set,
                }
            ]
        },
    }


def _retry(
    what: str,
    call: Callable[[], object],
    retry_if: Callable[[Exception], bool],
    attempts: int = 10,
    pause: float = 3.0,
) -> object:
    for attempt in range(1, attempts + 1):
        try:
            return call()
        except Exception as exc:
            if attempt == attempts or not retry_if(exc):
                raise
            log.info("%s not ready yet (%s); retrying", what, exc)
            time.sleep(pause)
    raise AssertionError("unreachable")


def _wait_until_updated(lam, name: str, timeout_s: float = 120) -> None:  # noqa: ANN001 - boto3 client
    deadline = time.monotonic() + timeout_s
    while True:
        conf = lam.get_function_configuration(FunctionName=name)
        if (
            conf.get("State", "Active") != "Pending"
            and conf.get("LastUpdateStatus", "Successful") != "InProgress"
        ):
            if conf.get("LastUpdateStatus") == "Failed":
                raise DeployError(f"Lambda update failed: {conf.get('LastUpdateStatusReason')}")
            return
        if time.monotonic() > deadline:
            raise DeployError(f"Lambda function {name} did not become ready in {timeout_s:.0f}s")
        time.sleep(1)


class Deployer:
    """The deploy steps, each idempotent, sharing one boto3 session."""

    def __init__(self, options: DeployOptions, say: Callable[[str], None]):
        import boto3

        self.options = options
        self.say = say
        session = boto3.session.Session(region_name=options.region)
        self.client = lambda service: session.client(service, endpoint_url=options.endpoint_url)
        self.lam = self.client("lambda")
        self.proxy_secret = ""
        self.stripe: dict[str, str] = {}  # Stripe's keys as the function gets them
        self.new_proxy_secret = False  # made by this run: deploy() prints it, once

    def ensure_table(self) -> str:
        from functions.contact.dal.dynamodb import enable_expiry, table_definition

        dynamodb, name = self.client("dynamodb"), self.options.table
        try:
            arn = dynamodb.describe_table(TableName=name)["Table"]["TableArn"]
            self.say(f"table {name}: exists")
        except Exception as exc:
            if error_code(exc) != "ResourceNotFoundException":
                raise
            arn = dynamodb.create_table(**table_definition(name))["TableDescription"]["TableArn"]
            dynamodb.get_waiter("table_exists").wait(TableName=name, WaiterConfig={"Delay": 2})
            self.say(f"table {name}: created (on-demand)")
        # Point-in-time recovery (35 days of restorable history, docs/contact.md, "Restoring
        # the messages"): on for a new table, and for one made before or by hand.
        backups = dynamodb.describe_continuous_backups(TableName=name)
        recovery = backups["ContinuousBackupsDescription"].get("PointInTimeRecoveryDescription", {})
        if recovery.get("PointInTimeRecoveryStatus") != "ENABLED":
            dynamodb.update_continuous_backups(
                TableName=name,
                PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True},
            )
            self.say(f"table {name}: point-in-time recovery on (restorable for 35 days)")
        if enable_expiry(dynamodb, name):
            self.say(f"table {name}: time to live on (spam is deleted after its retention)")
        return arn

    def bucket_url(self, bucket: str) -> str:
        """Where Netlify forwards the form's image posts (dist/_redirects)."""
        if self.options.endpoint_url:
            return f"{self.options.endpoint_url.rstrip('/')}/{bucket}"
        return f"https://{bucket}.s3.{self.options.region}.amazonaws.com"

    def ensure_bucket(self) -> str:
        """The private bucket of reference images, with a lifecycle rule per prefix."""
        s3 = self.client("s3")
        name = self.options.uploads_bucket or self._default_bucket()
        try:
            s3.head_bucket(Bucket=name)
            self.say(f"bucket {name}: exists")
        except Exception as exc:
            if error_code(exc) == "403":
                raise DeployError(
                    f"bucket {name} belongs to another AWS account: name another with "
                    "--uploads-bucket"
                ) from exc
            if error_code(exc) not in ("404", "NoSuchBucket"):
                raise
            where = (
                {}
                if self.options.region == "us-east-1"
                else {"CreateBucketConfiguration": {"LocationConstraint": self.options.region}}
            )
            s3.create_bucket(Bucket=name, **where)
            self.say(f"bucket {name}: created")
        self._lock_bucket(s3, name)
        origins = self.options.upload_origins
        if origins:
            self._allow_site_posts(s3, name, origins)
            self.say(f"bucket {name}: images may be posted from {', '.join(origins)}")
        self.say(
            f"bucket {name}: private, encrypted; unattached uploads deleted after "
            f"{PENDING_DAYS} day, spam's images after {spam_image_days()} days, a message's "
            f"with it (at the latest {site_retention(self.options.dist).longest_days()} days)"
        )
        return name

    def _lock_bucket(self, s3, name: str) -> None:  # noqa: ANN001 - boto3 s3 client
        """Private (no public access, no ACLs), encrypted, a lifecycle rule per prefix."""
        s3.put_public_access_block(
            Bucket=name,
            PublicAccessBlockConfiguration={
                "BlockPublicAcls": True,
                "IgnorePublicAcls": True,
                "BlockPublicPolicy": True,
                "RestrictPublicBuckets": True,
            },
        )
        s3.put_bucket_ownership_controls(
            Bucket=name,
            OwnershipControls={"Rules": [{"ObjectOwnership": "BucketOwnerEnforced"}]},
        )
        s3.put_bucket_encryption(
            Bucket=name,
            ServerSideEncryptionConfiguration={
                "Rules": [
                    {
                        "ApplyServerSideEncryptionByDefault": {"SSEAlgorithm": "AES256"},
                        "BucketKeyEnabled": True,
                    }
                ]
            },
        )
        s3.put_bucket_lifecycle_configuration(
            Bucket=name,
            LifecycleConfiguration={"Rules": lifecycle_rules(site_retention(self.options.dist))},
        )

    def _allow_site_posts(self, s3, name: str, origins: list[str]) -> None:  # noqa: ANN001
        # The browser posts to the site, and Netlify's proxy forwards its Origin header:
        # S3 is told those origins (the domain's, and the Netlify address's when given, for
        # trying the site before the domain points at it), and only they, may post.
        s3.put_bucket_cors(
            Bucket=name,
            CORSConfiguration={
                "CORSRules": [
                    {
                        "AllowedOrigins": origins,
                        "AllowedMethods": ["POST"],
                        "AllowedHeaders": ["*"],
                        "MaxAgeSeconds": 600,
                    }
                ]
            },
        )

    def _default_bucket(self) -> str:
        account = self.client("sts").get_caller_identity()["Account"]
        return default_bucket(self.options.function_name, account, self.options.region)

    def ensure_email_protections(self) -> str:
        """The SES configuration set the function sends with (named after it): the account's
        suppression list applied to every email (an address that bounced or complained gets
        none again), bounces and complaints published to CloudWatch. Its name."""
        name = self.options.function_name
        sesv2 = self.client("sesv2")
        try:
            sesv2.get_configuration_set(ConfigurationSetName=name)
            self.say(f"email configuration set {name}: exists")
        except Exception as exc:
            if error_code(exc) not in ("NotFoundException", "ConfigurationSetDoesNotExist"):
                raise
            sesv2.create_configuration_set(
                ConfigurationSetName=name,
                SuppressionOptions={"SuppressedReasons": SUPPRESSED_REASONS},
                ReputationOptions={"ReputationMetricsEnabled": True},
            )
            self.say(
                f"email configuration set {name}: created (addresses on the account's "
                "suppression list for a bounce or a complaint are not mailed)"
            )
        # SES's first API holds event destinations the same way, and has the call to list
        # them with the set (DescribeConfigurationSet).
        ses = self.client("ses")
        described = ses.describe_configuration_set(
            ConfigurationSetName=name, ConfigurationSetAttributeNames=["eventDestinations"]
        )
        events = email_events_name(name)
        if not any(d and d.get("Name") == events for d in described["EventDestinations"]):
            ses.create_configuration_set_event_destination(
                ConfigurationSetName=name, EventDestination=email_events(name)
            )
            self.say(f"email configuration set {name}: bounces and complaints go to CloudWatch")
        return name

    def ensure_role(self, table_arn: str, bucket: str) -> str:
        iam, name = self.client("iam"), self.options.role_name
        try:
            role_arn = iam.get_role(RoleName=name)["Role"]["Arn"]
        except Exception as exc:
            if error_code(exc) != "NoSuchEntity":
                raise
            role_arn = iam.create_role(
                RoleName=name,
                AssumeRolePolicyDocument=json.dumps(TRUST_POLICY),
                Description="Runs the studio's contact function",
            )["Role"]["Arn"]
            self.say(f"role {name}: created")
        iam.put_role_policy(
            RoleName=name,
            PolicyName="contact-function",
            PolicyDocument=json.dumps(role_policy(table_arn, bucket)),
        )
        return role_arn

    def ensure_function(
        self, role_arn: str, zip_bytes: bytes, bucket: str, configuration_set: str = ""
    ) -> tuple[str, bool, bool]:
        """(function ARN, created, code updated)."""
        options, lam, name = self.options, self.lam, self.options.function_name
        try:
            existing = lam.get_function(FunctionName=name)["Configuration"]
        except Exception as exc:
            if error_code(exc) != "ResourceNotFoundException":
                raise
            existing = None
        # The key of the image links in emails already sent: kept, so they keep working.
        variables = ((existing or {}).get("Environment") or {}).get("Variables") or {}
        link_secret = variables.get("CONTACT_LINK_SECRET") or secrets.token_hex(32)
        # Netlify's copy of it must match: kept across deploys unless the operator names one.
        kept = variables.get("CONTACT_PROXY_SECRET")
        self.proxy_secret = (options.proxy_secret or "").strip() or kept or secrets.token_hex(32)
        self.new_proxy_secret = self.proxy_secret != kept and not options.proxy_secret
        # Stripe's keys: the operator's when given, else the ones the function has.
        given = {
            "CONTACT_STRIPE_SECRET_KEY": options.stripe_secret_key,
            "CONTACT_STRIPE_WEBHOOK_SECRET": options.stripe_webhook_secret,
        }
        self.stripe = {k: (v or "").strip() or variables.get(k, "") for k, v in given.items()}
        configuration = {
            "Role": role_arn,
            "Handler": HANDLER,
            "Runtime": options.runtime,
            "MemorySize": options.memory_mb,
            "Timeout": options.timeout_s,
            "Environment": {
                "Variables": options.environment(
                    bucket, link_secret, self.proxy_secret, configuration_set, self.stripe
                )
            },
            "Description": f"POST {MESSAGE_PATH} of the studio site",
        }

        # A new role takes a few seconds to become assumable by Lambda.
        def role_not_ready(exc: Exception) -> bool:
            return error_code(exc) == "InvalidParameterValueException" and "assumed" in str(exc)

        if existing is None:
            created = _retry(
                "role",
                lambda: lam.create_function(
                    FunctionName=name, Code={"ZipFile": zip_bytes}, Publish=True, **configuration
                ),
                role_not_ready,
            )
            self.say(f"function {name}: created")
            _wait_until_updated(lam, name)
            return created["FunctionArn"], True, True
        code_updated = existing.get("CodeSha256") != code_sha256(zip_bytes)
        if code_updated:
            _wait_until_updated(lam, name)
            lam.update_function_code(FunctionName=name, ZipFile=zip_bytes, Publish=True)
        _wait_until_updated(lam, name)
        _retry(
            "role",
            lambda: lam.update_function_configuration(FunctionName=name, **configuration),
            role_not_ready,
        )
        self.say(f"function {name}: {'code and ' if code_updated else ''}configuration updated")
        _wait_until_updated(lam, name)
        return existing["FunctionArn"], False, code_updated

    def ensure_url(self) -> str:
        lam, name = self.lam, self.options.function_name
        try:
            return lam.get_function_url_config(FunctionName=name)["FunctionUrl"]
        except Exception as exc:
            if error_code(exc) != "ResourceNotFoundException":
                raise
        url = lam.create_function_url_config(FunctionName=name, AuthType="NONE")["FunctionUrl"]
        # A public URL needs both grants since October 2025 (AWS Lambda developer guide,
        # "Control access to Lambda function URLs").
        lam.add_permission(
            FunctionName=name,
            StatementId="public-function-url",
            Action="lambda:InvokeFunctionUrl",
            Principal="*",
            FunctionUrlAuthType="NONE",
        )
        lam.add_permission(
            FunctionName=name,
            StatementId="public-function-url-invoke",
            Action="lambda:InvokeFunction",
            Principal="*",
            InvokedViaFunctionUrl=True,
        )
        self.say("function URL: created")
        return url

    def cap_concurrency(self) -> None:
        # Caps cost and spam throughput; each instance also keeps its own rate-limit memory.
        self.lam.put_function_concurrency(
            FunctionName=self.options.function_name,
            ReservedConcurrentExecutions=self.options.reserved_concurrency,
        )

    def schedule_send_pending(self, function_arn: str) -> None:
        """Every N minutes EventBridge invokes the function to re-send pending emails."""
        minutes = self.options.schedule_minutes
        self._schedule(
            function_arn,
            "send-pending",
            f"rate({minutes} minute{'s' if minutes > 1 else ''})",
            "Re-send contact emails that failed",
        )

    def _schedule(
        self, function_arn: str, what: str, expression: str, about: str, event: dict | None = None
    ) -> None:
        """An EventBridge rule <function>-<what> invoking the function on expression, with
        event as its input (None: EventBridge's scheduled event), allowed to invoke it."""
        events, name = self.client("events"), self.options.function_name
        rule = f"{name}-{what}"
        rule_arn = events.put_rule(
            Name=rule, ScheduleExpression=expression, State="ENABLED", Description=about
        )["RuleArn"]
        target = {"Id": "contact-function", "Arn": function_arn}
        if event is not None:
            target["Input"] = json.dumps(event)
        events.put_targets(Rule=rule, Targets=[target])
        try:
            self.lam.add_permission(
                FunctionName=name,
                StatementId=f"{what}-schedule",
                Action="lambda:InvokeFunction",
                Principal="events.amazonaws.com",
                SourceArn=rule_arn,
            )
        except Exception as exc:
            if error_code(exc) != "ResourceConflictException":  # granted by an earlier deploy
                raise

    def schedule_spam_digest(self, function_arn: str, cron: str) -> None:
        """Once a day EventBridge invokes the function to email the spam digest
        (functions/contact/spam_review.py)."""
        self._schedule(
            function_arn,
            "spam-digest",
            cron,
            "Email the studio what the spam traps kept (days with something only)",
            {"action": "send-spam-digest"},
        )

    def schedule_after_sessions(self, function_arn: str, cron: str) -> None:
        """Every evening EventBridge invokes the function to email the aftercare guides of
        the day's sessions (functions/contact/logic/after_booking.py)."""
        self._schedule(
            function_arn,
            "after-sessions",
            cron,
            "Email the aftercare guide on the evening of a session's day",
            {"action": "send-after-sessions"},
        )

    def alarm_on_pending_emails(self) -> str:
        """An alarm, emailed through SNS, when a studio email fails (deploy_alarm.py)."""
        return alarm_on_pending_emails(self.client, self.options, self.say)
