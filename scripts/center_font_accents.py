#!/usr/bin/env python3
"""The display font with its "í" accent over the stem: Cormorant Garamond as the site serves it.

    .venv/bin/python scripts/center_font_accents.py

Cormorant Garamond draws the acute of "í" about 42 units (of 1000) right of the letter's stem,
where its other acutes sit over their vowel's middle: set at the site's tight heading spacing,
the mark of "Escríbenos", "Guía", "Políticas" leans over the next letter (the b of
Escríbenos touches it) and reads as beside the "i" (issue #44 item 8;
docs/architecture.md#the-display-font).
No other glyph of the font has this, and no CSS can move one mark, so the site serves the
package's two latin files (normal and italic, every weight: the glyph is moved in the
default master and its variation deltas are relative, so they hold) with that one glyph
mended: its acute contour moved left until its middle stands over the middle of the i's dot,
the place the designer gave the dot (along the italic angle in the italic).

Run it with .venv/bin/python (fontTools is a dev dependency, brotli a requirement; the files
it writes are kept in the repository) after @fontsource-variable/cormorant-garamond changes
version in site-src/package.json. It writes site-src/src/styles/fonts/*.woff2, which
styles/fonts.css names; tests/test_font_accents.py checks they are the package's files but
for that one glyph. The font is under the SIL Open Font License 1.1, without a reserved
name, which allows a modified version under the same licence (its LICENSE is kept beside).
"""

from __future__ import annotations

import math
import shutil
from pathlib import Path

from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "site-src" / "node_modules" / "@fontsource-variable" / "cormorant-garamond"
OUT = ROOT / "site-src" / "src" / "styles" / "fonts"
STYLES = ("normal", "italic")
MENDED_GLYPH = "iacute"


def package_file(style: str) -> Path:
    return PACKAGE / "files" / f"cormorant-garamond-latin-wght-{style}.woff2"


def served_file(style: str) -> Path:
    return OUT / f"cormorant-garamond-latin-wght-{style}.woff2"


def contours(font: TTFont, name: str) -> list[list[tuple[int, int]]]:
    glyf = font["glyf"]
    coordinates, ends, _flags = glyf[name].getCoordinates(glyf)
    points = [(int(x), int(y)) for x, y in coordinates]
    starts = [0, *[end + 1 for end in ends[:-1]]]
    return [points[start : end + 1] for start, end in zip(starts, ends, strict=True)]


def middle(points: list[tuple[int, int]]) -> tuple[float, float]:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def accent_offset(font: TTFont) -> float:
    """How far right of the i's dot the acute of "í" stands (font units, along the slant)."""
    dot = contours(font, "i")[-1]  # dotlessi's contour, then the dot
    acute = contours(font, MENDED_GLYPH)[-1]
    (dot_x, dot_y), (acute_x, acute_y) = middle(dot), middle(acute)
    slant = math.tan(math.radians(-font["post"].italicAngle))
    return acute_x - (dot_x + slant * (acute_y - dot_y))


def mend(font: TTFont) -> int:
    """Moves the acute of "í" over the dot's place; returns the units it moved (negative: left)."""
    shift = -round(accent_offset(font))
    glyf = font["glyf"]
    glyph = glyf[MENDED_GLYPH]
    glyph.expand(glyf)
    first = glyph.endPtsOfContours[-2] + 1
    for index in range(first, len(glyph.coordinates)):
        x, y = glyph.coordinates[index]
        glyph.coordinates[index] = (x + shift, y)
    glyph.recalcBounds(glyf)
    return shift


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for style in STYLES:
        # As published but for the glyph: no table recalculated on saving (recalcBBoxes)
        font = TTFont(package_file(style), recalcBBoxes=False)
        shift = mend(font)
        font.flavor = "woff2"
        font.save(served_file(style))
        print(f"{served_file(style).relative_to(ROOT)}: {MENDED_GLYPH} acute moved {shift} units")
    shutil.copyfile(PACKAGE / "LICENSE", OUT / "LICENSE")


if __name__ == "__main__":
    main()
