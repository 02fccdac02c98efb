#!/usr/bin/env python3
"""Write the demo's fingerprints (generator/content/demo_fingerprints.json) from content/.

    .venv/bin/python scripts/make_demo_fingerprints.py [--content content] [--out FILE]

Run it after changing the demo (scripts/make_demo_content.py, make_demo_videos.py, or the
demo's YAML): the launch check recognises the demo by these fingerprints (SHA-256 of every
photo and video, and of the distinctive texts; generator/content/demo.py says which), and
tests/test_launch.py fails while they and content/ differ. Only ever run it on the demo:
fingerprints of a studio's own content would make the launch check refuse that content.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.content.demo import FINGERPRINTS, dumps, fingerprints  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--content", type=Path, default=ROOT / "content", help="the demo")
    parser.add_argument("--out", type=Path, default=FINGERPRINTS, help="the JSON to write")
    args = parser.parse_args(argv)
    value = fingerprints(args.content)
    args.out.write_text(dumps(value), encoding="utf-8")
    print(f"{args.out}: {len(value['files'])} files, {len(value['texts'])} texts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
