"""The admin's configuration is the content models' (generator/site/cms.py), and /admin/ is
served apart from the site: its own files, headers and policy, out of robots' way."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
from pathlib import Path
from typing import Literal

import annotated_types
import pytest
from pydantic import ValidationError

from devserver.cms import editable_paths
from generator import pipeline
from generator.content import models
from generator.content.loader import load_content
from generator.content.records import POLICIES_FILE
from generator.errors import BuildError
from generator.site import cms, netlify_rules
from generator.site.admin import PLACEHOLDER_REPO, AdminSettings, content_in_repo
from serverthread import free_port
from sitefactory import minimal_site, write_site

ROOT = pipeline.PROJECT_ROOT
CONFIG = cms.admin_config("content", AdminSettings().backend())


def walk(model: type, fields: list[dict], where: str = "", optional: bool = False) -> list[str]:
    """Every mismatch between a model and the admin's fields for it, recursively: the same
    fields in the same order, required as the model says (none inside an optional object:
    test_an_optional_object_asks_for_none_of_its_fields), but a Spanish sibling X_es is no
    field of its own, X is marked translated (`i18n: true`) instead, and nothing else is, but
    a list or object holding translated fields."""
    wrong = []
    by_name = {f["name"]: f for f in fields}
    spanish = set(models.translated_fields(model))
    names = [n for n in model.model_fields if n not in {x + models.SPANISH for x in spanish}]
    at_model = where or model.__name__
    if list(by_name) != names:
        wrong.append(f"{at_model}: model {names} != admin {list(by_name)}")
    for name, info in model.model_fields.items():
        field = by_name.get(name)
        if field is None:
            continue
        at = f"{at_model}.{name}"
        shape = cms.shape_of(info.annotation, info.metadata)
        if field["required"] != (info.is_required() and not shape.optional and not optional):
            wrong.append(f"{at}: required is {field['required']}")
        base = shape.base
        if cms.is_model(base):
            wrong += walk(base, field.get("fields", []), at, optional or shape.optional)
        elif getattr(base, "__origin__", None) is list:
            item = cms.shape_of(base.__args__[0])
            if cms.is_model(item.base):
                wrong += walk(item.base, field.get("fields", []), at)
            elif "field" not in field:
                wrong.append(f"{at}: a list of values needs one item field")
        elif getattr(base, "__origin__", None) is dict:
            # keyed by the contact form's services (deposit:): one optional field per service
            names = [f["name"] for f in field.get("fields", [])]
            if names != list(models.SERVICES) or any(f["required"] for f in field["fields"]):
                wrong.append(f"{at}: admin {names} != the services {list(models.SERVICES)}")
        elif "fields" in field or "field" in field:
            wrong.append(f"{at}: admin has nested fields for a plain value")
        holds = any(f.get("i18n") is True for f in field.get("fields", []))
        if (field.get("i18n") is True) != (name in spanish or holds):
            wrong.append(
                f"{at}: i18n is {field.get('i18n')!r}, the model has {name}_es: {name in spanish}"
            )
    return wrong


def spanish_fields(model: type, where: str = "") -> set[str]:
    """Every X with an X_es in model and the models inside it, by path ("Memorial.text" as
    "SiteFile.memorial.text")."""
    found = set()
    at_model = where or model.__name__
    for name, info in model.model_fields.items():
        if name in models.translated_fields(model):
            found.add(f"{at_model}.{name}")
        base = cms.shape_of(info.annotation, info.metadata).base
        if getattr(base, "__origin__", None) is list:
            base = cms.shape_of(base.__args__[0]).base
        if cms.is_model(base):
            found |= spanish_fields(base, f"{at_model}.{name}")
    return found


def translated_in_config(fields: list[dict], where: str) -> set[str]:
    """Every leaf the admin translates (`i18n: true`, holding no translated field)."""
    found = set()
    for field in fields:
        inner = field.get("fields", [])
        if field.get("i18n") is True and not any(f.get("i18n") is True for f in inner):
            found.add(f"{where}.{field['name']}")
        found |= translated_in_config(inner, f"{where}.{field['name']}")
    return found


def test_every_model_field_has_an_admin_field_and_no_other():
    kinds = cms.config_fields(CONFIG)
    assert walk(models.ArtistFile, kinds["ArtistFile"]) == []
    assert walk(models.PortfolioEntry, kinds["PortfolioEntry"]) == []
    assert walk(models.FlashDesign, kinds["FlashDesign"]) == []
    assert walk(models.SiteFile, kinds["SiteFile"]) == []


def test_the_walk_finds_a_field_missing_from_either_side():
    fields = cms.model_fields(models.Stat, "content")
    assert walk(models.Stat, fields[:1]) == ["Stat: model ['value', 'label'] != admin ['value']"]
    extra = [*fields, {"name": "colour", "required": False}]
    assert walk(models.Stat, extra)[0].startswith("Stat: model ['value', 'label'] != admin")


def test_every_spanish_field_of_the_models_is_translated_in_the_admin_and_no_other():
    """Each X with an X_es beside it in the models is one admin field marked translated, at
    the same place (in lists and objects too); the admin translates nothing else, and shows
    no X_es of its own."""
    kinds = cms.config_fields(CONFIG)
    for kind in ("ArtistFile", "PortfolioEntry", "FlashDesign", "SiteFile"):
        model = getattr(models, kind)
        assert translated_in_config(kinds[kind], kind) == spanish_fields(model), kind
        shown = json.dumps(kinds[kind])
        assert not re.search(r'"name": "\w+_es"', shown), kind
    assert spanish_fields(models.ArtistFile) == {
        "ArtistFile.alt",
        "ArtistFile.specialties",
        "ArtistFile.bio",
        "ArtistFile.books_note",
    }
    assert {"SiteFile.stats.work.label", "SiteFile.memorial.text", "SiteFile.brands.alt"} <= (
        spanish_fields(models.SiteFile)
    )


def test_the_walk_finds_a_translation_missing_from_either_side():
    fields = cms.model_fields(models.ValueCard, "content")
    assert [f.get("i18n") for f in fields] == [True, True]
    untranslated = [{**fields[0], "i18n": None}, fields[1]]
    assert walk(models.ValueCard, untranslated) == [
        "ValueCard.title: i18n is None, the model has title_es: True"
    ]
    artist = [dict(f) for f in cms.config_fields(CONFIG)["ArtistFile"]]
    next(f for f in artist if f["name"] == "name")["i18n"] = True
    assert walk(models.ArtistFile, artist) == [
        "ArtistFile.name: i18n is True, the model has name_es: False"
    ]
    with_sibling = [*fields[:1], {"name": "title_es", "required": False}, *fields[1:]]
    assert walk(models.ValueCard, with_sibling)[0].startswith("ValueCard: model ['title', 'text']")


def test_both_languages_side_by_side_with_decaps_i18n():
    """Decap's i18n, English first (the left pane, the default), Spanish beside it, one file for
    both: the formats write it as the build reads it (cms/src/formats.ts)."""
    assert CONFIG["i18n"] == {
        "structure": "single_file",
        "locales": ["en", "es"],
        "default_locale": "en",
    }
    assert CONFIG["locale"] == "en"  # the admin's own words stay English
    by_name = {c["name"]: c for c in CONFIG["collections"]}
    translated = {name for name, c in by_name.items() if c.get("i18n")}
    assert translated == {"artists", "portfolio", "flash", "studio"}
    assert by_name["studio"]["files"][0]["i18n"] is True  # a file collection's file, too
    assert {name: by_name[name]["format"] for name in translated} == {
        "artists": cms.SPANISH_YAML_FORMAT,
        "portfolio": cms.SPANISH_LIST_FORMAT,
        "flash": cms.SPANISH_LIST_FORMAT,
        "studio": cms.SPANISH_YAML_FORMAT,
    }
    assert cms.SPANISH_FORMATS == {
        "yaml": cms.SPANISH_YAML_FORMAT,
        cms.PORTFOLIO_FORMAT: cms.SPANISH_LIST_FORMAT,
    }
    # the formats' names, as cms/src/formats.ts registers them
    source = (ROOT / "cms" / "src" / "formats.ts").read_text("utf-8")
    for name in cms.SPANISH_FORMATS.values():
        assert f'= "{name}";' in source, name
    # the list of pieces is shown in Spanish (its items' titles), the artist field is not
    pieces = by_name["portfolio"]["fields"]
    assert [f.get("i18n") for f in pieces] == [None, True]


def test_a_translated_lists_items_name_which_item_they_are():
    """In the Spanish pane a list's item shows its translated fields, and greyed, the first of
    its other fields (`duplicate`): a piece's photo, a figure's number, a brand's name."""
    kinds = cms.config_fields(CONFIG)
    site = {f["name"]: f for f in kinds["SiteFile"]}
    references = {
        "PortfolioEntry": [
            f["name"] for f in kinds["PortfolioEntry"] if f.get("i18n") == "duplicate"
        ],
        "FlashDesign": [f["name"] for f in kinds["FlashDesign"] if f.get("i18n") == "duplicate"],
        "Stat": [
            f["name"] for f in site["stats"]["fields"][0]["fields"] if f.get("i18n") == "duplicate"
        ],
        "Brand": [f["name"] for f in site["brands"]["fields"] if f.get("i18n") == "duplicate"],
        "TimelineEntry": [
            f["name"] for f in site["timeline"]["fields"] if f.get("i18n") == "duplicate"
        ],
        "Memorial": [f["name"] for f in site["memorial"]["fields"] if f.get("i18n") == "duplicate"],
        "DeclineReason": [
            f["name"] for f in site["decline_reasons"]["fields"] if f.get("i18n") == "duplicate"
        ],
    }
    assert references == {
        "PortfolioEntry": ["file"],
        "FlashDesign": ["file"],
        "Stat": ["value"],
        "Brand": ["name"],
        "TimelineEntry": [],  # everything in it is translated
        "Memorial": [],  # one object, not a list: nothing to tell apart
        "DeclineReason": ["label"],
    }
    # nothing outside a translated list's items is marked so
    marked = re.findall(r'"i18n": "(\w+)"', json.dumps(CONFIG))
    # (the portfolio's and flash's photo, the two lists of figures' numbers, the brands' names,
    # the decline reasons' labels)
    assert marked == ["duplicate"] * 6


def all_fields(fields: list[dict]):
    for field in fields:
        yield field
        yield from all_fields(field.get("fields", []))
        if "field" in field:
            yield from all_fields([field["field"]])


def test_whole_numbers_with_the_models_bounds():
    artist = {f["name"]: f for f in cms.config_fields(CONFIG)["ArtistFile"]}
    years = artist["years_experience"]
    assert (years["widget"], years["value_type"], years["min"], years["max"]) == (
        "number",
        "int",
        0,
        80,
    )
    info = models.ArtistFile.model_fields["years_experience"]
    assert years["min"] == next(m.ge for m in info.metadata if isinstance(m, annotated_types.Ge))
    site = cms.config_fields(CONFIG)["SiteFile"]
    numbers = [f for f in all_fields(site) if f.get("widget") == "number"]
    assert {f["name"] for f in numbers} == {
        "born",
        "died",
        "start_frame",
        "end_frame",
        "deposit_reminder_days",
        "deposit_expiry_days",
        *models.SERVICES,  # deposit: one per service
        "requests_days",
        "bookings_days",
        "after_days",  # reviews: days after the session (#42)
    }
    assert all(f["value_type"] == "int" for f in numbers)


def test_deposits_are_whole_dollars_per_service_and_per_artist_with_their_bounds():
    """site.yaml deposit: one number per service of the contact form, 0 to the model's bound,
    each optional; an artist's deposit the same; the days with the model's bounds."""
    site = {f["name"]: f for f in cms.config_fields(CONFIG)["SiteFile"]}
    deposit = site["deposit"]
    assert deposit["widget"] == "object" and deposit["required"] is False
    assert "i18n" not in deposit  # amounts are not translated
    for field in deposit["fields"]:
        assert (field["widget"], field["min"], field["max"], field["required"]) == (
            "number",
            0,
            models.DEPOSIT_MAX,
            False,
        )
    artist = {f["name"]: f for f in cms.config_fields(CONFIG)["ArtistFile"]}["deposit"]
    assert (artist["min"], artist["max"], artist["required"]) == (0, models.DEPOSIT_MAX, False)
    assert "whole dollars" in artist["hint"].lower() and "whole dollars" in deposit["hint"]
    assert all("Whole dollars" in field["hint"] for field in deposit["fields"])
    for name in ("deposit_reminder_days", "deposit_expiry_days"):
        assert (site[name]["min"], site[name]["max"], site[name]["required"]) == (1, 60, False)
    reasons = site["decline_reasons"]
    assert reasons["widget"] == "list" and reasons["label_singular"] == "reason"
    by_name = {f["name"]: f for f in reasons["fields"]}
    assert set(by_name) == {"label", "text"} and by_name["text"]["i18n"] is True
    assert by_name["text"]["widget"] == "text"


def test_former_web_addresses_are_an_optional_list_of_slugs():
    artist = {f["name"]: f for f in cms.config_fields(CONFIG)["ArtistFile"]}
    former = artist["previous_slugs"]
    assert (former["label"], former["widget"], former["required"]) == (
        "Former web addresses",
        "list",
        False,
    )
    assert former["field"]["pattern"][0] == models.SLUG_RE.pattern


def test_lists_keep_their_minimum_and_required_text_refuses_blanks():
    artist = {f["name"]: f for f in cms.config_fields(CONFIG)["ArtistFile"]}
    assert artist["specialties"]["min"] == 1
    assert artist["specialties"]["field"]["widget"] == "string"
    assert artist["bio"]["pattern"] == [r"\S", "Must not be blank."]
    site = {f["name"]: f for f in cms.config_fields(CONFIG)["SiteFile"]}
    assert site["hours"]["min"] == 1 and site["hours_notes"]["required"] is False


# (value, accepted by the model's validator): the admin's pattern must say the same.
PATTERN_CASES = {
    "instagram": ["@jane.ink", "jane_doe", "@", "https://instagram.com/jane", "a b"],
    "web": ["https://studio.com", "http://x.io/a?b=1", "studio.com", "https://", "ftp://x.io"],
    "phone": ["(214) 555-0100", "+1 214 555 0100", "555-01", "1234567890123456", "call us"],
    "email": ["hello@studio.com", "a.b@c.io", "hello", "a@b", "@studio.com"],
    "slug": ["jane-doe", "max2", "Jane-Doe", "jane--doe", "-jane", "jane doe"],
    "short": ["3 in", "4 x 6 in", "x" * 24, "x" * 25, "a very long size text that goes on"],
    "reason label": ["Books full", "x" * 40, "x" * 41, "two\nlines"],
    "reason text": ["Our books are full.", "Two\nlines.", "x" * 400, "x" * 401],
}


@pytest.mark.parametrize(
    ("validator", "samples"),
    [
        (models._instagram, PATTERN_CASES["instagram"]),
        (models._web_url, PATTERN_CASES["web"]),
        (models._phone, PATTERN_CASES["phone"]),
        (models._email, PATTERN_CASES["email"]),
        (models._slug, PATTERN_CASES["slug"]),
        (models._short_text, PATTERN_CASES["short"]),
        (models.REASON_LABEL_VALIDATOR, PATTERN_CASES["reason label"]),
        (models.REASON_TEXT_VALIDATOR, PATTERN_CASES["reason text"]),
    ],
)
def test_each_admin_pattern_agrees_with_its_validator(validator, samples):
    pattern, _ = models.FORM_PATTERNS[validator]
    for sample in samples:
        try:
            validator(sample)
            accepted = True
        except ValueError:
            accepted = False
        assert bool(re.search(pattern, sample)) == accepted, sample


def test_file_fields_upload_where_the_loader_reads(tmp_path: Path):
    files = minimal_site()
    files["flash/jane-doe.yaml"] = "- file: owl.jpg\n  title: Owl\n  size: 3 in\n  price: 150\n"
    content = load_content(write_site(tmp_path / "content", files))
    kinds = cms.config_fields(CONFIG)
    source_kind = {"site.yaml": "SiteFile", "jane-doe.yaml": "ArtistFile"}
    lists = {"portfolio": "PortfolioEntry", "flash": "FlashDesign"}
    checked = 0
    assert any(ref.folder == "flash" for ref in content.refs)
    for ref in content.refs:
        if ref.source.parent.name in lists:
            entry = kinds[lists[ref.source.parent.name]]
            field = next(f for f in entry if f["name"] == "file")
        else:
            fields = kinds[source_kind.get(ref.source.name, "ArtistFile")]
            for part in (part for part in ref.loc if isinstance(part, str)):
                field = next(f for f in fields if f["name"] == part)
                fields = field.get("fields", [])
        folder = "videos" if ref.is_video else f"images/{ref.folder}"
        assert field["media_folder"] == f"/content/{folder}", ref
        assert field["public_folder"] == ""  # the YAML holds the plain file name
        checked += 1
    assert checked >= 9


def test_a_field_the_admin_cannot_show_is_a_build_error_naming_it():
    class Odd(models.Model):
        tags: dict[str, str]

    with pytest.raises(BuildError, match=r"content model field Odd.tags: no admin widget"):
        cms.model_fields(Odd, "content")

    class Unfiled(models.Model):
        scan: models.FileName

    with pytest.raises(BuildError, match="Unfiled.scan names a file, but MEDIA_FOLDERS"):
        cms.model_fields(Unfiled, "content")


def test_choices_become_a_select():
    class Shift(models.Model):
        kind: Literal["walk-in", "appointment"]

    (field,) = cms.model_fields(Shift, "content")
    assert field["widget"] == "select" and field["options"] == ["walk-in", "appointment"]


def test_collections_files_and_upload_names():
    by_name = {c["name"]: c for c in CONFIG["collections"]}
    assert by_name["artists"]["folder"] == "content/artists"
    assert by_name["artists"]["slug"] == "{{slug}}"
    assert by_name["artists"]["identifier_field"] == "name"
    assert by_name["portfolio"]["format"] == cms.SPANISH_LIST_FORMAT  # a bare list, translated
    # flash: one bare list per artist too, through the same format, after the portfolios
    assert [c["name"] for c in CONFIG["collections"]] == [
        "artists",
        "portfolio",
        "flash",
        "aftercare",
        "policies",
        "studio",
    ]
    flash = by_name["flash"]
    assert (flash["folder"], flash["format"], flash["identifier_field"]) == (
        "content/flash",
        cms.SPANISH_LIST_FORMAT,
        "artist",
    )
    assert [f["name"] for f in flash["fields"]] == ["artist", "pieces"]
    assert flash["fields"][1]["label"] == "Designs"
    assert [f["file"] for f in by_name["aftercare"]["files"]] == [
        "content/aftercare/tattoo.md",
        "content/aftercare/tattoo.es.md",
        "content/aftercare/piercing.md",
        "content/aftercare/piercing.es.md",
    ]
    assert by_name["studio"]["files"][0]["file"] == "content/site.yaml"
    site = {f["name"]: f for f in by_name["studio"]["files"][0]["fields"]}
    assert {n for n, f in site.items() if f["widget"] == "hidden"} == {
        "base_url",
        "videos",
        "credit",
        "timezone",
        "cms",
    }
    # Upload names follow the validator: lower-case ASCII, no spaces or accents.
    assert CONFIG["slug"] == {
        "encoding": "ascii",
        "clean_accents": True,
        "sanitize_replacement": "-",
    }
    # No upload size limit: originals of any size, the build makes the sizes.
    assert "max_file_size" not in json.dumps(CONFIG)
    assert "local_backend" not in CONFIG


def test_the_local_backend_is_only_in_the_local_configuration():
    local = cms.admin_config(
        "content", AdminSettings().backend(), None, "http://127.0.0.1:9/api/v1"
    )
    assert local["local_backend"]["url"] == "http://127.0.0.1:9/api/v1"


def test_the_editorial_workflow_is_on_when_the_studio_asks_for_it_with_github():
    # site.yaml `cms: {editorial_workflow: true}`: drafts, In review, Ready, on GitHub.
    github = AdminSettings(repo="ink/studio-site").backend()
    config = cms.admin_config("content", github, editorial_workflow=True)
    assert config["publish_mode"] == "editorial_workflow"
    assert config["backend"]["name"] == "github" and "local_backend" not in config
    # Not asked for (the default): every Publish goes straight to the branch.
    assert cms.admin_config("content", github)["publish_mode"] == "simple"
    assert CONFIG["publish_mode"] == "simple"


def test_the_local_backend_saves_straight_into_content_even_with_the_workflow_on():
    # `build.py serve --cms`: decap-server writes files, it has no branches or pull requests.
    local = cms.admin_config(
        "content",
        AdminSettings(repo="ink/studio-site").backend(),
        None,
        "http://127.0.0.1:8081/api/v1",
        editorial_workflow=True,
    )
    assert local["local_backend"]["url"] == "http://127.0.0.1:8081/api/v1"
    assert local["publish_mode"] == "simple"
    # Any backend but GitHub (the gate's own configuration, a proxy) keeps it simple too.
    proxy = cms.admin_config("content", {"name": "proxy"}, editorial_workflow=True)
    assert proxy["publish_mode"] == "simple"


def test_a_flash_design_asks_for_what_the_build_accepts():
    design = {f["name"]: f for f in cms.config_fields(CONFIG)["FlashDesign"]}
    siblings = cms.spanish_siblings(models.FlashDesign)  # title_es, alt_es: in the Spanish pane
    assert list(design) == [n for n in models.FlashDesign.model_fields if n not in siblings]
    price = design["price"]
    assert (price["widget"], price["value_type"], price["min"], price["required"]) == (
        "number",
        "int",
        1,
        True,
    )
    assert (design["status"]["widget"], design["status"]["options"]) == (
        "select",
        ["available", "claimed"],
    )
    assert design["status"]["required"] is False and "default" not in design["status"]
    assert design["repeatable"]["widget"] == "boolean"
    assert design["size"]["pattern"][0] == models.FORM_PATTERNS[models._short_text][0]
    assert design["file"]["media_folder"] == "/content/images/flash"
    assert design["alt"]["widget"] == "string" and "alt text" in design["alt"]["label"]
    assert all(field.get("hint") for field in design.values()), design


def test_draft_and_publish_at_add_nothing_to_a_file_nobody_set_them_in():
    # A field with a default is written into every new entry and list item ("draft: false",
    # 'publish_at: ""'); without one, a new piece is saved as its file and title alone.
    kinds = cms.config_fields(CONFIG)
    for kind in ("ArtistFile", "PortfolioEntry", "FlashDesign"):
        fields = {f["name"]: f for f in kinds[kind]}
        assert fields["draft"]["widget"] == "boolean" and fields["draft"]["required"] is False
        assert fields["publish_at"]["widget"] == "datetime"
        assert fields["publish_at"]["format"] == "YYYY-MM-DDTHH:mm"  # the studio's time, no offset
        assert "default" not in fields["draft"] and "default" not in fields["publish_at"], kind
        assert fields["alt"]["widget"] == "string" and fields["alt"]["required"] is False


def test_the_studio_facts_have_a_preview():
    # cms/src/admin.tsx registers the preview under the file's name, "site".
    studio = next(c for c in CONFIG["collections"] if c["name"] == "studio")
    assert [f["name"] for f in studio["files"]] == ["site"]
    assert "editor" not in studio  # {"preview": false} would hide it
    assert all("editor" not in c for c in CONFIG["collections"])


def test_the_policies_are_edited_whole_as_markdown_like_the_guides():
    by_name = {c["name"]: c for c in CONFIG["collections"]}
    policies = by_name["policies"]
    assert policies["label"] == "Studio policies"  # in the sidebar, beside Aftercare guides
    assert (policies["format"], policies["extension"]) == (cms.MARKDOWN_FORMAT, "md")
    entry, _spanish = policies["files"]
    # the file the build reads; cms/src/admin.tsx names its preview after the entry, "policies"
    assert (entry["name"], entry["label"], entry["file"]) == (
        "policies",
        "Studio policies",
        f"content/{POLICIES_FILE}",
    )
    (body,) = entry["fields"]
    (guide,) = by_name["aftercare"]["files"][0]["fields"]
    # one text box of raw Markdown, as a guide's (saved without front matter, never empty) ...
    assert {k: v for k, v in body.items() if k not in ("label", "hint")} == {
        "name": "body",
        "widget": "markdown",
        "modes": ["raw"],
        "required": True,
    }
    assert {k: v for k, v in guide.items() if k not in ("label", "hint")} == {
        k: v for k, v in body.items() if k not in ("label", "hint")
    }
    # ... but the policies page keeps no single line break (features/policies), the guides do
    assert "A line break stays a line break" in guide["hint"]
    assert "run together" in body["hint"] and "new version" in body["hint"]
    # the admin's local backend lets it be read and written, as the guides
    files = editable_paths("content")["files"]
    assert {"content/policies.md", "content/aftercare/tattoo.md"} <= set(files)


def test_each_guides_spanish_is_an_entry_beside_the_english_one():
    """Decap cannot pair two files side by side, so tattoo.es.md is an entry of its own, right
    after tattoo.md, edited as it is and previewed as it is, in Spanish; the local backend
    may write it (its paths come from the same configuration)."""
    by_name = {c["name"]: c for c in CONFIG["collections"]}
    entries = by_name["aftercare"]["files"] + by_name["policies"]["files"]
    assert [(e["name"], e["label"], e["file"]) for e in entries] == [
        ("tattoo", "Tattoo aftercare", "content/aftercare/tattoo.md"),
        ("tattoo-es", "Tattoo aftercare (Spanish)", "content/aftercare/tattoo.es.md"),
        ("piercing", "Piercing aftercare", "content/aftercare/piercing.md"),
        ("piercing-es", "Piercing aftercare (Spanish)", "content/aftercare/piercing.es.md"),
        ("policies", "Studio policies", f"content/{POLICIES_FILE}"),
        ("policies-es", "Studio policies (Spanish)", "content/policies.es.md"),
    ]
    for english, spanish in zip(entries[::2], entries[1::2], strict=True):
        (body,), (body_es,) = english["fields"], spanish["fields"]
        same = ("name", "widget", "modes", "required")
        assert {k: body[k] for k in same} == {k: body_es[k] for k in same}
        assert body_es["label"] == f"{body['label']} in Spanish"
        assert body["hint"] in body_es["hint"] and "marked as English" in body_es["hint"]
    files = editable_paths("content")["files"]
    assert {e["file"] for e in entries} <= set(files)
    assert not any(name.endswith(".en.md") for name in files)


def test_every_entry_the_admin_edits_has_a_preview():
    """cms/src/admin.tsx registers a preview under each folder collection's name and each
    file's name in a file collection (Decap's template names)."""
    source = (ROOT / "cms" / "src" / "admin.tsx").read_text("utf-8")
    consts = dict(re.findall(r'^const ([A-Z_]+) = "([^"]+)";', source, re.M))
    registered = {
        consts.get(name, name.strip('"'))
        for name in re.findall(r"CMS\.registerPreviewTemplate\(([^,]+),", source)
    }
    wanted = {
        name
        for c in CONFIG["collections"]
        for name in ([f["name"] for f in c["files"]] if "files" in c else [c["name"]])
    }
    assert wanted == registered


@pytest.mark.parametrize(
    ("environ", "repo", "branch"),
    [
        ({}, PLACEHOLDER_REPO, "main"),
        ({"REPOSITORY_URL": "https://github.com/ink/studio-site"}, "ink/studio-site", "main"),
        ({"REPOSITORY_URL": "git@github.com:ink/studio-site.git"}, "ink/studio-site", "main"),
        ({"REPOSITORY_URL": "https://github.com/a/b", "CMS_GITHUB_REPO": "c/d"}, "c/d", "main"),
        ({"CMS_GITHUB_REPO": "c/d", "CMS_BRANCH": "content"}, "c/d", "content"),
    ],
)
def test_admin_settings_from_the_environment(environ, repo, branch):
    settings = AdminSettings.from_environ(environ)
    assert (settings.repo, settings.branch) == (repo, branch)
    assert settings.backend()["name"] == "github"


def test_content_outside_the_project_is_its_own_parents(tmp_path: Path):
    assert content_in_repo(ROOT / "content", ROOT) == (ROOT, "content")
    assert content_in_repo(tmp_path / "site" / "content", ROOT) == (tmp_path / "site", "content")


def test_an_empty_optional_field_counts_as_not_given():
    # The admin saves a cleared optional field as ''; it must not become an error.
    artist = {
        "name": "Jane",
        "photo": "jane.jpg",
        "years_experience": 3,
        "specialties": ["Fine Line"],
        "instagram": "",
        "bio": "Bio.",
        "order": 1,
    }
    assert models.ArtistFile.model_validate(artist).instagram is None
    with pytest.raises(ValidationError):
        models.ArtistFile.model_validate({**artist, "bio": "  "})  # required stays required


# --- the built admin -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, media_cache: Path) -> Path:
    root = tmp_path_factory.mktemp("admin")
    content = write_site(root / "content", minimal_site())
    settings = AdminSettings(repo="ink/studio-site")
    pipeline.build(pipeline.Paths.make(content, root / "dist", cache=media_cache), None, settings)
    return root / "dist"


def test_the_build_writes_the_admin(built: Path):
    config = json.loads((built / "admin" / "config.json").read_text("utf-8"))
    assert config["backend"]["repo"] == "ink/studio-site"
    assert config["collections"] == CONFIG["collections"]
    html = (built / "admin" / "index.html").read_text("utf-8")
    assert '<meta name="robots" content="noindex, nofollow">' in html
    assert '<link rel="cms-config-url" type="text/yaml" href="/admin/config.json">' in html
    script = re.search(r'<script type="module" src="(/admin/admin-[A-Z0-9]+\.js)">', html)
    assert script and (built / script.group(1).lstrip("/")).is_file()
    # Every script of the admin is its own file under /admin/: nothing from another host.
    assert not re.search(r"""src=["']https?://""", html)
    assert 'id="site-data"' in html  # the previews' site data
    # the previews' styles: the site's stylesheet and its web fonts (no first paint to wait for)
    assert re.search(
        r'<meta name="site-stylesheets" content="/assets/main-\w+\.css /assets/fonts-\w+\.css">',
        html,
    )


def test_no_public_page_loads_anything_of_the_admin(built: Path):
    pages = [p for p in built.rglob("*.html") if "admin" not in p.relative_to(built).parts]
    assert len(pages) >= 6
    for page in pages:
        assert "/admin" not in page.read_text("utf-8"), page
    for script in (built / "assets").glob("*.js"):
        assert "decap" not in script.read_text("utf-8").lower(), script


def test_robots_keep_out_of_the_admin(built: Path):
    assert "Disallow: /admin/" in (built / "robots.txt").read_text("utf-8").splitlines()


def test_the_admin_has_its_own_policy_and_the_site_keeps_its_own():
    config = netlify_rules.load_config(ROOT / "netlify.toml")
    site = netlify_rules.headers_for(config, "/")["Content-Security-Policy"]
    assert "script-src 'self';" in site and "unsafe-eval" not in site
    assert "api.github.com" not in site
    for path in ("/admin", "/admin/", "/admin/config.json", "/admin/admin-ABC.js"):
        headers = netlify_rules.headers_for(config, path)
        policy = headers["Content-Security-Policy"]
        assert "script-src 'self' 'unsafe-eval';" in policy, path
        assert "connect-src 'self' blob: https://api.github.com;" in policy
        assert "frame-ancestors 'none'" in policy and "127.0.0.1" not in policy
        assert headers["X-Robots-Tag"] == "noindex, nofollow"
    for path in ("/", "/portfolio/jane-doe", "/api/artists", "/administrator"):
        assert netlify_rules.headers_for(config, path)["Content-Security-Policy"] == site, path


def test_serve_cms_adds_the_local_backend_to_the_admin_policy_only():
    from devserver.cms import allow_local_backend

    config = netlify_rules.load_config(ROOT / "netlify.toml")
    local = allow_local_backend(config, "http://127.0.0.1:8081/api/v1")
    admin = netlify_rules.headers_for(local, "/admin/")["Content-Security-Policy"]
    assert "connect-src 'self' blob: https://api.github.com http://127.0.0.1:8081;" in admin
    assert netlify_rules.headers_for(local, "/") == netlify_rules.headers_for(config, "/")


def test_the_local_backend_stops_with_the_server_that_started_it(tmp_path: Path):
    # A dev server killed outright (no cleanup) must not leave the writer running.
    port = free_port()
    script = (
        "import sys, time; sys.path.insert(0, sys.argv[1]);"
        "from devserver.cms import local_backend;"
        "cm = local_backend(sys.argv[2], int(sys.argv[3]), 'http://127.0.0.1:1');"
        "cm.__enter__(); print('up', flush=True); time.sleep(600)"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", script, str(ROOT), str(tmp_path), str(port)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout.readline().strip() == "up"
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
    finally:
        proc.kill()
        proc.wait()
    import time

    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) != 0:
                return
        time.sleep(0.2)
    pytest.fail("decap-server still listens after its dev server was killed")


def test_an_optional_object_asks_for_none_of_its_fields():
    """site.yaml `reviews` is optional, its url required once it is there: Decap checks the
    required fields of an object left empty too (decap-cms issue 7748), which made the studio
    facts impossible to save without reviews. The build refuses one half filled in."""
    site = {f["name"]: f for f in cms.config_fields(CONFIG)["SiteFile"]}
    reviews = site["reviews"]
    assert reviews["widget"] == "object" and reviews["required"] is False
    assert {f["name"]: f["required"] for f in reviews["fields"]} == {
        "url": False,
        "after_days": False,
    }
