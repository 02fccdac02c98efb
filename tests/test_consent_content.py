"""Issue #42 item 2, the content's side: content/consent.md (and consent.es.md), the consent
form's health questions, risks and aftercare (docs/consent.md): read and checked like every
content file (problems name the file and the line), recognised by the launch check while it
is the demo's, missed by it when absent, and published for the /consent page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flash_support import run

from generator import pipeline
from generator.content.launch import Launch
from generator.content.loader import load_content
from generator.errors import ContentError
from generator.pipeline import checked_content
from sitefactory import launch_ready_site, minimal_site, write_site

FORM = """\
Read this before your appointment.

## Health questions

- Do you take blood thinners? {#blood-thinners}
- Are you pregnant? {#pregnant}

## Risks

- **Infection** if it is not kept clean.
"""
FORM_ES = """\
Lee esto antes de tu cita.

## Preguntas de salud

- ¿Tomas anticoagulantes? {#blood-thinners}
- ¿Estás embarazada? {#pregnant}

## Riesgos

- **Infección** si no se mantiene limpio.
"""


def problems_of(tmp_path: Path, files: dict) -> list[str]:
    with pytest.raises(ContentError) as caught:
        checked_content(write_site(tmp_path / "content", files), "content")
    return [str(p) for p in caught.value.problems]


def test_the_demo_asks_the_same_nine_questions_in_both_languages() -> None:
    content = load_content(pipeline.PROJECT_ROOT / "content")
    assert content.problems == []
    from generator.site.endpoints import consent_files

    published = consent_files(content)
    english, spanish = published["api/consent.json"], published["api/es/consent.json"]
    keys = [q["id"] for s in english["sections"] for q in s["questions"]]
    assert keys == [
        "blood-thinners",
        "diabetes",
        "heart",
        "seizures",
        "allergies",
        "skin",
        "immune",
        "pregnant",
        "alcohol",
    ]
    assert [q["id"] for s in spanish["sections"] for q in s["questions"]] == keys
    assert [s["title"] for s in english["sections"]] == ["Health questions", "Risks", "Aftercare"]
    assert [s["title"] for s in spanish["sections"]] == [
        "Preguntas de salud",
        "Riesgos",
        "Cuidados",
    ]
    # The questions are taken out of the Markdown; the rest is shown as written.
    assert english["sections"][0]["markdown"] == ""
    assert "**Infection**" in english["sections"][1]["markdown"]
    assert "{#" not in json.dumps(published)


@pytest.mark.parametrize(
    ("english", "spanish", "expected"),
    [
        (
            FORM.replace("{#pregnant}", "{#Pregnant}"),
            None,
            "content/consent.md:6: {#Pregnant}: a question's key is a-z, 0-9 and '-'",
        ),
        (
            FORM.replace("{#pregnant}", "{#blood-thinners}"),
            None,
            "content/consent.md:6: {#blood-thinners} is the key of line 5 already",
        ),
        (
            FORM.replace("{#pregnant}", "{#pregnant"),
            None,
            "content/consent.md:6: a health question ends with {#key}: {# without }",
        ),
        ("Just a text.\n", None, "content/consent.md:1: has no health question"),
        (
            FORM.replace("Are you pregnant?", "Are you " + "very " * 100 + "pregnant?"),
            None,
            "content/consent.md:6: {#pregnant}: a question is at most 500 characters",
        ),
        (
            FORM,
            FORM_ES.replace("¿Estás embarazada?", "¿Estás \u202eembarazada?"),
            "content/consent.es.md:6: {#pregnant}: the question holds an invisible control",
        ),
        (
            FORM.replace("Are you pregnant?", "[](https://example.com)"),
            None,
            "content/consent.md:6: {#pregnant} has no question before it",
        ),
        (
            FORM,
            FORM_ES.replace("{#pregnant}", "{#embarazo}"),
            "content/consent.es.md:1: asks other health questions than consent.md: missing "
            "{#pregnant}; not in English {#embarazo}",
        ),
    ],
)
def test_each_problem_names_the_file_and_the_line(
    tmp_path: Path, english: str, spanish: str | None, expected: str
) -> None:
    files = {**minimal_site(), "consent.md": english, "consent.es.md": spanish}
    found = problems_of(tmp_path, files)
    assert any(line.startswith(expected) for line in found), found


def test_booking_json_carries_each_questions_wording_as_plain_text_in_both_languages(
    tmp_path: Path,
) -> None:
    from generator.site.endpoints import booking_json

    demo = booking_json(load_content(pipeline.PROJECT_ROOT / "content"))
    texts = demo["consent_question_texts"]
    assert list(texts["en"]) == list(texts["es"]) == demo["consent_questions"]
    assert texts["en"]["blood-thinners"] == (
        "Do you take blood thinners (aspirin included), or have a bleeding disorder such as "
        "hemophilia?"
    )
    assert texts["es"]["pregnant"] == "¿Estás embarazada o amamantando?"

    # The Markdown reduced to the words it shows; raw HTML stays text, as the page shows it.
    marked = FORM.replace(
        "Do you take blood thinners?",
        "Do you take **blood thinners** ([list](https://example.com/x)) \\*daily\\* &amp; <b>",
    )
    files = {**minimal_site(), "consent.md": marked}  # no Spanish: the English for both
    content = checked_content(write_site(tmp_path / "content", files), "content")
    texts = booking_json(content)["consent_question_texts"]
    assert (
        texts["en"]
        == texts["es"]
        == {
            "blood-thinners": "Do you take blood thinners (list) *daily* & <b>",
            "pregnant": "Are you pregnant?",
        }
    )


def test_a_good_form_passes_and_the_launch_check_misses_an_absent_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {**launch_ready_site(), "consent.md": FORM, "consent.es.md": FORM_ES}
    content = checked_content(write_site(tmp_path / "a", files), "content", launch=Launch())
    assert not [w for w in content.warnings if "consent" in w.file]
    write_site(tmp_path / "b" / "content", launch_ready_site())
    code, output = run(tmp_path / "b", monkeypatch, ["check", "--launch"])
    assert code == 0, output
    assert "content/consent.md: is missing, so clients cannot sign the consent form" in output


def test_the_launch_check_recognises_the_demos_form_until_it_is_the_studios(tmp_path: Path) -> None:
    demo = pipeline.PROJECT_ROOT / "content"
    files = {
        **launch_ready_site(),
        "consent.md": (demo / "consent.md").read_text("utf-8"),
        "consent.es.md": (demo / "consent.es.md").read_text("utf-8"),
    }
    with pytest.raises(ContentError) as caught:
        checked_content(write_site(tmp_path / "a", files), "content", launch=Launch())
    found = [str(p) for p in caught.value.problems]
    assert [line.split(":")[0] for line in found] == ["content/consent.es.md", "content/consent.md"]
    assert all(": is the demo's consent form, unchanged" in line for line in found)
    own = files["consent.md"].replace(
        "Do you have diabetes?", "Do you have diabetes (type 1 or 2)?"
    )
    own_es = files["consent.es.md"].replace("¿Tienes diabetes?", "¿Tienes diabetes (tipo 1 o 2)?")
    checked_content(
        write_site(tmp_path / "b", {**files, "consent.md": own, "consent.es.md": own_es}),
        "content",
        launch=Launch(),
    )
