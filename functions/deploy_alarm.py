"""deploy-function's alarms: an email (through SNS) when a studio email fails and its message
stays pending (docs/contact.md, "Told when studio emails stay pending"), and one when the
function logs that something needs attention: a ceiling reached, Netlify's signature
missing (functions/contact/attention.py; docs/contact.md, "Told when something needs
attention").

Those two metrics come from the function's own log lines, counted by a metric filter on its
log group; Lambda's Errors metric would not move (the function answers 200 and keeps the
message), nor would SES's (the send never happened). Lambda's own metrics have two alarms of
their own on the same topic (docs/contact.md, "Told when the function fails or is full"): a
run that crashed or timed out (Errors), and a request turned away because every reserved
instance was busy (Throttles).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from functions.contact.models.attention import MARK as ATTENTION_MARK
from functions.deploy_options import DeployOptions, error_code

# The function logs this (contact/logic/service.py, Service.notify) each time a studio email
# fails and its message stays pending: on the request, and on every scheduled retry that fails
# again.
PENDING_LOG_PATTERN = '"kept pending"'
PENDING_METRIC = "EmailsKeptPending"
# The function logs this (attention.py) once for each thing the studio should look at.
ATTENTION_LOG_PATTERN = f'"{ATTENTION_MARK}"'
ATTENTION_METRIC = "NeedsAttention"
ALARM_PERIOD_S = 300

Clients = Callable[[str], Any]  # service name -> boto3 client (untyped)


def pending_alarm_names(function_name: str) -> dict[str, str]:
    """The names of the alarm's parts, one set per function (deploy-policy.json names them)."""
    return {
        "log_group": f"/aws/lambda/{function_name}",
        "filter": f"{function_name}-emails-pending",
        "namespace": f"StudioContact/{function_name}",
        "topic": f"{function_name}-alerts",
        "alarm": f"{function_name}-emails-pending",
        "attention_filter": f"{function_name}-needs-attention",
        "attention_alarm": f"{function_name}-needs-attention",
        "errors_alarm": f"{function_name}-errors",
        "throttles_alarm": f"{function_name}-throttles",
    }


def alarm_evaluation_periods(schedule_minutes: int) -> int:
    """5-minute periods the alarm looks back over: longer than the schedule's interval, so
    a message still failing at every retry keeps it in ALARM (one email, not one a retry),
    and it turns OK only once a whole interval passed without a failure."""
    return max(1, math.ceil(schedule_minutes * 60 / ALARM_PERIOD_S)) + 1


def count_pending_in_logs(logs: Any, names: dict[str, str]) -> None:
    """The metric: a filter on the function's log group counting "kept pending" lines."""
    try:
        logs.create_log_group(logGroupName=names["log_group"])
    except Exception as exc:
        if error_code(exc) != "ResourceAlreadyExistsException":  # Lambda made it, or we did
            raise
    count_in_logs(logs, names, names["filter"], PENDING_LOG_PATTERN, PENDING_METRIC)


def count_in_logs(
    logs: Any, names: dict[str, str], filter_name: str, pattern: str, metric: str
) -> None:
    """A filter on the function's log group (made already) counting the lines of pattern
    as metric."""
    wanted = {
        "filterPattern": pattern,
        "metricTransformations": [
            {
                "metricName": metric,
                "metricNamespace": names["namespace"],
                "metricValue": "1",
            }
        ],
    }
    current = logs.describe_metric_filters(
        logGroupName=names["log_group"], filterNamePrefix=filter_name
    )["metricFilters"]
    # Written only when it differs: a second put would add a duplicate on some backends.
    if not any(
        f["filterName"] == filter_name and {k: f.get(k) for k in wanted} == wanted for f in current
    ):
        logs.put_metric_filter(logGroupName=names["log_group"], filterName=filter_name, **wanted)


def alert_topic(
    sns: Any, names: dict[str, str], recipients: tuple[str, ...], say: Callable[[str], None]
) -> str:
    """The SNS topic the alarm emails, each recipient subscribed once; its ARN."""
    topic = sns.create_topic(Name=names["topic"])["TopicArn"]  # the same ARN every time
    subscribed = {
        s["Endpoint"].lower()
        for s in sns.list_subscriptions_by_topic(TopicArn=topic)["Subscriptions"]
        if s["Protocol"] == "email"
    }
    for address in recipients:
        if address.lower() not in subscribed:
            sns.subscribe(TopicArn=topic, Protocol="email", Endpoint=address)
            say(
                f"alarm: {address} subscribed; AWS emails it a link to confirm "
                "(no alarm email reaches it before it is clicked)"
            )
    return topic


def put_alarm(
    cloudwatch: Any,
    name: str,
    about: str,
    metric: dict[str, Any],
    topic: str,
    periods: int = 1,
    ok_too: bool = True,
) -> None:
    """An alarm emailing topic at the first count of metric (its Namespace, MetricName and
    Dimensions) in one of the last `periods` 5-minute periods (missing data: OK), and again
    when it is OK unless not ok_too. PutMetricAlarm replaces an alarm of that name."""
    cloudwatch.put_metric_alarm(
        AlarmName=name,
        AlarmDescription=about,
        **metric,
        Statistic="Sum",
        Period=ALARM_PERIOD_S,
        EvaluationPeriods=periods,
        DatapointsToAlarm=1,
        Threshold=1,
        ComparisonOperator="GreaterThanOrEqualToThreshold",
        TreatMissingData="notBreaching",
        AlarmActions=[topic],
        **({"OKActions": [topic]} if ok_too else {}),
    )


def alarm_on_pending_emails(
    client: Clients, options: DeployOptions, say: Callable[[str], None]
) -> str:
    """Create or update the metric, the topic and the alarm; the topic's ARN."""
    names = pending_alarm_names(options.function_name)
    logs = client("logs")
    count_pending_in_logs(logs, names)
    topic = alert_topic(client("sns"), names, options.alarm_recipients, say)
    periods = alarm_evaluation_periods(options.schedule_minutes)
    alarm_on_attention(client, options, names, logs, topic, say)
    alarm_on_lambda_metrics(client("cloudwatch"), options, names, topic, say)
    put_alarm(
        client("cloudwatch"),
        names["alarm"],
        f"A studio email from {options.function_name} failed; the message is "
        "kept pending and retried. List them: python build.py messages --pending "
        "(docs/contact.md).",
        {"Namespace": names["namespace"], "MetricName": PENDING_METRIC},
        topic,
        periods=periods,
    )
    say(
        f"alarm {names['alarm']}: emails {', '.join(options.alarm_recipients)} when "
        f"a studio email fails (OK again after {periods * ALARM_PERIOD_S // 60} minutes "
        "without a failure)"
    )
    return topic


def alarm_on_attention(
    client: Clients,
    options: DeployOptions,
    names: dict[str, str],
    logs: Any,
    topic: str,
    say: Callable[[str], None],
) -> None:
    """The second alarm, on the same topic: a line "needs attention" in the function's log
    (attention.py): the hour's ceiling of confirmations reached, or requests through the
    site without Netlify's signature (CONTACT_PROXY_SECRET missing in Netlify)."""
    count_in_logs(logs, names, names["attention_filter"], ATTENTION_LOG_PATTERN, ATTENTION_METRIC)
    put_alarm(
        client("cloudwatch"),
        names["attention_alarm"],
        f"{options.function_name} logged that something needs attention: the hour's "
        "ceiling of confirmations to visitors was reached, or requests through the site "
        "arrive without Netlify's signature (set CONTACT_PROXY_SECRET in Netlify). Its "
        "log lines with 'needs attention' say which (docs/contact.md).",
        {"Namespace": names["namespace"], "MetricName": ATTENTION_METRIC},
        topic,
        ok_too=False,  # each event is said once: no email when it turns OK
    )
    say(
        f"alarm {names['attention_alarm']}: emails {', '.join(options.alarm_recipients)} when "
        "the function logs that something needs attention (a ceiling reached, Netlify's "
        "signature missing)"
    )


def lambda_alarms(options: DeployOptions, names: dict[str, str]) -> list[tuple[str, str, str]]:
    """(alarm name, Lambda metric, what it means) of the function's own metrics."""
    cap = options.reserved_concurrency
    full = (
        f"all {cap} instances the function may run at once (--reserved-concurrency) were busy"
        if cap
        else "the account's Lambda concurrency was used up"
    )
    return [
        (
            names["errors_alarm"],
            "Errors",
            f"{options.function_name} failed: a run crashed or timed out, and the visitor saw "
            "an error (a message may be lost). Its log says why: CloudWatch Logs, "
            f"/aws/lambda/{options.function_name} (docs/contact.md).",
        ),
        (
            names["throttles_alarm"],
            "Throttles",
            f"{options.function_name} turned requests away: {full}, so visitors were told to "
            "try again. A burst of spam, or a cap too low for the studio's traffic "
            "(docs/contact.md).",
        ),
    ]


def alarm_on_lambda_metrics(
    cloudwatch: Any,
    options: DeployOptions,
    names: dict[str, str],
    topic: str,
    say: Callable[[str], None],
) -> None:
    """Two alarms on the same topic, on Lambda's own metrics of the function: Errors and
    Throttles, at the first one in 5 minutes; OK again after 5 minutes without."""
    for alarm, metric, about in lambda_alarms(options, names):
        metric_of_function = {
            "Namespace": "AWS/Lambda",
            "MetricName": metric,
            "Dimensions": [{"Name": "FunctionName", "Value": options.function_name}],
        }
        put_alarm(cloudwatch, alarm, about, metric_of_function, topic)
    say(
        f"alarms {names['errors_alarm']} and {names['throttles_alarm']}: email "
        f"{', '.join(options.alarm_recipients)} when the function fails or turns requests away"
    )
