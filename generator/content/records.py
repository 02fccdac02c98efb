"""What the loader reads, as the later stages use it: `Content` and its records.

The loader (loader.py) makes these, the checks (validate.py, images/checks.py,
videos/checks.py) add to their `Findings`, and the stages that write import them from here,
never the loader. Two kinds of artist: `models.ArtistFile` is the YAML file's model,
`ArtistRecord` the artist as the site shows them, which holds that model and adds its id,
slug and publishing state (a `Record`; pieces and flash designs likewise); `ArtistSource`
is one file as read, valid or not, for the checks across files.
"""

from __future__ import annotations

import hashlib
import os
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from ..errors import Problem
from . import models
from .yamlfile import LineMap, line_of

M = TypeVar("M", bound=models.Model)

AFTERCARE_SECTIONS = ("tattoo", "piercing")
# The studio's policies (docs/requests.md): optional; without it there is no /policies page.
POLICIES_FILE = "policies.md"
# The studio's privacy notice (docs/privacy.md): optional; without it there is no /privacy page.
PRIVACY_FILE = "privacy.md"
# The consent form's text (docs/consent.md): health questions, risks, aftercare; optional
# (without it the /consent page says the studio has no form online).
CONSENT_FILE = "consent.md"
# A Markdown file's Spanish is the file beside it: aftercare/tattoo.es.md, policies.es.md.
SPANISH_MARKDOWN = ".es.md"


def spanish_file(path: Path) -> Path:
    """aftercare/tattoo.md -> aftercare/tattoo.es.md (the Spanish of a Markdown file)."""
    return path.with_name(path.name.removesuffix(".md") + SPANISH_MARKDOWN)


def policies_version(text: str) -> str:
    """The policies' version: the first 16 hex digits of the SHA-256 of the published text
    (UTF-8). The contact form sends it with a message, so the studio knows what was read."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def stable_id(key: str) -> int:
    """A small positive id that stays the same across builds for the same key."""
    return zlib.crc32(key.encode("utf-8")) & 0x7FFFFFFF


def link_problem(found: Findings, link: Path, path: Path) -> str:
    """What to tell the editor about path, reached through the link `link` (never its target)."""
    if link == path:
        folder = found.shown_root if path.parent == found.root else found.shown(path.parent)
        return f"is a link to another file; copy the file itself into {folder}/ instead"
    return (
        f"is in {found.shown(link)}/, which is a link to another folder; "
        "copy the folder itself into content/ instead"
    )


def link_in(root: Path, path: Path) -> Path | None:
    """The first symbolic link on the way from root down to path (path included), if any.

    Nothing under content/ may be a link: a link reaches outside the folder editors commit,
    and the build would publish whatever it points to. The content folder itself may be one.
    """
    # Plain strings, not pathlib: this runs for every photo, and comparing Paths cost more
    # than the lstat calls (2,000 photos: 2.3 s profiled, now a few milliseconds).
    top = os.path.normpath(root)
    part = os.path.normpath(path)
    while part not in ("", ".", os.sep) and part != top:
        if top.startswith(part.rstrip(os.sep) + os.sep):
            return None  # above the content folder: it may itself be a link
        if os.path.islink(part):
            return Path(part)
        parent = os.path.dirname(part)
        if parent == part:
            break
        part = parent
    return None


@dataclass(frozen=True, kw_only=True)
class Record(Generic[M]):
    """One thing the site shows, from a valid entry of an editor's file: the entry's
    validated model (its fields are the record's: `artist.name` is `artist.model.name`), and
    what the build adds to it. A field added to the model is the record's at once."""

    model: M
    held: str | None = None  # why `serve` shows it though the public site leaves it out

    def __getattr__(self, name: str) -> Any:
        # Only reached for names the record itself lacks: those are the model's fields.
        model = self.__dict__.get("model")
        if model is None or name.startswith("__"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        value = getattr(model, name)
        # The model is frozen, its lists are not: a record's lists read as tuples, so no
        # later stage can change what was read.
        return tuple(value) if isinstance(value, list) else value


@dataclass(frozen=True, kw_only=True)
class ArtistRecord(Record[models.ArtistFile]):
    """One artist as the site shows them, from a valid artist file (models.ArtistFile)."""

    id: int
    slug: str


@dataclass(frozen=True)
class ArtistSource:
    """One artist file as read, valid or not: each field valid on its own, and its lines.
    The checks across files (a shared photo, the same order twice, renames) use these, so
    one bad field does not hide them."""

    slug: str
    path: Path
    values: dict[str, Any]
    lines: LineMap

    def line(self, key: str) -> int | None:
        return line_of(self.lines, (key,))


@dataclass(frozen=True, kw_only=True)
class WorkItem(Record[models.PortfolioEntry]):
    """One portfolio piece as the site shows it (models.PortfolioEntry)."""

    id: int
    artist_slug: str
    artist_name: str


@dataclass(frozen=True, kw_only=True)
class FlashItem(Record[models.FlashDesign]):
    """One flash design as the site shows it (models.FlashDesign; docs/flash.md)."""

    id: str  # "<artist-slug>/<stem>": stable across reordering and title edits
    artist_slug: str
    artist_name: str


@dataclass(frozen=True)
class Untranslated:
    """A text given in English without its Spanish (translations.py): the warning to print,
    if what it belongs to is published (owner: ("site",), ("artist", slug), ("piece", id),
    ("design", id))."""

    owner: tuple
    warning: Problem


@dataclass(frozen=True)
class FileRef:
    """One photo or video named in a content file, and where it is named."""

    folder: str  # "artists" | "work" | "flash" | "brands" (under images/) or "videos"
    name: str  # the editor's file name
    source: Path  # the YAML file that names it
    field: str  # the field as shown in messages ("photo", "piece 2, file", "videos.hero.source")
    line: int | None
    loc: tuple = ()  # where in the file's data: ("brands", 0, "logo")

    @property
    def is_video(self) -> bool:
        return self.folder == "videos"


class Findings:
    """Problems and warnings, each naming its file as the editor passed the content folder."""

    def __init__(self, root: Path, shown_root: str):
        self.root = root
        self.shown_root = shown_root.rstrip("/") or "."
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []

    def shown(self, path: Path) -> str:
        return f"{self.shown_root}/{path.relative_to(self.root).as_posix()}"

    def add(
        self,
        path: Path,
        line: int | None,
        field_: str | None,
        message: str,
        column: int | None = None,
    ) -> None:
        self.problems.append(Problem(self.shown(path), line, field_, message, column))

    def warn(self, path: Path, line: int | None, field_: str | None, message: str) -> None:
        self.warnings.append(Problem(self.shown(path), line, field_, message))


@dataclass
class Content:
    """Everything the later stages need. Valid once `problems` is empty after every check
    (pipeline.checked_content)."""

    root: Path
    site: models.SiteFile | None  # None only while site.yaml has problems
    artists: list[ArtistRecord]
    work: list[WorkItem]
    aftercare: dict[str, str]
    refs: list[FileRef] = field(default_factory=list)
    site_lines: LineMap = field(default_factory=dict)
    portfolio_files: dict[str, Path] = field(default_factory=dict)  # slug -> file
    artist_files: list[Path] = field(default_factory=list)  # every artist file, valid or not
    artist_sources: list[ArtistSource] = field(default_factory=list)  # each that was read
    findings: Findings | None = None
    flash: list[FlashItem] = field(default_factory=list)  # in artist order, then file order
    flash_files: dict[str, Path] = field(default_factory=dict)  # slug -> file
    policies: str | None = None  # policies.md's text; None without it (or when it is empty)
    # The Spanish of the Markdown (aftercare/<name>.es.md, policies.es.md), where given.
    aftercare_es: dict[str, str] = field(default_factory=dict)
    policies_es: str | None = None
    # privacy.md and privacy.es.md as written (their {{placeholders}} filled in when
    # published: content/notice.py); None without them (or when empty).
    privacy: str | None = None
    privacy_es: str | None = None
    # consent.md and consent.es.md as written (generator/content/consent.py); None without.
    consent: str | None = None
    consent_es: str | None = None
    # Every text without its Spanish; the warnings are those of what is published.
    untranslated: list[Untranslated] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.findings is None:
            self.findings = Findings(self.root, str(self.root))

    @property
    def problems(self) -> list[Problem]:
        return self.findings.problems

    @property
    def warnings(self) -> list[Problem]:
        return sorted(set(self.findings.warnings), key=Problem.sort_key)

    def image_path(self, folder: str, name: str) -> Path:
        return self.root / "images" / folder / name

    def video_path(self, name: str) -> Path:
        return self.root / "videos" / name

    def path_of(self, ref: FileRef) -> Path:
        return self.video_path(ref.name) if ref.is_video else self.image_path(ref.folder, ref.name)

    def image_refs(self) -> list[FileRef]:
        """Each photo the site uses, once, in content order (the images stage's work list)."""
        seen: set[tuple[str, str]] = set()
        unique = []
        for ref in self.refs:
            if not ref.is_video and (ref.folder, ref.name) not in seen:
                seen.add((ref.folder, ref.name))
                unique.append(ref)
        return unique


# What one item of each list is called: "hours, line 2" and "piece 2" read as people count.
LIST_ITEMS = {
    "hours": "line",
    "hours_notes": "line",
    "hours_notes_es": "line",
    "specialties": "line",
    "specialties_es": "line",
}


def field_name(loc: tuple, item: str = "piece") -> str | None:
    """A location as editors read it: "piece 2, file", "brands, item 1, logo", "videos.hero"
    (lists counted from 1, as people count); item: what one entry of a file that is a list
    is called ("piece" in a portfolio, "design" in flash)."""
    parts: list[str] = []
    for index, part in enumerate(loc):
        if isinstance(part, int):
            owner = loc[index - 1] if index else None
            noun = item if owner is None else LIST_ITEMS.get(str(owner), "item")
            parts.append(f"{', ' if parts else ''}{noun} {part + 1}")
        elif parts and isinstance(loc[index - 1], int):
            parts.append(f", {part}")
        else:
            parts.append(("." if parts else "") + str(part))
    return "".join(parts) or None
