"""Amazon SES through moto for the contact tests: the sender and what was sent.

Use with the `aws` fixture (tests/conftest.py), which starts moto's in-memory AWS.
"""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import boto3
from botocore.exceptions import ClientError
from contact_support import make_service
from moto.core import DEFAULT_ACCOUNT_ID
from moto.ses.models import ses_backends

from functions.contact.dal.ses import SesNotifier
from functions.contact.logic.service import ContactService
from functions.contact.models.message import StoredMessage

REGION = "us-east-1"
STUDIO = "studio@studio.example"
SENDER = "website@studio.example"


def sent_raw_emails() -> list[str]:
    """The raw MIME text of every email moto's SES accepted, oldest first."""
    return [m.raw_data for m in ses_backends[DEFAULT_ACCOUNT_ID][REGION].sent_messages]


def sent_emails() -> list[email.message.EmailMessage]:
    return [
        email.message_from_string(raw, policy=email.policy.default) for raw in sent_raw_emails()
    ]


def ses_notifier(verified: bool = True, client=None) -> SesNotifier:
    if verified:
        boto3.client("ses", region_name=REGION).verify_email_identity(EmailAddress=SENDER)
    return SesNotifier(
        SENDER, (STUDIO,), REGION, studio="Test Studio", sleep=lambda s: None, client=client
    )


class RefusingSes:
    """moto's SES v2 client, but refusing (MessageRejected) every email to these addresses:
    SES failing for one email and not the others."""

    def __init__(self, *refused: str):
        self.client = boto3.client("sesv2", region_name=REGION)
        self.refused = set(refused)
        self.refusals = 0

    def send_email(self, **kwargs):  # noqa: ANN003, ANN201 - boto3's signature
        if self.refused & set(kwargs["Destination"]["ToAddresses"]):
            self.refusals += 1
            error = {"Code": "MessageRejected", "Message": "Email address is not verified."}
            raise ClientError(
                {"Error": error, "ResponseMetadata": {"HTTPStatusCode": 400}}, "SendEmail"
            )
        return self.client.send_email(**kwargs)


def ses_service(tmp_path: Path, verified: bool = True) -> ContactService:
    return make_service(tmp_path, notifier=ses_notifier(verified))


def stored(name: str = "Ana", **changes: str) -> StoredMessage:
    """A message as the store keeps it, built directly (as if the rules had been bypassed)."""
    message = StoredMessage(
        "id1",
        "2026-11-22T03:00:00+00:00",
        name,
        "ana@example.com",
        "",
        "na",
        "Piercing",
        "Hello",
        "203.0.113.7",
    )
    return StoredMessage(**{**message.to_dict(), **changes})
