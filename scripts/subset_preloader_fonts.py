#!/usr/bin/env python3
"""The preloader's own fonts: the few glyphs of the web fonts it shows, a file of 1-2 KB each.

    python scripts/subset_preloader_fonts.py                 every cut
    python scripts/subset_preloader_fonts.py loading-word    only the cuts named (see CUTS)

Run it with .venv/bin/python (fontTools is a dev dependency, for tests/test_font_coverage.py,
and brotli a requirement; the files it writes are kept in the repository), after
@fontsource-variable/cormorant-garamond or @fontsource-variable/inter changes version in
site-src/package.json, or when a language's preloader word needs a letter the others lack
(PRELOADER_WORDS). It writes site-src/src/components/preloader-fonts/*.woff2, which
components/preloader.css names and every page preloads (site-src/build.mjs lists them): the
letters of the preloader's word in every language, LOADING and CARGANDO (Cormorant Garamond at
weight 300, the weight preloader.css gives it), and its digits (Inter at 400, with the features
the page's CSS turns on for them). The preloader then shows in its final font from its first
letter, before the web fonts arrive.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "site-src" / "node_modules" / "@fontsource-variable"
OUT = ROOT / "site-src" / "src" / "components" / "preloader-fonts"

# The word the preloader spells, in every language of the site: the catalogs' preloader.word
# (site-src/src/i18n/en.ts, es.ts). A language whose word has another letter adds it here, and
# the font is cut again: a letter the file lacks would be drawn in a fallback font.
PRELOADER_WORDS = "LOADING" + "CARGANDO"

# name: (variable font, weight, the text it must draw)
CUTS = {
    "loading-word": (
        FONTS / "cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2",
        300,
        PRELOADER_WORDS,
    ),
    "percent-digits": (FONTS / "inter/files/inter-latin-wght-normal.woff2", 400, "0123456789"),
}
# Kerning and the defaults, plus what global.css and preloader.css turn on (ss01, cv11, tnum).
FEATURES = ["kern", "calt", "ccmp", "locl", "liga", "tnum", "ss01", "cv11"]


def cut(source: Path, weight: int, text: str, out: Path) -> int:
    font = instancer.instantiateVariableFont(TTFont(source), {"wght": weight})
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = FEATURES
    options.name_IDs = [1, 2, 4, 6]
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    font.flavor = "woff2"
    font.save(out)
    return out.stat().st_size


def main(names: list[str]) -> None:
    unknown = sorted(set(names) - set(CUTS))
    if unknown:
        sys.exit(f"no such cut: {', '.join(unknown)} (there are {', '.join(CUTS)})")
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (source, weight, text) in CUTS.items():
        if names and name not in names:
            continue
        out = OUT / f"{name}.woff2"
        letters = "".join(sorted(set(text)))
        print(f"{out.relative_to(ROOT)}: {cut(source, weight, text, out)} bytes ({letters!r})")


if __name__ == "__main__":
    main(sys.argv[1:])
