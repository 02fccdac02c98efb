"""deploy-function's part of issue 38 (items 1 and 6), against moto as the other deploy
tests: SES's own protections of the function's mail, the alarm on what the function says
needs attention, and saying loudly when Netlify lacks CONTACT_PROXY_SECRET (deploy-function
and the production build command)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import boto3
import pytest
from contact_support import (
    GOOD,
    REGION,
    call,
    make_service,
    post_event,
    run_deploy,
    write_artists,
)

from functions.contact.handlers.app import _client_address
from functions.contact.handlers.settings import Settings

ROOT = Path(__file__).resolve().parent.parent


def test_deploy_sends_every_email_with_a_configuration_set_that_suppresses_and_reports(
    tmp_path: Path, moto_url: str, aws_env: None
) -> None:
    dist = write_artists(tmp_path / "dist")
    names = ("--function-name", "contact-ses", "--table", "contact-ses")
    first = run_deploy(dist, moto_url, *names)
    assert first.exit_code == 0, first.output
    assert "email configuration set contact-ses: created" in first.output
    sesv2 = boto3.client("sesv2", region_name=REGION, endpoint_url=moto_url)
    made = sesv2.get_configuration_set(ConfigurationSetName="contact-ses")
    # The account's suppression list, applied to every email sent with the set.
    assert sorted(made["SuppressionOptions"]["SuppressedReasons"]) == ["BOUNCE", "COMPLAINT"]
    ses = boto3.client("ses", region_name=REGION, endpoint_url=moto_url)
    (events,) = ses.describe_configuration_set(
        ConfigurationSetName="contact-ses", ConfigurationSetAttributeNames=["eventDestinations"]
    )["EventDestinations"]
    assert sorted(events["MatchingEventTypes"]) == ["bounce", "complaint"]
    assert events["Enabled"] and "CloudWatchDestination" in events
    lam = boto3.client("lambda", region_name=REGION, endpoint_url=moto_url)
    variables = lam.get_function_configuration(FunctionName="contact-ses")["Environment"][
        "Variables"
    ]
    assert variables["CONTACT_SES_CONFIGURATION_SET"] == "contact-ses"
    again = run_deploy(dist, moto_url, *names)  # idempotent: found, nothing added
    assert again.exit_code == 0, again.output
    assert "email configuration set contact-ses: exists" in again.output
    assert "CloudWatch" not in again.output


def test_what_needs_attention_fires_the_studios_alarm(
    tmp_path: Path, moto_url: str, aws_env: None, caplog: pytest.LogCaptureFixture
) -> None:
    dist = write_artists(tmp_path / "dist")
    names = ("--function-name", "contact-attn", "--table", "contact-attn")
    deployed = run_deploy(dist, moto_url, *names)
    assert deployed.exit_code == 0, deployed.output
    assert "alarm contact-attn-needs-attention: emails" in deployed.output
    logs = boto3.client("logs", region_name=REGION, endpoint_url=moto_url)
    (metric_filter,) = logs.describe_metric_filters(
        logGroupName="/aws/lambda/contact-attn", filterNamePrefix="contact-attn-needs-attention"
    )["metricFilters"]
    assert metric_filter["metricTransformations"][0]["metricName"] == "NeedsAttention"
    cloudwatch = boto3.client("cloudwatch", region_name=REGION, endpoint_url=moto_url)
    (alarm,) = cloudwatch.describe_alarms(AlarmNames=["contact-attn-needs-attention"])[
        "MetricAlarms"
    ]
    (pending,) = cloudwatch.describe_alarms(AlarmNames=["contact-attn-emails-pending"])[
        "MetricAlarms"
    ]
    assert alarm["MetricName"] == "NeedsAttention" and alarm["Threshold"] == 1.0
    assert alarm["AlarmActions"] == pending["AlarmActions"]  # the studio's topic

    # What the function logs when Netlify forwards without the secret: the filter counts it.
    caplog.set_level(logging.INFO)
    _client_address.cache_clear()
    settings = Settings.from_env(
        {
            "CONTACT_OUTBOX": str(tmp_path / "outbox.sqlite3"),
            "CONTACT_CLIENT_IP_HEADER": "x-nf-client-connection-ip",
            "CONTACT_PROXY_SECRET": "k" * 64,
        }
    )
    assert call(make_service(tmp_path, settings), post_event(GOOD), settings)[0] == 200
    lines = [f"[WARNING]\t{r.getMessage()}" for r in caplog.records]
    logs.create_log_stream(logGroupName="/aws/lambda/contact-attn", logStreamName="copy-1")
    now = int(time.time() * 1000)
    logs.put_log_events(
        logGroupName="/aws/lambda/contact-attn",
        logStreamName="copy-1",
        logEvents=[{"timestamp": now, "message": line} for line in lines],
    )
    counted = logs.filter_log_events(
        logGroupName="/aws/lambda/contact-attn", filterPattern=metric_filter["filterPattern"]
    )["events"]
    assert len(counted) == 1 and "CONTACT_PROXY_SECRET" in counted[0]["message"]


def test_deploy_says_loudly_that_netlify_needs_the_new_secret(
    tmp_path: Path, moto_url: str, aws_env: None
) -> None:
    dist = write_artists(tmp_path / "dist")
    names = ("--function-name", "contact-loud", "--table", "contact-loud")
    first = run_deploy(dist, moto_url, *names)
    assert first.exit_code == 0, first.output
    assert "WARNING: the site is not ready until Netlify has CONTACT_PROXY_SECRET" in first.output
    again = run_deploy(dist, moto_url, *names)
    assert "WARNING" not in again.output  # kept: Netlify has had it since the first deploy


def netlify_build(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    """The production build command up to its first step: a `node` that reports 22 and no
    npm on the PATH, so it stops right after its checks, before installing anything."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    node = bin_dir / "node"
    node.write_text("#!/bin/sh\necho v22.11.0\n")
    node.chmod(0o755)
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("CONTACT_", "CONTEXT"))}
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "netlify_build.py")],
        env={**keep, "PATH": str(bin_dir), **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_production_build_warns_when_the_secret_is_missing(tmp_path: Path) -> None:
    warning = "WARNING: CONTACT_PROXY_SECRET is not set"
    missing = netlify_build(tmp_path, CONTEXT="production")
    assert "npm is not on the PATH" in missing.stderr  # it got as far as intended
    assert warning in missing.stdout and "Deployment step 4" in missing.stdout
    assert (
        warning
        not in netlify_build(tmp_path, CONTEXT="production", CONTACT_PROXY_SECRET="k" * 64).stdout
    )
    assert warning not in netlify_build(tmp_path, CONTEXT="deploy-preview").stdout
