"""Domain errors. They know nothing about the command line; build.py turns them into messages."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the content, located as precisely as we can."""

    file: str
    line: int | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return (
            f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"
        )


class SiteError(Exception):
    """Base of every error the generator raises on purpose."""


class ContentError(SiteError):
    """The editors' files have one or more problems; all of them are listed."""

    def __init__(self, problems: list[Problem]):
        # The message last too: two problems on one line come out in the same order every run.
        self.problems = sorted(
            set(problems), key=lambda p: (p.file, p.line or 0, p.field or "", p.message)
        )
        super().__init__("\n".join(str(p) for p in self.problems))


class BuildError(SiteError):
    """The build itself failed (a tool missing, an output check failed)."""
