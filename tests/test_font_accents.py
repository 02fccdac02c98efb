"""The display font's "í" carries its accent over the stem (issue #44 item 8).

The site serves Cormorant Garamond with one glyph mended (docs/architecture.md#the-display-font,
scripts/center_font_accents.py): these tests read the served files with fontTools, and show
the mend is there, that it is the only change from the package's files, and that the check
fails on the package's own glyph.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location(
    "center_font_accents", ROOT / "scripts" / "center_font_accents.py"
)
assert _spec and _spec.loader
accents = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(accents)

# A mark within 5 units (of 1000: 0.2 px at a 40 px heading) of the dot's place is over it.
OVER_THE_DOT = 5


def test_fonts_css_serves_the_mended_files() -> None:
    css = (ROOT / "site-src" / "src" / "styles" / "fonts.css").read_text(encoding="utf-8")
    for style in accents.STYLES:
        assert f'url("./fonts/{accents.served_file(style).name}")' in css
    assert "@fontsource-variable/cormorant-garamond/files" not in css


@pytest.mark.parametrize("style", accents.STYLES)
def test_the_accent_of_i_stands_where_its_dot_does(style: str) -> None:
    assert abs(accents.accent_offset(TTFont(accents.served_file(style)))) <= OVER_THE_DOT


@pytest.mark.parametrize("style", accents.STYLES)
def test_the_package_font_is_caught_leaning_right(style: str) -> None:
    """The check can fail: the package's own glyph stands 33-42 units right of the dot."""
    assert accents.accent_offset(TTFont(accents.package_file(style))) > 30


@pytest.mark.parametrize("style", accents.STYLES)
def test_nothing_else_differs_from_the_package(style: str) -> None:
    """Every table and every other glyph as published; the mended one moved its accent only."""
    package = TTFont(accents.package_file(style), recalcBBoxes=False)
    served = TTFont(accents.served_file(style), recalcBBoxes=False)
    assert sorted(served.keys()) == sorted(package.keys())
    assert served.getGlyphOrder() == package.getGlyphOrder()
    for tag in package.keys():
        if tag in ("glyf", "loca", "head", "GlyphOrder"):
            continue  # glyf is compared glyph by glyph; loca and head.checkSum follow from it
        assert served[tag].compile(served) == package[tag].compile(package), tag
    glyf_package, glyf_served = package["glyf"], served["glyf"]
    for name in package.getGlyphOrder():
        if name == accents.MENDED_GLYPH:
            continue
        assert (
            glyf_served[name].getCoordinates(glyf_served)[0]
            == (glyf_package[name].getCoordinates(glyf_package)[0])
        ), name
    before = accents.contours(package, accents.MENDED_GLYPH)
    after = accents.contours(served, accents.MENDED_GLYPH)
    assert after[:-1] == before[:-1]  # the dotless i itself
    shifts = {(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in zip(before[-1], after[-1], strict=True)}
    assert len(shifts) == 1 and next(iter(shifts))[1] == 0  # the acute, moved sideways whole
