"""The operator's day after (issue 44, items 14 and 15), against moto as the other deploy tests:
alarms on the function's own Errors and Throttles, point-in-time recovery on the messages table
and the restore the docs describe (their aws cli commands, run as written), uploads allowed
from the Netlify address before the domain, and the local outbox readable by its owner only."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import boto3
import pytest
from contact_support import REGION, STUDIO, run_deploy, write_artists
from ses_support import stored

from functions.contact.dal.dynamodb import DynamoStore, table_definition
from functions.contact.dal.outbox import SqliteOutbox

ROOT = Path(__file__).resolve().parent.parent
BUCKET = "contact-{}-uploads-123456789012-us-east-1"


def test_deploy_alarms_when_the_function_fails_or_turns_requests_away(
    tmp_path: Path, moto_url: str, aws_env: None
) -> None:
    dist = write_artists(tmp_path / "dist")
    names = ("--function-name", "contact-watch", "--table", "contact-watch")
    first = run_deploy(dist, moto_url, *names)
    assert first.exit_code == 0, first.output
    assert (
        f"alarms contact-watch-errors and contact-watch-throttles: email {STUDIO}" in first.output
    )
    cloudwatch = boto3.client("cloudwatch", region_name=REGION, endpoint_url=moto_url)

    def alarms() -> dict[str, dict]:
        found = cloudwatch.describe_alarms(AlarmNamePrefix="contact-watch-")["MetricAlarms"]
        for alarm in found:  # PutMetricAlarm replaces by name: only its times move
            for key in [k for k in alarm if k.endswith("Timestamp")]:
                del alarm[key]
        return {a["AlarmName"]: a for a in found}

    made = alarms()
    pending = made["contact-watch-emails-pending"]
    for name, metric in (
        ("contact-watch-errors", "Errors"),
        ("contact-watch-throttles", "Throttles"),
    ):
        alarm = made[name]
        assert (alarm["Namespace"], alarm["MetricName"]) == ("AWS/Lambda", metric)
        assert alarm["Dimensions"] == [{"Name": "FunctionName", "Value": "contact-watch"}]
        assert (alarm["Statistic"], alarm["Period"], alarm["Threshold"]) == ("Sum", 300, 1.0)
        assert alarm["ComparisonOperator"] == "GreaterThanOrEqualToThreshold"
        assert alarm["TreatMissingData"] == "notBreaching"
        # the same topic, so the same addresses, as today's alarms
        assert alarm["AlarmActions"] == alarm["OKActions"] == pending["AlarmActions"]
    assert "all 5 instances" in made["contact-watch-throttles"]["AlarmDescription"]

    again = run_deploy(dist, moto_url, *names)  # idempotent: the same alarms, one of each
    assert again.exit_code == 0, again.output
    assert alarms() == made

    off = run_deploy(dist, moto_url, "--function-name", "contact-still", "--alarm-email", "off")
    assert off.exit_code == 0, off.output
    assert not cloudwatch.describe_alarms(AlarmNamePrefix="contact-still-")["MetricAlarms"]


def pitr(dynamodb, table: str) -> str:  # noqa: ANN001 - boto3 client
    described = dynamodb.describe_continuous_backups(TableName=table)
    return described["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"][
        "PointInTimeRecoveryStatus"
    ]


# docs/contact.md, "Restoring the messages": the commands as written there, with the test's
# table names (the docs' are deploy-function's defaults).
RESTORE_COMMANDS = [
    "aws dynamodb describe-continuous-backups --table-name {table}",
    "aws dynamodb restore-table-to-point-in-time --source-table-name {table} "
    "--target-table-name {table}-restored --use-latest-restorable-time",
    "aws dynamodb wait table-exists --table-name {table}-restored",
]


def test_the_messages_are_restored_as_the_docs_say(
    tmp_path: Path, moto_url: str, aws_env: None
) -> None:
    """A table deploy-function finds without point-in-time recovery gets it; the docs'
    restore (aws cli) makes a copy the messages command reads, and deploy-function points the
    function at it with its time to live and recovery on."""
    dynamodb = boto3.client("dynamodb", region_name=REGION, endpoint_url=moto_url)
    dynamodb.create_table(**table_definition("contact-pitr"))  # made by hand, or long ago
    assert pitr(dynamodb, "contact-pitr") == "DISABLED"
    dist = write_artists(tmp_path / "dist")
    names = ("--function-name", "contact-pitr")
    deployed = run_deploy(dist, moto_url, *names, "--table", "contact-pitr")
    assert deployed.exit_code == 0, deployed.output
    assert "table contact-pitr: point-in-time recovery on" in deployed.output
    assert pitr(dynamodb, "contact-pitr") == "ENABLED"
    again = run_deploy(dist, moto_url, *names, "--table", "contact-pitr")
    assert "point-in-time recovery" not in again.output  # on already: nothing to say
    DynamoStore("contact-pitr", REGION, dynamodb).add(stored("Ana Restored"))

    docs = " ".join((ROOT / "docs" / "contact.md").read_text("utf-8").split())
    env = {**os.environ, "AWS_ENDPOINT_URL": moto_url, "AWS_DEFAULT_REGION": REGION}
    for command in RESTORE_COMMANDS:
        assert command.format(table="studio-contact-messages") in docs
        args = command.format(table="contact-pitr").split()
        done = subprocess.run(
            [*args[:1], "--endpoint-url", moto_url, *args[1:]],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr

    listed = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "messages", "--json"],
        env={**env, "CONTACT_STORE": "dynamodb", "CONTACT_TABLE": "contact-pitr-restored"},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert [m["name"] for m in json.loads(listed.stdout)] == ["Ana Restored"]
    assert "CONTACT_TABLE=studio-contact-messages-restored python build.py messages" in docs

    switched = run_deploy(dist, moto_url, *names, "--table", "contact-pitr-restored")
    assert switched.exit_code == 0, switched.output
    assert "--table studio-contact-messages-restored" in docs
    assert pitr(dynamodb, "contact-pitr-restored") == "ENABLED"  # a restore keeps neither
    ttl = dynamodb.describe_time_to_live(TableName="contact-pitr-restored")
    assert ttl["TimeToLiveDescription"]["TimeToLiveStatus"] == "ENABLED"
    lam = boto3.client("lambda", region_name=REGION, endpoint_url=moto_url)
    variables = lam.get_function_configuration(FunctionName="contact-pitr")["Environment"]
    assert variables["Variables"]["CONTACT_TABLE"] == "contact-pitr-restored"


def test_images_may_be_posted_from_the_netlify_address_too(
    tmp_path: Path, moto_url: str, aws_env: None
) -> None:
    """Before the domain points at Netlify the form is tried at <name>.netlify.app: its
    Origin is allowed beside the site's, and only those."""
    dist = write_artists(tmp_path / "dist")
    names = ("--function-name", "contact-origins", "--table", "contact-origins")
    site, netlify = "https://www.crimson-crown-tattoo.com", "https://crimson-crown.netlify.app"
    deployed = run_deploy(
        dist, moto_url, *names, "--site-url", f"{site}/", "--netlify-url", f"{netlify}/"
    )
    assert deployed.exit_code == 0, deployed.output
    s3 = boto3.client("s3", region_name=REGION, endpoint_url=moto_url)
    (cors,) = s3.get_bucket_cors(Bucket=BUCKET.format("origins"))["CORSRules"]
    assert (cors["AllowedOrigins"], cors["AllowedMethods"]) == ([site, netlify], ["POST"])
    assert f"images may be posted from {site}, {netlify}" in deployed.output
    wrong = run_deploy(dist, moto_url, *names, "--netlify-url", "crimson-crown.netlify.app")
    assert wrong.exit_code == 1 and "--netlify-url must be an https:// address" in wrong.output


@pytest.mark.skipif(os.name != "posix", reason="file modes")
def test_the_local_outbox_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    """`build.py serve` keeps visitors' messages in a SQLite outbox: 0600, as the link secret
    beside it, its WAL files too; one an earlier version left readable is narrowed."""
    path = tmp_path / "contact" / "outbox.sqlite3"
    old = os.umask(0o022)  # a usual umask: files readable by everyone unless made otherwise
    try:
        outbox = SqliteOutbox(path)
        outbox.add(stored())
        for part in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            assert stat.S_IMODE(part.stat().st_mode) == 0o600, part
        before = tmp_path / "before.sqlite3"
        before.touch()
        before.chmod(0o644)
        SqliteOutbox(before).list()
        assert stat.S_IMODE(before.stat().st_mode) == 0o600
    finally:
        os.umask(old)
