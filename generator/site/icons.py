"""Stage: the icons browsers and phones ask for, drawn from the logo, and the web manifest.

Browsers request /favicon.ico on their own, iOS /apple-touch-icon.png when a visitor adds
the site to the home screen, and Android reads the manifest's icons; a missing one is a
404 on every visit. They are rendered from site-src/public/ (favicon.svg for the tab icon,
logo.svg for the others) with resvg, through resvg-py: a maintained renderer in a wheel,
with no system library to install (cairo would need one). Pillow writes the ICO.

The logo is drawn in thin white and gold lines for a black page, so every raster icon sits
on the site's black: on a white browser tab a transparent one would vanish.
"""

from __future__ import annotations

import io
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path

import resvg_py
from PIL import Image

from ..cache import cache_key, make_entry
from ..errors import BuildError
from ..output import Output

BACKGROUND = "#000000"  # the site's background (docs/product.md, "Overview")
ICO_SIZES = (16, 32, 48)
MANIFEST = "manifest.webmanifest"


@dataclass(frozen=True)
class Icon:
    file: str
    size: int
    source: str  # file in site-src/public/
    padding: float = 0.0  # share of the side left empty around the logo
    purpose: str | None = None  # in the manifest; None: not listed there


ICONS = (
    # iOS rounds the corners itself and shows no transparency.
    Icon("apple-touch-icon.png", 180, "logo.svg", padding=0.1),
    Icon("icon-192.png", 192, "logo.svg", padding=0.06, purpose="any"),
    Icon("icon-512.png", 512, "logo.svg", padding=0.06, purpose="any"),
    # Android may cut a maskable icon to a circle: the logo stays in the inner 80 %.
    Icon("icon-maskable-512.png", 512, "logo.svg", padding=0.16, purpose="maskable"),
)


def render(svg: str, size: int, padding: float = 0.0) -> Image.Image:
    """The SVG drawn on the site's black, centred in a size x size square."""
    inner = max(1, round(size * (1 - 2 * padding)))
    try:
        png = resvg_py.svg_to_bytes(
            svg_string=svg, width=inner, height=inner, background=BACKGROUND, skip_system_fonts=True
        )
    except ValueError as exc:
        raise BuildError(f"the logo could not be drawn as a {size} px icon: {exc}") from None
    drawn = Image.open(io.BytesIO(png)).convert("RGB")
    square = Image.new("RGB", (size, size), BACKGROUND)
    square.paste(drawn, ((size - drawn.width) // 2, (size - drawn.height) // 2))
    return square


def write_icons(out: Output, site_src: Path, site_name: str, cache: Path | None = None) -> None:
    """favicon.ico, the PNG icons and manifest.webmanifest at the root of the site.

    cache: where the drawn icons are kept by a hash of the logos and of how they are drawn
    (drawing them took a third of a second on every build)."""
    public = site_src / "public"
    sources = {}
    for name in sorted({"favicon.svg", *(icon.source for icon in ICONS)}):
        try:
            sources[name] = (public / name).read_text("utf-8")
        except OSError as exc:
            raise BuildError(f"{public / name}: the icons are drawn from it: {exc}") from None
    if cache is None:
        with tempfile.TemporaryDirectory() as folder:
            _draw(sources, Path(folder))
            _publish(out, Path(folder), copy=True)
    else:
        entry = cache / cache_key(sources, repr(ICONS), ICO_SIZES, BACKGROUND, "icons-1")
        make_entry(entry, lambda folder: _draw(sources, folder))
        _publish(out, entry, copy=False)
    out.write_text(MANIFEST, json.dumps(manifest(site_name), indent=1, ensure_ascii=False))


def _publish(out: Output, folder: Path, copy: bool) -> None:
    for name in ("favicon.ico", *(icon.file for icon in ICONS)):
        if copy:
            out.copy_file(name, folder / name)
        else:  # a finished cache entry is never changed in place
            out.link_file(name, str(folder / name))


def _draw(sources: dict[str, str], folder: Path) -> None:
    # Each size drawn by resvg itself: sharper lines than Pillow shrinking the largest.
    drawn = [render(sources["favicon.svg"], size) for size in sorted(ICO_SIZES, reverse=True)]
    ico = io.BytesIO()
    drawn[0].save(ico, "ICO", sizes=[d.size for d in drawn], append_images=drawn[1:])
    (folder / "favicon.ico").write_bytes(ico.getvalue())
    for icon in ICONS:
        png = io.BytesIO()
        render(sources[icon.source], icon.size, icon.padding).save(png, "PNG", optimize=True)
        (folder / icon.file).write_bytes(png.getvalue())


def manifest(site_name: str) -> dict:
    """The web manifest (https://www.w3.org/TR/appmanifest/): the name and the icons."""
    return {
        "name": site_name,
        "start_url": "/",
        "scope": "/",
        "display": "browser",
        "background_color": BACKGROUND,
        "theme_color": BACKGROUND,
        "icons": [
            {
                "src": f"/{icon.file}",
                "sizes": f"{icon.size}x{icon.size}",
                "type": "image/png",
                "purpose": icon.purpose,
            }
            for icon in ICONS
            if icon.purpose
        ],
    }
