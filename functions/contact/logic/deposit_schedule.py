"""The daily pass over unpaid deposits (docs/contact.md, "Deposits"): run by the daily
schedule's action (`send-spam-digest`, handlers/app.py) and locally by
`build.py deposits-due`, not by a loop of our own.

For each `accepted` request: after `deposit_reminder_days` the visitor is reminded once
(MessageStore.claim_once marks it, so two runs at once send one); after
`deposit_expiry_days` its open Checkout Session is closed at Stripe (so it can no longer be
paid) and the request becomes `expired` by "expiry" in one conditional write, and the
studio and the visitor are told. A session Stripe reports paid is left to the webhook.
Running it twice, or again after a failure, does nothing twice.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from ..models.message import StorageUnavailable, StoredMessage
from ..models.payments import PaymentsUnavailable
from ..models.request_state import ACCEPTED, EXPIRED, NotAllowed, moved
from .deposits import DAY_S, DepositDesk, accepted_at

log = logging.getLogger(__name__)

BY_EXPIRY = "expiry"
REMINDER_KEEP_S = 90 * DAY_S  # longer than any request stays accepted


@dataclass
class DepositReport:
    reminded: list[str] = field(default_factory=list)  # message ids
    expired: list[str] = field(default_factory=list)
    paid_meanwhile: list[str] = field(default_factory=list)  # left to the webhook
    failed: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "reminded": len(self.reminded),
            "expired": len(self.expired),
            "paid_meanwhile": len(self.paid_meanwhile),
            "failed": len(self.failed),
        }


def due(desk: DepositDesk, now: float) -> list[tuple[StoredMessage, str]]:
    """The accepted requests with something due at now: (request, "remind" | "expire")."""
    rules = desk.booking()
    found = []
    for message in desk.store.list():
        start = accepted_at(message) if message.state == ACCEPTED else None
        if start is None:
            continue
        age = now - start
        if age >= rules.expiry_days * DAY_S:
            found.append((message, "expire"))
        elif age >= rules.reminder_days * DAY_S:
            found.append((message, "remind"))
    return found


def run_deposit_schedule(desk: DepositDesk, now: float, dry_run: bool = False) -> DepositReport:
    """Remind and expire what is due at now; with dry_run, only say what would be done."""
    report = DepositReport()
    for message, what in due(desk, now):
        if dry_run:
            (report.reminded if what == "remind" else report.expired).append(message.id)
            continue
        try:
            if what == "remind":
                _remind(desk, message, now, report)
            else:
                _expire(desk, message, report)
        except (StorageUnavailable, PaymentsUnavailable) as exc:
            log.error("contact: deposit of %s not handled today: %s", message.id, exc)
            report.failed.append(message.id)
    if report.reminded or report.expired or report.failed:
        log.info("contact: deposits: %s", report.as_dict())
    return report


def _remind(desk: DepositDesk, message: StoredMessage, now: float, report: DepositReport) -> None:
    key = f"deposit-reminder#{message.id}"
    if not desk.store.claim_once(key, now, REMINDER_KEEP_S):
        return  # reminded already
    if desk.remind(message):
        report.reminded.append(message.id)
    else:
        report.failed.append(message.id)


def _expire(desk: DepositDesk, message: StoredMessage, report: DepositReport) -> None:
    if message.checkout_session and desk.payments is not None:
        session = desk.payments.expire(message.checkout_session)
        if session is not None and session.status == "complete":
            report.paid_meanwhile.append(message.id)  # the webhook books it
            return
    try:
        expired = moved(message, EXPIRED, desk.source.now(), BY_EXPIRY)
    except NotAllowed:  # pragma: no cover - only accepted requests are due
        return
    if not desk.store.change_state(expired, ACCEPTED):
        return  # paid, declined or expired by another run first
    log.info("contact: request %s expired unpaid", message.id)
    report.expired.append(message.id)
    desk.told_expired(expired)
