"""Stage 1a: read every editor file into typed records, noting every file it names.

Reading never stops at the first problem: a file that cannot be read or does not fit its
model is recorded as a Problem and the rest is read anyway. Within a file too: a syntax
mistake with a one-line fix is corrected and the file read on (yamlfile.parse_yaml), and a
field that does not fit leaves the other fields checked, the photos it names included
(`models.valid_value`). What is read, the problems and the references to photos and videos
(with the line that names each) travel together in one `Content` (records.py); `validate.py`
then checks everything that spans files.
"""

from __future__ import annotations

import errno
import logging
import os
import stat
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from ..errors import Problem
from . import lists, models, translations
from .lists import slug_message
from .records import (
    AFTERCARE_SECTIONS,
    POLICIES_FILE,
    ArtistRecord,
    ArtistSource,
    Content,
    FileRef,
    Findings,
    field_name,
    link_in,
    link_problem,
    spanish_file,
    stable_id,
)
from .yamlfile import LineMap, YamlDocument, line_of, parse_yaml
from .yamlhelp import value_hint

log = logging.getLogger(__name__)

YAML_SUFFIXES = (".yaml", ".yml")
# A YAML or Markdown file of this site is a few kilobytes; the cap is checked before a byte
# is parsed, so a stray 50 MB file is refused at once instead of parsed for minutes.
MAX_TEXT_BYTES = 1024 * 1024


def text_too_large(size: int) -> str:
    return (
        f"is {size / 1_048_576:.1f} MB, over the {MAX_TEXT_BYTES // 1_048_576} MB limit for a "
        "text file in content/; check that it is the right file"
    )


def load_content(root: Path | str, shown_root: str | None = None) -> Content:
    """Read the content folder; every problem found is kept in `content.problems`."""
    root = Path(root)
    found = Findings(root, shown_root if shown_root is not None else str(root))
    content = Content(root, None, [], [], {}, findings=found)
    if not root.is_dir():
        found.problems.append(Problem(found.shown_root, None, None, "content folder not found"))
        return content
    reader = _Reader(content)
    reader.site()
    reader.artists()
    lists.read_portfolios(reader)
    lists.read_flash(reader)
    reader.aftercare()
    reader.policies()
    return content


class _Reader:
    def __init__(self, content: Content):
        self.content = content
        self.root = content.root
        self.found = content.findings

    def refer(
        self,
        folder: str,
        data: Any,
        source: Path,
        loc: tuple,
        lines: LineMap,
        item: str = "piece",
    ) -> None:
        """Note the file named at loc in data (as read, valid or not) when the name itself is
        valid: a bad name is the model's problem, a good one is checked even when other
        fields of the file are wrong."""
        value = data
        for part in loc:
            if isinstance(part, int):
                if not isinstance(value, list) or part >= len(value):
                    return
            elif not isinstance(value, dict) or part not in value:
                return
            value = value[part]
        name = models.valid_file_name(value)
        if name is not None:
            self.content.refs.append(
                FileRef(folder, name, source, field_name(loc, item), line_of(lines, loc), loc)
            )

    # --- site.yaml -----------------------------------------------------------------------

    def site(self) -> None:
        path = self.root / "site.yaml"
        site, document = self.model(path, models.SiteFile, required=True)
        self.content.site = site
        if document is None:
            return
        data, lines = document.data, document.lines
        self.content.site_lines = lines
        self.translations(path, models.SiteFile, data, lines, translations.SITE)
        brands = data.get("brands") if isinstance(data, dict) else None
        for index in range(len(brands) if isinstance(brands, list) else 0):
            self.refer("brands", data, path, ("brands", index, "logo"), lines)
        self.refer("artists", data, path, ("memorial", "photo"), lines)
        # Every video site.yaml names, the scroll sequence's included: a file that is not a
        # reference would skip every check (missing, link, size, readability).
        for purpose in models.SITE_VIDEOS:
            for key in ("source", "vertical"):
                self.refer("videos", data, path, ("videos", purpose, key), lines)

    # --- artists/<slug>.yaml ---------------------------------------------------------------

    def artists(self) -> None:
        folder = self.root / "artists"
        if not folder.is_dir():
            self.found.add(folder, None, None, "folder is missing (one YAML file per artist)")
            return
        artists: list[ArtistRecord] = []
        seen: dict[str, Path] = {}
        for path in sorted(folder.iterdir()):
            if not self.is_yaml_candidate(path):
                continue
            self.content.artist_files.append(path)
            slug = path.stem
            if not models.SLUG_RE.match(slug):
                self.found.add(path, None, None, slug_message(slug))
                continue
            if slug in seen:
                message = f"duplicate artist slug '{slug}' (also {seen[slug].name})"
                self.found.add(path, None, None, message)
                continue
            seen[slug] = path
            data, document = self.model(path, models.ArtistFile, required=True)
            if document is None:
                continue
            raw, lines = document.data, document.lines
            values = (
                data.model_dump()
                if data is not None
                else {
                    key: value
                    for key in models.ArtistFile.model_fields
                    if (value := models.valid_value(models.ArtistFile, raw, key)) is not None
                }
            )
            self.content.artist_sources.append(ArtistSource(slug, path, values, lines))
            self.refer("artists", raw, path, ("photo",), lines)
            self.translations(
                path, models.ArtistFile, raw, lines, ("artist", slug) if data else None
            )
            if data is None:
                continue
            artists.append(
                ArtistRecord(
                    id=stable_id(f"artist:{slug}"),
                    slug=slug,
                    name=data.name,
                    photo=data.photo,
                    years_experience=data.years_experience,
                    specialties=tuple(data.specialties),
                    instagram=data.instagram,
                    bio=data.bio,
                    order=data.order,
                    previous_slugs=tuple(data.previous_slugs),
                    alt=data.alt,
                    draft=data.draft,
                    publish_at=data.publish_at,
                    books=data.books,
                    books_note=data.books_note,
                    bio_es=data.bio_es,
                    specialties_es=tuple(data.specialties_es),
                    books_note_es=data.books_note_es,
                    alt_es=data.alt_es,
                )
            )
        if not artists and not self.found.problems:
            self.found.add(folder, None, None, "no artists: add at least one artist file")
        self.content.artists = sorted(artists, key=lambda a: (a.order, a.name.lower(), a.slug))

    # --- aftercare/*.md --------------------------------------------------------------------

    def aftercare(self) -> None:
        for name in AFTERCARE_SECTIONS:
            path = self.root / "aftercare" / f"{name}.md"
            text = None
            if not is_present(path):
                self.found.warn(
                    path, None, None, "file is missing; the page shows this guide as empty"
                )
            else:
                text = self.read_text(path)
                if text is not None:
                    text = self.content.aftercare[name] = text.removeprefix("\ufeff")
            spanish = self.spanish_markdown(path, text)
            if spanish is not None:
                self.content.aftercare_es[name] = spanish

    # --- policies.md -----------------------------------------------------------------------

    def policies(self) -> None:
        """The studio's policies: optional (no file, no /policies page; `check --launch` warns)."""
        path = self.root / POLICIES_FILE
        text = self.read_text(path) if is_present(path) else None
        if text is not None:
            text = text.removeprefix("\ufeff")
            if not text.strip():
                self.found.warn(path, None, None, "is empty, so the site has no /policies page")
            else:
                self.content.policies = text
        self.content.policies_es = self.spanish_markdown(path, self.content.policies)

    def spanish_markdown(self, path: Path, english: str | None) -> str | None:
        """The Spanish beside a Markdown file (tattoo.es.md beside tattoo.md), read by the
        same rules, when it holds text; a missing one is a warning (translations.py)."""
        spanish_path = spanish_file(path)
        spanish = None
        if is_present(spanish_path):
            spanish = self.read_text(spanish_path)
            if spanish is not None:
                spanish = spanish.removeprefix("\ufeff")
        self.content.untranslated += translations.markdown(
            self.found, path, english, spanish_path, spanish
        )
        return spanish if spanish is not None and spanish.strip() else None

    def translations(
        self,
        path: Path,
        model: Any,
        data: Any,
        lines: LineMap,
        owner: tuple | None,
        loc: tuple = (),
        item: str = "piece",
    ) -> None:
        """The X_es fields of one mapping as read (translations.scan)."""
        self.content.untranslated += translations.scan(
            self.found, path, model, data, lines, loc, owner, item
        )

    # --- reading ---------------------------------------------------------------------------

    def read_text(self, path: Path) -> str | None:
        """The file's text, or None with a problem recorded (link, too large, not UTF-8)."""
        raw = self.read_capped(path)
        if raw is None:
            return None
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            self.found.add(path, line, None, "is not UTF-8 text; save it as UTF-8")
            return None

    def read_capped(self, path: Path) -> bytes | None:
        """At most MAX_TEXT_BYTES of a regular file inside the content folder, never a link."""
        link = link_in(self.root, path)
        if link is not None:
            self.found.add(path, 1, None, link_problem(self.found, link, path))
            return None
        try:
            # O_NOFOLLOW: a link swapped in after the check above is refused all the same;
            # O_NONBLOCK: a FIFO named like a content file cannot hang the build.
            flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
            handle = os.fdopen(os.open(path, flags), "rb")
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                self.found.add(path, 1, None, link_problem(self.found, path, path))
            else:
                self.found.add(path, 1, None, f"cannot be read ({exc.strerror})")
            return None
        with handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                self.found.add(path, 1, None, "is not a regular file")
                return None
            raw = handle.read(MAX_TEXT_BYTES + 1)
        if info.st_size > MAX_TEXT_BYTES or len(raw) > MAX_TEXT_BYTES:
            self.found.add(path, 1, None, text_too_large(max(info.st_size, len(raw))))
            return None
        return raw

    def read_yaml(self, path: Path, model: Any) -> YamlDocument | None:
        """The file's YAML, syntax problems recorded; None when it cannot be read at all."""
        text = self.read_text(path)
        if text is None:
            return None
        document = parse_yaml(text, models.keys_of(model))
        for problem in document.problems:
            self.found.add(path, problem.line, None, problem.message, problem.column)
        for note in document.notes:
            self.found.warn(path, note.line, None, note.message)
        return document if document.readable else None

    def model(
        self, path: Path, model: Any, required: bool = False
    ) -> tuple[Any, YamlDocument | None]:
        """Validate one YAML file against model; return (value or None, the file as read)."""
        if not is_present(path):
            if required:
                self.found.add(path, None, None, "file is missing")
            return None, None
        document = self.read_yaml(path, model)
        if document is None:
            return None, None
        try:
            value = TypeAdapter(model).validate_python(document.data)
        except ValidationError as exc:
            self.schema_problems(path, document, exc, model)
            return None, document
        # Corrected syntax: the fields are checked, but the file is not valid yet.
        return (None if document.problems else value), document

    def schema_problems(
        self,
        path: Path,
        document: YamlDocument,
        exc: ValidationError,
        model: Any,
        prefix: tuple = (),
        item: str = "piece",
    ) -> None:
        for err in exc.errors():
            loc = (*prefix, *err["loc"])
            line = line_of(document.lines, loc)
            message = models.message(err, model)
            if line is not None and line <= len(document.text_lines) and err["type"] != "missing":
                text = document.text_lines[line - 1]
                expects_text = err["type"] == "string_type"
                message = value_hint(err.get("input"), text, expects_text) or message
            self.found.add(path, line, field_name(loc, item), message)

    def is_yaml_candidate(self, path: Path) -> bool:
        if path.name.startswith("."):
            return False  # .DS_Store and editor swap files
        if path.suffix.lower() not in YAML_SUFFIXES:
            self.found.warn(path, None, None, "ignored: only .yaml files are read here")
            return False
        return is_present(path)


def is_present(path: Path) -> bool:
    """A file, or a link in its place (reading it then says why a link is refused)."""
    return path.is_symlink() or path.is_file()
