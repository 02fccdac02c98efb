"""The build's shapes of what it writes (generator/site/api_shapes.py) against the files it
writes, and the schema the front end's types are generated from against those shapes
(docs/architecture.md, "Rules both sides read")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from generator.content.loader import load_content
from generator.site.api_shapes import ANSWERS, Artist, api_schema_text
from generator.site.endpoints import policies_json, privacy_json

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_FILE = ROOT / "site-src" / "src" / "lib" / "api-schema.json"
GOLDEN_API = ROOT / "tests" / "golden" / "expected" / "api"


def test_the_committed_schema_is_what_the_shapes_make() -> None:
    assert SCHEMA_FILE.read_text("utf-8") == api_schema_text(), (
        "site-src/src/lib/api-schema.json is stale: run `.venv/bin/python scripts/api_schema.py`, "
        "then `cd site-src && npm run gen:api-types`, and commit both"
    )


def test_the_schema_script_writes_the_committed_file(tmp_path: Path) -> None:
    """The command the docs give, run as a person would: it writes what is committed."""
    target = tmp_path / "api-schema.json"
    done = subprocess.run(
        [sys.executable, "scripts/api_schema.py", str(target)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"wrote {target}"
    assert target.read_text("utf-8") == SCHEMA_FILE.read_text("utf-8")


def _answers() -> list[tuple[str, Path]]:
    """Every file of the golden build's API with the shape it answers in."""
    found = []
    for path in sorted(GOLDEN_API.rglob("*.json")):
        relative = path.relative_to(GOLDEN_API).parts
        parts = relative[1:] if relative[0] == "es" else relative
        name = parts[0].removesuffix(".json")
        if name in ANSWERS:
            found.append((name, path))
    return found


@pytest.mark.parametrize(
    ("shape", "path"),
    _answers(),
    ids=lambda v: str(v.relative_to(GOLDEN_API)) if isinstance(v, Path) else v,
)
def test_every_file_the_build_writes_fits_its_shape(shape: str, path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    if shape == "portfolio" and isinstance(data, dict):  # a page: {total, page, ..., items}
        data = data["items"]
    if shape == "site":
        data.pop("media")  # the media stage's part, typed in site-src's lib/site-data.ts
    ANSWERS[shape].validate_python(data, strict=True)


def test_the_shapes_cover_every_kind_of_answer() -> None:
    # The golden site has neither policies nor a privacy notice.
    assert {shape for shape, _ in _answers()} == set(ANSWERS) - {"policies", "privacy"}


def test_the_policies_answer_fits_its_shape() -> None:
    for lang in ("en", "es"):
        ANSWERS["policies"].validate_python(policies_json("# Policies", None, lang), strict=True)


def test_the_privacy_answer_fits_its_shape() -> None:
    site = load_content(ROOT / "content").site
    for lang, spanish in (("en", None), ("es", None), ("es", "# Aviso")):
        answer = privacy_json("# Notice {{requests_days}}", site, spanish, lang)
        ANSWERS["privacy"].validate_python(answer, strict=True)


def test_a_key_the_shape_does_not_name_fails() -> None:
    """A key the endpoints start writing must be named in the shapes (so it reaches tsc)."""
    artist = json.loads((GOLDEN_API / "artists.json").read_text("utf-8"))[0]
    with pytest.raises(ValidationError, match="nickname"):
        ANSWERS["artists"].validate_python([{**artist, "nickname": "Maxi"}], strict=True)
    assert "nickname" not in Artist.__annotations__
