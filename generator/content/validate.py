"""Stage 1b: every rule that spans files, checked before writing.

`validate` adds to `content.problems` and `content.warnings`; it never raises and never
writes. What is inside the photos and videos is checked next to them (images/checks.py,
videos/checks.py); pipeline.gather runs all of these before anything is written, so an
editor sees every problem of every kind in one run, and after them an empty
`content.problems` means the build can only fail for reasons outside the editors' files (a
tool missing, a disk full). The rules here:

- each file a content file names exists, with a supported type ("did you mean" the
  nearest name when it does not);
- reserved artist slugs, portfolio and flash files without an artist, a photo used twice,
  two flash designs of one artist with one id (flash.py), former names (previous_slugs)
  that lead to one artist only;
- numbers that must agree (frames, memorial years, the deposit's reminder before its expiry).

Warnings, for what the site shows but not as meant: files nobody uses (not published), two
artists with one order or one profile photo, a Markdown table without its line of dashes,
an artist without a portfolio file, a text without its Spanish (translations.py: only of what
is published).
"""

from __future__ import annotations

import logging
import re
from collections import defaultdict
from pathlib import Path

from . import models
from .consent import check_consent
from .flash import check_flash
from .notice import check_notice
from .records import (
    CONSENT_FILE,
    POLICIES_FILE,
    PRIVACY_FILE,
    ArtistSource,
    Content,
    FileRef,
    link_in,
    link_problem,
    spanish_file,
)
from .translations import translation_warnings
from .yamlfile import line_of

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".webp", ".gif", ".tif", ".tiff", ".avif"}
VIDEO_SUFFIXES = {".mp4", ".mov", ".m4v", ".webm", ".mkv"}
IMAGE_FOLDERS = ("artists", "work", "flash", "brands")
# The folders whose photos are each shown once: a portfolio piece, a flash design.
ONE_USE_FOLDERS = ("work", "flash")
# Far above any photo or video a phone or camera makes; checked before a byte is read.
MAX_IMAGE_BYTES = 200 * 1024 * 1024
MAX_VIDEO_BYTES = 4 * 1024 * 1024 * 1024


def validate(content: Content) -> list[FileRef]:
    """Check content (as the loader read it); record what is wrong in it. Return the
    references whose files are there, of a supported type and size: the media checks
    (images/checks.py, videos/checks.py) look inside those."""
    present = _check_references(content)
    _check_slugs(content)
    _check_previous_slugs(content)
    _check_portfolios(content)
    check_flash(content)
    _check_artists_apart(content)
    _check_site_numbers(content)
    _check_markdown(content)
    check_notice(content)
    check_consent(content)
    _check_unused(content)
    content.findings.warnings.extend(translation_warnings(content))
    return present


def _check_references(content: Content) -> list[FileRef]:
    """Every named file exists with a supported type; return the refs that do."""
    present = []
    for ref in content.refs:
        target = content.path_of(ref)
        kind = "video" if ref.is_video else "image"
        link = link_in(content.root, target)
        if link is not None:
            problem = link_problem(content.findings, link, target)
            _add(content, ref, f"{kind} '{ref.name}' {problem}")
            continue
        if not target.is_file():
            _add(content, ref, f"{kind} '{ref.name}' not found in {_shown_folder(content, target)}")
            continue
        suffixes = VIDEO_SUFFIXES if ref.is_video else IMAGE_SUFFIXES
        if target.suffix.lower() not in suffixes:
            allowed = ", ".join(sorted(suffixes))
            _add(content, ref, f"'{ref.name}' is not a supported {kind} type (use {allowed})")
            continue
        limit = MAX_VIDEO_BYTES if ref.is_video else MAX_IMAGE_BYTES
        size = target.stat().st_size
        if size > limit:
            _add(
                content,
                ref,
                f"{kind} '{ref.name}' is {size / 2**20:,.0f} MB, over the limit of "
                f"{limit / 2**20:,.0f} MB; export a smaller copy",
            )
            continue
        present.append(ref)
    return present


def _shown_folder(content: Content, target: Path) -> str:
    folder = target.parent
    hint = ""
    if folder.is_dir():
        names = [p.name for p in folder.iterdir() if not p.name.startswith(".")]
        near = [name for name in names if name.lower() == target.name.lower()]
        if near:
            hint = f" (did you mean '{near[0]}'? names are case-sensitive)"
        elif meant := _nearest_name(target.name, names):
            hint = f" (did you mean '{meant}'?)"
    return f"{content.findings.shown(folder)}/{hint}"


def _nearest_name(name: str, names: list[str]) -> str | None:
    """The file an editor most likely meant: 'rose.jpeg' -> 'rose.jpg', 'rosa1.jpg' ->
    'rosa-1.jpg' (names compared in lower case, as people read them)."""
    by_lower = {n.lower(): n for n in sorted(names)}
    meant = models.closest(name.lower(), by_lower)
    return by_lower[meant] if meant else None


def _add(content: Content, ref: FileRef, message: str) -> None:
    content.findings.add(ref.source, ref.line, ref.field, message)


def _check_slugs(content: Content) -> None:
    names = {a.slug: a.name for a in content.artists}
    for path in content.artist_files:
        reason = models.RESERVED_SLUGS.get(path.stem)
        if reason:
            better = models.suggest_slug(names.get(path.stem, "")) or "firstname-lastname"
            content.findings.add(
                path,
                1,
                None,
                f"'{path.stem}' cannot be an artist's file name: {reason}; "
                f"rename the file after the artist, e.g. '{better}.yaml'",
            )


def _check_previous_slugs(content: Content) -> None:
    """Former names (previous_slugs) each lead to one artist, and never hide a current one."""
    current = {source.slug for source in content.artist_sources}
    claimed: dict[str, str] = {}
    for source in content.artist_sources:
        line = source.line("previous_slugs")
        for old in source.values.get("previous_slugs", []):
            if old == source.slug:
                message = f"'{old}' is this artist's file name now; list only former names"
            elif old in current:
                message = (
                    f"'{old}' is the file name of another artist (artists/{old}.yaml); "
                    "a former name can lead to one page only"
                )
            elif old in models.RESERVED_SLUGS:
                message = f"'{old}' cannot be a former name: {models.RESERVED_SLUGS[old]}"
            elif old in claimed:
                message = (
                    f"'{old}' is also a former name of {claimed[old]}; a former name can "
                    "lead to one artist only"
                )
            else:
                claimed[old] = f"artists/{source.path.name}"
                continue
            content.findings.add(source.path, line, "previous_slugs", message)


def _check_portfolios(content: Content) -> None:
    artist_slugs = {p.stem for p in content.artist_files}
    renamed: dict[str, str] = {}  # former name -> the first artist listing it
    for source in content.artist_sources:
        for old in source.values.get("previous_slugs", []):
            renamed.setdefault(old, source.slug)
    known = sorted(s for s in artist_slugs if models.SLUG_RE.match(s))
    lists = [*content.portfolio_files.items(), *content.flash_files.items()]
    for slug, path in lists:
        if slug in artist_slugs:
            continue
        if slug in renamed:
            message = (
                f"names artist '{slug}', which is now '{renamed[slug]}' (previous_slugs in "
                f"artists/{renamed[slug]}.yaml): rename this file to {renamed[slug]}.yaml"
            )
        else:
            meant = models.closest(slug, known)
            hint = f"did you mean {meant}? " if meant else ""
            message = (
                f"names artist '{slug}', but there is no artists/{slug}.yaml "
                f"({hint}known artists: {', '.join(known) or 'none'})"
            )
        content.findings.add(path, None, None, message)
    # (folder, lower-cased file name) -> where it was first used
    first_use: dict[tuple[str, str], FileRef] = {}
    for ref in content.refs:
        if ref.folder not in ONE_USE_FOLDERS:
            continue
        key = (ref.folder, ref.name.lower())
        if key in first_use:
            first = first_use[key]
            _add(content, ref, f"'{ref.name}' is already used ({first.source.name}:{first.line})")
        else:
            first_use[key] = ref


# What two artists must not share, and what to say to the second one (where: the first).
_SHARED = {
    "order": lambda value, where: (
        f"{value} is also the order of {where}, so the carousel sorts the two by name: give "
        "each artist a number of their own"
    ),
    "photo": lambda value, where: (
        f"'{value}' is also the photo of {where}: give each artist their own photo"
    ),
}


def _check_artists_apart(content: Content) -> None:
    """Warnings: two artists sharing an order or a profile photo, an artist without pieces."""
    for key, say in _SHARED.items():
        groups: dict[str, list] = defaultdict(list)
        for source in content.artist_sources:
            if key in source.values:
                groups[str(source.values[key]).lower()].append(source)
        for first, *others in groups.values():
            where = f"{_who(first)} ({first.path.name}:{first.line(key)})"
            for source in others:
                message = say(source.values[key], where)
                content.findings.warn(source.path, source.line(key), key, message)
    for source in content.artist_sources:
        if source.slug not in content.portfolio_files:
            content.findings.warn(
                source.path,
                None,
                None,
                f"has no portfolio file, so {_who(source)}'s portfolio page shows no work: add "
                f"portfolio/{source.slug}.yaml (lines of '- file: photo.jpg' and '  title: ...')",
            )


def _who(source: ArtistSource) -> str:
    return source.values.get("name") or source.slug


def _check_site_numbers(content: Content) -> None:
    site = content.site
    if site is None:
        return
    path = content.root / "site.yaml"
    lines = content.site_lines
    seq = site.videos.scroll_sequence
    if seq.end_frame < seq.start_frame:
        loc = ("videos", "scroll_sequence", "end_frame")
        content.findings.add(
            path,
            line_of(lines, loc),
            "videos.scroll_sequence.end_frame",
            f"must not be before start_frame ({seq.start_frame})",
        )
    if site.deposit_expiry_days <= site.deposit_reminder_days:
        # The reminder must go out while the deposit can still be paid (docs/requests.md).
        content.findings.add(
            path,
            line_of(lines, ("deposit_expiry_days",)) or line_of(lines, ("deposit_reminder_days",)),
            "deposit_expiry_days",
            f"must be more than deposit_reminder_days ({site.deposit_reminder_days}): the "
            "reminder goes out before the request expires",
        )
    # The studio's Decline form tells its reasons apart by their labels.
    seen: dict[str, int] = {}
    for index, reason in enumerate(site.decline_reasons):
        key = reason.label.casefold()
        if key in seen:
            content.findings.add(
                path,
                line_of(lines, ("decline_reasons", index, "label")),
                f"decline_reasons, item {index + 1}, label",
                f"'{reason.label}' is also the label of item {seen[key] + 1}: give each "
                "reason a label of its own",
            )
        seen.setdefault(key, index)
    if site.memorial.died < site.memorial.born:
        content.findings.add(
            path,
            line_of(lines, ("memorial", "died")),
            "memorial.died",
            f"must not be before born ({site.memorial.born})",
        )


# A GitHub-flavoured Markdown table needs a line of dashes under its first row; without it,
# remark-gfm (the site's renderer) shows the rows as plain text with the | characters.
_TABLE_ROW = re.compile(r"^ {0,3}\|")
_DELIMITER_CELL = re.compile(r":?-+:?")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def _is_delimiter_row(line: str) -> bool:
    """|---|:--:| and the like (cell by cell: a single pattern with blanks on both sides of
    each | is quadratic on a long run of blanks, and the guides may hold any text)."""
    cells = line.strip().removeprefix("|").removesuffix("|").split("|")
    return all(_DELIMITER_CELL.fullmatch(cell.strip()) for cell in cells)


def _markdown_files(content: Content) -> list[tuple[Path, str]]:
    """The Markdown the site publishes: the aftercare guides, the policies, the privacy notice, each
    followed by its Spanish where there is one."""
    files = []
    for name, text in content.aftercare.items():
        files.append((content.root / "aftercare" / f"{name}.md", text))
        if name in content.aftercare_es:
            spanish = spanish_file(content.root / "aftercare" / f"{name}.md")
            files.append((spanish, content.aftercare_es[name]))
    if content.policies is not None:
        files.append((content.root / POLICIES_FILE, content.policies))
        if content.policies_es is not None:
            spanish = spanish_file(content.root / POLICIES_FILE)
            files.append((spanish, content.policies_es))
    if content.privacy is not None:
        files.append((content.root / PRIVACY_FILE, content.privacy))
        if content.privacy_es is not None:
            files.append((spanish_file(content.root / PRIVACY_FILE), content.privacy_es))
    if content.consent is not None:
        files.append((content.root / CONSENT_FILE, content.consent))
        if content.consent_es is not None:
            files.append((spanish_file(content.root / CONSENT_FILE), content.consent_es))
    return files


def _check_markdown(content: Content) -> None:
    for path, text in _markdown_files(content):
        lines = text.splitlines()
        fenced, previous_is_row = False, False
        for number, line in enumerate(lines, start=1):
            if _FENCE.match(line):
                fenced = not fenced
            is_row = not fenced and bool(_TABLE_ROW.match(line))
            if is_row and not previous_is_row and number < len(lines):
                below = lines[number]
                if _TABLE_ROW.match(below) and not _is_delimiter_row(below):
                    columns = max(1, line.strip().strip("|").count("|") + 1)
                    dashes = "|" + "---|" * columns
                    content.findings.warn(
                        path,
                        number,
                        None,
                        "this table has no line of dashes under its first row, so the page "
                        f"shows it as plain text: add the line {dashes} below this one",
                    )
            previous_is_row = is_row


def _check_unused(content: Content) -> None:
    """Files in the media folders that no content file names: not published, said so."""
    used = {(ref.folder, ref.name) for ref in content.refs}
    unused_image = "not used by any content file; it is not published"
    for folder in IMAGE_FOLDERS:
        for path in _visible_files(content.root / "images" / folder, files_only=False):
            if (folder, path.name) not in used:
                content.findings.warn(path, None, None, unused_image)
    for path in _visible_files(content.root / "videos"):
        if ("videos", path.name) not in used:
            message = "not used in site.yaml (videos:); it is not published"
            content.findings.warn(path, None, None, message)


def _visible_files(folder: Path, files_only: bool = True) -> list[Path]:
    if not folder.is_dir():
        return []
    return [
        p
        for p in sorted(folder.iterdir())
        if not p.name.startswith(".") and (p.is_file() or not files_only)
    ]
