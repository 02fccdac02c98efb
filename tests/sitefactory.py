"""Small fixture sites built from a dict of {path: text or bytes}, for unit and build tests."""

from __future__ import annotations

import functools
import io
import os
import subprocess
from pathlib import Path

SITE_YAML = """\
name: Test Studio
base_url: https://studio.example
phone: "(214) 555-0100"
email: hello@studio.example
address:
  street: 1 Test Road
  city: Addison
  region: TX
  postal_code: 75001
hours:
  - days: Monday - Thursday
    time: 12pm - 10pm
  - days: Sunday
    time: 12pm - 8pm
hours_notes:
  - Walk-ins welcome, appointments preferred.
socials:
  instagram: https://instagram.com/test
  facebook: https://facebook.com/test
  tiktok: https://tiktok.com/@test
stats:
  work:
    - {value: 500+, label: Pieces}
  legacy:
    - {value: 30+, label: Years}
timeline:
  - period: 1996
    title: The Beginning
    text: Founded.
values:
  - title: Safety First
    text: Always.
memorial:
  name: The Founder
  born: 1970
  died: 2022
  text: Remembered.
brands:
  - name: Brand One
    logo: brand-one.png
    url: https://brand.example
videos:
  intro: {source: clip.mp4}
  hero: {source: clip.mp4}
  studio: {source: clip.mp4}
  piercing: {source: clip.mp4}
  scroll_sequence: {source: clip.mp4, start_frame: 2, end_frame: 4}
credit:
  name: Agency
  url: https://agency.example
in_memory: In loving memory of the founder.
founded: "1996"
"""

ARTIST_YAML = """\
name: {name}
photo: {photo}
years_experience: 7
specialties:
  - Fine Line
  - Blackwork
instagram: "@{slug}"
bio: A short bio.
order: {order}
"""


def jpeg(
    width: int = 64, height: int = 48, color: tuple = (180, 60, 40), orientation: int | None = None
) -> bytes:
    from PIL import Image

    img = Image.new("RGB", (width, height), color)
    buf = io.BytesIO()
    exif = Image.Exif()
    if orientation:
        exif[0x0112] = orientation
    img.save(buf, "JPEG", quality=85, exif=exif.tobytes())
    return buf.getvalue()


def png(width: int = 40, height: int = 20) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGBA", (width, height), (255, 255, 255, 128)).save(buf, "PNG")
    return buf.getvalue()


@functools.cache
def tiny_video() -> bytes:
    """A 10-second 160x90 H.264 clip at 10 fps, made once per test run with imageio-ffmpeg."""
    import imageio_ffmpeg

    out = Path(__file__).resolve().parent.parent / ".cache" / "test-assets" / "clip.mp4"
    if not out.is_file():
        out.parent.mkdir(parents=True, exist_ok=True)
        # Both test workers may make it at once on a fresh clone: each writes a file of its own
        # and renames it into place, so no worker ever reads a clip another is still writing.
        partial = out.with_name(f"clip-{os.getpid()}.partial.mp4")
        subprocess.run(
            [
                imageio_ffmpeg.get_ffmpeg_exe(),
                "-v",
                "error",
                "-y",
                "-f",
                "lavfi",
                "-i",
                "testsrc=size=160x90:rate=10:duration=10",
                "-pix_fmt",
                "yuv420p",
                "-c:v",
                "libx264",
                "-preset",
                "ultrafast",
                str(partial),
            ],
            check=True,
        )
        os.replace(partial, out)
    return out.read_bytes()


def minimal_site() -> dict[str, str | bytes]:
    """A valid site: two artists, three pieces, both guides, one brand, one video."""
    return {
        "site.yaml": SITE_YAML,
        "artists/jane-doe.yaml": ARTIST_YAML.format(
            name="Jane Doe", photo="jane.jpg", slug="jane", order=2
        ),
        "artists/max-ink.yaml": ARTIST_YAML.format(
            name="Max Ink", photo="max.jpg", slug="max", order=1
        ),
        "portfolio/jane-doe.yaml": "- file: rose.jpg\n  title: Rose\n- file: koi.jpg\n  title: Koi\n",
        "portfolio/max-ink.yaml": "- file: skull.jpg\n  title: Skull\n",
        "aftercare/tattoo.md": "# Tattoo\n\n- Wash **gently**\n",
        "aftercare/piercing.md": "# Piercing\n\n| Day | Do |\n|---|---|\n| 1 | Rinse |\n",
        "images/artists/jane.jpg": jpeg(),
        "images/artists/max.jpg": jpeg(color=(20, 20, 20)),
        "images/work/rose.jpg": jpeg(80, 60),
        "images/work/koi.jpg": jpeg(60, 80),
        "images/work/skull.jpg": jpeg(50, 50),
        "images/brands/brand-one.png": png(),
        "videos/clip.mp4": tiny_video(),
    }


def launch_ready_site() -> dict[str, str | bytes]:
    """The minimal site with real-looking studio facts: it passes `check --launch`."""
    site = (
        SITE_YAML.replace("https://studio.example", "https://www.crimson-crown-tattoo.com")
        .replace("(214) 555-0100", "(214) 869-4410")
        .replace("hello@studio.example", "hello@crimson-crown-tattoo.com")
        .replace("https://brand.example", "https://www.brand-one-jewelry.com")
        .replace("https://agency.example", "https://www.nightshift-web.com")
    )
    return {**minimal_site(), "site.yaml": site}


def without_small_photos(warnings: list) -> list:
    """Warnings other than "too small for where it is shown": the fixture's photos are tiny
    on purpose (builds stay fast), so every fixture build warns about each of them."""
    return [w for w in warnings if "pixels, so it looks soft" not in w.message]


def write_site(root: Path, files: dict[str, str | bytes | None]) -> Path:
    """Write files under root; a value of None removes that file from the dict's site."""
    root.mkdir(parents=True, exist_ok=True)
    for rel, data in files.items():
        if data is None:
            continue
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data, encoding="utf-8")
    return root


def make_site(root: Path, **changes: str | bytes | None) -> Path:
    """The minimal site with some files changed (keys use '__' for '/': artists__x_yaml)."""
    files = minimal_site()
    for key, value in changes.items():
        files[key] = value
    return write_site(root, files)
