#!/usr/bin/env python3
"""Draw the demo photos under content/images/ (deterministic: a fixed seed, Pillow only).

    .venv/bin/python scripts/make_demo_content.py                 # all photos
    .venv/bin/python scripts/make_demo_content.py --only koi      # files whose name contains 'koi'
    .venv/bin/python scripts/make_demo_content.py --contact-sheet /tmp/sheet.png

Writes 6 artist profile photos and the founder's memorial photo (images/artists/), the
portfolio photos (images/work/), the flash designs (images/flash/) and 4 partner logos
(images/brands/, PNG with alpha).
A few photos are stored sideways with an EXIF Orientation tag, the way phones save them,
and two carry a fake GPS block: the image pipeline must turn the first upright and strip
the second. The YAML and Markdown in content/ are written by hand and not touched here.
See docs/demo-content.md.
"""

from __future__ import annotations

import argparse
import io
import logging
import sys
import time
import zlib
from pathlib import Path

from PIL import Image, ImageOps
from PIL.ExifTags import GPS, IFD, Base
from PIL.TiffImagePlugin import IFDRational

sys.path.insert(0, str(Path(__file__).resolve().parent))

from demoart import brands, flash, portraits, work  # noqa: E402

log = logging.getLogger("make_demo_content")

SEED = 1996
JPEG_QUALITY = 80
ROOT = Path(__file__).resolve().parent.parent

# Stored sideways/upside down with the tag that turns them upright (EXIF 274, Orientation).
ORIENTATION = {
    "dagger-through-the-rose.jpg": 6,  # pixels rotated 90 degrees anticlockwise; viewer turns them clockwise
    "coiled-cobra.jpg": 8,
    "classic-red-rose.jpg": 3,
    "tasha-monroe.jpg": 6,
}
# A fake location (Addison, TX area) the pipeline must strip before publishing.
GPS_FILES = {"koi-swimming-upstream.jpg", "the-watcher.jpg"}
# What ImageOps.exif_transpose applies for a tag; we store the inverse of it.
_UNDO = {3: Image.Transpose.ROTATE_180, 6: Image.Transpose.ROTATE_90, 8: Image.Transpose.ROTATE_270}


def seed_for(name: str) -> int:
    return SEED * 1_000_003 + zlib.crc32(name.encode())


def _rational(value: float, denominator: int = 10000) -> IFDRational:
    return IFDRational(round(value * denominator), denominator)


def exif_for(name: str) -> tuple[Image.Exif, int | None]:
    exif = Image.Exif()
    exif[Base.Make] = "Demo Camera Co."
    exif[Base.Model] = "Studio Demo 1"
    exif[Base.Software] = "make_demo_content.py"
    orientation = ORIENTATION.get(name)
    if orientation:
        exif[Base.Orientation] = orientation
    if name in GPS_FILES:
        gps = exif.get_ifd(IFD.GPSInfo)
        gps[GPS.GPSVersionID] = b"\x02\x03\x00\x00"
        gps[GPS.GPSLatitudeRef] = "N"
        gps[GPS.GPSLatitude] = (_rational(32), _rational(57), _rational(41.25, 100))
        gps[GPS.GPSLongitudeRef] = "W"
        gps[GPS.GPSLongitude] = (_rational(96), _rational(49), _rational(48.6, 100))
        gps[GPS.GPSAltitudeRef] = b"\x00"
        gps[GPS.GPSAltitude] = _rational(193.0, 10)
    return exif, orientation


def save_jpeg(img: Image.Image, path: Path) -> None:
    exif, orientation = exif_for(path.name)
    stored = img.transpose(_UNDO[orientation]) if orientation else img
    if orientation:
        # The promise the pipeline relies on: an EXIF-aware viewer shows the upright picture.
        probe = stored.copy()
        probe.getexif()[Base.Orientation] = orientation
        assert ImageOps.exif_transpose(probe).tobytes() == img.tobytes(), path.name
    buf = io.BytesIO()
    stored.save(buf, "JPEG", quality=JPEG_QUALITY, optimize=True, progressive=True,
                subsampling="4:2:0", exif=exif.tobytes())
    path.write_bytes(buf.getvalue())


def save_png(img: Image.Image, path: Path) -> None:
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=True)
    path.write_bytes(buf.getvalue())


def contact_sheet(paths: list[Path], out: Path, thumb: int = 360) -> None:
    cols = 8
    rows = (len(paths) + cols - 1) // cols
    sheet = Image.new("RGB", (cols * (thumb + 8) + 8, rows * (thumb + 8) + 8), (0, 0, 0))
    for k, path in enumerate(paths):
        with Image.open(path) as im:
            im = ImageOps.exif_transpose(im)
            im.thumbnail((thumb, thumb))
            x = 8 + (k % cols) * (thumb + 8) + (thumb - im.width) // 2
            y = 8 + (k // cols) * (thumb + 8) + (thumb - im.height) // 2
            if im.mode == "RGBA":
                sheet.paste(im, (x, y), im)
            else:
                sheet.paste(im.convert("RGB"), (x, y))
    sheet.save(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--content", type=Path, default=ROOT / "content", help="content folder (default: ./content)")
    parser.add_argument("--only", action="append", default=[], help="only files whose name contains this text")
    parser.add_argument("--contact-sheet", type=Path, help="also write a PNG montage of every photo")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    images = args.content / "images"
    for kind in ("artists", "work", "flash", "brands"):
        (images / kind).mkdir(parents=True, exist_ok=True)
    wanted = lambda name: not args.only or any(o in name for o in args.only)  # noqa: E731
    started = time.perf_counter()
    written: list[Path] = []

    for piece in work.PIECES:
        if wanted(piece.file):
            path = images / "work" / piece.file
            save_jpeg(work.render(piece, seed_for(piece.file)), path)
            written.append(path)
            log.info("work/%s", piece.file)
    for design in flash.DESIGNS:
        if wanted(design.file):
            path = images / "flash" / design.file
            save_jpeg(work.render(design, seed_for(design.file)), path)
            written.append(path)
            log.info("flash/%s", design.file)
    for sitter in [*portraits.SITTERS, portraits.FOUNDER]:
        if wanted(sitter.file):
            path = images / "artists" / sitter.file
            img = portraits.portrait(sitter, seed_for(sitter.file), memorial=sitter is portraits.FOUNDER)
            save_jpeg(img, path)
            written.append(path)
            log.info("artists/%s", sitter.file)
    for file, name in brands.BRANDS.items():
        if wanted(file):
            path = images / "brands" / file
            save_png(brands.logo(name), path)
            written.append(path)
            log.info("brands/%s", file)

    elapsed = time.perf_counter() - started
    total = sum(p.stat().st_size for p in written)
    log.info("%d files, %.1f MB, in %.1f s", len(written), total / 1e6, elapsed)
    if args.contact_sheet:
        contact_sheet(written, args.contact_sheet)
        log.info("contact sheet: %s", args.contact_sheet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
