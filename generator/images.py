"""Stage: editor photos -> web images.

Placeholder implementation from the Foundation issue: copies each original to the spec's
path and reads its upright size. The image-pipeline issue replaces it with responsive,
metadata-free, cached variants; the interface below is what the rest of the build uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from PIL import Image, ImageOps

from .errors import ContentError, Problem
from .output import Output
from .reporter import Reporter


@dataclass(frozen=True)
class ImageJob:
    kind: str  # "artists" | "work" | "brands"
    name: str  # the editor's file name
    source: Path
    shown: str  # the source as shown in messages (content/images/work/x.jpg)


@dataclass(frozen=True)
class ImageMeta:
    src: str  # URL of the fallback file at the spec's path
    width: int
    height: int
    sources: tuple[dict, ...] = field(default_factory=tuple)  # [{type, srcset}] for <picture>
    srcset: str = ""
    placeholder: str = ""

    def to_api(self) -> dict:
        return {
            "src": self.src,
            "width": self.width,
            "height": self.height,
            "srcset": self.srcset,
            "sources": list(self.sources),
            "placeholder": self.placeholder,
        }


def image_url(kind: str, name: str) -> str:
    return f"/images/{kind}/{quote(name)}"


def check_sources(jobs: list[ImageJob]) -> list[Problem]:
    """Cheap checks (`build.py check`): every source opens as an image."""
    problems = []
    for job in jobs:
        try:
            with Image.open(job.source) as img:
                img.verify()
        except Exception as exc:  # noqa: BLE001 - any decoder failure is the editor's file
            problems.append(Problem(job.shown, None, None, f"not a readable image ({exc})"))
    return problems


def process_images(
    jobs: list[ImageJob], out: Output, cache_dir: Path, reporter: Reporter
) -> dict[tuple[str, str], ImageMeta]:
    problems = check_sources(jobs)
    if problems:
        raise ContentError(problems)
    result = {}
    with reporter.progress("images", len(jobs)) as ticker:
        for job in jobs:
            url = image_url(job.kind, job.name)
            out.copy_file(f"images/{job.kind}/{job.name}", job.source)
            with Image.open(job.source) as img:
                width, height = ImageOps.exif_transpose(img).size
            result[(job.kind, job.name)] = ImageMeta(url, width, height, (), f"{url} {width}w")
            ticker.advance()
    return result
