"""Netlify's ignore command (netlify.toml `[build] ignore`): a commit that changes only what the
site is not built from is not deployed (issue #40). The command runs as Netlify runs it (Bash,
from the base directory, CACHED_COMMIT_REF and COMMIT_REF set) in a real git repository made
from this one's files; exit 0 cancels the build, anything else builds."""

from __future__ import annotations

import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
INPUTS = ROOT / "scripts" / "build_inputs.txt"
SKIP, BUILD = 0, 1

# What the site is not built from: every tracked file must be under one of these or in
# scripts/build_inputs.txt, so a new folder cannot be left out of both unnoticed.
NOT_BUILT_FROM = (
    "docs/",
    "tests/",
    "bench/",
    ".github/",
    ".ci/",
    "tools/",
    "devserver/",  # build.py serve's, not the build's
    "functions/",  # the contact function, deployed to AWS by deploy-function
    "scripts/",  # maintainers' tools (the build's own scripts are listed)
    "README.md",
    "Makefile",
    "pyproject.toml",  # Netlify installs requirements.txt
    ".gitignore",
)


def inputs() -> list[str]:
    lines = INPUTS.read_text("utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def matches(path: str, spec: str) -> bool:
    return path.startswith(spec) if spec.endswith("/") else path == spec


def ignore_command() -> str:
    return tomllib.loads((ROOT / "netlify.toml").read_text("utf-8"))["build"]["ignore"]


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=repo, check=True, capture_output=True, text=True
    ).stdout.strip()


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git repository holding the build's scripts, one file under each listed path and a
    file of each kind the site is not built from, committed once."""
    repo = tmp_path / "site"
    for spec in inputs():
        target = repo / (spec + "file.txt" if spec.endswith("/") else spec)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("first\n", "utf-8")
    for name in ("netlify.toml", "scripts/netlify_ignore.sh", "scripts/build_inputs.txt"):
        shutil.copy(ROOT / name, repo / name)
    for name in ("docs/contact.md", "tests/test_x.py", "bench/cost.py", ".github/ci.yml"):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text("first\n", "utf-8")
    (repo / "README.md").write_text("first\n", "utf-8")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    commit(repo, "first")
    return repo


def commit(repo: Path, message: str) -> str:
    env = ["-c", "user.name=Editor", "-c", "user.email=editor@example.com"]
    git(repo, *env, "commit", "-q", "--allow-empty", "-m", message)
    return git(repo, "rev-parse", "HEAD")


def change(repo: Path, *names: str) -> str:
    """Commit a change to each of names (new files included); the commit's hash."""
    for name in names:
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("changed\n", "utf-8")
    git(repo, "add", "-A")
    return commit(repo, f"change {' '.join(names)}")


def ignore(repo: Path, cached: str | None, current: str) -> subprocess.CompletedProcess[str]:
    """netlify.toml's ignore command, as Netlify's build runs it."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(repo.parent), "COMMIT_REF": current}
    if cached is not None:
        env["CACHED_COMMIT_REF"] = cached
    return subprocess.run(
        ["bash", "-c", ignore_command()],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("changed", "expected"),
    [
        (["content/artists/jane-doe.yaml"], BUILD),  # an editor's save
        (["content/images/work/new-piece.jpg"], BUILD),
        (["site-src/src/app.tsx"], BUILD),
        (["generator/pipeline.py"], BUILD),
        (["cms/package-lock.json"], BUILD),
        (["functions/contact/contract.json"], BUILD),
        (["netlify.toml"], BUILD),
        (["requirements.txt"], BUILD),
        (["docs/contact.md", "content/site.yaml"], BUILD),  # docs with content: built
        (["docs/contact.md"], SKIP),
        (["README.md", "docs/editing.md"], SKIP),
        (["tests/test_x.py", "bench/cost.py"], SKIP),
        ([".github/workflows/scheduled-build.yml"], SKIP),
    ],
)
def test_a_commit_is_built_when_it_changes_what_the_site_is_built_from(
    repo: Path, changed: list[str], expected: int
) -> None:
    before = git(repo, "rev-parse", "HEAD")
    after = change(repo, *changed)
    result = ignore(repo, before, after)
    assert result.returncode == expected, result.stdout + result.stderr
    assert ("no deploy" in result.stdout) == (expected == SKIP), result.stdout


def test_several_commits_since_the_last_build_are_all_counted(repo: Path) -> None:
    before = git(repo, "rev-parse", "HEAD")
    change(repo, "content/site.yaml")
    after = change(repo, "docs/contact.md")  # the last commit alone touches only docs
    assert ignore(repo, before, after).returncode == BUILD


@pytest.mark.parametrize("cached", [None, "", "same"])
def test_without_an_earlier_build_of_another_commit_it_builds(
    repo: Path, cached: str | None
) -> None:
    """The first build (no cache: CACHED_COMMIT_REF equals COMMIT_REF), "Clear cache and
    deploy" and "Trigger deploy" of the same commit all build, even for a docs-only commit."""
    after = change(repo, "docs/contact.md")
    result = ignore(repo, after if cached == "same" else cached, after)
    assert result.returncode == BUILD, result.stdout + result.stderr


def test_an_earlier_commit_missing_from_the_clone_builds(repo: Path) -> None:
    after = change(repo, "docs/contact.md")
    result = ignore(repo, "0" * 40, after)
    assert result.returncode == BUILD, result.stdout + result.stderr
    assert "cannot compare" in result.stdout


def test_every_tracked_file_is_either_built_from_or_known_not_to_be() -> None:
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.splitlines()
    specs = inputs()
    unplaced = [
        path
        for path in tracked
        if not any(matches(path, spec) for spec in specs)
        and not any(matches(path, spec) for spec in NOT_BUILT_FROM)
    ]
    assert unplaced == [], "add them to scripts/build_inputs.txt or to NOT_BUILT_FROM"
    for spec in specs:  # every listed path exists, so a rename cannot leave it stale
        assert (ROOT / spec).exists(), spec
