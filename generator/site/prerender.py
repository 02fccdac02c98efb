"""Stage: every page rendered to HTML at build time by the app's own components.

The app bundle carries a prerenderer (site-src/src/prerender.tsx, bundled for node by
build.mjs). One node process renders every page from the site data and the answers of the
static API, with React's server renderer; the browser then hydrates that HTML instead of
building the page from nothing (docs/architecture.md#prerendering). For each page it also
reports which API answers the render read: the page embeds exactly those, so the app starts
from the data the HTML was made of.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path

from ..cache import KEY_LENGTH, scratch
from ..errors import BuildError
from ..files import atomic_write_bytes
from .bundle import Bundle
from .node import find_node, run_script

log = logging.getLogger(__name__)

# A render that takes longer than this is stuck (the demo's 13 pages take about a second).
TIMEOUT_S = 300


@dataclass(frozen=True)
class RenderedPage:
    html: str  # the markup inside #root
    head: str  # resource hints React gathered, for <head>
    answers: dict[str, object]  # the API answers the render read, by URL


@dataclass(frozen=True)
class Rendered:
    """Every page, and the interface catalogs' English keys by file (catalog_usage.py)."""

    pages: dict[str, RenderedPage]
    catalog_keys: dict[str, list[list[str]]]


def prerender(
    bundle: Bundle,
    sites: dict[str, dict],
    answers: dict[str, object],
    paths: list[str],
    work_dir: Path,
) -> Rendered:
    """Render every path with the app's prerenderer; a page that fails is a BuildError, and so
    is a Spanish interface catalog that misses a key of the English one.

    sites: the site data by language; a path under /es/ is rendered in Spanish.

    The pages of the last render are kept (work_dir/prerendered/) under a hash of the
    renderer's code and of everything it is given: a build where neither changed (a photo
    replaced, a rebuild with nothing changed) starts no node at all."""
    job = json.dumps({"sites": sites, "answers": answers, "paths": paths}, ensure_ascii=False)
    digest = hashlib.sha256(bundle.prerender_script.encode())
    digest.update(job.encode())
    kept = work_dir / "prerendered" / f"{digest.hexdigest()[:KEY_LENGTH]}.json"
    try:
        printed = kept.read_text("utf-8")
    except OSError:
        printed = None
    if printed is None:
        printed = _render(bundle, job, work_dir)
    try:
        result = json.loads(printed)
        pages = result["pages"]
    except (ValueError, KeyError) as exc:
        raise BuildError(f"the prerenderer printed no result: {exc}") from None
    if result.get("catalogErrors"):
        raise BuildError(
            "the Spanish interface catalog (site-src/src/i18n/es.ts, es/) does not match the"
            " English one:\n" + "\n".join(f"  {line}" for line in result["catalogErrors"])
        )
    rendered = {}
    for page in pages:
        path = page["path"]
        if page["errors"]:
            raise BuildError(f"prerendering {path} failed:\n" + "\n".join(page["errors"]))
        if page["missing"]:
            missing = ", ".join(page["missing"])
            raise BuildError(
                f"prerendering {path}: the app asked for {missing}, which the build does not write"
            )
        rendered[path] = RenderedPage(page["html"], page["head"], page["answers"])
    _keep(kept, printed)
    return Rendered(rendered, result.get("catalogKeys", {}))


def _render(bundle: Bundle, job: str, work_dir: Path) -> str:
    node = find_node("prerendering the pages")
    with scratch(work_dir, "prerender-") as tmp:
        script = tmp / "prerender.mjs"
        script.write_text(bundle.prerender_script, "utf-8")
        return run_script(
            node, [str(script)], "prerendering the pages", stdin=job, timeout_s=TIMEOUT_S
        )


def _keep(kept: Path, printed: str) -> None:
    """Keep this render, and only this one (each is the whole site's pages)."""
    if kept.is_file():
        return
    try:
        atomic_write_bytes(kept, printed.encode("utf-8"))
        for other in kept.parent.glob("*.json"):
            if other != kept:
                other.unlink(missing_ok=True)
    except OSError as error:
        log.warning("could not keep the prerendered pages: %s", error)
