"""The daily pass that deletes what is past its retention (docs/privacy.md, "How long
requests are kept"), run by the daily schedule before the digest.

Each message carries the moment it is due (`expires_at`, models/retention.py). The outbox
deletes due messages on every write, on open and here, their images with them (on_purge).
On AWS, DynamoDB's time to live deletes a due item some time later (up to a few days), and
nothing of ours runs then: so this pass deletes the due messages itself first, then sweeps
the bucket for any image whose message is no longer in the table (one the time to live took
first, or a purge that stopped half way), so no image outlives its message by more than a
day. The bucket's lifecycle rule (deploy_aws.py) is the last net, should this pass not run.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

from .ports import MessageStore, UploadStore

log = logging.getLogger(__name__)


@dataclass
class RetentionReport:
    messages: list[str] = field(default_factory=list)  # the ids deleted
    images: list[str] = field(default_factory=list)  # the keys the sweep deleted


def run_retention(
    store: MessageStore, uploads: UploadStore | None, now: float | None = None
) -> RetentionReport:
    # None: the store's own clock (the outbox's may be moved, as tests do).
    purged = store.purge_expired(now)
    report = RetentionReport(messages=purged.deleted)
    if uploads is not None:
        # The ids the purge read: a message stored since has images younger than the
        # sweep's minimum age (models/references.py), so none of them is taken.
        report.images = uploads.sweep(purged.kept, time.time() if now is None else now)
    if report.messages or report.images:
        log.info(
            "contact: retention deleted %d message(s), swept %d image(s)",
            len(report.messages),
            len(report.images),
        )
    return report
