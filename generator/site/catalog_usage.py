"""The interface catalogs' keys that nothing in the app reads: a warning each, never an error.

The prerenderer lists every English key of site-src/src/i18n/ (i18n/catalog-check.ts); a key
counts as read when its own name appears as a word in the app's code outside i18n/ and the
tests (`t.send`, `{ loading }`, `entries[id]` with the ids written elsewhere). That is a word
search, not a type analysis: a name also used for something else hides an unused key, but a key
reported is one no code names at all, which is what a forgotten key looks like. tsc cannot say
it (an unused property is no type error), and the catalogs are plain objects, so no linter
rule for unused exports sees inside them either.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import Problem

SOURCES = Path("src")
CATALOG_FOLDER = "i18n"
_WORD = re.compile(r"[A-Za-z_$][\w$-]*")
# A key that is not a name (a table keyed by the values of the data: "18+") is read by a lookup
# of that value, which no word search sees: left alone.
_NAME = re.compile(r"[A-Za-z_$][\w$-]*")


def _app_words(site_src: Path) -> set[str]:
    """Every word of the app's code, i18n/ and the tests left out."""
    words: set[str] = set()
    root = site_src / SOURCES
    for path in sorted(root.rglob("*.ts*")):
        relative = path.relative_to(root).as_posix()
        if relative.startswith(f"{CATALOG_FOLDER}/") or ".test." in path.name:
            continue
        if "testing" in path.relative_to(root).parts:
            continue
        words.update(_WORD.findall(path.read_text("utf-8")))
    return words


def unused_keys(site_src: Path, keys: dict[str, list[list[str]]]) -> list[Problem]:
    """One warning per English catalog key (by its file in i18n/) no code of the app names."""
    if not keys:
        return []
    words = _app_words(site_src)
    found = []
    for file, paths in keys.items():
        for path in paths:
            key = path[-1] if path else ""
            if _NAME.fullmatch(key) and key not in words and key != "lang":
                found.append(
                    Problem(
                        f"site-src/src/{CATALOG_FOLDER}/{file}",
                        None,
                        ".".join(path),
                        "no code of the app reads this key; remove it from every language",
                    )
                )
    return found
