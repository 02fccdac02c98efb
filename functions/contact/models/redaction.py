"""No visitor's data in the logs (CloudWatch, `serve`'s terminal): one place, the log record.

Every log record is made by logging's record factory; `install` puts one in front that
rewrites the record's text (and its traceback) before any handler formats it, whatever the
logger (ours, botocore's, uvicorn's) and whatever handler Lambda or pytest put on the root:

- the current request's own values (name, email, phone, message: `note_visitor`, called by
  handlers/app.py once it has read the body, until the request's `request_scope` ends, its
  last log line included) anywhere, as "[visitor]";
- on the loggers of the function, AWS's client and `serve`: any email address but the
  studio's own (`keep_addresses`: its sender and recipients, which operators need in SES's
  errors) as "[email]", and any image key (pending/, messages/, spam/) as "[image key]".

Message ids stay as they are: operators follow a message by its id (docs/privacy.md, "Logs").
botocore's DEBUG output (whole requests and answers: an item, an email) is held at INFO.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Iterable, Iterator
from contextvars import ContextVar

# The form's fields that say who the visitor is or what they wrote.
PERSONAL_FIELDS = (
    "name",
    "email",
    "phone",
    "message",
    # The consent form's (logic/consent.py): its token, and what names or identifies a person.
    "token",
    "dob",
    "id_last4",
    "emergency_name",
    "emergency_phone",
    "signature",
    "guardian_name",
    "guardian_id_last4",
    "guardian_signature",
)
# Loggers whose text may hold an address or a key in passing (an SES error, a path).
SCRUBBED_LOGGERS = ("functions", "devserver", "uvicorn", "botocore", "boto3", "s3transfer")
QUIET_LOGGERS = ("botocore", "boto3", "s3transfer", "urllib3")
MAX_VALUES = 16
MAX_VALUE_CHARS = 10_000  # the rules bound the fields far below this

EMAIL = re.compile(r"[\w.!#$%&'*+/=?^`{|}~-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}")
IMAGE_KEY = re.compile(r"\b(?:pending|messages|spam)/[\w-]{1,100}/[\w.-]{1,100}")

_visitor: ContextVar[re.Pattern[str] | None] = ContextVar("visitor_values", default=None)
_kept: set[str] = set()


@contextlib.contextmanager
def request_scope() -> Iterator[None]:
    """One request: what note_visitor notes inside is forgotten at its end."""
    token = _visitor.set(None)
    try:
        yield
    finally:
        _visitor.reset(token)


def note_visitor(values: Iterable[object]) -> None:
    """Until the request_scope ends, no log record shows any of these texts (case aside)."""
    texts = sorted(
        {
            v.strip()
            for v in values
            if isinstance(v, str) and 2 <= len(v.strip()) <= MAX_VALUE_CHARS
        },
        key=len,
        reverse=True,
    )[:MAX_VALUES]
    forms = {form for text in texts for form in _forms(text)}
    if not forms:
        return
    # Whole words only where the value begins or ends with one ("Al" is not in "Also").
    alternatives = "|".join(
        (r"(?<!\w)" if form[0].isalnum() else "")
        + re.escape(form)
        + (r"(?!\w)" if form[-1].isalnum() else "")
        for form in sorted(forms, key=len, reverse=True)
    )
    _visitor.set(re.compile(alternatives, re.IGNORECASE))


def personal_values(payload: object) -> list[object]:
    """The texts of a request's body that are the visitor's own (PERSONAL_FIELDS), or every
    text of a body that is not an object."""
    if isinstance(payload, dict):
        return [payload.get(field) for field in PERSONAL_FIELDS]
    if isinstance(payload, list):
        return [item for item in payload[:MAX_VALUES] if isinstance(item, str)]
    return []


def keep_addresses(*addresses: str) -> None:
    """The studio's own addresses (sender, recipients): shown in logs as they are."""
    _kept.update(a.strip().casefold() for a in addresses if a)


def redact(text: str, scrub_patterns: bool = True) -> str:
    """The text as a log may show it."""
    visitor = _visitor.get()
    if visitor is not None:
        text = visitor.sub("[visitor]", text)
    if scrub_patterns:
        text = IMAGE_KEY.sub("[image key]", text)
        text = EMAIL.sub(_email, text)
    return text


def install() -> None:
    """Put the redacting record factory in place, once per process."""
    current = logging.getLogRecordFactory()
    if getattr(current, "redacts", False):
        return

    def factory(*args: object, **kwargs: object) -> logging.LogRecord:
        record = current(*args, **kwargs)
        _redact_record(record)
        return record

    factory.redacts = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)
    for name in QUIET_LOGGERS:
        logger = logging.getLogger(name)
        if logger.level == logging.NOTSET or logger.level < logging.INFO:
            logger.setLevel(logging.INFO)


def _redact_record(record: logging.LogRecord) -> None:
    scrub = record.name.startswith(SCRUBBED_LOGGERS)
    if _visitor.get() is None and not scrub:
        return
    try:
        message = record.getMessage()
    except Exception:  # noqa: BLE001 - logging reports a bad format itself, later
        return
    cleaned = redact(message, scrub)
    if cleaned != message:
        record.msg, record.args = cleaned, ()
    if record.exc_info and not record.exc_text:
        text = logging.Formatter().formatException(record.exc_info)
        record.exc_text = redact(text, scrub)
    if record.stack_info:
        record.stack_info = redact(record.stack_info, scrub)


def _forms(text: str) -> set[str]:
    """The text as a log could show it: as is, JSON-escaped, as Python shows bytes; a phone
    number's digits alone."""
    forms = {text, text.encode("unicode_escape").decode("ascii")}
    # A lone surrogate (hostile input) has no UTF-8: shown as Python would escape it.
    forms.add(repr(text.encode("utf-8", "backslashreplace"))[2:-1])
    digits = re.sub(r"\D", "", text)
    if len(digits) >= 7 and len(digits) >= len(text) // 2:
        forms.add(digits)
    return {form for form in forms if form}


def _email(match: re.Match[str]) -> str:
    address = match.group(0)
    return address if address.casefold() in _kept else "[email]"
