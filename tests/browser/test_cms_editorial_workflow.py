"""The review workflow of the editors' admin (`cms: {editorial_workflow: true}` in site.yaml,
docs/editing.md "The review workflow (optional)"), in real Chromium.

The minimal site is built with the GitHub backend and the workflow asked for; its generated
/admin/config.json must say `publish_mode: editorial_workflow`. Decap's GitHub backend keeps
each change on a branch with a pull request: that is Decap's own code, far too much to fake.
So the same admin, served from the same dist/, is given its own configuration with only the
backend swapped for Decap's in-memory `test-repo` (bundled in decap-cms-app; its
implementation is cms/node_modules/decap-cms-backend-test/src/implementation.ts), seeded
with the fixture's own content files. An editor then saves a change, moves it through
In review and Ready on the Workflow board, and publishes it.

EDITOR_SCREENSHOTS=docs/images/editors puts the board and the entry in the editors' guide.
"""

from __future__ import annotations

import base64
import json
import mimetypes
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Page, expect

from generator import pipeline
from generator.pipeline import PROJECT_ROOT as ROOT
from generator.site.admin import AdminSettings
from serverthread import running_server
from sitefactory import minimal_site, write_site

pytestmark = pytest.mark.browser

NEW_BIO = "Jane draws botanical fine line work: peonies, ferns and tiny lettering."

# window.repoFiles as decap-cms-backend-test reads it: a tree of folders, each file a leaf
# {path, content}; a data file's content is its text, a media file's an asset with a URL
# (getMediaFile fetches asset.toString(); the admin's policy lets it fetch blob: URLs).
# The backend lists a folder collection by looking its whole folder ("content/artists") up as
# ONE key of the tree's top level, but reads and writes files by walking the path's
# segments; so each collection's folder is also put at the top level, as the same object.
SEED = """
([files, folders]) => {
  const tree = {};
  for (const [path, file] of Object.entries(files)) {
    const parts = path.split("/");
    const name = parts.pop();
    let node = tree;
    for (const part of parts) node = node[part] ??= {};
    let content = file.text;
    if (content === undefined) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      const fileObj = new File([bytes], name, { type: file.type });
      const url = URL.createObjectURL(fileObj);
      content = { path, fileObj, url, toString: () => url };
    }
    node[name] = { path, content };
  }
  for (const folder of folders) tree[folder] = folder.split("/").reduce((n, p) => (n[p] ??= {}), tree);
  window.repoFiles = tree;
  window.repoFilesUnpublished = {}; // "collection/slug" -> {status, diffs: [{path, content}], ...}
}
"""


@dataclass
class WorkflowSite:
    url: str
    config: dict  # the generated /admin/config.json
    files: dict[str, dict]  # repository path -> {"text"} or {"base64", "type"}, for SEED


@pytest.fixture(scope="module")
def workflow_site(
    tmp_path_factory: pytest.TempPathFactory, media_cache: Path
) -> Iterator[WorkflowSite]:
    """The minimal site with `cms: {editorial_workflow: true}`, built for GitHub, served."""
    root = tmp_path_factory.mktemp("editorial-workflow")
    files = minimal_site()
    files["site.yaml"] += "cms:\n  editorial_workflow: true\n"
    # A real portrait for Jane, for the screenshots (the fixture's photos are plain colours).
    files["images/artists/jane.jpg"] = (
        ROOT / "content/images/artists/jade-whitfield.jpg"
    ).read_bytes()
    content = write_site(root / "content", files)
    settings = AdminSettings(repo="studio/site", branch="main")
    pipeline.build(pipeline.Paths.make(content, root / "dist", cache=media_cache), None, settings)
    config = json.loads((root / "dist" / "admin" / "config.json").read_text("utf-8"))
    seed = {}
    for path in sorted(p for p in content.rglob("*") if p.is_file()):
        data = path.read_bytes()
        rel = f"content/{path.relative_to(content).as_posix()}"  # as the admin's paths say
        if path.suffix in (".yaml", ".md"):
            seed[rel] = {"text": data.decode("utf-8")}
        else:
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            seed[rel] = {"base64": base64.b64encode(data).decode(), "type": kind}
    with running_server(root / "dist") as url:
        yield WorkflowSite(url, config, seed)


def test_the_generated_config_asks_for_the_workflow(workflow_site: WorkflowSite):
    config = workflow_site.config
    assert config["backend"]["name"] == "github"
    assert config["publish_mode"] == "editorial_workflow"
    assert "local_backend" not in config


def in_memory(config: dict, workflow: bool = True) -> dict:
    """The generated configuration with Decap's in-memory backend instead of GitHub's."""
    changed = {**config, "backend": {"name": "test-repo"}}
    if not workflow:
        del changed["publish_mode"]
    return changed


def open_admin(browser, site: WorkflowSite, config: dict) -> Page:
    """The admin at 1366x900, given config instead of the generated one, signed in."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    folders = [c["folder"] for c in config["collections"] if "folder" in c]
    context.add_init_script(f"({SEED})({json.dumps([site.files, folders])})")
    context.route(
        "**/admin/config.json",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(config)
        ),
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.accept()))
    page.dialogs = dialogs
    page.goto(f"{site.url}/admin/")
    page.get_by_role("button", name="Login").click()  # the test backend's only sign-in
    page.get_by_role("link", name="Artists").wait_for()
    return page


@pytest.fixture
def admin(browser, workflow_site: WorkflowSite) -> Iterator[Page]:
    page = open_admin(browser, workflow_site, in_memory(workflow_site.config))
    yield page
    page.context.close()


def screenshots(tmp_path: Path) -> Path:
    """EDITOR_SCREENSHOTS=docs/images/editors puts them in the docs; else the test's folder."""
    folder = Path(os.environ.get("EDITOR_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def shoot(page: Page, tmp_path: Path, name: str) -> None:
    """A screenshot without the pile of "Entry saved" notices (they fade by themselves)."""
    hide = ".Toastify { display: none !important; }"
    page.screenshot(path=screenshots(tmp_path) / name, style=hide)


def column(page: Page, header: str):
    """A column of the Workflow board (Drafts, In Review, Ready): its header and cards."""
    return page.locator("h2", has_text=re.compile(f"^{header}$")).locator("xpath=..")


def unpublished(page: Page) -> dict:
    """What the backend holds back: {"collection/slug": {status, diffs}}."""
    return page.evaluate("() => JSON.parse(JSON.stringify(window.repoFilesUnpublished))")


def published_text(page: Page, path: str) -> str:
    return page.evaluate(
        "path => path.split('/').reduce((n, p) => n[p], window.repoFiles).content", path
    )


def save(page: Page) -> None:
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Changes saved", exact=True)).to_be_visible()


def set_status(page: Page, label: str) -> None:
    page.get_by_text(re.compile(r"^Status: ")).click()
    page.get_by_role("menuitem", name=label, exact=True).click()
    expect(page.get_by_text(f"Status: {label}", exact=True)).to_be_visible()


def open_workflow(page: Page) -> None:
    """The Workflow board, from the editor as its back arrow leads out of it."""
    back = page.get_by_role("link", name=re.compile(r"Writing in .* collection"))
    if back.count():
        back.click()
    page.get_by_role("link", name="Workflow").click()
    expect(page.get_by_text("Editorial Workflow")).to_be_visible()


def open_entry(page: Page, collection: str, title: str) -> None:
    page.goto(page.url.split("#")[0] + f"#/collections/{collection}")
    page.get_by_text(title, exact=True).click()


def test_a_change_goes_through_drafts_review_and_ready_to_the_site(
    admin: Page, workflow_site: WorkflowSite, tmp_path: Path
):
    page = admin
    artist = "content/artists/jane-doe.yaml"
    before = published_text(page, artist)
    expect(page.get_by_role("link", name="Workflow")).to_be_visible()

    # 1. An artist's bio, saved: a draft, held back from the site.
    page.get_by_text("Jane Doe", exact=True).click()
    page.get_by_label("Bio").fill(NEW_BIO)
    # Save, not Publish: a change is only ever saved as a draft.
    expect(page.get_by_role("button", name="Publish", exact=True)).to_have_count(0)
    save(page)
    expect(page.get_by_text("Status: Draft", exact=True)).to_be_visible()
    held = unpublished(page)["artists/jane-doe"]
    assert held["status"] == "draft"
    assert [d["path"] for d in held["diffs"]] == [artist]
    assert yaml.safe_load(held["diffs"][0]["content"])["bio"] == NEW_BIO
    assert published_text(page, artist) == before

    open_workflow(page)
    drafts = column(page, "Drafts")
    expect(drafts.get_by_text("Jane Doe", exact=True)).to_be_visible()
    expect(drafts.get_by_text("1 entry", exact=True)).to_be_visible()
    expect(column(page, "In Review").get_by_text("0 entries", exact=True)).to_be_visible()
    expect(column(page, "Ready").get_by_text("0 entries", exact=True)).to_be_visible()

    # 2. Done with it: In review.
    drafts.get_by_text("Jane Doe", exact=True).click()
    expect(page.get_by_label("Bio")).to_have_value(NEW_BIO)
    set_status(page, "In review")
    assert unpublished(page)["artists/jane-doe"]["status"] == "pending_review"

    # Two more changes waiting, so the board has a card in each column (and a screenshot).
    open_entry(page, "artists", "Max Ink")
    page.get_by_label("Years of experience").fill("9")
    save(page)
    open_entry(page, "aftercare", "Tattoo aftercare")
    guide = "# Tattoo\n\n- Wash **gently**, twice a day\n"
    page.get_by_role("textbox").first.fill(guide)  # the guide's one field: its Markdown
    save(page)
    assert unpublished(page)["aftercare/tattoo"]["diffs"][0]["content"].strip() == guide.strip()
    set_status(page, "In review")
    set_status(page, "Ready")

    open_workflow(page)
    expect(column(page, "Drafts").get_by_text("Max Ink", exact=True)).to_be_visible()
    review = column(page, "In Review")
    expect(review.get_by_text("Jane Doe", exact=True)).to_be_visible()
    expect(review.get_by_text("1 entry", exact=True)).to_be_visible()
    expect(column(page, "Ready").get_by_text("Tattoo aftercare", exact=True)).to_be_visible()
    page.mouse.move(0, 0)
    shoot(page, tmp_path, "admin-workflow-board-1366.png")

    # 3. Approved: Ready (the status menu open: Save, Status, Publish at the top).
    review.get_by_text("Jane Doe", exact=True).click()
    page.get_by_text("Status: In review", exact=True).click()
    expect(page.get_by_role("menuitem", name="Ready", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Save", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Publish", exact=True)).to_be_visible()
    shoot(page, tmp_path, "admin-workflow-entry-1366.png")
    page.get_by_role("menuitem", name="Ready", exact=True).click()
    expect(page.get_by_text("Status: Ready", exact=True)).to_be_visible()
    assert unpublished(page)["artists/jane-doe"]["status"] == "pending_publish"

    open_workflow(page)
    ready = column(page, "Ready")
    expect(ready.get_by_text("Jane Doe", exact=True)).to_be_visible()
    expect(ready.get_by_text("2 entries", exact=True)).to_be_visible()
    expect(column(page, "In Review").get_by_text("0 entries", exact=True)).to_be_visible()

    # 4. Published: on the site, off the board; the other changes still wait.
    ready.get_by_text("Jane Doe", exact=True).click()
    page.get_by_role("button", name="Publish", exact=True).click()
    page.get_by_text("Publish now", exact=True).click()
    expect(page.get_by_text("Entry published", exact=True)).to_be_visible()
    assert page.dialogs == ["Are you sure you want to publish this entry?"]
    assert yaml.safe_load(published_text(page, artist))["bio"] == NEW_BIO
    waiting = unpublished(page)
    assert {key: entry["status"] for key, entry in waiting.items()} == {
        "artists/max-ink": "draft",
        "aftercare/tattoo": "pending_publish",
    }
    assert (
        yaml.safe_load(published_text(page, "content/artists/max-ink.yaml"))["years_experience"]
        == 7
    )
    open_workflow(page)
    expect(column(page, "Drafts").get_by_text("Max Ink", exact=True)).to_be_visible()
    expect(column(page, "Ready").get_by_text("Tattoo aftercare", exact=True)).to_be_visible()
    expect(column(page, "Ready").get_by_text("1 entry", exact=True)).to_be_visible()
    expect(page.get_by_text("Jane Doe", exact=True)).to_have_count(0)
    assert page.js_errors == []


def test_without_the_workflow_publish_saves_straight_to_the_site(
    browser, workflow_site: WorkflowSite
):
    page = open_admin(browser, workflow_site, in_memory(workflow_site.config, workflow=False))
    try:
        expect(page.get_by_role("link", name="Workflow")).to_have_count(0)
        page.get_by_text("Jane Doe", exact=True).click()
        page.get_by_label("Bio").fill(NEW_BIO)
        expect(page.get_by_text(re.compile(r"^Status: "))).to_have_count(0)
        page.get_by_role("button", name="Publish", exact=True).click()
        page.get_by_text("Publish now", exact=True).click()
        expect(page.get_by_text("Changes saved", exact=True)).to_be_visible()
        assert unpublished(page) == {}
        assert (
            yaml.safe_load(published_text(page, "content/artists/jane-doe.yaml"))["bio"] == NEW_BIO
        )
        assert page.js_errors == []
    finally:
        page.context.close()
