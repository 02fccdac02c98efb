"""Production builds report themselves on GitHub (netlify/plugins/commit-status), so the admin
can tell an editor whether their last change went live (docs/deploy-status.md).

Each test runs Netlify's own engine (`netlify build --offline`, pinned netlify-cli) on a small
project that loads the plugin as netlify.toml does, with the variables Netlify sets on its
build machines, and GitHub's API answered by a recording stand-in on this machine. The whole
production build with the plugin is in test_netlify_build.py.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sys
from pathlib import Path

import pytest
from netlify_support import ROOT, netlify_build
from recording_server import Received, recording_server

from sitefactory import launch_ready_site, write_site

pytestmark = pytest.mark.netlify

SHA = "3f6c1d2e4b5a69788796a5b4c3d2e1f001122334"
DEPLOY_ID = "6650f1c2a3b4c5d6e7f80912"
TOKEN = "github_pat_11STATUS0123456789abcdef"
STATUS_PATH = f"/repos/studio/site/statuses/{SHA}"
CONTEXT = "netlify/studio-site/production"
DEPLOY_LOG = f"https://app.netlify.com/sites/studio-site/deploys/{DEPLOY_ID}"


def netlify_env(api: str, **changes: str | None) -> dict[str, str]:
    """What Netlify's build machine sets (and the token the operator adds), GitHub at api."""
    env = {
        **os.environ,
        "GITHUB_STATUS_TOKEN": TOKEN,
        "REPOSITORY_URL": "https://github.com/studio/site",
        "COMMIT_REF": SHA,
        "SITE_NAME": "studio-site",
        "DEPLOY_ID": DEPLOY_ID,
        "COMMIT_STATUS_API_URL": api,
    }
    for name, value in changes.items():
        env.pop(name, None)
        if value is not None:
            env[name] = value
    return env


def project(root: Path, command: str) -> Path:
    """A Netlify project whose build command is command, with the plugin as netlify.toml
    loads it."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "netlify" / "plugins", root / "netlify" / "plugins")
    real = (ROOT / "netlify.toml").read_text("utf-8")
    assert '[[plugins]]\n  package = "/netlify/plugins/commit-status"' in real
    (root / "netlify.toml").write_text(
        "[build]\n"
        f"  command = {json.dumps(command)}\n"
        '  publish = "dist"\n'
        "[[plugins]]\n"
        '  package = "/netlify/plugins/commit-status"\n',
        "utf-8",
    )
    return root


def statuses(received: list[Received]) -> list[dict]:
    for request in received:
        assert (request.method, request.path) == ("POST", STATUS_PATH)
        assert request.headers["authorization"] == f"Bearer {TOKEN}"
        assert request.headers["accept"] == "application/vnd.github+json"
    return [json.loads(request.body) for request in received]


WRITES_A_PAGE = f"{sys.executable} -c \"import pathlib; p = pathlib.Path('dist'); "
WRITES_A_PAGE += "p.mkdir(); (p / 'index.html').write_text('ok')\""


def test_a_production_build_reports_pending_then_live_on_its_commit(tmp_path: Path) -> None:
    site = project(tmp_path / "site", WRITES_A_PAGE)
    with recording_server(status=201, answer=b"{}") as (api, received):
        done = netlify_build(site, netlify_env(api))
    assert done.returncode == 0, done.stdout[-3000:]
    assert statuses(received) == [
        {
            "state": "pending",
            "context": CONTEXT,
            "description": "Building the site with this change...",
            "target_url": DEPLOY_LOG,
        },
        {
            "state": "success",
            "context": CONTEXT,
            "description": "Live: the site was built and published with this change.",
            "target_url": DEPLOY_LOG,
        },
    ]
    assert TOKEN not in done.stdout


def refused_build(site: Path, files: dict, **changes: str | None) -> dict:
    """Run the build command as scripts/netlify_build.py runs `build.py build` (its "site"
    step) on files, with Netlify's production settings changed by changes; the failure
    status it posted."""
    write_site(site / "content", files)
    build = [sys.executable, str(ROOT / "build.py"), "build"]  # content/ and dist/ of site
    step = (
        f"import pathlib, sys; sys.path.insert(0, {str(ROOT / 'scripts')!r}); "
        f"import netlify_build; "
        f"netlify_build.step('site', {build!r}, cwd=pathlib.Path.cwd(), reports=True)"
    )
    project(site, shlex.join([sys.executable, "-c", step]))
    production = {
        "CONTACT_FUNCTION_URL": "https://abc123.lambda-url.us-east-1.on.aws/",
        "CONTACT_UPLOADS_URL": "https://uploads-123456789012.s3.us-east-1.amazonaws.com",
        "URL": "https://www.crimson-crown-tattoo.com",
    }
    with recording_server(status=201, answer=b"{}") as (api, received):
        done = netlify_build(site, netlify_env(api, **(production | changes)))
    assert done.returncode != 0
    assert "site failed (exit status 1); nothing was published" in done.stdout
    pending, failure = statuses(received)
    assert pending["state"] == "pending"
    assert failure["state"] == "failure"
    assert failure["target_url"] == DEPLOY_LOG
    assert len(failure["description"]) <= 140
    return failure


def test_a_refused_build_reports_the_first_problem_build_py_found(tmp_path: Path) -> None:
    """Content with two mistakes: the status names the first, file:line: field, and how many
    more, with the path as editors see it."""
    files = launch_ready_site()
    files["artists/jane-doe.yaml"] = files["artists/jane-doe.yaml"].replace(
        "name: Jane Doe", "name: Jane Doe\ninstagarm: '@jane'"
    )
    files["portfolio/max-ink.yaml"] += "- file: missing.jpg\n  title: Gone\n"
    failure = refused_build(tmp_path / "site", files)
    assert failure["description"].startswith("content/artists/jane-doe.yaml:2: instagarm: ")
    assert failure["description"].endswith("(and 1 more)")


def test_a_build_refused_for_its_settings_reports_the_setting(tmp_path: Path) -> None:
    failure = refused_build(tmp_path / "site", launch_ready_site(), CONTACT_FUNCTION_URL=None)
    assert failure["description"].startswith("CONTACT_FUNCTION_URL is not set, so the contact")


def test_a_long_reason_is_cut_to_what_github_keeps(tmp_path: Path) -> None:
    reason = "content/site.yaml:3: studio.name: " + "far too long a reason " * 20
    fails = (
        f"{sys.executable} -c \"import pathlib, sys; p = pathlib.Path('.cache'); p.mkdir(); "
        f"(p / 'build-failure.txt').write_text({reason!r}); sys.exit(1)\""
    )
    site = project(tmp_path / "site", fails)
    with recording_server(status=201, answer=b"{}") as (api, received):
        netlify_build(site, netlify_env(api))
    failure = statuses(received)[-1]
    assert failure["state"] == "failure"
    assert len(failure["description"]) == 140
    assert failure["description"] == reason[:139] + "\u2026"


@pytest.mark.parametrize(
    ("flags", "changes", "said"),
    [
        (("--context", "deploy-preview"), {}, None),
        ((), {"GITHUB_STATUS_TOKEN": None}, "GITHUB_STATUS_TOKEN is not set"),
        ((), {"REPOSITORY_URL": "https://gitlab.com/studio/site"}, "not a GitHub repository"),
        ((), {"COMMIT_REF": "main; rm -rf /"}, "COMMIT_REF"),
    ],
)
def test_nothing_is_posted_outside_production_or_without_what_it_needs(
    tmp_path: Path, flags: tuple[str, ...], changes: dict, said: str | None
) -> None:
    site = project(tmp_path / "site", WRITES_A_PAGE)
    with recording_server(status=201, answer=b"{}") as (api, received):
        done = netlify_build(site, netlify_env(api, **changes), *flags)
    assert done.returncode == 0, done.stdout[-3000:]
    assert received == []
    if said:
        assert said in done.stdout


def test_github_refusing_the_status_does_not_fail_the_build(tmp_path: Path) -> None:
    site = project(tmp_path / "site", WRITES_A_PAGE)
    with recording_server(status=403, answer=b'{"message": "Resource not accessible"}') as (
        api,
        received,
    ):
        done = netlify_build(site, netlify_env(api))
    assert done.returncode == 0, done.stdout[-3000:]
    assert len(received) == 2
    assert "commit status: success not posted (403)" in done.stdout
