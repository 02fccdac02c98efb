"""Write the JSON Schema of what the build's endpoints write (generator/site/api_shapes.py) to
site-src/src/lib/api-schema.json, which `npm run gen:api-types` turns into TypeScript
(docs/architecture.md, "Rules both sides read"). tests/test_api_shapes.py fails while the
committed file differs from what this writes."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_FILE = ROOT / "site-src" / "src" / "lib" / "api-schema.json"


def main(argv: list[str]) -> int:
    """`scripts/api_schema.py [FILE]`: FILE instead of the committed schema (tests)."""
    sys.path.insert(0, str(ROOT))
    from generator.site.api_shapes import api_schema_text

    target = Path(argv[0]) if argv else SCHEMA_FILE
    target.write_text(api_schema_text(), "utf-8")
    shown = target.relative_to(ROOT) if target.is_relative_to(ROOT) else target
    print(f"wrote {shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
