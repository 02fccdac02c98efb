"""Running the project's Node.js scripts: the app's and the admin's bundlers, the prerenderer.

One way to find node, to tell that `make install` was not run, and to turn a script that
fails, hangs or cannot start into a BuildError whose first line says what failed (the
script's own output follows it, where the file and line of a syntax error are).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

from ..cache import DONE, KEY_LENGTH, WORK_PREFIX, make_entry
from ..errors import BuildError
from ..files import file_digest

# The end of a failed script's output is kept: node prints the error last, after whatever
# the script logged, and a message of thousands of lines helps nobody.
DETAIL_CHARS = 4000
BUNDLER = "build.mjs"  # site-src/ and cms/ each bundle with their own


def find_node(needed_by: str) -> str:
    """The node executable; needed_by completes "... needs Node.js": "the app bundle"."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"node is not installed: {needed_by} needs Node.js 20 or newer")
    return node


def require_packages(folder: Path, package: str) -> None:
    """`make install` ran in folder: one package the script imports is in its node_modules."""
    if not (folder / "node_modules" / package).is_dir():
        raise BuildError(f"{folder}/node_modules is missing: run `make install` first")


def run_script(
    node: str,
    args: list[str],
    doing: str,
    *,
    script: str = "",
    cwd: Path | None = None,
    stdin: str | None = None,
    timeout_s: float | None = None,
) -> str:
    """Run `node args...` and return what it printed; a failure is a BuildError that says
    "<doing> failed (<script>):" with the script's output, a timeout "<doing> took over ...".
    """
    try:
        proc = subprocess.run(
            [node, *args],
            cwd=cwd,
            input=stdin,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=timeout_s,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise BuildError(f"{doing} took over {timeout_s:g} s") from None
    if proc.returncode != 0:
        where = f" ({script})" if script else ""
        detail = (proc.stderr or proc.stdout).strip()[-DETAIL_CHARS:]
        raise BuildError(f"{doing} failed{where}:\n{detail}")
    return proc.stdout


def run_bundler(folder: Path, package: str, args: list[str], what: str) -> dict:
    """Run folder's build.mjs (the app's or the admin's esbuild script) with args and return
    the JSON summary it prints; what names the bundle in messages ("the app", "the admin")."""
    node = find_node(f"{what} bundle")
    require_packages(folder, package)
    where = f"{folder.name}/{BUNDLER}"
    printed = run_script(node, [BUNDLER, *args], f"bundling {what}", script=where, cwd=folder)
    try:
        return json.loads(printed)
    except json.JSONDecodeError as exc:
        raise BuildError(f"{where} printed no summary: {exc}") from exc


# What the app's bundle is made from, besides src/ (node_modules is pinned by the lock file).
BUNDLE_INPUTS = ("build.mjs", "package.json", "package-lock.json", "tsconfig.json")
OUTDIR_TOKEN = "@@OUTDIR@@"


def bundle_inputs_key(folder: Path, args: list[str]) -> str:
    """A hash of every file the bundler reads from folder (src/ and BUNDLE_INPUTS) and of its
    arguments but --outdir: the same key, the same bundle."""
    digest = hashlib.sha256(json.dumps([a for a in args if a != "--outdir"]).encode())
    files = [folder / name for name in BUNDLE_INPUTS]
    files += sorted(p for p in (folder / "src").rglob("*") if p.is_file())
    for path in files:
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except FileNotFoundError:
            digest.update(b"missing")
        digest.update(b"\0")
    return digest.hexdigest()[:KEY_LENGTH]


def run_bundler_cached(
    folder: Path, package: str, args: list[str], what: str, outdir: Path, cache: Path
) -> dict:
    """run_bundler into outdir, unless a bundle of the same inputs is in cache: then its files
    are copied into outdir (esbuild takes about a second; a copy of 50 files a few ms). Only
    the newest bundle is kept; paths in the summary point into outdir either way.

    The key covers folder's own inputs (bundle_inputs_key); the files the last bundle read
    from outside folder (the contact function's contract.json), as esbuild's metafile lists
    them, are kept with their digests in the entry and checked on every reuse."""
    entry = cache / bundle_inputs_key(folder, args)
    outdir = outdir.resolve()
    shown_outdir = json.dumps(str(outdir))[1:-1]  # as the summary's JSON writes it

    def make(work: Path) -> None:
        summary = run_bundler(folder, package, [*args, "--outdir", str(outdir)], what)
        shutil.copytree(outdir, work / "files")
        text = json.dumps(summary).replace(shown_outdir, OUTDIR_TOKEN)
        (work / "summary.json").write_text(text, "utf-8")
        (work / "outside.json").write_text(json.dumps(_outside_inputs(folder, outdir)))

    if (entry / DONE).is_file() and not _outside_unchanged(folder, entry):
        shutil.rmtree(entry, ignore_errors=True)
    if make_entry(entry, make):
        for other in cache.iterdir():
            if other != entry and not other.name.startswith(WORK_PREFIX):
                shutil.rmtree(other, ignore_errors=True)
    else:
        shutil.copytree(entry / "files", outdir, dirs_exist_ok=True)
    text = (entry / "summary.json").read_text("utf-8")
    return json.loads(text.replace(OUTDIR_TOKEN, shown_outdir))


METAFILE = "bundle-meta.json"  # esbuild's metafile, as build.mjs writes it into --outdir


def _outside_inputs(folder: Path, outdir: Path) -> dict[str, str]:
    """The files outside folder (but for node_modules) the bundle read, with their digests."""
    try:
        inputs = json.loads((outdir / METAFILE).read_text("utf-8"))["inputs"]
    except (OSError, ValueError, KeyError):
        return {}
    return {
        name: file_digest(folder / name)
        for name in inputs
        if name.startswith("../") and "node_modules" not in name and (folder / name).is_file()
    }


def _outside_unchanged(folder: Path, entry: Path) -> bool:
    try:
        outside = json.loads((entry / "outside.json").read_text("utf-8"))
        return all(file_digest(folder / name) == digest for name, digest in outside.items())
    except (OSError, ValueError, AttributeError):
        return False
