"""Walk requests through every path of docs/contact.md ("A request and its state") and show
what the studio and the visitor see: docs/requests-walk.md.

Runs the contact function in-process on a temporary outbox, with localstripe on 127.0.0.1
started as the tests start it (tests/stripe_support.py), the CLI's `build.py requests --json`
and `build.py mail --json` for what it prints, and Chromium (Playwright) for screenshots at
390x844 of every email (as a phone mail app would frame it) and of the action pages.

    .venv/bin/python scripts/walk_a_request.py --out /tmp/walk
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = "http://127.0.0.1:8000"  # serve's default address, as CONTACT_SITE_URL says locally
SECRET = "w" * 64
DAY = 24 * 3600
BOOKING = {
    "timezone": "America/Chicago",
    "deposit": {"services": {"Tattoo Consultation": 100, "Touch Up": 0, "Piercing": 0}},
    "deposit_reminder_days": 2,
    "deposit_expiry_days": 5,
    "decline_reasons": [],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=Path("walk-out"), help="Folder for the HTML and PNG files."
    )
    parser.add_argument(
        "--no-screenshots", action="store_true", help="Only print the tables and write the HTML."
    )
    args = parser.parse_args()
    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        Walk(Path(tmp), args.out).run(not args.no_screenshots)


class Walk:
    def __init__(self, tmp: Path, out: Path):
        self.tmp, self.out, self.pages = tmp, out, {}

    def run(self, screenshots: bool) -> None:
        from stripe_support import API_KEY, WEBHOOK_SECRET, localstripe_server

        with localstripe_server() as stripe_url:
            from contact_support import local_settings, make_service

            api = self.tmp / "dist" / "api"
            api.mkdir(parents=True)
            (api / "booking.json").write_text(json.dumps(BOOKING), "utf-8")
            settings = local_settings(
                self.tmp,
                site_url=SITE,
                link_secret=SECRET,
                stripe_secret_key=API_KEY,
                stripe_webhook_secret=WEBHOOK_SECRET,
                stripe_api_base=stripe_url,
            )
            self.service = make_service(self.tmp, settings)
            self.webhook_secret, self.stripe_url = WEBHOOK_SECRET, stripe_url
            self.paths()
        mails = self.cli("mail", "--json")
        self.write_mails(mails)
        if screenshots:
            self.screenshot()

    # --- the paths ------------------------------------------------------------------------

    def paths(self) -> None:
        from contact_support import GOOD

        spanish = {**GOOD, "lang": "es", "name": "Lucía Pérez", "email": "lucia@example.com"}
        # 1. new -> accepted (deposit) -> booked by payment; the visitor's paid page.
        one = self.submit(GOOD)
        self.page("accept-deposit", self.link(one, "Accept"))
        pay = self.accept(one, "120")
        self.pay(one, pay)
        self.page("deposit-paid", pay)
        self.table("new -> accepted (deposit) -> booked by payment", one)
        # 2. new -> accepted -> reminder -> expired, in Spanish; the visitor's expired page.
        two = self.submit(spanish)
        pay_es = self.accept(two, "100")
        from functions.contact.logic.deposit_schedule import run_deposit_schedule

        now = time.time()
        run_deposit_schedule(self.service.deposits, now + 2 * DAY + 60)
        run_deposit_schedule(self.service.deposits, now + 5 * DAY + 60)
        self.page("deposit-expired-es", pay_es)
        self.table("new -> accepted -> reminder -> expired (Spanish visitor)", two)
        # 3. new -> declined with a reason.
        three = self.submit({**GOOD, "name": "Bo Chen", "email": "bo@example.com"})
        self.page("decline", self.link(three, "Decline"))
        self.post(three, "Decline", {"reason": "books-full", "note": "We open again in March."})
        self.table("new -> declined (a reason)", three)
        # 4. new -> waitlisted -> accepted without deposit -> booked.
        four = self.submit(
            {**GOOD, "name": "Cy Diaz", "email": "cy@example.com", "service": "Piercing"}
        )
        self.page("waitlist", self.link(four, "Waitlist"))
        self.post(four, "Waitlist", {"note": "We will write when a slot opens."})
        self.post(four, "Accept", {"deposit": "0", "when": "Tuesday 9 Dec, 11 am", "note": ""})
        self.table("new -> waitlisted -> accepted without deposit -> booked", four)
        # 5. A one-off flash design held by the first claim; a second claim refused; declined.
        claim = {**GOOD, "flash": "jane-doe/swallow", "name": "Di Eze", "email": "di@example.com"}
        five = self.submit(claim)
        print(f"\nHolds after the first claim: {self.get('/api/flash/holds')['body']}")
        second = self.respond_form(claim | {"name": "Ed Fox", "email": "ed@example.com"})
        print(f"\nA second claim of jane-doe/swallow: {second['statusCode']} {second['body']}")
        self.post(five, "Decline", {"reason": "other", "note": ""})
        self.page("accept-409", self.link(five, "Accept"))
        holds = self.get("/api/flash/holds")
        print(f"Holds after the decline: {holds['body']}")
        self.table("flash claim held -> second claim 409 -> declined, hold released", five)

    def submit(self, payload: dict) -> str:
        answer = self.respond_form(payload)
        assert answer["statusCode"] == 200, answer["body"]
        return self.service.store.list()[0].id

    def respond_form(self, payload: dict) -> dict:
        from contact_support import post_event

        from functions.contact.handlers.app import respond
        from functions.contact.handlers.settings import Settings

        return respond(self.service, Settings(), post_event(payload))

    def link(self, message_id: str, action: str) -> str:
        from functions.contact.logic.request_actions import RequestLinks

        links = RequestLinks(SITE, SECRET)(self.service.store.get(message_id))
        return dict(links)[action].removeprefix(SITE)

    def get(
        self,
        link: str,
        method: str = "GET",
        form: dict | None = None,
        headers: dict | None = None,
        body: str | None = None,
    ) -> dict:
        from contact_support import link_event

        from functions.contact.handlers.app import respond
        from functions.contact.handlers.settings import Settings

        raw = link_event(link, method, form)
        raw["headers"].update(headers or {})
        if body is not None:
            raw["body"] = body
        return respond(self.service, Settings(), raw)

    def post(self, message_id: str, action: str, form: dict) -> dict:
        answer = self.get(self.link(message_id, action), "POST", form)
        assert answer["statusCode"] == 200, answer["body"]
        return answer

    def accept(self, message_id: str, dollars: str) -> str:
        self.post(
            message_id,
            "Accept",
            {"deposit": dollars, "when": "Friday 5 Dec, 3 pm", "note": "Bring your sketch."},
        )
        # The visitor's "Pay the deposit" link, as their email carries it.
        return self.service.deposits.pay_link(self.service.store.get(message_id)).removeprefix(SITE)

    def pay(self, message_id: str, pay_link: str) -> None:
        """The visitor opens the pay link (a Checkout Session at localstripe), pays with the
        test card there; the completed event is signed as Stripe signs it and posted."""
        from stripe_support import FakeStripe, stripe_signature

        answer = self.get(pay_link)
        assert answer["statusCode"] == 303, answer
        session_id = self.service.store.get(message_id).checkout_session
        session = FakeStripe(self.stripe_url).pay(session_id)
        event = {
            "id": f"evt_walk_{message_id[:8]}",
            "object": "event",
            "type": "checkout.session.completed",
            "created": int(time.time()),
            "livemode": False,
            "data": {
                "object": {
                    **session,
                    "client_reference_id": message_id,
                    "metadata": {"message_id": message_id},
                    "payment_status": "paid",
                }
            },
        }
        payload = json.dumps(event).encode()
        signature = stripe_signature(payload, self.webhook_secret)
        answer = self.get(
            "/api/stripe-webhook",
            "POST",
            headers={"content-type": "application/json", "stripe-signature": signature},
            body=payload.decode(),
        )
        assert answer["statusCode"] == 200, answer

    def page(self, name: str, link: str) -> None:
        answer = self.get(link)
        if answer["statusCode"] == 303:
            return
        self.pages[name] = answer["body"]
        (self.out / f"page-{name}.html").write_text(answer["body"], "utf-8")

    # --- the CLI's views ------------------------------------------------------------------

    def cli(self, *args: str) -> list:
        from click.testing import CliRunner

        import build

        runner = CliRunner(env={"CONTACT_SITE_URL": SITE, "CONTACT_LINK_SECRET": SECRET})
        result = runner.invoke(build.cli, [*args, "--outbox", str(self.tmp / "outbox.sqlite3")])
        assert result.exit_code == 0, result.output
        return json.loads(result.output)

    def table(self, title: str, message_id: str) -> None:
        (request,) = [r for r in self.cli("requests", "--json") if r["id"] == message_id]
        print(f"\n## {title}  ({request['name']}, {request['lang']})\n")
        print("| state | at | by |\n|---|---|---|")
        print(f"| new | {request['created_at']} | the visitor's form |")
        for change in request["state_history"]:
            print(f"| {change['state']} | {change['at']} | {change['by']} |")

    def write_mails(self, mails: list[dict]) -> None:
        for number, mail in enumerate(reversed(mails), 1):
            slug = re.sub(r"[^a-z0-9]+", "-", mail["subject"].lower()).strip("-")[:40]
            body = html.escape(mail["text"])
            body = re.sub(r"(https?://[^\s<]+)", r'<a href="\1">\1</a>', body)
            page = FRAME.format(
                to=html.escape(", ".join(mail["to"])),
                subject=html.escape(mail["subject"]),
                lang=html.escape(mail.get("lang") or ""),
                body=body,
            )
            (self.out / f"mail-{number:02d}-{slug}.html").write_text(page, "utf-8")

    def screenshot(self) -> None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            view = browser.new_page(viewport={"width": 390, "height": 844})
            for path in sorted(self.out.glob("*.html")):
                view.goto(path.resolve().as_uri())
                view.screenshot(path=str(path.with_suffix(".png")))
            browser.close()
        print(f"\nScreenshots in {self.out}")


FRAME = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ margin: 0; font: 16px/1.45 -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  color: #111; background: #fff; }}
header {{ padding: 12px 16px; border-bottom: 1px solid #ddd; background: #f6f6f6;
  font-size: 14px; }}
header b {{ display: inline-block; width: 84px; color: #555; font-weight: normal; }}
h1 {{ font-size: 18px; margin: 8px 0 0; }}
main {{ padding: 12px 16px; white-space: pre-wrap; overflow-wrap: anywhere; }}
a {{ color: #0645ad; }}
</style></head><body>
<header><div><b>From</b> website@localhost</div><div><b>To</b> {to}</div>
<div><b>Language</b> {lang}</div>
<h1>{subject}</h1></header>
<main>{body}</main></body></html>
"""

if __name__ == "__main__":
    main()
