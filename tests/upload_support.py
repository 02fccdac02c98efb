"""Shared pieces of the reference-image tests: real pictures, grants and uploads."""

from __future__ import annotations

import asyncio
import io
import random
import time
from pathlib import Path

import httpx
from contact_support import call, post_event
from PIL import Image

from functions.contact.dal.outbox import SqliteOutbox
from functions.contact.logic.service import ContactService

GRANT_PATH = "/api/contact/uploads"


def picture(width: int = 640, height: int = 480, kind: str = "JPEG", seed: int = 7) -> bytes:
    """A photo-like picture (gradients and noise, so it does not compress to nothing)."""
    rng = random.Random(seed)
    image = Image.linear_gradient("L").resize((width, height)).convert("RGB")
    noise = Image.frombytes("RGB", (64, 48), rng.randbytes(64 * 48 * 3)).resize((width, height))
    image = Image.blend(image, noise, 0.35)
    out = io.BytesIO()
    image.save(out, kind, quality=85) if kind != "PNG" else image.save(out, kind)
    return out.getvalue()


def grant_event(body: dict | str | None, method: str = "POST", ip: str = "203.0.113.7") -> dict:
    event = post_event(body, method, ip)
    event["rawPath"] = GRANT_PATH
    event["requestContext"]["http"]["path"] = GRANT_PATH
    return event


def ask(service: ContactService, kind: str = "image/jpeg", session: str | None = None) -> dict:
    """A grant through the handler, as the form asks for one."""
    body = {"type": kind, **({"session": session} if session else {})}
    status, answer, _ = call(service, grant_event(body))
    assert status == 200, answer
    return answer


def post_file(url: str, fields: dict, data: bytes, kind: str = "image/jpeg") -> httpx.Response:
    """The form's POST of one file: the grant's fields, then the file, last (S3's rule)."""
    return httpx.post(url, data=fields, files={"file": ("image", data, kind)}, timeout=30)


async def send_messages_with_images(
    url: str, messages: int, images: int, concurrency: int, image: bytes
) -> dict:
    """What many visitors do at once: per message, a grant and an upload per image (one
    session per visitor), then the message naming them. Used by the load test and by
    bench/contact_images_load.py. Returns the counts and, per accepted message, its ids."""
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    queue: asyncio.Queue[int] = asyncio.Queue()
    for n in range(messages):
        queue.put_nowait(n)
    report: dict = {"accepted": {}, "refused": [], "uploads_failed": 0, "latencies": []}
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=120) as client:

        async def visitor() -> None:
            while not queue.empty():
                n = queue.get_nowait()
                started = time.perf_counter()
                session, ids = None, []
                for _ in range(images):
                    body = {"type": "image/jpeg", **({"session": session} if session else {})}
                    grant = (await client.post(GRANT_PATH, json=body)).json()
                    session = grant["session"]
                    posted = await client.post(
                        grant["upload"]["url"],
                        data=grant["upload"]["fields"],
                        files={"file": ("image.jpg", image, "image/jpeg")},
                    )
                    if posted.status_code != 204:
                        report["uploads_failed"] += 1
                        report["refused"].append((posted.status_code, posted.text[:300]))
                    ids.append(grant["id"])
                message = {
                    "name": f"Visitor {n}",
                    "email": f"visitor{n}@example.com",
                    "message": f"Message {n}: these references, please.",
                    "elapsed_ms": 45000,
                    "references": ids,
                }
                answer = await client.post("/api/contact", json=message)
                report["latencies"].append(time.perf_counter() - started)
                if answer.status_code == 200 and answer.json().get("success") is True:
                    report["accepted"][message["email"]] = ids
                else:
                    report["refused"].append((answer.status_code, answer.text[:200]))

        began = time.perf_counter()
        await asyncio.gather(*(visitor() for _ in range(concurrency)))
        report["elapsed"] = time.perf_counter() - began
    return report


def lost_images(report: dict, outbox: Path, uploads: Path, image: bytes) -> dict:
    """Compare what was accepted with what the outbox and the uploads folder hold."""
    kept = {m.email: m for m in SqliteOutbox(outbox).list()}
    lost_messages = [email for email in report["accepted"] if email not in kept]
    missing = [
        key
        for email, ids in report["accepted"].items()
        if email in kept
        for key in (kept[email].image_keys if len(kept[email].images) == len(ids) else ["?"])
        if key == "?" or not (uploads / key).is_file() or (uploads / key).read_bytes() != image
    ]
    pending = [p for p in (uploads / "pending").rglob("*") if p.is_file()]
    return {"messages": len(lost_messages), "images": len(missing), "left_pending": len(pending)}
