"""The rules both sides read (generator/content/rules.json), run on the cases both test suites
share (tests/rules_cases.json; site-src/src/lib/rules.test.ts runs the same ones): publish_at's
forms as the build validates and schedules them, the phone link, the books statuses and the
studio's default time zone."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from generator.content import models, publishing, rules
from generator.content.site_models import SiteFile
from generator.site.endpoints import tel_href

CASES = json.loads((Path(__file__).with_name("rules_cases.json")).read_text("utf-8"))
PUBLISH_AT = CASES["publish_at"]
MESSAGES = {
    "form": "must be a date like 2026-12-01, or a date and time like 2026-12-01T09:00, got ",
    "years": "must be a date between 2000 and 2100 (a date like 2026-12-01, or a date and time "
    "like 2026-12-01T09:00), got ",
}


def _case_id(case: dict[str, Any]) -> str:
    return f"{case['value']!r}@{case.get('now', '')}{case.get('time_zone', '')}"


@pytest.mark.parametrize("case", PUBLISH_AT["cases"], ids=_case_id)
def test_publish_at_reads_each_case_as_the_preview_does(case: dict[str, Any]) -> None:
    """The build's validation (the one every content model uses) and its schedule."""
    validate = models.PUBLISH_AT_VALIDATOR
    if "error" in case:
        with pytest.raises(ValueError) as raised:
            validate(case["value"])
        assert str(raised.value).startswith(MESSAGES[case["error"]])
        return
    normal = validate(case["value"])
    assert normal == case["normal"]
    now = dt.datetime.fromisoformat(case.get("now", PUBLISH_AT["clock"]["now"]))
    zone = case.get("time_zone", PUBLISH_AT["clock"]["time_zone"])
    why, _ = publishing._status(False, normal, zone, now)
    assert why == ("scheduled" if case["held"] else None)


def test_a_yaml_date_or_date_time_reads_as_its_text_would() -> None:
    validate = models.PUBLISH_AT_VALIDATOR
    assert validate(dt.date(2026, 12, 1)) == "2026-12-01"
    assert validate(dt.datetime(2026, 12, 1, 9, 30, 15)) == "2026-12-01T09:30"
    with pytest.raises(ValueError, match="between 2000 and 2100"):
        validate(dt.date(1999, 1, 1))


@pytest.mark.parametrize("case", CASES["tel_href"], ids=lambda case: case["phone"])
def test_the_phone_link(case: dict[str, str]) -> None:
    assert tel_href(case["phone"]) == case["href"]


def test_books_statuses_and_default_are_the_tables() -> None:
    table = json.loads(rules.RULES_FILE.read_text("utf-8"))
    assert models.BOOKS_STATUSES == tuple(table["books"]["statuses"])
    assert models.ArtistFile.model_fields["books"].default == table["books"]["default"]


def test_the_studio_time_zone_default_is_the_tables() -> None:
    table = json.loads(rules.RULES_FILE.read_text("utf-8"))
    assert SiteFile.model_fields["timezone"].default == table["studio_time_zone"]
    assert publishing.DEFAULT_TIMEZONE == table["studio_time_zone"]
