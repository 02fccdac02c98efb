"""The demo studio, recognised by content: what the launch check needs to keep it off a live site.

The repository ships a demo (content/): a made-up studio with six fictional artists (their
Instagram handles could belong to strangers), drawn portfolio photos, synthetic videos and a
fictional founder's memorial. `demo_fingerprints.json`, beside this file, holds fingerprints
of all of it, made from content/ by `scripts/make_demo_fingerprints.py`:

    files   SHA-256 and size of every file under images/ and videos/
    texts   SHA-256 of each distinctive text, normalised (Unicode NFKC, case folded, white
            space collapsed): the studio's name, each artist's name, bio and Instagram
            handle (without the @), the memorial's name and text, the "in memory" line,
            the timeline's texts, the made-up brands and the web studio of the credit; the
            bios, memorial, "in memory" and timeline texts in Spanish too (bio_es, ...);
            the privacy notice (privacy.md and privacy.es.md), each as a whole; the
            consent form (consent.md and consent.es.md) likewise

A text matches whatever file and field it is in, and a photo or video whatever its name, so a
renamed demo photo or a demo bio pasted into a new artist's file is still recognised; a
handle is found inside longer text too (an instagram.com address). Only a file whose size
is one of the demo files' sizes is read and hashed, so a studio's gigabyte videos cost one
`stat` each. tests/test_launch.py checks that the JSON matches content/ while content/ is
still the demo.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..files import file_digest
from .yamlfile import load_yaml

FINGERPRINTS = Path(__file__).with_name("demo_fingerprints.json")
VERSION = 1
MEDIA_FOLDERS = ("images", "videos")

# An Instagram handle inside any text: letters, digits, "." and "_" (the @ is optional).
HANDLE = re.compile(r"[a-z0-9._]+")


@dataclass(frozen=True)
class DemoText:
    """One of the demo's texts: what kind it is and whose (an artist's name, a year)."""

    kind: str  # a key of TEXT_KINDS
    about: str


@dataclass(frozen=True)
class DemoFile:
    path: str  # under content/: "images/work/classic-red-rose.jpg"
    size: int


@dataclass(frozen=True)
class Demo:
    files: dict[str, DemoFile]  # SHA-256 of the bytes -> the demo file
    texts: dict[str, DemoText]  # SHA-256 of the normalised text -> what it is
    handles: dict[str, DemoText]  # SHA-256 of the handle without @ -> whose
    # SHA-256 of a whole privacy notice as the demo ships it (a Markdown file, not a field)
    notices: frozenset[str] = frozenset()
    # Likewise a whole consent form (consent.md, consent.es.md)
    consents: frozenset[str] = frozenset()

    @functools.cached_property
    def sizes(self) -> frozenset[int]:
        return frozenset(demo.size for demo in self.files.values())


def normalised(text: str) -> str:
    """The text as compared: NFKC (curly quotes stay distinct), case folded, one space."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def text_digest(text: str) -> str:
    return hashlib.sha256(normalised(text).encode("utf-8")).hexdigest()


def handle_of(text: str) -> str:
    return normalised(text).removeprefix("@")


def handles_in(text: str) -> set[str]:
    """Every word of the text that could be an Instagram handle (dots at its ends dropped)."""
    return {word.strip(".") for word in HANDLE.findall(normalised(text))} - {""}


def text_matches(demo: Demo, text: str) -> dict[str, tuple[str, DemoText]]:
    """The demo texts this text is (whole) or holds (a handle), by fingerprint, once each:
    what to quote (the text, or @handle) and what it is."""
    found: dict[str, tuple[str, DemoText]] = {}
    whole = text_digest(text)
    if whole in demo.texts:
        found[whole] = (text, demo.texts[whole])
    for handle in sorted(handles_in(text)):
        digest = text_digest(handle)
        if digest in demo.handles:
            found.setdefault(digest, ("@" + handle, demo.handles[digest]))
    return found


def file_match(demo: Demo, path: Path) -> DemoFile | None:
    """The demo file with the same bytes as path, if any; only a file of a demo file's size
    is read."""
    try:
        if path.stat().st_size not in demo.sizes:
            return None
        return demo.files.get(file_digest(path))
    except OSError:
        return None  # the ordinary rules report a file that cannot be read


@functools.cache
def load_demo(path: Path = FINGERPRINTS) -> Demo:
    data = json.loads(path.read_text("utf-8"))
    if data.get("version") != VERSION:
        raise ValueError(f"{path}: version {data.get('version')!r}, expected {VERSION}")
    texts: dict[str, DemoText] = {}
    handles: dict[str, DemoText] = {}  # found inside longer text too, so kept apart
    notices: set[str] = set()
    consents: set[str] = set()
    for entry in data["texts"]:
        if entry["kind"] in ("privacy", "consent"):
            (notices if entry["kind"] == "privacy" else consents).add(entry["sha256"])
            continue
        into = handles if entry["kind"] == "instagram" else texts
        into[entry["sha256"]] = DemoText(entry["kind"], entry["about"])
    files = {entry["sha256"]: DemoFile(entry["file"], entry["size"]) for entry in data["files"]}
    return Demo(files, texts, handles, frozenset(notices), frozenset(consents))


# --- making the fingerprints from the demo (scripts/make_demo_fingerprints.py) --------------


def fingerprints(content: Path) -> dict[str, Any]:
    """The fingerprints of the demo in `content`, as demo_fingerprints.json holds them."""
    return {
        "version": VERSION,
        "about": (
            "Fingerprints of the demo content (content/), for the launch check "
            "(generator/content/demo.py). Made by scripts/make_demo_fingerprints.py; do not edit."
        ),
        "files": _file_entries(content),
        "texts": _text_entries(content),
    }


def dumps(value: dict[str, Any]) -> str:
    return json.dumps(value, indent=1, ensure_ascii=False) + "\n"


def _file_entries(content: Path) -> list[dict[str, Any]]:
    entries = []
    for folder in MEDIA_FOLDERS:
        for path in sorted((content / folder).rglob("*")):
            if path.is_file() and not path.is_symlink() and not path.name.startswith("."):
                entries.append(
                    {
                        "file": path.relative_to(content).as_posix(),
                        "size": path.stat().st_size,
                        "sha256": file_digest(path),
                    }
                )
    return entries


def _read(path: Path) -> Any:
    data, _lines = load_yaml(path.read_text("utf-8"))
    return data


def _both(kind: str, about: str, data: dict, key: str) -> list[tuple[str, str, str]]:
    """The English text data[key] and, when the demo gives it, its Spanish (key_es)."""
    texts = [data[key], data.get(f"{key}_es")]
    return [(kind, about, text) for text in texts if isinstance(text, str) and text.strip()]


def _text_entries(content: Path) -> list[dict[str, str]]:
    found: list[tuple[str, str, str]] = []  # (kind, about, text)
    site = _read(content / "site.yaml")
    found.append(("studio", site["name"], site["name"]))
    memorial = site["memorial"]
    found += [
        ("memorial", memorial["name"], memorial["name"]),
        *_both("memorial", memorial["name"], memorial, "text"),
        *_both("memorial", memorial["name"], site, "in_memory"),
    ]
    for item in site["timeline"]:
        found += _both("timeline", str(item["period"]), item, "text")
    found += [("brand", brand["name"], brand["name"]) for brand in site.get("brands") or []]
    found.append(("credit", site["credit"]["name"], site["credit"]["name"]))
    for path in sorted((content / "artists").glob("*.yaml")):
        artist = _read(path)
        name = artist["name"]
        found += [("artist", name, name), *_both("bio", name, artist, "bio")]
        if artist.get("instagram"):
            found.append(("instagram", name, handle_of(artist["instagram"])))
    for name in ("privacy.md", "privacy.es.md"):
        if (content / name).is_file():
            text = (content / name).read_text("utf-8").removeprefix("\ufeff")
            found.append(("privacy", name, text))
    for name in ("consent.md", "consent.es.md"):
        if (content / name).is_file():
            text = (content / name).read_text("utf-8").removeprefix("\ufeff")
            found.append(("consent", name, text))
    entries: dict[str, dict[str, str]] = {}
    for kind, about, text in found:
        entries.setdefault(text_digest(text), {"kind": kind, "about": about})
    return [{"sha256": digest, **entry} for digest, entry in entries.items()]
