"""Reading the content models as an editor's file needs: pydantic's errors in the editor's
words, a file's fields one by one, and the keys a file may hold (for the YAML advice)."""

from __future__ import annotations

import difflib
import re
from functools import cache
from typing import Annotated, Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from .fields import FileName, Model, describe


def closest(word: str, choices: Any) -> str | None:
    """The choice an editor most likely meant by word (a typo: 'instagarm' -> 'instagram')."""
    found = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.75)
    return found[0] if found else None


def keys_of(model: Any) -> frozenset[str]:
    """Every key a file of this model may hold, at any depth (for the YAML advice)."""
    keys: set[str] = set()
    stack = [model]
    while stack:
        current = _unwrap(stack.pop())
        for arg in getattr(current, "__args__", ()):
            stack.append(arg)
        if isinstance(current, type) and issubclass(current, BaseModel):
            for name, info in current.model_fields.items():
                if name not in keys:
                    keys.add(name)
                    stack.append(info.annotation)
    return frozenset(keys)


@cache
def _field_adapter(model: type[BaseModel], key: str) -> TypeAdapter:
    info = model.model_fields[key]
    annotation = Annotated[info.annotation, *info.metadata] if info.metadata else info.annotation
    return TypeAdapter(annotation, config=Model.model_config)


def valid_value(model: type[BaseModel], data: Any, key: str) -> Any:
    """data[key] as model reads it, or None when it is missing or invalid on its own.

    A file with one bad field still has its other fields checked (the photo of an artist
    whose years_experience is wrong, for one): the loader reads those one by one.
    """
    if not isinstance(data, dict) or key not in data or key not in model.model_fields:
        return None
    try:
        return _field_adapter(model, key).validate_python(data[key])
    except ValidationError:
        return None


_FILE_NAME = TypeAdapter(FileName, config=Model.model_config)


def valid_file_name(value: Any) -> str | None:
    """value as a file name a content file may give, or None."""
    try:
        return _FILE_NAME.validate_python(value)
    except ValidationError:
        return None


# --- pydantic's errors in an editor's words ----------------------------------------------------


def message(err: dict, model: Any) -> str:
    """What one pydantic error means, said as an editor reads it: expected X, got Y."""
    kind, value, ctx = err["type"], err.get("input"), err.get("ctx") or {}
    got = describe(value)
    if kind == "missing":
        return "is required"
    if kind == "extra_forbidden":
        owner = _model_at(model, tuple(err["loc"]))
        if owner is None:
            return "unknown key"
        allowed = _allowed_keys(owner)
        meant = closest(str(err["loc"][-1]), owner.model_fields)
        hint = f": did you mean {meant}?" if meant else ""
        return f"unknown key{hint} (allowed keys: {allowed})"
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    if kind == "literal_error":
        options = re.findall(r"'([^']*)'", str(ctx.get("expected", "")))
        meant = closest(str(value), options) if isinstance(value, str) else None
        hint = f" (did you mean {meant}?)" if meant else ""
        return f"must be {' or '.join(options)}, got {got}{hint}"
    if kind in ("string_type",):
        return f"must be text, got {got}"
    if kind == "bool_type":
        return f"must be true or false, got {got}"
    if kind == "string_too_short":
        return "must not be empty"
    if kind in ("list_type", "tuple_type"):
        return f"must be a list, got {got}"
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return f"must be a group of keys, got {got}"
    if kind == "too_short":
        return f"must have at least {ctx.get('min_length')} item(s)"
    if kind == "too_long":
        return f"must have at most {ctx.get('max_length')} item(s)"
    if kind in _BOUNDS:
        limit = next(iter(ctx.values()), "")
        return f"must be {_BOUNDS[kind]} {limit}, got {got}"
    if kind.startswith("int"):
        return f"must be a whole number, got {got}"
    return f"{err['msg'][0].lower()}{err['msg'][1:]}, got {got}"


def _allowed_keys(model: type[BaseModel]) -> str:
    """The keys of model as a message lists them: the English ones, then the Spanish
    (X_es, models.translated_fields) apart, so the list reads as the file does."""
    names = list(model.model_fields)
    spanish = [name for name in names if name.endswith("_es") and name[:-3] in names]
    english = ", ".join(name for name in names if name not in spanish)
    return f"{english}; in Spanish: {', '.join(spanish)}" if spanish else english


_BOUNDS = {
    "greater_than_equal": "at least",
    "less_than_equal": "at most",
    "greater_than": "more than",
    "less_than": "less than",
}


def _model_at(model: Any, loc: tuple) -> type[BaseModel] | None:
    """The model class that owns the last key of loc (for 'allowed keys' hints)."""
    current = model
    for part in loc[:-1]:
        current = _unwrap(current)
        if isinstance(part, int):
            args = getattr(current, "__args__", ())
            current = args[0] if args else None
        elif isinstance(current, type) and issubclass(current, BaseModel):
            info = current.model_fields.get(part)
            current = info.annotation if info else None
        else:
            return None
    current = _unwrap(current)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _unwrap(tp: Any) -> Any:
    """Optional[X] and Annotated[X, ...] -> X."""
    for _ in range(4):
        meta = getattr(tp, "__metadata__", None)
        if meta is not None:
            tp = tp.__origin__
            continue
        args = [a for a in getattr(tp, "__args__", ()) if a is not type(None)]
        if (
            getattr(tp, "__origin__", None) is None
            and len(args) == 1
            and type(None) in getattr(tp, "__args__", ())
        ):
            tp = args[0]
            continue
        break
    return tp
