"""The contact function's IAM role: who may assume it, and what it may do."""

from __future__ import annotations

from functions.contact.models.references import MESSAGES, PENDING, SPAM

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


def role_policy(table_arn: str, bucket: str) -> dict:
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
                    # A decline or an expiry deletes the flash hold in its transaction.
                    "dynamodb:DeleteItem",
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
