"""The launch check: what must not reach the public site, on top of the ordinary rules.

The demo content is full of stand-ins (a 555 phone number, example.com addresses, a
"Placeholder Street"), which is right for a demo and wrong for a studio's live site. Every
production build runs these rules, and so does `build.py check --launch`; each finding
names the file, the line and the field, says why in a studio manager's words and what to
put instead (README, "Deployment").

    example domains   example.com/.net/.org and the reserved .example, .test, .invalid,
                      .localhost names (RFC 2606), in any text: URLs, emails, prose
    555 numbers       (214) 555-0196: the exchange films and examples use
    placeholder       the word itself, and "lorem ipsum"
    base_url          the studio's own name; on Netlify, the address it publishes at
    aftercare guides  both present and not empty (the page would say "Loading content...")
    policies.md       the same rules for its text; a warning (not a problem) when it is missing
    privacy.md        the same, and the demo's notice left unchanged is a problem (demo.py)
    consent.md        the same as privacy.md: the demo's consent form left unchanged is a
                      problem (its health questions and risks are the studio's to write)
    Spanish           the .es.md files by the same rules; each text without its Spanish is a
                      warning, never a problem (translations.py)
    the demo          its photos and videos (by their bytes, whatever their names now), its
                      studio's name, fictional artists (names, bios, Instagram handles),
                      memorial, history, brands and credit, in any field (demo.py)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from ..errors import Problem
from .demo import Demo, DemoFile, file_match, load_demo, text_digest, text_matches
from .records import (
    AFTERCARE_SECTIONS,
    CONSENT_FILE,
    POLICIES_FILE,
    PRIVACY_FILE,
    Content,
    field_name,
    link_in,
    spanish_file,
)
from .translations import translation_warnings
from .yamlfile import YamlSyntaxError, load_yaml

EXAMPLE_DOMAIN = re.compile(
    r"\b(?:[a-z0-9-]+\.)*(?:example\.(?:com|net|org)|[a-z0-9-]+\.(?:example|test|invalid|localhost))\b",
    re.IGNORECASE,
)
PHONE_555 = re.compile(r"(?<!\d)\(?\d{3}\)?[\s.-]*555[\s.-]*\d{4}(?!\d)")
PLACEHOLDER_WORDS = re.compile(r"\bplaceholders?\b|\blorem ipsum\b", re.IGNORECASE)
LOCAL_HOSTS = re.compile(r"^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[?::1\]?)$")
QUOTE_LENGTH = 48  # a demo text quoted in a message: enough to recognise it


@dataclass(frozen=True)
class Launch:
    """What the launch check knows about the place the site goes to."""

    # The address the host publishes the site at (Netlify sets URL in its builds).
    published_url: str | None = None


def launch_problems(content: Content, launch: Launch) -> list[Problem]:
    """Every stand-in left in the content, as problems with file, line and field."""
    found: list[Problem] = []
    demo = load_demo()
    for path in _yaml_files(content):
        try:
            data, lines = load_yaml(path.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, YamlSyntaxError):
            continue  # the ordinary rules already report this file
        shown = content.findings.shown(path)
        item = "design" if path.parent == content.root / "flash" else "piece"
        for loc, text in _texts(data, ()):
            line, field = lines.get(loc), field_name(loc, item)
            found += _text_problems(shown, line, field, text)
            found += _demo_text_problems(demo, shown, line, field, text)
    found += _demo_file_problems(demo, content)
    for name in AFTERCARE_SECTIONS:
        path = content.root / "aftercare" / f"{name}.md"
        shown = content.findings.shown(path)
        text = content.aftercare.get(name, "")
        if not text.strip():
            found.append(
                Problem(
                    shown,
                    None,
                    None,
                    f"the {name} aftercare guide is missing or empty, so the Aftercare page "
                    'would say "Loading content..." forever: write the guide in this file',
                )
            )
        for number, line in enumerate(text.splitlines(), start=1):
            found += _text_problems(shown, number, None, line)
    pages = (
        (POLICIES_FILE, content.policies),
        (PRIVACY_FILE, content.privacy),
        (CONSENT_FILE, content.consent),
    )
    for name, text in pages:
        shown = content.findings.shown(content.root / name)
        for number, line in enumerate((text or "").splitlines(), start=1):
            found += _text_problems(shown, number, None, line)
    found += _demo_notice_problems(demo, content)
    # The Spanish of the guides, the policies and the notice, by the same rules (a missing
    # one is a warning: launch_warnings).
    spanish = [
        (content.root / "aftercare" / f"{name}.md", content.aftercare_es.get(name))
        for name in AFTERCARE_SECTIONS
    ]
    spanish.append((content.root / POLICIES_FILE, content.policies_es))
    spanish.append((content.root / PRIVACY_FILE, content.privacy_es))
    spanish.append((content.root / CONSENT_FILE, content.consent_es))
    for english, text in spanish:
        shown = content.findings.shown(spanish_file(english))
        for number, line in enumerate((text or "").splitlines(), start=1):
            found += _text_problems(shown, number, None, line)
    if content.site is not None:
        found += _base_url_problems(content, launch)
    return found


def launch_warnings(content: Content) -> list[Problem]:
    """What a live site should have but may go without: the studio's policies, its privacy
    notice, and the Spanish of every text (a studio may launch half translated:
    translations.py)."""
    found = translation_warnings(content)
    missing = (
        (
            POLICIES_FILE,
            content.policies,
            "is missing, so the site has no /policies page and the contact form links to no "
            "policies: write the studio's deposits, cancellations, age and ID and touch-up "
            "rules in this file (docs/requests.md)",
        ),
        (
            PRIVACY_FILE,
            content.privacy,
            "is missing, so the site has no privacy notice (/privacy) and the contact form "
            "links to none: write what the studio keeps about visitors, where, for how long "
            "and how to ask for a copy or deletion in this file (docs/privacy.md)",
        ),
        (
            CONSENT_FILE,
            content.consent,
            "is missing, so clients cannot sign the consent form on their phone (/consent): "
            "write the studio's health questions, risks and aftercare in this file "
            "(docs/consent.md)",
        ),
    )
    for name, text, message in missing:
        if text is None:
            found.append(Problem(content.findings.shown(content.root / name), None, None, message))
    return found


_DEMO_NOTICE = (
    "is the demo's privacy notice, unchanged: read it, make each statement true of the studio "
    "(the AWS region it chose, who reads requests, how it answers a request for a copy or "
    "deletion) and save it (docs/privacy.md)"
)
_DEMO_CONSENT = (
    "is the demo's consent form, unchanged: read it, make the health questions, risks and "
    "aftercare the studio's own (with its artists and, where needed, its lawyer) and save it "
    "(docs/consent.md)"
)


def _demo_notice_problems(demo: Demo, content: Content) -> list[Problem]:
    """The demo's privacy notice or consent form left as it came (either language): they
    describe the demo studio's choices, which may not be the studio's own."""
    found = []
    for name, texts, known, message in (
        (PRIVACY_FILE, (content.privacy, content.privacy_es), demo.notices, _DEMO_NOTICE),
        (CONSENT_FILE, (content.consent, content.consent_es), demo.consents, _DEMO_CONSENT),
    ):
        english = content.root / name
        for path, text in zip((english, spanish_file(english)), texts, strict=True):
            if text is not None and text_digest(text) in known:
                found.append(Problem(content.findings.shown(path), None, None, message))
    return found


def _yaml_files(content: Content) -> list[Path]:
    return [
        content.root / "site.yaml",
        *content.artist_files,
        *sorted(content.portfolio_files.values()),
        *sorted(content.flash_files.values()),
    ]


def _texts(value: object, loc: tuple) -> Iterator[tuple[tuple, str]]:
    if isinstance(value, str):
        yield loc, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(item, (*loc, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _texts(item, (*loc, index))


def _text_problems(file: str, line: int | None, field: str | None, text: str) -> list[Problem]:
    problems = []
    for domain in dict.fromkeys(m.group(0).lower() for m in EXAMPLE_DOMAIN.finditer(text)):
        problems.append(
            Problem(
                file,
                line,
                field,
                f"'{domain}' is a made-up name reserved for examples: put the real address here",
            )
        )
    for number in dict.fromkeys(m.group(0) for m in PHONE_555.finditer(text)):
        problems.append(
            Problem(
                file,
                line,
                field,
                f"'{number}' is a 555 number, the kind films and examples use: put the "
                "studio's real phone number here",
            )
        )
    words = {m.group(0).lower(): m.group(0) for m in PLACEHOLDER_WORDS.finditer(text)}
    for word in words.values():
        problems.append(Problem(file, line, field, f"says '{word}': replace it with the real text"))
    return problems


# What each kind of demo text is, and what to put instead ({about}: whose, or which year).
DEMO_TEXTS = {
    "studio": "is the demo studio's name: put the studio's own name here",
    "artist": "is one of the demo's fictional artists: put one of the studio's own artists "
    "here (or delete the demo artist's file and portfolio)",
    "bio": "is the bio of {about}, one of the demo's fictional artists: write the artist's own",
    "instagram": "is the Instagram handle of {about}, one of the demo's fictional artists, and "
    "could belong to a stranger: put the artist's own handle here, or leave it empty",
    "memorial": "is from the demo's memorial to a fictional founder: write about the "
    "studio's own founder here",
    "timeline": "is the demo studio's made-up history ({about}): tell the studio's own story here",
    "brand": "is one of the demo's made-up brands: name a brand the studio works with, or "
    "remove it",
    "credit": "is the demo's made-up web studio: name who made this site",
}
# What each folder's demo files are called, and what to do about them.
DEMO_FILES = {
    "images/artists": (
        "photo",
        "a portrait of one of the demo's fictional people: put a photo of the real person in "
        "its place",
    ),
    "images/work": (
        "photo",
        "a drawing, not the studio's work: put a photo of the studio's own work in its place",
    ),
    "images/flash": (
        "flash design",
        "a drawing of the demo's, not the studio's flash: put a photo or scan of the "
        "artist's own design in its place, or remove the design",
    ),
    "images/brands": (
        "logo",
        "the logo of one of the demo's made-up brands: put the real brand's logo in its place, "
        "or remove the brand",
    ),
    "videos": (
        "video",
        "synthetic footage, not the studio's: put the studio's own video in its place",
    ),
}
OTHER_DEMO_FILE = ("photo", "not the studio's own: put the studio's own in its place")


def _demo_text_problems(
    demo: Demo, file: str, line: int | None, field: str | None, text: str
) -> list[Problem]:
    return [
        Problem(
            file,
            line,
            field,
            f"'{_quote(quoted)}' " + DEMO_TEXTS[match.kind].format(about=match.about),
        )
        for quoted, match in text_matches(demo, text).values()
    ]


def _quote(text: str) -> str:
    """The text as shown in the message: on one line, a long one cut at a word."""
    flat = " ".join(text.split())
    if len(flat) <= QUOTE_LENGTH:
        return flat
    return flat[:QUOTE_LENGTH].rsplit(" ", 1)[0].rstrip(",.;:!?-") + "..."


def _demo_file_problems(demo: Demo, content: Content) -> list[Problem]:
    """Each photo and video the site uses that has the bytes of a demo file, once."""
    found = []
    seen: set[Path] = set()
    for ref in content.refs:
        path = content.path_of(ref)
        if path in seen or link_in(content.root, path) is not None:
            continue  # a link is refused (unread) by the ordinary rules
        seen.add(path)
        match = file_match(demo, path)
        if match is not None:
            found.append(
                Problem(content.findings.shown(path), None, None, _demo_file_message(match))
            )
    return found


def _demo_file_message(match: DemoFile) -> str:
    folder, name = match.path.rsplit("/", 1)
    what, instead = DEMO_FILES.get(folder, OTHER_DEMO_FILE)
    return f"is a demo {what} (the same bytes as the demo's {name}), {instead}"


def _base_url_problems(content: Content, launch: Launch) -> list[Problem]:
    base = str(content.site.base_url).rstrip("/")
    where = (
        content.findings.shown(content.root / "site.yaml"),
        content.site_lines.get(("base_url",)),
        "base_url",
    )
    parts = urlsplit(base)
    host = (parts.hostname or "").lower()
    if EXAMPLE_DOMAIN.fullmatch(host):
        return []  # already named by the example-domain rule
    # https only is an ordinary rule (models._base_url): a site with http:// stops earlier.
    if LOCAL_HOSTS.match(host):
        return [Problem(*where, f"'{base}' is this computer, not the studio's web address")]
    published = (launch.published_url or "").rstrip("/")
    published_host = (urlsplit(published).hostname or "").lower()
    if published_host and published_host != host:
        return [
            Problem(
                *where,
                f"'{base}' is not where this site is published ({published}): links shared "
                "from the site would point elsewhere. Put that address here, or add the "
                "studio's domain in Netlify (Domain management) first",
            )
        ]
    return []
