#!/usr/bin/env python3
"""Load test of messages with reference images against `build.py serve`: is anything lost?

Starts the real command (`build.py serve --no-watch`) in its own process on a free port,
over a fixture site from tests/sitefactory.py, with a fresh outbox and uploads folder. Each
simulated visitor asks for a grant and posts a prepared-size JPEG per image (one session per
visitor), then sends the message naming them, `--concurrency` visitors at once. Then it
compares: every accepted message stored, each with all its images, byte for byte, under
messages/, and no upload left pending. Prints throughput, p50/p99 per message (grants,
uploads and the message together) and lost (must be 0).

Both rate limits are off for the server it starts (every request comes from 127.0.0.1);
everything else (policy checks, inspection by the bytes, copy, claim, fsync) is as `serve`
runs it.

    .venv/bin/python bench/contact_images_load.py [--messages 200] [--images 2] [--concurrency 20]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from upload_support import lost_images, picture, send_messages_with_images  # noqa: E402

from serverthread import free_port, running_process  # noqa: E402
from sitefactory import minimal_site, write_site  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=200)
    parser.add_argument("--images", type=int, default=2, help="images per message (1-5)")
    parser.add_argument("--concurrency", type=int, default=20)
    args = parser.parse_args()
    # What the form sends for a 12 MP photo: 2048x1536 JPEG (a photo-like picture, ~220 KB).
    image = picture(2048, 1536)

    with tempfile.TemporaryDirectory(prefix="contact-images-load-") as tmp:
        work = Path(tmp)
        content = write_site(work / "content", minimal_site())
        env = {k: v for k, v in os.environ.items() if not k.startswith("CONTACT_")}
        env.update(
            CONTACT_OUTBOX=str(work / "outbox.sqlite3"),
            CONTACT_RATE_LIMIT="off",
            CONTACT_UPLOAD_RATE_LIMIT="off",
        )
        port = free_port()
        command = [sys.executable, "build.py", "serve", "--no-watch", "--port", str(port)]
        command += ["--content", str(content), "--out", str(work / "dist")]
        url = f"http://127.0.0.1:{port}"
        print(f"building the fixture site and starting build.py serve on {url}")
        with running_process(command, f"{url}/api/artists", ROOT, env, work / "serve.log", 600):
            print(
                f"{args.messages} messages x {args.images} images of {len(image) / 1024:.0f} KB,"
                f" {args.concurrency} visitors at once"
            )
            report = asyncio.run(
                send_messages_with_images(url, args.messages, args.images, args.concurrency, image)
            )
        lost = lost_images(report, work / "outbox.sqlite3", work / "uploads", image)

    cuts = statistics.quantiles(report["latencies"], n=100, method="inclusive")
    accepted = len(report["accepted"])
    print(
        f"{accepted / report['elapsed']:.1f} messages/s, "
        f"{accepted * args.images / report['elapsed']:.1f} images/s; per message "
        f"p50 {cuts[49] * 1000:.0f} ms, p99 {cuts[98] * 1000:.0f} ms"
    )
    print(
        f"accepted {accepted}, refused {len(report['refused'])} {report['refused'][:3]}, "
        f"uploads failed {report['uploads_failed']}"
    )
    print(
        f"lost: {lost['messages']} messages, {lost['images']} images; "
        f"left pending {lost['left_pending']}"
    )
    whole = accepted == args.messages and not report["refused"] and not report["uploads_failed"]
    return 0 if whole and not any(lost.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
