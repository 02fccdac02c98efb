"""Every character the site shows has a glyph in the web fonts it serves (issue #44 item 8).

The fonts are Fontsource's latin subsets (site-src/src/styles/fonts.css): a letter they lack
is drawn by the visitor's system font, and an accent composed from a base letter and a
combining mark sits wherever that font puts it. So every character of both catalogs
(site-src/src/i18n/en.ts, es.ts and their parts), of the demo content (content/**/*.yaml,
*.md) and of what the build derives in Spanish (the hours, the sizes) must be in each font's
character map, or decompose into a base and marks that the font attaches (GPOS mark-to-base).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
import yaml
from fontTools import subset
from fontTools.ttLib import TTFont

from generator.content.hours import spanish_days, spanish_time
from generator.content.sizes import spanish_size

ROOT = Path(__file__).resolve().parent.parent
SITE_SRC = ROOT / "site-src"
FONTS_CSS = SITE_SRC / "src" / "styles" / "fonts.css"
I18N = SITE_SRC / "src" / "i18n"
CONTENT = ROOT / "content"
# The spec's "5★ Rating": no typeface of the site has a star, the system's symbol font draws it.
SYSTEM_SYMBOLS = {"★"}
_URL = re.compile(r'url\("([^"]+)"\)')
_JS_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")


def served_fonts() -> list[Path]:
    """The font files fonts.css names, a package's (`@fontsource-variable/...`) in node_modules."""
    files = []
    for url in _URL.findall(FONTS_CSS.read_text(encoding="utf-8")):
        base = SITE_SRC / "node_modules" if url.startswith("@") else FONTS_CSS.parent
        files.append((base / url).resolve())
    return files


def catalog_texts() -> str:
    files = [
        I18N / "en.ts",
        I18N / "es.ts",
        *sorted(I18N.glob("en/*.ts")),
        *sorted(I18N.glob("es/*.ts")),
    ]
    text = "".join(path.read_text(encoding="utf-8") for path in files)
    return _JS_ESCAPE.sub(lambda found: chr(int(found[1], 16)), text)  # "2\u00a0pulg."


def content_texts(content: Path = CONTENT) -> str:
    files = sorted(content.rglob("*.yaml")) + sorted(content.rglob("*.md"))
    return "".join(path.read_text(encoding="utf-8") for path in files)


def derived_spanish(content: Path = CONTENT) -> str:
    """The Spanish the build writes from the English rows: the hours and the flash sizes."""
    site = yaml.safe_load((content / "site.yaml").read_text(encoding="utf-8"))
    words = [spanish_days(row["days"]) + spanish_time(row["time"]) for row in site["hours"]]
    for sheet in sorted((content / "flash").glob("*.yaml")):
        words += [
            spanish_size(str(design["size"]))
            for design in yaml.safe_load(sheet.read_text(encoding="utf-8"))
        ]
    return "".join(words)


def _mark_bases(font: TTFont) -> dict[str, set[str]]:
    """{mark glyph: the base glyphs it attaches to} from GPOS mark-to-base lookups."""
    attached: dict[str, set[str]] = {}
    if "GPOS" not in font:
        return attached
    for lookup in font["GPOS"].table.LookupList.Lookup:
        for sub in lookup.SubTable:
            if lookup.LookupType == 9:  # an extension wraps the real subtable
                sub = sub.ExtSubTable
            if getattr(sub, "LookupType", lookup.LookupType) != 4:
                continue
            for mark in sub.MarkCoverage.glyphs:
                attached.setdefault(mark, set()).update(sub.BaseCoverage.glyphs)
    return attached


def missing(font_file: Path, text: str) -> list[str]:
    """The characters of text the font draws neither precomposed nor as base + attached marks."""
    font = TTFont(font_file)
    cmap = font.getBestCmap()
    marks = _mark_bases(font)
    lacking = []
    for char in sorted(set(text) - SYSTEM_SYMBOLS):
        if char in "\n\r\t" or ord(char) in cmap:
            continue
        base, *combining = unicodedata.normalize("NFD", char)
        glyphs = [cmap.get(ord(c)) for c in (base, *combining)]
        if combining and all(glyphs) and all(glyphs[0] in marks.get(g, ()) for g in glyphs[1:]):
            continue
        lacking.append(f"{char} (U+{ord(char):04X} {unicodedata.name(char, '?')})")
    return lacking


@pytest.mark.parametrize("font_file", served_fonts(), ids=lambda path: path.name)
def test_every_character_of_both_languages_has_a_glyph(font_file: Path) -> None:
    assert font_file.is_file(), f"{font_file} (named in fonts.css) is missing: npm ci in site-src"
    text = catalog_texts() + content_texts() + derived_spanish()
    text += text.upper()  # eyebrows and buttons are set in capitals (text-transform)
    assert set("áéíóúñÁÉÍÓÚÑ¿¡–\u00a0") <= set(text)  # the texts were read
    assert missing(font_file, text) == []


def test_a_font_without_the_accented_letters_is_caught(tmp_path: Path) -> None:
    """The check can fail: the display font cut to ASCII lacks 'í' (Guía, Escríbenos)."""
    display = next(path for path in served_fonts() if "cormorant" in path.name)
    options = subset.Options()
    options.flavor = None
    font = TTFont(display)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=range(0x20, 0x7F))
    subsetter.subset(font)
    cut = tmp_path / "ascii.ttf"
    font.save(cut)
    assert missing(cut, "Guía, Escríbenos") == ["í (U+00ED LATIN SMALL LETTER I WITH ACUTE)"]
    assert missing(cut, "Guia") == []
