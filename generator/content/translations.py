"""Spanish (issue #26): each text a visitor reads may be given in Spanish beside the English.

In the YAML files a field X has an optional sibling X_es in the same mapping (`bio_es`,
`title_es`, `label_es`, ...: the models name them, `models.translated_fields`); a Markdown
file has its Spanish beside it (`aftercare/tattoo.es.md`, `policies.es.md`). The /es/ pages
show the Spanish where it is given and the English where it is not, and the build says so:

- X given without X_es: one warning, file:line:field, where the English is (the /es/ pages
  show it), for what is published only (a draft's missing Spanish is not news yet);
- a Markdown file without its .es.md: one warning naming the missing file;
- X_es without X (or a .es.md file without its English file): a problem, since the English
  pages need the English text.

The warnings are ordinary content warnings (`build`, `check` and `serve` print them) and the
launch check lists them again (launch.launch_warnings): a studio may launch half translated.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, get_args, get_origin

from pydantic import BaseModel

from ..errors import Problem
from . import models, publishing
from .modelhelp import _unwrap
from .records import Content, Findings, Untranslated, field_name
from .yamlfile import LineMap, line_of

NO_SPANISH = "no Spanish text; /es/ pages show the English one"
SITE = ("site",)


def _given(value: Any) -> bool:
    """Whether an editor wrote something: not missing, not blank, not an empty list."""
    if value is None:
        return False
    if isinstance(value, str):
        return bool(value.strip())
    if isinstance(value, list | dict):
        return bool(value)
    return True


def _nested(annotation: Any) -> tuple[type[BaseModel], bool] | None:
    """The model a field holds (and whether a list of them), if it holds one."""
    tp = _unwrap(annotation)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return tp, False
    if get_origin(tp) is list:
        (item,) = get_args(tp) or (None,)
        item = _unwrap(item)
        if isinstance(item, type) and issubclass(item, BaseModel):
            return item, True
    return None


def scan(
    found: Findings,
    path: Path,
    model: type[BaseModel],
    data: Any,
    lines: LineMap,
    loc: tuple = (),
    owner: tuple | None = None,
    item: str = "piece",
) -> list[Untranslated]:
    """One mapping of a file as read (and the mappings inside it): each X_es given without X
    is added to found's problems; each X given without X_es is returned (none without owner:
    a record the site does not make is nobody's translation to miss)."""
    if not isinstance(data, dict):
        return []
    missing: list[Untranslated] = []
    for base in models.translated_fields(model):
        spanish = base + models.SPANISH
        english_given, spanish_given = _given(data.get(base)), _given(data.get(spanish))
        if spanish_given and not english_given:
            found.add(
                path,
                line_of(lines, (*loc, spanish)),
                field_name((*loc, spanish), item),
                f"is the Spanish of {base}, which is not given: write {base} too (the English "
                f"pages show it), or remove {spanish}",
            )
        elif english_given and not spanish_given and owner is not None:
            warning = Problem(
                found.shown(path),
                line_of(lines, (*loc, base)),
                field_name((*loc, spanish), item),
                NO_SPANISH,
            )
            missing.append(Untranslated(owner, warning))
    for name, info in model.model_fields.items():
        inner = _nested(info.annotation)
        if inner is None or name not in data:
            continue
        inner_model, is_list = inner
        value = data[name]
        if not is_list:
            missing += scan(found, path, inner_model, value, lines, (*loc, name), owner, item)
        elif isinstance(value, list):
            for index, entry in enumerate(value):
                where = (*loc, name, index)
                missing += scan(found, path, inner_model, entry, lines, where, owner, item)
    return missing


def markdown(
    found: Findings, english: Path, text: str | None, spanish_path: Path, spanish: str | None
) -> list[Untranslated]:
    """A Markdown file and its Spanish (None: not there or not read): the warning for a
    missing Spanish file, the problem of a Spanish file without its English one."""
    english_given, spanish_given = _given(text), _given(spanish)
    if spanish_given and not english_given:
        found.add(
            spanish_path,
            None,
            None,
            f"is the Spanish of {english.name}, which is missing or empty: write "
            f"{english.name} too "
            "(the English pages show it), or remove this file",
        )
    if english_given and not spanish_given:
        state = "is empty" if spanish is not None else "is missing"
        warning = Problem(
            found.shown(spanish_path),
            None,
            None,
            f"{state}, so /es/ pages show the English one ({english.name}): write its Spanish "
            "in this file",
        )
        return [Untranslated(SITE, warning)]
    return []


def published_owners(content: Content, now: dt.datetime) -> set[tuple]:
    """The owners (Untranslated.owner) of what the public site shows at `now`."""
    held = publishing.held_keys(content, now)
    owners = {
        SITE,
        *(("artist", artist.slug) for artist in content.artists),
        *(("piece", item.id) for item in content.work),
        *(("design", design.id) for design in content.flash),
    }
    return owners - held


def translation_warnings(content: Content, now: dt.datetime | None = None) -> list[Problem]:
    """One warning per text without its Spanish, of what is published, in file order."""
    if not content.untranslated:
        return []
    published = published_owners(content, now or publishing.build_clock())
    return [u.warning for u in content.untranslated if u.owner in published]
