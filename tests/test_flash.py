"""Flash designs (issue #28, docs/flash.md): content/flash/<artist>.yaml is checked like every
content file (file:line:field, every problem at once, did-you-mean), through `check`."""

from __future__ import annotations

import pytest
from flash_support import flash_site, run

from generator.content import models
from generator.content.flash import design_id
from sitefactory import jpeg, minimal_site, write_site

# --- the content rules ---------------------------------------------------------------------

BAD_FLASH = """\
- file: swallow.jpg
  title: Swallow
  size: 3 in
  price: $150
- file: swallow.jpg
  title: Swallow again
  size: 3 in
  price: 150.5
- file: dagger.jpg
  size: a very long size text that goes on
  price: 0
  status: sold
  prise: 3
- file: rose.jpg
  title: Rose
  size: 2 in
  price: 120
  status: claimd
- file: Rose.png
  title: Rose again
  size: 2 in
  price: 120
- file: swalow.jpg
  title: Typo
  size: 2 in
  price: 120
  repeatable: maybe
"""


def test_every_flash_problem_is_named_at_once_with_file_line_and_field(tmp_path, monkeypatch):
    files = minimal_site()
    files["flash/jane-doe.yaml"] = BAD_FLASH
    files["flash/jane.yaml"] = "- file: x.jpg\n  title: X\n  size: 1 in\n  price: 5\n"
    files["flash/max-ink.yaml"] = "file: a.jpg\n"
    for name in ("swallow.jpg", "dagger.jpg", "rose.jpg", "Rose.png", "x.jpg"):
        files[f"images/flash/{name}"] = jpeg()
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"])
    assert code == 1
    at = "content/flash/jane-doe.yaml"
    dollars = "must be a price in whole US dollars, a number like 150 (no $ sign, no cents)"
    expected = [
        f"{at}:4: design 1, price: {dollars}, got '$150'",
        f"{at}:5: design 2, file: 'swallow.jpg' is already used (jane-doe.yaml:1)",
        f"{at}:8: design 2, price: {dollars}, got '150.5'",
        f"{at}:9: design 3, title: is required",
        f"{at}:10: design 3, size: must be short, at most 24 characters (like '3 in' or "
        "'4 x 6 in'), got 'a very long size text that goes on'",
        f"{at}:11: design 3, price: must be at least 1, got '0'",
        f"{at}:12: design 3, status: must be available or claimed, got 'sold'",
        f"{at}:13: design 3, prise: unknown key: did you mean price? (allowed keys: file, "
        "title, size, price, status, repeatable, alt, draft, publish_at; in Spanish: title_es, alt_es)",
        f"{at}:18: design 4, status: must be available or claimed, got 'claimd' "
        "(did you mean claimed?)",
        f"{at}:19: design 5, file: 'Rose.png' gives this design the id 'jane-doe/rose', which "
        "design 4 ('rose.jpg', line 14) already has: rename one of the two photos (a "
        "design's id is made from its file name)",
        f"{at}:23: design 6, file: image 'swalow.jpg' not found in content/images/flash/ "
        "(did you mean 'swallow.jpg'?)",
        f"{at}:27: design 6, repeatable: must be true or false, got 'maybe'",
        "content/flash/jane.yaml: names artist 'jane', but there is no artists/jane.yaml "
        "(known artists: jane-doe, max-ink)",
        "content/flash/max-ink.yaml:1: must be a list of designs ('- file: ...' lines), got a "
        "group of keys",
    ]
    for line in expected:
        assert line in output, (line, output)
    assert f"{len(expected)} problems found" in output


def test_a_flash_file_of_a_renamed_artist_is_told_the_new_name(tmp_path, monkeypatch):
    files = flash_site()
    files["artists/jane-doe.yaml"] += "previous_slugs: [jane]\n"
    files["flash/jane.yaml"] = files.pop("flash/jane-doe.yaml")
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"])
    assert code == 1
    assert (
        "content/flash/jane.yaml: names artist 'jane', which is now 'jane-doe' (previous_slugs "
        "in artists/jane-doe.yaml): rename this file to jane-doe.yaml"
    ) in output


def test_a_flash_photo_used_by_two_artists_is_refused(tmp_path, monkeypatch):
    files = flash_site()
    files["flash/max-ink.yaml"] = "- file: rose.jpg\n  title: Rose\n  size: 2 in\n  price: 99\n"
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"])
    assert code == 1
    assert (
        "content/flash/max-ink.yaml:1: design 1, file: 'rose.jpg' is already used "
        "(jane-doe.yaml:11)"
    ) in output


def test_the_same_name_in_the_portfolio_and_the_flash_folders_is_two_photos(tmp_path, monkeypatch):
    files = flash_site()
    assert "file: rose.jpg" in files["portfolio/jane-doe.yaml"]  # images/work/rose.jpg
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"])
    assert code == 0, output
    assert "4 flash designs" in output


def test_an_empty_flash_file_is_an_artist_without_flash(tmp_path, monkeypatch):
    files = flash_site()
    files["flash/max-ink.yaml"] = ""
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"])
    assert code == 0, output
    assert "3 flash designs" in output
    # the picture no design names any more: not published, and said so
    assert "content/images/flash/panther.jpg: not used by any content file" in output


@pytest.mark.parametrize(
    ("stem", "expected"),
    [
        ("swallow.jpg", "jane-doe/swallow"),
        ("Dagger Two.JPG", "jane-doe/dagger-two"),
        ("rosé__2.png", "jane-doe/ros-2"),
        ("---.jpg", "jane-doe/design"),
    ],
)
def test_a_design_id_is_the_artist_and_the_url_safe_file_stem(stem, expected):
    assert design_id("jane-doe", stem) == expected


def test_price_is_whole_dollars_as_written_or_as_the_admin_quotes_it():
    base = {"file": "a.jpg", "title": "A", "size": "3 in"}
    assert models.FlashDesign.model_validate({**base, "price": 150}).price == 150
    assert models.FlashDesign.model_validate({**base, "price": "150"}).price == 150
    design = models.FlashDesign.model_validate({**base, "price": 1})
    assert (design.status, design.repeatable, design.alt, design.draft) == (
        "available",
        False,
        None,
        False,
    )
    for bad in ("$150", 150.5, 0, -5, True, "150.00", None):
        with pytest.raises(ValueError):
            models.FlashDesign.model_validate({**base, "price": bad})
