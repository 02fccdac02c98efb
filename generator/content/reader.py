"""Stage 1a's reading of one content file, shared by every kind of file: `Reader`.

The loader (loader.py: site.yaml, the artists, aftercare and policies) and lists.py (the
files that are one list per artist: portfolios and flash) both read through one `Reader`,
which knows nothing of any kind of file: it reads a file's bytes safely (no link, a size
cap, UTF-8), parses its YAML, validates it against a model, and records every problem with
file, line and field in the `Content` it fills, with each photo or video the file names.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from . import models, translations
from .records import Content, FileRef, field_name, link_in, link_problem
from .yamlfile import LineMap, YamlDocument, line_of, parse_yaml
from .yamlhelp import value_hint

YAML_SUFFIXES = (".yaml", ".yml")
# A YAML or Markdown file of this site is a few kilobytes; the cap is checked before a byte
# is parsed, so a stray 50 MB file is refused at once instead of parsed for minutes.
MAX_TEXT_BYTES = 1024 * 1024


def text_too_large(size: int) -> str:
    return (
        f"is {size / 1_048_576:.1f} MB, over the {MAX_TEXT_BYTES // 1_048_576} MB limit for a "
        "text file in content/; check that it is the right file"
    )


def slug_message(slug: str) -> str:
    """A file named after an artist whose name is not a slug."""
    suggestion = models.suggest_slug(slug)
    return (
        f"file name '{slug}' must be a slug of lower-case letters, digits and '-' "
        f"(rename it to '{suggestion}.yaml')"
    )


def is_present(path: Path) -> bool:
    """A file, or a link in its place (reading it then says why a link is refused)."""
    return path.is_symlink() or path.is_file()


class Reader:
    """Reads the files of one content folder into `content`, noting what each names."""

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
            if loc and loc[-1] == "[key]":
                loc = loc[:-1]  # a mapping's key that is refused (deposit: {<service>: ...})
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
