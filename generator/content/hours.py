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


# --- the hours in Spanish (the /es/ pages): derived from the parsed row, never written ------

SPANISH_DAYS = dict(
    zip(
        DAYS,
        ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"),
        strict=True,
    )
)
SPANISH_CLOSED = "Cerrado"
SPANISH_EVERY_DAY = "todos los días"  # capitalized by spanish_days, as every label


def _runs(days: tuple[str, ...]) -> list[list[str]]:
    """The days as runs of consecutive days, a run over the weekend kept whole ("Friday -
    Monday" is one run, Friday to Monday), in week order from the first run's start."""
    picked = [day in days for day in DAYS]
    # Start after a day that is not picked, so no run is cut at Sunday-Monday.
    start = next(i for i in range(7) if not picked[i - 1])
    runs: list[list[str]] = []
    for offset in range(7):
        index = (start + offset) % 7
        if not picked[index]:
            continue
        if runs and picked[index - 1] and offset:
            runs[-1].append(DAYS[index])
        else:
            runs.append([DAYS[index]])
    # Week order of each run's first day (Monday first), as the row was written.
    return sorted(runs, key=lambda run: DAYS.index(run[0]))


def _spanish_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} y {words[-1]}"


def _spanish_days(days: tuple[str, ...]) -> str:
    if len(days) == 7:
        return SPANISH_EVERY_DAY
    runs = _runs(days)
    if len(runs) == 1 and len(runs[0]) > 2:
        first, last = runs[0][0], runs[0][-1]
        return f"{SPANISH_DAYS[first]} a {SPANISH_DAYS[last]}"
    words: list[str] = []
    for run in runs:
        if len(run) > 2:
            words.append(f"{SPANISH_DAYS[run[0]]} a {SPANISH_DAYS[run[-1]]}")
        else:
            words.extend(SPANISH_DAYS[day] for day in run)
    return _spanish_list(words)


def spanish_days(text: str) -> str:
    """A row's days in Spanish, as a row's label starts: 'Lunes a jueves', 'Viernes y sábado',
    'Domingo', 'Lunes, miércoles y viernes', 'Todos los días' (only the first word capitalized,
    as Spanish writes day names). text must be understood (parse_days)."""
    words = _spanish_days(parse_days(text))
    return words[0].upper() + words[1:]


def _spanish_clock(clock: str) -> str:
    """'22:00' -> '10 p. m.', '10:30' -> '10:30 a. m.', '00:00' -> '12 a. m.', '12:00' ->
    '12 p. m.': the 12-hour form a Dallas reader expects (docs/product.md#languages), with
    no-break spaces so '10 p. m.' never splits over two lines."""
    hour, minute = (int(part) for part in clock.split(":"))
    half = "a.\u00a0m." if hour < 12 else "p.\u00a0m."
    shown = f"{hour % 12 or 12}" + (f":{minute:02d}" if minute else "")
    return f"{shown}\u00a0{half}"


def spanish_time(text: str) -> str:
    """A row's time in Spanish: '12 p. m. – 10 p. m.' (12-hour, an en dash), or 'Cerrado' (a
    note after Closed is not translated, so it is left out)."""
    times = parse_time(text)
    if times is None:
        return SPANISH_CLOSED
    opens, closes = times
    return f"{_spanish_clock(opens)} – {_spanish_clock(closes)}"
