"""The contact function's deployment zip: `functions/contact/` alone (its layers included),
the libraries it needs that the Lambda runtime lacks, the built site's artists, and the
artists' private addresses from the content (`artist_emails.json`, which nothing else
publishes: docs/contact.md, "Requests go to the artist"). Byte-for-byte reproducible.

Only `functions/__init__.py` and `functions/contact/` go in: deploy-function's own modules
(`functions/deploy*.py`) stay out.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import io
import json
import zipfile
from pathlib import Path

from functions.deploy_options import ARTIST_EMAILS, DeployError

FUNCTIONS_DIR = Path(__file__).resolve().parent
HANDLER = "functions.contact.handlers.handler.handler"
# Pure-Python libraries the function imports that the Lambda runtime lacks (boto3 is there).
# stripe (deposits, imported only when one is asked or paid) and what it needs at run time:
# typing_extensions, and requests, whose client has timeouts (dal/stripe_checkout.py).
BUNDLED_DISTRIBUTIONS = (
    "email-validator",
    "dnspython",
    "idna",
    "PyJWT",
    "confusable-homoglyphs",
    "stripe",
    "typing_extensions",
    "requests",
    "urllib3",
    "certifi",
    "charset-normalizer",
    "tzdata",  # the studio's time zone where the runtime has no zone files (models/booking.py)
)
ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed, so the same code gives the same CodeSha256


def known_artists(dist: Path) -> dict[str, str]:
    path = dist / "api" / "artists.json"
    if not path.is_file():
        raise DeployError(
            f"{path} not found: run `python build.py build` first (the function "
            "accepts the artists of the built site)"
        )
    artists = json.loads(path.read_text("utf-8"))
    return {a["slug"]: a.get("name") or a["slug"] for a in artists}


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, ZIP_DATE)
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)


def package(
    dist: Path, artist_emails: dict[str, str] | None = None
) -> tuple[bytes, dict[str, str]]:
    """The deployment zip (byte-for-byte reproducible) and the artists baked into it;
    artist_emails: {slug: private address} (generator/content/private.py), {} for none."""
    from generator.content.private import artist_emails_json  # the file `serve` reads too

    artists = known_artists(dist)
    files: dict[str, bytes] = {
        "functions/__init__.py": (FUNCTIONS_DIR / "__init__.py").read_bytes()
    }
    # The package and its layers (handlers/, logic/, dal/, models/, words/), every .py file.
    contact = FUNCTIONS_DIR / "contact"
    for path in sorted(contact.rglob("*.py")):
        if "__pycache__" not in path.parts:
            files[f"functions/contact/{path.relative_to(contact).as_posix()}"] = path.read_bytes()
    for data in ("choices.json", "contract.json"):
        files[f"functions/contact/{data}"] = (FUNCTIONS_DIR / "contact" / data).read_bytes()
    files["functions/contact/known_artists.json"] = json.dumps(
        artists, ensure_ascii=False, indent=1, sort_keys=True
    ).encode("utf-8")
    files[ARTIST_EMAILS] = artist_emails_json(dict(artist_emails or {}))
    for name in BUNDLED_DISTRIBUTIONS:
        dist_files = importlib.metadata.files(name) or []
        for entry in dist_files:
            rel = str(entry)
            if rel.startswith("..") or "__pycache__" in rel or rel.endswith((".pyc", "RECORD")):
                continue
            files[rel] = Path(entry.locate()).read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(files):
            _add(archive, name, files[name])
    return buffer.getvalue(), artists


def code_sha256(zip_bytes: bytes) -> str:
    """As Lambda reports it: base64 of the SHA-256 digest."""
    return base64.b64encode(hashlib.sha256(zip_bytes).digest()).decode()
