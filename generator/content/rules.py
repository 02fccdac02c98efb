"""The rules the build and the site's TypeScript both apply, read from rules.json beside this
file (docs/architecture.md, "Rules both sides read"): the studio's default time zone, the
books statuses, the phone link and the forms `publish_at` is written in. site-src reads the
same file (src/lib/rules.ts); tests/rules_cases.json holds the cases both sides run.
"""

from __future__ import annotations

import calendar
import json
import re
from dataclasses import dataclass
from pathlib import Path

RULES_FILE = Path(__file__).with_name("rules.json")
_RULES = json.loads(RULES_FILE.read_text("utf-8"))

STUDIO_TIME_ZONE: str = _RULES["studio_time_zone"]
BOOKS_STATUSES: tuple[str, ...] = tuple(_RULES["books"]["statuses"])
BOOKS_DEFAULT: str = _RULES["books"]["default"]

_PHONE = _RULES["phone_link"]
_PHONE_KEEP = re.compile(_PHONE["keep"])


def tel_href(phone: str) -> str:
    """The phone number as a tel: link, "+1" before ten digits written without a country code."""
    digits = "".join(_PHONE_KEEP.findall(phone))
    if not digits.startswith("+") and len(digits) == _PHONE["national_digits"]:
        digits = _PHONE["country_code"] + digits
    return f"tel:{digits}"


_PUBLISH_AT = _RULES["publish_at"]
PUBLISH_AT_HINT: str = _PUBLISH_AT["hint"]
PUBLISH_AT_YEARS: tuple[int, int] = tuple(_PUBLISH_AT["years"])  # type: ignore[assignment]
# ASCII only: [0-9] in the patterns, and re.ASCII so nothing else reads as a digit.
_FORMS = [re.compile(form["pattern"], re.ASCII) for form in _PUBLISH_AT["forms"]]


@dataclass(frozen=True)
class PublishMoment:
    """publish_at as written, to the minute: a date alone has no hour; no offset means the
    studio's wall clock."""

    year: int
    month: int
    day: int
    hour: int | None = None
    minute: int = 0
    offset: int | None = None  # minutes east of UTC, when written

    def iso(self) -> str:
        """The ISO text the build keeps: 2026-12-01, 2026-12-01T09:00, 2026-12-01T09:00+05:30."""
        date = f"{self.year:04d}-{self.month:02d}-{self.day:02d}"
        if self.hour is None:
            return date
        text = f"{date}T{self.hour:02d}:{self.minute:02d}"
        if self.offset is not None:
            sign = "-" if self.offset < 0 else "+"
            hours, minutes = divmod(abs(self.offset), 60)
            text += f"{sign}{hours:02d}:{minutes:02d}"
        return text


def read_publish_at(text: str) -> PublishMoment | None:
    """The moment `text` names in one of rules.json's forms, or None (not one of them, or no
    such day or time). The year is not checked here: PUBLISH_AT_YEARS is the caller's."""
    for form in _FORMS:
        found = form.match(text)
        if found:
            groups = found.groups()
            return _moment(*groups, *(None,) * (7 - len(groups)))  # a date alone: 3 groups
    return None


def _moment(
    year: str, month: str, day: str, hour: str | None, minute: str | None,
    second: str | None, offset: str | None,
) -> PublishMoment | None:  # fmt: skip
    y, m, d = int(year), int(month), int(day)
    if not (1 <= m <= 12 and 1 <= d <= calendar.monthrange(max(y, 1), m)[1]) or y < 1:
        return None
    if hour is None:
        return PublishMoment(y, m, d)
    h, mi, s = int(hour), int(minute or 0), int(second or 0)
    if h > 23 or mi > 59 or s > 59:
        return None
    east = None
    if offset is not None:
        east = 0
        if offset != "Z":
            digits = offset[1:].replace(":", "")
            oh, om = int(digits[:2]), int(digits[2:] or 0)
            if oh > 23 or om > 59:
                return None
            east = (oh * 60 + om) * (-1 if offset[0] == "-" else 1)
    return PublishMoment(y, m, d, h, mi, east)
