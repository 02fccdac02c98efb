"""The image pipeline, through the build (pipeline.build) and the command line (CliRunner)."""

from __future__ import annotations

import base64
import io
import json
import math
import random
import struct
import subprocess
import sys
import threading
import zlib
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageCms, ImageStat

from build import cli
from generator import pipeline
from generator.cache import cache_key
from generator.errors import ContentError
from generator.images import encode as images_encode
from generator.images import process as images_process
from generator.images import settings as images_settings
from generator.images.process import ImageJob, process_images
from generator.images.settings import output_widths
from generator.output import Output
from generator.reporter import BufferReporter
from sitefactory import jpeg, png, write_site

# ---------------------------------------------------------------- helpers


@pytest.fixture(autouse=True)
def in_tmp_path(tmp_path, monkeypatch):
    """Build with relative paths, so messages name content/... as an editor sees it."""
    monkeypatch.chdir(tmp_path)


def build_site(tmp_path: Path, files: dict) -> tuple[Path, BufferReporter]:
    write_site(tmp_path / "content", files)
    reporter = BufferReporter()
    pipeline.build(pipeline.Paths.make("content", "dist", "cache"), reporter)
    return tmp_path / "dist", reporter


def summary(reporter: BufferReporter) -> str:
    return next(line for line in reporter.lines if line.startswith("images:"))


def work_items(dist: Path) -> dict[str, dict]:
    items = json.loads((dist / "api/portfolio/all.json").read_text())
    return {item["filename"]: item for item in items}


def urls_of(meta: dict) -> list[tuple[str, int]]:
    """Every (url, width) a browser may fetch for one image."""
    found = []
    for srcset in [meta["srcset"]] + [source["srcset"] for source in meta["sources"]]:
        for entry in srcset.split(", "):
            url, width = entry.rsplit(" ", 1)
            found.append((url, int(width[:-1])))
    return found


def open_output(dist: Path, url: str) -> Image.Image:
    return Image.open(dist / url.lstrip("/"))


def two_halves(width: int, height: int) -> Image.Image:
    """Left half red, right half blue: shows which way an image was turned."""
    img = Image.new("RGB", (width, height), (220, 30, 30))
    img.paste((30, 30, 220), (width // 2, 0, width, height))
    return img


def encoded(img: Image.Image, fmt: str, **options) -> bytes:
    buffer = io.BytesIO()
    img.save(buffer, fmt, **options)
    return buffer.getvalue()


def png_header_only(width: int, height: int) -> bytes:
    """A PNG that claims a huge size: the header alone, as a decompression bomb starts."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(b""))
        + chunk(b"IEND", b"")
    )


# ---------------------------------------------------------------- orientation, metadata, sizes


def test_rotated_exif_source_comes_out_upright_in_every_format(tmp_path, site_files):
    # stored sideways (80x40) with EXIF orientation 6: turn 90 degrees clockwise to view,
    # so the stored left (red) half ends on top of a 40x80 portrait
    exif = Image.Exif()
    exif[0x0112] = 6
    site_files["images/work/rose.jpg"] = encoded(two_halves(80, 40), "JPEG", quality=95, exif=exif)
    dist, _ = build_site(tmp_path, site_files)

    rose = work_items(dist)["rose.jpg"]
    assert (rose["width"], rose["height"]) == (40, 80)
    for url, _ in urls_of(rose):
        with open_output(dist, url) as img:
            assert img.size == (40, 80), url
            rgb = img.convert("RGB")
            top, bottom = rgb.getpixel((20, 10)), rgb.getpixel((20, 70))
            assert top[0] > 150 and top[2] < 100, (url, top)  # red on top
            assert bottom[2] > 150 and bottom[0] < 100, (url, bottom)  # blue below


def test_no_exif_gps_xmp_or_profile_in_any_output(tmp_path, site_files):
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"
    exif[0x0112] = 1
    gps = exif.get_ifd(0x8825)
    gps.update({1: "N", 2: (32.0, 57.0, 36.0), 3: "W", 4: (96.0, 49.0, 48.0)})
    xmp = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>'
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    photo = encoded(
        Image.new("RGB", (90, 60), (120, 80, 40)),
        "JPEG",
        exif=exif,
        xmp=xmp,
        icc_profile=srgb,
        comment=b"shot at 1 Secret Lane",
    )
    with Image.open(io.BytesIO(photo)) as check:  # the fixture really carries it all
        assert check.getexif().get_ifd(0x8825) and "icc_profile" in check.info
    site_files["images/work/rose.jpg"] = photo
    site_files["images/artists/jane.jpg"] = photo
    dist, _ = build_site(tmp_path, site_files)

    outputs = [p for p in (dist / "images").rglob("*") if p.is_file()]
    outputs += [p for p in (dist / "assets/img").rglob("*") if p.is_file()]
    assert len(outputs) >= 18
    for path in outputs:
        raw = path.read_bytes()
        for marker in (b"Exif", b"PhoneMaker", b"Secret Lane", b"xmpmeta", b"ICC_PROFILE"):
            assert marker not in raw, (path.name, marker)
        with Image.open(path) as img:
            assert not img.getexif(), path.name
            assert not {"exif", "xmp", "icc_profile", "comment"} & set(img.info), path.name


@pytest.mark.parametrize(
    ("source_width", "ladder", "expected"),
    [
        (4032, (480, 960, 1440, 1920), [480, 960, 1440, 1920]),  # phone photo: every width
        (1920, (480, 960, 1440, 1920), [480, 960, 1440, 1920]),
        (1700, (480, 960, 1440, 1920), [480, 960, 1440, 1700]),  # its own width, not upscaled
        (1000, (480, 960, 1440, 1920), [480, 960]),  # within 10% of 960: not worth a file
        (300, (480, 960, 1440, 1920), [300]),  # smaller than every width: as it is
        (480, (240, 480), [240, 480]),
    ],
)
def test_output_widths_never_upscale(source_width, ladder, expected):
    assert output_widths(source_width, ladder) == expected


def test_small_originals_are_not_upscaled(tmp_path, site_files):
    site_files["images/work/rose.jpg"] = jpeg(600, 450)
    dist, _ = build_site(tmp_path, site_files)

    rose = work_items(dist)["rose.jpg"]
    assert (rose["width"], rose["height"]) == (600, 450)
    widths = sorted({width for _, width in urls_of(rose)})
    assert widths == [480, 600]
    for url, width in urls_of(rose):
        with open_output(dist, url) as img:
            assert img.size == (width, round(width * 450 / 600)), url
    with Image.open(dist / "images/work/rose.jpg") as spec_file:  # the spec path: largest JPEG
        assert spec_file.format == "JPEG" and spec_file.size == (600, 450)


def test_resized_pixels_match_a_one_step_lanczos_from_the_full_decode(tmp_path, monkeypatch):
    # fine detail everywhere: decoded with JPEG's draft mode at half size (2000 -> 1000 px,
    # then 960), these copies were 30-40 dB from the reference, visibly softer
    rng = random.Random(0)
    detail = Image.frombytes("L", (500, 375), rng.randbytes(500 * 375))
    detail = detail.resize((2000, 1500), Image.Resampling.BICUBIC)
    photo = Image.merge(
        "RGB",
        (
            detail,
            detail.transpose(Image.Transpose.FLIP_LEFT_RIGHT),
            detail.transpose(Image.Transpose.FLIP_TOP_BOTTOM),
        ),
    )
    (tmp_path / "jane.jpg").write_bytes(encoded(photo, "JPEG", quality=95))
    made: dict[tuple[int, int], Image.Image] = {}

    def keep_pixels(img: Image.Image, encoding) -> bytes:
        made[img.size] = img.copy()
        return b""

    monkeypatch.setattr(images_encode, "encode", keep_pixels)
    process_images(
        [ImageJob("artists", "jane.jpg", tmp_path / "jane.jpg", "content/images/artists/jane.jpg")],
        Output(tmp_path / "dist"),
        tmp_path / "cache",
        BufferReporter(),
        workers=1,  # inline, so the patched encoder is the one called
    )
    with Image.open(tmp_path / "jane.jpg") as source:
        full = source.convert("RGB")
    assert sorted(made) == [(320, 240), (640, 480), (960, 720)]
    for size, img in made.items():
        rms = ImageStat.Stat(
            ImageChops.difference(img, full.resize(size, Image.Resampling.LANCZOS))
        ).rms
        psnr = 10 * math.log10(255**2 / max(sum(v * v for v in rms) / 3, 1e-9))
        assert psnr > 45, (size, psnr)


@pytest.mark.parametrize(
    ("source", "expected_mode", "pixel"),
    [
        # CMYK print file: pure red is C=0 M=255 Y=255 K=0
        (
            encoded(Image.new("CMYK", (32, 32), (0, 255, 255, 0)), "JPEG", quality=95),
            "RGB",
            (255, 0, 0),
        ),
        # 16-bit greyscale at half scale comes out mid-grey, not clipped white
        (encoded(Image.new("I;16", (32, 32), 32768), "PNG"), "RGB", (128, 128, 128)),
        # palette with a transparent index keeps its transparency
        (encoded(Image.new("P", (32, 32), 0), "PNG", transparency=0), "RGBA", (0, 0, 0, 0)),
        (encoded(Image.new("LA", (32, 32), (200, 100)), "PNG"), "RGBA", (200, 200, 200, 100)),
    ],
    ids=["cmyk", "16-bit", "palette-alpha", "grey-alpha"],
)
def test_modes_are_converted_to_rgb_or_rgba(tmp_path, source, expected_mode, pixel):
    (tmp_path / "logo.png").write_bytes(source)
    out = Output(tmp_path / "dist")
    index = process_images(
        [ImageJob("brands", "logo.png", tmp_path / "logo.png", "content/images/brands/logo.png")],
        out,
        tmp_path / "cache",
        BufferReporter(),
    )
    meta = index[("brands", "logo.png")].to_api()
    for url, _ in urls_of(meta):
        with open_output(tmp_path / "dist", url) as img:
            assert img.mode == expected_mode, url
            got = img.getpixel((16, 16))
            assert all(abs(a - b) <= 6 for a, b in zip(got, pixel, strict=True)), (url, got)


# ---------------------------------------------------------------- the static API


def test_api_gains_image_fields_for_every_image(tmp_path, site_files):
    dist, _ = build_site(tmp_path, site_files)

    items = work_items(dist)
    assert set(items) == {"rose.jpg", "koi.jpg", "skull.jpg"}
    koi = items["koi.jpg"]
    assert koi["src"] == "/images/work/koi.jpg"
    assert (koi["width"], koi["height"]) == (60, 80)
    assert [s["type"] for s in koi["sources"]] == ["image/avif", "image/webp"]
    assert koi["srcset"] == "/images/work/koi.jpg 60w"
    assert koi["placeholder"].startswith("data:image/webp;base64,")
    for item in items.values():
        assert len(item["placeholder"]) < 1024
        with Image.open(io.BytesIO(base64.b64decode(item["placeholder"].split(",", 1)[1]))) as tiny:
            assert max(tiny.size) <= 16
        for url, _ in urls_of(item):
            assert (dist / url.lstrip("/")).is_file(), url
    for url, _ in urls_of(koi)[1:]:
        assert url.startswith("/assets/img/work/koi-60.")

    artists = json.loads((dist / "api/artists.json").read_text())
    assert {a["image"]["src"] for a in artists} == {
        "/images/artists/jane.jpg",
        "/images/artists/max.jpg",
    }
    assert all(
        set(a["image"]) == {"src", "width", "height", "srcset", "sources", "placeholder"}
        for a in artists
    )

    brand = json.loads((dist / "api/site.json").read_text())["brands"][0]["image"]
    assert brand["src"] == "/images/brands/brand-one.png"
    with Image.open(dist / "images/brands/brand-one.png") as logo:  # transparency survives
        assert logo.format == "PNG" and logo.mode == "RGBA" and logo.getpixel((5, 5))[3] == 128


# ---------------------------------------------------------------- bad images


def bad_images() -> dict[str, bytes]:
    noisy = encoded(Image.effect_noise((300, 200), 60).convert("RGB"), "JPEG", quality=90)
    damaged_png = bytearray(encoded(Image.effect_noise((64, 64), 60), "PNG"))
    damaged_png[damaged_png.find(b"IDAT") + 40] ^= 0xFF
    return {
        "images/work/rose.jpg": b"",
        "images/work/koi.jpg": b"these are not the pixels you are looking for",
        "images/work/skull.jpg": noisy[: len(noisy) // 2],
        "images/artists/jane.jpg": png_header_only(12000, 9000),
        "images/artists/max.jpg": b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(64),
        "images/brands/brand-one.png": encoded(Image.new("RGB", (8, 8)), "BMP"),
    }


EXPECTED_BAD = [
    "content/images/artists/jane.jpg: 108 megapixels is over the limit of 100 megapixels "
    "(a decompression bomb or an unreduced scan); resize it before adding it",
    "content/images/artists/max.jpg: HEIC/HEIF photos cannot be shown in browsers; export it "
    "as JPEG (iPhone: Settings > Camera > Formats > Most Compatible)",
    "content/images/brands/brand-one.png: unsupported image format BMP; save it as JPEG, PNG, "
    "WebP, GIF, TIFF or AVIF",
    "content/images/work/koi.jpg: not an image we can read (the file is damaged or of an "
    "unknown type); save it as JPEG, PNG, WebP, GIF, TIFF or AVIF",
    "content/images/work/rose.jpg: the file is empty (0 bytes); add the photo again",
    "content/images/work/skull.jpg: the image data is cut short (a truncated file); copy or "
    "export it again",
]


@pytest.mark.parametrize("command", ["build", "check"])
def test_every_bad_image_is_listed_with_its_message(tmp_path, site_files, monkeypatch, command):
    site_files.update(bad_images())
    write_site(tmp_path / "content", site_files)

    result = CliRunner().invoke(cli, [command], catch_exceptions=False)

    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert [line for line in lines if line.startswith("content/")] == EXPECTED_BAD
    assert lines[-1] == "6 problems found; nothing was published."
    assert "Traceback" not in result.output
    assert not (tmp_path / "dist").exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            png_header_only(20000, 20000),
            "400 megapixels is over the limit of 100 megapixels "
            "(a decompression bomb or an unreduced scan); resize it before adding it",
        ),
        (
            None,
            "the image data is damaged (broken PNG file (bad header checksum in b'IDAT')); "
            "export it again",
        ),
    ],
    ids=["bomb-beyond-pillow-limit", "damaged-png"],
)
def test_more_bad_images_through_the_build(tmp_path, site_files, data, message):
    if data is None:
        damaged = bytearray(png(40, 20))
        damaged[damaged.find(b"IDAT") + 8] ^= 0xFF
        data = bytes(damaged)
    site_files["images/brands/brand-one.png"] = data
    with pytest.raises(ContentError) as error:
        build_site(tmp_path, site_files)
    assert [str(p) for p in error.value.problems] == [
        f"content/images/brands/brand-one.png: {message}"
    ]


def test_oversized_original_warns_but_builds(tmp_path, site_files, monkeypatch):
    brands = replace(images_settings.DEFAULT_SETTINGS.kinds["brands"], oversize_side=30)
    kinds = {**images_settings.DEFAULT_SETTINGS.kinds, "brands": brands}
    monkeypatch.setattr(
        images_settings, "DEFAULT_SETTINGS", replace(images_settings.DEFAULT_SETTINGS, kinds=kinds)
    )
    dist, reporter = build_site(tmp_path, site_files)

    assert (dist / "images/brands/brand-one.png").is_file()
    assert [str(w) for w in reporter.warnings if "brand-one" in w.file] == [
        "content/images/brands/brand-one.png: original is 40x20 (0.0 megapixels) but the site "
        "shows it at most 480 px wide; a copy no larger than 30 px would build faster"
    ]


# ---------------------------------------------------------------- cache


def cache_files(tmp_path: Path) -> set[Path]:
    return set((tmp_path / "cache/images/variants").rglob("*.*"))


def test_unchanged_rebuild_reuses_everything_and_publishes_the_same_bytes(tmp_path, site_files):
    dist, first = build_site(tmp_path, site_files)
    before = {p.relative_to(dist): p.read_bytes() for p in dist.rglob("*") if p.is_file()}
    assert summary(first).startswith("images: 6 processed, 0 reused,")

    dist, second = build_site(tmp_path, site_files)
    assert summary(second).startswith("images: 0 processed, 6 reused,")
    after = {p.relative_to(dist): p.read_bytes() for p in dist.rglob("*") if p.is_file()}
    assert after == before

    site_files["images/work/koi.jpg"] = jpeg(60, 80, color=(10, 200, 10))
    _, third = build_site(tmp_path, site_files)
    assert summary(third).startswith("images: 1 processed, 5 reused,")


def test_quality_change_reencodes_only_that_format(tmp_path, site_files, monkeypatch):
    build_site(tmp_path, site_files)
    known = cache_files(tmp_path)

    kinds = {
        kind: replace(values, avif=replace(values.avif, quality=values.avif.quality - 10))
        for kind, values in images_settings.DEFAULT_SETTINGS.kinds.items()
    }
    monkeypatch.setattr(
        images_settings, "DEFAULT_SETTINGS", replace(images_settings.DEFAULT_SETTINGS, kinds=kinds)
    )
    dist, reporter = build_site(tmp_path, site_files)

    new = cache_files(tmp_path) - known
    assert {p.suffix for p in new} == {".avif"}
    assert len(new) == 6  # one AVIF for each of the six small images
    assert summary(reporter).startswith("images: 6 processed, 0 reused,")
    for item in work_items(dist).values():  # and the API points at the new files
        avif_url = item["sources"][0]["srcset"].split(" ")[0]
        published = (dist / avif_url.lstrip("/")).read_bytes()
        assert any(published == p.read_bytes() for p in new)


def test_width_change_encodes_only_the_new_width(tmp_path, site_files, monkeypatch):
    build_site(tmp_path, site_files)
    known = cache_files(tmp_path)

    work = images_settings.DEFAULT_SETTINGS.kinds["work"]
    kinds = {
        **images_settings.DEFAULT_SETTINGS.kinds,
        "work": replace(work, widths=(32, *work.widths)),
    }
    monkeypatch.setattr(
        images_settings, "DEFAULT_SETTINGS", replace(images_settings.DEFAULT_SETTINGS, kinds=kinds)
    )
    dist, reporter = build_site(tmp_path, site_files)

    new = cache_files(tmp_path) - known
    assert len(new) == 3 * 3  # three portfolio photos, three formats, one new width
    for path in new:
        with Image.open(path) as img:
            assert img.width == 32
    assert summary(reporter).startswith("images: 3 processed, 3 reused,")
    assert sorted(w for _, w in urls_of(work_items(dist)["koi.jpg"]))[:3] == [32, 32, 32]


def test_process_pool_gives_the_same_files_as_inline(tmp_path):
    sources = []
    for index in range(3):
        path = tmp_path / f"photo-{index}.jpg"
        path.write_bytes(jpeg(700, 500, color=(40 * index, 90, 160)))
        sources.append(ImageJob("work", path.name, path, str(path)))
    results = {}
    for workers in (1, 2):
        out = Output(tmp_path / f"dist-{workers}")
        index = process_images(
            sources, out, tmp_path / f"cache-{workers}", BufferReporter(), workers=workers
        )
        files = sorted(p for p in out.root.rglob("*") if p.is_file())
        results[workers] = (
            {key: meta.to_api() for key, meta in index.items()},
            {p.relative_to(out.root): p.read_bytes() for p in files},
        )
    assert results[1] == results[2]
    assert len(results[2][1]) == 3 * 2 * 3  # three photos, widths 480 and 700, three formats


def test_a_lone_photo_shares_the_cores_and_gives_the_same_files(tmp_path, monkeypatch):
    # An editor's one changed photo: its variants are encoded on several threads at once,
    # into the same bytes as one after the other.
    path = tmp_path / "photo.jpg"
    path.write_bytes(jpeg(1200, 800, color=(200, 90, 40)))
    job = ImageJob("work", path.name, path, str(path))
    threads_used: set[int] = set()
    real_encode = images_encode.encode

    def recording_encode(img, enc):
        threads_used.add(threading.get_ident())
        return real_encode(img, enc)

    monkeypatch.setattr(images_encode, "encode", recording_encode)
    monkeypatch.setattr(images_process, "_cpu_count", lambda: 4)
    results = {}
    for name, workers in (("one-thread", 1), ("shared", None)):
        threads_used.clear()
        out = Output(tmp_path / f"dist-{name}")
        process_images([job], out, tmp_path / f"cache-{name}", BufferReporter(), workers=workers)
        results[name] = {
            p.relative_to(out.root): p.read_bytes() for p in out.root.rglob("*") if p.is_file()
        }
        assert (len(threads_used) > 1) == (workers is None), (name, len(threads_used))
    assert results["one-thread"] == results["shared"]
    assert len(results["shared"]) == 3 * 3  # widths 480, 960 and 1200, three formats


def test_pillows_own_bomb_warning_never_reaches_the_output(tmp_path: Path, site_files) -> None:
    # 95 megapixels: over Pillow's default warning limit (89.5), under ours (100). The photo
    # is allowed; what the editor sees is ours (the oversized warning in a build), never
    # Pillow's "DecompressionBombWarning ... could be decompression bomb DOS attack" line.
    logo = io.BytesIO()
    Image.new("1", (10_000, 9_500)).save(logo, "PNG")
    site_files["images/brands/brand-one.png"] = logo.getvalue()
    root = write_site(tmp_path / "content", site_files)
    checked = subprocess.run(
        [sys.executable, "build.py", "check", "--content", str(root)],
        cwd=pipeline.PROJECT_ROOT,
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr
    assert "DecompressionBombWarning" not in checked.stdout + checked.stderr
    assert "warnings.warn" not in checked.stderr


@pytest.mark.parametrize("digest", ["0f" * 32, 'a "quoted" \\ name ü'])
def test_variant_keys_are_the_cache_keys_they_always_were(digest: str) -> None:
    """variant_key writes out cache_key's text by hand for speed: a cache made before must
    still be found (a changed key would re-encode every photo of a studio once)."""
    settings = images_settings
    for encoding in (settings.AVIF, settings.WEBP, settings.JPEG, settings.PNG):
        for width in (240, 480, 1920):
            expected = cache_key(digest, settings.PIPELINE_VERSION, encoding.fingerprint(), width)
            assert settings.variant_key(digest, encoding, width) == expected
