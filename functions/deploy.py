"""Package the contact function and create or update it on AWS with boto3.

Idempotent: run it after every build. It ensures, in order, the DynamoDB table, the IAM
role and its inline policy, the Lambda function (code + configuration), its public
Function URL, reserved concurrency, and a schedule that re-sends pending emails. The
known artist slugs are baked into the package from the built site's api/artists.json.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import io
import json
import logging
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger(__name__)

FUNCTIONS_DIR = Path(__file__).resolve().parent
HANDLER = "functions.contact.handler.handler"
# Pure-Python libraries the function imports that the Lambda runtime lacks (boto3 is there).
BUNDLED_DISTRIBUTIONS = ("email-validator", "dnspython", "idna")
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


@dataclass(frozen=True)
class DeployOptions:
    region: str
    notify_from: str
    notify_to: tuple[str, ...]
    dist: Path = Path("dist")
    function_name: str = "studio-contact"
    role_name: str = "studio-contact-function"
    table: str = "studio-contact-messages"
    endpoint_url: str | None = None
    runtime: str = "python3.12"
    memory_mb: int = 256
    timeout_s: int = 20  # under Netlify's 26 s proxy timeout
    reserved_concurrency: int | None = 5
    rate_limit: str = "5/600"
    min_fill_ms: int = 3000
    # Netlify names the visitor in the first; X-Forwarded-For is the fallback for a proxy
    # that does not send it.
    client_ip_headers: str = "x-nf-client-connection-ip,x-forwarded-for"
    studio_name: str = "Website"
    schedule_minutes: int | None = 15
    extra_env: dict[str, str] = field(default_factory=dict)

    def environment(self) -> dict[str, str]:
        return {
            "CONTACT_STORE": "dynamodb",
            "CONTACT_TABLE": self.table,
            "CONTACT_NOTIFY_FROM": self.notify_from,
            "CONTACT_NOTIFY_TO": ",".join(self.notify_to),
            "CONTACT_RATE_LIMIT": self.rate_limit,
            "CONTACT_MIN_FILL_MS": str(self.min_fill_ms),
            "CONTACT_CLIENT_IP_HEADER": self.client_ip_headers,
            "CONTACT_STUDIO_NAME": self.studio_name,
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


def _policy(table_arn: str) -> dict:
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
    import boto3
    from botocore.exceptions import ClientError

    from functions.contact.aws import table_definition

    def code(exc: Exception) -> str:
        return exc.response["Error"]["Code"] if isinstance(exc, ClientError) else ""

    zip_bytes, artists = package(options.dist)
    say(
        f"packaged {len(zip_bytes) / 1024:.0f} KiB; "
        f"artists accepted: {', '.join(sorted(artists)) or '(none)'}"
    )
    session = boto3.session.Session(region_name=options.region)
    client = lambda service: session.client(service, endpoint_url=options.endpoint_url)  # noqa: E731
    dynamodb, iam, lam = client("dynamodb"), client("iam"), client("lambda")

    try:
        table_arn = dynamodb.describe_table(TableName=options.table)["Table"]["TableArn"]
        say(f"table {options.table}: exists")
    except ClientError as exc:
        if code(exc) != "ResourceNotFoundException":
            raise
        table_arn = dynamodb.create_table(**table_definition(options.table))["TableDescription"][
            "TableArn"
        ]
        dynamodb.get_waiter("table_exists").wait(TableName=options.table, WaiterConfig={"Delay": 2})
        dynamodb.update_continuous_backups(
            TableName=options.table,
            PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True},
        )
        say(f"table {options.table}: created (on-demand, point-in-time recovery on)")

    try:
        role_arn = iam.get_role(RoleName=options.role_name)["Role"]["Arn"]
    except ClientError as exc:
        if code(exc) != "NoSuchEntity":
            raise
        role_arn = iam.create_role(
            RoleName=options.role_name,
            AssumeRolePolicyDocument=json.dumps(TRUST_POLICY),
            Description="Runs the studio's contact function",
        )["Role"]["Arn"]
        say(f"role {options.role_name}: created")
    iam.put_role_policy(
        RoleName=options.role_name,
        PolicyName="contact-function",
        PolicyDocument=json.dumps(_policy(table_arn)),
    )

    configuration = {
        "Role": role_arn,
        "Handler": HANDLER,
        "Runtime": options.runtime,
        "MemorySize": options.memory_mb,
        "Timeout": options.timeout_s,
        "Environment": {"Variables": options.environment()},
        "Description": "POST /api/contact of the studio site",
    }

    # A new role takes a few seconds to become assumable by Lambda.
    def role_not_ready(exc: Exception) -> bool:
        return code(exc) == "InvalidParameterValueException" and "assumed" in str(exc)

    created = code_updated = False
    try:
        existing = lam.get_function(FunctionName=options.function_name)["Configuration"]
    except ClientError as exc:
        if code(exc) != "ResourceNotFoundException":
            raise
        existing = None
    if existing is None:
        arn = _retry(
            "role",
            lambda: lam.create_function(
                FunctionName=options.function_name,
                Code={"ZipFile": zip_bytes},
                Publish=True,
                **configuration,
            ),
            role_not_ready,
        )["FunctionArn"]
        created = code_updated = True
        say(f"function {options.function_name}: created")
    else:
        arn = existing["FunctionArn"]
        if existing.get("CodeSha256") != code_sha256(zip_bytes):
            _wait_until_updated(lam, options.function_name)
            lam.update_function_code(
                FunctionName=options.function_name, ZipFile=zip_bytes, Publish=True
            )
            code_updated = True
        _wait_until_updated(lam, options.function_name)
        _retry(
            "role",
            lambda: lam.update_function_configuration(
                FunctionName=options.function_name, **configuration
            ),
            role_not_ready,
        )
        say(
            f"function {options.function_name}: "
            f"{'code and ' if code_updated else ''}configuration updated"
        )
    _wait_until_updated(lam, options.function_name)

    try:
        url = lam.get_function_url_config(FunctionName=options.function_name)["FunctionUrl"]
    except ClientError as exc:
        if code(exc) != "ResourceNotFoundException":
            raise
        url = lam.create_function_url_config(FunctionName=options.function_name, AuthType="NONE")[
            "FunctionUrl"
        ]
        # A public URL needs both grants since October 2025 (AWS Lambda developer guide,
        # "Control access to Lambda function URLs").
        lam.add_permission(
            FunctionName=options.function_name,
            StatementId="public-function-url",
            Action="lambda:InvokeFunctionUrl",
            Principal="*",
            FunctionUrlAuthType="NONE",
        )
        lam.add_permission(
            FunctionName=options.function_name,
            StatementId="public-function-url-invoke",
            Action="lambda:InvokeFunction",
            Principal="*",
            InvokedViaFunctionUrl=True,
        )
        say("function URL: created")

    if options.reserved_concurrency:
        # Caps cost and spam throughput; each instance also keeps its own rate-limit memory.
        lam.put_function_concurrency(
            FunctionName=options.function_name,
            ReservedConcurrentExecutions=options.reserved_concurrency,
        )
    if options.schedule_minutes:
        _schedule_send_pending(session, options, arn, code)
    say(f"Function URL: {url}")
    say(f"Set CONTACT_FUNCTION_URL={url} in the Netlify site's environment, then rebuild.")
    return DeployResult(arn, url, created, code_updated, sorted(artists))


def _schedule_send_pending(session, options: DeployOptions, function_arn: str, code) -> None:  # noqa: ANN001
    """Every N minutes EventBridge invokes the function to re-send pending emails."""
    from botocore.exceptions import ClientError

    events = session.client("events", endpoint_url=options.endpoint_url)
    lam = session.client("lambda", endpoint_url=options.endpoint_url)
    rule = f"{options.function_name}-send-pending"
    minutes = options.schedule_minutes
    rule_arn = events.put_rule(
        Name=rule,
        ScheduleExpression=f"rate({minutes} minute{'s' if minutes > 1 else ''})",
        State="ENABLED",
        Description="Re-send contact emails that failed",
    )["RuleArn"]
    events.put_targets(Rule=rule, Targets=[{"Id": "contact-function", "Arn": function_arn}])
    try:
        lam.add_permission(
            FunctionName=options.function_name,
            StatementId="send-pending-schedule",
            Action="lambda:InvokeFunction",
            Principal="events.amazonaws.com",
            SourceArn=rule_arn,
        )
    except ClientError as exc:
        if code(exc) != "ResourceConflictException":  # already granted by an earlier deploy
            raise
