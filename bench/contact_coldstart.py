#!/usr/bin/env python3
"""Cold start of the contact function: import time of the handler, outbox vs AWS backends.

Each sample is a fresh interpreter importing `functions.contact.handlers.handler` (what a Lambda
cold start or `build.py serve`'s first post pays), with the environment of one setup:

- outbox: the default (SQLite outbox, no email) - must not load boto3;
- aws:    CONTACT_STORE=dynamodb + SES email configured - boto3 and two clients;
- bare:   `import boto3` alone, for reference.

Runs are interleaved so machine noise hits every setup alike; medians and ratios printed.

    .venv/bin/python bench/contact_coldstart.py [--runs 9]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = (
    "import time, sys; t = time.perf_counter(); {code}; "
    "print((time.perf_counter() - t) * 1000, 'boto3' in sys.modules)"
)


def sample(code: str, env: dict[str, str]) -> tuple[float, bool]:
    base = {"PATH": "/usr/bin:/bin", "AWS_ACCESS_KEY_ID": "x", "AWS_SECRET_ACCESS_KEY": "x"}
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(code=code)],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return float(out[0]), out[1] == "True"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setups = {
            "outbox": (
                "import functions.contact.handlers.handler",
                {"CONTACT_OUTBOX": f"{tmp}/o.sqlite3"},
            ),
            "aws": (
                "import functions.contact.handlers.handler",
                {
                    "CONTACT_STORE": "dynamodb",
                    "CONTACT_NOTIFY_FROM": "web@studio.example",
                    "CONTACT_NOTIFY_TO": "studio@studio.example",
                    "AWS_REGION": "us-east-1",
                },
            ),
            "bare boto3": ("import boto3", {}),
        }
        sample(*setups["outbox"])  # warm the .pyc caches once
        times: dict[str, list[float]] = {name: [] for name in setups}
        loaded: dict[str, bool] = {}
        for _ in range(args.runs):
            for name, (code, env) in setups.items():
                ms, boto = sample(code, env)
                times[name].append(ms)
                loaded[name] = boto
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, ms in medians.items():
        print(
            f"{name:<12} median {ms:7.1f} ms  (min {min(times[name]):6.1f})"
            f"  boto3 loaded: {loaded[name]}"
        )
    print(f"aws / outbox cold import: {medians['aws'] / medians['outbox']:.1f}x")
    return 1 if loaded["outbox"] else 0


if __name__ == "__main__":
    sys.exit(main())
