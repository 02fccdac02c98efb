"""The YAML mistakes editors make, each through `build.py check` with its exact message.

Each case plants one mistake in the minimal site, as an editor would type it, and expects
the lines `check` prints: file:line (a column where the culprit cannot be seen), the cause
in plain words and the editor's own line corrected. docs/editing.md lists the same mistakes
for editors. Add a case here whenever a new mistake shows up.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from build import cli
from generator.content.yamlfile import parse_yaml
from sitefactory import minimal_site, write_site

JANE = "artists/jane-doe.yaml"
PIECES = "portfolio/jane-doe.yaml"
SITE = "site.yaml"

# name: (file, what the editor had, what they typed instead, the lines check prints)
MISTAKES: dict[str, tuple[str, str, str, list[str]]] = {
    # --- 1. a value starting with a character YAML reserves -------------------------------
    "unquoted @": (
        JANE,
        'instagram: "@jane"',
        "instagram: @jane",
        [
            'content/artists/jane-doe.yaml:7: the @ at the start of "@jane" needs quotes: '
            'write instagram: "@jane"'
        ],
    ),
    "leading *": (
        PIECES,
        "title: Koi",
        "title: *Koi* sleeve",
        [
            'content/portfolio/jane-doe.yaml:4: the * at the start of "*Koi* sleeve" needs '
            'quotes: write title: "*Koi* sleeve"'
        ],
    ),
    "leading & and a space": (
        PIECES,
        "title: Koi",
        "title: & more",
        [
            'content/portfolio/jane-doe.yaml:4: the & at the start of "& more" needs quotes: '
            'write title: "& more"'
        ],
    ),
    "leading & read as nothing": (
        PIECES,
        "title: Koi",
        "title: &more",
        [
            "content/portfolio/jane-doe.yaml:4: piece 2, title: the & at the start of "
            '"&more" needs quotes: write title: "&more"'
        ],
    ),
    "leading !": (
        PIECES,
        "title: Koi",
        "title: !Koi",
        [
            'content/portfolio/jane-doe.yaml:4: the ! at the start of "!Koi" needs quotes: '
            'write title: "!Koi"'
        ],
    ),
    "leading %": (
        PIECES,
        "title: Koi",
        "title: %50 koi",
        [
            'content/portfolio/jane-doe.yaml:4: the % at the start of "%50 koi" needs quotes: '
            'write title: "%50 koi"'
        ],
    ),
    "leading |": (
        JANE,
        "bio: A short bio.",
        "bio: | tattoos",
        [
            'content/artists/jane-doe.yaml:8: the | at the start of "| tattoos" needs quotes: '
            'write bio: "| tattoos"'
        ],
    ),
    "leading >": (
        JANE,
        "bio: A short bio.",
        "bio: > tattoos",
        [
            'content/artists/jane-doe.yaml:8: the > at the start of "> tattoos" needs quotes: '
            'write bio: "> tattoos"'
        ],
    ),
    "leading backtick": (
        PIECES,
        "title: Koi",
        "title: `Koi`",
        [
            'content/portfolio/jane-doe.yaml:4: the ` (backtick) at the start of "`Koi`" '
            'needs quotes: write title: "`Koi`"'
        ],
    ),
    "leading [ read as a list": (
        JANE,
        "bio: A short bio.",
        "bio: [guest artist]",
        [
            "content/artists/jane-doe.yaml:8: bio: a value that starts with [ is read as a "
            'list; for text, put it in quotes: write bio: "[guest artist]"'
        ],
    ),
    # --- 2. Tab characters ------------------------------------------------------------------
    "Tab indentation": (
        JANE,
        "  - Fine Line",
        "\t- Fine Line",
        [
            "content/artists/jane-doe.yaml:5:1: indent with spaces, not Tab: write - Fine Line "
            "with 2 spaces before it"
        ],
    ),
    "Tab after the colon": (
        JANE,
        "years_experience: 7",
        "years_experience:\t7",
        [
            "content/artists/jane-doe.yaml:3:18: has a Tab where a space belongs: "
            "write years_experience: 7"
        ],
    ),
    # --- 3. a colon inside text -------------------------------------------------------------
    "colon inside text": (
        JANE,
        "bio: A short bio.",
        "bio: Jane: the best",
        [
            "content/artists/jane-doe.yaml:8: text with a colon needs quotes: "
            'write bio: "Jane: the best"'
        ],
    ),
    "colon inside opening hours": (
        SITE,
        "time: 12pm - 8pm",
        "time: Closed (private bookings only: call ahead)",
        [
            "content/site.yaml:14: text with a colon needs quotes: "
            'write time: "Closed (private bookings only: call ahead)"'
        ],
    ),
    "colon inside {braces}": (
        SITE,
        "{value: 500+, label: Pieces}",
        "{value: 500+, label: Pieces: all custom}",
        [
            "content/site.yaml:23: text with a colon needs quotes: "
            'write - {value: 500+, label: "Pieces: all custom"}'
        ],
    ),
    "colon inside a list line": (
        SITE,
        "  - Walk-ins welcome, appointments preferred.",
        "  - Walk-ins: welcome",
        [
            "content/site.yaml:16: hours_notes, line 1: text with a colon needs quotes: "
            'write - "Walk-ins: welcome"'
        ],
    ),
    # --- 4. quotation marks -----------------------------------------------------------------
    "quote never closed": (
        JANE,
        "bio: A short bio.",
        'bio: "A short bio.',
        [
            "content/artists/jane-doe.yaml:8: the quotation mark that opens the text is never "
            'closed: write bio: "A short bio."'
        ],
    ),
    "quote never closed, noticed lines later": (
        JANE,
        "name: Jane Doe",
        'name: "Jane Doe',
        [
            "content/artists/jane-doe.yaml:1: the quotation mark that opens the text is never "
            'closed: write name: "Jane Doe"'
        ],
    ),
    "text starting with a quotation": (
        JANE,
        "bio: A short bio.",
        'bio: "Fine line" is her thing',
        [
            "content/artists/jane-doe.yaml:8: text that starts with a quotation mark must be "
            "quoted as a whole: write bio: '\"Fine line\" is her thing'"
        ],
    ),
    "apostrophe inside single quotes": (
        JANE,
        "bio: A short bio.",
        "bio: 'Jane's fine line'",
        [
            "content/artists/jane-doe.yaml:8: an apostrophe inside 'single quotes' ends them "
            'early: write bio: "Jane\'s fine line"'
        ],
    ),
    "backslash inside double quotes": (
        JANE,
        "bio: A short bio.",
        'bio: "Fine line \\o/ and more"',
        [
            "content/artists/jane-doe.yaml:8: a \\ inside double quotes starts a code such as "
            "\\n (a new line): write bio: 'Fine line \\o/ and more'"
        ],
    ),
    # --- 5. a # starting a comment inside text ------------------------------------------------
    "# at the start of text": (
        PIECES,
        "title: Rose",
        "title: #1 rose",
        [
            "content/portfolio/jane-doe.yaml:2: piece 1, title: is empty because the # starts "
            'a comment: to write a #, put the text in quotes: write title: "#1 rose"'
        ],
    ),
    "nothing after the key": (
        JANE,
        "bio: A short bio.",
        "bio:",
        ["content/artists/jane-doe.yaml:8: bio: must be text, got nothing"],
    ),
    # --- 6. the colon after a key -------------------------------------------------------------
    "no space after the colon": (
        JANE,
        "photo: jane.jpg",
        "photo:jane.jpg",
        ["content/artists/jane-doe.yaml:2: put a space after the colon: write photo: jane.jpg"],
    ),
    "no colon after the key": (
        JANE,
        "photo: jane.jpg",
        "photo jane.jpg",
        ["content/artists/jane-doe.yaml:2: a key needs a colon after it: write photo: jane.jpg"],
    ),
    # --- 7. indentation -----------------------------------------------------------------------
    "list item not lined up": (
        JANE,
        "  - Blackwork",
        " - Blackwork",
        [
            "content/artists/jane-doe.yaml:6: this list item is not lined up with the one "
            "above: indent it by 2 spaces, like the - above"
        ],
    ),
    "key indented too far": (
        JANE,
        "order: 2",
        "  order: 2",
        [
            "content/artists/jane-doe.yaml:9: order: is indented further than the line above, "
            "so YAML reads it as part of that line's text: start it at the left edge, like bio:"
        ],
    ),
    "key not lined up": (
        SITE,
        "  city: Addison",
        " city: Addison",
        [
            "content/site.yaml:7: city: is not lined up with the line above: indent it by 2 "
            "spaces, like street:"
        ],
    ),
    "text continued without indenting": (
        JANE,
        "bio: A short bio.",
        "bio: A short\nbio.",
        [
            "content/artists/jane-doe.yaml:9: this line continues the text of bio: above, so "
            "it must be indented: indent it by 2 spaces, or join it to that line"
        ],
    ),
    # --- 8. a key given twice -----------------------------------------------------------------
    "duplicate key": (
        JANE,
        "order: 2",
        "order: 2\nname: Janet",
        [
            "content/artists/jane-doe.yaml:10: name is given twice (first on line 1): "
            "keep one and delete the other"
        ],
    ),
    # --- 9. list items mixed with keys; "- " missing ------------------------------------------
    "new piece without its dash": (
        PIECES,
        "- file: koi.jpg",
        "  file: koi.jpg",
        [
            "content/portfolio/jane-doe.yaml:3: file is given twice in the same list item "
            "(first on line 1): if this line starts a new item, begin it with a dash: "
            "write - file: koi.jpg"
        ],
    ),
    "new piece at the left edge without its dash": (
        PIECES,
        "- file: koi.jpg\n  title: Koi",
        "file: koi.jpg\ntitle: Koi",
        [
            'content/portfolio/jane-doe.yaml:3: each item of the list starts with "- ": '
            "write - file: koi.jpg",
            "content/portfolio/jane-doe.yaml:4: title: belongs to the list item above, so it "
            "lines up with its file: indent it by 2 spaces",
        ],
    ),
    "no space after the dash": (
        PIECES,
        "- file: koi.jpg",
        "-file: koi.jpg",
        ["content/portfolio/jane-doe.yaml:3: put a space after the -: write - file: koi.jpg"],
    ),
    # --- 10. brackets and documents -----------------------------------------------------------
    "list never closed": (
        JANE,
        "specialties:\n  - Fine Line\n  - Blackwork",
        "specialties: [Fine Line, Blackwork",
        [
            "content/artists/jane-doe.yaml:4: the [ is never closed: end the list with ]: "
            "write specialties: [Fine Line, Blackwork]"
        ],
    ),
    "a second document": (
        JANE,
        "order: 2",
        "order: 2\n---",
        [
            "content/artists/jane-doe.yaml:10: --- starts a second document, and a content "
            "file holds only one: delete this line"
        ],
    ),
}

# Mistakes YAML reads without complaint, but not as the editor meant: warnings.
MISREAD = {
    "# glued to a word": (
        PIECES,
        "title: Rose",
        "title: Rose #1",
        [
            "warning: content/portfolio/jane-doe.yaml:2: the # and what follows are read as a "
            "comment, so the text is 'Rose': to keep them, write title: \"Rose #1\""
        ],
    ),
    "list item indented too far": (
        JANE,
        "  - Blackwork",
        "    - Blackwork",
        [
            "warning: content/artists/jane-doe.yaml:6: '- Blackwork' is indented further than "
            "the line above, so it is read as part of the text 'Fine Line - Blackwork': line "
            "the - up with the one above"
        ],
    ),
}


def check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rel: str, old: str, new: str):
    files = minimal_site()
    assert old in files[rel]
    files[rel] = files[rel].replace(old, new, 1)
    write_site(tmp_path / "content", files)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "--content", "content"])
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize(("rel", "old", "new", "expected"), MISTAKES.values(), ids=MISTAKES)
def test_a_yaml_mistake_is_named_with_its_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rel: str, old: str, new: str, expected
) -> None:
    result = check(tmp_path, monkeypatch, rel, old, new)
    count = len(expected)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        *expected,
        f"{count} problem{'s' if count > 1 else ''} found; nothing was published.",
    ]


@pytest.mark.parametrize(("rel", "old", "new", "expected"), MISREAD.values(), ids=MISREAD)
def test_yaml_read_otherwise_than_meant_is_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rel: str, old: str, new: str, expected
) -> None:
    result = check(tmp_path, monkeypatch, rel, old, new)
    assert result.exit_code == 0
    warnings = [line for line in result.output.splitlines() if line.startswith("warning: ")]
    # (the fixture's photos are small on purpose: sitefactory.without_small_photos; and it
    # has no Spanish, which each of its texts says: tests/test_spanish_content.py)
    assert [
        line
        for line in warnings
        if "pixels, so it looks soft" not in line and "/es/ pages show the English" not in line
    ] == expected


def test_every_line_shown_as_the_fix_is_yaml_that_reads_cleanly() -> None:
    shown = 0
    for _, _, _, expected in MISTAKES.values():
        for line in expected:
            _, said, fix = line.partition(": write ")
            if said and " with " not in fix:  # (the Tab advice says how far to indent)
                document = parse_yaml(fix.removeprefix("- ") + "\n")
                assert document.readable and not document.problems, fix
                shown += 1
    assert shown >= 25


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("instagram: @jane", {"instagram": "@jane"}),
        ("bio: Jane: the best", {"bio": "Jane: the best"}),
        ('bio: "Fine line" is her thing', {"bio": '"Fine line" is her thing'}),
        ("bio: 'Jane's fine line'", {"bio": "Jane's fine line"}),
        ("name:Jane\nphoto: jane.jpg", {"name": "Jane", "photo": "jane.jpg"}),
        ("specialties:\n\t- Fine Line", {"specialties": ["Fine Line"]}),
    ],
)
def test_after_a_fix_the_file_is_read_on_as_the_editor_meant(typed: str, meant: dict) -> None:
    """The corrected line is put in place, so the rest of the file is checked in the same run."""
    document = parse_yaml(typed + "\n", keys={"name", "photo"})
    assert len(document.problems) == 1 and document.readable
    assert document.data == meant
