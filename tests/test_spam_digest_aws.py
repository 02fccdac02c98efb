"""The spam digest on AWS, as deployed: deploy-function's daily schedule, then the deployed
package run as Lambda runs it (only the unzipped package on the path) against a moto
server: the digest through SES, its "Not spam" links moving spam in DynamoDB and S3, and
forged, replayed and expired links refused."""

from __future__ import annotations

import email
import email.policy
import io
import json
import re
import time
import zipfile
from pathlib import Path

import boto3
import httpx
from contact_support import (
    ARTISTS,
    GOOD,
    REGION,
    SENDER,
    STUDIO,
    load_event,
    published_site,
    run_as_lambda,
    run_deploy,
    write_artists,
)
from ses_support import sent_raw_emails
from upload_support import picture

from functions import deploy
from functions.contact.contract import NOT_SPAM_PATH
from functions.contact.logic.spam_review import link_signature

NAME = "contact-digest"
LINK = re.compile(r"Not spam \(until \S+\): (\S+)")
SCRIPT = (
    "import json, sys, functions.contact.handlers.handler as h\n"
    "assert h.__file__.startswith(sys.argv[1])\n"
    "print(json.dumps(h.handler(json.loads(sys.argv[2]), None)))\n"
)


def studio_emails(subject_part: str) -> list[email.message.EmailMessage]:
    found = [
        email.message_from_string(raw, policy=email.policy.default) for raw in sent_raw_emails()
    ]
    return [m for m in found if subject_part in m["Subject"]]


def test_the_deployed_digest_and_its_links(tmp_path: Path, moto_url: str, aws_env: None) -> None:
    dist = write_artists(tmp_path / "dist")
    deployed = run_deploy(dist, moto_url, "--function-name", NAME, "--table", NAME)
    assert deployed.exit_code == 0, deployed.output
    events = boto3.client("events", region_name=REGION, endpoint_url=moto_url)
    rule = events.describe_rule(Name=f"{NAME}-spam-digest")
    assert rule["ScheduleExpression"] == "cron(0 13 * * ? *)" and rule["State"] == "ENABLED"
    (target,) = events.list_targets_by_rule(Rule=f"{NAME}-spam-digest")["Targets"]
    assert json.loads(target["Input"]) == {"action": "send-spam-digest"}
    lam = boto3.client("lambda", region_name=REGION, endpoint_url=moto_url)
    assert target["Arn"] == lam.get_function(FunctionName=NAME)["Configuration"]["FunctionArn"]
    grants = json.loads(lam.get_policy(FunctionName=NAME)["Policy"])["Statement"]
    assert {s["Sid"] for s in grants} >= {
        "send-pending-schedule",
        "spam-digest-schedule",
        "after-sessions-schedule",
    }
    # The evening's run of the aftercare emails (docs/consent.md, "After the session"):
    # 00:30 UTC, 6:30 pm in Dallas in winter and 7:30 pm in summer.
    evening = events.describe_rule(Name=f"{NAME}-after-sessions")
    assert evening["ScheduleExpression"] == "cron(30 0 * * ? *)" and evening["State"] == "ENABLED"
    (target,) = events.list_targets_by_rule(Rule=f"{NAME}-after-sessions")["Targets"]
    assert json.loads(target["Input"]) == {"action": "send-after-sessions"}
    assert target["Arn"] == lam.get_function(FunctionName=NAME)["Configuration"]["FunctionArn"]

    env = lam.get_function_configuration(FunctionName=NAME)["Environment"]["Variables"]
    secret = env["CONTACT_LINK_SECRET"]
    task = tmp_path / "task"
    zipfile.ZipFile(io.BytesIO(deploy.package(dist)[0])).extractall(task)
    boto3.client("ses", region_name=REGION, endpoint_url=moto_url).verify_email_identity(
        EmailAddress=SENDER
    )
    dynamodb = boto3.client("dynamodb", region_name=REGION, endpoint_url=moto_url)
    s3 = boto3.client("s3", region_name=REGION, endpoint_url=moto_url)
    bucket = env["CONTACT_UPLOADS_BUCKET"]

    with published_site({"/api/artists": ARTISTS}) as (site, _):
        variables = {**env, "CONTACT_SITE_URL": site}

        def handle(event: dict) -> dict:
            lines = run_as_lambda(task, variables, moto_url, SCRIPT, str(task), json.dumps(event))
            return json.loads(lines[-1])

        def post(path: str, body: dict) -> dict:
            event = load_event("function-url-post.json")
            event.update(rawPath=path, isBase64Encoded=False, body=json.dumps(body))
            event["requestContext"]["http"]["path"] = path
            return handle(event)

        def open_link(path: str, method: str = "GET") -> tuple[int, str]:
            event = load_event("function-url-get.json")
            event["rawPath"] = event["requestContext"]["http"]["path"] = path
            event["requestContext"]["http"]["method"] = method
            answer = handle(event)
            return answer["statusCode"], answer["body"]

        # Spam with a reference image (the honeypot), and spam too fast to be a person.
        grant = json.loads(post("/api/contact/uploads", {"type": "image/jpeg"})["body"])
        posted = httpx.post(
            f"{moto_url}/{bucket}",
            data=grant["upload"]["fields"],
            files={"file": ("image", picture(), "image/jpeg")},
        )
        assert posted.status_code == 204, posted.text
        trapped = {**GOOD, "website": "http://spam.example", "references": [grant["id"]]}
        assert post("/api/contact", trapped)["statusCode"] == 200
        assert (
            post("/api/contact", {**GOOD, "name": "Bo Quick", "elapsed_ms": 40})["statusCode"]
            == 200
        )
        assert studio_emails("Website contact:") == []  # spam is never emailed

        # The schedule's invocation: the digest to the studio through SES.
        assert handle({"action": "send-spam-digest"}) == {
            "digest": "sent",
            "caught": 2,
            "listed": 2,
        }
        (digest,) = studio_emails("the spam traps kept 2 messages")
        assert digest["To"] == STUDIO and digest["From"] == SENDER
        text = digest.get_content()
        assert "Caught: honeypot: the hidden field was filled in" in text
        assert "Bo Quick <ana@example.com>" in text and "Caught: too fast" in text
        links = [url.removeprefix(site) for url in LINK.findall(text)]
        assert len(links) == 2 and all(link.startswith(NOT_SPAM_PATH) for link in links)
        honeypot_link = next(
            link for link, line in zip(links, _entries(text), strict=True) if "Ana" in line
        )
        message_id = honeypot_link.removeprefix(NOT_SPAM_PATH).split("/")[0]

        def item() -> dict:
            return dynamodb.get_item(TableName=NAME, Key={"id": {"S": message_id}})["Item"]

        assert item()["status"]["S"] == "spam" and "expires_at" in item()
        spam_key = item()["images"]["L"][0]["M"]["key"]["S"]
        assert spam_key == f"spam/{message_id}/1.jpg"

        # Opening it changes nothing (mail scanners open links); the button moves it.
        status, page = open_link(honeypot_link)
        assert status == 200 and 'method="post"' in page and item()["status"]["S"] == "spam"
        status, page = open_link(honeypot_link, "POST")
        assert status == 200 and "Moved to your messages" in page, page
        moved = item()
        # Released: the spam's expiry replaced by the retention's 180 days (docs/privacy.md).
        assert moved["status"]["S"] == "sent"
        assert int(moved["expires_at"]["N"]) > time.time() + 179 * 86400
        assert moved["released_at"]["S"] and "pending" not in moved
        new_key = moved["images"]["L"][0]["M"]["key"]["S"]
        assert new_key == f"messages/{message_id}/1.jpg"
        keys = {o["Key"] for o in s3.list_objects_v2(Bucket=bucket)["Contents"]}
        assert new_key in keys and spam_key not in keys
        (usual,) = studio_emails("Website contact: Ana")
        body = usual.get_content()
        assert "Released:" in body and "from the spam traps" in body
        assert f"/api/contact/images/{message_id}/1.jpg/" in body  # its image, where it now is

        # Replayed, forged and expired links change nothing.
        assert open_link(honeypot_link, "POST")[0] == 409
        other_id, expires, signature = (
            links[1 - links.index(honeypot_link)].removeprefix(NOT_SPAM_PATH).split("/")
        )
        forged = f"{NOT_SPAM_PATH}{other_id}/{int(expires) + 86400}/{signature}"
        assert open_link(forged, "POST")[0] == 404
        past = int(time.time()) - 60
        expired = f"{NOT_SPAM_PATH}{other_id}/{past}/{link_signature(secret, other_id, past)}"
        assert open_link(expired, "POST")[0] == 410
        other = dynamodb.get_item(TableName=NAME, Key={"id": {"S": other_id}})["Item"]
        assert other["status"]["S"] == "spam"
        assert len(studio_emails("Website contact:")) == 1


def _entries(text: str) -> list[str]:
    """The digest's entries' first lines, in order (one per link)."""
    return [line for line in text.splitlines() if re.match(r"\d+\. ", line)]


def test_the_digest_can_be_turned_off_or_moved(tmp_path: Path, moto_url: str, aws_env) -> None:  # noqa: ANN001
    dist = write_artists(tmp_path / "dist")
    names = ("--function-name", "contact-nodigest", "--table", "contact-nodigest")
    bad = run_deploy(dist, moto_url, *names, "--spam-digest", "7am")
    assert bad.exit_code == 1 and "--spam-digest must be a UTC time as HH:MM or 'off'" in (
        bad.output
    )
    bad = run_deploy(dist, moto_url, *names, "--after-sessions", "evening")
    assert bad.exit_code == 1 and "--after-sessions must be a UTC time as HH:MM or 'off'" in (
        bad.output
    )
    off = ("--spam-digest", "off", "--after-sessions", "off")
    assert run_deploy(dist, moto_url, *names, *off).exit_code == 0
    events = boto3.client("events", region_name=REGION, endpoint_url=moto_url)
    rules = [r["Name"] for r in events.list_rules(NamePrefix="contact-nodigest")["Rules"]]
    assert rules == ["contact-nodigest-send-pending"]
    moved = ("--spam-digest", "14:30", "--after-sessions", "23:45")
    assert run_deploy(dist, moto_url, *names, *moved).exit_code == 0
    rule = events.describe_rule(Name="contact-nodigest-spam-digest")
    assert rule["ScheduleExpression"] == "cron(30 14 * * ? *)"
    rule = events.describe_rule(Name="contact-nodigest-after-sessions")
    assert rule["ScheduleExpression"] == "cron(45 23 * * ? *)"
