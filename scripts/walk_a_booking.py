"""Walk one booking through every email of its life (docs/consent.md) and write what each
was: docs/booking-walk.md, with screenshots in docs/images/booking-walk/.

One request, on a temporary local outbox with the contact function run in-process as
scripts/walk_a_request.py runs it (its Walk: the form, the studio's signed links, the
Function URL's events): accepted without a deposit with a session's day (so booked),
the consent form signed through POST /api/consent, then the clock moved to the morning
and the evening of the session's day (the aftercare goes in the evening) and to the morning
`reviews.after_days` later (the review request). The guides, the phone and the consent
questions are the demo content's, as the build writes them into api/booking.json; site.yaml's
commented-out `reviews:` example is switched on. Chromium (Playwright) takes the aftercare's
HTML part and the studio's printable consent copy at 390x844.

    .venv/bin/python scripts/walk_a_booking.py [--no-screenshots]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "scripts")]

from contact_support import GOOD as CLIENT  # noqa: E402 - after the path above
from walk_a_request import SECRET, SITE, Walk  # noqa: E402

DOC = ROOT / "docs" / "booking-walk.md"
IMAGES = ROOT / "docs" / "images" / "booking-walk"
REVIEWS = {"url": "https://g.page/r/your-studio-id/review", "after_days": 7}
SESSION_IN_DAYS = 3  # the session's day, counted from today in the studio's time zone


@dataclass
class Step:
    what: str
    at: float  # when it ran (the clock moved for the schedule's runs)
    emails: list[dict]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-screenshots", action="store_true", help="Only write the page.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        BookingWalk(Path(tmp), Path(tmp) / "out").walk(not args.no_screenshots)
    print(f"Wrote {DOC.relative_to(ROOT)}")


def demo_booking() -> dict:
    """api/booking.json as the build writes it from content/, reviews on, no deposit asked
    for the walk's service (the Accept form's 0 books at once either way)."""
    from generator.content.loader import load_content
    from generator.site.endpoints import booking_json

    booking = dict(booking_json(load_content(ROOT / "content")))
    return {**booking, "reviews": REVIEWS}


class BookingWalk(Walk):
    """walk_a_request's Walk (its form, links, events and CLI views) over one booking."""

    def walk(self, screenshots: bool) -> None:
        from contact_support import local_settings, make_service

        self.booking = demo_booking()
        self.zone = ZoneInfo(self.booking["timezone"])
        api = self.tmp / "dist" / "api"
        api.mkdir(parents=True)
        (api / "booking.json").write_text(json.dumps(self.booking), "utf-8")
        self.out.mkdir(parents=True, exist_ok=True)
        settings = local_settings(self.tmp, site_url=SITE, link_secret=SECRET)
        self.service = make_service(self.tmp, settings)
        self.seen, self.steps = 0, []
        self.life()
        DOC.write_text(self.document(), "utf-8")
        if screenshots:
            self.shoot()

    def record(self, what: str, at: float) -> None:
        """The emails the outbox kept since the last step (`build.py mail --json`)."""
        mails = self.cli("mail", "--json")  # newest first
        self.steps.append(Step(what, at, list(reversed(mails[: len(mails) - self.seen]))))
        self.seen = len(mails)

    def life(self) -> None:
        from functions.contact.handlers.app import daily_after_sessions

        day = datetime.now(self.zone).date() + timedelta(days=SESSION_IN_DAYS)
        message_id = self.submit(CLIENT)
        self.record("The client sends the contact form", time.time())

        form = {"deposit": "0", "when": f"{day:%A %B} {day.day}, 3 pm", "date": day.isoformat()}
        self.post(message_id, "Accept", {**form, "note": "Bring your sketch."})
        assert self.service.store.get(message_id).state == "booked"
        self.record(f"The studio accepts, no deposit, the session on {day}: booked", time.time())

        (token,) = re.findall(r"/consent\?t=(\S+)", self.texts())
        self.sign(token)
        assert self.service.store.get(message_id).state == "consented"
        self.record("The client signs the consent form (POST /api/consent)", time.time())
        (copy_link,) = re.findall(r"(/api/consent/copies/\S+)", self.texts())
        copy_page = self.get(copy_link)
        assert copy_page["statusCode"] == 200, copy_page
        (self.out / "consent-copy.html").write_text(copy_page["body"], "utf-8")

        # The schedules' runs, the clock moved: the daily one at 13:00 UTC, the evening one
        # at 00:30 UTC (deploy-function's defaults), each the function's action's pass.
        runs = [
            ("The daily schedule's run on the session's morning: no aftercare yet", day, 13, 0),
            ("The evening schedule's run on the session's day: the aftercare", day, 24, 30),
            ("The daily run of the next morning: nothing twice", day + timedelta(1), 13, 0),
        ]
        after = day + timedelta(days=REVIEWS["after_days"])
        runs.append((f"The daily run {REVIEWS['after_days']} days later: the review", after, 13, 0))
        for what, on, hour, minute in runs:
            midnight = datetime(on.year, on.month, on.day, tzinfo=ZoneInfo("UTC"))
            at = (midnight + timedelta(hours=hour, minutes=minute)).timestamp()
            daily_after_sessions(self.service, at)
            self.record(what, at)
        aftercare = self.steps[-3].emails[0]
        (self.out / "aftercare-email.html").write_text(aftercare["html"], "utf-8")

    def texts(self) -> str:
        """The text parts of the last step's emails."""
        return "\n".join(mail["text"] for mail in self.steps[-1].emails)

    def sign(self, token: str) -> None:
        """The client's answers, as the /consent page posts them."""
        questions = self.booking["consent_questions"]
        fields = {
            "token": token,
            "lang": "en",
            "name": CLIENT["name"],
            "dob": "1990-04-23",
            "id_type": "drivers_license",
            "id_last4": "A1B2",
            "emergency_name": "Rosa López",
            "emergency_phone": "214 555 0100",
            "answers": {key: key == questions[-1] for key in questions},
            "risks": True,
            "aftercare": True,
            "signature": CLIENT["name"],
            "agree": True,
        }
        headers = {"content-type": "application/json"}
        answer = self.get("/api/consent", "POST", headers=headers, body=json.dumps(fields))
        assert answer["statusCode"] == 200, answer["body"]

    # --- the page -------------------------------------------------------------------------

    def studio_time(self, at: float) -> str:
        local = datetime.fromtimestamp(at, self.zone)
        utc = datetime.fromtimestamp(at, ZoneInfo("UTC"))
        return f"{local:%Y-%m-%d %H:%M} {local.tzname()} ({utc:%H:%M} UTC)"

    def document(self) -> str:
        lines = [
            "# One booking's emails, walked",
            "",
            "Written by `scripts/walk_a_booking.py` (run it again to refresh this page and its",
            "screenshots; docs/consent.md explains each step). One request on a local outbox:",
            "accepted without a deposit with a session's day, the consent form signed, then the",
            "schedules' runs with the clock moved. The guides, phone and consent questions are",
            "the demo content's (`api/booking.json` as the build writes it), with site.yaml's",
            f"`reviews:` example switched on (after {REVIEWS['after_days']} days). The links carry",
            "tokens signed with a throwaway secret. Times are the studio's"
            f" ({self.booking['timezone']}).",
            "",
            "| # | step | when (studio time) | to | subject | language |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        number = 0
        for step in self.steps:
            when = self.studio_time(step.at)
            if not step.emails:
                lines.append(f"| | {step.what} | {when} | (no email) | | |")
            for mail in step.emails:
                number += 1
                to, subject = ", ".join(mail["to"]), mail["subject"]
                lines.append(
                    f"| {number} | {step.what} | {when} | {to} | {subject} | {mail['lang']} |"
                )
        number = 0
        for step in self.steps:
            for mail in step.emails:
                number += 1
                html = ", with an HTML part (below)" if mail.get("html") else ""
                lines += [
                    "",
                    f"## {number}. {mail['subject']}",
                    "",
                    f"To {', '.join(mail['to'])}, {mail['lang']}, {self.studio_time(step.at)}"
                    f"{html}: {step.what[0].lower()}{step.what[1:]}.",
                    "",
                    "````text",
                    mail["text"].rstrip("\n"),
                    "````",
                ]
                if mail.get("html"):
                    lines += [
                        "",
                        "![The aftercare email's HTML part at 390x844]"
                        "(images/booking-walk/aftercare-email.png)",
                    ]
        lines += [
            "",
            "## The studio's printable copy of the consent form",
            "",
            "The page behind the link of email 4 (`GET /api/consent/copies/<id>?t=`), at 390x844:",
            "",
            "![The studio's consent copy at 390x844](images/booking-walk/consent-copy.png)",
            "",
        ]
        return "\n".join(lines)

    def shoot(self) -> None:
        from playwright.sync_api import sync_playwright

        IMAGES.mkdir(parents=True, exist_ok=True)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            view = browser.new_page(viewport={"width": 390, "height": 844})
            for name in ("aftercare-email", "consent-copy"):
                view.goto((self.out / f"{name}.html").resolve().as_uri())
                view.screenshot(path=str(IMAGES / f"{name}.png"), full_page=True)
            browser.close()


if __name__ == "__main__":
    main()
