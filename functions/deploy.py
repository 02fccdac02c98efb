"""Package the contact function and create or update it on AWS with boto3.

Idempotent: run it after every build. It ensures, in order, the DynamoDB table (with time
to live for spam), the S3 bucket of reference images (private, encrypted, a lifecycle rule
per prefix), the IAM role and its inline policy, the Lambda function (code +
configuration), its public Function URL, reserved concurrency, and a schedule that
re-sends pending emails. The function reads the artists from the published site
(CONTACT_SITE_URL, the built site's base URL unless --site-url says otherwise); the built
site's api/artists.json is baked into the package as the list to use when it cannot.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import io
import json
import logging
import math
import secrets
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import urlsplit

from functions.contact.proxy import MIN_SECRET_CHARS
from functions.contact.references import MESSAGES, PENDING, PENDING_DAYS, SPAM
from functions.contact.settings import SPAM_RETENTION_DAYS

log = logging.getLogger(__name__)

FUNCTIONS_DIR = Path(__file__).resolve().parent
HANDLER = "functions.contact.handler.handler"
# Pure-Python libraries the function imports that the Lambda runtime lacks (boto3 is there).
BUNDLED_DISTRIBUTIONS = ("email-validator", "dnspython", "idna", "PyJWT")
ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed, so the same code gives the same CodeSha256

TRUST_POLICY = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Principal": {"Service": "lambda.amazonaws.com"},
            "Action": "sts:AssumeRole",
        }
    ],
}


class DeployError(Exception):
    pass


def spam_image_days() -> int:
    """S3 deletes an object at the first midnight (UTC) after its age passes the rule's days,
    so a day less than the spam's retention takes its images no later than the spam."""
    return max(1, math.ceil(float(SPAM_RETENTION_DAYS)) - 1)


def lifecycle_rules() -> list[dict]:
    """Unattached uploads go after a day; the images of spam with the spam."""
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
    ]


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
    studio_name: str = field(default="Website", metadata=option("Email subject prefix."))
    site_url: str | None = field(
        default=None,
        metadata=option(
            "Published site whose /api/artists the function reads (default: the built "
            "site's base_url)."
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
    runtime: str = "python3.12"
    memory_mb: int = 256
    timeout_s: int = 20  # under Netlify's 26 s proxy timeout
    min_fill_ms: int = 3000
    # Netlify names the visitor in the first; X-Forwarded-For is the fallback for a proxy
    # that does not send it.
    client_ip_headers: str = "x-nf-client-connection-ip,x-forwarded-for"
    extra_env: dict[str, str] = field(default_factory=dict)

    @property
    def recipients(self) -> tuple[str, ...]:
        return tuple(a.strip() for a in self.notify_to.split(",") if a.strip())

    def environment(
        self, bucket: str = "", link_secret: str = "", proxy_secret: str = ""
    ) -> dict[str, str]:
        uploads = (
            {"CONTACT_UPLOADS_BUCKET": bucket, "CONTACT_LINK_SECRET": link_secret} if bucket else {}
        )
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
            **self.extra_env,
        }


@dataclass(frozen=True)
class DeployResult:
    function_arn: str
    url: str
    created: bool
    code_updated: bool
    artists: list[str]


def known_artists(dist: Path) -> dict[str, str]:
    path = dist / "api" / "artists.json"
    if not path.is_file():
        raise DeployError(
            f"{path} not found: run `python build.py build` first (the function "
            "accepts the artists of the built site)"
        )
    artists = json.loads(path.read_text("utf-8"))
    return {a["slug"]: a.get("name") or a["slug"] for a in artists}


def site_url(dist: Path) -> str | None:
    """The built site's base URL (api/site.json), where the function finds /api/artists."""
    try:
        data = json.loads((dist / "api" / "site.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    url = data.get("baseUrl") if isinstance(data, dict) else None
    return url.rstrip("/") if isinstance(url, str) and url.startswith("http") else None


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, ZIP_DATE)
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)


def package(dist: Path) -> tuple[bytes, dict[str, str]]:
    """The deployment zip (byte-for-byte reproducible) and the artists baked into it."""
    artists = known_artists(dist)
    files: dict[str, bytes] = {
        "functions/__init__.py": (FUNCTIONS_DIR / "__init__.py").read_bytes()
    }
    for path in sorted((FUNCTIONS_DIR / "contact").glob("*.py")):
        files[f"functions/contact/{path.name}"] = path.read_bytes()
    files["functions/contact/choices.json"] = (
        FUNCTIONS_DIR / "contact" / "choices.json"
    ).read_bytes()
    files["functions/contact/known_artists.json"] = json.dumps(
        artists, ensure_ascii=False, indent=1, sort_keys=True
    ).encode("utf-8")
    for name in BUNDLED_DISTRIBUTIONS:
        dist_files = importlib.metadata.files(name) or []
        for entry in dist_files:
            rel = str(entry)
            if rel.startswith("..") or "__pycache__" in rel or rel.endswith((".pyc", "RECORD")):
                continue
            files[rel] = Path(entry.locate()).read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(files):
            _add(archive, name, files[name])
    return buffer.getvalue(), artists


def code_sha256(zip_bytes: bytes) -> str:
    """As Lambda reports it: base64 of the SHA-256 digest."""
    return base64.b64encode(hashlib.sha256(zip_bytes).digest()).decode()


def _policy(table_arn: str, bucket: str) -> dict:
    objects = [f"arn:aws:s3:::{bucket}/{prefix}/*" for prefix in (PENDING, MESSAGES, SPAM)]
    return {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Effect": "Allow",
                "Action": ["logs:CreateLogGroup", "logs:CreateLogStream", "logs:PutLogEvents"],
                "Resource": "*",
            },
            {
                "Effect": "Allow",
                "Action": [
                    "dynamodb:PutItem",
                    "dynamodb:UpdateItem",
                    "dynamodb:GetItem",
                    "dynamodb:Query",
                    "dynamodb:Scan",
                ],
                "Resource": [table_arn, f"{table_arn}/index/*"],
            },
            {"Effect": "Allow", "Action": ["ses:SendEmail", "ses:SendRawEmail"], "Resource": "*"},
            # Presigned POSTs and GETs are signed with this role: it needs what they allow.
            # Copy reads pending/ and writes messages/ or spam/; attached uploads are deleted.
            {
                "Effect": "Allow",
                "Action": ["s3:PutObject", "s3:GetObject", "s3:DeleteObject"],
                "Resource": objects,
            },
            # Without it S3 answers 403 instead of 404 for an upload that is not there.
            {"Effect": "Allow", "Action": "s3:ListBucket", "Resource": f"arn:aws:s3:::{bucket}"},
        ],
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
        except Exception as exc:  # noqa: BLE001 - retry_if decides
            if attempt == attempts or not retry_if(exc):
                raise
            log.info("%s not ready yet (%s); retrying", what, exc)
            time.sleep(pause)
    raise AssertionError("unreachable")


def _wait_until_updated(lam, name: str, timeout_s: float = 120) -> None:  # noqa: ANN001
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


def deploy(options: DeployOptions, say: Callable[[str], None] = print) -> DeployResult:
    """Create or update everything the function needs, in order; safe to run again."""
    if options.proxy_secret and len(options.proxy_secret.strip()) < MIN_SECRET_CHARS:
        raise DeployError(f"the proxy secret must be at least {MIN_SECRET_CHARS} characters")
    zip_bytes, artists = package(options.dist)
    say(
        f"packaged {len(zip_bytes) / 1024:.0f} KiB; "
        f"artists accepted: {', '.join(sorted(artists)) or '(none)'}"
    )
    options = replace(options, site_url=(options.site_url or site_url(options.dist) or None))
    if options.site_url:
        say(f"artists added later are read from {options.site_url.rstrip('/')}/api/artists")
    else:
        say("no site URL (--site-url): artists added later are refused until the next deploy")
    aws = _Deployer(options, say)
    table_arn = aws.ensure_table()
    bucket = aws.ensure_bucket()
    role_arn = aws.ensure_role(table_arn, bucket)
    arn, created, code_updated = aws.ensure_function(role_arn, zip_bytes, bucket)
    url = aws.ensure_url()
    if options.reserved_concurrency:
        aws.cap_concurrency()
    if options.schedule_minutes:
        aws.schedule_send_pending(arn)
    say(f"Function URL: {url}")
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
    return DeployResult(arn, url, created, code_updated, sorted(artists))


def _error_code(exc: Exception) -> str:
    response = getattr(exc, "response", None)
    return response.get("Error", {}).get("Code", "") if isinstance(response, dict) else ""


class _Deployer:
    """The deploy steps, each idempotent, sharing one boto3 session."""

    def __init__(self, options: DeployOptions, say: Callable[[str], None]):
        import boto3

        self.options = options
        self.say = say
        session = boto3.session.Session(region_name=options.region)
        self.client = lambda service: session.client(service, endpoint_url=options.endpoint_url)
        self.lam = self.client("lambda")
        self.proxy_secret = ""
        self.new_proxy_secret = False  # made by this run: deploy() prints it, once

    def ensure_table(self) -> str:
        from functions.contact.aws import enable_expiry, table_definition

        dynamodb, name = self.client("dynamodb"), self.options.table
        try:
            arn = dynamodb.describe_table(TableName=name)["Table"]["TableArn"]
            self.say(f"table {name}: exists")
        except Exception as exc:
            if _error_code(exc) != "ResourceNotFoundException":
                raise
            arn = dynamodb.create_table(**table_definition(name))["TableDescription"]["TableArn"]
            dynamodb.get_waiter("table_exists").wait(TableName=name, WaiterConfig={"Delay": 2})
            dynamodb.update_continuous_backups(
                TableName=name,
                PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True},
            )
            self.say(f"table {name}: created (on-demand, point-in-time recovery on)")
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
            if _error_code(exc) == "403":
                raise DeployError(
                    f"bucket {name} belongs to another AWS account: name another with "
                    "--uploads-bucket"
                ) from exc
            if _error_code(exc) not in ("404", "NoSuchBucket"):
                raise
            where = (
                {}
                if self.options.region == "us-east-1"
                else {"CreateBucketConfiguration": {"LocationConstraint": self.options.region}}
            )
            s3.create_bucket(Bucket=name, **where)
            self.say(f"bucket {name}: created")
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
            Bucket=name, LifecycleConfiguration={"Rules": lifecycle_rules()}
        )
        if self.options.site_url:
            # The browser posts to the site, and Netlify's proxy forwards its Origin header:
            # S3 is told that origin, and only it, may post.
            parts = urlsplit(self.options.site_url)
            s3.put_bucket_cors(
                Bucket=name,
                CORSConfiguration={
                    "CORSRules": [
                        {
                            "AllowedOrigins": [f"{parts.scheme}://{parts.netloc}"],
                            "AllowedMethods": ["POST"],
                            "AllowedHeaders": ["*"],
                            "MaxAgeSeconds": 600,
                        }
                    ]
                },
            )
        self.say(
            f"bucket {name}: private, encrypted; unattached uploads deleted after "
            f"{PENDING_DAYS} day, spam's images after {spam_image_days()} days"
        )
        return name

    def _default_bucket(self) -> str:
        account = self.client("sts").get_caller_identity()["Account"]
        base = self.options.function_name.lower().replace("_", "-")
        return f"{base}-uploads-{account}-{self.options.region}"[:63]

    def ensure_role(self, table_arn: str, bucket: str) -> str:
        iam, name = self.client("iam"), self.options.role_name
        try:
            role_arn = iam.get_role(RoleName=name)["Role"]["Arn"]
        except Exception as exc:
            if _error_code(exc) != "NoSuchEntity":
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
            PolicyDocument=json.dumps(_policy(table_arn, bucket)),
        )
        return role_arn

    def ensure_function(
        self, role_arn: str, zip_bytes: bytes, bucket: str
    ) -> tuple[str, bool, bool]:
        """(function ARN, created, code updated)."""
        options, lam, name = self.options, self.lam, self.options.function_name
        try:
            existing = lam.get_function(FunctionName=name)["Configuration"]
        except Exception as exc:
            if _error_code(exc) != "ResourceNotFoundException":
                raise
            existing = None
        # The key of the image links in emails already sent: kept, so they keep working.
        variables = ((existing or {}).get("Environment") or {}).get("Variables") or {}
        link_secret = variables.get("CONTACT_LINK_SECRET") or secrets.token_hex(32)
        # Netlify's copy of it must match: kept across deploys unless the operator names one.
        kept = variables.get("CONTACT_PROXY_SECRET")
        self.proxy_secret = (options.proxy_secret or "").strip() or kept or secrets.token_hex(32)
        self.new_proxy_secret = self.proxy_secret != kept and not options.proxy_secret
        configuration = {
            "Role": role_arn,
            "Handler": HANDLER,
            "Runtime": options.runtime,
            "MemorySize": options.memory_mb,
            "Timeout": options.timeout_s,
            "Environment": {
                "Variables": options.environment(bucket, link_secret, self.proxy_secret)
            },
            "Description": "POST /api/contact of the studio site",
        }

        # A new role takes a few seconds to become assumable by Lambda.
        def role_not_ready(exc: Exception) -> bool:
            return _error_code(exc) == "InvalidParameterValueException" and "assumed" in str(exc)

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
            if _error_code(exc) != "ResourceNotFoundException":
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
        events, name = self.client("events"), self.options.function_name
        minutes = self.options.schedule_minutes
        rule = f"{name}-send-pending"
        rule_arn = events.put_rule(
            Name=rule,
            ScheduleExpression=f"rate({minutes} minute{'s' if minutes > 1 else ''})",
            State="ENABLED",
            Description="Re-send contact emails that failed",
        )["RuleArn"]
        events.put_targets(Rule=rule, Targets=[{"Id": "contact-function", "Arn": function_arn}])
        try:
            self.lam.add_permission(
                FunctionName=name,
                StatementId="send-pending-schedule",
                Action="lambda:InvokeFunction",
                Principal="events.amazonaws.com",
                SourceArn=rule_arn,
            )
        except Exception as exc:
            if _error_code(exc) != "ResourceConflictException":  # granted by an earlier deploy
                raise
