"""Stage: the editors' admin at /admin/ (Decap CMS): its page, configuration and script.

The configuration comes from the content models (cms.py). The script is bundled by
cms/build.mjs from cms/src/ and the site's preview components; bundling Decap takes seconds
and its inputs rarely change, so the output is cached in the project's .cache/admin/ (it
depends on the project's sources, never on the content) by the hash of every input.
Nothing of it is on a visitor's page: only /admin/index.html loads it (docs/editing.md).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape

from ..cache import WORK_PREFIX, cache_key, make_entry
from ..output import Output
from ..reporter import Reporter
from . import cms
from .bundle import Bundle
from .node import BUNDLER, run_bundler
from .pages import site_json

PLACEHOLDER_REPO = "OWNER/REPOSITORY"
GITHUB_REPO_URL = re.compile(r"github\.com[:/]([\w.-]+/[\w.-]+?)(?:\.git)?/?$")

# What the admin bundle is made of: a change to any of these rebuilds it.
_INPUTS = (
    ("cms", (BUNDLER, "package-lock.json"), ("src",)),
    ("site-src", ("package-lock.json", "tsconfig.json"), ("src",)),
)


@dataclass(frozen=True)
class AdminSettings:
    """Where the admin reads and saves content (README, "Editing in the browser")."""

    repo: str = PLACEHOLDER_REPO  # the GitHub repository, owner/name
    branch: str = "main"
    local_backend: str | None = None  # decap-server's URL under `build.py serve --cms`
    # site.yaml's cms.editorial_workflow: Decap's draft / in review / ready (cms.publish_mode)
    editorial_workflow: bool = False

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> AdminSettings:
        """CMS_GITHUB_REPO and CMS_BRANCH, else the repository Netlify builds (REPOSITORY_URL)."""
        repo = environ.get("CMS_GITHUB_REPO", "").strip()
        if not repo:
            found = GITHUB_REPO_URL.search(environ.get("REPOSITORY_URL", "").strip())
            repo = found.group(1) if found else PLACEHOLDER_REPO
        return cls(repo=repo, branch=environ.get("CMS_BRANCH", "").strip() or "main")

    def backend(self) -> dict:
        # Sign-in through Netlify's GitHub OAuth provider (Decap's default for `github`).
        return {
            "name": "github",
            "repo": self.repo,
            "branch": self.branch,
            "base_url": "https://api.netlify.com",
            "auth_endpoint": "auth",
        }


@dataclass(frozen=True)
class AdminBundle:
    script: str  # URL of the entry script
    styles: tuple[str, ...]
    sizes: dict[str, int]  # URL -> bytes


def content_in_repo(content: Path, repo_root: Path) -> tuple[Path, str]:
    """(repository root, content folder relative to it) as the admin's paths need them.

    A content folder outside the project (a test's fixture site) is its own parent's.
    """
    content = content.resolve()
    root = repo_root.resolve()
    if not content.is_relative_to(root):
        root = content.parent
    return root, content.relative_to(root).as_posix()


def input_digest(project_root: Path) -> str:
    """SHA-256 over the names and bytes of every input of the admin bundle."""
    digest = hashlib.sha256()
    for folder, files, trees in _INPUTS:
        base = project_root / folder
        paths = [base / name for name in files]
        for tree in trees:
            paths += sorted(p for p in (base / tree).rglob("*") if p.is_file())
        for path in paths:
            digest.update(path.relative_to(project_root).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() if path.is_file() else b"(missing)")
            digest.update(b"\0")
    return digest.hexdigest()


def run_build(cms_dir: Path, outdir: Path) -> dict:
    return run_bundler(cms_dir, "decap-cms-app", ["--outdir", str(outdir.resolve())], "the admin")


def cached_build(project_root: Path, cache_dir: Path) -> Path:
    """The folder holding the admin bundle for the current inputs, built if not cached."""
    key = cache_key("admin", input_digest(project_root))

    def build(work: Path) -> None:
        summary = run_build(project_root / "cms", work / "files")
        (work / "summary.json").write_text(json.dumps(summary), "utf-8")

    ready = cache_dir / key
    make_entry(ready, build)
    for old in cache_dir.iterdir():  # one bundle is megabytes: keep only the current one
        if old.name != key and not old.name.startswith(WORK_PREFIX):
            shutil.rmtree(old, ignore_errors=True)
    return ready


def bundle_admin(project_root: Path, out: Output, cache_dir: Path) -> AdminBundle:
    """Copy the (cached) admin bundle into admin/ of the staging folder."""
    ready = cached_build(project_root, cache_dir)
    summary = json.loads((ready / "summary.json").read_text("utf-8"))
    sizes = {}
    for record in summary["files"]:
        out.copy_file(f"admin/{record['file']}", ready / "files" / record["file"])
        sizes[f"/admin/{record['file']}"] = record["bytes"]
    return AdminBundle(
        script=f"/admin/{summary['script']}",
        styles=tuple(f"/admin/{name}" for name in summary["styles"]),
        sizes=sizes,
    )


_env = Environment(
    loader=PackageLoader("generator.site", "templates"),
    autoescape=select_autoescape(["html", "j2"]),
    trim_blocks=True,
    lstrip_blocks=True,
)


def write_admin(
    out: Output,
    content_dir: Path,
    project_root: Path,
    cache_dir: Path,
    app: Bundle,
    data: dict,
    settings: AdminSettings,
    reporter: Reporter,
    published: bool = False,
) -> dict:
    """Write admin/index.html, admin/config.json and the admin's script; return the config.

    published: the build editors will sign in to (production), where a missing repository
    is worth saying; locally and on previews it would only be noise."""
    _, content = content_in_repo(content_dir, project_root)
    config = cms.admin_config(
        content,
        settings.backend(),
        data.get("baseUrl"),
        settings.local_backend,
        editorial_workflow=settings.editorial_workflow,
    )
    admin = bundle_admin(project_root, out, cache_dir)
    out.write_text("admin/config.json", json.dumps(config, indent=2, ensure_ascii=False) + "\n")
    html = _env.get_template("admin.html.j2").render(
        studio=data.get("name", ""),
        admin=admin,
        site_styles=(*app.styles, *app.after_paint_styles),  # previews wait for no paint
        site_json=site_json(data),
    )
    out.write_text("admin/index.html", html)
    kib = sum(admin.sizes.values()) // 1024
    reporter.info(f"admin: /admin/ ({kib} KiB of script and styles, loaded only there)")
    if published and settings.repo == PLACEHOLDER_REPO:
        reporter.info(
            "admin: no GitHub repository known, so editors cannot sign in: set "
            "CMS_GITHUB_REPO=owner/name (Netlify's REPOSITORY_URL is used when set)"
        )
    return config
