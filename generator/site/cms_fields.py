"""The admin's fields (Decap CMS widgets) made from the content models' fields: what each
type asks for and what limits it (required, whole numbers and their bounds, patterns,
lists, choices, uploads into the loader's folders). site/cms.py puts them into collections.

Spanish (docs/editing.md, "Translating into Spanish"): a model field X with a sibling X_es
(models.translated_fields) is one field here, marked `i18n: true`, and X_es is no field of its
own: Decap's Spanish pane edits X there, and the admin's formats (cms/src/formats.ts) write it
back as X_es. A list or object with such a field inside is marked too, so the Spanish pane
shows it (with only the translated fields); every other field has no mark, which Decap reads
as `none`: not in the Spanish pane. In a list's items the first field that is not translated
is marked `duplicate`: the Spanish pane shows it greyed beside the translation, to say which
item it is (a piece's photo, a figure's number, a brand's name).
"""

from __future__ import annotations

import types
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import AfterValidator, BaseModel, BeforeValidator, StringConstraints
from pydantic.fields import FieldInfo

from ..content import models
from ..errors import BuildError
from .cms_words import SINGULAR, WORDS

# The folder under content/ each file-name field uploads into: where the loader reads that
# field's files (loader.py and lists.py, `Reader.refer`); tests/test_cms_config.py checks
# the two agree.
MEDIA_FOLDERS = {
    "ArtistFile.photo": "images/artists",
    "Memorial.photo": "images/artists",
    "PortfolioEntry.file": "images/work",
    "FlashDesign.file": "images/flash",
    "Brand.logo": "images/brands",
    "VideoFiles.source": "videos",
    "VideoFiles.vertical": "videos",
    "ScrollSequence.source": "videos",
    "ScrollSequence.vertical": "videos",
}

# Studio facts the web team keeps: not shown, and kept as they are on every save (Decap
# writes back the keys it does not show; tests/browser/test_cms.py saves site.yaml).
HIDDEN = {
    "SiteFile.base_url",
    "SiteFile.videos",
    "SiteFile.credit",
    "SiteFile.timezone",
    "SiteFile.cms",
}

# A date and time as the build reads publish_at (content/publishing.py): the studio's local
# time, no offset. No default: Decap's datetime starts empty (only a default of "{{now}}" fills
# in the time), and a field with no default is left out of a new entry, so a new piece is
# saved as its file and title alone (tests/browser/test_cms.py), not with `publish_at: ""`.
PUBLISH_AT_WIDGET = {
    "widget": "datetime",
    "format": "YYYY-MM-DDTHH:mm",
    "date_format": "YYYY-MM-DD",
    "time_format": "HH:mm",
    "picker_utc": False,
}

# Several lines of prose: a text box instead of a one-line field.
LONG_TEXT = {
    "ArtistFile.bio",
    "TimelineEntry.text",
    "ValueCard.text",
    "Memorial.text",
    "SiteFile.minors_rule",
    "DeclineReason.text",
}


@dataclass(frozen=True)
class Shape:
    """A field's type with its wrappers taken off: what to ask for and what limits it."""

    base: Any
    optional: bool = False
    meta: tuple = ()
    validators: frozenset = field(default_factory=frozenset)

    def limit(self, kind: type, attr: str) -> Any:
        return next((getattr(m, attr) for m in self.meta if isinstance(m, kind)), None)


def shape_of(annotation: Any, metadata: tuple | list = ()) -> Shape:
    """Peel Annotated[...] and `X | None` off a type, collecting constraints and validators."""
    meta = list(metadata)
    optional = False
    while True:
        if get_origin(annotation) is Annotated:
            annotation, *extra = get_args(annotation)
            meta.extend(extra)
        elif get_origin(annotation) in (Union, types.UnionType) and type(None) in get_args(
            annotation
        ):
            rest = [a for a in get_args(annotation) if a is not type(None)]
            if len(rest) != 1:
                raise BuildError(f"no admin field for the union {annotation}")
            optional, annotation = True, rest[0]
        else:
            break
    funcs = frozenset(m.func for m in meta if isinstance(m, AfterValidator | BeforeValidator))
    return Shape(annotation, optional, tuple(meta), funcs)


def is_model(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def label_of(key: str, name: str) -> tuple[str, str]:
    return WORDS.get(key, (name.replace("_", " ").capitalize(), ""))


# Decap's marks for a field of a translated entry (its `i18n`): edited in both panes, or shown
# greyed in the Spanish one. A field without a mark is Decap's "none": English only.
TRANSLATED = True
REFERENCE = "duplicate"


def spanish_siblings(model: type[BaseModel]) -> set[str]:
    """The X_es fields of model that are the Spanish of a field X (no admin field of their own)."""
    return {name + models.SPANISH for name in models.translated_fields(model)}


def model_fields(model: type[BaseModel], content: str) -> list[dict]:
    """The admin's fields for every field of model, in the model's order; a Spanish sibling
    X_es is not one of them, X is marked translated instead.

    content: the content folder relative to the repository, where uploads go.
    """
    translated = set(models.translated_fields(model))
    siblings = spanish_siblings(model)
    fields = []
    for name, info in model.model_fields.items():
        if name in siblings:
            continue
        config = field_config(model, name, info, content)
        if name in translated or has_translations(config):
            config["i18n"] = TRANSLATED
        if name in translated and "field" in config:
            config["field"]["i18n"] = TRANSLATED  # a list of texts: each one translated
        fields.append(config)
    return fields


def has_translations(config: dict) -> bool:
    """Whether a field holds translated fields (an object's, a list's items')."""
    inner = config.get("fields", []) + ([config["field"]] if "field" in config else [])
    return any(f.get("i18n") is TRANSLATED for f in inner)


def mark_items(config: dict) -> dict:
    """A list of objects whose items hold translated fields: marked translated, and its items'
    first field not translated marked as their reference (shown greyed in the Spanish pane, to
    say which item a translation is of). Returns config."""
    if has_translations(config):
        config["i18n"] = TRANSLATED
        reference = next(
            (f for f in config["fields"] if "i18n" not in f and f["widget"] != "hidden"), None
        )
        if reference:
            reference["i18n"] = REFERENCE
    return config


def field_config(model: type[BaseModel], name: str, info: FieldInfo, content: str) -> dict:
    key = f"{model.__name__}.{name}"
    shape = shape_of(info.annotation, info.metadata)
    label, hint = label_of(key, name)
    config = {"name": name, "label": label}
    config.update(widget_for(key, shape, content))
    config["required"] = info.is_required() and not shape.optional
    if shape.optional and config.get("widget") == "object":
        # Decap checks an optional object's required fields even when the whole object is
        # left empty, so an entry without it could not be saved (decap-cms issue 7748). Its
        # fields are optional here; the build, which every save goes through, refuses one
        # half filled in, naming the field (docs/editing.md).
        config["fields"] = [{**field, "required": False} for field in config["fields"]]
    if key in HIDDEN:
        config["widget"] = "hidden"  # its nested fields stay, describing what is kept
    hints = [h for h in (hint, config.pop("_hint", "")) if h]
    if hints:
        config["hint"] = " ".join(hints)
    return config


def widget_for(key: str, shape: Shape, content: str) -> dict:
    """Decap's widget and options for one shape (key names the field in messages)."""
    base = shape.base
    if is_model(base):
        return {"widget": "object", "collapsed": False, "fields": model_fields(base, content)}
    if get_origin(base) is list:
        return list_widget(key, shape, content)
    if get_origin(base) is dict:
        return services_widget(key, shape)
    if get_origin(base) is Literal:
        return {"widget": "select", "options": [str(v) for v in get_args(base)]}
    if base is bool:
        # Off until turned on; no default, so an entry nobody switched keeps no `draft: false`.
        return {"widget": "boolean"}
    if base is int:
        return number_widget(shape)
    if base is str and models.PUBLISH_AT_VALIDATOR in shape.validators:
        return PUBLISH_AT_WIDGET
    if base is str:
        return text_widget(key, shape, content)
    raise BuildError(f"content model field {key}: no admin widget for {base!r}")


def list_widget(key: str, shape: Shape, content: str) -> dict:
    (item,) = get_args(shape.base)
    singular = SINGULAR.get(key, "item")
    config: dict[str, Any] = {"widget": "list", "label_singular": singular}
    item_shape = shape_of(item)
    if is_model(item_shape.base):
        config["fields"] = model_fields(item_shape.base, content)
        mark_items(config)
        # The first text field names each item in the folded list.
        first = next((f["name"] for f in config["fields"] if f["widget"] == "string"), None)
        if first:
            config["summary"] = "{{fields." + first + "}}"
        # Short lines (hours, figures) are shown open; prose and photos folded to their summary.
        config["collapsed"] = any(
            f["widget"] in ("text", "image", "file") for f in config["fields"]
        )
    else:
        one = {"name": key.rsplit(".", 1)[1], "label": singular.capitalize(), "required": True}
        one.update(widget_for(key, item_shape, content))
        one.pop("_hint", None)
        config["field"] = one
        config["collapsed"] = False  # one line each: show them all
    least = shape.limit(annotated_types.MinLen, "min_length")
    if least:
        config["min"] = least
        config["_hint"] = f"At least {least}." if least > 1 else ""
    return config


def services_widget(key: str, shape: Shape) -> dict:
    """A mapping keyed by the contact form's services (site.yaml `deposit:`): one field per
    service, each optional (empty: not given)."""
    service, value = get_args(shape.base)
    if models.SERVICE_VALIDATOR not in shape_of(service).validators:
        raise BuildError(f"content model field {key}: no admin widget for {shape.base!r}")
    fields = []
    for name in models.SERVICES:
        one = {"name": name, "label": name, "required": False}
        one.update(widget_for(f"{key}.{name}", shape_of(value), ""))
        one["hint"] = one.pop("_hint", "")
        fields.append(one)
    return {"widget": "object", "collapsed": False, "fields": fields}


def number_widget(shape: Shape) -> dict:
    # Every int of the models is a whole number (models.WholeNumber); so is the admin's.
    config: dict[str, Any] = {"widget": "number", "value_type": "int", "step": 1}
    low = shape.limit(annotated_types.Ge, "ge")
    high = shape.limit(annotated_types.Le, "le")
    if models.DEPOSIT_VALIDATOR in shape.validators:
        low, high = 0, models.DEPOSIT_MAX
    if low is not None:
        config["min"] = low
    if high is not None:
        config["max"] = high
    if models.DEPOSIT_VALIDATOR in shape.validators:
        config["_hint"] = f"Whole dollars, 0 to {high:,}, without the $ sign; 0: no deposit."
    elif low is not None and high is not None:
        config["_hint"] = f"A whole number from {low} to {high}."
    elif low is not None:
        config["_hint"] = f"A whole number, {low} or more."
    else:
        config["_hint"] = "A whole number."
    return config


def text_widget(key: str, shape: Shape, content: str) -> dict:
    if models.plain_file_name in shape.validators:
        return media_widget(key, content)
    config: dict[str, Any] = {"widget": "text" if key in LONG_TEXT else "string"}
    rules = [models.FORM_PATTERNS[f] for f in shape.validators if f in models.FORM_PATTERNS]
    if rules:
        pattern, wanted = rules[0]
        config["pattern"] = [pattern, f"Must be {wanted}."]
    elif shape.limit(StringConstraints, "min_length"):
        # Text is stripped, then must not be empty: spaces alone are not a value.
        config["pattern"] = [r"\S", "Must not be blank."]
    return config


def media_widget(key: str, content: str) -> dict:
    folder = MEDIA_FOLDERS.get(key)
    if folder is None:
        raise BuildError(f"content model field {key} names a file, but MEDIA_FOLDERS has no folder")
    widget = "file" if folder == "videos" else "image"
    return {
        "widget": widget,
        "media_folder": f"/{content}/{folder}",  # from the repository's root
        "public_folder": "",  # the YAML holds the plain file name, as the loader wants
        "choose_url": False,
    }
