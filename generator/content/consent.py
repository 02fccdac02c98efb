"""The consent form's text: content/consent.md (and consent.es.md), read into what the
/consent page shows and the contact function checks (docs/consent.md).

The file is Markdown: an introduction, then `## ` sections (health questions, risks,
aftercare, as the studio writes them). A list item that ends with `{#key}` is a health
question the client answers yes or no: its key (a-z, 0-9 and "-", at most 40) is what the
function stores the answer under, so the Spanish file asks the same keys. Every problem names
the file and the line. The question's wording, as plain text, goes into booking.json too: the
function keeps it with the signed record (docs/consent.md, "The stored record").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown_it import MarkdownIt

from .records import CONSENT_FILE, Content, spanish_file

MAX_QUESTIONS = 40  # as the function's bound (functions/contact/models/consent.py)
MAX_QUESTION_TEXT = 500  # a question's plain text; the function drops a longer one
_QUESTION = re.compile(r"\s*[-*]\s+(?P<text>.*?)\s*\{#(?P<key>[^}]*)\}\s*")
_KEY = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
# What the function refuses in a question's text (functions/contact/models/rules.py,
# is_clean_line): control characters and bidi overrides, which could reorder the record.
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


@dataclass
class Section:
    title: str
    markdown: str = ""
    questions: list[tuple[str, str]] = field(default_factory=list)  # (key, text)


@dataclass
class ConsentText:
    intro: str
    sections: list[Section]

    @property
    def keys(self) -> list[str]:
        return [key for s in self.sections for key, _ in s.questions]


def parse_consent(text: str) -> tuple[ConsentText, list[tuple[int, str]]]:
    """The form's text, and the problems found as (line, message)."""
    problems: list[tuple[int, str]] = []
    intro: list[str] = []
    sections: list[Section] = []
    lines: list[list[str]] = []  # each section's Markdown lines, questions left out
    body: list[str] = intro
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("## "):
            sections.append(Section(line[3:].strip()))
            body = []
            lines.append(body)
            continue
        found = _QUESTION.fullmatch(line)
        if found is None:
            if "{#" in line:
                problems.append((number, "a health question ends with {#key}: {# without }"))
            body.append(line)
            continue
        key, question = found.group("key"), found.group("text")
        if not sections:
            problems.append((number, "a health question belongs under a ## heading"))
        elif not _KEY.fullmatch(key):
            problems.append(
                (number, f"{{#{key}}}: a question's key is a-z, 0-9 and '-', at most 40")
            )
        elif key in seen:
            problems.append((number, f"{{#{key}}} is the key of line {seen[key]} already"))
        elif not plain_text(question):
            problems.append((number, f"{{#{key}}} has no question before it"))
        elif len(plain_text(question)) > MAX_QUESTION_TEXT:
            problems.append(
                (number, f"{{#{key}}}: a question is at most {MAX_QUESTION_TEXT} characters")
            )
        elif _UNSAFE.search(plain_text(question)):
            problems.append(
                (number, f"{{#{key}}}: the question holds an invisible control character")
            )
        else:
            seen[key] = number
            sections[-1].questions.append((key, question))
    for section, markdown in zip(sections, lines, strict=True):
        section.markdown = "\n".join(markdown).strip()
    if not seen:
        problems.append((1, "has no health question: a list item ending with {#key} is one"))
    elif len(seen) > MAX_QUESTIONS:
        problems.append((1, f"has {len(seen)} health questions; at most {MAX_QUESTIONS}"))
    return ConsentText("\n".join(intro).strip(), sections), problems


def check_consent(content: Content) -> None:
    """Record the problems of consent.md and consent.es.md; the Spanish asks the same keys."""
    english = content.root / CONSENT_FILE
    parsed = {}
    for path, text in ((english, content.consent), (spanish_file(english), content.consent_es)):
        if text is None:
            continue
        form, problems = parse_consent(text)
        parsed[path] = form
        for line, message in problems:
            content.findings.add(path, line, None, message)
    spanish = spanish_file(english)
    if english in parsed and spanish in parsed:
        missing = [k for k in parsed[english].keys if k not in parsed[spanish].keys]
        extra = [k for k in parsed[spanish].keys if k not in parsed[english].keys]
        if missing or extra:
            content.findings.add(
                spanish,
                1,
                None,
                "asks other health questions than consent.md: "
                + "; ".join(
                    part
                    for part in (
                        f"missing {', '.join('{#' + k + '}' for k in missing)}" if missing else "",
                        f"not in English {', '.join('{#' + k + '}' for k in extra)}"
                        if extra
                        else "",
                    )
                    if part
                ),
            )


def consent_keys(text: str) -> list[str]:
    """The keys of the health questions, in order (booking.json `consent_questions`)."""
    return parse_consent(text)[0].keys


def plain_text(markdown: str) -> str:
    """A question's Markdown as the words it shows: emphasis, links and code marks dropped
    (a link keeps its text), escapes and entities read, spaces made one. Raw HTML is not
    read as HTML: its text stays as written, as the page shows it."""
    words: list[str] = []
    for token in MarkdownIt("commonmark", {"html": False}).parseInline(markdown):
        for child in token.children or []:
            if child.type in ("text", "code_inline"):
                words.append(child.content)
            elif child.type in ("softbreak", "hardbreak"):
                words.append(" ")
            elif child.type == "image":
                words.append(child.content)  # its alt text
    return " ".join("".join(words).split())


def question_texts(text: str) -> dict[str, str]:
    """{key: the question as plain text}, in order (booking.json `consent_question_texts`)."""
    form, _ = parse_consent(text)
    return {key: plain_text(q) for s in form.sections for key, q in s.questions}


def consent_json(text: str) -> dict:
    """api/consent.json (api/es/consent.json): what the /consent page shows and asks."""
    form, _ = parse_consent(text)
    return {
        "intro": form.intro,
        "sections": [
            {
                "title": s.title,
                "markdown": s.markdown,
                "questions": [{"id": key, "text": q} for key, q in s.questions],
            }
            for s in form.sections
        ],
    }
