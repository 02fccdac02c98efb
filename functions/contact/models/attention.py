"""Log lines that ask for the studio's attention: a ceiling reached, Netlify's signature
missing. deploy-function's second alarm counts the lines that carry MARK and emails the
studio (functions/deploy_alarm.py; docs/contact.md, "Told when something needs attention").

Each is logged once (an hour, or per copy of the function), and never with visitor data:
no address, no name, no message id.
"""

from __future__ import annotations

import logging

log = logging.getLogger("functions.contact")

MARK = "needs attention"


def needs_attention(text: str, *args: object) -> None:
    log.warning(f"contact: {MARK}: {text}", *args)
