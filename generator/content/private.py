"""What content holds that is never published: the artists' private `email:` addresses.

The contact function needs them to send a request to its artist (docs/contact.md, "Requests
go to the artist"), but nothing built may hold them: the site's API names the fields it
publishes (site/endpoints.py), and this module writes the addresses only to a file outside
`dist/`: `.cache/contact/artist_emails.json` for `build.py serve`, and the function's own
package for deploy-function (functions/deploy_package.py).
"""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import ContentError
from ..files import atomic_write_bytes
from .loader import load_content
from .records import Content

ARTIST_EMAILS_FILE = "artist_emails.json"


def artist_emails(content: Content) -> dict[str, str]:
    """{artist slug: private address} for every artist whose file gives `email:`."""
    return {a.slug: a.email for a in content.artists if a.email}


def read_artist_emails(root: Path | str) -> dict[str, str]:
    """The addresses of the content folder root; ContentError when an artist file has a
    problem (each named file:line: field, as the build names them)."""
    content = load_content(root)
    problems = [p for p in content.problems if "artists" in Path(p.file).parts]
    if problems:
        raise ContentError(problems)
    return artist_emails(content)


def artist_emails_json(emails: dict[str, str]) -> bytes:
    """The file's bytes: sorted, so a package made twice is the same."""
    return json.dumps(emails, indent=1, sort_keys=True).encode("ascii")


def write_artist_emails(path: Path, emails: dict[str, str]) -> None:
    """Write the file readable by its owner only (0600: mkstemp's mode, which the rename
    keeps), replaced whole, never half written."""
    atomic_write_bytes(path, artist_emails_json(emails))
