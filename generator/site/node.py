"""Running the project's Node.js scripts: the app's and the admin's bundlers, the prerenderer.

One way to find node, to tell that `make install` was not run, and to turn a script that
fails, hangs or cannot start into a BuildError whose first line says what failed (the
script's own output follows it, where the file and line of a syntax error are).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from ..errors import BuildError

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
