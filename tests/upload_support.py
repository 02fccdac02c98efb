"""Shared pieces of the reference-image tests: real pictures, grants and uploads."""

from __future__ import annotations

import io
import random

import httpx
from contact_support import call, post_event
from PIL import Image

from functions.contact.core import ContactService

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
