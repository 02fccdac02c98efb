"""Image pipeline settings: widths per layout, encoders, and the small pure maths around them.

Everything that decides what bytes come out lives here, in frozen dataclasses, so a cache key
can be derived from exactly the settings a variant depends on (Lektor's imagetools keeps its
thumbnail parameters the same way).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from json.encoder import encode_basestring_ascii as _json_text
from pathlib import PurePosixPath

from ..cache import KEY_LENGTH, cache_key
from ..files import url_stem

# Bump when the decoding/normalising code changes what pixels come out (orientation, colour
# conversion, resampling): every cached variant is then re-encoded once.
PIPELINE_VERSION = 2  # 2: decode at twice the largest width, resize from the largest made


@dataclass(frozen=True)
class Encoding:
    """One output format with the settings that change its bytes."""

    format: str  # "avif" | "webp" | "jpeg" | "png"
    quality: int = 0
    # avif: libavif speed 0 (slowest) - 10; webp: method 0-6; jpeg/png: unused
    effort: int = 0
    subsampling: str = "4:2:0"

    @property
    def mime(self) -> str:
        return f"image/{self.format}"

    @property
    def ext(self) -> str:
        return {"jpeg": "jpg"}.get(self.format, self.format)

    def fingerprint(self) -> str:
        return f"{self.format}:q{self.quality}:e{self.effort}:{self.subsampling}"


# AVIF speed 7, deliberately. Measured on a 12 MP phone photo scaled to 1280 px (aom 3.14 via
# libavif, one thread): speed 6 (libavif's default) 716 ms / 76 KB, speed 7 359 ms / 82 KB at
# the same PSNR, speed 8 182 ms / 90 KB with visibly lower PSNR, speed 9 55 ms / 107 KB.
# Speed 7 halves the build's heaviest cost for 8% more bytes; it equals sharp's `effort: 2`
# (libheif maps effort e to aom cpu-used 9 - e). 4:2:0 like every camera JPEG.
AVIF = Encoding("avif", quality=50, effort=7)
WEBP = Encoding("webp", quality=75, effort=4)  # method 4 = libwebp's and sharp's default
JPEG = Encoding("jpeg", quality=80)  # progressive, optimised Huffman tables
PNG = Encoding("png")  # lossless fallback for logos with transparency


@dataclass(frozen=True)
class KindSettings:
    """How one kind of image (artists, work, brands) is cut."""

    widths: tuple[int, ...]
    avif: Encoding = AVIF
    webp: Encoding = WEBP
    jpeg: Encoding = JPEG
    png: Encoding = PNG
    # Originals with a longer side than this get a warning: they only slow the build.
    oversize_side: int = 6000
    # Originals with a shorter long side get a warning: the largest place the layout shows
    # them (below) would stretch them, and they look soft. 0: no such warning.
    min_side: int = 0


@dataclass(frozen=True)
class ImageSettings:
    kinds: dict[str, KindSettings]
    placeholder_side: int = 16  # long side of the blurred placeholder, in pixels
    placeholder_quality: int = 40
    # A decompression bomb guard: phones make 12-50 MP, a 200 MP sensor mode exists but its
    # files are never needed here; 100 MP RGBA is 400 MB decoded, about what one worker may use.
    max_pixels: int = 100_000_000


# Widths, from the layouts of docs/product.md#screens-and-routes at 1x-2x device pixel
# ratio (phones are 390-430 CSS px):
# - work: the portfolio grid has 3 columns on phones (~125 CSS px square cells; a 4:3 photo
#   covering one needs ~170 px, 340-510 device px -> 480), 2 on tablets (~370-500 px cells
#   -> 960 at 2x) and 3 on desktops (~400 px cells -> 960 at 1x, 1440 at 2x). The lightbox is
#   full screen: 780-1170 px on phones, 1440 px for a 4:3 photo on a 1920x1080 screen, more on
#   2x laptops -> 1920 as the top (sources are rarely sharper than that after phone denoising).
# - flash: the same grid and lightbox as the portfolio's, so the same widths.
# - artists: carousel cards at 1.2 slides on a phone (~310 CSS px -> 620-930), 1.5 from
#   640 px (~420 -> 840), 2.5-4 slides on wider screens (300-460 px -> up to 920 at 2x); the
#   profile card and the memorial are smaller. -> 320, 640, 960.
# - brands: four partner logos in a row (~150-220 CSS px, ~110 px two-by-two on phones)
#   -> 240 and 480 cover 1x and 2x.
DEFAULT_SETTINGS = ImageSettings(
    kinds={
        # full screen in the lightbox: under 1200 px a photo is enlarged on most screens
        "work": KindSettings(widths=(480, 960, 1440, 1920), min_side=1200),
        # flash designs: the portfolio's grid and lightbox (features/flash)
        "flash": KindSettings(widths=(480, 960, 1440, 1920), min_side=1200),
        # a carousel card is up to 460 CSS px wide, ~640 device px on a phone
        "artists": KindSettings(widths=(320, 640, 960), min_side=640),
        # logos: 4:4:4 keeps thin coloured lettering crisp; the files are tiny anyway
        "brands": KindSettings(
            widths=(240, 480), avif=Encoding("avif", 60, 7, "4:4:4"), oversize_side=2000
        ),
    }
)


def output_widths(source_width: int, ladder: tuple[int, ...]) -> list[int]:
    """The ladder's widths that do not upscale, plus the source's own width when it is
    clearly larger than the last one kept (so a 1700 px photo is not capped at 1440)."""
    kept = [w for w in sorted(ladder) if w <= source_width]
    if not kept or source_width > kept[-1] * 1.1 and source_width < max(ladder):
        kept.append(source_width)
    return kept


def scaled_height(width: int, source_width: int, source_height: int) -> int:
    """Height of a resize to `width` keeping the aspect ratio (what sharp computes too)."""
    return max(1, round(width * source_height / source_width))


def fallback_encoding(name: str, has_alpha: bool, kind: KindSettings) -> Encoding:
    """The one format every browser shows, written at the spec's path.

    JPEG for photos. PNG when the image has transparency (JPEG has none: a logo would get a
    box around it) and for files the editor named .png/.gif, so the file keeps a content type
    matching its name; those are logos and graphics, where JPEG's ringing would show anyway.
    """
    suffix = PurePosixPath(name).suffix.lower()
    if has_alpha or suffix in (".png", ".gif"):
        return kind.png
    return kind.jpeg


def variant_key(digest: str, encoding: Encoding, width: int) -> str:
    """Cache key of one variant: the source bytes plus only the settings that shape it.

    cache_key(digest, PIPELINE_VERSION, encoding.fingerprint(), width), written out: the
    same text json.dumps makes of those four, without its machinery (24,000 variants of
    2,000 photos are keyed on every build; tests/test_images.py holds the two equal)."""
    fingerprint = _json_text(encoding.fingerprint())
    text = f"[{_json_text(digest)}, {PIPELINE_VERSION}, {fingerprint}, {int(width)}]"
    return hashlib.sha256(text.encode()).hexdigest()[:KEY_LENGTH]


def variant_tag(digest: str, encoding: Encoding, width: int) -> str:
    """The hash in a variant's published name (/assets/img/<kind>/<stem>-<width>.<tag>.avif).

    Of the same inputs as variant_key, but computed as it was when it was also the cache key:
    a new way of making cache keys must not rename a published file (the CDN keeps each for
    a year, and the golden output holds these names)."""
    raw = f"{digest}:{PIPELINE_VERSION}:{encoding.fingerprint()}:{width}"
    return hashlib.sha256(raw.encode()).hexdigest()[:10]


def placeholder_key(digest: str, settings: ImageSettings) -> str:
    return cache_key(
        digest, PIPELINE_VERSION, "ph", settings.placeholder_side, settings.placeholder_quality
    )


def asset_stem(name: str) -> str:
    return url_stem(name, "image")
