"""Issue #27, the content side: an artist's `books` and `books_note`, site.yaml's
`minors_rule` and content/policies.md are checked like every content file (file:line:field,
every problem at once, did-you-mean), the launch check knows policies.md, and the admin asks
for what the build accepts (docs/requests.md)."""

from __future__ import annotations

import re

from flash_support import run

from generator.content import models
from generator.content.launch import Launch
from generator.content.loader import load_content
from generator.content.validate import validate
from generator.errors import ContentError
from generator.pipeline import checked_content
from generator.site import cms
from generator.site.admin import AdminSettings
from sitefactory import ARTIST_YAML, launch_ready_site, minimal_site, write_site

CONFIG = cms.admin_config("content", AdminSettings().backend())
POLICIES = "## Deposits\n\nNon-refundable.\n\n## Touch-ups\n\n- Free within 3 months.\n"


def artist(books: str) -> str:
    return ARTIST_YAML.format(name="Jane Doe", photo="jane.jpg", slug="jane", order=2) + books


# --- books and books_note ----------------------------------------------------------------------


def test_every_books_problem_is_named_at_once_with_file_line_and_field(tmp_path, monkeypatch):
    files = minimal_site()
    files["artists/jane-doe.yaml"] = artist(f"books: wait list\nbooks_note: {'x' * 121}\n")
    files["artists/max-ink.yaml"] = (
        ARTIST_YAML.format(name="Max Ink", photo="max.jpg", slug="max", order=1)
        + "books: clossed\nbooks_note: [a, b]\nbook: open\n"
    )
    write_site(tmp_path / "content", files)
    code, output = run(tmp_path, monkeypatch, ["check"])
    assert code == 1
    jane, maxi = "content/artists/jane-doe.yaml", "content/artists/max-ink.yaml"
    expected = [
        f"{jane}:10: books: must be open or closed or waitlist, got 'wait list' "
        "(did you mean waitlist?)",
        f"{jane}:11: books_note: must be short, at most 120 characters (like 'Books open "
        "again in March'), got 121 characters",
        f"{maxi}:10: books: must be open or closed or waitlist, got 'clossed' "
        "(did you mean closed?)",
        f"{maxi}:11: books_note: a value that starts with [ is read as a list; for text, put "
        'it in quotes: write books_note: "[a, b]"',
        f"{maxi}:12: book: unknown key: did you mean books? (allowed keys: name, photo, alt, "
        "years_experience, specialties, instagram, bio, order, previous_slugs, draft, "
        "publish_at, books, books_note, email, deposit; in Spanish: alt_es, specialties_es, bio_es, books_note_es)",
    ]
    for line in expected:
        assert line in output, f"missing: {line}\n---\n{output}"


def test_books_default_to_open_and_the_note_is_optional(tmp_path):
    files = minimal_site()
    files["artists/jane-doe.yaml"] = artist("books: waitlist\nbooks_note: ' Back pieces only '\n")
    files["artists/max-ink.yaml"] = (
        ARTIST_YAML.format(name="Max Ink", photo="max.jpg", slug="max", order=1)
        + "books:\nbooks_note: ''\n"  # emptied in the admin: open, no note
    )
    content = load_content(write_site(tmp_path / "content", files))
    assert content.problems == []
    by_slug = {a.slug: a for a in content.artists}
    assert (by_slug["jane-doe"].books, by_slug["jane-doe"].books_note) == (
        "waitlist",
        "Back pieces only",
    )
    assert (by_slug["max-ink"].books, by_slug["max-ink"].books_note) == ("open", None)


def test_a_books_note_is_one_line():
    base = {"name": "A", "photo": "a.jpg", "years_experience": 1, "specialties": ["x"]}
    base |= {"bio": "b", "order": 1}
    assert models.ArtistFile(**base, books_note="x" * 120).books_note == "x" * 120
    for bad in ("x" * 121, "first line\nsecond line"):
        try:
            models.ArtistFile(**base, books_note=bad)
        except ValueError as exc:
            assert "books_note" in str(exc)
        else:
            raise AssertionError(f"accepted {bad!r}")


# --- site.yaml's minors_rule ----------------------------------------------------------------


def test_minors_rule_is_optional_text(tmp_path):
    files = minimal_site()
    content = load_content(write_site(tmp_path / "a", files))
    assert content.site.minors_rule is None
    files["site.yaml"] += "minors_rule: We do not tattoo anyone under 18.\n"
    content = load_content(write_site(tmp_path / "b", files))
    assert content.site.minors_rule == "We do not tattoo anyone under 18."
    files["site.yaml"] += "minors_rul: x\n"
    content = load_content(write_site(tmp_path / "c", files))
    assert [p.field for p in content.problems] == ["minors_rul"]
    assert "did you mean minors_rule?" in content.problems[0].message


def test_minors_rule_must_be_text(tmp_path):
    files = minimal_site()
    files["site.yaml"] += "minors_rule:\n  - a\n"
    content = load_content(write_site(tmp_path / "content", files))
    (problem,) = content.problems
    assert (problem.field, problem.message) == ("minors_rule", "must be text, got a list")


# --- policies.md --------------------------------------------------------------------------------


def test_policies_are_read_like_the_aftercare_guides(tmp_path):
    files = {**minimal_site(), "policies.md": "\ufeff" + POLICIES}
    content = load_content(write_site(tmp_path / "content", files))
    assert content.problems == [] and content.policies == POLICIES  # the BOM is dropped
    content = load_content(write_site(tmp_path / "none", minimal_site()))
    assert content.policies is None and content.problems == []
    assert not [w for w in content.warnings if "policies" in w.file]


def test_policies_follow_the_markdown_rules_and_limits(tmp_path):
    table = "## Deposits\n\n| Size | Deposit |\n| Small | $50 |\n"
    content = load_content(write_site(tmp_path / "a", {**minimal_site(), "policies.md": table}))
    validate(content)
    (warning,) = [w for w in content.warnings if w.file.endswith("policies.md")]
    assert warning.line == 3 and "add the line |---|---| below this one" in warning.message
    big = {**minimal_site(), "policies.md": "x" * (1024 * 1024 + 1)}
    content = load_content(write_site(tmp_path / "b", big))
    (problem,) = content.problems
    assert problem.file.endswith("/policies.md") and "over the 1 MB limit" in problem.message
    latin = {**minimal_site(), "policies.md": "Caf\xe9".encode("latin-1")}
    content = load_content(write_site(tmp_path / "c", latin))
    assert [p.message for p in content.problems] == ["is not UTF-8 text; save it as UTF-8"]
    assert content.policies is None


def test_empty_policies_are_no_policies_and_said_so(tmp_path):
    content = load_content(write_site(tmp_path / "c", {**minimal_site(), "policies.md": " \n"}))
    assert content.policies is None and content.problems == []
    (warning,) = [w for w in content.warnings if w.file.endswith("policies.md")]
    assert warning.message == "is empty, so the site has no /policies page"


def test_a_link_in_place_of_policies_is_refused(tmp_path):
    root = write_site(tmp_path / "content", minimal_site())
    (tmp_path / "elsewhere.md").write_text(POLICIES)
    (root / "policies.md").symlink_to(tmp_path / "elsewhere.md")
    content = load_content(root)
    (problem,) = content.problems
    assert problem.file.endswith("policies.md") and "is a link to another file" in problem.message
    assert content.policies is None


# --- the launch check ---------------------------------------------------------------------------


def test_launch_warns_when_there_are_no_policies(tmp_path):
    root = write_site(tmp_path / "content", launch_ready_site())
    content = checked_content(root, "content", launch=Launch())
    notes = [w for w in content.warnings if w.file == "content/policies.md"]
    assert [w.message for w in notes] == [
        "is missing, so the site has no /policies page and the contact form links to no "
        "policies: write the studio's deposits, cancellations, age and ID and touch-up rules "
        "in this file (docs/requests.md)"
    ]
    # an ordinary build goes without them in silence
    content = checked_content(root, "content")
    assert not [w for w in content.warnings if w.file == "content/policies.md"]


def test_launch_passes_with_policies_and_reads_their_text(tmp_path):
    files = {**launch_ready_site(), "policies.md": POLICIES}
    content = checked_content(write_site(tmp_path / "a", files), "content", launch=Launch())
    assert [w.file for w in content.warnings if "policies" in w.file] == [
        "content/policies.es.md"  # only its Spanish, missing (tests/test_spanish_content.py)
    ]
    files["policies.md"] = POLICIES + "\nCall (214) 555-0142 or write to desk@studio.example.\n"
    try:
        checked_content(write_site(tmp_path / "b", files), "content", launch=Launch())
    except ContentError as error:
        found = [str(p) for p in error.problems]
    else:
        raise AssertionError("the launch check passed a 555 number")
    assert any(re.match(r"content/policies\.md:9: '\(214\) 555-0142' is a 555", p) for p in found)
    assert any(p.startswith("content/policies.md:9: 'studio.example' is a made-up") for p in found)


def test_the_demo_passes_its_own_policies_and_books():
    from generator import pipeline

    content = load_content(pipeline.PROJECT_ROOT / "content")
    assert content.problems == []
    assert content.policies is not None
    books = {a.slug: (a.books, a.books_note) for a in content.artists}
    assert sorted(b for b, _ in books.values()) == [
        "closed",
        "open",
        "open",
        "open",
        "open",
        "waitlist",
    ]
    assert ("closed", "Books open again in March") in books.values()
    assert all(note for status, note in books.values() if status != "open")
    headings = re.findall(r"^## (.+)$", content.policies, re.MULTILINE)
    assert headings == ["Deposits", "Cancellations and rescheduling", "Age and ID", "Touch-ups"]
    assert content.site.minors_rule


# --- the admin ----------------------------------------------------------------------------------


def test_the_admin_asks_for_books_as_the_build_accepts_them():
    artist_fields = {f["name"]: f for f in cms.config_fields(CONFIG)["ArtistFile"]}
    books, note = artist_fields["books"], artist_fields["books_note"]
    assert (books["widget"], books["options"], books["required"]) == (
        "select",
        list(models.BOOKS_STATUSES),
        False,
    )
    assert models.BOOKS_STATUSES == ("open", "closed", "waitlist")
    assert "default" not in books and books["hint"]
    assert (note["widget"], note["required"]) == ("string", False)
    pattern = note["pattern"][0]
    assert pattern == models.FORM_PATTERNS[models._note][0] and note["hint"]
    for sample in ("Books open again in March", "x" * 120, "x" * 121, " ", "a\nb"):
        try:
            models._note(sample.strip())
            accepted = bool(sample.strip())
        except ValueError:
            accepted = False
        assert bool(re.search(pattern, sample)) == accepted, sample
    site = {f["name"]: f for f in cms.config_fields(CONFIG)["SiteFile"]}
    rule = site["minors_rule"]
    assert (rule["widget"], rule["required"], rule["label"]) == (
        "text",
        False,
        "Rule for visitors under 18",
    )
    # the model's order is the order Decap writes the keys in (a Spanish X_es is no admin
    # field of its own: the admin's Spanish pane edits X)
    spanish = {name + models.SPANISH for name in models.translated_fields(models.SiteFile)}
    english = [name for name in models.SiteFile.model_fields if name not in spanish]
    assert list(site).index("minors_rule") == english.index("minors_rule")
