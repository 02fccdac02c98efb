"""The IAM policy of whoever runs deploy-function: `functions/deploy-policy.json`, with its
`${...}` placeholders filled from the same settings deploy-function uses.

    python -m functions.deploy_policy --region us-east-1 [--account 123456789012]
        [--function-name ...] [--role-name ...] [--table ...] [--uploads-bucket ...]

prints it filled (the account, when not given, is read with STS from the credentials at
hand, as deploy-function does). Attach it to the deploying IAM user or role.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import sys
from pathlib import Path

from functions.deploy_aws import default_bucket
from functions.deploy_options import DeployOptions

POLICY_FILE = Path(__file__).resolve().with_name("deploy-policy.json")
PLACEHOLDER = re.compile(r"\$\{(\w+)\}")


def template() -> dict:
    return json.loads(POLICY_FILE.read_text("utf-8"))


def _default(name: str) -> str:
    (spec,) = [f for f in dataclasses.fields(DeployOptions) if f.name == name]
    return spec.default


def fill(policy: dict, values: dict[str, str]) -> dict:
    """The policy with every ${Name} replaced; a placeholder without a value is an error."""
    text = json.dumps(policy)
    missing = sorted(set(PLACEHOLDER.findall(text)) - set(values))
    if missing:
        raise KeyError(f"no value for {', '.join(missing)}")
    return json.loads(PLACEHOLDER.sub(lambda m: values[m.group(1)], text))


def policy_for(
    region: str,
    account: str,
    function_name: str | None = None,
    role_name: str | None = None,
    table: str | None = None,
    uploads_bucket: str | None = None,
) -> dict:
    """deploy-policy.json filled for these settings (deploy-function's defaults otherwise)."""
    function_name = function_name or _default("function_name")
    return fill(
        template(),
        {
            "Region": region,
            "Account": account,
            "FunctionName": function_name,
            "RoleName": role_name or _default("role_name"),
            "Table": table or _default("table"),
            "Bucket": uploads_bucket or default_bucket(function_name, account, region),
        },
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m functions.deploy_policy",
        description="Print the IAM policy deploy-function needs, filled for these settings.",
    )
    parser.add_argument("--region", default=os.environ.get("AWS_REGION"))
    parser.add_argument("--account", help="AWS account id (default: STS get-caller-identity)")
    parser.add_argument("--function-name", default=_default("function_name"))
    parser.add_argument("--role-name", default=_default("role_name"))
    parser.add_argument("--table", default=_default("table"))
    parser.add_argument("--uploads-bucket", help="default: <function>-uploads-<account>-<region>")
    parser.add_argument("--endpoint-url", help="AWS-compatible endpoint (for STS)")
    args = parser.parse_args(argv)
    if not args.region:
        parser.error("--region (or AWS_REGION) is required")
    account = args.account
    if not account:
        import boto3

        sts = boto3.client("sts", region_name=args.region, endpoint_url=args.endpoint_url)
        account = sts.get_caller_identity()["Account"]
    policy = policy_for(
        args.region, account, args.function_name, args.role_name, args.table, args.uploads_bucket
    )
    sys.stdout.write(json.dumps(policy, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
