"""Reading editor photos safely: probe the header, decode (reduced), make upright sRGB pixels.

Every failure becomes a BadImage with a sentence for the editor; nothing here lets a Pillow
exception through. Used by the build's parent process (probe) and by its workers (decode).
"""

from __future__ import annotations

import contextlib
import io
import logging
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageCms, ImageOps, UnidentifiedImageError

log = logging.getLogger(__name__)

SUPPORTED_FORMATS = {"JPEG", "MPO", "PNG", "WEBP", "GIF", "TIFF", "AVIF"}
FORMATS_HINT = "save it as JPEG, PNG, WebP, GIF, TIFF or AVIF"
# EXIF orientations that swap width and height (rotations by 90 or 270 degrees)
SWAPPING_ORIENTATIONS = {5, 6, 7, 8}
ALPHA_MODES = {"RGBA", "LA", "PA", "La", "RGBa"}

MSG_EMPTY = "the file is empty (0 bytes); add the photo again"
MSG_NOT_IMAGE = (
    f"not an image we can read (the file is damaged or of an unknown type); {FORMATS_HINT}"
)
MSG_HEIC = (
    "HEIC/HEIF photos cannot be shown in browsers; export it as JPEG "
    "(iPhone: Settings > Camera > Formats > Most Compatible)"
)
MSG_TRUNCATED = "the image data is cut short (a truncated file); copy or export it again"


class BadImage(Exception):
    """The editor's file cannot be used; str() is the message for them."""


@dataclass(frozen=True)
class SourceInfo:
    """What the header says: upright size, format and whether it has transparency."""

    width: int
    height: int
    format: str
    has_alpha: bool


def msg_unsupported(fmt: str) -> str:
    return f"unsupported image format {fmt}; {FORMATS_HINT}"


def msg_bomb(pixels: int, cap: int) -> str:
    return (
        f"{pixels / 1e6:.0f} megapixels is over the limit of {cap / 1e6:.0f} megapixels "
        "(a decompression bomb or an unreduced scan); resize it before adding it"
    )


def msg_corrupt(detail: str) -> str:
    return f"the image data is damaged ({detail}); export it again"


def probe(path: Path, max_pixels: int) -> SourceInfo:
    """Read only the header: cheap enough for every build and for `build.py check`."""
    with _opened(path, max_pixels) as img:
        return _info(img)


def verify(path: Path, max_pixels: int) -> SourceInfo:
    """Probe, then decode at the smallest scale the format allows (JPEG: 1/8) to catch
    truncated or damaged data without paying for a full decode."""
    with _opened(path, max_pixels) as img:
        info = _info(img)
        _load(img, (1, 1))
        return info


def open_upright(path: Path, box: tuple[int, int], max_pixels: int) -> Image.Image:
    """Decode to RGB or RGBA, upright, sRGB, no metadata, at least `box` (upright) in size.

    JPEG's draft mode decodes straight at 1/2, 1/4 or 1/8 scale (libjpeg's scaled IDCT), the
    biggest single saving for 12 MP phone photos that become at most 1920 px wide.
    """
    with _opened(path, max_pixels) as img:
        info = _info(img)
        if _orientation(img) in SWAPPING_ORIENTATIONS:
            box = (box[1], box[0])  # draft works on the stored (sideways) pixels
        _load(img, box)
        upright = ImageOps.exif_transpose(img)  # a new image: the file can close
    return _normalise(upright, info.has_alpha)


class _opened:
    """Context manager: Image.open with every failure turned into a BadImage."""

    def __init__(self, path: Path, max_pixels: int):
        self.path, self.max_pixels, self.img = path, max_pixels, None

    def __enter__(self) -> Image.Image:
        try:
            size = self.path.stat().st_size
        except OSError as exc:
            raise BadImage(f"cannot read the file ({exc.strerror})") from None
        if size == 0:
            raise BadImage(MSG_EMPTY)
        with _no_bomb_warning():
            return self._open()

    def _open(self) -> Image.Image:
        try:
            self.img = Image.open(self.path)
        except Image.DecompressionBombError as exc:
            raise BadImage(msg_bomb(_pixels_from(exc), self.max_pixels)) from None
        except UnidentifiedImageError:
            raise BadImage(MSG_HEIC if _looks_like_heif(self.path) else MSG_NOT_IMAGE) from None
        except Exception as exc:
            raise BadImage(msg_corrupt(_detail(exc))) from None
        img = self.img
        if img.format not in SUPPORTED_FORMATS:
            img.close()
            raise BadImage(msg_unsupported(img.format or "unknown"))
        if img.width * img.height > self.max_pixels:
            img.close()
            raise BadImage(msg_bomb(img.width * img.height, self.max_pixels))
        if img.format == "PNG":
            _check_png_crcs(self.path, img)
        return img

    def __exit__(self, *exc: object) -> None:
        if self.img is not None:
            self.img.close()


def _check_png_crcs(path: Path, opened: Image.Image) -> None:
    """PNG decoding does not check chunk checksums; verify() does, without decoding."""
    try:
        with Image.open(path) as again:
            again.verify()
    except Exception as exc:
        opened.close()
        raise BadImage(msg_corrupt(_detail(exc))) from None


def _info(img: Image.Image) -> SourceInfo:
    width, height = img.size
    if _orientation(img) in SWAPPING_ORIENTATIONS:
        width, height = height, width
    alpha = img.mode in ALPHA_MODES or (img.mode == "P" and "transparency" in img.info)
    return SourceInfo(width, height, img.format or "", alpha)


def _orientation(img: Image.Image) -> int:
    try:
        return int(img.getexif().get(0x0112, 1))
    except Exception:
        return 1


@contextlib.contextmanager
def _no_bomb_warning() -> Iterator[None]:
    """Pillow warns (on stderr) about every image over its own 89 MP default. Our limit is
    max_pixels (msg_bomb past it) and the images stage reports oversized photos as warning
    Problems, so Pillow's warning is silenced wherever this module has Pillow read a file."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        yield


def _load(img: Image.Image, box: tuple[int, int]) -> None:
    try:
        if img.format in ("JPEG", "MPO"):
            img.draft(img.mode, box)
        with _no_bomb_warning():
            img.load()
    except OSError as exc:
        if "truncated" in str(exc):
            raise BadImage(MSG_TRUNCATED) from None
        raise BadImage(msg_corrupt(_detail(exc))) from None
    except Exception as exc:
        raise BadImage(msg_corrupt(_detail(exc))) from None


def _normalise(img: Image.Image, keep_alpha: bool) -> Image.Image:
    """Any Pillow mode -> RGB or RGBA in sRGB, with every piece of metadata dropped."""
    icc = img.info.get("icc_profile")
    if img.mode in ("I;16", "I;16B", "I;16L", "I;16N", "I"):
        # 16-bit greyscale (PNG, TIFF): scale to 8 bits instead of clipping at 255
        img = img.convert("I").point(lambda v: v * (1 / 256)).convert("L")
    elif img.mode == "F":
        img = img.convert("L")
    if img.mode == "CMYK":
        img = _to_srgb(img, icc, "RGB") if icc else img.convert("RGB")
        icc = None
    has_alpha = keep_alpha and (
        img.mode in ALPHA_MODES or (img.mode == "P" and "transparency" in img.info)
    )
    target = "RGBA" if has_alpha else "RGB"
    if img.mode != target:
        img = img.convert(target)
    if icc and not _is_srgb(icc):
        img = _to_srgb(img, icc, target)
    img.info = {}  # EXIF, XMP, ICC, comments: encoders copy whatever is left here
    return img


SRGB = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))


def _is_srgb(icc: bytes) -> bool:
    try:
        description = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(icc)))
    except Exception:
        return True
    return "srgb" in description.lower()


def _to_srgb(img: Image.Image, icc: bytes, mode: str) -> Image.Image:
    """Convert from the embedded profile (an iPhone's Display P3, a print shop's CMYK) to
    sRGB, which browsers assume when a file has no profile: colours stay as the camera saw."""
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        converted = ImageCms.profileToProfile(img, source, SRGB, outputMode=mode)
        return converted if converted is not None else img
    except Exception as exc:
        log.debug("ignoring unusable ICC profile: %s", exc)
        return img if img.mode == mode else img.convert(mode)


def _looks_like_heif(path: Path) -> bool:
    with path.open("rb") as handle:
        head = handle.read(32)
    return head[4:8] == b"ftyp" and head[8:12] in (b"heic", b"heix", b"mif1", b"msf1", b"hevc")


def _pixels_from(exc: Exception) -> int:
    digits = [int(word) for word in str(exc).replace("(", " ").split() if word.isdigit()]
    return digits[0] if digits else 0


def _detail(exc: Exception) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text[:120]
