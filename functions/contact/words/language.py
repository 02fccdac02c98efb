"""The visitor's language: the form's `lang` field, and the catalog of texts it picks.

`"lang": "es"` (the Spanish pages) answers in Spanish; anything else, or none (an older
client), in English, and never a 400 for it. Every module that words something for the
visitor takes the catalog, `texts(lang)`, and reads its texts from it by name
(`t.THANK_YOU`, `t.LABELS["name"]`): messages.py is English, messages_es.py Spanish, with the
same names (docs/contact.md, "Messages in the visitor's language").
"""

from __future__ import annotations

import re
from types import ModuleType

from . import messages, messages_es

FIELD = "lang"
ENGLISH, SPANISH = "en", "es"
NAMES = {ENGLISH: "English", SPANISH: "Spanish"}  # as the studio reads them
_CATALOGS = {ENGLISH: messages, SPANISH: messages_es}
# A body that cannot be read as JSON (too large, not UTF-8, broken) still says its language
# when the form wrote it: its refusal is worded in that language.
_SPANISH_BODY = re.compile(rb'"lang"\s*:\s*"es"')

Texts = ModuleType  # a catalog: messages or messages_es


def read_lang(payload: object) -> str:
    """The language of a request's decoded JSON body: "es" for `"lang": "es"`, else "en"."""
    if isinstance(payload, dict) and payload.get(FIELD) == SPANISH:
        return SPANISH
    return ENGLISH


def body_lang(body: bytes) -> str:
    """The language of a raw body that could not be decoded: "es" when it holds
    `"lang": "es"`, else "en"."""
    return SPANISH if _SPANISH_BODY.search(body) else ENGLISH


def texts(lang: str) -> Texts:
    """The catalog of lang (English for anything but "es")."""
    return _CATALOGS.get(lang, messages)


def minutes(seconds: float, t: Texts = messages) -> str:
    """A wait as the visitor reads it: "a minute", "7 minutes" (rounded up)."""
    count = max(1, round(seconds / 60 + 0.49))
    return t.MINUTE if count == 1 else t.MINUTES.format(count=count)
