"""Stage 1: read every editor file, validate it, and cross-check references.

Everything is gathered first and every problem reported at once (a ContentError holding
the whole list); nothing is written here.
"""

from __future__ import annotations

import logging
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from . import models
from .errors import ContentError, Problem
from .yamlfile import YamlSyntaxError, line_of, load_yaml

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".webp", ".gif", ".tif", ".tiff", ".avif"}
VIDEO_SUFFIXES = {".mp4", ".mov", ".m4v", ".webm", ".mkv"}
AFTERCARE_SECTIONS = ("tattoo", "piercing")
YAML_SUFFIXES = (".yaml", ".yml")
IMAGE_KINDS = ("artists", "work", "brands")


@dataclass(frozen=True)
class Artist:
    id: int
    slug: str
    name: str
    photo: str
    years_experience: int
    specialties: tuple[str, ...]
    instagram: str | None
    bio: str
    order: int


@dataclass(frozen=True)
class WorkItem:
    id: int
    file: str
    title: str
    artist_slug: str
    artist_name: str


@dataclass
class Content:
    """Everything the later stages need, validated and cross-checked."""

    root: Path
    site: models.SiteFile
    artists: list[Artist]
    work: list[WorkItem]
    aftercare: dict[str, str]
    warnings: list[Problem] = field(default_factory=list)

    def image_path(self, kind: str, name: str) -> Path:
        return self.root / "images" / kind / name

    def video_path(self, name: str) -> Path:
        return self.root / "videos" / name


def stable_id(key: str) -> int:
    """A small positive id that stays the same across builds for the same key."""
    return zlib.crc32(key.encode("utf-8")) & 0x7FFFFFFF


class _Collector:
    """Gathers problems with file names shown as the editor passed the content folder."""

    def __init__(self, root: Path, shown_root: str):
        self.root = root
        self.shown_root = shown_root.rstrip("/") or "."
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []

    def shown(self, path: Path) -> str:
        return f"{self.shown_root}/{path.relative_to(self.root).as_posix()}"

    def add(self, path: Path, line: int | None, field_: str | None, message: str) -> None:
        self.problems.append(Problem(self.shown(path), line, field_, message))

    def warn(self, path: Path, line: int | None, field_: str | None, message: str) -> None:
        self.warnings.append(Problem(self.shown(path), line, field_, message))


def load_content(root: Path | str, shown_root: str | None = None) -> Content:
    """Load and validate the content folder; raise ContentError listing every problem."""
    root = Path(root)
    out = _Collector(root, shown_root if shown_root is not None else str(root))
    if not root.is_dir():
        raise ContentError([Problem(out.shown_root, None, None, "content folder not found")])

    site, site_lines = _load_model(out, root / "site.yaml", models.SiteFile, required=True)
    artists = _load_artists(out, root)
    work = _load_portfolio(out, root, {a.slug: a for a in artists})
    aftercare = _load_aftercare(out, root)
    if site is not None:
        _check_site_files(out, root, site, site_lines)
    _check_unreferenced(out, root, artists, work, site)
    if out.problems:
        partial = Content(root, site, artists, work, aftercare) if site is not None else None
        raise ContentError(out.problems, partial)
    assert site is not None
    return Content(root, site, artists, work, aftercare, sorted(set(out.warnings)))


# --- reading -------------------------------------------------------------------------------


def _read_yaml(out: _Collector, path: Path) -> tuple[Any, dict] | None:
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        line = path.read_bytes()[: exc.start].count(b"\n") + 1
        out.add(path, line, None, "is not UTF-8 text; save it as UTF-8")
        return None
    try:
        return load_yaml(text)
    except YamlSyntaxError as exc:
        out.add(path, exc.line, None, str(exc))
        return None


def _load_model(
    out: _Collector, path: Path, model: Any, required: bool = False
) -> tuple[Any, dict]:
    """Validate one YAML file against model; return (value or None, line map)."""
    if not path.is_file():
        if required:
            out.add(path, None, None, "file is missing")
        return None, {}
    parsed = _read_yaml(out, path)
    if parsed is None:
        return None, {}
    data, lines = parsed
    try:
        return TypeAdapter(model).validate_python(data), lines
    except ValidationError as exc:
        for err in exc.errors():
            loc = tuple(err["loc"])
            out.add(path, line_of(lines, loc), _field_name(loc), _message(err, model))
        return None, lines


def _field_name(loc: tuple) -> str | None:
    parts: list[str] = []
    for part in loc:
        if isinstance(part, int):
            parts.append(f"[{part + 1}]")  # editors count list items from 1
        else:
            parts.append(("." if parts else "") + str(part))
    return "".join(parts) or None


def _model_at(model: Any, loc: tuple) -> type[BaseModel] | None:
    """The pydantic model class that owns the last key of loc (for 'allowed keys' hints)."""
    current = model
    for part in loc[:-1]:
        current = _unwrap(current)
        if isinstance(part, int):
            args = getattr(current, "__args__", ())
            current = args[0] if args else None
        elif isinstance(current, type) and issubclass(current, BaseModel):
            info = current.model_fields.get(part)
            current = info.annotation if info else None
        else:
            return None
    current = _unwrap(current)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _unwrap(tp: Any) -> Any:
    # Optional[X] / Annotated[X, ...] -> X
    for _ in range(4):
        meta = getattr(tp, "__metadata__", None)
        if meta is not None:
            tp = tp.__origin__
            continue
        args = [a for a in getattr(tp, "__args__", ()) if a is not type(None)]
        if (
            getattr(tp, "__origin__", None) is None
            and len(args) == 1
            and type(None) in getattr(tp, "__args__", ())
        ):
            tp = args[0]
            continue
        break
    return tp


def _message(err: dict, model: Any) -> str:
    kind, value, ctx = err["type"], err.get("input"), err.get("ctx") or {}
    got = models.describe(value)
    if kind == "missing":
        return "is required"
    if kind == "extra_forbidden":
        owner = _model_at(model, tuple(err["loc"]))
        allowed = ", ".join(owner.model_fields) if owner else ""
        return f"unknown key (allowed keys: {allowed})" if allowed else "unknown key"
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    if kind in ("string_type",):
        return f"must be text, got {got}"
    if kind == "string_too_short":
        return "must not be empty"
    if kind in ("list_type", "tuple_type"):
        return f"must be a list, got {got}"
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return f"must be a group of keys, got {got}"
    if kind == "too_short":
        return f"must have at least {ctx.get('min_length')} item(s)"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        limit = next(iter(ctx.values()), "")
        words = {
            "greater_than_equal": "at least",
            "less_than_equal": "at most",
            "greater_than": "more than",
            "less_than": "less than",
        }
        return f"must be {words[kind]} {limit}, got {got}"
    if kind.startswith("int"):
        return f"must be a whole number, got {got}"
    return f"{err['msg'][0].lower()}{err['msg'][1:]}, got {got}"


def _load_artists(out: _Collector, root: Path) -> list[Artist]:
    folder = root / "artists"
    if not folder.is_dir():
        out.add(folder, None, None, "folder is missing (one YAML file per artist)")
        return []
    artists: list[Artist] = []
    seen: dict[str, Path] = {}
    for path in sorted(folder.iterdir()):
        if not _is_yaml_candidate(out, path):
            continue
        slug = path.stem
        if not models.SLUG_RE.match(slug):
            out.add(path, None, None, _slug_message(slug))
            continue
        if slug in seen:
            out.add(path, None, None, f"duplicate artist slug '{slug}' (also {seen[slug].name})")
            continue
        seen[slug] = path
        data, lines = _load_model(out, path, models.ArtistFile, required=True)
        if data is None:
            continue
        artist = Artist(
            id=stable_id(f"artist:{slug}"),
            slug=slug,
            name=data.name,
            photo=data.photo,
            years_experience=data.years_experience,
            specialties=tuple(data.specialties),
            instagram=data.instagram,
            bio=data.bio,
            order=data.order,
        )
        photo = root / "images" / "artists" / data.photo
        _require_file(out, path, "photo", photo, "image", line_of(lines, ("photo",)))
        artists.append(artist)
    if not artists and not out.problems:
        out.add(folder, None, None, "no artists: add at least one artist file")
    return sorted(artists, key=lambda a: (a.order, a.name.lower(), a.slug))


def _load_portfolio(out: _Collector, root: Path, artists: dict[str, Artist]) -> list[WorkItem]:
    folder = root / "portfolio"
    if not folder.is_dir():
        return []
    items: list[WorkItem] = []
    used: dict[str, str] = {}  # lower-cased file name -> where it was first used
    for path in sorted(folder.iterdir()):
        if not _is_yaml_candidate(out, path):
            continue
        slug = path.stem
        if not models.SLUG_RE.match(slug):
            out.add(path, None, None, _slug_message(slug))
            continue
        parsed = _read_yaml(out, path)
        if parsed is None:
            continue
        data, lines = parsed
        if slug not in artists and not (root / "artists" / f"{slug}.yaml").is_file():
            known = ", ".join(_artist_file_slugs(root)) or "none"
            out.add(
                path,
                None,
                None,
                f"names artist '{slug}', but there is no artists/{slug}.yaml "
                f"(known artists: {known})",
            )
        if data is None:
            continue  # an empty file: the artist has no pieces yet
        if not isinstance(data, list):
            out.add(
                path,
                line_of(lines, ()),
                None,
                f"must be a list of pieces ('- file: ...' lines), got {models.describe(data)}",
            )
            continue
        artist = artists.get(slug)
        entry_model = TypeAdapter(models.PortfolioEntry)
        for index, raw in enumerate(data):
            # Each piece is checked on its own, so one bad piece does not hide the others' problems.
            try:
                entry = entry_model.validate_python(raw)
            except ValidationError as exc:
                for err in exc.errors():
                    loc = (index, *err["loc"])
                    out.add(
                        path,
                        line_of(lines, loc),
                        _field_name(loc),
                        _message({**err, "loc": err["loc"]}, models.PortfolioEntry),
                    )
                continue
            line = line_of(lines, (index, "file"))
            key = entry.file.lower()
            if key in used:
                out.add(
                    path,
                    line,
                    f"[{index + 1}].file",
                    f"'{entry.file}' is already used ({used[key]})",
                )
                continue
            used[key] = f"{path.name}:{line}"
            target = root / "images" / "work" / entry.file
            _require_file(out, path, f"[{index + 1}].file", target, "image", line)
            if artist is not None:
                items.append(
                    WorkItem(
                        stable_id(f"work:{entry.file}"), entry.file, entry.title, slug, artist.name
                    )
                )
    order = {a.slug: i for i, a in enumerate(artists.values())}
    return sorted(items, key=lambda w: order.get(w.artist_slug, 0))


def _load_aftercare(out: _Collector, root: Path) -> dict[str, str]:
    sections: dict[str, str] = {}
    for name in AFTERCARE_SECTIONS:
        path = root / "aftercare" / f"{name}.md"
        if not path.is_file():
            out.warn(path, None, None, "file is missing; the page shows this guide as empty")
            continue
        raw = path.read_bytes()
        try:
            sections[name] = raw.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as exc:
            out.add(
                path, raw[: exc.start].count(b"\n") + 1, None, "is not UTF-8 text; save it as UTF-8"
            )
    return sections


# --- cross-checks ----------------------------------------------------------------------------


def _check_site_files(out: _Collector, root: Path, site: models.SiteFile, lines: dict) -> None:
    path = root / "site.yaml"
    for index, brand in enumerate(site.brands):
        loc = ("brands", index, "logo")
        _require_file(
            out,
            path,
            _field_name(loc),
            root / "images" / "brands" / brand.logo,
            "image",
            line_of(lines, loc),
        )
    if site.memorial.photo:
        loc = ("memorial", "photo")
        _require_file(
            out,
            path,
            "memorial.photo",
            root / "images" / "artists" / site.memorial.photo,
            "image",
            line_of(lines, loc),
        )
    for purpose in ("intro", "hero", "studio", "piercing", "scroll_sequence"):
        files = getattr(site.videos, purpose)
        for key in ("source", "vertical"):
            name = getattr(files, key)
            if name:
                loc = ("videos", purpose, key)
                _require_file(
                    out,
                    path,
                    _field_name(loc),
                    root / "videos" / name,
                    "video",
                    line_of(lines, loc),
                )
    seq = site.videos.scroll_sequence
    if seq.end_frame < seq.start_frame:
        loc = ("videos", "scroll_sequence", "end_frame")
        out.add(
            path,
            line_of(lines, loc),
            _field_name(loc),
            f"must not be before start_frame ({seq.start_frame})",
        )
    if site.memorial.died < site.memorial.born:
        loc = ("memorial", "died")
        out.add(
            path,
            line_of(lines, loc),
            "memorial.died",
            f"must not be before born ({site.memorial.born})",
        )


def _require_file(
    out: _Collector, path: Path, field_: str | None, target: Path, kind: str, line: int | None
) -> None:
    folder = target.parent
    if target.is_file():
        suffixes = IMAGE_SUFFIXES if kind == "image" else VIDEO_SUFFIXES
        if target.suffix.lower() not in suffixes:
            allowed = ", ".join(sorted(suffixes))
            out.add(
                path,
                line,
                field_,
                f"'{target.name}' is not a supported {kind} type (use {allowed})",
            )
        return
    hint = ""
    if folder.is_dir():
        near = [p.name for p in folder.iterdir() if p.name.lower() == target.name.lower()]
        if near:
            hint = f" (did you mean '{near[0]}'? names are case-sensitive)"
    out.add(path, line, field_, f"{kind} '{target.name}' not found in {out.shown(folder)}/{hint}")


def _check_unreferenced(
    out: _Collector, root: Path, artists: list[Artist], work: list[WorkItem], site: Any
) -> None:
    used = {("work", w.file) for w in work} | {("artists", a.photo) for a in artists}
    if site is not None:
        used |= {("brands", b.logo) for b in site.brands}
        if site.memorial.photo:
            used.add(("artists", site.memorial.photo))
    for kind in IMAGE_KINDS:
        folder = root / "images" / kind
        if not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            if path.name.startswith("."):
                continue
            if (kind, path.name) not in used:
                out.warn(path, None, None, "not used by any content file; it is not published")


def _is_yaml_candidate(out: _Collector, path: Path) -> bool:
    if path.name.startswith("."):
        return False  # .DS_Store and editor swap files
    if path.suffix.lower() not in YAML_SUFFIXES:
        out.warn(path, None, None, "ignored: only .yaml files are read here")
        return False
    return path.is_file()


def _artist_file_slugs(root: Path) -> list[str]:
    """Every artist file's slug, including files that failed validation (they still exist)."""
    folder = root / "artists"
    paths = folder.iterdir() if folder.is_dir() else []
    yaml_files = (p for p in paths if p.suffix.lower() in YAML_SUFFIXES)
    return sorted({p.stem for p in yaml_files if models.SLUG_RE.match(p.stem)})


def _slug_message(slug: str) -> str:
    suggestion = re.sub(r"[^a-z0-9]+", "-", slug.lower()).strip("-")
    return (
        f"file name '{slug}' must be a slug of lower-case letters, digits and '-' "
        f"(rename it to '{suggestion}.yaml')"
    )
