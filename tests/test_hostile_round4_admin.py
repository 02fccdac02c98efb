"""Hostile input, round four (issue #38, item 2): the admin's uploads, renames and deletes pass
the save check, over HTTP to the local backend of `build.py serve --cms`, as a page (or a
hurried editor) sends them.

Every action that writes is judged on the folder exactly as decap-server leaves it (it
writes each data file at its `path` and moves it to its `newPath` only when every data file
has one), and two changes sent at once are judged one after the other. The checkouts and
helpers are the local backend's own (tests/test_cms_gate.py).
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from test_cms_gate import (
    Checkout,
    _checkout,
    data_file,
    persist,
    photo_asset,
    post,
    snapshot,
)

NOT_SAVED = "Not saved: the site would not build with this change. "
MEDIA_OPTIONS = {"commitMessage": "x"}


@pytest.fixture
def checkout(tmp_path: Path, media_cache: Path) -> Iterator[Checkout]:
    """A clean checkout of the minimal site per test: these tests change it."""
    yield from _checkout(tmp_path / "checkout", media_cache, plant_links=False)


def upload(checkout: Checkout, path: str, data: bytes):  # noqa: ANN201 - httpx.Response
    asset = {"path": path, "content": base64.b64encode(data).decode(), "encoding": "base64"}
    return post(checkout, "persistMedia", {"asset": asset, "options": MEDIA_OPTIONS})


def test_an_upload_over_a_photo_a_page_shows_must_be_a_photo(checkout: Checkout) -> None:
    """The report's: persistMedia over koi.jpg with bytes that are not an image was 200, and
    the next build failed."""
    before = snapshot(checkout.root / "content")
    answer = upload(checkout, "content/images/work/koi.jpg", b"<html>not a photo</html>\n")
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"] == (
        f"{NOT_SAVED}content/images/work/koi.jpg: not an image we can read (the file is "
        "damaged or of an unknown type); save it as JPEG, PNG, WebP, GIF, TIFF or AVIF"
    )
    assert str(checkout.root) not in answer.text
    assert snapshot(checkout.root / "content") == before
    # a real photo in its place is still saved
    photo = photo_asset("content/images/work/koi.jpg")
    answer = post(checkout, "persistMedia", {"asset": photo, "options": MEDIA_OPTIONS})
    assert answer.status_code == 200, answer.text
    koi = (checkout.root / "content" / "images" / "work" / "koi.jpg").read_bytes()
    assert koi == base64.b64decode(photo["content"])


def test_a_save_with_some_new_paths_is_judged_where_decap_server_writes_it(
    checkout: Checkout,
) -> None:
    """decap-server moves nothing unless every data file has a newPath: a file whose newPath
    names a valid entry is written at its own path, which was never checked."""
    content = checkout.root / "content"
    before = snapshot(content)
    max_pieces = (content / "portfolio" / "max-ink.yaml").read_text()
    jane_pieces = (content / "portfolio" / "jane-doe.yaml").read_text()
    answer = post(
        checkout,
        "persistEntry",
        persist(
            dataFiles=[
                # a portfolio of no artist, showing Max Ink's photo: the build refuses it
                data_file(
                    "content/portfolio/ghost.yaml",
                    newPath="content/portfolio/max-ink.yaml",
                    raw=max_pieces,
                ),
                data_file("content/portfolio/jane-doe.yaml", raw=jane_pieces),
            ]
        ),
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"].startswith(NOT_SAVED)
    assert "content/portfolio/ghost.yaml" in answer.json()["error"]
    assert snapshot(content) == before


def test_a_save_naming_one_file_twice_is_refused_unwritten(checkout: Checkout) -> None:
    """Two entries swapping names: decap-server writes and moves them in parallel, so what is
    left is chance; such a save cannot be judged and is refused before anything is written."""
    content = checkout.root / "content"
    before = snapshot(content)
    jane = (content / "portfolio" / "jane-doe.yaml").read_text()
    max_ink = (content / "portfolio" / "max-ink.yaml").read_text()
    swap = [
        data_file(
            "content/portfolio/jane-doe.yaml", newPath="content/portfolio/max-ink.yaml", raw=jane
        ),
        data_file(
            "content/portfolio/max-ink.yaml", newPath="content/portfolio/jane-doe.yaml", raw=max_ink
        ),
    ]
    answer = post(checkout, "persistEntry", persist(dataFiles=swap))
    assert answer.status_code == 400, answer.text
    assert answer.json() == {
        "error": 'Not saved: "content/portfolio/max-ink.yaml" is named twice in one save'
    }
    assert snapshot(content) == before


def test_a_rename_is_judged_at_its_new_name_and_done(checkout: Checkout) -> None:
    """Every data file with a newPath: judged moved (a portfolio must keep its artist's
    name), and moved when the build takes it."""
    content = checkout.root / "content"
    max_pieces = (content / "portfolio" / "max-ink.yaml").read_text()
    moved = data_file(
        "content/portfolio/max-ink.yaml", newPath="content/portfolio/ghost.yaml", raw=max_pieces
    )
    before = snapshot(content)
    answer = post(checkout, "persistEntry", persist(dataFiles=[moved]))
    assert answer.status_code == 422, answer.text
    assert "content/portfolio/ghost.yaml" in answer.json()["error"]
    assert snapshot(content) == before
    # an artist without pieces renamed: saved, at the new name only
    answer = post(
        checkout, "deleteFile", {"path": "content/portfolio/max-ink.yaml", "options": MEDIA_OPTIONS}
    )
    assert answer.status_code == 200, answer.text
    artist = (content / "artists" / "max-ink.yaml").read_text()
    renamed = data_file(
        "content/artists/max-ink.yaml", newPath="content/artists/max-ink-studio.yaml", raw=artist
    )
    answer = post(checkout, "persistEntry", persist(dataFiles=[renamed]))
    assert answer.status_code == 200, answer.text
    assert (content / "artists" / "max-ink-studio.yaml").read_text() == artist
    assert not (content / "artists" / "max-ink.yaml").exists()


def test_two_changes_sent_at_once_are_judged_one_after_the_other(checkout: Checkout) -> None:
    """Each alone is fine: deleting a photo no page shows, and a new piece showing that photo.
    Both judged against the folder before either was written, both passed, and the site no
    longer built; judged in turn, the second is refused."""
    content = checkout.root / "content"
    spare = photo_asset("content/images/work/spare.jpg")
    answer = post(checkout, "persistMedia", {"asset": spare, "options": MEDIA_OPTIONS})
    assert answer.status_code == 200, answer.text
    pieces = (content / "portfolio" / "max-ink.yaml").read_text()
    with_spare = pieces + "- file: spare.jpg\n  title: Spare\n"
    delete = ("deleteFile", {"path": "content/images/work/spare.jpg", "options": MEDIA_OPTIONS})
    save = (
        "persistEntry",
        persist(dataFiles=[data_file("content/portfolio/max-ink.yaml", raw=with_spare)]),
    )
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda sent: post(checkout, *sent), [delete, save]))
    codes = sorted(answer.status_code for answer in answers)
    assert codes == [200, 422], [answer.text for answer in answers]
    refused = next(answer for answer in answers if answer.status_code == 422)
    assert refused.json()["error"].startswith(NOT_SAVED)
    # whichever went first, the folder is one the build accepts
    shows_spare = "spare.jpg" in (content / "portfolio" / "max-ink.yaml").read_text()
    assert shows_spare == (content / "images" / "work" / "spare.jpg").exists()
