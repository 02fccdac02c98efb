"""A real fake Stripe for the tests: localstripe with Checkout Sessions, in a process of its own
on 127.0.0.1, and the official `stripe` package pointed at it.

Use the `fake_stripe` fixture (tests/conftest.py): one server per test module, emptied before
each test. What it emulates and what it does not: docs/stripe-testing.md.
"""

from __future__ import annotations

import hmac
import select
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from hashlib import sha256
from pathlib import Path

import httpx
import stripe
from recording_server import Received

SERVER = Path(__file__).resolve().parent / "localstripe_checkout.py"
API_KEY = "sk_test_localstripe"  # localstripe takes any key that starts with sk_
WEBHOOK_SECRET = "whsec_test_localstripe"


def stripe_signature(payload: bytes, secret: str = WEBHOOK_SECRET, at: int | None = None) -> str:
    """Stripe-Signature as Stripe computes it: t=<time>,v1=<HMAC-SHA256 of "t.payload">."""
    at = int(time.time()) if at is None else at
    mac = hmac.new(secret.encode(), f"{at}.".encode() + payload, sha256).hexdigest()
    return f"t={at},v1={mac}"


START_TIMEOUT = 30.0  # seconds; the machine is shared, a slow start is not a failure
DELIVERY_TIMEOUT = 15.0  # localstripe waits a second before each webhook delivery


@contextmanager
def localstripe_server() -> Iterator[str]:
    """localstripe (with Checkout Sessions) in a process of its own on 127.0.0.1: its base
    URL once it answers. The process is stopped on leaving, whatever happened."""
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            [sys.executable, str(SERVER)],
            stdin=subprocess.PIPE,  # the server stops when this closes, even if we are killed
            stdout=subprocess.PIPE,
            stderr=errors,
        )
        try:
            url = f"http://127.0.0.1:{_port(process, errors)}"
            _wait_until_answering(url, process, errors)
            yield url
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            process.stdin.close()
            process.stdout.close()


def _port(process: subprocess.Popen, errors: object) -> int:
    """The port the server printed on its first line."""
    ready, _, _ = select.select([process.stdout], [], [], START_TIMEOUT)
    line = process.stdout.readline() if ready else b""
    if not line.strip().isdigit():
        raise RuntimeError(f"localstripe did not start: {_output(errors)}")
    return int(line)


def _wait_until_answering(url: str, process: subprocess.Popen, errors: object) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    with httpx.Client(trust_env=False) as http:
        while time.monotonic() < deadline and process.poll() is None:
            try:
                answer = http.get(url + "/v1/events", params={"limit": 1}, auth=(API_KEY, ""))
                if answer.status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.05)
    raise RuntimeError(f"localstripe did not answer at {url}: {_output(errors)}")


def _output(errors: object) -> str:
    errors.seek(0)
    return errors.read().decode(errors="replace")[-2000:]


class FakeStripe:
    """The running fake: a `stripe` client for it, and the test-only actions Stripe's real
    API has no call for (a visitor paying on the hosted page, a webhook delivered again)."""

    def __init__(self, url: str):
        self.url = url
        self.api_key = API_KEY

    def client(self) -> stripe.StripeClient:
        """The official SDK's client, talking to the fake instead of api.stripe.com."""
        return stripe.StripeClient(
            self.api_key, base_addresses={"api": self.url}, max_network_retries=0
        )

    def _call(self, method: str, path: str, **kwargs: object) -> httpx.Response:
        with httpx.Client(trust_env=False, base_url=self.url) as http:
            answer = http.request(method, path, auth=(self.api_key, ""), **kwargs)
        answer.raise_for_status()
        return answer

    def reset(self) -> None:
        """Forget every object, event and webhook."""
        self._call("DELETE", "/_config/data")
        self._call("DELETE", "/_config/webhooks")

    def register_webhook(
        self, url: str, secret: str = WEBHOOK_SECRET, events: list[str] | None = None
    ) -> None:
        """A webhook endpoint, as registered in Stripe's dashboard: every event (or only
        `events`) is posted to url, signed with secret."""
        name = f"wh{abs(hash((url, secret)))}"
        body: dict = {"url": url, "secret": secret}
        if events is not None:
            body["events"] = events
        self._call("POST", f"/_config/webhooks/{name}", json=body)

    def pay(self, session_id: str) -> dict:
        """The visitor pays the session on Stripe's page with the test card: the session as
        it is then; checkout.session.completed follows to the webhooks."""
        return self._call("POST", f"/_config/checkout/sessions/{session_id}/pay").json()

    def resend(self, event_id: str) -> None:
        """Deliver an event again, as Stripe does when a delivery is retried."""
        self._call("POST", f"/_config/events/{event_id}/resend")


def wait_for(received: list[Received], wanted: Callable[[list[Received]], bool]) -> list[Received]:
    """The deliveries received once wanted(received) holds; fails after DELIVERY_TIMEOUT."""
    deadline = time.monotonic() + DELIVERY_TIMEOUT
    while not wanted(list(received)):
        if time.monotonic() > deadline:
            raise AssertionError(f"webhook deliveries never arrived: {received}")
        time.sleep(0.05)
    return list(received)
