"""Opening hours as editors write them ("Monday - Thursday", "12pm - 10pm"), read as data.

site.yaml's `hours` rows are shown as written; search engines get them as schema.org
OpeningHoursSpecification (site/seo.py), so every row must be understood: one that is not is
a content problem with its file and line (models.OpeningHours), never silently dropped.

Days: full names or three-letter abbreviations ("Mon", "Tues" and "Thurs" too), a range
("Monday - Thursday", "Fri to Sun", wrapping over the weekend is fine), a list ("Monday,
Wednesday & Friday"), "Daily"/"Every day", "Weekdays", "Weekends". Times: "12pm - 10pm",
"10:30 am – 7 pm", "noon - midnight", 24-hour "09:00 - 17:30", or "Closed" (with a note if
wanted: "Closed (private bookings only: call ahead)", "Closed - holidays").
"""

from __future__ import annotations

import re

DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DAY_NAMES = {day.lower(): day for day in DAYS} | {
    day[:3].lower(): day for day in DAYS
} | {"tues": "Tuesday", "wed": "Wednesday", "weds": "Wednesday", "thur": "Thursday",
     "thurs": "Thursday"}  # fmt: skip
_GROUPS = {
    "daily": DAYS,
    "every day": DAYS,
    "everyday": DAYS,
    "weekdays": DAYS[:5],
    "weekends": DAYS[5:],
}
_RANGE = re.compile(r"\s*(?:-|–|—|\bto\b|\bthrough\b|\bthru\b)\s*", re.IGNORECASE)
_LIST = re.compile(r"\s*(?:,|&|\band\b)\s*", re.IGNORECASE)
# "Closed", alone or followed by a note in brackets or after a dash, comma or colon.
_CLOSED = re.compile(r"^closed(?:\s*[(\[,;:\-–—].*)?$", re.IGNORECASE | re.DOTALL)
_CLOCK = re.compile(r"^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$", re.IGNORECASE)

DAYS_HINT = "days like 'Monday - Thursday', 'Sunday' or 'Monday, Wednesday & Friday'"
TIME_HINT = "a time like '12pm - 10pm', '10:30am - 7pm' or 'Closed'"


def _day(word: str) -> str:
    day = _DAY_NAMES.get(word.strip().rstrip(".").lower())
    if day is None:
        raise ValueError(f"'{word.strip()}' is not a day of the week")
    return day


def parse_days(text: str) -> tuple[str, ...]:
    """The days a row covers, in week order; ValueError saying what is not understood."""
    whole = text.strip().lower()
    if whole in _GROUPS:
        return _GROUPS[whole]
    days: list[str] = []
    for part in _LIST.split(text.strip()):
        ends = _RANGE.split(part)
        if len(ends) == 1:
            days.append(_day(ends[0]))
        elif len(ends) == 2:
            first, last = DAYS.index(_day(ends[0])), DAYS.index(_day(ends[1]))
            span = (last - first) % 7 + 1  # "Friday - Monday" wraps over the weekend
            days.extend(DAYS[(first + i) % 7] for i in range(span))
        else:
            raise ValueError(f"'{part}' is not a range of two days")
    return tuple(day for day in DAYS if day in days)


def _clock(text: str) -> str:
    word = text.strip().lower()
    if word == "noon":
        return "12:00"
    if word == "midnight":
        return "00:00"
    found = _CLOCK.match(word)
    if not found:
        raise ValueError(f"'{text.strip()}' is not a time of day")
    hour, minute, half = int(found[1]), int(found[2] or 0), (found[3] or "").replace(".", "")
    if minute > 59 or (half and not 1 <= hour <= 12) or hour > 23:
        raise ValueError(f"'{text.strip()}' is not a time of day")
    if half:
        hour = hour % 12 + (12 if half == "pm" else 0)
    elif found[2] is None:
        raise ValueError(f"'{text.strip()}' needs am or pm (or a 24-hour time like 17:30)")
    return f"{hour:02d}:{minute:02d}"


def parse_time(text: str) -> tuple[str, str] | None:
    """(opens, closes) as 24-hour "HH:MM", or None for "Closed"; ValueError otherwise."""
    if _CLOSED.match(text.strip()):
        return None
    ends = _RANGE.split(text.strip())
    if len(ends) != 2:
        raise ValueError(f"'{text.strip()}' is not an opening and a closing time")
    return _clock(ends[0]), _clock(ends[1])
