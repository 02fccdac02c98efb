"""bench/cost.py (issue #40): a studio's month from stated inputs, run as people run it, its
figures checked against a calculation written here from Netlify's meters (15 credits a
production deploy, 20 a GB, 2 per 10,000 web requests), not against its own functions."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STATED = {
    "days": 28,
    "content-changes-per-week": 7,
    "scheduled-items": 3,
    "visitors-per-day": 100,
    "pages-per-visit": 2,
    "page-bytes": 1_000_000,
    "next-page-bytes": 200_000,
    "page-requests": 10,
    "next-page-requests": 4,
    "requests-per-day": 2,
    "requests-with-images-per-day": 1,
    "images-per-request": 3,
    "image-bytes": 1_000_000,
    "artists-bytes": 5_000,
}


def run_cost() -> str:
    args = [f"--{name}={value}" for name, value in STATED.items()]
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "cost.py"), *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def section(output: str, title: str) -> str:
    """The lines of one Netlify section ('before', 'after')."""
    start = output.index(f"Netlify, {title}")
    end = output.find("\nNetlify, ", start + 1)
    return output[start : end if end > 0 else output.index("\nAWS")]


def credits(text: str, meter: str) -> float:
    found = re.search(rf"^  {meter}\s.*?([\d,]+\.\d) credits", text, re.MULTILINE)
    assert found, (meter, text)
    return float(found[1].replace(",", ""))


def quantity(text: str, meter: str) -> float:
    """The meter's own figure (deploys, GB, requests) before its credits."""
    found = re.search(rf"^  {meter}\s+([\d,.]+) ", text, re.MULTILINE)
    assert found, (meter, text)
    return float(found[1].replace(",", ""))


def expected(hourly: bool) -> dict[str, float]:
    """The month by hand: per day of the month, then times the days."""
    s = STATED
    days = s["days"]
    deploys = s["content-changes-per-week"] / 7 * days
    deploys += 24 * days if hourly else s["scheduled-items"]
    # A visitor's pages: the first with an empty cache, the others with it kept.
    per_visitor = s["page-bytes"] + (s["pages-per-visit"] - 1) * s["next-page-bytes"]
    requests_per_visitor = s["page-requests"] + (s["pages-per-visit"] - 1) * s["next-page-requests"]
    messages_a_day = s["requests-per-day"] + s["requests-with-images-per-day"]
    images_a_day = s["requests-with-images-per-day"] * s["images-per-request"]
    # Each message: itself and one read of /api/artists by the function; each image: a grant
    # and its upload, whose bytes Netlify forwards to S3.
    bytes_a_day = (
        s["visitors-per-day"] * per_visitor
        + images_a_day * s["image-bytes"]
        + messages_a_day * s["artists-bytes"]
    )
    requests_a_day = (
        s["visitors-per-day"] * requests_per_visitor + 2 * messages_a_day + 2 * images_a_day
    )
    if not hourly:  # the workflow reads api/schedule.json 25 times a day (~400 bytes each)
        bytes_a_day += 25 * 400
        requests_a_day += 25
    return {
        "production deploys": 15 * deploys,
        "bandwidth": 20 * bytes_a_day * days / 1e9,
        "web requests": 2 * requests_a_day * days / 10_000,
    }


def test_the_month_before_and_after_adds_up() -> None:
    output = run_cost()
    for title, hourly in (("before", True), ("after", False)):
        text = section(output, title)
        want = expected(hourly)
        for meter, value in want.items():
            assert abs(credits(text, meter) - value) < 0.06, (title, meter, value, text)
        for meter in ("compute", "form submissions", "AI inference"):
            assert credits(text, meter) == 0.0  # no Netlify function, form or AI in production
        # The meters' own figures, to their printed precision.
        assert quantity(text, "production deploys") == round(want["production deploys"] / 15)
        assert quantity(text, "bandwidth") == round(want["bandwidth"] / 20, 2)
        assert quantity(text, "web requests") == round(want["web requests"] / 2 * 10_000)
        total = credits(text, "total")
        assert abs(total - sum(want.values())) < 0.1, (title, total)
    # 700 deploys before (28 days of hourly builds and 28 changes), 31 after.
    assert "before (hourly builds): 700 production deploys" in output
    assert "after (builds when due): 31 production deploys" in output
    # Before: over Personal's 1,000 credits; after: within it, not within Free's 300.
    assert "-> Personal + auto recharge" in section(output, "before")
    assert re.search(r"credits -> Personal \(\$9\.00\)", section(output, "after"))


def test_aws_is_priced_per_service() -> None:
    output = run_cost()
    aws = output[output.index("AWS") :]
    for service in ("Lambda", "DynamoDB", "SES", "S3", "EventBridge", "total"):
        assert re.search(rf"^  {service}\s+\$[\d.]+$", aws, re.MULTILINE), service
    # SES by hand: two emails a message and the daily digest, at $0.10 per 1,000.
    messages = (STATED["requests-per-day"] + STATED["requests-with-images-per-day"]) * 28
    ses = float(re.search(r"^  SES\s+\$([\d.]+)$", aws, re.MULTILINE)[1])
    assert abs(ses - (2 * messages + 28) * 0.10 / 1000) < 1e-4


def test_half_stated_page_figures_are_refused() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "cost.py"), "--page-bytes", "1000"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "state all four page-view figures" in result.stderr
