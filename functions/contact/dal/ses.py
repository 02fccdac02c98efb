"""The studio's email through Amazon SES v2 (raw MIME, so every header is ours).

Only imported when email is configured (CONTACT_NOTIFY_FROM and CONTACT_NOTIFY_TO): boto3
costs a cold start. The email itself is built in mail.py.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable

import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

from ..models.message import StoredMessage
from ..models.outcomes import NotificationFailed
from ..models.references import ImageLinks
from .studio_mail import StudioMail

log = logging.getLogger(__name__)

# SES answers these when sending faster than the account's rate (1/s in the sandbox).
THROTTLING = {
    "Throttling",
    "ThrottlingException",
    "TooManyRequestsException",
    "LimitExceededException",
}
# One attempt per call: the notifier's own loop retries, within a time budget the Lambda
# timeout can afford, with backoff that tests can drive (see SesNotifier.send).
_SES_CONFIG = Config(
    connect_timeout=1, read_timeout=4, retries={"mode": "standard", "total_max_attempts": 1}
)
MAX_SEND_ATTEMPTS = 6


class SesNotifier(StudioMail):
    """Sends the studio's email through SES v2 (raw MIME, so every header is ours)."""

    def __init__(
        self,
        sender: str,
        recipients: tuple[str, ...],
        region: str,
        studio: str = "Website",
        budget_s: float = 4.0,
        client=None,  # noqa: ANN001 - boto3 sesv2 client
        sleep: Callable[[float], None] = time.sleep,
        jitter: Callable[[], float] = random.random,
        clock: Callable[[], float] = time.monotonic,
        image_links: Callable[[list[str]], ImageLinks] | None = None,
        configuration_set: str = "",
        request_links: Callable[[StoredMessage], list[tuple[str, str]]] | None = None,
        artist_emails: Callable[[str], str] | None = None,
    ):
        super().__init__(sender, recipients, studio, image_links, request_links, artist_emails)
        # SES's suppression list and bounce and complaint events (deploy-function makes it).
        self.options = {"ConfigurationSetName": configuration_set} if configuration_set else {}
        self.budget_s = budget_s
        self.client = client or boto3.client("sesv2", region_name=region, config=_SES_CONFIG)
        self.sleep = sleep
        self.jitter = jitter
        self.clock = clock

    def send(self, message: StoredMessage, artist_name: str) -> None:
        raw, to, cc = self.compose(message, artist_name)
        self.deliver(raw, to, cc)

    def deliver(self, raw: bytes, recipients: tuple[str, ...], cc: tuple[str, ...] = ()) -> None:
        """Send a raw email to recipients (and cc) from the studio's address, retrying
        throttling and SES hiccups within the time budget; NotificationFailed when it did
        not go."""
        destination = {"ToAddresses": list(recipients)}
        if cc:
            destination["CcAddresses"] = list(cc)
        delay, attempt, started = 0.25, 0, self.clock()
        while True:
            attempt += 1
            try:
                self.client.send_email(
                    FromEmailAddress=self.sender,
                    Destination=destination,
                    Content={"Raw": {"Data": raw}},
                    **self.options,
                )
                return
            except ClientError as exc:
                code = exc.response.get("Error", {}).get("Code", "")
                status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode", 0)
                retryable = code in THROTTLING or status >= 500
                error = f"SES {code or status}: {exc.response.get('Error', {}).get('Message', exc)}"
            except BotoCoreError as exc:  # connection trouble: worth another try
                retryable, error = True, f"SES unreachable: {exc}"
            # Exponential backoff with "equal jitter" (AWS Architecture Blog, "Exponential
            # Backoff And Jitter"), stopping before the time budget (calls included) ends.
            pause = delay * (0.5 + self.jitter() / 2)
            spent = self.clock() - started
            if not retryable or attempt >= MAX_SEND_ATTEMPTS or spent + pause > self.budget_s:
                raise NotificationFailed(
                    f"{error} (after {attempt} attempt{'s' if attempt > 1 else ''})"
                )
            log.warning("contact: %s; retrying in %.2fs", error, pause)
            self.sleep(pause)
            delay = min(delay * 2, 2.0)
