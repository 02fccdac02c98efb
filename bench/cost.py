#!/usr/bin/env python3
"""A studio's month on Netlify (credits) and AWS (dollars), before and after issue #40.

Before: `.github/workflows/scheduled-build.yml` asked for a production build every hour, and
every commit deployed. After: a build only when a scheduled item is due (api/schedule.json)
and none for a commit that changes nothing published (netlify.toml's ignore command).

    .venv/bin/python bench/cost.py                 # the demo studio, measured on ./dist
    .venv/bin/python bench/cost.py --visitors-per-day 400 --pages-per-visit 4
    .venv/bin/python bench/cost.py --page-bytes 900000 --next-page-bytes 60000 \\
        --page-requests 40 --next-page-requests 8   # no measuring (what the test does)

What a page view weighs is measured, not assumed: every public English page of a built
dist/ (`python build.py build` first) is served as `build.py serve` serves it (compressed as
Netlify does) and loaded in Chromium at 390x844 with an empty cache, scrolled to the bottom
(lazy pictures, videos), then another page in the same tab with the cache kept; the bytes and
requests Chromium fetched are averaged over the pages. A contact message makes one function
call, plus one per reference image (the form asks a grant for each, then PUTs the image to
/api/contact/uploads/file, which Netlify forwards to S3: site-src/src/features/contact/api/).
Every price below names its source and the day it was read; check them before relying on
the totals (docs/contact.md, "What it costs a month").
"""

from __future__ import annotations

import argparse
import math
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, fields
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent

# --- Netlify: credits per meter. "How credits work" and "Credit-based pricing plans"
# (docs.netlify.com/manage/accounts-and-billing/billing/billing-for-credit-based-plans/),
# read 2026-11-28 through the search tool's stored copies; "Forms usage and billing"
# (docs.netlify.com/forms/usage-and-billing) for form submissions.
CREDITS_PER_DEPLOY = 15  # each production deploy; deploy previews and branch deploys: 0
CREDITS_PER_GB = 20  # bandwidth: data sent out to the internet
CREDITS_PER_10K_REQUESTS = 2  # web requests: pages, assets, API calls, redirects, proxies
CREDITS_PER_GB_HOUR = 5  # compute: Netlify Functions (this site runs none in production)
CREDITS_PER_FORM = 1  # Netlify Forms submissions (the form posts to AWS instead)
CREDITS_PER_AI_USD = 180  # AI inference (none)
# Plans: monthly credits, price; Free is a hard limit (every site of the team is paused).
PLANS = (("Free", 300, 0.0), ("Personal", 1000, 9.0), ("Pro", 5000, 20.0))
# Personal's auto recharge: 200 credits for $5 (same pages, same day).
RECHARGE_CREDITS, RECHARGE_USD = 200, 5.0
GB = 1e9  # Netlify meters decimal gigabytes

# --- AWS, us-east-1, read 2026-11-28 through the search tool's stored copies.
# Lambda (aws.amazon.com/lambda/pricing, and AWS's whitepaper "How AWS Pricing Works",
# docs.aws.amazon.com/whitepapers/latest/how-aws-pricing-works/lambda.html): $0.20 per 1M
# requests, $0.0000166667 per GB-second, 1M requests and 400,000 GB-s free every month.
LAMBDA_PER_REQUEST = 0.20 / 1e6
LAMBDA_PER_GB_S = 0.0000166667
LAMBDA_FREE_REQUESTS, LAMBDA_FREE_GB_S = 1_000_000, 400_000
LAMBDA_GB = 256 / 1024  # deploy-function's memory (functions/deploy_options.py)
LAMBDA_SECONDS = 1.0  # per call, generous (SES and DynamoDB round trips, some cold starts)
# DynamoDB on-demand (aws.amazon.com/dynamodb/pricing/on-demand, after the November 2024
# cut): $0.625 per million write request units, $0.125 per million read request units;
# 25 GB of storage free. Units per message, from functions/contact/ (store, rate limits,
# status, confirmation limit; a grant and a claim per image): an estimate, not measured.
DYNAMO_PER_WRITE = 0.625 / 1e6
DYNAMO_PER_READ = 0.125 / 1e6
WRITES_PER_MESSAGE, WRITES_PER_IMAGE = 6, 2
READS_PER_MESSAGE, READS_PER_RETRY_RUN = 4, 1
# SES (aws.amazon.com/ses/pricing): $0.10 per 1,000 outbound emails. Per message: the
# studio's email and the visitor's confirmation; and the daily spam digest.
SES_PER_EMAIL = 0.10 / 1000
EMAILS_PER_MESSAGE = 2
# S3 Standard (aws.amazon.com/s3/pricing): $0.023 per GB-month, $0.005 per 1,000 PUT,
# $0.0004 per 1,000 GET. A month's images, each uploaded once and opened about twice.
S3_PER_GB_MONTH = 0.023
S3_PER_PUT, S3_PER_GET = 0.005 / 1000, 0.0004 / 1000
S3_GETS_PER_IMAGE = 2
# EventBridge (aws.amazon.com/eventbridge/pricing): events of scheduled rules are free (only
# custom events are charged). deploy-function's rules: the pending re-send every 15 minutes,
# the spam digest once a day.
EVENTBRIDGE_PER_EVENT = 0.0
RETRY_RUNS_PER_DAY = 24 * 4

# The scheduled workflow reads api/schedule.json every hour and once more a day.
SCHEDULE_READS_PER_DAY = 25
SCHEDULE_READ_BYTES = 400  # the file (~50 bytes) and the answer's headers
# The contact function re-reads /api/artists at most once a minute: count one per message.
ARTIST_READS_PER_MESSAGE = 1
# The image stage's pace on 2 cores (README, "How long photos take": ~3.4 s of a core per
# photo), on Netlify's 4 build CPUs: build minutes are not billed on credit plans.
CORE_SECONDS_PER_PHOTO, NETLIFY_CPUS = 3.4, 4


@dataclass(frozen=True)
class Studio:
    """A studio's month, as stated (the demo studio's by default)."""

    content_changes_per_week: float = 5  # editors' publishes and pushes that change the site
    scheduled_items: float = 4  # a month, each with its own publish_at
    requests_per_day: float = 5  # contact messages without images
    requests_with_images_per_day: float = 5
    images_per_request: float = 2
    image_bytes: float = 500_000  # what the form uploads for a phone photo
    visitors_per_day: float = 170
    pages_per_visit: float = 3
    photos_added: float = 20  # a month
    days: float = 30


@dataclass(frozen=True)
class PageViews:
    """What a page view fetches (measured in Chromium, or stated)."""

    page_bytes: float  # the first page of a visit, empty cache
    next_page_bytes: float  # each further page, cache kept
    page_requests: float
    next_page_requests: float
    artists_bytes: float = 7_500  # dist/api/artists.json, as the function reads it


@dataclass(frozen=True)
class Month:
    deploys: float
    bandwidth_gb: float
    web_requests: float
    compute_gb_hours: float
    form_submissions: float
    ai_usd: float

    @property
    def credits(self) -> dict[str, float]:
        return {
            "production deploys": self.deploys * CREDITS_PER_DEPLOY,
            "bandwidth": self.bandwidth_gb * CREDITS_PER_GB,
            "web requests": self.web_requests / 10_000 * CREDITS_PER_10K_REQUESTS,
            "compute": self.compute_gb_hours * CREDITS_PER_GB_HOUR,
            "form submissions": self.form_submissions * CREDITS_PER_FORM,
            "AI inference": self.ai_usd * CREDITS_PER_AI_USD,
        }

    @property
    def total(self) -> float:
        return sum(self.credits.values())


def deploys(studio: Studio, hourly: bool) -> float:
    """Production deploys: every content change, and either a build every hour (before) or
    one per scheduled item (after; previews cost nothing, docs-only commits are skipped)."""
    changes = studio.content_changes_per_week * studio.days / 7
    return changes + (24 * studio.days if hourly else studio.scheduled_items)


def month(studio: Studio, views: PageViews, hourly: bool) -> Month:
    visits = studio.visitors_per_day * studio.days
    further = studio.pages_per_visit - 1
    site_bytes = visits * (views.page_bytes + further * views.next_page_bytes)
    site_requests = visits * (views.page_requests + further * views.next_page_requests)
    messages = (studio.requests_per_day + studio.requests_with_images_per_day) * studio.days
    images = studio.requests_with_images_per_day * studio.images_per_request * studio.days
    # Through Netlify: the message, a grant and an upload per image (forwarded to S3, so its
    # bytes leave Netlify again), and the function's reads of /api/artists.
    contact_requests = messages + 2 * images + messages * ARTIST_READS_PER_MESSAGE
    contact_bytes = images * studio.image_bytes + messages * views.artists_bytes
    reads = 0 if hourly else SCHEDULE_READS_PER_DAY * studio.days
    return Month(
        deploys=deploys(studio, hourly),
        bandwidth_gb=(site_bytes + contact_bytes + reads * SCHEDULE_READ_BYTES) / GB,
        web_requests=site_requests + contact_requests + reads,
        compute_gb_hours=0.0,  # /api/contact goes to AWS Lambda; Netlify's function: previews
        form_submissions=0.0,
        ai_usd=0.0,
    )


def plan_for(credits: float) -> tuple[str, float]:
    """The cheapest plan that holds the month, and its price (Personal with auto recharge
    beyond its 1,000 credits when Pro's price is not lower)."""
    free, personal, pro = PLANS
    if credits <= free[1]:
        return free[0], free[2]
    extra = max(0.0, credits - personal[1])
    recharged = personal[2] + math.ceil(extra / RECHARGE_CREDITS) * RECHARGE_USD
    if credits <= pro[1] and pro[2] < recharged:
        return pro[0], pro[2]
    if extra:
        return f"{personal[0]} + auto recharge", recharged
    return personal[0], personal[2]


def aws(studio: Studio) -> dict[str, float]:
    """AWS in dollars, each service after its always-free allowance."""
    messages = (studio.requests_per_day + studio.requests_with_images_per_day) * studio.days
    images = studio.requests_with_images_per_day * studio.images_per_request * studio.days
    retry_runs = RETRY_RUNS_PER_DAY * studio.days
    calls = messages + images + retry_runs + studio.days  # + the daily digest
    gb_s = calls * LAMBDA_SECONDS * LAMBDA_GB
    lambda_usd = (
        max(0.0, calls - LAMBDA_FREE_REQUESTS) * LAMBDA_PER_REQUEST
        + max(0.0, gb_s - LAMBDA_FREE_GB_S) * LAMBDA_PER_GB_S
    )
    writes = messages * WRITES_PER_MESSAGE + images * WRITES_PER_IMAGE
    read_units = messages * READS_PER_MESSAGE + retry_runs * READS_PER_RETRY_RUN
    emails = messages * EMAILS_PER_MESSAGE + studio.days
    stored_gb = images * studio.image_bytes / GB
    return {
        "Lambda": lambda_usd,
        "DynamoDB": writes * DYNAMO_PER_WRITE + read_units * DYNAMO_PER_READ,
        "SES": emails * SES_PER_EMAIL,
        "S3": stored_gb * S3_PER_GB_MONTH
        + images * S3_PER_PUT
        + images * S3_GETS_PER_IMAGE * S3_PER_GET,
        "EventBridge": (retry_runs + studio.days) * EVENTBRIDGE_PER_EVENT,
    }


# --- measuring a page view ------------------------------------------------------------------


def public_paths(dist: Path, english_only: bool = True) -> list[str]:
    """The sitemap's pages, as paths."""
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    tree = ET.parse(dist / "sitemap.xml")
    paths = [urlsplit(loc.text or "").path or "/" for loc in tree.findall("s:url/s:loc", ns)]
    return [p for p in paths if not (english_only and p.startswith("/es/"))]


def measure(dist: Path, limit: int | None = None) -> PageViews:
    """Bytes and requests of a first and of a further page view, averaged over the pages."""
    sys.path.insert(0, str(ROOT / "tests"))
    from playwright.sync_api import sync_playwright

    from serverthread import running_server  # build.py serve's app, on a thread

    chromium = "/usr/bin/chromium"
    paths = public_paths(dist)[:limit]
    first: list[tuple[int, int]] = []
    further: list[tuple[int, int]] = []
    with running_server(dist) as url, sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium,
            args=["--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"],
        )
        for index, path in enumerate(paths):
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            fetched: list[int] = []

            def finished(request, fetched=fetched) -> None:  # noqa: ANN001 - Playwright's
                sizes = request.sizes()
                if sizes["responseHeadersSize"] > 0:  # over the network, not from the cache
                    fetched.append(sizes["responseBodySize"] + sizes["responseHeadersSize"])

            page.on("requestfinished", finished)
            for target, into in ((path, first), (paths[(index + 1) % len(paths)], further)):
                fetched.clear()
                view(page, url + target)
                into.append((sum(fetched), len(fetched)))
            context.close()
            print(f"  {path}: {first[-1][0] / 1e3:,.0f} kB in {first[-1][1]} requests", flush=True)
        browser.close()

    def mean(rows: list[tuple[int, int]], column: int) -> float:
        return sum(row[column] for row in rows) / len(rows)

    return PageViews(
        mean(first, 0),
        mean(further, 0),
        mean(first, 1),
        mean(further, 1),
        float((dist / "api" / "artists.json").stat().st_size),
    )


def view(page, url: str) -> None:  # noqa: ANN001 - a Playwright page
    """Load url and scroll to the bottom as a visitor would, then let the network settle."""
    page.goto(url, wait_until="load")
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, int(height) + 844, 600):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(150)
    try:
        page.wait_for_load_state("networkidle", timeout=10_000)
    except Exception:  # noqa: BLE001 - a video still streaming: what came so far counts
        pass


# --- the report -----------------------------------------------------------------------------


def report(studio: Studio, views: PageViews) -> str:
    lines = [f"Inputs (a month of {studio.days:g} days):"]
    lines += [f"  {f.name.replace('_', ' ')}: {getattr(studio, f.name):g}" for f in fields(studio)]
    lines += [
        "Page views (measured or stated):",
        f"  first page of a visit: {views.page_bytes / 1e3:,.0f} kB, "
        f"{views.page_requests:g} requests",
        f"  each further page: {views.next_page_bytes / 1e3:,.0f} kB, "
        f"{views.next_page_requests:g} requests",
        "  function calls per contact message: 1, plus 1 per reference image "
        f"({1 + studio.images_per_request:g} with {studio.images_per_request:g} images)",
    ]
    build_minutes = studio.photos_added * CORE_SECONDS_PER_PHOTO / NETLIFY_CPUS / 60
    lines.append(
        f"  photos added: about {build_minutes:.1f} build minutes of encoding on Netlify "
        "(not billed on credit plans)"
    )
    results = {"before (hourly builds)": False, "after (builds when due)": True}
    for title, after in results.items():
        m = month(studio, views, hourly=not after)
        plan, price = plan_for(m.total)
        lines.append(f"Netlify, {title}: {m.deploys:,.0f} production deploys")
        units = {
            "production deploys": f"{m.deploys:,.0f} deploys",
            "bandwidth": f"{m.bandwidth_gb:,.2f} GB",
            "web requests": f"{m.web_requests:,.0f} requests",
            "compute": f"{m.compute_gb_hours:g} GB-hours",
            "form submissions": f"{m.form_submissions:g}",
            "AI inference": f"${m.ai_usd:g}",
        }
        for meter, credits in m.credits.items():
            lines.append(f"  {meter:<20} {units[meter]:>18}  {credits:>9,.1f} credits")
        lines.append(f"  {'total':<20} {'':>18}  {m.total:>9,.1f} credits -> {plan} (${price:.2f})")
    costs = aws(studio)
    lines.append("AWS (us-east-1), after the always-free allowances:")
    lines += [f"  {service:<12} ${usd:,.4f}" for service, usd in costs.items()]
    lines.append(f"  {'total':<12} ${sum(costs.values()):,.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for f in fields(Studio):
        parser.add_argument("--" + f.name.replace("_", "-"), type=float, default=f.default)
    for f in fields(PageViews):
        parser.add_argument("--" + f.name.replace("_", "-"), type=float)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="a built site")
    parser.add_argument("--pages", type=int, help="measure only the first N pages")
    args = parser.parse_args(argv)
    studio = Studio(**{f.name: getattr(args, f.name) for f in fields(Studio)})
    stated = [getattr(args, f.name) for f in fields(PageViews) if f.name != "artists_bytes"]
    if all(value is not None for value in stated):
        views = PageViews(*stated, artists_bytes=args.artists_bytes or PageViews.artists_bytes)
    elif any(value is not None for value in stated):
        parser.error("state all four page-view figures, or none (then they are measured)")
    elif not (args.dist / "sitemap.xml").is_file():
        parser.error(f"{args.dist} holds no built site: run `python build.py build` first")
    else:
        print(f"Measuring page views on {args.dist} in Chromium (390x844):", flush=True)
        views = measure(args.dist, args.pages)
    print(report(studio, views))
    return 0


if __name__ == "__main__":
    sys.exit(main())
