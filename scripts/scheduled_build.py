#!/usr/bin/env python3
"""The scheduled build's decision (.github/workflows/scheduled-build.yml): ask Netlify for a
production build only when the live site says that something scheduled is due.

Every build writes `api/schedule.json`, `{"next_publish_at": "<ISO 8601 with offset>" | null}`:
the moment the next scheduled artist, piece or flash design goes live (nothing of what goes
live). Each hourly run reads it from the live site (`base_url` in content/site.yaml, which
production builds check against the address Netlify publishes at) and POSTs to the build hook
only when that moment has passed. A production deploy costs credits on Netlify whether or not
anything changed (README, "Deployment", step 8), so a run with nothing due sends nothing.

- Run by hand (workflow_dispatch): builds at once, without reading anything (step 8's proof).
- The file cannot be read (site down, a build from before this file, a broken answer): the
  run warns, and only the daily run (DAILY_CRON, the workflow's second schedule) builds, so
  a studio whose file is missing still publishes within a day, at one deploy a day at most.
- A moment passed more than a day ago: the builds since have not published it (they fail, or
  the hook builds another branch), so only the daily run tries again.

The hook's URL (the repository secret NETLIFY_BUILD_HOOK_URL) comes in the environment and is
never printed. Standard library only: it runs on GitHub's runner with its own python3.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

# The workflow's two schedules (tests/test_ci_workflow.py checks they are the workflow's).
HOURLY_CRON = "7 * * * *"
DAILY_CRON = "37 11 * * *"
SITE_YAML = Path("content", "site.yaml")
SCHEDULE_PATH = "api/schedule.json"
MAX_ANSWER = 4096  # bytes: the real file is about 50
TIMEOUT_S = 10
STALE = dt.timedelta(days=1)
TITLE = "trigger_title=scheduled+publish"  # Netlify's deploy list shows it
HOW_TO_SET = (
    "No Netlify build started: the repository secret NETLIFY_BUILD_HOOK_URL is not set. "
    "In Netlify: Site configuration -> Build & deploy -> Continuous deployment -> Build hooks "
    "-> Add build hook, and copy its URL. On GitHub: Settings -> Secrets and variables -> "
    "Actions -> New repository secret, name NETLIFY_BUILD_HOOK_URL, value that URL."
)
# A top-level `base_url:` line as editors and the admin write it: plain or quoted, maybe with
# a comment after it (README, "Studio facts").
BASE_URL = re.compile(
    r"""^base_url:[ \t]*(["']?)(https?://[^\s"'#]+)\1[ \t]*(?:#.*)?$""", re.MULTILINE
)


class Unreadable(Exception):
    """The schedule could not be read; the message says why, in one line."""


def site_address(site_yaml: Path) -> str:
    try:
        text = site_yaml.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise Unreadable(f"{site_yaml} cannot be read ({error.__class__.__name__})") from error
    found = BASE_URL.search(text)
    if not found:
        raise Unreadable(f"{site_yaml} has no base_url line this script can read")
    return found[2].rstrip("/") + "/"


def read_schedule(url: str) -> dt.datetime | None:
    """next_publish_at of the live site, or None when nothing is scheduled."""
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as answer:
            body = answer.read(MAX_ANSWER + 1)
    except urllib.error.HTTPError as error:
        raise Unreadable(f"{url} answered {error.code}") from error
    except (urllib.error.URLError, OSError) as error:
        raise Unreadable(f"{url} could not be reached ({error})") from error
    if len(body) > MAX_ANSWER:
        raise Unreadable(f"{url} answered more than {MAX_ANSWER} bytes")
    try:
        value = json.loads(body)
        moment = value["next_publish_at"]
        if moment is None:
            return None
        parsed = dt.datetime.fromisoformat(moment)
    except (ValueError, TypeError, KeyError) as error:
        raise Unreadable(f"{url} is not a schedule ({error.__class__.__name__})") from error
    if parsed.tzinfo is None:
        raise Unreadable(f"{url} gives a time without its offset")
    return parsed


def event_schedule() -> str:
    """The cron that started this run ('' when not a scheduled run): GitHub's event payload."""
    path = os.environ.get("GITHUB_EVENT_PATH", "")
    try:
        payload = json.loads(Path(path).read_text("utf-8")) if path else {}
    except (OSError, ValueError):
        return ""
    return str(payload.get("schedule", "")) if isinstance(payload, dict) else ""


def decide(now: dt.datetime, daily: bool) -> tuple[bool, str]:
    """Whether to build now, and the line that says why."""
    try:
        url = site_address(SITE_YAML) + SCHEDULE_PATH
        moment = read_schedule(url)
    except Unreadable as error:
        if daily:
            return True, f"the schedule cannot be read ({error}): the daily build runs"
        return False, (
            f"::warning::The schedule cannot be read ({error}); no build now. The daily run "
            f"({DAILY_CRON} UTC) builds anyway, so scheduled items still go live within a day."
        )
    if moment is None:
        return False, f"Nothing is scheduled ({url}): no build."
    if moment > now:
        return False, f"The next scheduled item goes live at {moment.isoformat()}: no build yet."
    if now - moment > STALE and not daily:
        return False, (
            f"::warning::{moment.isoformat()} passed more than a day ago and the live site "
            "still waits for it: its builds fail (see Netlify's Deploys page). Only the daily "
            "run tries again."
        )
    return True, f"{moment.isoformat()} has passed: a production build publishes it."


class HookFailed(Exception):
    """The build hook refused or could not be reached; the message says which."""


def post_hook(hook_url: str) -> None:
    """POST to the build hook; retried on a network error or a 5xx, not on a refusal."""
    separator = "&" if "?" in hook_url else "?"
    request = urllib.request.Request(hook_url + separator + TITLE, data=b"{}", method="POST")
    for attempt in range(4):
        try:
            with urllib.request.urlopen(request, timeout=30):
                return
        except urllib.error.HTTPError as error:
            if error.code < 500 or attempt == 3:
                raise HookFailed(f"the Netlify build hook answered {error.code}") from error
        except (urllib.error.URLError, OSError) as error:
            if attempt == 3:
                reason = getattr(error, "reason", error)
                raise HookFailed(f"the Netlify build hook cannot be reached: {reason}") from error
        time.sleep(2**attempt)


def main() -> int:
    hook_url = os.environ.get("NETLIFY_BUILD_HOOK_URL", "").strip()
    if not hook_url:
        print(f"::error::{HOW_TO_SET}")
        return 1
    if os.environ.get("GITHUB_EVENT_NAME") == "workflow_dispatch":
        build, why = True, "Run by hand: a production build starts whatever the schedule."
    else:
        build, why = decide(dt.datetime.now(dt.UTC), daily=event_schedule() == DAILY_CRON)
    print(why, flush=True)
    if build:
        try:
            post_hook(hook_url)
        except HookFailed as error:
            print(f"::error::No build started: {error}.")  # workflow commands go to stdout
            return 1
        print("Netlify accepted the build hook: a production build starts now (see Deploys).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
