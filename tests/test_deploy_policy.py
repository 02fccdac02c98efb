"""The deploying user's IAM policy (functions/deploy-policy.json) allows every AWS call
deploy-function makes, on the resources it names, and nothing it does not call.

Two independent checks:
- every call of a first and a second deploy is recorded (botocore's before-parameter-build
  event on each client), mapped to its IAM action and resource ARN, and evaluated against
  the filled policy (action, resource and condition);
- moto enforces IAM (INITIAL_NO_AUTH_ACTION_COUNT, reset through /moto-api/reset-auth) and
  deploy-function runs as a user holding only the policy's actions: moto names each
  action itself. moto evaluates every request against the resource "*", so there the
  policy's resources are widened to "*" (the first check holds the resources).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from fnmatch import fnmatchcase
from pathlib import Path

import boto3
import httpx
import pytest
from contact_support import REGION, moto_server, run_deploy, use_aws_env, write_artists

from functions import deploy_policy

ACCOUNT = "123456789012"  # moto's
# moto's servers in one process share their state: names of this module's own.
FUNCTION = f"policy-{uuid.uuid4().hex[:8]}"
SITE = "https://www.crimson-crown-tattoo.com"

# Where an API operation's IAM action is not "<service>:<OperationName>" (AWS's Service
# Authorization Reference, Amazon S3: HeadBucket is authorised as s3:ListBucket).
IAM_ACTIONS = {
    "s3:HeadBucket": "s3:ListBucket",
    "s3:PutBucketEncryption": "s3:PutEncryptionConfiguration",
    "s3:PutBucketLifecycleConfiguration": "s3:PutLifecycleConfiguration",
    "s3:PutBucketCors": "s3:PutBucketCORS",
    "s3:PutPublicAccessBlock": "s3:PutBucketPublicAccessBlock",
}
# Needs no permission (AWS STS API reference, GetCallerIdentity).
UNAUTHORISED_CALLS = {"sts:GetCallerIdentity"}
# moto's own names for some of the same actions (moto/s3/responses.py ACTION_MAP; CloudWatch
# by its signing name): given to moto's user alongside the real ones.
MOTO_ALIASES = {
    "s3:ListBucket": ["s3:HeadBucket"],
    "s3:PutBucketPublicAccessBlock": ["s3:PutPublicAccessBlock"],
    "cloudwatch:PutMetricAlarm": ["monitoring:PutMetricAlarm"],
}


def resource_of(service: str, params: dict) -> str:
    """The ARN an operation acts on, from its parameters."""
    at = f"{REGION}:{ACCOUNT}"
    if service == "dynamodb":
        return f"arn:aws:dynamodb:{at}:table/{params['TableName']}"
    if service == "s3":
        return f"arn:aws:s3:::{params['Bucket']}"
    if service == "iam":
        return f"arn:aws:iam::{ACCOUNT}:role/{params['RoleName']}"
    if service == "lambda":
        return f"arn:aws:lambda:{at}:function:{params['FunctionName']}"
    if service == "events":
        return f"arn:aws:events:{at}:rule/{params.get('Name') or params['Rule']}"
    if service == "logs":
        return f"arn:aws:logs:{at}:log-group:{params['logGroupName']}"
    if service == "sns":
        return params.get("TopicArn") or f"arn:aws:sns:{at}:{params['Name']}"
    if service == "cloudwatch":
        return f"arn:aws:cloudwatch:{at}:alarm:{params['AlarmName']}"
    if service in ("ses", "sesv2"):
        return f"arn:aws:ses:{at}:configuration-set/{params['ConfigurationSetName']}"
    raise AssertionError(f"no resource known for {service}")


def requests_of(calls: list[tuple[str, str, dict]]) -> set[tuple[str, str, tuple]]:
    """(IAM action, resource ARN, condition context) for each recorded call."""
    wanted = set()
    for service, operation, params in calls:
        # SES's two APIs share one IAM prefix (Service Authorization Reference, Amazon SES).
        action = f"{'ses' if service == 'sesv2' else service}:{operation}"
        if action in UNAUTHORISED_CALLS:
            continue
        wanted.add((IAM_ACTIONS.get(action, action), resource_of(service, params), ()))
        if service == "lambda" and "Role" in params:  # the role is passed to Lambda
            wanted.add(
                (
                    "iam:PassRole",
                    params["Role"],
                    (("iam:PassedToService", "lambda.amazonaws.com"),),
                )
            )
    return wanted


def _listed(value: str | list[str]) -> list[str]:
    return [value] if isinstance(value, str) else value


def allowed(policy: dict, action: str, resource: str, context: tuple) -> bool:
    """IAM's answer for an identity policy of Allow statements (no Deny, no NotAction)."""
    values = dict(context)
    for statement in policy["Statement"]:
        assert statement["Effect"] == "Allow" and "NotAction" not in statement
        if not any(fnmatchcase(action.lower(), a.lower()) for a in _listed(statement["Action"])):
            continue
        if not any(fnmatchcase(resource, r) for r in _listed(statement["Resource"])):
            continue
        conditions = statement.get("Condition", {})
        assert set(conditions) <= {"StringEquals"}, conditions
        if all(
            values.get(key) in _listed(expected)
            for key, expected in conditions.get("StringEquals", {}).items()
        ):
            return True
    return False


def refused(policy: dict, wanted: set) -> list[tuple]:
    return sorted(r for r in wanted if not allowed(policy, *r))


def policy_actions(policy: dict) -> set[str]:
    return {a for s in policy["Statement"] for a in _listed(s["Action"])}


def filled(function: str = FUNCTION) -> dict:
    return deploy_policy.policy_for(
        REGION, ACCOUNT, function_name=function, role_name=f"{function}-role", table=function
    )


def deploy_twice(dist: Path, url: str, function: str) -> list:
    """A first deploy (everything created), then a second with new code and a site URL."""
    names = ("--function-name", function, "--table", function, "--role-name", f"{function}-role")
    first = run_deploy(dist, url, *names)
    if first.exit_code:
        return [first]
    write_artists(dist, [{"slug": "new-artist", "name": "New Artist"}])  # new code
    return [first, run_deploy(dist, url, *names, "--site-url", SITE)]


@pytest.fixture(scope="module")
def recorded(
    moto_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[tuple[str, str, dict]]]:
    """Every AWS call of a first deploy (everything created) and a second (updated)."""
    calls: list[tuple[str, str, dict]] = []

    def record(model, params: dict, **_: object) -> None:  # noqa: ANN001 - botocore model
        calls.append((model.service_model.service_name, model.name, dict(params)))

    original = boto3.session.Session.client

    def client(self, *args: object, **kwargs: object):  # noqa: ANN001, ANN202
        made = original(self, *args, **kwargs)
        made.meta.events.register("before-parameter-build", record)
        return made

    with pytest.MonkeyPatch.context() as patch:
        use_aws_env(patch)
        patch.setattr(boto3.session.Session, "client", client)
        dist = write_artists(tmp_path_factory.mktemp("policy") / "dist")
        for result in deploy_twice(dist, moto_url, FUNCTION):
            assert result.exit_code == 0, result.output
    yield calls


def test_every_call_of_a_deploy_is_allowed_by_the_policy_on_its_resource(
    recorded: list[tuple[str, str, dict]],
) -> None:
    wanted = requests_of(recorded)
    assert {"lambda:CreateFunction", "lambda:UpdateFunctionCode"} <= {
        a for a, _, _ in wanted
    }  # both deploys were recorded
    policy = filled()
    assert refused(policy, wanted) == []
    # Least privilege: the policy grants no action the deploy does not call.
    assert policy_actions(policy) == {a for a, _, _ in wanted}


def test_the_check_fails_when_the_policy_lacks_any_one_action(
    recorded: list[tuple[str, str, dict]],
) -> None:
    wanted = requests_of(recorded)
    for action in sorted(policy_actions(filled())):
        policy = filled()
        for statement in policy["Statement"]:
            statement["Action"] = [a for a in _listed(statement["Action"]) if a != action]
        assert action in {a for a, _, _ in refused(policy, wanted)}, action


def test_the_check_fails_on_another_resource(recorded: list[tuple[str, str, dict]]) -> None:
    """Filled for another function, table, role and bucket, the policy allows none of it."""
    actions = {a for a, _, _ in refused(filled("other"), requests_of(recorded))}
    assert policy_actions(filled()) == actions


def test_the_policy_is_printed_filled(capsys: pytest.CaptureFixture[str]) -> None:
    assert deploy_policy.main(["--region", "eu-west-1", "--account", "111122223333"]) == 0
    printed = capsys.readouterr().out
    assert "${" not in printed
    policy = json.loads(printed)
    resources = {r for s in policy["Statement"] for r in _listed(s["Resource"])}
    assert "arn:aws:lambda:eu-west-1:111122223333:function:studio-contact" in resources
    assert "arn:aws:s3:::studio-contact-uploads-111122223333-eu-west-1" in resources
    assert "arn:aws:dynamodb:eu-west-1:111122223333:table/studio-contact-messages" in resources
    assert "arn:aws:iam::111122223333:role/studio-contact-function" in resources
    assert "arn:aws:sns:eu-west-1:111122223333:studio-contact-alerts" in resources
    template = deploy_policy.template()
    assert policy_actions(template) == policy_actions(policy)


# --- moto enforcing IAM: deploy-function as a user holding only the policy's actions ---


@pytest.fixture
def enforcing_moto(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A moto server of its own that checks every request against the caller's policies."""
    from moto.iam.access_control import IAMRequestBase

    # moto signs REST GETs (Lambda's) over its parsed parameters, so their signatures never
    # match: the check under test is authorisation, which stays on.
    monkeypatch.setattr(IAMRequestBase, "check_signature", lambda self: None)
    with moto_server() as url:
        try:
            yield url
        finally:
            httpx.post(f"{url}/moto-api/reset-auth", content=b"inf")


def moto_policy(without: str | None = None) -> dict:
    """The policy's actions, on "*" (moto's only resource), with moto's aliases."""
    actions = sorted(policy_actions(filled()) - {without})
    return {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Effect": "Allow",
                "Action": [n for a in actions for n in [a, *MOTO_ALIASES.get(a, [])]],
                "Resource": "*",
            }
        ],
    }


def deploy_as_user(
    url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, policy: dict
) -> list[str]:
    iam = boto3.client(
        "iam",
        region_name=REGION,
        endpoint_url=url,
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )
    user = f"deployer-{uuid.uuid4().hex[:8]}"
    iam.create_user(UserName=user)
    iam.put_user_policy(UserName=user, PolicyName="deploy", PolicyDocument=json.dumps(policy))
    key = iam.create_access_key(UserName=user)["AccessKey"]
    use_aws_env(monkeypatch, key["AccessKeyId"], key["SecretAccessKey"])
    assert httpx.post(f"{url}/moto-api/reset-auth", content=b"0").status_code == 200
    dist = write_artists(tmp_path / "dist")
    function = f"policy-{uuid.uuid4().hex[:8]}"
    results = deploy_twice(dist, url, function)
    return [f"{r.exit_code}\n{r.output}{r.exception or ''}" for r in results]


def test_a_user_with_only_the_policy_deploys_twice(
    enforcing_moto: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = deploy_as_user(enforcing_moto, tmp_path, monkeypatch, moto_policy())
    assert first.startswith("0\n") and ": created" in first, first
    assert "function policy-" in first and "alarm policy-" in first, first
    assert second.startswith("0\n") and "code and configuration updated" in second, second


@pytest.mark.parametrize(
    "action",
    [
        "dynamodb:UpdateContinuousBackups",
        "iam:PutRolePolicy",
        "lambda:PutFunctionConcurrency",
        "events:PutTargets",
        "sns:Subscribe",
        "cloudwatch:PutMetricAlarm",
    ],
)
def test_without_one_action_moto_refuses_the_deploy(
    action: str, enforcing_moto: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    outputs = deploy_as_user(enforcing_moto, tmp_path, monkeypatch, moto_policy(action))
    assert not outputs[-1].startswith("0\n")
    assert "AccessDenied" in outputs[-1] and action.split(":")[1] in outputs[-1], outputs[-1]
