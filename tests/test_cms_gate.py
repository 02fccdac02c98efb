"""The admin's local backend as an attacker meets it: `build.py serve --cms`, over HTTP.

The site lives in a folder laid out like a checkout (content/ beside code, .git/hooks and
the contact outbox), which is what decap-server is pointed at. Every action decap-server
takes is sent with paths outside what editors edit, and each must be refused with a JSON
reason, leaving every file as it was and reading none. A page that rebinds its own name to
this machine (a foreign Host) is refused by both servers before anything else.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from generator.content.records import policies_version
from generator.pipeline import PROJECT_ROOT
from serverthread import free_port, interrupt, wait_for_port
from sitefactory import ARTIST_YAML, jpeg, minimal_site, write_site

SECRET = "visitor@example.com wrote: call me on 214-555-0199"
BRANCH = {"branch": "main"}
OPTIONS = {"commitMessage": "x", "useWorkflow": False, "status": "draft"}


@dataclass
class Checkout:
    root: Path
    site: str  # the serve URL
    backend: str  # the local backend's URL (/api/v1)
    port: int  # the backend's port


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory, media_cache: Path) -> Iterator[Checkout]:
    yield from _checkout(tmp_path_factory.mktemp("checkout"), media_cache, plant_links=True)


@pytest.fixture(scope="module")
def clean_checkout(
    tmp_path_factory: pytest.TempPathFactory, media_cache: Path
) -> Iterator[Checkout]:
    """The same without the planted links: content the build accepts, for saves that pass."""
    yield from _checkout(tmp_path_factory.mktemp("clean-checkout"), media_cache, plant_links=False)


# The studio's policies (content/policies.md), as the admin edits them (issue: policies in the
# admin like the aftercare guides).
POLICIES = "## Deposits\n\n- Every tattoo is held with a **deposit**.\n"


@pytest.fixture(scope="module")
def watched_checkout(
    tmp_path_factory: pytest.TempPathFactory, media_cache: Path
) -> Iterator[Checkout]:
    """A clean checkout with policies.md, served as `make cms` serves it: content/ watched,
    the site rebuilt after each save."""
    yield from _checkout(
        tmp_path_factory.mktemp("watched-checkout"),
        media_cache,
        plant_links=False,
        files={**minimal_site(), "policies.md": POLICIES},
        watch=True,
    )


def _checkout(
    root: Path,
    media_cache: Path,
    plant_links: bool,
    files: dict[str, str | bytes] | None = None,
    watch: bool = False,
) -> Iterator[Checkout]:
    write_site(root / "content", files or minimal_site())
    (root / "build.py").write_text("print('the real build')\n")
    (root / ".git" / "hooks").mkdir(parents=True)
    (root / ".cache" / "contact").mkdir(parents=True)
    (root / ".cache" / "contact" / "outbox.sqlite3-wal").write_text(SECRET)
    (root / "netlify.toml").write_text("# the site's rules\n")
    port, cms_port = free_port(), free_port()
    # Beside the checkout, one of each per checkout: the module's servers run side by side.
    log, dist = root.parent / f"{root.name}-serve.log", root.parent / f"{root.name}-dist"
    command = [sys.executable, str(PROJECT_ROOT / "build.py"), "serve", "--cms"]
    command += [] if watch else ["--no-watch"]
    command += ["--content", "content", "--out", str(dist)]
    command += ["--cache", str(media_cache), "--port", str(port), "--cms-port", str(cms_port)]
    with log.open("w") as out:
        proc = subprocess.Popen(command, cwd=root, stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_for_port(port, proc, log)
        wait_for_port(cms_port, proc, log)
        if plant_links:
            # Links planted after the build (which refuses them): one file, one media folder.
            (root / "content" / "artists" / "outbox.yaml").symlink_to(
                "../../.cache/contact/outbox.sqlite3-wal"
            )
            brands = root / "content" / "images" / "brands"
            brands.rename(root / "content" / "images" / "brands-moved")
            brands.symlink_to("../../.git/hooks")
        yield Checkout(
            root, f"http://127.0.0.1:{port}", f"http://127.0.0.1:{cms_port}/api/v1", cms_port
        )
    finally:
        interrupt(proc)


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file of the checkout outside dist/, by path (links as their target's name)."""
    found = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_symlink():
            found[rel] = os.readlink(path).encode()
        elif path.is_file():
            found[rel] = path.read_bytes()
    return found


# A save runs the content check on a copy of content/ before it writes, and the watched
# checkouts rebuild after each save: on a busy machine that takes longer than httpx's 5 s.
SAVE_TIMEOUT_S = 60


def post(checkout: Checkout, action: str, params: dict, **headers: str) -> httpx.Response:
    return httpx.post(
        checkout.backend,
        json={"action": action, "params": {**BRANCH, **params}},
        headers=headers,
        timeout=SAVE_TIMEOUT_S,
    )


def data_file(path: str, **extra: str) -> dict:
    return {"slug": "x", "path": path, "raw": "print(1)\n", **extra}


def asset(path: str) -> dict:
    return {"path": path, "content": base64.b64encode(b"print(1)\n").decode(), "encoding": "base64"}


def photo_asset(path: str) -> dict:
    return {"path": path, "content": base64.b64encode(jpeg()).decode(), "encoding": "base64"}


def persist(**params: object) -> dict:
    return {"dataFiles": [], "assets": [], "options": OPTIONS, **params}


# Paths outside what editors edit, in every form: the code, git's hooks, the outbox, a
# climb out of content/, absolute, Windows-style, encoded, hidden, the wrong extension, a
# folder that is not a collection's, and the two links planted above.
OUTSIDE = [
    "build.py",
    ".git/hooks/post-checkout",
    "functions/contact/app.py",
    "dist/index.html",
    ".cache/contact/outbox.sqlite3-wal",
    "netlify.toml",
    "content/../build.py",
    "content/artists/../../build.py",
    "./content/site.yaml/../../build.py",
    "/etc/passwd",
    str(PROJECT_ROOT / "build.py"),
    "content\\..\\build.py",
    "content/artists/..%2F..%2Fbuild.py",
    "content/artists/%2e%2e/%2e%2e/build.py",
    "content//artists/jane-doe.yaml",
    "content/artists/.hidden.yaml",
    "content/artists/jane-doe.py",
    "content/artists/nested/jane-doe.yaml",
    "content/images/work/../../../build.py",
    "content/artists/jane-doe.yaml\x00.jpg",
    "content/policies.md/../build.py",
    "content/Policies.md",
    "content/policies.md.bak",
    "content/aftercare/policies.md",
    # the Spanish guides are tattoo.es.md and policies.es.md, nothing like them
    "content/aftercare/tattoo.fr.md",
    "content/aftercare/tattoo.en.md",
    "content/aftercare/tattoo.es.md.bak",
    "content/policies.es.yaml",
    "content/es/policies.md",
    "content/artists/outbox.yaml",  # a link to the outbox
    "content/images/brands/post-checkout",  # a folder linked to .git/hooks
    "",
]


def every_action_with(path: str) -> list[tuple[str, dict]]:
    """Each action decap-server accepts, carrying path in each of its path fields."""
    return [
        ("getEntry", {"path": path}),
        ("getMediaFile", {"path": path}),
        ("entriesByFiles", {"files": [{"path": "content/site.yaml"}, {"path": path}]}),
        ("entriesByFolder", {"folder": path, "extension": "py", "depth": 5}),
        ("getMedia", {"mediaFolder": path}),
        ("persistEntry", persist(dataFiles=[data_file(path)])),
        ("persistEntry", {"entry": data_file(path), "assets": [], "options": OPTIONS}),
        ("persistEntry", persist(dataFiles=[data_file("content/artists/x.yaml", newPath=path)])),
        (
            "persistEntry",
            persist(dataFiles=[data_file("content/artists/x.yaml")], assets=[asset(path)]),
        ),
        ("persistMedia", {"asset": asset(path), "options": {"commitMessage": "x"}}),
        ("deleteFile", {"path": path, "options": {"commitMessage": "x"}}),
        ("deleteFiles", {"paths": ["content/site.yaml", path], "options": {"commitMessage": "x"}}),
    ]


def test_no_action_reaches_a_path_outside_what_editors_edit(checkout: Checkout) -> None:
    before = snapshot(checkout.root)
    allowed_shown = "content/artists/*.yaml"
    for path in OUTSIDE:
        for action, params in every_action_with(path):
            answer = post(checkout, action, params)
            where = f"{action} {path!r}"
            assert answer.status_code == 403, f"{where}: {answer.status_code} {answer.text[:200]}"
            assert allowed_shown in answer.json()["error"], where
            assert SECRET not in answer.text, where
    assert snapshot(checkout.root) == before


def test_a_listing_never_returns_a_linked_file(checkout: Checkout) -> None:
    params = {"folder": "content/artists", "extension": "yaml", "depth": 1}
    answer = post(checkout, "entriesByFolder", params)
    assert answer.status_code == 200
    paths = [entry["file"]["path"] for entry in answer.json()]
    assert "content/artists/jane-doe.yaml" in paths
    assert "content/artists/outbox.yaml" not in paths
    assert SECRET not in answer.text


@pytest.mark.parametrize(
    "action",
    [
        "unpublishedEntries",
        "unpublishedEntry",
        "unpublishedEntryDataFile",
        "publishUnpublishedEntry",
        "updateUnpublishedEntryStatus",
        "deleteUnpublishedEntry",
        "constructor",
        "__proto__",
        "toString",
        "",
    ],
)
def test_unknown_actions_are_refused(checkout: Checkout, action: str) -> None:
    answer = post(checkout, action, {"path": "content/site.yaml", "collection": "x", "slug": "x"})
    assert answer.status_code == 403
    assert "does not do" in answer.json()["error"]


def test_only_post_to_the_api_is_answered(checkout: Checkout) -> None:
    base = checkout.backend.removesuffix("/api/v1")
    body = {"action": "getEntry", "params": {**BRANCH, "path": "content/site.yaml"}}
    assert httpx.get(checkout.backend).status_code == 405
    assert httpx.post(base + "/", json=body).status_code == 404
    assert httpx.post(base + "/api/v1/", json=body).status_code == 404
    assert httpx.post(base + "/API/V1", json=body).status_code == 404
    assert (
        httpx.post(
            checkout.backend, content=b"{nope", headers={"content-type": "application/json"}
        ).status_code
        == 400
    )


@pytest.mark.parametrize(
    "host",
    [
        "rebind.attacker.example:{port}",
        "127.0.0.1.nip.io:{port}",
        "localhost.:{port}",
        "localhost",
        "127.0.0.1:1{port}",
        "",
    ],
)
def test_the_backend_refuses_a_foreign_host(checkout: Checkout, host: str) -> None:
    host = host.format(port=checkout.port)
    origin = f"http://{host}" if host else "null"
    answer = post(checkout, "getEntry", {"path": "content/site.yaml"}, host=host, origin=origin)
    assert answer.status_code == 421
    assert "answers only as 127.0.0.1:" in answer.json()["error"]
    assert "Test Studio" not in answer.text


def test_the_admin_still_reads_and_writes_content(clean_checkout: Checkout) -> None:
    checkout = clean_checkout
    for host in ("127.0.0.1", "localhost"):
        answer = post(
            checkout, "getEntry", {"path": "content/site.yaml"}, host=f"{host}:{checkout.port}"
        )
        assert answer.status_code == 200
        assert "Test Studio" in answer.json()["data"]
    # a new artist and their photo, in one save, as the admin sends them
    rosa = ARTIST_YAML.format(name="Rosa Delgado", photo="rosa.jpg", slug="rosa", order=3)
    answer = post(
        checkout,
        "persistEntry",
        persist(
            dataFiles=[data_file("content/artists/rosa-delgado.yaml", raw=rosa)],
            assets=[photo_asset("content/images/artists/rosa.jpg")],
        ),
    )
    assert answer.status_code == 200, answer.text
    assert (checkout.root / "content" / "artists" / "rosa-delgado.yaml").read_text() == rosa
    photo = photo_asset("content/images/work/new.jpg")
    answer = post(checkout, "persistMedia", {"asset": photo, "options": {"commitMessage": "x"}})
    assert answer.status_code == 200, answer.text
    assert (checkout.root / "content" / "images" / "work" / "new.jpg").is_file()
    answer = post(
        checkout,
        "deleteFile",
        {"path": "content/artists/rosa-delgado.yaml", "options": {"commitMessage": "x"}},
    )
    assert answer.status_code == 200, answer.text
    assert not (checkout.root / "content" / "artists" / "rosa-delgado.yaml").exists()
    listed = post(checkout, "getMedia", {"mediaFolder": "content/images/work"})
    assert "content/images/work/new.jpg" in [item["path"] for item in listed.json()]


def test_a_guides_spanish_is_written_beside_it(watched_checkout: Checkout) -> None:
    """The Spanish of a guide and of the policies (tattoo.es.md, policies.es.md) are files the
    admin edits: their paths come from its configuration, as every other's."""
    checkout = watched_checkout
    for path in ("content/aftercare/tattoo.es.md", "content/policies.es.md"):
        spanish = "## Cuidados\n\n- Lava el tatuaje con **jabón neutro**.\n"
        try:
            answer = post(
                checkout, "persistEntry", persist(dataFiles=[data_file(path, raw=spanish)])
            )
            assert answer.status_code == 200, answer.text
            assert (checkout.root / path).read_text("utf-8") == spanish
            answer = post(checkout, "getEntry", {"path": path})
            assert answer.status_code == 200 and answer.json()["data"] == spanish
        finally:  # removed as it came (the other tests of this checkout expect no Spanish)
            options = {"commitMessage": "x"}
            answer = post(checkout, "deleteFile", {"path": path, "options": options})
            assert answer.status_code == 200, answer.text
            assert not (checkout.root / path).exists()


def test_a_save_the_build_would_refuse_is_refused_with_checks_words(
    clean_checkout: Checkout,
) -> None:
    """Issue #29, item 6: nothing is written, and the editor reads what `check` would say."""
    checkout = clean_checkout
    before = snapshot(checkout.root / "content")
    jane = (checkout.root / "content" / "artists" / "jane-doe.yaml").read_text()
    wrong = jane.replace("years_experience: 7", "years_experience: ten")
    answer = post(
        checkout,
        "persistEntry",
        persist(dataFiles=[data_file("content/artists/jane-doe.yaml", raw=wrong)]),
    )
    assert answer.status_code == 422
    assert answer.json() == {
        "error": "Not saved: the site would not build with this change. "
        "content/artists/jane-doe.yaml:3: years_experience: must be a whole number, got 'ten'"
    }
    # a photo used by a piece of another artist, chosen again: refused, both places named
    max_pieces = "- file: skull.jpg\n  title: Skull\n- file: rose.jpg\n  title: Rose Again\n"
    answer = post(
        checkout,
        "persistEntry",
        persist(dataFiles=[data_file("content/portfolio/max-ink.yaml", raw=max_pieces)]),
    )
    assert answer.status_code == 422
    assert "rose.jpg" in answer.json()["error"] and "jane-doe.yaml" in answer.json()["error"]
    # removing a photo a piece shows
    answer = post(
        checkout,
        "deleteFile",
        {"path": "content/images/work/koi.jpg", "options": {"commitMessage": "x"}},
    )
    assert answer.status_code == 422
    assert (
        "content/portfolio/jane-doe.yaml:3: piece 2, file: image 'koi.jpg' not found"
        in (answer.json()["error"])
    )
    assert snapshot(checkout.root / "content") == before
    assert str(checkout.root) not in answer.text  # the editor's words, not this machine's paths


@pytest.mark.parametrize(
    "path", ["/", "/admin/", "/admin/config.json", "/api/artists", "/portfolio"]
)
def test_serve_refuses_a_foreign_host(checkout: Checkout, path: str) -> None:
    port = checkout.site.rsplit(":", 1)[1]
    answer = httpx.get(checkout.site + path, headers={"host": f"rebind.attacker.example:{port}"})
    assert answer.status_code == 421
    assert answer.text.count("\n") == 0
    assert f"127.0.0.1:{port}" in answer.text
    assert httpx.get(checkout.site + path).status_code == 200


def test_serve_refuses_a_foreign_host_posting_a_message(checkout: Checkout) -> None:
    port = checkout.site.rsplit(":", 1)[1]
    message = {"name": "A", "email": "a@b.example", "service": "Piercing", "message": "hello"}
    answer = httpx.post(
        checkout.site + "/api/contact",
        content=json.dumps(message),
        headers={"host": f"rebind.attacker.example:{port}", "content-type": "application/json"},
    )
    assert answer.status_code == 421


# --- the studio's policies, edited as the aftercare guides are ----------------------------------


def published_policies(checkout: Checkout) -> dict:
    answer = httpx.get(checkout.site + "/api/policies")
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_policies_are_saved_and_the_rebuilt_site_publishes_them(
    watched_checkout: Checkout,
) -> None:
    checkout = watched_checkout
    path = checkout.root / "content" / "policies.md"
    current = path.read_text("utf-8")
    before = published_policies(checkout)
    assert before == {"markdown": current, "version": policies_version(current)}
    # the admin opens the entry ...
    answer = post(checkout, "getEntry", {"path": "content/policies.md"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["data"] == current
    # ... and saves it changed, as plain Markdown (no front matter)
    changed = current + "\n## Touch-ups\n\n- One free touch-up within **3 months**.\n"
    answer = post(
        checkout, "persistEntry", persist(dataFiles=[data_file("content/policies.md", raw=changed)])
    )
    assert answer.status_code == 200, answer.text
    assert path.read_text("utf-8") == changed

    # build.py serve saw the file change and rebuilt: /api/policies has the new text, and a new
    # version, which every page's site data carries for the contact form too.
    deadline = time.monotonic() + 90
    while (after := published_policies(checkout))["markdown"] != changed:
        assert time.monotonic() < deadline, f"not rebuilt: {after}"
        time.sleep(0.3)
    assert after["version"] == policies_version(changed) != before["version"]
    dist = checkout.root.parent / f"{checkout.root.name}-dist"
    site = json.loads((dist / "api" / "site.json").read_text("utf-8"))
    assert site["policiesVersion"] == after["version"]


@pytest.mark.parametrize("path", ["content/policies.md", "content/aftercare/tattoo.md"])
def test_an_oversized_policies_or_guide_is_refused_alike(
    watched_checkout: Checkout, path: str
) -> None:
    checkout = watched_checkout
    before = snapshot(checkout.root / "content")
    published = published_policies(checkout)
    huge = "## Deposits\n" + ("x" * 63 + "\n") * (2**20 // 64 + 1)
    answer = post(checkout, "persistEntry", persist(dataFiles=[data_file(path, raw=huge)]))
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"] == (
        "Not saved: the site would not build with this change. "
        f"{path}:1: is 1.0 MB, over the 1 MB limit for a text file in content/; "
        "check that it is the right file"
    )
    assert snapshot(checkout.root / "content") == before
    assert published_policies(checkout) == published
    assert str(checkout.root) not in answer.text


@pytest.mark.parametrize("path", ["content/policies.md", "content/aftercare/tattoo.md"])
def test_a_policies_or_guide_that_is_not_text_is_refused_alike(
    watched_checkout: Checkout, path: str
) -> None:
    """Half a surrogate pair ("\\ud800" in the JSON) cannot be written as UTF-8: refused with a
    reason, before the check runs, and nothing is written."""
    checkout = watched_checkout
    before = snapshot(checkout.root / "content")
    body = json.dumps(
        {
            "action": "persistEntry",
            "params": {**BRANCH, **persist(dataFiles=[data_file(path, raw="## Deposits\ud800\n")])},
        }
    )
    answer = httpx.post(
        checkout.backend, content=body, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == f"Not saved: {path.removeprefix('content/')!r}: not UTF-8 text"
    assert snapshot(checkout.root / "content") == before
