"""The editors' admin configuration (Decap CMS), generated from the content models.

One source of truth (docs/editing.md): every field the admin shows comes from the pydantic
models the loader validates with (content/models.py), so the admin asks for what the build
accepts: required fields, whole numbers and their bounds, the patterns of handles, web
addresses and phone numbers, lists and their minimum length, choices, and file names
uploaded into the folder the loader reads them from. Rules that span files (a photo used
twice, a portfolio whose artist is gone, years that must agree) stay the build's, and reach
editors as its file:line messages.

Decap writes the keys of a file in the order of its fields here, which is the models' order
(the README's). Two file shapes need formats of our own, registered by cms/src/formats.ts:
a portfolio and an artist's flash are bare YAML lists (the admin edits each as `pieces`),
an aftercare guide and the policies are plain Markdown without front matter. The fields
themselves are made in cms_fields.py, what the admin says beside them is in cms_words.py.

Spanish (docs/editing.md, "Translating into Spanish"): the YAML collections are translated
with Decap's i18n, English and Spanish side by side, in its `single_file` structure. Decap
would write such a file as `en:` and `es:` halves; their formats (SPANISH_FORMATS) keep the
file as the build reads it instead, each Spanish text an X_es key beside its English X, and
hand Decap the two halves it edits. Which fields are translated is marked on the fields
(cms_fields.py, from the models), and the formats read it from this configuration. The
Markdown guides' Spanish are files of their own (tattoo.es.md), one more entry each.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from ..content import models
from ..content.records import AFTERCARE_SECTIONS, POLICIES_FILE, spanish_file
from ..errors import BuildError

# The field machinery, also used as cms.X by the tests and the admin stage.
from .cms_fields import (  # noqa: F401
    MEDIA_FOLDERS,
    REFERENCE,
    TRANSLATED,
    Shape,
    is_model,
    mark_items,
    model_fields,
    shape_of,
    spanish_siblings,
)
from .cms_words import (
    AFTERCARE_BODY,
    POLICIES_BODY,
    POLICIES_DESCRIPTION,
    POLICIES_LABEL,
    SPANISH_BODY,
    SPANISH_LABEL,
)

PORTFOLIO_FORMAT = "portfolio-list"  # cms/src/formats.ts
MARKDOWN_FORMAT = "markdown-body"
# The translated collections' formats: a YAML mapping (an artist, site.yaml) and a bare list
# (portfolio, flash), each with its Spanish in X_es keys (cms/src/formats.ts).
SPANISH_YAML_FORMAT = "yaml-es"
SPANISH_LIST_FORMAT = "portfolio-list-es"
SPANISH_FORMATS = {"yaml": SPANISH_YAML_FORMAT, PORTFOLIO_FORMAT: SPANISH_LIST_FORMAT}

# Decap's i18n: English first (the default, the left pane), Spanish beside it; one file holds
# both (the formats above write it as the build reads it).
LOCALES = ["en", "es"]
I18N = {"structure": "single_file", "locales": LOCALES, "default_locale": "en"}
# The name of a Markdown file's Spanish entry beside its English one's (cms/src/admin.tsx
# previews it as the English one, in Spanish).
SPANISH_ENTRY = "-es"


def collections(content: str) -> list[dict]:
    """The six collections: artists, portfolios, flash, aftercare guides, the studio's
    policies, studio facts."""
    return [
        artists_collection(content),
        portfolio_collection(content),
        flash_collection(content),
        aftercare_collection(content),
        policies_collection(content),
        studio_collection(content),
    ]


def artists_collection(content: str) -> dict:
    """One YAML file per artist (ArtistFile), named after the artist's web address."""
    slug_rule = "lower-case letters, digits and '-'"
    return {
        "name": "artists",
        "label": "Artists",
        "label_singular": "Artist",
        "description": (
            "One entry per artist. A new artist's web address is made from the name "
            f"({slug_rule}) and stays when the name changes."
        ),
        "folder": f"{content}/artists",
        "extension": "yaml",
        "format": SPANISH_YAML_FORMAT,
        "i18n": True,
        "create": True,
        "identifier_field": "name",
        "slug": "{{slug}}",
        "summary": "{{name}}",
        "sortable_fields": ["order", "name"],
        "fields": model_fields(models.ArtistFile, content),
    }


def portfolio_collection(content: str) -> dict:
    """One bare list of pieces (PortfolioEntry) per artist, edited as `pieces`."""
    return artist_list_collection(
        content,
        ArtistListWords(
            "portfolio",
            "Portfolios",
            "Portfolio",
            "One list of pieces per artist, named after the artist's web address. "
            "Add the artist first, then their portfolio.",
            "pieces",
            "Pieces",
            "Piece",
            "In the order the portfolio shows them; drag to reorder.",
        ),
        models.PortfolioEntry,
    )


def flash_collection(content: str) -> dict:
    """One bare list of flash designs (FlashDesign) per artist (docs/flash.md). The file has
    the portfolio's shape, so it goes through the same format: the list is `pieces` inside
    the admin, shown as Designs."""
    return artist_list_collection(
        content,
        ArtistListWords(
            "flash",
            "Flash",
            "Flash sheet",
            "One list of ready-drawn designs per artist, named after the artist's web "
            "address, shown at /flash. Add the artist first, then their flash.",
            "flash designs",
            "Designs",
            "Design",
            "In the order the flash page shows them; drag to reorder. A design keeps its "
            "web id (the photo's file name) when it is moved or retitled.",
        ),
        models.FlashDesign,
    )


@dataclass(frozen=True)
class ArtistListWords:
    """What the admin says about a folder of one list per artist."""

    folder: str  # under content/, also the collection's name
    label: str
    label_singular: str
    description: str
    whose: str  # "pieces": "Only when starting a new portfolio: whose pieces these are."
    list_label: str
    list_singular: str
    list_hint: str


def artist_list_collection(content: str, words: ArtistListWords, model: type) -> dict:
    """One bare YAML list per artist (PORTFOLIO_FORMAT), edited as `pieces`; a new file is
    named after the artist chosen in `artist`, which is not saved."""
    thing = words.label_singular.lower()
    return {
        "name": words.folder,
        "label": words.label,
        "label_singular": words.label_singular,
        "description": words.description,
        "folder": f"{content}/{words.folder}",
        "extension": "yaml",
        "format": SPANISH_LIST_FORMAT,
        "i18n": True,
        "create": True,
        "identifier_field": "artist",
        "slug": "{{slug}}",
        "summary": "{{filename}}",
        "fields": [
            {
                "name": "artist",
                "label": "Artist",
                "widget": "relation",
                "collection": "artists",
                "value_field": "{{slug}}",
                "search_fields": ["name"],
                "display_fields": ["name"],
                "required": False,
                "hint": (
                    f"Only when starting a new {thing}: whose {words.whose} these are. "
                    f"A saved {thing} stays with its artist (the name in the list)."
                ),
            },
            pieces_field(words, model, content),
        ],
    }


def pieces_field(words: ArtistListWords, model: type, content: str) -> dict:
    """The file's list, as the admin edits it (`pieces`), translated as its model says."""
    return mark_items(
        {
            "name": "pieces",
            "label": words.list_label,
            "label_singular": words.list_singular,
            "widget": "list",
            "summary": "{{fields.title}}",
            "required": False,
            "hint": words.list_hint,
            "fields": model_fields(model, content),
        }
    )


def markdown_file(name: str, label: str, file: str, body: tuple[str, str]) -> dict:
    """One plain Markdown file (MARKDOWN_FORMAT) edited whole, as `body`; body: the text box's
    label and hint (cms_words.py). name is also its preview's (cms/src/admin.tsx)."""
    body_label, hint = body
    return {
        "name": name,
        "label": label,
        "file": file,
        "fields": [
            {
                "name": "body",
                "label": body_label,
                "widget": "markdown",
                "modes": ["raw"],
                "required": True,
                "hint": hint,
            }
        ],
    }


def with_spanish(entry: dict, body: tuple[str, str]) -> list[dict]:
    """A Markdown file's entry and its Spanish's (tattoo.md, tattoo.es.md), as two entries.

    Decap cannot pair two files side by side: its single_file structure keeps both languages
    in one file, its multiple_files one would rename the English file to tattoo.en.md. So the
    Spanish is an entry of its own, right after the English one, with the same preview."""
    english = PurePosixPath(entry["file"])
    spanish = markdown_file(
        entry["name"] + SPANISH_ENTRY,
        SPANISH_LABEL.format(entry["label"]),
        spanish_file(english).as_posix(),
        (SPANISH_BODY[0].format(body[0]), SPANISH_BODY[1].format(body[1])),
    )
    return [entry, spanish]


def aftercare_collection(content: str) -> dict:
    """One plain Markdown guide per aftercare section, and its Spanish."""
    return {
        "name": "aftercare",
        "label": "Aftercare guides",
        "format": MARKDOWN_FORMAT,
        "extension": "md",
        "files": [
            entry
            for section in AFTERCARE_SECTIONS
            for entry in with_spanish(
                markdown_file(
                    section,
                    f"{section.capitalize()} aftercare",
                    f"{content}/aftercare/{section}.md",
                    AFTERCARE_BODY,
                ),
                AFTERCARE_BODY,
            )
        ],
    }


def policies_collection(content: str) -> dict:
    """policies.md, the studio's policies (/policies, /api/policies; docs/requests.md): a
    collection of its own, so the sidebar names it. The file is optional to the build; saved
    here it must not be empty (emptied, the site would lose its /policies page)."""
    return {
        "name": "policies",
        "label": POLICIES_LABEL,
        "description": POLICIES_DESCRIPTION,
        "format": MARKDOWN_FORMAT,
        "extension": "md",
        "files": with_spanish(
            markdown_file("policies", POLICIES_LABEL, f"{content}/{POLICIES_FILE}", POLICIES_BODY),
            POLICIES_BODY,
        ),
    }


def studio_collection(content: str) -> dict:
    """site.yaml (SiteFile), the studio's facts."""
    return {
        "name": "studio",
        "label": "Studio",
        "format": SPANISH_YAML_FORMAT,
        "i18n": True,
        "files": [
            {
                "name": "site",
                "label": "Studio facts",
                "file": f"{content}/site.yaml",
                "i18n": True,  # a file collection's files are translated one by one
                "fields": model_fields(models.SiteFile, content),
            }
        ],
    }


def publish_mode(backend: dict, local_backend: str | None, editorial_workflow: bool) -> str:
    """Decap's publish mode: "editorial_workflow" (each entry saved as a draft on a branch of its
    own with a pull request, moved through In review and Ready, published by merging it) when
    site.yaml asks for it (`cms: {editorial_workflow: true}`) and the admin saves to GitHub;
    else "simple", every Publish a commit on the branch the site is built from.

    The local backend (`build.py serve --cms`) always saves straight into content/: decap-server
    runs there in its file-system mode, which has no branches, and its gate
    (cms/local-backend.cjs) refuses the workflow's actions."""
    if editorial_workflow and backend.get("name") == "github" and not local_backend:
        return "editorial_workflow"
    return "simple"


def admin_config(
    content: str,
    backend: dict,
    site_url: str | None = None,
    local_backend: str | None = None,
    editorial_workflow: bool = False,
) -> dict:
    """The whole Decap configuration. content: the content folder, relative to the repository;
    editorial_workflow: site.yaml's `cms.editorial_workflow` (see publish_mode)."""
    if not re.fullmatch(r"[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)*", content) or ".." in content:
        raise BuildError(
            f"the admin needs the content folder inside the repository, got {content!r}"
        )
    config: dict[str, Any] = {"backend": backend}
    if local_backend:
        config["local_backend"] = {
            "url": local_backend,
            "allowed_hosts": ["127.0.0.1", "localhost"],
        }
    config.update(
        {
            "locale": "en",  # the admin's own words; the content's languages are I18N's
            "i18n": I18N,
            "publish_mode": publish_mode(backend, local_backend, editorial_workflow),
            "media_folder": f"{content}/images",
            "public_folder": "",
            # Upload names as the validator wants them: lower-case ASCII, no spaces, no accents
            # ("Zoë's Rose.JPG" -> "zoes-rose.jpg"); Decap sets no upload size limit.
            "slug": {"encoding": "ascii", "clean_accents": True, "sanitize_replacement": "-"},
            "collections": collections(content),
        }
    )
    if site_url:
        config["display_url"] = site_url  # the header's link to the site
    config["show_preview_links"] = False  # the live site changes a minute after a save
    return config


def config_fields(config: dict) -> dict[str, list[dict]]:
    """The top-level fields of each edited file kind, by the model they stand for."""
    by_name = {c["name"]: c for c in config["collections"]}
    pieces = next(f for f in by_name["portfolio"]["fields"] if f["name"] == "pieces")
    designs = next(f for f in by_name["flash"]["fields"] if f["name"] == "pieces")
    return {
        "ArtistFile": by_name["artists"]["fields"],
        "PortfolioEntry": pieces["fields"],
        "FlashDesign": designs["fields"],
        "SiteFile": by_name["studio"]["files"][0]["fields"],
    }
