"""Every content rule has a bad-content case, and its exact message is part of the contract."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from build import cli
from generator.errors import ContentError
from generator.pipeline import checked_content
from sitefactory import (
    ARTIST_YAML,
    SITE_YAML,
    jpeg,
    minimal_site,
    without_small_photos,
    write_site,
)

JANE = ARTIST_YAML.format(name="Jane Doe", photo="jane.jpg", slug="jane", order=2)


def problems_for(tmp_path: Path, **changes) -> list[str]:
    files = minimal_site()
    for key, value in changes.items():
        path = (
            key.replace("__", "/")
            .replace("_yaml", ".yaml")
            .replace("_md", ".md")
            .replace("_jpg", ".jpg")
        )
        if value is None:
            files.pop(path, None)
        else:
            files[path] = value
    root = write_site(tmp_path / "content", files)
    with pytest.raises(ContentError) as caught:
        checked_content(root, "content")
    return [str(p) for p in caught.value.problems]


CASES = {
    "whole number": (
        {"artists__jane-doe_yaml": JANE.replace("years_experience: 7", "years_experience: ten")},
        "content/artists/jane-doe.yaml:3: years_experience: must be a whole number, got 'ten'",
    ),
    "fraction is not a whole number": (
        {"artists__jane-doe_yaml": JANE.replace("years_experience: 7", "years_experience: 7.5")},
        "content/artists/jane-doe.yaml:3: years_experience: must be a whole number, got '7.5'",
    ),
    "negative years": (
        {"artists__jane-doe_yaml": JANE.replace("years_experience: 7", "years_experience: -1")},
        "content/artists/jane-doe.yaml:3: years_experience: must be at least 0, got '-1'",
    ),
    "unknown key": (
        {"artists__jane-doe_yaml": JANE + "instagarm: jane\n"},
        "content/artists/jane-doe.yaml:10: instagarm: unknown key: did you mean instagram? "
        "(allowed keys: name, photo, alt, years_experience, specialties, instagram, bio, order, "
        "previous_slugs, draft, publish_at, books, books_note, email, deposit; in Spanish: alt_es, specialties_es, bio_es, books_note_es)",
    ),
    "missing key": (
        {"artists__jane-doe_yaml": JANE.replace("bio: A short bio.\n", "")},
        "content/artists/jane-doe.yaml:1: bio: is required",
    ),
    "blank text": (
        {"artists__jane-doe_yaml": JANE.replace("name: Jane Doe", "name: '  '")},
        "content/artists/jane-doe.yaml:1: name: must not be empty",
    ),
    "specialties must be a list": (
        {
            "artists__jane-doe_yaml": JANE.replace(
                "specialties:\n  - Fine Line\n  - Blackwork", "specialties: Fine Line"
            )
        },
        "content/artists/jane-doe.yaml:4: specialties: must be a list, got 'Fine Line'",
    ),
    "bad instagram": (
        {
            "artists__jane-doe_yaml": JANE.replace(
                'instagram: "@jane"', "instagram: https://instagram.com/jane"
            )
        },
        "content/artists/jane-doe.yaml:7: instagram: must be an Instagram handle like '@studio.name' "
        "(letters, digits, '.', '_'), got 'https://instagram.com/jane'",
    ),
    "photo with a folder": (
        {"artists__jane-doe_yaml": JANE.replace("photo: jane.jpg", "photo: photos/jane.jpg")},
        "content/artists/jane-doe.yaml:2: photo: must be a plain file name without folders, got 'photos/jane.jpg'",
    ),
    "photo with a backslash": (
        {"artists__jane-doe_yaml": JANE.replace("photo: jane.jpg", "photo: 'photos\\jane.jpg'")},
        "content/artists/jane-doe.yaml:2: photo: must be a plain file name without folders, got 'photos\\jane.jpg'",
    ),
    "photo climbing out": (
        {"artists__jane-doe_yaml": JANE.replace("photo: jane.jpg", "photo: ..jane.jpg")},
        "content/artists/jane-doe.yaml:2: photo: must not contain '..', got '..jane.jpg'",
    ),
    "hidden photo": (
        {"artists__jane-doe_yaml": JANE.replace("photo: jane.jpg", "photo: .jane.jpg")},
        "content/artists/jane-doe.yaml:2: photo: must not be a hidden file (starting with '.'), got '.jane.jpg'",
    ),
    "missing photo": (
        {"artists__jane-doe_yaml": JANE.replace("photo: jane.jpg", "photo: janet.jpg")},
        "content/artists/jane-doe.yaml:2: photo: image 'janet.jpg' not found in "
        "content/images/artists/ (did you mean 'jane.jpg'?)",
    ),
    "photo in the wrong case": (
        {"artists__jane-doe_yaml": JANE.replace("photo: jane.jpg", "photo: Jane.jpg")},
        "content/artists/jane-doe.yaml:2: photo: image 'Jane.jpg' not found in content/images/artists/ "
        "(did you mean 'jane.jpg'? names are case-sensitive)",
    ),
    "photo of an unsupported type": (
        {
            "artists__jane-doe_yaml": JANE.replace("photo: jane.jpg", "photo: jane.heic"),
            "images__artists__jane.heic": b"x",
        },
        "content/artists/jane-doe.yaml:2: photo: 'jane.heic' is not a supported image type "
        "(use .avif, .gif, .jpeg, .jpg, .png, .tif, .tiff, .webp)",
    ),
    "slug with capitals": (
        {"artists__Jane-Doe_yaml": JANE.replace("photo: jane.jpg", "photo: max.jpg")},
        "content/artists/Jane-Doe.yaml: file name 'Jane-Doe' must be a slug of lower-case letters, "
        "digits and '-' (rename it to 'jane-doe.yaml')",
    ),
    "duplicate slug": (
        {"artists__jane-doe.yml": JANE},
        "content/artists/jane-doe.yml: duplicate artist slug 'jane-doe' (also jane-doe.yaml)",
    ),
    "yaml syntax": (
        {"artists__jane-doe_yaml": JANE.replace("bio: A short bio.", "bio: [unclosed")},
        "content/artists/jane-doe.yaml:8: a value that starts with [ is read as a list, and "
        'this one is never closed with ]; for text, put it in quotes: write bio: "[unclosed"',
    ),
    "duplicate key": (
        {"artists__jane-doe_yaml": JANE + "name: Janet\n"},
        "content/artists/jane-doe.yaml:10: name is given twice (first on line 1): "
        "keep one and delete the other",
    ),
    "artist file is a list": (
        {"artists__jane-doe_yaml": "- name: Jane\n"},
        "content/artists/jane-doe.yaml:1: must be a group of keys, got a list",
    ),
    "portfolio for an unknown artist": (
        {
            "portfolio__nobody_yaml": "- file: extra.jpg\n  title: Extra\n",
            "images__work__extra_jpg": jpeg(),
        },
        "content/portfolio/nobody.yaml: names artist 'nobody', but there is no artists/nobody.yaml "
        "(known artists: jane-doe, max-ink)",
    ),
    "portfolio image missing": (
        {
            "portfolio__max-ink_yaml": "- file: skull.jpg\n  title: Skull\n- file: ghost.jpg\n  title: Ghost\n"
        },
        "content/portfolio/max-ink.yaml:3: piece 2, file: image 'ghost.jpg' not found in content/images/work/",
    ),
    "portfolio image used twice": (
        {
            "portfolio__max-ink_yaml": "- file: skull.jpg\n  title: Skull\n- file: rose.jpg\n  title: Rose again\n"
        },
        "content/portfolio/max-ink.yaml:3: piece 2, file: 'rose.jpg' is already used (jane-doe.yaml:1)",
    ),
    "portfolio piece without title": (
        {"portfolio__max-ink_yaml": "- file: skull.jpg\n"},
        "content/portfolio/max-ink.yaml:1: piece 1, title: is required",
    ),
    "portfolio not a list": (
        {"portfolio__max-ink_yaml": "file: skull.jpg\ntitle: Skull\n"},
        "content/portfolio/max-ink.yaml:1: must be a list of pieces ('- file: ...' lines), got a group of keys",
    ),
    "markdown not utf-8": (
        {"aftercare__tattoo_md": b"# Tattoo\n\nCaf\xe9 culture\n"},
        "content/aftercare/tattoo.md:3: is not UTF-8 text; save it as UTF-8",
    ),
    "site email": (
        {
            "site_yaml": minimal_site()["site.yaml"].replace(
                "email: hello@studio.example", "email: hello at studio"
            )
        },
        "content/site.yaml:4: email: must be an email address, got 'hello at studio' "
        "(An email address must have an @-sign.)",
    ),
    "site url": (
        {
            "site_yaml": minimal_site()["site.yaml"].replace(
                "https://facebook.com/test", "facebook.com/test"
            )
        },
        "content/site.yaml:19: socials.facebook: must be a web address starting with https://, got 'facebook.com/test'",
    ),
    "brand logo missing": (
        {"images__brands__brand-one.png": None},
        "content/site.yaml:40: brands, item 1, logo: image 'brand-one.png' not found in content/images/brands/",
    ),
    "video missing": (
        {"videos__clip.mp4": None},
        "content/site.yaml:43: videos.intro.source: video 'clip.mp4' not found in content/videos/",
    ),
    "frame range backwards": (
        {"site_yaml": minimal_site()["site.yaml"].replace("end_frame: 4", "end_frame: 1")},
        "content/site.yaml:47: videos.scroll_sequence.end_frame: must not be before start_frame (2)",
    ),
    "site.yaml missing": (
        {"site_yaml": None},
        "content/site.yaml: file is missing",
    ),
    "reserved slug all": (
        {
            "artists__all_yaml": ARTIST_YAML.format(
                name="Alma Lind", photo="jane.jpg", slug="alma", order=3
            )
        },
        "content/artists/all.yaml:1: 'all' cannot be an artist's file name: "
        "/api/portfolio?artist=all already means every artist; "
        "rename the file after the artist, e.g. 'alma-lind.yaml'",
    ),
    "opening days": (
        {"site_yaml": SITE_YAML.replace("days: Sunday", "days: Sundays")},
        "content/site.yaml:13: hours, line 2, days: must be days like 'Monday - Thursday', 'Sunday' or "
        "'Monday, Wednesday & Friday'; 'Sundays' is not a day of the week",
    ),
    "opening time": (
        {"site_yaml": SITE_YAML.replace("time: 12pm - 8pm", "time: 12 - 8")},
        "content/site.yaml:14: hours, line 2, time: must be a time like '12pm - 10pm', '10:30am - 7pm' "
        "or 'Closed'; '12' needs am or pm (or a 24-hour time like 17:30)",
    ),
    "founding year": (
        {"site_yaml": SITE_YAML.replace('founded: "1996"', "founded: nineteen")},
        "content/site.yaml:52: founded: must be a year like 1996, got 'nineteen'",
    ),
    "reserved slug na": (
        {"artists__na_yaml": "name: [broken\n"},
        "content/artists/na.yaml:1: 'na' cannot be an artist's file name: the contact form "
        "already uses 'na' for 'No preference'; rename the file after the artist, "
        "e.g. 'firstname-lastname.yaml'",
    ),
}


@pytest.mark.parametrize("changes, expected", CASES.values(), ids=CASES.keys())
def test_bad_content_is_named_by_file_line_and_field(
    tmp_path: Path, changes: dict, expected: str
) -> None:
    assert expected in problems_for(tmp_path, **changes)


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    found = problems_for(
        tmp_path,
        artists__jane_doe_yaml=None,
        **{
            "artists__jane-doe_yaml": JANE.replace("years_experience: 7", "years_experience: ten"),
            "portfolio__max-ink_yaml": "- file: ghost.jpg\n  title: Ghost\n- file: skull.jpg\n",
            "aftercare__tattoo_md": b"\xff",
        },
    )
    assert found == [
        "content/aftercare/tattoo.md:1: is not UTF-8 text; save it as UTF-8",
        "content/artists/jane-doe.yaml:3: years_experience: must be a whole number, got 'ten'",
        "content/portfolio/max-ink.yaml:1: piece 1, file: image 'ghost.jpg' not found in content/images/work/",
        "content/portfolio/max-ink.yaml:3: piece 2, title: is required",
    ]


def test_files_resaved_by_a_cms_still_validate(tmp_path: Path) -> None:
    """Comments dropped, keys reordered, numbers quoted, flow style: same content."""
    resaved = (
        "{order: '2', bio: A short bio., instagram: '@jane', specialties: [Fine Line, Blackwork], "
        "years_experience: '7', photo: jane.jpg, name: Jane Doe}\n"
    )
    files = minimal_site()
    files["artists/jane-doe.yaml"] = "# Jane's file\n" + JANE
    plain = checked_content(write_site(tmp_path / "a", files), "content")
    files["artists/jane-doe.yaml"] = resaved
    again = checked_content(write_site(tmp_path / "b", files), "content")
    assert plain.artists == again.artists


def test_unused_and_hidden_files_are_warnings_not_errors(tmp_path: Path) -> None:
    files = minimal_site()
    files["images/work/unused.jpg"] = jpeg()
    files["images/work/.DS_Store"] = b"\0"
    files["artists/notes.txt"] = "todo"
    content = checked_content(write_site(tmp_path / "content", files), "content")
    # (the fixture has no Spanish: each text says so, tests/test_spanish_content.py)
    warnings = [w for w in content.warnings if "/es/ pages show the English" not in w.message]
    assert [str(w) for w in without_small_photos(warnings)] == [
        "content/artists/notes.txt: ignored: only .yaml files are read here",
        "content/images/work/unused.jpg: not used by any content file; it is not published",
    ]


def test_missing_aftercare_guide_is_a_warning_and_gives_no_section(tmp_path: Path) -> None:
    files = minimal_site()
    del files["aftercare/piercing.md"]
    content = checked_content(write_site(tmp_path / "content", files), "content")
    assert list(content.aftercare) == ["tattoo"]
    assert "content/aftercare/piercing.md: file is missing; the page shows this guide as empty" in [
        str(w) for w in content.warnings
    ]


def test_check_command_lists_every_problem_and_exits_1_without_traceback(tmp_path: Path) -> None:
    files = minimal_site()
    files["artists/jane-doe.yaml"] = JANE.replace("years_experience: 7", "years_experience: ten")
    files["portfolio/max-ink.yaml"] = "- file: ghost.jpg\n  title: Ghost\n"
    root = write_site(tmp_path / "content", files)
    result = CliRunner().invoke(cli, ["check", "--content", str(root)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.output.splitlines() == [
        f"{root}/artists/jane-doe.yaml:3: years_experience: must be a whole number, got 'ten'",
        f"{root}/portfolio/max-ink.yaml:1: piece 1, file: image 'ghost.jpg' not found in {root}/images/work/",
        "2 problems found; nothing was published.",
    ]


def test_check_command_accepts_good_content_and_writes_nothing(content_dir: Path) -> None:
    before = sorted(p.relative_to(content_dir.parent) for p in content_dir.parent.rglob("*"))
    result = CliRunner().invoke(cli, ["check", "--content", str(content_dir)])
    assert result.exit_code == 0, result.output
    assert "content OK: 2 artists, 3 portfolio pieces, 2 aftercare guides" in result.output
    after = sorted(p.relative_to(content_dir.parent) for p in content_dir.parent.rglob("*"))
    assert before == after


@pytest.mark.parametrize("command", ["check", "build"])
def test_broken_photos_are_listed_with_the_yaml_problems(tmp_path: Path, command: str) -> None:
    """One push shows everything: a bad photo is not held back until the YAML is fixed."""
    files = minimal_site()
    files["artists/jane-doe.yaml"] = JANE.replace("years_experience: 7", "years_experience: ten")
    files["images/work/skull.jpg"] = b""
    files["images/brands/brand-one.png"] = b"not a picture"
    root = write_site(tmp_path / "content", files)
    args = [command, "--content", str(root)]
    if command == "build":
        args += ["--out", str(tmp_path / "dist"), "--cache", str(tmp_path / "cache")]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{root}/artists/jane-doe.yaml:3: years_experience: must be a whole number, got 'ten'",
        f"{root}/images/brands/brand-one.png: not an image we can read (the file is damaged or "
        "of an unknown type); save it as JPEG, PNG, WebP, GIF, TIFF or AVIF",
        f"{root}/images/work/skull.jpg: the file is empty (0 bytes); add the photo again",
        "3 problems found; nothing was published.",
    ]
    assert not (tmp_path / "dist").exists()


def test_unknown_portfolio_owner_lists_every_artist_file_even_invalid_ones(tmp_path: Path) -> None:
    found = problems_for(
        tmp_path,
        **{
            "artists__jane-doe_yaml": JANE.replace("years_experience: 7", "years_experience: ten"),
            "portfolio__nobody_yaml": "- file: rose.jpg\n  title: Rose\n",
        },
    )
    assert (
        "content/portfolio/nobody.yaml: names artist 'nobody', but there is no "
        "artists/nobody.yaml (known artists: jane-doe, max-ink)"
    ) in found
