"""Domain errors. They know nothing about the command line; build.py turns them into messages."""

from __future__ import annotations

import errno
from dataclasses import dataclass
from os import PathLike


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the content, located as precisely as we can."""

    file: str
    line: int | None
    field: str | None
    message: str
    column: int | None = None  # only where the culprit cannot be seen (a Tab, a control code)

    @property
    def location(self) -> str:
        """file:line:column, as far as known (editors open file:line links)."""
        if self.line is None:
            return self.file
        return f"{self.file}:{self.line}" + (f":{self.column}" if self.column else "")

    @property
    def detail(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message

    def __str__(self) -> str:
        return f"{self.location}: {self.detail}"

    def to_dict(self) -> dict[str, str]:
        return {"where": self.location, "detail": self.detail}

    def sort_key(self) -> tuple:
        """File, then line and column (a whole-file problem first), then field."""
        return (self.file, self.line or 0, self.column or 0, self.field or "", self.message)


class SiteError(Exception):
    """Base of every error the generator raises on purpose."""


class ContentError(SiteError):
    """The editors' files have one or more problems; all of them are listed."""

    def __init__(self, problems: list[Problem], warnings: list[Problem] | None = None):
        # The message last too: two problems on one line come out in the same order every run.
        self.problems = sorted(set(problems), key=Problem.sort_key)
        self.warnings = list(warnings or [])  # found on the way; `check` prints them too
        super().__init__("\n".join(str(p) for p in self.problems))


class BuildError(SiteError):
    """The build itself failed (a tool missing, an output check failed)."""


class WriteError(BuildError):
    """A file or folder of the output could not be written: a full disk, a read-only folder,
    no permission. One line naming the path and the reason; the previous output stays."""

    def __init__(self, path: str | PathLike[str], error: OSError):
        self.path = str(path)
        self.reason = error.strerror or str(error)
        super().__init__(f"cannot write {self.path}: {self.reason}")


# Errors only a write causes: whichever file an OSError names, the written one failed.
WRITE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EFBIG})


def file_system_error(error: OSError) -> BuildError:
    """An OSError from outside the output layer (the media cache, a tool's work folder) as a
    one-line BuildError, so a full disk never ends a build with a traceback."""
    # A copy or rename names its source first and its destination second.
    path = error.filename2 if error.filename2 is not None else error.filename
    if error.errno in WRITE_ERRNOS and path is not None:
        return WriteError(path, error)
    reason = error.strerror or str(error)
    return BuildError(f"{path}: {reason}" if path is not None else reason)
