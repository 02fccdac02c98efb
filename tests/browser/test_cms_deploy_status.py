"""The admin's deploy notice with the GitHub backend, in real Chromium (cms/src/deploy-status.tsx,
docs/deploy-status.md): whether the editor's last change went live, read from the commit
status Netlify reports on the branch's head.

The minimal site is built with the GitHub backend (studio/site on main) and served as
`build.py serve` serves dist/; the editor is signed in by seeding Decap's localStorage before
the page's scripts run; every request to api.github.com is answered by the test (FakeGitHub),
enough for Decap to load the collections, and the status request as each test wants.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import Page, expect

from generator import pipeline
from generator.pipeline import PROJECT_ROOT
from generator.site.admin import AdminSettings
from serverthread import running_server
from sitefactory import minimal_site, write_site

pytestmark = pytest.mark.browser

REPO = "studio/site"
TOKEN = "gho_DeployStatusTest0123456789abcdef"
HEAD = "3f6c1d2e4b5a69788796a5b4c3d2e1f001122334"
SAVED = "9a8b7c6d5e4f30211203f4e5d6c7b8a990817263"  # the commit of the editor's save
STATUS_PATH = f"/repos/{REPO}/commits/main/status"
DEPLOY_LOG = "https://app.netlify.com/sites/studio-site/deploys/6650f1c2a3b4c5d6e7f80912"
REASON = "content/site.yaml:72: memorial.died: must not be before born (1970)"
NOT_LIVE = "Your last change is NOT live: the site could not be built with it."
LIVE = "Your last change is live"
CHECKING = "Checking whether your last change is live..."
POLL_MS = 300

SIGNED_IN = f"""
localStorage.setItem("decap-cms-user", JSON.stringify({{
  backendName: "github", token: {json.dumps(TOKEN)}, login: "ink-editor", name: "Ink Editor"
}}));
window.__deployStatusPollMs = {POLL_MS};
"""


# --- GitHub, as the test answers it ---------------------------------------------------------


def status(state: str, context: str = "netlify/studio-site/production", **extra) -> dict:
    return {
        "state": state,
        "context": context,
        "description": extra.get("description", f"Deploy {state}"),
        "target_url": extra.get("target_url", DEPLOY_LOG),
        "updated_at": "2026-11-30T18:00:00Z",
    }


def combined(*statuses: dict, state: str | None = None, sha: str = HEAD) -> tuple[int, dict]:
    """A 200 answer of GET …/commits/main/status (GitHub's combined status) about sha."""
    if state is None:
        states = {s["state"] for s in statuses}
        state = "failure" if states & {"failure", "error"} else "pending"
        state = "success" if statuses and states == {"success"} else state
    body = {"state": state, "sha": sha, "total_count": len(statuses), "statuses": list(statuses)}
    return 200, body


CORS = {
    "access-control-allow-origin": "*",
    "access-control-allow-headers": "Authorization, Content-Type, Accept, If-None-Match",
    "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
    "access-control-expose-headers": "ETag, Link",
}


def git_sha(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


@dataclass
class FakeGitHub:
    """api.github.com for one page: the repository's files (for Decap's lists), a save as
    Decap makes it (blobs, a tree, a commit, the branch moved to SAVED), and the answers to
    the status request, in order (the last one repeats)."""

    files: dict[str, bytes]
    status_answers: list[tuple[int, dict]]
    status_requests: list[dict[str, str]] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)
    blobs: dict[str, bytes] = field(default_factory=dict)  # saved by the editor
    head: str = HEAD

    def handle(self, route, request) -> None:
        if request.method == "OPTIONS":
            route.fulfill(status=204, headers=CORS)
            return
        self.urls.append(request.url)
        path = unquote(urlsplit(request.url).path)
        if path == STATUS_PATH:
            self.status_requests.append(request.all_headers())
            code, body = self.status_answers[
                min(len(self.status_requests), len(self.status_answers)) - 1
            ]
            self.reply(route, code, body)
        elif request.method == "GET":
            self.reply(route, *self.answer(path))
        else:
            self.reply(route, *self.write(request.method, path, request.post_data_json))

    def reply(self, route, code: int, body: object) -> None:
        route.fulfill(
            status=code,
            headers={**CORS, "content-type": "application/json; charset=utf-8"},
            body=json.dumps(body),
        )

    def answer(self, path: str) -> tuple[int, object]:
        repo = f"/repos/{REPO}"
        if path == "/user":
            return 200, {"login": "ink-editor", "id": 1, "name": "Ink Editor", "avatar_url": ""}
        if path == repo:
            return 200, {
                "name": "site",
                "full_name": REPO,
                "owner": {"login": "studio"},
                "private": True,
                "default_branch": "main",
                "permissions": {"admin": False, "push": True, "pull": True},
            }
        if path.startswith(f"{repo}/branches/"):
            return 200, {"name": "main", "commit": {"sha": self.head}}
        if path == f"{repo}/commits":  # who last changed a file (the entry's metadata)
            commit = {"author": {"name": "Ink Editor", "date": "2026-11-30T17:58:00Z"}}
            return 200, [{"sha": HEAD, "commit": commit}]
        if path.startswith(f"{repo}/git/trees/main:"):
            folder = path.removeprefix(f"{repo}/git/trees/main:").strip("/") + "/"
            tree = [
                {
                    "path": p[len(folder) :],
                    "type": "blob",
                    "mode": "100644",
                    "sha": git_sha(d),
                    "size": len(d),
                }
                for p, d in sorted(self.files.items())
                if p.startswith(folder) and "/" not in p[len(folder) :]
            ]
            if tree:
                return 200, {"sha": HEAD, "tree": tree, "truncated": False}
        if path.startswith(f"{repo}/git/blobs/"):
            sha = path.rsplit("/", 1)[1]
            for data in [*self.files.values(), *self.blobs.values()]:
                if git_sha(data) == sha:
                    content = base64.b64encode(data).decode()
                    return 200, {
                        "sha": sha,
                        "size": len(data),
                        "encoding": "base64",
                        "content": content,
                    }
        return 404, {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"}

    def write(self, method: str, path: str, body: dict) -> tuple[int, object]:
        repo = f"/repos/{REPO}"
        if (method, path) == ("POST", f"{repo}/git/blobs"):
            data = base64.b64decode(body["content"])
            self.blobs[git_sha(data)] = data
            return 201, {"sha": git_sha(data)}
        if (method, path) == ("POST", f"{repo}/git/trees"):
            return 201, {"sha": "e" * 40, "tree": body["tree"], "truncated": False}
        if (method, path) == ("POST", f"{repo}/git/commits"):
            return 201, {"sha": SAVED, "tree": {"sha": body["tree"]}, "message": body["message"]}
        if (method, path) == ("PATCH", f"{repo}/git/refs/heads/main"):
            self.head = body["sha"]
            return 200, {"ref": "refs/heads/main", "object": {"type": "commit", "sha": self.head}}
        return 404, {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"}


# --- the admin ----------------------------------------------------------------------------------


@dataclass
class GitHubAdmin:
    url: str
    files: dict[str, bytes]


@pytest.fixture(scope="module")
def github_admin(
    tmp_path_factory: pytest.TempPathFactory, media_cache: Path
) -> Iterator[GitHubAdmin]:
    """The minimal site built with the GitHub backend (studio/site, main), served."""
    root = tmp_path_factory.mktemp("github-admin")
    content = write_site(root / "content", minimal_site())
    settings = AdminSettings(repo=REPO, branch="main")
    pipeline.build(pipeline.Paths.make(content, root / "dist", cache=media_cache), None, settings)
    config = json.loads((root / "dist" / "admin" / "config.json").read_text("utf-8"))
    assert config["backend"]["name"] == "github" and config["backend"]["repo"] == REPO
    assert "local_backend" not in config
    # The repository as the admin's paths see it: the content folder is "content/".
    files = {
        f"content/{p.relative_to(content).as_posix()}": p.read_bytes()
        for p in content.rglob("*")
        if p.is_file()
    }
    with running_server(root / "dist") as url:
        yield GitHubAdmin(url, files)


@pytest.fixture
def open_admin(browser, github_admin: GitHubAdmin):
    """open_admin(answers, signed_in=True) -> (page, fake GitHub): the admin at 1366x900."""
    contexts = []

    def open_(answers: list[tuple[int, dict]], signed_in: bool = True) -> tuple[Page, FakeGitHub]:
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        contexts.append(context)
        if signed_in:
            context.add_init_script(SIGNED_IN)
        else:
            context.add_init_script(f"window.__deployStatusPollMs = {POLL_MS};")
        github = FakeGitHub(github_admin.files, answers)
        context.route("https://api.github.com/**", github.handle)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.js_errors = errors
        page.goto(f"{github_admin.url}/admin/")
        if signed_in:
            page.get_by_role("link", name="Artists").wait_for()
        return page, github

    yield open_
    for context in contexts:
        context.close()


def notice(page: Page):
    return page.locator(".deploy-status-notice")


def message(page: Page):
    """The notice's words (without its Dismiss button)."""
    return notice(page).locator(".deploy-status-text")


def wait_for_status_requests(
    github: FakeGitHub, page: Page, count: int, timeout: float = 20
) -> None:
    deadline = time.monotonic() + timeout
    while len(github.status_requests) < count:
        if time.monotonic() > deadline:
            raise AssertionError(f"{len(github.status_requests)} status requests, wanted {count}")
        page.wait_for_timeout(50)


def assert_the_token_only_in_the_header(github: FakeGitHub) -> None:
    assert github.status_requests
    for headers in github.status_requests:
        assert headers["authorization"] == f"token {TOKEN}"
    assert not any(TOKEN in url for url in github.urls)


def screenshots(tmp_path: Path) -> Path:
    """EDITOR_SCREENSHOTS=docs/images/editors puts them in the docs; else the test's folder."""
    folder = Path(os.environ.get("EDITOR_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# --- tests --------------------------------------------------------------------------------------


def test_a_failed_deploy_says_the_change_is_not_live_and_links_the_log(open_admin, tmp_path: Path):
    answer = combined(
        status("success", "ci/tests"),
        status("success", "netlify/studio-site/deploy-preview"),
        status("failure", description=REASON),
    )
    page, github = open_admin([answer])
    shown = notice(page)
    expect(shown).to_be_visible()
    expect(shown).to_contain_text(NOT_LIVE)
    expect(shown).to_contain_text(REASON)
    link = shown.get_by_role("link", name="See what went wrong")
    expect(link).to_have_attribute("href", DEPLOY_LOG)
    expect(link).to_have_attribute("target", "_blank")
    assert_the_token_only_in_the_header(github)
    assert github.status_requests[0]["accept"] == "application/vnd.github+json"
    # The notice stays clear of Decap's toolbar (its Publish buttons are at the top).
    box = shown.bounding_box()
    assert box and box["y"] > 900 / 2 and box["x"] + box["width"] <= 1366
    # Light text on the dark card, whatever Decap's global styles say about every <p>.
    colours = shown.evaluate(
        """n => [n, n.querySelector('p'), n.querySelector('a')]
                 .map(e => getComputedStyle(e)[e === n ? 'backgroundColor' : 'color'])"""
    )
    assert colours == ["rgb(49, 61, 62)", "rgb(255, 255, 255)", "rgb(168, 197, 255)"]
    page.wait_for_timeout(4 * POLL_MS)
    assert len(github.status_requests) == 1  # a verdict: no more asking
    page.screenshot(path=screenshots(tmp_path) / "deploy-status-failed.png")
    # Dismissed, it is gone.
    shown.get_by_role("button", name="Dismiss").click()
    expect(shown).to_have_count(0)
    assert page.js_errors == []


def test_a_deploy_that_worked_says_the_change_is_live_then_fades(open_admin):
    page, github = open_admin([combined(status("success"))])
    expect(message(page)).to_have_text(LIVE)
    assert_the_token_only_in_the_header(github)
    expect(notice(page)).to_have_count(0, timeout=10_000)


SET_HIDDEN = """hidden => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  Object.defineProperty(document, "visibilityState", {
    configurable: true, get: () => (hidden ? "hidden" : "visible"),
  });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_a_deploy_in_progress_is_checked_until_it_went_live(open_admin):
    page, github = open_admin([combined(status("pending"))])
    expect(message(page)).to_have_text(CHECKING)
    wait_for_status_requests(github, page, 3)  # asked again every POLL_MS while pending
    # A hidden tab asks nothing; shown again, it asks at once and goes on.
    page.evaluate(SET_HIDDEN, True)
    asked = len(github.status_requests)
    page.wait_for_timeout(5 * POLL_MS)
    assert len(github.status_requests) <= asked + 1  # at most the one already on its way
    asked = len(github.status_requests)
    page.wait_for_timeout(3 * POLL_MS)
    assert len(github.status_requests) == asked
    page.evaluate(SET_HIDDEN, False)
    wait_for_status_requests(github, page, asked + 2)
    expect(message(page)).to_have_text(CHECKING)
    # Netlify is done: the next answer says so, and the asking stops.
    github.status_answers.append(combined(status("success")))
    expect(message(page)).to_have_text(LIVE)
    asked = len(github.status_requests)
    page.wait_for_timeout(4 * POLL_MS)
    assert len(github.status_requests) == asked
    assert_the_token_only_in_the_header(github)


def test_after_publishing_the_saved_commit_is_watched(open_admin):
    page, github = open_admin([combined(status("success"))])
    expect(message(page)).to_have_text(LIVE)
    page.get_by_text("Jane Doe", exact=True).click()
    page.get_by_label("Bio").fill("Jane draws botanical fine line work: peonies and ferns.")
    page.get_by_role("button", name="Publish").first.click()
    page.get_by_text("Publish now", exact=True).click()
    page.get_by_text("Changes saved", exact=False).first.wait_for()
    assert github.head == SAVED  # the branch moved to the editor's commit
    # What was said about the commit before is no longer the news.
    expect(notice(page)).to_have_count(0)
    # GitHub still answers about the old head, then about the new one without a report from
    # Netlify yet: nothing to say, and it keeps asking.
    asked = len(github.status_requests)
    wait_for_status_requests(github, page, asked + 3)
    github.status_answers.append(combined(state="pending", sha=SAVED))
    asked = len(github.status_requests)
    wait_for_status_requests(github, page, asked + 3)
    expect(notice(page)).to_have_count(0)
    github.status_answers.append(combined(status("pending"), sha=SAVED))
    expect(message(page)).to_have_text(CHECKING)
    github.status_answers.append(combined(status("failure", description=REASON), sha=SAVED))
    expect(message(page)).to_contain_text(NOT_LIVE)
    expect(message(page)).to_contain_text(REASON)
    assert_the_token_only_in_the_header(github)
    assert page.js_errors == []


@pytest.mark.parametrize("code", [404, 403])
def test_no_access_says_nothing(open_admin, code: int):
    page, github = open_admin([(code, {"message": "Not Found"})])
    wait_for_status_requests(github, page, 1)
    page.wait_for_timeout(6 * POLL_MS)
    expect(notice(page)).to_have_count(0)
    assert len(github.status_requests) == 1  # and asks no more
    assert_the_token_only_in_the_header(github)


def test_a_commit_netlify_reported_nothing_on_says_nothing(open_admin):
    # GitHub calls a commit with no status at all "pending": that is not a deploy in progress.
    page, github = open_admin([combined(state="pending")])
    wait_for_status_requests(github, page, 1)
    page.wait_for_timeout(6 * POLL_MS)
    expect(notice(page)).to_have_count(0)
    assert len(github.status_requests) == 1


def test_signed_out_asks_nothing(open_admin):
    page, github = open_admin([combined(status("failure"))], signed_in=False)
    page.get_by_role("button", name="Login with GitHub").wait_for()
    page.wait_for_timeout(3_000)  # the notice looks for a sign-in every 2 s
    assert github.status_requests == []
    expect(notice(page)).to_have_count(0)


# --- the decisions, on their own ---------------------------------------------------------------


@pytest.fixture(scope="module")
def logic_script(tmp_path_factory: pytest.TempPathFactory) -> str:
    """cms/src/deploy-status-logic.ts bundled on its own, as the global DeployStatus."""
    out = tmp_path_factory.mktemp("deploy-status-logic") / "logic.js"
    cms = PROJECT_ROOT / "cms"
    subprocess.run(
        [
            str(cms / "node_modules" / ".bin" / "esbuild"),
            "src/deploy-status-logic.ts",
            "--bundle",
            "--format=iife",
            "--global-name=DeployStatus",
            f"--outfile={out}",
            "--log-level=warning",
        ],
        cwd=cms,
        check=True,
    )
    return out.read_text("utf-8")


LOGIC_CASES = """
(() => {
  const D = DeployStatus;
  const repoOf = (backend, extra = {}) => D.githubRepoOf({ backend, ...extra });
  const github = { name: "github", repo: "studio/site", branch: "main" };
  const read = (...statuses) => D.readCombinedStatus({ state: "x", sha: "a".repeat(40), statuses });
  const s = (state, context = "netlify/studio-site/production", more = {}) => ({ state, context, ...more });
  return {
    repo: repoOf(github),
    repoNoBranch: repoOf({ name: "github", repo: "studio/site" }),
    repoLocal: repoOf(github, { local_backend: { url: "http://127.0.0.1:8081/api/v1" } }),
    repoOther: [repoOf({ ...github, name: "git-gateway" }), repoOf({ ...github, name: "proxy" })],
    repoBad: [repoOf({ ...github, repo: "site" }), repoOf({ ...github, repo: "a/b/c" }),
              repoOf({ ...github, repo: "st udio/site" }), D.githubRepoOf(null)],
    repoFork: repoOf({ ...github, open_authoring: true }),
    repoRoot: [repoOf({ ...github, api_root: "https://ghe.example/api/v3/" }),
               repoOf({ ...github, api_root: "javascript:alert(1)" }),
               repoOf({ ...github, api_root: "http://ghe.example/api/v3" })],
    tokens: [D.signedInToken(null), D.signedInToken("{oops"),
             D.signedInToken(JSON.stringify({ backendName: "proxy", token: "t" })),
             D.signedInToken(JSON.stringify({ backendName: "github" })),
             D.signedInToken(JSON.stringify({ backendName: "github", token: " gho_x " }))],
    urls: [D.statusUrl(repoOf(github)), D.statusUrl(repoOf({ ...github, branch: "release/2026 spring" }))],
    nothingReported: D.readCombinedStatus({ state: "pending", sha: "a".repeat(40), statuses: [] }),
    others: read(s("failure", "ci/tests"), s("success", "netlify/studio-site/deploy-preview"),
                 s("failure", "deploy/netlify")).verdict,
    failure: read(s("pending"), s("failure", "netlify/x/production",
                  { description: "  Build\\n failed:   site.yaml  ", target_url: "https://app.netlify.com/x" })),
    error: read(s("error", "Netlify/x/production", { target_url: "javascript:alert(1)" })).verdict,
    pendingWins: read(s("success"), s("pending", "netlify/other-site/production")).verdict,
    success: read(s("success")).verdict,
    garbage: [D.readCombinedStatus("nope"), D.readCombinedStatus({ sha: "xyz", statuses: "no" })],
    giveUp: [401, 403, 404, 422, 500, 502, 200].map(D.giveUp),
    delays: [D.pollDelay(300), D.pollDelay(undefined), D.pollDelay(-5), D.pollDelay("300"), D.pollDelay(Infinity)],
  };
})()
"""


def test_the_decisions(browser, logic_script: str):
    page = browser.new_page()
    try:
        page.set_content("<!doctype html><title>logic</title>")
        page.add_script_tag(content=logic_script)
        r = page.evaluate(LOGIC_CASES)
    finally:
        page.close()
    api = "https://api.github.com"
    assert r["repo"] == {"apiRoot": api, "owner": "studio", "name": "site", "branch": "main"}
    assert r["repoNoBranch"]["branch"] == "HEAD"  # the default branch, as Decap saves to it
    assert r["repoLocal"] is None and r["repoOther"] == [None, None] and r["repoFork"] is None
    assert r["repoBad"] == [None, None, None, None]
    assert r["repoRoot"][0]["apiRoot"] == "https://ghe.example/api/v3"
    assert r["repoRoot"][1:] == [None, None]
    assert r["tokens"] == [None, None, None, None, "gho_x"]
    assert r["urls"] == [
        f"{api}/repos/studio/site/commits/main/status?per_page=100",
        f"{api}/repos/studio/site/commits/release/2026%20spring/status?per_page=100",
    ]
    assert r["nothingReported"] == {"sha": "a" * 40, "verdict": None}
    assert r["others"] is None  # other tools, deploy previews: not about the live site
    assert r["failure"]["verdict"] == {
        "state": "failure",
        "description": "Build failed: site.yaml",
        "link": "https://app.netlify.com/x",
    }
    assert r["error"] == {"state": "failure", "description": "", "link": None}
    assert r["pendingWins"] == {"state": "pending"}
    assert r["success"] == {"state": "success"}
    assert r["garbage"] == [{"sha": None, "verdict": None}, {"sha": None, "verdict": None}]
    assert r["giveUp"] == [True, True, True, True, False, False, False]
    assert r["delays"] == [300, 15000, 15000, 15000, 15000]
