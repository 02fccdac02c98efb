"""Stage 1a: read every editor file into typed records, noting every file it names.

Reading never stops at the first problem: a file that cannot be read or does not fit its
model is recorded as a Problem and the rest is read anyway. Within a file too: a syntax
mistake with a one-line fix is corrected and the file read on (yamlfile.parse_yaml), and a
field that does not fit leaves the other fields checked, the photos it names included
(`models.valid_value`). What is read, the problems and the references to photos and videos
(with the line that names each) travel together in one `Content` (records.py); `validate.py`
then checks everything that spans files.

This module reads site.yaml, the artists, aftercare and the policies; lists.py the files
that are one list per artist (portfolios, flash). Both read through one `reader.Reader`.
"""

from __future__ import annotations

import logging
from pathlib import Path

from ..errors import Problem
from . import models, translations
from .lists import read_flash, read_portfolios
from .reader import Reader, is_present, slug_message
from .records import (
    AFTERCARE_SECTIONS,
    CONSENT_FILE,
    POLICIES_FILE,
    PRIVACY_FILE,
    ArtistRecord,
    ArtistSource,
    Content,
    Findings,
    spanish_file,
    stable_id,
)

log = logging.getLogger(__name__)


def load_content(root: Path | str, shown_root: str | None = None) -> Content:
    """Read the content folder; every problem found is kept in `content.problems`."""
    root = Path(root)
    found = Findings(root, shown_root if shown_root is not None else str(root))
    content = Content(root, None, [], [], {}, findings=found)
    if not root.is_dir():
        found.problems.append(Problem(found.shown_root, None, None, "content folder not found"))
        return content
    reader = Reader(content)
    read_site(reader)
    read_artists(reader)
    read_portfolios(reader)
    read_flash(reader)
    read_aftercare(reader)
    read_policies(reader)
    read_privacy(reader)
    read_consent(reader)
    return content


def read_site(reader: Reader) -> None:
    """site.yaml."""
    path = reader.root / "site.yaml"
    site, document = reader.model(path, models.SiteFile, required=True)
    reader.content.site = site
    if document is None:
        return
    data, lines = document.data, document.lines
    reader.content.site_lines = lines
    reader.translations(path, models.SiteFile, data, lines, translations.SITE)
    brands = data.get("brands") if isinstance(data, dict) else None
    for index in range(len(brands) if isinstance(brands, list) else 0):
        reader.refer("brands", data, path, ("brands", index, "logo"), lines)
    reader.refer("artists", data, path, ("memorial", "photo"), lines)
    # Every video site.yaml names, the scroll sequence's included: a file that is not a
    # reference would skip every check (missing, link, size, readability).
    for purpose in models.SITE_VIDEOS:
        for key in ("source", "vertical"):
            reader.refer("videos", data, path, ("videos", purpose, key), lines)


def read_artists(reader: Reader) -> None:
    """artists/<slug>.yaml: each valid file becomes an `ArtistRecord` holding its model."""
    found, content = reader.found, reader.content
    folder = reader.root / "artists"
    if not folder.is_dir():
        found.add(folder, None, None, "folder is missing (one YAML file per artist)")
        return
    artists: list[ArtistRecord] = []
    seen: dict[str, Path] = {}
    for path in sorted(folder.iterdir()):
        if not reader.is_yaml_candidate(path):
            continue
        content.artist_files.append(path)
        slug = path.stem
        if not models.SLUG_RE.match(slug):
            found.add(path, None, None, slug_message(slug))
            continue
        if slug in seen:
            found.add(path, None, None, f"duplicate artist slug '{slug}' (also {seen[slug].name})")
            continue
        seen[slug] = path
        data, document = reader.model(path, models.ArtistFile, required=True)
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
        content.artist_sources.append(ArtistSource(slug, path, values, lines))
        reader.refer("artists", raw, path, ("photo",), lines)
        reader.translations(path, models.ArtistFile, raw, lines, ("artist", slug) if data else None)
        if data is not None:
            artists.append(ArtistRecord(model=data, id=stable_id(f"artist:{slug}"), slug=slug))
    if not artists and not found.problems:
        found.add(folder, None, None, "no artists: add at least one artist file")
    content.artists = sorted(artists, key=lambda a: (a.order, a.name.lower(), a.slug))


def read_aftercare(reader: Reader) -> None:
    """aftercare/<section>.md and their Spanish."""
    for name in AFTERCARE_SECTIONS:
        path = reader.root / "aftercare" / f"{name}.md"
        text = None
        if not is_present(path):
            reader.found.warn(
                path, None, None, "file is missing; the page shows this guide as empty"
            )
        else:
            text = reader.read_text(path)
            if text is not None:
                text = reader.content.aftercare[name] = text.removeprefix("\ufeff")
        spanish = spanish_markdown(reader, path, text)
        if spanish is not None:
            reader.content.aftercare_es[name] = spanish


def read_policies(reader: Reader) -> None:
    """The studio's policies: optional (no file, no /policies page; `check --launch` warns)."""
    content = reader.content
    content.policies, content.policies_es = read_page_markdown(reader, POLICIES_FILE, "/policies")


def read_privacy(reader: Reader) -> None:
    """The studio's privacy notice: optional (no file, no /privacy page; `check --launch`
    warns). Its placeholders are checked against site.yaml by notice.py."""
    content = reader.content
    content.privacy, content.privacy_es = read_page_markdown(reader, PRIVACY_FILE, "/privacy")


def read_consent(reader: Reader) -> None:
    """The consent form's text: optional (no file, no form online; `check --launch` warns).
    Its questions are checked by consent.py."""
    content = reader.content
    content.consent, content.consent_es = read_page_markdown(reader, CONSENT_FILE, "/consent")


def read_page_markdown(reader: Reader, name: str, page: str) -> tuple[str | None, str | None]:
    """A Markdown file that is a page of its own when it holds text, and its Spanish."""
    path = reader.root / name
    text = reader.read_text(path) if is_present(path) else None
    if text is not None:
        text = text.removeprefix("\ufeff")
        if not text.strip():
            reader.found.warn(path, None, None, f"is empty, so the site has no {page} page")
            text = None
    return text, spanish_markdown(reader, path, text)


def spanish_markdown(reader: Reader, path: Path, english: str | None) -> str | None:
    """The Spanish beside a Markdown file (tattoo.es.md beside tattoo.md), read by the
    same rules, when it holds text; a missing one is a warning (translations.py)."""
    spanish_path = spanish_file(path)
    spanish = None
    if is_present(spanish_path):
        spanish = reader.read_text(spanish_path)
        if spanish is not None:
            spanish = spanish.removeprefix("\ufeff")
    reader.content.untranslated += translations.markdown(
        reader.found, path, english, spanish_path, spanish
    )
    return spanish if spanish is not None and spanish.strip() else None
