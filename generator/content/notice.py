"""The privacy notice's placeholders: facts from site.yaml filled in when it is published.

content/privacy.md (and privacy.es.md) may write `{{requests_days}}` where the page should
say how long the studio keeps a request, so the page and what the stores do (site.yaml
`retention`) cannot disagree (docs/privacy.md lists the placeholders). A name the build does
not know is a problem with its file and line, with the nearest known name.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from pathlib import Path

from . import models
from .records import PRIVACY_FILE, Content, spanish_file

# {{name}}, spaces allowed inside the braces; the name is letters, digits and "_".
PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z0-9_]{1,40})\s*\}\}")

FACTS: dict[str, Callable[[models.SiteFile], str]] = {
    "studio": lambda site: site.name,
    "email": lambda site: site.email,
    "phone": lambda site: site.phone,
    "requests_days": lambda site: str(site.retention.requests_days),
    "bookings_days": lambda site: str(site.retention.bookings_days),
}


def fill(text: str, site: models.SiteFile) -> str:
    """The notice as published: each known placeholder replaced by its fact."""

    def fact(match: re.Match[str]) -> str:
        known = FACTS.get(match.group(1))
        return known(site) if known is not None else match.group(0)

    return PLACEHOLDER.sub(fact, text)


def notice_files(content: Content) -> list[tuple[Path, str | None]]:
    """privacy.md and privacy.es.md with their texts as read (None: no such file)."""
    english = content.root / PRIVACY_FILE
    return [(english, content.privacy), (spanish_file(english), content.privacy_es)]


def check_notice(content: Content) -> None:
    """Record each unknown placeholder of privacy.md and privacy.es.md as a problem."""
    for path, text in notice_files(content):
        for number, line in enumerate((text or "").splitlines(), start=1):
            for match in PLACEHOLDER.finditer(line):
                if match.group(1) not in FACTS:
                    _unknown(content, path, number, match.group(1))


def _unknown(content: Content, path: Path, line: int, name: str) -> None:
    known = ", ".join("{{" + key + "}}" for key in FACTS)
    near = difflib.get_close_matches(name, FACTS, n=1, cutoff=0.75)
    hint = f" (did you mean {{{{{near[0]}}}}}?)" if near else ""
    content.findings.add(
        path,
        line,
        None,
        f"{{{{{name}}}}} is not a placeholder the site fills in{hint}: the notice may use "
        f"{known} (docs/privacy.md)",
    )
