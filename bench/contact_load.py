#!/usr/bin/env python3
"""Load test of POST /api/contact against `build.py serve`: is every accepted message kept?

Starts the real command (`build.py serve --no-watch`) in its own process on a free port,
over a fixture site from tests/sitefactory.py (or --content DIR), with a fresh SQLite
outbox. It first fires the same number of GET /api/artists (a static file from the same
server: the ceiling any handler can reach), then the contact posts, and prints throughput,
p50/p99 latency, the ratio between the two, and lost = accepted - stored (must be 0).

The per-client rate limit is turned off for the server it starts (CONTACT_RATE_LIMIT=off):
every request comes from 127.0.0.1, and the production limit (5 per 10 minutes) would
answer 429 to all but five. The posts carry elapsed_ms=45000 so the fill-time trap lets
them through. Everything else (validation, artist check, WAL + fsync per message) is as
in production.

    .venv/bin/python bench/contact_load.py [--requests 2000] [--concurrency 50] [--content DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from served import served_site  # noqa: E402


async def fire(
    url: str, requests: list[dict | None], concurrency: int
) -> tuple[list[float], list[int], float]:
    """Send every request (None: GET /api/artists), at most `concurrency` at once."""
    latencies: list[float] = []
    statuses: list[int] = []
    queue: asyncio.Queue = asyncio.Queue()
    for item in requests:
        queue.put_nowait(item)
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=120) as client:

        async def worker() -> None:
            while not queue.empty():
                body = queue.get_nowait()
                started = time.perf_counter()
                if body is None:
                    response = await client.get("/api/artists")
                else:
                    response = await client.post("/api/contact", json=body)
                latencies.append(time.perf_counter() - started)
                ok = response.status_code == 200 and (
                    body is None or response.json().get("success") is True
                )
                statuses.append(200 if ok else response.status_code)

        began = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        return latencies, statuses, time.perf_counter() - began


def summary(label: str, latencies: list[float], elapsed: float) -> float:
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    rate = len(latencies) / elapsed
    print(
        f"{label:<28} {rate:8.0f} req/s   "
        f"p50 {cuts[49] * 1000:6.1f} ms   p99 {cuts[98] * 1000:6.1f} ms"
    )
    return rate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--content", type=Path, help="content folder (default: a fixture site)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="contact-load-") as tmp:
        work = Path(tmp)
        content = args.content
        if content is None:
            from sitefactory import minimal_site, write_site

            content = write_site(work / "content", minimal_site())
        print(f"building {content} and starting build.py serve (rate limit off, see docstring)")
        env = {k: v for k, v in os.environ.items() if not k.startswith("CONTACT_")}
        env.update(CONTACT_OUTBOX=str(work / "outbox.sqlite3"), CONTACT_RATE_LIMIT="off")
        with served_site(content.resolve(), work / "dist", env=env) as url:
            slugs = [a["slug"] for a in httpx.get(f"{url}/api/artists").json()] + ["na"]
            services = ["Tattoo Consultation", "Piercing", "Jewelry Change", "Touch Up", "Other"]
            posts = [
                {
                    "name": f"Visitor {i} Zoë",
                    "email": f"visitor{i}@example.com",
                    "phone": "(214) 555-0100",
                    "artist": slugs[i % len(slugs)],
                    "service": services[i % len(services)],
                    "message": f"Message {i}: a rose 🌹 on the forearm, about 10 cm.",
                    "website": "",
                    "elapsed_ms": 45000,
                }
                for i in range(args.requests)
            ]

            print(
                f"{args.requests} requests per run, {args.concurrency} concurrent,"
                " one server process"
            )
            base_lat, base_status, base_time = asyncio.run(
                fire(url, [None] * args.requests, args.concurrency)
            )
            base_rate = summary("GET /api/artists (static)", base_lat, base_time)
            lat, statuses, elapsed = asyncio.run(fire(url, posts, args.concurrency))
            rate = summary("POST /api/contact", lat, elapsed)

        with sqlite3.connect(work / "outbox.sqlite3") as db:
            stored = db.execute("SELECT count(*) FROM messages").fetchone()[0]
            distinct = db.execute("SELECT count(DISTINCT email) FROM messages").fetchone()[0]
        accepted = statuses.count(200)
        others = {s: statuses.count(s) for s in sorted(set(statuses)) if s != 200}
        print(f"contact / static throughput  {rate / base_rate:.2f}x")
        print(
            f"accepted {accepted}, stored {stored} ({distinct} distinct), "
            f"other answers {others or 'none'}"
            f" (static errors: {len(base_status) - base_status.count(200)})"
        )
        lost = accepted - stored
        print(f"lost = accepted - stored = {lost}")
        return 0 if lost == 0 and accepted == args.requests and distinct == stored else 1


if __name__ == "__main__":
    sys.exit(main())
