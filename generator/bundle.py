"""Stage: the React app -> hashed assets in dist/assets/ (esbuild).

Placeholder from the Foundation issue: copies site-src/public/ and bundles nothing.
The shell issue replaces bundle_app with the esbuild build; pages.py reads Bundle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .output import Output
from .reporter import Reporter


@dataclass(frozen=True)
class Bundle:
    scripts: tuple[str, ...] = ()  # module entry URLs, in order
    styles: tuple[str, ...] = ()
    preloads: tuple[str, ...] = field(default_factory=tuple)  # modulepreload URLs


def copy_public(site_src: Path, out: Output) -> None:
    """Copy site-src/public/ (logo, favicon, robots.txt) to the root of dist/."""
    public = site_src / "public"
    if not public.is_dir():
        return
    for path in sorted(public.rglob("*")):
        if path.is_file() and not path.name.startswith("."):
            out.copy_file(path.relative_to(public).as_posix(), path)


def bundle_app(site_src: Path, out: Output, cache_dir: Path, reporter: Reporter) -> Bundle:
    copy_public(site_src, out)
    return Bundle()
