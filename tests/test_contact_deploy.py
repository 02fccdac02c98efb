"""deploy-function against moto in server mode on loopback, and the package it uploads."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import boto3
import httpx
from contact_support import (
    GOOD,
    REGION,
    SENDER,
    STUDIO,
    load_event,
    netlify_signature,
    run_as_lambda,
    run_deploy,
    write_artists,
)
from upload_support import picture

from functions import deploy
from functions.contact.models import references

BUCKET = "contact-test-uploads-123456789012-us-east-1"  # <function>-uploads-<account>-<region>


def test_deploy_creates_then_updates_the_function(
    tmp_path: Path, moto_url: str, aws_env: None
) -> None:
    dist = write_artists(tmp_path / "dist")
    first = run_deploy(dist, moto_url)
    assert first.exit_code == 0, first.output
    assert "function contact-test: created" in first.output
    assert "artists accepted: jane-doe, max-ink" in first.output

    lam = boto3.client("lambda", region_name=REGION, endpoint_url=moto_url)
    conf = lam.get_function_configuration(FunctionName="contact-test")
    assert conf["Handler"] == "functions.contact.handlers.handler.handler"
    variables = conf["Environment"]["Variables"]
    secret = variables.pop("CONTACT_LINK_SECRET")
    assert len(secret) == 64
    # Netlify signs what it proxies with the same secret: made once, printed once to be set
    # in Netlify's environment, kept across deploys (proxy.py, docs/contact.md).
    proxy_secret = variables.pop("CONTACT_PROXY_SECRET")
    assert len(proxy_secret) == 64 and proxy_secret != secret
    assert f"Set CONTACT_PROXY_SECRET={proxy_secret} in the Netlify site's environment" in (
        first.output
    )
    assert variables == {
        "CONTACT_STORE": "dynamodb",
        "CONTACT_TABLE": "contact-test",
        "CONTACT_NOTIFY_FROM": SENDER,
        "CONTACT_NOTIFY_TO": STUDIO,
        "CONTACT_RATE_LIMIT": "5/600",
        "CONTACT_MIN_FILL_MS": "3000",
        "CONTACT_CLIENT_IP_HEADER": "x-nf-client-connection-ip,x-forwarded-for",
        "CONTACT_STUDIO_NAME": "Website",
        "CONTACT_UPLOADS_BUCKET": BUCKET,
        "CONTACT_SES_CONFIGURATION_SET": "contact-test",
        # The artists' private addresses, packaged from the content (#41 item 5).
        "CONTACT_ARTIST_EMAILS_FILE": "functions/contact/artist_emails.json",
    }
    url = lam.get_function_url_config(FunctionName="contact-test")
    assert url["AuthType"] == "NONE"
    assert f"Function URL: {url['FunctionUrl']}" in first.output
    # Stripe posts its events straight to the function; without keys, no deposits.
    webhook = f"{url['FunctionUrl'].rstrip('/')}/api/stripe-webhook"
    assert f"Stripe webhook: register {webhook} in Stripe's dashboard" in first.output
    assert "checkout.session.completed" in first.output and "Deposits are off" in first.output
    assert f"CONTACT_FUNCTION_URL={url['FunctionUrl']}" in first.output
    assert f"CONTACT_UPLOADS_URL={moto_url}/{BUCKET} " in first.output
    policy = json.loads(lam.get_policy(FunctionName="contact-test")["Policy"])
    actions = {s["Action"] for s in policy["Statement"]}
    assert {"lambda:InvokeFunctionUrl", "lambda:InvokeFunction"} <= actions
    assert (
        lam.get_function_concurrency(FunctionName="contact-test")["ReservedConcurrentExecutions"]
        == 5
    )
    role = conf["Role"].rsplit("/", 1)[1]
    iam = boto3.client("iam", region_name=REGION, endpoint_url=moto_url)
    inline = iam.get_role_policy(RoleName=role, PolicyName="contact-function")["PolicyDocument"]
    assert "ses:SendRawEmail" in json.dumps(inline)
    (table,) = [s for s in inline["Statement"] if "dynamodb:PutItem" in s["Action"]]
    assert "dynamodb:DeleteItem" in table["Action"]  # a flash hold given back (#41 item 4)
    (objects,) = [s for s in inline["Statement"] if "s3:PutObject" in s["Action"]]
    assert sorted(objects["Resource"]) == [
        f"arn:aws:s3:::{BUCKET}/{prefix}/*" for prefix in ("messages", "pending", "spam")
    ]
    assert sorted(objects["Action"]) == ["s3:DeleteObject", "s3:GetObject", "s3:PutObject"]
    s3 = boto3.client("s3", region_name=REGION, endpoint_url=moto_url)
    blocked = s3.get_public_access_block(Bucket=BUCKET)["PublicAccessBlockConfiguration"]
    assert all(blocked.values()) and len(blocked) == 4
    (encryption,) = s3.get_bucket_encryption(Bucket=BUCKET)["ServerSideEncryptionConfiguration"][
        "Rules"
    ]
    assert encryption["ApplyServerSideEncryptionByDefault"]["SSEAlgorithm"] == "AES256"
    rules = s3.get_bucket_lifecycle_configuration(Bucket=BUCKET)["Rules"]
    assert [(r["Filter"]["Prefix"], r["Expiration"]["Days"]) for r in rules] == [
        ("pending/", 1),
        ("spam/", 29),
        # A message's images, the safety net behind the daily pass: 3 x 180 + 730 days.
        ("messages/", 1270),
    ]
    assert "bucket contact-test-uploads-123456789012-us-east-1: created" in first.output
    table = boto3.client("dynamodb", region_name=REGION, endpoint_url=moto_url).describe_table(
        TableName="contact-test"
    )
    assert table["Table"]["GlobalSecondaryIndexes"][0]["IndexName"] == "pending-by-time"
    rule = boto3.client("events", region_name=REGION, endpoint_url=moto_url).describe_rule(
        Name="contact-test-send-pending"
    )
    assert rule["ScheduleExpression"] == "rate(15 minutes)"

    unchanged = run_deploy(dist, moto_url)  # same code: configuration only
    assert unchanged.exit_code == 0, unchanged.output
    assert "function contact-test: configuration updated" in unchanged.output
    assert "CONTACT_PROXY_SECRET" not in unchanged.output  # kept, so not shown again
    write_artists(dist, [{"slug": "new-artist", "name": "New Artist"}])
    site = "https://www.crimson-crown-tattoo.com"
    chosen = "c" * 48  # the operator's own, e.g. already set in Netlify
    changed = run_deploy(
        dist,
        moto_url,
        *("--rate-limit", "3/300", "--site-url", f"{site}/", "--proxy-secret", chosen),
        *("--stripe-secret-key", "sk_test_operator", "--stripe-webhook-secret", "whsec_operator"),
    )
    assert "function contact-test: code and configuration updated" in changed.output, changed.output
    # Netlify's proxy forwards the visitor's Origin: the site, and only it, may post images.
    (cors,) = s3.get_bucket_cors(Bucket=BUCKET)["CORSRules"]
    assert (cors["AllowedOrigins"], cors["AllowedMethods"]) == ([site], ["POST"])
    conf = lam.get_function_configuration(FunctionName="contact-test")
    assert conf["Environment"]["Variables"]["CONTACT_RATE_LIMIT"] == "3/300"
    # The key of the email's image links is kept: links already sent keep working.
    assert conf["Environment"]["Variables"]["CONTACT_LINK_SECRET"] == secret
    assert conf["Environment"]["Variables"]["CONTACT_PROXY_SECRET"] == chosen
    assert chosen not in changed.output
    stripe_keys = {
        "CONTACT_STRIPE_SECRET_KEY": "sk_test_operator",
        "CONTACT_STRIPE_WEBHOOK_SECRET": "whsec_operator",
    }
    assert stripe_keys.items() <= conf["Environment"]["Variables"].items()
    assert "sk_test_operator" not in changed.output and "Deposits are off" not in changed.output
    kept = run_deploy(dist, moto_url)  # the keys stay when the operator does not name them
    assert kept.exit_code == 0, kept.output
    conf = lam.get_function_configuration(FunctionName="contact-test")
    assert stripe_keys.items() <= conf["Environment"]["Variables"].items()
    short = run_deploy(dist, moto_url, "--proxy-secret", "too-short")
    assert short.exit_code == 1 and "at least 32 characters" in short.output
    assert "bucket contact-test-uploads-123456789012-us-east-1: exists" in changed.output
    assert [f["FunctionName"] for f in lam.list_functions()["Functions"]].count("contact-test") == 1


def test_deploy_without_a_build_says_so(tmp_path: Path, moto_url: str, aws_env: None) -> None:
    result = run_deploy(tmp_path / "missing", moto_url)
    assert result.exit_code == 1
    assert "api/artists.json not found: run `python build.py build` first" in result.output


def test_package_is_reproducible_and_self_contained(tmp_path: Path) -> None:
    dist = write_artists(tmp_path / "dist")
    first, artists = deploy.package(dist)
    again, _ = deploy.package(dist)
    assert first == again and deploy.code_sha256(first) == deploy.code_sha256(again)
    names = zipfile.ZipFile(io.BytesIO(first)).namelist()
    assert (
        "functions/contact/handlers/handler.py" in names and "email_validator/__init__.py" in names
    )
    assert "jwt/api_jwt.py" in names  # PyJWT checks Netlify's signature (proxy.py)
    # Deposits: stripe and what it needs at run time (dal/stripe_checkout.py)
    for module in ("stripe/__init__.py", "typing_extensions.py", "requests/__init__.py"):
        assert module in names, module
    assert "tzdata/zoneinfo/America/Chicago" in names  # the studio's zone on any runtime
    assert "functions/deploy.py" not in names and not any("__pycache__" in n for n in names)
    baked = json.loads(
        zipfile.ZipFile(io.BytesIO(first)).read("functions/contact/known_artists.json")
    )
    assert baked == artists == {"jane-doe": "Jane Doe", "max-ink": "Max Ink"}


def test_the_deployed_package_runs_as_lambda_would(
    tmp_path: Path, moto_url: str, aws_env: None
) -> None:
    """Unzipped alone (no repository on the path), the handler stores and emails."""
    dist = write_artists(tmp_path / "dist")
    assert (
        run_deploy(
            dist, moto_url, "--function-name", "contact-run", "--table", "contact-run"
        ).exit_code
        == 0
    )
    code = boto3.client("lambda", region_name=REGION, endpoint_url=moto_url).get_function(
        FunctionName="contact-run"
    )
    env = boto3.client(
        "lambda", region_name=REGION, endpoint_url=moto_url
    ).get_function_configuration(FunctionName="contact-run")["Environment"]["Variables"]
    zip_bytes, _ = deploy.package(dist)
    assert code["Configuration"]["CodeSha256"] == deploy.code_sha256(zip_bytes)
    task = tmp_path / "task"
    zipfile.ZipFile(io.BytesIO(zip_bytes)).extractall(task)
    boto3.client("ses", region_name=REGION, endpoint_url=moto_url).verify_email_identity(
        EmailAddress=SENDER
    )

    script = (
        "import json, sys, functions.contact.handlers.handler as h, email_validator, jwt\n"
        "here = sys.argv[1]\n"
        "assert h.__file__.startswith(here) and email_validator.__file__.startswith(here)\n"
        "assert jwt.__file__.startswith(here)\n"
        "import functions.contact.dal.stripe_checkout as pay, stripe, requests\n"
        "assert stripe.__file__.startswith(here) and requests.__file__.startswith(here)\n"
        "print(json.dumps(h.handler(json.loads(sys.argv[2]), None)))\n"
    )

    def handle(event: dict) -> tuple[int, dict]:
        lines = run_as_lambda(task, env, moto_url, script, str(task), json.dumps(event))
        answer = json.loads(lines[-1])
        return answer["statusCode"], json.loads(answer["body"])

    # A reference image: the grant, the file straight to the bucket, then the message.
    grant_event = load_event("function-url-post.json")
    grant_event.update(rawPath="/api/contact/uploads", isBase64Encoded=False)
    grant_event["body"] = json.dumps({"type": "image/jpeg"})
    status, grant = handle(grant_event)
    assert status == 200, grant
    bucket = env["CONTACT_UPLOADS_BUCKET"]
    posted = httpx.post(
        f"{moto_url}/{bucket}",
        data=grant["upload"]["fields"],
        files={"file": ("image", picture(), "image/jpeg")},
    )
    assert posted.status_code == 204, posted.text

    event = load_event("function-url-post.json")
    event["body"] = json.dumps({**json.loads(event["body"]), "references": [grant["id"]]})
    # Signed as Netlify signs it: the visitor it names (x-nf-client-connection-ip) counts.
    event["headers"]["x-nf-sign"] = netlify_signature(env["CONTACT_PROXY_SECRET"])
    status, answer = handle(event)
    assert status == 200 and answer["success"] is True, answer
    s3 = boto3.client("s3", region_name=REGION, endpoint_url=moto_url)
    kept = [o["Key"] for o in s3.list_objects_v2(Bucket=bucket)["Contents"]]
    assert len(kept) == 1 and kept[0].startswith("messages/") and kept[0].endswith("/1.jpg")

    items = boto3.client("dynamodb", region_name=REGION, endpoint_url=moto_url).scan(
        TableName="contact-run"
    )["Items"]
    claims = [i for i in items if i["id"]["S"].startswith("upload#")]
    # The hour's count of granted image bytes, for every copy of the function (budget.py).
    (budget,) = [i for i in items if i["id"]["S"].startswith("budget#uploads#")]
    assert int(budget["bytes"]["N"]) == references.MAX_IMAGE_BYTES
    messages = [i for i in items if i not in claims and i is not budget]
    assert [(i["name"]["S"], i["artist"]["S"], i["status"]["S"]) for i in messages] == [
        (GOOD["name"], "jane-doe", "sent")
    ]
    assert messages[0]["client"]["S"] == "198.51.100.23"  # not the connection's 203.0.113.7
    assert [c["id"]["S"] for c in claims] == [f"upload#{grant['id']}"]
    assert messages[0]["images"]["L"][0]["M"]["key"]["S"] == kept[0]


def test_deploy_alarms_by_email_when_studio_emails_stay_pending(
    tmp_path: Path, moto_url: str, aws_env: None
) -> None:
    """The function logs "... kept pending" for each studio email that fails; a metric
    filter counts those lines, and an alarm emails the studio (SNS) at the first one."""
    dist = write_artists(tmp_path / "dist")
    names = ("--function-name", "contact-alarm", "--table", "contact-alarm")
    first = run_deploy(dist, moto_url, *names)
    assert first.exit_code == 0, first.output
    assert f"alarm: {STUDIO} subscribed" in first.output

    logs = boto3.client("logs", region_name=REGION, endpoint_url=moto_url)
    sns = boto3.client("sns", region_name=REGION, endpoint_url=moto_url)
    cloudwatch = boto3.client("cloudwatch", region_name=REGION, endpoint_url=moto_url)

    def state() -> tuple[list, list, list, list]:
        filters = logs.describe_metric_filters(
            logGroupName="/aws/lambda/contact-alarm", filterNamePrefix="contact-alarm-emails"
        )
        topics = [
            t["TopicArn"]
            for t in sns.list_topics()["Topics"]
            if t["TopicArn"].endswith(":contact-alarm-alerts")
        ]
        subscriptions = [
            (s["Protocol"], s["Endpoint"])
            for topic in topics
            for s in sns.list_subscriptions_by_topic(TopicArn=topic)["Subscriptions"]
        ]
        alarms = cloudwatch.describe_alarms(AlarmNames=["contact-alarm-emails-pending"])
        # PutMetricAlarm replaces the alarm by name: only its times move.
        for alarm in alarms["MetricAlarms"]:
            for key in [k for k in alarm if k.endswith("Timestamp")]:
                del alarm[key]
        return filters["metricFilters"], topics, sorted(subscriptions), alarms["MetricAlarms"]

    (metric_filter,), (topic,), subscriptions, (alarm,) = state()
    assert metric_filter["filterPattern"] == '"kept pending"'
    assert metric_filter["metricTransformations"] == [
        {
            "metricName": "EmailsKeptPending",
            "metricNamespace": "StudioContact/contact-alarm",
            "metricValue": "1",
        }
    ]
    assert subscriptions == [("email", STUDIO)]  # --alarm-email defaults to --notify-to
    assert {k: alarm[k] for k in ("Namespace", "MetricName", "Statistic", "Period")} == {
        "Namespace": "StudioContact/contact-alarm",
        "MetricName": "EmailsKeptPending",
        "Statistic": "Sum",
        "Period": 300,
    }
    assert (alarm["Threshold"], alarm["ComparisonOperator"]) == (
        1.0,
        "GreaterThanOrEqualToThreshold",
    )
    # 1 of 4 five-minute periods: still in ALARM between the 15-minute retries.
    assert (alarm["EvaluationPeriods"], alarm["DatapointsToAlarm"]) == (4, 1)
    assert alarm["TreatMissingData"] == "notBreaching"
    assert alarm["AlarmActions"] == alarm["OKActions"] == [topic]

    # The function's own log line is what the filter counts (service.py, Service.notify).
    service = (Path(references.__file__).parent.parent / "logic" / "service.py").read_text("utf-8")
    assert "failed, kept pending: %s" in service and "failed unexpectedly; kept pending" in service

    again = run_deploy(dist, moto_url, *names)  # idempotent: nothing added, nothing re-sent
    assert again.exit_code == 0, again.output
    assert "subscribed" not in again.output
    assert state() == ([metric_filter], [topic], subscriptions, [alarm])

    other = "owner@studio.example"
    added = run_deploy(dist, moto_url, *names, "--alarm-email", f"{other}, {STUDIO}")
    assert f"alarm: {other} subscribed" in added.output and STUDIO + " subscribed" not in (
        added.output
    )
    assert state()[2] == sorted([("email", STUDIO), ("email", other)])

    off = run_deploy(dist, moto_url, "--function-name", "contact-quiet", "--alarm-email", "off")
    assert off.exit_code == 0 and "alarm" not in off.output, off.output
    assert not cloudwatch.describe_alarms(AlarmNames=["contact-quiet-emails-pending"])[
        "MetricAlarms"
    ]
