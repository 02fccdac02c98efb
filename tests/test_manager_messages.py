"""Messages a studio manager understands, and every problem in one run (issue 17).

Through the commands people run (`build.py check`, `build.py messages`, the contact
function's handler), each message's exact text: the seven-mistakes run, "did you mean",
list positions counted as people count, the new warnings, and artists named by name.
YAML syntax mistakes have their own table in test_yaml_messages.py; renames and their
redirects are in test_renames.py; the overlay of `serve` in browser/test_serve_overlay.py.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from contact_support import GOOD, RecordingNotifier, call, make_service, post_event

import build
from build import cli
from functions.contact.dal.outbox import SqliteOutbox
from functions.contact.models.mail import compose_email
from sitefactory import ARTIST_YAML, jpeg, minimal_site, write_site

ROSA = """\
name: Rosa Delgado
photo: Rosa.jpg
years_experience: ten
specialties:
  - Fine Line
instagram: @rosa
bio: Rosa draws fine line florals.
order: 3
"""
ROSA_PIECES = """\
- file: rose-1.jpg
  title: Rose: day one
- file: rose-2.jpeg
  title: Peony
"""


def run_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, files: dict) -> list[str]:
    write_site(tmp_path / "content", files)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "--content", "content"])
    assert "Traceback" not in result.output
    return result.output.splitlines()


def test_seven_mistakes_are_all_listed_in_one_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new artist with phone photos and the usual slips, across files and within one file:
    a syntax mistake no longer hides the fields and photos after it, nor a bad field the
    photo beside it."""
    files = minimal_site()
    files["artists/rosa-delgado.yaml"] = ROSA  # 1 @ unquoted, 2 ten, 3 Rosa.jpg
    files["portfolio/rosa-delgado.yaml"] = ROSA_PIECES  # 4 colon in text, 5 .jpeg
    files["images/artists/rosa.jpg"] = jpeg(1200, 1600)
    files["images/work/rose-1.jpg"] = jpeg(3000, 4000)
    files["images/work/rose-2.jpg"] = jpeg(4000, 3000)
    files["artists/max-ink.yaml"] = files["artists/max-ink.yaml"].replace(
        "instagram:", "instagarm:"
    )  # 6 a misspelt key
    files["site.yaml"] = files["site.yaml"].replace(
        "    time: 12pm - 8pm", "\ttime: 12pm - 8pm"
    )  # 7 a Tab
    assert run_check(tmp_path, monkeypatch, files) == [
        "content/artists/max-ink.yaml:7: instagarm: unknown key: did you mean instagram? "
        "(allowed keys: name, photo, alt, years_experience, specialties, instagram, bio, order, "
        "previous_slugs, draft, publish_at, books, books_note, email, deposit"
        "; in Spanish: alt_es, specialties_es, bio_es, books_note_es)",
        "content/artists/rosa-delgado.yaml:2: photo: image 'Rosa.jpg' not found in "
        "content/images/artists/ (did you mean 'rosa.jpg'? names are case-sensitive)",
        "content/artists/rosa-delgado.yaml:3: years_experience: must be a whole number, got 'ten'",
        'content/artists/rosa-delgado.yaml:6: the @ at the start of "@rosa" needs quotes: '
        'write instagram: "@rosa"',
        "content/portfolio/rosa-delgado.yaml:2: text with a colon needs quotes: "
        'write title: "Rose: day one"',
        "content/portfolio/rosa-delgado.yaml:3: piece 2, file: image 'rose-2.jpeg' not found "
        "in content/images/work/ (did you mean 'rose-2.jpg'?)",
        "content/site.yaml:14:1: indent with spaces, not Tab: write time: 12pm - 8pm with 4 "
        "spaces before it",
        "7 problems found; nothing was published.",
    ]


def test_a_bad_field_leaves_the_photo_and_other_fields_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = minimal_site()
    files["artists/jane-doe.yaml"] = (
        ARTIST_YAML.format(name="Jane Doe", photo="janet.jpg", slug="jane", order=2)
        .replace("years_experience: 7", "years_experience: 7.5")
        .replace('instagram: "@jane"', "instagram: https://instagram.com/jane")
    )
    files["portfolio/jane-doe.yaml"] = "- file: rose.jpg\n  titel: Rose\n- file: kio.jpg\n"
    assert run_check(tmp_path, monkeypatch, files) == [
        "content/artists/jane-doe.yaml:2: photo: image 'janet.jpg' not found in "
        "content/images/artists/ (did you mean 'jane.jpg'?)",
        "content/artists/jane-doe.yaml:3: years_experience: must be a whole number, got '7.5'",
        "content/artists/jane-doe.yaml:7: instagram: must be an Instagram handle like "
        "'@studio.name' (letters, digits, '.', '_'), got 'https://instagram.com/jane'",
        "content/portfolio/jane-doe.yaml:1: piece 1, title: is required",
        "content/portfolio/jane-doe.yaml:2: piece 1, titel: unknown key: did you mean title? "
        "(allowed keys: file, title, alt, draft, publish_at; in Spanish: title_es, alt_es)",
        "content/portfolio/jane-doe.yaml:3: piece 2, file: image 'kio.jpg' not found in "
        "content/images/work/ (did you mean 'koi.jpg'?)",
        "content/portfolio/jane-doe.yaml:3: piece 2, title: is required",
        "7 problems found; nothing was published.",
    ]


def test_site_yaml_with_a_bad_field_still_has_its_photos_and_videos_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = minimal_site()
    files["site.yaml"] = (
        files["site.yaml"]
        .replace("email: hello@studio.example", "email: hello at studio")
        .replace("logo: brand-one.png", "logo: brand-1.png")
        .replace("hero: {source: clip.mp4}", "hero: {source: clip.mov}")
    )
    assert run_check(tmp_path, monkeypatch, files) == [
        "content/site.yaml:4: email: must be an email address, got 'hello at studio' "
        "(An email address must have an @-sign.)",
        "content/site.yaml:40: brands, item 1, logo: image 'brand-1.png' not found in "
        "content/images/brands/ (did you mean 'brand-one.png'?)",
        "content/site.yaml:44: videos.hero.source: video 'clip.mov' not found in "
        "content/videos/ (did you mean 'clip.mp4'?)",
        "3 problems found; nothing was published.",
    ]


# --- did you mean ---------------------------------------------------------------------------


SUGGESTIONS = {
    "a portfolio named after a misspelt artist": (
        {"portfolio/jane-do.yaml": "- file: koi.jpg\n  title: Koi\n"},
        "content/portfolio/jane-do.yaml: names artist 'jane-do', but there is no "
        "artists/jane-do.yaml (did you mean jane-doe? known artists: jane-doe, max-ink)",
    ),
    "a photo with the wrong extension": (
        {"portfolio/max-ink.yaml": "- file: skull.jpeg\n  title: Skull\n"},
        "content/portfolio/max-ink.yaml:1: piece 1, file: image 'skull.jpeg' not found in "
        "content/images/work/ (did you mean 'skull.jpg'?)",
    ),
    "a misspelt key in site.yaml": (
        {"site.yaml": minimal_site()["site.yaml"].replace("  city:", "  cty:")},
        "content/site.yaml:7: address.cty: unknown key: did you mean city? (allowed keys: "
        "street, city, region, postal_code, map_url)",
    ),
    "a misspelt key in opening hours, said as people count": (
        {"site.yaml": minimal_site()["site.yaml"].replace("    time: 12pm - 8pm", "    tme: 12")},
        "content/site.yaml:14: hours, line 2, tme: unknown key: did you mean time? "
        "(allowed keys: days, time)",
    ),
}


@pytest.mark.parametrize(("changes", "expected"), SUGGESTIONS.values(), ids=SUGGESTIONS)
def test_did_you_mean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, changes: dict, expected: str
) -> None:
    assert expected in run_check(tmp_path, monkeypatch, {**minimal_site(), **changes})


@pytest.mark.parametrize(
    ("service", "expected"),
    [
        (
            "Tatoo Consultation",
            "Unknown service 'Tatoo Consultation': please choose one from the list. "
            "Did you mean 'Tattoo Consultation'?",
        ),
        (
            "piercing",
            "Unknown service 'piercing': please choose one from the list. Did you mean 'Piercing'?",
        ),
        ("Laser Removal", "Unknown service 'Laser Removal': please choose one from the list."),
    ],
)
def test_the_contact_function_suggests_the_service_meant(
    tmp_path: Path, service: str, expected: str
) -> None:
    status, answer, _ = call(make_service(tmp_path), post_event({**GOOD, "service": service}))
    assert (status, answer["error"], answer["fields"]) == (400, expected, {"service": expected})


# --- warnings: shown, but not as meant --------------------------------------------------------


def warnings_of(lines: list[str], about: str, small_photos: bool = False) -> list[str]:
    """The warnings that mention about; those about the fixture's small photos only when
    asked (they are small on purpose: sitefactory.without_small_photos). The fixture has no
    Spanish, so each of its texts says so: those are left out (tests/test_spanish_content.py)."""
    return [
        line
        for line in lines
        if line.startswith("warning: ")
        and about in line
        and (small_photos or "pixels, so it looks soft" not in line)
        and "/es/ pages show the English" not in line
    ]


def test_two_artists_with_one_order_or_one_photo_are_warned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = minimal_site()
    files["artists/max-ink.yaml"] = ARTIST_YAML.format(
        name="Max Ink", photo="jane.jpg", slug="max", order=2
    )
    lines = run_check(tmp_path, monkeypatch, files)
    assert lines[-1].startswith("content OK")
    assert warnings_of(lines, "max-ink.yaml") == [
        "warning: content/artists/max-ink.yaml:2: photo: 'jane.jpg' is also the photo of "
        "Jane Doe (jane-doe.yaml:2): give each artist their own photo",
        "warning: content/artists/max-ink.yaml:9: order: 2 is also the order of Jane Doe "
        "(jane-doe.yaml:9), so the carousel sorts the two by name: give each artist a number "
        "of their own",
    ]


def test_photos_too_small_for_where_they_are_shown_are_warned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = minimal_site()
    files["images/work/rose.jpg"] = jpeg(300, 300)
    files["images/work/koi.jpg"] = jpeg(1200, 900)  # exactly enough
    files["images/artists/jane.jpg"] = jpeg(480, 600)
    lines = run_check(tmp_path, monkeypatch, files)
    assert warnings_of(lines, "jane-doe.yaml", small_photos=True) == [
        "warning: content/artists/jane-doe.yaml:2: photo: 'jane.jpg' is only 480x600 pixels, "
        "so it looks soft on the artist's card: use a photo at least 640 pixels on its long "
        "side (the original from the camera or phone)",
        "warning: content/portfolio/jane-doe.yaml:1: piece 1, file: 'rose.jpg' is only "
        "300x300 pixels, so it looks soft full screen: use a photo at least 1200 pixels on its "
        "long side (the original from the camera or phone)",
    ]


def test_a_markdown_table_without_its_line_of_dashes_is_warned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = minimal_site()
    files["aftercare/piercing.md"] = (
        "# Piercing\n\n| Day | Do | Avoid |\n| 1 | Rinse | Pools |\n\n"
        "| Week | Do |\n|:---|---:|\n| 2 | Rest |\n\n```\n| not | a table |\n| in | code |\n```\n"
    )
    lines = run_check(tmp_path, monkeypatch, files)
    assert warnings_of(lines, "aftercare") == [
        "warning: content/aftercare/piercing.md:3: this table has no line of dashes under its "
        "first row, so the page shows it as plain text: add the line |---|---|---| below "
        "this one"
    ]


def test_an_artist_without_a_portfolio_file_is_warned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = minimal_site()
    del files["portfolio/max-ink.yaml"]
    del files["images/work/skull.jpg"]
    lines = run_check(tmp_path, monkeypatch, files)
    assert warnings_of(lines, "max-ink") == [
        "warning: content/artists/max-ink.yaml: has no portfolio file, so Max Ink's portfolio "
        "page shows no work: add portfolio/max-ink.yaml (lines of '- file: photo.jpg' and "
        "'  title: ...')"
    ]


# --- artists named where people read them -------------------------------------------------


def test_the_email_and_messages_name_the_artist(tmp_path: Path) -> None:
    notifier = RecordingNotifier()
    service = make_service(tmp_path, notifier=notifier)
    assert call(service, post_event(GOOD))[0] == 200
    assert call(service, post_event({**GOOD, "artist": "na", "name": "Bo"}))[0] == 200
    by_name = {m.name: m for m in service.store.list()}
    assert (by_name["Ana López"].artist, by_name["Ana López"].artist_name) == (
        "jane-doe",
        "Jane Doe",
    )
    _, body = compose_email(*notifier.sent[0])
    assert "Artist:    Jane Doe (jane-doe)\n" in body
    _, body = compose_email(*notifier.sent[1])
    assert "Artist:    No preference\n" in body
    outbox = str(tmp_path / "outbox.sqlite3")
    text = CliRunner().invoke(build.cli, ["messages", "--outbox", outbox]).output
    ana, bo = by_name["Ana López"], by_name["Bo"]
    assert f"  Tattoo Consultation · artist: Jane Doe (jane-doe) · ref {ana.id}" in text
    assert f"  Tattoo Consultation · artist: No preference · ref {bo.id}" in text


def test_an_artist_who_left_is_still_named_by_the_messages_they_received(
    tmp_path: Path,
) -> None:
    notifier = RecordingNotifier(fail=True)
    service = make_service(tmp_path, notifier=notifier)
    call(service, post_event(GOOD))  # kept pending: the email failed
    service.artists = lambda: {}  # Jane Doe has left the site since
    notifier.fail = False
    assert service.send_pending().sent == 1
    _, body = compose_email(*notifier.sent[0])
    assert "Artist:    Jane Doe (jane-doe)\n" in body


def test_an_outbox_from_before_keeps_working_and_shows_the_slug(tmp_path: Path) -> None:
    path = tmp_path / "outbox.sqlite3"
    with sqlite3.connect(path) as old:  # the schema of the first release
        old.execute(
            "CREATE TABLE messages (id TEXT PRIMARY KEY, created_at TEXT NOT NULL, name TEXT NOT "
            "NULL, email TEXT NOT NULL, phone TEXT NOT NULL, artist TEXT NOT NULL, service TEXT "
            "NOT NULL, message TEXT NOT NULL, client TEXT NOT NULL, status TEXT NOT NULL, "
            "attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT NOT NULL DEFAULT '', sent_at "
            "TEXT NOT NULL DEFAULT '')"
        )
        old.execute(
            "INSERT INTO messages (id, created_at, name, email, phone, artist, service, message,"
            " client, status) VALUES ('old1', '2026-01-02T03:04:05+00:00', 'Ana', "
            "'ana@example.com', '', 'max-ink', 'Piercing', 'Hi', '203.0.113.7', 'sent')"
        )
    [kept] = SqliteOutbox(path).list()
    assert (kept.artist, kept.artist_name) == ("max-ink", "")
    text = CliRunner().invoke(build.cli, ["messages", "--outbox", str(path)]).output
    assert "  Piercing · artist: max-ink · ref old1" in text


def test_a_syntax_mistake_does_not_hide_a_misspelt_key_above_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #29, item 7: `instagarm:` on line 7 and an unquoted colon in the bio on line 8."""
    files = minimal_site()
    files["artists/max-ink.yaml"] = (
        "name: Max Ink\nphoto: max.jpg\nyears_experience: 7\nspecialties:\n  - Fine Line\n"
        "order: 1\ninstagarm: max\nbio: Best artist: ever\n"
    )
    assert run_check(tmp_path, monkeypatch, files) == [
        "content/artists/max-ink.yaml:7: instagarm: unknown key: did you mean instagram? "
        "(allowed keys: name, photo, alt, years_experience, specialties, instagram, bio, order, "
        "previous_slugs, draft, publish_at, books, books_note, email, deposit"
        "; in Spanish: alt_es, specialties_es, bio_es, books_note_es)",
        'content/artists/max-ink.yaml:8: text with a colon needs quotes: write bio: "Best '
        'artist: ever"',
        "2 problems found; nothing was published.",
    ]
